//! Plays many random games of a variant and reports speed and results.
//!
//! ```text
//! cargo run --release --example simulate -- poleana --games 10000
//! cargo run --release --example simulate -- poleana-express:3:free --games 5000 --seed 7 --json
//! ```
//!
//! The variant is a configuration text: `poleana`, `poleana-express` (optionally followed by
//! `:2`, `:3`, colour letters, `:free`, `:open-bridges`, …; see `fichas::poleana::Config`) or
//! `parchis` (with `--mode individual|two-player|two-colours|pairs`, or `parchis:pairs`; see
//! `fichas::parchis::Config`). Every decision is a uniformly random legal action; dice come from
//! a seeded generator, so a run is repeatable.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use fichas::{Phase, chance, parchis, poleana};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const USAGE: &str = "usage: simulate VARIANT [--mode MODE] [--games N] [--seed S] [--json]
  VARIANT   poleana, poleana-express or parchis, with options such as poleana:3:free
  --mode    for parchis: individual, two-player, two-colours or pairs
  --games   number of games (default 1000)
  --seed    seed of the random generator (default 1)
  --json    print one JSON object instead of a table";

/// A variant ready to play.
#[derive(Clone, Copy)]
enum Variant {
    Poleana(poleana::Config),
    Parchis(parchis::Config),
}

impl Variant {
    fn parse(text: &str) -> Result<Variant, String> {
        if text.starts_with("parchis") {
            text.parse().map(Variant::Parchis).map_err(|e: parchis::ConfigError| e.to_string())
        } else {
            text.parse().map(Variant::Poleana).map_err(|e: poleana::ConfigError| e.to_string())
        }
    }

    /// The seats' names: the colours each seat plays.
    fn seats(&self) -> Vec<String> {
        match self {
            Variant::Poleana(c) => c.colours().iter().map(|c| c.name().to_string()).collect(),
            Variant::Parchis(c) => fichas::Seat::ALL[..c.seats()]
                .iter()
                .map(|&seat| c.colours_of(seat).iter().map(|c| c.name()).collect::<Vec<_>>().join("+"))
                .collect(),
        }
    }

    fn play_one(&self, rng: &mut Xoshiro256PlusPlus) -> GameResult {
        match *self {
            Variant::Poleana(config) => play_poleana(config, rng),
            Variant::Parchis(config) => play_parchis(config, rng),
        }
    }
}

struct Options {
    game: Variant,
    variant: String,
    games: u64,
    seed: u64,
    json: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut variant, mut mode, mut games, mut seed, mut json) = (None, None, 1000, 1, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" | "--seed" => {
                let value = args.next().ok_or_else(|| format!("{arg} needs a number"))?;
                let n: u64 = value.parse().map_err(|_| format!("{arg} needs a whole number, not `{value}`"))?;
                if arg == "--games" {
                    games = n;
                } else {
                    seed = n;
                }
            }
            "--json" => json = true,
            "--mode" => mode = Some(args.next().ok_or("--mode needs a mode, such as pairs")?),
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            other => variant = Some(other.to_string()),
        }
    }
    let mut variant = variant.ok_or("name a variant, such as poleana")?;
    if let Some(mode) = mode {
        if !variant.starts_with("parchis") {
            return Err("--mode applies to parchis".into());
        }
        variant = format!("{variant}:{mode}");
    }
    let game = Variant::parse(&variant)?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    Ok(Options { game, variant, games, seed, json })
}

/// What one game produced.
struct GameResult {
    /// The winning seats.
    winners: Vec<usize>,
    special: bool,
    decisions: u64,
    turns: u64,
}

