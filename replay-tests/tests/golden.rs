//! Every golden history, replayed through every projection: the read models equal the checked-in
//! expectation (regenerate with `UPDATE_GOLDEN=1` after a deliberate change), two replays are
//! identical, and rebuild equals live projection. Together the histories hold every event type at
//! every schema version, and each replayed log passes the tamper-evidence check.

use std::collections::BTreeMap;

use projections::{dump_tables, rebuild, step};
use sqlx::PgPool;

async fn dump_all(pool: &PgPool) -> BTreeMap<String, Vec<serde_json::Value>> {
    let mut all = BTreeMap::new();
    for projector in projections::all() {
        all.extend(dump_tables(pool, projector.tables()).await.unwrap());
    }
    all
}

/// The dump with each row's `position` replaced by that event's ordinal in the log (1, 2, …),
/// rows sorted again: positions come from transaction ids, which differ from run to run; their
/// order does not.
async fn by_ordinal(
    pool: &PgPool,
    mut dump: BTreeMap<String, Vec<serde_json::Value>>,
) -> BTreeMap<String, Vec<serde_json::Value>> {
    let positions: Vec<i64> = sqlx::query_scalar("SELECT position FROM events ORDER BY position")
        .fetch_all(pool)
        .await
        .unwrap();
    for row in dump.values_mut().flatten() {
        if let Some(p) = row.get_mut("position") {
            let ordinal = p
                .as_i64()
                .and_then(|p| positions.binary_search(&p).ok())
                .expect("a read-model position is an event's position");
            *p = (ordinal + 1).into();
        }
    }
    for rows in dump.values_mut() {
        rows.sort_by_cached_key(|row| row.to_string());
    }
    dump
}

/// Live projection: small batches, the way a running server applies events as they arrive,
/// until every stored event is applied.
async fn project_live(pool: &PgPool) {
    let target: i64 = sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM events")
        .fetch_one(pool)
        .await
        .unwrap();
    for projector in projections::all() {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while step(pool, projector.as_ref(), 2).await.unwrap() < target {
            assert!(
                std::time::Instant::now() < deadline,
                "live projection is stuck"
            );
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    }
}

/// A fresh database for one history (the log is append-only, so histories cannot share one).
async fn fresh_database(name: &str) -> (PgPool, PgPool, String) {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL names the test cluster");
    let admin = PgPool::connect(&url).await.unwrap();
    let db = format!(
        "golden_{}_{}",
        name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
        uuid::Uuid::now_v7().simple()
    );
    sqlx::query(&format!("CREATE DATABASE {db}"))
        .execute(&admin)
        .await
        .unwrap();
    let base = url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&url);
    let pool = PgPool::connect(&format!("{base}/{db}")).await.unwrap();
    events_schema::MIGRATOR.run(&pool).await.unwrap();
    (admin, pool, db)
}

#[tokio::test]
async fn golden_histories_produce_their_expected_read_models() {
    let names = replay_tests::histories();
    assert!(!names.is_empty(), "there are golden histories");
    for name in names {
        let (admin, pool, db) = fresh_database(&name).await;
        let events = replay_tests::load(&name).unwrap();
        replay_tests::store(&pool, &events).await.unwrap();

        project_live(&pool).await;
        let live = dump_all(&pool).await;

        for projector in projections::all() {
            rebuild(&pool, projector.as_ref(), 1000, |_, _| {})
                .await
                .unwrap();
        }
        let first = dump_all(&pool).await;
        for projector in projections::all() {
            rebuild(&pool, projector.as_ref(), 3, |_, _| {})
                .await
                .unwrap();
        }
        let second = dump_all(&pool).await;
        assert_eq!(first, second, "{name}: two replays differ");
        assert_eq!(live, first, "{name}: rebuild differs from live projection");

        // The log a history leaves is sealed and verifies, and replaying did not touch it.
        events_schema::chain::seal(&pool, 5).await.unwrap();
        let verified = events_schema::chain::verify(&pool, 4, |_, _| {})
            .await
            .unwrap();
        assert!(verified.ok, "{name}: {verified:?}");
        assert_eq!(
            (verified.verificados, verified.pendientes),
            (events.len() as i64, 0),
            "{name}"
        );

        let path = replay_tests::dir("expected").join(format!("{name}.json"));
        let rendered =
            serde_json::to_string_pretty(&by_ordinal(&pool, first).await).unwrap() + "\n";
        if std::env::var("UPDATE_GOLDEN").is_ok() {
            std::fs::write(&path, &rendered).unwrap();
        } else {
            let expected = std::fs::read_to_string(&path).unwrap_or_default();
            assert_eq!(
                expected,
                rendered,
                "{name}: read models differ from {}",
                path.display()
            );
        }
        pool.close().await;
        sqlx::query(&format!("DROP DATABASE {db} WITH (FORCE)"))
            .execute(&admin)
            .await
            .unwrap();
    }
}

/// The v1 `move.created` in the golden history is stored as v1 and read as a normal-urgency move.
#[tokio::test]
async fn a_v1_event_is_upcast_on_replay_and_never_rewritten() {
    let (admin, pool, db) = fresh_database("upcast").await;
    let events = replay_tests::load("every-event-type").unwrap();
    let first_v1 = events
        .iter()
        .position(|e| e.event_type == "move.created" && e.schema_version == 1)
        .unwrap();
    replay_tests::store(&pool, &events[..=first_v1])
        .await
        .unwrap();
    rebuild(&pool, projections::all()[0].as_ref(), 10, |_, _| {})
        .await
        .unwrap();
    let urgencia: String =
        sqlx::query_scalar("SELECT doc->>'urgencia' FROM move_staff_view WHERE id = 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(urgencia, "normal");
    let stored: (i32, Option<serde_json::Value>) = sqlx::query_as(
        "SELECT schema_version, data->'urgencia' FROM events WHERE stream_id = 'move-1'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stored, (1, None), "the stored row is untouched");
    pool.close().await;
    sqlx::query(&format!("DROP DATABASE {db} WITH (FORCE)"))
        .execute(&admin)
        .await
        .unwrap();
}

/// Every event type the system knows, at every schema version up to its current one, is in some
/// golden history, so a new type or version cannot be added without a history that replays it.
#[test]
fn the_histories_hold_every_event_type_at_every_schema_version() {
    let mut stored = std::collections::BTreeSet::new();
    for name in replay_tests::histories() {
        for e in replay_tests::load(&name).unwrap() {
            stored.insert((e.event_type, e.schema_version));
        }
    }
    let mut missing = Vec::new();
    for t in events_schema::EVENT_TYPES {
        for version in 1..=t.current_version {
            if !stored.contains(&(t.name.to_string(), version)) {
                missing.push(format!("{} v{version}", t.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no golden history holds: {}",
        missing.join(", ")
    );
    // And nothing in them is unknown to the system.
    for (event_type, version) in &stored {
        assert!(
            events_schema::EVENT_TYPES
                .iter()
                .any(|t| t.name == event_type && (1..=t.current_version).contains(version)),
            "{event_type} v{version} is in a history but not in events-schema"
        );
    }
}
