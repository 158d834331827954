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
    for role in ["empleado", "cliente"] {
        let caller = server.login_role(role).await;
        assert_eq!(
            caller.get(&format!("/api/factura/{}", ids[2])).await.0,
            403,
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
