//! The `moves` projector: the staff view and the customer view of every move (spec §3), and one
//! `live_changes` row per event for the live feed.
//!
//! A batch is applied in memory and written with one statement per table, which is what lets a
//! rebuild run at tens of thousands of events per second.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use events_schema::events::{
    move_id_of, BillingDetails, Contact, DocumentKind, Milestone, MoveStatus, MovedObject,
    ObjectCondition, PaymentKind, PaymentStatus, PhotoObject, Price, Properties, Services, Signer,
    Urgency, WaybillStage,
};
use events_schema::waybill::accepted_sha256;
use events_schema::{Event, RecordedEvent};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::changes::forget;
use crate::{Error, Mode, Projector};

pub const LIVE_KIND: &str = "move";

/// The live-feed kind of a scope's counts per status (`StatusCounts`); its id is the scope.
pub const COUNTS_KIND: &str = "move_counts";

/// The scope of the counts of every move; a worker's scope is their id.
pub const ALL_SCOPE: &str = "all";

/// The digits of a client's phone the view keeps for a search by number.
const PHONE_DIGITS_MAX: usize = 32;

/// The client name of a move whose client deleted their account.
pub const ERASED_CLIENT: &str = "Cliente eliminado";

/// 'Sin asignar' is what the spec shows for a move without a worker.
pub const NO_WORKER: &str = "Sin asignar";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StaffPhoto {
    pub id: Uuid,
    pub url: String,
    pub descripcion: String,
    pub tipo: String,
    pub fecha_subida: DateTime<Utc>,
    /// The waybill object and stage it documents, if any (issue 21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objeto: Option<PhotoObject>,
}

/// A signature on the waybill; the image is served from the log by its event (`url`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StaffSignature {
    /// The signature's event.
    pub id: Uuid,
    pub etapa: WaybillStage,
    pub firmante: Signer,
    pub nombre: String,
    /// When it was signed, by the phone's clock (when the server stored it is the event's
    /// `recorded_at`, which the waybill shows beside it).
    pub firmado_en: DateTime<Utc>,
    /// The content it accepts (`events_schema::waybill::accepted_sha256`).
    pub sha256_albaran: String,
    pub url: String,
}

/// The condition the crew noted of one waybill object at a stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ConditionEntry {
    /// The note's event.
    pub id: Uuid,
    pub etapa: WaybillStage,
    pub objeto_id: String,
    pub objeto_nombre: String,
    pub estado: ObjectCondition,
    pub nota: String,
    pub fecha: DateTime<Utc>,
}

/// Where a signature's image is served.
pub fn signature_url(move_id: i64, event_id: Uuid) -> String {
    format!("/api/mudanza/{move_id}/firmas/{event_id}")
}

/// The staff view (spec §3 'Move, staff view'), with prices: `without_prices` strips them for
/// workers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(transform = money_not_required)]
pub struct StaffMove {
    pub id: i64,
    pub cliente_nombre: String,
    pub cliente_telefono: String,
    pub cliente_email: String,
    pub origen: String,
    pub destino: String,
    pub fecha_programada: NaiveDate,
    pub fecha_alternativa: Option<NaiveDate>,
    pub flexible: bool,
    pub estado: MoveStatus,
    pub precio_total: f64,
    pub precio: Price,
    /// The deposit asked for to secure the date.
    pub pago_adelantado: f64,
    /// What is owed less what was paid: of the total, or, once cancelled, of the cancellation
    /// fee (nothing when the cancellation was free).
    pub pago_pendiente: f64,
    /// From the payments: pending (nothing paid), partial, paid.
    pub estado_pago: PaymentStatus,
    /// Authorised card payments less refunds.
    #[serde(default)]
    pub pagado: f64,
    #[serde(default)]
    pub pagado_cents: i64,
    /// Card payments and failed attempts, oldest first.
    #[serde(default)]
    pub pagos: Vec<StaffPayment>,
    /// The payment key (spec §3 `clave_pago`), as shown: `K7MQ-2XPA`.
    #[serde(default)]
    pub clave_pago: Option<String>,
    /// While cancelled: what the cancellation costs by the notice given (spec §9), 0 when free.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gastos_cancelacion: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gastos_cancelacion_cents: Option<i64>,
    pub urgencia: Urgency,
    pub objects: Vec<MovedObject>,
    pub services: Services,
    pub photos: Vec<StaffPhoto>,
    #[serde(rename = "workerId")]
    pub worker_id: Option<Uuid>,
    pub worker: String,
    /// The preferred time slot (morning, afternoon, evening, flexible).
    pub time: String,
    pub instructions: String,
    pub contacto: Contact,
    pub property_details: Properties,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Stream version: what an edit must be decided on.
    pub version: i64,
    /// The numbers of the move's invoice and waybill, once issued.
    pub factura: Option<String>,
    pub albaran: Option<String>,
    /// When the client last completed the move's details (/formulario-mudanza).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detalles_completados: Option<DateTime<Utc>>,
    /// The client's booking (/confirmar-mudanza), once they accepted price and conditions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserva: Option<StaffBooking>,
    /// The milestones of the day the crew recorded, in order; a move back to pending or
    /// confirmed starts its day again.
    #[serde(default)]
    pub hitos: Vec<MilestoneEntry>,
    /// Each status the move has had and when it began, from its creation on.
    #[serde(default)]
    pub historial: Vec<StatusEntry>,
    /// Who the invoice is made out to, as the client gave it in the booking form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facturacion: Option<BillingDetails>,
    /// What a signature must accept now: the SHA-256 of the listed objects and services.
    #[serde(default)]
    pub albaran_sha256: String,
    /// The waybill's signatures, in the order they were given.
    #[serde(default)]
    pub firmas: Vec<StaffSignature>,
    /// The condition of its objects as the crew noted it, oldest first.
    #[serde(default)]
    pub estado_objetos: Vec<ConditionEntry>,
}

