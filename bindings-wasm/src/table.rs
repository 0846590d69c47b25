//! `Table`: what a game server holds instead of a `Game` (see docs/server.md), so that a Node
//! server can be the authority. Seats act only through `submit`; timeouts, outcomes and the
//! secret are the host's; each seat's events come filtered by the engine.

use fichas::seat::Viewer;
use fichas::table::{self, DiceError, Options, Secret, Table as CoreTable, TableError};
use wasm_bindgen::prelude::*;

use crate::convert::{self, seat_of};
use crate::record::record_error;
use crate::{
    ChanceList, Failure, JsJoinOptions, JsTableOptions, Kind, MaybeOutcome, NumberList, Record, Result, RollList,
    StoredSteps, StringList, TableEventList, Unknown, View, config, index, parse_error, parse_variant, to_js, typed,
    whole,
};

fn table_error(e: TableError) -> Failure {
    let message = e.to_string();
    let mut facts = serde_json::json!({"code": e.code()});
    let failure = match &e {
        TableError::NotYourTurn { to_act_seat, .. } => {
            Failure::new(Kind::NotYourTurn, message).with_detail(to_act_seat.map(fichas::Seat::index))
        }
        TableError::Stale { current, .. } => Failure::new(Kind::Stale, message).with_detail(Some(*current)),
        TableError::Ahead { current, .. } => Failure::new(Kind::Future, message).with_detail(Some(*current)),
        TableError::HostOnly => Failure::new(Kind::HostOnly, message),
        TableError::GameOver => Failure::new(Kind::GameOver, message),
        TableError::Illegal { legal, code, .. } => {
            facts["reason"] = serde_json::json!(code);
            facts["legal"] = serde_json::json!(legal);
            Failure::new(Kind::Illegal, message)
        }
        TableError::NoSuchSeat { .. } => Failure::new(Kind::Seat, message),
        _ => Failure::new(Kind::Table, message),
    };
    failure.with_facts(facts)
}

fn dice_error(e: DiceError) -> Failure {
    let step = match &e {
        DiceError::Differs { index, .. } => Some(*index),
        DiceError::Illegal(replay) => Some(replay.index),
        _ => None,
    };
    Failure::new(Kind::Dice, e.to_string()).with_detail(step)
}

fn secret_of(text: &str) -> Result<Secret> {
    Secret::from_hex(text)
        .ok_or_else(|| Failure::new(Kind::Parse, "a secret is 64 hexadecimal digits (what reveal() gives)"))
}

/// A host time in milliseconds, if given.
fn time(at: Option<f64>) -> Result<Option<u64>> {
    at.map(|t| whole("a time", t)).transpose()
}

