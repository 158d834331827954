//! The Quote decider: a visitor's request for a definitive quote (spec §3 'Quote request', §5
//! 'Quote contact'), and what a manager does with it: turn it into a move, once, or discard it.
//!
//! A quote's stream is `quote-<uuid>`. Its conversion is a rule across streams: the new move's
//! stream and the quote's are written together (`EventStore::append_streams`), the quote's at the
//! version it was decided on, so of two managers converting one quote at the same instant one
//! creates the move and the other hears that it was already converted.

use chrono::NaiveDate;
use events_schema::events::{
    quote_stream, MoveCreated, QuoteAddress, QuoteConsent, QuoteContact, QuoteContactErased,
    QuoteConverted, QuoteDiscarded, QuoteObject, QuoteRequested, QuoteSchedule, Services,
};
use events_schema::Event;
use uuid::Uuid;

use crate::moves::{MoveCommand, MoveDecider, MoveState, CONTACT_PREFERENCES};
use crate::options;
use crate::{Context, Decider, DomainError, Role, StreamEvents};

// §5 'Quote contact', worded as the price finder words them.
pub const NAME_REQUIRED: &str = "Por favor, introduzca su nombre.";
pub const EMAIL_INVALID: &str = "Por favor, introduzca un email válido.";
pub const PHONE_INVALID: &str = "Por favor, introduzca un número de teléfono válido.";
// §5 price finder warnings.
pub const ADDRESSES_INVALID: &str = "Por favor, ingresa direcciones válidas de origen y destino.";
pub const DISTANCE_INVALID: &str = "No se pudo calcular la distancia...";
pub const OBJECTS_REQUIRED: &str = "Debe seleccionar al menos un objeto o un pack...";
pub const PREFERRED_DATE_REQUIRED: &str =
    "Por favor, selecciona una fecha preferida para la mudanza.";
pub const DATE_BEFORE_TODAY: &str = "La fecha no puede ser anterior a hoy.";
pub const ALTERNATIVE_BEFORE_PREFERRED: &str =
    "La fecha alternativa no puede ser anterior a la preferida";
pub const QUANTITIES: &str = "Las cantidades deben estar entre 1 y 10";
pub const OBJECT_QUANTITY: &str = "La cantidad de cada objeto debe estar entre 1 y 99";
pub const OBJECT_INVALID: &str = "Los objetos de la solicitud no son válidos";
pub const TOO_MANY_OBJECTS: &str = "Demasiados objetos distintos en una solicitud";
pub const PROPERTY_INVALID: &str = "Los datos de la vivienda no son válidos";
pub const PACK_INVALID: &str = "El pack de oferta no es válido";
pub const TIME_INVALID: &str = "Franja horaria no válida";
pub const CONTACT_PREFERENCE_INVALID: &str = "Preferencia de contacto no válida";
pub const INSTRUCTIONS_TOO_LONG: &str = "Las instrucciones no pueden superar los 1000 caracteres";
pub const TOO_LONG: &str = "El texto es demasiado largo";
// What a manager may meet.
pub const ALREADY_CONVERTED: &str = "Esta solicitud ya se convirtió en una mudanza.";
pub const DISCARDED: &str = "Esta solicitud está descartada.";

/// Bounds on what an anonymous caller may make the log keep.
pub const NAME_MAX: usize = crate::text::NAME_MAX;
pub const ADDRESS_MAX: usize = crate::text::ADDRESS_MAX;
pub const INSTRUCTIONS_MAX: usize = crate::text::INSTRUCTIONS_MAX;
pub const OBJECT_ID_MAX: usize = crate::text::CODE_MAX;
pub const OBJECT_LINES_MAX: usize = 100;
/// §9: addresses must exceed 5 characters.
pub const ADDRESS_MIN: usize = 6;
/// Most of one object a request may list (the price finder's limit); more is a typo.
pub const OBJECT_QUANTITY_MAX: u32 = 99;
/// Beyond any European move: a figure past these is not a route.
pub const DISTANCE_MAX_KM: f64 = 5_000.0;
pub const DURATION_MAX_MIN: f64 = 6_000.0;

/// §3 offer packs (the spec spells the first one 'esential').
pub const OFFER_PACKS: [&str; 3] = ["esential", "advanced", "premium"];

/// Where a quote stands in the managers' inbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteStatus {
    Nueva,
    Convertida,
    Descartada,
}

