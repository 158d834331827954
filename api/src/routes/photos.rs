//! Move photos: `POST /api/subir-foto` stores the file under the data folder and records a
//! `move.photo_added` event; `GET /api/fotos/{move}/{photo}` serves it to staff and to the move's
//! client only.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::Response;
use chrono::Utc;
use command::moves::{MoveCommand, MoveDecider};
use command::Role;
use events_schema::events::{move_stream, PhotoAdded, PhotoObject, WaybillStage};
use projections::moves::{photo_url, StaffPhoto};
use serde::Serialize;
use uuid::Uuid;

use projections::ReadModel;

use crate::auth::CurrentUser;
use crate::device::DeviceChange;
use crate::error::{ApiError, ApiPath, ApiResult};
use crate::ownership::may_see_move;
use crate::pipeline::{execute, Origin};
use crate::reply::Answer;
use crate::reply::True;
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
const UPLOAD_IN_PROGRESS: &str = "Esta foto ya se está subiendo: espera un momento.";

/// Image types accepted, told apart by their first bytes, never by name or declared type.
pub(crate) fn image_type(bytes: &[u8]) -> Option<&'static str> {
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
    /// The waybill object the photo shows the condition of (its id in the move's list), with
    /// `etapa`; both or neither.
    objeto_id: Option<String>,
    /// recogida or entrega.
    etapa: Option<String>,
}

#[derive(Default)]
struct Upload {
    file: Option<Vec<u8>>,
    move_id: Option<i64>,
    descripcion: String,
    tipo: Option<String>,
    objeto_id: Option<String>,
    etapa: Option<String>,
}

/// The object and stage of an upload, both given or neither.
fn photo_object(upload: &Upload) -> ApiResult<Option<PhotoObject>> {
    let blank = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    match (blank(&upload.objeto_id), blank(&upload.etapa)) {
        (None, None) => Ok(None),
        (Some(id), Some(stage)) => {
            if id.chars().count() > command::text::CODE_MAX {
                return Err(ApiError::BadRequest(
                    "El objeto no está en el albarán de esta mudanza".into(),
                ));
            }
            let etapa = WaybillStage::ALL
                .into_iter()
                .find(|s| s.as_str() == stage)
                .ok_or_else(|| {
                    ApiError::BadRequest("Etapa no válida: recogida o entrega".into())
                })?;
            Ok(Some(PhotoObject { id, etapa }))
        }
        _ => Err(ApiError::BadRequest(
            "La foto de un objeto necesita el objeto y la etapa (recogida o entrega)".into(),
        )),
    }
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
            "objeto_id" => {
                upload.objeto_id = Some(no_nul(field.text().await.map_err(too_large_or_bad)?)?)
            }
            "etapa" => upload.etapa = Some(no_nul(field.text().await.map_err(too_large_or_bad)?)?),
            // Unknown fields are ignored, as a form may carry more than we read.
            _ => {}
        }
    }
    Ok(upload)
}

/// The photo stored, as the move's staff view lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Uploaded {
    success: True,
    foto: StaffPhoto,
}

