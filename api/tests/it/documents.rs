//! `POST /api/factura/{id}/emitir` and `POST /api/albaran/{id}/emitir`: correlative series,
//! issued once; `GET /api/factura/{id}` and `GET /api/albaran/{id}` read what was issued and never
//! issue.

use crate::common::{account, account_by_login, move_of, projected, start, Caller};
use api::routes::documents::{INVOICE_NOT_ISSUED, WAYBILL_NOT_ISSUED};
use chrono::Datelike;
use serde_json::{json, Value};
use sqlx::PgPool;

/// Issues the move's document of this kind (`factura` or `albaran`).
async fn issue(caller: &Caller, kind: &str, id: i64) -> (u16, Value) {
    caller
        .send(
            reqwest::Method::POST,
            &format!("/api/{kind}/{id}/emitir"),
            json!({}),
        )
        .await
}

async fn events(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn move_ids(pool: &PgPool) -> Vec<i64> {
    sqlx::query_scalar("SELECT id FROM move_staff_view ORDER BY id")
        .fetch_all(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn invoices_take_the_next_number_once_and_never_change(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let year = events_schema::calendar::today().year();
    let manager = server.login_role("empresario").await;
    let ids = move_ids(&pool).await;

    // Reading a move's invoice before it is issued issues nothing.
    let before = events(&pool).await;
    let (status, body) = manager.get(&format!("/api/factura/{}", ids[0])).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some(INVOICE_NOT_ISSUED)),
        "{body}"
    );
    assert_eq!(events(&pool).await, before);

    let (status, first) = issue(&manager, "factura", ids[0]).await;
    assert_eq!(status, 200, "{first}");
    let f = &first["factura"];
    assert_eq!(f["numero"], format!("F{year}-000001"));
    assert_eq!(
        f["fecha_emision"],
        events_schema::calendar::today().to_string()
    );
    assert_eq!(f["empresa"]["nif"], "B-87654321");
    let (_, m) = manager.get(&format!("/api/mudanza/{}", ids[0])).await;
    assert_eq!(f["importes"]["total"], m["mudanza"]["precio_total"]);
    assert_eq!(f["importes"]["iva_porcentaje"], 21);
    assert_eq!(m["mudanza"]["factura"], format!("F{year}-000001"));
    let base = f["importes"]["subtotal"].as_f64().unwrap();
    let vat = f["importes"]["iva"].as_f64().unwrap();
    assert!((base + vat - f["importes"]["total"].as_f64().unwrap()).abs() < 0.005);

    // Reading it, or issuing again: the same invoice. The next move: the next number.
    let (status, read) = manager.get(&format!("/api/factura/{}", ids[0])).await;
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["factura"], first["factura"]);
    let (_, again) = issue(&manager, "factura", ids[0]).await;
    assert_eq!(again["factura"], first["factura"]);
    let (_, second) = issue(&manager, "factura", ids[1]).await;
    assert_eq!(second["factura"]["numero"], format!("F{year}-000002"));

    // An invoice is immutable: repricing the move afterwards does not touch it.
    let doc = &m["mudanza"];
    let (status, _) = manager
        .send(
            reqwest::Method::POST,
            "/api/actualizar-mudanza",
            json!({"id": ids[0], "version": doc["version"], "cliente_nombre": doc["cliente_nombre"],
                   "origen": doc["origen"], "destino": doc["destino"],
                   "fecha_programada": doc["fecha_programada"], "precio_total": 999.99}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, mut after) = manager.get(&format!("/api/factura/{}", ids[0])).await;
    // What has been paid is as of now, so it follows the new total…
    assert_eq!(after["factura"]["cobros"]["pendiente"], 999.99);
    // …while every line of the invoice stays as issued.
    let mut issued = first["factura"].clone();
    for doc in [&mut after["factura"], &mut issued] {
        doc.as_object_mut().unwrap().remove("cobros");
    }
    assert_eq!(after["factura"], issued);

    // Roles: the auditor reads what exists and issues nothing.
    let auditor = server.login_role("auditor").await;
    assert_eq!(
        auditor.get(&format!("/api/factura/{}", ids[0])).await.0,
        200
    );
    assert_eq!(
        auditor.get(&format!("/api/factura/{}", ids[2])).await.0,
        404
    );
    assert_eq!(issue(&auditor, "factura", ids[2]).await.0, 403);
    // A worker sees no invoice; a client reads none that is not issued to them (404 either way).
    for (role, reading) in [("empleado", 403), ("cliente", 404)] {
        let caller = server.login_role(role).await;
        assert_eq!(
            caller.get(&format!("/api/factura/{}", ids[2])).await.0,
            reading,
            "{role}"
        );
        assert_eq!(issue(&caller, "factura", ids[2]).await.0, 403, "{role}");
    }
    let anonymous = server.anonymous();
    assert_eq!(
        anonymous.get(&format!("/api/factura/{}", ids[2])).await.0,
        401
    );
    assert_eq!(issue(&anonymous, "factura", ids[2]).await.0, 401);
    for (status, body) in [
        manager.get("/api/factura/999999").await,
        issue(&manager, "factura", 999999).await,
    ] {
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("Mudanza no encontrada"))
        );
    }
}

