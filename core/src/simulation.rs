//! Batch simulation: many games of random play on each game's fast path.
//!
//! Every game gets its own generator, seeded from the batch seed and the game's index, so a
//! batch gives the same games whatever the number of threads that play it.
//!
//! ```
//! use fichas::simulation::{GameSummary, play_random, game_rng};
//! let variant = "parchis:pairs".parse().unwrap();
//! let summary: GameSummary = play_random(variant, &mut game_rng(7, 0));
//! assert!(summary.winners != 0);
//! assert_eq!(summary, play_random(variant, &mut game_rng(7, 0)), "same seed, same game");
//! ```

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::chance::below;
use crate::events::EventSink;
use crate::game::Variant;
use crate::phase::Phase;
use crate::seat::Seat;
use crate::{cartas, parchis, poleana};

/// What one game produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameSummary {
    /// The winning seats, as bits (bit `i` for seat `i`).
    pub winners: u8,
    /// Whether Poleana's special victory decided it.
    pub special: bool,
    /// Turns played (a turn is one colour's rolls until the next colour's).
    pub turns: u32,
    /// Decisions taken.
    pub decisions: u32,
    /// Captures made.
    pub captures: u32,
}

impl GameSummary {
    /// The winning seats in order.
    pub fn winning_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| self.winners & (1 << s.index()) != 0)
    }

    /// The first winning seat (for a side of two, the lower seat).
    pub fn winner(&self) -> Option<Seat> {
        self.winning_seats().next()
    }
}

/// The generator of game `index` of a batch seeded with `seed`.
pub fn game_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(splitmix(seed ^ splitmix(index)))
}

/// SplitMix64's mixing function: nearby inputs give unrelated outputs.
const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Counts captures while discarding every other event.
#[derive(Default)]
struct Captures(u32);

impl EventSink<poleana::Event> for Captures {
    #[inline]
    fn emit(&mut self, event: poleana::Event) {
        self.0 += u32::from(matches!(event, poleana::Event::Captured { .. }));
    }
}

impl EventSink<parchis::Event> for Captures {
    #[inline]
    fn emit(&mut self, event: parchis::Event) {
        self.0 += u32::from(matches!(event, parchis::Event::Captured { .. }));
    }
}

impl EventSink<cartas::Event> for Captures {
    #[inline]
    fn emit(&mut self, event: cartas::Event) {
        self.0 += u32::from(matches!(event, cartas::Event::Captured { .. }));
    }
}

/// The fast path of one game, as the simulation needs it.
trait Playout: Copy {
    type Outcome: Copy;
    fn phase(&self) -> Phase<Seat, Self::Outcome>;
    fn turn_key(&self) -> u8;
    fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures);
    /// Plays a uniformly random legal choice.
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures);
    fn summarise(&self, outcome: Self::Outcome) -> (u8, bool);
}

impl Playout for poleana::State {
    type Outcome = poleana::Outcome;

    fn phase(&self) -> Phase<Seat, poleana::Outcome> {
        match poleana::State::phase(self) {
            Phase::Chance => Phase::Chance,
            Phase::Decide(colour) => Phase::Decide(self.config().seat_of(colour)),
            Phase::Over(o) => Phase::Over(o),
        }
    }

    fn turn_key(&self) -> u8 {
        self.turn() as u8
    }

    fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures) {
        let roll = self.sample_chance(rng);
        let _ = self.apply_chance_into(roll, sink);
    }

    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures) {
        let choices = self.legal_actions();
        if let Some(choice) = choices.get(below(rng, choices.len() as u32) as usize) {
            self.play_unchecked(choice, sink);
        }
    }

    fn summarise(&self, outcome: poleana::Outcome) -> (u8, bool) {
        let seats = outcome.winners().iter().fold(0, |bits, c| bits | 1 << self.config().seat_of(c).index());
        (seats, outcome.is_special())
    }
}

impl Playout for parchis::State {
    type Outcome = parchis::Outcome;

    fn phase(&self) -> Phase<Seat, parchis::Outcome> {
        parchis::State::phase(self)
    }

    fn turn_key(&self) -> u8 {
        self.turn() as u8
    }

    fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures) {
        let roll = self.sample_chance(rng);
        let _ = self.apply_chance_into(roll, sink);
    }

    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures) {
        let choices = self.legal_actions();
        if let Some(choice) = choices.get(below(rng, choices.len() as u32) as usize) {
            self.play_unchecked(choice, sink);
        }
    }

    fn summarise(&self, outcome: parchis::Outcome) -> (u8, bool) {
        (outcome.winners.iter().fold(0, |bits, c| bits | 1 << self.config().seat_of(c).index()), false)
    }
}

impl Playout for cartas::State {
    type Outcome = cartas::Outcome;

    fn phase(&self) -> Phase<Seat, cartas::Outcome> {
        cartas::State::phase(self)
    }

    /// A turn is a seat's play; dealing and the exchange are not turns.
    fn turn_key(&self) -> u8 {
        match self.stage() {
            cartas::Stage::Play => self.turn().index() as u8,
            _ => u8::MAX,
        }
    }

    fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures) {
        if let Some(card) = self.sample_chance(rng) {
            let _ = self.apply_chance_into(card, sink);
        }
    }

    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, sink: &mut Captures) {
        let actions = self.legal_actions();
        if let Some(action) = actions.get(below(rng, actions.len() as u32) as usize) {
            self.play_unchecked(action, sink);
        }
    }

    fn summarise(&self, outcome: cartas::Outcome) -> (u8, bool) {
        (1 << outcome.winner.index(), false)
    }
}

fn run<P: Playout, R: Rng + ?Sized>(mut state: P, rng: &mut R) -> GameSummary {
    let mut summary = GameSummary::default();
    let mut captures = Captures::default();
    let mut last_turn = None;
    loop {
        // A turn begins whenever a different seat (or colour) takes over; u8::MAX marks steps
        // that belong to no one's turn.
        let key = state.turn_key();
        if key != u8::MAX && last_turn != Some(key) {
            summary.turns += 1;
            last_turn = Some(key);
        }
        match state.phase() {
            Phase::Chance => state.roll(rng, &mut captures),
            Phase::Decide(_) => {
                state.play_random(rng, &mut captures);
                summary.decisions += 1;
            }
            Phase::Over(outcome) => {
                (summary.winners, summary.special) = state.summarise(outcome);
                summary.captures = captures.0;
                return summary;
            }
        }
    }
}

/// Plays one whole game of `variant` with uniformly random choices.
pub fn play_random<R: Rng + ?Sized>(variant: Variant, rng: &mut R) -> GameSummary {
    match variant {
        Variant::Poleana(c) => run(poleana::State::new(c), rng),
        Variant::Parchis(c) => run(parchis::State::new(c), rng),
        Variant::Cartas(c) => run(cartas::State::new(c), rng),
    }
}

/// Plays `games` random games of `variant` on `threads` threads (at least one), game `i` with
/// [`game_rng`]`(seed, i)`. `done` counts finished games as they finish, for a progress display.
/// The summaries are in game order and do not depend on `threads`.
#[cfg(feature = "std")]
pub fn simulate(
    variant: Variant,
    games: u64,
    seed: u64,
    threads: usize,
    done: Option<&core::sync::atomic::AtomicU64>,
) -> alloc::vec::Vec<GameSummary> {
    use core::sync::atomic::Ordering;
    let mut out = alloc::vec![GameSummary::default(); games as usize];
    let threads = threads.clamp(1, 256);
    let chunk = out.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for (c, slice) in out.chunks_mut(chunk).enumerate() {
            scope.spawn(move || {
                let first = (c * chunk) as u64;
                for (i, slot) in slice.iter_mut().enumerate() {
                    *slot = play_random(variant, &mut game_rng(seed, first + i as u64));
                    if let Some(done) = done {
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    out
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn batches_do_not_depend_on_the_thread_count() {
        for text in ["poleana:3", "parchis:pairs", "cartas"] {
            let variant: Variant = text.parse().unwrap();
            let one = simulate(variant, 40, 9, 1, None);
            let three = simulate(variant, 40, 9, 3, None);
            assert_eq!(one, three, "{text}");
            assert!(one.iter().all(|g| g.winners != 0 && g.decisions > 0));
        }
    }

    #[test]
    fn game_generators_differ_by_index_and_seed() {
        let mut a = game_rng(1, 0);
        let mut b = game_rng(1, 1);
        let mut c = game_rng(2, 0);
        let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
        assert!(x != y && x != z && y != z);
    }
}
