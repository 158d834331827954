//! Tells clients what happens to their moves (issue 20 item 4): it follows the log like a
//! projector, and what it writes is emails and SMS, in the outboxes, in the transaction that
//! moves its checkpoint: each event is announced exactly once, however many processes run it.
//!
//! It is not a read model: it is never rebuilt (that would send everything again), and news older
//! than a day when it reads them (a first start on a long log, a long outage) is not sent.
//!
//! Whom it tells, and how: the move's client by email and, on a Spanish mobile, by SMS, as the
//! client's own preferences say (§3 `email_alerts`, `sms_alerts`). A client without an account
//! gave their email for this move only: they get the move's emails, never SMS. None of these is a
//! commercial communication, so none depends on `marketing`, and none is ever sent for it.

pub mod messages;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::Utc;
use events_schema::events::{claim_move_of, move_id_of, move_stream};
use events_schema::{Event, EventStore, RecordedEvent, POSITIONS_PER_TRANSACTION};
use projections::{Mode, Projections, Projector};
use sqlx::PgConnection;

use crate::mail::{Email, Mailer};
use messages::{MoveFacts, Notice, QuoteReply};

/// How old news may be and still be sent.
const FRESH_FOR: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// The event types that may tell a client something (`messages::notice`): the others are passed
/// over without reading their move.
const TOLD: &[&str] = &[
    "move.created",
    "move.details_updated",
    "move.worker_assigned",
    "move.status_changed",
    "move.payment_authorised",
    "move.document_issued",
    "claim.opened",
    "claim.answered",
];

pub struct Notifier {
    mailer: Mailer,
    /// The public site's address, which links start with.
    site: String,
}

impl Notifier {
    pub fn new(mailer: Mailer, site: &str) -> Notifier {
        Notifier {
            mailer,
            site: site.trim_end_matches('/').to_string(),
        }
    }

    /// Follows the log in this process until it ends.
    pub fn start(self, store: EventStore) {
        // The runner's loop, checkpoint and poison handling; nobody waits on its progress.
        let _ = Projections::start(store, vec![Arc::new(self)], 200);
    }

    async fn tell(
        &self,
        tx: &mut PgConnection,
        event: &RecordedEvent,
    ) -> Result<(), projections::Error> {
        if !TOLD.contains(&event.event_type.as_str()) || event.recorded_at < Utc::now() - FRESH_FOR
        {
            return Ok(());
        }
        // A claim is told about its move, whose client it is.
        let (move_id, stream) = match (
            move_id_of(&event.stream_id),
            claim_move_of(&event.stream_id),
        ) {
            (Some(id), _) => (id, event.stream_id.clone()),
            (None, Some(id)) => (id, move_stream(id)),
            (None, None) => return Ok(()),
        };
        let decoded = event.decode()?;
        let history = EventStore::read_stream_until(tx, &stream, event.position).await?;
        let mut before = MoveFacts::default();
        for past in history.iter().filter(|e| e.position < event.position) {
            before.evolve(&past.decode()?);
        }
        let mut after = before.clone();
        after.evolve(&decoded);
        let reference = match decoded {
            Event::MoveCreated(_) => quote_answered(tx, event.position, move_id).await?,
            _ => None,
        };
        let quote = reference.as_deref().map(|r| QuoteReply { referencia: r });
        let Some(notice) = messages::notice(&decoded, &before, &after, quote, &self.site) else {
            return Ok(());
        };
        self.send(tx, &after, notice).await
    }

    async fn send(
        &self,
        tx: &mut PgConnection,
        to: &MoveFacts,
        notice: Notice,
    ) -> Result<(), projections::Error> {
        let preferences: Option<serde_json::Value> = sqlx::query_scalar(
            "SELECT preferencias FROM accounts WHERE email = $1 AND role = 'cliente' AND active \
             AND deactivated_at IS NULL",
        )
        .bind(command::identity::identifier(&to.email))
        .fetch_optional(&mut *tx)
        .await?;
        let wants = |key: &str| {
            preferences
                .as_ref()
                .and_then(|p| p.get(key))
                .and_then(|v| v.as_bool())
                .unwrap_or(false)
        };
        let (email, sms) = match preferences {
            Some(_) => (wants("emailNotifications"), wants("smsNotifications")),
            None => (true, false),
        };
        tracing::info!(
            kind = notice.kind,
            move_id = to.id,
            email,
            sms,
            "notifying a client"
        );
        if email {
            let email = Email {
                to: to.email.clone(),
                subject: notice.subject,
                text: notice.text,
            };
            self.mailer.queue(tx, email).await?;
        }
        if let (true, Some(mobile)) = (sms, messages::mobile_e164(&to.telefono)) {
            crate::sms::queue(tx, &mobile, &notice.sms).await?;
        }
        Ok(())
    }
}

/// The reference of the quote that the move created at `position` answers: a quote converted
/// into this move in the same transaction.
async fn quote_answered(
    tx: &mut PgConnection,
    position: i64,
    move_id: i64,
) -> Result<Option<String>, projections::Error> {
    let transaction = position / POSITIONS_PER_TRANSACTION;
    let quote_stream: Option<String> = sqlx::query_scalar(
        "SELECT stream_id FROM events WHERE event_type = 'quote.converted' \
         AND position >= $1 AND position < $2 AND (data->>'move_id')::bigint = $3 LIMIT 1",
    )
    .bind(transaction * POSITIONS_PER_TRANSACTION)
    .bind((transaction + 1) * POSITIONS_PER_TRANSACTION)
    .bind(move_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(stream) = quote_stream else {
        return Ok(None);
    };
    let requested = EventStore::read_stream_until(tx, &stream, position).await?;
    Ok(requested.first().and_then(|e| match e.decode() {
        Ok(Event::QuoteRequested(q)) => {
            Some(q.referencia.unwrap_or_else(|| q.quote_id.to_string()))
        }
        _ => None,
    }))
}

/// The notifier's checkpoint beside the read models' in `projection_checkpoints`.
pub const NAME: &str = "notifications";

#[async_trait]
impl Projector for Notifier {
    fn name(&self) -> &'static str {
        NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        &[]
    }

    /// Never rebuilt: what it wrote has been sent.
    async fn reset(&self, _tx: &mut PgConnection) -> Result<(), projections::Error> {
        Ok(())
    }

    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        _mode: Mode,
    ) -> Result<(), projections::Error> {
        for event in events {
            self.tell(tx, event).await?;
        }
        Ok(())
    }
}
