//! The board: a track of 64 cells, a start cell and a corridor of four cells for each seat,
//! and where every token stands.
//!
//! Track cells are numbered 0 to 63 in the direction of play; seat `s` owns cells `16s` to
//! `16s + 15` and its start cell is the first of them, `16s` (docs/rules/cartas.md §1.2). A
//! corridor cell is named `c1` to `c4` and always means the corridor of the token's owner. A token
//! at home is `h`.
//!
//! Internally a token is kept as its [`Place`]: its progress from its own start, so that a
//! seat's tokens sort from the least to the most advanced and equal positions are equal values.

use core::fmt;
use core::str::FromStr;

use crate::cartas::PositionError;
use crate::notation::{ParseError, number};
use crate::seat::Seat;

/// Cells on the track.
pub const TRACK: u8 = 64;
/// Track cells a seat owns; its start cell is the first of them.
pub const QUARTER: u8 = 16;
/// Cells in each corridor.
pub const CORRIDOR: u8 = 4;
/// Tokens per seat.
pub const TOKENS: usize = 4;
/// Seats at the table: Cartas is always played by four.
pub const SEATS: usize = 4;

/// The start cell of `seat`.
#[inline]
pub const fn start(seat: Seat) -> u8 {
    seat.index() as u8 * QUARTER
}

/// The steps forward from track cell `from` to track cell `to`, in the direction of play (0 when
/// they are the same cell). Cells are taken round the track, so any number is a cell.
#[inline]
pub const fn ahead(from: u8, to: u8) -> u8 {
    (to % TRACK + TRACK - from % TRACK) % TRACK
}

/// The steps from a token of `seat` on track cell `cell` to the first cell of its corridor
/// (docs/rules/cartas.md §5.3): round the rest of the lap, or one from its own start when it came
/// back to it; a token brought out and not moved since (`blocking`) must go round the whole lap.
///
/// ```
/// use fichas::Seat;
/// use fichas::cartas::{TRACK, start, to_corridor};
///
/// let seat = Seat::ALL[1];
/// assert_eq!(to_corridor(seat, start(seat), true), TRACK + 1);
/// assert_eq!(to_corridor(seat, start(seat) + 10, false), TRACK + 1 - 10);
/// assert_eq!(to_corridor(seat, start(seat), false), 1);
/// ```
pub const fn to_corridor(seat: Seat, cell: u8, blocking: bool) -> u8 {
    let walked = ahead(start(seat), cell);
    if blocking {
        TRACK + 1
    } else if walked == 0 {
        1
    } else {
        TRACK + 1 - walked
    }
}

/// Where a token stands, as players name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    /// At home, waiting to be brought out.
    Home,
    /// On track cell 0 to 63.
    Track(u8),
    /// On cell 1 to 4 of its owner's corridor.
    Corridor(u8),
}

impl Spot {
    /// Whether the spot exists on the board.
    pub const fn is_valid(self) -> bool {
        match self {
            Spot::Home => true,
            Spot::Track(cell) => cell < TRACK,
            Spot::Corridor(cell) => cell >= 1 && cell <= CORRIDOR,
        }
    }

    /// A dense code below 69 for the spots a token moves from: track cells 0..63, then c1..c4.
    pub(crate) const fn code(self) -> u8 {
        match self {
            Spot::Track(cell) => cell,
            Spot::Corridor(cell) => TRACK - 1 + cell,
            Spot::Home => TRACK + CORRIDOR,
        }
    }

    pub(crate) const fn from_code(code: u8) -> Spot {
        if code < TRACK {
            Spot::Track(code)
        } else if code < TRACK + CORRIDOR {
            Spot::Corridor(code - TRACK + 1)
        } else {
            Spot::Home
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Spot::Home => f.write_str("h"),
            Spot::Track(cell) => write!(f, "{cell}"),
            Spot::Corridor(cell) => write!(f, "c{cell}"),
        }
    }
}

impl FromStr for Spot {
    type Err = ParseError;

