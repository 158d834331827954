//! No GET changes anything (issue 17). The origin check refuses state changes from other sites'
//! pages for every method but GET, HEAD and OPTIONS, so a GET with an effect is one that any page
//! can make a signed-in user's browser perform (a manager's, issuing an invoice). Every GET
//! operation of the OpenAPI document, asked by every kind of caller as a page of another site
//! would ask it, leaves every table of the database (its rows and their contents), the files
//! under DATA_DIR and the caller's cookies exactly as they were.
//!
//! The document is the list, so a GET added later is covered without touching this file; one
//! whose path has a parameter this file cannot fill fails here until someone says how.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use crate::common::{account, account_by_login, projected, start, Caller, TestServer, PNG};
use reqwest::header::{COOKIE, ORIGIN, SET_COOKIE};
use serde_json::json;
use sqlx::PgPool;

/// What the callers' GETs carry in their query strings, for the operations that need one to get
/// past validation (the rest are asked without).
const QUERIES: &[(&str, &str)] = &[
    ("/api/restablecer-password", "token=no-existe"),
    ("/api/autocomplete", "input=Calle%20Mayor"),
    (
        "/api/get-calculated-stats",
        "origin=Madrid&destination=Toledo",
    ),
    ("/api/objetos", "categoria=camas%20y%20colchones"),
    ("/api/objetos-catalogo", "search=sof"),
    ("/api/todas-las-mudanzas", "include_price=true"),
    ("/api/auditoria/mudanzas", "q=Marta"),
    (
        "/api/auditoria/mudanza/{id}/estado",
        "instante=2030-01-01T00:00:00Z",
    ),
];

/// An id nothing has.
const NONE: &str = "01920000-0000-7000-8000-000000000000";

/// The ids a GET's path may name.
struct Fixtures {
    /// A move of the demo client with no invoice or waybill issued yet: a GET that issued them
    /// would show here.
    move_id: i64,
    photo: String,
    payment: String,
    application: String,
}

impl Fixtures {
    fn fill(&self, template: &str) -> String {
        let id = if template.starts_with("/api/candidaturas/") {
            self.application.clone()
        } else if template.starts_with("/api/pagos/") {
            self.payment.clone()
        } else {
            self.move_id.to_string()
        };
        let path = template
            .replace("{id}", &id)
            .replace("{move_id}", &self.move_id.to_string())
            .replace("{photo_id}", &self.photo)
            // No signature or claim yet: a GET naming one answers 404 and changes nothing.
            .replace("{event}", NONE)
            .replace("{photo}", NONE);
        assert!(
            !path.contains('{'),
            "{template}: say in safe_gets.rs how to fill its parameters"
        );
        match QUERIES.iter().find(|(p, _)| *p == template) {
            Some((_, query)) => format!("{path}?{query}"),
            None => path,
        }
    }
}

/// Every table of the database: its row count and a digest of its rows' text, in one statement.
async fn snapshot(pool: &PgPool) -> BTreeMap<String, String> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(tables.iter().any(|t| t == "events"), "{tables:?}");
    let sql = tables
        .iter()
        .map(|t| {
            format!(
                "SELECT '{t}'::text, (SELECT count(*)::text || ' ' || \
                     coalesce(md5(string_agg(r::text, E'\\n' ORDER BY r::text)), '') \
                 FROM \"{t}\" r)"
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    sqlx::query_as::<_, (String, String)>(&sql)
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .collect()
}

/// Every file under `dir`, with its size.
fn files(dir: &Path) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let meta = entry.metadata().unwrap();
            if meta.is_dir() {
                out.insert(format!("{}/", entry.path().display()), 0);
                stack.push(entry.path());
            } else {
                out.insert(entry.path().display().to_string(), meta.len());
            }
        }
    }
    out
}

