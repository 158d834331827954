//! `mudanzas-bench`: append throughput, follow/replay throughput and live latency, each measured
//! next to a baseline taken in the same run (a raw INSERT into a table of the same shape, a plain
//! read of the log), because absolute figures drift between runs on shared machines; then the
//! moves API over HTTP (`moves_api`): the staff list, status changes, and their live delivery;
//! then a separate server process under 1,000 dashboards, 10,000 idle connections and 100
//! changes a second (`load`). `--only` selects phases.
//!
//! Everything happens in a database of its own (`mudanzas_bench`, or `BENCH_DB`) on the server DATABASE_URL
//! points at; it is recreated for each phase, so no phase sees another's rows, and dropped at the
//! end. The database DATABASE_URL names is never written to.

use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{Days, NaiveDate, Utc};
use command::demo::demo_move;
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::{Decider, Role};
use events_schema::events::{
    move_stream, MoveDetailsUpdated, MoveStatus, MoveStatusChanged, Person, PhotoAdded,
    WorkerAssigned,
};
use events_schema::{
    Event, EventStore, ExpectedVersion, Metadata, NewEvent, RecordedEvent, StoreOptions,
};
use futures::StreamExt;
use indicatif::{ProgressBar, ProgressStyle};
use projections::moves::MovesProjector;
use serde::Deserialize;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, PgConnection};
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

use api::config::{Config, ConnectionLimits};
use api::seed::{demo_accounts, DemoAccount};
use api::{AppState, StartOptions};
use clap::Parser;

mod crew_sync;
mod documents;
mod http;
mod load;
mod moves_api;
mod windows;

use http::Http;

/// Measure appends, replay, live latency, the moves API and the server under load in a scratch
/// database (`mudanzas_bench`, or BENCH_DB) on the DATABASE_URL server (created and dropped here;
/// DATABASE_URL's own database is untouched).
#[derive(Parser)]
#[command(name = "mudanzas-bench")]
struct Cli {
    /// Shorter runs and a smaller history, for a quick look.
    #[arg(long)]
    quick: bool,
    /// Run only these phases (repeat or separate with commas; default: every phase).
    #[arg(long, value_enum, value_delimiter = ',')]
    only: Vec<Phase>,
    /// Idle customer WebSockets the load phase holds beside the dashboards (default 10,000;
    /// 0 shows what the dashboards alone cost).
    #[arg(long, value_name = "N")]
    idle: Option<usize>,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    init_logging();
    let cli = Cli::parse();
    let outcome = match Config::from_env() {
        Ok(config) => run(&config, cli.quick, &cli.only, cli.idle).await,
        Err(e) => Err(e),
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The bench's log goes to stderr, beside the progress, so that stdout carries the table alone;
/// RUST_LOG selects it (default: warnings). The in-process server's line per request
/// (`api::ops`, at info) stays off whatever RUST_LOG says: its servers answer thousands of
/// requests inside the timed phases, and writing those lines would be timed with them.
fn init_logging() {
    let wanted = std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into());
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::builder().parse_lossy(format!("{wanted},api::ops=warn")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .compact()
        .init();
}

/// The scratch database's name unless `BENCH_DB` names another: two benches on one PostgreSQL
/// server at once would otherwise drop each other's database.
const BENCH_DB: &str = "mudanzas_bench";
const MANY_WRITERS: usize = 8;
/// Each writer spreads its appends over this many streams of its own, so that no two writers
/// ever contend for a stream and the per-stream version check does real work.
const STREAMS_PER_WRITER: usize = 200;
/// The batch `mudanzas rebuild` uses.
const REPLAY_BATCH: i64 = 2_000;
const EVENTS_PER_MOVE: usize = 10;
/// The benchmark decides its histories as a manager with no account of its own.
const BENCH_ACTOR: Uuid = Uuid::nil();

const STUB_WEB: &str = "mudanzas-bench-web";

const SELECT_EVENTS: &str = "SELECT position, event_id, stream_id, stream_version, event_type, \
     schema_version, data, metadata, occurred_at, recorded_at FROM events";

/// The table the append baseline writes: `events` copied with `LIKE` (columns, primary key, both
/// unique constraints; triggers are not copied), with positions from a plain identity and the
/// transaction id filled in by the database, so a raw INSERT does none of the append function's
/// work and the shape cannot drift from the real table. The hash columns (issue 7) get a constant
/// default: the raw row is as wide as a real one, but nothing is hashed or chained, so the ratio
/// to raw includes what tamper evidence costs an append.
const RAW_TABLE: &str = "CREATE TABLE raw_events (LIKE events INCLUDING ALL); \
     ALTER TABLE raw_events ALTER COLUMN position ADD GENERATED ALWAYS AS IDENTITY, \
     ALTER COLUMN transaction_id SET DEFAULT pg_current_xact_id(), \
     ALTER COLUMN prev_hash SET DEFAULT sha256(''), ALTER COLUMN hash SET DEFAULT sha256('')";

trait Context<T> {
    fn ctx(self, what: &str) -> Result<T, String>;
}

impl<T, E: Display> Context<T> for Result<T, E> {
    fn ctx(self, what: &str) -> Result<T, String> {
        self.map_err(|e| format!("{what}: {e}"))
    }
}

/// A phase of the bench, for `mudanzas-bench --only <phase>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Phase {
    /// Append throughput and the gap-free checks.
    Appends,
    /// Follow / replay through the moves projector.
    Replay,
    /// Live latency: appends to 1,000 WebSockets of every role.
    Live,
    /// The moves API over HTTP (issue 3).
    Api,
    /// A separate server process holding 1,000 dashboards and 10,000 idle connections under
    /// 100 status changes a second, and the busiest reads (issue 9).
    Load,
    /// The staff lists as windows over 100,000 moves, beside the old full list (issue 19).
    Windows,
    /// The invoice and the waybill made as PDF files, beside encoding the same JSON (issue 20).
    Documents,
    /// A crew's 100 offline changes (20 photos) synced after reconnecting, sent twice (issue 21).
    CrewSync,
}

#[derive(Debug, Clone)]
struct Plan {
    quick: bool,
    run_for: Duration,
    history_moves: usize,
    connections: usize,
    changes: usize,
    pause: Duration,
    /// Moves in the moves-API phase's database.
    api_moves: usize,
    /// Requests for the staff list of every move.
    list_requests: usize,
    /// How long status changes go through the API, paced, to the live dashboards.
    paced_for: Duration,
    /// Status changes per second in that run.
    paced_rate: u32,
    /// The load phase: idle connections held beside the dashboards.
    idle_connections: usize,
    /// The load phase: how long the status changes flow.
    load_for: Duration,
    /// The load phase: requests per endpoint in each read run.
    read_requests: usize,
}

impl Plan {
    fn new(quick: bool) -> Plan {
        Plan {
            quick,
            run_for: if quick {
                Duration::from_millis(1_500)
            } else {
                Duration::from_secs(5)
            },
            history_moves: if quick { 2_000 } else { 20_000 },
            connections: 1_000,
            changes: if quick { 50 } else { 200 },
            pause: Duration::from_millis(20),
            api_moves: 10_000,
            list_requests: if quick { 40 } else { 200 },
            paced_for: if quick {
                Duration::from_secs(2)
            } else {
                Duration::from_secs(5)
            },
            paced_rate: 100,
            idle_connections: 10_000,
            load_for: if quick {
                Duration::from_secs(10)
            } else {
                Duration::from_secs(30)
            },
            read_requests: if quick { 100 } else { 400 },
        }
    }
}

/// What a target asks for, and the baseline figure the issue measured next to it: the ratio of
/// the two is what carries over to a machine that is faster or slower today.
struct Target {
    at_least: f64,
    reference: f64,
}

impl Target {
    fn ratio(&self) -> f64 {
        self.at_least / self.reference
    }
}

const TARGET_SINGLE_1: Target = Target {
    at_least: 3_400.0,
    reference: 4_200.0,
};
const TARGET_SINGLE_8: Target = Target {
    at_least: 9_000.0,
    reference: 11_700.0,
};
const TARGET_BATCH_8: Target = Target {
    at_least: 50_000.0,
    reference: 100_000.0,
};
/// Issue 19: at least half the same-run plain read (the absolute figure is issue 2's).
const TARGET_REBUILD: Target = Target {
    at_least: 50_000.0,
    reference: 100_000.0,
};
const TARGET_LIVE_P99: Duration = Duration::from_millis(25);

#[derive(Default)]
struct Verdicts {
    absolute: (usize, usize),
    ratio: (usize, usize),
    failures: Vec<String>,
    /// Figures with no numeric target, printed after the verdicts.
    summary: Vec<String>,
}

impl Verdicts {
    fn record(&mut self, absolute: bool, ratio: bool) -> (&'static str, &'static str) {
        self.absolute.1 += 1;
        self.ratio.1 += 1;
        self.absolute.0 += absolute as usize;
        self.ratio.0 += ratio as usize;
        (word(absolute), word(ratio))
    }
}

fn word(pass: bool) -> &'static str {
    if pass {
        "pass"
    } else {
        "MISS"
    }
}

