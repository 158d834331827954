-- The managers' quotes inbox, built by the `quotes` projector (projections/src/quotes.rs) from the
-- `quote-<uuid>` streams. Rebuildable from zero at any time. `doc` is the inbox entry as the API
-- and the live feed send it; the columns are what the list filters and sorts on. `position` is the
-- log position of the last event the row reflects.

CREATE TABLE quotes_inbox (
    id             uuid        PRIMARY KEY,
    recibida       timestamptz NOT NULL,
    -- nueva, convertida or descartada.
    estado         text        NOT NULL,
    mudanza_id     bigint,
    cliente_email  text        NOT NULL,
    position       bigint      NOT NULL,
    doc            jsonb       NOT NULL
);
CREATE INDEX quotes_inbox_recibida_idx ON quotes_inbox (recibida DESC, id DESC);
CREATE INDEX quotes_inbox_estado_idx ON quotes_inbox (estado, recibida DESC);
