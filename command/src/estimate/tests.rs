use super::*;
use serde_json::json;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 2).unwrap()
}

fn in_days(n: u64) -> String {
    today()
        .checked_add_days(Days::new(n))
        .unwrap()
        .format("%Y-%m-%d")
        .to_string()
}

/// The catalogue's volumes (seed/catalogo/objetos.json) of the objects the examples use.
const CATALOGUE: &[(&str, &str, f64)] = &[
    ("sofa-3-plazas", "Sofá de 3 plazas", 1.696),
    ("sofa-2-plazas", "Sofá de 2 plazas", 1.224),
    ("sillon", "Sillón", 0.686),
    ("cama-individual", "Cama individual", 0.9),
    ("cama-doble", "Cama de matrimonio", 1.44),
    ("colchon", "Colchón", 0.641),
    ("colchon-90", "Colchón de 90 cm", 0.428),
    ("colchon-150", "Colchón de 150 cm", 0.77),
    ("armario-2-puertas", "Armario de 2 puertas", 1.2),
    ("armario-4-puertas", "Armario de 4 puertas", 2.64),
    ("comoda", "Cómoda", 0.425),
    ("mesa-comedor", "Mesa de comedor", 1.094),
    ("silla", "Silla", 0.203),
    ("escritorio", "Escritorio", 0.54),
    ("silla-oficina", "Silla de oficina", 0.486),
    ("lavadora", "Lavadora", 0.306),
    ("frigorifico-combi", "Frigorífico combi", 0.741),
    ("television", "Televisor", 0.058),
    ("tv-55", "Televisor de 55\"", 0.071),
    ("piano-vertical", "Piano vertical", 1.125),
    ("caja-mediana", "Caja mediana", 0.08),
    ("caja-grande", "Caja grande", 0.12),
];

fn lookup(id: &str) -> Option<ObjectVolume> {
    CATALOGUE
        .iter()
        .find(|(i, _, _)| *i == id)
        .map(|(_, name, v)| ObjectVolume {
            nombre: name.to_string(),
            volumen_m3: *v,
        })
}

fn address(property: &str, floor: &str, elevator: bool, access: &str) -> PriceAddress {
    PriceAddress {
        address: "Calle de Alcalá 120, 28009 Madrid".into(),
        property_type: property.into(),
        access: access.into(),
        floor: floor.into(),
        elevator,
    }
}

fn request(
    origin: PriceAddress,
    destination: PriceAddress,
    objects: &[(&str, u32)],
) -> PriceRequest {
    PriceRequest {
        origin,
        destination,
        objects: objects
            .iter()
            .map(|(id, quantity)| RequestedObject {
                id: id.to_string(),
                quantity: *quantity,
            })
            .collect(),
        services: PriceServices::default(),
        schedule: PriceSchedule {
            preferred_date: Some(in_days(30)),
            alternative_date: None,
            flexible_dates: false,
            time_preference: Some("morning".into()),
        },
        distance: None,
        duration: None,
        instructions: None,
        offer_pack: None,
    }
}

/// A small request that breaks no rule, to vary one field at a time.
fn plain() -> PriceRequest {
    request(
        address("apartment_1_room", "ground", false, "normal"),
        address("apartment_1_room", "ground", false, "normal"),
        &[("caja-mediana", 5)],
    )
}

fn route(km: f64, inside_m30: bool) -> ResolvedRoute {
    ResolvedRoute {
        distance_km: km,
        duration_min: km * 1.5,
        inside_m30,
    }
}

fn run(r: &PriceRequest, route: ResolvedRoute) -> Result<Estimate, DomainError> {
    estimate(r, &route, lookup, today())
}

fn lines(e: &Estimate) -> Vec<(&str, i64)> {
    e.lines
        .iter()
        .map(|l| (l.concepto.as_str(), l.importe_cents))
        .collect()
}

fn refused(r: &PriceRequest, route: ResolvedRoute) -> String {
    match run(r, route) {
        Err(DomainError::Invalid(m)) => m,
        other => panic!("expected a validation error, got {other:?}"),
    }
}

