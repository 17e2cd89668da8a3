-- The products module's public database interface for a remembered product (ADR 0174):
-- product_as_seen(product_id, name, stock_level) is true when the product exists and still has
-- this name and stock level, the two facts the cart rules read. A module that checked its rules
-- against the products service's remembered summary (ProductsService.rememberedSummary) calls it
-- inside its own statement, by name, and acts only when it is true; no other module names products.
-- The values themselves are compared, not updated_at: a writer that forgets to move updated_at
-- cannot make a stale summary pass.
CREATE OR REPLACE FUNCTION product_as_seen(product_id integer, seen_name text, seen_stock_level text) RETURNS boolean
LANGUAGE sql STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM products p WHERE p.id = product_id AND p.name = seen_name AND p.stock_level = seen_stock_level)
$$;
--> statement-breakpoint
COMMENT ON FUNCTION product_as_seen(integer, text, text) IS 'Products module API (ADR 0174): true when the product exists with this name and stock level.';
