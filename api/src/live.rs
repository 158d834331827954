//! The live feed: one WebSocket endpoint, `/api/live` (its handshake in `routes/live.rs`),
//! authenticated by the session cookie.
//!
//! One pump per process reads the change feed (`live_changes`) up to the position every projector
//! has passed and broadcasts it in batches that cover whole position ranges. Staff and workers
//! take every batch; a customer only the batches that hold changes of their own moves, from a
//! channel of their own (see [`Routes`]). Each connection filters what its user may see. Every frame carries its log position; a dashboard that
//! reconnects with `?after=<last position>` is sent what it missed, and a connection that falls
//! behind the broadcast (`Lagged`) catches up from the database instead of losing messages.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket};
use command::Role;
use futures::SinkExt;
use projections::changes::{read_changes, Change, RETENTION};
use projections::moves::without_prices;
use projections::Projections;
use serde_json::{json, Value};
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio::sync::{broadcast, watch, Notify};

use crate::auth::User;
use crate::ownership::owned_moves;

/// A reconnect that missed more than this many changes is told to reload instead.
pub const MAX_REPLAY: usize = 5_000;
/// The pump reads about this many changes per database round trip.
const PUMP_ROWS: i64 = 1_000;
/// Batches a customer's own channel holds for a connection that has not read them yet. A
/// customer's moves change a few times a day; past this the connection catches up from the
/// database, as any lagging connection does.
const CLIENT_CAPACITY: usize = 16;

/// A change rendered once for each audience, so that a thousand connections each only pick a
/// frame and clone a reference to it.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub position: i64,
    pub cliente_email: Option<String>,
    pub staff: Option<Utf8Bytes>,
    pub worker: Option<Utf8Bytes>,
    pub client: Option<Utf8Bytes>,
    /// The one worker the worker frame is for (a worker's own counts); `None`: every worker.
    pub only_worker: Option<uuid::Uuid>,
}

/// Every change with `from < position <= to`.
#[derive(Debug)]
pub struct ChangeBatch {
    pub from: i64,
    pub to: i64,
    pub changes: Vec<Rendered>,
}

/// Where batches go besides the broadcast to staff and workers: one channel per customer with a
/// connection open, keyed by the email's ASCII lower case (the comparison `visible` makes), made
/// by the first connection and removed with the last.
///
/// Every customer's page keeps a feed open, and most of them see nothing for hours. On the one
/// broadcast each of them was woken, and passed over, for every change of every move: with
/// 10,000 such feeds open that was a tenth of a core at 100 changes a second, and it grew with
/// both. Now a change wakes only the staff, the workers and the one customer whose move it is.
///
/// The pump sends to these channels and advances `sent` while holding the lock, and a cursor
/// subscribes and reads `sent` while holding it: a batch is then either sent to a channel the
/// cursor already holds or covered by the position the cursor starts from, never neither.
#[derive(Default)]
struct Routes {
    clients: HashMap<String, broadcast::Sender<Arc<ChangeBatch>>>,
}

