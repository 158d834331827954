//! What a browser is told and what another site cannot do (issue 9, ARCHITECTURE §6): the
//! security headers on every kind of response, the session cookie's flags in development and in
//! production, every state-changing call and the live feed refused to another site's pages, and
//! the attempt limit on staff accounts. (The other attempt limits have their tests with their
//! features: accounts.rs for client logins, confirmation codes and reset emails, payments.rs for
//! payment access.)

use std::path::PathBuf;

use crate::common::{account, start_configured, TestServer};
use api::payments::RedsysConfig;
use reqwest::header::{HeaderMap, ORIGIN, SET_COOKIE};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const FOREIGN: &str = "https://otro-sitio.example";
const TOO_MANY: &str = "Demasiados intentos. Espera antes de intentar de nuevo.";

/// A built web app of two files, enough to see what pages and assets are served with.
fn web_dist() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mudanzas-dist-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html lang=\"es\"><script type=\"module\" src=\"/assets/app.js\"></script></html>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log('hola');").unwrap();
    dir
}

async fn server(pool: PgPool, production: bool) -> TestServer {
    start_configured(pool, Default::default(), Some(web_dist()), |c| {
        c.development = !production;
        if production {
            c.public_url = "https://mudanzas.example".into();
            c.redsys = Some(RedsysConfig {
                merchant_code: "999008881".into(),
                terminal: "1".into(),
                secret_key: "sq7HjrUOBfKmC576ILgskD5srU870gJ7".into(),
                url: "https://sis-t.redsys.es:25443/sis/realizarPago".into(),
            });
        }
    })
    .await
}

async fn headers_of(server: &TestServer, method: Method, path: &str) -> (u16, HeaderMap) {
    let response = server
        .http
        .request(method, format!("{}{path}", server.base))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.headers().clone())
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

