//! The Move decider.

use chrono::NaiveDate;
use events_schema::events::{
    ClientErased, DocumentKind, MoveCreated, MoveDetailsUpdated, MoveStatus, MoveStatusChanged,
    PhotoAdded, WorkerAssigned,
};
use events_schema::Event;
use uuid::Uuid;

use crate::{DomainError, Role};

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
}

pub enum MoveCommand {
    Create(Box<MoveCreated>),
    UpdateDetails(Box<MoveDetailsUpdated>),
    /// The manager's edit form, decided on the version the form was loaded at: a stale one is
    /// refused rather than overwriting what someone else saved meanwhile.
    Edit {
        version: i64,
        details: Box<MoveDetailsUpdated>,
        estado: Option<MoveStatus>,
    },
    ChangeStatus(MoveStatus),
    AssignWorker(WorkerAssigned),
    AddPhoto(PhotoAdded),
    /// The client deleted their account: blank the move's personal fields (once).
    EraseClient,
}

pub fn evolve(mut state: MoveState, event: &Event) -> MoveState {
    match event {
        Event::MoveCreated(c) => {
            state.exists = true;
            state.status = Some(MoveStatus::Pendiente);
            state.fecha = Some(c.fecha_programada);
        }
        Event::MoveDetailsUpdated(u) => {
            if let Some(fecha) = u.fecha_programada {
                state.fecha = Some(fecha);
            }
        }
        Event::MoveStatusChanged(c) => state.status = Some(c.to),
        Event::WorkerAssigned(w) => state.worker = Some(w.worker_id),
        Event::ClientErased(_) => state.client_erased = true,
        Event::MoveDocumentIssued(d) => match d.kind {
            DocumentKind::Factura => state.factura = Some(d.numero.clone()),
            DocumentKind::Albaran => state.albaran = Some(d.numero.clone()),
        },
        _ => {}
    }
    state.version += 1;
    state
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
    if !TIME_SLOTS.contains(&m.hora_preferida.as_str()) {
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
    crate::pricing::check(&m.precio)?;
    Ok(m)
}

/// Staff wizard enumerations (spec §3).
pub const PROPERTY_TYPES: [&str; 10] = [
    "apartment_1_room",
    "apartment_2_rooms",
    "apartment_3_rooms",
    "apartment_4_rooms",
    "house_1_room",
    "house_2_rooms",
    "house_3_rooms",
    "house_4_rooms",
    "office",
    "storage",
];
pub const ACCESS_TYPES: [&str; 3] = ["normal", "difficult", "very_difficult"];
pub const FLOORS: [&str; 12] = [
    "ground", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "higher",
];
pub const TIME_SLOTS: [&str; 4] = ["morning", "afternoon", "evening", "flexible"];
pub const CONTACT_PREFERENCES: [&str; 3] = ["phone", "email", "whatsapp"];

/// §4: only apartments have floors; a non-apartment is on the ground floor with no elevator,
/// and the ground floor needs no elevator.
fn normalise_property(p: &mut events_schema::events::PropertyDetails) -> Result<(), DomainError> {
    if !PROPERTY_TYPES.contains(&p.property_type.as_str())
        || !ACCESS_TYPES.contains(&p.access.as_str())
        || !FLOORS.contains(&p.floor.as_str())
    {
        return Err(DomainError::Invalid(
            "Los datos de la vivienda no son válidos".into(),
        ));
    }
    if !p.property_type.starts_with("apartment") {
        p.floor = "ground".into();
    }
    if p.floor == "ground" {
        p.elevator = false;
    }
    Ok(())
}

pub fn decide(
    state: &MoveState,
    command: MoveCommand,
    role: Role,
) -> Result<Vec<Event>, DomainError> {
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
            Ok(vec![Event::MoveCreated(validate_new(*created)?)])
        }
        MoveCommand::ChangeStatus(to) => {
            let current = current.unwrap_or(MoveStatus::Pendiente);
            if !may_set_status(role, to) {
                return Err(if role.is_staff() && role != Role::Auditor {
                    DomainError::StatusNotAllowed(to.as_str().to_string())
                } else {
                    DomainError::Forbidden
                });
            }
            if to == current {
                return Ok(vec![]);
            }
            Ok(vec![Event::MoveStatusChanged(MoveStatusChanged {
                from: current,
                to,
            })])
        }
        MoveCommand::UpdateDetails(update) => {
            if !matches!(role, Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            Ok(vec![Event::MoveDetailsUpdated(*update)])
        }
        MoveCommand::Edit {
            version,
            details,
            estado,
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
                events.push(Event::MoveDetailsUpdated(*details));
            }
            match (estado, current) {
                (Some(to), Some(from)) if to != from => {
                    events.push(Event::MoveStatusChanged(MoveStatusChanged { from, to }))
                }
                _ => {}
            }
            Ok(events)
        }
        MoveCommand::AssignWorker(assigned) => {
            if !matches!(role, Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            Ok(vec![Event::WorkerAssigned(assigned)])
        }
        MoveCommand::AddPhoto(photo) => {
            if !matches!(role, Role::Empleado | Role::Empresario | Role::Admin) {
                return Err(DomainError::Forbidden);
            }
            Ok(vec![Event::PhotoAdded(photo)])
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
    }
}

pub const ERASED_BECAUSE_ACCOUNT_DELETED: &str = "cuenta_eliminada";

#[cfg(test)]
mod tests {
    use super::*;

    fn created() -> MoveState {
        MoveState {
            exists: true,
            status: Some(MoveStatus::Pendiente),
            version: 1,
            ..MoveState::default()
        }
    }

    #[test]
    fn workers_may_set_four_statuses_in_any_order_but_not_confirmada() {
        let state = created();
        for to in [
            MoveStatus::EnCurso,
            MoveStatus::Finalizada,
            MoveStatus::Cancelada,
        ] {
            let events = decide(&state, MoveCommand::ChangeStatus(to), Role::Empleado).unwrap();
            assert_eq!(events.len(), 1);
        }
        let back = MoveState {
            status: Some(MoveStatus::Finalizada),
            ..state.clone()
        };
        assert_eq!(
            decide(
                &back,
                MoveCommand::ChangeStatus(MoveStatus::Pendiente),
                Role::Empleado
            )
            .unwrap()
            .len(),
            1
        );
        let err = decide(
            &state,
            MoveCommand::ChangeStatus(MoveStatus::Confirmada),
            Role::Empleado,
        );
        assert_eq!(err, Err(DomainError::StatusNotAllowed("confirmada".into())));
    }

    #[test]
    fn managers_may_set_any_status() {
        let state = created();
        for to in MoveStatus::ALL
            .into_iter()
            .filter(|s| *s != MoveStatus::Pendiente)
        {
            let events = decide(&state, MoveCommand::ChangeStatus(to), Role::Empresario).unwrap();
            assert_eq!(
                events,
                vec![Event::MoveStatusChanged(MoveStatusChanged {
                    from: MoveStatus::Pendiente,
                    to
                })]
            );
        }
    }

    #[test]
    fn clients_and_auditors_change_nothing() {
        let state = created();
        for role in [Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide(
                    &state,
                    MoveCommand::ChangeStatus(MoveStatus::Cancelada),
                    role
                ),
                Err(DomainError::Forbidden)
            );
        }
    }

    #[test]
    fn setting_the_current_status_changes_nothing() {
        let events = decide(
            &created(),
            MoveCommand::ChangeStatus(MoveStatus::Pendiente),
            Role::Empresario,
        )
        .unwrap();
        assert!(events.is_empty());
    }

    #[test]
    fn a_missing_move_is_not_found() {
        let r = decide(
            &MoveState::default(),
            MoveCommand::ChangeStatus(MoveStatus::EnCurso),
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

    #[test]
    fn an_edit_on_a_stale_version_is_refused_and_a_fresh_one_applies_status_too() {
        let state = created();
        let edit = |version| MoveCommand::Edit {
            version,
            details: Box::new(MoveDetailsUpdated {
                origen: Some("Calle Nueva 1, 28001 Madrid".into()),
                ..MoveDetailsUpdated::default()
            }),
            estado: Some(MoveStatus::Confirmada),
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
            estado: Some(MoveStatus::Pendiente),
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
}
