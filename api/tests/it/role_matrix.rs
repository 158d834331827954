//! The role matrix (issue 9): every operation of the OpenAPI document and the live feed, asked by
//! every kind of caller, against a server configured as in production. For each call the status
//! is the one the table says, and no answer or WebSocket frame carries what its caller may not
//! see: prices to workers, another client's move to a client, staff data to clients, clients'
//! data to anonymous visitors.
//!
//! The table must name every operation the document has, so an endpoint added later without a
//! row fails here until someone decides who may call it.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use crate::common::{account, projected, start_configured, Caller, TestServer, PNG};
use reqwest::header::{CONTENT_TYPE, COOKIE};
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::PgPool;

/// Who calls, and about which move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Who {
    Anonymous,
    /// The demo client, about her own move.
    Client,
    /// The same client, about another client's move.
    OtherClient,
    /// The worker assigned to the move.
    Worker,
    /// A worker not assigned to it.
    OtherWorker,
    Manager,
    Admin,
    Auditor,
}

const EVERYONE: [Who; 8] = [
    Who::Anonymous,
    Who::Client,
    Who::OtherClient,
    Who::Worker,
    Who::OtherWorker,
    Who::Manager,
    Who::Admin,
    Who::Auditor,
];

/// What a request carries. Placeholders (`{move}`, `{photo}`, `{pay}`, `{app}`, `{staff}`,
/// `{quote}`) are filled per caller, in the path and in JSON bodies.
enum Body {
    None,
    /// A JSON body; deliberately incomplete for most writes, so that a caller who gets past the
    /// role check is refused on content (400) and the matrix changes nothing.
    Json(&'static str),
    /// A real photo for `{move}`.
    Photo,
    /// An empty urlencoded form.
    Form,
}

// Well-formed bodies refused on content: a body that does not even parse is refused with 400
// before the handler looks at the caller, which tells a wrong caller nothing but would hide
// whether the role check is there.
const NOT_ACCEPTED: &str =
    r#"{"acepto_condiciones": false, "condiciones_version": "x", "total": 0}"#;
const NAMELESS_PROFILE: &str =
    r#"{"nombre": "", "email_alerts": false, "sms_alerts": false, "marketing": false}"#;
const BLANK_DETAILS: &str = r#"{"contacto_nombre": "", "contacto_telefono": "", "contacto_email": "",
    "contacto_preferencia": "", "fecha_alternativa": null, "flexible": false, "hora_preferida": "",
    "instrucciones": "", "property_details": {
        "origin": {"access": "", "floor": "", "elevator": false},
        "destination": {"access": "", "floor": "", "elevator": false}}}"#;
const BLANK_REVIEW: &str = r#"{"rating": 0, "titulo": "", "texto": "", "recomendaria": true}"#;
const HIDDEN_WITHOUT_REASON: &str = r#"{"publicar": false, "motivo": ""}"#;
const NAMELESS_SIGNATURE: &str = r#"{"etapa": "recogida", "firmante": "cliente", "nombre": "",
    "imagen_png": "", "sha256_albaran": ""}"#;
const NOT_ON_WAYBILL: &str =
    r#"{"etapa": "recogida", "objeto_id": "no-existe", "estado": "buen_estado", "nota": ""}"#;
const REJECTED_WITHOUT_REASON: &str = r#"{"resolucion": "rechazada", "motivo": ""}"#;
/// Version 0 is never current: a manager gets the conflict.
const STALE_EDIT: &str = r#"{"id": {move}, "version": 0}"#;
const NO_SUCH_WORKER: &str =
    r#"{"mudanza_id": {move}, "worker_id": "01920000-0000-7000-8000-000000000000"}"#;
const NO_SUCH_PAYMENT: &str =
    r#"{"paymentId": "01920000-0000-7000-8000-000000000000", "motivo": "Matriz de roles"}"#;

/// One operation: method, path, body, and the expected answer per caller, in `EVERYONE`'s order.
/// `200`, `401`, `403`, `404` are exact; `4xx` is a rejection on content (400, 409, 413, 422:
/// not 401, 403 or 404), i.e. the caller was let through to the handler's own checks.
struct Row {
    method: Method,
    path: &'static str,
    body: Body,
    expect: &'static str,
}

