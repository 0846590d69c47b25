//! Seats: the players at the table, numbered from 0 in turn order.
//!
//! In Poleana a seat plays one colour; in Parchís a seat may play two colours (or decide a
//! partner's ceded dice); in the card game a seat is a player with a hand.

use core::fmt;
use core::str::FromStr;

use crate::notation::{ParseError, number};

/// A player at the table, 0 to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(u8);

impl Seat {
    /// The most seats any game of the crate has.
    pub const MAX: usize = 4;

    /// Every seat, in turn order.
    pub const ALL: [Seat; Seat::MAX] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat numbered `index`, if it is below [`Seat::MAX`].
    pub const fn new(index: usize) -> Option<Seat> {
        if index < Seat::MAX { Some(Seat(index as u8)) } else { None }
    }

    /// The seat's number, 0 to 3.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places on, at a table of `seats` players.
    #[inline]
    pub const fn after(self, steps: usize, seats: usize) -> Seat {
        let seats = if seats == 0 { 1 } else { seats };
        Seat(((self.0 as usize + steps) % seats) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Seat {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Seat, ParseError> {
        let n = number("seat", text, 0..=(Seat::MAX as u32 - 1), "a seat number from 0 to 3")?;
        Ok(Seat(n as u8))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Seat {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        Seat::new(usize::from(n)).ok_or_else(|| serde::de::Error::custom(format_args!("seat {n} is not 0 to 3")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_wrap_around_the_table() {
        assert_eq!(Seat::ALL[3].after(1, 4), Seat::ALL[0]);
        assert_eq!(Seat::ALL[1].after(1, 2), Seat::ALL[0]);
        assert_eq!(Seat::new(4), None);
        assert_eq!("2".parse::<Seat>(), Ok(Seat::ALL[2]));
        assert!("4".parse::<Seat>().is_err());
    }
}

/// Who looks at a game: a seat, or a spectator, who sees only what is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The player at this seat: what is public, and what the rules show that seat.
    Seat(Seat),
    /// Someone not at the table: only what is public.
    Spectator,
}

impl Viewer {
    /// Whether this viewer is `seat`.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

impl From<Seat> for Viewer {
    fn from(seat: Seat) -> Viewer {
        Viewer::Seat(seat)
    }
}
