//! Quote requests (spec §3 'Quote request', §5 'Quote contact', §7 submit-quote-request) and the
//! managers' quotes inbox: `POST /api/submit-quote-request` (anyone), `GET /api/presupuestos`
//! (managers, the admin, the auditor), `POST /api/presupuestos/{id}/descartar` (managers), and
//! the conversion into a move, which `POST /api/crear-mudanza` does when it names the quote.

use aide::UseApi;
use axum::extract::State;
use axum::Json;
use chrono::{Datelike, NaiveDate};
use command::estimate::PriceRequest;
use command::quotes::{
    decide_conversion, QuoteCommand, QuoteDecider, QuoteDraft, QuoteState, ServerEstimate,
};
use command::{Decider, DomainError, Role};
use events_schema::events::{
    MoveCreated, QuoteAddress, QuoteConsent, QuoteObject, QuoteRequested, Services,
};
use events_schema::{Event, EventStore, ExpectedVersion, Metadata, NewEvent};
use projections::quotes::STATUSES;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use uuid::Uuid;

use projections::ReadModel;

use crate::auth::{CurrentUser, MaybeUser, User};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::limits::{ClientAddress, QUOTE_PER_ADDRESS, QUOTE_PER_EMAIL};
use crate::mail::templates::{quote_received, QuoteSummary};
use crate::pipeline::{self, append_plan, execute, load, metadata_for, read_your_writes};
use crate::reply::True;
use crate::routes::pricing::{estimate_on, route_of};
use crate::state::AppState;

const MANAGERS: &[Role] = &[Role::Empresario, Role::Admin];
/// Who reads the inbox: the managers, and the admin and the auditor, who see everything.
const READERS: &[Role] = &[Role::Empresario, Role::Admin, Role::Auditor];
/// A decision that lost a race is made again on the new state, this many times.
const RETRIES: usize = 3;
/// A quote request is a few KiB; the public call accepts no more than this.
pub const MAX_BODY: usize = 64 * 1024;

pub const NOT_FOUND: &str = "Solicitud de presupuesto no encontrada";
pub const INVALID_STATUS: &str = "Estado no válido";

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "QuoteRequestContact")]
#[serde(default, rename_all = "camelCase")]
pub struct ContactBody {
    name: String,
    email: String,
    phone: String,
    /// Empty reads as phone (§3).
    #[schemars(extend("enum" = [""].into_iter().chain(command::moves::CONTACT_PREFERENCES).collect::<Vec<_>>()))]
    preferred_contact: String,
}

/// §3 defaults where a field is missing: apartment_1_room, access normal, ground floor.
#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "QuoteRequestAddress")]
#[serde(default, rename_all = "camelCase")]
pub struct AddressBody {
    address: String,
    property_type: String,
    access: String,
    floor: String,
    #[serde(deserialize_with = "crate::input::flag")]
    #[schemars(with = "command::estimate::FlagSchema")]
    elevator: bool,
}

impl Default for AddressBody {
    fn default() -> Self {
        AddressBody {
            address: String::new(),
            property_type: "apartment_1_room".into(),
            access: "normal".into(),
            floor: "ground".into(),
            elevator: false,
        }
    }
}

impl From<AddressBody> for QuoteAddress {
    fn from(a: AddressBody) -> Self {
        QuoteAddress {
            address: a.address,
            property_type: a.property_type,
            access: a.access,
            floor: a.floor,
            elevator: a.elevator,
        }
    }
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "QuoteRequestServices")]
#[serde(default, rename_all = "camelCase")]
pub struct ServicesBody {
    dismount: bool,
    dismount_quantity: u32,
    packaging: bool,
    packaging_quantity: u32,
    best_packaging: bool,
    cleaning: bool,
    fragile: bool,
    long_stairs: bool,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "QuoteRequestSchedule")]
#[serde(default, rename_all = "camelCase")]
pub struct ScheduleBody {
    // The price finder holds an unset date as an empty string.
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    preferred_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    alternative_date: Option<NaiveDate>,
    flexible_dates: bool,
    /// Empty reads as flexible (§3).
    #[schemars(extend("enum" = [""].into_iter().chain(command::options::time_slot_values()).collect::<Vec<_>>()))]
    time_preference: String,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "QuoteRequestObject")]
pub struct ObjectBody {
    id: String,
    quantity: u32,
}

