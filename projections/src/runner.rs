//! Runs projectors: each applies events in position order, and its read-model writes and its
//! checkpoint commit in one transaction, so a crash at any point neither loses nor doubles an
//! effect. Several processes may run the same projector: a transaction-level advisory lock per
//! projector makes them take turns, each applying what the other has not.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use events_schema::{EventStore, RecordedEvent};
use sqlx::{PgConnection, PgPool};
use tokio::sync::watch;

use crate::{Error, ReadModel};

#[async_trait]
pub trait Projector: Send + Sync {
    fn name(&self) -> &'static str;
    /// The read-model tables this projector owns (for rebuild checks and dumps).
    fn tables(&self) -> &'static [&'static str];
    /// The kinds of `live_changes` rows this projector writes: the runner prunes them.
    fn live_kinds(&self) -> &'static [&'static str] {
        &[]
    }
    /// Empties everything this projector wrote, before a rebuild.
    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error>;
    /// Applies a batch of events in order. Must be deterministic: it is replayed on rebuild, and
    /// a rebuild must leave exactly what live projection left.
    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        mode: Mode,
    ) -> Result<(), Error>;
    /// Called once at the end of a rebuild, in its transaction: a projector that folded state in
    /// memory during the rebuild writes it now.
    async fn finish_rebuild(&self, _tx: &mut PgConnection) -> Result<(), Error> {
        Ok(())
    }
}

/// How a batch is being applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// As events arrive.
    Live,
    /// Replaying from zero towards `until` (the last position when the rebuild began): work whose
    /// result would be pruned before the end, such as old live-feed rows, can be skipped.
    Rebuild { until: i64 },
}

impl Mode {
    /// The live-feed rows worth writing are those past this position: a rebuild skips the ones
    /// its end would prune anyway (`changes::horizon`), which is most of what makes it fast.
    pub fn feed_kept_after(self) -> i64 {
        match self {
            Mode::Live => i64::MIN,
            Mode::Rebuild { until } => crate::changes::horizon(until),
        }
    }
}

const LOCK_SQL: &str = "SELECT pg_advisory_xact_lock(1, hashtext($1))";

async fn checkpoint_of(conn: &mut PgConnection, name: &str) -> Result<i64, Error> {
    sqlx::query("INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING")
        .bind(name)
        .execute(&mut *conn)
        .await?;
    Ok(
        sqlx::query_scalar("SELECT position FROM projection_checkpoints WHERE name = $1")
            .bind(name)
            .fetch_one(conn)
            .await?,
    )
}

/// A projection transaction holding the projector's lock, and its checkpoint (`None` before the
/// projector's first step made its row).
async fn begin_at_checkpoint(
    pool: &PgPool,
    name: &str,
) -> Result<(sqlx::Transaction<'static, sqlx::Postgres>, Option<i64>), Error> {
    let mut tx = pool.begin().await?;
    // Read models are derived: a commit lost in a crash leaves the checkpoint before it too, and
    // the batch is applied again from the log, whose appends do wait for their flush. So this
    // transaction need not wait for its own (it is visible to readers on commit either way).
    sqlx::query("SET LOCAL synchronous_commit = off")
        .execute(&mut *tx)
        .await?;
    sqlx::query(LOCK_SQL).bind(name).execute(&mut *tx).await?;
    // The checkpoint row is created once, outside this transaction's snapshot horizon concerns:
    // reading it assigns no transaction id, so the log read below sees everything committed.
    let checkpoint =
        sqlx::query_scalar("SELECT position FROM projection_checkpoints WHERE name = $1")
            .bind(name)
            .fetch_optional(&mut *tx)
            .await?;
    Ok((tx, checkpoint))
}

