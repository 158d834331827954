-- The one place that defines the gap-free ordering (see 0001): a transaction's id and the
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

-- append_events and append_many, unchanged but for taking their positions from reserve_positions.
CREATE OR REPLACE FUNCTION append_events(
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

CREATE OR REPLACE FUNCTION append_many(
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
