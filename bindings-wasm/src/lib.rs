//! JavaScript bindings of fichas on WebAssembly: the npm package `fichas` (see docs/web.md).
//!
//! A thin layer over the engine, as the Python and mobile bindings are: no rule lives here. Values
//! cross as JavaScript objects built from the engine's own JSON forms; every refusal becomes an
//! instance of one of the `Error` subclasses of `js/errors.js`, with the engine's message. A panic,
//! which the engine is built never to raise, is thrown as an `InternalError` by the panic hook
//! rather than trapping; the module should then be loaded again (see `start`).

mod bot;
mod convert;
mod game;
mod record;
mod table;
mod view;

use fichas::game::Variant;
use fichas::simulation::{MAX_DECISIONS, Policy, Tally, play_game};
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use bot::Bot;
pub use game::Game;
pub use record::Record;
pub use table::{Table, verify_dice};
pub use view::View;

#[wasm_bindgen(module = "/js/errors.js")]
extern "C" {
    /// The error class of `kind` with `message`, and `detail` (a step, a seat) where it has one.
    #[wasm_bindgen(js_name = makeError)]
    fn make_error(kind: &str, message: &str, detail: JsValue, facts: JsValue) -> JsValue;
}

/// The kinds of error, each one class of `js/errors.js`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Config,
    Seat,
    Parse,
    Illegal,
    Record,
    Table,
    NotYourTurn,
    Stale,
    Future,
    HostOnly,
    GameOver,
    Dice,
    Internal,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Config => "config",
            Kind::Seat => "seat",
            Kind::Parse => "parse",
            Kind::Illegal => "illegal",
            Kind::Record => "record",
            Kind::Table => "table",
            Kind::NotYourTurn => "notYourTurn",
            Kind::Stale => "stale",
            Kind::Future => "future",
            Kind::HostOnly => "hostOnly",
            Kind::GameOver => "gameOver",
            Kind::Dice => "dice",
            Kind::Internal => "internal",
        }
    }
}

/// An error on its way to JavaScript: its kind, message and detail. Kept as plain Rust so that
/// the conversions and their tests run natively; it becomes a `JsValue` only at the boundary.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub(crate) kind: Kind,
    pub(crate) message: String,
    pub(crate) detail: Option<f64>,
    /// The refusal's codes and facts, as every binding gives them: `code` (the kind of refusal,
    /// `illegal`), `reason` (why an action is illegal: `parchis-blocked`), `legal` (a table's
    /// legal actions then).
    pub(crate) facts: Option<serde_json::Value>,
}

impl Failure {
    pub(crate) fn new(kind: Kind, message: impl Into<String>) -> Failure {
        Failure { kind, message: message.into(), detail: None, facts: None }
    }

    pub(crate) fn with_detail(mut self, detail: Option<usize>) -> Failure {
        self.detail = detail.map(|d| d as f64);
        self
    }

    pub(crate) fn with_facts(mut self, facts: serde_json::Value) -> Failure {
        self.facts = Some(facts);
        self
    }
}

impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        let detail = failure.detail.map_or(JsValue::NULL, JsValue::from_f64);
        let facts = failure.facts.as_ref().and_then(|f| to_js(f).ok()).unwrap_or(JsValue::NULL);
        make_error(failure.kind.name(), &failure.message, detail, facts)
    }
}

pub(crate) type Result<T, E = Failure> = std::result::Result<T, E>;

pub(crate) fn config(message: impl Into<String>) -> Failure {
    Failure::new(Kind::Config, message)
}

pub(crate) fn parse_error(e: impl std::fmt::Display) -> Failure {
    Failure::new(Kind::Parse, fichas::notation::bounded(&e.to_string()))
}

pub(crate) fn internal(e: impl std::fmt::Display) -> Failure {
    Failure::new(Kind::Internal, e.to_string())
}

