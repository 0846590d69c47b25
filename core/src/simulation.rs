//! Batch simulation: many games on each game's fast path, played at random or by bots.
//!
//! Every game gets its own generator, seeded from the batch seed and the game's index, so a
//! batch gives the same games whatever the number of threads that play it. The chance events
//! and the random seats draw from that generator; each bot gets its own seed, made from the
//! batch seed, the game's index and its seat, and its choices depend only on that seed and what
//! its seat sees (see [`crate::bot`]). A batch can be ended early from another thread with
//! [`simulate_seats_with_stop`].
//!
//! ```
//! use fichas::simulation::{GameSummary, play_random, game_rng};
//! let variant = "parchis:pairs".parse().unwrap();
//! let summary: GameSummary = play_random(variant, &mut game_rng(7, 0));
//! assert!(summary.winners != 0);
//! assert_eq!(summary, play_random(variant, &mut game_rng(7, 0)), "same seed, same game");
//! ```

use core::fmt;
use core::str::FromStr;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bot::{Bot, Kind, Level, Strength};
#[cfg(feature = "std")]
use crate::bot::{Stop, with_stop};
use crate::chance::below;
use crate::events::EventSink;
use crate::game::{self, Variant};
use crate::notation::ParseError;
use crate::phase::{Phase, PlayError};
use crate::rules::Rules;
use crate::seat::Seat;
use crate::{cartas, parchis, poleana};

/// What one game produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameSummary {
    /// The winning seats, as bits (bit `i` for seat `i`).
    pub winners: u8,
    /// Whether Poleana's special victory decided it.
    pub special: bool,
    /// Turns played (a turn is one colour's rolls until the next colour's).
    pub turns: u32,
    /// Decisions taken.
    pub decisions: u32,
    /// Captures made.
    pub captures: u32,
    /// Whether the game was cut off, unfinished, at the batch's most decisions (see
    /// [`MAX_DECISIONS`]): it has no winner. The rules have no draw, so this is never an
    /// outcome of the game, only the simulation's bound on its loop.
    pub truncated: bool,
}

/// The most decisions a simulated game plays unless its batch says otherwise: past them the
/// game is cut off and reported as [`GameSummary::truncated`]. Random players end every game
/// long before: the longest of 100,000 random games of each variant took 1,298 decisions in
/// Poleana, 573 in Parchís and 3,108 in Cartas. A game still going at this bound is in a loop
/// (a player that always takes the first legal action can walk Cartas' tokens round and
/// round forever).
pub const MAX_DECISIONS: u32 = 20_000;

impl GameSummary {
    /// The winning seats in order.
    pub fn winning_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| self.winners & (1 << s.index()) != 0)
    }

    /// The first winning seat (for a side of two, the lower seat).
    pub fn winner(&self) -> Option<Seat> {
        self.winning_seats().next()
    }

    /// Each seat's part of this game's win, in twelfths: a finished game's one win is shared
    /// equally among its winners (12 for a lone winner, 6 for each seat of a winning side, 4
    /// for each of three quiet players sharing Poleana's special victory, 3 for each of four),
    /// so the parts of every finished game add up to exactly 12. All 0 for a truncated game.
    ///
    /// ```
    /// use fichas::simulation::GameSummary;
    /// let side = GameSummary { winners: 0b0101, ..GameSummary::default() };
    /// assert_eq!(side.win_twelfths(), [6, 0, 6, 0]);
    /// ```
    pub fn win_twelfths(&self) -> [u64; 4] {
        let mut parts = [0; 4];
        if let Some(part) = 12u64.checked_div(u64::from(self.winners.count_ones())) {
            for seat in self.winning_seats() {
                parts[seat.index()] = part;
            }
        }
        parts
    }
}

/// How the seats of a simulated game choose their actions.
///
/// Read from text: `random`, `greedy`, `search`, `easy`, `medium`, `hard` or `expert`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Policy {
    /// A uniformly random legal action, drawn from the game's generator: the games of
    /// [`play_random`].
    #[default]
    Random,
    /// The greedy bot ([`Kind::Greedy`]).
    Greedy,
    /// The searching bot with its default budget ([`Kind::Search`], [`crate::bot::Budget::MEDIUM`]).
    Search,
    /// The bot of [`Level::Easy`] (greedy).
    Easy,
    /// The bot of [`Level::Medium`] (search with [`crate::bot::Budget::MEDIUM`]).
    Medium,
    /// The bot of [`Level::Hard`] (search with [`crate::bot::Budget::HARD`]).
    Hard,
    /// The bot of [`Level::Expert`] (the learned evaluator).
    Expert,
    /// A bot of any strength, such as a search with a budget of one's own.
    Bot(Strength),
}

impl Policy {
    /// The bot this policy plays with; `None` for [`Policy::Random`], which draws from the
    /// game's generator instead.
    pub fn strength(self) -> Option<Strength> {
        match self {
            Policy::Random => None,
            Policy::Greedy => Some(Kind::Greedy.into()),
            Policy::Search => Some(Kind::Search.into()),
            Policy::Easy => Some(Level::Easy.into()),
            Policy::Medium => Some(Level::Medium.into()),
            Policy::Hard => Some(Level::Hard.into()),
            Policy::Expert => Some(Level::Expert.into()),
            Policy::Bot(strength) => Some(strength),
        }
    }
}

impl From<Strength> for Policy {
    fn from(strength: Strength) -> Policy {
        Policy::Bot(strength)
    }
}

impl From<Level> for Policy {
    fn from(level: Level) -> Policy {
        match level {
            Level::Easy => Policy::Easy,
            Level::Medium => Policy::Medium,
            Level::Hard => Policy::Hard,
            Level::Expert => Policy::Expert,
        }
    }
}

