//! Operations: the request id in responses and in the events' metadata, /healthz and /readyz,
//! and /metrics.

use std::time::Duration;

use crate::common::{
    account, in_days, move_of, projected, start, start_configured, Caller, TestServer,
};
use reqwest::header::{AUTHORIZATION, COOKIE};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const RID: &str = "x-request-id";

/// Sends with the caller's session and, when given, our own request id; returns the answer's
/// status, its `x-request-id` and its body.
async fn send_with_id(
    caller: &Caller,
    method: Method,
    path: &str,
    body: Value,
    request_id: Option<&str>,
) -> (u16, String, Value) {
    let mut request = caller
        .http
        .request(method, format!("{}{path}", caller.base))
        .json(&body);
    if let Some(cookie) = &caller.cookie {
        request = request.header(COOKIE, cookie);
    }
    if let Some(id) = request_id {
        request = request.header(RID, id);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let id = response
        .headers()
        .get(RID)
        .expect("every answer carries x-request-id")
        .to_str()
        .unwrap()
        .to_string();
    (status, id, response.json().await.unwrap_or(Value::Null))
}

/// The request ids in the metadata of the events at the end of a stream, newest first.
async fn request_ids(pool: &PgPool, stream: &str) -> Vec<Option<String>> {
    sqlx::query_scalar(
        "SELECT metadata->>'request_id' FROM events WHERE stream_id = $1 ORDER BY position DESC",
    )
    .bind(stream)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_status_change_records_its_request_id_in_the_event(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await;
    let stream = format!("move-{id}");
    let worker = server.login_role("empleado").await;
    let change = |status: &str| json!({"mudanza_id": id, "nuevo_estado": status});

    let (status, answered, body) = send_with_id(
        &worker,
        Method::PUT,
        "/api/actualizar-estado-mudanza",
        change("en curso"),
        Some("test-123"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(answered, "test-123", "the caller's id comes back");
    assert_eq!(
        request_ids(&pool, &stream).await[0].as_deref(),
        Some("test-123")
    );

    // Without one, the server makes one up, answers with it and records it.
    let (status, generated, body) = send_with_id(
        &worker,
        Method::PUT,
        "/api/actualizar-estado-mudanza",
        change("finalizada"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        uuid::Uuid::parse_str(&generated).is_ok(),
        "a generated id: {generated}"
    );
    let ids = request_ids(&pool, &stream).await;
    assert_eq!(ids[0].as_deref(), Some(generated.as_str()));
    assert_eq!(ids[1].as_deref(), Some("test-123"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn every_append_path_records_the_request_id(pool: PgPool) {
    let server = start(pool.clone()).await;
    // An anonymous quote request: appended in its own transaction with its email.
    let quote = json!({
        "contact": {"name": "Pablo Gil", "email": "pablo@correo.es", "phone": "+34 698 765 432",
                    "preferredContact": "whatsapp"},
        "moveDetails": {
            "origin": {"address": "Calle de Atocha 30, 28012 Madrid", "propertyType": "apartment_2_room",
                       "access": "little_access", "floor": "third", "elevator": true},
            "destination": {"address": "Calle Mayor 2, 28801 Alcalá de Henares",
                            "propertyType": "house_2_rooms", "access": "normal", "floor": "ground",
                            "elevator": false},
            "objects": [{"id": "sofa-3-plazas", "quantity": 1}],
            "services": {"dismount": false, "dismountQuantity": 0, "packaging": false,
                         "packagingQuantity": 0, "bestPackaging": false, "cleaning": false,
                         "fragile": false, "longStairs": false},
            "schedule": {"preferredDate": in_days(20), "alternativeDate": null,
                         "flexibleDates": true, "timePreference": "morning"},
            "distance": 34.2, "duration": 41, "instructions": "", "offerPack": null,
            "estimatedPrice": 1.0
        }
    });
    let (status, _, body) = send_with_id(
        &server.anonymous(),
        Method::POST,
        "/api/submit-quote-request",
        quote,
        Some("quote-req-1"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let quote_id = body["quote_id"].as_str().unwrap().to_string();
    let stream = format!("quote-{quote_id}");
    assert_eq!(
        request_ids(&pool, &stream).await,
        vec![Some("quote-req-1".to_string())]
    );

    // A manager's discard: a decision appended through the several-streams path.
    let manager = server.login_role("empresario").await;
    let (status, _, body) = send_with_id(
        &manager,
        Method::POST,
        &format!("/api/presupuestos/{quote_id}/descartar"),
        json!({}),
        Some("discard-req-2"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        request_ids(&pool, &stream).await[0].as_deref(),
        Some("discard-req-2")
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_unacceptable_request_id_is_replaced(pool: PgPool) {
    let server = start(pool).await;
    for bad in ["a b", &"x".repeat(65), "<script>"] {
        let (status, id, _) = send_with_id(
            &server.anonymous(),
            Method::GET,
            "/healthz",
            Value::Null,
            Some(bad),
        )
        .await;
        assert_eq!(status, 200);
        assert_ne!(id, bad);
        assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
    }
}

async fn readyz(server: &TestServer) -> (u16, Value) {
    let response = server
        .http
        .get(format!("{}/readyz", server.base))
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.json().await.unwrap_or(Value::Null),
    )
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn healthz_and_readyz_when_all_is_well(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let (status, _) = server.anonymous().get("/healthz").await;
    assert_eq!(status, 200);

    let (status, body) = readyz(&server).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ready"], true);
    assert_eq!(body["checks"]["database"]["ok"], true);
    assert_eq!(body["checks"]["migrations"]["missing"], json!([]));
    let projectors = body["checks"]["projectors"].as_array().unwrap();
    assert_eq!(projectors.len(), projections::all().len());
    assert!(projectors
        .iter()
        .all(|p| p["ok"] == true && p["running"] == true));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn readyz_names_a_projector_far_behind(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    // The projectors are up to date; make the oldest event past one checkpoint look a minute
    // old by moving that checkpoint back to before an event recorded a minute ago.
    sqlx::query("ALTER TABLE events DISABLE TRIGGER USER")
        .execute(&pool)
        .await
        .unwrap();
    let first: i64 = sqlx::query_scalar("SELECT min(position) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    sqlx::query("UPDATE events SET recorded_at = now() - interval '1 minute' WHERE position = $1")
        .bind(first)
        .execute(&pool)
        .await
        .unwrap();
    // Another server's projector holding the advisory lock would keep this one from moving:
    // take the lock, then rewind the checkpoint, so this projector cannot catch up meanwhile.
    let mut lock = pool.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock(1, hashtext('analytics'))")
        .execute(&mut *lock)
        .await
        .unwrap();
    let caught_up: i64 =
        sqlx::query_scalar("SELECT position FROM projection_checkpoints WHERE name = 'analytics'")
            .fetch_one(&pool)
            .await
            .unwrap();
    sqlx::query("UPDATE projection_checkpoints SET position = 0 WHERE name = 'analytics'")
        .execute(&pool)
        .await
        .unwrap();

    let (status, body) = readyz(&server).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["ready"], false);
    assert_eq!(body["not_ready"], json!(["projector:analytics"]));
    assert!(body["error"].as_str().unwrap().contains("analytics"));
    let analytics = body["checks"]["projectors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "analytics")
        .unwrap()
        .clone();
    assert_eq!(analytics["running"], true, "running, but far behind");
    assert!(analytics["delay_seconds"].as_f64().unwrap() >= 59.0);

    // Back where it was, so that it does not apply its events twice.
    sqlx::query("UPDATE projection_checkpoints SET position = $1 WHERE name = 'analytics'")
        .bind(caught_up)
        .execute(&pool)
        .await
        .unwrap();
    lock.rollback().await.unwrap();
    let (status, body) = readyz(&server).await;
    assert_eq!(status, 200, "{body}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn readyz_is_503_without_a_database_and_healthz_stays_up(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    // `close` marks the pool closed at once; waiting for it would wait on the connections the
    // projectors and the live feed hold.
    let _ = tokio::time::timeout(Duration::from_millis(200), pool.close()).await;

    let started = std::time::Instant::now();
    let (status, body) = readyz(&server).await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answers quickly"
    );
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["success"], false);
    assert_eq!(body["not_ready"], json!(["database"]));
    assert_eq!(body["checks"]["database"]["ok"], false);
    assert!(body["error"].as_str().unwrap().contains("database"));

    let (status, _) = server.anonymous().get("/healthz").await;
    assert_eq!(status, 200, "liveness does not depend on the database");
}

async fn scrape(server: &TestServer, token: Option<&str>) -> (u16, String) {
    let mut request = server.http.get(format!("{}/metrics", server.base));
    if let Some(token) = token {
        request = request.header(AUTHORIZATION, format!("Bearer {token}"));
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// The value of the one sample line that starts with `prefix` (name and labels).
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn metrics_show_latencies_events_lag_and_websockets(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await;
    let manager = server.login_role("empresario").await;
    let (status, _) = manager.get(&format!("/api/mudanza/{id}")).await;
    assert_eq!(status, 200);
    let worker = server.login_role("empleado").await;
    let (status, _) = worker.set_status(id, "en curso").await;
    assert_eq!(status, 200);
    let feed = manager.live(None).await.unwrap();

    let (status, text) = scrape(&server, None).await;
    assert_eq!(status, 200);
    // Latency by route template, never by the path with its id.
    let by_template = r#"http_request_duration_seconds_count{method="GET",route="/api/mudanza/{id}",status="2xx"}"#;
    assert_eq!(sample(&text, by_template), Some(1.0), "{text}");
    assert!(text.contains("http_request_duration_seconds_bucket{"));
    assert!(!text.contains(&format!("/api/mudanza/{id}\"")));
    // The status change, counted by type (on top of the seeded history).
    let changed: f64 = sqlx::query_scalar::<_, i64>(
        "SELECT count(*) FROM events WHERE event_type = 'move.status_changed'",
    )
    .fetch_one(&pool)
    .await
    .unwrap() as f64;
    assert!(changed >= 1.0);
    assert_eq!(
        sample(
            &text,
            "mudanzas_events_appended_total{event_type=\"move.status_changed\"}"
        ),
        Some(changed),
        "{text}"
    );
    for projector in projections::all() {
        let line = format!(
            "mudanzas_projection_lag_events{{projector=\"{}\"}}",
            projector.name()
        );
        assert!(sample(&text, &line).is_some(), "{line} in {text}");
    }
    assert_eq!(sample(&text, "mudanzas_websocket_connections "), Some(1.0));
    assert_eq!(sample(&text, "mudanzas_database_up "), Some(1.0));

    feed.close().await;
    let mut closed = None;
    for _ in 0..50 {
        let (_, text) = scrape(&server, None).await;
        closed = sample(&text, "mudanzas_websocket_connections ");
        if closed == Some(0.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        closed,
        Some(0.0),
        "the gauge goes down when the socket closes"
    );

    // Counting again adds only what is new.
    let (status, _) = worker.set_status(id, "finalizada").await;
    assert_eq!(status, 200);
    let (_, text) = scrape(&server, None).await;
    assert_eq!(
        sample(
            &text,
            "mudanzas_events_appended_total{event_type=\"move.status_changed\"}"
        ),
        Some(changed + 1.0)
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn metrics_require_the_token_when_one_is_set(pool: PgPool) {
    let server = start_configured(pool, Default::default(), None, |c| {
        c.metrics_token = Some("s3creto".into());
    })
    .await;
    assert_eq!(scrape(&server, None).await.0, 401);
    assert_eq!(scrape(&server, Some("otro")).await.0, 401);
    let (status, text) = scrape(&server, Some("s3creto")).await;
    assert_eq!(status, 200);
    assert!(text.contains("mudanzas_websocket_connections"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn metrics_are_not_served_in_production_without_a_token(pool: PgPool) {
    let server = start_configured(pool, Default::default(), None, |c| {
        c.development = false;
    })
    .await;
    assert_eq!(scrape(&server, None).await.0, 404);
}
