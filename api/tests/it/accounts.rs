//! Customer accounts against a real server: register, confirm-email, resend-code, forgot and
//! reset password, the login limits, and the mailer (outbox or SMTP).

use crate::common;

use std::time::Duration;

use crate::common::smtpd::Smtpd;
use crate::common::{start, start_configured, Caller, TestServer};
use api::StartOptions;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";
const TOO_MANY: &str = "Demasiados intentos. Espera antes de intentar de nuevo.";
const CODE_INVALID: &str = "Código inválido. Por favor, verifica e intenta de nuevo.";

fn registration(email: &str) -> Value {
    json!({
        "fullName": "Ana García López",
        "email": email,
        "password": PASSWORD,
        "phone": "+34 612345678",
        "address": "Calle Mayor 1, 28013 Madrid",
        "city": "Madrid",
        "postalCode": "28013",
        "acceptTerms": true,
    })
}

async fn accounts_count(server: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM accounts")
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
}

async fn confirm(caller: &mut Caller, email: &str, code: &str) -> (u16, Value) {
    caller
        .send_keeping_session(
            Method::POST,
            "/api/confirm-email",
            json!({"email": email, "code": code}),
        )
        .await
}

fn wrong_code(right: &str) -> String {
    let first = right.as_bytes()[0] - b'0';
    format!("{}{}", (first + 1) % 10, &right[1..])
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn registration_checks_every_rule_and_logs_the_new_client_in(pool: PgPool) {
    let server = start(pool).await;
    let before = accounts_count(&server).await;
    let cases = [
        ("fullName", json!(""), "El nombre completo es requerido"),
        ("fullName", json!("Ana 3"), "Solo se permiten letras y espacios"),
        ("email", json!("ana@correo"), "Ingresa un email válido"),
        ("phone", json!("512 345 678"), "Ingresa un número de teléfono válido"),
        ("address", json!("Calle 1"), "La dirección debe tener al menos 10 caracteres"),
        ("city", json!("Madrid 28"), "Ingresa una ciudad válida"),
        ("postalCode", json!("2801"), "Ingresa un código postal válido"),
        (
            "password",
            json!("mudanza2026"),
            "La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos",
        ),
        ("password", json!("Aa1!".repeat(40)), "La contraseña no puede tener más de 128 caracteres"),
    ];
    for (field, value, message) in cases {
        let mut body = registration("ana@correo.es");
        body[field] = value;
        let (status, answer, _) = server.register(body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some(message)),
            "{field}"
        );
    }
    let (status, _, _) = server.register(json!({"email": 3})).await;
    assert_eq!(status, 400, "wrong types");
    assert_eq!(accounts_count(&server).await, before, "nothing written");

    let (status, answer, caller) = server.register(registration("Ana@Correo.es")).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["expira_en"], 300);
    assert_eq!(answer["reenviar_en"], 60);
    assert_eq!(answer["user"]["email"], "ana@correo.es");
    assert_eq!(answer["user"]["telefono"], "612 345 678");
    assert_eq!(answer["user"]["ciudad"], "Madrid");
    assert_eq!(answer["user"]["codigo_postal"], "28013");
    assert_eq!(answer["user"]["isUserEmailConfirmed"], false);
    let (_, me) = caller.get("/api/auth-status").await;
    assert_eq!(me["authenticated"], true);
    assert_eq!(me["user"]["role"], "cliente");

    // The code went out by email and is stored only as a hash.
    let code = server.last_code("ana@correo.es").await;
    let stored: Vec<u8> = sqlx::query_scalar("SELECT code_hash FROM email_codes")
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    assert_ne!(stored, code.as_bytes());
    assert_eq!(stored.len(), 32);

    let (status, answer, _) = server.register(registration("ANA@correo.es")).await;
    assert_eq!(status, 409);
    assert_eq!(
        answer["error"],
        "Este email ya está registrado. Intenta con otro email."
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_right_code_confirms_once_and_a_wrong_one_counts(pool: PgPool) {
    let server = start(pool).await;
    let mut caller = server.register_client("luis@correo.es", PASSWORD).await;
    let code = server.last_code("luis@correo.es").await;

    let (status, answer) = confirm(&mut caller, "luis@correo.es", "12a456").await;
    assert_eq!((status, answer["confirmed"].clone()), (400, json!(false)));
    let (status, answer) = confirm(&mut caller, "luis@correo.es", &wrong_code(&code)).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"], CODE_INVALID);
    assert_eq!(answer["intentos_restantes"], 4);
    // Unknown accounts get the same answer as a wrong code.
    let (status, answer) = confirm(&mut caller, "nadie@correo.es", &code).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some(CODE_INVALID))
    );

    let mut fresh = server.anonymous();
    let (status, answer) = confirm(&mut fresh, "LUIS@correo.es", &code).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["confirmed"], true);
    assert_eq!(answer["user"]["isUserEmailConfirmed"], true);
    let (_, me) = fresh.get("/api/auth-status").await;
    assert_eq!(me["user"]["email"], "luis@correo.es", "confirming logs in");

    let (status, answer) = confirm(&mut fresh, "luis@correo.es", &code).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (409, Some("Este email ya está confirmado."))
    );
    let (status, _) = fresh
        .send(
            Method::POST,
            "/api/resend-code",
            json!({"email": "luis@correo.es"}),
        )
        .await;
    assert_eq!(status, 409);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn five_wrong_codes_spend_the_code_until_a_new_one_is_sent(pool: PgPool) {
    let server = start(pool).await;
    let email = "marta@correo.es";
    let mut caller = server.register_client(email, PASSWORD).await;
    let code = server.last_code(email).await;
    for left in (1..=4).rev() {
        let (status, answer) = confirm(&mut caller, email, &wrong_code(&code)).await;
        assert_eq!(
            (status, answer["intentos_restantes"].as_i64()),
            (400, Some(left))
        );
    }
    let (status, answer) = confirm(&mut caller, email, &wrong_code(&code)).await;
    assert_eq!((status, answer["error"].as_str()), (429, Some(TOO_MANY)));
    let (status, answer) = confirm(&mut caller, email, &code).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (429, Some(TOO_MANY)),
        "even the right code"
    );

    // A new code only after the cooldown.
    let (status, answer) = caller
        .send(Method::POST, "/api/resend-code", json!({"email": email}))
        .await;
    assert_eq!(status, 429);
    assert!(answer["reenviar_en"].as_i64().unwrap() > 50, "{answer}");
    sqlx::query("UPDATE email_codes SET sent_at = now() - interval '61 seconds'")
        .execute(&server.state.pool)
        .await
        .unwrap();
    let (status, answer) = caller
        .send(Method::POST, "/api/resend-code", json!({"email": email}))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["expira_en"], 300);
    let new_code = server.last_code(email).await;
    if new_code != code {
        let (status, _) = confirm(&mut caller, email, &code).await;
        assert_eq!(status, 400, "the old code no longer works");
    }
    let (status, answer) = confirm(&mut caller, email, &new_code).await;
    assert_eq!((status, answer["confirmed"].clone()), (200, json!(true)));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_expired_code_is_refused_and_resend_checks_its_input(pool: PgPool) {
    let server = start(pool).await;
    let email = "pedro@correo.es";
    let mut caller = server.register_client(email, PASSWORD).await;
    let code = server.last_code(email).await;
    sqlx::query("UPDATE email_codes SET expires_at = now() - interval '1 second'")
        .execute(&server.state.pool)
        .await
        .unwrap();
    let (status, answer) = confirm(&mut caller, email, &code).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        "El código ha expirado. Solicita uno nuevo."
    );

    let anonymous = server.anonymous();
    let (status, answer) = anonymous
        .send(Method::POST, "/api/resend-code", json!({"email": "x"}))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Ingresa un email válido"))
    );
    let (status, answer) = anonymous
        .send(
            Method::POST,
            "/api/resend-code",
            json!({"email": "nadie@correo.es"}),
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (404, Some("No encontramos una cuenta con ese email."))
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_reset_link_sets_a_new_password_once_and_ends_every_session(pool: PgPool) {
    let server = start(pool).await;
    let email = "rosa@correo.es";
    let old_session = server.register_client(email, PASSWORD).await;
    let anonymous = server.anonymous();
    let forgot = |email: &'static str| {
        let anonymous = anonymous.clone();
        async move {
            anonymous
                .send(
                    Method::POST,
                    "/api/forgot-password",
                    json!({"email": email}),
                )
                .await
        }
    };

    let (status, answer) = forgot("rosa@correo").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Por favor, introduce un email válido."))
    );
    let (status, answer) = forgot("nadie@correo.es").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (404, Some("No encontramos una cuenta con ese email."))
    );
    let (status, answer) = forgot(" ROSA@correo.es ").await;
    assert_eq!(status, 200, "{answer}");

    let (_, text) = server.last_email(email).await.unwrap();
    let link = text
        .split_whitespace()
        .find(|w| w.contains("/recuperar?token="))
        .expect("a reset link")
        .to_string();
    assert!(
        link.starts_with(&format!("{}/recuperar?token=", server.base)),
        "{link}"
    );
    let token = link.split("token=").nth(1).unwrap().to_string();

    let (status, answer) = anonymous
        .get(&format!("/api/restablecer-password?token={token}"))
        .await;
    assert_eq!((status, answer["email"].as_str()), (200, Some(email)));
    let (status, _) = anonymous.get("/api/restablecer-password?token=otro").await;
    assert_eq!(status, 400);

    let reset = |password: &'static str| {
        let anonymous = anonymous.clone();
        let token = token.clone();
        async move {
            anonymous
                .send(
                    Method::POST,
                    "/api/restablecer-password",
                    json!({"token": token, "password": password}),
                )
                .await
        }
    };
    let (status, _) = reset("debil").await;
    assert_eq!(status, 400, "the registration rules apply");
    let (status, answer) = reset("Nueva#Clave1").await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = reset("Otra#Clave22").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (
            400,
            Some("El enlace no es válido o ha caducado. Solicita uno nuevo.")
        )
    );

    let (_, me) = old_session.get("/api/auth-status").await;
    assert_eq!(me["authenticated"], false, "sessions end with a reset");
    let (status, _, _) = server.client_login(email, PASSWORD).await;
    assert_eq!(status, 401, "the old password fails");
    let (status, answer, _) = server.client_login(email, "Nueva#Clave1").await;
    assert_eq!(status, 200);
    assert_eq!(
        answer["user"]["isUserEmailConfirmed"], true,
        "the link proved the email"
    );

    // An expired link is refused too.
    let (status, _) = forgot("rosa@correo.es").await;
    assert_eq!(status, 200);
    sqlx::query("UPDATE password_resets SET expires_at = now() - interval '1 second'")
        .execute(&server.state.pool)
        .await
        .unwrap();
    let (_, text) = server.last_email(email).await.unwrap();
    let token = text
        .split("token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let (status, _) = anonymous
        .get(&format!("/api/restablecer-password?token={token}"))
        .await;
    assert_eq!(status, 400);

    // Three reset emails an hour per account.
    let (status, _) = forgot("rosa@correo.es").await;
    assert_eq!(status, 200);
    let (status, answer) = forgot("rosa@correo.es").await;
    assert_eq!((status, answer["error"].as_str()), (429, Some(TOO_MANY)));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn logins_are_limited_per_account_and_per_address(pool: PgPool) {
    let server = start(pool).await;
    let email = "sara@correo.es";
    server.register_client(email, PASSWORD).await;
    for _ in 0..5 {
        let (status, answer, _) = server.client_login(email, "Mala#Clave1").await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (401, Some("Credenciales inválidas"))
        );
    }
    let (status, answer, _) = server.client_login(email, PASSWORD).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (429, Some(TOO_MANY)),
        "locked, even with the right password"
    );
    // The window passes: the right password works and clears the count.
    sqlx::query("UPDATE auth_attempts SET at = at - interval '16 minutes'")
        .execute(&server.state.pool)
        .await
        .unwrap();
    let (status, _, _) = server.client_login(email, PASSWORD).await;
    assert_eq!(status, 200);

    // One address trying many accounts: 20 wrong passwords, then even staff logins wait.
    for n in 0..20 {
        let (status, _, _) = server
            .client_login(&format!("otro{n}@correo.es"), "Mala#Clave1")
            .await;
        assert_eq!(status, 401);
    }
    let (status, answer) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": "EMP-001", "password": "Operario#2026", "role": "empleado"}),
        )
        .await;
    assert_eq!((status, answer["error"].as_str()), (429, Some(TOO_MANY)));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_outbox_is_listed_only_in_local_development(pool: PgPool) {
    let server = start(pool.clone()).await;
    server.register_client("eva@correo.es", PASSWORD).await;
    server.register_client("otra@correo.es", PASSWORD).await;
    let (status, answer) = server
        .anonymous()
        .get("/api/dev/outbox?para=EVA@correo.es")
        .await;
    assert_eq!(status, 200);
    let messages = answer["mensajes"].as_array().unwrap();
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["para"], "eva@correo.es");
    assert!(messages[0]["texto"]
        .as_str()
        .unwrap()
        .contains("Caduca en 5 minutos"));
    let (_, all) = server.anonymous().get("/api/dev/outbox").await;
    assert_eq!(all["mensajes"].as_array().unwrap().len(), 2);

    let production = start_configured(pool, StartOptions::default(), None, |c| {
        c.development = false
    })
    .await;
    let (status, _) = production.anonymous().get("/api/dev/outbox").await;
    assert_eq!(status, 404);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn with_smtp_emails_are_sent_and_leave_the_outbox(pool: PgPool) {
    let smtpd = Smtpd::start().await;
    let server = start_configured(pool, StartOptions::default(), None, |c| {
        c.smtp_url = Some(smtpd.url());
    })
    .await;
    server.register_client("ines@correo.es", PASSWORD).await;
    let message = smtpd.wait_for("Tu código de confirmación").await;
    assert_eq!(message.to, "ines@correo.es");
    assert!(message.text.contains("Caduca en 5 minutos"), "{message:?}");
    assert!(
        message.text.contains("Tu código para confirmar"),
        "the text's accents survive (its charset is declared): {message:?}"
    );

    let mut left = 1;
    for _ in 0..50 {
        left = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM outbox")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(left, 0, "a sent email does not linger");
    let (status, _) = server.anonymous().get("/api/dev/outbox").await;
    assert_eq!(status, 404, "no outbox to read when SMTP sends");
}

/// The token of the newest reset link emailed to `email`.
async fn reset_token(server: &TestServer, email: &str) -> String {
    let (_, text) = server.last_email(email).await.expect("a reset email");
    text.split("token=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a reset link")
        .to_string()
}

/// Asks for a reset link for `email` and returns its token.
async fn forgot(server: &TestServer, email: &str) -> String {
    let (status, answer) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/forgot-password",
            json!({"email": email}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    reset_token(server, email).await
}

/// Whether a reset link still opens: both its check and its use are refused once it is spent.
async fn link_works(server: &TestServer, token: &str) -> bool {
    let anonymous = server.anonymous();
    let (checked, _) = anonymous
        .get(&format!("/api/restablecer-password?token={token}"))
        .await;
    let (used, answer) = anonymous
        .send(
            Method::POST,
            "/api/restablecer-password",
            json!({"token": token, "password": "Intrusa#2026"}),
        )
        .await;
    assert_eq!(checked == 200, used == 200, "check and use agree: {answer}");
    if used != 200 {
        assert_eq!(
            answer["error"],
            "El enlace no es válido o ha caducado. Solicita uno nuevo."
        );
    }
    used == 200
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_password_change_in_the_profile_ends_open_reset_links_and_codes(pool: PgPool) {
    let server = start(pool).await;
    let email = "clara@correo.es";
    let mut caller = server.register_client(email, PASSWORD).await;
    let code = server.last_code(email).await;
    let token = forgot(&server, email).await;

    let (status, answer) = caller
        .send(
            Method::PUT,
            "/api/cambiar-password",
            json!({
                "current_password": PASSWORD,
                "new_password": "Cambiada#2026",
                "confirm_password": "Cambiada#2026",
            }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");

    assert!(!link_works(&server, &token).await, "the link is spent");
    let (status, answer) = confirm(&mut caller, email, &code).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("El código ha expirado. Solicita uno nuevo.")),
        "the code is spent: it would log in without the new password"
    );
    let (status, _, _) = server.client_login(email, "Cambiada#2026").await;
    assert_eq!(status, 200, "the changed password is the one that works");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_reset_link_used_ends_the_other_open_links(pool: PgPool) {
    let server = start(pool).await;
    let email = "irene@correo.es";
    server.register_client(email, PASSWORD).await;
    let first = forgot(&server, email).await;
    let second = forgot(&server, email).await;
    assert_ne!(first, second);
    let (status, answer) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/restablecer-password",
            json!({"token": second, "password": "Segunda#2026"}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert!(
        !link_works(&server, &first).await,
        "the older link is spent"
    );
    assert!(
        !link_works(&server, &second).await,
        "the used link is spent"
    );
    let (status, _, _) = server.client_login(email, "Segunda#2026").await;
    assert_eq!(status, 200);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_admin_password_reset_ends_open_reset_links(pool: PgPool) {
    let server = start(pool).await;
    let admin = server.login_role("admin").await;
    let worker: uuid::Uuid =
        sqlx::query_scalar("SELECT id FROM accounts WHERE username = 'EMP-001'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    // The API emails links to clients only; a link of a staff account stands for any way a link
    // may come to exist, which the admin's reset must end like every other password change.
    let token = "f".repeat(64);
    sqlx::query(
        "INSERT INTO password_resets (token_hash, account_id, expires_at) \
         VALUES (sha256($1::bytea), $2, now() + interval '1 hour')",
    )
    .bind(token.as_bytes())
    .bind(worker)
    .execute(&server.state.pool)
    .await
    .unwrap();
    let (status, _) = server
        .anonymous()
        .get(&format!("/api/restablecer-password?token={token}"))
        .await;
    assert_eq!(status, 200, "the link works before the admin's reset");

    let (status, answer) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{worker}/restablecer-password"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert!(!link_works(&server, &token).await, "the link is spent");
    let temporary = answer["password_temporal"].as_str().unwrap();
    let (status, _) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": "EMP-001", "password": temporary, "role": "empleado"}),
        )
        .await;
    assert_eq!(status, 200, "the temporary password is the one that works");
}

// ---------------------------------------------------------------------------------------------
// Caps on sign-ups, codes and reset requests, per email and per address (issue 17).

/// A caller whose requests come from `127.0.0.{octet}`: another client address for the limits.
fn from_address(server: &TestServer, octet: u8) -> Caller {
    from_address_base(&server.base, octet)
}

#[derive(Debug, Clone, Copy)]
enum Call {
    Register,
    Confirm,
    Resend,
    Forgot,
}

async fn call(caller: &Caller, call: Call, email: &str) -> (u16, Value) {
    let (path, body) = match call {
        Call::Register => ("/api/register", registration(email)),
        Call::Confirm => (
            "/api/confirm-email",
            json!({"email": email, "code": "000000"}),
        ),
        Call::Resend => ("/api/resend-code", json!({"email": email})),
        Call::Forgot => ("/api/forgot-password", json!({"email": email})),
    };
    caller.send(Method::POST, path, body).await
}

async fn move_counts_back(server: &TestServer, interval: &str) {
    sqlx::query(&format!(
        "UPDATE auth_attempts SET at = at - interval '{interval}'"
    ))
    .execute(&server.state.pool)
    .await
    .unwrap();
}

/// The `n`th request of a run: who sends it, for which email.
type Nth<'a> = &'a dyn Fn(usize) -> (Caller, String);

/// `per_hour` calls get through (an answer, whichever, but not 429), the next is refused with the
/// spec's message; an hour later more get through until `per_day` in all, then the next is
/// refused, until a day has passed. `before_each` (SQL) runs before every call.
async fn capped_at(
    server: &TestServer,
    what: Call,
    per_hour: usize,
    per_day: usize,
    before_each: &str,
    nth: Nth<'_>,
) {
    let send = |n: usize| async move {
        if !before_each.is_empty() {
            sqlx::query(before_each)
                .execute(&server.state.pool)
                .await
                .unwrap();
        }
        let (caller, email) = nth(n);
        call(&caller, what, &email).await
    };
    let refused = |n: usize, when: &'static str| async move {
        let (status, answer) = send(n).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (429, Some(TOO_MANY)),
            "{what:?}: request {n} is over the cap {when}"
        );
    };
    let mut this_hour = 0;
    for n in 0..per_day {
        if this_hour == per_hour {
            refused(n, "of an hour").await;
            move_counts_back(server, "61 minutes").await;
            this_hour = 0;
        }
        let (status, answer) = send(n).await;
        assert_ne!(
            status, 429,
            "{what:?}: request {n} is within the caps: {answer}"
        );
        this_hour += 1;
    }
    refused(per_day, "of a day").await;
    move_counts_back(server, "1 day").await;
    let (status, answer) = send(per_day).await;
    assert_ne!(status, 429, "{what:?}: a day later: {answer}");
}

/// One address, a new email each time: the per-address cap.
fn one_address(server: &TestServer, tag: &'static str) -> impl Fn(usize) -> (Caller, String) {
    let caller = from_address(server, 7);
    move |n| (caller.clone(), format!("{tag}{n}@correo.es"))
}

/// One email, a new address each time: the per-email cap.
fn one_email(server: &TestServer, email: &'static str) -> impl Fn(usize) -> (Caller, String) {
    let base = server.base.clone();
    move |n| (from_address_base(&base, 10 + n as u8), email.to_string())
}

fn from_address_base(base: &str, octet: u8) -> Caller {
    let http = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, octet]))
        .build()
        .unwrap();
    Caller {
        base: base.to_string(),
        http,
        cookie: None,
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn sign_ups_are_capped_per_address_and_per_email(pool: PgPool) {
    let server = start(pool).await;
    capped_at(
        &server,
        Call::Register,
        10,
        30,
        "",
        &one_address(&server, "alta"),
    )
    .await;
    let from_here: i64 =
        sqlx::query_scalar("SELECT count(*) FROM accounts WHERE email LIKE 'alta%'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(from_here, 31, "30 in a day, and one more the next day");

    // One email from ever new addresses: the first creates the account, the others are told it
    // is taken, until the cap.
    capped_at(
        &server,
        Call::Register,
        5,
        10,
        "",
        &one_email(&server, "una@correo.es"),
    )
    .await;

    // Refused requests that break a rule count for nothing.
    let (status, _) = from_address(&server, 8)
        .send(Method::POST, "/api/register", json!({"email": "x"}))
        .await;
    assert_eq!(status, 400);
    let counted: i64 =
        sqlx::query_scalar("SELECT count(*) FROM auth_attempts WHERE key = '127.0.0.8'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(counted, 0);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn code_tries_are_capped_per_address_and_per_email(pool: PgPool) {
    let server = start(pool).await;
    capped_at(
        &server,
        Call::Confirm,
        30,
        100,
        "",
        &one_address(&server, "codigo"),
    )
    .await;
    capped_at(
        &server,
        Call::Confirm,
        10,
        20,
        "",
        &one_email(&server, "nadie@correo.es"),
    )
    .await;

    // A guesser against a real account asks for new codes: ten tries an hour in all, then even
    // the right code waits.
    let email = "blanca@correo.es";
    let mut owner = server.register_client(email, PASSWORD).await;
    let mut tries = 0;
    for _ in 0..2 {
        sqlx::query("UPDATE email_codes SET sent_at = now() - interval '61 seconds'")
            .execute(&server.state.pool)
            .await
            .unwrap();
        let (status, answer) = call(&from_address(&server, 40), Call::Resend, email).await;
        assert_eq!(status, 200, "{answer}");
        let code = server.last_code(email).await;
        for _ in 0..5 {
            let mut guesser = from_address(&server, 41 + tries as u8);
            let (status, answer) = confirm(&mut guesser, email, &wrong_code(&code)).await;
            // The fifth wrong code spends the code (429), as before the caps.
            assert_eq!(status, if tries % 5 == 4 { 429 } else { 400 }, "{answer}");
            tries += 1;
        }
    }
    sqlx::query("UPDATE email_codes SET sent_at = now() - interval '61 seconds'")
        .execute(&server.state.pool)
        .await
        .unwrap();
    let (status, _) = call(&from_address(&server, 40), Call::Resend, email).await;
    assert_eq!(status, 200);
    let code = server.last_code(email).await;
    let (status, answer) = confirm(&mut owner, email, &code).await;
    assert_eq!(
        (
            status,
            answer["error"].as_str(),
            answer["confirmed"].as_bool()
        ),
        (429, Some(TOO_MANY), Some(false)),
        "the eleventh try in an hour"
    );
    move_counts_back(&server, "61 minutes").await;
    let (status, answer) = confirm(&mut owner, email, &code).await;
    assert_eq!(status, 200, "{answer}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn codes_sent_again_are_capped_per_address_and_per_email(pool: PgPool) {
    let server = start(pool).await;
    capped_at(
        &server,
        Call::Resend,
        20,
        50,
        "",
        &one_address(&server, "reenvio"),
    )
    .await;

    // One mailbox, asked for from ever new addresses, each time after the minute between codes.
    let email = "buzon@correo.es";
    server.register_client(email, PASSWORD).await;
    capped_at(
        &server,
        Call::Resend,
        5,
        10,
        "UPDATE email_codes SET sent_at = now() - interval '61 seconds'",
        &one_email(&server, email),
    )
    .await;
    let sent: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE para = $1")
        .bind(email)
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    assert_eq!(
        sent,
        1 + 10 + 1,
        "the registration's, ten in a day, one the next day"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn reset_requests_are_capped_per_address_and_per_email(pool: PgPool) {
    let server = start(pool).await;
    capped_at(
        &server,
        Call::Forgot,
        20,
        50,
        "",
        &one_address(&server, "olvido"),
    )
    .await;

    let email = "olga@correo.es";
    server.register_client(email, PASSWORD).await;
    capped_at(&server, Call::Forgot, 3, 10, "", &one_email(&server, email)).await;
    let links: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM password_resets r JOIN accounts a ON a.id = r.account_id \
         WHERE a.email = $1",
    )
    .bind(email)
    .fetch_one(&server.state.pool)
    .await
    .unwrap();
    assert_eq!(links, 11, "ten in a day, one the next day");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn concurrent_sign_ups_cannot_slip_under_the_cap(pool: PgPool) {
    let server = start(pool).await;
    let caller = from_address(&server, 9);
    let attempts = (0..30).map(|n| {
        let caller = caller.clone();
        async move { call(&caller, Call::Register, &format!("rafaga{n}@correo.es")).await }
    });
    let answers = futures::future::join_all(attempts).await;
    let created = answers.iter().filter(|(status, _)| *status == 201).count();
    let refused = answers
        .iter()
        .filter(|(status, answer)| *status == 429 && answer["error"] == TOO_MANY)
        .count();
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!((created, refused), (10, 20), "{statuses:?}");
}

// ---------------------------------------------------------------------------------------------
// One identifier form for lookups and limits (issue 17).

async fn staff_login(caller: &Caller, login: &str, password: &str, role: &str) -> u16 {
    let (status, _) = caller
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": login, "password": password, "role": role}),
        )
        .await;
    status
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_locked_account_stays_locked_under_every_variant_of_its_login(pool: PgPool) {
    let server = start(pool).await;
    let guesser = from_address(&server, 60);
    for _ in 0..5 {
        let status = staff_login(
            &guesser,
            "auditor@mudanzas.test",
            "Mala#Clave1",
            "empresario",
        )
        .await;
        assert_eq!(status, 401);
    }
    // With the right password, from addresses that have guessed nothing: the variants that are
    // the auditor's login are locked with it; the others are no account's login.
    let locked = [
        "AUDITOR@MUDANZAS.TEST",
        "  auditor@mudanzas.test \t",
        "ａｕｄｉｔｏｒ＠ｍｕｄａｎｚａｓ．ｔｅｓｔ",
        "Auditor@Mudanzas.Test\u{3000}",
        "\u{a0}auditor@mudanzas.test",
    ];
    let no_account = [
        "aud\u{130}tor@mudanzas.test",
        "AUD\u{130}TOR@MUDANZAS.TEST",
        "auditor@mudanza\u{df}.test",
        "audito\u{301}r@mudanzas.test",
        "auditor\u{200b}@mudanzas.test",
    ];
    for (n, login) in locked.iter().enumerate() {
        let caller = from_address(&server, 61 + n as u8);
        let status = staff_login(&caller, login, "Auditor#2026", "empresario").await;
        assert_eq!(status, 429, "{login:?} is the locked auditor's login");
    }
    for (n, login) in no_account.iter().enumerate() {
        let caller = from_address(&server, 71 + n as u8);
        let status = staff_login(&caller, login, "Auditor#2026", "empresario").await;
        assert_eq!(status, 401, "{login:?} is no account's login");
    }

    // Once the lock has passed, a variant of the login opens the account, and the others still
    // open nothing.
    move_counts_back(&server, "16 minutes").await;
    let status = staff_login(
        &from_address(&server, 81),
        "ＡＵＤＩＴＯＲ@Mudanzas.TEST ",
        "Auditor#2026",
        "empresario",
    )
    .await;
    assert_eq!(status, 200);
    let status = staff_login(
        &from_address(&server, 82),
        "aud\u{130}tor@mudanzas.test",
        "Auditor#2026",
        "empresario",
    )
    .await;
    assert_eq!(status, 401);

    // Worker numbers the same way.
    for _ in 0..5 {
        let status = staff_login(&guesser, "EMP-001", "Mala#Clave1", "empleado").await;
        assert_eq!(status, 401);
    }
    for (n, login) in ["emp-001", " ＥＭＰ－００１ ", "Emp-001\u{3000}"]
        .iter()
        .enumerate()
    {
        let caller = from_address(&server, 91 + n as u8);
        let status = staff_login(&caller, login, "Operario#2026", "empleado").await;
        assert_eq!(status, 429, "{login:?} is the locked worker's number");
    }
    let status = staff_login(
        &from_address(&server, 95),
        "EMP-001\u{200b}",
        "Operario#2026",
        "empleado",
    )
    .await;
    assert_eq!(status, 401);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_email_is_one_account_in_whatever_form_it_is_typed(pool: PgPool) {
    let server = start(pool).await;
    // Decomposed accent, capitals and full width at registration; precomposed at login.
    let (status, answer, _) = server
        .register(registration("Jose\u{301}.Ｌｕｉｓ@Correo.es"))
        .await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["user"]["email"], "josé.luis@correo.es");
    let (status, _, _) = server.register(registration(" JOSÉ.LUIS@CORREO.ES ")).await;
    assert_eq!(status, 409, "the same email");
    let (status, _, _) = server.client_login("josé.luis@correo.es", PASSWORD).await;
    assert_eq!(status, 200);
    let code = server.last_code("josé.luis@correo.es").await;
    let (status, answer) =
        confirm(&mut server.anonymous(), "JOSE\u{301}.LUIS@correo.es", &code).await;
    assert_eq!(status, 200, "{answer}");

    // Its login limit is one count whatever the form of the wrong logins.
    for login in [
        "JOSÉ.LUIS@correo.es",
        "jose\u{301}.luis@correo.es",
        "ｊｏｓé.ｌｕｉｓ@correo.es",
    ] {
        let (status, _, _) = server.client_login(login, "Mala#Clave1").await;
        assert_eq!(status, 401);
    }
    for _ in 0..2 {
        let (status, _, _) = server
            .client_login("josé.luis@correo.es", "Mala#Clave1")
            .await;
        assert_eq!(status, 401);
    }
    let (status, answer, _) = server.client_login("José.Luis@correo.es", PASSWORD).await;
    assert_eq!((status, answer["error"].as_str()), (429, Some(TOO_MANY)));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_payment_name_locked_by_wrong_keys_stays_locked_under_its_variants(pool: PgPool) {
    let server = start(pool).await;
    let manager = server.login_role("empresario").await;
    let (status, body) = manager
        .send(
            Method::POST,
            "/api/crear-mudanza",
            common::wizard(common::in_days(20)),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let id = body["mudanza_id"].as_i64().unwrap();
    let (_, m) = manager.get(&format!("/api/mudanza/{id}")).await;
    let key = m["mudanza"]["clave_pago"].as_str().unwrap().to_string();
    assert_eq!(m["mudanza"]["cliente_nombre"], "Lucía Gómez");

    let pay = |caller: Caller, name: &'static str, key: String| async move {
        caller
            .send(
                Method::POST,
                "/api/auth-pay",
                json!({"name": name, "password": key}),
            )
            .await
    };
    for _ in 0..5 {
        let (status, _) = pay(
            from_address(&server, 100),
            "Lucía Gómez",
            "AAAA-AAAA".into(),
        )
        .await;
        assert_eq!(status, 401);
    }
    for (n, name) in [
        "LUCIA GOMEZ",
        "lucía  gómez",
        "ｌｕｃíａ ｇóｍｅｚ",
        "Luci\u{301}a Go\u{301}mez",
    ]
    .into_iter()
    .enumerate()
    {
        let (status, answer) = pay(from_address(&server, 101 + n as u8), name, key.clone()).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (429, Some(TOO_MANY)),
            "{name:?} matches the locked name"
        );
    }
    move_counts_back(&server, "16 minutes").await;
    let (status, answer) = pay(from_address(&server, 110), "LUCIA GOMEZ", key.clone()).await;
    assert_eq!(status, 200, "{answer}");
}
