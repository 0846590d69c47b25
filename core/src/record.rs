//! Records: a game as its starting position plus every chance outcome, action and timeout,
//! and their replay, which re-checks every step.
//!
//! A record stores outcomes, never RNG state, so a replay depends on no random generator. A
//! table's record adds the host's metadata ([`Meta`]: players, times, the turn limit, the dice
//! commitment) and every record carries a hash chain ([`Record::links`]): each step's link is
//! SHA-256 of the previous link and the step's canonical JSON, so a head kept by the server
//! reveals any later change, insertion, removal or truncation ([`Record::verify`]). The JSON
//! form is documented in `docs/records.md`:
//!
//! ```json
//! {"format":"fichas-record","version":2,"variant":"poleana:2",
//!  "steps":[{"chance":"5-1","link":"…"},{"seat":0,"action":"release","link":"…"},{"seat":1,"timeout":true,"link":"…"}]}
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use sha2::{Digest, Sha256};

use crate::game::{Action, ChanceOutcome, Game, State, Variant, describe_seat};
use crate::notation::Snippet;
use crate::phase::Phase;
use crate::seat::Seat;

/// The record format this library writes, and the newest it reads.
pub const VERSION: u32 = 2;

/// The oldest record format this library reads: the first one written.
pub const OLDEST_VERSION: u32 = 1;

/// A link of a record's hash chain: a SHA-256 digest.
pub type Link = [u8; 32];

/// One step of a game: a chance outcome, a seat's action, or the host's timeout of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The outcome of a chance event: the dice rolled, or in Cartas the card dealt or taken.
    Chance(ChanceOutcome),
    /// A decision of a seat.
    Action {
        /// The seat that decided (seats are numbered from 0 in turn order).
        seat: Seat,
        /// What it chose, in the game's notation.
        action: Action,
    },
    /// The host reported that `seat` ran out of time (before or after its roll).
    Timeout {
        /// The seat whose turn it was.
        seat: Seat,
    },
}

/// One step as a store appends it: its index in the record (from 0), the step, its host time
/// and its link of the hash chain ([`crate::table::Table::steps_since`]). A store that keeps a
/// game's [`Record::header`] and its entries has the whole record ([`Record::from_entries`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The step's index in the record, from 0.
    pub index: usize,
    /// The chance outcome, action or timeout.
    pub step: Step,
    /// The host's time of the step, when it gave one.
    pub time: Option<u64>,
    /// The step's link: SHA-256 of the previous link, the chain key and the step.
    pub link: Link,
}

/// Where a table's chance outcomes came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DiceSource {
    /// The operating system's secure generator.
    #[default]
    System,
    /// Outcomes supplied by the host.
    Host,
    /// Derived from a committed secret and the seats' seeds (see `table::dice`).
    Verifiable,
}

impl DiceSource {
    /// The name written in records and options: `system`, `host` or `verifiable`.
    pub fn name(self) -> &'static str {
        match self {
            DiceSource::System => "system",
            DiceSource::Host => "host",
            DiceSource::Verifiable => "verifiable",
        }
    }
}

impl fmt::Display for DiceSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DiceSource {
    type Err = crate::ParseError;

    fn from_str(text: &str) -> Result<DiceSource, Self::Err> {
        match text {
            "system" => Ok(DiceSource::System),
            "host" => Ok(DiceSource::Host),
            "verifiable" => Ok(DiceSource::Verifiable),
            _ => Err(crate::ParseError::new("dice source", text, "system, host or verifiable")),
        }
    }
}

/// What the host of a table adds to its record, for a dispute.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// Each seat's player name or id, as the host gave it.
    pub players: Vec<Option<String>>,
    /// Whether the table has started (its seeds are closed and chance may come).
    pub started: bool,
    /// The host's time at the start, in milliseconds of the host's clock.
    pub start_time: Option<u64>,
    /// The turn limit, in milliseconds.
    pub turn_limit_ms: Option<u64>,
    /// Where the table's chance outcomes came from.
    pub dice: DiceSource,
    /// SHA-256 of the verifiable dice's secret, published before the first chance outcome.
    pub commitment: Option<Link>,
    /// Each seat's seed for the verifiable dice (empty text when it gave none).
    pub seeds: Vec<String>,
    /// A random key mixed into every link, so that a head sent to a seat during the game tells
    /// it nothing of the hidden steps it covers (without it, a seat could hash each card it
    /// might be and compare). It is in the record, which only the host holds until the end.
    pub chain_key: Option<Link>,
}

