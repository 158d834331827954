//! The client's booking calls against a real server: `GET /api/mi-mudanza/{id}`,
//! `POST /api/mi-mudanza/{id}/detalles` and `POST /api/mi-mudanza/{id}/confirmar`.

use crate::common::{account_by_login, in_days, projected, start, wizard, Caller, TestServer};
use events_schema::events::move_stream;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const MARTA: &str = "cliente@mudanzas.test";
const PABLO: &str = "pablo@mudanzas.test";

/// A pending move of Marta's, created by the manager as the quote inbox does: 250 + 36 + 40 +
/// 50 = 376 €, + 21 % = 454,96 €, 100 € paid in advance. Origin a fourth-floor flat, destination
/// a house.
async fn martas_move(server: &TestServer) -> i64 {
    let manager = server.login_role("empresario").await;
    let mut body = wizard(in_days(30));
    body["cliente_email"] = MARTA.into();
    body["cliente_nombre"] = "Marta Sánchez".into();
    let (status, created) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{created}");
    created["mudanza_id"].as_i64().unwrap()
}

async fn client(server: &TestServer, email: &str) -> Caller {
    server.login(&account_by_login(email)).await
}

/// What /formulario-mudanza sends.
fn form() -> Value {
    json!({
        "contacto_nombre": "  Luis Sánchez ",
        "contacto_telefono": "655443322",
        "contacto_email": "",
        "contacto_preferencia": "whatsapp",
        "fecha_alternativa": in_days(33),
        "flexible": true,
        "hora_preferida": "afternoon",
        // As the move has them (the wizard's, after §4's rules): the client confirms them.
        "property_details": {
            "origin": {"access": "little_access", "floor": "fourth", "elevator": true},
            "destination": {"access": "normal", "floor": "ground", "elevator": false}
        },
        "instrucciones": "  El portal está en la calle de atrás.  "
    })
}

fn acceptance(total: f64) -> Value {
    json!({
        "acepto_condiciones": true,
        "condiciones_version": command::booking::CONDITIONS_VERSION,
        "total": total,
    })
}

async fn stream(server: &TestServer, id: i64) -> Vec<events_schema::RecordedEvent> {
    server
        .state
        .store
        .read_stream(&move_stream(id))
        .await
        .unwrap()
}

