-- Tamper evidence, hash format 3 (issue 19): the event's content is hashed by the appending
-- process, the append statement only chains fixed-size digests.
--
-- Formats 1 and 2 (0009, 0016) made PostgreSQL hash the canonical text of each event: jsonb's
-- text output of data and metadata, to_char of two timestamps, and for a many-event append a
-- PL/pgSQL step per event. That was about 12 µs of database CPU per event, the largest part of a
-- 100-event append. In format 3:
--
-- - The *content digest* is sha256 of the event's canonical content, computed in Rust before the
--   INSERT (events-schema/src/chain.rs, `content_digest`): stream_id, event_id, event_type,
--   schema_version, data, metadata, occurred_at. data and metadata are encoded as canonical JSON
--   by Rust (keys sorted, no spaces, numbers in one fixed form), which `verify` can recompute
--   from the stored jsonb: the jsonb text output is not needed on either side.
-- - The statement computes hash = sha256(prev_hash ‖ content digest ‖ stream_version as 8 bytes
--   big-endian ‖ recorded_at as PostgreSQL's binary timestamptz: microseconds since 2000-01-01
--   UTC, 8 bytes big-endian). `event_hash_v3` below; 80 bytes in, fixed layout, builtins only.
--   stream_version and recorded_at are hashed here rather than in the digest because only the
--   statement knows them: an append with no expected version takes the next version it finds,
--   and recorded_at stays the database's now() (the start of the appending transaction), the one
--   clock every process shares, which the auditor's 'state as of an instant' reads. Letting each
--   process stamp recorded_at from its own clock would have made that instant depend on which
--   server wrote the event.
-- - A many-event append chains the digests with a recursive CTE over the digests passed as one
--   bytea (32 bytes each): no PL/pgSQL, no aggregate step per event.
--
-- Events of formats 1 and 2 keep their hashes and verify as they did; appends from here on write
-- format 3. As in 0016, hash_format itself need not be covered: a hash only matches the encoding
-- it was made with, so passing an event off as another format means recomputing its hash, which
-- breaks its seal or the next link of its stream.
ALTER TABLE events
    DROP CONSTRAINT events_hash_format,
    ADD CONSTRAINT events_hash_format CHECK (hash_format IN (1, 2, 3)),
    ALTER COLUMN hash_format SET DEFAULT 3;

-- The chain link of format 3 (chain.rs `event_hash_v3` is the same function; a test holds them
-- equal). IMMUTABLE: sha256, byteacat and the two send functions are, and a one-expression SQL
-- function is inlined into the append statement.
CREATE FUNCTION event_hash_v3(
    prev            bytea,
    content_digest  bytea,
    stream_version  bigint,
    recorded_at     timestamptz
) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT sha256(prev || content_digest || int8send(stream_version) || timestamptz_send(recorded_at))
$$;
