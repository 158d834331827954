//! Assigning a worker to a move: a rule across streams. A worker holds at most one move per day,
//! so an assignment writes the move's stream and the worker's day streams together
//! (`EventStore::append_streams`), each at the version it was decided on: of two managers who
//! assign one worker to two moves of the same day at the same instant, one wins and the other
//! decides again and hears that the worker is busy.

use chrono::NaiveDate;
use events_schema::events::{
    worker_day_stream, WorkerAssigned, WorkerDayBooked, WorkerDayReleased,
};
use events_schema::Event;
use uuid::Uuid;

use crate::moves::{MoveCommand, MoveDecider, MoveState};
use crate::{Context, Decider, DomainError, StreamEvents};

/// One worker's day, folded from its stream.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorkerDay {
    pub version: i64,
    /// The move that holds the worker that day.
    pub booked_by: Option<i64>,
}

pub enum WorkerDayCommand {
    /// Book the worker's day for `move_id`: refused when another move holds it, unless that
    /// move was cancelled (`holder_cancelled`), whose booking is then released first.
    Book {
        worker: Uuid,
        date: NaiveDate,
        move_id: i64,
        holder_cancelled: bool,
    },
    /// Release the day `move_id` holds; nothing when it holds none.
    Release {
        worker: Uuid,
        date: NaiveDate,
        move_id: i64,
    },
}

/// The decider of one worker's day (`worker-day-<uuid>-<fecha>`).
pub struct WorkerDayDecider;

impl Decider for WorkerDayDecider {
    type Id = (Uuid, NaiveDate);
    type State = WorkerDay;
    type Command = WorkerDayCommand;

    fn stream((worker, date): &(Uuid, NaiveDate)) -> String {
        worker_day_stream(*worker, *date)
    }

    fn decide(
        day: &WorkerDay,
        command: WorkerDayCommand,
        _ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        match command {
            WorkerDayCommand::Book {
                worker,
                date,
                move_id,
                holder_cancelled,
            } => {
                let mut events = Vec::new();
                if let Some(holder) = day.booked_by.filter(|h| *h != move_id) {
                    if !holder_cancelled {
                        return Err(DomainError::WorkerBusy);
                    }
                    events.push(Event::WorkerDayReleased(WorkerDayReleased {
                        worker_id: worker,
                        fecha: date,
                        move_id: holder,
                    }));
                }
                events.push(Event::WorkerDayBooked(WorkerDayBooked {
                    worker_id: worker,
                    fecha: date,
                    move_id,
                }));
                Ok(events)
            }
            WorkerDayCommand::Release {
                worker,
                date,
                move_id,
            } => Ok(if day.booked_by == Some(move_id) {
                vec![Event::WorkerDayReleased(WorkerDayReleased {
                    worker_id: worker,
                    fecha: date,
                    move_id,
                })]
            } else {
                Vec::new()
            }),
        }
    }

    fn evolve(mut day: WorkerDay, event: &Event) -> WorkerDay {
        match event {
            Event::WorkerDayBooked(b) => day.booked_by = Some(b.move_id),
            Event::WorkerDayReleased(r) if day.booked_by == Some(r.move_id) => day.booked_by = None,
            _ => {}
        }
        day.version += 1;
        day
    }
}

/// What an assignment decision needs to know, read by the caller before deciding.
pub struct AssignmentContext<'a> {
    pub move_id: i64,
    pub current: &'a MoveState,
    /// The new worker's day on the move's date.
    pub new_day: &'a WorkerDay,
    /// Whether the move holding the new worker that day (if any) is cancelled: a cancelled
    /// move does not keep a worker busy, and its booking is released.
    pub holder_cancelled: bool,
    /// The previous worker's day on the move's date, when the move had another worker.
    pub old_day: Option<&'a WorkerDay>,
}

