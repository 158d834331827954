//! `GET /api/dev/outbox`: the emails the site would have sent, for a person trying it locally.
//! Exists only in local development without SMTP; otherwise it is an unknown route (404).

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::error::{ApiError, ApiQuery, ApiResult};
use crate::reply::True;
use crate::state::AppState;

/// The newest this many emails.
const SHOWN: i64 = 100;

#[derive(Deserialize, schemars::JsonSchema)]
pub struct OutboxParams {
    #[serde(default)]
    para: Option<String>,
}

/// The last emails written, newest first.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Outbox {
    success: True,
    mensajes: Vec<OutboxMessage>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct OutboxMessage {
    id: Uuid,
    para: String,
    asunto: String,
    texto: String,
    enviado: DateTime<Utc>,
}

pub async fn outbox(
    State(state): State<AppState>,
    ApiQuery(params): ApiQuery<OutboxParams>,
) -> ApiResult<Json<Outbox>> {
    if !(state.config.development && state.mailer.keeps_outbox()) {
        return Err(ApiError::NotFound(crate::error::NOT_FOUND.into()));
    }
    let to = params
        .para
        .map(|p| p.trim().to_lowercase())
        .filter(|p| !p.is_empty());
    let rows: Vec<(Uuid, String, String, String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT id, para, asunto, texto, created_at FROM outbox \
         WHERE $1::text IS NULL OR lower(para) = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(to)
    .bind(SHOWN)
    .fetch_all(&state.pool)
    .await?;
    let messages = rows
        .into_iter()
        .map(|(id, to, subject, text, sent)| OutboxMessage {
            id,
            para: to,
            asunto: subject,
            texto: text,
            enviado: sent,
        })
        .collect();
    Ok(Json(Outbox {
        success: True,
        mensajes: messages,
    }))
}

/// The local development outbox route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, OPERATIONS};

    ApiRouter::new().api_route(
        "/api/dev/outbox",
        get_with(
            outbox,
            doc(OPERATIONS, "Correos enviados (solo en desarrollo local)"),
        ),
    )
}
