//! Money on the wire: amounts are stored in cents and sent in euros (spec §7's fields).

use events_schema::events::Price;
use serde::Serialize;

pub fn euros(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// A move's price as the invoice and the client's move details print it, with what was paid
/// (card payments less refunds) and what is still owed (`pending_cents`: of the total, or of the
/// cancellation fee once cancelled, `StaffMove::pending_cents`).
pub fn amounts(p: &Price, paid_cents: i64, pending_cents: i64) -> Amounts {
    Amounts {
        base: euros(p.base_cents),
        distancia: euros(p.distance_cents),
        servicios: euros(p.services_cents),
        urgencia: euros(p.urgency_cents),
        subtotal: euros(p.subtotal_cents),
        iva_aplicado: p.iva_enabled,
        iva_porcentaje: if p.iva_enabled {
            command::pricing::VAT_PERCENT
        } else {
            0
        },
        iva: euros(p.tax_cents),
        total: euros(p.total_cents),
        anticipo: euros(p.advance_cents),
        pagado: euros(paid_cents),
        pendiente: euros(pending_cents),
    }
}

/// A price in euros, line by line, with what was paid and what is still owed.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Amounts {
    pub base: f64,
    pub distancia: f64,
    pub servicios: f64,
    pub urgencia: f64,
    pub subtotal: f64,
    pub iva_aplicado: bool,
    pub iva_porcentaje: i64,
    pub iva: f64,
    pub total: f64,
    pub anticipo: f64,
    pub pagado: f64,
    pub pendiente: f64,
}
