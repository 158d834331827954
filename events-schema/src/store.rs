//! Append, read and follow the log.
//!
//! Followers are woken three ways, each a fallback for the one before: an in-process signal when
//! this process appended, a NOTIFY carrying only a position when another process did, and a slow
//! poll in case a notification was lost or the LISTEN connection died unnoticed.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool};
use sqlx::{Connection, PgConnection};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use tokio::sync::{watch, Mutex, MutexGuard};
use uuid::Uuid;

use crate::envelope::{Appended, ExpectedVersion, NewEvent, RawEvent, RecordedEvent};
use crate::{chain, Error};

/// The NOTIFY channel; its payload is only the newest position (a payload over 8000 bytes would
/// abort the append, so events themselves never travel this way).
pub const NOTIFY_CHANNEL: &str = "mudanzas_events";

const SELECT_EVENTS: &str = "SELECT position, event_id, stream_id, stream_version, event_type, \
     schema_version, data, metadata, occurred_at, recorded_at FROM events";

#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// How often followers look at the log when nothing woke them.
    pub poll_interval: Duration,
    /// Whether to LISTEN for other processes' appends and NOTIFY them of ours.
    pub cross_process: bool,
    /// Connections kept for appends alone, besides the pool: as many appends as this run at once.
    pub append_connections: usize,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            poll_interval: Duration::from_secs(2),
            cross_process: true,
            append_connections: 8,
        }
    }
}

/// The handle to the log. Cheap to clone.
#[derive(Clone)]
pub struct EventStore {
    inner: Arc<Inner>,
}

struct Inner {
    pool: PgPool,
    options: StoreOptions,
    /// The newest position known to be committed, from local appends and from notifications.
    head: watch::Sender<i64>,
    /// The newest position this process appended, for the notifier to pass on.
    local_head: watch::Sender<i64>,
    /// Connections for appends, opened on first use. Appends bypass the pool: returning a
    /// connection to an sqlx pool spawns a task, and that cost a fifth of the append rate with
    /// eight writers (docs/PERFORMANCE.md).
    appenders: Vec<Mutex<Option<PgConnection>>>,
    next_appender: AtomicUsize,
    /// The backend pid of the notifier's connection (0 before it connects).
    notifier_pid: AtomicU32,
}

/// Positions are `transaction id × POSITIONS_PER_TRANSACTION + index`, so one append holds at
/// most this many events (see [`APPEND`]).
pub const POSITIONS_PER_TRANSACTION: i64 = 10_000;

