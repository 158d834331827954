//! The admin panel and /debug against a real server (README 'Running the system'): who may call
//! them, staff accounts (create, deactivate, reset password), projection status and rebuild,
//! the event log browser, and the health report.

use crate::common;

use std::time::Duration;

use crate::common::{account, projected, start, Caller, TestServer};
use events_schema::events::{move_stream, MoveStatus, MoveStatusChanged};
use events_schema::{Event, ExpectedVersion, Metadata, NewEvent};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const DEACTIVATED: &str = "Esta cuenta está desactivada. Contacta con el administrador.";
const INVALID_CREDENTIALS: &str = "Credenciales inválidas";
const PASSWORD: &str = "Mudanza#2026";

/// Every admin and debug call: (method, path, body).
fn endpoints(some_id: &str) -> Vec<(Method, String, Value)> {
    vec![
        (Method::GET, "/api/admin/personal".into(), Value::Null),
        (
            Method::POST,
            "/api/admin/personal".into(),
            json!({"rol": "empleado", "nombre": "Nadie", "email": "nadie@mudanzas.test", "password": PASSWORD}),
        ),
        (
            Method::POST,
            format!("/api/admin/personal/{some_id}/desactivar"),
            Value::Null,
        ),
        (
            Method::POST,
            format!("/api/admin/personal/{some_id}/reactivar"),
            Value::Null,
        ),
        (
            Method::POST,
            format!("/api/admin/personal/{some_id}/restablecer-password"),
            Value::Null,
        ),
        (Method::GET, "/api/admin/proyecciones".into(), Value::Null),
        (
            Method::POST,
            "/api/admin/proyecciones/moves/reconstruir".into(),
            Value::Null,
        ),
        (Method::GET, "/api/admin/reconstruccion".into(), Value::Null),
        (Method::GET, "/api/admin/eventos".into(), Value::Null),
        (Method::GET, "/api/debug/estado".into(), Value::Null),
    ]
}

async fn call(caller: &Caller, method: &Method, path: &str, body: &Value) -> (u16, Value) {
    if *method == Method::GET {
        caller.get(path).await
    } else {
        caller.send(method.clone(), path, body.clone()).await
    }
}

