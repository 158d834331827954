//! Crash under load (issue 9): the real `mudanzas serve` process, busy with at least eight
//! clients sending commands over HTTP, is killed with SIGKILL at random moments and started again;
//! in a second test PostgreSQL itself is shut down with `-m immediate` mid-load and started again
//! while the server keeps running. Afterwards:
//!
//! - **0 lost**: every command answered with a 2xx has its events in the log, found by the
//!   `x-request-id` each request carries (the server stores it in the events' metadata);
//! - **nothing half applied**: every request's events are in one transaction, a new move has its
//!   payment key beside it, every photo event has its file (and no file lacks its event), every
//!   read-model move has its events, and a request refused with a 4xx wrote nothing;
//! - **every read model equals a rebuild from zero**, table by table.
//!
//! The kill moments come from a seeded RNG: the seed is printed, and `CRASH_SEED=<n>` repeats a
//! run's schedule (the load itself still interleaves as the machine pleases).

use crate::common;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::process::{files_under, login, PgCluster, ScratchDb, ServerProcess};
use crate::common::{account_by_login, in_days, wizard};
use futures::StreamExt;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A real 1×1 PNG (the server checks content, not names).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

const STATUSES: [&str; 5] = [
    "pendiente",
    "confirmada",
    "en curso",
    "finalizada",
    "cancelada",
];

/// How long one request may take before the client gives up on it (it then counts as
/// unanswered). Generous: a debug build on two busy cores, right after a restart.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

fn seed() -> u64 {
    std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        })
}

// ---------------------------------------------------------------------------------------------
// The clients

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Status,
    Photo,
    Create,
}

#[derive(Debug)]
enum Outcome {
    /// A 2xx, with its body.
    Acked(Value),
    /// An answer that is not a 2xx.
    Refused(u16, Value),
    /// Never sent: nobody accepted the connection.
    Unreachable,
    /// Sent (or perhaps sent), and no answer came: the connection broke or timed out.
    NoAnswer,
}

#[derive(Debug)]
struct Record {
    request_id: String,
    kind: Kind,
    move_id: Option<i64>,
    /// The status asked for.
    target: Option<&'static str>,
    /// A new move's idempotency key: the same on a retry of a creation whose outcome is unknown.
    key: Option<String>,
    outcome: Outcome,
    /// When the outcome was known.
    at: Instant,
}

/// What one client does, as whom.
struct ClientSpec {
    name: String,
    kind: Kind,
    cookie: String,
    /// Workers may not confirm a move.
    may_confirm: bool,
    /// The moves this client (alone) changes or photographs.
    moves: Vec<i64>,
}

struct Load {
    base: String,
    http: reqwest::Client,
    /// The scratch database, for reading a move's true status after an unanswered change.
    pool: PgPool,
    /// Tells requests of different runs apart in the log.
    prefix: String,
}

impl Load {
    /// Sends one request with its own `x-request-id`; classifies the result.
    async fn send(&self, request: reqwest::RequestBuilder, request_id: &str) -> Outcome {
        match request
            .header("x-request-id", request_id)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
        {
            Ok(response) => {
                let status = response.status().as_u16();
                // A body cut off by the kill is as good as no answer.
                match response.bytes().await {
                    Ok(bytes) => {
                        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
                        if (200..300).contains(&status) {
                            Outcome::Acked(body)
                        } else {
                            Outcome::Refused(status, body)
                        }
                    }
                    Err(_) => Outcome::NoAnswer,
                }
            }
            Err(e) if e.is_connect() => Outcome::Unreachable,
            Err(_) => Outcome::NoAnswer,
        }
    }

    /// A move's status as the log has it, or None while the database cannot be read.
    async fn true_status(&self, move_id: i64) -> Option<String> {
        let last: Option<Option<String>> = sqlx::query_scalar(
            "SELECT data->>'to' FROM events WHERE stream_id = $1 \
             AND event_type = 'move.status_changed' ORDER BY position DESC LIMIT 1",
        )
        .bind(format!("move-{move_id}"))
        .fetch_optional(&self.pool)
        .await
        .ok()?;
        Some(last.flatten().unwrap_or_else(|| "pendiente".into()))
    }
}

