//! Plays bots against each other over many games and prints each bot's win share with a 95%
//! confidence interval.
//!
//! ```text
//! cargo run --release --example arena -- poleana --games 400 greedy random
//! cargo run --release --example arena -- parchis --mode pairs --games 400 hard greedy --threads 2
//! cargo run --release --example arena -- cartas --games 200 search:iterations=800 easy
//! ```
//!
//! Bots are `random`, `greedy`, `search`, `easy`, `medium`, `hard` or `expert`; a search may take
//! its own budget: `search:nodes=20000:depth=1` (dice games), `search:iterations=800:playout=8`
//! (Cartas), and the expert its depth (`expert:depth=0`). The bots take the seats in turn (`A B A B`, so partners in Parchís are the same
//! bot), and every arrangement of them round the table is played equally often (with three seats
//! and two bots: `ABA BAA AAB BAB ABB BBA`). Game `i` of every arrangement uses the same seeds, so
//! the arrangements meet the same luck. Every decision goes through the facade: the bot gets the
//! view of its seat and the game checks the action it returns.
//!
//! A bot's share is the fraction of games one of its seats won; its fair share is what it would
//! win if every seat were equally strong (the seats it held, over the seats at the table). The
//! interval is Wilson's score interval at 95%. The time per decision is wall-clock time on one
//! thread, release build: the mean over every decision, the median over those with more than one
//! legal action (a bot asked to play the only legal action does next to nothing), and the
//! longest.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[path = "cli.rs"]
mod cli;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use fichas::Seat;
use fichas::bot::{Bot, Strength};
use fichas::game::{State, Variant};
use fichas::parchis::Mode;
use fichas::simulation::{bot_seed, game_rng};

/// Plays bots against each other over many games and prints each bot's win share.
#[derive(Parser, Debug)]
#[command(name = "arena", version, after_help = AFTER_HELP, args_override_self = true)]
struct Cli {
    /// The variant, with options such as poleana-express:2 or parchis:pairs (docs/rules/).
    variant: String,
    /// Two or more bots, no more than the seats: random, greedy, search, easy, medium, hard or expert.
    #[arg(value_name = "BOT", required = true, num_args = 1.., value_parser = parse_entry)]
    entries: Vec<Entry>,
    /// For parchis: the mode, as if `:MODE` ended the variant.
    #[arg(long, value_parser = cli::mode())]
    mode: Option<Mode>,
    /// The games in all, at least 1, shared equally among the arrangements of the bots.
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = cli::at_least_one)]
    games: u64,
    /// The seed of the dice, the deals and the bots; several, comma-separated, play `--games`
    /// games each and print the shares pooled and seed by seed.
    #[arg(long, value_name = "S", default_value = "1", value_delimiter = ',')]
    seed: Vec<u64>,
    /// The threads to play on, at least 1 (more than 256 count as 256) [default: every core].
    #[arg(long, value_name = "T", value_parser = cli::at_least_one)]
    threads: Option<u64>,
}

const AFTER_HELP: &str = "\
A search may name its budget: search:nodes=N:depth=D (dice games), search:iterations=N:playout=P
(cartas); see docs/bots.md. The bots take the seats in turn, and every arrangement of them round
the table is played equally often, with the same seeds. A bot's share is the fraction of games one
of its seats won; the interval is Wilson's score interval at 95%.

Examples:
  arena poleana --games 400 greedy random
  arena parchis --mode pairs --games 400 hard greedy --threads 2
  arena cartas --games 200 search:iterations=800 easy";

/// A bot entered in the arena, with its name as written.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    strength: Strength,
}

fn parse_entry(text: &str) -> Result<Entry, String> {
    // The arena's random bot has a seed of its own, like every bot, so its choices do not
    // disturb the dice.
    let strength: Strength = text.parse().map_err(|e| format!("{e}"))?;
    Ok(Entry { name: text.to_string(), strength })
}

struct Options {
    variant: Variant,
    games: u64,
    seeds: Vec<u64>,
    threads: usize,
    entries: Vec<Entry>,
}

