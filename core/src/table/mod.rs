//! Tables: the engine as the authority of an online game (docs/rules/tables.md).
//!
//! A [`Game`] is the raw engine: whoever holds it may do anything. A [`Table`] is what a server
//! holds instead. Seats act through one door, [`Table::submit`], which names the seat and the
//! step it acted on, and everything else is refused with its own [`TableError`]. Chance is the
//! table's (see [`dice`]); timeouts are the host's ([`Table::timeout`], [`Table::expire`]);
//! every event reaches each seat and spectator in the form it may see ([`Table::events_for`]);
//! and the record is evidence: host metadata and a hash chain ([`Table::record`]).
//!
//! ```
//! use fichas::seat::{Seat, Viewer};
//! use fichas::table::{Options, Table};
//!
//! let mut table = Table::new("poleana:2".parse().unwrap(), Options::default()).unwrap();
//! table.start(Some(0)).unwrap();
//! let yellow = Seat::ALL[0];
//! assert_eq!(table.legal_actions(yellow), ["roll"]);
//! let step = table.submit(yellow, table.step(), "roll", Some(1_000)).unwrap();
//! assert_eq!(step, 1);
//! // Red may not act for yellow, nor ask for a timeout.
//! assert!(table.submit(Seat::ALL[1], step, "timeout", None).is_err());
//! let rolled = table.events_for(Viewer::Seat(Seat::ALL[1]), 0);
//! println!("{:?}", rolled[0].event);
//! ```

pub mod dice;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::game::{Action, ChanceOutcome, Event, Game, Outcome, PublicView, State, Variant, View, describe_seat};
use crate::notation::{Snippet, bounded};
use crate::phase::{PlayError, Refusal};
use crate::record::{Entry, Link, Meta, Record, Step, next_link, replay_step};
use crate::seat::{Seat, Viewer};

pub use crate::record::DiceSource;
use dice::Source;
pub use dice::{DiceError, Secret, verify_dice};

/// How a table is set up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Where the chance outcomes come from: the operating system's secure generator by default.
    pub dice: DiceSource,
    /// The time each turn may take, in milliseconds of the host's clock.
    pub turn_limit_ms: Option<u64>,
}

/// What a seat sends: its roll request (in the dice games) or an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Asks for the roll that is due; the table rolls.
    Roll,
    /// A decision in the game's notation. A timeout is refused ([`TableError::HostOnly`]).
    Action(Action),
}

/// An event delivered to a viewer, with the table step that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delivered {
    /// The table step that produced the event: the index of its step in the record, from 0.
    pub step: usize,
    /// The event as the viewer may see it (nothing is hidden in [`Table::events`]).
    pub event: Event,
}

/// One roll of the game, for the dice button's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RollEntry {
    /// The record step of the roll, from 0.
    pub step: usize,
    /// The seat that rolled: the one on turn.
    pub seat: Seat,
    /// The two dice.
    pub roll: crate::dice::Roll,
}

/// The code of a move that is no text of the game's notation.
const UNREADABLE: &str = "unreadable";

/// Why a table refuses a move of its own.
pub(crate) mod refusal {
    use crate::phase::Refusal;

    pub(super) const WHITESPACE: Refusal =
        Refusal::new("table-whitespace", "a move is its notation alone, with no white space around it");
    pub(super) const NO_ROLL_DUE: Refusal = Refusal::new("table-no_roll_due", "no roll is due: choose a move");
    pub(super) const ROLL_FIRST: Refusal = Refusal::new("table-roll_first", "roll first");
    pub(crate) const ALL: [Refusal; 3] = [WHITESPACE, NO_ROLL_DUE, ROLL_FIRST];
}

