//! The Claim decider (issue 21 item 4, spec §9): within 7 days of delivery a move's client claims
//! for some of its objects; the company answers within 15 working days (Spanish ones: weekends
//! and the national and Madrid holidays of `events_schema::calendar` do not count) by accepting
//! it with an amount, accepting part of it, or rejecting it with a reason.
//!
//! A claim's stream is `claim-<move id>`: a move has at most one. When the move was delivered and
//! what it carried are read from the move by the caller and decided here; a finished move stays
//! finished (§4), so nothing can change them in between.

use chrono::{DateTime, Days, NaiveDate, Utc};
use events_schema::calendar::{add_working_days, madrid_date};
use events_schema::events::{
    claim_stream, ClaimAnswered, ClaimObject, ClaimOpened, ClaimPhoto, ClaimResolution, MovedObject,
};
use events_schema::Event;
use uuid::Uuid;

use crate::text;
use crate::{Context, Decider, DomainError, Role};

/// Spec §9: claims within 7 days of delivery, answered within 15 working days.
pub const CLAIM_DAYS: u64 = 7;
pub const ANSWER_WORKING_DAYS: u32 = 15;
/// The most photos a claim may carry, and the longest text and reason.
pub const PHOTOS_MAX: usize = 5;
pub const TEXT_MAX: usize = text::MESSAGE_MAX;
pub const REASON_MAX: usize = text::MESSAGE_MAX;
/// The largest amount a manager may grant, in cents (100 000 €): a typo guard, not a policy.
pub const AMOUNT_MAX_CENTS: i64 = 10_000_000;

pub const NOT_DELIVERED: &str = "Solo se puede reclamar una mudanza entregada (finalizada).";
pub const ALREADY_OPENED: &str = "Ya hay una reclamación abierta para esta mudanza.";
pub const NO_OBJECTS: &str = "Elige al menos un objeto de la mudanza";
pub const NOT_ON_MOVE: &str = "Uno de los objetos elegidos no es de esta mudanza";
pub const TEXT_REQUIRED: &str = "Cuéntanos qué ha pasado en la descripción de la reclamación";
pub const TOO_MANY_PHOTOS: &str = "Puedes adjuntar hasta 5 fotos";
pub const NOT_FOUND: &str = "Reclamación no encontrada";
pub const ALREADY_ANSWERED: &str = "Esta reclamación ya está respondida.";
pub const AMOUNT_REQUIRED: &str = "Indica el importe que se abona";
pub const AMOUNT_INVALID: &str = "El importe debe ser mayor que 0 € y no superar 100.000 €";
pub const NO_AMOUNT_WHEN_REJECTED: &str = "Una reclamación rechazada no lleva importe";
pub const REASON_REQUIRED: &str = "Indica el motivo de la respuesta";

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClaimState {
    pub opened: Option<ClaimOpened>,
    pub answered: bool,
}

/// What a claim is opened with, as the client wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// The ids of the move's objects it is about.
    pub objetos: Vec<String>,
    pub texto: String,
    pub fotos: Vec<ClaimPhoto>,
}

/// What the caller read of the move: when it was delivered (its change to finalizada, `None` if
/// it is not finished) and what it carried.
#[derive(Debug, Clone, PartialEq)]
pub struct Delivered {
    pub move_id: i64,
    pub at: Option<DateTime<Utc>>,
    pub objects: Vec<MovedObject>,
}

pub enum ClaimCommand {
    /// The move's client (the caller checked they own it) opens the claim.
    Open { delivered: Delivered, draft: Draft },
    /// A manager answers it; `importe_cents` for an accepted or partly accepted claim.
    Answer {
        resolucion: ClaimResolution,
        importe_cents: Option<i64>,
        motivo: String,
        by: Uuid,
    },
}

pub struct ClaimDecider;

impl Decider for ClaimDecider {
    type Id = i64;
    type State = ClaimState;
    type Command = ClaimCommand;

    fn stream(move_id: &i64) -> String {
        claim_stream(*move_id)
    }

    fn decide(
        state: &ClaimState,
        command: ClaimCommand,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        let role = ctx.role()?;
        match command {
            ClaimCommand::Open { delivered, draft } => {
                if role != Role::Cliente {
                    return Err(DomainError::Forbidden);
                }
                if state.opened.is_some() {
                    return Err(DomainError::Conflict(ALREADY_OPENED.into()));
                }
                open(delivered, draft, ctx.now).map(|c| vec![Event::ClaimOpened(c)])
            }
            ClaimCommand::Answer {
                resolucion,
                importe_cents,
                motivo,
                by,
            } => {
                if !matches!(role, Role::Empresario | Role::Admin) {
                    return Err(DomainError::Forbidden);
                }
                if state.opened.is_none() {
                    return Err(DomainError::NotFound);
                }
                if state.answered {
                    return Err(DomainError::Conflict(ALREADY_ANSWERED.into()));
                }
                answer(resolucion, importe_cents, motivo, by).map(|a| vec![Event::ClaimAnswered(a)])
            }
        }
    }

