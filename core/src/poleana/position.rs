//! The position text: any reachable Poleana position, written on one line and read back.
//!
//! ```text
//! poleana:2 turn=Y roll=6-3 left=3 mover=Y9 doubles=1 Y=Y9,B12,start,start R=R0,R0,2c,7c quiet=-
//! ```
//!
//! The first word is the configuration. Then `key=value` fields, in any order when read:
//!
//! | field | meaning | default |
//! |---|---|---|
//! | `turn=Y` | the colour whose turn it is | required |
//! | `roll=6-3` | the roll in hand, `-` while the dice are to be rolled | `-` |
//! | `left=3` | one die left after the first was used (`-`: none, a +10 is pending) | both dice |
//! | `mover=Y9` | where the token that used the first die stands | none |
//! | `plus10=B12` | the token (`2xB12`: the tapón) whose +10 waits for a route | none |
//! | `owed=1` | penalties owed at the end of the current choice | 0 |
//! | `doubles=1` | doubles rolled in a row this turn (the roll in hand included) | 0 |
//! | `Y=…` | the tokens of each colour in play, comma-separated cells (`start`, `limbo`, `7c`) | required |
//! | `quiet=BR` | colours that never released nor committed an infraction (`-` for none) | those with every token at start |
//! | `result=Y` | the winner once over (`result=special:BR` for a special victory) | not over |

use crate::rules::Rules;
use core::fmt;

use crate::colour::{Colour, ColourSet};
use crate::dice::{Die, Roll};
use crate::notation::{self, TextError, number, write_joined};
use crate::poleana::board::{Cell, Kind};
use crate::poleana::state::{Left, NONE};
use crate::poleana::{Board, Config, ConfigError, Outcome, Place, Spot, State};

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
    /// A colour lists the wrong number of tokens (4 classic, 3 Express).
    #[error("{colour} must have {expected} tokens, not {found}")]
    TokenCount {
        /// The colour.
        colour: Colour,
        /// The tokens the board gives each colour.
        expected: usize,
        /// The tokens listed.
        found: usize,
    },
    /// A token stands where no token of its colour can be: a cell that does not exist on this
    /// board, another colour's final approach (`B4'` for Yellow), its own corner on the final
    /// approach (`Y9'` classic), or another colour's bridge without the option
    /// `bridges_open_to_all`.
    #[error("a {colour} token cannot stand on {spot}")]
    OffPath {
        /// The colour of the token.
        colour: Colour,
        /// The cell named.
        spot: Spot,
    },
    /// A cell holds more than the rules allow: two colours on one cell, three tokens or more
    /// on a perimeter cell other than the colour's own 0 or 3, or two on a bridge or house cell.
    #[error("cell {spot} holds more tokens than the rules allow")]
    Crowded {
        /// The cell, named for the token that overfills it.
        spot: Spot,
    },
    /// `quiet=` names a colour that has a token out of its start (limbo included).
    #[error("{colour} is listed as quiet but has released a token")]
    QuietMoved {
        /// The colour.
        colour: Colour,
    },
    /// The fields contradict each other or describe a position the rules never wait in (a roll
    /// in hand with no legal use, a winner without every token at its goal, …); the field says
    /// what, in words.
    #[error("the position is inconsistent: {0}")]
    Inconsistent(&'static str),
}

crate::notation::text_error_from!(PositionError);

impl State {
    pub(crate) fn write_position(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.config.board();
        let c = self.turn;
        write!(f, "{} turn={}", self.config, c.letter())?;
        match self.roll {
            None => f.write_str(" roll=-")?,
            Some(roll) => {
                write!(f, " roll={roll}")?;
                match self.left {
                    Left::Both => {}
                    Left::One(die) => write!(f, " left={die}")?,
                    Left::Nothing => f.write_str(" left=-")?,
                }
            }
        }
        let spot = |token: u8| board.spot(c, self.tokens[c.index()][usize::from(token)]);
        if self.mover != NONE {
            write!(f, " mover={}", spot(self.mover))?;
        }
        if self.plus10 != NONE {
            let unit = if self.partner != NONE { "2x" } else { "" };
            write!(f, " plus10={unit}{}", spot(self.plus10))?;
        }
        if self.owed > 0 {
            write!(f, " owed={}", self.owed)?;
        }
        if self.doubles > 0 {
            write!(f, " doubles={}", self.doubles)?;
        }
        for colour in self.config.colours().iter() {
            write!(f, " {}=", colour.letter())?;
            write_joined(f, self.tokens(colour), ",")?;
        }
        write!(f, " quiet={}", self.quiet())?;
        match self.outcome {
            None => Ok(()),
            Some(Outcome::Standard(w)) => write!(f, " result={}", w.letter()),
            Some(Outcome::Special(set)) => write!(f, " result=special:{set}"),
        }
    }

