//! The account rules of spec §5 (registration, profile, password change, account deletion), with
//! the messages the web app shows for the same rules (web/src/lib/validation.ts). Accounts are
//! ordinary tables, not events (ARCHITECTURE §6); these checks are still pure and decided here.

use crate::DomainError;

pub const NAME_REQUIRED: &str = "El nombre completo es requerido";
pub const NAME_TOO_SHORT: &str = "El nombre debe tener al menos 2 caracteres";
pub const NAME_LETTERS: &str = "Solo se permiten letras y espacios";
pub const EMAIL_INVALID: &str = "Ingresa un email válido";
pub const PHONE_INVALID: &str = "Ingresa un número de teléfono válido";
pub const ADDRESS_REQUIRED: &str = "La dirección es requerida";
pub const ADDRESS_TOO_SHORT: &str = "La dirección debe tener al menos 10 caracteres";
pub const PASSWORD_WEAK: &str =
    "La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos";
pub const PASSWORD_TOO_LONG: &str = "La contraseña no puede tener más de 128 caracteres";
pub const TOO_LONG: &str = "El texto es demasiado largo";
pub const CITY_INVALID: &str = "Ingresa una ciudad válida";
pub const POSTAL_CODE_INVALID: &str = "Ingresa un código postal válido";
pub const CHANGE_ALL_REQUIRED: &str = "Todos los campos son obligatorios";
pub const CHANGE_MISMATCH: &str = "Las contraseñas nuevas no coinciden";
pub const CHANGE_TOO_SHORT: &str = "La nueva contraseña debe tener al menos 6 caracteres";
pub const DELETE_PASSWORD_REQUIRED: &str = "Debes ingresar tu contraseña para confirmar";
pub const RECOVERY_EMAIL_INVALID: &str = "Por favor, introduce un email válido.";

/// Longest accepted password: argon2 hashes whatever it is given, so the length is bounded.
pub const PASSWORD_MAX: usize = crate::text::PASSWORD_MAX;
const NAME_MAX: usize = crate::text::NAME_MAX;
const ADDRESS_MAX: usize = crate::text::ADDRESS_MAX;

fn invalid(message: &str) -> DomainError {
    DomainError::Invalid(message.to_string())
}

fn is_name_char(c: char) -> bool {
    c == ' ' || c.is_ascii_alphabetic() || "ÁÉÍÓÚÜÑáéíóúüñ".contains(c)
}

/// The full name, trimmed.
pub fn full_name(value: &str) -> Result<String, DomainError> {
    let name = value.trim();
    if name.is_empty() {
        return Err(invalid(NAME_REQUIRED));
    }
    if name.chars().count() < 2 {
        return Err(invalid(NAME_TOO_SHORT));
    }
    if name.chars().count() > NAME_MAX {
        return Err(invalid(TOO_LONG));
    }
    if !name.chars().all(is_name_char) {
        return Err(invalid(NAME_LETTERS));
    }
    // Runs of spaces collapse, so 'Ana  García' splits the same as 'Ana García'.
    Ok(name.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// §5's email pattern, checked by its full syntax and length ([`crate::text::email`]), in the
/// one form accounts are stored, looked up and limited by (`identity::identifier`).
pub fn email(value: &str) -> Option<String> {
    crate::text::email(value)
}

/// §5: an optional +34, then 9 digits starting 6-9; spaces ignored. Stored as '612 345 678'.
pub fn phone(value: &str) -> Result<String, DomainError> {
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    let digits = compact.strip_prefix("+34").unwrap_or(&compact);
    let valid = digits.len() == 9
        && digits.chars().all(|c| c.is_ascii_digit())
        && matches!(digits.as_bytes()[0], b'6'..=b'9');
    if !valid {
        return Err(invalid(PHONE_INVALID));
    }
    Ok(format!(
        "{} {} {}",
        &digits[0..3],
        &digits[3..6],
        &digits[6..9]
    ))
}

pub fn address(value: &str) -> Result<String, DomainError> {
    let address = value.trim();
    if address.is_empty() {
        return Err(invalid(ADDRESS_REQUIRED));
    }
    if address.chars().count() < 10 {
        return Err(invalid(ADDRESS_TOO_SHORT));
    }
    if address.chars().count() > ADDRESS_MAX {
        return Err(invalid(TOO_LONG));
    }
    Ok(address.to_string())
}

/// §5: one point each for 8+ characters, a lowercase letter, an uppercase letter, a digit and a
/// symbol.
pub fn password_strength(password: &str) -> u8 {
    let letters = "ÁÉÍÓÚÜÑáéíóúüñ";
    [
        password.chars().count() >= 8,
        password.chars().any(|c| c.is_ascii_lowercase() || c == 'ñ'),
        password.chars().any(|c| c.is_ascii_uppercase() || c == 'Ñ'),
        password.chars().any(|c| c.is_ascii_digit()),
        password
            .chars()
            .any(|c| !c.is_ascii_alphanumeric() && !c.is_whitespace() && !letters.contains(c)),
    ]
    .into_iter()
    .filter(|point| *point)
    .count() as u8
}

/// A password for registration or a reset: strength 5 of 5.
pub fn new_password(password: &str) -> Result<(), DomainError> {
    if password.chars().count() > PASSWORD_MAX {
        return Err(invalid(PASSWORD_TOO_LONG));
    }
    if password_strength(password) < 5 {
        return Err(invalid(PASSWORD_WEAK));
    }
    Ok(())
}

/// POST /api/register, as §3 'Registration' names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    /// The address's city and postal code, as the wizard filled them from the address or the
    /// person typed them (either may be empty: the profile can complete them later).
    pub city: String,
    pub postcode: String,
}

/// What a registration form sends, before any check.
#[derive(Debug, Clone, Copy, Default)]
pub struct RegistrationInput<'a> {
    pub full_name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
    pub city: &'a str,
    pub postcode: &'a str,
    pub password: &'a str,
}

