-- The merchandise workbook is previewed and confirmed through the upload table (ADR 0214).
ALTER TABLE "stock_uploads" DROP CONSTRAINT "stock_uploads_kind_check";--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_kind_check" CHECK ("stock_uploads"."kind" in ('stock', 'lots', 'incoming', 'merchandise'));--> statement-breakpoint
-- A notify-me request is marked sent instead of deleted, so admins see it on their list (ADR 0214).
ALTER TABLE "stock_notify_requests" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stock_notify_created_idx" ON "stock_notify_requests" USING btree ("created_at","id");
