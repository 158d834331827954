//! The read side: projectors turn events into read-model tables; the runner applies them in order
//! with the checkpoint in the same transaction; rebuild replays from zero; `changes` is the feed
//! the live push reads.

pub mod analytics;
pub mod audit;
pub mod changes;
pub mod documents;
pub mod moves;
pub mod quotes;
mod runner;

pub use runner::{
    dump_tables, is_poison, poison_events, rebuild, step, Mode, PoisonEvent, Projections, Projector,
};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An event a projector cannot apply; the projector records it and skips it.
    #[error("event at position {position} cannot be projected: {reason}")]
    Poison { position: i64, reason: String },
    /// A rebuild could not reach the end of the log because an old transaction is still open.
    #[error("the log cannot be read to its end while an older transaction runs: {0}")]
    HorizonHeld(String),
    #[error(transparent)]
    Log(#[from] events_schema::Error),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Every projector of the system, in the order they are started.
pub fn all() -> Vec<std::sync::Arc<dyn Projector>> {
    vec![
        std::sync::Arc::new(moves::MovesProjector::new()),
        std::sync::Arc::new(analytics::AnalyticsProjector::new()),
        std::sync::Arc::new(documents::DocumentsProjector),
        std::sync::Arc::new(quotes::QuotesProjector),
    ]
}
