//! The position text: any reachable Parchís position on one line, written and read back.
//!
//! ```text
//! parchis:pairs turn=Y roll=5-3 left=3 bonus=Y20 last=Y23 doubles=1 Y=5,23,home,home B=22*,… R=… G=…
//! ```
//!
//! The first word is the configuration, then `key=value` fields in any order:
//!
//! | field | meaning | default |
//! |---|---|---|
//! | `turn=Y` | the colour whose turn it is | required |
//! | `roll=5-3` | the roll in hand, `-` while the dice are to be rolled | `-` |
//! | `left=3` | the one die still to play (`-`: none, a bonus is pending) | both dice |
//! | `bonus=Y20` | a bonus move of 20 (or 10) earned by a colour, still to play | none |
//! | `last=Y23` | the last token moved this turn (for the third double's penalty) | none |
//! | `doubles=1` | doubles rolled in a row this turn, the roll in hand included | 0 |
//! | `Y=…` | each colour's tokens: `home`, cells `1`..`68`, `c1`..`c7`, `goal`; a `*` marks the token that arrived second on a cell it shares with another colour | required |
//! | `result=YR` | the winning colours once the game is over | not over |

use core::fmt;

use crate::colour::{Colour, ColourSet};
use crate::dice::Roll;
use crate::notation::{self, ParseError, TextError, number};
use crate::parchis::board::Cell;
use crate::parchis::state::{Bonus, NONE};
use crate::parchis::{Config, ConfigError, Outcome, Place, Spot, State};