/// Checks a registration in the wizard's order (name, email, phone, address, city, postal code,
/// password).
pub fn registration(input: RegistrationInput) -> Result<Registration, DomainError> {
    let full_name = full_name(input.full_name)?;
    let email = email(input.email).ok_or_else(|| invalid(EMAIL_INVALID))?;
    let phone = phone(input.phone)?;
    let address = address(input.address)?;
    let city = city(input.city)?;
    let postcode = postcode(input.postcode)?;
    new_password(input.password)?;
    Ok(Registration {
        full_name,
        email,
        phone,
        address,
        city,
        postcode,
    })
}

/// A city's name, or nothing: letters, spaces and `-'.`, at most a name's length.
fn city(value: &str) -> Result<String, DomainError> {
    let city = value.trim();
    if city.chars().count() > NAME_MAX
        || !city.chars().all(|c| is_name_char(c) || "-'.".contains(c))
    {
        return Err(invalid(CITY_INVALID));
    }
    Ok(city.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A Spanish postal code (five digits), or nothing.
fn postcode(value: &str) -> Result<String, DomainError> {
    let postcode = value.trim();
    if !(postcode.is_empty()
        || (postcode.len() == 5 && postcode.chars().all(|c| c.is_ascii_digit())))
    {
        return Err(invalid(POSTAL_CODE_INVALID));
    }
    Ok(postcode.to_string())
}

/// PUT /api/mi-perfil (§3 'Profile'): every field but the name may be left empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileInput {
    pub nombre: String,
    pub apellido: String,
    pub telefono: String,
    pub direccion: String,
    pub ciudad: String,
    pub codigo_postal: String,
    /// NIF, DNI or NIE for invoices; empty when not given.
    pub nif: String,
}

/// The profile as stored: the full name is nombre and apellido joined by a space (§3 splits it
/// on the first space to show it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub full_name: String,
    pub telefono: String,
    pub direccion: String,
    pub ciudad: String,
    pub codigo_postal: String,
    pub nif: String,
}

pub fn profile(input: &ProfileInput) -> Result<Profile, DomainError> {
    if input.nombre.trim().is_empty() {
        return Err(invalid(NAME_REQUIRED));
    }
    let joined = format!("{} {}", input.nombre.trim(), input.apellido.trim());
    let full_name = full_name(&joined)?;
    let phone_number = match input.telefono.trim() {
        "" => String::new(),
        value => phone(value)?,
    };
    let street_address = match input.direccion.trim() {
        "" => String::new(),
        value => address(value)?,
    };
    Ok(Profile {
        full_name,
        telefono: phone_number,
        direccion: street_address,
        ciudad: city(&input.ciudad)?,
        codigo_postal: postcode(&input.codigo_postal)?,
        nif: crate::billing::nif(&input.nif)?,
    })
}

/// PUT /api/cambiar-password (§5 'Password change'); the current password is checked against the
/// account afterwards.
pub fn password_change(current: &str, new: &str, confirmation: &str) -> Result<(), DomainError> {
    if current.is_empty() || new.is_empty() || confirmation.is_empty() {
        return Err(invalid(CHANGE_ALL_REQUIRED));
    }
    if new != confirmation {
        return Err(invalid(CHANGE_MISMATCH));
    }
    if new.chars().count() < 6 {
        return Err(invalid(CHANGE_TOO_SHORT));
    }
    if new.chars().count() > PASSWORD_MAX {
        return Err(invalid(PASSWORD_TOO_LONG));
    }
    Ok(())
}