/// A panic becomes a thrown `InternalError`: the hook throws into JavaScript, which unwinds the
/// WebAssembly stack, so the page gets the engine's message rather than a bare trap. The panic
/// never returns from the hook, so the module is left as the panic found it (the object it
/// happened in stays borrowed, and Rust's runtime aborts a second panic as a trap): a page that
/// gets an `InternalError` loads the module again.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        let message = format!("internal error in fichas (a bug; please report it): {what}");
        wasm_bindgen::throw_val(Failure::new(Kind::Internal, message).into());
    }));
}

/// A JavaScript value of the engine's JSON form.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue> {
    let text = serde_json::to_string(value).map_err(internal)?;
    json(&text)
}

/// A JavaScript value from JSON text the engine wrote.
pub(crate) fn json(text: &str) -> Result<JsValue> {
    js_sys::JSON::parse(text).map_err(|_| internal("the engine wrote JSON that JavaScript cannot read"))
}

/// A JavaScript number that must be a whole number from 0 to 2^53 − 1: a seed, a step, a time.
pub(crate) fn whole(what: &str, value: f64) -> Result<u64> {
    if value.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&value) {
        Ok(value as u64)
    } else {
        Err(config(format!("{what} must be a whole number from 0 to 2^53 - 1, not {value}")))
    }
}

/// A step or count, saturated to what a table can hold.
pub(crate) fn index(what: &str, value: f64) -> Result<usize> {
    Ok(usize::try_from(whole(what, value)?).unwrap_or(usize::MAX))
}

/// Reads a variant's configuration text.
pub(crate) fn parse_variant(text: &str) -> Result<Variant> {
    text.parse().map_err(|e: fichas::game::VariantError| config(e.to_string()))
}