/// A milestone of the crew's day and when the crew recorded it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MilestoneEntry {
    pub hito: Milestone,
    pub fecha: DateTime<Utc>,
}

/// A status a move had and since when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StatusEntry {
    pub estado: MoveStatus,
    pub fecha: DateTime<Utc>,
}

/// A status of the customer view (spec §4) and since when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClientStatusEntry {
    #[schemars(extend("enum" = MoveStatus::ALL.map(MoveStatus::customer_value)))]
    pub status: String,
    pub fecha: DateTime<Utc>,
}

/// One card payment or failed attempt. `estado`: autorizado, reembolsado (wholly or in part:
/// `reembolsado` says how much) or fallido (with `motivo`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StaffPayment {
    pub id: Uuid,
    pub fecha: DateTime<Utc>,
    pub importe: f64,
    pub importe_cents: i64,
    pub reembolsado: f64,
    pub reembolsado_cents: i64,
    pub marca: String,
    pub ultimos4: String,
    #[schemars(extend("enum" = [STATUS_AUTHORISED, STATUS_REFUNDED, STATUS_FAILED]))]
    pub estado: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motivo: Option<String>,
    pub proveedor: String,
    /// anticipo or pendiente; `null` for a payment recorded before kinds were.
    #[schemars(with = "Option<PaymentKind>")]
    pub tipo: Option<String>,
}

/// When a client booked their move and which booking conditions they accepted. The total they
/// accepted is in the log; here it would be money that workers must not see.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StaffBooking {
    pub aceptada_en: DateTime<Utc>,
    pub condiciones_version: String,
}

/// The customer view (spec §3 'Move, customer view').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClientImage {
    pub id: Uuid,
    pub url: String,
    pub descripcion: String,
    pub tipo: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClientMove {
    pub id: i64,
    #[schemars(extend("enum" = MoveStatus::ALL.map(MoveStatus::customer_value)))]
    pub status: String,
    pub from: String,
    pub to: String,
    pub date: NaiveDate,
    pub price: f64,
    pub images: Vec<ClientImage>,
    /// Card payments less refunds, what is still owed, and the status those give (issue 8).
    #[serde(default)]
    pub pagado: f64,
    #[serde(default)]
    pub pendiente: f64,
    #[serde(default = "pending")]
    pub estado_pago: PaymentStatus,
    /// While cancelled: what the cancellation costs, 0 when free (then nothing is pending).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gastos_cancelacion: Option<f64>,
    /// The day's plan and how it goes (issue 20): the preferred time slot (morning, afternoon,
    /// evening, flexible), the crew's first names once assigned, each status since when, and the
    /// milestones the crew recorded.
    #[serde(default)]
    pub time: String,
    #[serde(default)]
    pub equipo: Vec<String>,
    #[serde(default)]
    pub historial: Vec<ClientStatusEntry>,
    #[serde(default)]
    pub hitos: Vec<MilestoneEntry>,
}

fn pending() -> PaymentStatus {
    PaymentStatus::Pending
}

/// Moves per status of a scope (every move, or one worker's): the staff lists' filter buttons.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct StatusCounts {
    pub todas: i64,
    pub pendiente: i64,
    pub confirmada: i64,
    #[serde(rename = "en curso")]
    pub en_curso: i64,
    pub finalizada: i64,
    pub cancelada: i64,
}

impl StatusCounts {
    fn slot(&mut self, status: MoveStatus) -> &mut i64 {
        match status {
            MoveStatus::Pendiente => &mut self.pendiente,
            MoveStatus::Confirmada => &mut self.confirmada,
            MoveStatus::EnCurso => &mut self.en_curso,
            MoveStatus::Finalizada => &mut self.finalizada,
            MoveStatus::Cancelada => &mut self.cancelada,
        }
    }

    pub fn get(&self, status: MoveStatus) -> i64 {
        match status {
            MoveStatus::Pendiente => self.pendiente,
            MoveStatus::Confirmada => self.confirmada,
            MoveStatus::EnCurso => self.en_curso,
            MoveStatus::Finalizada => self.finalizada,
            MoveStatus::Cancelada => self.cancelada,
        }
    }

    pub fn add(&mut self, status: MoveStatus, n: i64) {
        *self.slot(status) += n;
        self.todas += n;
    }

    /// The counts of a scope from its rows of `move_status_counts` (status, n).
    pub fn from_rows(rows: impl IntoIterator<Item = (String, i64)>) -> StatusCounts {
        let mut counts = StatusCounts::default();
        for (estado, n) in rows {
            if let Some(status) = MoveStatus::parse(&estado) {
                counts.add(status, n);
            }
        }
        counts
    }
}