/// §5 'Confirmation code': digits only, exactly six.
pub fn is_code(code: &str) -> bool {
    code.len() == 6 && code.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<impl std::fmt::Debug, DomainError>) -> String {
        match result {
            Err(DomainError::Invalid(m)) => m,
            other => panic!("expected a validation message, got {other:?}"),
        }
    }

    #[test]
    fn names_are_letters_and_spaces() {
        assert_eq!(message(full_name("  ")), NAME_REQUIRED);
        assert_eq!(message(full_name(" a ")), NAME_TOO_SHORT);
        assert_eq!(message(full_name("Ana 2")), NAME_LETTERS);
        assert_eq!(message(full_name("<script>")), NAME_LETTERS);
        assert_eq!(full_name(" José  Ñúñez ").unwrap(), "José Ñúñez");
        assert_eq!(message(full_name(&"a".repeat(101))), TOO_LONG);
    }

    #[test]
    fn emails_follow_the_pattern_and_are_lowercased() {
        assert_eq!(email(" Ana@Correo.ES ").as_deref(), Some("ana@correo.es"));
        for bad in [
            "ana",
            "ana@correo",
            "@correo.es",
            "ana@@correo.es",
            "a na@correo.es",
            "ana@.es",
            "ana@correo.",
        ] {
            assert_eq!(email(bad), None, "{bad}");
        }
    }

    #[test]
    fn phones_are_nine_digits_from_6_to_9_with_an_optional_prefix() {
        assert_eq!(phone("612345678").unwrap(), "612 345 678");
        assert_eq!(phone("+34 912 345 678").unwrap(), "912 345 678");
        for bad in [
            "512345678",
            "61234567",
            "6123456789",
            "+33612345678",
            "61234567a",
            "",
        ] {
            assert_eq!(message(phone(bad)), PHONE_INVALID, "{bad}");
        }
    }

    #[test]
    fn passwords_need_all_five_points() {
        assert_eq!(password_strength(""), 0);
        assert_eq!(password_strength("abcdefgh"), 2);
        assert_eq!(password_strength("Abcdef1!"), 5);
        assert_eq!(message(new_password("Abcdefg1")), PASSWORD_WEAK);
        assert_eq!(
            message(new_password(&format!("Aa1!{}", "x".repeat(200)))),
            PASSWORD_TOO_LONG
        );
        assert!(new_password("Mudanza#2026").is_ok());
    }

    #[test]
    fn a_registration_is_checked_in_the_wizards_order() {
        let good = RegistrationInput {
            full_name: "Ana García",
            email: "ANA@correo.es",
            phone: "612 345 678",
            address: "Calle Mayor 1, Madrid",
            city: " Madrid ",
            postcode: "28013",
            password: "Mudanza#2026",
        };
        let ok = registration(good).unwrap();
        assert_eq!(ok.email, "ana@correo.es");
        assert_eq!(ok.phone, "612 345 678");
        assert_eq!(
            (ok.city.as_str(), ok.postcode.as_str()),
            ("Madrid", "28013")
        );
        let no_place = RegistrationInput {
            city: "",
            postcode: "",
            ..good
        };
        assert_eq!(registration(no_place).unwrap().city, "");
        let with = |change: fn(&mut RegistrationInput)| {
            let mut input = good;
            change(&mut input);
            message(registration(input))
        };
        assert_eq!(with(|i| i.full_name = ""), NAME_REQUIRED);
        assert_eq!(with(|i| i.email = "x"), EMAIL_INVALID);
        assert_eq!(with(|i| i.phone = "x"), PHONE_INVALID);
        assert_eq!(with(|i| i.address = "Calle"), ADDRESS_TOO_SHORT);
        assert_eq!(with(|i| i.city = "Madrid 3"), CITY_INVALID);
        assert_eq!(with(|i| i.postcode = "2800"), POSTAL_CODE_INVALID);
        assert_eq!(with(|i| i.password = "x"), PASSWORD_WEAK);
        // The first wrong field is the one named, as the wizard asks them in order.
        assert_eq!(
            with(|i| {
                i.phone = "x";
                i.password = "x";
            }),
            PHONE_INVALID
        );
    }

    #[test]
    fn a_profile_joins_the_name_and_allows_empty_optional_fields() {
        let input = ProfileInput {
            nombre: "Ana".into(),
            apellido: "García López".into(),
            ..ProfileInput::default()
        };
        let p = profile(&input).unwrap();
        assert_eq!(p.full_name, "Ana García López");
        assert_eq!(p.telefono, "");
        let bad_postcode = ProfileInput {
            codigo_postal: "2800".into(),
            ..input.clone()
        };
        assert_eq!(message(profile(&bad_postcode)), POSTAL_CODE_INVALID);
        let bad_phone = ProfileInput {
            telefono: "123".into(),
            ..input.clone()
        };
        assert_eq!(message(profile(&bad_phone)), PHONE_INVALID);
        let no_first_name = ProfileInput {
            nombre: " ".into(),
            ..input.clone()
        };
        assert_eq!(message(profile(&no_first_name)), NAME_REQUIRED);
        let no_name = ProfileInput::default();
        assert_eq!(message(profile(&no_name)), NAME_REQUIRED);
    }

    #[test]
    fn a_password_change_follows_the_change_flows_rules() {
        assert_eq!(
            message(password_change("", "abcdef", "abcdef")),
            CHANGE_ALL_REQUIRED
        );
        assert_eq!(
            message(password_change("x", "abcdef", "abcdeg")),
            CHANGE_MISMATCH
        );
        assert_eq!(
            message(password_change("x", "abcde", "abcde")),
            CHANGE_TOO_SHORT
        );
        assert!(password_change("x", "abcdef", "abcdef").is_ok());
    }

    #[test]
    fn codes_are_six_digits() {
        assert!(is_code("012345"));
        assert!(!is_code("12345"));
        assert!(!is_code("12345a"));
        assert!(!is_code("١٢٣٤٥٦"));
    }
}
