-- A sample order shipped goes to the rep's store (docs/decisions/0210): the profile's store address gets
-- its parts (store_address stays the street line), and the order keeps a copy of the address it was placed with.
ALTER TABLE "users" ADD COLUMN "store_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_zip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_contact_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_phone" text;--> statement-breakpoint
-- An address written the common US way on one line ("1420 Harbor Blvd, Costa Mesa, CA 92626") is split
-- into its parts; any other text stays the street line for its owner to complete.
UPDATE "users" SET
	"store_address" = trim(m[1]),
	"store_city" = trim(m[2]),
	"store_state" = upper(m[3]),
	"store_zip" = m[4]
FROM (
	SELECT "id" AS "match_id", regexp_match(trim("store_address"), '^(.+),\s*([^,]+),\s*([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$') AS m
	FROM "users"
	WHERE "store_address" IS NOT NULL
) AS parsed
WHERE "users"."id" = parsed."match_id" AND parsed.m IS NOT NULL AND "users"."store_city" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_address" jsonb;
