//! Every event type the log stores, at its current schema version.
//!
//! Wire names are the spec's (Spanish where §3/§7 use Spanish). Money is kept in euro cents so that
//! no rounding ever happens inside the log. A change that would stop an already stored version
//! from being read needs a new version and an upcaster (see `upcast.rs`); the schema test in
//! `tests/schemas.rs` fails otherwise.

use chrono::{DateTime, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The staff status values of spec §4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum MoveStatus {
    #[serde(rename = "pendiente")]
    Pendiente,
    #[serde(rename = "confirmada")]
    Confirmada,
    #[serde(rename = "en curso")]
    EnCurso,
    #[serde(rename = "finalizada")]
    Finalizada,
    #[serde(rename = "cancelada")]
    Cancelada,
}

impl MoveStatus {
    pub const ALL: [MoveStatus; 5] = [
        MoveStatus::Pendiente,
        MoveStatus::Confirmada,
        MoveStatus::EnCurso,
        MoveStatus::Finalizada,
        MoveStatus::Cancelada,
    ];

    /// The staff wire value ('en curso', ...).
    pub fn as_str(self) -> &'static str {
        match self {
            MoveStatus::Pendiente => "pendiente",
            MoveStatus::Confirmada => "confirmada",
            MoveStatus::EnCurso => "en curso",
            MoveStatus::Finalizada => "finalizada",
            MoveStatus::Cancelada => "cancelada",
        }
    }

    pub fn parse(value: &str) -> Option<MoveStatus> {
        MoveStatus::ALL.into_iter().find(|s| s.as_str() == value)
    }

    /// The customer-view value of spec §4 (pending, confirmed, in_progress, completed, cancelled).
    pub fn customer_value(self) -> &'static str {
        match self {
            MoveStatus::Pendiente => "pending",
            MoveStatus::Confirmada => "confirmed",
            MoveStatus::EnCurso => "in_progress",
            MoveStatus::Finalizada => "completed",
            MoveStatus::Cancelada => "cancelled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum Urgency {
    #[default]
    Normal,
    Urgente,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Person {
    pub nombre: String,
    pub telefono: String,
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Contact {
    pub nombre: String,
    pub telefono: String,
    pub email: String,
    /// phone, email or whatsapp.
    pub preferencia: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PropertyDetails {
    pub property_type: String,
    pub access: String,
    pub floor: String,
    pub elevator: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Properties {
    pub origin: PropertyDetails,
    pub destination: PropertyDetails,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MovedObject {
    pub id: String,
    pub nombre: String,
    /// Weight in kg.
    pub peso: f64,
    pub quantity: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
pub struct Services {
    pub dismount: bool,
    pub dismount_quantity: u32,
    pub packaging: bool,
    pub packaging_quantity: u32,
    pub cleaning: bool,
    pub fragile: bool,
    pub long_stairs: bool,
}

/// A move's price, all amounts in euro cents. total = subtotal + tax. `advance_cents` is the
/// deposit asked for to secure the date (spec §3 'advance payment'); what has been paid comes
/// from the move's payment events, not from here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
pub struct Price {
    pub base_cents: i64,
    pub distance_cents: i64,
    pub services_cents: i64,
    pub urgency_cents: i64,
    pub iva_enabled: bool,
    pub subtotal_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub advance_cents: i64,
}

impl Price {
    /// What is still to be paid once `paid_cents` came in.
    pub fn pending_cents(&self, paid_cents: i64) -> i64 {
        (self.total_cents - paid_cents).max(0)
    }

    /// Where a move stands once `paid_cents` (authorised card payments less refunds) came in.
    pub fn payment_status(&self, paid_cents: i64) -> PaymentStatus {
        match paid_cents {
            p if p <= 0 => PaymentStatus::Pending,
            p if p >= self.total_cents => PaymentStatus::Paid,
            _ => PaymentStatus::Partial,
        }
    }
}

/// Spec §3 payment status: nothing paid, part paid, all paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentStatus {
    Pending,
    Partial,
    Paid,
}

/// `move.created` v2. (v1 had no `urgencia`; it is upcast with 'normal'.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MoveCreated {
    pub move_id: i64,
    pub cliente: Person,
    pub origen: String,
    pub destino: String,
    pub fecha_programada: NaiveDate,
    pub fecha_alternativa: Option<NaiveDate>,
    pub flexible: bool,
    /// morning, afternoon, evening or flexible.
    pub hora_preferida: String,
    pub contacto: Contact,
    pub urgencia: Urgency,
    pub property_details: Properties,
    pub objects: Vec<MovedObject>,
    pub services: Services,
    pub instrucciones: String,
    pub precio: Price,
}

/// `move.details_updated` v1: the fields the manager's edit form changed (absent = unchanged).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
pub struct MoveDetailsUpdated {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cliente: Option<Person>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origen: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destino: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fecha_programada: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub urgencia: Option<Urgency>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objects: Option<Vec<MovedObject>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub services: Option<Services>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precio: Option<Price>,
}

/// `move.status_changed` v1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MoveStatusChanged {
    pub from: MoveStatus,
    pub to: MoveStatus,
    /// On a change to cancelada, what the cancellation costs by the notice given (spec §9),
    /// decided with it: 0 when free. Absent on other changes and on cancellations recorded
    /// before fees were (they owe nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancellation_fee_cents: Option<i64>,
}

/// `move.worker_assigned` v1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WorkerAssigned {
    pub worker_id: Uuid,
    pub worker_name: String,
}

/// `move.photo_added` v1. The file itself lives in the data folder; the log keeps its identity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PhotoAdded {
    pub photo_id: Uuid,
    pub content_type: String,
    pub size_bytes: u64,
    pub descripcion: String,
    /// What the photo documents (e.g. 'carga', 'descarga', 'incidencia').
    pub tipo: String,
    /// The waybill object it shows the condition of, and at which stage (issue 21). Absent for
    /// a photo of the move as a whole, and in photos stored before objects could be marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objeto: Option<PhotoObject>,
}

/// The waybill object a photo is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PhotoObject {
    /// The object's `id` in the move's list (`MovedObject::id`).
    pub id: String,
    pub etapa: WaybillStage,
}

/// The two moments the crew and the client go through the waybill together: loading at the
/// origin and unloading at the destination.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum WaybillStage {
    Recogida,
    Entrega,
}

