//! `POST /api/calculate-price` against a real server: the route, the catalogue and the tariffs
//! are the server's own; bad input gets a Spanish 4xx.

use crate::common::{in_days, start};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

fn request(origin: &str, destination: &str) -> Value {
    json!({
        "origin": {"address": origin, "propertyType": "apartment_2_room",
                   "access": "normal", "floor": "third", "elevator": 0},
        "destination": {"address": destination, "propertyType": "house_2_rooms",
                        "access": "normal", "floor": "ground", "elevator": 0},
        "objects": [{"id": "sofa-3-plazas", "quantity": 1}, {"id": "caja-mediana", "quantity": 10}],
        "services": {"dismount": true, "dismountQuantity": 2, "packaging": false,
                     "packagingQuantity": 1, "bestPackaging": false, "cleaning": false,
                     "fragile": true, "longStairs": false},
        "schedule": {"preferredDate": in_days(20), "alternativeDate": null,
                     "flexibleDates": false, "timePreference": "morning"},
        "distance": 31.5, "duration": 40, "instructions": "", "offerPack": null
    })
}

const FROM: &str = "Calle de Alcalá 120, 28009 Madrid";
const TO: &str = "Calle Mayor 2, 28801 Alcalá de Henares";

fn cents(euros: &Value) -> i64 {
    (euros.as_f64().unwrap() * 100.0).round() as i64
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_price_is_itemised_and_follows_the_display_rule(pool: PgPool) {
    let server = start(pool).await;
    let anonymous = server.anonymous();
    let (status, answer) = anonymous
        .send(Method::POST, "/api/calculate-price", request(FROM, TO))
        .await;
    assert_eq!(status, 200, "{answer}");
    let lines = answer["desglose"].as_array().unwrap();
    assert!(lines.len() >= 4, "{answer}");
    let sum: i64 = lines.iter().map(|l| cents(&l["importe"])).sum();
    let subtotal = cents(&answer["subtotal"]);
    assert_eq!(sum, subtotal, "the lines add up to the subtotal");
    let vat = cents(&answer["iva"]);
    assert!((vat - subtotal * 21 / 100).abs() <= 1, "21 % VAT");
    let total = cents(&answer["total"]);
    assert_eq!(total, subtotal + vat);
    assert!(
        (cents(&answer["price"]) - total * 80 / 100).abs() <= 1,
        "80 % shown"
    );
    assert!(
        (cents(&answer["precio_presupuesto"]) - total * 95 / 100).abs() <= 1,
        "95 % quoted"
    );
    let km = answer["distancia_km"].as_f64().unwrap();
    assert!(
        (25.0..45.0).contains(&km),
        "Madrid–Alcalá de Henares by the server's route: {km}"
    );
    assert_eq!(answer["dentro_m30"], false);
    assert!(lines
        .iter()
        .any(|l| l["concepto"].as_str().unwrap().contains("sin ascensor")));

    // The distance the browser sends is not what the price is computed on.
    let mut lying = request(FROM, TO);
    lying["distance"] = json!(1.0);
    let (_, cheaper) = anonymous
        .send(Method::POST, "/api/calculate-price", lying)
        .await;
    assert_eq!(cheaper["total"], answer["total"]);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn offer_packs_only_inside_the_m30(pool: PgPool) {
    let server = start(pool).await;
    let anonymous = server.anonymous();
    let mut inside = request(
        "Calle de Atocha 30, Centro, Madrid",
        "Calle de Serrano 41, Salamanca, Madrid",
    );
    inside["objects"] = json!([]);
    inside["offerPack"] = json!("esential");
    let (status, answer) = anonymous
        .send(Method::POST, "/api/calculate-price", inside)
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["dentro_m30"], true);

    let mut outside = request(FROM, TO);
    outside["objects"] = json!([]);
    outside["offerPack"] = json!("esential");
    let (status, answer) = anonymous
        .send(Method::POST, "/api/calculate-price", outside)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        "Los packs de oferta solo están disponibles para mudanzas dentro de la M-30"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn bad_requests_get_a_spanish_4xx(pool: PgPool) {
    let server = start(pool).await;
    let anonymous = server.anonymous();
    let send = |body: Value| {
        let anonymous = anonymous.clone();
        async move {
            anonymous
                .send(Method::POST, "/api/calculate-price", body)
                .await
        }
    };

    let (status, answer) = send(request("Calle Inventada 1, Xqzwvland", TO)).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (
            422,
            Some("No se pudo calcular la ruta entre las direcciones proporcionadas")
        )
    );
    let mut nothing = request(FROM, TO);
    nothing["objects"] = json!([]);
    let (status, answer) = send(nothing).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (
            400,
            Some("Debe seleccionar al menos un objeto o un pack...")
        )
    );
    let mut unknown = request(FROM, TO);
    unknown["objects"] = json!([{"id": "nave-espacial", "quantity": 1}]);
    let (status, answer) = send(unknown).await;
    assert_eq!(status, 400);
    assert!(answer["error"].as_str().unwrap().contains("nave-espacial"));
    let mut too_many = request(FROM, TO);
    too_many["services"]["dismountQuantity"] = json!(11);
    assert_eq!(send(too_many).await.0, 400);
    let mut past = request(FROM, TO);
    past["schedule"]["preferredDate"] = json!("2020-01-01");
    assert_eq!(send(past).await.0, 400);
    assert_eq!(send(json!({"origin": 3})).await.0, 400);
    assert_eq!(send(json!("texto")).await.0, 400);
}