/// A seed given or, without one, 64 bits from the platform's secure generator
/// (`crypto.getRandomValues`).
pub(crate) fn seed_or_random(seed: Option<f64>) -> Result<u64> {
    match seed {
        Some(seed) => whole("a seed", seed),
        None => getrandom::u64().map_err(|e| internal(format!("the platform gave no random seed: {e}"))),
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A seat's colour. */
export type Colour = "yellow" | "blue" | "red" | "green";
/** Who acts next. */
export type Phase = "chance" | "decide" | "over";
/** A choice: a legal action with everything its game attaches to it. */
export interface Choice {
    /** The action in the game's notation: what `apply` and `Table.submit` take. */
    notation: string;
    /** The action in words, for a button. */
    label: string;
    /** Its id in the game's action space (fixed per variant in the dice games), or null. */
    id: number | null;
    /** The seat that may take it. */
    seat: number | null;
    /** Poleana: whether taking it keeps the rules or is an infraction (✓ or ✕). */
    compliance: "compliant" | "infraction" | null;
    /** Poleana: the priority class, 1 (sweep) to 4 (move). */
    priority: number | null;
    /** Poleana: the landing cell's mark, safe (★) or police (⚠). */
    mark: "safe" | "police" | null;
    /** Where the moving token lands, named as the game names cells. */
    landing: string | null;
    /** Parchís: the colour of the token that moves. */
    colour: Colour | null;
    /** Parchís: how many cells it moves. */
    steps: number | null;
    /** Parchís: the colour of the token captured on landing. */
    captures: Colour | null;
    /** Cartas: the card played. */
    card: string | null;
    /** Cartas: the card a joker stands for. */
    named: string | null;
}
/** @deprecated The former name of `Choice`. */
export type Action = Choice;
/** What happened in a step, as the engine tells it: `{event: "rolled", seat: 0, roll: [5, 3]}`. */
export interface GameEvent {
    event: string;
    [field: string]: unknown;
}
/** An event at a table, with the table step that produced it. */
export interface TableEvent extends GameEvent {
    step: number;
}
/** How a game ended. */
export interface Outcome {
    winners: number[];
    colours: Colour[];
    /** Poleana: the quiet player's special victory. */
    special: boolean;
    /** The engine's own form of the outcome. */
    detail: unknown;
}
/** An outcome of the pending chance event with its integer weight: `["5-3", 2]`. */
export type ChanceOutcome = [outcome: string, weight: number];
/** A bot's choice for the seat to decide. */
export interface Suggestion {
    action: Choice;
    notation: string;
    /** Why, as a stable code (`captures`, `scores`, …); null from the random bot. */
    reason: string | null;
    /** Why, as an English sentence. */
    explanation: string | null;
    /** The bot's estimate, from 0 to 1, of its side's chance after the action. */
    estimate: number | null;
}
/** What a variant text configures. */
export interface VariantInfo {
    variant: string;
    game: "poleana" | "poleana-express" | "parchis" | "cartas";
    /** The mode, where the game has modes: `strict`, `assisted`, `free`, `individual`, `two-player`, `two-colours`, `pairs`. */
    mode: string | null;
    seats: number;
    seatNames: string[];
    /** Each seat's partner, where seats play in pairs. */
    partners: (number | null)[];
    /** What the variant has: no client tests a game by its name. */
    has: {
        dice: boolean;
        /** A roll for the seat to start with a tap. */
        roll: boolean;
        cards: boolean;
        hiddenHands: boolean;
        /** Poleana's marks on choices (the assisted mode). */
        marks: boolean;
        partners: boolean;
    };
    actionSpace: number;
}
/** One step of a record, as the record's JSON holds it: a chance outcome, a seat's action or a timeout, with the host's time and the chain's link at a table. */
export interface RecordStep {
    chance?: string;
    seat?: number;
    action?: string;
    timeout?: number;
    time?: number | null;
    link?: string;
}
/** A step as a store appends it: its index, its JSON row (with its time and link) and its link. */
export interface StoredStep {
    index: number;
    step: string;
    link: string;
}
/** A roll at a table. */
export interface RollEntry {
    step: number;
    seat: number;
    roll: string;
}
/** A table's options. */
export interface TableOptions {
    /** `system` (the platform's secure generator, the default), `verifiable` or `host`. */
    dice?: "system" | "verifiable" | "host";
    /** The time a turn may take, in milliseconds of the host's clock. */
    turnLimitMs?: number | null;
}
/** A seat's joining options. */
export interface JoinOptions {
    player?: string | null;
    seed?: string | null;
}
/** A batch of games played by bots. */
export interface SimulateOptions {
    games: number;
    seed?: number;
    /** One policy for every seat, or one per seat: `random` (the default), `greedy`, `easy`, `medium`, `hard`, `search:iterations=800`. */
    policy?: string | string[];
    maxDecisions?: number;
}
/** Whose a token is: a colour in the dice games, a seat in Cartas. */
export type Owner = { colour: Colour } | { seat: number };
/** A spot's one name for every client: `Y12`, `23`, `Y:c3`, `2:h` (docs/client.md). */
export type SpotId = string;
/** One token's movement in a step, to animate: every spot it enters, the last where it stops. */
export interface Movement {
    owner: Owner;
    from: SpotId;
    path: SpotId[];
    /** `walk`: cell by cell through the path; `jump`: straight to its one spot. */
    motion: "walk" | "jump";
    cause: "move" | "release" | "rescue" | "captured" | "swept" | "penalty" | "swap";
}
/** A token where it stands. */
export interface Token {
    owner: Owner;
    spot: SpotId;
}
/** How taps reach one legal choice: the card (Cartas), the tokens in order, and what sets it apart. */
export interface Tap {
    /** The choice's notation: what `apply` takes. */
    action: string;
    card: string | null;
    /** Tokens to tap, in order, by name (`Y@Y12`), as `data-token` in the picture. */
    tokens: string[];
    /** The steps each token walks (0 for a jump). */
    steps: number[];
    /** What sets it apart from the choices of the same card and first token: `+5`, `+5/b`, `-4`. */
    option: string;
    /** What it spends in a dice game: a die (`5`), the sum (`sum`) or a bonus (`10`, `20`, `+10`); null for a release or in Cartas. */
    count: string | null;
}
/** A catalogue message (locales/LANG/fichas.ftl) before it is words: its id and arguments; an argument that is a message is worded first, and a list of them is joined ("Yellow and Red"). */
export interface Message {
    id: string;
    args: { [name: string]: string | number | Message | Message[] };
}
/** Where each spot of a variant's board lies in its SVG picture. */
export interface Geometry {
    width: number;
    height: number;
    spots: {
        spot: SpotId;
        area: { shape: "rect"; x: number; y: number; width: number; height: number } | { shape: "circle"; cx: number; cy: number; r: number };
    }[];
}
/** What a batch of games gave. */
export interface Simulation {
    variant: string;
    games: number;
    truncated: number;
    /** Games won by each seat (a pair's win counts for both). */
    wins: number[];
    /** Each seat's share of the finished games' wins. */
    winShares: number[];
    decisions: number;
    turns: number;
    captures: number;
    special: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "string[]")]
    pub type StringList;
    #[wasm_bindgen(typescript_type = "number[]")]
    pub type NumberList;
    #[wasm_bindgen(typescript_type = "string | Choice")]
    pub type ActionLike;
    #[wasm_bindgen(typescript_type = "Choice[]")]
    pub type ActionList;
    #[wasm_bindgen(typescript_type = "GameEvent[]")]
    pub type EventList;
    #[wasm_bindgen(typescript_type = "TableEvent[]")]
    pub type TableEventList;
    #[wasm_bindgen(typescript_type = "Outcome | null")]
    pub type MaybeOutcome;
    #[wasm_bindgen(typescript_type = "ChanceOutcome[]")]
    pub type ChanceList;
    #[wasm_bindgen(typescript_type = "Suggestion | null")]
    pub type MaybeSuggestion;
    #[wasm_bindgen(typescript_type = "VariantInfo")]
    pub type JsVariantInfo;
    #[wasm_bindgen(typescript_type = "Movement[]")]
    pub type MovementList;
    #[wasm_bindgen(typescript_type = "Token[]")]
    pub type TokenList;
    #[wasm_bindgen(typescript_type = "Tap[]")]
    pub type TapList;
    #[wasm_bindgen(typescript_type = "Geometry")]
    pub type JsGeometry;
    #[wasm_bindgen(typescript_type = "Message")]
    pub type JsMessage;
    #[wasm_bindgen(typescript_type = "Message[]")]
    pub type MessageList;
    #[wasm_bindgen(typescript_type = "RecordStep[]")]
    pub type RecordSteps;
    #[wasm_bindgen(typescript_type = "StoredStep[]")]
    pub type StoredSteps;
    #[wasm_bindgen(typescript_type = "RollEntry[]")]
    pub type RollList;
    #[wasm_bindgen(typescript_type = "TableOptions")]
    pub type JsTableOptions;
    #[wasm_bindgen(typescript_type = "JoinOptions")]
    pub type JsJoinOptions;
    #[wasm_bindgen(typescript_type = "SimulateOptions")]
    pub type JsSimulateOptions;
    #[wasm_bindgen(typescript_type = "Simulation")]
    pub type JsSimulation;
    #[wasm_bindgen(typescript_type = "Phase")]
    pub type JsPhase;
    #[wasm_bindgen(typescript_type = "unknown")]
    pub type Unknown;
    #[wasm_bindgen(typescript_type = "number | null")]
    pub type MaybeNumber;
    #[wasm_bindgen(typescript_type = "string | null")]
    pub type MaybeString;
}