/// The hash before a stream's first event.
macro_rules! zero_hash {
    () => {
        "'\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea"
    };
}
/// The version and hash of a stream's last event, (0, zero hash) for a new stream, in one
/// backward probe of the (stream_id, stream_version) index.
macro_rules! last_of_stream {
    ($stream:literal) => {
        concat!(
            "(SELECT coalesce(l.version, 0) AS version, coalesce(l.hash, ",
            zero_hash!(),
            ") AS hash FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT stream_version AS version, \
             hash FROM events WHERE stream_id = ",
            $stream,
            " ORDER BY stream_version DESC LIMIT 1) l ON true)"
        )
    };
}
/// The append, in one statement: the only place events are written.
///
/// The version check and the insert happen together: the stream's version is read, and the rows
/// go in only if it is the expected one (`$2`, NULL for any). Zero rows back means it was not. A
/// concurrent append of the same version, or an event id stored before, fails on a unique index.
///
/// Gap-free following (ARCHITECTURE §3): an event's position is its transaction's id times
/// [`POSITIONS_PER_TRANSACTION`] plus its index in the append, so positions are ordered exactly
/// like transaction ids, with no lock and no sequence. A follower reads only positions below
/// the oldest transaction still running (`pg_snapshot_xmin`, see [`EventStore::read_after`]):
/// those transactions are over, and every event still to come belongs to a transaction at or
/// above that id, so it lands at a higher position. What a follower reads is always a prefix of
/// the log in position order, whatever order transactions commit in. Positions have gaps (the
/// ids of transactions that wrote no events); order is what matters.
///
/// Hence one append per transaction: a second would reuse the first one's positions and fail on
/// the primary key.
///
/// Tamper evidence (migrations/0009, 0016, 0020): each row also gets `prev_hash`, the hash of
/// the stream's previous event, read by the same index probe that reads the stream's version (32
/// zero bytes for a new stream), and `hash` in format 3: `$9` holds each event's content digest
/// (32 bytes each, computed in Rust by [`chain::content_digest`] before sending), and the
/// statement only chains them, hash = `event_hash_v3(prev, digest, version, now())`, with
/// `recorded_at` written as the same `now()` it hashes. That predecessor is committed: a
/// concurrent append of the same version fails on the unique index, so the link is never to an
/// event that could vanish. Many events chain one after another through a recursive CTE that
/// walks the digests: builtins only, no per-event function call.
const APPEND: &str = concat!(
    "WITH RECURSIVE s AS ",
    last_of_stream!("$1"),
    ", c(i, prev, hash) AS ( \
         SELECT 0::bigint, NULL::bytea, s.hash FROM s WHERE $2::bigint IS NULL OR s.version = $2 \
         UNION ALL \
         SELECT c.i + 1, c.hash, \
                sha256(c.hash || substring($9::bytea FROM c.i::integer * 32 + 1 FOR 32) \
                       || int8send(s.version + c.i + 1) || timestamptz_send(now())) \
         FROM c, s WHERE c.i < octet_length($9::bytea) / 32) \
     INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
     event_type, schema_version, data, metadata, occurred_at, recorded_at, hash_format, \
     prev_hash, hash) \
     SELECT pg_current_xact_id()::text::bigint * 10000 + e.i - 1, pg_current_xact_id(), e.id, $1, \
            s.version + e.i, e.t, e.v, e.d, e.m, e.o, now(), 3, c.prev, c.hash \
     FROM s, unnest($3::uuid[], $4::text[], $5::integer[], $6::jsonb[], $7::jsonb[], \
                    $8::timestamptz[]) WITH ORDINALITY AS e(id, t, v, d, m, o, i) \
     JOIN c ON c.i = e.i \
     RETURNING position, stream_version"
);
/// [`APPEND`] for the commonest case, one event: scalar parameters, no arrays to build or
/// unnest, and the link as one inlined expression.
const APPEND_ONE: &str = concat!(
    "INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
     event_type, schema_version, data, metadata, occurred_at, recorded_at, hash_format, \
     prev_hash, hash) \
     SELECT pg_current_xact_id()::text::bigint * 10000, pg_current_xact_id(), $3, $1, \
            s.version + 1, $4, $5, $6, $7, $8, now(), 3, s.hash, \
            event_hash_v3(s.hash, $9, s.version + 1, now()) \
     FROM ",
    last_of_stream!("$1"),
    " s WHERE $2::bigint IS NULL OR s.version = $2 \
     RETURNING position, stream_version"
);

/// An append with no expected version that loses a race for the next version number is tried
/// again this many times.
const ANY_VERSION_RETRIES: usize = 3;

/// One append, encoded for the database.
struct Encoded<'a> {
    stream: &'a str,
    expected: ExpectedVersion,
    ids: Vec<Uuid>,
    types: Vec<&'a str>,
    versions: Vec<i32>,
    data: Vec<serde_json::Value>,
    metadata: Vec<serde_json::Value>,
    occurred: Vec<chrono::DateTime<chrono::Utc>>,
}

impl Encoded<'_> {
    /// The content digests of format 3, 32 bytes per event, in order (the `$9` of [`APPEND`]).
    fn digests(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 * self.ids.len());
        for i in 0..self.ids.len() {
            out.extend_from_slice(&chain::content_digest(&chain::Content {
                stream_id: self.stream,
                event_id: self.ids[i],
                event_type: self.types[i],
                schema_version: self.versions[i],
                data: &self.data[i],
                metadata: &self.metadata[i],
                occurred_at: self.occurred[i],
            }));
        }
        out
    }
}

/// An occurred_at as the database stores it, whole microseconds: the digest is made from the
/// value sent, so the value sent must be the one stored.
fn stored_time(t: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    use chrono::SubsecRound;
    t.trunc_subsecs(6)
}

impl EventStore {
    /// Opens the store; with `cross_process` it also starts the notifier and the listener tasks,
    /// which end when the last handle is dropped.
    pub fn new(pool: PgPool, options: StoreOptions) -> EventStore {
        let append_connections = options.append_connections.max(1);
        let (head, _) = watch::channel(0);
        let (local_head, _) = watch::channel(0);
        let store = EventStore {
            inner: Arc::new(Inner {
                pool,
                options,
                head,
                local_head,
                appenders: (0..append_connections).map(|_| Mutex::new(None)).collect(),
                next_appender: AtomicUsize::new(0),
                notifier_pid: AtomicU32::new(0),
            }),
        };
        if store.inner.options.cross_process {
            tokio::spawn(notifier(
                Arc::downgrade(&store.inner),
                store.inner.local_head.subscribe(),
            ));
            tokio::spawn(listener(Arc::downgrade(&store.inner)));
        }
        store
    }

