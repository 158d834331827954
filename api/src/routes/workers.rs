//! Workers for the manager: the list that fills the assign selector (the spec's selector is
//! never filled), and the assignment, which keeps a worker to one move per day.

use axum::extract::State;
use axum::Json;
use chrono::NaiveDate;
use command::moves::MoveDecider;
use command::workers::{decide_assignment, AssignmentContext, WorkerDay, WorkerDayDecider};
use command::{DomainError, Role};
use events_schema::events::{MoveStatus, WorkerAssigned};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use projections::ReadModel;

use crate::auth::{CurrentUser, User};
use crate::error::{ApiError, ApiJson, ApiQuery, ApiResult};
use crate::pipeline::{self, append_plan, load};
use crate::reply::True;
use crate::routes::moves::{staff_doc, OneMove};
use crate::state::AppState;

const MANAGERS: &[Role] = &[Role::Empresario, Role::Admin];
/// A decision that lost a race is made again on the new state, this many times.
const RETRIES: usize = 3;

#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "WorkerListParams")]
pub struct ListParams {
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    fecha: Option<NaiveDate>,
}

/// The active workers, by name, and whether each is already busy on the day asked about.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Workers {
    success: True,
    trabajadores: Vec<WorkerOnDay>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct WorkerOnDay {
    id: Uuid,
    nombre: String,
    username: Option<String>,
    ocupado: bool,
    /// The move that keeps them busy that day.
    mudanza_asignada: Option<i64>,
}

/// `GET /api/trabajadores[?fecha=YYYY-MM-DD]` (managers): active workers; with a date, whether
/// each is busy that day (assigned to a move that is not cancelled).
pub async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> ApiResult<Json<Workers>> {
    user.require(MANAGERS)?;
    let rows: Vec<(Uuid, String, Option<String>, Option<i64>)> = sqlx::query_as(
        "SELECT a.id, a.nombre, a.username, \
                (SELECT m.id FROM move_staff_view m WHERE m.worker_id = a.id \
                 AND m.fecha_programada = $1 AND m.estado <> 'cancelada' LIMIT 1) \
         FROM accounts a WHERE a.role = 'empleado' AND a.active ORDER BY a.nombre",
    )
    .bind(params.fecha)
    .fetch_all(&state.pool)
    .await?;
    let workers = rows
        .into_iter()
        .map(|(id, name, username, busy_with)| WorkerOnDay {
            id,
            nombre: name,
            username,
            ocupado: busy_with.is_some(),
            mudanza_asignada: busy_with,
        })
        .collect();
    Ok(Json(Workers {
        success: True,
        trabajadores: workers,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct AssignBody {
    mudanza_id: i64,
    worker_id: Uuid,
}

/// `POST /api/asignar-trabajador` (managers): `{mudanza_id, worker_id}`. 409 when the worker
/// already has another move that day, also when two managers try at the same instant.
pub async fn assign(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<AssignBody>,
) -> ApiResult<Json<OneMove>> {
    let user = user.require(MANAGERS)?;
    let name: Option<String> = sqlx::query_scalar(
        "SELECT nombre FROM accounts WHERE id = $1 AND role = 'empleado' AND active",
    )
    .bind(body.worker_id)
    .fetch_optional(&state.pool)
    .await?;
    let worker = WorkerAssigned {
        worker_id: body.worker_id,
        worker_name: name.ok_or_else(|| ApiError::BadRequest("Trabajador no encontrado".into()))?,
    };
    for _ in 0..RETRIES {
        match try_assign(&state, &user, body.mudanza_id, worker.clone()).await {
            Err(ApiError::Log(events_schema::Error::Conflict { .. })) => continue,
            Err(e) => return Err(e),
            Ok(()) => {
                return Ok(Json(OneMove {
                    success: True,
                    mudanza: staff_doc(&state, &user, body.mudanza_id).await?,
                }))
            }
        }
    }
    Err(ApiError::Domain(DomainError::Stale))
}

pub(crate) async fn load_day(
    state: &AppState,
    worker: Uuid,
    date: NaiveDate,
) -> ApiResult<WorkerDay> {
    Ok(load::<WorkerDayDecider>(state, &(worker, date))
        .await?
        .state)
}

/// A worker's day as a booking for `move_id` must see it: the day, and whether the move that
/// holds it (another one) is cancelled, which frees the worker.
pub(crate) async fn day_for(
    state: &AppState,
    worker: Uuid,
    date: NaiveDate,
    move_id: i64,
) -> ApiResult<(WorkerDay, bool)> {
    let day = load_day(state, worker, date).await?;
    let holder_cancelled = match day.booked_by {
        Some(holder) if holder != move_id => {
            load::<MoveDecider>(state, &holder).await?.state.status == Some(MoveStatus::Cancelada)
        }
        _ => false,
    };
    Ok((day, holder_cancelled))
}

/// One decision and one atomic append of every stream it touches.
async fn try_assign(
    state: &AppState,
    user: &User,
    move_id: i64,
    worker: WorkerAssigned,
) -> ApiResult<()> {
    let current = load::<MoveDecider>(state, &move_id).await?.state;
    let date = current.fecha.ok_or(DomainError::NotFound)?;
    let (new_day, holder_cancelled) = day_for(state, worker.worker_id, date, move_id).await?;
    let old_day = match current.worker {
        Some(previous) if previous != worker.worker_id => {
            Some(load_day(state, previous, date).await?)
        }
        _ => None,
    };
    let plan = decide_assignment(
        &AssignmentContext {
            move_id,
            current: &current,
            new_day: &new_day,
            holder_cancelled,
            old_day: old_day.as_ref(),
        },
        worker,
        &pipeline::context(Some(user)),
    )?;
    if plan.is_empty() {
        return Ok(());
    }
    append_plan(state, user, &plan, &[ReadModel::Moves]).await
}

/// The workers routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/trabajadores",
            get_with(
                list,
                doc(
                    STAFF_MOVES,
                    "Trabajadores y su disponibilidad (empresario, admin)",
                ),
            ),
        )
        .api_route(
            "/api/asignar-trabajador",
            post_with(
                assign,
                doc(
                    STAFF_MOVES,
                    "Asignar un trabajador a una mudanza (empresario, admin)",
                ),
            ),
        )
}
