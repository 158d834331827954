//! Settings, from the environment (README 'Settings').

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: String,
    pub data_dir: PathBuf,
    pub web_dist: PathBuf,
    pub seed_dir: PathBuf,
    /// Local development: cookies without `Secure` (the site is served over plain http).
    pub development: bool,
    /// Where emails go out (lettre's URL form); without it they stay in the outbox table, which
    /// /dev shows in local development.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// The site's address as users reach it: the base of the links in emails. Never taken from a
    /// request's Host header, which a caller could set to their own site.
    pub public_url: String,
    /// A Nominatim-compatible geocoder (`/search?format=json&q=`) asked before the gazetteer.
    pub geocoder_url: Option<String>,
    /// An OSRM-compatible router (`/route/v1/driving/…`) asked before the offline estimate.
    pub router_url: Option<String>,
    /// `METRICS_TOKEN`: /metrics then requires `Authorization: Bearer <token>` (README
    /// 'Operations').
    pub metrics_token: Option<String>,
    /// `PAYMENT_PROVIDER=redsys` with its `REDSYS_*` settings; otherwise card payments go to the
    /// built-in test gateway (README 'Card payments').
    pub redsys: Option<RedsysConfig>,
    /// `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `SMS_FROM` (and `TWILIO_API_URL`): the SMS
    /// provider; without it SMS stay in their outbox (README 'Settings').
    pub sms: Option<crate::sms::SmsConfig>,
    /// Timeouts and caps on connections.
    pub limits: ConnectionLimits,
}

/// Redsys's test environment.
pub const REDSYS_TEST_URL: &str = "https://sis-t.redsys.es:25443/sis/realizarPago";

/// The Redsys terminal card payments go to (`crate::payments::Redsys`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedsysConfig {
    /// FUC, the merchant's code.
    pub merchant_code: String,
    pub terminal: String,
    /// The terminal's secret key as the bank's portal shows it (base64 of 24 bytes).
    pub secret_key: String,
    pub url: String,
}

/// Timeouts and caps on connections, all set here (README 'Settings'), so that slow or idle
/// callers cannot hold the server's connections and memory.
#[derive(Debug, Clone)]
pub struct ConnectionLimits {
    /// `HTTP_HEADER_TIMEOUT` (seconds): a new connection that has not sent its first request's
    /// headers in full by then is closed.
    pub header_timeout: Duration,
    /// `HTTP_IDLE_TIMEOUT` (seconds): a kept-alive connection that has not sent its next
    /// request's headers in full this long after the previous answer is closed.
    pub idle_timeout: Duration,
    /// `MAX_CONNECTIONS`: connections open at once, live feeds included; one more is answered
    /// 503 and closed.
    pub max_connections: usize,
    /// `LIVE_FEEDS_PER_SESSION`: live feeds one session may hold open in one process (a browser
    /// tab holds one); one more is refused with 429.
    pub live_feeds_per_session: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            // The load benchmark holds 11,000 connections; a busy day of the company's customers
            // and staff is far below.
            max_connections: 20_000,
            live_feeds_per_session: 10,
        }
    }
}

impl ConnectionLimits {
    fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<ConnectionLimits, String> {
        let default = ConnectionLimits::default();
        let number = |name: &str, default: u64| -> Result<u64, String> {
            match var(name) {
                None => Ok(default),
                Some(v) => v
                    .parse::<u64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("{name} debe ser un número entero positivo: {v}")),
            }
        };
        Ok(ConnectionLimits {
            header_timeout: Duration::from_secs(number(
                "HTTP_HEADER_TIMEOUT",
                default.header_timeout.as_secs(),
            )?),
            idle_timeout: Duration::from_secs(number(
                "HTTP_IDLE_TIMEOUT",
                default.idle_timeout.as_secs(),
            )?),
            max_connections: number("MAX_CONNECTIONS", default.max_connections as u64)? as usize,
            live_feeds_per_session: number(
                "LIVE_FEEDS_PER_SESSION",
                default.live_feeds_per_session as u64,
            )? as usize,
        })
    }
}

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:55432/mudanzas";

