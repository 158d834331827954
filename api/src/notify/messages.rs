//! What a client is told about their move, in Spanish: one notice per event worth telling, as an
//! email and as a short SMS. Pure: the move as it was before and after the event in, the words
//! out.

use chrono::{Datelike, NaiveDate};
use events_schema::events::{ClaimOpened, ClaimResolution, DocumentKind, MoveStatus};
use events_schema::Event;

/// The move as its client knows it, folded from the move's events.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MoveFacts {
    pub id: i64,
    pub nombre: String,
    pub email: String,
    pub telefono: String,
    pub fecha: Option<NaiveDate>,
    /// morning, afternoon, evening or flexible.
    pub hora: String,
    pub total_cents: i64,
    /// The client deleted their account: nothing more is sent about this move.
    pub erased: bool,
}

impl MoveFacts {
    pub fn evolve(&mut self, event: &Event) {
        match event {
            Event::MoveCreated(e) => {
                self.id = e.move_id;
                self.nombre = e.cliente.nombre.clone();
                self.email = e.cliente.email.clone();
                self.telefono = e.cliente.telefono.clone();
                self.fecha = Some(e.fecha_programada);
                self.hora = e.hora_preferida.clone();
                self.total_cents = e.precio.total_cents;
            }
            Event::MoveDetailsUpdated(e) => {
                if let Some(c) = &e.cliente {
                    self.nombre = c.nombre.clone();
                    self.email = c.email.clone();
                    self.telefono = c.telefono.clone();
                }
                if let Some(date) = e.fecha_programada {
                    self.fecha = Some(date);
                }
                if let Some(price) = &e.precio {
                    self.total_cents = price.total_cents;
                }
            }
            Event::MoveDetailsCompleted(e) => self.hora = e.hora_preferida.clone(),
            Event::ClientErased(_) => self.erased = true,
            _ => {}
        }
    }

    fn first_name(&self) -> &str {
        self.nombre.split_whitespace().next().unwrap_or("")
    }

    fn day(&self) -> String {
        let slot = command::options::time_slot_phrase(&self.hora);
        match self.fecha {
            Some(date) if slot.is_empty() => long_date(date),
            Some(date) => format!("{} ({slot})", long_date(date)),
            None => "sin fecha".into(),
        }
    }
}

/// A notice to send: the email's subject and text, and the SMS's text.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    /// What it announces (`confirmada`, `equipo`, …), for logs and tests.
    pub kind: &'static str,
    pub subject: String,
    pub text: String,
    pub sms: String,
}

/// The reference of the quote a new move answers, when it was created from one.
pub struct QuoteReply<'a> {
    pub referencia: &'a str,
}

