-- The session and user cache (docs/decisions/0232): every change to a session or a user notifies
-- channel session_cache in the changing transaction, so every app server drops what it kept the
-- moment the change commits. Row triggers catch every writer (sign-out, expiry pruning, a session
-- saved on any server, password, role, company role, deletion), SQL typed by hand included.
CREATE FUNCTION session_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', 's:' || OLD.sid);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION session_cache_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', 'u:' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_session_cache AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION session_cache_notify_session();--> statement-breakpoint
CREATE TRIGGER users_notify_session_cache AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION session_cache_notify_user();
