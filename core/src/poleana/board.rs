//! The Poleana board: one model for classic and Express, parameterised by their numbers.
//!
//! Each colour owns a side, its *stretch*. In the direction of travel a classic stretch reads
//! 10, 11, 12, 13, 14, 0, 1, …, 9; cell 9 is the corner and the next cell is the following
//! stretch's 10. Express stretches read 9, 10, 11, 12, 0, …, 8.
//!
//! A token is tracked by its *progress* from its own 0, which tells the first pass over its own
//! 0..8 from the final approach (progress 60 and on, classic). Bridges and houses are separate
//! cells. [`Spot`] names a place as players do (`Y12`, `R4'`, `bG3`, `2c`).

use core::fmt;
use core::str::FromStr;

use crate::colour::Colour;
use crate::notation::{ParseError, number};

/// Which board: the classic one, or the shorter Express one with three tokens each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Board {
    /// 15 cells a side, corner 9, four tokens.
    #[default]
    Classic,
    /// 13 cells a side, corner 8, three tokens.
    Express,
}

/// Side (as a colour index) and number of every perimeter index, per board; for every byte,
/// so that a lookup needs no `% 60`.
static SIDES_CLASSIC: [(u8, u8); 256] = sides(Board::Classic);
static SIDES_EXPRESS: [(u8, u8); 256] = sides(Board::Express);

const fn sides(board: Board) -> [(u8, u8); 256] {
    let mut table = [(0, 0); 256];
    let mut i = 0;
    while i < 256 {
        table[i] = board.compute_side_of((i % 60) as u8 % board.lap());
        i += 1;
    }
    table
}

/// The perimeter index of every colour's progress byte, per board (`perimeter_at` on every
/// walk, without the board's numbers or the wrapping).
static PERIMETER_CLASSIC: [[u8; 256]; 4] = perimeters(Board::Classic);
static PERIMETER_EXPRESS: [[u8; 256]; 4] = perimeters(Board::Express);

const fn perimeters(board: Board) -> [[u8; 256]; 4] {
    let mut table = [[0; 256]; 4];
    let mut c = 0;
    while c < 4 {
        let mut d = 0;
        while d < 256 {
            table[c][d] = board.compute_perimeter_at(Colour::ALL[c], d as u8);
            d += 1;
        }
        c += 1;
    }
    table
}

/// How many steps on a token of each colour with each progress byte meets the next bridge
/// entry (0 when it stands on one), per board: every listing asks it of every token.
static ENTRY_AHEAD_CLASSIC: [[u8; 256]; 4] = entries_ahead(Board::Classic);
static ENTRY_AHEAD_EXPRESS: [[u8; 256]; 4] = entries_ahead(Board::Express);

const fn entries_ahead(board: Board) -> [[u8; 256]; 4] {
    let mut table = [[0; 256]; 4];
    let side = board.side();
    let entry = board.perimeter(Colour::Yellow, board.bridge_entry()) % side;
    let mut c = 0;
    while c < 4 {
        let mut d = 0;
        while d < 256 {
            let here = board.compute_perimeter_at(Colour::ALL[c], d as u8) % side;
            table[c][d] = (entry + side - here) % side;
            d += 1;
        }
        c += 1;
    }
    table
}

/// [`Board::spot`] for every colour and place byte, per board.
static SPOTS_CLASSIC: [[Spot; 256]; 4] = spots(Board::Classic);
static SPOTS_EXPRESS: [[Spot; 256]; 4] = spots(Board::Express);

const fn spots(board: Board) -> [[Spot; 256]; 4] {
    let mut table = [[Spot::Start; 256]; 4];
    let mut c = 0;
    while c < 4 {
        let mut p = 0;
        while p < 256 {
            table[c][p] = board.compute_spot(Colour::ALL[c], Place(p as u8));
            p += 1;
        }
        c += 1;
    }
    table
}

/// Inner cells of every bridge.
pub const BRIDGE_CELLS: u8 = 7;
/// House cells, the last one (7c) being the goal.
pub const HOUSE_CELLS: u8 = 7;

impl Board {
    /// Cells in each colour's stretch.
    #[inline]
    pub const fn side(self) -> u8 {
        match self {
            Board::Classic => 15,
            Board::Express => 13,
        }
    }