/// `POST /api/subir-foto` (workers, managers, admin): multipart `foto`, `mudanza_id`,
/// `descripcion` (optional) and `tipo` (optional: general, carga, descarga, incidencia).
pub async fn upload(
    State(state): State<AppState>,
    user: CurrentUser,
    change: DeviceChange,
    // Not a multipart body at all (no boundary…): the same Spanish 400 as a broken one.
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Answer<Uploaded>> {
    let user = user.require(&[Role::Empleado, Role::Empresario, Role::Admin])?;
    let multipart = multipart.map_err(|_| ApiError::BadRequest(UPLOAD_FAILED.into()))?;
    let upload = read_upload(multipart).await?;
    let move_id = upload
        .move_id
        .ok_or_else(|| ApiError::BadRequest("Mudanza no válida".into()))?;
    let object = photo_object(&upload)?;
    let file = upload
        .file
        .filter(|f| !f.is_empty())
        .ok_or_else(|| ApiError::BadRequest(NO_FILE.into()))?;
    let content_type =
        image_type(&file).ok_or_else(|| ApiError::BadRequest(NOT_AN_IMAGE.into()))?;
    let description = upload.descripcion.trim().to_string();
    if description.chars().count() > MAX_DESCRIPTION {
        return Err(ApiError::BadRequest(
            "La descripción no puede superar los 500 caracteres.".into(),
        ));
    }
    let kind = upload.tipo.as_deref().map(str::trim).unwrap_or("general");
    if !PHOTO_TYPES.contains(&kind) {
        return Err(ApiError::BadRequest("Tipo de foto no válido".into()));
    }

    // A retry of an upload already stored answers with that photo, and writes no file.
    if let Some(first) = change
        .replayed(&state, &user, &move_stream(move_id))
        .await?
    {
        let stored = first
            .data
            .into_iter()
            .find_map(|data| serde_json::from_value::<PhotoAdded>(data).ok())
            .ok_or_else(|| ApiError::Unprocessable(crate::device::KEY_REUSED.into()))?;
        return Ok(crate::device::answer(
            true,
            uploaded(move_id, &stored, first.occurred_at),
        ));
    }

    // The file is in place before the event that names it is stored, so nobody is ever sent to
    // a photo that is not there; a command refused removes it again. A process killed in
    // between leaves a file no event names: it stays locked until the command has finished or
    // the process is gone, so `sweep_orphans` can tell the two apart. A keyed upload's photo id
    // comes from its key, so a retry racing the first attempt finds its file in the way.
    let photo_id = match &change.0.idempotency_key {
        Some(key) => Origin::event_id(&user.id.to_string(), key, usize::MAX),
        None => Uuid::now_v7(),
    };
    let path = photo_path(&state.config.data_dir, move_id, photo_id);
    let size_bytes = file.len() as u64;
    let in_flight = write_file(&path, file).await?;
    let photo = PhotoAdded {
        photo_id,
        content_type: content_type.to_string(),
        size_bytes,
        descripcion: description,
        tipo: kind.to_string(),
        objeto: object,
    };
    let answer = uploaded(
        move_id,
        &photo,
        change.0.occurred_at.unwrap_or_else(Utc::now),
    );
    let add = MoveCommand::AddPhoto { photo, by: user.id };
    let added = change
        .run(execute::<MoveDecider>(
            &state,
            &user,
            &move_id,
            add,
            &[ReadModel::Moves],
        ))
        .await;
    if let Err(e) = added {
        match outcome_after(&state, &e, move_id, photo_id).await {
            Some(true) => {} // stored after all: the photo is there, say so
            Some(false) => {
                remove_photo_file(&path).await;
                return Err(e);
            }
            // Unknown for now: the file stays, and the next sweep decides.
            None => return Err(e),
        }
    }
    drop(in_flight);
    Ok(crate::device::answer(false, answer))
}

/// The answer for a photo stored at `at`, as the move's staff view lists it.
fn uploaded(move_id: i64, photo: &PhotoAdded, at: chrono::DateTime<Utc>) -> Uploaded {
    Uploaded {
        success: True,
        foto: StaffPhoto {
            id: photo.photo_id,
            url: photo_url(move_id, photo.photo_id),
            descripcion: photo.descripcion.clone(),
            tipo: photo.tipo.clone(),
            fecha_subida: at,
            objeto: photo.objeto.clone(),
        },
    }
}

/// Whether a photo command that failed with `error` stored its event all the same. A refusal
/// stored nothing; a lost connection may have taken the commit's answer with it (PostgreSQL
/// stopped between writing the commit and answering), and then only the log can tell, once it
/// answers: asked for a while, `None` if it stays silent.
async fn outcome_after(
    state: &AppState,
    error: &ApiError,
    move_id: i64,
    photo_id: Uuid,
) -> Option<bool> {
    let uncertain = matches!(
        error,
        ApiError::Database(_) | ApiError::Log(events_schema::Error::Database(_))
    );
    if !uncertain {
        return Some(false);
    }
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(15);
    let mut wait = std::time::Duration::from_millis(100);
    while tokio::time::Instant::now() < deadline {
        let stored = sqlx::query_scalar::<_, bool>(
            "SELECT EXISTS (SELECT 1 FROM events WHERE stream_id = $1 \
             AND event_type = 'move.photo_added' AND data->>'photo_id' = $2)",
        )
        .bind(events_schema::events::move_stream(move_id))
        .bind(photo_id.to_string())
        .fetch_one(&state.pool);
        if let Ok(Ok(stored)) = tokio::time::timeout_at(deadline, stored).await {
            return Some(stored);
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(std::time::Duration::from_secs(2));
    }
    None
}

/// Removes a refused upload's file, and its move's folder when nothing else is in it: a refused
/// upload leaves nothing behind (a request about a move that does not exist would otherwise
/// leave a folder for it).
pub(crate) async fn remove_photo_file(path: &Path) {
    let _ = tokio::fs::remove_file(path).await;
    remove_folder_if_empty(path);
}

/// The folder of a photo file, if it is empty (`remove_dir` refuses a folder with files in it).
/// An upload creating its file there meanwhile retries with a new folder (`write_file`).
fn remove_folder_if_empty(file: &Path) {
    if let Some(dir) = file.parent() {
        let _ = std::fs::remove_dir(dir);
    }
}

/// How often `write_file` makes the folder again when a refused upload removed it between its
/// making the folder and creating the file in it.
const FOLDER_RACES: usize = 5;

/// Writes under a temporary name and renames, so a reader never sees half a file. The file comes
/// back open and locked (`flock`): the lock says "an upload is still deciding about this file"
/// until the caller drops it, and the kernel releases it when the process dies.
pub(crate) async fn write_file(path: &Path, bytes: Vec<u8>) -> ApiResult<std::fs::File> {
    let internal = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::ResourceBusy => ApiError::Conflict(UPLOAD_IN_PROGRESS.into()),
        _ => ApiError::Internal(format!("storing photo: {e}")),
    };
    let path = path.to_path_buf();
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let temporary = path.with_extension("part");
        let mut attempt = 0;
        let mut file = loop {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temporary)
            {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && attempt < FOLDER_RACES => {
                    attempt += 1;
                }
                // A keyed upload's file name is its key's: another attempt of the same upload
                // is writing it (it holds the lock), or one cut short by a crash left it.
                Err(e)
                    if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < FOLDER_RACES =>
                {
                    attempt += 1;
                    let left = std::fs::File::open(&temporary)?;
                    if left.try_lock().is_err() {
                        return Err(std::io::Error::new(std::io::ErrorKind::ResourceBusy, e));
                    }
                    std::fs::remove_file(&temporary)?;
                }
                opened => break opened?,
            }
        };
        file.lock()?;
        file.write_all(&bytes)?;
        // The lock belongs to the open file, so it follows the rename.
        std::fs::rename(&temporary, &path)?;
        Ok(file)
    })
    .await
    .map_err(|e| ApiError::Internal(format!("storing photo: {e}")))?
    .map_err(internal)
}

