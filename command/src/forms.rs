//! The public forms of spec §3 ('Contact form', 'Job application') and the consent they carry:
//! the field rules with Spanish messages, each naming the request field it is about, so the page
//! can put the message next to the right input. Contact messages and applications are ordinary
//! tables, not events (migrations/0008_public_forms.sql says why); the rules are still pure and
//! decided here. Name, email and phone follow §5 exactly as registration does (`accounts`).

use chrono::NaiveDate;

use crate::accounts;

pub const ORIGIN_REQUIRED: &str = "La dirección de origen es requerida";
pub const DESTINATION_REQUIRED: &str = "La dirección de destino es requerida";
pub const SERVICE_TYPE_REQUIRED: &str = "Selecciona el tipo de servicio";
pub const DATE_INVALID: &str = "Introduce una fecha válida";
pub const DATE_PAST: &str = "La fecha no puede ser anterior a hoy";
pub const MESSAGE_TOO_LONG: &str = "El mensaje no puede superar los 2000 caracteres";
pub const CONTACT_CONSENT_REQUIRED: &str =
    "Debes aceptar que usemos tus datos para responder a tu consulta";
pub const POSITION_REQUIRED: &str = "Selecciona el puesto que te interesa";
pub const EXPERIENCE_REQUIRED: &str = "Selecciona tus años de experiencia";
pub const APPLICATION_CONSENT_REQUIRED: &str =
    "Debes aceptar que usemos tus datos para valorar tu candidatura y responderte";
/// Registration (web/src/features/register/wizard.ts `TERMS_REQUIRED`, word for word).
pub const TERMS_REQUIRED: &str = "Debes aceptar las condiciones de uso y la política de privacidad";

pub const MESSAGE_MAX: usize = crate::text::MESSAGE_MAX;
const PLACE_MAX: usize = crate::text::ADDRESS_MAX;

/// §1 contact service types: (wire value, how the company reads it).
pub const SERVICE_TYPES: [(&str, &str); 5] = [
    ("mudanza_completa", "Mudanza completa"),
    ("mudanza_parcial", "Mudanza parcial"),
    ("mudanza_oficina", "Mudanza de oficina"),
    ("solo_transporte", "Solo transporte"),
    ("otros_servicios", "Otros servicios"),
];

/// §3 'Job application' positions.
pub const POSITIONS: [(&str, &str); 6] = [
    ("conductor", "Conductor"),
    ("operario", "Operario de mudanzas"),
    ("coordinador", "Coordinador de mudanzas"),
    ("atencion", "Atención al cliente"),
    ("limpieza", "Limpieza"),
    ("otro", "Otro puesto"),
];

/// §3 'Job application' years of experience.
pub const EXPERIENCE: [(&str, &str); 4] = [
    ("0-1", "De 0 a 1 año"),
    ("2-5", "De 2 a 5 años"),
    ("6-10", "De 6 a 10 años"),
    ("10+", "Más de 10 años"),
];

/// The label of a wire value in one of the lists above (the value itself if unknown).
pub fn label<'a>(list: &[(&'a str, &'a str)], value: &'a str) -> &'a str {
    list.iter()
        .find(|(v, _)| *v == value)
        .map_or(value, |(_, l)| l)
}

/// A rule a form field broke: the request field and the Spanish message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
}

fn error(field: &'static str, message: &str) -> FieldError {
    FieldError {
        field,
        message: message.to_string(),
    }
}

/// The consent boxes of a public form (web/src/lib/api.ts `FormConsent`): one per purpose,
/// unticked unless the person ticked them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Consent {
    pub contact: bool,
    pub marketing: bool,
}

/// A contact form as sent (every field as text; `date` empty or absent when not given).
#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub origin: String,
    pub destination: String,
    pub date: Option<String>,
    pub service_type: String,
    pub message: String,
    pub consent: Consent,
}

/// A contact form that passed every rule, normalised as it is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactForm {
    pub name: String,
    pub email: String,
    /// '612 345 678'
    pub phone: String,
    pub origin: String,
    pub destination: String,
    pub date: Option<NaiveDate>,
    pub service_type: String,
    pub message: String,
    pub consent: Consent,
}

/// Name, email and phone as §5 words them for registration.
fn person(name: &str, email: &str, phone: &str) -> Result<(String, String, String), FieldError> {
    let name = accounts::full_name(name).map_err(|e| error("name", &e.to_string()))?;
    let email = accounts::email(email).ok_or_else(|| error("email", accounts::EMAIL_INVALID))?;
    let phone = accounts::phone(phone).map_err(|e| error("phone", &e.to_string()))?;
    Ok((name, email, phone))
}