/// `moveDetails`. `estimatedPrice`, the figure the visitor's browser showed, is not read: the
/// price a quote records is the server's own.
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "QuoteDetails")]
#[serde(default, rename_all = "camelCase")]
pub struct DetailsBody {
    origin: AddressBody,
    destination: AddressBody,
    objects: Vec<ObjectBody>,
    services: ServicesBody,
    schedule: ScheduleBody,
    distance: f64,
    duration: f64,
    instructions: String,
    #[schemars(extend("enum" = command::options::or_null(command::quotes::OFFER_PACKS)))]
    offer_pack: Option<String>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "QuoteConsent")]
#[serde(default)]
pub struct ConsentBody {
    contact: bool,
    marketing: bool,
}

/// `POST /api/submit-quote-request`, as web/src/lib/api.ts `QuoteRequest` sends it.
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[schemars(rename = "QuoteRequest")]
#[serde(default, rename_all = "camelCase")]
pub struct SubmitBody {
    contact: ContactBody,
    move_details: DetailsBody,
    /// The price finder's two checkboxes, each purpose on its own; missing means not given.
    consent: ConsentBody,
    /// The referral code of the link the visitor came through (`?ref=`), when there was one.
    referral_code: String,
}

impl From<SubmitBody> for QuoteDraft {
    fn from(b: SubmitBody) -> Self {
        let d = b.move_details;
        let s = d.services;
        QuoteDraft {
            name: b.contact.name,
            email: b.contact.email,
            phone: b.contact.phone,
            preferred_contact: b.contact.preferred_contact,
            origin: d.origin.into(),
            destination: d.destination.into(),
            objects: d
                .objects
                .into_iter()
                .map(|o| QuoteObject {
                    id: o.id,
                    quantity: o.quantity,
                })
                .collect(),
            services: Services {
                dismount: s.dismount,
                dismount_quantity: s.dismount_quantity,
                packaging: s.packaging,
                packaging_quantity: s.packaging_quantity,
                cleaning: s.cleaning,
                fragile: s.fragile,
                long_stairs: s.long_stairs,
            },
            best_packaging: s.best_packaging,
            preferred_date: d.schedule.preferred_date,
            alternative_date: d.schedule.alternative_date,
            flexible_dates: d.schedule.flexible_dates,
            time_preference: d.schedule.time_preference,
            distance_km: d.distance,
            duration_min: d.duration,
            instructions: d.instructions,
            offer_pack: d.offer_pack,
            consent: QuoteConsent {
                contacto: b.consent.contact,
                marketing: b.consent.marketing,
            },
            recomendacion: None,
        }
    }
}

/// Who asked: the account when someone is logged in, else an anonymous visitor. The caller's
/// network address is not kept: the log keeps events for years.
fn requester(user: Option<&User>) -> Metadata {
    match user {
        Some(user) => metadata_for(user),
        None => Metadata {
            actor_role: Some("anonimo".into()),
            correlation_id: Uuid::now_v7(),
            request_id: crate::ops::current_request_id(),
            ..Metadata::default()
        },
    }
}

/// The request recorded.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Submitted {
    success: True,
    quote_id: Uuid,
    /// The reference to give on the phone, "P-2026-000123".
    referencia: String,
}

/// The inbox, as the projection stores it (passed through).
#[derive(Serialize, schemars::JsonSchema)]
pub struct Inbox {
    success: True,
    #[schemars(with = "Vec<InboxEntry>")]
    presupuestos: Value,
}

/// The request set aside: its inbox entry now.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Discarded {
    success: True,
    #[schemars(with = "InboxEntry")]
    presupuesto: Value,
}

/// How an inbox entry (`projections::quotes::InboxQuote`) is described: its contact and schedule
/// are the recorded event's types, which keep the strings as recorded; here they are described
/// with the values the request's validation (`command::quotes`) lets through.
pub struct InboxEntry;

impl schemars::JsonSchema for InboxEntry {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "InboxQuote".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        use events_schema::events::{QuoteContact, QuoteSchedule};
        use projections::quotes::{InboxMoveDetails, InboxQuote};

