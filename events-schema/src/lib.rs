//! The event log of Mudanzas: every event type and version, the envelope, upcasters, the SQL of the
//! events table (`migrations/0001_event_log.sql`), and the one API to append, read and follow it.

pub mod calendar;
pub mod chain;
mod envelope;
pub mod events;
mod store;
pub mod text;
pub mod upcast;
pub mod waybill;

pub use envelope::{
    Appended, EventData, ExpectedVersion, Metadata, NewEvent, RawEvent, RecordedEvent,
};
pub use events::{Event, EVENT_TYPES};
pub use store::{
    EventStore, Follower, StoreOptions, StreamAppend, NOTIFY_CHANNEL, POSITIONS_PER_TRANSACTION,
};

/// The migrations of the whole database (event log, accounts, read models), in one folder.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The stream was not at the version the command was decided on.
    #[error("conflict on stream {stream}: expected version {expected:?}, found {actual:?}")]
    Conflict {
        stream: String,
        expected: Option<i64>,
        actual: Option<i64>,
    },
    #[error("unknown event type {0}")]
    UnknownEventType(String),
    #[error("unknown schema version {version} of {event_type}")]
    UnknownSchemaVersion { event_type: String, version: i32 },
    #[error("malformed {event_type} event: {reason}")]
    Malformed { event_type: String, reason: String },
    #[error("the append of {0} events is empty or too large")]
    BadBatch(usize),
    /// Positions come from the transaction id, so a transaction holds at most one append.
    #[error("a transaction may append only once")]
    SecondAppendInTransaction,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}
