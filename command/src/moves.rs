//! The Move decider.

use chrono::NaiveDate;
use events_schema::events::{
    MoveCreated, MoveDetailsUpdated, MoveStatus, MoveStatusChanged, PhotoAdded, WorkerAssigned,
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
}

pub enum MoveCommand {
    Create(Box<MoveCreated>),
    UpdateDetails(Box<MoveDetailsUpdated>),
    ChangeStatus(MoveStatus),
    AssignWorker(WorkerAssigned),
    AddPhoto(PhotoAdded),
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
            Ok(vec![Event::MoveCreated(*created)])
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
    }
}

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
}