impl WaybillStage {
    pub const ALL: [WaybillStage; 2] = [WaybillStage::Recogida, WaybillStage::Entrega];

    pub fn as_str(self) -> &'static str {
        match self {
            WaybillStage::Recogida => "recogida",
            WaybillStage::Entrega => "entrega",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            WaybillStage::Recogida => "Recogida",
            WaybillStage::Entrega => "Entrega",
        }
    }
}

/// Who signs the waybill at each stage.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Signer {
    Cliente,
    Operario,
}

impl Signer {
    pub fn label(self) -> &'static str {
        match self {
            Signer::Cliente => "Cliente",
            Signer::Operario => "Operario",
        }
    }
}

/// `move.waybill_signed` v1 (issue 21): at pickup or delivery, the client (accepting the listed
/// objects and services) or the worker signed the waybill on the crew's phone. The signature is
/// kept in the log itself, so `verify` protects it like every event; `sha256_albaran` names the
/// exact content accepted ([`crate::waybill::accepted_sha256`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WaybillSigned {
    pub etapa: WaybillStage,
    pub firmante: Signer,
    /// The signer's name as they gave it.
    pub nombre: String,
    /// The drawn signature: a PNG, base64 (standard alphabet, padded).
    pub imagen_png: String,
    /// SHA-256 (lower-case hex) of the waybill content the signature accepts.
    pub sha256_albaran: String,
    /// The worker whose phone collected it (or the manager acting for them).
    pub worker_id: Uuid,
}

/// What a waybill object looked like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ObjectCondition {
    /// Checked and in good condition.
    BuenEstado,
    /// Damage it already had when the crew found it.
    DanosPrevios,
    /// Damage caused during the move.
    DanosCausados,
}

impl ObjectCondition {
    pub const ALL: [ObjectCondition; 3] = [
        ObjectCondition::BuenEstado,
        ObjectCondition::DanosPrevios,
        ObjectCondition::DanosCausados,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ObjectCondition::BuenEstado => "buen_estado",
            ObjectCondition::DanosPrevios => "danos_previos",
            ObjectCondition::DanosCausados => "danos_causados",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ObjectCondition::BuenEstado => "En buen estado",
            ObjectCondition::DanosPrevios => "Daños previos",
            ObjectCondition::DanosCausados => "Daños causados",
        }
    }
}

/// `move.object_condition_noted` v1 (issue 21): at pickup or delivery the crew noted the
/// condition of one object of the waybill. Its photos are `move.photo_added` events naming the
/// same object and stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ObjectConditionNoted {
    pub etapa: WaybillStage,
    /// The object's `id` in the move's list, and its name then.
    pub objeto_id: String,
    pub objeto_nombre: String,
    pub estado: ObjectCondition,
    pub nota: String,
    pub worker_id: Uuid,
}

/// How a manager answered a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClaimResolution {
    /// Accepted in full, with the amount paid back.
    Aceptada,
    /// Accepted in part, with the amount and why not all.
    Parcial,
    /// Rejected, with the reason.
    Rechazada,
}

impl ClaimResolution {
    pub const ALL: [ClaimResolution; 3] = [
        ClaimResolution::Aceptada,
        ClaimResolution::Parcial,
        ClaimResolution::Rechazada,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ClaimResolution::Aceptada => "aceptada",
            ClaimResolution::Parcial => "parcial",
            ClaimResolution::Rechazada => "rechazada",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ClaimResolution::Aceptada => "Aceptada",
            ClaimResolution::Parcial => "Aceptada en parte",
            ClaimResolution::Rechazada => "Rechazada",
        }
    }
}

/// An object a claim is about, as it was on the waybill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClaimObject {
    pub id: String,
    pub nombre: String,
}

/// A photo the client attached to a claim; the file lives in the data folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClaimPhoto {
    pub photo_id: Uuid,
    pub content_type: String,
    pub size_bytes: u64,
}

