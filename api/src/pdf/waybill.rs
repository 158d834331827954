//! The waybill (albarán) as a PDF: the content and numbering of the printable waybill, read from
//! the document as issued, with the client's acceptance and the two signature boxes of §3.

use base64::Engine;
use chrono::{DateTime, NaiveDate, Utc};
use events_schema::events::{MoveStatus, ObjectCondition, Signer, WaybillStage};
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
    /// The signatures collected on the crew's phone, each with its image (base64 PNG).
    #[serde(default)]
    firmas: Vec<Signature>,
    #[serde(default)]
    estado_objetos: Vec<Condition>,
    #[serde(default)]
    albaran_sha256: String,
}

#[derive(Deserialize)]
struct Signature {
    etapa: WaybillStage,
    firmante: Signer,
    nombre: String,
    firmado_en: DateTime<Utc>,
    registrado_en: DateTime<Utc>,
    sha256_albaran: String,
    #[serde(default)]
    imagen_png: Option<String>,
}

#[derive(Deserialize)]
struct Condition {
    etapa: WaybillStage,
    objeto_nombre: String,
    estado: ObjectCondition,
    #[serde(default)]
    nota: String,
    fecha: DateTime<Utc>,
    #[serde(default)]
    fotos: Vec<serde_json::Value>,
}

/// A moment as read in Madrid: '14/12/2026 10:05'.
fn madrid_time(at: DateTime<Utc>) -> String {
    at.with_timezone(&chrono_tz::Europe::Madrid)
        .format("%d/%m/%Y %H:%M")
        .to_string()
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
    if w.firmas.is_empty() {
        paper_signatures(&mut flow);
    } else {
        signed(&mut flow, &w.firmas, &w.albaran_sha256);
    }
    conditions(&mut flow, &w.estado_objetos);
    flow.gap(10.0);
    warranty(&mut flow, &w.garantia);
    flow.finish(&format!("Albarán {}", w.numero_albaran))
}

/// No signature was collected on a phone: the boxes to sign on paper.
fn paper_signatures(flow: &mut Flow) {
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
}

/// The signatures collected, stage by stage, the worker's beside the client's, each with its
/// name, when it was signed (the phone's clock) and stored, and whether it accepts the content
/// listed above.
fn signed(flow: &mut Flow, signatures: &[Signature], current_sha256: &str) {
    let sign_width = (Flow::WIDTH - 16.0) / 2.0;
    for stage in WaybillStage::ALL {
        let of_stage: Vec<_> = signatures.iter().filter(|s| s.etapa == stage).collect();
        if of_stage.is_empty() {
            continue;
        }
        flow.room(150.0);
        flow.paragraph(
            STRONG,
            &format!("Firmas en la {}", stage.label().to_lowercase()),
        );
        flow.gap(4.0);
        let top = flow.y;
        for (i, signer) in [Signer::Operario, Signer::Cliente].into_iter().enumerate() {
            let x = Flow::LEFT + i as f32 * (sign_width + 16.0);
            let title = match signer {
                Signer::Operario => "Firma del operario",
                Signer::Cliente => "Firma del cliente",
            };
            flow.text_at(x, top, BODY, title, false);
            flow.frame(x, top + 14.0, sign_width, 60.0);
            let Some(s) = of_stage.iter().find(|s| s.firmante == signer) else {
                flow.text_at(x, top + 80.0, SMALL, "Sin firmar", false);
                continue;
            };
            let png = s
                .imagen_png
                .as_deref()
                .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok());
            if let Some(png) = png {
                flow.image(x + 4.0, top + 16.0, sign_width - 8.0, 56.0, png);
            }
            flow.text_at(x, top + 80.0, BODY, &format!("Nombre: {}", s.nombre), false);
            flow.text_at(
                x,
                top + 94.0,
                SMALL,
                &format!("Firmado: {}", madrid_time(s.firmado_en)),
                false,
            );
            flow.text_at(
                x,
                top + 106.0,
                SMALL,
                &format!("Registrado: {}", madrid_time(s.registrado_en)),
                false,
            );
            let accepts = if s.sha256_albaran == current_sha256 {
                "Acepta este contenido".to_string()
            } else {
                "Firmó una versión anterior del contenido".to_string()
            };
            flow.text_at(x, top + 118.0, SMALL, &accepts, false);
        }
        flow.y = top + 132.0;
    }
    if !current_sha256.is_empty() {
        flow.paragraph(
            SMALL,
            &format!("Huella SHA-256 del contenido (objetos y servicios): {current_sha256}"),
        );
    }
}

/// What the crew noted of each object, at pickup and delivery.
fn conditions(flow: &mut Flow, notes: &[Condition]) {
    if notes.is_empty() {
        return;
    }
    flow.gap(10.0);
    flow.heading("Estado de los objetos");
    let rows: Vec<_> = notes
        .iter()
        .map(|n| {
            let photos = match n.fotos.len() {
                0 => String::new(),
                1 => " · 1 foto".to_string(),
                k => format!(" · {k} fotos"),
            };
            (
                vec![
                    n.etapa.label().to_string(),
                    n.objeto_nombre.clone(),
                    n.estado.label().to_string(),
                    format!("{}{photos}", or_missing(&n.nota)),
                    madrid_time(n.fecha),
                ],
                false,
            )
        })
        .collect();
    let columns = [
        col("Etapa", 1.0, false),
        col("Objeto", 2.0, false),
        col("Estado", 1.4, false),
        col("Nota", 2.8, false),
        col("Fecha", 1.9, false),
    ];
    flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
}
