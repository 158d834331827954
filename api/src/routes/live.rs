//! `GET /api/live`: the WebSocket handshake of the live feed (`crate::live`), authenticated by the
//! session cookie.

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::auth::{session_for_token, token_hash, SessionToken};
use crate::error::{ApiError, ApiQuery, ApiResult};
use crate::live::{connection, TOO_MANY_FEEDS};
use crate::state::AppState;

#[derive(Deserialize, schemars::JsonSchema)]
pub struct LiveParams {
    after: Option<i64>,
}

pub async fn live(
    State(state): State<AppState>,
    SessionToken(token): SessionToken,
    ApiQuery(params): ApiQuery<LiveParams>,
    headers: axum::http::HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    // The handshake is a GET, so the state-changing check does not cover it; but another site's
    // page must not read a live feed with the visitor's cookie (cross-site WebSocket hijacking).
    if crate::security::from_foreign_origin(&headers) {
        return Ok(crate::security::foreign_origin_refused());
    }
    // The new connection is refused, not the oldest closed: a page gone wild must not take the
    // feeds of the user's other tabs with it.
    let feed = state
        .live
        .open_feed(
            token_hash(&token),
            state.config.limits.live_feeds_per_session,
        )
        .ok_or_else(|| ApiError::TooManyAttempts(TOO_MANY_FEEDS.into()))?;
    // Checked after registering (see `LiveHub::open_feed`).
    let session = session_for_token(&state.pool, &token)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let ws = match ws {
        Ok(ws) => ws,
        Err(rejection) => return Ok(rejection.into_response()),
    };
    let cursor = state.live.cursor(session.user, params.after);
    let expires = tokio::time::Instant::now()
        + (session.expires_at - chrono::Utc::now())
            .to_std()
            .unwrap_or_default();
    let hub = state.live.clone();
    // tungstenite zero-fills its whole read buffer before every read: 128 KiB by default, for
    // connections that only ever receive pings.
    Ok(ws
        .read_buffer_size(4 * 1024)
        .on_upgrade(move |socket| connection(socket, cursor, hub, feed, expires)))
}

/// The live feed route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new().api_route(
        "/api/live",
        get_with(
            live,
            doc(
                STAFF_MOVES,
                "Canal en vivo (WebSocket) de cambios de estado y estadísticas",
            ),
        ),
    )
}