    fn evolve(mut state: ClaimState, event: &Event) -> ClaimState {
        match event {
            Event::ClaimOpened(c) => state.opened = Some(c.clone()),
            Event::ClaimAnswered(_) => state.answered = true,
            _ => {}
        }
        state
    }
}

/// The last day (Madrid) a claim of a move delivered at `delivered` may be opened: the 7th day
/// after the day of delivery.
pub fn last_day_to_claim(delivered: DateTime<Utc>) -> NaiveDate {
    madrid_date(delivered) + Days::new(CLAIM_DAYS)
}

/// The last day to answer a claim opened at `opened`: 15 working days after its day.
pub fn answer_deadline(opened: DateTime<Utc>) -> NaiveDate {
    add_working_days(madrid_date(opened), ANSWER_WORKING_DAYS)
}

fn open(
    delivered: Delivered,
    draft: Draft,
    now: DateTime<Utc>,
) -> Result<ClaimOpened, DomainError> {
    let at = delivered
        .at
        .ok_or_else(|| DomainError::Conflict(NOT_DELIVERED.into()))?;
    let last_day = last_day_to_claim(at);
    if madrid_date(now) > last_day {
        return Err(DomainError::Conflict(format!(
            "El plazo para reclamar terminó el {}: las reclamaciones se abren dentro de los 7 días \
             siguientes a la entrega.",
            last_day.format("%d/%m/%Y")
        )));
    }
    if draft.objetos.is_empty() {
        return Err(DomainError::Invalid(NO_OBJECTS.into()));
    }
    let mut objetos: Vec<ClaimObject> = Vec::new();
    for id in &draft.objetos {
        let object = delivered
            .objects
            .iter()
            .find(|o| &o.id == id)
            .ok_or_else(|| DomainError::Invalid(NOT_ON_MOVE.into()))?;
        if !objetos.iter().any(|o| &o.id == id) {
            objetos.push(ClaimObject {
                id: object.id.clone(),
                nombre: object.nombre.clone(),
            });
        }
    }
    let texto = text::lines("descripción de la reclamación", &draft.texto, TEXT_MAX)?;
    if texto.is_empty() {
        return Err(DomainError::Invalid(TEXT_REQUIRED.into()));
    }
    if draft.fotos.len() > PHOTOS_MAX {
        return Err(DomainError::Invalid(TOO_MANY_PHOTOS.into()));
    }
    Ok(ClaimOpened {
        move_id: delivered.move_id,
        objetos,
        texto,
        fotos: draft.fotos,
        entregada_en: at,
        plazo_respuesta: answer_deadline(now),
    })
}

