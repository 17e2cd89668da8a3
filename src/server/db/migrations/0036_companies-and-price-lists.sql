-- Dealer companies and contract prices (docs/decisions/0229-dealer-companies-and-contract-prices.md).
-- A company has locations and buyers (dealer users with a company role); orders and POs belong to it.
-- Price lists hold entries with quantity breaks and are assigned to companies or price groups.
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_number" text,
	"status" text DEFAULT 'active' NOT NULL,
	"price_group" text,
	"payment_terms" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('active', 'on_hold', 'closed')),
	CONSTRAINT "companies_price_group_check" CHECK ("companies"."price_group" is null or "companies"."price_group" = lower(btrim("companies"."price_group")) and "companies"."price_group" <> '')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_account_number_idx" ON "companies" USING btree (lower("account_number")) WHERE "account_number" is not null;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_price_group_idx" ON "companies" USING btree ("price_group");--> statement-breakpoint
CREATE TABLE "company_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"kind" text DEFAULT 'ship_to' NOT NULL,
	"name" text NOT NULL,
	"contact_name" text NOT NULL DEFAULT '',
	"phone" text NOT NULL DEFAULT '',
	"street" text NOT NULL DEFAULT '',
	"street2" text,
	"city" text NOT NULL DEFAULT '',
	"state" text NOT NULL DEFAULT '',
	"zip" text NOT NULL DEFAULT '',
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_locations_kind_check" CHECK ("company_locations"."kind" in ('ship_to', 'bill_to'))
);
--> statement-breakpoint
CREATE INDEX "company_locations_company_idx" ON "company_locations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_locations_one_default_idx" ON "company_locations" USING btree ("company_id", "kind") WHERE "is_default";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" integer REFERENCES "companies"("id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "spending_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_check" CHECK ("users"."company_role" is null or "users"."company_role" in ('admin', 'buyer', 'requester'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_needs_company_check" CHECK (("users"."company_role" is null) = ("users"."company_id" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_spending_limit_check" CHECK ("users"."spending_limit" is null or "users"."spending_limit" >= 0);--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "company_id" integer REFERENCES "companies"("id");--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shared_with_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "approval_status" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "approval_note" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_approval_status_check" CHECK ("carts"."approval_status" is null or "carts"."approval_status" in ('pending', 'returned'));--> statement-breakpoint
CREATE INDEX "carts_company_idx" ON "carts" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer REFERENCES "companies"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "location_id" integer REFERENCES "company_locations"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_by_user_id" integer REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id", "created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "base_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_list_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_list_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_break_min" integer;--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_dates_check" CHECK ("price_lists"."valid_from" is null or "price_lists"."valid_to" is null or "price_lists"."valid_to" >= "price_lists"."valid_from")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_code_idx" ON "price_lists" USING btree (lower("code"));--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"product_id" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_entries_pk" PRIMARY KEY("price_list_id","product_id","min_quantity"),
	CONSTRAINT "price_list_entries_min_check" CHECK ("price_list_entries"."min_quantity" >= 1),
	CONSTRAINT "price_list_entries_price_check" CHECK ("price_list_entries"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX "price_list_entries_product_idx" ON "price_list_entries" USING btree ("product_id");--> statement-breakpoint
CREATE TABLE "price_list_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"company_id" integer REFERENCES "companies"("id") ON DELETE cascade,
	"price_group" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_assignments_target_check" CHECK (num_nonnulls("price_list_assignments"."company_id", "price_list_assignments"."price_group") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_assignments_company_idx" ON "price_list_assignments" USING btree ("price_list_id", "company_id") WHERE "company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_assignments_group_idx" ON "price_list_assignments" USING btree ("price_list_id", "price_group") WHERE "price_group" is not null;--> statement-breakpoint
CREATE INDEX "price_list_assignments_company_lookup_idx" ON "price_list_assignments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "price_list_assignments_group_lookup_idx" ON "price_list_assignments" USING btree ("price_group");--> statement-breakpoint
-- Existing dealers grouped into companies by their company field, case and spaces aside; a dealer with a
-- blank company is a company of one, named after the store or the person. The earliest live account of
-- each company is its company admin, the others buyers, so nobody loses what they could do.
CREATE TABLE "dealer_company_keys" AS
SELECT u.id AS user_id,
       CASE WHEN nullif(btrim(u.company), '') IS NULL THEN 'user:' || u.id
            ELSE 'name:' || lower(regexp_replace(btrim(u.company), '\s+', ' ', 'g')) END AS key,
       coalesce(nullif(btrim(u.company), ''), nullif(btrim(u.store_name), ''),
                nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) AS name
FROM users u
WHERE u.role = 'bold_customer';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "migration_key" text;--> statement-breakpoint
INSERT INTO companies (name, migration_key)
SELECT min(k.name), k.key FROM dealer_company_keys k GROUP BY k.key ORDER BY min(k.user_id);--> statement-breakpoint
UPDATE users u SET company_id = c.id, company_role = 'buyer'
FROM dealer_company_keys k JOIN companies c ON c.migration_key = k.key
WHERE u.id = k.user_id;--> statement-breakpoint
UPDATE users u SET company_role = 'admin'
WHERE u.id IN (
  SELECT DISTINCT ON (company_id) id FROM users
  WHERE company_id IS NOT NULL
  ORDER BY company_id, (deleted_at IS NOT NULL), created_at, id
);--> statement-breakpoint
INSERT INTO company_locations (company_id, kind, name, contact_name, phone, street, city, state, zip, is_default)
SELECT DISTINCT ON (u.company_id) u.company_id, 'ship_to',
       coalesce(nullif(btrim(u.store_name), ''), c.name),
       coalesce(nullif(btrim(u.store_contact_name), ''), btrim(concat_ws(' ', u.first_name, u.last_name))),
       coalesce(u.store_phone, u.phone, ''), btrim(u.store_address), coalesce(u.store_city, ''),
       coalesce(u.store_state, ''), coalesce(u.store_zip, ''), true
FROM users u JOIN companies c ON c.id = u.company_id
WHERE nullif(btrim(u.store_address), '') IS NOT NULL
ORDER BY u.company_id, (u.deleted_at IS NOT NULL), u.created_at, u.id;--> statement-breakpoint
UPDATE carts ca SET company_id = u.company_id FROM users u WHERE u.id = ca.user_id AND u.company_id IS NOT NULL;--> statement-breakpoint
UPDATE orders o SET company_id = u.company_id FROM users u WHERE u.id = o.user_id AND u.company_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "migration_key";--> statement-breakpoint
DROP TABLE "dealer_company_keys";
