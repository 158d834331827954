//! Issue 21 item 4: within 7 days of delivery the client claims for some objects, with photos;
//! the claim shows what the crew recorded of them at pickup and delivery; a manager answers it
//! within 15 Spanish working days, the client is told, and the auditor replays it with the move.

use events_schema::calendar::{add_working_days, today};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::{account, crew_for, move_of, projected, start, Caller, TestServer, PNG};

const CLIENT: &str = "cliente@mudanzas.test";

/// The demo client's move, carried by EMP-002, who noted damage to its first object at pickup
/// and delivered it `days_ago` days ago by the phone's clock. Answers the move and that object.
async fn delivered(server: &TestServer, pool: &PgPool, days_ago: i64) -> (i64, Value, Caller) {
    projected(server).await;
    let id = move_of(pool, CLIENT).await;
    let crew = crew_for(server, id, "EMP-002").await;
    let (_, one) = crew.worker.get(&format!("/api/mudanza/{id}")).await;
    let object = one["mudanza"]["objects"][0].clone();
    let (status, noted) = crew
        .worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/estado-objeto"),
            json!({"etapa": "recogida", "objeto_id": object["id"], "estado": "danos_previos",
                   "nota": "Esquina rozada"}),
        )
        .await;
    assert_eq!(status, 200, "{noted}");
    let at = (chrono::Utc::now() - chrono::Duration::days(days_ago)).to_rfc3339();
    let (status, finished, _) = crew
        .worker
        .send_with(
            Method::PUT,
            "/api/actualizar-estado-mudanza",
            &[
                ("Idempotency-Key", "entrega-0000-0001"),
                ("Occurred-At", &at),
            ],
            json!({"mudanza_id": id, "nuevo_estado": "finalizada"}),
        )
        .await;
    assert_eq!(status, 200, "{finished}");
    (id, object, crew.manager)
}

