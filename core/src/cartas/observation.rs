//! What a Cartas seat observes, as numbers (docs/learning.md), built from its [`View`] alone:
//! its own hand, how many cards the others hold, the board, the public piles and the cards that
//! passed through its own hands. Seats are counted from the observer, and each token by its
//! progress from its own start, so the table looks the same from every seat.

use crate::cartas::board::{SEATS, TOKENS};
use crate::cartas::{Cards, Rank, Stage, State, View};
use crate::observation::{Section, Writer, relative, total};
use crate::seat::Seat;

/// Places per seat: home (0), track progress 0..=63 from the own start (1..=64), corridor c1 to
/// c4 (65..=68): the engine's own numbering of a token's place.
const PLACES: usize = 69;
const RANKS: usize = Rank::COUNT;

/// The sections of a Cartas observation, in order.
pub const LAYOUT: &[Section] = &[
    Section {
        name: "tokens",
        len: SEATS * PLACES,
        holds: "per seat from the observer, 69 places (home, track progress 0 to 63 from the seat's start, corridor \
                c1 to c4): the share of the seat's four tokens there",
    },
    Section {
        name: "blocking",
        len: SEATS,
        holds: "per seat from the observer: 1 if a token of it blocks its own start",
    },
    Section {
        name: "hand",
        len: RANKS,
        holds: "per rank (A, 2, …, K, joker): the observer's cards of that rank, as a share of the deck's",
    },
    Section { name: "hand_sizes", len: SEATS, holds: "per seat from the observer: the cards it holds, divided by 6" },
    Section {
        name: "discards",
        len: RANKS,
        holds: "per rank: the cards of that rank on the discard pile, as a share of the deck's",
    },
    Section { name: "pile", len: 1, holds: "the cards left in the draw pile, as a share of the deck" },
    Section {
        name: "stage",
        len: 5,
        holds: "one-hot: deal, exchange, play, theft (a card being drawn from a hand), over",
    },
    Section {
        name: "turn",
        len: SEATS,
        holds: "per seat from the observer: 1 for the seat to decide, the thief while a card is drawn, or the seat dealt to",
    },
    Section {
        name: "first_player",
        len: SEATS,
        holds: "per seat from the observer: 1 for the seat that leads this round",
    },
    Section { name: "deal_size", len: 1, holds: "cards dealt to each seat this round (6, 5, 4, 3), divided by 6" },
    Section { name: "chosen", len: SEATS, holds: "per seat from the observer: 1 once it has chosen its exchange card" },
    Section { name: "gave", len: RANKS, holds: "one-hot rank: the card the observer passed in this round's exchange" },
    Section { name: "received", len: RANKS, holds: "one-hot rank: the card the observer received in the exchange" },
    Section {
        name: "lost",
        len: RANKS,
        holds: "per rank: cards taken from the observer by 2s this round, divided by 4",
    },
    Section { name: "took", len: RANKS, holds: "per rank: cards the observer took with 2s this round, divided by 4" },
    Section {
        name: "thefts_by",
        len: SEATS,
        holds: "per seat from the observer: thefts it made this round, divided by 6",
    },
    Section {
        name: "thefts_from",
        len: SEATS,
        holds: "per seat from the observer: thefts it suffered this round, divided by 6",
    },
    Section {
        name: "victim",
        len: SEATS,
        holds: "per seat from the observer: 1 for the seat being robbed while the card is drawn",
    },
];

/// The length of a Cartas observation.
pub const LEN: usize = total(LAYOUT);

impl View {
    /// Writes what this view's seat observes into `out` (docs/learning.md gives the layout,
    /// [`LAYOUT`] lists it): built from the view alone, so it holds no card hidden from the seat.
    pub fn observe(&self, out: &mut [f32; LEN]) {
        let written = write(self, out);
        debug_assert_eq!(written, LEN, "the writer follows the layout");
    }
}

