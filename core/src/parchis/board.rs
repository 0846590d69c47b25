//! The Parchís board (docs/rules/parchis.md §1): 68 track cells numbered 1..68 in the direction of
//! travel, four exits, twelve safe cells, and a 7-cell corridor per colour ending in its goal.
//!
//! A token is tracked by its progress from its own exit (0..=63 on the track), then its corridor
//! (64..=70) and the goal (71). [`Spot`] names places as players do: `23`, `c4`, `goal`, `home`.

use core::fmt;
use core::str::FromStr;

use crate::colour::Colour;
use crate::notation::{ParseError, number};

/// Track cells.
pub const TRACK: u8 = 68;
/// Corridor cells before the goal.
pub const CORRIDOR: u8 = 7;
/// Track cells a token walks, its exit included, before it turns into its corridor: its
/// progress on the track is 0 to 63.
pub const LAP: u8 = 64;
/// Steps from a colour's exit to its goal: the lap, then the corridor (71).
pub const PATH: u8 = LAP + CORRIDOR;

/// The exit cell of `colour`: Yellow 5, Blue 22, Red 39, Green 56.
#[inline]
pub const fn exit(colour: Colour) -> u8 {
    5 + 17 * colour as u8
}

/// The last track cell of `colour` before its corridor: Yellow 68, Blue 17, Red 34, Green 51.
#[inline]
pub const fn entry(colour: Colour) -> u8 {
    (exit(colour) + TRACK - 6) % TRACK + 1
}

/// Whether track cell `n` (1..=68) is safe: 5, 12, 17 and every 17 cells on.
#[inline]
pub const fn is_safe(n: u8) -> bool {
    matches!(n % 17, 5 | 12 | 0)
}

/// Where a token is, as the engine sees it: its progress along its colour's path, from its exit
/// (0) round the lap (to 63), up its corridor (64 to 70) to the goal (71); or home.
///
/// [`Spot`] is the same place as players name it; [`Place::of`] and [`Place::spot`] turn one
/// into the other for a colour.
///
/// ```
/// use fichas::Colour;
/// use fichas::parchis::{PATH, Place, Spot};
///
/// let place = Place::of(Colour::Blue, Spot::Track(30)).unwrap(); // Blue comes out on 22
/// assert_eq!(place.progress(), Some(8));
/// assert_eq!(place.to_goal(), Some(PATH - 8));
/// assert_eq!(Place::of(Colour::Blue, Spot::Corridor(1)).unwrap().progress(), Some(64));
/// assert_eq!(Place::HOME.progress(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place(u8);

impl Place {
    /// The goal, at the end of the corridor.
    pub const GOAL: Place = Place(PATH);
    /// Home: the start, off the board, where tokens wait to come out.
    pub const HOME: Place = Place(100);
    /// The progress of a colour's last track cell, before its corridor.
    pub(crate) const LAST_TRACK: u8 = LAP - 1;
    pub(crate) const UNUSED: Place = Place(255);

    /// The place at progress `p` (0 to [`PATH`]).
    #[inline]
    pub(crate) const fn at(p: u8) -> Place {
        Place(p)
    }

    /// The progress from the colour's exit: 0 to 63 on the track, 64 to 70 in the corridor,
    /// [`PATH`] (71) at the goal; `None` at home.
    #[inline]
    pub const fn progress(self) -> Option<u8> {
        if self.0 <= PATH { Some(self.0) } else { None }
    }

    /// The steps still to walk to the goal (0 at the goal); `None` at home.
    #[inline]
    pub const fn to_goal(self) -> Option<u8> {
        if self.0 <= PATH { Some(PATH - self.0) } else { None }
    }

    /// On the track: progress 0 to 63.
    #[inline]
    pub const fn is_track(self) -> bool {
        self.0 < LAP
    }

    /// In the colour's corridor, short of the goal.
    #[inline]
    pub const fn is_corridor(self) -> bool {
        self.0 >= LAP && self.0 < PATH
    }

    /// On the track or in the corridor: a token that may move.
    #[inline]
    pub const fn is_out(self) -> bool {
        self.0 < PATH
    }

    /// The place `n` steps on, if it does not pass the goal (it is reached by the exact count).
    #[inline]
    pub const fn plus(self, n: u8) -> Option<Place> {
        // Both at most PATH before they are added, so that no count overflows.
        if self.0 <= PATH && n <= PATH && self.0 + n <= PATH { Some(Place(self.0 + n)) } else { None }
    }

    /// The physical cell of a token of `colour` here, for occupancy.
    #[inline]
    pub(crate) const fn cell(self, colour: Colour) -> Option<Cell> {
        match CELL_OF[colour as usize][self.0 as usize] {
            NOWHERE => None,
            n => Some(Cell(n)),
        }
    }

    /// The cell as [`Place::cell`] computes it, for the table behind it.
    const fn compute_cell(self, colour: Colour) -> Option<Cell> {
        if self.is_track() {
            // At most 56 + 63 = 119: one subtraction brings it onto the track.
            let n = exit(colour) - 1 + self.0;
            Some(Cell(if n >= TRACK { n - TRACK } else { n }))
        } else if self.is_corridor() {
            Some(Cell(TRACK + colour as u8 * CORRIDOR + self.0 - LAP))
        } else {
            None
        }
    }

