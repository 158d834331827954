//! Upcasters: stored rows are never rewritten; an old version is lifted to the current one on read.
//! Each step takes version N to N+1, so adding a version means adding one step.

use serde_json::Value;

use crate::Error;

type Step = fn(Value) -> Result<Value, String>;

/// (event type, from version, step to from+1)
const STEPS: &[(&str, i32, Step)] = &[("move.created", 1, move_created_v1_to_v2)];

pub fn upcast(event_type: &str, mut version: i32, mut data: Value) -> Result<Value, Error> {
    while let Some((_, _, step)) = STEPS
        .iter()
        .find(|(t, from, _)| *t == event_type && *from == version)
    {
        data = step(data).map_err(|reason| Error::Malformed {
            event_type: event_type.to_string(),
            reason: format!("upcasting from v{version}: {reason}"),
        })?;
        version += 1;
    }
    Ok(data)
}

/// v1 moves predate the urgency flag: every one of them was an ordinary, non-urgent move.
fn move_created_v1_to_v2(mut data: Value) -> Result<Value, String> {
    let object = data.as_object_mut().ok_or("data is not an object")?;
    object
        .entry("urgencia")
        .or_insert_with(|| Value::String("normal".into()));
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn v1_move_created_gets_normal_urgency() {
        let up = upcast("move.created", 1, json!({"move_id": 1})).unwrap();
        assert_eq!(up["urgencia"], "normal");
    }

    #[test]
    fn current_versions_pass_through_unchanged() {
        let data = json!({"move_id": 1, "urgencia": "urgente"});
        assert_eq!(upcast("move.created", 2, data.clone()).unwrap(), data);
    }

    #[test]
    fn a_non_object_is_a_clear_error() {
        let err = upcast("move.created", 1, json!([1])).unwrap_err();
        assert!(err.to_string().contains("upcasting from v1"), "{err}");
    }
}
