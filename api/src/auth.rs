//! Accounts, passwords (argon2id) and server-side sessions behind an HttpOnly SameSite cookie.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use command::identity::identifier;
use command::Role;
use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use crate::config::Config;
use crate::error::ApiError;

pub const COOKIE: &str = "mudanzas_session";
const SESSION_DAYS: i64 = 30;

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Preferences {
    #[serde(rename = "emailNotifications")]
    pub email_notifications: bool,
    #[serde(rename = "smsNotifications")]
    pub sms_notifications: bool,
    pub marketing: bool,
}

/// The logged-in account, as `auth-status` and the login calls return it (spec §3 'User').
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct User {
    pub id: Uuid,
    pub email: Option<String>,
    pub username: Option<String>,
    pub nombre: String,
    pub role: Role,
    pub telefono: String,
    pub direccion: String,
    pub ciudad: String,
    pub codigo_postal: String,
    /// NIF, DNI or NIE for the client's invoices; empty when not given.
    pub nif: String,
    #[serde(rename = "isUserEmailConfirmed")]
    pub email_confirmed: bool,
    pub preferencias: Preferences,
}

#[derive(sqlx::FromRow)]
struct AccountRow {
    id: Uuid,
    role: String,
    email: Option<String>,
    username: Option<String>,
    password_hash: String,
    nombre: String,
    telefono: String,
    direccion: String,
    ciudad: String,
    codigo_postal: String,
    email_confirmed: bool,
    preferencias: serde_json::Value,
    nif: String,
}

impl AccountRow {
    fn into_user(self) -> Option<User> {
        let pref = |k: &str| {
            self.preferencias
                .get(k)
                .and_then(|v| v.as_bool())
                .unwrap_or(false)
        };
        Some(User {
            id: self.id,
            role: Role::parse(&self.role)?,
            preferencias: Preferences {
                email_notifications: pref("emailNotifications"),
                sms_notifications: pref("smsNotifications"),
                marketing: pref("marketing"),
            },
            email: self.email,
            username: self.username,
            nombre: self.nombre,
            telefono: self.telefono,
            direccion: self.direccion,
            ciudad: self.ciudad,
            codigo_postal: self.codigo_postal,
            nif: self.nif,
            email_confirmed: self.email_confirmed,
        })
    }
}

const ACCOUNT_COLUMNS: &str =
    "id, role, email, username, password_hash, nombre, telefono, direccion, \
     ciudad, codigo_postal, email_confirmed, preferencias, nif";

impl User {
    /// The email whose moves this user owns: a client's, once confirmed. An unconfirmed address
    /// proves nothing, and anyone could register someone else's to read their moves.
    pub fn owned_email(&self) -> Option<&str> {
        (self.role == Role::Cliente && self.email_confirmed)
            .then_some(self.email.as_deref())
            .flatten()
    }
}

pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Internal(format!("hashing a password: {e}")))
}

fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash of nothing anyone knows, verified when the account does not exist so that a wrong login
/// takes as long as a wrong password and does not reveal which accounts exist.
fn dummy_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_password("no es la contraseña de nadie").unwrap_or_default())
}

