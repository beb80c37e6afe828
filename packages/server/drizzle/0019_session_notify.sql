-- Web processes keep signed-in sessions in memory (modules/auth/session-cache.ts). Any change to
-- a session or a user, by any process or by hand, tells them to forget it at once.
CREATE OR REPLACE FUNCTION almoner_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('almoner_auth', 's:' || OLD.id_hash);
  ELSE
    PERFORM pg_notify('almoner_auth', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION almoner_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION almoner_notify_auth_change();
