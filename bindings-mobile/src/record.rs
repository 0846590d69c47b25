//! The `GameRecord` object: a game as data, and its replay.

use std::sync::Arc;

use fichas::record::{Record, RecordError};

use crate::convert::Step;
use crate::{FichasError, Game, Result, guard};

/// A game as data: where it started and every step (see `docs/records.md` for the JSON format).
/// An immutable value, safe to share between threads.
#[derive(uniffi::Object)]
pub struct GameRecord {
    record: Record,
}

impl GameRecord {
    pub(crate) fn new(record: Record) -> GameRecord {
        GameRecord { record }
    }
}

fn record_error(e: RecordError) -> FichasError {
    FichasError::Record(e.to_string())
}

#[uniffi::export]
impl GameRecord {
    /// Reads a record from JSON, checking its form but not yet its legality (see `replay`).
    /// Throws `Record` naming what cannot be read.
    #[uniffi::constructor]
    pub fn from_json(json: String) -> Result<Arc<GameRecord>> {
        guard(|| Ok(Arc::new(GameRecord::new(Record::from_json(&json).map_err(record_error)?))))
    }

    /// The record as JSON; `pretty` puts one step a line.
    #[uniffi::method(default(pretty = false))]
    pub fn to_json(&self, pretty: bool) -> Result<String> {
        guard(|| Ok(if pretty { self.record.to_json_pretty() } else { self.record.to_json() }))
    }

    /// The variant, as its configuration text.
    pub fn variant(&self) -> Result<String> {
        guard(|| Ok(self.record.variant().to_string()))
    }

    /// Every step in order: chance outcomes and the seats' actions.
    pub fn steps(&self) -> Result<Vec<Step>> {
        guard(|| Ok(self.record.steps().iter().map(Step::from).collect()))
    }

    /// Checks the hash chain: every link must follow from the record's content and, given the
    /// `head` the server kept (hex), the chain must end there. Throws `Record`.
    #[uniffi::method(default(head = None))]
    pub fn verify(&self, head: Option<String>) -> Result<()> {
        guard(|| {
            let head = head.as_deref().map(crate::table::head_of).transpose()?;
            self.record.verify(head.as_ref()).map_err(|e| FichasError::Record(e.to_string()))
        })
    }

    /// Every step's link of the hash chain (hex): a seat compares a head it was sent at step
    /// `n` with `links()[n - 1]`.
    pub fn links(&self) -> Result<Vec<String>> {
        guard(|| Ok(self.record.links().iter().map(|l| fichas::record::hex(l)).collect()))
    }

    /// The head of the record's hash chain (hex).
    pub fn head(&self) -> Result<String> {
        guard(|| Ok(fichas::record::hex(&self.record.head())))
    }

    /// The number of steps.
    pub fn step_count(&self) -> u32 {
        u32::try_from(self.record.steps().len()).unwrap_or(u32::MAX)
    }

    /// Plays every step again from the start, checking each against the rules: the game as it
    /// stands after the last step. Throws `Record` naming the first step the rules refuse.
    #[uniffi::method(default(seed = None))]
    pub fn replay(&self, seed: Option<u64>) -> Result<Arc<Game>> {
        guard(|| {
            let game = self.record.replay().map_err(|e| record_error(RecordError::from(e)))?;
            Ok(Arc::new(Game::wrap(game, seed)?))
        })
    }
}
