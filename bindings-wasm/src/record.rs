//! `Record`: a game as data, its replay and its hash chain.

use fichas::record::{self, ChainError, Record as CoreRecord, RecordError};
use wasm_bindgen::prelude::*;

use crate::{Failure, Game, Kind, RecordSteps, Result, StringList, json, typed};

/// A record's error, with the index of the step at fault where there is one.
pub(crate) fn record_error(e: RecordError) -> Failure {
    let step = match &e {
        RecordError::Step { index, .. } => Some(*index),
        RecordError::Illegal(replay) => Some(replay.index),
        _ => None,
    };
    Failure::new(Kind::Record, e.to_string()).with_detail(step)
}

fn chain_error(e: ChainError) -> Failure {
    let step = match &e {
        ChainError::Missing { index } | ChainError::Broken { index } => Some(*index),
        ChainError::Head { .. } => None,
    };
    Failure::new(Kind::Record, e.to_string()).with_detail(step)
}

/// Reads a chain head written in hex.
pub(crate) fn head_of(text: &str) -> Result<record::Link> {
    record::parse_link(text.trim())
        .ok_or_else(|| Failure::new(Kind::Parse, "a head is 64 hexadecimal digits (what head gives)"))
}

/// A game as data: where it started and every step, and at a table the host's times and the
/// hash chain. `Record.fromJson(text)` reads one; `replay()` plays it again, checking each step.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Record {
    pub(crate) record: CoreRecord,
}

impl Record {
    pub(crate) fn new(record: CoreRecord) -> Record {
        Record { record }
    }

    pub(crate) fn read(json: &str) -> Result<Record> {
        CoreRecord::from_json(json).map(Record::new).map_err(record_error)
    }
}

#[wasm_bindgen]
impl Record {
    /// Reads a record's JSON text. Throws `RecordError` for text that is not a record.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(json: &str) -> Result<Record, JsValue> {
        Ok(Record::read(json)?)
    }

    /// A record from a stored header (`Table.header()`) and the rows appended since
    /// (`Table.stepsSince()`'s `step` texts), every link checked. Throws `RecordError` naming
    /// the first row that does not follow.
    #[wasm_bindgen(js_name = fromParts)]
    pub fn from_parts(header: &str, steps: Vec<String>) -> Result<Record, JsValue> {
        Ok(CoreRecord::from_json_parts(header, &steps).map(Record::new).map_err(record_error)?)
    }

    /// The record as JSON text, pretty-printed if `pretty`.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self, pretty: Option<bool>) -> String {
        if pretty.unwrap_or(false) { self.record.to_json_pretty() } else { self.record.to_json() }
    }

    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.record.variant().to_string()
    }

    /// How many steps the record holds.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.record.steps().len()
    }

    /// Every step, as the record's JSON holds it.
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> Result<RecordSteps, JsValue> {
        let value: serde_json::Value = serde_json::from_str(&self.record.to_json()).map_err(crate::internal)?;
        Ok(typed(crate::to_js(&value["steps"]))?)
    }

    /// Plays the record again from its start, checking every step: the game after the last one.
    /// Throws `RecordError` naming the first step the rules refuse.
    pub fn replay(&self, seed: Option<f64>) -> Result<Game, JsValue> {
        let game = self.record.replay().map_err(|e| record_error(RecordError::from(e)))?;
        Ok(Game::wrap(game, seed)?)
    }

    /// Checks the hash chain: every step's link, and the head if given (the one the server
    /// kept). Throws `RecordError` naming the first step that does not hold.
    pub fn verify(&self, head: Option<String>) -> Result<(), JsValue> {
        let head = head.as_deref().map(head_of).transpose()?;
        Ok(self.record.verify(head.as_ref()).map_err(chain_error)?)
    }

    /// Each step's link of the hash chain (hex).
    #[wasm_bindgen(getter)]
    pub fn links(&self) -> StringList {
        crate::strings(&self.record.links().iter().map(|l| record::hex(l)).collect::<Vec<_>>())
    }

    /// The head of the hash chain (hex): the last link.
    #[wasm_bindgen(getter)]
    pub fn head(&self) -> String {
        record::hex(&self.record.head())
    }

    /// Recomputes every chance outcome of verifiable dice from the revealed secret: how many were
    /// checked. Throws `DiceError` naming the first step that differs.
    #[wasm_bindgen(js_name = verifyDice)]
    pub fn verify_dice(&self, secret: &str) -> Result<usize, JsValue> {
        Ok(crate::table::dice_checked(&self.record, secret)?)
    }

    /// The record's JSON object, so that `JSON.stringify(record)` writes the record.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json_value(&self) -> Result<crate::Unknown, JsValue> {
        Ok(typed(json(&self.record.to_json()))?)
    }
}
