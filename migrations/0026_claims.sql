-- The claims read model (projections/src/claims.rs): one claim per move, with its answer. Only
-- bounded columns are indexed; the client's text and the reason live in the document.
CREATE TABLE claims (
    move_id     bigint      PRIMARY KEY,
    estado      text        NOT NULL CHECK (estado IN ('abierta', 'respondida')),
    plazo       date        NOT NULL,
    abierta_en  timestamptz NOT NULL,
    version     bigint      NOT NULL,
    doc         jsonb       NOT NULL
);
CREATE INDEX claims_open_idx ON claims (estado, plazo, move_id);
