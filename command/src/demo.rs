//! Demo moves for seeding a fresh installation and for tests: realistic Madrid moves.

use chrono::NaiveDate;
use events_schema::events::{
    Contact, MoveCreated, MovedObject, Person, Properties, PropertyDetails, Services, Urgency,
};

const STREETS: &[(&str, &str)] = &[
    (
        "Calle de Alcalá 120, 28009 Madrid",
        "Avenida de la Constitución 5, 28901 Getafe",
    ),
    (
        "Calle de Serrano 41, 28001 Madrid",
        "Calle Mayor 2, 28801 Alcalá de Henares",
    ),
    (
        "Paseo de la Castellana 200, 28046 Madrid",
        "Calle Real 14, 28400 Collado Villalba",
    ),
    (
        "Calle de Atocha 30, 28012 Madrid",
        "Avenida de Europa 9, 28224 Pozuelo de Alarcón",
    ),
    (
        "Calle de Bravo Murillo 150, 28020 Madrid",
        "Calle del Pez 8, 28004 Madrid",
    ),
    (
        "Calle de Arturo Soria 99, 28043 Madrid",
        "Avenida de Portugal 3, 28935 Móstoles",
    ),
];

/// A priced demo move. `n` picks the addresses and the size; prices follow the spec's formula
/// (base + distance + services + urgency, plus 21% VAT).
pub fn demo_move(move_id: i64, client: Person, date: NaiveDate, n: usize) -> MoveCreated {
    let (origin, destination) = STREETS[n % STREETS.len()];
    let urgent = n % 4 == 3;
    let base = 18_000 + (n as i64 % 5) * 4_500;
    let distance = 1_200 + (n as i64 % 7) * 900;
    let services = if n.is_multiple_of(2) { 4_000 } else { 0 };
    let urgency = if urgent { 5_000 } else { 0 };
    let price = crate::pricing::price(crate::pricing::PriceParts {
        base_cents: base,
        distance_cents: distance,
        services_cents: services,
        urgency_cents: urgency,
        iva_enabled: true,
        advance_cents: 0,
    })
    .expect("demo prices are positive");
    MoveCreated {
        move_id,
        contacto: Contact {
            nombre: client.nombre.clone(),
            telefono: client.telefono.clone(),
            email: client.email.clone(),
            preferencia: "phone".into(),
        },
        cliente: client,
        origen: origin.into(),
        destino: destination.into(),
        fecha_programada: date,
        fecha_alternativa: date.succ_opt(),
        flexible: n.is_multiple_of(3),
        hora_preferida: ["morning", "afternoon", "evening", "flexible"][n % 4].into(),
        urgencia: if urgent {
            Urgency::Urgente
        } else {
            Urgency::Normal
        },
        property_details: Properties {
            origin: PropertyDetails {
                property_type: "apartment_2_rooms".into(),
                access: "normal".into(),
                floor: "third".into(),
                elevator: n.is_multiple_of(2),
            },
            destination: PropertyDetails {
                property_type: "house_2_rooms".into(),
                access: "normal".into(),
                floor: "ground".into(),
                elevator: false,
            },
        },
        objects: vec![
            MovedObject {
                id: "sofa-3-plazas".into(),
                nombre: "Sofá de 3 plazas".into(),
                peso: 55.0,
                quantity: 1,
            },
            MovedObject {
                id: "caja-mediana".into(),
                nombre: "Caja mediana".into(),
                peso: 8.0,
                quantity: 10 + n as u32 % 15,
            },
        ],
        services: Services {
            dismount: n.is_multiple_of(2),
            dismount_quantity: if n.is_multiple_of(2) { 2 } else { 0 },
            packaging: n.is_multiple_of(2),
            packaging_quantity: if n.is_multiple_of(2) { 3 } else { 0 },
            cleaning: false,
            fragile: n % 3 == 1,
            long_stairs: false,
        },
        instrucciones: if n.is_multiple_of(2) {
            "Llamar al llegar; portero automático.".into()
        } else {
            String::new()
        },
        precio: price,
    }
}
