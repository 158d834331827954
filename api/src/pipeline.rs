//! The application layer: how a command goes from a route to the log. Load a stream and fold it
//! ([`load`]), decide on it with a [`Context`] built from the user and the clock, append at the
//! version it was decided on with who asked and which request it was ([`metadata_for`]), and
//! answer once the read models the answer reads show the change ([`read_your_writes`]: each
//! caller names them; the other projectors catch up in their own time). [`execute`] is all of it
//! for one stream; [`append_plan`] appends a decision spanning several streams in one
//! transaction. Routes parse, authorise, call this and answer.

use chrono::{DateTime, Utc};
use command::{Context, Decider, Generate, Role, StreamEvents};
use events_schema::{Event, ExpectedVersion, Metadata, NewEvent, StreamAppend};
use projections::ReadModel;
use rand::RngCore;
use uuid::Uuid;

use crate::auth::User;
use crate::error::ApiResult;
use crate::state::{AppState, READ_YOUR_WRITES};

/// The server's generator: random payment keys, time-ordered ids.
pub struct Random;

impl Generate for Random {
    fn payment_key(&self) -> String {
        let mut bytes = [0u8; command::payments::KEY_LENGTH];
        rand::thread_rng().fill_bytes(&mut bytes);
        command::payments::key_from_bytes(bytes)
    }

    fn id(&self) -> Uuid {
        Uuid::now_v7()
    }
}

/// A decision by `user` (anonymous when `None`) now.
pub fn context(user: Option<&User>) -> Context<'static> {
    Context {
        now: Utc::now(),
        role: user.map(|u| u.role),
        generate: &Random,
    }
}

/// A decision acting as `role` (the server's own tasks, the benchmark) now.
pub fn context_as(role: Role) -> Context<'static> {
    Context {
        role: Some(role),
        ..context(None)
    }
}

/// A stream's state for deciding, folded from its events.
#[derive(Debug, Clone)]
pub struct Loaded<S> {
    pub state: S,
    /// The stream's version: how many events it has (0 when none).
    pub version: i64,
    /// The log position of its last event (0 when none).
    pub position: i64,
}

/// Reads the stream of `id` and folds it.
pub async fn load<D: Decider>(state: &AppState, id: &D::Id) -> ApiResult<Loaded<D::State>> {
    let history = state.store.read_stream(&D::stream(id)).await?;
    let mut folded = D::State::default();
    for recorded in &history {
        folded = D::evolve(folded, &recorded.decode()?);
    }
    let last = history.last();
    Ok(Loaded {
        state: folded,
        version: last.map_or(0, |e| e.stream_version),
        position: last.map_or(0, |e| e.position),
    })
}

/// What a command appended.
#[derive(Debug, Clone)]
pub struct Executed {
    /// The position of its last event (the stream's last when it changed nothing).
    pub position: i64,
    pub events: Vec<Event>,
}

/// Decides `command` by `user` on the current state of `id`'s stream, appends what it decided
/// on the version it was decided on, and answers once the read models `reads` show it. A stream
/// that moved on meanwhile refuses the append (`events_schema::Error::Conflict`).
pub async fn execute<D: Decider>(
    state: &AppState,
    user: &User,
    id: &D::Id,
    command: D::Command,
    reads: &[ReadModel],
) -> ApiResult<Executed> {
    let loaded = load::<D>(state, id).await?;
    execute_on::<D>(state, user, id, &loaded, command, reads).await
}

/// [`execute`] on a state the caller loaded (and looked at) first.
pub async fn execute_on<D: Decider>(
    state: &AppState,
    user: &User,
    id: &D::Id,
    loaded: &Loaded<D::State>,
    command: D::Command,
    reads: &[ReadModel],
) -> ApiResult<Executed> {
    execute_with::<D>(
        state,
        &context(Some(user)),
        metadata_for(user),
        id,
        loaded,
        command,
        reads,
    )
    .await
}

/// [`execute_on`] for a caller that is not a signed-in user (a payer, the payment gateway):
/// decided in `ctx`, appended with `metadata`.
pub async fn execute_with<D: Decider>(
    state: &AppState,
    ctx: &Context<'_>,
    metadata: Metadata,
    id: &D::Id,
    loaded: &Loaded<D::State>,
    command: D::Command,
    reads: &[ReadModel],
) -> ApiResult<Executed> {
    let events = D::decide(&loaded.state, command, ctx)?;
    if events.is_empty() {
        // Nothing to do, as what it was decided on already shows (a copy of a change that
        // lost a race to the first): the answer shows that too.
        read_your_writes(state, loaded.position, reads).await;
        return Ok(Executed {
            position: loaded.position,
            events,
        });
    }
    let position = append(state, &D::stream(id), loaded.version, &events, metadata).await?;
    read_your_writes(state, position, reads).await;
    Ok(Executed { position, events })
}

