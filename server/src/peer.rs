//! One client's connection, as the tables see it: a queue of messages written by a task of its
//! own, so handling a message never waits on a slow client and every connection gets its
//! messages in order.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;

/// Bytes waiting for a slow connection before the server drops it (it reconnects with hello).
pub const MAX_BACKLOG_BYTES: usize = 1024 * 1024;
/// Close code for a connection whose seat another connection took over.
pub const CLOSE_TAKEN_OVER: u16 = 4000;
/// Close code for a connection too far behind.
pub const CLOSE_BEHIND: u16 = 1013;
/// Close code for a server that is restarting: reconnect.
pub const CLOSE_RESTARTING: u16 = 1012;

/// What the connection's writer sends.
#[derive(Debug)]
pub enum Out {
    Text(Utf8Bytes),
    Close(u16, &'static str),
}

/// A connection's handle, shared by the tables it is attached to.
#[derive(Debug)]
pub struct Peer {
    pub id: u64,
    queue: mpsc::UnboundedSender<Out>,
    backlog: AtomicUsize,
    closing: AtomicBool,
    /// Tables this connection created that wait for their players.
    pub waiting: Mutex<HashSet<String>>,
    /// Tables this connection is attached to (as a seat, the host or a spectator).
    pub attached: Mutex<HashSet<String>>,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Peer {
    /// A peer and the receiving end of its queue, for its writer.
    pub fn new() -> (Peer, mpsc::UnboundedReceiver<Out>) {
        let (queue, rx) = mpsc::unbounded_channel();
        let peer = Peer {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            queue,
            backlog: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            waiting: Mutex::default(),
            attached: Mutex::default(),
        };
        (peer, rx)
    }

    /// Queues a message; a connection past [`MAX_BACKLOG_BYTES`] is closed instead.
    pub fn send(&self, text: Utf8Bytes) {
        if self.closing.load(Ordering::Relaxed) {
            return;
        }
        if self.backlog.load(Ordering::Relaxed) > MAX_BACKLOG_BYTES {
            tracing::warn!("dropping a connection that is over {MAX_BACKLOG_BYTES} bytes behind");
            self.close(CLOSE_BEHIND, "too far behind: reconnect and say hello");
            return;
        }
        self.backlog.fetch_add(text.len(), Ordering::Relaxed);
        let _ = self.queue.send(Out::Text(text));
    }

    /// Closes the connection once what is queued before it is written.
    pub fn close(&self, code: u16, reason: &'static str) {
        if !self.closing.swap(true, Ordering::Relaxed) {
            let _ = self.queue.send(Out::Close(code, reason));
        }
    }

    /// The writer wrote `bytes` of the backlog.
    pub fn written(&self, bytes: usize) {
        self.backlog.fetch_sub(bytes, Ordering::Relaxed);
    }

    pub fn is_closing(&self) -> bool {
        self.closing.load(Ordering::Relaxed)
    }
}

/// A token bucket: `rate` a second on average, up to `burst` at once.
#[derive(Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket { rate, burst, tokens: burst, at: Instant::now() }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    /// Takes a token, owing it if need be: the seconds to wait before it is there.
    pub fn wait(&mut self) -> f64 {
        self.refill();
        self.tokens -= 1.0;
        if self.tokens >= 0.0 { 0.0 } else { -self.tokens / self.rate }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_owes_time_at_its_rate() {
        let mut bucket = Bucket::new(10.0, 3.0);
        assert!(bucket.take() && bucket.take() && bucket.take());
        assert!(!bucket.take());
        let owed = bucket.wait();
        assert!(owed > 0.05 && owed <= 0.1 + 1e-9, "{owed}");
    }

    #[test]
    fn a_peer_past_its_backlog_is_closed_and_sent_nothing_more() {
        let (peer, mut rx) = Peer::new();
        let big = Utf8Bytes::from("x".repeat(MAX_BACKLOG_BYTES));
        peer.send(big.clone());
        peer.send(Utf8Bytes::from_static("{}"));
        peer.send(big);
        assert!(matches!(rx.try_recv(), Ok(Out::Text(_))));
        assert!(matches!(rx.try_recv(), Ok(Out::Text(_))));
        assert!(matches!(rx.try_recv(), Ok(Out::Close(CLOSE_BEHIND, _))));
        assert!(rx.try_recv().is_err());
        assert!(peer.is_closing());
    }
}
