//! Timeouts and caps on connections (issue 17, item 17): a connection that never finishes its
//! headers, or idles after an answer, is closed; the server holds at most `MAX_CONNECTIONS`, live
//! feeds included; a session holds at most `LIVE_FEEDS_PER_SESSION` feeds. Each test sets its own
//! short limits; each asserts what the server does to the connection, not how fast.

use std::time::Duration;

use crate::common::{account, start_configured, TestServer};
use api::config::ConnectionLimits;
use api::StartOptions;
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite;

/// Far longer than any limit the tests set: a connection still open then is never closed.
const WAIT: Duration = Duration::from_secs(10);
const FOREVER: Duration = Duration::from_secs(3_600);

async fn server_with(pool: PgPool, limits: ConnectionLimits) -> TestServer {
    let mut server =
        start_configured(pool, StartOptions::default(), None, |c| c.limits = limits).await;
    // No idle connection of the tests' own HTTP client may count against the cap.
    server.http = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    server
}

async fn connect(server: &TestServer) -> TcpStream {
    TcpStream::connect(server.base.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// What the server sends until it closes the connection; None when it is still open after `WAIT`.
async fn read_until_closed(stream: &mut TcpStream) -> Option<String> {
    let mut received = Vec::new();
    let read = tokio::time::timeout(WAIT, async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    read.ok()
        .map(|()| String::from_utf8_lossy(&received).into_owned())
}

/// Sends a keep-alive `GET /healthz` and reads its answer, leaving the connection open; the
/// status line's code.
async fn healthz(stream: &mut TcpStream) -> u16 {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n")
        .await
        .unwrap();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    tokio::time::timeout(WAIT, async {
        // The answer is small: its head and body arrive whole, or the connection ends.
        while !String::from_utf8_lossy(&received).contains("\r\n\r\n") {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await
    .expect("an answer");
    let text = String::from_utf8_lossy(&received);
    text.split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_connection_that_never_finishes_its_headers_is_closed(pool: PgPool) {
    let server = server_with(
        pool,
        ConnectionLimits {
            header_timeout: Duration::from_secs(1),
            idle_timeout: FOREVER,
            ..ConnectionLimits::default()
        },
    )
    .await;
    let mut slow = connect(&server).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nhost: localhost\r\nx-a: ")
        .await
        .unwrap();
    let mut silent = connect(&server).await;
    assert!(
        read_until_closed(&mut slow).await.is_some(),
        "a connection sending its headers slowly stayed open"
    );
    assert!(
        read_until_closed(&mut silent).await.is_some(),
        "a connection sending nothing stayed open"
    );
    // A request sent in time is answered.
    assert_eq!(healthz(&mut connect(&server).await).await, 200);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_idle_kept_alive_connection_is_closed(pool: PgPool) {
    let server = server_with(
        pool,
        ConnectionLimits {
            header_timeout: FOREVER,
            idle_timeout: Duration::from_secs(1),
            ..ConnectionLimits::default()
        },
    )
    .await;
    let mut idle = connect(&server).await;
    assert_eq!(healthz(&mut idle).await, 200);
    assert!(
        read_until_closed(&mut idle).await.is_some(),
        "an idle kept-alive connection stayed open"
    );
}

/// Over the cap a connection is answered 503 with the reason and closed; live feeds count, and a
/// place comes free when a connection closes.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn connections_over_the_cap_are_refused_until_one_closes(pool: PgPool) {
    let server = server_with(
        pool,
        ConnectionLimits {
            header_timeout: FOREVER,
            idle_timeout: FOREVER,
            max_connections: 3,
            ..ConnectionLimits::default()
        },
    )
    .await;
    let client = server.login(&account("cliente")).await;
    let first_feed = client.live(None).await.unwrap();
    let _second_feed = client.live(None).await.unwrap();
    // The third place: once the login's connection has closed on the server's side too.
    let deadline = tokio::time::Instant::now() + WAIT;
    let _held = loop {
        let mut stream = connect(&server).await;
        if healthz(&mut stream).await == 200 {
            break stream;
        }
        assert!(tokio::time::Instant::now() < deadline, "no third place");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };

    let mut over = connect(&server).await;
    let answer = read_until_closed(&mut over)
        .await
        .expect("the connection over the cap is closed");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains(api::server::FULL), "{answer}");

    first_feed.close().await;
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if healthz(&mut connect(&server).await).await == 200 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the closed feed's place never came free"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One session may hold `LIVE_FEEDS_PER_SESSION` feeds: the next is refused with the reason (the
/// open ones go on), another session is not affected, and closing one makes room.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_session_holds_at_most_its_cap_of_live_feeds(pool: PgPool) {
    let server = server_with(
        pool,
        ConnectionLimits {
            live_feeds_per_session: 2,
            ..ConnectionLimits::default()
        },
    )
    .await;
    let client = account("cliente");
    let caller = server.login(&client).await;
    let first = caller.live(None).await.unwrap();
    let _second = caller.live(None).await.unwrap();
    match caller.live(None).await {
        Err(tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
            let body = String::from_utf8_lossy(response.body().as_deref().unwrap_or_default())
                .into_owned();
            assert!(body.contains(api::live::TOO_MANY_FEEDS), "{body}");
        }
        Err(e) => panic!("refused otherwise: {e}"),
        Ok(_) => panic!("a third feed on one session was opened"),
    }
    let other_session = server.login(&client).await;
    other_session
        .live(None)
        .await
        .expect("another session has its own feeds");

    first.close().await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while caller.live(None).await.is_err() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the closed feed's place never came free"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