        let mut contact = QuoteContact::json_schema(generator);
        describe_values(
            &mut contact,
            "preferredContact",
            json!(command::moves::CONTACT_PREFERENCES),
        );
        let mut schedule = QuoteSchedule::json_schema(generator);
        let slots = command::options::time_slot_values();
        describe_values(&mut schedule, "timePreference", json!(slots));
        let mut details = InboxMoveDetails::json_schema(generator);
        set_property(&mut details, "schedule", schedule);
        let packs = command::options::or_null(command::quotes::OFFER_PACKS);
        describe_values(&mut details, "offerPack", json!(packs));
        let mut entry = InboxQuote::json_schema(generator);
        set_property(&mut entry, "contact", contact);
        set_property(&mut entry, "moveDetails", details);
        // Read from the accounts with the inbox (`ENTRY`); the live feed's copies do not carry it.
        if let Some(properties) = entry.get_mut("properties").and_then(Value::as_object_mut) {
            properties.insert(
                "recomendado_por".into(),
                json!({
                    "description": "With `recomendacion`: the name of the client who recommended \
                                    us, `null` when their account no longer exists. Absent in \
                                    the live feed's copies.",
                    "type": ["string", "null"],
                }),
            );
        }
        entry
    }
}

/// `schema`'s `property` described as one of `values`.
fn describe_values(schema: &mut schemars::Schema, property: &str, values: Value) {
    if let Some(field) = schema
        .get_mut("properties")
        .and_then(|properties| properties.get_mut(property))
        .and_then(Value::as_object_mut)
    {
        field.insert("enum".into(), values);
    }
}

/// `schema`'s `property` described by `described` (inline) instead of its own type.
fn set_property(schema: &mut schemars::Schema, property: &str, described: schemars::Schema) {
    if let Some(field) = schema
        .get_mut("properties")
        .and_then(|properties| properties.get_mut(property))
    {
        *field = described.to_value();
    }
}

/// `POST /api/submit-quote-request` (anyone): checks the request (§5 messages), records
/// `quote.requested` and queues the confirmation email to the requester; `{success, quote_id}`.
pub async fn submit(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ClientAddress(address): ClientAddress,
    // Read raw because `moveDetails` is read twice (the quote's details, and the price request
    // the server prices it with); documented as what it is.
    UseApi(ApiJson(raw), _): UseApi<ApiJson<Value>, ApiJson<SubmitBody>>,
) -> ApiResult<Json<Submitted>> {
    QUOTE_PER_ADDRESS.check(&state.pool, &address).await?;
    let body: SubmitBody = crate::error::body_from_value(raw.clone())?;
    let code = super::referrals::code_of(&body.referral_code)?;
    let referred = super::referrals::referrer(
        &state.pool,
        code.as_deref(),
        command::accounts::email(&body.contact.email).as_deref(),
        user.as_ref().map(|u| u.id),
    )
    .await?
    .and(code);
    let estimate = server_estimate(&state, &raw["moveDetails"]).await;
    let quote_id = Uuid::now_v7();
    let number: i64 = sqlx::query_scalar("SELECT nextval('quote_references')")
        .fetch_one(&state.pool)
        .await?;
    let context = pipeline::context(user.as_ref());
    let reference = command::quotes::reference(context.today().year(), number);
    let draft = QuoteDraft {
        recomendacion: referred,
        ..QuoteDraft::from(body)
    };
    let events = QuoteDecider::decide(
        &QuoteState::default(),
        QuoteCommand::Request {
            quote_id,
            reference: reference.clone(),
            draft: Box::new(draft),
            estimate,
        },
        &context,
    )?;
    let [Event::QuoteRequested(requested)] = &events[..] else {
        return Err(ApiError::Internal(
            "a quote request decided no request".into(),
        ));
    };
    let email = quote_received(&requested.contact.email, &summary(requested).as_ref());
    QUOTE_PER_EMAIL
        .check(&state.pool, &requested.contact.email)
        .await?;
    // Counted before writing: a request that fails to be stored still counts, which only errs
    // on the side of the limit.
    QUOTE_PER_ADDRESS.record(&state.pool, &address).await?;
    QUOTE_PER_EMAIL
        .record(&state.pool, &requested.contact.email)
        .await?;

    // The event and its email commit in one transaction (the log and the outbox are one
    // database): neither a quote whose requester is never told, nor an email about a quote that
    // was never stored. `append_on` is the log's append for exactly this; the append is the
    // transaction's only one, as positions require.
    let metadata = requester(user.as_ref());
    let new: Vec<NewEvent> = events
        .into_iter()
        .map(|e| NewEvent::new(e, metadata.clone()))
        .collect();
    let mut tx = state.pool.begin().await?;
    let appended = EventStore::append_on(
        &mut tx,
        &QuoteDecider::stream(&quote_id),
        ExpectedVersion::NoStream,
        &new,
    )
    .await?;
    state.mailer.queue(&mut tx, email).await?;
    tx.commit().await?;
    state.store.committed(appended.last_position);
    read_your_writes(&state, appended.last_position, &[ReadModel::Quotes]).await;
    Ok(Json(Submitted {
        success: True,
        quote_id,
        referencia: reference,
    }))
}

