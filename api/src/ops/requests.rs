//! The request id: every request gets one (`x-request-id`), its log span carries it, and the
//! events the request causes store it in their metadata (see `super`).

use std::time::Duration;

use axum::body::Body;
use axum::extract::MatchedPath;
use axum::http::{HeaderValue, Request};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::request_id::RequestId;
use tracing::Span;

pub const REQUEST_ID_HEADER: &str = "x-request-id";
/// A caller's own request id is kept only if it is this short and plain: it is stored in the
/// event log for years and printed in every log line of the request.
const MAX_REQUEST_ID: usize = 64;

tokio::task_local! {
    static REQUEST_ID: String;
}

/// The id of the request this code runs for, if it runs for one.
pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

fn acceptable_request_id(value: &HeaderValue) -> bool {
    let bytes = value.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= MAX_REQUEST_ID
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(b))
}

/// A caller's id that is too long, odd, or sent twice is replaced by a new one.
pub(super) async fn drop_unacceptable_request_id(
    mut request: Request<Body>,
    next: Next,
) -> Response {
    let ids = request.headers().get_all(REQUEST_ID_HEADER);
    let mut ids = ids.iter();
    let keep = match (ids.next(), ids.next()) {
        (None, _) => true,
        (Some(id), None) => acceptable_request_id(id),
        (Some(_), Some(_)) => false,
    };
    if !keep {
        request.headers_mut().remove(REQUEST_ID_HEADER);
    }
    next.run(request).await
}

fn request_id_of<B>(request: &Request<B>) -> Option<&str> {
    request
        .extensions()
        .get::<RequestId>()
        .and_then(|id| id.header_value().to_str().ok())
}

/// The route's template (`/api/mudanza/{id}`), never the path: ids would make every request a
/// label value of its own. Whatever no route matched is the web app's.
pub(super) fn route_of<B>(request: &Request<B>) -> &str {
    request
        .extensions()
        .get::<MatchedPath>()
        .map_or("web", MatchedPath::as_str)
}

pub(super) async fn scope_request_id(request: Request<Body>, next: Next) -> Response {
    match request_id_of(&request).map(str::to_owned) {
        Some(id) => REQUEST_ID.scope(id, next.run(request)).await,
        // Not reached behind `SetRequestIdLayer`, which always sets one.
        None => next.run(request).await,
    }
}

/// Probes and scrapes come every few seconds: their lines only at `debug`.
fn is_probe(route: &str) -> bool {
    matches!(route, "/healthz" | "/readyz" | "/metrics")
}

pub(super) fn request_span(request: &Request<Body>) -> Span {
    let route = route_of(request);
    let id = request_id_of(request).unwrap_or_default();
    let method = request.method().as_str();
    if is_probe(route) {
        tracing::debug_span!(
            "request",
            method,
            route,
            request_id = id,
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty
        )
    } else {
        tracing::info_span!(
            "request",
            method,
            route,
            request_id = id,
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty
        )
    }
}

pub(super) fn response_done(response: &Response<Body>, latency: Duration, span: &Span) {
    span.record("status", response.status().as_u16());
    span.record("latency_ms", latency.as_micros() as f64 / 1000.0);
    if !span.is_disabled() {
        tracing::info!("respuesta");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_plain_request_ids_are_kept() {
        let ok = |s: &str| acceptable_request_id(&HeaderValue::from_str(s).unwrap());
        assert!(ok("test-123"));
        assert!(ok("0b6f0c1e-7c1a-4a8e-9d1e-3a1f2b3c4d5e"));
        assert!(!ok(""));
        assert!(!ok("a b"));
        assert!(!ok("<script>"));
        assert!(!ok(&"x".repeat(65)));
    }
}