    /// The corner: the last cell of a stretch, the third safe cell, where the house branches off.
    #[inline]
    pub const fn corner(self) -> u8 {
        match self {
            Board::Classic => 9,
            Board::Express => 8,
        }
    }

    /// Tokens per colour.
    #[inline]
    pub const fn tokens(self) -> usize {
        match self {
            Board::Classic => 4,
            Board::Express => 3,
        }
    }

    /// Police cells of an absent colour are its cells 0 to this number.
    #[inline]
    pub const fn police_max(self) -> u8 {
        self.corner() - 1
    }

    /// Perimeter cells in all.
    #[inline]
    pub const fn lap(self) -> u8 {
        4 * self.side()
    }

    /// The number of the cell where a stretch's bridge starts (14 classic, 12 Express).
    #[inline]
    pub const fn bridge_entry(self) -> u8 {
        self.side() - 1
    }

    /// The number of the cell where every bridge comes down.
    pub const BRIDGE_EXIT: u8 = 4;

    /// Cells of a stretch before its 0 in the direction of travel (10..14 classic).
    #[inline]
    const fn lead(self) -> u8 {
        self.side() - 1 - self.corner()
    }

    /// The progress of a token's last perimeter cell: own 8 (Express 7) on the final approach,
    /// after a whole lap from its own 0.
    #[inline]
    pub const fn last_track(self) -> u8 {
        self.lap() + self.corner() - 1
    }

    /// The steps from a token's own 0 to the goal by the perimeter: the lap, the final approach
    /// and the house (75 classic, 66 Express).
    #[inline]
    pub const fn path(self) -> u8 {
        self.last_track() + HOUSE_CELLS
    }

    /// Whether cell `number` of a stretch is one of its owner's safe cells.
    #[inline]
    pub const fn is_safe_number(self, number: u8) -> bool {
        number == 0 || number == 3 || number == self.corner()
    }

    /// The perimeter index of cell `number` of `side`: the perimeter's cells numbered from 0 to
    /// [`Board::lap`] less one in the direction of travel, from the first cell of Yellow's
    /// stretch (its 10, Express 9).
    #[inline]
    pub const fn perimeter(self, side: Colour, number: u8) -> u8 {
        let s = self.side();
        // A number past the stretch is taken round it, so no number overflows.
        side as u8 * s + (number % s + self.lead()) % s
    }

    /// The side and number of perimeter index `index` (looked up: this is on every hot path).
    #[inline]
    pub(crate) const fn side_of(self, index: u8) -> (Colour, u8) {
        let table = match self {
            Board::Classic => &SIDES_CLASSIC,
            Board::Express => &SIDES_EXPRESS,
        };
        let (side, number) = table[index as usize];
        (Colour::ALL[side as usize], number)
    }

    /// The side and number of perimeter index `index`, computed.
    const fn compute_side_of(self, index: u8) -> (u8, u8) {
        let s = self.side();
        ((index / s) % 4, (index % s + s - self.lead()) % s)
    }

    /// The perimeter index of a token of `colour` with progress `d` (looked up, like
    /// [`Board::side_of`]).
    #[inline]
    pub(crate) const fn perimeter_at(self, colour: Colour, d: u8) -> u8 {
        let table = match self {
            Board::Classic => &PERIMETER_CLASSIC,
            Board::Express => &PERIMETER_EXPRESS,
        };
        table[colour as usize][d as usize]
    }

    /// The perimeter index of a token of `colour` with progress `d`, computed.
    const fn compute_perimeter_at(self, colour: Colour, d: u8) -> u8 {
        // Own 0 sits after the cells of the stretch that come before it (10..14).
        self.wrap((colour as u8 * self.side() + self.lead()).wrapping_add(d))
    }

    /// Steps from progress `d` of a token of `colour` to the next bridge entry (looked up).
    #[inline]
    pub(crate) const fn entry_ahead(self, colour: Colour, d: u8) -> u8 {
        let table = match self {
            Board::Classic => &ENTRY_AHEAD_CLASSIC,
            Board::Express => &ENTRY_AHEAD_EXPRESS,
        };
        table[colour as usize][d as usize]
    }

