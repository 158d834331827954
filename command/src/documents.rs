//! Issuing a move's invoice or waybill. Each kind has one correlative series per year, kept as
//! a stream whose n-th event is the n-th document: the number is decided on the series' version
//! and appended at that version together with the note on the move's stream, so two documents
//! issued at the same instant cannot take one number, and a move never gets two of a kind.

use chrono::{Datelike, NaiveDate};
use events_schema::events::{
    document_series_stream, move_stream, DocumentIssued, DocumentKind, MoveDocumentIssued,
};
use events_schema::Event;

use crate::moves::MoveState;
use crate::{DomainError, Role, StreamEvents};

/// The outcome: the move's document already exists, or the events that issue it.
#[derive(Debug, Clone, PartialEq)]
pub enum Issue {
    Existing(String),
    New {
        numero: String,
        plan: Vec<StreamEvents>,
    },
}

/// Who may issue: invoices are the managers'; a waybill may be produced by whoever may see the
/// move (staff on site, or its client downloading it). Auditors change nothing.
pub fn may_issue(kind: DocumentKind, role: Role) -> bool {
    match kind {
        DocumentKind::Factura => matches!(role, Role::Empresario | Role::Admin),
        DocumentKind::Albaran => !matches!(role, Role::Auditor),
    }
}

/// `series_version` is the version of the series stream of `fecha`'s year; `contenido` is the
/// document as it will be kept.
pub fn decide_issue(
    kind: DocumentKind,
    move_id: i64,
    current: &MoveState,
    series_version: i64,
    fecha: NaiveDate,
    contenido: serde_json::Value,
    role: Role,
) -> Result<Issue, DomainError> {
    if !current.exists {
        return Err(DomainError::NotFound);
    }
    let existing = match kind {
        DocumentKind::Factura => &current.factura,
        DocumentKind::Albaran => &current.albaran,
    };
    if let Some(numero) = existing {
        return Ok(Issue::Existing(numero.clone()));
    }
    if !may_issue(kind, role) {
        return Err(DomainError::Forbidden);
    }
    let secuencia = series_version + 1;
    let numero = kind.numero(fecha.year(), secuencia);
    let plan = vec![
        StreamEvents {
            stream: move_stream(move_id),
            expected_version: current.version,
            events: vec![Event::MoveDocumentIssued(MoveDocumentIssued {
                kind,
                numero: numero.clone(),
            })],
        },
        StreamEvents {
            stream: document_series_stream(kind, fecha.year()),
            expected_version: series_version,
            events: vec![Event::DocumentIssued(DocumentIssued {
                kind,
                numero: numero.clone(),
                secuencia,
                move_id,
                fecha_emision: fecha,
                contenido,
            })],
        },
    ];
    Ok(Issue::New { numero, plan })
}

#[cfg(test)]
mod tests {
    use super::*;
    use events_schema::events::MoveStatus;
    use serde_json::json;

    fn a_move() -> MoveState {
        MoveState {
            exists: true,
            status: Some(MoveStatus::Finalizada),
            version: 4,
            ..MoveState::default()
        }
    }

    fn fecha() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    #[test]
    fn the_next_number_of_the_years_series_is_taken_at_its_version() {
        let issue = decide_issue(
            DocumentKind::Factura,
            7,
            &a_move(),
            41,
            fecha(),
            json!({}),
            Role::Empresario,
        )
        .unwrap();
        let Issue::New { numero, plan } = issue else {
            panic!("a new invoice")
        };
        assert_eq!(numero, "F2026-000042");
        assert_eq!(
            (plan[0].stream.as_str(), plan[0].expected_version),
            ("move-7", 4)
        );
        assert_eq!(
            (plan[1].stream.as_str(), plan[1].expected_version),
            ("documentos-factura-2026", 41)
        );
    }

    #[test]
    fn a_move_keeps_its_first_document_and_waybills_have_their_own_series() {
        let issued = MoveState {
            factura: Some("F2026-000003".into()),
            ..a_move()
        };
        for role in [Role::Empresario, Role::Auditor] {
            assert_eq!(
                decide_issue(
                    DocumentKind::Factura,
                    7,
                    &issued,
                    9,
                    fecha(),
                    json!({}),
                    role
                ),
                Ok(Issue::Existing("F2026-000003".into()))
            );
        }
        let Ok(Issue::New { numero, .. }) = decide_issue(
            DocumentKind::Albaran,
            7,
            &issued,
            0,
            fecha(),
            json!({}),
            Role::Cliente,
        ) else {
            panic!("a new waybill")
        };
        assert_eq!(numero, "A2026-000001");
    }

    #[test]
    fn only_managers_invoice_and_auditors_issue_nothing() {
        for role in [Role::Empleado, Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide_issue(
                    DocumentKind::Factura,
                    7,
                    &a_move(),
                    0,
                    fecha(),
                    json!({}),
                    role
                ),
                Err(DomainError::Forbidden)
            );
        }
        assert_eq!(
            decide_issue(
                DocumentKind::Albaran,
                7,
                &a_move(),
                0,
                fecha(),
                json!({}),
                Role::Auditor
            ),
            Err(DomainError::Forbidden)
        );
        assert_eq!(
            decide_issue(
                DocumentKind::Factura,
                7,
                &MoveState::default(),
                0,
                fecha(),
                json!({}),
                Role::Empresario
            ),
            Err(DomainError::NotFound)
        );
    }
}
