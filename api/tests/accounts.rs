//! Customer accounts against a real server: register, confirm-email, resend-code, forgot and
//! reset password, the login limits, and the mailer (outbox or SMTP).

mod common;

use std::time::Duration;

use api::StartOptions;
use common::{start, start_configured, Caller, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

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
    let mensajes = answer["mensajes"].as_array().unwrap();
    assert_eq!(mensajes.len(), 1);
    assert_eq!(mensajes[0]["para"], "eva@correo.es");
    assert!(mensajes[0]["texto"]
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

/// A minimal SMTP server: accepts every message and hands each one's DATA to the test.
async fn fake_smtp() -> (u16, tokio::sync::mpsc::UnboundedReceiver<String>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 prueba ESMTP\r\n").await.ok();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            tx.send(data.take().unwrap_or_default()).ok();
                            write.write_all(b"250 OK\r\n").await.ok();
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250-prueba\r\n250 8BITMIME\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 adelante\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 adios\r\n").await.ok();
                            break;
                        }
                        _ => b"250 OK\r\n",
                    };
                    write.write_all(reply).await.ok();
                }
            });
        }
    });
    (port, rx)
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn with_smtp_emails_are_sent_and_leave_the_outbox(pool: PgPool) {
    let (port, mut received) = fake_smtp().await;
    let server = start_configured(pool, StartOptions::default(), None, |c| {
        c.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    server.register_client("ines@correo.es", PASSWORD).await;
    let message = tokio::time::timeout(Duration::from_secs(10), received.recv())
        .await
        .expect("the email reaches the SMTP server")
        .unwrap();
    assert!(message.contains("To: ines@correo.es"), "{message}");
    assert!(message.contains("Caduca en 5 minutos"), "{message}");

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