/// Runs every phase and prints the table. Correctness failures (a follower out of order, a live
/// frame missing) make it fail after printing; a missed performance target does not.
pub async fn run(
    config: &Config,
    quick: bool,
    only: &[Phase],
    idle_connections: Option<usize>,
) -> Result<(), String> {
    let mut plan = Plan::new(quick);
    if let Some(idle) = idle_connections {
        plan.idle_connections = idle;
    }
    let db = Databases::from_url(&config.database_url)?;
    let seed_dir = locate_seed_dir(&config.seed_dir)?;
    db.recreate().await?;
    let outcome = phases(&db, &plan, &seed_dir, only).await;
    let dropped = db.drop_bench().await;
    let verdicts = outcome?;
    dropped?;
    println!();
    println!(
        "Targets met: {}/{} judged by ratio to the same-run baseline, {}/{} by absolute figure.",
        verdicts.ratio.0, verdicts.ratio.1, verdicts.absolute.0, verdicts.absolute.1
    );
    for line in &verdicts.summary {
        println!("{line}");
    }
    if verdicts.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "correctness check failed: {}",
            verdicts.failures.join("; ")
        ))
    }
}

async fn phases(
    db: &Databases,
    plan: &Plan,
    seed_dir: &Path,
    only: &[Phase],
) -> Result<Verdicts, String> {
    let wanted = |phase: Phase| only.is_empty() || only.contains(&phase);
    let mut verdicts = Verdicts::default();
    {
        let pool = db.pool(2).await?;
        print_machine(&pool, db, plan).await?;
        pool.close().await;
    }
    if wanted(Phase::Appends) {
        let appends = append_phase(db, plan).await?;
        print_appends(&appends, plan, &mut verdicts);
    }
    if wanted(Phase::Replay) {
        let replay = replay_phase(db, plan).await?;
        print_replay(&replay, &mut verdicts);
    }
    if wanted(Phase::Live) {
        let live = live_phase_isolated(db.clone(), plan.clone(), seed_dir.to_path_buf()).await?;
        print_live(&live, plan, &mut verdicts);
    }
    if wanted(Phase::Api) {
        let api = moves_api::run(db.clone(), plan.clone(), seed_dir.to_path_buf()).await?;
        moves_api::print(&api, plan, &mut verdicts);
    }
    if wanted(Phase::Load) {
        let load = load::run(db.clone(), plan.clone(), seed_dir.to_path_buf()).await?;
        load::print(&load, plan, &mut verdicts);
    }
    if wanted(Phase::Windows) {
        let windows = windows::run(db.clone(), plan.clone(), seed_dir.to_path_buf()).await?;
        windows::print(&windows);
    }
    if wanted(Phase::Documents) {
        let documents = documents::run(plan)?;
        documents::print(&documents);
    }
    if wanted(Phase::CrewSync) {
        let sync = crew_sync::run(db.clone(), seed_dir.to_path_buf()).await?;
        crew_sync::print(&sync);
    }
    Ok(verdicts)
}

fn locate_seed_dir(configured: &Path) -> Result<PathBuf, String> {
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("../seed");
    [configured.to_path_buf(), built_in]
        .into_iter()
        .find(|d| d.join("demo-accounts.json").is_file())
        .ok_or_else(|| {
            format!(
                "no demo-accounts.json under {} (set SEED_DIR or run from the repository root)",
                configured.display()
            )
        })
}

// ---------------------------------------------------------------------------------------------
// The bench database

#[derive(Clone)]
struct Databases {
    admin: PgConnectOptions,
    bench: PgConnectOptions,
    /// The scratch database (`BENCH_DB`, else [`BENCH_DB`]).
    name: String,
}

impl Databases {
    fn from_url(url: &str) -> Result<Databases, String> {
        let name = std::env::var("BENCH_DB")
            .ok()
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| BENCH_DB.to_string());
        // It is spliced into DROP/CREATE DATABASE, and the bench drops it: a plain lower-case
        // identifier, and never the database DATABASE_URL names.
        if !name.starts_with(|c: char| c.is_ascii_lowercase())
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return Err(format!(
                "BENCH_DB must be a lower-case identifier (letters, digits, _): {name}"
            ));
        }
        let given: PgConnectOptions = url.parse().ctx("DATABASE_URL")?;
        // sqlx would log every statement over a second; DROP/CREATE DATABASE and the long
        // rebuild statements are expected to be slow here, and the table must stay readable.
        let given = given.disable_statement_logging();
        let admin = if given.get_database() == Some(name.as_str()) {
            given.clone().database("postgres")
        } else {
            given.clone()
        };
        Ok(Databases {
            admin,
            bench: given.database(&name),
            name,
        })
    }

    async fn admin_exec(&self, sql: &str) -> Result<(), String> {
        let mut conn = PgConnection::connect_with(&self.admin)
            .await
            .ctx("connecting to the DATABASE_URL server")?;
        sqlx::query(sql).execute(&mut conn).await.ctx(sql)?;
        conn.close().await.ctx("closing the admin connection")
    }

    async fn recreate(&self) -> Result<(), String> {
        self.drop_bench().await?;
        self.admin_exec(&format!("CREATE DATABASE {}", self.name))
            .await
    }

    async fn drop_bench(&self) -> Result<(), String> {
        self.admin_exec(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .await
    }

    async fn pool(&self, max: u32) -> Result<PgPool, String> {
        PgPoolOptions::new()
            .max_connections(max)
            .acquire_timeout(Duration::from_secs(60))
            // As the server's pool (api::connect): no ping round trip before every use.
            .test_before_acquire(false)
            .connect_with(self.bench.clone())
            .await
            .ctx("connecting to the bench database")
    }

    async fn connection(&self) -> Result<PgConnection, String> {
        PgConnection::connect_with(&self.bench)
            .await
            .ctx("connecting to the bench database")
    }

    async fn migrated_pool(&self, max: u32) -> Result<PgPool, String> {
        self.recreate().await?;
        let pool = self.pool(max).await?;
        events_schema::MIGRATOR
            .run(&pool)
            .await
            .ctx("migrating the bench database")?;
        Ok(pool)
    }
}

