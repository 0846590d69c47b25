//! Colours and sets of colours: the four sides of every board in this crate.

use core::fmt;
use core::str::FromStr;

use crate::notation::{ParseError, Setting, TextError};

/// One of the four colours, in turn order (the direction of travel on the dice boards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Colour {
    /// Yellow, `Y`: first in turn order.
    Yellow = 0,
    /// Blue, `B`: second in turn order.
    Blue = 1,
    /// Red, `R`: third in turn order, across the board from Yellow.
    Red = 2,
    /// Green, `G`: fourth in turn order, across the board from Blue.
    Green = 3,
}

impl Colour {
    /// All colours in turn order.
    pub const ALL: [Colour; 4] = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];

    /// Position in turn order, 0..4.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour at `index` in turn order.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Colour> {
        match index {
            0 => Some(Colour::Yellow),
            1 => Some(Colour::Blue),
            2 => Some(Colour::Red),
            3 => Some(Colour::Green),
            _ => None,
        }
    }

    /// The colour `steps` places later in turn order.
    #[inline]
    pub const fn after(self, steps: usize) -> Colour {
        Colour::ALL[(self as usize + steps) % 4]
    }

    /// The colour across the board.
    #[inline]
    pub const fn opposite(self) -> Colour {
        self.after(2)
    }

    /// The letter used in notation: `Y`, `B`, `R` or `G`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Yellow => 'Y',
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    /// Reads a notation letter, in either case.
    pub const fn from_letter(letter: char) -> Option<Colour> {
        match letter {
            'Y' | 'y' => Some(Colour::Yellow),
            'B' | 'b' => Some(Colour::Blue),
            'R' | 'r' => Some(Colour::Red),
            'G' | 'g' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The lowercase English name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Colour {
    type Err = ParseError;

    /// Accepts the English name or the notation letter, in any case.
    fn from_str(text: &str) -> Result<Colour, ParseError> {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(colour) = Colour::from_letter(c) {
                return Ok(colour);
            }
        }
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseError::new("colour", text, "yellow, blue, red, green or Y, B, R, G"))
    }
}

/// A set of colours, iterated in turn order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColourSet(u8);

impl ColourSet {
    /// The set with no colour.
    pub const EMPTY: ColourSet = ColourSet(0);
    /// The set of all four colours.
    pub const ALL: ColourSet = ColourSet(0b1111);

    /// The set holding exactly `colours`.
    pub const fn of(colours: &[Colour]) -> ColourSet {
        let mut bits = 0;
        let mut i = 0;
        while i < colours.len() {
            bits |= 1 << colours[i] as u8;
            i += 1;
        }
        ColourSet(bits)
    }

    /// The set from its bits (bit `i` is the colour of index `i`); higher bits are ignored.
    pub const fn from_bits(bits: u8) -> ColourSet {
        ColourSet(bits & 0b1111)
    }

    /// The set as bits: bit `i` is the colour of index `i` (see [`Colour::index`]).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `colour` is in the set.
    #[inline]
    pub const fn contains(self, colour: Colour) -> bool {
        self.0 & (1 << colour as u8) != 0
    }

    /// The set with `colour` added (the same set if it was already there).
    #[inline]
    pub const fn with(self, colour: Colour) -> ColourSet {
        ColourSet(self.0 | 1 << colour as u8)
    }

    /// The set with `colour` removed (the same set if it was not there).
    #[inline]
    pub const fn without(self, colour: Colour) -> ColourSet {
        ColourSet(self.0 & !(1 << colour as u8))
    }

    /// How many colours the set holds, 0 to 4.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no colour.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first colour of the set at or after `from` in turn order, wrapping around.
    pub fn next_from(self, from: Colour) -> Option<Colour> {
        (0..4).map(|k| from.after(k)).find(|&c| self.contains(c))
    }

    /// The colours in turn order.
    #[inline]
    pub fn iter(self) -> Colours {
        Colours(self.0)
    }

    /// Position of `colour` among the set's members in turn order.
    pub fn rank(self, colour: Colour) -> Option<usize> {
        self.iter().position(|c| c == colour)
    }

    /// The colour of the set that plays after `colour` in turn order, wrapping around (`colour`
    /// itself when no other plays).
    pub fn after(self, colour: Colour) -> Colour {
        self.next_from(colour.after(1)).unwrap_or(colour)
    }

    /// The colours a number of players take by default in the dice games: opposite colours
    /// for two (Yellow and Red), Yellow, Blue and Red for three, all four for four; `None` for
    /// any other number.
    pub const fn for_players(players: usize) -> Option<ColourSet> {
        use Colour::*;
        match players {
            2 => Some(ColourSet::of(&[Yellow, Red])),
            3 => Some(ColourSet::of(&[Yellow, Blue, Red])),
            4 => Some(ColourSet::ALL),
            _ => None,
        }
    }
}

/// The parts of a dice game's configuration text that name the colours in play (letters such
/// as `YBG`, or a number of players) and the colour that rolls first (`first=B`), each given at
/// most once.
pub(crate) struct Lineup<'a> {
    colours: Setting<'a, ColourSet>,
    first: Setting<'a, Colour>,
}

impl<'a> Lineup<'a> {
    pub(crate) const fn new() -> Self {
        Lineup { colours: Setting::new("colours"), first: Setting::new("first player") }
    }

