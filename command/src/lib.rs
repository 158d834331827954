//! The write side: one decider per stream kind, pure functions without a database, and the
//! business rules (which role may do what, validation) with the spec's Spanish messages.

pub mod accounts;
pub mod billing;
pub mod booking;
pub mod cancellation;
pub mod claims;
pub mod decider;
pub mod demo;
pub mod documents;
pub mod estimate;
pub mod forms;
pub mod identity;
pub mod moves;
pub mod options;
pub mod payments;
pub mod pricing;
pub mod quotes;
pub mod referrals;
pub mod reviews;
mod role;
pub mod text;
pub mod waybill;
pub mod workers;

pub use decider::{Context, Decider, Generate};
pub use role::Role;

/// Events for one stream, appended only if the stream is still at `expected_version`.
#[derive(Debug, Clone, PartialEq)]
pub struct StreamEvents {
    pub stream: String,
    pub expected_version: i64,
    pub events: Vec<events_schema::Event>,
}

/// A rule the command broke; `Display` is the Spanish text shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    #[error("Mudanza no encontrada")]
    NotFound,
    #[error("La mudanza ya existe")]
    AlreadyExists,
    #[error("No tienes permiso para realizar esta acción")]
    Forbidden,
    #[error("No puedes cambiar la mudanza al estado «{0}»")]
    StatusNotAllowed(String),
    /// A worker acting on a move that is not assigned to them.
    #[error("Esta mudanza no está asignada a ti: solo puedes cambiar el estado o subir fotos de tus mudanzas asignadas")]
    NotAssigned,
    #[error("El trabajador ya tiene otra mudanza asignada ese día")]
    WorkerBusy,
    /// Decided on a version someone else has since moved past.
    #[error("La mudanza ha sido modificada por otra persona mientras la editabas. Recarga e inténtalo de nuevo.")]
    Stale,
    #[error("{0}")]
    Invalid(String),
    /// The command does not fit the move's current state (e.g. booking a move that is no longer
    /// pending); the message says why.
    #[error("{0}")]
    Conflict(String),
}
