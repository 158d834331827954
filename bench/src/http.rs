//! The bench's HTTP client: reqwest, one keep-alive connection per `Http`, one request at a time,
//! requests as the web app's `fetch` sends them (cookie, JSON body, `Origin` on writes). Each
//! `Http` has a client of its own, so no pool is shared between the bench's clients.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use reqwest::header::{HeaderMap, CONTENT_TYPE, COOKIE, ORIGIN};

use super::Context;

/// No answer in this long means the server is stuck: the phase fails rather than hangs.
const ANSWER_WITHIN: Duration = Duration::from_secs(60);

pub(super) struct Http {
    addr: SocketAddr,
    client: reqwest::Client,
}

pub(super) struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    /// When the status line and the headers had arrived (the server had done its work).
    pub head_at: Instant,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The status and the start of the body, for error messages.
    pub fn excerpt(&self) -> String {
        let text = String::from_utf8_lossy(&self.body[..self.body.len().min(200)]).into_owned();
        format!("{} {}", self.status, text)
    }
}

impl Http {
    pub async fn connect(addr: SocketAddr) -> Result<Http, String> {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(1)
            // Requests go out in one write; without this, a small request after a large answer
            // can wait for a delayed ACK.
            .tcp_nodelay(true)
            .timeout(ANSWER_WITHIN)
            .build()
            .ctx("building the HTTP client")?;
        Ok(Http { addr, client })
    }

    /// Sends one request and reads the whole answer.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        json: Option<&str>,
    ) -> Result<Answer, String> {
        let addr = self.addr;
        let method = reqwest::Method::from_bytes(method.as_bytes()).ctx("HTTP method")?;
        let mut request = self.client.request(method, format!("http://{addr}{path}"));
        if let Some(cookie) = cookie {
            request = request.header(COOKIE, cookie);
        }
        if let Some(body) = json {
            request = request
                .header(ORIGIN, format!("http://{addr}"))
                .header(CONTENT_TYPE, "application/json")
                .body(body.to_string());
        }
        let response = request.send().await.ctx(path)?;
        let head_at = Instant::now();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.bytes().await.ctx(path)?.to_vec();
        Ok(Answer {
            status,
            headers,
            head_at,
            body,
        })
    }
}
