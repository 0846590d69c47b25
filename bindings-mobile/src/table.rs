//! The `Table` object: what a game server holds instead of a `Game` (see docs/server.md). Seats
//! act only through `submit`; timeouts, outcomes and the secret are the host's; each seat's
//! events come filtered by the engine, never by an app.

use std::sync::{Arc, Mutex};

use fichas::record::{Record, parse_link};
use fichas::seat::Viewer;
use fichas::table::{self, Options, Secret, Table as CoreTable, TableError};

use crate::convert::{ChanceOutcome, Event, Outcome, seat_number, seat_of};
use crate::{FichasError, GameRecord, Result, SeatView, guard, parse_variant};

/// An event delivered to a seat, with the table step that produced it.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct TableEvent {
    pub step: u64,
    pub event: Event,
}

/// One roll of the game, for the dice button's history.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct RollEntry {
    pub step: u64,
    pub seat: u32,
    /// The roll as written, `5-3`.
    pub roll: String,
}

/// One step as a store appends it: its index, its JSON as the record writes it (with its time
/// and link), and its link (hex).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct StoredStep {
    pub index: u64,
    pub json: String,
    pub link: String,
}

/// A refusal as the error of its kind.
fn table_error(e: TableError) -> FichasError {
    let message = e.to_string();
    match e {
        TableError::NotYourTurn { .. } => FichasError::NotYourTurn(message),
        TableError::Stale { .. } => FichasError::Stale(message),
        TableError::Ahead { .. } => FichasError::FutureStep(message),
        TableError::HostOnly => FichasError::HostOnly(message),
        TableError::GameOver => FichasError::GameOver(message),
        TableError::Illegal { .. } => FichasError::IllegalAction(message),
        TableError::NoSuchSeat { .. } => FichasError::Seat(message),
        _ => FichasError::Table(message),
    }
}

fn secret_of(text: &str) -> Result<Secret> {
    Secret::from_hex(text)
        .ok_or_else(|| FichasError::Parse("a secret is 64 hexadecimal digits (what reveal() gives)".into()))
}

fn record_of(json: &str) -> Result<Record> {
    Record::from_json(json).map_err(|e| FichasError::Record(e.to_string()))
}

/// The table that continues `record`, its turn clock started afresh at `at`: both constructors
/// of a resumed table.
fn resumed(record: &Record, secret: Option<String>, at: Option<u64>) -> Result<Arc<Table>> {
    let secret = secret.as_deref().map(secret_of).transpose()?;
    let mut table = CoreTable::resume(record, secret).map_err(table_error)?;
    if let Some(at) = at {
        table.restart_clock(at);
    }
    Ok(Table::wrap(table))
}

fn step_number(step: usize) -> u64 {
    step as u64
}

/// A game served to remote seats: `Table("cartas", dice = "verifiable")`. Every method may be
/// called from any thread; each call sees and leaves a whole table.
#[derive(uniffi::Object)]
pub struct Table {
    inner: Mutex<CoreTable>,
}

impl Table {
    fn wrap(table: CoreTable) -> Arc<Table> {
        Arc::new(Table { inner: Mutex::new(table) })
    }

    pub(crate) fn with<T>(&self, f: impl FnOnce(&mut CoreTable) -> Result<T>) -> Result<T> {
        guard(|| match self.inner.lock() {
            Ok(mut table) => f(&mut table),
            Err(_) => Err(FichasError::Internal("this table stopped after an earlier internal error".into())),
        })
    }
}

#[uniffi::export]
impl Table {
    /// A table of `variant`, not yet started. `dice`: `system` (the operating system's secure
    /// generator), `host` (outcomes supplied with `supply`) or `verifiable`; `turnLimitMs` the
    /// time a turn may take on the host's clock. Throws `Config` for a bad variant or source.
    #[uniffi::constructor(default(dice = "system", turn_limit_ms = None))]
    pub fn new(variant: String, dice: String, turn_limit_ms: Option<u64>) -> Result<Arc<Table>> {
        guard(|| {
            let variant = parse_variant(&variant)?;
            let dice = dice.parse().map_err(|e: fichas::ParseError| FichasError::Config(e.to_string()))?;
            Ok(Table::wrap(CoreTable::new(variant, Options { dice, turn_limit_ms }).map_err(table_error)?))
        })
    }

    /// Continues a game from its record JSON, checking every step; verifiable dice need their
    /// `secret`, system dice continue with fresh entropy. `at` (the host's time now) starts the
    /// current turn's clock afresh, so no seat pays for the server's absence.
    #[uniffi::constructor(default(secret = None, at = None))]
    pub fn resume(record: String, secret: Option<String>, at: Option<u64>) -> Result<Arc<Table>> {
        guard(|| resumed(&record_of(&record)?, secret, at))
    }

    pub fn variant(&self) -> Result<String> {
        self.with(|t| Ok(t.variant().to_string()))
    }

    pub fn seats(&self) -> Result<u32> {
        self.with(|t| Ok(t.seats() as u32))
    }

