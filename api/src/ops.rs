//! Operations (README 'Operations: logs, health, metrics'): a request id in every log line and in
//! the metadata of the events a request causes, readiness, and Prometheus metrics.
//!
//! How the request id reaches the events: tower-http's `SetRequestIdLayer` gives every request an
//! `x-request-id` (the caller's, when it is a short plain token, else a new UUID), and the
//! innermost middleware runs the handler inside a task-local scope holding it; `metadata_for`
//! (routes/moves.rs), the one place request handlers build event metadata, reads it. Passing it
//! as an argument instead would thread it through some twenty signatures (every helper between a
//! handler and its append) that other work is changing too; the scope covers every handler, those
//! written later included, without any of them doing anything. The one way to lose it is to
//! append from a task a handler spawns (task-locals do not cross `tokio::spawn`), and no handler
//! does; the tests check the three append paths (one stream, several streams, the quote's own
//! transaction).

use std::collections::BTreeMap;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Extension, MatchedPath, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};
use serde_json::json;
use sha2::{Digest, Sha256};
use tower_http::request_id::{
    MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::TraceLayer;
use tracing::Span;

use crate::config::Config;
use crate::error::ApiError;
use crate::reply::{Answer, True};
use crate::routes::NOT_FOUND;
use crate::state::AppState;

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

/// Logs on stdout (as before), filtered by `RUST_LOG`; one JSON object a line with `LOG_FORMAT=json` (for a
/// log collector), else a compact line a person reads. Either way each line of a request carries
/// its span: method, route, request id, and at the end status and latency.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Colour codes only for a person at a terminal, not in a file or a collector.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()));
    if std::env::var("LOG_FORMAT").as_deref() == Ok("json") {
        builder
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .init();
    } else {
        builder.compact().init();
    }
}