/// The server's own price of the request (the browser's figure is never recorded), when the
/// request can be priced: an address it cannot locate, or a rule the calculator would have
/// flagged, leaves the quote without an estimate for a person to price.
async fn server_estimate(state: &AppState, details: &Value) -> Option<ServerEstimate> {
    let request: PriceRequest = serde_json::from_value(details.clone()).ok()?;
    let today = events_schema::calendar::today();
    let priced = async {
        let route = route_of(state, &request).await?;
        let estimate = estimate_on(state, &request, &route, today)?;
        Ok::<_, ApiError>((estimate, route))
    };
    match priced.await {
        Ok((estimate, route)) => Some(ServerEstimate {
            quote_cents: estimate.quote_cents,
            total_cents: estimate.total_cents,
            // What the pack is measured against (the client's savings): the same request by
            // volume, on the same route and day. A pack alone lists nothing to price so.
            without_pack_cents: estimate.offer_pack.and_then(|_| {
                let by_volume = PriceRequest {
                    offer_pack: None,
                    ..request.clone()
                };
                estimate_on(state, &by_volume, &route, today)
                    .ok()
                    .map(|e| e.total_cents)
            }),
            distance_km: route.distance_km,
            duration_min: f64::from(route.duration_min),
        }),
        Err(e) => {
            tracing::info!(error = %e, "a quote request the server could not price");
            None
        }
    }
}

/// The confirmation email's lines, in Spanish.
struct Summary {
    nombre: String,
    referencia: String,
    origen: String,
    destino: String,
    fecha: String,
    franja: String,
    objetos: String,
    contacto: String,
}

impl Summary {
    fn as_ref(&self) -> QuoteSummary<'_> {
        QuoteSummary {
            nombre: &self.nombre,
            referencia: &self.referencia,
            origen: &self.origen,
            destino: &self.destino,
            fecha: &self.fecha,
            franja: &self.franja,
            objetos: &self.objetos,
            contacto: &self.contacto,
        }
    }
}

/// §3 packs as the site names them.
fn pack_name(pack: &str) -> &'static str {
    match pack {
        "esential" => "Pack Esencial",
        "advanced" => "Pack Avanzado",
        _ => "Pack Premium",
    }
}

fn summary(q: &QuoteRequested) -> Summary {
    let units: u32 = q.objects.iter().map(|o| o.quantity).sum();
    let mut objects = Vec::new();
    if units > 0 {
        objects.push(format!(
            "{units} {}",
            if units == 1 { "objeto" } else { "objetos" }
        ));
    }
    if let Some(pack) = &q.offer_pack {
        objects.push(pack_name(pack).to_string());
    }
    Summary {
        nombre: q.contact.name.clone(),
        referencia: q
            .referencia
            .clone()
            .unwrap_or_else(|| q.quote_id.to_string()),
        origen: q.origin.address.clone(),
        destino: q.destination.address.clone(),
        fecha: q.schedule.preferred_date.format("%d/%m/%Y").to_string(),
        franja: command::options::time_slot_phrase(&q.schedule.time_preference),
        objetos: objects.join(" y "),
        contacto: match q.contact.preferred_contact.as_str() {
            "email" => "por email",
            "whatsapp" => "por WhatsApp",
            _ => "por teléfono",
        }
        .to_string(),
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(rename = "QuoteListParams")]
pub struct ListParams {
    estado: Option<String>,
}

/// `GET /api/presupuestos[?estado=nueva|convertida|descartada]` (managers, the admin, the
/// auditor): the inbox, newest first.
pub async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> ApiResult<Json<Inbox>> {
    user.require(READERS)?;
    let status = match params.estado.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(e) if STATUSES.contains(&e) => Some(e.to_string()),
        Some(_) => return Err(ApiError::BadRequest(INVALID_STATUS.into())),
    };
    let quotes: Value = sqlx::query_scalar(&format!(
        "SELECT coalesce(json_agg({ENTRY} ORDER BY q.recibida DESC, q.id DESC), '[]'::json) \
         FROM {WITH_REFERRER} WHERE $1::text IS NULL OR q.estado = $1",
    ))
    .bind(status)
    .fetch_one(&state.pool)
    .await?;
    Ok(Json(Inbox {
        success: True,
        presupuestos: quotes,
    }))
}

