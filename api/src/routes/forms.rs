//! The public forms of issue 6, to the contract of web/src/lib/api.ts ('Contact form and job
//! applications'):
//! - `POST /api/contact-form` (anyone): a contact message (spec §3 'Contact form');
//! - `POST /api/trabaja-con-nosotros` (anyone, multipart): a job application with its CV;
//! - `GET /api/mensajes-contacto`, `GET /api/candidaturas`, `GET /api/candidaturas/{id}/cv`
//!   (managers, the admin, the auditor).
//!
//! Each submission is stored with its consent rows and both its emails (to the company inbox of
//! seed/empresa.json and the acknowledgement to the sender) in one transaction: never a message
//! nobody is told about, nor an email about one that was not stored.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::Response;
use axum::Json;
use chrono::{NaiveDate, Utc};
use command::forms::{self, consent as purpose, Consent, EXPERIENCE, POSITIONS, SERVICE_TYPES};
use command::Role;
use events_schema::calendar;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::auth::{CurrentUser, MaybeUser, User};
use crate::consent::{self, Consent as ConsentRow};
use crate::cv::{self, CvKind};
use crate::error::{has_nul, ApiError, ApiJson, ApiPath, ApiResult, INVALID_DATA};
use crate::limits::{
    APPLICATION_PER_ADDRESS, APPLICATION_PER_EMAIL, CONTACT_PER_ADDRESS, CONTACT_PER_EMAIL,
};
use crate::mail::templates;
use crate::reply::{Answer, True};
use crate::state::AppState;

/// Who reads the messages and applications: the managers, and the admin and the auditor, who
/// see everything.
const READERS: &[Role] = &[Role::Empresario, Role::Admin, Role::Auditor];
/// A contact message is a few KiB.
pub const MAX_CONTACT_BODY: usize = 64 * 1024;
pub use cv::MAX_APPLICATION_BODY;

const APPLICATION_NOT_FOUND: &str = "Candidatura no encontrada";
const CV_NOT_FOUND: &str = "Currículum no encontrado";
const UPLOAD_FAILED: &str = "Error al enviar la candidatura. Por favor, inténtalo de nuevo.";

/// The CVs' folder under DATA_DIR.
pub(crate) fn cv_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("candidaturas")
}

/// The company inbox (seed/empresa.json `email`), where messages and applications are sent.
fn company_inbox(state: &AppState) -> ApiResult<String> {
    let company = crate::routes::documents::company(state)?;
    company["email"]
        .as_str()
        .filter(|e| command::accounts::email(e).is_some())
        .map(str::to_string)
        .ok_or_else(|| ApiError::Internal("empresa.json has no valid email".into()))
}

/// The sender's account, when the one logged in is theirs: only then is the consent linked.
fn account_of(user: Option<&User>, email: &str) -> Option<Uuid> {
    user.filter(|u| u.role == Role::Cliente)
        .filter(|u| {
            u.email
                .as_deref()
                .is_some_and(|e| e.eq_ignore_ascii_case(email))
        })
        .map(|u| u.id)
}

fn yes_no(value: bool) -> &'static str {
    if value {
        "sí"
    } else {
        "no"
    }
}

fn spanish_date(date: Option<NaiveDate>) -> String {
    date.map_or_else(
        || "sin fecha".to_string(),
        |d| d.format("%d/%m/%Y").to_string(),
    )
}

/// Records the two consents a public form carries: the required one for answering (always
/// granted by the time a form is stored) and marketing, as given (unticked by default).
async fn record_form_consents(
    conn: &mut sqlx::PgConnection,
    email: &str,
    account_id: Option<Uuid>,
    given: Consent,
    source: &'static str,
    contact_text: &'static str,
    reference: Uuid,
) -> ApiResult<()> {
    for (purpose, granted, text) in [
        (purpose::CONTACT, given.contact, contact_text),
        (purpose::MARKETING, given.marketing, purpose::MARKETING_TEXT),
    ] {
        consent::record(
            conn,
            ConsentRow {
                email,
                account_id,
                purpose,
                granted,
                source,
                reference: Some(reference),
                text,
            },
        )
        .await?;
    }
    Ok(())
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "ContactConsent")]
#[serde(default)]
pub struct ConsentBody {
    contact: bool,
    marketing: bool,
}

/// `POST /api/contact-form`, as web/src/lib/api.ts `ContactFormRequest` sends it. A missing
/// field is an empty one (and gets its Spanish message); a missing consent is not given.
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "ContactMessage")]
#[serde(default)]
pub struct ContactBody {
    name: String,
    email: String,
    phone: String,
    origin: String,
    destination: String,
    date: Option<String>,
    service_type: String,
    message: String,
    consent: ConsentBody,
}

