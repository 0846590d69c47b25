//! Play any variant in a terminal against random opponents or bots, choosing actions by number.
//!
//! ```text
//! cargo run --example play -- poleana
//! cargo run --example play -- parchis:pairs --seat 2 --seed 7 --opponents hard
//! ```
//!
//! You play one seat (0 unless `--seat` says otherwise); the other seats choose uniformly at
//! random, or as the bots of `--opponents` do. The game runs at a table, as on a server: every
//! seat acts through its one door, and you see only your seat's view and events (never an
//! opponent's hand or exchange card). With `--seed` the table's dice are verifiable dice
//! derived from the seed, so the same seed plays the same game again; without it they come from
//! the operating system. Type the number of a choice (or its notation); `?` asks the medium bot
//! for a hint; `q` quits.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use fichas::bot::{Bot, Kind, Level, Strength};
use fichas::game::{Event, Variant};
use fichas::seat::Viewer;
use fichas::table::{Options, Secret, Table};
use fichas::{Seat, chance, picture};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Play any variant in a terminal against random opponents or bots, choosing actions by number.
#[derive(Parser, Debug)]
#[command(name = "play", version, after_help = AFTER_HELP, args_override_self = true)]
struct Cli {
    /// The variant, with options such as poleana-express:3 or parchis:pairs (docs/rules/).
    variant: String,
    /// The seat you play, from 0 to the variant's last seat.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=Seat::MAX as i64 - 1))]
    seat: u8,
    /// The seed of the dice and of the opponents [default: the operating system's dice].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// How the other seats play: random, greedy, search, easy, medium or hard.
    #[arg(long, value_name = "BOT", default_value_t = Strength::RANDOM)]
    opponents: Strength,
}

const AFTER_HELP: &str = "\
A search may name its budget, as in search:nodes=N:depth=D (docs/bots.md). You see only your
seat's view and events. Type the number of a choice (or its notation); `?` asks the medium bot
for a hint; `q` quits.

Examples:
  play poleana
  play parchis:pairs --seat 2 --seed 7 --opponents hard";

