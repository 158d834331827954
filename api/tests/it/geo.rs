//! `GET /api/autocomplete` and `GET /api/get-calculated-stats` against a real server, offline
//! and with fake Nominatim/OSRM services (working, failing, hanging) on 127.0.0.1.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::{seed_dir, start, start_configured, TestServer};
use api::geo::gazetteer::Gazetteer;
use api::geo::{Geo, GeoError, Source, ROUTE_ERROR};
use api::StartOptions;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use base64::Engine;
use serde_json::{json, Value};
use sqlx::PgPool;

const INVALID: &str = "Por favor, ingresa direcciones válidas de origen y destino.";

async fn get_query(server: &TestServer, path: &str, query: &[(&str, &str)]) -> (u16, Value) {
    let response = server
        .http
        .get(format!("{}{path}", server.base))
        .query(query)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn stats(server: &TestServer, origin: &str, destination: &str) -> (u16, Value) {
    get_query(
        server,
        "/api/get-calculated-stats",
        &[("origin", origin), ("destination", destination)],
    )
    .await
}

async fn suggestions(server: &TestServer, input: &str) -> Vec<String> {
    let (status, body) = get_query(server, "/api/autocomplete", &[("input", input)]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    serde_json::from_value(body["data"].clone()).unwrap()
}

fn svg_of(body: &Value) -> String {
    let url = body["image"].as_str().unwrap();
    let encoded = url.strip_prefix("data:image/svg+xml;base64,").unwrap();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .unwrap();
    String::from_utf8(bytes).unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn autocomplete_suggests_places_as_the_user_types(pool: PgPool) {
    let server = start(pool).await;
    let found = suggestions(&server, "alcal").await;
    assert_eq!(found[0], "Alcalá de Henares, Madrid, España");
    assert!(found.len() <= 8 && found.len() > 3, "{found:?}");
    assert_eq!(
        suggestions(&server, "Calle Mayor 1, alcal").await[0],
        "Calle Mayor 1, Alcalá de Henares, Madrid, España"
    );
    assert_eq!(
        suggestions(&server, "MOSTOLES").await[0],
        "Móstoles, Madrid, España"
    );
    assert!(suggestions(&server, "chamber")
        .await
        .contains(&"Chamberí, Madrid, España".to_string()));
    // Too short, nothing typed, nothing known: an empty list, not an error.
    assert!(suggestions(&server, "ma").await.is_empty());
    assert!(suggestions(&server, "").await.is_empty());
    assert!(suggestions(&server, "qqqzzzxxx").await.is_empty());
    let (status, body) = server.anonymous().get("/api/autocomplete").await;
    assert_eq!((status, body["data"].clone()), (200, json!([])));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn autocomplete_refuses_huge_input(pool: PgPool) {
    let server = start(pool).await;
    let huge = "Calle Mayor ".repeat(1000);
    let (status, body) = get_query(&server, "/api/autocomplete", &[("input", &huge)]).await;
    assert_eq!(status, 400);
    assert_eq!(body["success"], false);
    assert!(body["error"].as_str().unwrap().contains("demasiado larga"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn route_stats_between_two_known_addresses(pool: PgPool) {
    let server = start(pool).await;
    let (status, body) = stats(
        &server,
        "Calle de Alcalá 120, 28009 Madrid",
        "Calle Madrid 3, 28901 Getafe",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["fuente"], "gazetteer");
    let km = body["distance"].as_f64().unwrap();
    assert!((14.0..=17.0).contains(&km), "{km}");
    assert_eq!((km * 10.0).round() / 10.0, km, "one decimal");
    let minutes = body["duration"].as_u64().unwrap();
    assert!((20..=35).contains(&minutes), "{minutes}");
    assert_eq!(
        body["distance_text"],
        format!("{} km", km.to_string().replace('.', ","))
    );
    assert_eq!(body["duration_text"], format!("{minutes} min"));
    let drawing = svg_of(&body);
    assert!(drawing.contains(">Madrid</text>") && drawing.contains(">Getafe</text>"));
    assert_eq!(body["dentro_m30"], false, "Getafe is outside the M-30");

    let (_, long) = stats(&server, "Madrid, España", "Barcelona, España").await;
    let km = long["distance"].as_f64().unwrap();
    assert!((500.0..=620.0).contains(&km), "{km}");
    assert!(long["duration_text"].as_str().unwrap().contains(" h "));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_move_inside_one_city_gets_the_urban_minimum(pool: PgPool) {
    let server = start(pool).await;
    let (status, body) = stats(
        &server,
        "Calle Mayor 1, Madrid",
        "Calle de Alcalá 120, 28009 Madrid",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["distance"], 5.0);
    assert_eq!(body["distance_text"], "5,0 km");
    assert_eq!(body["duration_text"], "12 min");
    assert_eq!(
        body["dentro_m30"], true,
        "both inside the M-30: packs offered"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn route_stats_refuse_missing_short_and_huge_addresses(pool: PgPool) {
    let server = start(pool).await;
    let anonymous = server.anonymous();
    for path in [
        "/api/get-calculated-stats",
        "/api/get-calculated-stats?origin=Calle%20Mayor%201%2C%20Madrid",
        "/api/get-calculated-stats?destination=Calle%20Mayor%201%2C%20Madrid",
    ] {
        let (status, body) = anonymous.get(path).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some(INVALID)),
            "{path}"
        );
        assert_eq!(body["success"], false);
    }
    // Five characters or fewer (spec §4), even padded with spaces.
    let (status, body) = stats(&server, "Madri", "Calle Mayor 1, Getafe").await;
    assert_eq!((status, body["error"].as_str()), (400, Some(INVALID)));
    let (status, _) = stats(&server, "   Madri   ", "Calle Mayor 1, Getafe").await;
    assert_eq!(status, 400);
    // Huge input: refused, not a 500.
    let huge = "Calle Mayor 1, Madrid ".repeat(500);
    let (status, body) = stats(&server, &huge, "Calle Mayor 1, Getafe").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("demasiado larga"));
    // The same parameter twice is malformed.
    let (status, body) = anonymous
        .get("/api/get-calculated-stats?origin=Madrid%20centro&origin=Getafe%201&destination=Getafe%20sur")
        .await;
    assert_eq!((status, body["success"].clone()), (400, json!(false)));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_unknown_address_gives_the_route_error(pool: PgPool) {
    let server = start(pool).await;
    for (origin, destination) in [
        (
            "Calle Falsa 123, Villarriba de los Ajos",
            "Calle Mayor 1, Madrid",
        ),
        ("Calle Mayor 1, Madrid", "Piso 3, Puerta B"),
        ("qwertyuiop asdfg", "zxcvbnm lkjhg"),
    ] {
        let (status, body) = stats(&server, origin, destination).await;
        assert_eq!(status, 422, "{origin} → {destination}: {body}");
        assert_eq!(body, json!({"success": false, "error": ROUTE_ERROR}));
    }
}

// --- Fake outside services ---------------------------------------------------------------------

#[derive(Clone, Default)]
struct Calls(Arc<Mutex<Vec<String>>>);

impl Calls {
    fn push(&self, call: String) {
        self.0.lock().unwrap().push(call);
    }

    fn all(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
}

/// A Nominatim that knows two streets and an OSRM that answers 17.3 km, 21 min.
async fn working_services() -> (String, Calls) {
    async fn search(
        State(calls): State<Calls>,
        Query(q): Query<HashMap<String, String>>,
    ) -> Json<Value> {
        let text = q.get("q").cloned().unwrap_or_default();
        calls.push(format!(
            "search format={} limit={} q={text}",
            q.get("format").map_or("", String::as_str),
            q.get("limit").map_or("", String::as_str),
        ));
        Json(if text.contains("Calle Falsa 123") {
            json!([{"lat": "40.4200", "lon": "-3.7000", "display_name": "Calle Falsa 123, Centro, Madrid, España"}])
        } else if text.contains("Otra Calle 7") {
            json!([{"lat": "40.3000", "lon": "-3.7300", "display_name": "Otra Calle 7, Getafe, España"}])
        } else {
            json!([])
        })
    }
    async fn route(State(calls): State<Calls>, Path(coordinates): Path<String>) -> Json<Value> {
        calls.push(format!("route {coordinates}"));
        let (from, to) = coordinates.split_once(';').unwrap_or_default();
        let (metres, seconds) = if from == to {
            (0.0, 0.0)
        } else {
            (17345.0, 1260.0)
        };
        Json(json!({"code": "Ok", "routes": [{"distance": metres, "duration": seconds}]}))
    }
    let calls = Calls::default();
    let app = Router::new()
        .route("/search", get(search))
        .route("/route/v1/driving/{coordinates}", get(route))
        .with_state(calls.clone());
    (serve(app).await, calls)
}

/// Every call answers 500.
async fn failing_service() -> String {
    serve(Router::new().fallback(|| async { (StatusCode::INTERNAL_SERVER_ERROR, "caído") })).await
}

/// Every call waits far longer than the client's timeout.
async fn hanging_service() -> String {
    serve(Router::new().fallback(|| async {
        tokio::time::sleep(Duration::from_secs(30)).await;
        "tarde"
    }))
    .await
}

/// A service that answers with something else than the format.
async fn confused_service() -> String {
    serve(Router::new().fallback(|| async {
        Json(json!({"code": "NoRoute", "message": "sin ruta", "lat": "norte"}))
    }))
    .await
}

/// The address of a port nobody listens on.
async fn closed_port() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}")
}

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    // A trailing slash, as an operator might write it.
    format!("http://{addr}/")
}

fn geo_with(geocoder: Option<String>, router: Option<String>) -> Geo {
    Geo::new(
        Gazetteer::load_shared(&seed_dir()).unwrap(),
        geocoder,
        router,
        "Mudanzas pruebas",
    )
    .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn configured_services_are_asked_first(pool: PgPool) {
    let (url, calls) = working_services().await;
    let service = url.clone();
    let server = start_configured(pool, StartOptions::default(), None, move |config| {
        config.geocoder_url = Some(service.clone());
        config.router_url = Some(service);
    })
    .await;
    let (status, body) = stats(&server, "Calle Falsa 123, Madrid", "Otra Calle 7, Getafe").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["fuente"], "osrm");
    assert_eq!(body["distance"], 17.3);
    assert_eq!(body["duration"], 21);
    assert_eq!(body["distance_text"], "17,3 km");
    assert_eq!(body["duration_text"], "21 min");
    assert!(svg_of(&body).contains(">Calle Falsa 123</text>"));
    let seen = calls.all();
    for call in [
        "search format=json limit=1 q=Calle Falsa 123, Madrid",
        "search format=json limit=1 q=Otra Calle 7, Getafe",
        "route -3.700000,40.420000;-3.730000,40.300000",
    ] {
        assert!(seen.contains(&call.to_string()), "{call} not in {seen:?}");
    }

    // The geocoder does not know Chamberí: the gazetteer does, and the router routes from it.
    let (status, body) = stats(&server, "Chamberí, Madrid", "Otra Calle 7, Getafe").await;
    assert_eq!((status, body["fuente"].clone()), (200, json!("osrm")));
    // Nobody knows this one.
    let (status, body) = stats(&server, "Villarriba de los Ajos", "Otra Calle 7, Getafe").await;
    assert_eq!((status, body["error"].as_str()), (422, Some(ROUTE_ERROR)));
    // Autocomplete stays with the gazetteer (Nominatim's usage policy forbids it).
    let before = calls.all().len();
    assert_eq!(
        suggestions(&server, "getaf").await[0],
        "Getafe, Madrid, España"
    );
    assert_eq!(calls.all().len(), before);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn failing_services_fall_back_to_the_gazetteer(pool: PgPool) {
    let offline = start(pool.clone()).await;
    let (_, expected) = stats(&offline, "Calle Mayor 1, Madrid", "Calle Madrid 3, Getafe").await;

    let broken = failing_service().await;
    let server = start_configured(pool, StartOptions::default(), None, move |config| {
        config.geocoder_url = Some(broken.clone());
        config.router_url = Some(broken);
    })
    .await;
    let (status, body) = stats(&server, "Calle Mayor 1, Madrid", "Calle Madrid 3, Getafe").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["fuente"], "gazetteer");
    assert_eq!(body, expected);
    let (status, body) = stats(&server, "Villarriba de los Ajos", "Getafe centro").await;
    assert_eq!((status, body["error"].as_str()), (422, Some(ROUTE_ERROR)));
}

#[tokio::test]
async fn a_hanging_service_costs_at_most_its_timeouts() {
    let hanging = hanging_service().await;
    let geo = geo_with(Some(hanging.clone()), Some(hanging));
    let started = Instant::now();
    let route = geo.route("Calle Mayor 1, Madrid", "Getafe").await.unwrap();
    // Both addresses are geocoded at once (3 s), then the router is tried (3 s).
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(route.fuente, Source::Gazetteer);
    assert_eq!(route.destination.name, "Getafe");
}

#[tokio::test]
async fn unreachable_or_confused_services_fall_back_at_once() {
    for url in [closed_port().await, confused_service().await] {
        let geo = geo_with(Some(url.clone()), Some(url.clone()));
        let started = Instant::now();
        let route = geo.route("Calle Mayor 1, Madrid", "Getafe").await.unwrap();
        assert!(started.elapsed() < Duration::from_secs(2), "{url}");
        assert_eq!(route.fuente, Source::Gazetteer, "{url}");
        assert!(!route.origin.exact);
        assert_eq!(
            geo.route("Villarriba de los Ajos", "Getafe")
                .await
                .unwrap_err(),
            GeoError::NotFound
        );
    }
}

#[tokio::test]
async fn the_router_alone_routes_between_gazetteer_places() {
    let (url, calls) = working_services().await;
    let geo = geo_with(None, Some(url));
    let route = geo.route("Chamberí, Madrid", "Getafe").await.unwrap();
    assert_eq!((route.fuente, route.distance_km), (Source::Osrm, 17.3));
    assert!(calls.all().iter().all(|c| c.starts_with("route ")));
    // Two addresses known only as one town's centre: the in-town minimum, not the router's
    // zero-length hop.
    let route = geo
        .route("Calle Mayor 1, Madrid", "Calle Toledo 3, Madrid")
        .await
        .unwrap();
    assert_eq!((route.fuente, route.distance_km), (Source::Gazetteer, 5.0));
    let geocoded = geo_with(Some(working_services().await.0), None);
    let place = geocoded.locate("Calle Falsa 123, Madrid").await.unwrap();
    assert!(place.exact && place.inside_m30());
    assert_eq!(place.label, "Calle Falsa 123, Centro, Madrid, España");
}