impl From<Kind> for Policy {
    fn from(kind: Kind) -> Policy {
        match kind {
            Kind::Random => Policy::Random,
            Kind::Greedy => Policy::Greedy,
            Kind::Search => Policy::Search,
            Kind::Expert => Policy::Expert,
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Search => "search",
            Policy::Easy => "easy",
            Policy::Medium => "medium",
            Policy::Hard => "hard",
            Policy::Expert => "expert",
            Policy::Bot(strength) => return write!(f, "{strength}"),
        })
    }
}

impl FromStr for Policy {
    type Err = ParseError;

    /// Reads `random`, `greedy`, `search`, `easy`, `medium`, `hard` or `expert`, or a search with
    /// a budget of its own as [`Strength`] reads it (`search:iterations=800`).
    fn from_str(text: &str) -> Result<Policy, ParseError> {
        const NAMES: [(&str, Policy); 7] = [
            ("random", Policy::Random),
            ("greedy", Policy::Greedy),
            ("search", Policy::Search),
            ("easy", Policy::Easy),
            ("medium", Policy::Medium),
            ("hard", Policy::Hard),
            ("expert", Policy::Expert),
        ];
        match NAMES.iter().find(|(name, _)| *name == text) {
            Some(&(_, policy)) => Ok(policy),
            None => text.parse::<Strength>().map(Policy::Bot),
        }
    }
}

/// The seed of the bot on `seat` in game `index` of a batch seeded with `seed`.
pub fn bot_seed(seed: u64, index: u64, seat: Seat) -> u64 {
    splitmix(splitmix(seed ^ splitmix(index)) ^ (seat.index() as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407))
}

/// The generator of game `index` of a batch seeded with `seed`.
pub fn game_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(splitmix(seed ^ splitmix(index)))
}

/// SplitMix64's mixing function: nearby inputs give unrelated outputs.
const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Counts captures while discarding every other event.
#[derive(Default)]
struct Captures(u32);

impl EventSink<poleana::Event> for Captures {
    #[inline]
    fn emit(&mut self, event: poleana::Event) {
        self.0 += u32::from(matches!(event, poleana::Event::Captured { .. }));
    }
}

impl EventSink<parchis::Event> for Captures {
    #[inline]
    fn emit(&mut self, event: parchis::Event) {
        self.0 += u32::from(matches!(event, parchis::Event::Captured { .. }));
    }
}

impl EventSink<cartas::Event> for Captures {
    #[inline]
    fn emit(&mut self, event: cartas::Event) {
        self.0 += u32::from(matches!(event, cartas::Event::Captured { .. }));
    }
}

/// What the simulation needs of a game beyond its fast path: turns, bots, outside deciders and
/// the summary of the outcome.
trait Simulated: Rules<Action: TryFrom<game::Action, Error = game::Action>> + Into<game::State> {
    fn turn_key(&self) -> u8;
    /// Plays the bot's choice for `seat`, from what that seat sees; `false` if it has none.
    fn play_bot(&mut self, bot: &Bot, seat: Seat, sink: &mut Captures) -> bool;
    fn summarise(&self, outcome: Self::Outcome) -> (u8, bool);

    /// What `seat` sees, for a decider outside the engine.
    fn view_of(&self, seat: Seat) -> game::View {
        (*self).into().view(seat)
    }

    /// Plays a decision made outside the engine, checked against the rules.
    fn play_checked(&mut self, action: game::Action, sink: &mut Captures) -> Result<(), PlayError>
    where
        Captures: EventSink<Self::Event>,
    {
        self.play_into(action.of_game()?, sink)
    }
}

/// Plays a uniformly random choice of `choices`, the listing of `state`, and lists the next
/// decision's into it: a list the game's loop keeps (a Cartas list holds 640 actions), filled
/// while the game settles the move.
fn play_any<P: Rules, R: Rng + ?Sized>(
    state: &mut P,
    choices: &mut P::Choices,
    rng: &mut R,
    sink: &mut impl EventSink<P::Event>,
) {
    match choices.get(below(rng, choices.len() as u32) as usize) {
        Some(&choice) => state.play_unchecked_and_list(&choice, sink, choices),
        None => state.legal_actions_into(choices),
    }
}

impl Simulated for poleana::State {
    fn turn_key(&self) -> u8 {
        self.turn() as u8
    }

    fn play_bot(&mut self, bot: &Bot, _: Seat, sink: &mut Captures) -> bool {
        let Some(choice) = bot.choose_poleana(self) else { return false };
        self.play_unchecked(&choice, sink);
        true
    }

    fn summarise(&self, outcome: poleana::Outcome) -> (u8, bool) {
        let seats = outcome.winners().iter().fold(0, |bits, c| bits | 1 << self.config().seat_of(c).index());
        (seats, outcome.is_special())
    }
}

impl Simulated for parchis::State {
    fn turn_key(&self) -> u8 {
        self.turn() as u8
    }

    fn play_bot(&mut self, bot: &Bot, _: Seat, sink: &mut Captures) -> bool {
        let Some(choice) = bot.choose_parchis(self) else { return false };
        self.play_unchecked(&choice, sink);
        true
    }

    fn summarise(&self, outcome: parchis::Outcome) -> (u8, bool) {
        (outcome.winners.iter().fold(0, |bits, c| bits | 1 << self.config().seat_of(c).index()), false)
    }
}

impl Simulated for cartas::State {
    /// A turn is a seat's play; dealing and the exchange are not turns.
    fn turn_key(&self) -> u8 {
        match self.stage() {
            cartas::Stage::Play => self.turn().index() as u8,
            _ => u8::MAX,
        }
    }

