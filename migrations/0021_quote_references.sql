-- A quote's reference for people (P-2026-000123), numbered by the server as requests arrive.
-- A sequence: a request refused after taking its number leaves a gap, which a quote reference
-- may have (it names a request, it counts nothing).
CREATE SEQUENCE quote_references;
