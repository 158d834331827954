//! The auditor's fold (`projections::audit`) against the checked-in read models: for every golden
//! history, replaying each move's stream gives exactly the staff document the `moves` projector
//! built, and the auditor's history gives every event a Spanish label. No database: the history
//! is replayed in memory, as the audit screen replays a move.

use std::collections::BTreeMap;

use events_schema::{Metadata, RecordedEvent};
use projections::audit::{fold, label, replay};
use serde_json::Value;

/// A golden history as the log would return it: positions in file order, stream versions counted
/// per stream, recorded when it occurred.
fn recorded(name: &str) -> Vec<RecordedEvent> {
    let mut versions: BTreeMap<String, i64> = BTreeMap::new();
    replay_tests::load(name)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let version = versions.entry(e.stream_id.clone()).or_default();
            *version += 1;
            RecordedEvent {
                position: i as i64 + 1,
                event_id: e.event_id,
                stream_id: e.stream_id,
                stream_version: *version,
                event_type: e.event_type,
                schema_version: e.schema_version,
                data: e.data.into(),
                metadata: serde_json::from_value::<Metadata>(e.metadata).unwrap(),
                occurred_at: e.occurred_at,
                recorded_at: e.occurred_at,
            }
        })
        .collect()
}

fn expected_staff_view(name: &str) -> Vec<Value> {
    let path = replay_tests::dir("expected").join(format!("{name}.json"));
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    expected["move_staff_view"].as_array().unwrap().clone()
}

#[test]
fn the_auditors_fold_of_each_move_is_the_staff_read_model() {
    let names = replay_tests::histories();
    assert!(!names.is_empty(), "no golden histories");
    for name in names {
        let events = recorded(&name);
        let mut streams: BTreeMap<String, Vec<RecordedEvent>> = BTreeMap::new();
        for e in events.iter().filter(|e| e.stream_id.starts_with("move-")) {
            streams
                .entry(e.stream_id.clone())
                .or_default()
                .push(e.clone());
        }
        let rows = expected_staff_view(&name);
        assert_eq!(rows.len(), streams.len(), "{name}: moves in the read model");
        for row in rows {
            let id = row["id"].as_i64().unwrap();
            let stream = &streams[&format!("move-{id}")];
            let folded = fold(stream).unwrap().expect("the move exists");
            assert_eq!(
                serde_json::to_value(&folded).unwrap(),
                row["doc"],
                "{name}: move {id}, folded vs. projected"
            );
            // The read model's row reflects the stream's last event (positions are ordinals here,
            // as in the checked-in expectation).
            assert_eq!(
                row["position"],
                stream.last().unwrap().position,
                "{name}: move {id}"
            );
            assert_eq!(row["estado"], serde_json::to_value(folded.estado).unwrap());
        }
    }
}

#[test]
fn every_event_of_the_golden_histories_has_a_label_and_replays() {
    for name in replay_tests::histories() {
        let events = recorded(&name);
        for e in &events {
            assert!(
                label(&e.event_type).is_some(),
                "{name}: {} has no label",
                e.event_type
            );
        }
        let mut streams: Vec<&str> = events
            .iter()
            .filter(|e| e.stream_id.starts_with("move-"))
            .map(|e| e.stream_id.as_str())
            .collect();
        streams.sort_unstable();
        streams.dedup();
        for stream in streams {
            let steps = replay(stream, &events).unwrap();
            assert_eq!(steps.len(), events.len());
            for step in steps {
                let own = step.event.stream_id == stream;
                // Every event of the move changes something in it (at least its status, a field,
                // a photo or a document); other streams' events change nothing.
                assert_eq!(
                    !step.changes.is_empty(),
                    own,
                    "{name}: {stream} at {} ({})",
                    step.event.position,
                    step.event.event_type
                );
            }
        }
    }
}
