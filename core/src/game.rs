//! One front door over every variant: the type the bindings wrap.
//!
//! [`Variant`] names a game and its options (`poleana-express:3`, `parchis:pairs`, …). [`State`]
//! is any game's position, a `Copy` value; [`Game`] adds the history that makes a [`Record`].
//! Each game module keeps its own rich types: the facade's [`Action`], [`Choice`], [`Event`],
//! [`Outcome`] and [`View`] are enums that hold them, so nothing of the rules is flattened away.
//! Seats are numbered from 0 in turn order (see each configuration's `seat_of`).
//!
//! A [`Game`] is the raw engine: whoever holds it may do anything (play for any seat, supply any
//! outcome, see every card). That is right for tests, bots and analysts; a server holds a
//! `table::Table` instead, which lets each seat act only for itself and see only its own.
//!
//! ```
//! use fichas::game::Game;
//! use rand::SeedableRng;
//! use rand::rngs::StdRng;
//!
//! let mut rng = StdRng::seed_from_u64(1);
//! let mut game = Game::new("parchis:pairs".parse().unwrap());
//! while !game.is_over() {
//!     if game.to_act().is_none() {
//!         game.roll(&mut rng).unwrap();
//!     } else {
//!         let choice = game.legal_actions()[0];
//!         game.play(choice.action()).unwrap();
//!     }
//! }
//! let record = game.record().to_json();
//! let again = fichas::record::replay(&record).unwrap();
//! assert_eq!(again.state(), game.state());
//! ```

use crate::rules::Rules;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use rand_core::Rng;

use crate::colour::{Colour, ColourSet};
use crate::dice::Roll;
use crate::events::EventSink;
use crate::movement::{Cause, Motion, Movement, Owner, SpotId, Tap, Token};
use crate::notation::ParseError;
use crate::phase::{Phase, PlayError, Refusal};
use crate::record::{Record, Step};
use crate::seat::{Seat, Viewer};
use crate::{cartas, parchis, poleana};

/// A game and its options. Written as the game's configuration text: `poleana`,
/// `poleana-express:3:free`, `parchis:pairs`, `cartas`, …; in JSON, that same text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Poleana, classic (`poleana…`) or Express (`poleana-express…`).
    Poleana(poleana::Config),
    /// Parchís (`parchis…`).
    Parchis(parchis::Config),
    /// Cartas (`cartas…`).
    Cartas(cartas::Config),
}

/// A variant of each game and each mode, as their texts: what a front end offers.
pub const VARIANTS: [&str; 13] = [
    "poleana",
    "poleana:2",
    "poleana:3",
    "poleana:assisted",
    "poleana:free",
    "poleana-express",
    "poleana-express:3",
    "parchis",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "parchis:YBR",
    "cartas",
];

/// What a variant has and how its table is laid out ([`Variant::info`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VariantInfo {
    /// The variant's text, as the engine writes it.
    pub variant: String,
    /// `poleana`, `poleana-express`, `parchis` or `cartas`.
    pub game: &'static str,
    /// The mode (`strict`, `assisted`, `free`; `individual`, `two-player`, `two-colours`,
    /// `pairs`), where the game has modes.
    pub mode: Option<&'static str>,
    /// The seats, in turn order.
    pub seats: Vec<SeatInfo>,
    /// What the variant has.
    pub has: Has,
    /// Every action id is below it.
    pub action_space: u16,
}

/// A seat of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SeatInfo {
    /// The colours it plays (two in Parchís' two-colours mode).
    pub colours: Vec<Colour>,
    /// Its partner's seat, where seats play in pairs.
    pub partner: Option<usize>,
}

/// What a variant has, for a front end to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Has {
    /// Two dice.
    pub dice: bool,
    /// A roll for the seat to start with a tap (the dice games); otherwise chance needs no one.
    pub roll: bool,
    /// Cards in the hands.
    pub cards: bool,
    /// Hands the other seats may not see.
    pub hidden_hands: bool,
    /// Poleana's marks on choices: compliance ✓/✕ and the landing's ★/⚠ (the assisted mode).
    pub marks: bool,
    /// Seats that play in pairs.
    pub partners: bool,
}

