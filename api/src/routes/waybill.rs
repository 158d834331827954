//! The waybill on the crew's phone (issue 21): `POST /api/mudanza/{id}/firma` (a signature of the
//! client or the worker at pickup or delivery), `POST /api/mudanza/{id}/estado-objeto` (the
//! condition of one object), and `GET /api/mudanza/{id}/firmas/{event}` (a signature's image,
//! read from the log, where it is kept). Both changes are keyed like the crew's other changes
//! (`crate::device`), so a phone may queue them offline.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use command::moves::MoveCommand;
use command::Role;
use events_schema::events::{
    move_stream, ObjectCondition, ObjectConditionNoted, Signer, WaybillSigned, WaybillStage,
};
use events_schema::Event;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::device::DeviceChange;
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult};
use crate::ownership::{may_see_move, MOVE_NOT_FOUND};
use crate::reply::Answer;
use crate::routes::moves::{crew_change, StatusChanged};
use crate::state::AppState;

#[derive(Deserialize, schemars::JsonSchema)]
pub struct SignatureBody {
    etapa: WaybillStage,
    firmante: Signer,
    /// The signer's name, up to 100 characters.
    nombre: String,
    /// The drawn signature: a PNG in base64 (a `data:image/png;base64,` prefix is accepted), at
    /// most 100 KB decoded and 2000 px a side.
    imagen_png: String,
    /// The SHA-256 of the waybill content the signer was shown (`albaran_sha256` of the move).
    sha256_albaran: String,
}

/// `POST /api/mudanza/{id}/firma`: the assigned worker (or a manager) collects a signature. A
/// signature over content that has changed since is refused (409), as is a second one of the
/// same signer at the same stage.
pub async fn sign(
    State(state): State<AppState>,
    user: CurrentUser,
    change: DeviceChange,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<SignatureBody>,
) -> ApiResult<Answer<StatusChanged>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let image = body.imagen_png.trim();
    let image = image
        .strip_prefix("data:image/png;base64,")
        .unwrap_or(image);
    let command = MoveCommand::SignWaybill(Box::new(WaybillSigned {
        etapa: body.etapa,
        firmante: body.firmante,
        nombre: body.nombre,
        imagen_png: image.to_string(),
        sha256_albaran: body.sha256_albaran.trim().to_ascii_lowercase(),
        worker_id: user.id,
    }));
    crew_change(&state, &user, &change, id, command).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ConditionBody {
    etapa: WaybillStage,
    /// The object's `id` in the move's list.
    objeto_id: String,
    estado: ObjectCondition,
    /// Up to 1000 characters; required when there is damage.
    #[serde(default)]
    nota: String,
}

/// `POST /api/mudanza/{id}/estado-objeto`: the crew notes an object's condition at a stage.
pub async fn note_condition(
    State(state): State<AppState>,
    user: CurrentUser,
    change: DeviceChange,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ConditionBody>,
) -> ApiResult<Answer<StatusChanged>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    if body.objeto_id.chars().count() > command::text::CODE_MAX {
        return Err(ApiError::BadRequest(
            command::waybill::NOT_ON_WAYBILL.into(),
        ));
    }
    let command = MoveCommand::NoteCondition(Box::new(ObjectConditionNoted {
        etapa: body.etapa,
        objeto_id: body.objeto_id,
        objeto_nombre: String::new(),
        estado: body.estado,
        nota: body.nota,
        worker_id: user.id,
    }));
    crew_change(&state, &user, &change, id, command).await
}

/// `GET /api/mudanza/{id}/firmas/{event}`: the signature's PNG, for whoever may see the move.
pub async fn signature_image(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, event_id)): ApiPath<(i64, Uuid)>,
) -> ApiResult<Response> {
    if !may_see_move(&state.pool, &user.0, id).await? {
        return Err(ApiError::NotFound(MOVE_NOT_FOUND.into()));
    }
    let not_found = || ApiError::NotFound("Firma no encontrada".into());
    let row: Option<(String, String, i32, serde_json::Value)> = sqlx::query_as(
        "SELECT stream_id, event_type, schema_version, data FROM events WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_optional(&state.pool)
    .await?;
    let (stream, event_type, version, data) = row.ok_or_else(not_found)?;
    if stream != move_stream(id) {
        return Err(not_found());
    }
    let Ok(Event::WaybillSigned(signed)) = Event::decode(&event_type, version, data) else {
        return Err(not_found());
    };
    let png = base64::engine::general_purpose::STANDARD
        .decode(signed.imagen_png)
        .map_err(|_| not_found())?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            // A signature never changes: its event is immutable.
            (
                header::CACHE_CONTROL,
                "private, max-age=31536000, immutable",
            ),
        ],
        png,
    )
        .into_response())
}

pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/mudanza/{id}/firma",
            post_with(
                sign,
                doc(
                    STAFF_MOVES,
                    "Firmar el albarán en la recogida o la entrega: el cliente acepta los objetos \
                     y servicios listados; el operario también firma",
                ),
            ),
        )
        .api_route(
            "/api/mudanza/{id}/estado-objeto",
            post_with(
                note_condition,
                doc(
                    STAFF_MOVES,
                    "Anotar el estado de un objeto del albarán en la recogida o la entrega",
                ),
            ),
        )
        .api_route(
            "/api/mudanza/{id}/firmas/{event}",
            get_with(
                signature_image,
                doc(
                    STAFF_MOVES,
                    "La imagen de una firma del albarán (personal y el cliente de la mudanza)",
                ),
            ),
        )
}
