//! The client is told what happens to their move (issue 20 item 4): by email and SMS, as their
//! preferences say, exactly once, through a real SMTP server and a local fake of the SMS
//! provider's HTTP API.

use std::time::{Duration, Instant};

use crate::common::smtpd::Smtpd;
use crate::common::{
    account, account_by_login, in_days, start, start_configured, wizard, Caller, TestServer,
};
use api::StartOptions;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Form, Json, Router};
use base64::Engine;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::sync::mpsc;

const MARTA: &str = "cliente@mudanzas.test";

/// Marta's profile as the seed left it, with these notice preferences.
async fn marta_wants(server: &TestServer, email: bool, sms: bool) -> Caller {
    let marta = server.login(&account("cliente")).await;
    let (status, answer) = marta
        .send(
            Method::PUT,
            "/api/mi-perfil",
            json!({
                "nombre": "Marta", "apellido": "Sánchez", "telefono": "612 345 678",
                "direccion": "Calle de Alcalá 120, 3ºB", "ciudad": "Madrid", "codigo_postal": "28009",
                "email_alerts": email, "sms_alerts": sms, "marketing": false,
            }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    marta
}

/// A move created by a manager for `email` and `phone`; returns its id.
async fn move_for(manager: &Caller, email: &str, phone: &str) -> i64 {
    let mut body = wizard(in_days(10));
    body["cliente_email"] = json!(email);
    body["contacto_email"] = json!(email);
    body["cliente_telefono"] = json!(phone);
    let (status, answer) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{answer}");
    answer["mudanza_id"].as_i64().unwrap()
}

/// Waits until the notifier has passed everything appended so far.
async fn notified(server: &TestServer) {
    let head = server.state.store.max_position().await.unwrap();
    let started = Instant::now();
    loop {
        let at: Option<i64> =
            sqlx::query_scalar("SELECT position FROM projection_checkpoints WHERE name = $1")
                .bind(api::notify::NAME)
                .fetch_optional(&server.state.pool)
                .await
                .unwrap();
        if at.is_some_and(|p| p >= head) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the notifier is stuck at {at:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn sms_rows(server: &TestServer) -> Vec<(String, String)> {
    sqlx::query_as("SELECT para, texto FROM sms_outbox ORDER BY created_at, id")
        .fetch_all(&server.state.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_client_is_told_each_step_of_their_move_as_their_preferences_say(pool: PgPool) {
    let server = start(pool).await;
    marta_wants(&server, true, true).await;
    let manager = server.login_role("empresario").await;

    let id = move_for(&manager, MARTA, "612 345 678").await;
    let text = server
        .emailed(MARTA, &format!("Tu mudanza nº {id} está programada"))
        .await;
    assert!(
        text.starts_with("Hola, Lucía:"),
        "the move's client by first name: {text}"
    );

    assert_eq!(manager.set_status(id, "confirmada").await.0, 200);
    let text = server
        .emailed(MARTA, &format!("Tu mudanza nº {id} está confirmada"))
        .await;
    assert!(text.contains("/cliente"), "{text}");

    let worker = account("empleado");
    let worker_id: uuid::Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
        .bind(&worker.login)
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    let (status, answer) = manager
        .send(
            Method::POST,
            "/api/asignar-trabajador",
            json!({"mudanza_id": id, "worker_id": worker_id}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let text = server
        .emailed(MARTA, &format!("Ya tienes equipo para tu mudanza nº {id}"))
        .await;
    assert!(text.contains("Javier estará"), "{text}");
    assert!(
        !text.contains("Moreno"),
        "the crew by first name only: {text}"
    );

    notified(&server).await;
    let sms = sms_rows(&server).await;
    assert!(
        sms.iter().any(|(to, text)| to == "+34612345678"
            && text.contains(&format!("mudanza nº {id} está confirmada"))),
        "{sms:?}"
    );

    // Each notice once, even with a second process following the same log.
    let second = start(server.state.pool.clone()).await;
    assert_eq!(manager.set_status(id, "en curso").await.0, 200);
    server
        .emailed(MARTA, &format!("Tu mudanza nº {id} ha empezado"))
        .await;
    notified(&second).await;
    let subjects: Vec<String> = server
        .emails_to(MARTA)
        .await
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    for subject in [
        format!("Tu mudanza nº {id} está programada"),
        format!("Tu mudanza nº {id} está confirmada"),
        format!("Ya tienes equipo para tu mudanza nº {id}"),
        format!("Tu mudanza nº {id} ha empezado"),
    ] {
        assert_eq!(
            subjects.iter().filter(|s| **s == subject).count(),
            1,
            "{subject}: {subjects:?}"
        );
    }

    // Without email alerts, no email; without SMS alerts, no SMS.
    marta_wants(&server, false, false).await;
    let before = server.emails_to(MARTA).await.len();
    let sms_before = sms_rows(&server).await.len();
    assert_eq!(manager.set_status(id, "finalizada").await.0, 200);
    notified(&server).await;
    assert_eq!(server.emails_to(MARTA).await.len(), before);
    assert_eq!(sms_rows(&server).await.len(), sms_before);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_person_without_an_account_gets_the_emails_of_their_move_and_no_sms(pool: PgPool) {
    let server = start(pool).await;
    let manager = server.login_role("empresario").await;
    let id = move_for(&manager, "sin.cuenta@correo.es", "699 111 222").await;
    assert_eq!(manager.set_status(id, "confirmada").await.0, 200);
    server
        .emailed(
            "sin.cuenta@correo.es",
            &format!("Tu mudanza nº {id} está confirmada"),
        )
        .await;
    notified(&server).await;
    assert!(
        sms_rows(&server).await.is_empty(),
        "no SMS without an account's consent"
    );

    // Pablo has an account and left every notice off (the default).
    let pablo = account_by_login("pablo@mudanzas.test").email;
    let before = server.emails_to(&pablo).await.len();
    let id = move_for(&manager, &pablo, "612 000 111").await;
    assert_eq!(manager.set_status(id, "confirmada").await.0, 200);
    notified(&server).await;
    assert_eq!(server.emails_to(&pablo).await.len(), before);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn notices_reach_a_real_smtp_server(pool: PgPool) {
    let smtpd = Smtpd::start().await;
    let server = start_configured(pool, StartOptions::default(), None, |c| {
        c.smtp_url = Some(smtpd.url());
    })
    .await;
    marta_wants(&server, true, false).await;
    let manager = server.login_role("empresario").await;
    let id = move_for(&manager, MARTA, "612 345 678").await;
    assert_eq!(manager.set_status(id, "confirmada").await.0, 200);
    assert_eq!(manager.set_status(id, "en curso").await.0, 200);
    assert_eq!(manager.set_status(id, "finalizada").await.0, 200);

    let confirmed = smtpd
        .wait_for(&format!("Tu mudanza nº {id} está confirmada"))
        .await;
    assert_eq!(confirmed.to, MARTA);
    assert!(confirmed.text.starts_with("Hola, Lucía:"), "{confirmed:?}");
    let finished = smtpd
        .wait_for(&format!("Tu mudanza nº {id} ha terminado"))
        .await;
    assert!(
        finished.text.contains(&format!("/cliente?valorar={id}")),
        "a finished move invites its client to rate it: {finished:?}"
    );
}

/// What the fake provider received: the account in the path, the basic authentication, the form.
#[derive(Debug)]
struct Sent {
    account: String,
    authorization: String,
    form: std::collections::HashMap<String, String>,
}

/// A local fake of Twilio's Messages API: accepts every message (201 with its JSON) except to
/// +34699999999, which it refuses as Twilio refuses a number that cannot receive SMS (400, code
/// 21211).
async fn fake_twilio() -> (String, mpsc::UnboundedReceiver<Sent>) {
    async fn messages(
        State(tx): State<mpsc::UnboundedSender<Sent>>,
        Path(account): Path<String>,
        headers: HeaderMap,
        Form(form): Form<std::collections::HashMap<String, String>>,
    ) -> (StatusCode, Json<Value>) {
        let to = form.get("To").cloned().unwrap_or_default();
        let authorization = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        tx.send(Sent {
            account: account.clone(),
            authorization,
            form,
        })
        .ok();
        if to == "+34699999999" {
            return (
                StatusCode::BAD_REQUEST,
                Json(
                    json!({"code": 21211, "message": "The 'To' number +34699999999 is not a valid phone number.", "status": 400}),
                ),
            );
        }
        (
            StatusCode::CREATED,
            Json(
                json!({"sid": "SM0123456789abcdef0123456789abcdef", "account_sid": account, "to": to, "status": "queued"}),
            ),
        )
    }
    let (tx, rx) = mpsc::unbounded_channel();
    let app = Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            post(messages),
        )
        .with_state(tx);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, rx)
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn sms_go_out_through_the_providers_http_api(pool: PgPool) {
    let (base, mut received) = fake_twilio().await;
    let server = start_configured(pool, StartOptions::default(), None, |c| {
        c.sms = Some(api::sms::SmsConfig {
            api_url: base.clone(),
            account_sid: "AC00000000000000000000000000000001".into(),
            auth_token: "secreto".into(),
            from: "Mudanzas".into(),
        });
    })
    .await;
    marta_wants(&server, false, true).await;
    let manager = server.login_role("empresario").await;
    let id = move_for(&manager, MARTA, "612 345 678").await;
    assert_eq!(manager.set_status(id, "confirmada").await.0, 200);

    let mut confirmed = None;
    while confirmed.is_none() {
        let sent = tokio::time::timeout(Duration::from_secs(10), received.recv())
            .await
            .expect("the SMS reaches the provider")
            .unwrap();
        let body = sent.form.get("Body").cloned().unwrap_or_default();
        if body.contains(&format!("mudanza nº {id} está confirmada")) {
            confirmed = Some(sent);
        }
    }
    let sent = confirmed.unwrap();
    assert_eq!(sent.account, "AC00000000000000000000000000000001");
    let credentials = base64::engine::general_purpose::STANDARD
        .encode("AC00000000000000000000000000000001:secreto");
    assert_eq!(sent.authorization, format!("Basic {credentials}"));
    assert_eq!(sent.form["To"], "+34612345678");
    assert_eq!(sent.form["From"], "Mudanzas");

    // A number the provider refuses is kept with its reason and not tried again.
    let refused = move_for(&manager, MARTA, "699 999 999").await;
    assert_eq!(manager.set_status(refused, "confirmada").await.0, 200);
    let started = Instant::now();
    let (error, due): (Option<String>, bool) = loop {
        let row: Option<(Option<String>, bool)> = sqlx::query_as(
            "SELECT last_error, next_attempt_at = 'infinity' FROM sms_outbox WHERE para = '+34699999999' \
             AND last_error IS NOT NULL",
        )
        .fetch_optional(&server.state.pool)
        .await
        .unwrap();
        if let Some(row) = row {
            break row;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the refusal was not recorded"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(error
        .unwrap_or_default()
        .contains("not a valid phone number"));
    assert!(due, "never due again");
    // Sent ones leave the outbox.
    let left: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sms_outbox WHERE para = '+34612345678'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(left, 0);
}
