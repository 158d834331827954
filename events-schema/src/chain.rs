//! Tamper evidence (issue 7): the hash chains over the log, sealing and verification.
//!
//! Two chains (migrations/0009_tamper_evidence.sql explains why two):
//!
//! - **Per stream, at append.** `events.hash` chains each event to `prev_hash`, the hash of the
//!   stream's previous event (32 zero bytes for version 1). How is the event's [`HashFormat`]
//!   (`events.hash_format`). Formats 1 and 2 hash sha256(`prev_hash` || [`canonical_encoding`])
//!   in SQL (`event_hash`, `event_hash_v2`). Format 3, what appends write since migration 0020,
//!   hashes the content here before the INSERT ([`content_digest`]), and the statement only
//!   chains that digest ([`event_hash_v3`], SQL's `event_hash_v3`). [`event_hash`] computes every
//!   format in Rust, and a test holds Rust and SQL equal.
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
    /// Since 0020: [`content_digest`] made in Rust, chained by [`event_hash_v3`].
    V3,
}

impl HashFormat {
    /// The format stored as `events.hash_format`, if it is one.
    pub fn from_stored(n: i16) -> Option<HashFormat> {
        match n {
            1 => Some(HashFormat::V1),
            2 => Some(HashFormat::V2),
            3 => Some(HashFormat::V3),
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

/// A stored event's hash, from its row: sha256(prev || canonical encoding) in formats 1 and 2
/// (SQL's `event_hash`, `event_hash_v2`); in format 3, [`event_hash_v3`] of the
/// [`content_digest`] recomputed from the stored data and metadata. None when a format 3 event's
/// stored JSON is not something an append could have written (a number beyond f64, say): its
/// content cannot match any hash.
pub fn event_hash(prev: &[u8], event: &EventContent<'_>) -> Option<[u8; 32]> {
    if event.format == HashFormat::V3 {
        let data: serde_json::Value = serde_json::from_str(event.data).ok()?;
        let metadata: serde_json::Value = serde_json::from_str(event.metadata).ok()?;
        let digest = content_digest(&Content {
            stream_id: event.stream_id,
            event_id: event.event_id,
            event_type: event.event_type,
            schema_version: event.schema_version,
            data: &data,
            metadata: &metadata,
            occurred_at: event.occurred_at,
        });
        return Some(event_hash_v3(
            prev,
            &digest,
            event.stream_version,
            event.recorded_at,
        ));
    }
    let mut h = Sha256::new();
    h.update(prev);
    h.update(canonical_encoding(event));
    Some(h.finalize().into())
}

/// What format 3's [`content_digest`] covers: everything the append knows before it reaches the
/// database. The stream version and `recorded_at`, which only the statement knows, are chained
/// by [`event_hash_v3`].
#[derive(Debug, Clone, Copy)]
pub struct Content<'a> {
    pub stream_id: &'a str,
    pub event_id: Uuid,
    pub event_type: &'a str,
    pub schema_version: i32,
    pub data: &'a serde_json::Value,
    pub metadata: &'a serde_json::Value,
    /// Whole microseconds, as the database stores it: the append truncates it before both
    /// hashing and storing.
    pub occurred_at: DateTime<Utc>,
}

/// Format 3's content digest: sha256 of stream_id, event_id, event_type, schema_version,
/// [`canonical_json`] of data and of metadata, and occurred_at, in this order, each as UTF-8
/// text followed by one zero byte (the uuid, integer and time written as in
/// [`canonical_encoding`]; JSON text escapes every control character, so no field holds a zero
/// byte). Computed by the appender before the INSERT, so the database spends nothing on
/// printing jsonb or timestamps; `verify` recomputes it from the stored row.
pub fn content_digest(c: &Content<'_>) -> [u8; 32] {
    let mut h = Sha256::new();
    let mut field = |bytes: &[u8]| {
        h.update(bytes);
        h.update([0]);
    };
    field(c.stream_id.as_bytes());
    field(c.event_id.hyphenated().to_string().as_bytes());
    field(c.event_type.as_bytes());
    field(c.schema_version.to_string().as_bytes());
    field(canonical_json(c.data).as_bytes());
    field(canonical_json(c.metadata).as_bytes());
    field(utc_text(c.occurred_at).as_bytes());
    h.finalize().into()
}

/// Format 3's link, equal to SQL's `event_hash_v3` (migrations/0020): sha256(prev || content
/// digest || stream_version, 8 bytes big endian || recorded_at as PostgreSQL sends a
/// timestamptz: microseconds since 2000-01-01 UTC, 8 bytes big endian). Fixed-size fields only,
/// so the statement computes it from builtins.
pub fn event_hash_v3(
    prev: &[u8],
    content_digest: &[u8; 32],
    stream_version: i64,
    recorded_at: DateTime<Utc>,
) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(prev);
    h.update(content_digest);
    h.update(stream_version.to_be_bytes());
    h.update(postgres_micros(recorded_at).to_be_bytes());
    h.finalize().into()
}

/// Microseconds since PostgreSQL's epoch, 2000-01-01 UTC, rounded down like the timestamptz the
/// database stores.
fn postgres_micros(t: DateTime<Utc>) -> i64 {
    const POSTGRES_EPOCH_SECONDS: i64 = 946_684_800;
    (t.timestamp() - POSTGRES_EPOCH_SECONDS) * 1_000_000 + i64::from(t.timestamp_subsec_micros())
}

/// The JSON of a format 3 digest: a text that depends only on the value, and on nothing jsonb
/// changes when it stores one (key order, spacing, how a number is written), so that the value
/// read back from the database encodes exactly as the value that was appended. Objects with keys
/// in byte order, no whitespace, strings escaped as serde_json writes them. Numbers as serde_json
/// writes them (integers in decimal, floats in their shortest round-trip form: jsonb keeps that
/// exact decimal, which reads back as the same f64, since serde_json's `float_roundtrip` parses
/// it correctly rounded), except where jsonb turns a float into something else: `-0.0` is
/// `0.0`, and `1e19` is the integer it comes back as (`canonical_number`). A test checks the
/// round trip through PostgreSQL for every kind of number.
pub fn canonical_json(value: &serde_json::Value) -> String {
    let mut out = String::new();
    write_json(&mut out, value);
    out
}

fn write_json(out: &mut String, value: &serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&canonical_number(n)),
        Value::String(s) => out.push_str(&json_string(s)),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&json_string(key));
                out.push(':');
                write_json(out, item);
            }
            out.push('}');
        }
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