    pub fn pool(&self) -> &PgPool {
        &self.inner.pool
    }

    /// Appends events to one stream, atomically, if the stream is at `expected`, in a
    /// transaction of its own.
    pub async fn append(
        &self,
        stream_id: &str,
        expected: ExpectedVersion,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        let mut slot = self.appender().await?;
        let conn = slot.as_mut().ok_or(Error::BadBatch(0))?;
        let appended = Self::append_on(conn, stream_id, expected, events).await;
        let appended = release(slot, appended).await?;
        if !appended.duplicate {
            self.announce(appended.last_position);
        }
        Ok(appended)
    }

    /// Appends to several streams in one transaction: all of them, each at its expected
    /// version, or none (a typed `Conflict` names the first stream that was not). For rules
    /// that span streams, such as a worker who may hold one move per day.
    pub async fn append_streams(
        &self,
        appends: &[StreamAppend<'_>],
    ) -> Result<Vec<Appended>, Error> {
        let mut slot = self.appender().await?;
        let conn = slot.as_mut().ok_or(Error::BadBatch(0))?;
        let appended = append_streams_on(conn, appends).await;
        let appended = release(slot, appended).await?;
        if let Some(last) = appended
            .iter()
            .filter(|a| !a.duplicate)
            .map(|a| a.last_position)
            .max()
        {
            self.announce(last);
        }
        Ok(appended)
    }

    /// Appends on a connection the caller holds, for an append that must commit together with
    /// other writes: inside the caller's transaction, at most once per transaction (see
    /// [`APPEND`]). Followers of this process are not woken; call [`EventStore::hint`] after
    /// the commit.
    pub async fn append_on(
        conn: &mut PgConnection,
        stream_id: &str,
        expected: ExpectedVersion,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        let append = Encoded {
            stream: stream_id,
            expected,
            ids: events.iter().map(|e| e.event_id).collect(),
            types: events.iter().map(|e| e.event.event_type()).collect(),
            versions: events.iter().map(|e| e.event.schema_version()).collect(),
            data: events.iter().map(|e| e.event.to_data()).collect(),
            metadata: events
                .iter()
                .map(|e| serde_json::to_value(&e.metadata).unwrap_or_default())
                .collect(),
            occurred: events.iter().map(|e| stored_time(e.occurred_at)).collect(),
        };
        append_encoded(conn, append).await
    }

    /// Appends events exactly as given, of any type and schema version, unchecked: for golden
    /// histories and tests that must store what an older version of the system wrote (or a
    /// malformed event). The application appends only through [`EventStore::append`].
    pub async fn append_raw_on(
        conn: &mut PgConnection,
        stream_id: &str,
        expected: ExpectedVersion,
        events: &[RawEvent],
    ) -> Result<Appended, Error> {
        let append = Encoded {
            stream: stream_id,
            expected,
            ids: events.iter().map(|e| e.event_id).collect(),
            types: events.iter().map(|e| e.event_type.as_str()).collect(),
            versions: events.iter().map(|e| e.schema_version).collect(),
            data: events.iter().map(|e| e.data.clone()).collect(),
            metadata: events.iter().map(|e| e.metadata.clone()).collect(),
            occurred: events.iter().map(|e| stored_time(e.occurred_at)).collect(),
        };
        append_encoded(conn, append).await
    }
    /// A free append connection, or the next one in turn when all are busy; connected.
    async fn appender(&self) -> Result<MutexGuard<'_, Option<PgConnection>>, Error> {
        let slots = &self.inner.appenders;
        let start = self.inner.next_appender.fetch_add(1, Ordering::Relaxed);
        let free = (0..slots.len()).find_map(|i| slots[(start + i) % slots.len()].try_lock().ok());
        let mut slot = match free {
            Some(slot) => slot,
            None => slots[start % slots.len()].lock().await,
        };
        if slot.is_none() {
            *slot = Some(PgConnection::connect_with(&self.inner.pool.connect_options()).await?);
        }
        Ok(slot)
    }

