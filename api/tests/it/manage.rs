//! `POST /api/crear-mudanza` and `POST /api/actualizar-mudanza` against a real server.

use crate::common::{in_days, projected, start, wizard, Caller, TestServer};
use serde_json::{json, Value};
use sqlx::PgPool;

async fn create(caller: &Caller, body: &Value) -> (u16, Value) {
    caller
        .send(reqwest::Method::POST, "/api/crear-mudanza", body.clone())
        .await
}

async fn edit(caller: &Caller, body: Value) -> (u16, Value) {
    caller
        .send(reqwest::Method::POST, "/api/actualizar-mudanza", body)
        .await
}

async fn event_count(server: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_manager_creates_a_move_that_workers_see_live(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let worker = server.login_role("empleado").await;
    let mut feed = worker.live(None).await.unwrap();

    let (status, body) = create(&manager, &wizard(in_days(10))).await;
    assert_eq!(status, 200, "{body}");
    let id = body["mudanza_id"].as_i64().unwrap();
    let m = &body["mudanza"];
    assert_eq!(m["estado"], "pendiente");
    assert_eq!(m["cliente_email"], "lucia@mudanzas.test");
    // 250 + 36 + 40 + 50 = 376; +21 % = 454.96; a deposit of 100 asked for.
    assert_eq!(m["precio_total"], 454.96);
    assert_eq!(m["pago_adelantado"], 100.0);
    // The advance is the deposit asked for: nothing is paid yet.
    assert_eq!(m["pago_pendiente"], 454.96);
    assert_eq!(m["estado_pago"], "pending");
    assert_eq!(m["worker"], "Sin asignar");
    // §4: a house has no floors, so no elevator; the apartment keeps both.
    let d = &m["property_details"]["destination"];
    assert_eq!(
        (d["floor"].as_str(), d["elevator"].as_bool()),
        (Some("ground"), Some(false))
    );
    assert_eq!(m["property_details"]["origin"]["elevator"], true);

    let frame = feed
        .next_about(id)
        .await
        .expect("the new move reaches the worker");
    assert_eq!(frame["data"]["cliente_nombre"], "Lucía Gómez");
    assert!(
        frame["data"].get("precio_total").is_none(),
        "workers see no prices"
    );

    let (_, list) = worker.get("/api/todas-las-mudanzas").await;
    assert!(list.as_array().unwrap().iter().any(|m| m["id"] == id));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_wizard_rules_answer_with_their_spanish_messages_and_write_nothing(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let before = event_count(&server).await;
    let yesterday = events_schema::calendar::today().pred_opt().unwrap();
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "cliente_email",
            json!(""),
            "El email del cliente es requerido",
        ),
        ("origen", json!("  "), "Las direcciones son requeridas"),
        ("objects", json!([]), "Debe seleccionar al menos un objeto"),
        (
            "fecha_programada",
            Value::Null,
            "La fecha preferida es requerida",
        ),
        (
            "fecha_programada",
            json!(yesterday),
            "La fecha no puede ser anterior a hoy",
        ),
        (
            "contacto_telefono",
            json!(""),
            "La información de contacto es requerida",
        ),
        (
            "precio",
            json!({"base": 0, "distancia": 0, "servicios": 0, "urgencia": 0, "iva": true}),
            "El precio total debe ser mayor a 0",
        ),
        (
            "precio_total",
            json!(999.0),
            "El precio total no coincide con sus partes",
        ),
        (
            "pago_adelantado",
            json!(500.0),
            "El anticipo solicitado debe estar entre 0 € y el precio total",
        ),
        (
            "pago_adelantado",
            json!(10.001),
            "Los importes deben ir en pasos de 0,01 €",
        ),
        (
            "estado",
            json!("finalizada"),
            "Las mudanzas nuevas se crean pendientes",
        ),
        (
            "fecha_programada",
            json!("mañana"),
            "El campo «fecha_programada» no es válido: debe ser una fecha (AAAA-MM-DD).",
        ),
    ];
    for (field, value, message) in cases {
        let mut body = wizard(in_days(10));
        body[field] = value;
        if field == "fecha_programada" && body[field].is_null() {
            body.as_object_mut().unwrap().remove(field);
        }
        let (status, answer) = create(&manager, &body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some(message)),
            "{field}"
        );
    }
    let mut body = wizard(in_days(10));
    body["services"]["dismount_quantity"] = json!(11);
    let (status, answer) = create(&manager, &body).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Las cantidades deben estar entre 1 y 10"))
    );
    assert_eq!(event_count(&server).await, before, "nothing half-written");

    let body = wizard(in_days(10));
    assert_eq!(
        create(&server.login_role("empleado").await, &body).await.0,
        403
    );
    assert_eq!(
        create(&server.login_role("cliente").await, &body).await.0,
        403
    );
    assert_eq!(create(&server.anonymous(), &body).await.0, 401);
    assert_eq!(event_count(&server).await, before);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_edit_decided_on_a_stale_version_gets_409_and_loses_nothing(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let admin = server.login_role("admin").await;
    let (_, created) = create(&manager, &wizard(in_days(12))).await;
    let m = created["mudanza"].clone();
    let id = m["id"].as_i64().unwrap();
    let loaded_at = m["version"].as_i64().unwrap();
    let form = |origin: &str, status: &str| {
        json!({
            "id": id, "version": loaded_at,
            "cliente_nombre": m["cliente_nombre"], "cliente_telefono": m["cliente_telefono"],
            "cliente_email": m["cliente_email"], "origen": origin, "destino": m["destino"],
            "fecha_programada": m["fecha_programada"], "estado": status,
            "precio_total": m["precio_total"], "urgencia": m["urgencia"],
            "objects": m["objects"], "services": m["services"],
        })
    };

    // Two managers opened the same move; the first to save wins.
    let (status, first) = edit(&manager, form("Calle Nueva 1, 28001 Madrid", "confirmada")).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["mudanza"]["origen"], "Calle Nueva 1, 28001 Madrid");
    assert_eq!(first["mudanza"]["estado"], "confirmada");
    let (status, second) = edit(&admin, form("Calle Vieja 9, 28002 Madrid", "pendiente")).await;
    assert_eq!(status, 409, "{second}");
    assert_eq!(
        second["error"],
        "La mudanza ha sido modificada por otra persona mientras la editabas. Recarga e inténtalo de nuevo."
    );
    let (_, now) = manager.get(&format!("/api/mudanza/{id}")).await;
    assert_eq!(
        now["mudanza"]["origen"], "Calle Nueva 1, 28001 Madrid",
        "no lost update"
    );
    assert_eq!(now["mudanza"]["estado"], "confirmada");

    // Only what changed is recorded: one details event (origin only) and one status change.
    let kinds: Vec<(String, Value)> = sqlx::query_as(
        "SELECT event_type, data FROM events WHERE stream_id = $1 ORDER BY stream_version",
    )
    .bind(format!("move-{id}"))
    .fetch_all(&server.state.pool)
    .await
    .unwrap();
    let types: Vec<&str> = kinds.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        types,
        [
            "move.created",
            "move.payment_key_issued",
            "move.details_updated",
            "move.status_changed"
        ]
    );
    assert_eq!(kinds[2].1, json!({"origen": "Calle Nueva 1, 28001 Madrid"}));

    // The price as the edit form sends it: a new total, the advance kept.
    let mut repriced = form("Calle Nueva 1, 28001 Madrid", "confirmada");
    repriced["version"] = now["mudanza"]["version"].clone();
    repriced["precio_total"] = json!(500.0);
    let (status, body) = edit(&manager, repriced).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mudanza"]["precio_total"], 500.0);
    // The deposit asked for is kept; nothing was paid, so all 500 are pending.
    assert_eq!(body["mudanza"]["pago_adelantado"], 100.0);
    assert_eq!(body["mudanza"]["pago_pendiente"], 500.0);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn edits_check_required_fields_role_and_the_workers_day(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let (_, created) = create(&manager, &wizard(in_days(20))).await;
    let m = created["mudanza"].clone();
    let id = m["id"].as_i64().unwrap();
    let base = json!({
        "id": id, "version": m["version"], "cliente_nombre": "Lucía Gómez",
        "origen": m["origen"], "destino": m["destino"], "fecha_programada": m["fecha_programada"],
        "precio_total": m["precio_total"],
    });
    for (field, message) in [
        ("cliente_nombre", "El nombre del cliente es requerido"),
        ("origen", "La dirección de origen es requerida"),
        ("destino", "La dirección de destino es requerida"),
        ("fecha_programada", "La fecha es requerida"),
        ("precio_total", "El precio es requerido"),
    ] {
        let mut body = base.clone();
        body.as_object_mut().unwrap().remove(field);
        let (status, answer) = edit(&manager, body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some(message)),
            "{field}"
        );
    }
    let mut unknown = base.clone();
    unknown["id"] = json!(999_999);
    assert_eq!(edit(&manager, unknown).await.0, 404);
    assert_eq!(
        edit(&server.login_role("empleado").await, base.clone())
            .await
            .0,
        403
    );
    assert_eq!(edit(&server.anonymous(), base.clone()).await.0, 401);

    // Moving the date of a move with a worker moves the worker's booking, and a day on which
    // the worker is busy refuses the move.
    let javier: String =
        sqlx::query_scalar::<_, uuid::Uuid>("SELECT id FROM accounts WHERE username = 'EMP-001'")
            .fetch_one(&server.state.pool)
            .await
            .unwrap()
            .to_string();
    let assign = |move_id: i64| json!({"mudanza_id": move_id, "worker_id": javier});
    let (status, assigned) = manager
        .send(reqwest::Method::POST, "/api/asignar-trabajador", assign(id))
        .await;
    assert_eq!(status, 200, "{assigned}");
    let (_, other) = create(&manager, &wizard(in_days(21))).await;
    let other_id = other["mudanza_id"].as_i64().unwrap();
    let (status, _) = manager
        .send(
            reqwest::Method::POST,
            "/api/asignar-trabajador",
            assign(other_id),
        )
        .await;
    assert_eq!(status, 200, "Javier is free on day 21");

    let mut moved = base.clone();
    moved["version"] = assigned["mudanza"]["version"].clone();
    moved["fecha_programada"] = json!(in_days(21));
    let (status, answer) = edit(&manager, moved.clone()).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (
            409,
            Some("El trabajador ya tiene otra mudanza asignada ese día")
        )
    );
    moved["fecha_programada"] = json!(in_days(22));
    let (status, answer) = edit(&manager, moved).await;
    assert_eq!(status, 200, "{answer}");
    // Day 20 is free again: another move can have Javier that day.
    let (_, third) = create(&manager, &wizard(in_days(20))).await;
    let (status, answer) = manager
        .send(
            reqwest::Method::POST,
            "/api/asignar-trabajador",
            assign(third["mudanza_id"].as_i64().unwrap()),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
}