async fn run_client(
    load: Arc<Load>,
    spec: ClientSpec,
    seed: u64,
    mut stop: watch::Receiver<bool>,
) -> Vec<Record> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut records = Vec::new();
    // The status each move is known to have; None after a change whose outcome is unknown.
    let mut known: HashMap<i64, Option<String>> = spec
        .moves
        .iter()
        .map(|&m| (m, Some("pendiente".to_string())))
        .collect();
    // A creation whose outcome is unknown is sent again, as the wizard does, with its key.
    let mut unsure: Option<(String, Value)> = None;
    let mut n = 0;
    while !*stop.borrow_and_update() {
        n += 1;
        let request_id = format!("{}-{}-{n}", load.prefix, spec.name);
        let cookie = spec.cookie.as_str();
        let record = match spec.kind {
            Kind::Status => {
                let move_id = spec.moves[n % spec.moves.len()];
                let current = match known[&move_id].clone() {
                    Some(s) => s,
                    None => match load.true_status(move_id).await {
                        Some(s) => s,
                        None => {
                            pause(&mut stop, 100).await;
                            continue;
                        }
                    },
                };
                // Always a real change: asking for the current status appends nothing.
                let choices: Vec<&'static str> = STATUSES
                    .iter()
                    .copied()
                    .filter(|s| *s != current && (spec.may_confirm || *s != "confirmada"))
                    .collect();
                let target = choices[rng.gen_range(0..choices.len())];
                let request = load
                    .http
                    .put(format!("{}/api/actualizar-estado-mudanza", load.base))
                    .header("cookie", cookie)
                    .json(&json!({"mudanza_id": move_id, "nuevo_estado": target}));
                let outcome = load.send(request, &request_id).await;
                let now = match &outcome {
                    Outcome::Acked(_) => Some(target.to_string()),
                    Outcome::Refused(status, _) if *status < 500 => Some(current),
                    _ => None,
                };
                known.insert(move_id, now);
                Record {
                    request_id,
                    kind: Kind::Status,
                    move_id: Some(move_id),
                    target: Some(target),
                    key: None,
                    outcome,
                    at: Instant::now(),
                }
            }
            Kind::Photo => {
                let move_id = spec.moves[n % spec.moves.len()];
                let form = reqwest::multipart::Form::new()
                    .text("mudanza_id", move_id.to_string())
                    .text("descripcion", format!("Foto {request_id}"))
                    .text("tipo", "carga")
                    .part(
                        "foto",
                        reqwest::multipart::Part::bytes(PNG.to_vec())
                            .file_name("carga.png")
                            .mime_str("image/png")
                            .unwrap(),
                    );
                let request = load
                    .http
                    .post(format!("{}/api/subir-foto", load.base))
                    .header("cookie", cookie)
                    .multipart(form);
                Record {
                    outcome: load.send(request, &request_id).await,
                    request_id,
                    kind: Kind::Photo,
                    move_id: Some(move_id),
                    target: None,
                    key: None,
                    at: Instant::now(),
                }
            }
            Kind::Create => {
                let (key, body) = unsure.take().unwrap_or_else(|| {
                    let mut body = wizard(in_days(30 + (n as u64 % 60)));
                    body["cliente_email"] = json!(format!("{}@mudanzas.test", spec.name));
                    body["instrucciones"] = json!(format!("Pedido {request_id}"));
                    let key = format!("{request_id}-clave");
                    body["clave_idempotencia"] = json!(key);
                    (key, body)
                });
                let request = load
                    .http
                    .post(format!("{}/api/crear-mudanza", load.base))
                    .header("cookie", cookie)
                    .json(&body);
                let outcome = load.send(request, &request_id).await;
                let known = match &outcome {
                    Outcome::Acked(_) => true,
                    Outcome::Refused(status, _) => *status < 500,
                    Outcome::Unreachable | Outcome::NoAnswer => false,
                };
                if !known {
                    unsure = Some((key.clone(), body));
                }
                Record {
                    key: Some(key),
                    move_id: match &outcome {
                        Outcome::Acked(body) => body["mudanza_id"].as_i64(),
                        _ => None,
                    },
                    outcome,
                    request_id,
                    kind: Kind::Create,
                    target: None,
                    at: Instant::now(),
                }
            }
        };
        let failed = !matches!(record.outcome, Outcome::Acked(_));
        records.push(record);
        if failed {
            // The server (or the database) is down: do not spin.
            pause(&mut stop, 50).await;
        }
    }
    records
}

async fn pause(stop: &mut watch::Receiver<bool>, ms: u64) {
    let _ = tokio::time::timeout(Duration::from_millis(ms), stop.changed()).await;
}

