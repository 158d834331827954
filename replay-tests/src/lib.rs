//! Golden histories: event logs as stored (any schema version), kept as JSON files in
//! `histories/`, with the read models they must produce in `expected/`.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::Deserialize;
use sqlx::PgPool;
use uuid::Uuid;

use events_schema::{EventStore, ExpectedVersion, RawEvent};

#[derive(Debug, Deserialize)]
pub struct StoredEvent {
    pub event_id: Uuid,
    pub stream_id: String,
    pub event_type: String,
    pub schema_version: i32,
    pub data: serde_json::Value,
    pub metadata: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
}

pub fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// The names of every golden history.
pub fn histories() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir("histories"))
        .map(|entries| {
            entries
                .filter_map(|e| {
                    e.ok()?
                        .file_name()
                        .into_string()
                        .ok()?
                        .strip_suffix(".json")
                        .map(str::to_string)
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

pub fn load(name: &str) -> Result<Vec<StoredEvent>, String> {
    let path = dir("histories").join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Stores a history exactly as written, old versions included, one append per event, as the
/// system stored it at the time.
pub async fn store(pool: &PgPool, events: &[StoredEvent]) -> Result<(), events_schema::Error> {
    let mut conn = pool.acquire().await?;
    for e in events {
        let raw = RawEvent {
            event_id: e.event_id,
            event_type: e.event_type.clone(),
            schema_version: e.schema_version,
            data: e.data.clone(),
            metadata: e.metadata.clone(),
            occurred_at: e.occurred_at,
        };
        EventStore::append_raw_on(&mut conn, &e.stream_id, ExpectedVersion::Any, &[raw]).await?;
    }
    Ok(())
}
