//! The change feed the live push reads: one row per read-model change, keyed by the log position
//! that caused it. Rows are only read up to the projectors' checkpoint, so a reader never sees
//! part of a batch, never skips a row, and sees each in position order.

use serde::Serialize;
use sqlx::PgPool;

use crate::Error;

/// How far back, in positions, changes are kept at least: a dashboard that was away for longer
/// reloads instead. Positions advance by `POSITIONS_PER_TRANSACTION` per transaction (any
/// transaction, not only appends), so this keeps the changes of at least the last 10,000
/// transactions.
pub const RETENTION: i64 = 10_000 * events_schema::POSITIONS_PER_TRANSACTION;

/// Old rows go in steps of this many positions, not after every batch: the table is a sliding
/// window whose statistics are always stale, so a delete per batch was planned as a scan of the
/// whole table about 60 times a second during status changes (docs/PERFORMANCE.md).
pub const PRUNE_STEP: i64 = 1_000 * events_schema::POSITIONS_PER_TRANSACTION;

/// The newest position whose changes are gone once a projector has reached `last`. It depends on
/// `last` alone, so live projection and a rebuild that end at the same position keep the same
/// rows, and at least `RETENTION` positions are kept.
pub fn horizon(last: i64) -> i64 {
    (last - RETENTION).max(0) / PRUNE_STEP * PRUNE_STEP
}

/// Deletes the rows of `kinds` a batch from `before` (exclusive) to `last` took past the
/// horizon; nothing when the batch crossed no step.
pub async fn prune(
    tx: &mut sqlx::PgConnection,
    kinds: &[&str],
    before: i64,
    last: i64,
) -> Result<(), Error> {
    if !kinds.is_empty() && horizon(last) > horizon(before) {
        sqlx::query("DELETE FROM live_changes WHERE kind = ANY($1) AND position <= $2")
            .bind(kinds)
            .bind(horizon(last))
            .execute(tx)
            .await?;
    }
    Ok(())
}

/// Every live-feed row of `kind`: a projector's reset before it rebuilds.
pub async fn forget(tx: &mut sqlx::PgConnection, kind: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM live_changes WHERE kind = $1")
        .bind(kind)
        .execute(tx)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Change {
    pub position: i64,
    pub kind: String,
    pub entity_id: String,
    /// The client the entity belongs to, for deciding who may see it.
    pub cliente_email: Option<String>,
    pub staff_doc: Option<serde_json::Value>,
    pub client_doc: Option<serde_json::Value>,
}

/// Changes with `after < position <= upto`, in order, at most `limit`. At one position the
/// staff lists' counts come first: they are absolute, so a dashboard that lost its connection
/// after them resumes from just before their position (`web/src/lib/useLiveStore.ts`) and gets
/// them again with the rest, and one that saw the move's frame has seen its counts.
pub async fn read_changes(
    pool: &PgPool,
    after: i64,
    upto: i64,
    limit: i64,
) -> Result<Vec<Change>, Error> {
    Ok(sqlx::query_as(
        "SELECT position, kind, entity_id, cliente_email, staff_doc, client_doc FROM live_changes \
         WHERE position > $1 AND position <= $2 \
         ORDER BY position, kind <> $4, kind, entity_id LIMIT $3",
    )
    .bind(after)
    .bind(upto)
    .bind(limit)
    .bind(crate::moves::COUNTS_KIND)
    .fetch_all(pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_horizon_keeps_at_least_the_retention_and_moves_in_steps() {
        assert_eq!(horizon(0), 0);
        assert_eq!(horizon(RETENTION + PRUNE_STEP - 1), 0);
        assert_eq!(horizon(RETENTION + PRUNE_STEP), PRUNE_STEP);
        for last in [RETENTION * 3 + 17, RETENTION * 7 + PRUNE_STEP / 2, 1 << 50] {
            let h = horizon(last);
            assert!(last - h >= RETENTION && last - h < RETENTION + PRUNE_STEP);
            assert_eq!(h % PRUNE_STEP, 0);
        }
    }
}
