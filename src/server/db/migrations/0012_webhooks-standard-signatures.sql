-- ADR 0184: secret rotation with an overlap window, and no due time on finished deliveries.
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "next_attempt_at" DROP NOT NULL;--> statement-breakpoint
-- A delivered or failed row is not due again: its next attempt is null (Resend makes it pending and due now).
UPDATE "webhook_deliveries" SET "next_attempt_at" = NULL WHERE "status" <> 'pending';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_next_attempt_check" CHECK (("webhook_deliveries"."status" = 'pending') = ("webhook_deliveries"."next_attempt_at" is not null));
