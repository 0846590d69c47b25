//! Parchís actions, their notation and stable ids, and the legal choices a front end shows.

use core::fmt;
use core::str::FromStr;

use crate::colour::Colour;
use crate::notation::{ParseError, number};
use crate::parchis::Spot;

/// What a move counts: one die, the 3+2 / 4+1 sum that brings a token out, or a bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// A die's face (a 6 walks 7 once all four tokens of the colour are out).
    Die(u8),
    /// Both dice, 3+2 or 4+1, spent to bring a token out.
    Sum,
    /// A bonus: 20 for a capture, 10 for reaching the goal.
    Bonus(u8),
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Count::Die(n) | Count::Bonus(n) => write!(f, "{n}"),
            Count::Sum => f.write_str("sum"),
        }
    }
}

/// One decision.
///
/// Written `23+4` (the token on 23 uses the 4), `home+5` (a 5 brings a token out), `home+sum`
/// (the 3+2 or 4+1 sum brings a token out), `c3+10` or `40+20` (a bonus), and `timeout`.
/// The token belongs to the colour that decides (see [`crate::parchis::State::actor`]).
///
/// ```
/// use fichas::parchis::Action;
/// let a: Action = "home+sum".parse().unwrap();
/// assert_eq!(a.to_string(), "home+sum");
/// assert_eq!(Action::from_id(a.id().unwrap()), Some(a));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move the token on `from` by `by`.
    Move {
        /// The cell of the token, named for the colour that decides; [`Spot::Home`] to bring a
        /// token out.
        from: Spot,
        /// What the move plays: a die, the exit sum, or the pending bonus.
        by: Count,
    },
    /// A host action: the player to decide ran out of time (see the rules document for the
    /// policy).
    Timeout,
}

/// Every action id is below this.
pub const ACTION_SPACE: u16 = SPOTS * COUNTS + 1;

const SPOTS: u16 = 76;
const COUNTS: u16 = 9;

fn spot_index(spot: Spot) -> Option<u16> {
    match spot {
        Spot::Home => Some(0),
        Spot::Track(n) if (1..=68).contains(&n) => Some(u16::from(n)),
        Spot::Corridor(k) if (1..=7).contains(&k) => Some(68 + u16::from(k)),
        _ => None,
    }
}

fn count_index(count: Count) -> Option<u16> {
    match count {
        Count::Die(n) if (1..=6).contains(&n) => Some(u16::from(n) - 1),
        Count::Sum => Some(6),
        Count::Bonus(10) => Some(7),
        Count::Bonus(20) => Some(8),
        _ => None,
    }
}

impl Action {
    /// The stable id of this action, below [`ACTION_SPACE`]; `None` for an action no game can
    /// offer (a die of 9, say).
    pub fn id(self) -> Option<u16> {
        match self {
            Action::Timeout => Some(SPOTS * COUNTS),
            Action::Move { from, by } => Some(spot_index(from)? * COUNTS + count_index(by)?),
        }
    }

    /// The action with this id.
    pub fn from_id(id: u16) -> Option<Action> {
        if id == SPOTS * COUNTS {
            return Some(Action::Timeout);
        }
        let (spot, count) = (id / COUNTS, id % COUNTS);
        let from = match spot {
            0 => Spot::Home,
            1..=68 => Spot::Track(spot as u8),
            69..=75 => Spot::Corridor((spot - 68) as u8),
            _ => return None,
        };
        let by = match count {
            0..=5 => Count::Die(count as u8 + 1),
            6 => Count::Sum,
            7 => Count::Bonus(10),
            _ => Count::Bonus(20),
        };
        Some(Action::Move { from, by })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Timeout => f.write_str("timeout"),
            Action::Move { from, by } => write!(f, "{from}+{by}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Action, ParseError> {
        const EXPECTED: &str = "a move such as 23+4, home+5, home+sum, c3+10 or 40+20";
        if text == "timeout" {
            return Ok(Action::Timeout);
        }
        let bad = || ParseError::new("Parchís action", text, EXPECTED);
        let (from, by) = text.split_once('+').ok_or_else(bad)?;
        let from: Spot = from.parse().map_err(|_| bad())?;
        let by = match by {
            "sum" => Count::Sum,
            "10" => Count::Bonus(10),
            "20" => Count::Bonus(20),
            die => Count::Die(number("die", die, 1..=6, "a die from 1 to 6, sum, 10 or 20")? as u8),
        };
        Ok(Action::Move { from, by })
    }
}

crate::serde_as_text!(Action, "a Parchís action such as 23+4");

crate::serde_as_text!(Count, "a die from 1 to 6, sum, 10 or 20");

impl FromStr for Count {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Count, ParseError> {
        match text {
            "sum" => Ok(Count::Sum),
            "10" => Ok(Count::Bonus(10)),
            "20" => Ok(Count::Bonus(20)),
            _ => Ok(Count::Die(number("die", text, 1..=6, "a die from 1 to 6, sum, 10 or 20")? as u8)),
        }
    }
}

/// A legal action with what a front end needs to present it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Choice {
    /// The action to pass to [`State::play`](crate::Rules::play).
    pub action: Action,
    /// The colour of the token that moves.
    pub colour: Colour,
    /// Cells walked (a 6 may walk 7); 0 for bringing a token out.
    pub steps: u8,
    /// Where the token lands.
    pub landing: Spot,
    /// The colour of the token captured on landing, if any.
    pub captures: Option<Colour>,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action)?;
        if let Some(victim) = self.captures {
            write!(f, " x{}", victim.letter())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn ids_and_notation_round_trip() {
        for id in 0..ACTION_SPACE {
            let a = Action::from_id(id).unwrap();
            assert_eq!(a.id(), Some(id));
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(Action::from_id(ACTION_SPACE), None);
        for bad in ["", "23", "23+", "23+7", "23+0", "69+1", "c8+1", "home+5+1", "23+15"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
