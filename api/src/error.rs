//! The one place where errors become HTTP responses: `{"success": false, "error": "<Spanish>"}`.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use command::DomainError;
use serde_json::json;

pub const INTERNAL: &str = "Error interno del servidor. Por favor, inténtalo más tarde.";
pub const INVALID_DATA: &str = "Datos inválidos. Verifica tu información.";

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
                    DomainError::Forbidden | DomainError::StatusNotAllowed(_) => {
                        StatusCode::FORBIDDEN
                    }
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

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        tracing::debug!(%rejection, "rejected JSON body");
        ApiError::BadRequest(INVALID_DATA.into())
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

/// `Json` whose rejections are the Spanish 400 above instead of axum's English text.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

pub type ApiResult<T> = Result<T, ApiError>;
