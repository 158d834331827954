//! Input every endpoint must refuse the same way, whatever its fields: a NUL character anywhere
//! (PostgreSQL text cannot hold one, so it used to surface as a 500), a body that is not JSON, a
//! body over the limit. Always a Spanish 4xx, and nothing written.

use crate::common;

use crate::common::{in_days, start, Caller};
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

// ---------------------------------------------------------------------------------------------
// Any text in any field (issue 17, items 8 and 15): every string of every JSON operation of the
// OpenAPI document, as every caller, gets 100 KB of text and Unicode edge cases. No input may
// give a 5xx; a refusal is a Spanish JSON error.

/// 100 KB of letters that do not compress (a repeated letter would fit an index after all).
fn hundred_kb() -> String {
    let mut text = String::new();
    while text.len() < 100 * 1024 {
        text.push_str(&uuid::Uuid::new_v4().simple().to_string());
    }
    text
}

/// Combining marks, emoji with joiners, right-to-left text and overrides, a byte-order mark,
/// noncharacters and the last code point, over 3,000 characters: each a character that some
/// lowercasing, index or length check treats differently from plain letters.
fn unicode_edges() -> String {
    let piece = "e\u{301}\u{302}👩\u{200D}👩\u{200D}👧 שלום مرحبا \u{202E}abc\u{202C} \u{FEFF}İı\u{FFFF}\u{10FFFF}ß";
    piece.repeat(3_000 / piece.chars().count() + 1)
}

/// The schema `$ref` points to, or the schema itself.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap();
            resolve(document, &document["components"]["schemas"][name])
        }
        None => schema,
    }
}

fn is_type(schema: &Value, wanted: &str) -> bool {
    match &schema["type"] {
        Value::String(t) => t == wanted,
        Value::Array(types) => types.iter().any(|t| t == wanted),
        _ => false,
    }
}

/// A body with every property the schema names, each with a plausible value, and the JSON
/// pointer of every string in it.
fn sample(document: &Value, schema: &Value, at: &str, strings: &mut Vec<String>) -> Value {
    let schema = resolve(document, schema);
    if let Some(options) = schema["anyOf"].as_array().or(schema["oneOf"].as_array()) {
        let chosen = options
            .iter()
            .find(|o| !is_type(o, "null"))
            .unwrap_or(&options[0]);
        return sample(document, chosen, at, strings);
    }
    if let Some(values) = schema["enum"].as_array() {
        return values[0].clone();
    }
    if is_type(schema, "object") || schema["properties"].is_object() {
        let mut object = serde_json::Map::new();
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            let value = sample(document, property, &format!("{at}/{name}"), strings);
            object.insert(name.clone(), value);
        }
        return Value::Object(object);
    }
    if is_type(schema, "array") {
        return json!([sample(
            document,
            &schema["items"],
            &format!("{at}/0"),
            strings
        )]);
    }
    if is_type(schema, "string") {
        strings.push(at.to_string());
        return match schema["format"].as_str() {
            Some("date") => json!(in_days(30).to_string()),
            Some("date-time") => json!("2030-01-01T10:00:00Z"),
            Some("uuid") => json!(uuid::Uuid::nil()),
            // A list's value when the schema names one ('phone', 'flexible'), else some text:
            // never empty, or a 'required' check would stop the request before the others.
            _ => match schema["default"].as_str() {
                Some(d) if !d.is_empty() => json!(d),
                _ => json!("Texto"),
            },
        };
    }
    if is_type(schema, "integer") {
        return json!(1);
    }
    if is_type(schema, "number") {
        return json!(1.5);
    }
    if is_type(schema, "boolean") {
        return json!(true);
    }
    Value::Null
}

/// Words of an error a person was never meant to read: the text of a library or the database.
fn not_spanish(message: &str) -> bool {
    message.trim().is_empty()
        || [
            "invalid",
            "expected",
            "missing field",
            "unknown",
            "error returned",
            "failed",
            "panicked",
            "index row",
        ]
        .iter()
        .any(|english| message.to_lowercase().contains(english))
}

