//! Issue 17 item 8: no event can wedge a projection. An event a projector cannot apply is
//! recorded, listed in /admin and /readyz, and skipped; the events after it, the other
//! projectors and the live feed go on; a rebuild skips it the same way and ends where live
//! projection is. And a text as long as the one that once broke the moves projection (a
//! 12,000-character email) is projected like any other, and refused by the commands.

use crate::common::{in_days, projected, start, wizard, TestServer};
use chrono::Utc;
use events_schema::events::{move_stream, Event, Person};
use events_schema::{EventStore, ExpectedVersion, Metadata, NewEvent, RawEvent};
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

/// Appends, straight into the log, an event no projector can decode: what a bug in an older
/// version or a hand-made row could leave there.
async fn append_undecodable(server: &TestServer, move_id: i64) -> i64 {
    let mut conn = server.state.pool.acquire().await.unwrap();
    let raw = RawEvent {
        event_id: Uuid::now_v7(),
        event_type: "move.created".into(),
        schema_version: 2,
        data: json!({ "move_id": move_id, "cliente": "not a person" }),
        metadata: serde_json::to_value(Metadata::system("test")).unwrap(),
        occurred_at: Utc::now(),
    };
    let appended = EventStore::append_raw_on(
        &mut conn,
        &move_stream(move_id),
        ExpectedVersion::NoStream,
        &[raw],
    )
    .await
    .unwrap();
    server.state.store.hint(appended.last_position);
    appended.last_position
}

async fn readyz(server: &TestServer) -> (u16, Value) {
    let response = server
        .http
        .get(format!("{}/readyz", server.base))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn wait_projected(server: &TestServer) {
    let head = server.state.store.max_position().await.unwrap();
    assert!(
        server
            .state
            .projections
            .wait_for(head, std::time::Duration::from_secs(20))
            .await,
        "the projectors did not get past position {head}"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_event_no_projector_can_apply_is_listed_and_skipped(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let mut feed = manager.live(None).await.unwrap();

    let poison = append_undecodable(&server, 900_001).await;
    // A move created after it, through the API, reaches the read model and the live feed.
    let (status, body) = manager
        .send(
            reqwest::Method::POST,
            "/api/crear-mudanza",
            wizard(in_days(12)),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let id = body["mudanza_id"].as_i64().unwrap();
    assert_eq!(body["mudanza"]["id"], id, "the answer reads its own write");
    let frame = feed
        .next_about(id)
        .await
        .expect("a live frame after the poison");
    assert_eq!(frame["type"], "change");
    wait_projected(&server).await;

    // Every projector that reads move events skipped it and recorded where and why.
    let listed: Vec<(String, i64, String)> = sqlx::query_as(
        "SELECT projection, position, event_type FROM projection_poison ORDER BY projection",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(
        listed.contains(&("moves".into(), poison, "move.created".into())),
        "{listed:?}"
    );
    assert!(listed.iter().all(|(_, p, _)| *p == poison), "{listed:?}");
    // The notifier keeps its checkpoint there too, and goes at its own pace (it sends mail):
    // every follower gets past the poison in time.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let checkpoints: Vec<i64> =
            sqlx::query_scalar("SELECT position FROM projection_checkpoints")
                .fetch_all(&pool)
                .await
                .unwrap();
        if checkpoints.iter().all(|c| *c > poison) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "a follower stayed at the poison: {checkpoints:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    // /readyz stays ready (the projectors keep up) and says which event was skipped, not why.
    let (status, body) = readyz(&server).await;
    assert_eq!(status, 200, "{body}");
    let skipped = &body["checks"]["poison_events"];
    assert_eq!(skipped["ok"], false, "{body}");
    assert!(skipped["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["projection"] == "moves" && e["position"] == poison));
    assert!(!body.to_string().contains("not a person"));

    // /admin lists it with its error.
    let admin = server.login_role("admin").await;
    let (status, body) = admin.get("/api/admin/proyecciones").await;
    assert_eq!(status, 200, "{body}");
    let entry = body["eventos_no_aplicados"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["proyeccion"] == "moves")
        .cloned()
        .unwrap_or_else(|| panic!("{body}"));
    assert_eq!(entry["posicion"], poison);
    assert_eq!(entry["tipo"], "move.created");
    assert_eq!(entry["flujo"], move_stream(900_001));
    assert!(!entry["error"].as_str().unwrap().is_empty());

    // A rebuild skips it the same way and leaves exactly what live projection left.
    for projector in projections::all() {
        let live = projections::dump_tables(&pool, projector.tables())
            .await
            .unwrap();
        projections::rebuild(&pool, projector.as_ref(), 500, |_, _| {})
            .await
            .unwrap_or_else(|e| panic!("rebuilding {}: {e}", projector.name()));
        let rebuilt = projections::dump_tables(&pool, projector.tables())
            .await
            .unwrap();
        assert!(
            live == rebuilt,
            "{} rebuilt differs from live",
            projector.name()
        );
    }
    let after: Vec<(String, i64, String)> = sqlx::query_as(
        "SELECT projection, position, event_type FROM projection_poison ORDER BY projection",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(after, listed, "a rebuild records the same skipped events");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_12000_character_email_in_the_log_is_projected_and_refused_by_the_commands(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    // Random letters: a repeated one would compress and fit in an index after all.
    let local: String = (0..375)
        .map(|_| Uuid::new_v4().simple().to_string())
        .collect();
    let long_email = format!("{local}@example.es");

    // Through the API: refused, naming the field, and nothing stored.
    let manager = server.login_role("empresario").await;
    let mut body = wizard(in_days(12));
    body["cliente_email"] = json!(long_email);
    let events_before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (status, answer) = manager
        .send(reqwest::Method::POST, "/api/crear-mudanza", body)
        .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"], command::moves::CLIENT_EMAIL_INVALID);
    let events_after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(events_before, events_after);

    // Already in the log (as an older version could have stored it): the read models index no
    // unbounded text, so it is projected like any other move, and the moves after it too.
    let created = command::demo::demo_move(
        900_002,
        Person {
            nombre: "Ana".into(),
            telefono: "612 345 678".into(),
            email: long_email.clone(),
        },
        in_days(12),
        0,
    );
    let appended = server
        .state
        .store
        .append(
            &move_stream(900_002),
            ExpectedVersion::NoStream,
            &[NewEvent::new(
                Event::MoveCreated(created),
                Metadata::system("test"),
            )],
        )
        .await
        .unwrap();
    let (status, answer) = manager
        .send(
            reqwest::Method::POST,
            "/api/crear-mudanza",
            wizard(in_days(12)),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    wait_projected(&server).await;
    let stored: String =
        sqlx::query_scalar("SELECT cliente_email FROM move_client_view WHERE id = 900002")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, long_email);
    let poison: i64 = sqlx::query_scalar("SELECT count(*) FROM projection_poison")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(poison, 0, "nothing skipped at {}", appended.last_position);
    let (status, body) = readyz(&server).await;
    assert_eq!(status, 200, "{body}");
}
