//! A move's invoice and waybill. `POST /api/factura/{id}/emitir` and `POST /api/albaran/{id}/emitir`
//! issue one with the next number of the year's series (or answer the one already issued);
//! `GET /api/factura/{id}` and `GET /api/albaran/{id}` only read what was issued, 404 before. A
//! GET never issues: the origin check lets GETs from other sites through, so a page elsewhere
//! could otherwise make a signed-in manager issue an invoice.

use axum::extract::State;
use axum::Json;
use chrono::{Datelike, NaiveDate};
use command::billing;
use command::documents::{decide_issue, may_issue, DocumentSeries, DocumentSeriesDecider, Issue};
use command::moves::MoveDecider;
use command::{Decider, Role};
use events_schema::events::{
    DocumentKind, MoveStatus, MovedObject, PaymentStatus, Properties, Services, Urgency,
};
use projections::moves::{ConditionEntry, StaffMove, StaffPhoto, StaffSignature};
use serde::Serialize;
use serde_json::{json, Value};

use projections::ReadModel;

use crate::auth::{CurrentUser, User};
use crate::catalogue;
use crate::error::{ApiError, ApiPath, ApiResult};
use crate::ownership::{may_see_move, OWNED_BY};
use crate::pipeline::{self, append_plan, load, read_your_writes};
use crate::reply::attachment;
use crate::reply::True;
use crate::routes::money::{amounts, euros, Amounts};
use crate::routes::payments::ClientPayment;
use crate::state::AppState;
use axum::response::Response;

/// A document that lost the race for its number is decided again, after a short random pause,
/// up to this many times: documents are issued rarely, but a burst must still all get numbers.
const RETRIES: usize = 20;
const WARRANTY: &str =
    "Garantía de 30 días en los trabajos de desmontaje y montaje de muebles realizados.";

pub const INVOICE_NOT_ISSUED: &str = "La factura de esta mudanza aún no se ha emitido";
pub const WAYBILL_NOT_ISSUED: &str = "El albarán de esta mudanza aún no se ha emitido";

/// The company's legal data as `empresa.json` gives it (printed on both documents).
#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code)] // only its schema is used: the file is passed through
pub struct Company {
    nombre: String,
    nif: String,
    direccion: String,
    ciudad: String,
    telefono: String,
    email: String,
}

