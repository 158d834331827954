//! Two servers, one database (issue 9): the real binary runs twice, as two processes on two
//! ports, sharing nothing but a fresh PostgreSQL database. Writers change statuses through both
//! while dashboards, a worker feed and customer feeds watch both.
//!
//! Proven here:
//! - every watcher, on either process, receives every change it may see exactly once and in
//!   position order, whichever process the change was made through, so the dashboards on the two
//!   processes receive the same sequence of positions;
//! - both processes' projectors reach the log's head (the shared checkpoints, and each process's
//!   own feed, whose position only moves once its projectors have passed it) and both answer the
//!   same reads identically;
//! - projectors running in both processes at once never apply an event twice nor skip one: the
//!   read models equal a rebuild from zero, table by table;
//! - after SIGKILL of one process, the other keeps serving: writes through it succeed (writers of
//!   the dead one fail over to it with the same session), its feeds go on, feeds of the dead one
//!   resume on it with `?after=` and miss nothing, and its projectors take over the work, lock
//!   and all, from the dead one.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::process::{seed_with_binary, ServerProcess};
use crate::common::{account_by_login, in_days, wizard};
use crate::storm::{
    assert_feed_table_matches_log, assert_saw_exactly, hello_position, log_changes,
    with_scratch_db, Audience, Leave, ScratchDb, WatchPlan, Watchers, MANAGER_STATUSES,
    WORKER_STATUSES,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::Method;
use serde_json::Value;
use sqlx::PgPool;
use tokio::sync::watch;

const PER_WRITER: usize = 25;
/// Writers per phase: four through each process.
const WRITERS: usize = 8;
const PHASE: usize = WRITERS * PER_WRITER;
/// Into the second phase, this many finished writes before one process is killed.
const KILL_AFTER: usize = 60;
/// Answers each writer of the second phase gets after the kill, at least.
const AFTER_KILL: usize = 6;

// ---------------------------------------------------------------------------------------------
// The processes' database sessions

/// The local ports of `pid`'s TCP connections (from /proc): with pg_stat_activity's client_port
/// they name the database sessions that process holds.
fn tcp_ports(pid: u32) -> Vec<i32> {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return vec![];
    };
    let inodes: std::collections::HashSet<String> = fds
        .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .filter_map(|target| {
            let t = target.to_string_lossy();
            Some(t.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
        })
        .collect();
    let mut ports = Vec::new();
    for table in ["tcp", "tcp6"] {
        let text = std::fs::read_to_string(format!("/proc/{pid}/net/{table}")).unwrap_or_default();
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() > 9 && inodes.contains(fields[9]) {
                if let Some(port) = fields[1]
                    .rsplit(':')
                    .next()
                    .and_then(|p| i32::from_str_radix(p, 16).ok())
                {
                    ports.push(port);
                }
            }
        }
    }
    ports
}

