//! Plays many random games of a variant and reports speed and results.
//!
//! ```text
//! cargo run --release --example simulate -- poleana --games 10000
//! cargo run --release --example simulate -- poleana-express:3:free --games 5000 --seed 7 --json
//! cargo run --release --example simulate -- parchis --mode pairs --games 10000 --record game.json
//! cargo run --release --example simulate -- cartas --games 200 --policy greedy
//! ```
//!
//! The variant is a configuration text: `poleana`, `poleana-express` (optionally followed by
//! `:2`, `:3`, colour letters, `:free`, `:open-bridges`, …) or `parchis` (with
//! `--mode individual|two-player|two-colours|pairs`, or `parchis:pairs`); see `docs/rules/`.
//! Every decision is a uniformly random legal action, or a bot's with `--policy` (`greedy`,
//! `search`, `easy`, `medium`, `hard`; see `docs/bots.md`). Game `i` uses a generator seeded
//! from the seed and `i`, so a run is repeatable. Timing is single-threaded.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fichas::bot::Bot;
use fichas::game::{Game, Variant};
use fichas::simulation::{Policy, bot_seed, game_rng, simulate};
use fichas::{Seat, chance};

const USAGE: &str = "usage: simulate VARIANT [--mode MODE] [--games N] [--seed S] [--policy P] [--json] [--record FILE]
  VARIANT   poleana, poleana-express, parchis or cartas, with options such as poleana:3:free
  --mode    for parchis: individual, two-player, two-colours or pairs
  --games   number of games (default 1000)
  --seed    seed of the random generators (default 1)
  --policy  how every seat plays: random (default), greedy, search, easy, medium or hard
            (a search may name its budget: search:nodes=N:depth=D, search:iterations=N)
  --json    print one JSON object instead of a table
  --record  also write the record of one more game (JSON) to FILE";

struct Options {
    variant: Variant,
    games: u64,
    seed: u64,
    policy: Policy,
    json: bool,
    record: Option<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut text, mut mode, mut games, mut seed, mut json, mut record) = (None, None, 1000, 1, false, None);
    let mut policy = Policy::Random;
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
            "--policy" => {
                let value = args.next().ok_or("--policy needs a policy, such as greedy")?;
                policy = value.parse().map_err(|e| format!("{e}"))?;
            }
            "--mode" => mode = Some(args.next().ok_or("--mode needs a mode, such as pairs")?),
            "--record" => record = Some(args.next().ok_or("--record needs a file name")?),
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            other => text = Some(other.to_string()),
        }
    }
    let mut text = text.ok_or("name a variant, such as poleana")?;
    if let Some(mode) = mode {
        if !text.starts_with("parchis") {
            return Err("--mode applies to parchis".into());
        }
        text = format!("{text}:{mode}");
    }
    let variant: Variant = text.parse().map_err(|e| format!("{e}"))?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    Ok(Options { variant, games, seed, policy, json, record })
}

/// Plays one more game through the facade, which keeps the record, and writes it to `path`.
fn record_one(options: &Options, path: &str) -> Result<(), String> {
    let mut rng = game_rng(options.seed, options.games);
    let mut game = Game::new(options.variant);
    while !game.is_over() {
        let Some(seat) = game.to_act() else {
            game.roll(&mut rng).map_err(|e| e.to_string())?;
            continue;
        };
        let action = match options.policy.strength() {
            // The bot sees only its seat's view, as in the batch.
            Some(strength) => {
                let bot = Bot::new(strength, bot_seed(options.seed, options.games, seat));
                bot.choose(&game.view(seat)).ok_or("the bot found no action")?.action
            }
            None => {
                let choices = game.legal_actions();
                choices[chance::below(&mut rng, choices.len() as u32) as usize].action()
            }
        };
        game.play(action).map_err(|e| e.to_string())?;
    }
    std::fs::write(path, game.record().to_json_pretty()).map_err(|e| format!("cannot write {path}: {e}"))
}

/// Draws a progress bar on standard error until `finished` is set.
fn show_progress(done: &AtomicU64, total: u64, finished: &AtomicBool) {
    while !finished.load(Ordering::Relaxed) {
        let n = done.load(Ordering::Relaxed).min(total);
        let filled = (n * 40 / total) as usize;
        eprint!("\r[{}{}] {:3}%", "#".repeat(filled), ".".repeat(40 - filled), n * 100 / total);
        let _ = std::io::stderr().flush();
        std::thread::sleep(Duration::from_millis(100));
    }
    eprint!("\r{}\r", " ".repeat(50));
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
    let variant = options.variant;
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let progress = std::io::stderr().is_terminal() && !options.json;
    let start = Instant::now();
    let summaries = std::thread::scope(|scope| {
        if progress {
            scope.spawn(|| show_progress(&done, options.games, &finished));
        }
        let summaries = simulate(variant, options.games, options.seed, 1, options.policy, Some(&done));
        finished.store(true, Ordering::Relaxed);
        summaries
    });
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &options.record {
        if let Err(message) = record_one(&options, path) {
            eprintln!("simulate: {message}");
            return ExitCode::FAILURE;
        }
    }

    let seats: Vec<String> = Seat::ALL[..variant.seats()].iter().map(|&s| variant.seat_name(s)).collect();
    let mut wins = vec![0u64; seats.len()];
    for summary in &summaries {
        for seat in summary.winning_seats() {
            wins[seat.index()] += 1;
        }
    }
    let decisions: u64 = summaries.iter().map(|s| u64::from(s.decisions)).sum();
    let turns: u64 = summaries.iter().map(|s| u64::from(s.turns)).sum();
    let special = summaries.iter().filter(|s| s.special).count() as u64;
    let games = options.games as f64;
    let games_per_s = games / seconds;
    let ns_per_decision = seconds * 1e9 / decisions.max(1) as f64;
    let mean_turns = turns as f64 / games;
    let is_poleana = matches!(variant, Variant::Poleana(_));
    if options.json {
        let wins_by_seat: serde_json::Map<String, serde_json::Value> =
            seats.iter().zip(&wins).map(|(name, w)| (name.clone(), (*w).into())).collect();
        let report = serde_json::json!({
            "variant": variant.to_string(),
            "policy": options.policy.to_string(),
            "games": options.games,
            "decisions": decisions,
            "seconds": seconds,
            "games_per_s": games_per_s,
            "ns_per_decision": ns_per_decision,
            "mean_turns": mean_turns,
            "wins_by_seat": wins_by_seat,
            // Only Poleana has a special victory.
            "special_victories": is_poleana.then_some(special),
        });
        println!("{report}");
    } else {
        println!("variant            {variant}");
        println!("policy             {}", options.policy);
        println!("games              {}", options.games);
        println!("decisions          {decisions}");
        println!("seconds            {seconds:.3}");
        println!("games/s            {games_per_s:.0}");
        println!("ns per decision    {ns_per_decision:.0}");
        println!("mean turns         {mean_turns:.1}");
        for (name, w) in seats.iter().zip(&wins) {
            println!("wins {:<13} {:>6}  ({:.1}%)", name, w, 100.0 * *w as f64 / games);
        }
        if is_poleana {
            println!("special victories  {special}  ({:.2}%)", 100.0 * special as f64 / games);
        }
    }
    ExitCode::SUCCESS
}
