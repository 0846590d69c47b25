//! What happened while a Parchís action or roll was applied, in order.

use crate::colour::{Colour, ColourSet};
use crate::dice::{Die, Roll};
use crate::parchis::{Count, Spot};

/// How a game ended: the winning colours (one colour, or a side of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    pub winners: ColourSet,
}

/// One thing that happened. Spots are named from the point of view of the token concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// The dice were rolled for `colour`.
    Rolled { colour: Colour, roll: Roll },
    /// A token of `colour` came out of home onto its exit.
    Exited { colour: Colour, to: Spot, by: Count },
    /// A token walked `steps` from `from` to `to`.
    Moved { colour: Colour, from: Spot, to: Spot, steps: u8, by: Count },
    /// A token of `victim` on `at` was captured by `by` and went home.
    Captured { by: Colour, victim: Colour, at: Spot },
    /// A bonus move was earned by `colour`.
    BonusEarned { colour: Colour, amount: u8 },
    /// No token could use the bonus: it is lost.
    BonusLost { colour: Colour, amount: u8 },
    /// A token of `colour` reached its goal.
    Scored { colour: Colour },
    /// The roller had no use for the pending dice: its partner `to` may use them.
    Ceded { from: Colour, to: Colour },
    /// The pending dice had no use and were lost.
    DiceLost { colour: Colour, dice: [Option<Die>; 2] },
    /// A third double in a row: not played.
    ThirdDouble { colour: Colour },
    /// The third double's penalty sent the last token moved home.
    SentHome { colour: Colour, from: Spot },
    /// The host reported that the player to decide ran out of time.
    TimedOut { colour: Colour },
    /// A double: `colour` rolls again.
    ExtraRoll { colour: Colour },
    /// The turn passed to `to`.
    TurnPassed { to: Colour },
    /// The game ended.
    GameOver { outcome: Outcome },
}
