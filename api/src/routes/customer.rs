//! The client's own calls (spec §7): `mis-mudanzas`, `mi-perfil`, `cambiar-password`,
//! `eliminar-cuenta`. Clients only: staff get 403, anonymous callers 401.

use axum::extract::State;
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use command::accounts::{self, ProfileInput};
use command::forms;
use command::moves::{MoveCommand, MoveDecider};
use command::quotes::{self, QuoteCommand, QuoteDecider};
use command::{Decider, Role};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use projections::ReadModel;

use crate::auth::{
    check_password, end_sessions, hash_password_blocking, removal_cookie, set_password, user_by_id,
    CurrentUser, User,
};
use crate::consent;
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::limits::LOGIN_PER_ACCOUNT;
use crate::ownership::OWNED_BY;
use crate::pipeline::{self, append_plan, load};
use crate::reply::{done, Answer, Done, True};
use crate::state::AppState;

pub const WRONG_CURRENT_PASSWORD: &str = "La contraseña actual no es correcta";
pub const WRONG_PASSWORD: &str = "La contraseña no es correcta";
pub const EMAIL_MISMATCH: &str = "El email no coincide con el de tu cuenta";

fn client(user: CurrentUser) -> ApiResult<User> {
    user.require(&[Role::Cliente])
}

/// Checks the account's password, counting a wrong one against the login limit: these calls
/// must not become a way around it.
async fn require_password(
    state: &AppState,
    user: &User,
    password: &str,
    wrong: &str,
) -> ApiResult<()> {
    let key = user.email.clone().unwrap_or_default();
    LOGIN_PER_ACCOUNT.check(&state.pool, &key).await?;
    if !check_password(&state.pool, user.id, password).await? {
        LOGIN_PER_ACCOUNT.record(&state.pool, &key).await?;
        return Err(ApiError::BadRequest(wrong.into()));
    }
    Ok(())
}

/// The client's moves, as the customer view stores them (passed through).
#[derive(Serialize, schemars::JsonSchema)]
pub struct MyMoves {
    success: True,
    #[schemars(with = "Vec<projections::moves::ClientMove>")]
    mudanzas: Vec<Value>,
    /// Without a confirmed email no move is shown as the client's.
    email_confirmado: bool,
}

/// The profile saved: the account as it now is.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ProfileSaved {
    success: True,
    /// `null` only if the account vanished meanwhile.
    user: Option<User>,
}