/// `claim.opened` v1, on the claim's stream ([`claim_stream`]): within 7 days of delivery (§9)
/// the move's client claimed for some of its objects. A move has at most one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClaimOpened {
    pub move_id: i64,
    pub objetos: Vec<ClaimObject>,
    pub texto: String,
    #[serde(default)]
    pub fotos: Vec<ClaimPhoto>,
    /// When the move was delivered (its change to completada): the 7 days run from here.
    pub entregada_en: DateTime<Utc>,
    /// The last day (Madrid) the company may answer: 15 Spanish working days after opening.
    pub plazo_respuesta: NaiveDate,
}

/// `claim.answered` v1: a manager answered the claim, once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClaimAnswered {
    pub resolucion: ClaimResolution,
    /// What the company pays, in cents: the claim's whole amount or a part; absent when rejected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub importe_cents: Option<i64>,
    /// Why (required for a partial answer and a rejection; optional when accepted).
    pub motivo: String,
    pub manager_id: Uuid,
}

/// `worker.day_booked` v1, on the worker's day stream ([`worker_day_stream`]): the worker holds
/// this move on this date. A worker holds at most one move per day; the stream's expected
/// version makes two bookings at the same instant impossible.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WorkerDayBooked {
    pub worker_id: Uuid,
    pub fecha: NaiveDate,
    pub move_id: i64,
}

/// `worker.day_released` v1: the move no longer holds the worker on that date (reassigned to
/// someone else, moved to another date, or replaced by a booking after it was cancelled).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WorkerDayReleased {
    pub worker_id: Uuid,
    pub fecha: NaiveDate,
    pub move_id: i64,
}

/// The two documents a move gets, each with its own correlative series per year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DocumentKind {
    /// The invoice: F2026-000001, F2026-000002, …
    Factura,
    /// The delivery note (waybill): A2026-000001, …
    Albaran,
}

impl DocumentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::Factura => "factura",
            DocumentKind::Albaran => "albaran",
        }
    }

    /// The kind `as_str` names.
    pub fn parse(value: &str) -> Option<Self> {
        [DocumentKind::Factura, DocumentKind::Albaran]
            .into_iter()
            .find(|k| k.as_str() == value)
    }

    /// The document number: prefix, year, and the place in that year's series.
    pub fn number(self, year: i32, sequence: i64) -> String {
        let prefix = match self {
            DocumentKind::Factura => "F",
            DocumentKind::Albaran => "A",
        };
        format!("{prefix}{year}-{sequence:06}")
    }
}

/// `document.issued` v1, on the year's series stream ([`document_series_stream`]): the n-th
/// document of the series is the series stream's n-th event, so numbers have no gaps and no
/// repeats. `contenido` is the document as issued, which never changes afterwards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentIssued {
    pub kind: DocumentKind,
    pub numero: String,
    pub secuencia: i64,
    pub move_id: i64,
    pub fecha_emision: NaiveDate,
    pub contenido: serde_json::Value,
}

/// `move.document_issued` v1, on the move's stream, in the same transaction: a move has at most
/// one document of each kind, and asking again returns that one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MoveDocumentIssued {
    pub kind: DocumentKind,
    pub numero: String,
}

/// `move.client_erased` v1: the client deleted their account, so the move's personal fields
/// (client name, phone and email, and the contact when it is the client) are blanked in every
/// read model. This event carries no personal data; the log keeps the originals for the legal
/// retention period (spec §9: contract plus 6 years), and issued invoices stay as issued.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClientErased {
    /// Why: `cuenta_eliminada` (the client deleted their account).
    pub motivo: String,
}

/// One address's floor, access and elevator as the client completed them; its property type is
/// the quote's and stays as it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AccessDetails {
    pub access: String,
    pub floor: String,
    pub elevator: bool,
}

/// `move.details_completed` v1: the client completed the details of their pending move (spec §2
/// moving_form): who to call on the day, the alternative date, the time slot, floor, access and
/// elevator at both addresses, and special instructions. Each field is the whole value as the
/// client left it, not a difference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MoveDetailsCompleted {
    pub contacto: Contact,
    pub fecha_alternativa: Option<NaiveDate>,
    pub flexible: bool,
    /// morning, afternoon, evening or flexible.
    pub hora_preferida: String,
    pub origin: AccessDetails,
    pub destination: AccessDetails,
    pub instrucciones: String,
    /// Who the invoice is made out to, when the client gave a NIF or a billing address. Absent
    /// when they gave neither, and in details completed before it was asked: the invoice then
    /// takes the account's profile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facturacion: Option<BillingDetails>,
}

/// The recipient's tax id and address for the invoice, each empty when not given. With a NIF
/// the invoice is a full one; without, a simplified one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BillingDetails {
    /// NIF, DNI or NIE, upper case without separators ('12345678Z').
    pub nif: String,
    /// The billing address, when it is not the move's origin.
    pub direccion: String,
}

