//! The admin panel's calls (`/api/admin/…`, README 'Running the system'): staff accounts,
//! projection status and rebuild, and the event log browser. Only the admin role: anonymous
//! callers get 401, every other role 403.

use axum::extract::State;
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, Utc};
use command::identity::identifier;
use command::{accounts, DomainError, Role};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::admin::{RebuildStatus, StartError};
use crate::auth::{end_sessions, hash_password_blocking, set_password, CurrentUser, User};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::limits::LOGIN_PER_ACCOUNT;
use crate::reply::{Answer, True};
use crate::state::AppState;

pub const ADMIN: &[Role] = &[Role::Admin];

pub const STAFF_NOT_FOUND: &str = "Cuenta de personal no encontrada";
pub const EMAIL_TAKEN: &str = "Ya existe una cuenta con ese email";
pub const USERNAME_TAKEN: &str = "Ya existe un trabajador con ese número de empleado";
pub const USERNAME_INVALID: &str = "El número de empleado debe tener la forma EMP-003";
pub const ROLE_INVALID: &str = "Elige trabajador o gerente";
pub const NOT_YOURSELF: &str = "No puedes desactivar tu propia cuenta";
pub const PROJECTION_UNKNOWN: &str = "Proyección no encontrada";
pub const REBUILD_RUNNING: &str = "Ya hay una reconstrucción en curso; espera a que termine";

/// The admin, or 401/403.
pub(crate) fn admin(user: CurrentUser) -> ApiResult<User> {
    user.require(ADMIN)
}

// ---------------------------------------------------------------------------------------------
// Staff accounts

/// The roles of staff accounts: every role but the client's.
fn staff_roles() -> Vec<&'static str> {
    Role::ALL
        .into_iter()
        .filter(|role| *role != Role::Cliente)
        .map(Role::as_str)
        .collect()
}

/// One staff account as the panel lists it.
#[derive(Serialize, schemars::JsonSchema, sqlx::FromRow)]
pub struct StaffAccount {
    id: Uuid,
    #[schemars(extend("enum" = staff_roles()))]
    rol: String,
    nombre: String,
    usuario: Option<String>,
    email: Option<String>,
    activa: bool,
    creada_en: DateTime<Utc>,
    desactivada_en: Option<DateTime<Utc>>,
    /// A worker's moves from today on that are neither finished nor cancelled.
    mudanzas_pendientes: i64,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct StaffList {
    success: True,
    personal: Vec<StaffAccount>,
}

/// One staff account after a change.
#[derive(Serialize, schemars::JsonSchema)]
pub struct StaffChanged {
    success: True,
    cuenta: StaffAccount,
}

/// The temporary password, shown once to the admin to hand over.
#[derive(Serialize, schemars::JsonSchema)]
pub struct TemporaryPassword {
    success: True,
    password_temporal: String,
}

/// One projector's progress through the log.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ProjectionStatus {
    nombre: String,
    tablas: Vec<String>,
    posicion: i64,
    eventos_pendientes: i64,
    retraso_segundos: f64,
    ultimo_error: Option<String>,
    actualizada_en: Option<DateTime<Utc>>,
    /// Whether its loop runs in this process (`null`: not run here).
    en_marcha: Option<bool>,
}

