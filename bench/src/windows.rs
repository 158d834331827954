//! The staff lists as windows (issue 19): with 100,000 moves in the log (2,500 clients, dates
//! over three years, most with a worker), written through the decider and the log as the replay
//! phase writes its history, four concurrent HTTP clients ask the first windows of the
//! dashboards, `GET /api/mudanzas`, and the old full list beside them. Where the web app is built
//! and Chromium is installed, Chromium then loads the manager's dashboard against the same server
//! (web/e2e/first-window.mjs).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use chrono::{Days, NaiveDate};
use command::demo::demo_move;
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::{Decider, Role};
use events_schema::events::{move_stream, MoveStatus, Person, WorkerAssigned};
use events_schema::{ExpectedVersion, Metadata, NewEvent};
use uuid::Uuid;

use super::http::Http;
use super::{
    caught_up, isolated, log_in_all, spinner, start_server, start_server_serving, thousands,
    Context, Plan, Server, MANY_WRITERS,
};
use api::steps::context_as;

/// Concurrent HTTP clients (the figure).
const CLIENTS: usize = 4;
/// Distinct clients of the moves.
const CUSTOMERS: usize = 2_500;
/// Days the moves' dates spread over: 18 months back, 18 ahead.
const SPREAD_DAYS: u64 = 3 * 365;

const FIRST: [&str; 10] = [
    "Lucía", "José", "María", "Íñigo", "Pilar", "Raúl", "Begoña", "Ángel", "Nuria", "Sofía",
];
const LAST: [&str; 16] = [
    "García",
    "López",
    "Martín",
    "Sánchez",
    "Pérez",
    "Gómez",
    "Fernández",
    "Ruiz",
    "Díaz",
    "Muñoz",
    "Álvarez",
    "Romero",
    "Navarro",
    "Torres",
    "Domínguez",
    "Peña",
];

fn customer(c: usize) -> Person {
    Person {
        nombre: format!(
            "{} {} {}",
            FIRST[c % FIRST.len()],
            LAST[(c / FIRST.len()) % LAST.len()],
            LAST[(c / (FIRST.len() * LAST.len())) % LAST.len()]
        ),
        telefono: format!("6{:02} {:03} {:03}", c % 100, (c * 7) % 1000, c % 1000),
        email: format!("cliente{c}@ejemplo.test"),
    }
}

pub(super) struct Figure {
    label: String,
    requests: usize,
    p50: Duration,
    p99: Duration,
    mean_bytes: usize,
    max_bytes: usize,
    moves_per_answer: f64,
}

/// Chromium loading the manager's dashboard, or why it did not.
pub(super) enum Browser {
    Measured {
        /// Navigation to the first card of the window, per load.
        window_ms: Vec<f64>,
        /// The same loads' DOMContentLoaded: the baseline.
        dom_ms: Vec<f64>,
        cards: usize,
    },
    Skipped(String),
}

pub(super) struct WindowFigures {
    moves: usize,
    write: Duration,
    project: Duration,
    figures: Vec<Figure>,
    browser: Browser,
}

/// The built web app, `web/dist` unless `WEB_DIST` says otherwise.
fn web_dist() -> PathBuf {
    std::env::var_os("WEB_DIST").map_or_else(|| PathBuf::from("web/dist"), PathBuf::from)
}

/// Why Chromium cannot load the dashboard here, if it cannot.
fn browser_missing(dist: &Path) -> Option<String> {
    let chromium = std::env::var_os("CHROMIUM_PATH")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    if !dist.join("index.html").is_file() {
        Some(format!("no web app built in {}", dist.display()))
    } else if !chromium.is_file() {
        Some(format!("no Chromium at {}", chromium.display()))
    } else if !Path::new("web/node_modules/playwright-core").is_dir() {
        Some("web/node_modules not installed".into())
    } else {
        None
    }
}

