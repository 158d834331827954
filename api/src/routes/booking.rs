//! The client's booking screens (spec §2 moving_details, moving_form and confirm_moving):
//! - `GET /api/mi-mudanza/{id}`: the move's full details, its status history from the log, and
//!   the booking conditions of §9 with this move's cancellation fees;
//! - `POST /api/mi-mudanza/{id}/detalles`: the client completes the details of a pending move;
//! - `POST /api/mi-mudanza/{id}/confirmar`: the client accepts price and conditions, which books it.
//!
//! Clients only (staff 403, anonymous 401), and only their own moves: another client's move is
//! answered as if it did not exist (404). What a client may change, and when, is the decider's
//! (`command::moves`).

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use command::booking::{
    conditions, share_cents, CONDITIONS_VERSION, FREE_CANCELLATION_HOURS,
    LAST_MINUTE_CANCELLATION_PERCENT, LATE_CANCELLATION_HOURS, LATE_CANCELLATION_PERCENT,
};
use command::moves::{MoveCommand, MoveDecider};
use events_schema::events::{
    move_stream, AccessDetails, BillingDetails, Contact, MoveDetailsCompleted, MoveStatus,
    MovedObject, PaymentStatus, Properties, Services, Urgency,
};
use events_schema::{Event, RecordedEvent};
use projections::moves::{StaffMove, StaffPhoto};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use projections::ReadModel;

use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult};
use crate::ownership::{client_owner, MOVE_NOT_FOUND};
use crate::pipeline::execute;
use crate::reply::True;
use crate::routes::money::{amounts, euros, Amounts};
use crate::routes::payments::ClientPayment;
use crate::state::AppState;

/// A client's move with the booking conditions that apply to it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct BookingAnswer {
    success: True,
    mudanza: ClientBooking,
    condiciones: Conditions,
    /// After a change: the log position to wait for on the live feed.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<i64>,
}

/// The move as its client sees it on the booking pages.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ClientBooking {
    id: i64,
    #[schemars(extend("enum" = MoveStatus::ALL.map(MoveStatus::customer_value)))]
    status: String,
    origen: String,
    destino: String,
    fecha_programada: NaiveDate,
    fecha_alternativa: Option<NaiveDate>,
    flexible: bool,
    #[schemars(extend("enum" = command::options::time_slot_values()))]
    hora_preferida: String,
    urgencia: Urgency,
    contacto: Contact,
    /// The billing details given in the form, if any.
    facturacion: Option<BillingDetails>,
    property_details: Properties,
    objects: Vec<MovedObject>,
    services: Services,
    instrucciones: String,
    precio: Amounts,
    gastos_cancelacion: Option<f64>,
    estado_pago: PaymentStatus,
    pagos: Vec<ClientPayment>,
    clave_pago: Option<String>,
    fotos: Vec<StaffPhoto>,
    historial: Vec<StatusStep>,
    detalles_completados: Option<DateTime<Utc>>,
    reserva: Option<Booked>,
    puede_completar: bool,
    puede_confirmar: bool,
}

/// One change of status, oldest first.
#[derive(Serialize, schemars::JsonSchema)]
#[schemars(transform = crate::reply::always_sent)]
pub struct StatusStep {
    #[schemars(extend("enum" = MoveStatus::ALL.map(MoveStatus::customer_value)))]
    status: String,
    /// Null for the first step (the move was created pending).
    #[schemars(extend("enum" = command::options::or_null(MoveStatus::ALL.map(MoveStatus::customer_value))))]
    anterior: Option<String>,
    fecha: DateTime<Utc>,
    por: By,
}

/// Who caused a step, as the client is told: themselves, or the company (never which staff).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum By {
    Cliente,
    Empresa,
}

/// The booking the client accepted.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Booked {
    aceptada_en: DateTime<Utc>,
    total: f64,
    condiciones_version: String,
}