impl Config {
    pub fn from_env() -> Result<Config, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let port: u16 = match var("PORT") {
            Some(p) => p
                .parse()
                .map_err(|_| format!("PORT no es un puerto válido: {p}"))?,
            None => 8080,
        };
        let host: IpAddr = match var("HOST") {
            Some(h) => h
                .parse()
                .map_err(|_| format!("HOST no es una dirección IP: {h}"))?,
            None => IpAddr::V4(Ipv4Addr::LOCALHOST),
        };
        let addr = SocketAddr::new(host, port);
        Ok(Config {
            addr,
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM")
                .unwrap_or_else(|| "Mudanzas <no-responder@mudanzas.example>".into()),
            public_url: var("PUBLIC_URL")
                .map(|u| u.trim_end_matches('/').to_string())
                .unwrap_or_else(|| local_url(addr)),
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            data_dir: var("DATA_DIR").unwrap_or_else(|| ".data".into()).into(),
            web_dist: var("WEB_DIST").unwrap_or_else(|| "web/dist".into()).into(),
            seed_dir: var("SEED_DIR").unwrap_or_else(|| "seed".into()).into(),
            development: var("MUDANZAS_ENV").as_deref() != Some("production"),
            geocoder_url: service_url(var("GEOCODER_URL"), "GEOCODER_URL")?,
            router_url: service_url(var("ROUTER_URL"), "ROUTER_URL")?,
            metrics_token: var("METRICS_TOKEN"),
            limits: ConnectionLimits::from_env(var)?,
            sms: match var("TWILIO_ACCOUNT_SID") {
                None => None,
                Some(account_sid) => {
                    let required = |name: &str| {
                        var(name).ok_or_else(|| format!("TWILIO_ACCOUNT_SID necesita {name}"))
                    };
                    Some(crate::sms::SmsConfig {
                        api_url: service_url(var("TWILIO_API_URL"), "TWILIO_API_URL")?
                            .unwrap_or_else(|| crate::sms::TWILIO_API_URL.into()),
                        account_sid,
                        auth_token: required("TWILIO_AUTH_TOKEN")?,
                        from: required("SMS_FROM")?,
                    })
                }
            },
            redsys: match var("PAYMENT_PROVIDER").as_deref() {
                None | Some("prueba") => None,
                Some("redsys") => {
                    let required = |name: &str| {
                        var(name).ok_or_else(|| format!("PAYMENT_PROVIDER=redsys necesita {name}"))
                    };
                    Some(RedsysConfig {
                        merchant_code: required("REDSYS_MERCHANT_CODE")?,
                        terminal: var("REDSYS_TERMINAL").unwrap_or_else(|| "1".into()),
                        secret_key: required("REDSYS_SECRET_KEY")?,
                        url: var("REDSYS_URL").unwrap_or_else(|| REDSYS_TEST_URL.into()),
                    })
                }
                Some(other) => {
                    return Err(format!(
                        "PAYMENT_PROVIDER debe ser prueba o redsys, no {other}"
                    ))
                }
            },
        })
    }
}

/// An outside service's base URL: http(s), without the trailing slash.
fn service_url(value: Option<String>, name: &str) -> Result<Option<String>, String> {
    match value {
        None => Ok(None),
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
            Ok(Some(url.trim_end_matches('/').to_string()))
        }
        Some(url) => Err(format!("{name} debe empezar por http:// o https://: {url}")),
    }
}

/// `http://localhost:PORT` for a server on a loopback or unspecified address, else its own address.
fn local_url(addr: SocketAddr) -> String {
    if addr.ip().is_loopback() || addr.ip().is_unspecified() {
        format!("http://localhost:{}", addr.port())
    } else {
        format!("http://{addr}")
    }
}
