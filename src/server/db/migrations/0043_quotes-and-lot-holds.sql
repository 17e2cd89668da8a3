-- Project quotes and lot holds (docs/decisions/0237-project-quotes.md, 0236-lot-holds.md). A dealer
-- company asks for a price on a job; an admin prices it and may hold one shade lot per line. A hold's
-- boxes are taken out of product_lots.quantity (the boxes everyone else can have) while it lasts and
-- given back when it expires or is released, so stock, availability and allocation need no change.
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"requested_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"requested_by_name" text NOT NULL,
	"project_name" text NOT NULL,
	"site_address" text NOT NULL DEFAULT '',
	"contractor" text NOT NULL DEFAULT '',
	"install_date" date,
	"status" text DEFAULT 'requested' NOT NULL,
	"valid_until" date,
	"dealer_notes" text NOT NULL DEFAULT '',
	"notes" text NOT NULL DEFAULT '',
	"priced_by_name" text,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'requested', 'quoted', 'accepted', 'declined', 'expired', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id", "id");--> statement-breakpoint
CREATE INDEX "quotes_open_valid_idx" ON "quotes" USING btree ("valid_until") WHERE "status" in ('quoted', 'accepted');--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL REFERENCES "quotes"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"area_sqft" numeric(12, 2),
	"waste_percent" integer,
	"quoted_price" numeric(12, 2),
	"hold_one_lot" boolean DEFAULT false NOT NULL,
	"held_lot_id" integer REFERENCES "product_lots"("id") ON DELETE set null,
	"held_lot" text,
	"quantity_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_used_check" CHECK ("quote_lines"."quantity_used" >= 0 and "quote_lines"."quantity_used" <= "quote_lines"."quantity"),
	CONSTRAINT "quote_lines_price_check" CHECK ("quote_lines"."quoted_price" is null or "quote_lines"."quoted_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE TABLE "lot_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL REFERENCES "product_lots"("id") ON DELETE cascade,
	"quote_line_id" integer NOT NULL REFERENCES "quote_lines"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	-- When the hold was placed or last extended by an admin: it lasts at most 90 days from then.
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lot_holds_quantity_check" CHECK ("lot_holds"."quantity" >= 0),
	CONSTRAINT "lot_holds_expiry_check" CHECK ("lot_holds"."expires_at" <= "lot_holds"."placed_at" + interval '90 days')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lot_holds_line_idx" ON "lot_holds" USING btree ("quote_line_id");--> statement-breakpoint
CREATE INDEX "lot_holds_lot_idx" ON "lot_holds" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "lot_holds_expires_idx" ON "lot_holds" USING btree ("expires_at");--> statement-breakpoint
-- docs/decisions/0236: a minutely pg-boss job releases expired holds; its queue, as the other scheduled jobs' (migration 0026).
SELECT pgboss.create_queue('expire-quotes', '{"policy":"standard"}');