impl State {
    /// Writes what `seat` observes into `out`: the observation of [`State::view`]`(seat)`.
    pub fn observe(&self, seat: Seat, out: &mut [f32; LEN]) {
        self.view(seat).observe(out);
    }
}

/// Writes the observation of `view`'s seat into `out` and returns how many numbers it wrote.
fn write(view: &View, out: &mut [f32; LEN]) -> usize {
    let me = view.seat().index();
    let rel = |seat: Seat| relative(me, seat.index(), SEATS);
    let from_me = |k: usize| (me + k) % SEATS;
    let deck = view.config().deck();
    let share = |cards: Cards, rank: usize| {
        let total = deck.counts()[rank];
        if total == 0 { 0.0 } else { (f32::from(cards.counts()[rank]) / f32::from(total)).min(1.0) }
    };
    let mut w = Writer::new(out);

    let tokens = w.section(SEATS * PLACES);
    let board = view.board();
    for seat in 0..SEATS {
        let block = &mut tokens[relative(me, seat, SEATS) * PLACES..][..PLACES];
        for place in board.tokens[seat] {
            if let Some(slot) = block.get_mut(usize::from(place.0)) {
                *slot += 1.0 / TOKENS as f32;
            }
        }
    }
    w.flags(SEATS, |k| board.blocking & (1 << from_me(k)) != 0);
    for (rank, slot) in w.section(RANKS).iter_mut().enumerate() {
        *slot = share(view.hand(), rank);
    }
    let sizes = view.hand_sizes();
    for (k, slot) in w.section(SEATS).iter_mut().enumerate() {
        *slot = (f32::from(sizes[from_me(k)]) / 6.0).min(1.0);
    }
    for (rank, slot) in w.section(RANKS).iter_mut().enumerate() {
        *slot = share(view.discards(), rank);
    }
    w.value(if deck.is_empty() { 0.0 } else { f32::from(view.pile_size()) / deck.len() as f32 });
    let stage = match view.stage() {
        Stage::Deal => 0,
        Stage::Exchange => 1,
        Stage::Play => 2,
        Stage::Theft { .. } => 3,
        Stage::Over(_) => 4,
    };
    w.one_hot(5, Some(stage));
    let over = matches!(view.stage(), Stage::Over(_));
    w.one_hot(SEATS, (!over).then(|| rel(view.turn())));
    w.one_hot(SEATS, Some(rel(view.first_player())));
    w.value(f32::from(view.deal_size()) / 6.0);
    let chosen = view.chosen();
    w.flags(SEATS, |k| chosen[from_me(k)]);
    w.one_hot(RANKS, view.gave().map(|r| r as usize));
    w.one_hot(RANKS, view.received().map(|r| r as usize));
    let (mut lost, mut took) = ([0u8; RANKS], [0u8; RANKS]);
    let (mut by, mut from) = ([0u8; SEATS], [0u8; SEATS]);
    for theft in view.thefts().iter() {
        by[rel(theft.thief)] += 1;
        from[rel(theft.victim)] += 1;
        // A view shows the card only to the thief and the victim, so `card` is the observer's
        // own knowledge.
        if let Some(card) = theft.card {
            if theft.victim.index() == me {
                lost[card as usize] += 1;
            }
            if theft.thief.index() == me {
                took[card as usize] += 1;
            }
        }
    }
    for counts in [lost, took] {
        for (slot, n) in w.section(RANKS).iter_mut().zip(counts) {
            *slot = (f32::from(n) / 4.0).min(1.0);
        }
    }
    for counts in [by, from] {
        for (slot, n) in w.section(SEATS).iter_mut().zip(counts) {
            *slot = (f32::from(n) / 6.0).min(1.0);
        }
    }
    let victim = match view.stage() {
        Stage::Theft { victim } => Some(rel(victim)),
        _ => None,
    };
    w.one_hot(SEATS, victim);
    w.written()
}
