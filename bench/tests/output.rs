//! The bench's stdout is its table and nothing else. Its in-process server answers thousands of
//! requests inside the timed phases; with the server's usual log level (RUST_LOG=info) not one
//! line per request may appear, neither in the table nor on stderr, where the bench's own log and
//! its progress go. Runs the live phase, the quickest one that serves HTTP, against the
//! PostgreSQL server DATABASE_URL names, in a scratch database of its own.

use std::process::Command;

/// The lines the table starts without indentation: its title and its sections' headings. Every
/// other line of the table is a blank line or indented.
const HEADINGS: &[&str] = &[
    "Mudanzas benchmark (",
    "Machine",
    "Append throughput",
    "Follow / replay",
    "Live latency",
    "Moves API over HTTP",
    "Live delivery over the API",
    "Load (issue 9",
    "Targets met:",
];

fn is_table(line: &str) -> bool {
    line.is_empty() || line.starts_with("  ") || HEADINGS.iter().any(|h| line.starts_with(h))
}

#[test]
fn stdout_is_the_table_alone_and_nothing_is_logged_per_request() {
    let url = std::env::var("DATABASE_URL")
        .expect("DATABASE_URL must name a PostgreSQL server (make test sets it)");
    let output = Command::new(env!("CARGO_BIN_EXE_mudanzas-bench"))
        .args(["--quick", "--only", "live"])
        .env("DATABASE_URL", url)
        // Not the default scratch database: a bench run on the same server keeps its own.
        .env("BENCH_DB", "mudanzas_bench_output_test")
        .env("RUST_LOG", "info")
        .output()
        .expect("running mudanzas-bench");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the bench failed ({}):\n{stderr}\n--- stdout:\n{stdout}",
        output.status
    );
    let strays: Vec<&str> = stdout.lines().filter(|l| !is_table(l)).collect();
    assert!(
        strays.is_empty(),
        "{} lines on stdout are not the table's, the first: {:#?}",
        strays.len(),
        &strays[..strays.len().min(5)]
    );
    let lines: Vec<&str> = stdout.lines().collect();
    for expected in [
        "Mudanzas benchmark (",
        "Machine",
        "Live latency",
        "Targets met:",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(expected)),
            "no {expected:?} line in the table:\n{stdout}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.trim_start().starts_with("every frame")),
        "no latency row in the table:\n{stdout}"
    );
    // The server's request log line (api::ops): off while the bench runs, not merely moved.
    let per_request = stderr.lines().filter(|l| l.contains("respuesta")).count();
    assert_eq!(
        per_request, 0,
        "the in-process server logged {per_request} requests:\n{stderr}"
    );
}