impl QuoteStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            QuoteStatus::Nueva => "nueva",
            QuoteStatus::Convertida => "convertida",
            QuoteStatus::Descartada => "descartada",
        }
    }
}

/// What a decision needs to know about a quote: folded from its stream with `evolve`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QuoteState {
    pub status: Option<QuoteStatus>,
    pub version: i64,
    /// The move it became.
    pub move_id: Option<i64>,
    /// The requester's contact details are blanked (`quote.contact_erased`).
    pub contact_erased: bool,
}

/// The decider of a quote's stream (`quote-<uuid>`).
pub struct QuoteDecider;

impl Decider for QuoteDecider {
    type Id = Uuid;
    type State = QuoteState;
    type Command = QuoteCommand;

    fn stream(id: &Uuid) -> String {
        quote_stream(*id)
    }

    fn decide(
        state: &QuoteState,
        command: QuoteCommand,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        decide(state, command, ctx)
    }

    fn evolve(state: QuoteState, event: &Event) -> QuoteState {
        evolve(state, event)
    }
}

fn evolve(mut state: QuoteState, event: &Event) -> QuoteState {
    match event {
        Event::QuoteRequested(_) => state.status = Some(QuoteStatus::Nueva),
        Event::QuoteConverted(c) => {
            state.status = Some(QuoteStatus::Convertida);
            state.move_id = Some(c.move_id);
        }
        Event::QuoteDiscarded(_) => state.status = Some(QuoteStatus::Descartada),
        Event::QuoteContactErased(_) => state.contact_erased = true,
        _ => {}
    }
    state.version += 1;
    state
}

/// A quote request as it arrived, before any check: what the API read from the body.
#[derive(Debug, Clone, PartialEq)]
pub struct QuoteDraft {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub preferred_contact: String,
    pub origin: QuoteAddress,
    pub destination: QuoteAddress,
    pub objects: Vec<QuoteObject>,
    pub services: Services,
    pub best_packaging: bool,
    pub preferred_date: Option<NaiveDate>,
    pub alternative_date: Option<NaiveDate>,
    pub flexible_dates: bool,
    pub time_preference: String,
    pub distance_km: f64,
    pub duration_min: f64,
    pub instructions: String,
    pub offer_pack: Option<String>,
    pub consent: QuoteConsent,
    /// The referral code the server attributed the request to (`crate::referrals`): a client's
    /// code other than the requester's own. `None` without one.
    pub recomendacion: Option<String>,
}

pub enum QuoteCommand {
    /// A visitor asks for a quote; its dates may not be before the context's day.
    Request {
        quote_id: Uuid,
        /// Its reference for people ([`reference`]), numbered by the server.
        reference: String,
        draft: Box<QuoteDraft>,
        /// The server's own estimate of the request, when it could price it (an address it
        /// cannot locate still makes a valid request, priced by a person later).
        estimate: Option<ServerEstimate>,
    },
    /// A manager set the request aside.
    Discard,
    /// A manager turned the request into the move `move_id` ([`decide_conversion`]).
    Convert { move_id: i64 },
    /// Blank the requester's contact details. Only the server asks: the retention task for a
    /// quote never turned into a move (acting as the admin), or the requester's own account
    /// deletion (acting as that client, for quotes sent from their confirmed email).
    EraseContact { motivo: &'static str },
}

/// `quote.contact_erased` motivos.
pub const ERASED_BY_RETENTION: &str = "retencion";
pub const ERASED_BECAUSE_ACCOUNT_DELETED: &str = "cuenta_eliminada";

/// What the server computed for a request: the price a quote records (spec §9: 95 % of the
/// calculated total) on the server's own route, which replaces the figures the browser sent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServerEstimate {
    pub quote_cents: i64,
    /// The itemised total `quote_cents` is the share of.
    pub total_cents: i64,
    /// With a pack, the itemised total of the same request without it, when it can be priced so.
    pub without_pack_cents: Option<i64>,
    pub distance_km: f64,
    pub duration_min: f64,
}

fn invalid(message: &str) -> DomainError {
    DomainError::Invalid(message.to_string())
}

/// A quote's reference, short enough to read out on the phone: "P-2026-000123", the year it
/// was asked in and its number (at least six digits).
pub fn reference(year: i32, number: i64) -> String {
    format!("P-{year}-{number:06}")
}