/// Why a table refused a call. Nothing changes when a call is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// On the table's current step, the seat that sent the move is not the one to act: another
    /// seat is, or nobody is (the host's dice are awaited).
    #[error("it is not {seat}'s turn: {}", match .to_act { Some(who) => format!("{who} is to act"), None => "nobody is to act now".to_string() })]
    NotYourTurn {
        /// The seat that sent the move, named for messages: `seat 1 (red)`.
        seat: String,
        /// The seat to act, named the same way, or `None` when nobody is.
        to_act: Option<String>,
        /// The seat to act, or `None` when nobody is.
        to_act_seat: Option<Seat>,
    },
    /// The move names a step the table has left: a message sent twice, or a move made on an
    /// older position. Checked before whose turn it is.
    #[error("the move was made on step {sent}, but the table is at step {current}: look at the position again")]
    Stale {
        /// The step the move named.
        sent: usize,
        /// The table's step now.
        current: usize,
    },
    /// The move names a step the table has not reached: no seat has seen that position, so the
    /// client's count of steps is wrong. Checked before whose turn it is.
    #[error("the move names step {sent}, which the table has not reached: it is at step {current}")]
    Ahead {
        /// The step the move named.
        sent: usize,
        /// The table's step now.
        current: usize,
    },
    /// A seat sent a timeout, at any step: only the host reports one ([`Table::timeout`],
    /// [`Table::expire`]).
    #[error("a timeout is the host's to report: no seat may ask for one")]
    HostOnly,
    /// The seat is to act on the current step, but its move is not legal now (`roll` when a
    /// decision is due, an action before the roll) or cannot be read in the game's notation.
    #[error("`{action}` is not legal here: {reason} (legal: {})", if .legal.is_empty() { "nothing".to_string() } else { .legal.join(", ") })]
    Illegal {
        /// The move as sent (shortened when long).
        action: Snippet,
        /// Why it is refused, in words.
        reason: String,
        /// What the seat may send instead, as [`Table::legal_actions`] lists it.
        legal: Vec<String>,
        /// Why, as a stable code: the game's refusal ([`Refusal::code`]: `parchis-blocked`), the
        /// table's own (`table-whitespace`, `table-no_roll_due`, `table-roll_first`),
        /// `unreadable` for text that is no move of the game, or a play error's code.
        code: &'static str,
    },
    /// The game is over: no move, timeout or outcome is taken any more.
    #[error("the game is over")]
    GameOver,
    /// The seat's number is not below the table's number of seats.
    #[error("seat {seat} is not at this table of {seats}")]
    NoSuchSeat {
        /// The seat's number, from 0.
        seat: usize,
        /// How many seats the table has.
        seats: usize,
    },
    /// A move, a timeout or an outcome came before [`Table::start`].
    #[error("the table has not started: the host calls start() once the seats have joined")]
    NotStarted,
    /// [`Table::join`] or [`Table::start`] was called after the start.
    #[error("the table has started: seats join and add their seeds before the start")]
    Started,
    /// [`Table::timeout`] found no seat on turn: in Cartas, the host is to supply a card.
    #[error("nobody is on turn: the table waits for a card to be drawn")]
    NobodyOnTurn,
    /// The table's chance failed or was refused: the operating system's secure generator
    /// failed, or [`Table::supply`] was called with dice that are not the host's, with no
    /// outcome due, or with an outcome that cannot come. Holds why.
    #[error("{0}")]
    Dice(String),
    /// [`Table::resume`] refused the record: metadata that does not fit, a broken hash chain, a
    /// missing or wrong secret, dice that do not follow from the secret, or an illegal step.
    /// Holds why.
    #[error("the record cannot be resumed: {0}")]
    Resume(String),
}

