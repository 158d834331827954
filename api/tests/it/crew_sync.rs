//! Issue 21: the crew's phone queues changes offline and sends them when the signal returns,
//! each with its key and device time. Each is applied once, however often it is sent and
//! however many copies race; its device time is the event's `occurred_at`; a change the move no
//! longer allows (cancelled meanwhile) is refused with the reason.

use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::{crew_for, move_of, projected, start, Caller, TestServer, PNG};

/// The demo client's move, assigned to EMP-002 and confirmed; that worker's session and the
/// manager's.
async fn crew_move(server: &TestServer, pool: &PgPool) -> (i64, Caller, Caller) {
    projected(server).await;
    let id = move_of(pool, "cliente@mudanzas.test").await;
    let crew = crew_for(server, id, "EMP-002").await;
    (id, crew.worker, crew.manager)
}

/// The move's events after `after`: (type, occurred_at as RFC 3339 UTC millis, key).
async fn events_since(pool: &PgPool, id: i64, after: i64) -> Vec<(String, String, Option<String>)> {
    sqlx::query_as(
        "SELECT event_type, to_char(occurred_at AT TIME ZONE 'UTC', \
                'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), metadata->>'idempotency_key' \
         FROM events WHERE stream_id = $1 AND position > $2 ORDER BY position",
    )
    .bind(format!("move-{id}"))
    .bind(after)
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn head(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT coalesce(max(position), 0) FROM events")
        .fetch_one(pool)
        .await
        .unwrap()
}

fn minutes_ago(n: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::minutes(n))
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_queued_change_sent_again_is_applied_once_with_its_device_time(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, worker, _) = crew_move(&server, &pool).await;
    let before = head(&pool).await;
    let left_at = minutes_ago(40);
    let headers = [
        ("Idempotency-Key", "0d4b8a0e-1c2f-4e3a-9b7d-5f6e7a8b9c01"),
        ("Occurred-At", left_at.as_str()),
    ];
    let path = format!("/api/mudanza/{id}/hito");
    let (status, first, first_headers) = worker
        .send_with(Method::POST, &path, &headers, json!({"hito": "en_camino"}))
        .await;
    assert_eq!(status, 200, "{first}");
    assert!(first_headers.get("idempotent-replayed").is_none());
    // The answer was lost: the phone sends it again, and again.
    for _ in 0..2 {
        let (status, again, again_headers) = worker
            .send_with(Method::POST, &path, &headers, json!({"hito": "en_camino"}))
            .await;
        assert_eq!(status, 200, "{again}");
        assert_eq!(again_headers["idempotent-replayed"], "true");
        assert_eq!(again["position"], first["position"]);
        assert_eq!(again["mudanza"]["estado"], "en curso");
    }
    let stored = events_since(&pool, id, before).await;
    assert_eq!(
        stored,
        vec![
            (
                "move.status_changed".to_string(),
                left_at.clone(),
                Some(headers[0].1.to_string())
            ),
            (
                "move.crew_milestone_recorded".to_string(),
                left_at.clone(),
                Some(headers[0].1.to_string())
            ),
        ],
        "one start and one milestone, at the phone's time"
    );
    // The log's own time is the server's: later than the device's.
    let recorded: chrono::DateTime<chrono::Utc> = sqlx::query_scalar(
        "SELECT recorded_at FROM events WHERE stream_id = $1 ORDER BY position DESC LIMIT 1",
    )
    .bind(format!("move-{id}"))
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(recorded > chrono::Utc::now() - chrono::Duration::minutes(5));

    // The same key for another move is a mistake, not a replay.
    let other = sqlx::query_scalar::<_, i64>(
        "SELECT id FROM move_staff_view WHERE id <> $1 ORDER BY id LIMIT 1",
    )
    .bind(id)
    .fetch_one(&pool)
    .await
    .unwrap();
    let (status, body, _) = worker
        .send_with(
            Method::POST,
            &format!("/api/mudanza/{other}/hito"),
            &headers,
            json!({"hito": "en_camino"}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["error"], api::device::KEY_REUSED);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn copies_of_one_change_racing_each_other_store_it_once(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, worker, _) = crew_move(&server, &pool).await;
    let before = head(&pool).await;
    let at = minutes_ago(3);
    let sends = (0..8).map(|_| {
        let worker = worker.clone();
        let at = at.clone();
        async move {
            worker
                .send_with(
                    Method::PUT,
                    "/api/actualizar-estado-mudanza",
                    &[
                        ("Idempotency-Key", "carrera-de-copias-0001"),
                        ("Occurred-At", at.as_str()),
                    ],
                    json!({"mudanza_id": id, "nuevo_estado": "en curso"}),
                )
                .await
        }
    });
    let answers = futures::future::join_all(sends).await;
    for (status, body, _) in &answers {
        assert_eq!(*status, 200, "{body}");
        assert_eq!(body["mudanza"]["estado"], "en curso");
    }
    let stored = events_since(&pool, id, before).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(stored[0].0, "move.status_changed");
    assert_eq!(stored[0].1, at);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_photo_sent_again_is_stored_once_and_answered_alike(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, worker, _) = crew_move(&server, &pool).await;
    let before = head(&pool).await;
    let taken_at = minutes_ago(15);
    let headers = [
        ("Idempotency-Key", "foto-sin-cobertura-0001"),
        ("Occurred-At", taken_at.as_str()),
    ];
    let (status, first, _) = worker.upload_photo_with(id, &headers, PNG.to_vec()).await;
    assert_eq!(status, 200, "{first}");
    let (status, again, again_headers) = worker.upload_photo_with(id, &headers, PNG.to_vec()).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again_headers["idempotent-replayed"], "true");
    assert_eq!(again["foto"]["id"], first["foto"]["id"]);
    assert_eq!(again["foto"]["url"], first["foto"]["url"]);
    let stored = events_since(&pool, id, before).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(stored[0].0, "move.photo_added");
    assert_eq!(stored[0].1, taken_at);
    let folder = server
        .state
        .config
        .data_dir
        .join("fotos")
        .join(id.to_string());
    let files: Vec<_> = std::fs::read_dir(folder).unwrap().collect();
    assert_eq!(files.len(), 1, "one file: {files:?}");
    let (status, _, bytes) = worker
        .get_bytes(first["foto"]["url"].as_str().unwrap())
        .await;
    assert_eq!((status, bytes.as_slice()), (200, PNG));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_change_queued_before_the_move_was_cancelled_is_refused_with_the_reason(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, worker, manager) = crew_move(&server, &pool).await;
    // Offline, the crew left for the origin; meanwhile the office cancelled the move.
    assert_eq!(manager.set_status(id, "cancelada").await.0, 200);
    let before = head(&pool).await;
    let at = minutes_ago(10);
    let (status, body, _) = worker
        .send_with(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            &[
                ("Idempotency-Key", "cancelada-entretanto-01"),
                ("Occurred-At", at.as_str()),
            ],
            json!({"hito": "en_camino"}),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"], command::moves::MOVE_CANCELLED);
    let (status, body, _) = worker
        .upload_photo_with(
            id,
            &[("Idempotency-Key", "cancelada-foto-0001")],
            PNG.to_vec(),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(events_since(&pool, id, before).await.is_empty());
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn bad_keys_and_device_times_are_refused_naming_the_header(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, worker, _) = crew_move(&server, &pool).await;
    let before = head(&pool).await;
    let month_ago = minutes_ago(60 * 24 * 31);
    let cases: [(&str, &str, &str); 5] = [
        ("Idempotency-Key", "corta", "Idempotency-Key"),
        (
            "Idempotency-Key",
            "clave con espacios y más",
            "Idempotency-Key",
        ),
        ("Occurred-At", "ayer por la tarde", "Occurred-At"),
        ("Occurred-At", month_ago.as_str(), "Occurred-At"),
        ("Occurred-At", "2026-13-45T99:00:00Z", "Occurred-At"),
    ];
    for (name, value, field) in cases {
        let (status, body, _) = worker
            .send_with(
                Method::POST,
                &format!("/api/mudanza/{id}/hito"),
                &[(name, value)],
                json!({"hito": "en_camino"}),
            )
            .await;
        assert_eq!(status, 400, "{name}: {value}: {body}");
        assert_eq!(body["field"], field);
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    // A clock ahead of the server's: recorded at the server's time, not in the future.
    let ahead = (chrono::Utc::now() + chrono::Duration::hours(3)).to_rfc3339();
    let (status, body, _) = worker
        .send_with(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            &[("Occurred-At", ahead.as_str())],
            json!({"hito": "en_camino"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let latest: Value = sqlx::query_scalar(
        "SELECT to_jsonb(occurred_at <= now()) FROM events WHERE position > $1 \
         ORDER BY position DESC LIMIT 1",
    )
    .bind(before)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(latest, json!(true));
}
