//! `fichas-server`: the game server a team deploys. See docs/server.md.

mod accounts;
mod config;
mod http;
mod metrics;
mod peer;
mod protocol;
mod store;
mod tables;

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use clap::Parser;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use config::{Config, LogFormat};
use store::Store;
use store::postgres::PostgresStore;
use store::sqlite::SqliteStore;
use tables::Tables;

fn main() -> ExitCode {
    let config = Config::parse();
    let limits = match config.limits.check() {
        Ok(limits) => limits,
        Err(e) => {
            eprintln!("fichas-server: {e}");
            return ExitCode::from(2);
        }
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("FICHAS_LOG").unwrap_or_else(|_| "info".into());
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match config.log_format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => logs.json().init(),
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("fichas-server: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config, limits)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("fichas-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// How often a process looks for tables whose process died (PostgreSQL).
const TAKEOVER_PERIOD: std::time::Duration = std::time::Duration::from_millis(500);

async fn serve(config: Config, limits: config::Limits) -> Result<(), String> {
    // Bound first, so that the store knows the address `moved` replies give.
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let public_url = config.public_url.clone().unwrap_or_else(|| format!("ws://{}:{port}", config.host));
    let store: Arc<dyn Store> = match config.postgres() {
        Some(dsn) => {
            Arc::new(PostgresStore::open(dsn, public_url).await.map_err(|e| format!("cannot open the database: {e}"))?)
        }
        None => Arc::new(
            SqliteStore::open(std::path::Path::new(&config.db))
                .map_err(|e| format!("cannot open {}: {e}", config.db))?,
        ),
    };
    let shown = if config.postgres().is_some() { "PostgreSQL" } else { config.db.as_str() };
    let drain = limits.drain;
    let app_tokens = config.accounts.app_tokens()?;
    let guest_key = match config.accounts.guests {
        config::Switch::On => {
            Some(store.secret("guests").await.map_err(|e| format!("cannot read the guests' key: {e}"))?)
        }
        config::Switch::Off => None,
    };
    let accounts = accounts::Accounts::new(app_tokens, guest_key.as_deref().map(str::as_bytes))?;
    let (tables, queue) = Tables::new(Arc::clone(&store), limits, accounts);
    tokio::spawn(Arc::clone(&tables).run_commits(queue));
    let restored = tables.restore().await.map_err(|e| format!("cannot read the open tables: {e}"))?;
    tracing::info!("resumed {restored} open tables from {shown}");
    tokio::spawn(Arc::clone(&tables).run_clock());
    tokio::spawn(Arc::clone(&tables).run_takeover(TAKEOVER_PERIOD));

    let web = config.web_dir();
    if let Some(dir) = web.as_ref().filter(|dir| !dir.join("index.html").is_file()) {
        tracing::warn!(
            "{} holds no browser app: build it with bindings-wasm/build and web/build, or give --web",
            dir.display()
        );
    }
    let app = Arc::new(http::App { tables: Arc::clone(&tables), web, connections: Default::default() });
    println!("listening on {}:{port}", config.host);
    let _ = std::io::stdout().flush();

    // Updates are small and each is due at once: no Nagle delay waiting for an acknowledgement.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let mut server = tokio::spawn(axum::serve(listener, http::router(Arc::clone(&app))).into_future());
    tokio::select! {
        result = &mut server => {
            return match result {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(format!("the server stopped: {e}")),
                Err(e) => Err(format!("the server stopped: {e}")),
            };
        }
        () = stopped() => {}
        // Its leases went with its session: another process serves its tables now.
        why = store.lost() => return Err(format!("stopping: {why}")),
    }
    // Draining: /readyz says so and no table is created; what was played is committed and
    // told; then every connection hears to reconnect (1012), and the process exits within the
    // bound.
    tracing::info!("stopping: committing what was played, then closing every connection");
    tables.draining.store(true, Ordering::Relaxed);
    let close = async {
        tables.flush().await;
        let peers: Vec<_> = app.connections.lock().unwrap_or_else(|p| p.into_inner()).values().cloned().collect();
        for peer in peers {
            peer.close(peer::CLOSE_RESTARTING, "the server is restarting: reconnect");
        }
        // The close frames go out with what was queued before them.
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(2);
        while !app.connections.lock().unwrap_or_else(|p| p.into_inner()).is_empty()
            && tokio::time::Instant::now() < deadline
        {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    if tokio::time::timeout(drain, close).await.is_err() {
        tracing::warn!("the stop took longer than --drain-s: exiting with what is committed");
    }
    server.abort();
    Ok(())
}

/// SIGTERM or SIGINT.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
