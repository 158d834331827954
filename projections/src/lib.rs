//! The read side: projectors turn events into read-model tables; the runner applies them in order
//! with the checkpoint in the same transaction; rebuild replays from zero; `changes` is the feed
//! the live push reads.

pub mod analytics;
pub mod audit;
pub mod changes;
pub mod claims;
pub mod documents;
pub mod moves;
pub mod quotes;
pub mod reviews;
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

/// A read model an answer can read, named by the projector that writes it: what a command's
/// read-your-writes waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadModel {
    /// `move_staff_view`, `move_client_view` and the moves' `live_changes`.
    Moves,
    /// `analytics_days`, `analytics_moves`.
    Analytics,
    /// `documents`.
    Documents,
    /// `quotes_inbox` and the quotes' `live_changes`.
    Quotes,
    /// `reviews`.
    Reviews,
    /// `claims`.
    Claims,
}

impl ReadModel {
    /// The name of the projector that writes it ([`Projector::name`]).
    pub fn projector(self) -> &'static str {
        match self {
            ReadModel::Moves => "moves",
            ReadModel::Analytics => "analytics",
            ReadModel::Documents => "documents",
            ReadModel::Quotes => "quotes",
            ReadModel::Reviews => "reviews",
            ReadModel::Claims => "claims",
        }
    }
}

/// Every projector of the system, in the order they are started.
pub fn all() -> Vec<std::sync::Arc<dyn Projector>> {
    vec![
        std::sync::Arc::new(moves::MovesProjector::new()),
        std::sync::Arc::new(analytics::AnalyticsProjector::new()),
        std::sync::Arc::new(documents::DocumentsProjector),
        std::sync::Arc::new(quotes::QuotesProjector),
        std::sync::Arc::new(reviews::ReviewsProjector),
        std::sync::Arc::new(claims::ClaimsProjector),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_read_model_is_written_by_one_projector_of_the_system() {
        let names: Vec<_> = all().iter().map(|p| p.name()).collect();
        let models = [
            ReadModel::Moves,
            ReadModel::Analytics,
            ReadModel::Documents,
            ReadModel::Quotes,
            ReadModel::Reviews,
            ReadModel::Claims,
        ];
        let mut named: Vec<_> = models.iter().map(|m| m.projector()).collect();
        named.sort_unstable();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(named, sorted, "one read model per projector, by name");
    }
}