    /// `x` brought into `0..lap`, for any `x` below three laps (cheaper than a division).
    #[inline]
    pub(crate) const fn wrap(self, x: u8) -> u8 {
        let lap = self.lap();
        let x = if x >= lap { x - lap } else { x };
        if x >= lap { x - lap } else { x }
    }

    /// The progress at which a token of `colour` comes down from the bridge of `owner`: the
    /// owner's next stretch's 4.
    #[inline]
    pub const fn bridge_exit(self, colour: Colour, owner: Colour) -> u8 {
        let laps = (owner as u8 + 4 - colour as u8) % 4;
        let laps = if laps == 0 { 4 } else { laps };
        laps * self.side() + Board::BRIDGE_EXIT
    }

    /// The bridge a token of `colour` on `place` may go up, if it stands at a bridge entry it may
    /// take. Own bridges open only on the final approach, which is the only time a token meets
    /// its own entry; other bridges only with `open_bridges`.
    #[inline]
    pub(crate) fn fork(self, colour: Colour, place: Place, open_bridges: bool) -> Option<Colour> {
        let d = place.progress()?;
        let (side, number) = self.side_of(self.perimeter_at(colour, d));
        (number == self.bridge_entry() && (side == colour || open_bridges)).then_some(side)
    }

    /// One step on from `place` for a token of `colour`; at a fork, `up` takes the bridge. (The
    /// rules walk whole stretches at once; this spells out a single step, for the tests and for
    /// a movement's path.)
    #[cfg(any(test, feature = "alloc"))]
    pub(crate) fn step(self, colour: Colour, place: Place, up: bool, open_bridges: bool) -> Option<Place> {
        match place.kind() {
            Kind::Track(d) => {
                if up {
                    if let Some(owner) = self.fork(colour, place, open_bridges) {
                        return Some(Place::bridge(owner, 1));
                    }
                }
                Some(if d == self.last_track() { Place::house(1) } else { Place::track(d + 1) })
            }
            Kind::Bridge(owner, cell) if cell < BRIDGE_CELLS => Some(Place::bridge(owner, cell + 1)),
            Kind::Bridge(owner, _) => Some(Place::track(self.bridge_exit(colour, owner))),
            Kind::House(cell) if cell < HOUSE_CELLS - 1 => Some(Place::house(cell + 1)),
            Kind::House(_) => Some(Place::GOAL),
            Kind::Goal | Kind::Start | Kind::Limbo | Kind::Unused => None,
        }
    }

    /// The steps a token of `colour` on `place` still walks to the goal by the shortest way from
    /// there (the perimeter, a bridge it stands on, its house): 0 at the goal; `None` at the start
    /// or in limbo.
    ///
    /// ```
    /// use fichas::Colour;
    /// use fichas::poleana::{Board, Spot};
    ///
    /// let board = Board::Classic;
    /// let own_zero = board.place(Colour::Red, "R0".parse::<Spot>().unwrap()).unwrap();
    /// assert_eq!(own_zero.progress(), Some(0));
    /// assert_eq!(board.to_goal(Colour::Red, own_zero), Some(board.path()));
    /// let house = board.place(Colour::Red, "5c".parse::<Spot>().unwrap()).unwrap();
    /// assert_eq!(board.to_goal(Colour::Red, house), Some(2));
    /// ```
    pub fn to_goal(self, colour: Colour, place: Place) -> Option<u8> {
        let goal = self.path();
        match place.kind() {
            Kind::Track(d) => Some(goal - d),
            Kind::Bridge(owner, cell) => Some(BRIDGE_CELLS + 1 - cell + goal - self.bridge_exit(colour, owner)),
            Kind::House(cell) => Some(HOUSE_CELLS - cell),
            Kind::Goal => Some(0),
            _ => None,
        }
    }

    /// Where the physical cell of a token of `colour` on `place` is, for occupancy.
    #[inline]
    pub(crate) fn cell(self, colour: Colour, place: Place) -> Option<Cell> {
        match place.kind() {
            Kind::Track(d) => Some(Cell(self.perimeter_at(colour, d))),
            Kind::Bridge(owner, cell) => Some(Cell::bridge(owner, cell)),
            Kind::House(cell) => Some(Cell::house(colour, cell)),
            _ => None,
        }
    }

