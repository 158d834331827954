//! Operations (README 'Operations: logs, health, metrics'): a request id in every log line and in
//! the metadata of the events a request causes (`requests`), the log's form (`logging`),
//! readiness (`readiness`), Prometheus metrics (`metrics`), and the open-file limit
//! (`open_files`); `instrument` wraps the router in the first and the metrics.
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

mod logging;
mod metrics;
mod open_files;
mod readiness;
mod requests;

use std::time::Duration;

use axum::body::Body;
use axum::extract::Extension;
use axum::http::Request;
use axum::middleware;
use axum::response::Response;
use axum::Router;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use tracing::Span;

use self::metrics::{measure, Metrics};
pub use self::metrics::{metrics, WEBSOCKETS};
use crate::state::AppState;
pub use logging::init_logging;
pub use open_files::raise_open_file_limit;
pub use readiness::{projector_lags, readyz};
pub use requests::current_request_id;
use requests::{drop_unacceptable_request_id, request_span, response_done, scope_request_id};

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
