//! The client's figures (issue 20 item 6) against a real server: moves made, total paid, the
//! average rating they gave and what the online discount and packs saved them, each from their
//! own moves only.

use crate::common::{in_days, projected, start, wizard, Caller, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";
const ANA: &str = "ana.cifras@example.com";
const OTHER: &str = "otro.cifras@example.com";

/// The wizard's body for a move of `email`; from a quote, and at a price without VAT, when given.
fn move_body(email: &str, quote: Option<&str>, price_cents: Option<i64>) -> Value {
    let mut body = wizard(in_days(20));
    body["cliente_email"] = json!(email);
    body["contacto_email"] = json!(email);
    if let Some(quote) = quote {
        body["presupuesto_id"] = json!(quote);
    }
    if let Some(cents) = price_cents {
        body["precio"] = json!({"base": cents as f64 / 100.0, "distancia": 0.0, "servicios": 0.0,
                                "urgencia": 0.0, "iva": false});
        body["pago_adelantado"] = json!(0.0);
        body.as_object_mut().unwrap().remove("precio_total");
    }
    body
}

async fn create(manager: &Caller, body: Value) -> i64 {
    let (status, answer) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{answer}");
    answer["mudanza_id"].as_i64().unwrap()
}

async fn to_status(manager: &Caller, id: i64, path: &[&str]) {
    for status in path {
        let (code, answer) = manager.set_status(id, status).await;
        assert_eq!(code, 200, "{status}: {answer}");
    }
}

/// A request as the price finder sends it, inside the M-30 so that a pack may be asked for.
fn quote_details(pack: Option<&str>) -> Value {
    json!({
        "origin": {"address": "Calle de Atocha 30, Centro, Madrid", "propertyType": "apartment_2_room",
                   "access": "normal", "floor": "third", "elevator": true},
        "destination": {"address": "Calle de Serrano 41, Salamanca, Madrid", "propertyType": "house_2_rooms",
                        "access": "normal", "floor": "ground", "elevator": false},
        "objects": [{"id": "sofa-3-plazas", "quantity": 1}, {"id": "caja-mediana", "quantity": 12}],
        "services": {"dismount": false, "dismountQuantity": 1, "packaging": false, "packagingQuantity": 1,
                     "bestPackaging": false, "cleaning": false, "fragile": true, "longStairs": false},
        "schedule": {"preferredDate": in_days(20), "alternativeDate": null, "flexibleDates": true,
                     "timePreference": "morning"},
        "distance": 4.0,
        "duration": 12,
        "instructions": "",
        "offerPack": pack,
    })
}

/// Asks for a quote as `email`; returns its id.
async fn request_quote(server: &TestServer, email: &str, pack: Option<&str>) -> String {
    let body = json!({
        "contact": {"name": "Ana García", "email": email, "phone": "612 345 678", "preferredContact": "phone"},
        "moveDetails": quote_details(pack),
    });
    let (status, answer) = server
        .anonymous()
        .send(Method::POST, "/api/submit-quote-request", body)
        .await;
    assert_eq!(status, 200, "{answer}");
    answer["quote_id"].as_str().unwrap().to_string()
}

/// What `/api/calculate-price` says of the same details: (total, quote price), in cents.
async fn priced(server: &TestServer, pack: Option<&str>) -> (i64, i64) {
    let (status, answer) = server
        .anonymous()
        .send(Method::POST, "/api/calculate-price", quote_details(pack))
        .await;
    assert_eq!(status, 200, "{answer}");
    let cents = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    (
        cents(&answer["total"]),
        cents(&answer["precio_presupuesto"]),
    )
}

/// Pays the deposit or all that is pending ('anticipo', 'pendiente') by card with the move's key,
/// as its client would; returns the payment's id.
async fn pay(server: &TestServer, manager: &Caller, id: i64, kind: &str) -> String {
    let (_, staff) = manager.get(&format!("/api/mudanza/{id}")).await;
    let key = staff["mudanza"]["clave_pago"].as_str().unwrap().to_string();
    let (status, access) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/auth-pay",
            json!({"name": "Lucía Gómez", "password": key}),
        )
        .await;
    assert_eq!(status, 200, "{access}");
    let session = access["paymentId"].as_str().unwrap();
    let card = json!({"tipo": kind, "titular": "Lucía Gómez", "numero": "4242424242424242",
                      "caducidad": "12/39", "cvc": "123"});
    let (status, answer) = server
        .anonymous()
        .send(Method::POST, &format!("/api/pagos/{session}/tarjeta"), card)
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, staff) = manager.get(&format!("/api/mudanza/{id}")).await;
    staff["mudanza"]["pagos"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn stats(client: &Caller) -> Value {
    let (status, answer) = client.get("/api/mis-estadisticas").await;
    assert_eq!(status, 200, "{answer}");
    answer
}

async fn rate(client: &Caller, id: i64, rating: u8) {
    let (status, answer) = client
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/opinion"),
            json!({"rating": rating, "titulo": "Bien", "texto": "Todo llegó bien.", "recomendaria": true}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_clients_figures_come_from_their_own_moves_only(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    assert_eq!(server.anonymous().get("/api/mis-estadisticas").await.0, 401);
    for role in ["empleado", "empresario", "admin", "auditor"] {
        let staff = server.login_role(role).await;
        assert_eq!(staff.get("/api/mis-estadisticas").await.0, 403, "{role}");
    }
    let manager = server.login_role("empresario").await;

    // Unconfirmed, nothing is theirs; confirmed with no moves, nothing either.
    let unconfirmed = server
        .register_client("sin.confirmar@example.com", PASSWORD)
        .await;
    let answer = stats(&unconfirmed).await;
    assert_eq!(answer["email_confirmado"], false, "{answer}");
    let ana = server.confirmed_client(ANA, PASSWORD).await;
    assert_eq!(
        stats(&ana).await,
        json!({"success": true, "email_confirmado": true, "mudanzas_realizadas": 0,
               "total_pagado_cents": 0, "valoracion_media": null, "valoraciones": 0,
               "ahorro_cents": 0, "mudanzas_con_ahorro": 0})
    );

    // A finished move she paid 100 € of and was refunded 40 € of, and rated 4 stars.
    let finished = create(&manager, move_body(ANA, None, None)).await;
    let payment = pay(&server, &manager, finished, "anticipo").await;
    let (status, answer) = manager
        .send(
            Method::POST,
            &format!("/api/mudanza/{finished}/reembolso"),
            json!({"paymentId": payment, "importe": 40.0, "motivo": "Sin limpieza"}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    to_status(
        &manager,
        finished,
        &["confirmada", "en curso", "finalizada"],
    )
    .await;
    rate(&ana, finished, 4).await;

    // From a quote with the online discount, at the quote's price: the discount is saved.
    let (total, offered) = priced(&server, None).await;
    assert!(
        offered < total,
        "a quote offers less than the itemised total"
    );
    let discounted = request_quote(&server, ANA, None).await;
    let (_, inbox) = manager.get("/api/presupuestos").await;
    let entry = inbox["presupuestos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["id"] == discounted.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        entry["estimacion"],
        json!({"total_cents": total, "presupuesto_cents": offered, "sin_pack_cents": null}),
        "the quote keeps what it was priced with"
    );
    create(&manager, move_body(ANA, Some(&discounted), Some(offered))).await;

    // From a pack quote, priced lower than the quote: only the pack and the online discount are
    // counted, against the same request by volume without the pack.
    let by_volume = total;
    let (pack_total, pack_offered) = priced(&server, Some("esential")).await;
    let packed = request_quote(&server, ANA, Some("esential")).await;
    let (_, inbox) = manager.get("/api/presupuestos").await;
    let entry = inbox["presupuestos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["id"] == packed.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        entry["estimacion"],
        json!({"total_cents": pack_total, "presupuesto_cents": pack_offered,
               "sin_pack_cents": by_volume})
    );
    create(
        &manager,
        move_body(ANA, Some(&packed), Some(pack_offered - 5_000)),
    )
    .await;
    let pack_saving = by_volume - pack_offered;
    assert!(pack_saving > 0, "the small pack saves on this request");

    // A pack dearer than going by volume saved nothing, whatever its online discount.
    let (_, premium_offered) = priced(&server, Some("premium")).await;
    assert!(
        premium_offered > by_volume,
        "{premium_offered} > {by_volume}"
    );
    let premium = request_quote(&server, "ana.premium@example.com", Some("premium")).await;
    create(
        &manager,
        move_body(ANA, Some(&premium), Some(premium_offered)),
    )
    .await;

    // Cancelled: neither made nor saved, though it came from a discounted quote.
    let cancelled_quote = request_quote(&server, ANA, None).await;
    let cancelled = create(
        &manager,
        move_body(ANA, Some(&cancelled_quote), Some(offered)),
    )
    .await;
    to_status(&manager, cancelled, &["cancelada"]).await;

    // Another client's moves, even one from a quote Ana's email asked for, are never hers.
    let other = server.confirmed_client(OTHER, PASSWORD).await;
    let theirs_quote = request_quote(&server, ANA, None).await;
    let theirs = create(
        &manager,
        move_body(OTHER, Some(&theirs_quote), Some(offered)),
    )
    .await;
    pay(&server, &manager, theirs, "pendiente").await;
    to_status(&manager, theirs, &["confirmada", "en curso", "finalizada"]).await;
    rate(&other, theirs, 1).await;

    let answer = stats(&ana).await;
    let expected_saving = (total - offered) + pack_saving;
    assert_eq!(
        answer,
        json!({"success": true, "email_confirmado": true, "mudanzas_realizadas": 1,
               "total_pagado_cents": 6_000, "valoracion_media": 4.0, "valoraciones": 1,
               "ahorro_cents": expected_saving,
               "mudanzas_con_ahorro": 2}),
        "pack {pack_total}/{pack_offered} against {by_volume} by volume"
    );

    let answer = stats(&other).await;
    assert_eq!(answer["mudanzas_realizadas"], 1, "{answer}");
    assert_eq!(answer["total_pagado_cents"], offered, "{answer}");
    assert_eq!(answer["valoracion_media"], 1.0, "{answer}");
    assert_eq!(
        answer["ahorro_cents"],
        total - offered,
        "their own quoted move: {answer}"
    );
}
