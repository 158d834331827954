-- Positions from transaction ids: `position = transaction id × 10000 + index in the append`.
--
-- 0001 took positions from a sequence inside a critical section under an advisory lock, so
-- that positions were ordered like transaction ids. Deriving the position from the transaction
-- id gives the same order with no lock, no sequence and no function call: appends are one
-- INSERT statement (`APPEND` in events-schema/src/store.rs, which explains the ordering
-- argument), and run much faster (figures in docs/PERFORMANCE.md). Followers keep reading below
-- `pg_snapshot_xmin`, now compared with the position.

-- Every existing position must stay below every new one, or the log would not be one order.
DO $$
BEGIN
    IF (SELECT coalesce(max(position), 0) FROM events) >= pg_current_xact_id()::text::bigint * 10000 THEN
        RAISE EXCEPTION 'existing event positions reach past the transaction-id positions';
    END IF;
END $$;

DROP FUNCTION append_many(text[], bigint[], integer[], uuid[], text[], integer[], jsonb[], jsonb[], timestamptz[]);
DROP FUNCTION append_events(text, bigint, uuid[], text[], integer[], jsonb[], jsonb[], timestamptz[]);
DROP FUNCTION reserve_positions(integer);
DROP SEQUENCE event_position_seq;
