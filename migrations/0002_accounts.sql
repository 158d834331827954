-- Identity is ordinary state, not events (ARCHITECTURE §6).
CREATE TABLE accounts (
    id              uuid PRIMARY KEY,
    role            text NOT NULL CHECK (role IN ('cliente', 'empleado', 'empresario', 'admin', 'auditor')),
    -- Clients and managers log in with their email; workers with their employee id.
    email           text,
    username        text,
    password_hash   text NOT NULL,
    nombre          text NOT NULL,
    telefono        text NOT NULL DEFAULT '',
    direccion       text NOT NULL DEFAULT '',
    ciudad          text NOT NULL DEFAULT '',
    codigo_postal   text NOT NULL DEFAULT '',
    email_confirmed boolean NOT NULL DEFAULT false,
    preferencias    jsonb NOT NULL DEFAULT '{"emailNotifications": false, "smsNotifications": false, "marketing": false}',
    active          boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username)) WHERE username IS NOT NULL;

CREATE TABLE sessions (
    -- Only a hash of the cookie's token is stored: a leaked table does not log anyone in.
    token_hash  bytea PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_account_idx ON sessions (account_id);
