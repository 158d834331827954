//! The public forms of issue 6 against a real server (web/src/lib/api.ts 'Contact form and job
//! applications'): the contact form and job applications with their Spanish messages, consents,
//! emails and limits; the CV checked by content and stored under a name of the server's; the
//! managers' lists and downloads per role; and the consent register fed by registration and the
//! profile's marketing preference.

use std::path::{Path, PathBuf};

use crate::common::{in_days, start, Caller, TestServer};
use reqwest::header::{CONTENT_DISPOSITION, CONTENT_TYPE, COOKIE};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

const PASSWORD: &str = "Mudanza#2026";
const TOO_MANY: &str = "Demasiados intentos. Espera antes de intentar de nuevo.";
const COMPANY_INBOX: &str = "info@mudanzas.test";
const CONTACT_CONSENT: &str = "Debes aceptar que usemos tus datos para responder a tu consulta";
const CV_REQUIRED: &str = "Adjunta tu currículum (PDF, DOC o DOCX)";
const CV_WRONG_TYPE: &str = "El currículum debe ser un archivo PDF, DOC o DOCX";
const CV_MISMATCH: &str =
    "El archivo no es un PDF, DOC o DOCX válido: su contenido no coincide con su extensión";
const CV_TOO_LARGE: &str = "El currículum supera el tamaño máximo de 5 MB";
const TERMS: &str = "Debes aceptar las condiciones de uso y la política de privacidad";

/// A contact form as web/src/lib/api.ts `ContactFormRequest` sends it.
fn contact_form(email: &str) -> Value {
    json!({
        "name": "Marta Ruiz Pérez",
        "email": email,
        "phone": "+34 611 222 333",
        "origin": "Calle de Alcalá 120, Madrid",
        "destination": "Valencia",
        "date": in_days(30).to_string(),
        "service_type": "mudanza_completa",
        "message": "Piso de 3 habitaciones, cuarto sin ascensor.",
        "consent": {"contact": true, "marketing": false},
    })
}