    /// The name of `place` for a token of `colour` (looked up: every listed choice names two).
    #[inline]
    pub fn spot(self, colour: Colour, place: Place) -> Spot {
        let table = match self {
            Board::Classic => &SPOTS_CLASSIC,
            Board::Express => &SPOTS_EXPRESS,
        };
        table[colour as usize][place.0 as usize]
    }

    /// The name of `place` for a token of `colour`, computed.
    const fn compute_spot(self, colour: Colour, place: Place) -> Spot {
        match place.kind() {
            Kind::Track(d) if d >= self.lap() => Spot::Side { side: colour, number: d - self.lap(), homeward: true },
            Kind::Track(d) => {
                let (side, number) = self.side_of(self.perimeter_at(colour, d));
                Spot::Side { side, number, homeward: false }
            }
            Kind::Bridge(owner, cell) => Spot::Bridge { owner, cell },
            Kind::House(cell) => Spot::House(cell),
            Kind::Goal => Spot::Goal,
            Kind::Start | Kind::Unused => Spot::Start,
            Kind::Limbo => Spot::Limbo,
        }
    }

    /// The place named by `spot` for a token of `colour`, if such a token can be there.
    pub fn place(self, colour: Colour, spot: Spot) -> Option<Place> {
        match spot {
            Spot::Start => Some(Place::START),
            Spot::Limbo => Some(Place::LIMBO),
            Spot::Goal => Some(Place::GOAL),
            Spot::House(cell) => (1..HOUSE_CELLS).contains(&cell).then(|| Place::house(cell)),
            Spot::Bridge { owner, cell } => (1..=BRIDGE_CELLS).contains(&cell).then(|| Place::bridge(owner, cell)),
            Spot::Side { side, number, homeward } => {
                if number >= self.side() {
                    return None;
                }
                if homeward {
                    return (side == colour && number < self.corner()).then(|| Place::track(self.lap() + number));
                }
                let lap = self.lap();
                let d = (self.perimeter(side, number) + lap - self.perimeter(colour, 0)) % lap;
                Some(Place::track(d))
            }
        }
    }
}

/// Not a place any token has: a byte [`places_word`] never holds.
const NO_PLACE: u8 = 0xFE;

/// For each cell, the place byte a token of each colour has when it stands there (byte
/// `4 * colour + slot`, the same for the four slots; perimeter places taken within the first lap,
/// so own cells 0 to 8 match both passes once a word is reduced so), or `NO_PLACE` where that
/// colour never stands. Compared with the reduced [`places_word`], the zero bytes are the tokens
/// on the cell.
const fn places_on(board: Board) -> [u128; Cell::COUNT] {
    let mut table = [0u128; Cell::COUNT];
    let mut k = 0;
    while k < Cell::COUNT {
        let mut c = 0;
        while c < 4 {
            let colour = Colour::ALL[c];
            let mut byte = NO_PLACE;
            if k < Cell::BRIDGES as usize {
                let mut d = 0;
                while d < board.lap() {
                    if board.compute_perimeter_at(colour, d) as usize == k {
                        byte = d;
                    }
                    d += 1;
                }
            } else if k < Cell::HOUSES as usize {
                let i = (k - Cell::BRIDGES as usize) as u8;
                byte = Place::bridge(Colour::ALL[(i / BRIDGE_CELLS) as usize], i % BRIDGE_CELLS + 1).0;
            } else {
                let i = (k - Cell::HOUSES as usize) as u8;
                if (i / (HOUSE_CELLS - 1)) as usize == c {
                    byte = Place::house(i % (HOUSE_CELLS - 1) + 1).0;
                }
            }
            let mut slot = 0;
            while slot < 4 {
                table[k] |= (byte as u128) << (8 * (4 * c + slot));
                slot += 1;
            }
            c += 1;
        }
        k += 1;
    }
    table
}

static PLACES_ON_CLASSIC: [u128; Cell::COUNT] = places_on(Board::Classic);
static PLACES_ON_EXPRESS: [u128; Cell::COUNT] = places_on(Board::Express);

