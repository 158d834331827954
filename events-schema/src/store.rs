//! Append, read and follow the log.
//!
//! Followers are woken three ways, each a fallback for the one before: an in-process signal when
//! this process appended, a NOTIFY carrying only a position when another process did, and a slow
//! poll in case a notification was lost or the LISTEN connection died unnoticed.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool};
use sqlx::{PgConnection, Row};
use tokio::sync::{mpsc, oneshot, watch};
use uuid::Uuid;

use crate::envelope::{Appended, ExpectedVersion, NewEvent, RecordedEvent};
use crate::Error;

/// The NOTIFY channel; its payload is only the newest position (a payload over 8000 bytes would
/// abort the append, so events themselves never travel this way).
pub const NOTIFY_CHANNEL: &str = "mudanzas_events";

/// More than this in one append is refused: it would hold one transaction open for too long.
const MAX_BATCH: usize = 10_000;

const SELECT_EVENTS: &str = "SELECT position, event_id, stream_id, stream_version, event_type, \
     schema_version, data, metadata, occurred_at, recorded_at FROM events";

#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// How often followers look at the log when nothing woke them.
    pub poll_interval: Duration,
    /// Whether to LISTEN for other processes' appends and NOTIFY them of ours.
    pub cross_process: bool,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            poll_interval: Duration::from_secs(2),
            cross_process: true,
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
    /// Small appends wait here for an appender task, which commits several at once.
    queue: mpsc::Sender<Pending>,
}

/// Appenders committing at the same time; each takes whatever has queued up meanwhile.
const APPENDERS: usize = 2;
/// At most this many events go into one group commit.
const MAX_GROUP_EVENTS: usize = 1_000;
/// Appends at least this large go straight to the database: they are a batch already.
const DIRECT_APPEND: usize = 50;

/// One append, encoded for the database.
struct Encoded {
    stream: String,
    expected: ExpectedVersion,
    ids: Vec<Uuid>,
    types: Vec<&'static str>,
    versions: Vec<i32>,
    data: Vec<serde_json::Value>,
    metadata: Vec<serde_json::Value>,
    occurred: Vec<chrono::DateTime<chrono::Utc>>,
}

struct Pending {
    append: Encoded,
    reply: oneshot::Sender<Result<Appended, Error>>,
}

