-- Reps order for their dealers (docs/decisions/0235-acting-for-a-dealer-session-model.md).
-- An admin assigns salespeople to companies; a rep may act only for an assigned company, checked in
-- the statement that reads each session (auth module's readSessionsWithUsers).
CREATE TABLE "rep_assignments" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"assigned_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "company_id")
);
--> statement-breakpoint
CREATE INDEX "rep_assignments_company_idx" ON "rep_assignments" USING btree ("company_id");--> statement-breakpoint
-- A removed assignment drops the rep's cached sessions on every server (docs/decisions/0232, 0232b),
-- so the next request re-reads the assignment and acting ends at once.
CREATE FUNCTION session_cache_notify_rep_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', 'u:' || OLD.user_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER rep_assignments_notify_session_cache AFTER UPDATE OR DELETE ON "rep_assignments" FOR EACH ROW EXECUTE FUNCTION session_cache_notify_rep_assignment();--> statement-breakpoint
-- "Orders placed for us by reps need our confirmation".
ALTER TABLE "companies" ADD COLUMN "rep_orders_need_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Both names on every order a rep places for a dealer: orders.user_id and company_id as before, and the rep.
ALTER TABLE "orders" ADD COLUMN "placed_by_rep_id" integer REFERENCES "users"("id");--> statement-breakpoint
-- The company's name as placed, so exports, the API and webhooks name it without a join (and after a rename).
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
UPDATE "orders" o SET "company_name" = c."name" FROM "companies" c WHERE c."id" = o."company_id";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_rep_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dealer_confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dealer_confirmation_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dealer_confirmed_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dealer_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_confirmation_check" CHECK ("orders"."dealer_confirmation" is null or "orders"."dealer_confirmation" in ('awaiting', 'confirmed', 'declined'));--> statement-breakpoint
CREATE INDEX "orders_placed_by_rep_idx" ON "orders" USING btree ("placed_by_rep_id", "created_at") WHERE "placed_by_rep_id" is not null;--> statement-breakpoint
-- A rep keeps an active cart of their own (sample cart) and one per company they act for.
DROP INDEX "carts_one_active_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_active_idx" ON "carts" USING btree ("user_id", coalesce("company_id", 0)) WHERE "is_active";
--> statement-breakpoint
-- The rep assignments file goes through the imports module like every upload (docs/decisions/0220).
ALTER TABLE "stock_uploads" DROP CONSTRAINT "stock_uploads_kind_check";--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_kind_check" CHECK ("stock_uploads"."kind" in ('stock', 'lots', 'incoming', 'users', 'price_list', 'merchandise', 'rep_assignments'));
