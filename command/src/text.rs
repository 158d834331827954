//! Bounded text: the longest text each kind of field may hold, in one place, and the checks every
//! decider runs on what a person typed. Whatever a command carries ends up in the append-only log
//! and in the read models built from it, so a text too long for an index or a database (a NUL byte
//! cannot be stored in PostgreSQL text) must be refused here, with a Spanish message naming the
//! field, rather than found by a projector later.

use crate::DomainError;

/// RFC 5321's longest forward path.
pub const EMAIL_MAX: usize = 254;
/// A person's or a company's name.
pub const NAME_MAX: usize = 100;
/// A phone number as typed, spaces and prefix included.
pub const PHONE_MAX: usize = 30;
/// A street address, a town or a place.
pub const ADDRESS_MAX: usize = 200;
/// Special instructions, a photo's description, a refund's reason.
pub const INSTRUCTIONS_MAX: usize = 1000;
/// A free-text message (the contact form).
pub const MESSAGE_MAX: usize = 2000;
/// An identifier or a value of a fixed list (object ids, property types, time slots).
pub const CODE_MAX: usize = 64;
/// A login name, a payment key's holder name and anything looked up before it is checked.
pub const LOGIN_MAX: usize = EMAIL_MAX;
/// A password (argon2 hashes whatever it is given).
pub const PASSWORD_MAX: usize = 128;

fn invalid(message: String) -> DomainError {
    DomainError::Invalid(message)
}

/// `field` (its Spanish label as the form shows it, e.g. 'email del cliente') no longer than `max`
/// characters and without control characters; `multiline` texts may hold line breaks and tabs.
pub fn check(field: &str, value: &str, max: usize, multiline: bool) -> Result<(), DomainError> {
    if value.chars().count() > max {
        return Err(invalid(format!(
            "El campo «{field}» no puede tener más de {max} caracteres"
        )));
    }
    let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(invalid(format!(
            "El campo «{field}» contiene caracteres no válidos"
        )));
    }
    Ok(())
}

/// One line of text: trimmed, at most `max` characters.
pub fn line(field: &str, value: &str, max: usize) -> Result<String, DomainError> {
    let value = value.trim();
    check(field, value, max, false)?;
    Ok(value.to_string())
}

/// Several lines of text (instructions, descriptions): trimmed, at most `max` characters.
pub fn lines(field: &str, value: &str, max: usize) -> Result<String, DomainError> {
    let value = value.trim();
    check(field, value, max, true)?;
    Ok(value.to_string())
}

/// An email address by RFC 5322's syntax (the `email_address` crate) and §5's pattern (text, at
/// sign, a domain with a dot, no spaces), at most [`EMAIL_MAX`] characters, in the one form
/// accounts are stored and looked up by ([`crate::identity::identifier`]). `None` when it is not
/// one.
pub fn email(value: &str) -> Option<String> {
    let email = crate::identity::identifier(value);
    if email.chars().count() > EMAIL_MAX
        || email.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return None;
    }
    let (local, domain) = email.rsplit_once('@')?;
    let well_formed = !local.is_empty()
        && !local.contains('@')
        && domain
            .split_once('.')
            .is_some_and(|(a, b)| !a.is_empty() && !b.is_empty())
        && !domain.ends_with('.')
        && email_address::EmailAddress::is_valid(&email);
    well_formed.then_some(email)
}

/// A login name or any other identifier looked up before it is checked: a text longer than any
/// identifier can be is refused before it reaches a query, a limit or a log line. Bounded in the
/// form it is looked up by ([`crate::identity::identifier`]), so spaces and tabs around a login,
/// which that form drops, are no reason to refuse it.
pub fn login(field: &str, value: &str) -> Result<(), DomainError> {
    check(field, &crate::identity::identifier(value), LOGIN_MAX, false)
}

/// Money as people read it in Spain: '454,96 €', '12.345,00 €' (no dot below 10.000, as the RAE
/// writes four-digit numbers).
pub use crate::estimate::euros;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_over_its_limit_is_refused_naming_the_field() {
        assert_eq!(line("nombre", " Ana ", NAME_MAX), Ok("Ana".into()));
        let long = "é".repeat(NAME_MAX + 1);
        assert_eq!(
            line("nombre", &long, NAME_MAX),
            Err(DomainError::Invalid(
                "El campo «nombre» no puede tener más de 100 caracteres".into()
            ))
        );
        // Characters, not bytes: 100 two-byte letters are a hundred characters.
        assert!(line("nombre", &"é".repeat(NAME_MAX), NAME_MAX).is_ok());
    }

    #[test]
    fn control_characters_are_refused_but_lines_may_break() {
        for bad in ["a\0b", "a\u{1b}b", "a\u{7f}"] {
            assert_eq!(
                line("dirección", bad, ADDRESS_MAX),
                Err(DomainError::Invalid(
                    "El campo «dirección» contiene caracteres no válidos".into()
                ))
            );
        }
        assert!(line("dirección", "a\nb", ADDRESS_MAX).is_err());
        assert_eq!(
            lines("instrucciones", "a\nb\tc", INSTRUCTIONS_MAX),
            Ok("a\nb\tc".into())
        );
        // Combining marks, emoji and right-to-left text are text like any other.
        assert!(line("nombre", "José ‏مرحبا 🚚 e\u{301}", NAME_MAX).is_ok());
    }

    #[test]
    fn emails_are_checked_by_their_syntax_and_length() {
        assert_eq!(email(" Ana@Example.ES "), Some("ana@example.es".into()));
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.es",
            "ana@example",
            "ana@example.",
            "ana@@example.es",
            "an a@example.es",
            "ana@exa mple.es",
            "ana@example..es",
            "ana\0@example.es",
            ".ana@example.es",
        ] {
            assert_eq!(email(bad), None, "{bad:?}");
        }
        let local = "a".repeat(64);
        let domain = format!("{}.es", vec!["b".repeat(60); 3].join("."));
        let longest = format!("{local}@{domain}");
        assert!(longest.len() <= EMAIL_MAX, "{}", longest.len());
        assert_eq!(email(&longest), Some(longest.clone()));
        assert_eq!(email(&format!("{}@example.es", "a".repeat(12_000))), None);
    }

    #[test]
    fn a_login_name_longer_than_any_identifier_is_refused() {
        assert!(login("usuario", "EMP-001").is_ok());
        assert!(login("usuario", &"a".repeat(3_000)).is_err());
        // Spaces and tabs around a login are dropped by the form it is looked up by.
        assert!(login("email", "  auditor@mudanzas.test \t").is_ok());
        assert!(login("email", "auditor@\u{0}mudanzas.test").is_err());
    }
}
