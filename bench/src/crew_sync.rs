//! A crew's queue synced after the signal returns (issue 21): 100 changes made offline on 20
//! moves (each move's four milestones and a photo, so 20 photos), sent in order as the phone
//! sends them, each with its key and device time: the time until all are acknowledged. Beside
//! it, the same-run baseline of the same 100 changes sent online without keys to 20 other moves;
//! then the whole queue sent again (every answer lost), which must store nothing: the log is
//! counted for duplicates.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chrono::{Days, Utc};
use command::demo::demo_move;
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::{Decider, Role};
use events_schema::events::{move_stream, MoveStatus, Person, WorkerAssigned};
use events_schema::{ExpectedVersion, Metadata, NewEvent};
use uuid::Uuid;

use super::{isolated, login, start_server, Context};
use api::seed::demo_accounts;
use api::steps::context_as;

const MOVES: usize = 20;
const MILESTONES: [&str; 4] = [
    "en_camino",
    "llegada_origen",
    "carga_terminada",
    "llegada_destino",
];
/// A small JPEG-sized photo (a phone's photo after the app's resize is about this).
const PHOTO_BYTES: usize = 200 * 1024;

pub(super) struct SyncFigures {
    changes: usize,
    photos: usize,
    baseline: Duration,
    synced: Duration,
    resent: Duration,
    replayed_answers: usize,
    events_expected: i64,
    events_stored: i64,
}

#[derive(Clone)]
enum Change {
    Milestone(i64, &'static str),
    Photo(i64),
}

/// The queue's size is the figure, so `--quick` runs it whole.
pub(super) async fn run(db: super::Databases, seed_dir: PathBuf) -> Result<SyncFigures, String> {
    isolated("bench-crew-sync", "the crew sync phase", move || {
        phase(db, seed_dir)
    })
    .await
}

async fn phase(db: super::Databases, seed_dir: PathBuf) -> Result<SyncFigures, String> {
    let server = start_server(&db, &seed_dir).await?;
    let worker = demo_accounts(&seed_dir)?
        .into_iter()
        .find(|a| a.role == "empleado")
        .ok_or("no demo worker")?;
    let worker_id: Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
        .bind(&worker.login)
        .fetch_one(&server.pool)
        .await
        .ctx("the worker's id")?;
    let baseline_moves = confirmed_moves(&server.state, worker_id, &worker.nombre, 0).await?;
    let synced_moves = confirmed_moves(&server.state, worker_id, &worker.nombre, MOVES).await?;
    super::caught_up(&server.state, "the bench's moves", Duration::from_secs(60)).await?;
    let cookie = login(server.addr, &worker).await?;
    let client = reqwest::Client::builder()
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(60))
        .build()
        .ctx("HTTP client")?;
    let photo = photo();
    let sender = Sender {
        client,
        addr: server.addr,
        cookie,
        photo,
    };

    let started = Instant::now();
    for change in queue(&baseline_moves) {
        sender.send(&change, None).await?;
    }
    let baseline = started.elapsed();

    // The queue as the phone stored it: each change's key and device time fixed before sending.
    let made_at = Utc::now() - chrono::Duration::minutes(90);
    let queued: Vec<(Change, String, String)> = queue(&synced_moves)
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let at = made_at + chrono::Duration::seconds(i as i64 * 20);
            (c, Uuid::new_v4().to_string(), at.to_rfc3339())
        })
        .collect();
    let started = Instant::now();
    for (change, key, at) in &queued {
        sender.send(change, Some((key, at))).await?;
    }
    let synced = started.elapsed();

    let started = Instant::now();
    let mut replayed_answers = 0;
    for (change, key, at) in &queued {
        if sender.send(change, Some((key, at))).await? {
            replayed_answers += 1;
        }
    }
    let resent = started.elapsed();

    let streams: Vec<String> = synced_moves.iter().map(|&id| move_stream(id)).collect();
    let events_stored: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE stream_id = ANY($1) AND metadata ? 'idempotency_key'",
    )
    .bind(&streams)
    .fetch_one(&server.pool)
    .await
    .ctx("counting the synced events")?;
    // Leaving for the origin starts the move: two events; every other change one.
    let events_expected = (MOVES * (MILESTONES.len() + 1 + 1)) as i64;
    if events_stored != events_expected || replayed_answers != queued.len() {
        return Err(format!(
            "the queue sent twice stored {events_stored} events (expected {events_expected}) \
             and {replayed_answers} of {} second answers were replays",
            queued.len()
        ));
    }
    Ok(SyncFigures {
        changes: queued.len(),
        photos: MOVES,
        baseline,
        synced,
        resent,
        replayed_answers,
        events_expected,
        events_stored,
    })
}

/// Each move's day in order: its four milestones, with the photo after the loading.
fn queue(moves: &[i64]) -> Vec<Change> {
    moves
        .iter()
        .flat_map(|&id| {
            let mut day: Vec<Change> = MILESTONES
                .iter()
                .map(|m| Change::Milestone(id, m))
                .collect();
            day.insert(3, Change::Photo(id));
            day
        })
        .collect()
}

