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
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[path = "cli.rs"]
mod cli;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use fichas::Seat;
use fichas::bot::Stop;
use fichas::game::Variant;
use fichas::parchis::Mode;
use fichas::simulation::{MAX_DECISIONS, Policy, record_game, simulate_range_with_stop};

/// Plays many random games of a variant and reports speed and results.
#[derive(Parser, Debug)]
#[command(name = "simulate", version, after_help = AFTER_HELP, args_override_self = true)]
struct Cli {
    /// The variant, with options such as poleana-express:3:free or parchis:pairs (docs/rules/).
    variant: String,
    /// For parchis: the mode, as if `:MODE` ended the variant.
    #[arg(long, value_parser = cli::mode())]
    mode: Option<Mode>,
    /// The number of games to play, at least 1.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = cli::at_least_one)]
    games: u64,
    /// The seed of the random generators; the same seed plays the same games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// How every seat plays: random, greedy, search, easy, medium, hard or expert.
    #[arg(long, value_name = "P", default_value_t = Policy::Random)]
    policy: Policy,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Also write the record (JSON) of the batch's first game, game 0 of the table, to FILE.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Cut off a game still going after N decisions and count it as truncated.
    #[arg(long, value_name = "N", default_value_t = MAX_DECISIONS, value_parser = clap::value_parser!(u32).range(1..))]
    max_decisions: u32,
}

const AFTER_HELP: &str = "\
Every decision is a uniformly random legal action, or a bot's with --policy (docs/bots.md); a
search may name its budget: search:nodes=N:depth=D (dice games), search:iterations=N (cartas).
Game i uses a generator seeded from the seed and i. Timing is single-threaded. A game still
going after --max-decisions decisions (default 20,000) is cut off and counted as truncated.

Examples:
  simulate poleana --games 10000
  simulate poleana-express:3:free --games 5000 --seed 7 --json
  simulate parchis --mode pairs --games 10000 --record game.json
  simulate cartas --games 200 --policy greedy";

struct Options {
    variant: Variant,
    games: u64,
    seed: u64,
    policy: Policy,
    json: bool,
    record: Option<PathBuf>,
    max_decisions: u32,
}

impl Options {
    /// The options of the command line, or why they make no game.
    fn new(cli: Cli) -> Result<Options, String> {
        let variant = cli::variant(&cli.variant, cli.mode)?;
        Ok(Options {
            variant,
            games: cli.games,
            seed: cli.seed,
            policy: cli.policy,
            json: cli.json,
            record: cli.record,
            max_decisions: cli.max_decisions,
        })
    }
}

/// Writes the record of the batch's game 0, the first row of its table, to `path`.
fn record_first(options: &Options, path: &Path) -> Result<(), String> {
    let record = record_game(options.variant, &[options.policy], options.seed, 0, options.max_decisions);
    std::fs::write(path, record.to_json_pretty()).map_err(|e| format!("cannot write {}: {e}", path.display()))
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
    let options = match Options::new(Cli::parse()) {
        Ok(o) => o,
        Err(message) => Cli::command().error(ErrorKind::ValueValidation, message).exit(),
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
        // The batch function that takes a bound on decisions; nothing requests its stop.
        let games = 0..options.games;
        let seats = [options.policy];
        let summaries = simulate_range_with_stop(
            variant,
            games,
            options.seed,
            1,
            &seats,
            options.max_decisions,
            Some(&done),
            &Stop::new(),
        )
        .unwrap_or_default();
        finished.store(true, Ordering::Relaxed);
        summaries
    });
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &options.record
        && let Err(message) = record_first(&options, path)
    {
        eprintln!("simulate: {message}");
        return ExitCode::FAILURE;
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
    let truncated = summaries.iter().filter(|s| s.truncated).count() as u64;
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
            "truncated": truncated,
            "max_decisions": options.max_decisions,
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
        if truncated > 0 {
            println!("truncated          {truncated}  (cut off after {} decisions, no winner)", options.max_decisions);
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Options, String> {
        let cli = Cli::try_parse_from(line.split_whitespace()).map_err(|e| e.to_string())?;
        Options::new(cli)
    }

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn documented_invocations_parse() {
        for line in [
            "simulate poleana --games 10000",
            "simulate poleana-express:3:free --games 5000 --seed 7 --json",
            "simulate parchis --mode pairs --games 10000 --record game.json",
            "simulate parchis --mode two-colours --games 20 --json",
            "simulate parchis:pairs",
            "simulate cartas --games 200 --policy greedy",
            "simulate cartas --games 200 --policy search:iterations=800",
            "simulate cartas --games 20 --max-decisions 500",
            // A repeated option takes its last value.
            "simulate poleana --games 5 --games 3",
        ] {
            if let Err(e) = parse(line) {
                panic!("{line}: {e}");
            }
        }
        for mode in Mode::ALL {
            let options = parse(&format!("simulate parchis --mode {}", mode.name())).expect("a valid line");
            assert_eq!(options.variant, format!("parchis:{}", mode.name()).parse().expect("a variant"));
        }
    }

    #[test]
    fn bad_input_is_refused() {
        for line in [
            "simulate",
            "simulate nonsense",
            "simulate poleana --games 0",
            "simulate poleana --games x",
            "simulate poleana --mode pairs",
            "simulate parchis --mode sideways",
            "simulate poleana --policy clever",
            "simulate poleana --bogus",
            "simulate cartas --max-decisions 0",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }
}
