//! Referral codes (issue 20 item 7): each client's personal code, which a friend's registration
//! or quote request may carry. Attribution itself (whose code it is, whether it is the friend's
//! own) needs the accounts and is the API's; here only what a code looks like.

use crate::forms::FieldError;

/// Letters and digits nobody confuses when reading a link aloud or copying it by hand: no 0/O,
/// 1/I/L. The database makes the codes (migrations/0025_referrals.sql) and checks this pattern.
pub const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// 31^8, about 8.5 · 10^11 codes: enough that guessing one is not worth trying, short enough for
/// a link in a text message.
pub const LENGTH: usize = 8;

pub const FIELD: &str = "referralCode";
pub const INVALID: &str = "El código de recomendación no es válido";

/// Whether `code` is one as the database makes them, exactly.
pub fn is_code(code: &str) -> bool {
    code.len() == LENGTH && code.bytes().all(|b| ALPHABET.contains(&b))
}

/// The code a request carries, read as a person may have typed it: surrounding spaces and lower
/// case are forgiven. Empty means none. Anything else that is not a code is refused, before
/// its length or content reach anything else.
pub fn parse(input: &str) -> Result<Option<String>, FieldError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    let code = trimmed.to_ascii_uppercase();
    if is_code(&code) {
        Ok(Some(code))
    } else {
        Err(FieldError {
            field: FIELD,
            message: INVALID.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_codes_are_codes_and_typed_ones_are_forgiven_case_and_spaces() {
        let code = "7KQ2M9XA".to_string();
        assert!(is_code(&code));
        assert_eq!(code.len(), LENGTH);
        assert_eq!(
            parse(&format!("  {}\n", code.to_lowercase())),
            Ok(Some(code))
        );
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn anything_else_is_refused_with_the_field_named() {
        for bad in [
            "ABCDEFG",
            "ABCDEFGHJ",
            "ABCDEF0H",
            "ABCDEFIH",
            "ÁBCDEFGH",
            "ABC DEFG",
            "ＡＢＣＤＥＦＧＨ",
            &"A".repeat(100_000),
        ] {
            let error = parse(bad).unwrap_err();
            assert_eq!(error.field, FIELD);
            assert_eq!(error.message, INVALID);
        }
    }
}