    /// Reads a position text, checking that it describes a position the rules can reach.
    ///
    /// ```
    /// use fichas::poleana::State;
    /// let s: State = "poleana:2 turn=R Y=Y4,start,start,start R=start,start,start,start".parse().unwrap();
    /// assert_eq!(s.quiet().to_string(), "R");
    /// assert!("poleana:2 turn=R Y=Y4,Y4,Y4,start R=start,start,start,start".parse::<State>().is_err());
    /// ```
    pub fn from_position(text: &str) -> Result<State, PositionError> {
        let mut words = text.split_whitespace();
        let config: Config = words.next().ok_or(TextError::Missing("configuration"))?.parse()?;
        let board = config.board();
        let mut fields = Fields::default();
        for word in words {
            fields.read(word)?;
        }
        let turn = fields.turn.ok_or(TextError::Missing("turn"))?;
        if !config.colours().contains(turn) {
            return Err(PositionError::NotPlaying { colour: turn, what: "gives it the turn" });
        }
        let mut state = State::new(config);
        state.turn = turn;
        for colour in Colour::ALL {
            let Some(list) = fields.tokens[colour.index()] else {
                if config.colours().contains(colour) {
                    return Err(TextError::Missing(["Y", "B", "R", "G"][colour.index()]).into());
                }
                continue;
            };
            if !config.colours().contains(colour) {
                return Err(PositionError::NotPlaying { colour, what: "lists tokens for it" });
            }
            state.tokens[colour.index()] = read_tokens(board, &config, colour, list)?;
        }
        check_stacking(&state)?;
        state.active = match fields.quiet {
            Some(quiet) => ColourSet::from_bits(config.colours().bits() & !quiet.bits()),
            None => config
                .colours()
                .iter()
                .filter(|c| state.tokens[c.index()].iter().any(|&p| p != Place::START && p != Place::UNUSED))
                .collect(),
        };
        for colour in state.quiet().iter() {
            if state.tokens[colour.index()].iter().any(|&p| p != Place::START && p != Place::UNUSED) {
                return Err(PositionError::QuietMoved { colour });
            }
        }
        state.read_result(fields.result)?;
        state.read_turn_fields(&fields)?;
        Ok(state)
    }

    fn read_turn_fields(&mut self, fields: &Fields<'_>) -> Result<(), PositionError> {
        use PositionError::Inconsistent;
        let board = self.config.board();
        let c = self.turn;
        self.roll = fields.roll.flatten();
        self.doubles = fields.doubles;
        self.owed = fields.owed;
        if self.outcome.is_some() && (self.roll.is_some() || self.doubles > 0) {
            return Err(Inconsistent("a finished game has no roll in hand and no doubles"));
        }
        let Some(roll) = self.roll else {
            if fields.left.is_some() || fields.mover.is_some() || fields.plus10.is_some() || self.owed > 0 {
                return Err(Inconsistent("left, mover, plus10 and owed need a roll in hand"));
            }
            return Ok(());
        };
        if roll.is_double() && self.doubles == 0 {
            return Err(Inconsistent("a double in hand counts in doubles"));
        }
        self.left = match fields.left {
            None => Left::Both,
            Some(None) => Left::Nothing,
            Some(Some(die)) if die == roll.first || die == roll.second => Left::One(die),
            Some(Some(_)) => return Err(Inconsistent("the die left is not one of the roll")),
        };
        let find = |spot: Spot, not: u8| {
            let place = board.place(c, spot).filter(|p| p.on_board());
            (0..4u8).find(|&i| i != not && Some(self.tokens[c.index()][usize::from(i)]) == place)
        };
        if let Some(spot) = fields.mover {
            if !matches!(self.left, Left::One(_)) {
                return Err(Inconsistent("a mover needs a die left"));
            }
            self.mover = find(spot, NONE).ok_or(Inconsistent("no token of the turn stands on the mover's cell"))?;
        }
        if let Some((unit, spot)) = fields.plus10 {
            if matches!(self.left, Left::Both) {
                return Err(Inconsistent("a pending +10 follows a choice that used the roll"));
            }
            let token = find(spot, NONE).ok_or(Inconsistent("no token of the turn stands on the plus10 cell"))?;
            self.plus10 = token;
            if unit {
                let cell = board.cell(c, self.tokens[c.index()][usize::from(token)]);
                self.partner = (0..4u8)
                    .find(|&j| j != token && board.cell(c, self.tokens[c.index()][usize::from(j)]) == cell)
                    .ok_or(Inconsistent("a tapón's +10 needs two tokens on its cell"))?;
            }
        } else if self.left == Left::Nothing {
            return Err(Inconsistent("left=- only while a +10 is pending"));
        }
        if self.owed > 0 && self.plus10 == NONE {
            return Err(Inconsistent("penalties are owed only while a +10 is pending"));
        }
        if self.legal_actions().is_empty() {
            return Err(Inconsistent("the roll in hand has no legal use, so the position never waits on it"));
        }
        Ok(())
    }

