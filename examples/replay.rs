//! Prints a game record step by step, or checks it.
//!
//! ```text
//! cargo run --example replay -- game.json            # every step and the board after each decision
//! cargo run --example replay -- --check game.json    # only the verdict; exit status 1 if illegal
//! ```
//!
//! Records come from `simulate --record FILE`, from `Game::record().to_json()`, or from a
//! server; the format is in `docs/records.md`.

use std::process::ExitCode;

use fichas::game::Game;
use fichas::picture;
use fichas::record::{Record, Step};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    let check = args.peek().is_some_and(|a| a == "--check");
    if check {
        args.next();
    }
    let (Some(path), None) = (args.next(), args.next()) else {
        eprintln!("usage: replay [--check] FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
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