impl TableError {
    /// A stable code for the kind of refusal, the same in every binding and on the wire:
    /// `not_your_turn`, `stale`, `ahead`, `host_only`, `illegal` (with a code of its own),
    /// `game_over`, `no_such_seat`, `not_started`, `started`, `nobody_on_turn`, `dice` or
    /// `resume`. The catalogues word each as `error-table-<code>`.
    pub const fn code(&self) -> &'static str {
        match self {
            TableError::NotYourTurn { .. } => "not_your_turn",
            TableError::Stale { .. } => "stale",
            TableError::Ahead { .. } => "ahead",
            TableError::HostOnly => "host_only",
            TableError::Illegal { .. } => "illegal",
            TableError::GameOver => "game_over",
            TableError::NoSuchSeat { .. } => "no_such_seat",
            TableError::NotStarted => "not_started",
            TableError::Started => "started",
            TableError::NobodyOnTurn => "nobody_on_turn",
            TableError::Dice(_) => "dice",
            TableError::Resume(_) => "resume",
        }
    }
}

/// A game held by a server: the only door through which seats act.
#[derive(Clone)]
pub struct Table {
    game: Game,
    meta: Meta,
    times: Vec<Option<u64>>,
    source: Source,
    /// Every event so far, in step order (so a seat's new ones are found by a binary search).
    events: Vec<Delivered>,
    rolls: Vec<RollEntry>,
    /// The hash chain, one link per step, extended as each step is taken: the head costs the
    /// same at every step.
    links: Vec<Link>,
    /// A seat asked for its roll and the host is to supply it.
    roll_asked: bool,
    turn_started: Option<u64>,
    clock_for: Option<Seat>,
}

impl Table {
    /// A table of `variant`, not yet started. Verifiable dice draw their secret here, so the
    /// commitment can be published before anyone joins.
    pub fn new(variant: Variant, options: Options) -> Result<Table, TableError> {
        let source = match options.dice {
            DiceSource::System => Source::System,
            DiceSource::Host => Source::Host,
            DiceSource::Verifiable => Source::Verifiable(Secret::generate().map_err(entropy)?),
        };
        let key = fresh_key()?;
        Ok(Table::with_source(Game::new(variant), source, options.turn_limit_ms, key))
    }

    /// A table of verifiable dice with a secret the host chose (tests, or a secret kept in a
    /// hardware module).
    pub fn with_secret(variant: Variant, secret: Secret, turn_limit_ms: Option<u64>) -> Table {
        let key = secret.chain_key();
        Table::with_source(Game::new(variant), Source::Verifiable(secret), turn_limit_ms, key)
    }

