//! Claims (issue 21 item 4, spec §9). The client of a delivered move opens one within 7 days
//! from their dashboard (`POST /api/mi-mudanza/{id}/reclamacion`, multipart: the objects, a text,
//! up to 5 photos) and follows it (`GET` the same path); managers list them by deadline
//! (`GET /api/reclamaciones`), read one beside what the crew recorded of those objects at pickup
//! and delivery (`GET /api/reclamaciones/{id}`), and answer it within 15 Spanish working days
//! (`POST /api/reclamaciones/{id}/respuesta`). A claim is named by its move's number.

use std::path::{Path, PathBuf};

use axum::extract::{Multipart, State};
use axum::response::Response;
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use command::claims::{self, ClaimCommand, ClaimDecider, Delivered, Draft};
use command::Role;
use events_schema::calendar::{self, working_days_between};
use events_schema::events::{ClaimObject, ClaimPhoto, ClaimResolution, MoveStatus, WaybillStage};
use projections::claims::ClaimView;
use projections::moves::{ConditionEntry, StaffMove, StaffPhoto, StaffSignature};
use projections::ReadModel;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::auth::{CurrentUser, User};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult};
use crate::ownership::{client_owner, may_see_move, MOVE_NOT_FOUND};
use crate::pipeline::execute;
use crate::reply::True;
use crate::routes::photos::{
    image_response, image_type, remove_photo_file, write_file, MAX_PHOTO_BYTES,
};
use crate::state::AppState;

/// Who reads every claim: the managers, the admin and the auditor.
const CLAIM_READERS: &[Role] = &[Role::Empresario, Role::Admin, Role::Auditor];
/// Up to 5 photos of 10 MB and the form's other fields.
const MAX_CLAIM_BODY: usize = claims::PHOTOS_MAX * MAX_PHOTO_BYTES + 64 * 1024;
/// From how many working days left a claim's deadline is shown as near.
pub const WARN_WORKING_DAYS: i64 = 3;

const UPLOAD_FAILED: &str = "No se pudo enviar la reclamación. Por favor, inténtalo de nuevo.";
const TOO_LARGE: &str = "Cada foto puede ocupar como máximo 10 MB.";
const NOT_AN_IMAGE: &str = "Una de las fotos no es una imagen (JPEG, PNG, GIF o WebP).";

fn photo_path(data_dir: &Path, move_id: i64, photo_id: Uuid) -> PathBuf {
    data_dir
        .join("reclamaciones")
        .join(move_id.to_string())
        .join(photo_id.to_string())
}

/// How near a claim's answer is due, counted on the day asked.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Deadline {
    /// The last day to answer (Madrid).
    fecha: NaiveDate,
    /// Working days from today to that day (0 on the day itself; negative once past).
    dias_habiles_restantes: i64,
    /// Answered or not, the day has passed.
    vencido: bool,
    /// Unanswered with at most 3 working days left, or past.
    aviso: bool,
}

fn deadline(claim: &ClaimView, today: NaiveDate) -> Deadline {
    let day = claim.plazo_respuesta;
    let left = if today <= day {
        working_days_between(today, day)
    } else {
        -working_days_between(day, today)
    };
    let open = claim.respuesta.is_none();
    Deadline {
        fecha: day,
        dias_habiles_restantes: left,
        vencido: today > day,
        aviso: open && (today > day || left <= WARN_WORKING_DAYS),
    }
}

/// What was recorded of a claimed object at one stage.
#[derive(Serialize, schemars::JsonSchema, Default)]
pub struct StageRecords {
    notas: Vec<ConditionEntry>,
    fotos: Vec<StaffPhoto>,
}

/// A claimed object beside what the crew recorded of it at pickup and at delivery.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ObjectRecords {
    objeto: ClaimObject,
    recogida: StageRecords,
    entrega: StageRecords,
}

/// A claim, its deadline, and the move's records of the claimed objects and signatures.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ClaimDetail {
    #[serde(flatten)]
    reclamacion: ClaimView,
    plazo: Deadline,
    cliente_nombre: String,
    registros: Vec<ObjectRecords>,
    firmas: Vec<StaffSignature>,
    albaran_sha256: String,
}

fn stage(m: &StaffMove, object: &str, etapa: WaybillStage) -> StageRecords {
    StageRecords {
        notas: m
            .estado_objetos
            .iter()
            .filter(|n| n.objeto_id == object && n.etapa == etapa)
            .cloned()
            .collect(),
        fotos: m
            .photos
            .iter()
            .filter(|p| {
                p.objeto
                    .as_ref()
                    .is_some_and(|o| o.id == object && o.etapa == etapa)
            })
            .cloned()
            .collect(),
    }
}

