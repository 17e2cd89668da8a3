-- The users import is previewed, confirmed and kept in the one upload history (docs/decisions/0225).
ALTER TABLE "stock_uploads" DROP CONSTRAINT "stock_uploads_kind_check";--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_kind_check" CHECK ("stock_uploads"."kind" in ('stock', 'lots', 'incoming', 'users', 'merchandise'));