/// A position text that cannot be read, or that describes a position the rules never reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The first word is not a valid configuration.
    #[error("bad configuration: {0}")]
    Config(#[from] ConfigError),
    /// The text cannot be read: a word that is not `key=value`, a value that cannot be read, a
    /// required field missing (the configuration, `turn`, …), a field given twice or unknown.
    #[error("{0}")]
    Text(#[from] TextError),
    /// A colour not in play is given the turn or a list of tokens.
    #[error("{colour} is not in play, yet the position {what}")]
    NotPlaying {
        /// The colour not in play.
        colour: Colour,
        /// What the position does with it, in words.
        what: &'static str,
    },
    /// A colour lists other than four tokens.
    #[error("{colour} must have 4 tokens, not {found}")]
    TokenCount {
        /// The colour.
        colour: Colour,
        /// The tokens listed.
        found: usize,
    },
    /// A token (in a colour's list or in `last=`) stands on a track cell its colour never
    /// walks: one of the four between its last cell and its exit.
    #[error("a {colour} token cannot stand on {spot}: it is not on that colour's path")]
    OffPath {
        /// The colour of the token.
        colour: Colour,
        /// The cell named.
        spot: Spot,
    },
    /// A track or corridor cell holds more than two tokens, or tokens of two colours on a cell
    /// that is not safe.
    #[error("cell {spot} holds tokens the rules never put together there")]
    Crowded {
        /// The cell, named for the token that overfills it.
        spot: Spot,
    },
    /// The fields contradict each other or describe a position the rules never wait in
    /// (nothing pending has a use, a `*` where no two colours share a cell, a winner without
    /// every token at the goal, …); the field says what, in words.
    #[error("the position is inconsistent: {0}")]
    Inconsistent(&'static str),
}

crate::notation::text_error_from!(PositionError);

const KEYS: [&str; 11] = ["turn", "roll", "left", "bonus", "last", "doubles", "result", "Y", "B", "R", "G"];

impl State {
    pub(crate) fn write_position(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} turn={}", self.config, self.turn.letter())?;
        match self.roll {
            None => f.write_str(" roll=-")?,
            Some(roll) => {
                write!(f, " roll={roll}")?;
                match self.pending {
                    0b11 => {}
                    0 => f.write_str(" left=-")?,
                    1 => write!(f, " left={}", roll.first)?,
                    _ => write!(f, " left={}", roll.second)?,
                }
            }
        }
        if let Some(bonus) = self.bonus {
            write!(f, " bonus={}{}", bonus.colour.letter(), bonus.amount)?;
        }
        if self.last != NONE {
            let colour = Colour::ALL[usize::from(self.last / 4)];
            let place = self.tokens[colour.index()][usize::from(self.last % 4)];
            write!(f, " last={}{}", colour.letter(), place.spot(colour))?;
        }
        if self.doubles > 0 {
            write!(f, " doubles={}", self.doubles)?;
        }
        for colour in self.config.colours().iter() {
            write!(f, " {}=", colour.letter())?;
            for (slot, place) in self.tokens[colour.index()].iter().enumerate() {
                let sep = if slot > 0 { "," } else { "" };
                let late = if self.late & (1 << (colour.index() * 4 + slot)) != 0 { "*" } else { "" };
                write!(f, "{sep}{}{late}", place.spot(colour))?;
            }
        }
        if let Some(outcome) = self.outcome {
            write!(f, " result={}", outcome.winners)?;
        }
        Ok(())
    }

    /// Reads a position text, checking that it describes a position the rules can reach.
    ///
    /// ```
    /// use fichas::parchis::State;
    /// let s: State = "parchis:YR turn=Y Y=5,home,home,home R=home,home,home,home".parse().unwrap();
    /// assert_eq!(s.count(fichas::Colour::Yellow, "5".parse().unwrap()), 1);
    /// assert!("parchis:YR turn=Y Y=5,5,5,home R=home,home,home,home".parse::<State>().is_err());
    /// ```
    pub fn from_position(text: &str) -> Result<State, PositionError> {
        use PositionError::Inconsistent;
        let mut words = text.split_whitespace();
        let config: Config = words.next().ok_or(TextError::Missing("configuration"))?.parse()?;
        let mut keys = notation::Fields::new(KEYS);
        let mut values: [Option<&str>; 11] = [None; 11];
        for word in words {
            let (index, value) = keys.read(word)?;
            values[index] = Some(value);
        }
        let turn: Colour = values[0].ok_or(TextError::Missing("turn"))?.parse()?;
        if !config.colours().contains(turn) {
            return Err(PositionError::NotPlaying { colour: turn, what: "gives it the turn" });
        }
        let mut state = State::new(config);
        state.turn = turn;
        state.actor = turn;
        for colour in Colour::ALL {
            let list = values[7 + colour.index()];
            match (list, config.colours().contains(colour)) {
                (None, true) => return Err(TextError::Missing(KEYS[7 + colour.index()]).into()),
                (Some(_), false) => return Err(PositionError::NotPlaying { colour, what: "lists tokens for it" }),
                (Some(list), true) => state.read_tokens(colour, list)?,
                (None, false) => {}
            }
        }
        state.check_cells()?;
        state.roll = match values[1] {
            None | Some("-") => None,
            Some(roll) => Some(roll.parse::<Roll>()?),
        };
        state.doubles = match values[5] {
            None => 0,
            Some(n) => number("doubles", n, 0..=2, "0, 1 or 2")? as u8,
        };
        if let Some(roll) = state.roll {
            if roll.is_double() && state.doubles == 0 {
                return Err(Inconsistent("a double in hand counts in doubles"));
            }
            state.pending = match values[2] {
                None => 0b11,
                Some("-") => 0,
                Some(face) => {
                    let face = number("die left", face, 1..=6, "a face from 1 to 6, or -")? as u8;
                    // A double's first die is spent first, so the one left is the second.
                    if roll.second.value() == face {
                        2
                    } else if roll.first.value() == face {
                        1
                    } else {
                        return Err(Inconsistent("the die left is not one of the roll"));
                    }
                }
            };
        } else if values[2].is_some() || values[3].is_some() {
            return Err(Inconsistent("left and bonus need a roll in hand"));
        }
        if let Some(bonus) = values[3] {
            let mut chars = bonus.chars();
            let colour = chars.next().and_then(Colour::from_letter).filter(|c| config.colours().contains(*c));
            let amount = match chars.as_str() {
                "10" => Some(10),
                "20" => Some(20),
                _ => None,
            };
            let (Some(colour), Some(amount)) = (colour, amount) else {
                return Err(ParseError::new("bonus", bonus, "a colour in play and 10 or 20, such as Y20").into());
            };
            state.bonus = Some(Bonus { colour, amount });
        }
        if let Some(last) = values[4] {
            let colour = last.chars().next().and_then(Colour::from_letter).filter(|c| config.colours().contains(*c));
            let colour = colour
                .ok_or_else(|| ParseError::new("last token moved", last, "a colour in play and a cell, such as Y23"))?;
            let spot: Spot = last[1..].parse()?;
            let place = Place::of(colour, spot).ok_or(PositionError::OffPath { colour, spot })?;
            let slot = state.tokens[colour.index()].iter().position(|&p| p == place);
            let slot = slot.ok_or(Inconsistent("no token of that colour stands where the last token moved is"))?;
            state.last = (colour.index() * 4 + slot) as u8;
        }
        if let Some(result) = values[6] {
            let winners: ColourSet = result.parse()?;
            state.outcome = Some(Outcome { winners });
        }
        state.check_outcome()?;
        if state.outcome.is_some() && (state.roll.is_some() || state.doubles > 0 || state.last != NONE) {
            return Err(Inconsistent("a finished game has no roll in hand, doubles or last token"));
        }
        if state.roll.is_some() && state.outcome.is_none() {
            let before = state;
            state.settle(&mut (), None);
            if state.roll != before.roll || state.bonus != before.bonus || state.pending != before.pending {
                return Err(Inconsistent("nobody can use what is pending, so the position never waits on it"));
            }
        }
        Ok(state)
    }

    fn read_tokens(&mut self, colour: Colour, list: &str) -> Result<(), PositionError> {
        let mut found = 0;
        for name in list.split(',') {
            let (name, late) = match name.strip_suffix('*') {
                Some(name) => (name, true),
                None => (name, false),
            };
            let spot: Spot = name.parse()?;
            let place = Place::of(colour, spot).ok_or(PositionError::OffPath { colour, spot })?;
            if found < 4 {
                self.tokens[colour.index()][found] = place;
                if late {
                    self.late |= 1 << (colour.index() * 4 + found);
                }
            }
            found += 1;
        }
        if found != 4 {
            return Err(PositionError::TokenCount { colour, found });
        }
        // Sort the tokens, carrying their late marks along.
        let c = colour.index();
        let mut pairs = [(Place::HOME, false); 4];
        for (slot, pair) in pairs.iter_mut().enumerate() {
            *pair = (self.tokens[c][slot], self.late & (1 << (c * 4 + slot)) != 0);
        }
        pairs.sort_unstable();
        self.late &= !(0xF << (c * 4));
        for (slot, (place, late)) in pairs.into_iter().enumerate() {
            self.tokens[c][slot] = place;
            if late {
                self.late |= 1 << (c * 4 + slot);
            }
        }
        Ok(())
    }

    /// The cells (docs/rules/parchis.md §2): two tokens a cell at most; two colours share only a
    /// safe cell, and then the second to arrive carries the mark (docs/rules/parchis.md §7.2).
    fn check_cells(&self) -> Result<(), PositionError> {
        let mut seen = [(0u8, 0u8, 0u8); Cell::COUNT]; // count, colour bits, late marks
        for colour in Colour::ALL {
            for (slot, place) in self.tokens[colour.index()].iter().enumerate() {
                let Some(cell) = place.cell(colour) else { continue };
                let entry = &mut seen[usize::from(cell.0)];
                entry.0 += 1;
                entry.1 |= 1 << colour.index();
                entry.2 += u8::from(self.late & (1 << (colour.index() * 4 + slot)) != 0);
                let spot = place.spot(colour);
                let colours = entry.1.count_ones();
                if entry.0 > 2 || (colours == 2 && !cell.is_safe()) {
                    return Err(PositionError::Crowded { spot });
                }
            }
        }
        for (count, colours, late) in seen {
            let shared = count == 2 && colours.count_ones() == 2;
            if (shared && late != 1) || (!shared && late != 0) {
                return Err(PositionError::Inconsistent(
                    "a * marks exactly the second of two colours sharing a cell, and nothing else",
                ));
            }
        }
        Ok(())
    }

    fn check_outcome(&self) -> Result<(), PositionError> {
        let all_home = |side: ColourSet| side.iter().all(|c| self.tokens[c.index()].iter().all(|&p| p == Place::GOAL));
        let mut finished = self.config.colours().iter().map(|c| self.config.side(c)).filter(|&side| all_home(side));
        let winner = finished.next();
        // The game ends at the first side home: a second one never gets there.
        if finished.any(|side| Some(side) != winner) {
            return Err(PositionError::Inconsistent(
                "two sides have every token at the goal, but the game ends when the first one does",
            ));
        }
        match (winner, self.outcome) {
            (None, None) => Ok(()),
            (Some(side), Some(outcome)) if outcome.winners == side => Ok(()),
            (Some(_), _) => {
                Err(PositionError::Inconsistent("a side with every token at the goal has won: give result="))
            }
            (None, Some(_)) => Err(PositionError::Inconsistent("the winners must have every token at the goal")),
        }
    }
}