impl EventStore {
    /// Opens the store; with `cross_process` it also starts the notifier and the listener tasks,
    /// which end when the last handle is dropped.
    pub fn new(pool: PgPool, options: StoreOptions) -> EventStore {
        let (head, _) = watch::channel(0);
        let (local_head, _) = watch::channel(0);
        let (queue, pending) = mpsc::channel(4_096);
        let pending = Arc::new(tokio::sync::Mutex::new(pending));
        for _ in 0..APPENDERS {
            tokio::spawn(appender(pool.clone(), pending.clone()));
        }
        let store = EventStore {
            inner: Arc::new(Inner {
                pool,
                options,
                head,
                local_head,
                queue,
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

    /// Appends events to one stream, atomically, if the stream is at `expected`.
    ///
    /// Small appends made at the same time are committed together (group commit): each keeps its
    /// own version check and result, and they share one round trip and one flush to disk.
    pub async fn append(
        &self,
        stream_id: &str,
        expected: ExpectedVersion,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        if events.is_empty() || events.len() > MAX_BATCH {
            return Err(Error::BadBatch(events.len()));
        }
        let append = Encoded {
            stream: stream_id.to_string(),
            expected,
            ids: events.iter().map(|e| e.event_id).collect(),
            types: events.iter().map(|e| e.event.event_type()).collect(),
            versions: events.iter().map(|e| e.event.schema_version()).collect(),
            data: events.iter().map(|e| e.event.to_data()).collect(),
            metadata: events
                .iter()
                .map(|e| serde_json::to_value(&e.metadata).unwrap_or_default())
                .collect(),
            occurred: events.iter().map(|e| e.occurred_at).collect(),
        };
        let appended = if events.len() >= DIRECT_APPEND {
            append_one(&self.inner.pool, &append).await?
        } else {
            let (reply, answer) = oneshot::channel();
            let queued = self.inner.queue.send(Pending { append, reply }).await;
            match queued {
                Ok(()) => answer.await.map_err(|_| Error::BadBatch(0))??,
                // No appender left (the runtime is shutting down): append directly.
                Err(mpsc::error::SendError(p)) => append_one(&self.inner.pool, &p.append).await?,
            }
        };
        if !appended.duplicate {
            self.announce(appended.last_position);
        }
        Ok(appended)
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

    /// Up to `limit` events after `after`, in position order, never skipping one: only events of
    /// transactions older than every transaction still running are returned, and the append
    /// function guarantees that those form a prefix of the log (see `reserve_positions` in
    /// migrations/0001_event_log.sql).
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
             AND transaction_id < pg_snapshot_xmin(pg_current_snapshot()) \
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

    /// Tells followers to look now (after an external process wrote, in tests and tools).
    pub fn hint(&self, position: i64) {
        self.inner.head.send_if_modified(|h| raise(h, position));
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

fn conflict(append: &Encoded, actual: Option<i64>) -> Error {
    Error::Conflict {
        stream: append.stream.clone(),
        expected: append.expected.as_sql(),
        actual,
    }
}

/// One append in its own transaction.
async fn append_one(pool: &PgPool, append: &Encoded) -> Result<Appended, Error> {
    let mut conn = pool.acquire().await?;
    let result = sqlx::query(
        "SELECT out_position, out_stream_version FROM append_events($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&append.stream)
    .bind(append.expected.as_sql())
    .bind(&append.ids)
    .bind(&append.types)
    .bind(&append.versions)
    .bind(&append.data)
    .bind(&append.metadata)
    .bind(&append.occurred)
    .fetch_all(&mut *conn)
    .await;
    let error = match result {
        Ok(rows) => {
            let first = rows.first().ok_or(Error::BadBatch(0))?;
            let last = rows.last().ok_or(Error::BadBatch(0))?;
            return Ok(Appended {
                first_position: first.get(0),
                last_position: last.get(0),
                stream_version: last.get(1),
                duplicate: false,
            });
        }
        Err(e) => e,
    };
    let actual = match &error {
        sqlx::Error::Database(db) => match db.code().as_deref() {
            Some("MU409") => Some(
                db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                    .and_then(|e| e.detail())
                    .and_then(|d| d.parse().ok()),
            ),
            Some("23505") => matches!(
                db.constraint(),
                Some("events_stream_version_key" | "events_event_id_key")
            )
            .then_some(None),
            _ => None,
        },
        _ => None,
    };
    let Some(actual) = actual else {
        // Unexpected: close the connection rather than return it to the pool, so that nothing
        // it might still hold (the session-level append lock, if a cancel struck inside the
        // critical section) outlives this call.
        let _ = conn.close().await;
        return Err(Error::Database(error));
    };
    // A conflict may be this very batch, stored before (a retried command reuses its event ids):
    // that is a success that wrote nothing. Only failed appends pay for this look-up.
    let stored: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT position, stream_version FROM events WHERE event_id = ANY($1) ORDER BY position",
    )
    .bind(&append.ids)
    .fetch_all(&mut *conn)
    .await?;
    match (stored.first(), stored.last()) {
        (Some(first), Some(last)) => Ok(Appended {
            first_position: first.0,
            last_position: last.0,
            stream_version: last.1,
            duplicate: true,
        }),
        _ => Err(conflict(append, actual)),
    }
}

/// Several appends in one transaction. `None` when the group as a whole failed (a repeated event
/// id, a concurrent append of the same version, a lost connection): each is then retried alone.
/// An append that fails its own version check is also retried alone, which tells a stale
/// version from a retry of an append already stored.
async fn append_group(pool: &PgPool, group: &[Pending]) -> Option<Vec<Option<Appended>>> {
    let appends = group.iter().map(|p| &p.append);
    let streams: Vec<&str> = appends.clone().map(|a| a.stream.as_str()).collect();
    let expected: Vec<Option<i64>> = appends.clone().map(|a| a.expected.as_sql()).collect();
    let counts: Vec<i32> = appends.clone().map(|a| a.ids.len() as i32).collect();
    let ids: Vec<Uuid> = appends
        .clone()
        .flat_map(|a| a.ids.iter().copied())
        .collect();
    let types: Vec<&str> = appends
        .clone()
        .flat_map(|a| a.types.iter().copied())
        .collect();
    let versions: Vec<i32> = appends
        .clone()
        .flat_map(|a| a.versions.iter().copied())
        .collect();
    let data: Vec<&serde_json::Value> = appends.clone().flat_map(|a| a.data.iter()).collect();
    let metadata: Vec<&serde_json::Value> =
        appends.clone().flat_map(|a| a.metadata.iter()).collect();
    let occurred: Vec<chrono::DateTime<chrono::Utc>> =
        appends.flat_map(|a| a.occurred.iter().copied()).collect();
    let rows: Vec<(i32, Option<i64>, Option<i64>, i64)> = match sqlx::query_as(
        "SELECT out_index, out_first_position, out_last_position, out_stream_version \
         FROM append_many($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&streams)
    .bind(&expected)
    .bind(&counts)
    .bind(&ids)
    .bind(&types)
    .bind(&versions)
    .bind(&data)
    .bind(&metadata)
    .bind(&occurred)
    .fetch_all(pool)
    .await
    {
        Ok(rows) => rows,
        Err(e) => {
            tracing::debug!(error = %e, "group append failed; appending one by one");
            return None;
        }
    };
    let mut results = vec![None; group.len()];
    for (index, first, last, version) in rows {
        if let (Some(first), Some(last), Some(slot)) = (
            first,
            last,
            results.get_mut((index as usize).wrapping_sub(1)),
        ) {
            *slot = Some(Appended {
                first_position: first,
                last_position: last,
                stream_version: version,
                duplicate: false,
            });
        }
    }
    Some(results)
}

/// Takes what has queued up, commits it as one group, and answers each append.
async fn appender(pool: PgPool, queue: Arc<tokio::sync::Mutex<mpsc::Receiver<Pending>>>) {
    loop {
        let group = {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            let mut events = first.append.ids.len();
            let mut group = vec![first];
            while events < MAX_GROUP_EVENTS {
                match queue.try_recv() {
                    Ok(p) => {
                        events += p.append.ids.len();
                        group.push(p);
                    }
                    Err(_) => break,
                }
            }
            group
        };
        let results = if group.len() > 1 {
            append_group(&pool, &group).await
        } else {
            None
        };
        let results = results.unwrap_or_else(|| vec![None; group.len()]);
        for (pending, result) in group.into_iter().zip(results) {
            let answer = match result {
                Some(appended) => Ok(appended),
                None => append_one(&pool, &pending.append).await,
            };
            let _ = pending.reply.send(answer);
        }
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

/// Passes this process's newest appended position on to other processes. It sends one NOTIFY at
/// a time with the newest position, coalescing bursts: a NOTIFY inside the append transaction
/// would take PostgreSQL's global notify lock at every commit and serialise all appenders.
///
/// The NOTIFY commits with `synchronous_commit` off: it stores nothing worth an fsync, and waiting
/// for one per append would double the flushes of a single writer.
async fn notifier(inner: std::sync::Weak<Inner>, mut local_head: watch::Receiver<i64>) {
    while local_head.changed().await.is_ok() {
        let position = *local_head.borrow_and_update();
        let Some(inner) = inner.upgrade() else { return };
        // One round trip (simple protocol); the payload is a number we format ourselves.
        let sql = format!(
            "BEGIN; SET LOCAL synchronous_commit TO off; NOTIFY {NOTIFY_CHANNEL}, '{position}'; COMMIT;"
        );
        let sent = sqlx::raw_sql(&sql).execute(&inner.pool).await;
        drop(inner);
        if let Err(e) = sent {
            // Other processes will still see the event at their next poll.
            tracing::warn!(error = %e, "could not notify other processes of new events");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

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
