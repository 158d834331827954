//! The moves API under load, through the real HTTP API of an in-process server started as the
//! live phase starts it: the staff list of 10,000 moves, the throughput of status changes, and
//! status changes made over HTTP reaching 1,000 staff dashboards.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chrono::Days;
use command::demo::demo_move;
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::{Decider, Role};
use events_schema::events::{move_stream, MoveStatus, Person};
use events_schema::{EventStore, ExpectedVersion, Metadata, NewEvent};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use super::http::{Answer, Http};
use super::{
    cast, caught_up, ensure_fd_limit, isolated, log_in_all, ms, open_dashboards, percentile,
    spinner, start_server, thousands, Cast, Context, LiveFigures, Plan, Rate, Sent, Server,
    Session, Verdicts, MANY_WRITERS,
};
use api::steps::{
    append, context, context_as, load, metadata_for, read_your_writes, staff_doc, user_for_token,
};
use api::AppState;

/// Concurrent clients reading the staff list.
const LIST_CLIENTS: usize = 4;
/// Concurrent clients changing statuses.
const STATUS_CLIENTS: usize = 8;
/// The same over HTTP with more clients, as a diagnostic: does throughput grow with clients
/// (latency-bound) or not (the machine is full)?
const MANY_STATUS_CLIENTS: usize = 32;
/// Concurrent senders of the paced changes: an answer may take several times the interval.
const PACED_SENDERS: usize = 16;
/// Each client or sender changes the status of this many moves of its own, round-robin.
const MOVES_PER_CLIENT: usize = 100;
/// Moves the status runs need, each client with its own: over HTTP (8 and 32 clients),
/// in-process with and without the read-your-writes wait, and paced to the dashboards.
const STATUS_MOVES: usize =
    MOVES_PER_CLIENT * (3 * STATUS_CLIENTS + MANY_STATUS_CLIENTS + PACED_SENDERS);
pub(super) const LIST_PATH: &str = "/api/todas-las-mudanzas?include_price=true";
/// The written moves belong to this many clients, round-robin.
pub(super) const CLIENTS: usize = 2_000;
pub(super) const STATUS_PATH: &str = "/api/actualizar-estado-mudanza";

pub(super) struct ApiFigures {
    moves: usize,
    /// Writing the moves (MoveCreated, single-event appends by 8 writers).
    write: Rate,
    /// From the last append to every projector and the live feed past it.
    projected: Duration,
    list: ListFigures,
    status: StatusFigures,
    /// The same with more clients.
    many: StatusFigures,
    /// The handler's steps without HTTP, timed one by one.
    steps: Steps,
    /// The same, without waiting for the projections.
    no_wait: Steps,
    /// How long after the end of that run the projections had caught up.
    backlog: Duration,
    paced: Paced,
    live: LiveFigures,
    writer_roles: String,
    staff_roles: String,
}

/// Runs the phase in a runtime of its own, like the live phase.
pub(super) async fn run(
    db: super::Databases,
    plan: Plan,
    seed_dir: PathBuf,
) -> Result<ApiFigures, String> {
    isolated("bench-api", "the moves-API phase", move || {
        phase(db, plan, seed_dir)
    })
    .await
}