/// Wraps every route (and the web app's files) in the request id, the request's log span and its
/// latency measurement. Layers run outside in: the last added sees the request first.
pub fn instrument(router: Router<AppState>, state: &AppState) -> Router<AppState> {
    let metrics = Metrics::new(&state.config);
    router
        .layer(middleware::from_fn(scope_request_id))
        .layer(middleware::from_fn_with_state(metrics.clone(), measure))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span as fn(&Request<Body>) -> Span)
                .on_request(())
                .on_response(response_done as fn(&Response<Body>, Duration, &Span)),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .layer(middleware::from_fn(drop_unacceptable_request_id))
        .layer(Extension(metrics))
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
async fn drop_unacceptable_request_id(mut request: Request<Body>, next: Next) -> Response {
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
fn route_of<B>(request: &Request<B>) -> &str {
    request
        .extensions()
        .get::<MatchedPath>()
        .map_or("web", MatchedPath::as_str)
}

async fn scope_request_id(request: Request<Body>, next: Next) -> Response {
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

fn request_span(request: &Request<Body>) -> Span {
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

fn response_done(response: &Response<Body>, latency: Duration, span: &Span) {
    span.record("status", response.status().as_u16());
    span.record("latency_ms", latency.as_micros() as f64 / 1000.0);
    if !span.is_disabled() {
        tracing::info!("respuesta");
    }
}

// ---------------------------------------------------------------------------------------------
// Readiness

/// How long readiness waits for the database before calling it unreachable.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(2);
/// A projector is far behind when the oldest event it has not applied was recorded longer ago
/// than this. A command waits up to 5 s for the projections (read-your-writes), and a healthy
/// projector clears even a burst of thousands of events in a second or two (docs/PERFORMANCE.md);
/// one still behind on a 30-second-old event is not keeping up (a failing event, a stopped loop,
/// a starved database), and answers from this server would be stale. Measured in time, not in
/// events: a burst makes the count large for a moment without anything being wrong.
pub const MAX_PROJECTION_DELAY: Duration = Duration::from_secs(30);

/// One projector as readiness and the metrics see it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectorLag {
    pub name: &'static str,
    pub checkpoint: i64,
    /// Events in the log past the checkpoint.
    pub pending: i64,
    /// Since the oldest of them was recorded (0 when none).
    pub delay_seconds: f64,
    /// The error of its last batch, cleared by the next good one.
    pub last_error: Option<String>,
    /// When its checkpoint last moved.
    pub updated_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl ProjectorLag {
    /// Running here and not far behind (see [`MAX_PROJECTION_DELAY`]).
    pub fn ready(&self, running: bool) -> bool {
        running && (self.pending == 0 || self.delay_seconds <= MAX_PROJECTION_DELAY.as_secs_f64())
    }

    pub fn failing(&self) -> bool {
        self.last_error.is_some()
    }
}

/// Every projector's checkpoint and how far the log has gone past it.
pub async fn projector_lags(pool: &sqlx::PgPool) -> Result<Vec<ProjectorLag>, sqlx::Error> {
    let all = projections::all();
    let names: Vec<&'static str> = all.iter().map(|p| p.name()).collect();
    #[allow(clippy::type_complexity)]
    let rows: Vec<(
        String,
        i64,
        i64,
        Option<f64>,
        Option<String>,
        Option<chrono::DateTime<chrono::Utc>>,
    )> = sqlx::query_as(
        "SELECT n.name, coalesce(c.position, 0), p.pending, \
                extract(epoch FROM now() - p.oldest)::float8, c.last_error, c.updated_at \
         FROM unnest($1::text[]) AS n(name) \
         LEFT JOIN projection_checkpoints c ON c.name = n.name \
         CROSS JOIN LATERAL (SELECT count(*) AS pending, min(e.recorded_at) AS oldest \
                             FROM events e WHERE e.position > coalesce(c.position, 0)) p",
    )
    .bind(&names)
    .fetch_all(pool)
    .await?;
    Ok(names
        .iter()
        .filter_map(|name| {
            let (_, checkpoint, pending, delay, last_error, updated_at) =
                rows.iter().find(|r| r.0 == *name)?.clone();
            Some(ProjectorLag {
                name,
                checkpoint,
                pending,
                delay_seconds: if pending > 0 {
                    delay.unwrap_or(0.0).max(0.0)
                } else {
                    0.0
                },
                last_error,
                updated_at,
            })
        })
        .collect())
}

/// Migrations this binary has that the database has not applied.
async fn missing_migrations(pool: &sqlx::PgPool) -> Result<Vec<i64>, sqlx::Error> {
    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(pool)
            .await?;
    Ok(events_schema::MIGRATOR
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
        .map(|m| m.version)
        .filter(|v| !applied.contains(v))
        .collect())
}

async fn within<T>(
    what: &str,
    work: impl std::future::Future<Output = Result<T, sqlx::Error>>,
) -> Option<T> {
    match tokio::time::timeout(DATABASE_TIMEOUT, work).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(e)) => {
            tracing::warn!(check = what, error = %e, "readiness check failed");
            None
        }
        Err(_) => {
            tracing::warn!(check = what, "readiness check timed out");
            None
        }
    }
}

/// Ready: every check passed (a 503 carries `ready: false`, `error`, `not_ready` and the same
/// `checks`).
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct Ready {
    success: True,
    ready: bool,
    checks: Checks,
}

/// What was checked; without the database nothing else is (the other keys are absent).
#[derive(Default, serde::Serialize, schemars::JsonSchema)]
pub struct Checks {
    database: Check,
    #[serde(skip_serializing_if = "Option::is_none")]
    migrations: Option<MigrationsCheck>,
    /// `null` when the projectors could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    projectors: Option<Option<Vec<ProjectorCheck>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    poison_events: Option<PoisonCheck>,
}

#[derive(Default, serde::Serialize, schemars::JsonSchema)]
pub struct Check {
    ok: bool,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct MigrationsCheck {
    ok: bool,
    /// Absent when they could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    missing: Option<Vec<i64>>,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct ProjectorCheck {
    name: String,
    ok: bool,
    running: bool,
    pending_events: i64,
    delay_seconds: f64,
    failing: bool,
}

/// Skipped events: where, not why.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct PoisonCheck {
    ok: bool,
    /// Absent when they could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<Vec<PoisonRef>>,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct PoisonRef {
    projection: String,
    position: i64,
    event_type: String,
}

/// `GET /readyz`: 200 when this server can answer requests correctly, else 503 naming what is not
/// ready. The body holds no error texts (this route is public): the log has them.
pub async fn readyz(State(state): State<AppState>) -> Answer<Ready> {
    let mut not_ready: Vec<String> = Vec::new();
    let database = within(
        "database",
        sqlx::query_scalar::<_, i32>("SELECT 1").fetch_one(&state.pool),
    )
    .await
    .is_some();
    let mut checks = Checks {
        database: Check { ok: database },
        ..Checks::default()
    };
    if !database {
        // Nothing else can be checked without it.
        not_ready.push("database".into());
    } else {
        match within("migrations", missing_migrations(&state.pool)).await {
            Some(missing) => {
                if !missing.is_empty() {
                    not_ready.push("migrations".into());
                }
                checks.migrations = Some(MigrationsCheck {
                    ok: missing.is_empty(),
                    missing: Some(missing),
                });
            }
            None => {
                not_ready.push("migrations".into());
                checks.migrations = Some(MigrationsCheck {
                    ok: false,
                    missing: None,
                });
            }
        }
        match within("projectors", projector_lags(&state.pool)).await {
            Some(lags) => {
                let running = state.projections.running();
                let mut projectors = Vec::new();
                for lag in lags {
                    let alive = running.iter().any(|(n, _, alive)| *n == lag.name && *alive);
                    let ok = lag.ready(alive);
                    if !ok {
                        not_ready.push(format!("projector:{}", lag.name));
                    }
                    projectors.push(ProjectorCheck {
                        name: lag.name.into(),
                        ok,
                        running: alive,
                        pending_events: lag.pending,
                        delay_seconds: lag.delay_seconds,
                        failing: lag.failing(),
                    });
                }
                checks.projectors = Some(Some(projectors));
            }
            None => {
                not_ready.push("projectors".into());
                checks.projectors = Some(None);
            }
        }
        // Skipped events do not make the server unready (the projectors go on past them, and
        // taking every server out of service would stop everything again), but they are listed
        // for whoever watches: where, not why (the error texts are in /admin and the log).
        match within("poison events", projections::poison_events(&state.pool)).await {
            Some(poison) => {
                let listed: Vec<PoisonRef> = poison
                    .into_iter()
                    .map(|p| PoisonRef {
                        projection: p.projection,
                        position: p.position,
                        event_type: p.event_type,
                    })
                    .collect();
                checks.poison_events = Some(PoisonCheck {
                    ok: listed.is_empty(),
                    events: Some(listed),
                });
            }
            None => {
                checks.poison_events = Some(PoisonCheck {
                    ok: false,
                    events: None,
                })
            }
        }
    }
    if not_ready.is_empty() {
        Answer::with(
            (),
            Ready {
                success: True,
                ready: true,
                checks,
            },
        )
    } else {
        Answer::raw(
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({
                    "success": false,
                    "ready": false,
                    "error": format!("El servidor no está listo: {}", not_ready.join(", ")),
                    "not_ready": not_ready,
                    "checks": checks,
                })),
            )
                .into_response(),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Metrics

pub const HTTP_DURATION: &str = "http_request_duration_seconds";
pub const EVENTS_APPENDED: &str = "mudanzas_events_appended_total";
pub const PROJECTION_LAG: &str = "mudanzas_projection_lag_events";
pub const PROJECTION_DELAY: &str = "mudanzas_projection_lag_seconds";
pub const WEBSOCKETS: &str = "mudanzas_websocket_connections";
pub const DATABASE_UP: &str = "mudanzas_database_up";

const LATENCY_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// This server's metrics: a recorder of its own (not the process-wide one), so that several
/// servers in one process, as in the tests, each count only their own requests.
#[derive(Clone)]
pub struct Metrics {
    inner: Arc<MetricsInner>,
}

struct MetricsInner {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
    /// `METRICS_TOKEN`: when set, a scrape must bring it as a bearer token.
    token_digest: Option<[u8; 32]>,
    /// Without a token, /metrics is served only in local development.
    open: bool,
    counted: tokio::sync::Mutex<EventCounts>,
}

/// Events counted from the log so far, by type.
#[derive(Default)]
struct EventCounts {
    through: i64,
    by_type: BTreeMap<String, u64>,
}

impl Metrics {
    pub fn new(config: &Config) -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.into()), &LATENCY_BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        let inner = Arc::new(MetricsInner {
            recorder,
            handle,
            token_digest: config
                .metrics_token
                .as_deref()
                .map(|t| Sha256::digest(t.as_bytes()).into()),
            open: config.development,
            counted: Default::default(),
        });
        // Histogram samples wait in buffers until drained; a server nobody scrapes would
        // otherwise keep every one.
        let weak: Weak<MetricsInner> = Arc::downgrade(&inner);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(5));
            loop {
                tick.tick().await;
                match weak.upgrade() {
                    Some(inner) => inner.handle.run_upkeep(),
                    None => return,
                }
            }
        });
        Metrics { inner }
    }

    fn record(&self, f: impl FnOnce()) {
        metrics::with_local_recorder(&self.inner.recorder, f)
    }

    /// May this scrape read the metrics? `Err` is the answer to give instead.
    fn authorize(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let Some(expected) = &self.inner.token_digest else {
            return if self.inner.open {
                Ok(())
            } else {
                Err(ApiError::NotFound(NOT_FOUND.into()))
            };
        };
        let given = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or_default();
        // Comparing digests: equal-length values, compared in full, so the time taken tells
        // nothing about how much of a guess was right.
        let given: [u8; 32] = Sha256::digest(given.as_bytes()).into();
        if given
            .iter()
            .zip(expected)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
        {
            Ok(())
        } else {
            Err(ApiError::InvalidCredentials(
                "Token de métricas no válido".into(),
            ))
        }
    }

    /// Counts the events committed since the last scrape, by type. Read from the log, so that
    /// every writer is counted (this server's handlers, retention, seed, other servers) and none
    /// can be forgotten. Reads only the prefix of the log that no running transaction can still
    /// add to, as the projectors do (`EventStore::read_after`), so nothing is counted twice or
    /// skipped. The first scrape counts the whole log once.
    async fn count_events(&self, pool: &sqlx::PgPool) -> Result<(), sqlx::Error> {
        let mut counted = self.inner.counted.lock().await;
        let rows: Vec<(String, i64, i64)> = sqlx::query_as(
            "SELECT event_type, count(*), max(position) FROM events \
             WHERE position > $1 \
               AND position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * 10000 \
             GROUP BY event_type",
        )
        .bind(counted.through)
        .fetch_all(pool)
        .await?;
        for (event_type, n, last) in rows {
            *counted.by_type.entry(event_type).or_default() += n as u64;
            counted.through = counted.through.max(last);
        }
        let by_type = counted.by_type.clone();
        self.record(|| {
            for (event_type, n) in by_type {
                metrics::counter!(EVENTS_APPENDED, "event_type" => event_type).absolute(n);
            }
        });
        Ok(())
    }
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        // Any method a caller makes up would be a label value of its own.
        _ => "other",
    }
}

