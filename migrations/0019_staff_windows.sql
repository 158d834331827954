-- Staff lists as windows (issue 19): `GET /api/mudanzas` filters, searches, sorts and pages the
-- staff view in the database instead of every dashboard downloading every move.
--
-- The columns the filters need, kept by the `moves` projector beside the document:
-- - `urgencia`, `estado_pago`: values of the code (normal | urgente; pending | partial | paid);
-- - `busqueda`: the folded search text (client name, email, phone, origin, destination; see
--   events_schema::text::search_text), at most 600 characters whatever the move holds;
-- - `telefono`: the digits of the client's phone, at most 32, for a search by phone number.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE move_staff_view
    ADD COLUMN urgencia    text NOT NULL DEFAULT 'normal',
    ADD COLUMN estado_pago text NOT NULL DEFAULT 'pending',
    ADD COLUMN busqueda    text NOT NULL DEFAULT '',
    ADD COLUMN telefono    text NOT NULL DEFAULT '',
    ADD CONSTRAINT move_staff_view_busqueda_bounded CHECK (char_length(busqueda) <= 600),
    ADD CONSTRAINT move_staff_view_telefono_bounded CHECK (char_length(telefono) <= 32);

-- The keyset orders: (fecha_programada, id) both ways, and id (the primary key); a worker's
-- moves by date; a status's moves by date; words and digits anywhere in the bounded texts.
DROP INDEX move_staff_view_fecha_idx;
CREATE INDEX move_staff_view_fecha_idx ON move_staff_view (fecha_programada, id);
DROP INDEX move_staff_view_worker_idx;
CREATE INDEX move_staff_view_worker_idx ON move_staff_view (worker_id, fecha_programada, id);
CREATE INDEX move_staff_view_estado_idx ON move_staff_view (estado, fecha_programada, id);
CREATE INDEX move_staff_view_busqueda_idx ON move_staff_view USING gin (busqueda gin_trgm_ops);
CREATE INDEX move_staff_view_telefono_idx ON move_staff_view USING gin (telefono gin_trgm_ops);

-- Moves per status, of every move (scope 'all') and of each worker's (scope: the worker's id),
-- kept by the `moves` projector in the transaction that changes the view: the filter buttons'
-- counts without counting the view. A scope's row for a status it has no move in is absent.
CREATE TABLE move_status_counts (
    scope   text   NOT NULL,
    estado  text   NOT NULL,
    n       bigint NOT NULL CHECK (n > 0),
    PRIMARY KEY (scope, estado)
);

-- Existing rows have none of the new columns' values, and there are no counts yet: the moves
-- projection replays the log from zero when the server next starts.
TRUNCATE move_staff_view, move_client_view;
DELETE FROM live_changes WHERE kind = 'move';
DELETE FROM projection_checkpoints WHERE name = 'moves';