impl Board {
    /// The pattern of [`places_on`] for `cell` on this board.
    #[inline]
    pub(crate) fn places_on(self, cell: Cell) -> u128 {
        let table = match self {
            Board::Classic => &PLACES_ON_CLASSIC,
            Board::Express => &PLACES_ON_EXPRESS,
        };
        table[usize::from(cell.0)]
    }
}

/// The place bytes of all sixteen tokens as one word ([`crate::lanes::word`]).
#[inline]
pub(crate) fn places_word(tokens: &[[Place; 4]; 4]) -> u128 {
    crate::lanes::word(|colour| tokens[colour].map(|p| p.0))
}

/// Where a token is, as progress from its own 0 (the engine's view; see [`Spot`] for names).
///
/// Tokens of one colour on the same place are interchangeable, and a colour's tokens are kept
/// sorted by place, so equal positions are equal values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place(u8);

/// A decoded [`Place`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// On the perimeter, this many steps from the own 0.
    Track(u8),
    /// On the bridge of a colour, inner cell 1 to 7.
    Bridge(Colour, u8),
    /// In the own house, cell 1c to 6c.
    House(u8),
    Goal,
    Start,
    Limbo,
    /// A token slot the board does not use (Express has three tokens).
    Unused,
}

impl Place {
    const BRIDGE: u8 = 100;
    const HOUSE: u8 = 140;
    /// The goal, 7c: the last house cell, where a token ends.
    pub const GOAL: Place = Place(Place::HOUSE + HOUSE_CELLS);
    /// The start, where tokens wait to be released and where captures, sweeps and penalties
    /// send them.
    pub const START: Place = Place(200);
    /// Limbo, where a penalty drops a token when none is on the board; only a rescue brings it
    /// back.
    pub const LIMBO: Place = Place(201);
    pub(crate) const UNUSED: Place = Place(255);

    #[inline]
    pub(crate) const fn track(d: u8) -> Place {
        Place(d)
    }

    #[inline]
    pub(crate) const fn bridge(owner: Colour, cell: u8) -> Place {
        Place(Place::BRIDGE + owner as u8 * 8 + cell)
    }

    #[inline]
    pub(crate) const fn house(cell: u8) -> Place {
        Place(Place::HOUSE + cell)
    }

    #[inline]
    pub(crate) const fn kind(self) -> Kind {
        const FIRST_BRIDGE: u8 = Place::BRIDGE + 1;
        const LAST_BRIDGE: u8 = Place::BRIDGE + 3 * 8 + BRIDGE_CELLS;
        const FIRST_HOUSE: u8 = Place::HOUSE + 1;
        const GOAL: u8 = Place::GOAL.0;
        match self.0 {
            d @ 0..Place::BRIDGE => Kind::Track(d),
            Place::BRIDGE => Kind::Unused,
            b @ FIRST_BRIDGE..=LAST_BRIDGE if (b - Place::BRIDGE) % 8 != 0 => {
                Kind::Bridge(Colour::ALL[((b - Place::BRIDGE) / 8) as usize], (b - Place::BRIDGE) % 8)
            }
            h @ FIRST_HOUSE..GOAL => Kind::House(h - Place::HOUSE),
            GOAL => Kind::Goal,
            200 => Kind::Start,
            201 => Kind::Limbo,
            _ => Kind::Unused,
        }
    }

    /// The progress from the token's own 0, if it is on the perimeter: 0 to
    /// [`Board::last_track`], the final approach after a whole lap.
    #[inline]
    pub const fn progress(self) -> Option<u8> {
        if self.0 < Place::BRIDGE { Some(self.0) } else { None }
    }

    /// Whether the token is on the board proper: perimeter, bridge or house (not start, limbo or
    /// goal).
    #[inline]
    pub(crate) const fn on_board(self) -> bool {
        self.0 < Place::GOAL.0
    }
}

impl fmt::Debug for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.kind())
    }
}

/// A physical cell, for occupancy: perimeter cells first, then bridge cells, then house cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell(pub(crate) u8);

impl Cell {
    pub(crate) const BRIDGES: u8 = 60;
    pub(crate) const HOUSES: u8 = Cell::BRIDGES + 4 * BRIDGE_CELLS;
    pub(crate) const COUNT: usize = (Cell::HOUSES + 4 * (HOUSE_CELLS - 1)) as usize;

