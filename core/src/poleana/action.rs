//! Poleana actions, their notation and stable ids, and the marks each legal choice carries.

use core::fmt;
use core::str::FromStr;

use crate::colour::Colour;
use crate::notation::{ParseError, number};
use crate::poleana::Spot;

/// Which way a move goes where a bridge branches off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Route {
    /// Along the perimeter (the only route where no bridge branches off).
    #[default]
    Perimeter,
    /// Up the bridge.
    Bridge,
}

/// One decision of the player to move.
///
/// Written as: `sweep`, `release`, `rescue`, `timeout`, `+10` or `+10/b` (the route of a pending
/// +10), `Y12+5` (the token on Y12 moves 5), `R14+8/b` (the same by the bridge) and `2xB3+4`
/// (the tapón on B3 moves 4 as one unit).
///
/// ```
/// use fichas::poleana::Action;
/// let a: Action = "R14+8/b".parse().unwrap();
/// assert_eq!(a.to_string(), "R14+8/b");
/// assert_eq!(Action::from_id(a.id().unwrap()), Some(a));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The police sweep: rivals on police cells that the roll exposes go to their start.
    Sweep,
    /// A release combo brings a token (two, on 6+6) out of the start.
    Release,
    /// A release combo brings a token back from limbo.
    Rescue,
    /// The token on `from` walks `steps` (one die, or the sum on one token).
    Move {
        /// The cell of the token that moves, named for the player to move.
        from: Spot,
        /// Steps to walk: a die of the roll, or its sum (1 to 12).
        steps: u8,
        /// [`Route::Bridge`] to go up the bridge the walk meets; `/b` in the notation.
        route: Route,
    },
    /// Tapón come tapón: two tokens of the tapón on `from` walk `steps` together (a double).
    Tapon {
        /// The cell of the tapón, on the perimeter.
        from: Spot,
        /// Steps each token walks: the face of the double (1 to 6).
        steps: u8,
    },
    /// The route of the +10 a capture earned, when both routes are open.
    PlusTen {
        /// [`Route::Bridge`] for `+10/b`, [`Route::Perimeter`] for `+10`.
        route: Route,
    },
    /// A host action: the player to decide ran out of time (an infraction that ends the turn).
    Timeout,
}

/// The number of action ids: every id is below this.
pub const ACTION_SPACE: u16 = TAPON_BASE + PERIMETER_SPOTS * 6;

const MOVE_BASE: u16 = 8;
const SPOTS: u16 = 130;
const PERIMETER_SPOTS: u16 = 96;
const TAPON_BASE: u16 = MOVE_BASE + SPOTS * 12 * 2;

/// A dense index for spots a token can move from: sides, homeward cells, bridges, house.
fn spot_index(spot: Spot) -> Option<u16> {
    match spot {
        Spot::Side { side, number, homeward: false } if number < 15 => Some(side as u16 * 15 + u16::from(number)),
        Spot::Side { side, number, homeward: true } if number < 9 => Some(60 + side as u16 * 9 + u16::from(number)),
        Spot::Bridge { owner, cell } if (1..=7).contains(&cell) => Some(96 + owner as u16 * 7 + u16::from(cell) - 1),
        Spot::House(cell) if (1..=6).contains(&cell) => Some(124 + u16::from(cell) - 1),
        _ => None,
    }
}

fn spot_from_index(i: u16) -> Option<Spot> {
    let colour = |k: u16| Colour::from_index(usize::from(k));
    Some(match i {
        0..60 => Spot::Side { side: colour(i / 15)?, number: (i % 15) as u8, homeward: false },
        60..96 => Spot::Side { side: colour((i - 60) / 9)?, number: ((i - 60) % 9) as u8, homeward: true },
        96..124 => Spot::Bridge { owner: colour((i - 96) / 7)?, cell: ((i - 96) % 7) as u8 + 1 },
        124..130 => Spot::House((i - 124) as u8 + 1),
        _ => return None,
    })
}

impl Action {
    /// The stable id of this action, the same for every Poleana board, below [`ACTION_SPACE`].
    /// `None` for an action no game can offer (a move of 13 steps, say).
    pub fn id(self) -> Option<u16> {
        match self {
            Action::Sweep => Some(0),
            Action::Release => Some(1),
            Action::Rescue => Some(2),
            Action::Timeout => Some(3),
            Action::PlusTen { route } => Some(4 + route as u16),
            Action::Move { from, steps, route } if (1..=12).contains(&steps) => {
                Some(MOVE_BASE + (spot_index(from)? * 12 + u16::from(steps) - 1) * 2 + route as u16)
            }
            Action::Tapon { from, steps } if (1..=6).contains(&steps) => {
                let i = spot_index(from).filter(|&i| i < PERIMETER_SPOTS)?;
                Some(TAPON_BASE + i * 6 + u16::from(steps) - 1)
            }
            _ => None,
        }
    }

