-- docs/decisions/0220-one-imports-module.md: the upload table belongs to the imports module, which
-- keeps each kind's preview digest without knowing what it is of; lots_digest was named after one kind.
ALTER TABLE "stock_uploads" RENAME COLUMN "lots_digest" TO "digest";