    /// Records that `position` is committed: wakes local followers at once and, through the
    /// notifier, other processes.
    fn announce(&self, position: i64) {
        self.inner.head.send_if_modified(|h| raise(h, position));
        self.inner
            .local_head
            .send_if_modified(|h| raise(h, position));
    }

    /// A stream's events in order, for deciding a command on its current state.
    pub async fn read_stream(&self, stream_id: &str) -> Result<Vec<RecordedEvent>, Error> {
        let sql = format!("{SELECT_EVENTS} WHERE stream_id = $1 ORDER BY stream_version");
        Ok(sqlx::query_as(&sql)
            .bind(stream_id)
            .fetch_all(&self.inner.pool)
            .await?)
    }

    /// A stream's events up to `until` (a position), in order, read on the caller's connection:
    /// what the stream was when a follower reached that position.
    pub async fn read_stream_until(
        conn: &mut PgConnection,
        stream_id: &str,
        until: i64,
    ) -> Result<Vec<RecordedEvent>, Error> {
        let sql = format!(
            "{SELECT_EVENTS} WHERE stream_id = $1 AND position <= $2 ORDER BY stream_version"
        );
        Ok(sqlx::query_as(&sql)
            .bind(stream_id)
            .bind(until)
            .fetch_all(conn)
            .await?)
    }

    /// Every event appended by these transactions (a position is its transaction's id ×
    /// [`POSITIONS_PER_TRANSACTION`] plus its index), in position order: what was written together
    /// with a given event, in whichever stream. Each transaction is one range of the primary key.
    pub async fn read_transactions(
        &self,
        transactions: &[i64],
    ) -> Result<Vec<RecordedEvent>, Error> {
        let mut transactions = transactions.to_vec();
        transactions.sort_unstable();
        transactions.dedup();
        let sql = format!(
            "{SELECT_EVENTS} JOIN unnest($1::bigint[]) AS t(tx) \
             ON position >= t.tx * $2 AND position < (t.tx + 1) * $2 ORDER BY position"
        );
        Ok(sqlx::query_as(&sql)
            .bind(&transactions)
            .bind(POSITIONS_PER_TRANSACTION)
            .fetch_all(&self.inner.pool)
            .await?)
    }

