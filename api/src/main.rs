//! `mudanzas`: serve the site, seed demo data, rebuild projections, verify the log's hash chains.
//! The benchmark is a binary of its own, `mudanzas-bench` (bench/).

use std::process::ExitCode;

use api::config::Config;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Parser)]
#[command(
    name = "mudanzas",
    about = "Mudanzas: the moving company's site and staff dashboards"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve the site and the API (the default).
    Serve,
    /// Apply the database migrations.
    Migrate,
    /// Migrate and load the demo accounts and sample moves (idempotent).
    Seed,
    /// Rebuild read models from zero by replaying the event log.
    Rebuild {
        /// Only this projection (default: all).
        #[arg(long)]
        projection: Option<String>,
    },
    /// Seal what is committed into the log chain, then walk the hash chains over the whole log
    /// and report the first broken link (exit code 1 when there is one). Prints the chain's head:
    /// keep a copy outside the database to compare with later runs.
    Verify {
        /// A head printed by an earlier run, as `POSITION:HASH`: the chain must still hold that
        /// seal at that position (a log rewritten from an earlier event onwards would not).
        #[arg(long, value_name = "POSITION:HASH")]
        expect_head: Option<String>,
    },
    /// Print the API's OpenAPI description (the document `/api/openapi.json` serves), without a
    /// database: for fuzzers and client generators.
    Openapi,
}

#[tokio::main]
async fn main() -> ExitCode {
    api::ops::init_logging();
    let cli = Cli::parse();
    match run(cli.command.unwrap_or(Command::Serve)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> Result<(), String> {
    if let Command::Openapi = command {
        let doc =
            serde_json::to_string_pretty(&api::routes::openapi()).map_err(|e| e.to_string())?;
        println!("{doc}");
        return Ok(());
    }
    let config = Config::from_env()?;
    let pool = api::connect(&config.database_url, 20)
        .await
        .map_err(|e| format!("database: {e}"))?;
    events_schema::MIGRATOR
        .run(&pool)
        .await
        .map_err(|e| format!("migrations: {e}"))?;
    match command {
        Command::Migrate => Ok(()),
        Command::Seed => api::seed::seed(&pool, &config.seed_dir).await,
        Command::Rebuild { projection } => rebuild(&pool, projection.as_deref()).await,
        Command::Verify { expect_head } => verify(&pool, expect_head.as_deref()).await,
        Command::Serve => serve(pool, config).await,
        // Dispatched above, before the connection.
        Command::Openapi => Ok(()),
    }
}

async fn serve(pool: sqlx::PgPool, config: Config) -> Result<(), String> {
    let addr = config.addr;
    match api::ops::raise_open_file_limit() {
        Ok(files) if files < 16_384 => tracing::warn!(
            files,
            "open-file limit is low for a server holding WebSockets (raise the hard limit)"
        ),
        Ok(files) => tracing::info!(files, "open-file limit"),
        Err(e) => tracing::warn!(error = %e, "could not raise the open-file limit"),
    }
    let state = api::AppState::start(pool, config, api::StartOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    api::retention::spawn(state.clone());
    // Before serving: a crash may have cut uploads short, leaving files no event names.
    match api::routes::photos::sweep_orphans(&state.pool, &state.config.data_dir).await {
        Ok(0) => {}
        Ok(removed) => tracing::info!(removed, "photo files of interrupted uploads removed"),
        Err(e) => tracing::warn!(error = %e, "could not sweep interrupted photo uploads"),
    }
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("{addr}: {e}"))?;
    tracing::info!("Mudanzas en http://{addr}");
    api::server::serve(listener, state, shutdown()).await;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => return std::future::pending().await,
            };
        tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

async fn rebuild(pool: &sqlx::PgPool, only: Option<&str>) -> Result<(), String> {
    let all = projections::all();
    let selected: Vec<_> = all
        .iter()
        .filter(|p| only.is_none_or(|name| p.name() == name))
        .collect();
    if selected.is_empty() {
        let names: Vec<_> = all.iter().map(|p| p.name()).collect();
        return Err(format!("no such projection; known: {}", names.join(", ")));
    }
    for projector in selected {
        let bar = ProgressBar::new(0).with_message(projector.name());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:>10} [{bar:40}] {pos}/{len} events ({per_sec}, {eta})",
            )
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
        );
        let started = std::time::Instant::now();
        let position = projections::rebuild(pool, projector.as_ref(), 2_000, |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        })
        .await
        .map_err(|e| format!("{}: {e}", projector.name()))?;
        bar.finish();
        println!(
            "{}: rebuilt up to position {position} in {:.2?}",
            projector.name(),
            started.elapsed()
        );
    }
    Ok(())
}

async fn verify(pool: &sqlx::PgPool, expect_head: Option<&str>) -> Result<(), String> {
    use events_schema::chain;
    let expected = match expect_head {
        None => None,
        Some(text) => {
            let (position, hash) = text
                .split_once(':')
                .and_then(|(p, h)| Some((p.trim().parse::<i64>().ok()?, h.trim().to_lowercase())))
                .ok_or("--expect-head takes POSITION:HASH, as `verify` prints the chain head")?;
            Some((position, hash))
        }
    };
    let spinner = ProgressBar::new_spinner().with_message("sealing committed events");
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    let sealed = chain::seal(pool, 5_000)
        .await
        .map_err(|e| format!("sealing: {e}"))?;
    spinner.finish_with_message(format!("sealed {sealed} events"));

    let bar = ProgressBar::new(0).with_message("verify");
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} events ({per_sec}, {eta})")
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
    );
    let started = std::time::Instant::now();
    let v = chain::verify(pool, 5_000, |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })
    .await
    .map_err(|e| format!("verify: {e}"))?;
    bar.finish();
    let elapsed = started.elapsed();
    println!(
        "checked {} events in {elapsed:.2?} ({:.0} events/s); {} not sealed yet",
        v.verificados,
        v.verificados as f64 / elapsed.as_secs_f64().max(1e-9),
        v.pendientes
    );
    match (&v.head, v.ok) {
        (Some(head), true) => println!(
            "chain head: position {p}, {h}\n  keep a copy outside the database; check it later \
             with `mudanzas verify --expect-head {p}:{h}`",
            p = head.position,
            h = head.chain_hash
        ),
        (None, true) => println!("chain head: nothing sealed yet"),
        (_, false) => {}
    }
    if let (Some((position, hash)), None) = (&expected, &v.primer_fallo) {
        let sealed: Option<Vec<u8>> =
            sqlx::query_scalar("SELECT chain_hash FROM log_chain WHERE position = $1")
                .bind(position)
                .fetch_optional(pool)
                .await
                .map_err(|e| e.to_string())?;
        match sealed.map(hex::encode) {
            Some(found) if &found == hash => {
                println!("the earlier head at position {position} is still in the chain")
            }
            Some(found) => {
                return Err(format!(
                    "BROKEN: the seal at position {position} is {found}, not the expected {hash}"
                ))
            }
            None => return Err(format!("BROKEN: nothing is sealed at position {position}")),
        }
    }
    match v.primer_fallo {
        None => {
            println!("the log is intact");
            Ok(())
        }
        Some(broken) => Err(format!(
            "BROKEN LINK at position {} (stream {:?}, {}): {}",
            broken.position, broken.stream_id, broken.event_type, broken.motivo
        )),
    }
}
