//! The server's log lines: where they go and in which form.

/// Logs on stdout (as before), filtered by `RUST_LOG`; one JSON object a line with `LOG_FORMAT=json` (for a
/// log collector), else a compact line a person reads. Either way each line of a request carries
/// its span: method, route, request id, and at the end status and latency.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Colour codes only for a person at a terminal, not in a file or a collector.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()));
    if std::env::var("LOG_FORMAT").as_deref() == Ok("json") {
        builder
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .init();
    } else {
        builder.compact().init();
    }
}
