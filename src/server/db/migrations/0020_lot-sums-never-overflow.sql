-- The sums the lots triggers keep can never end in a bare integer overflow (ADR 0204). A SKU's
-- incoming loads were summed and cast with ::integer into products.quantity_on_order: past
-- 2,147,483,647 boxes that cast failed with "integer out of range" and the upload answered 500.
-- The portal now refuses such a file or PUT with a sentence before any SQL (at most 1,000 loads and
-- 1,000,000,000 boxes per SKU); here the sum is taken as bigint, and a total the column cannot hold
-- (a write that did not come through the portal) stops the statement with a sentence naming the
-- SKU, SQLSTATE 22003, instead of an anonymous cast error. stock_level is text and had no limit.
CREATE OR REPLACE FUNCTION lots_on_order_total(product integer, total numeric) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF total > 2147483647 THEN
    RAISE EXCEPTION 'The incoming loads of SKU % add up to % boxes, more than a quantity on order can hold (2147483647)', product, total
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  RETURN total::integer;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incoming_sync_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('portal.lot_sums_syncing', 'on', true);
  IF (SELECT count(*) FROM loads_changed) > 500 THEN
    UPDATE products p SET quantity_on_order = s.total, updated_at = now()
    FROM (
      SELECT c.product_id, lots_on_order_total(c.product_id, coalesce(sum(i.quantity::bigint), 0)) AS total
      FROM (SELECT DISTINCT product_id FROM loads_changed) c
      LEFT JOIN incoming_loads i ON i.product_id = c.product_id
      GROUP BY c.product_id
    ) s
    WHERE p.id = s.product_id AND p.quantity_on_order IS DISTINCT FROM s.total;
  ELSE
    UPDATE products p SET quantity_on_order = s.total, updated_at = now()
    FROM (
      SELECT c.product_id, lots_on_order_total(c.product_id, t.total) AS total
      FROM (SELECT DISTINCT product_id FROM loads_changed) c
      CROSS JOIN LATERAL (SELECT coalesce(sum(i.quantity::bigint), 0) AS total FROM incoming_loads i WHERE i.product_id = c.product_id) t
    ) s
    WHERE p.id = s.product_id AND p.quantity_on_order IS DISTINCT FROM s.total;
  END IF;
  PERFORM set_config('portal.lot_sums_syncing', 'off', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_keep_lot_sums() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  IF NEW.stock_level IS DISTINCT FROM OLD.stock_level THEN
    SELECT sum(quantity) INTO total FROM product_lots WHERE product_id = NEW.id;
    IF total IS NOT NULL THEN NEW.stock_level := total::text; END IF;
  END IF;
  IF NEW.quantity_on_order IS DISTINCT FROM OLD.quantity_on_order THEN
    SELECT sum(quantity) INTO total FROM incoming_loads WHERE product_id = NEW.id;
    IF total IS NOT NULL THEN NEW.quantity_on_order := lots_on_order_total(NEW.id, total); END IF;
  END IF;
  RETURN NEW;
END $$;