/// Plays one game of Poleana with uniformly random choices, on the fast path (no events kept).
fn play_poleana(config: poleana::Config, rng: &mut Xoshiro256PlusPlus) -> GameResult {
    let mut state = poleana::State::new(config);
    let (mut decisions, mut turns) = (0, 1);
    loop {
        let before = state.turn();
        match state.phase() {
            Phase::Chance => {
                let roll = state.sample_chance(rng);
                let _ = state.apply_chance_into(roll, &mut ());
            }
            Phase::Decide(_) => {
                let choices = state.legal_actions();
                let pick = chance::below(rng, choices.len() as u32) as usize;
                state.play_unchecked(&choices[pick], &mut ());
                decisions += 1;
            }
            Phase::Over(outcome) => {
                let colours = config.colours();
                let winners =
                    colours.iter().enumerate().filter(|(_, c)| outcome.winners().contains(*c)).map(|(i, _)| i);
                return GameResult { winners: winners.collect(), special: outcome.is_special(), decisions, turns };
            }
        }
        if state.turn() != before {
            turns += 1;
        }
    }
}

/// Plays one game of Parchís with uniformly random choices, on the fast path.
fn play_parchis(config: parchis::Config, rng: &mut Xoshiro256PlusPlus) -> GameResult {
    let mut state = parchis::State::new(config);
    let (mut decisions, mut turns) = (0, 1);
    loop {
        let before = state.turn();
        match state.phase() {
            Phase::Chance => {
                let roll = state.sample_chance(rng);
                let _ = state.apply_chance_into(roll, &mut ());
            }
            Phase::Decide(_) => {
                let choices = state.legal_actions();
                let pick = chance::below(rng, choices.len() as u32) as usize;
                state.play_unchecked(&choices[pick], &mut ());
                decisions += 1;
            }
            Phase::Over(outcome) => {
                let mut winners: Vec<usize> = outcome.winners.iter().map(|c| config.seat_of(c).index()).collect();
                winners.dedup();
                return GameResult { winners, special: false, decisions, turns };
            }
        }
        if state.turn() != before {
            turns += 1;
        }
    }
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(o) => o,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("simulate: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let seats = options.game.seats();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let progress = std::io::stderr().is_terminal() && !options.json;
    let (mut decisions, mut turns, mut special) = (0u64, 0u64, 0u64);
    let mut wins = vec![0u64; seats.len()];
    let start = Instant::now();
    for game in 0..options.games {
        let result = options.game.play_one(&mut rng);
        decisions += result.decisions;
        turns += result.turns;
        special += u64::from(result.special);
        for seat in result.winners {
            wins[seat] += 1;
        }
        if progress && (game + 1) % (options.games / 100).max(1) == 0 {
            let done = (game + 1) * 40 / options.games;
            eprint!(
                "\r[{}{}] {:3}%",
                "#".repeat(done as usize),
                ".".repeat(40 - done as usize),
                (game + 1) * 100 / options.games
            );
            let _ = std::io::stderr().flush();
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    if progress {
        eprint!("\r{}\r", " ".repeat(50));
    }
    let games = options.games as f64;
    let games_per_s = games / seconds;
    let ns_per_decision = seconds * 1e9 / decisions.max(1) as f64;
    let mean_turns = turns as f64 / games;
    if options.json {
        let wins_by_seat: serde_json::Map<String, serde_json::Value> =
            seats.iter().zip(&wins).map(|(name, w)| (name.clone(), (*w).into())).collect();
        let report = serde_json::json!({
            "variant": options.variant,
            "games": options.games,
            "decisions": decisions,
            "seconds": seconds,
            "games_per_s": games_per_s,
            "ns_per_decision": ns_per_decision,
            "mean_turns": mean_turns,
            "wins_by_seat": wins_by_seat,
            // Only Poleana has a special victory.
            "special_victories": matches!(options.game, Variant::Poleana(_)).then_some(special),
        });
        println!("{report}");
    } else {
        println!("variant            {}", options.variant);
        println!("games              {}", options.games);
        println!("decisions          {decisions}");
        println!("seconds            {seconds:.3}");
        println!("games/s            {games_per_s:.0}");
        println!("ns per decision    {ns_per_decision:.0}");
        println!("mean turns         {mean_turns:.1}");
        for (name, w) in seats.iter().zip(&wins) {
            println!("wins {:<13} {:>6}  ({:.1}%)", name, w, 100.0 * *w as f64 / games);
        }
        if matches!(options.game, Variant::Poleana(_)) {
            println!("special victories  {special}  ({:.2}%)", 100.0 * special as f64 / games);
        }
    }
    ExitCode::SUCCESS
}