/// A variant text that names no game, or a game with options that cannot be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The text names Poleana (or Poleana Express) with options that cannot be.
    #[error("{0}")]
    Poleana(#[from] poleana::ConfigError),
    /// The text names Parchís with options that cannot be.
    #[error("{0}")]
    Parchis(#[from] parchis::ConfigError),
    /// The text names Cartas with options that cannot be.
    #[error("{0}")]
    Cartas(#[from] cartas::ConfigError),
    /// The text's first part is not `poleana`, `poleana-express`, `parchis` or `cartas`.
    #[error("{0}")]
    Unknown(ParseError),
}

impl Variant {
    /// The game's name: `poleana`, `poleana-express`, `parchis` or `cartas`.
    pub fn game(&self) -> &'static str {
        match self {
            Variant::Poleana(c) if c.board() == poleana::Board::Express => "poleana-express",
            Variant::Poleana(_) => "poleana",
            Variant::Parchis(_) => "parchis",
            Variant::Cartas(_) => "cartas",
        }
    }

    /// Players at the table.
    pub fn seats(&self) -> usize {
        match self {
            Variant::Poleana(c) => c.seats(),
            Variant::Parchis(c) => c.seats(),
            Variant::Cartas(_) => cartas::SEATS,
        }
    }

    /// The colours `seat` plays. In Cartas each seat's tokens take the colour of its index
    /// (seat 0 yellow, 1 blue, 2 red, 3 green), for pictures and names.
    pub fn colours_of(&self, seat: Seat) -> ColourSet {
        match self {
            Variant::Poleana(c) => c.colour_of(seat).map_or(ColourSet::EMPTY, |c| ColourSet::EMPTY.with(c)),
            Variant::Parchis(c) => c.colours_of(seat),
            Variant::Cartas(_) => {
                Colour::from_index(seat.index()).map_or(ColourSet::EMPTY, |c| ColourSet::EMPTY.with(c))
            }
        }
    }

    /// Whether `seat` is among the winners of `outcome`: it plays a winning colour (so both
    /// seats of a winning side win, and every quiet winner of Poleana's special victory).
    pub fn seat_wins(&self, seat: Seat, outcome: &Outcome) -> bool {
        self.colours_of(seat).bits() & outcome.colours().bits() != 0
    }

    /// A name for `seat`: the colours it plays, such as `yellow` or `yellow+red`.
    pub fn seat_name(&self, seat: Seat) -> String {
        let names: Vec<&str> = self.colours_of(seat).iter().map(|c| c.name()).collect();
        names.join("+")
    }

    /// The number of action ids of this game: every id is below it.
    pub fn action_space(&self) -> u16 {
        match self {
            Variant::Poleana(_) => poleana::ACTION_SPACE,
            Variant::Parchis(_) => parchis::ACTION_SPACE,
            Variant::Cartas(_) => cartas::ACTION_SPACE,
        }
    }

    /// What the variant has and how its table is laid out, for a front end that must not test
    /// a game by its name.
    ///
    /// ```
    /// use fichas::game::Variant;
    ///
    /// let info = "parchis:pairs".parse::<Variant>().unwrap().info();
    /// assert_eq!((info.game, info.seats.len(), info.has.dice, info.has.partners), ("parchis", 4, true, true));
    /// assert_eq!(info.seats[0].partner, Some(2));
    /// let cartas = "cartas".parse::<Variant>().unwrap().info();
    /// assert!(cartas.has.cards && cartas.has.hidden_hands && !cartas.has.roll);
    /// ```
    pub fn info(&self) -> VariantInfo {
        let seats = Seat::ALL[..self.seats()]
            .iter()
            .map(|&seat| SeatInfo {
                colours: self.colours_of(seat).iter().collect(),
                // Partner colours held by one seat (two colours each) make no partner seat.
                partner: match self {
                    Variant::Parchis(c) => self
                        .colours_of(seat)
                        .iter()
                        .find_map(|colour| c.partner(colour))
                        .map(|p| c.seat_of(p))
                        .filter(|&p| p != seat)
                        .map(Seat::index),
                    _ => None,
                },
            })
            .collect::<Vec<SeatInfo>>();
        let (mode, dice, marks) = match self {
            Variant::Poleana(c) => (Some(c.mode().name()), true, c.mode() == poleana::Mode::Assisted),
            Variant::Parchis(c) => (Some(c.mode().name()), true, false),
            Variant::Cartas(_) => (None, false, false),
        };
        let partners = seats.iter().any(|s| s.partner.is_some());
        VariantInfo {
            variant: self.to_string(),
            game: self.game(),
            mode,
            seats,
            has: Has { dice, roll: dice, cards: !dice, hidden_hands: !dice, marks, partners },
            action_space: self.action_space(),
        }
    }

    /// The movements of a step's events, in the order they happen: every token that moved,
    /// each spot it entered, and why ([`movement`](crate::movement)). Events of another game
    /// move nothing.
    pub fn movements(&self, events: &[Event]) -> Vec<Movement> {
        let mut out = Vec::new();
        for event in events {
            match (self, event) {
                (Variant::Poleana(config), Event::Poleana(e)) => poleana::movement::of_event(config, e, &mut out),
                (Variant::Parchis(_), Event::Parchis(e)) => parchis::movement::of_event(e, &mut out),
                (Variant::Cartas(_), Event::Cartas(e)) => cartas::movement::of_event(e, &mut out),
                _ => {}
            }
        }
        out
    }
}

/// Runs `$body` on what a facade value holds, whichever game it is: one arm a game, each
/// typed by its game (the facade's enums have the same three variants).
macro_rules! each {
    ($value:expr, $facade:ident, $inner:ident => $body:expr) => {
        match $value {
            $facade::Poleana($inner) => $body,
            $facade::Parchis($inner) => $body,
            $facade::Cartas($inner) => $body,
        }
    };
}

/// The facade enum `$facade` holds one type of each game: `From` each of them, `TryFrom` back
/// (the error gives the value back when it holds another game's), and, when asked, `Display` as
/// the game writes it.
macro_rules! facade_of {
    ($facade:ident: $poleana:ty, $parchis:ty, $cartas:ty) => {
        facade_of!(@one $facade, Poleana, $poleana);
        facade_of!(@one $facade, Parchis, $parchis);
        facade_of!(@one $facade, Cartas, $cartas);
    };
    (@one $facade:ident, $game:ident, $inner:ty) => {
        impl From<$inner> for $facade {
            fn from(inner: $inner) -> $facade {
                $facade::$game(inner)
            }
        }
        impl TryFrom<$facade> for $inner {
            type Error = $facade;

            fn try_from(value: $facade) -> Result<$inner, $facade> {
                match value {
                    $facade::$game(inner) => Ok(inner),
                    other => Err(other),
                }
            }
        }
    };
    ($facade:ident: $poleana:ty, $parchis:ty, $cartas:ty, Display) => {
        facade_of!($facade: $poleana, $parchis, $cartas);
        impl fmt::Display for $facade {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                each!(self, $facade, inner => write!(f, "{inner}"))
            }
        }
    };
}

