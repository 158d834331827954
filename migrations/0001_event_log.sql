-- The event log: the only source of truth for moves and quotes.
--
-- Gap-free following under concurrent writers (ARCHITECTURE §3): every row records the xid of the
-- transaction that wrote it, and `append_events` takes that xid and the row positions inside one
-- short critical section, so a lower xid always holds lower positions. A follower then reads only
-- rows whose xid is below the oldest still-running xid (`pg_snapshot_xmin`); those rows are final,
-- and every row that may still appear has a higher xid and therefore a higher position. The set a
-- follower reads is always a prefix of the log in position order, whatever the commit order was.

CREATE SEQUENCE event_position_seq AS bigint;

CREATE TABLE events (
    position        bigint      PRIMARY KEY,
    transaction_id  xid8        NOT NULL,
    event_id        uuid        NOT NULL UNIQUE,
    stream_id       text        NOT NULL,
    stream_version  bigint      NOT NULL CHECK (stream_version > 0),
    event_type      text        NOT NULL,
    schema_version  integer     NOT NULL CHECK (schema_version > 0),
    data            jsonb       NOT NULL,
    metadata        jsonb       NOT NULL,
    occurred_at     timestamptz NOT NULL,
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
);

-- The database itself refuses to change history, whoever asks.
CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the event log is append-only: % is not allowed on events', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

-- Appends a batch to one stream. One call per transaction, and it must be the transaction's first
-- write: an xid taken earlier would not be ordered with the positions taken here.
--
-- p_expected: the stream version the caller decided on (0 = the stream must not exist yet),
-- or NULL to append at the end whatever it is.
-- Errors: SQLSTATE 'MU409' = expected version mismatch. A concurrent append of the same version
-- surfaces as a unique violation of events_stream_version_key, which callers treat the same way.
CREATE FUNCTION append_events(
    p_stream    text,
    p_expected  bigint,
    p_ids       uuid[],
    p_types     text[],
    p_versions  integer[],
    p_data      jsonb[],
    p_metadata  jsonb[],
    p_occurred  timestamptz[]
) RETURNS TABLE (out_position bigint, out_stream_version bigint, out_recorded_at timestamptz, out_duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
    n          integer := cardinality(p_ids);
    current    bigint;
    txid       xid8;
    positions  bigint[];
BEGIN
    IF n IS NULL OR n = 0 THEN
        RAISE EXCEPTION 'append_events needs at least one event' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'append_events must be the first write of its transaction'
            USING ERRCODE = 'invalid_transaction_state';
    END IF;

    -- Idempotency: an id that is already stored means this batch was stored before.
    IF EXISTS (SELECT 1 FROM events WHERE event_id = ANY (p_ids)) THEN
        RETURN QUERY
            SELECT e.position, e.stream_version, e.recorded_at, true
            FROM events e WHERE e.event_id = ANY (p_ids) ORDER BY e.position;
        RETURN;
    END IF;

    SELECT coalesce(max(stream_version), 0) INTO current FROM events WHERE stream_id = p_stream;
    IF p_expected IS NOT NULL AND current <> p_expected THEN
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, current, p_expected
            USING ERRCODE = 'MU409', DETAIL = current::text;
    END IF;

    -- The critical section: nothing in it can fail, and it holds no row locks, so waits are short.
    PERFORM pg_advisory_lock(4242);
    txid := pg_current_xact_id();
    positions := ARRAY(SELECT nextval('event_position_seq') FROM generate_series(1, n));
    PERFORM pg_advisory_unlock(4242);

    RETURN QUERY
    INSERT INTO events AS e (position, transaction_id, event_id, stream_id, stream_version,
                             event_type, schema_version, data, metadata, occurred_at)
    SELECT positions[i], txid, p_ids[i], p_stream, current + i,
           p_types[i], p_versions[i], p_data[i], p_metadata[i], p_occurred[i]
    FROM generate_series(1, n) AS i
    RETURNING e.position, e.stream_version, e.recorded_at, false;
END $$;

-- Projection checkpoints: one row per projector, moved in the same transaction as its writes.
CREATE TABLE projection_checkpoints (
    name        text PRIMARY KEY,
    position    bigint NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    last_error  text
);
