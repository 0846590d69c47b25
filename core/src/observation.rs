//! What learning agents consume: a seat's view as a fixed-length vector of numbers, the legal
//! actions as a mask over the action space, and the returns once a game is over.
//!
//! Every observation is built from the seat's [`View`] alone, so it can
//! never hold a card the seat may not see. Each game lists its layout as [`Section`]s, in
//! order; docs/learning.md explains every one. Every number lies in `0.0..=1.0`.
//!
//! Seats and colours are counted from the observer's: the first block of tokens is always the
//! observer's own, the next the one that plays after it, and so on; and a token's place is its
//! progress along its own path. The same situation therefore looks the same from every seat,
//! and an agent trained on one seat plays the others.
//!
//! ```
//! use fichas::game::{State, Variant};
//! use fichas::{Roll, Seat};
//!
//! let variant: Variant = "parchis:two-player".parse().unwrap();
//! let mut state = State::new(variant);
//! state.apply_chance(fichas::game::ChanceOutcome::Roll(Roll::of(5, 3).unwrap())).unwrap();
//!
//! let mut observation = vec![0.0; variant.observation_len()];
//! state.observe(Seat::ALL[0], &mut observation).unwrap();
//! let dice = variant.observation_section("dice").unwrap();
//! assert_eq!(&observation[dice.start + 4..dice.start + 6], &[1.0, 0.0], "the first die shows 5");
//!
//! let mut mask = vec![false; usize::from(variant.action_space())];
//! state.legal_mask(&mut mask).unwrap();
//! let legal: Vec<u16> = state.legal_ids().to_vec();
//! assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
//! assert_eq!(state.action_from_id(legal[0]).unwrap().to_string(), "home+5");
//! ```

use core::ops::Range;

use arrayvec::ArrayVec;

use crate::cartas;
#[cfg(feature = "alloc")]
use crate::game::{State, Variant, View};
#[cfg(feature = "alloc")]
use crate::rules::Rules;
use crate::seat::Seat;
#[cfg(feature = "alloc")]
use crate::{parchis, poleana};

/// One part of an observation's layout: a run of numbers that hold one kind of fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// A short name, such as `"tokens"` or `"dice"`.
    pub name: &'static str,
    /// How many numbers it holds.
    pub len: usize,
    /// What they hold, in a sentence.
    pub holds: &'static str,
}

/// Where a section lies in an observation (see [`Variant::observation_section`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The section.
    pub section: Section,
    /// The index of its first number.
    pub start: usize,
}

impl Placed {
    /// The indices of its numbers.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.section.len
    }
}

/// The total length of a layout (for the games' `const` lengths).
pub(crate) const fn total(layout: &[Section]) -> usize {
    let mut sum = 0;
    let mut i = 0;
    while i < layout.len() {
        sum += layout[i].len;
        i += 1;
    }
    sum
}

/// Writes an observation section by section. Starts from zeros, so an encoder only sets what
/// is there.
pub(crate) struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(out: &'a mut [f32]) -> Writer<'a> {
        out.fill(0.0);
        Writer { out, at: 0 }
    }

    /// The next `len` numbers, to be filled in.
    pub(crate) fn section(&mut self, len: usize) -> &mut [f32] {
        let start = self.at;
        self.at += len;
        &mut self.out[start..self.at]
    }

    /// `len` numbers, the one at `index` (if any) set to 1.
    pub(crate) fn one_hot(&mut self, len: usize, index: Option<usize>) {
        let section = self.section(len);
        if let Some(slot) = index.and_then(|i| section.get_mut(i)) {
            *slot = 1.0;
        }
    }

    /// `len` numbers, 1 where `on` holds.
    pub(crate) fn flags(&mut self, len: usize, on: impl Fn(usize) -> bool) {
        for (i, slot) in self.section(len).iter_mut().enumerate() {
            *slot = f32::from(u8::from(on(i)));
        }
    }

    /// One number, clamped into `0..=1`.
    pub(crate) fn value(&mut self, value: f32) {
        self.section(1)[0] = value.clamp(0.0, 1.0);
    }

    /// How many numbers were written.
    pub(crate) fn written(&self) -> usize {
        self.at
    }
}

/// The seats counted from `observer`: relative index `k` is the seat `k` places after it.
#[inline]
pub(crate) fn relative(observer: usize, index: usize, count: usize) -> usize {
    (index + count - observer % count) % count
}

/// A buffer of the wrong length, or a view asked for another seat's observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObservationError {
    /// The buffer for an observation does not have [`Variant::observation_len`] numbers.
    #[error("an observation of this game holds {expected} numbers, and the buffer given holds {given}")]
    ObservationLength {
        /// The observation's length.
        expected: usize,
        /// The buffer's.
        given: usize,
    },
    /// The buffer for a mask does not have [`Variant::action_space`] entries.
    #[error("a mask of this game has {expected} entries, one per action id, and the buffer given has {given}")]
    MaskLength {
        /// The action space.
        expected: usize,
        /// The buffer's length.
        given: usize,
    },
    /// A Cartas view shows one seat's cards; it cannot be observed as another seat.
    #[error("this view is what seat {view} sees, so it cannot give seat {asked}'s observation")]
    OtherSeat {
        /// The seat whose view it is.
        view: Seat,
        /// The seat asked for.
        asked: Seat,
    },
    /// The seat does not play in this game.
    #[error("this game has {seats} seats, numbered from 0, so there is no seat {asked}")]
    NoSeat {
        /// The seats in the game.
        seats: usize,
        /// The seat asked for.
        asked: Seat,
    },
}