/// The wire value of an urgency, as the view's `urgencia` column holds it.
pub fn urgency_value(urgency: Urgency) -> &'static str {
    match urgency {
        Urgency::Normal => "normal",
        Urgency::Urgente => "urgente",
    }
}

/// The wire value of a payment status, as the view's `estado_pago` column holds it.
pub fn payment_status_value(status: PaymentStatus) -> &'static str {
    match status {
        PaymentStatus::Pending => "pending",
        PaymentStatus::Partial => "partial",
        PaymentStatus::Paid => "paid",
    }
}

impl StaffMove {
    /// What a search looks for words in: the client's name, email and phone and both addresses
    /// (bounded: `events_schema::text::search_text`).
    pub fn search_text(&self) -> String {
        events_schema::text::search_text([
            self.cliente_nombre.as_str(),
            self.cliente_email.as_str(),
            self.cliente_telefono.as_str(),
            self.origen.as_str(),
            self.destino.as_str(),
        ])
    }

    /// The digits of the client's phone, for a search by number.
    pub fn phone_digits(&self) -> String {
        events_schema::text::digits(&self.cliente_telefono, PHONE_DIGITS_MAX)
    }

    /// What the counts know of a move: its status and its worker.
    fn counted(&self) -> (MoveStatus, Option<Uuid>) {
        (self.estado, self.worker_id)
    }
}

pub fn photo_url(move_id: i64, photo_id: Uuid) -> String {
    format!("/api/fotos/{move_id}/{photo_id}")
}

fn euros(cents: i64) -> f64 {
    cents as f64 / 100.0
}

impl StaffMove {
    pub fn client_view(&self) -> ClientMove {
        ClientMove {
            id: self.id,
            status: self.estado.customer_value().to_string(),
            from: self.origen.clone(),
            to: self.destino.clone(),
            date: self.fecha_programada,
            price: self.precio_total,
            images: self
                .photos
                .iter()
                .map(|p| ClientImage {
                    id: p.id,
                    url: p.url.clone(),
                    descripcion: p.descripcion.clone(),
                    tipo: p.tipo.clone(),
                })
                .collect(),
            pagado: self.pagado,
            pendiente: self.pago_pendiente,
            estado_pago: self.estado_pago,
            gastos_cancelacion: self.gastos_cancelacion,
            time: self.time.clone(),
            equipo: self.crew_first_names(),
            historial: self
                .historial
                .iter()
                .map(|h| ClientStatusEntry {
                    status: h.estado.customer_value().to_string(),
                    fecha: h.fecha,
                })
                .collect(),
            hitos: self.hitos.clone(),
        }
    }

    /// Who of the crew the client may know by name: first names only.
    fn crew_first_names(&self) -> Vec<String> {
        self.worker_id
            .and_then(|_| self.worker.split_whitespace().next())
            .map(str::to_string)
            .into_iter()
            .collect()
    }