async fn id_of(pool: &PgPool, login: &str) -> String {
    sqlx::query_scalar::<_, uuid::Uuid>(
        "SELECT id FROM accounts WHERE lower(username) = lower($1) OR lower(email) = lower($1)",
    )
    .bind(login)
    .fetch_one(pool)
    .await
    .unwrap()
    .to_string()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn every_admin_and_debug_call_refuses_anonymous_callers_and_other_roles(pool: PgPool) {
    let server = start(pool).await;
    let worker = id_of(&server.state.pool, "EMP-002").await;
    let before: (i64, bool) =
        sqlx::query_as("SELECT count(*), bool_and(active) FROM accounts WHERE role <> 'cliente'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    let anonymous = server.anonymous();
    for (method, path, body) in endpoints(&worker) {
        let (status, answer) = call(&anonymous, &method, &path, &body).await;
        assert_eq!(status, 401, "anonymous {method} {path}: {answer}");
        assert_eq!(answer["success"], false);
    }
    for role in ["cliente", "empleado", "empresario", "auditor"] {
        let caller = server.login_role(role).await;
        for (method, path, body) in endpoints(&worker) {
            let (status, answer) = call(&caller, &method, &path, &body).await;
            assert_eq!(status, 403, "{role} {method} {path}: {answer}");
            assert_eq!(
                answer["error"],
                "No tienes permiso para realizar esta acción"
            );
        }
    }
    // Nothing refused changed anything.
    let after: (i64, bool) =
        sqlx::query_as("SELECT count(*), bool_and(active) FROM accounts WHERE role <> 'cliente'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(before, after);
    assert!(server.state.admin.rebuild_status().is_none());
    // The admin is let through every read.
    let admin = server.login_role("admin").await;
    for (method, path, body) in endpoints(&worker) {
        if method == Method::GET {
            let (status, answer) = call(&admin, &method, &path, &body).await;
            assert_eq!(status, 200, "admin {path}: {answer}");
            assert_eq!(answer["success"], true);
        }
    }
}

async fn worker_login(server: &TestServer, login: &str, password: &str) -> (u16, Value, Caller) {
    let mut caller = server.anonymous();
    let (status, body) = caller
        .send_keeping_session(
            Method::POST,
            "/api/worker/login",
            json!({"username": login, "password": password, "role": "empleado"}),
        )
        .await;
    (status, body, caller)
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_created_worker_logs_in_and_deactivating_them_ends_their_session_at_once(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let admin = server.login_role("admin").await;

    // The §5 rules, each reported on its field, and nothing written.
    let cases = [
        (
            json!({"rol": "empleado", "nombre": "R2D2", "email": "r@mudanzas.test", "password": PASSWORD}),
            "nombre",
        ),
        (
            json!({"rol": "empleado", "nombre": "Rosa Díaz", "email": "rosa@", "password": PASSWORD}),
            "email",
        ),
        (
            json!({"rol": "empleado", "nombre": "Rosa Díaz", "email": "rosa@mudanzas.test", "password": "corta"}),
            "password",
        ),
        (
            json!({"rol": "empleado", "nombre": "Rosa Díaz", "email": "rosa@mudanzas.test", "usuario": "ROSA", "password": PASSWORD}),
            "usuario",
        ),
        (
            json!({"rol": "empleado", "nombre": "Rosa Díaz", "email": "rosa@mudanzas.test", "usuario": "EMP-001", "password": PASSWORD}),
            "usuario",
        ),
        (
            json!({"rol": "empresario", "nombre": "Rosa Díaz", "email": "Gerente@Mudanzas.test", "password": PASSWORD}),
            "email",
        ),
        (
            json!({"rol": "admin", "nombre": "Rosa Díaz", "email": "rosa@mudanzas.test", "password": PASSWORD}),
            "rol",
        ),
    ];
    for (body, field) in cases {
        let (status, answer) = admin
            .send(Method::POST, "/api/admin/personal", body.clone())
            .await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["field"], field, "{body}: {answer}");
    }
    let (_, list) = admin.get("/api/admin/personal").await;
    assert_eq!(list["personal"].as_array().unwrap().len(), 5);

    // A worker without an employee id gets the next free one.
    let (status, created) = admin
        .send(
            Method::POST,
            "/api/admin/personal",
            json!({"rol": "empleado", "nombre": " Rosa  Díaz ", "email": "Rosa@Mudanzas.test", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let created_account = &created["cuenta"];
    assert_eq!(created_account["usuario"], "EMP-003");
    assert_eq!(created_account["nombre"], "Rosa Díaz");
    assert_eq!(created_account["email"], "rosa@mudanzas.test");
    assert_eq!(created_account["rol"], "empleado");
    assert_eq!(created_account["activa"], true);
    let id = created_account["id"].as_str().unwrap().to_string();
    // A manager logs in with their email.
    let (status, manager) = admin
        .send(
            Method::POST,
            "/api/admin/personal",
            json!({"rol": "empresario", "nombre": "Íñigo Sanz", "email": "inigo@mudanzas.test", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{manager}");
    assert_eq!(manager["cuenta"]["usuario"], Value::Null);
    let (status, _) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/worker/login",
            json!({"username": "inigo@mudanzas.test", "password": PASSWORD, "role": "empresario"}),
        )
        .await;
    assert_eq!(status, 200);

    // The new worker logs in on the worker login, works, and is on the managers' list.
    let (status, login, worker) = worker_login(&server, "emp-003", PASSWORD).await;
    assert_eq!(status, 200, "{login}");
    assert_eq!(login["user"]["role"], "empleado");
    assert_eq!(worker.get("/api/todas-las-mudanzas").await.0, 200);
    let manager = server.login_role("empresario").await;
    let listed = |body: &Value| {
        body["trabajadores"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w["id"] == id.as_str())
    };
    assert!(listed(&manager.get("/api/trabajadores").await.1));
    let mut feed = worker.live(None).await.unwrap();

    // The admin cannot switch themselves off.
    let me = id_of(&server.state.pool, &account("admin").login).await;
    let (status, answer) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{me}/desactivar"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["error"], "No puedes desactivar tu propia cuenta");

    let (status, answer) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{id}/desactivar"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cuenta"]["activa"], false);
    assert!(answer["cuenta"]["desactivada_en"].is_string());
    // Their next call is refused, their live feed closes, and they cannot log in again.
    assert_eq!(worker.get("/api/todas-las-mudanzas").await.0, 401);
    assert!(feed.closed_within(Duration::from_secs(3)).await);
    assert!(worker.live(None).await.is_err());
    let (status, answer, _) = worker_login(&server, "EMP-003", PASSWORD).await;
    assert_eq!((status, answer["error"].as_str()), (401, Some(DEACTIVATED)));
    // Only the right password says so.
    let (status, answer, _) = worker_login(&server, "EMP-003", "Otra#Clave99").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (401, Some(INVALID_CREDENTIALS))
    );
    assert!(!listed(&manager.get("/api/trabajadores").await.1));
    let (status, _) = manager
        .send(
            Method::POST,
            "/api/asignar-trabajador",
            json!({"mudanza_id": 1, "worker_id": id}),
        )
        .await;
    assert_eq!(status, 400);

    // Reactivated, the same password works again.
    let (status, answer) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{id}/reactivar"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cuenta"]["activa"], true);
    assert_eq!(worker_login(&server, "EMP-003", PASSWORD).await.0, 200);

    // Clients are not staff: the panel cannot touch them.
    let client = id_of(&server.state.pool, "cliente@mudanzas.test").await;
    let (status, _) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{client}/desactivar"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = admin
        .send(
            Method::POST,
            "/api/admin/personal/no-es-un-id/desactivar",
            Value::Null,
        )
        .await;
    assert_eq!(status, 400);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_password_reset_ends_sessions_and_only_the_new_password_works(pool: PgPool) {
    let server = start(pool).await;
    let admin = server.login_role("admin").await;
    let demo = account("empleado");
    let worker = server.login(&demo).await;
    let id = id_of(&server.state.pool, &demo.login).await;

    let (status, answer) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{id}/restablecer-password"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let temporary = answer["password_temporal"].as_str().unwrap().to_string();
    assert_eq!(command::accounts::password_strength(&temporary), 5);
    assert!(temporary.len() >= 14);

    assert_eq!(worker.get("/api/todas-las-mudanzas").await.0, 401);
    let (status, answer, _) = worker_login(&server, &demo.login, &demo.password).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (401, Some(INVALID_CREDENTIALS))
    );
    let (status, _, again) = worker_login(&server, &demo.login, &temporary).await;
    assert_eq!(status, 200);
    assert_eq!(again.get("/api/todas-las-mudanzas").await.0, 200);

    // Each reset is a new password; the admin resetting their own keeps their session.
    let me = id_of(&server.state.pool, &account("admin").login).await;
    let (status, mine) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{me}/restablecer-password"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 200);
    assert_ne!(mine["password_temporal"], temporary.as_str());
    assert_eq!(admin.get("/api/admin/personal").await.0, 200);
}

/// Holds a projector's lock, as its runner takes it for every batch: the runner waits.
async fn hold_projector(pool: &PgPool, name: &str) -> sqlx::Transaction<'static, sqlx::Postgres> {
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock(1, hashtext($1))")
        .bind(name)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx
}

/// Appends `n` status changes to a seeded move, straight to the log.
async fn append_changes(server: &TestServer, n: usize) -> i64 {
    let move_id = common::move_of(&server.state.pool, "cliente@mudanzas.test").await;
    let events: Vec<NewEvent> = (0..n)
        .map(|i| {
            let (from, to) = if i % 2 == 0 {
                (MoveStatus::Pendiente, MoveStatus::Confirmada)
            } else {
                (MoveStatus::Confirmada, MoveStatus::Pendiente)
            };
            NewEvent::new(
                Event::MoveStatusChanged(MoveStatusChanged {
                    from,
                    to,
                    cancellation_fee_cents: None,
                }),
                Metadata::system("test"),
            )
        })
        .collect();
    server
        .state
        .store
        .append(&move_stream(move_id), ExpectedVersion::Any, &events)
        .await
        .unwrap()
        .last_position
}

fn projection<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["proyecciones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["nombre"] == name)
        .unwrap_or_else(|| panic!("no projection {name} in {status}"))
}

async fn wait_until(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn projection_status_shows_the_lag_of_a_projector_that_is_held_back(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let admin = server.login_role("admin").await;
    let (status, body) = admin.get("/api/admin/proyecciones").await;
    assert_eq!(status, 200);
    let head = server.state.store.max_position().await.unwrap();
    assert_eq!(body["cabeza"], head);
    for name in ["moves", "analytics", "documents", "quotes"] {
        let p = projection(&body, name);
        assert_eq!(p["eventos_pendientes"], 0, "{p}");
        assert_eq!(p["retraso_segundos"], 0.0);
        assert_eq!(p["en_marcha"], true);
        assert_eq!(p["ultimo_error"], Value::Null);
        assert!(p["tablas"].as_array().is_some_and(|t| !t.is_empty()));
    }
    assert_eq!(projection(&body, "moves")["posicion"], head);

    let held = hold_projector(&server.state.pool, "moves").await;
    let appended = append_changes(&server, 3).await;
    // The others apply the three events; moves cannot.
    wait_until("the other projectors to catch up", async || {
        let (_, body) = admin.get("/api/admin/proyecciones").await;
        projection(&body, "analytics")["posicion"] == appended
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (_, body) = admin.get("/api/admin/proyecciones").await;
    let moves = projection(&body, "moves");
    assert_eq!(moves["posicion"], head);
    assert_eq!(moves["eventos_pendientes"], 3, "{moves}");
    assert!(
        moves["retraso_segundos"].as_f64().unwrap() >= 1.0,
        "{moves}"
    );
    assert_eq!(projection(&body, "documents")["eventos_pendientes"], 0);

    held.rollback().await.unwrap();
    wait_until("moves to catch up", async || {
        let (_, body) = admin.get("/api/admin/proyecciones").await;
        projection(&body, "moves")["eventos_pendientes"] == 0
    })
    .await;
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_rebuild_from_the_panel_reports_progress_and_leaves_what_a_fresh_rebuild_leaves(
    pool: PgPool,
) {
    let server = start(pool).await;
    projected(&server).await;
    append_changes(&server, 40).await;
    projected(&server).await;
    let admin = server.login_role("admin").await;
    let all = projections::all();
    let moves = all.iter().find(|p| p.name() == "moves").unwrap();
    let live = projections::dump_tables(&server.state.pool, moves.tables())
        .await
        .unwrap();

    assert_eq!(
        admin
            .send(
                Method::POST,
                "/api/admin/proyecciones/nada/reconstruir",
                Value::Null
            )
            .await
            .0,
        404
    );
    // While the projector's lock is held the rebuild waits, and a second one is refused.
    let held = hold_projector(&server.state.pool, "moves").await;
    let (status, started) = admin
        .send(
            Method::POST,
            "/api/admin/proyecciones/moves/reconstruir",
            Value::Null,
        )
        .await;
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["reconstruccion"]["proyeccion"], "moves");
    assert_eq!(started["reconstruccion"]["fase"], "esperando");
    let (status, answer) = admin
        .send(
            Method::POST,
            "/api/admin/proyecciones/quotes/reconstruir",
            Value::Null,
        )
        .await;
    assert_eq!(status, 409, "{answer}");
    // Other requests go on meanwhile.
    assert_eq!(admin.get("/api/admin/personal").await.0, 200);
    let (_, waiting) = admin.get("/api/admin/reconstruccion").await;
    assert_eq!(waiting["reconstruccion"]["fase"], "esperando");
    held.rollback().await.unwrap();

    let mut done = Value::Null;
    wait_until("the rebuild to finish", async || {
        let (_, body) = admin.get("/api/admin/reconstruccion").await;
        done = body["reconstruccion"].clone();
        done["fase"] == "terminada" || done["fase"] == "error"
    })
    .await;
    assert_eq!(done["fase"], "terminada", "{done}");
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    assert_eq!(done["total"], events);
    assert_eq!(done["procesados"], events);
    assert!(done["terminada_en"].is_string());
    let rebuilt = projections::dump_tables(&server.state.pool, moves.tables())
        .await
        .unwrap();
    assert_eq!(
        live, rebuilt,
        "the panel's rebuild differs from live projection"
    );
    projections::rebuild(&server.state.pool, moves.as_ref(), 7, |_, _| {})
        .await
        .unwrap();
    let fresh = projections::dump_tables(&server.state.pool, moves.tables())
        .await
        .unwrap();
    assert_eq!(
        rebuilt, fresh,
        "the panel's rebuild differs from a fresh rebuild"
    );
    // And the next one may start.
    let (status, _) = admin
        .send(
            Method::POST,
            "/api/admin/proyecciones/quotes/reconstruir",
            Value::Null,
        )
        .await;
    assert_eq!(status, 202);
}

async fn page(admin: &Caller, query: &str) -> Value {
    let (status, body) = admin.get(&format!("/api/admin/eventos?{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    body
}

fn positions(body: &Value) -> Vec<i64> {
    body["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["posicion"].as_i64().unwrap())
        .collect()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_event_browser_filters_and_pages_the_log(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let admin = server.login_role("admin").await;
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    assert!(total > 5);

    // Newest first by default; every type there is comes along for the filter.
    let all = page(&admin, "limit=200").await;
    let newest = positions(&all);
    assert_eq!(newest.len() as i64, total.min(200));
    assert!(newest.windows(2).all(|w| w[0] > w[1]));
    assert!(all["tipos"]
        .as_array()
        .unwrap()
        .contains(&json!("move.status_changed")));
    let first = &all["eventos"][0];
    for key in [
        "posicion",
        "flujo",
        "version",
        "tipo",
        "version_esquema",
        "metadatos",
        "ocurrido_en",
        "registrado_en",
        "datos",
    ] {
        assert!(!first[key].is_null(), "{key} missing in {first}");
    }

    // Pages: oldest first, two at a time, without gaps or repeats.
    let mut seen = vec![];
    let mut after: Option<i64> = None;
    loop {
        let query = match after {
            Some(a) => format!("orden=asc&limit=2&after={a}"),
            None => "orden=asc&limit=2".into(),
        };
        let body = page(&admin, &query).await;
        seen.extend(positions(&body));
        match body["siguiente"].as_i64() {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    let mut expected = newest.clone();
    expected.reverse();
    assert_eq!(seen, expected);

    // By type, by stream (exact and prefix), by time.
    let created = page(&admin, "tipo=move.created").await;
    assert!(!positions(&created).is_empty());
    assert!(created["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["tipo"] == "move.created"));
    let stream = created["eventos"][0]["flujo"].as_str().unwrap().to_string();
    let one = page(&admin, &format!("flujo={stream}")).await;
    assert!(one["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["flujo"] == stream.as_str()));
    let moves = page(&admin, "flujo=move-*&limit=200").await;
    assert!(moves["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["flujo"].as_str().unwrap().starts_with("move-")));
    assert!(positions(&moves).len() > positions(&one).len());
    assert!(positions(&page(&admin, "desde=2999-01-01T00:00:00Z").await).is_empty());
    assert_eq!(
        positions(&page(&admin, "hasta=2999-01-01T00:00:00Z&limit=200").await),
        newest
    );

    // By actor and role: a manager's status change.
    let manager = server.login_role("empresario").await;
    let move_id = common::move_of(&server.state.pool, "cliente@mudanzas.test").await;
    let (status, answer) = manager.set_status(move_id, "confirmada").await;
    assert_eq!(status, 200, "{answer}");
    let manager_id = id_of(&server.state.pool, &account("empresario").login).await;
    let by_actor = page(&admin, &format!("actor={manager_id}")).await;
    let events = by_actor["eventos"].as_array().unwrap();
    assert_eq!(events.len(), 1, "{by_actor}");
    assert_eq!(events[0]["tipo"], "move.status_changed");
    assert_eq!(events[0]["actor"]["nombre"], account("empresario").nombre);
    assert_eq!(events[0]["actor"]["rol"], "empresario");
    let by_role = page(&admin, "rol=empresario").await;
    assert_eq!(positions(&by_role), positions(&by_actor));

    // Limits and bad input.
    assert!(positions(&page(&admin, "limit=5000").await).len() <= 200);
    for query in ["orden=arriba", "desde=ayer", "after=x"] {
        let (status, _) = admin.get(&format!("/api/admin/eventos?{query}")).await;
        assert_eq!(status, 400, "{query}");
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn debug_reports_the_database_the_projectors_and_open_websockets(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let admin = server.login_role("admin").await;
    let (status, before) = admin.get("/api/debug/estado").await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(before["feed_en_directo"]["conexiones"], 0);
    assert_eq!(before["base_de_datos"]["ok"], true);
    assert!(before["base_de_datos"]["latencia_ms"].as_f64().unwrap() >= 0.0);
    assert!(before["base_de_datos"]["tamano_bytes"].as_i64().unwrap() > 0);
    assert!(before["base_de_datos"]["version"].is_string());
    assert_eq!(before["versiones"]["aplicacion"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        before["versiones"]["postgres"],
        before["base_de_datos"]["version"]
    );
    assert_eq!(
        before["proyecciones"].as_array().unwrap().len(),
        projections::all().len()
    );
    assert!(before["proyecciones"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["en_marcha"] == true));
    assert_eq!(before["correo"]["modo"], "bandeja_local");
    assert!(before["proceso"]["segundos_en_marcha"].is_u64());

    let manager = server.login_role("empresario").await;
    let feed = manager.live(None).await.unwrap();
    let (_, during) = admin.get("/api/debug/estado").await;
    assert_eq!(during["feed_en_directo"]["conexiones"], 1);
    feed.close().await;
    wait_until("the connection count to drop", async || {
        admin.get("/api/debug/estado").await.1["feed_en_directo"]["conexiones"] == 0
    })
    .await;
}
