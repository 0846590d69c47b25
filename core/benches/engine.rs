//! The engine's speed, per variant, single core: `cargo bench -p fichas` (or with a filter, such
//! as `cargo bench -p fichas -- parchis`).
//!
//! For each variant: random playouts (games per second, nanoseconds per decision), then the cost
//! of `legal_actions`, of applying one listed choice, and of copying a state, each measured on
//! its own over positions collected from random games. Timings are wall-clock and noisy on a
//! shared machine; `docs/performance.md` explains how the published figures were taken.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fichas::Rules;
use fichas::phase::Phase;
use fichas::simulation::{game_rng, play_random};
use fichas::{cartas, chance, parchis, poleana};

const VARIANTS: [&str; 8] = [
    "poleana",
    "poleana:2",
    "poleana-express",
    "parchis",
    "parchis:two-player",
    "parchis:pairs",
    "cartas",
    "cartas:sets=1:jokers=2",
];

fn main() {
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    println!(
        "state sizes: Poleana {} B, Parchís {} B, Cartas {} B",
        poleana::State::SIZE,
        parchis::State::SIZE,
        cartas::State::SIZE
    );
    println!();
    println!(
        "{:<24} {:>10} {:>9} {:>12} {:>9} {:>9} {:>7}",
        "variant", "games/s", "ns/dec", "legal ns", "apply ns", "copy ns", "choices"
    );
    for text in VARIANTS.iter().filter(|t| filter.is_empty() || filter.iter().any(|f| t.contains(f.as_str()))) {
        let variant: fichas::game::Variant = text.parse().expect("listed variants are valid");
        let playout = playouts(variant);
        let parts = match variant {
            fichas::game::Variant::Poleana(c) => Parts::measure(poleana::State::new(c)),
            fichas::game::Variant::Parchis(c) => Parts::measure(parchis::State::new(c)),
            fichas::game::Variant::Cartas(c) => Parts::measure(cartas::State::new(c)),
        };
        println!(
            "{:<24} {:>10.0} {:>9.0} {:>12.0} {:>9.0} {:>9.1} {:>7.1}",
            text, playout.0, playout.1, parts.legal_ns, parts.apply_ns, parts.copy_ns, parts.choices
        );
    }
}

/// Random games for about two seconds: games per second and nanoseconds per decision.
fn playouts(variant: fichas::game::Variant) -> (f64, f64) {
    let (mut games, mut decisions) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        let summary = play_random(variant, &mut game_rng(1, games));
        decisions += u64::from(summary.decisions);
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    (games as f64 / seconds, seconds * 1e9 / decisions as f64)
}

/// Per-operation costs, measured over decision positions collected from random games.
struct Parts {
    legal_ns: f64,
    apply_ns: f64,
    copy_ns: f64,
    choices: f64,
}

impl Parts {
    fn measure<B: Rules>(start: B) -> Parts {
        // Collect decision positions, with one listed choice each, from a few random games.
        let mut positions: Vec<(B, B::Choice)> = Vec::new();
        let mut rng = game_rng(7, 0);
        let mut game = 0;
        while positions.len() < 20_000 {
            let mut state = start;
            game += 1;
            rng = if game % 2 == 0 { game_rng(7, game) } else { rng };
            loop {
                match state.seat_phase() {
                    Phase::Over(_) => break,
                    Phase::Chance => state.roll_into(&mut rng, &mut ()),
                    Phase::Decide(_) => {
                        let choices = state.legal_actions();
                        let choice = choices[chance::below(&mut rng, choices.len() as u32) as usize];
                        positions.push((state, choice));
                        state.play_unchecked(&choice, &mut ());
                    }
                }
            }
        }
        let rounds = 5;
        let t = Instant::now();
        let mut total = 0usize;
        for _ in 0..rounds {
            for (state, _) in &positions {
                total += black_box(state).legal_actions().len();
            }
        }
        let legal_ns = t.elapsed().as_secs_f64() * 1e9 / (rounds * positions.len()) as f64;
        let t = Instant::now();
        for _ in 0..rounds {
            for (state, choice) in &positions {
                let mut s = *black_box(state);
                s.play_unchecked(black_box(choice), &mut ());
                black_box(&s);
            }
        }
        let apply_ns = t.elapsed().as_secs_f64() * 1e9 / (rounds * positions.len()) as f64;
        let t = Instant::now();
        let mut sink = start;
        for _ in 0..rounds * 10 {
            for (state, _) in &positions {
                sink = *black_box(state);
                black_box(&sink);
            }
        }
        let copy_ns = t.elapsed().as_secs_f64() * 1e9 / (rounds * 10 * positions.len()) as f64;
        black_box(sink);
        Parts { legal_ns, apply_ns, copy_ns, choices: total as f64 / (rounds * positions.len()) as f64 }
    }
}