async fn staff_move(state: &AppState, id: i64) -> ApiResult<StaffMove> {
    let doc: serde_json::Value =
        sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.pool)
            .await?
            .ok_or_else(|| ApiError::NotFound(MOVE_NOT_FOUND.into()))?;
    serde_json::from_value(doc)
        .map_err(|e| ApiError::Internal(format!("reading a staff document: {e}")))
}

async fn claim_view(state: &AppState, id: i64) -> ApiResult<Option<ClaimView>> {
    let doc: Option<sqlx::types::Json<ClaimView>> =
        sqlx::query_scalar("SELECT doc FROM claims WHERE move_id = $1")
            .bind(id)
            .fetch_optional(&state.pool)
            .await?;
    Ok(doc.map(|d| d.0))
}

async fn detail(state: &AppState, claim: ClaimView) -> ApiResult<ClaimDetail> {
    let m = staff_move(state, claim.move_id).await?;
    let registros = claim
        .objetos
        .iter()
        .map(|o| ObjectRecords {
            objeto: o.clone(),
            recogida: stage(&m, &o.id, WaybillStage::Recogida),
            entrega: stage(&m, &o.id, WaybillStage::Entrega),
        })
        .collect();
    Ok(ClaimDetail {
        plazo: deadline(&claim, calendar::today()),
        reclamacion: claim,
        cliente_nombre: m.cliente_nombre,
        registros,
        firmas: m.firmas,
        albaran_sha256: m.albaran_sha256,
    })
}

/// When the move was delivered: its last change to finalizada, if it is finished.
fn delivered_at(m: &StaffMove) -> Option<DateTime<Utc>> {
    (m.estado == MoveStatus::Finalizada)
        .then(|| {
            m.historial
                .iter()
                .rev()
                .find(|h| h.estado == MoveStatus::Finalizada)
                .map(|h| h.fecha)
        })
        .flatten()
}

/// The client's claim page: their claim if they opened one, otherwise whether they still may.
#[derive(Serialize, schemars::JsonSchema)]
pub struct OwnClaim {
    success: True,
    reclamacion: Option<ClaimDetail>,
    /// The move's objects, to choose from.
    objetos: Vec<ClaimObject>,
    /// The last day to open one (7 days after delivery); `null` before delivery.
    ultimo_dia_para_reclamar: Option<NaiveDate>,
    puede_reclamar: bool,
}