/// Logs the staff in, creates the moves the status and photo clients work on (each client its
/// own, so that they never conflict), and describes nine clients: four changing statuses (two
/// workers, the manager, the admin), three uploading photos, two creating moves.
async fn clients(base: &str) -> Vec<ClientSpec> {
    let manager = login(base, &account_by_login("gerente@mudanzas.test")).await;
    let admin = login(base, &account_by_login("admin@mudanzas.test")).await;
    let worker1 = login(base, &account_by_login("EMP-001")).await;
    let worker2 = login(base, &account_by_login("EMP-002")).await;
    let http = reqwest::Client::new();
    let new_move = async || -> i64 {
        let response = http
            .post(format!("{base}/api/crear-mudanza"))
            .header("cookie", &manager)
            .json(&wizard(in_days(20)))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        body["mudanza_id"].as_i64().unwrap()
    };
    let mut specs = Vec::new();
    let status_clients = [
        ("estado-emp1", &worker1, false),
        ("estado-emp2", &worker2, false),
        ("estado-gerente", &manager, true),
        ("estado-admin", &admin, true),
    ];
    for (name, cookie, may_confirm) in status_clients {
        specs.push(ClientSpec {
            name: name.into(),
            kind: Kind::Status,
            cookie: cookie.clone(),
            may_confirm,
            moves: vec![new_move().await, new_move().await],
        });
    }
    for (name, cookie) in [
        ("foto-emp1", &worker1),
        ("foto-emp2", &worker2),
        ("foto-gerente", &manager),
    ] {
        specs.push(ClientSpec {
            name: name.into(),
            kind: Kind::Photo,
            cookie: cookie.clone(),
            may_confirm: false,
            moves: vec![new_move().await],
        });
    }
    for (name, cookie) in [("alta-gerente", &manager), ("alta-admin", &admin)] {
        specs.push(ClientSpec {
            name: name.into(),
            kind: Kind::Create,
            cookie: cookie.clone(),
            may_confirm: true,
            moves: vec![],
        });
    }
    specs
}

/// The load while it runs: stop it to get every client's records.
struct Running {
    stop: watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<Vec<Record>>>,
}

fn start_load(load: Arc<Load>, specs: Vec<ClientSpec>, seed: u64) -> Running {
    let (stop, rx) = watch::channel(false);
    let tasks = specs
        .into_iter()
        .enumerate()
        .map(|(i, spec)| {
            tokio::spawn(run_client(
                load.clone(),
                spec,
                seed.wrapping_add(i as u64 + 1),
                rx.clone(),
            ))
        })
        .collect();
    Running { stop, tasks }
}

impl Running {
    async fn finish(self) -> Vec<Record> {
        self.stop.send_replace(true);
        let mut all = Vec::new();
        for task in self.tasks {
            all.extend(task.await.expect("a load client panicked"));
        }
        all
    }
}

// ---------------------------------------------------------------------------------------------
// The checks

#[derive(Debug, sqlx::FromRow)]
struct Logged {
    request_id: String,
    transaction_id: String,
    stream_id: String,
    event_type: String,
    data: Value,
}

#[derive(Default, Debug)]
struct Figures {
    sent: usize,
    acked: BTreeMap<String, usize>,
    refused: usize,
    unreachable: usize,
    no_answer: usize,
    /// Unanswered (or refused with a 5xx) whose events are in the log all the same.
    applied_unanswered: usize,
    /// Acknowledged status changes whose answer showed the move as it was before.
    stale_answers: usize,
    /// Creations sent again, with the first attempt's key, after an unknown outcome.
    retried_creations: usize,
    /// Of those, answered with the move an earlier attempt had created.
    answered_by_first: usize,
    events: i64,
    photo_files: usize,
    tables: usize,
    rows: usize,
}

impl Figures {
    fn acked_total(&self) -> usize {
        self.acked.values().sum()
    }

    fn line(&self) -> String {
        let acked: Vec<String> = self.acked.iter().map(|(k, v)| format!("{k} {v}")).collect();
        format!(
            "{} commands sent: {} acknowledged ({}; {} answered with the view before), {} \
             refused, {} unreachable, {} without answer ({} refused or unanswered yet applied); \
             {} creations retried with their key ({} answered with the move an earlier attempt \
             made), none made twice; 0 lost; {} events in the log; {} photo files; {} tables ({} rows) equal to a \
             rebuild from zero",
            self.sent,
            self.acked_total(),
            acked.join(", "),
            self.stale_answers,
            self.refused,
            self.unreachable,
            self.no_answer,
            self.applied_unanswered,
            self.retried_creations,
            self.answered_by_first,
            self.events,
            self.photo_files,
            self.tables,
            self.rows
        )
    }
}