/// (subtotal, iva, total, shown, quote), and the lines add up to the subtotal.
fn totals(e: &Estimate) -> (i64, i64, i64, i64, i64) {
    assert_eq!(
        e.lines.iter().map(|l| l.importe_cents).sum::<i64>(),
        e.subtotal_cents
    );
    (
        e.subtotal_cents,
        e.iva_cents,
        e.total_cents,
        e.shown_cents,
        e.quote_cents,
    )
}

#[test]
fn the_tariff_file_reads_with_the_documented_figures() {
    let t = Tariffs::standard();
    assert_eq!(t.volume_cents_per_m3, 3_200);
    assert_eq!(t.minimum_centi_m3, 300);
    assert_eq!((t.flat_km, t.flat_cents, t.cents_per_km), (15, 4_500, 120));
    assert_eq!(t.floor_cents, 2_000);
    assert_eq!(
        (t.esential.cents, t.advanced.cents, t.premium.cents),
        (3_000, 9_000, 19_500),
        "the §3 'from' prices"
    );
    assert_eq!((t.shown_percent, t.quote_percent), (80, 95), "§9");
}

#[test]
fn a_tariff_file_with_a_typo_or_a_sub_cent_amount_is_refused() {
    let good = include_str!("../../tarifas.toml");
    assert!(Tariffs::from_toml(&good.replace("euros_per_floor", "euro_per_floor")).is_err());
    assert!(
        Tariffs::from_toml(&good.replace("fragile_euros = 35.00", "fragile_euros = 35.005"))
            .is_err()
    );
    assert!(
        Tariffs::from_toml(&good.replace("shown_percent = 80", "shown_percent = 180")).is_err()
    );
}

#[test]
fn example_1_a_studio_below_the_minimum_volume_and_inside_the_flat_distance() {
    let r = request(
        address("studio", "ground", false, "normal"),
        address("apartment_1_room", "second", true, "normal"),
        &[
            ("cama-individual", 1),
            ("colchon-90", 1),
            ("caja-mediana", 6),
            ("silla", 1),
        ],
    );
    let e = run(&r, route(6.4, false)).unwrap();
    assert_eq!(
        lines(&e),
        [
            (
                "Volumen: 9 objetos, 2,01 m³ (mínimo 3,00 m³) × 32,00 €/m³",
                9_600
            ),
            ("Distancia: 6,4 km (tarifa fija hasta 15 km)", 4_500),
        ]
    );
    assert_eq!(totals(&e), (14_100, 2_961, 17_061, 13_649, 16_208));
    assert_eq!(e.volume_m3, 2.01);
    assert!(!e.urgent);
}

#[test]
fn example_2_a_two_bedroom_flat_to_alcala_with_floors_access_services_and_evening() {
    let mut r = request(
        address("apartment_2_rooms", "third", false, "normal"),
        address("house_2_rooms", "ground", false, "cant_park"),
        &[
            ("sofa-3-plazas", 1),
            ("cama-doble", 1),
            ("colchon-150", 1),
            ("armario-2-puertas", 2),
            ("mesa-comedor", 1),
            ("silla", 4),
            ("lavadora", 1),
            ("frigorifico-combi", 1),
            ("caja-mediana", 20),
            ("television", 1),
        ],
    );
    r.services = PriceServices {
        dismount: true,
        dismount_quantity: 2,
        packaging: true,
        packaging_quantity: 3,
        fragile: true,
        ..PriceServices::default()
    };
    r.schedule.preferred_date = Some(in_days(20));
    r.schedule.time_preference = Some("evening".into());
    let e = run(&r, route(34.6, false)).unwrap();
    assert_eq!(
        lines(&e),
        [
            ("Volumen: 33 objetos, 10,92 m³ × 32,00 €/m³", 34_944),
            (
                "Distancia: 34,6 km (45,00 € hasta 15 km + 19,6 km × 1,20 €/km)",
                6_852
            ),
            ("Origen: 3 plantas sin ascensor × 20,00 €/planta", 6_000),
            ("Destino: sin aparcamiento cercano", 4_000),
            ("Desmontaje y montaje: 2 muebles × 25,00 €", 5_000),
            ("Embalaje: 3 objetos × 12,00 €", 3_600),
            ("Manipulación de objetos frágiles", 3_500),
            ("Franja de tarde-noche (17:00-20:00)", 3_000),
        ]
    );
    assert_eq!(totals(&e), (66_896, 14_048, 80_944, 64_755, 76_897));
    assert_eq!(e.objects.len(), 10);
    assert_eq!(e.objects[3].nombre, "Armario de 2 puertas");
    assert_eq!(e.objects[3].volumen_m3, 2.4);
}

