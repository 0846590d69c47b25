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
//! opponent's hand or exchange card), each event told as a sentence. With `--seed` the table's
//! dice are verifiable dice derived from the seed, so the same seed plays the same game again;
//! without it they come from the operating system. Type the number of a choice (or its
//! notation); `?` asks the medium bot for a hint; `help` explains the game's notation; `q` quits.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use fichas::bot::{Bot, Kind, Level, Strength};
use fichas::cartas::{self, Action as CartasAction, Board, Cards, Rank};
use fichas::colour::{Colour, ColourSet};
use fichas::dice::Die;
use fichas::game::{Event, Variant, View};
use fichas::seat::Viewer;
use fichas::table::{Options, Secret, Table};
use fichas::{Seat, chance, parchis, picture, poleana};
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
    /// How the other seats play: random, greedy, search, easy, medium, hard or expert.
    #[arg(long, value_name = "BOT", default_value_t = Strength::RANDOM)]
    opponents: Strength,
}

const AFTER_HELP: &str = "\
A search may name its budget, as in search:nodes=N:depth=D (docs/bots.md). You see only your
seat's view and events. Type the number of a choice (or its notation); `?` asks the medium bot
for a hint; `help` explains the game's notation; `q` quits.

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
    let game = Setup { variant, me, seed: cli.seed, opponents: cli.opponents };
    let stdin = std::io::stdin();
    // A pause after a folded hand only where someone reads it: never for piped input.
    let pause = stdin.is_terminal();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    match play(&game, &mut lines, &mut std::io::stdout().lock(), pause) {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that went away (`play … | head`) ends the game, quietly.
        Err(Failure::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Game(message)) => {
            eprintln!("play: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What a game at the table is: the variant, the human's seat, the seed and the opponents.
#[derive(Clone, Copy, Debug)]
struct Setup {
    variant: Variant,
    me: Seat,
    seed: Option<u64>,
    opponents: Strength,
}

/// Why a game stopped early: the output went away (a closed pipe), or the table refused.
#[derive(Debug)]
enum Failure {
    Output(std::io::Error),
    Game(String),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// Plays a game at a table: the human's lines come from `input`, and everything the human is
/// told goes to `out`. With `pause`, the reason a hand folded waits for a line before the round
/// goes on.
/// Returns the table as it ends: over, or where the human quit or the input ran out.
fn play(
    game: &Setup,
    input: &mut dyn Iterator<Item = String>,
    out: &mut dyn Write,
    pause: bool,
) -> Result<Table, Failure> {
    let Setup { variant, me, seed, opponents } = *game;
    let mut table = match seed {
        Some(seed) => {
            let mut bytes = [0u8; 32];
            bytes[..8].copy_from_slice(&seed.to_le_bytes());
            Table::with_secret(variant, Secret::from_bytes(bytes), None)
        }
        None => Table::new(variant, Options::default()).map_err(|e| Failure::Game(e.to_string()))?,
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let hints = Bot::new(Level::Medium, seed);
    writeln!(out, "{variant}: you are seat {me} ({}). Seed {seed}.", variant.seat_name(me))?;
    writeln!(out, "Type help for the notation of the choices and the commands.")?;
    table.start(None).map_err(|e| Failure::Game(e.to_string()))?;
    if let View::Cartas(view) = table.view(me) {
        let lead =
            if view.first_player() == me { "you lead".to_string() } else { seat_name(view.first_player()) + " leads" };
        writeln!(out, "Round 1 deals {} cards each, and {lead}.", view.deal_size())?;
    }
    let mut seen = 0;
    loop {
        // What reached this seat since it last looked: its own stream, as a phone would get it.
        let news: Vec<Event> = table.events_for(Viewer::Seat(me), seen).iter().map(|d| d.event).collect();
        seen = table.step();
        let view = table.view(me);
        for line in narrate(&news, variant, me, &view) {
            writeln!(out, "{}", bulleted(&line))?;
            // The human reads why its hand folded before the round goes on.
            if pause && line.starts_with(WHY) {
                write!(out, "  (press Enter to go on) ")?;
                out.flush()?;
                if input.next().is_none() {
                    return Ok(table);
                }
            }
        }
        if table.is_over() {
            writeln!(out, "{}", picture::text(&view, &news))?;
            let winners: Vec<String> =
                table.winners().iter().map(|&s| format!("seat {s} ({})", variant.seat_name(s))).collect();
            let you = if table.winners().contains(&me) { "You win!" } else { "You lose." };
            writeln!(out, "Game over: won by {}. {you}", winners.join(" and "))?;
            return Ok(table);
        }
        let Some(seat) = table.to_act() else {
            return Err(Failure::Game(format!("nobody is to act at step {}", table.step())));
        };
        let legal = table.legal_actions(seat);
        let sent = if legal == ["roll"] {
            "roll".to_string()
        } else if seat == me {
            writeln!(out, "\n{}", picture::text(&view, &news))?;
            for (i, choice) in legal.iter().enumerate() {
                writeln!(out, "  {:>2}) {choice}", i + 1)?;
            }
            loop {
                write!(out, "your choice (1-{}, ? hint, help, q to quit): ", legal.len())?;
                out.flush()?;
                let Some(line) = input.next() else { return Ok(table) };
                let line = line.trim();
                match line {
                    "q" => return Ok(table),
                    "?" => {
                        if let Some(hint) = hints.choose(&view) {
                            let why = hint.reason.map(|r| format!(": {r}")).unwrap_or_default();
                            writeln!(out, "  hint: {}{why}", hint.action)?;
                        }
                        continue;
                    }
                    "help" => {
                        write!(out, "{}", help(&variant))?;
                        continue;
                    }
                    _ => {}
                }
                let text = match line.parse::<usize>() {
                    Ok(n) if (1..=legal.len()).contains(&n) => legal[n - 1].clone(),
                    Ok(_) => {
                        writeln!(out, "  pick a number from 1 to {}", legal.len())?;
                        continue;
                    }
                    Err(_) => line.to_string(),
                };
                match table.submit(me, table.step(), &text, None) {
                    Ok(_) => break String::new(),
                    Err(e) => writeln!(out, "  {e} (type help for the notation)")?,
                }
            }
        } else if opponents.kind == Kind::Random {
            legal[chance::below(&mut rng, legal.len() as u32) as usize].clone()
        } else {
            // Each opponent is its own bot, seeing only its seat's view.
            let bot = Bot::new(opponents, seed ^ (seat.index() as u64 + 1));
            match bot.choose(&table.view(seat)) {
                Some(hint) => hint.action.to_string(),
                None => return Err(Failure::Game(format!("the bot of seat {seat} found no action"))),
            }
        };
        if sent.is_empty() {
            continue;
        }
        // An opponent's move reaches the human as its stream shows it (an exchange card stays
        // hidden), never as the text the opponent sent.
        table.submit(seat, table.step(), &sent, None).map_err(|e| Failure::Game(e.to_string()))?;
    }
}

/// A sentence as a bullet of the transcript, wrapped at 80 columns under its first word.
fn bulleted(sentence: &str) -> String {
    let mut out = String::from("  ·");
    let mut width = 3;
    for word in sentence.split(' ') {
        if width > 4 && width + 1 + word.chars().count() > 80 {
            out.push_str("\n   ");
            width = 3;
        }
        out.push(' ');
        out.push_str(word);
        width += 1 + word.chars().count();
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Narration: every event of the human's stream as a sentence.

/// How the line that says why the human's hand folded begins.
const WHY: &str = "Why: ";

/// The lines the human reads for the events of one step or more, in order: each event's
/// sentence, except the turn passing (the next line says who acts) and the cards dealt, which
/// come as one line of the human's own new cards (the others' are only counted, by the round's
/// line). A folded hand of the human's is followed by why it folded. `view` is the human's view
/// after these events, and it is what the reason is read from: a fold ends the step it happens
/// in, and nothing that follows it in that step (a new round, its deal) moves a token.
fn narrate(news: &[Event], variant: Variant, me: Seat, view: &View) -> Vec<String> {
    let mine = variant.colours_of(me);
    let mut lines = Vec::new();
    // The human's new cards, in rank order as its hand shows them (a dealt card is always the
    // receiver's to see).
    let mut dealt = Cards::EMPTY;
    let mut timed_out = false;
    for event in news {
        if let Event::Cartas(cartas::Event::Dealt { to, card }) = event {
            if let Some(card) = card.filter(|_| *to == me) {
                dealt.add(card);
            }
            continue;
        }
        if !dealt.is_empty() {
            lines.push(format!("You are dealt {}", hand_letters(dealt)));
            dealt = Cards::EMPTY;
        }
        let sentence = match *event {
            Event::Poleana(poleana::Event::TurnPassed { .. })
            | Event::Parchis(parchis::Event::TurnPassed { .. })
            | Event::Cartas(cartas::Event::TurnPassed { .. }) => continue,
            Event::Poleana(e) => poleana_sentence(e, mine),
            Event::Parchis(e) => parchis_sentence(e, mine),
            Event::Cartas(e) => cartas_sentence(e, me),
        };
        lines.push(sentence);
        match (*event, view) {
            (Event::Cartas(cartas::Event::TimedOut { seat }), _) if seat == me => timed_out = true,
            (Event::Cartas(cartas::Event::Folded { seat, cards }), View::Cartas(view)) if seat == me => {
                let why =
                    if timed_out { "you ran out of time".to_string() } else { fold_reason(view.board(), me, cards) };
                lines.push(format!("{WHY}{why}"));
            }
            _ => {}
        }
    }
    if !dealt.is_empty() {
        lines.push(format!("You are dealt {}", hand_letters(dealt)));
    }
    lines
}

/// `Yellow`.
fn title(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "Yellow",
        Colour::Blue => "Blue",
        Colour::Red => "Red",
        Colour::Green => "Green",
    }
}

/// Colours as a list: `Blue`, `Blue and Red`, `Yellow, Blue and Red`.
fn colour_list(set: ColourSet) -> String {
    let names: Vec<&str> = set.iter().map(title).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The sentence with its first letter capitalised.
fn capitalised(sentence: String) -> String {
    let mut chars = sentence.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => sentence,
    }
}

/// How sentences of the dice games name a colour for the human who plays `mine`: `you` for the
/// human's only colour, `your Yellow` for one of its two, else the colour's name.
#[derive(Clone, Copy)]
struct Voice {
    mine: ColourSet,
}

impl Voice {
    /// Whether sentences say `you` for `colour` (with the verb's second person).
    fn is_you(self, colour: Colour) -> bool {
        self.mine.contains(colour) && self.mine.len() == 1
    }

    /// The colour as the subject of `verb` (its second or third person): `you roll`, `Red rolls`.
    fn says(self, colour: Colour, you: &str, they: &str) -> String {
        match colour {
            c if self.is_you(c) => format!("you {you}"),
            c if self.mine.contains(c) => format!("your {} {they}", title(c)),
            c => format!("{} {they}", title(c)),
        }
    }

    /// The colour as the subject of a noun phrase: `you`, `your Yellow`, `Red`.
    fn who(self, colour: Colour) -> String {
        match colour {
            c if self.is_you(c) => "you".to_string(),
            c if self.mine.contains(c) => format!("your {}", title(c)),
            c => title(c).to_string(),
        }
    }

    /// The colour as the owner of a token: `your`, `your Yellow`, `Red's`.
    fn whose(self, colour: Colour) -> String {
        match colour {
            c if self.is_you(c) => "your".to_string(),
            c if self.mine.contains(c) => format!("your {}", title(c)),
            c => format!("{}'s", title(c)),
        }
    }
}

/// A Poleana place in a sentence: its notation, with the goal named.
fn poleana_spot(spot: poleana::Spot) -> String {
    match spot {
        poleana::Spot::Goal => "the goal (7c)".to_string(),
        poleana::Spot::Start
        | poleana::Spot::Limbo
        | poleana::Spot::Side { .. }
        | poleana::Spot::Bridge { .. }
        | poleana::Spot::House(_) => spot.to_string(),
    }
}

/// `token` for one token, `tapón (2 tokens)` for more.
fn tokens_word(count: u8) -> String {
    if count == 1 { "token".to_string() } else { format!("tapón ({count} tokens)") }
}

/// One Poleana event as a sentence, for the human who plays the colours `mine`.
fn poleana_sentence(event: poleana::Event, mine: ColourSet) -> String {
    use poleana::{Event as E, Infraction, Outcome, Route};
    let v = Voice { mine };
    let sentence = match event {
        E::Rolled { colour, roll } => format!("{} {roll}", v.says(colour, "roll", "rolls")),
        E::Swept { colour, from } => {
            format!("the police sweep {} token off {from}: it goes back to start", v.whose(colour))
        }
        E::Released { colour, to, count } => {
            let what = if count == 1 { "a token".to_string() } else { format!("{count} tokens") };
            format!("{} {what} onto {to}", v.says(colour, "release", "releases"))
        }
        E::Rescued { colour, to } => format!("{} a token from limbo onto {to}", v.says(colour, "rescue", "rescues")),
        E::Moved { colour, from, to, steps, route, plus_ten } => {
            let how = match route {
                Route::Bridge => " by the bridge",
                Route::Perimeter => "",
            };
            let (from, to) = (poleana_spot(from), poleana_spot(to));
            if plus_ten {
                format!("{} token walks the +10 its capture earned, from {from} to {to}{how}", v.whose(colour))
            } else {
                format!("{} token walks {steps} from {from} to {to}{how}", v.whose(colour))
            }
        }
        E::TaponMoved { colour, from, to, steps, plus_ten } => {
            let steps = if plus_ten { "the +10 its capture earned,".to_string() } else { steps.to_string() };
            format!("{} tapón walks {steps} from {from} to {to}, both tokens together", v.whose(colour))
        }
        E::Captured { by, victim, at, count } => {
            let home = if count == 1 { "it goes" } else { "they go" };
            let captures = v.says(by, "capture", "captures");
            format!("{captures} {} {} on {at}: {home} back to start", v.whose(victim), tokens_word(count))
        }
        E::PlusTenLost { colour, at } => {
            format!("{} +10 cannot be walked: the token stays on {}", v.whose(colour), poleana_spot(at))
        }
        E::Scored { colour } => format!("{} token reaches the goal", v.whose(colour)),
        E::Infraction { colour, cause } => {
            let commits = v.says(colour, "commit", "commits");
            match cause {
                Infraction::Priority => format!("{commits} an infraction: a choice of a better priority was open"),
                Infraction::ThirdDouble => format!("{commits} an infraction: a third double in a row"),
                Infraction::Timeout => format!("{commits} an infraction: the time to play ran out"),
            }
        }
        E::SentHome { colour, from, count } => {
            format!("the penalty sends {} {} on {from} back to start", v.whose(colour), tokens_word(count))
        }
        E::ToLimbo { colour } => format!("the penalty drops one of {} tokens from start into limbo", v.whose(colour)),
        E::Passed { colour, roll } => format!("{} {roll}: the roll passes", v.says(colour, "cannot use", "cannot use")),
        E::DieLost { colour, die } => {
            format!("{} the {die} left: it is lost", v.says(colour, "cannot use", "cannot use"))
        }
        E::ExtraRoll { colour } => format!("a double: {} again", v.says(colour, "roll", "rolls")),
        E::TurnPassed { to } => turn_of(v.who(to)),
        E::GameOver { outcome: Outcome::Standard(winner) } => {
            v.says(winner, "bring every token to the goal and win", "brings every token to the goal and wins")
        }
        E::GameOver { outcome: Outcome::Special(quiet) } => {
            let win = if quiet.len() == 1 { "wins" } else { "win" };
            let quiet = colour_list(quiet);
            format!("special victory: a token reached a goal while {quiet} had never moved, so {quiet} {win}")
        }
    };
    capitalised(sentence)
}

/// A Parchís place of a token whose owner is `its` (`your`, `its`) in a sentence.
fn parchis_spot(spot: parchis::Spot, its: &str) -> String {
    match spot {
        parchis::Spot::Home => "home".to_string(),
        parchis::Spot::Track(n) => n.to_string(),
        parchis::Spot::Corridor(k) => format!("c{k} of {its} corridor"),
        parchis::Spot::Goal => "the goal".to_string(),
    }
}

/// The dice that are still to play, as a phrase: `the 5`, `the 5 and the 3`.
fn dice_phrase(dice: [Option<Die>; 2]) -> String {
    let named: Vec<String> = dice.iter().flatten().map(|d| format!("the {d}")).collect();
    if named.is_empty() { "the dice".to_string() } else { named.join(" and ") }
}

/// One Parchís event as a sentence, for the human who plays the colours `mine`.
fn parchis_sentence(event: parchis::Event, mine: ColourSet) -> String {
    use parchis::{Count, Event as E};
    let v = Voice { mine };
    let sentence = match event {
        E::Rolled { colour, roll } => format!("{} {roll}", v.says(colour, "roll", "rolls")),
        E::Exited { colour, to, by } => {
            let with = match by {
                Count::Sum => "the sum of the dice".to_string(),
                Count::Die(n) | Count::Bonus(n) => format!("the {n}"),
            };
            format!("{} a token out of home onto {to} with {with}", v.says(colour, "bring", "brings"))
        }
        E::Moved { colour, from, to, steps, by } => {
            let with = match by {
                Count::Die(n) if n == steps => String::new(),
                Count::Die(n) => format!(" with its {n}"),
                Count::Bonus(_) => " as a bonus".to_string(),
                Count::Sum => " with the sum".to_string(),
            };
            let its = if v.is_you(colour) { "your" } else { "its" };
            let (from, to) = (parchis_spot(from, its), parchis_spot(to, its));
            format!("{} token walks {steps}{with} from {from} to {to}", v.whose(colour))
        }
        E::Captured { by, victim, at } => {
            format!("{} {} token on {at}: it goes home", v.says(by, "capture", "captures"), v.whose(victim))
        }
        E::BonusEarned { colour, amount } => {
            let why = if amount == 20 { "for the capture" } else { "for reaching the goal" };
            format!("{} a bonus move of {amount} {why}", v.says(colour, "earn", "earns"))
        }
        E::BonusLost { colour, amount } => {
            format!("{} bonus of {amount} has no use and is lost", v.whose(colour))
        }
        E::Scored { colour } => format!("{} token reaches the goal", v.whose(colour)),
        E::Ceded { from, to } => {
            let partner = v.says(to, "play them, as the partner", "plays them, as the partner");
            format!("{} the dice: {partner}", v.says(from, "cannot use", "cannot use"))
        }
        E::DiceLost { colour, dice } => {
            let lost = if dice.iter().flatten().count() == 1 { "it is lost" } else { "they are lost" };
            format!("{} {}: {lost}", v.says(colour, "cannot use", "cannot use"), dice_phrase(dice))
        }
        E::ThirdDouble { colour } => {
            format!("{} a third double in a row: it is not played", v.says(colour, "roll", "rolls"))
        }
        E::SentHome { colour, from } => format!("the third double sends {} token on {from} home", v.whose(colour)),
        E::TimedOut { colour } => format!("{} out of time", v.says(colour, "run", "runs")),
        E::ExtraRoll { colour } => format!("a double: {} again", v.says(colour, "roll", "rolls")),
        E::TurnPassed { to } => turn_of(v.who(to)),
        E::GameOver { outcome } => {
            let winners = outcome.winners;
            match winners.iter().next() {
                Some(only) if winners.len() == 1 => {
                    v.says(only, "bring every token to the goal and win", "brings every token to the goal and wins")
                }
                _ => format!("{} bring every token to the goal and win", colour_list(winners)),
            }
        }
    };
    capitalised(sentence)
}

/// `your turn`, `Blue's turn`.
fn turn_of(who: String) -> String {
    if who == "you" { "your turn".to_string() } else { format!("{who}'s turn") }
}

/// `Blue (seat 1)`.
fn seat_name(seat: Seat) -> String {
    format!("{} (seat {seat})", seat_colour(seat))
}

/// The colour a Cartas seat's tokens have: `Blue` for seat 1.
fn seat_colour(seat: Seat) -> &'static str {
    Colour::from_index(seat.index()).map_or("?", title)
}

/// A card in a sentence: `an ace`, `a 7`, `an 8`, `a 10`, `a joker`.
fn card_phrase(rank: Rank) -> &'static str {
    match rank {
        Rank::Ace => "an ace",
        Rank::Two => "a 2",
        Rank::Three => "a 3",
        Rank::Four => "a 4",
        Rank::Five => "a 5",
        Rank::Six => "a 6",
        Rank::Seven => "a 7",
        Rank::Eight => "an 8",
        Rank::Nine => "a 9",
        Rank::Ten => "a 10",
        Rank::Jack => "a jack",
        Rank::Queen => "a queen",
        Rank::King => "a king",
        Rank::Joker => "a joker",
    }
}

/// A card the event may not show: `a card`.
fn maybe_card(card: Option<Rank>) -> &'static str {
    card.map_or("a card", card_phrase)
}

/// The cards of a hand as the board shows them: `3 4 8 T *`.
fn hand_letters(cards: Cards) -> String {
    let letters: Vec<String> = cards.cards().map(|r| r.letter().to_string()).collect();
    if letters.is_empty() { "-".to_string() } else { letters.join(" ") }
}

/// How Cartas sentences name a seat for the human at `me`: `you`, or its colour.
#[derive(Clone, Copy)]
struct Seats {
    me: Seat,
}

impl Seats {
    fn says(self, seat: Seat, you: &str, they: &str) -> String {
        if seat == self.me { format!("you {you}") } else { format!("{} {they}", seat_colour(seat)) }
    }

    fn who(self, seat: Seat) -> String {
        if seat == self.me { "you".to_string() } else { seat_colour(seat).to_string() }
    }

    fn whose(self, seat: Seat) -> String {
        if seat == self.me { "your".to_string() } else { format!("{}'s", seat_colour(seat)) }
    }

    /// `its` or `your`, for a seat's own things.
    fn its(self, seat: Seat) -> &'static str {
        if seat == self.me { "your" } else { "its" }
    }
}

/// What a Cartas play does, in the notation after the card's colon: `12+3, 40+4/c`, `out`.
fn use_of(action: CartasAction) -> String {
    let text = action.to_string();
    let after = text.split_once(':').map_or(text.as_str(), |(_, rest)| rest);
    after.replace(',', ", ")
}

/// One Cartas event as a sentence, for the human at seat `me`. The cards an event carries are
/// named as it carries them: the human's stream (`Event::seen_by`) has already hidden those it
/// may not see.
fn cartas_sentence(event: cartas::Event, me: Seat) -> String {
    use cartas::{Event as E, Spot};
    let s = Seats { me };
    let left = |seat: Seat| Seat::ALL[(seat.index() + 1) % cartas::SEATS];
    let sentence = match event {
        E::RoundStarted { round, first, cards } => {
            let lead = if first == me { "you lead".to_string() } else { format!("{} leads", seat_name(first)) };
            format!("the round ends; round {} deals {cards} cards each, and {lead}", u32::from(round) + 1)
        }
        E::Reshuffled { cards } => format!("the {cards} discards are shuffled back into the draw pile"),
        E::Dealt { to, card } => {
            if to == me {
                format!("you are dealt {}", maybe_card(card))
            } else {
                format!("{} is dealt {}", s.who(to), maybe_card(card))
            }
        }
        E::Chose { seat, card } => {
            let to = left(seat);
            let lays = s.says(seat, "lay", "lays");
            format!("{lays} {} face down for {}", maybe_card(card), s.who(to))
        }
        E::Received { seat, from, card } => {
            if seat == me {
                format!("you receive {} from {}", maybe_card(card), s.who(from))
            } else if from == me {
                format!("{} receives {}, the card you passed", s.who(seat), maybe_card(card))
            } else {
                format!("{} receives {} from {}", s.who(seat), maybe_card(card), s.who(from))
            }
        }
        E::Played { seat, action } => {
            let card = match (action.card(), action.named()) {
                (Some(Rank::Joker), Some(named)) if named != Rank::Joker => {
                    format!("a joker as {}", card_phrase(named))
                }
                (Some(card), _) => card_phrase(card).to_string(),
                (None, _) => "no card".to_string(),
            };
            let plays = s.says(seat, "play", "plays");
            match action {
                CartasAction::Pass(rank) => format!("{} {}", s.says(seat, "pass", "passes"), card_phrase(rank)),
                CartasAction::Timeout => format!("{} out of time", s.says(seat, "run", "runs")),
                CartasAction::Steal { from, .. } => {
                    let whom = if from == me { "you".to_string() } else { seat_name(from) };
                    format!("{plays} {card}: {}, to take a card from {whom}", use_of(action))
                }
                CartasAction::SwapOwn { .. } => {
                    format!(
                        "{plays} {card}: own, swapping two of {} own tokens (the board stays as it was)",
                        s.its(seat)
                    )
                }
                CartasAction::Out { .. }
                | CartasAction::Move { .. }
                | CartasAction::Back { .. }
                | CartasAction::Seven { .. }
                | CartasAction::Swap { .. } => format!("{plays} {card}: {}", use_of(action)),
            }
        }
        E::BroughtOut { seat, cell } => {
            format!("{} token comes out onto {cell}, {} start, where it blocks", s.whose(seat), s.its(seat))
        }
        E::Moved { seat, from, to } => {
            let corridor = |spot: Spot| match spot {
                Spot::Corridor(_) => format!("{spot} of {} corridor", s.its(seat)),
                Spot::Track(_) | Spot::Home => spot.to_string(),
            };
            let back = match (from, to) {
                (Spot::Track(a), Spot::Track(b)) => (a + cartas::TRACK - b) % cartas::TRACK == 4,
                _ => false,
            };
            let walks = if back { "walks back" } else { "walks" };
            format!("{} token {walks} from {} to {}", s.whose(seat), corridor(from), corridor(to))
        }
        E::Captured { seat, cell, by } => {
            format!("{} {} token on {cell}: it goes home", s.says(by, "capture", "captures"), s.whose(seat))
        }
        E::Swapped { seat, cell, with, other } => {
            format!("{} token on {cell} and {} token on {other} change places", s.whose(seat), s.whose(with))
        }
        E::Stole { thief, victim, card } => {
            if victim == me {
                format!("{} {} from your hand", s.says(thief, "take", "takes"), maybe_card(card))
            } else {
                format!("{} {} from {}'s hand", s.says(thief, "take", "takes"), maybe_card(card), seat_colour(victim))
            }
        }
        E::TimedOut { seat } => format!("{} out of time", s.says(seat, "run", "runs")),
        E::Folded { seat, cards } => {
            if seat == me {
                format!(
                    "you cannot play: your hand ({}) is folded face up, and you sit out until the next round",
                    hand_letters(cards)
                )
            } else {
                format!(
                    "{} cannot play: its hand ({}) is folded face up, and it sits out until the next round",
                    s.who(seat),
                    hand_letters(cards)
                )
            }
        }
        E::TurnPassed { to } => turn_of(s.who(to)),
        E::Won { outcome } => {
            let winner = outcome.winner();
            if winner == me {
                "you have all four tokens in your corridor and win".to_string()
            } else {
                format!("{} has all four tokens in its corridor and wins", s.who(winner))
            }
        }
    };
    capitalised(sentence)
}

/// Why the hand `cards` of seat `me` had no legal use on `board`. What a fold proves is said
/// for each kind of card the hand holds: a seat folds only when no card of it has a use.
fn fold_reason(board: &Board, me: Seat, cards: Cards) -> String {
    let home = board.at_home(me);
    let corridor = board.in_corridor(me);
    let track = cartas::TOKENS - home - corridor;
    let holds = |ranks: &[Rank]| cards.ranks().any(|r| ranks.contains(&r));
    let mut why = Vec::new();
    if track == 0 && corridor == 0 {
        why.push("all four of your tokens are at home, and only an ace, a king or a joker brings one out".to_string());
    } else {
        if track == 0 {
            why.push(
                "your tokens out are all in your corridor, where a token walks only forward, by the exact count, \
                 never past another"
                    .to_string(),
            );
        } else {
            why.push(
                "no walk fits: a token may not pass a token blocking its start, nor land on one of your own tokens \
                 or on a blocking one, nor walk past the end of your corridor"
                    .to_string(),
            );
        }
        if home > 0 && holds(&[Rank::Ace, Rank::King, Rank::Joker]) {
            why.push("no token can come out: one of your own stands on your start".to_string());
        }
        if holds(&[Rank::Jack]) {
            why.push("a jack finds no swap: it needs a token of yours on the track and another token there, neither blocking its start".to_string());
        }
    }
    if holds(&[Rank::Two]) {
        why.push("a 2 finds no other seat holding a card to take".to_string());
    }
    why.join("; ")
}

// ---------------------------------------------------------------------------------------------
// Help: the commands, and the notation of the game being played.

const COMMANDS: &str = "\
Commands:
  1, 2, ...  play the choice with that number (or type the choice itself)
  ?          a hint from the medium bot
  help       this help
  q          quit
";

const POLEANA_NOTATION: &str = "\
Poleana notation (docs/rules/poleana.md):
  Cells: Y12 is cell 12 of Yellow's side (B, R, G the others'); Y4' your own 4
  on the way home; bY3 cell 3 of Yellow's bridge; 1c..6c your house, 7c the goal
  release    5+1, 4+2, 3+3, 6+6 bring a token out onto your 0 (6+3: your 3)
  rescue     a release roll brings a token back from limbo onto your 0
  sweep      the police send home every rival on a police cell the roll shows
  Y12+5      the token on Y12 walks 5 (one die, or the sum of both)
  R14+8/b    the token on R14 walks 8 up the bridge (/b)
  2xB3+4     the tapon (two tokens) on B3 walks 4 as one, on a double
  +10  +10/b where the +10 a capture earns walks: round the board, or the bridge
";

const PARCHIS_NOTATION: &str = "\
Parchis notation (docs/rules/parchis.md):
  Cells: the track 1..68 by number; c1..c7 your corridor; goal; home.
  23+4       the token on 23 plays the 4
  home+5     a 5 brings a token out of home onto your exit
  home+sum   the 3+2 or 4+1 sum brings a token out, spending both dice
  40+20      the token on 40 walks the bonus of 20 a capture earns
  c3+10      the token on c3 walks the bonus of 10 that reaching the goal earns
";

const CARTAS_NOTATION: &str = "\
Cartas notation (docs/rules/cartas.md):
  Cards: A 2 3 4 5 6 7 8 9 T J Q K * (T is the ten, * the joker). Cells: the
  track 0..63, c1..c4 your corridor, h home. A choice is a card, a colon, a use:
  pass:7         in the exchange, pass a 7 face down to the seat on your left
  A:out          bring a token out onto your start (with an A, a K or a joker)
  5:12+5         the token on 12 walks 5
  5:61+5/c       the token on 61 walks 5, turning into your corridor on the way
  3:c1+3         a token walks on inside your corridor
  4:20-4         the token on 20 walks 4 backward
  7:12+3,40+4/c  a 7 split: 3 steps for the token on 12, 4 for the one on 40
                 (/c: that one turns into your corridor)
  J:12~40        swap your token on 12 with the token on 40
  J:own          swap two of your own tokens (nothing moves)
  2:steal3       take a random card from the hand of seat 3
  *:12+13        a joker, here played as a king (13); *:steal1 as a 2, seat 1
";

/// What `help` prints: the notation of the variant's game, then the commands.
fn help(variant: &Variant) -> String {
    let notation = match variant {
        Variant::Poleana(_) => POLEANA_NOTATION,
        Variant::Parchis(_) => PARCHIS_NOTATION,
        Variant::Cartas(_) => CARTAS_NOTATION,
    };
    format!("{notation}{COMMANDS}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use fichas::game::Game;

    fn parse(line: &str) -> Result<(Variant, Seat), String> {
        let cli = Cli::try_parse_from(line.split_whitespace()).map_err(|e| e.to_string())?;
        variant_and_seat(&cli)
    }

    /// What the human at `me` is told of the last step of `game`, from its own stream.
    fn told(game: &Game, me: usize) -> Vec<String> {
        let me = Seat::ALL[me];
        let news: Vec<Event> = game.last_events().iter().map(|e| e.seen_by(me)).collect();
        narrate(&news, game.variant(), me, &game.view(me))
    }

    /// A game from `position` after `action`, or after the chance outcome `roll` then `action`.
    fn after(position: &str, roll: Option<&str>, action: Option<&str>) -> Game {
        let mut game = Game::from_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
        if let Some(roll) = roll {
            let outcome = game.state().parse_chance(roll).unwrap();
            game.apply_chance(outcome).unwrap();
        }
        if let Some(action) = action {
            game.play_text(action).unwrap_or_else(|e| panic!("{action}: {e}"));
        }
        game
    }

    /// Plays a game at a table with these command-line words, the human typing `input`: the
    /// transcript, and the table as the game ended.
    fn transcript(line: &str, input: &[&str]) -> (String, Table) {
        let cli = Cli::try_parse_from(line.split_whitespace()).unwrap();
        let (variant, me) = variant_and_seat(&cli).unwrap();
        let game = Setup { variant, me, seed: cli.seed, opponents: cli.opponents };
        let mut input = input.iter().map(|s| s.to_string());
        let mut out = Vec::new();
        let table = play(&game, &mut input, &mut out, false).unwrap();
        (String::from_utf8(out).unwrap(), table)
    }

    #[test]
    fn poleana_events_are_told_as_sentences() {
        // Yellow walks 4 onto Red's token on Yellow's corner, captures it, and walks its +10.
        let game = after("poleana:2 turn=Y roll=4-1 Y=Y1,Y5,start,start R=R3,Y9,start,start", None, Some("Y5+4"));
        assert_eq!(
            told(&game, 0),
            [
                "Your token walks 4 from Y5 to Y9",
                "You capture Red's token on Y9: it goes back to start",
                "Your token walks the +10 its capture earned, from Y9 to B4",
            ]
        );
        assert_eq!(told(&game, 1)[1], "Yellow captures your token on Y9: it goes back to start");
        let game = after("poleana:2 turn=Y Y=start,start,start,start R=start,start,start,start", Some("5-3"), None);
        assert_eq!(told(&game, 1), ["Yellow rolls 5-3", "Yellow cannot use 5-3: the roll passes"]);
        let game =
            after("poleana:2 turn=Y Y=start,start,start,start R=start,start,start,start", Some("5-1"), Some("release"));
        assert_eq!(told(&game, 1), ["Yellow releases a token onto Y0"]);
        use poleana::{Event as E, Outcome, Spot};
        let yellow = ColourSet::of(&[Colour::Yellow]);
        let r14 = Spot::Side { side: Colour::Red, number: 14, homeward: false };
        let captured = E::Captured { by: Colour::Green, victim: Colour::Red, at: r14, count: 1 };
        assert_eq!(poleana_sentence(captured, yellow), "Green captures Red's token on R14: it goes back to start");
        assert_eq!(poleana_sentence(E::ExtraRoll { colour: Colour::Yellow }, yellow), "A double: you roll again");
        let special = E::GameOver { outcome: Outcome::Special(ColourSet::of(&[Colour::Blue])) };
        assert_eq!(
            poleana_sentence(special, yellow),
            "Special victory: a token reached a goal while Blue had never moved, so Blue wins"
        );
    }

    #[test]
    fn parchis_events_are_told_as_sentences() {
        // A 5 brings Yellow's token out onto its exit.
        let position = "parchis turn=Y roll=5-3 Y=5,12,12,home B=22,23,c3,goal R=40,home,home,home G=56,57,68,goal";
        let game = after(position, None, Some("home+5"));
        assert_eq!(told(&game, 0), ["You bring a token out of home onto 5 with the 5"]);
        assert_eq!(told(&game, 1), ["Yellow brings a token out of home onto 5 with the 5"]);
        // Pairs: Yellow walks 6 onto Blue's token on 26, captures it and earns 20.
        let position = "parchis:pairs turn=Y roll=6-2 Y=5,20,home,home B=22,c7,goal,26 R=41,12,home,home \
                        G=home,home,home,home";
        let game = after(position, None, Some("20+6"));
        assert_eq!(
            told(&game, 1),
            [
                "Yellow's token walks 6 from 20 to 26",
                "Yellow captures your token on 26: it goes home",
                "Yellow earns a bonus move of 20 for the capture",
            ]
        );
        use parchis::Event as E;
        let you = ColourSet::of(&[Colour::Yellow]);
        let lost = E::DiceLost { colour: Colour::Red, dice: [Die::new(5), Die::new(3)] };
        assert_eq!(parchis_sentence(lost, you), "Red cannot use the 5 and the 3: they are lost");
        let moved = E::Moved {
            colour: Colour::Yellow,
            from: parchis::Spot::Corridor(2),
            to: parchis::Spot::Goal,
            steps: 6,
            by: parchis::Count::Die(6),
        };
        assert_eq!(parchis_sentence(moved, you), "Your token walks 6 from c2 of your corridor to the goal");
    }

    #[test]
    fn cartas_events_are_told_as_sentences() {
        // Blue walks 8 from 21 onto Green's token on 29, seen by seat 2.
        let position = "cartas round=2 stage=play turn=1 tokens=0!,10,c1/21,60/32!,45,c2/29,50 \
                        hands=5QQ9/8A3K/7T*/46 gave=3/J/K/2 thefts=0>3:Q \
                        discards=AAA222233344455566677788899TTTJJJKKK**2";
        let game = after(position, None, Some("8:21+8"));
        assert_eq!(
            told(&game, 2),
            [
                "Blue plays an 8: 21+8",
                "Blue's token walks from 21 to 29",
                "Blue captures Green's token on 29: it goes home"
            ]
        );
        // A 7 in two shares, one turning into the corridor, seen by the seat that plays it.
        let position = "cartas round=3 stage=play turn=0 tokens=10,62,c3,c4/16!,40/33,c4/- \
                        hands=7K/5J8/A44/QT9 gave=3/5/Q/A thefts=3>0:9 \
                        discards=AAAA22223333444555566667777888899TTTJJJQQQKKK**";
        let game = after(position, None, Some("7:62+4/c,10+3"));
        assert_eq!(
            told(&game, 0),
            [
                "You play a 7: 10+3, 62+4/c",
                "Your token walks from 10 to 13",
                "Your token walks from 62 to c2 of your corridor",
            ]
        );
        // A theft: the thief and the victim see the card, the others only who took from whom.
        let position = "cartas round=2 stage=theft turn=0 victim=3 tokens=0!,10,c1/21,60/32!,45,c2/29,50 \
                        hands=59Q/8A3K/7T*/46Q gave=3/J/K/2 discards=AAA222233344455566677788899TTTJJJKKK**2";
        let game = after(position, Some("Q"), None);
        assert_eq!(told(&game, 0)[0], "You take a queen from Green's hand");
        assert_eq!(told(&game, 3)[0], "Yellow takes a queen from your hand");
        assert_eq!(told(&game, 2)[0], "Yellow takes a card from Green's hand");
        use cartas::Event as E;
        let me = Seat::ALL[0];
        let round = E::RoundStarted { round: 1, first: Seat::ALL[1], cards: 5 };
        assert_eq!(cartas_sentence(round, me), "The round ends; round 2 deals 5 cards each, and Blue (seat 1) leads");
        let steal = E::Played { seat: Seat::ALL[0], action: "*:steal1".parse().unwrap() };
        assert_eq!(cartas_sentence(steal, me), "You play a joker as a 2: steal1, to take a card from Blue (seat 1)");
        let seven = E::Played { seat: Seat::ALL[1], action: "7:12+3,40+4".parse().unwrap() };
        assert_eq!(cartas_sentence(seven, me), "Blue plays a 7: 12+3, 40+4");
    }

    #[test]
    fn a_folded_hand_is_told_and_why_before_the_round_goes_on() {
        // The game of the report: after a theft, the hand holds no card that brings a token out.
        let (text, _) = transcript("play cartas --opponents medium --seed 7", &["1", "2", "q"]);
        assert!(!text.contains("· {"), "no event as JSON:\n{text}");
        let fold = text.find("  · You cannot play: your hand (3 4 8 8 T T) is folded face up").expect(&text);
        let why =
            text.find("  · Why: all four of your tokens are at home, and only an ace, a king or a joker").expect(&text);
        let round = text.find("  · The round ends; round 2").expect(&text);
        assert!(fold < why && why < round, "{text}");
        // Tokens out, and no walk for them.
        let board: Board = "20,21/-/-/-".parse().unwrap();
        let why = fold_reason(&board, Seat::ALL[0], "2T".parse().unwrap());
        assert!(
            why.starts_with("no walk fits") && why.ends_with("a 2 finds no other seat holding a card to take"),
            "{why}"
        );
    }

    #[test]
    fn help_explains_the_notation_of_the_game_and_the_commands() {
        for (variant, examples) in [
            ("poleana", &["Y12+5", "R14+8/b", "release", "+10/b"][..]),
            ("poleana-express:3", &["Y12+5", "2xB3+4"][..]),
            ("parchis:pairs", &["home+sum", "40+20", "home+5"][..]),
            ("cartas", &["*:steal1", "7:12+3,40+4/c", "pass:7", "J:own", "T is the ten"][..]),
        ] {
            let text = help(&variant.parse().unwrap());
            for example in examples {
                assert!(text.contains(example), "{variant}: {example} in\n{text}");
            }
            for command in ["help", "?", "q ", "Commands"] {
                assert!(text.contains(command), "{variant}: {command} in\n{text}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        }
    }

    /// The property run-tests checked on the JSON lines, now on the sentences: the human at
    /// seat 2 learns no card dealt to, passed between or stolen from other seats.
    #[test]
    fn a_whole_cartas_game_for_seat_2_names_no_card_of_another_seat() {
        let (text, table) = transcript("play cartas --seat 2 --seed 3", &["1"; 100_000]);
        assert!(text.contains("Game over"), "{}", &text[text.len().saturating_sub(2000)..]);
        // Sentences wrapped onto a second line read as one.
        let text = text.replace("\n    ", " ");
        let me = Seat::ALL[2];
        let mut hidden = 0;
        for delivered in table.events(0) {
            let Event::Cartas(truth) = delivered.event else { continue };
            let Event::Cartas(shown) = delivered.event.seen_by(me) else { continue };
            if truth == shown {
                continue;
            }
            hidden += 1;
            // Told with its card, the event would read otherwise; that sentence is never shown.
            let leak = cartas_sentence(truth, me);
            assert_ne!(leak, cartas_sentence(shown, me));
            assert!(!text.contains(&leak), "{leak}");
        }
        assert!(hidden > 100, "the game hid {hidden} cards from seat 2");
        // What seat 2 may see it is told.
        assert!(text.contains("· You are dealt ") && text.contains("· You receive "), "{text}");
        // An exchange card appears only in the human's own numbered choices, never in another line.
        let numbered =
            |line: &str| line.trim_start().split_once(") pass:").is_some_and(|(n, _)| n.parse::<u8>().is_ok());
        let others: Vec<&str> = text.lines().filter(|l| l.contains("pass:") && !numbered(l)).collect();
        assert!(others.is_empty(), "{others:?}");
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
