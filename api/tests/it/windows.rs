//! The staff lists as windows (issue 19): `GET /api/mudanzas` against moves written through the
//! decider, the log and the projector: the shared cases of `fixtures/move_window_cases.json`
//! (which the web's matcher is tested against too), pages, orders, counts, refusals, roles and
//! the live feed's counts.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use crate::common::{account_by_login, projected, start, Caller, TestServer};
use chrono::{DateTime, Days, NaiveDate, Utc};
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::{Context, Decider, Role};
use events_schema::events::{
    move_stream, Event, MoveStatus, PaymentAuthorised, PaymentKind, Person, Urgency, WorkerAssigned,
};
use events_schema::Metadata;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

const WORKER_A: &str = "00000000-0000-4000-8000-00000000000a";
const WORKER_B: &str = "00000000-0000-4000-8000-00000000000b";

fn cases() -> Vec<Value> {
    let text = include_str!("../fixtures/move_window_cases.json");
    serde_json::from_str(text).expect("the cases are JSON")
}

/// The server, its two demo workers (A, B of the cases) and the callers.
struct World {
    server: TestServer,
    workers: BTreeMap<&'static str, Uuid>,
    manager: Caller,
    callers: BTreeMap<Uuid, Caller>,
    /// Today in Madrid, where the cases' `today` is moved to.
    today: NaiveDate,
}

async fn world(pool: PgPool) -> World {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let mut workers = BTreeMap::new();
    let mut callers = BTreeMap::new();
    for (symbol, login) in [(WORKER_A, "EMP-001"), (WORKER_B, "EMP-002")] {
        let id: Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
            .bind(login)
            .fetch_one(&pool)
            .await
            .unwrap();
        workers.insert(symbol, id);
        callers.insert(id, server.login(&account_by_login(login)).await);
    }
    let today = events_schema::calendar::today();
    World {
        manager: server.login_role("empresario").await,
        server,
        workers,
        callers,
        today,
    }
}

fn shifted(date: &str, by: i64) -> NaiveDate {
    let date: NaiveDate = date.parse().unwrap();
    if by >= 0 {
        date.checked_add_days(Days::new(by as u64)).unwrap()
    } else {
        date.checked_sub_days(Days::new(by.unsigned_abs())).unwrap()
    }
}

impl World {
    /// A fixture's uuid as a real worker's (the cases name workers symbolically).
    fn worker(&self, symbol: &str) -> Uuid {
        self.workers
            .get(symbol)
            .copied()
            .unwrap_or_else(|| symbol.parse().unwrap())
    }