    /// The action with this id.
    pub fn from_id(id: u16) -> Option<Action> {
        let route = |bit: u16| if bit == 0 { Route::Perimeter } else { Route::Bridge };
        match id {
            0 => Some(Action::Sweep),
            1 => Some(Action::Release),
            2 => Some(Action::Rescue),
            3 => Some(Action::Timeout),
            4 | 5 => Some(Action::PlusTen { route: route(id - 4) }),
            MOVE_BASE..TAPON_BASE => {
                let k = id - MOVE_BASE;
                let from = spot_from_index(k / 24)?;
                Some(Action::Move { from, steps: ((k / 2) % 12) as u8 + 1, route: route(k % 2) })
            }
            TAPON_BASE..ACTION_SPACE => {
                let k = id - TAPON_BASE;
                Some(Action::Tapon { from: spot_from_index(k / 6)?, steps: (k % 6) as u8 + 1 })
            }
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let route = |r: Route| if r == Route::Bridge { "/b" } else { "" };
        match *self {
            Action::Sweep => f.write_str("sweep"),
            Action::Release => f.write_str("release"),
            Action::Rescue => f.write_str("rescue"),
            Action::Timeout => f.write_str("timeout"),
            Action::PlusTen { route: r } => write!(f, "+10{}", route(r)),
            Action::Move { from, steps, route: r } => write!(f, "{from}+{steps}{}", route(r)),
            Action::Tapon { from, steps } => write!(f, "2x{from}+{steps}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Action, ParseError> {
        const EXPECTED: &str =
            "sweep, release, rescue, +10, +10/b, a move such as Y12+5 or R14+8/b, or a tapón move such as 2xB3+4";
        let bad = || ParseError::new("Poleana action", text, EXPECTED);
        match text {
            "sweep" => return Ok(Action::Sweep),
            "release" => return Ok(Action::Release),
            "rescue" => return Ok(Action::Rescue),
            "timeout" => return Ok(Action::Timeout),
            "+10" => return Ok(Action::PlusTen { route: Route::Perimeter }),
            "+10/b" => return Ok(Action::PlusTen { route: Route::Bridge }),
            _ => {}
        }
        let (body, route) = match text.strip_suffix("/b") {
            Some(body) => (body, Route::Bridge),
            None => (text, Route::Perimeter),
        };
        let (tapon, body) = match body.strip_prefix("2x") {
            Some(body) => (true, body),
            None => (false, body),
        };
        let (from, steps) = body.rsplit_once('+').ok_or_else(bad)?;
        let from: Spot = from.parse().map_err(|_| bad())?;
        if tapon {
            if route == Route::Bridge {
                return Err(bad());
            }
            let steps = number("tapón steps", steps, 1..=6, "a die from 1 to 6")?;
            Ok(Action::Tapon { from, steps: steps as u8 })
        } else {
            let steps = number("steps", steps, 1..=12, "a die or a sum, from 1 to 12")?;
            Ok(Action::Move { from, steps: steps as u8, route })
        }
    }
}

crate::serde_as_text!(Action, "a Poleana action such as Y12+5");

/// The priority class of a choice (docs/rules/poleana.md §3.3): the lower, the more it is owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Priority {
    /// 1: send rivals home by a police cell.
    Sweep = 1,
    /// 2: release or rescue with a combo.
    Release = 2,
    /// 3: a move that captures.
    Capture = 3,
    /// 4: any other move.
    Move = 4,
}

/// Whether a choice obeys the priorities (✓) or costs an infraction (✕).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Compliance {
    /// ✓: the choice is of the best priority class present.
    Compliant,
    /// ✕: a better class is present; taking it costs a penalty. Listed only in the assisted and
    /// free modes.
    Infraction,
}

/// What the landing cell means for the mover: ★ safe or ⚠ police.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mark {
    /// Own 0, own 3, own corner, a bridge, the house or the goal.
    Safe,
    /// A police cell of an absent colour.
    Police,
}

impl Mark {
    /// The symbol a front end shows: `★` for safe, `⚠` for police.
    pub const fn symbol(self) -> char {
        match self {
            Mark::Safe => '★',
            Mark::Police => '⚠',
        }
    }
}

/// A legal action with what a front end needs to present it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Choice {
    /// The action to pass to [`State::play`](crate::Rules::play).
    pub action: Action,
    /// Its priority class.
    pub priority: Priority,
    /// Compliant when its class is the best one present, otherwise an infraction.
    pub compliance: Compliance,
    /// Where the moving token lands (before any +10), when it lands somewhere.
    pub landing: Option<Spot>,
    /// The landing cell's mark for the mover.
    pub mark: Option<Mark>,
}

impl Choice {
    /// Whether taking this choice is an infraction.
    pub fn is_infraction(&self) -> bool {
        self.compliance == Compliance::Infraction
    }
}

impl fmt::Display for Choice {
    /// The action, then ✕ for an infraction and the landing mark, as an assisted front end
    /// would show them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action)?;
        if self.is_infraction() {
            f.write_str(" ✕")?;
        }
        if let Some(mark) = self.mark {
            write!(f, " {}", mark.symbol())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn every_id_maps_back_to_its_action() {
        let mut seen = 0;
        for id in 0..ACTION_SPACE + 10 {
            if let Some(a) = Action::from_id(id) {
                assert_eq!(a.id(), Some(id), "{a}");
                assert_eq!(a.to_string().parse::<Action>(), Ok(a));
                seen += 1;
            }
        }
        assert_eq!(seen, ACTION_SPACE - 2, "ids 6 and 7 are reserved");
    }

    #[test]
    fn notation_reads_examples() {
        assert_eq!(
            "Y4'+3".parse::<Action>().unwrap(),
            Action::Move {
                from: Spot::Side { side: Colour::Yellow, number: 4, homeward: true },
                steps: 3,
                route: Route::Perimeter
            }
        );
        for bad in ["", "Y12", "Y12+", "Y12+13", "Y12+0", "2xY3+7", "2xY3+2/b", "+11", "Q1+2", "Y12+5/x"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
