//! Cards: the fourteen ranks, and sets of cards kept as counts by rank.
//!
//! Suits have no effect and cards of one rank are interchangeable (docs/rules/cartas.md §2), so a
//! hand, the draw pile and the discard pile are all [`Cards`]: how many cards of each rank they
//! hold.

use core::fmt;
use core::str::FromStr;

use crate::notation::ParseError;

/// A card's rank. Suits play no part in the game.
///
/// Written with one character: `A 2 3 4 5 6 7 8 9 T J Q K *` (`T` is the ten, `*` the joker).
/// Reading also accepts `10`, `joker` and the English names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    /// The ace (`A`): walks 1 or 11, or brings a token out.
    Ace = 0,
    /// The two (`2`): walks 2, or takes a random card from another seat's hand.
    Two,
    /// The three (`3`): walks 3.
    Three,
    /// The four (`4`): walks 4 forward or 4 backward.
    Four,
    /// The five (`5`): walks 5.
    Five,
    /// The six (`6`): walks 6.
    Six,
    /// The seven (`7`): splits seven steps among the player's own tokens.
    Seven,
    /// The eight (`8`): walks 8.
    Eight,
    /// The nine (`9`): walks 9.
    Nine,
    /// The ten (`T`): walks 10.
    Ten,
    /// The jack (`J`): swaps an own token on the track with any other token on the track.
    Jack,
    /// The queen (`Q`): walks 12.
    Queen,
    /// The king (`K`): walks 13, or brings a token out.
    King,
    /// The joker (`*`): any of the other cards, named by how it is used.
    Joker,
}

impl Rank {
    /// The number of ranks.
    pub const COUNT: usize = 14;

    /// Every rank, in the order used for listing actions and writing hands.
    pub const ALL: [Rank; Rank::COUNT] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Joker,
    ];

    /// The rank's index in [`Rank::ALL`], from 0 (the ace) to 13 (the joker).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank of index `index` in [`Rank::ALL`], or `None` if `index` is 14 or more.
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < Rank::COUNT { Some(Rank::ALL[index]) } else { None }
    }

    /// The character used in notation.
    pub const fn letter(self) -> char {
        b"A23456789TJQK*"[self as usize] as char
    }

    /// The rank written with `letter` (the inverse of [`Rank::letter`], also reading `a`, `t`,
    /// `j`, `q` and `k` in lowercase), or `None` for any other character.
    pub const fn from_letter(letter: char) -> Option<Rank> {
        Some(match letter {
            'A' | 'a' => Rank::Ace,
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | 't' => Rank::Ten,
            'J' | 'j' => Rank::Jack,
            'Q' | 'q' => Rank::Queen,
            'K' | 'k' => Rank::King,
            '*' => Rank::Joker,
            _ => return None,
        })
    }

    /// The lowercase English name.
    pub const fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
            "joker",
        ][self as usize]
    }

    /// Where this rank stands when the host must pick a card for a seat that ran out of time
    /// in the exchange: the lowest is given away. Number cards are lowest, then J, Q, K; the
    /// ace ranks high and the joker highest, so a timeout never gives away the cards that bring
    /// tokens out.
    pub const fn timeout_order(self) -> u8 {
        match self {
            Rank::Ace => 12,
            Rank::Joker => 13,
            other => other as u8 - 1,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter())
    }
}

impl FromStr for Rank {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Rank, ParseError> {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(rank) = Rank::from_letter(c) {
                return Ok(rank);
            }
        }
        if text == "10" {
            return Ok(Rank::Ten);
        }
        Rank::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseError::new("card", text, "one of A 2 3 4 5 6 7 8 9 T J Q K * (or 10, joker)"))
    }
}

crate::serde_as_text!(Rank, "a card such as 7, T, K or *");

/// A set of cards: how many of each rank, up to 255.
///
/// Written as its cards' letters in rank order (`AA27T*`), or `-` for none. In JSON, the same
/// text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards([u8; Rank::COUNT]);

impl Cards {
    /// No cards at all.
    pub const EMPTY: Cards = Cards([0; Rank::COUNT]);

    /// The set holding `counts[i]` cards of the rank of index `i`.
    pub const fn from_counts(counts: [u8; Rank::COUNT]) -> Cards {
        Cards(counts)
    }

