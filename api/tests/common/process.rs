//! The real `mudanzas` binary as a child process, scratch databases, and a private PostgreSQL
//! cluster: for tests that kill the server (or the database) and watch what survives. Everything
//! here cleans up after itself on drop, so a failing assertion leaves no process, database or
//! folder behind.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use reqwest::header::SET_COOKIE;
use serde_json::Value;
use sqlx::{Connection, PgConnection};

use super::seed_dir;
use api::seed::DemoAccount;

/// The repository's root (scripts/, seed/).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A TCP port nobody listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The URL of database `name` on the server of `url` (which names another database).
pub fn database_url(url: &str, name: &str) -> String {
    let base = url.rsplit_once('/').map(|(b, _)| b).unwrap_or(url);
    format!("{base}/{name}")
}

/// Runs a future to completion from a destructor, which may itself run inside a runtime (where
/// blocking on that runtime would panic): on a thread of its own, with a runtime of its own.
fn block_on_thread<F>(work: F)
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let _ = std::thread::spawn(move || {
        if let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            rt.block_on(work);
        }
    })
    .join();
}

/// A database of its own on the server of an admin URL, dropped (its sessions ended) on drop.
pub struct ScratchDb {
    admin_url: String,
    pub name: String,
    pub url: String,
}

impl ScratchDb {
    pub async fn create(admin_url: &str, prefix: &str) -> ScratchDb {
        let name = format!("{prefix}_{}", uuid::Uuid::now_v7().simple());
        let mut admin = PgConnection::connect(admin_url)
            .await
            .expect("the admin connection of DATABASE_URL");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .expect("CREATE DATABASE");
        let _ = admin.close().await;
        ScratchDb {
            admin_url: admin_url.to_string(),
            url: database_url(admin_url, &name),
            name,
        }
    }
}

impl Drop for ScratchDb {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        block_on_thread(async move {
            if let Ok(mut admin) = PgConnection::connect(&admin_url).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut admin)
                    .await;
                let _ = admin.close().await;
            }
        });
    }
}

