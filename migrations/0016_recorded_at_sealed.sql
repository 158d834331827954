-- Tamper evidence, hash format 2 (issue 17): an event's hash covers `recorded_at` too.
--
-- The auditor's 'state of a move as of an instant' reads the log up to `recorded_at`, but the
-- hash of 0009 does not cover it: someone able to switch the immutability guard off could move
-- an event's recording time by a month and `verify` would not notice. Recomputing the stored
-- hashes is not an option (a verifier must never trust hashes recomputed from the current rows),
-- so the format changes from here on:
--
-- - `events.hash_format` records which encoding an event's hash uses. Events stored before this
--   migration are format 1 (0009's encoding, as they were hashed and sealed); every append from
--   now on writes format 2. The column need not be covered by anything itself: the hash only
--   matches the encoding it was made with, so changing an event's format means recomputing its
--   hash, and that breaks the next link of its stream and the sealed chain like any other
--   recomputed hash.
-- - Format 2's encoding is format 1's eight fields followed by recorded_at, in the same text form
--   as occurred_at (UTC, YYYY-MM-DDTHH:MI:SS.ffffffZ: the microseconds PostgreSQL stores), and
--   one zero byte. Nine zero-terminated fields where format 1 has eight, and no field can hold a
--   zero byte: no encoding of one format is an encoding of the other.
-- - The append writes `recorded_at` as now() explicitly, the same value it hashes (the column's
--   default was now() already: the start of the appending transaction).
--
-- Events recorded before this migration keep format 1 and stay as verifiable as they were; their
-- recorded_at is not covered (README 'Tamper evidence').
--
-- ADD COLUMN with a constant default rewrites nothing and updates no row, so the immutability
-- trigger has nothing to refuse and the stored rows are untouched.
ALTER TABLE events ADD COLUMN hash_format smallint NOT NULL DEFAULT 1;
ALTER TABLE events
    ALTER COLUMN hash_format SET DEFAULT 2,
    ADD CONSTRAINT events_hash_format CHECK (hash_format IN (1, 2));

CREATE FUNCTION event_hash_v2(
    prev            bytea,
    stream_id       text,
    stream_version  bigint,
    event_id        uuid,
    event_type      text,
    schema_version  integer,
    data            jsonb,
    metadata        jsonb,
    occurred_at     timestamptz,
    recorded_at     timestamptz
) RETURNS bytea
-- STABLE for to_char, as event_hash; inlined into the append statement.
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
        || convert_to(to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'UTF8')
        || '\x00'::bytea
    )
$$;

-- The running aggregate of 0009 (`event_chain`) for format 2.
CREATE FUNCTION event_chain_v2_step(
    state bytea, start bytea, stream_id text, stream_version bigint, event_id uuid,
    event_type text, schema_version integer, data jsonb, metadata jsonb, occurred_at timestamptz,
    recorded_at timestamptz
) RETURNS bytea
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
    RETURN event_hash_v2(coalesce(state, start), stream_id, stream_version, event_id, event_type,
                         schema_version, data, metadata, occurred_at, recorded_at);
END $$;

CREATE AGGREGATE event_chain_v2(
    bytea, text, bigint, uuid, text, integer, jsonb, jsonb, timestamptz, timestamptz
) (SFUNC = event_chain_v2_step, STYPE = bytea);