async fn print_machine(pool: &PgPool, db: &Databases, plan: &Plan) -> Result<(), String> {
    let show = |name: &'static str| async move {
        sqlx::query_scalar::<_, String>(&format!("SHOW {name}"))
            .fetch_one(pool)
            .await
            .ctx(name)
    };
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(0);
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    println!(
        "Mudanzas benchmark ({})",
        if plan.quick {
            "--quick: shorter runs, smaller history"
        } else {
            "full"
        }
    );
    println!();
    println!("Machine");
    println!("  CPU                 {cpu}, {cores} cores (nproc)");
    println!(
        "  PostgreSQL          {} on {}:{}, database {} (made for this run, dropped after)",
        show("server_version").await?,
        db.bench.get_host(),
        db.bench.get_port(),
        db.name
    );
    println!(
        "  durability          fsync={}, synchronous_commit={}, wal_sync_method={}, commit_delay={}",
        show("fsync").await?,
        show("synchronous_commit").await?,
        show("wal_sync_method").await?,
        show("commit_delay").await?,
    );
    println!(
        "  memory              shared_buffers={}, max_wal_size={}",
        show("shared_buffers").await?,
        show("max_wal_size").await?
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Appends

#[derive(Debug, Clone, Copy)]
struct Rate {
    events: u64,
    elapsed: Duration,
}

impl Rate {
    fn per_sec(&self) -> f64 {
        self.events as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

enum Sink {
    Raw(PgConnection),
    Store(EventStore),
}

/// One concurrent writer: appends `batch` status changes at a time, round-robin over streams of
/// its own, at the version it knows each stream is at.
struct Writer {
    sink: Sink,
    batch: usize,
    streams: Vec<(String, i64)>,
    next: usize,
    actor: String,
}

impl Writer {
    fn new(sink: Sink, batch: usize, run: usize, writer: usize) -> Writer {
        let streams = (0..STREAMS_PER_WRITER)
            .map(|j| {
                let id = ((run * 100 + writer) * 100_000 + j) as i64;
                (move_stream(id), 0)
            })
            .collect();
        Writer {
            sink,
            batch,
            streams,
            next: 0,
            actor: Uuid::now_v7().to_string(),
        }
    }

    async fn step(&mut self) -> Result<(), String> {
        let j = self.next % self.streams.len();
        self.next += 1;
        let version = self.streams[j].1;
        let metadata = Metadata {
            actor_id: Some(self.actor.clone()),
            actor_role: Some("empleado".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: Some(Uuid::now_v7().to_string()),
            idempotency_key: None,
        };
        let events: Vec<NewEvent> = (0..self.batch as i64)
            .map(|i| status_change(version + i, &metadata))
            .collect();
        let stream = &self.streams[j].0;
        match &mut self.sink {
            Sink::Store(store) => {
                let expected = match version {
                    0 => ExpectedVersion::NoStream,
                    v => ExpectedVersion::Exact(v),
                };
                store
                    .append(stream, expected, &events)
                    .await
                    .ctx("EventStore::append")?;
            }
            Sink::Raw(conn) => raw_insert(conn, stream, version, &events).await?,
        }
        self.streams[j].1 += self.batch as i64;
        Ok(())
    }
}

/// The status change a worker makes on a move at `version`: it toggles en curso and pendiente,
/// which is what the phone app sends most.
fn status_change(version: i64, metadata: &Metadata) -> NewEvent {
    let (from, to) = if version % 2 == 0 {
        (MoveStatus::Pendiente, MoveStatus::EnCurso)
    } else {
        (MoveStatus::EnCurso, MoveStatus::Pendiente)
    };
    NewEvent::new(
        Event::MoveStatusChanged(MoveStatusChanged {
            from,
            to,
            cancellation_fee_cents: None,
        }),
        metadata.clone(),
    )
}

/// The baseline: the same rows, serialised the same way as `EventStore::append` does, written
/// by one plain autocommit statement.
async fn raw_insert(
    conn: &mut PgConnection,
    stream: &str,
    version: i64,
    events: &[NewEvent],
) -> Result<(), String> {
    let metadata = |e: &NewEvent| serde_json::to_value(&e.metadata).unwrap_or_default();
    if let [e] = events {
        sqlx::query(
            "INSERT INTO raw_events (event_id, stream_id, stream_version, event_type, \
             schema_version, data, metadata, occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(e.event_id)
        .bind(stream)
        .bind(version + 1)
        .bind(e.event.event_type())
        .bind(e.event.schema_version())
        .bind(e.event.to_data())
        .bind(metadata(e))
        .bind(e.occurred_at)
        .execute(conn)
        .await
        .ctx("raw INSERT")?;
        return Ok(());
    }
    let ids: Vec<Uuid> = events.iter().map(|e| e.event_id).collect();
    let versions: Vec<i64> = (1..=events.len() as i64).map(|i| version + i).collect();
    let types: Vec<&str> = events.iter().map(|e| e.event.event_type()).collect();
    let schema_versions: Vec<i32> = events.iter().map(|e| e.event.schema_version()).collect();
    let data: Vec<serde_json::Value> = events.iter().map(|e| e.event.to_data()).collect();
    let metas: Vec<serde_json::Value> = events.iter().map(metadata).collect();
    let occurred: Vec<chrono::DateTime<Utc>> = events.iter().map(|e| e.occurred_at).collect();
    sqlx::query(
        "INSERT INTO raw_events (event_id, stream_id, stream_version, event_type, schema_version, \
         data, metadata, occurred_at) \
         SELECT i, $2, v, t, s, d, m, o FROM UNNEST($1::uuid[], $3::bigint[], $4::text[], \
         $5::integer[], $6::jsonb[], $7::jsonb[], $8::timestamptz[]) AS u(i, v, t, s, d, m, o)",
    )
    .bind(&ids)
    .bind(stream)
    .bind(&versions)
    .bind(&types)
    .bind(&schema_versions)
    .bind(&data)
    .bind(&metas)
    .bind(&occurred)
    .execute(conn)
    .await
    .ctx("raw multi-row INSERT")?;
    Ok(())
}

/// Runs the writers side by side for `run_for` and counts what they stored. Each writer first
/// makes two appends off the clock, so connection setup and statement preparation are not timed.
async fn run_writers(mut writers: Vec<Writer>, run_for: Duration) -> Result<Rate, String> {
    futures::future::try_join_all(writers.iter_mut().map(|w| async move {
        w.step().await?;
        w.step().await
    }))
    .await?;
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let end = start + run_for;
    let tasks: Vec<_> = writers
        .into_iter()
        .map(|mut w| {
            tokio::spawn(async move {
                tokio::time::sleep_until(start).await;
                let mut events = 0u64;
                while tokio::time::Instant::now() < end {
                    w.step().await?;
                    events += w.batch as u64;
                }
                if let Sink::Raw(conn) = w.sink {
                    let _ = conn.close().await;
                }
                Ok::<_, String>((events, tokio::time::Instant::now()))
            })
        })
        .collect();
    let mut total = 0;
    let mut finished = start;
    for task in tasks {
        let (events, at) = task.await.ctx("writer task")??;
        total += events;
        finished = finished.max(at);
    }
    Ok(Rate {
        events: total,
        elapsed: finished - start,
    })
}

struct AppendRow {
    label: &'static str,
    raw: Rate,
    store: Rate,
    /// The same run with the cross-process notifier off, to show what it costs.
    quiet: Option<Rate>,
    target: Option<&'static Target>,
}

struct AppendFigures {
    rows: Vec<AppendRow>,
    /// Events a follower saw while 8 writers appended, all present and in order.
    under_load: u64,
    /// Every event in the log, followed from 0 afterwards.
    followed: Rate,
}

async fn append_phase(db: &Databases, plan: &Plan) -> Result<AppendFigures, String> {
    let pool = db.migrated_pool(MANY_WRITERS as u32 + 6).await?;
    sqlx::raw_sql(RAW_TABLE)
        .execute(&pool)
        .await
        .ctx("creating raw_events")?;
    let bar = spinner();
    bar.set_message("appends: giving both tables a history and statistics");
    steady_state(&pool, plan.history_moves * EVENTS_PER_MOVE / 2).await?;
    // As in the server: the notifier and the listener run, so their cost is part of the figure.
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let quiet_store = EventStore::new(
        pool.clone(),
        StoreOptions {
            cross_process: false,
            ..StoreOptions::default()
        },
    );
    let configs: [(&str, usize, usize, Option<&'static Target>); 4] = [
        ("single-event, 1 writer", 1, 1, Some(&TARGET_SINGLE_1)),
        (
            "single-event, 8 writers",
            MANY_WRITERS,
            1,
            Some(&TARGET_SINGLE_8),
        ),
        ("100-event, 1 writer", 1, 100, None),
        (
            "100-event, 8 writers",
            MANY_WRITERS,
            100,
            Some(&TARGET_BATCH_8),
        ),
    ];
    let mut rows = Vec::new();
    for (run, (label, writers, batch, target)) in configs.into_iter().enumerate() {
        // Each pair runs back to back so both see the same machine weather.
        bar.set_message(format!("appends: raw INSERT, {label}"));
        let mut raw_writers = Vec::new();
        for w in 0..writers {
            raw_writers.push(Writer::new(
                Sink::Raw(db.connection().await?),
                batch,
                run,
                w,
            ));
        }
        let raw = run_writers(raw_writers, plan.run_for).await?;
        bar.set_message(format!("appends: EventStore::append, {label}"));
        let store_writers = (0..writers)
            .map(|w| Writer::new(Sink::Store(store.clone()), batch, run, w))
            .collect();
        let stored = run_writers(store_writers, plan.run_for).await?;
        let quiet = if batch == 1 {
            bar.set_message(format!("appends: EventStore::append, {label}, no notifier"));
            let quiet_writers = (0..writers)
                .map(|w| Writer::new(Sink::Store(quiet_store.clone()), batch, run + 10, w))
                .collect();
            Some(run_writers(quiet_writers, plan.run_for).await?)
        } else {
            None
        };
        rows.push(AppendRow {
            label,
            raw,
            store: stored,
            quiet,
            target,
        });
    }
    bar.set_message("gap-free check: a live follower beside 8 writers");
    let under_load =
        follow_under_load(&store, &pool, plan.run_for.min(Duration::from_secs(2))).await?;
    bar.set_message("gap-free check: following the whole log from 0");
    let followed = follow_everything(&store, &pool).await?;
    bar.finish_and_clear();
    drop((store, quiet_store));
    pool.close().await;
    Ok(AppendFigures {
        rows,
        under_load,
        followed,
    })
}

/// Puts both tables where a running installation's are: holding a history, with statistics
/// (plans made on an empty table scan it; autovacuum fixes that about a minute into a real
/// database's life, and a benchmark that starts on an empty table would measure that minute).
/// The events go in 10,000 per transaction, positions derived from each one's id as appends
/// derive them, so the log stays one ordered prefix.
async fn steady_state(pool: &PgPool, rows: usize) -> Result<(), String> {
    let columns = "event_id, stream_id, stream_version, event_type, schema_version, data, \
                   metadata, occurred_at";
    let values = "gen_random_uuid(), 'move-' || (5000000000 + g / 10), g % 10 + 1, \
                  'move.status_changed', 1, \
                  jsonb_build_object('from', 'pendiente', 'to', 'en curso'), \
                  jsonb_build_object('actor_id', gen_random_uuid()::text, 'actor_role', \
                  'empleado', 'correlation_id', gen_random_uuid()::text), now() \
                  FROM generate_series($1, $2 - 1) AS g";
    let chunk = events_schema::POSITIONS_PER_TRANSACTION;
    for start in (0..rows as i64).step_by(chunk as usize) {
        let end = (start + chunk).min(rows as i64);
        for sql in [
            // Each stream's ten events lie within one chunk, chained as an append chains them
            // (hash format 2, which SQL alone can compute: recorded_at is the column's default,
            // the same now()).
            format!(
                "INSERT INTO events (position, transaction_id, {columns}, hash_format, prev_hash, \
                     hash) \
                 SELECT p, x, {columns}, 2, \
                     coalesce(lag(hash) OVER w, '\\x{zero}'), hash \
                 FROM (SELECT r.*, event_chain_v2('\\x{zero}', stream_id, stream_version, \
                           event_id, event_type, schema_version, data, metadata, occurred_at, \
                           now()) OVER w AS hash \
                       FROM (SELECT pg_current_xact_id()::text::bigint * {chunk} + g - $1 AS p, \
                                 pg_current_xact_id() AS x, {values}) \
                            AS r(p, x, {columns}) \
                       WINDOW w AS (PARTITION BY stream_id ORDER BY stream_version)) h \
                 WINDOW w AS (PARTITION BY stream_id ORDER BY stream_version)",
                zero = "00".repeat(32)
            ),
            format!("INSERT INTO raw_events ({columns}) SELECT {values}"),
        ] {
            sqlx::query(&sql)
                .bind(start)
                .bind(end)
                .execute(pool)
                .await
                .ctx("writing the starting history")?;
        }
    }
    sqlx::query("ANALYZE events, raw_events")
        .execute(pool)
        .await
        .ctx("ANALYZE")?;
    Ok(())
}

/// While the history is written, ANALYZE every few seconds: autovacuum would, over the months
/// such a history takes to accumulate, and without it the append statement's cached plan would
/// scan the growing table (see `steady_state`).
fn keep_analyzing(pool: PgPool) -> tokio::sync::oneshot::Sender<()> {
    let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                _ = &mut stopped => return,
                _ = tokio::time::sleep(Duration::from_secs(2)) => {
                    if let Err(e) = sqlx::query("ANALYZE events").execute(&pool).await {
                        tracing::warn!(error = %e, "bench: ANALYZE failed");
                    }
                }
            }
        }
    });
    stop
}

/// The property the append function exists for: a follower running while 8 writers commit in
/// whatever order sees exactly the rows the table ends up with, in position order.
async fn follow_under_load(
    store: &EventStore,
    pool: &PgPool,
    run_for: Duration,
) -> Result<u64, String> {
    let from = store.max_position().await.ctx("max position")?;
    let (target_tx, mut target_rx) = tokio::sync::oneshot::channel::<i64>();
    let mut follower = store.follow(from, 1_000);
    let watcher = tokio::spawn(async move {
        let mut seen: Vec<i64> = Vec::new();
        let mut target = None;
        loop {
            if let Some(t) = target {
                if follower.position() >= t {
                    return Ok::<_, String>(seen);
                }
                let batch = tokio::time::timeout(Duration::from_secs(30), follower.next_batch())
                    .await
                    .map_err(|_| format!("follower stalled at {}", follower.position()))?
                    .ctx("follower")?;
                seen.extend(batch.iter().map(|e| e.position));
                continue;
            }
            tokio::select! {
                biased;
                t = &mut target_rx => target = Some(t.ctx("follower target")?),
                batch = follower.next_batch() => {
                    seen.extend(batch.ctx("follower")?.iter().map(|e| e.position));
                }
            }
        }
    });
    let writers = (0..MANY_WRITERS)
        .map(|w| Writer::new(Sink::Store(store.clone()), 1, 90, w))
        .collect();
    run_writers(writers, run_for).await?;
    let last = store.max_position().await.ctx("max position")?;
    let _ = target_tx.send(last);
    let seen: Vec<i64> = watcher.await.ctx("follower task")??;
    let stored: Vec<i64> =
        sqlx::query_scalar("SELECT position FROM events WHERE position > $1 ORDER BY position")
            .bind(from)
            .fetch_all(pool)
            .await
            .ctx("reading stored positions")?;
    if seen != stored {
        let missing = stored.iter().filter(|p| !seen.contains(p)).count();
        let out_of_order = seen.windows(2).filter(|w| w[0] >= w[1]).count();
        return Err(format!(
            "live follower under load: {} events stored, {} seen, {missing} missing, \
             {out_of_order} out of order",
            stored.len(),
            seen.len()
        ));
    }
    Ok(seen.len() as u64)
}

/// Follows the whole log from 0 after the append runs: every stored event exactly once, in
/// strictly increasing position order.
async fn follow_everything(store: &EventStore, pool: &PgPool) -> Result<Rate, String> {
    let (count, max): (i64, i64) =
        sqlx::query_as("SELECT count(*), coalesce(max(position), 0)::bigint FROM events")
            .fetch_one(pool)
            .await
            .ctx("counting events")?;
    let started = Instant::now();
    let mut follower = store.follow(0, 5_000);
    let (mut last, mut seen) = (0i64, 0i64);
    while follower.position() < max {
        let batch = tokio::time::timeout(Duration::from_secs(30), follower.next_batch())
            .await
            .map_err(|_| format!("follower stalled at position {}", follower.position()))?
            .ctx("follower")?;
        for e in &batch {
            if e.position <= last {
                return Err(format!(
                    "follower yielded position {} after {last}",
                    e.position
                ));
            }
            last = e.position;
            seen += 1;
        }
    }
    if seen != count {
        return Err(format!(
            "follower yielded {seen} events, the log holds {count}"
        ));
    }
    Ok(Rate {
        events: seen as u64,
        elapsed: started.elapsed(),
    })
}

fn print_appends(f: &AppendFigures, plan: &Plan, verdicts: &mut Verdicts) {
    println!();
    println!(
        "Append throughput, events/s ({:.1} s per run; store = EventStore::append with \
         ExpectedVersion per stream; raw = plain autocommit INSERT into raw_events)",
        plan.run_for.as_secs_f64()
    );
    println!(
        "  {:<26}{:>10}{:>12}{:>8}   {:<30}{:>6}{:>7}",
        "", "store", "raw INSERT", "ratio", "target (as ratio to raw)", "abs", "ratio"
    );
    for row in &f.rows {
        let store = row.store.per_sec();
        let raw = row.raw.per_sec();
        let ratio = store / raw;
        let (target, abs, rel) = match row.target {
            Some(t) => {
                let (a, r) = verdicts.record(store >= t.at_least, ratio >= t.ratio());
                (
                    format!("≥ {} (≥ {:.2} × raw)", thousands(t.at_least), t.ratio()),
                    a,
                    r,
                )
            }
            None => ("(none)".to_string(), "", ""),
        };
        println!(
            "  {:<26}{:>10}{:>12}{:>8.2}   {:<30}{:>6}{:>7}",
            row.label,
            thousands(store),
            thousands(raw),
            ratio,
            target,
            abs,
            rel
        );
        if let Some(quiet) = row.quiet {
            println!(
                "    {:<24}{:>10}{:>12}{:>8.2}   (diagnostic: the same appends, notifier off)",
                "└ no cross-process NOTIFY",
                thousands(quiet.per_sec()),
                thousands(raw),
                quiet.per_sec() / raw
            );
        }
    }
    println!(
        "  gap-free order under load: verified ({} events seen by a live follower beside {} writers, \
         none missing, none out of order)",
        thousands(f.under_load as f64),
        MANY_WRITERS
    );
    println!(
        "  gap-free order: verified ({} events, followed from 0 at {} events/s)",
        thousands(f.followed.events as f64),
        thousands(f.followed.per_sec())
    );
}

// ---------------------------------------------------------------------------------------------
// Follow / replay

struct ReplayFigures {
    moves: usize,
    load: Rate,
    read: Rate,
    rebuild: Rate,
}

/// A move's life as ten events, decided by the real decider: created with its payment key,
/// assigned, rescheduled, confirmed, photographed, started, photographed, repriced, finished.
fn move_history(move_id: i64, today: NaiveDate) -> Result<Vec<Event>, String> {
    let n = move_id as usize;
    let client = Person {
        nombre: format!("Cliente {}", n % 997),
        telefono: format!("6{:08}", n % 100_000_000),
        email: format!("cliente{}@ejemplo.test", n % 2_000),
    };
    let date = today
        .checked_add_days(Days::new((n % 120) as u64))
        .unwrap_or(today);
    let created = demo_move(move_id, client, date, n);
    let mut repriced = created.precio.clone();
    repriced.services_cents += 2_500;
    repriced.subtotal_cents += 2_500;
    repriced.tax_cents = (repriced.subtotal_cents * 21 + 50) / 100;
    repriced.total_cents = repriced.subtotal_cents + repriced.tax_cents;
    let photo = |k: u128, kind: &str, description: &str| PhotoAdded {
        photo_id: Uuid::from_u128(((n as u128) << 8) | k),
        content_type: "image/jpeg".into(),
        size_bytes: 850_000 + (n as u64 % 400_000),
        descripcion: description.into(),
        tipo: kind.into(),
        objeto: None,
    };
    let commands = vec![
        MoveCommand::Create(Box::new(created)),
        MoveCommand::AssignWorker(WorkerAssigned {
            worker_id: Uuid::from_u128(0xbe9c_0000 + (n % 12) as u128),
            worker_name: format!("Operario {}", n % 12 + 1),
        }),
        MoveCommand::UpdateDetails(Box::new(MoveDetailsUpdated {
            fecha_programada: date.succ_opt(),
            ..MoveDetailsUpdated::default()
        })),
        MoveCommand::ChangeStatus {
            to: MoveStatus::Confirmada,
            by: BENCH_ACTOR,
        },
        MoveCommand::AddPhoto {
            by: BENCH_ACTOR,
            photo: photo(1, "carga", "Salón antes de la carga"),
        },
        MoveCommand::ChangeStatus {
            to: MoveStatus::EnCurso,
            by: BENCH_ACTOR,
        },
        MoveCommand::AddPhoto {
            by: BENCH_ACTOR,
            photo: photo(2, "descarga", "Muebles en el camión"),
        },
        MoveCommand::UpdateDetails(Box::new(MoveDetailsUpdated {
            precio: Some(repriced),
            ..MoveDetailsUpdated::default()
        })),
        MoveCommand::ChangeStatus {
            to: MoveStatus::Finalizada,
            by: BENCH_ACTOR,
        },
    ];
    let as_manager = api::steps::context_as(Role::Empresario);
    let (_, events) = MoveDecider::decide_all(MoveState::default(), commands, &as_manager)
        .ctx("deciding the demo history")?;
    if events.len() != EVENTS_PER_MOVE {
        return Err(format!(
            "a demo move's history has {} events, not {EVENTS_PER_MOVE}",
            events.len()
        ));
    }
    Ok(events)
}

/// Writes the history as a working company would: a move's events are days apart, so the log
/// interleaves them with those of thousands of other moves (event k of move m lands near slot
/// m + k·stagger). Every 2,000-event replay batch then touches ~2,000 different moves, the hard
/// case for the projector, instead of ten events of one move that fold into a single row write.
async fn load_history(store: &EventStore, moves: usize, bar: &ProgressBar) -> Result<Rate, String> {
    let stagger = (moves / 20).max(1);
    let today = events_schema::calendar::today();
    let manager = Uuid::now_v7().to_string();
    let mut plans: Vec<Vec<(usize, String, i64, NewEvent)>> = vec![Vec::new(); MANY_WRITERS];
    for m in 0..moves {
        let move_id = m as i64 + 1;
        let metadata = Metadata {
            actor_id: Some(manager.clone()),
            actor_role: Some("empresario".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: None,
            idempotency_key: None,
        };
        for (k, event) in move_history(move_id, today)?.into_iter().enumerate() {
            plans[m % MANY_WRITERS].push((
                m + k * stagger,
                move_stream(move_id),
                k as i64,
                NewEvent::new(event, metadata.clone()),
            ));
        }
    }
    for plan in &mut plans {
        plan.sort_by_key(|(slot, ..)| *slot);
    }
    bar.set_length((moves * EVENTS_PER_MOVE) as u64);
    let started = Instant::now();
    // Streams are split by writer, so each stream's events go in order from one writer.
    let tasks: Vec<_> = plans
        .into_iter()
        .map(|plan| {
            let (store, bar) = (store.clone(), bar.clone());
            tokio::spawn(async move {
                for (_, stream, version, event) in plan {
                    let expected = match version {
                        0 => ExpectedVersion::NoStream,
                        v => ExpectedVersion::Exact(v),
                    };
                    store
                        .append(&stream, expected, std::slice::from_ref(&event))
                        .await
                        .ctx("loading the history")?;
                    bar.inc(1);
                }
                Ok::<_, String>(())
            })
        })
        .collect();
    for task in tasks {
        task.await.ctx("history writer")??;
    }
    Ok(Rate {
        events: (moves * EVENTS_PER_MOVE) as u64,
        elapsed: started.elapsed(),
    })
}

/// The baseline for the rebuild: the same rows, decoded the same way, in the same chunks, and
/// nothing done with them.
async fn read_log(pool: &PgPool) -> Result<Rate, String> {
    let mut conn = pool.acquire().await.ctx("connection")?;
    let started = Instant::now();
    let (mut after, mut rows) = (0i64, 0u64);
    let sql = format!("{SELECT_EVENTS} WHERE position > $1 ORDER BY position LIMIT $2");
    loop {
        let chunk: Vec<RecordedEvent> = sqlx::query_as(&sql)
            .bind(after)
            .bind(REPLAY_BATCH)
            .fetch_all(&mut *conn)
            .await
            .ctx("reading the log")?;
        let Some(last) = chunk.last() else { break };
        after = last.position;
        rows += chunk.len() as u64;
    }
    Ok(Rate {
        events: rows,
        elapsed: started.elapsed(),
    })
}

async fn replay_phase(db: &Databases, plan: &Plan) -> Result<ReplayFigures, String> {
    let pool = db.migrated_pool(MANY_WRITERS as u32 + 6).await?;
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let bar = counter("history");
    let analyzing = keep_analyzing(pool.clone());
    let load = load_history(&store, plan.history_moves, &bar).await;
    let _ = analyzing.send(());
    let load = load?;
    bar.finish_and_clear();
    sqlx::query("ANALYZE events")
        .execute(&pool)
        .await
        .ctx("ANALYZE")?;
    drop(store);
    let events = (plan.history_moves * EVENTS_PER_MOVE) as u64;

    let spin = spinner();
    spin.set_message("replay: plain read of the log");
    let first_read = read_log(&pool).await?;
    spin.finish_and_clear();

    let bar = counter("rebuild");
    let started = Instant::now();
    let position = projections::rebuild(
        &pool,
        &MovesProjector::new(),
        REPLAY_BATCH,
        |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        },
    )
    .await
    .ctx("rebuilding the moves projection")?;
    let rebuild = Rate {
        events,
        elapsed: started.elapsed(),
    };
    bar.finish_and_clear();

    // The read again, after the rebuild's writes went through the same caches: the faster of the
    // two is the baseline, which only makes the ratio harder to meet.
    let spin = spinner();
    spin.set_message("replay: plain read of the log, again");
    let second_read = read_log(&pool).await?;
    spin.finish_and_clear();
    let read = if second_read.per_sec() > first_read.per_sec() {
        second_read
    } else {
        first_read
    };

    let (staff, changes, finished, last, recent): (i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM move_staff_view), \
         (SELECT count(*) FROM live_changes WHERE kind = $2), \
         (SELECT count(*) FROM move_staff_view WHERE estado = 'finalizada'), m.last, \
         (SELECT count(*) FROM events WHERE position > $1) \
         FROM (SELECT coalesce(max(position), 0)::bigint AS last FROM events) m",
    )
    .bind(projections::changes::horizon(position))
    .bind(projections::moves::LIVE_KIND)
    .fetch_one(&pool)
    .await
    .ctx("checking the rebuilt read models")?;
    pool.close().await;
    let moves = plan.history_moves as i64;
    // One move's change row per event within the feed's window (the counts' rows besides).
    if position != last
        || read.events != events
        || staff != moves
        || finished != moves
        || changes != recent
    {
        return Err(format!(
            "the rebuild is not what was written: {events} events, rebuilt to {position}, \
             read {}, {staff} moves ({finished} finished) of {moves}, {changes} move change rows of {recent}",
            read.events
        ));
    }
    Ok(ReplayFigures {
        moves: plan.history_moves,
        load,
        read,
        rebuild,
    })
}

fn print_replay(f: &ReplayFigures, verdicts: &mut Verdicts) {
    let rebuild = f.rebuild.per_sec();
    let read = f.read.per_sec();
    let ratio = rebuild / read;
    let t = &TARGET_REBUILD;
    let (abs, rel) = verdicts.record(rebuild >= t.at_least, ratio >= t.ratio());
    println!();
    println!(
        "Follow / replay ({} moves × {EVENTS_PER_MOVE} events = {} events, interleaved as days \
         apart; batches of {})",
        thousands(f.moves as f64),
        thousands(f.rebuild.events as f64),
        thousands(REPLAY_BATCH as f64)
    );
    println!(
        "  {:<26}{:>10}{:>12}{:>8}   {:<30}{:>6}{:>7}",
        "", "events/s", "read rows/s", "ratio", "target (as ratio to read)", "abs", "ratio"
    );
    println!(
        "  {:<26}{:>10}{:>12}{:>8.2}   {:<30}{:>6}{:>7}",
        "rebuild (moves projector)",
        thousands(rebuild),
        thousands(read),
        ratio,
        format!("≥ {} (≥ {:.2} × read)", thousands(t.at_least), t.ratio()),
        abs,
        rel
    );
    println!(
        "  plain read of the log: {} rows/s ({} rows in {:.2} s, SELECT … ORDER BY position, \
         decoded, in chunks of {})",
        thousands(read),
        thousands(f.read.events as f64),
        f.read.elapsed.as_secs_f64(),
        thousands(REPLAY_BATCH as f64)
    );
    println!(
        "  rebuild: {} events in {:.2} s; read models checked (every move present and finalizada)",
        thousands(f.rebuild.events as f64),
        f.rebuild.elapsed.as_secs_f64()
    );
    println!(
        "  writing that history (single-event appends, 8 writers, interleaved): {} events/s",
        thousands(f.load.per_sec())
    );
}

// ---------------------------------------------------------------------------------------------
// Live latency

struct LiveFigures {
    connections: usize,
    changes: usize,
    connect_time: Duration,
    expected: usize,
    received: usize,
    missing: usize,
    /// Frames of a position the connection had already received.
    duplicates: usize,
    unexpected: usize,
    out_of_order: usize,
    failed_connections: usize,
    first_error: Option<String>,
    samples: Vec<Duration>,
    /// Per change: when the first and the last connection had its frame.
    first: Vec<Duration>,
    last: Vec<Duration>,
    /// Frames read before the instant their change is measured from (counted as zero latency).
    early: usize,
    /// Every frame again, measured from when its change was requested (when that is known).
    from_request: Vec<Duration>,
}

/// The live phase gets a runtime of its own: dropping it ends the in-process server, its
/// projector and its LISTEN task at once, before the bench database is dropped under them.
async fn live_phase_isolated(
    db: Databases,
    plan: Plan,
    seed_dir: PathBuf,
) -> Result<LiveFigures, String> {
    isolated("bench-live", "the live phase", move || {
        live_phase(db, plan, seed_dir)
    })
    .await
}

/// Runs a phase that serves HTTP in a runtime of its own, on a thread of its own (see
/// `live_phase_isolated`), and removes the stub web folder afterwards.
async fn isolated<T, F, Fut>(thread: &str, what: &'static str, phase: F) -> Result<T, String>
where
    T: Send + 'static,
    F: FnOnce() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<T, String>>,
{
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(thread.into())
        .spawn(move || {
            let threads = std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2);
            let result = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(threads)
                .enable_all()
                .build()
            {
                Ok(rt) => {
                    let result = rt.block_on(phase());
                    rt.shutdown_timeout(Duration::from_secs(5));
                    let _ = std::fs::remove_dir_all(std::env::temp_dir().join(STUB_WEB));
                    result
                }
                Err(e) => Err(format!("starting {what}'s runtime: {e}")),
            };
            let _ = tx.send(result);
        })
        .map_err(|e| format!("starting {what}'s thread: {e}"))?;
    rx.await
        .map_err(|_| format!("{what}'s thread ended without a result"))?
}

struct Session {
    role: Role,
    email: String,
    cookie: String,
}

/// Who does what in a benchmark, as indices into the logged-in sessions: the manager, those who
/// may change any move's status (managers and the admin), and those who watch every move.
struct Cast {
    manager: usize,
    writers: Vec<usize>,
    staff: Vec<usize>,
}

fn cast(sessions: &[Session]) -> Result<Cast, String> {
    let with_role = |roles: &[Role]| -> Vec<usize> {
        (0..sessions.len())
            .filter(|&s| roles.contains(&sessions[s].role))
            .collect()
    };
    Ok(Cast {
        manager: *with_role(&[Role::Empresario])
            .first()
            .ok_or("no empresario among the demo accounts")?,
        // Workers change only the moves assigned to them; the bench's moves are anyone's.
        writers: with_role(&[Role::Empresario, Role::Admin]),
        staff: with_role(&[Role::Empresario, Role::Empleado, Role::Admin, Role::Auditor]),
    })
}

#[derive(Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    position: i64,
}

