//! The plain values the bindings pass: actions with their marks, events, outcomes, phases and
//! chance outcomes. Each is built from the engine's own value; nothing is re-derived here.

use std::collections::HashMap;

use fichas::game::{self, Variant};
use fichas::phase::Phase as CorePhase;
use fichas::{Seat, parchis, poleana};

use crate::{FichasError, Result};

/// A colour of the game (in Cartas, the colour of a seat's tokens: seat 0 yellow, 1 blue, 2 red,
/// 3 green).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Colour {
    Yellow,
    Blue,
    Red,
    Green,
}

impl From<fichas::Colour> for Colour {
    fn from(colour: fichas::Colour) -> Colour {
        match colour {
            fichas::Colour::Yellow => Colour::Yellow,
            fichas::Colour::Blue => Colour::Blue,
            fichas::Colour::Red => Colour::Red,
            fichas::Colour::Green => Colour::Green,
        }
    }
}

/// Poleana: whether a choice obeys the priorities (✓) or costs an infraction (✕).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Compliance {
    Compliant,
    Infraction,
}

/// Poleana: the priority class of a choice, the most owed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Priority {
    /// 1: send rivals home by a police cell.
    Sweep,
    /// 2: release or rescue with a combo.
    Release,
    /// 3: a move that captures.
    Capture,
    /// 4: any other move.
    Move,
}

/// Poleana: what the landing cell means for the mover, ★ safe or ⚠ police.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Mark {
    Safe,
    Police,
}

/// A choice: a legal action with everything its game attaches to it. Only `notation` matters
/// when it is played back: the engine checks it again. (`Action` is its former, deprecated name.)
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Choice {
    /// The action in the game's notation: `Y12+5`, `home+sum`, `7:12+3,40+4/c`, `timeout`.
    pub notation: String,
    /// The action with its marks as an assisted front end shows it: `Y12+5 ✕ ★`, `23+4 xR`.
    pub label: String,
    /// Its stable id in the game's action space (in Cartas, relative to the seat to act).
    pub id: Option<u32>,
    /// The seat that may take it.
    pub seat: Option<u32>,
    /// Poleana: compliant, or an infraction of the priorities.
    pub compliance: Option<Compliance>,
    /// Poleana: the priority class.
    pub priority: Option<Priority>,
    /// Poleana: the landing cell's mark, when it has one.
    pub mark: Option<Mark>,
    /// Poleana and Parchís: where the moving token lands, named as the game names cells.
    pub landing: Option<String>,
    /// Parchís: the colour of the token that moves.
    pub colour: Option<Colour>,
    /// Parchís: the cells walked.
    pub steps: Option<u32>,
    /// Parchís: the colour of the token captured on landing.
    pub captures: Option<Colour>,
    /// Cartas: the card played (`7`, `T`, `K`, `*` for a joker).
    pub card: Option<String>,
    /// Cartas: the rank the card is played as (a joker names one).
    pub named: Option<String>,
}

impl Choice {
    pub(crate) fn of(choice: &game::Choice, id: Option<u16>, seat: Option<Seat>) -> Choice {
        let mut out = Choice {
            notation: choice.action().to_string(),
            label: choice.to_string(),
            id: id.map(u32::from),
            seat: seat.map(seat_number),
            compliance: None,
            priority: None,
            mark: None,
            landing: None,
            colour: None,
            steps: None,
            captures: None,
            card: None,
            named: None,
        };
        match choice {
            game::Choice::Poleana(c) => {
                out.compliance = Some(if c.is_infraction() { Compliance::Infraction } else { Compliance::Compliant });
                out.priority = Some(match c.priority {
                    poleana::Priority::Sweep => Priority::Sweep,
                    poleana::Priority::Release => Priority::Release,
                    poleana::Priority::Capture => Priority::Capture,
                    poleana::Priority::Move => Priority::Move,
                });
                out.mark = c.mark.map(|m| match m {
                    poleana::Mark::Safe => Mark::Safe,
                    poleana::Mark::Police => Mark::Police,
                });
                out.landing = c.landing.map(|s| s.to_string());
            }
            game::Choice::Parchis(parchis::Choice { colour, steps, landing, captures, .. }) => {
                out.colour = Some((*colour).into());
                out.steps = Some(u32::from(*steps));
                out.landing = Some(landing.to_string());
                out.captures = captures.map(Colour::from);
            }
            game::Choice::Cartas(a) => {
                out.card = a.card().map(|c| c.to_string());
                out.named = a.named().map(|c| c.to_string());
            }
        }
        out
    }
}

/// Wraps a state's choices with their ids (which in Cartas depend on the state) and seat.
pub(crate) fn choices_of(state: &game::State, choices: Vec<game::Choice>) -> Vec<Choice> {
    let seat = state.phase().to_act();
    choices.iter().map(|c| Choice::of(c, state.action_id(&c.action()), seat)).collect()
}

/// One thing that happened, for an app to animate: `kind` names it (`moved`, `captured`,
/// `turn_passed`, …) and `fields` hold its details as text, exactly as in `json`.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Event {
    /// What happened, in snake case: `rolled`, `released`, `moved`, `captured`, `dealt`, …
    pub kind: String,
    /// The event's fields (`colour`, `from`, `to`, `by`, `victim`, `card`, …): strings as they
    /// are, numbers and booleans written out, nested values as JSON. A field with no value (a card
    /// hidden from this seat) is absent.
    pub fields: HashMap<String, String>,
    /// The whole event as JSON, for a server to forward or log.
    pub json: String,
}

