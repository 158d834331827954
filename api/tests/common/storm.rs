//! What `live_storm.rs` and `scale_out.rs` share: a scratch database of their own, live-feed
//! watchers that come and go while changes flow, and the check that each watcher received
//! exactly what it may see, computed independently from the event log.
//!
//! Included by path (`#[path = "../common/storm.rs"] mod storm;` in `it/main.rs`) so that a
//! test binary of its own, which includes `common/mod.rs`, does not compile it.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use events_schema::events::{move_id_of, MoveStatus};
use futures::StreamExt;
use serde_json::Value;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor, PgConnection, PgPool};
use tokio::sync::{oneshot, watch};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

// ---------------------------------------------------------------------------------------------
// A database of the test's own

/// A uniquely named database on the DATABASE_URL server, dropped by [`with_scratch_db`].
pub struct ScratchDb {
    pub name: String,
    /// Its URL, for a server process's DATABASE_URL.
    pub url: String,
    admin: PgConnectOptions,
}

impl ScratchDb {
    async fn create(prefix: &str) -> ScratchDb {
        let given = std::env::var("DATABASE_URL")
            .expect("DATABASE_URL names the PostgreSQL server the tests may create databases on");
        let admin: PgConnectOptions = given.parse().expect("DATABASE_URL");
        let name = format!(
            "{prefix}_{}",
            &uuid::Uuid::new_v4().simple().to_string()[..12]
        );
        let mut conn = PgConnection::connect_with(&admin)
            .await
            .expect("the admin connection");
        // `name` is a lower-case identifier made here, never input.
        conn.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .expect("CREATE DATABASE");
        let _ = conn.close().await;
        let url = admin.clone().database(&name).to_url_lossy().to_string();
        ScratchDb { name, url, admin }
    }

    async fn drop_it(&self) {
        if let Ok(mut conn) = PgConnection::connect_with(&self.admin).await {
            let sql = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
            if let Err(e) = conn.execute(sql.as_str()).await {
                eprintln!("could not drop the scratch database {}: {e}", self.name);
            }
            let _ = conn.close().await;
        }
    }
}

/// Runs `body` with a fresh database and drops the database afterwards, also when `body`
/// panics (the panic is then passed on). Whatever `body` owns, such as child processes started
/// with `kill_on_drop`, is dropped before the database is.
pub async fn with_scratch_db<F, Fut>(prefix: &str, body: F)
where
    F: FnOnce(ScratchDb) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let db = ScratchDb::create(prefix).await;
    let keep = ScratchDb {
        name: db.name.clone(),
        url: db.url.clone(),
        admin: db.admin.clone(),
    };
    let outcome = tokio::spawn(body(db)).await;
    keep.drop_it().await;
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("the test body did not finish: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The live feed, as a dashboard sees it

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One open `/api/live` connection, past its hello.
pub struct Feed {
    socket: Socket,
    /// The position the hello frame carried: everything after it is this connection's to send.
    pub hello: i64,
}

impl Feed {
    /// Opens the feed at `base` (`http://host:port`) with a session cookie, resuming after
    /// `after` when given, and reads the hello.
    pub async fn connect(base: &str, cookie: &str, after: Option<i64>) -> Result<Feed, String> {
        let ws = base.replacen("http://", "ws://", 1);
        let url = match after {
            Some(p) => format!("{ws}/api/live?after={p}"),
            None => format!("{ws}/api/live"),
        };
        let mut request = url.into_client_request().map_err(|e| e.to_string())?;
        request
            .headers_mut()
            .insert("cookie", cookie.parse().map_err(|_| "cookie header")?);
        let (socket, _) = tokio::time::timeout(
            Duration::from_secs(30),
            tokio_tungstenite::connect_async(request),
        )
        .await
        .map_err(|_| "the WebSocket handshake took over 30 s".to_string())?
        .map_err(|e| e.to_string())?;
        let mut feed = Feed { socket, hello: 0 };
        let hello = tokio::time::timeout(Duration::from_secs(30), feed.next())
            .await
            .map_err(|_| "no hello within 30 s".to_string())?
            .ok_or("closed before the hello")?;
        if hello["type"] != "hello" {
            return Err(format!("the first frame is not a hello: {hello}"));
        }
        feed.hello = hello["position"]
            .as_i64()
            .ok_or("a hello without a position")?;
        Ok(feed)
    }

    /// The next JSON frame; `None` once the connection has ended.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    return Some(serde_json::from_str(&text).expect("frames are JSON"))
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// A clean close (close frame, then the server ends the connection).
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }

    /// A dropped connection: the TCP connection goes without a close frame, as when a phone
    /// loses its network.
    pub fn abandon(self) {
        drop(self.socket);
    }
}

