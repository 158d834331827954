//! Golden histories: event logs as stored (any schema version), kept as JSON files in
//! `histories/`, with the read models they must produce in `expected/`.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::Deserialize;
use sqlx::PgPool;
use uuid::Uuid;

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

/// Stores a history exactly as written, old versions included: through the append function, one
/// call per event, as the system stored it at the time.
pub async fn store(pool: &PgPool, events: &[StoredEvent]) -> Result<(), sqlx::Error> {
    for e in events {
        sqlx::query(
            "SELECT * FROM append_events($1, NULL, ARRAY[$2::uuid], ARRAY[$3], ARRAY[$4::int], \
             ARRAY[$5::jsonb], ARRAY[$6::jsonb], ARRAY[$7::timestamptz])",
        )
        .bind(&e.stream_id)
        .bind(e.event_id)
        .bind(&e.event_type)
        .bind(e.schema_version)
        .bind(&e.data)
        .bind(&e.metadata)
        .bind(e.occurred_at)
        .fetch_all(pool)
        .await?;
    }
    Ok(())
}
