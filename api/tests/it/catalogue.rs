//! `GET /api/objetos` and `GET /api/objetos-catalogo` (spec §3, §7), and the catalogue's figures
//! on the waybill, against a real server.

use std::collections::HashSet;

use crate::common::{account, in_days, move_of, projected, seed_dir, start, wizard, Caller};
use api::catalogue::{Catalogue, CATEGORIES};
use base64::Engine;
use serde_json::{json, Value};
use sqlx::PgPool;

/// The objects of a 200 answer.
async fn objects(caller: &Caller, path: &str) -> Vec<Value> {
    let (status, body) = caller.get(path).await;
    assert_eq!(status, 200, "{path}: {body}");
    assert_eq!(body["success"], true);
    body["objetos"].as_array().expect("objetos").clone()
}

fn names(list: &[Value]) -> Vec<&str> {
    list.iter().map(|o| o["nombre"].as_str().unwrap()).collect()
}

/// As web/src/lib/api.ts puts a category on the wire.
fn on_the_wire(category: &str) -> String {
    if category == "camas_y_colchones" {
        "camas%20y%20colchones".into()
    } else {
        category.into()
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn every_category_has_objects_and_together_they_are_the_whole_catalogue_of_at_least_80(
    pool: PgPool,
) {
    let server = start(pool).await;
    let anyone = server.anonymous();
    let all = objects(&anyone, "/api/objetos-catalogo").await;
    assert!(all.len() >= 80, "{} objects", all.len());
    let mut seen = 0;
    for category in CATEGORIES {
        let list = objects(
            &anyone,
            &format!("/api/objetos?categoria={}", on_the_wire(category)),
        )
        .await;
        assert!(!list.is_empty(), "{category} is empty");
        assert!(
            list.iter().all(|o| o["categoria"] == category),
            "{category}"
        );
        seen += list.len();
    }
    assert_eq!(
        seen,
        all.len(),
        "every object is in one of the §3 categories"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn camas_y_colchones_is_read_as_the_client_sends_it_and_as_its_identifier(pool: PgPool) {
    let server = start(pool).await;
    let anyone = server.anonymous();
    let spaced = objects(&anyone, "/api/objetos?categoria=camas%20y%20colchones").await;
    let plus = objects(&anyone, "/api/objetos?categoria=camas+y+colchones").await;
    let identifier = objects(&anyone, "/api/objetos?categoria=camas_y_colchones").await;
    assert_eq!(spaced, identifier);
    assert_eq!(plus, identifier);
    assert!(names(&spaced).contains(&"Colchón de 150 cm"));
    assert!(spaced.iter().all(|o| o["categoria"] == "camas_y_colchones"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_unknown_or_missing_category_is_a_400(pool: PgPool) {
    let server = start(pool).await;
    let anyone = server.anonymous();
    for path in [
        "/api/objetos?categoria=coches",
        "/api/objetos?categoria=offer_pack",
        "/api/objetos?categoria=",
        "/api/objetos",
    ] {
        let (status, body) = anyone.get(path).await;
        assert_eq!(status, 400, "{path}");
        assert_eq!(
            body,
            json!({"success": false, "error": "Categoría no válida"})
        );
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn search_ignores_case_and_accents_and_needs_every_word(pool: PgPool) {
    let server = start(pool).await;
    let anyone = server.anonymous();
    let sofa = objects(&anyone, "/api/objetos-catalogo?search=sofa").await;
    assert!(
        names(&sofa).contains(&"Sofá de 3 plazas"),
        "{:?}",
        names(&sofa)
    );
    assert!(names(&sofa)
        .iter()
        .all(|n| n.to_lowercase().contains("sofá")));
    let shouted = objects(&anyone, "/api/objetos-catalogo?search=SOF%C3%81").await;
    assert_eq!(shouted, sofa);
    let mattress = objects(&anyone, "/api/objetos-catalogo?search=colchon%20150").await;
    assert_eq!(names(&mattress), ["Colchón de 150 cm"]);
    let fridges = objects(&anyone, "/api/objetos-catalogo?search=FRIGORIFICO").await;
    assert!(fridges.len() >= 3, "{:?}", names(&fridges));
    let none = objects(&anyone, "/api/objetos-catalogo?search=nave%20espacial").await;
    assert!(none.is_empty());
    // Blank is everything.
    let all = objects(&anyone, "/api/objetos-catalogo").await;
    assert_eq!(
        objects(&anyone, "/api/objetos-catalogo?search=%20%20").await,
        all
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn every_object_has_the_contract_fields_a_base64_svg_and_a_volume_that_matches_its_size(
    pool: PgPool,
) {
    let server = start(pool).await;
    let all = objects(&server.anonymous(), "/api/objetos-catalogo").await;
    let mut ids = HashSet::new();
    for o in &all {
        let id = o["id"].as_str().unwrap();
        assert!(ids.insert(id.to_string()), "{id} twice");
        let mut keys: Vec<&str> = o.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "categoria",
                "dimensiones",
                "id",
                "imagen",
                "imagen_tipo",
                "nombre",
                "peso",
                "volumen"
            ],
            "{id}: web/src/lib/api.ts CatalogueObject"
        );
        assert_eq!(o["imagen_tipo"], "image/svg+xml", "{id}");
        let svg = base64::engine::general_purpose::STANDARD
            .decode(o["imagen"].as_str().unwrap())
            .unwrap_or_else(|e| panic!("{id}: not base64: {e}"));
        let svg = String::from_utf8(svg).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{id}"
        );
        assert!(!svg.contains("href"), "{id}: a drawing links nothing");
        assert!(o["peso"].as_f64().unwrap() > 0.0, "{id}");
        // '210 × 95 × 85 cm' and 1.696 m³.
        let size: Vec<f64> = o["dimensiones"]
            .as_str()
            .unwrap()
            .trim_end_matches(" cm")
            .split(" × ")
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(size.len(), 3, "{id}");
        let volume = size.iter().product::<f64>() / 1_000_000.0;
        assert!(
            (o["volumen"].as_f64().unwrap() - volume).abs() <= 0.000_5 + 1e-9,
            "{id}: {} m³ for {:?}",
            o["volumen"],
            size
        );
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_waybill_gives_category_size_and_volume_of_catalogue_objects(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let owner = account("cliente");
    let id = move_of(&pool, &owner.email).await;
    let (status, body) = server
        .login(&owner)
        .await
        .send(
            reqwest::Method::POST,
            &format!("/api/albaran/{id}/emitir"),
            serde_json::json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let a = &body["albaran"];
    let lines = a["objetos"].as_array().unwrap();
    // The seeded moves carry a three-seat sofa and some medium boxes.
    let sofa = lines
        .iter()
        .find(|o| o["nombre"] == "Sofá de 3 plazas")
        .unwrap();
    assert_eq!(sofa["categoria"], "sofas");
    assert_eq!(sofa["dimensiones"], "210 × 95 × 85 cm");
    assert_eq!(sofa["volumen_m3"], 1.696);
    let boxes = lines
        .iter()
        .find(|o| o["nombre"] == "Caja mediana")
        .unwrap();
    let n = boxes["cantidad"].as_f64().unwrap();
    assert_eq!(boxes["categoria"], "cajas");
    assert!((boxes["volumen_m3"].as_f64().unwrap() - 0.08 * n).abs() < 1e-9);
    let sum: f64 = lines
        .iter()
        .map(|o| o["volumen_m3"].as_f64().unwrap())
        .sum();
    let total = a["resumen_objetos"]["volumen_total_m3"].as_f64().unwrap();
    assert!((total - sum).abs() < 1e-9, "{total} vs {sum}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_object_the_catalogue_does_not_know_leaves_its_figures_and_the_total_volume_empty(
    pool: PgPool,
) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let mut body = wizard(in_days(12));
    body["objects"] = json!([
        {"id": "sofa-3-plazas", "nombre": "Sofá de 3 plazas", "peso": 55.0, "quantity": 1},
        {"id": "baul-de-la-abuela", "nombre": "Baúl de la abuela", "peso": 30.0, "quantity": 1}
    ]);
    let (status, created) = manager
        .send(reqwest::Method::POST, "/api/crear-mudanza", body)
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["mudanza_id"].as_i64().unwrap();
    let (status, doc) = manager
        .send(
            reqwest::Method::POST,
            &format!("/api/albaran/{id}/emitir"),
            serde_json::json!({}),
        )
        .await;
    assert_eq!(status, 200, "{doc}");
    let a = &doc["albaran"];
    assert_eq!(a["objetos"][0]["volumen_m3"], 1.696);
    assert_eq!(
        a["objetos"][1],
        json!({"cantidad": 1, "nombre": "Baúl de la abuela", "categoria": null,
               "dimensiones": null, "volumen_m3": null})
    );
    assert_eq!(a["resumen_objetos"]["total_objetos"], 2);
    assert_eq!(a["resumen_objetos"]["volumen_total_m3"], Value::Null);
}

/// The manager wizard's built-in object list (web/src/features/manager/catalog.ts) names objects
/// by catalogue id, so the waybills of the moves it creates can show their figures.
#[test]
fn the_manager_wizards_objects_are_in_the_catalogue_with_the_same_names_and_weights() {
    let catalogue = Catalogue::load(&seed_dir()).unwrap();
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../web/src/features/manager/catalog.ts"),
    )
    .unwrap();
    // Lines like `{ id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, categoria: … }`.
    let field = |line: &str, name: &str| -> String {
        let rest = line.split(&format!("{name}: ")).nth(1).unwrap();
        rest.split([',', ' '])
            .next()
            .unwrap()
            .trim_matches('\'')
            .to_string()
    };
    let lines: Vec<&str> = source.lines().filter(|l| l.contains("{ id: '")).collect();
    assert!(lines.len() >= 10, "{source}");
    for line in lines {
        let id = field(line, "id");
        let found = catalogue
            .get(&id)
            .unwrap_or_else(|| panic!("{id} is not in the catalogue"));
        let name = line
            .split("nombre: '")
            .nth(1)
            .unwrap()
            .split('\'')
            .next()
            .unwrap();
        assert_eq!(found.nombre, name, "{id}");
        assert_eq!(
            found.peso,
            field(line, "peso").parse::<f64>().unwrap(),
            "{id}"
        );
    }
}