fn claim_form(objects: &[&str], text: &str, photos: usize) -> reqwest::multipart::Form {
    let mut form = reqwest::multipart::Form::new().text("texto", text.to_string());
    for id in objects {
        form = form.text("objetos", id.to_string());
    }
    for n in 0..photos {
        form = form.part(
            "fotos",
            reqwest::multipart::Part::bytes(PNG.to_vec())
                .file_name(format!("dano-{n}.png"))
                .mime_str("image/png")
                .unwrap(),
        );
    }
    form
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_client_claims_within_seven_days_and_a_manager_answers_in_fifteen_working_days(
    pool: PgPool,
) {
    let server = start(pool.clone()).await;
    let (id, object, manager) = delivered(&server, &pool, 0).await;
    let object_id = object["id"].as_str().unwrap();
    let client = server.login(&account("cliente")).await;
    // She asked to be told by email.
    let (status, profile) = client
        .send(
            Method::PUT,
            "/api/mi-perfil",
            json!({"nombre": "Marta", "apellido": "Sánchez", "telefono": "612 345 678",
                   "email_alerts": true, "sms_alerts": false, "marketing": false}),
        )
        .await;
    assert_eq!(status, 200, "{profile}");
    let path = format!("/api/mi-mudanza/{id}/reclamacion");

    let (status, page) = client.get(&path).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["puede_reclamar"], true);
    assert_eq!(page["reclamacion"], Value::Null);
    let last_day = today() + chrono::Days::new(7);
    assert_eq!(page["ultimo_dia_para_reclamar"], json!(last_day));

    let (status, refused) = client
        .send_form(&path, claim_form(&[object_id], " ", 0))
        .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"], command::claims::TEXT_REQUIRED);
    let (status, opened) = client
        .send_form(
            &path,
            claim_form(&[object_id], "Llegó con la pata rota.", 2),
        )
        .await;
    assert_eq!(status, 200, "{opened}");
    let claim = &opened["reclamacion"];
    assert_eq!(claim["estado"], "abierta");
    assert_eq!(opened["puede_reclamar"], false);
    let due = add_working_days(today(), 15);
    assert_eq!(claim["plazo_respuesta"], json!(due));
    assert_eq!(claim["plazo"]["fecha"], json!(due));
    assert_eq!(claim["plazo"]["vencido"], false);
    // Side by side: what the crew noted of that object at pickup, nothing at delivery.
    let records = &claim["registros"][0];
    assert_eq!(records["objeto"]["id"], object_id);
    assert_eq!(records["recogida"]["notas"][0]["nota"], "Esquina rozada");
    assert_eq!(records["entrega"]["notas"], json!([]));
    let photos = claim["fotos"].as_array().unwrap();
    assert_eq!(photos.len(), 2);
    let (status, content_type, bytes) = client.get_bytes(photos[0]["url"].as_str().unwrap()).await;
    assert_eq!((status, content_type.as_str()), (200, "image/png"));
    assert_eq!(bytes, PNG);
    let pablo = server
        .login(&crate::common::account_by_login("pablo@mudanzas.test"))
        .await;
    assert_eq!(
        pablo.get_bytes(photos[0]["url"].as_str().unwrap()).await.0,
        404
    );
    server
        .emailed(
            CLIENT,
            &format!("Hemos recibido tu reclamación de la mudanza nº {id}"),
        )
        .await;

    // One claim per move, even when sent twice at once.
    let (first, second) = tokio::join!(
        client.send_form(&path, claim_form(&[object_id], "Otra vez", 0)),
        client.send_form(&path, claim_form(&[object_id], "Y otra", 0)),
    );
    assert_eq!((first.0, second.0), (409, 409), "{first:?} {second:?}");

    // The managers' list, by deadline.
    let (status, list) = manager.get("/api/reclamaciones").await;
    assert_eq!(status, 200, "{list}");
    let listed = &list["reclamaciones"][0];
    assert_eq!(listed["move_id"], id);
    assert_eq!(listed["plazo"]["aviso"], false);
    assert_eq!(listed["plazo"]["dias_habiles_restantes"], 15);

    let answer = format!("/api/reclamaciones/{id}/respuesta");
    let (status, refused) = manager
        .send(
            Method::POST,
            &answer,
            json!({"resolucion": "parcial", "importe_cents": 4000}),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"], command::claims::REASON_REQUIRED);
    // Two managers answer at once: one answer is stored.
    let partly = json!({"resolucion": "parcial", "importe_cents": 4000,
                        "motivo": "La esquina ya estaba rozada en la recogida."});
    let other_manager = server.login_role("empresario").await;
    let (a, b) = tokio::join!(
        manager.send(Method::POST, &answer, partly.clone()),
        other_manager.send(Method::POST, &answer, partly.clone()),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    let answers: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE stream_id = $1 AND event_type = 'claim.answered'",
    )
    .bind(format!("claim-{id}"))
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(answers, 1);

    let (status, page) = client.get(&path).await;
    assert_eq!(status, 200);
    let reply = &page["reclamacion"]["respuesta"];
    assert_eq!(reply["resolucion"], "parcial");
    assert_eq!(reply["importe"], 40.0);
    assert_eq!(page["reclamacion"]["estado"], "respondida");
    let told = server
        .emailed(
            CLIENT,
            &format!("Respuesta a tu reclamación de la mudanza nº {id}"),
        )
        .await;
    assert!(told.contains("te abonaremos 40,00 €"), "{told}");
    assert!(told.contains("ya estaba rozada"), "{told}");

    // The auditor replays the claim with its move.
    let auditor = server.login_role("auditor").await;
    let (status, history) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    assert_eq!(status, 200);
    let claim_events: Vec<(&str, &str)> = history["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["flujo"] == format!("claim-{id}"))
        .map(|e| (e["tipo"].as_str().unwrap(), e["etiqueta"].as_str().unwrap()))
        .collect();
    assert_eq!(
        claim_events,
        [
            ("claim.opened", "Reclamación abierta por el cliente"),
            ("claim.answered", "Reclamación respondida"),
        ]
    );
    let (status, one) = auditor.get(&format!("/api/reclamaciones/{id}")).await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["reclamacion"]["respuesta"]["resolucion"], "parcial");
    assert_eq!(auditor.send(Method::POST, &answer, partly).await.0, 403);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_claim_after_the_seventh_day_or_before_delivery_is_refused(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, object, _) = delivered(&server, &pool, 8).await;
    let client = server.login(&account("cliente")).await;
    let path = format!("/api/mi-mudanza/{id}/reclamacion");
    let (status, page) = client.get(&path).await;
    assert_eq!(status, 200);
    assert_eq!(page["puede_reclamar"], false);
    let (status, refused) = client
        .send_form(
            &path,
            claim_form(&[object["id"].as_str().unwrap()], "Tarde", 1),
        )
        .await;
    assert_eq!(status, 409, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("El plazo para reclamar terminó el"),
        "{refused}"
    );
    // The refused claim's photo was not kept.
    let kept = std::fs::read_dir(
        server
            .state
            .config
            .data_dir
            .join("reclamaciones")
            .join(id.to_string()),
    )
    .map(|d| d.count())
    .unwrap_or(0);
    assert_eq!(kept, 0);

    // Another of her moves, not delivered.
    let other: i64 = sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE cliente_email = $1 AND estado <> 'finalizada' \
         AND id <> $2 ORDER BY id LIMIT 1",
    )
    .bind(CLIENT)
    .bind(id)
    .fetch_one(&pool)
    .await
    .unwrap();
    let (status, refused) = client
        .send_form(
            &format!("/api/mi-mudanza/{other}/reclamacion"),
            claim_form(&["cualquiera"], "Aún no ha llegado", 0),
        )
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["error"], command::claims::NOT_DELIVERED);
}
