-- A rep acting for an assigned dealer requests a quote for it (docs/decisions/0242, after 0235): the
-- quote keeps the company and the rep, as an order placed by a rep does (placed_by_rep_id/name).
ALTER TABLE "quotes" ADD COLUMN "requested_by_rep_id" integer REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "requested_by_rep_name" text;
