//! Move photos: `POST /api/subir-foto` stores the file under the data folder and records a
//! `move.photo_added` event; `GET /api/fotos/{move}/{photo}` serves it to staff and to the move's
//! client only.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::Response;
use axum::Json;
use chrono::Utc;
use command::moves::MoveCommand;
use command::Role;
use events_schema::events::PhotoAdded;
use projections::moves::photo_url;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiPath, ApiResult};
use crate::routes::moves::{execute, may_see_move};
use crate::state::AppState;

/// Spec/issue: at most 10 MB per photo.
pub const MAX_PHOTO_BYTES: usize = 10 * 1024 * 1024;
/// The request body may carry the photo plus the other fields and multipart framing.
pub const MAX_UPLOAD_BODY: usize = MAX_PHOTO_BYTES + 64 * 1024;
const MAX_DESCRIPTION: usize = 500;
const PHOTO_TYPES: [&str; 4] = ["general", "carga", "descarga", "incidencia"];

const UPLOAD_FAILED: &str = "Error al subir la foto. Por favor, inténtalo de nuevo.";
const TOO_LARGE: &str = "La foto supera el tamaño máximo de 10 MB.";
const NOT_AN_IMAGE: &str = "El archivo no es una imagen (JPEG, PNG, GIF o WebP).";
const NO_FILE: &str = "Selecciona una foto para subir.";

/// Image types accepted, told apart by their first bytes, never by name or declared type.
fn image_type(bytes: &[u8]) -> Option<&'static str> {
    let kind = infer::get(bytes)?;
    matches!(
        kind.mime_type(),
        "image/jpeg" | "image/png" | "image/gif" | "image/webp"
    )
    .then(|| kind.mime_type())
}

fn photo_path(data_dir: &Path, move_id: i64, photo_id: Uuid) -> PathBuf {
    data_dir
        .join("fotos")
        .join(move_id.to_string())
        .join(photo_id.to_string())
}

/// The upload form as the OpenAPI document shows it; `read_upload` reads these names.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)] // a description only
pub struct UploadForm {
    /// The move's number.
    mudanza_id: i64,
    /// The photo: JPEG, PNG, GIF or WebP (told by its content), at most 10 MB.
    #[schemars(with = "crate::openapi::File")]
    foto: (),
    /// Up to 500 characters.
    descripcion: Option<String>,
    /// general, carga, descarga or incidencia (general when absent).
    tipo: Option<String>,
}

#[derive(Default)]
struct Upload {
    file: Option<Vec<u8>>,
    move_id: Option<i64>,
    descripcion: String,
    tipo: Option<String>,
}

fn no_nul(text: String) -> ApiResult<String> {
    if crate::error::has_nul(&text) {
        return Err(ApiError::BadRequest(crate::error::INVALID_DATA.into()));
    }
    Ok(text)
}

async fn read_upload(mut multipart: Multipart) -> ApiResult<Upload> {
    let mut upload = Upload::default();
    let too_large_or_bad = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(TOO_LARGE.into())
        } else {
            ApiError::BadRequest(UPLOAD_FAILED.into())
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(too_large_or_bad)? {
        match field.name().unwrap_or_default() {
            "foto" => {
                let bytes = field.bytes().await.map_err(too_large_or_bad)?;
                if bytes.len() > MAX_PHOTO_BYTES {
                    return Err(ApiError::TooLarge(TOO_LARGE.into()));
                }
                upload.file = Some(bytes.to_vec());
            }
            "mudanza_id" => {
                let text = field.text().await.map_err(too_large_or_bad)?;
                upload.move_id = Some(
                    text.trim()
                        .parse()
                        .map_err(|_| ApiError::BadRequest("Mudanza no válida".into()))?,
                );
            }
            "descripcion" => {
                upload.descripcion = no_nul(field.text().await.map_err(too_large_or_bad)?)?;
            }
            "tipo" => upload.tipo = Some(no_nul(field.text().await.map_err(too_large_or_bad)?)?),
            // Unknown fields are ignored, as a form may carry more than we read.
            _ => {}
        }
    }
    Ok(upload)
}

