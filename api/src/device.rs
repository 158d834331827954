//! Changes sent from a crew's phone, which may have made them offline and sends them when the
//! signal returns (issue 21): each carries its own key, so a retry after a lost answer is
//! applied once and answered as the first attempt was, and the device's time of the change,
//! which becomes the event's `occurred_at` (the log's `recorded_at` stays the server's).

use aide::generate::GenContext;
use aide::openapi::{Operation, Parameter, ParameterData, ParameterSchemaOrContent, ReferenceOr};
use aide::OperationInput;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderValue;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::auth::User;
use crate::error::{ApiError, ApiResult};
use crate::pipeline::{self, Origin};
use crate::reply::Answer;
use crate::state::AppState;

/// The request header with the caller's key for the change.
pub const KEY_HEADER: &str = "idempotency-key";
/// The request header with the device's time of the change (RFC 3339).
pub const TIME_HEADER: &str = "occurred-at";
/// The response header that says an answer repeats the first attempt's.
pub const REPLAYED_HEADER: &str = "idempotent-replayed";

pub const KEY_INVALID: &str =
    "La clave de idempotencia debe tener de 8 a 64 letras, cifras, '-' o '_'";
pub const TIME_INVALID: &str =
    "La hora del dispositivo (Occurred-At) debe ser una fecha y hora RFC 3339 de los últimos 30 días";
pub const KEY_REUSED: &str = "La clave de idempotencia ya se usó para otro cambio";

/// How old a change may be when it arrives: a phone that stayed offline for longer has a queue
/// nobody is waiting for, and an older device time is more likely a wrong clock.
const OLDEST: Duration = Duration::days(30);
/// How many events one keyed command may have appended (a milestone that starts the move
/// appends two); a replay looks for the first this many ids.
const MAX_EVENTS_PER_CHANGE: usize = 8;

/// A key for a command the caller may send again (8 to 64 letters, digits, `-` or `_`), read
/// from the request field or header `field`.
pub fn idempotency_key(key: Option<&str>, field: &'static str) -> ApiResult<Option<String>> {
    let Some(key) = key else { return Ok(None) };
    let fits = (8..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !fits {
        return Err(ApiError::InvalidField {
            field,
            message: KEY_INVALID.into(),
        });
    }
    Ok(Some(key.to_string()))
}

/// A device time as the log will keep it: a time ahead of the server's (a fast clock) is the
/// server's, since nothing is recorded before it happened.
pub fn device_time(text: &str, now: DateTime<Utc>) -> ApiResult<DateTime<Utc>> {
    let invalid = || ApiError::InvalidField {
        field: "Occurred-At",
        message: TIME_INVALID.into(),
    };
    let time = DateTime::parse_from_rfc3339(text.trim())
        .map_err(|_| invalid())?
        .with_timezone(&Utc);
    if time < now - OLDEST {
        return Err(invalid());
    }
    Ok(time.min(now))
}

/// The two headers of a change: both optional, so a browser online and any other caller send
/// the same requests as before.
#[derive(Debug, Clone, Default)]
pub struct DeviceChange(pub Origin);

impl<S: Send + Sync> FromRequestParts<S> for DeviceChange {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        // A header that is not text is as wrong as one that does not parse.
        let header = |name: &str| parts.headers.get(name).map(|v| v.to_str().unwrap_or("\0"));
        let key = idempotency_key(header(KEY_HEADER), "Idempotency-Key")?;
        let occurred_at = header(TIME_HEADER)
            .map(|t| device_time(t, Utc::now()))
            .transpose()?;
        Ok(DeviceChange(Origin {
            idempotency_key: key,
            occurred_at,
        }))
    }
}

impl OperationInput for DeviceChange {
    fn operation_input(_ctx: &mut GenContext, operation: &mut Operation) {
        let header = |name: &str, description: &str| {
            ReferenceOr::Item(Parameter::Header {
                parameter_data: ParameterData {
                    name: name.into(),
                    description: Some(description.into()),
                    required: false,
                    deprecated: None,
                    format: ParameterSchemaOrContent::Schema(aide::openapi::SchemaObject {
                        json_schema: schemars::json_schema!({"type": "string"}),
                        external_docs: None,
                        example: None,
                    }),
                    extensions: Default::default(),
                    example: None,
                    examples: Default::default(),
                    explode: None,
                },
                style: aide::openapi::HeaderStyle::Simple,
            })
        };
        operation.parameters.push(header(
            "Idempotency-Key",
            "Clave del cambio (8 a 64 letras, cifras, '-' o '_'): repetida, responde lo mismo \
             que la primera vez sin aplicarlo de nuevo (cabecera Idempotent-Replayed: true)",
        ));
        operation.parameters.push(header(
            "Occurred-At",
            "Hora del cambio en el dispositivo (RFC 3339, de los últimos 30 días)",
        ));
    }
}