    fn with_source(game: Game, source: Source, turn_limit_ms: Option<u64>, chain_key: Link) -> Table {
        let seats = game.variant().seats();
        let meta = Meta {
            players: alloc::vec![None; seats],
            started: false,
            start_time: None,
            turn_limit_ms,
            dice: source.kind(),
            commitment: match &source {
                Source::Verifiable(secret) => Some(secret.commitment()),
                _ => None,
            },
            seeds: alloc::vec![String::new(); seats],
            chain_key: Some(chain_key),
        };
        Table {
            game,
            meta,
            times: Vec::new(),
            source,
            events: Vec::new(),
            rolls: Vec::new(),
            links: Vec::new(),
            roll_asked: false,
            turn_started: None,
            clock_for: None,
        }
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// How many seats the table has: seats are numbered from 0 below it.
    pub fn seats(&self) -> usize {
        self.variant().seats()
    }

    /// Where the table's chance outcomes come from.
    pub fn dice(&self) -> DiceSource {
        self.meta.dice
    }

    /// SHA-256 of the verifiable dice's secret, to publish before the start.
    pub fn commitment(&self) -> Option<Link> {
        self.meta.commitment
    }

    /// The secret of verifiable dice. The host keeps it to itself until the game is over, then
    /// publishes it so that anyone can check every outcome ([`verify_dice`]).
    pub fn reveal(&self) -> Option<&Secret> {
        match &self.source {
            Source::Verifiable(secret) => Some(secret),
            _ => None,
        }
    }

    /// Seats `seat` with its player's name or id, and its seed for the verifiable dice (any
    /// text; it joins the derivation of every outcome). Only before the start.
    pub fn join(&mut self, seat: Seat, player: Option<&str>, seed: Option<&str>) -> Result<(), TableError> {
        self.check_seat(seat)?;
        if self.meta.started {
            return Err(TableError::Started);
        }
        self.meta.players[seat.index()] = player.map(str::to_string);
        self.meta.seeds[seat.index()] = seed.unwrap_or("").to_string();
        Ok(())
    }

    /// Closes the joining (the seeds are final) and makes the draws that are due (the first
    /// deal of Cartas). `at` is the host's time, which starts the first turn's clock.
    pub fn start(&mut self, at: Option<u64>) -> Result<(), TableError> {
        if self.meta.started {
            return Err(TableError::Started);
        }
        self.meta.started = true;
        self.meta.start_time = at;
        self.turn_started = at;
        self.clock_for = self.to_act();
        self.settle(at)
    }

    /// Whether [`Table::start`] has been called.
    pub fn is_started(&self) -> bool {
        self.meta.started
    }

    /// The table's step counter: how many steps the record holds. A seat sends back the step
    /// it last saw, so that a move made on an older position is refused.
    pub fn step(&self) -> usize {
        self.game.steps().len()
    }

    /// The seat to act now: the one to decide or, in the dice games, the one to ask for its
    /// roll. `None` before the start, once the game is over, and while the host's dice are due.
    pub fn to_act(&self) -> Option<Seat> {
        if !self.meta.started || self.chance_due() {
            return None;
        }
        self.game.state().seat_on_turn()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// How the game ended, once it is over: public to every seat.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The winning seats, once the game is over (two in Parchís pairs); empty before.
    pub fn winners(&self) -> Vec<Seat> {
        self.game.winners()
    }

    /// What `seat` may send now, in notation: `roll` when its roll is due, else its legal
    /// actions; nothing when it is not its turn.
    pub fn legal_actions(&self, seat: Seat) -> Vec<String> {
        if self.to_act() != Some(seat) {
            return Vec::new();
        }
        if self.game.state().roll_is_due() {
            return alloc::vec!["roll".to_string()];
        }
        self.game.legal_actions().iter().map(|c| c.action().to_string()).collect()
    }

    /// A seat's move as text (`roll`, or an action in the game's notation), made on table step
    /// `step`; `at` is the host's time. The new step, or why the move is refused.
    ///
    /// The checks come in this order, and a refusal changes nothing: [`TableError::NoSuchSeat`];
    /// [`TableError::HostOnly`] for `timeout`; [`TableError::NotStarted`] and
    /// [`TableError::GameOver`]; [`TableError::Stale`] when `step` is one the table has left,
    /// [`TableError::Ahead`] when it is one the table has not reached; [`TableError::NotYourTurn`] when `seat` is not the one to act; then
    /// [`TableError::Illegal`]. After an accepted move the table makes the draws that are due
    /// (the roll asked for; in Cartas a theft's card, or the next round's deal), so the new step
    /// may be several steps on. With host dice those wait for [`Table::supply`] instead.
    ///
    /// ```
    /// use fichas::Seat;
    /// use fichas::table::{Options, Table, TableError};
    ///
    /// let mut table = Table::new("poleana:2".parse().unwrap(), Options::default()).unwrap();
    /// table.start(Some(0)).unwrap();
    /// let (yellow, red) = (Seat::ALL[0], Seat::ALL[1]);
    /// let refused = table.submit(red, 0, "roll", Some(500));
    /// assert!(matches!(refused, Err(TableError::NotYourTurn { .. })));
    /// assert_eq!(table.submit(yellow, 0, "roll", Some(1_000)), Ok(1));
    /// // The same message again names an old step: refused, never applied twice.
    /// let again = table.submit(yellow, 0, "roll", Some(1_000));
    /// assert_eq!(again, Err(TableError::Stale { sent: 0, current: 1 }));
    /// ```
    pub fn submit(&mut self, seat: Seat, step: usize, text: &str, at: Option<u64>) -> Result<usize, TableError> {
        self.check_seat(seat)?;
        // Read exactly as a record reads its steps: text the record would refuse is never taken.
        if text.trim() != text {
            self.check_turn(seat, step)?;
            return Err(self.refused(text, refusal::WHITESPACE, seat));
        }
        let mv = match text {
            "roll" => Move::Roll,
            _ => match self.game.state().parse_action(text) {
                Ok(action) => Move::Action(action),
                Err(e) => {
                    self.check_turn(seat, step)?;
                    return Err(self.illegal(text, bounded(&e.to_string()), UNREADABLE, seat));
                }
            },
        };
        self.submit_move(seat, step, mv, at)
    }

    /// [`Table::submit`] with a typed move.
    pub fn submit_move(&mut self, seat: Seat, step: usize, mv: Move, at: Option<u64>) -> Result<usize, TableError> {
        self.check_seat(seat)?;
        if matches!(mv, Move::Action(a) if a.is_timeout()) {
            return Err(TableError::HostOnly);
        }
        self.check_turn(seat, step)?;
        match mv {
            Move::Roll => {
                if !self.game.state().roll_is_due() {
                    return Err(self.refused("roll", refusal::NO_ROLL_DUE, seat));
                }
                self.roll_asked = true;
                if let Err(e) = self.settle(at) {
                    // The draw failed (the secure generator): the seat asks again later.
                    self.roll_asked = false;
                    return Err(e);
                }
            }
            Move::Action(action) => {
                if self.game.state().roll_is_due() {
                    return Err(self.refused(&action.to_string(), refusal::ROLL_FIRST, seat));
                }
                // Tried on a copy of the position (a small `Copy` value): a refusal changes nothing.
                let mut trial = *self.game.state();
                trial.play(action).map_err(|e| {
                    let code = match e {
                        PlayError::Illegal { reason, .. } => reason.code(),
                        other => other.code(),
                    };
                    self.illegal(&action.to_string(), play_reason(&e), code, seat)
                })?;
                self.commit(Step::Action { seat, action }, at)?;
                self.settle(at)?;
            }
        }
        Ok(self.step())
    }

    /// The host's timeout of the seat whose turn it is, whether or not it has rolled
    /// (docs/rules/tables.md §2.1). No seat can cause one: it is not an action of
    /// [`Table::submit`].
    pub fn timeout(&mut self, at: Option<u64>) -> Result<usize, TableError> {
        self.check_open()?;
        let seat = self.game.state().seat_on_turn().ok_or(TableError::NobodyOnTurn)?;
        self.commit(Step::Timeout { seat }, at)?;
        self.settle(at)?;
        Ok(self.step())
    }

    /// When the current turn's time runs out, from the host's times and the turn limit: the
    /// clock starts when a seat's turn begins (the host's time of that step).
    pub fn deadline(&self) -> Option<u64> {
        let limit = self.meta.turn_limit_ms?;
        self.to_act()?;
        self.turn_started.map(|t| t.saturating_add(limit))
    }

    /// Times out the seat to act if `now` is at or past the deadline; whether it did.
    pub fn expire(&mut self, now: u64) -> Result<bool, TableError> {
        match self.deadline() {
            Some(deadline) if now >= deadline => self.timeout(Some(now)).map(|_| true),
            _ => Ok(false),
        }
    }

    /// What `seat` may see of the position.
    pub fn view(&self, seat: Seat) -> View {
        self.game.view(seat)
    }

    /// What a spectator may see of the position: everything in the dice games, no card of any
    /// hand in Cartas.
    pub fn public_view(&self) -> PublicView {
        self.game.state().public_view()
    }

    /// Every event from table step `since` on, as `viewer` may see it: a reconnecting phone
    /// asks from the step it last saw.
    /// Costs what the events asked for cost, however long the game.
    pub fn events_for(&self, viewer: Viewer, since: usize) -> Vec<Delivered> {
        self.events_since(since).iter().map(|d| Delivered { step: d.step, event: d.event.seen_by(viewer) }).collect()
    }

    /// Every event from step `since` on, with nothing hidden: the host's own.
    pub fn events(&self, since: usize) -> Vec<Delivered> {
        self.events_since(since).to_vec()
    }

    fn events_since(&self, since: usize) -> &[Delivered] {
        &self.events[self.events.partition_point(|d| d.step < since)..]
    }

    /// Every roll so far, who rolled it, in order: public to every seat.
    pub fn rolls(&self) -> &[RollEntry] {
        &self.rolls
    }

    /// Whether the table waits for the host to supply an outcome (host dice only).
    pub fn chance_due(&self) -> bool {
        matches!(self.source, Source::Host)
            && self.meta.started
            && self.game.phase().is_chance()
            && (self.roll_asked || !self.game.state().roll_is_due())
    }

    /// The outcomes the host may supply, with their weights. The host's alone: in Cartas it
    /// shows the hand a 2 steals from.
    pub fn chance_outcomes(&self) -> Vec<(ChanceOutcome, u32)> {
        if self.chance_due() { self.game.chance_outcomes() } else { Vec::new() }
    }

    /// Supplies the outcome the table waits for (host dice).
    pub fn supply(&mut self, outcome: ChanceOutcome, at: Option<u64>) -> Result<usize, TableError> {
        self.check_open()?;
        if !matches!(self.source, Source::Host) {
            return Err(TableError::Dice(format!("the table's dice are {}: the host supplies none", self.meta.dice)));
        }
        if !self.chance_due() {
            return Err(TableError::Dice("no outcome is due: a seat asks for its roll first".into()));
        }
        let mut trial = *self.game.state();
        trial.apply_chance(outcome).map_err(|e| TableError::Dice(e.to_string()))?;
        self.commit(Step::Chance(outcome), at)?;
        self.settle(at)?;
        Ok(self.step())
    }

    /// The record: configuration, every step with its host time, the host's metadata and the
    /// hash chain. It holds every hidden card: it is the host's, not a seat's.
    pub fn record(&self) -> Record {
        self.game.record().with_table(self.meta.clone(), self.times.clone())
    }

    /// The head of the record's hash chain, for the server to keep or sign. Kept as the chain
    /// grows: it costs the same at step 5,000 as at step 5.
    pub fn head(&self) -> Link {
        match self.links.last() {
            Some(link) => *link,
            None => self.header().header_digest(),
        }
    }

    /// The record without its steps: the configuration and the host's metadata. A store keeps
    /// it once per game and again after each join and at the start, which change it; from the
    /// start on it no longer changes. It appends [`Table::steps_since`] after it, and
    /// [`Table::resume_from`] takes both back.
    pub fn header(&self) -> Record {
        Record::new(*self.game.start(), Vec::new()).with_table(self.meta.clone(), Vec::new())
    }

    /// The steps from index `since` on, each with its host time and link: what a store appends
    /// after the steps it holds. Costs what the steps asked for cost, however long the game.
    ///
    /// ```
    /// use fichas::Seat;
    /// use fichas::table::{Options, Table};
    ///
    /// let mut table = Table::new("parchis".parse().unwrap(), Options::default()).unwrap();
    /// table.start(Some(0)).unwrap();
    /// let stored = table.step(); // 0: nothing to append yet
    /// table.submit(Seat::ALL[0], stored, "roll", Some(1_000)).unwrap();
    /// let new: Vec<_> = table.steps_since(stored).collect();
    /// assert_eq!(new.len(), 1); // the roll
    /// assert_eq!(new[0].link, table.head());
    /// println!("{}", new[0].to_json().len() > 0);
    /// ```
    pub fn steps_since(&self, since: usize) -> impl Iterator<Item = Entry> + '_ {
        let steps = self.game.steps();
        (since.min(steps.len())..steps.len()).map(move |index| Entry {
            index,
            step: steps[index],
            time: self.times.get(index).copied().flatten(),
            link: self.links[index],
        })
    }

    /// The game behind the table, with nothing hidden: the host's.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Continues a game from its record: every step is checked again, and the chance to come
    /// uses fresh entropy (system dice), the host (host dice) or the committed stream
    /// (verifiable dice, whose `secret` must match the commitment and give every recorded
    /// outcome). Never a fixed seed. Only a table's own record resumes: one without the table's
    /// metadata or its chain key is refused ([`TableError::Resume`]), since continuing it under
    /// a new key would rewrite every link.
    pub fn resume(record: &Record, secret: Option<Secret>) -> Result<Table, TableError> {
        let seats = record.variant().seats();
        let meta = record.table().cloned().ok_or_else(|| {
            TableError::Resume("the record has no table metadata: a table resumes only a record a table wrote".into())
        })?;
        meta.check(seats, record.steps().len()).map_err(TableError::Resume)?;
        // The key is part of every link: a new one would rewrite the chain, and the heads that
        // seats were sent would no longer match it.
        let key = meta.chain_key.ok_or_else(|| {
            TableError::Resume(
                "the record has no chain key: a table's record always carries one, and a new key would change every link the seats were sent".into(),
            )
        })?;
        // A record changed since it was written (its links no longer follow) is not resumed: the
        // table would give it a fresh, valid chain.
        record.verify(None).map_err(|e| TableError::Resume(e.to_string()))?;
        let source = match meta.dice {
            DiceSource::System => Source::System,
            DiceSource::Host => Source::Host,
            DiceSource::Verifiable => {
                let secret = secret
                    .ok_or_else(|| TableError::Resume("verifiable dice continue only with their secret".into()))?;
                if Some(secret.commitment()) != meta.commitment {
                    return Err(TableError::Resume("the secret does not match the record's commitment".into()));
                }
                // Outcomes that do not follow from the secret are not the committed dice: the
                // table would continue (and re-link) a game nobody can verify. (An illegal step
                // is reported by the replay below.)
                if let Err(e @ DiceError::Differs { .. }) = verify_dice(record, &secret) {
                    return Err(TableError::Resume(e.to_string()));
                }
                Source::Verifiable(secret)
            }
        };
        let mut table = Table::with_source(Game::from_state(*record.start()), source, meta.turn_limit_ms, key);
        table.meta = meta;
        table.turn_started = table.meta.start_time;
        table.clock_for = table.to_act();
        for (index, step) in record.steps().iter().enumerate() {
            table.commit(*step, record.time(index)).map_err(|e| TableError::Resume(format!("step {index}: {e}")))?;
        }
        // A seat that had asked for the host's roll asks again; everything else is due now.
        table.settle(record.time(record.steps().len().wrapping_sub(1)))?;
        Ok(table)
    }

    /// [`Table::resume`] from what a store kept: the [`Table::header`] and the entries it
    /// appended ([`Table::steps_since`]), in order. Every link is checked, so a step changed,
    /// lost or torn is refused, with its index in the message.
    pub fn resume_from(header: &Record, entries: &[Entry], secret: Option<Secret>) -> Result<Table, TableError> {
        let record = Record::from_entries(header, entries).map_err(|e| TableError::Resume(e.to_string()))?;
        Table::resume(&record, secret)
    }

    /// Starts the current turn's clock again at `at`: a server that was down gives the seat to
    /// act its whole time rather than timing it out for the server's absence.
    pub fn restart_clock(&mut self, at: u64) {
        if self.to_act().is_some() {
            self.turn_started = Some(at);
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<(), TableError> {
        if seat.index() < self.seats() {
            Ok(())
        } else {
            Err(TableError::NoSuchSeat { seat: seat.index(), seats: self.seats() })
        }
    }

    fn check_open(&self) -> Result<(), TableError> {
        if !self.meta.started {
            return Err(TableError::NotStarted);
        }
        if self.game.is_over() {
            return Err(TableError::GameOver);
        }
        Ok(())
    }

    /// A move must be made on the table's current step (a repeated or stale message is refused
    /// as such), by the seat to act.
    fn check_turn(&self, seat: Seat, step: usize) -> Result<(), TableError> {
        self.check_open()?;
        if step < self.step() {
            return Err(TableError::Stale { sent: step, current: self.step() });
        }
        if step > self.step() {
            return Err(TableError::Ahead { sent: step, current: self.step() });
        }
        let to_act = self.to_act();
        if to_act != Some(seat) {
            let variant = self.variant();
            return Err(TableError::NotYourTurn {
                seat: describe_seat(&variant, seat),
                to_act: to_act.map(|s| describe_seat(&variant, s)),
                to_act_seat: to_act,
            });
        }
        Ok(())
    }

    fn illegal(&self, action: &str, reason: String, code: &'static str, seat: Seat) -> TableError {
        TableError::Illegal { action: Snippet::new(action), reason, legal: self.legal_actions(seat), code }
    }

    fn refused(&self, action: &str, refusal: Refusal, seat: Seat) -> TableError {
        self.illegal(action, refusal.text().to_string(), refusal.code(), seat)
    }

    /// Applies one step (already checked, or from a record) and keeps the streams, the roll
    /// history, the times and the turn clock.
    fn commit(&mut self, step: Step, at: Option<u64>) -> Result<(), TableError> {
        let index = self.step();
        let roller = self.game.state().seat_on_turn();
        replay_step(&mut self.game, step).map_err(TableError::Dice)?;
        let previous = match self.links.last() {
            Some(link) => *link,
            None => self.header().header_digest(),
        };
        self.links.push(next_link(&previous, self.meta.chain_key.as_ref(), &step, at));
        if let (Step::Chance(ChanceOutcome::Roll(roll)), Some(seat)) = (step, roller) {
            self.rolls.push(RollEntry { step: index, seat, roll });
        }
        if matches!(step, Step::Chance(_) | Step::Timeout { .. }) {
            self.roll_asked = false;
        }
        let events = self.game.last_events();
        let passed = events.iter().any(Event::passes_turn);
        self.events.extend(events.iter().map(|&event| Delivered { step: index, event }));
        if at.is_some() || !self.times.is_empty() {
            self.times.resize(index, None);
            self.times.push(at);
        }
        let on_turn = self.to_act();
        if passed || on_turn != self.clock_for {
            self.turn_started = at;
            self.clock_for = on_turn;
        }
        Ok(())
    }

    /// Makes every draw that is due: a roll a seat asked for, a deal or a theft's card. Host
    /// dice wait for [`Table::supply`].
    fn settle(&mut self, at: Option<u64>) -> Result<(), TableError> {
        while self.meta.started && self.game.phase().is_chance() {
            let state: State = *self.game.state();
            if state.roll_is_due() && !self.roll_asked {
                return Ok(());
            }
            let step = self.step() as u64;
            let Some(outcome) = dice::draw_live(&self.source, &self.meta.seeds, step, &state).map_err(entropy)? else {
                return Ok(());
            };
            self.commit(Step::Chance(outcome), at)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Table {
    /// The public summary only: a table's debug output must not carry a hidden card into a log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Table({self})")
    }
}

impl fmt::Display for Table {
    /// The table's public summary (no hidden card): variant, step and who is to act.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} table at step {}", self.variant(), self.step())?;
        match self.to_act() {
            Some(seat) => write!(f, ", {} to act", describe_seat(&self.variant(), seat)),
            None if self.is_over() => f.write_str(", over"),
            None => Ok(()),
        }
    }
}

/// A random chain key from the operating system.
fn fresh_key() -> Result<Link, TableError> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key).map_err(entropy)?;
    Ok(key)
}

fn entropy(e: getrandom::Error) -> TableError {
    TableError::Dice(format!("the operating system's secure generator failed: {e}"))
}

fn play_reason(e: &PlayError) -> String {
    match e {
        PlayError::Illegal { reason, .. } => reason.to_string(),
        other => other.to_string(),
    }
}