/// 0 lost and nothing half applied: checks the log, the photo files and the read models against
/// what every client was told.
async fn verify(
    pool: &PgPool,
    prefix: &str,
    records: &[Record],
    data_dir: &std::path::Path,
) -> Figures {
    let mut figures = Figures {
        sent: records.len(),
        ..Figures::default()
    };
    let logged: Vec<Logged> = sqlx::query_as(
        "SELECT metadata->>'request_id' AS request_id, transaction_id::text AS transaction_id, \
         stream_id, event_type, data FROM events WHERE metadata->>'request_id' LIKE $1 \
         ORDER BY position",
    )
    .bind(format!("{prefix}-%"))
    .fetch_all(pool)
    .await
    .unwrap();
    let mut by_request: HashMap<&str, Vec<&Logged>> = HashMap::new();
    for e in &logged {
        by_request.entry(&e.request_id).or_default().push(e);
    }
    let sent: HashMap<&str, &Record> = records.iter().map(|r| (r.request_id.as_str(), r)).collect();
    // New moves by idempotency key: one at most, whichever attempt created it.
    let keyed: Vec<(String, String)> = sqlx::query_as(
        "SELECT metadata->>'idempotency_key', stream_id FROM events \
         WHERE event_type = 'move.created' AND metadata->>'idempotency_key' LIKE $1",
    )
    .bind(format!("{prefix}-%"))
    .fetch_all(pool)
    .await
    .unwrap();
    let mut by_key: HashMap<&str, Vec<&str>> = HashMap::new();
    for (key, stream) in &keyed {
        by_key.entry(key).or_default().push(stream);
    }
    let twice: Vec<_> = by_key.iter().filter(|(_, s)| s.len() > 1).collect();
    assert!(
        twice.is_empty(),
        "moves created twice for one key: {twice:?}"
    );
    figures.retried_creations = records
        .iter()
        .filter(|r| r.kind == Kind::Create)
        .filter(|r| {
            r.key
                .as_deref()
                .is_some_and(|k| k.trim_end_matches("-clave") != r.request_id)
        })
        .count();
    assert!(
        by_request.keys().all(|id| sent.contains_key(id)),
        "events name a request nobody sent"
    );

    let mut lost = Vec::new();
    for r in records {
        let events = by_request
            .get(r.request_id.as_str())
            .cloned()
            .unwrap_or_default();
        // A command's events commit together or not at all.
        assert!(
            events
                .windows(2)
                .all(|w| w[0].transaction_id == w[1].transaction_id),
            "{}: its events span transactions: {events:?}",
            r.request_id
        );
        let shape_ok = match r.kind {
            Kind::Status => {
                events.len() == 1
                    && events[0].event_type == "move.status_changed"
                    && events[0].stream_id == format!("move-{}", r.move_id.unwrap())
                    && events[0].data["to"] == r.target.unwrap()
            }
            Kind::Photo => {
                events.len() == 1
                    && events[0].event_type == "move.photo_added"
                    && events[0].stream_id == format!("move-{}", r.move_id.unwrap())
            }
            Kind::Create => {
                events.len() == 2
                    && events[0].event_type == "move.created"
                    && events[1].event_type == "move.payment_key_issued"
                    && events[0].stream_id == events[1].stream_id
            }
        };
        match &r.outcome {
            Outcome::Acked(body) => {
                *figures
                    .acked
                    .entry(format!("{:?}", r.kind).to_lowercase())
                    .or_default() += 1;
                let matches_answer = shape_ok
                    && match r.kind {
                        Kind::Status => true,
                        Kind::Photo => events[0].data["photo_id"] == body["foto"]["id"],
                        Kind::Create => {
                            events[0].stream_id == format!("move-{}", r.move_id.unwrap())
                        }
                    };
                // A retry whose first attempt had created the move is answered with that move,
                // and writes nothing itself.
                let answered_by_first = r.kind == Kind::Create
                    && events.is_empty()
                    && r.key
                        .as_deref()
                        .and_then(|k| by_key.get(k))
                        .is_some_and(|streams| {
                            streams == &vec![format!("move-{}", r.move_id.unwrap()).as_str()]
                        });
                if answered_by_first {
                    figures.answered_by_first += 1;
                }
                let matches_answer = matches_answer || answered_by_first;
                // Read-your-writes waits 5 s at most, then answers with the read model as it is:
                // a command committed just before PostgreSQL went away is answered with the move
                // as it was. The change itself is in the log (checked above).
                if r.kind == Kind::Status && body["mudanza"]["estado"] != r.target.unwrap() {
                    figures.stale_answers += 1;
                }
                if !matches_answer {
                    lost.push(format!(
                        "{} ({:?}): {events:?} for {body}",
                        r.request_id, r.kind
                    ));
                }
            }
            Outcome::Refused(status, body) => {
                figures.refused += 1;
                if *status < 500 {
                    assert!(
                        events.is_empty(),
                        "{}: refused with {status} {body} but wrote {events:?}",
                        r.request_id
                    );
                } else if !events.is_empty() {
                    assert!(shape_ok, "{}: half applied: {events:?}", r.request_id);
                    figures.applied_unanswered += 1;
                }
            }
            Outcome::Unreachable => {
                figures.unreachable += 1;
                assert!(
                    events.is_empty(),
                    "{}: never sent, yet {events:?}",
                    r.request_id
                );
            }
            Outcome::NoAnswer => {
                figures.no_answer += 1;
                if !events.is_empty() {
                    assert!(shape_ok, "{}: half applied: {events:?}", r.request_id);
                    figures.applied_unanswered += 1;
                }
            }
        }
    }
    assert!(
        lost.is_empty(),
        "{} acknowledged commands are not in the log as answered:\n{}",
        lost.len(),
        lost.join("\n")
    );

    // Every move in the log has its payment key from the same transaction.
    let unkeyed: Vec<String> = sqlx::query_scalar(
        "SELECT c.stream_id FROM events c WHERE c.event_type = 'move.created' AND NOT EXISTS \
         (SELECT 1 FROM events k WHERE k.stream_id = c.stream_id \
          AND k.event_type = 'move.payment_key_issued' AND k.transaction_id = c.transaction_id)",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(
        unkeyed.is_empty(),
        "moves without their payment key: {unkeyed:?}"
    );
    // Every read-model move has its events, and every move of the log is in the read models.
    for (table, column) in [("move_staff_view", "id"), ("move_client_view", "id")] {
        let strays: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT v.{column} FROM {table} v WHERE NOT EXISTS (SELECT 1 FROM events e \
             WHERE e.stream_id = 'move-' || v.{column} AND e.event_type = 'move.created')"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        assert!(
            strays.is_empty(),
            "{table} rows without their events: {strays:?}"
        );
    }
    let unprojected: Vec<String> = sqlx::query_scalar(
        "SELECT e.stream_id FROM events e WHERE e.event_type = 'move.created' AND NOT EXISTS \
         (SELECT 1 FROM move_staff_view v WHERE 'move-' || v.id = e.stream_id)",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(
        unprojected.is_empty(),
        "moves missing from the read model: {unprojected:?}"
    );

    // Photos: every event has its file, whole; no file lacks its event; nothing half written.
    let photos: Vec<(String, Value)> =
        sqlx::query_as("SELECT stream_id, data FROM events WHERE event_type = 'move.photo_added'")
            .fetch_all(pool)
            .await
            .unwrap();
    let photos_dir = data_dir.join("fotos");
    let mut expected = std::collections::BTreeSet::new();
    for (stream, data) in &photos {
        let move_id = stream.trim_start_matches("move-");
        let path = photos_dir
            .join(move_id)
            .join(data["photo_id"].as_str().unwrap());
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("photo event without its file {}: {e}", path.display()));
        assert_eq!(
            Some(bytes.len() as u64),
            data["size_bytes"].as_u64(),
            "{}",
            path.display()
        );
        assert_eq!(bytes, PNG, "{}", path.display());
        expected.insert(path);
    }
    let on_disk = files_under(&photos_dir);
    let orphans: Vec<_> = on_disk.iter().filter(|p| !expected.contains(*p)).collect();
    assert!(
        orphans.is_empty(),
        "{} photo files without an event: {orphans:?}",
        orphans.len()
    );
    figures.photo_files = on_disk.len();
    figures.events = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await
        .unwrap();
    figures
}

