//! Random games for the tests that check every position a game passes through.

use fichas::Phase;
use fichas::game::{Event, State, Variant};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays random games of `variant` (a new one whenever one ends) until `decisions` decisions
/// have been made, and shows `see` every step: the position before it, its events, and the
/// position after. A decision's `before` is a position where a seat decides.
pub fn play_randomly(variant: Variant, seed: u64, decisions: usize, mut see: impl FnMut(&State, &[Event], &State)) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = State::new(variant);
    let mut made = 0;
    while made < decisions {
        let before = state;
        let events = match state.phase() {
            Phase::Chance => {
                let outcome = state.sample_chance(&mut rng).expect("a chance event is pending");
                state.apply_chance(outcome).expect("a sampled outcome applies")
            }
            Phase::Decide(_) => {
                made += 1;
                let legal = state.legal_actions();
                state.play(legal[rng.random_range(0..legal.len())].action()).expect("a listed action is legal")
            }
            Phase::Over(_) => {
                state = State::new(variant);
                continue;
            }
        };
        see(&before, &events, &state);
    }
}