    /// Where the outcomes come from: `system`, `host` or `verifiable`.
    pub fn dice(&self) -> Result<String> {
        self.with(|t| Ok(t.dice().to_string()))
    }

    pub fn is_started(&self) -> Result<bool> {
        self.with(|t| Ok(t.is_started()))
    }

    /// How the game ended, once it is over.
    pub fn outcome(&self) -> Result<Option<Outcome>> {
        self.with(|t| t.outcome().map(|o| Outcome::of(&o, &t.winners())).transpose())
    }

    /// The outcomes the host may supply, with weights (host dice; the host's alone: in Cartas
    /// it shows the hand a 2 steals from).
    pub fn chance_outcomes(&self) -> Result<Vec<ChanceOutcome>> {
        self.with(|t| {
            Ok(t.chance_outcomes()
                .into_iter()
                .map(|(o, weight)| ChanceOutcome { notation: o.to_string(), weight })
                .collect())
        })
    }

    /// Every event from step `since` on with nothing hidden: the host's own, never a seat's.
    #[uniffi::method(default(since = 0))]
    pub fn host_events(&self, since: u64) -> Result<Vec<TableEvent>> {
        self.with(|t| {
            let since = usize::try_from(since).unwrap_or(usize::MAX);
            t.events(since)
                .iter()
                .map(|d| Ok(TableEvent { step: step_number(d.step), event: Event::of(&d.event)? }))
                .collect()
        })
    }

    /// SHA-256 of the verifiable dice's secret (hex), to publish before the start.
    pub fn commitment(&self) -> Result<Option<String>> {
        self.with(|t| Ok(t.commitment().map(|c| fichas::record::hex(&c))))
    }

    /// Seats a player before the start, with a name or id and a seed for the verifiable dice.
    #[uniffi::method(default(player = None, seed = None))]
    pub fn join(&self, seat: u32, player: Option<String>, seed: Option<String>) -> Result<()> {
        self.with(|t| {
            let seat = seat_of(&t.variant(), seat)?;
            t.join(seat, player.as_deref(), seed.as_deref()).map_err(table_error)
        })
    }

    /// Closes the joining and makes the draws that are due (the first deal of Cartas).
    #[uniffi::method(default(at = None))]
    pub fn start(&self, at: Option<u64>) -> Result<()> {
        self.with(|t| t.start(at).map_err(table_error))
    }

    /// The table's step counter; a seat sends back the one it last saw.
    pub fn step(&self) -> Result<u64> {
        self.with(|t| Ok(step_number(t.step())))
    }

    /// The seat to act (to decide, or to ask for its roll), or none.
    pub fn to_act(&self) -> Result<Option<u32>> {
        self.with(|t| Ok(t.to_act().map(seat_number)))
    }

    pub fn is_over(&self) -> Result<bool> {
        self.with(|t| Ok(t.is_over()))
    }

    /// The winning seats, once the game is over.
    pub fn winners(&self) -> Result<Vec<u32>> {
        self.with(|t| Ok(t.winners().into_iter().map(seat_number).collect()))
    }

    /// What `seat` may send now: `roll` when its roll is due, else its legal actions.
    pub fn legal_actions(&self, seat: u32) -> Result<Vec<String>> {
        self.with(|t| Ok(t.legal_actions(seat_of(&t.variant(), seat)?)))
    }

    /// A seat's move made on table step `step`: the new step. Throws `NotYourTurn`, `Stale`,
    /// `HostOnly`, `IllegalAction` or `GameOver`; a refusal changes nothing.
    #[uniffi::method(default(at = None))]
    pub fn submit(&self, seat: u32, step: u64, action: String, at: Option<u64>) -> Result<u64> {
        self.with(|t| {
            let seat = seat_of(&t.variant(), seat)?;
            let step = usize::try_from(step).unwrap_or(usize::MAX);
            t.submit(seat, step, &action, at).map(step_number).map_err(table_error)
        })
    }

    /// The host's timeout of the seat on turn, before or after its roll: the new step.
    #[uniffi::method(default(at = None))]
    pub fn timeout(&self, at: Option<u64>) -> Result<u64> {
        self.with(|t| t.timeout(at).map(step_number).map_err(table_error))
    }

    /// When the current turn runs out (host milliseconds), if there is a turn limit.
    pub fn deadline(&self) -> Result<Option<u64>> {
        self.with(|t| Ok(t.deadline()))
    }

    /// Times the seat on turn out if `now` is at or past the deadline; whether it did.
    pub fn expire(&self, now: u64) -> Result<bool> {
        self.with(|t| t.expire(now).map_err(table_error))
    }

    /// What `seat` may see.
    pub fn view(&self, seat: u32) -> Result<Arc<SeatView>> {
        self.with(|t| Ok(Arc::new(SeatView::new(t.view(seat_of(&t.variant(), seat)?)))))
    }

