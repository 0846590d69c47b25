//! Cartas actions, their notation, and their ids.
//!
//! An action names the card spent and what it does. Tokens of a seat are interchangeable, so
//! actions name tokens by the cell they stand on, and every distinct result of one card has
//! exactly one action (docs/rules/cartas.md §9.2): a joker bringing a token out is one action (as
//! an ace or a king alike), swapping two of one's own tokens is one action whichever two, and a 7
//! is one action per split.

use core::fmt;
use core::str::FromStr;

use crate::cartas::Rank;
use crate::cartas::board::{Board, CORRIDOR, Place, SEATS, Spot, TOKENS, TRACK};
use crate::notation::{ParseError, number};
use crate::seat::Seat;

/// One share of a 7: the token on `from` walks `steps`, turning into its corridor when
/// `corridor` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Share {
    /// The cell the token starts from: a track cell or a cell of the seat's corridor.
    pub from: Spot,
    /// How many of the seven steps it walks, 1 to 7.
    pub steps: u8,
    /// Whether it turns into its corridor on the way (only for a share starting on the track).
    pub corridor: bool,
}

impl Share {
    /// Packs a share into a nonzero `u16`, ordered by `from` (a dense code), then by the rest.
    #[inline]
    pub(crate) const fn pack(self) -> u16 {
        (self.from.code() as u16) << 4 | (self.corridor as u16) << 3 | self.steps as u16
    }

    #[inline]
    const fn unpack(packed: u16) -> Share {
        Share { from: Spot::from_code((packed >> 4) as u8), steps: (packed & 7) as u8, corridor: packed & 8 != 0 }
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}{}", self.from, self.steps, if self.corridor { "/c" } else { "" })
    }
}

/// How a 7 is split: one to four shares of distinct tokens, summing to seven steps.
///
/// Kept in a canonical order (by the cell each share starts from), so that two splits with
/// the same shares are equal values whatever order they were written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split([u16; TOKENS]);

impl Split {
    /// A split from its shares, if they are well formed: one to four shares from distinct
    /// cells on the board, each of 1 to 7 steps, seven in all, and the corridor turn only for
    /// shares that start on the track.
    pub fn new(shares: &[Share]) -> Option<Split> {
        if shares.is_empty() || shares.len() > TOKENS {
            return None;
        }
        let mut packed = [0u16; TOKENS];
        let mut total = 0;
        for (i, share) in shares.iter().enumerate() {
            let well_formed = share.from.is_valid()
                && share.from != Spot::Home
                && (1..=7).contains(&share.steps)
                && (!share.corridor || matches!(share.from, Spot::Track(_)));
            if !well_formed || shares[..i].iter().any(|s| s.from == share.from) {
                return None;
            }
            total += share.steps;
            packed[i] = share.pack();
        }
        (total == 7).then(|| Split::from_packed(packed))
    }

    /// Canonical order: used shares ascending, empty slots (0) last.
    #[inline]
    pub(crate) fn from_packed(mut packed: [u16; TOKENS]) -> Split {
        let key = |v: u16| v.wrapping_sub(1); // 0 becomes the largest
        for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            if key(packed[a]) > key(packed[b]) {
                packed.swap(a, b);
            }
        }
        Split(packed)
    }

    /// The shares, in canonical order.
    pub fn shares(&self) -> impl Iterator<Item = Share> + '_ {
        self.0.iter().take_while(|&&v| v != 0).map(|&v| Share::unpack(v))
    }

    /// The share of the token on `from`, if it takes one.
    pub fn share_of(&self, from: Spot) -> Option<Share> {
        self.shares().find(|s| s.from == from)
    }

    /// How many shares, 1 to 4: the number of tokens that walk.
    pub fn len(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// Whether the split has no share; a split made by [`Split::new`] always has one.
    pub fn is_empty(&self) -> bool {
        self.0[0] == 0
    }
}

