//! The OpenAPI description at /api/openapi.json: served, complete (every route the router has
//! and every call the web app makes), and precise enough to generate requests from (bodies,
//! parameters and sessions described).

use std::collections::BTreeSet;

use crate::common::start;
use reqwest::Method;
use serde_json::Value;
use sqlx::PgPool;

fn document() -> Value {
    api::routes::openapi()
}

/// (METHOD, template) of every documented operation.
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut all = Vec::new();
    for (template, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            all.push((method.to_uppercase(), template.clone(), operation.clone()));
        }
    }
    all
}

/// A concrete path for a template: each parameter filled with a value of its type.
fn concrete(template: &str, operation: &Value) -> String {
    let mut path = template.to_string();
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        if parameter["in"] != "path" {
            continue;
        }
        let name = parameter["name"].as_str().unwrap();
        let schema = &parameter["schema"];
        let value = match (schema["type"].as_str(), schema["format"].as_str()) {
            (Some("integer"), _) => "987654".to_string(),
            (_, Some("uuid")) => uuid::Uuid::nil().to_string(),
            _ => "x".to_string(),
        };
        path = path.replace(&format!("{{{name}}}"), &value);
    }
    path
}

#[sqlx::test(migrations = "../migrations")]
async fn the_document_is_served_to_anyone_as_the_binary_prints_it(pool: PgPool) {
    let server = start(pool).await;
    let (status, served) = server.anonymous().get("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(served, document());
    assert!(served["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(served["info"]["title"], "Mudanzas API");
    assert_eq!(
        served["components"]["securitySchemes"]["sesion"]["in"],
        "cookie"
    );
}

/// Documentation and routing come from the same `api_route` call; this proves it from the
/// outside: every documented operation answers as a route (not 'Ruta no encontrada', not 405),
/// while an undocumented path does get 'Ruta no encontrada'.
#[sqlx::test(migrations = "../migrations")]
async fn every_documented_operation_is_a_route(pool: PgPool) {
    let server = start(pool).await;
    let admin = server.login_role("admin").await;
    let doc = document();
    let all = operations(&doc);
    assert!(all.len() >= 60, "only {} operations documented", all.len());
    for (method, template, operation) in &all {
        // Logging out would end the session the other calls use.
        if template == "/api/logout" {
            continue;
        }
        let path = concrete(template, operation);
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let (status, body) = admin
            .send(method.clone(), &path, serde_json::json!({}))
            .await;
        assert_ne!(status, 405, "{method} {path}: method not routed");
        assert!(
            !(status == 404 && body["error"] == api::routes::NOT_FOUND),
            "{method} {path}: documented but not routed"
        );
    }
    let (status, body) = admin.get("/api/no-documentada").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], api::routes::NOT_FOUND);
}

/// The web app's calls, read from its one API client: (method when the call names it, path
/// with `{}` for each path parameter).
fn web_calls() -> Vec<(Option<String>, String)> {
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/lib/api.ts"),
    )
    .expect("web/src/lib/api.ts");
    let mut calls = Vec::new();
    for (index, _) in source.match_indices("/api/") {
        let quote = source[..index].chars().last().unwrap_or(' ');
        if !matches!(quote, '\'' | '`' | '"') {
            continue; // inside a comment or a longer string
        }
        let literal = &source[index..];
        let literal = &literal[..literal.find(quote).unwrap_or(literal.len())];
        // What precedes the literal: `call('put', ` names the method; `upload(` posts a form.
        let before = source[..index - 1].trim_end();
        let method = before
            .strip_suffix(',')
            .and_then(|b| b.trim_end().strip_suffix('\''))
            .and_then(|b| b.rsplit('\'').next())
            .map(str::to_uppercase)
            .filter(|m| ["GET", "POST", "PUT", "DELETE"].contains(&m.as_str()))
            .or_else(|| before.ends_with("upload(").then(|| "POST".into()));
        calls.push((method, normalise(literal)));
    }
    calls
}