/// §5: an optional +34, then 9 digits; spaces ignored. Stored as '612 345 678'.
pub fn phone(value: &str) -> Result<String, DomainError> {
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    let digits = compact.strip_prefix("+34").unwrap_or(&compact);
    if digits.len() != 9 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid(PHONE_INVALID));
    }
    Ok(format!(
        "{} {} {}",
        &digits[0..3],
        &digits[3..6],
        &digits[6..9]
    ))
}

fn contact(draft: &QuoteDraft) -> Result<QuoteContact, DomainError> {
    let name = crate::text::line("nombre", &draft.name, NAME_MAX)?;
    if name.is_empty() {
        return Err(invalid(NAME_REQUIRED));
    }
    let email = crate::accounts::email(&draft.email).ok_or_else(|| invalid(EMAIL_INVALID))?;
    let phone = phone(&draft.phone)?;
    let preferred = match draft.preferred_contact.trim() {
        // §3: phone by default.
        "" => "phone",
        p if CONTACT_PREFERENCES.contains(&p) => p,
        _ => return Err(invalid(CONTACT_PREFERENCE_INVALID)),
    };
    Ok(QuoteContact {
        name: name.split_whitespace().collect::<Vec<_>>().join(" "),
        email,
        phone,
        preferred_contact: preferred.to_string(),
    })
}

/// One side of the move: a known property type, access and floor, and the §4 floor/elevator rules
/// applied to what is stored.
fn address(side: &QuoteAddress) -> Result<QuoteAddress, DomainError> {
    let text = side.address.trim();
    let length = text.chars().count();
    if !(ADDRESS_MIN..=ADDRESS_MAX).contains(&length) {
        return Err(invalid(ADDRESSES_INVALID));
    }
    crate::text::check("dirección", text, ADDRESS_MAX, false)?;
    let property_type = side.property_type.trim();
    let access = side.access.trim();
    let floor = side.floor.trim();
    // The one list of each (crate::options), in either spelling of §3.
    let kind = options::property_type(property_type).ok_or_else(|| invalid(PROPERTY_INVALID))?;
    if options::access(access).is_none() || options::floor_number(floor).is_none() {
        return Err(invalid(PROPERTY_INVALID));
    }
    let floor = if kind.plantas { floor } else { "ground" };
    Ok(QuoteAddress {
        address: text.to_string(),
        property_type: property_type.to_string(),
        access: access.to_string(),
        floor: floor.to_string(),
        elevator: side.elevator && floor != "ground",
    })
}

/// The same object listed twice is one line with both quantities.
fn objects(lines: &[QuoteObject]) -> Result<Vec<QuoteObject>, DomainError> {
    let mut merged: Vec<QuoteObject> = Vec::new();
    for line in lines {
        let id = line.id.trim();
        if id.is_empty() || id.chars().count() > OBJECT_ID_MAX {
            return Err(invalid(OBJECT_INVALID));
        }
        crate::text::check("identificador del objeto", id, OBJECT_ID_MAX, false)?;
        match merged.iter_mut().find(|o| o.id == id) {
            Some(o) => o.quantity = o.quantity.saturating_add(line.quantity),
            None => merged.push(QuoteObject {
                id: id.to_string(),
                quantity: line.quantity,
            }),
        }
    }
    if merged.len() > OBJECT_LINES_MAX {
        return Err(invalid(TOO_MANY_OBJECTS));
    }
    if merged
        .iter()
        .any(|o| !(1..=OBJECT_QUANTITY_MAX).contains(&o.quantity))
    {
        return Err(invalid(OBJECT_QUANTITY));
    }
    Ok(merged)
}

