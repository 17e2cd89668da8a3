-- products.stock_level (text) becomes stock_status and stock_count (docs/decisions/0223-stock-as-a-count-and-a-status.md).
-- Every existing value is read as @common/domain/stock-level parseStockLevel reads it: text that
-- mentions "special order" (any case, spaces, _ or -) is special_order, else text that mentions
-- "fabrication" is fabrication, else a plain decimal (thousands grouped by commas allowed) counts
-- its whole units, at least 0 and at most the column's limit; blank or odd text is in_stock 0.
-- The rules the triggers and functions of migrations 0010, 0013, 0017 and 0020 held now live in
-- their modules: the lots module syncs stock and quantity on order (modules/lots/sync-sums.ts),
-- the stock import keeps a SKU's lot sums, the products module builds the cart's as-seen check.
DROP TRIGGER IF EXISTS products_keep_lot_sums ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_lots_sync_insert ON product_lots;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_lots_sync_update ON product_lots;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_lots_sync_delete ON product_lots;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incoming_loads_sync_insert ON incoming_loads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incoming_loads_sync_update ON incoming_loads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incoming_loads_sync_delete ON incoming_loads;
--> statement-breakpoint
DROP FUNCTION IF EXISTS products_keep_lot_sums();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lots_sync_stock_level();
--> statement-breakpoint
DROP FUNCTION IF EXISTS incoming_sync_on_order();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lots_on_order_total(integer, numeric);
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_as_seen(integer, text, text);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_status" text DEFAULT 'in_stock' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_count" integer DEFAULT 0;
--> statement-breakpoint
-- A change of representation, not of the product: updated_at (updatedSince) stays as it was.
ALTER TABLE "products" DISABLE TRIGGER "products_touch_updated_at";
--> statement-breakpoint
UPDATE "products" p SET "stock_status" = r.status, "stock_count" = r.count
FROM (
  SELECT id, status,
    CASE WHEN status <> 'in_stock' THEN NULL
      WHEN trimmed ~ '^-?([0-9]+|[0-9]{1,3}(,[0-9]{3})+)(\.[0-9]+)?$'
        THEN greatest(0, least(2147483647, floor(replace(trimmed, ',', '')::numeric)))::integer
      ELSE 0 END AS count
  FROM (
    SELECT id, trimmed,
      CASE WHEN words LIKE '%special order%' THEN 'special_order'
        WHEN words LIKE '%fabrication%' THEN 'fabrication'
        ELSE 'in_stock' END AS status
    FROM (
      SELECT id,
        regexp_replace(stock_level, '^\s+|\s+$', '', 'g') AS trimmed,
        regexp_replace(lower(stock_level), '[\s_-]+', ' ', 'g') AS words
      FROM "products"
    ) t
  ) s
) r
WHERE p.id = r.id;
--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER "products_touch_updated_at";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_level";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_status_check" CHECK ("products"."stock_status" in ('in_stock', 'special_order', 'fabrication'));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_count_check" CHECK ("products"."stock_count" >= 0);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_count_status_check" CHECK (("products"."stock_status" = 'in_stock') = ("products"."stock_count" is not null));
