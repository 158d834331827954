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
    IF n IS NULL OR n = 0 THEN
        RAISE EXCEPTION 'append_many needs at least one event' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'append_many must be the first write of its transaction'
            USING ERRCODE = 'invalid_transaction_state';
    END IF;

    PERFORM pg_advisory_lock(4242);
    SELECT pg_current_xact_id(), ARRAY(SELECT nextval('event_position_seq') FROM generate_series(1, n))
        INTO txid, positions;
    PERFORM pg_advisory_unlock(4242);

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
