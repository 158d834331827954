-- Read models: the `analytics` projector's (projections/src/analytics.rs, the manager's charts;
-- days are the UTC dates of the events) and the `documents` projector's (invoices, waybills).

CREATE TABLE analytics_days (
    day             date PRIMARY KEY,
    creadas         integer NOT NULL DEFAULT 0,
    completadas     integer NOT NULL DEFAULT 0,
    canceladas      integer NOT NULL DEFAULT 0,
    -- The totals of the moves completed that day.
    ingresos_cents  bigint  NOT NULL DEFAULT 0
);

-- What the projector must remember of each move to move it between days when it changes.
CREATE TABLE analytics_moves (
    id            bigint PRIMARY KEY,
    total_cents   bigint NOT NULL,
    completed_on  date,
    cancelled_on  date
);

-- The staff documents gained fields in this release (payment figures, document numbers): the
-- moves projection replays the log from zero when the server next starts.
TRUNCATE move_staff_view, move_client_view, live_changes;
DELETE FROM projection_checkpoints WHERE name = 'moves';

-- Invoices and waybills as issued, from the `documents` projector.
CREATE TABLE documents (
    kind           text   NOT NULL,
    numero         text   PRIMARY KEY,
    move_id        bigint NOT NULL,
    fecha_emision  date   NOT NULL,
    doc            jsonb  NOT NULL,
    UNIQUE (kind, move_id)
);
