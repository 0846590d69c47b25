//! The Parchís game state and its public services.

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::chance::Outcomes;
use crate::colour::Colour;
use crate::dice::{Die, Roll};
use crate::parchis::rules::Plan;
use crate::parchis::{Action, Choice, Config, Count, Event, Outcome, Place, Spot};
use crate::rules::Rules;

/// The legal choices of a decision, in a stable order. Never more than 16.
pub type Choices = ArrayVec<Choice, 16>;

/// The events of one action or roll.
pub type Events = ArrayVec<Event, 24>;

/// No token (for `last`).
pub(crate) const NONE: u8 = u8::MAX;

/// A bonus move waiting to be played: `amount` cells for a token of `colour` (or its partner).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bonus {
    /// The colour that earned it: its tokens play it, or its partner's when none of its own
    /// can.
    pub colour: Colour,
    /// Cells the bonus move walks: 20 for a capture, 10 for reaching the goal.
    pub amount: u8,
}

/// A position in a game of Parchís: the configuration, every token, and where the turn stands.
///
/// A small `Copy` value with no heap, at most 64 bytes. A colour's tokens are kept sorted, so
/// equal positions are equal values.
///
/// ```
/// use fichas::parchis::{Config, State};
/// use fichas::{Phase, Roll, Rules, Seat};
///
/// let mut game = State::new("parchis:pairs".parse().unwrap());
/// game.apply_chance(Roll::of(5, 2).unwrap()).unwrap();
/// assert_eq!(game.phase(), Phase::Decide(Seat::ALL[0]));
/// let choices = game.legal_actions();
/// assert_eq!(choices[0].action.to_string(), "home+5"); // a 5 must bring a token out
/// game.play(choices[0].action).unwrap();
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) config: Config,
    /// Per colour, its tokens sorted by place; colours not in play hold `Place::UNUSED`.
    pub(crate) tokens: [[Place; 4]; 4],
    /// Bit `4 * colour + slot`: the token arrived second on a cell it shares with another colour.
    pub(crate) late: u16,
    /// The colour whose turn it is (the roller).
    pub(crate) turn: Colour,
    /// The colour whose tokens the pending decision moves: the roller, its partner, or the
    /// colour a bonus belongs to.
    pub(crate) actor: Colour,
    pub(crate) roll: Option<Roll>,
    /// Bit 0: the first die is still to play; bit 1: the second.
    pub(crate) pending: u8,
    pub(crate) bonus: Option<Bonus>,
    /// Doubles rolled in a row this turn, the roll in hand included.
    pub(crate) doubles: u8,
    /// The last token moved this turn, as `4 * colour + slot` (`NONE` if none).
    pub(crate) last: u8,
    pub(crate) outcome: Option<Outcome>,
}

// A state is at most 64 bytes (one cache line).
const _: () = assert!(<State as Rules>::SIZE <= 64);

impl State {
    /// The opening position: every token at home, the first colour to roll.
    pub fn new(config: Config) -> State {
        let mut tokens = [[Place::UNUSED; 4]; 4];
        for colour in config.colours().iter() {
            tokens[colour.index()] = [Place::HOME; 4];
        }
        State {
            config,
            tokens,
            late: 0,
            turn: config.first(),
            actor: config.first(),
            roll: None,
            pending: 0,
            bonus: None,
            doubles: 0,
            last: NONE,
            outcome: None,
        }
    }

    /// The configuration the game is played with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The colour whose turn it is.
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// The colour whose tokens the pending decision moves.
    pub fn actor(&self) -> Colour {
        self.actor
    }

    /// The roll in hand, while a decision is pending (`None` while the dice are to be rolled).
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }

    /// The dice of the roll still to play.
    pub fn pending_dice(&self) -> impl Iterator<Item = Die> + '_ {
        let roll = self.roll;
        [0u8, 1]
            .into_iter()
            .filter(move |&i| self.pending & (1 << i) != 0)
            .filter_map(move |i| roll.map(|r| if i == 0 { r.first } else { r.second }))
    }

    /// The bonus move waiting to be played, if any.
    pub fn bonus(&self) -> Option<Bonus> {
        self.bonus
    }

    /// Doubles rolled in a row in the current turn, the roll in hand included.
    pub fn doubles(&self) -> u8 {
        self.doubles
    }

    /// Where the tokens of `colour` are (empty for a colour not in play).
    pub fn tokens(&self, colour: Colour) -> impl Iterator<Item = Spot> + '_ {
        self.tokens[colour.index()].iter().filter(|p| **p != Place::UNUSED).map(move |p| p.spot(colour))
    }

    /// How many tokens of `colour` stand on `spot`.
    pub fn count(&self, colour: Colour, spot: Spot) -> usize {
        let Some(place) = Place::of(colour, spot) else { return 0 };
        self.tokens[colour.index()].iter().filter(|&&p| p == place).count()
    }

    /// The internal plan an action names for the colour to decide.
    pub(crate) fn plan_of(&self, action: Action) -> Option<Plan> {
        let Action::Move { from, by } = action else { return None };
        let place = Place::of(self.actor, from)?;
        let slot = self.tokens[self.actor.index()].iter().position(|&p| p == place)? as u8;
        Some(Plan { slot, by })
    }

    /// Whether `by` still counts in this state: a pending die of that face, both dice for the
    /// sum, or the pending bonus.
    pub(crate) fn offers(&self, by: Count) -> bool {
        match by {
            Count::Die(face) => self.pending_dice().any(|d| d.value() == face),
            Count::Sum => self.pending == 0b11,
            Count::Bonus(amount) => self.bonus.is_some_and(|b| b.amount == amount),
        }
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

crate::notation::position_text!(State, crate::parchis::PositionError, "a Parchís position text");