/// The real server, in-process as in `api/tests/common`, over a fresh, seeded bench database.
struct Server {
    pool: PgPool,
    state: AppState,
    addr: SocketAddr,
}

async fn start_server(db: &Databases, seed_dir: &Path) -> Result<Server, String> {
    start_server_serving(db, seed_dir, stub_web_dist()?).await
}

/// [`start_server`] serving the web app from `web_dist`.
async fn start_server_serving(
    db: &Databases,
    seed_dir: &Path,
    web_dist: PathBuf,
) -> Result<Server, String> {
    let pool = db.migrated_pool(20).await?;
    api::seed::seed(&pool, seed_dir)
        .await
        .ctx("seeding demo accounts and moves")?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .ctx("binding 127.0.0.1:0")?;
    let addr = listener.local_addr().ctx("local address")?;
    let config = Config {
        addr,
        database_url: String::new(),
        data_dir: std::env::temp_dir(),
        web_dist,
        seed_dir: seed_dir.to_path_buf(),
        development: true,
        smtp_url: None,
        mail_from: "Mudanzas <pruebas@mudanzas.test>".into(),
        public_url: format!("http://{addr}"),
        geocoder_url: None,
        router_url: None,
        metrics_token: None,
        redsys: None,
        sms: None,
        // The dashboards share the seven demo sessions: far more feeds per session than a
        // browser opens (the load phase's server gets LIVE_FEEDS_PER_SESSION for the same reason).
        limits: ConnectionLimits {
            live_feeds_per_session: ConnectionLimits::default().max_connections,
            ..ConnectionLimits::default()
        },
    };
    let state = AppState::start(pool.clone(), config, StartOptions::default())
        .await
        .ctx("starting the server state")?;
    let app = api::app(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });

    // The seeded moves must be projected and broadcast before anyone connects, or their frames
    // would be counted as arrivals.
    caught_up(&state, "the seeded moves", Duration::from_secs(30)).await?;
    Ok(Server { pool, state, addr })
}

