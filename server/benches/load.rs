//! The load generator of fichas-server: real games through the protocol, at a fixed arrival rate
//! of moves (an open loop, so that queueing shows in the latency instead of slowing the load),
//! every record and every die checked at the end.
//!
//! ```text
//! cargo bench -p fichas-server --bench load -- --url ws://127.0.0.1:8765 --tables 2000 --rate 20000 --server-pid PID
//! cargo bench -p fichas-server --bench load -- --url ws://127.0.0.1:8765 --idle 50000 --server-pid PID
//! ```
//!
//! Each table has four seats, each on a connection of its own as a phone's would be. A table's
//! moves are due at fixed times, `tables / rate` seconds apart; a move whose seat has not yet seen
//! its turn by then goes out as soon as it does, and its latency counts from when it was due to
//! the update that shows it to its seat. Moves/s, the latency's p50, p99 and p99.9, and the CPU
//! time of the generator and of the server (`--server-pid`) are reported apart, as text or
//! (`--json`) one JSON object. `--idle N` instead opens N connections that send nothing, spread
//! over source addresses 127.0.0.1 to 127.0.0.250, and reports the server's memory for each.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fichas::record::{Record, parse_link};
use fichas::table::{Secret, verify_dice};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::net::TcpSocket;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Debug)]
struct Options {
    url: String,
    tables: usize,
    rate: f64,
    variant: String,
    server_pids: Vec<u32>,
    json: bool,
    idle: Option<usize>,
    timeout_s: u64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        url: "ws://127.0.0.1:8765".into(),
        tables: 200,
        rate: 2_000.0,
        variant: "parchis".into(),
        server_pids: Vec::new(),
        json: false,
        idle: None,
        timeout_s: 600,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--url" => o.url = value()?,
            "--tables" => o.tables = value()?.parse().map_err(|e| format!("--tables: {e}"))?,
            "--rate" => o.rate = value()?.parse().map_err(|e| format!("--rate: {e}"))?,
            "--variant" => o.variant = value()?,
            "--server-pid" => o.server_pids.push(value()?.parse().map_err(|e| format!("--server-pid: {e}"))?),
            "--idle" => o.idle = Some(value()?.parse().map_err(|e| format!("--idle: {e}"))?),
            "--timeout-s" => o.timeout_s = value()?.parse().map_err(|e| format!("--timeout-s: {e}"))?,
            "--json" => o.json = true,
            "--bench" => {} // cargo bench passes it
            other => return Err(format!("unknown option {other}")),
        }
    }
    if o.rate.is_nan() || o.rate <= 0.0 || o.tables == 0 {
        return Err("--rate and --tables are more than 0".into());
    }
    Ok(o)
}

/// What a seat reads of a message; the rest of it is skipped.
#[derive(Deserialize)]
struct Update {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    step: u64,
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    head: String,
    #[serde(default)]
    record: Option<String>,
    #[serde(default)]
    secret: Option<String>,
}

struct Seat {
    socket: Socket,
    token: String,
}

/// A phone's buffers: its messages are small. (tungstenite's default read buffer, 128 KiB, is
/// zeroed at every read, which would cost the generator more than the games.)
fn config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(4096)
}

async fn connect(url: &str, from: Option<IpAddr>) -> Result<Socket, String> {
    let Some(from) = from else {
        return tokio_tungstenite::connect_async_with_config(url, Some(config()), true)
            .await
            .map(|(s, _)| s)
            .map_err(|e| format!("connect: {e}"));
    };
    let host = url.trim_start_matches("ws://").trim_end_matches('/');
    let to: SocketAddr = host.parse().map_err(|e| format!("{host}: {e}"))?;
    let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket.bind(SocketAddr::new(from, 0)).map_err(|e| format!("bind {from}: {e}"))?;
    let stream = socket.connect(to).await.map_err(|e| format!("connect from {from}: {e}"))?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    tokio_tungstenite::client_async_with_config(url, tokio_tungstenite::MaybeTlsStream::Plain(stream), Some(config()))
        .await
        .map(|(s, _)| s)
        .map_err(|e| format!("handshake: {e}"))
}

async fn request(socket: &mut Socket, message: Value) -> Result<Value, String> {
    socket.send(Message::text(message.to_string())).await.map_err(|e| e.to_string())?;
    loop {
        match tokio::time::timeout(Duration::from_secs(30), socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return serde_json::from_str(&text).map_err(|e| e.to_string()),
            Ok(Some(Ok(_))) => continue,
            other => return Err(format!("no reply: {other:?}")),
        }
    }
}