impl Options {
    /// The options of the command line, or why they make no arena.
    fn new(cli: Cli) -> Result<Options, String> {
        let variant = cli::variant(&cli.variant, cli.mode)?;
        let entries = cli.entries;
        if entries.len() < 2 {
            return Err("name at least two bots, such as: greedy random".into());
        }
        if entries.len() > variant.seats() {
            return Err(format!("{variant} has {} seats, fewer than the bots named", variant.seats()));
        }
        let threads = match cli.threads {
            Some(n) => n.min(256) as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let seeds = cli.seed;
        if let Some(s) = seeds.iter().find(|s| seeds.iter().filter(|t| t == s).count() > 1) {
            return Err(format!("seed {s} is named twice: its games would count twice"));
        }
        Ok(Options { variant, games: cli.games, seeds, threads, entries })
    }
}

/// Every arrangement of `bots` bots round `seats` seats: the bots in turn from each seat, under
/// each relabelling of the bots, without repeats.
fn arrangements(seats: usize, bots: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for shift in 0..seats {
        for relabel in 0..bots {
            let pattern: Vec<usize> = (0..seats).map(|s| ((s + shift) % seats % bots + relabel) % bots).collect();
            if !out.contains(&pattern) {
                out.push(pattern);
            }
        }
    }
    out
}

/// One game's result: the bots that won, and each bot's decisions and time.
struct Played {
    winners: Vec<usize>,
    decisions: Vec<u64>,
    time: Vec<Duration>,
    slowest: Vec<Duration>,
    /// The time of each decision that had more than one legal action, per bot.
    choosing: Vec<Vec<Duration>>,
    error: Option<String>,
}

fn play(options: &Options, seed: u64, pattern: &[usize], index: u64) -> Played {
    let bots = options.entries.len();
    let mut played = Played {
        winners: Vec::new(),
        decisions: vec![0; bots],
        time: vec![Duration::ZERO; bots],
        slowest: vec![Duration::ZERO; bots],
        choosing: vec![Vec::new(); bots],
        error: None,
    };
    let mut rng = game_rng(seed, index);
    let seat_bots: Vec<Bot> = (0..options.variant.seats())
        .map(|s| {
            let strength = options.entries[pattern[s]].strength;
            Bot::new(strength, bot_seed(seed, index, Seat::ALL[s]))
        })
        .collect();
    let mut state = State::new(options.variant);
    loop {
        match state.phase() {
            fichas::Phase::Chance => {
                let outcome = state.sample_chance(&mut rng).expect("a chance event is pending");
                state.apply_chance(outcome).expect("a sampled outcome applies");
            }
            fichas::Phase::Decide(seat) => {
                let who = pattern[seat.index()];
                let start = Instant::now();
                let suggestion = seat_bots[seat.index()].choose(&state.view(seat));
                let spent = start.elapsed();
                played.decisions[who] += 1;
                played.time[who] += spent;
                played.slowest[who] = played.slowest[who].max(spent);
                if state.legal_actions().len() > 1 {
                    played.choosing[who].push(spent);
                }
                let Some(suggestion) = suggestion else {
                    played.error = Some(format!("{} found no action in {state}", options.entries[who].name));
                    return played;
                };
                if let Err(e) = state.play(suggestion.action) {
                    played.error = Some(format!("{} played {}: {e}", options.entries[who].name, suggestion.action));
                    return played;
                }
            }
            fichas::Phase::Over(outcome) => {
                let colours = outcome.colours();
                for (&bot, seat) in pattern.iter().zip(Seat::ALL) {
                    let seat_colours = options.variant.colours_of(seat);
                    if seat_colours.bits() & colours.bits() != 0 && !played.winners.contains(&bot) {
                        played.winners.push(bot);
                    }
                }
                return played;
            }
        }
    }
}

/// Wilson's score interval for `wins` out of `n` at 95%.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96f64, n as f64, wins as f64 / n as f64);
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The wins, decisions and times of each bot over some games.
struct Tally {
    games: u64,
    wins: Vec<u64>,
    decisions: Vec<u64>,
    time: Vec<Duration>,
    slowest: Vec<Duration>,
    choosing: Vec<Vec<Duration>>,
}

impl Tally {
    fn new(bots: usize) -> Tally {
        Tally {
            games: 0,
            wins: vec![0; bots],
            decisions: vec![0; bots],
            time: vec![Duration::ZERO; bots],
            slowest: vec![Duration::ZERO; bots],
            choosing: vec![Vec::new(); bots],
        }
    }

    fn add(&mut self, r: &Played) {
        self.games += 1;
        for &w in &r.winners {
            self.wins[w] += 1;
        }
        for b in 0..self.wins.len() {
            self.decisions[b] += r.decisions[b];
            self.time[b] += r.time[b];
            self.slowest[b] = self.slowest[b].max(r.slowest[b]);
            self.choosing[b].extend_from_slice(&r.choosing[b]);
        }
    }

