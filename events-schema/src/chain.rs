//! Tamper evidence (issue 7): the hash chains over the log, sealing and verification.
//!
//! Two chains (migrations/0009_tamper_evidence.sql explains why two):
//!
//! - **Per stream, at append.** `events.hash` = sha256(`prev_hash` || [`canonical_encoding`]),
//!   `prev_hash` being the hash of the stream's previous event (32 zero bytes for version 1). The
//!   append statement computes it in SQL (`event_hash_v2`); [`event_hash`] here is the same
//!   function in Rust, and a test holds the two equal. Which fields the encoding covers is the
//!   event's [`HashFormat`] (`events.hash_format`): events appended since migration 0016 cover
//!   `recorded_at` too.
//! - **Over the whole log, sealed after commit.** `log_chain.chain_hash` = sha256(previous
//!   chain_hash || position as 8 bytes big-endian || `events.hash`), in position order. The
//!   sealer ([`seal_step`], [`spawn_sealer`]) follows the committed gap-free prefix like a
//!   projector, so appends never wait for it. It is not a projection: nothing recomputes it.
//!
//! [`verify`] walks the log in position order, in batches, and reports the first broken link.

use std::time::Duration;

use chrono::{DateTime, Datelike, Timelike, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{Error, EventStore};

/// The hash before a stream's first event, and before the first sealed row.
pub const ZERO_HASH: [u8; 32] = [0; 32];

/// What [`verify`] reports, in Spanish, for each kind of broken link.
pub mod reason {
    pub const CONTENT: &str = "el contenido del evento no coincide con su hash";
    pub const LINK: &str = "el enlace con el evento anterior de su flujo no coincide";
    pub const SEAL: &str = "el sello de la cadena no coincide";
    pub const SEALED_MISSING: &str = "falta el evento sellado en esta posición";
    pub const UNSEALED: &str =
        "el evento no está en la cadena sellada, aunque eventos posteriores sí lo están";
    pub const FORMAT: &str = "el formato del hash del evento es desconocido";
    pub fn previous_missing(version: i64) -> String {
        format!("falta el evento anterior de su flujo (versión {version})")
    }
}

/// Which fields an event's hash covers (`events.hash_format`, migrations/0016).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashFormat {
    /// Migration 0009's encoding, of the events recorded before 0016: not `recorded_at`.
    V1,
    /// Since 0016: 0009's fields, then `recorded_at`.
    V2,
}

impl HashFormat {
    /// The format stored as `events.hash_format`, if it is one.
    pub fn from_stored(n: i16) -> Option<HashFormat> {
        match n {
            1 => Some(HashFormat::V1),
            2 => Some(HashFormat::V2),
            _ => None,
        }
    }
}

/// The fields of an event that its hash covers, as stored. `data` and `metadata` are jsonb's
/// text output (`data::text`), which is canonical: the same value always prints the same way.
#[derive(Debug, Clone, Copy)]
pub struct EventContent<'a> {
    pub format: HashFormat,
    pub stream_id: &'a str,
    pub stream_version: i64,
    pub event_id: Uuid,
    pub event_type: &'a str,
    pub schema_version: i32,
    pub data: &'a str,
    pub metadata: &'a str,
    pub occurred_at: DateTime<Utc>,
    /// Covered by [`HashFormat::V2`] only.
    pub recorded_at: DateTime<Utc>,
}

/// The canonical encoding: the UTF-8 text of each field followed by one zero byte, in the order
/// stream_id, stream_version, event_id, event_type, schema_version, data, metadata, occurred_at,
/// and, in [`HashFormat::V2`], recorded_at. Integers in decimal, the uuid lowercase with hyphens,
/// times in UTC as `YYYY-MM-DDTHH:MI:SS.ffffffZ` (PostgreSQL's
/// `to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`: the microseconds a timestamptz stores). No
/// PostgreSQL text holds a zero byte, so the encoding is unambiguous, across formats too (eight
/// fields against nine).
pub fn canonical_encoding(e: &EventContent<'_>) -> Vec<u8> {
    let mut fields = vec![
        e.stream_id.to_string(),
        e.stream_version.to_string(),
        e.event_id.hyphenated().to_string(),
        e.event_type.to_string(),
        e.schema_version.to_string(),
        e.data.to_string(),
        e.metadata.to_string(),
        utc_text(e.occurred_at),
    ];
    if e.format == HashFormat::V2 {
        fields.push(utc_text(e.recorded_at));
    }
    let mut out = Vec::with_capacity(fields.iter().map(|f| f.len() + 1).sum());
    for field in &fields {
        out.extend_from_slice(field.as_bytes());
        out.push(0);
    }
    out
}