/// Every projector's tables as the live server left them, then rebuilt from zero in place: they
/// must be equal, table by table. Returns (tables, rows).
async fn rebuild_equals_live(pool: &PgPool) -> (usize, usize) {
    let dump = async || {
        let mut all = BTreeMap::new();
        for projector in projections::all() {
            all.extend(
                projections::dump_tables(pool, projector.tables())
                    .await
                    .unwrap(),
            );
        }
        all
    };
    let live = dump().await;
    for projector in projections::all() {
        projections::rebuild(pool, projector.as_ref(), 500, |_, _| {})
            .await
            .unwrap();
    }
    let rebuilt = dump().await;
    assert_eq!(
        live.keys().collect::<Vec<_>>(),
        rebuilt.keys().collect::<Vec<_>>()
    );
    for (table, rows) in &live {
        let again = &rebuilt[table];
        assert_eq!(
            rows.len(),
            again.len(),
            "{table}: {} rows live, {} after a rebuild",
            rows.len(),
            again.len()
        );
        if let Some((a, b)) = rows.iter().zip(again).find(|(a, b)| a != b) {
            panic!("{table} differs from its rebuild:\nlive    {a}\nrebuilt {b}");
        }
    }
    (live.len(), live.values().map(Vec::len).sum())
}

fn scratch_pool(url: &str) -> PgPool {
    PgPoolOptions::new()
        .max_connections(4)
        .acquire_timeout(Duration::from_secs(5))
        .connect_lazy(url)
        .unwrap()
}