impl Meta {
    /// Whether this metadata can belong to a table of `seats` whose record has `steps` steps.
    pub fn check(&self, seats: usize, steps: usize) -> Result<(), String> {
        if self.players.len() != seats || self.seeds.len() != seats {
            return Err(format!(
                "it names {} players and {} seeds for a table of {seats}",
                self.players.len(),
                self.seeds.len()
            ));
        }
        if !self.started && steps > 0 {
            return Err(format!("it says the table has not started, yet it holds {steps} steps"));
        }
        Ok(())
    }
}

/// A game as data: where it started, then every step; a table's record adds the host's
/// metadata and each step's host time.
#[derive(Clone, Debug, Eq)]
pub struct Record {
    start: State,
    steps: Vec<Step>,
    /// The host's time of each step (empty, or one per step).
    times: Vec<Option<u64>>,
    table: Option<Meta>,
    /// The links a JSON record carried, to compare with the ones its content gives.
    claimed: Option<Vec<Option<Link>>>,
}

impl PartialEq for Record {
    /// Records are equal when they hold the same game; the links they carried do not count.
    fn eq(&self, other: &Record) -> bool {
        (self.start, &self.steps, &self.table) == (other.start, &other.steps, &other.table)
            && (0..self.steps.len().max(other.steps.len())).all(|i| self.time(i) == other.time(i))
    }
}

/// The first step of a record that the rules refuse, with its index (from 0) and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {index} is illegal: {reason}")]
pub struct ReplayError {
    /// The index of the step in the record, from 0.
    pub index: usize,
    /// Why the rules refuse it, in words.
    pub reason: String,
}

/// What [`Record::verify`] found wrong with a record's hash chain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    /// A step of a record read from JSON carries no link (every step of a version 1 record).
    #[error("step {index} carries no link: the record is not one this library wrote as evidence")]
    Missing {
        /// The first step without a link, from 0.
        index: usize,
    },
    /// A step's link does not follow from the record's content up to that step.
    #[error("step {index} does not match its link: the record was changed at step {index} or just before it")]
    Broken {
        /// The first step whose link does not match, from 0.
        index: usize,
    },
    /// The chain does not end at the head given to [`Record::verify`].
    #[error(
        "the record's chain ends at {found}, not at the head {expected} that was kept: steps were changed, added or removed, or the record was cut short"
    )]
    Head {
        /// The record's head, in lowercase hexadecimal.
        found: String,
        /// The head that was kept, in lowercase hexadecimal.
        expected: String,
    },
}

impl Record {
    /// A record of `steps` played from `start`.
    pub fn new(start: State, steps: Vec<Step>) -> Record {
        Record { start, steps, times: Vec::new(), table: None, claimed: None }
    }

