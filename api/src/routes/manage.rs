//! The manager's move forms: `POST /api/crear-mudanza` (the 9-step wizard) and
//! `POST /api/actualizar-mudanza` (the edit modal), with the field names of spec §7.

use axum::extract::State;
use axum::Json;
use chrono::NaiveDate;
use command::moves::{MoveCommand, MoveDecider};
use command::pricing::{cents, PriceEdit, PriceParts};
use command::workers::decide_reschedule;
use command::{Decider, DomainError, Role};
use events_schema::calendar;
use events_schema::events::{
    Contact, MoveCreated, MoveDetailsUpdated, MoveStatus, MovedObject, Person, Price, Properties,
    PropertyDetails, Services, Urgency,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use projections::ReadModel;

use crate::auth::{CurrentUser, User};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::pipeline::{self, append_plan, execute, load, with_idempotency_key};
use crate::reply::True;
use crate::routes::moves::{staff_doc, OneMove};
use crate::routes::workers::{day_for, load_day};
use crate::state::AppState;

const MANAGERS: &[Role] = &[Role::Empresario, Role::Admin];

fn invalid(message: &str) -> ApiError {
    ApiError::Domain(DomainError::Invalid(message.to_string()))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct PropertyBody {
    #[serde(default = "default_property")]
    property_type: String,
    #[serde(default = "default_access")]
    access: String,
    #[serde(default = "default_floor")]
    floor: String,
    #[serde(default, deserialize_with = "crate::input::flag")]
    #[schemars(with = "command::estimate::FlagSchema")]
    elevator: bool,
}

fn default_property() -> String {
    // §3's default, the first of the one list.
    command::options::options().viviendas[0].value.clone()
}
fn default_access() -> String {
    "normal".into()
}
fn default_floor() -> String {
    "ground".into()
}
fn default_time() -> String {
    "flexible".into()
}
fn default_contact() -> String {
    "phone".into()
}

impl Default for PropertyBody {
    fn default() -> Self {
        PropertyBody {
            property_type: default_property(),
            access: default_access(),
            floor: default_floor(),
            elevator: false,
        }
    }
}

impl From<PropertyBody> for PropertyDetails {
    fn from(p: PropertyBody) -> Self {
        PropertyDetails {
            property_type: p.property_type,
            access: p.access,
            floor: p.floor,
            elevator: p.elevator,
        }
    }
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
pub struct PropertiesBody {
    #[serde(default)]
    origin: PropertyBody,
    #[serde(default)]
    destination: PropertyBody,
}

/// The price's parts, in euros as the form shows them.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct PriceBody {
    #[serde(default)]
    base: f64,
    #[serde(default)]
    distancia: f64,
    #[serde(default)]
    servicios: f64,
    #[serde(default)]
    urgencia: f64,
    #[serde(default = "yes")]
    iva: bool,
}

fn yes() -> bool {
    true
}

/// The price a form asks for, as an edit of `current`: from its parts when it sends them (and
/// then `precio_total`, when sent too, must agree), else the total as entered with `current`'s
/// VAT choice and other lines kept and the base derived (`pricing::edit`).
fn form_price(
    current: &Price,
    parts: Option<&PriceBody>,
    total: Option<f64>,
    advance_cents: i64,
) -> Result<Option<Price>, ApiError> {
    let change = match (parts, total) {
        (Some(p), _) => PriceEdit::Parts(PriceParts {
            base_cents: cents(p.base)?,
            distance_cents: cents(p.distancia)?,
            services_cents: cents(p.servicios)?,
            urgency_cents: cents(p.urgencia)?,
            iva_enabled: p.iva,
            advance_cents,
        }),
        (None, Some(total)) => PriceEdit::Total {
            total_cents: cents(total)?,
            advance_cents,
        },
        (None, None) => return Ok(None),
    };
    let computed = command::pricing::edit(current, change)?;
    if let Some(total) = total {
        if cents(total)? != computed.total_cents {
            return Err(invalid("El precio total no coincide con sus partes"));
        }
    }
    Ok(Some(computed))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct CreateBody {
    #[serde(default)]
    cliente_nombre: String,
    #[serde(default)]
    cliente_telefono: String,
    #[serde(default)]
    cliente_email: String,
    #[serde(default)]
    origen: String,
    #[serde(default)]
    destino: String,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    fecha_programada: Option<NaiveDate>,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    fecha_alternativa: Option<NaiveDate>,
    #[serde(default)]
    flexible: bool,
    #[serde(default = "default_time")]
    #[schemars(extend("enum" = command::options::time_slot_values()))]
    hora_preferida: String,
    #[serde(default)]
    contacto_nombre: String,
    #[serde(default)]
    contacto_telefono: String,
    #[serde(default)]
    contacto_email: String,
    #[serde(default = "default_contact")]
    #[schemars(extend("enum" = command::moves::CONTACT_PREFERENCES))]
    contacto_preferencia: String,
    estado: Option<String>,
    #[serde(default)]
    urgencia: Urgency,
    #[serde(default)]
    objects: Vec<MovedObject>,
    #[serde(default)]
    services: Services,
    #[serde(default)]
    property_details: PropertiesBody,
    #[serde(default)]
    instrucciones: String,
    precio: Option<PriceBody>,
    pago_adelantado: Option<f64>,
    precio_total: Option<f64>,
    /// The quote request the wizard was filled from: the move and the quote's conversion are
    /// written together, once.
    presupuesto_id: Option<Uuid>,
    /// One key per move the caller means to create (8 to 64 letters, digits, `-` or `_`): sent
    /// again with a retry, it answers with the move the first attempt created, if it did.
    clave_idempotencia: Option<String>,
}

/// The move this user created with this key, if any.
async fn created_with(state: &AppState, user: &User, key: &str) -> ApiResult<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT (data ->> 'move_id')::bigint FROM events \
         WHERE event_type = 'move.created' AND metadata ? 'idempotency_key' \
         AND metadata ->> 'actor_id' = $1 AND metadata ->> 'idempotency_key' = $2",
    )
    .bind(user.id.to_string())
    .bind(key)
    .fetch_optional(&state.pool)
    .await?)
}

