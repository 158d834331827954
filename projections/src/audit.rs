//! The auditor's replay of one move (issue 7): its events in Spanish words, what each one changed
//! in the move's state, and the state as of any instant.
//!
//! The state is the staff view (`moves::StaffMove`), folded with the very `evolve` the `moves`
//! projector writes the read model with: there is one interpretation of a move's events, not a
//! second one for auditing that could tell a different story.

use chrono::{DateTime, Utc};
use events_schema::events::{DocumentKind, MoveStatus};
use events_schema::{Event, RecordedEvent};
use serde::Serialize;
use serde_json::Value;

use crate::moves::StaffMove;
use crate::Error;

/// What every event type means, in the words an auditor reads. Every type of
/// `events_schema::EVENT_TYPES` has one (a test fails otherwise).
pub fn label(event_type: &str) -> Option<&'static str> {
    Some(match event_type {
        "move.created" => "Mudanza creada",
        "move.details_updated" => "Datos de la mudanza modificados",
        "move.status_changed" => "Estado cambiado",
        "move.worker_assigned" => "Trabajador asignado",
        "move.photo_added" => "Foto subida",
        "move.document_issued" => "Documento emitido",
        "move.client_erased" => "Datos personales del cliente borrados",
        "move.details_completed" => "Detalles completados por el cliente",
        "move.booking_accepted" => "Reserva aceptada por el cliente",
        "quote.requested" => "Presupuesto solicitado",
        "quote.converted" => "Presupuesto convertido en mudanza",
        "quote.discarded" => "Presupuesto descartado",
        "quote.contact_erased" => "Datos de contacto del presupuesto borrados",
        "worker.day_booked" => "Día del trabajador reservado",
        "worker.day_released" => "Día del trabajador liberado",
        "document.issued" => "Número de documento asignado en su serie",
        "move.payment_key_issued" => "Clave de pago emitida",
        "move.payment_authorised" => "Pago con tarjeta autorizado",
        "move.payment_failed" => "Pago con tarjeta rechazado",
        "move.payment_refunded" => "Pago reembolsado",
        "move.crew_milestone_recorded" => "Hito del equipo registrado",
        "review.submitted" => "Opinión enviada por el cliente",
        "review.moderated" => "Opinión moderada",
        "move.waybill_signed" => "Albarán firmado",
        "move.object_condition_noted" => "Estado de un objeto anotado",
        "claim.opened" => "Reclamación abierta por el cliente",
        "claim.answered" => "Reclamación respondida",
        _ => return None,
    })
}

/// The label of a type, or the type itself for one this build does not know yet.
pub fn label_or_type(event_type: &str) -> String {
    label(event_type).map_or_else(|| event_type.to_string(), str::to_string)
}

/// The roles of the events' metadata in Spanish: the five account roles, the system's processes
/// (the seed) and anonymous visitors (quote requests).
pub fn role_label(role: &str) -> &str {
    match role {
        "cliente" => "Cliente",
        "empleado" => "Trabajador",
        "empresario" => "Gerente",
        "admin" => "Administrador",
        "auditor" => "Auditor",
        "system" => "Sistema",
        "anonimo" => "Visitante",
        other => other,
    }
}

/// A status as the staff screens show it (spec §4).
pub fn status_label(status: MoveStatus) -> &'static str {
    match status {
        MoveStatus::Pendiente => "Pendiente",
        MoveStatus::Confirmada => "Confirmada",
        MoveStatus::EnCurso => "En Progreso",
        MoveStatus::Finalizada => "Completada",
        MoveStatus::Cancelada => "Cancelada",
    }
}

