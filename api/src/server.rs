//! Serving connections under the limits of [`ConnectionLimits`]: HTTP/1.1 (with the WebSocket
//! upgrade) with a timeout on a new connection's first request headers and on a kept-alive
//! connection's idle wait, and a cap on the connections open at once.
//!
//! `axum::serve` has no timeouts: a connection that never finished its headers, or sat idle
//! after an answer, stayed open for good, and nothing bounded how many there were.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::{pin, Pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

use crate::config::ConnectionLimits;
use crate::state::AppState;

/// What a connection over `MAX_CONNECTIONS` is answered before it is closed.
pub const FULL: &str = "El servidor está atendiendo demasiadas conexiones. Inténtalo de nuevo \
     en unos segundos.";

/// Serves the site and the API on `listener` until `shutdown` completes, then lets the open
/// connections finish their requests.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let limits = state.config.limits.clone();
    let router = crate::router(state);
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    // Each connection holds a receiver of `stop`, and of `open` until it is done.
    let (stop, stopping) = watch::channel(());
    let (open, done) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors, or a connection reset before it was accepted: go on.
                    tracing::warn!(error = %e, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        match permits.clone().try_acquire_owned() {
            Ok(permit) => {
                let connection = Connection {
                    stream: Counted {
                        stream,
                        _permit: permit,
                    },
                    peer,
                    router: router.clone(),
                    limits: limits.clone(),
                };
                let (stopping, done) = (stopping.clone(), done.clone());
                tokio::spawn(async move {
                    connection.serve(stopping).await;
                    drop(done);
                });
            }
            Err(_) => {
                tokio::spawn(refuse(stream));
            }
        }
    }
    drop(listener);
    drop(stopping);
    drop(done);
    let _ = stop.send(());
    open.closed().await;
}

/// Answers 503 with the reason, and closes: a caller over the cap learns why, rather than
/// waiting on a connection nobody will read.
async fn refuse(mut stream: TcpStream) {
    let body = serde_json::json!({ "success": false, "error": FULL }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

struct Connection {
    stream: Counted,
    peer: SocketAddr,
    router: axum::Router,
    limits: ConnectionLimits,
}

impl Connection {
    async fn serve(self, mut stopping: watch::Receiver<()>) {
        let Connection {
            stream,
            peer,
            router,
            limits,
        } = self;
        let request_came = Arc::new(Notify::new());
        let service = hyper::service::service_fn({
            let request_came = request_came.clone();
            move |mut request: hyper::Request<Incoming>| {
                request_came.notify_one();
                // What `into_make_service_with_connect_info` gives: the per-address limits.
                request.extensions_mut().insert(ConnectInfo(peer));
                let router = router.clone();
                async move { router.oneshot(request).await }
            }
        });
        let mut builder = http1::Builder::new();
        // hyper's header timeout runs from when it starts waiting for a request's headers: after
        // each answer, that is the kept-alive connection's idle wait.
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(limits.idle_timeout)
            .keep_alive(true);
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut connection = pin!(connection);
        let first_headers = tokio::time::sleep(limits.header_timeout);
        let mut first_headers = pin!(first_headers);
        let mut waiting_for_first = true;
        let mut stop_heard = false;
        loop {
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(error = %e, %peer, "connection ended with an error");
                    }
                    return;
                }
                _ = request_came.notified(), if waiting_for_first => waiting_for_first = false,
                // Dropping the connection closes it.
                _ = &mut first_headers, if waiting_for_first => {
                    tracing::debug!(%peer, "no request headers in time; closing");
                    return;
                }
                changed = stopping.changed(), if !stop_heard => {
                    stop_heard = true;
                    if changed.is_ok() {
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
        }
    }
}

/// A connection's stream holding its place under `MAX_CONNECTIONS`: the place is given back when
/// the stream closes, also when a WebSocket took it over from HTTP.
struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
