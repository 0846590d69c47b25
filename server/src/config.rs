//! The server's configuration: every option a flag and an environment variable, with the
//! defaults of docs/server.md.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

/// The game server of fichas: tables over WebSocket, every move checked by the engine, the dice
/// rolled and the hands hidden here, every step stored before anyone hears of it.
#[derive(Clone, Debug, Parser)]
#[command(name = "fichas-server", version)]
pub struct Config {
    /// Where the games are kept: a SQLite file (created if missing), or
    /// `postgresql://user@host:port/database` for several processes on one database.
    #[arg(long, env = "FICHAS_DB", default_value = "fichas-games.sqlite3")]
    pub db: String,
    /// The WebSocket URL clients reach this process by, in `moved` replies (PostgreSQL); by
    /// default `ws://HOST:PORT` of where it listens.
    #[arg(long, env = "FICHAS_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The address to listen on. Give 0.0.0.0 to be reached from other machines.
    #[arg(long, env = "FICHAS_HOST", default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port to listen on; 0 picks a free one (the line `listening on HOST:PORT` gives it).
    #[arg(long, env = "FICHAS_PORT", default_value_t = 8765)]
    pub port: u16,
    /// The browser app to serve, as web/build makes it; `none` serves no page.
    #[arg(long, env = "FICHAS_WEB", default_value = "target/web")]
    pub web: String,
    /// Logs as lines of text or as JSON objects, on standard error.
    #[arg(long, env = "FICHAS_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    #[command(flatten)]
    pub accounts: AccountArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// How players sign in, as flags.
#[derive(Clone, Debug, clap::Args)]
pub struct AccountArgs {
    /// The secret the app's backend signs its HS256 tokens with (at least 32 bytes).
    #[arg(long, env = "FICHAS_JWT_SECRET", hide_env_values = true, conflicts_with = "jwt_jwks")]
    pub jwt_secret: Option<String>,
    /// A JWKS file of the public keys the app's backend signs its RS256 or ES256 tokens with.
    #[arg(long, env = "FICHAS_JWT_JWKS")]
    pub jwt_jwks: Option<PathBuf>,
    /// The issuer (`iss`) the app's tokens must carry.
    #[arg(long, env = "FICHAS_JWT_ISSUER")]
    pub jwt_issuer: Option<String>,
    /// The audience (`aud`) the app's tokens must carry.
    #[arg(long, env = "FICHAS_JWT_AUDIENCE")]
    pub jwt_audience: Option<String>,
    /// Seconds a token's expiry may be past, for clocks that disagree.
    #[arg(long, env = "FICHAS_JWT_LEEWAY_S", default_value_t = 60)]
    pub jwt_leeway_s: u64,
    /// Whether people may play as guests, with a token this server signs.
    #[arg(long, env = "FICHAS_GUESTS", value_enum, default_value_t = Switch::On)]
    pub guests: Switch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    On,
    Off,
}

impl AccountArgs {
    /// How the app's tokens are checked, if it has accounts, or why the flags cannot be.
    pub fn app_tokens(&self) -> Result<Option<crate::accounts::AppTokens>, String> {
        use crate::accounts::AppTokens;
        if self.jwt_secret.is_none() && self.jwt_jwks.is_none() {
            return Ok(None);
        }
        let (Some(issuer), Some(audience)) = (self.jwt_issuer.clone(), self.jwt_audience.clone()) else {
            return Err(
                "the app's tokens are checked against their issuer and audience: give --jwt-issuer and --jwt-audience"
                    .into(),
            );
        };
        match (&self.jwt_secret, &self.jwt_jwks) {
            (Some(secret), _) => AppTokens::hs256(secret.as_bytes(), issuer, audience, self.jwt_leeway_s).map(Some),
            (None, Some(path)) => AppTokens::jwks(path, issuer, audience, self.jwt_leeway_s).map(Some),
            (None, None) => Ok(None),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// The limits, as flags.
#[derive(Clone, Debug, clap::Args)]
pub struct LimitArgs {
    /// The turn limit of tables whose create names none, in ms, or `none`.
    #[arg(long, env = "FICHAS_TURN_LIMIT_MS", default_value = "90000", value_parser = parse_turn_limit)]
    pub turn_limit_ms: TurnLimit,
    /// The least time between two commits: the steps of every table in that window share one
    /// transaction and one sync.
    #[arg(long, env = "FICHAS_COMMIT_INTERVAL_MS", default_value_t = 5.0)]
    pub commit_interval_ms: f64,
    /// The largest frame a client may send; a larger one closes the connection (code 1009).
    #[arg(long, env = "FICHAS_MAX_MESSAGE_BYTES", default_value_t = 8192)]
    pub max_message_bytes: usize,
    /// What a connection may send a second, on average; past it the connection is read more
    /// slowly, not refused.
    #[arg(long, env = "FICHAS_MESSAGES_PER_SECOND", default_value_t = 50.0)]
    pub messages_per_second: f64,
    /// What a connection may send at once.
    #[arg(long, env = "FICHAS_BURST", default_value_t = 100)]
    pub burst: u32,
    /// Tables one connection may create a minute (`RateLimited` past it).
    #[arg(long, env = "FICHAS_CREATES_PER_MINUTE", default_value_t = 10)]
    pub creates_per_minute: u32,
    /// Tables created by one connection that may wait for their players at once.
    #[arg(long, env = "FICHAS_OPEN_TABLES_PER_CONNECTION", default_value_t = 5)]
    pub open_tables_per_connection: usize,
    /// Tables waiting for their players on this process, in all.
    #[arg(long, env = "FICHAS_OPEN_TABLES", default_value_t = 10_000)]
    pub open_tables: usize,
    /// How long a table may wait for its players, in seconds; then it is closed for good.
    #[arg(long, env = "FICHAS_UNJOINED_TTL_S", default_value_t = 600.0)]
    pub unjoined_ttl_s: f64,
    /// How long a stop (SIGTERM) may take: past it the process exits with what is committed.
    #[arg(long, env = "FICHAS_DRAIN_S", default_value_t = 10.0)]
    pub drain_s: f64,
    /// How long a bot waits before it acts, in ms: people see what it does.
    #[arg(long, env = "FICHAS_BOT_DELAY_MS", default_value_t = 700)]
    pub bot_delay_ms: u64,
    /// Timeouts in a row after which a bot plays a seat, until its person acts again.
    #[arg(long, env = "FICHAS_AWAY_AFTER_TIMEOUTS", default_value_t = 2)]
    pub away_after_timeouts: u32,
}

/// A turn limit flag: milliseconds, or no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnLimit(pub Option<u64>);

fn parse_turn_limit(text: &str) -> Result<TurnLimit, String> {
    if text == "none" {
        return Ok(TurnLimit(None));
    }
    let ms: u64 = text.parse().map_err(|_| format!("a turn limit is milliseconds or `none`, not `{text}`"))?;
    let range = crate::protocol::MIN_TURN_LIMIT_MS..=crate::protocol::MAX_TURN_LIMIT_MS;
    if !range.contains(&ms) {
        return Err(format!("a turn limit is from {} to {} ms", range.start(), range.end()));
    }
    Ok(TurnLimit(Some(ms)))
}

/// The limits, checked and in the units the server uses.
#[derive(Clone, Debug)]
pub struct Limits {
    pub turn_limit_ms: Option<u64>,
    pub commit_interval: Duration,
    pub max_message_bytes: usize,
    pub messages_per_second: f64,
    pub burst: f64,
    pub creates_per_minute: u32,
    pub open_tables_per_connection: usize,
    pub open_tables: usize,
    pub unjoined_ttl: Duration,
    pub drain: Duration,
    pub bot_delay: Duration,
    pub away_after_timeouts: u32,
}

impl LimitArgs {
    /// The limits, or why they cannot be.
    pub fn check(&self) -> Result<Limits, String> {
        let seconds = |name: &str, value: f64| {
            Duration::try_from_secs_f64(value).map_err(|_| format!("--{name} is a number of seconds, 0 or more"))
        };
        if !(self.messages_per_second > 0.0 && self.messages_per_second.is_finite()) {
            return Err("--messages-per-second is more than 0".into());
        }
        if self.burst == 0 {
            return Err("--burst is 1 or more".into());
        }
        if self.max_message_bytes < 64 {
            return Err("--max-message-bytes is 64 or more: no request fits in less".into());
        }
        Ok(Limits {
            turn_limit_ms: self.turn_limit_ms.0,
            commit_interval: seconds("commit-interval-ms", self.commit_interval_ms / 1000.0)?,
            max_message_bytes: self.max_message_bytes,
            messages_per_second: self.messages_per_second,
            burst: f64::from(self.burst),
            creates_per_minute: self.creates_per_minute,
            open_tables_per_connection: self.open_tables_per_connection,
            open_tables: self.open_tables,
            unjoined_ttl: seconds("unjoined-ttl-s", self.unjoined_ttl_s)?,
            drain: seconds("drain-s", self.drain_s)?,
            bot_delay: Duration::from_millis(self.bot_delay_ms),
            away_after_timeouts: self.away_after_timeouts.max(1),
        })
    }
}

impl Config {
    /// The database's URL when the games are kept in PostgreSQL.
    pub fn postgres(&self) -> Option<&str> {
        (self.db.starts_with("postgresql://") || self.db.starts_with("postgres://")).then_some(self.db.as_str())
    }

    /// The browser app's folder, unless `--web none`.
    pub fn web_dir(&self) -> Option<PathBuf> {
        (self.web != "none").then(|| PathBuf::from(&self.web))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_options_serve_on_localhost_with_sqlite_and_the_rule_texts_turn_limit() {
        let config = Config::try_parse_from(["fichas-server"]).unwrap();
        assert_eq!(
            (config.host.to_string(), config.port, config.db.as_str()),
            ("127.0.0.1".into(), 8765, "fichas-games.sqlite3")
        );
        let limits = config.limits.check().unwrap();
        assert_eq!(limits.turn_limit_ms, Some(90_000));
        assert_eq!((limits.max_message_bytes, limits.creates_per_minute, limits.open_tables), (8192, 10, 10_000));
    }

    #[test]
    fn a_turn_limit_is_milliseconds_in_range_or_none() {
        let parse =
            |v: &str| Config::try_parse_from(["fichas-server", "--turn-limit-ms", v]).map(|c| c.limits.turn_limit_ms);
        assert_eq!(parse("none").unwrap(), TurnLimit(None));
        assert_eq!(parse("1500").unwrap(), TurnLimit(Some(1500)));
        assert!(parse("10").is_err());
        assert!(parse("soon").is_err());
    }

    #[test]
    fn limits_that_cannot_work_are_refused_with_the_flag_named() {
        let config = Config::try_parse_from(["fichas-server", "--burst", "0"]).unwrap();
        assert!(config.limits.check().unwrap_err().contains("--burst"));
        let config = Config::try_parse_from(["fichas-server", "--unjoined-ttl-s=-1"]).unwrap();
        assert!(config.limits.check().unwrap_err().contains("--unjoined-ttl-s"));
    }
}