    /// Writes a case's move as the office would have: decided by the move decider (at a moment
    /// before its date), appended to the log, with card payments for a partial or paid one.
    async fn write_move(&self, m: &Value, by_days: i64) {
        let id = m["id"].as_i64().unwrap();
        let date = shifted(m["fecha_programada"].as_str().unwrap(), by_days);
        let client = Person {
            nombre: m["cliente_nombre"].as_str().unwrap().into(),
            telefono: m["cliente_telefono"].as_str().unwrap().into(),
            email: m["cliente_email"].as_str().unwrap().into(),
        };
        let mut created = command::demo::demo_move(id, client, date, id as usize);
        created.origen = m["origen"].as_str().unwrap().into();
        created.destino = m["destino"].as_str().unwrap().into();
        created.urgencia = match m["urgencia"].as_str().unwrap() {
            "urgente" => Urgency::Urgente,
            _ => Urgency::Normal,
        };
        let total = created.precio.total_cents;
        let mut commands = vec![MoveCommand::Create(Box::new(created))];
        if let Some(worker) = m["workerId"].as_str() {
            commands.push(MoveCommand::AssignWorker(WorkerAssigned {
                worker_id: self.worker(worker),
                worker_name: "Operario".into(),
            }));
        }
        let estado = MoveStatus::parse(m["estado"].as_str().unwrap()).unwrap();
        if estado != MoveStatus::Pendiente {
            commands.push(MoveCommand::ChangeStatus {
                to: estado,
                by: Uuid::nil(),
            });
        }
        let now: DateTime<Utc> = date
            .checked_sub_days(Days::new(30))
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap()
            .and_utc();
        let ctx = Context {
            now,
            role: Some(Role::Empresario),
            generate: &api::pipeline::Random,
        };
        let (_, mut events) =
            MoveDecider::decide_all(MoveState::default(), commands, &ctx).unwrap();
        let paid = match m["estado_pago"].as_str().unwrap() {
            "partial" => total / 2,
            "paid" => total,
            _ => 0,
        };
        if paid > 0 {
            events.push(Event::PaymentAuthorised(PaymentAuthorised {
                payment_id: Uuid::now_v7(),
                session_id: Uuid::now_v7(),
                amount_cents: paid,
                kind: PaymentKind::Anticipo,
                brand: "visa".into(),
                last4: "4242".into(),
                provider: "prueba".into(),
                reference: format!("caso-{id}"),
            }));
        }
        let metadata = Metadata {
            actor_id: Some(Uuid::nil().to_string()),
            actor_role: Some("empresario".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: None,
            idempotency_key: None,
        };
        api::steps::append(&self.server.state, &move_stream(id), 0, &events, metadata)
            .await
            .unwrap();
    }

    /// Every move of the window `query` names, following the cursor: (ids in order, pages).
    async fn all_pages(&self, caller: &Caller, query: &[(String, String)]) -> (Vec<i64>, usize) {
        let mut ids = Vec::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let mut pairs = query.to_vec();
            if let Some(c) = &cursor {
                pairs.push(("cursor".into(), c.clone()));
            }
            let (status, body) = caller.get(&path(&pairs)).await;
            assert_eq!(status, 200, "{pairs:?}: {body}");
            pages += 1;
            for m in body["mudanzas"].as_array().unwrap() {
                ids.push(m["id"].as_i64().unwrap());
            }
            match body["siguiente"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => return (ids, pages),
            }
            assert!(pages < 1_000, "the cursor never ends");
        }
    }
}

fn path(pairs: &[(String, String)]) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        query.append_pair(k, v);
    }
    format!("/api/mudanzas?{}", query.finish())
}

/// Writes every case's move; the days the cases are moved by (to make their `today` today).
async fn write_cases(world: &World) -> i64 {
    let cases = cases();
    let case_today: NaiveDate = cases[0]["today"].as_str().unwrap().parse().unwrap();
    assert!(cases.iter().all(|c| c["today"] == cases[0]["today"]));
    let by_days = (world.today - case_today).num_days();
    for case in &cases {
        world.write_move(&case["move"], by_days).await;
    }
    projected(&world.server).await;
    by_days
}

