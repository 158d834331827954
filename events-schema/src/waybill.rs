//! What a waybill signature accepts: the move's objects and services, in one canonical form and
//! its SHA-256. The decider compares a signature's hash with it and the read models show it, so
//! both compute it here, from the same fields.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::events::{MovedObject, Services};

#[derive(Serialize)]
struct Accepted<'a> {
    /// Names the content's format, should it ever change.
    formato: u8,
    move_id: i64,
    objetos: Vec<AcceptedObject<'a>>,
    servicios: &'a Services,
}

#[derive(Serialize)]
struct AcceptedObject<'a> {
    id: &'a str,
    nombre: &'a str,
    cantidad: u32,
}

/// SHA-256, lower-case hex, of the canonical JSON of the move's objects (id, name, quantity, in
/// the list's order) and services. Weights are left out: the client accepts what is carried,
/// not the estimate it was priced with.
pub fn accepted_sha256(move_id: i64, objects: &[MovedObject], services: &Services) -> String {
    let accepted = Accepted {
        formato: 1,
        move_id,
        objetos: objects
            .iter()
            .map(|o| AcceptedObject {
                id: &o.id,
                nombre: &o.nombre,
                cantidad: o.quantity,
            })
            .collect(),
        servicios: services,
    };
    let json = serde_json::to_vec(&accepted).expect("strings and numbers serialize");
    hex::encode(Sha256::digest(json))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sofa(quantity: u32) -> MovedObject {
        MovedObject {
            id: "sofa-3".into(),
            nombre: "Sofá de 3 plazas".into(),
            peso: 45.0,
            quantity,
        }
    }

    #[test]
    fn the_hash_is_of_the_canonical_json() {
        let services = Services::default();
        let expected = hex::encode(Sha256::digest(
            "{\"formato\":1,\"move_id\":7,\"objetos\":[{\"id\":\"sofa-3\",\"nombre\":\"Sofá de 3 \
             plazas\",\"cantidad\":1}],\"servicios\":{\"dismount\":false,\"dismount_quantity\":0,\
             \"packaging\":false,\"packaging_quantity\":0,\"cleaning\":false,\"fragile\":false,\
             \"long_stairs\":false}}",
        ));
        assert_eq!(accepted_sha256(7, &[sofa(1)], &services), expected);
    }

    #[test]
    fn any_change_to_what_is_carried_changes_it() {
        let services = Services::default();
        let base = accepted_sha256(7, &[sofa(1)], &services);
        assert_ne!(base, accepted_sha256(8, &[sofa(1)], &services));
        assert_ne!(base, accepted_sha256(7, &[sofa(2)], &services));
        let cleaning = Services {
            cleaning: true,
            ..Services::default()
        };
        assert_ne!(base, accepted_sha256(7, &[sofa(1)], &cleaning));
        let mut heavier = sofa(1);
        heavier.peso = 60.0;
        assert_eq!(base, accepted_sha256(7, &[heavier], &services));
    }
}