/// Checks a request (contact first, then the slides' rules in their order) and normalises it:
/// trimmed texts, the email lowercased, the phone as '612 345 678', quantities of services not
/// asked for as 0. The price is not the visitor's to state: it is left for the server's engine.
pub fn validate(
    quote_id: Uuid,
    draft: QuoteDraft,
    today: NaiveDate,
) -> Result<QuoteRequested, DomainError> {
    let contact = contact(&draft)?;
    let origin = address(&draft.origin)?;
    let destination = address(&draft.destination)?;
    let objects = objects(&draft.objects)?;
    let offer_pack = match draft.offer_pack.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) if OFFER_PACKS.contains(&p) => Some(p.to_string()),
        Some(_) => return Err(invalid(PACK_INVALID)),
    };
    if objects.is_empty() && offer_pack.is_none() {
        return Err(invalid(OBJECTS_REQUIRED));
    }
    let mut services = draft.services;
    for (on, quantity) in [
        (services.dismount, &mut services.dismount_quantity),
        (services.packaging, &mut services.packaging_quantity),
    ] {
        if !on {
            *quantity = 0;
        } else if !(1..=10).contains(quantity) {
            return Err(invalid(QUANTITIES));
        }
    }
    let preferred_date = draft
        .preferred_date
        .ok_or_else(|| invalid(PREFERRED_DATE_REQUIRED))?;
    if preferred_date < today {
        return Err(invalid(DATE_BEFORE_TODAY));
    }
    if draft
        .alternative_date
        .is_some_and(|alt| alt < preferred_date)
    {
        return Err(invalid(ALTERNATIVE_BEFORE_PREFERRED));
    }
    let time_preference = match draft.time_preference.trim() {
        // §3: flexible by default.
        "" => "flexible",
        t if options::is_time_slot(t) => t,
        _ => return Err(invalid(TIME_INVALID)),
    };
    let route_ok = |value: f64, max: f64| value.is_finite() && (0.0..=max).contains(&value);
    if !route_ok(draft.distance_km, DISTANCE_MAX_KM)
        || !route_ok(draft.duration_min, DURATION_MAX_MIN)
    {
        return Err(invalid(DISTANCE_INVALID));
    }
    let instructions = draft.instructions.trim();
    if instructions.chars().count() > INSTRUCTIONS_MAX {
        return Err(invalid(INSTRUCTIONS_TOO_LONG));
    }
    crate::text::check("instrucciones", instructions, INSTRUCTIONS_MAX, true)?;
    Ok(QuoteRequested {
        quote_id,
        contact,
        origin,
        destination,
        objects,
        services,
        schedule: QuoteSchedule {
            preferred_date,
            alternative_date: draft.alternative_date,
            flexible_dates: draft.flexible_dates,
            time_preference: time_preference.to_string(),
        },
        distance_km: draft.distance_km,
        duration_min: draft.duration_min,
        instructions: instructions.to_string(),
        offer_pack,
        estimated_price_cents: None,
        estimated_total_cents: None,
        without_pack_total_cents: None,
        best_packaging: draft.best_packaging,
        consentimiento: Some(draft.consent),
        referencia: None,
        recomendacion: match draft.recomendacion {
            Some(code) if crate::referrals::is_code(&code) => Some(code),
            Some(_) => return Err(invalid(crate::referrals::INVALID)),
            None => None,
        },
    })
}

fn may_manage(role: Option<Role>) -> bool {
    matches!(role, Some(Role::Empresario | Role::Admin))
}

/// Decides a command on a quote. An anonymous visitor (no role) may ask for a quote and nothing
/// else.
fn decide(
    state: &QuoteState,
    command: QuoteCommand,
    ctx: &Context<'_>,
) -> Result<Vec<Event>, DomainError> {
    let role = ctx.role;
    match command {
        QuoteCommand::Request {
            quote_id,
            reference,
            draft,
            estimate,
        } => {
            if state.status.is_some() {
                return Err(DomainError::AlreadyExists);
            }
            let mut requested = validate(quote_id, *draft, ctx.today())?;
            requested.referencia = Some(reference);
            if let Some(e) = estimate {
                requested.estimated_price_cents = Some(e.quote_cents);
                requested.estimated_total_cents = Some(e.total_cents);
                requested.without_pack_total_cents = e.without_pack_cents;
                requested.distance_km = e.distance_km;
                requested.duration_min = e.duration_min;
            }
            Ok(vec![Event::QuoteRequested(requested)])
        }
        QuoteCommand::Discard => {
            still_new(state, role)?;
            Ok(vec![Event::QuoteDiscarded(QuoteDiscarded {})])
        }
        // The quote is checked before the move: a quote already dealt with stops the wizard
        // whatever its fields say.
        QuoteCommand::Convert { move_id } => {
            still_new(state, role)?;
            Ok(vec![Event::QuoteConverted(QuoteConverted { move_id })])
        }
        QuoteCommand::EraseContact { motivo: reason } => {
            if !matches!(role, Some(Role::Cliente | Role::Admin)) {
                return Err(DomainError::Forbidden);
            }
            match state.status {
                None => Err(DomainError::NotFound),
                // Erasing twice changes nothing: whoever asks again gets what they wanted.
                Some(_) if state.contact_erased => Ok(vec![]),
                Some(_) => Ok(vec![Event::QuoteContactErased(QuoteContactErased {
                    motivo: reason.to_string(),
                })]),
            }
        }
    }
}