/// The move created (or the one a repeated request already created), staff view.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Created {
    success: True,
    mudanza_id: i64,
    #[schemars(with = "projections::moves::StaffMove")]
    mudanza: Value,
}

async fn created_answer(state: &AppState, user: &User, id: i64) -> ApiResult<Json<Created>> {
    Ok(Json(Created {
        success: True,
        mudanza_id: id,
        mudanza: staff_doc(state, user, id).await?,
    }))
}

/// `POST /api/crear-mudanza` (managers): a new move, always created pendiente.
pub async fn create(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<Json<Created>> {
    let user = user.require(MANAGERS)?;
    let key =
        crate::device::idempotency_key(body.clave_idempotencia.as_deref(), "clave_idempotencia")?;
    if let Some(key) = &key {
        if let Some(id) = created_with(&state, &user, key).await? {
            return created_answer(&state, &user, id).await;
        }
    }
    if body.estado.as_deref().is_some_and(|e| e != "pendiente") {
        return Err(invalid("Las mudanzas nuevas se crean pendientes"));
    }
    let today = calendar::today();
    // A total alone is taken VAT included, VAT being on unless the form turns it off (§9).
    let vat_on = Price {
        iva_enabled: true,
        ..Price::default()
    };
    let price = form_price(
        &vat_on,
        body.precio.as_ref(),
        body.precio_total,
        cents(body.pago_adelantado.unwrap_or(0.0))?,
    )?
    .unwrap_or_default();
    let trim = |s: String| s.trim().to_string();
    let mut created = MoveCreated {
        move_id: 0,
        cliente: Person {
            nombre: trim(body.cliente_nombre),
            telefono: trim(body.cliente_telefono),
            email: trim(body.cliente_email).to_lowercase(),
        },
        origen: trim(body.origen),
        destino: trim(body.destino),
        fecha_programada: body.fecha_programada.unwrap_or(today),
        fecha_alternativa: body.fecha_alternativa,
        flexible: body.flexible,
        hora_preferida: body.hora_preferida,
        contacto: Contact {
            nombre: trim(body.contacto_nombre),
            telefono: trim(body.contacto_telefono),
            email: trim(body.contacto_email),
            preferencia: body.contacto_preferencia,
        },
        urgencia: body.urgencia,
        property_details: Properties {
            origin: body.property_details.origin.into(),
            destination: body.property_details.destination.into(),
        },
        objects: body.objects,
        services: body.services,
        instrucciones: trim(body.instrucciones),
        precio: price,
    };
    // The wizard's checks, in its order; the date's own checks come after them.
    command::moves::validate_new(created.clone())?;
    match body.fecha_programada {
        None => return Err(invalid("La fecha preferida es requerida")),
        Some(date) if date < today => return Err(invalid("La fecha no puede ser anterior a hoy")),
        Some(_) => {}
    }
    created.move_id = sqlx::query_scalar("SELECT nextval('move_number_seq')")
        .fetch_one(&state.pool)
        .await?;
    let id = created.move_id;
    let outcome = with_idempotency_key(key.clone(), async {
        match body.presupuesto_id {
            Some(quote_id) => {
                crate::routes::quotes::convert(&state, &user, quote_id, created).await
            }
            None => {
                let create = MoveCommand::Create(Box::new(created));
                execute::<MoveDecider>(&state, &user, &id, create, &[ReadModel::Moves])
                    .await
                    .map(|_| ())
            }
        }
    })
    .await;
    if let (Err(error), Some(key)) = (&outcome, &key) {
        // The same key at once from a retry that won (the log's index refused this one's
        // `move.created`): the move exists, and is the answer.
        tracing::debug!(%error, "creating a move with an idempotency key failed; looking it up");
        if let Some(first) = created_with(&state, &user, key).await? {
            return created_answer(&state, &user, first).await;
        }
    }
    outcome?;
    created_answer(&state, &user, id).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct EditBody {
    id: i64,
    /// The version the form was loaded at (`version` of the staff document).
    version: i64,
    cliente_nombre: Option<String>,
    cliente_telefono: Option<String>,
    cliente_email: Option<String>,
    origen: Option<String>,
    destino: Option<String>,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    fecha_programada: Option<NaiveDate>,
    estado: Option<String>,
    urgencia: Option<Urgency>,
    objects: Option<Vec<MovedObject>>,
    services: Option<Services>,
    precio: Option<PriceBody>,
    precio_total: Option<f64>,
    pago_adelantado: Option<f64>,
}

/// Required, trimmed, with the edit form's message when it is missing or blank.
fn required(value: Option<String>, message: &str) -> ApiResult<String> {
    value
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .ok_or_else(|| invalid(message))
}

/// `POST /api/actualizar-mudanza` (managers): the edit modal. Decided on the version the form
/// was loaded at; a stale one gets 409 and the screen says so.
pub async fn edit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(body): ApiJson<EditBody>,
) -> ApiResult<Json<OneMove>> {
    let user = user.require(MANAGERS)?;
    let name = required(body.cliente_nombre, "El nombre del cliente es requerido")?;
    let origin = required(body.origen, "La dirección de origen es requerida")?;
    let destination = required(body.destino, "La dirección de destino es requerida")?;
    let date = body
        .fecha_programada
        .ok_or_else(|| invalid("La fecha es requerida"))?;
    if body.precio.is_none() && body.precio_total.is_none() {
        return Err(invalid("El precio es requerido"));
    }
    let status = match body.estado.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(e) => Some(MoveStatus::parse(e).ok_or_else(|| invalid("Estado no válido"))?),
    };

    let doc = staff_doc(&state, &user, body.id).await?;
    let current: StaffFields = serde_json::from_value(doc)
        .map_err(|e| ApiError::Internal(format!("reading a staff document: {e}")))?;
    // The advance is kept unless the form changes it.
    let advance_cents = match body.pago_adelantado {
        Some(advance) => cents(advance)?,
        None => current.precio.advance_cents,
    };
    let price = form_price(
        &current.precio,
        body.precio.as_ref(),
        body.precio_total,
        advance_cents,
    )?;

    // Only what the form changed is recorded, so the history says what the edit did.
    let changed = |new: String, old: &str| (new != old).then_some(new);
    let client = Person {
        nombre: name,
        telefono: body
            .cliente_telefono
            .map(|t| t.trim().to_string())
            .unwrap_or_else(|| current.cliente_telefono.clone()),
        email: body
            .cliente_email
            .map(|e| e.trim().to_lowercase())
            .unwrap_or_else(|| current.cliente_email.clone()),
    };
    let details = MoveDetailsUpdated {
        cliente: (client.nombre != current.cliente_nombre
            || client.telefono != current.cliente_telefono
            || client.email != current.cliente_email)
            .then_some(client),
        origen: changed(origin, &current.origen),
        destino: changed(destination, &current.destino),
        fecha_programada: (date != current.fecha_programada).then_some(date),
        urgencia: body.urgencia.filter(|u| *u != current.urgencia),
        objects: body.objects.filter(|o| *o != current.objects),
        services: body.services.filter(|s| *s != current.services),
        precio: price.filter(|p| *p != current.precio),
    };
    let command = MoveCommand::Edit {
        version: body.version,
        details: Box::new(details),
        status,
    };
    apply_edit(&state, &user, body.id, command, date).await?;
    Ok(Json(OneMove {
        success: True,
        mudanza: staff_doc(&state, &user, body.id).await?,
    }))
}

