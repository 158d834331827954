//! The auditor's calls against a real server: a move's history replayed from the log, its state
//! as of an instant, the JSON and CSV exports, the search, who may call them, and that an auditor
//! changes nothing.

use crate::common::{account, in_days, projected, start, wizard, Caller, TestServer, PNG};
use chrono::{DateTime, Duration, Utc};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

async fn event_count(server: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
}

async fn worker_id(server: &TestServer, login: &str) -> String {
    sqlx::query_scalar::<_, uuid::Uuid>("SELECT id FROM accounts WHERE username = $1")
        .bind(login)
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
        .to_string()
}

/// A move with a life: created by the manager, edited, started and photographed by the manager
/// (no worker is assigned yet, and a worker acts only on their own moves), assigned. Returns its
/// id.
async fn lived_move(server: &TestServer) -> i64 {
    let manager = server.login_role("empresario").await;
    let (status, created) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard(in_days(12)))
        .await;
    assert_eq!(status, 200, "{created}");
    let m = &created["mudanza"];
    let id = m["id"].as_i64().unwrap();

    let (status, edited) = manager
        .send(
            Method::POST,
            "/api/actualizar-mudanza",
            json!({
                "id": id, "version": m["version"], "cliente_nombre": "Lucía Gómez Ruiz",
                "origen": "Calle Nueva 1, 28001 Madrid", "destino": m["destino"],
                "fecha_programada": m["fecha_programada"], "precio_total": m["precio_total"],
            }),
        )
        .await;
    assert_eq!(status, 200, "{edited}");

    let (status, body) = manager.set_status(id, "en curso").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = manager
        .upload_photo(
            &id.to_string(),
            Some(("salon.png", PNG.to_vec())),
            "Salón antes de cargar",
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let ana = worker_id(server, "EMP-002").await;
    let (status, body) = manager
        .send(
            Method::POST,
            "/api/asignar-trabajador",
            json!({"mudanza_id": id, "worker_id": ana}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    id
}

fn change<'a>(event: &'a Value, field: &str) -> Option<&'a Value> {
    event["cambios"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["campo"] == field)
}