    /// Up to `limit` events after `after`, in position order, never skipping one: only events of
    /// transactions older than every transaction still running are returned, and positions
    /// guarantee that those form a prefix of the log (see [`APPEND`]).
    ///
    /// Run it before the caller's transaction writes anything: a transaction's own xid holds the
    /// horizon back, so events appended after its first write would wait for the next call.
    pub async fn read_after(
        conn: &mut PgConnection,
        after: i64,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, Error> {
        let sql = format!(
            "{SELECT_EVENTS} WHERE position > $1 \
             AND position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * 10000 \
             ORDER BY position LIMIT $2"
        );
        Ok(sqlx::query_as(&sql)
            .bind(after)
            .bind(limit)
            .fetch_all(conn)
            .await?)
    }

    /// The newest committed position that this process has heard of.
    pub fn head(&self) -> i64 {
        *self.inner.head.borrow()
    }

    /// Changes whenever a newer position is known to be committed.
    pub fn subscribe_head(&self) -> watch::Receiver<i64> {
        self.inner.head.subscribe()
    }

    /// An append made with [`EventStore::append_on`] has committed: wakes this process's
    /// followers at once and, through the notifier, other processes' (as [`EventStore::append`]
    /// does for its own appends).
    pub fn committed(&self, position: i64) {
        self.announce(position);
    }

    /// Tells followers to look now (after an external process wrote, in tests and tools).
    pub fn hint(&self, position: i64) {
        self.inner.head.send_if_modified(|h| raise(h, position));
    }

    /// A stream's current version (0 when it has no events), for deciding on it.
    pub async fn stream_version(&self, stream_id: &str) -> Result<i64, Error> {
        Ok(sqlx::query_scalar(
            "SELECT coalesce(max(stream_version), 0)::bigint FROM events WHERE stream_id = $1",
        )
        .bind(stream_id)
        .fetch_one(&self.inner.pool)
        .await?)
    }

    /// The last position stored, committed or not, for progress bars and benchmarks.
    pub async fn max_position(&self) -> Result<i64, Error> {
        Ok(
            sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM events")
                .fetch_one(&self.inner.pool)
                .await?,
        )
    }

    /// A follower that yields every event after `after`, in order, forever.
    pub fn follow(&self, after: i64, batch: i64) -> Follower {
        Follower {
            store: self.clone(),
            after,
            batch,
            head: self.subscribe_head(),
        }
    }

    /// Waits until something may have been appended after `after`, or the poll interval passes.
    /// When a known committed position is already past `after`, it only waits briefly: that
    /// event is committed but held back by an older transaction still running.
    pub async fn wait_for_news(&self, head: &mut watch::Receiver<i64>, after: i64) {
        let known = *head.borrow_and_update();
        if known > after {
            tokio::time::sleep(Duration::from_millis(2)).await;
            return;
        }
        let _ = tokio::time::timeout(self.inner.options.poll_interval, head.changed()).await;
    }
}

async fn append_encoded(conn: &mut PgConnection, append: Encoded<'_>) -> Result<Appended, Error> {
    if append.ids.is_empty() || append.ids.len() as i64 > POSITIONS_PER_TRANSACTION {
        return Err(Error::BadBatch(append.ids.len()));
    }
    let digests = append.digests();
    let mut tries = 0;
    loop {
        match append_once(conn, &append, &digests).await {
            Err(Error::Conflict { .. })
                if append.expected == ExpectedVersion::Any && tries < ANY_VERSION_RETRIES =>
            {
                tries += 1;
            }
            other => return other,
        }
    }
}

/// Runs [`APPEND`] once; on failure, tells a stale version from a retry of an append already
/// stored (a retried command reuses its event ids: that is a success that wrote nothing). Only
/// failed appends pay for that look-up.
async fn append_once(
    conn: &mut PgConnection,
    append: &Encoded<'_>,
    digests: &[u8],
) -> Result<Appended, Error> {
    let query = sqlx::query_as(if append.ids.len() == 1 {
        APPEND_ONE
    } else {
        APPEND
    })
    .bind(append.stream)
    .bind(append.expected.as_sql());
    let query = match append.ids.len() {
        1 => query
            .bind(append.ids[0])
            .bind(append.types[0])
            .bind(append.versions[0])
            .bind(&append.data[0])
            .bind(&append.metadata[0])
            .bind(append.occurred[0]),
        _ => query
            .bind(&append.ids)
            .bind(&append.types)
            .bind(&append.versions)
            .bind(&append.data)
            .bind(&append.metadata)
            .bind(&append.occurred),
    };
    let query = query.bind(digests);
    let result: Result<Vec<(i64, i64)>, sqlx::Error> = query.fetch_all(&mut *conn).await;
    match result {
        Ok(rows) if !rows.is_empty() => return Ok(appended(&rows, false)),
        // The stream was not at the expected version.
        Ok(_) => {}
        Err(e) => conflict_or_error(e)?,
    }
    // Only this stream's: the same id on another stream is another command's (a keyed creation
    // that lost its race decided another move number), and this append a conflict.
    let stored: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT position, stream_version FROM events WHERE event_id = ANY($1) \
         AND stream_id = $2 ORDER BY position",
    )
    .bind(&append.ids)
    .bind(append.stream)
    .fetch_all(&mut *conn)
    .await?;
    if !stored.is_empty() {
        return Ok(appended(&stored, true));
    }
    let actual: i64 = sqlx::query_scalar(
        "SELECT coalesce(max(stream_version), 0)::bigint FROM events WHERE stream_id = $1",
    )
    .bind(append.stream)
    .fetch_one(&mut *conn)
    .await?;
    Err(Error::Conflict {
        stream: append.stream.to_string(),
        expected: append.expected.as_sql(),
        actual: Some(actual),
    })
}

/// Hands an append connection back, replacing it after an error we do not understand (a lost
/// connection, most likely): it may be in a state we cannot see.
async fn release<T>(
    mut slot: MutexGuard<'_, Option<PgConnection>>,
    result: Result<T, Error>,
) -> Result<T, Error> {
    if matches!(result, Err(Error::Database(_))) {
        if let Some(conn) = slot.take() {
            let _ = conn.close().await;
        }
    }
    result
}

/// One stream's part of [`EventStore::append_streams`].
pub struct StreamAppend<'a> {
    pub stream: &'a str,
    pub expected: ExpectedVersion,
    pub events: &'a [NewEvent],
}

