//! A minimal HTTP/1.1 client for the bench: one keep-alive connection, one request at a time,
//! requests written as the web app's `fetch` sends them (cookie, JSON body, `Origin` on writes).
//! The api crate has no HTTP client outside its tests, and the bench must measure the server,
//! not a client library's connection pool.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::Context;

/// No answer in this long means the server is stuck: the phase fails rather than hangs.
const ANSWER_WITHIN: Duration = Duration::from_secs(60);

pub(super) struct Http {
    addr: SocketAddr,
    stream: TcpStream,
    /// Bytes read past the end of the previous answer (none, with one request at a time).
    buf: Vec<u8>,
}

pub(super) struct Answer {
    pub status: u16,
    /// The status line and the headers, without the blank line.
    pub head: String,
    /// When the status line and the headers had arrived (the server had done its work).
    pub head_at: Instant,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head
            .lines()
            .skip(1)
            .filter_map(|line| line.split_once(':'))
            .find(|(n, _)| n.trim().eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    }

    /// The start of the body, for error messages.
    pub fn excerpt(&self) -> String {
        let text = String::from_utf8_lossy(&self.body[..self.body.len().min(200)]).into_owned();
        format!("{} {}", self.status, text)
    }
}

impl Http {
    pub async fn connect(addr: SocketAddr) -> Result<Http, String> {
        let stream = TcpStream::connect(addr)
            .await
            .ctx("connecting to the server")?;
        // Requests go out in one write; without this, a small request after a large answer can
        // wait for a delayed ACK.
        stream.set_nodelay(true).ctx("TCP_NODELAY")?;
        Ok(Http {
            addr,
            stream,
            buf: Vec::with_capacity(16 * 1024),
        })
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
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: */*\r\n");
        if let Some(cookie) = cookie {
            request.push_str(&format!("Cookie: {cookie}\r\n"));
        }
        if let Some(body) = json {
            request.push_str(&format!(
                "Origin: http://{addr}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                body.len()
            ));
        } else {
            request.push_str("\r\n");
        }
        tokio::time::timeout(ANSWER_WITHIN, async {
            self.stream
                .write_all(request.as_bytes())
                .await
                .ctx("sending a request")?;
            self.read_answer().await
        })
        .await
        .map_err(|_| format!("no answer to {method} {path} within 60 s"))?
    }

    async fn read_answer(&mut self) -> Result<Answer, String> {
        let head_end = loop {
            if let Some(at) = find(&self.buf, b"\r\n\r\n") {
                break at;
            }
            self.read_more(16 * 1024).await?;
        };
        let head_at = Instant::now();
        let head = String::from_utf8_lossy(&self.buf[..head_end]).into_owned();
        self.buf.drain(..head_end + 4);
        let status = head
            .lines()
            .next()
            .and_then(|line| line.split_whitespace().nth(1))
            .and_then(|code| code.parse().ok())
            .ok_or_else(|| format!("not an HTTP answer: {head}"))?;
        let mut answer = Answer {
            status,
            head,
            head_at,
            body: Vec::new(),
        };
        if let Some(length) = answer.header("content-length") {
            let length: usize = length.parse().ctx("Content-Length")?;
            answer.body = self.take(length).await?;
        } else if answer
            .header("transfer-encoding")
            .is_some_and(|t| t.eq_ignore_ascii_case("chunked"))
        {
            answer.body = self.chunked().await?;
        } else if !(status == 204 || status == 304 || (100..200).contains(&status)) {
            return Err(format!("an answer with no length: {}", answer.head));
        }
        Ok(answer)
    }

    async fn read_more(&mut self, at_least: usize) -> Result<(), String> {
        self.buf.reserve(at_least);
        let n = self
            .stream
            .read_buf(&mut self.buf)
            .await
            .ctx("reading an answer")?;
        if n == 0 {
            return Err("the server closed the connection".into());
        }
        Ok(())
    }

    /// The next `n` bytes.
    async fn take(&mut self, n: usize) -> Result<Vec<u8>, String> {
        while self.buf.len() < n {
            let missing = n - self.buf.len();
            self.read_more(missing.max(16 * 1024)).await?;
        }
        let rest = self.buf.split_off(n);
        Ok(std::mem::replace(&mut self.buf, rest))
    }

    async fn line(&mut self) -> Result<String, String> {
        let end = loop {
            if let Some(at) = find(&self.buf, b"\r\n") {
                break at;
            }
            self.read_more(1024).await?;
        };
        let line = String::from_utf8_lossy(&self.buf[..end]).into_owned();
        self.buf.drain(..end + 2);
        Ok(line)
    }

    async fn chunked(&mut self) -> Result<Vec<u8>, String> {
        let mut body = Vec::new();
        loop {
            let line = self.line().await?;
            let size = line.split(';').next().unwrap_or_default().trim();
            let size = usize::from_str_radix(size, 16).ctx("chunk size")?;
            if size == 0 {
                // Trailers, if any, up to the blank line.
                while !self.line().await?.is_empty() {}
                return Ok(body);
            }
            body.extend_from_slice(&self.take(size).await?);
            if !self.line().await?.is_empty() {
                return Err("a chunk longer than its size".into());
            }
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
