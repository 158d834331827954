//! Who an invoice is made out to. A Spanish invoice names its recipient by their tax id (NIF):
//! a person's DNI or NIE, or a company's or other entity's NIF. An invoice to someone who gave
//! none is a simplified invoice (Real Decreto 1619/2012, art. 4 and 7): it may leave the
//! recipient's details out, so the NIF is optional everywhere it is asked.

use events_schema::events::BillingDetails;

use crate::{text, DomainError};

pub const NIF_INVALID: &str = "El NIF/DNI no es válido";
/// Longer than any NIF typed with spaces, dots and hyphens: anything over it is not one.
const NIF_TYPED_MAX: usize = 20;

/// The control letters of DNI and NIE numbers, by the number modulo 23.
const DNI_LETTERS: &[u8; 23] = b"TRWAGMYFPDXBNJZSQVHLCKE";
/// An entity's control character when it is a letter, by its control digit.
const ENTITY_LETTERS: &[u8; 10] = b"JABCDEFGHI";

/// A NIF, DNI or NIE as typed ('12.345.678-z', 'x 1234567 l', 'B-12345674') in its one stored form,
/// upper case without separators, when its control character is right; empty stays empty.
pub fn nif(value: &str) -> Result<String, DomainError> {
    let invalid = || DomainError::Invalid(NIF_INVALID.into());
    if value.chars().count() > NIF_TYPED_MAX {
        return Err(invalid());
    }
    let compact: String = value
        .chars()
        .filter(|c| !matches!(c, ' ' | '.' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if compact.is_empty() {
        return Ok(compact);
    }
    if compact.len() != 9 || !compact.is_ascii() {
        return Err(invalid());
    }
    let b = compact.as_bytes();
    let digits = |range: std::ops::Range<usize>| b[range].iter().all(u8::is_ascii_digit);
    let number = |s: &[u8]| s.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    let right = match b[0] {
        // DNI: eight digits and the letter of the number.
        b'0'..=b'9' if digits(0..8) => b[8] == DNI_LETTERS[(number(&b[..8]) % 23) as usize],
        // NIE: X, Y or Z stand for 0, 1 and 2 before the seven digits.
        b'X' | b'Y' | b'Z' if digits(1..8) => {
            let prefix = u32::from(b[0] - b'X');
            let n = prefix * 10_000_000 + number(&b[1..8]);
            b[8] == DNI_LETTERS[(n % 23) as usize]
        }
        // Spaniards without a DNI (K, L, M): the DNI letter of the seven digits.
        b'K' | b'L' | b'M' if digits(1..8) => b[8] == DNI_LETTERS[(number(&b[1..8]) % 23) as usize],
        b'A'..=b'W' if digits(1..8) && b"ABCDEFGHJNPQRSUVW".contains(&b[0]) => {
            entity_control_ok(b[0], &b[1..8], b[8])
        }
        _ => false,
    };
    if right {
        Ok(compact)
    } else {
        Err(invalid())
    }
}

/// An entity's NIF: the control of its seven digits is a digit for some kinds, a letter for
/// others, and either for the rest.
fn entity_control_ok(kind: u8, digits: &[u8], control: u8) -> bool {
    let sum: u32 = digits
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let d = u32::from(d - b'0');
            if i % 2 == 0 {
                let doubled = d * 2;
                doubled / 10 + doubled % 10
            } else {
                d
            }
        })
        .sum();
    let check = ((10 - sum % 10) % 10) as usize;
    let as_digit = control == b'0' + check as u8;
    let as_letter = control == ENTITY_LETTERS[check];
    match kind {
        b'P' | b'Q' | b'R' | b'S' | b'N' | b'W' => as_letter,
        b'A' | b'B' | b'E' | b'H' => as_digit,
        _ => as_digit || as_letter,
    }
}

/// The billing details as a client gave them, checked; `None` when both are empty.
pub fn details(nif_typed: &str, address: &str) -> Result<Option<BillingDetails>, DomainError> {
    let nif = nif(nif_typed)?;
    let direccion = match address.trim() {
        "" => String::new(),
        given => {
            text::check("dirección de facturación", given, text::ADDRESS_MAX, false)?;
            crate::accounts::address(given)?
        }
    };
    Ok((!nif.is_empty() || !direccion.is_empty()).then_some(BillingDetails { nif, direccion }))
}

/// A full invoice names its recipient by their NIF; a simplified one is to someone who gave
/// none.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum InvoiceType {
    /// To a recipient identified by their NIF.
    Completa,
    /// To a recipient who gave none.
    Simplificada,
}

impl InvoiceType {
    pub fn for_recipient(nif: &str) -> Self {
        if nif.is_empty() {
            InvoiceType::Simplificada
        } else {
            InvoiceType::Completa
        }
    }

    /// The document's title.
    pub fn title(self) -> &'static str {
        match self {
            InvoiceType::Completa => "Factura",
            InvoiceType::Simplificada => "Factura simplificada",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dni_nie_and_entity_numbers_are_checked_by_their_control_character() {
        // 12345678 mod 23 = 14 → Z; X1234567 = 01234567 mod 23 = 19 → L.
        assert_eq!(nif("12345678Z").unwrap(), "12345678Z");
        assert_eq!(nif(" 12.345.678-z ").unwrap(), "12345678Z");
        assert_eq!(nif("x-1234567-l").unwrap(), "X1234567L");
        assert_eq!(nif("Y1234567X").unwrap(), "Y1234567X");
        // B + 1234567: odd places 1,3,5,7 doubled give 2+6+1+5 (10→1, 14→5), even 2+4+6.
        assert_eq!(nif("B12345674").unwrap(), "B12345674");
        assert_eq!(nif("Q1234567D").unwrap(), "Q1234567D");
        assert_eq!(nif("").unwrap(), "");
        assert_eq!(nif("   ").unwrap(), "");
    }

    #[test]
    fn a_wrong_control_a_wrong_shape_or_an_oversize_input_is_refused_naming_the_field() {
        for wrong in [
            "12345678A",
            "1234567Z",
            "B12345675",
            // A company's control is a digit, never a letter.
            "B1234567D",
            // A public body's is a letter.
            "Q12345674",
            "I12345674",
            "12345678ZZ",
            "ñ2345678Z",
            "١٢٣٤٥٦٧٨Z",
            &"1".repeat(5000),
        ] {
            assert_eq!(
                nif(wrong),
                Err(DomainError::Invalid(NIF_INVALID.into())),
                "{wrong}"
            );
        }
    }

    #[test]
    fn billing_details_are_none_when_nothing_was_given() {
        assert_eq!(details("", "  ").unwrap(), None);
        let d = details("12345678z", "").unwrap().unwrap();
        assert_eq!(d.nif, "12345678Z");
        assert!(details("", "Calle").is_err(), "too short to be an address");
        let d = details("", "Calle de Alcalá 100, 28009 Madrid")
            .unwrap()
            .unwrap();
        assert_eq!(d.nif, "");
        assert_eq!(
            details("", &"Calle ".repeat(100)),
            Err(DomainError::Invalid(
                "El campo «dirección de facturación» no puede tener más de 200 caracteres".into()
            ))
        );
    }

    #[test]
    fn an_invoice_without_the_recipients_nif_is_simplified() {
        assert_eq!(InvoiceType::for_recipient(""), InvoiceType::Simplificada);
        assert_eq!(InvoiceType::for_recipient("12345678Z").title(), "Factura");
    }
}