/// A decision: a card passed in the exchange, a card played, or the host's timeout.
///
/// Notation (card letters as in [`Rank`]; cells as in [`Spot`]):
///
/// | action | meaning |
/// |---|---|
/// | `pass:7` | in the exchange, pass a 7 to the player on the left |
/// | `A:out` | bring a token out onto the start cell (`A`, `K` or `*`) |
/// | `5:12+5` | the token on cell 12 walks 5 forward |
/// | `5:61+5/c` | … and turns into its corridor on the way (here to `c2` for seat 0) |
/// | `3:c1+3` | a token in its corridor walks on inside it |
/// | `4:20-4` | the token on 20 walks 4 backward |
/// | `7:12+3,40+4/c` | a 7 split into shares; a single share is `7:12+7` |
/// | `J:12~40` | swap the own token on 12 with the token on 40 |
/// | `J:own` | swap two of one's own tokens (the board does not change) |
/// | `2:steal3` | take a random card from seat 3 |
/// | `timeout` | the host's report that the seat to act ran out of time |
///
/// A joker (`*`) is written as the card it is used as, with `*` in its place: `*:12+13` is a
/// joker played as a king. The name follows from the use ([`Action::named`]).
///
/// ```
/// use fichas::cartas::Action;
/// let a: Action = "7:40+4/c,12+3".parse().unwrap();
/// assert_eq!(a.to_string(), "7:12+3,40+4/c");
/// assert!("5:12+3".parse::<Action>().is_err(), "a five walks five");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// In the exchange: this card goes face down to the player on the left.
    Pass(Rank),
    /// Bring a token from home onto the start cell, with an A, a K or a joker.
    Out {
        /// The card spent: an A, a K or a joker.
        card: Rank,
    },
    /// One token walks `steps` forward from `from` (a track cell or a corridor cell); with
    /// `corridor`, it turns into its corridor when it crosses its start.
    Move {
        /// The card spent: the one whose count is `steps` (the A for 1 or 11), or a joker.
        card: Rank,
        /// Where the token stands: a track cell, or `c1` to `c3` of the seat's corridor.
        from: Spot,
        /// How many cells it walks: 1 to 6 or 8 to 13.
        steps: u8,
        /// Whether it turns into its corridor on the way (only from a track cell).
        corridor: bool,
    },
    /// The token on track cell `from` walks 4 backward (a 4 or a joker).
    Back {
        /// The card spent: a 4 or a joker.
        card: Rank,
        /// The track cell the token stands on, 0 to 63.
        from: u8,
    },
    /// A 7 (or a joker as a 7) split among the seat's tokens.
    Seven {
        /// The card spent: a 7 or a joker.
        card: Rank,
        /// The shares of the seven steps.
        split: Split,
    },
    /// A J (or a joker) swaps the own token on track cell `own` with the rival token on `other`.
    Swap {
        /// The card spent: a J or a joker.
        card: Rank,
        /// The track cell of the seat's own token, 0 to 63.
        own: u8,
        /// The track cell of the other seat's token, 0 to 63.
        other: u8,
    },
    /// A J (or a joker) swaps two of the seat's own tokens: the card is spent, the board stays.
    SwapOwn {
        /// The card spent: a J or a joker.
        card: Rank,
    },
    /// A 2 (or a joker) takes a random card from the hand of seat `from`.
    Steal {
        /// The card spent: a 2 or a joker.
        card: Rank,
        /// The seat robbed: another seat holding at least one card.
        from: Seat,
    },
    /// A host action: the seat to act ran out of time (see [`crate::cartas::State::timeout`](crate::Rules::timeout)).
    Timeout,
}

/// The forward counts a single-token move may take, in the order ids and listings use.
pub(crate) const FORWARD: [u8; 12] = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13];

/// The card whose own count is `steps` (the ace for 1 and 11).
pub(crate) const fn natural_card(steps: u8) -> Option<Rank> {
    Some(match steps {
        1 | 11 => Rank::Ace,
        2 => Rank::Two,
        3 => Rank::Three,
        4 => Rank::Four,
        5 => Rank::Five,
        6 => Rank::Six,
        8 => Rank::Eight,
        9 => Rank::Nine,
        10 => Rank::Ten,
        12 => Rank::Queen,
        13 => Rank::King,
        _ => return None,
    })
}

impl Action {
    /// The card the action spends, for a play.
    pub const fn card(&self) -> Option<Rank> {
        match *self {
            Action::Out { card }
            | Action::Move { card, .. }
            | Action::Back { card, .. }
            | Action::Seven { card, .. }
            | Action::Swap { card, .. }
            | Action::SwapOwn { card }
            | Action::Steal { card, .. } => Some(card),
            Action::Pass(_) | Action::Timeout => None,
        }
    }