/// The database sessions of a server process.
async fn backends_of(pool: &PgPool, db: &str, pid: u32) -> Vec<i32> {
    let ports = tcp_ports(pid);
    sqlx::query_scalar(
        "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND client_port = ANY($2)",
    )
    .bind(db)
    .bind(&ports)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The projectors whose lock (projections/src/runner.rs, `LOCK_SQL`) one of `backends` holds.
async fn projector_locks_held(pool: &PgPool, backends: &[i32]) -> Vec<String> {
    let names: Vec<&str> = projections::all().iter().map(|p| p.name()).collect();
    sqlx::query_scalar(
        "SELECT p.name FROM unnest($1::text[]) AS p(name) JOIN pg_locks l \
         ON l.locktype = 'advisory' AND l.granted AND l.classid = 1 \
         AND l.objid = hashtext(p.name)::oid AND l.objsubid = 2 \
         WHERE l.pid = ANY($2)",
    )
    .bind(&names)
    .bind(backends)
    .fetch_all(pool)
    .await
    .unwrap()
}

// ---------------------------------------------------------------------------------------------
// HTTP

async fn call(
    http: &reqwest::Client,
    base: &str,
    cookie: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Result<(u16, Value), reqwest::Error> {
    let mut request = http
        .request(method, format!("{base}{path}"))
        .header("cookie", cookie)
        .timeout(Duration::from_secs(60));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let text = response.text().await?;
    Ok((
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    ))
}

/// The raw body of a GET, for comparing two servers' answers byte for byte.
async fn get_text(http: &reqwest::Client, base: &str, cookie: &str, path: &str) -> String {
    let response = http
        .get(format!("{base}{path}"))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "GET {path} on {base}");
    response.text().await.unwrap()
}

async fn login(http: &reqwest::Client, base: &str, login: &str) -> String {
    let (path, body) = account_by_login(login).login_request();
    let response = http
        .post(format!("{base}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "login of {login} on {base}");
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|c| c.to_str().ok()?.split(';').next())
        .find(|c| c.starts_with("mudanzas_session="))
        .expect("a session cookie")
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// Writers

struct Writer {
    name: String,
    cookie: String,
    /// Where it sends; the second is where it goes when the first stops answering.
    bases: [String; 2],
    statuses: &'static [&'static str],
    /// The moves it changes: any for the office, its own for a worker.
    moves: Arc<Vec<i64>>,
}

#[derive(Default)]
struct WriterLog {
    acked: Vec<i64>,
    conflicts: usize,
    /// Requests that got no answer (the process died under them): unacknowledged.
    unanswered: usize,
    failed_over: bool,
    /// Answers received after the kill.
    after_kill: usize,
}

async fn write_storm(
    w: Arc<Writer>,
    seed: u64,
    progress: Arc<watch::Sender<(usize, bool)>>,
    killed: watch::Receiver<bool>,
    after_kill: usize,
) -> WriterLog {
    let http = reqwest::Client::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut log = WriterLog::default();
    let mut base = 0;
    let mut sent = 0;
    // Its share, and then as long as it takes to be answered `after_kill` times after the kill:
    // however the kill falls, every writer of the dead process must go on through the other.
    while sent < PER_WRITER || log.after_kill < after_kill {
        sent += 1;
        let id = w.moves[rng.gen_range(0..w.moves.len())];
        let status = w.statuses[rng.gen_range(0..w.statuses.len())];
        let body = serde_json::json!({"mudanza_id": id, "nuevo_estado": status});
        let was_killed = *killed.borrow();
        match call(
            &http,
            &w.bases[base],
            &w.cookie,
            Method::PUT,
            "/api/actualizar-estado-mudanza",
            Some(body),
        )
        .await
        {
            Ok((200, answer)) => {
                log.acked
                    .push(answer["position"].as_i64().expect("a position"));
                log.after_kill += usize::from(was_killed);
            }
            // Two writers decided on the same version of a move: the later is refused whole.
            Ok((409, _)) => {
                log.conflicts += 1;
                log.after_kill += usize::from(was_killed);
            }
            Ok((status, answer)) => {
                panic!("{}: a status change answered {status}: {answer}", w.name)
            }
            Err(e) if base == 0 && w.bases[0] != w.bases[1] => {
                // The process went away; the same session works on the other one. This
                // request's fate is unknown: it was never acknowledged.
                eprintln!(
                    "{}: no answer from {} ({e}); going on through {}",
                    w.name, w.bases[0], w.bases[1]
                );
                log.unanswered += 1;
                log.failed_over = true;
                base = 1;
            }
            Err(e) => panic!("{}: {} did not answer: {e}", w.name, w.bases[base]),
        }
        progress.send_modify(|p| p.0 += 1);
    }
    log
}

// ---------------------------------------------------------------------------------------------
// The test

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_one_database_serve_the_same_feed_and_survive_a_kill() {
    with_scratch_db("mudanzas_scale", scale_out).await;
}

async fn scale_out(db: ScratchDb) {
    let began = Instant::now();
    seed_with_binary(&db.url);
    let mut a = ServerProcess::start(&db.url).await;
    let b = ServerProcess::start(&db.url).await;
    a.ready(Duration::from_secs(90)).await;
    b.ready(Duration::from_secs(90)).await;
    let pool = api::connect(&db.url, 5).await.unwrap();
    let http = reqwest::Client::new();

    // Sessions live in the database: one opened through A is honoured by B.
    let manager = login(&http, &a.base, "gerente@mudanzas.test").await;
    let (status, _) = call(
        &http,
        &b.base,
        &manager,
        Method::GET,
        "/api/todas-las-mudanzas",
        None,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "a session made through A works on B");

    // More moves, made through both.
    let owners = [
        "cliente@mudanzas.test",
        "pablo@mudanzas.test",
        "sin.cuenta@mudanzas.test",
    ];
    // Workers change only the moves assigned to them: a third of the new moves each, one a day.
    let mut assigned: [(&str, Vec<i64>); 2] = [("EMP-001", Vec::new()), ("EMP-002", Vec::new())];
    for i in 0..12 {
        let mut body = wizard(in_days(4 + i as u64));
        body["cliente_email"] = owners[i % owners.len()].into();
        let server = if i % 2 == 0 { &a } else { &b };
        let (status, answer) = call(
            &http,
            &server.base,
            &manager,
            Method::POST,
            "/api/crear-mudanza",
            Some(body),
        )
        .await
        .unwrap();
        assert_eq!(status, 200, "{answer}");
        if let Some((login, ids)) = assigned.get_mut(i % 3) {
            let id = answer["mudanza"]["id"].as_i64().expect("the new move's id");
            let worker: uuid::Uuid =
                sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
                    .bind(*login)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            let (status, answer) = call(
                &http,
                &server.base,
                &manager,
                Method::POST,
                "/api/asignar-trabajador",
                Some(serde_json::json!({"mudanza_id": id, "worker_id": worker})),
            )
            .await
            .unwrap();
            assert_eq!(status, 200, "{answer}");
            ids.push(id);
        }
    }
    let moves: Arc<Vec<i64>> = Arc::new(
        sqlx::query_scalar("SELECT id FROM move_staff_view ORDER BY id")
            .fetch_all(&pool)
            .await
            .unwrap(),
    );
    assert_eq!(moves.len(), 20);

    // Both feeds have broadcast everything so far: no window holds a creation, and the windows
    // of watchers on the two processes hold the same changes.
    let before: i64 =
        sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM live_changes")
            .fetch_one(&pool)
            .await
            .unwrap();
    for server in [&a, &b] {
        feed_reaches(server, &manager, before).await;
    }

    let (progress_tx, progress) = watch::channel((0usize, false));
    let progress_tx = Arc::new(progress_tx);
    let on = |s: &ServerProcess| vec![s.base.clone()];
    let a_then_b = vec![a.base.clone(), b.base.clone()];
    let client = |login: &str| Audience::Client(account_by_login(login).email);
    let plans = vec![
        WatchPlan {
            name: "gerente en A".into(),
            audience: Audience::Staff,
            cookie: login(&http, &a.base, "gerente@mudanzas.test").await,
            bases: a_then_b.clone(),
            join_at: 0,
            away: vec![],
            hop: false,
        },
        WatchPlan {
            name: "EMP-001 en A".into(),
            audience: Audience::Worker,
            cookie: login(&http, &a.base, "EMP-001").await,
            bases: a_then_b.clone(),
            join_at: 0,
            away: vec![],
            hop: false,
        },
        WatchPlan {
            name: "pablo en A".into(),
            audience: client("pablo@mudanzas.test"),
            cookie: login(&http, &a.base, "pablo@mudanzas.test").await,
            bases: a_then_b.clone(),
            join_at: 0,
            away: vec![(40, 90, Leave::Drop)],
            hop: false,
        },
        WatchPlan {
            name: "gerente en B".into(),
            audience: Audience::Staff,
            cookie: login(&http, &b.base, "gerente@mudanzas.test").await,
            bases: on(&b),
            join_at: 0,
            away: vec![],
            hop: false,
        },
        WatchPlan {
            name: "admin en B".into(),
            audience: Audience::Staff,
            cookie: login(&http, &b.base, "admin@mudanzas.test").await,
            bases: on(&b),
            join_at: 0,
            away: vec![(120, 150, Leave::Close)],
            hop: false,
        },
        WatchPlan {
            name: "cliente en B".into(),
            audience: client("cliente@mudanzas.test"),
            cookie: login(&http, &b.base, "cliente@mudanzas.test").await,
            bases: on(&b),
            join_at: 0,
            away: vec![],
            hop: false,
        },
        WatchPlan {
            name: "gerente, A y B".into(),
            audience: Audience::Staff,
            cookie: login(&http, &a.base, "gerente@mudanzas.test").await,
            bases: a_then_b.clone(),
            join_at: 0,
            // Reconnects at once, each time at the other process: the feed there may not have
            // broadcast yet what this one had.
            away: (0..16)
                .map(|i| {
                    let at = 10 + 24 * i;
                    let how = if i % 2 == 0 {
                        Leave::Close
                    } else {
                        Leave::Drop
                    };
                    (at, at, how)
                })
                .collect(),
            hop: true,
        },
    ];
    let failover_watchers: Vec<String> = plans
        .iter()
        .filter(|p| p.bases.len() > 1 && !p.hop)
        .map(|p| p.name.clone())
        .collect();
    let mut watchers = Watchers::default();
    let first_at = |s: &ServerProcess| plans.iter().filter(|p| p.bases[0] == s.base).count() as u64;
    let (on_a, on_b) = (first_at(&a), first_at(&b));
    for plan in plans {
        watchers.start(plan, progress.clone());
    }
    for (server, n) in [(&a, on_a), (&b, on_b)] {
        wait_for(
            Duration::from_secs(60),
            "the watchers to connect",
            || async { websockets(&http, &server.base).await >= n },
        )
        .await;
    }

    // Eight writers, four through each process, each with its own session.
    let own = assigned.map(|(_, ids)| Arc::new(ids));
    let mut writers = Vec::new();
    for (name, server) in [("A", &a), ("B", &b)] {
        let other = if name == "A" { &b } else { &a };
        for (who, statuses, targets) in [
            ("gerente@mudanzas.test", MANAGER_STATUSES, &moves),
            ("admin@mudanzas.test", MANAGER_STATUSES, &moves),
            ("EMP-001", WORKER_STATUSES, &own[0]),
            ("EMP-002", WORKER_STATUSES, &own[1]),
        ] {
            writers.push(Arc::new(Writer {
                name: format!("{who} por {name}"),
                cookie: login(&http, &server.base, who).await,
                // Writers of B have nowhere else to go.
                bases: if name == "A" {
                    [server.base.clone(), other.base.clone()]
                } else {
                    [server.base.clone(), server.base.clone()]
                },
                statuses,
                moves: targets.clone(),
            }));
        }
    }
    let seed: u64 = rand::random();
    let (killed_tx, killed) = watch::channel(false);

    // Phase 1: both processes up. Meanwhile, count the moments a projector's lock was awaited:
    // its other holder can only be the other process (one runner per projector per process).
    let contention = tokio::spawn({
        let pool = pool.clone();
        let progress = progress.clone();
        async move {
            let mut samples = (0usize, 0usize);
            while progress.borrow().0 < PHASE {
                let waiting: i64 = sqlx::query_scalar(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 1 \
                     AND NOT granted",
                )
                .fetch_one(&pool)
                .await
                .unwrap();
                samples.0 += 1;
                samples.1 += (waiting > 0) as usize;
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            samples
        }
    });
    let phase1 = Instant::now();
    let mut logs = Vec::new();
    for (i, w) in writers.iter().enumerate() {
        logs.push(tokio::spawn(write_storm(
            w.clone(),
            seed.wrapping_add(i as u64),
            progress_tx.clone(),
            killed.clone(),
            0,
        )));
    }
    let mut phase1_logs = Vec::new();
    for l in logs.drain(..) {
        phase1_logs.push(l.await.expect("a writer"));
    }
    let phase1_took = phase1.elapsed();
    let (samples, contended) = contention.await.unwrap();

    // Both processes caught up: their projectors passed the head, their feeds broadcast it.
    let head1 = log_head(&pool).await;
    let feed1: i64 = sqlx::query_scalar("SELECT max(position) FROM live_changes")
        .fetch_one(&pool)
        .await
        .unwrap();
    for server in [&a, &b] {
        feed_reaches(server, &manager, feed1).await;
        ready_with_nothing_pending(&http, server).await;
    }
    assert_checkpoints_at(&pool, head1).await;
    // The same reads, answered identically by both.
    let client = login(&http, &b.base, "cliente@mudanzas.test").await;
    let mut compared = 0;
    for (cookie, path) in [
        (
            &manager,
            "/api/todas-las-mudanzas?include_price=true".to_string(),
        ),
        (&manager, "/api/todas-las-mudanzas".to_string()),
        (&manager, format!("/api/mudanza/{}", moves[3])),
        (&client, "/api/mis-mudanzas".to_string()),
    ] {
        let via_a = get_text(&http, &a.base, cookie, &path).await;
        let via_b = get_text(&http, &b.base, cookie, &path).await;
        assert_eq!(via_a, via_b, "GET {path}: A and B disagree");
        compared += 1;
    }

    // Phase 2: a process dies under load. The killer waits until A holds a projector's lock
    // (to be sure that work was A's, and B must take it over), then sends SIGKILL.
    let killer = {
        let pool = pool.clone();
        let mut progress = progress.clone();
        let db_name = db.name.clone();
        let a_pid = a.pid().expect("A runs");
        async move {
            let _ = progress.wait_for(|p| p.0 >= PHASE + KILL_AFTER).await;
            let deadline = Instant::now() + Duration::from_secs(5);
            loop {
                let backends = backends_of(&pool, &db_name, a_pid).await;
                let held = projector_locks_held(&pool, &backends).await;
                if !held.is_empty() || Instant::now() > deadline {
                    return (backends, held);
                }
            }
        }
    };
    for (i, w) in writers.iter().enumerate() {
        logs.push(tokio::spawn(write_storm(
            w.clone(),
            seed.wrapping_add(100 + i as u64),
            progress_tx.clone(),
            killed.clone(),
            AFTER_KILL,
        )));
    }
    let (a_backends, a_held) = killer.await;
    a.kill().await;
    let head_at_kill = log_head(&pool).await;
    killed_tx.send_replace(true);
    let mut phase2_logs = Vec::new();
    for l in logs.drain(..) {
        phase2_logs.push(l.await.expect("a writer"));
    }
    progress_tx.send_modify(|p| p.1 = true);

    // The dead process's sessions (and any lock they held) are gone from the database.
    wait_for(
        Duration::from_secs(30),
        "A's database sessions to end",
        || async {
            let alive: Vec<i32> =
                sqlx::query_scalar("SELECT pid FROM pg_stat_activity WHERE pid = ANY($1)")
                    .bind(&a_backends)
                    .fetch_all(&pool)
                    .await
                    .unwrap();
            alive.is_empty()
        },
    )
    .await;

    // The survivor took the work over: its projectors passed everything written since the kill.
    let head = log_head(&pool).await;
    assert!(head > head_at_kill, "changes were made after the kill");
    let feed: i64 = sqlx::query_scalar("SELECT max(position) FROM live_changes")
        .fetch_one(&pool)
        .await
        .unwrap();
    feed_reaches(&b, &manager, feed).await;
    ready_with_nothing_pending(&http, &b).await;
    assert_checkpoints_at(&pool, head).await;

    let all_logs: Vec<&WriterLog> = phase1_logs.iter().chain(&phase2_logs).collect();
    let positions: std::collections::BTreeSet<i64> =
        sqlx::query_scalar("SELECT position FROM events")
            .fetch_all(&pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    for l in &all_logs {
        assert!(
            l.acked.iter().all(|p| positions.contains(p)),
            "every acknowledged change is in the log"
        );
    }
    let after_kill: usize = phase2_logs.iter().map(|l| l.after_kill).sum();
    let failed_over = phase2_logs.iter().filter(|l| l.failed_over).count();
    let unanswered: usize = phase2_logs.iter().map(|l| l.unanswered).sum();
    assert!(after_kill > 0, "B answered writes after A died");
    assert_eq!(failed_over, 4, "every writer of A went on through B");

    // What every watcher may see, from the log; then what each saw.
    let changes = log_changes(&pool, before).await;
    assert_feed_table_matches_log(&pool, before, &changes).await;
    let seen = watchers.finish(changes.clone()).await;
    drop(progress_tx);
    for w in &seen {
        assert_eq!(
            w.unexpected_ends, 0,
            "{}: a connection ended by itself",
            w.name
        );
        if w.name != "gerente, A y B" {
            let expected_failovers = usize::from(failover_watchers.contains(&w.name));
            assert_eq!(w.failovers, expected_failovers, "{}: failovers", w.name);
        }
        assert_saw_exactly(w, &changes);
    }
    // Dashboards on the two processes: the same changes in the same order.
    let sequence = |name: &str| -> Vec<(i64, String)> {
        seen.iter()
            .find(|w| w.name == name)
            .unwrap()
            .frames
            .iter()
            .map(|f| (f["position"].as_i64().unwrap(), f["id"].to_string()))
            .collect()
    };
    assert_eq!(sequence("gerente en A"), sequence("gerente en B"));
    assert_eq!(sequence("gerente en A"), sequence("admin en B"));
    assert_eq!(sequence("gerente en A"), sequence("gerente, A y B"));

    // Two processes' projectors, interleaved at will by their lock, left what one replay from
    // zero leaves: nothing applied twice, nothing skipped.
    let tables: Vec<&str> = projections::all()
        .iter()
        .flat_map(|p| p.tables().iter().copied())
        .collect();
    let live = projections::dump_tables(&pool, &tables).await.unwrap();
    for projector in projections::all() {
        projections::rebuild(&pool, projector.as_ref(), 500, |_, _| {})
            .await
            .unwrap();
    }
    let rebuilt = projections::dump_tables(&pool, &tables).await.unwrap();
    let rows: BTreeMap<&String, usize> = live.iter().map(|(t, r)| (t, r.len())).collect();
    for table in &tables {
        assert!(
            live[*table] == rebuilt[*table],
            "{table}: the read model of two live processes differs from a rebuild"
        );
    }

    let frames: usize = seen.iter().map(|w| w.frames.len()).sum();
    println!(
        "scale-out (seed {seed}): 2 processes; {} status requests ({} changes, {} refused as \
         concurrent); phase 1 {} requests in {:.1} s, lock waits seen in {contended} of \
         {samples} samples; SIGKILL of A after {} requests of phase 2 {}, {after_kill} answers \
         from B after it, {unanswered} requests left unanswered by A, {failed_over} writers and \
         {} feeds failed over; {} watchers, {frames} frames; {compared} reads identical on A and \
         B; read models equal a rebuild ({rows:?}); whole test {:.1} s",
        all_logs
            .iter()
            .map(|l| l.acked.len() + l.conflicts + l.unanswered)
            .sum::<usize>(),
        changes.len(),
        all_logs.iter().map(|l| l.conflicts).sum::<usize>(),
        PHASE,
        phase1_took.as_secs_f64(),
        KILL_AFTER,
        if a_held.is_empty() {
            "(A held no projector lock at that instant)".to_string()
        } else {
            format!("while A held the lock of {a_held:?}")
        },
        failover_watchers.len(),
        seen.len(),
        began.elapsed().as_secs_f64()
    );
    for w in &seen {
        println!(
            "  {:<15} {:>4} frames, {} connections, {} resumes ({} at a feed behind), {} failovers",
            w.name,
            w.frames.len(),
            w.connections,
            w.resumes,
            w.behind,
            w.failovers
        );
    }
    drop(b);
}

async fn log_head(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM events")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Every projector's checkpoint is at `head`: nothing in the log is left unapplied.
async fn assert_checkpoints_at(pool: &PgPool, head: i64) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let checkpoints: Vec<(String, i64)> =
            sqlx::query_as("SELECT name, position FROM projection_checkpoints ORDER BY name")
                .fetch_all(pool)
                .await
                .unwrap();
        if checkpoints.len() == common::checkpointed_followers()
            && checkpoints.iter().all(|(_, p)| *p == head)
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "checkpoints {checkpoints:?}, head {head}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until a new connection to `server`'s feed says it has broadcast `position`: its pump
/// only moves past what every projector of that process has passed.
async fn feed_reaches(server: &ServerProcess, cookie: &str, position: i64) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let hello = hello_position(&server.base, cookie).await.unwrap();
        if hello >= position {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "server {}'s feed stayed at {hello}, short of {position}",
            server.base
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// /readyz answers 200 with every projector running here and nothing pending.
async fn ready_with_nothing_pending(http: &reqwest::Client, server: &ServerProcess) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let r = http
            .get(format!("{}/readyz", server.base))
            .send()
            .await
            .unwrap();
        let ok = r.status() == 200;
        let body: Value = r.json().await.unwrap();
        let projectors = body["checks"]["projectors"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if ok
            && projectors.len() == projections::all().len()
            && projectors
                .iter()
                .all(|p| p["running"] == true && p["pending_events"] == 0)
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "server {} not caught up: {body}",
            server.base
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The server's own count of open live connections (/metrics, open in development).
async fn websockets(http: &reqwest::Client, base: &str) -> u64 {
    let Ok(r) = http.get(format!("{base}/metrics")).send().await else {
        return 0;
    };
    r.text()
        .await
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(api::ops::WEBSOCKETS))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|v| v.parse::<f64>().ok())
        .map_or(0, |v| v as u64)
}

async fn wait_for<F, Fut>(within: Duration, what: &str, mut ready: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + within;
    while !ready().await {
        assert!(Instant::now() < deadline, "waited {within:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