async fn send_contact(caller: &Caller, body: Value) -> (u16, Value) {
    caller.send(Method::POST, "/api/contact-form", body).await
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

/// (contact messages, applications, consents, emails) stored.
async fn written(pool: &PgPool) -> (i64, i64, i64, i64) {
    (
        count(pool, "SELECT count(*) FROM contact_messages").await,
        count(pool, "SELECT count(*) FROM job_applications").await,
        count(pool, "SELECT count(*) FROM consents").await,
        count(pool, "SELECT count(*) FROM outbox").await,
    )
}

/// The consent rows of a submission: (purpose, granted, source, has its time, account linked).
async fn consents_of(pool: &PgPool, reference: &str) -> Vec<(String, bool, String, bool, bool)> {
    sqlx::query_as(
        "SELECT purpose, granted, source, recorded_at > now() - interval '1 minute', \
         account_id IS NOT NULL FROM consents WHERE reference = $1::uuid ORDER BY purpose",
    )
    .bind(reference)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The emails to `to`: (subject, text), oldest first.
async fn emails_to(pool: &PgPool, to: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT asunto, texto FROM outbox WHERE lower(para) = lower($1) ORDER BY created_at, id",
    )
    .bind(to)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_contact_message_is_stored_with_its_consents_and_both_emails(pool: PgPool) {
    let server = start(pool.clone()).await;
    let before = written(&pool).await;
    let (status, answer) = send_contact(&server.anonymous(), contact_form("Marta@Correo.es")).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["success"], true);
    let id = answer["id"].as_str().unwrap().to_string();
    assert_eq!(
        written(&pool).await,
        (before.0 + 1, before.1, before.2 + 2, before.3 + 2)
    );

    let (stored_email, phone, received_recently): (String, String, bool) = sqlx::query_as(
        "SELECT email, phone, received_at > now() - interval '1 minute' FROM contact_messages \
         WHERE id = $1::uuid",
    )
    .bind(&id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        (stored_email.as_str(), phone.as_str(), received_recently),
        ("marta@correo.es", "611 222 333", true)
    );
    // Contact consent as required, marketing as given (unticked), each with its time.
    assert_eq!(
        consents_of(&pool, &id).await,
        vec![
            ("contacto".into(), true, "contacto".into(), true, false),
            ("marketing".into(), false, "contacto".into(), true, false),
        ]
    );

    let to_company = emails_to(&pool, COMPANY_INBOX).await;
    assert_eq!(to_company.len(), 1);
    assert_eq!(
        to_company[0].0,
        "Nuevo mensaje de contacto: Marta Ruiz Pérez"
    );
    for line in [
        "Email: marta@correo.es",
        "Teléfono: 611 222 333",
        "Destino: Valencia",
        "Servicio: Mudanza completa",
        "Piso de 3 habitaciones",
        "Acepta recibir ofertas: no",
        &id,
    ] {
        assert!(
            to_company[0].1.contains(line),
            "{line}: {}",
            to_company[0].1
        );
    }
    let to_sender = emails_to(&pool, "marta@correo.es").await;
    assert_eq!(to_sender.len(), 1);
    assert_eq!(to_sender[0].0, "Hemos recibido tu mensaje");
    assert!(
        to_sender[0].1.contains("en menos de 24 horas"),
        "{}",
        to_sender[0].1
    );
    assert!(to_sender[0].1.contains("Hola, Marta Ruiz Pérez"));

    // Marketing ticked is stored as ticked; a missing consent object is no consent at all.
    let mut ticked = contact_form("otra@correo.es");
    ticked["consent"]["marketing"] = json!(true);
    ticked["date"] = Value::Null;
    let (status, answer) = send_contact(&server.anonymous(), ticked).await;
    assert_eq!(status, 201, "{answer}");
    let marketing: Vec<bool> = consents_of(&pool, answer["id"].as_str().unwrap())
        .await
        .into_iter()
        .map(|c| c.1)
        .collect();
    assert_eq!(marketing, vec![true, true]);
    let mut unticked = contact_form("otra@correo.es");
    unticked.as_object_mut().unwrap().remove("consent");
    let (status, answer) = send_contact(&server.anonymous(), unticked).await;
    assert_eq!((status, answer["field"].as_str()), (400, Some("consent")));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn every_bad_contact_field_is_named_and_nothing_is_written(pool: PgPool) {
    let server = start(pool.clone()).await;
    let before = written(&pool).await;
    let cases = [
        ("name", json!(""), "El nombre completo es requerido"),
        (
            "name",
            json!("Marta 3"),
            "Solo se permiten letras y espacios",
        ),
        ("email", json!("marta@correo"), "Ingresa un email válido"),
        ("phone", json!(""), "Ingresa un número de teléfono válido"),
        (
            "phone",
            json!("512 345 678"),
            "Ingresa un número de teléfono válido",
        ),
        ("origin", json!("  "), "La dirección de origen es requerida"),
        (
            "destination",
            json!(""),
            "La dirección de destino es requerida",
        ),
        ("date", json!("mañana"), "Introduce una fecha válida"),
        (
            "date",
            json!(in_days(0).pred_opt().unwrap().to_string()),
            "La fecha no puede ser anterior a hoy",
        ),
        ("service_type", json!(""), "Selecciona el tipo de servicio"),
        (
            "service_type",
            json!("mudanza_lunar"),
            "Selecciona el tipo de servicio",
        ),
        (
            "message",
            json!("a".repeat(2001)),
            "El mensaje no puede superar los 2000 caracteres",
        ),
        (
            "consent",
            json!({"contact": false, "marketing": true}),
            CONTACT_CONSENT,
        ),
    ];
    for (field, value, message) in cases {
        let mut body = contact_form("marta@correo.es");
        body[field] = value;
        let (status, answer) = send_contact(&server.anonymous(), body).await;
        assert_eq!(status, 400, "{field}: {answer}");
        assert_eq!(answer["success"], false);
        assert_eq!(answer["error"], message, "{field}");
        assert_eq!(answer["field"], field, "{field}");
    }
    // Wrong types are refused as a whole, in Spanish, naming the field.
    let (status, answer) = send_contact(&server.anonymous(), json!({"name": 3})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("El campo «name» no es válido: debe ser texto."))
    );
    assert_eq!(written(&pool).await, before, "nothing written");

    // Today is accepted; no message is fine.
    let mut body = contact_form("marta@correo.es");
    body["date"] = json!(in_days(0).to_string());
    body["message"] = json!("");
    assert_eq!(send_contact(&server.anonymous(), body).await.0, 201);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn contact_messages_are_limited_per_address_and_per_email(pool: PgPool) {
    let server = start(pool.clone()).await;
    let visitor = server.anonymous();
    for _ in 0..5 {
        assert_eq!(
            send_contact(&visitor, contact_form("misma@correo.es"))
                .await
                .0,
            201
        );
    }
    let (status, answer) = send_contact(&visitor, contact_form("misma@correo.es")).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (429, Some(TOO_MANY)),
        "per email"
    );
    for n in 0..5 {
        let (status, answer) =
            send_contact(&visitor, contact_form(&format!("p{n}@correo.es"))).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = send_contact(&visitor, contact_form("nueva@correo.es")).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (429, Some(TOO_MANY)),
        "per address"
    );
    assert_eq!(
        count(&pool, "SELECT count(*) FROM contact_messages").await,
        10
    );
}

// Job applications.

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// The first 512-byte sector of an OLE2 compound file and a directory entry named
/// `WordDocument` (UTF-16LE), as every Word 97-2003 document has.
fn doc_bytes() -> Vec<u8> {
    let mut bytes = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    bytes.resize(512, 0);
    bytes.extend("WordDocument".encode_utf16().flat_map(u16::to_le_bytes));
    bytes.resize(1536, 0);
    bytes
}

/// A DOCX made here: the two parts Word needs to recognise it, stored uncompressed.
fn docx_bytes() -> Vec<u8> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("[Content_Types].xml", options).unwrap();
    zip.write_all(b"<?xml version=\"1.0\"?><Types/>").unwrap();
    zip.start_file("word/document.xml", options).unwrap();
    zip.write_all(b"<?xml version=\"1.0\"?><w:document/>")
        .unwrap();
    zip.finish().unwrap().into_inner()
}

