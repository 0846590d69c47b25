//! What the server answers over HTTP: the WebSocket of the protocol at any path, the browser app
//! at every other request, and the operator's `/healthz` and `/readyz`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::peer::{Bucket, Out, Peer};
use crate::protocol::{Refusal, refused};
use crate::tables::{Connection, Tables};

/// What every request handler shares.
pub struct App {
    pub tables: Arc<Tables>,
    pub web: Option<PathBuf>,
    /// Every open connection, to tell each when the server stops.
    pub connections: Mutex<HashMap<u64, Arc<Peer>>>,
}

/// The bytes tungstenite reads from a socket at once. Its default (128 KiB) would cost every idle
/// connection that much; requests are at most a few KiB.
const READ_BUFFER_BYTES: usize = 4 * 1024;
/// What a connection's writer gathers before writing to the socket.
const WRITE_BUFFER_BYTES: usize = 8 * 1024;
/// A quiet connection is pinged this often.
const PING_EVERY: Duration = Duration::from_secs(20);

pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .fallback(root)
        .with_state(app)
}

/// Ready while it takes tables: not while it drains.
async fn ready(State(app): State<Arc<App>>) -> Response {
    if app.tables.draining.load(Ordering::Relaxed) {
        (StatusCode::SERVICE_UNAVAILABLE, "draining\n").into_response()
    } else {
        "ready\n".into_response()
    }
}

async fn metrics(State(app): State<Arc<App>>) -> Response {
    let metrics = &app.tables.metrics;
    let (tables, waiting) = app.tables.counts();
    metrics.tables.set(tables as i64);
    metrics.waiting.set(waiting as i64);
    metrics.connections.set(app.connections.lock().unwrap_or_else(|p| p.into_inner()).len() as i64);
    let content_type = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    ([(header::CONTENT_TYPE, content_type)], metrics.encode()).into_response()
}

fn is_websocket(request: &Request) -> bool {
    request
        .headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

async fn root(State(app): State<Arc<App>>, request: Request) -> Response {
    if is_websocket(&request) {
        let (mut parts, _) = request.into_parts();
        let upgrade = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
            Ok(upgrade) => upgrade,
            Err(rejection) => return rejection.into_response(),
        };
        let limit = app.tables.limits().max_message_bytes;
        // A token may come in the URL (`?token=`), where a browser's WebSocket cannot set a
        // header. No URL is logged, so the token is not either.
        let token = parts
            .uri
            .query()
            .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("token=")).map(|t| t.to_owned()));
        return upgrade
            .read_buffer_size(READ_BUFFER_BYTES)
            .write_buffer_size(WRITE_BUFFER_BYTES)
            .max_message_size(limit)
            .max_frame_size(limit)
            .on_upgrade(move |socket| connection(socket, app, token))
            .into_response();
    }
    match &app.web {
        Some(dir) => match ServeDir::new(dir).oneshot(request).await {
            Ok(response) => response.map(Body::new),
            Err(never) => match never {},
        },
        None => (StatusCode::NOT_FOUND, "this server serves no page (--web none)\n").into_response(),
    }
}

/// One connection: its requests read in order, at its rate, and its messages written by a task
/// of its own.
async fn connection(socket: WebSocket, app: Arc<App>, token: Option<String>) {
    let (peer, mut queue) = Peer::new();
    let peer = Arc::new(peer);
    app.connections.lock().unwrap_or_else(|p| p.into_inner()).insert(peer.id, Arc::clone(&peer));
    let (mut sink, mut stream) = socket.split();
    let written = Arc::clone(&peer);
    let mut writer = tokio::spawn(async move {
        // A ping when the connection has been quiet a while: proxies drop idle connections
        // (nginx after 60 s), and a seat may wait longer than that for its turn.
        let mut quiet = tokio::time::interval(PING_EVERY);
        quiet.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        quiet.tick().await;
        // Whether anything went out since the last tick: a flag, not a timer reset per message.
        let mut spoke = false;
        loop {
            let out = tokio::select! {
                out = queue.recv() => out,
                _ = quiet.tick() => {
                    if !std::mem::take(&mut spoke) && sink.send(Message::Ping(Default::default())).await.is_err() {
                        return;
                    }
                    continue;
                }
            };
            let Some(out) = out else { return };
            spoke = true;
            let mut next = Some(out);
            // Whatever else is queued goes in the same write.
            while let Some(out) = next.take() {
                match out {
                    Out::Text(text) => {
                        let bytes = text.len();
                        if sink.feed(Message::Text(text)).await.is_err() {
                            return;
                        }
                        written.written(bytes);
                    }
                    Out::Close(code, reason) => {
                        let frame = CloseFrame { code, reason: reason.into() };
                        let _ = sink.send(Message::Close(Some(frame))).await;
                        return;
                    }
                }
                next = queue.try_recv().ok();
            }
            if sink.flush().await.is_err() {
                return;
            }
        }
    });
    let limits = app.tables.limits().clone();
    let mut conn = Connection::new(Arc::clone(&peer), &limits);
    let mut messages = Bucket::new(limits.messages_per_second, limits.burst);
    if let Some(token) = token {
        // Signed in from its first message on; a refused token is said once, and the
        // connection goes on unsigned.
        if let Err(refusal) = app.tables.sign_in(&mut conn, &token) {
            peer.send(Utf8Bytes::from(serde_json::Value::Object(refused(&refusal)).to_string()));
        }
    }
    // Once the writer is done (its close frame sent), what the client still sends is read and
    // dropped until it answers the close: a socket closed with unread data is reset, and the
    // reset would destroy the close frame on its way.
    let mut closed_at: Option<tokio::time::Instant> = None;
    loop {
        let message = tokio::select! {
            message = stream.next() => message,
            _ = &mut writer, if closed_at.is_none() => {
                closed_at = Some(tokio::time::Instant::now() + Duration::from_secs(5));
                continue;
            }
            () = tokio::time::sleep_until(closed_at.unwrap_or_else(tokio::time::Instant::now)), if closed_at.is_some() => break,
        };
        let Some(message) = message else { break };
        if closed_at.is_some() || peer.is_closing() {
            if matches!(message, Ok(Message::Close(_)) | Err(_)) {
                break;
            }
            continue;
        }
        // Past its rate, a connection is read more slowly: what it sends waits in its own socket
        // buffers, then in its client, and costs this server nothing.
        let delay = messages.wait();
        if delay > 0.0 {
            tokio::time::sleep(Duration::from_secs_f64(delay)).await;
        }
        match message {
            Ok(Message::Text(text)) => app.tables.handle(&mut conn, text.as_str()).await,
            Ok(Message::Binary(_)) => {
                let refusal = Refusal::bad_request("messages are JSON text frames");
                peer.send(Utf8Bytes::from(serde_json::Value::Object(refused(&refusal)).to_string()));
            }
            Ok(Message::Close(_)) => break,
            Ok(_) => {} // pings are answered by the WebSocket layer
            Err(e) => {
                let text = e.to_string();
                if text.contains("too long") || text.contains("Space limit") {
                    peer.close(1009, "a message is at most --max-message-bytes");
                    continue;
                }
                tracing::debug!("a connection failed: {text}");
                break;
            }
        }
    }
    app.tables.detach(&peer);
    app.connections.lock().unwrap_or_else(|p| p.into_inner()).remove(&peer.id);
    if closed_at.is_none() && !writer.is_finished() {
        peer.close(1000, "");
        if tokio::time::timeout(Duration::from_secs(5), &mut writer).await.is_err() {
            writer.abort();
        }
    }
}