/// One line that says what this event was about, beyond its type: the statuses of a status
/// change, the worker assigned, the document's number… Empty when the type says it all.
pub fn summary(event: &Event) -> String {
    match event {
        Event::MoveCreated(c) => format!("{} → {}", c.origen, c.destino),
        Event::MoveDetailsUpdated(_) => String::new(),
        Event::MoveStatusChanged(c) => {
            format!("{} → {}", status_label(c.from), status_label(c.to))
        }
        Event::WorkerAssigned(w) => w.worker_name.clone(),
        Event::PhotoAdded(p) if p.descripcion.trim().is_empty() => p.tipo.clone(),
        Event::PhotoAdded(p) => format!("{} ({})", p.descripcion, p.tipo),
        Event::MoveDocumentIssued(d) => format!("{} {}", document_label(d.kind), d.numero),
        Event::DocumentIssued(d) => format!("{} {}", document_label(d.kind), d.numero),
        Event::ClientErased(_) => "El cliente eliminó su cuenta".to_string(),
        Event::MoveDetailsCompleted(_) => String::new(),
        Event::BookingAccepted(b) => format!(
            "Total aceptado: {} (condiciones {})",
            euros_text(b.total_cents),
            b.condiciones_version
        ),
        Event::QuoteRequested(q) => format!("{} <{}>", q.contact.name, q.contact.email),
        Event::QuoteConverted(q) => format!("Mudanza {}", q.move_id),
        Event::QuoteDiscarded(_) => String::new(),
        Event::QuoteContactErased(e) => match e.motivo.as_str() {
            "retencion" => "Plazo de conservación cumplido".to_string(),
            "cuenta_eliminada" => "El solicitante eliminó su cuenta".to_string(),
            other => other.to_string(),
        },
        // The key itself is a credential: the audit says one was issued, not which.
        Event::PaymentKeyIssued(_) => String::new(),
        Event::PaymentAuthorised(p) => format!(
            "{} · {} ···· {} · {}",
            euros_text(p.amount_cents),
            p.brand,
            p.last4,
            p.provider
        ),
        Event::PaymentFailed(f) => format!(
            "{} · {} ···· {} · {}",
            euros_text(f.amount_cents),
            f.brand,
            f.last4,
            f.reason
        ),
        Event::PaymentRefunded(r) => format!("{} · {}", euros_text(r.amount_cents), r.reason),
        Event::CrewMilestoneRecorded(m) => m.hito.label().to_string(),
        Event::ReviewSubmitted(r) => format!("{} ★ · {} · {}", r.rating, r.titulo, r.nombre),
        Event::ReviewModerated(m) if m.publicada => "Publicada".to_string(),
        Event::ReviewModerated(m) => format!("Oculta: {}", m.motivo),
        Event::WorkerDayBooked(d) => d.fecha.format("%d/%m/%Y").to_string(),
        Event::WorkerDayReleased(d) => d.fecha.format("%d/%m/%Y").to_string(),
        Event::WaybillSigned(w) => format!(
            "{} · firma {}: {}",
            w.etapa.label(),
            match w.firmante {
                events_schema::events::Signer::Cliente => "del cliente",
                events_schema::events::Signer::Operario => "del operario",
            },
            w.nombre
        ),
        Event::ObjectConditionNoted(n) if n.nota.is_empty() => {
            format!(
                "{} · {}: {}",
                n.etapa.label(),
                n.objeto_nombre,
                n.estado.label()
            )
        }
        Event::ObjectConditionNoted(n) => format!(
            "{} · {}: {} ({})",
            n.etapa.label(),
            n.objeto_nombre,
            n.estado.label(),
            n.nota
        ),
        Event::ClaimOpened(c) => format!(
            "Mudanza {} · {} · responder antes del {}",
            c.move_id,
            c.objetos
                .iter()
                .map(|o| o.nombre.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            c.plazo_respuesta.format("%d/%m/%Y")
        ),
        Event::ClaimAnswered(a) => match a.importe_cents {
            Some(cents) => format!("{} · {}", a.resolucion.label(), euros_text(cents)),
            None => format!("{} · {}", a.resolucion.label(), a.motivo),
        },
    }
}

fn document_label(kind: DocumentKind) -> &'static str {
    match kind {
        DocumentKind::Factura => "Factura",
        DocumentKind::Albaran => "Albarán",
    }
}

/// '1.234,50 €'.
fn euros_text(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped},{:02} €", cents % 100)
}

/// One field of the move's state that an event changed: its path in the staff view
/// (`estado`, `precio.total_cents`, `property_details.origin.floor`, `photos[0]`), and its value
/// before and after (null where there was none).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Change {
    pub campo: String,
    pub antes: Value,
    pub despues: Value,
}

/// Bookkeeping that every event moves (the stream version, the time of the last change) and the
/// status history, which is the log itself retold (each status change already shows as `estado`):
/// listing them would bury what each event really changed. The state itself still carries them.
const NOT_DIFFED: [&str; 3] = ["version", "updated_at", "historial"];