/// `POST /api/subir-foto` (workers, managers, admin): multipart `foto`, `mudanza_id`,
/// `descripcion` (optional) and `tipo` (optional: general, carga, descarga, incidencia).
pub async fn upload(
    State(state): State<AppState>,
    user: CurrentUser,
    // Not a multipart body at all (no boundary…): the same Spanish 400 as a broken one.
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Json<Value>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let multipart = multipart.map_err(|_| ApiError::BadRequest(UPLOAD_FAILED.into()))?;
    let upload = read_upload(multipart).await?;
    let move_id = upload
        .move_id
        .ok_or_else(|| ApiError::BadRequest("Mudanza no válida".into()))?;
    let file = upload
        .file
        .filter(|f| !f.is_empty())
        .ok_or_else(|| ApiError::BadRequest(NO_FILE.into()))?;
    let content_type =
        image_type(&file).ok_or_else(|| ApiError::BadRequest(NOT_AN_IMAGE.into()))?;
    let descripcion = upload.descripcion.trim().to_string();
    if descripcion.chars().count() > MAX_DESCRIPTION {
        return Err(ApiError::BadRequest(
            "La descripción no puede superar los 500 caracteres.".into(),
        ));
    }
    let tipo = upload.tipo.as_deref().map(str::trim).unwrap_or("general");
    if !PHOTO_TYPES.contains(&tipo) {
        return Err(ApiError::BadRequest("Tipo de foto no válido".into()));
    }

    // The file is in place before the event that names it is stored, so nobody is ever sent to
    // a photo that is not there; a command that fails removes it again.
    let photo_id = Uuid::now_v7();
    let path = photo_path(&state.config.data_dir, move_id, photo_id);
    write_file(&path, &file).await?;
    let photo = PhotoAdded {
        photo_id,
        content_type: content_type.to_string(),
        size_bytes: file.len() as u64,
        descripcion: descripcion.clone(),
        tipo: tipo.to_string(),
    };
    if let Err(e) = execute(&state, &user, move_id, MoveCommand::AddPhoto(photo)).await {
        let _ = tokio::fs::remove_file(&path).await;
        return Err(e);
    }
    Ok(Json(json!({
        "success": true,
        "foto": {
            "id": photo_id,
            "url": photo_url(move_id, photo_id),
            "descripcion": descripcion,
            "tipo": tipo,
            "fecha_subida": Utc::now(),
        }
    })))
}

/// Writes under a temporary name and renames, so a reader never sees half a file.
async fn write_file(path: &Path, bytes: &[u8]) -> ApiResult<()> {
    let internal = |e: std::io::Error| ApiError::Internal(format!("storing photo: {e}"));
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir).await.map_err(internal)?;
    }
    let temporary = path.with_extension("part");
    tokio::fs::write(&temporary, bytes)
        .await
        .map_err(internal)?;
    tokio::fs::rename(&temporary, path).await.map_err(internal)
}

/// `GET /api/fotos/{move}/{photo}`.
pub async fn serve(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((move_id, photo_id)): ApiPath<(i64, Uuid)>,
) -> ApiResult<Response> {
    let user = user.0;
    let not_found = || ApiError::NotFound("Foto no encontrada".into());
    if !may_see_move(&state, &user, move_id).await? {
        // A client asking for another client's photo learns nothing about it.
        return Err(not_found());
    }
    let recorded: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM move_staff_view WHERE id = $1 \
         AND doc->'photos' @> jsonb_build_array(jsonb_build_object('id', $2::text)))",
    )
    .bind(move_id)
    .bind(photo_id.to_string())
    .fetch_one(&state.pool)
    .await?;
    if !recorded {
        return Err(not_found());
    }
    let bytes = tokio::fs::read(photo_path(&state.config.data_dir, move_id, photo_id))
        .await
        .map_err(|_| not_found())?;
    let content_type = image_type(&bytes).ok_or_else(not_found)?;
    Response::builder()
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CACHE_CONTROL, "private, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .body(Body::from(bytes))
        .map_err(|e| ApiError::Internal(e.to_string()))
}
