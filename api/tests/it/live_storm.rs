//! Followers never skip (issue 9): a storm of concurrent status changes on many moves, made
//! through the real endpoint by managers, the admin and workers, while dashboards, worker feeds
//! and customer feeds watch over real WebSockets; some leave mid-storm (a clean close or a dropped
//! connection) and come back with `?after=<last position seen>`, one joins late, one customer has
//! two tabs that come and go. Afterwards each watcher's frames are compared with what it may see,
//! computed from the events table and the moves' owners: every change exactly once, in strictly
//! increasing position order, rendered for its audience, and nothing else.
//!
//! The server runs in this process (the same code as the binary) on a multi-threaded runtime, so
//! writers, projectors, the feed's pump and the connections run in parallel.

use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::{account_by_login, in_days, wizard, Caller};
use crate::storm::{
    assert_feed_table_matches_log, assert_saw_exactly, log_changes, with_scratch_db, Audience,
    Leave, ScratchDb, WatchPlan, Watchers, MANAGER_STATUSES, WORKER_STATUSES,
};
use api::StartOptions;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::Method;
use serde_json::json;
use tokio::sync::watch;

const WRITERS: usize = 8;
const PER_WRITER: usize = 50;
const STORM: usize = WRITERS * PER_WRITER;
/// Besides the 8 seeded moves.
const NEW_MOVES: usize = 28;
const PASSWORD: &str = "Mudanza#2026";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_feed_sees_every_change_it_may_see_exactly_once_in_order_across_resumes() {
    with_scratch_db("mudanzas_storm", |db| {
        storm(db, StartOptions::default(), "default")
    })
    .await;
}

/// The same storm with a broadcast that holds one batch: staff and worker feeds keep falling
/// behind it (tokio's `Lagged`) and catch up from the database while new batches arrive.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn feeds_that_keep_falling_behind_the_broadcast_still_see_everything_once() {
    let options = StartOptions {
        broadcast_capacity: 1,
        ..StartOptions::default()
    };
    with_scratch_db("mudanzas_storm_lag", |db| storm(db, options, "capacity 1")).await;
}

struct WriterLog {
    acked: Vec<i64>,
    conflicts: usize,
}

async fn writer(
    caller: Caller,
    statuses: &'static [&'static str],
    moves: Arc<Vec<i64>>,
    seed: u64,
    progress: Arc<watch::Sender<(usize, bool)>>,
) -> WriterLog {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut log = WriterLog {
        acked: Vec::new(),
        conflicts: 0,
    };
    for _ in 0..PER_WRITER {
        let id = moves[rng.gen_range(0..moves.len())];
        let new_status = statuses[rng.gen_range(0..statuses.len())];
        let (status, body) = caller.set_status(id, new_status).await;
        match status {
            200 => {
                log.acked
                    .push(body["position"].as_i64().expect("a position"));
            }
            // Two writers decided on the same version of a move: the second is refused whole.
            409 => log.conflicts += 1,
            other => panic!("a status change answered {other}: {body}"),
        }
        progress.send_modify(|p| p.0 += 1);
    }
    log
}

