//! The one place where errors become HTTP responses: `{"success": false, "error": "<Spanish>"}`.

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Query, RawQuery, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use command::DomainError;
use serde_json::json;

pub const INTERNAL: &str = "Error interno del servidor. Por favor, inténtalo más tarde.";
pub const INVALID_DATA: &str = "Datos inválidos. Verifica tu información.";
pub const TOO_LARGE: &str = "La petición es demasiado grande.";
/// No route answers this path, or one hides that it exists (`/metrics` without its token).
pub const NOT_FOUND: &str = "Ruta no encontrada";
pub const METHOD_NOT_ALLOWED: &str = "Método no permitido en esta ruta";

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("No has iniciado sesión")]
    Unauthorized,
    #[error("No tienes permiso para realizar esta acción")]
    Forbidden,
    #[error("{0}")]
    BadRequest(String),
    /// A 400 that names the request field it is about (`field`), for forms that show the message
    /// next to that input.
    #[error("{message}")]
    InvalidField {
        field: &'static str,
        message: String,
    },
    #[error("{0}")]
    InvalidCredentials(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    TooManyAttempts(String),
    /// Well-formed but impossible to act on (an address nobody can locate).
    #[error("{0}")]
    Unprocessable(String),
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error(transparent)]
    Log(#[from] events_schema::Error),
    #[error(transparent)]
    Projection(#[from] projections::Error),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    fn status_and_message(&self) -> (StatusCode, String) {
        use ApiError::*;
        match self {
            Unauthorized => (StatusCode::UNAUTHORIZED, self.to_string()),
            Forbidden => (StatusCode::FORBIDDEN, self.to_string()),
            BadRequest(m) => (StatusCode::BAD_REQUEST, m.clone()),
            InvalidField { message, .. } => (StatusCode::BAD_REQUEST, message.clone()),
            InvalidCredentials(m) => (StatusCode::UNAUTHORIZED, m.clone()),
            NotFound(m) => (StatusCode::NOT_FOUND, m.clone()),
            Conflict(m) => (StatusCode::CONFLICT, m.clone()),
            TooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, m.clone()),
            TooManyAttempts(m) => (StatusCode::TOO_MANY_REQUESTS, m.clone()),
            Unprocessable(m) => (StatusCode::UNPROCESSABLE_ENTITY, m.clone()),
            Domain(e) => {
                let status = match e {
                    DomainError::NotFound => StatusCode::NOT_FOUND,
                    DomainError::AlreadyExists
                    | DomainError::WorkerBusy
                    | DomainError::Stale
                    | DomainError::Conflict(_) => StatusCode::CONFLICT,
                    DomainError::Forbidden
                    | DomainError::StatusNotAllowed(_)
                    | DomainError::NotAssigned => StatusCode::FORBIDDEN,
                    DomainError::Invalid(_) => StatusCode::BAD_REQUEST,
                };
                (status, e.to_string())
            }
            // Someone else's write got in first: the same answer as a stale edit.
            Log(events_schema::Error::Conflict { .. }) => {
                (StatusCode::CONFLICT, DomainError::Stale.to_string())
            }
            Log(_) | Projection(_) | Database(_) | Internal(_) => {
                (StatusCode::INTERNAL_SERVER_ERROR, INTERNAL.into())
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message) = self.status_and_message();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let body = match &self {
            ApiError::InvalidField { field, .. } => {
                json!({ "success": false, "error": message, "field": field })
            }
            _ => json!({ "success": false, "error": message }),
        };
        (status, Json(body)).into_response()
    }
}

impl From<command::forms::FieldError> for ApiError {
    fn from(e: command::forms::FieldError) -> ApiError {
        ApiError::InvalidField {
            field: e.field,
            message: e.message,
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        tracing::debug!(%rejection, "rejected query string");
        ApiError::BadRequest(INVALID_DATA.into())
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        tracing::debug!(%rejection, "rejected path parameters");
        ApiError::BadRequest(INVALID_DATA.into())
    }
}

/// A NUL character: valid in JSON and in a URL, but PostgreSQL text cannot hold it, so it would
/// fail the write with a 500. Refused up front, as any other invalid data.
pub fn has_nul(text: &str) -> bool {
    text.contains('\0')
}

fn refuse_nul(text: &str) -> Result<(), ApiError> {
    if has_nul(text) {
        tracing::debug!("rejected a NUL character");
        return Err(ApiError::BadRequest(INVALID_DATA.into()));
    }
    Ok(())
}

/// `Json` whose rejections are the Spanish 400 above instead of axum's English text.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        if !json_content_type(request.headers()) {
            tracing::debug!("rejected a body that is not JSON");
            return Err(ApiError::BadRequest(INVALID_DATA.into()));
        }
        let bytes = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::TooLarge(TOO_LARGE.into())
                } else {
                    ApiError::BadRequest(INVALID_DATA.into())
                }
            })?;
        // JSON writes a NUL only as the escape `\u0000`: look closer only when that text is there.
        if bytes.windows(6).any(|w| w.eq_ignore_ascii_case(b"\\u0000")) {
            let value: serde_json::Value = serde_json::from_slice(&bytes)
                .map_err(|_| ApiError::BadRequest(INVALID_DATA.into()))?;
            if contains_nul(&value) {
                return Err(ApiError::BadRequest(INVALID_DATA.into()));
            }
        }
        let mut deserializer = serde_json::Deserializer::from_slice(&bytes);
        let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
            tracing::debug!(error = %e, "rejected JSON body");
            ApiError::BadRequest(json_rejection(&e))
        })?;
        // Anything after the value (`{} {}`) is malformed JSON.
        deserializer
            .end()
            .map_err(|_| ApiError::BadRequest(INVALID_DATA.into()))?;
        Ok(ApiJson(value))
    }
}