async fn phase(db: super::Databases, plan: Plan, seed_dir: PathBuf) -> Result<ApiFigures, String> {
    ensure_fd_limit(plan.connections as u64 * 2 + 1_024)?;
    let spin = spinner();
    spin.set_message("moves API: starting the server");
    let Server { pool, state, addr } = start_server(&db, &seed_dir).await?;

    spin.set_message(format!(
        "moves API: writing {} moves",
        thousands(plan.api_moves as f64)
    ));
    let (ids, write) = write_moves(&state.pool, &state.store, plan.api_moves, None).await?;
    let written = Instant::now();
    caught_up(&state, "the written moves", Duration::from_secs(120)).await?;
    let projected = written.elapsed();
    // Statistics, as autovacuum would have made them by now in a running installation.
    sqlx::query("ANALYZE").execute(&pool).await.ctx("ANALYZE")?;

    spin.set_message("moves API: logging in");
    let sessions = log_in_all(addr, &seed_dir).await?;
    let Cast {
        manager,
        writers,
        staff,
    } = cast(&sessions)?;
    let roles = |of: &[usize]| -> String {
        of.iter()
            .map(|&s| sessions[s].role.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if ids.len() < STATUS_MOVES {
        return Err(format!("the moves-API phase needs {STATUS_MOVES} moves"));
    }
    let mut own_moves = ids.chunks(MOVES_PER_CLIENT);

    spin.set_message(format!("moves API: GET {LIST_PATH}"));
    let list = list_run(
        &state,
        addr,
        &sessions[manager].cookie,
        plan.list_requests,
        if plan.quick { 5 } else { 20 },
    )
    .await?;

    spin.set_message(format!(
        "moves API: PUT {STATUS_PATH}, {STATUS_CLIENTS} clients"
    ));
    let clients = status_clients(addr, &sessions, &writers, &mut own_moves, STATUS_CLIENTS).await?;
    let status = status_run(clients, plan.run_for).await?;
    // The handler's steps right after, so that they see the same tables.
    spin.set_message("moves API: the same steps in-process");
    let steps = steps_run(
        &state,
        &sessions,
        &writers,
        &mut own_moves,
        plan.run_for,
        true,
    )
    .await?;
    spin.set_message("moves API: the same steps in-process, no read-your-writes wait");
    let no_wait = steps_run(
        &state,
        &sessions,
        &writers,
        &mut own_moves,
        plan.run_for,
        false,
    )
    .await?;
    let ended = Instant::now();
    caught_up(&state, "the unwaited changes", Duration::from_secs(60)).await?;
    let backlog = ended.elapsed();
    spin.set_message(format!(
        "moves API: PUT {STATUS_PATH}, {MANY_STATUS_CLIENTS} clients"
    ));
    let clients = status_clients(
        addr,
        &sessions,
        &writers,
        &mut own_moves,
        MANY_STATUS_CLIENTS,
    )
    .await?;
    let many = status_run(clients, plan.run_for).await?;

    spin.set_message("moves API: preparing the paced senders");
    let senders = status_clients(addr, &sessions, &writers, &mut own_moves, PACED_SENDERS).await?;
    // Everything so far broadcast, so that no earlier change reaches the new dashboards.
    caught_up(&state, "the status changes", Duration::from_secs(60)).await?;
    spin.set_message(format!(
        "moves API: opening {} staff WebSockets",
        plan.connections
    ));
    let dashboards = open_dashboards(&state, addr, &sessions, &staff, plan.connections).await?;
    spin.set_message(format!(
        "moves API: status changes at {}/s to the dashboards",
        plan.paced_rate
    ));
    let (paced, sent) = paced_run(senders, plan.paced_for, plan.paced_rate).await?;
    let positions: Vec<i64> = sent.iter().map(|s| s.position).collect();
    // Staff see every move: every connection gets every change.
    let expected_total = dashboards.clients.len() * positions.len();
    dashboards.wait_for_frames(expected_total).await;
    spin.finish_and_clear();
    let live = dashboards
        .collect(&sent, expected_total, |_| positions.clone())
        .await;
    Ok(ApiFigures {
        moves: ids.len(),
        write,
        projected,
        list,
        status,
        many,
        steps,
        no_wait,
        backlog,
        paced,
        live,
        writer_roles: roles(&writers),
        staff_roles: roles(&staff),
    })
}

/// Writes `count` moves as the manager's wizard would (MoveCreated, decided by the real decider)
/// for [`CLIENTS`] different clients on dates from a month ago to five months ahead, through
/// `store` by 8 concurrent writers. Move numbers come from the server's sequence. The moves of
/// client 0 (every [`CLIENTS`]th, from the first) belong to `first_client` when it is given.
pub(super) async fn write_moves(
    pool: &PgPool,
    store: &EventStore,
    count: usize,
    first_client: Option<&str>,
) -> Result<(Vec<i64>, Rate), String> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT nextval('move_number_seq') FROM generate_series(1, $1)")
            .bind(count as i64)
            .fetch_all(pool)
            .await
            .ctx("numbering the moves")?;
    let today = events_schema::calendar::today();
    let first_day = today.checked_sub_days(Days::new(30)).unwrap_or(today);
    let manager = Uuid::now_v7().to_string();
    let as_manager = context_as(Role::Empresario);
    let mut plans: Vec<Vec<(String, Vec<NewEvent>)>> = vec![Vec::new(); MANY_WRITERS];
    for (n, &id) in ids.iter().enumerate() {
        let client = Person {
            nombre: format!("Cliente {}", n % CLIENTS),
            telefono: format!("6{:08}", n % 100_000_000),
            email: match first_client {
                Some(email) if n % CLIENTS == 0 => email.to_string(),
                _ => format!("cliente{}@ejemplo.test", n % CLIENTS),
            },
        };
        let date = first_day
            .checked_add_days(Days::new((n * 37 % 180) as u64))
            .unwrap_or(today);
        let metadata = Metadata {
            actor_id: Some(manager.clone()),
            actor_role: Some("empresario".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: Some(Uuid::now_v7().to_string()),
            idempotency_key: None,
        };
        let created = demo_move(id, client, date, n);
        let events = MoveDecider::decide(
            &MoveState::default(),
            MoveCommand::Create(Box::new(created)),
            &as_manager,
        )
        .ctx("deciding a demo move")?
        .into_iter()
        .map(|event| NewEvent::new(event, metadata.clone()))
        .collect();
        plans[n % MANY_WRITERS].push((move_stream(id), events));
    }
    let started = Instant::now();
    let tasks: Vec<_> = plans
        .into_iter()
        .map(|plan| {
            let store = store.clone();
            tokio::spawn(async move {
                // A move and its payment key in one append, as the API writes them.
                for (stream, events) in plan {
                    store
                        .append(&stream, ExpectedVersion::NoStream, &events)
                        .await
                        .ctx("writing a move")?;
                }
                Ok::<_, String>(())
            })
        })
        .collect();
    for task in tasks {
        task.await.ctx("move writer")??;
    }
    Ok((
        ids,
        Rate {
            events: count as u64,
            elapsed: started.elapsed(),
        },
    ))
}

// ---------------------------------------------------------------------------------------------
// The staff list

struct ListFigures {
    /// Moves in an answer.
    listed: usize,
    /// The body of an answer.
    bytes: usize,
    latencies: Vec<Duration>,
    elapsed: Duration,
    failures: usize,
    first_failure: Option<String>,
    /// Diagnostic: one client, one request at a time.
    alone: Vec<Duration>,
    /// Of those, until the answer's head arrived (the server had the body ready: axum's `Json`
    /// serialises before it answers), and from there to the end of the body.
    alone_head: Vec<Duration>,
    alone_body: Vec<Duration>,
    /// Diagnostic, on one connection without HTTP: the handler's query, decoded as it does.
    query: Vec<Duration>,
    /// Diagnostic: serialising those documents as the answer does.
    serialise: Vec<Duration>,
    /// Diagnostic: freeing the decoded documents.
    release: Vec<Duration>,
    /// Diagnostic: the same rows as JSON text, not decoded.
    as_text: Vec<Duration>,
}

async fn list_run(
    state: &AppState,
    addr: SocketAddr,
    cookie: &str,
    requests: usize,
    diagnostic_runs: usize,
) -> Result<ListFigures, String> {
    // One answer off the clock, read in full: every move, with its price.
    let mut http = Http::connect(addr).await?;
    let answer = http.send("GET", LIST_PATH, Some(cookie), None).await?;
    if answer.status != 200 {
        return Err(format!("the staff list answered {}", answer.excerpt()));
    }
    let docs: Vec<Value> = serde_json::from_slice(&answer.body).ctx("reading the staff list")?;
    let moves: i64 = sqlx::query_scalar("SELECT count(*) FROM move_staff_view")
        .fetch_one(&state.pool)
        .await
        .ctx("counting moves")?;
    if docs.len() as i64 != moves || docs.iter().any(|d| d.get("precio").is_none()) {
        return Err(format!(
            "the staff list has {} moves of {moves}, or some without a price",
            docs.len()
        ));
    }
    let bytes = answer.body.len();
    drop((docs, answer));
    let mut alone = Vec::with_capacity(diagnostic_runs);
    let mut alone_head = Vec::with_capacity(diagnostic_runs);
    let mut alone_body = Vec::with_capacity(diagnostic_runs);
    for _ in 0..diagnostic_runs {
        let t = Instant::now();
        let answer = http.send("GET", LIST_PATH, Some(cookie), None).await?;
        let done = Instant::now();
        if answer.status != 200 {
            return Err(format!("the staff list answered {}", answer.excerpt()));
        }
        alone.push(done - t);
        alone_head.push(answer.head_at.saturating_duration_since(t));
        alone_body.push(done.saturating_duration_since(answer.head_at));
    }
    for samples in [&mut alone, &mut alone_head, &mut alone_body] {
        samples.sort_unstable();
    }

    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let tasks: Vec<_> = (0..LIST_CLIENTS)
        .map(|c| {
            let cookie = cookie.to_string();
            tokio::spawn(async move {
                let mut http = Http::connect(addr).await?;
                tokio::time::sleep_until(start).await;
                let mut run = ClientRun::default();
                for _ in (c..requests).step_by(LIST_CLIENTS) {
                    let t = Instant::now();
                    let answer = http.send("GET", LIST_PATH, Some(&cookie), None).await?;
                    let latency = t.elapsed();
                    if answer.status == 200 && answer.body.len() == bytes {
                        run.latencies.push(latency);
                    } else {
                        run.fail(format!(
                            "{} ({} bytes, not {bytes})",
                            answer.excerpt(),
                            answer.body.len()
                        ));
                    }
                }
                run.finished = Some(Instant::now());
                Ok::<_, String>(run)
            })
        })
        .collect();
    let (run, elapsed) = ClientRun::gather(tasks, start.into_std()).await?;

    let mut query = Vec::with_capacity(diagnostic_runs);
    let mut serialise = Vec::with_capacity(diagnostic_runs);
    let mut release = Vec::with_capacity(diagnostic_runs);
    let mut as_text = Vec::with_capacity(diagnostic_runs);
    for _ in 0..diagnostic_runs {
        let t = Instant::now();
        let docs: Vec<Value> =
            sqlx::query_scalar("SELECT doc FROM move_staff_view ORDER BY fecha_programada, id")
                .fetch_all(&state.pool)
                .await
                .ctx("the staff list's query")?;
        query.push(t.elapsed());
        let t = Instant::now();
        let body = serde_json::to_vec(&docs).ctx("serialising the staff list")?;
        serialise.push(t.elapsed());
        let t = Instant::now();
        drop(docs);
        release.push(t.elapsed());
        drop(body);
        let t = Instant::now();
        let texts: Vec<String> = sqlx::query_scalar(
            "SELECT doc::text FROM move_staff_view ORDER BY fecha_programada, id",
        )
        .fetch_all(&state.pool)
        .await
        .ctx("the staff list's query, as text")?;
        as_text.push(t.elapsed());
        drop(texts);
    }
    for samples in [&mut query, &mut serialise, &mut release, &mut as_text] {
        samples.sort_unstable();
    }
    Ok(ListFigures {
        listed: moves as usize,
        bytes,
        latencies: run.latencies,
        elapsed,
        failures: run.failures,
        first_failure: run.first_failure,
        alone,
        alone_head,
        alone_body,
        query,
        serialise,
        release,
        as_text,
    })
}

/// What one client of a timed run saw.
#[derive(Default)]
struct ClientRun {
    latencies: Vec<Duration>,
    failures: usize,
    first_failure: Option<String>,
    finished: Option<Instant>,
}

impl ClientRun {
    fn fail(&mut self, reason: String) {
        self.failures += 1;
        self.first_failure.get_or_insert(reason);
    }

    /// Merges the clients' runs; the elapsed time runs from `start` to the last one's end.
    async fn gather(
        tasks: Vec<tokio::task::JoinHandle<Result<ClientRun, String>>>,
        start: Instant,
    ) -> Result<(ClientRun, Duration), String> {
        let mut all = ClientRun::default();
        let mut end = start;
        for task in tasks {
            let run = task.await.ctx("client task")??;
            all.latencies.extend(run.latencies);
            all.failures += run.failures;
            if let Some(reason) = run.first_failure {
                all.first_failure.get_or_insert(reason);
            }
            end = end.max(run.finished.unwrap_or(start));
        }
        all.latencies.sort_unstable();
        Ok((all, end.saturating_duration_since(start)))
    }
}

// ---------------------------------------------------------------------------------------------
// Status changes

fn flip(status: MoveStatus) -> MoveStatus {
    if status == MoveStatus::EnCurso {
        MoveStatus::Pendiente
    } else {
        MoveStatus::EnCurso
    }
}

/// A client of `PUT /api/actualizar-estado-mudanza` with moves of its own. Each request flips
/// the next of them, round-robin, between en curso and pendiente (statuses workers may set), so
/// every request changes something and appends one event.
pub(super) struct StatusClient {
    http: Http,
    cookie: String,
    moves: Vec<(i64, MoveStatus)>,
    next: usize,
    /// The position of this client's last change: the next must be past it (a request that
    /// changed nothing would answer an older one).
    last: i64,
}

#[derive(Deserialize)]
struct StatusAnswer {
    success: bool,
    position: i64,
}

impl StatusClient {
    /// One change: the position it was stored at, or why the answer was wrong. `Err` only when
    /// the connection failed.
    async fn change(&mut self) -> Result<Result<i64, String>, String> {
        let i = self.next % self.moves.len();
        self.next += 1;
        let (id, status) = self.moves[i];
        let to = flip(status);
        let body = json!({ "mudanza_id": id, "nuevo_estado": to.as_str() }).to_string();
        let answer = self
            .http
            .send("PUT", STATUS_PATH, Some(&self.cookie), Some(&body))
            .await?;
        let outcome = self.judge(&answer);
        if let Ok(position) = outcome {
            self.moves[i].1 = to;
            self.last = position;
        }
        Ok(outcome)
    }

    fn judge(&self, answer: &Answer) -> Result<i64, String> {
        if answer.status != 200 {
            return Err(answer.excerpt());
        }
        match serde_json::from_slice::<StatusAnswer>(&answer.body) {
            Ok(a) if a.success && a.position > self.last => Ok(a.position),
            Ok(a) => Err(format!(
                "200 with success {} and position {} after {}",
                a.success, a.position, self.last
            )),
            Err(e) => Err(format!("200 with an unreadable body: {e}")),
        }
    }
}

/// `count` clients, round-robin over the sessions `writers` names, each with the next chunk of
/// moves and warmed by one change (so the connection, the session and the server's
/// statements are warm before the clock starts).
pub(super) async fn status_clients<'a>(
    addr: SocketAddr,
    sessions: &[Session],
    writers: &[usize],
    own_moves: &mut impl Iterator<Item = &'a [i64]>,
    count: usize,
) -> Result<Vec<StatusClient>, String> {
    let mut clients = Vec::with_capacity(count);
    for c in 0..count {
        let ids = own_moves.next().ok_or("not enough moves")?;
        let mut client = StatusClient {
            http: Http::connect(addr).await?,
            cookie: sessions[writers[c % writers.len()]].cookie.clone(),
            moves: ids.iter().map(|&id| (id, MoveStatus::Pendiente)).collect(),
            next: 0,
            last: 0,
        };
        client
            .change()
            .await?
            .map_err(|e| format!("a status change answered {e}"))?;
        clients.push(client);
    }
    Ok(clients)
}

struct StatusFigures {
    clients: usize,
    elapsed: Duration,
    /// The 200 answers.
    latencies: Vec<Duration>,
    failures: usize,
    first_failure: Option<String>,
}

impl StatusFigures {
    /// Changes answered 200, a second.
    fn per_sec(&self) -> f64 {
        self.latencies.len() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

async fn status_run(
    clients: Vec<StatusClient>,
    run_for: Duration,
) -> Result<StatusFigures, String> {
    let count = clients.len();
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let end = start + run_for;
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|mut client| {
            tokio::spawn(async move {
                tokio::time::sleep_until(start).await;
                let mut run = ClientRun::default();
                while tokio::time::Instant::now() < end {
                    let t = Instant::now();
                    match client.change().await? {
                        Ok(_) => run.latencies.push(t.elapsed()),
                        Err(reason) => run.fail(reason),
                    }
                }
                run.finished = Some(Instant::now());
                Ok::<_, String>(run)
            })
        })
        .collect();
    let (run, elapsed) = ClientRun::gather(tasks, start.into_std()).await?;
    Ok(StatusFigures {
        clients: count,
        elapsed,
        latencies: run.latencies,
        failures: run.failures,
        first_failure: run.first_failure,
    })
}

/// The status change's steps as the handler takes them (`routes::moves::update_status` and
/// `execute`), each timed, without HTTP, JSON or axum: summed over a run.
#[derive(Default)]
struct Steps {
    changes: u64,
    elapsed: Duration,
    /// The session lookup every request makes (the `CurrentUser` extractor).
    session: Duration,
    /// `load`: the stream read and folded.
    load: Duration,
    /// Deciding and `EventStore::append`.
    append: Duration,
    /// `read_your_writes`: until the moves projector (the answer's read model) has passed the new
    /// position.
    wait: Duration,
    /// `staff_doc`: the move's document for the answer.
    doc: Duration,
    latencies: Vec<Duration>,
}

impl Steps {
    fn add(&mut self, other: Steps) {
        self.changes += other.changes;
        self.session += other.session;
        self.load += other.load;
        self.append += other.append;
        self.wait += other.wait;
        self.doc += other.doc;
        self.latencies.extend(other.latencies);
    }

    fn per_sec(&self) -> f64 {
        self.changes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn mean(&self, total: Duration) -> Option<Duration> {
        (self.changes > 0).then(|| total / self.changes as u32)
    }
}

/// [`STATUS_CLIENTS`] tasks taking the handler's steps in-process, as many as they can in
/// `run_for`, each on moves of its own, as the sessions `writers` names.
async fn steps_run<'a>(
    state: &AppState,
    sessions: &[Session],
    writers: &[usize],
    own_moves: &mut impl Iterator<Item = &'a [i64]>,
    run_for: Duration,
    wait: bool,
) -> Result<Steps, String> {
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let end = start + run_for;
    let mut tasks = Vec::with_capacity(STATUS_CLIENTS);
    for c in 0..STATUS_CLIENTS {
        let ids = own_moves.next().ok_or("not enough moves")?.to_vec();
        let cookie = &sessions[writers[c % writers.len()]].cookie;
        let token = cookie
            .split_once('=')
            .map(|(_, token)| token.to_string())
            .ok_or("a session cookie without a value")?;
        let state = state.clone();
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep_until(start).await;
            let mut steps = Steps::default();
            let mut n = 0;
            while tokio::time::Instant::now() < end {
                let id = ids[n % ids.len()];
                n += 1;
                let t0 = Instant::now();
                let user = user_for_token(&state.pool, &token)
                    .await
                    .ctx("looking up the session")?
                    .ok_or("the session is gone")?;
                let t1 = Instant::now();
                let current = load::<MoveDecider>(&state, &id)
                    .await
                    .ctx("loading a move")?
                    .state;
                let t2 = Instant::now();
                let to = flip(current.status.unwrap_or(MoveStatus::Pendiente));
                let events = MoveDecider::decide(
                    &current,
                    MoveCommand::ChangeStatus { to, by: user.id },
                    &context(Some(&user)),
                )
                .ctx("deciding a status change")?;
                let position = append(
                    &state,
                    &move_stream(id),
                    current.version,
                    &events,
                    metadata_for(&user),
                )
                .await
                .ctx("appending a status change")?;
                let t3 = Instant::now();
                if wait {
                    read_your_writes(&state, position, &[projections::ReadModel::Moves]).await;
                }
                let t4 = Instant::now();
                staff_doc(&state, &user, id)
                    .await
                    .ctx("the answer's document")?;
                let t5 = Instant::now();
                steps.changes += 1;
                steps.session += t1 - t0;
                steps.load += t2 - t1;
                steps.append += t3 - t2;
                steps.wait += t4 - t3;
                steps.doc += t5 - t4;
                steps.latencies.push(t5 - t0);
            }
            Ok::<_, String>((steps, Instant::now()))
        }));
    }
    let start = start.into_std();
    let mut all = Steps::default();
    let mut finished = start;
    for task in tasks {
        let (steps, at) = task.await.ctx("in-process client")??;
        all.add(steps);
        finished = finished.max(at);
    }
    all.elapsed = finished.saturating_duration_since(start);
    all.latencies.sort_unstable();
    Ok(all)
}