/// Runs web/e2e/first-window.mjs against the server with a manager's session.
fn load_in_chromium(addr: std::net::SocketAddr, cookie: &str, loads: usize) -> Browser {
    let output = Command::new("node")
        .arg("web/e2e/first-window.mjs")
        .env("BASE_URL", format!("http://{addr}"))
        .env("SESSION_COOKIE", cookie)
        .env("LOADS", loads.to_string())
        .output();
    let output = match output {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            return Browser::Skipped(format!(
                "first-window.mjs failed: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            ))
        }
        Err(e) => return Browser::Skipped(format!("node: {e}")),
    };
    let line = String::from_utf8_lossy(&output.stdout);
    let parsed: serde_json::Value = match line.lines().last().map(serde_json::from_str) {
        Some(Ok(v)) => v,
        _ => return Browser::Skipped(format!("first-window.mjs printed {line}")),
    };
    let series = |key: &str| -> Vec<f64> {
        parsed[key]
            .as_array()
            .map(|a| a.iter().filter_map(serde_json::Value::as_f64).collect())
            .unwrap_or_default()
    };
    Browser::Measured {
        window_ms: series("window_ms"),
        dom_ms: series("dom_ms"),
        cards: parsed["cards"].as_u64().unwrap_or(0) as usize,
    }
}

pub(super) async fn run(
    db: super::Databases,
    plan: Plan,
    seed_dir: PathBuf,
) -> Result<WindowFigures, String> {
    isolated("bench-windows", "the windows phase", move || {
        phase(db, plan, seed_dir)
    })
    .await
}

/// Writes `count` moves through the move decider and the log, from `MANY_WRITERS` writers.
async fn write_history(
    state: &api::AppState,
    count: usize,
    workers: &[(Uuid, String)],
) -> Result<(), String> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT nextval('move_number_seq') FROM generate_series(1, $1)")
            .bind(count as i64)
            .fetch_all(&state.pool)
            .await
            .ctx("numbering the moves")?;
    let today = events_schema::calendar::today();
    let first_day = today
        .checked_sub_days(Days::new(SPREAD_DAYS / 2))
        .unwrap_or(today);
    let as_manager = context_as(Role::Empresario);
    let manager = Uuid::now_v7().to_string();
    let mut plans: Vec<Vec<(String, Vec<NewEvent>)>> = vec![Vec::new(); MANY_WRITERS];
    for (n, &id) in ids.iter().enumerate() {
        let date: NaiveDate = first_day
            .checked_add_days(Days::new((n as u64 * 7_919) % SPREAD_DAYS))
            .unwrap_or(today);
        let mut commands = vec![MoveCommand::Create(Box::new(demo_move(
            id,
            customer(n % CUSTOMERS),
            date,
            n,
        )))];
        // Nine moves in ten have a worker.
        if n % 10 != 0 && !workers.is_empty() {
            let (worker_id, worker_name) = &workers[n % workers.len()];
            commands.push(MoveCommand::AssignWorker(WorkerAssigned {
                worker_id: *worker_id,
                worker_name: worker_name.clone(),
            }));
        }
        let status = match (date < today, n % 7) {
            (true, 0) => MoveStatus::Cancelada,
            (true, _) => MoveStatus::Finalizada,
            (false, 0..=2) => MoveStatus::Pendiente,
            (false, _) => MoveStatus::Confirmada,
        };
        if status != MoveStatus::Pendiente {
            commands.push(MoveCommand::ChangeStatus {
                to: status,
                by: Uuid::nil(),
            });
        }
        let (_, events) = MoveDecider::decide_all(MoveState::default(), commands, &as_manager)
            .ctx("deciding a move")?;
        let metadata = Metadata {
            actor_id: Some(manager.clone()),
            actor_role: Some("empresario".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: None,
            idempotency_key: None,
        };
        plans[n % MANY_WRITERS].push((
            move_stream(id),
            events
                .into_iter()
                .map(|e| NewEvent::new(e, metadata.clone()))
                .collect(),
        ));
    }
    let tasks: Vec<_> = plans
        .into_iter()
        .map(|plan| {
            let store = state.store.clone();
            tokio::spawn(async move {
                for (stream, events) in plan {
                    store
                        .append(&stream, ExpectedVersion::NoStream, &events)
                        .await
                        .ctx("appending a move")?;
                }
                Ok::<_, String>(())
            })
        })
        .collect();
    for task in tasks {
        task.await.ctx("history writer")??;
    }
    Ok(())
}

/// `paths[i % len]` asked `requests` times by `CLIENTS` clients at once.
async fn measure(
    addr: std::net::SocketAddr,
    cookie: &str,
    label: &str,
    paths: Vec<String>,
    requests: usize,
) -> Result<Figure, String> {
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let tasks: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (cookie, paths) = (cookie.to_string(), paths.clone());
            tokio::spawn(async move {
                let mut http = Http::connect(addr).await?;
                // One off the clock: the connection and the statement are ready.
                http.send("GET", &paths[c % paths.len()], Some(&cookie), None)
                    .await?;
                tokio::time::sleep_until(start).await;
                let mut samples = Vec::new();
                for i in (c..requests).step_by(CLIENTS) {
                    let path = &paths[i % paths.len()];
                    let t = Instant::now();
                    let answer = http.send("GET", path, Some(&cookie), None).await?;
                    let latency = t.elapsed();
                    if answer.status != 200 {
                        return Err(format!("{path}: {}", answer.excerpt()));
                    }
                    let moves = match serde_json::from_slice::<serde_json::Value>(&answer.body) {
                        Ok(serde_json::Value::Array(all)) => all.len(),
                        Ok(window) => window["mudanzas"].as_array().map_or(0, Vec::len),
                        Err(e) => return Err(format!("{path}: {e}")),
                    };
                    samples.push((latency, answer.body.len(), moves));
                }
                Ok::<_, String>(samples)
            })
        })
        .collect();
    let mut samples = Vec::new();
    for task in tasks {
        samples.extend(task.await.ctx("a window client")??);
    }
    let mut latencies: Vec<Duration> = samples.iter().map(|s| s.0).collect();
    latencies.sort_unstable();
    let at = |q: f64| {
        latencies[((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1]
    };
    let n = samples.len().max(1);
    Ok(Figure {
        label: label.to_string(),
        requests: samples.len(),
        p50: at(0.50),
        p99: at(0.99),
        mean_bytes: samples.iter().map(|s| s.1).sum::<usize>() / n,
        max_bytes: samples.iter().map(|s| s.1).max().unwrap_or(0),
        moves_per_answer: samples.iter().map(|s| s.2).sum::<usize>() as f64 / n as f64,
    })
}

async fn phase(
    db: super::Databases,
    plan: Plan,
    seed_dir: PathBuf,
) -> Result<WindowFigures, String> {
    let moves = if plan.quick { 10_000 } else { 100_000 };
    let requests = if plan.quick { 100 } else { 400 };
    let spin = spinner();
    spin.set_message("windows: starting the server");
    let dist = web_dist();
    let missing = browser_missing(&dist);
    let Server { pool, state, addr } = match missing {
        None => start_server_serving(&db, &seed_dir, dist).await?,
        Some(_) => start_server(&db, &seed_dir).await?,
    };
    let workers: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, nombre FROM accounts WHERE role = 'empleado' ORDER BY username")
            .fetch_all(&pool)
            .await
            .ctx("the workers")?;

    spin.set_message(format!(
        "windows: writing {} moves",
        thousands(moves as f64)
    ));
    let t = Instant::now();
    write_history(&state, moves, &workers).await?;
    let write = t.elapsed();
    spin.set_message("windows: projecting them");
    let t = Instant::now();
    caught_up(&state, "the written moves", Duration::from_secs(1_800)).await?;
    let project = t.elapsed();
    // Statistics, as autovacuum would have made them by now in a running installation.
    sqlx::query("ANALYZE").execute(&pool).await.ctx("ANALYZE")?;

    spin.set_message("windows: logging in");
    let sessions = log_in_all(addr, &seed_dir).await?;
    let manager = sessions
        .iter()
        .find(|s| s.role == Role::Empresario)
        .ok_or("no manager among the demo accounts")?;
    let worker = sessions
        .iter()
        .find(|s| s.role == Role::Empleado)
        .ok_or("no worker among the demo accounts")?;
    let today = events_schema::calendar::today();
    let numbers: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM move_staff_view ORDER BY md5(id::text) LIMIT 50")
            .fetch_all(&pool)
            .await
            .ctx("some move numbers")?;
    let names: Vec<String> = (0..50)
        .map(|i| customer(i * 37 % CUSTOMERS).nombre)
        .collect();
    let encode = |q: &str| form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>();

    let mut figures = Vec::new();
    let runs: Vec<(&str, &str, Vec<String>, usize)> = vec![
        (
            "manager's first window (vista=proximas, with prices)",
            &manager.cookie,
            vec!["/api/mudanzas?vista=proximas&include_price=true".into()],
            requests,
        ),
        (
            "worker's 'Mis mudanzas' (trabajador=yo, desde=today)",
            &worker.cookie,
            vec![format!("/api/mudanzas?trabajador=yo&desde={today}")],
            requests,
        ),
        (
            "search by move number (q=<n>)",
            &manager.cookie,
            numbers
                .iter()
                .map(|n| format!("/api/mudanzas?q={n}&include_price=true"))
                .collect(),
            requests,
        ),
        (
            "search by client name (q=<full name>)",
            &manager.cookie,
            names
                .iter()
                .map(|n| format!("/api/mudanzas?q={}&include_price=true", encode(n)))
                .collect(),
            requests,
        ),
        (
            "old full list (/api/todas-las-mudanzas?include_price=true)",
            &manager.cookie,
            vec!["/api/todas-las-mudanzas?include_price=true".into()],
            if plan.quick { 8 } else { 12 },
        ),
    ];
    for (label, cookie, paths, n) in runs {
        spin.set_message(format!("windows: {label}"));
        figures.push(measure(addr, cookie, label, paths, n).await?);
    }
    let browser = match missing {
        Some(why) => Browser::Skipped(why),
        None => {
            spin.set_message("windows: the manager's dashboard in Chromium");
            let (cookie, loads) = (manager.cookie.clone(), if plan.quick { 3 } else { 10 });
            tokio::task::spawn_blocking(move || load_in_chromium(addr, &cookie, loads))
                .await
                .ctx("the Chromium run")?
        }
    };
    spin.finish_and_clear();
    Ok(WindowFigures {
        moves,
        write,
        project,
        figures,
        browser,
    })
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1_000.0)
}

