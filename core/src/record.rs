//! Records: a game as its starting position plus every chance outcome and action, and their
//! replay, which re-checks every step.
//!
//! A record stores outcomes, never RNG state, so a replay depends on no random generator. The
//! JSON form is documented in `docs/records.md`:
//!
//! ```json
//! {"format":"fichas-record","version":1,"variant":"poleana:2",
//!  "steps":[{"chance":"5-1"},{"seat":0,"action":"release"},{"chance":"6-4"}]}
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::game::{Action, ChanceOutcome, Game, State, Variant, describe_seat};
use crate::notation::{Snippet, bounded};
use crate::phase::Phase;
use crate::seat::Seat;

/// The record format this library writes, and the newest it reads.
pub const VERSION: u32 = 1;

/// The oldest record format this library reads: the first one written.
pub const OLDEST_VERSION: u32 = 1;

/// One step of a game: a chance outcome, or a seat's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Chance(ChanceOutcome),
    Action { seat: Seat, action: Action },
}

/// A game as data: where it started, then every step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    start: State,
    steps: Vec<Step>,
}

/// The first step of a record that the rules refuse, with its index (from 0) and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {index} is illegal: {reason}")]
pub struct ReplayError {
    pub index: usize,
    pub reason: String,
}

impl Record {
    /// A record of `steps` played from `start`.
    pub fn new(start: State, steps: Vec<Step>) -> Record {
        Record { start, steps }
    }

    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The position the game started from.
    pub fn start(&self) -> &State {
        &self.start
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Plays every step again from the start, checking each against the rules. Returns the game
    /// as it stands after the last step, or the first illegal step.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_state(self.start);
        for (index, step) in self.steps.iter().enumerate() {
            let fail = |reason: String| ReplayError { index, reason };
            match *step {
                Step::Chance(outcome) => match game.phase() {
                    Phase::Decide(seat) => {
                        let who = describe_seat(&game.variant(), seat);
                        return Err(fail(format!("a chance outcome ({outcome}) where {who} was to decide")));
                    }
                    _ => {
                        game.apply_chance(outcome).map_err(|e| fail(e.to_string()))?;
                    }
                },
                Step::Action { seat, action } => {
                    match game.phase() {
                        Phase::Decide(to_act) if to_act != seat => {
                            let (v, recorded) = (game.variant(), describe_seat(&game.variant(), seat));
                            let who = describe_seat(&v, to_act);
                            return Err(fail(format!(
                                "`{action}` is recorded for {recorded}, but {who} was to decide"
                            )));
                        }
                        Phase::Chance => {
                            return Err(fail(format!("`{action}` was recorded where a chance outcome was due")));
                        }
                        _ => {}
                    }
                    game.play(action).map_err(|e| fail(e.to_string()))?;
                }
            }
        }
        Ok(game)
    }
}

/// A record that cannot be read, or whose replay fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("the record is not valid JSON of the record format: {0}")]
    Json(String),
    #[error("this record has format version {found}, newer than the version {supported} this library reads")]
    NewerVersion { found: u32, supported: u32 },
    #[error("this record has format version {found}, which no version of this library writes (it writes {supported})")]
    UnknownVersion { found: u32, supported: u32 },
    #[error("this is not a fichas record (format `{0}`)")]
    Format(Snippet),
    #[error("the record's variant is not valid: {0}")]
    Variant(String),
    #[error("the record's start position is not valid: {0}")]
    Start(String),
    #[error("step {index} cannot be read: {reason}")]
    Step { index: usize, reason: String },
    #[error(transparent)]
    Illegal(#[from] ReplayError),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Chance(o) => write!(f, "chance {o}"),
            Step::Action { seat, action } => write!(f, "seat {seat}: {action}"),
        }
    }
}

#[cfg(feature = "serde")]
mod json {
    use super::*;
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
        steps: Vec<RawStep>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawStep {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chance: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
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
            RawRecord {
                format: FORMAT.to_string(),
                version: VERSION,
                variant: variant.to_string(),
                start: (self.start != opening).then(|| self.start.to_string()),
                steps: self
                    .steps
                    .iter()
                    .map(|step| match step {
                        Step::Chance(o) => RawStep { chance: Some(o.to_string()), seat: None, action: None },
                        Step::Action { seat, action } => {
                            RawStep { chance: None, seat: Some(seat.index() as u8), action: Some(action.to_string()) }
                        }
                    })
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
            let mut steps = Vec::with_capacity(raw.steps.len());
            for (index, step) in raw.steps.into_iter().enumerate() {
                let bad = |reason: String| RecordError::Step { index, reason };
                let step = match (step.chance, step.seat, step.action) {
                    (Some(chance), None, None) => {
                        Step::Chance(start.parse_chance(&chance).map_err(|e| bad(e.to_string()))?)
                    }
                    (None, Some(seat), Some(action)) => {
                        let seat = Seat::new(usize::from(seat))
                            .filter(|s| s.index() < variant.seats())
                            .ok_or_else(|| bad(format!("seat {seat} is not at this table of {}", variant.seats())))?;
                        Step::Action { seat, action: start.parse_action(&action).map_err(|e| bad(e.to_string()))? }
                    }
                    _ => return Err(bad("a step is either {\"chance\": …} or {\"seat\": …, \"action\": …}".into())),
                };
                steps.push(step);
            }
            Ok(Record { start, steps })
        }
    }

    /// Reads a JSON record and replays it, checking every step: the game as it stands after the
    /// last step, or what is wrong with the record.
    pub fn replay(json: &str) -> Result<Game, RecordError> {
        Ok(Record::from_json(json)?.replay()?)
    }
}

#[cfg(feature = "serde")]
pub use json::replay;