/// An invoice's content as issued (recorded in the log; never changed afterwards).
#[derive(Serialize, schemars::JsonSchema)]
pub struct InvoiceContent {
    #[schemars(with = "Company")]
    empresa: Value,
    /// Absent on invoices issued before the distinction was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    tipo: Option<billing::InvoiceType>,
    cliente: InvoiceClient,
    mudanza: InvoiceMove,
    servicios: Vec<ServiceLine>,
    objetos: Vec<InvoiceObject>,
    importes: Amounts,
    garantia: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct InvoiceClient {
    nombre: String,
    email: String,
    telefono: String,
    /// NIF, DNI or NIE; absent on a simplified invoice (and on invoices issued before it was
    /// asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    nif: Option<String>,
    /// The billing address; absent on invoices issued before it was recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    direccion: Option<String>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct InvoiceMove {
    id: i64,
    origen: String,
    destino: String,
    fecha_programada: NaiveDate,
    fecha_alternativa: Option<NaiveDate>,
    estado: MoveStatus,
    #[schemars(extend("enum" = command::options::time_slot_values()))]
    hora_preferida: String,
    urgencia: Urgency,
    instrucciones: String,
    property_details: Properties,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ServiceLine {
    concepto: String,
    cantidad: u32,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct InvoiceObject {
    nombre: String,
    cantidad: u32,
    /// kg
    peso: f64,
}

/// The invoice as issued, numbered and dated, with what has been paid as of now.
#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code)] // only its schema is used: the stored document is passed through
pub struct Invoice {
    numero: String,
    fecha_emision: NaiveDate,
    #[serde(flatten)]
    content: InvoiceContent,
    /// Absent when the move's staff view cannot be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    cobros: Option<Collections>,
}

/// What has been paid of an invoice, as of now.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Collections {
    pagado: f64,
    pendiente: f64,
    estado_pago: PaymentStatus,
    gastos_cancelacion: Option<f64>,
    pagos: Vec<ClientPayment>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct InvoiceAnswer {
    success: True,
    #[schemars(with = "Invoice")]
    factura: Value,
}

/// A waybill's content as issued (recorded in the log; never changed afterwards).
#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillContent {
    #[schemars(with = "Company")]
    empresa: Value,
    cliente: WaybillClient,
    mudanza: WaybillMove,
    /// Each service in words, its quantity in brackets when more than one.
    servicios: Vec<String>,
    objetos: Vec<WaybillObject>,
    resumen_objetos: WaybillSummary,
    /// Absent for workers, who see no prices.
    #[serde(skip_serializing_if = "Option::is_none")]
    precio_con_iva: Option<f64>,
    garantia: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillClient {
    nombre: String,
    email: String,
    telefono: String,
    direccion: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillMove {
    id: i64,
    origen: String,
    destino: String,
    fecha_programada: NaiveDate,
    estado: MoveStatus,
}

/// An object line; category, size and volume are `null` for an object the catalogue does not
/// know.
#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillObject {
    cantidad: u32,
    nombre: String,
    categoria: Option<String>,
    dimensiones: Option<String>,
    volumen_m3: Option<f64>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillSummary {
    total_objetos: u32,
    /// `null` when an object's volume is unknown.
    volumen_total_m3: Option<f64>,
}

/// The waybill as issued, numbered and dated.
#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code)] // only its schema is used: the stored document is passed through
pub struct Waybill {
    numero_albaran: String,
    fecha_emision: NaiveDate,
    #[serde(flatten)]
    content: WaybillContent,
    #[serde(flatten)]
    crew: CrewRecords,
}

/// What the crew recorded on the waybill after it was issued (issue 21), as it is now: the
/// signatures and the condition of the objects.
#[derive(Serialize, schemars::JsonSchema)]
pub struct CrewRecords {
    /// What a signature accepts now (`events_schema::waybill::accepted_sha256`).
    albaran_sha256: String,
    firmas: Vec<WaybillSignature>,
    estado_objetos: Vec<ObjectConditionEntry>,
}

/// A signature as the waybill shows it: also when the server stored it (later than signed when
/// the phone was offline).
#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillSignature {
    #[serde(flatten)]
    firma: StaffSignature,
    registrado_en: chrono::DateTime<chrono::Utc>,
}

/// One object's noted condition, with the photos the crew took of it at that stage.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ObjectConditionEntry {
    #[serde(flatten)]
    nota: ConditionEntry,
    fotos: Vec<StaffPhoto>,
}

impl CrewRecords {
    /// `recorded`: when each signature's event was stored, by event id.
    fn of(m: &StaffMove, recorded: &[(uuid::Uuid, chrono::DateTime<chrono::Utc>)]) -> CrewRecords {
        let mut entries: Vec<ObjectConditionEntry> = m
            .estado_objetos
            .iter()
            .map(|n| ObjectConditionEntry {
                nota: n.clone(),
                fotos: Vec::new(),
            })
            .collect();
        // An object's photos at a stage go with its latest note there.
        for photo in &m.photos {
            let Some(object) = &photo.objeto else {
                continue;
            };
            if let Some(entry) = entries
                .iter_mut()
                .rev()
                .find(|e| e.nota.objeto_id == object.id && e.nota.etapa == object.etapa)
            {
                entry.fotos.push(photo.clone());
            }
        }
        CrewRecords {
            albaran_sha256: m.albaran_sha256.clone(),
            firmas: m
                .firmas
                .iter()
                .map(|f| WaybillSignature {
                    registrado_en: recorded
                        .iter()
                        .find(|(id, _)| *id == f.id)
                        .map_or(f.firmado_en, |(_, at)| *at),
                    firma: f.clone(),
                })
                .collect(),
            estado_objetos: entries,
        }
    }
}

/// The waybill `doc` with the crew's records of move `id` as they are now; `images` puts each
/// signature's PNG in too (for the PDF), read from the log where it is kept.
async fn with_crew_records(
    state: &AppState,
    id: i64,
    mut doc: Value,
    images: bool,
) -> ApiResult<Value> {
    let current: Option<Value> =
        sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.pool)
            .await?;
    let Some(current) = current else {
        return Ok(doc);
    };
    let m: StaffMove = serde_json::from_value(current)
        .map_err(|e| ApiError::Internal(format!("reading a staff document: {e}")))?;
    // When each signature was stored, and for the PDF its image, from the log.
    let ids: Vec<uuid::Uuid> = m.firmas.iter().map(|f| f.id).collect();
    type Row = (uuid::Uuid, chrono::DateTime<chrono::Utc>, Option<String>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT event_id, recorded_at, CASE WHEN $2 THEN data->>'imagen_png' END \
         FROM events WHERE event_id = ANY($1)",
    )
    .bind(&ids)
    .bind(images)
    .fetch_all(&state.pool)
    .await?;
    let recorded: Vec<_> = rows.iter().map(|(id, at, _)| (*id, *at)).collect();
    let mut records = serde_json::to_value(CrewRecords::of(&m, &recorded))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    if images {
        if let Some(list) = records["firmas"].as_array_mut() {
            for firma in list {
                let png = rows
                    .iter()
                    .find(|(event, _, _)| Some(event.to_string().as_str()) == firma["id"].as_str())
                    .and_then(|(_, _, png)| png.clone());
                firma["imagen_png"] = json!(png);
            }
        }
    }
    if let (Some(doc), Some(records)) = (doc.as_object_mut(), records.as_object()) {
        for (key, value) in records {
            doc.insert(key.clone(), value.clone());
        }
    }
    Ok(doc)
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct WaybillAnswer {
    success: True,
    #[schemars(with = "Waybill")]
    albaran: Value,
}

/// Who may read a move's invoice: managers, the admin, the auditor, and the move's client. Another
/// client's move is as if it did not exist; workers see no prices.
async fn may_read_invoice(state: &AppState, user: &User, id: i64) -> ApiResult<()> {
    match user.role {
        Role::Empresario | Role::Admin | Role::Auditor => Ok(()),
        Role::Cliente if may_see_move(&state.pool, user, id).await? => Ok(()),
        Role::Cliente => Err(ApiError::NotFound("Mudanza no encontrada".into())),
        _ => Err(ApiError::Forbidden),
    }
}

/// `GET /api/factura/{id}`: the invoice as issued, for managers, the admin, the auditor and the
/// move's client.
pub async fn invoice(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<InvoiceAnswer>> {
    may_read_invoice(&state, &user.0, id).await?;
    let doc = issued(&state, DocumentKind::Factura, id).await?;
    invoice_answer(&state, id, doc).await
}

/// `GET /api/factura/{id}/pdf`: the same invoice as a PDF file, for the same readers.
pub async fn invoice_pdf(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Response> {
    may_read_invoice(&state, &user.0, id).await?;
    let doc = issued(&state, DocumentKind::Factura, id).await?;
    let Json(answer) = invoice_answer(&state, id, doc).await?;
    pdf_file(answer.factura, DocumentKind::Factura, crate::pdf::invoice).await
}

/// `GET /api/albaran/{id}/pdf`: the waybill as issued, as a PDF file, for whoever may read it.
pub async fn waybill_pdf(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Response> {
    let user = user.0;
    if !may_see_move(&state.pool, &user, id).await? {
        return Err(ApiError::NotFound("Mudanza no encontrada".into()));
    }
    let doc = issued(&state, DocumentKind::Albaran, id).await?;
    let doc = with_crew_records(&state, id, doc, true).await?;
    let Json(answer) = waybill_answer(&user, doc);
    pdf_file(answer.albaran, DocumentKind::Albaran, crate::pdf::waybill).await
}

/// The document rendered off the async threads (subsetting fonts takes a few milliseconds), as
/// a download named by its number.
async fn pdf_file(
    doc: Value,
    kind: DocumentKind,
    render: fn(&Value) -> Result<Vec<u8>, String>,
) -> ApiResult<Response> {
    let number = doc[number_field(kind)]
        .as_str()
        .unwrap_or("documento")
        .to_string();
    let bytes = tokio::task::spawn_blocking(move || render(&doc))
        .await
        .map_err(|e| ApiError::Internal(format!("rendering {number}: {e}")))?
        .map_err(|e| ApiError::Internal(format!("rendering {number}: {e}")))?;
    Ok(attachment(
        "application/pdf",
        format!("{}-{number}.pdf", kind.as_str()),
        bytes,
    ))
}

/// One of the client's documents as their list shows it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct OwnDocument {
    tipo: DocumentKind,
    numero: String,
    fecha_emision: NaiveDate,
    mudanza_id: i64,
    origen: String,
    destino: String,
    /// The invoice's total with VAT, in euros; `null` for a waybill.
    total: Option<f64>,
    /// Where the PDF is downloaded.
    pdf: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct OwnDocuments {
    success: True,
    documentos: Vec<OwnDocument>,
}

/// `GET /api/mis-documentos`: the invoices and waybills issued for the client's moves, newest
/// first. None before the email is confirmed: the moves are found by it.
pub async fn my_documents(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<OwnDocuments>> {
    let user = user.require(&[Role::Cliente])?;
    let Some(email) = user.owned_email() else {
        return Ok(Json(OwnDocuments {
            success: True,
            documentos: Vec::new(),
        }));
    };
    type Row = (String, String, NaiveDate, i64, String, String, Option<f64>);
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT d.kind, d.numero, d.fecha_emision, d.move_id, \
                coalesce(d.doc->'mudanza'->>'origen', ''), coalesce(d.doc->'mudanza'->>'destino', ''), \
                (d.doc->'importes'->>'total')::float8 \
         FROM documents d \
         WHERE d.move_id IN (SELECT id FROM move_client_view WHERE {OWNED_BY}) \
         ORDER BY d.fecha_emision DESC, d.numero DESC"
    ))
    .bind(email)
    .fetch_all(&state.pool)
    .await?;
    let documentos = rows
        .into_iter()
        .map(
            |(kind, numero, fecha_emision, move_id, origen, destino, total)| {
                let tipo = DocumentKind::parse(&kind).unwrap_or(DocumentKind::Factura);
                OwnDocument {
                    pdf: format!("/api/{}/{move_id}/pdf", tipo.as_str()),
                    total: (tipo == DocumentKind::Factura).then_some(total).flatten(),
                    tipo,
                    numero,
                    fecha_emision,
                    mudanza_id: move_id,
                    origen,
                    destino,
                }
            },
        )
        .collect();
    Ok(Json(OwnDocuments {
        success: True,
        documentos,
    }))
}

/// `POST /api/factura/{id}/emitir`: managers and the admin issue the invoice; answered as the GET.
pub async fn issue_invoice(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<InvoiceAnswer>> {
    let user = user.require(&[Role::Empresario, Role::Admin])?;
    let doc = issue(&state, &user, DocumentKind::Factura, id).await?;
    invoice_answer(&state, id, doc).await
}

/// The invoice's lines are as issued; what has been paid is as of now.
async fn invoice_answer(
    state: &AppState,
    id: i64,
    mut doc: Value,
) -> ApiResult<Json<InvoiceAnswer>> {
    let m: Option<Value> = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?;
    if let Some(m) = m.and_then(|m| serde_json::from_value::<StaffMove>(m).ok()) {
        doc["cobros"] = json!(Collections {
            pagado: m.pagado,
            pendiente: m.pago_pendiente,
            estado_pago: m.estado_pago,
            gastos_cancelacion: m.gastos_cancelacion,
            pagos: crate::routes::payments::payments_list(&m, false),
        });
    }
    Ok(Json(InvoiceAnswer {
        success: True,
        factura: doc,
    }))
}

/// `GET /api/albaran/{id}`: the waybill as issued, for staff and the client whose move it is.
pub async fn waybill(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<WaybillAnswer>> {
    let user = user.0;
    if !may_see_move(&state.pool, &user, id).await? {
        // Another client's move: as if it did not exist.
        return Err(ApiError::NotFound("Mudanza no encontrada".into()));
    }
    let doc = issued(&state, DocumentKind::Albaran, id).await?;
    let doc = with_crew_records(&state, id, doc, false).await?;
    Ok(waybill_answer(&user, doc))
}

/// `POST /api/albaran/{id}/emitir`: whoever may see the move issues its waybill (staff on site,
/// or its client downloading it), except the auditor, who changes nothing; answered as the GET.
pub async fn issue_waybill(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<WaybillAnswer>> {
    let user = user.0;
    if !may_see_move(&state.pool, &user, id).await? {
        return Err(ApiError::NotFound("Mudanza no encontrada".into()));
    }
    if !may_issue(DocumentKind::Albaran, user.role) {
        return Err(ApiError::Forbidden);
    }
    let doc = issue(&state, &user, DocumentKind::Albaran, id).await?;
    let doc = with_crew_records(&state, id, doc, false).await?;
    Ok(waybill_answer(&user, doc))
}

/// Workers see no prices.
fn waybill_answer(user: &User, mut doc: Value) -> Json<WaybillAnswer> {
    if !(user.role.sees_prices() || user.role == Role::Cliente) {
        if let Some(o) = doc.as_object_mut() {
            o.remove("precio_con_iva");
        }
    }
    Json(WaybillAnswer {
        success: True,
        albaran: doc,
    })
}

/// The move's document of this kind as issued; 404 when the move has none yet (or no move).
async fn issued(state: &AppState, kind: DocumentKind, move_id: i64) -> ApiResult<Value> {
    let loaded = load::<MoveDecider>(state, &move_id).await?;
    let current = &loaded.state;
    if !current.exists {
        return Err(ApiError::NotFound("Mudanza no encontrada".into()));
    }
    let (number, not_issued) = match kind {
        DocumentKind::Factura => (&current.factura, INVOICE_NOT_ISSUED),
        DocumentKind::Albaran => (&current.albaran, WAYBILL_NOT_ISSUED),
    };
    match number {
        Some(number) => stored(state, number, loaded.position).await,
        None => Err(ApiError::NotFound(not_issued.into())),
    }
}

/// The move's document of this kind, issuing it first if it has none.
async fn issue(
    state: &AppState,
    user: &User,
    kind: DocumentKind,
    move_id: i64,
) -> ApiResult<Value> {
    for _ in 0..RETRIES {
        let loaded = load::<MoveDecider>(state, &move_id).await?;
        let (current, last) = (&loaded.state, loaded.position);
        if !current.exists {
            return Err(ApiError::NotFound("Mudanza no encontrada".into()));
        }
        let ctx = pipeline::context(Some(user));
        // Only the series' version is read: its documents are not needed for the next number.
        let series = DocumentSeriesDecider::stream(&(kind, ctx.today().year()));
        let series = DocumentSeries {
            version: state.store.stream_version(&series).await?,
        };
        let issued = match kind {
            DocumentKind::Factura => current.factura.is_some(),
            DocumentKind::Albaran => current.albaran.is_some(),
        };
        let content_value = if issued {
            Value::Null
        } else {
            content(state, kind, move_id, last).await?
        };
        match decide_issue(kind, move_id, current, series, content_value, &ctx)? {
            Issue::Existing(number) => return stored(state, &number, last).await,
            Issue::New { number, plan } => match append_plan(
                state,
                user,
                &plan,
                &[ReadModel::Documents, ReadModel::Moves],
            )
            .await
            {
                Ok(()) => return stored(state, &number, last).await,
                Err(ApiError::Log(events_schema::Error::Conflict { .. })) => {
                    let pause = rand::Rng::gen_range(&mut rand::thread_rng(), 1..20);
                    tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
                }
                Err(e) => return Err(e),
            },
        }
    }
    Err(ApiError::Domain(command::DomainError::Stale))
}

/// The field a document's number is answered in.
fn number_field(kind: DocumentKind) -> &'static str {
    match kind {
        DocumentKind::Factura => "numero",
        DocumentKind::Albaran => "numero_albaran",
    }
}

/// The document as the read model keeps it, with its number and date. Waits for the
/// projection when the document was issued a moment ago.
async fn stored(state: &AppState, number: &str, after: i64) -> ApiResult<Value> {
    for attempt in 0..2 {
        let row: Option<(String, chrono::NaiveDate, Value)> =
            sqlx::query_as("SELECT kind, fecha_emision, doc FROM documents WHERE numero = $1")
                .bind(number)
                .fetch_optional(&state.pool)
                .await?;
        if let Some((kind, issued_on, mut doc)) = row {
            if let Some(o) = doc.as_object_mut() {
                let kind = DocumentKind::parse(&kind).unwrap_or(DocumentKind::Factura);
                o.insert(number_field(kind).into(), number.into());
                o.insert("fecha_emision".into(), json!(issued_on));
            }
            return Ok(doc);
        }
        if attempt == 0 {
            let head = state.store.max_position().await?.max(after);
            read_your_writes(state, head, &[ReadModel::Documents]).await;
        }
    }
    Err(ApiError::Internal(format!(
        "document {number} is not in the read model"
    )))
}

/// The company's legal data, from `empresa.json` in the seed folder.
pub(crate) fn company(state: &AppState) -> ApiResult<Value> {
    let path = state.config.seed_dir.join("empresa.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| ApiError::Internal(format!("{}: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| ApiError::Internal(format!("{}: {e}", path.display())))
}

/// The services of a move in words, with their quantities.
fn services(s: &Services) -> Vec<(&'static str, u32)> {
    let mut out = Vec::new();
    if s.dismount {
        out.push(("Desmontaje y montaje de muebles", s.dismount_quantity));
    }
    if s.packaging {
        out.push(("Embalaje", s.packaging_quantity));
    }
    if s.cleaning {
        out.push(("Limpieza tras la mudanza", 1));
    }
    if s.fragile {
        out.push(("Manipulación de objetos frágiles", 1));
    }
    if s.long_stairs {
        out.push(("Escaleras largas (4 o más pisos)", 1));
    }
    out
}

/// The waybill's object lines, with category, size and the line's volume (unit × quantity)
/// from the catalogue. An object the catalogue does not know gets nulls rather than invented
/// figures, and then the total volume is null too: a sum of some lines would understate it.
fn waybill_objects(state: &AppState, objects: &[MovedObject]) -> (Vec<WaybillObject>, Option<f64>) {
    let mut total_litres = Some(0_i64);
    let lines = objects
        .iter()
        .map(|o| match state.catalogue.get(&o.id) {
            Some(c) => {
                let litres = catalogue::litres(c.volumen, o.quantity);
                total_litres = total_litres.map(|t| t + litres);
                WaybillObject {
                    cantidad: o.quantity,
                    nombre: o.nombre.clone(),
                    categoria: Some(c.categoria.into()),
                    dimensiones: Some(c.dimensiones.clone()),
                    volumen_m3: Some(litres as f64 / 1000.0),
                }
            }
            None => {
                total_litres = None;
                WaybillObject {
                    cantidad: o.quantity,
                    nombre: o.nombre.clone(),
                    categoria: None,
                    dimensiones: None,
                    volumen_m3: None,
                }
            }
        })
        .collect();
    (lines, total_litres.map(|t| t as f64 / 1000.0))
}

/// Who the invoice is made out to: the NIF and address the client gave when booking, else their
/// account's, else no NIF (a simplified invoice) and the move's origin, where they lived.
async fn recipient(state: &AppState, m: &StaffMove) -> ApiResult<(String, String)> {
    let given = m.facturacion.clone().unwrap_or_default();
    let account: Option<(String, String, String, String)> = sqlx::query_as(
        "SELECT nif, direccion, codigo_postal, ciudad FROM accounts \
         WHERE role = 'cliente' AND active AND email_confirmed AND lower(email) = lower($1)",
    )
    .bind(&m.cliente_email)
    .fetch_optional(&state.pool)
    .await?;
    let (account_nif, account_address) = match account {
        Some((nif, street, postcode, city)) if !street.trim().is_empty() => {
            let town = [postcode.trim(), city.trim()]
                .into_iter()
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            let address = if town.is_empty() {
                street
            } else {
                format!("{street}, {town}")
            };
            (nif, Some(address))
        }
        Some((nif, ..)) => (nif, None),
        None => (String::new(), None),
    };
    let nif = if given.nif.is_empty() {
        account_nif
    } else {
        given.nif
    };
    let address = if !given.direccion.is_empty() {
        given.direccion
    } else {
        account_address.unwrap_or_else(|| m.origen.clone())
    };
    Ok((nif, address))
}

/// The document's content from the move as it is now (`after` is the position the move was
/// read at: the staff view must have caught up with it).
async fn content(
    state: &AppState,
    kind: DocumentKind,
    move_id: i64,
    after: i64,
) -> ApiResult<Value> {
    read_your_writes(state, after, &[ReadModel::Moves]).await;
    let doc: Value = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
        .bind(move_id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound("Mudanza no encontrada".into()))?;
    let m: StaffMove = serde_json::from_value(doc)
        .map_err(|e| ApiError::Internal(format!("reading a staff document: {e}")))?;
    let p = &m.precio;
    let company_info = company(state)?;
    Ok(match kind {
        DocumentKind::Factura => {
            let (nif, address) = recipient(state, &m).await?;
            json!(InvoiceContent {
                empresa: company_info,
                tipo: Some(billing::InvoiceType::for_recipient(&nif)),
                cliente: InvoiceClient {
                    nombre: m.cliente_nombre.clone(),
                    email: m.cliente_email.clone(),
                    telefono: m.cliente_telefono.clone(),
                    nif: (!nif.is_empty()).then_some(nif),
                    direccion: Some(address),
                },
                mudanza: InvoiceMove {
                    id: m.id,
                    origen: m.origen.clone(),
                    destino: m.destino.clone(),
                    fecha_programada: m.fecha_programada,
                    fecha_alternativa: m.fecha_alternativa,
                    estado: m.estado,
                    hora_preferida: m.time.clone(),
                    urgencia: m.urgencia,
                    instrucciones: m.instructions.clone(),
                    property_details: m.property_details.clone(),
                },
                servicios: services(&m.services)
                    .into_iter()
                    .map(|(concept, quantity)| ServiceLine {
                        concepto: concept.into(),
                        cantidad: quantity,
                    })
                    .collect(),
                objetos: m
                    .objects
                    .iter()
                    .map(|o| InvoiceObject {
                        nombre: o.nombre.clone(),
                        cantidad: o.quantity,
                        peso: o.peso,
                    })
                    .collect(),
                importes: amounts(p, m.pagado_cents, m.pending_cents()),
                garantia: WARRANTY.into(),
            })
        }
        DocumentKind::Albaran => {
            let object_count: u32 = m.objects.iter().map(|o| o.quantity).sum();
            let (objects, total_volume_m3) = waybill_objects(state, &m.objects);
            json!(WaybillContent {
                empresa: company_info,
                cliente: WaybillClient {
                    nombre: m.cliente_nombre.clone(),
                    email: m.cliente_email.clone(),
                    telefono: m.cliente_telefono.clone(),
                    direccion: m.origen.clone(),
                },
                mudanza: WaybillMove {
                    id: m.id,
                    origen: m.origen.clone(),
                    destino: m.destino.clone(),
                    fecha_programada: m.fecha_programada,
                    estado: m.estado,
                },
                servicios: services(&m.services)
                    .into_iter()
                    .map(|(concept, quantity)| {
                        if quantity > 1 {
                            format!("{concept} ({quantity})")
                        } else {
                            concept.to_string()
                        }
                    })
                    .collect(),
                objetos: objects,
                resumen_objetos: WaybillSummary {
                    total_objetos: object_count,
                    volumen_total_m3: total_volume_m3,
                },
                precio_con_iva: Some(euros(p.total_cents)),
                garantia: WARRANTY.into(),
            })
        }
    })
}

/// The invoice and waybill routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/factura/{id}",
            get_with(
                invoice,
                doc(
                    STAFF_MOVES,
                    "La factura emitida de una mudanza (empresario, admin, auditor y el cliente \
                     de la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/factura/{id}/pdf",
            get_with(
                invoice_pdf,
                doc(
                    STAFF_MOVES,
                    "La factura emitida en PDF (empresario, admin, auditor y el cliente de la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/albaran/{id}/pdf",
            get_with(
                waybill_pdf,
                doc(
                    STAFF_MOVES,
                    "El albarán emitido en PDF (personal, y el cliente de la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/mis-documentos",
            get_with(
                my_documents,
                doc(
                    super::doc::CUSTOMER_AREA,
                    "Las facturas y albaranes de mis mudanzas (cliente)",
                ),
            ),
        )
        .api_route(
            "/api/factura/{id}/emitir",
            post_with(
                issue_invoice,
                doc(
                    STAFF_MOVES,
                    "Emitir la factura de una mudanza, o la ya emitida (empresario, admin)",
                ),
            ),
        )
        .api_route(
            "/api/albaran/{id}",
            get_with(
                waybill,
                doc(
                    STAFF_MOVES,
                    "El albarán emitido de una mudanza (personal, y el cliente de la mudanza)",
                ),
            ),
        )
        .api_route(
            "/api/albaran/{id}/emitir",
            post_with(
                issue_waybill,
                doc(
                    STAFF_MOVES,
                    "Emitir el albarán de una mudanza, o el ya emitido (personal salvo auditor, \
                     y el cliente de la mudanza)",
                ),
            ),
        )
}
