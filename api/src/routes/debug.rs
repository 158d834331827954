//! `GET /api/debug/estado` (admin only): the health of this process and what it depends on, for
//! the /debug page. Each part reports its own failure instead of failing the whole answer: the
//! page is most useful exactly when something is wrong.

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::error::ApiResult;
use crate::reply::True;
use crate::routes::admin::{admin, projection_status, ProjectionStatus};
use crate::state::AppState;

/// One part of the report, or why it could not be read.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Part<T> {
    Read(T),
    Failed { error: String },
}

/// The health of this process and what it depends on: every field is always sent (`null` when
/// not known), so each is described as required.
#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct SystemStatus {
    success: True,
    generado_en: DateTime<Utc>,
    base_de_datos: DatabaseHealth,
    proyecciones: Part<Vec<ProjectionStatus>>,
    registro: LogHealth,
    feed_en_directo: LiveHealth,
    correo: Part<OutboxHealth>,
    versiones: Versions,
    proceso: ProcessHealth,
}

#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct DatabaseHealth {
    ok: bool,
    error: Option<String>,
    latencia_ms: f64,
    version: Option<String>,
    nombre: Option<String>,
    tamano_bytes: Option<i64>,
    conexiones: Connections,
}

/// The pool's connections.
#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct Connections {
    abiertas: u32,
    libres: usize,
    maximo: u32,
}

#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct OutboxHealth {
    /// smtp, or bandeja_local (local development: every email stays, not a backlog).
    modo: String,
    pendientes: i64,
    con_error: i64,
    mas_antiguo: Option<DateTime<Utc>>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct LogHealth {
    cabeza: Option<i64>,
    /// Every projector has passed this position, in this process.
    proyectado_hasta: i64,
}

#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct LiveHealth {
    conexiones: usize,
    enviado_hasta: i64,
    retrasos: u64,
}

#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct Versions {
    aplicacion: String,
    commit: Option<String>,
    rust: Option<String>,
    postgres: Option<String>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct ProcessHealth {
    iniciado_en: DateTime<Utc>,
    segundos_en_marcha: u64,
    pid: u32,
}

/// A database that takes longer than this to answer `SELECT 1` is reported as not reachable.
const DB_TIMEOUT: Duration = Duration::from_secs(2);

async fn database(state: &AppState) -> DatabaseHealth {
    let started = Instant::now();
    let ping = tokio::time::timeout(
        DB_TIMEOUT,
        sqlx::query_scalar::<_, i32>("SELECT 1").fetch_one(&state.pool),
    )
    .await;
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    let error = match ping {
        Ok(Ok(_)) => None,
        Ok(Err(e)) => Some(e.to_string()),
        Err(_) => Some(format!("sin respuesta en {} s", DB_TIMEOUT.as_secs_f64())),
    };
    let details: Option<(String, i64, String)> = match error {
        Some(_) => None,
        None => sqlx::query_as(
            "SELECT current_setting('server_version'), pg_database_size(current_database()), \
                    current_database()",
        )
        .fetch_one(&state.pool)
        .await
        .ok(),
    };
    let (version, size, name) = details
        .map(|(v, s, n)| (Some(v), Some(s), Some(n)))
        .unwrap_or_default();
    DatabaseHealth {
        ok: error.is_none(),
        error,
        latencia_ms: (latency_ms * 100.0).round() / 100.0,
        version,
        nombre: name,
        tamano_bytes: size,
        conexiones: Connections {
            abiertas: state.pool.size(),
            libres: state.pool.num_idle(),
            maximo: state.pool.options().get_max_connections(),
        },
    }
}

/// Emails waiting in the outbox: with SMTP, those not yet delivered; without it (local
/// development) every email stays there for /dev, so the count is not a backlog.
async fn outbox(state: &AppState) -> Part<OutboxHealth> {
    let counts: Result<(i64, i64, Option<DateTime<Utc>>), _> = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE last_error IS NOT NULL), min(created_at) FROM outbox",
    )
    .fetch_one(&state.pool)
    .await;
    match counts {
        Ok((pending, failed, oldest)) => Part::Read(OutboxHealth {
            modo: if state.mailer.keeps_outbox() {
                "bandeja_local"
            } else {
                "smtp"
            }
            .into(),
            pendientes: pending,
            con_error: failed,
            mas_antiguo: oldest,
        }),
        Err(e) => Part::Failed {
            error: e.to_string(),
        },
    }
}

pub async fn status(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<SystemStatus>> {
    admin(user)?;
    let db = database(&state).await;
    let projections = match projection_status(&state).await {
        Ok(list) => Part::Read(list),
        Err(e) => Part::Failed {
            error: e.to_string(),
        },
    };
    let head = state.store.max_position().await.ok();
    Ok(Json(SystemStatus {
        success: True,
        generado_en: Utc::now(),
        versiones: Versions {
            aplicacion: env!("CARGO_PKG_VERSION").into(),
            commit: option_env!("MUDANZAS_GIT_COMMIT").map(Into::into),
            rust: option_env!("MUDANZAS_RUSTC_VERSION").map(Into::into),
            postgres: db.version.clone(),
        },
        base_de_datos: db,
        proyecciones: projections,
        registro: LogHealth {
            cabeza: head,
            proyectado_hasta: state.projections.position(),
        },
        feed_en_directo: LiveHealth {
            conexiones: state.live.connections(),
            enviado_hasta: state.live.sent(),
            retrasos: state.live.lagged(),
        },
        correo: outbox(&state).await,
        proceso: ProcessHealth {
            iniciado_en: state.admin.started_at,
            segundos_en_marcha: state.admin.uptime_secs(),
            pid: std::process::id(),
        },
    }))
}

/// The system health route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, ADMIN};

    ApiRouter::new().api_route(
        "/api/debug/estado",
        get_with(status, doc(ADMIN, "Salud del sistema (admin)")),
    )
}
