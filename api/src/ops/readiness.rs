//! `GET /readyz`: whether this server can answer requests correctly (database, migrations,
//! projectors), and how far each projector is behind (also for the metrics and the admin panel).

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::json;

use crate::reply::{Answer, True};
use crate::state::AppState;

/// How long readiness waits for the database before calling it unreachable.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(2);
/// A projector is far behind when the oldest event it has not applied was recorded longer ago
/// than this. A command waits up to 5 s for the projections (read-your-writes), and a healthy
/// projector clears even a burst of thousands of events in a second or two (docs/PERFORMANCE.md);
/// one still behind on a 30-second-old event is not keeping up (a failing event, a stopped loop,
/// a starved database), and answers from this server would be stale. Measured in time, not in
/// events: a burst makes the count large for a moment without anything being wrong.
pub const MAX_PROJECTION_DELAY: Duration = Duration::from_secs(30);

/// One projector as readiness and the metrics see it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectorLag {
    pub name: &'static str,
    pub checkpoint: i64,
    /// Events in the log past the checkpoint.
    pub pending: i64,
    /// Since the oldest of them was recorded (0 when none).
    pub delay_seconds: f64,
    /// The error of its last batch, cleared by the next good one.
    pub last_error: Option<String>,
    /// When its checkpoint last moved.
    pub updated_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl ProjectorLag {
    /// Running here and not far behind (see [`MAX_PROJECTION_DELAY`]).
    pub fn ready(&self, running: bool) -> bool {
        running && (self.pending == 0 || self.delay_seconds <= MAX_PROJECTION_DELAY.as_secs_f64())
    }

    pub fn failing(&self) -> bool {
        self.last_error.is_some()
    }
}

/// Every projector's checkpoint and how far the log has gone past it.
pub async fn projector_lags(pool: &sqlx::PgPool) -> Result<Vec<ProjectorLag>, sqlx::Error> {
    let all = projections::all();
    let names: Vec<&'static str> = all.iter().map(|p| p.name()).collect();
    #[allow(clippy::type_complexity)]
    let rows: Vec<(
        String,
        i64,
        i64,
        Option<f64>,
        Option<String>,
        Option<chrono::DateTime<chrono::Utc>>,
    )> = sqlx::query_as(
        "SELECT n.name, coalesce(c.position, 0), p.pending, \
                extract(epoch FROM now() - p.oldest)::float8, c.last_error, c.updated_at \
         FROM unnest($1::text[]) AS n(name) \
         LEFT JOIN projection_checkpoints c ON c.name = n.name \
         CROSS JOIN LATERAL (SELECT count(*) AS pending, min(e.recorded_at) AS oldest \
                             FROM events e WHERE e.position > coalesce(c.position, 0)) p",
    )
    .bind(&names)
    .fetch_all(pool)
    .await?;
    Ok(names
        .iter()
        .filter_map(|name| {
            let (_, checkpoint, pending, delay, last_error, updated_at) =
                rows.iter().find(|r| r.0 == *name)?.clone();
            Some(ProjectorLag {
                name,
                checkpoint,
                pending,
                delay_seconds: if pending > 0 {
                    delay.unwrap_or(0.0).max(0.0)
                } else {
                    0.0
                },
                last_error,
                updated_at,
            })
        })
        .collect())
}

/// Migrations this binary has that the database has not applied.
async fn missing_migrations(pool: &sqlx::PgPool) -> Result<Vec<i64>, sqlx::Error> {
    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(pool)
            .await?;
    Ok(events_schema::MIGRATOR
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
        .map(|m| m.version)
        .filter(|v| !applied.contains(v))
        .collect())
}

async fn within<T>(
    what: &str,
    work: impl std::future::Future<Output = Result<T, sqlx::Error>>,
) -> Option<T> {
    match tokio::time::timeout(DATABASE_TIMEOUT, work).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(e)) => {
            tracing::warn!(check = what, error = %e, "readiness check failed");
            None
        }
        Err(_) => {
            tracing::warn!(check = what, "readiness check timed out");
            None
        }
    }
}

/// Ready: every check passed (a 503 carries `ready: false`, `error`, `not_ready` and the same
/// `checks`).
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct Ready {
    success: True,
    ready: bool,
    checks: Checks,
}

/// What was checked; without the database nothing else is (the other keys are absent).
#[derive(Default, serde::Serialize, schemars::JsonSchema)]
pub struct Checks {
    database: Check,
    #[serde(skip_serializing_if = "Option::is_none")]
    migrations: Option<MigrationsCheck>,
    /// `null` when the projectors could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    projectors: Option<Option<Vec<ProjectorCheck>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    poison_events: Option<PoisonCheck>,
}

