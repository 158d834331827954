//! The one definition of the move enumerations (spec §3) and their Spanish labels: time slots,
//! access types, property types and floors. The price finder, the staff wizard, the booking form,
//! the deciders, the estimate, the documents and the emails all read them from here; the web reads
//! the same file (`web/src/lib/opciones.json`, held equal to `command/opciones.json` by a test).
//!
//! The spec gives two readings of several lists. The choice: the afternoon runs 12:00-17:00 (no
//! overlap with the evening, 17:00-20:00); the access types are the calculator's, which the
//! estimate prices; the property types are both lists together, each spelt one way.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// The file's text, as the web gets it too.
pub const JSON: &str = include_str!("../opciones.json");

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub franjas: Vec<TimeSlot>,
    pub accesos: Vec<Labelled>,
    pub viviendas: Vec<PropertyType>,
    pub plantas: Vec<Labelled>,
    /// The milestones of the crew's day (`events_schema::events::Milestone`), in their order.
    pub hitos: Vec<Labelled>,
    /// Other spellings the spec gives (and older clients send), read as the listed value.
    pub alias: BTreeMap<String, String>,
    /// Labels of values stored before the lists were one (the staff wizard's old access types):
    /// still shown for the moves that have them, offered by no form and accepted by no command.
    pub antiguos: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Labelled {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeSlot {
    pub value: String,
    pub label: String,
    /// 'tarde', as a sentence names it ('por la tarde'); none for the flexible slot.
    pub nombre: Option<String>,
    pub desde: Option<String>,
    pub hasta: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PropertyType {
    pub value: String,
    pub label: String,
    /// §4: it has floors (and so the elevator question).
    pub plantas: bool,
}

static OPTIONS: LazyLock<Options> = LazyLock::new(|| {
    serde_json::from_str(JSON)
        // Compiled in and read by the tests (`the_file_reads_and_is_consistent`): never fails in
        // a build whose tests passed.
        .unwrap_or_else(|e| panic!("command/opciones.json: {e}"))
});

pub fn options() -> &'static Options {
    &OPTIONS
}

/// The listed value a value stands for (its other spelling resolved), if any.
fn canonical(value: &str) -> &str {
    options().alias.get(value).map_or(value, String::as_str)
}

fn find<'a>(list: &'a [Labelled], value: &str) -> Option<&'a Labelled> {
    let value = canonical(value);
    list.iter().find(|o| o.value == value)
}

pub fn time_slot(value: &str) -> Option<&'static TimeSlot> {
    options().franjas.iter().find(|s| s.value == value)
}

pub fn is_time_slot(value: &str) -> bool {
    time_slot(value).is_some()
}

/// The time slots' values, in the file's order: what a time field's description lists.
pub fn time_slot_values() -> Vec<&'static str> {
    options().franjas.iter().map(|s| s.value.as_str()).collect()
}

/// A list of values followed by `null`: the description of an optional field that takes them
/// (`#[schemars(extend("enum" = or_null(LIST)))]`).
pub fn or_null<T>(values: impl IntoIterator<Item = T>) -> Vec<Option<T>> {
    values.into_iter().map(Some).chain([None]).collect()
}

/// The listed access type `value` is (any spelling), if it is one.
pub fn access(value: &str) -> Option<&'static str> {
    find(&options().accesos, value).map(|o| o.value.as_str())
}

pub fn property_type(value: &str) -> Option<&'static PropertyType> {
    let value = canonical(value);
    options().viviendas.iter().find(|p| p.value == value)
}

/// The floor's position: 0 for the ground floor.
pub fn floor_number(value: &str) -> Option<usize> {
    options().plantas.iter().position(|f| f.value == value)
}

pub fn access_label(value: &str) -> String {
    find(&options().accesos, value)
        .map(|o| o.label.clone())
        .or_else(|| options().antiguos.get(value).cloned())
        .unwrap_or_else(|| value.to_string())
}

pub fn floor_label(value: &str) -> String {
    find(&options().plantas, value).map_or_else(|| value.to_string(), |o| o.label.clone())
}

pub fn property_type_label(value: &str) -> String {
    property_type(value).map_or_else(|| value.to_string(), |p| p.label.clone())
}

pub fn time_slot_label(value: &str) -> String {
    time_slot(value).map_or_else(|| value.to_string(), |s| s.label.clone())
}

/// The slot within a sentence: 'por la tarde, de 12:00 a 17:00'; 'horario flexible'.
pub fn time_slot_phrase(value: &str) -> String {
    match time_slot(value) {
        Some(TimeSlot {
            nombre: Some(name),
            desde: Some(from),
            hasta: Some(until),
            ..
        }) => format!("por la {name}, de {from} a {until}"),
        Some(s) => s.label.to_lowercase(),
        None => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_and_is_consistent() {
        let o = options();
        // Each slot's label is its hours; no two slots overlap.
        let minutes = |t: &str| {
            let (h, m) = t.split_once(':').unwrap();
            h.parse::<u32>().unwrap() * 60 + m.parse::<u32>().unwrap()
        };
        let mut ranges = Vec::new();
        for s in &o.franjas {
            if let (Some(from), Some(until)) = (&s.desde, &s.hasta) {
                assert!(s.label.ends_with(&format!("({from}-{until})")), "{s:?}");
                ranges.push((minutes(from), minutes(until)));
            }
        }
        ranges.sort();
        assert!(ranges.windows(2).all(|w| w[0].1 <= w[1].0), "{ranges:?}");
        assert_eq!(
            time_slot_label("afternoon"),
            "Tarde (12:00-17:00)",
            "spec §3: 12-17"
        );
        // Aliases lead to listed values; old values are not listed ones.
        for target in o.alias.values() {
            assert!(
                access(target).is_some() || property_type(target).is_some(),
                "{target}"
            );
        }
        for old in o.antiguos.keys() {
            assert!(access(old).is_none(), "{old}");
        }
        assert_eq!(floor_number("ground"), Some(0));
        assert_eq!(
            property_type("apartment_2_room").unwrap().value,
            "apartment_2_rooms"
        );
        assert_eq!(access_label("little"), "Acceso reducido");
        assert_eq!(access_label("difficult"), "Acceso difícil");
        assert_eq!(
            time_slot_phrase("afternoon"),
            "por la tarde, de 12:00 a 17:00"
        );
        assert_eq!(time_slot_phrase("flexible"), "horario flexible");
    }

    #[test]
    fn the_milestones_are_the_events_in_their_order() {
        let listed: Vec<(&str, &str)> = options()
            .hitos
            .iter()
            .map(|h| (h.value.as_str(), h.label.as_str()))
            .collect();
        let events: Vec<(&str, &str)> = events_schema::events::Milestone::ALL
            .iter()
            .map(|m| (m.as_str(), m.label()))
            .collect();
        assert_eq!(listed, events);
    }

    /// The web's option module reads its own copy of the file (a browser bundle cannot reach
    /// into `command/`): it must be this one, byte for byte.
    #[test]
    fn the_web_reads_the_same_definition() {
        let web = include_str!("../../web/src/lib/opciones.json");
        assert!(
            web == JSON,
            "web/src/lib/opciones.json differs from command/opciones.json: copy the latter over"
        );
    }
}
