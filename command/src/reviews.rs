//! The Review decider (issue 20 item 5): a finished move's client rates it, once; managers publish
//! or hide reviews with a reason; the company's earlier testimonials are imported published.
//!
//! A review's stream is `review-mudanza-<id>` (one per move: its first event is appended at "no
//! stream yet", so a second review of the same move is refused by the log itself) or
//! `review-importada-<n>`. Whether the move finished is read from the move's stream by the caller
//! and decided here; a finished move stays finished (§4), so nothing can change it in between.

use events_schema::events::{
    review_stream, MoveStatus, ReviewId, ReviewModerated, ReviewSubmitted,
};
use events_schema::Event;

use crate::text::{self, NAME_MAX};
use crate::{Context, Decider, DomainError, Role};

pub const ALREADY_REVIEWED: &str = "Ya has valorado esta mudanza. ¡Gracias!";
pub const NOT_FINISHED: &str = "Podrás valorar la mudanza cuando haya terminado.";
pub const RATING_INVALID: &str = "La valoración debe ser de 1 a 5 estrellas";
pub const TITLE_REQUIRED: &str = "El título de la opinión es requerido";
pub const TEXT_REQUIRED: &str = "Cuéntanos algo de tu mudanza en la opinión";
pub const REASON_REQUIRED: &str = "Indica el motivo por el que se oculta la opinión";
pub const NOT_FOUND: &str = "Opinión no encontrada";

/// The longest title and text of a review, and of a moderation's reason.
pub const TITLE_MAX: usize = 100;
pub const TEXT_MAX: usize = 2000;
pub const REASON_MAX: usize = 300;
/// The reason an imported review is published with.
pub const IMPORTED: &str =
    "Opinión recogida antes de la plataforma, importada con los datos de la empresa";

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReviewState {
    pub exists: bool,
    /// Shown on /opiniones.
    pub published: bool,
    /// Moderated at least once (a client's review waits until then).
    pub moderated: bool,
}

/// A review as its author wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub rating: u8,
    pub titulo: String,
    pub texto: String,
    pub recomendaria: bool,
}

pub enum ReviewCommand {
    /// The client of move `move_id` (the caller checked they own it) rates it; `status` is the
    /// move's status now, `nombre` and `ubicacion` how it is signed.
    Submit {
        move_id: i64,
        status: Option<MoveStatus>,
        nombre: String,
        ubicacion: String,
        draft: Draft,
    },
    /// The seed imports an earlier testimonial, published.
    Import(Box<ReviewSubmitted>),
    /// A manager publishes or hides it; hiding needs a reason.
    Moderate { publish: bool, reason: String },
}

pub struct ReviewDecider;

impl Decider for ReviewDecider {
    type Id = ReviewId;
    type State = ReviewState;
    type Command = ReviewCommand;

    fn stream(id: &ReviewId) -> String {
        review_stream(id)
    }

    fn decide(
        state: &ReviewState,
        command: ReviewCommand,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        match command {
            ReviewCommand::Submit {
                move_id,
                status,
                nombre,
                ubicacion,
                draft,
            } => {
                if ctx.role()? != Role::Cliente {
                    return Err(DomainError::Forbidden);
                }
                if state.exists {
                    return Err(DomainError::Conflict(ALREADY_REVIEWED.into()));
                }
                if status != Some(MoveStatus::Finalizada) {
                    return Err(DomainError::Conflict(NOT_FINISHED.into()));
                }
                let draft = checked(draft)?;
                Ok(vec![Event::ReviewSubmitted(ReviewSubmitted {
                    move_id: Some(move_id),
                    nombre: text::line("nombre", &nombre, NAME_MAX)?,
                    ubicacion: text::line("ubicación", &ubicacion, text::ADDRESS_MAX)?,
                    rating: draft.rating,
                    titulo: draft.titulo,
                    texto: draft.texto,
                    recomendaria: draft.recomendaria,
                    fecha: ctx.today(),
                    util: 0,
                })])
            }
            ReviewCommand::Import(review) => {
                if !matches!(ctx.role()?, Role::Empresario | Role::Admin) {
                    return Err(DomainError::Forbidden);
                }
                if state.exists {
                    return Ok(Vec::new());
                }
                let draft = checked(Draft {
                    rating: review.rating,
                    titulo: review.titulo.clone(),
                    texto: review.texto.clone(),
                    recomendaria: review.recomendaria,
                })?;
                Ok(vec![
                    Event::ReviewSubmitted(ReviewSubmitted {
                        move_id: None,
                        titulo: draft.titulo,
                        texto: draft.texto,
                        ..*review
                    }),
                    Event::ReviewModerated(ReviewModerated {
                        publicada: true,
                        motivo: IMPORTED.into(),
                    }),
                ])
            }
            ReviewCommand::Moderate { publish, reason } => {
                if ctx.role()? != Role::Empresario {
                    return Err(DomainError::Forbidden);
                }
                if !state.exists {
                    return Err(DomainError::NotFound);
                }
                let reason = text::line("motivo", &reason, REASON_MAX)?;
                if !publish && reason.is_empty() {
                    return Err(DomainError::Invalid(REASON_REQUIRED.into()));
                }
                if state.moderated && state.published == publish {
                    return Ok(Vec::new());
                }
                Ok(vec![Event::ReviewModerated(ReviewModerated {
                    publicada: publish,
                    motivo: reason,
                })])
            }
        }
    }

