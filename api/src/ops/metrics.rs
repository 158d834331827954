//! Prometheus metrics: request latencies measured by a middleware, the log's events and the
//! projectors' lag read when `GET /metrics` is scraped.

use std::collections::BTreeMap;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Extension, State};
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};
use sha2::{Digest, Sha256};

use super::readiness::{projector_lags, DATABASE_TIMEOUT};
use super::requests::route_of;
use crate::config::Config;
use crate::error::{ApiError, NOT_FOUND};
use crate::state::AppState;

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
pub(super) async fn measure(
    State(metrics): State<Metrics>,
    request: Request<Body>,
    next: Next,
) -> Response {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_stay_few() {
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "other");
        assert_eq!(status_class(StatusCode::SERVICE_UNAVAILABLE), "5xx");
        assert_eq!(status_class(StatusCode::SWITCHING_PROTOCOLS), "1xx");
    }
}
