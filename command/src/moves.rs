//! The Move decider.

use chrono::NaiveDate;
use events_schema::events::{
    AccessDetails, BookingAccepted, ClientErased, Contact, CrewMilestoneRecorded, DocumentKind,
    Milestone, MoveCreated, MoveDetailsCompleted, MoveDetailsUpdated, MoveDocumentIssued,
    MoveStatus, MoveStatusChanged, ObjectConditionNoted, PaymentKeyIssued, PhotoAdded, Properties,
    PropertyDetails, WaybillSigned, WorkerAssigned,
};
use events_schema::Event;
use uuid::Uuid;

use crate::{text, Context, Decider, DomainError, Role};

/// What a decision needs to know about a move: rebuilt by folding its events with `evolve`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MoveState {
    pub exists: bool,
    pub status: Option<MoveStatus>,
    pub version: i64,
    pub fecha: Option<NaiveDate>,
    pub worker: Option<Uuid>,
    /// The numbers of its invoice and waybill, once issued.
    pub factura: Option<String>,
    pub albaran: Option<String>,
    /// The client deleted their account and the move's personal fields were blanked.
    pub client_erased: bool,
    /// Both addresses' property type, floor, access and elevator: the floor rules of §4 depend on
    /// the property type when a client completes the details.
    pub properties: Option<Properties>,
    /// The price's total, VAT included, in cents: what a client accepts when booking.
    pub total_cents: i64,
    /// The deposit asked for, in cents.
    pub advance_cents: i64,
    /// Its payment key and card payments.
    pub ledger: crate::payments::Ledger,
    /// While cancelled, what the cancellation costs (crate::cancellation); 0 otherwise.
    pub cancellation_fee_cents: i64,
    /// How many of the day's milestones (`Milestone::ALL`) the crew has recorded; a move back to
    /// pending or confirmed starts its day again.
    pub milestones: usize,
    /// Its number, from its creation.
    pub id: i64,
    /// What its waybill lists and who signed it (issue 21).
    pub waybill: crate::waybill::WaybillState,
}

pub enum MoveCommand {
    /// A new move, with its payment key (the context's) in the same decision.
    Create(Box<MoveCreated>),
    UpdateDetails(Box<MoveDetailsUpdated>),
    /// The manager's edit form, decided on the version the form was loaded at: a stale one is
    /// refused rather than overwriting what someone else saved meanwhile. A cancellation's fee
    /// is decided at the context's `now` (§9).
    Edit {
        version: i64,
        details: Box<MoveDetailsUpdated>,
        status: Option<MoveStatus>,
    },
    /// `by`: who asks (a worker changes only the moves assigned to them). A cancellation's fee
    /// is decided at the context's `now` (§9).
    ChangeStatus {
        to: MoveStatus,
        by: Uuid,
    },
    AssignWorker(WorkerAssigned),
    /// `by`: who adds it (a worker adds photos only to the moves assigned to them).
    AddPhoto {
        photo: PhotoAdded,
        by: Uuid,
    },
    /// The client deleted their account: blank the move's personal fields (once).
    EraseClient,
    /// The move's invoice or waybill got its number (`crate::documents::decide_issue`, which
    /// answers the one already issued instead).
    NoteDocument {
        kind: DocumentKind,
        number: String,
    },
    /// The client completes the details of their pending move (the API has checked it is theirs).
    CompleteDetails {
        details: Box<MoveDetailsCompleted>,
    },
    /// `by` (the assigned worker, or a manager) records that the crew reached a milestone of the
    /// day. The first, 'en camino', starts a confirmed move; each comes after the one before, and
    /// one already recorded is not recorded again (a retry from a phone).
    RecordMilestone {
        milestone: Milestone,
        by: Uuid,
    },
    /// The client accepts the price they were shown and the booking conditions of §9, which
    /// books the move (the API has checked it is theirs).
    /// The client or the worker signs the waybill at pickup or delivery on the worker's phone
    /// (`worker_id`: the assigned worker who collects it, or a manager).
    SignWaybill(Box<WaybillSigned>),
    /// The crew notes an object's condition at pickup or delivery (`worker_id` as above); the
    /// decider fills in the object's name from the waybill.
    NoteCondition(Box<ObjectConditionNoted>),
    AcceptBooking {
        /// The explicit tick of the conditions' checkbox.
        accepted: bool,
        total_cents: i64,
        terms_version: String,
    },
}

/// The decider of a move's stream (`move-<n>`); its payments are decided on the same stream by
/// `crate::payments::PaymentDecider`.
pub struct MoveDecider;

impl Decider for MoveDecider {
    type Id = i64;
    type State = MoveState;
    type Command = MoveCommand;

    fn stream(id: &i64) -> String {
        events_schema::events::move_stream(*id)
    }

    fn decide(
        state: &MoveState,
        command: MoveCommand,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        decide(state, command, ctx)
    }

    fn evolve(state: MoveState, event: &Event) -> MoveState {
        evolve(state, event)
    }
}

fn evolve(mut state: MoveState, event: &Event) -> MoveState {
    match event {
        Event::MoveCreated(c) => {
            state.exists = true;
            state.id = c.move_id;
            state.status = Some(MoveStatus::Pendiente);
            state.fecha = Some(c.fecha_programada);
            state.properties = Some(c.property_details.clone());
            state.total_cents = c.precio.total_cents;
            state.advance_cents = c.precio.advance_cents;
        }
        Event::MoveDetailsUpdated(u) => {
            if let Some(date) = u.fecha_programada {
                state.fecha = Some(date);
            }
            if let Some(p) = &u.precio {
                state.total_cents = p.total_cents;
                state.advance_cents = p.advance_cents;
            }
        }
        Event::MoveDetailsCompleted(d) => {
            if let Some(p) = &mut state.properties {
                apply_access(&mut p.origin, &d.origin);
                apply_access(&mut p.destination, &d.destination);
            }
        }
        Event::MoveStatusChanged(c) => {
            state.status = Some(c.to);
            state.cancellation_fee_cents = match c.to {
                MoveStatus::Cancelada => c.cancellation_fee_cents.unwrap_or(0),
                _ => 0,
            };
            if matches!(c.to, MoveStatus::Pendiente | MoveStatus::Confirmada) {
                state.milestones = 0;
            }
        }
        Event::CrewMilestoneRecorded(m) => {
            state.milestones = state.milestones.max(m.hito.index() + 1)
        }
        Event::WorkerAssigned(w) => state.worker = Some(w.worker_id),
        Event::ClientErased(_) => state.client_erased = true,
        Event::MoveDocumentIssued(d) => match d.kind {
            DocumentKind::Factura => state.factura = Some(d.numero.clone()),
            DocumentKind::Albaran => state.albaran = Some(d.numero.clone()),
        },
        Event::PaymentKeyIssued(_)
        | Event::PaymentAuthorised(_)
        | Event::PaymentFailed(_)
        | Event::PaymentRefunded(_) => state.ledger.evolve(event),
        _ => {}
    }
    state.waybill.evolve(event);
    state.version += 1;
    state
}

/// An address's floor, access and elevator as a client completed them.
pub fn apply_access(property: &mut PropertyDetails, access: &AccessDetails) {
    property.access = access.access.clone();
    property.floor = access.floor.clone();
    property.elevator = access.elevator;
}

/// Spec §4: managers may set any of the five statuses; workers pendiente, en curso, finalizada or
/// cancelada, in any order. Nobody else changes a move's status.
pub fn may_set_status(role: Role, to: MoveStatus) -> bool {
    match role {
        Role::Empresario | Role::Admin => true,
        Role::Empleado => to != MoveStatus::Confirmada,
        Role::Cliente | Role::Auditor => false,
    }
}

pub const MILESTONE_NOT_NOW: &str =
    "Los hitos del día solo se registran en una mudanza confirmada o en curso";