#[test]
fn example_3_the_esencial_pack_inside_the_m30_includes_the_distance_and_takes_no_flexible_discount()
{
    let mut r = request(
        address("apartment_1_room", "first", false, "pedestrian_zone"),
        address("studio", "fourth", true, "normal"),
        &[("caja-mediana", 10), ("television", 1)],
    );
    r.offer_pack = Some("esential".into());
    r.schedule.time_preference = Some("flexible".into());
    r.schedule.flexible_dates = true;
    let e = run(&r, route(3.8, true)).unwrap();
    assert_eq!(
        lines(&e),
        [
            (
                "Pack Esencial (hasta 2,00 m³ y transporte dentro de la M-30)",
                3_000
            ),
            ("Distancia: 3,8 km (incluida en el pack)", 0),
            ("Origen: 1 planta sin ascensor × 20,00 €/planta", 2_000),
            ("Origen: zona peatonal", 5_000),
        ]
    );
    assert_eq!(totals(&e), (10_000, 2_100, 12_100, 9_680, 11_495));
    assert_eq!(e.offer_pack, Some(OfferPack::Esential));
}

#[test]
fn example_4_the_avanzado_pack_charges_the_volume_beyond_it_and_tomorrow_is_urgent() {
    let mut r = request(
        address("apartment_3_rooms", "fifth", true, "normal"),
        address("shared_floor", "second", false, "normal"),
        &[
            ("sofa-2-plazas", 1),
            ("cama-doble", 1),
            ("colchon-150", 1),
            ("comoda", 1),
            ("caja-mediana", 15),
            ("lavadora", 1),
        ],
    );
    r.offer_pack = Some("advanced".into());
    r.services = PriceServices {
        dismount: true,
        dismount_quantity: 1,
        cleaning: true,
        ..PriceServices::default()
    };
    r.schedule.preferred_date = Some(in_days(1));
    let e = run(&r, route(5.2, true)).unwrap();
    assert_eq!(
        lines(&e),
        [
            (
                "Pack Avanzado (hasta 4,70 m³ y transporte dentro de la M-30)",
                9_000
            ),
            ("Volumen fuera del pack: 0,67 m³ × 32,00 €/m³", 2_144),
            ("Distancia: 5,2 km (incluida en el pack)", 0),
            ("Destino: 2 plantas sin ascensor × 20,00 €/planta", 4_000),
            ("Desmontaje y montaje: 1 mueble × 25,00 €", 2_500),
            ("Limpieza tras la mudanza", 9_000),
            ("Urgencia (menos de 48 h): 20 % de 111,44 €", 2_229),
        ]
    );
    assert_eq!(totals(&e), (28_873, 6_063, 34_936, 27_949, 33_189));
    assert!(e.urgent);
}

