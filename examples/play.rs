//! Play any variant in a terminal against random opponents or bots, choosing actions by number.
//!
//! ```text
//! cargo run --example play -- poleana
//! cargo run --example play -- parchis:pairs --seat 2 --seed 7 --opponents hard
//! ```
//!
//! You play one seat (0 unless `--seat` says otherwise); the other seats choose uniformly at
//! random, or as the bots of `--opponents` do. Dice come from a seeded generator. Type the
//! number of a choice (or its notation); `?` asks the medium bot for a hint; `q` quits.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use fichas::bot::{Bot, Kind, Level, Strength};
use fichas::game::{Game, Variant};
use fichas::{Phase, Seat, chance, picture};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const USAGE: &str = "usage: play VARIANT [--seat N] [--seed S] [--opponents BOT]
  VARIANT      poleana, poleana-express:3, parchis:pairs, … (see docs/rules)
  --seat       the seat you play (default 0)
  --seed       seed of the dice and of the opponents (default: the time)
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
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(variant);
    let hints = Bot::new(Level::Medium, seed);
    println!("{variant}: you are seat {me} ({}). Seed {seed}.", variant.seat_name(me));
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        match game.phase() {
            Phase::Over(_) => {
                println!("{}", picture::text(&game.view(me), game.last_events()));
                let winners: Vec<String> =
                    game.winners().iter().map(|&s| format!("seat {s} ({})", variant.seat_name(s))).collect();
                let you = if game.winners().contains(&me) { "You win!" } else { "You lose." };
                println!("Game over: won by {}. {you}", winners.join(" and "));
                return ExitCode::SUCCESS;
            }
            Phase::Chance => {
                if let Err(e) = game.roll(&mut rng) {
                    eprintln!("play: {e}");
                    return ExitCode::FAILURE;
                }
                if let Some(fichas::record::Step::Chance(outcome)) = game.steps().last() {
                    println!("  rolled {outcome}");
                }
            }
            Phase::Decide(seat) if seat == me => {
                println!("\n{}", picture::text(&game.view(me), game.last_events()));
                let choices = game.legal_actions();
                for (i, choice) in choices.iter().enumerate() {
                    println!("  {:>2}) {choice}", i + 1);
                }
                loop {
                    print!("your choice (1-{}, q to quit): ", choices.len());
                    let _ = std::io::stdout().flush();
                    let Some(Ok(line)) = lines.next() else { return ExitCode::SUCCESS };
                    let line = line.trim();
                    if line == "q" {
                        return ExitCode::SUCCESS;
                    }
                    if line == "?" {
                        if let Some(hint) = hints.choose(&game.view(me)) {
                            let why = hint.reason.map(|r| format!(": {r}")).unwrap_or_default();
                            println!("  hint: {}{why}", hint.action);
                        }
                        continue;
                    }
                    let picked = match line.parse::<usize>() {
                        Ok(n) if (1..=choices.len()).contains(&n) => {
                            game.play(choices[n - 1].action()).map_err(|e| e.to_string())
                        }
                        Ok(_) => Err(format!("pick a number from 1 to {}", choices.len())),
                        Err(_) => game.play_text(line).map_err(|e| e.to_string()),
                    };
                    match picked {
                        Ok(_) => break,
                        Err(e) => println!("  {e}"),
                    }
                }
            }
            Phase::Decide(seat) => {
                let action = if opponents.kind == Kind::Random {
                    let choices = game.legal_actions();
                    choices[chance::below(&mut rng, choices.len() as u32) as usize].action()
                } else {
                    // Each opponent is its own bot, seeing only its seat's view.
                    let bot = Bot::new(opponents, seed ^ (seat.index() as u64 + 1));
                    match bot.choose(&game.view(seat)) {
                        Some(hint) => hint.action,
                        None => {
                            eprintln!("play: the bot of seat {seat} found no action");
                            return ExitCode::FAILURE;
                        }
                    }
                };
                println!("  seat {seat} ({}) plays {action}", variant.seat_name(seat));
                if let Err(e) = game.play(action) {
                    eprintln!("play: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
}