/// A table created and its four seats joined, each on its own connection, each attached.
async fn set_up(url: &str, variant: &str) -> Result<(Vec<Seat>, String), String> {
    let mut host = connect(url, None).await?;
    let created = request(&mut host, json!({"type": "create", "variant": variant, "dice": "verifiable"})).await?;
    let table = created["table"].as_str().ok_or(format!("create: {created}"))?.to_owned();
    let commitment = created["commitment"].as_str().unwrap_or_default().to_owned();
    let seats = created["seats"].as_u64().unwrap_or(4);
    let _ = host.close(None).await;
    let mut out = Vec::new();
    for seat in 0..seats {
        let join = json!({"type": "join", "table": table, "seat": seat, "seed": format!("s{seat}")});
        let mut socket = connect(url, None).await?;
        let mut joined = request(&mut socket, join.clone()).await?;
        // A server of several processes sends the seat to the one that serves its table.
        if joined["type"] == "moved" {
            socket = connect(joined["url"].as_str().unwrap_or(url), None).await?;
            joined = request(&mut socket, join).await?;
        }
        let token = joined["token"].as_str().ok_or(format!("join: {joined}"))?.to_owned();
        out.push(Seat { socket, token });
    }
    for seat in &mut out {
        let hello = json!({"type": "hello", "table": table, "token": seat.token, "since": 0});
        seat.socket.send(Message::text(hello.to_string())).await.map_err(|e| e.to_string())?;
    }
    Ok((out, format!("{table}:{commitment}")))
}

/// What one table's game gave.
#[derive(Default)]
struct Played {
    /// Each move: when it was due (seconds from the start) and its latency (µs).
    moves: Vec<(f64, u32)>,
    finished: bool,
    verified: bool,
    failure: Option<String>,
}

/// Plays one table's game to its end at its schedule: its i-th move is due at `start + i *
/// interval`. Each seat's connection is read by a task of its own, which hands its updates on.
async fn play(
    seats: Vec<Seat>,
    id: String,
    start: tokio::time::Instant,
    interval: Duration,
    deadline: Instant,
) -> Played {
    let mut played = Played::default();
    let (table, commitment) = id.split_once(':').map(|(t, c)| (t.to_owned(), c.to_owned())).unwrap_or_default();
    let (tx, mut updates) = tokio::sync::mpsc::unbounded_channel::<(usize, Result<Update, String>)>();
    let mut sinks = Vec::new();
    let mut tokens = Vec::new();
    for (index, seat) in seats.into_iter().enumerate() {
        let (sink, mut stream) = seat.socket.split();
        sinks.push(sink);
        tokens.push(seat.token);
        let tx = tx.clone();
        tokio::spawn(async move {
            while let Some(message) = stream.next().await {
                let update = match message {
                    Ok(Message::Text(text)) => serde_json::from_str::<Update>(&text).map_err(|e| e.to_string()),
                    Ok(_) => continue,
                    Err(e) => Err(e.to_string()),
                };
                let last = update.as_ref().is_ok_and(|u| u.over);
                if tx.send((index, update)).is_err() || last {
                    return;
                }
            }
            let _ = tx.send((index, Err("the connection ended".into())));
        });
    }
    drop(tx);
    let mut due = start;
    // The seat whose move is in flight, the step it was made on, and when it was due.
    let mut pending: Option<(usize, u64, tokio::time::Instant)> = None;
    let mut latest: Vec<Option<Update>> = (0..sinks.len()).map(|_| None).collect();
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        let (index, update) = match tokio::time::timeout(remaining, updates.recv()).await {
            Ok(Some(received)) => received,
            Ok(None) | Err(_) => {
                played.failure = Some(format!("table {table}: not over by the deadline"));
                return played;
            }
        };
        let update = match update {
            Ok(update) if update.kind == "update" => update,
            Ok(other) => {
                played.failure = Some(format!("table {table}: a {} message", other.kind));
                return played;
            }
            Err(e) => {
                played.failure = Some(format!("table {table}: {e}"));
                return played;
            }
        };
        if let Some((seat, step, was_due)) = pending
            && seat == index
            && update.step > step
        {
            let at = was_due.duration_since(start).as_secs_f64();
            played.moves.push((at, was_due.elapsed().as_micros().min(u128::from(u32::MAX)) as u32));
            pending = None;
        }
        if update.over {
            if index == 0 {
                played.finished = true;
                match check(&update, &commitment) {
                    Ok(()) => played.verified = true,
                    Err(e) => played.failure = Some(format!("table {table}: {e}")),
                }
                for mut sink in sinks {
                    let _ = sink.close().await;
                }
                return played;
            }
            latest[index] = Some(update);
            continue;
        }
        latest[index] = Some(update);
        if pending.is_some() {
            continue;
        }
        // The seat whose turn its own update shows moves, at its due time.
        let Some(seat) = latest.iter().position(|u| u.as_ref().is_some_and(|u| !u.legal.is_empty())) else { continue };
        let Some(u) = latest[seat].take() else { continue };
        let action = &u.legal[((u.step * 7 + seat as u64) as usize) % u.legal.len()];
        tokio::time::sleep_until(due).await;
        let act = json!({"type": "act", "table": table, "token": tokens[seat], "step": u.step, "action": action});
        if let Err(e) = sinks[seat].send(Message::text(act.to_string())).await {
            played.failure = Some(format!("table {table}: {e}"));
            return played;
        }
        pending = Some((seat, u.step, due));
        // The schedule is the arrival rate's, whatever the server does: a move that went out
        // late does not move the next one's due time.
        due += interval;
    }
}