fn answer(
    resolucion: ClaimResolution,
    importe_cents: Option<i64>,
    motivo: String,
    by: Uuid,
) -> Result<ClaimAnswered, DomainError> {
    let motivo = text::lines("motivo", &motivo, REASON_MAX)?;
    let importe_cents = match (resolucion, importe_cents) {
        (ClaimResolution::Rechazada, None | Some(0)) => None,
        (ClaimResolution::Rechazada, Some(_)) => {
            return Err(DomainError::Invalid(NO_AMOUNT_WHEN_REJECTED.into()))
        }
        (_, None) => return Err(DomainError::Invalid(AMOUNT_REQUIRED.into())),
        (_, Some(cents)) if !(1..=AMOUNT_MAX_CENTS).contains(&cents) => {
            return Err(DomainError::Invalid(AMOUNT_INVALID.into()))
        }
        (_, Some(cents)) => Some(cents),
    };
    if resolucion != ClaimResolution::Aceptada && motivo.is_empty() {
        return Err(DomainError::Invalid(REASON_REQUIRED.into()));
    }
    Ok(ClaimAnswered {
        resolucion,
        importe_cents,
        motivo,
        manager_id: by,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use chrono::TimeZone;

    const MANAGER: Uuid = Uuid::from_u128(1);

    /// Madrid's wall-clock time on a day, as UTC (winter: UTC+1; summer: UTC+2).
    fn madrid(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        chrono_tz::Europe::Madrid
            .with_ymd_and_hms(y, m, d, h, 0, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn decide(
        state: &ClaimState,
        command: ClaimCommand,
        role: Role,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, DomainError> {
        let generate = Fixed {
            key: "K7MQ2XPA".into(),
        };
        let ctx = Context {
            now,
            role: Some(role),
            generate: &generate,
        };
        ClaimDecider::decide(state, command, &ctx)
    }

    fn delivered(at: Option<DateTime<Utc>>) -> Delivered {
        Delivered {
            move_id: 14,
            at,
            objects: vec![
                MovedObject {
                    id: "sofa-3".into(),
                    nombre: "Sofá de 3 plazas".into(),
                    peso: 45.0,
                    quantity: 1,
                },
                MovedObject {
                    id: "mesa".into(),
                    nombre: "Mesa de comedor".into(),
                    peso: 30.0,
                    quantity: 1,
                },
            ],
        }
    }

    fn draft(objetos: &[&str]) -> Draft {
        Draft {
            objetos: objetos.iter().map(|s| s.to_string()).collect(),
            texto: "El sofá llegó con una rozadura.".into(),
            fotos: Vec::new(),
        }
    }

    fn open_at(at: DateTime<Utc>, delivered_at: DateTime<Utc>) -> Result<ClaimOpened, DomainError> {
        let command = ClaimCommand::Open {
            delivered: delivered(Some(delivered_at)),
            draft: draft(&["sofa-3"]),
        };
        match decide(&ClaimState::default(), command, Role::Cliente, at)?.as_slice() {
            [Event::ClaimOpened(c)] => Ok(c.clone()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_claim_opens_until_the_seventh_day_after_delivery_in_madrid() {
        // Delivered on Monday 14 December 2026 in the evening: the 7 days end on Monday 21.
        let delivered_at = madrid(2026, 12, 14, 20);
        assert_eq!(last_day_to_claim(delivered_at), date(2026, 12, 21));
        assert!(open_at(madrid(2026, 12, 21, 23), delivered_at).is_ok());
        let late = open_at(madrid(2026, 12, 22, 0), delivered_at);
        assert!(matches!(late, Err(DomainError::Conflict(m)) if m.contains("21/12/2026")));
        // Delivered at 00:30 in Madrid, still the 13th in UTC: Madrid's day counts.
        let after_midnight = madrid(2026, 12, 14, 0) + chrono::Duration::minutes(30);
        assert_eq!(last_day_to_claim(after_midnight), date(2026, 12, 21));
    }

    #[test]
    fn the_answer_is_due_in_fifteen_spanish_working_days() {
        let delivered_at = madrid(2026, 11, 20, 18);
        // Opened Monday 23 November 2026: 24–27 Nov (4), 30 Nov–4 Dec (9), 7 and 8 Dec are
        // Madrid's Constitution (moved) and Inmaculada holidays, 9–11 Dec (12), 14–16 Dec (15).
        let opened = open_at(madrid(2026, 11, 23, 10), delivered_at).unwrap();
        assert_eq!(opened.plazo_respuesta, date(2026, 12, 16));
        assert_eq!(opened.entregada_en, delivered_at);
    }

    #[test]
    fn over_christmas_and_reyes_the_deadline_moves_past_the_holidays() {
        // Opened Tuesday 22 December 2026: 23, 24 (2), 25 Christmas, 28–31 (6), 1 Jan New
        // Year, 4, 5 (8), 6 Reyes, 7, 8 (10), 11–15 (15).
        let opened = open_at(madrid(2026, 12, 22, 9), madrid(2026, 12, 18, 12)).unwrap();
        assert_eq!(opened.plazo_respuesta, date(2027, 1, 15));
    }

    #[test]
    fn over_easter_jueves_and_viernes_santo_do_not_count() {
        // Opened Monday 22 March 2027, the day after delivery: 23–24 (2), 25 and 26 March are
        // Jueves and Viernes Santo in Madrid, 29 Mar–2 Apr (7), 5–9 (12), 12–14 (15).
        let opened = open_at(madrid(2027, 3, 22, 9), madrid(2027, 3, 21, 12)).unwrap();
        assert_eq!(opened.plazo_respuesta, date(2027, 4, 14));
    }

    #[test]
    fn only_a_delivered_move_with_its_own_objects_and_a_text_is_claimed() {
        let now = madrid(2026, 12, 15, 10);
        let at = Some(madrid(2026, 12, 14, 10));
        let open = |delivered: Delivered, draft: Draft| {
            decide(
                &ClaimState::default(),
                ClaimCommand::Open { delivered, draft },
                Role::Cliente,
                now,
            )
        };
        assert_eq!(
            open(delivered(None), draft(&["sofa-3"])),
            Err(DomainError::Conflict(NOT_DELIVERED.into()))
        );
        assert_eq!(
            open(delivered(at), draft(&[])),
            Err(DomainError::Invalid(NO_OBJECTS.into()))
        );
        assert_eq!(
            open(delivered(at), draft(&["piano"])),
            Err(DomainError::Invalid(NOT_ON_MOVE.into()))
        );
        let blank = Draft {
            texto: "  ".into(),
            ..draft(&["sofa-3"])
        };
        assert_eq!(
            open(delivered(at), blank),
            Err(DomainError::Invalid(TEXT_REQUIRED.into()))
        );
        let photos = Draft {
            fotos: (0..6)
                .map(|i| ClaimPhoto {
                    photo_id: Uuid::from_u128(i),
                    content_type: "image/png".into(),
                    size_bytes: 10,
                })
                .collect(),
            ..draft(&["sofa-3"])
        };
        assert_eq!(
            open(delivered(at), photos),
            Err(DomainError::Invalid(TOO_MANY_PHOTOS.into()))
        );
        // The same object twice is claimed once, by its name on the move.
        let events = open(delivered(at), draft(&["mesa", "sofa-3", "mesa"])).unwrap();
        let [Event::ClaimOpened(c)] = events.as_slice() else {
            panic!()
        };
        assert_eq!(
            c.objetos
                .iter()
                .map(|o| o.nombre.as_str())
                .collect::<Vec<_>>(),
            ["Mesa de comedor", "Sofá de 3 plazas"]
        );
        let again = ClaimDecider::evolve(ClaimState::default(), &events[0]);
        assert_eq!(
            decide(
                &again,
                ClaimCommand::Open {
                    delivered: delivered(at),
                    draft: draft(&["mesa"])
                },
                Role::Cliente,
                now
            ),
            Err(DomainError::Conflict(ALREADY_OPENED.into()))
        );
        for role in [Role::Empleado, Role::Empresario, Role::Auditor] {
            assert_eq!(
                decide(
                    &ClaimState::default(),
                    ClaimCommand::Open {
                        delivered: delivered(at),
                        draft: draft(&["mesa"])
                    },
                    role,
                    now
                ),
                Err(DomainError::Forbidden)
            );
        }
    }

    fn opened() -> ClaimState {
        ClaimState {
            opened: Some(open_at(madrid(2026, 12, 15, 10), madrid(2026, 12, 14, 10)).unwrap()),
            answered: false,
        }
    }

    fn answer_cmd(
        resolucion: ClaimResolution,
        importe_cents: Option<i64>,
        motivo: &str,
    ) -> ClaimCommand {
        ClaimCommand::Answer {
            resolucion,
            importe_cents,
            motivo: motivo.into(),
            by: MANAGER,
        }
    }

    #[test]
    fn a_manager_answers_once_with_an_amount_or_a_reason() {
        let now = madrid(2026, 12, 16, 10);
        let answer = |c| decide(&opened(), c, Role::Empresario, now);
        use ClaimResolution::*;
        assert!(answer(answer_cmd(Aceptada, Some(12_000), "")).is_ok());
        assert_eq!(
            answer(answer_cmd(Aceptada, None, "")),
            Err(DomainError::Invalid(AMOUNT_REQUIRED.into()))
        );
        assert_eq!(
            answer(answer_cmd(Parcial, Some(0), "Parte")),
            Err(DomainError::Invalid(AMOUNT_INVALID.into()))
        );
        assert_eq!(
            answer(answer_cmd(Parcial, Some(AMOUNT_MAX_CENTS + 1), "Parte")),
            Err(DomainError::Invalid(AMOUNT_INVALID.into()))
        );
        assert_eq!(
            answer(answer_cmd(Parcial, Some(6_000), " ")),
            Err(DomainError::Invalid(REASON_REQUIRED.into()))
        );
        assert_eq!(
            answer(answer_cmd(Rechazada, None, "")),
            Err(DomainError::Invalid(REASON_REQUIRED.into()))
        );
        assert_eq!(
            answer(answer_cmd(Rechazada, Some(100), "No")),
            Err(DomainError::Invalid(NO_AMOUNT_WHEN_REJECTED.into()))
        );
        let rejected = answer(answer_cmd(
            Rechazada,
            None,
            "Los daños constaban en la recogida.",
        ))
        .unwrap();
        let done = ClaimDecider::evolve(opened(), &rejected[0]);
        assert_eq!(
            decide(
                &done,
                answer_cmd(Aceptada, Some(100), ""),
                Role::Empresario,
                now
            ),
            Err(DomainError::Conflict(ALREADY_ANSWERED.into()))
        );
        assert_eq!(
            decide(
                &ClaimState::default(),
                answer_cmd(Aceptada, Some(100), ""),
                Role::Empresario,
                now
            ),
            Err(DomainError::NotFound)
        );
        for role in [Role::Cliente, Role::Empleado, Role::Auditor] {
            assert_eq!(
                decide(&opened(), answer_cmd(Aceptada, Some(100), ""), role, now),
                Err(DomainError::Forbidden)
            );
        }
    }
}
