-- Trigram index for the activity log search box (docs/decisions/0022). pg_trgm ships with PostgreSQL
-- (and the embedded server) and is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "activity_description_trgm_idx" ON "activity_logs" USING gin ("description" gin_trgm_ops);