    /// Reads `h`, a track cell `0` to `63`, or a corridor cell `c1` to `c4`.
    fn from_str(text: &str) -> Result<Spot, ParseError> {
        const EXPECTED: &str = "h (home), a track cell from 0 to 63, or a corridor cell c1 to c4";
        if text == "h" {
            return Ok(Spot::Home);
        }
        if let Some(cell) = text.strip_prefix('c') {
            return Ok(Spot::Corridor(number("corridor cell", cell, 1..=4, EXPECTED)? as u8));
        }
        Ok(Spot::Track(number("cell", text, 0..=63, EXPECTED)? as u8))
    }
}

crate::serde_as_text!(Spot, "a spot such as h, 12 or c2");

/// A token as seen on the board: where it stands, and whether it blocks its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Token {
    /// Where it stands; a corridor cell is in its owner's corridor.
    pub spot: Spot,
    /// On its own start cell, brought out and not moved since (docs/rules/cartas.md §5.1).
    pub blocking: bool,
}

impl fmt::Display for Token {
    /// The spot, with `!` after a blocking token: `16!`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.spot, if self.blocking { "!" } else { "" })
    }
}

/// A token's place as its progress from its own start: the engine's view (see [`Spot`]).
///
/// 0 is home, `1 + p` is the track cell `p` steps past the own start, `64 + i` is corridor
/// cell `i`. Sorting places sorts tokens from the least to the most advanced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub(crate) struct Place(pub(crate) u8);

impl Place {
    pub(crate) const HOME: Place = Place(0);

    #[inline]
    pub(crate) const fn track(progress: u8) -> Place {
        Place(1 + progress % TRACK)
    }

    #[inline]
    pub(crate) const fn corridor(cell: u8) -> Place {
        Place(TRACK + cell)
    }

    /// Steps past the own start, for a token on the track.
    #[inline]
    pub(crate) const fn progress(self) -> Option<u8> {
        if self.0 >= 1 && self.0 <= TRACK { Some(self.0 - 1) } else { None }
    }

    /// The corridor cell 1..4, for a token in its corridor.
    #[inline]
    pub(crate) const fn corridor_cell(self) -> Option<u8> {
        if self.0 > TRACK && self.0 <= TRACK + CORRIDOR { Some(self.0 - TRACK) } else { None }
    }

    #[inline]
    pub(crate) const fn is_home(self) -> bool {
        self.0 == 0
    }

    /// The track cell of a token of `seat` on this place.
    #[inline]
    pub(crate) const fn cell(self, seat: Seat) -> Option<u8> {
        match self.progress() {
            Some(p) => Some((start(seat) + p) % TRACK),
            None => None,
        }
    }

    pub(crate) const fn spot(self, seat: Seat) -> Spot {
        match (self.cell(seat), self.corridor_cell()) {
            (Some(cell), _) => Spot::Track(cell),
            (None, Some(c)) => Spot::Corridor(c),
            _ => Spot::Home,
        }
    }

    /// The place of a token of `seat` named `spot`, if the spot exists.
    pub(crate) const fn of(seat: Seat, spot: Spot) -> Option<Place> {
        match spot {
            Spot::Home => Some(Place::HOME),
            Spot::Track(cell) if cell < TRACK => Some(Place::track((cell + TRACK - start(seat)) % TRACK)),
            Spot::Corridor(c) if c >= 1 && c <= CORRIDOR => Some(Place::corridor(c)),
            _ => None,
        }
    }
}

/// Every token on the board. Tokens of one seat are interchangeable and kept in a canonical
/// order, so equal boards are equal values.
///
/// Written as four groups separated by `/`, one per seat in seat order, each listing the seat's
/// tokens that are not at home (`-` for none): `0!,5/-/40,c1,c2/-`. Unlisted tokens are at home;
/// `!` marks a token blocking its own start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// Per seat, its tokens sorted from the least to the most advanced.
    pub(crate) tokens: [[Place; TOKENS]; SEATS],
    /// Bit `s`: the token of seat `s` on its own start blocks it.
    pub(crate) blocking: u8,
}

impl Board {
    /// Every token at home.
    pub const fn new() -> Board {
        Board { tokens: [[Place::HOME; TOKENS]; SEATS], blocking: 0 }
    }