/// `/api/mudanza/${id}?x=${y}` → `/api/mudanza/{}`; `x.${ext}` → `x.*`; any other `${…}` glued to
/// a word is a query suffix.
fn normalise(literal: &str) -> String {
    let mut out = String::new();
    let mut rest = literal;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find('}')
            .map_or(rest.len(), |e| start + e + 1);
        if out.ends_with('/') {
            out.push_str("{}");
        } else if out.ends_with('.') {
            out.push('*'); // `historial.${format}`: one of several extensions
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out.split('?').next().unwrap_or_default().to_string()
}

fn shape(template: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in template.chars() {
        match c {
            '{' => {
                inside = true;
                out.push_str("{}");
            }
            '}' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn every_call_the_web_app_makes_is_documented() {
    let doc = document();
    let documented: BTreeSet<(String, String)> = operations(&doc)
        .into_iter()
        .map(|(method, template, _)| (method, shape(&template)))
        .collect();
    let calls = web_calls();
    assert!(calls.len() >= 50, "read only {} calls", calls.len());
    assert!(
        calls.iter().filter(|(m, _)| m.is_some()).count() >= 40,
        "methods not read"
    );
    for (method, path) in &calls {
        // Segment by segment: a parameter on either side matches any one segment (the web app
        // also fills literal segments from variables, `${action}`).
        let matches = |p: &str| {
            let (ours, theirs): (Vec<&str>, Vec<&str>) =
                (p.split('/').collect(), path.split('/').collect());
            ours.len() == theirs.len()
                && ours.iter().zip(&theirs).all(|(o, t)| {
                    o == t
                        || *o == "{}"
                        || *t == "{}"
                        || t.strip_suffix('*')
                            .is_some_and(|prefix| o.starts_with(prefix))
                })
        };
        let found = documented
            .iter()
            .any(|(m, p)| matches(p) && method.as_ref().is_none_or(|method| method == m));
        assert!(found, "the web app calls {method:?} {path}, not documented");
    }
}

#[test]
fn bodies_parameters_and_sessions_are_described() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    for (method, template, operation) in operations(&doc) {
        let path_params: BTreeSet<&str> = operation["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .inspect(|p| {
                // A default of null where the type has no null makes the document invalid.
                assert_ne!(
                    p["schema"].get("default"),
                    Some(&Value::Null),
                    "{template}: {p}"
                );
            })
            .filter(|p| p["in"] == "path")
            .map(|p| {
                assert!(p["schema"].is_object(), "{template}: {p}");
                p["name"].as_str().unwrap()
            })
            .collect();
        let named: BTreeSet<String> = api::openapi::template_names(&template)
            .into_iter()
            .collect();
        assert_eq!(
            path_params,
            named.iter().map(String::as_str).collect(),
            "{method} {template}: path parameters"
        );
        if let Some(body) = operation.get("requestBody") {
            let media = body["content"].as_object().unwrap();
            assert_eq!(media.len(), 1, "{template}");
            let schema = &media.values().next().unwrap()["schema"];
            let name = schema["$ref"]
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .unwrap_or_else(|| panic!("{method} {template}: untyped body {schema}"));
            assert!(
                schemas[name]["properties"].is_object(),
                "{method} {template}: body {name} has no fields"
            );
        }
        assert!(
            operation["responses"]
                .as_object()
                .is_some_and(|r| r.keys().any(|c| c.starts_with('2') || c.starts_with('1'))),
            "{method} {template}: no success response"
        );
        assert!(operation["summary"].is_string(), "{method} {template}");
        let needs_session = template.starts_with("/api/admin/")
            || template.starts_with("/api/auditoria/")
            || template.starts_with("/api/mi-");
        if needs_session {
            assert_eq!(
                operation["security"][0]["sesion"],
                serde_json::json!([]),
                "{method} {template}: session not described"
            );
        }
    }
    let login = &doc["paths"]["/api/login"]["post"];
    assert!(login.get("security").is_none());
    let login_body = &schemas["LoginBody"]["properties"];
    assert!(login_body["email"].is_object() && login_body["password"].is_object());
    // Multipart forms list their fields, the file as binary.
    let upload = &schemas["UploadForm"]["properties"];
    assert_eq!(upload["mudanza_id"]["type"], "integer");
    assert_eq!(
        schemas["Archivo"]["format"], "binary",
        "the file part: {upload}"
    );
}

/// The operations whose success is not JSON, with the reason; every other operation's success
/// must name its type.
const NOT_JSON: [(&str, &str, &str); 12] = [
    ("GET", "/api/factura/{id}/pdf", "the invoice's PDF file"),
    ("GET", "/api/albaran/{id}/pdf", "the waybill's PDF file"),
    ("GET", "/healthz", "plain text `ok`, for load balancers"),
    ("GET", "/metrics", "Prometheus text"),
    ("GET", "/api/fotos/{move_id}/{photo_id}", "the photo's file"),
    (
        "GET",
        "/api/mudanza/{id}/firmas/{event}",
        "the signature's PNG",
    ),
    (
        "GET",
        "/api/reclamaciones/{id}/fotos/{photo}",
        "the claim photo's file",
    ),
    ("GET", "/api/candidaturas/{id}/cv", "the CV's file"),
    (
        "GET",
        "/api/auditoria/mudanza/{id}/historial.csv",
        "a CSV file",
    ),
    ("GET", "/api/live", "a WebSocket upgrade"),
    (
        "POST",
        "/api/pagos/redsys/notificacion",
        "plain text, answered to the bank",
    ),
    (
        "GET",
        "/api/openapi.json",
        "this document, whose type is the OpenAPI 3.1 schema",
    ),
];

/// A schema that says something: not `true`, not `{}`, and through a `$ref`, a definition that
/// has fields, items or a type.
fn is_described(schema: &Value, schemas: &Value) -> bool {
    let resolved = match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            &schemas[name]
        }
        None => schema,
    };
    let Some(object) = resolved.as_object() else {
        return false; // `true`, or missing
    };
    [
        "properties",
        "items",
        "type",
        "oneOf",
        "anyOf",
        "allOf",
        "enum",
        "const",
    ]
    .iter()
    .any(|key| object.contains_key(*key))
}

