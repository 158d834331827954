//! The server under load (issue 9): a real `mudanzas serve` process of its own, so that its memory
//! and CPU can be read from /proc without the bench's clients in them, holding 1,000 staff
//! dashboards and 10,000 idle customer WebSockets on `/api/live` while status changes go through
//! `PUT /api/actualizar-estado-mudanza` at 100 a second; and the busiest reads with 10,000 moves,
//! quiet and under that load.
//!
//! The idle connections are customers' live feeds (`/mis-mudanzas` keeps one open, as every staff
//! page does) whose moves do not change during the run: that is what an idle connection to this
//! server is, and it is the costly kind, because each one is a subscriber of the live feed that
//! must be passed over for every change. An idle keep-alive HTTP connection is a parked hyper task
//! that no change ever touches.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime};

use chrono::{DateTime, Utc};
use events_schema::{EventStore, StoreOptions};
use futures::StreamExt;
use serde_json::Value;
use sqlx::{ConnectOptions, PgPool};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use super::http::Http;
use super::moves_api::{
    paced_run, status_clients, write_moves, Paced, CLIENTS, LIST_PATH, STATUS_PATH,
};
use super::{
    cast, connect_dashboards, ensure_fd_limit, isolated, log_in_all, ms, percentile, spinner,
    stub_web_dist, thousands, Cast, Context, Databases, LiveFigures, Plan, Sent, Session, Verdicts,
};

/// Concurrent clients per endpoint in the quiet read runs.
const READ_CLIENTS: usize = 4;
/// Senders of the paced changes (as in the moves-API phase: an answer may take several
/// intervals, and the next change must not wait for it).
const SENDERS: usize = 16;
/// Each sender flips this many moves of its own.
const MOVES_PER_SENDER: usize = 100;
/// The connections held, no changes flowing: what holding them costs the server's CPU.
const IDLE_HOLD: Duration = Duration::from_secs(5);
/// How often the server's memory is sampled.
const SAMPLE_EVERY: Duration = Duration::from_millis(200);
/// The customer whose feeds are the idle connections: 5 of the 10,000 moves are theirs (for
/// `/api/mis-mudanzas`), and no change of the run touches them.
const IDLE_CLIENT: &str = "cliente@mudanzas.test";

pub(super) struct LoadFigures {
    moves: usize,
    pid: u32,
    server_files: String,
    idle: LiveFigures,
    dashboards: LiveFigures,
    server_counted: Option<u64>,
    paced: Paced,
    /// Resident memory at each step, kB.
    rss_started: u64,
    rss_after_reads: u64,
    rss_idle_open: u64,
    rss_all_open: u64,
    /// Samples during the changes.
    rss_run: Vec<u64>,
    /// VmHWM at the end: the peak since the process started.
    rss_hwm: u64,
    /// Share of one core over the idle hold and over the changes.
    cpu_idle: Cpu,
    cpu_run: Cpu,
    reads: Vec<ReadFigures>,
    staff_roles: String,
}

struct Cpu {
    server: f64,
    bench: f64,
    /// The whole machine, as a share of one core (all cores: up to 100 × cores).
    machine: f64,
    elapsed: Duration,
    server_seconds: f64,
}

pub(super) async fn run(
    db: Databases,
    plan: Plan,
    seed_dir: PathBuf,
) -> Result<LoadFigures, String> {
    isolated("bench-load", "the load phase", move || {
        phase(db, plan, seed_dir)
    })
    .await
}

async fn phase(db: Databases, plan: Plan, seed_dir: PathBuf) -> Result<LoadFigures, String> {
    let total = plan.connections + plan.idle_connections;
    // Both ends of every connection are descriptors, but the server is another process: here
    // only the clients' ends, the database and the sender's connections.
    ensure_fd_limit(total as u64 + 1_024)?;
    let spin = spinner();
    spin.set_message(format!(
        "load: writing {} moves",
        thousands(plan.api_moves as f64)
    ));
    let pool = db.migrated_pool(8).await?;
    api::seed::seed(&pool, &seed_dir)
        .await
        .ctx("seeding demo accounts and moves")?;
    let ids = {
        let store = EventStore::new(pool.clone(), StoreOptions::default());
        let (ids, _) = write_moves(&pool, &store, plan.api_moves, Some(IDLE_CLIENT)).await?;
        ids
    };
    sqlx::query("ANALYZE").execute(&pool).await.ctx("ANALYZE")?;
    let moves: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type = 'move.created'")
            .fetch_one(&pool)
            .await
            .ctx("counting moves")?;

    spin.set_message("load: starting mudanzas serve");
    let mut server = ServerProcess::start(&db, &seed_dir, total).await?;
    let outcome = measure(&plan, &pool, &server, &seed_dir, &ids, &spin).await;
    server.stop().await;
    spin.finish_and_clear();
    let mut figures = outcome?;
    figures.moves = moves as usize;
    pool.close().await;
    Ok(figures)
}