    /// The one interpretation of a move's events: the projector folds them into the read model
    /// with it, and the auditor's replay (`crate::audit`) folds them into the state as of any
    /// instant, so the two cannot drift apart.
    pub fn evolve(mut this: Option<StaffMove>, e: &RecordedEvent) -> Result<StaffMove, Error> {
        let poison = |reason: &str| Error::Poison {
            position: e.position,
            reason: reason.to_string(),
        };
        let event = e.decode().map_err(|err| poison(&err.to_string()))?;
        let id = move_id_of(&e.stream_id).ok_or_else(|| poison("not a move stream"))?;
        if let Event::MoveCreated(c) = event {
            if this.is_some() {
                return Err(poison("the move already exists"));
            }
            let (objects, services) = (c.objects, c.services);
            return Ok(StaffMove {
                id,
                cliente_nombre: c.cliente.nombre,
                cliente_telefono: c.cliente.telefono,
                cliente_email: c.cliente.email,
                origen: c.origen,
                destino: c.destino,
                fecha_programada: c.fecha_programada,
                fecha_alternativa: c.fecha_alternativa,
                flexible: c.flexible,
                estado: MoveStatus::Pendiente,
                precio_total: euros(c.precio.total_cents),
                pago_adelantado: euros(c.precio.advance_cents),
                pago_pendiente: euros(c.precio.pending_cents(0)),
                estado_pago: c.precio.payment_status(0),
                pagado: 0.0,
                pagado_cents: 0,
                pagos: Vec::new(),
                clave_pago: None,
                gastos_cancelacion: None,
                gastos_cancelacion_cents: None,
                precio: c.precio,
                urgencia: c.urgencia,
                photos: Vec::new(),
                worker_id: None,
                worker: NO_WORKER.to_string(),
                time: c.hora_preferida,
                instructions: c.instrucciones,
                contacto: c.contacto,
                property_details: c.property_details,
                created_at: e.occurred_at,
                updated_at: e.occurred_at,
                version: e.stream_version,
                factura: None,
                albaran: None,
                detalles_completados: None,
                reserva: None,
                facturacion: None,
                hitos: Vec::new(),
                historial: vec![StatusEntry {
                    estado: MoveStatus::Pendiente,
                    fecha: e.occurred_at,
                }],
                albaran_sha256: accepted_sha256(id, &objects, &services),
                objects,
                services,
                firmas: Vec::new(),
                estado_objetos: Vec::new(),
            });
        }
        let mut m = this
            .take()
            .ok_or_else(|| poison("event for a move that does not exist"))?;
        match event {
            Event::MoveCreated(_) => return Err(poison("the move already exists")),
            Event::MoveDetailsUpdated(u) => {
                if let Some(c) = u.cliente {
                    m.cliente_nombre = c.nombre;
                    m.cliente_telefono = c.telefono;
                    m.cliente_email = c.email;
                }
                if let Some(v) = u.origen {
                    m.origen = v;
                }
                if let Some(v) = u.destino {
                    m.destino = v;
                }
                if let Some(v) = u.fecha_programada {
                    m.fecha_programada = v;
                }
                if let Some(v) = u.urgencia {
                    m.urgencia = v;
                }
                if let Some(v) = u.objects {
                    m.objects = v;
                }
                if let Some(v) = u.services {
                    m.services = v;
                }
                m.albaran_sha256 = accepted_sha256(id, &m.objects, &m.services);
                if let Some(p) = u.precio {
                    m.precio_total = euros(p.total_cents);
                    m.pago_adelantado = euros(p.advance_cents);
                    m.precio = p;
                    m.settle();
                }
            }
            Event::MoveStatusChanged(c) => {
                m.estado = c.to;
                m.historial.push(StatusEntry {
                    estado: c.to,
                    fecha: e.occurred_at,
                });
                if matches!(c.to, MoveStatus::Pendiente | MoveStatus::Confirmada) {
                    m.hitos.clear();
                }
                let fee =
                    (c.to == MoveStatus::Cancelada).then(|| c.cancellation_fee_cents.unwrap_or(0));
                m.gastos_cancelacion_cents = fee;
                m.gastos_cancelacion = fee.map(euros);
                m.settle();
            }
            Event::WorkerAssigned(w) => {
                m.worker_id = Some(w.worker_id);
                m.worker = w.worker_name;
            }
            Event::CrewMilestoneRecorded(r) => {
                if !m.hitos.iter().any(|h| h.hito == r.hito) {
                    m.hitos.push(MilestoneEntry {
                        hito: r.hito,
                        fecha: e.occurred_at,
                    });
                }
            }
            Event::PhotoAdded(p) => m.photos.push(StaffPhoto {
                id: p.photo_id,
                url: photo_url(id, p.photo_id),
                descripcion: p.descripcion,
                tipo: p.tipo,
                fecha_subida: e.occurred_at,
                objeto: p.objeto,
            }),
            Event::WaybillSigned(w) => m.firmas.push(StaffSignature {
                id: e.event_id,
                etapa: w.etapa,
                firmante: w.firmante,
                nombre: w.nombre,
                firmado_en: e.occurred_at,
                sha256_albaran: w.sha256_albaran,
                url: signature_url(id, e.event_id),
            }),
            Event::ObjectConditionNoted(n) => m.estado_objetos.push(ConditionEntry {
                id: e.event_id,
                etapa: n.etapa,
                objeto_id: n.objeto_id,
                objeto_nombre: n.objeto_nombre,
                estado: n.estado,
                nota: n.nota,
                fecha: e.occurred_at,
            }),
            Event::ClaimOpened(_) | Event::ClaimAnswered(_) => {
                return Err(poison("a claim event in a move stream"))
            }
            Event::ClientErased(_) => {
                m.cliente_nombre = ERASED_CLIENT.to_string();
                m.cliente_telefono.clear();
                m.cliente_email.clear();
                // The contact is the client or someone they named: personal data of the same
                // contract, blanked with it. How they preferred to be contacted says nothing
                // about who they are.
                m.contacto.nombre.clear();
                m.contacto.telefono.clear();
                m.contacto.email.clear();
                m.facturacion = None;
            }
            Event::MoveDetailsCompleted(d) => {
                m.contacto = d.contacto;
                m.fecha_alternativa = d.fecha_alternativa;
                m.flexible = d.flexible;
                m.time = d.hora_preferida;
                for (property, access) in [
                    (&mut m.property_details.origin, d.origin),
                    (&mut m.property_details.destination, d.destination),
                ] {
                    property.access = access.access;
                    property.floor = access.floor;
                    property.elevator = access.elevator;
                }
                m.instructions = d.instrucciones;
                m.facturacion = d.facturacion;
                m.detalles_completados = Some(e.occurred_at);
            }
            Event::BookingAccepted(b) => {
                m.reserva = Some(StaffBooking {
                    aceptada_en: e.occurred_at,
                    condiciones_version: b.condiciones_version,
                })
            }
            Event::QuoteRequested(_)
            | Event::QuoteConverted(_)
            | Event::QuoteDiscarded(_)
            | Event::QuoteContactErased(_) => return Err(poison("a quote event in a move stream")),
            Event::ReviewSubmitted(_) | Event::ReviewModerated(_) => {
                return Err(poison("a review event in a move stream"))
            }
            Event::PaymentKeyIssued(k) => {
                m.clave_pago = Some(command_free_display_key(&k.clave_pago))
            }
            Event::PaymentAuthorised(p) => {
                m.pagos.push(StaffPayment {
                    id: p.payment_id,
                    fecha: e.occurred_at,
                    importe: euros(p.amount_cents),
                    importe_cents: p.amount_cents,
                    reembolsado: 0.0,
                    reembolsado_cents: 0,
                    marca: p.brand,
                    ultimos4: p.last4,
                    estado: STATUS_AUTHORISED.into(),
                    motivo: None,
                    proveedor: p.provider,
                    tipo: Some(
                        match p.kind {
                            events_schema::events::PaymentKind::Anticipo => "anticipo",
                            events_schema::events::PaymentKind::Pendiente => "pendiente",
                        }
                        .into(),
                    ),
                });
                m.settle();
            }
            Event::PaymentFailed(f) => m.pagos.push(StaffPayment {
                id: e.event_id,
                fecha: e.occurred_at,
                importe: euros(f.amount_cents),
                importe_cents: f.amount_cents,
                reembolsado: 0.0,
                reembolsado_cents: 0,
                marca: f.brand,
                ultimos4: f.last4,
                estado: STATUS_FAILED.into(),
                motivo: Some(f.reason),
                proveedor: f.provider,
                tipo: None,
            }),
            Event::PaymentRefunded(r) => {
                if let Some(p) = m.pagos.iter_mut().find(|p| p.id == r.payment_id) {
                    p.reembolsado_cents += r.amount_cents;
                    p.reembolsado = euros(p.reembolsado_cents);
                    p.estado = STATUS_REFUNDED.into();
                }
                m.settle();
            }
            Event::MoveDocumentIssued(d) => match d.kind {
                DocumentKind::Factura => m.factura = Some(d.numero),
                DocumentKind::Albaran => m.albaran = Some(d.numero),
            },
            Event::WorkerDayBooked(_) | Event::WorkerDayReleased(_) | Event::DocumentIssued(_) => {
                return Err(poison("an event of another stream kind in a move stream"))
            }
        }
        m.updated_at = e.occurred_at;
        m.version = e.stream_version;
        Ok(m)
    }
}