/// The fields that differ between two states of a move, in a stable order. Objects are compared
/// field by field; lists element by element when only their elements changed or items were
/// added at the end (a photo uploaded), and as a whole otherwise (an object removed).
pub fn diff(before: &Value, after: &Value) -> Vec<Change> {
    let mut changes = Vec::new();
    walk("", before, after, &mut changes);
    changes.retain(|c| {
        let field = c.campo.split(['.', '[']).next().unwrap_or_default();
        !NOT_DIFFED.contains(&field)
    });
    changes
}

fn walk(path: &str, before: &Value, after: &Value, out: &mut Vec<Change>) {
    if before == after {
        return;
    }
    let child = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (before, after) {
        (Value::Object(_), Value::Object(_) | Value::Null) | (Value::Null, Value::Object(_)) => {
            let empty = serde_json::Map::new();
            let b = before.as_object().unwrap_or(&empty);
            let a = after.as_object().unwrap_or(&empty);
            // serde_json's maps are ordered by key: the union is visited in that order.
            let mut keys: Vec<&String> = b.keys().chain(a.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                walk(
                    &child(key),
                    b.get(key).unwrap_or(&Value::Null),
                    a.get(key).unwrap_or(&Value::Null),
                    out,
                );
            }
        }
        (Value::Array(b), Value::Array(a)) if b.len() == a.len() => {
            for (i, (x, y)) in b.iter().zip(a).enumerate() {
                walk(&format!("{path}[{i}]"), x, y, out);
            }
        }
        (Value::Array(b), Value::Array(a)) if a.len() > b.len() && a.starts_with(b) => {
            for (i, added) in a.iter().enumerate().skip(b.len()) {
                out.push(Change {
                    campo: format!("{path}[{i}]"),
                    antes: Value::Null,
                    despues: added.clone(),
                });
            }
        }
        _ => out.push(Change {
            campo: path.to_string(),
            antes: before.clone(),
            despues: after.clone(),
        }),
    }
}

fn document(m: &Option<StaffMove>) -> Value {
    m.as_ref()
        .and_then(|m| serde_json::to_value(m).ok())
        .unwrap_or(Value::Null)
}

/// The move's state after each of `events`, which must be the move's own stream in order: the
/// projector's fold, step by step.
pub fn fold(events: &[RecordedEvent]) -> Result<Option<StaffMove>, Error> {
    events
        .iter()
        .try_fold(None, |state, e| StaffMove::evolve(state, e).map(Some))
}

/// One event of a move's history and what it changed in the move's state. Events of other
/// streams that concern the move (its quote, its worker's days, its documents' series) change
/// nothing in it.
#[derive(Debug, Clone)]
pub struct Step<'a> {
    pub event: &'a RecordedEvent,
    pub changes: Vec<Change>,
}

/// Replays a move's history: `events` in position order, the move's own stream (`stream`)
/// among others. state₀ is nothing; each of the move's events takes stateᵢ₋₁ to stateᵢ, and its
/// changes are diff(stateᵢ₋₁, stateᵢ).
pub fn replay<'a>(stream: &str, events: &'a [RecordedEvent]) -> Result<Vec<Step<'a>>, Error> {
    let mut state: Option<StaffMove> = None;
    let mut before = Value::Null;
    let mut steps = Vec::with_capacity(events.len());
    for e in events {
        if e.stream_id != stream {
            steps.push(Step {
                event: e,
                changes: Vec::new(),
            });
            continue;
        }
        state = Some(StaffMove::evolve(state, e)?);
        let after = document(&state);
        steps.push(Step {
            event: e,
            changes: diff(&before, &after),
        });
        before = after;
    }
    Ok(steps)
}

