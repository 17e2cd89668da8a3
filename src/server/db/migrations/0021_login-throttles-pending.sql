-- Sign-in attempts in flight are counted apart from failures (docs/decisions/0202): admission counts both,
-- so parallel guesses cannot pass a limit, but only a wrong password is a failure and only failures lock.
ALTER TABLE "login_throttles" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttles" ADD COLUMN "pending_at" timestamp with time zone;