pub const STATUS_AUTHORISED: &str = "autorizado";
pub const STATUS_REFUNDED: &str = "reembolsado";
pub const STATUS_FAILED: &str = "fallido";

/// `K7MQ2XPA` → `K7MQ-2XPA` (as `command::payments::display_key`, which this crate does not
/// depend on).
fn command_free_display_key(key: &str) -> String {
    if key.len() == 8 && key.is_ascii() {
        format!("{}-{}", &key[..4], &key[4..])
    } else {
        key.to_string()
    }
}

impl StaffMove {
    /// What the move owes: its total, or, once cancelled, only the cancellation fee.
    pub fn owed_cents(&self) -> i64 {
        match self.gastos_cancelacion_cents {
            Some(fee) if self.estado == MoveStatus::Cancelada => fee,
            _ => self.precio.total_cents,
        }
    }

    /// What is still to be paid of what the move owes.
    pub fn pending_cents(&self) -> i64 {
        (self.owed_cents() - self.pagado_cents).max(0)
    }

    /// Paid, pending and the payment status, from the payments and what the move owes.
    fn settle(&mut self) {
        self.pagado_cents = self
            .pagos
            .iter()
            .filter(|p| p.estado != STATUS_FAILED)
            .map(|p| p.importe_cents - p.reembolsado_cents)
            .sum();
        self.pagado = euros(self.pagado_cents);
        self.pago_pendiente = euros(self.pending_cents());
        let owed = Price {
            total_cents: self.owed_cents(),
            ..Price::default()
        };
        // A free cancellation with nothing paid owes nothing: settled, not pending.
        self.estado_pago = if self.estado == MoveStatus::Cancelada && owed.total_cents == 0 {
            PaymentStatus::Paid
        } else {
            owed.payment_status(self.pagado_cents)
        };
    }
}

/// The keys of a staff document about money. Workers never see money: not the price, nor
/// what was paid, nor the key to pay with.
pub const MONEY_KEYS: [&str; 11] = [
    "precio_total",
    "precio",
    "pago_adelantado",
    "pago_pendiente",
    "estado_pago",
    "pagado",
    "pagado_cents",
    "pagos",
    "clave_pago",
    "gastos_cancelacion",
    "gastos_cancelacion_cents",
];

/// A worker's copy has no money keys (`without_prices`): the schema says they may be absent.
fn money_not_required(schema: &mut schemars::Schema) {
    if let Some(required) = schema
        .get_mut("required")
        .and_then(serde_json::Value::as_array_mut)
    {
        required.retain(|key| !MONEY_KEYS.iter().any(|money| key == *money));
    }
}

/// The staff document as a worker may see it: no prices.
pub fn without_prices(mut doc: serde_json::Value) -> serde_json::Value {
    if let Some(object) = doc.as_object_mut() {
        for key in MONEY_KEYS {
            object.remove(key);
        }
    }
    doc
}

/// During a rebuild, moves are folded in memory across batches and written once at the end:
/// a log's events are spread over time, so a batch touches as many moves as it has events, and
/// writing every touched move after every batch was most of a rebuild's time.
pub struct MovesProjector {
    rebuild: std::sync::Mutex<RebuildMemory>,
    /// Past this many moves in memory, a rebuild writes them out and starts afresh.
    memory_limit: usize,
}