/// Checks a login (email for clients and managers, employee id for workers) and its password
/// among the accounts of the given roles. The login is found by its identifier form, the key its
/// attempts are counted under.
pub async fn authenticate(
    pool: &PgPool,
    login: &str,
    password: &str,
    roles: &[Role],
) -> Result<Option<User>, ApiError> {
    let roles: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    // Deactivated accounts are found too, so that their owner learns why the right password no
    // longer opens them (only the right password tells: a guesser learns nothing new).
    let sql = format!(
        "SELECT {ACCOUNT_COLUMNS}, active FROM accounts WHERE role = ANY($2) \
         AND (email = $1 OR username_key = $1) LIMIT 1"
    );
    let row: Option<LoginRow> = sqlx::query_as(&sql)
        .bind(identifier(login))
        .bind(&roles)
        .fetch_optional(pool)
        .await?;
    let password = password.to_string();
    let hash = row.as_ref().map(|r| r.account.password_hash.clone());
    // Verifying takes tens of milliseconds of CPU: keep it off the async workers.
    let ok = tokio::task::spawn_blocking(move || {
        verify_password(&password, hash.as_deref().unwrap_or(dummy_hash()))
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    match row.filter(|_| ok) {
        Some(row) if !row.active => Err(ApiError::InvalidCredentials(DEACTIVATED.into())),
        row => Ok(row.and_then(|r| r.account.into_user())),
    }
}

pub const DEACTIVATED: &str = "Esta cuenta está desactivada. Contacta con el administrador.";

#[derive(sqlx::FromRow)]
struct LoginRow {
    #[sqlx(flatten)]
    account: AccountRow,
    active: bool,
}

/// Hashes a password off the async workers: argon2 takes tens of milliseconds of CPU.
pub async fn hash_password_blocking(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
}

/// Sets an account's password: the one place a password changes. Every change also spends the
/// account's open reset links and its confirmation code, since each of them opens the account
/// without the new password. Returns whether the account exists.
pub async fn set_password(
    conn: &mut sqlx::PgConnection,
    account: Uuid,
    hash: &str,
) -> Result<bool, ApiError> {
    let found = sqlx::query("UPDATE accounts SET password_hash = $2 WHERE id = $1")
        .bind(account)
        .bind(hash)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    sqlx::query(
        "UPDATE password_resets SET used_at = now() WHERE account_id = $1 AND used_at IS NULL",
    )
    .bind(account)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM email_codes WHERE account_id = $1")
        .bind(account)
        .execute(&mut *conn)
        .await?;
    Ok(found > 0)
}

/// Whether `password` is the account's current password.
pub async fn check_password(
    pool: &PgPool,
    account: Uuid,
    password: &str,
) -> Result<bool, ApiError> {
    let hash: Option<String> =
        sqlx::query_scalar("SELECT password_hash FROM accounts WHERE id = $1 AND active")
            .bind(account)
            .fetch_optional(pool)
            .await?;
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        verify_password(&password, hash.as_deref().unwrap_or(dummy_hash())) && hash.is_some()
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))
}

/// A fresh random token (sessions, reset links) and the hash under which it is stored.
pub fn new_token() -> (String, Vec<u8>) {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    let hash = token_hash(&token);
    (token, hash)
}

pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Ends every session of an account but the one whose cookie is in `keep` (if any): the one
/// function every way of ending an account's sessions calls (password change or reset,
/// deactivation, account deletion), on the caller's transaction or connection. The database then
/// tells every server process, which closes the live feeds those sessions opened (migration 0018,
/// [`crate::live`]).
pub async fn end_sessions(
    conn: &mut sqlx::PgConnection,
    account: Uuid,
    keep: Option<&CookieJar>,
) -> Result<EndedSessions, ApiError> {
    let kept = keep
        .and_then(|jar| jar.get(COOKIE))
        .map(|c| token_hash(c.value()))
        .unwrap_or_default();
    let ended: Vec<Vec<u8>> = sqlx::query_scalar(
        "DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2 RETURNING token_hash",
    )
    .bind(account)
    .bind(kept)
    .fetch_all(conn)
    .await?;
    Ok(EndedSessions(ended))
}

/// Sessions a statement ended. The database's notification closes their live feeds in every
/// process, but it travels apart from the change frames: under load this process could push one
/// more change before it hears it. So the process that ended them closes its own feeds at once,
/// before it answers (`LiveHub::end_sessions`, once the statement is committed).
#[must_use = "close the ended sessions' live feeds in this process once committed"]
pub struct EndedSessions(Vec<Vec<u8>>);

impl EndedSessions {
    /// The ended sessions' `sessions.token_hash`.
    pub fn hashes(&self) -> impl Iterator<Item = &[u8]> {
        self.0.iter().map(Vec::as_slice)
    }
}

/// Opens a session and returns the cookie that carries it.
pub async fn start_session(
    pool: &PgPool,
    config: &Config,
    account: Uuid,
) -> Result<Cookie<'static>, ApiError> {
    let (token, _) = new_token();
    sqlx::query(
        "INSERT INTO sessions (token_hash, account_id, expires_at) \
         VALUES ($1, $2, now() + make_interval(days => $3))",
    )
    .bind(token_hash(&token))
    .bind(account)
    .bind(SESSION_DAYS as i32)
    .execute(pool)
    .await?;
    Ok(Cookie::build((COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(!config.development)
        .max_age(time_days(SESSION_DAYS))
        .build())
}

fn time_days(days: i64) -> time::Duration {
    time::Duration::days(days)
}

/// Ends the session whose cookie is in `jar` (logout, or a new login on the same browser).
pub async fn end_session(pool: &PgPool, jar: &CookieJar) -> Result<EndedSessions, ApiError> {
    let Some(cookie) = jar.get(COOKIE) else {
        return Ok(EndedSessions(Vec::new()));
    };
    let ended: Vec<Vec<u8>> =
        sqlx::query_scalar("DELETE FROM sessions WHERE token_hash = $1 RETURNING token_hash")
            .bind(token_hash(cookie.value()))
            .fetch_all(pool)
            .await?;
    Ok(EndedSessions(ended))
}

pub fn removal_cookie() -> Cookie<'static> {
    Cookie::build((COOKIE, "")).path("/").build()
}

