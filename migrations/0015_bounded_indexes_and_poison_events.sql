-- Bounded indexes and poison events (issue 17, items 8 and 15).
--
-- A btree index entry must fit in a third of a page (about 2,700 bytes): one longer text in an
-- indexed column fails the statement that writes it ('index row requires 12024 bytes'). Written
-- by a projector, that failure repeats on every batch and wedges the read model for good, since
-- the log cannot be changed. So no index here holds unbounded text: lookups by a text use a hash
-- index (only its 4-byte hash is stored) or a btree over its md5; unique keys stay btree over
-- columns whose length a CHECK bounds. api/tests/bad_input.rs lists every text index of the schema
-- and fails on a new one that is neither.

-- Read models (written by the `moves` projector from whatever the log holds).
DROP INDEX move_client_view_email_idx;
CREATE INDEX move_client_view_email_idx ON move_client_view USING hash (lower(cliente_email));
DROP INDEX move_staff_view_clave_pago;
CREATE INDEX move_staff_view_clave_pago ON move_staff_view USING hash ((doc ->> 'clave_pago'));

-- Tables written from requests: the limits count whatever name was typed, however long.
DROP INDEX auth_attempts_key_idx;
CREATE INDEX auth_attempts_key_idx ON auth_attempts (scope, md5(key), at);
DROP INDEX outbox_para_idx;
CREATE INDEX outbox_para_idx ON outbox USING hash (lower(para));
DROP INDEX consents_email_idx;
CREATE INDEX consents_email_idx ON consents USING hash (lower(email));

-- Accounts keep their unique btree keys; the columns are bounded (command/src/text.rs LOGIN_MAX).
ALTER TABLE accounts
    ADD CONSTRAINT accounts_email_bounded CHECK (char_length(email) <= 254),
    ADD CONSTRAINT accounts_username_bounded CHECK (char_length(username) <= 254);

-- Events a projector could not apply. The projector records the event here, skips it and goes on,
-- so one bad event never stops the read model, the live feed or the commands waiting on them;
-- /admin (operations) and /readyz list them. A rebuild records them anew: an event a fixed
-- projector now applies leaves the list.
CREATE TABLE projection_poison (
    projection   text        NOT NULL,
    position     bigint      NOT NULL,
    event_type   text        NOT NULL,
    stream_id    text        NOT NULL,
    error        text        NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, position)
);