#[sqlx::test(migrations = "../migrations")]
async fn any_text_in_any_field_of_any_operation_gives_no_5xx_and_a_spanish_error(pool: PgPool) {
    let server = start(pool.clone()).await;
    common::projected(&server).await;
    let move_id: i64 = sqlx::query_scalar("SELECT min(id) FROM move_staff_view")
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut callers = vec![("anónimo", server.anonymous())];
    for role in ["cliente", "empleado", "empresario", "admin", "auditor"] {
        callers.push((role, server.login_role(role).await));
    }
    let document = api::routes::openapi();
    let texts = [hundred_kb(), unicode_edges()];

    let mut failures = Vec::new();
    let mut calls = 0;
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let Some(schema) =
                operation["requestBody"]["content"]["application/json"].get("schema")
            else {
                continue;
            };
            let mut strings = Vec::new();
            let mut base = sample(&document, schema, "", &mut strings);
            if path == "/api/crear-mudanza" {
                // A valid wizard, so each field is reached past the ones before it.
                let wizard = common::wizard(in_days(10));
                for (k, v) in wizard.as_object().unwrap() {
                    base[k] = v.clone();
                }
            }
            let url = path
                .replace(
                    "/api/pagos/{id}",
                    &format!("/api/pagos/{}", uuid::Uuid::nil()),
                )
                .replace("{id}", &move_id.to_string())
                .replace("{nombre}", "moves");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            for pointer in &strings {
                for text in &texts {
                    let mut body = base.clone();
                    *body.pointer_mut(pointer).unwrap() = json!(text);
                    for (who, caller) in &callers {
                        let (status, answer) =
                            caller.send(method.clone(), &url, body.clone()).await;
                        calls += 1;
                        let what = format!(
                            "{method} {url} {pointer} ({} chars) as {who}",
                            text.chars().count()
                        );
                        if status >= 500 {
                            failures.push(format!("{what}: {status} {answer:.200}"));
                        } else if status >= 400 {
                            let message = answer["error"].as_str().unwrap_or("");
                            if answer["success"] != false || not_spanish(message) {
                                failures.push(format!("{what}: {status} {answer:.200}"));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {calls} calls:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        calls > 500,
        "only {calls} calls: the walk found too few fields"
    );
    println!("any text: {calls} calls without a 5xx");
}

/// No btree index holds text of unbounded length (issue 17, item 8): an entry over a third of a
/// page fails the write, and a projector failing on every batch wedges its read model. Each text
/// index is either a hash or md5 index (migration 0015) or over a text the server makes or
/// bounds; a new one fails here until it is one of those and is listed with its reason.
#[sqlx::test(migrations = "../migrations")]
async fn every_btree_index_over_text_is_bounded(pool: PgPool) {
    let bounded: &[(&str, &str)] = &[
        ("accounts_email_key", "CHECK accounts_email_bounded (254)"),
        (
            "accounts_codigo_recomendacion_key",
            "CHECK accounts_codigo_recomendacion_format (8 characters)",
        ),
        (
            "accounts_username_key",
            "CHECK accounts_username_bounded (254)",
        ),
        (
            "auth_attempts_key_idx",
            "a scope name of the code and the md5 of the key",
        ),
        ("documents_kind_move_id_key", "a document kind of the code"),
        ("documents_pkey", "numbers the server gives (F-2026-0001)"),
        (
            "events_move_created_idempotency",
            "the actor's id and a key checked to 8–64 characters",
        ),
        ("events_stream_version_key", "stream ids the server makes"),
        (
            "job_applications_cv_stored_name_key",
            "a CHECK pattern: a uuid and an extension",
        ),
        (
            "live_changes_pkey",
            "a kind of the code and an id the server makes",
        ),
        (
            "payment_orders_pkey",
            "Redsys order numbers the server makes (12 characters)",
        ),
        (
            "move_status_counts_pkey",
            "'all' or a worker's id, and a status of the code",
        ),
        ("move_staff_view_estado_idx", "a status of the code"),
        ("projection_checkpoints_pkey", "projector names of the code"),
        ("projection_poison_pkey", "projector names of the code"),
        ("quotes_inbox_estado_idx", "a status of the code"),
        (
            "claims_open_idx",
            "a status of the code (CHECK), a date and the move's number",
        ),
        (
            "reviews_pkey",
            "a key the server makes ('mudanza-12'), CHECK 40 characters",
        ),
        (
            "reviews_shown_idx",
            "a status of the code, a date and that key",
        ),
    ];
    let found: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_index i \
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid \
         JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace n ON n.oid = t.relnamespace \
         WHERE n.nspname = current_schema() AND am.amname = 'btree' \
         AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = i.indexrelid \
                     AND a.atttypid IN ('text'::regtype, 'varchar'::regtype, 'jsonb'::regtype)) \
         ORDER BY 1",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let listed: Vec<String> = bounded.iter().map(|(name, _)| name.to_string()).collect();
    let unlisted: Vec<&String> = found.iter().filter(|f| !listed.contains(f)).collect();
    assert!(
        unlisted.is_empty(),
        "btree indexes over text that may be unbounded (hash it, index its md5, or bound the \
         column and list it here): {unlisted:?}"
    );
    let gone: Vec<&String> = listed.iter().filter(|l| !found.contains(l)).collect();
    assert!(gone.is_empty(), "listed but no longer there: {gone:?}");

    // And the bounds hold in the database itself, not only in the code that writes accounts.
    let long = format!("{}@example.es", "a".repeat(300));
    let refused = sqlx::query(
        "INSERT INTO accounts (id, role, nombre, email, password_hash) \
         VALUES (gen_random_uuid(), 'cliente', 'Ana', $1, 'x')",
    )
    .bind(&long)
    .execute(&pool)
    .await
    .unwrap_err();
    assert_eq!(
        refused
            .as_database_error()
            .and_then(|e| e.code())
            .as_deref(),
        Some("23514"),
        "{refused}"
    );
}