    /// The bot sees the seat's view only, never the hidden hands of the state.
    fn play_bot(&mut self, bot: &Bot, seat: Seat, sink: &mut Captures) -> bool {
        let Some(action) = bot.choose_cartas(&self.view(seat)) else { return false };
        self.play_unchecked(&action, sink);
        true
    }

    fn summarise(&self, outcome: cartas::Outcome) -> (u8, bool) {
        (1 << outcome.winner.index(), false)
    }
}

/// Who decides for a seat.
#[derive(Clone, Copy)]
enum Player {
    /// A uniformly random legal action, from the game's generator.
    Random,
    Bot(Bot),
    /// The decider passed to [`play_game_by`].
    Outside,
}

type Players = [Player; Seat::MAX];

/// A decider outside the engine (a person, a script, another program): given a seat and what
/// that seat sees, the action it takes.
pub type Decide<'a, E> = dyn FnMut(Seat, &game::View) -> Result<game::Action, E> + 'a;

fn run<P: Simulated, R: Rng + ?Sized, E: From<PlayError>>(
    mut state: P,
    rng: &mut R,
    players: &Players,
    max_decisions: u32,
    decide: &mut Decide<'_, E>,
) -> Result<GameSummary, E>
where
    Captures: EventSink<P::Event>,
{
    let mut summary = GameSummary::default();
    let mut captures = Captures::default();
    // The listing of `state` when `listed`: kept from the step before, so a position is
    // searched once.
    let (mut choices, mut listed) = (P::Choices::default(), false);
    let mut last_turn = None;
    loop {
        // A turn begins whenever a different seat (or colour) takes over; u8::MAX marks steps
        // that belong to no one's turn.
        let key = state.turn_key();
        if key != u8::MAX && last_turn != Some(key) {
            summary.turns += 1;
            last_turn = Some(key);
        }
        match state.seat_phase() {
            Phase::Chance => {
                state.roll_and_list(rng, &mut captures, &mut choices);
                listed = true;
            }
            Phase::Decide(_) if summary.decisions >= max_decisions => {
                summary.truncated = true;
                summary.captures = captures.0;
                return Ok(summary);
            }
            Phase::Decide(seat) => {
                match players[seat.index()] {
                    // A bot always has a choice when a seat decides; should one have none, the
                    // game still goes on at random.
                    Player::Bot(bot) if state.play_bot(&bot, seat, &mut captures) => listed = false,
                    Player::Outside => {
                        let action = decide(seat, &state.view_of(seat))?;
                        state.play_checked(action, &mut captures)?;
                        listed = false;
                    }
                    _ => {
                        if !listed {
                            state.legal_actions_into(&mut choices);
                        }
                        play_any(&mut state, &mut choices, rng, &mut captures);
                        listed = true;
                    }
                }
                summary.decisions += 1;
            }
            Phase::Over(outcome) => {
                (summary.winners, summary.special) = state.summarise(outcome);
                summary.captures = captures.0;
                return Ok(summary);
            }
        }
    }
}

/// Plays one whole game of `variant` with uniformly random choices (cut off at
/// [`MAX_DECISIONS`], which random players never reach in practice).
pub fn play_random<R: Rng + ?Sized>(variant: Variant, rng: &mut R) -> GameSummary {
    play_inside(variant, rng, &[Player::Random; Seat::MAX], MAX_DECISIONS)
}

/// Plays a game whose every seat is decided inside the engine, which cannot fail.
fn play_inside<R: Rng + ?Sized>(variant: Variant, rng: &mut R, players: &Players, max_decisions: u32) -> GameSummary {
    let mut nobody = |_: Seat, _: &game::View| -> Result<game::Action, PlayError> { Err(PlayError::NotChance) };
    play_with(variant, rng, players, max_decisions, &mut nobody).unwrap_or_default()
}

fn play_with<R: Rng + ?Sized, E: From<PlayError>>(
    variant: Variant,
    rng: &mut R,
    players: &Players,
    max_decisions: u32,
    decide: &mut Decide<'_, E>,
) -> Result<GameSummary, E> {
    match variant {
        Variant::Poleana(c) => run(poleana::State::new(c), rng, players, max_decisions, decide),
        Variant::Parchis(c) => run(parchis::State::new(c), rng, players, max_decisions, decide),
        Variant::Cartas(c) => run(cartas::State::new(c), rng, players, max_decisions, decide),
    }
}

/// The players of game `index` of a batch seeded with `seed`: seat `s` by entry
/// `s % count` of the seats' policies, `None` for the outside decider; every seat random when
/// `count` is 0.
fn players_of(count: usize, policy: impl Fn(usize) -> Option<Policy>, seed: u64, index: u64) -> Players {
    let mut players = [Player::Random; Seat::MAX];
    if count > 0 {
        for seat in Seat::ALL {
            players[seat.index()] = match policy(seat.index() % count) {
                None => Player::Outside,
                Some(policy) => seat_bot(policy, seed, index, seat).map_or(Player::Random, Player::Bot),
            };
        }
    }
    players
}

/// The bot that plays `policy` on `seat` in game `index` of a batch seeded with `seed`
/// (`None` for [`Policy::Random`], which draws from the game's generator): seeded with
/// [`bot_seed`], so a decider outside the engine that asks this bot with the seat's view (a
/// binding that runs a long search where Ctrl-C can stop it, see
/// [`Strength::may_think_long`]) makes the very choices the engine's own seat would, and the
/// batch plays the same games.
pub fn seat_bot(policy: Policy, seed: u64, index: u64, seat: Seat) -> Option<Bot> {
    policy.strength().map(|strength| Bot::new(strength, bot_seed(seed, index, seat)))
}