async fn measure(
    plan: &Plan,
    pool: &PgPool,
    server: &ServerProcess,
    seed_dir: &Path,
    ids: &[i64],
    spin: &indicatif::ProgressBar,
) -> Result<LoadFigures, String> {
    let addr = server.addr;
    let pid = server.pid;
    let sessions = log_in_all(addr, seed_dir).await?;
    let Cast {
        manager,
        writers,
        staff,
    } = cast(&sessions)?;
    let customer = sessions
        .iter()
        .position(|s| s.email == IDLE_CLIENT)
        .ok_or_else(|| format!("no demo account {IDLE_CLIENT}"))?;

    spin.set_message("load: waiting for the server's projections and live feed");
    caught_up(
        pool,
        addr,
        &sessions[manager].cookie,
        Duration::from_secs(120),
    )
    .await?;
    spin.set_message("load: preparing the senders");
    // The senders' moves: none of the idle customer's (those must not change).
    let theirs: std::collections::HashSet<i64> = ids.iter().step_by(CLIENTS).copied().collect();
    let others: Vec<i64> = ids
        .iter()
        .filter(|id| !theirs.contains(id))
        .copied()
        .collect();
    let mut own_moves = others.chunks(MOVES_PER_SENDER);
    // Each sender's first change warms it up; those must be broadcast before anyone connects,
    // or they would arrive as frames nobody sent.
    let senders = status_clients(addr, &sessions, &writers, &mut own_moves, SENDERS).await?;
    caught_up(
        pool,
        addr,
        &sessions[manager].cookie,
        Duration::from_secs(60),
    )
    .await?;
    let rss_started = proc_status(pid)?.rss;

    spin.set_message(format!(
        "load: opening {} idle customer WebSockets",
        thousands(plan.idle_connections as f64)
    ));
    let idle = connect_dashboards(addr, &sessions, &[customer], plan.idle_connections).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_idle_open = proc_status(pid)?.rss;
    spin.set_message(format!(
        "load: opening {} staff dashboards",
        thousands(plan.connections as f64)
    ));
    let dashboards = connect_dashboards(addr, &sessions, &staff, plan.connections).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_all_open = proc_status(pid)?.rss;
    let server_counted = websocket_gauge(addr).await;
    if server_counted.is_some_and(|n| n as usize != plan.connections + plan.idle_connections) {
        return Err(format!(
            "the server counts {} live connections, {} were opened",
            server_counted.unwrap_or(0),
            plan.connections + plan.idle_connections
        ));
    }

    // The busiest reads, quiet: one endpoint at a time, 4 clients, with the connections open
    // (memory per connection is read first, on a heap the 16 MB staff lists have not yet grown
    // and freed).
    let endpoints = endpoints(plan, &sessions, manager, customer, ids);
    let mut reads = Vec::with_capacity(endpoints.len());
    for endpoint in &endpoints {
        spin.set_message(format!("load: GET {}", endpoint.label));
        reads.push(quiet_reads(addr, endpoint).await?);
    }
    let rss_after_reads = proc_status(pid)?.rss;

    spin.set_message("load: holding the connections, no changes");
    let before = CpuClock::read(pid)?;
    tokio::time::sleep(IDLE_HOLD).await;
    let cpu_idle = before.since(pid)?;

    spin.set_message(format!(
        "load: {} status changes a second for {} s, {} connections open",
        plan.paced_rate,
        plan.load_for.as_secs(),
        thousands((plan.connections + plan.idle_connections) as f64)
    ));
    let (stop_tx, stop) = watch::channel(false);
    let sampler = tokio::spawn(sample_rss(pid, stop.clone()));
    let loaded: Vec<_> = endpoints
        .iter()
        .map(|e| tokio::spawn(loaded_reads(addr, e.clone(), stop.clone())))
        .collect();
    let anchor = (Instant::now(), SystemTime::now());
    let before = CpuClock::read(pid)?;
    let (paced, sent) = paced_run(senders, plan.load_for, plan.paced_rate).await?;
    let cpu_run = before.since(pid)?;
    let _ = stop_tx.send(true);
    let rss_run = sampler.await.ctx("the memory sampler")?;
    for (task, figures) in loaded.into_iter().zip(reads.iter_mut()) {
        let (latencies, failures, first) = task.await.ctx("a reader under load")??;
        figures.loaded = latencies;
        figures.failures += failures;
        if figures.first_failure.is_none() {
            figures.first_failure = first;
        }
    }

    spin.set_message("load: collecting the frames");
    let positions: Vec<i64> = sent.iter().map(|s| s.position).collect();
    // Measured from the commit: the event's recorded_at is the append transaction's start
    // (one statement, so it precedes the commit by that statement and its fsync).
    let committed: Vec<(i64, DateTime<Utc>)> =
        sqlx::query_as("SELECT position, recorded_at FROM events WHERE position = ANY($1)")
            .bind(&positions)
            .fetch_all(pool)
            .await
            .ctx("reading the changes' commit times")?;
    let committed: std::collections::HashMap<i64, Instant> = committed
        .into_iter()
        .map(|(p, at)| (p, to_instant(anchor, SystemTime::from(at))))
        .collect();
    let from_commit: Vec<Sent> = sent
        .iter()
        .map(|s| Sent {
            position: s.position,
            acked: committed.get(&s.position).copied().unwrap_or(s.acked),
            requested: s.requested,
        })
        .collect();
    let expected_total = dashboards.clients.len() * positions.len();
    dashboards.wait_for_frames(expected_total).await;
    idle.wait_for_frames(0).await;
    let rss_hwm = proc_status(pid)?.hwm;
    let dashboards = dashboards
        .collect(&from_commit, expected_total, |_| positions.clone())
        .await;
    let idle = idle.collect(&from_commit, 0, |_| Vec::new()).await;
    Ok(LoadFigures {
        moves: 0,
        pid,
        server_files: server.files.clone(),
        idle,
        dashboards,
        server_counted,
        paced,
        rss_started,
        rss_after_reads,
        rss_idle_open,
        rss_all_open,
        rss_run,
        rss_hwm,
        cpu_idle,
        cpu_run,
        reads,
        staff_roles: staff
            .iter()
            .map(|&s| sessions[s].role.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

fn to_instant(anchor: (Instant, SystemTime), at: SystemTime) -> Instant {
    match at.duration_since(anchor.1) {
        Ok(after) => anchor.0 + after,
        Err(before) => anchor.0.checked_sub(before.duration()).unwrap_or(anchor.0),
    }
}

// ---------------------------------------------------------------------------------------------
// The server process

/// The production server, `mudanzas`, from the same build as this binary (`cargo build
/// [--release] -p api` puts it beside `mudanzas-bench`): the load phase measures that binary.
fn server_binary() -> Result<PathBuf, String> {
    let bench = std::env::current_exe().ctx("locating this binary")?;
    let server = bench.with_file_name(format!("mudanzas{}", std::env::consts::EXE_SUFFIX));
    if server.is_file() {
        Ok(server)
    } else {
        Err(format!(
            "the load phase runs the server, {}, which is not built: cargo build --release -p api \
             (or without --release for a debug bench)",
            server.display()
        ))
    }
}

struct ServerProcess {
    child: tokio::process::Child,
    pid: u32,
    addr: SocketAddr,
    /// Its open-file limit as /proc shows it (soft / hard).
    files: String,
    log: PathBuf,
}

impl ServerProcess {
    /// `mudanzas serve` (this very binary) on the scratch database, on a free port, logging to a
    /// file; returns once /readyz answers 200. It is to hold `connections` open at once.
    async fn start(
        db: &Databases,
        seed_dir: &Path,
        connections: usize,
    ) -> Result<ServerProcess, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .ctx("finding a free port")?
            .port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let data_dir = std::env::temp_dir().join(format!("mudanzas-bench-load-{}", db.name));
        std::fs::create_dir_all(&data_dir).ctx("creating the server's data folder")?;
        let log = data_dir.join("server.log");
        let out = std::fs::File::create(&log).ctx("creating the server's log")?;
        let err = out.try_clone().ctx("the server's log")?;
        let mut command = tokio::process::Command::new(server_binary()?);
        command
            .arg("serve")
            .env("DATABASE_URL", db.bench.to_url_lossy().as_str())
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("DATA_DIR", &data_dir)
            .env("WEB_DIST", stub_web_dist()?)
            .env("SEED_DIR", seed_dir)
            .env("PUBLIC_URL", format!("http://{addr}"))
            // Every idle feed is one customer session, and the dashboards share a few staff
            // sessions: far more feeds per session than any browser opens.
            .env("LIVE_FEEDS_PER_SESSION", (connections + 1_000).to_string())
            .env("MAX_CONNECTIONS", (connections + 1_000).to_string())
            // Local development: /metrics open, cookies without Secure over plain http.
            .env_remove("MUDANZAS_ENV")
            .env_remove("METRICS_TOKEN")
            .env_remove("SMTP_URL")
            .env_remove("GEOCODER_URL")
            .env_remove("ROUTER_URL")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .kill_on_drop(true);
        let mut child = command.spawn().ctx("starting mudanzas serve")?;
        let pid = child.id().ok_or("the server process has no pid")?;
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("mudanzas serve exited ({status}): {}", tail(&log)));
            }
            if let Ok(mut http) = Http::connect(addr).await {
                if let Ok(answer) = http.send("GET", "/healthz", None, None).await {
                    if answer.status == 200 {
                        break;
                    }
                }
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "mudanzas serve did not answer within 60 s: {}",
                    tail(&log)
                ));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let files = std::fs::read_to_string(format!("/proc/{pid}/limits"))
            .ok()
            .and_then(|limits| {
                limits
                    .lines()
                    .find(|l| l.starts_with("Max open files"))
                    .map(|l| {
                        let fields: Vec<&str> = l.split_whitespace().collect();
                        format!(
                            "{} soft / {} hard",
                            fields.get(3).unwrap_or(&"?"),
                            fields.get(4).unwrap_or(&"?")
                        )
                    })
            })
            .unwrap_or_else(|| "unknown".into());
        Ok(ServerProcess {
            child,
            pid,
            addr,
            files,
            log,
        })
    }

    /// SIGTERM (the server's graceful shutdown), then SIGKILL after 10 s.
    async fn stop(&mut self) {
        #[cfg(unix)]
        // SAFETY: kill only sends a signal to the child this bench started and still owns.
        unsafe {
            libc::kill(self.pid as libc::pid_t, libc::SIGTERM);
        }
        if tokio::time::timeout(Duration::from_secs(10), self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
        if let Some(dir) = self.log.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The end of the server's log, for an error message.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let start = text.len().saturating_sub(1_500);
    let start = (start..text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    text[start..].to_string()
}

/// Waits until the server's projectors have passed the end of the log and its live feed has
/// broadcast every change (a new connection's hello carries the position broadcast so far):
/// otherwise the moves written before it started would reach the dashboards as arrivals.
async fn caught_up(
    pool: &PgPool,
    addr: SocketAddr,
    cookie: &str,
    within: Duration,
) -> Result<(), String> {
    let deadline = Instant::now() + within;
    loop {
        let lags = api::ops::projector_lags(pool)
            .await
            .ctx("reading the projectors' lag")?;
        let feed: i64 =
            sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM live_changes")
                .fetch_one(pool)
                .await
                .ctx("the change feed's end")?;
        if lags.iter().all(|l| l.pending == 0) && hello_position(addr, cookie).await? >= feed {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!(
                "the server had not projected and broadcast the moves within {} s",
                within.as_secs()
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn hello_position(addr: SocketAddr, cookie: &str) -> Result<i64, String> {
    let mut request = format!("ws://{addr}/api/live")
        .into_client_request()
        .ctx("WebSocket request")?;
    request
        .headers_mut()
        .insert("cookie", cookie.parse().ctx("cookie header")?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .ctx("WebSocket handshake")?;
    let hello = loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => break text,
            Ok(Some(Ok(_))) => continue,
            _ => return Err("no hello on /api/live".into()),
        }
    };
    let _ = socket.close(None).await;
    let hello: Value = serde_json::from_str(hello.as_str()).ctx("hello frame")?;
    hello
        .get("position")
        .and_then(Value::as_i64)
        .ok_or_else(|| "a hello without a position".into())
}

/// The server's own count of open live connections, from /metrics.
async fn websocket_gauge(addr: SocketAddr) -> Option<u64> {
    let answer = Http::connect(addr)
        .await
        .ok()?
        .send("GET", "/metrics", None, None)
        .await
        .ok()?;
    String::from_utf8_lossy(&answer.body)
        .lines()
        .find(|l| l.starts_with(api::ops::WEBSOCKETS))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|v| v.parse::<f64>().ok())
        .map(|v| v as u64)
}

// ---------------------------------------------------------------------------------------------
// /proc

struct Status {
    /// VmRSS, kB.
    rss: u64,
    /// VmHWM (the peak resident set since the process started), kB.
    hwm: u64,
}

fn proc_status(pid: u32) -> Result<Status, String> {
    let text =
        std::fs::read_to_string(format!("/proc/{pid}/status")).ctx("reading /proc/<pid>/status")?;
    let field = |name: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    Ok(Status {
        rss: field("VmRSS:"),
        hwm: field("VmHWM:"),
    })
}

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: &str) -> Result<u64, String> {
    let text =
        std::fs::read_to_string(format!("/proc/{pid}/stat")).ctx("reading /proc/<pid>/stat")?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let rest = text
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .ok_or("an unreadable /proc/<pid>/stat")?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 of the line; `rest` starts at field 3.
    let tick = |i: usize| -> Result<u64, String> {
        fields
            .get(i)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| "an unreadable /proc/<pid>/stat".to_string())
    };
    Ok(tick(11)? + tick(12)?)
}

/// Busy ticks of the whole machine (every core), from /proc/stat.
fn machine_busy_ticks() -> Result<u64, String> {
    let text = std::fs::read_to_string("/proc/stat").ctx("reading /proc/stat")?;
    let line = text
        .lines()
        .find(|l| l.starts_with("cpu "))
        .ok_or("no cpu line in /proc/stat")?;
    let values: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    let total: u64 = values.iter().take(8).sum();
    let idle = values.get(3).copied().unwrap_or(0) + values.get(4).copied().unwrap_or(0);
    Ok(total - idle)
}

struct CpuClock {
    at: Instant,
    server: u64,
    bench: u64,
    machine: u64,
}

impl CpuClock {
    fn read(pid: u32) -> Result<CpuClock, String> {
        Ok(CpuClock {
            at: Instant::now(),
            server: cpu_ticks(&pid.to_string())?,
            bench: cpu_ticks("self")?,
            machine: machine_busy_ticks()?,
        })
    }

    fn since(&self, pid: u32) -> Result<Cpu, String> {
        let now = CpuClock::read(pid)?;
        // SAFETY: sysconf only reads a configuration value.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        let elapsed = now.at - self.at;
        let share = |ticks: u64| ticks as f64 / hz / elapsed.as_secs_f64().max(1e-9) * 100.0;
        Ok(Cpu {
            server: share(now.server - self.server),
            bench: share(now.bench - self.bench),
            machine: share(now.machine - self.machine),
            elapsed,
            server_seconds: (now.server - self.server) as f64 / hz,
        })
    }
}

async fn sample_rss(pid: u32, mut stop: watch::Receiver<bool>) -> Vec<u64> {
    let mut samples = Vec::new();
    let mut tick = tokio::time::interval(SAMPLE_EVERY);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                if let Ok(status) = proc_status(pid) {
                    samples.push(status.rss);
                }
            }
            _ = stop.changed() => return samples,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The busiest reads

#[derive(Clone)]
struct Endpoint {
    label: String,
    /// Requests cycle through these paths.
    paths: Vec<String>,
    cookie: String,
    requests: usize,
    /// Between one client's requests under load.
    pause: Duration,
}

struct ReadFigures {
    label: String,
    bytes: usize,
    quiet: Vec<Duration>,
    loaded: Vec<Duration>,
    failures: usize,
    first_failure: Option<String>,
}

/// The reads the web app makes most, and the heaviest: the staff list (every dashboard's first
/// load), one move (its page), the analytics (the manager's charts) and a customer's own moves.
fn endpoints(
    plan: &Plan,
    sessions: &[Session],
    manager: usize,
    customer: usize,
    ids: &[i64],
) -> Vec<Endpoint> {
    let manager = sessions[manager].cookie.clone();
    let one_move: Vec<String> = ids
        .iter()
        .step_by(97)
        .map(|id| format!("/api/mudanza/{id}"))
        .collect();
    vec![
        Endpoint {
            label: LIST_PATH.into(),
            paths: vec![LIST_PATH.into()],
            cookie: manager.clone(),
            requests: plan.read_requests / 8,
            // A dashboard being opened every couple of seconds.
            pause: Duration::from_secs(2),
        },
        Endpoint {
            label: "/api/mudanza/{id}".into(),
            paths: one_move,
            cookie: manager.clone(),
            requests: plan.read_requests,
            pause: Duration::from_millis(50),
        },
        Endpoint {
            label: "/api/analiticas?periodo=mes".into(),
            paths: vec!["/api/analiticas?periodo=mes".into()],
            cookie: manager,
            requests: plan.read_requests,
            pause: Duration::from_millis(50),
        },
        Endpoint {
            label: "/api/mis-mudanzas (cliente)".into(),
            paths: vec!["/api/mis-mudanzas".into()],
            cookie: sessions[customer].cookie.clone(),
            requests: plan.read_requests,
            pause: Duration::from_millis(50),
        },
    ]
}

/// `READ_CLIENTS` clients, `requests` in all, as fast as they are answered; one answer first,
/// off the clock, checked to be a 200 with JSON.
async fn quiet_reads(addr: SocketAddr, endpoint: &Endpoint) -> Result<ReadFigures, String> {
    let mut http = Http::connect(addr).await?;
    let answer = http
        .send("GET", &endpoint.paths[0], Some(&endpoint.cookie), None)
        .await?;
    if answer.status != 200 {
        return Err(format!("{} answered {}", endpoint.label, answer.excerpt()));
    }
    let body: Value = serde_json::from_slice(&answer.body).ctx(&endpoint.label)?;
    if endpoint.paths[0] == "/api/mis-mudanzas" {
        let mine = body
            .get("mudanzas")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if mine < 5 {
            return Err(format!(
                "/api/mis-mudanzas listed {mine} moves, not at least 5"
            ));
        }
    }
    let bytes = answer.body.len();
    let tasks: Vec<_> = (0..READ_CLIENTS)
        .map(|c| {
            let endpoint = endpoint.clone();
            tokio::spawn(async move {
                let mut http = Http::connect(addr).await?;
                let mut latencies = Vec::new();
                let mut failures = 0;
                let mut first = None;
                for i in (c..endpoint.requests).step_by(READ_CLIENTS) {
                    let path = &endpoint.paths[i % endpoint.paths.len()];
                    let t = Instant::now();
                    let answer = http.send("GET", path, Some(&endpoint.cookie), None).await?;
                    if answer.status == 200 {
                        latencies.push(t.elapsed());
                    } else {
                        failures += 1;
                        first.get_or_insert_with(|| format!("{path}: {}", answer.excerpt()));
                    }
                }
                Ok::<_, String>((latencies, failures, first))
            })
        })
        .collect();
    let mut figures = ReadFigures {
        label: endpoint.label.clone(),
        bytes,
        quiet: Vec::new(),
        loaded: Vec::new(),
        failures: 0,
        first_failure: None,
    };
    for task in tasks {
        let (latencies, failures, first) = task.await.ctx("a reader")??;
        figures.quiet.extend(latencies);
        figures.failures += failures;
        if figures.first_failure.is_none() {
            figures.first_failure = first;
        }
    }
    figures.quiet.sort_unstable();
    Ok(figures)
}

type Loaded = (Vec<Duration>, usize, Option<String>);

/// One client reading `endpoint` with a pause between requests until told to stop.
async fn loaded_reads(
    addr: SocketAddr,
    endpoint: Endpoint,
    mut stop: watch::Receiver<bool>,
) -> Result<Loaded, String> {
    let mut http = Http::connect(addr).await?;
    let mut latencies = Vec::new();
    let mut failures = 0;
    let mut first = None;
    let mut i = 0;
    while !*stop.borrow() {
        let path = &endpoint.paths[i % endpoint.paths.len()];
        i += 1;
        let t = Instant::now();
        let answer = http.send("GET", path, Some(&endpoint.cookie), None).await?;
        if answer.status == 200 {
            latencies.push(t.elapsed());
        } else {
            failures += 1;
            first.get_or_insert_with(|| format!("{path}: {}", answer.excerpt()));
        }
        tokio::select! {
            _ = tokio::time::sleep(endpoint.pause) => {}
            _ = stop.changed() => break,
        }
    }
    latencies.sort_unstable();
    Ok((latencies, failures, first))
}

// ---------------------------------------------------------------------------------------------
// Printing

fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1_024.0)
}

fn median(values: &[u64]) -> u64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len() / 2).copied().unwrap_or(0)
}

