//! The client's own calls against a real server: mis-mudanzas, mi-perfil, cambiar-password,
//! eliminar-cuenta, and what the live feed tells a client.

use crate::common;

use std::time::Duration;

use crate::common::{account, in_days, move_of, projected, start, wizard, Caller, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";

async fn confirmed_client(server: &TestServer, email: &str) -> Caller {
    server.confirmed_client(email, PASSWORD).await
}

/// A move created by a manager for this client's email; returns its id.
async fn move_for(server: &TestServer, email: &str) -> i64 {
    let manager = server.login_role("empresario").await;
    let mut body = wizard(in_days(10));
    body["cliente_email"] = json!(email);
    body["contacto_email"] = json!(email);
    let (status, answer) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{answer}");
    answer["mudanza_id"].as_i64().unwrap()
}

fn ids(answer: &Value) -> Vec<i64> {
    answer["mudanzas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn clients_see_only_their_own_moves_once_their_email_is_confirmed(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    assert_eq!(server.anonymous().get("/api/mis-mudanzas").await.0, 401);
    for role in ["empleado", "empresario", "admin", "auditor"] {
        let staff = server.login_role(role).await;
        assert_eq!(staff.get("/api/mis-mudanzas").await.0, 403, "{role}");
    }

    let marta = server.login(&account("cliente")).await;
    let (status, answer) = marta.get("/api/mis-mudanzas").await;
    assert_eq!(status, 200);
    assert_eq!(answer["email_confirmado"], true);
    let own: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE cliente_email = $1 ORDER BY fecha_programada DESC, id DESC",
    )
    .bind(account("cliente").email)
    .fetch_all(&server.state.pool)
    .await
    .unwrap();
    assert!(!own.is_empty());
    assert_eq!(ids(&answer), own, "exactly hers, newest date first");
    let first = &answer["mudanzas"][0];
    for key in [
        "id",
        "status",
        "from",
        "to",
        "date",
        "price",
        "images",
        "pagado",
        "pendiente",
        "estado_pago",
    ] {
        assert!(first.get(key).is_some(), "customer view has {key}");
    }
    assert!(first.get("cliente_telefono").is_none(), "no staff fields");

    // Someone registering an address that has moves sees none until they prove it is theirs.
    let mut newcomer = server.register_client("nuevo@correo.es", PASSWORD).await;
    let id = move_for(&server, "nuevo@correo.es").await;
    let (_, answer) = newcomer.get("/api/mis-mudanzas").await;
    assert_eq!(answer["email_confirmado"], false);
    assert!(ids(&answer).is_empty());
    let (status, _) = newcomer.get(&format!("/api/albaran/{id}")).await;
    assert_eq!(status, 404, "nor its waybill (as if it did not exist)");
    let code = server.last_code("nuevo@correo.es").await;
    newcomer
        .send_keeping_session(
            Method::POST,
            "/api/confirm-email",
            json!({"email": "nuevo@correo.es", "code": code}),
        )
        .await;
    let (_, answer) = newcomer.get("/api/mis-mudanzas").await;
    assert_eq!(ids(&answer), vec![id]);
    let issue = format!("/api/albaran/{id}/emitir");
    let (status, _) = newcomer.send(Method::POST, &issue, json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = newcomer.get(&format!("/api/albaran/{id}")).await;
    assert_eq!(status, 200);
    let (status, _) = marta.get(&format!("/api/albaran/{id}")).await;
    assert_eq!(status, 404, "another client's waybill");
    let (status, _) = marta.send(Method::POST, &issue, json!({})).await;
    assert_eq!(status, 404, "nor may she issue it");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_profile_saves_every_field_and_each_preference_on_its_own(pool: PgPool) {
    let server = start(pool).await;
    let client = server.register_client("perfil@correo.es", PASSWORD).await;
    let profile = json!({
        "nombre": "Ana", "apellido": "García López", "telefono": "+34 699 111 222",
        "direccion": "Calle de Toledo 10, 2ºA", "ciudad": "Madrid", "codigo_postal": "28005",
        "email_alerts": true, "sms_alerts": false, "marketing": true,
    });
    assert_eq!(
        server
            .anonymous()
            .send(Method::PUT, "/api/mi-perfil", profile.clone())
            .await
            .0,
        401
    );
    let worker = server.login_role("empleado").await;
    assert_eq!(
        worker
            .send(Method::PUT, "/api/mi-perfil", profile.clone())
            .await
            .0,
        403
    );

    let bad = [
        ("nombre", json!(""), "El nombre completo es requerido"),
        (
            "apellido",
            json!("G4rcía"),
            "Solo se permiten letras y espacios",
        ),
        (
            "telefono",
            json!("12345"),
            "Ingresa un número de teléfono válido",
        ),
        (
            "codigo_postal",
            json!("2800A"),
            "Ingresa un código postal válido",
        ),
        (
            "direccion",
            json!("Corta"),
            "La dirección debe tener al menos 10 caracteres",
        ),
    ];
    for (field, value, message) in bad {
        let mut body = profile.clone();
        body[field] = value;
        let (status, answer) = client.send(Method::PUT, "/api/mi-perfil", body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some(message)),
            "{field}"
        );
    }
    let mut missing = profile.clone();
    missing.as_object_mut().unwrap().remove("email_alerts");
    assert_eq!(
        client.send(Method::PUT, "/api/mi-perfil", missing).await.0,
        400,
        "a preference is never guessed"
    );

    let (status, answer) = client.send(Method::PUT, "/api/mi-perfil", profile).await;
    assert_eq!(status, 200, "{answer}");
    let (_, me) = client.get("/api/auth-status").await;
    let user = &me["user"];
    assert_eq!(user["nombre"], "Ana García López");
    assert_eq!(user["telefono"], "699 111 222");
    assert_eq!(user["ciudad"], "Madrid");
    assert_eq!(user["codigo_postal"], "28005");
    assert_eq!(
        user["email"], "perfil@correo.es",
        "the email does not change"
    );
    assert_eq!(
        user["preferencias"],
        json!({"emailNotifications": true, "smsNotifications": false, "marketing": true})
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn changing_the_password_keeps_this_session_and_ends_the_others(pool: PgPool) {
    let server = start(pool).await;
    let email = "clave@correo.es";
    let here = server.register_client(email, PASSWORD).await;
    let (_, _, elsewhere) = server.client_login(email, PASSWORD).await;
    let change = |current: &str, new: &str, confirm: &str| json!({"current_password": current, "new_password": new, "confirm_password": confirm});
    let cases = [
        (
            change("", "abcdef", "abcdef"),
            "Todos los campos son obligatorios",
        ),
        (
            change(PASSWORD, "abcdef", "abcdeg"),
            "Las contraseñas nuevas no coinciden",
        ),
        (
            change(PASSWORD, "abcde", "abcde"),
            "La nueva contraseña debe tener al menos 6 caracteres",
        ),
        (
            change("Otra#Clave1", "abcdef", "abcdef"),
            "La contraseña actual no es correcta",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = here.send(Method::PUT, "/api/cambiar-password", body).await;
        assert_eq!((status, answer["error"].as_str()), (400, Some(message)));
    }
    assert_eq!(
        server
            .anonymous()
            .send(
                Method::PUT,
                "/api/cambiar-password",
                change(PASSWORD, "nueva1", "nueva1")
            )
            .await
            .0,
        401
    );
    let (status, answer) = here
        .send(
            Method::PUT,
            "/api/cambiar-password",
            change(PASSWORD, "nueva1", "nueva1"),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(here.get("/api/auth-status").await.1["authenticated"], true);
    assert_eq!(
        elsewhere.get("/api/auth-status").await.1["authenticated"],
        false
    );
    assert_eq!(server.client_login(email, PASSWORD).await.0, 401);
    assert_eq!(server.client_login(email, "nueva1").await.0, 200);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn deleting_the_account_ends_it_and_blanks_its_moves_but_keeps_its_invoices(pool: PgPool) {
    let server = start(pool).await;
    let email = "borrar@correo.es";
    let client = confirmed_client(&server, email).await;
    let id = move_for(&server, email).await;
    let manager = server.login_role("empresario").await;
    let (status, invoice) = manager
        .send(
            Method::POST,
            &format!("/api/factura/{id}/emitir"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200);

    let delete = |caller: &Caller, body: Value| {
        let caller = caller.clone();
        async move {
            caller
                .send(Method::DELETE, "/api/eliminar-cuenta", body)
                .await
        }
    };
    let (status, answer) = delete(&client, json!({"password": "", "email": email})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Debes ingresar tu contraseña para confirmar"))
    );
    let (status, answer) =
        delete(&client, json!({"password": "Mala#Clave1", "email": email})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("La contraseña no es correcta"))
    );
    let (status, _) = delete(
        &client,
        json!({"password": PASSWORD, "email": "otra@correo.es"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        delete(&manager, json!({"password": "Gerente#2026"}))
            .await
            .0,
        403
    );
    assert_eq!(
        delete(&server.anonymous(), json!({"password": "x"}))
            .await
            .0,
        401
    );

    let (status, answer) = delete(&client, json!({"password": PASSWORD, "email": email})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        client.get("/api/auth-status").await.1["authenticated"],
        false
    );
    assert_eq!(server.client_login(email, PASSWORD).await.0, 401);
    let left: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM accounts WHERE lower(email) = $1) \
              + (SELECT count(*) FROM outbox WHERE lower(para) = $1) \
              + (SELECT count(*) FROM move_client_view WHERE lower(cliente_email) = $1) \
              + (SELECT count(*) FROM move_staff_view WHERE lower(cliente_email) = $1)",
    )
    .bind(email)
    .fetch_one(&server.state.pool)
    .await
    .unwrap();
    assert_eq!(
        left, 0,
        "no personal data left in the account or the read models"
    );

    let (_, answer) = manager.get(&format!("/api/mudanza/{id}")).await;
    let m = &answer["mudanza"];
    assert_eq!(m["cliente_nombre"], "Cliente eliminado");
    assert_eq!(m["cliente_telefono"], "");
    assert_eq!(m["contacto"]["email"], "");
    assert_eq!(
        m["origen"],
        wizard(in_days(10))["origen"],
        "the move itself stays"
    );
    let (_, again) = manager.get(&format!("/api/factura/{id}")).await;
    assert_eq!(again, invoice, "an issued invoice is kept as issued");
    let erased: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE event_type = 'move.client_erased' AND stream_id = $1",
    )
    .bind(format!("move-{id}"))
    .fetch_one(&server.state.pool)
    .await
    .unwrap();
    assert_eq!(erased, 1);
    // The address is free again.
    server.register_client(email, PASSWORD).await;
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_live_feed_tells_a_client_about_their_own_moves_only(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let marta = server.login(&account("cliente")).await;
    let pablo = server.login(&account_by_email("pablo@mudanzas.test")).await;
    let unconfirmed = server
        .register_client("sin.confirmar@correo.es", PASSWORD)
        .await;
    let marta_move = move_of(&server.state.pool, &account("cliente").email).await;
    let worker = server.login_role("empleado").await;

    let mut marta_feed = marta.live(None).await.unwrap();
    let mut pablo_feed = pablo.live(None).await.unwrap();
    let mut unconfirmed_feed = unconfirmed.live(None).await.unwrap();
    let (_, current) = worker.get(&format!("/api/mudanza/{marta_move}")).await;
    let next = if current["mudanza"]["estado"] == "en curso" {
        "finalizada"
    } else {
        "en curso"
    };
    let (status, _) = worker.set_status(marta_move, next).await;
    assert_eq!(status, 200);

    let frame = marta_feed
        .next_about(marta_move)
        .await
        .expect("Marta hears of her move");
    let data = &frame["data"];
    let expected = if next == "en curso" {
        "in_progress"
    } else {
        "completed"
    };
    assert_eq!(data["status"], expected);
    assert!(data.get("precio").is_none() && data.get("cliente_telefono").is_none());
    assert!(pablo_feed
        .next_within(Duration::from_millis(1500))
        .await
        .is_none());
    assert!(unconfirmed_feed
        .next_within(Duration::from_millis(300))
        .await
        .is_none());
}

fn account_by_email(email: &str) -> api::seed::DemoAccount {
    common::account_by_login(email)
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_client_downloads_their_data_and_nobody_elses(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let email = "datos@correo.es";
    let client = confirmed_client(&server, email).await;
    let id = move_for(&server, email).await;
    let other = move_for(&server, "otra@correo.es").await;
    let manager = server.login_role("empresario").await;
    let crew = common::account_by_login("EMP-002");
    let crew_id = api::auth::authenticate(
        &server.state.pool,
        &crew.login,
        &crew.password,
        &[command::Role::Empleado],
    )
    .await
    .unwrap()
    .expect("the demo worker")
    .id;
    let (status, body) = manager
        .send(
            Method::POST,
            "/api/asignar-trabajador",
            json!({"mudanza_id": id, "worker_id": crew_id}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // Finished and rated: the review is theirs too.
    for status in ["confirmada", "en curso", "finalizada"] {
        assert_eq!(manager.set_status(id, status).await.0, 200, "{status}");
    }
    let (status, body) = client
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/opinion"),
            json!({"rating": 5, "titulo": "Muy bien", "texto": "Puntuales.", "recomendaria": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let response = client.get_response("/api/mis-datos").await;
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(disposition, "attachment; filename=\"mis-datos.json\"");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let file: Value = response.json().await.unwrap();
    assert_eq!(file["cuenta"]["email"], email);
    assert!(file["cuenta"]["creada_en"].is_string());
    assert_eq!(
        file["consentimientos"][0]["finalidad"], "condiciones",
        "the terms accepted at registration: {}",
        file["consentimientos"]
    );
    let moves: Vec<i64> = file["mudanzas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(moves, vec![id], "their move only, not {other}");
    let events = file["eventos"].as_array().unwrap();
    assert!(!events.is_empty());
    let streams = [format!("move-{id}"), format!("review-mudanza-{id}")];
    assert!(
        events
            .iter()
            .all(|e| streams.iter().any(|s| e["flujo"] == s.as_str())),
        "{events:?}"
    );
    assert!(events.iter().any(|e| e["tipo"] == "review.submitted"));
    assert_eq!(file["opiniones"][0]["mudanza_id"], id);
    assert_eq!(file["opiniones"][0]["estado"], "pendiente");
    assert_eq!(events[0]["tipo"], "move.created");
    assert_eq!(events[0]["actor"], "empresario", "staff are named by role");
    let text = file.to_string();
    assert!(!text.contains("clave_pago"), "no payment key in a file");
    assert!(!text.contains("worker_id"), "no crew ids");
    assert!(!text.contains(&crew_id.to_string()), "no crew ids");
    let assigned = events
        .iter()
        .find(|e| e["tipo"] == "move.worker_assigned")
        .expect("the assignment is part of the history");
    assert_eq!(
        assigned["datos"]["worker_name"], "Ana",
        "the crew by first name"
    );
    assert!(!text.contains(&format!("move-{other}")));
    assert!(file["documentos"].as_array().unwrap().is_empty());

    // Staff have no data file of their own here, nobody signed in has none at all.
    assert_eq!(manager.get("/api/mis-datos").await.0, 403);
    assert_eq!(server.anonymous().get("/api/mis-datos").await.0, 401);
}