facade_of!(Variant: poleana::Config, parchis::Config, cartas::Config, Display);

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(text: &str) -> Result<Variant, VariantError> {
        let game = text.split(':').next().unwrap_or("");
        match game {
            "poleana" | "poleana-express" => Ok(Variant::Poleana(text.parse()?)),
            "parchis" => Ok(Variant::Parchis(text.parse()?)),
            "cartas" => Ok(Variant::Cartas(text.parse()?)),
            _ => Err(VariantError::Unknown(ParseError::new(
                "variant",
                text,
                "poleana, poleana-express, parchis or cartas, with options such as parchis:pairs",
            ))),
        }
    }
}

crate::serde_as_text!(Variant, "a variant such as poleana-express:3 or parchis:pairs");

/// An action of any game, written in that game's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// An action of Poleana, classic or Express.
    Poleana(poleana::Action),
    /// An action of Parchís.
    Parchis(parchis::Action),
    /// An action of Cartas: a card passed or played.
    Cartas(cartas::Action),
}

facade_of!(Action: poleana::Action, parchis::Action, cartas::Action, Display);

impl Action {
    /// The action as a game's own, or the refusal of another game's as illegal.
    pub(crate) fn of_game<A: TryFrom<Action, Error = Action>>(self) -> Result<A, PlayError> {
        A::try_from(self).map_err(|other| PlayError::illegal(other, Refusal::OTHER_GAME))
    }

    /// Whether this is a game's timeout: the host's to report (`Game::timeout`), never a move.
    pub fn is_timeout(&self) -> bool {
        matches!(
            self,
            Action::Poleana(poleana::Action::Timeout)
                | Action::Parchis(parchis::Action::Timeout)
                | Action::Cartas(cartas::Action::Timeout)
        )
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The outcome of a chance event of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceOutcome {
    /// Two dice, in the dice games (written `5-3`).
    Roll(Roll),
    /// The card drawn, in Cartas (written by its rank: `7`, `T`, `K`, `*`).
    Card(cartas::Rank),
}

impl fmt::Display for ChanceOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceOutcome::Roll(r) => write!(f, "{r}"),
            ChanceOutcome::Card(c) => write!(f, "{c}"),
        }
    }
}

facade_of!(@one ChanceOutcome, Roll, Roll);
facade_of!(@one ChanceOutcome, Card, cartas::Rank);

#[cfg(feature = "serde")]
impl serde::Serialize for ChanceOutcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A legal choice of any game, with everything its game attaches to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Choice {
    /// In Poleana, the action with its priority class, compliance and landing mark.
    Poleana(poleana::Choice),
    /// In Parchís, the action with the token that moves, its steps, landing and capture.
    Parchis(parchis::Choice),
    /// In Cartas a choice is the action itself: the card and what it does.
    Cartas(cartas::Action),
}

impl Choice {
    /// The action to play for this choice (with [`Game::play`] or [`State::play`]).
    pub fn action(&self) -> Action {
        match self {
            Choice::Poleana(c) => Action::Poleana(c.action),
            Choice::Parchis(c) => Action::Parchis(c.action),
            Choice::Cartas(a) => Action::Cartas(*a),
        }
    }
}

facade_of!(Choice: poleana::Choice, parchis::Choice, cartas::Action, Display);

/// An event of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Event {
    /// An event of Poleana.
    Poleana(poleana::Event),
    /// An event of Parchís.
    Parchis(parchis::Event),
    /// An event of Cartas; some carry a card that [`Event::seen_by`] hides.
    Cartas(cartas::Event),
}

facade_of!(Event: poleana::Event, parchis::Event, cartas::Event);

impl Event {
    /// The event as `viewer` may see it: in Cartas, cards others may not see are hidden (each
    /// game's module decides what is hidden; in the dice games everything is public).
    pub fn seen_by(self, viewer: impl Into<Viewer>) -> Event {
        match self {
            Event::Cartas(e) => Event::Cartas(e.seen_by(viewer)),
            public => public,
        }
    }

    /// Whether the event hands the turn to the next player (a turn's clock starts again).
    pub fn passes_turn(&self) -> bool {
        matches!(
            self,
            Event::Poleana(poleana::Event::TurnPassed { .. })
                | Event::Parchis(parchis::Event::TurnPassed { .. })
                | Event::Cartas(cartas::Event::TurnPassed { .. })
        )
    }
}

/// How a game of any variant ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Outcome {
    /// How a game of Poleana ended.
    Poleana(poleana::Outcome),
    /// How a game of Parchís ended.
    Parchis(parchis::Outcome),
    /// How a game of Cartas ended: its winning seat.
    Cartas(cartas::Outcome),
}

facade_of!(Outcome: poleana::Outcome, parchis::Outcome, cartas::Outcome);

impl Outcome {
    /// The winning colours (in Cartas, the colour of the winning seat).
    pub fn colours(&self) -> ColourSet {
        match self {
            Outcome::Poleana(o) => o.winners(),
            Outcome::Parchis(o) => o.winners,
            Outcome::Cartas(o) => {
                Colour::from_index(o.winner.index()).map_or(ColourSet::EMPTY, |c| ColourSet::EMPTY.with(c))
            }
        }
    }

    /// Whether Poleana's special victory decided the game.
    pub fn is_special(&self) -> bool {
        matches!(self, Outcome::Poleana(o) if o.is_special())
    }
}