#[sqlx::test(migrations = "../migrations")]
async fn every_shared_case_is_answered_as_it_says(pool: PgPool) {
    let world = world(pool).await;
    let by_days = write_cases(&world).await;
    let cases = cases();
    assert!(cases.len() >= 25);
    let mut failures = Vec::new();
    for case in &cases {
        let caller = match case["caller"].as_str() {
            Some(symbol) => &world.callers[&world.worker(symbol)],
            None => &world.manager,
        };
        let mut query: Vec<(String, String)> = vec![("limite".into(), "100".into())];
        for (key, value) in case["filter"].as_object().unwrap() {
            let value = value.as_str().unwrap();
            let value = match key.as_str() {
                "desde" | "hasta" => shifted(value, by_days).to_string(),
                "trabajador" if value.contains('-') => world.worker(value).to_string(),
                _ => value.to_string(),
            };
            query.push((key.clone(), value));
        }
        let (ids, _) = world.all_pages(caller, &query).await;
        let id = case["move"]["id"].as_i64().unwrap();
        let expected = case["matches"].as_bool().unwrap();
        if ids.contains(&id) != expected {
            failures.push(format!(
                "{}: move {id} {} the answer to {query:?}",
                case["name"],
                if expected { "missing from" } else { "in" }
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Pages of every order are disjoint, in order, and together the whole window; the counts are
/// the view's, after live projection and after a rebuild.
#[sqlx::test(migrations = "../migrations")]
async fn pages_cover_the_window_in_order_and_the_counts_are_the_views(pool: PgPool) {
    let world = world(pool.clone()).await;
    write_cases(&world).await;
    // A mix of changes through the API: statuses and a reassignment.
    let a = world.workers[WORKER_A];
    let b = world.workers[WORKER_B];
    for (id, estado) in [
        (1002, "finalizada"),
        (1003, "cancelada"),
        (1020, "en curso"),
    ] {
        let (status, body) = world.manager.set_status(id, estado).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = world
        .manager
        .send(
            reqwest::Method::POST,
            "/api/asignar-trabajador",
            serde_json::json!({"mudanza_id": 1015, "worker_id": b}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    projected(&world.server).await;

    for (orden, sql) in [
        ("fecha", "fecha_programada, id"),
        ("-fecha", "fecha_programada DESC, id DESC"),
        ("numero", "id"),
        ("-numero", "id DESC"),
    ] {
        let expected: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT id FROM move_staff_view WHERE busqueda LIKE '%a%' ORDER BY {sql}"
        ))
        .fetch_all(&pool)
        .await
        .unwrap();
        assert!(expected.len() > 40);
        let query = [("orden", orden), ("limite", "7"), ("q", "a")]
            .map(|(k, v)| (k.to_string(), v.to_string()));
        let (ids, pages) = world.all_pages(&world.manager, &query).await;
        assert_eq!(ids, expected, "orden={orden}: every move once, in order");
        assert_eq!(pages, expected.len().div_ceil(7), "orden={orden}");
        let unique: BTreeSet<i64> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "pages are disjoint");
    }
    // A cursor belongs to its order.
    let (_, first) = world.manager.get("/api/mudanzas?limite=2").await;
    let cursor = first["siguiente"].as_str().unwrap();
    let (status, body) = world
        .manager
        .get(&format!("/api/mudanzas?orden=numero&cursor={cursor}"))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "El cursor no es válido");

    let view_counts = |scope: Option<Uuid>| {
        let pool = pool.clone();
        async move {
            let rows: Vec<(String, i64)> = sqlx::query_as(
                "SELECT estado, count(*) FROM move_staff_view \
                 WHERE $1::uuid IS NULL OR worker_id = $1 GROUP BY estado",
            )
            .bind(scope)
            .fetch_all(&pool)
            .await
            .unwrap();
            serde_json::to_value(projections::moves::StatusCounts::from_rows(rows)).unwrap()
        }
    };
    let answered = |caller: &Caller, query: &'static str| {
        let caller = caller.clone();
        async move {
            let (status, body) = caller.get(query).await;
            assert_eq!(status, 200, "{body}");
            body["conteos"].clone()
        }
    };
    let check = async || {
        let all = view_counts(None).await;
        assert!(all["todas"].as_i64().unwrap() > 50);
        assert_eq!(
            answered(&world.manager, "/api/mudanzas?estado=cancelada").await,
            all
        );
        assert_eq!(
            answered(&world.manager, "/api/mudanzas?vista=proximas&q=garcia").await,
            all,
            "the counts ignore the other filters"
        );
        assert_eq!(
            answered(&world.callers[&a], "/api/mudanzas?trabajador=yo").await,
            view_counts(Some(a)).await
        );
        assert_eq!(
            answered(
                &world.manager,
                &*format!("/api/mudanzas?trabajador={b}").leak()
            )
            .await,
            view_counts(Some(b)).await
        );
    };
    check().await;
    let moves = projections::moves::MovesProjector::new();
    let live = projections::dump_tables(&pool, projections::Projector::tables(&moves))
        .await
        .unwrap();
    projections::rebuild(&pool, &moves, 9, |_, _| {})
        .await
        .unwrap();
    check().await;
    let rebuilt = projections::dump_tables(&pool, projections::Projector::tables(&moves))
        .await
        .unwrap();
    assert_eq!(
        live["move_status_counts"], rebuilt["move_status_counts"],
        "a rebuild leaves the same counts"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_parameters_are_refused_in_spanish_and_roles_are_checked(pool: PgPool) {
    let world = world(pool).await;
    // As long as a request line may be (the server refuses longer ones before any handler).
    let huge = "ñ".repeat(1_000);
    let odd = "\u{202e}\u{200b}🦀\u{fffd}ǅ\u{301}";
    let cases: Vec<(String, &str)> = vec![
        (format!("q={}", "a".repeat(101)), "(q)"),
        (format!("q={huge}"), "(q)"),
        ("desde=2026-13-01".into(), "(desde)"),
        ("desde=mañana".into(), "(desde)"),
        ("hasta=+20260-01-01".into(), "(hasta)"),
        ("desde=2026-06-10&hasta=2026-06-01".into(), "(desde)"),
        ("cursor=%21%21%21".into(), "El cursor no es válido"),
        (
            format!("cursor={}", "QUFB".repeat(500)),
            "El cursor no es válido",
        ),
        ("cursor=bnVtZXJvOjE".into(), "El cursor no es válido"),
        ("limite=0".into(), "(limite)"),
        ("limite=101".into(), "(limite)"),
        ("limite=-1".into(), "(limite)"),
        ("limite=99999999999999999999".into(), "(limite)"),
        ("estado=abierta".into(), "(estado)"),
        (format!("estado={huge}"), "(estado)"),
        (format!("estado={odd}"), "(estado)"),
        ("trabajador=alguien".into(), "(trabajador)"),
        (format!("trabajador={odd}"), "(trabajador)"),
        ("urgencia=muy".into(), "(urgencia)"),
        ("estado_pago=debe".into(), "(estado_pago)"),
        ("vista=ayer".into(), "(vista)"),
        ("orden=precio".into(), "(orden)"),
    ];
    for (query, names) in &cases {
        let encoded: String = query
            .split('&')
            .map(|pair| {
                let (k, v) = pair.split_once('=').unwrap();
                let v: String = form_urlencoded::byte_serialize(v.as_bytes()).collect();
                // Already-encoded test values stay as they are.
                let v = if v.contains("%2521") {
                    "%21%21%21".into()
                } else {
                    v
                };
                format!("{k}={v}")
            })
            .collect::<Vec<_>>()
            .join("&");
        let (status, body) = world.manager.get(&format!("/api/mudanzas?{encoded}")).await;
        assert_eq!(status, 400, "{query:.80}: {body}");
        assert_eq!(body["success"], false);
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(names), "{query:.80}: {error}");
    }
    // Odd but acceptable: a search of any Unicode within the bound answers.
    for q in [odd, "%_\\", "ǅ́ ́", "'; DROP TABLE events; --"] {
        let encoded: String = form_urlencoded::byte_serialize(q.as_bytes()).collect();
        let (status, body) = world
            .manager
            .get(&format!("/api/mudanzas?q={encoded}"))
            .await;
        assert_eq!(status, 200, "{q}: {body}");
    }

    // Workers: no prices even when asked, no filter on payments; clients and visitors: no list.
    let worker = &world.callers[&world.workers[WORKER_A]];
    let (status, body) = worker
        .get("/api/mudanzas?include_price=true&limite=100")
        .await;
    assert_eq!(status, 200);
    let moves = body["mudanzas"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        for key in projections::moves::MONEY_KEYS {
            assert!(m.get(key).is_none(), "a worker sees {key}");
        }
    }
    assert_eq!(worker.get("/api/mudanzas?estado_pago=paid").await.0, 403);
    let (_, priced) = world
        .manager
        .get("/api/mudanzas?include_price=true&limite=1")
        .await;
    assert!(priced["mudanzas"][0]["precio_total"].is_number());
    let (_, unpriced) = world.manager.get("/api/mudanzas?limite=1").await;
    assert!(unpriced["mudanzas"][0].get("precio_total").is_none());
    let client = world.server.login(&common::account("cliente")).await;
    assert_eq!(client.get("/api/mudanzas").await.0, 403);
    assert_eq!(world.server.anonymous().get("/api/mudanzas").await.0, 401);
}

/// The live feed's counts: the office gets every scope's, a worker every move's and their own.
#[sqlx::test(migrations = "../migrations")]
async fn counts_frames_reach_whom_they_concern(pool: PgPool) {
    let world = world(pool).await;
    let a = world.workers[WORKER_A];
    let b = world.workers[WORKER_B];
    let after = world.server.state.store.max_position().await.unwrap();
    let mut manager = world.manager.live(None).await.unwrap();
    let mut worker_a = world.callers[&a].live(None).await.unwrap();
    let mut worker_b = world.callers[&b].live(None).await.unwrap();
    let client = world.server.login(&common::account("cliente")).await;
    let mut client_feed = client.live(None).await.unwrap();

    // A move of A's, created, then confirmed: counts of 'all' and of A change twice.
    world
        .write_move(
            &serde_json::json!({
                "id": 5001, "estado": "confirmada", "fecha_programada": world.today.to_string(),
                "workerId": WORKER_A, "urgencia": "normal", "estado_pago": "pending",
                "cliente_nombre": "Ana Directo", "cliente_email": "directo@ejemplo.test",
                "cliente_telefono": "600 000 001", "origen": "Calle Uno 1", "destino": "Calle Dos 2"
            }),
            0,
        )
        .await;
    projected(&world.server).await;

    async fn counts_seen(feed: &mut common::LiveClient) -> BTreeMap<String, Value> {
        let mut seen = BTreeMap::new();
        while let Some(frame) = feed.next_within(Duration::from_secs(2)).await {
            if frame["kind"] == "move_counts" {
                seen.insert(
                    frame["id"].as_str().unwrap().to_string(),
                    frame["data"].clone(),
                );
            }
        }
        seen
    }
    let office = counts_seen(&mut manager).await;
    let seen_a = counts_seen(&mut worker_a).await;
    let seen_b = counts_seen(&mut worker_b).await;
    assert!(
        counts_seen(&mut client_feed).await.is_empty(),
        "clients get no counts"
    );
    let scopes = |seen: &BTreeMap<String, Value>| seen.keys().cloned().collect::<BTreeSet<_>>();
    assert_eq!(scopes(&office), ["all".to_string(), a.to_string()].into());
    assert_eq!(scopes(&seen_a), ["all".to_string(), a.to_string()].into());
    assert_eq!(scopes(&seen_b), ["all".to_string()].into());
    // The last frame of a scope holds what the list answers now.
    let (_, body) = world.callers[&a].get("/api/mudanzas?trabajador=yo").await;
    assert_eq!(seen_a[&a.to_string()], body["conteos"]);
    let (_, body) = world.manager.get("/api/mudanzas").await;
    assert_eq!(office["all"], body["conteos"]);

    // A reconnect with resume replays them, to the same audiences.
    let mut resumed_b = world.callers[&b].live(Some(after)).await.unwrap();
    assert_eq!(
        scopes(&counts_seen(&mut resumed_b).await),
        ["all".to_string()].into()
    );
    let mut resumed_a = world.callers[&a].live(Some(after)).await.unwrap();
    assert_eq!(
        scopes(&counts_seen(&mut resumed_a).await),
        ["all".to_string(), a.to_string()].into()
    );
}