pub(super) fn print(f: &LoadFigures, plan: &Plan, verdicts: &mut Verdicts) {
    let d = &f.dashboards;
    let i = &f.idle;
    let p = &f.paced;
    println!();
    println!(
        "Load (issue 9): a mudanzas serve process of its own (pid {}, open files {}), {} moves; \
         {} staff dashboards ({}) and {} idle customer WebSockets ({IDLE_CLIENT}, whose moves \
         do not change) on /api/live; status changes through PUT {STATUS_PATH} at {}/s for {} s",
        f.pid,
        f.server_files,
        thousands(f.moves as f64),
        thousands(d.connections as f64),
        f.staff_roles,
        thousands(i.connections as f64),
        plan.paced_rate,
        plan.load_for.as_secs()
    );
    println!(
        "  connections: idle opened in {:.2} s, dashboards in {:.2} s; the server counted {}",
        i.connect_time.as_secs_f64(),
        d.connect_time.as_secs_f64(),
        f.server_counted
            .map_or_else(|| "? (no /metrics)".to_string(), |n| thousands(n as f64))
    );
    println!(
        "  {} changes from {SENDERS} senders, the last sent {:.2} s after the first, at most {} \
         behind schedule; answers: {} × 200 (p50 {}, p99 {}, max {}), {} other",
        thousands(p.planned as f64),
        p.span.as_secs_f64(),
        ms(Some(p.behind)),
        thousands(p.latencies.len() as f64),
        ms(percentile(&p.latencies, 50.0)),
        ms(percentile(&p.latencies, 99.0)),
        ms(p.latencies.last().copied()),
        p.failures
    );
    if let Some(e) = &p.first_failure {
        println!("  first non-200 change: {e}");
    }
    println!(
        "  dashboards: frames expected {}, received {}, missing {}, duplicates {}, unexpected {}, \
         out of order {}, failed connections {}",
        thousands(d.expected as f64),
        thousands(d.received as f64),
        d.missing,
        d.duplicates,
        d.unexpected,
        d.out_of_order,
        d.failed_connections
    );
    println!(
        "  idle connections: frames received {} (must be 0), failed connections {}",
        i.received, i.failed_connections
    );
    for e in [&d.first_error, &i.first_error].into_iter().flatten() {
        println!("  first connection error: {e}");
    }
    println!(
        "  {:<34}{:>10}{:>10}{:>10}",
        "delivery", "p50", "p99", "max"
    );
    let row = |label: &str, samples: &[Duration]| {
        println!(
            "  {:<34}{:>10}{:>10}{:>10}",
            label,
            ms(percentile(samples, 50.0)),
            ms(percentile(samples, 99.0)),
            ms(samples.last().copied())
        )
    };
    row("every frame, from the commit", &d.samples);
    row("every frame, from the PUT", &d.from_request);
    row("first frame of a change", &d.first);
    row("last frame of a change", &d.last);
    if d.early > 0 {
        println!(
            "  frames read before their event's recorded_at: {} (clock skew; counted as 0 ms)",
            thousands(d.early as f64)
        );
    }
    print_resources(f);
    print_reads(f);
    judge(f, plan, verdicts);
}

