//! How every route is described in the OpenAPI document: its group and its one-line summary.

use aide::transform::TransformOperation;

// The document's groups.
pub const OPERACION: &str = "Operación";
pub const SESION: &str = "Sesión y cuentas";
pub const CLIENTE: &str = "Área de cliente";
pub const MUDANZAS: &str = "Mudanzas (personal)";
pub const PRESUPUESTOS: &str = "Precios y presupuestos";
pub const FORMULARIOS: &str = "Contacto y candidaturas";
pub const AUDITORIA: &str = "Auditoría";
pub const ADMIN: &str = "Administración";
pub const PAGOS: &str = "Pagos";

/// One operation's group and one-line summary (who may call it, when not everyone).
pub fn doc(
    tag: &'static str,
    summary: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |op| op.tag(tag).summary(summary)
}

/// `doc` for a handler that answers `STATUS` with a body of its own (`T`, built with
/// `reply::Answer::refused`) instead of the common rejection.
pub fn refusal<const STATUS: u16, T: schemars::JsonSchema>(
    tag: &'static str,
    summary: &'static str,
    description: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |op| {
        op.tag(tag)
            .summary(summary)
            .response_with::<STATUS, axum::Json<T>, _>(|response| response.description(description))
    }
}

/// `doc` for a multipart handler, whose form fields `T` describes.
pub fn form<T: schemars::JsonSchema>(
    tag: &'static str,
    summary: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |op| crate::openapi::form_body::<T>(op.tag(tag).summary(summary), "multipart/form-data")
}
