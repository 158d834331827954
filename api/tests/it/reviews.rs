//! Reviews against a real server (issue 20 item 5): only a finished move's client rates it, once;
//! it waits for a manager, who publishes or hides it with a reason; /opiniones and the company's
//! satisfaction are computed from the published ones.

use crate::common;

use crate::common::{in_days, projected, start, wizard, Caller, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";

/// A move created by a manager for this client's email; returns its id.
async fn move_for(manager: &Caller, email: &str) -> i64 {
    let mut body = wizard(in_days(10));
    body["cliente_email"] = json!(email);
    body["contacto_email"] = json!(email);
    let (status, answer) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{answer}");
    answer["mudanza_id"].as_i64().unwrap()
}

async fn finish(manager: &Caller, id: i64) {
    for status in ["confirmada", "en curso", "finalizada"] {
        let (code, answer) = manager.set_status(id, status).await;
        assert_eq!(code, 200, "{status}: {answer}");
    }
}

fn review(rating: u8, titulo: &str, texto: &str) -> Value {
    json!({"rating": rating, "titulo": titulo, "texto": texto, "recomendaria": true})
}

async fn rate(client: &Caller, id: i64, body: Value) -> (u16, Value) {
    client
        .send(Method::POST, &format!("/api/mudanza/{id}/opinion"), body)
        .await
}

async fn published(server: &TestServer) -> Value {
    let (status, answer) = server.anonymous().get("/api/opiniones").await;
    assert_eq!(status, 200, "{answer}");
    answer
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect()
}

/// The figures /opiniones must show, computed here from the published list itself.
fn figures_of(list: &Value) -> (u64, f64, f64, f64) {
    let list = list.as_array().unwrap();
    let n = list.len() as f64;
    let stars: u64 = list.iter().map(|r| r["rating"].as_u64().unwrap()).sum();
    let five = list.iter().filter(|r| r["rating"] == 5).count() as f64;
    let recommend = list.iter().filter(|r| r["recomendaria"] == true).count() as f64;
    let round = |x: f64, places: i32| {
        let f = 10f64.powi(places);
        (x * f).round() / f
    };
    (
        list.len() as u64,
        round(stars as f64 / n, 2),
        round(100.0 * five / n, 1),
        round(100.0 * recommend / n, 1),
    )
}

fn assert_stats_match(answer: &Value) {
    let (total, media, five, recommend) = figures_of(&answer["opiniones"]);
    let stats = &answer["estadisticas"];
    assert_eq!(stats["total"].as_u64(), Some(total), "{stats}");
    assert_eq!(stats["media"].as_f64(), Some(media), "{stats}");
    assert_eq!(stats["cinco_estrellas"].as_f64(), Some(five), "{stats}");
    assert_eq!(stats["recomiendan"].as_f64(), Some(recommend), "{stats}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_finished_moves_client_rates_it_once_and_a_manager_publishes_or_hides_it(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;

    // The seed's eight testimonials are published, imported, not verified.
    let before = published(&server).await;
    assert_eq!(before["opiniones"].as_array().unwrap().len(), 8);
    assert!(before["opiniones"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["verified"] == false));
    assert_stats_match(&before);

    let email = "lucia.resenas@example.com";
    let lucia = server.confirmed_client(email, PASSWORD).await;
    let id = move_for(&manager, email).await;

    // Not finished: nothing to rate yet, and nothing is invited.
    let (status, answer) = rate(&lucia, id, review(5, "Muy bien", "Todo perfecto.")).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["error"], command::reviews::NOT_FINISHED);
    let (status, mine) = lucia.get("/api/mis-opiniones").await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["por_valorar"], json!([]), "{mine}");

    finish(&manager, id).await;
    let (_, mine) = lucia.get("/api/mis-opiniones").await;
    assert_eq!(mine["por_valorar"], json!([id]), "{mine}");

    // Another client may not rate it, nor learn it exists.
    let pablo = server
        .login(&common::account_by_login("pablo@mudanzas.test"))
        .await;
    let (status, _) = rate(&pablo, id, review(1, "Mal", "Mal.")).await;
    assert_eq!(status, 404);

    // Each field is checked and named, in Spanish; nothing is written.
    for (body, field) in [
        (review(0, "Título", "Texto"), "estrellas"),
        (review(6, "Título", "Texto"), "estrellas"),
        (review(4, "", "Texto"), "título"),
        (review(4, &"á".repeat(101), "Texto"), "título"),
        (review(4, "Título", ""), "opinión"),
        (review(4, "Título", &"ü".repeat(2001)), "opinión"),
    ] {
        let (status, answer) = rate(&lucia, id, body).await;
        assert_eq!(status, 400, "{answer}");
        let error = answer["error"].as_str().unwrap().to_lowercase();
        assert!(error.contains(field), "{field}: {error}");
    }
    // A NUL PostgreSQL cannot store is refused before any field is read.
    let (status, _) = rate(&lucia, id, review(4, "Tí\u{0}tulo", "Texto")).await;
    assert_eq!(status, 400);
    assert_eq!(
        lucia.get("/api/mis-opiniones").await.1["opiniones"],
        json!([])
    );

    // Rated: it waits for moderation and is not shown yet.
    let (status, answer) = rate(
        &lucia,
        id,
        review(4, "Puntuales", "Llegaron a la hora y\nno se rompió nada."),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["opinion"]["estado"], "pendiente");
    assert_eq!(answer["opinion"]["mudanza_id"], id);
    let key = format!("mudanza-{id}");
    assert!(!ids(&published(&server).await["opiniones"]).contains(&key));
    let (_, mine) = lucia.get("/api/mis-opiniones").await;
    assert_eq!(mine["por_valorar"], json!([]));
    assert_eq!(
        mine["opiniones"][0]["texto"],
        "Llegaron a la hora y\nno se rompió nada."
    );

    // Once only.
    let (status, answer) = rate(&lucia, id, review(5, "Otra", "Otra vez.")).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["error"], command::reviews::ALREADY_REVIEWED);

    // The managers see it waiting, signed with a first name and an initial.
    let (status, queue) = manager.get("/api/gestion/opiniones?estado=pendiente").await;
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["pendientes"], 1);
    assert_eq!(ids(&queue["opiniones"]), vec![key.clone()]);
    let waiting = &queue["opiniones"][0];
    assert_eq!(waiting["nombre"], "Lucía G.");
    assert_eq!(waiting["ubicacion"], "Alcalá de Henares");
    assert_eq!(waiting["mudanza_id"], id);
    let (status, _) = manager.get("/api/gestion/opiniones?estado=rara").await;
    assert_eq!(status, 400);

    // Hiding needs a reason; publishing does not.
    let moderate = |publicar: bool, motivo: &str| json!({"publicar": publicar, "motivo": motivo});
    let path = format!("/api/opiniones/{key}/moderar");
    let (status, answer) = manager
        .send(Method::POST, &path, moderate(false, " "))
        .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"], command::reviews::REASON_REQUIRED);
    let (status, answer) = manager.send(Method::POST, &path, moderate(true, "")).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["opinion"]["estado"], "publicada");

    let after = published(&server).await;
    assert_eq!(after["opiniones"].as_array().unwrap().len(), 9);
    let shown = after["opiniones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == key.as_str())
        .expect("published");
    assert_eq!(shown["verified"], true);
    assert_eq!(shown["rating"], 4);
    assert_stats_match(&after);
    // The company's satisfaction is the same average.
    let (_, company) = manager.get("/api/datos-de-empresa").await;
    assert_eq!(
        company["nivel_de_satisfaccion"],
        after["estadisticas"]["media"]
    );

    // Hidden with a reason: gone from /opiniones, and its client is told why.
    let reason = "Incluye el teléfono de un trabajador";
    let (status, answer) = manager
        .send(Method::POST, &path, moderate(false, reason))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["opinion"]["estado"], "oculta");
    let again = published(&server).await;
    assert!(!ids(&again["opiniones"]).contains(&key));
    assert_stats_match(&again);
    let (_, mine) = lucia.get("/api/mis-opiniones").await;
    assert_eq!(mine["opiniones"][0]["estado"], "oculta");
    assert_eq!(mine["opiniones"][0]["motivo"], reason);

    // Only the manager moderates; an unknown review is not found.
    for role in ["admin", "auditor", "empleado"] {
        let staff = server.login_role(role).await;
        let (status, _) = staff.send(Method::POST, &path, moderate(true, "")).await;
        assert_eq!(status, 403, "{role}");
    }
    for unknown in ["mudanza-999999", "importada-999", "nada", "mudanza-x"] {
        let (status, answer) = manager
            .send(
                Method::POST,
                &format!("/api/opiniones/{unknown}/moderar"),
                moderate(true, ""),
            )
            .await;
        assert_eq!(status, 404, "{unknown}: {answer}");
    }

    // Each step is in the log, on the review's own stream.
    let types: Vec<String> =
        sqlx::query_scalar("SELECT event_type FROM events WHERE stream_id = $1 ORDER BY position")
            .bind(format!("review-{key}"))
            .fetch_all(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(
        types,
        ["review.submitted", "review.moderated", "review.moderated"]
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn two_reviews_of_one_move_sent_at_once_make_one(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let email = "doble.resena@example.com";
    let client = server.confirmed_client(email, PASSWORD).await;
    let id = move_for(&manager, email).await;
    finish(&manager, id).await;

    let sends = (0..6).map(|n| rate(&client, id, review(5, &format!("Título {n}"), "Texto.")));
    let answers = futures::future::join_all(sends).await;
    let codes: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        codes.iter().filter(|c| **c == 200).count(),
        1,
        "{answers:?}"
    );
    assert!(codes.iter().all(|c| [200, 409].contains(c)), "{answers:?}");
    let submitted: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE event_type = 'review.submitted' AND stream_id = $1",
    )
    .bind(format!("review-mudanza-{id}"))
    .fetch_one(&server.state.pool)
    .await
    .unwrap();
    assert_eq!(submitted, 1);
}
