//! A real server on a random port over a fresh database, and a logged-in HTTP client.

#![allow(dead_code)]

pub mod process;
pub mod smtpd;

use std::path::PathBuf;
use std::time::Duration;

use api::config::Config;
use api::seed::{demo_accounts, DemoAccount};
use api::{AppState, StartOptions};
use chrono::{Days, NaiveDate};
use futures::StreamExt;
use reqwest::header::{COOKIE, SET_COOKIE};
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A real 1×1 PNG: the server checks content, not names.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// Every follower of the log that keeps a checkpoint: the read models and the notifier.
pub fn checkpointed_followers() -> usize {
    projections::all().len() + 1
}

pub fn seed_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../seed")
}

pub struct TestServer {
    pub base: String,
    pub state: AppState,
    pub http: reqwest::Client,
}

/// Test servers running per database: the last one to go closes the database's connections.
static SERVERS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

impl Drop for TestServer {
    /// The server's tasks keep connections of their own to the test's database until the test's
    /// runtime ends, which is after `#[sqlx::test]` drops the database: PostgreSQL waited five
    /// seconds for them at every test, then refused, leaving the database behind. When the last
    /// server of a passed test goes, its database takes no more connections and closes the open
    /// ones, so the drop is immediate. A failed test's database is kept, as sqlx means to.
    fn drop(&mut self) {
        let Some(db) = self
            .state
            .pool
            .connect_options()
            .get_database()
            .map(str::to_string)
        else {
            return;
        };
        let last = {
            let mut servers = SERVERS.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(i) = servers.iter().position(|d| *d == db) {
                servers.swap_remove(i);
            }
            !servers.contains(&db)
        };
        if !last || std::thread::panicking() {
            return;
        }
        let admin = self
            .state
            .pool
            .connect_options()
            .as_ref()
            .clone()
            .database("postgres");
        // Drop cannot wait on the test's runtime: a thread of its own with a runtime of its own.
        let closed = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime
                .block_on(async {
                    use sqlx::Connection;
                    let mut conn = sqlx::PgConnection::connect_with(&admin).await?;
                    let quoted = format!("\"{}\"", db.replace('"', "\"\""));
                    sqlx::query(&format!("ALTER DATABASE {quoted} ALLOW_CONNECTIONS false"))
                        .execute(&mut conn)
                        .await?;
                    sqlx::query(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = $1 AND pid <> pg_backend_pid()",
                    )
                    .bind(&db)
                    .execute(&mut conn)
                    .await?;
                    Ok::<_, sqlx::Error>(())
                })
                .map_err(std::io::Error::other)
        })
        .join();
        if !matches!(closed, Ok(Ok(()))) {
            eprintln!("could not close the test database's connections: {closed:?}");
        }
    }
}

pub async fn start(pool: PgPool) -> TestServer {
    start_with(pool, StartOptions::default(), None).await
}

pub async fn start_with(
    pool: PgPool,
    options: StartOptions,
    web_dist: Option<PathBuf>,
) -> TestServer {
    start_configured(pool, options, web_dist, |_| {}).await
}