impl Default for MovesProjector {
    fn default() -> Self {
        MovesProjector::with_memory_limit(REBUILD_MEMORY)
    }
}

#[derive(Default)]
struct RebuildMemory {
    moves: HashMap<i64, (i64, StaffMove)>,
    /// Some moves were already written (memory was full): a move missing here may be stored.
    flushed: bool,
    /// The counts per scope so far; a handful of rows, kept (not flushed) to the end.
    counts: Counts,
}

/// Counts per scope (`ALL_SCOPE` or a worker's id).
type Counts = BTreeMap<String, StatusCounts>;

/// A move's status or worker changed at `position`: from `before` (none when it was created)
/// to `after`.
struct Transition {
    position: i64,
    before: Option<(MoveStatus, Option<Uuid>)>,
    after: (MoveStatus, Option<Uuid>),
}

fn scopes_of(worker: Option<Uuid>) -> impl Iterator<Item = String> {
    std::iter::once(ALL_SCOPE.to_string()).chain(worker.map(|w| w.to_string()))
}

/// Applies the transitions to `counts` in order; the live-feed rows of the scopes each one
/// changed (those past `keep_after`), and every scope any of them touched.
fn count(
    counts: &mut Counts,
    transitions: &[Transition],
    keep_after: i64,
) -> (LiveRows, BTreeSet<String>) {
    let mut rows = LiveRows::default();
    let mut touched = BTreeSet::new();
    for t in transitions {
        let mut changed: BTreeMap<String, StatusCounts> = BTreeMap::new();
        let moves = t
            .before
            .into_iter()
            .map(|b| (b, -1))
            .chain(std::iter::once((t.after, 1)));
        for ((status, worker), n) in moves {
            for scope in scopes_of(worker) {
                let entry = counts.entry(scope.clone()).or_default();
                changed.entry(scope).or_insert(*entry);
                entry.add(status, n);
            }
        }
        for (scope, was) in changed {
            let now = counts[&scope];
            if now != was && t.position > keep_after {
                rows.push_counts(t.position, &scope, &now);
            }
            touched.insert(scope);
        }
    }
    (rows, touched)
}

async fn load_counts(tx: &mut PgConnection, scopes: &[String]) -> Result<Counts, Error> {
    let rows: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT scope, estado, n FROM move_status_counts WHERE scope = ANY($1)")
            .bind(scopes)
            .fetch_all(&mut *tx)
            .await?;
    let mut counts = Counts::new();
    for (scope, estado, n) in rows {
        if let Some(status) = MoveStatus::parse(&estado) {
            counts.entry(scope).or_default().add(status, n);
        }
    }
    Ok(counts)
}

