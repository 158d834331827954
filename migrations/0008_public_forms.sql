-- The public forms (issue 6): contact messages, job applications and the consent register.
--
-- Ordinary tables, not events, like accounts (ARCHITECTURE §6): they are personal data that the
-- people who sent them did not sign a contract with, with a retention of their own (a message
-- is answered, an application is considered) that ends in deletion. The append-only log keeps
-- what it holds for years and can never forget a row; these must be able to.

-- POST /api/contact-form. The consent given with each message is in `consents` (reference = id).
CREATE TABLE contact_messages (
    id            uuid        PRIMARY KEY,
    name          text        NOT NULL,
    email         text        NOT NULL,
    -- '612 345 678'
    phone         text        NOT NULL,
    origin        text        NOT NULL,
    destination   text        NOT NULL,
    date          date,
    service_type  text        NOT NULL CHECK (service_type IN ('mudanza_completa', 'mudanza_parcial',
                                              'mudanza_oficina', 'solo_transporte', 'otros_servicios')),
    message       text        NOT NULL DEFAULT '',
    received_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_received_idx ON contact_messages (received_at DESC, id DESC);

-- POST /api/trabaja-con-nosotros. The CV is a file under DATA_DIR/candidaturas, named
-- `cv_stored_name` by the server (a fresh id and the extension of its checked type); the name the
-- applicant's file had is kept only as text, to offer it back on download.
CREATE TABLE job_applications (
    id              uuid        PRIMARY KEY,
    name            text        NOT NULL,
    email           text        NOT NULL,
    phone           text        NOT NULL,
    position        text        NOT NULL CHECK (position IN ('conductor', 'operario', 'coordinador',
                                                'atencion', 'limpieza', 'otro')),
    experience      text        NOT NULL CHECK (experience IN ('0-1', '2-5', '6-10', '10+')),
    message         text        NOT NULL DEFAULT '',
    cv_original_name text       NOT NULL,
    cv_kind         text        NOT NULL CHECK (cv_kind IN ('pdf', 'doc', 'docx')),
    cv_bytes        integer     NOT NULL CHECK (cv_bytes > 0),
    cv_stored_name  text        NOT NULL UNIQUE CHECK (cv_stored_name ~ '^[0-9a-f-]{36}\.(pdf|doc|docx)$'),
    received_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_applications_received_idx ON job_applications (received_at DESC, id DESC);

-- Every consent given or refused, one row per purpose, with its time: the proof the law asks for
-- (who, when, to what, in which words). Rows are added, never rewritten (only the account link
-- goes, with the account): a change of mind is a new row, and the latest row of an email and
-- purpose is what holds.
CREATE TABLE consents (
    id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email        text        NOT NULL,
    -- The account when the person had one at the time. A deleted account leaves its consents
    -- (the proof that what was done while it existed was agreed to), without the link.
    account_id   uuid        REFERENCES accounts (id) ON DELETE SET NULL,
    purpose      text        NOT NULL CHECK (purpose IN ('condiciones', 'contacto', 'marketing')),
    granted      boolean     NOT NULL,
    source       text        NOT NULL CHECK (source IN ('registro', 'contacto', 'empleo', 'perfil')),
    -- The contact message or job application the consent came with; none for 'registro' and
    -- 'perfil'. Not a foreign key: deleting a message at the end of its retention keeps the proof.
    reference    uuid,
    -- The wording, with its version, of what was accepted (command/src/forms.rs `consent`).
    text         text        NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consents_email_idx ON consents (lower(email), purpose, recorded_at DESC);
CREATE INDEX consents_reference_idx ON consents (reference) WHERE reference IS NOT NULL;