/// A time as the hash encodes it. Written out field by field rather than with chrono's
/// `%Y`, which prefixes a `+` to years past 9999 where PostgreSQL's `YYYY` does not.
fn utc_text(t: DateTime<Utc>) -> String {
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z",
        t.year(),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.timestamp_subsec_micros().min(999_999)
    )
}

/// An event's hash: sha256(prev || canonical encoding). Equal to SQL's `event_hash` (format 1)
/// and `event_hash_v2` (format 2).
pub fn event_hash(prev: &[u8], event: &EventContent<'_>) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(prev);
    h.update(canonical_encoding(event));
    h.finalize().into()
}

/// A sealed row's hash: sha256(previous chain hash || position, 8 bytes big endian || event hash).
pub fn chain_hash(prev: &[u8], position: i64, event_hash: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(prev);
    h.update(position.to_be_bytes());
    h.update(event_hash);
    h.finalize().into()
}

/// The last sealed row: print it, keep it somewhere else, and compare later (README 'Tamper
/// evidence': someone with full rights over the database could recompute every hash, but not
/// change a head that was exported before).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChainHead {
    pub position: i64,
    /// Hex.
    pub chain_hash: String,
}

/// One advisory lock for every sealer of the database (key space 2; projectors use 1).
const SEAL_LOCK: &str = "SELECT pg_advisory_xact_lock(2, hashtext('log_chain'))";

/// Seals at most `batch` committed events after the last sealed one, in one transaction.
/// Returns how many it sealed and the last sealed position. Only the gap-free committed prefix is
/// read (as [`EventStore::read_after`] does), so a position it passes can never be filled later.
pub async fn seal_step(pool: &PgPool, batch: i64) -> Result<(usize, i64), Error> {
    let mut tx = pool.begin().await?;
    sqlx::query(SEAL_LOCK).execute(&mut *tx).await?;
    let last: Option<(i64, Vec<u8>)> =
        sqlx::query_as("SELECT position, chain_hash FROM log_chain ORDER BY position DESC LIMIT 1")
            .fetch_optional(&mut *tx)
            .await?;
    let (after, mut prev) = last.unwrap_or((0, ZERO_HASH.to_vec()));
    // Nothing written yet in this transaction, so its own id does not hold the horizon back.
    let events: Vec<(i64, Vec<u8>)> = sqlx::query_as(
        "SELECT position, hash FROM events WHERE position > $1 \
         AND position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * 10000 \
         ORDER BY position LIMIT $2",
    )
    .bind(after)
    .bind(batch)
    .fetch_all(&mut *tx)
    .await?;
    let Some(&(last_position, _)) = events.last() else {
        tx.rollback().await?;
        return Ok((0, after));
    };
    let mut positions = Vec::with_capacity(events.len());
    let mut hashes = Vec::with_capacity(events.len());
    for (position, hash) in &events {
        let sealed = chain_hash(&prev, *position, hash).to_vec();
        positions.push(*position);
        hashes.push(sealed.clone());
        prev = sealed;
    }
    sqlx::query("INSERT INTO log_chain (position, chain_hash) SELECT * FROM unnest($1::bigint[], $2::bytea[])")
        .bind(&positions)
        .bind(&hashes)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((events.len(), last_position))
}