/// Converts a value the engine built into the TypeScript type it is declared as.
pub(crate) fn typed<T: JsCast>(value: Result<JsValue>) -> Result<T> {
    value.map(JsCast::unchecked_into)
}

/// A number, or null (JavaScript's "none" in this API, as in the engine's JSON).
pub(crate) fn number_or_null<T: Into<f64>>(value: Option<T>) -> MaybeNumber {
    value.map_or(JsValue::NULL, |v| JsValue::from_f64(v.into())).unchecked_into()
}

/// A text, or null.
pub(crate) fn text_or_null(value: Option<String>) -> MaybeString {
    value.map_or(JsValue::NULL, |v| JsValue::from_str(&v)).unchecked_into()
}

/// A seat, or null.
pub(crate) fn seat_or_null(seat: Option<fichas::Seat>) -> MaybeNumber {
    number_or_null(seat.map(|s| s.index() as u32))
}

/// `StringList` for a Rust list of texts.
pub(crate) fn strings(list: &[String]) -> StringList {
    js_sys::Array::from_iter(list.iter().map(|s| JsValue::from_str(s))).unchecked_into()
}

/// The variants' texts: one of each game and each mode (`fichas::game::VARIANTS`).
#[wasm_bindgen]
pub fn variants() -> StringList {
    js_sys::Array::from_iter(fichas::game::VARIANTS.into_iter().map(JsValue::from_str)).unchecked_into()
}

