-- Every way a session ends closes the live feeds it opened, in every server process (issue 17,
-- item 10). Each process LISTENs on `mudanzas_sesiones`, whose payload is the hex of an ended
-- session's token hash, and closes the feeds that session opened. The notifications come from the
-- database itself, so that no way of ending a session can forget them: logout, password change or
-- reset, deactivation, account deletion (its sessions go by ON DELETE CASCADE) and any cleanup.
-- PostgreSQL sends them when the transaction commits, and never for a rollback.

CREATE FUNCTION notify_sessions_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('mudanzas_sesiones', encode(token_hash, 'hex')) FROM ended;
    RETURN NULL;
END $$;

CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
    REFERENCING OLD TABLE AS ended
    FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_ended();

-- A deactivated account's sessions stop opening anything at once (a session is valid only for an
-- active account), whether or not the statement that deactivates it also deletes them.
CREATE FUNCTION notify_account_deactivated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('mudanzas_sesiones', encode(token_hash, 'hex'))
    FROM sessions WHERE account_id = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER account_deactivated AFTER UPDATE OF active ON accounts
    FOR EACH ROW WHEN (OLD.active AND NOT NEW.active)
    EXECUTE FUNCTION notify_account_deactivated();