/// Removes the photo files that uploads cut short by a crash left behind: a file (or a `.part`)
/// that no `move.photo_added` event names and that no running upload holds locked. Returns how
/// many it removed. The server runs it at start, before it serves.
pub async fn sweep_orphans(pool: &sqlx::PgPool, data_dir: &Path) -> ApiResult<usize> {
    let root = data_dir.join("fotos");
    let listed = tokio::task::spawn_blocking(move || list_photo_files(&root))
        .await
        .map_err(|e| ApiError::Internal(format!("listing photos: {e}")))?;
    if listed.is_empty() {
        return Ok(0);
    }
    // The photos the log names in these moves, as (stream, photo id): one indexed read.
    let streams: Vec<String> = listed
        .iter()
        .map(|(move_id, _)| events_schema::events::move_stream(*move_id))
        .collect();
    let named = || async {
        sqlx::query_as::<_, (String, String)>(
            "SELECT stream_id, data->>'photo_id' FROM events \
             WHERE stream_id = ANY($1) AND event_type = 'move.photo_added'",
        )
        .bind(&streams)
        .fetch_all(pool)
        .await
        .map(|rows| rows.into_iter().collect::<std::collections::HashSet<_>>())
    };
    let key = |move_id: i64, path: &Path| {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        (
            events_schema::events::move_stream(move_id),
            name.to_string(),
        )
    };
    let known = named().await?;
    // Held locks first: a file whose upload is still at work (in this process or another
    // sharing the folder) is not an orphan.
    let unlocked: Vec<(i64, PathBuf, std::fs::File)> = listed
        .into_iter()
        .flat_map(|(move_id, paths)| paths.into_iter().map(move |p| (move_id, p)))
        .filter(|(move_id, p)| !known.contains(&key(*move_id, p)))
        .filter_map(|(move_id, p)| {
            let file = std::fs::File::open(&p).ok()?;
            file.try_lock().ok()?;
            Some((move_id, p, file))
        })
        .collect();
    if unlocked.is_empty() {
        return Ok(0);
    }
    // An upload may have committed just before letting go: look again, under the locks.
    let known = named().await?;
    let mut removed = 0;
    for (move_id, path, _lock) in unlocked {
        if !known.contains(&key(move_id, &path)) && std::fs::remove_file(&path).is_ok() {
            removed += 1;
            remove_folder_if_empty(&path);
        }
    }
    Ok(removed)
}