/// A finished game as a phone checks it: the chain up to the head it was sent, the secret
/// against the commitment published at the creation, and every die.
fn check(update: &Update, commitment: &str) -> Result<(), String> {
    let record = update.record.as_deref().ok_or("the last update has no record")?;
    let record = Record::from_json(record).map_err(|e| e.to_string())?;
    let head = parse_link(&update.head).ok_or("the head is not 64 hex digits")?;
    record.verify(Some(&head)).map_err(|e| e.to_string())?;
    let secret = update.secret.as_deref().and_then(Secret::from_hex).ok_or("the last update has no secret")?;
    if fichas::record::hex(&secret.commitment()) != commitment {
        return Err("the secret is not the one committed to at the creation".into());
    }
    verify_dice(&record, &secret).map_err(|e| e.to_string())?;
    Ok(())
}

/// CPU seconds (user and system) of a process, from /proc.
fn cpu_s(pid: Option<u32>) -> f64 {
    let path = pid.map_or("/proc/self/stat".to_string(), |p| format!("/proc/{p}/stat"));
    let Ok(stat) = std::fs::read_to_string(path) else { return f64::NAN };
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    // After the name: state is field 3, utime 14 and stime 15 (1-based, counting pid and name).
    let ticks = |i: usize| fields.get(i - 3).and_then(|f| f.parse::<f64>().ok()).unwrap_or(f64::NAN);
    (ticks(14) + ticks(15)) / 100.0
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

async fn crowd(o: &Options) -> Result<Value, String> {
    let opening = Arc::new(Semaphore::new(64));
    let mut setups = Vec::new();
    for _ in 0..o.tables {
        let (url, variant, opening) = (o.url.clone(), o.variant.clone(), Arc::clone(&opening));
        setups.push(tokio::spawn(async move {
            let _permit = opening.acquire().await;
            set_up(&url, &variant).await
        }));
    }
    let mut tables = Vec::new();
    for setup in setups {
        tables.push(setup.await.map_err(|e| e.to_string())??);
    }
    let interval = Duration::from_secs_f64(o.tables as f64 / o.rate);
    let start = tokio::time::Instant::now() + Duration::from_millis(200);
    let deadline = Instant::now() + Duration::from_secs(o.timeout_s);
    let (gen0, servers0): (f64, Vec<f64>) = (cpu_s(None), o.server_pids.iter().map(|p| cpu_s(Some(*p))).collect());
    let began = Instant::now();
    let mut games = Vec::new();
    for (k, (seats, id)) in tables.into_iter().enumerate() {
        // The tables' schedules interleave: one move is due every 1/rate seconds in all.
        let offset = Duration::from_secs_f64(k as f64 / o.rate);
        games.push(tokio::spawn(play(seats, id, start + offset, interval, deadline)));
    }
    let mut all = Vec::new();
    let (mut finished, mut verified, mut failures) = (0, 0, Vec::new());
    // The load is sustained while every table plays: until the first game's last move.
    let mut window = f64::INFINITY;
    for game in games {
        let played = game.await.map_err(|e| e.to_string())?;
        if let Some((at, _)) = played.moves.last() {
            window = window.min(*at);
        }
        all.extend(played.moves);
        finished += usize::from(played.finished);
        verified += usize::from(played.verified);
        failures.extend(played.failure);
    }
    let seconds = began.elapsed().as_secs_f64() - 0.2;
    let generator_cpu = cpu_s(None) - gen0;
    let server_cpu: f64 = o.server_pids.iter().zip(&servers0).map(|(p, c)| cpu_s(Some(*p)) - c).sum();
    let moves = all.len();
    // The first second warms up (connections' buffers, the store's cache): left out.
    let mut sustained: Vec<u32> = all.iter().filter(|(at, _)| *at >= 1.0 && *at < window).map(|(_, l)| *l).collect();
    sustained.sort_unstable();
    let mut latencies: Vec<u32> = all.iter().map(|(_, l)| *l).collect();
    latencies.sort_unstable();
    let ms = |sorted: &[u32]| json!({"p50": percentile(sorted, 0.5), "p99": percentile(sorted, 0.99), "p999": percentile(sorted, 0.999), "max": percentile(sorted, 1.0)});
    Ok(json!({
        "tables": o.tables, "rate": o.rate, "variant": o.variant,
        "sustained": {"seconds": window - 1.0, "moves": sustained.len(), "moves_per_s": sustained.len() as f64 / (window - 1.0), "latency_ms": ms(&sustained)},
        "moves": moves, "seconds": seconds, "moves_per_s": moves as f64 / seconds, "latency_ms": ms(&latencies),
        "finished": finished, "verified": verified, "failures": failures.iter().take(10).collect::<Vec<_>>(),
        "failed": failures.len(),
        "cpu_s": {"generator": generator_cpu, "server": server_cpu},
        "cpu_us_per_move": {"generator": generator_cpu * 1e6 / moves.max(1) as f64, "server": server_cpu * 1e6 / moves.max(1) as f64},
    }))
}

async fn idle(o: &Options, count: usize) -> Result<Value, String> {
    let pid = *o.server_pids.first().ok_or("--idle needs --server-pid, to read its memory")?;
    let before = rss_kib(pid);
    let opened = Arc::new(AtomicUsize::new(0));
    let opening = Arc::new(Semaphore::new(256));
    let mut tasks = Vec::new();
    // One source address holds some 28,000 ports: the connections spread over 250 of them.
    for i in 0..count {
        let (url, opened, opening) = (o.url.clone(), Arc::clone(&opened), Arc::clone(&opening));
        let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % 250) as u8));
        tasks.push(tokio::spawn(async move {
            let permit = opening.acquire().await;
            let socket = connect(&url, Some(from)).await;
            drop(permit);
            if socket.is_ok() {
                opened.fetch_add(1, Ordering::Relaxed);
            }
            socket
        }));
    }
    let mut sockets = Vec::new();
    let mut failures = Vec::new();
    for task in tasks {
        match task.await.map_err(|e| e.to_string())? {
            Ok(socket) => sockets.push(socket),
            Err(e) => failures.push(e),
        }
    }
    // The server settles (its buffers shrink back once the handshakes are done).
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = rss_kib(pid);
    // Still open: each answers a request.
    let mut answered = 0;
    for socket in sockets.iter_mut().step_by((count / 100).max(1)) {
        if request(socket, json!({"type": "list"})).await.is_ok() {
            answered += 1;
        }
    }
    let per = (after.saturating_sub(before)) as f64 / sockets.len().max(1) as f64;
    Ok(json!({
        "idle": count, "open": sockets.len(), "failed": failures.len(), "failures": failures.iter().take(5).collect::<Vec<_>>(),
        "sampled_and_answered": answered,
        "server_rss_kib": {"before": before, "after": after}, "kib_per_connection": per,
    }))
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a runtime");
    let result = runtime.block_on(async {
        match o.idle {
            Some(count) => idle(&o, count).await,
            None => crowd(&o).await,
        }
    });
    match result {
        Ok(figures) if o.json => println!("{figures}"),
        Ok(figures) => println!("{}", serde_json::to_string_pretty(&figures).unwrap_or_default()),
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(1);
        }
    }
}
