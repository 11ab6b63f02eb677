-- Every change of the rows a session check reads (users, revoked_tokens) is announced on the channel
-- lp_session_change, whoever makes it: a route, a CLI, a restore, an administrator's SQL. Each
-- server keeps the session users it has read in a cache and empties it on every announcement
-- (decision 0034). Statement-level triggers: one announcement a statement, also for TRUNCATE;
-- PostgreSQL delivers it when the transaction commits, and never for one rolled back.
CREATE FUNCTION session_change_notify() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_catalog.pg_notify('lp_session_change', 'change');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION session_change_notify();--> statement-breakpoint
CREATE TRIGGER revoked_tokens_session_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION session_change_notify();
