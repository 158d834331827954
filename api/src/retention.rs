//! Retention: what the privacy notice (/politica-privacidad, 'Cuánto tiempo conservamos tus
//! datos') promises to delete or anonymise when its time runs out, done by the server itself:
//! contact messages and job applications (with their CVs) one year after they arrived, and the
//! requester's contact details of a quote never turned into a move one year after it was sent.
//! Moves, payments and invoices keep theirs for the contract plus 6 years (spec §9); the consent
//! register is the proof of what was agreed to and stays.

use std::time::Duration;

use chrono::{DateTime, Months, Utc};
use command::quotes::{QuoteCommand, QuoteDecider, ERASED_BY_RETENTION};
use command::{Decider, Role};
use events_schema::Metadata;
use uuid::Uuid;

use crate::error::{ApiError, ApiResult};
use crate::pipeline::{self, append, load};
use crate::routes::forms::cv_dir;
use crate::AppState;

/// How long each kind of record is kept (the privacy notice words them as one year).
pub const RETENTION_MONTHS: u32 = 12;

/// How often the server looks: a day late is a day late, nothing more is at stake.
const EVERY: Duration = Duration::from_secs(60 * 60);

/// What one sweep removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Swept {
    pub mensajes: u64,
    pub candidaturas: u64,
    pub presupuestos: u64,
}

/// Removes what is past its time at `now`. Each part stands alone: a failure in one leaves the
/// others done and is tried again on the next sweep.
pub async fn sweep(state: &AppState, now: DateTime<Utc>) -> ApiResult<Swept> {
    let cutoff = now
        .checked_sub_months(Months::new(RETENTION_MONTHS))
        .ok_or_else(|| ApiError::Internal("retention cutoff out of range".into()))?;
    let messages = sqlx::query("DELETE FROM contact_messages WHERE received_at < $1")
        .bind(cutoff)
        .execute(&state.pool)
        .await?
        .rows_affected();
    let applications = sweep_applications(state, cutoff).await?;
    let quotes = sweep_quotes(state, cutoff).await?;
    Ok(Swept {
        mensajes: messages,
        candidaturas: applications,
        presupuestos: quotes,
    })
}

/// The rows go first, then their files: a file left behind by a crash in between is unreadable
/// through the API (no row names it) and its name says nothing about anyone.
async fn sweep_applications(state: &AppState, cutoff: DateTime<Utc>) -> ApiResult<u64> {
    let stored: Vec<String> = sqlx::query_scalar(
        "DELETE FROM job_applications WHERE received_at < $1 RETURNING cv_stored_name",
    )
    .bind(cutoff)
    .fetch_all(&state.pool)
    .await?;
    let dir = cv_dir(&state.config.data_dir);
    for name in &stored {
        match tokio::fs::remove_file(dir.join(name)).await {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => tracing::warn!(error = %e, file = %name, "could not delete an expired CV"),
        }
    }
    Ok(stored.len() as u64)
}

/// Quotes never converted (new or discarded) whose year ran out get `quote.contact_erased`.
async fn sweep_quotes(state: &AppState, cutoff: DateTime<Utc>) -> ApiResult<u64> {
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "SELECT id FROM quotes_inbox WHERE estado <> 'convertida' AND recibida < $1 \
         AND NOT coalesce((doc->>'datos_eliminados')::boolean, false) ORDER BY recibida",
    )
    .bind(cutoff)
    .fetch_all(&state.pool)
    .await?;
    let mut erased = 0;
    for id in ids {
        if erase_quote_contact(state, id).await? {
            erased += 1;
        }
    }
    Ok(erased)
}

/// Appends the erasure as the system's retention task; false when there was nothing to erase
/// (already erased, or converted since the list was read by a manager acting meanwhile).
async fn erase_quote_contact(state: &AppState, id: Uuid) -> ApiResult<bool> {
    let quote = load::<QuoteDecider>(state, &id).await?;
    if quote.state.move_id.is_some() {
        return Ok(false);
    }
    let command = QuoteCommand::EraseContact {
        motivo: ERASED_BY_RETENTION,
    };
    // The server's own task, acting as the admin; no one waits for its answer, so it does not
    // wait for the projections either (plain `append`, not `execute_with`).
    let ctx = pipeline::context_as(Role::Admin);
    let events = QuoteDecider::decide(&quote.state, command, &ctx)?;
    if events.is_empty() {
        return Ok(false);
    }
    let stream = QuoteDecider::stream(&id);
    let metadata = Metadata::system("retencion");
    match append(state, &stream, quote.version, &events, metadata).await {
        Ok(_) => Ok(true),
        // Someone changed the quote meanwhile: the next sweep decides again.
        Err(events_schema::Error::Conflict { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// The server's retention task: a sweep at start and then every hour, for as long as it runs.
pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        loop {
            tick.tick().await;
            match sweep(&state, Utc::now()).await {
                Ok(swept) if swept != Swept::default() => tracing::info!(
                    mensajes = swept.mensajes,
                    candidaturas = swept.candidaturas,
                    presupuestos = swept.presupuestos,
                    "retention: expired personal data removed"
                ),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "retention sweep failed; retrying later"),
            }
        }
    });
}