/// `move.booking_accepted` v1: the client accepted the quoted price and the booking conditions of
/// spec §9, which books the move (a `move.status_changed` to confirmada follows in the same append).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BookingAccepted {
    /// The total the client saw and accepted, VAT included, in cents.
    pub total_cents: i64,
    /// Which text of the booking conditions they accepted.
    pub condiciones_version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteContact {
    pub name: String,
    pub email: String,
    pub phone: String,
    /// phone, email or whatsapp.
    #[serde(rename = "preferredContact")]
    pub preferred_contact: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteAddress {
    pub address: String,
    #[serde(rename = "propertyType")]
    pub property_type: String,
    pub access: String,
    pub floor: String,
    pub elevator: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteObject {
    pub id: String,
    pub quantity: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteSchedule {
    #[serde(rename = "preferredDate")]
    pub preferred_date: NaiveDate,
    #[serde(rename = "alternativeDate")]
    pub alternative_date: Option<NaiveDate>,
    #[serde(rename = "flexibleDates")]
    pub flexible_dates: bool,
    #[serde(rename = "timePreference")]
    pub time_preference: String,
}

/// `quote.requested` v1: a visitor's request for a definitive quote (spec §3 'Quote request').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteRequested {
    pub quote_id: Uuid,
    pub contact: QuoteContact,
    pub origin: QuoteAddress,
    pub destination: QuoteAddress,
    pub objects: Vec<QuoteObject>,
    pub services: Services,
    pub schedule: QuoteSchedule,
    /// Route distance in km and duration in minutes, as the price finder obtained them.
    pub distance_km: f64,
    pub duration_min: f64,
    pub instructions: String,
    #[serde(rename = "offerPack")]
    pub offer_pack: Option<String>,
    pub estimated_price_cents: Option<i64>,
    /// The estimate's itemised total (its lines and VAT), of which `estimated_price_cents` is the
    /// quote's share (spec §9): what the client's savings are measured against. Absent when the
    /// server could not price the request, and in requests stored before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimated_total_cents: Option<i64>,
    /// With an offer pack: the itemised total of the same request priced by volume without the
    /// pack, what the pack saved against. Absent without a pack, for a pack with no objects listed
    /// (nothing to price by volume), and in requests stored before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub without_pack_total_cents: Option<i64>,
    /// Professional packing of everything (§3 best_packaging), which the move's `Services` has no
    /// place for. Absent in requests stored before it was recorded: those did not ask for it.
    #[serde(default, rename = "bestPackaging")]
    pub best_packaging: bool,
    /// What the requester agreed to, each purpose on its own (their time is the event's).
    /// Absent in requests stored before consents were recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consentimiento: Option<QuoteConsent>,
    /// The reference a person can read out on the phone, "P-2026-000123". Absent in requests
    /// stored before references were given: those are known by their id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referencia: Option<String>,
    /// The referral code of the client whose link the request came through ('7KQ2M9XA'), when
    /// the server attributed it to them. Absent without one, for a code of nobody or the
    /// requester's own, and in requests stored before referrals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recomendacion: Option<String>,
}

/// The consents given with a quote request: being contacted about this quote, and commercial
/// communications (never ticked for the user).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteConsent {
    pub contacto: bool,
    pub marketing: bool,
}

/// `quote.converted` v1, on the quote's stream, in the transaction that creates the move: a
/// manager turned the request into this move. A quote is converted at most once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteConverted {
    pub move_id: i64,
}

/// `quote.discarded` v1: a manager set the request aside (a duplicate, a test, out of our area);
/// who and when are in the event's metadata and row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
pub struct QuoteDiscarded {}

/// `quote.contact_erased` v1: the requester's name, email and phone are blanked in every read
/// model. Either a quote never turned into a move reached the end of its retention (one year, as
/// the privacy notice says), or its requester deleted their account. The log keeps the original,
/// blocked, like `move.client_erased`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuoteContactErased {
    /// Why: `retencion` (its year ran out) or `cuenta_eliminada` (the requester left).
    pub motivo: String,
}

/// `move.payment_key_issued` v1: the move's payment key (spec §3 `clave_pago`), which its client
/// types with their name on /acceso-de-pago to pay by card. A new one replaces the old.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentKeyIssued {
    /// Eight characters from an alphabet without look-alikes (no 0/O, 1/I/L).
    pub clave_pago: String,
}

/// What a card payment was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentKind {
    /// The deposit that secures the date.
    Anticipo,
    /// Everything still to be paid.
    Pendiente,
}

/// `move.payment_authorised` v1: the card gateway authorised a payment. Only the card's brand and
/// last four digits are kept; never its number or CVC.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentAuthorised {
    pub payment_id: Uuid,
    /// The payment session (/pago?id=) it was made from.
    pub session_id: Uuid,
    pub amount_cents: i64,
    pub kind: PaymentKind,
    /// visa, mastercard, amex, discover, … or `desconocida`.
    pub brand: String,
    pub last4: String,
    /// `prueba` (the built-in test gateway) or `redsys`.
    pub provider: String,
    /// The gateway's reference (Redsys: order + authorisation code); a notification received
    /// twice carries the same one and records nothing the second time.
    pub reference: String,
}

/// `move.payment_failed` v1: the gateway refused a payment (declined, insufficient funds, expired
/// card, …). Kept for the staff and the audit; it moves no money.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentFailed {
    pub session_id: Uuid,
    pub amount_cents: i64,
    pub brand: String,
    pub last4: String,
    pub provider: String,
    pub reference: String,
    /// `denegada`, `fondos_insuficientes`, `caducada`, or the gateway's code.
    pub reason: String,
}