    /// The rank the card is played as: itself, or for a joker the rank its use names. A joker
    /// bringing a token out is named an ace (a king would do the same).
    pub const fn named(&self) -> Option<Rank> {
        let Some(card) = self.card() else { return None };
        if !matches!(card, Rank::Joker) {
            return Some(card);
        }
        Some(match *self {
            Action::Out { .. } => Rank::Ace,
            Action::Move { steps, .. } => match natural_card(steps) {
                Some(rank) => rank,
                None => Rank::Joker,
            },
            Action::Back { .. } => Rank::Four,
            Action::Seven { .. } => Rank::Seven,
            Action::Swap { .. } | Action::SwapOwn { .. } => Rank::Jack,
            Action::Steal { .. } => Rank::Two,
            Action::Pass(_) | Action::Timeout => return None,
        })
    }

    /// Whether the card may be used this way at all, on any board: a 5 walks five, a J swaps…
    pub fn is_well_formed(&self) -> bool {
        let joker = |card: Rank, natural: &[Rank]| card == Rank::Joker || natural.contains(&card);
        match *self {
            Action::Pass(_) | Action::Timeout => true,
            Action::Out { card } => joker(card, &[Rank::Ace, Rank::King]),
            Action::Move { card, from, steps, corridor } => {
                let from_ok = match from {
                    Spot::Track(cell) => cell < TRACK,
                    Spot::Corridor(cell) => (1..CORRIDOR).contains(&cell) && !corridor,
                    Spot::Home => false,
                };
                from_ok && natural_card(steps).is_some_and(|n| card == n || card == Rank::Joker)
            }
            Action::Back { card, from } => from < TRACK && joker(card, &[Rank::Four]),
            Action::Seven { card, split } => joker(card, &[Rank::Seven]) && !split.is_empty(),
            Action::Swap { card, own, other } => own < TRACK && other < TRACK && joker(card, &[Rank::Jack]),
            Action::SwapOwn { card } => joker(card, &[Rank::Jack]),
            Action::Steal { card, .. } => joker(card, &[Rank::Two]),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Pass(rank) => return write!(f, "pass:{rank}"),
            Action::Timeout => return f.write_str("timeout"),
            _ => {}
        }
        if let Some(card) = self.card() {
            write!(f, "{card}:")?;
        }
        match *self {
            Action::Out { .. } => f.write_str("out"),
            Action::Move { from, steps, corridor, .. } => {
                write!(f, "{}", Share { from, steps, corridor })
            }
            Action::Back { from, .. } => write!(f, "{from}-4"),
            Action::Seven { split, .. } => crate::notation::write_joined(f, split.shares(), ","),
            Action::Swap { own, other, .. } => write!(f, "{own}~{other}"),
            Action::SwapOwn { .. } => f.write_str("own"),
            Action::Steal { from, .. } => write!(f, "steal{from}"),
            Action::Pass(_) | Action::Timeout => Ok(()),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Action, ParseError> {
        const EXPECTED: &str = "pass:R, or a card and its use: A:out, 5:12+5, 5:61+5/c, 4:20-4, \
                                7:12+3,40+4, J:12~40, J:own, 2:steal3 (a joker is *)";
        let bad = || ParseError::new("Cartas action", text, EXPECTED);
        if text == "timeout" {
            return Ok(Action::Timeout);
        }
        let (head, body) = text.split_once(':').ok_or_else(bad)?;
        if head == "pass" {
            return Ok(Action::Pass(body.parse()?));
        }
        let card: Rank = head.parse().map_err(|_| bad())?;
        let action = if body == "out" {
            Action::Out { card }
        } else if body == "own" {
            Action::SwapOwn { card }
        } else if let Some(seat) = body.strip_prefix("steal") {
            Action::Steal { card, from: seat.parse()? }
        } else if let Some((own, other)) = body.split_once('~') {
            let cell = |t: &str| number("cell", t, 0..=63, "a track cell from 0 to 63");
            Action::Swap { card, own: cell(own)? as u8, other: cell(other)? as u8 }
        } else if let Some(from) = body.strip_suffix("-4") {
            Action::Back { card, from: number("cell", from, 0..=63, "a track cell from 0 to 63")? as u8 }
        } else {
            let mut shares = arrayvec::ArrayVec::<Share, TOKENS>::new();
            for part in body.split(',') {
                let (part, corridor) = match part.strip_suffix("/c") {
                    Some(p) => (p, true),
                    None => (part, false),
                };
                let (from, steps) = part.split_once('+').ok_or_else(bad)?;
                let share = Share {
                    from: from.parse()?,
                    steps: number("steps", steps, 1..=13, "a count of steps from 1 to 13")? as u8,
                    corridor,
                };
                shares.try_push(share).map_err(|_| bad())?;
            }
            let total: u8 = shares.iter().map(|s| s.steps).sum();
            if (card == Rank::Seven || card == Rank::Joker) && total == 7 {
                Action::Seven { card, split: Split::new(&shares).ok_or_else(bad)? }
            } else if let [share] = shares[..] {
                Action::Move { card, from: share.from, steps: share.steps, corridor: share.corridor }
            } else {
                return Err(bad());
            }
        };
        if action.is_well_formed() { Ok(action) } else { Err(bad()) }
    }
}

crate::serde_as_text!(Action, "a Cartas action such as 5:12+5");

// ---------------------------------------------------------------------------------------------
// Ids

/// The number of action ids: every id is below this.
///
/// Ids are relative to the seat to act, so that one id means the same kind of decision in
/// every position: tokens are named by their rank among the seat's tokens from the least to
/// the most advanced (slot 0 to 3), and other seats by how far they sit to the left (1 to 3).
/// The layout, in id order: `timeout`; the 14 passes; out with A, K, joker; thefts (2 or
/// joker × seat offset); own swaps (J or joker); swaps (J or joker × own slot × seat offset ×
/// slot); moves (card or joker × slot × count 1..6, 8..13 or back 4 × corridor turn); sevens (7
/// or joker × the 120 ways to give 7 steps to the four slots × which shares turn into the
/// corridor).
pub const ACTION_SPACE: u16 = SEVEN_BASE + 2 * COMPOSITIONS as u16 * 16;

const PASS_BASE: u16 = 1;
const OUT_BASE: u16 = PASS_BASE + Rank::COUNT as u16;
const STEAL_BASE: u16 = OUT_BASE + 3;
const SWAP_OWN_BASE: u16 = STEAL_BASE + 6;
const SWAP_BASE: u16 = SWAP_OWN_BASE + 2;
const MOVE_BASE: u16 = SWAP_BASE + 2 * 4 * 3 * 4;
const MOVE_CODES: u16 = FORWARD.len() as u16 + 1;
const SEVEN_BASE: u16 = MOVE_BASE + 2 * 4 * MOVE_CODES * 2;

/// The ways to give 7 steps to four slots (zeros allowed): C(10, 3).
const COMPOSITIONS: usize = 120;

/// Every way to give 7 steps to four slots, in lexicographic order.
const SPLITS: [[u8; 4]; COMPOSITIONS] = {
    let mut all = [[0u8; 4]; COMPOSITIONS];
    let mut n = 0;
    let mut a = 0;
    while a <= 7 {
        let mut b = 0;
        while a + b <= 7 {
            let mut c = 0;
            while a + b + c <= 7 {
                all[n] = [a, b, c, 7 - a - b - c];
                n += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    all
};

/// 0 for the natural card, 1 for a joker.
const fn is_joker(card: Rank) -> u16 {
    matches!(card, Rank::Joker) as u16
}

/// The slot of the token of `seat` on `spot` (not home).
fn slot_of(board: &Board, seat: Seat, spot: Spot) -> Option<usize> {
    let place = Place::of(seat, spot).filter(|p| !p.is_home())?;
    board.tokens[seat.index()].iter().position(|&p| p == place)
}

/// The spot of the token of `seat` in `slot`, unless it is at home.
fn spot_in(board: &Board, seat: Seat, slot: usize) -> Option<Spot> {
    let place = *board.tokens[seat.index()].get(slot)?;
    (!place.is_home()).then(|| place.spot(seat))
}

/// The id of `action` for `seat` to act on `board` (see [`ACTION_SPACE`]).
pub(crate) fn action_id(seat: Seat, board: &Board, action: &Action) -> Option<u16> {
    if !action.is_well_formed() {
        return None;
    }
    let offset = |other: Seat| ((other.index() + SEATS - seat.index()) % SEATS) as u16;
    Some(match *action {
        Action::Timeout => 0,
        Action::Pass(rank) => PASS_BASE + rank as u16,
        Action::Out { card } => OUT_BASE + [Rank::Ace, Rank::King, Rank::Joker].iter().position(|&c| c == card)? as u16,
        Action::Steal { card, from } => {
            let off = offset(from).checked_sub(1)?;
            STEAL_BASE + is_joker(card) * 3 + off
        }
        Action::SwapOwn { card } => SWAP_OWN_BASE + is_joker(card),
        Action::Swap { card, own, other } => {
            let own_slot = slot_of(board, seat, Spot::Track(own))? as u16;
            let (rival, _) = board.occupant(other)?;
            let off = offset(rival).checked_sub(1)?;
            let rival_slot = slot_of(board, rival, Spot::Track(other))? as u16;
            SWAP_BASE + ((is_joker(card) * 4 + own_slot) * 3 + off) * 4 + rival_slot
        }
        Action::Move { card, from, steps, corridor } => {
            let slot = slot_of(board, seat, from)? as u16;
            let code = FORWARD.iter().position(|&s| s == steps)? as u16;
            MOVE_BASE + ((is_joker(card) * 4 + slot) * MOVE_CODES + code) * 2 + corridor as u16
        }
        Action::Back { card, from } => {
            let slot = slot_of(board, seat, Spot::Track(from))? as u16;
            MOVE_BASE + ((is_joker(card) * 4 + slot) * MOVE_CODES + MOVE_CODES - 1) * 2
        }
        Action::Seven { card, split } => {
            let (mut steps, mut turns) = ([0u8; 4], 0u16);
            for share in split.shares() {
                let slot = slot_of(board, seat, share.from)?;
                steps[slot] = share.steps;
                turns |= (share.corridor as u16) << slot;
            }
            let index = SPLITS.iter().position(|s| *s == steps)? as u16;
            SEVEN_BASE + (is_joker(card) * COMPOSITIONS as u16 + index) * 16 + turns
        }
    })
}

/// The action with id `id` for `seat` to act on `board`, if the id names tokens that are there.
pub(crate) fn action_from_id(seat: Seat, board: &Board, id: u16) -> Option<Action> {
    let card_of = |joker: u16, natural: Rank| if joker == 1 { Rank::Joker } else { natural };
    let action = match id {
        0 => Action::Timeout,
        PASS_BASE..OUT_BASE => Action::Pass(Rank::from_index(usize::from(id - PASS_BASE))?),
        OUT_BASE..STEAL_BASE => Action::Out { card: [Rank::Ace, Rank::King, Rank::Joker][usize::from(id - OUT_BASE)] },
        STEAL_BASE..SWAP_OWN_BASE => {
            let k = id - STEAL_BASE;
            Action::Steal { card: card_of(k / 3, Rank::Two), from: seat.after(usize::from(k % 3) + 1, SEATS) }
        }
        SWAP_OWN_BASE..SWAP_BASE => Action::SwapOwn { card: card_of(id - SWAP_OWN_BASE, Rank::Jack) },
        SWAP_BASE..MOVE_BASE => {
            let k = id - SWAP_BASE;
            let (rival_slot, off, own_slot, joker) = (k % 4, (k / 4) % 3, (k / 12) % 4, k / 48);
            let rival = seat.after(usize::from(off) + 1, SEATS);
            let Spot::Track(own) = spot_in(board, seat, usize::from(own_slot))? else { return None };
            let Spot::Track(other) = spot_in(board, rival, usize::from(rival_slot))? else { return None };
            Action::Swap { card: card_of(joker, Rank::Jack), own, other }
        }
        MOVE_BASE..SEVEN_BASE => {
            let k = id - MOVE_BASE;
            let (corridor, code, slot, joker) =
                (k % 2 == 1, (k / 2) % MOVE_CODES, (k / 2 / MOVE_CODES) % 4, k / 2 / MOVE_CODES / 4);
            let from = spot_in(board, seat, usize::from(slot))?;
            if code == MOVE_CODES - 1 {
                let Spot::Track(from) = from else { return None };
                if corridor {
                    return None;
                }
                Action::Back { card: card_of(joker, Rank::Four), from }
            } else {
                let steps = FORWARD[usize::from(code)];
                Action::Move { card: card_of(joker, natural_card(steps)?), from, steps, corridor }
            }
        }
        SEVEN_BASE..ACTION_SPACE => {
            let k = id - SEVEN_BASE;
            let (turns, index, joker) = (k % 16, (k / 16) % COMPOSITIONS as u16, k / 16 / COMPOSITIONS as u16);
            let mut shares = arrayvec::ArrayVec::<Share, TOKENS>::new();
            for (slot, &steps) in SPLITS[usize::from(index)].iter().enumerate() {
                let corridor = turns & (1 << slot) != 0;
                if steps == 0 {
                    if corridor {
                        return None;
                    }
                    continue;
                }
                shares.push(Share { from: spot_in(board, seat, slot)?, steps, corridor });
            }
            Action::Seven { card: card_of(joker, Rank::Seven), split: Split::new(&shares)? }
        }
        _ => return None,
    };
    action.is_well_formed().then_some(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn notation_round_trips() {
        for text in [
            "pass:7",
            "pass:*",
            "timeout",
            "A:out",
            "*:out",
            "5:12+5",
            "5:61+5/c",
            "A:60+11/c",
            "3:c1+3",
            "4:20-4",
            "*:20-4",
            "7:12+7",
            "7:12+3,40+4/c",
            "*:1+1,2+2,3+3,c1+1",
            "J:12~40",
            "*:own",
            "2:steal3",
            "*:12+13",
            "T:0+10",
        ] {
            let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn notation_rejects_uses_a_card_does_not_have() {
        for bad in [
            "",
            "A:61+5/c",
            "5",
            "5:",
            "5:12+3",
            "7:12+5",
            "7:12+3,12+4",
            "7:12+3,40+3",
            "8:12+3,40+5",
            "J:12+4",
            "2:steal4",
            "A:c1+1/c",
            "3:c4+3",
            "4:h+4",
            "Q:out",
            "K:12-4",
            "5:64+5",
            "*:12+14",
            "X:1+1",
            "pass:1",
            "7:1+1,2+1,3+1,4+1,5+3",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn named_follows_from_the_use() {
        let named = |t: &str| t.parse::<Action>().unwrap().named();
        assert_eq!(named("*:12+13"), Some(Rank::King));
        assert_eq!(named("*:12+11"), Some(Rank::Ace));
        assert_eq!(named("*:12-4"), Some(Rank::Four));
        assert_eq!(named("*:12+7"), Some(Rank::Seven));
        assert_eq!(named("*:own"), Some(Rank::Jack));
        assert_eq!(named("*:steal1"), Some(Rank::Two));
        assert_eq!(named("Q:12+12"), Some(Rank::Queen));
        assert_eq!(named("pass:Q"), None);
    }

    #[test]
    fn the_action_space_is_as_documented() {
        assert_eq!(ACTION_SPACE, 4170, "docs/rules/cartas.md states this number");
        assert_eq!((MOVE_BASE, SEVEN_BASE), (122, 330));
    }

    #[test]
    fn compositions_are_all_listed_once() {
        for (i, s) in SPLITS.iter().enumerate() {
            assert_eq!(s.iter().sum::<u8>(), 7);
            assert!(!SPLITS[..i].contains(s));
        }
    }

    #[test]
    fn every_id_maps_back_on_a_full_board() {
        let board: Board = "1,5,9,c1/17,21,25,c2/33,37,41,c3/49,53,57,c4".parse().unwrap();
        let seat = Seat::ALL[0];
        let mut seen = 0;
        for id in 0..ACTION_SPACE + 5 {
            if let Some(action) = action_from_id(seat, &board, id) {
                assert_eq!(action_id(seat, &board, &action), Some(id), "{action}");
                assert_eq!(action.to_string().parse::<Action>(), Ok(action));
                seen += 1;
            }
        }
        // 254 ids outside the 7s (timeout, passes, outs, thefts, swaps, 2 x 87 moves: three
        // track tokens with 12 counts both ways and the back 4, and c1 with 12 counts), and
        // 2 x 575 splits over the three track tokens and c1 (which never turns in).
        assert_eq!(seen, 1404);
    }
}