/// The key of a customer's channel; `None` for staff and workers, who take every batch. A
/// customer without a confirmed email sees no move, and gets a channel nothing is sent to.
fn client_route(user: &User) -> Option<String> {
    (user.role == Role::Cliente).then(|| {
        user.owned_email()
            .map(str::to_ascii_lowercase)
            .unwrap_or_default()
    })
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The locks guard plain map updates and sends, which cannot leave a map half-changed.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sends each customer with a channel the part of `batch` that is theirs.
fn route_to_clients(routes: &Routes, batch: &ChangeBatch) {
    if routes.clients.is_empty() {
        return;
    }
    let mut theirs: HashMap<String, Vec<Rendered>> = HashMap::new();
    for change in &batch.changes {
        let Some(email) = change
            .cliente_email
            .as_deref()
            .filter(|_| change.client.is_some())
        else {
            continue;
        };
        let key = email.to_ascii_lowercase();
        if routes.clients.contains_key(&key) {
            theirs.entry(key).or_default().push(change.clone());
        }
    }
    for (key, changes) in theirs {
        if let Some(channel) = routes.clients.get(&key) {
            // No receivers: the last connection is closing and will remove the channel.
            let _ = channel.send(Arc::new(ChangeBatch {
                from: batch.from,
                to: batch.to,
                changes,
            }));
        }
    }
}

#[derive(Clone)]
pub struct LiveHub {
    /// Every batch, for staff and workers.
    sender: broadcast::Sender<Arc<ChangeBatch>>,
    routes: Arc<Mutex<Routes>>,
    sent: watch::Receiver<i64>,
    pool: PgPool,
    connections: Arc<std::sync::atomic::AtomicUsize>,
    /// How many times any connection fell behind the broadcast and caught up from the database.
    lagged: Arc<std::sync::atomic::AtomicU64>,
    /// The open connections by the session they were opened with, to close them when it ends.
    feeds: Arc<Mutex<Feeds>>,
}

/// This process's open connections, by the hash of their session's token (`sessions.token_hash`).
#[derive(Default)]
struct Feeds {
    next: u64,
    by_session: HashMap<Vec<u8>, Vec<(u64, Arc<Notify>)>>,
}

/// The channel on which the database names each session that ends (migration 0018).
const SESSIONS_CHANNEL: &str = "mudanzas_sesiones";

/// A connection's place among the open feeds: it is told to close through `end`, and leaves the
/// registry when dropped.
pub struct OpenFeed {
    feeds: Arc<Mutex<Feeds>>,
    session: Vec<u8>,
    id: u64,
    end: Arc<Notify>,
}

impl Drop for OpenFeed {
    fn drop(&mut self) {
        let mut feeds = lock(&self.feeds);
        if let Some(open) = feeds.by_session.get_mut(&self.session) {
            open.retain(|(id, _)| *id != self.id);
            if open.is_empty() {
                feeds.by_session.remove(&self.session);
            }
        }
    }
}

/// Tells every connection of these sessions to close.
fn end_feeds<'a>(feeds: &Mutex<Feeds>, sessions: impl IntoIterator<Item = &'a [u8]>) {
    let feeds = lock(feeds);
    for session in sessions {
        for (_, end) in feeds.by_session.get(session).into_iter().flatten() {
            // A stored permit: a connection busy sending still closes right after.
            end.notify_one();
        }
    }
}

/// Closes the connections whose session is no longer valid (ended, expired, or of an account
/// deactivated): after the LISTEN connection was lost, when notifications may have been missed.
async fn end_invalid_feeds(pool: &PgPool, feeds: &Mutex<Feeds>) {
    let open: Vec<Vec<u8>> = lock(feeds).by_session.keys().cloned().collect();
    for chunk in open.chunks(1_000) {
        match crate::auth::valid_sessions(pool, chunk).await {
            Ok(valid) => {
                let valid: std::collections::HashSet<Vec<u8>> = valid.into_iter().collect();
                end_feeds(
                    feeds,
                    chunk
                        .iter()
                        .filter(|s| !valid.contains(*s))
                        .map(Vec::as_slice),
                );
            }
            // Closing costs a reconnect at most (which checks the session again); keeping a
            // feed whose session ended would show its user's changes to whoever holds it.
            Err(e) => {
                tracing::warn!(error = %e, "could not check the live feeds' sessions; closing them");
                end_feeds(feeds, chunk.iter().map(Vec::as_slice));
            }
        }
    }
}

/// LISTENs for ended sessions and closes their connections in this process; reconnects a dead
/// LISTEN connection, then checks every open connection's session (what ended meanwhile was not
/// heard).
async fn watch_sessions(pool: PgPool, feeds: std::sync::Weak<Mutex<Feeds>>) {
    // The LISTEN connection is held for good: a pool of its own, so that it takes no place
    // from the requests.
    let listen_pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect_lazy_with((*pool.connect_options()).clone());
    let mut backoff = Duration::from_millis(100);
    loop {
        let connected = async {
            let mut listener = PgListener::connect_with(&listen_pool).await?;
            listener.listen(SESSIONS_CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        }
        .await;
        let mut listener = match connected {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for ended sessions; retrying");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
                if feeds.strong_count() == 0 {
                    return;
                }
                continue;
            }
        };
        backoff = Duration::from_millis(100);
        let Some(registry) = feeds.upgrade() else {
            return;
        };
        end_invalid_feeds(&pool, &registry).await;
        drop(registry);
        loop {
            // `try_recv` answers None when the connection dropped; sqlx reconnects on the next
            // call, and what was sent meanwhile is lost.
            let received = tokio::time::timeout(Duration::from_secs(30), listener.try_recv()).await;
            let Some(registry) = feeds.upgrade() else {
                return;
            };
            match received {
                Ok(Ok(Some(notification))) => {
                    if let Ok(session) = hex::decode(notification.payload()) {
                        end_feeds(&registry, [session.as_slice()]);
                    }
                }
                Ok(Ok(None)) => end_invalid_feeds(&pool, &registry).await,
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "LISTEN for ended sessions lost; reconnecting");
                    break;
                }
                Err(_) => {
                    // Quiet for a while: prove the connection is alive, or replace it.
                    if let Err(e) = sqlx::query("SELECT 1").execute(&mut listener).await {
                        tracing::warn!(error = %e, "LISTEN for ended sessions dead; reconnecting");
                        break;
                    }
                }
            }
        }
    }
}

