//! The Poleana game state and its public services: phase, chance, legal actions, play.

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::chance::Outcomes;
use crate::colour::{Colour, ColourSet};
use crate::dice::{Die, Roll};
use crate::poleana::rules::Plan;
use crate::poleana::{Action, Choice, Config, Event, Outcome, Place, Route, Spot};
use crate::rules::Rules;

/// The legal choices of a decision, in a stable order. Never more than 32.
pub type Choices = ArrayVec<Choice, 32>;

/// The events of one action or roll. Sized for the longest possible capture chain.
pub type Events = ArrayVec<Event, 64>;

/// A token slot that holds no token, or no token index.
pub(crate) const NONE: u8 = u8::MAX;

/// What is left of the roll in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Left {
    /// Nothing has been used yet (a sweep uses no die).
    Both,
    /// One die is left; the token that used the other may not take it.
    One(Die),
    /// The whole roll is used; only a pending +10 may remain.
    Nothing,
}

/// A position in a game of Poleana: the configuration, every token, and where the turn stands.
///
/// A small `Copy` value with no heap (see [`Rules::SIZE`]). Equal positions are equal values,
/// because a colour's interchangeable tokens are kept in a canonical order.
///
/// ```
/// use fichas::poleana::{Config, State};
/// use fichas::{Phase, Roll, Rules};
///
/// let mut game = State::new(Config::classic(2).unwrap());
/// assert_eq!(game.phase(), Phase::Chance);
/// game.apply_chance(Roll::of(5, 1).unwrap()).unwrap(); // a release combo
/// let choices = game.legal_actions();
/// assert_eq!(choices[0].action.to_string(), "release");
/// game.play(choices[0].action).unwrap();
/// assert_eq!(game.to_string(), "poleana:2 turn=R roll=- Y=Y0,start,start,start R=start,start,start,start quiet=R");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) config: Config,
    /// Per colour, its tokens sorted by place; unused slots hold `Place::UNUSED`.
    pub(crate) tokens: [[Place; 4]; 4],
    pub(crate) turn: Colour,
    /// The roll in hand; `None` while the dice are to be rolled.
    pub(crate) roll: Option<Roll>,
    pub(crate) left: Left,
    /// The token that used the first die (`NONE` if none).
    pub(crate) mover: u8,
    /// The token whose +10 waits for a route choice (`NONE` if none).
    pub(crate) plus10: u8,
    /// With `plus10`, the second token of a tapón moving as a unit (`NONE` if none).
    pub(crate) partner: u8,
    /// Penalties owed, applied when the current choice and its +10 chain end.
    pub(crate) owed: u8,
    /// Doubles rolled in a row in this turn.
    pub(crate) doubles: u8,
    /// Colours that have released a token or committed an infraction.
    pub(crate) active: ColourSet,
    pub(crate) outcome: Option<Outcome>,
}

// A state is at most 64 bytes (one cache line).
const _: () = assert!(<State as Rules>::SIZE <= 64);

impl State {
    /// The opening position: every token at start, the first colour to roll.
    pub fn new(config: Config) -> State {
        let mut tokens = [[Place::UNUSED; 4]; 4];
        for colour in config.colours().iter() {
            tokens[colour.index()][..config.tokens()].fill(Place::START);
        }
        State {
            config,
            tokens,
            turn: config.first(),
            roll: None,
            left: Left::Both,
            mover: NONE,
            plus10: NONE,
            partner: NONE,
            owed: 0,
            doubles: 0,
            active: ColourSet::EMPTY,
            outcome: None,
        }
    }

    /// The configuration the game is played with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The colour whose turn it is (the last to play, once the game is over).
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// The roll in hand, while a decision is pending.
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }

    /// The die still to play after the first one was used, if the roll is half used.
    pub fn die_left(&self) -> Option<Die> {
        match self.left {
            Left::One(die) => Some(die),
            _ => None,
        }
    }

    /// Doubles rolled in a row in the current turn.
    pub fn doubles(&self) -> u8 {
        self.doubles
    }

    /// Whether a +10 waits for its route to be chosen.
    pub fn plus_ten_pending(&self) -> bool {
        self.plus10 != NONE
    }

    /// Colours in play that have neither released a token nor committed an infraction.
    pub fn quiet(&self) -> ColourSet {
        ColourSet::from_bits(self.config.colours().bits() & !self.active.bits())
    }

    /// Where the tokens of `colour` are (empty for a colour not in play).
    pub fn tokens(&self, colour: Colour) -> impl Iterator<Item = Spot> + '_ {
        let board = self.config.board();
        self.tokens[colour.index()].iter().filter(|p| **p != Place::UNUSED).map(move |&p| board.spot(colour, p))
    }

    /// How many tokens of `colour` stand on `spot`.
    pub fn count(&self, colour: Colour, spot: Spot) -> usize {
        let Some(place) = self.config.board().place(colour, spot) else { return 0 };
        self.tokens[colour.index()].iter().filter(|&&p| p == place).count()
    }

    /// Where a listed choice that captures nothing lands, as a place.
    pub(crate) fn quiet_landing(&self, choice: &Choice) -> Option<Place> {
        match choice.priority {
            crate::poleana::Priority::Move => {
                choice.landing.and_then(|spot| self.config.board().place(self.turn, spot))
            }
            _ => None,
        }
    }

    /// The internal plan an action names in this state, if it names one at all.
    pub(crate) fn plan_of(&self, action: Action) -> Option<Plan> {
        let board = self.config.board();
        let c = self.turn;
        let own = &self.tokens[c.index()];
        Some(match action {
            Action::Sweep => Plan::Sweep,
            Action::Release => Plan::Release,
            Action::Rescue => Plan::Rescue,
            Action::Timeout => return None,
            Action::PlusTen { route } => Plan::PlusTen { up: route == Route::Bridge },
            Action::Move { from, steps, route } => {
                let place = board.place(c, from).filter(|p| p.on_board())?;
                let token = (0..4u8).find(|&i| i != self.mover && own[usize::from(i)] == place)?;
                Plan::Move { token, steps, up: route == Route::Bridge }
            }
            Action::Tapon { from, steps } => {
                let place = board.place(c, from)?;
                let cell = board.cell(c, place).filter(|cell| cell.is_perimeter())?;
                let mut on_cell = (0..4u8).filter(|&i| board.cell(c, own[usize::from(i)]) == Some(cell));
                let (token, partner) = (on_cell.next()?, on_cell.next()?);
                Plan::Tapon { token, partner, steps }
            }
        })
    }
}

impl State {
    /// The outcomes of the pending chance event: the 21 distinct rolls with their weights out of
    /// 36. Empty when no chance event is pending.
    pub fn chance_outcomes(&self) -> Outcomes<Roll, 21> {
        if self.phase().is_chance() { Roll::outcomes() } else { Outcomes::new() }
    }

    /// A fair roll drawn from `rng`, to pass to [`Rules::apply_chance`].
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Roll {
        Roll::throw(rng)
    }
}

crate::notation::position_text!(State, crate::poleana::PositionError, "a Poleana position text");
