//! What every response tells the browser (ARCHITECTURE §6), and what is refused from other sites.
//!
//! The headers go on every response, pages and API alike, so a page served from anywhere in the
//! app (the SPA fallback, a CV download, a JSON error) carries the same policy.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::config::Config;

pub const FOREIGN_ORIGIN: &str = "Origen no permitido: la petición procede de otro sitio web.";

/// The Content-Security-Policy of the site. Scripts only from our own origin (Vite emits no inline
/// script); inline `style` attributes are allowed because React sets some (progress bars, the
/// carousel); images also from `data:` and `blob:` (photo previews before upload). The one form
/// that leaves the site is the Redsys checkout, so its origin is added to `form-action` when it
/// is configured. `frame-ancestors 'none'` forbids framing (clickjacking).
pub fn content_security_policy(config: &Config) -> String {
    let mut form_action = "'self'".to_string();
    if let Some(origin) = config.redsys.as_ref().and_then(|r| origin_of(&r.url)) {
        form_action.push(' ');
        form_action.push_str(&origin);
    }
    [
        "default-src 'self'".to_string(),
        "script-src 'self'".to_string(),
        "style-src 'self' 'unsafe-inline'".to_string(),
        "img-src 'self' data: blob:".to_string(),
        "font-src 'self'".to_string(),
        "connect-src 'self'".to_string(),
        "object-src 'none'".to_string(),
        "base-uri 'self'".to_string(),
        format!("form-action {form_action}"),
        "frame-ancestors 'none'".to_string(),
    ]
    .join("; ")
}

/// `scheme://host[:port]` of a URL, or `None` when it is not an absolute http(s) URL.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "https" && scheme != "http" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

/// The security headers, set unless a handler chose its own (a download's stricter CSP, say).
pub fn headers<S: Clone + Send + Sync + 'static>(router: Router<S>, config: &Config) -> Router<S> {
    let mut fixed: Vec<(HeaderName, String)> = vec![
        (
            header::CONTENT_SECURITY_POLICY,
            content_security_policy(config),
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".into()),
        (
            header::REFERRER_POLICY,
            "strict-origin-when-cross-origin".into(),
        ),
        // For browsers older than `frame-ancestors`.
        (header::X_FRAME_OPTIONS, "DENY".into()),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()".into(),
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin".into(),
        ),
    ];
    // Over https only: a browser that saw it would refuse plain http to localhost for a year.
    if !config.development && config.public_url.starts_with("https://") {
        fixed.push((
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=31536000; includeSubDomains".into(),
        ));
    }
    fixed.into_iter().fold(
        router,
        |router, (name, value)| match HeaderValue::from_str(&value) {
            Ok(value) => router.layer(SetResponseHeaderLayer::if_not_present(name, value)),
            Err(_) => {
                tracing::error!(%name, %value, "not a valid header value; header left out");
                router
            }
        },
    )
}

/// State-changing requests from another site's page are refused (ARCHITECTURE §6): a browser
/// always sends `Origin` on them, and it must name this host. Callers without a browser send none.
pub async fn same_origin_only(request: Request, next: Next) -> Response {
    let changes_state = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if changes_state && from_foreign_origin(request.headers()) {
        return foreign_origin_refused();
    }
    next.run(request).await
}

/// True when the request says it comes from a page of another site.
pub fn from_foreign_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return false;
    };
    let origin_host = origin
        .to_str()
        .ok()
        .map(|o| o.split("://").nth(1).unwrap_or(o));
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    origin_host.is_none() || origin_host != host
}

pub fn foreign_origin_refused() -> Response {
    (
        StatusCode::FORBIDDEN,
        axum::Json(serde_json::json!({"success": false, "error": FOREIGN_ORIGIN})),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_of_a_gateway_url() {
        assert_eq!(
            origin_of("https://sis-t.redsys.es:25443/sis/realizarPago").as_deref(),
            Some("https://sis-t.redsys.es:25443")
        );
        assert_eq!(
            origin_of("https://sis.redsys.es?x").as_deref(),
            Some("https://sis.redsys.es")
        );
        assert_eq!(origin_of("javascript:alert(1)"), None);
        assert_eq!(origin_of("ftp://x/y"), None);
        assert_eq!(origin_of("https:///nohost"), None);
    }

    #[test]
    fn an_origin_is_foreign_unless_it_names_this_host() {
        let headers = |origin: Option<&str>| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, HeaderValue::from_static("mudanzas.test:8080"));
            if let Some(o) = origin {
                h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
            }
            h
        };
        assert!(!from_foreign_origin(&headers(None)));
        assert!(!from_foreign_origin(&headers(Some(
            "http://mudanzas.test:8080"
        ))));
        assert!(!from_foreign_origin(&headers(Some(
            "https://mudanzas.test:8080"
        ))));
        assert!(from_foreign_origin(&headers(Some("https://mudanzas.test"))));
        assert!(from_foreign_origin(&headers(Some("https://evil.example"))));
        assert!(from_foreign_origin(&headers(Some("null"))));
    }
}