/// Where every spot of `variant`'s board lies in its SVG picture (docs/client.md). Throws
/// `ConfigError` for a text that names no valid game.
#[wasm_bindgen]
pub fn geometry(variant: &str) -> Result<JsGeometry, JsValue> {
    Ok(typed(to_js(&fichas::picture::geometry(parse_variant(variant)?)))?)
}

/// The catalogue message (`locales/`) that tells `event`, an event of `variant`'s game as a game,
/// table or server gives it (a table's `step` is left out). Throws `ConfigError` for a text that
/// names no valid game.
#[wasm_bindgen(js_name = eventMessage)]
pub fn event_message(variant: &str, event: JsValue) -> Result<JsMessage, JsValue> {
    let game = parse_variant(variant)?.info().game;
    let text = js_sys::JSON::stringify(&event).ok().and_then(|t| t.as_string()).unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    Ok(typed(to_js(&fichas::text::Message::event_json(game, &value)))?)
}

/// What a variant text configures: its game and mode, seats, seat names and partners, what it
/// has and its action space. Throws
/// `ConfigError` for a text that names no valid game.
#[wasm_bindgen(js_name = variantInfo)]
pub fn variant_info(variant: &str) -> Result<JsVariantInfo, JsValue> {
    let variant = parse_variant(variant)?;
    let info = variant.info();
    let has = info.has;
    let info = serde_json::json!({
        "variant": info.variant,
        "game": info.game,
        "mode": info.mode,
        "seats": info.seats.len(),
        "seatNames": seat_names(&variant),
        "partners": info.seats.iter().map(|s| s.partner).collect::<Vec<_>>(),
        "has": {
            "dice": has.dice, "roll": has.roll, "cards": has.cards, "hiddenHands": has.hidden_hands,
            "marks": has.marks, "partners": has.partners,
        },
        "actionSpace": info.action_space,
    });
    Ok(typed(to_js(&info))?)
}

pub(crate) fn seat_names(variant: &Variant) -> Vec<String> {
    fichas::Seat::ALL[..variant.seats()].iter().map(|&s| variant.seat_name(s)).collect()
}

/// Reads a JSON record and replays it, checking every step: the game after the last step. Throws
/// `RecordError` naming the first step the rules refuse.
#[wasm_bindgen]
pub fn replay(json: &str, seed: Option<f64>) -> Result<Game, JsValue> {
    let record = Record::from_json(json)?;
    record.replay(seed)
}