/// [`APPEND`] over several streams: every stream's version is checked, and the rows go in only
/// if all are as expected. Positions follow the same rule, one transaction id for all. The
/// recursive CTE walks every event in order (`$3` numbers each event's stream, whose events are
/// contiguous), starting a stream's chain from its stored last hash at its first event.
const APPEND_STREAMS: &str = concat!(
    "WITH RECURSIVE s AS ( \
         SELECT r.k, r.stream, r.expected, l.version, l.hash \
         FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r(stream, expected, k), \
         LATERAL ",
    last_of_stream!("r.stream"),
    " l), \
     ok AS (SELECT bool_and(expected IS NULL OR version = expected) AS ok FROM s), \
     c(g, k, j, prev, hash) AS ( \
         SELECT 0::bigint, 0::bigint, 0::bigint, NULL::bytea, NULL::bytea FROM ok WHERE ok.ok \
         UNION ALL \
         SELECT c.g + 1, s.k, CASE WHEN s.k = c.k THEN c.j + 1 ELSE 1 END, \
                CASE WHEN s.k = c.k THEN c.hash ELSE s.hash END, \
                sha256(CASE WHEN s.k = c.k THEN c.hash ELSE s.hash END \
                       || substring($10::bytea FROM c.g::integer * 32 + 1 FOR 32) \
                       || int8send(s.version + CASE WHEN s.k = c.k THEN c.j + 1 ELSE 1 END) \
                       || timestamptz_send(now())) \
         FROM c JOIN s ON s.k = ($3::bigint[])[c.g + 1] \
         WHERE c.g < cardinality($3::bigint[])) \
     INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
         event_type, schema_version, data, metadata, occurred_at, recorded_at, hash_format, \
         prev_hash, hash) \
     SELECT pg_current_xact_id()::text::bigint * 10000 + e.i - 1, pg_current_xact_id(), e.id, \
            s.stream, s.version + c.j, e.t, e.v, e.d, e.m, e.o, now(), 3, c.prev, c.hash \
     FROM unnest($3::bigint[], $4::uuid[], $5::text[], $6::integer[], $7::jsonb[], \
                 $8::jsonb[], $9::timestamptz[]) WITH ORDINALITY AS e(k, id, t, v, d, m, o, i) \
     JOIN c ON c.g = e.i JOIN s ON s.k = c.k \
     RETURNING position, stream_id, stream_version"
);