/// Seals everything committed before the call (and perhaps some committed while it runs).
/// Events committed before the call may still sit above the horizon of an older transaction
/// that is running (in any database of the cluster: transaction ids are cluster-wide); it waits
/// for that transaction up to [`HORIZON_WAIT`], and what is left then stays for the next seal
/// (`verify` counts it as pending).
pub async fn seal(pool: &PgPool, batch: i64) -> Result<usize, Error> {
    let target: i64 = sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM events")
        .fetch_one(pool)
        .await?;
    let started = std::time::Instant::now();
    let mut total = 0;
    loop {
        let (sealed, last) = seal_step(pool, batch).await?;
        total += sealed;
        if last >= target || (sealed == 0 && started.elapsed() > HORIZON_WAIT) {
            return Ok(total);
        }
        if sealed == 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// How long [`seal`] waits for an older transaction that holds committed events back.
pub const HORIZON_WAIT: Duration = Duration::from_secs(60);

/// The newest sealed row, if any.
pub async fn head(conn: &mut PgConnection) -> Result<Option<ChainHead>, Error> {
    let last: Option<(i64, Vec<u8>)> =
        sqlx::query_as("SELECT position, chain_hash FROM log_chain ORDER BY position DESC LIMIT 1")
            .fetch_optional(conn)
            .await?;
    Ok(last.map(|(position, hash)| ChainHead {
        position,
        chain_hash: hex::encode(hash),
    }))
}

/// Between two seal steps when the sealer has caught up: sealing is not urgent, and bigger
/// batches cost the appenders less.
const SEAL_PACE: Duration = Duration::from_millis(200);

/// Seals the log in the background as it grows, for as long as the process runs (started by the
/// server next to the projectors). Several processes may run one: they take turns on a lock.
pub fn spawn_sealer(store: EventStore, batch: i64) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut head = store.subscribe_head();
        let mut backoff = Duration::from_millis(100);
        loop {
            match seal_step(store.pool(), batch).await {
                Ok((sealed, last)) => {
                    backoff = Duration::from_millis(100);
                    if sealed < batch as usize {
                        tokio::time::sleep(SEAL_PACE).await;
                        store.wait_for_news(&mut head, last).await;
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "sealing the log chain failed");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(10));
                }
            }
        }
    })
}

/// The first broken link [`verify`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BrokenLink {
    pub position: i64,
    /// Empty when the event itself is missing.
    pub stream_id: String,
    pub event_type: String,
    pub motivo: String,
}

/// What [`verify`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verification {
    /// True when every event's hash and links, and every sealed row, match.
    pub ok: bool,
    /// Events checked.
    pub verificados: i64,
    /// Events checked whose seal is still to come (the sealer follows the log a little behind).
    pub pendientes: i64,
    pub primer_fallo: Option<BrokenLink>,
    /// The last sealed row seen.
    #[serde(skip)]
    pub head: Option<ChainHead>,
}

/// One row of the walk: a position that holds an event, a seal, or both.
#[derive(sqlx::FromRow)]
struct Row {
    position: i64,
    stream_id: Option<String>,
    stream_version: Option<i64>,
    event_id: Option<Uuid>,
    event_type: Option<String>,
    schema_version: Option<i32>,
    data: Option<String>,
    metadata: Option<String>,
    occurred_at: Option<DateTime<Utc>>,
    recorded_at: Option<DateTime<Utc>>,
    hash_format: Option<i16>,
    prev_hash: Option<Vec<u8>>,
    hash: Option<Vec<u8>>,
    /// The stored hash of the stream's previous event.
    predecessor: Option<Vec<u8>>,
    chain_hash: Option<Vec<u8>>,
}

/// Positions that hold an event or a seal (a seal whose event was deleted must be seen), the
/// next `$2` after `$1`, each with its event, its predecessor's hash and its seal.
const WALK: &str = "\
    SELECT k.position, e.stream_id, e.stream_version, e.event_id, e.event_type, \
           e.schema_version, e.data::text AS data, e.metadata::text AS metadata, e.occurred_at, \
           e.recorded_at, e.hash_format, e.prev_hash, e.hash, p.hash AS predecessor, c.chain_hash \
    FROM (SELECT position FROM ( \
              (SELECT position FROM events WHERE position > $1 ORDER BY position LIMIT $2) \
              UNION \
              (SELECT position FROM log_chain WHERE position > $1 ORDER BY position LIMIT $2)) u \
          ORDER BY position LIMIT $2) k \
    LEFT JOIN events e ON e.position = k.position \
    LEFT JOIN events p ON p.stream_id = e.stream_id AND p.stream_version = e.stream_version - 1 \
    LEFT JOIN log_chain c ON c.position = k.position \
    ORDER BY k.position";

