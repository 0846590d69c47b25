//! Generating and applying actions allocates nothing: whole random games of every variant run
//! under an allocator that counts the allocations made on this thread while the games are played.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fichas::phase::Phase;
use fichas::{cartas, chance, parchis, poleana};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, counting what this thread allocates while `COUNTING` is set.
struct Counting;

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn note() {
    let _ = COUNTING.try_with(|on| {
        if on.get() {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
        }
    });
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations_in(f: impl FnOnce()) -> usize {
    ALLOCATIONS.with(|n| n.set(0));
    COUNTING.with(|on| on.set(true));
    f();
    COUNTING.with(|on| on.set(false));
    ALLOCATIONS.with(Cell::get)
}

/// What a game of each kind offers to a playout on the allocation-free path.
trait Playout: Copy {
    fn over(&self) -> bool;
    fn deciding(&self) -> bool;
    fn roll<R: Rng>(&mut self, rng: &mut R);
    /// Lists the legal actions, plays one at random through the checked or the unchecked path,
    /// and returns how many there were.
    fn decide<R: Rng>(&mut self, rng: &mut R, checked: bool) -> usize;
}

impl Playout for poleana::State {
    fn over(&self) -> bool {
        self.is_over()
    }
    fn deciding(&self) -> bool {
        matches!(self.phase(), Phase::Decide(_))
    }
    fn roll<R: Rng>(&mut self, rng: &mut R) {
        let roll = self.sample_chance(rng);
        self.apply_chance(roll).expect("a roll is due");
    }
    fn decide<R: Rng>(&mut self, rng: &mut R, checked: bool) -> usize {
        let choices = self.legal_actions();
        let choice = choices[chance::below(rng, choices.len() as u32) as usize];
        if checked {
            self.play(choice.action).expect("listed actions apply");
        } else {
            self.play_unchecked(&choice, &mut ());
        }
        choices.len()
    }
}

impl Playout for parchis::State {
    fn over(&self) -> bool {
        self.is_over()
    }
    fn deciding(&self) -> bool {
        matches!(self.phase(), Phase::Decide(_))
    }
    fn roll<R: Rng>(&mut self, rng: &mut R) {
        let roll = self.sample_chance(rng);
        self.apply_chance(roll).expect("a roll is due");
    }
    fn decide<R: Rng>(&mut self, rng: &mut R, checked: bool) -> usize {
        let choices = self.legal_actions();
        let choice = choices[chance::below(rng, choices.len() as u32) as usize];
        if checked {
            self.play(choice.action).expect("listed actions apply");
        } else {
            self.play_unchecked(&choice, &mut ());
        }
        choices.len()
    }
}

impl Playout for cartas::State {
    fn over(&self) -> bool {
        self.is_over()
    }
    fn deciding(&self) -> bool {
        matches!(self.phase(), Phase::Decide(_))
    }
    fn roll<R: Rng>(&mut self, rng: &mut R) {
        let card = self.sample_chance(rng).expect("a card is due");
        self.apply_chance(card).expect("a card is due");
    }
    fn decide<R: Rng>(&mut self, rng: &mut R, checked: bool) -> usize {
        let actions = self.legal_actions();
        let action = actions[chance::below(rng, actions.len() as u32) as usize];
        if checked {
            self.play(action).expect("listed actions apply");
        } else {
            self.play_unchecked(&action, &mut ());
        }
        let _ = self.view(fichas::Seat::ALL[0]).legal_actions();
        actions.len()
    }
}

/// Plays `games` whole games from `start`, half of the decisions through the checked path;
/// returns the decisions taken.
fn play_games<P: Playout>(start: P, games: u64) -> usize {
    let mut decisions = 0;
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = start;
        while !state.over() {
            if state.deciding() {
                state.decide(&mut rng, decisions % 2 == 0);
                decisions += 1;
            } else {
                state.roll(&mut rng);
            }
        }
    }
    decisions
}

#[test]
fn generating_and_applying_actions_allocates_nothing() {
    let variants: [(&str, fichas::game::Variant); 8] = [
        "poleana",
        "poleana:2:free",
        "poleana-express:3:open-bridges",
        "parchis",
        "parchis:two-colours",
        "parchis:pairs",
        "cartas",
        "cartas:sets=1:jokers=2",
    ]
    .map(|text| (text, text.parse().expect("listed variants are valid")));
    for (text, variant) in variants {
        let mut decisions = 0;
        let allocations = allocations_in(|| {
            decisions = match variant {
                fichas::game::Variant::Poleana(c) => play_games(poleana::State::new(c), 20),
                fichas::game::Variant::Parchis(c) => play_games(parchis::State::new(c), 20),
                fichas::game::Variant::Cartas(c) => play_games(cartas::State::new(c), 5),
            };
        });
        assert!(decisions > 1000, "{text}: only {decisions} decisions");
        assert_eq!(allocations, 0, "{text}: {allocations} allocations in {decisions} decisions");
    }
}

#[test]
fn the_counter_sees_allocations() {
    let n = allocations_in(|| {
        let v: Vec<u64> = (0..100).collect();
        std::hint::black_box(v);
    });
    assert!(n >= 1, "the counting allocator must notice a Vec");
}
