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

use fichas::bot::{Bot, Kind, Level, Strength};
use fichas::game::{Event, Variant};
use fichas::seat::Viewer;
use fichas::table::{Options, Secret, Table};
use fichas::{Seat, chance, picture};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const USAGE: &str = "usage: play VARIANT [--seat N] [--seed S] [--opponents BOT]
  VARIANT      poleana, poleana-express:3, parchis:pairs, … (see docs/rules)
  --seat       the seat you play (default 0)
  --seed       seed of the dice and of the opponents (default: the operating system's dice)
  --opponents  random, greedy, search, easy, medium or hard (default random)";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut variant, mut seat, mut seed) = (None, 0usize, None);
    let mut opponents = Strength::RANDOM;
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Option<u64> {
            let value = args.next();
            let n = value.as_deref().and_then(|v| v.parse().ok());
            if n.is_none() {
                eprintln!("play: {name} needs a whole number");
            }
            n
        };
        match arg.as_str() {
            "--seat" => match number("--seat") {
                Some(n) => seat = n as usize,
                None => return ExitCode::from(2),
            },
            "--seed" => match number("--seed") {
                Some(n) => seed = Some(n),
                None => return ExitCode::from(2),
            },
            "--opponents" => match args.next().map(|v| v.parse::<Strength>()) {
                Some(Ok(strength)) => opponents = strength,
                Some(Err(e)) => {
                    eprintln!("play: {e}");
                    return ExitCode::from(2);
                }
                None => {
                    eprintln!("play: --opponents needs a bot: random, greedy, search, easy, medium or hard");
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => variant = Some(other.to_string()),
        }
    }
    let Some(text) = variant else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let variant: Variant = match text.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("play: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(me) = Seat::new(seat).filter(|s| s.index() < variant.seats()) else {
        eprintln!("play: {variant} has seats 0 to {}", variant.seats() - 1);
        return ExitCode::from(2);
    };
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