fn status_class(status: StatusCode) -> &'static str {
    match status.as_u16() {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// Until the response's head is ready (a download's body streams after).
async fn measure(State(metrics): State<Metrics>, request: Request<Body>, next: Next) -> Response {
    let method = method_label(request.method());
    let route = route_of(&request).to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = status_class(response.status());
    let seconds = started.elapsed().as_secs_f64();
    metrics.record(|| {
        metrics::histogram!(HTTP_DURATION, "method" => method, "route" => route, "status" => status)
            .record(seconds);
    });
    response
}

/// `GET /metrics`: Prometheus text. Open in local development without `METRICS_TOKEN`; with it,
/// only to `Authorization: Bearer <token>`; in production without it, not served at all.
pub async fn metrics(
    State(state): State<AppState>,
    Extension(metrics): Extension<Metrics>,
    headers: HeaderMap,
) -> Response {
    if let Err(e) = metrics.authorize(&headers) {
        return e.into_response();
    }
    // Gauges are read now, when someone looks; a database that does not answer leaves the
    // database-derived ones as they were and says so.
    let from_database = tokio::time::timeout(DATABASE_TIMEOUT, async {
        metrics.count_events(&state.pool).await?;
        projector_lags(&state.pool).await
    })
    .await;
    let lags = match from_database {
        Ok(Ok(lags)) => Some(lags),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "metrics: the database did not answer");
            None
        }
        Err(_) => {
            tracing::warn!("metrics: the database did not answer in time");
            None
        }
    };
    let connections = state.live.connections();
    metrics.record(|| {
        metrics::gauge!(DATABASE_UP).set(if lags.is_some() { 1.0 } else { 0.0 });
        for lag in lags.iter().flatten() {
            metrics::gauge!(PROJECTION_LAG, "projector" => lag.name).set(lag.pending as f64);
            metrics::gauge!(PROJECTION_DELAY, "projector" => lag.name).set(lag.delay_seconds);
        }
        metrics::gauge!(WEBSOCKETS).set(connections as f64);
    });
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        metrics.inner.handle.render(),
    )
        .into_response()
}

