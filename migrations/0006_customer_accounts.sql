-- Customer accounts (issue 4): email confirmation codes, password resets, attempt limits and the
-- local-development outbox. Ordinary tables, not events (ARCHITECTURE §6).

-- The one live confirmation code of an account; a new code replaces it. Only a hash is kept.
CREATE TABLE email_codes (
    account_id  uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    code_hash   bytea       NOT NULL,
    expires_at  timestamptz NOT NULL,
    -- Wrong codes entered against this code; at 5 it is spent and only a new one helps.
    failures    integer     NOT NULL DEFAULT 0,
    sent_at     timestamptz NOT NULL DEFAULT now()
);

-- Password reset links: single use (used_at), expiring, stored as a hash of the link's token.
CREATE TABLE password_resets (
    token_hash  bytea PRIMARY KEY,
    account_id  uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);
CREATE INDEX password_resets_account_idx ON password_resets (account_id);

-- One row per counted attempt (a failed login, a reset request …), per scope and key (an account's
-- email or a client address). Rows older than the longest window are pruned as new ones arrive.
CREATE TABLE auth_attempts (
    scope  text        NOT NULL,
    key    text        NOT NULL,
    at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_key_idx ON auth_attempts (scope, key, at);

-- Every email, written in the same transaction as what it reports. Without SMTP (local development)
-- the rows stay, for the /dev page to show. With SMTP a background task sends each one and deletes
-- it, so codes and links do not linger, retrying with backoff when the server refuses.
CREATE TABLE outbox (
    id               uuid PRIMARY KEY,
    para             text        NOT NULL,
    asunto           text        NOT NULL,
    texto            text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text
);
CREATE INDEX outbox_para_idx ON outbox (lower(para), created_at DESC);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at);