/// `move.payment_refunded` v1: part or all of an authorised payment was given back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentRefunded {
    pub payment_id: Uuid,
    pub amount_cents: i64,
    pub reason: String,
}

/// A step of the crew's day that the client follows live (issue 20): leaving for the origin,
/// arriving there, the van loaded, arriving at the destination. They come in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Milestone {
    EnCamino,
    LlegadaOrigen,
    CargaTerminada,
    LlegadaDestino,
}

impl Milestone {
    /// In the order the crew reaches them.
    pub const ALL: [Milestone; 4] = [
        Milestone::EnCamino,
        Milestone::LlegadaOrigen,
        Milestone::CargaTerminada,
        Milestone::LlegadaDestino,
    ];

    /// The wire value (`en_camino`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Milestone::EnCamino => "en_camino",
            Milestone::LlegadaOrigen => "llegada_origen",
            Milestone::CargaTerminada => "carga_terminada",
            Milestone::LlegadaDestino => "llegada_destino",
        }
    }

    pub fn parse(value: &str) -> Option<Milestone> {
        Milestone::ALL.into_iter().find(|m| m.as_str() == value)
    }

    /// How the client, the crew and the manager read it.
    pub fn label(self) -> &'static str {
        match self {
            Milestone::EnCamino => "En camino",
            Milestone::LlegadaOrigen => "Llegada al origen",
            Milestone::CargaTerminada => "Carga terminada",
            Milestone::LlegadaDestino => "Llegada al destino",
        }
    }

    /// Its place in the day, from 0.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// `move.crew_milestone_recorded` v1: the move's crew reached a milestone of the day, recorded
/// from /trabajo by the assigned worker (or by a manager on their behalf).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CrewMilestoneRecorded {
    pub hito: Milestone,
    /// Who recorded it.
    pub worker_id: Uuid,
}

/// `review.submitted` v1, on the review's stream ([`review_stream`]): a rating of the service.
/// Either the client of a finished move wrote it (`move_id`: verified by construction, since only
/// that move's client may, once, after it finished), or it was collected before this software and
/// imported with the company's data (`move_id` absent). A client's review waits for a manager's
/// moderation before it is shown; an imported one is published in the same append.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReviewSubmitted {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_id: Option<i64>,
    /// How the review is signed: first name and the surname's initial ('Marta S.').
    pub nombre: String,
    /// Where the move went ('Chamberí, Madrid').
    pub ubicacion: String,
    /// 1 to 5 stars.
    pub rating: u8,
    pub titulo: String,
    pub texto: String,
    /// Would they recommend us to a friend.
    pub recomendaria: bool,
    /// The day it was written.
    pub fecha: NaiveDate,
    /// How many readers found it useful (kept from the source of an imported review).
    #[serde(default)]
    pub util: u32,
}

/// `review.moderated` v1: a manager published or hid a review, with the reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReviewModerated {
    pub publicada: bool,
    pub motivo: String,
}

/// Every event, decoded and upcast to its current version.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    MoveCreated(MoveCreated),
    MoveDetailsUpdated(MoveDetailsUpdated),
    MoveStatusChanged(MoveStatusChanged),
    WorkerAssigned(WorkerAssigned),
    PhotoAdded(PhotoAdded),
    QuoteRequested(QuoteRequested),
    WorkerDayBooked(WorkerDayBooked),
    WorkerDayReleased(WorkerDayReleased),
    DocumentIssued(DocumentIssued),
    MoveDocumentIssued(MoveDocumentIssued),
    ClientErased(ClientErased),
    MoveDetailsCompleted(MoveDetailsCompleted),
    BookingAccepted(BookingAccepted),
    QuoteConverted(QuoteConverted),
    QuoteDiscarded(QuoteDiscarded),
    QuoteContactErased(QuoteContactErased),
    PaymentKeyIssued(PaymentKeyIssued),
    PaymentAuthorised(PaymentAuthorised),
    PaymentFailed(PaymentFailed),
    PaymentRefunded(PaymentRefunded),
    CrewMilestoneRecorded(CrewMilestoneRecorded),
    ReviewSubmitted(ReviewSubmitted),
    ReviewModerated(ReviewModerated),
    WaybillSigned(WaybillSigned),
    ObjectConditionNoted(ObjectConditionNoted),
    ClaimOpened(ClaimOpened),
    ClaimAnswered(ClaimAnswered),
}

/// The catalogue of event types: wire name, current schema version, and its JSON Schema.
pub struct EventTypeInfo {
    pub name: &'static str,
    pub current_version: i32,
    pub schema: fn() -> schemars::Schema,
}

