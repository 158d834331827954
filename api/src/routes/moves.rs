//! The staff calls on moves: the list, one move, the status change, and the shared steps of
//! every move command (load, decide, append, read your own write).

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use command::moves::{decide, evolve, MoveCommand, MoveState};
use command::Role;
use command::StreamEvents;
use events_schema::events::{move_stream, MoveStatus};
use events_schema::{Event, ExpectedVersion, Metadata, NewEvent, StreamAppend};
use projections::moves::{without_prices, StaffMove, MONEY_KEYS};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::auth::{CurrentUser, User, STAFF};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::reply::{Answer, True};
use crate::state::{AppState, READ_YOUR_WRITES};

#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "MoveListParams")]
pub struct ListParams {
    #[serde(default)]
    include_price: Option<String>,
}

/// The staff document as this user may see it.
fn for_user(user: &User, doc: Value, include_price: bool) -> Value {
    if include_price && user.role.sees_prices() {
        doc
    } else {
        without_prices(doc)
    }
}

/// `GET /api/todas-las-mudanzas`: every move, staff view. Prices only for managers who ask.
///
/// PostgreSQL writes the whole array as one text: decoding 10,000 documents into JSON trees to
/// serialise them again was two thirds of the call's time (docs/PERFORMANCE.md).
pub async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> ApiResult<Answer<Vec<StaffMove>>> {
    let user = user.require(STAFF)?;
    let include_price = params.include_price.as_deref() == Some("true") && user.role.sees_prices();
    let mut conn = state.pool.acquire().await?;
    let array: String = sqlx::query_scalar(
        "SELECT coalesce(json_agg(CASE WHEN $1 THEN doc ELSE doc - $2::text[] END \
                                  ORDER BY fecha_programada, id)::text, '[]') \
         FROM move_staff_view",
    )
    .bind(include_price)
    .bind(MONEY_KEYS)
    .fetch_one(&mut *conn)
    .await?;
    // The answer is one row of every move (16 MB with 10,000), and sqlx keeps a connection's
    // read buffer at its largest size until told otherwise: every pooled connection that ever
    // served the list held that much for good (RSS +330 MB after 20 lists in the load bench).
    sqlx::Connection::shrink_buffers(&mut *conn);
    Ok(Answer::raw(
        ([(header::CONTENT_TYPE, "application/json")], array).into_response(),
    ))
}

/// Decides a command on a move's current state, appends its events on the version it was
/// decided on, and answers once the projections show the change (read-your-writes). Returns the
/// position of the last event (0 when the command changed nothing).
pub async fn execute(
    state: &AppState,
    user: &User,
    move_id: i64,
    command: MoveCommand,
) -> ApiResult<i64> {
    let (current, last) = load_move(state, move_id).await?;
    let decided = decide(&current, command, user.role)?;
    let events = crate::routes::payments::with_payment_key(decided);
    if events.is_empty() {
        return Ok(last);
    }
    Ok(append_decided(state, move_id, current.version, events, metadata_for(user)).await?)
}

/// Appends what was decided on the move at `version` and answers, with the last position, once
/// the projections show it.
pub async fn append_decided(
    state: &AppState,
    move_id: i64,
    version: i64,
    events: Vec<Event>,
    metadata: Metadata,
) -> Result<i64, events_schema::Error> {
    let new: Vec<NewEvent> = events
        .into_iter()
        .map(|e| NewEvent::new(e, metadata.clone()))
        .collect();
    let appended = state
        .store
        .append(&move_stream(move_id), expected(version), &new)
        .await?;
    read_your_writes(state, appended.last_position).await;
    Ok(appended.last_position)
}