/// The events of recording `milestone` on a move in `current` status.
fn record_milestone(
    state: &MoveState,
    current: Option<MoveStatus>,
    milestone: Milestone,
    by: Uuid,
) -> Result<Vec<Event>, DomainError> {
    let reached = state.milestones;
    let recorded = Event::CrewMilestoneRecorded(CrewMilestoneRecorded {
        hito: milestone,
        worker_id: by,
    });
    match current {
        Some(MoveStatus::EnCurso) | Some(MoveStatus::Confirmada) if milestone.index() < reached => {
            Ok(vec![])
        }
        Some(MoveStatus::EnCurso) | Some(MoveStatus::Confirmada) if milestone.index() > reached => {
            Err(DomainError::Conflict(format!(
                "Registra antes «{}»",
                Milestone::ALL[reached].label()
            )))
        }
        Some(MoveStatus::EnCurso) => Ok(vec![recorded]),
        // Leaving for the origin is when the move starts.
        Some(MoveStatus::Confirmada) => Ok(vec![
            Event::MoveStatusChanged(MoveStatusChanged {
                from: MoveStatus::Confirmada,
                to: MoveStatus::EnCurso,
                cancellation_fee_cents: None,
            }),
            recorded,
        ]),
        _ => Err(DomainError::Conflict(MILESTONE_NOT_NOW.into())),
    }
}

/// Workers act only on the moves assigned to them (issue 17), and not once it is cancelled (a
/// change a phone queued offline while the office cancelled the move, issue 21); managers and
/// the admin on any. Every worker action on a move (its status, its photos) goes through here.
fn may_act_on(state: &MoveState, role: Role, by: Uuid) -> Result<(), DomainError> {
    if role == Role::Empleado && state.worker != Some(by) {
        return Err(DomainError::NotAssigned);
    }
    if role == Role::Empleado && state.status == Some(MoveStatus::Cancelada) {
        return Err(DomainError::Conflict(MOVE_CANCELLED.into()));
    }
    Ok(())
}

/// Why a worker's change to a cancelled move is not applied.
pub const MOVE_CANCELLED: &str = "La mudanza está cancelada: este cambio ya no se aplica.";

/// The create wizard's rules (spec §5, in the order of its steps), and the floor/elevator rules
/// of §4 applied to what is stored.
pub fn validate_new(mut m: MoveCreated) -> Result<MoveCreated, DomainError> {
    let invalid = |message: &str| Err(DomainError::Invalid(message.to_string()));
    let blank = |s: &str| s.trim().is_empty();
    if blank(&m.cliente.email) {
        return invalid("El email del cliente es requerido");
    }
    if blank(&m.origen) || blank(&m.destino) {
        return invalid("Las direcciones son requeridas");
    }
    for side in [
        &mut m.property_details.origin,
        &mut m.property_details.destination,
    ] {
        normalise_property(side)?;
    }
    if m.objects.is_empty() {
        return invalid("Debe seleccionar al menos un objeto");
    }
    if m.objects
        .iter()
        .any(|o| o.quantity == 0 || blank(&o.nombre))
    {
        return invalid("Cada objeto necesita un nombre y una cantidad de al menos 1");
    }
    let s = &mut m.services;
    for (on, quantity) in [
        (s.dismount, &mut s.dismount_quantity),
        (s.packaging, &mut s.packaging_quantity),
    ] {
        if !on {
            *quantity = 0;
        } else if !(1..=10).contains(quantity) {
            return invalid("Las cantidades deben estar entre 1 y 10");
        }
    }
    if !crate::options::is_time_slot(&m.hora_preferida) {
        return invalid("Franja horaria no válida");
    }
    if m.fecha_alternativa
        .is_some_and(|alt| alt < m.fecha_programada)
    {
        return invalid("La fecha alternativa no puede ser anterior a la preferida");
    }
    if blank(&m.contacto.nombre) || blank(&m.contacto.telefono) {
        return invalid("La información de contacto es requerida");
    }
    if !CONTACT_PREFERENCES.contains(&m.contacto.preferencia.as_str()) {
        return invalid("Preferencia de contacto no válida");
    }
    check_person(&mut m.cliente, false)?;
    check_addresses(Some(&m.origen), Some(&m.destino))?;
    check_objects(&m.objects)?;
    let c = &m.contacto;
    text::check("nombre de contacto", &c.nombre, text::NAME_MAX, false)?;
    text::check("teléfono de contacto", &c.telefono, text::PHONE_MAX, false)?;
    if !c.email.trim().is_empty() && text::email(&c.email).is_none() {
        return invalid("El email de contacto no es válido");
    }
    text::check(
        "instrucciones",
        &m.instrucciones,
        text::INSTRUCTIONS_MAX,
        true,
    )?;
    crate::pricing::check(&m.precio)?;
    Ok(m)
}

/// The texts of a manager's edit, bounded as on creation; the client's email may stay empty only
/// once the client was erased.
pub fn validate_update(u: &mut MoveDetailsUpdated, state: &MoveState) -> Result<(), DomainError> {
    if let Some(client) = &mut u.cliente {
        check_person(client, state.client_erased)?;
    }
    check_addresses(u.origen.as_ref(), u.destino.as_ref())?;
    if let Some(objects) = &u.objects {
        check_objects(objects)?;
    }
    Ok(())
}

/// The client's name and phone within their bounds ([`text`]) and a real email address, kept in
/// the one identifier form accounts use, so a move is its client's however the email was typed.
fn check_person(p: &mut events_schema::events::Person, erased: bool) -> Result<(), DomainError> {
    text::check("nombre del cliente", &p.nombre, text::NAME_MAX, false)?;
    text::check("teléfono del cliente", &p.telefono, text::PHONE_MAX, false)?;
    if erased && p.email.is_empty() {
        return Ok(());
    }
    p.email =
        text::email(&p.email).ok_or_else(|| DomainError::Invalid(CLIENT_EMAIL_INVALID.into()))?;
    Ok(())
}

fn check_addresses(
    origin: Option<&String>,
    destination: Option<&String>,
) -> Result<(), DomainError> {
    if let Some(origin) = origin {
        text::check("dirección de origen", origin, text::ADDRESS_MAX, false)?;
    }
    if let Some(destination) = destination {
        text::check(
            "dirección de destino",
            destination,
            text::ADDRESS_MAX,
            false,
        )?;
    }
    Ok(())
}

fn check_objects(objects: &[events_schema::events::MovedObject]) -> Result<(), DomainError> {
    if objects.len() > crate::quotes::OBJECT_LINES_MAX {
        return Err(DomainError::Invalid(crate::quotes::TOO_MANY_OBJECTS.into()));
    }
    for o in objects {
        text::check("identificador del objeto", &o.id, text::CODE_MAX, false)?;
        text::check("nombre del objeto", &o.nombre, text::NAME_MAX, false)?;
    }
    Ok(())
}

pub const CLIENT_EMAIL_INVALID: &str = "El email del cliente no es válido";

/// A photo's texts: its description within [`text::INSTRUCTIONS_MAX`], its type and content type
/// short codes.
fn check_photo(p: &PhotoAdded) -> Result<(), DomainError> {
    text::check(
        "descripción de la foto",
        &p.descripcion,
        PHOTO_DESCRIPTION_MAX,
        true,
    )?;
    text::check("tipo de foto", &p.tipo, text::CODE_MAX, false)?;
    text::check("tipo de archivo", &p.content_type, text::CODE_MAX, false)
}

/// Longest description of a photo, in characters.
pub const PHOTO_DESCRIPTION_MAX: usize = 500;

pub const CONTACT_PREFERENCES: [&str; 3] = ["phone", "email", "whatsapp"];
pub const PROPERTY_INVALID: &str = "Los datos de la vivienda no son válidos";