/// The variant and the human's seat, or why they make no game.
fn variant_and_seat(cli: &Cli) -> Result<(Variant, Seat), String> {
    let variant: Variant = cli.variant.parse().map_err(|e| format!("{e}"))?;
    let seat = Seat::new(usize::from(cli.seat)).filter(|s| s.index() < variant.seats());
    let seat = seat.ok_or_else(|| format!("{variant} has seats 0 to {}", variant.seats() - 1))?;
    Ok((variant, seat))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (variant, me) = match variant_and_seat(&cli) {
        Ok(found) => found,
        Err(message) => Cli::command().error(ErrorKind::ValueValidation, message).exit(),
    };
    let (seed, opponents) = (cli.seed, cli.opponents);
    let mut table = match seed {
        Some(seed) => {
            let mut bytes = [0u8; 32];
            bytes[..8].copy_from_slice(&seed.to_le_bytes());
            Table::with_secret(variant, Secret::from_bytes(bytes), None)
        }
        None => match Table::new(variant, Options::default()) {
            Ok(table) => table,
            Err(e) => {
                eprintln!("play: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let hints = Bot::new(Level::Medium, seed);
    println!("{variant}: you are seat {me} ({}). Seed {seed}.", variant.seat_name(me));
    if let Err(e) = table.start(None) {
        eprintln!("play: {e}");
        return ExitCode::FAILURE;
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut seen = 0;
    loop {
        // What reached this seat since it last looked: its own stream, as a phone would get it.
        let news: Vec<Event> = table.events_for(Viewer::Seat(me), seen).iter().map(|d| d.event).collect();
        seen = table.step();
        for event in &news {
            if let Some(line) = describe(event) {
                println!("  · {line}");
            }
        }
        if table.is_over() {
            println!("{}", picture::text(&table.view(me), &news));
            let winners: Vec<String> =
                table.winners().iter().map(|&s| format!("seat {s} ({})", variant.seat_name(s))).collect();
            let you = if table.winners().contains(&me) { "You win!" } else { "You lose." };
            println!("Game over: won by {}. {you}", winners.join(" and "));
            return ExitCode::SUCCESS;
        }
        let Some(seat) = table.to_act() else {
            eprintln!("play: nobody is to act at step {}", table.step());
            return ExitCode::FAILURE;
        };
        let legal = table.legal_actions(seat);
        let sent = if legal == ["roll"] {
            "roll".to_string()
        } else if seat == me {
            println!("\n{}", picture::text(&table.view(me), &news));
            for (i, choice) in legal.iter().enumerate() {
                println!("  {:>2}) {choice}", i + 1);
            }
            loop {
                print!("your choice (1-{}, q to quit): ", legal.len());
                let _ = std::io::stdout().flush();
                let Some(Ok(line)) = lines.next() else { return ExitCode::SUCCESS };
                let line = line.trim();
                match line {
                    "q" => return ExitCode::SUCCESS,
                    "?" => {
                        if let Some(hint) = hints.choose(&table.view(me)) {
                            let why = hint.reason.map(|r| format!(": {r}")).unwrap_or_default();
                            println!("  hint: {}{why}", hint.action);
                        }
                        continue;
                    }
                    _ => {}
                }
                let text = match line.parse::<usize>() {
                    Ok(n) if (1..=legal.len()).contains(&n) => legal[n - 1].clone(),
                    Ok(_) => {
                        println!("  pick a number from 1 to {}", legal.len());
                        continue;
                    }
                    Err(_) => line.to_string(),
                };
                match table.submit(me, table.step(), &text, None) {
                    Ok(_) => break String::new(),
                    Err(e) => println!("  {e}"),
                }
            }
        } else if opponents.kind == Kind::Random {
            legal[chance::below(&mut rng, legal.len() as u32) as usize].clone()
        } else {
            // Each opponent is its own bot, seeing only its seat's view.
            let bot = Bot::new(opponents, seed ^ (seat.index() as u64 + 1));
            match bot.choose(&table.view(seat)) {
                Some(hint) => hint.action.to_string(),
                None => {
                    eprintln!("play: the bot of seat {seat} found no action");
                    return ExitCode::FAILURE;
                }
            }
        };
        if sent.is_empty() {
            continue;
        }
        // An opponent's move reaches the human as its stream shows it (an exchange card stays
        // hidden), never as the text the opponent sent.
        if let Err(e) = table.submit(seat, table.step(), &sent, None) {
            eprintln!("play: {e}");
            return ExitCode::FAILURE;
        }
    }
}

/// One line for an event of this seat's stream, as JSON; the cards dealt go without a line (the
/// hand shows them).
fn describe(event: &Event) -> Option<String> {
    let json = serde_json::to_value(event).ok()?;
    match json.get("event").and_then(|e| e.as_str()) {
        Some("dealt" | "turn_passed") => None,
        _ => Some(json.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<(Variant, Seat), String> {
        let cli = Cli::try_parse_from(line.split_whitespace()).map_err(|e| e.to_string())?;
        variant_and_seat(&cli)
    }

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn documented_invocations_parse() {
        for line in [
            "play poleana",
            "play parchis:pairs --seat 2 --seed 7 --opponents hard",
            "play poleana:2 --seed 3",
            "play parchis:two-player --seed 3 --opponents easy",
            "play cartas --seat 2 --seed 3",
            "play poleana --opponents search:nodes=5000:depth=1",
        ] {
            if let Err(e) = parse(line) {
                panic!("{line}: {e}");
            }
        }
        assert_eq!(parse("play cartas --seat 3").map(|(_, seat)| seat.index()), Ok(3));
    }

    #[test]
    fn bad_input_is_refused() {
        for line in [
            "play",
            "play nonsense",
            "play poleana:2 --seat 2",
            "play poleana --seat 9",
            "play poleana --seat -1",
            "play poleana --seed x",
            "play poleana --opponents clever",
            "play poleana --bogus",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }
}
