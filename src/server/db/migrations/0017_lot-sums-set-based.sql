-- The lots scale targets (ADR 0195). Migration 0013's triggers keep products.stock_level (and
-- quantity_on_order) equal to the sum of a SKU's lots (loads); they stay, and do the same job for
-- less: measured on 20,000 SKUs, the statement trigger's products update evaluated each SKU's sum
-- twice (once to compare, once to set), and every row it changed went through the per-row BEFORE
-- UPDATE trigger products_keep_lot_sums, which summed the SKU's lots a third time.
--
-- 1. The sum is computed once per SKU: a hash aggregate over the lots when many SKUs changed (an
--    upload), an index lookup per SKU when few did (an order's allocation), so neither plan
--    depends on the planner guessing the size of the transition table.
-- 2. While the sync's own UPDATE runs it sets the transaction-local flag portal.lot_sums_syncing,
--    and products_keep_lot_sums skips the rows of that UPDATE: it already writes the sum. Any
--    other UPDATE of products (the stock CSV, PATCH /api/stock) still gets the sum put back.
CREATE OR REPLACE FUNCTION lots_sync_stock_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('portal.lot_sums_syncing', 'on', true);
  IF (SELECT count(*) FROM lots_changed) > 500 THEN
    UPDATE products p SET stock_level = s.total::text, updated_at = now()
    FROM (
      SELECT c.product_id, coalesce(sum(l.quantity), 0) AS total
      FROM (SELECT DISTINCT product_id FROM lots_changed) c
      LEFT JOIN product_lots l ON l.product_id = c.product_id
      GROUP BY c.product_id
    ) s
    WHERE p.id = s.product_id AND p.stock_level IS DISTINCT FROM s.total::text;
  ELSE
    UPDATE products p SET stock_level = s.total::text, updated_at = now()
    FROM (
      SELECT c.product_id, t.total
      FROM (SELECT DISTINCT product_id FROM lots_changed) c
      CROSS JOIN LATERAL (SELECT coalesce(sum(l.quantity), 0) AS total FROM product_lots l WHERE l.product_id = c.product_id) t
    ) s
    WHERE p.id = s.product_id AND p.stock_level IS DISTINCT FROM s.total::text;
  END IF;
  PERFORM set_config('portal.lot_sums_syncing', 'off', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incoming_sync_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('portal.lot_sums_syncing', 'on', true);
  IF (SELECT count(*) FROM loads_changed) > 500 THEN
    UPDATE products p SET quantity_on_order = s.total, updated_at = now()
    FROM (
      SELECT c.product_id, coalesce(sum(i.quantity), 0)::integer AS total
      FROM (SELECT DISTINCT product_id FROM loads_changed) c
      LEFT JOIN incoming_loads i ON i.product_id = c.product_id
      GROUP BY c.product_id
    ) s
    WHERE p.id = s.product_id AND p.quantity_on_order IS DISTINCT FROM s.total;
  ELSE
    UPDATE products p SET quantity_on_order = s.total, updated_at = now()
    FROM (
      SELECT c.product_id, t.total
      FROM (SELECT DISTINCT product_id FROM loads_changed) c
      CROSS JOIN LATERAL (SELECT coalesce(sum(i.quantity), 0)::integer AS total FROM incoming_loads i WHERE i.product_id = c.product_id) t
    ) s
    WHERE p.id = s.product_id AND p.quantity_on_order IS DISTINCT FROM s.total;
  END IF;
  PERFORM set_config('portal.lot_sums_syncing', 'off', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_keep_lot_sums ON products;
--> statement-breakpoint
CREATE TRIGGER products_keep_lot_sums BEFORE UPDATE OF stock_level, quantity_on_order ON products FOR EACH ROW
  WHEN ((OLD.stock_level IS DISTINCT FROM NEW.stock_level OR OLD.quantity_on_order IS DISTINCT FROM NEW.quantity_on_order)
    AND current_setting('portal.lot_sums_syncing', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION products_keep_lot_sums();