/// As `start_with`, with a last say on the configuration (production mode, SMTP …).
pub async fn start_configured(
    pool: PgPool,
    options: StartOptions,
    web_dist: Option<PathBuf>,
    configure: impl FnOnce(&mut Config),
) -> TestServer {
    api::seed::seed(&pool, &seed_dir()).await.expect("seed");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mut config = Config {
        addr,
        database_url: String::new(),
        data_dir: std::env::temp_dir().join(format!("mudanzas-test-{}", uuid::Uuid::now_v7())),
        web_dist: web_dist.unwrap_or_else(|| PathBuf::from("/nonexistent")),
        seed_dir: seed_dir(),
        development: true,
        smtp_url: None,
        mail_from: "Mudanzas <pruebas@mudanzas.test>".into(),
        public_url: format!("http://{addr}"),
        geocoder_url: None,
        router_url: None,
        metrics_token: None,
        redsys: None,
        sms: None,
        limits: Default::default(),
    };
    configure(&mut config);
    if let Some(db) = pool.connect_options().get_database() {
        SERVERS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(db.to_string());
    }
    let state = AppState::start(pool, config, options).await.unwrap();
    // The server's own serving loop, with its timeouts and connection cap.
    tokio::spawn(api::server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    TestServer {
        base: format!("http://{addr}"),
        state,
        http: reqwest::Client::new(),
    }
}

/// `n` days after today on the company's calendar (Madrid's).
pub fn in_days(n: u64) -> NaiveDate {
    events_schema::calendar::today()
        .checked_add_days(Days::new(n))
        .unwrap()
}

/// What the 9-step wizard sends (spec §7 field names).
pub fn wizard(date: NaiveDate) -> Value {
    json!({
        "cliente_nombre": "Lucía Gómez",
        "cliente_telefono": "611 222 333",
        "cliente_email": "Lucia@Mudanzas.test",
        "origen": "Calle de Alcalá 120, 28009 Madrid",
        "destino": "Calle Mayor 2, 28801 Alcalá de Henares",
        "fecha_programada": date,
        "fecha_alternativa": null,
        "flexible": false,
        "hora_preferida": "morning",
        "contacto_nombre": "Lucía Gómez",
        "contacto_telefono": "611 222 333",
        "contacto_email": "lucia@mudanzas.test",
        "contacto_preferencia": "whatsapp",
        "estado": "pendiente",
        "urgencia": "urgente",
        "objects": [{"id": "sofa-3-plazas", "nombre": "Sofá de 3 plazas", "peso": 55.0, "quantity": 1}],
        "services": {"dismount": true, "dismount_quantity": 2, "packaging": false,
                     "packaging_quantity": 0, "cleaning": true, "fragile": false, "long_stairs": false},
        "property_details": {
            "origin": {"property_type": "apartment_2_rooms", "access": "little_access", "floor": "fourth", "elevator": 1},
            "destination": {"property_type": "house_2_rooms", "access": "normal", "floor": "second", "elevator": 1}
        },
        "instrucciones": "Portero automático 3ºB",
        "precio": {"base": 250.0, "distancia": 36.0, "servicios": 40.0, "urgencia": 50.0, "iva": true},
        "pago_adelantado": 100.0,
        "precio_total": 454.96
    })
}

pub fn account(role: &str) -> DemoAccount {
    demo_accounts(&seed_dir())
        .unwrap()
        .into_iter()
        .find(|a| a.role == role)
        .unwrap_or_else(|| panic!("no demo account with role {role}"))
}

pub fn account_by_login(login: &str) -> DemoAccount {
    demo_accounts(&seed_dir())
        .unwrap()
        .into_iter()
        .find(|a| a.login == login)
        .unwrap()
}

/// A caller with a session cookie (or none).
#[derive(Clone)]
pub struct Caller {
    pub base: String,
    pub http: reqwest::Client,
    pub cookie: Option<String>,
}

impl TestServer {
    pub fn anonymous(&self) -> Caller {
        Caller {
            base: self.base.clone(),
            http: self.http.clone(),
            cookie: None,
        }
    }

    /// Logs a demo account in through the call its role uses.
    pub async fn login(&self, account: &DemoAccount) -> Caller {
        let (path, body) = account.login_request();
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "login of {}", account.login);
        let cookie = response
            .headers()
            .get(SET_COOKIE)
            .and_then(|c| c.to_str().ok())
            .and_then(|c| c.split(';').next())
            .map(str::to_string)
            .expect("a session cookie");
        Caller {
            base: self.base.clone(),
            http: self.http.clone(),
            cookie: Some(cookie),
        }
    }

    pub async fn login_role(&self, role: &str) -> Caller {
        self.login(&account(role)).await
    }
}

/// The session cookie a response sets, if any.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|c| c.to_str().ok())
        .filter_map(|c| c.split(';').next())
        .find(|c| c.starts_with("mudanzas_session=") && c.len() > "mudanzas_session=".len())
        .map(str::to_string)
}