    /// How many cards of each rank, indexed by [`Rank::index`].
    pub const fn counts(&self) -> [u8; Rank::COUNT] {
        self.0
    }

    /// How many cards of `rank` the set holds.
    #[inline]
    pub const fn count(&self, rank: Rank) -> u8 {
        self.0[rank as usize]
    }

    /// Whether the set holds at least one card of `rank`.
    #[inline]
    pub const fn contains(&self, rank: Rank) -> bool {
        self.0[rank as usize] > 0
    }

    /// How many cards in all.
    #[inline]
    pub fn len(&self) -> usize {
        Cards::sum_lanes(self.lanes())
    }

    /// How many cards the sets hold together.
    #[inline]
    pub(crate) fn total(sets: &[Cards]) -> usize {
        // Sixteen sets' lanes fit in a lane before they are gathered (16 × 4 × 1 020 < 65 536).
        sets.chunks(16).map(|chunk| Cards::sum_lanes(chunk.iter().map(Cards::lanes).sum())).sum()
    }

    /// The counts added in neighbouring pairs from both words, into four 16-bit lanes (at
    /// most 1 020 each).
    #[inline]
    fn lanes(&self) -> u64 {
        const LOW: u64 = 0x00ff_00ff_00ff_00ff;
        let [a, b] = self.words();
        (a & LOW) + (a >> 8 & LOW) + (b & LOW) + (b >> 8 & LOW)
    }

    /// The sum of four 16-bit lanes: one multiplication gathers them into the top one, which
    /// holds it if it is below 65 536.
    #[inline]
    fn sum_lanes(lanes: u64) -> usize {
        (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    }

    /// Whether the set holds no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        let [a, b] = self.words();
        a | b == 0
    }

    /// Bit `r` for each rank `r` held.
    #[inline]
    fn held(&self) -> u16 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // A byte's top bit becomes 1 if the byte is not zero (adding 0x7f to its low seven bits
        // carries into the top bit, which cannot carry on into the next byte).
        let nonzero = |w: u64| (((w & LOW7) + LOW7) | w) & !LOW7;
        // One multiplication moves the top bit of byte `i` to bit `56 + i`, with no carries.
        let gather = |w: u64| ((nonzero(w) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        let [a, b] = self.words();
        gather(a) | gather(b) << 8
    }

    /// The fourteen counts as two words, the last two bytes zero.
    #[inline]
    fn words(&self) -> [u64; 2] {
        let (mut low, mut high) = ([0u8; 8], [0u8; 8]);
        low.copy_from_slice(&self.0[..8]);
        high[..Rank::COUNT - 8].copy_from_slice(&self.0[8..]);
        [u64::from_le_bytes(low), u64::from_le_bytes(high)]
    }

    /// Adds one card; `false` (and no change) if that rank already holds 255.
    #[inline]
    pub fn add(&mut self, rank: Rank) -> bool {
        match self.0[rank as usize].checked_add(1) {
            Some(n) => {
                self.0[rank as usize] = n;
                true
            }
            None => false,
        }
    }

    /// Removes one card; `false` (and no change) if there is none of that rank.
    #[inline]
    pub fn remove(&mut self, rank: Rank) -> bool {
        match self.0[rank as usize].checked_sub(1) {
            Some(n) => {
                self.0[rank as usize] = n;
                true
            }
            None => false,
        }
    }

    /// The ranks present, each once, in rank order.
    pub fn ranks(&self) -> impl Iterator<Item = Rank> + '_ {
        // Taken from a mask of the ranks held, lowest bit first, so absent ranks cost nothing.
        let mut held = self.held();
        core::iter::from_fn(move || {
            let rank = Rank::from_index(held.trailing_zeros() as usize)?;
            held &= held - 1;
            Some(rank)
        })
    }

    /// The ranks present with their counts, in rank order.
    pub fn iter(&self) -> impl Iterator<Item = (Rank, u8)> + '_ {
        Rank::ALL.into_iter().map(|r| (r, self.count(r))).filter(|&(_, n)| n > 0)
    }

    /// Every card, one by one, in rank order.
    pub fn cards(&self) -> impl Iterator<Item = Rank> + '_ {
        self.iter().flat_map(|(r, n)| core::iter::repeat_n(r, usize::from(n)))
    }

    /// The union of two sets, or `None` if some rank would pass 255.
    pub fn plus(&self, other: &Cards) -> Option<Cards> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a = a.checked_add(b)?;
        }
        Some(out)
    }

    /// This set without `other`, or `None` if `other` holds a card this set lacks.
    pub fn minus(&self, other: &Cards) -> Option<Cards> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a = a.checked_sub(b)?;
        }
        Some(out)
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        self.cards().try_for_each(|r| fmt::Write::write_char(f, r.letter()))
    }
}

