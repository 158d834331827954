//! What the invoice and the waybill share: the company's letterhead with the document's title
//! and numbers, the two boxes of client and move, a totals table on the right, the warranty
//! line, and the Spanish formats of their figures.

use chrono::NaiveDate;
use serde::Deserialize;

use super::layout::{line_height, width, Column, Flow, Ink, Style, BODY, HEADING, SMALL, STRONG};

/// The company's legal data as `empresa.json` gives it, printed on both documents.
#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct Company {
    pub nombre: String,
    pub nif: String,
    pub direccion: String,
    pub ciudad: String,
    pub telefono: String,
    pub email: String,
}

impl Company {
    pub fn footer(&self) -> String {
        format!(
            "{} · NIF {} · {} · {}",
            self.nombre,
            or_missing(&self.nif),
            or_missing(&self.telefono),
            or_missing(&self.email)
        )
    }

    fn block(&self) -> Vec<(Style, String)> {
        vec![
            (
                Style {
                    size: 14.0,
                    ..STRONG
                },
                self.nombre.clone(),
            ),
            (BODY, format!("NIF: {}", or_missing(&self.nif))),
            (BODY, or_missing(&self.direccion)),
            (BODY, or_missing(&self.ciudad)),
            (BODY, format!("Tel.: {}", or_missing(&self.telefono))),
            (BODY, or_missing(&self.email)),
        ]
    }
}

pub(super) const MISSING: &str = "—";

/// The warranty of both documents when an older one was issued without its wording.
const WARRANTY: &str = "Garantía de 30 días en los trabajos de desmontaje y montaje de muebles.";

pub(super) fn or_missing(value: &str) -> String {
    if value.trim().is_empty() {
        MISSING.into()
    } else {
        value.to_string()
    }
}

/// Euros as es-ES writes them: '1.234,50 €'.
pub(super) fn euros(value: f64) -> String {
    command::estimate::euros((value * 100.0).round() as i64)
}

/// A figure with up to two decimals and a decimal comma: '12,5'.
pub(super) fn decimal(value: f64) -> String {
    let text = command::estimate::number((value * 100.0).round() as i64, 2);
    text.trim_end_matches('0').trim_end_matches(',').to_string()
}

pub(super) fn col(title: &str, share: f32, right: bool) -> Column<'_> {
    Column {
        title,
        share,
        right,
    }
}

const LABEL: Style = Style {
    bold: true,
    ink: Ink::Subtle,
    ..BODY
};
const TITLE: Style = Style {
    size: 20.0,
    bold: true,
    ink: Ink::Primary,
};
const BOX_GAP: f32 = 12.0;
const BOX_PAD: f32 = 8.0;

/// The company on the left; on the right the document's title and its numbers, labels aligned
/// on the left of the widest value; a rule under both.
pub(super) fn letterhead(
    flow: &mut Flow,
    company: &Company,
    title: &str,
    number: (&str, &str),
    issued: NaiveDate,
    move_id: i64,
) {
    let top = flow.y;
    let left = flow.block(Flow::LEFT, top, Flow::WIDTH * 0.55, &company.block());
    let right_edge = Flow::LEFT + Flow::WIDTH;
    flow.text_at(right_edge, top, TITLE, &title.to_uppercase(), true);
    let meta = [
        (number.0, number.1.to_string()),
        ("Fecha de emisión", crate::notify::messages::date(issued)),
        ("Nº de mudanza", move_id.to_string()),
    ];
    let values_width = meta
        .iter()
        .map(|(_, v)| width(v, STRONG))
        .fold(0.0, f32::max);
    let mut y = top + 28.0;
    for (label, value) in meta {
        flow.text_at(right_edge - values_width - 10.0, y, LABEL, label, true);
        flow.text_at(right_edge, y, STRONG, &value, true);
        y += line_height(BODY) + 1.0;
    }
    flow.y = top + left.max(y - top) + 8.0;
    flow.rule(Ink::Primary, 2.0);
    flow.gap(12.0);
}

/// Two framed boxes side by side, as tall as the taller: the client's lines under 'CLIENTE', and
/// the move's labelled rows under 'MUDANZA'.
pub(super) fn parties(flow: &mut Flow, client: &[(Style, String)], move_rows: &[(&str, String)]) {
    let top = flow.y;
    let box_width = (Flow::WIDTH - BOX_GAP) / 2.0;
    let inner = box_width - 2.0 * BOX_PAD;
    let heading = [(HEADING, "CLIENTE".to_string())];
    let client_height = flow.block(
        Flow::LEFT + BOX_PAD,
        top + BOX_PAD,
        inner,
        &[&heading[..], client].concat(),
    );
    let move_x = Flow::LEFT + box_width + BOX_GAP;
    flow.text_at(move_x + BOX_PAD, top + BOX_PAD, HEADING, "MUDANZA", false);
    let heading_height = line_height(HEADING) + 2.0;
    let move_height = heading_height
        + pairs(
            flow,
            move_x + BOX_PAD,
            top + BOX_PAD + heading_height,
            inner,
            move_rows,
        );
    let height = client_height.max(move_height) + 2.0 * BOX_PAD;
    flow.frame(Flow::LEFT, top, box_width, height);
    flow.frame(move_x, top, box_width, height);
    flow.y = top + height + 14.0;
}

/// Labelled values in two columns from `top`; returns their height.
fn pairs(flow: &mut Flow, x: f32, top: f32, max: f32, rows: &[(&str, String)]) -> f32 {
    let label_width = rows
        .iter()
        .map(|(l, _)| width(l, LABEL))
        .fold(0.0, f32::max)
        + 8.0;
    let mut y = top;
    for (label, value) in rows {
        flow.text_at(x, y, LABEL, label, false);
        let used = flow.block(
            x + label_width,
            y,
            max - label_width,
            &[(BODY, value.clone())],
        );
        y += used.max(line_height(BODY));
    }
    y - top
}

/// Label and amount rows in the right half of the page; `true` rows in bold.
pub(super) fn totals(flow: &mut Flow, rows: &[(Vec<String>, bool)]) {
    let half = Flow::WIDTH * 0.5;
    let columns = [col("", 2.0, false), col("", 1.2, true)];
    flow.table(Flow::LEFT + Flow::WIDTH - half, half, &columns, rows);
}

/// The document's warranty line, or the usual wording for a document issued without one.
pub(super) fn warranty(flow: &mut Flow, issued_with: &str) {
    let text = match issued_with.trim() {
        "" => WARRANTY,
        given => given,
    };
    flow.paragraph(SMALL, text);
}