// ---------------------------------------------------------------------------------------------
// Live delivery of status changes made over HTTP

pub(super) struct Paced {
    pub planned: usize,
    pub senders: usize,
    /// From the first request to the last.
    pub span: Duration,
    /// How far behind its schedule the latest request went out.
    pub behind: Duration,
    /// The 200 answers.
    pub latencies: Vec<Duration>,
    pub failures: usize,
    pub first_failure: Option<String>,
}

/// Sends `rate` status changes a second for `run_for`: change i is due at start + i / rate, and
/// goes out from sender i mod senders, so a slow answer does not delay the next change.
pub(super) async fn paced_run(
    senders: Vec<StatusClient>,
    run_for: Duration,
    rate: u32,
) -> Result<(Paced, Vec<Sent>), String> {
    let count = senders.len();
    let planned = (run_for.as_secs_f64() * rate as f64).round() as usize;
    let interval = Duration::from_secs(1) / rate.max(1);
    let start = tokio::time::Instant::now() + Duration::from_millis(100);
    let tasks: Vec<_> = senders
        .into_iter()
        .enumerate()
        .map(|(k, mut sender)| {
            tokio::spawn(async move {
                let mut done = Vec::new();
                for i in (k..planned).step_by(count) {
                    let due = start + interval * i as u32;
                    tokio::time::sleep_until(due).await;
                    let requested = Instant::now();
                    let outcome = sender.change().await?;
                    let acked = Instant::now();
                    let behind = requested.saturating_duration_since(due.into_std());
                    done.push((requested, acked, behind, outcome));
                }
                Ok::<_, String>(done)
            })
        })
        .collect();
    let mut paced = Paced {
        planned,
        senders: count,
        span: Duration::ZERO,
        behind: Duration::ZERO,
        latencies: Vec::with_capacity(planned),
        failures: 0,
        first_failure: None,
    };
    let mut sent = Vec::with_capacity(planned);
    let (mut first, mut last): (Option<Instant>, Option<Instant>) = (None, None);
    for task in tasks {
        for (requested, acked, behind, outcome) in task.await.ctx("paced sender")?? {
            first = Some(first.map_or(requested, |f| f.min(requested)));
            last = Some(last.map_or(requested, |l| l.max(requested)));
            paced.behind = paced.behind.max(behind);
            match outcome {
                Ok(position) => {
                    paced.latencies.push(acked - requested);
                    sent.push(Sent {
                        position,
                        acked,
                        requested: Some(requested),
                    });
                }
                Err(reason) => {
                    paced.failures += 1;
                    paced.first_failure.get_or_insert(reason);
                }
            }
        }
    }
    if let (Some(first), Some(last)) = (first, last) {
        paced.span = last - first;
    }
    paced.latencies.sort_unstable();
    Ok((paced, sent))
}

