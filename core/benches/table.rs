//! A table's cost per step as its game grows: `cargo bench -p fichas --bench table`.
//!
//! A server pays, for every accepted move, `submit`, the chain's head and one `events_for` per
//! seat. This plays long Cartas games at tables of verifiable dice (the server's default) and
//! times those calls over the moves from step 10 on and from step 5,000 on: the two figures
//! should match, since nothing a step needs is recomputed from the start. To make games that
//! long, the host times out three turns in four outside the timed moves (a table whose players
//! keep leaving: hands are folded and dealt again). Wall-clock and noisy on a shared machine:
//! the median over games is printed.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fichas::seat::{Seat, Viewer};
use fichas::table::{Secret, Table};

/// Where the timed moves start, and how many are timed there.
const EARLY: usize = 10;
const LATE: usize = 5_000;
const MOVES: usize = 50;
/// Games played, each timed at both places.
const GAMES: u8 = 21;

fn main() {
    println!("one move at a table (submit + head + events_for of every seat), Cartas, verifiable dice");
    let (mut early, mut late) = (Vec::new(), Vec::new());
    for game in 0..GAMES {
        let (at_early, at_late) = long_game(game);
        early.push(at_early);
        late.push(at_late);
    }
    let (early, late) = (median(&mut early), median(&mut late));
    println!("{:<22} {:>10}", "timed from table step", "ns/move");
    println!("{:<22} {:>10.0}", EARLY, early);
    println!("{:<22} {:>10.0}", LATE, late);
    println!("late / early: {:.2} (median of {GAMES} games, {MOVES} moves each)", late / early);
}

/// Plays one long game; the mean time of a timed move from `EARLY` on and from `LATE` on, in
/// nanoseconds.
fn long_game(game: u8) -> (f64, f64) {
    let mut table = Table::with_secret("cartas".parse().unwrap(), Secret::from_bytes([game; 32]), None);
    table.start(Some(0)).unwrap();
    let viewers: Vec<Viewer> = (0..table.seats()).map(|s| Viewer::Seat(Seat::ALL[s])).collect();
    let (mut early, mut late) = ((Duration::ZERO, 0), (Duration::ZERO, 0));
    let mut turn = 0u64;
    while late.1 < MOVES {
        let seat = table.to_act().expect("a game of mostly timeouts lasts past the late step");
        let step = table.step();
        let timed = match step {
            s if s >= LATE => Some(&mut late),
            s if s >= EARLY && early.1 < MOVES => Some(&mut early),
            _ => None,
        };
        turn += 1;
        if let Some((spent, moves)) = timed {
            let legal = table.legal_actions(seat);
            let text = &legal[(step * 7 + seat.index()) % legal.len()];
            let start = Instant::now();
            table.submit(seat, step, text, Some(step as u64)).unwrap();
            black_box(table.head());
            for &viewer in &viewers {
                black_box(table.events_for(viewer, step));
            }
            *spent += start.elapsed();
            *moves += 1;
        } else if turn % 4 == 0 {
            let legal = table.legal_actions(seat);
            table.submit(seat, step, &legal[(step * 7 + seat.index()) % legal.len()], Some(step as u64)).unwrap();
        } else {
            table.timeout(Some(step as u64)).unwrap();
        }
        assert!(!table.is_over(), "game {game} ended at step {}", table.step());
    }
    let mean = |(spent, moves): (Duration, usize)| spent.as_nanos() as f64 / moves as f64;
    (mean(early), mean(late))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
