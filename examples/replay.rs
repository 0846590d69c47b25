//! Prints a game record step by step, or checks it.
//!
//! ```text
//! cargo run --example replay -- game.json            # every step and the board after each decision
//! cargo run --example replay -- --check game.json    # only the verdict; exit status 1 if illegal
//! ```
//!
//! Records come from `simulate --record FILE`, from `Game::record().to_json()`, or from a
//! server; the format is in `docs/records.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use fichas::game::Game;
use fichas::picture;
use fichas::record::{Record, Step};

/// Prints a game record step by step, or checks it.
#[derive(Parser, Debug)]
#[command(name = "replay", version, after_help = AFTER_HELP, args_override_self = true)]
struct Cli {
    /// Print only the verdict; the exit status is 1 if a step is illegal.
    #[arg(long)]
    check: bool,
    /// The record to read, in JSON (docs/records.md).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

const AFTER_HELP: &str = "\
Without --check, every step is printed, with the board after each decision.
Records come from `simulate --record FILE`, from `Game::record().to_json()`, or from a server.

Examples:
  replay game.json
  replay --check game.json";

fn main() -> ExitCode {
    let cli = Cli::parse();
    let check = cli.check;
    let path = cli.file.display();
    let text = match std::fs::read_to_string(&cli.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("replay: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let record = match Record::from_json(&text) {
        Ok(record) => record,
        Err(e) => {
            eprintln!("replay: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if check {
        return match record.replay() {
            Ok(game) => {
                println!("{path}: all {} steps are legal; {}", record.steps().len(), verdict(&game));
                ExitCode::SUCCESS
            }
            Err(e) => {
                println!("{path}: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let variant = record.variant();
    println!("{variant}: {} steps", record.steps().len());
    let mut game = Game::from_state(*record.start());
    for (index, step) in record.steps().iter().enumerate() {
        let result = match *step {
            Step::Chance(outcome) => game.apply_chance(outcome).map(|_| ()),
            Step::Action { action, .. } => game.play(action).map(|_| ()),
            Step::Timeout { .. } => game.timeout().map(|_| ()),
        };
        if let Err(e) = result {
            println!("step {index} is illegal: {e}");
            return ExitCode::FAILURE;
        }
        match step {
            Step::Chance(outcome) => println!("{index:>5}  chance {outcome}"),
            Step::Action { seat, action } => {
                println!("{index:>5}  seat {seat} ({}): {action}", variant.seat_name(*seat));
                println!("{}", picture::text(&game.view(*seat), game.last_events()));
            }
            Step::Timeout { seat } => {
                println!("{index:>5}  seat {seat} ({}): timed out by the host", variant.seat_name(*seat));
            }
        }
    }
    println!("{}", verdict(&game));
    ExitCode::SUCCESS
}

fn verdict(game: &Game) -> String {
    if !game.is_over() {
        return "the game is not over".into();
    }
    let variant = game.variant();
    let winners: Vec<String> = game.winners().iter().map(|&s| format!("seat {s} ({})", variant.seat_name(s))).collect();
    format!("won by {}", winners.join(" and "))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn documented_invocations_parse() {
        let cli = Cli::try_parse_from(["replay", "game.json"]).expect("a valid line");
        assert!(!cli.check);
        for line in [["replay", "--check", "game.json"], ["replay", "game.json", "--check"]] {
            let cli = Cli::try_parse_from(line).expect("a valid line");
            assert!(cli.check && cli.file.as_path() == std::path::Path::new("game.json"));
        }
        for line in [&["replay"][..], &["replay", "a.json", "b.json"], &["replay", "--verbose", "a.json"]] {
            assert!(Cli::try_parse_from(line).is_err(), "{line:?}");
        }
    }
}
