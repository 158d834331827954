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
