//! The envelope every stored event travels in.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::events::Event;

/// Who caused an event and why: kept in the row's `metadata`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_role: Option<String>,
    /// The request or process that started the chain of events.
    pub correlation_id: Uuid,
    /// The event or command that directly caused this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub causation_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// The caller's key for a command it may send again after losing the answer (a new move):
    /// the log lets one `move.created` per actor and key in (migration 0012).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idempotency_key: Option<String>,
}

impl Metadata {
    pub fn system(process: &str) -> Metadata {
        Metadata {
            actor_id: Some(process.to_string()),
            actor_role: Some("system".to_string()),
            correlation_id: Uuid::now_v7(),
            ..Metadata::default()
        }
    }
}

/// An event about to be appended.
#[derive(Debug, Clone)]
pub struct NewEvent {
    /// Appending the same id twice stores one event: callers retrying a command reuse its ids.
    pub event_id: Uuid,
    pub event: Event,
    pub metadata: Metadata,
    /// When it happened on the device that caused it; `recorded_at` is set by the database.
    pub occurred_at: DateTime<Utc>,
}

impl NewEvent {
    pub fn new(event: Event, metadata: Metadata) -> NewEvent {
        NewEvent {
            event_id: Uuid::now_v7(),
            event,
            metadata,
            occurred_at: Utc::now(),
        }
    }
}

/// An event already encoded, of any type and version: what golden histories hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RawEvent {
    pub event_id: Uuid,
    pub event_type: String,
    pub schema_version: i32,
    pub data: serde_json::Value,
    pub metadata: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
}

/// An event's `data` as the row holds it: its JSON text, read from the row's bytes and decoded
/// straight into the typed event ([`RecordedEvent::decode`]). Replaying the log builds no
/// `serde_json::Value` tree per event, only for an older version its upcasters rewrite, or for a
/// caller that looks inside ([`EventData::to_value`]).
#[derive(Clone)]
pub struct EventData(Box<str>);

impl EventData {
    /// The JSON text (PostgreSQL's rendering of the `jsonb`).
    pub fn json(&self) -> &str {
        &self.0
    }

    /// The data as a JSON value, for looking inside it.
    pub fn to_value(&self) -> serde_json::Value {
        // The text is valid JSON: PostgreSQL wrote it from a jsonb, or `From<Value>` did.
        serde_json::from_str(&self.0).unwrap_or(serde_json::Value::Null)
    }
}

impl From<serde_json::Value> for EventData {
    fn from(value: serde_json::Value) -> EventData {
        EventData(value.to_string().into_boxed_str())
    }
}

impl From<&serde_json::Value> for EventData {
    fn from(value: &serde_json::Value) -> EventData {
        EventData(value.to_string().into_boxed_str())
    }
}

/// Equal when they are the same JSON: the same data rendered by PostgreSQL and by serde_json
/// differs in spacing and key order.
impl PartialEq for EventData {
    fn eq(&self, other: &EventData) -> bool {
        self.0 == other.0 || self.to_value() == other.to_value()
    }
}

impl PartialEq<serde_json::Value> for EventData {
    fn eq(&self, other: &serde_json::Value) -> bool {
        self.to_value() == *other
    }
}

impl std::fmt::Debug for EventData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl sqlx::Type<sqlx::Postgres> for EventData {
    fn type_info() -> sqlx::postgres::PgTypeInfo {
        sqlx::postgres::PgTypeInfo::with_name("jsonb")
    }

    fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
        <serde_json::Value as sqlx::Type<sqlx::Postgres>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Postgres> for EventData {
    fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        use sqlx::postgres::{PgTypeInfo, PgValueFormat};
        use sqlx::ValueRef;
        let binary_jsonb = value.format() == PgValueFormat::Binary
            && *value.type_info() == PgTypeInfo::with_name("jsonb");
        let mut bytes = value.as_bytes()?;
        // Binary jsonb is a version byte (1) and then the JSON text; json and text formats are
        // the text alone.
        if binary_jsonb {
            match bytes.split_first() {
                Some((1, rest)) => bytes = rest,
                _ => return Err("unsupported jsonb format version".into()),
            }
        }
        Ok(EventData(std::str::from_utf8(bytes)?.into()))
    }
}

/// An event as stored in the log, not yet decoded (its data may be of an older version).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RecordedEvent {
    pub position: i64,
    pub event_id: Uuid,
    pub stream_id: String,
    pub stream_version: i64,
    pub event_type: String,
    pub schema_version: i32,
    pub data: EventData,
    #[sqlx(json)]
    pub metadata: Metadata,
    pub occurred_at: DateTime<Utc>,
    pub recorded_at: DateTime<Utc>,
}

impl RecordedEvent {
    /// Decodes the data, upcasting an older version to the current one.
    pub fn decode(&self) -> Result<Event, crate::Error> {
        Event::decode_json(&self.event_type, self.schema_version, self.data.json())
    }
}

/// What the stream's version must be for an append to go ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedVersion {
    /// Append whatever the stream's version is.
    Any,
    /// The stream must not exist yet.
    NoStream,
    /// The stream must be exactly at this version (the one the command was decided on).
    Exact(i64),
}

impl ExpectedVersion {
    pub(crate) fn as_sql(self) -> Option<i64> {
        match self {
            ExpectedVersion::Any => None,
            ExpectedVersion::NoStream => Some(0),
            ExpectedVersion::Exact(v) => Some(v),
        }
    }
}

/// The outcome of an append.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Appended {
    pub first_position: i64,
    pub last_position: i64,
    /// The stream's version after the append.
    pub stream_version: i64,
    /// True when these event ids were already stored: nothing new was written.
    pub duplicate: bool,
}
