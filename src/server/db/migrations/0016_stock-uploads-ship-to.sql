CREATE TABLE "stock_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"filename" text NOT NULL,
	"mode" text,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"catalogue_version" text,
	"removal_token" text,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "stock_uploads_source_check" CHECK ("stock_uploads"."source" in ('browser', 'api')),
	CONSTRAINT "stock_uploads_status_check" CHECK ("stock_uploads"."status" in ('previewed', 'applied', 'cancelled')),
	CONSTRAINT "stock_uploads_size_check" CHECK ("stock_uploads"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" text;--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_uploads_created_idx" ON "stock_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_po_search_trgm_idx" ON "orders" USING gin ((coalesce("cart_name", '') || ' ' || coalesce("po_reference", '')) gin_trgm_ops);