fn application_fields(email: &str) -> Vec<(&'static str, String)> {
    vec![
        ("name", "Lucía Fernández".into()),
        ("email", email.into()),
        ("phone", "698 765 432".into()),
        ("position", "conductor".into()),
        ("experience", "6-10".into()),
        ("message", "Carné C y 8 años de reparto.".into()),
        ("consent_contact", "true".into()),
        ("consent_marketing", "false".into()),
    ]
}

/// `POST /api/trabaja-con-nosotros` as web/src/lib/api.ts `submitJobApplication` sends it.
async fn apply(
    caller: &Caller,
    fields: &[(&'static str, String)],
    cv: Option<(&str, Vec<u8>)>,
) -> (u16, Value) {
    // As a browser sends it: the file name as it is, not percent-encoded.
    let mut form = reqwest::multipart::Form::new().percent_encode_noop();
    for (name, value) in fields {
        form = form.text(*name, value.clone());
    }
    if let Some((file_name, bytes)) = cv {
        form = form.part(
            "cv",
            reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_string()),
        );
    }
    let mut request = caller
        .http
        .post(format!("{}/api/trabaja-con-nosotros", caller.base))
        .multipart(form);
    if let Some(cookie) = &caller.cookie {
        request = request.header(COOKIE, cookie);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn cv_dir(server: &TestServer) -> PathBuf {
    server.state.config.data_dir.join("candidaturas")
}

/// The names of the files in the CV folder.
fn stored_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn applications_with_a_pdf_a_doc_or_a_docx_are_stored_with_consents_and_emails(pool: PgPool) {
    let server = start(pool.clone()).await;
    let cases = [
        ("pdf", "Currículum Lucía.pdf", fixture("curriculum.pdf")),
        ("doc", "cv.DOC", doc_bytes()),
        ("docx", "cv.docx", docx_bytes()),
        // As Word writes it: compressed parts and more of them.
        ("docx", "curriculum.docx", fixture("curriculum.docx")),
    ];
    for (n, (kind, file_name, bytes)) in cases.into_iter().enumerate() {
        let email = format!("lucia{n}@correo.es");
        let size = bytes.len() as i64;
        let before = written(&pool).await;
        let (status, answer) = apply(
            &server.anonymous(),
            &application_fields(&email),
            Some((file_name, bytes.clone())),
        )
        .await;
        assert_eq!(status, 201, "{file_name}: {answer}");
        let id = answer["id"].as_str().unwrap().to_string();
        assert_eq!(
            written(&pool).await,
            (before.0, before.1 + 1, before.2 + 2, before.3 + 2),
            "{file_name}"
        );
        let (stored_kind, stored_bytes, original, stored_name): (String, i32, String, String) =
            sqlx::query_as(
                "SELECT cv_kind, cv_bytes, cv_original_name, cv_stored_name \
                 FROM job_applications WHERE id = $1::uuid",
            )
            .bind(&id)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(
            (
                stored_kind.as_str(),
                i64::from(stored_bytes),
                original.as_str()
            ),
            (kind, size, file_name)
        );
        assert_eq!(stored_name, format!("{id}.{kind}"));
        assert_eq!(
            std::fs::read(cv_dir(&server).join(&stored_name)).unwrap(),
            bytes
        );
        assert_eq!(
            consents_of(&pool, &id).await,
            vec![
                ("contacto".into(), true, "empleo".into(), true, false),
                ("marketing".into(), false, "empleo".into(), true, false),
            ]
        );
        let to_applicant = emails_to(&pool, &email).await;
        assert_eq!(to_applicant.len(), 1);
        assert_eq!(to_applicant[0].0, "Hemos recibido tu candidatura");
        assert!(
            to_applicant[0]
                .1
                .contains("te responderemos en un plazo de 7 días laborables"),
            "{}",
            to_applicant[0].1
        );
        assert!(to_applicant[0].1.contains("Conductor"));
    }
    let to_company = emails_to(&pool, COMPANY_INBOX).await;
    assert_eq!(to_company.len(), 4);
    assert_eq!(
        to_company[0].0,
        "Nueva candidatura: Lucía Fernández (Conductor)"
    );
    for line in [
        "Email: lucia0@correo.es",
        "Experiencia: De 6 a 10 años",
        "Currículum: Currículum Lucía.pdf (PDF, 1 KB)",
        "/gestion",
    ] {
        assert!(
            to_company[0].1.contains(line),
            "{line}: {}",
            to_company[0].1
        );
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn bad_applications_are_refused_in_spanish_and_leave_nothing_behind(pool: PgPool) {
    let server = start(pool.clone()).await;
    let before = written(&pool).await;
    let pdf = || Some(("cv.pdf", fixture("curriculum.pdf")));
    let with = |field: &'static str, value: &str| {
        let mut fields = application_fields("ana@correo.es");
        fields.retain(|(f, _)| *f != field);
        fields.push((field, value.to_string()));
        fields
    };
    let over_limit = |size: usize| {
        let mut bytes = fixture("curriculum.pdf");
        bytes.resize(size, b' ');
        Some(("grande.pdf", bytes))
    };
    type Case = (
        &'static str,
        Vec<(&'static str, String)>,
        Option<(&'static str, Vec<u8>)>,
        u16,
        Option<&'static str>,
        &'static str,
    );
    let cases: Vec<Case> = vec![
        (
            "no name",
            with("name", ""),
            pdf(),
            400,
            Some("name"),
            "El nombre completo es requerido",
        ),
        (
            "bad email",
            with("email", "ana@"),
            pdf(),
            400,
            Some("email"),
            "Ingresa un email válido",
        ),
        (
            "bad phone",
            with("phone", "12345"),
            pdf(),
            400,
            Some("phone"),
            "Ingresa un número de teléfono válido",
        ),
        (
            "no position",
            with("position", ""),
            pdf(),
            400,
            Some("position"),
            "Selecciona el puesto que te interesa",
        ),
        (
            "unknown position",
            with("position", "director"),
            pdf(),
            400,
            Some("position"),
            "Selecciona el puesto que te interesa",
        ),
        (
            "bad experience",
            with("experience", "3"),
            pdf(),
            400,
            Some("experience"),
            "Selecciona tus años de experiencia",
        ),
        (
            "long message",
            with("message", &"a".repeat(2001)),
            pdf(),
            400,
            Some("message"),
            "El mensaje no puede superar los 2000 caracteres",
        ),
        (
            "no consent",
            with("consent_contact", "false"),
            pdf(),
            400,
            Some("consent"),
            "Debes aceptar que usemos tus datos para valorar tu candidatura y responderte",
        ),
        (
            "no cv",
            application_fields("ana@correo.es"),
            None,
            400,
            Some("cv"),
            CV_REQUIRED,
        ),
        (
            "empty cv",
            application_fields("ana@correo.es"),
            Some(("cv.pdf", vec![])),
            400,
            Some("cv"),
            CV_REQUIRED,
        ),
        (
            "text named .pdf",
            application_fields("ana@correo.es"),
            Some(("cv.pdf", b"Soy un texto".to_vec())),
            400,
            Some("cv"),
            CV_MISMATCH,
        ),
        (
            "docx named .pdf",
            application_fields("ana@correo.es"),
            Some(("cv.pdf", docx_bytes())),
            400,
            Some("cv"),
            CV_MISMATCH,
        ),
        (
            "pdf named .docx",
            application_fields("ana@correo.es"),
            Some(("cv.docx", fixture("curriculum.pdf"))),
            400,
            Some("cv"),
            CV_MISMATCH,
        ),
        (
            "an executable",
            application_fields("ana@correo.es"),
            Some(("cv.exe", b"MZ\x90\x00\x03".to_vec())),
            400,
            Some("cv"),
            CV_WRONG_TYPE,
        ),
        (
            "a pdf named .exe",
            application_fields("ana@correo.es"),
            Some(("cv.exe", fixture("curriculum.pdf"))),
            400,
            Some("cv"),
            CV_WRONG_TYPE,
        ),
        // Within the request's limit, over the CV's; and over the request's limit as well.
        (
            "5 MB and a byte",
            application_fields("ana@correo.es"),
            over_limit(5 * 1024 * 1024 + 1),
            413,
            None,
            CV_TOO_LARGE,
        ),
        (
            "8 MB",
            application_fields("ana@correo.es"),
            over_limit(8 * 1024 * 1024),
            413,
            None,
            CV_TOO_LARGE,
        ),
    ];
    for (what, fields, cv, expected, field, message) in cases {
        let (status, answer) = apply(&server.anonymous(), &fields, cv).await;
        assert_eq!(status, expected, "{what}: {answer}");
        assert_eq!(answer["success"], false, "{what}");
        assert_eq!(answer["error"], message, "{what}");
        assert_eq!(answer["field"].as_str(), field, "{what}");
    }
    // Not multipart at all.
    let (status, answer) = server
        .anonymous()
        .send(
            Method::POST,
            "/api/trabaja-con-nosotros",
            json!({"name": "Ana"}),
        )
        .await;
    assert_eq!((status, answer["success"].as_bool()), (400, Some(false)));
    assert_eq!(written(&pool).await, before, "nothing written");
    assert!(stored_files(&cv_dir(&server)).is_empty(), "no file kept");

    // Exactly 5 MB is accepted.
    let (status, answer) = apply(
        &server.anonymous(),
        &application_fields("ana@correo.es"),
        over_limit(5 * 1024 * 1024),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_cv_is_stored_under_a_name_of_the_servers_and_removed_if_the_row_fails(pool: PgPool) {
    let server = start(pool.clone()).await;
    let hostile = "../../../../tmp/..\\evil/x.pdf";
    let (status, answer) = apply(
        &server.anonymous(),
        &application_fields("ana@correo.es"),
        Some((hostile, fixture("curriculum.pdf"))),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_str().unwrap();
    assert_eq!(stored_files(&cv_dir(&server)), vec![format!("{id}.pdf")]);
    let original: String =
        sqlx::query_scalar("SELECT cv_original_name FROM job_applications WHERE id = $1::uuid")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(original, "x.pdf");
    let manager = server.login_role("empresario").await;
    let (_, headers, _) = download(&manager, &format!("/api/candidaturas/{id}/cv")).await;
    assert_eq!(
        headers.1,
        "attachment; filename=\"x.pdf\"; filename*=UTF-8''x.pdf"
    );

    // A row that cannot be written takes its file with it.
    sqlx::query("ALTER TABLE job_applications ADD CONSTRAINT falla CHECK (false) NOT VALID")
        .execute(&pool)
        .await
        .unwrap();
    let emails = count(&pool, "SELECT count(*) FROM outbox").await;
    let (status, _) = apply(
        &server.anonymous(),
        &application_fields("otra@correo.es"),
        Some(("cv.pdf", fixture("curriculum.pdf"))),
    )
    .await;
    assert_eq!(status, 500);
    assert_eq!(stored_files(&cv_dir(&server)), vec![format!("{id}.pdf")]);
    assert_eq!(count(&pool, "SELECT count(*) FROM outbox").await, emails);
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM consents WHERE email = 'otra@correo.es'"
        )
        .await,
        0
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn applications_are_limited_per_address(pool: PgPool) {
    let server = start(pool.clone()).await;
    for n in 0..5 {
        let (status, answer) = apply(
            &server.anonymous(),
            &application_fields(&format!("c{n}@correo.es")),
            Some(("cv.pdf", fixture("curriculum.pdf"))),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = apply(
        &server.anonymous(),
        &application_fields("otra@correo.es"),
        Some(("cv.pdf", fixture("curriculum.pdf"))),
    )
    .await;
    assert_eq!((status, answer["error"].as_str()), (429, Some(TOO_MANY)));
    assert_eq!(stored_files(&cv_dir(&server)).len(), 5);
}

/// A GET's status, (content type, content disposition, nosniff) and body.
async fn download(caller: &Caller, path: &str) -> (u16, (String, String, String), Vec<u8>) {
    let mut request = caller.http.get(format!("{}{path}", caller.base));
    if let Some(cookie) = &caller.cookie {
        request = request.header(COOKIE, cookie);
    }
    let response = request.send().await.unwrap();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let headers = (
        header(CONTENT_TYPE.as_str()),
        header(CONTENT_DISPOSITION.as_str()),
        header("x-content-type-options"),
    );
    let status = response.status().as_u16();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn managers_the_admin_and_the_auditor_list_messages_and_applications_and_download_cvs(
    pool: PgPool,
) {
    let server = start(pool.clone()).await;
    let (_, first) = send_contact(&server.anonymous(), contact_form("primera@correo.es")).await;
    let mut second_form = contact_form("segunda@correo.es");
    second_form["consent"]["marketing"] = json!(true);
    second_form["date"] = Value::Null;
    let (_, second) = send_contact(&server.anonymous(), second_form).await;
    let (_, pdf_application) = apply(
        &server.anonymous(),
        &application_fields("pdf@correo.es"),
        Some(("Currículum Lucía.pdf", fixture("curriculum.pdf"))),
    )
    .await;
    let mut fields = application_fields("docx@correo.es");
    fields.retain(|(f, _)| *f != "consent_marketing");
    fields.push(("consent_marketing", "true".into()));
    let (_, docx_application) = apply(
        &server.anonymous(),
        &fields,
        Some(("cv.docx", fixture("curriculum.docx"))),
    )
    .await;

    for role in ["empresario", "admin", "auditor"] {
        let reader = server.login_role(role).await;
        let (status, list) = reader.get("/api/mensajes-contacto").await;
        assert_eq!(status, 200, "{role}");
        let messages = list["mensajes"].as_array().unwrap();
        assert_eq!(messages.len(), 2, "{role}");
        let newest = &messages[0];
        assert_eq!(newest["id"], second["id"], "newest first");
        assert_eq!(messages[1]["id"], first["id"]);
        assert_eq!(newest["email"], "segunda@correo.es");
        assert_eq!(newest["phone"], "611 222 333");
        assert_eq!(newest["date"], Value::Null);
        assert_eq!(messages[1]["date"], in_days(30).to_string());
        assert_eq!(newest["service_type"], "mudanza_completa");
        assert_eq!(
            newest["consent"],
            json!({"contact": true, "marketing": true})
        );
        assert_eq!(
            messages[1]["consent"],
            json!({"contact": true, "marketing": false})
        );
        assert!(
            chrono::DateTime::parse_from_rfc3339(newest["recibido_en"].as_str().unwrap()).is_ok(),
            "{newest}"
        );
        for key in ["name", "origin", "destination", "message"] {
            assert!(newest[key].is_string(), "{key}");
        }

        let (status, list) = reader.get("/api/candidaturas").await;
        assert_eq!(status, 200, "{role}");
        let applications = list["candidaturas"].as_array().unwrap();
        assert_eq!(applications.len(), 2);
        let newest = &applications[0];
        assert_eq!(newest["id"], docx_application["id"]);
        assert_eq!(applications[1]["id"], pdf_application["id"]);
        assert_eq!(newest["position"], "conductor");
        assert_eq!(newest["experience"], "6-10");
        assert_eq!(
            newest["consent"],
            json!({"contact": true, "marketing": true})
        );
        assert_eq!(
            applications[1]["consent"],
            json!({"contact": true, "marketing": false})
        );
        let pdf_id = pdf_application["id"].as_str().unwrap();
        assert_eq!(
            applications[1]["cv"],
            json!({
                "nombre": "Currículum Lucía.pdf",
                "tipo": "pdf",
                "bytes": fixture("curriculum.pdf").len(),
                "url": format!("/api/candidaturas/{pdf_id}/cv"),
            })
        );
        assert!(
            chrono::DateTime::parse_from_rfc3339(newest["recibido_en"].as_str().unwrap()).is_ok()
        );

        let (status, headers, body) =
            download(&reader, &format!("/api/candidaturas/{pdf_id}/cv")).await;
        assert_eq!(status, 200, "{role}");
        assert_eq!(body, fixture("curriculum.pdf"));
        assert_eq!(
            headers,
            (
                "application/pdf".to_string(),
                "attachment; filename=\"Curriculum_Lucia.pdf\"; \
                 filename*=UTF-8''Curr%C3%ADculum%20Luc%C3%ADa.pdf"
                    .to_string(),
                "nosniff".to_string()
            )
        );
        let docx_url = newest["cv"]["url"].as_str().unwrap();
        let (status, headers, body) = download(&reader, docx_url).await;
        assert_eq!(status, 200);
        assert_eq!(body, fixture("curriculum.docx"));
        assert_eq!(
            headers.0,
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        );
        let (status, _, _) = download(
            &reader,
            &format!("/api/candidaturas/{}/cv", uuid::Uuid::now_v7()),
        )
        .await;
        assert_eq!(status, 404);
    }

    let pdf_url = format!(
        "/api/candidaturas/{}/cv",
        pdf_application["id"].as_str().unwrap()
    );
    let client = server.register_client("curiosa@correo.es", PASSWORD).await;
    let worker = server.login_role("empleado").await;
    for (who, caller, expected) in [
        ("anonymous", server.anonymous(), 401),
        ("cliente", client, 403),
        ("empleado", worker, 403),
    ] {
        for path in [
            "/api/mensajes-contacto",
            "/api/candidaturas",
            pdf_url.as_str(),
        ] {
            let (status, _, body) = download(&caller, path).await;
            assert_eq!(status, expected, "{who} {path}");
            assert_ne!(body, fixture("curriculum.pdf"), "{who}");
        }
    }
}

// The consent register beyond the public forms.

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn registering_requires_the_terms_and_records_their_acceptance(pool: PgPool) {
    let server = start(pool.clone()).await;
    let body = |accept: Option<bool>| {
        let mut body = json!({
            "fullName": "Elena Soto", "email": "elena@correo.es", "password": PASSWORD,
            "phone": "612 345 678", "address": "Calle Mayor 1, 28013 Madrid",
        });
        if let Some(accept) = accept {
            body["acceptTerms"] = json!(accept);
        }
        body
    };
    for accept in [None, Some(false)] {
        let (status, answer, _) = server.register(body(accept)).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some(TERMS)),
            "{accept:?}"
        );
    }
    assert_eq!(count(&pool, "SELECT count(*) FROM consents").await, 0);
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM accounts WHERE email = 'elena@correo.es'"
        )
        .await,
        0
    );

    let (status, answer, _) = server.register(body(Some(true))).await;
    assert_eq!(status, 201, "{answer}");
    let rows: Vec<(String, bool, String, bool, bool)> = sqlx::query_as(
        "SELECT c.purpose, c.granted, c.source, c.recorded_at >= a.created_at, \
         c.text LIKE '%condiciones de uso y la política de privacidad%' \
         FROM consents c JOIN accounts a ON a.id = c.account_id WHERE a.email = 'elena@correo.es'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![("condiciones".into(), true, "registro".into(), true, true)]
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_profiles_marketing_choice_is_recorded_each_time_it_changes(pool: PgPool) {
    let server = start(pool.clone()).await;
    let email = "ofertas@correo.es";
    let client = server.register_client(email, PASSWORD).await;
    let profile = |marketing: bool, sms: bool| {
        json!({
            "nombre": "Ana", "apellido": "García", "telefono": "612 345 678",
            "direccion": "Calle de Toledo 10", "ciudad": "Madrid", "codigo_postal": "28005",
            "email_alerts": false, "sms_alerts": sms, "marketing": marketing,
        })
    };
    let marketing_rows = || async {
        sqlx::query_as::<_, (bool, String, bool)>(
            "SELECT granted, source, account_id IS NOT NULL FROM consents \
             WHERE email = 'ofertas@correo.es' AND purpose = 'marketing' ORDER BY id",
        )
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    // Saving without changing marketing records nothing; each change records one row.
    for (marketing, sms) in [(false, true), (true, true), (true, false), (false, false)] {
        let (status, answer) = client
            .send(Method::PUT, "/api/mi-perfil", profile(marketing, sms))
            .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["user"]["preferencias"]["marketing"], marketing);
    }
    assert_eq!(
        marketing_rows().await,
        vec![
            (true, "perfil".into(), true),
            (false, "perfil".into(), true)
        ]
    );

    // Deleting the account keeps the proof, unlinked, and withdraws marketing still standing.
    client
        .send(Method::PUT, "/api/mi-perfil", profile(true, false))
        .await;
    let (status, answer) = client
        .send(
            Method::DELETE,
            "/api/eliminar-cuenta",
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        marketing_rows().await,
        vec![
            (true, "perfil".into(), false),
            (false, "perfil".into(), false),
            (true, "perfil".into(), false),
            (false, "perfil".into(), false),
        ]
    );
    assert_eq!(
        count(&pool, "SELECT count(*) FROM consents WHERE email = 'ofertas@correo.es' AND purpose = 'condiciones'").await,
        1
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn after_a_year_messages_and_applications_with_their_cvs_are_deleted_and_consents_kept(
    pool: PgPool,
) {
    let server = start(pool.clone()).await;
    let caller = server.anonymous();
    for email in ["antiguo@correo.es", "reciente@correo.es"] {
        let (status, answer) = send_contact(&caller, contact_form(email)).await;
        assert_eq!(status, 201, "{answer}");
        let (status, answer) = apply(
            &caller,
            &application_fields(email),
            Some(("cv.pdf", fixture("curriculum.pdf"))),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
    }
    // The first of each arrived thirteen months ago.
    for table in ["contact_messages", "job_applications"] {
        sqlx::query(&format!(
            "UPDATE {table} SET received_at = now() - interval '13 months' \
             WHERE email = 'antiguo@correo.es'"
        ))
        .execute(&pool)
        .await
        .unwrap();
    }
    let old_cv: String = sqlx::query_scalar(
        "SELECT cv_stored_name FROM job_applications WHERE email = 'antiguo@correo.es'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stored_files(&cv_dir(&server)).len(), 2);
    let consents_before = count(&pool, "SELECT count(*) FROM consents").await;

    let swept = api::retention::sweep(&server.state, chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!((swept.mensajes, swept.candidaturas), (1, 1));
    let left: Vec<String> = sqlx::query_scalar(
        "SELECT email FROM contact_messages UNION ALL SELECT email FROM job_applications",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(left, ["reciente@correo.es", "reciente@correo.es"]);
    let files = stored_files(&cv_dir(&server));
    assert_eq!(files.len(), 1);
    assert!(!files.contains(&old_cv), "the expired CV's file is gone");
    assert_eq!(
        count(&pool, "SELECT count(*) FROM consents").await,
        consents_before,
        "the consent register is the proof of what was agreed to: it stays"
    );
}
