//! The HTTP API: the exact `/api` paths of spec §7.

mod accounts;
pub(crate) mod admin;
pub(crate) mod audit;
mod auth;
mod booking;
mod catalogue;
mod chain;
mod company;
mod customer;
mod debug;
mod dev;
mod documents;
pub(crate) mod forms;
mod geo;
mod manage;
mod money;
pub(crate) mod moves;
mod photos;
pub(crate) mod pricing;
mod quotes;
mod workers;

use axum::http::{header, Method, Request, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, delete, get, post, put};
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

pub fn router(state: AppState) -> Router {
    let web = crate::web::service(&state.config.web_dist);
    let router = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(crate::ops::readyz))
        .route("/metrics", get(crate::ops::metrics))
        .route("/api/auth-status", get(auth::auth_status))
        .route("/api/login", post(auth::login))
        .route("/api/worker/login", post(auth::worker_login))
        .route("/api/logout", post(auth::logout))
        .route("/api/register", post(accounts::register))
        .route("/api/confirm-email", post(accounts::confirm_email))
        .route("/api/resend-code", post(accounts::resend_code))
        .route("/api/forgot-password", post(accounts::forgot_password))
        .route(
            "/api/restablecer-password",
            get(accounts::check_reset).post(accounts::reset_password),
        )
        .route("/api/mis-mudanzas", get(customer::my_moves))
        .route("/api/mi-mudanza/{id}", get(booking::details))
        .route("/api/mi-mudanza/{id}/detalles", post(booking::complete))
        .route("/api/mi-mudanza/{id}/confirmar", post(booking::confirm))
        .route("/api/mi-perfil", put(customer::update_profile))
        .route("/api/cambiar-password", put(customer::change_password))
        .route("/api/eliminar-cuenta", delete(customer::delete_account))
        .route("/api/dev/outbox", get(dev::outbox))
        .route("/api/todas-las-mudanzas", get(moves::list))
        .route("/api/actualizar-estado-mudanza", put(moves::update_status))
        .route("/api/mudanza/{id}", get(moves::one))
        .route("/api/crear-mudanza", post(manage::create))
        .route("/api/datos-de-empresa", get(company::company_data))
        .route("/api/factura/{id}", get(documents::invoice))
        .route("/api/albaran/{id}", get(documents::waybill))
        .route("/api/analiticas", get(company::analytics))
        .route("/api/actualizar-mudanza", post(manage::edit))
        .route("/api/trabajadores", get(workers::list))
        .route("/api/asignar-trabajador", post(workers::assign))
        .route(
            "/api/subir-foto",
            post(photos::upload).layer(axum::extract::DefaultBodyLimit::max(
                photos::MAX_UPLOAD_BODY,
            )),
        )
        .route("/api/fotos/{move_id}/{photo_id}", get(photos::serve))
        .route("/api/objetos", get(catalogue::by_category))
        .route("/api/objetos-catalogo", get(catalogue::search))
        .route("/api/calculate-price", post(pricing::calculate_price))
        .route("/api/autocomplete", get(geo::autocomplete))
        .route("/api/get-calculated-stats", get(geo::calculated_stats))
        .route(
            "/api/submit-quote-request",
            post(quotes::submit).layer(axum::extract::DefaultBodyLimit::max(quotes::MAX_BODY)),
        )
        .route("/api/presupuestos", get(quotes::list))
        .route("/api/presupuestos/{id}/descartar", post(quotes::discard))
        .route(
            "/api/contact-form",
            post(forms::contact).layer(axum::extract::DefaultBodyLimit::max(
                forms::MAX_CONTACT_BODY,
            )),
        )
        .route(
            "/api/trabaja-con-nosotros",
            post(forms::apply).layer(axum::extract::DefaultBodyLimit::max(
                forms::MAX_APPLICATION_BODY,
            )),
        )
        .route("/api/mensajes-contacto", get(forms::messages))
        .route("/api/candidaturas", get(forms::applications))
        .route("/api/candidaturas/{id}/cv", get(forms::download_cv))
        .route("/api/auditoria/mudanzas", get(audit::search))
        .route(
            "/api/auditoria/mudanza/{id}/historial",
            get(audit::move_history),
        )
        .route(
            "/api/auditoria/mudanza/{id}/historial.json",
            get(audit::export_json),
        )
        .route(
            "/api/auditoria/mudanza/{id}/historial.csv",
            get(audit::export_csv),
        )
        .route(
            "/api/auditoria/mudanza/{id}/estado",
            get(audit::state_as_of),
        )
        .route("/api/verificar-registro", get(chain::verify))
        .route("/api/live", get(crate::live::live))
        .route(
            "/api/admin/personal",
            get(admin::staff).post(admin::create_staff),
        )
        .route(
            "/api/admin/personal/{id}/desactivar",
            post(admin::deactivate),
        )
        .route(
            "/api/admin/personal/{id}/reactivar",
            post(admin::reactivate),
        )
        .route(
            "/api/admin/personal/{id}/restablecer-password",
            post(admin::reset_password),
        )
        .route("/api/admin/proyecciones", get(admin::projections_status))
        .route(
            "/api/admin/proyecciones/{nombre}/reconstruir",
            post(admin::start_rebuild),
        )
        .route("/api/admin/reconstruccion", get(admin::rebuild_progress))
        .route("/api/admin/eventos", get(admin::events))
        .route("/api/debug/estado", get(debug::status))
        .route("/api/{*rest}", any(api_not_found))
        .fallback_service(web)
        .layer(middleware::from_fn(same_origin_only))
        .layer(axum::extract::DefaultBodyLimit::max(1024 * 1024));
    crate::ops::instrument(router, &state).with_state(state)
}

pub const NOT_FOUND: &str = "Ruta no encontrada";

async fn api_not_found() -> ApiError {
    ApiError::NotFound(NOT_FOUND.into())
}

/// State-changing requests from another site's page are refused (ARCHITECTURE §6): a browser
/// always sends `Origin` on them, and it must name this host.
async fn same_origin_only(request: Request<axum::body::Body>, next: Next) -> Response {
    let changes_state = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if changes_state {
        let origin_host = request
            .headers()
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .map(|o| o.split("://").nth(1).unwrap_or(o).to_string());
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok());
        if let Some(origin_host) = origin_host {
            if Some(origin_host.as_str()) != host {
                return (
                    StatusCode::FORBIDDEN,
                    axum::Json(
                        serde_json::json!({"success": false, "error": "Origen no permitido"}),
                    ),
                )
                    .into_response();
            }
        }
    }
    next.run(request).await
}