#[sqlx::test(migrations = "../migrations")]
async fn every_kind_of_response_carries_the_security_headers(pool: PgPool) {
    let dev = server(pool, false).await;
    let samples = [
        (Method::GET, "/", 200),
        (Method::GET, "/gestion", 200),
        (Method::GET, "/assets/app.js", 200),
        (Method::GET, "/api/auth-status", 200),
        (Method::GET, "/api/todas-las-mudanzas", 401),
        (Method::GET, "/api/no-existe", 404),
        (Method::DELETE, "/api/objetos", 405),
        (Method::GET, "/healthz", 200),
    ];
    for (method, path, expected) in samples {
        let (status, headers) = headers_of(&dev, method.clone(), path).await;
        assert_eq!(status, expected, "{method} {path}");
        let csp = header(&headers, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {directive} in {csp:?}");
        }
        assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
        assert!(
            !csp.split(';')
                .any(|d| d.trim().starts_with("script-src") && d.contains("unsafe-inline")),
            "{path}: inline scripts allowed: {csp}"
        );
        assert_eq!(
            header(&headers, "x-content-type-options"),
            "nosniff",
            "{path}"
        );
        assert_eq!(
            header(&headers, "referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert_eq!(header(&headers, "x-frame-options"), "DENY", "{path}");
        // Plain http in development: telling the browser to insist on https would lock it out.
        assert_eq!(header(&headers, "strict-transport-security"), "", "{path}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn in_production_https_is_insisted_on_and_the_gateway_may_receive_the_checkout(pool: PgPool) {
    let prod = server(pool, true).await;
    for path in ["/", "/pago", "/api/auth-status"] {
        let (_, headers) = headers_of(&prod, Method::GET, path).await;
        assert_eq!(
            header(&headers, "strict-transport-security"),
            "max-age=31536000; includeSubDomains",
            "{path}"
        );
        let csp = header(&headers, "content-security-policy");
        assert!(
            csp.contains("form-action 'self' https://sis-t.redsys.es:25443;"),
            "{path}: {csp}"
        );
    }
}

/// The session cookie as each login sets it.
async fn session_cookie_flags(server: &TestServer, role: &str) -> String {
    let (path, body) = account(role).login_request();
    let response = server
        .http
        .post(format!("{}{path}", server.base))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{role} login");
    response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|c| c.to_str().ok())
        .find(|c| c.starts_with("mudanzas_session="))
        .unwrap_or_else(|| panic!("{role}: no session cookie"))
        .to_string()
}

#[sqlx::test(migrations = "../migrations")]
async fn session_cookies_are_http_only_same_site_and_secure_outside_development(pool: PgPool) {
    let dev = server(pool.clone(), false).await;
    let prod = server(pool, true).await;
    for role in ["cliente", "empleado", "empresario", "admin", "auditor"] {
        for (server, secure) in [(&dev, false), (&prod, true)] {
            let cookie = session_cookie_flags(server, role).await;
            let flags: Vec<&str> = cookie.split(';').map(str::trim).collect();
            assert!(flags.contains(&"HttpOnly"), "{role}: {cookie}");
            assert!(flags.contains(&"SameSite=Lax"), "{role}: {cookie}");
            assert!(flags.contains(&"Path=/"), "{role}: {cookie}");
            assert_eq!(flags.contains(&"Secure"), secure, "{role}: {cookie}");
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn another_sites_pages_may_change_nothing_nor_open_the_live_feed(pool: PgPool) {
    let server = server(pool.clone(), false).await;
    let manager = server.login_role("empresario").await;
    let cookie = manager.cookie.clone().unwrap();
    let document = api::routes::openapi();
    let count = |sql: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let events = count("SELECT count(*) FROM events").await;
    let sessions = count("SELECT count(*) FROM sessions").await;
    let mut refused = 0;
    for (path, operations) in document["paths"].as_object().unwrap() {
        for method in operations.as_object().unwrap().keys() {
            let method = match method.as_str() {
                "post" => Method::POST,
                "put" => Method::PUT,
                "delete" => Method::DELETE,
                "patch" => Method::PATCH,
                _ => continue,
            };
            // Any value fits the path: the request must not get as far as reading it.
            let concrete = path
                .replace("{id}", "1")
                .replace("{nombre}", "moves")
                .replace("{move_id}", "1");
            // A plausible body: the manager's login, a status change…
            let body = match path.as_str() {
                "/api/worker/login" => account("empresario").login_request().1,
                _ => json!({"mudanza_id": 1, "nuevo_estado": "cancelada", "motivo": "x"}),
            };
            let response = server
                .http
                .request(method.clone(), format!("{}{concrete}", server.base))
                .header(ORIGIN, FOREIGN)
                .header("cookie", &cookie)
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let answer: Value = response.json().await.unwrap_or(Value::Null);
            assert_eq!(
                (status, answer["error"].as_str()),
                (403, Some(api::security::FOREIGN_ORIGIN)),
                "{method} {path} from another site"
            );
            refused += 1;
        }
    }
    assert!(refused > 30, "only {refused} state-changing operations");
    assert_eq!(count("SELECT count(*) FROM events").await, events);
    assert_eq!(count("SELECT count(*) FROM sessions").await, sessions);

    // The same requests from the site itself (or from a program, which sends no Origin) pass.
    let host = server.base.trim_start_matches("http://");
    for origin in [Some(format!("http://{host}")), None] {
        let mut request = server
            .http
            .put(format!("{}/api/actualizar-estado-mudanza", server.base))
            .header("cookie", &cookie)
            .json(&json!({"mudanza_id": 1, "nuevo_estado": "volando"}));
        if let Some(origin) = &origin {
            request = request.header(ORIGIN, origin);
        }
        let response = request.send().await.unwrap();
        assert_eq!(
            response.status(),
            400,
            "from {origin:?}: refused on content only"
        );
    }

    // The live feed: a GET, but it would hand another site's script the manager's feed.
    let ws = server.base.replace("http://", "ws://") + "/api/live";
    let open_from = |origin: String| {
        let mut request = ws.as_str().into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", cookie.parse().unwrap());
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    match open_from(FOREIGN.to_string()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403)
        }
        other => panic!("the live feed from another site: {:?}", other.map(|_| ())),
    }
    assert!(open_from(format!("http://{host}")).await.is_ok());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_staff_account_is_locked_after_five_wrong_passwords(pool: PgPool) {
    let server = server(pool, false).await;
    let worker = account("empleado");
    let attempt = |password: &'static str| {
        let server = &server;
        async move {
            server
                .anonymous()
                .send(
                    Method::POST,
                    "/api/worker/login",
                    json!({"username": "EMP-001", "password": password, "role": "empleado"}),
                )
                .await
        }
    };
    for _ in 0..5 {
        let (status, answer) = attempt("Mala#Clave1").await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (401, Some("Credenciales inválidas"))
        );
    }
    let (status, answer) = attempt("Operario#2026").await;
    assert_eq!(worker.password, "Operario#2026");
    assert_eq!(
        (status, answer["error"].as_str()),
        (429, Some(TOO_MANY)),
        "locked, even with the right password"
    );
    // Another worker is not locked out by it.
    let (status, _) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": "EMP-002", "password": "Operario#2026", "role": "empleado"}),
        )
        .await;
    assert_eq!(status, 200);
}