pub const EVENT_TYPES: &[EventTypeInfo] = &[
    EventTypeInfo {
        name: "move.created",
        current_version: 2,
        schema: || schemars::schema_for!(MoveCreated),
    },
    EventTypeInfo {
        name: "move.details_updated",
        current_version: 1,
        schema: || schemars::schema_for!(MoveDetailsUpdated),
    },
    EventTypeInfo {
        name: "move.status_changed",
        current_version: 1,
        schema: || schemars::schema_for!(MoveStatusChanged),
    },
    EventTypeInfo {
        name: "move.worker_assigned",
        current_version: 1,
        schema: || schemars::schema_for!(WorkerAssigned),
    },
    EventTypeInfo {
        name: "move.photo_added",
        current_version: 1,
        schema: || schemars::schema_for!(PhotoAdded),
    },
    EventTypeInfo {
        name: "quote.requested",
        current_version: 1,
        schema: || schemars::schema_for!(QuoteRequested),
    },
    EventTypeInfo {
        name: "worker.day_booked",
        current_version: 1,
        schema: || schemars::schema_for!(WorkerDayBooked),
    },
    EventTypeInfo {
        name: "worker.day_released",
        current_version: 1,
        schema: || schemars::schema_for!(WorkerDayReleased),
    },
    EventTypeInfo {
        name: "document.issued",
        current_version: 1,
        schema: || schemars::schema_for!(DocumentIssued),
    },
    EventTypeInfo {
        name: "move.document_issued",
        current_version: 1,
        schema: || schemars::schema_for!(MoveDocumentIssued),
    },
    EventTypeInfo {
        name: "move.client_erased",
        current_version: 1,
        schema: || schemars::schema_for!(ClientErased),
    },
    EventTypeInfo {
        name: "move.details_completed",
        current_version: 1,
        schema: || schemars::schema_for!(MoveDetailsCompleted),
    },
    EventTypeInfo {
        name: "move.booking_accepted",
        current_version: 1,
        schema: || schemars::schema_for!(BookingAccepted),
    },
    EventTypeInfo {
        name: "quote.converted",
        current_version: 1,
        schema: || schemars::schema_for!(QuoteConverted),
    },
    EventTypeInfo {
        name: "quote.discarded",
        current_version: 1,
        schema: || schemars::schema_for!(QuoteDiscarded),
    },
    EventTypeInfo {
        name: "quote.contact_erased",
        current_version: 1,
        schema: || schemars::schema_for!(QuoteContactErased),
    },
    EventTypeInfo {
        name: "move.payment_key_issued",
        current_version: 1,
        schema: || schemars::schema_for!(PaymentKeyIssued),
    },
    EventTypeInfo {
        name: "move.payment_authorised",
        current_version: 1,
        schema: || schemars::schema_for!(PaymentAuthorised),
    },
    EventTypeInfo {
        name: "move.payment_failed",
        current_version: 1,
        schema: || schemars::schema_for!(PaymentFailed),
    },
    EventTypeInfo {
        name: "move.payment_refunded",
        current_version: 1,
        schema: || schemars::schema_for!(PaymentRefunded),
    },
    EventTypeInfo {
        name: "move.crew_milestone_recorded",
        current_version: 1,
        schema: || schemars::schema_for!(CrewMilestoneRecorded),
    },
    EventTypeInfo {
        name: "review.submitted",
        current_version: 1,
        schema: || schemars::schema_for!(ReviewSubmitted),
    },
    EventTypeInfo {
        name: "review.moderated",
        current_version: 1,
        schema: || schemars::schema_for!(ReviewModerated),
    },
    EventTypeInfo {
        name: "move.waybill_signed",
        current_version: 1,
        schema: || schemars::schema_for!(WaybillSigned),
    },
    EventTypeInfo {
        name: "move.object_condition_noted",
        current_version: 1,
        schema: || schemars::schema_for!(ObjectConditionNoted),
    },
    EventTypeInfo {
        name: "claim.opened",
        current_version: 1,
        schema: || schemars::schema_for!(ClaimOpened),
    },
    EventTypeInfo {
        name: "claim.answered",
        current_version: 1,
        schema: || schemars::schema_for!(ClaimAnswered),
    },
];

