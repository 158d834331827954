//! The HTTP API: the exact `/api` paths of spec §7. Each feature's routes are registered, each with
//! its description, by the `router()` at the end of its file; here they are merged and wrapped in
//! what every request passes through.

mod accounts;
pub(crate) mod admin;
pub(crate) mod audit;
mod auth;
mod booking;
mod catalogue;
mod chain;
mod claims;
mod company;
mod customer;
mod customer_stats;
mod debug;
mod dev;
mod doc;
pub mod documents;
pub(crate) mod forms;
mod geo;
mod live;
mod manage;
mod money;
pub(crate) mod moves;
mod my_data;
mod ops;
mod payments;
pub mod photos;
pub(crate) mod pricing;
mod quotes;
mod referrals;
mod reviews;
mod waybill;
mod workers;

use aide::axum::ApiRouter;
use axum::extract::{DefaultBodyLimit, Extension};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::{Json, Router};
use serde_json::Value;
use std::sync::Arc;

pub use crate::error::NOT_FOUND;
use crate::error::{ApiError, METHOD_NOT_ALLOWED};
use crate::state::AppState;

/// The API's routes, each documented from its handler's signature (see `crate::openapi`).
fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .merge(ops::router())
        .merge(auth::router())
        .merge(accounts::router())
        .merge(customer::router())
        .merge(customer_stats::router())
        .merge(my_data::router())
        .merge(booking::router())
        .merge(dev::router())
        .merge(moves::router())
        .merge(waybill::router())
        .merge(claims::router())
        .merge(manage::router())
        .merge(company::router())
        .merge(documents::router())
        .merge(workers::router())
        .merge(photos::router())
        .merge(catalogue::router())
        .merge(pricing::router())
        .merge(geo::router())
        .merge(quotes::router())
        .merge(forms::router())
        .merge(audit::router())
        .merge(chain::router())
        .merge(live::router())
        .merge(admin::router())
        .merge(debug::router())
        .merge(payments::router())
        .merge(reviews::router())
        .merge(referrals::router())
}

/// The API's OpenAPI document, as `/api/openapi.json` serves it.
pub fn openapi() -> Value {
    let mut api = aide::openapi::OpenApi::default();
    let _ = routes().finish_api_with(&mut api, describe);
    crate::openapi::document(api)
}

fn describe(api: aide::transform::TransformOpenApi<'_>) -> aide::transform::TransformOpenApi<'_> {
    api.title("Mudanzas API")
        .version(env!("CARGO_PKG_VERSION"))
        .description(
            "La API del sitio y de los paneles de Mudanzas. Las respuestas de error son \
             `{\"success\": false, \"error\": \"<mensaje en español>\"}` con un código 4xx. Las \
             peticiones que cambian datos desde otro origen se rechazan (403).",
        )
}

pub fn router(state: AppState) -> Router {
    let web = crate::web::service(&state.config);
    let mut api = aide::openapi::OpenApi::default();
    let documented = routes().finish_api_with(&mut api, describe);
    let router = documented
        .layer(Extension(Arc::new(crate::openapi::document(api))))
        .route("/api/{*rest}", any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback_service(web)
        .layer(crate::web::compression())
        .layer(middleware::from_fn(crate::security::same_origin_only))
        .layer(DefaultBodyLimit::max(1024 * 1024));
    let router = crate::security::headers(router, &state.config);
    crate::ops::instrument(router, &state).with_state(state)
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound(NOT_FOUND.into())
}

/// A known path asked with a method it does not answer: Spanish JSON, as every other rejection.
async fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        Json(serde_json::json!({"success": false, "error": METHOD_NOT_ALLOWED})),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    /// aide reports what it could not describe (a duplicate parameter, a second body) through a
    /// hook, not a failure: make it one.
    #[test]
    fn the_document_is_generated_without_errors() {
        let errors = Rc::new(RefCell::new(Vec::<String>::new()));
        let sink = errors.clone();
        aide::generate::on_error(move |e| sink.borrow_mut().push(e.to_string()));
        let doc = super::openapi();
        assert!(doc["paths"].as_object().is_some_and(|p| p.len() > 50));
        assert_eq!(*errors.borrow(), Vec::<String>::new());
    }

    /// A plain `.route(` would serve a path the document does not show; only the `/api` catch-all
    /// (the Spanish 404) is allowed to be one, in any file of the routes.
    #[test]
    fn every_route_is_registered_with_its_description() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/routes");
        let mut plain = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let source = std::fs::read_to_string(&path).unwrap();
            plain.extend(
                source
                    .lines()
                    // `.route("…"`: a registration, not `geo.route(&origin, …)`.
                    .filter(|l| l.trim_start().starts_with(".route(\""))
                    .map(|l| format!("{}: {l}", path.file_name().unwrap().to_string_lossy())),
            );
        }
        assert_eq!(
            plain,
            vec![r#"mod.rs:         .route("/api/{*rest}", any(api_not_found))"#]
        );
    }
}