/// An inbox entry as the API sends it: the projection's, with the name of the client who
/// recommended us when the request came through a link. The name is the account's now, so it is
/// read here, never stored with the quote; `null` once that account is gone.
const ENTRY: &str = "CASE WHEN q.recomendacion IS NULL THEN q.doc \
     ELSE q.doc || jsonb_build_object('recomendado_por', a.nombre) END";
const WITH_REFERRER: &str = "quotes_inbox q LEFT JOIN accounts a \
     ON a.codigo_recomendacion = q.recomendacion AND a.role = 'cliente'";

/// The inbox entry as the list shows it.
async fn inbox_entry(state: &AppState, quote_id: Uuid) -> ApiResult<Value> {
    sqlx::query_scalar(&format!(
        "SELECT {ENTRY} FROM {WITH_REFERRER} WHERE q.id = $1"
    ))
    .bind(quote_id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

/// The decider's 'not found' is about a quote here, and says so.
fn about_quote(error: impl Into<ApiError>) -> ApiError {
    match error.into() {
        ApiError::Domain(DomainError::NotFound) => ApiError::NotFound(NOT_FOUND.into()),
        other => other,
    }
}

/// `POST /api/presupuestos/{id}/descartar` (managers): sets the request aside; 409 when it was
/// already converted or discarded.
pub async fn discard(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(quote_id): ApiPath<Uuid>,
) -> ApiResult<Json<Discarded>> {
    let user = user.require(MANAGERS)?;
    for _ in 0..RETRIES {
        match execute::<QuoteDecider>(
            &state,
            &user,
            &quote_id,
            QuoteCommand::Discard,
            &[ReadModel::Quotes],
        )
        .await
        {
            Err(ApiError::Log(events_schema::Error::Conflict { .. })) => continue,
            Err(e) => return Err(about_quote(e)),
            Ok(_) => {
                return Ok(Json(Discarded {
                    success: True,
                    presupuesto: inbox_entry(&state, quote_id).await?,
                }))
            }
        }
    }
    Err(ApiError::Domain(DomainError::Stale))
}

/// Creates the move of `created` from the quote: the move and `quote.converted` in one
/// transaction, the quote at the version it was decided on. Of two managers converting one
/// quote at the same instant, the second decides again and hears that it was converted (409).
pub(crate) async fn convert(
    state: &AppState,
    user: &User,
    quote_id: Uuid,
    created: MoveCreated,
) -> ApiResult<()> {
    for _ in 0..RETRIES {
        let quote = load::<QuoteDecider>(state, &quote_id).await?.state;
        let ctx = pipeline::context(Some(user));
        let plan =
            decide_conversion(quote_id, &quote, created.clone(), &ctx).map_err(about_quote)?;
        match append_plan(state, user, &plan, &[ReadModel::Moves, ReadModel::Quotes]).await {
            Err(ApiError::Log(events_schema::Error::Conflict { .. })) => continue,
            other => return other,
        }
    }
    Err(ApiError::Domain(DomainError::Stale))
}

/// The quote request routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;
    use axum::extract::DefaultBodyLimit;

    use super::doc::{doc, PRICES_AND_QUOTES};

    ApiRouter::new()
        .api_route(
            "/api/submit-quote-request",
            post_with(submit, doc(PRICES_AND_QUOTES, "Solicitar un presupuesto"))
                .layer(DefaultBodyLimit::max(MAX_BODY)),
        )
        .api_route(
            "/api/presupuestos",
            get_with(
                list,
                doc(
                    PRICES_AND_QUOTES,
                    "Solicitudes de presupuesto (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/presupuestos/{id}/descartar",
            post_with(
                discard,
                doc(
                    PRICES_AND_QUOTES,
                    "Descartar una solicitud de presupuesto (empresario, admin)",
                ),
            ),
        )
}