impl LiveHub {
    /// Closes this process's connections of sessions that ended, at once.
    pub fn end_sessions(&self, ended: crate::auth::EndedSessions) {
        end_feeds(&self.feeds, ended.hashes());
    }

    /// Starts the pump at the current end of the change feed.
    pub async fn start(
        pool: PgPool,
        projections: Projections,
        capacity: usize,
    ) -> Result<LiveHub, sqlx::Error> {
        let start: i64 =
            sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM live_changes")
                .fetch_one(&pool)
                .await?;
        let (sender, _) = broadcast::channel(capacity.max(1));
        let (sent_tx, sent) = watch::channel(start);
        let routes = Arc::new(Mutex::new(Routes::default()));
        let feeds = Arc::new(Mutex::new(Feeds::default()));
        tokio::spawn(watch_sessions(pool.clone(), Arc::downgrade(&feeds)));
        tokio::spawn(pump(
            pool.clone(),
            projections.subscribe_all(),
            sender.clone(),
            routes.clone(),
            sent_tx,
            start,
        ));
        Ok(LiveHub {
            sender,
            routes,
            sent,
            pool,
            connections: Arc::default(),
            lagged: Arc::default(),
            feeds,
        })
    }

    /// The position up to which changes have been broadcast.
    pub fn sent(&self) -> i64 {
        *self.sent.borrow()
    }