/// Reads a fresh hello from `base`: the position that process's feed has broadcast up to.
pub async fn hello_position(base: &str, cookie: &str) -> Result<i64, String> {
    let feed = Feed::connect(base, cookie, None).await?;
    let position = feed.hello;
    feed.close().await;
    Ok(position)
}

// ---------------------------------------------------------------------------------------------
// Watchers: feeds that come and go during a storm

/// Who is watching, which decides what they may see (api/src/live.rs `visible`).
#[derive(Debug, Clone, PartialEq)]
pub enum Audience {
    /// Empresario, admin, auditor: every change, staff view with prices.
    Staff,
    /// Empleado: every move change (the worker dashboard lists all moves), never prices.
    Worker,
    /// Cliente: the changes of their own moves (by email, any case), customer view.
    Client(String),
}

/// How a watcher leaves the feed for a while.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Leave {
    /// Close frame first.
    Close,
    /// The TCP connection just goes.
    Drop,
}

/// Thresholds are counts of finished writes (the storm's progress).
#[derive(Debug, Clone)]
pub struct WatchPlan {
    pub name: String,
    pub audience: Audience,
    pub cookie: String,
    /// Where to connect; when a connection ends without the watcher leaving, it resumes at the
    /// next base of the list (a process that died: a load balancer would send it elsewhere).
    pub bases: Vec<String>,
    /// Connects once the storm has this much progress (0: at once).
    pub join_at: usize,
    /// (leave when progress reaches, come back when it reaches, how to leave).
    pub away: Vec<(usize, usize, Leave)>,
    /// Comes back at the next base each time, as through a load balancer.
    pub hop: bool,
}

/// What each role may set (command::moves::may_set_status): workers never `confirmada`.
pub const MANAGER_STATUSES: &[&str] = &[
    "pendiente",
    "confirmada",
    "en curso",
    "finalizada",
    "cancelada",
];
pub const WORKER_STATUSES: &[&str] = &["pendiente", "en curso", "finalizada", "cancelada"];

/// Everything one watcher received over all its connections.
#[derive(Debug, Default)]
pub struct Watched {
    pub name: String,
    pub audience: Option<Audience>,
    /// The first connection's hello position: its window starts after it.
    pub start: i64,
    /// Change frames, in the order received.
    pub frames: Vec<Value>,
    /// Frames of any other type after a hello (a resync would be one).
    pub odd: Vec<Value>,
    pub connections: usize,
    /// Reconnections with `?after=` after leaving on purpose.
    pub resumes: usize,
    /// Reconnections at another base after the connection ended by itself.
    pub failovers: usize,
    /// Connections that ended without the watcher leaving and with no other base to go to.
    pub unexpected_ends: usize,
    /// Resumes whose hello was short of the position resumed after: that feed had not yet
    /// broadcast what this watcher had already received from another process.
    pub behind: usize,
    /// The last expected position was not received within the time allowed.
    pub timed_out: bool,
}

impl Watched {
    fn last_seen(&self) -> i64 {
        self.frames
            .last()
            .and_then(|f| f["position"].as_i64())
            .unwrap_or(self.start)
    }
}

