-- One upload history for the stock, lots and incoming files (ADR 0196): existing rows are stock uploads.
ALTER TABLE "stock_uploads" ADD COLUMN "kind" text DEFAULT 'stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD COLUMN "lots_digest" text;--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_kind_check" CHECK ("stock_uploads"."kind" in ('stock', 'lots', 'incoming'));--> statement-breakpoint
CREATE INDEX "stock_uploads_kind_created_idx" ON "stock_uploads" USING btree ("kind","created_at");