/// Writes the mask of `ids` into `out`: `true` at each id, `false` elsewhere.
#[cfg(feature = "alloc")]
pub(crate) fn mask_of(ids: &[u16], out: &mut [bool]) {
    out.fill(false);
    for &id in ids {
        if let Some(entry) = out.get_mut(usize::from(id)) {
            *entry = true;
        }
    }
}

/// The most legal actions any position has (Cartas' bound, the largest).
pub const MAX_LEGAL: usize = cartas::MAX_ACTIONS;

/// The ids of the legal actions of a position, in the order [`State::legal_actions`] lists them.
pub type LegalIds = ArrayVec<u16, MAX_LEGAL>;

#[cfg(feature = "alloc")]
impl Variant {
    /// The length of every observation of this variant.
    pub fn observation_len(&self) -> usize {
        match self {
            Variant::Poleana(_) => poleana::observation::LEN,
            Variant::Parchis(_) => parchis::observation::LEN,
            Variant::Cartas(_) => cartas::observation::LEN,
        }
    }

    /// The sections of an observation of this variant, in order (docs/learning.md explains
    /// them).
    pub fn observation_layout(&self) -> &'static [Section] {
        match self {
            Variant::Poleana(_) => poleana::observation::LAYOUT,
            Variant::Parchis(_) => parchis::observation::LAYOUT,
            Variant::Cartas(_) => cartas::observation::LAYOUT,
        }
    }

    /// The sections of [`Variant::observation_layout`], each with where it lies.
    pub fn observation_sections(&self) -> impl Iterator<Item = Placed> {
        self.observation_layout().iter().scan(0, |start, &section| {
            let placed = Placed { section, start: *start };
            *start += section.len;
            Some(placed)
        })
    }

    /// Where the section called `name` lies, if the layout has one.
    pub fn observation_section(&self, name: &str) -> Option<Placed> {
        self.observation_sections().find(|p| p.section.name == name)
    }
}

#[cfg(feature = "alloc")]
impl View {
    /// Writes what `seat` observes into `out`, which must hold [`Variant::observation_len`]
    /// numbers. A Cartas view is one seat's, so `seat` must be that seat; a dice game's view is
    /// the whole position, and `seat` says from whose side to read it.
    pub fn observe(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObservationError> {
        let variant = self.variant();
        let expected = variant.observation_len();
        let given = out.len();
        let length = |given| ObservationError::ObservationLength { expected, given };
        if given != expected {
            return Err(length(given));
        }
        if seat.index() >= variant.seats() {
            return Err(ObservationError::NoSeat { seats: variant.seats(), asked: seat });
        }
        // The lengths were checked above, so the conversions hold.
        match self {
            View::Poleana(s) => s.observe(seat, out.try_into().map_err(|_| length(given))?),
            View::Parchis(s) => s.observe(seat, out.try_into().map_err(|_| length(given))?),
            View::Cartas(v) if v.seat() != seat => {
                return Err(ObservationError::OtherSeat { view: v.seat(), asked: seat });
            }
            View::Cartas(v) => v.observe(out.try_into().map_err(|_| length(given))?),
        }
        Ok(())
    }
}

#[cfg(feature = "alloc")]
impl State {
    /// Writes what `seat` observes into `out`: the observation of [`State::view`]`(seat)`, so
    /// that nothing hidden from the seat can reach it.
    pub fn observe(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObservationError> {
        let variant = self.variant();
        if seat.index() >= variant.seats() {
            return Err(ObservationError::NoSeat { seats: variant.seats(), asked: seat });
        }
        self.view(seat).observe(seat, out)
    }

    /// The ids of the legal actions of the seat to act, in the order of
    /// [`State::legal_actions`] (empty while chance is pending and once the game is over). No
    /// heap: the list has room for any position's actions.
    pub fn legal_ids(&self) -> LegalIds {
        let mut ids = LegalIds::new();
        self.extend_legal_ids(&mut ids);
        ids
    }

    /// Appends the ids of [`State::legal_ids`] to `out`, in the same order.
    pub fn extend_legal_ids(&self, out: &mut impl Extend<u16>) {
        match self {
            State::Poleana(s) => out.extend(s.legal_actions().iter().filter_map(|c| c.action.id())),
            State::Parchis(s) => out.extend(s.legal_actions().iter().filter_map(|c| c.action.id())),
            State::Cartas(s) => {
                // Listed in place: the 640-slot list is not returned by value.
                let mut actions = cartas::Actions::new();
                s.legal_actions_into(&mut actions);
                out.extend(actions.iter().filter_map(|a| s.action_id(a)));
            }
        }
    }

    /// Writes the legal-action mask into `out`, which must have [`Variant::action_space`]
    /// entries: `true` at the id of every legal action of the seat to act, `false` elsewhere
    /// (all `false` while chance is pending and once the game is over).
    pub fn legal_mask(&self, out: &mut [bool]) -> Result<(), ObservationError> {
        let expected = usize::from(self.variant().action_space());
        if out.len() != expected {
            return Err(ObservationError::MaskLength { expected, given: out.len() });
        }
        mask_of(&self.legal_ids(), out);
        Ok(())
    }

    /// Every seat's return: once the game is over, 1 for each winning seat (both seats of a
    /// winning side, every quiet winner of Poleana's special victory) and -1 for each other
    /// seat; 0 for every seat before the end, and for the entries past the game's seats.
    pub fn returns(&self) -> [f32; Seat::ALL.len()] {
        let mut returns = [0.0; Seat::ALL.len()];
        let Some(outcome) = self.phase().outcome() else { return returns };
        let variant = self.variant();
        for (seat, value) in Seat::ALL.iter().zip(returns.iter_mut()).take(variant.seats()) {
            *value = if variant.seat_wins(*seat, &outcome) { 1.0 } else { -1.0 };
        }
        returns
    }
}