    /// Takes `part` if it names the colours or the first colour (`Ok(true)`); `Ok(false)` if
    /// it names neither. A number of players other than 2, 3 or 4 is `players(n)`.
    pub(crate) fn read<E: From<TextError>>(&mut self, part: &'a str, players: fn(usize) -> E) -> Result<bool, E> {
        if let Some(letter) = part.strip_prefix("first=") {
            let first = letter.parse::<Colour>().map_err(TextError::from)?;
            self.first.set(first, part).map_err(TextError::from)?;
        } else if let Ok(n) = part.parse::<usize>() {
            self.colours.set(ColourSet::for_players(n).ok_or_else(|| players(n))?, part).map_err(TextError::from)?;
        } else if let Ok(set) = part.parse::<ColourSet>() {
            self.colours.set(set, part).map_err(TextError::from)?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// The colours named, if any.
    pub(crate) fn colours(&self) -> Option<ColourSet> {
        self.colours.get()
    }

    /// The first colour named, if any.
    pub(crate) fn first(&self) -> Option<Colour> {
        self.first.get()
    }

    /// Writes `:first=B` when `first` is not the colour that starts by default (the first of
    /// `colours` in turn order from Yellow).
    pub(crate) fn write_first(f: &mut fmt::Formatter<'_>, colours: ColourSet, first: Colour) -> fmt::Result {
        if Some(first) != colours.next_from(Colour::Yellow) {
            write!(f, ":first={}", first.letter())?;
        }
        Ok(())
    }
}

/// The colours of a [`ColourSet`] in turn order: its bits, lowest first.
#[derive(Clone, Debug)]
pub struct Colours(u8);

impl Iterator for Colours {
    type Item = Colour;

    #[inline]
    fn next(&mut self) -> Option<Colour> {
        let colour = Colour::from_index(self.0.trailing_zeros() as usize)?;
        self.0 &= self.0 - 1;
        Some(colour)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Colours {}

impl FromIterator<Colour> for ColourSet {
    fn from_iter<I: IntoIterator<Item = Colour>>(iter: I) -> ColourSet {
        iter.into_iter().fold(ColourSet::EMPTY, ColourSet::with)
    }
}

impl fmt::Display for ColourSet {
    /// Letters in turn order, `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        self.iter().try_for_each(|c| fmt::Write::write_char(f, c.letter()))
    }
}

impl FromStr for ColourSet {
    type Err = ParseError;

    /// Reads letters such as `YBR`, or `-` for the empty set. A repeated letter is an error.
    fn from_str(text: &str) -> Result<ColourSet, ParseError> {
        if text == "-" {
            return Ok(ColourSet::EMPTY);
        }
        let bad = || ParseError::new("set of colours", text, "letters from Y, B, R, G, each once, or -");
        if text.is_empty() {
            return Err(bad());
        }
        text.chars().try_fold(ColourSet::EMPTY, |set, c| match Colour::from_letter(c) {
            Some(colour) if !set.contains(colour) => Ok(set.with(colour)),
            _ => Err(bad()),
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ColourSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for c in self.iter() {
            seq.serialize_element(&c)?;
        }
        seq.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ColourSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ColourSet, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = ColourSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of distinct colour names")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<ColourSet, A::Error> {
                let mut set = ColourSet::EMPTY;
                while let Some(c) = seq.next_element::<Colour>()? {
                    if set.contains(c) {
                        return Err(serde::de::Error::custom(format_args!("colour {c} is listed twice")));
                    }
                    set = set.with(c);
                }
                Ok(set)
            }
        }
        d.deserialize_seq(Visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn turn_order_wraps() {
        assert_eq!(Colour::Green.after(1), Colour::Yellow);
        assert_eq!(Colour::Blue.opposite(), Colour::Green);
        let set = ColourSet::of(&[Colour::Yellow, Colour::Red]);
        assert_eq!(set.next_from(Colour::Blue), Some(Colour::Red));
        assert_eq!(set.next_from(Colour::Green), Some(Colour::Yellow));
    }

    #[test]
    fn the_turn_passes_to_the_next_colour_in_play_or_stays_with_a_lone_one() {
        let set = ColourSet::of(&[Colour::Yellow, Colour::Red]);
        assert_eq!(set.after(Colour::Yellow), Colour::Red);
        assert_eq!(set.after(Colour::Red), Colour::Yellow);
        assert_eq!(ColourSet::ALL.after(Colour::Green), Colour::Yellow);
        assert_eq!(ColourSet::of(&[Colour::Blue]).after(Colour::Blue), Colour::Blue);
    }

    #[test]
    fn a_number_of_players_takes_opposite_colours_for_two_and_skips_green_for_three() {
        assert_eq!(ColourSet::for_players(2), Some(ColourSet::of(&[Colour::Yellow, Colour::Red])));
        assert_eq!(ColourSet::for_players(3), Some(ColourSet::of(&[Colour::Yellow, Colour::Blue, Colour::Red])));
        assert_eq!(ColourSet::for_players(4), Some(ColourSet::ALL));
        assert_eq!(ColourSet::for_players(1), None);
        assert_eq!(ColourSet::for_players(5), None);
    }

    #[test]
    fn sets_read_and_write_letters() {
        let set: ColourSet = "RY".parse().unwrap();
        assert_eq!(set.to_string(), "YR");
        assert!("YY".parse::<ColourSet>().is_err());
        assert!("YX".parse::<ColourSet>().is_err());
        assert_eq!("-".parse::<ColourSet>().unwrap(), ColourSet::EMPTY);
        assert_eq!("green".parse::<Colour>().unwrap(), Colour::Green);
        assert_eq!("b".parse::<Colour>().unwrap(), Colour::Blue);
    }
}