    /// A bot's share of the games won, with Wilson's interval, as the table prints it.
    fn share(&self, b: usize) -> String {
        let (low, high) = wilson(self.wins[b], self.games);
        format!(
            "{:>6.1}%   [{:>5.1}%, {:>5.1}%]",
            100.0 * self.wins[b] as f64 / self.games as f64,
            100.0 * low,
            100.0 * high
        )
    }
}

fn main() -> ExitCode {
    let options = match Options::new(Cli::parse()) {
        Ok(o) => o,
        Err(message) => Cli::command().error(ErrorKind::ValueValidation, message).exit(),
    };
    let seats = options.variant.seats();
    let bots = options.entries.len();
    let patterns = arrangements(seats, bots);
    let per_pattern = options.games.div_ceil(patterns.len() as u64).max(1);
    let count = patterns.len();
    let jobs: Vec<(u64, usize, u64)> = options
        .seeds
        .iter()
        .flat_map(|&seed| (0..per_pattern).flat_map(move |i| (0..count).map(move |p| (seed, p, i))))
        .collect();
    let results: Mutex<Vec<Option<Played>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(seed, p, i)) = jobs.get(job) else { break };
                    let played = play(&options, seed, &patterns[p], i);
                    results.lock().expect("no thread panics while holding the lock")[job] = Some(played);
                }
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let results: Vec<Played> = results.into_inner().expect("no thread panicked").into_iter().flatten().collect();
    let errors: Vec<&String> = results.iter().filter_map(|r| r.error.as_ref()).collect();
    if let Some(first) = errors.first() {
        eprintln!("arena: {} games stopped on an error; the first: {first}", errors.len());
        return ExitCode::FAILURE;
    }

    let mut pooled = Tally::new(bots);
    let mut by_seed: Vec<Tally> = options.seeds.iter().map(|_| Tally::new(bots)).collect();
    for (r, (seed, _, _)) in results.iter().zip(&jobs) {
        pooled.add(r);
        let s = options.seeds.iter().position(|t| t == seed).expect("every job's seed is an option's");
        by_seed[s].add(r);
    }
    // Seats held, over all games.
    let mut held = vec![0u64; bots];
    for (_, p, _) in &jobs {
        for &b in &patterns[*p] {
            held[b] += 1;
        }
    }
    let games = pooled.games;
    let seeds: Vec<String> = options.seeds.iter().map(u64::to_string).collect();
    let seed_count = if seeds.len() > 1 { format!("{} seeds x ", seeds.len()) } else { String::new() };
    println!(
        "{}: {games} games ({seed_count}{} arrangements x {per_pattern}), seed {}, {:.1} s on {} threads",
        options.variant,
        patterns.len(),
        seeds.join(","),
        seconds,
        options.threads
    );
    println!(
        "{:<28} {:>6} {:>7}   {:<17} {:>6}   {:>10} {:>10} {:>10}",
        "bot", "wins", "share", "95% interval", "fair", "ms/dec", "median ms", "max ms"
    );
    for (b, &held) in held.iter().enumerate() {
        let fair = held as f64 / (games * seats as u64) as f64;
        let per = pooled.time[b].as_secs_f64() * 1e3 / pooled.decisions[b].max(1) as f64;
        // The median of the decisions with a choice: those with one legal action cost nothing.
        let choosing = &mut pooled.choosing[b];
        choosing.sort_unstable();
        let median = choosing.get(choosing.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1e3);
        println!(
            "{:<28} {:>6} {}  {:>5.1}%   {:>10.3} {:>10.3} {:>10.1}",
            options.entries[b].name,
            pooled.wins[b],
            pooled.share(b),
            100.0 * fair,
            per,
            median,
            pooled.slowest[b].as_secs_f64() * 1e3
        );
    }
    if by_seed.len() > 1 {
        // Seed by seed, so a reader sees how far one seed's games stray from the pool.
        for (seed, tally) in options.seeds.iter().zip(&by_seed) {
            println!("seed {seed} ({} games):", tally.games);
            for b in 0..bots {
                println!("  {:<26} {:>6} {}", options.entries[b].name, tally.wins[b], tally.share(b));
            }
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
            "arena poleana --games 400 greedy random",
            "arena parchis --mode pairs --games 400 hard greedy --threads 2",
            "arena cartas --games 200 search:iterations=800 easy",
            "arena poleana-express:2 --games 40 greedy random",
            "arena parchis --games 1000 medium greedy",
            "arena parchis --mode pairs --games 2000 medium greedy --seed 2026",
            "arena poleana greedy --games 10 random",
            "arena parchis --games 200 expert hard --seed 2026,2027,2028",
        ] {
            if let Err(e) = parse(line) {
                panic!("{line}: {e}");
            }
        }
        let options = parse("arena parchis --mode pairs hard greedy --threads 1000").expect("a valid line");
        assert_eq!(options.variant, "parchis:pairs".parse().expect("a variant"));
        assert_eq!((options.threads, options.games, options.entries.len()), (256, 400, 2));
        assert_eq!(options.seeds, [1]);
        let options = parse("arena parchis --games 10 expert hard --seed 2026,2027").expect("a valid line");
        assert_eq!(options.seeds, [2026, 2027]);
    }

    #[test]
    fn bad_input_is_refused() {
        for line in [
            "arena",
            "arena poleana --games 10",
            "arena poleana greedy",
            "arena poleana-express:2 greedy random easy",
            "arena nonsense greedy random",
            "arena poleana greedy clever",
            "arena poleana --mode pairs greedy random",
            "arena poleana --games 0 greedy random",
            "arena poleana --threads 0 greedy random",
            "arena poleana --seed 3,4,3 greedy random",
            "arena poleana --seed 3,x greedy random",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }
}