async fn storm(db: ScratchDb, options: StartOptions, label: &'static str) {
    let began = Instant::now();
    let pool = api::connect(&db.url, 20).await.unwrap();
    events_schema::MIGRATOR.run(&pool).await.unwrap();
    let server = common::start_with(pool.clone(), options, None).await;
    common::projected(&server).await;

    // Moves of four owners: two demo customers, one who registers now, one without an account.
    let rosa = server
        .confirmed_client("rosa@mudanzas.test", PASSWORD)
        .await;
    let nobody = server
        .confirmed_client("nadie@mudanzas.test", PASSWORD)
        .await;
    let owners = [
        "cliente@mudanzas.test",
        "pablo@mudanzas.test",
        "rosa@mudanzas.test",
        "sin.cuenta@mudanzas.test",
    ];
    let manager = server.login_role("empresario").await;
    // Workers change only the moves assigned to them: a third of the new moves each, one a day.
    let mut assigned: [(&str, Vec<i64>); 2] = [("EMP-001", Vec::new()), ("EMP-002", Vec::new())];
    for i in 0..NEW_MOVES {
        let mut body = wizard(in_days(3 + i as u64));
        body["cliente_email"] = owners[i % owners.len()].into();
        body["contacto_email"] = owners[i % owners.len()].into();
        let (status, answer) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
        assert_eq!(status, 200, "{answer}");
        if let Some((login, ids)) = assigned.get_mut(i % 3) {
            let id = answer["mudanza"]["id"].as_i64().expect("the new move's id");
            let worker: uuid::Uuid =
                sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
                    .bind(*login)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            let (status, answer) = manager
                .send(
                    Method::POST,
                    "/api/asignar-trabajador",
                    json!({"mudanza_id": id, "worker_id": worker}),
                )
                .await;
            assert_eq!(status, 200, "{answer}");
            ids.push(id);
        }
    }
    let moves: Vec<i64> = sqlx::query_scalar("SELECT id FROM move_staff_view ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(moves.len() >= 36, "{} moves", moves.len());
    let moves = Arc::new(moves);

    // Everything so far broadcast: no watcher's window holds a creation.
    let before_storm: i64 =
        sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM live_changes")
            .fetch_one(&pool)
            .await
            .unwrap();
    wait_until(
        Duration::from_secs(60),
        "the feed to broadcast the new moves",
        || server.state.live.sent() >= before_storm,
    )
    .await;

    let (progress_tx, progress) = watch::channel((0usize, false));
    let progress_tx = Arc::new(progress_tx);
    let base = server.base.clone();
    let cookie = |c: &Caller| c.cookie.clone().expect("a session");
    let plan = |name: &str, audience: Audience, caller: &Caller| WatchPlan {
        name: name.into(),
        audience,
        cookie: cookie(caller),
        bases: vec![base.clone()],
        join_at: 0,
        away: vec![],
        hop: false,
    };
    let client = |login: &str| Audience::Client(account_by_login(login).email);
    let mut plans = vec![
        WatchPlan {
            away: vec![(60, 130, Leave::Close), (240, 300, Leave::Drop)],
            ..plan(
                "gerente",
                Audience::Staff,
                &server.login_role("empresario").await,
            )
        },
        plan("admin", Audience::Staff, &server.login_role("admin").await),
        WatchPlan {
            away: vec![(150, 220, Leave::Drop)],
            ..plan(
                "auditor",
                Audience::Staff,
                &server.login_role("auditor").await,
            )
        },
        WatchPlan {
            join_at: 180,
            ..plan(
                "gerente, tarde",
                Audience::Staff,
                &server.login_role("empresario").await,
            )
        },
        WatchPlan {
            away: vec![(100, 200, Leave::Close)],
            ..plan(
                "EMP-001",
                Audience::Worker,
                &server.login(&account_by_login("EMP-001")).await,
            )
        },
        plan(
            "EMP-002",
            Audience::Worker,
            &server.login(&account_by_login("EMP-002")).await,
        ),
        WatchPlan {
            away: vec![(80, 160, Leave::Close), (260, 330, Leave::Drop)],
            ..plan(
                "cliente, pestaña 1",
                client("cliente@mudanzas.test"),
                &server
                    .login(&account_by_login("cliente@mudanzas.test"))
                    .await,
            )
        },
        WatchPlan {
            away: vec![(120, 170, Leave::Drop), (280, 320, Leave::Close)],
            ..plan(
                "cliente, pestaña 2",
                client("cliente@mudanzas.test"),
                &server
                    .login(&account_by_login("cliente@mudanzas.test"))
                    .await,
            )
        },
        plan(
            "pablo",
            client("pablo@mudanzas.test"),
            &server.login(&account_by_login("pablo@mudanzas.test")).await,
        ),
        WatchPlan {
            away: vec![(120, 250, Leave::Drop)],
            ..plan("rosa", Audience::Client("rosa@mudanzas.test".into()), &rosa)
        },
        plan(
            "nadie (sin mudanzas)",
            Audience::Client("nadie@mudanzas.test".into()),
            &nobody,
        ),
    ];
    // Late joiners connect by themselves; the others are connected before the first write.
    let early = plans.iter().filter(|p| p.join_at == 0).count();
    let mut watchers = Watchers::default();
    for plan in plans.drain(..) {
        watchers.start(plan, progress.clone());
    }
    wait_until(Duration::from_secs(60), "the watchers to connect", || {
        server.state.live.connections() >= early
    })
    .await;

    // The storm: eight writers, each its own session, at once.
    let seed: u64 = rand::random();
    let mut sessions = Vec::new();
    let [(_, first), (_, second)] = assigned;
    let (first, second) = (Arc::new(first), Arc::new(second));
    for (who, statuses, on) in [
        ("gerente@mudanzas.test", MANAGER_STATUSES, &moves),
        ("gerente@mudanzas.test", MANAGER_STATUSES, &moves),
        ("admin@mudanzas.test", MANAGER_STATUSES, &moves),
        ("admin@mudanzas.test", MANAGER_STATUSES, &moves),
        ("EMP-001", WORKER_STATUSES, &first),
        ("EMP-001", WORKER_STATUSES, &first),
        ("EMP-002", WORKER_STATUSES, &second),
        ("EMP-002", WORKER_STATUSES, &second),
    ] {
        sessions.push((
            server.login(&account_by_login(who)).await,
            statuses,
            on.clone(),
        ));
    }
    let storm_began = Instant::now();
    let writers: Vec<_> = sessions
        .into_iter()
        .enumerate()
        .map(|(i, (caller, statuses, on))| {
            tokio::spawn(writer(
                caller,
                statuses,
                on,
                seed.wrapping_add(i as u64),
                progress_tx.clone(),
            ))
        })
        .collect();
    let mut logs = Vec::new();
    for w in writers {
        logs.push(w.await.expect("a writer"));
    }
    let storm_took = storm_began.elapsed();
    progress_tx.send_modify(|p| p.1 = true);

    // The log is the truth: what each watcher may see is computed from it.
    let head = server.state.store.max_position().await.unwrap();
    assert!(
        server
            .state
            .projections
            .wait_for(head, Duration::from_secs(60))
            .await,
        "the projectors caught up with the log"
    );
    let changes = log_changes(&pool, before_storm).await;
    assert_feed_table_matches_log(&pool, before_storm, &changes).await;
    let positions: std::collections::BTreeSet<i64> =
        sqlx::query_scalar("SELECT position FROM events")
            .fetch_all(&pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    let acked: Vec<i64> = logs.iter().flat_map(|l| l.acked.iter().copied()).collect();
    assert!(
        acked.iter().all(|p| positions.contains(p)),
        "every acknowledged change is in the log"
    );
    let conflicts: usize = logs.iter().map(|l| l.conflicts).sum();
    // Races refuse some (409), and so does a worker's change to a move a manager has cancelled
    // meanwhile (issue 21): about three in five go through.
    assert!(
        changes.len() >= 200,
        "a storm of several hundred changes ({} of {STORM} requests changed a status)",
        changes.len()
    );

    let seen = watchers.finish(changes.clone()).await;
    drop(progress_tx);

    let frames: usize = seen.iter().map(|w| w.frames.len()).sum();
    let resumes: usize = seen.iter().map(|w| w.resumes).sum();
    println!(
        "live storm ({label}, seed {seed}): {STORM} status requests by {WRITERS} writers on {} moves \
         in {:.1} s -> {} changes ({conflicts} refused as concurrent, {} no-ops); {} watchers, \
         {frames} frames, {resumes} resumes, {} catch-ups after falling behind; whole test {:.1} s",
        moves.len(),
        storm_took.as_secs_f64(),
        changes.len(),
        STORM - conflicts - changes.len(),
        seen.len(),
        server.state.live.lagged(),
        began.elapsed().as_secs_f64()
    );
    for w in &seen {
        println!(
            "  {:<22} {:>4} frames, {} connections, window after {}",
            w.name,
            w.frames.len(),
            w.connections,
            w.start
        );
    }
    for w in &seen {
        assert_eq!(
            w.unexpected_ends, 0,
            "{}: the server ended a connection",
            w.name
        );
        assert_saw_exactly(w, &changes);
    }
    // The plan's departures happened, and the customer without moves heard nothing.
    assert!(resumes >= 9, "{resumes} resumes");
    let nobody = seen.iter().find(|w| w.name.starts_with("nadie")).unwrap();
    assert!(nobody.frames.is_empty());
    for w in seen.iter().filter(|w| w.name != nobody.name) {
        assert!(!w.frames.is_empty(), "{} saw changes", w.name);
    }
}

async fn wait_until(within: Duration, what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !ready() {
        assert!(Instant::now() < deadline, "waited {within:?} for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
