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

-- The one place that defines the gap-free ordering (see the top of this file): a transaction's id and the
-- positions of everything it appends are taken together under one lock, so a lower position
-- always belongs to a lower transaction id. It must be the transaction's first write: an id taken
-- earlier would not be ordered with the positions taken here.
CREATE FUNCTION reserve_positions(n integer, OUT txid xid8, OUT positions bigint[])
LANGUAGE plpgsql AS $$
BEGIN
    IF n IS NULL OR n = 0 THEN
        RAISE EXCEPTION 'an append needs at least one event' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'an append must be the first write of its transaction'
            USING ERRCODE = 'invalid_transaction_state';
    END IF;
    -- The critical section: nothing in it can fail, and it holds no row locks, so waits are short.
    -- Either call assigns the transaction id (nextval does too): both happen under the lock.
    PERFORM pg_advisory_lock(4242);
    SELECT pg_current_xact_id(), ARRAY(SELECT nextval('event_position_seq') FROM generate_series(1, n))
        INTO txid, positions;
    PERFORM pg_advisory_unlock(4242);
END $$;

-- Appends a batch to one stream, atomically. One call per transaction, as its first write.
--
-- p_expected: the stream version the caller decided on (0 = the stream must not exist yet),
-- or NULL to append at the end whatever it is.
-- Errors: SQLSTATE 'MU409' = expected version mismatch. A concurrent append of the same version,
-- or an event id stored before, surfaces as a unique violation; callers then look the ids up
-- (a retried append is a success that wrote nothing) before reporting a conflict. Idempotency is
-- checked only on that failure path, never before every append.
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
    SELECT coalesce(max(stream_version), 0) INTO current FROM events WHERE stream_id = p_stream;
    IF p_expected IS NOT NULL AND current <> p_expected THEN
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, current, p_expected
            USING ERRCODE = 'MU409', DETAIL = current::text;
    END IF;

    SELECT r.txid, r.positions INTO txid, positions FROM reserve_positions(n) r;

    RETURN QUERY
    INSERT INTO events AS e (position, transaction_id, event_id, stream_id, stream_version,
                             event_type, schema_version, data, metadata, occurred_at)
    SELECT positions[i], txid, p_ids[i], p_stream, current + i,
           p_types[i], p_versions[i], p_data[i], p_metadata[i], p_occurred[i]
    FROM generate_series(1, n) AS i
    RETURNING e.position, e.stream_version, e.recorded_at, false;
END $$;

-- Group commit: several appends, to several streams, in one transaction (one round trip, one
-- fsync). Each append keeps its own expected-version check and its own result; the transaction
-- id and all positions are taken once, under the same lock as append_events, so the gap-free
-- ordering argument of 0001 holds unchanged. An append that fails its version check writes
-- nothing and leaves its positions unused (gaps are allowed; order is what matters).
--
-- A repeated event id or a concurrent append of the same stream version aborts the whole call
-- with a unique violation: the caller then retries each append alone with append_events.
CREATE FUNCTION append_many(
    p_streams   text[],
    p_expected  bigint[],
    p_counts    integer[],
    p_ids       uuid[],
    p_types     text[],
    p_versions  integer[],
    p_data      jsonb[],
    p_metadata  jsonb[],
    p_occurred  timestamptz[]
) RETURNS TABLE (out_index integer, out_first_position bigint, out_last_position bigint, out_stream_version bigint, out_conflict boolean)
LANGUAGE plpgsql AS $$
DECLARE
    n          integer := cardinality(p_ids);
    txid       xid8;
    positions  bigint[];
    current    bigint;
    cnt        integer;
    base       integer := 0;
BEGIN
    SELECT r.txid, r.positions INTO txid, positions FROM reserve_positions(n) r;

    FOR k IN 1 .. cardinality(p_streams) LOOP
        cnt := p_counts[k];
        -- Sees this transaction's own earlier inserts, so two appends to one stream in one call
        -- are checked in order.
        SELECT coalesce(max(stream_version), 0) INTO current FROM events WHERE stream_id = p_streams[k];
        IF p_expected[k] IS NOT NULL AND current <> p_expected[k] THEN
            out_index := k; out_first_position := NULL; out_last_position := NULL; out_stream_version := current; out_conflict := true;
            RETURN NEXT;
        ELSE
            INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version,
                                event_type, schema_version, data, metadata, occurred_at)
            SELECT positions[base + i], txid, p_ids[base + i], p_streams[k], current + i,
                   p_types[base + i], p_versions[base + i], p_data[base + i], p_metadata[base + i],
                   p_occurred[base + i]
            FROM generate_series(1, cnt) AS i;
            out_index := k; out_first_position := positions[base + 1]; out_last_position := positions[base + cnt];
            out_stream_version := current + cnt; out_conflict := false;
            RETURN NEXT;
        END IF;
        base := base + cnt;
    END LOOP;
END $$;

-- Projection checkpoints: one row per projector, moved in the same transaction as its writes.
CREATE TABLE projection_checkpoints (
    name        text PRIMARY KEY,
    position    bigint NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    last_error  text
);
