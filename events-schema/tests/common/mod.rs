//! What the event-log tests share: a store on the test's database and a small event to append.

use events_schema::events::{MoveStatus, MoveStatusChanged};
use events_schema::{Event, EventStore, Metadata, NewEvent, StoreOptions};
use sqlx::PgPool;

pub fn status_event(to: MoveStatus) -> NewEvent {
    NewEvent::new(
        Event::MoveStatusChanged(MoveStatusChanged {
            from: MoveStatus::Pendiente,
            to,
            cancellation_fee_cents: None,
        }),
        Metadata::system("test"),
    )
}

pub fn store(pool: &PgPool) -> EventStore {
    EventStore::new(pool.clone(), StoreOptions::default())
}