#[test]
fn every_success_is_described_by_its_type() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    let mut undescribed = Vec::new();
    let all = operations(&doc);
    for (method, template, operation) in &all {
        let described = operation["responses"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(code, _)| code.starts_with('2'))
            .any(|(_, response)| {
                is_described(&response["content"]["application/json"]["schema"], schemas)
            });
        let exempt = NOT_JSON
            .iter()
            .any(|(m, t, _)| m == method && t == template);
        if exempt {
            assert!(!described, "{method} {template} is listed as not JSON");
        } else if !described {
            undescribed.push(format!("{method} {template}"));
        }
    }
    assert!(
        undescribed.is_empty(),
        "{} of {} operations answer no described type: {undescribed:#?}",
        undescribed.len(),
        all.len()
    );
    // Every exemption names an operation that exists.
    for (method, template, reason) in NOT_JSON {
        assert!(
            all.iter().any(|(m, t, _)| m == method && t == template),
            "{method} {template} ({reason}) is not documented"
        );
    }
}

/// The wire names the web app reads stay as they were, where a Rust name differs.
#[test]
fn renamed_answer_fields_keep_their_wire_names() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    let properties = |name: &str| schemas[name]["properties"].clone();
    assert!(properties("User")["isUserEmailConfirmed"].is_object());
    assert!(properties("PaymentAccess")["paymentId"].is_object());
    assert!(properties("PaymentDetails")["mudanzaId"].is_object());
    assert!(properties("StaffMove")["workerId"].is_object());
    assert_eq!(
        properties("Done")["success"]["const"],
        true,
        "success is the constant true"
    );
}
