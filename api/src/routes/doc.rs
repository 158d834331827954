//! How every route is described in the OpenAPI document: its group and its one-line summary.

use aide::transform::TransformOperation;

// The document's groups.
pub const OPERATIONS: &str = "Operación";
pub const SESSIONS: &str = "Sesión y cuentas";
pub const CUSTOMER_AREA: &str = "Área de cliente";
pub const STAFF_MOVES: &str = "Mudanzas (personal)";
pub const PRICES_AND_QUOTES: &str = "Precios y presupuestos";
pub const CONTACT_AND_APPLICATIONS: &str = "Contacto y candidaturas";
pub const AUDITING: &str = "Auditoría";
pub const ADMIN: &str = "Administración";
pub const PAYMENTS: &str = "Pagos";
pub const REVIEWS: &str = "Opiniones";
pub const CLAIMS: &str = "Reclamaciones";

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