    /// The name of this place for a token of `colour` (looked up: every listed choice names
    /// two).
    #[inline]
    pub fn spot(self, colour: Colour) -> Spot {
        SPOT_OF[colour as usize][self.0 as usize]
    }

    /// The name as [`Place::spot`] gives it, for the table behind it.
    const fn compute_spot(self, colour: Colour) -> Spot {
        match self.0 {
            p if p < LAP => Spot::Track(CELL_OF[colour as usize][p as usize] + 1),
            p if p < Place::GOAL.0 => Spot::Corridor(p - LAP + 1),
            p if p == Place::GOAL.0 => Spot::Goal,
            _ => Spot::Home,
        }
    }

    /// The place named by `spot` for a token of `colour`.
    pub fn of(colour: Colour, spot: Spot) -> Option<Place> {
        match spot {
            Spot::Home => Some(Place::HOME),
            Spot::Goal => Some(Place::GOAL),
            Spot::Corridor(k) if (1..=CORRIDOR).contains(&k) => Some(Place(LAP + k - 1)),
            // The four cells between a colour's entry and its exit are not on its path.
            Spot::Track(n) if (1..=TRACK).contains(&n) => {
                // At most 68 + 68 - 5: one subtraction instead of `%`.
                let p = n + TRACK - exit(colour);
                let p = if p >= TRACK { p - TRACK } else { p };
                (p < LAP).then_some(Place(p))
            }
            _ => None,
        }
    }
}

/// No cell: a token at home, at the goal, or of a colour not in play.
pub(crate) const NOWHERE: u8 = u8::MAX;

/// [`Place::cell`] for every colour and place byte, computed when compiling: occupancy asks it
/// for sixteen tokens at every decision, and a load is cheaper than the branches.
const CELL_OF: [[u8; 256]; 4] = {
    let mut table = [[NOWHERE; 256]; 4];
    let mut c = 0;
    while c < 4 {
        let mut p = 0;
        while p < 256 {
            if let Some(cell) = Place(p as u8).compute_cell(Colour::ALL[c]) {
                table[c][p] = cell.0;
            }
            p += 1;
        }
        c += 1;
    }
    table
};

/// [`Place::spot`] for every colour and place byte, computed when compiling.
const SPOT_OF: [[Spot; 256]; 4] = {
    let mut table = [[Spot::Home; 256]; 4];
    let mut c = 0;
    while c < 4 {
        let mut p = 0;
        while p < 256 {
            table[c][p] = Place(p as u8).compute_spot(Colour::ALL[c]);
            p += 1;
        }
        c += 1;
    }
    table
};

/// [`Cell::is_safe`] for every cell byte, computed when compiling (`%` costs a division).
const SAFE_CELL: [bool; 256] = {
    let mut table = [false; 256];
    let mut n = 1;
    while n <= TRACK {
        table[n as usize - 1] = is_safe(n);
        n += 1;
    }
    table
};

/// The place bytes of all sixteen tokens as one word ([`crate::lanes::word`]).
#[inline]
pub(crate) fn places_word(tokens: &[[Place; 4]; 4]) -> u128 {
    crate::lanes::word(|colour| tokens[colour].map(|p| p.0))
}

/// Not a place any token has (`places_word` bytes never hold it).
const NO_PLACE: u8 = 0xFE;

/// For each cell, the place byte a token of each colour has when it stands there (byte
/// `4 * colour + slot`, the same for the four slots), or `NO_PLACE` where that colour never
/// stands: compared with [`places_word`], the zero bytes are the tokens on the cell.
pub(crate) const PLACES_ON: [u128; Cell::COUNT] = {
    let mut table = [0u128; Cell::COUNT];
    let mut cell = 0;
    while cell < Cell::COUNT {
        let mut i = 0;
        while i < 16 {
            let colour = Colour::ALL[i / 4];
            let mut byte = NO_PLACE;
            let mut p = 0;
            while p <= Place::GOAL.0 {
                if let Some(c) = Place(p).compute_cell(colour) {
                    if c.0 as usize == cell {
                        byte = p;
                    }
                }
                p += 1;
            }
            table[cell] |= (byte as u128) << (8 * i);
            i += 1;
        }
        cell += 1;
    }
    table
};

impl fmt::Debug for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            p if p < LAP => write!(f, "Track({p})"),
            p if p < Place::GOAL.0 => write!(f, "Corridor({})", p - LAP + 1),
            p if p == Place::GOAL.0 => f.write_str("Goal"),
            100 => f.write_str("Home"),
            _ => f.write_str("Unused"),
        }
    }
}

/// A physical cell: the 68 track cells (index = number − 1), then each colour's corridor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell(pub(crate) u8);

impl Cell {
    pub(crate) const COUNT: usize = (TRACK + 4 * CORRIDOR) as usize;