#[test]
fn example_5_a_house_to_valencia_with_professional_packing_and_both_flexibility_discounts() {
    let mut r = request(
        address("house_4_rooms", "ground", false, "little_access"),
        address("apartment_4_rooms", "sixth", true, "normal"),
        &[
            ("sofa-3-plazas", 1),
            ("sillon", 1),
            ("cama-doble", 1),
            ("colchon", 1),
            ("cama-individual", 2),
            ("colchon-90", 2),
            ("armario-4-puertas", 1),
            ("armario-2-puertas", 1),
            ("mesa-comedor", 1),
            ("silla", 6),
            ("escritorio", 1),
            ("silla-oficina", 1),
            ("frigorifico-combi", 1),
            ("lavadora", 1),
            ("tv-55", 1),
            ("piano-vertical", 1),
            ("caja-mediana", 30),
            ("caja-grande", 10),
        ],
    );
    r.services = PriceServices {
        best_packaging: true,
        fragile: true,
        long_stairs: true,
        ..PriceServices::default()
    };
    r.schedule = PriceSchedule {
        preferred_date: Some(in_days(40)),
        alternative_date: Some(in_days(42)),
        flexible_dates: true,
        time_preference: Some("flexible".into()),
    };
    let e = run(&r, route(355.0, false)).unwrap();
    assert_eq!(
        lines(&e),
        [
            ("Volumen: 63 objetos, 20,14 m³ × 32,00 €/m³", 64_448),
            (
                "Distancia: 355,0 km (45,00 € hasta 15 km + 340,0 km × 1,20 €/km)",
                45_300
            ),
            ("Origen: acceso reducido", 2_500),
            ("Embalaje profesional: 20,14 m³ × 8,00 €/m³", 16_112),
            ("Manipulación de objetos frágiles", 3_500),
            ("Escaleras largas (4 o más pisos)", 3_000),
            ("Descuento por horario flexible: 5 % de 1097,48 €", -5_487),
            ("Descuento por fechas flexibles: 5 % de 1097,48 €", -5_487),
        ]
    );
    assert_eq!(totals(&e), (123_886, 26_016, 149_902, 119_922, 142_407));
}

#[test]
fn the_request_reads_from_the_web_clients_json_with_elevator_as_1_0_or_boolean() {
    let body = json!({
        "origin": {"address": "Calle Mayor 1, Madrid", "propertyType": "apartment_2_room",
                   "access": "little", "floor": "third", "elevator": 0},
        "destination": {"address": "Calle de Toledo 50, Madrid", "propertyType": "studio",
                        "access": "normal", "floor": "first", "elevator": 1},
        "objects": [{"id": "sofa-3-plazas", "quantity": 1}],
        "services": {"dismount": false, "dismountQuantity": 1, "packaging": false,
                     "packagingQuantity": 1, "bestPackaging": false, "cleaning": true,
                     "fragile": false, "longStairs": false},
        "schedule": {"preferredDate": in_days(10), "alternativeDate": null,
                     "flexibleDates": false, "timePreference": "afternoon"},
        "distance": 4.2, "duration": 12, "instructions": "", "offerPack": null
    });
    let r: PriceRequest = serde_json::from_value(body.clone()).unwrap();
    assert!(!r.origin.elevator && r.destination.elevator);
    assert!(r.services.cleaning);
    let e = run(&r, route(4.2, true)).unwrap();
    assert!(lines(&e).contains(&("Origen: 3 plantas sin ascensor × 20,00 €/planta", 6_000)));
    assert!(lines(&e).contains(&("Origen: acceso reducido", 2_500)));
    assert!(lines(&e).contains(&("Limpieza tras la mudanza", 9_000)));

    // The quote request's moveDetails: elevator as a boolean.
    let mut quote = body.clone();
    quote["origin"]["elevator"] = json!(true);
    let r: PriceRequest = serde_json::from_value(quote).unwrap();
    assert!(r.origin.elevator);

    // Anything else is not an elevator flag.
    let mut odd = body;
    odd["origin"]["elevator"] = json!(2);
    assert!(serde_json::from_value::<PriceRequest>(odd).is_err());
}

#[test]
fn dismount_and_packaging_quantities_must_be_1_to_10_when_the_service_is_chosen() {
    for (n, ok) in [(0, false), (1, true), (10, true), (11, false)] {
        let mut r = plain();
        r.services.dismount = true;
        r.services.dismount_quantity = n;
        match ok {
            true => assert!(run(&r, route(5.0, false)).is_ok(), "dismount {n}"),
            false => assert_eq!(refused(&r, route(5.0, false)), DISMOUNT_QUANTITY),
        }
        let mut r = plain();
        r.services.packaging = true;
        r.services.packaging_quantity = n;
        match ok {
            true => assert!(run(&r, route(5.0, false)).is_ok(), "packaging {n}"),
            false => assert_eq!(refused(&r, route(5.0, false)), PACKAGING_QUANTITY),
        }
    }
    // Without the service its quantity is not read.
    let mut r = plain();
    r.services.dismount_quantity = 0;
    r.services.packaging_quantity = 99;
    assert!(run(&r, route(5.0, false)).is_ok());
}