// ---------------------------------------------------------------------------------------------
// Printing

fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

fn means(s: &Steps) -> String {
    format!(
        "session {}, load {}, decide + append {}, read-your-writes wait {}, answer doc {}",
        ms(s.mean(s.session)),
        ms(s.mean(s.load)),
        ms(s.mean(s.append)),
        ms(s.mean(s.wait)),
        ms(s.mean(s.doc)),
    )
}

pub(super) fn print(f: &ApiFigures, plan: &Plan, verdicts: &mut Verdicts) {
    println!();
    println!(
        "Moves API over HTTP (in-process server, keep-alive HTTP/1.1 clients; {} moves written \
         by {} writers with EventStore::append in {:.2} s, projected and broadcast {:.2} s after \
         the last)",
        thousands(f.moves as f64),
        MANY_WRITERS,
        f.write.elapsed.as_secs_f64(),
        f.projected.as_secs_f64()
    );

    print_list(&f.list);
    print_status(f, plan);
    print_live(f, plan);
    judge(f, plan, verdicts);
}

fn latency_row(label: &str, samples: &[Duration]) {
    println!(
        "  {:<26}{:>10}{:>10}{:>10}",
        label,
        ms(percentile(samples, 50.0)),
        ms(percentile(samples, 99.0)),
        ms(samples.last().copied())
    )
}

