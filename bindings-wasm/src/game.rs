//! `Game`: one game of any variant, played in the page or in Node.

use fichas::dice::Roll;
use fichas::game::{self, ChanceOutcome};
use fichas::phase::Phase;
use fichas::{Seat, picture};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use wasm_bindgen::prelude::*;

use crate::convert::{self, notation_of, seat_of};
use crate::{
    ActionLike, ActionList, ChanceList, EventList, Failure, JsPhase, Kind, MaybeOutcome, MaybeSuggestion, MovementList,
    Record, Result, StringList, TapList, TokenList, View, parse_error, parse_variant, seed_or_random, to_js, typed,
};

pub(crate) fn illegal(e: fichas::phase::PlayError) -> Failure {
    let reason = match &e {
        fichas::phase::PlayError::Illegal { reason, .. } => Some(reason.code()),
        _ => None,
    };
    Failure::new(Kind::Illegal, e.to_string()).with_facts(serde_json::json!({"code": e.code(), "reason": reason}))
}

/// A game of any variant: `new Game("poleana")`, `new Game("parchis:pairs", 7)`.
///
/// Its dice come from its own generator, seeded by `seed` or from `crypto.getRandomValues`, for
/// offline play and tests. A `Game` is the raw engine: whoever holds it may play for any seat and
/// see every card. A server holds a `Table` instead.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    pub(crate) game: game::Game,
    rng: Xoshiro256PlusPlus,
}

impl Game {
    pub(crate) fn wrap(game: game::Game, seed: Option<f64>) -> Result<Game> {
        Ok(Game { game, rng: Xoshiro256PlusPlus::seed_from_u64(seed_or_random(seed)?) })
    }

    fn events(events: &[game::Event]) -> Result<EventList, JsValue> {
        Ok(typed(to_js(&convert::events(events)?))?)
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game of `variant` (`poleana`, `poleana-express:3`, `parchis:pairs`, `cartas`, …).
    /// Throws `ConfigError` for a variant that cannot be.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, seed: Option<f64>) -> Result<Game, JsValue> {
        Ok(Game::wrap(game::Game::new(parse_variant(variant)?), seed)?)
    }

