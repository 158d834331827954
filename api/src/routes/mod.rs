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
pub mod documents;
pub(crate) mod forms;
mod geo;
mod manage;
mod money;
pub(crate) mod moves;
mod payments;
pub mod photos;
pub(crate) mod pricing;
mod quotes;
mod workers;

use aide::axum::routing::{delete_with, get_with, post_with, put_with};
use aide::axum::ApiRouter;
use aide::transform::TransformOperation;
use axum::extract::{DefaultBodyLimit, Extension};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::{Json, Router};
use serde_json::Value;
use std::sync::Arc;

use crate::error::ApiError;
use crate::state::AppState;

// The document's groups.
const OPERACION: &str = "Operación";
const SESION: &str = "Sesión y cuentas";
const CLIENTE: &str = "Área de cliente";
const MUDANZAS: &str = "Mudanzas (personal)";
const PRESUPUESTOS: &str = "Precios y presupuestos";
const FORMULARIOS: &str = "Contacto y candidaturas";
const AUDITORIA: &str = "Auditoría";
const ADMIN: &str = "Administración";
const PAGOS: &str = "Pagos";

/// One operation's group and one-line summary (who may call it, when not everyone).
fn doc(
    tag: &'static str,
    summary: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |op| op.tag(tag).summary(summary)
}

/// `doc` for a multipart handler, whose form fields `T` describes.
fn form<T: schemars::JsonSchema>(
    tag: &'static str,
    summary: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |op| crate::openapi::form_body::<T>(op.tag(tag).summary(summary), "multipart/form-data")
}

