-- Issue 17. A payment session records the payment key it was opened with: a new key ends every
-- session opened with an older one (checked on every use, so in every server process). Rows
-- from before have no key and are ended with it (they last 30 minutes anyway).
ALTER TABLE payment_sessions ADD COLUMN clave_pago text;

-- A Redsys order is open until its notification settles it: while one is open on a move, no other
-- order is sent to the bank for that move, so two payers cannot both be charged.
ALTER TABLE payment_orders ADD COLUMN settled_at timestamptz;
CREATE INDEX payment_orders_open ON payment_orders (move_id) WHERE settled_at IS NULL;
