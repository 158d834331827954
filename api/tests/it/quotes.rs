//! Quote requests and the managers' quotes inbox against a real server: the public request with
//! its §5 messages and limits, the inbox per role, the live feed's audiences, converting a quote
//! into a move once (which its requester then sees) and discarding one.

use crate::common;

use std::time::Duration;

use crate::common::{account, in_days, projected, start, wizard, Caller, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";
const SUBJECT: &str = "Hemos recibido tu solicitud de presupuesto";
const TOO_MANY: &str = "Demasiados intentos. Espera antes de intentar de nuevo.";

/// A request as the price finder sends it (web/src/lib/api.ts `QuoteRequest`).
fn quote(email: &str) -> Value {
    json!({
        "contact": {"name": "Pablo Gil", "email": email, "phone": "+34 698 765 432", "preferredContact": "whatsapp"},
        "moveDetails": {
            "origin": {"address": "Calle de Atocha 30, 28012 Madrid", "propertyType": "apartment_2_room",
                       "access": "little_access", "floor": "third", "elevator": true},
            "destination": {"address": "Calle Mayor 2, 28801 Alcalá de Henares", "propertyType": "house_2_rooms",
                            "access": "normal", "floor": "ground", "elevator": false},
            "objects": [{"id": "sofa-3-plazas", "quantity": 1}, {"id": "caja-mediana", "quantity": 12}],
            "services": {"dismount": true, "dismountQuantity": 2, "packaging": false, "packagingQuantity": 1,
                         "bestPackaging": true, "cleaning": false, "fragile": true, "longStairs": false},
            "schedule": {"preferredDate": in_days(20), "alternativeDate": null, "flexibleDates": true,
                         "timePreference": "morning"},
            "distance": 34.2,
            "duration": 41,
            "instructions": "Portero automático 3ºB",
            "offerPack": null,
            "estimatedPrice": 1.0
        }
    })
}

async fn submit(caller: &Caller, body: Value) -> (u16, Value) {
    caller
        .send(Method::POST, "/api/submit-quote-request", body)
        .await
}

/// Submits a valid request for `email` anonymously; returns its id.
async fn submitted(server: &TestServer, email: &str) -> String {
    let (status, answer) = submit(&server.anonymous(), quote(email)).await;
    assert_eq!(status, 200, "{answer}");
    answer["quote_id"].as_str().unwrap().to_string()
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

async fn quote_events(pool: &PgPool) -> i64 {
    count(
        pool,
        "SELECT count(*) FROM events WHERE stream_id LIKE 'quote-%'",
    )
    .await
}

async fn quote_emails(pool: &PgPool) -> i64 {
    count(
        pool,
        "SELECT count(*) FROM outbox WHERE asunto = 'Hemos recibido tu solicitud de presupuesto'",
    )
    .await
}

/// The next change frame about a quote, skipping others (the seeded moves' may come first).
async fn next_quote(feed: &mut common::LiveClient) -> Option<Value> {
    loop {
        let frame = feed.next().await?;
        if frame["kind"] == "quote" {
            return Some(frame);
        }
    }
}

async fn inbox(caller: &Caller) -> Vec<Value> {
    let (status, answer) = caller.get("/api/presupuestos").await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["success"], true);
    answer["presupuestos"].as_array().unwrap().clone()
}

/// The wizard's body for a move made from a quote.
fn conversion(quote_id: &str, email: &str) -> Value {
    let mut body = wizard(in_days(20));
    body["cliente_email"] = json!(email);
    body["contacto_email"] = json!(email);
    body["presupuesto_id"] = json!(quote_id);
    body
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_anonymous_request_writes_one_event_and_one_email(pool: PgPool) {
    let server = start(pool.clone()).await;
    let mut body = quote("Pablo@Correo.es");
    body["consent"] = json!({"contact": true, "marketing": false});
    let (status, answer) = submit(&server.anonymous(), body).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["success"], true);
    let id = answer["quote_id"].as_str().expect("a quote id");
    let reference = answer["referencia"]
        .as_str()
        .expect("a reference")
        .to_string();
    let year = common::in_days(0).format("%Y").to_string();
    assert!(
        reference.starts_with(&format!("P-{year}-"))
            && reference.len() == "P-2026-000001".len()
            && reference[7..].chars().all(|c| c.is_ascii_digit()),
        "{reference}"
    );

    let events: Vec<(String, String, Value, Value)> = sqlx::query_as(
        "SELECT stream_id, event_type, data, metadata FROM events WHERE stream_id LIKE 'quote-%'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(events.len(), 1, "one event");
    let (stream, event_type, data, metadata) = &events[0];
    assert_eq!(stream, &format!("quote-{id}"));
    assert_eq!(event_type, "quote.requested");
    assert_eq!(data["quote_id"], id);
    assert_eq!(data["referencia"], reference.as_str());
    assert_eq!(data["contact"]["email"], "pablo@correo.es");
    assert_eq!(data["contact"]["phone"], "698 765 432");
    assert_eq!(data["bestPackaging"], true);
    assert_eq!(
        data["consentimiento"],
        json!({"contacto": true, "marketing": false}),
        "each consent recorded on its own, at the event's time"
    );
    assert_eq!(data["services"]["packaging_quantity"], 0);
    // The server's own estimate, not the browser's figure: what calculate-price says a quote
    // records for the same details, on the server's route.
    let (status, priced) = server
        .anonymous()
        .send(
            reqwest::Method::POST,
            "/api/calculate-price",
            quote("pablo@correo.es")["moveDetails"].clone(),
        )
        .await;
    assert_eq!(status, 200, "{priced}");
    let expected = (priced["precio_presupuesto"].as_f64().unwrap() * 100.0).round() as i64;
    assert_eq!(data["estimated_price_cents"].as_i64(), Some(expected));
    assert_ne!(
        Some(expected),
        quote("x@y.es")["moveDetails"]["estimatedPrice"]
            .as_f64()
            .map(|e| (e * 100.0).round() as i64),
        "the browser's figure is not the server's estimate"
    );
    assert_eq!(data["distance_km"], priced["distancia_km"]);
    assert_eq!(metadata["actor_role"], "anonimo");
    assert!(metadata.get("actor_id").is_none());

    let emails: Vec<(String, String, String)> =
        sqlx::query_as("SELECT para, asunto, texto FROM outbox")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(emails.len(), 1, "one email");
    let (to, subject, text) = &emails[0];
    assert_eq!(to, "pablo@correo.es");
    assert_eq!(subject, SUBJECT);
    for part in [
        "Hola, Pablo Gil",
        "Calle de Atocha 30, 28012 Madrid",
        "13 objetos",
        "por WhatsApp",
        "24 horas",
        &reference,
    ] {
        assert!(text.contains(part), "the email says {part}: {text}");
    }

    // A logged-in client may ask too, and the request says who asked.
    let client = server.login(&account("cliente")).await;
    let (status, second) = submit(&client, quote("cliente@mudanzas.test")).await;
    assert_eq!(status, 200);
    let number = |r: &str| r[7..].parse::<u64>().unwrap();
    assert_eq!(
        number(second["referencia"].as_str().unwrap()),
        number(&reference) + 1,
        "references number the requests in order"
    );
    let manager = server.login(&account("empresario")).await;
    let (_, inbox) = manager.get("/api/presupuestos").await;
    assert!(
        inbox
            .to_string()
            .contains(&format!("\"referencia\":\"{reference}\"")),
        "the inbox names each quote by its reference: {inbox}"
    );
    let role: String = sqlx::query_scalar(
        "SELECT metadata->>'actor_role' FROM events WHERE stream_id LIKE 'quote-%' \
         ORDER BY position DESC LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(role, "cliente");
}

/// A change that spoils a request (given yesterday's date).
type Change = fn(&mut Value, chrono::NaiveDate);

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn each_bad_field_gets_its_spanish_message_and_nothing_is_written(pool: PgPool) {
    let server = start(pool.clone()).await;
    let visitor = server.anonymous();
    let yesterday = common::in_days(0).pred_opt().unwrap();
    let cases: Vec<(&str, Change, &str)> = vec![
        (
            "no name",
            |q, _| q["contact"]["name"] = json!("  "),
            "Por favor, introduzca su nombre.",
        ),
        (
            "bad email",
            |q, _| q["contact"]["email"] = json!("pablo@correo"),
            "Por favor, introduzca un email válido.",
        ),
        (
            "no email",
            |q, _| {
                q["contact"].as_object_mut().unwrap().remove("email");
            },
            "Por favor, introduzca un email válido.",
        ),
        (
            "8 digits",
            |q, _| q["contact"]["phone"] = json!("698 765 43"),
            "Por favor, introduzca un número de teléfono válido.",
        ),
        (
            "letters in the phone",
            |q, _| q["contact"]["phone"] = json!("698 765 43a"),
            "Por favor, introduzca un número de teléfono válido.",
        ),
        (
            "short address",
            |q, _| q["moveDetails"]["origin"]["address"] = json!("Sol"),
            "Por favor, ingresa direcciones válidas de origen y destino.",
        ),
        (
            "no objects nor pack",
            |q, _| q["moveDetails"]["objects"] = json!([]),
            "Debe seleccionar al menos un objeto o un pack...",
        ),
        (
            "11 dismounts",
            |q, _| q["moveDetails"]["services"]["dismountQuantity"] = json!(11),
            "Las cantidades deben estar entre 1 y 10",
        ),
        (
            "0 packagings",
            |q, _| {
                q["moveDetails"]["services"]["packaging"] = json!(true);
                q["moveDetails"]["services"]["packagingQuantity"] = json!(0);
            },
            "Las cantidades deben estar entre 1 y 10",
        ),
        (
            "100 boxes",
            |q, _| q["moveDetails"]["objects"][1]["quantity"] = json!(100),
            "La cantidad de cada objeto debe estar entre 1 y 99",
        ),
        (
            "no date",
            |q, _| q["moveDetails"]["schedule"]["preferredDate"] = json!(""),
            "Por favor, selecciona una fecha preferida para la mudanza.",
        ),
        (
            "yesterday",
            |q, yesterday| q["moveDetails"]["schedule"]["preferredDate"] = json!(yesterday),
            "La fecha no puede ser anterior a hoy.",
        ),
        (
            "alternative before preferred",
            |q, yesterday| q["moveDetails"]["schedule"]["alternativeDate"] = json!(yesterday),
            "La fecha alternativa no puede ser anterior a la preferida",
        ),
        (
            "long instructions",
            |q, _| q["moveDetails"]["instructions"] = json!("a".repeat(1001)),
            "Las instrucciones no pueden superar los 1000 caracteres",
        ),
        (
            "long name",
            |q, _| q["contact"]["name"] = json!("a".repeat(101)),
            "El campo «nombre» no puede tener más de 100 caracteres",
        ),
        (
            "unknown pack",
            |q, _| q["moveDetails"]["offerPack"] = json!("oro"),
            "El pack de oferta no es válido",
        ),
        (
            "unknown floor",
            |q, _| q["moveDetails"]["destination"]["floor"] = json!("sótano"),
            "Los datos de la vivienda no son válidos",
        ),
        (
            "negative distance",
            |q, _| q["moveDetails"]["distance"] = json!(-3),
            "No se pudo calcular la distancia...",
        ),
        (
            "a quantity that is no number",
            |q, _| q["moveDetails"]["objects"][0]["quantity"] = json!("muchos"),
            "El campo «moveDetails.objects[0].quantity» no es válido: debe ser un número entero.",
        ),
        (
            "a body far too large",
            |q, _| q["moveDetails"]["instructions"] = json!("a".repeat(100_000)),
            "La petición es demasiado grande.",
        ),
    ];
    for (case, change, message) in cases {
        let mut body = quote("pablo@correo.es");
        change(&mut body, yesterday);
        let (status, answer) = submit(&visitor, body).await;
        let expected = if case == "a body far too large" {
            413
        } else {
            400
        };
        assert_eq!(status, expected, "{case}: {answer}");
        assert_eq!(answer["success"], false, "{case}");
        assert_eq!(answer["error"], message, "{case}");
    }
    let (status, _) = visitor
        .send(
            Method::POST,
            "/api/submit-quote-request",
            json!("no es un objeto"),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(quote_events(&pool).await, 0, "nothing written");
    assert_eq!(quote_emails(&pool).await, 0, "nothing sent");

    // Today is allowed, a pack alone is enough, and so is a phone without +34.
    let mut body = quote("pablo@correo.es");
    body["moveDetails"]["schedule"]["preferredDate"] = json!(in_days(0));
    body["moveDetails"]["objects"] = json!([]);
    body["moveDetails"]["offerPack"] = json!("esential");
    body["contact"]["phone"] = json!("912345678");
    let (status, answer) = submit(&visitor, body).await;
    assert_eq!(status, 200, "{answer}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn requests_are_limited_per_address_and_per_email(pool: PgPool) {
    let server = start(pool.clone()).await;
    let visitor = server.anonymous();
    for n in 0..10 {
        let (status, answer) = submit(&visitor, quote(&format!("visitante{n}@correo.es"))).await;
        assert_eq!(status, 200, "request {n}: {answer}");
    }
    let (status, answer) = submit(&visitor, quote("otro@correo.es")).await;
    assert_eq!(status, 429);
    assert_eq!(answer["error"], TOO_MANY);
    assert_eq!(quote_events(&pool).await, 10, "the eleventh is not stored");
    assert_eq!(quote_emails(&pool).await, 10);

    // One requester email gets at most five confirmations an hour, from wherever they are asked.
    sqlx::query("DELETE FROM auth_attempts WHERE scope = 'presupuesto:direccion'")
        .execute(&pool)
        .await
        .unwrap();
    for n in 0..4 {
        let (status, _) = submit(&visitor, quote("visitante0@correo.es")).await;
        assert_eq!(status, 200, "request {n}");
    }
    let (status, answer) = submit(&visitor, quote("visitante0@correo.es")).await;
    assert_eq!(status, 429);
    assert_eq!(answer["error"], TOO_MANY);
    let (status, _) = submit(&visitor, quote("visitante1@correo.es")).await;
    assert_eq!(status, 200, "another email is still fine");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_inbox_is_for_managers_the_admin_and_the_auditor(pool: PgPool) {
    let server = start(pool.clone()).await;
    let first = submitted(&server, "primero@correo.es").await;
    let second = submitted(&server, "segundo@correo.es").await;

    assert_eq!(server.anonymous().get("/api/presupuestos").await.0, 401);
    for role in ["empleado", "cliente"] {
        let caller = server.login_role(role).await;
        assert_eq!(caller.get("/api/presupuestos").await.0, 403, "{role}");
    }
    for role in ["empresario", "admin", "auditor"] {
        let caller = server.login_role(role).await;
        let quotes = inbox(&caller).await;
        let ids: Vec<&str> = quotes.iter().map(|q| q["id"].as_str().unwrap()).collect();
        assert_eq!(
            ids,
            vec![second.as_str(), first.as_str()],
            "{role}: newest first"
        );
    }

    let manager = server.login_role("empresario").await;
    let entry = &inbox(&manager).await[1];
    assert_eq!(entry["estado"], "nueva");
    assert_eq!(entry["mudanza_id"], Value::Null);
    assert!(
        entry["precio_estimado"].as_f64().unwrap() > 0.0,
        "priced by the server"
    );
    assert_eq!(entry["total_objetos"], 13);
    assert_eq!(entry["contact"]["name"], "Pablo Gil");
    assert_eq!(entry["contact"]["email"], "primero@correo.es");
    let details = &entry["moveDetails"];
    assert_eq!(
        details["origin"]["address"],
        "Calle de Atocha 30, 28012 Madrid"
    );
    assert_eq!(details["origin"]["elevator"], true);
    assert_eq!(details["services"]["bestPackaging"], true);
    assert_eq!(details["services"]["dismountQuantity"], 2);
    assert_eq!(details["schedule"]["preferredDate"], json!(in_days(20)));
    assert_eq!(details["schedule"]["timePreference"], "morning");
    assert_eq!(details["objects"][1]["quantity"], 12);
    assert!(entry["recibida"].is_string());

    let (status, answer) = manager.get("/api/presupuestos?estado=convertida").await;
    assert_eq!(status, 200);
    assert_eq!(answer["presupuestos"], json!([]));
    let (status, answer) = manager.get("/api/presupuestos?estado=perdida").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Estado no válido"))
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_new_quote_reaches_managers_live_and_never_workers_or_clients(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = account("cliente");
    let mut manager_feed = server
        .login_role("empresario")
        .await
        .live(None)
        .await
        .unwrap();
    let mut auditor_feed = server.login_role("auditor").await.live(None).await.unwrap();
    let mut worker_feed = server
        .login_role("empleado")
        .await
        .live(None)
        .await
        .unwrap();
    // Even the client whose email the request carries: a request is not a move of theirs.
    let mut client_feed = server.login(&client).await.live(None).await.unwrap();

    let id = submitted(&server, &client.email).await;
    for feed in [&mut manager_feed, &mut auditor_feed] {
        let frame = next_quote(feed).await.expect("the new quote is pushed");
        assert_eq!(frame["type"], "change");
        assert_eq!(frame["id"], id.as_str());
        assert_eq!(frame["data"]["estado"], "nueva");
        assert_eq!(frame["data"]["contact"]["email"], client.email.as_str());
    }
    for feed in [&mut worker_feed, &mut client_feed] {
        // Frames of the seeded moves may still be on their way; none may be about a quote.
        while let Some(frame) = feed.next_within(Duration::from_millis(800)).await {
            assert_ne!(frame["kind"], "quote", "no quote for workers or clients");
        }
    }

    // A conversion is pushed too: the quote's new state, and the move.
    let manager = server.login_role("empresario").await;
    let (status, answer) = manager
        .send(
            Method::POST,
            "/api/crear-mudanza",
            conversion(&id, &client.email),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let mut kinds = Vec::new();
    while let Some(frame) = manager_feed.next_within(Duration::from_millis(800)).await {
        if frame["kind"] == "quote" {
            assert_eq!(frame["data"]["estado"], "convertida");
            assert_eq!(frame["data"]["mudanza_id"], answer["mudanza_id"]);
        }
        kinds.push(frame["kind"].as_str().unwrap().to_string());
    }
    kinds.sort();
    // The move comes in two frames (its creation and its payment key, one per event).
    kinds.dedup();
    // A new move also changes the staff lists' counts.
    assert_eq!(kinds, vec!["move", "move_counts", "quote"]);
    let worker_frame = worker_feed
        .next_change()
        .await
        .expect("workers see the new move");
    assert_eq!(worker_frame["kind"], "move");
    // Its payment key's frame carries the move without money (the key included)…
    while let Some(frame) = worker_feed
        .next_change_within(Duration::from_millis(500))
        .await
    {
        // …and nothing of the quote.
        assert_eq!(frame["kind"], "move", "{frame}");
        assert!(frame["data"].get("clave_pago").is_none(), "{frame}");
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_quote_becomes_a_move_once_and_its_requester_sees_it(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let email = "laura@correo.es";
    // The requester has an account, not yet confirmed.
    let mut laura = server.register_client(email, PASSWORD).await;
    let code = server.last_code(email).await;
    let id = submitted(&server, email).await;

    let manager = server.login_role("empresario").await;
    let moves_before = count(&pool, "SELECT count(*) FROM move_staff_view").await;
    let (status, answer) = manager
        .send(Method::POST, "/api/crear-mudanza", conversion(&id, email))
        .await;
    assert_eq!(status, 200, "{answer}");
    let move_id = answer["mudanza_id"].as_i64().unwrap();
    assert_eq!(answer["mudanza"]["cliente_email"], email);
    assert_eq!(answer["mudanza"]["estado"], "pendiente");

    let entry = inbox(&manager).await.remove(0);
    assert_eq!(entry["id"], id.as_str());
    assert_eq!(entry["estado"], "convertida");
    assert_eq!(entry["mudanza_id"], move_id);

    let (status, moves) = manager.get("/api/todas-las-mudanzas").await;
    assert_eq!(status, 200);
    assert!(moves.as_array().unwrap().iter().any(|m| m["id"] == move_id));

    // Once: a second conversion gets 409 and makes no second move.
    let (status, again) = manager
        .send(Method::POST, "/api/crear-mudanza", conversion(&id, email))
        .await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(
        again["error"],
        "Esta solicitud ya se convirtió en una mudanza."
    );
    assert_eq!(
        count(&pool, "SELECT count(*) FROM move_staff_view").await,
        moves_before + 1
    );
    let (status, _) = manager
        .send(
            Method::POST,
            &format!("/api/presupuestos/{id}/descartar"),
            json!({}),
        )
        .await;
    assert_eq!(status, 409, "a converted quote is not discarded");

    // The requester sees the move once their email is confirmed.
    let (_, mine) = laura.get("/api/mis-mudanzas").await;
    assert_eq!(mine["mudanzas"], json!([]));
    assert_eq!(mine["email_confirmado"], false);
    let (status, _) = laura
        .send_keeping_session(
            Method::POST,
            "/api/confirm-email",
            json!({"email": email, "code": code}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, mine) = laura.get("/api/mis-mudanzas").await;
    assert_eq!(status, 200);
    let ids: Vec<i64> = mine["mudanzas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![move_id]);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn two_managers_converting_one_quote_at_once_make_one_move(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = submitted(&server, "doble@correo.es").await;
    let manager = server.login_role("empresario").await;
    let admin = server.login_role("admin").await;
    let body = conversion(&id, "doble@correo.es");
    let (a, b) = tokio::join!(
        manager.send(Method::POST, "/api/crear-mudanza", body.clone()),
        admin.send(Method::POST, "/api/crear-mudanza", body),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    let converted: i64 = count(
        &pool,
        "SELECT count(*) FROM events WHERE event_type = 'quote.converted'",
    )
    .await;
    assert_eq!(converted, 1);
    let made: i64 = count(
        &pool,
        "SELECT count(*) FROM move_staff_view WHERE cliente_email = 'doble@correo.es'",
    )
    .await;
    assert_eq!(made, 1);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn converting_an_unknown_quote_or_with_a_bad_form_makes_nothing(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let moves_before = count(&pool, "SELECT count(*) FROM move_staff_view").await;

    let unknown = uuid::Uuid::now_v7().to_string();
    let (status, answer) = manager
        .send(
            Method::POST,
            "/api/crear-mudanza",
            conversion(&unknown, "x@correo.es"),
        )
        .await;
    assert_eq!(status, 404, "{answer}");
    assert_eq!(answer["error"], "Solicitud de presupuesto no encontrada");

    let id = submitted(&server, "x@correo.es").await;
    let mut body = conversion(&id, "x@correo.es");
    body["objects"] = json!([]);
    let (status, answer) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"], "Debe seleccionar al menos un objeto");
    let mut body = conversion(&id, "x@correo.es");
    body["presupuesto_id"] = json!("no-es-un-id");
    assert_eq!(
        manager
            .send(Method::POST, "/api/crear-mudanza", body)
            .await
            .0,
        400
    );

    assert_eq!(
        count(&pool, "SELECT count(*) FROM move_staff_view").await,
        moves_before
    );
    assert_eq!(inbox(&manager).await[0]["estado"], "nueva");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_manager_discards_a_quote_once(pool: PgPool) {
    let server = start(pool.clone()).await;
    let id = submitted(&server, "spam@correo.es").await;
    let path = format!("/api/presupuestos/{id}/descartar");

    assert_eq!(
        server
            .anonymous()
            .send(Method::POST, &path, json!({}))
            .await
            .0,
        401
    );
    for role in ["empleado", "cliente", "auditor"] {
        let caller = server.login_role(role).await;
        assert_eq!(
            caller.send(Method::POST, &path, json!({})).await.0,
            403,
            "{role}"
        );
    }

    let manager = server.login_role("empresario").await;
    let (status, answer) = manager.send(Method::POST, &path, json!({})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["presupuesto"]["estado"], "descartada");
    assert_eq!(inbox(&manager).await[0]["estado"], "descartada");
    let (_, listed) = manager.get("/api/presupuestos?estado=nueva").await;
    assert_eq!(listed["presupuestos"], json!([]));

    let (status, again) = manager.send(Method::POST, &path, json!({})).await;
    assert_eq!(status, 409);
    assert_eq!(again["error"], "Esta solicitud está descartada.");
    let (status, _) = manager
        .send(
            Method::POST,
            "/api/crear-mudanza",
            conversion(&id, "spam@correo.es"),
        )
        .await;
    assert_eq!(status, 409, "a discarded quote is not converted");

    let unknown = format!("/api/presupuestos/{}/descartar", uuid::Uuid::now_v7());
    let (status, answer) = manager.send(Method::POST, &unknown, json!({})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (404, Some("Solicitud de presupuesto no encontrada"))
    );
    let discarded: i64 = count(
        &pool,
        "SELECT count(*) FROM events WHERE event_type = 'quote.discarded'",
    )
    .await;
    assert_eq!(discarded, 1);
}

/// The requester's contact as the inbox shows it: (name, email, phone, datos_eliminados).
async fn contact_in_inbox(pool: &PgPool, id: &str) -> (String, String, String, bool) {
    let doc: Value = sqlx::query_scalar("SELECT doc FROM quotes_inbox WHERE id = $1::uuid")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap();
    let c = &doc["contact"];
    (
        c["name"].as_str().unwrap().to_string(),
        c["email"].as_str().unwrap().to_string(),
        c["phone"].as_str().unwrap().to_string(),
        doc["datos_eliminados"].as_bool().unwrap_or(false),
    )
}

/// (motivo, actor role) of each `quote.contact_erased` of this quote.
async fn erasures(pool: &PgPool, id: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT data->>'motivo', metadata->>'actor_role' FROM events \
         WHERE stream_id = 'quote-' || $1 AND event_type = 'quote.contact_erased' ORDER BY position",
    )
    .bind(id)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_year_on_a_quote_never_converted_loses_its_contact_and_a_converted_one_keeps_it(
    pool: PgPool,
) {
    let server = start(pool.clone()).await;
    let waiting = submitted(&server, "espera@correo.es").await;
    let converted = submitted(&server, "convertido@correo.es").await;
    let manager = server.login_role("empresario").await;
    let (status, answer) = manager
        .send(
            Method::POST,
            "/api/crear-mudanza",
            conversion(&converted, "convertido@correo.es"),
        )
        .await;
    assert_eq!(status, 200, "{answer}");

    let now = chrono::Utc::now();
    let swept = api::retention::sweep(&server.state, now).await.unwrap();
    assert_eq!(swept.presupuestos, 0, "nothing is a year old yet");

    let next_year = now + chrono::Duration::days(366);
    let swept = api::retention::sweep(&server.state, next_year)
        .await
        .unwrap();
    assert_eq!(swept.presupuestos, 1);
    projected(&server).await;
    assert_eq!(
        contact_in_inbox(&pool, &waiting).await,
        (String::new(), String::new(), String::new(), true)
    );
    assert_eq!(
        erasures(&pool, &waiting).await,
        vec![("retencion".to_string(), "system".to_string())]
    );
    let kept = contact_in_inbox(&pool, &converted).await;
    assert_eq!(
        (kept.1.as_str(), kept.3),
        ("convertido@correo.es", false),
        "a converted quote is the move's contract: kept with it"
    );
    assert!(erasures(&pool, &converted).await.is_empty());

    let again = api::retention::sweep(&server.state, next_year)
        .await
        .unwrap();
    assert_eq!(again.presupuestos, 0, "erased once");
    assert_eq!(erasures(&pool, &waiting).await.len(), 1);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn deleting_an_account_erases_the_contact_of_its_quotes(pool: PgPool) {
    let server = start(pool.clone()).await;
    let email = "se-va@correo.es";
    let client = server.confirmed_client(email, PASSWORD).await;
    let mine = submitted(&server, email).await;
    let other = submitted(&server, "se-queda@correo.es").await;

    let (status, answer) = client
        .send(
            Method::DELETE,
            "/api/eliminar-cuenta",
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    projected(&server).await;
    assert_eq!(
        contact_in_inbox(&pool, &mine).await,
        (String::new(), String::new(), String::new(), true)
    );
    assert_eq!(
        erasures(&pool, &mine).await,
        vec![("cuenta_eliminada".to_string(), "cliente".to_string())]
    );
    assert_eq!(
        contact_in_inbox(&pool, &other).await.1,
        "se-queda@correo.es"
    );
}