fn instant(v: &Value) -> DateTime<Utc> {
    v.as_str().unwrap().parse().unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_history_names_each_event_its_actor_both_times_and_what_it_changed(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = lived_move(&server).await;
    let auditor = server.login_role("auditor").await;

    let (status, body) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    assert_eq!(status, 200, "{body}");
    let events = body["eventos"].as_array().unwrap();
    let labels: Vec<(&str, &str)> = events
        .iter()
        .map(|e| {
            (
                e["flujo"].as_str().unwrap(),
                e["etiqueta"].as_str().unwrap(),
            )
        })
        .collect();
    let stream = format!("move-{id}");
    let ana = worker_id(&server, "EMP-002").await;
    let day = format!("worker-day-{ana}-{}", in_days(12));
    assert_eq!(
        labels,
        [
            (stream.as_str(), "Mudanza creada"),
            // Every move gets its payment key in the creation's append.
            (stream.as_str(), "Clave de pago emitida"),
            (stream.as_str(), "Datos de la mudanza modificados"),
            (stream.as_str(), "Estado cambiado"),
            (stream.as_str(), "Foto subida"),
            // The assignment and the worker's day, written together.
            (stream.as_str(), "Trabajador asignado"),
            (day.as_str(), "Día del trabajador reservado"),
        ]
    );
    let positions: Vec<i64> = events
        .iter()
        .map(|e| e["posicion"].as_i64().unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "log order");
    let events = &without_key(events);
    let versions: Vec<i64> = events[..5]
        .iter()
        .map(|e| e["version"].as_i64().unwrap())
        .collect();
    assert_eq!(versions, [1, 3, 4, 5, 6]);

    // Actors: name and role while the account exists.
    let manager = account("empresario");
    assert_eq!(events[0]["actor"]["nombre"], manager.nombre);
    assert_eq!(events[0]["actor"]["rol"], "empresario");
    assert_eq!(events[0]["actor"]["rol_etiqueta"], "Gerente");
    assert_eq!(events[2]["actor"]["nombre"], manager.nombre);
    assert_eq!(events[2]["actor"]["rol_etiqueta"], "Gerente");
    for e in events {
        let occurred = instant(&e["ocurrido_en"]);
        let recorded = instant(&e["registrado_en"]);
        assert!((recorded - occurred).abs() < Duration::seconds(60), "{e}");
        assert!(e["tipo"].as_str().unwrap().contains('.'));
        assert!(e["datos"].is_object());
    }

    // The creation: every field from nothing.
    let created = &events[0];
    assert!(created["cambios"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["antes"].is_null()));
    assert_eq!(change(created, "estado").unwrap()["despues"], "pendiente");
    assert_eq!(
        change(created, "cliente_nombre").unwrap()["despues"],
        "Lucía Gómez"
    );
    assert_eq!(
        change(created, "precio.total_cents").unwrap()["despues"],
        45496
    );
    assert!(
        change(created, "version").is_none(),
        "bookkeeping is not a change"
    );

    // The edit: exactly the fields it changed.
    let edit = &events[1];
    let fields: Vec<&str> = edit["cambios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["campo"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["cliente_nombre", "origen"], "{edit}");
    assert_eq!(
        change(edit, "origen").unwrap()["antes"],
        "Calle de Alcalá 120, 28009 Madrid"
    );
    assert_eq!(
        change(edit, "origen").unwrap()["despues"],
        "Calle Nueva 1, 28001 Madrid"
    );

    // The status change, with its summary.
    let status = &events[2];
    assert_eq!(
        status["cambios"],
        json!([{"campo": "estado", "antes": "pendiente", "despues": "en curso"}])
    );
    assert_eq!(status["resumen"], "Pendiente → En Progreso");

    // The photo: one new element of the list.
    let photo = &events[3];
    assert_eq!(photo["cambios"].as_array().unwrap().len(), 1);
    let added = change(photo, "photos[0]").unwrap();
    assert!(added["antes"].is_null());
    assert_eq!(added["despues"]["descripcion"], "Salón antes de cargar");

    // The assignment.
    let assigned = &events[4];
    assert_eq!(change(assigned, "worker").unwrap()["antes"], "Sin asignar");
    assert_eq!(change(assigned, "worker").unwrap()["despues"], "Ana Ruiz");
    assert_eq!(change(assigned, "workerId").unwrap()["despues"], ana);
    assert_eq!(events[5]["cambios"], json!([]));

    // The admin reads the same.
    let admin = server.login_role("admin").await;
    let (status, same) = admin
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(same["eventos"], body["eventos"]);

    let (status, missing) = auditor.get("/api/auditoria/mudanza/999999/historial").await;
    assert_eq!(
        (status, missing["error"].as_str()),
        (404, Some("Mudanza no encontrada"))
    );
    let (status, bad) = auditor.get("/api/auditoria/mudanza/abc/historial").await;
    assert_eq!(
        (status, bad["error"].as_str()),
        (400, Some("El número de mudanza no es válido"))
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_converted_quote_is_part_of_its_moves_history(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let visitor = server.anonymous();
    let (status, quote) = visitor
        .send(
            Method::POST,
            "/api/submit-quote-request",
            json!({
                "contact": {"name": "Rocío Pérez", "email": "rocio@mudanzas.test",
                            "phone": "+34 698 765 432", "preferredContact": "whatsapp"},
                "moveDetails": {
                    "origin": {"address": "Calle de Atocha 30, 28012 Madrid", "propertyType": "apartment_2_room",
                               "access": "little_access", "floor": "third", "elevator": true},
                    "destination": {"address": "Calle Mayor 2, 28801 Alcalá de Henares",
                                    "propertyType": "house_2_rooms", "access": "normal", "floor": "ground",
                                    "elevator": false},
                    "objects": [{"id": "sofa-3-plazas", "quantity": 1}],
                    "services": {"dismount": false, "dismountQuantity": 1, "packaging": false,
                                 "packagingQuantity": 1, "cleaning": false, "fragile": false,
                                 "longStairs": false},
                    "schedule": {"preferredDate": in_days(20), "alternativeDate": null,
                                 "flexibleDates": false, "timePreference": "morning"},
                    "distance": 34.2, "duration": 41, "instructions": "", "offerPack": null,
                    "estimatedPrice": 1.0
                }
            }),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    let quote_id = quote["quote_id"].as_str().unwrap().to_string();
    let mut body = wizard(in_days(20));
    body["presupuesto_id"] = json!(quote_id);
    let (status, created) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["mudanza_id"].as_i64().unwrap();

    let auditor = server.login_role("auditor").await;
    let (_, history) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    let events = history["eventos"].as_array().unwrap();
    let labels: Vec<&str> = events
        .iter()
        .map(|e| e["etiqueta"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "Presupuesto solicitado",
            "Mudanza creada",
            "Clave de pago emitida",
            "Presupuesto convertido en mudanza"
        ]
    );
    assert_eq!(events[0]["flujo"], format!("quote-{quote_id}"));
    assert_eq!(events[0]["actor"]["rol_etiqueta"], "Visitante");
    assert_eq!(events[0]["resumen"], "Rocío Pérez <rocio@mudanzas.test>");
    assert_eq!(events[3]["flujo"], format!("quote-{quote_id}"));
    // The quote's request and its conversion, before and after the move's creation.
    assert!(events[1]["cambios"].as_array().unwrap().len() > 10);
    assert_eq!(events[0]["cambios"], json!([]));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_state_as_of_an_instant_is_replayed_from_what_was_recorded_by_then(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = lived_move(&server).await;
    let auditor = server.login_role("auditor").await;
    let (_, history) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    let events = &without_key(history["eventos"].as_array().unwrap());
    let created_at = instant(&events[0]["registrado_en"]);
    let changed_at = instant(&events[2]["registrado_en"]);
    let at = |t: DateTime<Utc>| {
        format!(
            "/api/auditoria/mudanza/{id}/estado?en={}",
            urlencode(&t.to_rfc3339())
        )
    };

    let (status, before) = auditor
        .get(&at(changed_at - Duration::microseconds(1)))
        .await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(before["estado"]["estado"], "pendiente");
    assert_eq!(before["estado"]["cliente_nombre"], "Lucía Gómez Ruiz");
    // Created, its payment key, the edit.
    assert_eq!(before["version"], 3);
    assert_eq!(before["posicion"], events[1]["posicion"]);
    assert_eq!(
        before["ultimo_evento"]["etiqueta"],
        "Datos de la mudanza modificados"
    );
    assert_eq!(before["eventos_aplicados"], 3);
    assert_eq!(before["eventos_totales"], 6);

    let (status, after) = auditor.get(&at(changed_at)).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["estado"]["estado"], "en curso");
    assert_eq!(after["estado"]["photos"], json!([]));
    assert_eq!(after["posicion"], events[2]["posicion"]);

    // Now: the whole history, which is the read model's document.
    let (status, now) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/estado"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(now["eventos_aplicados"], 6);
    assert_eq!(now["estado"]["worker"], "Ana Ruiz");
    assert_eq!(now["estado"]["precio_total"], 454.96);
    let manager = server.login_role("empresario").await;
    let (_, projected_doc) = manager.get(&format!("/api/mudanza/{id}")).await;
    assert_eq!(
        now["estado"], projected_doc["mudanza"],
        "replay == projection"
    );

    let (status, early) = auditor.get(&at(created_at - Duration::seconds(1))).await;
    assert_eq!(
        (status, early["error"].as_str()),
        (404, Some("La mudanza aún no existía en ese momento"))
    );
    for bad in ["ayer", "2026-02-30T10:00:00Z", "2026-05-04"] {
        let (status, answer) = auditor
            .get(&format!("/api/auditoria/mudanza/{id}/estado?en={bad}"))
            .await;
        assert_eq!(status, 400, "{bad}: {answer}");
        assert!(answer["error"]
            .as_str()
            .unwrap()
            .starts_with("La fecha y hora no son válidas"));
    }
    // A '+' that was not encoded arrives as a space; the offset still counts.
    let local = changed_at.with_timezone(&chrono::FixedOffset::east_opt(2 * 3600).unwrap());
    let (status, plus) = auditor
        .get(&format!(
            "/api/auditoria/mudanza/{id}/estado?en={}",
            local.to_rfc3339()
        ))
        .await;
    assert_eq!(status, 200, "{plus}");
    assert_eq!(plus["posicion"], events[2]["posicion"]);
}

fn urlencode(text: &str) -> String {
    text.replace('+', "%2B").replace(':', "%3A")
}

/// A minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF between records.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "CRLF");
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        field.is_empty() && row.is_empty(),
        "the last record ends with CRLF"
    );
    rows
}

async fn download(caller: &Caller, path: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let r = caller
        .http
        .get(format!("{}{path}", caller.base))
        .header(
            reqwest::header::COOKIE,
            caller.cookie.clone().unwrap_or_default(),
        )
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    (status, headers, r.bytes().await.unwrap().to_vec())
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_history_exports_as_json_and_as_csv(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = lived_move(&server).await;
    let auditor = server.login_role("auditor").await;
    let (_, history) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    let events = history["eventos"].as_array().unwrap();

    let (status, headers, bytes) = download(
        &auditor,
        &format!("/api/auditoria/mudanza/{id}/historial.json"),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["content-disposition"],
        format!("attachment; filename=\"mudanza-{id}-historial.json\"").as_str()
    );
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let exported: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(exported["eventos"], history["eventos"]);
    assert_eq!(exported["mudanza_id"], id);
    assert!(exported["exportado_en"].is_string());

    let (status, headers, bytes) = download(
        &auditor,
        &format!("/api/auditoria/mudanza/{id}/historial.csv"),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["content-disposition"],
        format!("attachment; filename=\"mudanza-{id}-historial.csv\"").as_str()
    );
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "UTF-8 byte-order mark");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let rows = parse_csv(&text);
    assert_eq!(
        rows[0],
        [
            "posición",
            "versión",
            "tipo",
            "etiqueta",
            "actor",
            "rol",
            "ocurrido",
            "registrado",
            "cambios",
            "flujo",
            "datos"
        ]
    );
    assert_eq!(rows.len(), events.len() + 1, "one row per event");
    for (row, e) in rows[1..].iter().zip(events) {
        assert_eq!(row.len(), 11);
        assert_eq!(row[0], e["posicion"].to_string());
        assert_eq!(row[2], e["tipo"].as_str().unwrap());
        assert_eq!(row[3], e["etiqueta"].as_str().unwrap());
        assert_eq!(instant(&json!(row[7])), instant(&e["registrado_en"]));
        assert_eq!(serde_json::from_str::<Value>(&row[10]).unwrap(), e["datos"]);
    }
    // Row 1 the creation, 2 its payment key, 3 the edit, 4 the status change.
    let status_row = &rows[4];
    assert_eq!(status_row[4], account("empresario").nombre);
    assert_eq!(status_row[5], "Gerente");
    assert_eq!(status_row[8], "estado: pendiente → en curso");
    // Commas and quotes inside a field survive the round trip.
    assert!(rows[3][8]
        .contains("origen: Calle de Alcalá 120, 28009 Madrid → Calle Nueva 1, 28001 Madrid"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_search_finds_moves_by_number_client_phone_and_address(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id = lived_move(&server).await;
    let auditor = server.login_role("auditor").await;
    let ids = |body: &Value| -> Vec<i64> {
        body["mudanzas"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect()
    };

    // Nothing asked: the newest first.
    let (status, all) = auditor.get("/api/auditoria/mudanzas").await;
    assert_eq!(status, 200, "{all}");
    let all_ids = ids(&all);
    assert_eq!(all_ids[0], id);
    assert!(all_ids.windows(2).all(|w| w[0] > w[1]));
    assert_eq!(all["mudanzas"][0]["estado"], "en curso");
    assert_eq!(all["mudanzas"][0]["cliente_nombre"], "Lucía Gómez Ruiz");
    assert_eq!(all["limite"], 50);

    for query in [
        id.to_string(),
        format!("#{id}"),
        "lucia gomez".to_string(),
        "LUCÍA ruiz".to_string(),
        "611222333".to_string(),
        "611 222".to_string(),
        "calle nueva".to_string(),
        "alcala de henares".to_string(),
    ] {
        let (status, found) = auditor
            .get(&format!(
                "/api/auditoria/mudanzas?buscar={}",
                query.replace(' ', "%20").replace('#', "%23")
            ))
            .await;
        assert_eq!(status, 200, "{query}");
        assert_eq!(ids(&found).first(), Some(&id), "{query}: {found}");
    }
    // Seeded moves of the demo client, found by her email.
    let (_, marta) = auditor
        .get("/api/auditoria/mudanzas?buscar=cliente@mudanzas.test")
        .await;
    assert!(!ids(&marta).is_empty());
    assert!(marta["mudanzas"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["cliente_email"] == "cliente@mudanzas.test"));

    let (_, none) = auditor
        .get("/api/auditoria/mudanzas?buscar=nadie%20se%20llama%20as%C3%AD")
        .await;
    assert_eq!(none["mudanzas"], json!([]));
    let long = "a".repeat(201);
    let (status, answer) = auditor
        .get(&format!("/api/auditoria/mudanzas?buscar={long}"))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("La búsqueda no puede superar los 200 caracteres"))
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn only_auditors_and_the_admin_may_call_the_audit_endpoints(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let id: i64 = sqlx::query_scalar("SELECT min(id) FROM move_staff_view")
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    let paths = [
        "/api/auditoria/mudanzas?buscar=".to_string(),
        format!("/api/auditoria/mudanza/{id}/historial"),
        format!("/api/auditoria/mudanza/{id}/historial.json"),
        format!("/api/auditoria/mudanza/{id}/historial.csv"),
        format!("/api/auditoria/mudanza/{id}/estado"),
        format!("/api/auditoria/mudanza/{id}/estado?en=2020-01-01T00:00:00Z"),
        // A malformed request tells an unauthorised caller nothing more.
        "/api/auditoria/mudanza/abc/historial".to_string(),
    ];
    let anonymous = server.anonymous();
    let mut others = Vec::new();
    for role in ["cliente", "empleado", "empresario"] {
        others.push((role, server.login_role(role).await));
    }
    let readers = [
        server.login_role("auditor").await,
        server.login_role("admin").await,
    ];
    for path in &paths {
        let (status, body) = anonymous.get(path).await;
        assert_eq!(status, 401, "anonymous {path}");
        assert_eq!(body["error"], "No has iniciado sesión");
        for (role, caller) in &others {
            let (status, body) = caller.get(path).await;
            assert_eq!(status, 403, "{role} {path}");
            assert_eq!(body["error"], "No tienes permiso para realizar esta acción");
        }
        if path.contains("abc") {
            continue;
        }
        for reader in &readers {
            let (status, _, _) = download(reader, path).await;
            let expected = if path.contains("2020-01-01") {
                404
            } else {
                200
            };
            assert_eq!(status, expected, "{path}");
        }
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_auditor_changes_nothing(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let (_, created) = manager
        .send(Method::POST, "/api/crear-mudanza", wizard(in_days(15)))
        .await;
    let id = created["mudanza_id"].as_i64().unwrap();
    let version = created["mudanza"]["version"].clone();
    let quote_id = uuid::Uuid::now_v7();
    let worker = worker_id(&server, "EMP-001").await;
    let auditor = server.login_role("auditor").await;
    let before = event_count(&server).await;

    let writes: Vec<(Method, String, Value)> = vec![
        (
            Method::POST,
            "/api/crear-mudanza".into(),
            wizard(in_days(16)),
        ),
        (
            Method::POST,
            "/api/actualizar-mudanza".into(),
            json!({"id": id, "version": version, "cliente_nombre": "Otro", "origen": "Calle A 1, Madrid",
                   "destino": "Calle B 2, Madrid", "fecha_programada": in_days(15), "precio_total": 10.0}),
        ),
        (
            Method::PUT,
            "/api/actualizar-estado-mudanza".into(),
            json!({"mudanza_id": id, "nuevo_estado": "cancelada"}),
        ),
        (
            Method::POST,
            "/api/asignar-trabajador".into(),
            json!({"mudanza_id": id, "worker_id": worker}),
        ),
        (
            Method::POST,
            format!("/api/presupuestos/{quote_id}/descartar"),
            json!({}),
        ),
        (
            Method::POST,
            format!("/api/mi-mudanza/{id}/detalles"),
            json!({"contacto_nombre": "Lucía Gómez", "contacto_telefono": "611 222 333",
                   "contacto_email": "", "contacto_preferencia": "phone", "fecha_alternativa": null,
                   "flexible": false, "hora_preferida": "morning",
                   "property_details": {"origin": {"access": "normal", "floor": "ground", "elevator": false},
                                        "destination": {"access": "normal", "floor": "ground", "elevator": false}},
                   "instrucciones": ""}),
        ),
        (
            Method::POST,
            format!("/api/mi-mudanza/{id}/confirmar"),
            json!({"acepto_condiciones": true, "condiciones_version": "x", "total": 1.0}),
        ),
        (
            Method::PUT,
            "/api/mi-perfil".into(),
            json!({"nombre": "Diego", "apellido": "Prieto", "telefono": "611 222 333", "direccion": "",
                   "ciudad": "", "codigo_postal": "", "email_alerts": false, "sms_alerts": false,
                   "marketing": false}),
        ),
        (
            Method::PUT,
            "/api/cambiar-password".into(),
            json!({"current_password": "Auditor#2026", "new_password": "Otra#20260",
                   "confirm_password": "Otra#20260"}),
        ),
        (
            Method::DELETE,
            "/api/eliminar-cuenta".into(),
            json!({"password": "Auditor#2026", "email": "auditor@mudanzas.test"}),
        ),
    ];
    for (method, path, body) in writes {
        let (status, answer) = auditor.send(method.clone(), &path, body).await;
        assert_eq!(status, 403, "{method} {path}: {answer}");
    }
    let (status, answer) = auditor
        .upload_photo(&id.to_string(), Some(("a.png", PNG.to_vec())), "")
        .await;
    assert_eq!(status, 403, "subir-foto: {answer}");
    // An auditor reads documents once issued, and issues none.
    for kind in ["factura", "albaran"] {
        let (status, answer) = auditor.get(&format!("/api/{kind}/{id}")).await;
        assert_eq!(status, 404, "{kind} not issued yet: {answer}");
        let (status, answer) = auditor
            .send(Method::POST, &format!("/api/{kind}/{id}/emitir"), json!({}))
            .await;
        assert_eq!(status, 403, "{kind}: {answer}");
    }
    assert_eq!(event_count(&server).await, before, "the log is untouched");
    let (_, still) = manager.get(&format!("/api/mudanza/{id}")).await;
    assert_eq!(still["mudanza"]["estado"], "pendiente");
}

/// The history without the payment key every move gets at creation: the other events keep the
/// indices these tests were written with.
fn without_key(events: &[Value]) -> Vec<Value> {
    events
        .iter()
        .filter(|e| e["tipo"] != "move.payment_key_issued")
        .cloned()
        .collect()
}
