-- Read models built by the `moves` projector from the event log. Rebuildable from zero at any time.
-- Each row keeps the full view as a document plus the columns queries filter on; `position` is the
-- log position of the last event the row reflects.

CREATE SEQUENCE move_number_seq AS bigint;

CREATE TABLE move_staff_view (
    id               bigint PRIMARY KEY,
    estado           text NOT NULL,
    fecha_programada date NOT NULL,
    cliente_email    text NOT NULL,
    worker_id        uuid,
    position         bigint NOT NULL,
    doc              jsonb NOT NULL
);
CREATE INDEX move_staff_view_fecha_idx ON move_staff_view (fecha_programada);
CREATE INDEX move_staff_view_worker_idx ON move_staff_view (worker_id, fecha_programada);

CREATE TABLE move_client_view (
    id             bigint PRIMARY KEY,
    cliente_email  text NOT NULL,
    position       bigint NOT NULL,
    doc            jsonb NOT NULL
);
CREATE INDEX move_client_view_email_idx ON move_client_view (lower(cliente_email));

-- Every read-model change, keyed by the log position that caused it: the live feed reads this
-- table (only below the projector's checkpoint, so it never sees half a batch) to push each change
-- exactly once and in order, and to replay what a reconnecting dashboard missed.
CREATE TABLE live_changes (
    position       bigint NOT NULL,
    kind           text NOT NULL,
    entity_id      text NOT NULL,
    cliente_email  text,
    staff_doc      jsonb,
    client_doc     jsonb,
    PRIMARY KEY (position, kind, entity_id)
);

-- live_changes keeps a window of recent positions (projections::changes::RETENTION), enough for a
-- dashboard to resume after a drop; older rows are pruned by the projector that wrote them.
-- Its documents, and the read models', compress with lz4 where this PostgreSQL has it: pglz was a
-- sixth of a rebuild's time (docs/PERFORMANCE.md).
DO $$
BEGIN
    ALTER TABLE live_changes ALTER COLUMN staff_doc SET COMPRESSION lz4;
    ALTER TABLE live_changes ALTER COLUMN client_doc SET COMPRESSION lz4;
    ALTER TABLE move_staff_view ALTER COLUMN doc SET COMPRESSION lz4;
    ALTER TABLE move_client_view ALTER COLUMN doc SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
    RAISE NOTICE 'lz4 is not available here; keeping the default compression';
END $$;