    /// A table's record: the host's metadata and each step's host time (`times` is empty or
    /// has one entry per step).
    pub fn with_table(mut self, table: Meta, times: Vec<Option<u64>>) -> Record {
        self.table = Some(table);
        self.times = times;
        self
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The position the game started from.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// Every step, in the order it happened.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The host's metadata, for a table's record.
    pub fn table(&self) -> Option<&Meta> {
        self.table.as_ref()
    }

    /// The host's time of step `index`, when it gave one.
    pub fn time(&self, index: usize) -> Option<u64> {
        self.times.get(index).copied().flatten()
    }

    /// The hash chain: one link per step. Link `i` is SHA-256 of link `i - 1` (for the first
    /// step, the digest of the record's header: format, variant, start and metadata), then the
    /// table's chain key when it has one, then step `i`'s canonical JSON (see
    /// `docs/records.md`).
    pub fn links(&self) -> Vec<Link> {
        let key = self.chain_key();
        let mut link = self.header_digest();
        let mut links = Vec::with_capacity(self.steps.len());
        for (i, step) in self.steps.iter().enumerate() {
            link = next_link(&link, key.as_ref(), step, self.time(i));
            links.push(link);
        }
        links
    }

    /// The head of the chain: the last step's link (with no steps, the header's digest). A
    /// server that keeps or signs it can later tell this record from any altered copy.
    pub fn head(&self) -> Link {
        match self.links().last() {
            Some(link) => *link,
            None => self.header_digest(),
        }
    }

    /// The record without its steps: configuration and metadata, what a store keeps once per
    /// game while it appends the steps ([`Entry`]).
    pub fn header(&self) -> Record {
        Record { start: self.start, steps: Vec::new(), times: Vec::new(), table: self.table.clone(), claimed: None }
    }

    /// A record from its header and its steps as a store appended them: each entry's link is
    /// kept as the link it claims, so [`Record::verify`] (and [`crate::table::Table::resume`])
    /// finds a step changed, lost or cut short by a torn write.
    pub fn from_entries(header: &Record, entries: &[Entry]) -> Result<Record, RecordError> {
        if !header.steps.is_empty() {
            return Err(RecordError::Table(format!(
                "a header holds no steps, and this one holds {}",
                header.steps.len()
            )));
        }
        if let Some(meta) = &header.table {
            meta.check(header.variant().seats(), entries.len()).map_err(RecordError::Table)?;
        }
        let mut record = header.header();
        for (index, entry) in entries.iter().enumerate() {
            if entry.index != index {
                return Err(RecordError::Step {
                    index,
                    reason: format!("the store gave step {} where step {index} comes", entry.index),
                });
            }
            record.steps.push(entry.step);
            record.times.push(entry.time);
        }
        if record.times.iter().all(Option::is_none) {
            record.times.clear();
        }
        record.claimed = Some(entries.iter().map(|e| Some(e.link)).collect());
        Ok(record)
    }

    pub(crate) fn chain_key(&self) -> Option<Link> {
        self.table.as_ref().and_then(|m| m.chain_key)
    }

    /// The digest the chain starts from: the canonical header's.
    pub(crate) fn header_digest(&self) -> Link {
        Sha256::digest(self.canonical_header().as_bytes()).into()
    }

    /// Checks the hash chain: every link a JSON record carried must follow from its content,
    /// and with `head` (the one the server kept), the chain must end there. Without a head, a
    /// forger who recomputes every link goes unseen, and so does a cut at a step's end.
    pub fn verify(&self, head: Option<&Link>) -> Result<(), ChainError> {
        let links = self.links();
        if let Some(claimed) = &self.claimed {
            for (index, (found, computed)) in claimed.iter().zip(&links).enumerate() {
                match found {
                    None => return Err(ChainError::Missing { index }),
                    Some(found) if found != computed => return Err(ChainError::Broken { index }),
                    Some(_) => {}
                }
            }
        }
        if let Some(expected) = head {
            let found = self.head();
            if &found != expected {
                return Err(ChainError::Head { found: hex(&found), expected: hex(expected) });
            }
        }
        Ok(())
    }

    /// Plays every step again from the start, checking each against the rules. Returns the game
    /// as it stands after the last step, or the first illegal step.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_state(self.start);
        for index in 0..self.steps.len() {
            replay_step(&mut game, self.steps[index]).map_err(|reason| ReplayError { index, reason })?;
        }
        Ok(game)
    }

