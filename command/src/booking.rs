//! The booking conditions of spec §9, which a client accepts to book a move, and what they cost
//! when a booked move is cancelled. The text the client reads is built here from the same
//! constants the rules use, and `CONDITIONS_VERSION` names it: the version a client accepted is
//! recorded with their booking, so a later change of wording never rewrites what they agreed to.

use events_schema::events::MoveStatus;

/// Change this whenever the conditions below change (their wording or their figures).
pub const CONDITIONS_VERSION: &str = "2026-11";

/// §9: booking is recommended 4 to 6 weeks ahead.
pub const RECOMMENDED_WEEKS: (u32, u32) = (4, 6);
/// §9: a date change is free with at least 48 hours' notice.
pub const FREE_DATE_CHANGE_HOURS: i64 = 48;
/// §9: cancelling more than 48 hours ahead is free.
pub const FREE_CANCELLATION_HOURS: i64 = 48;
/// §9: between 24 and 48 hours ahead a cancellation costs 25 % of the quote.
pub const LATE_CANCELLATION_HOURS: i64 = 24;
pub const LATE_CANCELLATION_PERCENT: i64 = 25;
/// §9: under 24 hours ahead it costs 50 %.
pub const LAST_MINUTE_CANCELLATION_PERCENT: i64 = 50;
/// §9: claims are due within 7 days and answered within 15 working days.
pub const CLAIM_DAYS: u32 = 7;
pub const CLAIM_ANSWER_WORKING_DAYS: u32 = 15;

/// The share of the quote a cancellation costs, `minutes_before` the move starts.
pub fn cancellation_percent(minutes_before: i64) -> i64 {
    if minutes_before > FREE_CANCELLATION_HOURS * 60 {
        0
    } else if minutes_before >= LATE_CANCELLATION_HOURS * 60 {
        LATE_CANCELLATION_PERCENT
    } else {
        LAST_MINUTE_CANCELLATION_PERCENT
    }
}

/// `percent` of a total, rounded half up to the cent.
pub fn share_cents(total_cents: i64, percent: i64) -> i64 {
    (total_cents * percent + 50) / 100
}

/// One point of the conditions as the client reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub titulo: &'static str,
    pub texto: String,
}

/// The conditions of version `CONDITIONS_VERSION`, in Spanish.
pub fn conditions() -> Vec<Condition> {
    let (from, to) = RECOMMENDED_WEEKS;
    vec![
        Condition {
            titulo: "Antelación",
            texto: format!(
                "Recomendamos reservar la mudanza con {from} a {to} semanas de antelación para \
                 asegurar la fecha y el equipo."
            ),
        },
        Condition {
            titulo: "Cambio de fecha",
            texto: format!(
                "Puedes cambiar la fecha sin coste si nos avisas con al menos \
                 {FREE_DATE_CHANGE_HOURS} horas de antelación."
            ),
        },
        Condition {
            titulo: "Cancelación",
            texto: format!(
                "Cancelar con más de {FREE_CANCELLATION_HOURS} horas de antelación es gratuito. \
                 Entre {LATE_CANCELLATION_HOURS} y {FREE_CANCELLATION_HOURS} horas antes cuesta el \
                 {LATE_CANCELLATION_PERCENT}\u{a0}% del presupuesto, y con menos de \
                 {LATE_CANCELLATION_HOURS} horas, el {LAST_MINUTE_CANCELLATION_PERCENT}\u{a0}%."
            ),
        },
        Condition {
            titulo: "Reclamaciones",
            texto: format!(
                "Las reclamaciones se presentan en los {CLAIM_DAYS} días siguientes a la mudanza y \
                 se responden en un plazo máximo de {CLAIM_ANSWER_WORKING_DAYS} días hábiles."
            ),
        },
    ]
}

/// §4 display names, for messages that name a move's status.
pub fn status_label(status: MoveStatus) -> &'static str {
    match status {
        MoveStatus::Pendiente => "Pendiente",
        MoveStatus::Confirmada => "Confirmada",
        MoveStatus::EnCurso => "En Progreso",
        MoveStatus::Finalizada => "Completada",
        MoveStatus::Cancelada => "Cancelada",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancelling_is_free_beyond_48_hours_then_costs_25_then_50_percent() {
        assert_eq!(cancellation_percent(72 * 60), 0);
        assert_eq!(cancellation_percent(48 * 60 + 1), 0);
        assert_eq!(cancellation_percent(48 * 60), 25);
        assert_eq!(cancellation_percent(24 * 60), 25);
        assert_eq!(cancellation_percent(24 * 60 - 1), 50);
        assert_eq!(cancellation_percent(0), 50);
    }

    #[test]
    fn fees_round_half_up_to_the_cent() {
        // 25 % of 394,46 € is 98,615 €: 98,62 €.
        assert_eq!(share_cents(39_446, 25), 9_862);
        assert_eq!(share_cents(39_446, 50), 19_723);
        assert_eq!(share_cents(39_446, 0), 0);
    }

    #[test]
    fn the_conditions_state_every_figure_of_section_9() {
        let text: String = conditions()
            .iter()
            .map(|c| format!("{} {}\n", c.titulo, c.texto))
            .collect();
        for figure in [
            "4 a 6 semanas",
            "al menos 48 horas",
            "más de 48 horas",
            "Entre 24 y 48 horas",
            "25\u{a0}% del presupuesto",
            "menos de 24 horas, el 50\u{a0}%",
            "7 días",
            "15 días hábiles",
        ] {
            assert!(text.contains(figure), "missing «{figure}» in:\n{text}");
        }
    }
}
