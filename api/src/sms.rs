//! SMS, as emails go (`crate::mail`): every message is first written to `sms_outbox` in the
//! transaction of whatever it reports; with a provider configured (README 'Settings': the
//! `TWILIO_*` settings) a background task sends each row through the provider's HTTP API and
//! deletes it, and without one the rows stay, like the emails' outbox in local development.
//!
//! The provider is Twilio's Programmable Messaging API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
//! a form with `To`, `From` and `Body`, HTTP basic authentication with the account's SID and auth
//! token). Its base address is a setting, so tests point it at a local fake of that API.

use std::time::Duration;

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// Twilio's API, where `TWILIO_API_URL` does not say otherwise.
pub const TWILIO_API_URL: &str = "https://api.twilio.com";

/// The provider account SMS go out through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmsConfig {
    /// `TWILIO_API_URL`: the API's base address.
    pub api_url: String,
    /// `TWILIO_ACCOUNT_SID`.
    pub account_sid: String,
    /// `TWILIO_AUTH_TOKEN`.
    pub auth_token: String,
    /// `SMS_FROM`: the sender, a number in E.164 or an alphanumeric sender id.
    pub from: String,
}

/// The channel `queue` notifies on commit.
const CHANNEL: &str = "mudanzas_sms";
/// Attempts after which a message that keeps failing is given up.
const MAX_ATTEMPTS: i32 = 8;

/// Writes an SMS to `to` (E.164) in the caller's transaction; it goes out once that commits.
pub async fn queue(conn: &mut PgConnection, to: &str, text: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sms_outbox (id, para, texto) VALUES ($1, $2, $3)")
        .bind(Uuid::now_v7())
        .bind(to)
        .bind(text)
        .execute(&mut *conn)
        .await?;
    sqlx::query("SELECT pg_notify($1, '')")
        .bind(CHANNEL)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sends SMS as they are queued, when a provider is configured.
pub fn start_delivery(config: Option<SmsConfig>, pool: PgPool) {
    let Some(config) = config else {
        return;
    };
    let http = match reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
    {
        Ok(http) => http,
        Err(e) => {
            tracing::error!(error = %e, "no HTTP client for SMS; they stay in the outbox");
            return;
        }
    };
    let sender = Sender { config, http };
    crate::mail::spawn_outbox_worker(pool, CHANNEL, move |pool| {
        let sender = sender.clone();
        async move { sender.deliver_due(&pool).await }
    });
}

#[derive(Clone)]
struct Sender {
    config: SmsConfig,
    http: reqwest::Client,
}

/// What the provider made of one message.
enum Outcome {
    Sent,
    /// Worth trying again later (the provider or the network failed, or asked us to slow down).
    Retry(String),
    /// The provider refused the message itself (a number that cannot receive SMS, …).
    Refused(String),
}

impl Sender {
    /// Sends up to 20 due messages; returns how many left the outbox.
    async fn deliver_due(&self, pool: &PgPool) -> Result<usize, sqlx::Error> {
        let mut tx = pool.begin().await?;
        let due: Vec<(Uuid, String, String, i32)> = sqlx::query_as(
            "SELECT id, para, texto, attempts FROM sms_outbox WHERE next_attempt_at <= now() \
             ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED",
        )
        .fetch_all(&mut *tx)
        .await?;
        let mut sent = 0;
        for (id, to, text, attempts) in due {
            let (error, wait) = match self.send(&to, &text).await {
                Outcome::Sent => {
                    sqlx::query("DELETE FROM sms_outbox WHERE id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    sent += 1;
                    continue;
                }
                Outcome::Retry(e) if attempts + 1 < MAX_ATTEMPTS => {
                    (e, Some(crate::mail::backoff(attempts)))
                }
                Outcome::Retry(e) | Outcome::Refused(e) => (e, None),
            };
            tracing::warn!(%error, %id, retry = wait.is_some(), "an SMS could not be sent");
            // Given up: kept with its error for the operator, never due again.
            sqlx::query(
                "UPDATE sms_outbox SET attempts = attempts + 1, last_error = $2, \
                 next_attempt_at = CASE WHEN $3::float8 IS NULL THEN 'infinity'::timestamptz \
                 ELSE now() + make_interval(secs => $3) END WHERE id = $1",
            )
            .bind(id)
            .bind(&error)
            .bind(wait.map(|s| s as f64))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(sent)
    }

    async fn send(&self, to: &str, text: &str) -> Outcome {
        let c = &self.config;
        let url = format!(
            "{}/2010-04-01/Accounts/{}/Messages.json",
            c.api_url.trim_end_matches('/'),
            c.account_sid
        );
        let answer = self
            .http
            .post(url)
            .basic_auth(&c.account_sid, Some(&c.auth_token))
            .form(&[("To", to), ("From", c.from.as_str()), ("Body", text)])
            .send()
            .await;
        let response = match answer {
            Ok(r) => r,
            Err(e) => return Outcome::Retry(e.to_string()),
        };
        let status = response.status();
        if status.is_success() {
            return Outcome::Sent;
        }
        // Twilio explains a refusal as JSON: {"code": 21211, "message": "…", "status": 400}.
        let body = response.text().await.unwrap_or_default();
        let reason = serde_json::from_str::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v.get("message").and_then(|m| m.as_str()).map(String::from))
            .unwrap_or(body);
        let error = format!("{status}: {}", reason.chars().take(300).collect::<String>());
        if status.is_server_error() || status.as_u16() == 429 || status.as_u16() == 408 {
            Outcome::Retry(error)
        } else {
            Outcome::Refused(error)
        }
    }
}