/// The server's memory during the changes, once settled: the median of the second half.
fn steady_rss(f: &LoadFigures) -> u64 {
    median(&f.rss_run[f.rss_run.len() / 2..])
}

/// The server's memory and CPU while it held the connections and during the changes.
fn print_resources(f: &LoadFigures) {
    let (d, i, p) = (&f.dashboards, &f.idle, &f.paced);
    let per = |kb: u64, n: usize| kb as f64 * 1_024.0 / n.max(1) as f64 / 1_000.0;
    println!(
        "  server memory (RSS): started {}; with {} idle connections {} (+{:.1} kB each); with \
         the dashboards too {} (+{:.1} kB each); after the quiet reads {}; during the changes \
         steady {} (median of the second half), highest sample {}; peak since start (VmHWM) {}",
        mb(f.rss_started),
        thousands(i.connections as f64),
        mb(f.rss_idle_open),
        per(f.rss_idle_open.saturating_sub(f.rss_started), i.connections),
        mb(f.rss_all_open),
        per(
            f.rss_all_open.saturating_sub(f.rss_idle_open),
            d.connections
        ),
        mb(f.rss_after_reads),
        mb(steady_rss(f)),
        mb(f.rss_run.iter().copied().max().unwrap_or(0)),
        mb(f.rss_hwm)
    );
    let cpu = |c: &Cpu| {
        format!(
            "server {:.0} %, bench clients {:.0} %, whole machine {:.0} % (of one core; {} cores)",
            c.server,
            c.bench,
            c.machine,
            std::thread::available_parallelism().map_or(0, |n| n.get())
        )
    };
    println!(
        "  CPU holding the connections, no changes ({:.0} s): {}",
        f.cpu_idle.elapsed.as_secs_f64(),
        cpu(&f.cpu_idle)
    );
    println!(
        "  CPU during the changes ({:.0} s): {}; the server's {:.2} ms per change",
        f.cpu_run.elapsed.as_secs_f64(),
        cpu(&f.cpu_run),
        f.cpu_run.server_seconds * 1_000.0 / p.latencies.len().max(1) as f64
    );
}

