//! A move's price (spec §9): total = base + distance + services + urgency, plus 21 % VAT when it
//! is on (the default); the advance (the deposit asked for) is between 0 and the total; pending =
//! total − what was paid.
//! Amounts are whole cents, so no sum ever drifts.

#[cfg(test)]
use events_schema::events::PaymentStatus;
use events_schema::events::Price;

use crate::DomainError;

/// VAT in Spain, as a percentage.
pub const VAT_PERCENT: i64 = 21;

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
pub const ADVANCE_OUT_OF_RANGE: &str =
    "El anticipo solicitado debe estar entre 0 € y el precio total";
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
        iva_enabled: vat_enabled,
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
    let tax_cents = if vat_enabled { tax(subtotal_cents) } else { 0 };
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
        iva_enabled: vat_enabled,
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

pub const TOTAL_UNDER_LINES: &str =
    "El precio total no puede ser menor que la distancia, los servicios y la urgencia juntos";

/// A change to a move's price, as the manager's edit form or the API asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceEdit {
    /// Every line, the VAT choice and the advance, as the edit form sends them.
    Parts(PriceParts),
    /// Only a new total (spec §7 sends `precio_total`): the VAT choice and the distance,
    /// services and urgency lines stay, and the base becomes what makes that total.
    Total {
        total_cents: i64,
        advance_cents: i64,
    },
}

/// The price after an edit: always a whole breakdown whose lines and VAT make its total, so an
/// invoice issued afterwards shows exactly the move's price.
pub fn edit(current: &Price, change: PriceEdit) -> Result<Price, DomainError> {
    match change {
        PriceEdit::Parts(parts) => price(parts),
        PriceEdit::Total {
            total_cents,
            advance_cents,
        } => {
            if total_cents <= 0 {
                return Err(DomainError::Invalid(TOTAL_NOT_POSITIVE.into()));
            }
            let subtotal_cents = subtotal_for(total_cents, current.iva_enabled)?;
            let others = current.distance_cents + current.services_cents + current.urgency_cents;
            if subtotal_cents < others {
                return Err(DomainError::Invalid(TOTAL_UNDER_LINES.into()));
            }
            price(PriceParts {
                base_cents: subtotal_cents - others,
                distance_cents: current.distance_cents,
                services_cents: current.services_cents,
                urgency_cents: current.urgency_cents,
                iva_enabled: current.iva_enabled,
                advance_cents,
            })
        }
    }
}

/// VAT on a subtotal, rounded half up to the cent.
fn tax(subtotal_cents: i64) -> i64 {
    (subtotal_cents * VAT_PERCENT + 50) / 100
}