/// The listed values of `crate::options` (each in its one spelling), and §4: only flats, studios
/// and shared floors have floors; elsewhere the move is on the ground floor with no elevator, and
/// the ground floor needs no elevator.
fn normalise_property(p: &mut events_schema::events::PropertyDetails) -> Result<(), DomainError> {
    let invalid = || DomainError::Invalid(PROPERTY_INVALID.into());
    let kind = crate::options::property_type(&p.property_type).ok_or_else(invalid)?;
    let access = crate::options::access(&p.access).ok_or_else(invalid)?;
    crate::options::floor_number(&p.floor).ok_or_else(invalid)?;
    p.property_type = kind.value.clone();
    p.access = access.to_string();
    if !kind.plantas {
        p.floor = "ground".into();
    }
    if p.floor == "ground" {
        p.elevator = false;
    }
    Ok(())
}

fn decide(
    state: &MoveState,
    command: MoveCommand,
    ctx: &Context<'_>,
) -> Result<Vec<Event>, DomainError> {
    let role = ctx.role()?;
    let current = match (&command, state.status.filter(|_| state.exists)) {
        (MoveCommand::Create(_), Some(_)) => return Err(DomainError::AlreadyExists),
        (MoveCommand::Create(_), None) => None,
        (_, None) => return Err(DomainError::NotFound),
        (_, Some(status)) => Some(status),
    };
    match command {
        MoveCommand::Create(created) => {
            if !matches!(role, Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            Ok(vec![
                Event::MoveCreated(validate_new(*created)?),
                Event::PaymentKeyIssued(PaymentKeyIssued {
                    clave_pago: ctx.generate.payment_key(),
                }),
            ])
        }
        MoveCommand::ChangeStatus { to, by } => {
            let current = current.unwrap_or(MoveStatus::Pendiente);
            if !may_set_status(role, to) {
                return Err(if role.is_staff() && role != Role::Auditor {
                    DomainError::StatusNotAllowed(to.as_str().to_string())
                } else {
                    DomainError::Forbidden
                });
            }
            may_act_on(state, role, by)?;
            if to == current {
                return Ok(vec![]);
            }
            let change = Event::MoveStatusChanged(MoveStatusChanged {
                from: current,
                to,
                cancellation_fee_cents: None,
            });
            Ok(crate::cancellation::with_fees(state, vec![change], ctx.now))
        }
        MoveCommand::UpdateDetails(update) => {
            if !matches!(role, Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            let mut update = update;
            validate_update(&mut update, state)?;
            Ok(vec![Event::MoveDetailsUpdated(*update)])
        }
        MoveCommand::Edit {
            version,
            details,
            status,
        } => {
            if !matches!(role, Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            if version != state.version {
                return Err(DomainError::Stale);
            }
            let mut events = Vec::new();
            if *details != MoveDetailsUpdated::default() {
                if let Some(p) = &details.precio {
                    crate::pricing::check(p)?;
                }
                let mut details = details;
                validate_update(&mut details, state)?;
                events.push(Event::MoveDetailsUpdated(*details));
            }
            match (status, current) {
                (Some(to), Some(from)) if to != from => {
                    events.push(Event::MoveStatusChanged(MoveStatusChanged {
                        from,
                        to,
                        cancellation_fee_cents: None,
                    }))
                }
                _ => {}
            }
            Ok(crate::cancellation::with_fees(state, events, ctx.now))
        }
        MoveCommand::AssignWorker(assigned) => {
            if !matches!(role, Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            text::check(
                "nombre del trabajador",
                &assigned.worker_name,
                text::NAME_MAX,
                false,
            )?;
            Ok(vec![Event::WorkerAssigned(assigned)])
        }
        MoveCommand::AddPhoto { photo, by } => {
            if !matches!(role, Role::Empleado | Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            may_act_on(state, role, by)?;
            check_photo(&photo)?;
            crate::waybill::check_photo_object(&state.waybill, photo.objeto.as_ref())?;
            Ok(vec![Event::PhotoAdded(photo)])
        }
        MoveCommand::RecordMilestone { milestone, by } => {
            if !matches!(role, Role::Empleado | Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            may_act_on(state, role, by)?;
            record_milestone(state, current, milestone, by)
        }
        MoveCommand::SignWaybill(signed) => {
            if !matches!(role, Role::Empleado | Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            may_act_on(state, role, signed.worker_id)?;
            crate::waybill::sign(&state.waybill, state.id, current, *signed)
        }
        MoveCommand::NoteCondition(note) => {
            if !matches!(role, Role::Empleado | Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            may_act_on(state, role, note.worker_id)?;
            crate::waybill::note(&state.waybill, current, *note)
        }
        MoveCommand::NoteDocument { kind, number } => {
            if !crate::documents::may_issue(kind, role) {
                return Err(DomainError::Forbidden);
            }
            Ok(vec![Event::MoveDocumentIssued(MoveDocumentIssued {
                kind,
                numero: number,
            })])
        }
        // Only the API's account deletion asks, for the moves of the client deleting their
        // account; it acts as that client.
        MoveCommand::EraseClient => {
            if !matches!(role, Role::Cliente | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            if state.client_erased {
                return Ok(vec![]);
            }
            Ok(vec![Event::ClientErased(ClientErased {
                motivo: ERASED_BECAUSE_ACCOUNT_DELETED.into(),
            })])
        }
        // Clients act only on their own moves, only while they are pending: once booked, a
        // change goes through the company (a date change is free with 48 hours' notice, §9).
        MoveCommand::CompleteDetails { details } => {
            if role != Role::Cliente {
                return Err(DomainError::Forbidden);
            }
            let current = current.unwrap_or(MoveStatus::Pendiente);
            if current != MoveStatus::Pendiente {
                return Err(DomainError::Conflict(format!(
                    "Solo se pueden completar los datos de una mudanza pendiente; esta mudanza \
                     está «{}».",
                    crate::booking::status_label(current)
                )));
            }
            let completed = validate_completed(*details, state, ctx.today())?;
            Ok(vec![Event::MoveDetailsCompleted(completed)])
        }
        MoveCommand::AcceptBooking {
            accepted,
            total_cents,
            terms_version,
        } => {
            if role != Role::Cliente {
                return Err(DomainError::Forbidden);
            }
            let current = current.unwrap_or(MoveStatus::Pendiente);
            match current {
                MoveStatus::Pendiente => {}
                MoveStatus::Confirmada => {
                    return Err(DomainError::Conflict(ALREADY_BOOKED.into()));
                }
                other => {
                    return Err(DomainError::Conflict(format!(
                        "Solo se puede confirmar una mudanza pendiente; esta mudanza está «{}».",
                        crate::booking::status_label(other)
                    )));
                }
            }
            if !accepted {
                return Err(DomainError::Invalid(CONDITIONS_NOT_ACCEPTED.into()));
            }
            if terms_version != crate::booking::CONDITIONS_VERSION {
                return Err(DomainError::Conflict(CONDITIONS_CHANGED.into()));
            }
            if total_cents != state.total_cents {
                return Err(DomainError::Conflict(PRICE_CHANGED.into()));
            }
            if state.fecha.is_some_and(|date| date < ctx.today()) {
                return Err(DomainError::Conflict(DATE_PASSED.into()));
            }
            Ok(vec![
                Event::BookingAccepted(BookingAccepted {
                    total_cents,
                    condiciones_version: terms_version,
                }),
                Event::MoveStatusChanged(MoveStatusChanged {
                    from: MoveStatus::Pendiente,
                    to: MoveStatus::Confirmada,
                    cancellation_fee_cents: None,
                }),
            ])
        }
    }
}

pub const ALREADY_BOOKED: &str = "Esta mudanza ya está confirmada.";
pub const CONDITIONS_NOT_ACCEPTED: &str =
    "Debes aceptar las condiciones de reserva para confirmar la mudanza";
pub const CONDITIONS_CHANGED: &str =
    "Las condiciones de reserva han cambiado. Revísalas y vuelve a confirmar.";
pub const PRICE_CHANGED: &str =
    "El precio de la mudanza ha cambiado. Revísalo y vuelve a confirmar.";
pub const DATE_PASSED: &str =
    "La fecha de la mudanza ya ha pasado. Contacta con nosotros para elegir una nueva.";

pub const CONTACT_NAME_REQUIRED: &str = "El nombre de la persona de contacto es requerido";
pub const CONTACT_PHONE_REQUIRED: &str = "El teléfono de contacto es requerido";
pub const CONTACT_EMAIL_REQUIRED: &str =
    "Indica un email de contacto si prefieres que te contactemos por email";
pub const ALTERNATIVE_BEFORE_TODAY: &str = "La fecha alternativa no puede ser anterior a hoy";
pub const ALTERNATIVE_BEFORE_MOVE: &str =
    "La fecha alternativa no puede ser anterior a la fecha de la mudanza";
pub const INSTRUCTIONS_TOO_LONG: &str = "Las instrucciones no pueden superar los 1000 caracteres";
pub const PRICED_DETAILS_FIXED: &str =
    "La planta, el ascensor y el acceso forman parte del precio de tu \
     mudanza: para cambiarlos, contacta con nosotros y te enviaremos el nuevo precio.";
/// Longest special instructions a client may leave, in characters.
pub const INSTRUCTIONS_MAX: usize = 1000;

/// What a client completed, checked and normalised: trimmed texts, the phone as '612 345 678',
/// and the floors, elevator and access the price was made for, unchanged.
pub fn validate_completed(
    mut d: MoveDetailsCompleted,
    state: &MoveState,
    today: NaiveDate,
) -> Result<MoveDetailsCompleted, DomainError> {
    let invalid = |message: &str| Err(DomainError::Invalid(message.to_string()));
    let Contact {
        nombre: name,
        telefono: phone,
        email,
        preferencia: preference,
    } = &d.contacto;
    if name.trim().is_empty() {
        return invalid(CONTACT_NAME_REQUIRED);
    }
    let name = crate::accounts::full_name(name)?;
    if phone.trim().is_empty() {
        return invalid(CONTACT_PHONE_REQUIRED);
    }
    let phone = crate::accounts::phone(phone)?;
    let preference = preference.trim().to_string();
    if !CONTACT_PREFERENCES.contains(&preference.as_str()) {
        return invalid("Preferencia de contacto no válida");
    }
    let email = match email.trim() {
        "" if preference == "email" => return invalid(CONTACT_EMAIL_REQUIRED),
        "" => String::new(),
        given => crate::accounts::email(given)
            .ok_or_else(|| DomainError::Invalid(crate::accounts::EMAIL_INVALID.into()))?,
    };
    d.contacto = Contact {
        nombre: name,
        telefono: phone,
        email,
        preferencia: preference,
    };
    if !crate::options::is_time_slot(&d.hora_preferida) {
        return invalid("Franja horaria no válida");
    }
    if let Some(alternative) = d.fecha_alternativa {
        if alternative < today {
            return invalid(ALTERNATIVE_BEFORE_TODAY);
        }
        if state.fecha.is_some_and(|date| alternative < date) {
            return invalid(ALTERNATIVE_BEFORE_MOVE);
        }
    }
    // The floors, the elevator and the access are part of the price a manager set (every move's
    // price is set by hand in the wizard): the client confirms them here, and a change goes
    // through the company, which reprices the move.
    let properties = state.properties.as_ref().ok_or(DomainError::NotFound)?;
    for (access, property) in [
        (&d.origin, &properties.origin),
        (&d.destination, &properties.destination),
    ] {
        let stored = AccessDetails {
            access: property.access.clone(),
            floor: property.floor.clone(),
            elevator: property.elevator,
        };
        if *access != stored {
            return Err(DomainError::Conflict(PRICED_DETAILS_FIXED.into()));
        }
    }
    d.instrucciones = d.instrucciones.trim().to_string();
    if d.instrucciones.chars().count() > INSTRUCTIONS_MAX {
        return invalid(INSTRUCTIONS_TOO_LONG);
    }
    text::check("instrucciones", &d.instrucciones, INSTRUCTIONS_MAX, true)?;
    d.facturacion = match d.facturacion {
        Some(given) => crate::billing::details(&given.nif, &given.direccion)?,
        None => None,
    };
    Ok(d)
}

pub const ERASED_BECAUSE_ACCOUNT_DELETED: &str = "cuenta_eliminada";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use chrono::{TimeZone, Utc};

    const KEY: &str = "K7MQ2XPA";

    /// Decided by `role` at noon on [`today`], with the key [`KEY`].
    fn decide(
        state: &MoveState,
        command: MoveCommand,
        role: Role,
    ) -> Result<Vec<Event>, DomainError> {
        let generate = Fixed { key: KEY.into() };
        let ctx = Context {
            now: Utc.from_utc_datetime(&today().and_hms_opt(12, 0, 0).unwrap()),
            role: Some(role),
            generate: &generate,
        };
        MoveDecider::decide(state, command, &ctx)
    }

    fn evolve(state: MoveState, event: &Event) -> MoveState {
        MoveDecider::evolve(state, event)
    }

    fn created() -> MoveState {
        MoveState {
            exists: true,
            status: Some(MoveStatus::Pendiente),
            version: 1,
            ..MoveState::default()
        }
    }

    const WORKER: Uuid = Uuid::from_u128(7);
    const MANAGER: Uuid = Uuid::from_u128(1);

    fn status(to: MoveStatus, by: Uuid) -> MoveCommand {
        MoveCommand::ChangeStatus { to, by }
    }

    /// A move assigned to [`WORKER`].
    fn assigned() -> MoveState {
        MoveState {
            worker: Some(WORKER),
            ..created()
        }
    }

    #[test]
    fn workers_may_set_four_statuses_in_any_order_but_not_confirmada() {
        let state = assigned();
        for to in [
            MoveStatus::EnCurso,
            MoveStatus::Finalizada,
            MoveStatus::Cancelada,
        ] {
            let events = decide(&state, status(to, WORKER), Role::Empleado).unwrap();
            assert_eq!(events.len(), 1);
        }
        let back = MoveState {
            status: Some(MoveStatus::Finalizada),
            ..state.clone()
        };
        assert_eq!(
            decide(&back, status(MoveStatus::Pendiente, WORKER), Role::Empleado)
                .unwrap()
                .len(),
            1
        );
        let err = decide(
            &state,
            status(MoveStatus::Confirmada, WORKER),
            Role::Empleado,
        );
        assert_eq!(err, Err(DomainError::StatusNotAllowed("confirmada".into())));
    }

    fn photo() -> PhotoAdded {
        PhotoAdded {
            photo_id: Uuid::from_u128(9),
            content_type: "image/png".into(),
            size_bytes: 10,
            descripcion: String::new(),
            tipo: "general".into(),
            objeto: None,
        }
    }

    #[test]
    fn workers_act_only_on_the_moves_assigned_to_them() {
        let other = Uuid::from_u128(8);
        // Unassigned, and assigned to someone else: the status and the photos alike.
        for state in [
            created(),
            MoveState {
                worker: Some(other),
                ..created()
            },
        ] {
            assert_eq!(
                decide(&state, status(MoveStatus::EnCurso, WORKER), Role::Empleado),
                Err(DomainError::NotAssigned)
            );
            let add = MoveCommand::AddPhoto {
                photo: photo(),
                by: WORKER,
            };
            assert_eq!(
                decide(&state, add, Role::Empleado),
                Err(DomainError::NotAssigned)
            );
            // Managers and the admin act on any move.
            for role in [Role::Empresario, Role::Admin] {
                assert_eq!(
                    decide(&state, status(MoveStatus::EnCurso, MANAGER), role)
                        .unwrap()
                        .len(),
                    1
                );
                let add = MoveCommand::AddPhoto {
                    photo: photo(),
                    by: MANAGER,
                };
                assert_eq!(decide(&state, add, role).unwrap().len(), 1);
            }
        }
        let add = MoveCommand::AddPhoto {
            photo: photo(),
            by: WORKER,
        };
        assert_eq!(
            decide(&assigned(), add, Role::Empleado),
            Ok(vec![Event::PhotoAdded(photo())])
        );
        assert_eq!(
            DomainError::NotAssigned.to_string(),
            "Esta mudanza no está asignada a ti: solo puedes cambiar el estado o subir fotos de \
             tus mudanzas asignadas"
        );
    }

    #[test]
    fn a_worker_changes_nothing_on_a_move_cancelled_meanwhile_and_a_manager_still_may() {
        let cancelled = MoveState {
            status: Some(MoveStatus::Cancelada),
            ..assigned()
        };
        let refused = Err(DomainError::Conflict(MOVE_CANCELLED.into()));
        assert_eq!(
            decide(
                &cancelled,
                status(MoveStatus::EnCurso, WORKER),
                Role::Empleado
            ),
            refused
        );
        assert_eq!(
            decide(&cancelled, milestone(Milestone::EnCamino), Role::Empleado),
            refused
        );
        let add = MoveCommand::AddPhoto {
            photo: photo(),
            by: WORKER,
        };
        assert_eq!(decide(&cancelled, add, Role::Empleado), refused);
        assert_eq!(
            decide(
                &cancelled,
                status(MoveStatus::Confirmada, MANAGER),
                Role::Empresario
            )
            .unwrap()
            .len(),
            1
        );
    }

    fn milestone(milestone: Milestone) -> MoveCommand {
        MoveCommand::RecordMilestone {
            milestone,
            by: WORKER,
        }
    }

    /// Decides `commands` in turn as the assigned worker, folding what each decided.
    fn crew_day(mut state: MoveState, commands: Vec<MoveCommand>) -> (MoveState, Vec<Event>) {
        let mut all = Vec::new();
        for command in commands {
            for e in decide(&state, command, Role::Empleado).unwrap() {
                state = evolve(state, &e);
                all.push(e);
            }
        }
        (state, all)
    }

    #[test]
    fn en_camino_starts_a_confirmed_move_and_the_milestones_follow_in_order() {
        let confirmed = MoveState {
            status: Some(MoveStatus::Confirmada),
            ..assigned()
        };
        let recorded = |hito| {
            Event::CrewMilestoneRecorded(CrewMilestoneRecorded {
                hito,
                worker_id: WORKER,
            })
        };
        let (state, events) = crew_day(confirmed.clone(), vec![milestone(Milestone::EnCamino)]);
        assert_eq!(
            events,
            vec![
                Event::MoveStatusChanged(MoveStatusChanged {
                    from: MoveStatus::Confirmada,
                    to: MoveStatus::EnCurso,
                    cancellation_fee_cents: None,
                }),
                recorded(Milestone::EnCamino),
            ]
        );
        // Skipping one is refused, naming the one that comes first.
        assert_eq!(
            decide(&state, milestone(Milestone::CargaTerminada), Role::Empleado),
            Err(DomainError::Conflict(
                "Registra antes «Llegada al origen»".into()
            ))
        );
        let (state, events) = crew_day(
            state,
            vec![
                milestone(Milestone::LlegadaOrigen),
                // A phone's retry records nothing twice.
                milestone(Milestone::LlegadaOrigen),
                milestone(Milestone::EnCamino),
                milestone(Milestone::CargaTerminada),
                milestone(Milestone::LlegadaDestino),
            ],
        );
        assert_eq!(
            events,
            [
                Milestone::LlegadaOrigen,
                Milestone::CargaTerminada,
                Milestone::LlegadaDestino
            ]
            .map(recorded)
        );
        assert_eq!(state.milestones, 4);
        // Back to confirmed (postponed): the day starts again.
        let (state, _) = crew_day(state, vec![]);
        let postponed = evolve(
            state,
            &Event::MoveStatusChanged(MoveStatusChanged {
                from: MoveStatus::EnCurso,
                to: MoveStatus::Confirmada,
                cancellation_fee_cents: None,
            }),
        );
        assert_eq!(postponed.milestones, 0);
        assert_eq!(
            decide(&postponed, milestone(Milestone::EnCamino), Role::Empleado)
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn milestones_need_a_confirmed_or_running_move_its_worker_or_a_manager() {
        // A cancelled move has its own reason (a_worker_changes_nothing_on_a_move_cancelled…).
        for status in [MoveStatus::Pendiente, MoveStatus::Finalizada] {
            let state = MoveState {
                status: Some(status),
                ..assigned()
            };
            assert_eq!(
                decide(&state, milestone(Milestone::EnCamino), Role::Empleado),
                Err(DomainError::Conflict(MILESTONE_NOT_NOW.into()))
            );
        }
        let running = MoveState {
            status: Some(MoveStatus::EnCurso),
            ..created()
        };
        assert_eq!(
            decide(&running, milestone(Milestone::EnCamino), Role::Empleado),
            Err(DomainError::NotAssigned)
        );
        for role in [Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide(&running, milestone(Milestone::EnCamino), role),
                Err(DomainError::Forbidden)
            );
        }
        let by_manager = MoveCommand::RecordMilestone {
            milestone: Milestone::EnCamino,
            by: MANAGER,
        };
        assert_eq!(
            decide(&running, by_manager, Role::Empresario)
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn managers_may_set_any_status() {
        let state = created();
        for to in MoveStatus::ALL
            .into_iter()
            .filter(|s| *s != MoveStatus::Pendiente)
        {
            let events = decide(&state, status(to, MANAGER), Role::Empresario).unwrap();
            assert_eq!(
                events,
                vec![Event::MoveStatusChanged(MoveStatusChanged {
                    from: MoveStatus::Pendiente,
                    to,
                    // A cancellation carries its fee, decided here: nothing without a date.
                    cancellation_fee_cents: (to == MoveStatus::Cancelada).then_some(0),
                })]
            );
        }
    }

    #[test]
    fn clients_and_auditors_change_nothing() {
        let state = created();
        for role in [Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide(&state, status(MoveStatus::Cancelada, MANAGER), role),
                Err(DomainError::Forbidden)
            );
        }
    }

    #[test]
    fn setting_the_current_status_changes_nothing() {
        let events = decide(
            &created(),
            status(MoveStatus::Pendiente, MANAGER),
            Role::Empresario,
        )
        .unwrap();
        assert!(events.is_empty());
    }

    #[test]
    fn a_missing_move_is_not_found() {
        let r = decide(
            &MoveState::default(),
            status(MoveStatus::EnCurso, MANAGER),
            Role::Empresario,
        );
        assert_eq!(r, Err(DomainError::NotFound));
    }

    #[test]
    fn evolve_follows_status_changes() {
        let s = evolve(
            created(),
            &Event::MoveStatusChanged(MoveStatusChanged {
                from: MoveStatus::Pendiente,
                to: MoveStatus::EnCurso,
                cancellation_fee_cents: None,
            }),
        );
        assert_eq!((s.status, s.version), (Some(MoveStatus::EnCurso), 2));
        let worker = Uuid::now_v7();
        let s = evolve(
            s,
            &Event::WorkerAssigned(WorkerAssigned {
                worker_id: worker,
                worker_name: "Javier".into(),
            }),
        );
        assert_eq!((s.worker, s.version), (Some(worker), 3));
    }

    fn new_move() -> MoveCreated {
        crate::demo::demo_move(
            7,
            events_schema::events::Person {
                nombre: "Marta Sánchez".into(),
                telefono: "612 345 678".into(),
                email: "cliente@mudanzas.test".into(),
            },
            NaiveDate::from_ymd_opt(2026, 12, 14).unwrap(),
            0,
        )
    }

    #[test]
    fn the_clients_email_is_kept_in_the_one_identifier_form_accounts_use() {
        let mut m = new_move();
        m.cliente.email = " Cliente@MUDANZAS.test ".into();
        let stored = validate_new(m).unwrap();
        assert_eq!(stored.cliente.email, "cliente@mudanzas.test");
        let state = evolve(MoveState::default(), &Event::MoveCreated(stored.clone()));
        let edit = MoveCommand::Edit {
            version: state.version,
            details: Box::new(MoveDetailsUpdated {
                cliente: Some(events_schema::events::Person {
                    email: "ＰＡＢＬＯ@mudanzas.test".into(),
                    ..stored.cliente.clone()
                }),
                ..MoveDetailsUpdated::default()
            }),
            status: None,
        };
        let events = decide(&state, edit, Role::Empresario).unwrap();
        assert!(
            matches!(&events[..], [Event::MoveDetailsUpdated(u)]
                if u.cliente.as_ref().unwrap().email == "pablo@mudanzas.test"),
            "{events:?}"
        );
    }

    fn create_error(change: impl FnOnce(&mut MoveCreated)) -> DomainError {
        let mut m = new_move();
        change(&mut m);
        decide(
            &MoveState::default(),
            MoveCommand::Create(Box::new(m)),
            Role::Empresario,
        )
        .unwrap_err()
    }

    #[test]
    fn every_text_of_a_new_move_is_bounded_naming_its_field() {
        let invalid = |m: &str| DomainError::Invalid(m.to_string());
        let email = format!("{}@example.es", "a".repeat(12_000));
        assert_eq!(
            create_error(|m| m.cliente.email = email.clone()),
            invalid(CLIENT_EMAIL_INVALID)
        );
        assert_eq!(
            create_error(|m| m.cliente.email = "no es un email".into()),
            invalid(CLIENT_EMAIL_INVALID)
        );
        let long = |max: usize| "ñ".repeat(max + 1);
        type Change<'a> = Box<dyn Fn(&mut MoveCreated) + 'a>;
        let cases: [(&str, Change<'_>); 9] = [
            (
                "El campo «nombre del cliente» no puede tener más de 100 caracteres",
                Box::new(|m| m.cliente.nombre = long(text::NAME_MAX)),
            ),
            (
                "El campo «teléfono del cliente» no puede tener más de 30 caracteres",
                Box::new(|m| m.cliente.telefono = long(text::PHONE_MAX)),
            ),
            (
                "El campo «dirección de origen» no puede tener más de 200 caracteres",
                Box::new(|m| m.origen = long(text::ADDRESS_MAX)),
            ),
            (
                "El campo «dirección de destino» no puede tener más de 200 caracteres",
                Box::new(|m| m.destino = long(text::ADDRESS_MAX)),
            ),
            (
                "El campo «nombre de contacto» no puede tener más de 100 caracteres",
                Box::new(|m| m.contacto.nombre = long(text::NAME_MAX)),
            ),
            (
                "El campo «nombre del objeto» no puede tener más de 100 caracteres",
                Box::new(|m| m.objects[0].nombre = long(text::NAME_MAX)),
            ),
            (
                "El campo «identificador del objeto» no puede tener más de 64 caracteres",
                Box::new(|m| m.objects[0].id = long(text::CODE_MAX)),
            ),
            (
                "El campo «instrucciones» no puede tener más de 1000 caracteres",
                Box::new(|m| m.instrucciones = long(text::INSTRUCTIONS_MAX)),
            ),
            (
                "El campo «dirección de origen» contiene caracteres no válidos",
                Box::new(|m| m.origen = "Calle\0 Mayor 1".into()),
            ),
        ];
        for (message, change) in cases {
            assert_eq!(create_error(change), invalid(message));
        }
        // At the limits, in any script, it is accepted.
        let mut m = new_move();
        m.cliente.nombre = "ב".repeat(text::NAME_MAX);
        m.origen = "🚚".repeat(text::ADDRESS_MAX);
        m.instrucciones = "e\u{301}\n".repeat(text::INSTRUCTIONS_MAX / 3);
        assert!(validate_new(m).is_ok());
    }

    #[test]
    fn an_edit_is_bounded_as_a_creation_is() {
        let update = MoveDetailsUpdated {
            cliente: Some(events_schema::events::Person {
                nombre: "Ana".into(),
                telefono: "612 345 678".into(),
                email: format!("{}@example.es", "a".repeat(3_000)),
            }),
            ..Default::default()
        };
        for command in [
            MoveCommand::UpdateDetails(Box::new(update.clone())),
            MoveCommand::Edit {
                version: 1,
                details: Box::new(update.clone()),
                status: None,
            },
        ] {
            assert_eq!(
                decide(&created(), command, Role::Empresario),
                Err(DomainError::Invalid(CLIENT_EMAIL_INVALID.into()))
            );
        }
        let photo = PhotoAdded {
            photo_id: Uuid::nil(),
            content_type: "image/png".into(),
            size_bytes: 1,
            descripcion: "x".repeat(PHOTO_DESCRIPTION_MAX + 1),
            tipo: "carga".into(),
            objeto: None,
        };
        let refused = decide(
            &created(),
            MoveCommand::AddPhoto { photo, by: MANAGER },
            Role::Empresario,
        );
        assert!(
            matches!(&refused, Err(DomainError::Invalid(m)) if m.contains("descripción de la foto")),
            "{refused:?}"
        );
    }

    /// The API once inserted the key after the decision; it is the decision's own now.
    #[test]
    fn a_new_move_gets_its_payment_key_from_the_context_in_the_same_decision() {
        let events = decide(
            &MoveState::default(),
            MoveCommand::Create(Box::new(new_move())),
            Role::Empresario,
        )
        .unwrap();
        assert!(matches!(
            &events[..],
            [Event::MoveCreated(_), Event::PaymentKeyIssued(k)] if k.clave_pago == KEY
        ));
        let state = events.iter().fold(MoveState::default(), evolve);
        assert_eq!(state.ledger.clave_pago.as_deref(), Some(KEY));
        assert_eq!(state.version, 2);
    }

    #[test]
    fn creating_follows_the_wizard_rules_with_their_messages() {
        let invalid = |m: &str| DomainError::Invalid(m.to_string());
        assert_eq!(
            create_error(|m| m.cliente.email = " ".into()),
            invalid("El email del cliente es requerido")
        );
        assert_eq!(
            create_error(|m| m.destino.clear()),
            invalid("Las direcciones son requeridas")
        );
        assert_eq!(
            create_error(|m| m.objects.clear()),
            invalid("Debe seleccionar al menos un objeto")
        );
        assert_eq!(
            create_error(|m| {
                m.services.dismount = true;
                m.services.dismount_quantity = 11;
            }),
            invalid("Las cantidades deben estar entre 1 y 10")
        );
        assert_eq!(
            create_error(|m| m.contacto.telefono.clear()),
            invalid("La información de contacto es requerida")
        );
        assert_eq!(
            create_error(|m| m.precio = Default::default()),
            invalid("El precio total debe ser mayor a 0")
        );
        assert_eq!(
            create_error(|m| m.precio.total_cents += 1),
            invalid("El precio total no coincide con sus partes")
        );
        assert_eq!(
            create_error(|m| m.property_details.origin.floor = "sótano".into()),
            invalid("Los datos de la vivienda no son válidos")
        );
        for role in [Role::Empleado, Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide(
                    &MoveState::default(),
                    MoveCommand::Create(Box::new(new_move())),
                    role
                ),
                Err(DomainError::Forbidden)
            );
        }
    }

    #[test]
    fn floors_and_elevators_follow_the_property() {
        let mut m = new_move();
        m.property_details.destination.property_type = "office".into();
        m.property_details.destination.floor = "fifth".into();
        m.property_details.destination.elevator = true;
        m.property_details.origin.floor = "ground".into();
        m.property_details.origin.elevator = true;
        let stored = validate_new(m).unwrap();
        let d = &stored.property_details.destination;
        assert_eq!((d.floor.as_str(), d.elevator), ("ground", false));
        assert!(!stored.property_details.origin.elevator);
    }

    /// Issue 17, item 6: the staff wizard takes the price finder's lists (crate::options), each
    /// value stored in its one spelling; the old 'difficult' is no longer offered or accepted.
    #[test]
    fn the_wizard_takes_the_one_list_of_property_and_access_types() {
        let mut m = new_move();
        m.property_details.origin.property_type = "apartment_3_room".into();
        m.property_details.origin.access = "little".into();
        m.property_details.destination.property_type = "studio".into();
        m.property_details.destination.access = "pedestrian_zone".into();
        m.property_details.destination.floor = "higher".into();
        m.property_details.destination.elevator = true;
        let stored = validate_new(m).unwrap();
        let (o, d) = (
            &stored.property_details.origin,
            &stored.property_details.destination,
        );
        assert_eq!(
            (o.property_type.as_str(), o.access.as_str()),
            ("apartment_3_rooms", "little_access")
        );
        // A studio has floors (§3): its floor and elevator stay.
        assert_eq!(
            (d.floor.as_str(), d.elevator, d.access.as_str()),
            ("higher", true, "pedestrian_zone")
        );
        assert_eq!(
            create_error(|m| m.property_details.origin.access = "difficult".into()),
            DomainError::Invalid(PROPERTY_INVALID.into())
        );
        assert_eq!(
            create_error(|m| m.hora_preferida = "noche".into()),
            DomainError::Invalid("Franja horaria no válida".into())
        );
    }

    #[test]
    fn an_edit_on_a_stale_version_is_refused_and_a_fresh_one_applies_status_too() {
        let state = created();
        let edit = |version| MoveCommand::Edit {
            version,
            details: Box::new(MoveDetailsUpdated {
                origen: Some("Calle Nueva 1, 28001 Madrid".into()),
                ..MoveDetailsUpdated::default()
            }),
            status: Some(MoveStatus::Confirmada),
        };
        assert_eq!(
            decide(&state, edit(0), Role::Empresario),
            Err(DomainError::Stale)
        );
        let events = decide(&state, edit(1), Role::Empresario).unwrap();
        assert_eq!(events.len(), 2);
        assert!(matches!(
            events[1],
            Event::MoveStatusChanged(MoveStatusChanged {
                to: MoveStatus::Confirmada,
                ..
            })
        ));
        assert_eq!(
            decide(&state, edit(1), Role::Empleado),
            Err(DomainError::Forbidden)
        );
        // Nothing changed: nothing to store.
        let nothing = MoveCommand::Edit {
            version: 1,
            details: Box::default(),
            status: Some(MoveStatus::Pendiente),
        };
        assert_eq!(decide(&state, nothing, Role::Empresario), Ok(vec![]));
    }

    #[test]
    fn a_deleted_account_blanks_its_moves_once() {
        let state = created();
        let events = decide(&state, MoveCommand::EraseClient, Role::Cliente).unwrap();
        assert!(matches!(&events[..], [Event::ClientErased(e)] if e.motivo == "cuenta_eliminada"));
        let erased = evolve(state.clone(), &events[0]);
        assert!(erased.client_erased);
        assert_eq!(
            decide(&erased, MoveCommand::EraseClient, Role::Cliente),
            Ok(vec![])
        );
        for role in [Role::Empleado, Role::Empresario, Role::Auditor] {
            assert_eq!(
                decide(&state, MoveCommand::EraseClient, role),
                Err(DomainError::Forbidden)
            );
        }
        assert_eq!(
            decide(
                &MoveState::default(),
                MoveCommand::EraseClient,
                Role::Cliente
            ),
            Err(DomainError::NotFound)
        );
    }

    // Booking screens: the client completes the details and accepts the booking.

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()
    }

    /// The demo move (fecha 2026-12-14, origin a third-floor flat, destination a house) as the
    /// log leaves it right after its creation.
    fn pending_move() -> MoveState {
        evolve(MoveState::default(), &Event::MoveCreated(new_move()))
    }

    fn completed_form() -> MoveDetailsCompleted {
        MoveDetailsCompleted {
            contacto: Contact {
                nombre: "  Luis Sánchez ".into(),
                telefono: "+34 655443322".into(),
                email: "".into(),
                preferencia: "whatsapp".into(),
            },
            fecha_alternativa: NaiveDate::from_ymd_opt(2026, 12, 18),
            flexible: true,
            hora_preferida: "afternoon".into(),
            // As the move has them: the client confirms what the price depends on.
            origin: AccessDetails {
                access: "normal".into(),
                floor: "third".into(),
                elevator: true,
            },
            destination: AccessDetails {
                access: "normal".into(),
                floor: "ground".into(),
                elevator: false,
            },
            instrucciones: "  Portal por la calle de atrás.  ".into(),
            facturacion: Some(events_schema::events::BillingDetails {
                nif: " 12.345.678-z".into(),
                direccion: String::new(),
            }),
        }
    }

    fn complete(
        state: &MoveState,
        form: MoveDetailsCompleted,
        role: Role,
    ) -> Result<Vec<Event>, DomainError> {
        decide(
            state,
            MoveCommand::CompleteDetails {
                details: Box::new(form),
            },
            role,
        )
    }

    #[test]
    fn a_client_completes_their_pending_move_confirming_what_the_price_depends_on() {
        let state = pending_move();
        let events = complete(&state, completed_form(), Role::Cliente).unwrap();
        let [Event::MoveDetailsCompleted(d)] = &events[..] else {
            panic!("one move.details_completed, got {events:?}");
        };
        assert_eq!(d.contacto.nombre, "Luis Sánchez");
        assert_eq!(d.contacto.telefono, "655 443 322");
        assert_eq!(d.instrucciones, "Portal por la calle de atrás.");
        let billing = d.facturacion.as_ref().expect("the NIF given");
        assert_eq!(
            (billing.nif.as_str(), billing.direccion.as_str()),
            ("12345678Z", "")
        );
        let after = evolve(state.clone(), &events[0]);
        assert_eq!(after.properties, state.properties);
        assert_eq!(after.total_cents, state.total_cents);
    }

    #[test]
    fn a_wrong_nif_is_refused_and_empty_billing_details_are_none() {
        let state = pending_move();
        let mut form = completed_form();
        form.facturacion = Some(events_schema::events::BillingDetails {
            nif: "12345678A".into(),
            direccion: String::new(),
        });
        assert_eq!(
            complete(&state, form.clone(), Role::Cliente),
            Err(DomainError::Invalid(crate::billing::NIF_INVALID.into()))
        );
        form.facturacion = Some(Default::default());
        let events = complete(&state, form, Role::Cliente).unwrap();
        let [Event::MoveDetailsCompleted(d)] = &events[..] else {
            panic!("one move.details_completed, got {events:?}");
        };
        assert_eq!(d.facturacion, None);
    }

    /// Issue 17, item 5: the client once changed floors, lift and access here and the move kept
    /// the price made for the old ones. Those are the company's to change (and reprice).
    #[test]
    fn the_client_cannot_change_floors_lift_or_access_which_the_price_depends_on() {
        let state = pending_move();
        let changes: [fn(&mut MoveDetailsCompleted); 4] = [
            |f| f.origin.floor = "sixth".into(),
            |f| f.origin.elevator = false,
            |f| f.origin.access = "pedestrian_zone".into(),
            |f| f.destination.access = "cant_park".into(),
        ];
        for change in changes {
            let mut form = completed_form();
            change(&mut form);
            assert_eq!(
                complete(&state, form, Role::Cliente),
                Err(DomainError::Conflict(PRICED_DETAILS_FIXED.into()))
            );
        }
    }

    #[test]
    fn only_the_client_completes_details_and_only_while_pending() {
        let state = pending_move();
        for role in [Role::Empleado, Role::Empresario, Role::Admin, Role::Auditor] {
            assert_eq!(
                complete(&state, completed_form(), role),
                Err(DomainError::Forbidden),
                "{role:?}"
            );
        }
        let confirmed = MoveState {
            status: Some(MoveStatus::Confirmada),
            ..state
        };
        assert_eq!(
            complete(&confirmed, completed_form(), Role::Cliente),
            Err(DomainError::Conflict(
                "Solo se pueden completar los datos de una mudanza pendiente; esta mudanza \
                 está «Confirmada»."
                    .into()
            ))
        );
        assert_eq!(
            complete(&MoveState::default(), completed_form(), Role::Cliente),
            Err(DomainError::NotFound)
        );
    }

    #[test]
    fn completed_details_follow_the_rules_with_their_messages() {
        let state = pending_move();
        let error = |change: fn(&mut MoveDetailsCompleted)| {
            let mut form = completed_form();
            change(&mut form);
            complete(&state, form, Role::Cliente).unwrap_err()
        };
        let invalid = |m: &str| DomainError::Invalid(m.to_string());
        assert_eq!(
            error(|f| f.contacto.nombre = "  ".into()),
            invalid(CONTACT_NAME_REQUIRED)
        );
        assert_eq!(
            error(|f| f.contacto.nombre = "Luis 2".into()),
            invalid(crate::accounts::NAME_LETTERS)
        );
        assert_eq!(
            error(|f| f.contacto.telefono.clear()),
            invalid(CONTACT_PHONE_REQUIRED)
        );
        assert_eq!(
            error(|f| f.contacto.telefono = "512 345 678".into()),
            invalid(crate::accounts::PHONE_INVALID)
        );
        assert_eq!(
            error(|f| f.contacto.preferencia = "email".into()),
            invalid(CONTACT_EMAIL_REQUIRED)
        );
        assert_eq!(
            error(|f| f.contacto.email = "luis@".into()),
            invalid(crate::accounts::EMAIL_INVALID)
        );
        assert_eq!(
            error(|f| f.contacto.preferencia = "fax".into()),
            invalid("Preferencia de contacto no válida")
        );
        assert_eq!(
            error(|f| f.hora_preferida = "noche".into()),
            invalid("Franja horaria no válida")
        );
        assert_eq!(
            error(|f| f.fecha_alternativa = NaiveDate::from_ymd_opt(2026, 11, 30)),
            invalid(ALTERNATIVE_BEFORE_TODAY)
        );
        assert_eq!(
            error(|f| f.fecha_alternativa = NaiveDate::from_ymd_opt(2026, 12, 13)),
            invalid(ALTERNATIVE_BEFORE_MOVE)
        );
        assert_eq!(
            error(|f| f.origin.floor = "sótano".into()),
            DomainError::Conflict(PRICED_DETAILS_FIXED.into())
        );
        assert_eq!(
            error(|f| f.destination.access = "imposible".into()),
            DomainError::Conflict(PRICED_DETAILS_FIXED.into())
        );
        assert_eq!(
            error(|f| f.instrucciones = "a".repeat(INSTRUCTIONS_MAX + 1)),
            invalid(INSTRUCTIONS_TOO_LONG)
        );
        // A valid email is lowercased; no alternative date is fine.
        let mut form = completed_form();
        form.contacto.email = " Luis@Ejemplo.ES ".into();
        form.contacto.preferencia = "email".into();
        form.fecha_alternativa = None;
        let events = complete(&state, form, Role::Cliente).unwrap();
        assert!(
            matches!(&events[..], [Event::MoveDetailsCompleted(d)] if d.contacto.email == "luis@ejemplo.es")
        );
    }

    fn accept(
        state: &MoveState,
        total_cents: i64,
        version: &str,
        role: Role,
    ) -> Result<Vec<Event>, DomainError> {
        decide(
            state,
            MoveCommand::AcceptBooking {
                accepted: true,
                total_cents,
                terms_version: version.into(),
            },
            role,
        )
    }

    #[test]
    fn accepting_the_booking_records_it_and_confirms_the_move_in_one_decision() {
        let state = pending_move();
        let total = new_move().precio.total_cents;
        let events = accept(
            &state,
            total,
            crate::booking::CONDITIONS_VERSION,
            Role::Cliente,
        )
        .unwrap();
        assert_eq!(
            events,
            vec![
                Event::BookingAccepted(BookingAccepted {
                    total_cents: total,
                    condiciones_version: crate::booking::CONDITIONS_VERSION.into(),
                }),
                Event::MoveStatusChanged(MoveStatusChanged {
                    from: MoveStatus::Pendiente,
                    to: MoveStatus::Confirmada,
                    cancellation_fee_cents: None,
                }),
            ]
        );
        let booked = events.iter().fold(state, evolve);
        assert_eq!(booked.status, Some(MoveStatus::Confirmada));
        assert_eq!(
            accept(
                &booked,
                total,
                crate::booking::CONDITIONS_VERSION,
                Role::Cliente
            ),
            Err(DomainError::Conflict(ALREADY_BOOKED.into()))
        );
    }

    #[test]
    fn a_booking_needs_the_tick_the_current_price_the_current_conditions_and_a_future_date() {
        let state = pending_move();
        let total = new_move().precio.total_cents;
        let version = crate::booking::CONDITIONS_VERSION;
        let unticked = decide(
            &state,
            MoveCommand::AcceptBooking {
                accepted: false,
                total_cents: total,
                terms_version: version.into(),
            },
            Role::Cliente,
        );
        assert_eq!(
            unticked,
            Err(DomainError::Invalid(CONDITIONS_NOT_ACCEPTED.into()))
        );
        assert_eq!(
            accept(&state, total - 1, version, Role::Cliente),
            Err(DomainError::Conflict(PRICE_CHANGED.into()))
        );
        assert_eq!(
            accept(&state, total, "2020-01", Role::Cliente),
            Err(DomainError::Conflict(CONDITIONS_CHANGED.into()))
        );
        // A manager repriced the move: the new total is the one to accept.
        let repriced = evolve(
            state.clone(),
            &Event::MoveDetailsUpdated(MoveDetailsUpdated {
                precio: Some(
                    crate::pricing::price(crate::pricing::PriceParts {
                        base_cents: 10_000,
                        iva_enabled: true,
                        ..Default::default()
                    })
                    .unwrap(),
                ),
                ..MoveDetailsUpdated::default()
            }),
        );
        assert_eq!(repriced.total_cents, 12_100);
        assert!(accept(&repriced, 12_100, version, Role::Cliente).is_ok());
        let past = MoveState {
            fecha: NaiveDate::from_ymd_opt(2026, 11, 30),
            ..state
        };
        assert_eq!(
            accept(&past, total, version, Role::Cliente),
            Err(DomainError::Conflict(DATE_PASSED.into()))
        );
    }

    #[test]
    fn only_the_client_books_and_only_a_pending_move() {
        let state = pending_move();
        let total = new_move().precio.total_cents;
        let version = crate::booking::CONDITIONS_VERSION;
        for role in [Role::Empleado, Role::Empresario, Role::Admin, Role::Auditor] {
            assert_eq!(
                accept(&state, total, version, role),
                Err(DomainError::Forbidden),
                "{role:?}"
            );
        }
        let cancelled = MoveState {
            status: Some(MoveStatus::Cancelada),
            ..state
        };
        assert_eq!(
            accept(&cancelled, total, version, Role::Cliente),
            Err(DomainError::Conflict(
                "Solo se puede confirmar una mudanza pendiente; esta mudanza está «Cancelada»."
                    .into()
            ))
        );
    }
}