/// The fields of a staff document an edit compares with.
#[derive(Deserialize, schemars::JsonSchema)]
struct StaffFields {
    cliente_nombre: String,
    cliente_telefono: String,
    cliente_email: String,
    origen: String,
    destino: String,
    fecha_programada: NaiveDate,
    urgencia: Urgency,
    objects: Vec<MovedObject>,
    services: Services,
    precio: Price,
}

/// Appends an edit; when it moves the date of a move with a worker, the worker's booking moves
/// in the same transaction (and a busy new day refuses the edit).
async fn apply_edit(
    state: &AppState,
    user: &User,
    move_id: i64,
    command: MoveCommand,
    date: NaiveDate,
) -> ApiResult<()> {
    let current = load::<MoveDecider>(state, &move_id).await?.state;
    let ctx = pipeline::context(Some(user));
    let edited = MoveDecider::plan(&move_id, &current, current.version, command, &ctx)?;
    if edited.events.is_empty() {
        return Ok(());
    }
    let mut plan = vec![edited];
    if let (Some(worker), Some(from)) = (current.worker, current.fecha) {
        if from != date {
            let (new_day, holder_cancelled) = day_for(state, worker, date, move_id).await?;
            let old_day = load_day(state, worker, from).await?;
            plan.extend(decide_reschedule(
                move_id,
                worker,
                (from, date),
                &old_day,
                &new_day,
                holder_cancelled,
                &ctx,
            )?);
        }
    }
    append_plan(state, user, &plan, &[ReadModel::Moves]).await
}

/// The manager's move form routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::post_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/crear-mudanza",
            post_with(
                create,
                doc(STAFF_MOVES, "Crear una mudanza (empresario, admin)"),
            ),
        )
        .api_route(
            "/api/actualizar-mudanza",
            post_with(
                edit,
                doc(STAFF_MOVES, "Editar una mudanza (empresario, admin)"),
            ),
        )
}