/// The storm's progress as watchers see it: writes finished so far, and whether the storm is
/// over (then every watcher away comes back).
pub type Progress = watch::Receiver<(usize, bool)>;

/// Watchers started on their plans, each waiting for the log's changes to check what it saw.
#[derive(Default)]
pub struct Watchers {
    handoffs: Vec<oneshot::Sender<Arc<Vec<LogChange>>>>,
    tasks: Vec<tokio::task::JoinHandle<Watched>>,
}

impl Watchers {
    pub fn start(&mut self, plan: WatchPlan, progress: Progress) {
        let (tx, rx) = oneshot::channel();
        self.handoffs.push(tx);
        self.tasks
            .push(tokio::spawn(watch_feed(plan, progress, rx)));
    }

    /// Hands every watcher the changes it may have seen and waits for what each saw.
    pub async fn finish(self, changes: Vec<LogChange>) -> Vec<Watched> {
        let changes = Arc::new(changes);
        for tx in self.handoffs {
            let _ = tx.send(changes.clone());
        }
        let mut seen = Vec::new();
        for task in self.tasks {
            seen.push(task.await.expect("a watcher"));
        }
        seen
    }
}

/// Runs one watcher until it is handed the storm's changes and has received the last one it may
/// see (if any), then lingers a moment so that a duplicate or a stray frame would still be caught.
pub async fn watch_feed(
    plan: WatchPlan,
    progress: Progress,
    changes: oneshot::Receiver<Arc<Vec<LogChange>>>,
) -> Watched {
    let mut progress = progress;
    let mut w = Watched {
        name: plan.name.clone(),
        audience: Some(plan.audience.clone()),
        ..Watched::default()
    };
    if plan.join_at > 0 {
        let _ = progress
            .wait_for(|(n, over)| *n >= plan.join_at || *over)
            .await;
    }
    let mut base = 0;
    let mut feed = Some(connect_somewhere(&plan, &mut base, None, &mut w).await);
    w.start = feed.as_ref().map_or(0, |f| f.hello);

    let mut away = plan.away.clone().into_iter();
    let mut next_leave = away.next();
    let mut back_at: Option<usize> = None;
    let mut changes = Some(changes);
    let mut target: Option<Option<i64>> = None;
    let mut target_since: Option<Instant> = None;
    let mut reached_at: Option<Instant> = None;
    const LINGER: Duration = Duration::from_millis(600);
    const PATIENCE: Duration = Duration::from_secs(90);

    loop {
        let (n, over) = *progress.borrow_and_update();
        if let (Some((leave_at, back, how)), true) = (next_leave, feed.is_some()) {
            if n >= leave_at && !over {
                let f = feed.take().expect("connected");
                match how {
                    Leave::Close => f.close().await,
                    Leave::Drop => f.abandon(),
                }
                back_at = Some(back);
                next_leave = away.next();
            }
        }
        if feed.is_none() && back_at.is_some_and(|b| n >= b || over) {
            back_at = None;
            let after = w.last_seen();
            if plan.hop {
                base = (base + 1) % plan.bases.len();
            }
            feed = Some(connect_somewhere(&plan, &mut base, Some(after), &mut w).await);
            w.resumes += 1;
        }
        if let Some(t) = target {
            if reached_at.is_none() && t.is_none_or(|t| w.last_seen() >= t) {
                reached_at = Some(Instant::now());
            }
            if reached_at.is_some_and(|at| at.elapsed() >= LINGER) {
                break;
            }
            if target_since.is_some_and(|at| at.elapsed() >= PATIENCE) {
                w.timed_out = true;
                break;
            }
        }
        tokio::select! {
            frame = async {
                match feed.as_mut() {
                    Some(f) => f.next().await,
                    None => std::future::pending().await,
                }
            } => match frame {
                // The staff lists' counts follow a change at its position; the storm checks
                // the changes (the counts frames are checked by tests/it/windows.rs).
                Some(frame) if frame["kind"] == projections::moves::COUNTS_KIND => {}
                Some(frame) if frame["type"] == "change" => w.frames.push(frame),
                Some(frame) => w.odd.push(frame),
                None => {
                    // It ended without our leaving: the server went away.
                    let after = w.last_seen();
                    if base + 1 < plan.bases.len() {
                        base += 1;
                        w.failovers += 1;
                    } else {
                        w.unexpected_ends += 1;
                    }
                    feed = Some(connect_somewhere(&plan, &mut base, Some(after), &mut w).await);
                }
            },
            _ = progress.changed() => {}
            all = async {
                match changes.as_mut() {
                    Some(rx) => rx.await.ok(),
                    None => std::future::pending().await,
                }
            } => {
                changes = None;
                target = Some(all.and_then(|all| last_expected(&plan.audience, &all, w.start)));
                target_since = Some(Instant::now());
            }
            _ = tokio::time::sleep(Duration::from_millis(100)) => {}
        }
    }
    if let Some(f) = feed {
        f.close().await;
    }
    w
}