/// Until the server's sealer has sealed every event and the projections have caught up: the
/// background work that follows the log, which writes only when the log grows.
async fn settled(server: &TestServer) {
    projected(server).await;
    let pool = &server.state.pool;
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    loop {
        let (events, sealed): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM log_chain)",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if events == sealed {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "sealed {sealed} of {events}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn fixtures(server: &TestServer, pool: &PgPool) -> Fixtures {
    let marta = account("cliente");
    let move_id: i64 = sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE cliente_email = $1 \
         AND doc->>'factura' IS NULL AND doc->>'albaran' IS NULL ORDER BY id LIMIT 1",
    )
    .bind(&marta.email)
    .fetch_one(pool)
    .await
    .expect("a move of the demo client without documents");
    let manager = server.login_role("empresario").await;
    let (status, body) = manager
        .upload_photo(
            &move_id.to_string(),
            Some(("caja.png", PNG.to_vec())),
            "Caja",
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let photo = body["foto"]["id"].to_string().trim_matches('"').to_string();
    let (_, m) = manager.get(&format!("/api/mudanza/{move_id}")).await;
    let key = m["mudanza"]["clave_pago"].as_str().expect("a payment key");
    let (status, body) = server
        .anonymous()
        .send(
            reqwest::Method::POST,
            "/api/auth-pay",
            json!({"name": marta.nombre, "password": key}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let payment = body["paymentId"].as_str().unwrap().to_string();
    let application = common::job_application(server).await;
    Fixtures {
        move_id,
        photo,
        payment,
        application,
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn no_get_operation_changes_anything(pool: PgPool) {
    // Development mode: the outbox answers too.
    let server = start(pool.clone()).await;
    projected(&server).await;
    let fixtures = fixtures(&server, &pool).await;
    let callers: Vec<(&str, Caller)> = vec![
        ("anónimo", server.anonymous()),
        ("cliente", server.login_role("cliente").await),
        ("empleado", server.login(&account_by_login("EMP-001")).await),
        ("empresario", server.login_role("empresario").await),
        ("admin", server.login_role("admin").await),
        ("auditor", server.login_role("auditor").await),
    ];
    let (status, document) = server.anonymous().get("/api/openapi.json").await;
    assert_eq!(status, 200);
    let gets: Vec<String> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, item)| item.get("get").is_some())
        .map(|(path, _)| path.clone())
        .collect();
    assert!(gets.len() > 30, "{gets:?}");
    assert!(gets.iter().any(|p| p == "/api/factura/{id}"));

    settled(&server).await;
    let data_dir = server.state.config.data_dir.clone();
    let mut tables = snapshot(&pool).await;
    let stored = files(&data_dir);
    let mut asked = 0;
    for (who, caller) in &callers {
        for template in &gets {
            let path = fixtures.fill(template);
            let mut request = caller
                .http
                .get(format!("{}{path}", server.base))
                .header(ORIGIN, "https://otro-sitio.example");
            if let Some(cookie) = &caller.cookie {
                request = request.header(COOKIE, cookie);
            }
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            assert!(status < 500, "{who} GET {path}: {status}");
            assert!(
                response.headers().get(SET_COOKIE).is_none(),
                "{who} GET {path} sets a cookie: {:?}",
                response.headers().get(SET_COOKIE)
            );
            asked += 1;
            let after = snapshot(&pool).await;
            let changed: Vec<&String> = after
                .iter()
                .filter(|(table, digest)| tables.get(*table) != Some(digest))
                .map(|(table, _)| table)
                .collect();
            assert!(
                changed.is_empty(),
                "{who} GET {path} ({status}) changed the tables {changed:?}"
            );
            tables = after;
        }
    }
    assert_eq!(asked, gets.len() * callers.len());
    assert_eq!(files(&data_dir), stored, "no file written or removed");
    // And the two that used to issue documents still have nothing to show.
    let (status, body) = callers[3]
        .1
        .get(&format!("/api/factura/{}", fixtures.move_id))
        .await;
    assert_eq!(status, 404, "{body}");
}