    fn evolve(mut state: ReviewState, event: &Event) -> ReviewState {
        match event {
            Event::ReviewSubmitted(_) => state.exists = true,
            Event::ReviewModerated(m) => {
                state.moderated = true;
                state.published = m.publicada;
            }
            _ => {}
        }
        state
    }
}

fn checked(draft: Draft) -> Result<Draft, DomainError> {
    if !(1..=5).contains(&draft.rating) {
        return Err(DomainError::Invalid(RATING_INVALID.into()));
    }
    let titulo = text::line("título", &draft.titulo, TITLE_MAX)?;
    if titulo.is_empty() {
        return Err(DomainError::Invalid(TITLE_REQUIRED.into()));
    }
    let texto = text::lines("opinión", &draft.texto, TEXT_MAX)?;
    if texto.is_empty() {
        return Err(DomainError::Invalid(TEXT_REQUIRED.into()));
    }
    Ok(Draft {
        titulo,
        texto,
        ..draft
    })
}

/// How a client signs a review: first name and the surname's initial ('Marta S.').
pub fn signature(full_name: &str) -> String {
    let mut words = full_name.split_whitespace();
    let first = words.next().unwrap_or("Cliente");
    match words.next().and_then(|w| w.chars().next()) {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_string(),
    }
}

/// Where a move went, as a review says it: the town after the postal code of the destination
/// ('Calle del Pez 8, 28004 Madrid' → 'Madrid'), else the address's last part.
pub fn place(address: &str) -> String {
    let last = address.rsplit(',').next().unwrap_or("").trim();
    let town = last
        .split_once(' ')
        .filter(|(code, _)| code.len() == 5 && code.chars().all(|c| c.is_ascii_digit()))
        .map_or(last, |(_, town)| town.trim());
    town.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use chrono::{TimeZone, Utc};

    fn ctx(role: Role, generate: &Fixed) -> Context<'_> {
        Context {
            now: Utc.with_ymd_and_hms(2026, 12, 3, 10, 0, 0).unwrap(),
            role: Some(role),
            generate,
        }
    }

    fn draft() -> Draft {
        Draft {
            rating: 5,
            titulo: "  Puntuales  ".into(),
            texto: "Todo perfecto.".into(),
            recomendaria: true,
        }
    }

    fn submit(status: Option<MoveStatus>, draft: Draft) -> ReviewCommand {
        ReviewCommand::Submit {
            move_id: 12,
            status,
            nombre: "Marta S.".into(),
            ubicacion: "Getafe".into(),
            draft,
        }
    }

    fn state_after(events: &[Event]) -> ReviewState {
        events
            .iter()
            .fold(ReviewState::default(), ReviewDecider::evolve)
    }

    #[test]
    fn only_the_client_of_a_finished_move_reviews_it_once() {
        let g = Fixed::default();
        let client = ctx(Role::Cliente, &g);
        let events = ReviewDecider::decide(
            &ReviewState::default(),
            submit(Some(MoveStatus::Finalizada), draft()),
            &client,
        )
        .unwrap();
        let Event::ReviewSubmitted(review) = &events[0] else {
            panic!("{events:?}");
        };
        assert_eq!(review.move_id, Some(12));
        assert_eq!(review.titulo, "Puntuales");
        assert_eq!(review.fecha.to_string(), "2026-12-03");
        let state = state_after(&events);
        assert!(state.exists && !state.published, "waits for moderation");

        let again = ReviewDecider::decide(
            &state,
            submit(Some(MoveStatus::Finalizada), draft()),
            &client,
        );
        assert_eq!(again, Err(DomainError::Conflict(ALREADY_REVIEWED.into())));
        for status in [None, Some(MoveStatus::EnCurso), Some(MoveStatus::Cancelada)] {
            let early =
                ReviewDecider::decide(&ReviewState::default(), submit(status, draft()), &client);
            assert_eq!(
                early,
                Err(DomainError::Conflict(NOT_FINISHED.into())),
                "{status:?}"
            );
        }
        let manager = ctx(Role::Empresario, &g);
        let staff = ReviewDecider::decide(
            &ReviewState::default(),
            submit(Some(MoveStatus::Finalizada), draft()),
            &manager,
        );
        assert_eq!(staff, Err(DomainError::Forbidden));
    }

    #[test]
    fn a_review_is_bounded_and_complete() {
        let g = Fixed::default();
        let client = ctx(Role::Cliente, &g);
        let cases = [
            (
                Draft {
                    rating: 0,
                    ..draft()
                },
                RATING_INVALID.to_string(),
            ),
            (
                Draft {
                    rating: 6,
                    ..draft()
                },
                RATING_INVALID.to_string(),
            ),
            (
                Draft {
                    titulo: " ".into(),
                    ..draft()
                },
                TITLE_REQUIRED.to_string(),
            ),
            (
                Draft {
                    texto: "\n".into(),
                    ..draft()
                },
                TEXT_REQUIRED.to_string(),
            ),
            (
                Draft {
                    titulo: "a".repeat(TITLE_MAX + 1),
                    ..draft()
                },
                format!("El campo «título» no puede tener más de {TITLE_MAX} caracteres"),
            ),
            (
                Draft {
                    texto: "ñ".repeat(TEXT_MAX + 1),
                    ..draft()
                },
                format!("El campo «opinión» no puede tener más de {TEXT_MAX} caracteres"),
            ),
            (
                Draft {
                    titulo: "a\u{0}b".into(),
                    ..draft()
                },
                "El campo «título» contiene caracteres no válidos".to_string(),
            ),
        ];
        for (draft, message) in cases {
            let refused = ReviewDecider::decide(
                &ReviewState::default(),
                submit(Some(MoveStatus::Finalizada), draft),
                &client,
            );
            assert_eq!(refused, Err(DomainError::Invalid(message)));
        }
    }

    #[test]
    fn managers_publish_and_hide_with_a_reason() {
        let g = Fixed::default();
        let submitted = ReviewDecider::decide(
            &ReviewState::default(),
            submit(Some(MoveStatus::Finalizada), draft()),
            &ctx(Role::Cliente, &g),
        )
        .unwrap();
        let state = state_after(&submitted);
        let manager = ctx(Role::Empresario, &g);
        let hide = |reason: &str| ReviewCommand::Moderate {
            publish: false,
            reason: reason.into(),
        };
        assert_eq!(
            ReviewDecider::decide(&state, hide("  "), &manager),
            Err(DomainError::Invalid(REASON_REQUIRED.into()))
        );
        let publish = ReviewCommand::Moderate {
            publish: true,
            reason: String::new(),
        };
        let published = ReviewDecider::decide(&state, publish, &manager).unwrap();
        let state = state_after(&[submitted.clone(), published].concat());
        assert!(state.published);
        let hidden = ReviewDecider::decide(&state, hide("Datos personales"), &manager).unwrap();
        assert_eq!(
            hidden,
            vec![Event::ReviewModerated(ReviewModerated {
                publicada: false,
                motivo: "Datos personales".into()
            })]
        );
        for role in [Role::Cliente, Role::Empleado, Role::Auditor] {
            let refused = ReviewDecider::decide(&state, hide("x"), &ctx(role, &g));
            assert_eq!(refused, Err(DomainError::Forbidden), "{role:?}");
        }
        assert_eq!(
            ReviewDecider::decide(&ReviewState::default(), hide("x"), &manager),
            Err(DomainError::NotFound)
        );
    }

    #[test]
    fn signatures_and_places() {
        assert_eq!(signature("Marta Sánchez López"), "Marta S.");
        assert_eq!(signature("Álvaro"), "Álvaro");
        assert_eq!(signature("marta élida"), "marta É.");
        assert_eq!(place("Calle del Pez 8, 28004 Madrid"), "Madrid");
        assert_eq!(
            place("Avenida de Europa 9, 28224 Pozuelo de Alarcón"),
            "Pozuelo de Alarcón"
        );
        assert_eq!(place("Getafe"), "Getafe");
    }
}
