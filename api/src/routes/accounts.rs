//! Customer accounts: `register`, `confirm-email`, `resend-code`, `forgot-password` (spec §7) and
//! the reset link the spec does not show (`restablecer-password`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use command::{accounts, forms};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::auth::{
    end_sessions, hash_password_blocking, new_token, set_password, token_hash, user_by_id, User,
};
use crate::consent;
use crate::error::{ApiError, ApiJson, ApiQuery, ApiResult};
use crate::limits::{
    self, ClientAddress, CONFIRM_PER_ADDRESS, CONFIRM_PER_EMAIL, LOGIN_PER_ACCOUNT,
    REGISTER_PER_ADDRESS, REGISTER_PER_EMAIL, RESEND_PER_ADDRESS, RESEND_PER_EMAIL,
    RESET_PER_ADDRESS, RESET_PER_EMAIL, TOO_MANY,
};
use crate::mail::templates;
use crate::reply::{done, Answer, Done, False, True};
use crate::state::AppState;

pub const EMAIL_TAKEN: &str = "Este email ya está registrado. Intenta con otro email.";
pub const CODE_INVALID: &str = "Código inválido. Por favor, verifica e intenta de nuevo.";
pub const CODE_EXPIRED: &str = "El código ha expirado. Solicita uno nuevo.";
pub const ALREADY_CONFIRMED: &str = "Este email ya está confirmado.";
pub const NO_ACCOUNT: &str = "No encontramos una cuenta con ese email.";
pub const RESET_LINK_INVALID: &str = "El enlace no es válido o ha caducado. Solicita uno nuevo.";

/// §9: a code lives 300 s; another may be asked for 60 s after the last one.
pub const CODE_VALIDITY_SECS: i64 = 300;
pub const RESEND_COOLDOWN_SECS: i64 = 60;
/// Wrong codes a code survives; then only a new code helps.
pub const CODE_MAX_FAILURES: i32 = 5;
pub const RESET_VALIDITY_SECS: i64 = 60 * 60;

/// A random six-digit code and its hash. The hash is salted with the account id, so equal codes
/// of two accounts do not look equal in the table.
fn new_code(account: Uuid) -> (String, Vec<u8>) {
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    let hash = code_hash(account, &code);
    (code, hash)
}

fn code_hash(account: Uuid, code: &str) -> Vec<u8> {
    let mut hasher = Sha256::new();
    hasher.update(account.as_bytes());
    hasher.update(code.as_bytes());
    hasher.finalize().to_vec()
}

/// When the code sent stops working and when another may be asked for, in seconds.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Timers {
    expira_en: i64,
    reenviar_en: i64,
}

fn timers(resend_in: i64) -> Timers {
    Timers {
        expira_en: CODE_VALIDITY_SECS,
        reenviar_en: resend_in,
    }
}

/// An account created and logged in; its confirmation code is on its way.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Registered {
    success: True,
    /// `null` only if the account vanished meanwhile.
    user: Option<User>,
    #[serde(flatten)]
    timers: Timers,
}

/// The email confirmed and the account logged in.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Confirmed {
    success: True,
    /// Always `true` here; the rejections carry `false` with their `error`.
    confirmed: bool,
    /// `null` only if the account vanished meanwhile.
    user: Option<User>,
}

/// A new code sent.
#[derive(Serialize, schemars::JsonSchema)]
pub struct CodeSent {
    success: True,
    #[serde(flatten)]
    timers: Timers,
}

/// A reset link that still works, and the account it is for.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ResetLink {
    success: True,
    email: String,
}