/// Replaces the stored counts of `scopes` with those in `counts` (a status without moves has
/// no row).
async fn write_counts(
    tx: &mut PgConnection,
    counts: &Counts,
    scopes: &BTreeSet<String>,
) -> Result<(), Error> {
    let scopes: Vec<&String> = scopes.iter().collect();
    sqlx::query("DELETE FROM move_status_counts WHERE scope = ANY($1)")
        .bind(&scopes)
        .execute(&mut *tx)
        .await?;
    let (mut names, mut estados, mut ns) = (Vec::new(), Vec::new(), Vec::new());
    for scope in scopes {
        let Some(c) = counts.get(scope) else { continue };
        for status in MoveStatus::ALL {
            let n = c.get(status);
            if n > 0 {
                names.push(scope.clone());
                estados.push(status.as_str());
                ns.push(n);
            }
        }
    }
    sqlx::query(
        "INSERT INTO move_status_counts (scope, estado, n)          SELECT * FROM UNNEST($1::text[], $2::text[], $3::bigint[])",
    )
    .bind(&names)
    .bind(&estados)
    .bind(&ns)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Moves a rebuild keeps in memory (a few KiB each) before writing them out.
const REBUILD_MEMORY: usize = 100_000;
/// Rows per statement when writing many moves at once.
const WRITE_CHUNK: usize = 5_000;

impl MovesProjector {
    pub fn new() -> MovesProjector {
        MovesProjector::default()
    }

    pub fn with_memory_limit(memory_limit: usize) -> MovesProjector {
        MovesProjector {
            rebuild: Default::default(),
            memory_limit,
        }
    }

    fn take_memory(&self) -> RebuildMemory {
        std::mem::take(&mut *self.rebuild.lock().unwrap_or_else(|p| p.into_inner()))
    }

    fn keep_memory(&self, memory: RebuildMemory) {
        *self.rebuild.lock().unwrap_or_else(|p| p.into_inner()) = memory;
    }
}

async fn load_moves(tx: &mut PgConnection, ids: &[i64]) -> Result<HashMap<i64, StaffMove>, Error> {
    let rows: Vec<(i64, sqlx::types::Json<StaffMove>)> =
        sqlx::query_as("SELECT id, doc FROM move_staff_view WHERE id = ANY($1)")
            .bind(ids)
            .fetch_all(&mut *tx)
            .await?;
    Ok(rows.into_iter().map(|(id, doc)| (id, doc.0)).collect())
}

async fn write_moves<'a>(
    tx: &mut PgConnection,
    moves: impl Iterator<Item = (i64, &'a StaffMove)>,
) -> Result<(), Error> {
    let mut staff = StaffRows::default();
    for (position, m) in moves {
        staff.push(position, m);
        if staff.ids.len() >= WRITE_CHUNK {
            staff.write(tx).await?;
            staff = StaffRows::default();
        }
    }
    if !staff.ids.is_empty() {
        staff.write(tx).await?;
    }
    Ok(())
}

#[async_trait]
impl Projector for MovesProjector {
    fn name(&self) -> &'static str {
        "moves"
    }

    fn live_kinds(&self) -> &'static [&'static str] {
        &[LIVE_KIND, COUNTS_KIND]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "move_staff_view",
            "move_client_view",
            "move_status_counts",
            "live_changes",
        ]
    }

    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        self.take_memory();
        sqlx::query("TRUNCATE move_staff_view, move_client_view, move_status_counts")
            .execute(&mut *tx)
            .await?;
        forget(tx, COUNTS_KIND).await?;
        forget(tx, LIVE_KIND).await
    }

    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        mode: Mode,
    ) -> Result<(), Error> {
        let events: Vec<&RecordedEvent> = events
            .iter()
            .filter(|e| e.stream_id.starts_with("move-"))
            .collect();
        if events.is_empty() {
            return Ok(());
        }
        let mut ids: Vec<i64> = events
            .iter()
            .filter_map(|e| move_id_of(&e.stream_id))
            .collect();
        ids.sort_unstable();
        ids.dedup();

        // Live: the batch's moves come from the table and go back to it. Rebuild: they stay in
        // memory, and only moves that memory lost (after a flush) are read back.
        let mut memory = match mode {
            Mode::Live => RebuildMemory::default(),
            Mode::Rebuild { .. } => self.take_memory(),
        };
        let missing: Vec<i64> = match mode {
            Mode::Live => ids,
            Mode::Rebuild { .. } if memory.flushed => ids
                .into_iter()
                .filter(|id| !memory.moves.contains_key(id))
                .collect(),
            Mode::Rebuild { .. } => Vec::new(),
        };
        if !missing.is_empty() {
            for (id, m) in load_moves(tx, &missing).await? {
                memory.moves.insert(id, (0, m));
            }
        }

        let keep_after = mode.feed_kept_after();
        let mut changes = LiveRows::default();
        let mut touched: Vec<i64> = Vec::new();
        let mut transitions: Vec<Transition> = Vec::new();
        for e in &events {
            let id = move_id_of(&e.stream_id).ok_or_else(|| Error::Poison {
                position: e.position,
                reason: "not a move stream".into(),
            })?;
            let previous = memory.moves.remove(&id).map(|(_, m)| m);
            let before = previous.as_ref().map(StaffMove::counted);
            let next = StaffMove::evolve(previous, e)?;
            if before != Some(next.counted()) {
                transitions.push(Transition {
                    position: e.position,
                    before,
                    after: next.counted(),
                });
            }
            if e.position > keep_after {
                changes.push(e.position, &next);
            }
            touched.push(id);
            memory.moves.insert(id, (e.position, next));
        }
        changes.write(tx, LIVE_KIND).await?;

        // The counts follow the transitions in log order, so that each live-feed row holds the
        // counts as of its event whatever the batches were: rebuild and live projection agree.
        if !transitions.is_empty() {
            let mut counts = match mode {
                Mode::Live => {
                    let scopes: BTreeSet<String> = transitions
                        .iter()
                        .flat_map(|t| t.before.iter().chain(std::iter::once(&t.after)))
                        .flat_map(|(_, worker)| scopes_of(*worker))
                        .collect();
                    load_counts(tx, &scopes.into_iter().collect::<Vec<_>>()).await?
                }
                Mode::Rebuild { .. } => std::mem::take(&mut memory.counts),
            };
            let (rows, scopes) = count(&mut counts, &transitions, keep_after);
            rows.write(tx, COUNTS_KIND).await?;
            match mode {
                Mode::Live => write_counts(tx, &counts, &scopes).await?,
                Mode::Rebuild { .. } => memory.counts = counts,
            }
        }

        match mode {
            Mode::Live => {
                touched.sort_unstable();
                touched.dedup();
                let rows = touched
                    .iter()
                    .filter_map(|id| memory.moves.get(id).map(|(p, m)| (*p, m)));
                write_moves(tx, rows).await?;
            }
            Mode::Rebuild { .. } if memory.moves.len() > self.memory_limit => {
                write_moves(tx, memory.moves.values().map(|(p, m)| (*p, m))).await?;
                memory.moves.clear();
                memory.flushed = true;
                self.keep_memory(memory);
            }
            Mode::Rebuild { .. } => self.keep_memory(memory),
        }
        Ok(())
    }

    async fn finish_rebuild(&self, tx: &mut PgConnection) -> Result<(), Error> {
        let memory = self.take_memory();
        let mut moves: Vec<(i64, &StaffMove)> =
            memory.moves.values().map(|(p, m)| (*p, m)).collect();
        moves.sort_unstable_by_key(|(_, m)| m.id);
        write_moves(tx, moves.into_iter()).await?;
        let scopes = memory.counts.keys().cloned().collect();
        write_counts(tx, &memory.counts, &scopes).await
    }
}

/// Documents go to the database as JSON text: building a `Value` tree first would only be
/// thrown away again by the driver.
fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