    /// Track cells that are safe (exits included); corridor cells are not "safe" in this sense:
    /// nobody but their owner reaches them.
    #[inline]
    pub(crate) const fn is_safe(self) -> bool {
        SAFE_CELL[self.0 as usize]
    }
}

/// A place as players name it: a track cell by its number, a corridor cell `c1`..`c7` of the
/// token's own colour, `goal`, or `home` (the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// `home`: the start, off the board, where tokens wait to come out and where captures and
    /// the third double send them.
    Home,
    /// A track cell, 1 to 68 (`23`).
    Track(u8),
    /// A cell of the token's own corridor, 1 to 7 (`c1`..`c7`).
    Corridor(u8),
    /// `goal`: the end of the corridor, reached by the exact count.
    Goal,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Spot::Home => f.write_str("home"),
            Spot::Track(n) => write!(f, "{n}"),
            Spot::Corridor(k) => write!(f, "c{k}"),
            Spot::Goal => f.write_str("goal"),
        }
    }
}

impl FromStr for Spot {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Spot, ParseError> {
        const EXPECTED: &str = "a track cell 1 to 68, a corridor cell c1 to c7, goal or home";
        match text {
            "home" => Ok(Spot::Home),
            "goal" => Ok(Spot::Goal),
            _ => match text.strip_prefix('c') {
                Some(k) => Ok(Spot::Corridor(number("corridor cell", k, 1..=7, EXPECTED)? as u8)),
                None => Ok(Spot::Track(number("cell", text, 1..=68, EXPECTED)? as u8)),
            },
        }
    }
}

crate::serde_as_text!(Spot, "a Parchís cell such as 23, c4, goal or home");

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;
    use std::string::ToString;

    #[test]
    fn progress_runs_from_the_exit_round_the_lap_and_up_the_corridor_to_the_goal() {
        let progress = |colour, spot| Place::of(colour, spot).and_then(Place::progress);
        assert_eq!(progress(Blue, Spot::Track(22)), Some(0), "Blue's exit");
        assert_eq!(progress(Blue, Spot::Track(17)), Some(LAP - 1), "Blue's entry, its last track cell");
        assert_eq!(progress(Yellow, Spot::Track(68)), Some(LAP - 1), "Yellow's entry");
        assert_eq!(progress(Green, Spot::Corridor(1)), Some(LAP));
        assert_eq!(progress(Green, Spot::Corridor(7)), Some(PATH - 1));
        assert_eq!(progress(Red, Spot::Goal), Some(PATH));
        assert_eq!(progress(Red, Spot::Home), None);
        assert_eq!(Place::of(Blue, Spot::Track(30)).and_then(Place::to_goal), Some(PATH - 8));
        assert_eq!(Place::GOAL.to_goal(), Some(0));
        assert_eq!(Place::HOME.to_goal(), None);
        assert_eq!(Place::of(Blue, Spot::Track(20)), None, "between Blue's entry and its exit: not on its path");
        assert_eq!(Place::at(70).plus(u8::MAX), None, "any count: no overflow");
        assert_eq!(Place::HOME.plus(1), None, "a token at home walks no steps");
    }

    #[test]
    fn exits_entries_and_safe_cells_match_the_rules() {
        assert_eq!(Colour::ALL.map(exit), [5, 22, 39, 56]);
        assert_eq!(Colour::ALL.map(entry), [68, 17, 34, 51]);
        let safe: std::vec::Vec<u8> = (1..=68).filter(|&n| is_safe(n)).collect();
        assert_eq!(safe, [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
    }

    #[test]
    fn a_path_is_64_track_cells_then_the_corridor_then_the_goal() {
        for colour in Colour::ALL {
            assert_eq!(Place::at(0).spot(colour), Spot::Track(exit(colour)));
            assert_eq!(Place::at(63).spot(colour), Spot::Track(entry(colour)));
            assert_eq!(Place::at(64).spot(colour), Spot::Corridor(1));
            assert_eq!(Place::at(70).spot(colour), Spot::Corridor(7));
            assert_eq!(Place::GOAL.spot(colour), Spot::Goal);
        }
        assert_eq!(Place::at(70).plus(1), Some(Place::GOAL));
        assert_eq!(Place::at(70).plus(2), None, "the goal needs the exact count");
    }

    #[test]
    fn spots_round_trip() {
        for colour in Colour::ALL {
            for p in (0..=71).map(Place::at).chain([Place::HOME]) {
                let spot = p.spot(colour);
                assert_eq!(Place::of(colour, spot), Some(p));
                assert_eq!(spot.to_string().parse::<Spot>(), Ok(spot));
            }
        }
        assert_eq!(Place::of(Blue, Spot::Track(21)), None, "Blue never walks 18..21");
        assert_eq!(Place::of(Yellow, Spot::Track(1)), None, "Yellow never walks 1..4");
        for bad in ["0", "69", "c0", "c8", "", "c", "x"] {
            assert!(bad.parse::<Spot>().is_err(), "{bad}");
        }
        assert_eq!(Place::of(Red, Spot::Track(0)), None);
    }
}
