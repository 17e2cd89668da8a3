-- docs/decisions/0213-words-one-glossary.md: the default PO was "Active Purchase Order", which read as
-- "the active PO". New default POs are "Purchase Order N" (the first number none of the user's POs or
-- placed orders carries); this renames the carts still named exactly the old way. A salesperson's
-- cart is a sample order and takes the next "Sample Order #N", as migration 0015 named them.
-- Placed orders keep the PO name they were placed under.
UPDATE "carts" AS c
SET "name" = 'Sample Order #' || (
  SELECT count(*) + 1 FROM "orders" AS o WHERE o."user_id" = c."user_id" AND o."kind" = 'sample'
)
FROM "users" AS u
WHERE u."id" = c."user_id" AND u."role" = 'salesperson' AND c."name" = 'Active Purchase Order';
--> statement-breakpoint
UPDATE "carts" AS c
SET "name" = 'Purchase Order ' || (
  SELECT min(n) FROM generate_series(
    1,
    1 + (SELECT count(*) FROM "carts" AS c2 WHERE c2."user_id" = c."user_id")
      + (SELECT count(*) FROM "orders" AS o2 WHERE o2."user_id" = c."user_id")
  ) AS n
  WHERE NOT EXISTS (
    SELECT 1 FROM "carts" AS c3 WHERE c3."user_id" = c."user_id" AND lower(btrim(c3."name")) = 'purchase order ' || n
  ) AND NOT EXISTS (
    SELECT 1 FROM "orders" AS o3 WHERE o3."user_id" = c."user_id" AND lower(btrim(o3."cart_name")) = 'purchase order ' || n
  )
)
WHERE c."name" = 'Active Purchase Order';
