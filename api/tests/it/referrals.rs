//! 'Recomendar a un amigo' (issue 20 item 7) against a real server: a client's link, a friend's
//! registration and quote request attributed through it, the managers' inbox naming who
//! recommended us, and the client's count of friends, each person once. A code of nobody, of
//! staff or the requester's own attributes nothing and says nothing; one that is not a code is
//! refused on its field, and no input gives a 5xx.

use crate::common::{account, in_days, start, Caller, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";
const ANA: &str = "ana.recomienda@example.com";
const INVALID: &str = "El código de recomendación no es válido";

fn registration(email: &str, code: &str) -> Value {
    json!({
        "fullName": "Luis Amigo Pérez",
        "email": email,
        "password": PASSWORD,
        "phone": "612 345 678",
        "address": "Calle Mayor 1, 28013 Madrid",
        "acceptTerms": true,
        "referralCode": code,
    })
}

fn quote(email: &str, code: &str) -> Value {
    json!({
        "contact": {"name": "Luis Amigo", "email": email, "phone": "612 345 678", "preferredContact": "phone"},
        "moveDetails": {
            "origin": {"address": "Calle de Atocha 30, Centro, Madrid", "propertyType": "apartment_2_room",
                       "access": "normal", "floor": "third", "elevator": true},
            "destination": {"address": "Calle de Serrano 41, Salamanca, Madrid", "propertyType": "house_2_rooms",
                            "access": "normal", "floor": "ground", "elevator": false},
            "objects": [{"id": "caja-mediana", "quantity": 12}],
            "schedule": {"preferredDate": in_days(20), "flexibleDates": true, "timePreference": "morning"},
            "distance": 4.0,
            "duration": 12,
        },
        "consent": {"contact": true, "marketing": false},
        "referralCode": code,
    })
}

async fn mine(client: &Caller) -> Value {
    let (status, answer) = client.get("/api/mi-recomendacion").await;
    assert_eq!(status, 200, "{answer}");
    answer
}

/// Registers `email` through `code`: the new account's referrer, if any.
async fn register_through(server: &TestServer, email: &str, code: &str) -> Option<uuid::Uuid> {
    let (status, answer, _) = server.register(registration(email, code)).await;
    assert_eq!(status, 201, "{answer}");
    sqlx::query_scalar("SELECT recomendado_por FROM accounts WHERE email = $1")
        .bind(email)
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
}

/// Asks for a quote as `caller` through `code`; its inbox entry as managers read it.
async fn quote_through(server: &TestServer, caller: &Caller, email: &str, code: &str) -> Value {
    let (status, answer) = caller
        .send(
            Method::POST,
            "/api/submit-quote-request",
            quote(email, code),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let mut keys: Vec<&String> = answer.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        ["quote_id", "referencia", "success"],
        "the same answer with a code or without"
    );
    let id = answer["quote_id"].as_str().unwrap().to_string();
    let manager = server.login_role("empresario").await;
    let (status, inbox) = manager.get("/api/presupuestos").await;
    assert_eq!(status, 200, "{inbox}");
    inbox["presupuestos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["id"] == id.as_str())
        .cloned()
        .expect("the quote is in the inbox")
}

#[sqlx::test(migrations = "../migrations")]
async fn friends_through_the_link_are_attributed_shown_to_managers_and_counted_once(pool: PgPool) {
    let server = start(pool).await;
    let ana = server.register_client(ANA, PASSWORD).await;
    let link = mine(&ana).await;
    let code = link["codigo"].as_str().unwrap().to_string();
    assert!(command::referrals::is_code(&code), "{code}");
    assert_eq!(link["enlace"], format!("{}/?ref={code}", server.base));
    assert_eq!(link["amigos"], 0);
    // The code is the account's for good: asking again gives the same one.
    assert_eq!(mine(&ana).await["codigo"], code.as_str());

    // A friend registers through the link (the code as someone might have typed it).
    let ana_id: uuid::Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE email = $1")
        .bind(ANA)
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    let typed = format!("  {} ", code.to_lowercase());
    assert_eq!(
        register_through(&server, "luis.amigo@example.com", &typed).await,
        Some(ana_id)
    );
    assert_eq!(mine(&ana).await["amigos"], 1);

    // The same friend asks for a quote through it: attributed, and still one friend.
    let entry = quote_through(
        &server,
        &server.anonymous(),
        "Luis.Amigo@example.com",
        &code,
    )
    .await;
    assert_eq!(entry["recomendacion"], code.as_str());
    assert_eq!(entry["recomendado_por"], "Ana García López");
    assert_eq!(mine(&ana).await["amigos"], 1);

    // Someone else asks for a quote only: two friends.
    let other = quote_through(&server, &server.anonymous(), "eva.amiga@example.com", &code).await;
    assert_eq!(other["recomendado_por"], "Ana García López");
    assert_eq!(mine(&ana).await["amigos"], 2);

    // A quote without a link says nothing of recommendations.
    let plain = quote_through(&server, &server.anonymous(), "sin.enlace@example.com", "").await;
    assert!(plain.get("recomendacion").is_none(), "{plain}");
    assert!(plain.get("recomendado_por").is_none(), "{plain}");

    // Discarding answers with the same entry, who recommended us included.
    let manager = server.login_role("empresario").await;
    let path = format!(
        "/api/presupuestos/{}/descartar",
        other["id"].as_str().unwrap()
    );
    let (status, discarded) = manager.send(Method::POST, &path, json!({})).await;
    assert_eq!(status, 200, "{discarded}");
    assert_eq!(
        discarded["presupuesto"]["recomendado_por"],
        "Ana García López"
    );

    // Another client's count is theirs: nobody came through Marta's link.
    let marta = server.login_role("cliente").await;
    assert_eq!(mine(&marta).await["amigos"], 0);

    // Ana leaves: her friends stay, attributed to nobody the inbox can name.
    let (status, answer) = ana
        .send(
            Method::DELETE,
            "/api/eliminar-cuenta",
            json!({"password": PASSWORD, "email": ANA}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let referrer: Option<uuid::Uuid> =
        sqlx::query_scalar("SELECT recomendado_por FROM accounts WHERE email = $1")
            .bind("luis.amigo@example.com")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(referrer, None);
    let (_, inbox) = manager.get("/api/presupuestos").await;
    let still = inbox["presupuestos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["id"] == entry["id"])
        .unwrap()
        .clone();
    assert_eq!(still["recomendacion"], code.as_str());
    assert_eq!(still["recomendado_por"], Value::Null);
}

#[sqlx::test(migrations = "../migrations")]
async fn codes_of_nobody_of_staff_or_ones_own_attribute_nothing(pool: PgPool) {
    let server = start(pool).await;
    let ana = server.register_client(ANA, PASSWORD).await;
    let code = mine(&ana).await["codigo"].as_str().unwrap().to_string();
    let staff_code: String = sqlx::query_scalar(
        "SELECT codigo_recomendacion FROM accounts WHERE role = 'empresario' LIMIT 1",
    )
    .fetch_one(&server.state.pool)
    .await
    .unwrap();
    // Well-formed, nobody's: the alphabet has 31^8 codes and this one is not Ana's.
    let nobody = if code == "22222222" {
        "33333333"
    } else {
        "22222222"
    };

    for (email, attempt) in [
        ("nadie@example.com", nobody),
        ("personal@example.com", staff_code.as_str()),
    ] {
        assert_eq!(register_through(&server, email, attempt).await, None);
        let entry = quote_through(&server, &server.anonymous(), email, attempt).await;
        assert!(entry.get("recomendacion").is_none(), "{entry}");
    }

    // Ana's own quote through her own link, from her email, or signed in from another.
    let own = quote_through(&server, &server.anonymous(), ANA, &code).await;
    assert!(own.get("recomendacion").is_none(), "{own}");
    let signed_in = quote_through(&server, &ana, "otro.correo.de.ana@example.com", &code).await;
    assert!(signed_in.get("recomendacion").is_none(), "{signed_in}");
    assert_eq!(mine(&ana).await["amigos"], 0);

    // Who is not a client has no link.
    assert_eq!(server.anonymous().get("/api/mi-recomendacion").await.0, 401);
    let manager = server.login(&account("empresario")).await;
    assert_eq!(manager.get("/api/mi-recomendacion").await.0, 403);
}

#[sqlx::test(migrations = "../migrations")]
async fn what_is_not_a_code_is_refused_on_its_field_and_never_a_5xx(pool: PgPool) {
    let server = start(pool).await;
    let long = "7KQ2M9XA".repeat(5_000);
    let bad = [
        "7KQ2M9X",
        "7KQ2M9XAB",
        "OKQ2M9XA",
        "7KQ2 9XA",
        "ÑKQ2M9XA",
        "７KQ2M9XA",
        "\u{202e}7KQ2M9XA",
        "'; DROP TABLE accounts; --",
        long.as_str(),
    ];
    for (i, code) in bad.iter().enumerate() {
        let email = format!("malo{i}@example.com");
        let (status, answer, _) = server.register(registration(&email, code)).await;
        assert_eq!(status, 400, "{code:?}: {answer}");
        assert_eq!(answer["error"], INVALID);
        assert_eq!(answer["field"], "referralCode");
        let created: i64 = sqlx::query_scalar("SELECT count(*) FROM accounts WHERE email = $1")
            .bind(&email)
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
        assert_eq!(created, 0, "nothing written for {code:?}");

        let (status, answer) = server
            .anonymous()
            .send(
                Method::POST,
                "/api/submit-quote-request",
                quote(&email, code),
            )
            .await;
        assert_eq!(status, 400, "{code:?}: {answer}");
        assert_eq!(answer["error"], INVALID);
        assert_eq!(answer["field"], "referralCode");
    }
    let quotes: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type = 'quote.requested'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(quotes, 0);

    // Not a text at all, a text PostgreSQL cannot hold, or more than a request may carry:
    // refused, never a 5xx.
    for value in [
        json!(12345678),
        json!(["7KQ2M9XA"]),
        json!({"a": 1}),
        json!("7KQ2M9X\u{0}"),
    ] {
        let mut body = registration("tipo@example.com", "");
        body["referralCode"] = value.clone();
        let (status, answer, _) = server.register(body).await;
        assert!((400..500).contains(&status), "{value}: {status} {answer}");
        let mut body = quote("tipo@example.com", "");
        body["referralCode"] = value.clone();
        let (status, answer) = server
            .anonymous()
            .send(Method::POST, "/api/submit-quote-request", body)
            .await;
        assert!((400..500).contains(&status), "{value}: {status} {answer}");
    }
    let huge = "A".repeat(200_000);
    let (status, _) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/submit-quote-request",
            quote("grande@example.com", &huge),
        )
        .await;
    assert_eq!(status, 413);
}