// ---------------------------------------------------------------------------------------------
// The live feed, watched

/// A staff dashboard on /api/live, read by a task of its own.
struct Dashboard {
    frames: Arc<Mutex<Vec<Value>>>,
    closed: watch::Receiver<bool>,
}

impl Dashboard {
    async fn connect(base: &str, cookie: &str) -> Dashboard {
        let mut request = format!("{}/api/live", base.replace("http://", "ws://"))
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("cookie", cookie.parse().unwrap());
        let (mut socket, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("the live feed");
        let frames = Arc::new(Mutex::new(Vec::new()));
        let (closed_tx, closed) = watch::channel(false);
        let sink = frames.clone();
        tokio::spawn(async move {
            while let Some(Ok(message)) = socket.next().await {
                if let Message::Text(text) = message {
                    if let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) {
                        sink.lock().unwrap().push(frame);
                    }
                }
            }
            closed_tx.send_replace(true);
        });
        Dashboard { frames, closed }
    }

    fn is_closed(&self) -> bool {
        *self.closed.borrow()
    }

    /// Whether a change frame shows `move_id` with status `estado` within `within`.
    async fn sees(&self, move_id: i64, status: &str, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        loop {
            let seen = self.frames.lock().unwrap().iter().any(|f| {
                f["type"] == "change"
                    && f["id"].as_str().and_then(|s| s.parse::<i64>().ok()) == Some(move_id)
                    && f["data"]["estado"] == status
            });
            if seen {
                return true;
            }
            if Instant::now() > deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A status change made over HTTP now, which must succeed; returns the new status.
async fn change_now(base: &str, cookie: &str, move_id: i64, pool: &PgPool) -> &'static str {
    let current: Option<String> =
        sqlx::query_scalar("SELECT doc->>'estado' FROM move_staff_view WHERE id = $1")
            .bind(move_id)
            .fetch_one(pool)
            .await
            .unwrap();
    let target = if current.as_deref() == Some("confirmada") {
        "en curso"
    } else {
        "confirmada"
    };
    let response = reqwest::Client::new()
        .put(format!("{base}/api/actualizar-estado-mudanza"))
        .header("cookie", cookie)
        .json(&json!({"mudanza_id": move_id, "nuevo_estado": target}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(status, 200, "a change after recovery: {body}");
    target
}

/// How many photo files of interrupted uploads the server's sweeps at start removed, from its log.
fn swept_at_start(server: &ServerProcess) -> usize {
    server
        .log_text()
        .lines()
        .filter(|l| l.contains("photo files of interrupted uploads removed"))
        .filter_map(|l| {
            let after = l.split("removed=").nth(1)?;
            let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<usize>().ok()
        })
        .sum()
}

fn admin_url() -> String {
    std::env::var("DATABASE_URL").expect("DATABASE_URL names the test cluster")
}

// ---------------------------------------------------------------------------------------------
// The tests

const SERVER_KILLS: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_of_the_server_under_load_loses_nothing_and_leaves_nothing_half_done() {
    let started = Instant::now();
    let seed = seed();
    println!("crash: seed {seed} (CRASH_SEED={seed} repeats the kill schedule)");
    let mut rng = StdRng::seed_from_u64(seed);
    let db = ScratchDb::create(&admin_url(), "crash_kill").await;
    common::process::seed_with_binary(&db.url);
    let mut server = ServerProcess::start(&db.url).await;
    let specs = clients(&server.base).await;
    assert!(specs.len() >= 8);
    let pool = scratch_pool(&db.url);
    let load = Arc::new(Load {
        base: server.base.clone(),
        http: reqwest::Client::new(),
        pool: pool.clone(),
        prefix: "crash".into(),
    });
    let running = start_load(load, specs, seed);

    let mut kills = 0;
    let mut down = Duration::ZERO;
    tokio::time::sleep(Duration::from_millis(rng.gen_range(1_500..3_000))).await;
    for _ in 0..SERVER_KILLS {
        tokio::time::sleep(Duration::from_millis(rng.gen_range(1_500..5_000))).await;
        server.kill().await;
        kills += 1;
        let killed = Instant::now();
        // Sometimes back at once, sometimes after the clients have hit a closed port a while.
        tokio::time::sleep(Duration::from_millis(rng.gen_range(0..600))).await;
        server.restart().await;
        down += killed.elapsed();
    }
    // Load on a server that has recovered, then stop.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let records = running.finish().await;
    let load_time = started.elapsed();

    server.ready(Duration::from_secs(60)).await;
    let mut figures = verify(&pool, "crash", &records, &server.data_dir).await;
    let swept = swept_at_start(&server);
    // Quiet from here on: what the running server projected is the "live" side.
    server.stop().await;
    (figures.tables, figures.rows) = rebuild_equals_live(&pool).await;
    pool.close().await;

    assert_eq!(kills, SERVER_KILLS);
    assert_eq!(server.starts, SERVER_KILLS + 1);
    // The load really was under way across the kills, in every kind of command.
    for kind in ["status", "photo", "create"] {
        assert!(
            figures.acked.get(kind).copied().unwrap_or(0) >= 10,
            "too few {kind} commands acknowledged: {figures:?}"
        );
    }
    assert!(
        figures.unreachable + figures.no_answer > 0,
        "no request met a dead server: {figures:?}"
    );
    println!(
        "crash: {kills} SIGKILLs (down {:.1} s in all); {}; {swept} files of cut uploads removed \
         by the sweep at start; {:.0} s in all",
        down.as_secs_f64(),
        figures.line(),
        started.elapsed().as_secs_f64().max(load_time.as_secs_f64())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_killed_mid_load_the_server_recovers_by_itself() {
    let started = Instant::now();
    let seed = seed();
    println!("crash-pg: seed {seed} (CRASH_SEED={seed} repeats the schedule)");
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let cluster = PgCluster::start().await;
    let db = ScratchDb::create(&cluster.url("postgres"), "crash_pg").await;
    common::process::seed_with_binary(&db.url);
    let mut server = ServerProcess::start(&db.url).await;
    let pid = server.pid();
    let specs = clients(&server.base).await;
    let manager = specs
        .iter()
        .find(|s| s.name == "estado-gerente")
        .map(|s| s.cookie.clone())
        .unwrap();
    let watched = specs.iter().find(|s| s.kind == Kind::Photo).unwrap().moves[0];
    let before = Dashboard::connect(&server.base, &manager).await;
    let pool = scratch_pool(&db.url);
    let load = Arc::new(Load {
        base: server.base.clone(),
        http: reqwest::Client::new(),
        pool: pool.clone(),
        prefix: "crashpg".into(),
    });
    let running = start_load(load, specs, seed);

    tokio::time::sleep(Duration::from_millis(rng.gen_range(4_000..8_000))).await;
    cluster.crash();
    let crashed = Instant::now();
    tokio::time::sleep(Duration::from_millis(rng.gen_range(1_000..3_000))).await;
    cluster.restart();
    let outage = crashed.elapsed();
    // The server was not touched: it must find the database again by itself.
    tokio::time::sleep(Duration::from_secs(8)).await;
    let records = running.finish().await;
    assert!(server.running(), "the server died: {}", server.log_tail());
    assert_eq!(server.pid(), pid, "the same process");

    let ready = server.ready(Duration::from_secs(60)).await;
    assert_eq!(ready["ready"], true);
    // Writes go through again, and the live feed carries them: to a dashboard connected before
    // the crash if it is still open, and to one connected now.
    let after = Dashboard::connect(&server.base, &manager).await;
    let target = change_now(&server.base, &manager, watched, &pool).await;
    assert!(
        after.sees(watched, target, Duration::from_secs(20)).await,
        "a dashboard connected after the recovery did not get the change"
    );
    let kept_open = !before.is_closed();
    if kept_open {
        assert!(
            before.sees(watched, target, Duration::from_secs(20)).await,
            "the dashboard kept open through the outage did not get the change"
        );
    }
    let restarted = crashed + outage;
    let acked_after: usize = records
        .iter()
        .filter(|r| r.at > restarted && matches!(r.outcome, Outcome::Acked(_)))
        .count();
    assert!(
        acked_after >= 10,
        "only {acked_after} commands acknowledged after PostgreSQL came back"
    );

    let mut figures = verify(&pool, "crashpg", &records, &server.data_dir).await;
    server.stop().await;
    (figures.tables, figures.rows) = rebuild_equals_live(&pool).await;
    pool.close().await;
    for kind in ["status", "photo", "create"] {
        assert!(
            figures.acked.get(kind).copied().unwrap_or(0) >= 10,
            "too few {kind} commands acknowledged: {figures:?}"
        );
    }
    assert!(
        figures.refused + figures.no_answer > 0,
        "no request met the dead database: {figures:?}"
    );
    println!(
        "crash-pg: PostgreSQL down {:.1} s (immediate shutdown), server recovered by itself \
         (same pid, /readyz 200, dashboard {} the outage got the change); {}; {:.0} s in all",
        outage.as_secs_f64(),
        if kept_open {
            "kept open through"
        } else {
            "closed by"
        },
        figures.line(),
        started.elapsed().as_secs_f64()
    );
}

/// Projector transactions commit without waiting for their WAL flush (`synchronous_commit =
/// off`); appends wait for theirs. So PostgreSQL crashing right after answers may lose the last
/// projector commits, never an acknowledged event. Seven clients change statuses as fast as they
/// go; the moment their last answers are in, the server is frozen (SIGSTOP, so that what the crash
/// left can be read before it catches up) and PostgreSQL shut down with `-m immediate`. After the
/// restart the server is let go, and then every 200 has its event, every projector's checkpoint
/// passes every answered position, and every read model equals a rebuild from the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_changes_survive_postgres_crashing_right_after_their_answers() {
    let started = Instant::now();
    let seed = seed();
    println!("crash-ack: seed {seed} (CRASH_SEED={seed} repeats the schedule)");
    let mut rng = StdRng::seed_from_u64(seed ^ 0xac4);
    let cluster = PgCluster::start().await;
    let db = ScratchDb::create(&cluster.url("postgres"), "crash_ack").await;
    common::process::seed_with_binary(&db.url);
    let mut server = ServerProcess::start(&db.url).await;
    // Status changes only, each client on moves of its own: the photo clients' moves too.
    let specs: Vec<ClientSpec> = clients(&server.base)
        .await
        .into_iter()
        .filter(|s| s.kind != Kind::Create)
        .map(|s| ClientSpec {
            kind: Kind::Status,
            ..s
        })
        .collect();
    assert_eq!(specs.len(), 7);
    let pool = scratch_pool(&db.url);
    let load = Arc::new(Load {
        base: server.base.clone(),
        http: reqwest::Client::new(),
        pool: pool.clone(),
        prefix: "crashack".into(),
    });
    let running = start_load(load, specs, seed);
    tokio::time::sleep(Duration::from_millis(rng.gen_range(1_500..2_500))).await;
    let records = running.finish().await;
    let pid = server.pid().expect("the server runs") as libc::pid_t;
    // SAFETY: signals to the child this test started and still owns.
    unsafe { libc::kill(pid, libc::SIGSTOP) };
    cluster.crash();
    let crashed = Instant::now();
    cluster.restart();
    let after_crash: Vec<(String, i64)> =
        sqlx::query_as("SELECT name, position FROM projection_checkpoints ORDER BY name")
            .fetch_all(&pool)
            .await
            .unwrap();
    // SAFETY: as above.
    unsafe { libc::kill(pid, libc::SIGCONT) };
    let outage = crashed.elapsed();

    server.ready(Duration::from_secs(60)).await;
    let answered: Vec<i64> = records
        .iter()
        .filter_map(|r| match &r.outcome {
            Outcome::Acked(body) => body["position"].as_i64(),
            _ => None,
        })
        .collect();
    let highest = answered.iter().copied().max().unwrap_or(0);
    // A debug build on two busy cores answers a few dozen; at least one per client.
    assert!(
        answered.len() >= 7,
        "only {} changes answered",
        answered.len()
    );
    // The projectors catch up by themselves: every checkpoint passes every answered change.
    let caught_up = async {
        loop {
            let checkpoints: Vec<(String, i64)> =
                sqlx::query_as("SELECT name, position FROM projection_checkpoints")
                    .fetch_all(&pool)
                    .await
                    .unwrap();
            if checkpoints.len() == common::checkpointed_followers()
                && checkpoints.iter().all(|(_, p)| *p >= highest)
            {
                return crashed.elapsed();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let caught_up = tokio::time::timeout(Duration::from_secs(30), caught_up)
        .await
        .unwrap_or_else(|_| panic!("the projectors did not pass {highest} within 30 s"));
    let mut figures = verify(&pool, "crashack", &records, &server.data_dir).await;
    // Each answer showed its change: the moves' views had it before the 200.
    assert_eq!(figures.stale_answers, 0, "{figures:?}");
    server.stop().await;
    (figures.tables, figures.rows) = rebuild_equals_live(&pool).await;
    pool.close().await;

    // How many answered changes the crash took out of each projector's read models (their
    // commits had not reached the disk), and so were projected again after the restart.
    let lost: Vec<String> = after_crash
        .iter()
        .map(|(name, at)| {
            let past = answered.iter().filter(|&&p| p > *at).count();
            format!("{name} {past}")
        })
        .collect();
    println!(
        "crash-ack: PostgreSQL shut down immediately right after {} answered changes, down \
         {:.1} s; answered changes past each projector's checkpoint after the restart (projected \
         again): {}; every projector past them {:.1} s after the crash; {}; {:.0} s in all",
        answered.len(),
        outage.as_secs_f64(),
        lost.join(", "),
        caught_up.as_secs_f64(),
        figures.line(),
        started.elapsed().as_secs_f64()
    );
}
