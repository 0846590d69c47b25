//! What a Poleana seat observes, as numbers (docs/learning.md). Nothing is hidden in Poleana,
//! so this is the whole position read from the observer's side: colours counted from the
//! observer's in the order of play, each token by its progress from its own 0, and bridges
//! named by their owner counted the same way, so the board looks the same from every seat.

use crate::colour::Colour;
use crate::observation::{Section, Writer, relative, total};
use crate::poleana::State;
use crate::poleana::board::{BRIDGE_CELLS, Board, HOUSE_CELLS, Kind};
use crate::poleana::state::Left;
use crate::seat::Seat;

/// Perimeter progress a token can have on the classic board (0 to its own 8 on the final
/// approach); Express uses the first 60.
const TRACK: usize = Board::Classic.last_track() as usize + 1;
/// Places per colour: start, limbo, the perimeter, every bridge cell by owner, house cells 1c
/// to 6c, the goal.
const PLACES: usize = 2 + TRACK + 4 * BRIDGE_CELLS as usize + (HOUSE_CELLS as usize - 1) + 1;
const _PLACES: () = assert!(PLACES == 106, "docs/learning.md gives this number");

/// The sections of a Poleana observation, in order.
pub const LAYOUT: &[Section] = &[
    Section {
        name: "tokens",
        len: 4 * PLACES,
        holds: "per colour from the observer's, 106 places (start, limbo, perimeter progress 0 to 68 from the colour's \
                own 0, the 7 cells of each bridge by owner from the observer's, house cells 1c to 6c, the goal 7c): \
                the share of the colour's four tokens there",
    },
    Section { name: "in_play", len: 4, holds: "per colour from the observer's: 1 if it plays in this game" },
    Section {
        name: "active",
        len: 4,
        holds: "per colour from the observer's: 1 once it has released a token or committed an infraction (0: quiet)",
    },
    Section { name: "turn", len: 4, holds: "per colour from the observer's: 1 for the colour whose turn it is" },
    Section {
        name: "dice",
        len: 12,
        holds: "the dice still to play, one-hot faces 1-6: both dice of an unused roll, or the one left in the first \
                six; zeros before the roll and once both are used",
    },
    Section { name: "plus_ten", len: 1, holds: "1 while a +10 waits for its route (perimeter or bridge)" },
    Section { name: "tapon", len: 1, holds: "1 if that +10 moves a tapón, two tokens as one" },
    Section { name: "owed", len: 1, holds: "penalties owed, applied when the current choice ends, divided by 4" },
    Section { name: "doubles", len: 4, holds: "doubles rolled in a row this turn, one-hot 0, 1, 2, 3" },
    Section { name: "express", len: 1, holds: "1 on the Express board (13 cells a side, three tokens)" },
    Section { name: "to_roll", len: 1, holds: "1 while the dice are to be rolled" },
    Section { name: "over", len: 1, holds: "1 once the game is over" },
];

/// The length of a Poleana observation.
pub const LEN: usize = total(LAYOUT);

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
    let config = &state.config;
    let me = config.colour_of(seat).map_or(0, Colour::index);
    let colour = |k: usize| Colour::ALL[(me + k) % 4];
    let mut w = Writer::new(out);

    let tokens = w.section(4 * PLACES);
    let share = 1.0 / config.board().tokens() as f32;
    for c in Colour::ALL {
        let block = &mut tokens[relative(me, c.index(), 4) * PLACES..][..PLACES];
        for place in state.tokens[c.index()] {
            let slot = match place.kind() {
                Kind::Start => 0,
                Kind::Limbo => 1,
                Kind::Track(d) if usize::from(d) < TRACK => 2 + usize::from(d),
                Kind::Bridge(owner, cell) => {
                    2 + TRACK + relative(me, owner.index(), 4) * BRIDGE_CELLS as usize + usize::from(cell) - 1
                }
                Kind::House(cell) => 2 + TRACK + 4 * BRIDGE_CELLS as usize + usize::from(cell) - 1,
                Kind::Goal => PLACES - 1,
                Kind::Track(_) | Kind::Unused => continue,
            };
            block[slot] += share;
        }
    }
    w.flags(4, |k| config.colours().contains(colour(k)));
    w.flags(4, |k| state.active.contains(colour(k)));
    w.one_hot(4, Some(relative(me, state.turn.index(), 4)));
    let dice = match (state.roll, state.left) {
        (Some(roll), Left::Both) => [Some(roll.first), Some(roll.second)],
        (Some(_), Left::One(die)) => [Some(die), None],
        _ => [None, None],
    };
    for die in dice {
        w.one_hot(6, die.map(|d| usize::from(d.value()) - 1));
    }
    w.value(f32::from(u8::from(state.plus_ten_pending())));
    w.value(f32::from(u8::from(state.plus_ten_pending() && state.partner != crate::poleana::state::NONE)));
    w.value(f32::from(state.owed) / 4.0);
    w.one_hot(4, Some(usize::from(state.doubles.min(3))));
    w.value(f32::from(u8::from(config.board() == Board::Express)));
    w.value(f32::from(u8::from(state.roll.is_none() && state.outcome.is_none())));
    w.value(f32::from(u8::from(state.outcome.is_some())));
    w.written()
}