/// `MOVES` confirmed moves assigned to the worker, on days from `offset` on (one a day).
async fn confirmed_moves(
    state: &api::AppState,
    worker: Uuid,
    worker_name: &str,
    offset: usize,
) -> Result<Vec<i64>, String> {
    let as_manager = context_as(Role::Empresario);
    let today = events_schema::calendar::today();
    let mut ids = Vec::new();
    for n in 0..MOVES {
        let id: i64 = sqlx::query_scalar("SELECT nextval('move_number_seq')")
            .fetch_one(&state.pool)
            .await
            .ctx("numbering a move")?;
        let date = today
            .checked_add_days(Days::new((offset + n) as u64 + 1))
            .unwrap_or(today);
        let client = Person {
            nombre: format!("Cliente {n}"),
            telefono: "600 000 000".into(),
            email: format!("cliente{offset}-{n}@correo.test"),
        };
        let commands = vec![
            MoveCommand::Create(Box::new(demo_move(id, client, date, n))),
            MoveCommand::AssignWorker(WorkerAssigned {
                worker_id: worker,
                worker_name: worker_name.to_string(),
            }),
            MoveCommand::ChangeStatus {
                to: MoveStatus::Confirmada,
                by: Uuid::nil(),
            },
        ];
        let (_, events) = MoveDecider::decide_all(MoveState::default(), commands, &as_manager)
            .ctx("deciding a move")?;
        let new: Vec<NewEvent> = events
            .into_iter()
            .map(|e| NewEvent::new(e, Metadata::system("bench")))
            .collect();
        state
            .store
            .append(&move_stream(id), ExpectedVersion::NoStream, &new)
            .await
            .ctx("appending a move")?;
        ids.push(id);
    }
    Ok(ids)
}

/// A photo of `PHOTO_BYTES`: a PNG header (the server tells images by their first bytes) and
/// filler, as the server stores it without decoding.
fn photo() -> Vec<u8> {
    let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    bytes.extend_from_slice(&[0, 0, 0, 13, b'I', b'H', b'D', b'R']);
    bytes.resize(PHOTO_BYTES, 0x5a);
    bytes
}

struct Sender {
    client: reqwest::Client,
    addr: SocketAddr,
    cookie: String,
    photo: Vec<u8>,
}

impl Sender {
    /// Sends one change (with its key and device time when given); true when the answer says it
    /// repeats a first attempt's. Anything but a 200 fails the phase.
    async fn send(
        &self,
        change: &Change,
        keyed: Option<(&String, &String)>,
    ) -> Result<bool, String> {
        let base = format!("http://{}", self.addr);
        let request = match change {
            Change::Milestone(id, hito) => self
                .client
                .post(format!("{base}/api/mudanza/{id}/hito"))
                .header("content-type", "application/json")
                .body(serde_json::json!({ "hito": hito }).to_string()),
            Change::Photo(id) => {
                let part = reqwest::multipart::Part::bytes(self.photo.clone())
                    .file_name("foto.png")
                    .mime_str("image/png")
                    .ctx("photo part")?;
                let form = reqwest::multipart::Form::new()
                    .text("mudanza_id", id.to_string())
                    .text("tipo", "carga")
                    .part("foto", part);
                self.client
                    .post(format!("{base}/api/subir-foto"))
                    .multipart(form)
            }
        };
        let mut request = request
            .header("cookie", &self.cookie)
            .header("origin", &base);
        if let Some((key, at)) = keyed {
            request = request
                .header("idempotency-key", key.as_str())
                .header("occurred-at", at.as_str());
        }
        let answer = request.send().await.ctx("sending a change")?;
        let status = answer.status().as_u16();
        let replayed = answer.headers().contains_key("idempotent-replayed");
        if status != 200 {
            let body = answer.text().await.unwrap_or_default();
            return Err(format!("a change answered {status}: {body}"));
        }
        Ok(replayed)
    }
}

pub(super) fn print(f: &SyncFigures) {
    let per = |d: Duration| d.as_secs_f64() * 1000.0 / f.changes as f64;
    println!();
    println!(
        "Crew sync: {} queued changes ({} photos of {} KB) on {} moves, sent in order after reconnecting",
        f.changes,
        f.photos,
        PHOTO_BYTES / 1024,
        MOVES
    );
    println!(
        "  baseline: the same changes online, no keys   {:>8.0} ms   {:>6.1} ms a change",
        f.baseline.as_secs_f64() * 1000.0,
        per(f.baseline)
    );
    println!(
        "  queue synced (keys, device times)            {:>8.0} ms   {:>6.1} ms a change   ×{:.2} baseline",
        f.synced.as_secs_f64() * 1000.0,
        per(f.synced),
        f.synced.as_secs_f64() / f.baseline.as_secs_f64().max(f64::EPSILON)
    );
    println!(
        "  queue sent again (every answer lost)         {:>8.0} ms   {:>6.1} ms a change   {} of {} answered as replays",
        f.resent.as_secs_f64() * 1000.0,
        per(f.resent),
        f.replayed_answers,
        f.changes
    );
    println!(
        "  events stored for the queue: {} (expected {}): {} duplicates",
        f.events_stored,
        f.events_expected,
        f.events_stored - f.events_expected
    );
}
