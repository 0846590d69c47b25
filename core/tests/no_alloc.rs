//! Generating and applying actions allocates nothing: whole random games of every variant run
//! under an allocator that counts the allocations made on this thread while the games are played.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fichas::Rules;
use fichas::phase::Phase;
use fichas::{cartas, chance, parchis, poleana};
use rand_core::SeedableRng;
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

/// The checked path of each game: a listed choice played as an action from outside.
trait Checked: Rules {
    fn play_checked(&mut self, choice: &Self::Choice);
}

impl Checked for poleana::State {
    fn play_checked(&mut self, choice: &poleana::Choice) {
        self.play(choice.action).expect("listed actions apply");
    }
}

impl Checked for parchis::State {
    fn play_checked(&mut self, choice: &parchis::Choice) {
        self.play(choice.action).expect("listed actions apply");
    }
}

impl Checked for cartas::State {
    fn play_checked(&mut self, action: &cartas::Action) {
        self.play(*action).expect("listed actions apply");
        // A seat's view works out its legal actions on its own.
        let _ = self.view(fichas::Seat::ALL[0]).legal_actions();
    }
}

/// Plays `games` whole games from `start`, a third of the decisions through the checked path
/// and a third through the playout path that lists the next decision (half the rolls too);
/// returns the decisions taken.
fn play_games<P: Checked>(start: P, games: u64) -> usize {
    let (mut decisions, mut next) = (0, P::Choices::default());
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = start;
        loop {
            match state.seat_phase() {
                Phase::Over(_) => break,
                Phase::Chance if decisions % 2 == 0 => state.roll_into(&mut rng, &mut ()),
                Phase::Chance => state.roll_and_list(&mut rng, &mut (), &mut next),
                Phase::Decide(_) => {
                    let choices = state.legal_actions();
                    let choice = choices[chance::below(&mut rng, choices.len() as u32) as usize];
                    match decisions % 3 {
                        0 => state.play_checked(&choice),
                        1 => state.play_unchecked(&choice, &mut ()),
                        _ => state.play_unchecked_and_list(&choice, &mut (), &mut next),
                    }
                    decisions += 1;
                }
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

/// A batch's step (actions, chance, new games, observations, masks, rewards) allocates nothing
/// once its buffers exist.
#[test]
fn stepping_a_batch_allocates_nothing() {
    for text in ["poleana", "parchis:two-player", "cartas"] {
        let mut batch = fichas::batch::Batch::new(text.parse().unwrap(), 16, 3);
        let mut buffers = fichas::batch::Buffers::for_batch(&batch);
        batch.reset(&mut buffers.slices()).unwrap();
        let mut actions = vec![0; batch.len()];
        let mut ended = 0;
        let allocations = allocations_in(|| {
            for _ in 0..2_000 {
                batch.random_actions_into(&mut actions);
                batch.step(&actions, &mut buffers.slices()).unwrap();
                ended += buffers.dones.iter().filter(|&&d| d).count();
            }
        });
        assert!(ended > 0, "{text}: some game ended and began again");
        assert_eq!(allocations, 0, "{text}: {allocations} allocations in 2,000 steps of 16 games");
    }
}

/// Allocations made by `choose` over 400 decisions of games from `start` (a new game when one
/// ends), every decision `choose`'s.
fn allocations_deciding<P: Rules + Copy>(start: P, choose: impl Fn(&P) -> Option<P::Choice>) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let (mut state, mut decisions, mut allocations) = (start, 0, 0);
    while decisions < 400 {
        if state.is_over() {
            state = start;
        }
        if state.to_act().is_none() {
            state.roll_into(&mut rng, &mut ());
            continue;
        }
        let mut choice = None;
        allocations += allocations_in(|| choice = choose(&state));
        state.play_unchecked(&choice.expect("the bot decides"), &mut ());
        decisions += 1;
    }
    allocations
}

/// An expert's decision (the roll in hand planned, its afterstates judged by the network, the best
/// weighed over the next roll) allocates nothing: 400 decisions of Poleana and Parchís games,
/// every decision the expert's, counted while it decides.
#[test]
fn an_expert_decision_allocates_nothing() {
    use fichas::bot::{Bot, Level};
    let bot = Bot::new(Level::Expert, 5);
    for text in ["poleana", "poleana-express:2", "parchis", "parchis:pairs"] {
        let allocations = match text.parse().unwrap() {
            fichas::game::Variant::Poleana(c) => {
                allocations_deciding(poleana::State::new(c), |s| bot.choose_poleana(s))
            }
            fichas::game::Variant::Parchis(c) => {
                allocations_deciding(parchis::State::new(c), |s| bot.choose_parchis(s))
            }
            fichas::game::Variant::Cartas(_) => unreachable!("a dice game"),
        };
        assert_eq!(allocations, 0, "{text}: {allocations} allocations in 400 expert decisions");
    }
}

/// The Cartas expert's decision (deals of the hidden cards consistent with the view, every
/// action judged by the network, the best weighed up to the seat's next action) allocates
/// nothing either: 400 decisions of games it plays at every seat.
#[test]
fn a_cartas_expert_decision_allocates_nothing() {
    use fichas::bot::{Bot, Level};
    let bot = Bot::new(Level::Expert, 5);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let start = cartas::State::new(cartas::Config::standard());
    let (mut state, mut decisions, mut allocations) = (start, 0, 0);
    while decisions < 400 {
        match state.phase() {
            Phase::Over(_) => state = start,
            Phase::Chance => {
                let card = state.sample_chance(&mut rng).unwrap();
                state.apply_chance_into(card, &mut ()).unwrap();
            }
            Phase::Decide(seat) => {
                let view = state.view(seat);
                let mut choice = None;
                allocations += allocations_in(|| choice = bot.choose_cartas(&view));
                state.play_unchecked(&choice.expect("the bot decides"), &mut ());
                decisions += 1;
            }
        }
    }
    assert_eq!(allocations, 0, "{allocations} allocations in 400 expert decisions");
}

#[test]
fn the_counter_sees_allocations() {
    let n = allocations_in(|| {
        let v: Vec<u64> = (0..100).collect();
        std::hint::black_box(v);
    });
    assert!(n >= 1, "the counting allocator must notice a Vec");
}
