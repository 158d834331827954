//! Text as the searches compare it. One definition, shared by the projections that store folded
//! text and by the server that folds what is typed, so that the two always agree.

use unicode_normalization::UnicodeNormalization;

/// Lower case without accents ('Sofá' → 'sofa', 'NIÑO' → 'nino', 'Façade' → 'facade'), as the
/// web client's `normalize('NFD')` and strip of combining marks does.
pub fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Characters of each part a search text keeps: five parts stay within `SEARCH_TEXT_MAX`, so an
/// address of any length cannot make an index entry too large.
pub const SEARCH_PART_MAX: usize = 120;
/// The longest search text (`search_text`), in characters.
pub const SEARCH_TEXT_MAX: usize = 600;

/// The folded text a search looks for words in: each part folded and cut to its first
/// `SEARCH_PART_MAX` characters, one per line (a word never spans two parts), at most
/// `SEARCH_TEXT_MAX` characters in all.
pub fn search_text<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let folded: Vec<String> = parts
        .into_iter()
        .map(|part| fold(part).chars().take(SEARCH_PART_MAX).collect())
        .collect();
    folded.join("\n").chars().take(SEARCH_TEXT_MAX).collect()
}

/// The digits of a text, in order ('612 34 56-78' → '612345678'), at most `max` of them.
pub fn digits(text: &str, max: usize) -> String {
    text.chars()
        .filter(char::is_ascii_digit)
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_and_accents() {
        assert_eq!(fold("Sofá de 3 PLAZAS"), "sofa de 3 plazas");
        assert_eq!(fold("Cómoda Niño Pingüino"), "comoda nino pinguino");
        assert_eq!(fold("FAÇADE Ñandú"), "facade nandu");
    }

    #[test]
    fn a_search_text_is_bounded_whatever_it_is_made_of() {
        let long = "Á".repeat(10_000);
        let text = search_text([
            long.as_str(),
            "x",
            long.as_str(),
            long.as_str(),
            long.as_str(),
        ]);
        assert!(text.chars().count() <= SEARCH_TEXT_MAX);
        assert!(text.starts_with(&"a".repeat(SEARCH_PART_MAX)));
        assert_eq!(
            search_text(["Marta López", "marta@x.es", "612 345 678"]),
            "marta lopez\nmarta@x.es\n612 345 678"
        );
        assert_eq!(digits("+34 612-345 678", 32), "34612345678");
        assert_eq!(digits("123456", 3), "123");
    }
}
