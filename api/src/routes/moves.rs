//! The staff calls on moves that the backbone needs: the list and the status change.

use axum::extract::State;
use axum::Json;
use command::moves::{decide, evolve, MoveCommand, MoveState};
use command::Role;
use events_schema::events::{move_stream, MoveStatus};
use events_schema::{ExpectedVersion, Metadata, NewEvent};
use projections::moves::without_prices;
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::auth::{CurrentUser, User, STAFF};
use crate::error::{ApiError, ApiJson, ApiQuery, ApiResult};
use crate::state::{AppState, READ_YOUR_WRITES};

#[derive(Deserialize)]
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
pub async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> ApiResult<Json<Vec<Value>>> {
    let user = user.require(STAFF)?;
    let include_price = params.include_price.as_deref() == Some("true");
    let docs: Vec<Value> =
        sqlx::query_scalar("SELECT doc FROM move_staff_view ORDER BY fecha_programada, id")
            .fetch_all(&state.pool)
            .await?;
    Ok(Json(
        docs.into_iter()
            .map(|d| for_user(&user, d, include_price))
            .collect(),
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
    let stream = move_stream(move_id);
    let history = state.store.read_stream(&stream).await?;
    let mut current = MoveState::default();
    for recorded in &history {
        current = evolve(current, &recorded.decode()?);
    }
    let events = decide(&current, command, user.role)?;
    if events.is_empty() {
        return Ok(history.last().map(|e| e.position).unwrap_or(0));
    }
    let metadata = Metadata {
        actor_id: Some(user.id.to_string()),
        actor_role: Some(user.role.as_str().to_string()),
        correlation_id: Uuid::now_v7(),
        ..Metadata::default()
    };
    let new: Vec<NewEvent> = events
        .into_iter()
        .map(|e| NewEvent::new(e, metadata.clone()))
        .collect();
    let expected = match current.version {
        0 => ExpectedVersion::NoStream,
        v => ExpectedVersion::Exact(v),
    };
    let appended = state.store.append(&stream, expected, &new).await?;
    if !state
        .projections
        .wait_for(appended.last_position, READ_YOUR_WRITES)
        .await
    {
        tracing::warn!(
            position = appended.last_position,
            "projections did not catch up in time"
        );
    }
    Ok(appended.last_position)
}

#[derive(Deserialize)]
pub struct StatusBody {
    mudanza_id: i64,
    nuevo_estado: String,
}

/// `PUT /api/actualizar-estado-mudanza`.
pub async fn update_status(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<StatusBody>,
) -> ApiResult<Json<Value>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let to = MoveStatus::parse(body.nuevo_estado.trim())
        .ok_or_else(|| ApiError::BadRequest("Estado no válido".into()))?;
    let position = execute(
        &state,
        &user,
        body.mudanza_id,
        MoveCommand::ChangeStatus(to),
    )
    .await?;
    let doc: Option<Value> = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
        .bind(body.mudanza_id)
        .fetch_optional(&state.pool)
        .await?;
    let doc = doc.ok_or_else(|| ApiError::NotFound("Mudanza no encontrada".into()))?;
    Ok(Json(json!({
        "success": true,
        "position": position,
        "mudanza": for_user(&user, doc, true),
    })))
}
