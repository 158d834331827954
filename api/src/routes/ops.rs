//! The operator's routes: `/healthz`, `/readyz` and `/metrics` (README 'Operations'), and
//! `/api/openapi.json`.

use std::sync::Arc;

use axum::extract::Extension;
use axum::Json;
use serde_json::Value;

use crate::state::AppState;

/// The document `super::router` made once at start.
async fn openapi_json(Extension(doc): Extension<Arc<Value>>) -> Json<Value> {
    Json((*doc).clone())
}

/// The operator's routes: liveness, readiness, metrics and this API's own description.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, OPERATIONS};

    ApiRouter::new()
        .api_route(
            "/healthz",
            get_with(|| async { "ok" }, doc(OPERATIONS, "El proceso responde")),
        )
        .api_route(
            "/readyz",
            get_with(
                crate::ops::readyz,
                doc(
                    OPERATIONS,
                    "Listo para servir: base de datos, migraciones y proyecciones al día",
                ),
            ),
        )
        .api_route(
            "/metrics",
            get_with(
                crate::ops::metrics,
                doc(OPERATIONS, "Métricas Prometheus (token METRICS_TOKEN)"),
            ),
        )
        .api_route(
            "/api/openapi.json",
            get_with(openapi_json, doc(OPERATIONS, "Esta descripción OpenAPI")),
        )
}
