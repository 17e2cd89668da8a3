-- docs/decisions/0222-one-limiter-library.md: every limit (login, password change, account activity)
-- is a rate-limiter-flexible limiter on one table of the library's own shape, created here rather
-- than by the library at run time (its option tableCreated). login_throttles goes.
CREATE TABLE "rate_limits" (
  "key" varchar(255) PRIMARY KEY,
  "points" integer DEFAULT 0 NOT NULL,
  "expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" ("expire");
--> statement-breakpoint
-- Known addresses (30 days from the last sign-in there) keep their remaining days.
INSERT INTO "rate_limits" ("key", "points", "expire")
SELECT 'login-known:' || substr("key", length('known:') + 1), 1,
       (extract(epoch FROM "window_started_at" + interval '30 days') * 1000)::bigint
FROM "login_throttles"
WHERE "key" LIKE 'known:%' AND "window_started_at" > now() - interval '30 days'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- Login locks in force keep their end (the counts of windows not locked start again).
INSERT INTO "rate_limits" ("key", "points", "expire")
SELECT CASE WHEN "key" LIKE 'pair:%' THEN 'login-failures-pair:' || substr("key", length('pair:') + 1)
            WHEN "key" LIKE 'account:%' THEN 'login-failures-account:' || substr("key", length('account:') + 1)
            ELSE 'login-failures-address:' || substr("key", length('ip:') + 1) END,
       CASE WHEN "key" LIKE 'pair:%' THEN 10 WHEN "key" LIKE 'account:%' THEN 20 ELSE 50 END,
       (extract(epoch FROM "locked_until") * 1000)::bigint
FROM "login_throttles"
WHERE ("key" LIKE 'pair:%' OR "key" LIKE 'account:%' OR "key" LIKE 'ip:%') AND "locked_until" > now()
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DROP TABLE "login_throttles";