/// Walks the whole log in position order, `batch` rows at a time (memory stays flat whatever
/// the log's size), in one read-only snapshot so that appends and seals made meanwhile cannot
/// look like holes. For each event: its hash against its content and stored `prev_hash`; that
/// `prev_hash` against the stored hash of the stream's previous event; and, once sealed, its
/// seal against the previous seal. Stops at the first broken link. `progress(done, total)` is
/// called after each batch.
pub async fn verify(
    pool: &PgPool,
    batch: i64,
    mut progress: impl FnMut(i64, i64),
) -> Result<Verification, Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await?;
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&mut *tx)
        .await?;
    let mut walk = Walk::default();
    let mut after = 0;
    loop {
        let rows: Vec<Row> = sqlx::query_as(WALK)
            .bind(after)
            .bind(batch)
            .fetch_all(&mut *tx)
            .await?;
        let Some(last) = rows.last().map(|r| r.position) else {
            break;
        };
        for row in &rows {
            if let Some(broken) = walk.check(row) {
                tx.rollback().await?;
                return Ok(walk.finish(Some(broken)));
            }
        }
        progress(walk.verificados, total.max(walk.verificados));
        after = last;
    }
    tx.rollback().await?;
    Ok(walk.finish(None))
}

#[derive(Default)]
struct Walk {
    verificados: i64,
    pendientes: i64,
    /// The last seal seen: the next one chains from it.
    sealed: Option<(i64, Vec<u8>)>,
    /// The first event seen without a seal. Sealing goes in position order, so a sealed event
    /// after it means it was slipped into the sealed part of the log afterwards.
    first_unsealed: Option<BrokenLink>,
}

impl Walk {
    fn check(&mut self, row: &Row) -> Option<BrokenLink> {
        let (
            Some(stream_id),
            Some(stream_version),
            Some(event_id),
            Some(event_type),
            Some(schema_version),
            Some(data),
            Some(metadata),
            Some(occurred_at),
            Some(recorded_at),
            Some(hash_format),
            Some(prev_hash),
            Some(hash),
        ) = (
            &row.stream_id,
            row.stream_version,
            row.event_id,
            &row.event_type,
            row.schema_version,
            &row.data,
            &row.metadata,
            row.occurred_at,
            row.recorded_at,
            row.hash_format,
            &row.prev_hash,
            &row.hash,
        )
        else {
            // Only a seal is at this position: its event was deleted.
            return Some(BrokenLink {
                position: row.position,
                stream_id: String::new(),
                event_type: String::new(),
                motivo: reason::SEALED_MISSING.into(),
            });
        };
        self.verificados += 1;
        let broken = |why: String| BrokenLink {
            position: row.position,
            stream_id: stream_id.clone(),
            event_type: event_type.clone(),
            motivo: why,
        };
        let Some(format) = HashFormat::from_stored(hash_format) else {
            return Some(broken(reason::FORMAT.into()));
        };
        let content = EventContent {
            format,
            stream_id,
            stream_version,
            event_id,
            event_type,
            schema_version,
            data,
            metadata,
            occurred_at,
            recorded_at,
        };
        if event_hash(prev_hash, &content)[..] != hash[..] {
            return Some(broken(reason::CONTENT.into()));
        }
        if stream_version == 1 {
            if prev_hash[..] != ZERO_HASH[..] {
                return Some(broken(reason::LINK.into()));
            }
        } else {
            match &row.predecessor {
                None => return Some(broken(reason::previous_missing(stream_version - 1))),
                Some(p) if p != prev_hash => return Some(broken(reason::LINK.into())),
                Some(_) => {}
            }
        }
        match &row.chain_hash {
            Some(sealed) => {
                if let Some(unsealed) = self.first_unsealed.take() {
                    return Some(unsealed);
                }
                let prev = self.sealed.as_ref().map_or(&ZERO_HASH[..], |s| &s.1[..]);
                if chain_hash(prev, row.position, hash)[..] != sealed[..] {
                    return Some(broken(reason::SEAL.into()));
                }
                self.sealed = Some((row.position, sealed.clone()));
            }
            None => {
                self.pendientes += 1;
                if self.first_unsealed.is_none() {
                    self.first_unsealed = Some(broken(reason::UNSEALED.into()));
                }
            }
        }
        None
    }

    fn finish(self, broken: Option<BrokenLink>) -> Verification {
        Verification {
            ok: broken.is_none(),
            verificados: self.verificados,
            pendientes: self.pendientes,
            primer_fallo: broken,
            head: self.sealed.map(|(position, hash)| ChainHead {
                position,
                chain_hash: hex::encode(hash),
            }),
        }
    }
}