    pub fn connections(&self) -> usize {
        self.connections.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Customers with a channel of their own open (see `Routes`).
    pub fn customer_channels(&self) -> usize {
        lock(&self.routes).clients.len()
    }

    /// How many times a connection fell behind the broadcast since the process started (each
    /// caught up from the database: nothing was lost, but many mean the capacity is too small).
    pub fn lagged(&self) -> u64 {
        self.lagged.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Registers a connection of the session stored under `session` (its token's hash), unless
    /// that session has `cap` connections open here already. Register before checking that the
    /// session is valid: a session that ends after the check is then sure to find the connection.
    pub fn open_feed(&self, session: Vec<u8>, cap: usize) -> Option<OpenFeed> {
        let mut feeds = lock(&self.feeds);
        let feeds = &mut *feeds;
        let open = feeds.by_session.entry(session.clone()).or_default();
        if open.len() >= cap {
            if open.is_empty() {
                feeds.by_session.remove(&session);
            }
            return None;
        }
        feeds.next += 1;
        let end = Arc::new(Notify::new());
        open.push((feeds.next, end.clone()));
        Some(OpenFeed {
            feeds: self.feeds.clone(),
            session,
            id: feeds.next,
            end,
        })
    }

    /// Open connections of the session stored under `session`, in this process.
    pub fn feeds_of(&self, session: &[u8]) -> usize {
        lock(&self.feeds)
            .by_session
            .get(session)
            .map_or(0, Vec::len)
    }

    /// A cursor for one user, starting after `after` (or at the current end). `after` may be
    /// past what this process has broadcast: the dashboard heard it from another process, whose
    /// projectors were ahead (see [`Cursor::start`]).
    pub fn cursor(&self, user: User, after: Option<i64>) -> Cursor {
        // Subscribe and read `sent` under the routes' lock (see `Routes`): every batch past
        // `head` is then sure to arrive.
        let route = client_route(&user);
        let routes = &mut *lock(&self.routes);
        let rx = match &route {
            Some(key) => routes
                .clients
                .entry(key.clone())
                .or_insert_with(|| broadcast::channel(CLIENT_CAPACITY).0)
                .subscribe(),
            None => self.sender.subscribe(),
        };
        let head = self.sent();
        Cursor {
            hub: self.clone(),
            route,
            user,
            rx,
            through: after.unwrap_or(head),
            head,
            lagged: 0,
        }
    }
}

async fn pump(
    pool: PgPool,
    mut projected: watch::Receiver<i64>,
    sender: broadcast::Sender<Arc<ChangeBatch>>,
    routes: Arc<Mutex<Routes>>,
    sent: watch::Sender<i64>,
    mut through: i64,
) {
    loop {
        let upto = *projected.borrow_and_update();
        while through < upto {
            match next_span(&pool, through, upto).await {
                Ok((to, changes)) => {
                    let changes = changes.iter().map(render).collect();
                    let batch = Arc::new(ChangeBatch {
                        from: through,
                        to,
                        changes,
                    });
                    let routes = lock(&routes);
                    // No receivers is fine: nobody is watching right now.
                    let _ = sender.send(batch.clone());
                    route_to_clients(&routes, &batch);
                    through = to;
                    sent.send_replace(through);
                    drop(routes);
                }
                Err(e) => {
                    tracing::warn!(error = %e, "live feed could not read changes; retrying");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }
        }
        if projected.changed().await.is_err() {
            return;
        }
    }
}

/// The changes after `through`, up to `upto` or fewer: about [`PUMP_ROWS`], never part of a
/// position's changes (a batch is every change with `from < position <= to`).
async fn next_span(
    pool: &PgPool,
    through: i64,
    upto: i64,
) -> Result<(i64, Vec<Change>), projections::Error> {
    let mut changes = read_changes(pool, through, upto, PUMP_ROWS).await?;
    if (changes.len() as i64) < PUMP_ROWS {
        return Ok((upto, changes));
    }
    let last = changes.last().map_or(upto, |c| c.position);
    changes.retain(|c| c.position < last);
    if changes.is_empty() {
        // Over PUMP_ROWS changes at one position: take all of them.
        changes = read_changes(pool, through, last, i64::MAX).await?;
        return Ok((last, changes));
    }
    Ok((last - 1, changes))
}

fn frame(change: &Change, data: Value) -> Utf8Bytes {
    json!({
        "type": "change",
        "position": change.position,
        "kind": change.kind,
        "id": change.entity_id,
        "data": data,
    })
    .to_string()
    .into()
}

/// Renders a change for each audience, which depends on its kind:
/// - a move: managers, the admin and the auditor get the staff view; workers the staff view
///   without prices; the client who owns the move the customer view;
/// - the counts per status of every move (id `all`) or of one worker's (id: the worker's):
///   managers, the admin and the auditor all of them; a worker those of every move and their
///   own (counts are no money); clients none;
/// - a quote, and any kind not named here: managers, the admin and the auditor only. A quote is
///   a visitor's contact details and request, the office's business; a new kind is shown to
///   workers or clients only once someone decides it should be.
pub fn render(change: &Change) -> Rendered {
    // Managers, the admin and the auditor only: what every kind starts from and may widen.
    let office = Rendered {
        position: change.position,
        cliente_email: None,
        staff: change.staff_doc.clone().map(|d| frame(change, d)),
        worker: None,
        client: None,
        only_worker: None,
    };
    match change.kind.as_str() {
        projections::moves::COUNTS_KIND => {
            let only_worker = match change.entity_id.as_str() {
                projections::moves::ALL_SCOPE => None,
                worker => match worker.parse() {
                    Ok(id) => Some(id),
                    // Neither every move nor a worker's: not for workers.
                    Err(_) => return office,
                },
            };
            Rendered {
                worker: office.staff.clone(),
                only_worker,
                ..office
            }
        }
        projections::moves::LIVE_KIND => Rendered {
            cliente_email: change.cliente_email.clone(),
            worker: change
                .staff_doc
                .clone()
                .map(|d| frame(change, without_prices(d))),
            client: change.client_doc.clone().map(|d| frame(change, d)),
            ..office
        },
        _ => office,
    }
}

/// The frame a user may see of a change; `None` when it is not theirs. A client's are the changes
/// of the moves that were theirs at the change's position (`ownership::OWNED_BY` as the feed
/// stood there); a replay from the database also asks that they be theirs now (`Cursor::catch_up`).
pub fn visible(user: &User, change: &Rendered) -> Option<Utf8Bytes> {
    match user.role {
        Role::Cliente => {
            let email = user.owned_email()?;
            let owner = change.cliente_email.as_deref()?;
            owner
                .eq_ignore_ascii_case(email)
                .then(|| change.client.clone())
                .flatten()
        }
        Role::Empleado => match change.only_worker {
            Some(worker) if worker != user.id => None,
            _ => change.worker.clone(),
        },
        Role::Empresario | Role::Admin | Role::Auditor => change.staff.clone(),
    }
}

/// One connection's place in the feed.
pub struct Cursor {
    hub: LiveHub,
    /// A customer's channel key (see `Routes`); `None` on the broadcast to staff and workers.
    route: Option<String>,
    user: User,
    rx: broadcast::Receiver<Arc<ChangeBatch>>,
    /// Everything up to here has been delivered (or was not this user's).
    through: i64,
    /// The broadcast position when the cursor was made.
    head: i64,
    /// How many times this cursor fell behind the broadcast and caught up from the database.
    pub lagged: u64,
}

impl Cursor {
    /// The frames a new connection gets first: a hello, then what it missed since `after`.
    pub async fn start(&mut self) -> Result<Vec<Utf8Bytes>, sqlx::Error> {
        if self.through > self.head {
            // Past this process's broadcast. A position another process's feed has sent is in
            // the change feed, and this one will get there: start from it, so that what the
            // dashboard already has is not sent twice. One past the feed's end came from
            // nowhere (another database): start from here, as from no position.
            let end: i64 =
                sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM live_changes")
                    .fetch_one(&self.hub.pool)
                    .await?;
            if self.through > end {
                self.through = self.head;
            }
        }
        let hello = json!({ "type": "hello", "position": self.head, "role": self.user.role });
        let mut frames = vec![Utf8Bytes::from(hello.to_string())];
        frames.extend(self.catch_up(self.head).await?);
        Ok(frames)
    }

    /// Reads what was missed up to `upto` from the database: the frames, or a resync frame when
    /// it is too much to send (the dashboard then reloads its lists over HTTP).
    async fn catch_up(&mut self, upto: i64) -> Result<Vec<Utf8Bytes>, sqlx::Error> {
        if self.through >= upto {
            return Ok(vec![]);
        }
        let missed = read_changes(&self.hub.pool, self.through, upto, MAX_REPLAY as i64 + 1)
            .await
            .map_err(|e| match e {
                projections::Error::Database(e) => e,
                other => sqlx::Error::Protocol(other.to_string()),
            })?;
        // Past the retention window some changes are gone: reloading is the only honest answer.
        let frames = if missed.len() > MAX_REPLAY || upto - self.through > RETENTION {
            vec![json!({ "type": "resync", "position": upto })
                .to_string()
                .into()]
        } else {
            // What the history says was a client's move then must be theirs now as well
            // (`ownership::OWNED_BY`); live delivery needs no such check, as there "then" is
            // the feed's now.
            let owned = match self.user.owned_email() {
                Some(email) => Some(owned_moves(&self.hub.pool, email).await?),
                None => None,
            };
            missed
                .iter()
                .filter(|c| {
                    owned.as_ref().is_none_or(|owned| {
                        c.entity_id.parse().is_ok_and(|id: i64| owned.contains(&id))
                    })
                })
                .filter_map(|c| visible(&self.user, &render(c)))
                .collect()
        };
        self.through = upto;
        Ok(frames)
    }

    /// Waits for the next frames for this user.
    pub async fn next(&mut self) -> Result<Vec<Utf8Bytes>, sqlx::Error> {
        loop {
            match self.rx.recv().await {
                Ok(batch) => {
                    if batch.to <= self.through {
                        continue;
                    }
                    // A cursor that started past this process's broadcast (see `start`) has
                    // the first part of this batch already.
                    let after = std::mem::replace(&mut self.through, batch.to);
                    let frames: Vec<Utf8Bytes> = batch
                        .changes
                        .iter()
                        .filter(|c| c.position > after)
                        .filter_map(|c| visible(&self.user, c))
                        .collect();
                    if !frames.is_empty() {
                        return Ok(frames);
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    self.lagged += 1;
                    self.hub
                        .lagged
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let frames = self.catch_up(self.hub.sent()).await?;
                    if !frames.is_empty() {
                        return Ok(frames);
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return Ok(vec![]),
            }
        }
    }
}

impl Drop for Cursor {
    /// The last connection of a customer removes their channel. Under the lock no cursor can
    /// subscribe meanwhile, and this cursor's own receiver is still counted.
    fn drop(&mut self) {
        let Some(key) = self.route.take() else {
            return;
        };
        let mut routes = lock(&self.hub.routes);
        if routes
            .clients
            .get(&key)
            .is_some_and(|channel| channel.receiver_count() <= 1)
        {
            routes.clients.remove(&key);
        }
    }
}

/// A session holds at most `LIVE_FEEDS_PER_SESSION` feeds open in one process (a tab each).
pub const TOO_MANY_FEEDS: &str = "Demasiadas conexiones en directo abiertas con esta sesión. \
     Cierra alguna pestaña e inténtalo de nuevo.";

async fn send(socket: &mut WebSocket, frames: Vec<Utf8Bytes>) -> bool {
    for f in frames {
        if socket.feed(Message::Text(f)).await.is_err() {
            return false;
        }
    }
    socket.flush().await.is_ok()
}

/// The close frame of a connection whose session ended.
fn session_ended() -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::POLICY,
        reason: "La sesión ha terminado".into(),
    }))
}

/// Serves one connection of the feed until it closes or its session ends.
pub async fn connection(
    mut socket: WebSocket,
    mut cursor: Cursor,
    hub: LiveHub,
    feed: OpenFeed,
    expires: tokio::time::Instant,
) {
    hub.connections
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let started = match cursor.start().await {
        Ok(frames) => send(&mut socket, frames).await,
        Err(e) => {
            tracing::warn!(error = %e, "live connection could not start");
            false
        }
    };
    if started {
        let mut ping = tokio::time::interval(Duration::from_secs(25));
        ping.tick().await;
        loop {
            tokio::select! {
                // First: once the session has ended, not one more frame goes out.
                biased;
                _ = feed.end.notified() => {
                    let _ = socket.send(session_ended()).await;
                    break;
                }
                _ = tokio::time::sleep_until(expires) => {
                    let _ = socket.send(session_ended()).await;
                    break;
                }
                frames = cursor.next() => match frames {
                    Ok(frames) if !frames.is_empty() => {
                        if !send(&mut socket, frames).await { break; }
                    }
                    Ok(_) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "live connection could not catch up");
                        break;
                    }
                },
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => {}
                },
                _ = ping.tick() => {
                    if socket.send(Message::Ping(Default::default())).await.is_err() { break; }
                }
            }
        }
    }
    drop(feed);
    hub.connections
        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(kind: &str) -> Change {
        Change {
            position: 7,
            kind: kind.into(),
            entity_id: "x".into(),
            cliente_email: Some("cliente@mudanzas.test".into()),
            staff_doc: Some(json!({"precio_total": 100.0})),
            client_doc: Some(json!({"price": 100.0})),
        }
    }

