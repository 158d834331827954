//! Tamper evidence against a real PostgreSQL, one fresh database per test: the hashes made at
//! append, the sealed chain, and verify finding exactly the event that was changed behind the
//! immutability guard's back.

mod common;

use common::{status_event, store};

use std::borrow::Cow;
use std::time::Duration;

use chrono::{TimeZone, Utc};
use events_schema::chain::{self, reason, EventContent, HashFormat, Verification};
use events_schema::events::MoveStatus;
use events_schema::{EventStore, ExpectedVersion, RawEvent, StoreOptions, StreamAppend};
use sqlx::{PgPool, Row};
use uuid::Uuid;

async fn verify(pool: &PgPool) -> Verification {
    chain::verify(pool, 7, |_, _| {}).await.unwrap()
}

/// Appends `n` single events to each of `streams`, then one 3-event batch to the first, and one
/// append to two streams at once: every append shape the store has.
async fn history(store: &EventStore, streams: &[&str], n: usize) {
    for _ in 0..n {
        for s in streams {
            store
                .append(
                    s,
                    ExpectedVersion::Any,
                    &[status_event(MoveStatus::EnCurso)],
                )
                .await
                .unwrap();
        }
    }
    let batch = [
        status_event(MoveStatus::Confirmada),
        status_event(MoveStatus::EnCurso),
        status_event(MoveStatus::Finalizada),
    ];
    store
        .append(streams[0], ExpectedVersion::Any, &batch)
        .await
        .unwrap();
    let two = [
        status_event(MoveStatus::Confirmada),
        status_event(MoveStatus::EnCurso),
    ];
    let one = [status_event(MoveStatus::Cancelada)];
    store
        .append_streams(&[
            StreamAppend {
                stream: streams[1],
                expected: ExpectedVersion::Any,
                events: &two,
            },
            StreamAppend {
                stream: "move-new",
                expected: ExpectedVersion::NoStream,
                events: &one,
            },
        ])
        .await
        .unwrap();
}

/// The positions in the log, in order.
async fn positions(pool: &PgPool) -> Vec<i64> {
    sqlx::query_scalar("SELECT position FROM events ORDER BY position")
        .fetch_all(pool)
        .await
        .unwrap()
}

