//! The waybill (albarán) as a PDF: the content and numbering of the printable waybill, read from
//! the document as issued, with the client's acceptance and the two signature boxes of §3.

use chrono::NaiveDate;
use events_schema::events::MoveStatus;
use serde::Deserialize;
use serde_json::Value;

use super::layout::{Flow, Ink, BODY, SMALL, STRONG};
use super::parts::{
    col, decimal, euros, letterhead, or_missing, parties, totals, warranty, Company, MISSING,
};

#[derive(Deserialize)]
struct Waybill {
    numero_albaran: String,
    fecha_emision: NaiveDate,
    #[serde(default)]
    empresa: Company,
    #[serde(default)]
    cliente: Client,
    mudanza: Move,
    #[serde(default)]
    servicios: Vec<String>,
    #[serde(default)]
    objetos: Vec<Object>,
    #[serde(default)]
    resumen_objetos: Option<Summary>,
    /// Absent for workers, who see no prices.
    #[serde(default)]
    precio_con_iva: Option<f64>,
    #[serde(default)]
    garantia: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Client {
    nombre: String,
    email: String,
    telefono: String,
    direccion: String,
}

#[derive(Deserialize)]
struct Move {
    id: i64,
    #[serde(default)]
    origen: String,
    #[serde(default)]
    destino: String,
    fecha_programada: NaiveDate,
    estado: MoveStatus,
}

#[derive(Deserialize)]
struct Object {
    cantidad: u32,
    nombre: String,
    #[serde(default)]
    categoria: Option<String>,
    #[serde(default)]
    dimensiones: Option<String>,
    #[serde(default)]
    volumen_m3: Option<f64>,
}

#[derive(Deserialize)]
struct Summary {
    total_objetos: u32,
    #[serde(default)]
    volumen_total_m3: Option<f64>,
}

fn volume(m3: Option<f64>) -> String {
    m3.map_or_else(|| MISSING.into(), |v| format!("{} m³", decimal(v)))
}

/// The waybill issued for a move, as the API answers the caller, in PDF.
pub fn waybill(doc: &Value) -> Result<Vec<u8>, String> {
    let w: Waybill =
        serde_json::from_value(doc.clone()).map_err(|e| format!("reading a waybill: {e}"))?;
    let mut flow = Flow::new(w.empresa.footer());
    let m = &w.mudanza;
    letterhead(
        &mut flow,
        &w.empresa,
        "Albarán",
        ("Nº de albarán", &w.numero_albaran),
        w.fecha_emision,
        m.id,
    );
    let c = &w.cliente;
    let client = [
        (STRONG, or_missing(&c.nombre)),
        (BODY, or_missing(&c.direccion)),
        (BODY, or_missing(&c.email)),
        (BODY, format!("Tel.: {}", or_missing(&c.telefono))),
    ];
    let rows = [
        ("Origen", or_missing(&m.origen)),
        ("Destino", or_missing(&m.destino)),
        (
            "Fecha programada",
            crate::notify::messages::long_date(m.fecha_programada),
        ),
        ("Estado", command::booking::status_label(m.estado).into()),
    ];
    parties(&mut flow, &client, &rows);

    flow.heading("Servicios");
    if w.servicios.is_empty() {
        flow.paragraph(SMALL, "Sin servicios adicionales");
    } else {
        for service in &w.servicios {
            flow.paragraph(BODY, &format!("• {service}"));
        }
    }
    flow.gap(12.0);

    flow.heading("Objetos");
    if w.objetos.is_empty() {
        flow.paragraph(SMALL, "Sin objetos");
    } else {
        let rows: Vec<_> = w
            .objetos
            .iter()
            .map(|o| {
                (
                    vec![
                        o.cantidad.to_string(),
                        o.nombre.clone(),
                        o.categoria
                            .as_deref()
                            .map_or(MISSING, crate::catalogue::category_label)
                            .to_string(),
                        o.dimensiones.clone().unwrap_or_else(|| MISSING.into()),
                        volume(o.volumen_m3),
                    ],
                    false,
                )
            })
            .collect();
        let columns = [
            col("Cantidad", 0.9, true),
            col("Objeto", 3.0, false),
            col("Categoría", 1.6, false),
            col("Dimensiones", 1.8, false),
            col("Volumen", 1.1, true),
        ];
        flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
    }
    flow.gap(10.0);

    let mut summary = vec![
        (
            vec![
                "Total de objetos".to_string(),
                w.resumen_objetos
                    .as_ref()
                    .map_or(MISSING.into(), |s| s.total_objetos.to_string()),
            ],
            false,
        ),
        (
            vec![
                "Volumen total".to_string(),
                volume(w.resumen_objetos.as_ref().and_then(|s| s.volumen_total_m3)),
            ],
            false,
        ),
    ];
    if let Some(price) = w.precio_con_iva.filter(|p| p.is_finite()) {
        summary.push((vec!["Precio con IVA".into(), euros(price)], true));
    }
    totals(&mut flow, &summary);
    flow.gap(14.0);

    // The acceptance and the signatures stay together on one page.
    flow.room(200.0);
    flow.heading("Conformidad del cliente");
    for statement in [
        "El cliente declara haber recibido todos los objetos relacionados en este albarán, en buen estado.",
        "El cliente declara su conformidad con los servicios prestados.",
    ] {
        let y = flow.y;
        flow.frame(Flow::LEFT, y + 1.0, 8.0, 8.0);
        flow.block(Flow::LEFT + 14.0, y, Flow::WIDTH - 14.0, &[(BODY, statement.into())]);
        flow.gap(BODY.size * 1.3 + 4.0);
    }
    flow.paragraph(SMALL, "Observaciones:");
    for _ in 0..2 {
        flow.gap(16.0);
        flow.rule(Ink::Border, 0.8);
    }
    flow.gap(16.0);
    let top = flow.y;
    let sign_width = (Flow::WIDTH - 16.0) / 2.0;
    for (i, (title, name)) in [
        ("Firma del trabajador", "Nombre:"),
        ("Firma del cliente", "Nombre y DNI:"),
    ]
    .into_iter()
    .enumerate()
    {
        let x = Flow::LEFT + i as f32 * (sign_width + 16.0);
        flow.text_at(x, top, STRONG, title, false);
        flow.frame(x, top + 14.0, sign_width, 60.0);
        flow.text_at(x, top + 80.0, BODY, name, false);
        flow.text_at(x, top + 94.0, BODY, "Fecha:", false);
    }
    flow.y = top + 112.0;
    flow.gap(10.0);
    warranty(&mut flow, &w.garantia);
    flow.finish(&format!("Albarán {}", w.numero_albaran))
}