    #[test]
    fn a_quote_is_rendered_for_managers_only_even_if_it_named_a_client() {
        let quote = render(&change(projections::quotes::LIVE_KIND));
        assert!(quote.staff.is_some());
        assert!(quote.worker.is_none() && quote.client.is_none());
        assert!(quote.cliente_email.is_none());
        let unknown = render(&change("resena"));
        assert!(unknown.worker.is_none() && unknown.client.is_none());
        let a_move = render(&change(projections::moves::LIVE_KIND));
        assert!(a_move.worker.is_some() && a_move.client.is_some());
        assert!(!a_move.worker.unwrap().as_str().contains("precio_total"));
    }

    #[test]
    fn counts_are_for_the_staff_and_a_workers_own_for_that_worker_only() {
        let mut counts = change(projections::moves::COUNTS_KIND);
        counts.cliente_email = None;
        counts.client_doc = None;
        counts.entity_id = projections::moves::ALL_SCOPE.into();
        let all = render(&counts);
        assert!(all.staff.is_some() && all.worker.is_some() && all.client.is_none());
        assert_eq!(all.only_worker, None);
        let worker = uuid::Uuid::now_v7();
        counts.entity_id = worker.to_string();
        let theirs = render(&counts);
        assert_eq!(theirs.only_worker, Some(worker));
        counts.entity_id = "otra cosa".into();
        let other = render(&counts);
        assert!(other.staff.is_some() && other.worker.is_none());
    }
}
