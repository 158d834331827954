//! The checked-in JSON Schemas and samples are the contract with every row already stored.
//!
//! - Each event type's current schema must equal `schemas/<type>.v<N>.json`. A change shows up
//!   here: if old rows still read (the samples test below passes), regenerate with
//!   `UPDATE_SCHEMAS=1 cargo test -p events-schema --test schemas`; if not, add version N+1 and an
//!   upcaster instead.
//! - Every version ever stored keeps its schema file and a sample, and every sample must still
//!   decode (through the upcasters) into the current types.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use events_schema::{Event, EVENT_TYPES};

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn stored_versions() -> BTreeSet<(String, i32)> {
    std::fs::read_dir(dir("schemas"))
        .expect("schemas/ exists")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".json")?;
            let (event_type, version) = stem.rsplit_once(".v")?;
            Some((event_type.to_string(), version.parse().ok()?))
        })
        .collect()
}

#[test]
fn current_schemas_match_the_checked_in_files() {
    let update = std::env::var("UPDATE_SCHEMAS").is_ok();
    for info in EVENT_TYPES {
        let generated = serde_json::to_string_pretty(&(info.schema)()).unwrap() + "\n";
        let path = dir("schemas").join(format!("{}.v{}.json", info.name, info.current_version));
        if update {
            std::fs::write(&path, &generated).unwrap();
            continue;
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(
            stored,
            generated,
            "the schema of {} v{} changed. If rows already stored still read (the samples test \
             passes), regenerate with UPDATE_SCHEMAS=1; otherwise add v{} and an upcaster.",
            info.name,
            info.current_version,
            info.current_version + 1
        );
    }
}

#[test]
fn every_version_of_every_type_keeps_its_schema_file() {
    let stored = stored_versions();
    for info in EVENT_TYPES {
        for v in 1..=info.current_version {
            assert!(
                stored.contains(&(info.name.to_string(), v)),
                "schemas/{}.v{v}.json is missing: old versions are never deleted",
                info.name
            );
        }
    }
    for (event_type, version) in &stored {
        assert!(
            EVENT_TYPES
                .iter()
                .any(|t| t.name == event_type && *version <= t.current_version),
            "schemas/{event_type}.v{version}.json names a type or version the code does not know"
        );
    }
}

#[test]
fn every_stored_version_still_reads() {
    let stored = stored_versions();
    assert!(
        stored.len() > EVENT_TYPES.len(),
        "older versions are covered too"
    );
    for (event_type, version) in stored {
        let path = dir("samples").join(format!("{event_type}.v{version}.json"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: every version needs a sample",
                path.display()
            )
        });
        let data: serde_json::Value = serde_json::from_str(&text).unwrap();
        let event = Event::decode(&event_type, version, data)
            .unwrap_or_else(|e| panic!("{event_type} v{version} no longer reads: {e}"));
        assert_eq!(event.event_type(), event_type);
        // The log's reads decode the row's text straight into the type: the same event.
        let from_text = Event::decode_json(&event_type, version, &text)
            .unwrap_or_else(|e| panic!("{event_type} v{version} no longer reads as text: {e}"));
        assert_eq!(
            from_text, event,
            "{event_type} v{version} reads differently as text"
        );
        let again = Event::decode(&event_type, event.schema_version(), event.to_data()).unwrap();
        assert_eq!(
            again, event,
            "{event_type} does not survive a write and a read"
        );
    }
}

#[test]
fn the_v1_move_created_sample_is_upcast_to_a_normal_urgency() {
    let text = std::fs::read_to_string(dir("samples").join("move.created.v1.json")).unwrap();
    let data: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(
        data.get("urgencia").is_none(),
        "the v1 sample predates urgency"
    );
    match Event::decode("move.created", 1, data).unwrap() {
        Event::MoveCreated(created) => {
            assert_eq!(created.urgencia, events_schema::events::Urgency::Normal)
        }
        other => panic!("decoded as {other:?}"),
    }
}

#[test]
fn unknown_types_and_versions_are_refused() {
    assert!(Event::decode("move.teleported", 1, serde_json::json!({})).is_err());
    assert!(Event::decode("move.status_changed", 99, serde_json::json!({})).is_err());
    assert!(Event::decode("move.status_changed", 1, serde_json::json!({"from": "x"})).is_err());
    assert!(Event::decode_json("move.teleported", 1, "{}").is_err());
    assert!(Event::decode_json("move.status_changed", 99, "{}").is_err());
    assert!(Event::decode_json("move.status_changed", 1, r#"{"from": "x"}"#).is_err());
    let change = r#"{"from": "pendiente", "to": "confirmada"}"#;
    assert!(Event::decode_json("move.status_changed", 1, change).is_ok());
    // Text after the value is not one event.
    assert!(Event::decode_json("move.status_changed", 1, &format!("{change} {{}}")).is_err());
    assert!(Event::decode_json("move.created", 1, "[1]").is_err());
}
