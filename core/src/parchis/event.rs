//! What happened while a Parchís action or roll was applied, in order.

use crate::colour::{Colour, ColourSet};
use crate::dice::{Die, Roll};
use crate::parchis::{Count, Spot};

/// How a game ended: the winning colours (one colour, or a side of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The colour that brought its four tokens to the goal, or in the partnership modes the
    /// two colours of the side that brought all eight.
    pub winners: ColourSet,
}

/// One thing that happened. Spots are named from the point of view of the token concerned.
///
/// Events come in the order things happen: a move, the capture it makes, the bonus that
/// capture earns, then on reaching the goal [`Event::Scored`] and its bonus (or
/// [`Event::GameOver`]); then what follows while nobody has a decision (a lost bonus, ceded or
/// lost dice, the end of the roll). A game that ends reports [`Event::GameOver`] last.
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
    /// A token of `colour` came out of home onto its exit.
    Exited {
        /// The colour of the token.
        colour: Colour,
        /// Its exit cell (Yellow 5, Blue 22, Red 39, Green 56).
        to: Spot,
        /// What brought it out: a 5 ([`Count::Die`]) or the 3+2 / 4+1 sum ([`Count::Sum`]).
        by: Count,
    },
    /// A token walked `steps` from `from` to `to`.
    Moved {
        /// The colour of the token (a partner's, for ceded dice or a passed bonus).
        colour: Colour,
        /// Where it stood.
        from: Spot,
        /// Where it landed.
        to: Spot,
        /// Cells walked: the die (7 for a 6 once all four tokens are out), or the bonus.
        steps: u8,
        /// What it played: a die or a bonus.
        by: Count,
    },
    /// A token of `victim` on `at` was captured by `by` and went home.
    Captured {
        /// The colour of the capturing token.
        by: Colour,
        /// The colour of the token captured.
        victim: Colour,
        /// The cell.
        at: Spot,
    },
    /// A bonus move was earned by `colour`, to be played before the dice left or the next roll.
    BonusEarned {
        /// The colour that captured or scored.
        colour: Colour,
        /// 20 for a capture, 10 for reaching the goal.
        amount: u8,
    },
    /// No token could use the bonus: it is lost.
    BonusLost {
        /// The colour that earned it.
        colour: Colour,
        /// 20 or 10.
        amount: u8,
    },
    /// A token of `colour` reached its goal.
    Scored {
        /// The colour that scored.
        colour: Colour,
    },
    /// The roller had no use for the pending dice: its partner `to` may use them.
    Ceded {
        /// The roller.
        from: Colour,
        /// The partner colour that now decides the dice.
        to: Colour,
    },
    /// The pending dice had no use and were lost.
    DiceLost {
        /// The roller.
        colour: Colour,
        /// The first and the second die of the roll, each `None` if it had been played.
        dice: [Option<Die>; 2],
    },
    /// A third double in a row: not played.
    ThirdDouble {
        /// The roller.
        colour: Colour,
    },
    /// The third double's penalty sent the last token moved home.
    SentHome {
        /// The colour of that token (a partner's, if the last move was a ceded one).
        colour: Colour,
        /// The track cell it stood on.
        from: Spot,
    },
    /// The host reported that the player to decide ran out of time.
    TimedOut {
        /// The colour deciding (the partner, for ceded dice), or before the roll the roller.
        colour: Colour,
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
        /// The winners.
        outcome: Outcome,
    },
}