/// The move as of `instant`: its own events (in stream order) recorded at or before it, folded.
/// The replay stops at the first event recorded later, so the state is always one the move
/// really went through. None when the move did not exist yet. Also returns the last event
/// applied and how many were.
pub fn state_at(
    events: &[RecordedEvent],
    instant: DateTime<Utc>,
) -> Result<Option<(StaffMove, &RecordedEvent, usize)>, Error> {
    let applied = events
        .iter()
        .take_while(|e| e.recorded_at <= instant)
        .count();
    let Some(last) = applied.checked_sub(1).map(|i| &events[i]) else {
        return Ok(None);
    };
    Ok(fold(&events[..applied])?.map(|m| (m, last, applied)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use events_schema::events::{
        Contact, MoveCreated, MoveStatusChanged, MovedObject, PhotoAdded, Price, Properties,
        PropertyDetails, Services, Urgency,
    };
    use events_schema::EVENT_TYPES;
    use serde_json::json;
    use uuid::Uuid;

    #[test]
    fn every_event_type_has_a_spanish_label() {
        for t in EVENT_TYPES {
            let label = label(t.name).unwrap_or_else(|| panic!("{} has no label", t.name));
            assert!(
                !label.is_empty() && !label.contains('.'),
                "{}: {label}",
                t.name
            );
        }
        let mut labels: Vec<_> = EVENT_TYPES.iter().filter_map(|t| label(t.name)).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), EVENT_TYPES.len(), "two types share a label");
        assert_eq!(label_or_type("move.unknown"), "move.unknown");
    }

    #[test]
    fn diff_names_each_changed_leaf_by_its_path() {
        let before = json!({"estado": "pendiente", "precio": {"total_cents": 100, "tax_cents": 21},
                            "version": 1, "updated_at": "a", "worker": "Sin asignar"});
        let after = json!({"estado": "en curso", "precio": {"total_cents": 200, "tax_cents": 21},
                           "version": 2, "updated_at": "b", "worker": "Sin asignar"});
        assert_eq!(
            diff(&before, &after),
            vec![
                Change {
                    campo: "estado".into(),
                    antes: json!("pendiente"),
                    despues: json!("en curso")
                },
                Change {
                    campo: "precio.total_cents".into(),
                    antes: json!(100),
                    despues: json!(200)
                },
            ]
        );
        assert!(diff(&before, &before).is_empty());
    }

    #[test]
    fn diff_of_lists_names_appended_items_and_replaces_reshuffled_ones() {
        let photo = json!({"id": "p1", "descripcion": "Salón"});
        assert_eq!(
            diff(&json!({"photos": []}), &json!({"photos": [photo]})),
            vec![Change {
                campo: "photos[0]".into(),
                antes: Value::Null,
                despues: photo.clone()
            }]
        );
        assert_eq!(
            diff(
                &json!({"objects": [{"q": 1}, {"q": 2}]}),
                &json!({"objects": [{"q": 1}, {"q": 3}]})
            ),
            vec![Change {
                campo: "objects[1].q".into(),
                antes: json!(2),
                despues: json!(3)
            }]
        );
        let removed = diff(
            &json!({"objects": [{"q": 1}, {"q": 2}]}),
            &json!({"objects": [{"q": 2}]}),
        );
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0].campo, "objects");
        assert_eq!(removed[0].despues, json!([{"q": 2}]));
    }

    #[test]
    fn diff_from_nothing_lists_every_field_and_absent_keys_count_as_null() {
        let changes = diff(&Value::Null, &json!({"a": 1, "b": {"c": true}, "d": null}));
        let fields: Vec<_> = changes.iter().map(|c| c.campo.as_str()).collect();
        assert_eq!(fields, ["a", "b.c"]);
        assert!(changes.iter().all(|c| c.antes.is_null()));
        let booking = diff(
            &json!({}),
            &json!({"reserva": {"condiciones_version": "2026-1"}}),
        );
        assert_eq!(booking[0].campo, "reserva.condiciones_version");
    }

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 4, 10, minute, 0).unwrap()
    }

    fn recorded(version: i64, event: Event, minute: u32) -> RecordedEvent {
        RecordedEvent {
            position: version * 10_000,
            event_id: Uuid::now_v7(),
            stream_id: "move-7".into(),
            stream_version: version,
            event_type: event.event_type().into(),
            schema_version: event.schema_version(),
            data: event.to_data().into(),
            metadata: serde_json::from_value(json!({"correlation_id": Uuid::nil()})).unwrap(),
            // The device's clock was a minute behind.
            occurred_at: at(minute) - chrono::Duration::minutes(1),
            recorded_at: at(minute),
        }
    }

    fn created() -> Event {
        let side = PropertyDetails {
            property_type: "office".into(),
            access: "normal".into(),
            floor: "ground".into(),
            elevator: false,
        };
        Event::MoveCreated(MoveCreated {
            move_id: 7,
            cliente: events_schema::events::Person {
                nombre: "Ana".into(),
                telefono: "600 000 000".into(),
                email: "ana@mudanzas.test".into(),
            },
            origen: "Calle A 1, Madrid".into(),
            destino: "Calle B 2, Madrid".into(),
            fecha_programada: chrono::NaiveDate::from_ymd_opt(2026, 6, 1).unwrap(),
            fecha_alternativa: None,
            flexible: false,
            hora_preferida: "morning".into(),
            contacto: Contact {
                nombre: "Ana".into(),
                telefono: "600 000 000".into(),
                email: String::new(),
                preferencia: "phone".into(),
            },
            urgencia: Urgency::Normal,
            property_details: Properties {
                origin: side.clone(),
                destination: side,
            },
            objects: vec![MovedObject {
                id: "caja".into(),
                nombre: "Caja".into(),
                peso: 5.0,
                quantity: 3,
            }],
            services: Services::default(),
            instrucciones: String::new(),
            precio: Price {
                base_cents: 10_000,
                subtotal_cents: 10_000,
                total_cents: 10_000,
                ..Price::default()
            },
        })
    }

    fn history() -> Vec<RecordedEvent> {
        vec![
            recorded(1, created(), 0),
            recorded(
                2,
                Event::MoveStatusChanged(MoveStatusChanged {
                    from: MoveStatus::Pendiente,
                    to: MoveStatus::EnCurso,
                    cancellation_fee_cents: None,
                }),
                10,
            ),
            recorded(
                3,
                Event::PhotoAdded(PhotoAdded {
                    photo_id: Uuid::nil(),
                    content_type: "image/png".into(),
                    size_bytes: 10,
                    descripcion: "Salón".into(),
                    tipo: "carga".into(),
                    objeto: None,
                }),
                20,
            ),
        ]
    }

    #[test]
    fn replay_diffs_each_event_against_the_state_before_it() {
        let events = history();
        let steps = replay("move-7", &events).unwrap();
        let created = &steps[0].changes;
        assert!(created.iter().all(|c| c.antes.is_null()));
        assert!(created
            .iter()
            .any(|c| c.campo == "cliente_nombre" && c.despues == json!("Ana")));
        assert!(created
            .iter()
            .any(|c| c.campo == "precio.total_cents" && c.despues == json!(10_000)));
        assert_eq!(
            steps[1].changes,
            vec![Change {
                campo: "estado".into(),
                antes: json!("pendiente"),
                despues: json!("en curso")
            }]
        );
        let photo = &steps[2].changes;
        assert_eq!(photo.len(), 1);
        assert_eq!(photo[0].campo, "photos[0]");
        assert_eq!(photo[0].despues["descripcion"], "Salón");
        assert_eq!(
            photo[0].despues["url"],
            "/api/fotos/7/00000000-0000-0000-0000-000000000000"
        );
        // The device's time is what the projector records as the upload time.
        assert_eq!(photo[0].despues["fecha_subida"], json!(at(19)));
    }

    #[test]
    fn events_of_other_streams_change_nothing_in_the_move() {
        let mut events = history();
        let mut quote = events[0].clone();
        quote.stream_id = "quote-x".into();
        quote.position = 5;
        events.insert(0, quote);
        let steps = replay("move-7", &events).unwrap();
        assert!(steps[0].changes.is_empty());
        assert_eq!(steps[2].changes[0].campo, "estado");
    }

    #[test]
    fn the_state_at_an_instant_replays_what_was_recorded_by_then() {
        let events = history();
        assert!(state_at(&events, at(0) - chrono::Duration::seconds(1))
            .unwrap()
            .is_none());
        let (m, last, n) = state_at(&events, at(0)).unwrap().unwrap();
        assert_eq!(
            (m.estado, last.stream_version, n),
            (MoveStatus::Pendiente, 1, 1)
        );
        let (m, _, n) = state_at(&events, at(15)).unwrap().unwrap();
        assert_eq!((m.estado, m.photos.len(), n), (MoveStatus::EnCurso, 0, 2));
        let (m, last, _) = state_at(&events, at(59)).unwrap().unwrap();
        assert_eq!((m.photos.len(), last.stream_version), (1, 3));
        assert_eq!(Some(m), fold(&events).unwrap());
    }

    #[test]
    fn summaries_and_money_read_in_spanish() {
        assert_eq!(euros_text(123_450), "1.234,50 €");
        assert_eq!(euros_text(5), "0,05 €");
        assert_eq!(euros_text(100_000_000), "1.000.000,00 €");
        let change = Event::MoveStatusChanged(MoveStatusChanged {
            from: MoveStatus::Pendiente,
            to: MoveStatus::Finalizada,
            cancellation_fee_cents: None,
        });
        assert_eq!(summary(&change), "Pendiente → Completada");
        assert_eq!(role_label("empresario"), "Gerente");
        assert_eq!(role_label("otro"), "otro");
    }
}