/// What `event` tells the client of the move that was `before` it and is `after` it, if
/// anything; `site` is the public address links start with.
pub fn notice(
    event: &Event,
    before: &MoveFacts,
    after: &MoveFacts,
    quote: Option<QuoteReply<'_>>,
    site: &str,
) -> Option<Notice> {
    if after.erased || after.email.is_empty() {
        return None;
    }
    let n = after.id;
    let hello = format!("Hola, {}:", after.first_name());
    let area = format!("{site}/cliente");
    let follow = format!("{site}/seguimiento?id={n}");
    let bye = "Mudanzas · Madrid";
    let (kind, subject, body, sms) = match event {
        Event::MoveCreated(_) => match quote {
            Some(q) => (
                "respuesta_presupuesto",
                format!("Tu presupuesto {}: mudanza nº {n}", q.referencia),
                format!(
                    "Hemos preparado tu presupuesto {}: la mudanza nº {n}, el {}, por un total de {} \
                     (IVA incluido).\n\nPuedes verla y reservarla en tu área de cliente: {area}",
                    q.referencia,
                    after.day(),
                    command::text::euros(after.total_cents),
                ),
                format!(
                    "Mudanzas: tu presupuesto {} está listo: mudanza nº {n}, {}. Detalles en {area}",
                    q.referencia,
                    command::text::euros(after.total_cents)
                ),
            ),
            None => (
                "programada",
                format!("Tu mudanza nº {n} está programada"),
                format!(
                    "Hemos registrado tu mudanza nº {n} para el {}.\n\nPuedes verla en tu área de \
                     cliente: {area}",
                    after.day()
                ),
                format!("Mudanzas: tu mudanza nº {n} está programada para el {}.", short_date(after)),
            ),
        },
        Event::MoveDetailsUpdated(_) if before.fecha.is_some() && before.fecha != after.fecha => (
            "nueva_fecha",
            format!("Nueva fecha para tu mudanza nº {n}"),
            format!(
                "Hemos cambiado la fecha de tu mudanza nº {n}: ahora es el {}.\n\nSi no te viene \
                 bien, responde a este mensaje o llámanos.",
                after.day()
            ),
            format!("Mudanzas: tu mudanza nº {n} pasa al {}.", short_date(after)),
        ),
        Event::WorkerAssigned(e) => {
            let crew = e.worker_name.split_whitespace().next().unwrap_or("");
            (
                "equipo",
                format!("Ya tienes equipo para tu mudanza nº {n}"),
                format!(
                    "{crew} estará a cargo de tu mudanza nº {n} el {}.\n\nEl día de la mudanza \
                     podrás seguir al equipo en directo: {follow}",
                    after.day()
                ),
                format!("Mudanzas: {crew} estará a cargo de tu mudanza nº {n}."),
            )
        }
        Event::MoveStatusChanged(e) => match e.to {
            MoveStatus::Confirmada => (
                "confirmada",
                format!("Tu mudanza nº {n} está confirmada"),
                format!(
                    "Tu mudanza nº {n} está confirmada para el {}.\n\nPuedes verla en tu área de \
                     cliente: {area}",
                    after.day()
                ),
                format!("Mudanzas: tu mudanza nº {n} está confirmada para el {}.", short_date(after)),
            ),
            MoveStatus::EnCurso => (
                "en_curso",
                format!("Tu mudanza nº {n} ha empezado"),
                format!("El equipo ya está con tu mudanza nº {n}. Síguela en directo: {follow}"),
                format!("Mudanzas: tu mudanza nº {n} ha empezado. Síguela en {follow}"),
            ),
            MoveStatus::Finalizada => (
                "finalizada",
                format!("Tu mudanza nº {n} ha terminado: ¿qué tal ha ido?"),
                format!(
                    "Tu mudanza nº {n} ha terminado. Gracias por confiar en nosotros.\n\n¿Nos \
                     cuentas qué tal ha ido? Valorar el servicio lleva un minuto: \
                     {area}?valorar={n}"
                ),
                format!("Mudanzas: tu mudanza nº {n} ha terminado. Valórala en {area}?valorar={n}"),
            ),
            MoveStatus::Cancelada => {
                let fee = e.cancellation_fee_cents.unwrap_or(0);
                let cost = if fee > 0 {
                    format!(
                        " Por el aviso con que se ha cancelado, la cancelación cuesta {}.",
                        command::text::euros(fee)
                    )
                } else {
                    " La cancelación no tiene coste.".to_string()
                };
                (
                    "cancelada",
                    format!("Tu mudanza nº {n} está cancelada"),
                    format!("Tu mudanza nº {n} del {} está cancelada.{cost}", after.day()),
                    format!("Mudanzas: tu mudanza nº {n} está cancelada."),
                )
            }
            MoveStatus::Pendiente => return None,
        },
        Event::PaymentAuthorised(e) => (
            "pago",
            format!("Hemos recibido tu pago para la mudanza nº {n}"),
            format!(
                "Hemos recibido tu pago de {} con tarjeta {} terminada en {} para la mudanza nº {n}.\
                 \n\nPuedes ver lo pagado y lo pendiente en tu área de cliente: {area}",
                command::text::euros(e.amount_cents),
                e.brand,
                e.last4
            ),
            format!(
                "Mudanzas: recibido tu pago de {} para la mudanza nº {n}.",
                command::text::euros(e.amount_cents)
            ),
        ),
        Event::MoveDocumentIssued(e) if e.kind == DocumentKind::Factura => (
            "factura",
            format!("Tu factura {} de la mudanza nº {n}", e.numero),
            format!(
                "Ya tienes la factura {} de tu mudanza nº {n}. Descárgala en PDF desde tu área de \
                 cliente: {area}",
                e.numero
            ),
            format!("Mudanzas: tu factura {} está en {area}", e.numero),
        ),
        Event::ClaimOpened(c) => (
            "reclamacion_abierta",
            format!("Hemos recibido tu reclamación de la mudanza nº {n}"),
            format!(
                "Hemos recibido tu reclamación sobre {} de la mudanza nº {n}. Te responderemos                  como muy tarde el {} (15 días hábiles).\n\nPuedes seguirla en tu área de                  cliente: {area}",
                claimed(c),
                long_date(c.plazo_respuesta)
            ),
            format!(
                "Mudanzas: recibida tu reclamación de la mudanza nº {n}. Respuesta antes del {}.",
                date(c.plazo_respuesta)
            ),
        ),
        Event::ClaimAnswered(a) => {
            let outcome = match (a.resolucion, a.importe_cents) {
                (ClaimResolution::Aceptada, Some(cents)) => {
                    format!("La aceptamos: te abonaremos {}.", command::text::euros(cents))
                }
                (ClaimResolution::Parcial, Some(cents)) => format!(
                    "La aceptamos en parte: te abonaremos {}.",
                    command::text::euros(cents)
                ),
                (ClaimResolution::Rechazada, _) | (_, None) => "No podemos aceptarla.".to_string(),
            };
            let reason = if a.motivo.trim().is_empty() {
                String::new()
            } else {
                format!("\n\nMotivo: {}", a.motivo.trim())
            };
            (
                "reclamacion_respondida",
                format!("Respuesta a tu reclamación de la mudanza nº {n}"),
                format!(
                    "Hemos respondido a tu reclamación de la mudanza nº {n}. {outcome}{reason}\n\n\
                     La tienes en tu área de cliente: {area}"
                ),
                format!("Mudanzas: respondida tu reclamación de la mudanza nº {n}. Detalles en {area}"),
            )
        }
        _ => return None,
    };
    Some(Notice {
        kind,
        subject,
        text: format!("{hello}\n\n{body}\n\n{bye}"),
        sms,
    })
}