/// What the first attempt of a keyed change stored.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The position of its last event.
    pub position: i64,
    /// Its events' data, in order.
    pub data: Vec<serde_json::Value>,
    /// When it happened (its events' `occurred_at`).
    pub occurred_at: DateTime<Utc>,
}

impl DeviceChange {
    /// Runs `command` with its events carrying this change's key and device time.
    pub async fn run<F: std::future::Future>(&self, command: F) -> F::Output {
        pipeline::with_origin(self.0.clone(), command).await
    }

    /// What this change's first attempt by `user` stored on `stream`, if one did; a key the
    /// user already used on another stream is refused (422).
    pub async fn replayed(
        &self,
        state: &AppState,
        user: &User,
        stream: &str,
    ) -> ApiResult<Option<Replay>> {
        let Some(key) = &self.0.idempotency_key else {
            return Ok(None);
        };
        let actor = user.id.to_string();
        let ids: Vec<Uuid> = (0..MAX_EVENTS_PER_CHANGE)
            .map(|i| Origin::event_id(&actor, key, i))
            .collect();
        let rows: Vec<(String, i64, serde_json::Value, DateTime<Utc>)> = sqlx::query_as(
            "SELECT stream_id, position, data, occurred_at FROM events WHERE event_id = ANY($1) \
             ORDER BY position",
        )
        .bind(&ids)
        .fetch_all(&state.pool)
        .await?;
        let Some(&(_, position, _, occurred_at)) = rows.last() else {
            return Ok(None);
        };
        if rows.iter().any(|(s, ..)| s != stream) {
            return Err(ApiError::Unprocessable(KEY_REUSED.into()));
        }
        Ok(Some(Replay {
            position,
            occurred_at,
            data: rows.into_iter().map(|(_, _, data, _)| data).collect(),
        }))
    }
}

/// `body` as the answer, saying whether it repeats a first attempt's.
pub fn answer<T: Serialize>(replayed: bool, body: T) -> Answer<T> {
    let mut headers = axum::http::HeaderMap::new();
    if replayed {
        headers.insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    }
    Answer::with(headers, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 4, 10, 0, 0).unwrap()
    }

    #[test]
    fn a_device_time_is_kept_unless_it_is_ahead_of_the_server_or_too_old() {
        assert_eq!(
            device_time("2026-12-04T08:30:00.000Z", now()).unwrap(),
            Utc.with_ymd_and_hms(2026, 12, 4, 8, 30, 0).unwrap()
        );
        assert_eq!(
            device_time("2026-12-04T10:30:00+01:00", now()).unwrap(),
            Utc.with_ymd_and_hms(2026, 12, 4, 9, 30, 0).unwrap()
        );
        assert_eq!(device_time("2026-12-04T12:00:00Z", now()).unwrap(), now());
        for bad in ["2026-11-01T00:00:00Z", "ayer", "", "2026-12-04 10:00"] {
            assert!(device_time(bad, now()).is_err(), "{bad}");
        }
    }

    #[test]
    fn keys_are_bounded_and_plain() {
        assert!(idempotency_key(Some("0d4b8a0e-1c2f-4e3a-9b7d-5f6e7a8b9c0d"), "k").is_ok());
        for bad in [
            "short",
            &"x".repeat(65),
            "clave con espacios",
            "clave-ñandú",
        ] {
            assert!(idempotency_key(Some(bad), "k").is_err(), "{bad}");
        }
    }

    #[test]
    fn a_keyed_events_id_depends_on_who_which_key_and_which_event() {
        let id = Origin::event_id("a", "clave-0001", 0);
        assert_eq!(id, Origin::event_id("a", "clave-0001", 0));
        assert_ne!(id, Origin::event_id("b", "clave-0001", 0));
        assert_ne!(id, Origin::event_id("a", "clave-0002", 0));
        assert_ne!(id, Origin::event_id("a", "clave-0001", 1));
    }
}
