//! The Mudanzas server: axum routes (the exact `/api` paths of spec §7), sessions and roles, the
//! WebSocket live feed, the web app, and the operator commands (seed, rebuild, verify).

pub mod admin;
pub mod auth;
pub mod catalogue;
pub mod config;
pub mod consent;
pub mod cv;
pub mod device;
pub mod error;
pub mod geo;
pub mod input;
pub mod limits;
pub mod live;
pub mod mail;
pub mod notify;
pub mod openapi;
pub mod ops;
pub mod ownership;
pub mod payments;
pub mod pdf;
pub mod pipeline;
pub mod reply;
pub mod retention;
pub mod routes;
pub mod security;
pub mod seed;
pub mod server;
pub mod sms;
pub mod state;
pub mod web;
pub mod windows;

pub use routes::router;

/// The application layer's steps as the benchmark takes them, one by one, to time each.
pub mod steps {
    pub use crate::auth::user_for_token;
    pub use crate::pipeline::{append, context, context_as, load, metadata_for, read_your_writes};
    pub use crate::routes::moves::staff_doc;
}

/// The router as a service that knows each connection's peer address (the per-address limits).
pub fn app(
    state: AppState,
) -> axum::extract::connect_info::IntoMakeServiceWithConnectInfo<axum::Router, std::net::SocketAddr>
{
    router(state).into_make_service_with_connect_info::<std::net::SocketAddr>()
}
pub use state::{AppState, StartOptions};

use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};

/// Connects, waiting a little for a database that is still starting.
pub async fn connect(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    let mut attempt = 0;
    loop {
        match PgPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(10))
            // A ping before every use would add a round trip to every append; a broken
            // connection shows up as an error on use instead, and is then dropped.
            .test_before_acquire(false)
            .connect(url)
            .await
        {
            Ok(pool) => return Ok(pool),
            Err(e) if attempt < 30 => {
                attempt += 1;
                tracing::info!(error = %e, "waiting for the database");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => return Err(e),
        }
    }
}