const WEEKDAYS: [&str; 7] = [
    "lunes",
    "martes",
    "miércoles",
    "jueves",
    "viernes",
    "sábado",
    "domingo",
];
const MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// The objects of a claim, as one phrase: 'Sofá de 3 plazas y Caja mediana'.
fn claimed(c: &ClaimOpened) -> String {
    let names: Vec<&str> = c.objetos.iter().map(|o| o.nombre.as_str()).collect();
    match names.split_last() {
        None => "tu mudanza".to_string(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} y {last}", rest.join(", ")),
    }
}

/// '15 de diciembre de 2026'.
pub fn date(date: NaiveDate) -> String {
    let month = MONTHS[date.month0() as usize];
    format!("{} de {month} de {}", date.day(), date.year())
}

/// 'martes 15 de diciembre de 2026'.
pub fn long_date(date: NaiveDate) -> String {
    let weekday = WEEKDAYS[date.weekday().num_days_from_monday() as usize];
    format!("{weekday} {}", self::date(date))
}

/// '15/12' for an SMS.
fn short_date(facts: &MoveFacts) -> String {
    facts
        .fecha
        .map_or_else(|| "sin fecha".into(), |d| d.format("%d/%m").to_string())
}

/// A Spanish mobile number in E.164 (+34…), the only numbers an SMS reaches; `None` otherwise
/// (landlines, foreign or malformed numbers).
pub fn mobile_e164(phone: &str) -> Option<String> {
    let digits: String = phone.chars().filter(|c| c.is_ascii_digit()).collect();
    let trimmed = phone.trim_start();
    let national = if trimmed.starts_with('+') {
        digits.strip_prefix("34")?.to_string()
    } else if let Some(rest) = digits.strip_prefix("0034") {
        rest.to_string()
    } else {
        digits
    };
    let mobile = national.len() == 9 && matches!(national.as_bytes()[0], b'6' | b'7');
    mobile.then(|| format!("+34{national}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use events_schema::events::{MoveStatusChanged, WorkerAssigned};

    fn facts() -> MoveFacts {
        MoveFacts {
            id: 7,
            nombre: "Marta Sánchez López".into(),
            email: "marta@mudanzas.test".into(),
            telefono: "612 345 678".into(),
            fecha: NaiveDate::from_ymd_opt(2026, 12, 15),
            hora: "morning".into(),
            total_cents: 45_496,
            erased: false,
        }
    }

    fn status(to: MoveStatus) -> Event {
        Event::MoveStatusChanged(MoveStatusChanged {
            from: MoveStatus::Pendiente,
            to,
            cancellation_fee_cents: None,
        })
    }

    #[test]
    fn dates_read_in_spanish() {
        let date = NaiveDate::from_ymd_opt(2026, 12, 15).unwrap();
        assert_eq!(long_date(date), "martes 15 de diciembre de 2026");
    }

    #[test]
    fn a_confirmation_names_the_move_its_day_and_the_client() {
        let n = notice(
            &status(MoveStatus::Confirmada),
            &facts(),
            &facts(),
            None,
            "https://m.es",
        )
        .unwrap();
        assert_eq!(n.kind, "confirmada");
        assert_eq!(n.subject, "Tu mudanza nº 7 está confirmada");
        assert!(n.text.starts_with("Hola, Marta:"), "{}", n.text);
        assert!(
            n.text.contains("martes 15 de diciembre de 2026"),
            "{}",
            n.text
        );
        assert!(n.text.contains("https://m.es/cliente"), "{}", n.text);
        assert!(n.sms.chars().count() <= 160, "{}", n.sms);
    }

    #[test]
    fn a_finished_move_invites_its_client_to_rate_it() {
        let n = notice(
            &status(MoveStatus::Finalizada),
            &facts(),
            &facts(),
            None,
            "https://m.es",
        )
        .unwrap();
        assert!(
            n.text.contains("https://m.es/cliente?valorar=7"),
            "{}",
            n.text
        );
    }

    #[test]
    fn only_a_new_date_is_a_rescheduling() {
        let mut later = facts();
        later.fecha = NaiveDate::from_ymd_opt(2026, 12, 18);
        let update = Event::MoveDetailsUpdated(Default::default());
        let n = notice(&update, &facts(), &later, None, "").unwrap();
        assert_eq!(n.kind, "nueva_fecha");
        assert!(n.text.contains("viernes 18 de diciembre"), "{}", n.text);
        assert_eq!(notice(&update, &facts(), &facts(), None, ""), None);
    }

    #[test]
    fn the_crew_is_named_by_first_name_only() {
        let assigned = Event::WorkerAssigned(WorkerAssigned {
            worker_id: uuid::Uuid::nil(),
            worker_name: "Javier Moreno".into(),
        });
        let n = notice(&assigned, &facts(), &facts(), None, "").unwrap();
        assert!(n.text.contains("Javier estará"), "{}", n.text);
        assert!(!n.text.contains("Moreno"), "{}", n.text);
    }

    #[test]
    fn nothing_is_sent_about_an_erased_client_or_a_move_back_to_pending() {
        let mut erased = facts();
        erased.erased = true;
        assert_eq!(
            notice(&status(MoveStatus::Confirmada), &facts(), &erased, None, ""),
            None
        );
        assert_eq!(
            notice(&status(MoveStatus::Pendiente), &facts(), &facts(), None, ""),
            None
        );
    }

    #[test]
    fn a_move_from_a_quote_is_its_reply() {
        let created = Event::MoveCreated(command::demo::demo_move(
            7,
            events_schema::events::Person {
                nombre: "Marta".into(),
                telefono: "612 345 678".into(),
                email: "marta@mudanzas.test".into(),
            },
            NaiveDate::from_ymd_opt(2026, 12, 15).unwrap(),
            0,
        ));
        let quote = QuoteReply {
            referencia: "P-2026-000123",
        };
        let n = notice(&created, &MoveFacts::default(), &facts(), Some(quote), "").unwrap();
        assert_eq!(n.kind, "respuesta_presupuesto");
        assert_eq!(n.subject, "Tu presupuesto P-2026-000123: mudanza nº 7");
        assert!(n.text.contains("454,96 €"), "{}", n.text);
    }

    #[test]
    fn only_spanish_mobiles_get_an_sms() {
        assert_eq!(mobile_e164("612 345 678").as_deref(), Some("+34612345678"));
        assert_eq!(
            mobile_e164("+34 712-345-678").as_deref(),
            Some("+34712345678")
        );
        assert_eq!(
            mobile_e164("0034612345678").as_deref(),
            Some("+34612345678")
        );
        assert_eq!(mobile_e164("912 345 678"), None, "a landline");
        assert_eq!(mobile_e164("+44 7700 900123"), None);
        assert_eq!(mobile_e164("6123"), None);
        assert_eq!(mobile_e164(""), None);
    }
}