/// A quote a manager may still deal with (discard or convert): one that exists and is still new.
fn still_new(state: &QuoteState, role: Option<Role>) -> Result<(), DomainError> {
    if !may_manage(role) {
        return Err(DomainError::Forbidden);
    }
    match state.status {
        None => Err(DomainError::NotFound),
        Some(QuoteStatus::Convertida) => Err(DomainError::Conflict(ALREADY_CONVERTED.into())),
        Some(QuoteStatus::Descartada) => Err(DomainError::Conflict(DISCARDED.into())),
        Some(QuoteStatus::Nueva) => Ok(()),
    }
}

/// Decides turning a quote into a new move: the quote's `quote.converted` and the move's
/// creation (the wizard's rules, as any new move), to be appended together, each stream at the
/// version it was decided on.
pub fn decide_conversion(
    quote_id: Uuid,
    quote: &QuoteState,
    created: MoveCreated,
    ctx: &Context<'_>,
) -> Result<Vec<StreamEvents>, DomainError> {
    let move_id = created.move_id;
    let converted = QuoteDecider::plan(
        &quote_id,
        quote,
        quote.version,
        QuoteCommand::Convert { move_id },
        ctx,
    )?;
    let created = MoveDecider::plan(
        &move_id,
        &MoveState::default(),
        0,
        MoveCommand::Create(Box::new(created)),
        ctx,
    )?;
    Ok(vec![created, converted])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use chrono::{TimeZone, Utc};

    /// At noon on [`today`].
    fn ctx(generate: &Fixed, role: Option<Role>) -> Context<'_> {
        Context {
            now: Utc.from_utc_datetime(&today().and_hms_opt(12, 0, 0).unwrap()),
            role,
            generate,
        }
    }

    fn decide(
        state: &QuoteState,
        command: QuoteCommand,
        role: Option<Role>,
    ) -> Result<Vec<Event>, DomainError> {
        QuoteDecider::decide(state, command, &ctx(&Fixed::default(), role))
    }

    fn decide_conversion(
        quote_id: Uuid,
        quote: &QuoteState,
        created: MoveCreated,
        role: Role,
    ) -> Result<Vec<StreamEvents>, DomainError> {
        super::decide_conversion(
            quote_id,
            quote,
            created,
            &ctx(&Fixed::default(), Some(role)),
        )
    }

    fn evolve(state: QuoteState, event: &Event) -> QuoteState {
        QuoteDecider::evolve(state, event)
    }
    use events_schema::events::Person;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()
    }

    fn side(address: &str, property_type: &str, floor: &str, elevator: bool) -> QuoteAddress {
        QuoteAddress {
            address: address.into(),
            property_type: property_type.into(),
            access: "normal".into(),
            floor: floor.into(),
            elevator,
        }
    }

    fn draft() -> QuoteDraft {
        QuoteDraft {
            name: "  Pablo   Gil ".into(),
            email: " Pablo@Mudanzas.TEST ".into(),
            phone: "+34 698 76 54 32".into(),
            preferred_contact: "whatsapp".into(),
            origin: side(
                "Calle de Atocha 30, Madrid",
                "apartment_2_room",
                "second",
                true,
            ),
            destination: side("Calle Mayor 2, Alcalá de Henares", "studio", "ground", true),
            objects: vec![QuoteObject {
                id: "caja-mediana".into(),
                quantity: 12,
            }],
            services: Services {
                packaging: true,
                packaging_quantity: 3,
                dismount_quantity: 7,
                ..Services::default()
            },
            best_packaging: true,
            preferred_date: Some(today()),
            alternative_date: None,
            flexible_dates: true,
            time_preference: "morning".into(),
            distance_km: 34.2,
            duration_min: 41.0,
            instructions: " Portero automático ".into(),
            offer_pack: None,
            consent: QuoteConsent {
                contacto: true,
                marketing: false,
            },
            recomendacion: None,
        }
    }

    fn request(draft: QuoteDraft) -> Result<Vec<Event>, DomainError> {
        decide(
            &QuoteState::default(),
            QuoteCommand::Request {
                quote_id: Uuid::from_u128(7),
                reference: reference(2026, 123),
                draft: Box::new(draft),
                estimate: None,
            },
            None,
        )
    }

    fn error(change: impl FnOnce(&mut QuoteDraft)) -> DomainError {
        let mut d = draft();
        change(&mut d);
        request(d).unwrap_err()
    }

    fn invalid(message: &str) -> DomainError {
        DomainError::Invalid(message.to_string())
    }

    #[test]
    fn an_attributed_referral_code_is_recorded_and_a_malformed_one_refused() {
        let mut d = draft();
        d.recomendacion = Some("7KQ2M9XA".into());
        let events = request(d).unwrap();
        let [Event::QuoteRequested(q)] = &events[..] else {
            panic!("one quote.requested, got {events:?}");
        };
        assert_eq!(q.recomendacion.as_deref(), Some("7KQ2M9XA"));
        let [Event::QuoteRequested(q)] = &request(draft()).unwrap()[..] else {
            panic!("one quote.requested");
        };
        assert_eq!(q.recomendacion, None);
        assert_eq!(
            error(|d| d.recomendacion = Some("7kq2m9xa".into())),
            invalid(crate::referrals::INVALID)
        );
    }

    #[test]
    fn an_anonymous_request_is_recorded_normalised_and_without_a_price() {
        let events = request(draft()).unwrap();
        let [Event::QuoteRequested(q)] = &events[..] else {
            panic!("one quote.requested, got {events:?}");
        };
        assert_eq!(q.quote_id, Uuid::from_u128(7));
        assert_eq!(q.referencia.as_deref(), Some("P-2026-000123"));
        assert_eq!(q.contact.name, "Pablo Gil");
        assert_eq!(q.contact.email, "pablo@mudanzas.test");
        assert_eq!(q.contact.phone, "698 765 432");
        assert_eq!(q.contact.preferred_contact, "whatsapp");
        assert_eq!(q.instructions, "Portero automático");
        assert_eq!(
            q.services.dismount_quantity, 0,
            "no dismount, no dismount quantity"
        );
        assert!(q.best_packaging);
        assert_eq!(q.estimated_price_cents, None, "the visitor states no price");
        // §4: a studio on the ground floor has no elevator; a second floor keeps it.
        assert!(!q.destination.elevator);
        assert!(q.origin.elevator);
    }

    #[test]
    fn each_contact_rule_has_its_section_5_message() {
        assert_eq!(error(|d| d.name = "   ".into()), invalid(NAME_REQUIRED));
        assert_eq!(error(|d| d.email = "pablo@".into()), invalid(EMAIL_INVALID));
        assert_eq!(error(|d| d.email = String::new()), invalid(EMAIL_INVALID));
        for bad in ["", "69876543", "6987654321", "+33 698765432", "698-765-432"] {
            assert_eq!(
                error(|d| d.phone = bad.into()),
                invalid(PHONE_INVALID),
                "{bad}"
            );
        }
        assert_eq!(
            error(|d| d.preferred_contact = "paloma".into()),
            invalid(CONTACT_PREFERENCE_INVALID)
        );
        let mut d = draft();
        d.preferred_contact = String::new();
        d.phone = "912345678".into();
        let [Event::QuoteRequested(q)] = &request(d).unwrap()[..] else {
            panic!()
        };
        assert_eq!(q.contact.preferred_contact, "phone", "§3 default");
        assert_eq!(q.contact.phone, "912 345 678");
    }

    #[test]
    fn the_slides_rules_are_checked_again_on_the_server() {
        assert_eq!(
            error(|d| d.origin.address = "Sol".into()),
            invalid(ADDRESSES_INVALID)
        );
        assert_eq!(
            error(|d| d.destination.address = "x".repeat(ADDRESS_MAX + 1)),
            invalid(ADDRESSES_INVALID)
        );
        assert_eq!(
            error(|d| d.origin.floor = "sótano".into()),
            invalid(PROPERTY_INVALID)
        );
        assert_eq!(
            error(|d| d.destination.access = "helicóptero".into()),
            invalid(PROPERTY_INVALID)
        );
        assert_eq!(error(|d| d.objects.clear()), invalid(OBJECTS_REQUIRED));
        assert_eq!(
            error(|d| d.objects[0].quantity = 0),
            invalid(OBJECT_QUANTITY)
        );
        assert_eq!(
            error(|d| d.objects[0].quantity = 100),
            invalid(OBJECT_QUANTITY)
        );
        assert_eq!(
            error(|d| {
                d.services.dismount = true;
                d.services.dismount_quantity = 11;
            }),
            invalid(QUANTITIES)
        );
        assert_eq!(
            error(|d| d.services.packaging_quantity = 0),
            invalid(QUANTITIES)
        );
        assert_eq!(
            error(|d| d.preferred_date = None),
            invalid(PREFERRED_DATE_REQUIRED)
        );
        assert_eq!(
            error(|d| d.preferred_date = today().pred_opt()),
            invalid(DATE_BEFORE_TODAY)
        );
        assert_eq!(
            error(|d| {
                d.preferred_date = today().succ_opt();
                d.alternative_date = Some(today());
            }),
            invalid(ALTERNATIVE_BEFORE_PREFERRED)
        );
        assert_eq!(
            error(|d| d.time_preference = "noche".into()),
            invalid(TIME_INVALID)
        );
        assert_eq!(error(|d| d.distance_km = -1.0), invalid(DISTANCE_INVALID));
        assert_eq!(
            error(|d| d.duration_min = f64::INFINITY),
            invalid(DISTANCE_INVALID)
        );
        assert_eq!(
            error(|d| d.instructions = "a".repeat(INSTRUCTIONS_MAX + 1)),
            invalid(INSTRUCTIONS_TOO_LONG)
        );
        assert_eq!(
            error(|d| d.offer_pack = Some("gold".into())),
            invalid(PACK_INVALID)
        );
        assert_eq!(
            error(|d| d.name = "a".repeat(NAME_MAX + 1)),
            invalid("El campo «nombre» no puede tener más de 100 caracteres")
        );
    }

    #[test]
    fn a_pack_alone_is_enough_and_repeated_objects_are_one_line() {
        let mut d = draft();
        d.objects.clear();
        d.offer_pack = Some("advanced".into());
        assert!(request(d).is_ok());

        let mut d = draft();
        d.objects = vec![
            QuoteObject {
                id: "silla".into(),
                quantity: 2,
            },
            QuoteObject {
                id: " silla ".into(),
                quantity: 3,
            },
        ];
        let [Event::QuoteRequested(q)] = &request(d).unwrap()[..] else {
            panic!()
        };
        assert_eq!(
            q.objects,
            vec![QuoteObject {
                id: "silla".into(),
                quantity: 5
            }]
        );
    }

    #[test]
    fn a_quote_is_requested_once() {
        let state = QuoteState {
            status: Some(QuoteStatus::Nueva),
            version: 1,
            move_id: None,
            contact_erased: false,
        };
        let again = decide(
            &state,
            QuoteCommand::Request {
                quote_id: Uuid::from_u128(7),
                reference: reference(2026, 1),
                draft: Box::new(draft()),
                estimate: None,
            },
            None,
        );
        assert_eq!(again, Err(DomainError::AlreadyExists));
    }

    fn requested() -> QuoteState {
        let events = request(draft()).unwrap();
        evolve(QuoteState::default(), &events[0])
    }

    fn new_move(move_id: i64) -> MoveCreated {
        crate::demo::demo_move(
            move_id,
            Person {
                nombre: "Pablo Gil".into(),
                telefono: "698 765 432".into(),
                email: "pablo@mudanzas.test".into(),
            },
            today(),
            0,
        )
    }

    #[test]
    fn converting_writes_the_move_and_the_quote_together_and_only_once() {
        let quote = requested();
        assert_eq!((quote.status, quote.version), (Some(QuoteStatus::Nueva), 1));
        let id = Uuid::from_u128(7);
        let plan = decide_conversion(id, &quote, new_move(40), Role::Empresario).unwrap();
        assert_eq!(plan.len(), 2);
        assert_eq!(
            (plan[0].stream.as_str(), plan[0].expected_version),
            ("move-40", 0)
        );
        assert!(matches!(
            plan[0].events[..],
            [Event::MoveCreated(_), Event::PaymentKeyIssued(_)]
        ));
        assert_eq!(plan[1].stream, quote_stream(id));
        assert_eq!(
            plan[1].expected_version, 1,
            "decided on the quote's version"
        );
        assert_eq!(
            plan[1].events,
            vec![Event::QuoteConverted(QuoteConverted { move_id: 40 })]
        );

        let converted = evolve(quote, &plan[1].events[0]);
        assert_eq!(converted.status, Some(QuoteStatus::Convertida));
        assert_eq!(converted.move_id, Some(40));
        assert_eq!(
            decide_conversion(id, &converted, new_move(41), Role::Empresario),
            Err(DomainError::Conflict(ALREADY_CONVERTED.into()))
        );
        assert_eq!(
            decide(&converted, QuoteCommand::Discard, Some(Role::Empresario)),
            Err(DomainError::Conflict(ALREADY_CONVERTED.into()))
        );
    }

    #[test]
    fn the_new_move_follows_the_wizard_rules_and_a_missing_quote_is_not_found() {
        let mut m = new_move(40);
        m.objects.clear();
        assert_eq!(
            decide_conversion(Uuid::from_u128(7), &requested(), m, Role::Admin),
            Err(DomainError::Invalid(
                "Debe seleccionar al menos un objeto".into()
            ))
        );
        assert_eq!(
            decide_conversion(
                Uuid::from_u128(7),
                &QuoteState::default(),
                new_move(40),
                Role::Empresario
            ),
            Err(DomainError::NotFound)
        );
    }

    #[test]
    fn only_managers_convert_or_discard() {
        for role in [Role::Empleado, Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide_conversion(Uuid::from_u128(7), &requested(), new_move(40), role),
                Err(DomainError::Forbidden)
            );
            assert_eq!(
                decide(&requested(), QuoteCommand::Discard, Some(role)),
                Err(DomainError::Forbidden)
            );
        }
        assert_eq!(
            decide(&requested(), QuoteCommand::Discard, None),
            Err(DomainError::Forbidden)
        );
    }

    #[test]
    fn a_discarded_quote_is_neither_discarded_again_nor_converted() {
        let events = decide(&requested(), QuoteCommand::Discard, Some(Role::Admin)).unwrap();
        assert_eq!(events, vec![Event::QuoteDiscarded(QuoteDiscarded {})]);
        let discarded = evolve(requested(), &events[0]);
        assert_eq!(
            (discarded.status, discarded.version),
            (Some(QuoteStatus::Descartada), 2)
        );
        assert_eq!(
            decide(&discarded, QuoteCommand::Discard, Some(Role::Empresario)),
            Err(DomainError::Conflict(DISCARDED.into()))
        );
        assert_eq!(
            decide_conversion(
                Uuid::from_u128(7),
                &discarded,
                new_move(40),
                Role::Empresario
            ),
            Err(DomainError::Conflict(DISCARDED.into()))
        );
        assert_eq!(
            decide(
                &QuoteState::default(),
                QuoteCommand::Discard,
                Some(Role::Empresario)
            ),
            Err(DomainError::NotFound)
        );
    }

    #[test]
    fn the_servers_estimate_replaces_the_browsers_route_and_sets_the_price() {
        let events = decide(
            &QuoteState::default(),
            QuoteCommand::Request {
                quote_id: Uuid::from_u128(8),
                reference: reference(2026, 1_234_567),
                draft: Box::new(draft()),
                estimate: Some(ServerEstimate {
                    quote_cents: 45_678,
                    total_cents: 48_082,
                    without_pack_cents: None,
                    distance_km: 31.2,
                    duration_min: 44.0,
                }),
            },
            None,
        )
        .unwrap();
        let [Event::QuoteRequested(q)] = &events[..] else {
            panic!("one quote.requested, got {events:?}");
        };
        assert_eq!(q.estimated_price_cents, Some(45_678));
        assert_eq!(q.estimated_total_cents, Some(48_082));
        assert_eq!(q.without_pack_total_cents, None);
        assert_eq!((q.distance_km, q.duration_min), (31.2, 44.0));
        // Past six digits the number grows rather than wraps.
        assert_eq!(q.referencia.as_deref(), Some("P-2026-1234567"));
    }

    #[test]
    fn erasing_a_quotes_contact_is_for_the_server_once_and_needs_the_quote() {
        let erase = || QuoteCommand::EraseContact {
            motivo: ERASED_BY_RETENTION,
        };
        let events = decide(&requested(), erase(), Some(Role::Admin)).unwrap();
        assert_eq!(
            events,
            vec![Event::QuoteContactErased(QuoteContactErased {
                motivo: "retencion".into()
            })]
        );
        let erased = evolve(requested(), &events[0]);
        assert!(erased.contact_erased);
        assert_eq!(decide(&erased, erase(), Some(Role::Cliente)), Ok(vec![]));
        assert_eq!(
            decide(&QuoteState::default(), erase(), Some(Role::Admin)),
            Err(DomainError::NotFound)
        );
        for role in [
            None,
            Some(Role::Empleado),
            Some(Role::Empresario),
            Some(Role::Auditor),
        ] {
            assert_eq!(
                decide(&requested(), erase(), role),
                Err(DomainError::Forbidden)
            );
        }
    }
}