/// The files under `fotos/<move>/`, by move.
fn list_photo_files(root: &Path) -> Vec<(i64, Vec<PathBuf>)> {
    let mut files = Vec::new();
    let Ok(moves) = std::fs::read_dir(root) else {
        return files;
    };
    for dir in moves.filter_map(Result::ok) {
        let Some(move_id) = dir.file_name().to_str().and_then(|n| n.parse::<i64>().ok()) else {
            continue;
        };
        let Ok(entries) = std::fs::read_dir(dir.path()) else {
            continue;
        };
        let paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .collect();
        if !paths.is_empty() {
            files.push((move_id, paths));
        }
    }
    files
}

/// `GET /api/fotos/{move}/{photo}`.
pub async fn serve(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((move_id, photo_id)): ApiPath<(i64, Uuid)>,
) -> ApiResult<Response> {
    let user = user.0;
    let not_found = || ApiError::NotFound("Foto no encontrada".into());
    if !may_see_move(&state.pool, &user, move_id).await? {
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
    image_response(bytes).ok_or_else(not_found)?
}

/// A stored image file as an answer, typed by its content; `None` when it is not an image we
/// accept.
pub(crate) fn image_response(bytes: Vec<u8>) -> Option<ApiResult<Response>> {
    let content_type = image_type(&bytes)?;
    Some(
        Response::builder()
            .header(header::CONTENT_TYPE, content_type)
            .header(header::CACHE_CONTROL, "private, max-age=86400")
            .header("x-content-type-options", "nosniff")
            .body(Body::from(bytes))
            .map_err(|e| ApiError::Internal(e.to_string())),
    )
}

/// The move photo routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;
    use axum::extract::DefaultBodyLimit;

    use super::doc::{doc, form, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/subir-foto",
            post_with(
                upload,
                form::<UploadForm>(STAFF_MOVES, "Subir una foto de una mudanza (personal)"),
            )
            .layer(DefaultBodyLimit::max(MAX_UPLOAD_BODY)),
        )
        .api_route(
            "/api/fotos/{move_id}/{photo_id}",
            get_with(
                serve,
                doc(
                    STAFF_MOVES,
                    "Una foto de una mudanza (quien puede ver la mudanza)",
                ),
            ),
        )
}