fn path(id: i64, action: &str) -> String {
    format!("/api/mi-mudanza/{id}{action}")
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_owner_reads_addresses_price_history_and_the_conditions(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let marta = client(&server, MARTA).await;

    let (status, body) = marta.get(&path(id, "")).await;
    assert_eq!(status, 200, "{body}");
    let m = &body["mudanza"];
    assert_eq!(m["id"], id);
    assert_eq!(m["status"], "pending");
    assert_eq!(m["origen"], "Calle de Alcalá 120, 28009 Madrid");
    assert_eq!(m["fecha_programada"], in_days(30).to_string());
    assert_eq!(m["hora_preferida"], "morning");
    assert_eq!(m["property_details"]["origin"]["floor"], "fourth");
    assert_eq!(m["objects"][0]["nombre"], "Sofá de 3 plazas");
    assert_eq!(m["services"]["dismount_quantity"], 2);
    assert_eq!(
        m["precio"],
        json!({"base": 250.0, "distancia": 36.0, "servicios": 40.0, "urgencia": 50.0,
               "subtotal": 376.0, "iva_aplicado": true, "iva_porcentaje": 21, "iva": 78.96,
               "total": 454.96, "anticipo": 100.0, "pagado": 0.0, "pendiente": 454.96})
    );
    // The advance is the deposit asked for; nothing is paid until a card payment comes in.
    assert_eq!(m["estado_pago"], "pending");
    assert!(m["clave_pago"].as_str().is_some_and(|k| k.len() == 9));
    assert_eq!(m["fotos"], json!([]));
    let history = m["historial"].as_array().unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0]["status"], "pending");
    assert_eq!(history[0]["por"], "empresa");
    assert_eq!(m["reserva"], Value::Null);
    assert_eq!(m["detalles_completados"], Value::Null);
    assert_eq!(
        (m["puede_completar"].clone(), m["puede_confirmar"].clone()),
        (json!(true), json!(true))
    );
    // Staff matters stay with the staff.
    for key in ["worker", "workerId", "version", "factura", "cliente_email"] {
        assert!(m.get(key).is_none(), "{key} leaked to the client");
    }

    let c = &body["condiciones"];
    assert_eq!(c["version"], command::booking::CONDITIONS_VERSION);
    assert_eq!(c["apartados"].as_array().unwrap().len(), 4);
    // 25 % and 50 % of 454,96 €.
    let fees: Vec<f64> = c["cancelacion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["importe"].as_f64().unwrap())
        .collect();
    assert_eq!(fees, vec![0.0, 113.74, 227.48]);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn another_client_gets_404_staff_403_and_anonymous_callers_401(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let before = stream(&server, id).await.len();

    let pablo = client(&server, PABLO).await;
    assert_eq!(pablo.get(&path(id, "")).await.0, 404);
    assert_eq!(
        pablo
            .send(Method::POST, &path(id, "/detalles"), form())
            .await
            .0,
        404
    );
    let (status, body) = pablo
        .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Mudanza no encontrada"))
    );

    // An unconfirmed email proves nothing, even when it is the move's.
    let manager = server.login_role("empresario").await;
    let (_, created) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard(in_days(30)))
        .await;
    let lucias = created["mudanza_id"].as_i64().unwrap();
    let unconfirmed = server
        .register_client("lucia@mudanzas.test", "Prueba#2026")
        .await;
    assert_eq!(unconfirmed.get(&path(lucias, "")).await.0, 404);

    for role in ["empresario", "empleado", "admin", "auditor"] {
        let staff = server.login_role(role).await;
        assert_eq!(staff.get(&path(id, "")).await.0, 403, "{role}");
        assert_eq!(
            staff
                .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
                .await
                .0,
            403,
            "{role}"
        );
    }
    let anonymous = server.anonymous();
    assert_eq!(anonymous.get(&path(id, "")).await.0, 401);
    assert_eq!(
        anonymous
            .send(Method::POST, &path(id, "/detalles"), form())
            .await
            .0,
        401
    );

    let marta = client(&server, MARTA).await;
    assert_eq!(marta.get("/api/mi-mudanza/999999").await.0, 404);
    assert_eq!(marta.get("/api/mi-mudanza/abc").await.0, 400);
    assert_eq!(
        stream(&server, id).await.len(),
        before,
        "nothing was written"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn completing_the_details_records_one_event_and_staff_see_it(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let marta = client(&server, MARTA).await;

    let (status, body) = marta
        .send(Method::POST, &path(id, "/detalles"), form())
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["position"].as_i64().unwrap() > 0);
    let m = &body["mudanza"];
    assert_eq!(m["status"], "pending");
    assert_eq!(m["contacto"]["nombre"], "Luis Sánchez");
    assert_eq!(m["contacto"]["telefono"], "655 443 322");
    assert_eq!(m["hora_preferida"], "afternoon");
    assert_eq!(m["fecha_alternativa"], in_days(33).to_string());
    assert_eq!(m["instrucciones"], "El portal está en la calle de atrás.");
    assert!(m["detalles_completados"].is_string());
    // The floors, elevator and access the price was made for, unchanged.
    let p = &m["property_details"];
    assert_eq!(p["origin"]["floor"], "fourth");
    assert_eq!(p["origin"]["property_type"], "apartment_2_rooms");
    assert_eq!(
        (
            p["destination"]["floor"].clone(),
            p["destination"]["elevator"].clone(),
            p["destination"]["access"].clone()
        ),
        (json!("ground"), json!(false), json!("normal"))
    );

    let log = stream(&server, id).await;
    let last = log.last().unwrap();
    assert_eq!(last.event_type, "move.details_completed");
    assert_eq!(last.schema_version, 1);
    assert_eq!(last.metadata.actor_role.as_deref(), Some("cliente"));
    assert_eq!(last.data.to_value()["contacto"]["telefono"], "655 443 322");
    assert_eq!(last.data.to_value()["destination"]["floor"], "ground");

    let manager = server.login_role("empresario").await;
    let (_, staff) = manager.get(&format!("/api/mudanza/{id}")).await;
    let s = &staff["mudanza"];
    assert_eq!(s["contacto"]["nombre"], "Luis Sánchez");
    assert_eq!(s["time"], "afternoon");
    assert_eq!(s["instructions"], "El portal está en la calle de atrás.");
    assert_eq!(s["flexible"], true);
    assert_eq!(s["property_details"]["origin"]["access"], "little_access");
}