/// Appends a decision that spans streams (a move and its worker's days) in one transaction,
/// each stream at the version it was decided on, and reads its own write.
pub async fn append_plan(state: &AppState, user: &User, plan: &[StreamEvents]) -> ApiResult<()> {
    let metadata = metadata_for(user);
    let events: Vec<Vec<NewEvent>> = plan
        .iter()
        .map(|p| {
            crate::routes::payments::with_payment_key(p.events.clone())
                .into_iter()
                .map(|e| NewEvent::new(e, metadata.clone()))
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
        read_your_writes(state, last).await;
    }
    Ok(())
}

/// The one rule of which moves are a client's: those whose customer view names, as it stands now,
/// the account's confirmed email (`User::owned_email`), with `$1` that email. `mis-mudanzas`, a
/// move's pages, photos and waybill ([`may_see_move`]) and the live feed ([`owned_moves`]) all
/// decide by it. "Now" matters: a deleted account's moves keep their old email in the history
/// the live feed replays, but not in the view, so a new account with that email owns none of them.
pub const OWNED_BY: &str = "lower(cliente_email) = lower($1)";

/// The ids of the moves `email` owns now ([`OWNED_BY`]).
pub async fn owned_moves(
    pool: &sqlx::PgPool,
    email: &str,
) -> Result<std::collections::HashSet<i64>, sqlx::Error> {
    let ids: Vec<i64> =
        sqlx::query_scalar(&format!("SELECT id FROM move_client_view WHERE {OWNED_BY}"))
            .bind(email)
            .fetch_all(pool)
            .await?;
    Ok(ids.into_iter().collect())
}

/// May this user see this move (its photos, its waybill)? Staff always; a client only their own.
pub async fn may_see_move(state: &AppState, user: &User, move_id: i64) -> ApiResult<bool> {
    if user.role.is_staff() {
        return Ok(true);
    }
    let Some(email) = user.owned_email() else {
        return Ok(false);
    };
    Ok(sqlx::query_scalar(&format!(
        "SELECT EXISTS (SELECT 1 FROM move_client_view WHERE {OWNED_BY} AND id = $2)"
    ))
    .bind(email)
    .bind(move_id)
    .fetch_one(&state.pool)
    .await?)
}

/// A move's state for deciding, and the position of its last event (0 when it has none).
pub async fn load_move(state: &AppState, move_id: i64) -> ApiResult<(MoveState, i64)> {
    let history = state.store.read_stream(&move_stream(move_id)).await?;
    let mut current = MoveState::default();
    for recorded in &history {
        current = evolve(current, &recorded.decode()?);
    }
    Ok((current, history.last().map_or(0, |e| e.position)))
}

/// Who caused the events of this request, and which request it was (crate::ops).
pub fn metadata_for(user: &User) -> Metadata {
    Metadata {
        actor_id: Some(user.id.to_string()),
        actor_role: Some(user.role.as_str().to_string()),
        correlation_id: Uuid::now_v7(),
        request_id: crate::ops::current_request_id(),
        idempotency_key: IDEMPOTENCY_KEY.try_with(Clone::clone).ok().flatten(),
        ..Metadata::default()
    }
}

tokio::task_local! {
    static IDEMPOTENCY_KEY: Option<String>;
}

/// Runs `command` with every event it appends carrying the caller's idempotency key (as the
/// request id is carried): the command's own code, however deep, need not pass it along.
pub async fn with_idempotency_key<F: std::future::Future>(
    key: Option<String>,
    command: F,
) -> F::Output {
    IDEMPOTENCY_KEY.scope(key, command).await
}

/// The expected version of a stream decided on at `version`.
pub fn expected(version: i64) -> ExpectedVersion {
    match version {
        0 => ExpectedVersion::NoStream,
        v => ExpectedVersion::Exact(v),
    }
}

/// Answers once the projections show `position` (or after a while, anyway).
pub async fn read_your_writes(state: &AppState, position: i64) {
    if !state.projections.wait_for(position, READ_YOUR_WRITES).await {
        tracing::warn!(position, "projections did not catch up in time");
    }
}

/// The staff document of a move as this user may see it, with prices when they may see them.
///
/// A move the projections do not show yet (just created, while they catch up after the database
/// was away for longer than the read-your-writes wait) is folded from its own events, as the
/// projector will: a 404 would tell the manager who just created it that it does not exist, and
/// invite a second one.
pub async fn staff_doc(state: &AppState, user: &User, move_id: i64) -> ApiResult<Value> {
    let doc: Option<Value> = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
        .bind(move_id)
        .fetch_optional(&state.pool)
        .await?;
    let doc = match doc {
        Some(doc) => doc,
        None => {
            let events = state.store.read_stream(&move_stream(move_id)).await?;
            let folded = projections::audit::fold(&events)?
                .ok_or_else(|| ApiError::NotFound("Mudanza no encontrada".into()))?;
            serde_json::to_value(folded).map_err(|e| ApiError::Internal(e.to_string()))?
        }
    };
    Ok(for_user(user, doc, true))
}

/// One move, staff view (without prices for workers), as stored (passed through).
#[derive(Serialize, schemars::JsonSchema)]
pub struct OneMove {
    pub success: True,
    #[schemars(with = "StaffMove")]
    pub mudanza: Value,
}

/// The status changed: the log position to wait for on the live feed, and the move now.
#[derive(Serialize, schemars::JsonSchema)]
pub struct StatusChanged {
    success: True,
    position: i64,
    #[schemars(with = "StaffMove")]
    mudanza: Value,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct StatusBody {
    mudanza_id: i64,
    nuevo_estado: String,
}

/// `GET /api/mudanza/{id}` (staff): one move, fresh, e.g. before invoicing.
pub async fn one(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<OneMove>> {
    let user = user.require(STAFF)?;
    Ok(Json(OneMove {
        success: True,
        mudanza: staff_doc(&state, &user, id).await?,
    }))
}

/// `PUT /api/actualizar-estado-mudanza`.
pub async fn update_status(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<StatusBody>,
) -> ApiResult<Json<StatusChanged>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let to = MoveStatus::parse(body.nuevo_estado.trim())
        .ok_or_else(|| ApiError::BadRequest("Estado no válido".into()))?;
    let position = execute(
        &state,
        &user,
        body.mudanza_id,
        MoveCommand::ChangeStatus {
            to,
            by: user.id,
            at: chrono::Utc::now(),
        },
    )
    .await?;
    Ok(Json(StatusChanged {
        success: True,
        position,
        mudanza: staff_doc(&state, &user, body.mudanza_id).await?,
    }))
}
