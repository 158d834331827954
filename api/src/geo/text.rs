//! How addresses and place names are compared: accents and case folded, punctuation dropped.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Lowercase words of letters and digits separated by single spaces, accents removed:
/// `"Calle de Alcalá, 120"` → `"calle de alcala 120"`, `"L'Hospitalet"` → `"l hospitalet"`.
/// The gazetteer generator folds names the same way (scripts/gazetteer/generate.py).
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text
        .nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
    {
        if c.is_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(c);
        } else {
            pending_space = true;
        }
    }
    out
}

/// The INE province code ("28") of a Spanish postal code among the words ("28009" → "28"):
/// the first two digits of every Spanish postal code are its province's code, 01 to 52.
pub fn postal_province(word: &str) -> Option<&str> {
    if word.len() != 5 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let province: u8 = word[..2].parse().ok()?;
    (1..=52).contains(&province).then(|| &word[..2])
}

/// Whether a Spanish postal code is the province capital's: Correos numbers the capital's
/// districts with a third digit 0 (28001–28080 Madrid, 08001–08042 Barcelona).
pub fn postal_is_capital(word: &str) -> bool {
    postal_province(word).is_some() && word.as_bytes()[2] == b'0'
}

/// Words that open a street name ("Calle", "Avda.", "Plaça"): in such a part of an address the
/// place names before the house number belong to the street (Calle de Toledo is in Madrid).
pub const STREET_WORDS: &[&str] = &[
    "calle",
    "c",
    "cl",
    "cal",
    "avenida",
    "avda",
    "av",
    "avd",
    "plaza",
    "pl",
    "pza",
    "plz",
    "paseo",
    "p",
    "po",
    "pso",
    "ronda",
    "rda",
    "camino",
    "cno",
    "carretera",
    "ctra",
    "cr",
    "glorieta",
    "gta",
    "travesia",
    "trva",
    "costanilla",
    "cuesta",
    "callejon",
    "pasaje",
    "psje",
    "bulevar",
    "boulevard",
    "rambla",
    "via",
    "gran",
    "carrer",
    "avinguda",
    "placa",
    "passeig",
    "rua",
    "kalea",
    "urbanizacion",
    "urb",
    "poligono",
    "pol",
    "sector",
    "autovia",
    "autopista",
    "rue",
    "strasse",
    "street",
    "road",
];

/// Words of an address that are never a place on their own, though a few tiny villages or
/// GeoNames alternate names share them ("Piso 3, Puerta B").
pub const NOT_A_PLACE_ALONE: &[&str] = &[
    "de",
    "del",
    "la",
    "las",
    "el",
    "los",
    "les",
    "lo",
    "y",
    "i",
    "e",
    "en",
    "a",
    "o",
    "san",
    "santa",
    "sant",
    "santo",
    "piso",
    "puerta",
    "pta",
    "bajo",
    "bajos",
    "izquierda",
    "izda",
    "izq",
    "derecha",
    "dcha",
    "dch",
    "escalera",
    "esc",
    "portal",
    "bloque",
    "blq",
    "planta",
    "atico",
    "local",
    "numero",
    "num",
    "edificio",
    "edif",
    "casa",
    "chalet",
    "nave",
    "parcela",
    "letra",
    "apartamento",
    "apto",
    "km",
    "sn",
    "s",
    "n",
    "bis",
    "interior",
    "exterior",
    "oficina",
    "entresuelo",
    "principal",
    "primero",
    "segundo",
    "tercero",
    "cuarto",
    "quinto",
    "barrio",
    "barri",
    "distrito",
    "zona",
    "urbanizacion",
    "urb",
    "residencial",
    "colonia",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_folds_accents_case_and_punctuation() {
        assert_eq!(
            normalise("Calle de Alcalá, 120 — 28009 MADRID"),
            "calle de alcala 120 28009 madrid"
        );
        assert_eq!(normalise("  Logroño/La Rioja "), "logrono la rioja");
        assert_eq!(
            normalise("L'Hospitalet de Llobregat"),
            "l hospitalet de llobregat"
        );
        assert_eq!(normalise("Ávila,,,  Çà"), "avila ca");
        assert_eq!(normalise("Müller-Straße"), "muller straße");
        assert_eq!(normalise("¡¿?!.,;"), "");
        assert_eq!(normalise(""), "");
    }

    #[test]
    fn normalise_keeps_letters_of_other_alphabets_and_digits() {
        assert_eq!(normalise("Αθήνα 105"), "αθηνα 105");
        assert_eq!(normalise("2ºB 1ª"), "2ob 1a");
    }

    #[test]
    fn postal_codes_give_their_province() {
        assert_eq!(postal_province("28009"), Some("28"));
        assert_eq!(postal_province("08001"), Some("08"));
        assert_eq!(postal_province("52001"), Some("52"));
        assert_eq!(postal_province("53001"), None);
        assert_eq!(postal_province("00123"), None);
        assert_eq!(postal_province("2800"), None);
        assert_eq!(postal_province("28a09"), None);
        assert!(postal_is_capital("28009"));
        assert!(!postal_is_capital("28801"));
    }
}
