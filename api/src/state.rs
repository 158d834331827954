//! What every handler shares: the pool, the log, the projections running here, the live feed.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::FromRef;
use axum_extra::extract::cookie::{Cookie, CookieJar};
use events_schema::{EventStore, StoreOptions};
use projections::Projections;
use sqlx::PgPool;
use uuid::Uuid;

use crate::admin::AdminRuntime;
use crate::auth;
use crate::catalogue::Catalogue;
use crate::config::Config;
use crate::error::ApiError;
use crate::geo::Geo;
use crate::live::LiveHub;
use crate::mail::Mailer;

#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub store: EventStore,
    pub projections: Projections,
    pub live: LiveHub,
    pub mailer: Mailer,
    pub config: Arc<Config>,
    /// The price finder's objects, read from the seed folder at start.
    pub catalogue: Arc<Catalogue>,
    /// Locating addresses and routes (README 'Addresses and routes').
    pub geo: Geo,
    /// Uptime and the projection rebuild started from the admin panel.
    pub admin: AdminRuntime,
}

#[derive(Debug, Clone)]
pub struct StartOptions {
    pub poll_interval: Duration,
    pub broadcast_capacity: usize,
    pub projection_batch: i64,
}

impl Default for StartOptions {
    fn default() -> Self {
        StartOptions {
            poll_interval: Duration::from_secs(2),
            broadcast_capacity: 1024,
            projection_batch: 500,
        }
    }
}

/// Events sealed into the log chain per transaction, at most.
const SEAL_BATCH: i64 = 2_000;

/// How long a command waits for the projections to show its effect before answering anyway.
pub const READ_YOUR_WRITES: Duration = Duration::from_secs(5);

/// The session extractors (`crate::auth`) take only the pool.
impl FromRef<AppState> for PgPool {
    fn from_ref(state: &AppState) -> PgPool {
        state.pool.clone()
    }
}

impl AppState {
    /// Starts this process's projectors and live feed on a migrated database.
    pub async fn start(
        pool: PgPool,
        config: Config,
        options: StartOptions,
    ) -> Result<AppState, String> {
        let mailer = Mailer::new(config.smtp_url.as_deref(), &config.mail_from)?;
        let catalogue = Arc::new(Catalogue::load(&config.seed_dir)?);
        let geo = Geo::from_config(&config)?;
        let store = EventStore::new(
            pool.clone(),
            StoreOptions {
                poll_interval: options.poll_interval,
                ..StoreOptions::default()
            },
        );
        let projections =
            Projections::start(store.clone(), projections::all(), options.projection_batch);
        // Not a projection: it seals the log chain (tamper evidence), never rebuilt.
        events_schema::chain::spawn_sealer(store.clone(), SEAL_BATCH);
        let live = LiveHub::start(
            pool.clone(),
            projections.clone(),
            options.broadcast_capacity,
        )
        .await
        .map_err(|e| e.to_string())?;
        mailer.start_delivery(pool.clone());
        crate::notify::Notifier::new(mailer.clone(), &config.public_url).start(store.clone());
        crate::sms::start_delivery(config.sms.clone(), pool.clone());
        Ok(AppState {
            pool,
            store,
            projections,
            live,
            mailer,
            config: Arc::new(config),
            catalogue,
            geo,
            admin: AdminRuntime::default(),
        })
    }

    /// Ends the session whose cookie is in `jar` (logout, or a new session on the same browser)
    /// and closes its live feeds in this process at once: the statement needs no commit.
    pub async fn end_session(&self, jar: &CookieJar) -> Result<(), ApiError> {
        self.live
            .end_sessions(auth::end_session(&self.pool, jar).await?);
        Ok(())
    }

    /// Ends the browser's session, if it has one, and opens one for `account`: the cookie to set.
    pub async fn replace_session(
        &self,
        jar: &CookieJar,
        account: Uuid,
    ) -> Result<Cookie<'static>, ApiError> {
        self.end_session(jar).await?;
        auth::start_session(&self.pool, &self.config, account).await
    }
}