async fn append_streams_on(
    conn: &mut PgConnection,
    appends: &[StreamAppend<'_>],
) -> Result<Vec<Appended>, Error> {
    let events: usize = appends.iter().map(|a| a.events.len()).sum();
    let mut streams: Vec<&str> = appends.iter().map(|a| a.stream).collect();
    streams.sort_unstable();
    streams.dedup();
    if events as i64 > POSITIONS_PER_TRANSACTION
        || streams.len() != appends.len()
        || appends.iter().any(|a| a.events.is_empty())
    {
        return Err(Error::BadBatch(events));
    }
    let all = || appends.iter().flat_map(|a| a.events.iter());
    let ids: Vec<Uuid> = all().map(|e| e.event_id).collect();
    let streams: Vec<&str> = appends.iter().map(|a| a.stream).collect();
    let expected: Vec<Option<i64>> = appends.iter().map(|a| a.expected.as_sql()).collect();
    let ks: Vec<i64> = appends
        .iter()
        .enumerate()
        .flat_map(|(k, a)| std::iter::repeat_n(k as i64 + 1, a.events.len()))
        .collect();
    let types: Vec<&str> = all().map(|e| e.event.event_type()).collect();
    let versions: Vec<i32> = all().map(|e| e.event.schema_version()).collect();
    let data: Vec<serde_json::Value> = all().map(|e| e.event.to_data()).collect();
    let metadata: Vec<serde_json::Value> = all()
        .map(|e| serde_json::to_value(&e.metadata).unwrap_or_default())
        .collect();
    let occurred: Vec<chrono::DateTime<chrono::Utc>> =
        all().map(|e| stored_time(e.occurred_at)).collect();
    let mut digests = Vec::with_capacity(32 * ids.len());
    for (i, &k) in ks.iter().enumerate() {
        digests.extend_from_slice(&chain::content_digest(&chain::Content {
            stream_id: streams[k as usize - 1],
            event_id: ids[i],
            event_type: types[i],
            schema_version: versions[i],
            data: &data[i],
            metadata: &metadata[i],
            occurred_at: occurred[i],
        }));
    }
    let mut tries = 0;
    loop {
        let result: Result<Vec<(i64, String, i64)>, sqlx::Error> = sqlx::query_as(APPEND_STREAMS)
            .bind(&streams)
            .bind(&expected)
            .bind(&ks)
            .bind(&ids)
            .bind(&types)
            .bind(&versions)
            .bind(&data)
            .bind(&metadata)
            .bind(&occurred)
            .bind(&digests)
            .fetch_all(&mut *conn)
            .await;
        let (rows, duplicate) = match result {
            Ok(rows) if !rows.is_empty() => (rows, false),
            // Some stream was not at its expected version, or a unique index refused a row.
            other => {
                if let Err(e) = other {
                    conflict_or_error(e)?;
                }
                // Stored before (a retried command)? Then it is a success that wrote nothing.
                let stored: Vec<(i64, String, i64)> = sqlx::query_as(
                    "SELECT position, stream_id, stream_version FROM events \
                     WHERE event_id = ANY($1)",
                )
                .bind(&ids)
                .fetch_all(&mut *conn)
                .await?;
                (stored, true)
            }
        };
        if !rows.is_empty() {
            return Ok(appends
                .iter()
                .map(|a| {
                    let mine: Vec<(i64, i64)> = rows
                        .iter()
                        .filter(|r| r.1 == a.stream)
                        .map(|r| (r.0, r.2))
                        .collect();
                    appended(&mine, duplicate)
                })
                .collect());
        }
        // A conflict: name the first stream that was not at its expected version.
        let mut conflict = None;
        for a in appends {
            let actual: i64 = sqlx::query_scalar(
                "SELECT coalesce(max(stream_version), 0)::bigint FROM events WHERE stream_id = $1",
            )
            .bind(a.stream)
            .fetch_one(&mut *conn)
            .await?;
            if a.expected.as_sql().is_some_and(|e| e != actual) {
                conflict = Some(Error::Conflict {
                    stream: a.stream.to_string(),
                    expected: a.expected.as_sql(),
                    actual: Some(actual),
                });
                break;
            }
        }
        match conflict {
            Some(c) => return Err(c),
            // Every version matched: an append with no expected version lost a race; again.
            None if tries < ANY_VERSION_RETRIES => tries += 1,
            None => {
                return Err(Error::Conflict {
                    stream: appends[0].stream.to_string(),
                    expected: None,
                    actual: None,
                })
            }
        }
    }
}

/// An append's failure: `Ok` when it may be a conflict (a unique index refused a row), to be
/// looked into; otherwise the error to return.
fn conflict_or_error(e: sqlx::Error) -> Result<(), Error> {
    match e {
        sqlx::Error::Database(db) if db.constraint() == Some("events_pkey") => {
            Err(Error::SecondAppendInTransaction)
        }
        sqlx::Error::Database(db)
            if db.code().as_deref() == Some("23505")
                && matches!(
                    db.constraint(),
                    Some("events_stream_version_key" | "events_event_id_key")
                ) =>
        {
            Ok(())
        }
        e => Err(Error::Database(e)),
    }
}

/// The outcome, from the (position, stream version) of each row: not empty.
fn appended(rows: &[(i64, i64)], duplicate: bool) -> Appended {
    let first = rows.iter().map(|r| r.0).min().unwrap_or_default();
    let (last_position, stream_version) = rows.iter().copied().max().unwrap_or_default();
    Appended {
        first_position: first,
        last_position,
        stream_version,
        duplicate,
    }
}

fn raise(current: &mut i64, to: i64) -> bool {
    if to > *current {
        *current = to;
        true
    } else {
        false
    }
}

/// Follows the log from a position: every event exactly once, in position order.
pub struct Follower {
    store: EventStore,
    after: i64,
    batch: i64,
    head: watch::Receiver<i64>,
}

impl Follower {
    /// The next non-empty batch, waiting as long as it takes.
    pub async fn next_batch(&mut self) -> Result<Vec<RecordedEvent>, Error> {
        loop {
            let mut conn = self.store.inner.pool.acquire().await?;
            let events = EventStore::read_after(&mut conn, self.after, self.batch).await?;
            drop(conn);
            if let Some(last) = events.last() {
                self.after = last.position;
                return Ok(events);
            }
            self.store.wait_for_news(&mut self.head, self.after).await;
        }
    }

    /// The position of the last event returned.
    pub fn position(&self) -> i64 {
        self.after
    }
}

/// Passes this process's newest appended position on to other processes. It runs apart from the
/// appends, which only raise `local_head` (a watch: no allocation, no wait) and answer at once;
/// it sends one NOTIFY at a time with the newest position, coalescing bursts. A NOTIFY inside
/// the append transaction would delay every append's answer and take PostgreSQL's global notify
/// lock at every commit, serialising all appenders.
///
/// What a lone writer still paid for it was CPU beside its appends (docs/PERFORMANCE.md, issue
/// 19), so the NOTIFY costs as little as it can: its own connection, kept (no pool checkout and
/// return, which spawns a task each time), with `synchronous_commit` off for the session (it
/// stores nothing worth an fsync), and one prepared autocommit statement. Under a steady
/// stream of appends it goes out at most once per [`NOTIFY_PACE`]; the first after a quiet
/// spell goes out at once. Our own listener skips what this connection sent.
async fn notifier(inner: std::sync::Weak<Inner>, mut local_head: watch::Receiver<i64>) {
    let mut last_sent = tokio::time::Instant::now() - NOTIFY_PACE;
    let mut conn: Option<PgConnection> = None;
    while local_head.changed().await.is_ok() {
        tokio::time::sleep_until(last_sent + NOTIFY_PACE).await;
        last_sent = tokio::time::Instant::now();
        let position = *local_head.borrow_and_update();
        let Some(inner) = inner.upgrade() else { return };
        let sent = notify(&mut conn, &inner, position).await;
        drop(inner);
        if let Err(e) = sent {
            // Other processes will still see the event at their next poll.
            tracing::warn!(error = %e, "could not notify other processes of new events");
            conn = None;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// One NOTIFY on the notifier's connection, connecting it first if need be.
async fn notify(
    conn: &mut Option<PgConnection>,
    inner: &Inner,
    position: i64,
) -> Result<(), sqlx::Error> {
    let conn = match conn {
        Some(conn) => conn,
        None => conn.insert(notify_connection(inner).await?),
    };
    // Prepared once on this connection, then one round trip each.
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(NOTIFY_CHANNEL)
        .bind(position.to_string())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The notifier's connection, its backend's pid recorded for the listener to recognise.
async fn notify_connection(inner: &Inner) -> Result<PgConnection, sqlx::Error> {
    let mut conn = PgConnection::connect_with(&inner.pool.connect_options()).await?;
    let pid: i32 = sqlx::query_scalar(
        "SELECT pg_backend_pid() FROM set_config('synchronous_commit', 'off', false)",
    )
    .fetch_one(&mut conn)
    .await?;
    inner.notifier_pid.store(pid as u32, Ordering::Relaxed);
    Ok(conn)
}

/// The shortest time between two notifications to other processes.
const NOTIFY_PACE: Duration = Duration::from_millis(5);

/// LISTENs for other processes' appends; reconnects a dead connection with backoff.
async fn listener(inner: std::sync::Weak<Inner>) {
    let mut backoff = Duration::from_millis(100);
    loop {
        let pool = match inner.upgrade() {
            Some(inner) => inner.pool.clone(),
            None => return,
        };
        let connected = async {
            let mut listener = PgListener::connect_with(&pool).await?;
            listener.listen(NOTIFY_CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        }
        .await;
        drop(pool);
        let mut listener = match connected {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "LISTEN connection failed; retrying");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
                continue;
            }
        };
        backoff = Duration::from_millis(100);
        loop {
            // `try_recv` returns None when the connection dropped (sqlx then reconnects on the
            // next call, and notifications sent meanwhile are lost): followers catch up anyway,
            // because we wake them as if something had been appended.
            let received = tokio::time::timeout(Duration::from_secs(30), listener.try_recv()).await;
            let Some(inner) = inner.upgrade() else { return };
            match received {
                // Our own notifier's: local followers heard of it at the append.
                Ok(Ok(Some(n))) if n.process_id() == inner.notifier_pid.load(Ordering::Relaxed) => {
                }
                Ok(Ok(Some(n))) => {
                    if let Ok(position) = n.payload().parse::<i64>() {
                        inner.head.send_if_modified(|h| raise(h, position));
                    }
                }
                Ok(Ok(None)) => {
                    inner.head.send_modify(|_| {});
                }
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "LISTEN connection lost; reconnecting");
                    inner.head.send_modify(|_| {});
                    break;
                }
                Err(_) => {
                    // Quiet for a while: prove the connection is alive, or replace it.
                    if let Err(e) = sqlx::query("SELECT 1").execute(&mut listener).await {
                        tracing::warn!(error = %e, "LISTEN connection dead; reconnecting");
                        break;
                    }
                }
            }
        }
    }
}