/// `GET /api/mi-mudanza/{id}/reclamacion` (the move's client).
pub async fn own_claim(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<OwnClaim>> {
    client_owner(&state.pool, user, id).await?;
    own_answer(&state, id).await
}

async fn own_answer(state: &AppState, id: i64) -> ApiResult<Json<OwnClaim>> {
    let m = staff_move(state, id).await?;
    let claim = match claim_view(state, id).await? {
        Some(c) => Some(detail(state, c).await?),
        None => None,
    };
    let last_day = delivered_at(&m).map(claims::last_day_to_claim);
    Ok(Json(OwnClaim {
        success: True,
        puede_reclamar: claim.is_none() && last_day.is_some_and(|d| calendar::today() <= d),
        reclamacion: claim,
        objetos: m
            .objects
            .iter()
            .map(|o| ClaimObject {
                id: o.id.clone(),
                nombre: o.nombre.clone(),
            })
            .collect(),
        ultimo_dia_para_reclamar: last_day,
    }))
}

/// The claim form as the OpenAPI document shows it; `read_form` reads these names.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)] // a description only
pub struct ClaimForm {
    /// The id of a claimed object of the move; repeated for each.
    objetos: Vec<String>,
    /// What happened, up to 2000 characters.
    texto: String,
    /// Up to 5 photos (JPEG, PNG, GIF or WebP, told by their content), 10 MB each.
    #[schemars(with = "Vec<crate::openapi::File>")]
    fotos: (),
}

struct Form {
    objetos: Vec<String>,
    texto: String,
    fotos: Vec<Vec<u8>>,
}

async fn read_form(mut multipart: Multipart) -> ApiResult<Form> {
    let mut form = Form {
        objetos: Vec::new(),
        texto: String::new(),
        fotos: Vec::new(),
    };
    let failed = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(TOO_LARGE.into())
        } else {
            ApiError::BadRequest(UPLOAD_FAILED.into())
        }
    };
    let text = |t: String| {
        if crate::error::has_nul(&t) {
            Err(ApiError::BadRequest(crate::error::INVALID_DATA.into()))
        } else {
            Ok(t)
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(failed)? {
        match field.name().unwrap_or_default() {
            "objetos" => {
                let id = text(field.text().await.map_err(failed)?)?;
                // More objects than any move carries is not a claim anyone writes.
                if form.objetos.len() >= 200 || id.chars().count() > command::text::CODE_MAX {
                    return Err(ApiError::BadRequest(claims::NOT_ON_MOVE.into()));
                }
                form.objetos.push(id.trim().to_string());
            }
            "texto" => form.texto = text(field.text().await.map_err(failed)?)?,
            "fotos" => {
                if form.fotos.len() >= claims::PHOTOS_MAX {
                    return Err(ApiError::BadRequest(claims::TOO_MANY_PHOTOS.into()));
                }
                let bytes = field.bytes().await.map_err(failed)?;
                if bytes.len() > MAX_PHOTO_BYTES {
                    return Err(ApiError::TooLarge(TOO_LARGE.into()));
                }
                // An empty file input sends an empty part.
                if !bytes.is_empty() {
                    form.fotos.push(bytes.to_vec());
                }
            }
            _ => {}
        }
    }
    Ok(form)
}

/// `POST /api/mi-mudanza/{id}/reclamacion` (the move's client, within 7 days of delivery).
pub async fn open(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Json<OwnClaim>> {
    let user = client_owner(&state.pool, user, id).await?;
    let multipart = multipart.map_err(|_| ApiError::BadRequest(UPLOAD_FAILED.into()))?;
    let form = read_form(multipart).await?;
    let mut photos = Vec::new();
    for bytes in &form.fotos {
        let content_type =
            image_type(bytes).ok_or_else(|| ApiError::BadRequest(NOT_AN_IMAGE.into()))?;
        photos.push(ClaimPhoto {
            photo_id: Uuid::now_v7(),
            content_type: content_type.to_string(),
            size_bytes: bytes.len() as u64,
        });
    }
    let m = staff_move(&state, id).await?;
    let delivered = Delivered {
        move_id: id,
        at: delivered_at(&m),
        objects: m.objects.clone(),
    };
    let draft = Draft {
        objetos: form.objetos,
        texto: form.texto,
        fotos: photos.clone(),
    };
    // The files are in place before the event that names them; a refusal removes them.
    let mut written = Vec::new();
    for (photo, bytes) in photos.iter().zip(form.fotos) {
        let path = photo_path(&state.config.data_dir, id, photo.photo_id);
        drop(write_file(&path, bytes).await?);
        written.push(path);
    }
    let opened = execute::<ClaimDecider>(
        &state,
        &user,
        &id,
        ClaimCommand::Open { delivered, draft },
        &[ReadModel::Claims],
    )
    .await
    .map_err(|e| match e {
        // Two claims sent at once: the log let one in.
        ApiError::Log(events_schema::Error::Conflict { .. }) => {
            ApiError::Conflict(claims::ALREADY_OPENED.into())
        }
        other => other,
    });
    if let Err(e) = opened {
        for path in &written {
            remove_photo_file(path).await;
        }
        return Err(e);
    }
    own_answer(&state, id).await
}

/// A claim in the managers' list.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ClaimSummary {
    #[serde(flatten)]
    reclamacion: ClaimView,
    cliente_nombre: String,
    plazo: Deadline,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ClaimList {
    success: True,
    /// Open claims first, the nearest deadline first; then the answered ones, newest first.
    reclamaciones: Vec<ClaimSummary>,
}

/// `GET /api/reclamaciones` (managers, admin, auditor).
pub async fn list(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<ClaimList>> {
    user.require(CLAIM_READERS)?;
    // The whole list: a claim per delivered move that went wrong, a few a month.
    let rows: Vec<(sqlx::types::Json<ClaimView>, Option<String>)> = sqlx::query_as(
        "SELECT c.doc, m.doc->>'cliente_nombre' FROM claims c \
         LEFT JOIN move_staff_view m ON m.id = c.move_id \
         ORDER BY (c.estado = 'abierta') DESC, \
                  CASE WHEN c.estado = 'abierta' THEN c.plazo END ASC, \
                  c.abierta_en DESC LIMIT 1000",
    )
    .fetch_all(&state.pool)
    .await?;
    let today = calendar::today();
    Ok(Json(ClaimList {
        success: True,
        reclamaciones: rows
            .into_iter()
            .map(|(doc, name)| ClaimSummary {
                plazo: deadline(&doc.0, today),
                reclamacion: doc.0,
                cliente_nombre: name.unwrap_or_default(),
            })
            .collect(),
    }))
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct OneClaim {
    success: True,
    reclamacion: ClaimDetail,
}

fn claim_not_found() -> ApiError {
    ApiError::NotFound(claims::NOT_FOUND.into())
}

/// `GET /api/reclamaciones/{id}` (managers, admin, auditor).
pub async fn one(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<OneClaim>> {
    user.require(CLAIM_READERS)?;
    let claim = claim_view(&state, id).await?.ok_or_else(claim_not_found)?;
    Ok(Json(OneClaim {
        success: True,
        reclamacion: detail(&state, claim).await?,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct AnswerBody {
    resolucion: ClaimResolution,
    /// What the company pays back, in cents: required when accepted in full or in part.
    #[serde(default)]
    importe_cents: Option<i64>,
    /// Required for a partial answer and a rejection; up to 2000 characters.
    #[serde(default)]
    motivo: String,
}

/// `POST /api/reclamaciones/{id}/respuesta` (managers and the admin), once.
pub async fn answer(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<AnswerBody>,
) -> ApiResult<Json<OneClaim>> {
    let user: User = user.require(&[Role::Empresario, Role::Admin])?;
    let command = ClaimCommand::Answer {
        resolucion: body.resolucion,
        importe_cents: body.importe_cents,
        motivo: body.motivo,
        by: user.id,
    };
    execute::<ClaimDecider>(&state, &user, &id, command, &[ReadModel::Claims])
        .await
        .map_err(|e| match e {
            ApiError::Domain(command::DomainError::NotFound) => claim_not_found(),
            // Two managers answering at once: the log let one in.
            ApiError::Log(events_schema::Error::Conflict { .. }) => {
                ApiError::Conflict(claims::ALREADY_ANSWERED.into())
            }
            other => other,
        })?;
    let claim = claim_view(&state, id).await?.ok_or_else(claim_not_found)?;
    Ok(Json(OneClaim {
        success: True,
        reclamacion: detail(&state, claim).await?,
    }))
}

/// `GET /api/reclamaciones/{id}/fotos/{photo}`: a claim's photo, for its client and the readers
/// of claims.
pub async fn photo(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, photo_id)): ApiPath<(i64, Uuid)>,
) -> ApiResult<Response> {
    let user = user.0;
    let not_found = || ApiError::NotFound("Foto no encontrada".into());
    let allowed = match user.role {
        Role::Cliente => may_see_move(&state.pool, &user, id).await?,
        role => CLAIM_READERS.contains(&role),
    };
    if !allowed {
        return Err(not_found());
    }
    let claim = claim_view(&state, id).await?.ok_or_else(not_found)?;
    if !claim.fotos.iter().any(|f| f.id == photo_id) {
        return Err(not_found());
    }
    let bytes = tokio::fs::read(photo_path(&state.config.data_dir, id, photo_id))
        .await
        .map_err(|_| not_found())?;
    image_response(bytes).ok_or_else(not_found)?
}

pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;
    use axum::extract::DefaultBodyLimit;

    use super::doc::{doc, form, CLAIMS};

    ApiRouter::new()
        .api_route(
            "/api/mi-mudanza/{id}/reclamacion",
            get_with(
                own_claim,
                doc(
                    CLAIMS,
                    "La reclamación de mi mudanza, o si aún puedo abrirla (cliente)",
                ),
            )
            .post_with(
                open,
                form::<ClaimForm>(
                    CLAIMS,
                    "Abrir una reclamación en los 7 días siguientes a la entrega: objetos, \
                     descripción y hasta 5 fotos (cliente)",
                ),
            )
            .layer(DefaultBodyLimit::max(MAX_CLAIM_BODY)),
        )
        .api_route(
            "/api/reclamaciones",
            get_with(
                list,
                doc(CLAIMS, "Todas las reclamaciones, por plazo de respuesta"),
            ),
        )
        .api_route(
            "/api/reclamaciones/{id}",
            get_with(
                one,
                doc(
                    CLAIMS,
                    "Una reclamación junto a lo registrado de esos objetos en la recogida y la \
                     entrega",
                ),
            ),
        )
        .api_route(
            "/api/reclamaciones/{id}/respuesta",
            post_with(
                answer,
                doc(
                    CLAIMS,
                    "Responder una reclamación: aceptada con importe, en parte o rechazada con \
                     motivo (gerente)",
                ),
            ),
        )
        .api_route(
            "/api/reclamaciones/{id}/fotos/{photo}",
            get_with(
                photo,
                doc(
                    CLAIMS,
                    "Una foto de una reclamación (su cliente y el personal de gestión)",
                ),
            ),
        )
}
