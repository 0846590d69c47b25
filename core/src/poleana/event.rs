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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// The dice were rolled for `colour`.
    Rolled { colour: Colour, roll: Roll },
    /// The police sent a token of `colour` home from `from`.
    Swept { colour: Colour, from: Spot },
    /// `count` tokens left the start onto `to`.
    Released { colour: Colour, to: Spot, count: u8 },
    /// A token came back from limbo onto `to`.
    Rescued { colour: Colour, to: Spot },
    /// A token walked from `from` to `to`; `plus_ten` when it was the advance a capture earned.
    Moved { colour: Colour, from: Spot, to: Spot, steps: u8, route: Route, plus_ten: bool },
    /// Two tokens of a tapón walked together from `from` to `to`.
    TaponMoved { colour: Colour, from: Spot, to: Spot, steps: u8, plus_ten: bool },
    /// `count` tokens of `victim` on `at` were captured by `by` and went home.
    Captured { by: Colour, victim: Colour, at: Spot, count: u8 },
    /// The +10 a capture earned could not be walked: the token stays where it captured.
    PlusTenLost { colour: Colour, at: Spot },
    /// A token of `colour` reached its goal.
    Scored { colour: Colour },
    /// `colour` committed an infraction.
    Infraction { colour: Colour, cause: Infraction },
    /// A penalty sent `count` tokens of `colour` home from `from`.
    SentHome { colour: Colour, from: Spot, count: u8 },
    /// A penalty with every token at start dropped one into limbo.
    ToLimbo { colour: Colour },
    /// The roll had no legal use and passed, without penalty.
    Passed { colour: Colour, roll: Roll },
    /// The remaining die had no legal use and was lost.
    DieLost { colour: Colour, die: Die },
    /// A double: `colour` rolls again.
    ExtraRoll { colour: Colour },
    /// The turn passed to `to`.
    TurnPassed { to: Colour },
    /// The game ended.
    GameOver { outcome: Outcome },
}