/// Issuing changes state, so a page of another site cannot make a signed-in manager's browser do
/// it (the origin check refuses every method but GET, HEAD and OPTIONS).
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn another_sites_page_cannot_issue_a_document(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let id = move_ids(&pool).await[0];
    let before = events(&pool).await;
    for kind in ["factura", "albaran"] {
        let response = manager
            .http
            .post(format!("{}/api/{kind}/{id}/emitir", server.base))
            .header(reqwest::header::COOKIE, manager.cookie.clone().unwrap())
            .header(reqwest::header::ORIGIN, "https://otro-sitio.example")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{kind}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], api::security::FOREIGN_ORIGIN);
    }
    assert_eq!(events(&pool).await, before);
    let (status, _) = manager.get(&format!("/api/factura/{id}")).await;
    assert_eq!(status, 404, "still not issued");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn invoices_issued_at_the_same_instant_get_distinct_numbers_without_gaps(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let year = events_schema::calendar::today().year();
    let manager = server.login_role("empresario").await;
    let admin = server.login_role("admin").await;
    let ids = move_ids(&pool).await;
    // Six moves at once, plus the first move asked for twice at once.
    let mut calls = Vec::new();
    for (n, id) in ids
        .iter()
        .take(6)
        .chain(std::iter::once(&ids[0]))
        .enumerate()
    {
        let caller = if n % 2 == 0 {
            manager.clone()
        } else {
            admin.clone()
        };
        let id = *id;
        calls.push(tokio::spawn(
            async move { issue(&caller, "factura", id).await },
        ));
    }
    let mut numbers = Vec::new();
    for call in calls {
        let (status, body) = call.await.unwrap();
        assert_eq!(status, 200, "{body}");
        numbers.push(body["factura"]["numero"].as_str().unwrap().to_string());
    }
    assert_eq!(numbers[0], numbers[6], "one move, one invoice");
    let mut distinct = numbers[..6].to_vec();
    distinct.sort();
    let expected: Vec<String> = (1..=6).map(|n| format!("F{year}-{n:06}")).collect();
    assert_eq!(distinct, expected);
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM documents")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stored, 6);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn waybills_have_their_own_series_for_staff_and_the_moves_client(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let year = events_schema::calendar::today().year();
    let owner = account("cliente");
    let id = move_of(&pool, &owner.email).await;
    let path = format!("/api/albaran/{id}");

    let client = server.login(&owner).await;
    let (status, body) = client.get(&path).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some(WAYBILL_NOT_ISSUED)),
        "{body}"
    );
    // The auditor changes nothing.
    let auditor = server.login_role("auditor").await;
    assert_eq!(issue(&auditor, "albaran", id).await.0, 403);
    let (status, body) = issue(&client, "albaran", id).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(client.get(&path).await.1, body);
    let a = &body["albaran"];
    assert_eq!(a["numero_albaran"], format!("A{year}-000001"));
    assert_eq!(a["cliente"]["email"], owner.email.as_str());
    assert!(a["precio_con_iva"].as_f64().unwrap() > 0.0);
    let total: u64 = a["objetos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["cantidad"].as_u64().unwrap())
        .sum();
    assert_eq!(a["resumen_objetos"]["total_objetos"], total);
    assert!(a["garantia"].as_str().unwrap().contains("30 días"));

    let (status, as_worker) = server.login_role("empleado").await.get(&path).await;
    assert_eq!(status, 200);
    assert_eq!(as_worker["albaran"]["numero_albaran"], a["numero_albaran"]);
    assert!(
        as_worker["albaran"].get("precio_con_iva").is_none(),
        "workers see no prices"
    );

    let (status, as_auditor) = auditor.get(&path).await;
    assert_eq!(status, 200);
    assert_eq!(as_auditor["albaran"]["numero_albaran"], a["numero_albaran"]);

    let other = server.login(&account_by_login("pablo@mudanzas.test")).await;
    assert_eq!(other.get(&path).await.0, 404);
    assert_eq!(issue(&other, "albaran", id).await.0, 404);
    assert_eq!(server.anonymous().get(&path).await.0, 401);
    assert_eq!(issue(&server.anonymous(), "albaran", id).await.0, 401);
    // The invoice series is separate.
    let (_, invoice) = issue(&server.login_role("empresario").await, "factura", id).await;
    assert_eq!(invoice["factura"]["numero"], format!("F{year}-000001"));
}