fn print_list(l: &ListFigures) {
    println!(
        "  GET {LIST_PATH} as the manager: {} moves, {} an answer ({} bytes a move); {} requests \
         from {LIST_CLIENTS} clients, {:.1} answers/s",
        thousands(l.listed as f64),
        megabytes(l.bytes),
        thousands(l.bytes as f64 / l.listed.max(1) as f64),
        thousands((l.latencies.len() + l.failures) as f64),
        l.latencies.len() as f64 / l.elapsed.as_secs_f64().max(1e-9)
    );
    println!("  {:<26}{:>10}{:>10}{:>10}", "", "p50", "p99", "max");
    latency_row(&format!("staff list, {LIST_CLIENTS} clients"), &l.latencies);
    latency_row("└ one client (diagnostic)", &l.alone);
    latency_row("  until the answer's head", &l.alone_head);
    latency_row("  the body after it", &l.alone_body);
    println!(
        "  the handler's steps one at a time on the server's pool, no HTTP (diagnostic, p50 of {}): \
         the query, decoded into JSON values, {}; serialising the answer {}; freeing the values {}; \
         the same query as JSON text, not decoded, {}",
        l.query.len(),
        ms(percentile(&l.query, 50.0)),
        ms(percentile(&l.serialise, 50.0)),
        ms(percentile(&l.release, 50.0)),
        ms(percentile(&l.as_text, 50.0)),
    );
    if let Some(e) = &l.first_failure {
        println!("  first wrong staff-list answer: {e}");
    }
}

