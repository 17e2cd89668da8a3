-- ADR 0189: sample orders are called "Sample Order #N" everywhere, never
-- "Active Purchase Order". N counts a salesperson's sample orders: the Nth placed is
-- "Sample Order #N", and the sample cart carries the name of the next one. The orders module
-- names them from now on (at placement); this names what was placed and kept before.
UPDATE "orders" AS o
SET "cart_name" = 'Sample Order #' || numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS n
  FROM "orders"
  WHERE "kind" = 'sample'
) AS numbered
WHERE o."id" = numbered."id" AND (o."cart_name" IS NULL OR o."cart_name" = 'Active Purchase Order');
--> statement-breakpoint
UPDATE "carts" AS c
SET "name" = 'Sample Order #' || (
  SELECT count(*) + 1 FROM "orders" AS o WHERE o."user_id" = c."user_id" AND o."kind" = 'sample'
)
FROM "users" AS u
WHERE u."id" = c."user_id" AND u."role" = 'salesperson' AND c."name" = 'Active Purchase Order';