    fn canonical_header(&self) -> String {
        let variant = self.variant();
        let mut out = String::from("{\"format\":\"fichas-record\",\"variant\":");
        push_json_str(&mut out, &variant.to_string());
        out.push_str(",\"start\":");
        if self.start == State::new(variant) {
            out.push_str("null");
        } else {
            push_json_str(&mut out, &self.start.to_string());
        }
        out.push_str(",\"table\":");
        match &self.table {
            None => out.push_str("null"),
            Some(meta) => {
                out.push_str("{\"players\":[");
                for (i, player) in meta.players.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    match player {
                        Some(name) => push_json_str(&mut out, name),
                        None => out.push_str("null"),
                    }
                }
                out.push_str(&format!("],\"started\":{},\"start_time\":", meta.started));
                push_json_number(&mut out, meta.start_time);
                out.push_str(",\"turn_limit_ms\":");
                push_json_number(&mut out, meta.turn_limit_ms);
                out.push_str(&format!(",\"dice\":\"{}\",\"commitment\":", meta.dice));
                match &meta.commitment {
                    Some(c) => push_json_str(&mut out, &hex(c)),
                    None => out.push_str("null"),
                }
                out.push_str(",\"seeds\":[");
                for (i, seed) in meta.seeds.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_json_str(&mut out, seed);
                }
                out.push_str("],\"chain_key\":");
                match &meta.chain_key {
                    Some(k) => push_json_str(&mut out, &hex(k)),
                    None => out.push_str("null"),
                }
                out.push('}');
            }
        }
        out.push('}');
        out
    }
}

/// Applies one recorded step to `game`, checking who acts; the reason in words when it cannot.
pub(crate) fn replay_step(game: &mut Game, step: Step) -> Result<(), String> {
    let variant = game.variant();
    match step {
        Step::Chance(outcome) => match game.phase() {
            Phase::Decide(seat) => {
                let who = describe_seat(&variant, seat);
                Err(format!("a chance outcome ({outcome}) where {who} was to decide"))
            }
            _ => game.apply_chance(outcome).map(drop).map_err(|e| e.to_string()),
        },
        Step::Action { seat, action } => {
            match game.phase() {
                Phase::Decide(to_act) if to_act != seat => {
                    let (recorded, who) = (describe_seat(&variant, seat), describe_seat(&variant, to_act));
                    return Err(format!("`{action}` is recorded for {recorded}, but {who} was to decide"));
                }
                Phase::Chance => return Err(format!("`{action}` was recorded where a chance outcome was due")),
                _ => {}
            }
            game.play(action).map(drop).map_err(|e| e.to_string())
        }
        Step::Timeout { seat } => {
            match game.state().seat_on_turn() {
                Some(on_turn) if on_turn != seat => {
                    let (recorded, who) = (describe_seat(&variant, seat), describe_seat(&variant, on_turn));
                    return Err(format!("a timeout is recorded for {recorded}, but it was {who}'s turn"));
                }
                None if !game.is_over() => return Err("a timeout was recorded where a card was being drawn".into()),
                _ => {}
            }
            game.timeout().map(drop).map_err(|e| e.to_string())
        }
    }
}

/// The link after `previous` for `step` at host time `time`: one SHA-256, so a table extends
/// its chain at the same cost at every step.
pub(crate) fn next_link(previous: &Link, key: Option<&Link>, step: &Step, time: Option<u64>) -> Link {
    let mut hasher = Sha256::new();
    hasher.update(previous);
    if let Some(key) = key {
        hasher.update(key);
    }
    hasher.update(canonical_step(step, time).as_bytes());
    hasher.finalize().into()
}

/// A step's canonical JSON, the text its link hashes: keys in a fixed order, no spaces.
fn canonical_step(step: &Step, time: Option<u64>) -> String {
    let mut out = String::from("{");
    match step {
        Step::Chance(outcome) => {
            out.push_str("\"chance\":");
            push_json_str(&mut out, &outcome.to_string());
        }
        Step::Action { seat, action } => {
            out.push_str(&format!("\"seat\":{},\"action\":", seat.index()));
            push_json_str(&mut out, &action.to_string());
        }
        Step::Timeout { seat } => out.push_str(&format!("\"seat\":{},\"timeout\":true", seat.index())),
    }
    if let Some(time) = time {
        out.push_str(&format!(",\"time\":{time}"));
    }
    out.push('}');
    out
}

fn push_json_number(out: &mut String, value: Option<u64>) {
    match value {
        Some(n) => out.push_str(&n.to_string()),
        None => out.push_str("null"),
    }
}

