//! `GET /api/verificar-registro` and the server's sealer (issue 7, tamper evidence): admins and
//! auditors get `LogVerification` (web/src/lib/api.ts), everyone else 401/403; a change made
//! behind the immutability guard is reported at its position; a rebuild leaves the chain alone.

use std::time::Duration;

use crate::common::{start, TestServer};
use events_schema::chain::reason;
use serde_json::Value;
use sqlx::PgPool;

const PATH: &str = "/api/verificar-registro";

/// Waits until the server's own sealer has sealed every event (nobody else seals here).
async fn sealed_by_the_server(server: &TestServer) {
    let pool = &server.state.pool;
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    loop {
        let (events, sealed): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM log_chain)",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if events > 0 && events == sealed {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the sealer sealed {sealed} of {events}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn assert_shape(body: &Value) {
    let keys: Vec<&str> = body
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(
        keys,
        ["ok", "pendientes", "primer_fallo", "success", "verificados"],
        "exactly LogVerification's fields: {body}"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn admins_and_auditors_verify_the_log_and_others_may_not(pool: PgPool) {
    let server = start(pool.clone()).await;
    sealed_by_the_server(&server).await;
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    for role in ["admin", "auditor"] {
        let (status, body) = server.login_role(role).await.get(PATH).await;
        assert_eq!(status, 200, "{role}: {body}");
        assert_shape(&body);
        assert_eq!(body["success"], true);
        assert_eq!(body["ok"], true, "{role}: {body}");
        assert_eq!(body["verificados"], events);
        assert_eq!(body["pendientes"], 0);
        assert_eq!(body["primer_fallo"], Value::Null);
    }
    let (status, body) = server.anonymous().get(PATH).await;
    assert_eq!(
        (status, body["success"].clone()),
        (401, false.into()),
        "{body}"
    );
    for role in ["empresario", "empleado", "cliente"] {
        let (status, body) = server.login_role(role).await.get(PATH).await;
        assert_eq!(status, 403, "{role}: {body}");
        assert_eq!(body["error"], "No tienes permiso para realizar esta acción");
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_changed_event_is_reported_at_its_position(pool: PgPool) {
    let server = start(pool.clone()).await;
    sealed_by_the_server(&server).await;
    let (x, stream, event_type): (i64, String, String) = sqlx::query_as(
        "SELECT position, stream_id, event_type FROM events ORDER BY position OFFSET 3 LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let mut tx = pool.begin().await.unwrap();
    sqlx::raw_sql(&format!(
        "ALTER TABLE events DISABLE TRIGGER events_no_update_delete; \
         UPDATE events SET data = data || '{{\"manipulado\": true}}' WHERE position = {x}; \
         ALTER TABLE events ENABLE TRIGGER events_no_update_delete;"
    ))
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();

    let (status, body) = server.login_role("auditor").await.get(PATH).await;
    assert_eq!(status, 200, "{body}");
    assert_shape(&body);
    assert_eq!(body["ok"], false);
    assert_eq!(
        body["verificados"], 4,
        "three intact events, then the changed one: {body}"
    );
    let broken = &body["primer_fallo"];
    assert_eq!(broken["position"], x);
    assert_eq!(broken["stream_id"], stream.as_str());
    assert_eq!(broken["event_type"], event_type.as_str());
    assert_eq!(broken["motivo"], reason::CONTENT);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_rebuild_leaves_the_log_chain_alone(pool: PgPool) {
    let server = start(pool.clone()).await;
    sealed_by_the_server(&server).await;
    let chain = || async {
        sqlx::query_as::<_, (i64, Vec<u8>)>(
            "SELECT position, chain_hash FROM log_chain ORDER BY position",
        )
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    let before = chain().await;
    for projector in projections::all() {
        projections::rebuild(&pool, projector.as_ref(), 100, |_, _| {})
            .await
            .unwrap();
    }
    assert_eq!(chain().await, before);
    let (status, body) = server.login_role("admin").await.get(PATH).await;
    assert_eq!((status, body["ok"].clone()), (200, true.into()), "{body}");
}

/// The auditor's 'state as of an instant' reads `recorded_at`: an event recorded after the
/// seal's format 2 (migration 0016) whose recording time was moved by a month behind the guard is
/// named by the check, as any other change.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_moved_recording_time_is_reported_at_its_position(pool: PgPool) {
    let server = start(pool.clone()).await;
    sealed_by_the_server(&server).await;
    let (x, stream, event_type): (i64, String, String) = sqlx::query_as(
        "SELECT position, stream_id, event_type FROM events ORDER BY position OFFSET 3 LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let mut tx = pool.begin().await.unwrap();
    sqlx::raw_sql(&format!(
        "ALTER TABLE events DISABLE TRIGGER events_no_update_delete; \
         UPDATE events SET recorded_at = recorded_at - interval '30 days' WHERE position = {x}; \
         ALTER TABLE events ENABLE TRIGGER events_no_update_delete;"
    ))
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();

    let (status, body) = server.login_role("auditor").await.get(PATH).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], false, "{body}");
    let broken = &body["primer_fallo"];
    assert_eq!(broken["position"], x);
    assert_eq!(broken["stream_id"], stream.as_str());
    assert_eq!(broken["event_type"], event_type.as_str());
    assert_eq!(broken["motivo"], reason::CONTENT);
}

/// A signature on the waybill is kept in its event (issue 21): swapping its image for another
/// is found like any other change.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_swapped_signature_image_is_reported(pool: PgPool) {
    use base64::Engine;
    use reqwest::Method;
    let server = start(pool.clone()).await;
    crate::common::projected(&server).await;
    let id = crate::common::move_of(&pool, "cliente@mudanzas.test").await;
    let crew = crate::common::crew_for(&server, id, "EMP-002").await;
    let (_, one) = crew.worker.get(&format!("/api/mudanza/{id}")).await;
    let png = base64::engine::general_purpose::STANDARD.encode(crate::common::PNG);
    let (status, signed) = crew
        .worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/firma"),
            serde_json::json!({"etapa": "entrega", "firmante": "cliente", "nombre": "Marta",
                "imagen_png": png, "sha256_albaran": one["mudanza"]["albaran_sha256"]}),
        )
        .await;
    assert_eq!(status, 200, "{signed}");
    sealed_by_the_server(&server).await;
    let x: i64 =
        sqlx::query_scalar("SELECT position FROM events WHERE event_type = 'move.waybill_signed'")
            .fetch_one(&pool)
            .await
            .unwrap();
    let forged = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG otra firma");
    let mut tx = pool.begin().await.unwrap();
    sqlx::raw_sql(&format!(
        "ALTER TABLE events DISABLE TRIGGER events_no_update_delete; \
         UPDATE events SET data = jsonb_set(data, '{{imagen_png}}', '\"{forged}\"') \
         WHERE position = {x}; \
         ALTER TABLE events ENABLE TRIGGER events_no_update_delete;"
    ))
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let (status, body) = server.login_role("auditor").await.get(PATH).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], false);
    assert_eq!(body["primer_fallo"]["position"], x);
    assert_eq!(body["primer_fallo"]["event_type"], "move.waybill_signed");
    assert_eq!(body["primer_fallo"]["motivo"], reason::CONTENT);
}