/// Plays game `index` of a batch seeded with `seed`: seat `s` plays by `seats[s % seats.len()]`
/// (every seat at random when `seats` is empty). Chance and the random seats draw from
/// [`game_rng`]`(seed, index)`, and the bot on seat `s` is seeded with [`bot_seed`]. With every
/// seat random, this is [`play_random`] with that generator. A game still going after
/// `max_decisions` decisions is cut off ([`GameSummary::truncated`]; [`MAX_DECISIONS`] is the
/// default of every batch).
///
/// ```
/// use fichas::simulation::{MAX_DECISIONS, Policy, play_game};
/// let variant = "poleana-express:3".parse().unwrap();
/// let seats = [Policy::Greedy, Policy::Random];
/// let summary = play_game(variant, &seats, 1, 0, MAX_DECISIONS);
/// assert_eq!(summary, play_game(variant, &seats, 1, 0, MAX_DECISIONS));
/// let cut = play_game(variant, &seats, 1, 0, 10);
/// assert!(cut.truncated && cut.winner().is_none() && cut.decisions == 10);
/// ```
pub fn play_game(variant: Variant, seats: &[Policy], seed: u64, index: u64, max_decisions: u32) -> GameSummary {
    let players = players_of(seats.len(), |i| Some(seats[i]), seed, index);
    play_inside(variant, &mut game_rng(seed, index), &players, max_decisions)
}

/// Plays game `index` as [`play_game`] does, the seats whose policy is `None` decided by
/// `decide`: a person, a script, a program outside the engine. `decide` gets the seat and its
/// view (in Cartas never another seat's cards) and returns the action to take. An error of
/// `decide`, or an action the rules refuse (as a [`PlayError`]), stops the game with that error.
/// A decider that never lets the game end (always the first legal action, say) is cut off
/// after `max_decisions`, as in [`play_game`].
///
/// ```
/// use fichas::game::{Action, View};
/// use fichas::phase::PlayError;
/// use fichas::simulation::{Policy, play_game_by};
/// use fichas::Seat;
///
/// // Seat 0 always takes the first legal action; seat 1 is the greedy bot.
/// let mut first = |_: Seat, view: &View| -> Result<Action, PlayError> {
///     Ok(view.legal_actions()[0].action())
/// };
/// let variant = "poleana-express:2".parse().unwrap();
/// let summary = play_game_by(variant, &[None, Some(Policy::Greedy)], 3, 0, 20_000, &mut first).unwrap();
/// assert!(summary.winner().is_some());
/// // In Cartas the first legal action can walk the tokens round and round: the bound ends it.
/// let looping = play_game_by("cartas".parse().unwrap(), &[None], 1, 0, 20_000, &mut first).unwrap();
/// assert!(looping.truncated && looping.winners == 0 && looping.decisions == 20_000);
/// ```
pub fn play_game_by<E: From<PlayError>>(
    variant: Variant,
    seats: &[Option<Policy>],
    seed: u64,
    index: u64,
    max_decisions: u32,
    decide: &mut Decide<'_, E>,
) -> Result<GameSummary, E> {
    let players = players_of(seats.len(), |i| seats[i], seed, index);
    play_with(variant, &mut game_rng(seed, index), &players, max_decisions, decide)
}

/// The record of game `index` of a batch seeded with `seed`, seat `s` by
/// `seats[s % seats.len()]`: the very game [`play_game`] plays (the same draws from
/// [`game_rng`], the same bots, the same bound), played through [`game::Game`], which keeps the
/// record. For a row of a batch worth replaying step by step.
///
/// ```
/// use fichas::simulation::{MAX_DECISIONS, Policy, play_game, record_game};
/// let variant = "parchis:pairs".parse().unwrap();
/// let record = record_game(variant, &[Policy::Random], 3, 0, MAX_DECISIONS);
/// let row = play_game(variant, &[Policy::Random], 3, 0, MAX_DECISIONS);
/// let replayed = record.replay().unwrap();
/// assert_eq!(replayed.winners(), row.winning_seats().collect::<Vec<_>>());
/// ```
pub fn record_game(
    variant: Variant,
    seats: &[Policy],
    seed: u64,
    index: u64,
    max_decisions: u32,
) -> crate::record::Record {
    let players = players_of(seats.len(), |i| Some(seats[i]), seed, index);
    let mut rng = game_rng(seed, index);
    let mut game = game::Game::new(variant);
    let mut decisions = 0;
    while !game.is_over() {
        let Some(seat) = game.to_act() else {
            // A game due for chance always rolls: `to_act` is None only then.
            let _ = game.roll_quietly(&mut rng);
            continue;
        };
        if decisions >= max_decisions {
            break;
        }
        let bot_choice = match players[seat.index()] {
            Player::Bot(bot) => bot.choose(&game.view(seat)).map(|s| s.action),
            _ => None,
        };
        let action = match bot_choice {
            Some(action) => action,
            None => {
                let choices = game.legal_actions();
                match choices.get(below(&mut rng, choices.len() as u32) as usize) {
                    Some(choice) => choice.action(),
                    None => break,
                }
            }
        };
        // Listed or chosen from the seat's view: the rules take it.
        let _ = game.play(action);
        decisions += 1;
    }
    game.record()
}

/// Plays `games` games of `variant` on `threads` threads (at least one), every seat playing by
/// `policy`, game `i` as [`play_game`] plays it (cut off at [`MAX_DECISIONS`]): with
/// [`Policy::Random`], the random games of [`play_random`] with [`game_rng`]`(seed, i)`. `done` counts finished games as they finish,
/// for a progress display. The summaries are in game order and do not depend on `threads`.
#[cfg(feature = "std")]
pub fn simulate(
    variant: Variant,
    games: u64,
    seed: u64,
    threads: usize,
    policy: Policy,
    done: Option<&core::sync::atomic::AtomicU64>,
) -> alloc::vec::Vec<GameSummary> {
    simulate_seats(variant, games, seed, threads, &[policy], done)
}

