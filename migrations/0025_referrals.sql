-- Issue 20 item 7, 'Recomendar a un amigo': a client's personal referral code and who came
-- through it. Identity is ordinary state (ARCHITECTURE §6); a quote request records the code it
-- came with in its event, and the quotes projector copies it here.

-- Eight characters of command/src/referrals.rs ALPHABET, from the cryptographic randomness of
-- gen_random_uuid() (its bytes 6 and 8 carry the version and variant, so they are skipped). A
-- column default, so every account gets one however it is created, existing ones included, and
-- the client's GET of their link never has to write. About 8.5 · 10^11 codes: two accounts
-- drawing the same one is not worth a retry loop; the unique key refuses the second insert
-- (a registration then reads as a taken email, and trying again draws another code).
CREATE FUNCTION new_referral_code() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + get_byte(r.b, i) % 31, 1), '' ORDER BY i)
    FROM (SELECT uuid_send(gen_random_uuid()) AS b) r, unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10]) AS i
$$;
-- The CHECK keeps the unique btree key bounded whatever writes the row.
ALTER TABLE accounts
    ADD COLUMN codigo_recomendacion text NOT NULL DEFAULT new_referral_code()
        CONSTRAINT accounts_codigo_recomendacion_format
        CHECK (codigo_recomendacion ~ '^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$');
CREATE UNIQUE INDEX accounts_codigo_recomendacion_key ON accounts (codigo_recomendacion);

-- The client whose link this account registered through. Their deleted account leaves the friend
-- unattributed, not deleted.
ALTER TABLE accounts
    ADD COLUMN recomendado_por uuid REFERENCES accounts (id) ON DELETE SET NULL;
CREATE INDEX accounts_recomendado_por_idx ON accounts (recomendado_por)
    WHERE recomendado_por IS NOT NULL;

-- Read model: the code an inbox entry came with. Written by a projector from whatever the log
-- holds, so looked up through a hash index (migration 0015).
ALTER TABLE quotes_inbox ADD COLUMN recomendacion text;
CREATE INDEX quotes_inbox_recomendacion_idx ON quotes_inbox USING hash (recomendacion);
