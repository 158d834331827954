//! Issuing a move's invoice or waybill. Each kind has one correlative series per year, kept as
//! a stream whose n-th event is the n-th document: the number is decided on the series' version
//! and appended at that version together with the note on the move's stream, so two documents
//! issued at the same instant cannot take one number, and a move never gets two of a kind.

use chrono::Datelike;
use events_schema::events::{document_series_stream, DocumentIssued, DocumentKind};
use events_schema::Event;

use crate::moves::{MoveCommand, MoveDecider, MoveState};
use crate::{Context, Decider, DomainError, Role, StreamEvents};

/// The outcome: the move's document already exists, or the events that issue it.
#[derive(Debug, Clone, PartialEq)]
pub enum Issue {
    Existing(String),
    New {
        number: String,
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

/// A year's series of one kind: how many documents it has issued. Its version is all a new
/// number needs, so the API reads only that (`EventStore::stream_version`), never the documents.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DocumentSeries {
    pub version: i64,
}

impl DocumentSeries {
    /// The number and place of the series' next document of `kind`, issued in `year`.
    pub fn next(self, kind: DocumentKind, year: i32) -> (String, i64) {
        let sequence = self.version + 1;
        (kind.number(year, sequence), sequence)
    }
}

pub enum SeriesCommand {
    /// The next number of the series for the move's document, issued on the context's day with
    /// `content` as it will be kept.
    Issue {
        kind: DocumentKind,
        move_id: i64,
        content: serde_json::Value,
    },
}

/// The decider of a year's series of one kind (`documentos-<kind>-<year>`).
pub struct DocumentSeriesDecider;

impl Decider for DocumentSeriesDecider {
    type Id = (DocumentKind, i32);
    type State = DocumentSeries;
    type Command = SeriesCommand;

    fn stream((kind, year): &(DocumentKind, i32)) -> String {
        document_series_stream(*kind, *year)
    }

    fn decide(
        series: &DocumentSeries,
        command: SeriesCommand,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        let SeriesCommand::Issue {
            kind,
            move_id,
            content,
        } = command;
        if !may_issue(kind, ctx.role()?) {
            return Err(DomainError::Forbidden);
        }
        let issued_on = ctx.today();
        let (number, sequence) = series.next(kind, issued_on.year());
        Ok(vec![Event::DocumentIssued(DocumentIssued {
            kind,
            numero: number,
            secuencia: sequence,
            move_id,
            fecha_emision: issued_on,
            contenido: content,
        })])
    }

    fn evolve(series: DocumentSeries, _event: &Event) -> DocumentSeries {
        DocumentSeries {
            version: series.version + 1,
        }
    }
}

/// The move's document of `kind`: the one it has, or the next number of the series of the
/// context's year (`series`, at its version) with the note on the move, to be appended together.
pub fn decide_issue(
    kind: DocumentKind,
    move_id: i64,
    current: &MoveState,
    series: DocumentSeries,
    content: serde_json::Value,
    ctx: &Context<'_>,
) -> Result<Issue, DomainError> {
    if !current.exists {
        return Err(DomainError::NotFound);
    }
    let existing = match kind {
        DocumentKind::Factura => &current.factura,
        DocumentKind::Albaran => &current.albaran,
    };
    if let Some(number) = existing {
        return Ok(Issue::Existing(number.clone()));
    }
    let year = ctx.today().year();
    let issue = SeriesCommand::Issue {
        kind,
        move_id,
        content,
    };
    let issued = DocumentSeriesDecider::plan(&(kind, year), &series, series.version, issue, ctx)?;
    let number = match issued.events.as_slice() {
        [Event::DocumentIssued(document)] => document.numero.clone(),
        _ => unreachable!("the series decides one document per issue"),
    };
    let note = MoveCommand::NoteDocument {
        kind,
        number: number.clone(),
    };
    let noted = MoveDecider::plan(&move_id, current, current.version, note, ctx)?;
    let plan = vec![noted, issued];
    Ok(Issue::New { number, plan })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use chrono::{NaiveDate, TimeZone, Utc};
    use events_schema::events::MoveStatus;
    use serde_json::json;

    /// Decided by `role` at noon on `fecha`, on a series of `series_version` documents.
    fn decide_issue(
        kind: DocumentKind,
        move_id: i64,
        current: &MoveState,
        series_version: i64,
        issue_date: NaiveDate,
        content: serde_json::Value,
        role: Role,
    ) -> Result<Issue, DomainError> {
        let generate = Fixed::default();
        let ctx = Context {
            now: Utc.from_utc_datetime(&issue_date.and_hms_opt(12, 0, 0).unwrap()),
            role: Some(role),
            generate: &generate,
        };
        let series = DocumentSeries {
            version: series_version,
        };
        super::decide_issue(kind, move_id, current, series, content, &ctx)
    }

    fn a_move() -> MoveState {
        MoveState {
            exists: true,
            status: Some(MoveStatus::Finalizada),
            version: 4,
            ..MoveState::default()
        }
    }

    fn issue_date() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    #[test]
    fn the_next_number_of_the_years_series_is_taken_at_its_version() {
        let issue = decide_issue(
            DocumentKind::Factura,
            7,
            &a_move(),
            41,
            issue_date(),
            json!({}),
            Role::Empresario,
        )
        .unwrap();
        let Issue::New { number, plan } = issue else {
            panic!("a new invoice")
        };
        assert_eq!(number, "F2026-000042");
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
                    issue_date(),
                    json!({}),
                    role
                ),
                Ok(Issue::Existing("F2026-000003".into()))
            );
        }
        let Ok(Issue::New { number, .. }) = decide_issue(
            DocumentKind::Albaran,
            7,
            &issued,
            0,
            issue_date(),
            json!({}),
            Role::Cliente,
        ) else {
            panic!("a new waybill")
        };
        assert_eq!(number, "A2026-000001");
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
                    issue_date(),
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
                issue_date(),
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
                issue_date(),
                json!({}),
                Role::Empresario
            ),
            Err(DomainError::NotFound)
        );
    }
}
