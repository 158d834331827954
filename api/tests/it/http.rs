//! The HTTP API over a real server and a real PostgreSQL.

use crate::common;

use crate::common::{account, projected, start, start_with};
use reqwest::Method;
use serde_json::json;
use sqlx::PgPool;

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn auth_status_is_anonymous_without_a_session(pool: PgPool) {
    let server = start(pool).await;
    let (status, body) = server.anonymous().get("/api/auth-status").await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({"authenticated": false, "user": null}));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn staff_log_in_on_their_tab_only(pool: PgPool) {
    let server = start(pool).await;
    let anon = server.anonymous();
    let manager = account("empresario");
    let worker = account("empleado");

    let (status, body) = anon
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": manager.login, "password": manager.password, "role": "empresario"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["worker"]["role"], "empresario");
    assert_eq!(body["success"], true);

    let (status, body) = anon
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": worker.login, "password": worker.password, "role": "empleado"}),
        )
        .await;
    assert_eq!(
        (status, body["worker"]["role"].as_str()),
        (200, Some("empleado"))
    );

    for (username, password, role) in [
        (&worker.login, &worker.password, "empresario"),
        (&manager.login, &manager.password, "empleado"),
        (&manager.login, &"mal".to_string(), "empresario"),
        (
            &"nadie@mudanzas.test".to_string(),
            &manager.password,
            "empresario",
        ),
    ] {
        let (status, body) = anon
            .send(
                Method::POST,
                "/api/worker/login",
                json!({"username": username, "password": password, "role": role}),
            )
            .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (401, Some("Credenciales inválidas")),
            "{username} as {role}"
        );
    }

    let (status, body) = anon
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": "  ", "password": "x", "role": "empleado"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Por favor, completa todos los campos"))
    );

    let response = server
        .http
        .post(format!("{}/api/worker/login", server.base))
        .header("content-type", "application/json")
        .body("{no es json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Datos inválidos. Verifica tu información.");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_session_cookie_is_httponly_and_logout_ends_the_session(pool: PgPool) {
    let server = start(pool).await;
    let client = account("cliente");
    let response = server
        .http
        .post(format!("{}/api/login", server.base))
        .json(&json!({"email": client.login, "password": client.password}))
        .send()
        .await
        .unwrap();
    let set_cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );

    let caller = server.login(&client).await;
    let (_, body) = caller.get("/api/auth-status").await;
    assert_eq!(body["authenticated"], true);
    assert_eq!(body["user"]["role"], "cliente");
    assert_eq!(body["user"]["email"], client.email);
    assert!(body["user"].get("password_hash").is_none());

    let (status, _) = caller.send(Method::POST, "/api/logout", json!({})).await;
    assert_eq!(status, 200);
    let (_, body) = caller.get("/api/auth-status").await;
    assert_eq!(
        body["authenticated"], false,
        "the old cookie no longer opens a session"
    );

    // Clients log in only through /api/login; staff only through /api/worker/login.
    let manager = account("empresario");
    let (status, _) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/login",
            json!({"email": manager.login, "password": manager.password}),
        )
        .await;
    assert_eq!(status, 401);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_move_list_checks_role_and_hides_prices_from_workers(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let (status, _) = server.anonymous().get("/api/todas-las-mudanzas").await;
    assert_eq!(status, 401);
    let (status, _) = server
        .login_role("cliente")
        .await
        .get("/api/todas-las-mudanzas")
        .await;
    assert_eq!(status, 403);

    let worker = server.login_role("empleado").await;
    let (status, moves) = worker
        .get("/api/todas-las-mudanzas?include_price=true")
        .await;
    assert_eq!(status, 200);
    let moves = moves.as_array().unwrap();
    assert_eq!(moves.len(), 8, "the seeded moves");
    assert!(moves
        .iter()
        .all(|m| m.get("precio_total").is_none() && m.get("precio").is_none()));
    assert!(moves
        .iter()
        .all(|m| m["cliente_nombre"].is_string() && m["worker"].is_string()));

    let manager = server.login_role("empresario").await;
    let (_, with_price) = manager
        .get("/api/todas-las-mudanzas?include_price=true")
        .await;
    assert!(with_price
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["precio_total"].as_f64().unwrap() > 0.0));
    let (_, without) = manager.get("/api/todas-las-mudanzas").await;
    assert!(without
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m.get("precio_total").is_none()));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_status_change_follows_the_role_rules_and_reads_its_own_write(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = common::move_of(&pool, &account("cliente").email).await;
    let worker = server.login_role("empleado").await;

    let (status, body) = worker.set_status(id, "confirmada").await;
    assert_eq!(status, 403);
    assert_eq!(
        body["error"],
        "No puedes cambiar la mudanza al estado «confirmada»"
    );

    let (status, body) = worker.set_status(id, "en curso").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mudanza"]["estado"], "en curso");
    assert!(
        body["mudanza"].get("precio_total").is_none(),
        "workers never receive prices"
    );
    assert!(body["position"].as_i64().unwrap() > 0);
    // Read-your-writes: the very next read shows it.
    let (_, moves) = worker.get("/api/todas-las-mudanzas").await;
    let listed = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(listed["estado"], "en curso");

    let (status, body) = worker.set_status(id, "volando").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Estado no válido"))
    );
    let (status, _) = worker.set_status(999_999, "en curso").await;
    assert_eq!(status, 404);
    let (status, _) = server
        .login_role("cliente")
        .await
        .set_status(id, "cancelada")
        .await;
    assert_eq!(status, 403);
    let (status, _) = server
        .login_role("auditor")
        .await
        .set_status(id, "cancelada")
        .await;
    assert_eq!(status, 403, "auditors are read-only");
    let (status, _) = server.anonymous().set_status(id, "cancelada").await;
    assert_eq!(status, 401);
    let manager = server.login_role("empresario").await;
    let (status, body) = manager.set_status(id, "confirmada").await;
    assert_eq!(
        (status, body["mudanza"]["estado"].as_str()),
        (200, Some("confirmada"))
    );
    assert!(
        body["mudanza"]["precio_total"].is_number(),
        "managers see prices"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_request_from_another_origin_cannot_change_state(pool: PgPool) {
    let server = start(pool).await;
    let manager = account("empresario");
    let response = server
        .http
        .post(format!("{}/api/worker/login", server.base))
        .header("origin", "http://evil.example")
        .json(
            &json!({"username": manager.login, "password": manager.password, "role": "empresario"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    assert!(response.headers().get("set-cookie").is_none());
    let host = server.base.trim_start_matches("http://").to_string();
    let response = server
        .http
        .post(format!("{}/api/worker/login", server.base))
        .header("origin", format!("http://{host}"))
        .json(
            &json!({"username": manager.login, "password": manager.password, "role": "empresario"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn client_routes_get_the_app_and_unknown_api_paths_a_json_404(pool: PgPool) {
    let dist = std::env::temp_dir().join(format!("mudanzas-dist-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<div id=\"root\"></div>").unwrap();
    std::fs::write(dist.join("assets/app.js"), "console.log(1)").unwrap();
    let server = start_with(pool, Default::default(), Some(dist.clone())).await;

    for path in ["/", "/gestion", "/cliente/abc", "/no-existe"] {
        let r = server
            .http
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{path}");
        assert!(r.text().await.unwrap().contains("root"), "{path}");
    }
    let js = server
        .http
        .get(format!("{}/assets/app.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(js.text().await.unwrap(), "console.log(1)");
    let (status, body) = server.anonymous().get("/api/no-existe").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Ruta no encontrada"))
    );
    let health = server
        .http
        .get(format!("{}/healthz", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(health.text().await.unwrap(), "ok");
    std::fs::remove_dir_all(dist).ok();
}