/// An event a projector could not apply and skipped.
#[derive(Serialize, schemars::JsonSchema)]
pub struct SkippedEvent {
    proyeccion: String,
    posicion: i64,
    tipo: String,
    flujo: String,
    error: String,
    registrado_en: DateTime<Utc>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ProjectionsAnswer {
    success: True,
    /// The log's last position.
    cabeza: i64,
    proyecciones: Vec<ProjectionStatus>,
    eventos_no_aplicados: Vec<SkippedEvent>,
    /// The rebuild started from the panel (running, or the last one); `null` before any.
    reconstruccion: Option<RebuildStatus>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct RebuildStarted {
    success: True,
    reconstruccion: RebuildStatus,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct RebuildProgress {
    success: True,
    /// `null` before any rebuild.
    reconstruccion: Option<RebuildStatus>,
}

/// One event of the log as the browser shows it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct LoggedEvent {
    posicion: i64,
    flujo: String,
    version: i64,
    tipo: String,
    version_esquema: i32,
    actor: EventActor,
    metadatos: Value,
    ocurrido_en: DateTime<Utc>,
    registrado_en: DateTime<Utc>,
    datos: Value,
}

/// Who recorded an event: the metadata's actor and, for an account, its name.
#[derive(Serialize, schemars::JsonSchema)]
pub struct EventActor {
    #[schemars(with = "Option<String>")]
    id: Option<Value>,
    #[schemars(with = "Option<String>")]
    rol: Option<Value>,
    nombre: Option<String>,
}

/// A page of the log.
#[derive(Serialize, schemars::JsonSchema)]
pub struct EventPage {
    success: True,
    eventos: Vec<LoggedEvent>,
    /// The `after` of the next page; `null` at the end.
    siguiente: Option<i64>,
    /// Every event type there is, for the filter.
    tipos: Vec<String>,
}

const STAFF_SELECT: &str = "SELECT a.id, a.role AS rol, a.nombre, a.username AS usuario, a.email, \
     a.active AS activa, a.created_at AS creada_en, a.deactivated_at AS desactivada_en, \
     (SELECT count(*) FROM move_staff_view m WHERE m.worker_id = a.id \
      AND m.fecha_programada >= (now() AT TIME ZONE 'Europe/Madrid')::date \
      AND m.estado NOT IN ('finalizada', 'cancelada')) AS mudanzas_pendientes \
     FROM accounts a WHERE a.role <> 'cliente'";

async fn staff_account(pool: &PgPool, id: Uuid) -> ApiResult<StaffAccount> {
    sqlx::query_as(&format!("{STAFF_SELECT} AND a.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(STAFF_NOT_FOUND.into()))
}

/// `GET /api/admin/personal`: every staff account (workers, managers, admins, auditors), active
/// ones first.
pub async fn staff(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<StaffList>> {
    admin(user)?;
    let personal: Vec<StaffAccount> = sqlx::query_as(&format!(
        "{STAFF_SELECT} ORDER BY a.active DESC, a.role, a.nombre, a.id"
    ))
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(StaffList {
        success: True,
        personal,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct NewStaff {
    #[serde(default)]
    rol: String,
    #[serde(default)]
    nombre: String,
    #[serde(default)]
    email: String,
    /// A worker's employee id (EMP-003); empty: the next free one.
    #[serde(default)]
    usuario: Option<String>,
    #[serde(default)]
    password: String,
}

fn field(field: &'static str, e: DomainError) -> ApiError {
    ApiError::InvalidField {
        field,
        message: e.to_string(),
    }
}

/// `EMP-` and 3 to 6 digits, upper-cased.
fn employee_id(value: &str) -> Option<String> {
    let id = value.trim().to_uppercase();
    let digits = id.strip_prefix("EMP-")?;
    ((3..=6).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit())).then_some(id)
}

/// `POST /api/admin/personal` `{rol: empleado|empresario, nombre, email, usuario?, password}`:
/// 201 with the new account. Workers log in with their employee id (given, or the next free
/// one), managers with their email; the §5 rules for the name, the email and the password apply.
pub async fn create_staff(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<NewStaff>,
) -> ApiResult<Answer<StaffChanged, 201>> {
    admin(user)?;
    let role = match body.rol.as_str() {
        "empleado" => Role::Empleado,
        "empresario" => Role::Empresario,
        _ => {
            return Err(ApiError::InvalidField {
                field: "rol",
                message: ROLE_INVALID.into(),
            })
        }
    };
    let name = accounts::full_name(&body.nombre).map_err(|e| field("nombre", e))?;
    let email = accounts::email(&body.email).ok_or_else(|| ApiError::InvalidField {
        field: "email",
        message: accounts::EMAIL_INVALID.into(),
    })?;
    let given = match (role, body.usuario.as_deref().map(str::trim)) {
        (Role::Empleado, Some(u)) if !u.is_empty() => {
            Some(employee_id(u).ok_or_else(|| ApiError::InvalidField {
                field: "usuario",
                message: USERNAME_INVALID.into(),
            })?)
        }
        _ => None,
    };
    accounts::new_password(&body.password).map_err(|e| field("password", e))?;
    let hash = hash_password_blocking(body.password).await?;

    let mut tx = state.pool.begin().await?;
    // Taking the next employee id and inserting it must not interleave with another creation.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('mudanzas-staff-usernames'))")
        .execute(&mut *tx)
        .await?;
    let taken: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM accounts WHERE email = $1)")
        .bind(&email)
        .fetch_one(&mut *tx)
        .await?;
    if taken {
        return Err(ApiError::InvalidField {
            field: "email",
            message: EMAIL_TAKEN.into(),
        });
    }
    let username = match (role, given) {
        (Role::Empleado, Some(id)) => {
            let taken: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM accounts WHERE username_key = $1)",
            )
            .bind(identifier(&id))
            .fetch_one(&mut *tx)
            .await?;
            if taken {
                return Err(ApiError::InvalidField {
                    field: "usuario",
                    message: USERNAME_TAKEN.into(),
                });
            }
            Some(id)
        }
        (Role::Empleado, None) => {
            let highest: i64 = sqlx::query_scalar(
                "SELECT coalesce(max(substr(username, 5)::bigint), 0) FROM accounts \
                 WHERE username ~* '^EMP-[0-9]{1,9}$'",
            )
            .fetch_one(&mut *tx)
            .await?;
            Some(format!("EMP-{:03}", highest + 1))
        }
        _ => None,
    };
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO accounts (id, role, email, username, username_key, password_hash, nombre) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(role.as_str())
    .bind(&email)
    .bind(&username)
    .bind(username.as_deref().map(identifier))
    .bind(&hash)
    .bind(&name)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(account = %id, role = role.as_str(), "staff account created");
    let account = staff_account(&state.pool, id).await?;
    Ok(Answer::with(
        (),
        StaffChanged {
            success: True,
            cuenta: account,
        },
    ))
}

/// `POST /api/admin/personal/{id}/desactivar`: the account can no longer log in, and its
/// sessions and live feeds end at once. Not the admin's own account.
pub async fn deactivate(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<StaffChanged>> {
    let me = admin(user)?;
    if id == me.id {
        return Err(ApiError::Conflict(NOT_YOURSELF.into()));
    }
    let mut tx = state.pool.begin().await?;
    let found = sqlx::query(
        "UPDATE accounts SET active = false, \
         deactivated_at = CASE WHEN active THEN now() ELSE deactivated_at END \
         WHERE id = $1 AND role <> 'cliente'",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if found == 0 {
        return Err(ApiError::NotFound(STAFF_NOT_FOUND.into()));
    }
    let ended = end_sessions(&mut tx, id, None).await?;
    tx.commit().await?;
    state.live.end_sessions(ended);
    tracing::info!(account = %id, by = %me.id, "staff account deactivated");
    let account = staff_account(&state.pool, id).await?;
    Ok(Json(StaffChanged {
        success: True,
        cuenta: account,
    }))
}

/// `POST /api/admin/personal/{id}/reactivar`: the account can log in again with its password.
pub async fn reactivate(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<StaffChanged>> {
    let me = admin(user)?;
    let found = sqlx::query(
        "UPDATE accounts SET active = true, deactivated_at = NULL \
         WHERE id = $1 AND role <> 'cliente'",
    )
    .bind(id)
    .execute(&state.pool)
    .await?
    .rows_affected();
    if found == 0 {
        return Err(ApiError::NotFound(STAFF_NOT_FOUND.into()));
    }
    tracing::info!(account = %id, by = %me.id, "staff account reactivated");
    let account = staff_account(&state.pool, id).await?;
    Ok(Json(StaffChanged {
        success: True,
        cuenta: account,
    }))
}

/// A password of strength 5 that reads well aloud and on paper: three groups of four letters
/// and digits (no 0/O, 1/l/I) joined by hyphens, with upper and lower case and a digit.
pub fn temporary_password() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    loop {
        let groups: Vec<String> = (0..3)
            .map(|_| {
                (0..4)
                    .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
                    .collect()
            })
            .collect();
        let password = groups.join("-");
        if accounts::password_strength(&password) == 5 {
            return password;
        }
    }
}

/// `POST /api/admin/personal/{id}/restablecer-password`: a new temporary password, returned
/// once to the admin to hand over; the old one stops working and every session of the account
/// ends (the admin's own current session stays when they reset their own).
pub async fn reset_password(
    State(state): State<AppState>,
    jar: CookieJar,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<TemporaryPassword>> {
    let me = admin(user)?;
    let password = temporary_password();
    let hash = hash_password_blocking(password.clone()).await?;
    let mut tx = state.pool.begin().await?;
    let logins: Option<(Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT username, email FROM accounts WHERE id = $1 AND role <> 'cliente' FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let (username, email) = logins.ok_or_else(|| ApiError::NotFound(STAFF_NOT_FOUND.into()))?;
    set_password(&mut tx, id, &hash).await?;
    let keep = (id == me.id).then_some(&jar);
    let ended = end_sessions(&mut tx, id, keep).await?;
    tx.commit().await?;
    state.live.end_sessions(ended);
    // A worker locked out by wrong guesses can use the new password at once.
    for login in [username, email].into_iter().flatten() {
        LOGIN_PER_ACCOUNT
            .clear(&state.pool, &identifier(&login))
            .await?;
    }
    tracing::info!(account = %id, by = %me.id, "staff password reset");
    Ok(Json(TemporaryPassword {
        success: True,
        password_temporal: password,
    }))
}

// ---------------------------------------------------------------------------------------------
// Projections

/// Each projector's checkpoint, lag (in events not yet applied, and in seconds since the oldest
/// of them was recorded) and current error, and whether its loop runs in this process.
pub(crate) async fn projection_status(state: &AppState) -> ApiResult<Vec<ProjectionStatus>> {
    let all = projections::all();
    let running = state.projections.running();
    Ok(crate::ops::projector_lags(&state.pool)
        .await?
        .into_iter()
        .map(|lag| {
            let tables = all
                .iter()
                .find(|p| p.name() == lag.name)
                .map(|p| p.tables())
                .unwrap_or_default();
            let alive = running
                .iter()
                .find(|(n, _, _)| *n == lag.name)
                .map(|(_, _, alive)| *alive);
            ProjectionStatus {
                nombre: lag.name.into(),
                tablas: tables.iter().map(|t| t.to_string()).collect(),
                posicion: lag.checkpoint,
                eventos_pendientes: lag.pending,
                retraso_segundos: lag.delay_seconds,
                ultimo_error: lag.last_error,
                actualizada_en: lag.updated_at,
                en_marcha: alive,
            }
        })
        .collect())
}

/// `GET /api/admin/proyecciones`: the status of every projector, the log's last position, the
/// events a projector could not apply and skipped (`eventos_no_aplicados`), and the rebuild
/// started from the panel (running, or the last one).
pub async fn projections_status(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<ProjectionsAnswer>> {
    admin(user)?;
    let projections = projection_status(&state).await?;
    let head = state.store.max_position().await?;
    let unapplied = projections::poison_events(&state.pool)
        .await?
        .into_iter()
        .map(|p| SkippedEvent {
            proyeccion: p.projection,
            posicion: p.position,
            tipo: p.event_type,
            flujo: p.stream_id,
            error: p.error,
            registrado_en: p.recorded_at,
        })
        .collect();
    Ok(Json(ProjectionsAnswer {
        success: True,
        cabeza: head,
        proyecciones: projections,
        eventos_no_aplicados: unapplied,
        reconstruccion: state.admin.rebuild_status(),
    }))
}

/// `POST /api/admin/proyecciones/{nombre}/reconstruir`: starts rebuilding one projection from
/// zero in the background; 202 with its progress, 409 while another runs, 404 for an unknown
/// name. Readers keep the old read model until the new one commits.
pub async fn start_rebuild(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(name): ApiPath<String>,
) -> ApiResult<Answer<RebuildStarted, 202>> {
    let me = admin(user)?;
    match state.admin.start_rebuild(state.pool.clone(), &name) {
        Ok(status) => {
            tracing::info!(projection = %name, by = %me.id, "rebuild started from the admin panel");
            Ok(Answer::with(
                (),
                RebuildStarted {
                    success: True,
                    reconstruccion: status,
                },
            ))
        }
        Err(StartError::Unknown) => Err(ApiError::NotFound(PROJECTION_UNKNOWN.into())),
        Err(StartError::AlreadyRunning) => Err(ApiError::Conflict(REBUILD_RUNNING.into())),
    }
}

/// `GET /api/admin/reconstruccion`: the rebuild's progress, for polling (null before any).
pub async fn rebuild_progress(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<RebuildProgress>> {
    admin(user)?;
    Ok(Json(RebuildProgress {
        success: True,
        reconstruccion: state.admin.rebuild_status(),
    }))
}

// ---------------------------------------------------------------------------------------------
// The event log browser

pub const MAX_PAGE: i64 = 200;
const DEFAULT_PAGE: i64 = 50;

#[derive(Deserialize, schemars::JsonSchema)]
pub struct EventFilter {
    /// A stream id; ending in `*`, a prefix (`move-*`).
    flujo: Option<String>,
    tipo: Option<String>,
    /// The actor id in the metadata (an account's id, or a process name).
    actor: Option<String>,
    rol: Option<String>,
    /// Recorded at or after / before.
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    desde: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    hasta: Option<DateTime<Utc>>,
    /// `desc` (newest first, the default) or `asc`.
    orden: Option<String>,
    /// The position the previous page ended at: the next page continues past it in `orden`.
    after: Option<i64>,
    limit: Option<i64>,
}

fn non_empty(value: Option<String>) -> Option<String> {
    value
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

#[derive(sqlx::FromRow)]
struct EventRow {
    position: i64,
    stream_id: String,
    stream_version: i64,
    event_type: String,
    schema_version: i32,
    data: Value,
    metadata: Value,
    occurred_at: DateTime<Utc>,
    recorded_at: DateTime<Utc>,
    actor_name: Option<String>,
}

/// `GET /api/admin/eventos?flujo=&tipo=&actor=&rol=&desde=&hasta=&orden=&after=&limit=`: a page
/// of the log (at most 200 events), with `siguiente`, the `after` of the next page (null at the
/// end), and `tipos`, every event type there is, for the filter.
pub async fn events(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(filter): ApiQuery<EventFilter>,
) -> ApiResult<Json<EventPage>> {
    admin(user)?;
    let descending = match filter.orden.as_deref() {
        None | Some("") | Some("desc") => true,
        Some("asc") => false,
        Some(_) => return Err(ApiError::BadRequest("Orden no válido: asc o desc".into())),
    };
    let limit = filter.limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_PAGE);
    let (stream, prefix) = match non_empty(filter.flujo) {
        Some(s) => match s.strip_suffix('*') {
            Some(p) => (None, Some(p.to_string())),
            None => (Some(s), None),
        },
        None => (None, None),
    };
    // Two statements rather than an ORDER BY expression, so each walks the position index.
    let (cursor, order) = if descending {
        ("e.position < $8", "e.position DESC")
    } else {
        ("e.position > $8", "e.position")
    };
    let sql = format!(
        "SELECT p.*, a.nombre AS actor_name FROM ( \
           SELECT e.position, e.stream_id, e.stream_version, e.event_type, e.schema_version, \
                  e.data, e.metadata, e.occurred_at, e.recorded_at FROM events e \
           WHERE ($1::text IS NULL OR e.stream_id = $1) \
             AND ($2::text IS NULL OR starts_with(e.stream_id, $2)) \
             AND ($3::text IS NULL OR e.event_type = $3) \
             AND ($4::text IS NULL OR e.metadata->>'actor_id' = $4) \
             AND ($5::text IS NULL OR e.metadata->>'actor_role' = $5) \
             AND ($6::timestamptz IS NULL OR e.recorded_at >= $6) \
             AND ($7::timestamptz IS NULL OR e.recorded_at < $7) \
             AND ($8::bigint IS NULL OR {cursor}) \
           ORDER BY {order} LIMIT $9) p \
         LEFT JOIN accounts a ON a.id::text = p.metadata->>'actor_id' \
         ORDER BY {}",
        order.replace("e.", "p.")
    );
    let rows: Vec<EventRow> = sqlx::query_as(&sql)
        .bind(stream)
        .bind(prefix)
        .bind(non_empty(filter.tipo))
        .bind(non_empty(filter.actor))
        .bind(non_empty(filter.rol))
        .bind(filter.desde)
        .bind(filter.hasta)
        .bind(filter.after)
        .bind(limit)
        .fetch_all(&state.pool)
        .await?;
    let next = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|r| r.position))
        .flatten();
    let events = rows
        .into_iter()
        .map(|r| LoggedEvent {
            posicion: r.position,
            flujo: r.stream_id,
            version: r.stream_version,
            tipo: r.event_type,
            version_esquema: r.schema_version,
            actor: EventActor {
                id: r.metadata.get("actor_id").cloned(),
                rol: r.metadata.get("actor_role").cloned(),
                nombre: r.actor_name,
            },
            metadatos: r.metadata,
            ocurrido_en: r.occurred_at,
            registrado_en: r.recorded_at,
            datos: r.data,
        })
        .collect();
    let types = events_schema::events::EVENT_TYPES
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    Ok(Json(EventPage {
        success: True,
        eventos: events,
        siguiente: next,
        tipos: types,
    }))
}

/// The admin panel's routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, ADMIN};

    ApiRouter::new()
        .api_route(
            "/api/admin/personal",
            get_with(staff, doc(ADMIN, "Cuentas del personal (admin)")).post_with(
                create_staff,
                doc(ADMIN, "Crear una cuenta de trabajador o gerente (admin)"),
            ),
        )
        .api_route(
            "/api/admin/personal/{id}/desactivar",
            post_with(deactivate, doc(ADMIN, "Desactivar una cuenta (admin)")),
        )
        .api_route(
            "/api/admin/personal/{id}/reactivar",
            post_with(reactivate, doc(ADMIN, "Reactivar una cuenta (admin)")),
        )
        .api_route(
            "/api/admin/personal/{id}/restablecer-password",
            post_with(
                reset_password,
                doc(ADMIN, "Dar una contraseña temporal (admin)"),
            ),
        )
        .api_route(
            "/api/admin/proyecciones",
            get_with(
                projections_status,
                doc(ADMIN, "Estado de las proyecciones (admin)"),
            ),
        )
        .api_route(
            "/api/admin/proyecciones/{nombre}/reconstruir",
            post_with(
                start_rebuild,
                doc(ADMIN, "Reconstruir una proyección (admin)"),
            ),
        )
        .api_route(
            "/api/admin/reconstruccion",
            get_with(
                rebuild_progress,
                doc(ADMIN, "Progreso de la reconstrucción (admin)"),
            ),
        )
        .api_route(
            "/api/admin/eventos",
            get_with(
                events,
                doc(ADMIN, "Explorar el registro de eventos (admin)"),
            ),
        )
}
