-- Tamper evidence (issue 7): every event carries a hash, chained to the previous event of its
-- stream, and a sealed chain runs over the whole log in position order.
--
-- Why two chains. Appends run concurrently and positions have gaps (0004): when an event is
-- appended, the event just before it in position order may belong to a transaction that has not
-- committed, or never will. Linking to it would need commits to happen one at a time, and that
-- would cost the eight-writer throughput (docs/PERFORMANCE.md). The previous event of the same
-- stream, on the other hand, is committed and known at append: the append reads it to take the
-- next version, and UNIQUE (stream_id, stream_version) makes a concurrent append of the same
-- version fail. So:
--
-- 1. At append, `events.hash` = sha256(`prev_hash` || the event's canonical encoding), where
--    `prev_hash` is the hash of the stream's previous event (32 zero bytes for version 1). Within
--    one append, events chain one after another. `prev_hash` is stored too, so that `verify` can
--    tell an event whose content changed from a broken link to its predecessor.
-- 2. `log_chain` seals the log in position order: chain_hash = sha256(previous row's chain_hash
--    (32 zero bytes for the first) || position as 8 bytes big-endian || events.hash). A sealer
--    (events-schema/src/chain.rs) follows the log the way projectors do, over the gap-free
--    committed prefix only, so it never has to wait for, or skip, a running transaction.
--
-- The canonical encoding (the one definition; `event_hash` below and chain.rs in Rust must agree,
-- and a test checks that they do): the UTF-8 text of each of
--   stream_id, stream_version, event_id, event_type, schema_version, data, metadata, occurred_at
-- in this order, each followed by one zero byte — integers in decimal, the uuid lowercase with
-- hyphens, data and metadata as jsonb's text output (canonical: keys sorted, one space after ':'
-- and ','), occurred_at in UTC as YYYY-MM-DDTHH:MI:SS.ffffffZ. No PostgreSQL text can hold a zero
-- byte, so no two different events encode alike.

CREATE FUNCTION event_hash(
    prev            bytea,
    stream_id       text,
    stream_version  bigint,
    event_id        uuid,
    event_type      text,
    schema_version  integer,
    data            jsonb,
    metadata        jsonb,
    occurred_at     timestamptz
) RETURNS bytea
-- STABLE, not IMMUTABLE, only because to_char is; a one-expression SQL function is inlined into
-- the append statement, so the hash costs no function call there.
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT sha256(
        prev
        || convert_to(stream_id, 'UTF8') || '\x00'::bytea
        || convert_to(stream_version::text, 'UTF8') || '\x00'::bytea
        || convert_to(event_id::text, 'UTF8') || '\x00'::bytea
        || convert_to(event_type, 'UTF8') || '\x00'::bytea
        || convert_to(schema_version::text, 'UTF8') || '\x00'::bytea
        || convert_to(data::text, 'UTF8') || '\x00'::bytea
        || convert_to(metadata::text, 'UTF8') || '\x00'::bytea
        || convert_to(to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'UTF8')
        || '\x00'::bytea
    )
$$;

-- The chain of one stream as a running aggregate: `event_chain(start, …) OVER (ORDER BY version)`
-- gives each event's hash, `start` being the hash before the first row (that of the stream's last
-- stored event, or 32 zero bytes). It lets a many-event append and the backfill below compute a
-- chain in one set-based statement.
-- PL/pgSQL rather than SQL: an aggregate calls its step through the function manager, never
-- inlined, and a SQL function then runs a small query per row; PL/pgSQL evaluates the inlined
-- `event_hash` expression directly (a 100-event append measured 2.6 ms with SQL, 2.2 ms with this).
CREATE FUNCTION event_chain_step(
    state bytea, start bytea, stream_id text, stream_version bigint, event_id uuid,
    event_type text, schema_version integer, data jsonb, metadata jsonb, occurred_at timestamptz
) RETURNS bytea
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
    RETURN event_hash(coalesce(state, start), stream_id, stream_version, event_id, event_type,
                      schema_version, data, metadata, occurred_at);
END $$;

CREATE AGGREGATE event_chain(
    bytea, text, bigint, uuid, text, integer, jsonb, jsonb, timestamptz
) (SFUNC = event_chain_step, STYPE = bytea);

ALTER TABLE events ADD COLUMN prev_hash bytea, ADD COLUMN hash bytea;

-- Events stored before this migration get their hashes here. The immutability trigger would
-- refuse the UPDATE, so it is disabled for the backfill and enabled again before the end. This
-- runs in the migration's one transaction and ALTER TABLE holds an ACCESS EXCLUSIVE lock on
-- events until it commits: no other session ever sees the log without its guard, and no append
-- can slip in between the backfill and the NOT NULL below.
ALTER TABLE events DISABLE TRIGGER events_no_update_delete;

UPDATE events e SET prev_hash = c.prev_hash, hash = c.hash
FROM (
    SELECT position, hash,
           coalesce(lag(hash) OVER (PARTITION BY stream_id ORDER BY stream_version),
                    '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea)
               AS prev_hash
    FROM (
        SELECT position, stream_id, stream_version,
               event_chain('\x0000000000000000000000000000000000000000000000000000000000000000'::bytea,
                           stream_id, stream_version, event_id, event_type, schema_version, data,
                           metadata, occurred_at)
                   OVER (PARTITION BY stream_id ORDER BY stream_version) AS hash
        FROM events
    ) h
) c
WHERE e.position = c.position;

ALTER TABLE events ENABLE TRIGGER events_no_update_delete;

-- Every stream's versions run 1, 2, 3… (each append took the next one), so the chain above has no
-- hole; a log where they do not could not be chained honestly, and the migration stops.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM (
                   SELECT stream_version, row_number() OVER (PARTITION BY stream_id ORDER BY stream_version) AS n
                   FROM events) v
               WHERE stream_version <> n) THEN
        RAISE EXCEPTION 'a stream''s versions have a hole: its events cannot be chained';
    END IF;
END $$;

ALTER TABLE events
    ALTER COLUMN prev_hash SET NOT NULL,
    ALTER COLUMN hash SET NOT NULL,
    ADD CONSTRAINT events_hash_length CHECK (octet_length(hash) = 32 AND octet_length(prev_hash) = 32);

-- The sealed chain over the whole log. Append-only like events; it is not a projection: a
-- rebuild never touches it (recomputing it from the current rows would launder a change).
CREATE TABLE log_chain (
    position    bigint PRIMARY KEY REFERENCES events (position),
    chain_hash  bytea  NOT NULL CHECK (octet_length(chain_hash) = 32)
);

CREATE FUNCTION log_chain_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the log chain is append-only: % is not allowed on log_chain', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER log_chain_no_update_delete BEFORE UPDATE OR DELETE ON log_chain
    FOR EACH ROW EXECUTE FUNCTION log_chain_is_append_only();
CREATE TRIGGER log_chain_no_truncate BEFORE TRUNCATE ON log_chain
    FOR EACH STATEMENT EXECUTE FUNCTION log_chain_is_append_only();
