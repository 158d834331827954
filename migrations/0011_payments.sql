-- Card payments (issue 8). A payment session is what /acceso-de-pago grants: the payer proved
-- they know the move's client name and payment key, and holds the session's unguessable id for
-- 30 minutes to see what is due and pay it. Sessions are access, not money: the money is in the
-- move's payment events. Redsys orders map a gateway order number back to its session.
CREATE TABLE payment_sessions (
    id uuid PRIMARY KEY,
    move_id bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX payment_sessions_expiry ON payment_sessions (expires_at);

CREATE TABLE payment_orders (
    -- Redsys Ds_Order: 4 digits then up to 8 alphanumerics, unique per merchant.
    order_number text PRIMARY KEY,
    -- No foreign key: a late notification must still find its move after the session is gone.
    session_id uuid NOT NULL,
    move_id bigint NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    kind text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- /acceso-de-pago finds a move by its payment key (as shown, `K7MQ-2XPA`).
CREATE INDEX move_staff_view_clave_pago ON move_staff_view ((doc ->> 'clave_pago'));
