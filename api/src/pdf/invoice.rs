//! The invoice as a PDF: the content and numbering of the printable page (`/factura`), read
//! from the document as issued. Every field has a default: an invoice issued by an older version
//! lacks the newer ones and must still print.

use chrono::{DateTime, NaiveDate, Utc};
use command::options;
use events_schema::events::{MoveStatus, Properties, PropertyDetails, Urgency};
use serde::Deserialize;
use serde_json::Value;

use command::billing::InvoiceType;

use super::layout::{Flow, BODY, SMALL, STRONG};
use super::parts::{
    col, decimal, euros, letterhead, or_missing, parties, totals, warranty, Company, MISSING,
};
use crate::notify::messages::long_date;

#[derive(Deserialize)]
struct Invoice {
    numero: String,
    fecha_emision: NaiveDate,
    #[serde(default)]
    tipo: Option<InvoiceType>,
    #[serde(default)]
    empresa: Company,
    #[serde(default)]
    cliente: Client,
    mudanza: Move,
    #[serde(default)]
    servicios: Vec<Service>,
    #[serde(default)]
    objetos: Vec<Object>,
    importes: Amounts,
    #[serde(default)]
    garantia: String,
    #[serde(default)]
    cobros: Option<Collections>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Client {
    nombre: String,
    email: String,
    telefono: String,
    nif: Option<String>,
    direccion: Option<String>,
}

#[derive(Deserialize)]
struct Move {
    id: i64,
    #[serde(default)]
    origen: String,
    #[serde(default)]
    destino: String,
    fecha_programada: NaiveDate,
    #[serde(default, deserialize_with = "crate::input::optional_date")]
    fecha_alternativa: Option<NaiveDate>,
    estado: MoveStatus,
    #[serde(default)]
    hora_preferida: String,
    #[serde(default)]
    urgencia: Urgency,
    #[serde(default)]
    instrucciones: String,
    #[serde(default)]
    property_details: Option<Properties>,
}

#[derive(Deserialize)]
struct Service {
    concepto: String,
    cantidad: u32,
}

#[derive(Deserialize)]
struct Object {
    nombre: String,
    cantidad: u32,
    #[serde(default)]
    peso: f64,
}

#[derive(Deserialize)]
struct Amounts {
    base: f64,
    distancia: f64,
    servicios: f64,
    urgencia: f64,
    subtotal: f64,
    iva_aplicado: bool,
    iva_porcentaje: i64,
    iva: f64,
    total: f64,
    #[serde(default)]
    pagado: f64,
    #[serde(default)]
    pendiente: f64,
}

#[derive(Deserialize)]
struct Collections {
    pagado: f64,
    pendiente: f64,
    #[serde(default)]
    pagos: Vec<Payment>,
}

#[derive(Deserialize)]
struct Payment {
    fecha: DateTime<Utc>,
    importe: f64,
    #[serde(default)]
    reembolsado: f64,
    #[serde(default)]
    marca: String,
    #[serde(default)]
    ultimos4: String,
}

fn card(brand: &str) -> &str {
    match brand {
        "visa" => "Visa",
        "mastercard" => "Mastercard",
        "amex" => "American Express",
        other => other,
    }
}

fn property_row(label: &str, p: &PropertyDetails) -> (Vec<String>, bool) {
    (
        vec![
            label.to_string(),
            options::property_type_label(&p.property_type),
            options::access_label(&p.access),
            options::floor_label(&p.floor),
            if p.elevator { "Sí" } else { "No" }.to_string(),
        ],
        false,
    )
}

/// The invoice issued for a move, as the API answers it, in PDF.
pub fn invoice(doc: &Value) -> Result<Vec<u8>, String> {
    let inv: Invoice =
        serde_json::from_value(doc.clone()).map_err(|e| format!("reading an invoice: {e}"))?;
    let title = inv.tipo.unwrap_or(InvoiceType::Completa).title();
    let mut flow = Flow::new(inv.empresa.footer());
    let m = &inv.mudanza;
    letterhead(
        &mut flow,
        &inv.empresa,
        title,
        ("Nº de factura", &inv.numero),
        inv.fecha_emision,
        m.id,
    );

    let c = &inv.cliente;
    let mut client = vec![(STRONG, or_missing(&c.nombre))];
    if let Some(nif) = c.nif.as_deref().filter(|n| !n.is_empty()) {
        client.push((BODY, format!("NIF: {nif}")));
    }
    if let Some(address) = c.direccion.as_deref().filter(|a| !a.is_empty()) {
        client.push((BODY, address.to_string()));
    }
    client.push((BODY, or_missing(&c.email)));
    client.push((BODY, format!("Tel.: {}", or_missing(&c.telefono))));
    let mut rows = vec![
        ("Origen", or_missing(&m.origen)),
        ("Destino", or_missing(&m.destino)),
        ("Fecha", long_date(m.fecha_programada)),
    ];
    if let Some(alternative) = m.fecha_alternativa {
        rows.push(("Fecha alternativa", long_date(alternative)));
    }
    let slot = if m.hora_preferida.trim().is_empty() {
        "Sin preferencia".to_string()
    } else {
        options::time_slot_label(&m.hora_preferida)
    };
    rows.push(("Franja horaria", slot));
    rows.push((
        "Urgencia",
        match m.urgencia {
            Urgency::Urgente => "Urgente",
            Urgency::Normal => "Normal",
        }
        .into(),
    ));
    rows.push(("Estado", command::booking::status_label(m.estado).into()));
    parties(&mut flow, &client, &rows);

    if let Some(p) = &m.property_details {
        flow.heading("Viviendas");
        let columns = [
            col("Vivienda", 1.2, false),
            col("Tipo", 2.0, false),
            col("Acceso", 2.0, false),
            col("Planta", 1.0, false),
            col("Ascensor", 1.0, false),
        ];
        let rows = [
            property_row("Origen", &p.origin),
            property_row("Destino", &p.destination),
        ];
        flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
        flow.gap(12.0);
    }

    flow.heading("Servicios");
    if inv.servicios.is_empty() {
        flow.paragraph(SMALL, "Sin servicios adicionales");
    } else {
        let rows: Vec<_> = inv
            .servicios
            .iter()
            .map(|s| (vec![s.concepto.clone(), s.cantidad.to_string()], false))
            .collect();
        let columns = [col("Concepto", 5.0, false), col("Cantidad", 1.0, true)];
        flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
    }
    flow.gap(12.0);

    flow.heading("Objetos");
    if inv.objetos.is_empty() {
        flow.paragraph(SMALL, "Sin objetos");
    } else {
        let mut rows: Vec<_> = inv
            .objetos
            .iter()
            .map(|o| {
                let weight = if o.peso > 0.0 {
                    format!("{} kg", decimal(o.peso))
                } else {
                    MISSING.into()
                };
                (
                    vec![o.nombre.clone(), o.cantidad.to_string(), weight],
                    false,
                )
            })
            .collect();
        let units: u32 = inv.objetos.iter().map(|o| o.cantidad).sum();
        rows.push((
            vec!["Total de objetos".into(), units.to_string(), String::new()],
            true,
        ));
        let columns = [
            col("Objeto", 4.0, false),
            col("Cantidad", 1.0, true),
            col("Peso por unidad", 1.5, true),
        ];
        flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
    }
    flow.gap(12.0);

    if !m.instrucciones.trim().is_empty() {
        flow.heading("Instrucciones");
        flow.paragraph(BODY, m.instrucciones.trim());
        flow.gap(12.0);
    }

    flow.heading("Importes");
    let a = &inv.importes;
    let (paid, pending) = match &inv.cobros {
        Some(c) => (c.pagado, c.pendiente),
        None => (a.pagado, a.pendiente),
    };
    let vat = if a.iva_aplicado {
        (format!("IVA ({} %)", a.iva_porcentaje), euros(a.iva))
    } else {
        ("IVA".to_string(), "IVA no aplicado".to_string())
    };
    let amount_rows = vec![
        (vec!["Precio base".into(), euros(a.base)], false),
        (
            vec!["Coste por distancia".into(), euros(a.distancia)],
            false,
        ),
        (
            vec!["Servicios adicionales".into(), euros(a.servicios)],
            false,
        ),
        (
            vec!["Recargo por urgencia".into(), euros(a.urgencia)],
            false,
        ),
        (vec!["Base imponible".into(), euros(a.subtotal)], true),
        (vec![vat.0, vat.1], false),
        (vec!["Total".into(), euros(a.total)], true),
        (vec!["Pagado".into(), euros(paid)], false),
        (vec!["Pendiente de pago".into(), euros(pending)], true),
    ];
    totals(&mut flow, &amount_rows);

    if let Some(c) = inv.cobros.as_ref().filter(|c| !c.pagos.is_empty()) {
        flow.gap(10.0);
        flow.heading("Pagos recibidos");
        let rows: Vec<_> = c
            .pagos
            .iter()
            .map(|p| {
                let date = events_schema::calendar::madrid_date(p.fecha);
                let mut card_text = format!("{} ···· {}", card(&p.marca), p.ultimos4);
                if p.reembolsado > 0.0 {
                    card_text.push_str(&format!(" (devuelto {})", euros(p.reembolsado)));
                }
                (
                    vec![
                        date.format("%d/%m/%Y").to_string(),
                        card_text,
                        euros(p.importe - p.reembolsado),
                    ],
                    false,
                )
            })
            .collect();
        let columns = [
            col("Fecha", 1.0, false),
            col("Tarjeta", 2.5, false),
            col("Importe", 1.0, true),
        ];
        flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
    }

    flow.gap(18.0);
    warranty(&mut flow, &inv.garantia);
    flow.finish(&format!("{title} {}", inv.numero))
}