/// A form received: its id.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Received {
    success: True,
    id: Uuid,
}

/// The consent given with a form.
#[derive(Serialize, schemars::JsonSchema)]
pub struct GivenConsent {
    contact: bool,
    marketing: bool,
}

/// A contact message as the managers read it.
#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code)] // only its schema is used: PostgreSQL writes the list
pub struct ReceivedMessage {
    id: Uuid,
    name: String,
    email: String,
    phone: String,
    origin: String,
    destination: String,
    date: Option<NaiveDate>,
    #[schemars(extend("enum" = command::forms::SERVICE_TYPES.map(|(value, _)| value)))]
    service_type: String,
    message: String,
    consent: GivenConsent,
    recibido_en: chrono::DateTime<Utc>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ContactMessages {
    success: True,
    #[schemars(with = "Vec<ReceivedMessage>")]
    mensajes: Value,
}

/// A job application as the managers read it, with its CV's link.
#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code)] // only its schema is used: PostgreSQL writes the list
pub struct JobApplication {
    id: Uuid,
    name: String,
    email: String,
    phone: String,
    #[schemars(extend("enum" = command::forms::POSITIONS.map(|(value, _)| value)))]
    position: String,
    #[schemars(extend("enum" = command::forms::EXPERIENCE.map(|(value, _)| value)))]
    experience: String,
    message: String,
    consent: GivenConsent,
    recibido_en: chrono::DateTime<Utc>,
    cv: CvLink,
}

#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code)] // only its schema is used
pub struct CvLink {
    nombre: String,
    #[schemars(extend("enum" = ["pdf", "doc", "docx"]))]
    tipo: String,
    bytes: i64,
    url: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct JobApplications {
    success: True,
    #[schemars(with = "Vec<JobApplication>")]
    candidaturas: Value,
}

/// `POST /api/contact-form` (anyone): 201 `{success, id}`; 400 `{success, error, field}`.
pub async fn contact(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    crate::limits::ClientAddress(address): crate::limits::ClientAddress,
    ApiJson(body): ApiJson<ContactBody>,
) -> ApiResult<Answer<Received, 201>> {
    CONTACT_PER_ADDRESS.check(&state.pool, &address).await?;
    let form = forms::contact_form(
        &forms::ContactInput {
            name: body.name,
            email: body.email,
            phone: body.phone,
            origin: body.origin,
            destination: body.destination,
            date: body.date,
            service_type: body.service_type,
            message: body.message,
            consent: Consent {
                contact: body.consent.contact,
                marketing: body.consent.marketing,
            },
        },
        calendar::today(),
    )?;
    CONTACT_PER_EMAIL.check(&state.pool, &form.email).await?;
    let inbox = company_inbox(&state)?;
    // Counted once valid, before writing: a message that then fails to be stored still counts,
    // which only errs on the side of the limit.
    CONTACT_PER_ADDRESS.record(&state.pool, &address).await?;
    CONTACT_PER_EMAIL.record(&state.pool, &form.email).await?;

    let id = Uuid::now_v7();
    let date = spanish_date(form.date);
    let service = forms::label(&SERVICE_TYPES, &form.service_type);
    let message = if form.message.is_empty() {
        "(sin mensaje)"
    } else {
        form.message.as_str()
    };
    let summary = [
        ("Origen", form.origin.as_str()),
        ("Destino", form.destination.as_str()),
        ("Fecha prevista", date.as_str()),
        ("Servicio", service),
        ("Mensaje", message),
    ];
    let marketing = yes_no(form.consent.marketing);
    let mut company_lines = vec![
        ("Nombre", form.name.as_str()),
        ("Email", form.email.as_str()),
        ("Teléfono", form.phone.as_str()),
    ];
    company_lines.extend(summary);
    company_lines.push(("Acepta recibir ofertas", marketing));

    let mut tx = state.pool.begin().await?;
    sqlx::query(
        "INSERT INTO contact_messages \
         (id, name, email, phone, origin, destination, date, service_type, message) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id)
    .bind(&form.name)
    .bind(&form.email)
    .bind(&form.phone)
    .bind(&form.origin)
    .bind(&form.destination)
    .bind(form.date)
    .bind(&form.service_type)
    .bind(&form.message)
    .execute(&mut *tx)
    .await?;
    record_form_consents(
        &mut tx,
        &form.email,
        account_of(user.as_ref(), &form.email),
        form.consent,
        purpose::CONTACT_FORM,
        purpose::CONTACT_TEXT,
        id,
    )
    .await?;
    state
        .mailer
        .queue(
            &mut tx,
            templates::contact_to_company(&inbox, &form.name, &id.to_string(), &company_lines),
        )
        .await?;
    state
        .mailer
        .queue(
            &mut tx,
            templates::contact_received(&form.email, &form.name, &summary),
        )
        .await?;
    tx.commit().await?;
    Ok(Answer::with((), Received { success: True, id }))
}

/// The multipart fields of an application as sent.
#[derive(Default)]
struct ApplicationUpload {
    input: forms::ApplicationInput,
    cv_name: String,
    cv: Vec<u8>,
}

fn too_large_or_bad(e: MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        ApiError::BadRequest(UPLOAD_FAILED.into())
    }
}

fn too_large() -> ApiError {
    ApiError::TooLarge(cv::CV_TOO_LARGE.into())
}

/// The application form as the OpenAPI document shows it; `read_application` reads these names.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)] // a description only
pub struct ApplicationForm {
    name: String,
    email: String,
    phone: String,
    position: String,
    experience: Option<String>,
    message: Option<String>,
    /// 'true' when the applicant accepts being contacted (required).
    consent_contact: String,
    /// 'true' when the applicant accepts marketing (optional).
    consent_marketing: Option<String>,
    /// The CV: PDF, DOC or DOCX (told by its content, agreeing with the name), at most 5 MB.
    #[schemars(with = "crate::openapi::File")]
    cv: (),
}

async fn read_application(mut multipart: Multipart) -> ApiResult<ApplicationUpload> {
    let mut upload = ApplicationUpload::default();
    while let Some(field) = multipart.next_field().await.map_err(too_large_or_bad)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "cv" {
            upload.cv_name = field.file_name().unwrap_or_default().to_string();
            if has_nul(&upload.cv_name) {
                return Err(ApiError::BadRequest(INVALID_DATA.into()));
            }
            let bytes = field.bytes().await.map_err(too_large_or_bad)?;
            if bytes.len() > cv::MAX_CV_BYTES {
                return Err(too_large());
            }
            upload.cv = bytes.to_vec();
            continue;
        }
        let text = field.text().await.map_err(too_large_or_bad)?;
        if has_nul(&text) {
            return Err(ApiError::BadRequest(INVALID_DATA.into()));
        }
        let input = &mut upload.input;
        match name.as_str() {
            "name" => input.name = text,
            "email" => input.email = text,
            "phone" => input.phone = text,
            "position" => input.position = text,
            "experience" => input.experience = text,
            "message" => input.message = text,
            // The contract sends 'true' or 'false'; anything else is not a consent.
            "consent_contact" => input.consent.contact = text.trim() == "true",
            "consent_marketing" => input.consent.marketing = text.trim() == "true",
            // Unknown fields are ignored, as a form may carry more than we read.
            _ => {}
        }
    }
    Ok(upload)
}

/// `POST /api/trabaja-con-nosotros` (anyone): multipart name, email, phone, position,
/// experience, message, consent_contact, consent_marketing and the `cv` file. 201
/// `{success, id}`; 400 `{success, error, field}`; 413 for a CV over 5 MB; 429.
pub async fn apply(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    crate::limits::ClientAddress(address): crate::limits::ClientAddress,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Answer<Received, 201>> {
    // Before reading the body: a blocked address does not get to send 5 MB first.
    APPLICATION_PER_ADDRESS.check(&state.pool, &address).await?;
    let multipart = multipart.map_err(|_| ApiError::BadRequest(INVALID_DATA.into()))?;
    let upload = read_application(multipart).await?;
    let checked = cv::check(&upload.cv_name, &upload.cv);
    let cv_error = match checked {
        Err((413, _)) => return Err(too_large()),
        Err((_, message)) => Some(forms::FieldError {
            field: "cv",
            message: message.to_string(),
        }),
        Ok(_) => None,
    };
    let application = forms::application(&upload.input, cv_error)?;
    let Ok(kind) = checked else {
        return Err(ApiError::Internal("a CV error passed the checks".into()));
    };
    APPLICATION_PER_EMAIL
        .check(&state.pool, &application.email)
        .await?;
    let inbox = company_inbox(&state)?;
    APPLICATION_PER_ADDRESS
        .record(&state.pool, &address)
        .await?;
    APPLICATION_PER_EMAIL
        .record(&state.pool, &application.email)
        .await?;

    let id = Uuid::now_v7();
    let original = match cv::original_name(&upload.cv_name) {
        name if name.is_empty() => format!("curriculum.{}", kind.as_str()),
        name => name,
    };
    let stored = cv::stored_name(id, kind);
    let path = cv_dir(&state.config.data_dir).join(&stored);
    // The file is in place before the row that names it commits, so a listed CV always exists;
    // a failed write below removes it again.
    write_file(&path, &upload.cv).await?;
    let stored_result = store_application(
        &state,
        user.as_ref(),
        id,
        &application,
        &original,
        kind,
        upload.cv.len(),
        &stored,
        &inbox,
    )
    .await;
    if let Err(e) = stored_result {
        let _ = tokio::fs::remove_file(&path).await;
        return Err(e);
    }
    Ok(Answer::with((), Received { success: True, id }))
}

#[allow(clippy::too_many_arguments)]
async fn store_application(
    state: &AppState,
    user: Option<&User>,
    id: Uuid,
    application: &forms::Application,
    original: &str,
    kind: CvKind,
    bytes: usize,
    stored: &str,
    inbox: &str,
) -> ApiResult<()> {
    let position = forms::label(&POSITIONS, &application.position);
    let experience = forms::label(&EXPERIENCE, &application.experience);
    let size = format!(
        "{original} ({}, {} KB)",
        kind.as_str().to_uppercase(),
        bytes.div_ceil(1024)
    );
    let message = if application.message.is_empty() {
        "(sin mensaje)"
    } else {
        application.message.as_str()
    };
    let lines = [
        ("Nombre", application.name.as_str()),
        ("Email", application.email.as_str()),
        ("Teléfono", application.phone.as_str()),
        ("Puesto", position),
        ("Experiencia", experience),
        ("Mensaje", message),
        ("Currículum", size.as_str()),
        (
            "Acepta recibir ofertas",
            yes_no(application.consent.marketing),
        ),
    ];
    let panel = format!("{}/gestion", state.config.public_url);

    let mut tx = state.pool.begin().await?;
    sqlx::query(
        "INSERT INTO job_applications (id, name, email, phone, position, experience, message, \
         cv_original_name, cv_kind, cv_bytes, cv_stored_name) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(id)
    .bind(&application.name)
    .bind(&application.email)
    .bind(&application.phone)
    .bind(&application.position)
    .bind(&application.experience)
    .bind(&application.message)
    .bind(original)
    .bind(kind.as_str())
    .bind(i32::try_from(bytes).map_err(|_| too_large())?)
    .bind(stored)
    .execute(&mut *tx)
    .await?;
    record_form_consents(
        &mut tx,
        &application.email,
        account_of(user, &application.email),
        application.consent,
        purpose::JOB_APPLICATION,
        purpose::APPLICATION_TEXT,
        id,
    )
    .await?;
    state
        .mailer
        .queue(
            &mut tx,
            templates::application_to_company(
                inbox,
                &application.name,
                position,
                &id.to_string(),
                &panel,
                &lines,
            ),
        )
        .await?;
    state
        .mailer
        .queue(
            &mut tx,
            templates::application_received(
                &application.email,
                &application.name,
                position,
                original,
            ),
        )
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Writes under a temporary name and renames, so a reader never sees half a file.
async fn write_file(path: &Path, bytes: &[u8]) -> ApiResult<()> {
    let internal = |e: std::io::Error| ApiError::Internal(format!("storing a CV: {e}"));
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir).await.map_err(internal)?;
    }
    let temporary = path.with_extension("part");
    tokio::fs::write(&temporary, bytes)
        .await
        .map_err(internal)?;
    tokio::fs::rename(&temporary, path).await.map_err(internal)
}

/// `GET /api/mensajes-contacto`: every contact message, newest first, with the consent given
/// with it.
pub async fn messages(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<ContactMessages>> {
    user.require(READERS)?;
    let messages: Value = sqlx::query_scalar(
        "SELECT coalesce(json_agg(json_build_object( \
             'id', m.id, 'name', m.name, 'email', m.email, 'phone', m.phone, \
             'origin', m.origin, 'destination', m.destination, 'date', m.date, \
             'service_type', m.service_type, 'message', m.message, \
             'consent', json_build_object('contact', c.contact, 'marketing', c.marketing), \
             'recibido_en', m.received_at) ORDER BY m.received_at DESC, m.id DESC), '[]'::json) \
         FROM contact_messages m, LATERAL (SELECT \
             coalesce(bool_or(granted) FILTER (WHERE purpose = 'contacto'), false) AS contact, \
             coalesce(bool_or(granted) FILTER (WHERE purpose = 'marketing'), false) AS marketing \
             FROM consents WHERE reference = m.id) c",
    )
    .fetch_one(&state.pool)
    .await?;
    Ok(Json(ContactMessages {
        success: True,
        mensajes: messages,
    }))
}

/// `GET /api/candidaturas`: every job application, newest first, each with its CV's link.
pub async fn applications(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<JobApplications>> {
    user.require(READERS)?;
    let applications: Value = sqlx::query_scalar(
        "SELECT coalesce(json_agg(json_build_object( \
             'id', a.id, 'name', a.name, 'email', a.email, 'phone', a.phone, \
             'position', a.position, 'experience', a.experience, 'message', a.message, \
             'consent', json_build_object('contact', c.contact, 'marketing', c.marketing), \
             'recibido_en', a.received_at, \
             'cv', json_build_object('nombre', a.cv_original_name, 'tipo', a.cv_kind, \
                 'bytes', a.cv_bytes, 'url', '/api/candidaturas/' || a.id || '/cv')) \
             ORDER BY a.received_at DESC, a.id DESC), '[]'::json) \
         FROM job_applications a, LATERAL (SELECT \
             coalesce(bool_or(granted) FILTER (WHERE purpose = 'contacto'), false) AS contact, \
             coalesce(bool_or(granted) FILTER (WHERE purpose = 'marketing'), false) AS marketing \
             FROM consents WHERE reference = a.id) c",
    )
    .fetch_one(&state.pool)
    .await?;
    Ok(Json(JobApplications {
        success: True,
        candidaturas: applications,
    }))
}

/// `GET /api/candidaturas/{id}/cv`: the CV as an attachment, never shown inline (a document
/// from anyone, opened by a manager), with the type its content was checked to be.
pub async fn download_cv(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    user.require(READERS)?;
    let row: Option<(String, String, String)> = sqlx::query_as(
        "SELECT cv_original_name, cv_kind, cv_stored_name FROM job_applications WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?;
    let (original, kind, stored) =
        row.ok_or_else(|| ApiError::NotFound(APPLICATION_NOT_FOUND.into()))?;
    let kind = CvKind::parse(&kind)
        .ok_or_else(|| ApiError::Internal(format!("unknown CV kind {kind}")))?;
    let not_found = || ApiError::NotFound(CV_NOT_FOUND.into());
    let file = tokio::fs::File::open(cv_dir(&state.config.data_dir).join(&stored))
        .await
        .map_err(|_| not_found())?;
    let length = file.metadata().await.map_err(|_| not_found())?.len();
    Response::builder()
        .header(header::CONTENT_TYPE, kind.content_type())
        .header(header::CONTENT_LENGTH, length)
        .header(
            header::CONTENT_DISPOSITION,
            cv::content_disposition(&original, kind),
        )
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        // Personal data: no shared cache keeps a copy.
        .header(header::CACHE_CONTROL, "private, no-store")
        .body(Body::from_stream(tokio_util::io::ReaderStream::new(file)))
        .map_err(|e| ApiError::Internal(e.to_string()))
}

/// The public form routes and their inboxes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;
    use axum::extract::DefaultBodyLimit;

    use super::doc::{doc, form, CONTACT_AND_APPLICATIONS};

    ApiRouter::new()
        .api_route(
            "/api/contact-form",
            post_with(
                contact,
                doc(CONTACT_AND_APPLICATIONS, "Enviar un mensaje de contacto"),
            )
            .layer(DefaultBodyLimit::max(MAX_CONTACT_BODY)),
        )
        .api_route(
            "/api/trabaja-con-nosotros",
            post_with(
                apply,
                form::<ApplicationForm>(
                    CONTACT_AND_APPLICATIONS,
                    "Enviar una candidatura con su CV",
                ),
            )
            .layer(DefaultBodyLimit::max(MAX_APPLICATION_BODY)),
        )
        .api_route(
            "/api/mensajes-contacto",
            get_with(
                messages,
                doc(
                    CONTACT_AND_APPLICATIONS,
                    "Mensajes de contacto recibidos (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/candidaturas",
            get_with(
                applications,
                doc(
                    CONTACT_AND_APPLICATIONS,
                    "Candidaturas recibidas (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/candidaturas/{id}/cv",
            get_with(
                download_cv,
                doc(
                    CONTACT_AND_APPLICATIONS,
                    "Descargar el CV de una candidatura (empresario, admin, auditor)",
                ),
            ),
        )
}