/// The position of a stream's event.
async fn position_of(pool: &PgPool, stream: &str, version: i64) -> i64 {
    sqlx::query_scalar("SELECT position FROM events WHERE stream_id = $1 AND stream_version = $2")
        .bind(stream)
        .bind(version)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Runs SQL with the immutability guard switched off, as someone with full rights could.
async fn behind_the_guard(pool: &PgPool, sql: &str) {
    let mut tx = pool.begin().await.unwrap();
    sqlx::raw_sql(
        "ALTER TABLE events DISABLE TRIGGER events_no_update_delete; \
         ALTER TABLE log_chain DISABLE TRIGGER log_chain_no_update_delete;",
    )
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::raw_sql(sql).execute(&mut *tx).await.unwrap();
    sqlx::raw_sql(
        "ALTER TABLE events ENABLE TRIGGER events_no_update_delete; \
         ALTER TABLE log_chain ENABLE TRIGGER log_chain_no_update_delete;",
    )
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

/// The SQL that gives the event at `position` the hash of its current content, recomputed in
/// format 3 as an append would: the content digest in Rust, chained by SQL's `event_hash_v3`.
async fn rehash_v3(pool: &PgPool, position: i64) -> String {
    let row = sqlx::query(
        "SELECT stream_id, event_id, event_type, schema_version, data, metadata, occurred_at \
         FROM events WHERE position = $1",
    )
    .bind(position)
    .fetch_one(pool)
    .await
    .unwrap();
    let (stream, data, metadata): (String, serde_json::Value, serde_json::Value) =
        (row.get(0), row.get(4), row.get(5));
    let digest = chain::content_digest(&chain::Content {
        stream_id: &stream,
        event_id: row.get(1),
        event_type: row.get(2),
        schema_version: row.get(3),
        data: &data,
        metadata: &metadata,
        occurred_at: row.get(6),
    });
    format!(
        "UPDATE events SET hash = event_hash_v3(prev_hash, '\\x{}', stream_version, recorded_at) \
         WHERE position = {position}",
        hex::encode(digest)
    )
}

fn assert_broken(v: &Verification, position: i64, expected_reason: &str) {
    let broken = v.primer_fallo.as_ref().expect("verify finds a broken link");
    assert!(!v.ok);
    assert_eq!(
        (broken.position, broken.motivo.as_str()),
        (position, expected_reason),
        "{v:?}"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn rust_and_sql_compute_the_same_hash(pool: PgPool) {
    let prev: Vec<u8> = (0u8..32).collect();
    let datas = [
        r#"{}"#,
        r#"{"b": 1, "a": [1.0, 2.50, -0, 1e3, 12345678901234567890123], "aa": null}"#,
        r#"{"texto": "Ñandú «comillas» \"dobles\" \\ barra\nlínea\ttab \u0001 😀", "ok": true}"#,
        r#"[{"z": {"y": {"x": []}}}, "", false]"#,
    ];
    let times = [
        Utc.with_ymd_and_hms(2026, 11, 21, 9, 30, 0).unwrap(),
        Utc.timestamp_opt(1_700_000_000, 123_456_000).unwrap(),
        Utc.with_ymd_and_hms(1, 1, 1, 0, 0, 0).unwrap(),
        Utc.with_ymd_and_hms(9999, 12, 31, 23, 59, 59).unwrap(),
        Utc.with_ymd_and_hms(12345, 6, 7, 8, 9, 10).unwrap(),
    ];
    for (i, data) in datas.iter().enumerate() {
        for (time, recorded) in times.into_iter().zip(times.into_iter().rev()) {
            let id = Uuid::now_v7();
            let row = sqlx::query(
                "SELECT event_hash($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9), \
                        $7::jsonb::text, $8::jsonb::text, $9::timestamptz, \
                        event_hash_v2($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10), \
                        $10::timestamptz",
            )
            .bind(&prev)
            .bind(format!("mudanza-ñ-{i}"))
            .bind(i as i64 + 1)
            .bind(id)
            .bind("move.status_changed")
            .bind(2)
            .bind(data)
            .bind(r#"{"actor_id": "empleado-1", "request_id": "r-é"}"#)
            .bind(time)
            .bind(recorded)
            .fetch_one(&pool)
            .await
            .unwrap();
            let (sql_hash, data_text, meta_text, stored_time): (Vec<u8>, String, String, _) =
                (row.get(0), row.get(1), row.get(2), row.get(3));
            let (sql_hash_v2, stored_recorded): (Vec<u8>, _) = (row.get(4), row.get(5));
            let stream = format!("mudanza-ñ-{i}");
            let content = EventContent {
                format: HashFormat::V1,
                stream_id: &stream,
                stream_version: i as i64 + 1,
                event_id: id,
                event_type: "move.status_changed",
                schema_version: 2,
                data: &data_text,
                metadata: &meta_text,
                occurred_at: stored_time,
                recorded_at: stored_recorded,
            };
            let rust_hash = chain::event_hash(&prev, &content).unwrap();
            assert_eq!(sql_hash, rust_hash.to_vec(), "data {data}, time {time}");
            let v2 = EventContent {
                format: HashFormat::V2,
                ..content
            };
            let rust_hash_v2 = chain::event_hash(&prev, &v2).unwrap();
            assert_eq!(
                sql_hash_v2,
                rust_hash_v2.to_vec(),
                "format 2: data {data}, time {time}, recorded {recorded}"
            );
            assert_ne!(rust_hash, rust_hash_v2);
            // Format 3: SQL chains a digest as Rust does, and the hash verify recomputes from
            // the stored row is that chain (`canonical_json_survives_jsonb` shows the digest of
            // a value appended is the digest of the value read back).
            let appended: serde_json::Value = serde_json::from_str(&data_text).unwrap();
            let metadata: serde_json::Value = serde_json::from_str(&meta_text).unwrap();
            let digest = chain::content_digest(&chain::Content {
                stream_id: &stream,
                event_id: id,
                event_type: "move.status_changed",
                schema_version: 2,
                data: &appended,
                metadata: &metadata,
                occurred_at: stored_time,
            });
            let sql_hash_v3: Vec<u8> = sqlx::query_scalar("SELECT event_hash_v3($1, $2, $3, $4)")
                .bind(&prev)
                .bind(&digest[..])
                .bind(i as i64 + 1)
                .bind(recorded)
                .fetch_one(&pool)
                .await
                .unwrap();
            let v3 = EventContent {
                format: HashFormat::V3,
                ..content
            };
            let rust_hash_v3 = chain::event_hash(&prev, &v3).unwrap();
            assert_eq!(
                sql_hash_v3,
                chain::event_hash_v3(&prev, &digest, i as i64 + 1, stored_recorded).to_vec()
            );
            assert_eq!(
                sql_hash_v3,
                rust_hash_v3.to_vec(),
                "format 3: data {data}, time {time}, recorded {recorded}"
            );
            assert_ne!(rust_hash_v3, rust_hash_v2);
        }
    }
}

/// Format 3 hashes the JSON an append sends, and verify recomputes it from what jsonb gives
/// back, which writes numbers, spaces and key order its own way: the canonical JSON of both is
/// the same, for every kind of number serde_json can hold.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn canonical_json_survives_jsonb(pool: PgPool) {
    let values = [
        serde_json::json!({}),
        serde_json::json!({"b": 1, "a": [1.0, 2.5, -0.0, 1e3, 1e15, 1e19, -1e19, 1e300, 1e-7]}),
        serde_json::json!([
            0.1,
            0.30000000000000004,
            123.456e5,
            -2.5e-300,
            1.7976931348623157e308
        ]),
        serde_json::json!([
            9_007_199_254_740_993_u64,
            u64::MAX,
            i64::MIN,
            i64::MAX,
            -1,
            0
        ]),
        serde_json::json!([-(2f64.powi(63)), 1.8446744073709552e19, 5e-324, 4.35]),
        serde_json::json!({"texto": "Ñandú «comillas» \"dobles\" \\ barra\nlínea\ttab \u{1} 😀"}),
        serde_json::json!({"aa": null, "a": true, "ab": {"z": [], "y": {}}, "": false, "é": 1}),
        serde_json::json!({"cancellation_fee_cents": 4500, "from": "pendiente", "to": "en curso"}),
    ];
    for value in values {
        let text: String = sqlx::query_scalar("SELECT $1::jsonb::text")
            .bind(&value)
            .fetch_one(&pool)
            .await
            .unwrap();
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            chain::canonical_json(&back),
            chain::canonical_json(&value),
            "{value} came back as {text}"
        );
    }
    // And floats of every magnitude, whole or not: random bit patterns, and whole numbers.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut floats = Vec::new();
    while floats.len() < 4000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let f = if floats.len() % 2 == 0 {
            f64::from_bits(x)
        } else {
            (x % 100_000) as f64 * 10f64.powi((x >> 40) as i32 % 40 - 10)
        };
        if f.is_finite() {
            floats.push(f);
        }
    }
    let value = serde_json::json!(floats);
    let text: String = sqlx::query_scalar("SELECT $1::jsonb::text")
        .bind(&value)
        .fetch_one(&pool)
        .await
        .unwrap();
    let back: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    for (f, back) in floats.iter().zip(&back) {
        assert_eq!(
            chain::canonical_json(back),
            chain::canonical_json(&serde_json::json!(f)),
            "{f:e}"
        );
    }
    // Different values encode differently, however close.
    let encoded = |v: serde_json::Value| chain::canonical_json(&v);
    assert_ne!(
        encoded(serde_json::json!(1)),
        encoded(serde_json::json!(1.5))
    );
    assert_ne!(
        encoded(serde_json::json!("1")),
        encoded(serde_json::json!(1))
    );
    assert_ne!(
        encoded(serde_json::json!(0.1)),
        encoded(serde_json::json!(0.30000000000000004 - 0.2))
    );
    assert_eq!(
        encoded(serde_json::json!({"b": [1, "x"], "a": null})),
        r#"{"a":null,"b":[1,"x"]}"#
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn every_append_shape_chains_each_stream_and_verifies(pool: PgPool) {
    let store = store(&pool);
    history(&store, &["move-1", "move-2", "move-3"], 3).await;
    // (stream, version, prev_hash, the predecessor's hash)
    type Link = (String, i64, Vec<u8>, Option<Vec<u8>>);
    let links: Vec<Link> = sqlx::query_as(
        "SELECT e.stream_id, e.stream_version, e.prev_hash, p.hash FROM events e \
         LEFT JOIN events p ON p.stream_id = e.stream_id AND p.stream_version = e.stream_version - 1 \
         ORDER BY e.stream_id, e.stream_version",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(links.len(), 3 * 3 + 3 + 2 + 1);
    for (stream, version, prev, predecessor) in &links {
        match predecessor {
            Some(p) => assert_eq!(prev, p, "{stream} v{version} links to v{}", version - 1),
            None => assert_eq!((*version, &prev[..]), (1, &chain::ZERO_HASH[..])),
        }
    }
    // Before sealing: everything checks, nothing is sealed yet.
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 15, 15), "{v:?}");
    assert_eq!(chain::seal(&pool, 4).await.unwrap(), 15);
    assert_eq!(
        chain::seal(&pool, 4).await.unwrap(),
        0,
        "sealing again seals nothing"
    );
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 15, 0), "{v:?}");
    let head = v.head.unwrap();
    assert_eq!(head.position, *positions(&pool).await.last().unwrap());
    let mut conn = pool.acquire().await.unwrap();
    assert_eq!(chain::head(&mut conn).await.unwrap(), Some(head));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn eight_concurrent_writers_with_conflicts_and_aborts_leave_a_valid_chain(pool: PgPool) {
    let store = EventStore::new(
        pool.clone(),
        StoreOptions {
            poll_interval: Duration::from_millis(50),
            ..StoreOptions::default()
        },
    );
    // The background sealer runs meanwhile, as in the server.
    let sealer = chain::spawn_sealer(store.clone(), 50);
    let mut tasks = Vec::new();
    for w in 0..8 {
        let (store, pool) = (store.clone(), pool.clone());
        tasks.push(tokio::spawn(async move {
            let mut conflicts = 0;
            for i in 0..40 {
                // Its own streams, a stream shared by all eight with the version read first (so
                // they conflict), and now and then an append that rolls back (a gap).
                let own = format!("move-{w}-{}", i % 5);
                store
                    .append(
                        &own,
                        ExpectedVersion::Any,
                        &[status_event(MoveStatus::EnCurso)],
                    )
                    .await
                    .unwrap();
                let version = store.stream_version("move-shared").await.unwrap();
                let events = [
                    status_event(MoveStatus::Confirmada),
                    status_event(MoveStatus::EnCurso),
                ];
                match store
                    .append(
                        "move-shared",
                        ExpectedVersion::Exact(version),
                        &events[..1 + i % 2],
                    )
                    .await
                {
                    Ok(_) => {}
                    Err(events_schema::Error::Conflict { .. }) => conflicts += 1,
                    Err(e) => panic!("{e}"),
                }
                if i % 7 == 0 {
                    let mut tx = pool.begin().await.unwrap();
                    EventStore::append_on(
                        &mut tx,
                        &own,
                        ExpectedVersion::Any,
                        &[status_event(MoveStatus::Cancelada)],
                    )
                    .await
                    .unwrap();
                    tx.rollback().await.unwrap();
                }
            }
            conflicts
        }));
    }
    let mut conflicts = 0;
    for t in tasks {
        conflicts += t.await.unwrap();
    }
    assert!(conflicts > 0, "the shared stream saw conflicts");
    sealer.abort();
    chain::seal(&pool, 100).await.unwrap();
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    let v = verify(&pool).await;
    assert_eq!(
        (v.ok, v.verificados, v.pendientes),
        (true, stored, 0),
        "{v:?}"
    );
    let sealed: i64 = sqlx::query_scalar("SELECT count(*) FROM log_chain")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(sealed, stored);
}

/// Appends a history, seals it, and returns the position of `move-2`'s second event, which has a
/// successor in its stream and is not the last event of the log.
async fn sealed_history(pool: &PgPool) -> i64 {
    let store = store(pool);
    history(&store, &["move-1", "move-2", "move-3"], 3).await;
    chain::seal(pool, 1000).await.unwrap();
    assert!(verify(pool).await.ok);
    position_of(pool, "move-2", 2).await
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn changed_data_is_found_at_exactly_that_event(pool: PgPool) {
    let x = sealed_history(&pool).await;
    behind_the_guard(
        &pool,
        &format!("UPDATE events SET data = jsonb_set(data, '{{to}}', '\"cancelada\"') WHERE position = {x}"),
    )
    .await;
    let v = verify(&pool).await;
    assert_broken(&v, x, reason::CONTENT);
    let broken = v.primer_fallo.unwrap();
    assert_eq!(
        (broken.stream_id.as_str(), broken.event_type.as_str()),
        ("move-2", "move.status_changed")
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn changed_metadata_is_found_at_exactly_that_event(pool: PgPool) {
    let x = sealed_history(&pool).await;
    behind_the_guard(
        &pool,
        &format!(
            "UPDATE events SET metadata = metadata || '{{\"actor_id\": \"otro\"}}' WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::CONTENT);
}

/// The auditor's 'state of a move as of an instant' reads the log up to `recorded_at`: moving it,
/// by a month or by one microsecond (what a timestamptz stores), is a change like any other;
/// moved back, the log verifies again.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_moved_recorded_at_is_found_at_exactly_that_event(pool: PgPool) {
    let x = sealed_history(&pool).await;
    for shift in ["30 days", "1 microsecond"] {
        behind_the_guard(
            &pool,
            &format!("UPDATE events SET recorded_at = recorded_at - interval '{shift}' WHERE position = {x}"),
        )
        .await;
        assert_broken(&verify(&pool).await, x, reason::CONTENT);
        behind_the_guard(
            &pool,
            &format!("UPDATE events SET recorded_at = recorded_at + interval '{shift}' WHERE position = {x}"),
        )
        .await;
        assert!(verify(&pool).await.ok, "{shift} moved back");
    }
}

/// An event passed off as format 1 (whose hash does not cover recorded_at) is found: its hash was
/// made in format 2, and recomputing it in format 1 breaks the seal like any recomputed hash.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_event_passed_off_as_the_old_format_is_found(pool: PgPool) {
    let x = sealed_history(&pool).await;
    behind_the_guard(
        &pool,
        &format!(
            "UPDATE events SET hash_format = 1, recorded_at = recorded_at - interval '30 days' \
             WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::CONTENT);
    behind_the_guard(
        &pool,
        &format!(
            "UPDATE events SET hash = event_hash(prev_hash, stream_id, stream_version, event_id, \
                 event_type, schema_version, data, metadata, occurred_at) WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::SEAL);
}

/// A format no verifier knows is reported, not guessed at.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_unknown_hash_format_is_reported(pool: PgPool) {
    let x = sealed_history(&pool).await;
    behind_the_guard(
        &pool,
        &format!(
            "ALTER TABLE events DROP CONSTRAINT events_hash_format; \
             UPDATE events SET hash_format = 4 WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::FORMAT);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_change_with_its_hash_recomputed_breaks_the_seal(pool: PgPool) {
    let x = sealed_history(&pool).await;
    behind_the_guard(
        &pool,
        &format!(
            "UPDATE events SET occurred_at = occurred_at - interval '1 day' WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::CONTENT);
    behind_the_guard(&pool, &rehash_v3(&pool, x).await).await;
    assert_broken(&verify(&pool).await, x, reason::SEAL);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_change_to_an_unsealed_event_with_its_hash_recomputed_breaks_the_next_link(pool: PgPool) {
    sealed_history(&pool).await;
    let store = store(&pool);
    // Two more events of move-3, not sealed yet; the first is changed and rehashed.
    for _ in 0..2 {
        store
            .append(
                "move-3",
                ExpectedVersion::Any,
                &[status_event(MoveStatus::EnCurso)],
            )
            .await
            .unwrap();
    }
    let (x, next) = (
        position_of(&pool, "move-3", 4).await,
        position_of(&pool, "move-3", 5).await,
    );
    behind_the_guard(
        &pool,
        &format!(
            "UPDATE events SET data = '{{\"from\": \"pendiente\", \"to\": \"cancelada\"}}' \
             WHERE position = {x}"
        ),
    )
    .await;
    behind_the_guard(&pool, &rehash_v3(&pool, x).await).await;
    let v = verify(&pool).await;
    assert_broken(&v, next, reason::LINK);
    assert_eq!(
        v.pendientes, 1,
        "the changed event was checked, unsealed: {v:?}"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_deleted_sealed_event_is_missing_at_its_position(pool: PgPool) {
    let x = sealed_history(&pool).await;
    // Replica mode switches off every trigger, the foreign key's too: the seal stays behind.
    behind_the_guard(
        &pool,
        &format!(
            "SET LOCAL session_replication_role = replica; DELETE FROM events WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::SEALED_MISSING);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_deleted_event_and_its_seal_break_the_next_seal(pool: PgPool) {
    let x = sealed_history(&pool).await;
    let all = positions(&pool).await;
    let next = all[all.binary_search(&x).unwrap() + 1];
    behind_the_guard(
        &pool,
        &format!(
            "DELETE FROM log_chain WHERE position = {x}; DELETE FROM events WHERE position = {x}"
        ),
    )
    .await;
    let v = verify(&pool).await;
    let expected = if position_of(&pool, "move-2", 3).await == next {
        reason::previous_missing(2)
    } else {
        reason::SEAL.to_string()
    };
    assert_broken(&v, next, &expected);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_deleted_unsealed_event_is_missed_by_its_successor(pool: PgPool) {
    sealed_history(&pool).await;
    let store = store(&pool);
    for _ in 0..3 {
        store
            .append(
                "move-1",
                ExpectedVersion::Any,
                &[status_event(MoveStatus::EnCurso)],
            )
            .await
            .unwrap();
    }
    let x = position_of(&pool, "move-1", 8).await;
    let next = position_of(&pool, "move-1", 9).await;
    behind_the_guard(&pool, &format!("DELETE FROM events WHERE position = {x}")).await;
    assert_broken(&verify(&pool).await, next, &reason::previous_missing(8));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_changed_seal_is_found(pool: PgPool) {
    let x = sealed_history(&pool).await;
    behind_the_guard(
        &pool,
        &format!("UPDATE log_chain SET chain_hash = sha256(chain_hash) WHERE position = {x}"),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::SEAL);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_event_slipped_into_the_sealed_log_is_found(pool: PgPool) {
    let x = sealed_history(&pool).await;
    // A well-formed event, hash and all, at a free position between two sealed ones.
    behind_the_guard(
        &pool,
        &format!(
            "INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
                 event_type, schema_version, data, metadata, occurred_at, hash_format, prev_hash, \
                 hash) \
             SELECT {x} + 1, pg_current_xact_id(), id, 'move-forged', 1, 'move.status_changed', 1, \
                 d, '{{}}', now(), 2, '\\x{zero}', \
                 event_hash_v2('\\x{zero}', 'move-forged', 1, id, 'move.status_changed', 1, d, '{{}}', \
                     now(), now()) \
             FROM (SELECT gen_random_uuid() AS id, '{{\"from\": \"pendiente\", \"to\": \"en curso\"}}'::jsonb AS d) f",
            zero = "00".repeat(32)
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x + 1, reason::UNSEALED);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_database_refuses_to_change_the_chain(pool: PgPool) {
    sealed_history(&pool).await;
    for sql in [
        "UPDATE log_chain SET chain_hash = chain_hash",
        "DELETE FROM log_chain",
        "TRUNCATE log_chain",
        "UPDATE events SET hash = hash",
    ] {
        let err = sqlx::query(sql).execute(&pool).await.unwrap_err();
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
}

/// A database that already holds events when 0009 arrives: the migration gives every stored
/// event its hash, chained per stream, and the log verifies.
#[sqlx::test(migrations = false)]
async fn the_migration_hashes_events_stored_before_it(pool: PgPool) {
    let before = sqlx::migrate::Migrator {
        migrations: Cow::Owned(
            events_schema::MIGRATOR
                .migrations
                .iter()
                .filter(|m| m.version < 9)
                .cloned()
                .collect(),
        ),
        ..sqlx::migrate::Migrator::DEFAULT
    };
    before.run(&pool).await.unwrap();
    // As the append of 0004 wrote them: 5 streams of 6 versions, interleaved, three transactions.
    for chunk in 0..3 {
        sqlx::query(
            "INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
                 event_type, schema_version, data, metadata, occurred_at) \
             SELECT pg_current_xact_id()::text::bigint * 10000 + g, pg_current_xact_id(), \
                 gen_random_uuid(), 'move-' || g % 5, $1 * 2 + g / 5 + 1, 'move.status_changed', 1, \
                 jsonb_build_object('from', 'pendiente', 'to', 'en curso', 'n', g), \
                 jsonb_build_object('actor_id', 'viejo'), now() - interval '1 year' \
             FROM generate_series(0, 9) g",
        )
        .bind(chunk as i64)
        .execute(&pool)
        .await
        .unwrap();
    }
    events_schema::MIGRATOR.run(&pool).await.unwrap();
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 30, 30), "{v:?}");
    // New appends chain on from the backfilled hashes.
    let store = store(&pool);
    store
        .append(
            "move-3",
            ExpectedVersion::Exact(6),
            &[status_event(MoveStatus::Finalizada)],
        )
        .await
        .unwrap();
    chain::seal(&pool, 8).await.unwrap();
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 31, 0), "{v:?}");
    // And the guard is back.
    let err = sqlx::query("DELETE FROM events")
        .execute(&pool)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("append-only"), "{err}");
}

/// A database whose log was hashed and sealed before 0016 (format 1): after the migration its
/// events keep their hashes and seals and verify as before; new appends chain on from them in
/// format 3, which covers recorded_at; the old events' recorded_at stays uncovered, as their
/// seals were made.
#[sqlx::test(migrations = false)]
async fn a_log_sealed_before_0016_keeps_verifying_and_new_events_seal_recorded_at(pool: PgPool) {
    let before = sqlx::migrate::Migrator {
        migrations: Cow::Owned(
            events_schema::MIGRATOR
                .migrations
                .iter()
                .filter(|m| m.version < 16)
                .cloned()
                .collect(),
        ),
        ..sqlx::migrate::Migrator::DEFAULT
    };
    before.run(&pool).await.unwrap();
    // As the append of 0009 wrote them: 5 streams of 3 versions, chained by `event_chain`.
    sqlx::query(&format!(
        "INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
             event_type, schema_version, data, metadata, occurred_at, prev_hash, hash) \
         SELECT p, x, id, s, v, t, 1, d, m, o, coalesce(lag(h) OVER w, '\\x{zero}'), h \
         FROM (SELECT r.*, event_chain('\\x{zero}', s, v, id, t, 1, d, m, o) OVER w AS h \
               FROM (SELECT pg_current_xact_id()::text::bigint * 10000 + g AS p, \
                         pg_current_xact_id() AS x, gen_random_uuid() AS id, \
                         'move-' || g % 5 AS s, (g / 5 + 1)::bigint AS v, \
                         'move.status_changed' AS t, \
                         jsonb_build_object('from', 'pendiente', 'to', 'en curso', 'n', g) AS d, \
                         jsonb_build_object('actor_id', 'viejo') AS m, \
                         now() - interval '1 year' AS o \
                     FROM generate_series(0, 14) g) r \
               WINDOW w AS (PARTITION BY s ORDER BY v)) h \
         WINDOW w AS (PARTITION BY s ORDER BY v)",
        zero = "00".repeat(32)
    ))
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(chain::seal(&pool, 4).await.unwrap(), 15);
    let seals = || async {
        sqlx::query_as::<_, (i64, Vec<u8>)>(
            "SELECT position, chain_hash FROM log_chain ORDER BY position",
        )
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    let sealed_before = seals().await;

    events_schema::MIGRATOR.run(&pool).await.unwrap();
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 15, 0), "{v:?}");
    assert_eq!(
        seals().await,
        sealed_before,
        "the old seals are as they were"
    );

    let store = store(&pool);
    store
        .append(
            "move-1",
            ExpectedVersion::Exact(3),
            &[status_event(MoveStatus::Finalizada)],
        )
        .await
        .unwrap();
    store
        .append(
            "move-7",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::Confirmada)],
        )
        .await
        .unwrap();
    chain::seal(&pool, 8).await.unwrap();
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 17, 0), "{v:?}");
    let formats: Vec<(String, i64, i16)> = sqlx::query_as(
        "SELECT stream_id, stream_version, hash_format FROM events \
         WHERE stream_id IN ('move-1', 'move-7') ORDER BY stream_id, stream_version",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        formats,
        [
            ("move-1".to_string(), 1, 1),
            ("move-1".to_string(), 2, 1),
            ("move-1".to_string(), 3, 1),
            ("move-1".to_string(), 4, 3),
            ("move-7".to_string(), 1, 3),
        ]
    );

    let shift = |position: i64| {
        format!("UPDATE events SET recorded_at = recorded_at - interval '30 days' WHERE position = {position}")
    };
    // Before the cut-over: the old seal never covered it (README 'Tamper evidence').
    behind_the_guard(&pool, &shift(position_of(&pool, "move-2", 2).await)).await;
    assert!(verify(&pool).await.ok);
    // After it: named.
    let x = position_of(&pool, "move-1", 4).await;
    behind_the_guard(&pool, &shift(x)).await;
    let v = verify(&pool).await;
    assert_broken(&v, x, reason::CONTENT);
    assert_eq!(v.primer_fallo.unwrap().stream_id, "move-1");
}

/// A log written in format 2 (between migrations 0016 and 0020) keeps verifying; format 3
/// appends chain on from its hashes, and a change to a format 2 event is still found there, as
/// is one rehashed in format 2 at its seal.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn format_2_events_keep_verifying_beside_format_3(pool: PgPool) {
    // As the append of 0016 wrote them: 4 streams of 3 versions, chained by `event_chain_v2`.
    sqlx::query(&format!(
        "INSERT INTO events (position, transaction_id, event_id, stream_id, stream_version, \
             event_type, schema_version, data, metadata, occurred_at, recorded_at, hash_format, \
             prev_hash, hash) \
         SELECT p, x, id, s, v, t, 1, d, m, o, now(), 2, coalesce(lag(h) OVER w, '\\x{zero}'), h \
         FROM (SELECT r.*, event_chain_v2('\\x{zero}', s, v, id, t, 1, d, m, o, now()) OVER w AS h \
               FROM (SELECT pg_current_xact_id()::text::bigint * 10000 + g AS p, \
                         pg_current_xact_id() AS x, gen_random_uuid() AS id, \
                         'move-' || g % 4 AS s, (g / 4 + 1)::bigint AS v, \
                         'move.status_changed' AS t, \
                         jsonb_build_object('from', 'pendiente', 'to', 'en curso', 'n', g * 1.5) AS d, \
                         jsonb_build_object('actor_id', 'anterior') AS m, \
                         now() - interval '1 month' AS o \
                     FROM generate_series(0, 11) g) r \
               WINDOW w AS (PARTITION BY s ORDER BY v)) h \
         WINDOW w AS (PARTITION BY s ORDER BY v)",
        zero = "00".repeat(32)
    ))
    .execute(&pool)
    .await
    .unwrap();
    let store = store(&pool);
    store
        .append(
            "move-1",
            ExpectedVersion::Exact(3),
            &[status_event(MoveStatus::Finalizada)],
        )
        .await
        .unwrap();
    store
        .append(
            "move-2",
            ExpectedVersion::Exact(3),
            &[
                status_event(MoveStatus::EnCurso),
                status_event(MoveStatus::Finalizada),
            ],
        )
        .await
        .unwrap();
    chain::seal(&pool, 5).await.unwrap();
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados, v.pendientes), (true, 15, 0), "{v:?}");
    let formats: Vec<i16> = sqlx::query_scalar(
        "SELECT hash_format FROM events WHERE stream_id = 'move-2' ORDER BY stream_version",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(formats, [2, 2, 2, 3, 3]);

    let x = position_of(&pool, "move-3", 2).await;
    behind_the_guard(
        &pool,
        &format!("UPDATE events SET recorded_at = recorded_at - interval '1 microsecond' WHERE position = {x}"),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::CONTENT);
    behind_the_guard(
        &pool,
        &format!(
            "UPDATE events SET hash = event_hash_v2(prev_hash, stream_id, stream_version, \
                 event_id, event_type, schema_version, data, metadata, occurred_at, recorded_at) \
             WHERE position = {x}"
        ),
    )
    .await;
    assert_broken(&verify(&pool).await, x, reason::SEAL);
}

/// Raw appends (golden histories, old versions) are hashed like any other.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn raw_appends_are_hashed_too(pool: PgPool) {
    let mut conn = pool.acquire().await.unwrap();
    let raw = |n: i64| RawEvent {
        event_id: Uuid::now_v7(),
        event_type: "move.created".into(),
        schema_version: 1,
        // Numbers jsonb writes its own way (1e19 as an integer, -0.0 as 0.0, 0.1 exactly).
        data: serde_json::json!({"move_id": n, "nota": "sin urgencia",
            "cifras": [0.1, 1e19, -0.0, 2.5e-8, 1e300, u64::MAX, 1.0]}),
        metadata: serde_json::json!({"correlation_id": Uuid::nil()}),
        occurred_at: Utc::now(),
    };
    EventStore::append_raw_on(
        &mut conn,
        "move-9",
        ExpectedVersion::NoStream,
        &[raw(1), raw(2)],
    )
    .await
    .unwrap();
    EventStore::append_raw_on(&mut conn, "move-9", ExpectedVersion::Exact(2), &[raw(3)])
        .await
        .unwrap();
    chain::seal(&pool, 10).await.unwrap();
    let v = verify(&pool).await;
    assert_eq!((v.ok, v.verificados), (true, 3), "{v:?}");
}