/// Stores a fresh code for the account (replacing any other) and writes its email, in `tx`.
async fn send_code(
    state: &AppState,
    tx: &mut sqlx::PgConnection,
    account: Uuid,
    email: &str,
    name: &str,
) -> ApiResult<()> {
    let (code, hash) = new_code(account);
    sqlx::query(
        "INSERT INTO email_codes (account_id, code_hash, expires_at) \
         VALUES ($1, $2, now() + make_interval(secs => $3)) \
         ON CONFLICT (account_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, \
         expires_at = EXCLUDED.expires_at, failures = 0, sent_at = now()",
    )
    .bind(account)
    .bind(hash)
    .bind(CODE_VALIDITY_SECS as f64)
    .execute(&mut *tx)
    .await?;
    state
        .mailer
        .queue(tx, templates::confirmation_code(email, name, &code))
        .await?;
    Ok(())
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct RegisterBody {
    #[serde(default, rename = "fullName")]
    full_name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    address: String,
    /// The address's city, filled by the wizard from the address or typed (may be empty).
    #[serde(default)]
    city: String,
    /// The address's postal code, five digits (may be empty).
    #[serde(default, rename = "postalCode")]
    postal_code: String,
    /// The terms of use and privacy policy box; never ticked unless the person ticked it.
    #[serde(default, rename = "acceptTerms")]
    accept_terms: bool,
    /// The referral code of the link the person came through (`?ref=`), when there was one.
    #[serde(default, rename = "referralCode")]
    referral_code: String,
}

/// `POST /api/register`: a client account, logged in at once, and its confirmation code by email.
/// The acceptance of the terms is recorded in the consent register with the account. Sign-ups
/// that pass the checks are capped per address and per email, whatever their outcome.
pub async fn register(
    State(state): State<AppState>,
    jar: CookieJar,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<RegisterBody>,
) -> ApiResult<Answer<Registered, 201>> {
    let registration = accounts::registration(accounts::RegistrationInput {
        full_name: &body.full_name,
        email: &body.email,
        phone: &body.phone,
        address: &body.address,
        city: &body.city,
        postcode: &body.postal_code,
        password: &body.password,
    })?;
    // Checked last, as the wizard asks for it last (step 3, under the password).
    if !body.accept_terms {
        return Err(ApiError::BadRequest(forms::TERMS_REQUIRED.into()));
    }
    let code = super::referrals::code_of(&body.referral_code)?;
    limits::take(
        &state.pool,
        &[
            (REGISTER_PER_ADDRESS, &address),
            (REGISTER_PER_EMAIL, &registration.email),
        ],
    )
    .await?;
    let referrer = super::referrals::referrer(
        &state.pool,
        code.as_deref(),
        Some(&registration.email),
        None,
    )
    .await?;
    let hash = hash_password_blocking(body.password).await?;
    let id = Uuid::now_v7();
    let mut tx = state.pool.begin().await?;
    // The unique index on the email decides between two registrations of one email. The
    // referrer is read again here: an account deleted meanwhile attributes nothing.
    let created = sqlx::query(
        "INSERT INTO accounts (id, role, email, password_hash, nombre, telefono, direccion, \
         ciudad, codigo_postal, recomendado_por) \
         VALUES ($1, 'cliente', $2, $3, $4, $5, $6, $7, $8, \
                 (SELECT id FROM accounts WHERE id = $9)) \
         ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(&registration.email)
    .bind(&hash)
    .bind(&registration.full_name)
    .bind(&registration.phone)
    .bind(&registration.address)
    .bind(&registration.city)
    .bind(&registration.postcode)
    .bind(referrer)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if created == 0 {
        return Err(ApiError::Conflict(EMAIL_TAKEN.into()));
    }
    consent::record(
        &mut tx,
        consent::Consent {
            email: &registration.email,
            account_id: Some(id),
            purpose: forms::consent::TERMS,
            granted: true,
            source: forms::consent::REGISTRATION,
            reference: None,
            text: forms::consent::TERMS_TEXT,
        },
    )
    .await?;
    send_code(
        &state,
        &mut tx,
        id,
        &registration.email,
        &registration.full_name,
    )
    .await?;
    tx.commit().await?;

    let cookie = state.replace_session(&jar, id).await?;
    let user = user_by_id(&state.pool, id).await?;
    Ok(Answer::with(
        jar.add(cookie),
        Registered {
            success: True,
            user,
            timers: timers(RESEND_COOLDOWN_SECS),
        },
    ))
}

/// The rejections of `confirm-email` (400 bad or expired code, 409 already confirmed, 429 too
/// many tries) carry `confirmed` as well as the error (spec §7).
#[derive(Serialize, schemars::JsonSchema)]
pub struct NotConfirmed {
    success: False,
    confirmed: False,
    error: String,
    /// After a wrong code: how many tries this code has left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i32")]
    intentos_restantes: Option<i32>,
}

fn not_confirmed(status: StatusCode, error: &str, attempts_left: Option<i32>) -> Answer<Confirmed> {
    Answer::refused(
        status,
        NotConfirmed {
            success: False,
            confirmed: False,
            error: error.into(),
            intentos_restantes: attempts_left,
        },
    )
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ConfirmBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    code: String,
}

#[derive(sqlx::FromRow)]
struct CodeRow {
    account_id: Uuid,
    email_confirmed: bool,
    code_hash: Option<Vec<u8>>,
    expired: Option<bool>,
    failures: Option<i32>,
}

/// `POST /api/confirm-email`: the right code confirms the email and logs the account in; five
/// wrong ones spend the code. Tries are capped per email and per address, so that new codes do
/// not give a guesser new tries without end.
pub async fn confirm_email(
    State(state): State<AppState>,
    jar: CookieJar,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> ApiResult<Answer<Confirmed>> {
    let code = body.code.trim();
    let Some(email) = accounts::email(&body.email) else {
        return Ok(not_confirmed(
            StatusCode::BAD_REQUEST,
            accounts::EMAIL_INVALID,
            None,
        ));
    };
    if !accounts::is_code(code) {
        return Ok(not_confirmed(StatusCode::BAD_REQUEST, CODE_INVALID, None));
    }
    let capped = limits::take(
        &state.pool,
        &[(CONFIRM_PER_ADDRESS, &address), (CONFIRM_PER_EMAIL, &email)],
    )
    .await;
    if let Err(ApiError::TooManyAttempts(message)) = capped {
        return Ok(not_confirmed(StatusCode::TOO_MANY_REQUESTS, &message, None));
    }
    capped?;
    let mut tx = state.pool.begin().await?;
    // FOR UPDATE: concurrent guesses queue up here, so the fifth failure is the last one.
    let row: Option<CodeRow> = sqlx::query_as(
        "SELECT a.id AS account_id, a.email_confirmed, c.code_hash, c.expires_at < now() AS expired, \
                c.failures \
         FROM accounts a LEFT JOIN email_codes c ON c.account_id = a.id \
         WHERE a.email = $1 AND a.role = 'cliente' AND a.active FOR UPDATE OF a",
    )
    .bind(&email)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(not_confirmed(StatusCode::BAD_REQUEST, CODE_INVALID, None));
    };
    if row.email_confirmed {
        return Ok(not_confirmed(StatusCode::CONFLICT, ALREADY_CONFIRMED, None));
    }
    let (Some(hash), Some(expired), Some(failures)) = (row.code_hash, row.expired, row.failures)
    else {
        return Ok(not_confirmed(StatusCode::BAD_REQUEST, CODE_EXPIRED, None));
    };
    if failures >= CODE_MAX_FAILURES {
        return Ok(not_confirmed(StatusCode::TOO_MANY_REQUESTS, TOO_MANY, None));
    }
    if expired {
        return Ok(not_confirmed(StatusCode::BAD_REQUEST, CODE_EXPIRED, None));
    }
    if code_hash(row.account_id, code) != hash {
        sqlx::query("UPDATE email_codes SET failures = failures + 1 WHERE account_id = $1")
            .bind(row.account_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        let left = CODE_MAX_FAILURES - failures - 1;
        return Ok(if left == 0 {
            not_confirmed(StatusCode::TOO_MANY_REQUESTS, TOO_MANY, None)
        } else {
            not_confirmed(StatusCode::BAD_REQUEST, CODE_INVALID, Some(left))
        });
    }
    sqlx::query("UPDATE accounts SET email_confirmed = true WHERE id = $1")
        .bind(row.account_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM email_codes WHERE account_id = $1")
        .bind(row.account_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;

    let cookie = state.replace_session(&jar, row.account_id).await?;
    let user = user_by_id(&state.pool, row.account_id).await?;
    Ok(Answer::with(
        jar.add(cookie),
        Confirmed {
            success: True,
            confirmed: true,
            user,
        },
    ))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct EmailBody {
    #[serde(default)]
    email: String,
}

/// `POST /api/resend-code`: a new code (the old one stops working), at most one a minute, and
/// capped per email and per address.
pub async fn resend_code(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<EmailBody>,
) -> ApiResult<Answer<CodeSent>> {
    let email = accounts::email(&body.email)
        .ok_or_else(|| ApiError::BadRequest(accounts::EMAIL_INVALID.into()))?;
    limits::take(
        &state.pool,
        &[(RESEND_PER_ADDRESS, &address), (RESEND_PER_EMAIL, &email)],
    )
    .await?;
    let mut tx = state.pool.begin().await?;
    let account: Option<(Uuid, bool, String, Option<i64>)> = sqlx::query_as(
        "SELECT a.id, a.email_confirmed, a.nombre, \
                ceil(extract(epoch FROM c.sent_at + make_interval(secs => $2) - now()))::bigint \
         FROM accounts a LEFT JOIN email_codes c ON c.account_id = a.id \
         WHERE a.email = $1 AND a.role = 'cliente' AND a.active FOR UPDATE OF a",
    )
    .bind(&email)
    .bind(RESEND_COOLDOWN_SECS as f64)
    .fetch_optional(&mut *tx)
    .await?;
    let (id, confirmed, name, wait) =
        account.ok_or_else(|| ApiError::NotFound(NO_ACCOUNT.into()))?;
    if confirmed {
        return Err(ApiError::Conflict(ALREADY_CONFIRMED.into()));
    }
    if let Some(wait) = wait.filter(|w| *w > 0) {
        let body = json!({
            "success": false,
            "error": format!("Espera {wait} segundos antes de pedir otro código."),
            "reenviar_en": wait,
        });
        return Ok(Answer::raw(
            (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response(),
        ));
    }
    send_code(&state, &mut tx, id, &email, &name).await?;
    tx.commit().await?;
    Ok(Answer::with(
        (),
        CodeSent {
            success: True,
            timers: timers(RESEND_COOLDOWN_SECS),
        },
    ))
}

/// `POST /api/forgot-password`: emails a single-use link, valid for an hour, to set a new password.
pub async fn forgot_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<EmailBody>,
) -> ApiResult<Json<Done>> {
    let email = accounts::email(&body.email)
        .ok_or_else(|| ApiError::BadRequest(accounts::RECOVERY_EMAIL_INVALID.into()))?;
    limits::take(
        &state.pool,
        &[(RESET_PER_ADDRESS, &address), (RESET_PER_EMAIL, &email)],
    )
    .await?;

    let account: Option<(Uuid, String)> = sqlx::query_as(
        "SELECT id, nombre FROM accounts WHERE email = $1 AND role = 'cliente' AND active",
    )
    .bind(&email)
    .fetch_optional(&state.pool)
    .await?;
    let (id, name) = account.ok_or_else(|| ApiError::NotFound(NO_ACCOUNT.into()))?;
    let (token, hash) = new_token();
    let link = format!("{}/recuperar?token={token}", state.config.public_url);
    let mut tx = state.pool.begin().await?;
    sqlx::query(
        "INSERT INTO password_resets (token_hash, account_id, expires_at) \
         VALUES ($1, $2, now() + make_interval(secs => $3))",
    )
    .bind(hash)
    .bind(id)
    .bind(RESET_VALIDITY_SECS as f64)
    .execute(&mut *tx)
    .await?;
    state
        .mailer
        .queue(&mut tx, templates::password_reset(&email, &name, &link))
        .await?;
    tx.commit().await?;
    Ok(done())
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct TokenParams {
    #[serde(default)]
    token: String,
}

/// `GET /api/restablecer-password?token=`: whether a reset link still works, and for whom.
pub async fn check_reset(
    State(state): State<AppState>,
    ApiQuery(params): ApiQuery<TokenParams>,
) -> ApiResult<Json<ResetLink>> {
    let email: Option<String> = sqlx::query_scalar(
        "SELECT a.email FROM password_resets r JOIN accounts a ON a.id = r.account_id \
         WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND a.active",
    )
    .bind(token_hash(params.token.trim()))
    .fetch_optional(&state.pool)
    .await?;
    let email = email.ok_or_else(|| ApiError::BadRequest(RESET_LINK_INVALID.into()))?;
    Ok(Json(ResetLink {
        success: True,
        email,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ResetBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// `POST /api/restablecer-password`: sets the new password, spends every open link of the
/// account and ends its sessions.
pub async fn reset_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResetBody>,
) -> ApiResult<Json<Done>> {
    accounts::new_password(&body.password)?;
    let hash = hash_password_blocking(body.password).await?;
    let mut tx = state.pool.begin().await?;
    let account: Option<(Uuid, String)> = sqlx::query_as(
        "SELECT a.id, a.email FROM password_resets r JOIN accounts a ON a.id = r.account_id \
         WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND a.active \
         FOR UPDATE OF r",
    )
    .bind(token_hash(body.token.trim()))
    .fetch_optional(&mut *tx)
    .await?;
    let (id, email) = account.ok_or_else(|| ApiError::BadRequest(RESET_LINK_INVALID.into()))?;
    // Spends this link and every other open one of the account.
    set_password(&mut tx, id, &hash).await?;
    // The link reached the inbox, so the email is the owner's: confirmed as well.
    sqlx::query("UPDATE accounts SET email_confirmed = true WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let ended = end_sessions(&mut tx, id, None).await?;
    tx.commit().await?;
    state.live.end_sessions(ended);
    // Whoever was guessing the old password has nothing left to guess.
    LOGIN_PER_ACCOUNT.clear(&state.pool, &email).await?;
    Ok(done())
}

/// The customer account routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, refusal, SESSIONS};

    ApiRouter::new()
        .api_route(
            "/api/register",
            post_with(register, doc(SESSIONS, "Registrar una cuenta de cliente")),
        )
        .api_route(
            "/api/confirm-email",
            post_with(confirm_email, |op| {
                refusal::<400, NotConfirmed>(
                    SESSIONS,
                    "Confirmar el correo con el código enviado",
                    "Código inválido (con los intentos que le quedan) o caducado.",
                )(op)
                .response_with::<409, Json<NotConfirmed>, _>(|r| {
                    r.description("El correo ya estaba confirmado.")
                })
                .response_with::<429, Json<NotConfirmed>, _>(|r| {
                    r.description("Demasiados intentos: hay que pedir otro código.")
                })
            }),
        )
        .api_route(
            "/api/resend-code",
            post_with(
                resend_code,
                doc(SESSIONS, "Reenviar el código de confirmación"),
            ),
        )
        .api_route(
            "/api/forgot-password",
            post_with(
                forgot_password,
                doc(SESSIONS, "Pedir un enlace para restablecer la contraseña"),
            ),
        )
        .api_route(
            "/api/restablecer-password",
            get_with(
                check_reset,
                doc(SESSIONS, "Comprobar un enlace de restablecimiento"),
            )
            .post_with(
                reset_password,
                doc(SESSIONS, "Fijar una contraseña nueva con el enlace"),
            ),
        )
}