    /// Every event from step `since` on as `seat` may see it (none: a spectator). What a
    /// server sends each phone; a reconnecting phone asks from the step it last saw.
    #[uniffi::method(default(since = 0))]
    pub fn events_for(&self, seat: Option<u32>, since: u64) -> Result<Vec<TableEvent>> {
        self.with(|t| {
            let viewer = match seat {
                Some(s) => Viewer::Seat(seat_of(&t.variant(), s)?),
                None => Viewer::Spectator,
            };
            let since = usize::try_from(since).unwrap_or(usize::MAX);
            t.events_for(viewer, since)
                .iter()
                .map(|d| Ok(TableEvent { step: step_number(d.step), event: Event::of(&d.event)? }))
                .collect()
        })
    }

    /// Continues a game from what a store kept: the `header()` JSON and the JSON of every step
    /// it appended (`stepsSince`), in order. Every link is checked; a torn or changed row throws
    /// `Record` (a row that cannot be read) or `Table` (a link that does not follow), naming the
    /// step.
    #[uniffi::constructor(default(secret = None, at = None))]
    pub fn resume_from(
        header: String,
        steps: Vec<String>,
        secret: Option<String>,
        at: Option<u64>,
    ) -> Result<Arc<Table>> {
        guard(|| {
            let record = Record::from_json_parts(&header, &steps).map_err(|e| FichasError::Record(e.to_string()))?;
            resumed(&record, secret, at)
        })
    }

    /// What a spectator may see, as JSON: in the dice games the position text (they hide
    /// nothing), in Cartas an object of the board and the public piles, with no card of any hand.
    pub fn public_view_json(&self) -> Result<String> {
        self.with(|t| serde_json::to_string(&t.public_view()).map_err(|e| FichasError::Internal(e.to_string())))
    }

    /// The record without its steps (configuration and the host's metadata) as JSON: a store
    /// keeps it once per game, again after each join and at the start (from then on it no
    /// longer changes).
    pub fn header(&self) -> Result<String> {
        self.with(|t| Ok(t.header().to_json()))
    }

    /// The steps from index `since` on, for a store to append after the ones it holds: the same
    /// cost at step 5,000 as at step 5.
    #[uniffi::method(default(since = 0))]
    pub fn steps_since(&self, since: u64) -> Result<Vec<StoredStep>> {
        let since = usize::try_from(since).unwrap_or(usize::MAX);
        self.with(|t| {
            Ok(t.steps_since(since)
                .map(|e| StoredStep {
                    index: step_number(e.index),
                    json: e.to_json(),
                    link: fichas::record::hex(&e.link),
                })
                .collect())
        })
    }

    /// Every roll from table step `since` on, who rolled it, in order.
    #[uniffi::method(default(since = 0))]
    pub fn rolls(&self, since: u64) -> Result<Vec<RollEntry>> {
        self.with(|t| {
            let all = t.rolls();
            Ok(all[all.partition_point(|r| step_number(r.step) < since)..]
                .iter()
                .map(|r| RollEntry { step: step_number(r.step), seat: seat_number(r.seat), roll: r.roll.to_string() })
                .collect())
        })
    }

    /// Whether the table waits for the host's outcome (host dice).
    pub fn chance_due(&self) -> Result<bool> {
        self.with(|t| Ok(t.chance_due()))
    }

    /// Supplies the awaited outcome (host dice): `5-3`, or a Cartas card such as `K`.
    #[uniffi::method(default(at = None))]
    pub fn supply(&self, outcome: String, at: Option<u64>) -> Result<u64> {
        self.with(|t| {
            let outcome = t.game().state().parse_chance(&outcome).map_err(|e| FichasError::Parse(e.to_string()))?;
            t.supply(outcome, at).map(step_number).map_err(table_error)
        })
    }

    /// The record: every step with its host time, the host's metadata and the hash chain.
    pub fn record(&self) -> Result<Arc<GameRecord>> {
        self.with(|t| Ok(Arc::new(GameRecord::new(t.record()))))
    }

    /// The head of the record's hash chain (hex), for the server to keep or sign.
    pub fn head(&self) -> Result<String> {
        self.with(|t| Ok(fichas::record::hex(&t.head())))
    }

    /// The verifiable dice's secret (hex). Publish it only once the game is over.
    pub fn reveal(&self) -> Result<String> {
        self.with(|t| {
            t.reveal()
                .map(Secret::to_hex)
                .ok_or_else(|| FichasError::Table(format!("the table's dice are {}: there is no secret", t.dice())))
        })
    }
}

/// Recomputes every chance outcome of a record of verifiable dice from the revealed secret:
/// how many were checked. Throws `Dice` naming the first step that differs.
#[uniffi::export]
pub fn verify_dice(record: String, secret: String) -> Result<u32> {
    guard(|| {
        let record = record_of(&record)?;
        let secret = secret_of(&secret)?;
        let checked = table::verify_dice(&record, &secret).map_err(|e| FichasError::Dice(e.to_string()))?;
        Ok(u32::try_from(checked).unwrap_or(u32::MAX))
    })
}

/// Reads a chain head written in hex.
pub(crate) fn head_of(text: &str) -> Result<fichas::record::Link> {
    parse_link(text.trim())
        .ok_or_else(|| FichasError::Parse("a head is 64 hexadecimal digits (what head() gives)".into()))
}