impl Event {
    pub(crate) fn of(event: &game::Event) -> Result<Event> {
        use serde_json::Value;
        let value = serde_json::to_value(event).map_err(|e| FichasError::Internal(e.to_string()))?;
        let json = value.to_string();
        let Value::Object(map) = value else {
            return Err(FichasError::Internal(format!("an event is not a JSON object: {json}")));
        };
        let mut kind = String::new();
        let mut fields = HashMap::new();
        for (key, value) in map {
            let text = match value {
                Value::Null => continue,
                Value::String(s) => s,
                other => other.to_string(),
            };
            if key == "event" {
                kind = text;
            } else {
                fields.insert(key, text);
            }
        }
        Ok(Event { kind, fields, json })
    }
}

pub(crate) fn events_of(events: &[game::Event]) -> Result<Vec<Event>> {
    events.iter().map(Event::of).collect()
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Outcome {
    /// The winning seats (two in the partnership modes).
    pub winners: Vec<u32>,
    /// The winning colours.
    pub colours: Vec<Colour>,
    /// Whether Poleana's special victory decided the game.
    pub special: bool,
    /// The outcome as the engine writes it in JSON.
    pub json: String,
}

impl Outcome {
    pub(crate) fn of(outcome: &game::Outcome, winners: &[Seat]) -> Result<Outcome> {
        Ok(Outcome {
            winners: winners.iter().copied().map(seat_number).collect(),
            colours: outcome.colours().iter().map(Colour::from).collect(),
            special: outcome.is_special(),
            json: serde_json::to_string(outcome).map_err(|e| FichasError::Internal(e.to_string()))?,
        })
    }
}

/// Who acts next.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum Phase {
    /// A chance event is pending: roll, or apply a supplied outcome.
    Chance,
    /// This seat must choose one of the legal actions.
    Decide { seat: u32 },
    /// The game has ended.
    Over { outcome: Outcome },
}

impl Phase {
    pub(crate) fn of(game: &game::Game) -> Result<Phase> {
        Ok(match game.phase() {
            CorePhase::Chance => Phase::Chance,
            CorePhase::Decide(seat) => Phase::Decide { seat: seat_number(seat) },
            CorePhase::Over(outcome) => Phase::Over { outcome: Outcome::of(&outcome, &game.winners())? },
        })
    }
}

/// A possible outcome of the pending chance event and its integer weight (out of the sum of all).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct ChanceOutcome {
    /// A roll `5-3` in the dice games, a card `7`, `T`, `K` or `*` in Cartas.
    pub notation: String,
    pub weight: u32,
}

/// One step of a record.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum Step {
    /// A chance outcome: `5-3`, or a card in Cartas.
    Chance { outcome: String },
    /// A seat's action, in the game's notation.
    Decision { seat: u32, action: String },
    /// The host reported that the seat ran out of time.
    Timeout { seat: u32 },
}

impl From<&fichas::record::Step> for Step {
    fn from(step: &fichas::record::Step) -> Step {
        match step {
            fichas::record::Step::Chance(o) => Step::Chance { outcome: o.to_string() },
            fichas::record::Step::Action { seat, action } => {
                Step::Decision { seat: seat_number(*seat), action: action.to_string() }
            }
            fichas::record::Step::Timeout { seat } => Step::Timeout { seat: seat_number(*seat) },
        }
    }
}

/// What a variant text configures.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct VariantInfo {
    /// The variant's configuration text, as the engine writes it.
    pub variant: String,
    /// `poleana`, `poleana-express`, `parchis` or `cartas`.
    pub game: String,
    /// The mode (`strict`, `assisted`, `free`; `individual`, `two-player`, `two-colours`,
    /// `pairs`), where the game has modes.
    pub mode: Option<String>,
    /// Players at the table.
    pub seats: u32,
    /// Each seat's name: the colours it plays (`yellow`, `yellow+red`).
    pub seat_names: Vec<String>,
    /// Each seat's partner, where seats play in pairs.
    pub partners: Vec<Option<u32>>,
    /// What the variant has.
    pub has: VariantHas,
    /// Every action id is below it.
    pub action_space: u32,
}

/// What a variant has, for an app to show (`fichas::game::Has`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Record)]
pub struct VariantHas {
    /// Two dice.
    pub dice: bool,
    /// A roll for the seat to start with a tap.
    pub roll: bool,
    /// Cards in the hands.
    pub cards: bool,
    /// Hands the other seats may not see.
    pub hidden_hands: bool,
    /// Poleana's marks on choices (the assisted mode).
    pub marks: bool,
    /// Seats that play in pairs.
    pub partners: bool,
}

impl VariantInfo {
    pub(crate) fn of(variant: &Variant) -> VariantInfo {
        let info = variant.info();
        let has = info.has;
        VariantInfo {
            variant: info.variant,
            game: info.game.to_string(),
            mode: info.mode.map(String::from),
            seats: info.seats.len() as u32,
            seat_names: seat_names(variant),
            partners: info.seats.iter().map(|s| s.partner.map(|p| p as u32)).collect(),
            has: VariantHas {
                dice: has.dice,
                roll: has.roll,
                cards: has.cards,
                hidden_hands: has.hidden_hands,
                marks: has.marks,
                partners: has.partners,
            },
            action_space: u32::from(info.action_space),
        }
    }
}

pub(crate) fn seat_names(variant: &Variant) -> Vec<String> {
    Seat::ALL[..variant.seats()].iter().map(|&s| variant.seat_name(s)).collect()
}

pub(crate) fn seat_number(seat: Seat) -> u32 {
    seat.index() as u32
}

/// A seat number checked against the table.
pub(crate) fn seat_of(variant: &Variant, seat: u32) -> Result<Seat> {
    usize::try_from(seat).ok().and_then(Seat::new).filter(|s| s.index() < variant.seats()).ok_or_else(|| {
        FichasError::Seat(format!("seat {seat} is not at this table: {variant} has seats 0 to {}", variant.seats() - 1))
    })
}
