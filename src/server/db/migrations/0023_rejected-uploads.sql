-- Rejected stock, lots and incoming files are kept in the upload history with their problems (ADR 0211).
ALTER TABLE "stock_uploads" ADD COLUMN "problems" jsonb;--> statement-breakpoint
ALTER TABLE "stock_uploads" DROP CONSTRAINT "stock_uploads_status_check";--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_status_check" CHECK ("stock_uploads"."status" in ('previewed', 'applied', 'cancelled', 'rejected'));
