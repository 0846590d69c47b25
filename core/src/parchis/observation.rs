//! What a Parchís seat observes, as numbers (docs/learning.md). Nothing is hidden in Parchís,
//! so this is the whole position read from the observer's side: colours counted from the
//! observer's first colour in the order of play, each token by its progress from its own exit.
//! Because the exits lie 17 cells apart, that makes the board look the same from every seat.

use crate::colour::{Colour, ColourSet};
use crate::observation::{Section, Writer, relative, total};
use crate::parchis::State;
use crate::parchis::board::Place;
use crate::seat::Seat;

/// Places a token can hold, as the observation counts them: home, then progress 0..=71 (64
/// track cells from the exit, 7 corridor cells, the goal).
const PLACES: usize = 73;
const _GOAL_IS_THE_LAST_PLACE: () = assert!(matches!(Place::GOAL.progress(), Some(71)));

/// The sections of a Parchís observation, in order.
pub const LAYOUT: &[Section] = &[
    Section {
        name: "tokens",
        len: 4 * PLACES,
        holds: "per colour from the observer's, 73 places (home, then progress 0 to 71 from the colour's exit: \
                track 0-63, corridor 64-70, goal 71): the share of the colour's four tokens there",
    },
    Section { name: "in_play", len: 4, holds: "per colour from the observer's: 1 if it plays in this game" },
    Section { name: "own", len: 4, holds: "per colour from the observer's: 1 if the observer plays it" },
    Section {
        name: "side",
        len: 4,
        holds: "per colour from the observer's: 1 if it wins with the observer (own or partner)",
    },
    Section { name: "turn", len: 4, holds: "per colour from the observer's: 1 for the colour whose turn it is" },
    Section {
        name: "actor",
        len: 4,
        holds: "per colour from the observer's: 1 for the colour the pending decision moves (roller, partner or bonus owner)",
    },
    Section {
        name: "dice",
        len: 12,
        holds: "the first die still to play (one-hot, faces 1-6), then the second: zeros once played or before the roll",
    },
    Section {
        name: "bonus",
        len: 2,
        holds: "1 if a bonus of 10 (reaching the goal) or of 20 (a capture) waits to be played",
    },
    Section { name: "doubles", len: 4, holds: "doubles rolled in a row this turn, one-hot 0, 1, 2, 3" },
    Section { name: "to_roll", len: 1, holds: "1 while the dice are to be rolled" },
    Section { name: "over", len: 1, holds: "1 once the game is over" },
];

/// The length of a Parchís observation.
pub const LEN: usize = total(LAYOUT);

/// The lowest-numbered colour `seat` plays: the observer's frame starts there.
fn first_colour(state: &State, seat: Seat) -> usize {
    state.config.colours_of(seat).iter().next().map_or(0, Colour::index)
}

impl State {
    /// Writes what `seat` observes of this position into `out` (docs/learning.md gives the
    /// layout, [`LAYOUT`] lists it). Nothing is hidden in this game: every seat sees the whole
    /// position, each from its own side.
    pub fn observe(&self, seat: Seat, out: &mut [f32; LEN]) {
        let written = write(self, seat, out);
        debug_assert_eq!(written, LEN, "the writer follows the layout");
    }
}

/// Writes `seat`'s observation of `state` into `out` and returns how many numbers it wrote.
fn write(state: &State, seat: Seat, out: &mut [f32; LEN]) -> usize {
    let me = first_colour(state, seat);
    let config = &state.config;
    let in_play = config.colours();
    let own = config.colours_of(seat);
    let side = own.iter().fold(ColourSet::EMPTY, |set, c| ColourSet::from_bits(set.bits() | config.side(c).bits()));
    // The colour `k` places after the observer's.
    let colour = |k: usize| Colour::ALL[(me + k) % 4];
    let mut w = Writer::new(out);

    let tokens = w.section(4 * PLACES);
    for c in Colour::ALL {
        let block = &mut tokens[relative(me, c.index(), 4) * PLACES..][..PLACES];
        for &place in &state.tokens[c.index()] {
            let slot = if place == Place::HOME { Some(0) } else { place.progress().map(|s| 1 + usize::from(s)) };
            if let Some(slot) = slot {
                block[slot] += 0.25;
            }
        }
    }
    w.flags(4, |k| in_play.contains(colour(k)));
    w.flags(4, |k| own.contains(colour(k)));
    w.flags(4, |k| side.contains(colour(k)));
    w.one_hot(4, Some(relative(me, state.turn.index(), 4)));
    w.one_hot(4, state.roll.map(|_| relative(me, state.actor.index(), 4)));
    for (i, die) in state.roll.iter().flat_map(|r| [r.first, r.second]).enumerate() {
        let pending = state.pending & (1 << i) != 0;
        w.one_hot(6, pending.then(|| usize::from(die.value()) - 1));
    }
    if state.roll.is_none() {
        w.section(12);
    }
    let bonus = state.bonus.map(|b| b.amount);
    w.flags(2, |i| bonus == Some([10, 20][i]));
    w.one_hot(4, Some(usize::from(state.doubles.min(3))));
    w.value(f32::from(u8::from(state.roll.is_none() && state.outcome.is_none())));
    w.value(f32::from(u8::from(state.outcome.is_some())));
    w.written()
}