/// Decides `worker` for the move: the events for the move and for the days it touches, all of
/// which must be appended together. Empty when the worker already has the move.
pub fn decide_assignment(
    assignment: &AssignmentContext<'_>,
    worker: WorkerAssigned,
    ctx: &Context<'_>,
) -> Result<Vec<StreamEvents>, DomainError> {
    let current = assignment.current;
    let move_id = assignment.move_id;
    let move_plan = MoveDecider::plan(
        &move_id,
        current,
        current.version,
        MoveCommand::AssignWorker(worker.clone()),
        ctx,
    )?;
    if current.worker == Some(worker.worker_id) {
        return Ok(Vec::new());
    }
    let date: NaiveDate = current.fecha.ok_or(DomainError::NotFound)?;
    let mut plan = vec![move_plan];
    plan.push(WorkerDayDecider::plan(
        &(worker.worker_id, date),
        assignment.new_day,
        assignment.new_day.version,
        WorkerDayCommand::Book {
            worker: worker.worker_id,
            date,
            move_id,
            holder_cancelled: assignment.holder_cancelled,
        },
        ctx,
    )?);
    if let (Some(previous), Some(old_day)) = (current.worker, assignment.old_day) {
        let release = WorkerDayCommand::Release {
            worker: previous,
            date,
            move_id,
        };
        plan.push(WorkerDayDecider::plan(
            &(previous, date),
            old_day,
            old_day.version,
            release,
            ctx,
        )?);
    }
    plan.retain(|p| !p.events.is_empty());
    Ok(plan)
}