fn print_status(f: &ApiFigures, plan: &Plan) {
    let s = &f.status;
    println!(
        "  PUT {STATUS_PATH} from {} clients ({}, round-robin), each on {MOVES_PER_CLIENT} moves \
         of its own, en curso ⇄ pendiente, {:.1} s",
        s.clients,
        f.writer_roles,
        plan.run_for.as_secs_f64()
    );
    println!(
        "  {:<26}{:>10}{:>10}{:>10}{:>10}   answers",
        "", "changes/s", "p50", "p99", "max"
    );
    let http_row = |label: &str, s: &StatusFigures, note: &str| {
        println!(
            "  {:<26}{:>10}{:>10}{:>10}{:>10}   {} × 200, {} other{note}",
            label,
            thousands(s.per_sec()),
            ms(percentile(&s.latencies, 50.0)),
            ms(percentile(&s.latencies, 99.0)),
            ms(s.latencies.last().copied()),
            thousands(s.latencies.len() as f64),
            s.failures
        )
    };
    http_row("status change over HTTP", s, "");
    http_row(
        &format!("└ {MANY_STATUS_CLIENTS} clients over HTTP"),
        &f.many,
        " (diagnostic)",
    );
    for (label, steps, note) in [
        (
            "└ in-process, same steps",
            &f.steps,
            "diagnostic: the handler's steps, no HTTP",
        ),
        (
            "└ in-process, no wait",
            &f.no_wait,
            "diagnostic: the same, not waiting for the projections",
        ),
    ] {
        println!(
            "  {:<26}{:>10}{:>10}{:>10}{:>10}   {note}",
            label,
            thousands(steps.per_sec()),
            ms(percentile(&steps.latencies, 50.0)),
            ms(percentile(&steps.latencies, 99.0)),
            ms(steps.latencies.last().copied()),
        );
        println!("      mean per change: {}", means(steps));
    }
    println!(
        "      the projections had caught up {} after the end of that run",
        ms(Some(f.backlog))
    );
    for e in [&s.first_failure, &f.many.first_failure]
        .into_iter()
        .flatten()
    {
        println!("  first non-200 status change: {e}");
    }
}