    /// Inner cell `cell` (1 to 7) of the bridge of `owner`.
    #[inline]
    pub(crate) const fn bridge(owner: Colour, cell: u8) -> Cell {
        Cell(Cell::BRIDGES + owner as u8 * BRIDGE_CELLS + cell - 1)
    }

    /// House cell `cell` (1 to 6) of `colour`.
    #[inline]
    pub(crate) const fn house(colour: Colour, cell: u8) -> Cell {
        Cell(Cell::HOUSES + colour as u8 * (HOUSE_CELLS - 1) + cell - 1)
    }

    #[inline]
    pub(crate) const fn is_perimeter(self) -> bool {
        self.0 < Cell::BRIDGES
    }
}

/// A place as players name it. Perimeter cells are named by their side and number (`Y12`);
/// a token's own cells on its final approach carry a prime (`Y4'`); bridge cells are `bY3`
/// (third inner cell of Yellow's bridge); house cells `1c`..`6c` and the goal `7c` belong to the
/// token's own colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// `start`: off the board, waiting for a release.
    Start,
    /// `limbo`: off the board, waiting for a rescue.
    Limbo,
    /// A perimeter cell, such as `Y12` or `R4'`.
    Side {
        /// The colour whose stretch holds the cell.
        side: Colour,
        /// The cell's number on that stretch: 0 to 14 classic, 0 to 12 Express.
        number: u8,
        /// Whether this is the token's own cell on its final approach (written with a prime);
        /// only own 0..8 (Express 0..7) have this form.
        homeward: bool,
    },
    /// A bridge cell, such as `bY3`.
    Bridge {
        /// The colour whose bridge it is.
        owner: Colour,
        /// The inner cell, 1 (next to the owner's 14, Express 12) to 7 (just before the step
        /// down onto its 4).
        cell: u8,
    },
    /// A cell of the token's own house, 1 to 6 (`1c`..`6c`).
    House(u8),
    /// The goal, `7c` (also read as `goal`).
    Goal,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Spot::Start => f.write_str("start"),
            Spot::Limbo => f.write_str("limbo"),
            Spot::Side { side, number, homeward } => {
                write!(f, "{}{}{}", side.letter(), number, if homeward { "'" } else { "" })
            }
            Spot::Bridge { owner, cell } => write!(f, "b{}{}", owner.letter(), cell),
            Spot::House(cell) => write!(f, "{cell}c"),
            Spot::Goal => f.write_str("7c"),
        }
    }
}

impl FromStr for Spot {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Spot, ParseError> {
        const EXPECTED: &str = "a cell such as Y12, Y4' (own cell on the final approach), bY3 (bridge), 2c (house), \
                                7c or goal, start, limbo";
        let bad = || ParseError::new("cell", text, EXPECTED);
        match text {
            "start" => return Ok(Spot::Start),
            "limbo" => return Ok(Spot::Limbo),
            "goal" | "7c" => return Ok(Spot::Goal),
            _ => {}
        }
        if let Some(cell) = text.strip_suffix('c') {
            let cell = number("house cell", cell, 1..=6, EXPECTED).map_err(|_| bad())?;
            return Ok(Spot::House(cell as u8));
        }
        let mut chars = text.chars();
        let first = chars.next().ok_or_else(bad)?;
        if first == 'b' {
            let owner = chars.next().and_then(Colour::from_letter).ok_or_else(bad)?;
            let cell = number("bridge cell", chars.as_str(), 1..=7, EXPECTED).map_err(|_| bad())?;
            return Ok(Spot::Bridge { owner, cell: cell as u8 });
        }
        let side = Colour::from_letter(first).filter(|_| first.is_ascii_uppercase()).ok_or_else(bad)?;
        let rest = chars.as_str();
        let (digits, homeward) = match rest.strip_suffix('\'') {
            Some(d) => (d, true),
            None => (rest, false),
        };
        let n = number("cell number", digits, 0..=14, EXPECTED).map_err(|_| bad())?;
        Ok(Spot::Side { side, number: n as u8, homeward })
    }
}

