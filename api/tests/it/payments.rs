//! Card payments: access with the payment key (limited), the session, the test gateway's cards
//! as events and amounts, Redsys's signed notification (twice = once), refunds, new keys, roles,
//! the invoice, and card numbers never kept.

use crate::common::{
    account, in_days, move_of, projected, start, start_configured, wizard, Caller, TestServer,
};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use reqwest::header::CONTENT_TYPE;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const BAD_CREDENTIALS: &str = "Error de autenticación. Verifica tus credenciales.";
const TOO_MANY: &str = "Demasiados intentos. Espera antes de intentar de nuevo.";
const SECRET: &str = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";

/// A move made by the manager (total 454,96 €, deposit 100 €): (id, client name, key).
async fn new_move(server: &TestServer) -> (i64, String, String) {
    let manager = server.login_role("empresario").await;
    let (status, body) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard(in_days(20)))
        .await;
    assert_eq!(status, 200, "{body}");
    let id = body["mudanza_id"].as_i64().unwrap();
    let (_, m) = manager.get(&format!("/api/mudanza/{id}")).await;
    let key = m["mudanza"]["clave_pago"]
        .as_str()
        .expect("a key")
        .to_string();
    (id, "Lucía Gómez".into(), key)
}

async fn access(caller: &Caller, name: &str, key: &str) -> (u16, Value) {
    caller
        .send(
            Method::POST,
            "/api/auth-pay",
            json!({"name": name, "password": key}),
        )
        .await
}

async fn session(server: &TestServer, name: &str, key: &str) -> String {
    let (status, body) = access(&server.anonymous(), name, key).await;
    assert_eq!(status, 200, "{body}");
    body["paymentId"].as_str().unwrap().to_string()
}

fn card(kind: &str, number: &str) -> Value {
    json!({"tipo": kind, "titular": "Lucía Gómez", "numero": number, "caducidad": "12/39", "cvc": "123"})
}

async fn staff_move(server: &TestServer, id: i64) -> Value {
    let (_, body) = server
        .login_role("empresario")
        .await
        .get(&format!("/api/mudanza/{id}"))
        .await;
    body["mudanza"].clone()
}

