-- Identifiers in one form (issue 17): emails and worker numbers are stored, looked up and
-- counted against attempt limits in the form `command::identity::identifier` gives (NFKC,
-- Unicode lowercase, single spaces, trimmed), and compared as stored: no lower() at lookup, whose
-- folding (the database's locale) differs from the server's and let a case variant of a locked
-- account's email log in under another limit key.

-- Emails were stored trimmed and lowercased by the server; this brings the few that are not yet
-- composed (NFKC) into the form. A one-time conversion, not a lookup.
UPDATE accounts SET email = lower(normalize(email, NFKC))
WHERE email IS NOT NULL AND email <> lower(normalize(email, NFKC));
DROP INDEX accounts_email_key;
CREATE UNIQUE INDEX accounts_email_key ON accounts (email) WHERE email IS NOT NULL;

-- A worker number is shown as given (EMP-001) and found by its identifier form, kept beside it.
-- Worker numbers are ASCII (EMP- and digits), for which lower() is that form.
ALTER TABLE accounts ADD COLUMN username_key text;
UPDATE accounts SET username_key = lower(username) WHERE username IS NOT NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_username_key_with_username
    CHECK ((username IS NULL) = (username_key IS NULL));
DROP INDEX accounts_username_key;
CREATE UNIQUE INDEX accounts_username_key ON accounts (username_key) WHERE username_key IS NOT NULL;