impl Event {
    pub fn event_type(&self) -> &'static str {
        match self {
            Event::MoveCreated(_) => "move.created",
            Event::MoveDetailsUpdated(_) => "move.details_updated",
            Event::MoveStatusChanged(_) => "move.status_changed",
            Event::WorkerAssigned(_) => "move.worker_assigned",
            Event::PhotoAdded(_) => "move.photo_added",
            Event::QuoteRequested(_) => "quote.requested",
            Event::WorkerDayBooked(_) => "worker.day_booked",
            Event::WorkerDayReleased(_) => "worker.day_released",
            Event::DocumentIssued(_) => "document.issued",
            Event::MoveDocumentIssued(_) => "move.document_issued",
            Event::ClientErased(_) => "move.client_erased",
            Event::MoveDetailsCompleted(_) => "move.details_completed",
            Event::BookingAccepted(_) => "move.booking_accepted",
            Event::QuoteConverted(_) => "quote.converted",
            Event::QuoteDiscarded(_) => "quote.discarded",
            Event::QuoteContactErased(_) => "quote.contact_erased",
            Event::PaymentKeyIssued(_) => "move.payment_key_issued",
            Event::PaymentAuthorised(_) => "move.payment_authorised",
            Event::PaymentFailed(_) => "move.payment_failed",
            Event::PaymentRefunded(_) => "move.payment_refunded",
            Event::CrewMilestoneRecorded(_) => "move.crew_milestone_recorded",
            Event::ReviewSubmitted(_) => "review.submitted",
            Event::ReviewModerated(_) => "review.moderated",
            Event::WaybillSigned(_) => "move.waybill_signed",
            Event::ObjectConditionNoted(_) => "move.object_condition_noted",
            Event::ClaimOpened(_) => "claim.opened",
            Event::ClaimAnswered(_) => "claim.answered",
        }
    }

    /// The version new events of this type are written with.
    pub fn schema_version(&self) -> i32 {
        let name = self.event_type();
        EVENT_TYPES
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.current_version)
            .unwrap_or(1)
    }

    pub fn to_data(&self) -> serde_json::Value {
        let value = match self {
            Event::MoveCreated(e) => serde_json::to_value(e),
            Event::MoveDetailsUpdated(e) => serde_json::to_value(e),
            Event::MoveStatusChanged(e) => serde_json::to_value(e),
            Event::WorkerAssigned(e) => serde_json::to_value(e),
            Event::PhotoAdded(e) => serde_json::to_value(e),
            Event::QuoteRequested(e) => serde_json::to_value(e),
            Event::WorkerDayBooked(e) => serde_json::to_value(e),
            Event::WorkerDayReleased(e) => serde_json::to_value(e),
            Event::DocumentIssued(e) => serde_json::to_value(e),
            Event::MoveDocumentIssued(e) => serde_json::to_value(e),
            Event::ClientErased(e) => serde_json::to_value(e),
            Event::MoveDetailsCompleted(e) => serde_json::to_value(e),
            Event::BookingAccepted(e) => serde_json::to_value(e),
            Event::QuoteConverted(e) => serde_json::to_value(e),
            Event::QuoteDiscarded(e) => serde_json::to_value(e),
            Event::QuoteContactErased(e) => serde_json::to_value(e),
            Event::PaymentKeyIssued(e) => serde_json::to_value(e),
            Event::PaymentAuthorised(e) => serde_json::to_value(e),
            Event::PaymentFailed(e) => serde_json::to_value(e),
            Event::PaymentRefunded(e) => serde_json::to_value(e),
            Event::CrewMilestoneRecorded(e) => serde_json::to_value(e),
            Event::ReviewSubmitted(e) => serde_json::to_value(e),
            Event::ReviewModerated(e) => serde_json::to_value(e),
            Event::WaybillSigned(e) => serde_json::to_value(e),
            Event::ObjectConditionNoted(e) => serde_json::to_value(e),
            Event::ClaimOpened(e) => serde_json::to_value(e),
            Event::ClaimAnswered(e) => serde_json::to_value(e),
        };
        // These types hold only strings, numbers, dates and maps with string keys.
        value.expect("event types always serialize to JSON")
    }

    /// Reads a stored event of any version, upcasting it to the current one first.
    pub fn decode(
        event_type: &str,
        schema_version: i32,
        data: serde_json::Value,
    ) -> Result<Event, crate::Error> {
        Event::decode_ref(event_type, schema_version, &data)
    }

    /// As `decode`, reading the data in place: only an older version, which must be rewritten by
    /// its upcasters, is copied.
    pub fn decode_ref(
        event_type: &str,
        schema_version: i32,
        data: &serde_json::Value,
    ) -> Result<Event, crate::Error> {
        if Event::is_current(event_type, schema_version)? {
            return Event::from_data(event_type, data);
        }
        let upcast = crate::upcast::upcast(event_type, schema_version, data.clone())?;
        Event::from_data(event_type, &upcast)
    }

    /// As `decode`, from the data's JSON text (as the log's row holds it): the current version is
    /// parsed straight into its type; only an older one becomes a `Value` for its upcasters.
    pub fn decode_json(
        event_type: &str,
        schema_version: i32,
        json: &str,
    ) -> Result<Event, crate::Error> {
        let malformed = |e: serde_json::Error| crate::Error::Malformed {
            event_type: event_type.to_string(),
            reason: e.to_string(),
        };
        if !Event::is_current(event_type, schema_version)? {
            let data = serde_json::from_str(json).map_err(malformed)?;
            let upcast = crate::upcast::upcast(event_type, schema_version, data)?;
            return Event::from_data(event_type, &upcast);
        }
        let mut reader = serde_json::Deserializer::from_str(json);
        let event = Event::from_data(event_type, &mut reader)?;
        reader.end().map_err(malformed)?;
        Ok(event)
    }

    /// Whether `schema_version` is the current version of `event_type` (false: an older one, to
    /// upcast); an unknown type or version is an error.
    fn is_current(event_type: &str, schema_version: i32) -> Result<bool, crate::Error> {
        let info = EVENT_TYPES
            .iter()
            .find(|t| t.name == event_type)
            .ok_or_else(|| crate::Error::UnknownEventType(event_type.to_string()))?;
        if schema_version < 1 || schema_version > info.current_version {
            return Err(crate::Error::UnknownSchemaVersion {
                event_type: event_type.to_string(),
                version: schema_version,
            });
        }
        Ok(schema_version == info.current_version)
    }

    /// The event of `event_type` in its current version, read from any serde source.
    fn from_data<'de, D>(event_type: &str, data: D) -> Result<Event, crate::Error>
    where
        D: serde::Deserializer<'de>,
    {
        fn parse<'de, T: serde::Deserialize<'de>, D: serde::Deserializer<'de>>(
            event_type: &str,
            data: D,
        ) -> Result<T, crate::Error> {
            T::deserialize(data).map_err(|e| crate::Error::Malformed {
                event_type: event_type.to_string(),
                reason: e.to_string(),
            })
        }
        Ok(match event_type {
            "move.created" => Event::MoveCreated(parse(event_type, data)?),
            "move.details_updated" => Event::MoveDetailsUpdated(parse(event_type, data)?),
            "move.status_changed" => Event::MoveStatusChanged(parse(event_type, data)?),
            "move.worker_assigned" => Event::WorkerAssigned(parse(event_type, data)?),
            "move.photo_added" => Event::PhotoAdded(parse(event_type, data)?),
            "quote.requested" => Event::QuoteRequested(parse(event_type, data)?),
            "worker.day_booked" => Event::WorkerDayBooked(parse(event_type, data)?),
            "worker.day_released" => Event::WorkerDayReleased(parse(event_type, data)?),
            "document.issued" => Event::DocumentIssued(parse(event_type, data)?),
            "move.document_issued" => Event::MoveDocumentIssued(parse(event_type, data)?),
            "move.client_erased" => Event::ClientErased(parse(event_type, data)?),
            "move.details_completed" => Event::MoveDetailsCompleted(parse(event_type, data)?),
            "move.booking_accepted" => Event::BookingAccepted(parse(event_type, data)?),
            "quote.converted" => Event::QuoteConverted(parse(event_type, data)?),
            "quote.discarded" => Event::QuoteDiscarded(parse(event_type, data)?),
            "quote.contact_erased" => Event::QuoteContactErased(parse(event_type, data)?),
            "move.payment_key_issued" => Event::PaymentKeyIssued(parse(event_type, data)?),
            "move.payment_authorised" => Event::PaymentAuthorised(parse(event_type, data)?),
            "move.payment_failed" => Event::PaymentFailed(parse(event_type, data)?),
            "move.payment_refunded" => Event::PaymentRefunded(parse(event_type, data)?),
            "move.crew_milestone_recorded" => {
                Event::CrewMilestoneRecorded(parse(event_type, data)?)
            }
            "review.submitted" => Event::ReviewSubmitted(parse(event_type, data)?),
            "review.moderated" => Event::ReviewModerated(parse(event_type, data)?),
            "move.waybill_signed" => Event::WaybillSigned(parse(event_type, data)?),
            "move.object_condition_noted" => Event::ObjectConditionNoted(parse(event_type, data)?),
            "claim.opened" => Event::ClaimOpened(parse(event_type, data)?),
            "claim.answered" => Event::ClaimAnswered(parse(event_type, data)?),
            other => return Err(crate::Error::UnknownEventType(other.to_string())),
        })
    }
}

