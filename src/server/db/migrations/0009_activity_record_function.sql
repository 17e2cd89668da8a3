-- The activity module's public database interface (ADR 0174): record_activity(entry jsonb) inserts
-- one activity_logs row and returns its id. `entry` is the document activity/service.ts
-- activityDocument() builds (the module's one definition of a row): keys are the row's property names
-- (userId, targetUserId, type, description, metadata, ipAddress, userAgent, sessionId, url, referrer,
-- duration); a missing key or JSON null is NULL; created_at is the transaction's now(), as for any insert.
-- Other modules call it by name inside their own statements instead of naming activity_logs.
-- PL/pgSQL so each connection plans the insert once.
CREATE OR REPLACE FUNCTION record_activity(entry jsonb) RETURNS bigint
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  new_id bigint;
BEGIN
  INSERT INTO activity_logs (user_id, target_user_id, type, description, metadata, ip_address, user_agent, session_id, url, referrer, duration)
  VALUES (
    (entry ->> 'userId')::integer,
    (entry ->> 'targetUserId')::integer,
    entry ->> 'type',
    entry ->> 'description',
    nullif(entry -> 'metadata', 'null'::jsonb),
    entry ->> 'ipAddress',
    entry ->> 'userAgent',
    entry ->> 'sessionId',
    entry ->> 'url',
    entry ->> 'referrer',
    (entry ->> 'duration')::integer
  )
  RETURNING id INTO new_id;
  RETURN new_id;
END
$$;
--> statement-breakpoint
COMMENT ON FUNCTION record_activity(jsonb) IS 'Activity module API (ADR 0174): inserts one activity_logs row from activityDocument() JSON; returns its id.';