    /// A game that starts from a position text (as `position()` writes it). Throws `ParseError`
    /// for a text that is not a position.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(position: &str, seed: Option<f64>) -> Result<Game, JsValue> {
        Ok(Game::wrap(game::Game::from_position(position).map_err(parse_error)?, seed)?)
    }

    /// The variant, as its configuration text.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.game.variant().to_string()
    }

    /// Players at the table.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> usize {
        self.game.variant().seats()
    }

    /// Each seat's name: the colours it plays (`yellow`, `yellow+red`).
    #[wasm_bindgen(getter, js_name = seatNames)]
    pub fn seat_names(&self) -> StringList {
        crate::strings(&crate::seat_names(&self.game.variant()))
    }

    /// Who acts next: `chance` (a roll or a card is due), `decide` (`toAct` decides), `over`.
    #[wasm_bindgen(getter)]
    pub fn phase(&self) -> JsPhase {
        let name = match self.game.phase() {
            Phase::Chance => "chance",
            Phase::Decide(_) => "decide",
            Phase::Over(_) => "over",
        };
        JsValue::from_str(name).unchecked_into()
    }

    /// The seat to decide, or null while chance is pending or once the game is over.
    #[wasm_bindgen(getter, js_name = toAct)]
    pub fn to_act(&self) -> crate::MaybeNumber {
        crate::seat_or_null(self.game.to_act())
    }

    /// The seat whose turn it is: the one to decide or, in the dice games, the one whose roll is
    /// due (a page shows that seat its roll button). Null once the game is over, and in Cartas
    /// while a card is drawn.
    #[wasm_bindgen(getter, js_name = seatOnTurn)]
    pub fn seat_on_turn(&self) -> crate::MaybeNumber {
        crate::seat_or_null(self.game.state().seat_on_turn())
    }

    /// Whether the pending chance event is a roll the seat on turn asks for (the dice games),
    /// rather than a draw the game makes by itself (Cartas).
    #[wasm_bindgen(getter, js_name = rollIsDue)]
    pub fn roll_is_due(&self) -> bool {
        self.game.state().roll_is_due()
    }

    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// How the game ended, once it is over; null before.
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> Result<MaybeOutcome, JsValue> {
        let outcome = self.game.outcome().map(|o| convert::outcome(&o, &self.game.winners())).transpose()?;
        Ok(typed(to_js(&outcome))?)
    }

    /// The outcomes of the pending chance event with their integer weights (none when no chance
    /// event is pending).
    #[wasm_bindgen(js_name = chanceOutcomes)]
    pub fn chance_outcomes(&self) -> Result<ChanceList, JsValue> {
        Ok(typed(to_js(&convert::chance_outcomes(self.game.chance_outcomes())))?)
    }

    /// Draws the pending chance event from the game's generator and applies it. Throws
    /// `IllegalActionError` when none is pending.
    pub fn roll(&mut self) -> Result<EventList, JsValue> {
        let events = self.game.roll(&mut self.rng).map_err(illegal)?;
        Game::events(&events)
    }

    /// Applies a supplied chance outcome, such as a server's dice: `5-3`, or a card `K` in
    /// Cartas. Throws `ParseError` for text that is no outcome of this game and
    /// `IllegalActionError` for one that cannot happen now.
    #[wasm_bindgen(js_name = applyChance)]
    pub fn apply_chance(&mut self, outcome: &str) -> Result<EventList, JsValue> {
        let outcome = self.game.state().parse_chance(outcome).map_err(parse_error)?;
        let events = self.game.apply_chance(outcome).map_err(illegal)?;
        Game::events(&events)
    }

    /// Applies a roll of two dice given as numbers (1 to 6), in the order they were rolled.
    #[wasm_bindgen(js_name = applyDice)]
    pub fn apply_dice(&mut self, first: f64, second: f64) -> Result<EventList, JsValue> {
        let face = |n: f64| (n.fract() == 0.0 && (1.0..=6.0).contains(&n)).then_some(n as u8);
        let roll = face(first).zip(face(second)).and_then(|(a, b)| Roll::of(a, b)).ok_or_else(|| {
            Failure::new(Kind::Parse, format!("{first} and {second} are not two dice: each die shows 1 to 6"))
        })?;
        let events = self.game.apply_chance(ChanceOutcome::Roll(roll)).map_err(illegal)?;
        Game::events(&events)
    }

    /// The legal actions of the seat to act, in the game's stable order, with their marks.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Result<ActionList, JsValue> {
        Ok(typed(to_js(&convert::choices(self.game.state(), &self.game.legal_actions())))?)
    }

    /// Plays an action, given as its notation (`release`, `Y12+5`, `home+sum`, `K:out`) or as an
    /// `Choice` of `legalActions()`: the engine checks it again. Throws `ParseError` for text
    /// that is no action of this game, `IllegalActionError` with the reason for one the rules
    /// refuse here.
    pub fn apply(&mut self, action: ActionLike) -> Result<EventList, JsValue> {
        let notation = notation_of(&action.into())?;
        let action = self.game.state().parse_action(&notation).map_err(parse_error)?;
        let events = self.game.play(action).map_err(illegal)?;
        Game::events(&events)
    }

    /// The movements an action would make, played here (the game does not change): each token
    /// that moves and every spot it enters, in order. Throws as `apply` throws.
    pub fn movements(&self, action: ActionLike) -> Result<MovementList, JsValue> {
        let notation = notation_of(&action.into())?;
        let action = self.game.state().parse_action(&notation).map_err(parse_error)?;
        Ok(typed(to_js(&self.game.state().movements(action).map_err(illegal)?))?)
    }

    /// Every token where it stands, with the spot names of movements and the picture.
    pub fn tokens(&self) -> Result<TokenList, JsValue> {
        Ok(typed(to_js(&self.game.state().tokens()))?)
    }

    /// How taps reach each legal action, in the order of `legalActions()`.
    pub fn taps(&self) -> Result<TapList, JsValue> {
        Ok(typed(to_js(&self.game.state().taps()))?)
    }

    /// The host's timeout for the seat whose turn it is (each game's rules say what it does).
    pub fn timeout(&mut self) -> Result<EventList, JsValue> {
        let events = self.game.timeout().map_err(illegal)?;
        Game::events(&events)
    }

    /// The events of the last step, all of them (the raw engine's; a table filters them).
    #[wasm_bindgen(js_name = lastEvents)]
    pub fn last_events(&self) -> Result<EventList, JsValue> {
        Game::events(self.game.last_events())
    }

    /// What `seat` may see: in Cartas its own hand and only the sizes of the others. Throws
    /// `SeatError` for a seat not at the table.
    pub fn view(&self, seat: f64) -> Result<View, JsValue> {
        Ok(View::new(self.game.view(seat_of(&self.game.variant(), seat)?)))
    }

    /// A hint for the seat to decide, or an offline opponent's move: the suggestion of a bot of
    /// `level` (`easy`, `medium` (the default), `hard`; `random`, `greedy`, `search`, or
    /// `search:iterations=800`), seeded with `seed`, from that seat's view only. Null while
    /// nobody decides. Throws `ConfigError` for an unknown level.
    pub fn suggest(&self, level: Option<String>, seed: Option<f64>) -> Result<MaybeSuggestion, JsValue> {
        match self.game.to_act() {
            Some(seat) => crate::bot::suggest(&self.game.view(seat), level.as_deref().unwrap_or("medium"), seed),
            None => Ok(JsValue::NULL.unchecked_into()),
        }
    }

    /// The position as one line of text; `Game.fromPosition` reads it back. It holds every hidden
    /// card: it is for the server, tests and bug reports, not for a seat.
    pub fn position(&self) -> String {
        self.game.position()
    }

    /// The record of the game so far: where it started and every step.
    pub fn record(&self) -> Record {
        Record::new(self.game.record())
    }

    /// An independent copy; its generator continues from the same point, so both roll alike.
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// How many action ids the game has: every `Choice.id` is below it.
    #[wasm_bindgen(getter, js_name = actionSpace)]
    pub fn action_space(&self) -> u16 {
        self.game.variant().action_space()
    }

    /// The board as SVG, marking the last move; in Cartas the hand shown is the seat to act's.
    pub fn svg(&self) -> String {
        picture::svg(&self.game.view(picture_seat(&self.game)), self.game.last_events())
    }

    /// The board after `action` as `seat` sees it, with the move's cells marked (dashed where a
    /// token leaves, solid where it lands): what a page shows while a person considers a move.
    /// The game itself does not change. Throws as `apply` does for an action it refuses.
    #[wasm_bindgen(js_name = previewSvg)]
    pub fn preview_svg(&self, action: ActionLike, seat: f64) -> Result<String, JsValue> {
        let seat = seat_of(&self.game.variant(), seat)?;
        let notation = notation_of(&action.into())?;
        let mut after = self.game.clone();
        let action = after.state().parse_action(&notation).map_err(parse_error)?;
        let events = after.play(action).map_err(illegal)?;
        Ok(picture::svg(&after.view(seat), &events))
    }

    /// The board as plain text (at most 80 columns), marking the last move.
    pub fn text(&self) -> String {
        picture::text(&self.game.view(picture_seat(&self.game)), self.game.last_events())
    }
}

/// The seat whose view a game's picture shows: the one to act, else the first.
fn picture_seat(game: &game::Game) -> Seat {
    game.to_act().unwrap_or(Seat::ALL[0])
}