/// What a seat may see. In the dice games nothing is hidden, so a view is the whole position;
/// in Cartas it is the seat's hand, the sizes of the others, the board and the public piles.
///
/// In JSON a dice game's view is its position text, and a Cartas view is an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// A Poleana view: the whole position.
    Poleana(poleana::State),
    /// A Parchís view: the whole position.
    Parchis(parchis::State),
    /// A Cartas view: what one seat may see (see [`cartas::View`]).
    Cartas(cartas::View),
}

facade_of!(View: poleana::State, parchis::State, cartas::View);

/// What anyone may see, a spectator included: in the dice games the whole position (they hide
/// nothing), in Cartas the board and the public piles without any card of a hand (see
/// [`cartas::PublicView`]). In JSON, as a [`View`]: a dice game's position text, a Cartas object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PublicView {
    /// A Poleana position.
    Poleana(poleana::State),
    /// A Parchís position.
    Parchis(parchis::State),
    /// What anyone may see of a Cartas position.
    Cartas(cartas::PublicView),
}

#[cfg(feature = "serde")]
impl serde::Serialize for PublicView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PublicView::Poleana(state) => s.collect_str(state),
            PublicView::Parchis(state) => s.collect_str(state),
            PublicView::Cartas(view) => view.serialize(s),
        }
    }
}

impl View {
    /// The variant the view belongs to.
    pub fn variant(&self) -> Variant {
        each!(self, View, v => Variant::from(*v.config()))
    }

    /// The legal choices of the seat the view belongs to, when it is that seat's turn: a client
    /// can show them from the view alone.
    pub fn legal_actions(&self) -> Vec<Choice> {
        each!(self, View, v => v.legal_actions().iter().map(|&c| Choice::from(c)).collect())
    }

    /// Who acts next, as far as the view's seat can tell (everything, in the dice games; in
    /// Cartas a pending deal is chance like any other).
    pub fn phase(&self) -> Phase<Seat, Outcome> {
        match self {
            View::Poleana(s) => s.seat_phase().map_outcome(Outcome::from),
            View::Parchis(s) => s.seat_phase().map_outcome(Outcome::from),
            View::Cartas(v) => v.phase().map_outcome(Outcome::from),
        }
    }

    /// A whole position this view could be of, to show the seat's own choices from: the view
    /// itself in a dice game; in Cartas, with the cards the seat cannot see dealt in a fixed
    /// order (its choices move the same tokens whoever holds them). `None` for a Cartas view
    /// whose seat is not the one to decide.
    pub fn playable(&self) -> Option<State> {
        match self {
            View::Poleana(s) => Some(State::Poleana(*s)),
            View::Parchis(s) => Some(State::Parchis(*s)),
            View::Cartas(v) => {
                let mut fixed = <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(0);
                crate::bot::cartas::determinize(v, &mut fixed).map(State::Cartas)
            }
        }
    }

    /// How to reach each of the seat's legal choices by taps, as [`State::taps`] gives them;
    /// empty when the seat has nothing to decide.
    pub fn taps(&self) -> Vec<Tap> {
        self.playable().map(|state| state.taps()).unwrap_or_default()
    }

