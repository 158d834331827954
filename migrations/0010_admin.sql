-- The admin panel (issue 7): staff accounts can be deactivated and reactivated. `active` exists
-- since 0002 (every login and session already requires it); this records when it was switched
-- off, for the staff list, and says nothing about who did it (the server log has the request).
ALTER TABLE accounts ADD COLUMN deactivated_at timestamptz;
