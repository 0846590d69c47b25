//! What happened while an action or a roll was applied, in order, for an app to animate.

use crate::colour::{Colour, ColourSet};
use crate::dice::{Die, Roll};
use crate::poleana::{Route, Spot};

/// How a game of Poleana ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// This colour brought all its tokens to its goal.
    Standard(Colour),
    /// A token reached a goal while these rivals had never released a token nor committed an
    /// infraction: they win, and the scorer does not.
    Special(ColourSet),
}

impl Outcome {
    /// Every winning colour.
    pub fn winners(self) -> ColourSet {
        match self {
            Outcome::Standard(c) => ColourSet::EMPTY.with(c),
            Outcome::Special(set) => set,
        }
    }

    /// Whether the game ended in the special victory.
    pub fn is_special(self) -> bool {
        matches!(self, Outcome::Special(_))
    }
}

/// Why an infraction was committed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Infraction {
    /// A choice below the best priority class present was taken.
    Priority,
    /// A third double in a row.
    ThirdDouble,
    /// The host reported that the player ran out of time.
    Timeout,
}

/// One thing that happened. Spots are named from the point of view of the token concerned.
///
/// Events come in the order things happen. A choice marked as an infraction reports its
/// [`Event::Infraction`] first, then the move, its captures and its +10 chain, then the
/// penalty ([`Event::SentHome`] or [`Event::ToLimbo`]) once the chain has ended (after the
/// route of a pending +10 is chosen). When the roll is done, [`Event::Passed`] (the roll had
/// no use) or [`Event::DieLost`] (the die left had none) comes if due, then
/// [`Event::ExtraRoll`] or [`Event::TurnPassed`] last. A game that ends reports
/// [`Event::GameOver`] last instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// The dice were rolled for `colour`: the first event of every roll.
    Rolled {
        /// The colour whose turn it is.
        colour: Colour,
        /// The roll, as supplied.
        roll: Roll,
    },
    /// The police sent a token of `colour` home from `from`: one event per token swept.
    Swept {
        /// The colour of the token swept (a rival of the roller).
        colour: Colour,
        /// The police cell it stood on.
        from: Spot,
    },
    /// `count` tokens left the start onto `to`.
    Released {
        /// The colour released.
        colour: Colour,
        /// Own 0 (`Y0` for Yellow), or own 3 for a 6+3.
        to: Spot,
        /// 1, or 2 when a 6+6 releases two tokens at once.
        count: u8,
    },
    /// A token came back from limbo onto `to`.
    Rescued {
        /// The colour rescued.
        colour: Colour,
        /// Its own 0.
        to: Spot,
    },
    /// A token walked from `from` to `to`; `plus_ten` when it was the advance a capture earned.
    Moved {
        /// The colour of the token.
        colour: Colour,
        /// Where it stood.
        from: Spot,
        /// Where it landed.
        to: Spot,
        /// Steps walked: a die, the sum, or 10.
        steps: u8,
        /// [`Route::Bridge`] when the walk went up a bridge.
        route: Route,
        /// Whether this was the +10 a capture earned.
        plus_ten: bool,
    },
    /// Two tokens of a tapón walked together from `from` to `to`.
    TaponMoved {
        /// The colour of the tapón.
        colour: Colour,
        /// The cell the tapón stood on.
        from: Spot,
        /// The cell both tokens landed on.
        to: Spot,
        /// Steps each token walked: one face of the double, or 10.
        steps: u8,
        /// Whether this was the +10 a capture earned.
        plus_ten: bool,
    },
    /// `count` tokens of `victim` on `at` were captured by `by` and went home.
    Captured {
        /// The colour that captured.
        by: Colour,
        /// The colour captured.
        victim: Colour,
        /// The cell, named for the victim.
        at: Spot,
        /// Tokens sent home: 1, or the whole tapón a tapón captured.
        count: u8,
    },
    /// The +10 a capture earned could not be walked: the token stays where it captured. Also
    /// reported when a timeout drops a +10 still waiting for its route.
    PlusTenLost {
        /// The colour that captured.
        colour: Colour,
        /// Where the token stays.
        at: Spot,
    },
    /// A token of `colour` reached its goal.
    Scored {
        /// The colour that scored.
        colour: Colour,
    },
    /// `colour` committed an infraction. The penalty follows as [`Event::SentHome`] or
    /// [`Event::ToLimbo`] (or moves nothing, with no token on the board nor at start): at once
    /// for a third double or a timeout, after the choice and its +10 chain for a choice below
    /// the best priority, and never after a choice that ends the game.
    Infraction {
        /// The colour at fault.
        colour: Colour,
        /// What it did.
        cause: Infraction,
    },
    /// A penalty sent `count` tokens of `colour` home from `from`.
    SentHome {
        /// The colour penalised.
        colour: Colour,
        /// The cell of its most advanced token.
        from: Spot,
        /// Tokens sent home: 1, or the whole tapón that token was in.
        count: u8,
    },
    /// A penalty with every token at start dropped one into limbo.
    ToLimbo {
        /// The colour penalised.
        colour: Colour,
    },
    /// The roll had no legal use and passed, without penalty.
    Passed {
        /// The colour whose roll it was.
        colour: Colour,
        /// The roll.
        roll: Roll,
    },
    /// The remaining die had no legal use and was lost.
    DieLost {
        /// The colour whose roll it was.
        colour: Colour,
        /// The die lost.
        die: Die,
    },
    /// A double: `colour` rolls again.
    ExtraRoll {
        /// The colour that rolls again.
        colour: Colour,
    },
    /// The turn passed to `to`.
    TurnPassed {
        /// The colour whose turn it is now.
        to: Colour,
    },
    /// The game ended.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}
