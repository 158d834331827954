//! Issue 21 items 2 and 3: at pickup and delivery the client and the worker sign the waybill on
//! the worker's phone, and the crew notes the condition of its objects with photos. Each is an
//! event (queued offline like the crew's other changes); the waybill, its PDF and the audit show
//! them.

use base64::Engine;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::{crew_for, move_of, projected, start, PNG};

fn minutes_ago(n: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::minutes(n))
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

fn png_data_url() -> String {
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(PNG)
    )
}

fn signature(firmante: &str, nombre: &str, sha256: &str) -> Value {
    json!({
        "etapa": "recogida",
        "firmante": firmante,
        "nombre": nombre,
        "imagen_png": png_data_url(),
        "sha256_albaran": sha256,
    })
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_waybill_is_signed_and_its_objects_checked_on_the_crews_phone(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, "cliente@mudanzas.test").await;
    let crew = crew_for(&server, id, "EMP-002").await;
    let worker = &crew.worker;
    let (status, one) = worker.get(&format!("/api/mudanza/{id}")).await;
    assert_eq!(status, 200, "{one}");
    let sha256 = one["mudanza"]["albaran_sha256"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(sha256.len(), 64);
    let object = one["mudanza"]["objects"][0].clone();
    let object_id = object["id"].as_str().unwrap().to_string();

    // The client signs offline ten minutes ago; the phone sends it twice.
    let signed_at = minutes_ago(10);
    let headers = [
        ("Idempotency-Key", "firma-cliente-recogida-0001"),
        ("Occurred-At", signed_at.as_str()),
    ];
    let path = format!("/api/mudanza/{id}/firma");
    let body = signature("cliente", " Begoña Muñoz ", &sha256);
    let (status, first, _) = worker
        .send_with(Method::POST, &path, &headers, body.clone())
        .await;
    assert_eq!(status, 200, "{first}");
    let (status, again, again_headers) =
        worker.send_with(Method::POST, &path, &headers, body).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again_headers["idempotent-replayed"], "true");
    let firmas = first["mudanza"]["firmas"].as_array().unwrap().clone();
    assert_eq!(firmas.len(), 1, "{firmas:?}");
    assert_eq!(firmas[0]["nombre"], "Begoña Muñoz");
    assert_eq!(firmas[0]["sha256_albaran"], sha256.as_str());
    let signed: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(firmas[0]["firmado_en"].clone()).unwrap();
    assert_eq!(
        signed.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
        signed_at
    );

    // A second client signature at pickup, under another key, is refused; so is a signature
    // over content the phone had before it changed.
    let (status, refused) = worker
        .send(Method::POST, &path, signature("cliente", "Otra", &sha256))
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["error"], command::waybill::ALREADY_SIGNED);
    let (status, refused) = worker
        .send(
            Method::POST,
            &path,
            signature("operario", "Luis", &"0".repeat(64)),
        )
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["error"], command::waybill::CONTENT_CHANGED);
    let (status, answer) = worker
        .send(
            Method::POST,
            &path,
            signature("operario", "Luis García", &sha256),
        )
        .await;
    assert_eq!(status, 200, "{answer}");

    // Damage found at pickup, with a photo of it.
    let (status, noted) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/estado-objeto"),
            json!({"etapa": "recogida", "objeto_id": object_id, "estado": "danos_previos",
                   "nota": "Rayón en la puerta izquierda"}),
        )
        .await;
    assert_eq!(status, 200, "{noted}");
    let (status, refused) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/estado-objeto"),
            json!({"etapa": "recogida", "objeto_id": object_id, "estado": "danos_causados",
                   "nota": ""}),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"], command::waybill::NOTE_REQUIRED);
    let form = reqwest::multipart::Form::new()
        .text("mudanza_id", id.to_string())
        .text("tipo", "carga")
        .text("objeto_id", object_id.clone())
        .text("etapa", "recogida")
        .part(
            "foto",
            reqwest::multipart::Part::bytes(PNG.to_vec())
                .file_name("rayon.png")
                .mime_str("image/png")
                .unwrap(),
        );
    let (status, photo) = worker.send_form("/api/subir-foto", form).await;
    assert_eq!(status, 200, "{photo}");
    assert_eq!(
        photo["foto"]["objeto"],
        json!({"id": object_id, "etapa": "recogida"})
    );

    // The client reads the waybill: both signatures, the note with its photo.
    let client = server.login(&crate::common::account("cliente")).await;
    let (status, issued) = client
        .send(
            Method::POST,
            &format!("/api/albaran/{id}/emitir"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{issued}");
    let waybill = &issued["albaran"];
    assert_eq!(waybill["albaran_sha256"], sha256.as_str());
    let signers: Vec<&str> = waybill["firmas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["firmante"].as_str().unwrap())
        .collect();
    assert_eq!(signers, ["cliente", "operario"]);
    let notes = waybill["estado_objetos"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["estado"], "danos_previos");
    assert_eq!(notes[0]["objeto_nombre"], object["nombre"]);
    assert_eq!(notes[0]["fotos"].as_array().unwrap().len(), 1);
    let url = waybill["firmas"][0]["url"].as_str().unwrap();
    let (status, content_type, bytes) = client.get_bytes(url).await;
    assert_eq!((status, content_type.as_str()), (200, "image/png"));
    assert_eq!(bytes, PNG);
    // Another client learns nothing of it.
    let pablo = server
        .login(&crate::common::account_by_login("pablo@mudanzas.test"))
        .await;
    assert_eq!(pablo.get_bytes(url).await.0, 404);

    // The PDF shows them, and the audit names them.
    let (status, _, pdf) = client.get_bytes(&format!("/api/albaran/{id}/pdf")).await;
    assert_eq!(status, 200);
    // Both signatures are drawn in it as images.
    let images = pdf.windows(14).filter(|w| w == b"/Subtype/Image").count();
    assert!(images >= 1, "no image in the PDF");
    let text = pdf_extract::extract_text_from_mem(&pdf).expect("a readable PDF");
    for expected in [
        "Firmas en la recogida",
        "Nombre: Begoña Muñoz",
        "Nombre: Luis García",
        "Acepta este contenido",
        "ESTADO DE LOS OBJETOS",
        "Daños previos",
        "Rayón en la puerta izquierda",
        &sha256[..16],
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} not in the PDF:\n{text}"
        );
    }
    let auditor = server.login_role("auditor").await;
    let (status, history) = auditor
        .get(&format!("/api/auditoria/mudanza/{id}/historial"))
        .await;
    assert_eq!(status, 200, "{history}");
    let labels: Vec<&str> = history["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["etiqueta"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels.iter().filter(|l| **l == "Albarán firmado").count(),
        2
    );
    assert!(
        labels.contains(&"Estado de un objeto anotado"),
        "{labels:?}"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_signature_is_a_bounded_png(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, "cliente@mudanzas.test").await;
    let crew = crew_for(&server, id, "EMP-002").await;
    let (_, one) = crew.worker.get(&format!("/api/mudanza/{id}")).await;
    let sha256 = one["mudanza"]["albaran_sha256"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/mudanza/{id}/firma");
    let huge = base64::engine::general_purpose::STANDARD.encode(vec![0u8; 300 * 1024]);
    for (image, expected) in [
        (
            "bm8gZXMgdW5hIGltYWdlbg==".to_string(),
            command::waybill::BAD_IMAGE,
        ),
        (huge, "La firma no puede ocupar más de 100 KB"),
    ] {
        let mut body = signature("cliente", "Begoña", &sha256);
        body["imagen_png"] = json!(image);
        let (status, refused) = crew.worker.send(Method::POST, &path, body).await;
        assert_eq!(status, 400, "{refused}");
        assert_eq!(refused["error"], expected);
    }
    let mut long_name = signature("cliente", &"ñ".repeat(101), &sha256);
    let (status, refused) = crew
        .worker
        .send(Method::POST, &path, long_name.take())
        .await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("nombre de quien firma"));
}