/// Waits until every projector has passed the end of the log and the live feed has broadcast
/// it; returns that position.
async fn caught_up(state: &AppState, what: &str, within: Duration) -> Result<i64, String> {
    let head = state.store.max_position().await.ctx("max position")?;
    if !state.projections.wait_for(head, within).await {
        return Err(format!(
            "{what} were not projected within {} s",
            within.as_secs()
        ));
    }
    let deadline = Instant::now() + within;
    while state.live.sent() < head {
        if Instant::now() > deadline {
            return Err(format!(
                "the live feed did not reach {what} within {} s",
                within.as_secs()
            ));
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    Ok(head)
}

/// Logs every demo account in over HTTP, in the order of `demo-accounts.json`.
async fn log_in_all(addr: SocketAddr, seed_dir: &Path) -> Result<Vec<Session>, String> {
    let mut sessions = Vec::new();
    for account in demo_accounts(seed_dir)? {
        let role =
            Role::parse(&account.role).ok_or_else(|| format!("unknown role {}", account.role))?;
        sessions.push(Session {
            role,
            email: account.email.to_lowercase(),
            cookie: login(addr, &account).await?,
        });
    }
    Ok(sessions)
}

type ClientTask = tokio::task::JoinHandle<Result<Vec<(i64, Instant)>, String>>;

/// Open dashboards: each connection's session (an index into the sessions) and its task.
struct Dashboards {
    clients: Vec<(usize, ClientTask)>,
    received: Arc<AtomicUsize>,
    stop: watch::Sender<bool>,
    connect_time: Duration,
}

/// A change whose frames the dashboards should receive: its position, the instant latency is
/// measured from, and when it was requested (when that differs).
struct Sent {
    position: i64,
    acked: Instant,
    requested: Option<Instant>,
}

/// Opens `count` WebSockets to `/api/live`, round-robin over the sessions `over` names, and
/// returns once every one has had its hello and the server counts them all.
async fn open_dashboards(
    state: &AppState,
    addr: SocketAddr,
    sessions: &[Session],
    over: &[usize],
    count: usize,
) -> Result<Dashboards, String> {
    let dashboards = connect_dashboards(addr, sessions, over, count).await?;
    // Let the server finish the connection bookkeeping before the clock matters.
    tokio::time::sleep(Duration::from_millis(500)).await;
    if state.live.connections() != count {
        return Err(format!(
            "the server counts {} live connections, {} were opened",
            state.live.connections(),
            count
        ));
    }
    Ok(dashboards)
}

/// Opens `count` WebSockets to `/api/live`, round-robin over the sessions `over` names, and
/// returns once every one has had its hello.
async fn connect_dashboards(
    addr: SocketAddr,
    sessions: &[Session],
    over: &[usize],
    count: usize,
) -> Result<Dashboards, String> {
    let url = format!("ws://{addr}/api/live");
    let received = Arc::new(AtomicUsize::new(0));
    let ready = Arc::new(AtomicUsize::new(0));
    let (stop, stop_rx) = watch::channel(false);
    // Handshakes in bounded waves: a thousand at once would only measure the accept queue.
    let gate = Arc::new(Semaphore::new(64));
    let started = Instant::now();
    let mut clients: Vec<_> = (0..count)
        .map(|i| {
            let s = over[i % over.len()];
            let task = tokio::spawn(client(
                url.clone(),
                sessions[s].cookie.clone(),
                gate.clone(),
                ready.clone(),
                received.clone(),
                stop_rx.clone(),
            ));
            (s, task)
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while ready.load(Ordering::Relaxed) < count {
        if let Some(i) = clients.iter().position(|(_, t)| t.is_finished()) {
            let reason = match clients.swap_remove(i).1.await {
                Ok(Err(e)) => e,
                Ok(Ok(_)) => "it ended before connecting".to_string(),
                Err(e) => e.to_string(),
            };
            return Err(format!("a WebSocket client failed to connect: {reason}"));
        }
        if Instant::now() > deadline {
            return Err(format!(
                "only {} of {} WebSockets connected within 120 s",
                ready.load(Ordering::Relaxed),
                count
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let connect_time = started.elapsed();
    Ok(Dashboards {
        clients,
        received,
        stop,
        connect_time,
    })
}

impl Dashboards {
    /// Waits until `expected` frames have arrived (at most 10 s), then closes the connections.
    async fn wait_for_frames(&self, expected: usize) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.received.load(Ordering::Relaxed) < expected && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let _ = self.stop.send(true);
    }

    /// Gathers every connection's frames and checks them against what its session may see
    /// (`expected_for`, by session index): latency per frame, per change the first and the last.
    async fn collect(
        self,
        sent: &[Sent],
        expected_total: usize,
        expected_for: impl Fn(usize) -> Vec<i64>,
    ) -> LiveFigures {
        let t0: HashMap<i64, (usize, &Sent)> = sent
            .iter()
            .enumerate()
            .map(|(i, s)| (s.position, (i, s)))
            .collect();
        let mut figures = LiveFigures {
            connections: self.clients.len(),
            changes: sent.len(),
            connect_time: self.connect_time,
            expected: expected_total,
            received: 0,
            missing: 0,
            duplicates: 0,
            unexpected: 0,
            out_of_order: 0,
            failed_connections: 0,
            first_error: None,
            samples: Vec::with_capacity(expected_total),
            first: Vec::new(),
            last: Vec::new(),
            early: 0,
            from_request: Vec::new(),
        };
        let mut first: Vec<Option<Duration>> = vec![None; sent.len()];
        let mut last: Vec<Option<Duration>> = vec![None; sent.len()];
        for (s, task) in self.clients {
            let expected = expected_for(s);
            let frames = match task.await {
                Ok(Ok(frames)) => frames,
                Ok(Err(e)) => {
                    figures.failed_connections += 1;
                    figures.first_error.get_or_insert(e);
                    figures.missing += expected.len();
                    continue;
                }
                Err(e) => {
                    figures.failed_connections += 1;
                    figures.first_error.get_or_insert(e.to_string());
                    figures.missing += expected.len();
                    continue;
                }
            };
            figures.received += frames.len();
            figures.out_of_order += frames.windows(2).filter(|w| w[0].0 >= w[1].0).count();
            let expected_set: HashSet<i64> = expected.iter().copied().collect();
            let got: HashSet<i64> = frames.iter().map(|(p, _)| *p).collect();
            figures.missing += expected_set.difference(&got).count();
            figures.duplicates += frames.len() - got.len();
            for (position, at) in frames {
                let Some(&(i, change)) = t0
                    .get(&position)
                    .filter(|_| expected_set.contains(&position))
                else {
                    figures.unexpected += 1;
                    continue;
                };
                // A frame can only beat the acknowledgement if a poll woke the projector first
                // (or, over HTTP, if the feed was faster than the rest of the answer); it then
                // counts as zero latency.
                figures.early += (at < change.acked) as usize;
                let latency = at.saturating_duration_since(change.acked);
                figures.samples.push(latency);
                if let Some(requested) = change.requested {
                    figures
                        .from_request
                        .push(at.saturating_duration_since(requested));
                }
                first[i] = Some(first[i].map_or(latency, |d| d.min(latency)));
                last[i] = Some(last[i].map_or(latency, |d| d.max(latency)));
            }
        }
        figures.samples.sort_unstable();
        figures.from_request.sort_unstable();
        figures.first = first.into_iter().flatten().collect();
        figures.first.sort_unstable();
        figures.last = last.into_iter().flatten().collect();
        figures.last.sort_unstable();
        figures
    }
}

async fn live_phase(db: Databases, plan: Plan, seed_dir: PathBuf) -> Result<LiveFigures, String> {
    ensure_fd_limit(plan.connections as u64 * 2 + 1_024)?;
    let spin = spinner();
    spin.set_message("live: starting the server");
    let Server { pool, state, addr } = start_server(&db, &seed_dir).await?;

    spin.set_message("live: logging in");
    let sessions = log_in_all(addr, &seed_dir).await?;
    let moves: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, lower(cliente_email) FROM move_staff_view ORDER BY id")
            .fetch_all(&pool)
            .await
            .ctx("listing the seeded moves")?;
    if moves.is_empty() {
        return Err("the seed wrote no moves".into());
    }

    spin.set_message(format!("live: opening {} WebSockets", plan.connections));
    let every_session: Vec<usize> = (0..sessions.len()).collect();
    let dashboards =
        open_dashboards(&state, addr, &sessions, &every_session, plan.connections).await?;

    spin.set_message(format!("live: {} status changes", plan.changes));
    let actor = Uuid::now_v7().to_string();
    let as_manager = api::steps::context_as(Role::Empresario);
    let mut sent: Vec<(i64, Instant, String)> = Vec::with_capacity(plan.changes);
    for i in 0..plan.changes {
        let (move_id, owner) = &moves[i % moves.len()];
        let stream = move_stream(*move_id);
        let current = api::steps::load::<MoveDecider>(&state, move_id)
            .await
            .ctx("loading a move")?
            .state;
        let to = if current.status == Some(MoveStatus::EnCurso) {
            MoveStatus::Pendiente
        } else {
            MoveStatus::EnCurso
        };
        let metadata = Metadata {
            actor_id: Some(actor.clone()),
            actor_role: Some("empresario".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: None,
            idempotency_key: None,
        };
        let events = MoveDecider::decide(
            &current,
            MoveCommand::ChangeStatus {
                to,
                by: BENCH_ACTOR,
            },
            &as_manager,
        )
        .ctx("deciding a status change")?;
        let position = api::steps::append(&state, &stream, current.version, &events, metadata)
            .await
            .ctx("appending a status change")?;
        sent.push((position, Instant::now(), owner.clone()));
        tokio::time::sleep(plan.pause).await;
    }

    let expected_for = |s: &Session| -> Vec<i64> {
        sent.iter()
            .filter(|(_, _, owner)| s.role != Role::Cliente || *owner == s.email)
            .map(|(p, ..)| *p)
            .collect()
    };
    let expected_total: usize = dashboards
        .clients
        .iter()
        .map(|(s, _)| expected_for(&sessions[*s]).len())
        .sum();
    dashboards.wait_for_frames(expected_total).await;
    spin.finish_and_clear();

    let acked: Vec<Sent> = sent
        .iter()
        .map(|(position, at, _)| Sent {
            position: *position,
            acked: *at,
            requested: None,
        })
        .collect();
    Ok(dashboards
        .collect(&acked, expected_total, |s| expected_for(&sessions[s]))
        .await)
}

/// One dashboard: connects with the session cookie, waits for the hello, then notes the instant
/// each change frame arrives, before parsing it, so parsing is not counted as latency.
async fn client(
    url: String,
    cookie: String,
    gate: Arc<Semaphore>,
    ready: Arc<AtomicUsize>,
    received: Arc<AtomicUsize>,
    mut stop: watch::Receiver<bool>,
) -> Result<Vec<(i64, Instant)>, String> {
    let permit = gate.acquire_owned().await.ctx("connection gate")?;
    let mut request = url.into_client_request().ctx("WebSocket request")?;
    request
        .headers_mut()
        .insert("cookie", cookie.parse().ctx("cookie header")?);
    // tungstenite zero-fills its whole read buffer (128 KiB by default) before every read
    // attempt, including the ones that find nothing to read; frames here are a few KiB, and
    // that memset would otherwise be a large share of the clients' CPU, taken from the server.
    let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
    let (mut socket, _) = tokio::time::timeout(
        Duration::from_secs(30),
        tokio_tungstenite::connect_async_with_config(request, Some(config), false),
    )
    .await
    .map_err(|_| "WebSocket handshake timed out".to_string())?
    .ctx("WebSocket handshake")?;
    loop {
        match tokio::time::timeout(Duration::from_secs(30), socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let frame: Frame = serde_json::from_str(text.as_str()).ctx("hello frame")?;
                if frame.kind != "hello" {
                    return Err(format!("first frame is {}, not hello", frame.kind));
                }
                break;
            }
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(e))) => return Err(format!("waiting for hello: {e}")),
            Ok(None) => return Err("closed before hello".into()),
            Err(_) => return Err("no hello within 30 s".into()),
        }
    }
    drop(permit);
    ready.fetch_add(1, Ordering::Relaxed);
    let mut frames = Vec::with_capacity(256);
    loop {
        tokio::select! {
            biased;
            message = socket.next() => {
                let at = Instant::now();
                match message {
                    Some(Ok(Message::Text(text))) => {
                        // The staff lists' counts follow a change at its position; what is timed
                        // is the change's own frame.
                        if text.as_str().contains(COUNTS_FRAME) {
                            continue;
                        }
                        let position = match change_position(text.as_str()) {
                            Some(p) => p,
                            None => {
                                let frame: Frame = serde_json::from_str(text.as_str()).ctx("frame")?;
                                if frame.kind != "change" {
                                    return Err(format!("unexpected {} frame at {}", frame.kind, frame.position));
                                }
                                frame.position
                            }
                        };
                        frames.push((position, at));
                        received.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Err(format!("live feed: {e}")),
                    None => return Err("the server closed the live feed".into()),
                }
            }
            _ = stop.changed() => break,
        }
    }
    let _ = socket.close(None).await;
    Ok(frames)
}

/// How a counts frame (`kind` = `projections::moves::COUNTS_KIND`) reads on the wire.
const COUNTS_FRAME: &str = "\"kind\":\"move_counts\"";

/// The position of a change frame, found without parsing the document it carries: the clients
/// share the server's two cores, and a full parse of every frame would bill the server for work
/// a real dashboard does on its own machine. None (then the caller parses) unless the frame is
/// plainly a change with exactly one position key.
fn change_position(text: &str) -> Option<i64> {
    const KEY: &str = "\"position\":";
    if !text.contains("\"type\":\"change\"") {
        return None;
    }
    let at = text.find(KEY)? + KEY.len();
    let rest = &text[at..];
    if rest.contains(KEY) {
        return None;
    }
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .map_or(rest, |end| &rest[..end]);
    digits.parse().ok()
}

/// The router warns on stdout when the web app is not built; the bench serves no page, so a stub
/// keeps that line out of the table.
fn stub_web_dist() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(STUB_WEB);
    std::fs::create_dir_all(&dir).ctx("creating a stub web folder")?;
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>bench</title>\n",
    )
    .ctx("writing a stub index.html")?;
    Ok(dir)
}

/// Logs in over HTTP as the web app does and returns the session cookie (`name=value`).
async fn login(addr: SocketAddr, account: &DemoAccount) -> Result<String, String> {
    let (path, body) = account.login_request();
    let answer = Http::connect(addr)
        .await?
        .send("POST", path, None, Some(&body.to_string()))
        .await?;
    if answer.status != 200 {
        return Err(format!(
            "login of {} answered {}",
            account.login,
            answer.excerpt()
        ));
    }
    answer
        .header("set-cookie")
        .and_then(|value| value.split(';').next())
        .map(str::to_string)
        .ok_or_else(|| format!("login of {} set no cookie", account.login))
}

/// Each WebSocket costs a descriptor on both ends, all in this process.
#[cfg(unix)]
fn ensure_fd_limit(needed: u64) -> Result<(), String> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into the struct passed, which lives for the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(format!(
            "reading the open-file limit: {}",
            std::io::Error::last_os_error()
        ));
    }
    if limit.rlim_cur >= needed {
        return Ok(());
    }
    if limit.rlim_max < needed {
        return Err(format!(
            "the live phase needs {needed} open files; the hard limit is {} (raise it with ulimit -Hn)",
            limit.rlim_max
        ));
    }
    limit.rlim_cur = needed;
    // SAFETY: setrlimit only reads the struct passed.
    if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } != 0 {
        return Err(format!(
            "raising the open-file limit to {needed}: {}",
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn ensure_fd_limit(_needed: u64) -> Result<(), String> {
    Ok(())
}

fn print_live(f: &LiveFigures, plan: &Plan, verdicts: &mut Verdicts) {
    println!();
    println!(
        "Live latency: append acknowledged → frame received ({} WebSockets over 7 demo sessions \
         of every role, {} status changes {} ms apart)",
        thousands(f.connections as f64),
        f.changes,
        plan.pause.as_millis()
    );
    println!(
        "  connections opened in {:.2} s; frames expected {}, received {}, missing {}, \
         unexpected {}, out of order {}, failed connections {}",
        f.connect_time.as_secs_f64(),
        thousands(f.expected as f64),
        thousands(f.received as f64),
        f.missing,
        f.unexpected,
        f.out_of_order,
        f.failed_connections
    );
    if let Some(e) = &f.first_error {
        println!("  first connection error: {e}");
    }
    let p99 = percentile(&f.samples, 99.0);
    let pass = f.connections >= 1_000 && p99.is_some_and(|p| p <= TARGET_LIVE_P99);
    let (abs, _) = verdicts.record(pass, pass);
    println!(
        "  {:<26}{:>10}{:>10}{:>10}   {:<30}{:>6}",
        "", "p50", "p99", "max", "target", "result"
    );
    println!(
        "  {:<26}{:>10}{:>10}{:>10}   {:<30}{:>6}",
        "every frame",
        ms(percentile(&f.samples, 50.0)),
        ms(p99),
        ms(f.samples.last().copied()),
        format!("p99 ≤ {} ms", TARGET_LIVE_P99.as_millis()),
        abs
    );
    println!(
        "  {:<26}{:>10}{:>10}{:>10}",
        "first frame of a change",
        ms(percentile(&f.first, 50.0)),
        ms(percentile(&f.first, 99.0)),
        ms(f.first.last().copied())
    );
    println!(
        "  {:<26}{:>10}{:>10}{:>10}",
        "last frame of a change",
        ms(percentile(&f.last, 50.0)),
        ms(percentile(&f.last, 99.0)),
        ms(f.last.last().copied())
    );
    if f.missing > 0 || f.unexpected > 0 || f.out_of_order > 0 || f.failed_connections > 0 {
        verdicts.failures.push(format!(
            "live feed: {} missing, {} unexpected, {} out of order, {} failed connections",
            f.missing, f.unexpected, f.out_of_order, f.failed_connections
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// Formatting

/// Nearest-rank percentile of sorted samples.
fn percentile(sorted: &[Duration], p: f64) -> Option<Duration> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

fn ms(d: Option<Duration>) -> String {
    d.map_or_else(
        || "—".to_string(),
        |d| format!("{:.1} ms", d.as_secs_f64() * 1_000.0),
    )
}

fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.max(0.0));
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn spinner() -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

fn counter(what: &str) -> ProgressBar {
    let bar = ProgressBar::new(0).with_message(what.to_string());
    if let Ok(style) =
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} events ({per_sec}, {eta})")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_frames_are_told_apart_by_their_kind() {
        let frame = serde_json::json!({
            "type": "change",
            "position": 1,
            "kind": projections::moves::COUNTS_KIND,
            "id": "all",
            "data": {},
        });
        let text = serde_json::to_string(&frame).unwrap();
        assert!(text.contains(super::COUNTS_FRAME), "{text}");
    }
}