// ---------------------------------------------------------------------------------------------
// Open files

/// Raises this process's soft limit on open files to its hard limit and returns the limit now in
/// force. Every connection, WebSocket or keep-alive, is a descriptor, and the soft limit is often
/// 1,024 while the hard one is far higher: at the soft limit `accept` fails with EMFILE, and
/// axum's accept loop then sleeps a second per failure while new visitors queue. Raising the soft
/// limit needs no privilege, so a server that holds many connections should simply do it.
#[cfg(unix)]
pub fn raise_open_file_limit() -> std::io::Result<libc::rlim_t> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into the struct passed, which lives for the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit only reads the struct passed.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        limit.rlim_cur = limit.rlim_max;
    }
    Ok(limit.rlim_cur)
}

#[cfg(not(unix))]
pub fn raise_open_file_limit() -> std::io::Result<u64> {
    Ok(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lag(pending: i64, delay_seconds: f64) -> ProjectorLag {
        ProjectorLag {
            name: "moves",
            checkpoint: 0,
            pending,
            delay_seconds,
            last_error: None,
            updated_at: None,
        }
    }

    #[test]
    fn a_projector_is_ready_when_running_and_not_far_behind() {
        assert!(lag(0, 0.0).ready(true));
        assert!(lag(5_000, 3.0).ready(true), "a burst is not a problem");
        assert!(lag(1, 30.0).ready(true));
        assert!(!lag(1, 31.0).ready(true), "behind on an event 31 s old");
        assert!(!lag(0, 0.0).ready(false), "its loop has stopped");
    }

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

    #[test]
    fn labels_stay_few() {
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "other");
        assert_eq!(status_class(StatusCode::SERVICE_UNAVAILABLE), "5xx");
        assert_eq!(status_class(StatusCode::SWITCHING_PROTOCOLS), "1xx");
    }
}