/// A field of an options object: absent, null or undefined are all "not given".
fn field(options: &JsValue, key: &str) -> Option<JsValue> {
    if options.is_undefined() || options.is_null() {
        return None;
    }
    js_sys::Reflect::get(options, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

fn text_field(options: &JsValue, key: &str) -> Result<Option<String>> {
    field(options, key)
        .map(|v| v.as_string().ok_or_else(|| config(format!("the option `{key}` is a text"))))
        .transpose()
}

/// The table a game server holds. Seats act only through `submit(seat, step, action)`, on their
/// own turn and on the position they saw; every refusal changes nothing.
#[wasm_bindgen]
pub struct Table {
    table: CoreTable,
}

impl Table {
    fn resumed(record: &fichas::record::Record, secret: Option<String>, at: Option<f64>) -> Result<Table> {
        let secret = secret.as_deref().map(secret_of).transpose()?;
        let mut table = CoreTable::resume(record, secret).map_err(table_error)?;
        if let Some(at) = time(at)? {
            table.restart_clock(at);
        }
        Ok(Table { table })
    }

    fn seat(&self, seat: f64) -> Result<fichas::Seat> {
        seat_of(&self.table.variant(), seat)
    }

    fn delivered(events: &[table::Delivered]) -> Result<TableEventList, JsValue> {
        let mut list = Vec::with_capacity(events.len());
        for d in events {
            let mut value = serde_json::to_value(d.event).map_err(crate::internal)?;
            value["step"] = serde_json::json!(d.step);
            list.push(value);
        }
        Ok(typed(to_js(&list))?)
    }
}

#[wasm_bindgen]
impl Table {
    /// A table of `variant`, not yet started: `new Table("cartas", {dice: "verifiable",
    /// turnLimitMs: 30000})`. `dice` is `system` (the platform's secure generator, the
    /// default), `verifiable` (committed now, revealed at the end) or `host` (outcomes supplied
    /// with `supply`).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, options: Option<JsTableOptions>) -> Result<Table, JsValue> {
        let variant = parse_variant(variant)?;
        let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
        let dice = text_field(&options, "dice")?.unwrap_or_else(|| "system".into());
        let dice = dice.parse().map_err(|e: fichas::ParseError| config(e.to_string()))?;
        let turn_limit_ms = match field(&options, "turnLimitMs") {
            Some(v) => Some(whole("turnLimitMs", v.as_f64().ok_or_else(|| config("turnLimitMs is a number"))?)?),
            None => None,
        };
        Ok(Table { table: CoreTable::new(variant, Options { dice, turn_limit_ms }).map_err(table_error)? })
    }

    /// A table resumed from its record (JSON text) and, for verifiable dice, its secret; `at`
    /// restarts the turn's clock.
    pub fn resume(record: &str, secret: Option<String>, at: Option<f64>) -> Result<Table, JsValue> {
        Ok(Table::resumed(&Record::read(record)?.record, secret, at)?)
    }

    /// A table resumed from a stored header and the rows appended since (see `stepsSince`).
    #[wasm_bindgen(js_name = resumeFrom)]
    pub fn resume_from(
        header: &str,
        steps: Vec<String>,
        secret: Option<String>,
        at: Option<f64>,
    ) -> Result<Table, JsValue> {
        let record = fichas::record::Record::from_json_parts(header, &steps).map_err(record_error)?;
        Ok(Table::resumed(&record, secret, at)?)
    }

    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.table.variant().to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> usize {
        self.table.seats()
    }

    /// The dice source: `system`, `verifiable` or `host`.
    #[wasm_bindgen(getter)]
    pub fn dice(&self) -> String {
        self.table.dice().to_string()
    }

    /// The verifiable dice's commitment (hex), to publish before the start; null otherwise.
    #[wasm_bindgen(getter)]
    pub fn commitment(&self) -> crate::MaybeString {
        crate::text_or_null(self.table.commitment().map(|c| fichas::record::hex(&c)))
    }

    /// Seats a player before the start, with an optional name and dice seed text.
    pub fn join(&mut self, seat: f64, options: Option<JsJoinOptions>) -> Result<(), JsValue> {
        let seat = self.seat(seat)?;
        let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
        let player = text_field(&options, "player")?;
        let seed = text_field(&options, "seed")?;
        Ok(self.table.join(seat, player.as_deref(), seed.as_deref()).map_err(table_error)?)
    }

    /// Starts the game (the first roll or deal); `at` is the host's time in ms.
    pub fn start(&mut self, at: Option<f64>) -> Result<(), JsValue> {
        Ok(self.table.start(time(at)?).map_err(table_error)?)
    }

    #[wasm_bindgen(getter)]
    pub fn started(&self) -> bool {
        self.table.is_started()
    }

    /// The number of steps so far: what a seat names when it submits.
    #[wasm_bindgen(getter)]
    pub fn step(&self) -> usize {
        self.table.step()
    }

    #[wasm_bindgen(getter, js_name = toAct)]
    pub fn to_act(&self) -> crate::MaybeNumber {
        crate::seat_or_null(self.table.to_act())
    }

    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> Result<MaybeOutcome, JsValue> {
        let outcome = self.table.outcome().map(|o| convert::outcome(&o, &self.table.winners())).transpose()?;
        Ok(typed(to_js(&outcome))?)
    }

    #[wasm_bindgen(getter)]
    pub fn winners(&self) -> NumberList {
        let seats: Vec<JsValue> = self.table.winners().iter().map(|s| JsValue::from(s.index())).collect();
        js_sys::Array::from_iter(seats).unchecked_into()
    }

    /// What `seat` may do now, in notation (`roll` when its roll is due); empty off its turn.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self, seat: f64) -> Result<StringList, JsValue> {
        Ok(crate::strings(&self.table.legal_actions(self.seat(seat)?)))
    }

    /// A seat's move on the step it saw: the new step. Throws `NotYourTurnError`,
    /// `StaleStepError`, `FutureStepError`, `IllegalActionError`, `HostOnlyError` or
    /// `GameOverError`, and changes nothing.
    pub fn submit(&mut self, seat: f64, step: f64, action: &str, at: Option<f64>) -> Result<usize, JsValue> {
        let seat = self.seat(seat)?;
        let step = index("a step", step)?;
        Ok(self.table.submit(seat, step, action, time(at)?).map_err(table_error)?)
    }

    /// The host's timeout for the seat on turn: the new step.
    pub fn timeout(&mut self, at: Option<f64>) -> Result<usize, JsValue> {
        Ok(self.table.timeout(time(at)?).map_err(table_error)?)
    }

    /// When the turn's time runs out (ms of the host's clock), if the table has a turn limit.
    #[wasm_bindgen(getter)]
    pub fn deadline(&self) -> crate::MaybeNumber {
        crate::number_or_null(self.table.deadline().map(|d| d as f64))
    }

    /// Times the seat on turn out if its deadline has passed at `now`: whether it did.
    pub fn expire(&mut self, now: f64) -> Result<bool, JsValue> {
        Ok(self.table.expire(whole("a time", now)?).map_err(table_error)?)
    }

    /// What `seat` may see.
    pub fn view(&self, seat: f64) -> Result<View, JsValue> {
        Ok(View::new(self.table.view(self.seat(seat)?)))
    }

    /// What a spectator sees: the position in the dice games; in Cartas the board and the public
    /// piles with no card of any hand.
    #[wasm_bindgen(js_name = publicView)]
    pub fn public_view(&self) -> Result<Unknown, JsValue> {
        Ok(typed(to_js(&self.table.public_view()))?)
    }

    /// Every event from step `since` on, as `seat` may see it (null: a spectator).
    #[wasm_bindgen(js_name = eventsFor)]
    pub fn events_for(&self, seat: Option<f64>, since: Option<f64>) -> Result<TableEventList, JsValue> {
        let viewer = match seat {
            Some(s) => Viewer::Seat(self.seat(s)?),
            None => Viewer::Spectator,
        };
        let since = index("a step", since.unwrap_or(0.0))?;
        Table::delivered(&self.table.events_for(viewer, since))
    }

    fn seen(&self, seat: Option<f64>, since: Option<f64>) -> Result<Vec<fichas::table::Delivered>, JsValue> {
        let viewer = match seat {
            Some(s) => Viewer::Seat(self.seat(s)?),
            None => Viewer::Spectator,
        };
        Ok(self.table.events_for(viewer, index("a step", since.unwrap_or(0.0))?))
    }

    /// What each event of `eventsFor(seat, since)` tells, as a catalogue message, in the same
    /// order: the page words them in its language.
    #[wasm_bindgen(js_name = messagesFor)]
    pub fn messages_for(&self, seat: Option<f64>, since: Option<f64>) -> Result<crate::MessageList, JsValue> {
        let events = self.seen(seat, since)?;
        let messages: Vec<_> = events.iter().map(|d| fichas::text::Message::event(&d.event)).collect();
        Ok(typed(to_js(&messages))?)
    }

    /// The movements of the events of `eventsFor(seat, since)`, in the order they happen: each
    /// token that moved and every spot it entered, for a page to animate.
    #[wasm_bindgen(js_name = movementsFor)]
    pub fn movements_for(&self, seat: Option<f64>, since: Option<f64>) -> Result<crate::MovementList, JsValue> {
        let events: Vec<_> = self.seen(seat, since)?.into_iter().map(|d| d.event).collect();
        Ok(typed(to_js(&self.table.variant().movements(&events)))?)
    }

    /// Every event from step `since` on, nothing hidden: the host's own.
    pub fn events(&self, since: Option<f64>) -> Result<TableEventList, JsValue> {
        Table::delivered(&self.table.events(index("a step", since.unwrap_or(0.0))?))
    }

    /// Every roll from table step `since` on, who rolled it, in order: the dice history.
    pub fn rolls(&self, since: Option<f64>) -> Result<RollList, JsValue> {
        let since = index("a step", since.unwrap_or(0.0))?;
        let all = self.table.rolls();
        let list: Vec<_> = all[all.partition_point(|r| r.step < since)..]
            .iter()
            .map(|r| serde_json::json!({"step": r.step, "seat": r.seat.index(), "roll": r.roll.to_string()}))
            .collect();
        Ok(typed(to_js(&list))?)
    }

    /// Whether the table waits for the host's outcome (host dice).
    #[wasm_bindgen(getter, js_name = chanceDue)]
    pub fn chance_due(&self) -> bool {
        self.table.chance_due()
    }

    /// The outcomes the table may be supplied now, with their weights: the host's. In Cartas,
    /// while a 2 steals, they name the cards of the hand stolen from: never forward them to a seat.
    #[wasm_bindgen(js_name = chanceOutcomes)]
    pub fn chance_outcomes(&self) -> Result<ChanceList, JsValue> {
        Ok(typed(to_js(&convert::chance_outcomes(self.table.chance_outcomes())))?)
    }

    /// Supplies the awaited outcome (host dice): `5-3`, or a Cartas card such as `K`.
    pub fn supply(&mut self, outcome: &str, at: Option<f64>) -> Result<usize, JsValue> {
        let outcome = self.table.game().state().parse_chance(outcome).map_err(parse_error)?;
        Ok(self.table.supply(outcome, time(at)?).map_err(table_error)?)
    }

    /// The record: every step with its host time, the host's metadata and the hash chain.
    pub fn record(&self) -> Record {
        Record::new(self.table.record())
    }

    /// The head of the record's hash chain (hex), for the server to keep.
    #[wasm_bindgen(getter)]
    pub fn head(&self) -> String {
        fichas::record::hex(&self.table.head())
    }

    /// The record without its steps (JSON text): what a store writes once.
    pub fn header(&self) -> String {
        self.table.header().to_json()
    }

    /// The steps from `since` on, each with its JSON row and link: what a store appends.
    #[wasm_bindgen(js_name = stepsSince)]
    pub fn steps_since(&self, since: Option<f64>) -> Result<StoredSteps, JsValue> {
        let since = index("a step", since.unwrap_or(0.0))?;
        let list: Vec<_> = self
            .table
            .steps_since(since)
            .map(|e| serde_json::json!({"index": e.index, "step": e.to_json(), "link": fichas::record::hex(&e.link)}))
            .collect();
        Ok(typed(to_js(&list))?)
    }

    /// The verifiable dice's secret (hex). Publish it only once the game is over.
    pub fn reveal(&self) -> Result<String, JsValue> {
        Ok(self.table.reveal().map(Secret::to_hex).ok_or_else(|| {
            Failure::new(Kind::Table, format!("the table's dice are {}: there is no secret", self.table.dice()))
        })?)
    }
}

/// Recomputes every chance outcome of a record of verifiable dice (its JSON text) from the
/// revealed secret: how many were checked. Throws `DiceError` naming the first step that differs.
#[wasm_bindgen(js_name = verifyDice)]
pub fn verify_dice(record: &str, secret: &str) -> Result<usize, JsValue> {
    Ok(dice_checked(&Record::read(record)?.record, secret)?)
}

pub(crate) fn dice_checked(record: &fichas::record::Record, secret: &str) -> Result<usize> {
    table::verify_dice(record, &secret_of(secret)?).map_err(dice_error)
}