/// Like [`simulate`], seat `s` playing by `seats[s % seats.len()]`: bots against each other.
#[cfg(feature = "std")]
pub fn simulate_seats(
    variant: Variant,
    games: u64,
    seed: u64,
    threads: usize,
    seats: &[Policy],
    done: Option<&core::sync::atomic::AtomicU64>,
) -> alloc::vec::Vec<GameSummary> {
    batch(variant, 0..games, seed, threads, seats, MAX_DECISIONS, done, None).0
}

/// Like [`simulate_seats`], but ends early once `stop` is requested from another thread (a
/// cancel button, a Ctrl-C handler): every worker checks it before each game, and the bots'
/// searches poll it as they think (see [`Bot::choose_with_stop`]), so the workers finish soon
/// after the request, each with the game it was playing. Returns `None` if a stop was requested
/// before the batch ended; otherwise the summaries of [`simulate_seats`], the same games.
///
/// ```
/// use fichas::bot::Stop;
/// use fichas::simulation::{Policy, simulate_seats, simulate_seats_with_stop};
/// let variant = "poleana:2".parse().unwrap();
/// let stop = Stop::new();
/// let games = simulate_seats_with_stop(variant, 20, 1, 2, &[Policy::Greedy], None, &stop);
/// assert_eq!(games, Some(simulate_seats(variant, 20, 1, 2, &[Policy::Greedy], None)));
/// stop.request();
/// assert_eq!(simulate_seats_with_stop(variant, 20, 1, 2, &[Policy::Greedy], None, &stop), None);
/// ```
#[cfg(feature = "std")]
pub fn simulate_seats_with_stop(
    variant: Variant,
    games: u64,
    seed: u64,
    threads: usize,
    seats: &[Policy],
    done: Option<&core::sync::atomic::AtomicU64>,
    stop: &Stop,
) -> Option<alloc::vec::Vec<GameSummary>> {
    simulate_range_with_stop(variant, 0..games, seed, threads, seats, MAX_DECISIONS, done, stop)
}

/// Plays the batch in chunks of consecutive games, one thread per chunk; `false` with the
/// summaries if a stop was requested before every game was played as it would have been. Each
/// chunk's list is its own, so the batch needs no list of every game until its chunks are joined.
#[cfg(feature = "std")]
#[allow(clippy::too_many_arguments)]
fn batch(
    variant: Variant,
    games: core::ops::Range<u64>,
    seed: u64,
    threads: usize,
    seats: &[Policy],
    max_decisions: u32,
    done: Option<&core::sync::atomic::AtomicU64>,
    stop: Option<&Stop>,
) -> (alloc::vec::Vec<GameSummary>, bool) {
    let (parts, complete) =
        fold_batch(variant, games, seed, threads, seats, max_decisions, done, stop, alloc::vec::Vec::new, |list, g| {
            list.push(g);
        });
    // The chunks in order, the first one's memory grown to hold them all.
    let rest: usize = parts.iter().skip(1).map(alloc::vec::Vec::len).sum();
    let mut parts = parts.into_iter();
    let mut summaries = parts.next().unwrap_or_default();
    summaries.reserve_exact(rest);
    for part in parts {
        summaries.extend(part);
    }
    (summaries, complete)
}

/// Plays games `games` in chunks of consecutive games, one thread per chunk, each chunk adding
/// its games in order to an accumulator of its own; returns the accumulators in chunk order and
/// `false` if a stop was requested before every game was played as it would have been.
#[cfg(feature = "std")]
#[allow(clippy::too_many_arguments)]
fn fold_batch<A: Send>(
    variant: Variant,
    games: core::ops::Range<u64>,
    seed: u64,
    threads: usize,
    seats: &[Policy],
    max_decisions: u32,
    done: Option<&core::sync::atomic::AtomicU64>,
    stop: Option<&Stop>,
    init: impl Fn() -> A + Sync,
    add: impl Fn(&mut A, GameSummary) + Sync,
) -> (alloc::vec::Vec<A>, bool) {
    use alloc::vec::Vec;
    use core::sync::atomic::Ordering;
    let threads = threads.clamp(1, 256) as u64;
    let count = games.end.saturating_sub(games.start);
    let chunk = count.div_ceil(threads).max(1);
    let (init, add) = (&init, &add);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..count.div_ceil(chunk))
            .map(|c| {
                let first = games.start + c * chunk;
                let last = (first + chunk).min(games.end);
                scope.spawn(move || {
                    let play = move || {
                        let mut acc = init();
                        for index in first..last {
                            if stop.is_some_and(Stop::is_requested) {
                                return (acc, false);
                            }
                            add(&mut acc, play_game(variant, seats, seed, index, max_decisions));
                            if let Some(done) = done {
                                done.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        // A stop during the last game cut its searches short: it is not the game
                        // the batch would have played.
                        (acc, !stop.is_some_and(Stop::is_requested))
                    };
                    match stop {
                        Some(stop) => with_stop(stop, play),
                        None => play(),
                    }
                })
            })
            .collect();
        // Every worker is joined; a worker's panic goes on in this thread.
        let mut complete = true;
        let mut parts = Vec::with_capacity(workers.len());
        for worker in workers {
            let (part, finished) = worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            parts.push(part);
            complete &= finished;
        }
        (parts, complete)
    })
}