/// Applies at most one batch. Returns the checkpoint afterwards (unchanged when there was nothing
/// to do).
pub async fn step(pool: &PgPool, projector: &dyn Projector, batch: i64) -> Result<i64, Error> {
    let (mut tx, mut checkpoint) = begin_at_checkpoint(pool, projector.name()).await?;
    if checkpoint.is_none() {
        // A new projector: its checkpoint row first, in a statement of its own, then a snapshot
        // taken after it. Answering 0 here instead would send the runner to wait a poll interval
        // for news of events that are already in the log.
        tx.rollback().await?;
        checkpoint_of(&mut *pool.acquire().await?, projector.name()).await?;
        (tx, checkpoint) = begin_at_checkpoint(pool, projector.name()).await?;
    }
    let checkpoint = checkpoint.unwrap_or_default();
    let events = EventStore::read_after(&mut tx, checkpoint, batch).await?;
    let Some(last) = events.last().map(|e| e.position) else {
        tx.rollback().await?;
        return Ok(checkpoint);
    };
    apply_isolating(&mut tx, projector, &events).await?;
    crate::changes::prune(&mut tx, projector.live_kinds(), checkpoint, last).await?;
    sqlx::query(
        "UPDATE projection_checkpoints SET position = $2, updated_at = now(), last_error = NULL \
         WHERE name = $1",
    )
    .bind(projector.name())
    .bind(last)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(last)
}

/// Whether a failure is the event's own: it would fail the same way on every retry (the event
/// does not decode, does not fit the read model, or breaks a limit of the database), as opposed to
/// a lost connection, a timeout or a conflict with another transaction, which retrying cures.
pub fn is_poison(error: &Error) -> bool {
    use events_schema::Error as Log;
    match error {
        Error::Poison { .. } => true,
        Error::Log(
            Log::UnknownEventType(_) | Log::UnknownSchemaVersion { .. } | Log::Malformed { .. },
        ) => true,
        Error::Database(e) | Error::Log(Log::Database(e)) => match e {
            // Data exceptions (22: too long, bad encoding, out of range), integrity violations
            // (23) and program limits (54: 'index row size exceeds maximum').
            sqlx::Error::Database(e) => e
                .code()
                .is_some_and(|code| matches!(code.get(..2), Some("22" | "23" | "54"))),
            sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => true,
            _ => false,
        },
        _ => false,
    }
}