fn print_live(f: &ApiFigures, plan: &Plan) {
    let p = &f.paced;
    let live = &f.live;
    println!();
    println!(
        "Live delivery over the API: HTTP 200 → frame received ({} staff WebSockets over {}; \
         status changes through PUT {STATUS_PATH}, paced at {}/s for {:.1} s)",
        thousands(live.connections as f64),
        f.staff_roles,
        plan.paced_rate,
        plan.paced_for.as_secs_f64()
    );
    println!(
        "  {} changes from {} senders ({}), the last sent {:.2} s after the first, at most {} \
         behind schedule; answers: {} × 200 (p50 {}, p99 {}), {} other",
        thousands(p.planned as f64),
        p.senders,
        f.writer_roles,
        p.span.as_secs_f64(),
        ms(Some(p.behind)),
        thousands(p.latencies.len() as f64),
        ms(percentile(&p.latencies, 50.0)),
        ms(percentile(&p.latencies, 99.0)),
        p.failures
    );
    if let Some(e) = &p.first_failure {
        println!("  first non-200 paced change: {e}");
    }
    println!(
        "  connections opened in {:.2} s; frames expected {}, received {}, missing {}, \
         duplicates {}, unexpected {}, out of order {}, failed connections {}",
        live.connect_time.as_secs_f64(),
        thousands(live.expected as f64),
        thousands(live.received as f64),
        live.missing,
        live.duplicates,
        live.unexpected,
        live.out_of_order,
        live.failed_connections
    );
    if let Some(e) = &live.first_error {
        println!("  first connection error: {e}");
    }
    println!("  {:<26}{:>10}{:>10}{:>10}", "", "p50", "p99", "max");
    latency_row("every frame, from the 200", &live.samples);
    latency_row("every frame, from the PUT", &live.from_request);
    latency_row("first frame of a change", &live.first);
    latency_row("last frame of a change", &live.last);
    println!(
        "  frames read before their change's 200 was: {} of {} (counted as 0 ms from the 200)",
        thousands(live.early as f64),
        thousands(live.samples.len() as f64)
    );
}