/// The booking conditions (spec §9) and what a cancellation costs by its notice.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Conditions {
    version: String,
    apartados: Vec<Section>,
    cancelacion: Vec<CancellationTier>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct Section {
    titulo: String,
    texto: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct CancellationTier {
    plazo: String,
    porcentaje: i64,
    importe: f64,
}

/// `GET /api/mi-mudanza/{id}`.
pub async fn details(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<BookingAnswer>> {
    client_owner(&state.pool, user, id).await?;
    Ok(Json(answer(&state, id, None).await?))
}

/// A side of the move as the form sends it; its property type is not the client's to change.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct AccessBody {
    access: String,
    floor: String,
    elevator: bool,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct SidesBody {
    origin: AccessBody,
    destination: AccessBody,
}

/// Every field is required: a field the form forgot must not silently blank what was there.
#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "BookingDetails")]
pub struct DetailsBody {
    contacto_nombre: String,
    contacto_telefono: String,
    contacto_email: String,
    #[schemars(extend("enum" = command::moves::CONTACT_PREFERENCES))]
    contacto_preferencia: String,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    fecha_alternativa: Option<NaiveDate>,
    flexible: bool,
    #[schemars(extend("enum" = command::options::time_slot_values()))]
    hora_preferida: String,
    property_details: SidesBody,
    instrucciones: String,
    /// Who the invoice is made out to; absent or both fields empty: as the client's profile says.
    #[serde(default)]
    facturacion: Option<BillingBody>,
}

/// The booking form's billing fields, each optional.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct BillingBody {
    /// NIF, DNI or NIE: with one the invoice is a full invoice, without a simplified one.
    #[serde(default)]
    nif: String,
    /// The billing address, when it is not the origin's.
    #[serde(default)]
    direccion: String,
}

fn access(side: AccessBody) -> AccessDetails {
    AccessDetails {
        access: side.access.trim().to_string(),
        floor: side.floor.trim().to_string(),
        elevator: side.elevator,
    }
}

/// `POST /api/mi-mudanza/{id}/detalles`: records `move.details_completed`.
pub async fn complete(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<DetailsBody>,
) -> ApiResult<Json<BookingAnswer>> {
    let user = client_owner(&state.pool, user, id).await?;
    let details = MoveDetailsCompleted {
        contacto: Contact {
            nombre: body.contacto_nombre,
            telefono: body.contacto_telefono,
            email: body.contacto_email,
            preferencia: body.contacto_preferencia,
        },
        fecha_alternativa: body.fecha_alternativa,
        flexible: body.flexible,
        hora_preferida: body.hora_preferida.trim().to_string(),
        origin: access(body.property_details.origin),
        destination: access(body.property_details.destination),
        instrucciones: body.instrucciones,
        facturacion: body.facturacion.map(|b| BillingDetails {
            nif: b.nif,
            direccion: b.direccion,
        }),
    };
    let command = MoveCommand::CompleteDetails {
        details: Box::new(details),
    };
    let position = execute::<MoveDecider>(&state, &user, &id, command, &[ReadModel::Moves])
        .await?
        .position;
    Ok(Json(answer(&state, id, Some(position)).await?))
}

#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "BookingConfirmation")]
pub struct ConfirmBody {
    /// The conditions' checkbox: it must be ticked.
    acepto_condiciones: bool,
    /// The version of the conditions the page showed.
    condiciones_version: String,
    /// The total the page showed, in euros, VAT included.
    total: f64,
}

/// `POST /api/mi-mudanza/{id}/confirmar`: records `move.booking_accepted` and the change to
/// confirmada in one append; the live feed shows it to managers at once.
pub async fn confirm(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> ApiResult<Json<BookingAnswer>> {
    let user = client_owner(&state.pool, user, id).await?;
    let command = MoveCommand::AcceptBooking {
        accepted: body.acepto_condiciones,
        total_cents: command::pricing::cents(body.total)?,
        terms_version: body.condiciones_version.trim().to_string(),
    };
    let position = execute::<MoveDecider>(&state, &user, &id, command, &[ReadModel::Moves])
        .await?
        .position;
    Ok(Json(answer(&state, id, Some(position)).await?))
}

/// The answer of all three calls: the move, and the conditions a booking accepts.
async fn answer(state: &AppState, id: i64, position: Option<i64>) -> ApiResult<BookingAnswer> {
    let doc: Value = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(MOVE_NOT_FOUND.into()))?;
    let m: StaffMove = serde_json::from_value(doc)
        .map_err(|e| ApiError::Internal(format!("reading a staff document: {e}")))?;
    let history = state.store.read_stream(&move_stream(id)).await?;
    Ok(BookingAnswer {
        success: True,
        mudanza: client_document(&m, &history)?,
        condiciones: conditions_for(m.precio.total_cents),
        position,
    })
}

/// Who caused an event, as the client is told.
fn by_whom(e: &RecordedEvent) -> By {
    match e.metadata.actor_role.as_deref() {
        Some("cliente") => By::Cliente,
        _ => By::Empresa,
    }
}

/// The move as its client sees it in full: the staff view without staff matters (worker,
/// documents, version numbers), with the status history and the last booking read from the log.
fn client_document(m: &StaffMove, log: &[RecordedEvent]) -> ApiResult<ClientBooking> {
    let mut history = Vec::new();
    let mut booking = None;
    let step = |status: &str, previous: Option<&str>, e: &RecordedEvent| StatusStep {
        status: status.into(),
        anterior: previous.map(Into::into),
        fecha: e.occurred_at,
        por: by_whom(e),
    };
    for e in log {
        match e.decode()? {
            Event::MoveCreated(_) => {
                history.push(step(MoveStatus::Pendiente.customer_value(), None, e))
            }
            Event::MoveStatusChanged(c) => history.push(step(
                c.to.customer_value(),
                Some(c.from.customer_value()),
                e,
            )),
            Event::BookingAccepted(b) => {
                booking = Some(Booked {
                    aceptada_en: e.occurred_at,
                    total: euros(b.total_cents),
                    condiciones_version: b.condiciones_version,
                })
            }
            _ => {}
        }
    }
    let p = &m.precio;
    let pending = m.estado == MoveStatus::Pendiente;
    Ok(ClientBooking {
        id: m.id,
        status: m.estado.customer_value().into(),
        origen: m.origen.clone(),
        destino: m.destino.clone(),
        fecha_programada: m.fecha_programada,
        fecha_alternativa: m.fecha_alternativa,
        flexible: m.flexible,
        hora_preferida: m.time.clone(),
        urgencia: m.urgencia,
        contacto: m.contacto.clone(),
        facturacion: m.facturacion.clone(),
        property_details: m.property_details.clone(),
        objects: m.objects.clone(),
        services: m.services.clone(),
        instrucciones: m.instructions.clone(),
        precio: amounts(p, m.pagado_cents, m.pending_cents()),
        gastos_cancelacion: m.gastos_cancelacion,
        estado_pago: m.estado_pago,
        pagos: crate::routes::payments::payments_list(m, false),
        clave_pago: m.clave_pago.clone(),
        fotos: m.photos.clone(),
        historial: history,
        detalles_completados: m.detalles_completados,
        reserva: booking,
        puede_completar: pending,
        puede_confirmar: pending,
    })
}

/// The booking conditions of §9, with what cancelling would cost for a quote of `total_cents`.
fn conditions_for(total_cents: i64) -> Conditions {
    let tier = |notice: String, percent: i64| CancellationTier {
        plazo: notice,
        porcentaje: percent,
        importe: euros(share_cents(total_cents, percent)),
    };
    Conditions {
        version: CONDITIONS_VERSION.into(),
        apartados: conditions()
            .into_iter()
            .map(|c| Section {
                titulo: c.titulo.into(),
                texto: c.texto,
            })
            .collect(),
        cancelacion: vec![
            tier(format!("Más de {FREE_CANCELLATION_HOURS} horas antes"), 0),
            tier(
                format!("Entre {LATE_CANCELLATION_HOURS} y {FREE_CANCELLATION_HOURS} horas antes"),
                LATE_CANCELLATION_PERCENT,
            ),
            tier(
                format!("Menos de {LATE_CANCELLATION_HOURS} horas antes"),
                LAST_MINUTE_CANCELLATION_PERCENT,
            ),
        ],
    }
}

/// The client's booking routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, CUSTOMER_AREA};

    ApiRouter::new()
        .api_route(
            "/api/mi-mudanza/{id}",
            get_with(details, doc(CUSTOMER_AREA, "Una mudanza propia (cliente)")),
        )
        .api_route(
            "/api/mi-mudanza/{id}/detalles",
            post_with(
                complete,
                doc(
                    CUSTOMER_AREA,
                    "Completar los detalles de una mudanza propia (cliente)",
                ),
            ),
        )
        .api_route(
            "/api/mi-mudanza/{id}/confirmar",
            post_with(
                confirm,
                doc(
                    CUSTOMER_AREA,
                    "Confirmar la reserva de una mudanza propia (cliente)",
                ),
            ),
        )
}