/// Applies a batch as events arrive. When the batch fails because of an event in it (not because
/// of the database), its events are applied again one at a time: each one that fails on its own
/// is recorded in `projection_poison` and skipped, and the others are applied as usual, so one
/// event that cannot be applied never stops those after it.
async fn apply_isolating(
    tx: &mut PgConnection,
    projector: &dyn Projector,
    events: &[RecordedEvent],
) -> Result<(), Error> {
    sqlx::query("SAVEPOINT projection_batch")
        .execute(&mut *tx)
        .await?;
    match projector.apply(tx, events, Mode::Live).await {
        Ok(()) => return Ok(()),
        Err(e) if !is_poison(&e) => return Err(e),
        Err(_) => {
            sqlx::query("ROLLBACK TO SAVEPOINT projection_batch")
                .execute(&mut *tx)
                .await?;
        }
    }
    for event in events {
        sqlx::query("SAVEPOINT projection_event")
            .execute(&mut *tx)
            .await?;
        match projector
            .apply(tx, std::slice::from_ref(event), Mode::Live)
            .await
        {
            Ok(()) => {}
            Err(e) if is_poison(&e) => {
                sqlx::query("ROLLBACK TO SAVEPOINT projection_event")
                    .execute(&mut *tx)
                    .await?;
                tracing::error!(
                    projector = projector.name(),
                    position = event.position,
                    error = %e,
                    "an event cannot be projected: recorded and skipped"
                );
                record_poison(tx, projector.name(), event, &e).await?;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

async fn record_poison(
    tx: &mut PgConnection,
    projection: &str,
    event: &RecordedEvent,
    error: &Error,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO projection_poison (projection, position, event_type, stream_id, error) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (projection, position) DO UPDATE SET error = EXCLUDED.error, recorded_at = now()",
    )
    .bind(projection)
    .bind(event.position)
    .bind(&event.event_type)
    .bind(&event.stream_id)
    .bind(error.to_string())
    .execute(tx)
    .await?;
    Ok(())
}

/// One event a projector could not apply and skipped.
#[derive(Debug, Clone, PartialEq, serde::Serialize, sqlx::FromRow)]
pub struct PoisonEvent {
    pub projection: String,
    pub position: i64,
    pub event_type: String,
    pub stream_id: String,
    pub error: String,
    pub recorded_at: chrono::DateTime<chrono::Utc>,
}

/// Every event a projector skipped, oldest first.
pub async fn poison_events(pool: &PgPool) -> Result<Vec<PoisonEvent>, sqlx::Error> {
    sqlx::query_as(
        "SELECT projection, position, event_type, stream_id, error, recorded_at \
         FROM projection_poison ORDER BY position, projection",
    )
    .fetch_all(pool)
    .await
}

/// The projectors running in this process, and how far each has got.
#[derive(Clone)]
pub struct Projections {
    progress: Arc<Vec<(&'static str, watch::Receiver<i64>)>>,
    /// The position every projector has passed.
    all: watch::Receiver<i64>,
}

impl Projections {
    /// Starts one task per projector. They run until the process ends.
    pub fn start(
        store: EventStore,
        projectors: Vec<Arc<dyn Projector>>,
        batch: i64,
    ) -> Projections {
        let channels: Vec<_> = projectors.iter().map(|_| watch::channel(0)).collect();
        let progress: Arc<Vec<_>> = Arc::new(
            projectors
                .iter()
                .zip(&channels)
                .map(|(p, (_, rx))| (p.name(), rx.clone()))
                .collect(),
        );
        let (all_tx, all) = watch::channel(0);
        let all_tx = Arc::new(all_tx);
        for (projector, (tx, _)) in projectors.into_iter().zip(channels) {
            let (progress, all_tx) = (progress.clone(), all_tx.clone());
            tokio::spawn(run(store.clone(), projector, batch, tx, move || {
                let min = progress
                    .iter()
                    .map(|(_, rx)| *rx.borrow())
                    .min()
                    .unwrap_or(0);
                all_tx.send_if_modified(|p| raise(p, min));
            }));
        }
        Projections { progress, all }
    }

    /// Changes whenever the position every projector has passed moves on.
    pub fn subscribe_all(&self) -> watch::Receiver<i64> {
        self.all.clone()
    }

    /// The position every projector has passed.
    pub fn position(&self) -> i64 {
        self.progress
            .iter()
            .map(|(_, rx)| *rx.borrow())
            .min()
            .unwrap_or(0)
    }

    /// Each projector running here: its name, the position this process saw it commit, and
    /// whether its loop is still running (a loop that ended, by a panic, drops its sender).
    pub fn running(&self) -> Vec<(&'static str, i64, bool)> {
        self.progress
            .iter()
            .map(|(name, rx)| (*name, *rx.borrow(), rx.has_changed().is_ok()))
            .collect()
    }

    /// Waits until every projector has passed `position`, at most `timeout`. Returns whether it
    /// got there.
    pub async fn wait_for(&self, position: i64, timeout: Duration) -> bool {
        self.wait(|_| true, position, timeout).await
    }

    /// Read-your-writes: waits until the projectors of `models` have passed `position`, at most
    /// `timeout`; the others go on in their own time. Returns whether it got there (false too
    /// when one of them does not run in this process).
    pub async fn wait_for_models(
        &self,
        models: &[ReadModel],
        position: i64,
        timeout: Duration,
    ) -> bool {
        let running = models
            .iter()
            .all(|m| self.progress.iter().any(|(name, _)| *name == m.projector()));
        running
            && self
                .wait(
                    |name| models.iter().any(|m| m.projector() == name),
                    position,
                    timeout,
                )
                .await
    }

    async fn wait(&self, which: impl Fn(&str) -> bool, position: i64, timeout: Duration) -> bool {
        let all = async {
            for (_, rx) in self.progress.iter().filter(|(name, _)| which(name)) {
                let mut rx = rx.clone();
                if rx.wait_for(|p| *p >= position).await.is_err() {
                    return false;
                }
            }
            true
        };
        tokio::time::timeout(timeout, all).await.unwrap_or(false)
    }
}

fn raise(current: &mut i64, to: i64) -> bool {
    let moved = to > *current;
    *current = (*current).max(to);
    moved
}

async fn run(
    store: EventStore,
    projector: Arc<dyn Projector>,
    batch: i64,
    progress: watch::Sender<i64>,
    on_progress: impl Fn() + Send + 'static,
) {
    let mut head = store.subscribe_head();
    let mut backoff = Duration::from_millis(100);
    loop {
        match step(store.pool(), projector.as_ref(), batch).await {
            Ok(position) => {
                backoff = Duration::from_millis(100);
                if progress.send_if_modified(|p| raise(p, position)) {
                    on_progress();
                } else {
                    store.wait_for_news(&mut head, position).await;
                }
            }
            Err(e) => {
                // A poison event or a lost database: record it where operators look, retry later.
                tracing::error!(projector = projector.name(), error = %e, "projection failed");
                let _ = sqlx::query(
                    "UPDATE projection_checkpoints SET last_error = $2, updated_at = now() WHERE name = $1",
                )
                .bind(projector.name())
                .bind(e.to_string())
                .execute(store.pool())
                .await;
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
        }
    }
}

/// Rebuilds one projector from zero in a single transaction: readers keep seeing the old read
/// model until the new one is complete, and the live runners wait on the projector's lock.
/// `progress(done, total)`, in events, is called after each batch. The fast pass folds batches
/// in memory; if an event cannot be applied there, the rebuild starts again applying batches as
/// live projection does, recording and skipping each such event exactly as the live runner does,
/// so a rebuild ends where live projection is.
pub async fn rebuild(
    pool: &PgPool,
    projector: &dyn Projector,
    batch: i64,
    mut progress: impl FnMut(i64, i64),
) -> Result<i64, Error> {
    match rebuild_pass(pool, projector, batch, &mut progress, false).await {
        Err(e) if is_poison(&e) => {
            tracing::warn!(
                projector = projector.name(),
                error = %e,
                "rebuild met an event it cannot apply: rebuilding again, skipping such events"
            );
            rebuild_pass(pool, projector, batch, &mut progress, true).await
        }
        done => done,
    }
}

async fn rebuild_pass(
    pool: &PgPool,
    projector: &dyn Projector,
    batch: i64,
    progress: &mut impl FnMut(i64, i64),
    isolating: bool,
) -> Result<i64, Error> {
    let (total, count): (i64, i64) =
        sqlx::query_as("SELECT coalesce(max(position), 0)::bigint, count(*) FROM events")
            .fetch_one(pool)
            .await?;
    let mut done = 0;
    let mut tx = pool.begin().await?;
    sqlx::query(LOCK_SQL)
        .bind(projector.name())
        .execute(&mut *tx)
        .await?;
    // Read the first batch before this transaction writes: its own id would hold the horizon.
    let mut events = EventStore::read_after(&mut tx, 0, batch).await?;
    // The rest is read a batch ahead while this one is applied.
    let mut ahead = ReadAhead::start(
        pool.clone(),
        events.last().map_or(0, |e| e.position),
        total,
        batch,
    );
    projector.reset(&mut tx).await?;
    sqlx::query("DELETE FROM projection_poison WHERE projection = $1")
        .bind(projector.name())
        .execute(&mut *tx)
        .await?;
    let mut position = 0;
    loop {
        if let Some(last) = events.last().map(|e| e.position) {
            if isolating {
                apply_isolating(&mut tx, projector, &events).await?;
            } else {
                projector
                    .apply(&mut tx, &events, Mode::Rebuild { until: total })
                    .await?;
            }
            position = last;
            done += events.len() as i64;
            progress(done, count.max(done));
        }
        match ahead.batches.recv().await {
            Some(next) => events = next?,
            None => break,
        }
    }
    projector.finish_rebuild(&mut tx).await?;
    sqlx::query(
        "INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) \
         ON CONFLICT (name) DO UPDATE SET position = $2, updated_at = now(), last_error = NULL",
    )
    .bind(projector.name())
    .bind(position)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(position)
}

/// The log read for a rebuild on a connection of its own, one batch ahead of the batch being
/// applied, so that reading (the query, decoding the rows) overlaps with folding. The rebuild's
/// transaction cannot be shared, but none is needed: `read_after` on any connection returns the
/// same committed prefix, and events are never rewritten. Its task ends with the rebuild, also
/// when the rebuild stops early (a poison event, a lost connection).
struct ReadAhead {
    batches: tokio::sync::mpsc::Receiver<Result<Vec<RecordedEvent>, Error>>,
    task: tokio::task::JoinHandle<()>,
}

impl ReadAhead {
    /// Reads after `after` until a read finds nothing and `total` (the last position when the
    /// rebuild began) has been passed.
    fn start(pool: PgPool, after: i64, total: i64, batch: i64) -> ReadAhead {
        let (sender, batches) = tokio::sync::mpsc::channel(1);
        let task = tokio::spawn(async move {
            if let Err(e) = read_ahead(&pool, after, total, batch, &sender).await {
                let _ = sender.send(Err(e)).await;
            }
        });
        ReadAhead { batches, task }
    }
}

impl Drop for ReadAhead {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn read_ahead(
    pool: &PgPool,
    mut position: i64,
    total: i64,
    batch: i64,
    sender: &tokio::sync::mpsc::Sender<Result<Vec<RecordedEvent>, Error>>,
) -> Result<(), Error> {
    let mut conn = pool.acquire().await?;
    let mut held_since: Option<std::time::Instant> = None;
    loop {
        let events = EventStore::read_after(&mut conn, position, batch).await?;
        if let Some(last) = events.last().map(|e| e.position) {
            held_since = None;
            position = last;
            if sender.send(Ok(events)).await.is_err() {
                return Ok(()); // the rebuild ended
            }
        } else if position >= total {
            return Ok(());
        } else {
            // Events up to `total` were committed before we started, but an older transaction
            // (in any database of the cluster: xids are cluster-wide) still holds the horizon.
            let since = *held_since.get_or_insert_with(std::time::Instant::now);
            if since.elapsed() > HORIZON_WAIT {
                return Err(Error::HorizonHeld(oldest_transaction(pool).await));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// How long a rebuild waits for an older transaction to finish before giving up.
const HORIZON_WAIT: Duration = Duration::from_secs(60);

/// Describes the oldest running transaction, for the error that names what blocks a rebuild.
async fn oldest_transaction(pool: &PgPool) -> String {
    sqlx::query_scalar::<_, String>(
        "SELECT format('pid %s in database %s, %s since %s: %s', pid, datname, state, xact_start, left(query, 120)) \
         FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid() \
         ORDER BY age(backend_xid) DESC LIMIT 1",
    )
    .fetch_optional(pool)
    .await
    .ok()
    .flatten()
    .unwrap_or_else(|| "unknown".into())
}

/// Every row of the given tables as JSON, ordered: for comparing a rebuild with a live run.
pub async fn dump_tables(
    pool: &PgPool,
    tables: &[&str],
) -> Result<BTreeMap<String, Vec<serde_json::Value>>, Error> {
    let mut out = BTreeMap::new();
    for table in tables {
        // Table names come from projector definitions, never from input.
        let sql = format!("SELECT to_jsonb(t) FROM {table} t ORDER BY to_jsonb(t)::text");
        let rows: Vec<serde_json::Value> = sqlx::query_scalar(&sql).fetch_all(pool).await?;
        out.insert(table.to_string(), rows);
    }
    Ok(out)
}
