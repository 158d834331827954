//! A real SMTP server for the tests: Python's aiosmtpd (Debian's python3-aiosmtpd) as a child
//! process, storing every message it accepts in a Maildir that the test reads back with Python's
//! own email parser. Killed, and its folder removed, on drop.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::process::free_port;

/// Debian's Python, where Debian's python3-aiosmtpd is installed, before any other on the path.
fn python() -> &'static str {
    if std::path::Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
}

pub struct Smtpd {
    child: Child,
    pub port: u16,
    dir: PathBuf,
}

/// One message as received: its headers decoded and its text part.
#[derive(Debug, Clone)]
pub struct Received {
    pub to: String,
    pub subject: String,
    pub text: String,
}

impl Smtpd {
    pub async fn start() -> Smtpd {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("mudanzas-smtpd-{}", uuid::Uuid::now_v7()));
        let child = Command::new(python())
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python3 -m aiosmtpd (Debian: apt-get install python3-aiosmtpd)");
        let started = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "aiosmtpd did not start listening on {port}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Smtpd { child, port, dir }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, parsed.
    pub fn received(&self) -> Vec<Received> {
        const PARSE: &str = r#"
import email, email.policy, json, mailbox, sys
out = []
for message in mailbox.Maildir(sys.argv[1], create=False):
    parsed = email.message_from_bytes(message.as_bytes(), policy=email.policy.default)
    body = parsed.get_body(preferencelist=("plain",))
    out.append({"to": str(parsed["to"]), "subject": str(parsed["subject"]),
                "text": body.get_content() if body else ""})
print(json.dumps(out))
"#;
        if !self.dir.join("new").exists() {
            return Vec::new();
        }
        let output = Command::new(python())
            .args(["-c", PARSE])
            .arg(&self.dir)
            .output()
            .expect("python3 reads the Maildir");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let parsed: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
        parsed
            .into_iter()
            .map(|m| Received {
                to: m["to"].as_str().unwrap_or_default().to_string(),
                subject: m["subject"].as_str().unwrap_or_default().to_string(),
                text: m["text"].as_str().unwrap_or_default().to_string(),
            })
            .collect()
    }

    /// Waits (at most 15 s) for a message whose subject starts with `subject`.
    pub async fn wait_for(&self, subject: &str) -> Received {
        let started = Instant::now();
        loop {
            if let Some(m) = self
                .received()
                .into_iter()
                .find(|m| m.subject.starts_with(subject))
            {
                return m;
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "no message '{subject}…' reached the SMTP server; it has {:?}",
                self.received()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Smtpd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
