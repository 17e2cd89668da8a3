-- Price list files through the one upload pipeline, and the prices version (docs/decisions/0231-price-list-files-diff-and-version.md).
ALTER TABLE "stock_uploads" DROP CONSTRAINT "stock_uploads_kind_check";--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_kind_check" CHECK ("stock_uploads"."kind" in ('stock', 'lots', 'incoming', 'users', 'price_list', 'merchandise'));--> statement-breakpoint
-- One row: bumped in the transaction of every change to price lists, entries or assignments.
CREATE TABLE "price_list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_version_one_row_check" CHECK ("price_list_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "price_list_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- The prices version also reads the newest company edit (a price group changed): an index-only max.
CREATE INDEX IF NOT EXISTS "companies_updated_at_idx" ON "companies" USING btree ("updated_at");