/// `GET /api/mis-mudanzas`: the customer view of the caller's moves, newest date first. None
/// until the email is confirmed: the moves are found by it.
pub async fn my_moves(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<MyMoves>> {
    let user = client(user)?;
    let Some(email) = user.owned_email() else {
        return Ok(Json(MyMoves {
            success: True,
            mudanzas: Vec::new(),
            email_confirmado: false,
        }));
    };
    let moves: Vec<Value> = sqlx::query_scalar(&format!(
        "SELECT doc FROM move_client_view WHERE {OWNED_BY} ORDER BY doc->>'date' DESC, id DESC"
    ))
    .bind(email)
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(MyMoves {
        success: True,
        mudanzas: moves,
        email_confirmado: true,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ProfileBody {
    #[serde(default)]
    nombre: String,
    #[serde(default)]
    apellido: String,
    #[serde(default)]
    telefono: String,
    #[serde(default)]
    direccion: String,
    #[serde(default)]
    ciudad: String,
    #[serde(default)]
    codigo_postal: String,
    /// NIF, DNI or NIE for invoices; empty or absent when not given.
    #[serde(default)]
    nif: String,
    email_alerts: bool,
    sms_alerts: bool,
    marketing: bool,
}

/// `PUT /api/mi-perfil`. Each preference is its own field, and each is required: the spec's form
/// sent one from a field it never set, and a missing value must not silently become `false`.
pub async fn update_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<ProfileBody>,
) -> ApiResult<Json<ProfileSaved>> {
    let user = client(user)?;
    let profile = accounts::profile(&ProfileInput {
        nombre: body.nombre,
        apellido: body.apellido,
        telefono: body.telefono,
        direccion: body.direccion,
        ciudad: body.ciudad,
        codigo_postal: body.codigo_postal,
        nif: body.nif,
    })?;
    let preferences = json!({
        "emailNotifications": body.email_alerts,
        "smsNotifications": body.sms_alerts,
        "marketing": body.marketing,
    });
    let mut tx = state.pool.begin().await?;
    // FOR UPDATE: of two saves at once, each sees the other's marketing choice, so every change
    // is recorded once.
    let marketing_before: bool = sqlx::query_scalar(
        "SELECT coalesce((preferencias->>'marketing')::boolean, false) FROM accounts \
         WHERE id = $1 FOR UPDATE",
    )
    .bind(user.id)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE accounts SET nombre = $2, telefono = $3, direccion = $4, ciudad = $5, \
         codigo_postal = $6, preferencias = $7, nif = $8 WHERE id = $1",
    )
    .bind(user.id)
    .bind(&profile.full_name)
    .bind(&profile.telefono)
    .bind(&profile.direccion)
    .bind(&profile.ciudad)
    .bind(&profile.codigo_postal)
    .bind(&preferences)
    .bind(&profile.nif)
    .execute(&mut *tx)
    .await?;
    // Marketing is a consent (issue 6): giving or withdrawing it is recorded with its time.
    // The other preferences are service notices, not consents.
    if body.marketing != marketing_before {
        consent::record(
            &mut tx,
            consent::Consent {
                email: user.email.as_deref().unwrap_or_default(),
                account_id: Some(user.id),
                purpose: forms::consent::MARKETING,
                granted: body.marketing,
                source: forms::consent::PROFILE,
                reference: None,
                text: forms::consent::MARKETING_TEXT,
            },
        )
        .await?;
    }
    tx.commit().await?;
    let user = user_by_id(&state.pool, user.id).await?;
    Ok(Json(ProfileSaved {
        success: True,
        user,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct PasswordChangeBody {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
    #[serde(default)]
    confirm_password: String,
}

/// `PUT /api/cambiar-password`: the other sessions of the account end; this one stays.
pub async fn change_password(
    State(state): State<AppState>,
    jar: CookieJar,
    user: CurrentUser,
    ApiJson(body): ApiJson<PasswordChangeBody>,
) -> ApiResult<Json<Done>> {
    let user = client(user)?;
    accounts::password_change(
        &body.current_password,
        &body.new_password,
        &body.confirm_password,
    )?;
    require_password(
        &state,
        &user,
        &body.current_password,
        WRONG_CURRENT_PASSWORD,
    )
    .await?;
    let hash = hash_password_blocking(body.new_password).await?;
    let mut tx = state.pool.begin().await?;
    set_password(&mut tx, user.id, &hash).await?;
    tx.commit().await?;
    let ended = end_sessions(&mut *state.pool.acquire().await?, user.id, Some(&jar)).await?;
    state.live.end_sessions(ended);
    Ok(done())
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct DeleteBody {
    #[serde(default)]
    password: String,
    #[serde(default)]
    email: Option<String>,
}

/// Tries a few times when a move changed between reading and appending.
const ERASE_ATTEMPTS: usize = 3;

/// `DELETE /api/eliminar-cuenta`: the account, its sessions, codes and links go; the moves stay
/// for the legal retention period with their personal fields blanked (`move.client_erased`).
/// The moves are erased first: should the account's removal then fail, asking again finishes it
/// (erasing is idempotent) instead of leaving moves that nobody can erase any more.
pub async fn delete_account(
    State(state): State<AppState>,
    jar: CookieJar,
    user: CurrentUser,
    ApiJson(body): ApiJson<DeleteBody>,
) -> ApiResult<Answer<Done>> {
    let user = client(user)?;
    if body.password.is_empty() {
        return Err(ApiError::BadRequest(
            accounts::DELETE_PASSWORD_REQUIRED.into(),
        ));
    }
    let own_email = user.email.clone().unwrap_or_default();
    if let Some(email) = body
        .email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        if !email.eq_ignore_ascii_case(&own_email) {
            return Err(ApiError::BadRequest(EMAIL_MISMATCH.into()));
        }
    }
    require_password(&state, &user, &body.password, WRONG_PASSWORD).await?;

    if let Some(email) = user.owned_email() {
        erase_moves(&state, &user, email).await?;
        erase_quotes(&state, &user, email).await?;
    }
    let mut tx = state.pool.begin().await?;
    let ended = end_sessions(&mut tx, user.id, None).await?;
    // Codes and reset links go with the account (ON DELETE CASCADE).
    sqlx::query("DELETE FROM accounts WHERE id = $1")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM outbox WHERE lower(para) = lower($1)")
        .bind(&own_email)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM auth_attempts WHERE key = $1")
        .bind(&own_email)
        .execute(&mut *tx)
        .await?;
    // The consent register keeps this account's rows (without the account link, which the
    // foreign key clears): they prove that what was done while it existed was agreed to, and are
    // the company's to keep for the legal retention period. A marketing consent still standing
    // for this email is withdrawn, as leaving is the plainest way of saying no more offers.
    sqlx::query(
        "INSERT INTO consents (email, purpose, granted, source, text) \
         SELECT lower($1), 'marketing', false, 'perfil', $2 \
         WHERE (SELECT granted FROM consents WHERE lower(email) = lower($1) \
                AND purpose = 'marketing' ORDER BY recorded_at DESC, id DESC LIMIT 1)",
    )
    .bind(&own_email)
    .bind(forms::consent::MARKETING_TEXT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    state.live.end_sessions(ended);
    Ok(Answer::with(jar.remove(removal_cookie()), Done::default()))
}

/// The quote requests sent from the account's (confirmed) email lose their contact details too
/// (`quote.contact_erased`); what a converted quote became is a move, erased above.
async fn erase_quotes(state: &AppState, user: &User, email: &str) -> ApiResult<()> {
    erase::<QuoteDecider>(
        state,
        user,
        "SELECT id FROM quotes_inbox WHERE lower(cliente_email) = lower($1) ORDER BY id",
        email,
        || QuoteCommand::EraseContact {
            motivo: quotes::ERASED_BECAUSE_ACCOUNT_DELETED,
        },
        &[ReadModel::Quotes],
    )
    .await
}

async fn erase_moves(state: &AppState, user: &User, email: &str) -> ApiResult<()> {
    erase::<MoveDecider>(
        state,
        user,
        "SELECT id FROM move_staff_view WHERE lower(cliente_email) = lower($1) ORDER BY id",
        email,
        || MoveCommand::EraseClient,
        &[ReadModel::Moves],
    )
    .await
}

/// Decides `command` on every stream of `D` that `select` lists for `email` and appends it all
/// in one transaction; a stream that moved on meanwhile makes it all start again.
async fn erase<D: Decider>(
    state: &AppState,
    user: &User,
    select: &str,
    email: &str,
    command: impl Fn() -> D::Command,
    reads: &[ReadModel],
) -> ApiResult<()>
where
    D::Id: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    for attempt in 1..=ERASE_ATTEMPTS {
        let ids: Vec<D::Id> = sqlx::query_scalar(select)
            .bind(email)
            .fetch_all(&state.pool)
            .await?;
        let ctx = pipeline::context(Some(user));
        let mut plan = Vec::new();
        for id in ids {
            let current = load::<D>(state, &id).await?;
            let erased = D::plan(&id, &current.state, current.version, command(), &ctx)?;
            if !erased.events.is_empty() {
                plan.push(erased);
            }
        }
        if plan.is_empty() {
            return Ok(());
        }
        match append_plan(state, user, &plan, reads).await {
            Err(ApiError::Log(events_schema::Error::Conflict { .. }))
                if attempt < ERASE_ATTEMPTS =>
            {
                continue
            }
            other => return other,
        }
    }
    Ok(())
}

/// The client's own routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{delete_with, get_with, put_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, CUSTOMER_AREA};

    ApiRouter::new()
        .api_route(
            "/api/mis-mudanzas",
            get_with(
                my_moves,
                doc(CUSTOMER_AREA, "Las mudanzas del cliente (cliente)"),
            ),
        )
        .api_route(
            "/api/mi-perfil",
            put_with(
                update_profile,
                doc(CUSTOMER_AREA, "Actualizar el perfil (cliente)"),
            ),
        )
        .api_route(
            "/api/cambiar-password",
            put_with(
                change_password,
                doc(CUSTOMER_AREA, "Cambiar la contraseña (con sesión)"),
            ),
        )
        .api_route(
            "/api/eliminar-cuenta",
            delete_with(
                delete_account,
                doc(CUSTOMER_AREA, "Eliminar la cuenta (cliente)"),
            ),
        )
}