#[test]
fn object_quantities_must_be_1_to_100_and_ids_must_be_in_the_catalogue() {
    for n in [0, 101] {
        let r = request(
            address("studio", "ground", false, "normal"),
            address("studio", "ground", false, "normal"),
            &[("silla", n)],
        );
        assert_eq!(refused(&r, route(5.0, false)), OBJECT_QUANTITY);
    }
    let r = request(
        address("studio", "ground", false, "normal"),
        address("studio", "ground", false, "normal"),
        &[("silla", 2), ("nave-espacial", 1)],
    );
    assert_eq!(
        refused(&r, route(5.0, false)),
        "Objeto no encontrado en el catálogo: nave-espacial"
    );
}

#[test]
fn at_least_one_object_or_a_pack_is_required() {
    let mut r = plain();
    r.objects.clear();
    assert_eq!(refused(&r, route(5.0, true)), NOTHING_SELECTED);
    // A pack alone is enough: its allowance is billed.
    r.offer_pack = Some("premium".into());
    let e = run(&r, route(5.0, true)).unwrap();
    assert_eq!(
        lines(&e)[0],
        (
            "Pack Premium (hasta 10,00 m³ y transporte dentro de la M-30)",
            19_500
        )
    );
    assert_eq!(e.volume_m3, 0.0);
}

#[test]
fn offer_packs_are_refused_outside_the_m30_and_unknown_packs_are_refused() {
    let mut r = plain();
    r.offer_pack = Some("esential".into());
    assert_eq!(refused(&r, route(5.0, false)), PACK_OUTSIDE_M30);
    r.offer_pack = Some("gold".into());
    assert_eq!(refused(&r, route(5.0, true)), UNKNOWN_PACK);
    // Empty is no pack.
    r.offer_pack = Some(String::new());
    assert!(run(&r, route(5.0, false)).unwrap().offer_pack.is_none());
}

#[test]
fn floors_count_only_for_apartments_studios_and_shared_floors_above_ground_without_lift() {
    let floors_line = |origin: PriceAddress| {
        let r = request(
            origin,
            address("house_1_room", "ground", false, "normal"),
            &[("silla", 1)],
        );
        run(&r, route(5.0, false))
            .unwrap()
            .lines
            .into_iter()
            .find(|l| l.concepto.contains("sin ascensor"))
            .map(|l| l.importe_cents)
    };
    assert_eq!(
        floors_line(address("apartment_4_room", "fourth", false, "")),
        Some(8_000)
    );
    assert_eq!(
        floors_line(address("studio", "first", false, "")),
        Some(2_000)
    );
    assert_eq!(
        floors_line(address("shared_floor", "tenth", false, "")),
        Some(20_000)
    );
    assert_eq!(
        floors_line(address("apartment_1_room", "higher", false, "")),
        Some(22_000)
    );
    // With a lift, on the ground floor, or in a house, storage room or office: nothing to carry.
    assert_eq!(
        floors_line(address("apartment_4_rooms", "fourth", true, "")),
        None
    );
    assert_eq!(
        floors_line(address("apartment_2_rooms", "ground", false, "")),
        None
    );
    assert_eq!(
        floors_line(address("house_5_rooms", "third", false, "")),
        None
    );
    assert_eq!(floors_line(address("storage", "second", false, "")), None);
    assert_eq!(floors_line(address("office", "second", false, "")), None);
}

#[test]
fn unknown_property_types_floors_access_and_time_slots_are_refused() {
    let mut r = plain();
    r.origin.property_type = "castle".into();
    assert_eq!(refused(&r, route(5.0, false)), PROPERTY_TYPE);
    let mut r = plain();
    r.destination.property_type = "apartment_9_rooms".into();
    assert_eq!(refused(&r, route(5.0, false)), PROPERTY_TYPE);
    let mut r = plain();
    r.origin.floor = "attic".into();
    assert_eq!(refused(&r, route(5.0, false)), FLOOR);
    let mut r = plain();
    r.destination.access = "helicopter".into();
    assert_eq!(refused(&r, route(5.0, false)), ACCESS);
    let mut r = plain();
    r.schedule.time_preference = Some("midnight".into());
    assert_eq!(refused(&r, route(5.0, false)), TIME_SLOT);
}