fn canonical_number(n: &serde_json::Number) -> String {
    let Some(f) = n.as_f64().filter(|_| n.is_f64()) else {
        return n.to_string();
    };
    // jsonb has no negative zero: -0.0 comes back as 0.0.
    if f == 0.0 {
        return "0.0".into();
    }
    let shortest = n.to_string();
    // A float written with a positive exponent and no digits left after the point (1e19,
    // 1.152921504606847e18) is stored by jsonb as that integer, which reads back as one when it
    // fits i64 or u64: encode it as that integer.
    if let Some(integer) = integer_of_exponent_form(&shortest) {
        if integer.parse::<i64>().is_ok() || integer.parse::<u64>().is_ok() {
            return integer;
        }
    }
    shortest
}

/// `d.ddde±x` with x at least the number of fraction digits, as a plain integer.
fn integer_of_exponent_form(text: &str) -> Option<String> {
    let (mantissa, exponent) = text.split_once(['e', 'E'])?;
    let exponent: usize = exponent.trim_start_matches('+').parse().ok()?;
    let (sign, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > exponent {
        return None;
    }
    let integer = format!("{whole}{fraction}{}", "0".repeat(exponent - fraction.len()));
    let integer = integer.trim_start_matches('0');
    Some(format!(
        "{sign}{}",
        if integer.is_empty() { "0" } else { integer }
    ))
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
        if event_hash(prev_hash, &content).is_none_or(|h| h[..] != hash[..]) {
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
