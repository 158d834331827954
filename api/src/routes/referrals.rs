//! 'Recomendar a un amigo' (issue 20 item 7): `GET /api/mi-recomendacion` gives a client their
//! personal link and how many friends came through it. A registration or a quote request that
//! carries a client's code (`referralCode`) is attributed to that client, here decided once for
//! both. There are no rewards: the product has none unless the company sets one.

use axum::extract::State;
use axum::Json;
use command::Role;
use serde::Serialize;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiResult};
use crate::reply::True;
use crate::state::AppState;

/// The client's link and its friends.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct MyReferral {
    success: True,
    /// Their personal code, eight characters ('7KQ2M9XA').
    codigo: String,
    /// The site's address with the code (`?ref=`), to share.
    enlace: String,
    /// Distinct people, by email, who registered or asked for a quote through the link: the
    /// client themselves never counts.
    amigos: i64,
}

/// The account a request with `code` is attributed to: an active client's, when the request is
/// not that client's own (sent from their email, or while signed in as them). `None` otherwise,
/// and the caller goes on exactly as without a code, so that an answer never tells whether a
/// code exists.
pub(crate) async fn referrer(
    pool: &sqlx::PgPool,
    code: Option<&str>,
    email: Option<&str>,
    signed_in: Option<Uuid>,
) -> ApiResult<Option<Uuid>> {
    let (Some(code), Some(email)) = (code, email) else {
        return Ok(None);
    };
    Ok(sqlx::query_scalar(
        "SELECT id FROM accounts WHERE codigo_recomendacion = $1 AND role = 'cliente' AND active \
         AND lower(email) <> lower($2) AND id IS DISTINCT FROM $3",
    )
    .bind(code)
    .bind(email)
    .bind(signed_in)
    .fetch_optional(pool)
    .await?)
}

/// The code a request body carries, checked: `None` when it carries none, the field's Spanish
/// message when it is not a code.
pub(crate) fn code_of(input: &str) -> ApiResult<Option<String>> {
    command::referrals::parse(input).map_err(ApiError::from)
}

/// `GET /api/mi-recomendacion` (clients): their link and the friends who came through it.
pub async fn mine(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<MyReferral>> {
    let user = user.require(&[Role::Cliente])?;
    // A request whose contact details were erased was still a friend's: it counts as one.
    let (code, friends): (String, i64) = sqlx::query_as(
        "SELECT a.codigo_recomendacion, \
                (SELECT count(DISTINCT f.friend) FROM ( \
                    SELECT lower(r.email) AS friend FROM accounts r \
                     WHERE r.recomendado_por = a.id AND r.email IS NOT NULL \
                    UNION ALL \
                    SELECT coalesce(nullif(lower(q.cliente_email), ''), q.id::text) \
                      FROM quotes_inbox q WHERE q.recomendacion = a.codigo_recomendacion \
                 ) f WHERE f.friend <> coalesce(lower(a.email), '')) \
         FROM accounts a WHERE a.id = $1",
    )
    .bind(user.id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or(ApiError::Unauthorized)?;
    let enlace = format!(
        "{}/?ref={code}",
        state.config.public_url.trim_end_matches('/')
    );
    Ok(Json(MyReferral {
        success: True,
        codigo: code,
        enlace,
        amigos: friends,
    }))
}

/// The referral route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, CUSTOMER_AREA};

    ApiRouter::new().api_route(
        "/api/mi-recomendacion",
        get_with(
            mine,
            doc(
                CUSTOMER_AREA,
                "Mi enlace de recomendación y cuántos amigos han llegado con él (cliente)",
            ),
        ),
    )
}
