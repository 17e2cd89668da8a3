-- docs/decisions/0234: a daily pg-boss job drops product tombstones older than the 30 days the changes
-- feed keeps them (docs/decisions/0228); its queue, as the other scheduled jobs' (migration 0026).
SELECT pgboss.create_queue('prune-tombstones', '{"policy":"standard"}');