impl FromStr for Cards {
    type Err = ParseError;

    /// Reads card letters in any order, or `-` for none.
    fn from_str(text: &str) -> Result<Cards, ParseError> {
        const EXPECTED: &str = "card letters from A 2 3 4 5 6 7 8 9 T J Q K *, or - for none";
        if text == "-" {
            return Ok(Cards::EMPTY);
        }
        if text.is_empty() {
            return Err(ParseError::new("cards", text, EXPECTED));
        }
        let mut cards = Cards::EMPTY;
        for c in text.chars() {
            let rank = Rank::from_letter(c).ok_or_else(|| ParseError::new("cards", text, EXPECTED))?;
            if !cards.add(rank) {
                return Err(ParseError::new("cards", text, "at most 255 cards of one rank"));
            }
        }
        Ok(cards)
    }
}

crate::serde_as_text!(Cards, "cards written as letters, such as AA7K*, or - for none");

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn ranks_read_and_write() {
        for rank in Rank::ALL {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
            assert_eq!(rank.name().parse::<Rank>(), Ok(rank));
            assert_eq!(Rank::from_index(rank.index()), Some(rank));
        }
        assert_eq!("10".parse::<Rank>(), Ok(Rank::Ten));
        assert!("1".parse::<Rank>().is_err());
        assert!("".parse::<Rank>().is_err());
        assert_eq!(Rank::from_index(14), None);
    }

    #[test]
    fn cards_count_by_rank() {
        let cards: Cards = "K7*A7".parse().unwrap();
        assert_eq!(cards.to_string(), "A77K*");
        assert_eq!(cards.len(), 5);
        assert_eq!(cards.count(Rank::Seven), 2);
        assert_eq!(cards.ranks().collect::<std::vec::Vec<_>>(), [Rank::Ace, Rank::Seven, Rank::King, Rank::Joker]);
        let mut less = cards;
        assert!(less.remove(Rank::Seven));
        assert!(!less.remove(Rank::Two));
        assert_eq!(cards.minus(&less).unwrap().to_string(), "7");
        assert_eq!(less.minus(&cards), None);
        assert_eq!("-".parse::<Cards>(), Ok(Cards::EMPTY));
        assert!("A1".parse::<Cards>().is_err());
        assert!("A".repeat(256).parse::<Cards>().is_err());
    }

    #[test]
    fn sizes_and_ranks_held_agree_with_the_counts() {
        for cards in ["-", "A", "*", "AA27T*", "23456789TJQK", "A23456789TJQK*"] {
            let cards: Cards = cards.parse().unwrap();
            let counted: usize = cards.counts().iter().map(|&n| usize::from(n)).sum();
            assert_eq!(cards.len(), counted);
            assert_eq!(cards.is_empty(), counted == 0);
            let held: std::vec::Vec<Rank> = Rank::ALL.into_iter().filter(|&r| cards.count(r) > 0).collect();
            assert_eq!(cards.ranks().collect::<std::vec::Vec<_>>(), held);
        }
        let full = Cards::from_counts([255; Rank::COUNT]);
        assert_eq!(full.len(), 255 * Rank::COUNT);
        assert_eq!(Cards::total(&[full; 40]), 40 * 255 * Rank::COUNT);
        assert_eq!(Cards::total(&["A7".parse().unwrap(), Cards::EMPTY, "***".parse().unwrap()]), 5);
        assert_eq!(full.ranks().count(), Rank::COUNT);
        let mut one = [0; Rank::COUNT];
        one[13] = 128;
        assert_eq!(Cards::from_counts(one).ranks().collect::<std::vec::Vec<_>>(), [Rank::Joker]);
    }

    #[test]
    fn timeout_order_keeps_aces_and_jokers() {
        let mut order = Rank::ALL;
        order.sort_by_key(|r| r.timeout_order());
        assert_eq!(order[0], Rank::Two);
        assert_eq!(order[12..], [Rank::Ace, Rank::Joker]);
    }
}