/// A JSON string literal, escaped as RFC 8259 requires (and nothing more, so it is canonical).
fn push_json_str(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Lowercase hexadecimal, the form digests take in JSON.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// Reads a 32-byte digest written in hexadecimal (either case).
pub fn parse_link(text: &str) -> Option<Link> {
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut link = [0u8; 32];
    for (i, pair) in bytes.chunks(2).enumerate() {
        link[i] = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(link)
}

/// A record that cannot be read, or whose replay fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is not JSON of the record's shape (a field missing, misspelt or of the wrong
    /// type); holds the JSON reader's message.
    #[error("the record is not valid JSON of the record format: {0}")]
    Json(String),
    /// The record's `version` is newer than [`VERSION`].
    #[error("this record has format version {found}, newer than the version {supported} this library reads")]
    NewerVersion {
        /// The record's version.
        found: u32,
        /// The newest version this library reads: [`VERSION`].
        supported: u32,
    },
    /// The record's `version` is older than [`OLDEST_VERSION`]: no version was ever written so.
    #[error("this record has format version {found}, which no version of this library writes (it writes {supported})")]
    UnknownVersion {
        /// The record's version.
        found: u32,
        /// The version this library writes: [`VERSION`].
        supported: u32,
    },
    /// The `format` field is not `fichas-record`; holds what it says.
    #[error("this is not a fichas record (format `{0}`)")]
    Format(Snippet),
    /// The `variant` field names no variant that can be; holds why.
    #[error("the record's variant is not valid: {0}")]
    Variant(String),
    /// The `start` position cannot be read, or is of another variant; holds why.
    #[error("the record's start position is not valid: {0}")]
    Start(String),
    /// A step cannot be read: an outcome or action outside the game's notation, a seat not at
    /// the table, a malformed link, or a step of no known shape.
    #[error("step {index} cannot be read: {reason}")]
    Step {
        /// The step's index, from 0.
        index: usize,
        /// What is wrong with it, in words.
        reason: String,
    },
    /// The `table` object cannot be read (an unknown dice source, a malformed digest) or does
    /// not fit the record (players or seeds not one a seat, steps at a table not started).
    #[error("the record's table metadata is not valid: {0}")]
    Table(String),
    /// The record was read, and its replay met a step the rules refuse.
    #[error(transparent)]
    Illegal(#[from] ReplayError),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Chance(o) => write!(f, "chance {o}"),
            Step::Action { seat, action } => write!(f, "seat {seat}: {action}"),
            Step::Timeout { seat } => write!(f, "seat {seat}: timeout"),
        }
    }
}

#[cfg(feature = "serde")]
mod json {
    use super::*;
    use crate::notation::bounded;
    use serde::{Deserialize, Serialize};

    const FORMAT: &str = "fichas-record";

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawRecord {
        format: String,
        version: u32,
        variant: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<RawMeta>,
        steps: Vec<RawStep>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawMeta {
        players: Vec<Option<String>>,
        started: bool,
        #[serde(default)]
        start_time: Option<u64>,
        #[serde(default)]
        turn_limit_ms: Option<u64>,
        dice: String,
        #[serde(default)]
        commitment: Option<String>,
        #[serde(default)]
        seeds: Vec<String>,
        #[serde(default)]
        chain_key: Option<String>,
    }

    #[derive(Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawStep {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chance: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeout: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
    }

    impl Record {
        /// The record as JSON (see `docs/records.md`).
        pub fn to_json(&self) -> String {
            serde_json::to_string(&self.raw()).unwrap_or_default()
        }

        /// The record as JSON for people: one field a line, one step a line.
        pub fn to_json_pretty(&self) -> String {
            let raw = self.raw();
            let quote = |text: &str| serde_json::to_string(text).unwrap_or_default();
            let mut out = String::from("{\n");
            out.push_str(&format!("  \"format\": {},\n", quote(&raw.format)));
            out.push_str(&format!("  \"version\": {},\n", raw.version));
            out.push_str(&format!("  \"variant\": {},\n", quote(&raw.variant)));
            if let Some(start) = &raw.start {
                out.push_str(&format!("  \"start\": {},\n", quote(start)));
            }
            if let Some(table) = &raw.table {
                out.push_str(&format!("  \"table\": {},\n", serde_json::to_string(table).unwrap_or_default()));
            }
            out.push_str("  \"steps\": [");
            for (i, step) in raw.steps.iter().enumerate() {
                out.push_str(if i == 0 { "\n    " } else { ",\n    " });
                out.push_str(&serde_json::to_string(step).unwrap_or_default());
            }
            out.push_str(if raw.steps.is_empty() { "]\n}\n" } else { "\n  ]\n}\n" });
            out
        }