/// Connects at the current base, moving on to the next ones when a base refuses; retries the
/// last one for a while (a loaded machine may be slow to accept).
async fn connect_somewhere(
    plan: &WatchPlan,
    base: &mut usize,
    after: Option<i64>,
    w: &mut Watched,
) -> Feed {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match Feed::connect(&plan.bases[*base], &plan.cookie, after).await {
            Ok(feed) => {
                w.connections += 1;
                if after.is_some_and(|after| feed.hello < after) {
                    w.behind += 1;
                }
                return feed;
            }
            Err(e) if *base + 1 < plan.bases.len() => {
                eprintln!(
                    "{}: {} refused ({e}); trying the next",
                    plan.name, plan.bases[*base]
                );
                *base += 1;
                w.failovers += 1;
            }
            Err(e) if Instant::now() > deadline => {
                panic!(
                    "{}: could not connect to {}: {e}",
                    plan.name, plan.bases[*base]
                )
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// What may be seen, from the log

/// A change of a move, from the event log.
#[derive(Debug, Clone, PartialEq)]
pub struct LogChange {
    pub position: i64,
    pub move_id: i64,
    /// The move's client's email, lower case ("" for none).
    pub owner: String,
    pub to: MoveStatus,
}

/// Every change the live feed may carry after `after`, from the events table (not from the
/// feed's own table): one per event of a move stream or a quote stream. Only status changes are
/// expected there (the callers create their moves before any watcher connects), which is also
/// what lets a move's owner be read from the read model at the end: a status change cannot
/// change it.
pub async fn log_changes(pool: &PgPool, after: i64) -> Vec<LogChange> {
    let rows: Vec<(i64, String, String, Value)> = sqlx::query_as(
        "SELECT position, stream_id, event_type, data FROM events \
         WHERE position > $1 AND (stream_id LIKE 'move-%' OR stream_id LIKE 'quote-%') \
         ORDER BY position",
    )
    .bind(after)
    .fetch_all(pool)
    .await
    .unwrap();
    let owners: BTreeMap<i64, String> =
        sqlx::query_as::<_, (i64, String)>("SELECT id, lower(cliente_email) FROM move_staff_view")
            .fetch_all(pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    rows.into_iter()
        .map(|(position, stream, event_type, data)| {
            assert_eq!(
                event_type, "move.status_changed",
                "only status changes in the watched window ({stream} at {position})"
            );
            let move_id = move_id_of(&stream).expect("a move stream");
            LogChange {
                position,
                move_id,
                owner: owners.get(&move_id).cloned().unwrap_or_default(),
                to: serde_json::from_value(data["to"].clone()).expect("a status"),
            }
        })
        .collect()
}

/// The live feed's own table agrees with the log: one row per change, same positions and moves
/// (beside the staff lists' counts rows that follow changes of status and worker).
pub async fn assert_feed_table_matches_log(pool: &PgPool, after: i64, changes: &[LogChange]) {
    let rows: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT position, kind, entity_id FROM live_changes WHERE position > $1 AND kind <> $2 \
         ORDER BY position, kind, entity_id",
    )
    .bind(after)
    .bind(projections::moves::COUNTS_KIND)
    .fetch_all(pool)
    .await
    .unwrap();
    let from_log: Vec<(i64, String, String)> = changes
        .iter()
        .map(|c| (c.position, "move".to_string(), c.move_id.to_string()))
        .collect();
    assert_eq!(
        rows, from_log,
        "live_changes holds one row per logged change"
    );
}

/// What `audience` may see of `changes` after `start`.
pub fn visible_to<'a>(
    audience: &Audience,
    changes: &'a [LogChange],
    start: i64,
) -> Vec<&'a LogChange> {
    changes
        .iter()
        .filter(|c| c.position > start)
        .filter(|c| match audience {
            Audience::Staff | Audience::Worker => true,
            Audience::Client(email) => !c.owner.is_empty() && c.owner == email.to_lowercase(),
        })
        .collect()
}

/// The last position a watcher that started at `start` should receive.
pub fn last_expected(audience: &Audience, changes: &[LogChange], start: i64) -> Option<i64> {
    visible_to(audience, changes, start)
        .last()
        .map(|c| c.position)
}

/// Asserts that `w` received every change it may see, exactly once, in strictly increasing
/// position order, each rendered for its audience, and nothing else.
pub fn assert_saw_exactly(w: &Watched, changes: &[LogChange]) {
    let audience = w.audience.clone().expect("an audience");
    let name = &w.name;
    assert!(w.odd.is_empty(), "{name}: unexpected frames {:?}", w.odd);
    assert!(
        !w.timed_out,
        "{name}: its last change did not arrive within 90 s"
    );

    let got: Vec<(i64, i64)> = w
        .frames
        .iter()
        .map(|f| {
            assert_eq!(f["kind"], "move", "{name}: {f}");
            let id: i64 = f["id"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .expect("an id");
            (f["position"].as_i64().expect("a position"), id)
        })
        .collect();
    let want: Vec<&LogChange> = visible_to(&audience, changes, w.start);
    let want_keys: Vec<(i64, i64)> = want.iter().map(|c| (c.position, c.move_id)).collect();

    if got != want_keys {
        let got_set: BTreeSet<_> = got.iter().collect();
        let want_set: BTreeSet<_> = want_keys.iter().collect();
        let missing: Vec<_> = want_set.difference(&got_set).collect();
        let extra: Vec<_> = got_set.difference(&want_set).collect();
        let duplicates = got.len() - got_set.len();
        let disorder = got.windows(2).filter(|p| p[0].0 >= p[1].0).count();
        panic!(
            "{name} ({audience:?}, after {}): {} frames, {} expected; missing {missing:?}, \
             not theirs {extra:?}, {duplicates} duplicates, {disorder} out of order",
            w.start,
            got.len(),
            want_keys.len()
        );
    }
    // Equal lists of increasing log positions: exactly once, in order. Now the contents.
    for (frame, change) in w.frames.iter().zip(&want) {
        let data = &frame["data"];
        match &audience {
            Audience::Staff => {
                assert_eq!(data["estado"], change.to.as_str(), "{name}: {frame}");
                assert!(data["precio_total"].is_number(), "{name}: staff see prices");
            }
            Audience::Worker => {
                assert_eq!(data["estado"], change.to.as_str(), "{name}: {frame}");
                for key in projections::moves::MONEY_KEYS {
                    assert!(data.get(key).is_none(), "{name}: a worker saw {key}");
                }
            }
            Audience::Client(_) => {
                assert_eq!(
                    data["status"],
                    change.to.customer_value(),
                    "{name}: {frame}"
                );
                assert!(
                    data.get("cliente_telefono").is_none() && data.get("estado").is_none(),
                    "{name}: a client got the staff view"
                );
            }
        }
    }
}