async fn events_of(pool: &PgPool, id: i64) -> Vec<(String, Value)> {
    sqlx::query_as(
        "SELECT event_type, data FROM events WHERE stream_id = 'move-' || $1 ORDER BY position",
    )
    .bind(id)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn every_new_move_gets_a_key_that_opens_a_session(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, name, key) = new_move(&server).await;
    assert_eq!(key.len(), 9, "shown as XXXX-XXXX: {key}");
    let types: Vec<String> = events_of(&pool, id)
        .await
        .into_iter()
        .map(|e| e.0)
        .collect();
    assert_eq!(types[..2], ["move.created", "move.payment_key_issued"]);

    // Case, accents, spaces and the dash do not matter.
    let (status, body) = access(
        &server.anonymous(),
        "  lucia GOMEZ ",
        &key.replace('-', "").to_lowercase(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Acceso concedido");
    let (status, body) = server
        .anonymous()
        .get(&format!(
            "/api/pagos/{}",
            body["paymentId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status, 200);
    let payment = &body["pago"];
    assert_eq!(payment["mudanzaId"], id);
    assert_eq!(payment["total"], 454.96);
    assert_eq!(payment["pagado"], 0.0);
    assert_eq!(payment["estado_pago"], "pending");
    assert_eq!(payment["proveedor"], "prueba");
    assert_eq!(
        payment["opciones"],
        json!([
            {"tipo": "anticipo", "etiqueta": "Anticipo para reservar la fecha", "importe": 100.0},
            {"tipo": "pendiente", "etiqueta": "Todo lo pendiente", "importe": 454.96},
        ])
    );

    // Wrong name, wrong key, empty fields.
    for (n, k) in [("Otra Persona", key.as_str()), (name.as_str(), "AAAA-BBBB")] {
        let (status, body) = access(&server.anonymous(), n, k).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (401, Some(BAD_CREDENTIALS))
        );
    }
    let (status, body) = access(&server.anonymous(), "  ", &key).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Por favor completa todos los campos"))
    );
    // An unknown or expired session.
    let (status, body) = server
        .anonymous()
        .get(&format!("/api/pagos/{}", uuid::Uuid::new_v4()))
        .await;
    assert_eq!(status, 404);
    assert!(body["error"].as_str().unwrap().contains("ha caducado"));
    let sid = session(&server, &name, &key).await;
    sqlx::query("UPDATE payment_sessions SET expires_at = now() - interval '1 second'")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(
        server.anonymous().get(&format!("/api/pagos/{sid}")).await.0,
        404
    );

    // Workers never see the key; a new key replaces the old.
    let worker = server.login_role("empleado").await;
    let (_, list) = worker.get("/api/todas-las-mudanzas").await;
    assert!(!list.to_string().contains("clave_pago"));
    let manager = server.login_role("empresario").await;
    let (status, fresh) = manager
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/clave-pago"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let fresh = fresh["clave_pago"].as_str().unwrap();
    assert_ne!(fresh, key);
    assert_eq!(access(&server.anonymous(), &name, &key).await.0, 401);
    assert_eq!(access(&server.anonymous(), &name, fresh).await.0, 200);
    assert_eq!(
        worker
            .send(
                Method::POST,
                &format!("/api/mudanza/{id}/clave-pago"),
                json!({})
            )
            .await
            .0,
        403
    );
    assert_eq!(
        server
            .anonymous()
            .send(
                Method::POST,
                &format!("/api/mudanza/{id}/clave-pago"),
                json!({})
            )
            .await
            .0,
        401
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn wrong_keys_are_limited_per_name_and_per_address(pool: PgPool) {
    let server = start(pool).await;
    let (_, name, key) = new_move(&server).await;
    for _ in 0..5 {
        assert_eq!(access(&server.anonymous(), &name, "ZZZZ-ZZZZ").await.0, 401);
    }
    // The name is locked for the window, even with the right key.
    let (status, body) = access(&server.anonymous(), &name, &key).await;
    assert_eq!((status, body["error"].as_str()), (429, Some(TOO_MANY)));
    // The address too, after 10 failures whatever the names.
    for i in 0..5 {
        assert_eq!(
            access(&server.anonymous(), &format!("Nombre {i}"), "ZZZZ-ZZZZ")
                .await
                .0,
            401
        );
    }
    let (status, body) = access(&server.anonymous(), "Otro Nombre", "ZZZZ-ZZZZ").await;
    assert_eq!((status, body["error"].as_str()), (429, Some(TOO_MANY)));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_test_cards_become_events_amounts_and_invoice_lines(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, name, key) = new_move(&server).await;
    let sid = session(&server, &name, &key).await;
    let payer = server.anonymous();
    let pay = |body: Value| {
        let payer = payer.clone();
        let sid = sid.clone();
        async move {
            payer
                .send(Method::POST, &format!("/api/pagos/{sid}/tarjeta"), body)
                .await
        }
    };

    // Refused cards: 402 with the reason, a failed event, no money.
    for (number, reason) in [
        ("4000 0000 0000 0002", "denegada"),
        ("4000000000009995", "fondos_insuficientes"),
        ("4000000000000069", "caducada"),
    ] {
        let (status, body) = pay(card("anticipo", number)).await;
        assert_eq!(status, 402, "{body}");
        assert_eq!(body["motivo"], reason);
        assert!(
            body["error"].as_str().unwrap().starts_with("La tarjeta")
                || reason == "fondos_insuficientes"
        );
    }
    // Bad fields: 400 naming the field, nothing recorded.
    let before = events_of(&pool, id).await.len();
    for (body, field) in [
        (card("anticipo", "4242 4242 4242 4241"), "numero"),
        (
            json!({"tipo": "anticipo", "titular": "", "numero": "4242424242424242", "caducidad": "12/39", "cvc": "123"}),
            "titular",
        ),
        (
            json!({"tipo": "anticipo", "titular": "A", "numero": "4242424242424242", "caducidad": "01/20", "cvc": "123"}),
            "caducidad",
        ),
        (
            json!({"tipo": "anticipo", "titular": "A", "numero": "4242424242424242", "caducidad": "12/39", "cvc": "12"}),
            "cvc",
        ),
    ] {
        let (status, answer) = pay(body).await;
        assert_eq!(
            (status, answer["field"].as_str()),
            (400, Some(field)),
            "{answer}"
        );
    }
    assert_eq!(events_of(&pool, id).await.len(), before);
    let m = staff_move(&server, id).await;
    assert_eq!(
        (m["pagado"].as_f64(), m["estado_pago"].as_str()),
        (Some(0.0), Some("pending"))
    );
    assert_eq!(
        m["pagos"].as_array().unwrap().len(),
        3,
        "three failed attempts"
    );

    // The deposit with a good card: partial.
    let (status, body) = pay(card("anticipo", "4242424242424242")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["importe"].as_f64(),
            body["marca"].as_str(),
            body["ultimos4"].as_str()
        ),
        (Some(100.0), Some("visa"), Some("4242"))
    );
    let m = staff_move(&server, id).await;
    assert_eq!(m["pagado"], 100.0);
    assert_eq!(m["pago_pendiente"], 354.96);
    assert_eq!(m["estado_pago"], "partial");
    // The deposit is covered: only the rest can be paid now.
    let (_, summary) = payer.get(&format!("/api/pagos/{sid}")).await;
    assert_eq!(
        summary["pago"]["opciones"],
        json!([{"tipo": "pendiente", "etiqueta": "Todo lo pendiente", "importe": 354.96}])
    );
    let (status, body) = pay(card("anticipo", "4242424242424242")).await;
    assert_eq!(status, 409, "{body}");

    // The invoice shows the payment; then the rest is paid and it shows that.
    let manager = server.login_role("empresario").await;
    let (_, invoice) = manager
        .send(
            reqwest::Method::POST,
            &format!("/api/factura/{id}/emitir"),
            json!({}),
        )
        .await;
    let charges = &invoice["factura"]["cobros"];
    assert_eq!(
        (charges["pagado"].as_f64(), charges["pendiente"].as_f64()),
        (Some(100.0), Some(354.96))
    );
    assert_eq!(
        charges["pagos"].as_array().unwrap().len(),
        1,
        "failed attempts are not on the invoice"
    );
    let (status, _) = pay(card("pendiente", "5555 5555 5555 4444")).await;
    assert_eq!(status, 200);
    let (_, invoice) = manager.get(&format!("/api/factura/{id}")).await;
    let charges = &invoice["factura"]["cobros"];
    assert_eq!(
        (
            charges["pagado"].as_f64(),
            charges["pendiente"].as_f64(),
            charges["estado_pago"].as_str()
        ),
        (Some(454.96), Some(0.0), Some("paid"))
    );
    let (status, body) = pay(card("pendiente", "4242424242424242")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            409,
            Some("No hay ningún importe pendiente de pago en esta mudanza.")
        )
    );

    // The client's dashboard view says it too (and, like every view change, the live feed).
    let client_view: Value = sqlx::query_scalar("SELECT doc FROM move_client_view WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        (
            client_view["pagado"].as_f64(),
            client_view["pendiente"].as_f64(),
            client_view["estado_pago"].as_str()
        ),
        (Some(454.96), Some(0.0), Some("paid"))
    );

    // No card number nor CVC anywhere in the log.
    let log: String =
        sqlx::query_scalar("SELECT string_agg(data::text || metadata::text, ' ') FROM events")
            .fetch_one(&pool)
            .await
            .unwrap();
    for secret in [
        "4242424242424242",
        "4242 4242",
        "5555555555554444",
        "4000000000000002",
    ] {
        assert!(!log.contains(secret), "{secret} stored");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn refunds_by_the_staff_only_and_never_more_than_paid(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, name, key) = new_move(&server).await;
    let sid = session(&server, &name, &key).await;
    let (status, _) = server
        .anonymous()
        .send(
            Method::POST,
            &format!("/api/pagos/{sid}/tarjeta"),
            card("anticipo", "4242424242424242"),
        )
        .await;
    assert_eq!(status, 200);
    let m = staff_move(&server, id).await;
    let payment = m["pagos"][0]["id"].as_str().unwrap().to_string();
    let manager = server.login_role("empresario").await;
    let refund = |body: Value| {
        let manager = manager.clone();
        async move {
            manager
                .send(Method::POST, &format!("/api/mudanza/{id}/reembolso"), body)
                .await
        }
    };
    let (status, body) = refund(
        json!({"paymentId": payment, "importe": 40.0, "motivo": "Servicio de limpieza cancelado"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mudanza"]["pagado"], 60.0);
    assert_eq!(body["mudanza"]["pagos"][0]["estado"], "reembolsado");
    let (status, body) =
        refund(json!({"paymentId": payment, "importe": 60.01, "motivo": "x"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            400,
            Some("No se puede reembolsar más de lo pagado con ese cobro.")
        )
    );
    let (status, body) = refund(json!({"paymentId": payment, "motivo": ""})).await;
    assert_eq!((status, body["field"].as_str()), (400, Some("motivo")));
    // The rest, without an amount.
    let (status, body) = refund(json!({"paymentId": payment, "motivo": "Mudanza anulada"})).await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            body["mudanza"]["pagado"].as_f64(),
            body["mudanza"]["estado_pago"].as_str()
        ),
        (Some(0.0), Some("pending"))
    );
    for caller in [
        server.login_role("empleado").await,
        server.login_role("auditor").await,
    ] {
        let (status, _) = caller
            .send(
                Method::POST,
                &format!("/api/mudanza/{id}/reembolso"),
                json!({"paymentId": payment, "motivo": "x"}),
            )
            .await;
        assert_eq!(status, 403);
    }
}

// ---------------------------------------------------------------------------------------------
// Redsys, against a simulator of its side of the protocol: the signed form we hand the payer,
// and the signed notification Redsys posts back.

mod redsys {
    use super::*;

    pub fn config() -> api::payments::RedsysConfig {
        api::payments::RedsysConfig {
            merchant_code: "999008881".into(),
            terminal: "1".into(),
            secret_key: SECRET.into(),
            url: "https://sis-t.redsys.es:25443/sis/realizarPago".into(),
        }
    }

    /// Redsys's signature over `parameters` for `order`, base64url as Redsys sends it. The
    /// signer is the server's own, checked against Redsys's published example in
    /// api/src/payments.rs's unit tests.
    pub fn sign(order: &str, parameters: &str) -> String {
        api::payments::Redsys(config())
            .sign(order, parameters)
            .expect("a signature")
            .replace('+', "-")
            .replace('/', "_")
    }

    pub async fn notify(server: &TestServer, fields: &[(&str, String)]) -> u16 {
        let body: String = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(fields.iter().map(|(k, v)| (*k, v.as_str())))
            .finish();
        server
            .http
            .post(format!("{}/api/pagos/redsys/notificacion", server.base))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_redsys_notification_received_twice_records_one_payment(pool: PgPool) {
    let server = start_configured(pool.clone(), Default::default(), None, |config| {
        config.redsys = Some(redsys::config());
    })
    .await;
    let (id, name, key) = new_move(&server).await;
    let sid = session(&server, &name, &key).await;
    let payer = server.anonymous();
    let (_, summary) = payer.get(&format!("/api/pagos/{sid}")).await;
    assert_eq!(summary["pago"]["proveedor"], "redsys");
    // The card form is not for Redsys.
    let (status, _) = payer
        .send(
            Method::POST,
            &format!("/api/pagos/{sid}/tarjeta"),
            card("anticipo", "4242424242424242"),
        )
        .await;
    assert_eq!(status, 409);

    let (status, form) = payer
        .send(
            Method::POST,
            &format!("/api/pagos/{sid}/redsys"),
            json!({"tipo": "anticipo"}),
        )
        .await;
    assert_eq!(status, 200, "{form}");
    let fields = &form["campos"];
    assert_eq!(fields["Ds_SignatureVersion"], "HMAC_SHA256_V1");
    let sent = fields["Ds_MerchantParameters"].as_str().unwrap();
    let request: Value = serde_json::from_slice(&STANDARD.decode(sent).unwrap()).unwrap();
    let order = request["DS_MERCHANT_ORDER"].as_str().unwrap().to_string();
    assert_eq!(request["DS_MERCHANT_AMOUNT"], "10000");
    assert!(request["DS_MERCHANT_URLOK"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/pago-exitoso?id={sid}")));
    // The form is signed over exactly the parameters it carries, with its own order number
    // (the signer itself is checked against Redsys's example in the unit tests).
    assert_eq!(
        redsys::sign(&order, sent),
        fields["Ds_Signature"]
            .as_str()
            .unwrap()
            .replace('+', "-")
            .replace('/', "_")
    );

    let notification = |amount: &str, response: &str| {
        let parameters = STANDARD.encode(
            json!({
                "Ds_Date": "21%2F11%2F2026", "Ds_Amount": amount, "Ds_Currency": "978",
                "Ds_Order": order, "Ds_MerchantCode": "999008881", "Ds_Terminal": "001",
                "Ds_Response": response, "Ds_AuthorisationCode": "123456", "Ds_Card_Brand": "1",
                "Ds_Card_Number": "454881******0004",
            })
            .to_string(),
        );
        let signature = redsys::sign(&order, &parameters);
        vec![
            ("Ds_SignatureVersion", "HMAC_SHA256_V1".to_string()),
            ("Ds_MerchantParameters", parameters),
            ("Ds_Signature", signature),
        ]
    };
    let authentic = notification("10000", "0000");
    // A forged signature, or another amount: refused, nothing recorded.
    let mut forged = authentic.clone();
    forged[2].1 = redsys::sign("0000XXXXXXXX", &forged[1].1);
    assert_eq!(redsys::notify(&server, &forged).await, 400);
    assert_eq!(
        redsys::notify(&server, &notification("1", "0000")).await,
        400
    );
    let before = events_of(&pool, id).await.len();

    assert_eq!(redsys::notify(&server, &authentic).await, 200);
    assert_eq!(redsys::notify(&server, &authentic).await, 200);
    let events = events_of(&pool, id).await;
    let payments: Vec<&Value> = events
        .iter()
        .filter(|(t, _)| t == "move.payment_authorised")
        .map(|(_, d)| d)
        .collect();
    assert_eq!(events.len(), before + 1);
    assert_eq!(payments.len(), 1, "one payment for two notifications");
    assert_eq!(payments[0]["amount_cents"], 10000);
    assert_eq!(payments[0]["last4"], "0004");
    assert_eq!(payments[0]["brand"], "visa");
    assert_eq!(payments[0]["provider"], "redsys");
    let m = staff_move(&server, id).await;
    assert_eq!(
        (m["pagado"].as_f64(), m["estado_pago"].as_str()),
        (Some(100.0), Some("partial"))
    );
}

/// The refusals a payer may get when another payment got in first: all 409, all Spanish.
const IN_PROGRESS: &str =
    "Ya hay un pago en curso en esta mudanza. Espera unos segundos y vuelve a intentarlo.";
const NOTHING_DUE: &str = "No hay ningún importe pendiente de pago en esta mudanza.";
const OPTION_GONE: &str =
    "El importe a pagar ha cambiado. Vuelve a la página de pago para ver el importe actual.";

/// Fires ten card payments of `tipo` at once, over `sessions` in turn (so some share a session
/// and some do not): (status, error) of each.
async fn ten_at_once(server: &TestServer, sessions: &[String], kind: &str) -> Vec<(u16, Value)> {
    let payer = server.anonymous();
    let attempts = (0..10).map(|i| {
        let payer = payer.clone();
        let path = format!("/api/pagos/{}/tarjeta", sessions[i % sessions.len()]);
        async move {
            payer
                .send(Method::POST, &path, card(kind, "4242424242424242"))
                .await
        }
    });
    futures::future::join_all(attempts).await
}

fn authorisations(events: &[(String, Value)]) -> Vec<i64> {
    events
        .iter()
        .filter(|(t, _)| t == "move.payment_authorised")
        .map(|(_, d)| d["amount_cents"].as_i64().unwrap())
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn concurrent_card_payments_charge_once_per_pending_amount(pool: PgPool) {
    let server = start(pool.clone()).await;
    let (id, name, key) = new_move(&server).await;
    let mut sessions = Vec::new();
    for _ in 0..3 {
        sessions.push(session(&server, &name, &key).await);
    }
    let check = |answers: &[(u16, Value)]| {
        let ok = answers.iter().filter(|(s, _)| *s == 200).count();
        assert_eq!(ok, 1, "exactly one payment goes through: {answers:?}");
        for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
            assert_eq!(*status, 409, "{body}");
            let error = body["error"].as_str().unwrap_or_default();
            assert!(
                [IN_PROGRESS, NOTHING_DUE, OPTION_GONE].contains(&error),
                "a Spanish refusal: {body}"
            );
        }
    };

    // Ten deposits at once: one is charged.
    check(&ten_at_once(&server, &sessions, "anticipo").await);
    assert_eq!(authorisations(&events_of(&pool, id).await), [10000]);
    // Ten payments of all that is pending at once: one is charged, the rest owe nothing.
    check(&ten_at_once(&server, &sessions, "pendiente").await);
    let events = events_of(&pool, id).await;
    assert_eq!(authorisations(&events), [10000, 35496]);
    assert_eq!(authorisations(&events).iter().sum::<i64>(), 45496);
    let m = staff_move(&server, id).await;
    assert_eq!(
        (m["pagado"].as_f64(), m["pago_pendiente"].as_f64()),
        (Some(454.96), Some(0.0))
    );
    assert_eq!(m["estado_pago"], "paid");
    // Nothing more to pay, however many try.
    let answers = ten_at_once(&server, &sessions, "pendiente").await;
    assert!(answers.iter().all(|(s, _)| *s == 409), "{answers:?}");
    assert_eq!(authorisations(&events_of(&pool, id).await).len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_second_redsys_order_is_refused_while_one_is_open(pool: PgPool) {
    let server = start_configured(pool.clone(), Default::default(), None, |config| {
        config.redsys = Some(redsys::config());
    })
    .await;
    let (_, name, key) = new_move(&server).await;
    let (first, second) = (
        session(&server, &name, &key).await,
        session(&server, &name, &key).await,
    );
    let payer = server.anonymous();
    let form = |sid: &str, kind: &str| {
        let payer = payer.clone();
        let path = format!("/api/pagos/{sid}/redsys");
        let body = json!({ "tipo": kind });
        async move { payer.send(Method::POST, &path, body).await }
    };
    let order_of = |form: &Value| {
        let sent = form["campos"]["Ds_MerchantParameters"].as_str().unwrap();
        let request: Value = serde_json::from_slice(&STANDARD.decode(sent).unwrap()).unwrap();
        request["DS_MERCHANT_ORDER"].as_str().unwrap().to_string()
    };
    let (status, opened) = form(&first, "anticipo").await;
    assert_eq!(status, 200, "{opened}");
    // The same session asking again gets the same order (the bank pays an order once).
    let (status, again) = form(&first, "anticipo").await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(order_of(&again), order_of(&opened));
    // Another session, or another amount, while that order is open: refused before any bank
    // page is shown.
    for (sid, kind) in [
        (&second, "anticipo"),
        (&second, "pendiente"),
        (&first, "pendiente"),
    ] {
        let (status, body) = form(sid, kind).await;
        assert_eq!((status, body["error"].as_str()), (409, Some(IN_PROGRESS)));
    }
    let orders: i64 = sqlx::query_scalar("SELECT count(*) FROM payment_orders")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(orders, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_key_ends_the_sessions_opened_with_the_old_one(pool: PgPool) {
    // Two server processes on one database: the key is reissued on one, the old session is
    // used on the other.
    let (one, other) = (start(pool.clone()).await, start(pool.clone()).await);
    let (id, name, key) = new_move(&one).await;
    let old = session(&other, &name, &key).await;
    assert_eq!(
        other.anonymous().get(&format!("/api/pagos/{old}")).await.0,
        200
    );
    let (status, fresh) = one
        .login_role("empresario")
        .await
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/clave-pago"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{fresh}");
    let fresh = fresh["clave_pago"].as_str().unwrap().to_string();

    let payer = other.anonymous();
    let (status, body) = payer.get(&format!("/api/pagos/{old}")).await;
    assert_eq!(status, 404, "{body}");
    assert!(body["error"].as_str().unwrap().contains("ha caducado"));
    let before = events_of(&pool, id).await.len();
    let (status, body) = payer
        .send(
            Method::POST,
            &format!("/api/pagos/{old}/tarjeta"),
            card("anticipo", "4242424242424242"),
        )
        .await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(events_of(&pool, id).await.len(), before, "nothing charged");
    // The new key opens a session that pays.
    let new = session(&other, &name, &fresh).await;
    let (status, body) = payer
        .send(
            Method::POST,
            &format!("/api/pagos/{new}/tarjeta"),
            card("anticipo", "4242424242424242"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// A move of 454,96 € on `fecha`, cancelled by the manager now: (id, client name, key).
async fn cancelled_move(server: &TestServer, date: chrono::NaiveDate) -> (i64, String, String) {
    let manager = server.login_role("empresario").await;
    let (status, body) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard(date))
        .await;
    assert_eq!(status, 200, "{body}");
    let id = body["mudanza_id"].as_i64().unwrap();
    let (status, body) = manager
        .send(
            Method::PUT,
            "/api/actualizar-estado-mudanza",
            json!({"mudanza_id": id, "nuevo_estado": "cancelada"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let key = staff_move(server, id).await["clave_pago"]
        .as_str()
        .unwrap()
        .to_string();
    (id, "Lucía Gómez".into(), key)
}

async fn client_doc(pool: &PgPool, id: i64) -> Value {
    sqlx::query_scalar("SELECT doc FROM move_client_view WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_cancelled_move_owes_its_cancellation_fee_only(pool: PgPool) {
    let server = start(pool.clone()).await;

    // Three days ahead: more than 48 hours' notice, free. Nothing is pending anywhere.
    let (free, name, key) = cancelled_move(&server, in_days(3)).await;
    let m = staff_move(&server, free).await;
    assert_eq!(
        (
            m["gastos_cancelacion"].as_f64(),
            m["pago_pendiente"].as_f64(),
            m["estado_pago"].as_str()
        ),
        (Some(0.0), Some(0.0), Some("paid")),
        "{m}"
    );
    let client = client_doc(&pool, free).await;
    assert_eq!(
        (
            client["pendiente"].as_f64(),
            client["gastos_cancelacion"].as_f64()
        ),
        (Some(0.0), Some(0.0))
    );
    let sid = session(&server, &name, &key).await;
    let payer = server.anonymous();
    let (_, summary) = payer.get(&format!("/api/pagos/{sid}")).await;
    assert_eq!(summary["pago"]["pendiente"], 0.0);
    assert_eq!(summary["pago"]["opciones"], json!([]));
    let (status, body) = payer
        .send(
            Method::POST,
            &format!("/api/pagos/{sid}/tarjeta"),
            card("pendiente", "4242424242424242"),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("cancelada"));
    // Workers see no money, the fee included.
    let (_, list) = server
        .login_role("empleado")
        .await
        .get("/api/todas-las-mudanzas")
        .await;
    assert!(!list.to_string().contains("gastos_cancelacion"));

    // Today: less than 24 hours' notice, half the quote. The fee is in the log with the
    // cancellation, and it is all that can be paid.
    let (late, name, key) = cancelled_move(&server, in_days(0)).await;
    let events = events_of(&pool, late).await;
    let (_, cancellation) = events
        .iter()
        .rfind(|(t, _)| t == "move.status_changed")
        .unwrap();
    assert_eq!(cancellation["cancellation_fee_cents"], 22748);
    let m = staff_move(&server, late).await;
    assert_eq!(
        (
            m["gastos_cancelacion"].as_f64(),
            m["pago_pendiente"].as_f64(),
            m["estado_pago"].as_str()
        ),
        (Some(227.48), Some(227.48), Some("pending"))
    );
    assert_eq!(client_doc(&pool, late).await["pendiente"], 227.48);
    let sid = session(&server, &name, &key).await;
    let (_, summary) = payer.get(&format!("/api/pagos/{sid}")).await;
    assert_eq!(
        summary["pago"]["opciones"],
        json!([{"tipo": "pendiente", "etiqueta": "Gastos de cancelación", "importe": 227.48}])
    );
    let path = format!("/api/pagos/{sid}/tarjeta");
    let pay = |kind: &str| payer.send(Method::POST, &path, card(kind, "4242424242424242"));
    assert_eq!(
        pay("anticipo").await.0,
        409,
        "no deposit on a cancelled move"
    );
    let (status, body) = pay("pendiente").await;
    assert_eq!(
        (status, body["importe"].as_f64()),
        (200, Some(227.48)),
        "{body}"
    );
    let m = staff_move(&server, late).await;
    assert_eq!(
        (
            m["pagado"].as_f64(),
            m["pago_pendiente"].as_f64(),
            m["estado_pago"].as_str()
        ),
        (Some(227.48), Some(0.0), Some("paid"))
    );
    assert_eq!(pay("pendiente").await.0, 409, "the fee is paid once");

    // Back from cancelada, the move owes its total again, less what was paid.
    let (status, _) = server
        .login_role("empresario")
        .await
        .send(
            Method::PUT,
            "/api/actualizar-estado-mudanza",
            json!({"mudanza_id": late, "nuevo_estado": "pendiente"}),
        )
        .await;
    assert_eq!(status, 200);
    let m = staff_move(&server, late).await;
    assert!(m.get("gastos_cancelacion").is_none(), "{m}");
    assert_eq!(
        (m["pago_pendiente"].as_f64(), m["estado_pago"].as_str()),
        (Some(227.48), Some("partial"))
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_signed_in_client_pays_their_own_move_without_its_key(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = server.login_role("cliente").await;
    let own = move_of(&pool, &account("cliente").login).await;
    let open = |caller: Caller, id: i64| async move {
        caller
            .send(
                Method::POST,
                &format!("/api/mi-mudanza/{id}/pago"),
                json!({}),
            )
            .await
    };

    let (status, body) = open(client.clone(), own).await;
    assert_eq!(status, 200, "{body}");
    let sid = body["paymentId"].as_str().unwrap().to_string();
    let (status, summary) = client.get(&format!("/api/pagos/{sid}")).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["pago"]["mudanzaId"], own);
    // Whatever can be paid now, as the page offers it.
    let kind = summary["pago"]["opciones"][0]["tipo"]
        .as_str()
        .expect("something to pay")
        .to_string();
    let before = events_of(&pool, own).await.len();
    let (status, paid) = client
        .send(
            Method::POST,
            &format!("/api/pagos/{sid}/tarjeta"),
            card(&kind, "4242424242424242"),
        )
        .await;
    assert_eq!(status, 200, "{paid}");
    let events = events_of(&pool, own).await;
    assert!(
        events[before..]
            .iter()
            .any(|(kind, _)| kind == "move.payment_authorised"),
        "{events:?}"
    );

    // Nobody else opens it this way: another client's move is not found, staff and visitors are
    // refused, and nothing is opened for them.
    let (other, _, _) = new_move(&server).await;
    let sessions = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM payment_sessions")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let opened = sessions().await;
    assert_eq!(open(client.clone(), other).await.0, 404);
    assert_eq!(open(server.anonymous(), own).await.0, 401);
    for role in ["empleado", "empresario", "admin", "auditor"] {
        assert_eq!(
            open(server.login_role(role).await, own).await.0,
            403,
            "{role}"
        );
    }
    assert_eq!(sessions().await, opened);

    // A new key ends that session as it ends the key flow's; the client simply opens another.
    let (status, _) = server
        .login_role("empresario")
        .await
        .send(
            Method::POST,
            &format!("/api/mudanza/{own}/clave-pago"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(client.get(&format!("/api/pagos/{sid}")).await.0, 404);
    let (status, body) = open(client.clone(), own).await;
    assert_eq!(status, 200, "{body}");
    let fresh = body["paymentId"].as_str().unwrap();
    assert_eq!(client.get(&format!("/api/pagos/{fresh}")).await.0, 200);
}
