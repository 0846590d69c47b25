//! The games themselves, pinned: for fixed seeds, what `simulate` plays in every variant and
//! mode (decisions, turns, captures, special victories and each seat's wins, over a batch of
//! random games, and over one of greedy against random). Any change to the rules' code that
//! is meant to leave the games alone, a faster listing or a shared trait, must leave these
//! numbers exactly as they are.

use fichas::bot::Stop;
use fichas::game::Variant;
use fichas::simulation::{MAX_DECISIONS, Policy, Tally, tally};

/// Variant, then the tally of 60 random games from seed 2026 and of 20 games of greedy (even
/// seats) against random (odd seats) from seed 7, each as (decisions, turns, captures,
/// special, wins per seat).
type Pin = (&'static str, (u64, u64, u64, u64, [u64; 4]), (u64, u64, u64, u64, [u64; 4]));

const PINNED: &[Pin] = &[
    ("poleana:2", (21016, 14430, 641, 0, [30, 30, 0, 0]), (5959, 4100, 196, 0, [12, 8, 0, 0])),
    ("poleana:3", (30392, 22272, 2382, 1, [26, 9, 25, 0]), (7779, 5995, 589, 0, [6, 2, 12, 0])),
    ("poleana", (24244, 18328, 3183, 2, [14, 10, 17, 19]), (7072, 5455, 881, 1, [7, 1, 11, 1])),
    ("poleana-express:2", (11697, 8938, 352, 0, [28, 32, 0, 0]), (2780, 2239, 76, 0, [13, 7, 0, 0])),
    ("poleana-express:3", (13973, 11101, 937, 2, [21, 17, 22, 0]), (3657, 3101, 251, 0, [10, 2, 8, 0])),
    ("poleana-express", (11999, 9794, 1324, 0, [21, 14, 15, 10]), (3202, 2711, 333, 2, [10, 3, 7, 0])),
    ("poleana:strict", (24244, 18328, 3183, 2, [14, 10, 17, 19]), (7072, 5455, 881, 1, [7, 1, 11, 1])),
    ("poleana:assisted", (43908, 43601, 1129, 1, [12, 15, 18, 15]), (4562, 4227, 312, 1, [7, 0, 13, 0])),
    ("poleana:free", (43908, 43601, 1129, 1, [12, 15, 18, 15]), (4861, 4671, 349, 1, [9, 0, 11, 0])),
    ("poleana:open-bridges", (24718, 17054, 2749, 3, [19, 13, 10, 18]), (7551, 5406, 836, 0, [8, 2, 10, 0])),
    ("poleana:no-tapon-captures", (24640, 18653, 3175, 2, [9, 15, 13, 23]), (8064, 6283, 1025, 1, [9, 1, 9, 1])),
    ("parchis", (19335, 8415, 1008, 0, [16, 12, 17, 15]), (5177, 2276, 315, 0, [6, 0, 14, 0])),
    ("parchis:3", (14334, 6329, 503, 0, [15, 22, 23, 0]), (4241, 1908, 196, 0, [12, 0, 8, 0])),
    ("parchis:two-player", (9737, 4383, 152, 0, [37, 23, 0, 0]), (2783, 1263, 68, 0, [19, 1, 0, 0])),
    ("parchis:two-colours", (20553, 8596, 954, 0, [34, 26, 0, 0]), (5206, 2214, 323, 0, [20, 0, 0, 0])),
    ("parchis:pairs", (20553, 8596, 954, 0, [34, 26, 34, 26]), (5429, 2314, 324, 0, [20, 0, 20, 0])),
    ("cartas", (51670, 39893, 1804, 0, [16, 17, 13, 14]), (4317, 3206, 150, 0, [10, 0, 10, 0])),
    ("cartas:sets=1", (52998, 40963, 1878, 0, [18, 14, 10, 18]), (3807, 2822, 119, 0, [13, 0, 7, 0])),
    ("cartas:sets=1:jokers=0", (50924, 39319, 1810, 0, [15, 9, 23, 13]), (5418, 4021, 204, 0, [8, 0, 12, 0])),
    ("cartas:sets=3:jokers=2", (54526, 42007, 1901, 0, [15, 18, 18, 9]), (4431, 3251, 160, 0, [8, 0, 12, 0])),
];

fn totals(variant: Variant, games: u64, seed: u64, seats: &[Policy]) -> (u64, u64, u64, u64, [u64; 4]) {
    let t: Tally =
        tally(variant, 0..games, seed, 2, seats, MAX_DECISIONS, None, &Stop::new()).expect("nothing stops the batch");
    (t.decisions, t.turns, t.captures, t.special, t.wins)
}

#[test]
fn simulated_games_are_exactly_the_pinned_ones() {
    for &(text, random, greedy) in PINNED {
        let variant: Variant = text.parse().unwrap();
        assert_eq!(totals(variant, 60, 2026, &[Policy::Random]), random, "{text}: random games");
        assert_eq!(totals(variant, 20, 7, &[Policy::Greedy, Policy::Random]), greedy, "{text}: greedy against random");
    }
}

#[test]
fn the_pins_cover_every_variant_and_mode() {
    let texts: Vec<&str> = PINNED.iter().map(|p| p.0).collect();
    for needed in
        ["poleana:2", "poleana-express", "poleana:strict", "poleana:free", "parchis", "parchis:pairs", "cartas"]
    {
        assert!(texts.contains(&needed), "{needed} is pinned");
    }
}
