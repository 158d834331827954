-- Read models of the `analytics` projector (projections/src/analytics.rs): the manager's charts.
-- Days are the UTC dates of the events (when the move was created, completed or cancelled).

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
