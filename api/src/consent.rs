//! The consent register (migrations/0008_public_forms.sql `consents`): every consent given or
//! refused, per purpose, with its time and wording, written in the transaction of whatever it
//! came with (a registration, a contact message, an application, a profile change), so there is
//! never a message without its consent nor a consent for something that was not stored.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::ApiError;

/// One row to record. Purposes, sources and wordings: `command::forms::consent`.
pub struct Consent<'a> {
    pub email: &'a str,
    pub account_id: Option<Uuid>,
    pub purpose: &'static str,
    pub granted: bool,
    pub source: &'static str,
    pub reference: Option<Uuid>,
    pub text: &'static str,
}

/// Records `consent` at the transaction's time (`now()`), the same instant as the row it came
/// with.
pub async fn record(conn: &mut PgConnection, consent: Consent<'_>) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO consents (email, account_id, purpose, granted, source, reference, text) \
         VALUES (lower($1), $2, $3, $4, $5, $6, $7)",
    )
    .bind(consent.email)
    .bind(consent.account_id)
    .bind(consent.purpose)
    .bind(consent.granted)
    .bind(consent.source)
    .bind(consent.reference)
    .bind(consent.text)
    .execute(conn)
    .await?;
    Ok(())
}
