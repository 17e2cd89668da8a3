-- Backorders against incoming loads (docs/decisions/0238-backorder-allocation.md): the part of an order
-- line stock did not cover, promised from one incoming load (first placed, first served), with the ETA
-- as promised and as it is now, and the line's shipping choice; and a cart line's shipping choice.
CREATE TABLE "backorder_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"order_item_id" integer NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
	"product_id" integer NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"incoming_load_id" integer REFERENCES "incoming_loads"("id") ON DELETE set null,
	"lot" text,
	"reference" text,
	"quantity" integer NOT NULL,
	"promised_eta" date NOT NULL,
	"eta" date NOT NULL,
	"stage" text NOT NULL,
	"shipping" text NOT NULL,
	"state" text DEFAULT 'allocated' NOT NULL,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backorder_allocations_quantity_check" CHECK ("backorder_allocations"."quantity" >= 1),
	CONSTRAINT "backorder_allocations_state_check" CHECK ("backorder_allocations"."state" in ('allocated', 'arrived')),
	CONSTRAINT "backorder_allocations_shipping_check" CHECK ("backorder_allocations"."shipping" in ('split', 'together')),
	CONSTRAINT "backorder_allocations_stage_check" CHECK ("backorder_allocations"."stage" in ('ordered', 'in_production', 'on_vessel', 'in_transit'))
);
--> statement-breakpoint
CREATE INDEX "backorder_allocations_order_idx" ON "backorder_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "backorder_allocations_load_idx" ON "backorder_allocations" USING btree ("incoming_load_id");--> statement-breakpoint
CREATE INDEX "backorder_allocations_waiting_idx" ON "backorder_allocations" USING btree ("product_id") WHERE "backorder_allocations"."state" = 'allocated';--> statement-breakpoint
CREATE TABLE "cart_backorder_choices" (
	"cart_id" integer NOT NULL REFERENCES "carts"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"shipping" text NOT NULL,
	CONSTRAINT "cart_backorder_choices_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "cart_backorder_choices_shipping_check" CHECK ("cart_backorder_choices"."shipping" in ('split', 'together'))
);