/// Appends `events` to `stream` if it is still at `version`, each with `metadata`; returns the
/// position of the last one. Does not wait for the projections.
pub async fn append(
    state: &AppState,
    stream: &str,
    version: i64,
    events: &[Event],
    metadata: Metadata,
) -> Result<i64, events_schema::Error> {
    let origin = current_origin();
    let new: Vec<NewEvent> = events
        .iter()
        .enumerate()
        .map(|(i, e)| origin.new_event(e, &metadata, i))
        .collect();
    let appended = state.store.append(stream, expected(version), &new).await?;
    Ok(appended.last_position)
}

/// Appends a decision that spans streams (a move and its worker's days) in one transaction,
/// each stream at the version it was decided on, and waits until the read models `reads` show it.
pub async fn append_plan(
    state: &AppState,
    user: &User,
    plan: &[StreamEvents],
    reads: &[ReadModel],
) -> ApiResult<()> {
    let metadata = metadata_for(user);
    let origin = current_origin();
    let mut index = 0;
    let events: Vec<Vec<NewEvent>> = plan
        .iter()
        .map(|p| {
            p.events
                .iter()
                .map(|e| {
                    index += 1;
                    origin.new_event(e, &metadata, index - 1)
                })
                .collect()
        })
        .collect();
    let appends: Vec<StreamAppend<'_>> = plan
        .iter()
        .zip(&events)
        .map(|(p, events)| StreamAppend {
            stream: &p.stream,
            expected: expected(p.expected_version),
            events,
        })
        .collect();
    let appended = state.store.append_streams(&appends).await?;
    if let Some(last) = appended.iter().map(|a| a.last_position).max() {
        read_your_writes(state, last, reads).await;
    }
    Ok(())
}

/// Who caused the events of this request, and which request it was (crate::ops).
pub fn metadata_for(user: &User) -> Metadata {
    Metadata {
        actor_id: Some(user.id.to_string()),
        actor_role: Some(user.role.as_str().to_string()),
        correlation_id: Uuid::now_v7(),
        request_id: crate::ops::current_request_id(),
        idempotency_key: current_origin().idempotency_key,
        ..Metadata::default()
    }
}

/// What a request says about the change it carries beyond its body: the caller's key for a
/// command it may send again after losing the answer, and when the change happened on the
/// device that made it (a phone that was offline sends it later).
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub idempotency_key: Option<String>,
    pub occurred_at: Option<DateTime<Utc>>,
}

/// Where the ids of a keyed command's events come from (`Origin::event_id`).
const KEYED_EVENTS: Uuid = Uuid::from_u128(0x6d75_6461_6e7a_6173_0021_6b65_7965_6473);

impl Origin {
    /// The id of the `index`th event a command appends for `actor` with `key`: the same on every
    /// retry, so the log stores a retried append once even when two retries race
    /// (`events_schema::EventStore::append`), and a retry can find what the first attempt stored.
    pub fn event_id(actor: &str, key: &str, index: usize) -> Uuid {
        Uuid::new_v5(&KEYED_EVENTS, format!("{actor}/{key}/{index}").as_bytes())
    }

    fn new_event(&self, event: &Event, metadata: &Metadata, index: usize) -> NewEvent {
        let keyed = self
            .idempotency_key
            .as_deref()
            .zip(metadata.actor_id.as_deref());
        NewEvent {
            event_id: keyed.map_or_else(Uuid::now_v7, |(key, actor)| {
                Origin::event_id(actor, key, index)
            }),
            event: event.clone(),
            metadata: metadata.clone(),
            occurred_at: self.occurred_at.unwrap_or_else(Utc::now),
        }
    }
}

tokio::task_local! {
    static ORIGIN: Origin;
}

fn current_origin() -> Origin {
    ORIGIN.try_with(Clone::clone).unwrap_or_default()
}

/// Runs `command` with every event it appends carrying `origin` (as the request id is carried):
/// the command's own code, however deep, need not pass it along.
pub async fn with_origin<F: std::future::Future>(origin: Origin, command: F) -> F::Output {
    ORIGIN.scope(origin, command).await
}

/// [`with_origin`] with only an idempotency key.
pub async fn with_idempotency_key<F: std::future::Future>(
    key: Option<String>,
    command: F,
) -> F::Output {
    with_origin(
        Origin {
            idempotency_key: key,
            occurred_at: None,
        },
        command,
    )
    .await
}

/// The expected version of a stream decided on at `version`.
fn expected(version: i64) -> ExpectedVersion {
    match version {
        0 => ExpectedVersion::NoStream,
        v => ExpectedVersion::Exact(v),
    }
}

/// Answers once the read models `reads` show `position` (or after a while, anyway). Only those:
/// a status change's answer reads the moves' views, and need not wait for the analytics.
pub async fn read_your_writes(state: &AppState, position: i64, reads: &[ReadModel]) {
    if !state
        .projections
        .wait_for_models(reads, position, READ_YOUR_WRITES)
        .await
    {
        tracing::warn!(position, ?reads, "projections did not catch up in time");
    }
}
