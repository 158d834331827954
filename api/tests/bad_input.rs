//! Input every endpoint must refuse the same way, whatever its fields: a NUL character anywhere
//! (PostgreSQL text cannot hold one, so it used to surface as a 500), a body that is not JSON, a
//! body over the limit. Always a Spanish 4xx, and nothing written.

mod common;

use common::{in_days, start, Caller};
use reqwest::header::CONTENT_TYPE;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const INVALID_DATA: &str = "Datos inválidos. Verifica tu información.";

fn contact_form(message: &str) -> Value {
    json!({
        "name": "Marta Ruiz Pérez",
        "email": "marta@example.com",
        "phone": "+34 611 222 333",
        "origin": "Calle de Alcalá 120, Madrid",
        "destination": "Valencia",
        "date": in_days(30).to_string(),
        "service_type": "mudanza_completa",
        "message": message,
        "consent": {"contact": true, "marketing": false},
    })
}

async fn messages(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM contact_messages")
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn raw(
    caller: &Caller,
    method: Method,
    path: &str,
    body: Vec<u8>,
    kind: &str,
) -> (u16, Value) {
    let response = caller
        .http
        .request(method, format!("{}{path}", caller.base))
        .header(CONTENT_TYPE, kind)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_nul_character_is_refused_in_bodies_queries_and_paths(pool: PgPool) {
    let server = start(pool.clone()).await;
    let anonymous = server.anonymous();
    let auditor = server.login_role("auditor").await;

    for message in ["Hola\u{0}", "\u{0}"] {
        let (status, body) = anonymous
            .send(Method::POST, "/api/contact-form", contact_form(message))
            .await;
        assert_eq!((status, body["error"].as_str()), (400, Some(INVALID_DATA)));
    }
    // In a key, nested.
    let (status, body) = raw(
        &anonymous,
        Method::POST,
        "/api/login",
        br#"{"email": "a@b.es", "password": "x", "extra": {"k\u0000": 1}}"#.to_vec(),
        "application/json",
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (400, Some(INVALID_DATA)));
    assert_eq!(messages(&pool).await, 0, "nothing written");

    for path in [
        "/api/auditoria/mudanzas?buscar=Ana%00",
        "/api/dev/outbox?para=%00",
        "/api/auditoria/mudanza/a%00b/historial",
    ] {
        let (status, body) = auditor.get(path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(body["error"], INVALID_DATA, "{path}");
    }

    // The six characters `\u0000` as text (an escaped backslash) are not a NUL: accepted.
    let (status, body) = anonymous
        .send(
            Method::POST,
            "/api/contact-form",
            contact_form(r"ver C:\u0000"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(messages(&pool).await, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn bodies_that_are_not_json_or_too_large_are_refused_in_spanish(pool: PgPool) {
    let server = start(pool.clone()).await;
    let anonymous = server.anonymous();
    let json = serde_json::to_vec(&contact_form("Hola")).unwrap();

    let (status, body) = raw(
        &anonymous,
        Method::POST,
        "/api/contact-form",
        json.clone(),
        "text/plain",
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (400, Some(INVALID_DATA)));
    let (status, body) = raw(
        &anonymous,
        Method::POST,
        "/api/contact-form",
        b"{\"name\": ".to_vec(),
        "application/json",
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (400, Some(INVALID_DATA)));

    // Over the server's 1 MB body limit.
    let mut huge = contact_form("Hola");
    huge["padding"] = json!("x".repeat(2 * 1024 * 1024));
    let (status, body) = raw(
        &anonymous,
        Method::POST,
        "/api/login",
        serde_json::to_vec(&huge).unwrap(),
        "application/json",
    )
    .await;
    assert_eq!(status, 413);
    assert_eq!(body["error"], "La petición es demasiado grande.");

    // A multipart upload without its boundary.
    let worker = server.login_role("empleado").await;
    let response = worker
        .http
        .post(format!("{}/api/subir-foto", worker.base))
        .header(reqwest::header::COOKIE, worker.cookie.clone().unwrap())
        .header(CONTENT_TYPE, "multipart/form-data")
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["error"],
        "Error al subir la foto. Por favor, inténtalo de nuevo."
    );

    // A known path with a method it does not answer.
    for method in [Method::TRACE, Method::PATCH, Method::GET] {
        let (status, body) = raw(
            &anonymous,
            method.clone(),
            "/api/login",
            Vec::new(),
            "application/json",
        )
        .await;
        assert_eq!(status, 405, "{method}");
        assert_eq!(
            body["error"], "Método no permitido en esta ruta",
            "{method}"
        );
    }

    // `application/…+json` is JSON too.
    let (status, body) = raw(
        &anonymous,
        Method::POST,
        "/api/contact-form",
        json,
        "application/merge-patch+json; charset=utf-8",
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(messages(&pool).await, 1);
}

/// A JSON body whose value does not fit names the field, as a path, and what it should hold
/// (issue 17: a numeric `objects[].id` got only the general message); malformed JSON keeps the
/// general message.
#[sqlx::test(migrations = "../migrations")]
async fn json_rejections_name_the_field_in_spanish(pool: PgPool) {
    let server = start(pool.clone()).await;
    let anonymous = server.anonymous();
    let manager = server.login_role("empresario").await;

    // A wrong type nested in an array.
    let quote = json!({
        "contact": {"name": "Rocío Pérez", "email": "rocio@mudanzas.test",
                    "phone": "+34 698 765 432", "preferredContact": "whatsapp"},
        "moveDetails": {
            "origin": {"address": "Calle de Atocha 30, 28012 Madrid", "propertyType": "apartment_2_rooms",
                       "access": "normal", "floor": "third", "elevator": true},
            "destination": {"address": "Calle Mayor 2, 28801 Alcalá de Henares",
                            "propertyType": "house_2_rooms", "access": "normal", "floor": "ground",
                            "elevator": false},
            "objects": [{"id": "sofa-3-plazas", "quantity": 1}, {"id": 17, "quantity": 1}],
            "distance": 34.2, "duration": 41, "instructions": ""
        }
    });
    let (status, body) = anonymous
        .send(Method::POST, "/api/submit-quote-request", quote)
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            400,
            Some("El campo «moveDetails.objects[1].id» no es válido: debe ser texto.")
        )
    );

    // A required field left out.
    let (status, body) = manager
        .send(
            Method::PUT,
            "/api/actualizar-estado-mudanza",
            json!({"mudanza_id": 1}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Falta el campo «nuevo_estado»."))
    );

    // A value outside an enumeration, and a number that is not one.
    let mut wizard = common::wizard(in_days(10));
    wizard["urgencia"] = json!("volando");
    let (status, body) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard)
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            400,
            Some("El campo «urgencia» no es válido: debe ser normal o urgente.")
        )
    );
    let (status, body) = manager
        .send(
            Method::PUT,
            "/api/actualizar-estado-mudanza",
            json!({"mudanza_id": "uno", "nuevo_estado": "en curso"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            400,
            Some("El campo «mudanza_id» no es válido: debe ser un número entero.")
        )
    );

    // Not JSON at all: the general message.
    let (status, body) = raw(
        &anonymous,
        Method::POST,
        "/api/contact-form",
        b"{\"name\": \"Ana\",".to_vec(),
        "application/json",
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (400, Some(INVALID_DATA)));
}

/// An empty string for an optional date, as an HTML form sends an empty date input, is no date,
/// in a JSON body and in a query (issue 17: it was a 400).
#[sqlx::test(migrations = "../migrations")]
async fn an_empty_optional_date_is_no_date(pool: PgPool) {
    let server = start(pool.clone()).await;
    let manager = server.login_role("empresario").await;

    let mut wizard = common::wizard(in_days(10));
    wizard["fecha_alternativa"] = json!("");
    let (status, body) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mudanza"]["fecha_alternativa"], Value::Null);

    // The manager's edit: an empty date is no date, which an edit must have (its own message,
    // not a type error).
    let m = &body["mudanza"];
    let (status, edited) = manager
        .send(
            Method::POST,
            "/api/actualizar-mudanza",
            json!({"id": m["id"], "version": m["version"], "cliente_nombre": m["cliente_nombre"],
                   "origen": m["origen"], "destino": m["destino"], "fecha_programada": "",
                   "precio_total": m["precio_total"]}),
        )
        .await;
    assert_eq!(
        (status, edited["error"].as_str()),
        (400, Some("La fecha es requerida"))
    );

    let (status, workers) = manager.get("/api/trabajadores?fecha=").await;
    assert_eq!(status, 200, "{workers}");
    let admin = server.login_role("admin").await;
    let (status, events) = admin.get("/api/admin/eventos?desde=&hasta=").await;
    assert_eq!(status, 200, "{events}");

    // Text that is not a date is still refused.
    let (status, body) = manager.get("/api/trabajadores?fecha=mañana").await;
    assert_eq!((status, body["error"].as_str()), (400, Some(INVALID_DATA)));
}
