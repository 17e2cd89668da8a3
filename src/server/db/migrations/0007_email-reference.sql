ALTER TABLE "email_outbox" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "email_outbox_reference_idx" ON "email_outbox" USING btree ("reference");--> statement-breakpoint
-- Confirmations queued before this column existed name their order only in the subject ("Purchase Order #12 from ...").
UPDATE "email_outbox" SET "reference" = 'order:' || substring("subject" from '#([0-9]+) from ') WHERE "kind" = 'order_confirmation' AND "reference" IS NULL AND "subject" ~ '#[0-9]+ from ';
