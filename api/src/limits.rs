//! Attempt limits where guessing pays (ARCHITECTURE §6): failed logins per account and per
//! address, confirmation codes tried per email and per address; and where an anonymous call
//! costs something: sign-ups, codes sent again and password-reset requests (caps per hour and per
//! day, per email and per address), quote requests, contact messages and job applications per
//! address and per sender email. Emails are keyed in their identifier form
//! (`command::identity::identifier`), the form accounts are found by. Counted in
//! `auth_attempts`, so every server process sharing the database shares the count.

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

/// At most `per_hour` attempts per key in any hour and `per_day` in any day. Taken, not checked
/// and recorded apart: see `take`.
#[derive(Debug, Clone, Copy)]
pub struct Cap {
    pub scope: &'static str,
    pub per_hour: i64,
    pub per_day: i64,
}

/// Sign-ups from one address: each one is an account, a consent record and an email.
pub const REGISTER_PER_ADDRESS: Cap = Cap {
    scope: "registro:direccion",
    per_hour: 10,
    per_day: 30,
};
/// Sign-ups with one email: one succeeds; the others only ask whether it is taken.
pub const REGISTER_PER_EMAIL: Cap = Cap {
    scope: "registro:email",
    per_hour: 5,
    per_day: 10,
};
/// Confirmation codes sent again to one email, on top of the minute between two (spec §9).
pub const RESEND_PER_EMAIL: Cap = Cap {
    scope: "reenviar:email",
    per_hour: 5,
    per_day: 10,
};
pub const RESEND_PER_ADDRESS: Cap = Cap {
    scope: "reenviar:direccion",
    per_hour: 20,
    per_day: 50,
};
/// Codes tried against one email: with the five a code survives and a new code a minute, a
/// guesser had 7,200 tries a day; now 20 (one chance in 50,000 of hitting a six-digit code).
pub const CONFIRM_PER_EMAIL: Cap = Cap {
    scope: "confirmar:email",
    per_hour: 10,
    per_day: 20,
};
pub const CONFIRM_PER_ADDRESS: Cap = Cap {
    scope: "confirmar:direccion",
    per_hour: 30,
    per_day: 100,
};
/// Reset emails for one account: each one is an email in someone's inbox.
pub const RESET_PER_EMAIL: Cap = Cap {
    scope: "recuperar:cuenta",
    per_hour: 3,
    per_day: 10,
};
pub const RESET_PER_ADDRESS: Cap = Cap {
    scope: "recuperar:direccion",
    per_hour: 20,
    per_day: 50,
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

/// The longest window of a `Limit`: older rows count for nothing and are pruned.
const LONGEST_WINDOW_SECS: i64 = 60 * 60;
/// The longest window of a `Cap`.
const DAY_SECS: i64 = 24 * 60 * 60;

/// Takes one attempt on each of `caps` (a cap and its key), or none: refused with 429 when any
/// of them is used up, and then nothing is counted, so a caller refused does not push their own
/// wait further. The keys are locked for the check and the count (advisory locks, in one order
/// so that two callers cannot wait on each other), so concurrent requests in any number of server
/// processes cannot all slip under a cap: at most `per_hour` get through in an hour.
pub async fn take(pool: &PgPool, caps: &[(Cap, &str)]) -> Result<(), ApiError> {
    let locks: Vec<String> = caps
        .iter()
        .map(|(cap, key)| format!("{}\u{1f}{key}", cap.scope))
        .collect();
    let mut tx = pool.begin().await?;
    sqlx::query(
        "SELECT pg_advisory_xact_lock(h) FROM \
         (SELECT DISTINCT hashtextextended(k, 0) AS h FROM unnest($1::text[]) AS k ORDER BY h) AS l",
    )
    .bind(&locks)
    .execute(&mut *tx)
    .await?;
    for (cap, key) in caps {
        let (hour, day): (i64, i64) = sqlx::query_as(
            "SELECT count(*) FILTER (WHERE at > now() - interval '1 hour'), count(*) \
             FROM auth_attempts WHERE scope = $1 AND md5(key) = md5($2) AND key = $2 \
             AND at > now() - interval '1 day'",
        )
        .bind(cap.scope)
        .bind(key)
        .fetch_one(&mut *tx)
        .await?;
        if hour >= cap.per_hour || day >= cap.per_day {
            return Err(ApiError::TooManyAttempts(TOO_MANY.into()));
        }
    }
    for (cap, key) in caps {
        record(&mut tx, cap.scope, key, DAY_SECS).await?;
    }
    tx.commit().await?;
    Ok(())
}

// Keys are whatever was typed, of any length: the index is over their md5 (migration 0015), so
// every query names `md5(key)` to use it.

/// Counts one attempt of `key`, dropping its attempts older than `keep_secs`, which no window
/// looks at any more.
async fn record(
    conn: &mut sqlx::PgConnection,
    scope: &str,
    key: &str,
    keep_secs: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "WITH pruned AS (DELETE FROM auth_attempts WHERE scope = $1 AND md5(key) = md5($2) AND key = $2 \
         AND at < now() - make_interval(secs => $3)) \
         INSERT INTO auth_attempts (scope, key) VALUES ($1, $2)",
    )
    .bind(scope)
    .bind(key)
    .bind(keep_secs as f64)
    .execute(conn)
    .await?;
    Ok(())
}

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
        record(
            &mut *pool.acquire().await?,
            self.scope,
            key,
            LONGEST_WINDOW_SECS,
        )
        .await
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