fn size(bytes: usize) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1_000_000.0)
    } else {
        format!("{:.1} KB", bytes as f64 / 1_000.0)
    }
}

pub(super) fn print(f: &WindowFigures) {
    println!(
        "\nStaff lists as windows (issue 19): {} moves written through the decider in {:.1} s, \
         projected in {:.1} s; {CLIENTS} concurrent HTTP clients",
        thousands(f.moves as f64),
        f.write.as_secs_f64(),
        f.project.as_secs_f64()
    );
    println!(
        "    {:<60}{:>9}{:>12}{:>12}{:>12}{:>12}{:>8}",
        "", "requests", "p50", "p99", "mean", "max", "moves"
    );
    for x in &f.figures {
        println!(
            "    {:<60}{:>9}{:>12}{:>12}{:>12}{:>12}{:>8.1}",
            x.label,
            x.requests,
            ms(x.p50),
            ms(x.p99),
            size(x.mean_bytes),
            size(x.max_bytes),
            x.moves_per_answer
        );
    }
    println!("    targets (issue 19): each window p99 <= 50 ms, answers <= 100 KB");
    match &f.browser {
        Browser::Measured {
            window_ms,
            dom_ms,
            cards,
        } => {
            let median = |xs: &[f64]| {
                let mut xs = xs.to_vec();
                xs.sort_by(f64::total_cmp);
                xs.get(xs.len() / 2).copied().unwrap_or(f64::NAN)
            };
            let max = |xs: &[f64]| xs.iter().copied().fold(f64::NAN, f64::max);
            println!(
                "    Chromium, the manager's /gestion ({} loads, cache warm): first window \
                 ({cards} cards) median {:.0} ms, max {:.0} ms; DOMContentLoaded median {:.0} ms, \
                 max {:.0} ms (baseline); target: first window <= 1,000 ms",
                window_ms.len(),
                median(window_ms),
                max(window_ms),
                median(dom_ms),
                max(dom_ms)
            );
        }
        Browser::Skipped(why) => println!("    Chromium: not measured ({why})"),
    }
}
