-- docs/decisions/0224-webhook-deliveries-on-pg-boss.md: a webhook delivery is a pg-boss job on the queue
-- "webhook", as an email is (docs/decisions/0215-background-jobs-on-pg-boss.md). A job is a sender's for
-- 5 minutes (ten requests of at most 10 s each fit well within), then pg-boss hands it to another
-- server; pg-boss retries a job itself only then, or when the handler failed on the database. A refused
-- delivery is the handler's own retry, on the schedule of docs/decisions/0161.
SELECT pgboss.create_queue('webhook', '{"policy":"standard","expireInSeconds":300,"retryLimit":10,"retryDelay":30}');
--> statement-breakpoint
-- A delivery's current job: a job whose id is not this one is stale and sends nothing.
ALTER TABLE "webhook_deliveries" ADD COLUMN "job_id" uuid;
--> statement-breakpoint
-- Deliveries waiting at the upgrade get a job each, due when their next attempt was.
UPDATE "webhook_deliveries" SET "job_id" = gen_random_uuid() WHERE "status" = 'pending';
--> statement-breakpoint
INSERT INTO pgboss.job (id, name, data, start_after, retry_limit, retry_delay, expire_in, policy)
SELECT "job_id", 'webhook', jsonb_build_object('deliveryId', "id"), coalesce("next_attempt_at", now()), 10, 30, interval '5 minutes', 'standard'
FROM "webhook_deliveries" WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT IF EXISTS "webhook_deliveries_next_attempt_check";
--> statement-breakpoint
DROP INDEX IF EXISTS "webhook_deliveries_due_idx";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "next_attempt_at";
