//! `GET /api/debug/estado` (admin only): the health of this process and what it depends on, for
//! the /debug page. Each part reports its own failure instead of failing the whole answer: the
//! page is most useful exactly when something is wrong.

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

use crate::auth::CurrentUser;
use crate::error::ApiResult;
use crate::routes::admin::{admin, projection_status};
use crate::state::AppState;

/// A database that takes longer than this to answer `SELECT 1` is reported as not reachable.
const DB_TIMEOUT: Duration = Duration::from_secs(2);

async fn database(state: &AppState) -> Value {
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
    json!({
        "ok": error.is_none(),
        "error": error,
        "latencia_ms": (latency_ms * 100.0).round() / 100.0,
        "version": version,
        "nombre": name,
        "tamano_bytes": size,
        "conexiones": {
            "abiertas": state.pool.size(),
            "libres": state.pool.num_idle(),
            "maximo": state.pool.options().get_max_connections(),
        },
    })
}

/// Emails waiting in the outbox: with SMTP, those not yet delivered; without it (local
/// development) every email stays there for /dev, so the count is not a backlog.
async fn outbox(state: &AppState) -> Value {
    let counts: Result<(i64, i64, Option<DateTime<Utc>>), _> = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE last_error IS NOT NULL), min(created_at) FROM outbox",
    )
    .fetch_one(&state.pool)
    .await;
    match counts {
        Ok((pending, failing, oldest)) => json!({
            "modo": if state.mailer.keeps_outbox() { "bandeja_local" } else { "smtp" },
            "pendientes": pending,
            "con_error": failing,
            "mas_antiguo": oldest,
        }),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

pub async fn status(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<Value>> {
    admin(user)?;
    let base_de_datos = database(&state).await;
    let proyecciones = match projection_status(&state).await {
        Ok(list) => json!(list),
        Err(e) => json!({ "error": e.to_string() }),
    };
    let cabeza = state.store.max_position().await.ok();
    Ok(Json(json!({
        "success": true,
        "generado_en": Utc::now(),
        "base_de_datos": base_de_datos,
        "proyecciones": proyecciones,
        "registro": {
            "cabeza": cabeza,
            // Every projector has passed this position, in this process.
            "proyectado_hasta": state.projections.position(),
        },
        "feed_en_directo": {
            "conexiones": state.live.connections(),
            "enviado_hasta": state.live.sent(),
            "retrasos": state.live.lagged(),
        },
        "correo": outbox(&state).await,
        "versiones": {
            "aplicacion": env!("CARGO_PKG_VERSION"),
            "commit": option_env!("MUDANZAS_GIT_COMMIT"),
            "rust": option_env!("MUDANZAS_RUSTC_VERSION"),
            "postgres": base_de_datos["version"],
        },
        "proceso": {
            "iniciado_en": state.admin.started_at,
            "segundos_en_marcha": state.admin.uptime_secs(),
            "pid": std::process::id(),
        },
    })))
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