    /// The tokens of `seat`, from the least to the most advanced (home first).
    pub fn tokens(&self, seat: Seat) -> impl Iterator<Item = Token> + '_ {
        self.tokens[seat.index()].iter().map(move |&p| self.token(seat, p))
    }

    pub(crate) fn token(&self, seat: Seat, place: Place) -> Token {
        Token { spot: place.spot(seat), blocking: self.blocks(seat, place) }
    }

    /// Whether a token of `seat` on `place` is the blocking one.
    #[inline]
    pub(crate) const fn blocks(&self, seat: Seat, place: Place) -> bool {
        place.0 == 1 && self.blocking & (1 << seat.index()) != 0
    }

    /// Who stands on track cell `cell`, and whether that token blocks.
    pub fn occupant(&self, cell: u8) -> Option<(Seat, bool)> {
        Seat::ALL.into_iter().find_map(|seat| {
            let place = Place::of(seat, Spot::Track(cell))?;
            self.tokens[seat.index()].contains(&place).then(|| (seat, self.blocks(seat, place)))
        })
    }

    /// Whether a token of `seat` stands on track cell `cell`.
    #[inline]
    pub(crate) fn stands_on(&self, seat: Seat, cell: u8) -> bool {
        // The place such a token has: one byte to look for among the seat's four.
        Place::of(seat, Spot::Track(cell)).is_some_and(|place| self.tokens[seat.index()].contains(&place))
    }

    /// How many tokens of `seat` are at home.
    pub fn at_home(&self, seat: Seat) -> usize {
        self.tokens[seat.index()].iter().filter(|p| p.is_home()).count()
    }

    /// How many tokens of `seat` are in its corridor.
    pub fn in_corridor(&self, seat: Seat) -> usize {
        self.tokens[seat.index()].iter().filter(|p| p.corridor_cell().is_some()).count()
    }

    /// Whether all of `seat`'s tokens are in its corridor: the seat has won
    /// (docs/rules/cartas.md §3.5).
    pub fn is_complete(&self, seat: Seat) -> bool {
        self.in_corridor(seat) == TOKENS
    }

    /// Whether `seat` has a token blocking its start.
    pub fn is_blocking(&self, seat: Seat) -> bool {
        self.blocking & (1 << seat.index()) != 0
    }

    /// Restores the canonical order of a seat's tokens after a change.
    #[inline]
    pub(crate) fn sort(&mut self, seat: Seat) {
        let t = &mut self.tokens[seat.index()];
        // Four elements: a fixed sorting network is faster than a general sort.
        for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            if t[a] > t[b] {
                t.swap(a, b);
            }
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL {
            if seat.index() > 0 {
                f.write_str("/")?;
            }
            let mut on_board = self.tokens(seat).filter(|t| t.spot != Spot::Home).peekable();
            if on_board.peek().is_none() {
                f.write_str("-")?;
            }
            crate::notation::write_joined(f, on_board, ",")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = PositionError;

    /// Reads the four groups, checking that no two tokens share a cell and that only a token on
    /// its own start is marked blocking.
    fn from_str(text: &str) -> Result<Board, PositionError> {
        const EXPECTED: &str = "four groups separated by /, each - or tokens such as 0!,5,c2";
        let mut board = Board::new();
        let mut groups = 0;
        for (i, group) in text.split('/').enumerate() {
            groups = i + 1;
            let Some(seat) = Seat::new(i) else { continue };
            if group == "-" {
                continue;
            }
            let mut found = 0;
            for word in group.split(',') {
                let (name, blocking) = match word.strip_suffix('!') {
                    Some(name) => (name, true),
                    None => (word, false),
                };
                let spot: Spot = name.parse()?;
                let place = Place::of(seat, spot).ok_or(ParseError::new("token", word, EXPECTED))?;
                if blocking {
                    if place != Place::track(0) {
                        return Err(PositionError::NotOwnStart { seat, spot });
                    }
                    board.blocking |= 1 << i;
                }
                if found < TOKENS {
                    board.tokens[i][found] = place;
                }
                found += 1;
            }
            if found > TOKENS {
                return Err(PositionError::TokenCount { seat, found });
            }
            board.sort(seat);
        }
        if groups != SEATS {
            return Err(ParseError::new("tokens", text, EXPECTED).into());
        }
        board.check()?;
        Ok(board)
    }
}

impl Board {
    /// No two tokens on one track cell, no two of a seat on one corridor cell.
    pub(crate) fn check(&self) -> Result<(), PositionError> {
        let mut cells = [false; TRACK as usize];
        for seat in Seat::ALL {
            let mut corridor = 0u8;
            for &place in &self.tokens[seat.index()] {
                if let Some(cell) = place.cell(seat) {
                    if core::mem::replace(&mut cells[usize::from(cell)], true) {
                        return Err(PositionError::Crowded { spot: Spot::Track(cell) });
                    }
                } else if let Some(c) = place.corridor_cell() {
                    if corridor & (1 << c) != 0 {
                        return Err(PositionError::Crowded { spot: Spot::Corridor(c) });
                    }
                    corridor |= 1 << c;
                }
            }
        }
        Ok(())
    }
}

crate::serde_as_text!(Board, "a board such as 0!,5/-/40,c1,c2/-");

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn steps_ahead_run_round_the_track_for_any_cells() {
        assert_eq!(ahead(60, 3), 7, "past cell 63 comes 0");
        assert_eq!(ahead(3, 60), 57);
        assert_eq!(ahead(12, 12), 0);
        assert_eq!(ahead(u8::MAX, 0), 1, "255 is cell 63, taken round the track");
        let seat = Seat::ALL[2];
        assert_eq!(to_corridor(seat, start(seat) + 63, false), 2, "the cell before the own start");
        assert_eq!(to_corridor(seat, u8::MAX, false), TRACK + 1 - ahead(start(seat), u8::MAX));
    }

    #[test]
    fn places_and_spots_agree() {
        for seat in Seat::ALL {
            for code in 0..TRACK + CORRIDOR + 1 {
                let spot = Spot::from_code(code);
                let place = Place::of(seat, spot).unwrap();
                assert_eq!(place.spot(seat), spot);
                assert_eq!(spot.code(), code);
            }
        }
        assert_eq!(Place::of(Seat::ALL[1], Spot::Track(16)), Some(Place::track(0)));
        assert_eq!(Place::of(Seat::ALL[1], Spot::Track(15)), Some(Place::track(63)));
        assert_eq!(Place::of(Seat::ALL[0], Spot::Track(64)), None);
    }

    #[test]
    fn a_seat_is_complete_with_all_four_tokens_in_its_corridor() {
        let board: Board = "c1,c2,c3,c4/c1,c2,c3,40/-/-".parse().unwrap();
        assert!(board.is_complete(Seat::ALL[0]));
        assert!(!board.is_complete(Seat::ALL[1]), "three in the corridor, one on the track");
        assert!(!board.is_complete(Seat::ALL[2]), "all at home");
    }

    #[test]
    fn board_text_round_trips_in_canonical_order() {
        let board: Board = "5,0!/-/40,c2,c1/h,h,63".parse().unwrap();
        assert_eq!(board.to_string(), "0!,5/-/40,c1,c2/63");
        assert_eq!(board.occupant(0), Some((Seat::ALL[0], true)));
        assert_eq!(board.occupant(63), Some((Seat::ALL[3], false)));
        assert_eq!(board.at_home(Seat::ALL[1]), 4);
        assert_eq!(board.in_corridor(Seat::ALL[2]), 2);
        assert!(matches!("5,5/-/-/-".parse::<Board>(), Err(PositionError::Crowded { .. })));
        assert!(matches!("5/5/-/-".parse::<Board>(), Err(PositionError::Crowded { .. })));
        assert!(matches!("c1,c1/-/-/-".parse::<Board>(), Err(PositionError::Crowded { .. })));
        assert!(matches!("16!/-/-/-".parse::<Board>(), Err(PositionError::NotOwnStart { .. })));
        assert!(matches!("1,2,3,4,5/-/-/-".parse::<Board>(), Err(PositionError::TokenCount { found: 5, .. })));
        assert!("-/-/-".parse::<Board>().is_err());
        assert!("-/-/-/-/-".parse::<Board>().is_err());
        assert!("64/-/-/-".parse::<Board>().is_err());
        assert!("c5/-/-/-".parse::<Board>().is_err());
    }
}
