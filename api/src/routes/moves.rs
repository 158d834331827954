//! The staff calls on moves: the list, one move, the status change.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use command::moves::{MoveCommand, MoveDecider};
use command::Role;
use events_schema::events::{move_stream, Milestone, MoveStatus};
use projections::moves::{without_prices, StaffMove, MONEY_KEYS};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use projections::ReadModel;

use crate::auth::{CurrentUser, User, STAFF};
use crate::device::{self, DeviceChange};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::pipeline::{execute, read_your_writes};
use crate::reply::{Answer, True};
use crate::state::AppState;
use crate::windows::{MoveWindow, Window, WindowQuery};

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

/// `GET /api/mudanzas` (staff): one page of the staff list, filtered, searched and sorted in the
/// database (`crate::windows`), with the counts per status of its scope.
pub async fn window(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<WindowQuery>,
) -> ApiResult<Json<MoveWindow>> {
    let user = user.require(STAFF)?;
    let window = Window::parse(&query, &user)?;
    Ok(Json(window.fetch(&state.pool).await?))
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
pub(crate) struct StatusChanged {
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

/// `PUT /api/actualizar-estado-mudanza`. A change from a crew's phone may carry its key and
/// device time (`crate::device`).
pub async fn update_status(
    State(state): State<AppState>,
    user: CurrentUser,
    change: DeviceChange,
    ApiJson(body): ApiJson<StatusBody>,
) -> ApiResult<Answer<StatusChanged>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let to = MoveStatus::parse(body.nuevo_estado.trim())
        .ok_or_else(|| ApiError::BadRequest("Estado no válido".into()))?;
    let command = MoveCommand::ChangeStatus { to, by: user.id };
    crew_change(&state, &user, &change, body.mudanza_id, command).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct MilestoneBody {
    hito: Milestone,
}

/// `POST /api/mudanza/{id}/hito`: the crew reached a milestone of the day (the assigned worker,
/// or a manager for them). 'en_camino' starts a confirmed move. Keyed like a status change.
pub async fn record_milestone(
    State(state): State<AppState>,
    user: CurrentUser,
    change: DeviceChange,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MilestoneBody>,
) -> ApiResult<Answer<StatusChanged>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let command = MoveCommand::RecordMilestone {
        milestone: body.hito,
        by: user.id,
    };
    crew_change(&state, &user, &change, id, command).await
}

/// A crew's change to a move, applied once per key: a retry of one already stored answers with
/// the position it was stored at and the move as it is now.
pub(crate) async fn crew_change(
    state: &AppState,
    user: &User,
    change: &DeviceChange,
    id: i64,
    command: MoveCommand,
) -> ApiResult<Answer<StatusChanged>> {
    let replay = change.replayed(state, user, &move_stream(id)).await?;
    let position = match &replay {
        Some(first) => {
            read_your_writes(state, first.position, &[ReadModel::Moves]).await;
            first.position
        }
        None => {
            change
                .run(execute::<MoveDecider>(
                    state,
                    user,
                    &id,
                    command,
                    &[ReadModel::Moves],
                ))
                .await?
                .position
        }
    };
    Ok(device::answer(
        replay.is_some(),
        StatusChanged {
            success: True,
            position,
            mudanza: staff_doc(state, user, id).await?,
        },
    ))
}

/// The staff routes on moves.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with, put_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/todas-las-mudanzas",
            get_with(
                list,
                doc(
                    STAFF_MOVES,
                    "Todas las mudanzas, vista del personal (empleado: sin precios)",
                ),
            ),
        )
        .api_route(
            "/api/mudanzas",
            get_with(
                window,
                doc(
                    STAFF_MOVES,
                    "Una página de la lista del personal: filtros, búsqueda, orden, cursor y \
                     conteos por estado (empleado: sin precios)",
                ),
            ),
        )
        .api_route(
            "/api/actualizar-estado-mudanza",
            put_with(
                update_status,
                doc(STAFF_MOVES, "Cambiar el estado de una mudanza (personal)"),
            ),
        )
        .api_route(
            "/api/mudanza/{id}",
            get_with(one, doc(STAFF_MOVES, "Una mudanza, vista del personal")),
        )
        .api_route(
            "/api/mudanza/{id}/hito",
            post_with(
                record_milestone,
                doc(
                    STAFF_MOVES,
                    "Registrar un hito del día del equipo: en camino, llegada al origen, carga \
                     terminada, llegada al destino (el trabajador asignado o el gerente)",
                ),
            ),
        )
}