/// Stream ids: one stream per move, per quote, and per worker and day.
pub fn move_stream(move_id: i64) -> String {
    format!("move-{move_id}")
}

/// A move's claim: `claim-<move id>`, so a move has at most one.
pub fn claim_stream(move_id: i64) -> String {
    format!("claim-{move_id}")
}

/// The move id of a `claim-<n>` stream.
pub fn claim_move_of(stream_id: &str) -> Option<i64> {
    stream_id.strip_prefix("claim-")?.parse().ok()
}

pub fn quote_stream(quote_id: Uuid) -> String {
    format!("quote-{quote_id}")
}

/// The quote id of a `quote-<uuid>` stream.
pub fn quote_id_of(stream_id: &str) -> Option<Uuid> {
    stream_id.strip_prefix("quote-")?.parse().ok()
}

/// A review's stream: `review-mudanza-<id>` for a move's (so a move has at most one), or
/// `review-importada-<n>` for one imported with the company's data.
pub fn review_stream(review: &ReviewId) -> String {
    match review {
        ReviewId::Move(id) => format!("review-mudanza-{id}"),
        ReviewId::Imported(n) => format!("review-importada-{n}"),
    }
}

/// What names a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReviewId {
    Move(i64),
    Imported(i64),
}

impl ReviewId {
    /// The review's public id: its stream's name without the prefix ('mudanza-12').
    pub fn key(&self) -> String {
        review_stream(self)
            .trim_start_matches("review-")
            .to_string()
    }

    pub fn parse(key: &str) -> Option<ReviewId> {
        if let Some(n) = key.strip_prefix("mudanza-") {
            return n.parse().ok().map(ReviewId::Move);
        }
        key.strip_prefix("importada-")?
            .parse()
            .ok()
            .map(ReviewId::Imported)
    }
}

/// The day of one worker: which move, if any, holds them on that date.
pub fn worker_day_stream(worker_id: Uuid, date: NaiveDate) -> String {
    format!("worker-day-{worker_id}-{date}")
}

/// One year's series of one kind of document.
pub fn document_series_stream(kind: DocumentKind, year: i32) -> String {
    format!("documentos-{}-{year}", kind.as_str())
}

/// The move id of a `move-N` stream.
pub fn move_id_of(stream_id: &str) -> Option<i64> {
    stream_id.strip_prefix("move-")?.parse().ok()
}

/// When the event happened according to the device that caused it, if it differs from when the
/// log recorded it (an offline worker's phone, for example).
pub type OccurredAt = DateTime<Utc>;
