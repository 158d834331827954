-- The reviews read model (projections/src/reviews.rs): every review with where moderation left it.
-- Only bounded columns are indexed; the title and text are not.
CREATE TABLE reviews (
    id            text        PRIMARY KEY CHECK (char_length(id) <= 40),
    move_id       bigint,
    nombre        text        NOT NULL,
    ubicacion     text        NOT NULL,
    rating        smallint    NOT NULL CHECK (rating BETWEEN 1 AND 5),
    titulo        text        NOT NULL,
    texto         text        NOT NULL,
    recomendaria  boolean     NOT NULL,
    fecha         date        NOT NULL,
    util          integer     NOT NULL DEFAULT 0,
    estado        text        NOT NULL CHECK (estado IN ('pendiente', 'publicada', 'oculta')),
    motivo        text        NOT NULL DEFAULT '',
    enviada       timestamptz NOT NULL,
    moderada      timestamptz,
    version       bigint      NOT NULL
);
CREATE INDEX reviews_shown_idx ON reviews (estado, fecha DESC, id);
CREATE INDEX reviews_move_idx ON reviews (move_id);
