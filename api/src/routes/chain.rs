//! `GET /api/verificar-registro` (issue 7, tamper evidence): walks the hash chains over the whole
//! log and reports the first broken link, for admins and auditors (web/src/lib/api.ts
//! `LogVerification`). It only reads: sealing is the server's background sealer's job, and what
//! it has not reached yet is reported as `pendientes`.

use axum::extract::State;
use axum::Json;
use command::Role;
use events_schema::chain::BrokenLink;
use serde::Serialize;
use tokio::sync::Mutex;

use crate::auth::CurrentUser;
use crate::error::ApiResult;
use crate::reply::True;
use crate::state::AppState;

const VERIFIERS: &[Role] = &[Role::Admin, Role::Auditor];

/// Rows read per query while walking the log.
const BATCH: i64 = 5_000;

/// A walk reads the whole log: two at once would only share the database between them, and a
/// button pressed repeatedly must not become as many full scans. Callers take turns.
static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

/// What the walk over the log found.
#[derive(Serialize, schemars::JsonSchema)]
pub struct LogVerification {
    success: True,
    /// True when every event's hash and links, and every sealed row, match.
    ok: bool,
    verificados: i64,
    /// Events checked whose seal is still to come.
    pendientes: i64,
    primer_fallo: Option<BrokenLink>,
}

pub async fn verify(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<LogVerification>> {
    user.require(VERIFIERS)?;
    let _turn = ONE_AT_A_TIME.lock().await;
    let v = events_schema::chain::verify(&state.pool, BATCH, |_, _| {}).await?;
    if let Some(broken) = &v.primer_fallo {
        tracing::warn!(
            position = broken.position,
            stream = %broken.stream_id,
            motivo = %broken.motivo,
            "the log chain is broken"
        );
    }
    Ok(Json(LogVerification {
        success: True,
        ok: v.ok,
        verificados: v.verificados,
        pendientes: v.pendientes,
        primer_fallo: v.primer_fallo,
    }))
}

/// The hash chain verification route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, AUDITING};

    ApiRouter::new().api_route(
        "/api/verificar-registro",
        get_with(
            verify,
            doc(
                AUDITING,
                "Verificar la cadena de hashes del registro (auditor, admin)",
            ),
        ),
    )
}