/// A request body read first as a JSON value (to read part of it twice), then as `T`: refused as
/// [`ApiJson`] refuses, naming the field.
pub fn body_from_value<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        tracing::debug!(error = %e, "rejected JSON body");
        ApiError::BadRequest(json_rejection(&e))
    })
}

/// A JSON body that does not fit its request, in Spanish, naming the field (as a path:
/// `objects[0].id`) and what it should hold when serde says; malformed JSON, or a body of the
/// wrong kind altogether, is the general message.
fn json_rejection(error: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let inner = error.inner();
    if !inner.is_data() {
        return INVALID_DATA.into();
    }
    // serde_json adds the position to serde's message.
    let text = inner.to_string();
    let message = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(m, _)| m);
    let path = error.path().to_string();
    let at = |field: &str| match path.as_str() {
        "." => field.to_string(),
        parent => format!("{parent}.{field}"),
    };
    if let Some(field) = between(message, "missing field `", "`") {
        return format!("Falta el campo «{}».", at(field));
    }
    if path == "." {
        return INVALID_DATA.into();
    }
    if let Some(field) = between(message, "unknown field `", "`") {
        return format!("El campo «{}» no existe.", at(field));
    }
    match message.split_once(", expected ").map(|(_, e)| expected(e)) {
        Some(Some(what)) => format!("El campo «{path}» no es válido: debe ser {what}."),
        _ => format!("El campo «{path}» no es válido."),
    }
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let rest = text.strip_prefix(start)?;
    Some(&rest[..rest.find(end)?])
}

/// What serde's "expected …" says, in Spanish: a kind of value, or the values allowed.
fn expected(what: &str) -> Option<String> {
    if let Some(list) = what.strip_prefix("one of ") {
        let values: Vec<&str> = list.split(", ").map(|v| v.trim_matches('`')).collect();
        return Some(format!("uno de: {}", values.join(", ")));
    }
    if let Some((a, b)) = what.split_once(" or ") {
        return Some(format!("{} o {}", a.trim_matches('`'), b.trim_matches('`')));
    }
    if what.starts_with('`') {
        return Some(what.trim_matches('`').to_string());
    }
    let kind = match what {
        "a string" | "a character" => "texto",
        "a boolean" => "verdadero o falso",
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize" => {
            "un número entero"
        }
        "f32" | "f64" => "un número",
        "a sequence" => "una lista",
        "a formatted date string" | crate::input::DATE_EXPECTED => crate::input::DATE_EXPECTED,
        "a formatted date and time string or a unix timestamp" => "una fecha y hora (RFC 3339)",
        "a UUID string" => "un identificador (UUID)",
        _ if what.starts_with("struct ") || what.starts_with("a map") => "un objeto",
        _ => return None,
    };
    Some(kind.to_string())
}

fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

fn contains_nul(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::String(s) => has_nul(s),
        Value::Array(items) => items.iter().any(contains_nul),
        Value::Object(fields) => fields.iter().any(|(k, v)| has_nul(k) || contains_nul(v)),
        _ => false,
    }
}

pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let RawQuery(raw) = RawQuery::from_request_parts(parts, state)
            .await
            .unwrap_or(RawQuery(None));
        let decoded = raw.as_deref().map(percent_decoded).unwrap_or_default();
        refuse_nul(&decoded)?;
        let Query(value) = Query::<T>::from_request_parts(parts, state).await?;
        Ok(ApiQuery(value))
    }
}

fn percent_decoded(raw: &str) -> String {
    percent_encoding::percent_decode_str(raw)
        .decode_utf8_lossy()
        .into_owned()
}

pub struct ApiPath<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        refuse_nul(&percent_decoded(parts.uri.path()))?;
        let Path(value) = Path::<T>::from_request_parts(parts, state).await?;
        Ok(ApiPath(value))
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