fn place(field: &'static str, value: &str, required: &str) -> Result<String, FieldError> {
    let place = value.trim();
    if place.is_empty() {
        return Err(error(field, required));
    }
    if place.chars().count() > PLACE_MAX {
        return Err(error(field, accounts::TOO_LONG));
    }
    crate::text::check("dirección", place, PLACE_MAX, false)
        .map_err(|e| error(field, &e.to_string()))?;
    Ok(place.to_string())
}

fn message(value: &str) -> Result<String, FieldError> {
    let message = value.trim();
    if message.chars().count() > MESSAGE_MAX {
        return Err(error("message", MESSAGE_TOO_LONG));
    }
    crate::text::check("mensaje", message, MESSAGE_MAX, true)
        .map_err(|e| error("message", &e.to_string()))?;
    Ok(message.to_string())
}

fn one_of(
    field: &'static str,
    list: &[(&str, &str)],
    value: &str,
    required: &str,
) -> Result<String, FieldError> {
    let value = value.trim();
    list.iter()
        .any(|(v, _)| *v == value)
        .then(|| value.to_string())
        .ok_or_else(|| error(field, required))
}

/// Checks a contact form in the form's order; `today` is the first date accepted.
pub fn contact_form(input: &ContactInput, today: NaiveDate) -> Result<ContactForm, FieldError> {
    let (name, email, phone) = person(&input.name, &input.email, &input.phone)?;
    let origin = place("origin", &input.origin, ORIGIN_REQUIRED)?;
    let destination = place("destination", &input.destination, DESTINATION_REQUIRED)?;
    let date = match input.date.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            // Only the form's own 'YYYY-MM-DD': chrono alone would also take '2027-1-9'.
            let well_formed = text.len() == 10 && text.as_bytes()[4] == b'-';
            let date = NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .filter(|_| well_formed)
                .ok_or_else(|| error("date", DATE_INVALID))?;
            if date < today {
                return Err(error("date", DATE_PAST));
            }
            Some(date)
        }
    };
    let service_type = one_of(
        "service_type",
        &SERVICE_TYPES,
        &input.service_type,
        SERVICE_TYPE_REQUIRED,
    )?;
    let message = message(&input.message)?;
    if !input.consent.contact {
        return Err(error("consent", CONTACT_CONSENT_REQUIRED));
    }
    Ok(ContactForm {
        name,
        email,
        phone,
        origin,
        destination,
        date,
        service_type,
        message,
        consent: input.consent,
    })
}

/// A job application's fields as sent (the CV is checked apart: it is a file).
#[derive(Debug, Clone, Default)]
pub struct ApplicationInput {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub position: String,
    pub experience: String,
    pub message: String,
    pub consent: Consent,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Application {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub position: String,
    pub experience: String,
    pub message: String,
    pub consent: Consent,
}

/// Checks a job application's fields in the form's order. The CV comes after `message` in the
/// form and before the consent; `cv_error` is what the file check found, so the first bad field
/// is named in the form's order.
pub fn application(
    input: &ApplicationInput,
    cv_error: Option<FieldError>,
) -> Result<Application, FieldError> {
    let (name, email, phone) = person(&input.name, &input.email, &input.phone)?;
    let position = one_of("position", &POSITIONS, &input.position, POSITION_REQUIRED)?;
    let experience = one_of(
        "experience",
        &EXPERIENCE,
        &input.experience,
        EXPERIENCE_REQUIRED,
    )?;
    let message = message(&input.message)?;
    if let Some(e) = cv_error {
        return Err(e);
    }
    if !input.consent.contact {
        return Err(error("consent", APPLICATION_CONSENT_REQUIRED));
    }
    Ok(Application {
        name,
        email,
        phone,
        position,
        experience,
        message,
        consent: input.consent,
    })
}

/// What a person agreed to, as the consent register keeps it: the purpose, where it was given,
/// and the wording (with its version) of what they accepted. A new wording gets a new version,
/// so each row still says what that person saw.
pub mod consent {
    pub const TERMS: &str = "condiciones";
    pub const CONTACT: &str = "contacto";
    pub const MARKETING: &str = "marketing";

    pub const REGISTRATION: &str = "registro";
    pub const CONTACT_FORM: &str = "contacto";
    pub const JOB_APPLICATION: &str = "empleo";
    pub const PROFILE: &str = "perfil";