/// The correctness failures among the figures, and the summary's lines.
fn judge(f: &ApiFigures, plan: &Plan, verdicts: &mut Verdicts) {
    let (l, s, p, live) = (&f.list, &f.status, &f.paced, &f.live);
    if l.failures > 0 {
        verdicts
            .failures
            .push(format!("staff list: {} wrong answers", l.failures));
    }
    let wrong = s.failures + f.many.failures + p.failures;
    if wrong > 0 {
        verdicts
            .failures
            .push(format!("status changes: {wrong} answers other than 200"));
    }
    let complete = live.missing == 0
        && live.duplicates == 0
        && live.unexpected == 0
        && live.out_of_order == 0
        && live.failed_connections == 0;
    if !complete {
        verdicts.failures.push(format!(
            "live feed over the API: {} missing, {} duplicates, {} unexpected, {} out of order, \
             {} failed connections",
            live.missing,
            live.duplicates,
            live.unexpected,
            live.out_of_order,
            live.failed_connections
        ));
    }

    verdicts
        .summary
        .push("Moves API over HTTP (figures; the issue sets no numeric target):".into());
    verdicts.summary.push(format!(
        "  {:<40}p99 {} ({} an answer, {LIST_CLIENTS} clients)",
        format!("staff list of {} moves", thousands(l.listed as f64)),
        ms(percentile(&l.latencies, 99.0)),
        megabytes(l.bytes)
    ));
    verdicts.summary.push(format!(
        "  {:<40}{}/s, p99 {}, {}",
        format!("status changes, {} clients", s.clients),
        thousands(s.per_sec()),
        ms(percentile(&s.latencies, 99.0)),
        if s.failures == 0 {
            "every answer 200".to_string()
        } else {
            format!("{} answers other than 200", s.failures)
        }
    ));
    verdicts.summary.push(format!(
        "  {:<40}p99 {} from the 200, {} from the PUT ({} staff dashboards; {})",
        format!("live, {} changes/s", plan.paced_rate),
        ms(percentile(&live.samples, 99.0)),
        ms(percentile(&live.from_request, 99.0)),
        thousands(live.connections as f64),
        if complete {
            "every change received once by every one"
        } else {
            "frames missing or wrong"
        }
    ));
}
