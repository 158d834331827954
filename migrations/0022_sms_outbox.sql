-- Every SMS, written like an email (the outbox table) in the transaction of what it reports. With an
-- SMS provider configured a background task sends each one through its HTTP API and deletes it;
-- without, the rows stay for the /dev page to show. A number the provider refuses for good is kept
-- with its error and not tried again.
CREATE TABLE sms_outbox (
    id               uuid        PRIMARY KEY,
    -- E.164, '+34612345678'.
    para             text        NOT NULL CHECK (char_length(para) <= 16),
    texto            text        NOT NULL CHECK (char_length(texto) <= 480),
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text
);
CREATE INDEX sms_outbox_due_idx ON sms_outbox (next_attempt_at);