/// Totals over many games, kept in constant memory: what [`tally`] returns in place of one
/// summary per game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games played, the truncated ones included.
    pub games: u64,
    /// Games cut off unfinished at the batch's most decisions ([`GameSummary::truncated`]).
    pub truncated: u64,
    /// Games each seat won (both seats of a winning side count, and every quiet winner).
    pub wins: [u64; 4],
    /// Each seat's parts of the wins, in twelfths ([`GameSummary::win_twelfths`]): they add up
    /// to exactly 12 for every finished game, so [`Tally::win_shares`] sum to 1.
    pub win_twelfths: [u64; 4],
    /// Games Poleana's special victory decided.
    pub special: u64,
    /// Turns played in all.
    pub turns: u64,
    /// Decisions taken in all.
    pub decisions: u64,
    /// Captures made in all.
    pub captures: u64,
}

impl Tally {
    /// Adds one game.
    pub fn add(&mut self, game: &GameSummary) {
        self.games += 1;
        self.truncated += u64::from(game.truncated);
        for seat in game.winning_seats() {
            self.wins[seat.index()] += 1;
        }
        for (mine, part) in self.win_twelfths.iter_mut().zip(game.win_twelfths()) {
            *mine += part;
        }
        self.special += u64::from(game.special);
        self.turns += u64::from(game.turns);
        self.decisions += u64::from(game.decisions);
        self.captures += u64::from(game.captures);
    }

    /// Adds another tally's games.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.truncated += other.truncated;
        for (mine, theirs) in self.wins.iter_mut().zip(other.wins) {
            *mine += theirs;
        }
        for (mine, theirs) in self.win_twelfths.iter_mut().zip(other.win_twelfths) {
            *mine += theirs;
        }
        self.special += other.special;
        self.turns += other.turns;
        self.decisions += other.decisions;
        self.captures += other.captures;
    }

    /// Games that ended (the truncated ones left out).
    pub fn finished(&self) -> u64 {
        self.games - self.truncated
    }

    /// Each seat's share of the finished games' wins: a game's win is shared equally among its
    /// winners (half to each seat of a winning side, a third to each of three quiet players
    /// sharing Poleana's special victory), so the shares of a batch with a finished game sum
    /// to 1. All 0 when no game finished.
    ///
    /// ```
    /// use fichas::simulation::{GameSummary, Tally};
    /// let mut tally = Tally::default();
    /// tally.add(&GameSummary { winners: 0b0001, ..GameSummary::default() });
    /// tally.add(&GameSummary { winners: 0b0111, special: true, ..GameSummary::default() });
    /// tally.add(&GameSummary { truncated: true, ..GameSummary::default() });
    /// assert_eq!(tally.win_shares(), [4.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 0.0]);
    /// ```
    pub fn win_shares(&self) -> [f64; 4] {
        let whole = (self.finished() * 12) as f64;
        self.win_twelfths.map(|part| if whole > 0.0 { part as f64 / whole } else { 0.0 })
    }
}

/// Plays the games numbered `games` (game `i` as [`play_game`] plays it, cut off after
/// `max_decisions`) on `threads` threads, seat `s` by `seats[s % seats.len()]`, and returns
/// their summaries in order: a part of a larger batch, with the very games that batch would
/// play. `None` if `stop` was requested first (see [`simulate_seats_with_stop`]).
///
/// ```
/// use fichas::bot::Stop;
/// use fichas::simulation::{MAX_DECISIONS, Policy, simulate_range_with_stop, simulate_seats};
/// let variant = "parchis".parse().unwrap();
/// let whole = simulate_seats(variant, 30, 4, 2, &[Policy::Random], None);
/// let part = simulate_range_with_stop(variant, 10..30, 4, 1, &[Policy::Random], MAX_DECISIONS, None, &Stop::new());
/// assert_eq!(part.as_deref(), Some(&whole[10..]));
/// ```
#[cfg(feature = "std")]
#[allow(clippy::too_many_arguments)]
pub fn simulate_range_with_stop(
    variant: Variant,
    games: core::ops::Range<u64>,
    seed: u64,
    threads: usize,
    seats: &[Policy],
    max_decisions: u32,
    done: Option<&core::sync::atomic::AtomicU64>,
    stop: &Stop,
) -> Option<alloc::vec::Vec<GameSummary>> {
    let (summaries, complete) = batch(variant, games, seed, threads, seats, max_decisions, done, Some(stop));
    complete.then_some(summaries)
}