#[derive(Default, serde::Serialize, schemars::JsonSchema)]
pub struct Check {
    ok: bool,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct MigrationsCheck {
    ok: bool,
    /// Absent when they could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    missing: Option<Vec<i64>>,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct ProjectorCheck {
    name: String,
    ok: bool,
    running: bool,
    pending_events: i64,
    delay_seconds: f64,
    failing: bool,
}

/// Skipped events: where, not why.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct PoisonCheck {
    ok: bool,
    /// Absent when they could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<Vec<PoisonRef>>,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct PoisonRef {
    projection: String,
    position: i64,
    event_type: String,
}

/// `GET /readyz`: 200 when this server can answer requests correctly, else 503 naming what is not
/// ready. The body holds no error texts (this route is public): the log has them.
pub async fn readyz(State(state): State<AppState>) -> Answer<Ready> {
    let mut not_ready: Vec<String> = Vec::new();
    let database = within(
        "database",
        sqlx::query_scalar::<_, i32>("SELECT 1").fetch_one(&state.pool),
    )
    .await
    .is_some();
    let mut checks = Checks {
        database: Check { ok: database },
        ..Checks::default()
    };
    if !database {
        // Nothing else can be checked without it.
        not_ready.push("database".into());
    } else {
        match within("migrations", missing_migrations(&state.pool)).await {
            Some(missing) => {
                if !missing.is_empty() {
                    not_ready.push("migrations".into());
                }
                checks.migrations = Some(MigrationsCheck {
                    ok: missing.is_empty(),
                    missing: Some(missing),
                });
            }
            None => {
                not_ready.push("migrations".into());
                checks.migrations = Some(MigrationsCheck {
                    ok: false,
                    missing: None,
                });
            }
        }
        match within("projectors", projector_lags(&state.pool)).await {
            Some(lags) => {
                let running = state.projections.running();
                let mut projectors = Vec::new();
                for lag in lags {
                    let alive = running.iter().any(|(n, _, alive)| *n == lag.name && *alive);
                    let ok = lag.ready(alive);
                    if !ok {
                        not_ready.push(format!("projector:{}", lag.name));
                    }
                    projectors.push(ProjectorCheck {
                        name: lag.name.into(),
                        ok,
                        running: alive,
                        pending_events: lag.pending,
                        delay_seconds: lag.delay_seconds,
                        failing: lag.failing(),
                    });
                }
                checks.projectors = Some(Some(projectors));
            }
            None => {
                not_ready.push("projectors".into());
                checks.projectors = Some(None);
            }
        }
        // Skipped events do not make the server unready (the projectors go on past them, and
        // taking every server out of service would stop everything again), but they are listed
        // for whoever watches: where, not why (the error texts are in /admin and the log).
        match within("poison events", projections::poison_events(&state.pool)).await {
            Some(poison) => {
                let listed: Vec<PoisonRef> = poison
                    .into_iter()
                    .map(|p| PoisonRef {
                        projection: p.projection,
                        position: p.position,
                        event_type: p.event_type,
                    })
                    .collect();
                checks.poison_events = Some(PoisonCheck {
                    ok: listed.is_empty(),
                    events: Some(listed),
                });
            }
            None => {
                checks.poison_events = Some(PoisonCheck {
                    ok: false,
                    events: None,
                })
            }
        }
    }
    if not_ready.is_empty() {
        Answer::with(
            (),
            Ready {
                success: True,
                ready: true,
                checks,
            },
        )
    } else {
        Answer::raw(
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({
                    "success": false,
                    "ready": false,
                    "error": format!("El servidor no está listo: {}", not_ready.join(", ")),
                    "not_ready": not_ready,
                    "checks": checks,
                })),
            )
                .into_response(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lag(pending: i64, delay_seconds: f64) -> ProjectorLag {
        ProjectorLag {
            name: "moves",
            checkpoint: 0,
            pending,
            delay_seconds,
            last_error: None,
            updated_at: None,
        }
    }

    #[test]
    fn a_projector_is_ready_when_running_and_not_far_behind() {
        assert!(lag(0, 0.0).ready(true));
        assert!(lag(5_000, 3.0).ready(true), "a burst is not a problem");
        assert!(lag(1, 30.0).ready(true));
        assert!(!lag(1, 31.0).ready(true), "behind on an event 31 s old");
        assert!(!lag(0, 0.0).ready(false), "its loop has stopped");
    }
}
