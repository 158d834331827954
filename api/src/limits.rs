//! Attempt limits where guessing pays (ARCHITECTURE §6): failed logins per account and per
//! address, password-reset requests per account and per address; and where an anonymous call
//! costs something: quote requests, contact messages and job applications per address and per
//! sender email. Counted in `auth_attempts`, so every server process sharing the database shares
//! the count.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use sqlx::PgPool;

use crate::error::ApiError;

pub const TOO_MANY: &str = "Demasiados intentos. Espera antes de intentar de nuevo.";

/// At most `max` attempts per key within `window_secs`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window_secs: i64,
}

/// Wrong passwords for one account: 5 in 15 minutes, then the account waits out the window.
pub const LOGIN_PER_ACCOUNT: Limit = Limit {
    scope: "login:cuenta",
    max: 5,
    window_secs: 15 * 60,
};
/// Wrong passwords from one address, whichever accounts they try.
pub const LOGIN_PER_ADDRESS: Limit = Limit {
    scope: "login:direccion",
    max: 20,
    window_secs: 15 * 60,
};
/// Reset emails for one account: each one is an email in someone's inbox.
pub const RESET_PER_ACCOUNT: Limit = Limit {
    scope: "recuperar:cuenta",
    max: 3,
    window_secs: 60 * 60,
};
pub const RESET_PER_ADDRESS: Limit = Limit {
    scope: "recuperar:direccion",
    max: 20,
    window_secs: 60 * 60,
};

/// Quote requests from one address: each one is an event kept for years and an email sent.
pub const QUOTE_PER_ADDRESS: Limit = Limit {
    scope: "presupuesto:direccion",
    max: 10,
    window_secs: 60 * 60,
};
/// Quote confirmations to one email address, whoever asks: nobody's inbox is filled from here.
pub const QUOTE_PER_EMAIL: Limit = Limit {
    scope: "presupuesto:email",
    max: 5,
    window_secs: 60 * 60,
};

/// Contact messages from one address: each one is stored and sends two emails.
pub const CONTACT_PER_ADDRESS: Limit = Limit {
    scope: "contacto:direccion",
    max: 10,
    window_secs: 60 * 60,
};
/// Acknowledgements to one email address, whoever sends the form.
pub const CONTACT_PER_EMAIL: Limit = Limit {
    scope: "contacto:email",
    max: 5,
    window_secs: 60 * 60,
};
/// Job applications from one address: each one stores a file of up to 5 MB.
pub const APPLICATION_PER_ADDRESS: Limit = Limit {
    scope: "empleo:direccion",
    max: 5,
    window_secs: 60 * 60,
};
pub const APPLICATION_PER_EMAIL: Limit = Limit {
    scope: "empleo:email",
    max: 3,
    window_secs: 60 * 60,
};

/// The longest window: older rows count for nothing and are pruned.
const LONGEST_WINDOW_SECS: i64 = 60 * 60;

// Keys are whatever was typed, of any length: the index is over their md5 (migration 0015), so
// every query names `md5(key)` to use it.
impl Limit {
    /// Refuses with 429 when `key` has used up its attempts.
    pub async fn check(&self, pool: &PgPool, key: &str) -> Result<(), ApiError> {
        let used: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM auth_attempts WHERE scope = $1 AND md5(key) = md5($2) AND key = $2 \
             AND at > now() - make_interval(secs => $3)",
        )
        .bind(self.scope)
        .bind(key)
        .bind(self.window_secs as f64)
        .fetch_one(pool)
        .await?;
        if used >= self.max {
            return Err(ApiError::TooManyAttempts(TOO_MANY.into()));
        }
        Ok(())
    }

    pub async fn record(&self, pool: &PgPool, key: &str) -> Result<(), ApiError> {
        sqlx::query(
            "WITH pruned AS (DELETE FROM auth_attempts WHERE scope = $1 AND md5(key) = md5($2) AND key = $2 \
             AND at < now() - make_interval(secs => $3)) \
             INSERT INTO auth_attempts (scope, key) VALUES ($1, $2)",
        )
        .bind(self.scope)
        .bind(key)
        .bind(LONGEST_WINDOW_SECS as f64)
        .execute(pool)
        .await?;
        Ok(())
    }

    /// Forgets a key's attempts (a correct password clears its account's failures).
    pub async fn clear(&self, pool: &PgPool, key: &str) -> Result<(), ApiError> {
        sqlx::query(
            "DELETE FROM auth_attempts WHERE scope = $1 AND md5(key) = md5($2) AND key = $2",
        )
        .bind(self.scope)
        .bind(key)
        .execute(pool)
        .await?;
        Ok(())
    }
}

/// The caller's network address, the key of the per-address limits. The peer address of the
/// connection: a proxy in front would make every caller one address, so deployments behind one
/// must keep these limits in mind (README 'Settings').
pub struct ClientAddress(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip: Option<IpAddr> = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        Ok(ClientAddress(ip.map_or_else(
            || "desconocida".to_string(),
            |ip| ip.to_string(),
        )))
    }
}