        fn raw(&self) -> RawRecord {
            let variant = self.variant();
            let opening = State::new(variant);
            let links = self.links();
            RawRecord {
                format: FORMAT.to_string(),
                version: VERSION,
                variant: variant.to_string(),
                start: (self.start != opening).then(|| self.start.to_string()),
                table: self.table.as_ref().map(|m| RawMeta {
                    players: m.players.clone(),
                    started: m.started,
                    start_time: m.start_time,
                    turn_limit_ms: m.turn_limit_ms,
                    dice: m.dice.to_string(),
                    commitment: m.commitment.as_ref().map(|c| hex(c)),
                    seeds: m.seeds.clone(),
                    chain_key: m.chain_key.as_ref().map(|k| hex(k)),
                }),
                steps: self
                    .steps
                    .iter()
                    .zip(&links)
                    .enumerate()
                    .map(|(i, (step, link))| raw_step(step, self.time(i), link))
                    .collect(),
            }
        }

        /// Reads a record from JSON, checking its form (not yet its legality: see
        /// [`Record::replay`]).
        pub fn from_json(text: &str) -> Result<Record, RecordError> {
            // Read the version on its own first, so a newer record is refused by its version
            // rather than by a field this library does not know.
            #[derive(Deserialize)]
            struct Version {
                version: Option<u32>,
            }
            if let Ok(Version { version: Some(found) }) = serde_json::from_str::<Version>(text) {
                if found > VERSION {
                    return Err(RecordError::NewerVersion { found, supported: VERSION });
                }
            }
            let raw: RawRecord = serde_json::from_str(text).map_err(|e| RecordError::Json(bounded(&e.to_string())))?;
            Record::from_raw(raw)
        }

        /// Reads a record kept as a store keeps it: the header's JSON ([`Record::header`] as
        /// JSON, with no steps) and each step's JSON as [`Entry::to_json`] wrote it, in order.
        /// The links they carry are checked by [`Record::verify`], so a torn last write shows as
        /// that step's error.
        pub fn from_json_parts<S: AsRef<str>>(header: &str, steps: &[S]) -> Result<Record, RecordError> {
            let header = Record::from_json(header)?;
            if !header.steps.is_empty() {
                return Err(RecordError::Table(format!(
                    "a header holds no steps, and this one holds {}",
                    header.steps.len()
                )));
            }
            let mut raw = header.raw();
            for (index, text) in steps.iter().enumerate() {
                let step: RawStep = serde_json::from_str(text.as_ref())
                    .map_err(|e| RecordError::Step { index, reason: bounded(&e.to_string()) })?;
                raw.steps.push(step);
            }
            Record::from_raw(raw)
        }

