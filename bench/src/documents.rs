//! The invoice and the waybill as PDF files (issue 20): how long the server takes to make one for
//! a large move (40 object lines, three payments), beside the same-run baseline of what the JSON
//! answer of the same document costs to encode. The PDF is made on a blocking thread, off the
//! async workers, so this is the time a download waits, not time other requests wait.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::Plan;

pub(super) struct Figure {
    label: &'static str,
    p50: Duration,
    p99: Duration,
    mean: Duration,
    bytes: usize,
}

pub(super) struct DocumentFigures {
    runs: usize,
    baseline: Figure,
    invoice: Figure,
    waybill: Figure,
}

fn company() -> Value {
    json!({"nombre": "Mudanzas Madrid S.L.", "nif": "B-87654321", "direccion": "Calle de Embajadores 100",
           "ciudad": "28012 Madrid", "telefono": "+34 910 123 456", "email": "info@mudanzas.test"})
}

fn invoice() -> Value {
    let objects: Vec<Value> = (0..40)
        .map(|i| json!({"nombre": format!("Caja de libros nº {i} (frágil)"), "cantidad": 1 + i % 3, "peso": 12.5}))
        .collect();
    let payments: Vec<Value> = (0..3)
        .map(|i| json!({"id": format!("0190a1b2-0000-7000-8000-00000000000{i}"), "fecha": "2026-12-02T10:00:00Z",
                        "importe": 100.0, "reembolsado": 0.0, "marca": "visa", "ultimos4": "4242",
                        "estado": "autorizado", "motivo": null, "tipo": "anticipo"}))
        .collect();
    json!({
        "numero": "F2026-000123", "fecha_emision": "2026-12-01", "tipo": "completa", "empresa": company(),
        "cliente": {"nombre": "Begoña Muñoz Ibáñez", "email": "begona@example.com", "telefono": "612 345 678",
                    "nif": "12345678Z", "direccion": "Calle del Pez 3, 28004 Madrid"},
        "mudanza": {"id": 123, "origen": "Calle del Pez 3, 28004 Madrid", "destino": "Avenida de la Constitución 12, 28901 Getafe",
                    "fecha_programada": "2026-12-14", "fecha_alternativa": "2026-12-15", "estado": "finalizada",
                    "hora_preferida": "morning", "urgencia": "normal",
                    "instrucciones": "Portal por la calle de atrás; el sofá no cabe en el ascensor. Llamar al llegar.",
                    "property_details": {
                        "origin": {"property_type": "apartment_3_rooms", "access": "normal", "floor": "fourth", "elevator": true},
                        "destination": {"property_type": "house_3_rooms", "access": "cant_park", "floor": "ground", "elevator": false}}},
        "servicios": [{"concepto": "Desmontaje y montaje de muebles", "cantidad": 4}, {"concepto": "Embalaje", "cantidad": 10}],
        "objetos": objects,
        "importes": {"base": 600.0, "distancia": 40.0, "servicios": 160.0, "urgencia": 0.0, "subtotal": 800.0,
                     "iva_aplicado": true, "iva_porcentaje": 21, "iva": 168.0, "total": 968.0, "anticipo": 300.0,
                     "pagado": 300.0, "pendiente": 668.0},
        "garantia": "Garantía de 30 días en los trabajos de desmontaje y montaje de muebles realizados.",
        "cobros": {"pagado": 300.0, "pendiente": 668.0, "estado_pago": "parcial", "gastos_cancelacion": null, "pagos": payments}
    })
}

fn waybill() -> Value {
    let objects: Vec<Value> = (0..40)
        .map(|i| json!({"cantidad": 1 + i % 3, "nombre": format!("Caja de libros nº {i}"), "categoria": "cajas",
                        "dimensiones": "50 x 40 x 40 cm", "volumen_m3": 0.08}))
        .collect();
    json!({
        "numero_albaran": "A2026-000123", "fecha_emision": "2026-12-01", "empresa": company(),
        "cliente": {"nombre": "Begoña Muñoz Ibáñez", "email": "begona@example.com", "telefono": "612 345 678",
                    "direccion": "Calle del Pez 3, 28004 Madrid"},
        "mudanza": {"id": 123, "origen": "Calle del Pez 3, 28004 Madrid", "destino": "Avenida de la Constitución 12, 28901 Getafe",
                    "fecha_programada": "2026-12-14", "estado": "finalizada"},
        "servicios": ["Desmontaje y montaje de muebles (4)", "Embalaje (10)"],
        "objetos": objects,
        "resumen_objetos": {"total_objetos": 80, "volumen_total_m3": 6.4},
        "precio_con_iva": 968.0, "garantia": ""
    })
}

fn measure(
    label: &'static str,
    runs: usize,
    mut once: impl FnMut() -> Result<usize, String>,
) -> Result<Figure, String> {
    let mut times = Vec::with_capacity(runs);
    let mut bytes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        bytes = once()?;
        times.push(start.elapsed());
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Ok(Figure {
        label,
        p50: at(0.5),
        p99: at(0.99),
        mean: times.iter().sum::<Duration>() / runs as u32,
        bytes,
    })
}

pub(super) fn run(plan: &Plan) -> Result<DocumentFigures, String> {
    let runs = if plan.quick { 20 } else { 200 };
    let (inv, way) = (invoice(), waybill());
    // The JSON GET's own work on the same document: encode it for the answer.
    let baseline = measure("JSON of the invoice (baseline)", runs, || {
        serde_json::to_vec(&inv)
            .map(|b| b.len())
            .map_err(|e| e.to_string())
    })?;
    let invoice = measure("invoice PDF", runs, || {
        api::pdf::invoice(&inv).map(|pdf| pdf.len())
    })?;
    let waybill = measure("waybill PDF", runs, || {
        api::pdf::waybill(&way).map(|pdf| pdf.len())
    })?;
    Ok(DocumentFigures {
        runs,
        baseline,
        invoice,
        waybill,
    })
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

pub(super) fn print(f: &DocumentFigures) {
    println!();
    println!(
        "Documents as PDF (40 object lines, {} runs each, one thread)",
        f.runs
    );
    println!(
        "{:<34} {:>10} {:>10} {:>10} {:>9} {:>12}",
        "", "p50", "p99", "mean", "bytes", "× baseline"
    );
    for figure in [&f.baseline, &f.invoice, &f.waybill] {
        println!(
            "{:<34} {:>10} {:>10} {:>10} {:>9} {:>12.0}",
            figure.label,
            ms(figure.p50),
            ms(figure.p99),
            ms(figure.mean),
            figure.bytes,
            figure.mean.as_secs_f64() / f.baseline.mean.as_secs_f64()
        );
    }
}