/// The API's routes, each documented from its handler's signature (see `crate::openapi`).
fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .api_route(
            "/healthz",
            get_with(|| async { "ok" }, doc(OPERACION, "El proceso responde")),
        )
        .api_route(
            "/readyz",
            get_with(
                crate::ops::readyz,
                doc(
                    OPERACION,
                    "Listo para servir: base de datos, migraciones y proyecciones al día",
                ),
            ),
        )
        .api_route(
            "/metrics",
            get_with(
                crate::ops::metrics,
                doc(OPERACION, "Métricas Prometheus (token METRICS_TOKEN)"),
            ),
        )
        .api_route(
            "/api/auth-status",
            get_with(auth::auth_status, doc(SESION, "Quién ha iniciado sesión")),
        )
        .api_route(
            "/api/login",
            post_with(
                auth::login,
                doc(SESION, "Iniciar sesión (clientes y gerencia)"),
            ),
        )
        .api_route(
            "/api/worker/login",
            post_with(
                auth::worker_login,
                doc(SESION, "Iniciar sesión de trabajador (número de empleado)"),
            ),
        )
        .api_route(
            "/api/logout",
            post_with(auth::logout, doc(SESION, "Cerrar sesión")),
        )
        .api_route(
            "/api/register",
            post_with(
                accounts::register,
                doc(SESION, "Registrar una cuenta de cliente"),
            ),
        )
        .api_route(
            "/api/confirm-email",
            post_with(
                accounts::confirm_email,
                doc(SESION, "Confirmar el correo con el código enviado"),
            ),
        )
        .api_route(
            "/api/resend-code",
            post_with(
                accounts::resend_code,
                doc(SESION, "Reenviar el código de confirmación"),
            ),
        )
        .api_route(
            "/api/forgot-password",
            post_with(
                accounts::forgot_password,
                doc(SESION, "Pedir un enlace para restablecer la contraseña"),
            ),
        )
        .api_route(
            "/api/restablecer-password",
            get_with(
                accounts::check_reset,
                doc(SESION, "Comprobar un enlace de restablecimiento"),
            )
            .post_with(
                accounts::reset_password,
                doc(SESION, "Fijar una contraseña nueva con el enlace"),
            ),
        )
        .api_route(
            "/api/mis-mudanzas",
            get_with(
                customer::my_moves,
                doc(CLIENTE, "Las mudanzas del cliente (cliente)"),
            ),
        )
        .api_route(
            "/api/mi-mudanza/{id}",
            get_with(
                booking::details,
                doc(CLIENTE, "Una mudanza propia (cliente)"),
            ),
        )
        .api_route(
            "/api/mi-mudanza/{id}/detalles",
            post_with(
                booking::complete,
                doc(
                    CLIENTE,
                    "Completar los detalles de una mudanza propia (cliente)",
                ),
            ),
        )
        .api_route(
            "/api/mi-mudanza/{id}/confirmar",
            post_with(
                booking::confirm,
                doc(
                    CLIENTE,
                    "Confirmar la reserva de una mudanza propia (cliente)",
                ),
            ),
        )
        .api_route(
            "/api/mi-perfil",
            put_with(
                customer::update_profile,
                doc(CLIENTE, "Actualizar el perfil (cliente)"),
            ),
        )
        .api_route(
            "/api/cambiar-password",
            put_with(
                customer::change_password,
                doc(CLIENTE, "Cambiar la contraseña (con sesión)"),
            ),
        )
        .api_route(
            "/api/eliminar-cuenta",
            delete_with(
                customer::delete_account,
                doc(CLIENTE, "Eliminar la cuenta (cliente)"),
            ),
        )
        .api_route(
            "/api/dev/outbox",
            get_with(
                dev::outbox,
                doc(OPERACION, "Correos enviados (solo en desarrollo local)"),
            ),
        )
        .api_route(
            "/api/todas-las-mudanzas",
            get_with(
                moves::list,
                doc(
                    MUDANZAS,
                    "Todas las mudanzas, vista del personal (empleado: sin precios)",
                ),
            ),
        )
        .api_route(
            "/api/actualizar-estado-mudanza",
            put_with(
                moves::update_status,
                doc(MUDANZAS, "Cambiar el estado de una mudanza (personal)"),
            ),
        )
        .api_route(
            "/api/mudanza/{id}",
            get_with(moves::one, doc(MUDANZAS, "Una mudanza, vista del personal")),
        )
        .api_route(
            "/api/crear-mudanza",
            post_with(
                manage::create,
                doc(MUDANZAS, "Crear una mudanza (empresario, admin)"),
            ),
        )
        .api_route(
            "/api/datos-de-empresa",
            get_with(
                company::company_data,
                doc(MUDANZAS, "Datos de la empresa (empresario, admin, auditor)"),
            ),
        )
        .api_route(
            "/api/factura/{id}",
            get_with(
                documents::invoice,
                doc(
                    MUDANZAS,
                    "La factura emitida de una mudanza (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/factura/{id}/emitir",
            post_with(
                documents::issue_invoice,
                doc(
                    MUDANZAS,
                    "Emitir la factura de una mudanza, o la ya emitida (empresario, admin)",
                ),
            ),
        )
        .api_route(
            "/api/albaran/{id}",
            get_with(
                documents::waybill,
                doc(
                    MUDANZAS,
                    "El albarán emitido de una mudanza (personal, y el cliente de la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/albaran/{id}/emitir",
            post_with(
                documents::issue_waybill,
                doc(
                    MUDANZAS,
                    "Emitir el albarán de una mudanza, o el ya emitido (personal salvo auditor, \
                     y el cliente de la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/analiticas",
            get_with(
                company::analytics,
                doc(
                    MUDANZAS,
                    "Analíticas del periodo (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/actualizar-mudanza",
            post_with(
                manage::edit,
                doc(MUDANZAS, "Editar una mudanza (empresario, admin)"),
            ),
        )
        .api_route(
            "/api/trabajadores",
            get_with(
                workers::list,
                doc(
                    MUDANZAS,
                    "Trabajadores y su disponibilidad (empresario, admin)",
                ),
            ),
        )
        .api_route(
            "/api/asignar-trabajador",
            post_with(
                workers::assign,
                doc(
                    MUDANZAS,
                    "Asignar un trabajador a una mudanza (empresario, admin)",
                ),
            ),
        )
        .api_route(
            "/api/subir-foto",
            post_with(
                photos::upload,
                form::<photos::UploadForm>(MUDANZAS, "Subir una foto de una mudanza (personal)"),
            )
            .layer(DefaultBodyLimit::max(photos::MAX_UPLOAD_BODY)),
        )
        .api_route(
            "/api/fotos/{move_id}/{photo_id}",
            get_with(
                photos::serve,
                doc(
                    MUDANZAS,
                    "Una foto de una mudanza (quien puede ver la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/objetos",
            get_with(
                catalogue::by_category,
                doc(PRESUPUESTOS, "Catálogo de objetos por categoría"),
            ),
        )
        .api_route(
            "/api/objetos-catalogo",
            get_with(
                catalogue::search,
                doc(PRESUPUESTOS, "Buscar en el catálogo de objetos"),
            ),
        )
        .api_route(
            "/api/calculate-price",
            post_with(
                pricing::calculate_price,
                doc(
                    PRESUPUESTOS,
                    "Calcular el precio orientativo de una mudanza",
                ),
            ),
        )
        .api_route(
            "/api/autocomplete",
            get_with(
                geo::autocomplete,
                doc(PRESUPUESTOS, "Sugerencias de direcciones"),
            ),
        )
        .api_route(
            "/api/get-calculated-stats",
            get_with(
                geo::calculated_stats,
                doc(PRESUPUESTOS, "Distancia y duración entre dos direcciones"),
            ),
        )
        .api_route(
            "/api/submit-quote-request",
            post_with(
                quotes::submit,
                doc(PRESUPUESTOS, "Solicitar un presupuesto"),
            )
            .layer(DefaultBodyLimit::max(quotes::MAX_BODY)),
        )
        .api_route(
            "/api/presupuestos",
            get_with(
                quotes::list,
                doc(
                    PRESUPUESTOS,
                    "Solicitudes de presupuesto (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/presupuestos/{id}/descartar",
            post_with(
                quotes::discard,
                doc(
                    PRESUPUESTOS,
                    "Descartar una solicitud de presupuesto (empresario, admin)",
                ),
            ),
        )
        .api_route(
            "/api/contact-form",
            post_with(
                forms::contact,
                doc(FORMULARIOS, "Enviar un mensaje de contacto"),
            )
            .layer(DefaultBodyLimit::max(forms::MAX_CONTACT_BODY)),
        )
        .api_route(
            "/api/trabaja-con-nosotros",
            post_with(
                forms::apply,
                form::<forms::ApplicationForm>(FORMULARIOS, "Enviar una candidatura con su CV"),
            )
            .layer(DefaultBodyLimit::max(forms::MAX_APPLICATION_BODY)),
        )
        .api_route(
            "/api/mensajes-contacto",
            get_with(
                forms::messages,
                doc(
                    FORMULARIOS,
                    "Mensajes de contacto recibidos (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/candidaturas",
            get_with(
                forms::applications,
                doc(
                    FORMULARIOS,
                    "Candidaturas recibidas (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/candidaturas/{id}/cv",
            get_with(
                forms::download_cv,
                doc(
                    FORMULARIOS,
                    "Descargar el CV de una candidatura (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/auditoria/mudanzas",
            get_with(
                audit::search,
                doc(AUDITORIA, "Buscar mudanzas (auditor, admin)"),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/historial",
            get_with(
                audit::move_history,
                doc(
                    AUDITORIA,
                    "Historial completo de una mudanza (auditor, admin)",
                ),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/historial.json",
            get_with(
                audit::export_json,
                doc(AUDITORIA, "Exportar el historial en JSON (auditor, admin)"),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/historial.csv",
            get_with(
                audit::export_csv,
                doc(AUDITORIA, "Exportar el historial en CSV (auditor, admin)"),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/estado",
            get_with(
                audit::state_as_of,
                doc(
                    AUDITORIA,
                    "Estado de una mudanza en un instante (auditor, admin)",
                ),
            ),
        )
        .api_route(
            "/api/verificar-registro",
            get_with(
                chain::verify,
                doc(
                    AUDITORIA,
                    "Verificar la cadena de hashes del registro (auditor, admin)",
                ),
            ),
        )
        .api_route(
            "/api/live",
            get_with(
                crate::live::live,
                doc(
                    MUDANZAS,
                    "Canal en vivo (WebSocket) de cambios de estado y estadísticas",
                ),
            ),
        )
        .api_route(
            "/api/admin/personal",
            get_with(admin::staff, doc(ADMIN, "Cuentas del personal (admin)")).post_with(
                admin::create_staff,
                doc(ADMIN, "Crear una cuenta de trabajador o gerente (admin)"),
            ),
        )
        .api_route(
            "/api/admin/personal/{id}/desactivar",
            post_with(
                admin::deactivate,
                doc(ADMIN, "Desactivar una cuenta (admin)"),
            ),
        )
        .api_route(
            "/api/admin/personal/{id}/reactivar",
            post_with(
                admin::reactivate,
                doc(ADMIN, "Reactivar una cuenta (admin)"),
            ),
        )
        .api_route(
            "/api/admin/personal/{id}/restablecer-password",
            post_with(
                admin::reset_password,
                doc(ADMIN, "Dar una contraseña temporal (admin)"),
            ),
        )
        .api_route(
            "/api/admin/proyecciones",
            get_with(
                admin::projections_status,
                doc(ADMIN, "Estado de las proyecciones (admin)"),
            ),
        )
        .api_route(
            "/api/admin/proyecciones/{nombre}/reconstruir",
            post_with(
                admin::start_rebuild,
                doc(ADMIN, "Reconstruir una proyección (admin)"),
            ),
        )
        .api_route(
            "/api/admin/reconstruccion",
            get_with(
                admin::rebuild_progress,
                doc(ADMIN, "Progreso de la reconstrucción (admin)"),
            ),
        )
        .api_route(
            "/api/admin/eventos",
            get_with(
                admin::events,
                doc(ADMIN, "Explorar el registro de eventos (admin)"),
            ),
        )
        .api_route(
            "/api/debug/estado",
            get_with(debug::status, doc(ADMIN, "Salud del sistema (admin)")),
        )
        .api_route(
            "/api/auth-pay",
            post_with(
                payments::auth_pay,
                doc(
                    PAGOS,
                    "Acceder al pago con el nombre del cliente y la clave de pago",
                ),
            ),
        )
        .api_route(
            "/api/pagos/{id}",
            get_with(
                payments::summary,
                doc(
                    PAGOS,
                    "Resumen y opciones de una sesión de pago (quien tenga su id)",
                ),
            ),
        )
        .api_route(
            "/api/pagos/{id}/tarjeta",
            post_with(
                payments::pay_by_card,
                doc(PAGOS, "Pagar con tarjeta (pasarela de pruebas)"),
            ),
        )
        .api_route(
            "/api/pagos/{id}/redsys",
            post_with(
                payments::redsys_form,
                doc(
                    PAGOS,
                    "Formulario firmado para pagar en la página de Redsys",
                ),
            ),
        )
        .api_route(
            "/api/pagos/redsys/notificacion",
            post_with(payments::redsys_notification, |op| {
                crate::openapi::form_body::<payments::RedsysNotification>(
                    op.tag(PAGOS)
                        .summary("Notificación firmada de Redsys con el resultado de un pago"),
                    "application/x-www-form-urlencoded",
                )
            }),
        )
        .api_route(
            "/api/mudanza/{id}/reembolso",
            post_with(
                payments::refund,
                doc(PAGOS, "Reembolsar un pago (empresario, admin)"),
            ),
        )
        .api_route(
            "/api/mudanza/{id}/clave-pago",
            post_with(
                payments::new_payment_key,
                doc(PAGOS, "Emitir una nueva clave de pago (empresario, admin)"),
            ),
        )
        .api_route(
            "/api/openapi.json",
            get_with(openapi_json, doc(OPERACION, "Esta descripción OpenAPI")),
        )
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

async fn openapi_json(Extension(doc): Extension<Arc<Value>>) -> Json<Value> {
    Json((*doc).clone())
}

pub fn router(state: AppState) -> Router {
    let web = crate::web::service(&state.config.web_dist);
    let mut api = aide::openapi::OpenApi::default();
    let documented = routes().finish_api_with(&mut api, describe);
    let router = documented
        .layer(Extension(Arc::new(crate::openapi::document(api))))
        .route("/api/{*rest}", any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback_service(web)
        .layer(middleware::from_fn(crate::security::same_origin_only))
        .layer(DefaultBodyLimit::max(1024 * 1024));
    let router = crate::security::headers(router, &state.config);
    crate::ops::instrument(router, &state).with_state(state)
}

pub const NOT_FOUND: &str = "Ruta no encontrada";
pub const METHOD_NOT_ALLOWED: &str = "Método no permitido en esta ruta";

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
    /// (the Spanish 404) is allowed to be one.
    #[test]
    fn every_route_is_registered_with_its_description() {
        let source = include_str!("mod.rs");
        let plain: Vec<&str> = source
            .lines()
            .filter(|l| l.trim_start().starts_with(".route("))
            .collect();
        assert_eq!(
            plain,
            vec![r#"        .route("/api/{*rest}", any(api_not_found))"#]
        );
    }
}