/// Plays the games numbered `games` as [`simulate_range_with_stop`] does and returns only their
/// [`Tally`]: constant memory for any number of games. `None` if `stop` was requested first.
///
/// ```
/// use fichas::bot::Stop;
/// use fichas::simulation::{MAX_DECISIONS, Policy, Tally, simulate_seats, tally};
/// let variant = "poleana:2".parse().unwrap();
/// let totals = tally(variant, 0..40, 1, 2, &[Policy::Random], MAX_DECISIONS, None, &Stop::new()).unwrap();
/// let mut by_hand = Tally::default();
/// simulate_seats(variant, 40, 1, 1, &[Policy::Random], None).iter().for_each(|g| by_hand.add(g));
/// assert_eq!(totals, by_hand);
/// assert_eq!(totals.wins[0] + totals.wins[1], 40);
/// ```
#[cfg(feature = "std")]
#[allow(clippy::too_many_arguments)]
pub fn tally(
    variant: Variant,
    games: core::ops::Range<u64>,
    seed: u64,
    threads: usize,
    seats: &[Policy],
    max_decisions: u32,
    done: Option<&core::sync::atomic::AtomicU64>,
    stop: &Stop,
) -> Option<Tally> {
    let (parts, complete) =
        fold_batch(variant, games, seed, threads, seats, max_decisions, done, Some(stop), Tally::default, |t, g| {
            t.add(&g)
        });
    let mut total = Tally::default();
    parts.iter().for_each(|part| total.merge(part));
    complete.then_some(total)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn batches_do_not_depend_on_the_thread_count() {
        for text in ["poleana:3", "parchis:pairs", "cartas"] {
            let variant: Variant = text.parse().unwrap();
            let one = simulate(variant, 40, 9, 1, Policy::Random, None);
            let three = simulate(variant, 40, 9, 3, Policy::Random, None);
            assert_eq!(one, three, "{text}");
            assert!(one.iter().all(|g| g.winners != 0 && g.decisions > 0));
            let bots = [Policy::Greedy, Policy::Random];
            assert_eq!(simulate_seats(variant, 6, 9, 1, &bots, None), simulate_seats(variant, 6, 9, 2, &bots, None));
        }
    }

    #[test]
    fn a_stopped_batch_ends_soon_after_the_request() {
        use std::time::{Duration, Instant};
        // Searches that would take hours: the stop must reach both the workers and their bots.
        let slow = Policy::Bot(Strength::search(crate::bot::Budget {
            nodes: u32::MAX,
            depth: 255,
            iterations: u32::MAX,
            ..crate::bot::Budget::MEDIUM
        }));
        for text in ["cartas", "parchis:pairs"] {
            let variant: Variant = text.parse().unwrap();
            let stop = Stop::new();
            let done = core::sync::atomic::AtomicU64::new(0);
            let asked = Instant::now();
            let result = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(Duration::from_millis(50));
                    stop.request();
                });
                simulate_seats_with_stop(variant, 1_000_000, 3, 2, &[slow], Some(&done), &stop)
            });
            assert_eq!(result, None, "{text}");
            assert!(asked.elapsed() < Duration::from_secs(20), "{text}: {:?}", asked.elapsed());
            assert!(done.load(core::sync::atomic::Ordering::Relaxed) < 1_000_000, "{text}");
        }
    }

    #[test]
    fn random_policy_plays_the_random_games() {
        for text in ["poleana:2", "parchis:two-colours", "cartas"] {
            let variant: Variant = text.parse().unwrap();
            for i in 0..5 {
                let random = play_random(variant, &mut game_rng(4, i));
                assert_eq!(play_game(variant, &[Policy::Random], 4, i, MAX_DECISIONS), random, "{text}");
                assert_eq!(play_game(variant, &[], 4, i, MAX_DECISIONS), random, "{text}");
            }
        }
    }

    #[test]
    fn policies_read_and_write_their_names() {
        for name in ["random", "greedy", "search", "easy", "medium", "hard", "expert"] {
            let policy: Policy = name.parse().unwrap();
            assert_eq!(std::format!("{policy}"), name);
        }
        assert!("genius".parse::<Policy>().is_err());
        let custom: Policy = "search:nodes=5000:depth=1:iterations=40:playout=2".parse().unwrap();
        assert_eq!(std::format!("{custom}"), "search:nodes=5000:depth=1:iterations=40:playout=2");
        assert_eq!(std::format!("{custom}").parse::<Policy>(), Ok(custom));
        assert_eq!(Policy::Hard.strength(), Some(Strength::of_level(Level::Hard)));
        assert_eq!(Policy::Random.strength(), None);
    }

    #[test]
    fn an_outside_decider_plays_its_seats_from_their_views() {
        for text in ["poleana:3", "parchis:pairs", "cartas"] {
            let variant: Variant = text.parse().unwrap();
            let mut asked = std::vec::Vec::new();
            let mut bot_seat = |seat: Seat, view: &game::View| -> Result<game::Action, PlayError> {
                asked.push(seat);
                if let game::View::Cartas(v) = view {
                    assert_eq!(v.seat(), seat, "a Cartas decider sees its own seat's view");
                }
                // The greedy bot, seeded as play_game seeds it, so the games must agree.
                let bot = Bot::new(Kind::Greedy, bot_seed(5, 2, seat));
                Ok(bot.choose(view).unwrap().action)
            };
            let outside =
                play_game_by(variant, &[None, Some(Policy::Random)], 5, 2, MAX_DECISIONS, &mut bot_seat).unwrap();
            let inside = play_game(variant, &[Policy::Greedy, Policy::Random], 5, 2, MAX_DECISIONS);
            assert_eq!(outside, inside, "{text}");
            assert!(!asked.is_empty() && asked.iter().all(|s| s.index() % 2 == 0), "{text}: {asked:?}");
        }
    }

    #[test]
    fn an_outside_search_seeded_as_the_engine_seeds_it_plays_the_same_game() {
        // The Python bindings ask a long search through the decider, so that it can be
        // interrupted: it must play exactly as the engine's own seat would.
        let search = Strength::search(crate::bot::Budget {
            nodes: 2_000,
            depth: 1,
            iterations: 30,
            playout: 2,
            time_limit: None,
        });
        for text in ["poleana:2", "parchis:two-player", "cartas"] {
            let variant: Variant = text.parse().unwrap();
            let mut decide = |seat: Seat, view: &game::View| -> Result<game::Action, PlayError> {
                let bot = Bot::new(search, bot_seed(8, 1, seat));
                Ok(bot.choose_with_stop(view, &Stop::new()).unwrap().action)
            };
            let outside =
                play_game_by(variant, &[None, Some(Policy::Greedy)], 8, 1, MAX_DECISIONS, &mut decide).unwrap();
            let inside = play_game(variant, &[Policy::Bot(search), Policy::Greedy], 8, 1, MAX_DECISIONS);
            assert_eq!(outside, inside, "{text}");
        }
    }

    #[test]
    fn an_outside_decider_is_checked_and_its_errors_stop_the_game() {
        let variant: Variant = "parchis".parse().unwrap();
        // An action of another game is refused with the rules' error.
        let mut wrong = |_: Seat, _: &game::View| -> Result<game::Action, PlayError> {
            Ok(game::Action::Cartas(cartas::Action::Pass(cartas::Rank::Joker)))
        };
        let error = play_game_by(variant, &[None], 1, 0, MAX_DECISIONS, &mut wrong).unwrap_err();
        assert!(matches!(error, PlayError::Illegal { .. }), "{error}");
        // The decider's own error comes back as it was.
        #[derive(Debug, PartialEq)]
        enum Quit {
            Quit,
            Rules,
        }
        impl From<PlayError> for Quit {
            fn from(_: PlayError) -> Quit {
                Quit::Rules
            }
        }
        let mut quit = |_: Seat, _: &game::View| -> Result<game::Action, Quit> { Err(Quit::Quit) };
        assert_eq!(play_game_by(variant, &[None], 1, 0, MAX_DECISIONS, &mut quit), Err(Quit::Quit));
        let mut illegal = |_: Seat, view: &game::View| -> Result<game::Action, Quit> {
            let game::View::Parchis(state) = view else { return Err(Quit::Quit) };
            // No token stands on cell 30 at the first decision.
            game::State::Parchis(*state).parse_action("30+1").map_err(|_| Quit::Quit)
        };
        assert_eq!(play_game_by(variant, &[None], 1, 0, MAX_DECISIONS, &mut illegal), Err(Quit::Rules));
    }

    #[test]
    fn a_game_that_never_ends_is_truncated_at_the_batch_bound() {
        // Always the first legal action: Cartas games 1, 2 and 3 never end.
        let mut first =
            |_: Seat, view: &game::View| -> Result<game::Action, PlayError> { Ok(view.legal_actions()[0].action()) };
        let variant: Variant = "cartas".parse().unwrap();
        for index in 1..=3 {
            let game = play_game_by(variant, &[None], index, 0, 5_000, &mut first).unwrap();
            assert!(game.truncated, "game {index}: {game:?}");
            assert_eq!((game.winners, game.winner(), game.decisions), (0, None, 5_000));
            assert_eq!(game.win_twelfths(), [0; 4]);
        }
        // A bound that cuts games short is the caller's; every cut game is counted apart.
        let totals = tally(variant, 0..20, 1, 2, &[Policy::Random], 900, None, &Stop::new()).unwrap();
        let games = simulate_range_with_stop(variant, 0..20, 1, 2, &[Policy::Random], 900, None, &Stop::new()).unwrap();
        let cut = games.iter().filter(|g| g.truncated).count() as u64;
        assert!(cut > 0 && cut < 20, "{cut} of 20 cut at 900 decisions");
        assert_eq!((totals.truncated, totals.finished()), (cut, 20 - cut));
        assert_eq!(totals.wins.iter().sum::<u64>(), 20 - cut);
        assert!(games.iter().all(|g| g.truncated == (g.winners == 0) && g.decisions <= 900));
    }

    #[test]
    fn a_recorded_game_is_the_game_of_its_row() {
        for text in ["poleana:3", "poleana-express:2", "parchis:pairs", "parchis:two-player", "cartas"] {
            let variant: Variant = text.parse().unwrap();
            for seats in [&[Policy::Random][..], &[Policy::Greedy, Policy::Random]] {
                for index in 0..4 {
                    let row = play_game(variant, seats, 11, index, MAX_DECISIONS);
                    let record = record_game(variant, seats, 11, index, MAX_DECISIONS);
                    let game = record.replay().unwrap();
                    assert_eq!(
                        game.winners(),
                        row.winning_seats().collect::<std::vec::Vec<_>>(),
                        "{text} game {index}"
                    );
                    let actions =
                        record.steps().iter().filter(|s| matches!(s, crate::record::Step::Action { .. })).count();
                    assert_eq!(actions as u32, row.decisions, "{text} game {index}");
                }
            }
        }
        // Cut off at the bound as the row is.
        let cut = record_game("cartas".parse().unwrap(), &[Policy::Random], 1, 0, 50);
        assert!(!cut.replay().unwrap().is_over());
    }

    #[test]
    fn win_shares_split_a_shared_win_and_sum_to_one() {
        // Poleana's special victory shared by quiet players, and Parchís' sides of two.
        for (text, games, seats) in
            [("poleana", 20_000, 4), ("parchis:pairs", 2_000, 4), ("poleana-express:3", 2_000, 3)]
        {
            let variant: Variant = text.parse().unwrap();
            let rows = simulate(variant, games, 5, 2, Policy::Random, None);
            let shared = rows.iter().filter(|g| g.winners.count_ones() > 1).count();
            assert!(shared > 0 || text == "poleana-express:3", "{text}: no shared win in {games} games");
            let mut totals = Tally::default();
            rows.iter().for_each(|g| totals.add(g));
            assert_eq!(totals.win_twelfths.iter().sum::<u64>(), 12 * totals.finished(), "{text}");
            // Counting every winner whole gives more wins than games wherever a win is shared.
            assert_eq!(totals.wins.iter().sum::<u64>() > totals.games, shared > 0, "{text}");
            let shares = totals.win_shares();
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{text}: {shares:?}");
            assert!(shares[seats..].iter().all(|s| *s == 0.0));
        }
    }

    #[test]
    fn game_generators_differ_by_index_and_seed() {
        let mut a = game_rng(1, 0);
        let mut b = game_rng(1, 1);
        let mut c = game_rng(2, 0);
        let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
        assert!(x != y && x != z && y != z);
    }
}