pub async fn user_for_token(pool: &PgPool, token: &str) -> Result<Option<User>, ApiError> {
    Ok(session_for_token(pool, token).await?.map(|s| s.user))
}

/// A session that is still valid: its account, the hash it is stored under and when it expires.
pub struct Session {
    pub user: User,
    pub token_hash: Vec<u8>,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    account: AccountRow,
    expires_at: chrono::DateTime<chrono::Utc>,
}

/// The session a cookie's token opens: unexpired, of an active account.
pub async fn session_for_token(pool: &PgPool, token: &str) -> Result<Option<Session>, ApiError> {
    let sql = format!(
        "SELECT {}, s.expires_at FROM sessions s JOIN accounts a ON a.id = s.account_id \
         WHERE s.token_hash = $1 AND s.expires_at > now() AND a.active",
        ACCOUNT_COLUMNS
            .split(", ")
            .map(|c| format!("a.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let hash = token_hash(token);
    let row: Option<SessionRow> = sqlx::query_as(&sql)
        .bind(&hash)
        .fetch_optional(pool)
        .await?;
    Ok(row.and_then(|row| {
        Some(Session {
            user: row.account.into_user()?,
            token_hash: hash,
            expires_at: row.expires_at,
        })
    }))
}

/// Which of these sessions (by token hash) are still valid: unexpired, of an active account.
pub async fn valid_sessions(pool: &PgPool, hashes: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, ApiError> {
    Ok(sqlx::query_scalar(
        "SELECT s.token_hash FROM sessions s JOIN accounts a ON a.id = s.account_id \
         WHERE s.token_hash = ANY($1) AND s.expires_at > now() AND a.active",
    )
    .bind(hashes)
    .fetch_all(pool)
    .await?)
}

/// An active account as the API returns it.
pub async fn user_by_id(pool: &PgPool, id: Uuid) -> Result<Option<User>, ApiError> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND active");
    let row: Option<AccountRow> = sqlx::query_as(&sql).bind(id).fetch_optional(pool).await?;
    Ok(row.and_then(AccountRow::into_user))
}

/// The caller's account, if they are logged in. Any state that holds the pool will do (so this
/// module needs nothing of `crate::state`, which needs it).
pub struct MaybeUser(pub Option<User>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeUser
where
    PgPool: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let jar = CookieJar::from_headers(&parts.headers);
        match jar.get(COOKIE) {
            Some(cookie) => Ok(MaybeUser(
                user_for_token(&PgPool::from_ref(state), cookie.value()).await?,
            )),
            None => Ok(MaybeUser(None)),
        }
    }
}

/// A logged-in caller: anonymous requests get 401.
pub struct CurrentUser(pub User);

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser
where
    PgPool: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match MaybeUser::from_request_parts(parts, state).await?.0 {
            Some(user) => Ok(CurrentUser(user)),
            None => Err(ApiError::Unauthorized),
        }
    }
}

impl CurrentUser {
    /// 403 unless the caller has one of `roles`.
    pub fn require(self, roles: &[Role]) -> Result<User, ApiError> {
        if roles.contains(&self.0.role) {
            Ok(self.0)
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

/// The caller's session token, not yet looked up (the live feed registers its connection before
/// it checks the session): 401 without a session cookie.
pub struct SessionToken(pub String);

impl<S: Send + Sync> FromRequestParts<S> for SessionToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        CookieJar::from_headers(&parts.headers)
            .get(COOKIE)
            .map(|cookie| SessionToken(cookie.value().to_string()))
            .ok_or(ApiError::Unauthorized)
    }
}

pub const STAFF: &[Role] = &[Role::Empleado, Role::Empresario, Role::Admin, Role::Auditor];
