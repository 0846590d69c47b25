//! Thefts: the cards that 2s took from one hand to another in the current round.
//!
//! A seat remembers every card that passed through its hands in the round
//! (docs/rules/cartas.md §6.1), so the state keeps every theft of the round, in order, and a view
//! keeps them all with the card shown only to the thief and the victim. Both are small `Copy`
//! values: one byte a theft.

use core::fmt;

use crate::cartas::Rank;
use crate::cartas::board::SEATS;
use crate::seat::Seat;

/// One theft: who took a card from whom, and which (when known).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Theft {
    /// The seat that played the 2 (or the joker) and took the card.
    pub thief: Seat,
    /// The seat that lost the card.
    pub victim: Seat,
    /// The card taken: always known to the state, shown in a view to the thief and the victim only.
    pub card: Option<Rank>,
}

impl fmt::Display for Theft {
    /// `1>2:Q` (seat 1 took a Q from seat 2), or `1>2:-` when the card is hidden.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}:", self.thief, self.victim)?;
        match self.card {
            Some(card) => write!(f, "{card}"),
            None => f.write_str("-"),
        }
    }
}

/// The most thefts a round can hold. A round starts with at most 24 cards in the hands (six a
/// seat) and no card enters a hand during play; each theft spends one of them, the 2 (or the
/// joker) played for it.
pub const MAX_THEFTS: usize = SEATS * 6;

/// The thefts of the current round, oldest first.
///
/// ```
/// use fichas::cartas::State;
/// use fichas::Seat;
///
/// let text = "cartas round=3 turn=0 tokens=0!/-/-/- hands=5/-/-/A thefts=0>1:A,3>0:A discards=2233344455";
/// let s: State = text.parse().unwrap();
/// let thefts: Vec<String> = s.thefts().iter().map(|t| t.to_string()).collect();
/// assert_eq!(thefts, ["0>1:A", "3>0:A"]);
/// // Seat 2 took no part: it learns who stole from whom, not the cards.
/// assert_eq!(s.view(Seat::ALL[2]).thefts().to_string(), "0>1:-,3>0:-");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Thefts {
    len: u8,
    /// Thief (bits 6-7), victim (bits 4-5), card index or [`Thefts::HIDDEN`] (bits 0-3); the
    /// entries past `len` stay 0, so equal lists are equal values.
    packed: [u8; MAX_THEFTS],
}

impl Thefts {
    /// No theft yet.
    pub const EMPTY: Thefts = Thefts { len: 0, packed: [0; MAX_THEFTS] };

    const HIDDEN: u8 = 0x0F;

    /// How many thefts the round has seen.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the round has seen no theft.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `index`-th theft of the round (0 is the first).
    pub fn get(&self, index: usize) -> Option<Theft> {
        (index < self.len()).then(|| Thefts::unpack(self.packed[index]))
    }

    /// The latest theft of the round.
    pub fn last(&self) -> Option<Theft> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The thefts in the order they happened.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Theft> + ExactSizeIterator + '_ {
        self.packed[..self.len()].iter().map(|&b| Thefts::unpack(b))
    }

    /// Adds a theft; `false` (and nothing added) when the list is full.
    pub(crate) fn push(&mut self, theft: Theft) -> bool {
        if self.len() >= MAX_THEFTS {
            return false;
        }
        let card = theft.card.map_or(Thefts::HIDDEN, |c| c.index() as u8);
        self.packed[self.len()] = (theft.thief.index() as u8) << 6 | (theft.victim.index() as u8) << 4 | card;
        self.len += 1;
        true
    }

    /// The list as `seat` may know it: the cards of the thefts it took no part in are hidden.
    pub(crate) fn seen_by(&self, seat: Seat) -> Thefts {
        self.hiding(|t| t.thief != seat && t.victim != seat)
    }

    /// The thefts as a spectator sees them: who stole from whom, no card.
    pub(crate) fn public(&self) -> Thefts {
        self.hiding(|_| true)
    }

    fn hiding(&self, hidden: impl Fn(&Theft) -> bool) -> Thefts {
        let mut out = Thefts::EMPTY;
        for t in self.iter() {
            let card = if hidden(&t) { None } else { t.card };
            out.push(Theft { card, ..t });
        }
        out
    }

    fn unpack(byte: u8) -> Theft {
        let seat = |i: u8| Seat::ALL[usize::from(i & 3)];
        Theft { thief: seat(byte >> 6), victim: seat(byte >> 4), card: Rank::from_index(usize::from(byte & 0x0F)) }
    }
}

impl Default for Thefts {
    fn default() -> Thefts {
        Thefts::EMPTY
    }
}

impl fmt::Debug for Thefts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Thefts {
    /// The thefts separated by commas, as in a position text: `0>1:A,3>0:A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, theft) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{theft}")?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Thefts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Thefts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Thefts, D::Error> {
        use serde::de::Error;
        let list = alloc::vec::Vec::<Theft>::deserialize(d)?;
        let mut out = Thefts::EMPTY;
        for theft in list {
            if !out.push(theft) {
                return Err(D::Error::custom(format_args!("a round holds at most {MAX_THEFTS} thefts")));
            }
        }
        Ok(out)
    }
}
