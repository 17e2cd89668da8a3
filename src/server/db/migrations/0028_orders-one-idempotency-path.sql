-- docs/decisions/0217-http-and-file-helpers-from-libraries.md: an Idempotency-Key on POST /api/orders
-- is answered by plugins/idempotency.ts (the idempotency_keys table) alone; the orders table no
-- longer keeps the key a second time.
DROP INDEX IF EXISTS "orders_idempotency_idx";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN IF EXISTS "idempotency_key";
