//! A move's price (spec §9): total = base + distance + services + urgency, plus 21 % VAT when it
//! is on (the default); the advance (the deposit asked for) is between 0 and the total; pending =
//! total − what was paid.
//! Amounts are whole cents, so no sum ever drifts.

#[cfg(test)]
use events_schema::events::PaymentStatus;
use events_schema::events::Price;

use crate::DomainError;

/// VAT in Spain, as a percentage.
pub const IVA_PERCENT: i64 = 21;

/// The parts a manager enters, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PriceParts {
    pub base_cents: i64,
    pub distance_cents: i64,
    pub services_cents: i64,
    pub urgency_cents: i64,
    pub iva_enabled: bool,
    pub advance_cents: i64,
}

pub const NEGATIVE: &str = "Los importes no pueden ser negativos";
pub const TOTAL_NOT_POSITIVE: &str = "El precio total debe ser mayor a 0";
pub const ADVANCE_OUT_OF_RANGE: &str = "El pago adelantado debe estar entre 0 y el total";
pub const NOT_CENTS: &str = "Los importes deben ir en pasos de 0,01 €";

/// Euros as sent by a form (a number with at most two decimals) to cents.
pub fn cents(euros: f64) -> Result<i64, DomainError> {
    if !euros.is_finite() {
        return Err(DomainError::Invalid(NOT_CENTS.into()));
    }
    if euros < 0.0 {
        return Err(DomainError::Invalid(NEGATIVE.into()));
    }
    let scaled = euros * 100.0;
    let rounded = scaled.round();
    if (scaled - rounded).abs() > 1e-6 || rounded > 1e13 {
        return Err(DomainError::Invalid(NOT_CENTS.into()));
    }
    Ok(rounded as i64)
}

/// The full price from its parts, or the rule it breaks.
pub fn price(parts: PriceParts) -> Result<Price, DomainError> {
    let PriceParts {
        base_cents,
        distance_cents,
        services_cents,
        urgency_cents,
        iva_enabled,
        advance_cents,
    } = parts;
    if [
        base_cents,
        distance_cents,
        services_cents,
        urgency_cents,
        advance_cents,
    ]
    .iter()
    .any(|c| *c < 0)
    {
        return Err(DomainError::Invalid(NEGATIVE.into()));
    }
    let subtotal_cents = base_cents + distance_cents + services_cents + urgency_cents;
    // Half-up rounding to the cent, as a Spanish invoice rounds its VAT line.
    let tax_cents = if iva_enabled {
        (subtotal_cents * IVA_PERCENT + 50) / 100
    } else {
        0
    };
    let total_cents = subtotal_cents + tax_cents;
    if total_cents <= 0 {
        return Err(DomainError::Invalid(TOTAL_NOT_POSITIVE.into()));
    }
    if advance_cents > total_cents {
        return Err(DomainError::Invalid(ADVANCE_OUT_OF_RANGE.into()));
    }
    Ok(Price {
        base_cents,
        distance_cents,
        services_cents,
        urgency_cents,
        iva_enabled,
        subtotal_cents,
        tax_cents,
        total_cents,
        advance_cents,
    })
}

/// A stored price must be what its parts make (an edit may send a whole price).
pub fn check(p: &Price) -> Result<(), DomainError> {
    let again = price(PriceParts {
        base_cents: p.base_cents,
        distance_cents: p.distance_cents,
        services_cents: p.services_cents,
        urgency_cents: p.urgency_cents,
        iva_enabled: p.iva_enabled,
        advance_cents: p.advance_cents,
    })?;
    if again != *p {
        return Err(DomainError::Invalid(
            "El precio total no coincide con sus partes".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(base: i64, iva: bool, advance: i64) -> PriceParts {
        PriceParts {
            base_cents: base,
            distance_cents: 3_600,
            services_cents: 4_000,
            urgency_cents: 0,
            iva_enabled: iva,
            advance_cents: advance,
        }
    }

    #[test]
    fn total_is_the_sum_plus_21_percent_vat_when_on() {
        let p = price(parts(25_000, true, 10_000)).unwrap();
        assert_eq!(p.subtotal_cents, 32_600);
        assert_eq!(p.tax_cents, 6_846);
        assert_eq!(p.total_cents, 39_446);
        // The advance is asked for, not paid: what was paid comes from the payment events.
        assert_eq!(p.pending_cents(0), 39_446);
        assert_eq!(p.payment_status(0), PaymentStatus::Pending);
        assert_eq!(p.pending_cents(10_000), 29_446);
        assert_eq!(p.payment_status(10_000), PaymentStatus::Partial);
        let without = price(parts(25_000, false, 0)).unwrap();
        assert_eq!((without.tax_cents, without.total_cents), (0, 32_600));
    }

    #[test]
    fn vat_rounds_half_up_to_the_cent() {
        // 0.21 × 1.50 € = 0.315 € → 0.32 €
        let p = price(PriceParts {
            base_cents: 150,
            iva_enabled: true,
            ..PriceParts::default()
        })
        .unwrap();
        assert_eq!(p.tax_cents, 32);
    }

    #[test]
    fn advance_must_lie_between_zero_and_the_total() {
        let p = price(parts(25_000, true, 39_446)).unwrap();
        assert_eq!(p.payment_status(39_446), PaymentStatus::Paid);
        assert_eq!(p.pending_cents(39_446), 0);
        assert_eq!(
            price(parts(25_000, true, 39_447)),
            Err(DomainError::Invalid(ADVANCE_OUT_OF_RANGE.into()))
        );
        assert_eq!(
            price(parts(25_000, true, -1)),
            Err(DomainError::Invalid(NEGATIVE.into()))
        );
    }

    #[test]
    fn a_zero_total_is_refused() {
        assert_eq!(
            price(PriceParts::default()),
            Err(DomainError::Invalid(TOTAL_NOT_POSITIVE.into()))
        );
    }

    #[test]
    fn euros_become_cents_in_steps_of_one_cent() {
        assert_eq!(cents(394.46), Ok(39_446));
        assert_eq!(cents(0.1 + 0.2), Ok(30));
        assert_eq!(cents(12.345), Err(DomainError::Invalid(NOT_CENTS.into())));
        assert_eq!(cents(-1.0), Err(DomainError::Invalid(NEGATIVE.into())));
        assert_eq!(cents(f64::NAN), Err(DomainError::Invalid(NOT_CENTS.into())));
    }
}