/// The subtotal whose total (with its VAT when on) is exactly `total_cents`. With VAT, one
/// total in five is no subtotal's (the VAT line's rounding skips it): the message names the two
/// nearest totals that are.
fn subtotal_for(total_cents: i64, vat_enabled: bool) -> Result<i64, DomainError> {
    if !vat_enabled {
        return Ok(total_cents);
    }
    let with_tax = |s: i64| s + tax(s);
    // with_tax grows by 1 or 2 cents per cent of subtotal, so the answer, if any, is next to
    // total × 100 / 121.
    let guess = total_cents * 100 / (100 + VAT_PERCENT);
    let candidates = (guess - 2).max(0)..=guess + 2;
    if let Some(s) = candidates.clone().find(|s| with_tax(*s) == total_cents) {
        return Ok(s);
    }
    let below = candidates
        .clone()
        .map(with_tax)
        .filter(|t| *t < total_cents)
        .max()
        .unwrap_or(0);
    let above = candidates
        .map(with_tax)
        .filter(|t| *t > total_cents)
        .min()
        .unwrap_or(total_cents + 1);
    Err(DomainError::Invalid(format!(
        "Con el {VAT_PERCENT} % de IVA, el precio total no puede ser {}: elige {} o {}",
        crate::estimate::euros(total_cents),
        crate::estimate::euros(below),
        crate::estimate::euros(above),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(base: i64, vat: bool, advance: i64) -> PriceParts {
        PriceParts {
            base_cents: base,
            distance_cents: 3_600,
            services_cents: 4_000,
            urgency_cents: 0,
            iva_enabled: vat,
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

    #[test]
    fn a_new_total_keeps_the_vat_choice_and_the_other_lines_and_derives_the_base() {
        let current = price(parts(25_000, true, 10_000)).unwrap();
        let edited = edit(
            &current,
            PriceEdit::Total {
                total_cents: 48_400,
                advance_cents: 10_000,
            },
        )
        .unwrap();
        assert!(edited.iva_enabled);
        assert_eq!(
            (
                edited.base_cents,
                edited.distance_cents,
                edited.services_cents,
                edited.subtotal_cents,
                edited.tax_cents,
                edited.total_cents
            ),
            (32_400, 3_600, 4_000, 40_000, 8_400, 48_400)
        );
        let without = price(parts(25_000, false, 0)).unwrap();
        let edited = edit(
            &without,
            PriceEdit::Total {
                total_cents: 40_000,
                advance_cents: 0,
            },
        )
        .unwrap();
        assert_eq!((edited.iva_enabled, edited.base_cents), (false, 32_400));
        assert_eq!(
            edit(
                &current,
                PriceEdit::Total {
                    total_cents: 100,
                    advance_cents: 0
                }
            ),
            Err(DomainError::Invalid(TOTAL_UNDER_LINES.into()))
        );
    }

    #[test]
    fn a_total_no_subtotal_makes_with_vat_is_refused_naming_the_nearest_ones() {
        // 1.23 € is 1.02 € + 0.21 €, 1.25 € is 1.03 € + 0.22 €: no base makes 1.24 €.
        let current = price(PriceParts {
            base_cents: 100,
            iva_enabled: true,
            ..PriceParts::default()
        })
        .unwrap();
        let total = |total_cents| {
            edit(
                &current,
                PriceEdit::Total {
                    total_cents,
                    advance_cents: 0,
                },
            )
        };
        assert_eq!(total(123).unwrap().base_cents, 102);
        assert_eq!(total(125).unwrap().base_cents, 103);
        assert_eq!(
            total(124),
            Err(DomainError::Invalid(
                "Con el 21 % de IVA, el precio total no puede ser 1,24 €: elige 1,23 € o 1,25 €"
                    .into()
            ))
        );
        // Every total up to 1,000 € either is reached exactly or is refused.
        for cents in 1..=100_000 {
            match total(cents) {
                Ok(p) => assert_eq!((p.total_cents, p.iva_enabled), (cents, true)),
                Err(DomainError::Invalid(m)) => assert!(m.starts_with("Con el 21 %"), "{m}"),
                Err(e) => panic!("{e:?}"),
            }
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn amount() -> impl Strategy<Value = i64> {
            prop_oneof![0..=1_000_i64, 0..=10_000_000_i64]
        }

        fn parts_strategy() -> impl Strategy<Value = PriceParts> {
            (
                amount(),
                amount(),
                amount(),
                amount(),
                any::<bool>(),
                amount(),
            )
                .prop_map(|(base, distance, services, urgency, vat, advance)| {
                    PriceParts {
                        base_cents: base,
                        distance_cents: distance,
                        services_cents: services,
                        urgency_cents: urgency,
                        iva_enabled: vat,
                        advance_cents: advance,
                    }
                })
        }

        fn edit_strategy() -> impl Strategy<Value = PriceEdit> {
            prop_oneof![
                parts_strategy().prop_map(PriceEdit::Parts),
                (amount(), amount()).prop_map(|(total_cents, advance_cents)| PriceEdit::Total {
                    total_cents,
                    advance_cents
                }),
            ]
        }

        /// The lines of a price and its VAT make its total, to the cent, and the VAT line is
        /// 21 % of the subtotal when VAT is on and nothing when off.
        fn adds_up(p: &Price) {
            let lines = p.base_cents + p.distance_cents + p.services_cents + p.urgency_cents;
            assert_eq!(lines, p.subtotal_cents);
            assert_eq!(lines + p.tax_cents, p.total_cents);
            let vat = if p.iva_enabled { tax(lines) } else { 0 };
            assert_eq!(p.tax_cents, vat);
            assert!(p.total_cents > 0 && (0..=p.total_cents).contains(&p.advance_cents));
            assert_eq!(check(p), Ok(()));
        }

        proptest! {
            #[test]
            fn any_sequence_of_price_edits_keeps_lines_plus_vat_equal_to_the_total(
                start in parts_strategy(),
                edits in proptest::collection::vec(edit_strategy(), 1..20),
            ) {
                let Ok(mut current) = price(start) else { return Ok(()) };
                adds_up(&current);
                for change in edits {
                    match edit(&current, change) {
                        Ok(next) => {
                            adds_up(&next);
                            if let PriceEdit::Total { total_cents, .. } = change {
                                // Only the total was asked for: it is exactly that, and the VAT
                                // choice and the other lines are the ones the move had.
                                prop_assert_eq!(next.total_cents, total_cents);
                                prop_assert_eq!(next.iva_enabled, current.iva_enabled);
                                prop_assert_eq!(
                                    (next.distance_cents, next.services_cents, next.urgency_cents),
                                    (current.distance_cents, current.services_cents, current.urgency_cents)
                                );
                            }
                            current = next;
                        }
                        // A refused edit leaves the price as it was, with a Spanish reason.
                        Err(DomainError::Invalid(message)) => prop_assert!(!message.is_empty()),
                        Err(other) => prop_assert!(false, "unexpected {:?}", other),
                    }
                }
            }
        }
    }
}