impl TestServer {
    /// `POST /api/register`; on success the caller carries the new session.
    pub async fn register(&self, body: Value) -> (u16, Value, Caller) {
        let response = self
            .http
            .post(format!("{}/api/register", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        self.answer_and_session(response).await
    }

    /// A response's status and body, and a caller with the session it set (if any).
    async fn answer_and_session(&self, response: reqwest::Response) -> (u16, Value, Caller) {
        let status = response.status().as_u16();
        let cookie = session_cookie(&response);
        let body = response.json().await.unwrap_or(Value::Null);
        let caller = Caller {
            base: self.base.clone(),
            http: self.http.clone(),
            cookie,
        };
        (status, body, caller)
    }

    /// Registers a valid client account with this email; returns its logged-in caller.
    pub async fn register_client(&self, email: &str, password: &str) -> Caller {
        let (status, body, caller) = self
            .register(json!({
                "fullName": "Ana García López",
                "email": email,
                "password": password,
                "phone": "612 345 678",
                "address": "Calle Mayor 1, 28013 Madrid",
                "acceptTerms": true,
            }))
            .await;
        assert_eq!(status, 201, "{body}");
        caller
    }

    /// Registers and confirms a client; returns their caller (logged in and confirmed).
    pub async fn confirmed_client(&self, email: &str, password: &str) -> Caller {
        let mut caller = self.register_client(email, password).await;
        let code = self.last_code(email).await;
        let (status, answer) = caller
            .send_keeping_session(
                reqwest::Method::POST,
                "/api/confirm-email",
                json!({"email": email, "code": code}),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        caller
    }

    /// The newest email to `to` in the outbox: (subject, text).
    pub async fn last_email(&self, to: &str) -> Option<(String, String)> {
        sqlx::query_as(
            "SELECT asunto, texto FROM outbox WHERE lower(para) = lower($1)              ORDER BY created_at DESC, id DESC LIMIT 1",
        )
        .bind(to)
        .fetch_optional(&self.state.pool)
        .await
        .unwrap()
    }

    /// The newest email to `to` whose subject starts with `subject`: (subject, text). Other
    /// emails (the notices of a move) may have come after it.
    pub async fn last_email_about(&self, to: &str, subject: &str) -> Option<(String, String)> {
        sqlx::query_as(
            "SELECT asunto, texto FROM outbox WHERE lower(para) = lower($1) AND starts_with(asunto, $2) \
             ORDER BY created_at DESC, id DESC LIMIT 1",
        )
        .bind(to)
        .bind(subject)
        .fetch_optional(&self.state.pool)
        .await
        .unwrap()
    }

    /// The text of the newest email to `to` whose subject starts with `subject`, waiting up to
    /// 10 s for the notifier to write it.
    pub async fn emailed(&self, to: &str, subject: &str) -> String {
        let started = std::time::Instant::now();
        loop {
            if let Some((_, text)) = self.last_email_about(to, subject).await {
                return text;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "no email '{subject}…' to {to}; the outbox has {:?}",
                self.emails_to(to).await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Every email to `to` in the outbox, oldest first: (subject, text).
    pub async fn emails_to(&self, to: &str) -> Vec<(String, String)> {
        sqlx::query_as(
            "SELECT asunto, texto FROM outbox WHERE lower(para) = lower($1) ORDER BY created_at, id",
        )
        .bind(to)
        .fetch_all(&self.state.pool)
        .await
        .unwrap()
    }

    /// The six-digit code of the newest confirmation email to `to`.
    pub async fn last_code(&self, to: &str) -> String {
        let (subject, _) = self
            .last_email_about(to, "Tu código de confirmación")
            .await
            .expect("a confirmation email");
        subject
            .rsplit(' ')
            .next()
            .filter(|c| c.len() == 6 && c.chars().all(|d| d.is_ascii_digit()))
            .expect("a six-digit code in the subject")
            .to_string()
    }

    /// Logs in as a client with an email and password, through `POST /api/login`.
    pub async fn client_login(&self, email: &str, password: &str) -> (u16, Value, Caller) {
        let response = self
            .http
            .post(format!("{}/api/login", self.base))
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .unwrap();
        self.answer_and_session(response).await
    }
}

impl Caller {
    /// Sends with this caller's session and takes the session the answer sets, if any.
    pub async fn send_keeping_session(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Value,
    ) -> (u16, Value) {
        let r = self
            .with_cookie(self.http.request(method, format!("{}{path}", self.base)))
            .json(&body)
            .send()
            .await
            .unwrap();
        if let Some(cookie) = session_cookie(&r) {
            self.cookie = Some(cookie);
        }
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    fn with_cookie(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.cookie {
            Some(c) => request.header(COOKIE, c),
            None => request,
        }
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .with_cookie(self.http.get(format!("{}{path}", self.base)))
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn send(&self, method: reqwest::Method, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .with_cookie(self.http.request(method, format!("{}{path}", self.base)))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Sends with extra request headers; answers the status, the body and the headers.
    pub async fn send_with(
        &self,
        method: reqwest::Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Value,
    ) -> (u16, Value, reqwest::header::HeaderMap) {
        let mut request =
            self.with_cookie(self.http.request(method, format!("{}{path}", self.base)));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let r = request.json(&body).send().await.unwrap();
        let status = r.status().as_u16();
        let headers = r.headers().clone();
        (status, r.json().await.unwrap_or(Value::Null), headers)
    }

    /// [`Caller::upload_photo`] with extra request headers, answering the headers too.
    pub async fn upload_photo_with(
        &self,
        move_id: i64,
        headers: &[(&str, &str)],
        bytes: Vec<u8>,
    ) -> (u16, Value, reqwest::header::HeaderMap) {
        let form = reqwest::multipart::Form::new()
            .text("mudanza_id", move_id.to_string())
            .part(
                "foto",
                reqwest::multipart::Part::bytes(bytes)
                    .file_name("foto.png")
                    .mime_str("image/png")
                    .unwrap(),
            );
        let mut request = self.with_cookie(self.http.post(format!("{}/api/subir-foto", self.base)));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let r = request.multipart(form).send().await.unwrap();
        let status = r.status().as_u16();
        let headers = r.headers().clone();
        (status, r.json().await.unwrap_or(Value::Null), headers)
    }

    /// A multipart form sent to `path`: the status and the JSON answer.
    pub async fn send_form(&self, path: &str, form: reqwest::multipart::Form) -> (u16, Value) {
        let r = self
            .with_cookie(self.http.post(format!("{}{path}", self.base)))
            .multipart(form)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// A multipart upload to `POST /api/subir-foto`.
    pub async fn upload_photo(
        &self,
        move_id: &str,
        file: Option<(&str, Vec<u8>)>,
        description: &str,
    ) -> (u16, Value) {
        let mut form = reqwest::multipart::Form::new()
            .text("mudanza_id", move_id.to_string())
            .text("descripcion", description.to_string());
        if let Some((name, bytes)) = file {
            form = form.part(
                "foto",
                reqwest::multipart::Part::bytes(bytes)
                    .file_name(name.to_string())
                    .mime_str("image/png")
                    .unwrap(),
            );
        }
        let r = self
            .with_cookie(self.http.post(format!("{}/api/subir-foto", self.base)))
            .multipart(form)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// A GET's whole response, headers included.
    pub async fn get_response(&self, path: &str) -> reqwest::Response {
        self.with_cookie(self.http.get(format!("{}{path}", self.base)))
            .send()
            .await
            .unwrap()
    }

    /// The raw bytes and content type of a GET.
    pub async fn get_bytes(&self, path: &str) -> (u16, String, Vec<u8>) {
        let r = self.get_response(path).await;
        let status = r.status().as_u16();
        let content_type = r
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        (status, content_type, r.bytes().await.unwrap().to_vec())
    }

    pub async fn set_status(&self, move_id: i64, status: &str) -> (u16, Value) {
        self.send(
            reqwest::Method::PUT,
            "/api/actualizar-estado-mudanza",
            json!({"mudanza_id": move_id, "nuevo_estado": status}),
        )
        .await
    }

    /// Opens the live feed, optionally resuming after a position.
    pub async fn live(
        &self,
        after: Option<i64>,
    ) -> Result<LiveClient, tokio_tungstenite::tungstenite::Error> {
        let ws_base = self.base.replace("http://", "ws://");
        let url = match after {
            Some(p) => format!("{ws_base}/api/live?after={p}"),
            None => format!("{ws_base}/api/live"),
        };
        let mut request = url.into_client_request()?;
        if let Some(c) = &self.cookie {
            request.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(request).await?;
        let mut client = LiveClient { socket };
        let hello = client.next().await.expect("a hello frame");
        assert_eq!(hello["type"], "hello");
        Ok(client)
    }
}

pub struct LiveClient {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl LiveClient {
    /// The next JSON frame, or None after 5 s of silence.
    pub async fn next(&mut self) -> Option<Value> {
        self.next_within(Duration::from_secs(5)).await
    }

    pub async fn next_within(&mut self, wait: Duration) -> Option<Value> {
        loop {
            match tokio::time::timeout(wait, self.socket.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => return serde_json::from_str(&text).ok(),
                Ok(Some(Ok(_))) => continue,
                _ => return None,
            }
        }
    }

    /// The next frame that is not a staff list's counts (`move_counts`): those follow most
    /// changes of a move, and these tests are about the changes themselves.
    pub async fn next_change(&mut self) -> Option<Value> {
        self.next_change_within(Duration::from_secs(5)).await
    }

    pub async fn next_change_within(&mut self, wait: Duration) -> Option<Value> {
        loop {
            let frame = self.next_within(wait).await?;
            if frame["kind"] != projections::moves::COUNTS_KIND {
                return Some(frame);
            }
        }
    }

    /// The next change frame about `move_id`, skipping others.
    pub async fn next_about(&mut self, move_id: i64) -> Option<Value> {
        loop {
            let frame = self.next().await?;
            if frame["type"] == "change"
                && frame["id"].as_str().and_then(|s| s.parse().ok()) == Some(move_id)
            {
                return Some(frame);
            }
        }
    }

    /// Whether the server ends the connection within `wait` (frames before the end are skipped).
    pub async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.socket.next()).await {
                Err(_) => return false,
                Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// The JSON frames received until the server ends the connection, or None when it is still
    /// open after `wait`.
    pub async fn frames_until_closed(&mut self, wait: Duration) -> Option<Vec<Value>> {
        let deadline = tokio::time::Instant::now() + wait;
        let mut frames = Vec::new();
        loop {
            match tokio::time::timeout_at(deadline, self.socket.next()).await {
                Err(_) => return None,
                Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => {
                    return Some(frames)
                }
                Ok(Some(Ok(Message::Text(text)))) => {
                    frames.extend(serde_json::from_str::<Value>(&text).ok())
                }
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// The id of a seeded move of the given client, with a status workers may change.
pub async fn move_of(pool: &PgPool, email: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE cliente_email = $1 ORDER BY id LIMIT 1",
    )
    .bind(email)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The crew of a move: `worker_login` assigned to it and the move confirmed, by a manager.
pub struct Crew {
    pub worker: Caller,
    pub worker_id: uuid::Uuid,
    pub manager: Caller,
}

pub async fn crew_for(server: &TestServer, move_id: i64, worker_login: &str) -> Crew {
    let account = account_by_login(worker_login);
    let worker_id: uuid::Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
        .bind(&account.login)
        .fetch_one(&server.state.pool)
        .await
        .unwrap();
    let manager = server.login_role("empresario").await;
    let (status, body) = manager
        .send(
            reqwest::Method::POST,
            "/api/asignar-trabajador",
            json!({"mudanza_id": move_id, "worker_id": worker_id}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(manager.set_status(move_id, "confirmada").await.0, 200);
    Crew {
        worker: server.login(&account).await,
        worker_id,
        manager,
    }
}

/// Waits until the seeded moves are projected.
pub async fn projected(server: &TestServer) {
    let head = server.state.store.max_position().await.unwrap();
    assert!(
        server
            .state
            .projections
            .wait_for(head, Duration::from_secs(20))
            .await
    );
}

/// A job application with a CV, as the public form sends it; returns its id.
pub async fn job_application(server: &TestServer) -> String {
    let form = reqwest::multipart::Form::new()
        .text("name", "Lucía Fernández")
        .text("email", "lucia.fernandez@correo.test")
        .text("phone", "698 765 432")
        .text("position", "conductor")
        .text("experience", "6-10")
        .text("message", "Carné C.")
        .text("consent_contact", "true")
        .text("consent_marketing", "false")
        .part(
            "cv",
            reqwest::multipart::Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec()).file_name("cv.pdf"),
        );
    let response = server
        .http
        .post(format!("{}/api/trabaja-con-nosotros", server.base))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["id"]
        .as_str()
        .expect("the application's id")
        .to_string()
}