/// When the projections have not shown a new move within the read-your-writes wait (they catch
/// up after the database was away), the answer is still the move, folded from its events, exactly
/// as the read model shows it afterwards; never a 404 for a move that was created.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_move_created_while_the_projections_lag_is_answered_from_its_events(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let mut held = pool.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock(1, hashtext('moves'))")
        .execute(&mut *held)
        .await
        .unwrap();

    let (status, body) = create(&manager, &wizard(in_days(12))).await;
    assert_eq!(status, 200, "{body}");
    let id = body["mudanza_id"].as_i64().unwrap();
    let shown: i64 = sqlx::query_scalar("SELECT count(*) FROM move_staff_view WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(shown, 0, "the read model lags while the projector is held");

    held.rollback().await.unwrap();
    projected(&server).await;
    let (status, fresh) = manager.get(&format!("/api/mudanza/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(body["mudanza"], fresh["mudanza"]);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_creation_sent_again_with_its_key_creates_one_move(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let admin = server.login_role("admin").await;
    let moves = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM events WHERE event_type = 'move.created'",
        )
        .fetch_one(&server.state.pool)
        .await
        .unwrap()
    };
    let before = moves().await;
    let mut body = wizard(in_days(12));
    body["clave_idempotencia"] = json!("3f1c2a4e-9b7d-4c1e-8f00-6a5b4c3d2e1f");

    // A retry (the first answer lost): the same move, once.
    let (status, first) = create(&manager, &body).await;
    assert_eq!(status, 200, "{first}");
    let id = first["mudanza_id"].as_i64().unwrap();
    let (status, again) = create(&manager, &body).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["mudanza_id"], id);
    assert_eq!(again["mudanza"]["id"], first["mudanza"]["id"]);
    assert_eq!(moves().await, before + 1);
    let stored: Option<String> = sqlx::query_scalar(
        "SELECT metadata ->> 'idempotency_key' FROM events \
         WHERE event_type = 'move.created' AND (data ->> 'move_id')::bigint = $1",
    )
    .bind(id)
    .fetch_one(&server.state.pool)
    .await
    .unwrap();
    assert_eq!(
        stored.as_deref(),
        Some("3f1c2a4e-9b7d-4c1e-8f00-6a5b4c3d2e1f")
    );

    // Eight retries at once with a new key: one move, and every answer names it.
    body["clave_idempotencia"] = json!("reintento-a-la-vez-0001");
    let answers = futures::future::join_all((0..8).map(|_| create(&manager, &body))).await;
    let ids: std::collections::BTreeSet<i64> = answers
        .iter()
        .map(|(status, answer)| {
            assert_eq!(*status, 200, "{answer}");
            answer["mudanza_id"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(moves().await, before + 2);

    // Keys are the caller's own: another person's same key is another move; no key, a move each.
    let (status, other) = create(&admin, &body).await;
    assert_eq!(status, 200, "{other}");
    assert!(!ids.contains(&other["mudanza_id"].as_i64().unwrap()));
    body.as_object_mut().unwrap().remove("clave_idempotencia");
    assert_eq!(create(&manager, &body).await.0, 200);
    assert_eq!(create(&manager, &body).await.0, 200);
    assert_eq!(moves().await, before + 5);

    // A key that is not one: refused, nothing written.
    for bad in [
        "corta",
        "con espacios dentro",
        "ñandú-ñandú-ñandú",
        &"x".repeat(65),
    ] {
        body["clave_idempotencia"] = json!(bad);
        let (status, answer) = create(&manager, &body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (
                400,
                Some("La clave de idempotencia debe tener de 8 a 64 letras, cifras, '-' o '_'")
            ),
            "{bad}"
        );
    }
    assert_eq!(moves().await, before + 5);
}

/// Issue 17, item 1: a new total alone (spec §7's `precio_total`) once dropped VAT and the price
/// lines, and the invoice issued afterwards said 'IVA no aplicado'.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn editing_the_total_keeps_vat_and_the_lines_and_the_invoice_matches(pool: PgPool) {
    let server = start(pool).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let (_, created) = create(&manager, &wizard(in_days(12))).await;
    let m = created["mudanza"].clone();
    let id = m["id"].as_i64().unwrap();
    let form = |version: &Value, total: f64| {
        json!({
            "id": id, "version": version,
            "cliente_nombre": m["cliente_nombre"], "origen": m["origen"], "destino": m["destino"],
            "fecha_programada": m["fecha_programada"], "precio_total": total,
        })
    };

    let (status, body) = edit(&manager, form(&m["version"], 500.0)).await;
    assert_eq!(status, 200, "{body}");
    let p = &body["mudanza"]["precio"];
    assert_eq!(p["iva_enabled"], true, "{p}");
    // Distance, services and urgency stay; the base is what makes 500 € with 21 % VAT.
    assert_eq!(
        (
            &p["distance_cents"],
            &p["services_cents"],
            &p["urgency_cents"]
        ),
        (&json!(3_600), &json!(4_000), &json!(5_000))
    );
    assert_eq!(
        (&p["base_cents"], &p["tax_cents"], &p["total_cents"]),
        (&json!(28_722), &json!(8_678), &json!(50_000))
    );
    assert_eq!(body["mudanza"]["precio_total"], 500.0);

    // A total no base makes with VAT is refused with the two nearest, and nothing changes.
    let version = body["mudanza"]["version"].clone();
    let (status, refused) = edit(&manager, form(&version, 20.0)).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (
            400,
            Some("El precio total no puede ser menor que la distancia, los servicios y la urgencia juntos")
        )
    );
    let (status, refused) = edit(&manager, form(&version, 1000.01)).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["error"],
        "Con el 21 % de IVA, el precio total no puede ser 1000,01 €: elige 1000,00 € o 1000,02 €"
    );

    // The invoice issued now is the move's breakdown: VAT applied, lines adding to the total.
    let (status, invoice) = manager
        .send(
            reqwest::Method::POST,
            &format!("/api/factura/{id}/emitir"),
            Value::Null,
        )
        .await;
    assert_eq!(status, 200, "{invoice}");
    let amounts = &invoice["factura"]["importes"];
    assert_eq!(amounts["iva_aplicado"], true, "{amounts}");
    assert_eq!(amounts["iva_porcentaje"], 21);
    let cents = |field: &str| (amounts[field].as_f64().unwrap() * 100.0).round() as i64;
    assert_eq!(
        cents("base") + cents("distancia") + cents("servicios") + cents("urgencia"),
        cents("subtotal")
    );
    assert_eq!(cents("subtotal") + cents("iva"), cents("total"));
    assert_eq!(cents("total"), 50_000);
}