/// Moving a move with a worker to another date moves the worker's booking with it: released on
/// the old day, booked on the new one, which must be free (or held by a cancelled move).
pub fn decide_reschedule(
    move_id: i64,
    worker: Uuid,
    (from, to): (NaiveDate, NaiveDate),
    old_day: &WorkerDay,
    new_day: &WorkerDay,
    holder_cancelled: bool,
    ctx: &Context<'_>,
) -> Result<Vec<StreamEvents>, DomainError> {
    if from == to {
        return Ok(Vec::new());
    }
    let book = WorkerDayCommand::Book {
        worker,
        date: to,
        move_id,
        holder_cancelled,
    };
    let release = WorkerDayCommand::Release {
        worker,
        date: from,
        move_id,
    };
    let mut plan = vec![
        WorkerDayDecider::plan(&(worker, to), new_day, new_day.version, book, ctx)?,
        WorkerDayDecider::plan(&(worker, from), old_day, old_day.version, release, ctx)?,
    ];
    plan.retain(|p| !p.events.is_empty());
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use crate::Role;
    use events_schema::events::MoveStatus;

    fn decide_assignment(
        assignment: &AssignmentContext<'_>,
        worker: WorkerAssigned,
        role: Role,
    ) -> Result<Vec<StreamEvents>, DomainError> {
        let generate = Fixed::default();
        let ctx = Context {
            now: chrono::Utc::now(),
            role: Some(role),
            generate: &generate,
        };
        super::decide_assignment(assignment, worker, &ctx)
    }

    fn decide_reschedule(
        move_id: i64,
        worker: Uuid,
        (from, to): (NaiveDate, NaiveDate),
        old_day: &WorkerDay,
        new_day: &WorkerDay,
        holder_cancelled: bool,
    ) -> Result<Vec<StreamEvents>, DomainError> {
        let generate = Fixed::default();
        let ctx = Context {
            now: chrono::Utc::now(),
            role: Some(Role::Empresario),
            generate: &generate,
        };
        super::decide_reschedule(
            move_id,
            worker,
            (from, to),
            old_day,
            new_day,
            holder_cancelled,
            &ctx,
        )
    }

    fn planned(worker: Option<Uuid>) -> MoveState {
        MoveState {
            exists: true,
            status: Some(MoveStatus::Pendiente),
            version: 3,
            fecha: NaiveDate::from_ymd_opt(2026, 12, 14),
            worker,
            ..MoveState::default()
        }
    }

    fn javier() -> WorkerAssigned {
        WorkerAssigned {
            worker_id: Uuid::from_u128(7),
            worker_name: "Javier Moreno".into(),
        }
    }

    fn context<'a>(
        current: &'a MoveState,
        new_day: &'a WorkerDay,
        old_day: Option<&'a WorkerDay>,
    ) -> AssignmentContext<'a> {
        AssignmentContext {
            move_id: 5,
            current,
            new_day,
            holder_cancelled: false,
            old_day,
        }
    }

    #[test]
    fn a_free_worker_is_booked_for_the_day_with_the_move() {
        let current = planned(None);
        let free = WorkerDay::default();
        let plan =
            decide_assignment(&context(&current, &free, None), javier(), Role::Empresario).unwrap();
        assert_eq!(plan.len(), 2);
        assert_eq!(
            (plan[0].stream.as_str(), plan[0].expected_version),
            ("move-5", 3)
        );
        assert_eq!(
            plan[1].stream,
            format!("worker-day-{}-2026-12-14", Uuid::from_u128(7))
        );
        assert_eq!(plan[1].expected_version, 0);
        assert!(matches!(
            plan[1].events.as_slice(),
            [Event::WorkerDayBooked(WorkerDayBooked { move_id: 5, .. })]
        ));
    }

    #[test]
    fn a_worker_holding_another_move_that_day_is_busy() {
        let current = planned(None);
        let busy = WorkerDay {
            version: 1,
            booked_by: Some(9),
        };
        assert_eq!(
            decide_assignment(&context(&current, &busy, None), javier(), Role::Empresario),
            Err(DomainError::WorkerBusy)
        );
        // Unless that move was cancelled: its booking is released and replaced.
        let mut free_again = context(&current, &busy, None);
        free_again.holder_cancelled = true;
        let plan = decide_assignment(&free_again, javier(), Role::Empresario).unwrap();
        assert!(matches!(
            plan[1].events.as_slice(),
            [
                Event::WorkerDayReleased(WorkerDayReleased { move_id: 9, .. }),
                Event::WorkerDayBooked(WorkerDayBooked { move_id: 5, .. })
            ]
        ));
    }

    #[test]
    fn reassigning_releases_the_previous_workers_day() {
        let previous = Uuid::from_u128(3);
        let current = planned(Some(previous));
        let free = WorkerDay::default();
        let held = WorkerDay {
            version: 1,
            booked_by: Some(5),
        };
        let plan = decide_assignment(
            &context(&current, &free, Some(&held)),
            javier(),
            Role::Empresario,
        )
        .unwrap();
        assert_eq!(plan.len(), 3);
        assert_eq!(plan[2].stream, format!("worker-day-{previous}-2026-12-14"));
        assert_eq!(plan[2].expected_version, 1);
    }

    #[test]
    fn the_same_worker_again_changes_nothing_and_only_managers_assign() {
        let current = planned(Some(Uuid::from_u128(7)));
        let held = WorkerDay {
            version: 1,
            booked_by: Some(5),
        };
        assert_eq!(
            decide_assignment(&context(&current, &held, None), javier(), Role::Empresario),
            Ok(vec![])
        );
        let free = WorkerDay::default();
        let unassigned = planned(None);
        for role in [Role::Empleado, Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide_assignment(&context(&unassigned, &free, None), javier(), role),
                Err(DomainError::Forbidden)
            );
        }
        assert_eq!(
            decide_assignment(
                &context(&MoveState::default(), &free, None),
                javier(),
                Role::Empresario
            ),
            Err(DomainError::NotFound)
        );
    }

    #[test]
    fn a_day_folds_bookings_and_releases() {
        let date = NaiveDate::from_ymd_opt(2026, 12, 14).unwrap();
        let worker_id = Uuid::from_u128(7);
        let day = WorkerDayDecider::evolve(
            WorkerDay::default(),
            &Event::WorkerDayBooked(WorkerDayBooked {
                worker_id,
                fecha: date,
                move_id: 5,
            }),
        );
        assert_eq!(day.booked_by, Some(5));
        let day = WorkerDayDecider::evolve(
            day,
            &Event::WorkerDayReleased(WorkerDayReleased {
                worker_id,
                fecha: date,
                move_id: 5,
            }),
        );
        assert_eq!((day.booked_by, day.version), (None, 2));
    }

    #[test]
    fn rescheduling_moves_the_booking_unless_the_new_day_is_taken() {
        let worker = Uuid::from_u128(7);
        let from = NaiveDate::from_ymd_opt(2026, 12, 14).unwrap();
        let to = NaiveDate::from_ymd_opt(2026, 12, 15).unwrap();
        let held = WorkerDay {
            version: 1,
            booked_by: Some(5),
        };
        let plan =
            decide_reschedule(5, worker, (from, to), &held, &WorkerDay::default(), false).unwrap();
        assert_eq!(plan.len(), 2);
        assert_eq!(plan[0].stream, format!("worker-day-{worker}-2026-12-15"));
        assert_eq!(plan[1].stream, format!("worker-day-{worker}-2026-12-14"));
        let taken = WorkerDay {
            version: 1,
            booked_by: Some(9),
        };
        assert_eq!(
            decide_reschedule(5, worker, (from, to), &held, &taken, false),
            Err(DomainError::WorkerBusy)
        );
        assert_eq!(
            decide_reschedule(5, worker, (from, from), &held, &held, false),
            Ok(vec![])
        );
    }
}