/// Issue 17, item 5: the client once changed floors, lift and access on /formulario-mudanza and
/// the move kept the price made for the old ones. The price depends on them, and the manager set
/// it by hand: the form shows them for the client to confirm, and a change goes through us.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_client_cannot_change_what_the_price_depends_on(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let marta = client(&server, MARTA).await;
    let before = stream(&server, id).await.len();
    let sides = [
        json!({"origin": {"access": "little_access", "floor": "sixth", "elevator": true},
               "destination": {"access": "normal", "floor": "ground", "elevator": false}}),
        json!({"origin": {"access": "little_access", "floor": "fourth", "elevator": false},
               "destination": {"access": "normal", "floor": "ground", "elevator": false}}),
        json!({"origin": {"access": "little_access", "floor": "fourth", "elevator": true},
               "destination": {"access": "pedestrian_zone", "floor": "ground", "elevator": false}}),
    ];
    for property_details in sides {
        let mut body = form();
        body["property_details"] = property_details;
        let (status, answer) = marta.send(Method::POST, &path(id, "/detalles"), body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (409, Some(command::moves::PRICED_DETAILS_FIXED)),
            "{answer}"
        );
    }
    assert_eq!(stream(&server, id).await.len(), before, "nothing written");
    // The total shown for confirmation is still the one the manager set, and it books.
    let (status, body) = marta
        .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
        .await;
    assert_eq!(status, 200, "{body}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn bad_details_get_400_with_the_rule_and_write_nothing(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let marta = client(&server, MARTA).await;
    let before = stream(&server, id).await.len();

    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"contacto_telefono": "512 345 678"}),
            "Ingresa un número de teléfono válido",
        ),
        (
            json!({"contacto_nombre": " "}),
            "El nombre de la persona de contacto es requerido",
        ),
        (
            json!({"contacto_preferencia": "email"}),
            "Indica un email de contacto si prefieres que te contactemos por email",
        ),
        (
            json!({"fecha_alternativa": in_days(0).pred_opt().unwrap()}),
            "La fecha alternativa no puede ser anterior a hoy",
        ),
        (
            json!({"fecha_alternativa": in_days(29)}),
            "La fecha alternativa no puede ser anterior a la fecha de la mudanza",
        ),
        (
            json!({"hora_preferida": "medianoche"}),
            "Franja horaria no válida",
        ),
        (
            json!({"instrucciones": "x".repeat(1001)}),
            "Las instrucciones no pueden superar los 1000 caracteres",
        ),
        (
            json!({"fecha_alternativa": "mañana"}),
            "El campo «fecha_alternativa» no es válido: debe ser una fecha (AAAA-MM-DD).",
        ),
    ];
    for (change, message) in cases {
        let mut body = form();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, answer) = marta.send(Method::POST, &path(id, "/detalles"), body).await;
        assert_eq!((status, answer["error"].as_str()), (400, Some(message)));
    }
    // A field left out is refused rather than blanked.
    let mut body = form();
    body.as_object_mut().unwrap().remove("instrucciones");
    let (status, answer) = marta.send(Method::POST, &path(id, "/detalles"), body).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Falta el campo «instrucciones»."))
    );
    assert_eq!(
        stream(&server, id).await.len(),
        before,
        "nothing was written"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn confirming_books_the_move_in_one_append_and_managers_see_it_live(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let manager = server.login_role("empresario").await;
    let mut feed = manager.live(None).await.unwrap();
    let marta = client(&server, MARTA).await;

    let (status, body) = marta
        .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
        .await;
    assert_eq!(status, 200, "{body}");
    let m = &body["mudanza"];
    assert_eq!(m["status"], "confirmed");
    assert_eq!(m["puede_confirmar"], false);
    assert_eq!(m["reserva"]["total"], 454.96);
    assert_eq!(
        m["reserva"]["condiciones_version"],
        command::booking::CONDITIONS_VERSION
    );
    let history = m["historial"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(
        (
            history[1]["anterior"].clone(),
            history[1]["status"].clone(),
            history[1]["por"].clone()
        ),
        (json!("pending"), json!("confirmed"), json!("cliente"))
    );

    // Both events, in one transaction: consecutive positions of one append.
    let log = stream(&server, id).await;
    let [.., accepted, changed] = &log[..] else {
        panic!("too few events")
    };
    assert_eq!(accepted.event_type, "move.booking_accepted");
    assert_eq!(
        accepted.data,
        json!({"total_cents": 45496, "condiciones_version": command::booking::CONDITIONS_VERSION})
    );
    assert_eq!(changed.event_type, "move.status_changed");
    assert_eq!(
        changed.data,
        json!({"from": "pendiente", "to": "confirmada"})
    );
    assert_eq!(changed.position, accepted.position + 1);
    assert_eq!(changed.metadata.actor_role.as_deref(), Some("cliente"));

    // The manager's open feed gets the move as confirmada, without asking.
    let mut status = Value::Null;
    while status != "confirmada" {
        let frame = feed
            .next_about(id)
            .await
            .expect("a live change about the move");
        status = frame["data"]["estado"].clone();
        assert!(frame["data"]["precio_total"].is_number());
    }
    // And the staff list and the client's own list say so.
    let (_, all) = manager
        .get("/api/todas-las-mudanzas?include_price=true")
        .await;
    let listed = all
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == id)
        .unwrap();
    assert_eq!(listed["estado"], "confirmada");
    assert!(listed["reserva"]["aceptada_en"].is_string());
    let (_, mine) = marta.get("/api/mis-mudanzas").await;
    let own = mine["mudanzas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == id)
        .unwrap();
    assert_eq!(own["status"], "confirmed");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_move_that_is_not_pending_gets_409(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let marta = client(&server, MARTA).await;
    let (status, _) = marta
        .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
        .await;
    assert_eq!(status, 200);
    let booked = stream(&server, id).await.len();

    let (status, body) = marta
        .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("Esta mudanza ya está confirmada."))
    );
    let (status, body) = marta
        .send(Method::POST, &path(id, "/detalles"), form())
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["error"],
        "Solo se pueden completar los datos de una mudanza pendiente; esta mudanza está «Confirmada»."
    );
    assert_eq!(stream(&server, id).await.len(), booked);

    let manager = server.login_role("empresario").await;
    assert_eq!(manager.set_status(id, "cancelada").await.0, 200);
    let (status, body) = marta
        .send(Method::POST, &path(id, "/confirmar"), acceptance(454.96))
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["error"],
        "Solo se puede confirmar una mudanza pendiente; esta mudanza está «Cancelada»."
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_booking_needs_the_tick_and_the_price_and_conditions_shown(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = martas_move(&server).await;
    let marta = client(&server, MARTA).await;
    let before = stream(&server, id).await.len();

    let mut unticked = acceptance(454.96);
    unticked["acepto_condiciones"] = false.into();
    let cases = [
        (
            unticked,
            400,
            "Debes aceptar las condiciones de reserva para confirmar la mudanza",
        ),
        (
            json!({"condiciones_version": command::booking::CONDITIONS_VERSION, "total": 454.96}),
            400,
            "Falta el campo «acepto_condiciones».",
        ),
        (
            acceptance(-1.0),
            400,
            "Los importes no pueden ser negativos",
        ),
        (
            acceptance(400.0),
            409,
            "El precio de la mudanza ha cambiado. Revísalo y vuelve a confirmar.",
        ),
        (
            json!({"acepto_condiciones": true, "condiciones_version": "2020-01", "total": 454.96}),
            409,
            "Las condiciones de reserva han cambiado. Revísalas y vuelve a confirmar.",
        ),
    ];
    for (body, status, message) in cases {
        let (got, answer) = marta
            .send(Method::POST, &path(id, "/confirmar"), body)
            .await;
        assert_eq!((got, answer["error"].as_str()), (status, Some(message)));
    }
    assert_eq!(
        stream(&server, id).await.len(),
        before,
        "nothing was written"
    );
    let (_, body) = marta.get(&path(id, "")).await;
    assert_eq!(body["mudanza"]["status"], "pending");
}