crate::serde_as_text!(Spot, "a cell name such as Y12");

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;
    use std::string::ToString;

    #[test]
    fn perimeter_indices_run_in_travel_order_for_any_number() {
        for b in [Board::Classic, Board::Express] {
            for side in Colour::ALL {
                for number in 0..b.side() {
                    assert_eq!(b.side_of(b.perimeter(side, number)), (side, number), "{b:?} {side:?} {number}");
                }
                assert!(b.perimeter(side, u8::MAX) < b.lap(), "a number past the stretch gives a cell");
            }
        }
    }

    #[test]
    fn stretches_read_in_travel_order() {
        let b = Board::Classic;
        // Yellow's stretch: 10..14 then 0..9; the next cell after Y9 is B10.
        assert_eq!(b.side_of(0), (Yellow, 10));
        assert_eq!(b.side_of(5), (Yellow, 0));
        assert_eq!(b.side_of(14), (Yellow, 9));
        assert_eq!(b.side_of(15), (Blue, 10));
        let e = Board::Express;
        assert_eq!(e.side_of(0), (Yellow, 9));
        assert_eq!(e.side_of(4), (Yellow, 0));
        assert_eq!(e.side_of(12), (Yellow, 8));
    }

    #[test]
    fn a_lap_ends_at_own_14_and_the_approach_skips_the_corner() {
        for board in [Board::Classic, Board::Express] {
            let mut p = Place::track(0);
            let mut steps = 0;
            while p != Place::house(1) {
                p = board.step(Red, p, false, false).unwrap();
                steps += 1;
            }
            // own 0 → own corner-1 on the second pass → 1c
            assert_eq!(steps, board.lap() + board.corner());
            let spot = board.spot(Red, Place::track(board.lap() - 1));
            assert_eq!(spot, Spot::Side { side: Red, number: board.bridge_entry(), homeward: false });
        }
    }

    #[test]
    fn bridge_is_eight_steps_from_entry_to_own_4() {
        let b = Board::Classic;
        let entry = Place::track(b.lap() - 1);
        assert_eq!(b.fork(Blue, entry, false), Some(Blue));
        let mut p = b.step(Blue, entry, true, false).unwrap();
        let mut steps = 1;
        while p.progress().is_none() {
            p = b.step(Blue, p, true, false).unwrap();
            steps += 1;
        }
        assert_eq!(steps, 8);
        assert_eq!(b.spot(Blue, p), Spot::Side { side: Blue, number: 4, homeward: true });
    }

    #[test]
    fn other_bridges_open_only_by_option() {
        let b = Board::Classic;
        // A yellow token on B14 (progress 24-5 = 19).
        let p = b.place(Yellow, "B14".parse().unwrap()).unwrap();
        assert_eq!(b.fork(Yellow, p, false), None);
        assert_eq!(b.fork(Yellow, p, true), Some(Blue));
        // Coming down from Blue's bridge lands on B4.
        let down = b.step(Yellow, Place::bridge(Blue, 7), false, true).unwrap();
        assert_eq!(b.spot(Yellow, down).to_string(), "B4");
    }

    #[test]
    fn spots_round_trip() {
        for board in [Board::Classic, Board::Express] {
            for colour in Colour::ALL {
                for code in 0..=255u8 {
                    let place = Place(code);
                    if matches!(place.kind(), Kind::Unused)
                        || (place.progress().is_some_and(|d| d > board.last_track()))
                    {
                        continue;
                    }
                    let spot = board.spot(colour, place);
                    assert_eq!(board.place(colour, spot), Some(place), "{board:?} {colour:?} {spot}");
                    assert_eq!(spot.to_string().parse::<Spot>().unwrap(), spot);
                }
            }
        }
    }

    #[test]
    fn bad_spots_are_rejected() {
        for text in ["", "Y", "Y15", "X3", "b", "bY0", "bY8", "0c", "7cc", "y3", "Y3''", "Y-1"] {
            assert!(text.parse::<Spot>().is_err(), "{text}");
        }
        // Y9' does not exist: the approach skips the corner.
        assert_eq!(Board::Classic.place(Yellow, "Y9'".parse().unwrap()), None);
        assert_eq!(Board::Classic.place(Red, "Y3'".parse().unwrap()), None);
        assert_eq!(Board::Express.place(Red, "R13".parse().unwrap()), None);
    }
}