    fn read_result(&mut self, result: Option<Outcome>) -> Result<(), PositionError> {
        let tokens = self.config.tokens();
        let at_goal = |c: Colour| self.tokens[c.index()][..tokens].iter().all(|&p| p == Place::GOAL);
        for colour in self.config.colours().iter() {
            if at_goal(colour) && result != Some(Outcome::Standard(colour)) {
                return Err(PositionError::Inconsistent("a colour with every token at its goal has won"));
            }
        }
        match result {
            None => {}
            Some(Outcome::Standard(w)) if !at_goal(w) => {
                return Err(PositionError::Inconsistent("the winner must have every token at its goal"));
            }
            Some(Outcome::Special(set)) if set.is_empty() || set.bits() & !self.quiet().bits() != 0 => {
                return Err(PositionError::Inconsistent("special winners must be quiet colours"));
            }
            Some(_) => {}
        }
        self.outcome = result;
        Ok(())
    }
}

/// Reads a comma-separated token list for `colour`.
fn read_tokens(board: Board, config: &Config, colour: Colour, list: &str) -> Result<[Place; 4], PositionError> {
    let mut tokens = [Place::UNUSED; 4];
    let mut found = 0;
    for name in list.split(',') {
        let spot: Spot = name.parse()?;
        let place = board.place(colour, spot).ok_or(PositionError::OffPath { colour, spot })?;
        // Another colour's bridge is reachable only when bridges are open to all.
        let reachable = match place.kind() {
            Kind::Bridge(owner, _) => owner == colour || config.bridges_open_to_all(),
            _ => true,
        };
        if !reachable {
            return Err(PositionError::OffPath { colour, spot });
        }
        if found < config.tokens() {
            tokens[found] = place;
        }
        found += 1;
    }
    if found != config.tokens() {
        return Err(PositionError::TokenCount { colour, expected: config.tokens(), found });
    }
    tokens.sort_unstable();
    Ok(tokens)
}

/// The stacking of docs/rules/poleana.md §2: one colour per perimeter cell, tapones of two (more
/// only on own 0 and 3), one token per bridge or house cell.
fn check_stacking(state: &State) -> Result<(), PositionError> {
    let board = state.config.board();
    let mut cells = [(Colour::Yellow, 0u8); Cell::COUNT];
    for colour in Colour::ALL {
        for &place in &state.tokens[colour.index()] {
            let Some(cell) = board.cell(colour, place) else { continue };
            let spot = board.spot(colour, place);
            let entry = &mut cells[usize::from(cell.0)];
            if entry.1 > 0 && entry.0 != colour {
                return Err(PositionError::Crowded { spot });
            }
            *entry = (colour, entry.1 + 1);
            let limit = if !cell.is_perimeter() {
                1
            } else {
                let (side, number) = board.side_of(cell.0);
                if side == colour && (number == 0 || number == 3) { 4 } else { 2 }
            };
            if entry.1 > limit {
                return Err(PositionError::Crowded { spot });
            }
        }
    }
    Ok(())
}

struct Fields<'a> {
    turn: Option<Colour>,
    roll: Option<Option<Roll>>,
    left: Option<Option<Die>>,
    mover: Option<Spot>,
    plus10: Option<(bool, Spot)>,
    owed: u8,
    doubles: u8,
    quiet: Option<ColourSet>,
    result: Option<Outcome>,
    tokens: [Option<&'a str>; 4],
    keys: notation::Fields<13>,
}

impl Default for Fields<'_> {
    fn default() -> Self {
        Fields {
            turn: None,
            roll: None,
            left: None,
            mover: None,
            plus10: None,
            owed: 0,
            doubles: 0,
            quiet: None,
            result: None,
            tokens: [None; 4],
            keys: notation::Fields::new(KEYS),
        }
    }
}

const KEYS: [&str; 13] =
    ["turn", "roll", "left", "mover", "plus10", "owed", "doubles", "quiet", "result", "Y", "B", "R", "G"];

impl<'a> Fields<'a> {
    fn read(&mut self, word: &'a str) -> Result<(), PositionError> {
        let (index, value) = self.keys.read(word)?;
        match KEYS[index] {
            "turn" => self.turn = Some(value.parse()?),
            "roll" => self.roll = Some(if value == "-" { None } else { Some(value.parse()?) }),
            "left" => {
                let die = if value == "-" {
                    None
                } else {
                    let n = number("die left", value, 1..=6, "a face from 1 to 6, or -")?;
                    Die::new(n as u8)
                };
                self.left = Some(die);
            }
            "mover" => self.mover = Some(value.parse()?),
            "plus10" => {
                self.plus10 = Some(match value.strip_prefix("2x") {
                    Some(spot) => (true, spot.parse()?),
                    None => (false, value.parse()?),
                })
            }
            "owed" => self.owed = number("owed penalties", value, 0..=9, "a count from 0 to 9")? as u8,
            "doubles" => self.doubles = number("doubles", value, 0..=2, "0, 1 or 2")? as u8,
            "quiet" => self.quiet = Some(value.parse()?),
            "result" => {
                self.result = Some(match value.strip_prefix("special:") {
                    Some(set) => Outcome::Special(set.parse()?),
                    None => Outcome::Standard(value.parse()?),
                })
            }
            _ => self.tokens[index - 9] = Some(value),
        }
        Ok(())
    }
}