        fn from_raw(raw: RawRecord) -> Result<Record, RecordError> {
            if raw.format != FORMAT {
                return Err(RecordError::Format(Snippet::new(&raw.format)));
            }
            if raw.version > VERSION {
                return Err(RecordError::NewerVersion { found: raw.version, supported: VERSION });
            }
            if raw.version < OLDEST_VERSION {
                return Err(RecordError::UnknownVersion { found: raw.version, supported: VERSION });
            }
            let variant: Variant = raw.variant.parse().map_err(|e| RecordError::Variant(format!("{e}")))?;
            let start = match raw.start {
                None => State::new(variant),
                Some(text) => {
                    let state: State = text.parse().map_err(|e| RecordError::Start(format!("{e}")))?;
                    if state.variant() != variant {
                        return Err(RecordError::Start(format!(
                            "it is a position of {}, not of {variant}",
                            state.variant()
                        )));
                    }
                    state
                }
            };
            let table = match raw.table {
                None => None,
                Some(m) => Some(Meta {
                    dice: m.dice.parse().map_err(|e| RecordError::Table(format!("{e}")))?,
                    commitment: read_digest("commitment", m.commitment)?,
                    chain_key: read_digest("chain key", m.chain_key)?,
                    players: m.players,
                    started: m.started,
                    start_time: m.start_time,
                    turn_limit_ms: m.turn_limit_ms,
                    seeds: m.seeds,
                }),
            };
            if let Some(meta) = &table {
                meta.check(variant.seats(), raw.steps.len()).map_err(RecordError::Table)?;
            }
            let (mut steps, mut times, mut links) = (Vec::new(), Vec::new(), Vec::new());
            for (index, step) in raw.steps.into_iter().enumerate() {
                let bad = |reason: String| RecordError::Step { index, reason };
                let seat_of = |seat: u8| {
                    Seat::new(usize::from(seat))
                        .filter(|s| s.index() < variant.seats())
                        .ok_or_else(|| bad(format!("seat {seat} is not at this table of {}", variant.seats())))
                };
                let parsed = match (step.chance, step.seat, step.action, step.timeout) {
                    (Some(chance), None, None, None) => {
                        Step::Chance(start.parse_chance(&chance).map_err(|e| bad(e.to_string()))?)
                    }
                    // Version 1 wrote a timeout as the action `timeout`.
                    (None, Some(seat), Some(action), None) if action == "timeout" => {
                        Step::Timeout { seat: seat_of(seat)? }
                    }
                    (None, Some(seat), Some(action), None) => Step::Action {
                        seat: seat_of(seat)?,
                        action: start.parse_action(&action).map_err(|e| bad(e.to_string()))?,
                    },
                    (None, Some(seat), None, Some(true)) => Step::Timeout { seat: seat_of(seat)? },
                    _ => {
                        return Err(bad("a step is {\"chance\": …}, {\"seat\": …, \"action\": …} or {\"seat\": …, \"timeout\": true}".into()));
                    }
                };
                let link = match step.link {
                    None => None,
                    Some(text) => Some(parse_link(&text).ok_or_else(|| {
                        bad(format!("its link `{}` is not 64 hexadecimal digits", Snippet::new(&text)))
                    })?),
                };
                steps.push(parsed);
                times.push(step.time);
                links.push(link);
            }
            if times.iter().all(Option::is_none) {
                times.clear();
            }
            Ok(Record { start, steps, times, table, claimed: Some(links) })
        }
    }

    impl Entry {
        /// The step as the record's JSON writes it, with its time and link: the row a store
        /// appends (`{"seat":0,"action":"release","time":1000,"link":"…"}`).
        pub fn to_json(&self) -> String {
            serde_json::to_string(&raw_step(&self.step, self.time, &self.link)).unwrap_or_default()
        }
    }

    fn raw_step(step: &Step, time: Option<u64>, link: &Link) -> RawStep {
        let mut raw = match step {
            Step::Chance(o) => RawStep { chance: Some(o.to_string()), ..RawStep::default() },
            Step::Action { seat, action } => {
                RawStep { seat: Some(seat.index() as u8), action: Some(action.to_string()), ..RawStep::default() }
            }
            Step::Timeout { seat } => {
                RawStep { seat: Some(seat.index() as u8), timeout: Some(true), ..RawStep::default() }
            }
        };
        raw.time = time;
        raw.link = Some(hex(link));
        raw
    }

    /// A digest of the table object, written in hex, or what is wrong with it.
    fn read_digest(name: &str, text: Option<String>) -> Result<Option<Link>, RecordError> {
        text.map(|text| {
            parse_link(&text).ok_or_else(|| {
                RecordError::Table(format!("the {name} `{}` is not 64 hexadecimal digits", Snippet::new(&text)))
            })
        })
        .transpose()
    }

    /// Reads a JSON record and replays it, checking every step: the game as it stands after the
    /// last step, or what is wrong with the record.
    pub fn replay(json: &str) -> Result<Game, RecordError> {
        Ok(Record::from_json(json)?.replay()?)
    }
}

#[cfg(feature = "serde")]
pub use json::replay;