#[derive(Default)]
struct StaffRows {
    ids: Vec<i64>,
    estados: Vec<String>,
    fechas: Vec<NaiveDate>,
    emails: Vec<String>,
    workers: Vec<Option<Uuid>>,
    urgencias: Vec<&'static str>,
    estados_pago: Vec<&'static str>,
    busquedas: Vec<String>,
    telefonos: Vec<String>,
    positions: Vec<i64>,
    docs: Vec<String>,
    /// The customer view, only of moves that still have a client (an erased one has none).
    client_ids: Vec<i64>,
    client_emails: Vec<String>,
    client_positions: Vec<i64>,
    client_docs: Vec<String>,
    without_client: Vec<i64>,
}

impl StaffRows {
    fn push(&mut self, position: i64, m: &StaffMove) {
        self.ids.push(m.id);
        self.estados.push(m.estado.as_str().to_string());
        self.fechas.push(m.fecha_programada);
        self.emails.push(m.cliente_email.clone());
        self.workers.push(m.worker_id);
        self.urgencias.push(urgency_value(m.urgencia));
        self.estados_pago.push(payment_status_value(m.estado_pago));
        self.busquedas.push(m.search_text());
        self.telefonos.push(m.phone_digits());
        self.positions.push(position);
        self.docs.push(to_json(m));
        if m.cliente_email.is_empty() {
            self.without_client.push(m.id);
        } else {
            self.client_ids.push(m.id);
            self.client_emails.push(m.cliente_email.clone());
            self.client_positions.push(position);
            self.client_docs.push(to_json(&m.client_view()));
        }
    }

    async fn write(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO move_staff_view (id, estado, fecha_programada, cliente_email, worker_id, position, doc, \
                                         urgencia, estado_pago, busqueda, telefono) \
             SELECT * FROM UNNEST($1::bigint[], $2::text[], $3::date[], $4::text[], $5::uuid[], $6::bigint[], $7::text[]::jsonb[], \
                                  $8::text[], $9::text[], $10::text[], $11::text[]) \
             ON CONFLICT (id) DO UPDATE SET estado = EXCLUDED.estado, fecha_programada = EXCLUDED.fecha_programada, \
             cliente_email = EXCLUDED.cliente_email, worker_id = EXCLUDED.worker_id, position = EXCLUDED.position, doc = EXCLUDED.doc, \
             urgencia = EXCLUDED.urgencia, estado_pago = EXCLUDED.estado_pago, busqueda = EXCLUDED.busqueda, telefono = EXCLUDED.telefono",
        )
        .bind(&self.ids)
        .bind(&self.estados)
        .bind(&self.fechas)
        .bind(&self.emails)
        .bind(&self.workers)
        .bind(&self.positions)
        .bind(&self.docs)
        .bind(&self.urgencias)
        .bind(&self.estados_pago)
        .bind(&self.busquedas)
        .bind(&self.telefonos)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO move_client_view (id, cliente_email, position, doc) \
             SELECT * FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], $4::text[]::jsonb[]) \
             ON CONFLICT (id) DO UPDATE SET cliente_email = EXCLUDED.cliente_email, \
             position = EXCLUDED.position, doc = EXCLUDED.doc",
        )
        .bind(&self.client_ids)
        .bind(&self.client_emails)
        .bind(&self.client_positions)
        .bind(&self.client_docs)
        .execute(&mut *tx)
        .await?;
        if !self.without_client.is_empty() {
            sqlx::query("DELETE FROM move_client_view WHERE id = ANY($1)")
                .bind(&self.without_client)
                .execute(&mut *tx)
                .await?;
        }
        Ok(())
    }
}

#[derive(Default)]
struct LiveRows {
    positions: Vec<i64>,
    entity_ids: Vec<String>,
    emails: Vec<Option<String>>,
    staff_docs: Vec<String>,
    client_docs: Vec<Option<String>>,
}

impl LiveRows {
    fn push(&mut self, position: i64, m: &StaffMove) {
        self.positions.push(position);
        self.entity_ids.push(m.id.to_string());
        self.emails.push(Some(m.cliente_email.clone()));
        self.staff_docs.push(to_json(m));
        self.client_docs.push(Some(to_json(&m.client_view())));
    }

    /// A scope's counts: staff only, no client's.
    fn push_counts(&mut self, position: i64, scope: &str, counts: &StatusCounts) {
        self.positions.push(position);
        self.entity_ids.push(scope.to_string());
        self.emails.push(None);
        self.staff_docs.push(to_json(counts));
        self.client_docs.push(None);
    }

    async fn write(&self, tx: &mut PgConnection, kind: &str) -> Result<(), Error> {
        if self.positions.is_empty() {
            return Ok(());
        }
        sqlx::query(
            "INSERT INTO live_changes (position, kind, entity_id, cliente_email, staff_doc, client_doc) \
             SELECT p, $2, e, m, s, c FROM UNNEST($1::bigint[], $3::text[], $4::text[], $5::text[]::jsonb[], $6::text[]::jsonb[]) AS u(p, e, m, s, c)",
        )
        .bind(&self.positions)
        .bind(kind)
        .bind(&self.entity_ids)
        .bind(&self.emails)
        .bind(&self.staff_docs)
        .bind(&self.client_docs)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }
}