    /// The stable id of `action` in the game's action space, as [`State::action_id`] gives it.
    pub fn action_id(&self, action: &Action) -> Option<u16> {
        match (self, action) {
            (View::Poleana(_), Action::Poleana(a)) => a.id(),
            (View::Parchis(_), Action::Parchis(a)) => a.id(),
            (View::Cartas(v), Action::Cartas(a)) => v.action_id(a),
            _ => None,
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for View {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            View::Poleana(state) => s.collect_str(state),
            View::Parchis(state) => s.collect_str(state),
            View::Cartas(view) => view.serialize(s),
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for View {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<View, D::Error> {
        use serde::de::Error;
        // Read the JSON value first, so that each shape gets its own message (an untagged enum
        // would only say that nothing matched).
        const SHAPE: &str = "a view is a position text (a Poleana or Parchís view, such as \"poleana:2 turn=Y Y=… R=…\") \
                             or an object with the fields of a Cartas view (seat, config, round, stage, turn, board, hand, \
                             hand_sizes, discards, pile_size, chosen, gave, received, thefts)";
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(text) => match State::from_position(&text).map_err(D::Error::custom)? {
                State::Poleana(s) => Ok(View::Poleana(s)),
                State::Parchis(s) => Ok(View::Parchis(s)),
                State::Cartas(_) => Err(D::Error::custom("a Cartas view is an object, not a position")),
            },
            object @ serde_json::Value::Object(_) => cartas::View::deserialize(object).map(View::Cartas).map_err(|e| {
                D::Error::custom(format_args!("not a Cartas view: {}", crate::notation::bounded(&e.to_string())))
            }),
            other => {
                let kind = match other {
                    serde_json::Value::Null => "null",
                    serde_json::Value::Bool(_) => "a boolean",
                    serde_json::Value::Number(_) => "a number",
                    _ => "an array",
                };
                Err(D::Error::custom(format_args!("{SHAPE}, not {kind}")))
            }
        }
    }
}

/// A position text that cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text names Poleana, and its position cannot be read or is not one the rules reach.
    #[error("{0}")]
    Poleana(#[from] poleana::PositionError),
    /// The text names Parchís, and its position cannot be read or is not one the rules reach.
    #[error("{0}")]
    Parchis(#[from] parchis::PositionError),
    /// The text names Cartas, and its position cannot be read or is not one the rules reach.
    #[error("{0}")]
    Cartas(#[from] cartas::PositionError),
    /// The first word is not a variant.
    #[error("{0}")]
    Variant(#[from] VariantError),
}

/// The position of any game: a small `Copy` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// A position of Poleana, classic or Express.
    Poleana(poleana::State),
    /// A position of Parchís.
    Parchis(parchis::State),
    /// A position of Cartas, every hidden card included.
    Cartas(cartas::State),
}

impl State {
    /// The opening position of `variant`.
    pub fn new(variant: Variant) -> State {
        match variant {
            Variant::Poleana(c) => State::Poleana(poleana::State::new(c)),
            Variant::Parchis(c) => State::Parchis(parchis::State::new(c)),
            Variant::Cartas(c) => State::Cartas(cartas::State::new(c)),
        }
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        each!(self, State, s => Variant::from(*s.config()))
    }

    /// Who acts next: chance, a seat, or nobody.
    pub fn phase(&self) -> Phase<Seat, Outcome> {
        each!(self, State, s => s.seat_phase().map_outcome(Outcome::from))
    }

    /// The outcomes of the pending chance event with their integer weights (empty when none
    /// is pending).
    pub fn chance_outcomes(&self) -> Vec<(ChanceOutcome, u32)> {
        each!(self, State, s => s.chance_outcomes().iter().map(|(c, w)| (ChanceOutcome::from(c), w)).collect())
    }

    /// A fair outcome of the pending chance event drawn from `rng` (`None` if none is pending).
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<ChanceOutcome> {
        each!(self, State, s => s.sample_outcome(rng).map(ChanceOutcome::from))
    }

    /// Applies the outcome of the pending chance event.
    pub fn apply_chance(&mut self, outcome: ChanceOutcome) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.apply_chance_into(outcome, &mut events)?;
        Ok(events)
    }

    /// Applies the outcome of the pending chance event, passing its events to `sink` instead of
    /// collecting them (`&mut ()` drops them): no heap.
    pub fn apply_chance_into<S: EventSink<Event>>(
        &mut self,
        outcome: ChanceOutcome,
        sink: &mut S,
    ) -> Result<(), PlayError> {
        each!(self, State, s => {
            let outcome = outcome.try_into().map_err(PlayError::bad_outcome)?;
            s.apply_chance_into(outcome, &mut Wrapped(sink))
        })
    }

    /// Applies a decision as [`State::play`] does, passing its events to `sink` instead of
    /// collecting them (`&mut ()` drops them): no heap.
    pub fn play_into<S: EventSink<Event>>(&mut self, action: Action, sink: &mut S) -> Result<(), PlayError> {
        each!(self, State, s => s.play_into(action.of_game()?, &mut Wrapped(sink)))
    }

    /// Applies the action with this id (see [`Variant::action_space`]) and passes its events to
    /// `sink`: the fast path of learning loops, which pick ids from [`State::legal_ids`].
    pub fn play_id_into<S: EventSink<Event>>(&mut self, id: u16, sink: &mut S) -> Result<(), PlayError> {
        let action = self.action_from_id(id).ok_or_else(|| unknown_id(id))?;
        self.play_into(action, sink)
    }

    /// The legal choices of the seat to decide, in the game's stable order.
    pub fn legal_actions(&self) -> Vec<Choice> {
        each!(self, State, s => s.legal_actions().iter().map(|&c| Choice::from(c)).collect())
    }

    /// The stable id of `action` in this game's action space (in Cartas ids are relative to the
    /// seat to act, so they depend on the state).
    pub fn action_id(&self, action: &Action) -> Option<u16> {
        match (self, action) {
            (State::Poleana(_), Action::Poleana(a)) => a.id(),
            (State::Parchis(_), Action::Parchis(a)) => a.id(),
            (State::Cartas(s), Action::Cartas(a)) => s.action_id(a),
            _ => None,
        }
    }

    /// Applies a decision and reports what happened. A timeout is not a decision: it is
    /// refused here, and reported with [`State::timeout`].
    pub fn play(&mut self, action: Action) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.play_into(action, &mut events)?;
        Ok(events)
    }

    /// The movements `action` would make, played here: every token it moves, each spot it
    /// enters, in order ([`movement`](crate::movement)). Refused as [`State::play`] refuses;
    /// the state does not change.
    pub fn movements(&self, action: Action) -> Result<Vec<Movement>, PlayError> {
        let mut after = *self;
        let events = after.play(action)?;
        Ok(self.variant().movements(&events))
    }

    /// How to reach each legal choice by taps ([`Tap`]): one per choice, in the order of
    /// [`State::legal_actions`].
    ///
    /// ```
    /// use fichas::game::State;
    ///
    /// let state: State = "parchis:YR turn=Y roll=4-2 Y=10,20,home,home R=40,home,home,home".parse().unwrap();
    /// let taps = state.taps();
    /// let on_ten: Vec<&str> = taps.iter().filter(|t| t.tokens == ["Y@10"]).map(|t| t.option.as_str()).collect();
    /// assert_eq!(on_ten, ["+2", "+4"]); // the chooser beside the token on 10: its two dice
    /// ```
    pub fn taps(&self) -> Vec<Tap> {
        self.legal_actions()
            .iter()
            .map(|choice| {
                let action = choice.action();
                let (mut tokens, mut steps): (Vec<String>, Vec<u8>) = (Vec::new(), Vec::new());
                // Where each tapped token has got to, to tell a token walking on (Poleana's +10
                // after its capture) from another token.
                let mut reached: Vec<(Owner, SpotId)> = Vec::new();
                for m in self.movements(action).unwrap_or_default() {
                    // Captures, sweeps and penalties follow from the choice; nobody taps them.
                    if !matches!(m.cause, Cause::Move | Cause::Release | Cause::Rescue | Cause::Swap) {
                        continue;
                    }
                    let walked =
                        if m.motion == Motion::Walk { u8::try_from(m.path.len()).unwrap_or(u8::MAX) } else { 0 };
                    if let Some(k) = reached.iter().position(|(owner, at)| *owner == m.owner && *at == m.from) {
                        steps[k] = steps[k].saturating_add(walked);
                        reached[k].1 = m.to().clone();
                        continue;
                    }
                    let name = Token { owner: m.owner, spot: m.from.clone() }.name();
                    // A tapón, or a double release, moves two tokens from one spot: one tap.
                    if tokens.last() == Some(&name) {
                        continue;
                    }
                    tokens.push(name);
                    steps.push(walked);
                    reached.push((m.owner, m.to().clone()));
                }
                let text = action.to_string();
                let (card, rest) = match choice {
                    // The card passed in the exchange is tapped as any card played is.
                    Choice::Cartas(cartas::Action::Pass(rank)) => (Some(rank.to_string()), &text[..]),
                    Choice::Cartas(a) => {
                        (a.card().map(|r| r.to_string()), text.split_once(':').map_or(&text[..], |(_, r)| r))
                    }
                    _ => (None, &text[..]),
                };
                let option = match rest.find(['+', '-', '~']) {
                    // What the token's spot leaves unsaid: that a Poleana tapón (`2xY6+6`) moves
                    // both tokens, and that a token is on its final approach (`R4'+1`), on the
                    // same cell as one on its first lap.
                    Some(at) if !tokens.is_empty() => {
                        let tapon = if rest.starts_with("2x") { "2x" } else { "" };
                        let homeward = if rest[..at].ends_with('\'') { "'" } else { "" };
                        alloc::format!("{tapon}{homeward}{}", &rest[at..])
                    }
                    _ => rest.to_string(),
                };
                let count = self.count_of(choice);
                Tap { action: text.clone(), card, tokens, steps, option, count }
            })
            .collect()
    }

    /// What a dice game's choice spends, for a front end where a die (or a bonus) is chosen
    /// before a token: a die's face (`5`), the sum (`sum`), or a bonus (Parchís' `10` or `20`,
    /// Poleana's `+10`). `None` for a choice that spends no one of them apart: a Poleana release,
    /// rescue or sweep (the whole roll), and every Cartas choice.
    fn count_of(&self, choice: &Choice) -> Option<String> {
        match (self, choice) {
            (State::Poleana(s), Choice::Poleana(c)) => {
                let steps = match c.action {
                    poleana::Action::Move { steps, .. } | poleana::Action::Tapon { steps, .. } => steps,
                    poleana::Action::PlusTen { .. } => return Some("+10".into()),
                    _ => return None,
                };
                let roll = s.roll()?;
                let (a, b) = (roll.first.value(), roll.second.value());
                if steps == a || steps == b { Some(steps.to_string()) } else { Some("sum".into()) }
            }
            (State::Parchis(_), Choice::Parchis(c)) => match c.action {
                parchis::Action::Move { by, .. } => Some(by.to_string()),
                parchis::Action::Timeout => None,
            },
            _ => None,
        }
    }

    /// Every token on the board and off it, where it stands, with the names movements and the
    /// picture use: colour by colour in play (seat by seat in Cartas).
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = Vec::new();
        match self {
            State::Poleana(s) => poleana::movement::tokens(s, &mut out),
            State::Parchis(s) => parchis::movement::tokens(s, &mut out),
            State::Cartas(s) => cartas::movement::tokens(s, &mut out),
        }
        out
    }

    /// The host's report that the seat whose turn it is ran out of time (see each game's rules
    /// for its effect). In the dice games it applies before the roll too
    /// (docs/rules/tables.md §2.1).
    pub fn timeout(&mut self) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        each!(self, State, s => s.timeout_into(&mut Wrapped(&mut events)))?;
        Ok(events)
    }

    /// The seat whose turn it is: the one to decide or, in the dice games, the one whose roll
    /// is due. `None` once the game is over, and in Cartas while a card is drawn.
    pub fn seat_on_turn(&self) -> Option<Seat> {
        match (self.phase(), self) {
            (Phase::Decide(seat), _) => Some(seat),
            (Phase::Chance, State::Poleana(s)) => Some(s.config().seat_of(s.turn())),
            (Phase::Chance, State::Parchis(s)) => Some(s.config().seat_of(s.turn())),
            _ => None,
        }
    }

    /// Whether the pending chance event is a roll that the seat on turn asks for (the dice
    /// games), rather than a draw the table makes by itself (Cartas).
    pub fn roll_is_due(&self) -> bool {
        self.phase().is_chance() && !matches!(self, State::Cartas(_))
    }

    /// Reads an action in this game's notation.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        Ok(match self {
            State::Poleana(_) => Action::Poleana(text.parse()?),
            State::Parchis(_) => Action::Parchis(text.parse()?),
            State::Cartas(_) => Action::Cartas(text.parse()?),
        })
    }

    /// Reads a chance outcome in this game's notation: a roll such as `5-3`, or a card such as
    /// `K` in Cartas.
    pub fn parse_chance(&self, text: &str) -> Result<ChanceOutcome, ParseError> {
        Ok(match self {
            State::Cartas(_) => ChanceOutcome::Card(text.parse()?),
            _ => ChanceOutcome::Roll(text.parse()?),
        })
    }

    /// The action with this id in this game's action space.
    pub fn action_from_id(&self, id: u16) -> Option<Action> {
        match self {
            State::Poleana(_) => poleana::Action::from_id(id).map(Action::Poleana),
            State::Parchis(_) => parchis::Action::from_id(id).map(Action::Parchis),
            State::Cartas(s) => s.action_from_id(id).map(Action::Cartas),
        }
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View {
        match self {
            State::Poleana(s) => View::Poleana(*s),
            State::Parchis(s) => View::Parchis(*s),
            State::Cartas(s) => View::Cartas(s.view(seat)),
        }
    }

    /// What anyone may see, a spectator included.
    pub fn public_view(&self) -> PublicView {
        match self {
            State::Poleana(s) => PublicView::Poleana(*s),
            State::Parchis(s) => PublicView::Parchis(*s),
            State::Cartas(s) => PublicView::Cartas(s.public_view()),
        }
    }

    /// Reads any game's position text (its first word names the variant).
    pub fn from_position(text: &str) -> Result<State, PositionError> {
        let variant: Variant = text.split_whitespace().next().unwrap_or("").parse()?;
        Ok(match variant {
            Variant::Poleana(_) => State::Poleana(text.parse()?),
            Variant::Parchis(_) => State::Parchis(text.parse()?),
            Variant::Cartas(_) => State::Cartas(text.parse()?),
        })
    }
}