    pub const TERMS_TEXT: &str = "v1: Acepto las condiciones de uso y la política de privacidad.";
    pub const CONTACT_TEXT: &str =
        "v1: Acepto que Mudanzas use mis datos para responder a mi consulta.";
    pub const APPLICATION_TEXT: &str =
        "v1: Acepto que Mudanzas use mis datos para valorar mi candidatura y responderme.";
    pub const MARKETING_TEXT: &str =
        "v1: Quiero recibir ofertas y novedades de Mudanzas por email.";
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2027, 3, 10).unwrap()
    }

    fn valid() -> ContactInput {
        ContactInput {
            name: " Ana  García ".into(),
            email: " Ana@Correo.ES ".into(),
            phone: "+34 612345678".into(),
            origin: " Madrid ".into(),
            destination: "Valencia".into(),
            date: Some("2027-03-10".into()),
            service_type: "mudanza_completa".into(),
            message: " Un piso de 3 habitaciones ".into(),
            consent: Consent {
                contact: true,
                marketing: false,
            },
        }
    }

    #[test]
    fn a_valid_contact_form_is_normalised() {
        let form = contact_form(&valid(), today()).unwrap();
        assert_eq!(form.name, "Ana García");
        assert_eq!(form.email, "ana@correo.es");
        assert_eq!(form.phone, "612 345 678");
        assert_eq!(form.origin, "Madrid");
        assert_eq!(form.date, Some(today()));
        assert_eq!(form.message, "Un piso de 3 habitaciones");
        let no_date = ContactInput {
            date: Some(" ".into()),
            ..valid()
        };
        assert_eq!(contact_form(&no_date, today()).unwrap().date, None);
    }

    #[test]
    fn each_bad_contact_field_is_named_with_its_message() {
        let cases: Vec<(ContactInput, &str, &str)> = vec![
            (
                ContactInput {
                    name: "".into(),
                    ..valid()
                },
                "name",
                accounts::NAME_REQUIRED,
            ),
            (
                ContactInput {
                    name: "Ana 3".into(),
                    ..valid()
                },
                "name",
                accounts::NAME_LETTERS,
            ),
            (
                ContactInput {
                    email: "ana@correo".into(),
                    ..valid()
                },
                "email",
                accounts::EMAIL_INVALID,
            ),
            (
                ContactInput {
                    phone: "512 345 678".into(),
                    ..valid()
                },
                "phone",
                accounts::PHONE_INVALID,
            ),
            (
                ContactInput {
                    origin: " ".into(),
                    ..valid()
                },
                "origin",
                ORIGIN_REQUIRED,
            ),
            (
                ContactInput {
                    destination: "".into(),
                    ..valid()
                },
                "destination",
                DESTINATION_REQUIRED,
            ),
            (
                ContactInput {
                    date: Some("10/03/2027".into()),
                    ..valid()
                },
                "date",
                DATE_INVALID,
            ),
            (
                ContactInput {
                    date: Some("2027-3-10".into()),
                    ..valid()
                },
                "date",
                DATE_INVALID,
            ),
            (
                ContactInput {
                    date: Some("2027-03-09".into()),
                    ..valid()
                },
                "date",
                DATE_PAST,
            ),
            (
                ContactInput {
                    service_type: "mudanza".into(),
                    ..valid()
                },
                "service_type",
                SERVICE_TYPE_REQUIRED,
            ),
            (
                ContactInput {
                    message: "a".repeat(2001),
                    ..valid()
                },
                "message",
                MESSAGE_TOO_LONG,
            ),
            (
                ContactInput {
                    consent: Consent {
                        contact: false,
                        marketing: true,
                    },
                    ..valid()
                },
                "consent",
                CONTACT_CONSENT_REQUIRED,
            ),
        ];
        for (input, field, message) in cases {
            assert_eq!(
                contact_form(&input, today()),
                Err(error(field, message)),
                "{field}"
            );
        }
    }

    fn application_input() -> ApplicationInput {
        ApplicationInput {
            name: "Luis Pérez".into(),
            email: "luis@correo.es".into(),
            phone: "698765432".into(),
            position: "conductor".into(),
            experience: "10+".into(),
            message: "".into(),
            consent: Consent {
                contact: true,
                marketing: true,
            },
        }
    }

    #[test]
    fn an_application_names_its_first_bad_field_in_the_forms_order() {
        assert!(application(&application_input(), None).is_ok());
        let cv = error("cv", "Adjunta tu currículum (PDF, DOC o DOCX)");
        let bad_position = ApplicationInput {
            position: "jefe".into(),
            ..application_input()
        };
        assert_eq!(
            application(&bad_position, Some(cv.clone())),
            Err(error("position", POSITION_REQUIRED))
        );
        let bad_experience = ApplicationInput {
            experience: "3".into(),
            ..application_input()
        };
        assert_eq!(
            application(&bad_experience, None),
            Err(error("experience", EXPERIENCE_REQUIRED))
        );
        let no_consent = ApplicationInput {
            consent: Consent::default(),
            ..application_input()
        };
        assert_eq!(application(&no_consent, Some(cv.clone())), Err(cv));
        assert_eq!(
            application(&no_consent, None),
            Err(error("consent", APPLICATION_CONSENT_REQUIRED))
        );
    }

    #[test]
    fn labels_name_the_wire_values() {
        assert_eq!(label(&SERVICE_TYPES, "solo_transporte"), "Solo transporte");
        assert_eq!(label(&EXPERIENCE, "10+"), "Más de 10 años");
        assert_eq!(label(&POSITIONS, "x"), "x");
    }
}