fn row(method: Method, path: &'static str, body: Body, expect: &'static str) -> Row {
    Row {
        method,
        path,
        body,
        expect,
    }
}

#[rustfmt::skip]
fn table() -> Vec<Row> {
    use Body::{Form, Json as J, None as N, Photo};
    use Method as M;
    vec![
        //                                                                                        anon cli  cliX emp  empX ger  adm  aud
        // Public pages' calls: anyone.
        row(M::GET,  "/healthz", N,                                                              "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/readyz", N,                                                               "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/api/openapi.json", N,                                                     "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/api/auth-status", N,                                                      "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/api/objetos?categoria=camas%20y%20colchones", N,                          "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/api/objetos-catalogo?search=sof", N,                                      "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/api/autocomplete?input=Calle%20Mayor", N,                                 "200  200  200  200  200  200  200  200"),
        row(M::GET,  "/api/get-calculated-stats?origin=Madrid&destination=Toledo", N,            "200  200  200  200  200  200  200  200"),
        row(M::POST, "/api/calculate-price", J("{}"),                                            "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/submit-quote-request", J("{}"),                                       "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/contact-form", J("{}"),                                               "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/trabaja-con-nosotros", J("{}"),                                       "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        // Not in production: the outbox and, without METRICS_TOKEN, the metrics.
        row(M::GET,  "/api/dev/outbox", N,                                                       "404  404  404  404  404  404  404  404"),
        row(M::GET,  "/metrics", N,                                                              "404  404  404  404  404  404  404  404"),
        // Sessions and accounts: anyone may try.
        row(M::POST, "/api/login", J("{}"),                                                      "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/worker/login", J("{}"),                                               "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/register", J("{}"),                                                   "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/confirm-email", J("{}"),                                              "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/resend-code", J("{}"),                                                "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/forgot-password", J("{}"),                                            "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::GET,  "/api/restablecer-password?token=no-existe", N,                             "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/restablecer-password", J("{}"),                                       "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        // The client area: clients only, their own moves only.
        row(M::GET,  "/api/mis-mudanzas", N,                                                     "401  200  200  403  403  403  403  403"),
        row(M::GET,  "/api/mis-datos", N,                                                        "401  200  200  403  403  403  403  403"),
        row(M::GET,  "/api/mi-mudanza/{move}", N,                                                "401  200  404  403  403  403  403  403"),
        row(M::POST, "/api/mi-mudanza/{move}/detalles", J(BLANK_DETAILS),                        "401  4xx  404  403  403  403  403  403"),
        row(M::POST, "/api/mi-mudanza/{move}/confirmar", J(NOT_ACCEPTED),                       "401  4xx  404  403  403  403  403  403"),
        // A signed-in client pays their own move without its key: a session, no money moved.
        row(M::POST, "/api/mi-mudanza/{move}/pago", N,                                           "401  200  404  403  403  403  403  403"),
        row(M::POST, "/api/factura/{move}/emitir", N,                                            "401  403  403  403  403  200  200  403"),
        row(M::GET,  "/api/factura/{move}", N,                                                   "401  200  404  403  403  200  200  200"),
        row(M::GET,  "/api/factura/{move}/pdf", N,                                               "401  200  404  403  403  200  200  200"),
        row(M::PUT,  "/api/mi-perfil", J(NAMELESS_PROFILE),                                     "401  4xx  4xx  403  403  403  403  403"),
        row(M::PUT,  "/api/cambiar-password", J("{}"),                                           "401  4xx  4xx  403  403  403  403  403"),
        row(M::DELETE, "/api/eliminar-cuenta", J("{}"),                                          "401  4xx  4xx  403  403  403  403  403"),
        // Reviews: everyone reads the published ones; a finished move's client rates it (the
        // matrix's move is not finished: refused on content); managers moderate.
        row(M::GET,  "/api/opiniones", N,                                                        "200  200  200  200  200  200  200  200"),
        row(M::POST, "/api/mudanza/{move}/opinion", J(BLANK_REVIEW),                             "401  4xx  404  403  403  403  403  403"),
        row(M::GET,  "/api/mis-opiniones", N,                                                    "401  200  200  403  403  403  403  403"),
        row(M::GET,  "/api/mis-estadisticas", N,                                                 "401  200  200  403  403  403  403  403"),
        row(M::GET,  "/api/mis-documentos", N,                                                   "401  200  200  403  403  403  403  403"),
        row(M::GET,  "/api/mi-recomendacion", N,                                                 "401  200  200  403  403  403  403  403"),
        // Claims: the move's client opens and reads theirs (the matrix's move is not delivered:
        // refused on content); managers, the admin and the auditor read them, managers and the
        // admin answer (there is no claim: 404).
        row(M::GET,  "/api/mi-mudanza/{move}/reclamacion", N,                                    "401  200  404  403  403  403  403  403"),
        row(M::POST, "/api/mi-mudanza/{move}/reclamacion", J("{}"),                              "401  4xx  404  403  403  403  403  403"),
        row(M::GET,  "/api/reclamaciones", N,                                                    "401  403  403  403  403  200  200  200"),
        row(M::GET,  "/api/reclamaciones/{move}", N,                                             "401  403  403  403  403  404  404  404"),
        row(M::POST, "/api/reclamaciones/{move}/respuesta", J(REJECTED_WITHOUT_REASON),          "401  403  403  403  403  404  404  403"),
        row(M::GET,  "/api/reclamaciones/{move}/fotos/01920000-0000-7000-8000-000000000000", N,  "401  404  404  404  404  404  404  404"),
        row(M::GET,  "/api/gestion/opiniones", N,                                                "401  403  403  403  403  200  200  200"),
        row(M::POST, "/api/opiniones/mudanza-999999/moderar", J(HIDDEN_WITHOUT_REASON),          "401  403  403  403  403  404  403  403"),
        // Staff: workers see every move without prices, and change the status of and add photos
        // to the moves assigned to them only; managers and the admin change any. The status
        // asked is the move's own ('en curso'), so that an answer of 200 changes nothing.
        row(M::GET,  "/api/todas-las-mudanzas", N,                                               "401  403  403  200  200  200  200  200"),
        row(M::GET,  "/api/todas-las-mudanzas?include_price=true", N,                            "401  403  403  200  200  200  200  200"),
        row(M::GET,  "/api/mudanza/{move}", N,                                                   "401  403  403  200  200  200  200  200"),
        row(M::GET,  "/api/mudanzas?vista=proximas&include_price=true", N,                       "401  403  403  200  200  200  200  200"),
        row(M::GET,  "/api/mudanzas?trabajador=yo&q=Marta", N,                                   "401  403  403  200  200  200  200  200"),
        // Payments are money: workers may not filter by them either.
        row(M::GET,  "/api/mudanzas?estado_pago=pending", N,                                     "401  403  403  403  403  200  200  200"),
        row(M::PUT,  "/api/actualizar-estado-mudanza", J("{\"mudanza_id\": {move}, \"nuevo_estado\": \"en curso\"}"),
                                                                                                 "401  403  403  200  403  200  200  403"),
        // The first milestone of the day, then the same again: recorded once.
        row(M::POST, "/api/mudanza/{move}/hito", J("{\"hito\": \"en_camino\"}"),                  "401  403  403  200  403  200  200  403"),
        // The waybill on the crew's phone: a nameless signature and a note about an object not on
        // the waybill are refused on content, past the role and assignment checks.
        row(M::POST, "/api/mudanza/{move}/firma", J(NAMELESS_SIGNATURE),                         "401  403  403  4xx  403  4xx  4xx  403"),
        row(M::POST, "/api/mudanza/{move}/estado-objeto", J(NOT_ON_WAYBILL),                     "401  403  403  4xx  403  4xx  4xx  403"),
        row(M::GET,  "/api/mudanza/{move}/firmas/01920000-0000-7000-8000-000000000000", N,       "401  404  404  404  404  404  404  404"),
        row(M::POST, "/api/subir-foto", Photo,                                                   "401  403  403  200  403  200  200  403"),
        row(M::GET,  "/api/fotos/{move}/{photo}", N,                                             "401  200  404  200  200  200  200  200"),
        row(M::POST, "/api/albaran/{move}/emitir", N,                                            "401  200  404  200  200  200  200  403"),
        row(M::GET,  "/api/albaran/{move}", N,                                                   "401  200  404  200  200  200  200  200"),
        row(M::GET,  "/api/albaran/{move}/pdf", N,                                               "401  200  404  200  200  200  200  200"),
        row(M::POST, "/api/crear-mudanza", J("{}"),                                              "401  403  403  403  403  4xx  4xx  403"),
        row(M::POST, "/api/actualizar-mudanza", J(STALE_EDIT),                                   "401  403  403  403  403  4xx  4xx  403"),
        row(M::POST, "/api/asignar-trabajador", J(NO_SUCH_WORKER),                               "401  403  403  403  403  4xx  4xx  403"),
        row(M::GET,  "/api/trabajadores", N,                                                     "401  403  403  403  403  200  200  403"),
        row(M::GET,  "/api/analiticas", N,                                                       "401  403  403  403  403  200  200  200"),
        row(M::GET,  "/api/datos-de-empresa", N,                                                 "401  403  403  403  403  200  200  200"),
        row(M::GET,  "/api/presupuestos", N,                                                     "401  403  403  403  403  200  200  200"),
        row(M::POST, "/api/presupuestos/{quote}/descartar", N,                                   "401  403  403  403  403  404  404  403"),
        row(M::GET,  "/api/mensajes-contacto", N,                                                "401  403  403  403  403  200  200  200"),
        row(M::GET,  "/api/candidaturas", N,                                                     "401  403  403  403  403  200  200  200"),
        row(M::GET,  "/api/candidaturas/{app}/cv", N,                                            "401  403  403  403  403  200  200  200"),
        // Payments: the session id is the capability; the office refunds and issues keys.
        row(M::POST, "/api/auth-pay", J("{}"),                                                   "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::GET,  "/api/pagos/{pay}", N,                                                      "200  200  200  200  200  200  200  200"),
        row(M::POST, "/api/pagos/{pay}/tarjeta", J("{}"),                                        "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/pagos/{pay}/redsys", J("{}"),                                         "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/pagos/redsys/notificacion", Form,                                     "4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx"),
        row(M::POST, "/api/mudanza/{move}/reembolso", J(NO_SUCH_PAYMENT),                        "401  403  403  403  403  404  404  403"),
        // Audit: the auditor and the admin, read-only.
        row(M::GET,  "/api/auditoria/mudanzas?q=Marta", N,                                       "401  403  403  403  403  403  200  200"),
        row(M::GET,  "/api/auditoria/mudanza/{move}/historial", N,                               "401  403  403  403  403  403  200  200"),
        row(M::GET,  "/api/auditoria/mudanza/{move}/historial.json", N,                          "401  403  403  403  403  403  200  200"),
        row(M::GET,  "/api/auditoria/mudanza/{move}/historial.csv", N,                           "401  403  403  403  403  403  200  200"),
        row(M::GET,  "/api/auditoria/mudanza/{move}/estado?instante=2030-01-01T00:00:00Z", N,     "401  403  403  403  403  403  200  200"),
        row(M::GET,  "/api/verificar-registro", N,                                               "401  403  403  403  403  403  200  200"),
        // Administration: the admin only.
        row(M::GET,  "/api/admin/personal", N,                                                   "401  403  403  403  403  403  200  403"),
        row(M::POST, "/api/admin/personal", J("{}"),                                             "401  403  403  403  403  403  4xx  403"),
        row(M::POST, "/api/admin/personal/{staff}/desactivar", N,                                "401  403  403  403  403  403  404  403"),
        row(M::POST, "/api/admin/personal/{staff}/reactivar", N,                                 "401  403  403  403  403  403  404  403"),
        row(M::POST, "/api/admin/personal/{staff}/restablecer-password", N,                      "401  403  403  403  403  403  404  403"),
        row(M::GET,  "/api/admin/proyecciones", N,                                               "401  403  403  403  403  403  200  403"),
        row(M::POST, "/api/admin/proyecciones/no-existe/reconstruir", N,                         "401  403  403  403  403  403  404  403"),
        row(M::GET,  "/api/admin/reconstruccion", N,                                             "401  403  403  403  403  403  200  403"),
        row(M::GET,  "/api/admin/eventos", N,                                                    "401  403  403  403  403  403  200  403"),
        row(M::GET,  "/api/debug/estado", N,                                                     "401  403  403  403  403  403  200  403"),
        // Issues a new key: after every other payment row, since it ends the key the sessions used.
        row(M::POST, "/api/mudanza/{move}/clave-pago", N,                                        "401  403  403  403  403  200  200  403"),
        // Ends the caller's session: last.
        row(M::POST, "/api/logout", N,                                                           "200  200  200  200  200  200  200  200"),
    ]
}

/// The live feed's row: the WebSocket handshake.
const LIVE: &str = "401  200  200  200  200  200  200  200";

/// What each caller may see, the server and the fixtures it runs against.
struct World {
    server: TestServer,
    callers: BTreeMap<Who, Caller>,
    own_move: i64,
    other_move: i64,
    photos: BTreeMap<i64, String>,
    payments: BTreeMap<i64, String>,
    application: String,
    /// Strings no client may receive: the other client's data and the staff's.
    not_for_clients: Vec<String>,
    /// Strings no anonymous visitor may receive: every client's data.
    not_for_anonymous: Vec<String>,
}

impl World {
    fn subject(&self, who: Who) -> i64 {
        if who == Who::OtherClient {
            self.other_move
        } else {
            self.own_move
        }
    }

    fn fill(&self, text: &str, who: Who) -> String {
        let subject = self.subject(who);
        text.replace("{move}", &subject.to_string())
            .replace("{photo}", &self.photos[&subject])
            .replace("{pay}", &self.payments[&subject])
            .replace("{app}", &self.application)
            .replace("{staff}", "01920000-0000-7000-8000-000000000000")
            .replace("{quote}", "01920000-0000-7000-8000-000000000000")
    }
}

/// A server as in production (Secure cookies, no outbox, no open metrics) with the demo data,
/// a photo and a payment session on each of the two moves, and one job application.
async fn world(pool: PgPool) -> World {
    let server = start_configured(pool.clone(), Default::default(), None, |c| {
        c.development = false;
    })
    .await;
    projected(&server).await;
    let marta = account("cliente");
    let pablo = common::account_by_login("pablo@mudanzas.test");
    let javier = common::account_by_login("EMP-001");
    let ana = common::account_by_login("EMP-002");
    // Marta's move under way with Javier assigned, and one of Pablo's.
    let own_move: i64 = sqlx::query_scalar(
        "SELECT m.id FROM move_staff_view m JOIN accounts a ON a.id = m.worker_id \
         WHERE m.cliente_email = $1 AND a.username = $2 AND m.estado = 'en curso' \
         ORDER BY m.id LIMIT 1",
    )
    .bind(&marta.email)
    .bind(&javier.login)
    .fetch_one(&pool)
    .await
    .expect("a demo move of the client with the first worker assigned");
    let other_move = common::move_of(&pool, &pablo.email).await;

    let mut callers = BTreeMap::new();
    callers.insert(Who::Anonymous, server.anonymous());
    let client = server.login(&marta).await;
    callers.insert(Who::Client, client.clone());
    callers.insert(Who::OtherClient, client);
    callers.insert(Who::Worker, server.login(&javier).await);
    callers.insert(Who::OtherWorker, server.login(&ana).await);
    callers.insert(Who::Manager, server.login_role("empresario").await);
    callers.insert(Who::Admin, server.login_role("admin").await);
    callers.insert(Who::Auditor, server.login_role("auditor").await);

    let manager = &callers[&Who::Manager];
    let mut photos = BTreeMap::new();
    let mut payments = BTreeMap::new();
    for (id, name) in [(own_move, &marta.nombre), (other_move, &pablo.nombre)] {
        let (status, body) = manager
            .upload_photo(&id.to_string(), Some(("caja.png", PNG.to_vec())), "Caja")
            .await;
        assert_eq!(status, 200, "{body}");
        let photo = body["foto"]["id"].to_string().trim_matches('"').to_string();
        photos.insert(id, photo);
        let (_, m) = manager.get(&format!("/api/mudanza/{id}")).await;
        let key = m["mudanza"]["clave_pago"].as_str().expect("a key");
        let (status, body) = server
            .anonymous()
            .send(
                Method::POST,
                "/api/auth-pay",
                json!({"name": name, "password": key}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        payments.insert(id, body["paymentId"].as_str().unwrap().to_string());
    }
    let application = common::job_application(&server).await;

    let staff = ["empresario", "empleado", "admin", "auditor"];
    let mut not_for_clients: Vec<String> = api::seed::demo_accounts(&common::seed_dir())
        .unwrap()
        .into_iter()
        .filter(|a| staff.contains(&a.role.as_str()))
        .map(|a| a.email)
        .collect();
    not_for_clients.extend([pablo.email.clone(), pablo.nombre.clone()]);
    let not_for_anonymous = vec![
        marta.email.clone(),
        marta.nombre.clone(),
        pablo.email.clone(),
        pablo.nombre.clone(),
    ];
    World {
        server,
        callers,
        own_move,
        other_move,
        photos,
        payments,
        application,
        not_for_clients,
        not_for_anonymous,
    }
}

/// Sends one row's request as `who`; (status, content type, body text).
async fn call(world: &World, row: &Row, who: Who) -> (u16, String, String) {
    let caller = &world.callers[&who];
    let url = format!("{}{}", world.server.base, world.fill(row.path, who));
    let mut request = caller.http.request(row.method.clone(), url);
    if let Some(cookie) = &caller.cookie {
        request = request.header(COOKIE, cookie);
    }
    request = match &row.body {
        Body::None => request,
        Body::Json(text) => request
            .header(CONTENT_TYPE, "application/json")
            .body(world.fill(text, who)),
        Body::Form => request
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(""),
        Body::Photo => request.multipart(
            reqwest::multipart::Form::new()
                .text("mudanza_id", world.subject(who).to_string())
                .text("descripcion", "Matriz de roles")
                .part(
                    "foto",
                    reqwest::multipart::Part::bytes(PNG.to_vec())
                        .file_name("caja.png")
                        .mime_str("image/png")
                        .unwrap(),
                ),
        ),
    };
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let bytes = response.bytes().await.unwrap();
    // The documents we make are checked for what they say, as their reader sees it (a CV is
    // whatever the applicant sent).
    let text = if row.path.ends_with("/pdf") && status == 200 {
        pdf_extract::extract_text_from_mem(&bytes).expect("a readable PDF")
    } else {
        String::from_utf8_lossy(&bytes).into_owned()
    };
    (status, content_type, text)
}

fn matches(expected: &str, status: u16) -> bool {
    match expected {
        "4xx" => (400..500).contains(&status) && ![401, 403, 404].contains(&status),
        exact => exact.parse::<u16>() == Ok(status),
    }
}

/// Money words in a key: what a worker's answers and frames must never have. By word, so that
/// `fecha_alternativa` is not taken for `iva`.
fn is_money_key(key: &str) -> bool {
    key.to_lowercase().split(['_', '-']).any(|word| {
        [
            "precio",
            "pago",
            "pagad",
            "pendiente",
            "importe",
            "cents",
            "clave",
            "iva",
            "cobro",
        ]
        .iter()
        .any(|money| word.starts_with(money))
    })
}

fn money_keys(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        // Counts per status: 'pendiente' there is a status, not money.
        Value::Object(map) if map.get("kind").and_then(Value::as_str) == Some("move_counts") => {}
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "conteos" {
                    continue;
                }
                if is_money_key(key) {
                    found.push(format!("{path}.{key}"));
                }
                money_keys(inner, &format!("{path}.{key}"), found);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                money_keys(inner, &format!("{path}[{i}]"), found);
            }
        }
        _ => {}
    }
}

/// What `who` may not find in an answer or frame it got; one line per finding.
fn leaks(world: &World, who: Who, text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let banned = match who {
        Who::Anonymous => &world.not_for_anonymous,
        Who::Client | Who::OtherClient => &world.not_for_clients,
        _ => &Vec::new(),
    };
    let mut found: Vec<String> = banned
        .iter()
        .filter(|s| lower.contains(&s.to_lowercase()))
        .map(|s| format!("'{s}'"))
        .collect();
    if matches!(who, Who::Worker | Who::OtherWorker) {
        // A document for the crew prints no amount.
        if text.contains('€') && serde_json::from_str::<Value>(text).is_err() {
            found.push("an amount in euros".into());
        }
        if let Ok(json) = serde_json::from_str::<Value>(text) {
            // The API's description names every field of every call (prices too); not data.
            if json.get("openapi").is_none() {
                money_keys(&json, "$", &mut found);
            }
        }
    }
    found
}

#[sqlx::test(migrations = "../migrations")]
async fn every_operation_answers_each_caller_as_the_table_says(pool: PgPool) {
    let world = world(pool.clone()).await;
    let table = table();

    // The table covers the document exactly.
    let document = api::routes::openapi();
    let documented: BTreeSet<String> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| {
            ops.as_object()
                .unwrap()
                .keys()
                .filter(|m| ["get", "post", "put", "delete", "patch"].contains(&m.as_str()))
                .map(move |m| format!("{} {path}", m.to_uppercase()))
        })
        .collect();
    let tabled: BTreeSet<String> = table
        .iter()
        .map(|r| format!("{} {}", r.method, template(r.path)))
        .chain(["GET /api/live".to_string()])
        .collect();
    assert_eq!(
        documented.difference(&tabled).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "operations without a row"
    );
    assert_eq!(
        tabled.difference(&documented).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "rows without an operation"
    );

    let events = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM events")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let mut failures = Vec::new();
    let mut calls = 0;
    for row in &table {
        let expected: Vec<&str> = row.expect.split_whitespace().collect();
        assert_eq!(
            expected.len(),
            EVERYONE.len(),
            "{} {}",
            row.method,
            row.path
        );
        for (who, expected) in EVERYONE.iter().zip(expected) {
            let before = events().await;
            let (status, content_type, text) = call(&world, row, *who).await;
            calls += 1;
            let what = format!("{} {} as {who:?}", row.method, row.path);
            let written = events().await - before;
            if status >= 400 && written != 0 {
                failures.push(format!(
                    "{what}: refused with {status} but wrote {written} events"
                ));
            }
            if !matches(expected, status) {
                failures.push(format!(
                    "{what}: {status}, expected {expected} — {text:.200}"
                ));
            }
            if status >= 500 {
                continue;
            }
            if status >= 400 && content_type.starts_with("application/json") {
                let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                if body["success"] != false || !body["error"].is_string() {
                    failures.push(format!(
                        "{what}: a rejection without its Spanish error: {text:.200}"
                    ));
                }
            }
            // The payment session's id is the capability, got only with the client's name and
            // payment key: whoever holds it is paying, and sees what is due.
            if (200..300).contains(&status) && !row.path.starts_with("/api/pagos/{pay}") {
                for leak in leaks(&world, *who, &text) {
                    failures.push(format!("{what}: the answer carries {leak}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {calls} calls:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!(
        "role matrix: {} operations × {} callers = {calls} calls as the table says",
        table.len(),
        EVERYONE.len()
    );
}

/// `/api/mudanza/{move}/…` → `/api/mudanza/{id}/…`: the document's parameter names.
fn template(path: &str) -> String {
    let path = path.split('?').next().unwrap();
    let path = path
        .replace(
            "/api/fotos/{move}/{photo}",
            "/api/fotos/{move_id}/{photo_id}",
        )
        .replace(
            "/api/admin/proyecciones/no-existe/",
            "/api/admin/proyecciones/{nombre}/",
        )
        .replace("/api/opiniones/mudanza-999999/", "/api/opiniones/{id}/")
        .replace(
            "/firmas/01920000-0000-7000-8000-000000000000",
            "/firmas/{event}",
        )
        .replace(
            "/fotos/01920000-0000-7000-8000-000000000000",
            "/fotos/{photo}",
        );
    ["{move}", "{pay}", "{app}", "{staff}", "{quote}"]
        .iter()
        .fold(path, |p, placeholder| p.replace(placeholder, "{id}"))
}

/// The live feed: who may connect, and what each connection receives while a manager changes
/// the status of the client's move and of another client's move (each frame carries the whole
/// move as its audience sees it, prices included for the office).
#[sqlx::test(migrations = "../migrations")]
async fn the_live_feed_carries_to_each_caller_only_what_they_may_see(pool: PgPool) {
    let world = world(pool.clone()).await;
    let expected: Vec<&str> = LIVE.split_whitespace().collect();
    let mut feeds = Vec::new();
    for (who, expected) in EVERYONE.iter().zip(expected) {
        // OtherClient is the same client: one feed per person.
        if *who == Who::OtherClient {
            continue;
        }
        let caller = &world.callers[who];
        match caller.live(None).await {
            Ok(feed) => {
                assert_eq!(expected, "200", "{who:?} connected to the live feed");
                feeds.push((*who, feed));
            }
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(
                    response.status().as_u16().to_string(),
                    expected,
                    "{who:?} on the live feed"
                );
            }
            Err(e) => panic!("{who:?} on the live feed: {e}"),
        }
    }
    // Another client's feed, to see that the first client's changes do not reach it.
    let pablo = world
        .server
        .login(&common::account_by_login("pablo@mudanzas.test"))
        .await;
    let pablo_feed = pablo.live(None).await.unwrap();

    let manager = &world.callers[&Who::Manager];
    let (own, other) = (world.own_move, world.other_move);
    let (status, body) = manager.set_status(own, "finalizada").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = manager.set_status(other, "confirmada").await;
    assert_eq!(status, 200, "{body}");

    let mut failures = Vec::new();
    let mut received: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let mut counts: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    feeds.push((Who::OtherClient, pablo_feed));
    for (who, mut feed) in feeds {
        // The person behind OtherClient's feed here is the other client.
        let label = if who == Who::OtherClient {
            "the other client".to_string()
        } else {
            format!("{who:?}")
        };
        let mut moves = BTreeSet::new();
        let mut scopes = BTreeSet::new();
        while let Some(frame) = feed.next_within(Duration::from_secs(2)).await {
            if frame["kind"] == "move_counts" {
                scopes.insert(frame["id"].as_str().unwrap_or_default().to_string());
            } else if frame["type"] == "change" {
                if let Some(id) = frame["id"].as_str().and_then(|s| s.parse().ok()) {
                    moves.insert(id);
                }
            }
            let text = frame.to_string();
            let as_who = if who == Who::OtherClient {
                // What the other client may not see: the first client's data and the staff's.
                Who::Client
            } else {
                who
            };
            for leak in leaks(&world, as_who, &text) {
                if who == Who::OtherClient && text.to_lowercase().contains("pablo") {
                    // The other client's own frames name him.
                    continue;
                }
                failures.push(format!("{label}: a frame carries {leak}: {text:.200}"));
            }
            if who == Who::OtherClient && text.contains("cliente@mudanzas.test") {
                failures.push(format!("{label}: got the first client's move: {text:.200}"));
            }
        }
        counts.insert(label.clone(), scopes);
        received.insert(label, moves);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let both: BTreeSet<i64> = [own, other].into();
    assert_eq!(
        received["Client"],
        [own].into(),
        "the client: her move only"
    );
    assert_eq!(
        received["the other client"],
        [other].into(),
        "the other client: his only"
    );
    for staff in ["Worker", "OtherWorker", "Manager", "Admin", "Auditor"] {
        assert_eq!(received[staff], both, "{staff}: every move");
    }

    // The counts per status both changes moved: every move's, and those of each move's worker.
    // The office gets them all, a worker every move's and their own, a client none.
    let worker_of = |login: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>("SELECT id FROM accounts WHERE username = $1")
                .bind(login)
                .fetch_one(&pool)
                .await
                .unwrap()
                .to_string()
        }
    };
    let (javier, ana) = (worker_of("EMP-001").await, worker_of("EMP-002").await);
    let changed: BTreeSet<String> = sqlx::query_scalar::<_, String>(
        "SELECT worker_id::text FROM move_staff_view WHERE id = ANY($1) AND worker_id IS NOT NULL",
    )
    .bind([own, other])
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .chain(["all".to_string()])
    .collect();
    assert!(changed.contains(&javier));
    for office in ["Manager", "Admin", "Auditor"] {
        assert_eq!(counts[office], changed, "{office}: every scope's counts");
    }
    for (label, id) in [("Worker", &javier), ("OtherWorker", &ana)] {
        let theirs: BTreeSet<String> = changed
            .iter()
            .filter(|s| *s == "all" || *s == id)
            .cloned()
            .collect();
        assert_eq!(
            counts[label], theirs,
            "{label}: every move's counts and their own"
        );
    }
    assert!(counts["Client"].is_empty() && counts["the other client"].is_empty());
}