// A state's `Display` is its position text.
facade_of!(State: poleana::State, parchis::State, cartas::State, Display);

impl FromStr for State {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<State, PositionError> {
        State::from_position(text)
    }
}

crate::serde_as_text!(State, "a position text");

/// A game in progress with its history: the state, every chance outcome and action so far, and
/// the events of the last step (for pictures that mark the last move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    state: State,
    start: State,
    steps: Vec<Step>,
    last_events: Vec<Event>,
}

impl Game {
    /// A new game of `variant`.
    pub fn new(variant: Variant) -> Game {
        Game::from_state(State::new(variant))
    }

    /// A game that starts from a given position; its record starts there too.
    pub fn from_state(state: State) -> Game {
        Game { state, start: state, steps: Vec::new(), last_events: Vec::new() }
    }

    /// A game that starts from a position text.
    pub fn from_position(text: &str) -> Result<Game, PositionError> {
        Ok(Game::from_state(text.parse()?))
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.state.variant()
    }

    /// The current position, every hidden card included.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Who acts next: chance, a seat (numbered from 0 in turn order), or nobody once the game
    /// is over.
    pub fn phase(&self) -> Phase<Seat, Outcome> {
        self.state.phase()
    }

    /// The seat to decide, or `None` while chance is pending or once the game is over.
    pub fn to_act(&self) -> Option<Seat> {
        self.phase().to_act()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.phase(), Phase::Over(_))
    }

    /// How the game ended, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.phase().outcome()
    }

    /// The winning seats, once the game is over.
    pub fn winners(&self) -> Vec<Seat> {
        let Some(outcome) = self.outcome() else { return Vec::new() };
        let variant = self.variant();
        Seat::ALL[..variant.seats()].iter().copied().filter(|&seat| variant.seat_wins(seat, &outcome)).collect()
    }

    /// The outcomes of the pending chance event with their integer weights: the rolls of two
    /// dice in the dice games, the ranks that can be drawn in Cartas (weighted by how many cards
    /// of each there are). Empty when no chance event is pending.
    pub fn chance_outcomes(&self) -> Vec<(ChanceOutcome, u32)> {
        self.state.chance_outcomes()
    }

    /// Applies a supplied chance outcome (a server's dice, a replay's record).
    pub fn apply_chance(&mut self, outcome: ChanceOutcome) -> Result<Vec<Event>, PlayError> {
        let events = self.state.apply_chance(outcome)?;
        Ok(self.stepped(Step::Chance(outcome), events))
    }

    /// Samples the pending chance event from `rng` and applies it.
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Vec<Event>, PlayError> {
        let outcome = self.draw(rng)?;
        self.apply_chance(outcome)
    }

    /// Samples the pending chance event from `rng` and applies it, as [`Game::roll`] does, and
    /// keeps its events in [`Game::last_events`] only: no list is built.
    pub fn roll_quietly<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), PlayError> {
        let outcome = self.draw(rng)?;
        self.step_quietly(Step::Chance(outcome), |state, events| state.apply_chance_into(outcome, events))
    }

    /// An outcome of the pending chance event, or the error for rolling now.
    fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<ChanceOutcome, PlayError> {
        self.phase().expect_chance()?;
        self.state.sample_chance(rng).ok_or(PlayError::NotChance)
    }

    /// Keeps a step that was applied and its events, and gives the events back.
    fn stepped(&mut self, step: Step, events: Vec<Event>) -> Vec<Event> {
        self.steps.push(step);
        self.last_events.clone_from(&events);
        events
    }

    /// Applies one step with `apply`, which passes its events into `last_events` in place:
    /// after the last step's, which a refusal leaves as they were.
    fn step_quietly(
        &mut self,
        step: Step,
        apply: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<(), PlayError>,
    ) -> Result<(), PlayError> {
        let before = self.last_events.len();
        let applied = apply(&mut self.state, &mut self.last_events);
        if applied.is_ok() {
            self.last_events.drain(..before);
            self.steps.push(step);
        } else {
            self.last_events.truncate(before);
        }
        applied
    }

    /// The legal choices of the seat to decide, in the game's stable order (see each game's
    /// `State::legal_actions`); empty while chance is pending and once the game is over. In
    /// Poleana's assisted and free modes the infractions are listed too, each marked by its
    /// compliance (strict mode lists only compliant choices). The host's timeout is never
    /// listed: it is [`Game::timeout`].
    ///
    /// ```
    /// use fichas::game::Game;
    ///
    /// let mut game = Game::new("cartas".parse().unwrap());
    /// // The first deal: 24 cards, one at a time from seat 0.
    /// for card in "AKQ77*A23456K89TJQA*2345".chars() {
    ///     let card = game.state().parse_chance(&card.to_string()).unwrap();
    ///     game.apply_chance(card).unwrap();
    /// }
    /// // Seat 0 holds A237JK and passes one card to its left: one choice per rank, in rank order.
    /// let choices: Vec<String> = game.legal_actions().iter().map(|c| c.to_string()).collect();
    /// assert_eq!(choices, ["pass:A", "pass:2", "pass:3", "pass:7", "pass:J", "pass:K"]);
    /// let pass_the_three = game.legal_actions()[2].action();
    /// game.play(pass_the_three).unwrap();
    /// assert_eq!(game.to_act(), Some(fichas::Seat::ALL[1]));
    /// ```
    pub fn legal_actions(&self) -> Vec<Choice> {
        self.state.legal_actions()
    }

    /// Applies a decision of the seat to act. A timeout is refused: see [`Game::timeout`].
    ///
    /// Fails with [`PlayError::GameOver`] once the game is over, [`PlayError::ChancePending`]
    /// while a chance event is pending, and [`PlayError::Illegal`] for an action that is not
    /// legal now (a timeout and another game's action included); the game is then unchanged.
    pub fn play(&mut self, action: Action) -> Result<Vec<Event>, PlayError> {
        if action.is_timeout() {
            return Err(PlayError::illegal(action, Refusal::HOST_TIMEOUT));
        }
        let seat = self.phase().expect_decision()?;
        let events = self.state.play(action)?;
        Ok(self.stepped(Step::Action { seat, action }, events))
    }

    /// Applies the action with this id, as [`Game::play`] applies an action, and keeps its
    /// events in [`Game::last_events`] only: the fast path of learning loops, which pick ids
    /// from [`State::legal_ids`] and build no list per step.
    ///
    /// ```
    /// use fichas::game::Game;
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    /// let mut game = Game::new("parchis:two-player".parse().unwrap());
    /// while !game.is_over() {
    ///     match game.to_act() {
    ///         None => game.roll_quietly(&mut rng).unwrap(),
    ///         Some(_) => game.play_id(game.state().legal_ids()[0]).unwrap(),
    ///     }
    /// }
    /// assert_eq!(game.winners().len(), 1);
    /// ```
    pub fn play_id(&mut self, id: u16) -> Result<(), PlayError> {
        let seat = self.phase().expect_decision()?;
        let action = self.state.action_from_id(id).ok_or_else(|| unknown_id(id))?;
        if action.is_timeout() {
            return Err(PlayError::illegal(action, Refusal::HOST_TIMEOUT));
        }
        self.step_quietly(Step::Action { seat, action }, |state, events| state.play_into(action, events))
    }

    /// Reads an action in this game's notation and applies it.
    pub fn play_text(&mut self, text: &str) -> Result<Vec<Event>, GameError> {
        let action = self.state.parse_action(text)?;
        Ok(self.play(action)?)
    }

    /// The host's timeout for the seat whose turn it is, before or after its roll (see each
    /// game's rules for its effect). The record keeps it as a timeout step of that seat.
    pub fn timeout(&mut self) -> Result<Vec<Event>, PlayError> {
        let seat = match self.phase() {
            Phase::Over(_) => return Err(PlayError::GameOver),
            _ => self.state.seat_on_turn().ok_or(PlayError::ChancePending)?,
        };
        let events = self.state.timeout()?;
        Ok(self.stepped(Step::Timeout { seat }, events))
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View {
        self.state.view(seat)
    }

    /// The events of the last step, for animation or for pictures that mark the last move.
    pub fn last_events(&self) -> &[Event] {
        &self.last_events
    }

    /// The position as text.
    pub fn position(&self) -> String {
        self.state.to_string()
    }

    /// The record of the game so far: where it started and every step.
    pub fn record(&self) -> Record {
        Record::new(self.start, self.steps.clone())
    }

    /// The position the game started from.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The steps so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// Anything that can go wrong when text is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The text is not an action in the game's notation.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// The action read cannot be played now (see [`Game::play`]).
    #[error("{0}")]
    Play(#[from] PlayError),
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.state)
    }
}

/// Passes one game's events on as [`Event`]s.
struct Wrapped<'a, S>(&'a mut S);

impl<E: Into<Event>, S: EventSink<Event>> EventSink<E> for Wrapped<'_, S> {
    #[inline]
    fn emit(&mut self, event: E) {
        self.0.emit(event.into());
    }
}

/// The error for an id outside the game's action space.
fn unknown_id(id: u16) -> PlayError {
    PlayError::illegal(format_args!("action id {id}"), Refusal::UNKNOWN_ID)
}

/// Names the seat for messages: `seat 0 (yellow)`.
pub(crate) fn describe_seat(variant: &Variant, seat: Seat) -> String {
    let mut text = String::from("seat ");
    text.push_str(&seat.to_string());
    text.push_str(" (");
    text.push_str(&variant.seat_name(seat));
    text.push(')');
    text
}
