//! Reading request values as forms send them.

use std::str::FromStr;

use serde::{Deserialize, Deserializer};

/// What [`optional_date`] expects, in the words of the rejection that names the field.
pub const DATE_EXPECTED: &str = "una fecha (AAAA-MM-DD)";

/// An optional date or instant of a request (JSON body or query): absent, `null` and `""` (what
/// an HTML form sends for an empty date input, and the price finder for an unset date) are all
/// no date; any other text must parse. Every optional date field of every request reads through
/// this (`#[serde(default, deserialize_with = "crate::input::optional_date")]`), which the test
/// below checks.
pub fn optional_date<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
{
    match Option::<String>::deserialize(deserializer)?
        .as_deref()
        .map(str::trim)
    {
        None | Some("") => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(text), &DATE_EXPECTED)
        }),
    }
}

/// `elevator` arrives as 1/0 (spec §7) or as a boolean; described as either by
/// `#[schemars(with = "command::estimate::FlagSchema")]`.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize, schemars::JsonSchema)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Number(i64),
    }
    Ok(match Flag::deserialize(d)? {
        Flag::Bool(b) => b,
        Flag::Number(n) => n != 0,
    })
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, NaiveDate, Utc};
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    struct Body {
        #[serde(default, deserialize_with = "crate::input::optional_date")]
        fecha: Option<NaiveDate>,
        #[serde(default, deserialize_with = "crate::input::optional_date")]
        desde: Option<DateTime<Utc>>,
    }

    #[test]
    fn empty_null_and_absent_are_no_date_and_anything_else_must_parse() {
        let parse = |text: &str| serde_json::from_str::<Body>(text);
        let none = Body {
            fecha: None,
            desde: None,
        };
        for text in [
            r#"{"fecha": "", "desde": ""}"#,
            r#"{"fecha": "  ", "desde": null}"#,
            "{}",
        ] {
            assert_eq!(parse(text).unwrap(), none, "{text}");
        }
        assert_eq!(
            parse(r#"{"fecha": "2026-12-14", "desde": "2026-12-14T10:00:00Z"}"#).unwrap(),
            Body {
                fecha: NaiveDate::from_ymd_opt(2026, 12, 14),
                desde: Some("2026-12-14T10:00:00Z".parse().unwrap()),
            }
        );
        let error = parse(r#"{"fecha": "14/12/2026"}"#).unwrap_err().to_string();
        assert!(error.contains(super::DATE_EXPECTED), "{error}");
        // From a query string too.
        let uri = "/api/trabajadores?fecha=&desde=".parse().unwrap();
        let axum::extract::Query(query) = axum::extract::Query::<Body>::try_from_uri(&uri).unwrap();
        assert_eq!(query, none);
    }

    /// The class: every optional date or instant field of a struct the API deserializes reads
    /// through `optional_date`, so that no form's empty date is a 400. Checked over the crate's
    /// source, so that a field added later without it fails here.
    #[test]
    fn every_optional_date_of_every_request_reads_through_the_helper() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![root];
        let mut missing = Vec::new();
        let mut checked = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            // Whether the struct being read derives Deserialize, and the attributes seen since
            // the last field.
            let mut deserialized = false;
            let mut derive = false;
            let mut attributes = String::new();
            for (n, line) in lines.iter().enumerate() {
                let line = line.trim();
                if line.starts_with("#[derive(") {
                    derive = line.contains("Deserialize");
                } else if line.contains("struct ") && line.ends_with('{') {
                    deserialized = derive;
                    derive = false;
                    attributes.clear();
                } else if line.starts_with("#[") {
                    attributes.push_str(line);
                } else if line.starts_with("///") {
                } else {
                    let date = ["Option<NaiveDate>", "Option<chrono::NaiveDate>"]
                        .iter()
                        .chain(&["Option<DateTime<Utc>>", "Option<chrono::DateTime<Utc>>"])
                        .any(|t| line.ends_with(&format!("{t},")));
                    let field = line.contains(':') && !line.contains('(') && !line.contains('=');
                    if deserialized && field && date {
                        checked += 1;
                        if !attributes.contains("crate::input::optional_date") {
                            missing.push(format!("{}:{}: {line}", path.display(), n + 1));
                        }
                    }
                    attributes.clear();
                }
            }
        }
        assert!(
            missing.is_empty(),
            "without optional_date:\n{}",
            missing.join("\n")
        );
        assert!(checked >= 6, "the scan found only {checked} fields");
    }
}
