//! Which moves are a client's: one rule for every call that shows a move to its client.

use command::Role;

use crate::auth::{CurrentUser, User};
use crate::error::{ApiError, ApiResult};

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
pub async fn may_see_move(pool: &sqlx::PgPool, user: &User, move_id: i64) -> ApiResult<bool> {
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
    .fetch_one(pool)
    .await?)
}

/// What a client asking about a move that is not theirs is told: the same as for one that does
/// not exist.
pub const MOVE_NOT_FOUND: &str = "Mudanza no encontrada";

/// The caller as a client who owns move `id`: 403 for staff, 404 for anyone else's move.
pub async fn client_owner(pool: &sqlx::PgPool, user: CurrentUser, id: i64) -> ApiResult<User> {
    let user = user.require(&[Role::Cliente])?;
    if !may_see_move(pool, &user, id).await? {
        return Err(ApiError::NotFound(MOVE_NOT_FOUND.into()));
    }
    Ok(user)
}
