-- Issue 20: the client's NIF, DNI or NIE for their invoices (empty when not given: their invoices
-- are then simplified ones). Checked and stored upper case without separators by the API, so
-- never longer than nine characters.
ALTER TABLE accounts ADD COLUMN nif text NOT NULL DEFAULT '' CHECK (char_length(nif) <= 9);