#[test]
fn the_access_aliases_and_adapted_access_are_read() {
    let mut r = plain();
    r.origin.access = "disabled".into();
    r.destination.access = "little".into();
    let e = run(&r, route(5.0, false)).unwrap();
    let access: Vec<_> = lines(&e)
        .into_iter()
        .filter(|(c, _)| c.contains("acceso"))
        .collect();
    assert_eq!(
        access,
        [("Destino: acceso reducido", 2_500)],
        "adapted access costs nothing"
    );
}

#[test]
fn short_addresses_and_unusable_routes_are_refused() {
    let mut r = plain();
    r.destination.address = " Sol  ".into();
    assert_eq!(refused(&r, route(5.0, false)), ADDRESSES_REQUIRED);
    for km in [f64::NAN, -1.0, f64::INFINITY, 20_000.0] {
        assert_eq!(refused(&plain(), route(km, false)), NO_DISTANCE, "{km}");
    }
    assert!(run(&plain(), route(0.0, true)).is_ok(), "same building");
}

#[test]
fn dates_before_today_are_refused_and_urgency_ends_two_days_ahead() {
    let mut r = plain();
    r.schedule.preferred_date = Some("2026-03-01".into());
    assert_eq!(refused(&r, route(5.0, false)), PREFERRED_DATE_PAST);
    r.schedule.preferred_date = Some(in_days(3));
    r.schedule.alternative_date = Some("2026-02-27".into());
    assert_eq!(refused(&r, route(5.0, false)), ALTERNATIVE_DATE_PAST);
    r.schedule.alternative_date = Some("3/3/2026".into());
    assert_eq!(refused(&r, route(5.0, false)), DATE);
    r.schedule.alternative_date = Some(String::new());
    for (days, urgent) in [(0, true), (1, true), (2, false)] {
        r.schedule.preferred_date = Some(in_days(days));
        assert_eq!(run(&r, route(5.0, false)).unwrap().urgent, urgent, "{days}");
    }
    // No date chosen yet: no urgency.
    r.schedule.preferred_date = None;
    assert!(!run(&r, route(5.0, false)).unwrap().urgent);
}

#[test]
fn professional_packing_has_a_minimum() {
    let mut r = plain();
    r.services.best_packaging = true;
    let e = run(&r, route(5.0, false)).unwrap();
    // 5 boxes are 0.40 m³; the billed volume is the 3 m³ minimum: 24 € < 40 €.
    assert!(lines(&e).contains(&(
        "Embalaje profesional: 3,00 m³ × 8,00 €/m³ (mínimo 40,00 €)",
        4_000
    )));
}

#[test]
fn the_distance_threshold_is_inclusive_and_rounds_to_a_tenth_of_a_km() {
    let e = run(&plain(), route(15.04, false)).unwrap();
    assert_eq!(
        lines(&e)[1],
        ("Distancia: 15,0 km (tarifa fija hasta 15 km)", 4_500)
    );
    let e = run(&plain(), route(15.05, false)).unwrap();
    assert_eq!(
        lines(&e)[1],
        (
            "Distancia: 15,1 km (45,00 € hasta 15 km + 0,1 km × 1,20 €/km)",
            4_512
        )
    );
}

#[test]
fn spanish_numbers_group_thousands_from_five_digits() {
    assert_eq!(number(109_748, 2), "1097,48");
    assert_eq!(number(1_234_567, 2), "12.345,67");
    assert_eq!(number(-5_487, 2), "-54,87");
    assert_eq!(number(3_550, 1), "355,0");
    assert_eq!(euros(5), "0,05 €");
}

#[test]
fn the_examples_use_the_catalogues_volumes_and_names() {
    let file: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("../../../seed/catalogo/objetos.json")).unwrap();
    for (id, name, volume) in CATALOGUE {
        let o = file
            .iter()
            .find(|o| o["id"] == *id)
            .unwrap_or_else(|| panic!("{id} is not in the catalogue"));
        assert_eq!(o["nombre"], *name, "{id}");
        assert_eq!(o["volumen"].as_f64(), Some(*volume), "{id}");
    }
}
