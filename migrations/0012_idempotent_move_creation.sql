-- A move is created once per attempt of the person creating it (ARCHITECTURE §6: nothing
-- half-written, and nothing written twice). The wizard sends one idempotency key per move it
-- means to create; the server stores it in the `move.created` event's metadata. A retry after a
-- lost answer (the command committed, the answer never arrived) finds the move by its key instead
-- of creating a second one; two retries at once are told apart by this index, which lets only one
-- `move.created` per actor and key into the log.
CREATE UNIQUE INDEX events_move_created_idempotency
    ON events ((metadata ->> 'actor_id'), (metadata ->> 'idempotency_key'))
    WHERE event_type = 'move.created' AND metadata ? 'idempotency_key';
