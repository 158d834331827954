//! Sessions: `auth-status`, `login` (clients), `worker/login` (staff), `logout` (spec §7).

use axum::extract::State;
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use command::identity::identifier;
use command::Role;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::auth::User;
use crate::auth::{authenticate, removal_cookie, MaybeUser};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::limits::{ClientAddress, LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS};
use crate::reply::{Answer, Done, True};
use crate::state::AppState;

pub const INVALID_CREDENTIALS: &str = "Credenciales inválidas";
pub const FILL_ALL_FIELDS: &str = "Por favor, completa todos los campos";

#[derive(Serialize, schemars::JsonSchema)]
pub struct AuthStatus {
    authenticated: bool,
    /// `null` without a session.
    user: Option<User>,
}

pub async fn auth_status(MaybeUser(user): MaybeUser) -> Json<AuthStatus> {
    Json(AuthStatus {
        authenticated: user.is_some(),
        user,
    })
}

/// A session started: who it is for.
#[derive(Serialize, schemars::JsonSchema)]
pub struct LoggedIn {
    success: True,
    user: User,
}

/// A staff session started: the account, and the part of it the staff panels show.
#[derive(Serialize, schemars::JsonSchema)]
pub struct WorkerLoggedIn {
    success: True,
    worker: Worker,
    user: User,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct Worker {
    id: Uuid,
    nombre: String,
    role: Role,
    username: Option<String>,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct LoginBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// Checks a login against the attempt limits: per account and per address, only wrong passwords
/// count, and a right one clears its account's count. While a limit is reached even the right
/// password is refused, or the limit would tell a guesser when they hit it.
async fn limited_authenticate(
    state: &AppState,
    address: &str,
    login: &str,
    password: &str,
    roles: &[Role],
) -> ApiResult<User> {
    // The form `authenticate` finds the account by: a variant that finds it counts with it.
    let account_key = identifier(login);
    LOGIN_PER_ADDRESS.check(&state.pool, address).await?;
    LOGIN_PER_ACCOUNT.check(&state.pool, &account_key).await?;
    match authenticate(&state.pool, login, password, roles).await? {
        Some(user) => {
            LOGIN_PER_ACCOUNT.clear(&state.pool, &account_key).await?;
            Ok(user)
        }
        None => {
            LOGIN_PER_ADDRESS.record(&state.pool, address).await?;
            LOGIN_PER_ACCOUNT.record(&state.pool, &account_key).await?;
            Err(ApiError::InvalidCredentials(INVALID_CREDENTIALS.into()))
        }
    }
}

/// No password longer than any a person could have set is hashed (argon2 hashes whatever it is
/// given).
fn password_within_bounds(password: &str) -> ApiResult<()> {
    if password.chars().count() > command::text::PASSWORD_MAX {
        return Err(ApiError::BadRequest(
            command::accounts::PASSWORD_TOO_LONG.into(),
        ));
    }
    Ok(())
}

pub async fn login(
    State(state): State<AppState>,
    jar: CookieJar,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<Answer<LoggedIn>> {
    if body.email.trim().is_empty() || body.password.trim().is_empty() {
        return Err(ApiError::BadRequest(FILL_ALL_FIELDS.into()));
    }
    command::text::login("email", &body.email)?;
    password_within_bounds(&body.password)?;
    let user = limited_authenticate(
        &state,
        &address,
        &body.email,
        &body.password,
        &[Role::Cliente],
    )
    .await?;
    let cookie = state.replace_session(&jar, user.id).await?;
    Ok(Answer::with(
        jar.add(cookie),
        LoggedIn {
            success: True,
            user,
        },
    ))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct WorkerLoginBody {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    role: String,
}

pub async fn worker_login(
    State(state): State<AppState>,
    jar: CookieJar,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<WorkerLoginBody>,
) -> ApiResult<Answer<WorkerLoggedIn>> {
    if body.username.trim().is_empty() || body.password.trim().is_empty() {
        return Err(ApiError::BadRequest(FILL_ALL_FIELDS.into()));
    }
    command::text::login("usuario", &body.username)?;
    password_within_bounds(&body.password)?;
    // The staff login has two tabs (spec §2): 'manager' maps to empresario, and is also where the
    // admin and the auditor sign in; 'worker' maps to empleado.
    let roles: &[Role] = match body.role.as_str() {
        "empresario" => &[Role::Empresario, Role::Admin, Role::Auditor],
        "empleado" => &[Role::Empleado],
        _ => return Err(ApiError::BadRequest("Rol no válido".into())),
    };
    let user =
        limited_authenticate(&state, &address, &body.username, &body.password, roles).await?;
    let cookie = state.replace_session(&jar, user.id).await?;
    let worker = Worker {
        id: user.id,
        nombre: user.nombre.clone(),
        role: user.role,
        username: user.username.clone(),
    };
    Ok(Answer::with(
        jar.add(cookie),
        WorkerLoggedIn {
            success: True,
            worker,
            user,
        },
    ))
}

pub async fn logout(State(state): State<AppState>, jar: CookieJar) -> ApiResult<Answer<Done>> {
    state.end_session(&jar).await?;
    Ok(Answer::with(jar.remove(removal_cookie()), Done::default()))
}

/// The session routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, SESSIONS};

    ApiRouter::new()
        .api_route(
            "/api/auth-status",
            get_with(auth_status, doc(SESSIONS, "Quién ha iniciado sesión")),
        )
        .api_route(
            "/api/login",
            post_with(login, doc(SESSIONS, "Iniciar sesión (clientes y gerencia)")),
        )
        .api_route(
            "/api/worker/login",
            post_with(
                worker_login,
                doc(
                    SESSIONS,
                    "Iniciar sesión de trabajador (número de empleado)",
                ),
            ),
        )
        .api_route(
            "/api/logout",
            post_with(logout, doc(SESSIONS, "Cerrar sesión")),
        )
}