/// The version of the fichas engine inside this module.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Plays a batch of games inside the module, bots at every seat (the same games as the native
/// `simulate`, game `i` from `seed` and `i`): the wins, turns and decisions.
#[wasm_bindgen]
pub fn simulate(variant: &str, options: JsSimulateOptions) -> Result<JsSimulation, JsValue> {
    let variant = parse_variant(variant)?;
    let options: JsValue = options.into();
    let number = |key: &str| -> Result<Option<f64>> {
        let value = js_sys::Reflect::get(&options, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        value.as_f64().map(Some).ok_or_else(|| config(format!("simulate's `{key}` must be a number")))
    };
    let games = whole("games", number("games")?.ok_or_else(|| config("simulate needs `games`, how many to play"))?)?;
    let seed = whole("a seed", number("seed")?.unwrap_or(0.0))?;
    let max_decisions = match number("maxDecisions")? {
        Some(n) => u32::try_from(whole("maxDecisions", n)?).unwrap_or(u32::MAX).max(1),
        None => MAX_DECISIONS,
    };
    let policy = js_sys::Reflect::get(&options, &JsValue::from_str("policy")).unwrap_or(JsValue::UNDEFINED);
    let names: Vec<String> = if policy.is_undefined() || policy.is_null() {
        vec!["random".into()]
    } else if let Some(name) = policy.as_string() {
        vec![name]
    } else if js_sys::Array::is_array(&policy) {
        js_sys::Array::from(&policy)
            .iter()
            .map(|p| p.as_string().ok_or_else(|| config("each policy is a text such as `easy`")))
            .collect::<Result<_>>()?
    } else {
        return Err(config("`policy` is a text or a list of texts").into());
    };
    let seats = policies(&names)?;
    Ok(typed(to_js(&summary(variant, &run_batch(variant, games, seed, &seats, max_decisions))))?)
}

pub(crate) fn policies(names: &[String]) -> Result<Vec<Policy>> {
    if names.is_empty() {
        return Err(config("give at least one policy"));
    }
    names.iter().map(|n| n.parse::<Policy>().map_err(|e| config(e.to_string()))).collect()
}

/// The games `0..games` one after another on this thread (the module has no threads).
pub(crate) fn run_batch(variant: Variant, games: u64, seed: u64, seats: &[Policy], max_decisions: u32) -> Tally {
    let mut tally = Tally::default();
    for index in 0..games {
        tally.add(&play_game(variant, seats, seed, index, max_decisions));
    }
    tally
}

pub(crate) fn summary(variant: Variant, tally: &Tally) -> serde_json::Value {
    let seats = variant.seats();
    serde_json::json!({
        "variant": variant.to_string(),
        "games": tally.games,
        "truncated": tally.truncated,
        "wins": &tally.wins[..seats],
        "winShares": &tally.win_shares()[..seats],
        "decisions": tally.decisions,
        "turns": tally.turns,
        "captures": tally.captures,
        "special": tally.special,
    })
}

/// Panics on purpose, so that the tests can check that a panic reaches JavaScript as an
/// `InternalError` and never as a trap. Not part of the API.
#[wasm_bindgen(js_name = __panicForTests, skip_typescript)]
pub fn panic_for_tests(message: &str) {
    panic!("{message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_checked() {
        assert_eq!(whole("a seed", 7.0), Ok(7));
        for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY, 1e300] {
            let failure = whole("a seed", bad).unwrap_err();
            assert_eq!(failure.kind, Kind::Config, "{bad}");
            assert!(failure.message.starts_with("a seed must be a whole number"), "{}", failure.message);
        }
    }

    #[test]
    fn a_native_batch_is_the_simulation_of_the_engine() {
        let variant = parse_variant("parchis").unwrap();
        let seats = policies(&["random".into()]).unwrap();
        let here = run_batch(variant, 30, 5, &seats, MAX_DECISIONS);
        let engine = fichas::simulation::simulate(variant, 30, 5, 1, Policy::Random, None);
        let mut expected = Tally::default();
        engine.iter().for_each(|g| expected.add(g));
        assert_eq!(here, expected);
        assert_eq!(policies(&[]).unwrap_err().kind, Kind::Config);
        assert_eq!(policies(&["genius".into()]).unwrap_err().kind, Kind::Config);
    }
}
