//! The worker list, assignments (one move per worker and day), and `GET /api/mudanza/{id}`.

use crate::common;

use crate::common::{projected, start, TestServer};
use chrono::{Days, NaiveDate};
use command::demo::demo_move;
use events_schema::events::{move_stream, Person};
use events_schema::{Event, ExpectedVersion, Metadata, NewEvent};
use serde_json::{json, Value};
use sqlx::PgPool;

fn in_days(n: u64) -> NaiveDate {
    events_schema::calendar::today()
        .checked_add_days(Days::new(n))
        .unwrap()
}

/// A new unassigned move on `fecha`, written straight to the log (creating moves through the
/// API is another call's test).
async fn new_move(server: &TestServer, date: NaiveDate) -> i64 {
    let id: i64 = sqlx::query_scalar("SELECT nextval('move_number_seq')")
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    let person = Person {
        nombre: "Lucía Gómez".into(),
        telefono: "611 222 333".into(),
        email: "lucia@mudanzas.test".into(),
    };
    let created = Event::MoveCreated(demo_move(id, person, date, id as usize));
    let appended = server
        .state
        .store
        .append(
            &move_stream(id),
            ExpectedVersion::NoStream,
            &[NewEvent::new(created, Metadata::system("test"))],
        )
        .await
        .unwrap();
    assert!(
        server
            .state
            .projections
            .wait_for(appended.last_position, std::time::Duration::from_secs(10))
            .await
    );
    id
}

async fn worker_id(server: &TestServer, login: &str) -> String {
    sqlx::query_scalar::<_, uuid::Uuid>("SELECT id FROM accounts WHERE username = $1")
        .bind(login)
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
        .to_string()
}

async fn assign(caller: &common::Caller, move_id: i64, worker: &str) -> (u16, Value) {
    caller
        .send(
            reqwest::Method::POST,
            "/api/asignar-trabajador",
            json!({"mudanza_id": move_id, "worker_id": worker}),
        )
        .await
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn managers_list_workers_with_their_busy_days(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let (status, body) = manager.get("/api/trabajadores").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = body["trabajadores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["nombre"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ana Ruiz", "Javier Moreno"]);

    // The seed assigns Javier to today's move (en curso): today on the company's calendar.
    let today = events_schema::calendar::today();
    let (_, body) = manager
        .get(&format!("/api/trabajadores?fecha={today}"))
        .await;
    let busy: Vec<(&str, bool)> = body["trabajadores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["nombre"].as_str().unwrap(),
                w["ocupado"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(busy, [("Ana Ruiz", false), ("Javier Moreno", true)]);

    assert_eq!(manager.get("/api/trabajadores?fecha=mañana").await.0, 400);
    assert_eq!(
        server
            .login_role("empleado")
            .await
            .get("/api/trabajadores")
            .await
            .0,
        403
    );
    assert_eq!(server.anonymous().get("/api/trabajadores").await.0, 401);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_worker_holds_one_move_per_day(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let javier = worker_id(&server, "EMP-001").await;
    let ana = worker_id(&server, "EMP-002").await;

    let day = in_days(40);
    let first = new_move(&server, day).await;
    let second = new_move(&server, day).await;

    let (status, body) = assign(&manager, first, &javier).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mudanza"]["worker"], "Javier Moreno");
    assert_eq!(body["mudanza"]["workerId"], javier.as_str());

    let (status, body) = assign(&manager, second, &javier).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "El trabajador ya tiene otra mudanza asignada ese día"
    );

    // Reassigning the first move to Ana frees Javier's day.
    assert_eq!(assign(&manager, first, &ana).await.0, 200);
    let (status, body) = assign(&manager, second, &javier).await;
    assert_eq!(status, 200, "{body}");
    // The same assignment again changes nothing.
    assert_eq!(assign(&manager, second, &javier).await.0, 200);

    // A cancelled move does not keep its worker busy.
    let later = in_days(41);
    let cancelled = new_move(&server, later).await;
    assert_eq!(assign(&manager, cancelled, &ana).await.0, 200);
    assert_eq!(manager.set_status(cancelled, "cancelada").await.0, 200);
    let replacement = new_move(&server, later).await;
    let (status, body) = assign(&manager, replacement, &ana).await;
    assert_eq!(status, 200, "{body}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn two_managers_assigning_one_worker_to_one_day_at_once_get_one_200_and_one_409(
    pool: PgPool,
) {
    let server = start(pool).await;
    projected(&server).await;
    let ana = worker_id(&server, "EMP-002").await;
    let manager = server.login_role("empresario").await;
    let admin = server.login_role("admin").await;
    for round in 0..4 {
        let day = in_days(50 + round);
        let a = new_move(&server, day).await;
        let b = new_move(&server, day).await;
        let (first, second) = tokio::join!(assign(&manager, a, &ana), assign(&admin, b, &ana));
        let mut statuses = [first.0, second.0];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "round {round}: {first:?} {second:?}");
        let holders: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM move_staff_view WHERE worker_id = $1::uuid AND fecha_programada = $2",
        )
        .bind(&ana)
        .bind(day)
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
        assert_eq!(
            holders, 1,
            "round {round}: no lost update, no double booking"
        );
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn assignments_check_role_and_input(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let javier = worker_id(&server, "EMP-001").await;
    let target = new_move(&server, in_days(60)).await;

    assert_eq!(
        assign(&server.login_role("empleado").await, target, &javier)
            .await
            .0,
        403
    );
    assert_eq!(assign(&server.anonymous(), target, &javier).await.0, 401);
    let (status, body) = assign(&manager, target, &uuid::Uuid::now_v7().to_string()).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Trabajador no encontrado"))
    );
    let (status, _) = assign(&manager, target, "no-es-un-id").await;
    assert_eq!(status, 400);
    let (status, body) = assign(&manager, 999_999, &javier).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Mudanza no encontrada"))
    );
    // A manager is not a worker: only workers are assigned.
    let manager_id: uuid::Uuid =
        sqlx::query_scalar("SELECT id FROM accounts WHERE role = 'empresario' LIMIT 1")
            .fetch_one(&server.state.pool)
            .await
            .unwrap();
    assert_eq!(
        assign(&manager, target, &manager_id.to_string()).await.0,
        400
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn one_move_for_staff_with_prices_for_managers_only(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = new_move(&server, in_days(70)).await;
    let path = format!("/api/mudanza/{id}");
    let (status, body) = server.login_role("empresario").await.get(&path).await;
    assert_eq!(status, 200);
    assert_eq!(body["mudanza"]["id"], id);
    assert!(body["mudanza"]["precio_total"].as_f64().unwrap() > 0.0);
    let (status, body) = server.login_role("empleado").await.get(&path).await;
    assert_eq!(status, 200);
    assert!(body["mudanza"].get("precio_total").is_none());
    assert_eq!(server.login_role("cliente").await.get(&path).await.0, 403);
    assert_eq!(server.anonymous().get(&path).await.0, 401);
    let (status, body) = server
        .login_role("empresario")
        .await
        .get("/api/mudanza/999999")
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Mudanza no encontrada"))
    );
    assert_eq!(
        server
            .login_role("empresario")
            .await
            .get("/api/mudanza/abc")
            .await
            .0,
        400
    );
}