/// `mudanzas seed` (migrations, demo accounts, sample moves) on a database, as an operator runs it.
pub fn seed_with_binary(database_url: &str) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mudanzas"))
        .arg("seed")
        .env("DATABASE_URL", database_url)
        .env("SEED_DIR", seed_dir())
        .output()
        .expect("running mudanzas seed");
    assert!(
        out.status.success(),
        "mudanzas seed failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `mudanzas serve` as a child process on a fixed port, so that it can be killed and started
/// again where the clients expect it. Its output goes to `server.log` in its data folder,
/// appended over restarts.
pub struct ServerProcess {
    child: Option<tokio::process::Child>,
    pub port: u16,
    pub base: String,
    pub data_dir: PathBuf,
    database_url: String,
    web_dist: PathBuf,
    pub log: PathBuf,
    /// How many times it was started.
    pub starts: usize,
}

impl ServerProcess {
    /// Starts the server over `database_url` (already seeded) on a free port, with a fresh data
    /// folder and a stub web app; returns once /healthz answers.
    pub async fn start(database_url: &str) -> ServerProcess {
        let data_dir =
            std::env::temp_dir().join(format!("mudanzas-proc-{}", uuid::Uuid::now_v7().simple()));
        let web_dist = data_dir.join("web");
        std::fs::create_dir_all(&web_dist).unwrap();
        std::fs::write(
            web_dist.join("index.html"),
            "<!doctype html><title>prueba</title>\n",
        )
        .unwrap();
        let port = free_port();
        let mut server = ServerProcess {
            child: None,
            port,
            base: format!("http://127.0.0.1:{port}"),
            log: data_dir.join("server.log"),
            data_dir,
            database_url: database_url.to_string(),
            web_dist,
            starts: 0,
        };
        server.spawn().await;
        server
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(|c| c.id())
    }

    /// Whether the process is still running (it has not exited by itself).
    pub fn running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| matches!(c.try_wait(), Ok(None)))
    }

    async fn spawn(&mut self) {
        assert!(self.child.is_none(), "the server is already running");
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_mudanzas"))
            .arg("serve")
            .env("DATABASE_URL", &self.database_url)
            .env("HOST", "127.0.0.1")
            .env("PORT", self.port.to_string())
            .env("DATA_DIR", &self.data_dir)
            .env("WEB_DIST", &self.web_dist)
            .env("SEED_DIR", seed_dir())
            .env("PUBLIC_URL", &self.base)
            // Warnings, and what the binary itself reports at start (sweeps).
            .env("RUST_LOG", "warn,mudanzas=info")
            // Local development (cookies without Secure over plain http), no outside services.
            .env_remove("MUDANZAS_ENV")
            .env_remove("METRICS_TOKEN")
            .env_remove("SMTP_URL")
            .env_remove("GEOCODER_URL")
            .env_remove("ROUTER_URL")
            .env_remove("LOG_FORMAT")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .kill_on_drop(true)
            .spawn()
            .expect("starting mudanzas serve");
        self.child = Some(child);
        self.starts += 1;
        let http = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(Ok(Some(status))) = self.child.as_mut().map(|c| c.try_wait()) {
                panic!("mudanzas serve exited ({status}): {}", self.log_tail());
            }
            let healthy = http
                .get(format!("{}/healthz", self.base))
                .timeout(Duration::from_secs(2))
                .send()
                .await
                .is_ok_and(|r| r.status() == 200);
            if healthy {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "mudanzas serve did not answer within 60 s: {}",
                self.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGKILL: no shutdown, no flush, no goodbye; returns once the process is gone.
    pub async fn kill(&mut self) {
        let mut child = self.child.take().expect("a running server to kill");
        // tokio sends SIGKILL on unix.
        child.kill().await.expect("SIGKILL the server");
    }

    /// Starts it again on the same port and data folder.
    pub async fn restart(&mut self) {
        self.spawn().await;
    }

    /// SIGTERM (graceful shutdown), then SIGKILL after 10 s.
    pub async fn stop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        if let Some(pid) = child.id() {
            // SAFETY: a signal to the child this harness started and still owns.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGTERM);
            }
        }
        if tokio::time::timeout(Duration::from_secs(10), child.wait())
            .await
            .is_err()
        {
            let _ = child.kill().await;
        }
    }

    /// Waits until /readyz answers 200 (database, migrations, every projector caught up).
    pub async fn ready(&self, within: Duration) -> Value {
        let http = reqwest::Client::new();
        let deadline = Instant::now() + within;
        let mut last = String::new();
        loop {
            if let Ok(r) = http
                .get(format!("{}/readyz", self.base))
                .timeout(Duration::from_secs(5))
                .send()
                .await
            {
                let status = r.status();
                let body: Value = r.json().await.unwrap_or(Value::Null);
                if status == 200 {
                    return body;
                }
                last = format!("{status} {body}");
            }
            assert!(
                Instant::now() < deadline,
                "/readyz not 200 within {} s: {last}\n{}",
                within.as_secs(),
                self.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The server's whole log so far, over every start.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The end of the server's log, for a failure message.
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.start_kill();
        }
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// Logs a demo account in over HTTP as the web app does; the session cookie (`name=value`).
pub async fn login(base: &str, account: &DemoAccount) -> String {
    let (path, body) = account.login_request();
    let response = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "login of {}", account.login);
    response
        .headers()
        .get(SET_COOKIE)
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .map(str::to_string)
        .expect("a session cookie")
}

/// A PostgreSQL cluster of the test's own (scripts/pg.sh), which the test may crash. Stopped and
/// removed on drop.
pub struct PgCluster {
    dir: PathBuf,
    pub port: u16,
    /// Where PostgreSQL keeps it (pg.sh may place it outside `dir` when running as root).
    data_directory: PathBuf,
}

impl PgCluster {
    pub async fn start() -> PgCluster {
        let dir =
            std::env::temp_dir().join(format!("mudanzas-pg-{}", uuid::Uuid::now_v7().simple()));
        let port = free_port();
        let mut cluster = PgCluster {
            dir,
            port,
            data_directory: PathBuf::new(),
        };
        cluster.pg_sh_start();
        let mut conn = PgConnection::connect(&cluster.url("postgres"))
            .await
            .expect("connecting to the private cluster");
        let data: String = sqlx::query_scalar("SHOW data_directory")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        let _ = conn.close().await;
        cluster.data_directory = PathBuf::from(data);
        cluster
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    fn pg_sh_start(&self) {
        let out = std::process::Command::new(repo_root().join("scripts/pg.sh"))
            .arg("start")
            .arg(&self.dir)
            .arg(self.port.to_string())
            .output()
            .expect("running scripts/pg.sh");
        assert!(
            out.status.success(),
            "scripts/pg.sh start failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn pg_ctl(&self) -> PathBuf {
        let version = std::fs::read_to_string(self.data_directory.join("PG_VERSION"))
            .expect("the cluster's PG_VERSION");
        PathBuf::from(format!("/usr/lib/postgresql/{}/bin/pg_ctl", version.trim()))
    }

    /// `pg_ctl stop -m immediate`: every backend ends at once without a checkpoint, as in a power
    /// cut; the next start replays the WAL.
    pub fn crash(&self) {
        let pg_ctl = self.pg_ctl();
        let mut command = if is_root() {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(pg_ctl);
            c
        } else {
            std::process::Command::new(pg_ctl)
        };
        let out = command
            .arg("-D")
            .arg(&self.data_directory)
            .args(["-m", "immediate", "-w", "-s", "stop"])
            .current_dir("/")
            .output()
            .expect("running pg_ctl stop");
        assert!(
            out.status.success(),
            "pg_ctl stop -m immediate failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts it again on the same port (crash recovery runs first).
    pub fn restart(&self) {
        self.pg_sh_start();
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let _ = std::process::Command::new(repo_root().join("scripts/pg.sh"))
            .arg("stop")
            .arg(&self.dir)
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
        // As root pg.sh may keep the cluster under /var/tmp/mudanzas-pg-<hash>/pg instead.
        if let Some(base) = self.data_directory.parent() {
            if base.starts_with("/var/tmp") && base.to_string_lossy().contains("mudanzas-pg-") {
                let _ = std::fs::remove_dir_all(base);
            }
        }
    }
}

/// Every file under `dir`, recursively (none when it does not exist).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}