fn print_reads(f: &LoadFigures) {
    println!(
        "  reads, {} moves: quiet = {READ_CLIENTS} clients, one endpoint at a time, the \
         connections open but no changes; under load = one client per endpoint beside the changes (the staff list \
         every 2 s, the others every 50 ms)",
        thousands(f.moves as f64)
    );
    println!(
        "  {:<34}{:>10}{:>10}{:>10}{:>10} |{:>10}{:>10}{:>10}{:>7}",
        "GET", "size", "p50", "p99", "max", "p50", "p99", "max", "n"
    );
    for r in &f.reads {
        println!(
            "  {:<34}{:>10}{:>10}{:>10}{:>10} |{:>10}{:>10}{:>10}{:>7}",
            r.label,
            if r.bytes >= 100_000 {
                format!("{:.1} MB", r.bytes as f64 / 1e6)
            } else {
                format!("{:.1} kB", r.bytes as f64 / 1e3)
            },
            ms(percentile(&r.quiet, 50.0)),
            ms(percentile(&r.quiet, 99.0)),
            ms(r.quiet.last().copied()),
            ms(percentile(&r.loaded, 50.0)),
            ms(percentile(&r.loaded, 99.0)),
            ms(r.loaded.last().copied()),
            r.loaded.len()
        );
        if let Some(e) = &r.first_failure {
            println!("    first non-200: {e}");
        }
    }
}

