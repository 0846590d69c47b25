//! What an operator watches, at `/metrics` in the Prometheus text format.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// A refusal's label: its name on the wire (`NotYourTurnError`, `BadRequest`, …).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Refused {
    pub code: String,
}

/// The server's metrics.
pub struct Metrics {
    registry: Registry,
    /// Moves accepted from seats (a roll asked for counts as one).
    pub moves: Counter,
    /// Requests refused, by refusal.
    pub refusals: Family<Refused, Counter>,
    /// Tables in memory, and those of them waiting for their players.
    pub tables: Gauge,
    pub waiting: Gauge,
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// How long a group commit takes, in seconds.
    pub commit_seconds: Histogram,
    /// From a move's arrival to its updates leaving, its commit included, in seconds.
    pub move_seconds: Histogram,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("fichas");
        let moves = Counter::default();
        registry.register("moves", "Moves accepted from seats", moves.clone());
        let refusals = Family::<Refused, Counter>::default();
        registry.register("refusals", "Requests refused, by refusal", refusals.clone());
        let tables = Gauge::default();
        registry.register("tables", "Tables in memory", tables.clone());
        let waiting = Gauge::default();
        registry.register("tables_waiting", "Tables in memory waiting for their players", waiting.clone());
        let connections = Gauge::default();
        registry.register("connections", "Open WebSocket connections", connections.clone());
        // From 0.25 ms to about 4 s, doubling.
        let commit_seconds = Histogram::new(exponential_buckets(0.000_25, 2.0, 15));
        registry.register("commit_seconds", "Time a group commit takes", commit_seconds.clone());
        let move_seconds = Histogram::new(exponential_buckets(0.000_25, 2.0, 15));
        registry.register(
            "move_seconds",
            "Time from a move's arrival to its updates, commit included",
            move_seconds.clone(),
        );
        Metrics { registry, moves, refusals, tables, waiting, connections, commit_seconds, move_seconds }
    }
}

impl Metrics {
    pub fn refused(&self, code: &str) {
        self.refusals.get_or_create(&Refused { code: code.to_owned() }).inc();
    }

    /// The metrics as text.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut out, &self.registry);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_counted_by_their_name() {
        let metrics = Metrics::default();
        metrics.refused("BadRequest");
        metrics.refused("BadRequest");
        metrics.refused("StaleStepError");
        metrics.moves.inc();
        let text = metrics.encode();
        assert!(text.contains("fichas_refusals_total{code=\"BadRequest\"} 2"), "{text}");
        assert!(text.contains("fichas_refusals_total{code=\"StaleStepError\"} 1"), "{text}");
        assert!(text.contains("fichas_moves_total 1"), "{text}");
        assert!(text.contains("# TYPE fichas_move_seconds histogram"), "{text}");
    }
}
