CREATE TABLE "cart_lot_choices" (
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"one_lot" boolean NOT NULL,
	CONSTRAINT "cart_lot_choices_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "incoming_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"eta" date NOT NULL,
	"stage" text NOT NULL,
	"lot" text,
	"reference" text,
	CONSTRAINT "incoming_loads_quantity_check" CHECK ("incoming_loads"."quantity" >= 0),
	CONSTRAINT "incoming_loads_stage_check" CHECK ("incoming_loads"."stage" in ('ordered', 'in_production', 'on_vessel', 'in_transit'))
);
--> statement-breakpoint
CREATE TABLE "order_line_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"lot_id" integer,
	"lot" text NOT NULL,
	"shade" text,
	"caliber" text,
	"warehouse" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_line_allocations_quantity_check" CHECK ("order_line_allocations"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "product_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lot" text NOT NULL,
	"shade" text,
	"caliber" text,
	"warehouse" text DEFAULT 'Main' NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_lots_quantity_check" CHECK ("product_lots"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_notify_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lot_choices" ADD CONSTRAINT "cart_lot_choices_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lot_choices" ADD CONSTRAINT "cart_lot_choices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_loads" ADD CONSTRAINT "incoming_loads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_allocations" ADD CONSTRAINT "order_line_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_allocations" ADD CONSTRAINT "order_line_allocations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_allocations" ADD CONSTRAINT "order_line_allocations_lot_id_product_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."product_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notify_requests" ADD CONSTRAINT "stock_notify_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notify_requests" ADD CONSTRAINT "stock_notify_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incoming_loads_product_idx" ON "incoming_loads" USING btree ("product_id","eta");--> statement-breakpoint
CREATE INDEX "order_line_allocations_order_idx" ON "order_line_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_lots_product_lot_idx" ON "product_lots" USING btree ("product_id","lot");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notify_user_product_idx" ON "stock_notify_requests" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_notify_product_idx" ON "stock_notify_requests" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_line_allocations_lot_idx" ON "order_line_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "order_line_allocations_item_idx" ON "order_line_allocations" USING btree ("order_item_id");--> statement-breakpoint
-- A SKU with lots has stock_level = the sum of its lots; a SKU with incoming loads has
-- quantity_on_order = their sum (ADR 0186). These triggers keep both in step in the
-- transaction of every change to a lot or a load, whoever makes it (a lots upload, an order's
-- allocation), one statement per changed statement, not per row.
CREATE FUNCTION lots_sync_stock_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock_level = s.total::text, updated_at = now()
  FROM (
    SELECT c.product_id, coalesce((SELECT sum(l.quantity) FROM product_lots l WHERE l.product_id = c.product_id), 0) AS total
    FROM (SELECT DISTINCT product_id FROM lots_changed) c
  ) s
  WHERE p.id = s.product_id AND p.stock_level IS DISTINCT FROM s.total::text;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_lots_sync_insert AFTER INSERT ON product_lots REFERENCING NEW TABLE AS lots_changed FOR EACH STATEMENT EXECUTE FUNCTION lots_sync_stock_level();
--> statement-breakpoint
CREATE TRIGGER product_lots_sync_update AFTER UPDATE ON product_lots REFERENCING NEW TABLE AS lots_changed FOR EACH STATEMENT EXECUTE FUNCTION lots_sync_stock_level();
--> statement-breakpoint
CREATE TRIGGER product_lots_sync_delete AFTER DELETE ON product_lots REFERENCING OLD TABLE AS lots_changed FOR EACH STATEMENT EXECUTE FUNCTION lots_sync_stock_level();
--> statement-breakpoint
CREATE FUNCTION incoming_sync_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET quantity_on_order = s.total, updated_at = now()
  FROM (
    SELECT c.product_id, coalesce((SELECT sum(i.quantity) FROM incoming_loads i WHERE i.product_id = c.product_id), 0)::integer AS total
    FROM (SELECT DISTINCT product_id FROM loads_changed) c
  ) s
  WHERE p.id = s.product_id AND p.quantity_on_order IS DISTINCT FROM s.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER incoming_loads_sync_insert AFTER INSERT ON incoming_loads REFERENCING NEW TABLE AS loads_changed FOR EACH STATEMENT EXECUTE FUNCTION incoming_sync_on_order();
--> statement-breakpoint
CREATE TRIGGER incoming_loads_sync_update AFTER UPDATE ON incoming_loads REFERENCING NEW TABLE AS loads_changed FOR EACH STATEMENT EXECUTE FUNCTION incoming_sync_on_order();
--> statement-breakpoint
CREATE TRIGGER incoming_loads_sync_delete AFTER DELETE ON incoming_loads REFERENCING OLD TABLE AS loads_changed FOR EACH STATEMENT EXECUTE FUNCTION incoming_sync_on_order();
--> statement-breakpoint
-- The other way round: a stock CSV or PATCH /api/stock that sets the level of a SKU with lots (or the
-- quantity on order of a SKU with loads) gets the sum instead, so the two numbers never disagree.
CREATE FUNCTION products_keep_lot_sums() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  IF NEW.stock_level IS DISTINCT FROM OLD.stock_level THEN
    SELECT sum(quantity) INTO total FROM product_lots WHERE product_id = NEW.id;
    IF total IS NOT NULL THEN NEW.stock_level := total::text; END IF;
  END IF;
  IF NEW.quantity_on_order IS DISTINCT FROM OLD.quantity_on_order THEN
    SELECT sum(quantity) INTO total FROM incoming_loads WHERE product_id = NEW.id;
    IF total IS NOT NULL THEN NEW.quantity_on_order := total::integer; END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_keep_lot_sums BEFORE UPDATE OF stock_level, quantity_on_order ON products FOR EACH ROW
  WHEN (OLD.stock_level IS DISTINCT FROM NEW.stock_level OR OLD.quantity_on_order IS DISTINCT FROM NEW.quantity_on_order)
  EXECUTE FUNCTION products_keep_lot_sums();