/// The correctness failures among the figures, and the summary's lines.
fn judge(f: &LoadFigures, plan: &Plan, verdicts: &mut Verdicts) {
    let (d, i, p) = (&f.dashboards, &f.idle, &f.paced);
    let complete = d.missing == 0
        && d.duplicates == 0
        && d.unexpected == 0
        && d.out_of_order == 0
        && d.failed_connections == 0
        && i.received == 0
        && i.failed_connections == 0;
    if !complete {
        verdicts.failures.push(format!(
            "load: dashboards {} missing, {} duplicates, {} unexpected, {} out of order, {} \
             failed; idle connections {} frames, {} failed",
            d.missing,
            d.duplicates,
            d.unexpected,
            d.out_of_order,
            d.failed_connections,
            i.received,
            i.failed_connections
        ));
    }
    let wrong = p.failures + f.reads.iter().map(|r| r.failures).sum::<usize>();
    if wrong > 0 {
        verdicts
            .failures
            .push(format!("load: {wrong} answers other than 200"));
    }
    verdicts
        .summary
        .push("Load (issue 9; figures, no numeric target):".into());
    verdicts.summary.push(format!(
        "  {:<40}p50 {}, p99 {}, max {} from the commit ({} dashboards + {} idle; {})",
        format!("delivery, {} changes/s", plan.paced_rate),
        ms(percentile(&d.samples, 50.0)),
        ms(percentile(&d.samples, 99.0)),
        ms(d.samples.last().copied()),
        thousands(d.connections as f64),
        thousands(i.connections as f64),
        if complete {
            "every change once on every dashboard, nothing on the idle ones"
        } else {
            "frames missing or wrong"
        }
    ));
    verdicts.summary.push(format!(
        "  {:<40}RSS steady {}, highest {} during the changes (VmHWM {}); CPU {:.0} % of one core",
        "server process",
        mb(steady_rss(f)),
        mb(f.rss_run.iter().copied().max().unwrap_or(0)),
        mb(f.rss_hwm),
        f.cpu_run.server
    ));
}
