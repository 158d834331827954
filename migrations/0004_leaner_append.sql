-- The same append with fewer statements on its hot path (see docs/PERFORMANCE.md):
-- - idempotency is checked only when an append fails (a repeated event id surfaces as a version
--   conflict or a unique violation, and the caller then looks the ids up), not before every one;
-- - the transaction id and the positions are taken in one statement inside the critical section.
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
    IF n IS NULL OR n = 0 THEN
        RAISE EXCEPTION 'append_events needs at least one event' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'append_events must be the first write of its transaction'
            USING ERRCODE = 'invalid_transaction_state';
    END IF;

    SELECT coalesce(max(stream_version), 0) INTO current FROM events WHERE stream_id = p_stream;
    IF p_expected IS NOT NULL AND current <> p_expected THEN
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, current, p_expected
            USING ERRCODE = 'MU409', DETAIL = current::text;
    END IF;

    -- The critical section: nothing in it can fail, and it holds no row locks, so waits are short.
    -- Either call assigns the transaction id (nextval does too): both happen under the lock.
    PERFORM pg_advisory_lock(4242);
    SELECT pg_current_xact_id(), ARRAY(SELECT nextval('event_position_seq') FROM generate_series(1, n))
        INTO txid, positions;
    PERFORM pg_advisory_unlock(4242);

    RETURN QUERY
    INSERT INTO events AS e (position, transaction_id, event_id, stream_id, stream_version,
                             event_type, schema_version, data, metadata, occurred_at)
    SELECT positions[i], txid, p_ids[i], p_stream, current + i,
           p_types[i], p_versions[i], p_data[i], p_metadata[i], p_occurred[i]
    FROM generate_series(1, n) AS i
    RETURNING e.position, e.stream_version, e.recorded_at, false;
END $$;
