//! What the admin panel needs from the running process: when it started, and the one projection
//! rebuild it may be running, with its progress (README 'Running the system').

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;

/// Events per batch of a rebuild started from the panel (as `mudanzas rebuild`).
const REBUILD_BATCH: i64 = 2_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Waiting for the projector's lock (its live runner finishing a batch) or for an older
    /// transaction to finish, before the first event is replayed.
    Esperando,
    Reproduciendo,
    /// Every event replayed: the projector writes what it folded in memory and commits.
    Guardando,
    Terminada,
    Error,
}

/// A rebuild started from the panel, as the panel polls it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct RebuildStatus {
    pub proyeccion: &'static str,
    pub fase: Phase,
    /// Events replayed so far, and how many the log held when the rebuild began.
    pub procesados: i64,
    pub total: i64,
    pub iniciada_en: DateTime<Utc>,
    pub terminada_en: Option<DateTime<Utc>>,
    /// The checkpoint the rebuild ended at.
    pub posicion: Option<i64>,
    pub error: Option<String>,
}

impl RebuildStatus {
    fn running(&self) -> bool {
        !matches!(self.fase, Phase::Terminada | Phase::Error)
    }
}

#[derive(Clone)]
pub struct AdminRuntime {
    started: Instant,
    pub started_at: DateTime<Utc>,
    rebuild: Arc<Mutex<Option<RebuildStatus>>>,
}

impl Default for AdminRuntime {
    fn default() -> Self {
        AdminRuntime {
            started: Instant::now(),
            started_at: Utc::now(),
            rebuild: Arc::default(),
        }
    }
}

/// Why a rebuild could not start.
#[derive(Debug, PartialEq, Eq)]
pub enum StartError {
    Unknown,
    AlreadyRunning,
}

impl AdminRuntime {
    pub fn uptime_secs(&self) -> u64 {
        self.started.elapsed().as_secs()
    }

    fn job(&self) -> MutexGuard<'_, Option<RebuildStatus>> {
        // A panic while holding the lock leaves a status that is still readable.
        self.rebuild.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The rebuild running now, or the last one this process ran.
    pub fn rebuild_status(&self) -> Option<RebuildStatus> {
        self.job().clone()
    }

    /// Starts rebuilding `name` in the background and returns at once. One rebuild at a time per
    /// process; another process's rebuild of the same projector waits on its lock.
    pub fn start_rebuild(&self, pool: PgPool, name: &str) -> Result<RebuildStatus, StartError> {
        let projector = projections::all()
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or(StartError::Unknown)?;
        let status = {
            let mut job = self.job();
            if job.as_ref().is_some_and(RebuildStatus::running) {
                return Err(StartError::AlreadyRunning);
            }
            let status = RebuildStatus {
                proyeccion: projector.name(),
                fase: Phase::Esperando,
                procesados: 0,
                total: 0,
                iniciada_en: Utc::now(),
                terminada_en: None,
                posicion: None,
                error: None,
            };
            *job = Some(status.clone());
            status
        };
        let progress = self.clone();
        let rebuilding = tokio::spawn(async move {
            projections::rebuild(&pool, projector.as_ref(), REBUILD_BATCH, |done, total| {
                progress.update(|s| {
                    s.procesados = done;
                    s.total = total;
                    s.fase = if done >= total {
                        Phase::Guardando
                    } else {
                        Phase::Reproduciendo
                    };
                })
            })
            .await
        });
        let runtime = self.clone();
        // Awaited apart, so that even a panic ends the job (or no rebuild could start again).
        tokio::spawn(async move {
            let result = match rebuilding.await {
                Ok(result) => result.map_err(|e| e.to_string()),
                Err(e) => Err(format!("la tarea terminó de forma inesperada: {e}")),
            };
            runtime.update(|s| {
                s.terminada_en = Some(Utc::now());
                match result {
                    Ok(position) => {
                        s.fase = Phase::Terminada;
                        s.posicion = Some(position);
                        // An empty log replays nothing: still, all of it was done.
                        s.total = s.total.max(s.procesados);
                    }
                    Err(e) => {
                        tracing::error!(projector = s.proyeccion, error = %e, "rebuild failed");
                        s.fase = Phase::Error;
                        s.error = Some(e);
                    }
                }
            });
        });
        Ok(status)
    }

    fn update(&self, f: impl FnOnce(&mut RebuildStatus)) {
        if let Some(status) = self.job().as_mut() {
            f(status);
        }
    }
}