/// A pending move of the demo client's, as the quotes inbox creates it (a fourth-floor flat to a
/// house).
async fn clients_move(server: &crate::common::TestServer, email: &str) -> i64 {
    let manager = server.login_role("empresario").await;
    let mut body = crate::common::wizard(crate::common::in_days(30));
    body["cliente_email"] = email.into();
    body["cliente_nombre"] = "Marta Sánchez".into();
    let (status, created) = manager
        .send(reqwest::Method::POST, "/api/crear-mudanza", body)
        .await;
    assert_eq!(status, 200, "{created}");
    created["mudanza_id"].as_i64().unwrap()
}

fn profile(nif: &str) -> Value {
    json!({"nombre": "Marta", "apellido": "Sánchez", "telefono": "612 345 678",
        "direccion": "Calle del Pez 3", "ciudad": "Madrid", "codigo_postal": "28004",
        "nif": nif, "email_alerts": true, "sms_alerts": false, "marketing": false})
}

fn pdf_text(bytes: &[u8]) -> String {
    pdf_extract::extract_text_from_mem(bytes).expect("a readable PDF")
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_client_lists_and_downloads_their_own_invoice_made_out_to_their_nif(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let email = "cliente@mudanzas.test";
    let marta = server.login(&account_by_login(email)).await;
    let manager = server.login_role("empresario").await;

    // A wrong NIF is refused naming it; a right one is kept in its one form.
    let (status, body) = marta
        .send(reqwest::Method::PUT, "/api/mi-perfil", profile("12345678A"))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some(command::billing::NIF_INVALID))
    );
    for oversize in [
        "1".repeat(100_000),
        "١٢٣٤٥٦٧٨Z".into(),
        "12345678Z\u{0}".into(),
    ] {
        let (status, _) = marta
            .send(reqwest::Method::PUT, "/api/mi-perfil", profile(&oversize))
            .await;
        assert_eq!(status, 400);
    }
    let (status, body) = marta
        .send(
            reqwest::Method::PUT,
            "/api/mi-perfil",
            profile("12.345.678-z"),
        )
        .await;
    assert_eq!(
        (status, &body["user"]["nif"]),
        (200, &json!("12345678Z")),
        "{body}"
    );

    let id = clients_move(&server, email).await;
    let (status, none_yet) = marta.get("/api/mis-documentos").await;
    assert_eq!(status, 200);
    let before: Vec<&Value> = none_yet["documentos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["mudanza_id"] == id)
        .collect();
    assert!(before.is_empty(), "{none_yet}");
    // Not issued: the client can read nothing yet, and reading issues nothing.
    assert_eq!(marta.get(&format!("/api/factura/{id}")).await.0, 404);
    assert_eq!(
        marta.get_bytes(&format!("/api/factura/{id}/pdf")).await.0,
        404
    );

    let (status, issued) = issue(&manager, "factura", id).await;
    assert_eq!(status, 200, "{issued}");
    let f = &issued["factura"];
    assert_eq!(f["tipo"], "completa");
    assert_eq!(f["cliente"]["nif"], "12345678Z");
    assert_eq!(f["cliente"]["direccion"], "Calle del Pez 3, 28004 Madrid");
    let number = f["numero"].as_str().unwrap().to_string();

    let (status, read) = marta.get(&format!("/api/factura/{id}")).await;
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["factura"]["numero"], number);
    let (_, listed) = marta.get("/api/mis-documentos").await;
    let own: Vec<&Value> = listed["documentos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["mudanza_id"] == id)
        .collect();
    assert_eq!(own.len(), 1, "{listed}");
    assert_eq!(own[0]["tipo"], "factura");
    assert_eq!(own[0]["numero"], number);
    assert_eq!(own[0]["total"], f["importes"]["total"]);
    let link = own[0]["pdf"].as_str().unwrap().to_string();
    assert_eq!(link, format!("/api/factura/{id}/pdf"));

    let response = marta.get_response(&link).await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(header("content-type"), "application/pdf");
    assert_eq!(
        header("content-disposition"),
        format!("attachment; filename=\"factura-{number}.pdf\"")
    );
    assert_eq!(header("cache-control"), "no-store");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = pdf_text(&bytes);
    for expected in [
        number.as_str(),
        "NIF: 12345678Z",
        "Marta Sánchez",
        "454,96 €",
        "FACTURA",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text}");
    }
    assert!(!text.contains("SIMPLIFICADA"));

    // Another client: as if it did not exist; a worker sees no invoice; no session: 401.
    let pablo = server.login(&account_by_login("pablo@mudanzas.test")).await;
    assert_eq!(pablo.get_bytes(&link).await.0, 404);
    assert_eq!(pablo.get(&format!("/api/factura/{id}")).await.0, 404);
    let (_, pablos) = pablo.get("/api/mis-documentos").await;
    assert!(
        pablos["documentos"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["mudanza_id"] != id),
        "{pablos}"
    );
    let worker = server.login_role("empleado").await;
    assert_eq!(worker.get_bytes(&link).await.0, 403);
    assert_eq!(server.anonymous().get_bytes(&link).await.0, 401);
    // The auditor reads the same file.
    let auditor = server.login_role("auditor").await;
    let (status, _, same) = auditor.get_bytes(&link).await;
    assert_eq!(status, 200);
    assert!(pdf_text(&same).contains(&number));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn without_a_nif_the_invoice_is_simplified_and_the_booking_forms_nif_wins(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let email = "cliente@mudanzas.test";
    let marta = server.login(&account_by_login(email)).await;
    let manager = server.login_role("empresario").await;

    // No NIF anywhere: a simplified invoice, to the move's origin.
    let plain = clients_move(&server, email).await;
    let (_, issued) = issue(&manager, "factura", plain).await;
    let f = &issued["factura"];
    assert_eq!(f["tipo"], "simplificada", "{f}");
    assert!(f["cliente"].get("nif").is_none(), "{f}");
    let (_, _, bytes) = marta.get_bytes(&format!("/api/factura/{plain}/pdf")).await;
    assert!(pdf_text(&bytes).contains("FACTURA SIMPLIFICADA"));

    // The booking form's NIF and billing address, over the profile's.
    marta
        .send(reqwest::Method::PUT, "/api/mi-perfil", profile("X1234567L"))
        .await;
    let booked = clients_move(&server, email).await;
    let mut form = json!({
        "contacto_nombre": "Marta Sánchez", "contacto_telefono": "612345678",
        "contacto_email": "", "contacto_preferencia": "whatsapp",
        "fecha_alternativa": null, "flexible": true, "hora_preferida": "afternoon",
        "property_details": {
            "origin": {"access": "little_access", "floor": "fourth", "elevator": true},
            "destination": {"access": "normal", "floor": "ground", "elevator": false}},
        "instrucciones": "",
        "facturacion": {"nif": "12345678A", "direccion": ""}
    });
    let details = format!("/api/mi-mudanza/{booked}/detalles");
    let (status, body) = marta
        .send(reqwest::Method::POST, &details, form.clone())
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some(command::billing::NIF_INVALID))
    );
    form["facturacion"] =
        json!({"nif": "b-12345674", "direccion": "Calle de Serrano 1, 28001 Madrid"});
    let (status, body) = marta.send(reqwest::Method::POST, &details, form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mudanza"]["facturacion"]["nif"], "B12345674");
    let (_, issued) = issue(&manager, "factura", booked).await;
    let f = &issued["factura"];
    assert_eq!(f["tipo"], "completa");
    assert_eq!(f["cliente"]["nif"], "B12345674");
    assert_eq!(
        f["cliente"]["direccion"],
        "Calle de Serrano 1, 28001 Madrid"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_waybill_pdf_is_the_issued_waybill_and_a_worker_sees_no_price_in_it(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let email = "cliente@mudanzas.test";
    let marta = server.login(&account_by_login(email)).await;
    let id = clients_move(&server, email).await;
    let link = format!("/api/albaran/{id}/pdf");
    assert_eq!(marta.get_bytes(&link).await.0, 404);
    let (status, issued) = issue(&marta, "albaran", id).await;
    assert_eq!(status, 200, "{issued}");
    let number = issued["albaran"]["numero_albaran"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, listed) = marta.get("/api/mis-documentos").await;
    assert!(
        listed["documentos"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["numero"] == number.as_str()
                && d["tipo"] == "albaran"
                && d["total"].is_null()),
        "{listed}"
    );
    let (status, _, bytes) = marta.get_bytes(&link).await;
    assert_eq!(status, 200);
    let text = pdf_text(&bytes);
    for expected in [
        number.as_str(),
        "ALBARÁN",
        "Sofá de 3 plazas",
        "Precio con IVA",
        "Firma del cliente",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text}");
    }
    let worker = server.login_role("empleado").await;
    let (status, _, bytes) = worker.get_bytes(&link).await;
    assert_eq!(status, 200);
    let text = pdf_text(&bytes);
    assert!(text.contains(&number));
    assert!(
        !text.contains('€') && !text.contains("Precio con IVA"),
        "{text}"
    );
}
