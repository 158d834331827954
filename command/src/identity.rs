//! The one form of an identifier: emails, worker numbers and names used as keys are stored,
//! looked up and counted against attempt limits in this form only, so that what finds an account
//! and what counts its attempts can never disagree (a lockout a case variant walks around).
//!
//! The form: Unicode compatibility composition (NFKC), so full-width letters, ligatures and
//! decomposed accents become the plain letters they show; then Unicode lowercase and NFKC again
//! (lowercasing may leave a sequence NFKC composes); then runs of whitespace become one space and
//! the ends are trimmed. Every string has exactly one form, and applying it twice changes nothing.
//! Characters are not guessed at beyond that: `ß` stays `ß` (not `ss`) and `İ` becomes `i̇` (an
//! `i` with its dot), so such a variant is another identifier, which no account has unless one
//! was registered with it; it is refused, and its attempts count against its own key. Non-ASCII
//! emails are accepted: the form is what the account stores and where its emails go.

use unicode_normalization::UnicodeNormalization;

/// The normalised form of an identifier (see the module's text).
pub fn identifier(value: &str) -> String {
    let composed: String = value.nfkc().collect();
    let lowered: String = composed.to_lowercase().nfkc().collect();
    lowered.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_width_spaces_and_composition_fold_into_one_form() {
        for variant in [
            "auditor@mudanzas.test",
            "AUDITOR@MUDANZAS.TEST",
            " Auditor@Mudanzas.Test \t",
            "ａｕｄｉｔｏｒ＠ｍｕｄａｎｚａｓ．ｔｅｓｔ",
            "\u{a0}auditor@mudanzas.test\u{3000}",
        ] {
            assert_eq!(identifier(variant), "auditor@mudanzas.test", "{variant:?}");
        }
        assert_eq!(identifier("jose\u{301}@correo.es"), "josé@correo.es");
        assert_eq!(identifier("JOSÉ@correo.es"), "josé@correo.es");
        assert_eq!(identifier("ﬁna@correo.es"), "fina@correo.es");
        assert_eq!(identifier("emp-001"), identifier(" EMP-001 "));
        assert_eq!(identifier("Marta   SÁNCHEZ"), "marta sánchez");
    }

    #[test]
    fn variants_beyond_that_are_other_identifiers() {
        assert_ne!(
            identifier("aud\u{130}tor@mudanzas.test"),
            "auditor@mudanzas.test"
        );
        assert_ne!(identifier("STRAßE@correo.es"), "strasse@correo.es");
        assert_ne!(
            identifier("auditor\u{200b}@mudanzas.test"),
            "auditor@mudanzas.test"
        );
    }

    #[test]
    fn the_form_is_stable() {
        for value in [
            "aud\u{130}tor@mudanzas.test",
            "ǅemal@correo.es",
            "ΣΊΣΥΦΟΣ",
            "ℌola",
            "ﬃ",
            "Ⅻ",
            "",
        ] {
            let once = identifier(value);
            assert_eq!(identifier(&once), once, "{value:?}");
        }
    }
}
