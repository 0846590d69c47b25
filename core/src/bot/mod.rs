//! Bots of graded strength for every variant: opponents for offline play, a hint button, and
//! players better than random for analysts.
//!
//! A [`Bot`] plays with a [`Strength`]: a [`Kind`] of play and a [`Budget`].
//!
//! * [`Kind::Random`]: a uniformly random legal action.
//! * [`Kind::Greedy`]: one ply. Every legal action is applied to a copy and the position it
//!   leaves is judged by a heuristic written for each game (progress, danger, captures,
//!   blockades, Poleana's special-victory trap, Cartas' card economy).
//! * [`Kind::Search`]: in Poleana and Parchís, expectimax over the dice: the whole roll in hand
//!   is planned, then the 21 rolls of the next turns are weighed (out of 36) as deep as the
//!   budget's nodes allow, with the heuristic judging the leaves. In Cartas, determinized Monte
//!   Carlo tree search: the iterations cycle through up to 64 deals of the hidden cards,
//!   consistent with what the seat sees, and a tree over the actions grows where the results
//!   are best.
//!
//! [`Level`]s map onto these: [`Level::Easy`] is greedy, [`Level::Medium`] and [`Level::Hard`]
//! search with the budgets [`Budget::MEDIUM`] and [`Budget::HARD`] (see `docs/bots.md` for the
//! measured strength and time of each).
//!
//! A bot acts only on what its seat may see: it takes a [`View`]. In the dice games a view is
//! the whole position; in Cartas it holds the seat's own hand and the public table, and the bot
//! never sees a state. Its choices are a pure function of its seed and the view (unless a
//! wall-clock cap is set), so a game replays exactly, and two positions that differ only in
//! cards the seat cannot see get the same suggestion. With `std`, another thread may end a
//! search early through a [`Stop`] ([`Bot::choose_with_stop`]); it then answers with the best
//! action found so far.
//!
//! ```
//! use fichas::bot::{Bot, Level};
//! use fichas::game::Game;
//! use rand::SeedableRng;
//! use rand::rngs::StdRng;
//!
//! let mut rng = StdRng::seed_from_u64(3);
//! let mut game = Game::new("parchis:pairs".parse().unwrap());
//! let bot = Bot::new(Level::Easy, 7);
//! while !game.is_over() {
//!     match game.to_act() {
//!         None => drop(game.roll(&mut rng).unwrap()),
//!         Some(seat) => {
//!             let hint = bot.choose(&game.view(seat)).unwrap();
//!             game.play(hint.action).unwrap();
//!         }
//!     }
//! }
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;
use core::time::Duration;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::colour::Colour;
use crate::game::{Action, State, View};
use crate::notation::{ParseError, number};

pub(crate) mod cartas;
mod cartas_expert;
mod dice;
mod expert;
mod math;
pub mod network;
mod parchis;
mod poleana;
pub mod training;

/// How a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Kind {
    /// A uniformly random legal action.
    Random,
    /// The best action one ply ahead, by the game's heuristic.
    Greedy,
    /// Expectimax over the dice (Poleana, Parchís) or determinized Monte Carlo tree search
    /// (Cartas), within a [`Budget`].
    Search,
    /// A network trained by self-play judges the positions a decision can leave
    /// (`docs/bots.md`): in Poleana and Parchís, the afterstates of the roll in hand, the best
    /// weighed over the next roll; in Cartas, what the seat knows after each action, the best
    /// weighed over deals of the hidden cards up to the seat's next action.
    Expert,
}

/// A strength for people: what an app offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// Greedy: quick and sensible, easy to beat.
    Easy,
    /// Search with [`Budget::MEDIUM`].
    Medium,
    /// Search with [`Budget::HARD`].
    Hard,
    /// The learned evaluator ([`Kind::Expert`]).
    Expert,
}

impl Level {
    /// Every level, from the weakest to the strongest.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name in text forms: `easy`, `medium`, `hard` or `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

/// How much work a searching bot may do for one decision.
///
/// The limits count work, not time, so that a decision is the same on every machine and a
/// game replays exactly; `time_limit` is an extra cap for apps, at the price of exactness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Budget {
    /// Expectimax (Poleana, Parchís): the most positions one decision visits, those of the
    /// roll in hand included. The roll in hand is always planned in full, even past this
    /// limit; each further roll is looked at only while the estimate of its cost fits in what
    /// is left.
    pub nodes: u32,
    /// Expectimax: the most rolls looked at beyond the one in hand.
    pub depth: u8,
    /// Tree search (Cartas): the iterations; they cycle through up to 64 deals of the hidden
    /// cards.
    pub iterations: u32,
    /// Tree search: the decisions played past the tree before the heuristic judges.
    pub playout: u8,
    /// A wall-clock cap on the search of one decision: the search stops when either limit is
    /// reached, and the choice then depends on the machine's speed. A soft cap: the roll in
    /// hand (dice games) and the deals and the first ply (Cartas) are always done, and the
    /// clock is read between steps. Ignored where no clock exists (`no_std`,
    /// `wasm32-unknown-unknown`).
    pub time_limit: Option<Duration>,
}

impl Budget {
    /// The budget of [`Level::Medium`]: in the dice games the roll in hand is planned in full
    /// and judged by the heuristic (depth 0); in Cartas, 200 tree-search iterations.
    pub const MEDIUM: Budget = Budget { nodes: 0, depth: 0, iterations: 200, playout: 4, time_limit: None };
    /// The budget of [`Level::Hard`]: in the dice games the roll in hand planned, then the 21
    /// rolls of the next turn weighed with every reply (depth 1) and a second roll (depth 2),
    /// each only where its estimated cost fits in 200,000 nodes; in Cartas, 3,000 tree-search
    /// iterations.
    pub const HARD: Budget = Budget { nodes: 200_000, depth: 2, iterations: 3_000, playout: 4, time_limit: None };

    /// The most positions ([`Budget::nodes`]) or iterations ([`Budget::iterations`]) a budget
    /// may name, through every door: its text, and each binding's arguments.
    pub const MOST_WORK: u32 = 999_999_999;

    /// The budget with a wall-clock cap on each decision.
    pub const fn with_time_limit(mut self, limit: Duration) -> Budget {
        self.time_limit = Some(limit);
        self
    }

    /// Sets the part named `key` (`nodes`, `depth`, `iterations`, `playout`, or `ms` for a time
    /// limit in milliseconds) from its decimal `value`, as the text form `search:nodes=5000`
    /// writes it. The bindings set a budget's parts through here too, so each part has one
    /// limit and one message wherever it comes from.
    ///
    /// ```
    /// use fichas::bot::Budget;
    /// let mut budget = Budget::MEDIUM;
    /// budget.set("iterations", "800").unwrap();
    /// assert_eq!(budget.iterations, 800);
    /// let too_many = budget.set("iterations", "1000000000").unwrap_err();
    /// assert_eq!(
    ///     too_many.to_string(),
    ///     "cannot read iterations from `1000000000`: expected a whole number from 0 to 999,999,999"
    /// );
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        const WORK: &str = "a whole number from 0 to 999,999,999";
        const SMALL: &str = "a whole number from 0 to 255";
        match key {
            "nodes" => self.nodes = number("nodes", value, 0..=Budget::MOST_WORK, WORK)?,
            "depth" => self.depth = number("depth", value, 0..=255, SMALL)? as u8,
            "iterations" => self.iterations = number("iterations", value, 0..=Budget::MOST_WORK, WORK)?,
            "playout" => self.playout = number("playout", value, 0..=255, SMALL)? as u8,
            "ms" => {
                let ms = number("ms", value, 1..=86_400_000, "milliseconds, from 1 to a day")?;
                *self = self.with_time_limit(Duration::from_millis(u64::from(ms)));
            }
            _ => return Err(ParseError::new("bot budget", key, BUDGET_KEYS)),
        }
        Ok(())
    }
}

/// The parts a search's budget may set in its text.
const BUDGET_KEYS: &str = "a budget part nodes=N, depth=N, iterations=N, playout=N or ms=N";

impl Default for Budget {
    fn default() -> Budget {
        Budget::MEDIUM
    }
}

/// What a bot plays with: a kind and, for search and the expert, its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Strength {
    /// How the bot plays.
    pub kind: Kind,
    /// Used by [`Kind::Search`]; the expert reads its `depth` only.
    pub budget: Budget,
}

impl Strength {
    /// A uniformly random legal action.
    pub const RANDOM: Strength = Strength { kind: Kind::Random, budget: Budget::MEDIUM };
    /// The greedy bot: the best action one ply ahead (the strength of [`Level::Easy`]).
    pub const GREEDY: Strength = Strength { kind: Kind::Greedy, budget: Budget::MEDIUM };

    /// The expert: the learned evaluator, with a look a turn ahead (its budget's `depth` is 1):
    /// in the dice games over the next roll, in Cartas over deals of the hidden cards up to the
    /// seat's next action. `expert:depth=0` judges the roll in hand, or each action, alone.
    pub const EXPERT: Strength = Strength { kind: Kind::Expert, budget: Budget { depth: 1, ..Budget::MEDIUM } };

    /// Search within `budget`.
    pub const fn search(budget: Budget) -> Strength {
        Strength { kind: Kind::Search, budget }
    }

    /// The strength of a level: easy is greedy, medium and hard search with
    /// [`Budget::MEDIUM`] and [`Budget::HARD`].
    pub const fn of_level(level: Level) -> Strength {
        match level {
            Level::Easy => Strength::GREEDY,
            Level::Medium => Strength::search(Budget::MEDIUM),
            Level::Hard => Strength::search(Budget::HARD),
            Level::Expert => Strength::EXPERT,
        }
    }

    /// Whether a bot of this strength may think long in `variant`: more than a few
    /// milliseconds a decision, a search with a budget well above the medium one. Such a bot
    /// is worth running where it can be stopped ([`Bot::choose_with_stop`]) and off a thread
    /// that must stay responsive (an app's interface, an interpreter that waits for Ctrl-C);
    /// the quick ones may think on the calling thread, which spares starting one.
    ///
    /// ```
    /// use fichas::bot::{Budget, Level, Strength};
    /// let cartas = "cartas".parse().unwrap();
    /// assert!(!Strength::of_level(Level::Medium).may_think_long(cartas));
    /// assert!(Strength::of_level(Level::Hard).may_think_long(cartas));
    /// assert!(!Strength::GREEDY.may_think_long("parchis".parse().unwrap()));
    /// // The expert judges with its network: quick.
    /// assert!(!Strength::EXPERT.may_think_long(cartas));
    /// assert!(!Strength::EXPERT.may_think_long("parchis".parse().unwrap()));
    /// ```
    pub fn may_think_long(self, variant: crate::game::Variant) -> bool {
        let (searches, budget) = match self.kind {
            Kind::Search => (true, self.budget),
            Kind::Random | Kind::Greedy | Kind::Expert => (false, self.budget),
        };
        searches
            && match variant {
                // The tree search's cost grows with its iterations and the decisions each plays out.
                crate::game::Variant::Cartas(_) => {
                    u64::from(budget.iterations) * (u64::from(budget.playout) + 4) > 8_000
                }
                crate::game::Variant::Poleana(_) | crate::game::Variant::Parchis(_) => budget.nodes > 20_000,
            }
    }
}

impl From<Kind> for Strength {
    /// A kind with its default budget: [`Budget::MEDIUM`], and the expert's look a turn ahead
    /// ([`Strength::EXPERT`]).
    fn from(kind: Kind) -> Strength {
        match kind {
            Kind::Expert => Strength::EXPERT,
            _ => Strength { kind, budget: Budget::MEDIUM },
        }
    }
}

impl From<Level> for Strength {
    fn from(level: Level) -> Strength {
        Strength::of_level(level)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Search => "search",
            Kind::Expert => "expert",
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Strength {
    /// The level whose strength this is, or the kind; a search with a budget of its own writes
    /// it out (`search:nodes=50000:depth=1:iterations=200:playout=4`, `:ms=` for a time limit),
    /// so that the text reads back as the same strength.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(level) = Level::ALL.into_iter().find(|&l| Strength::of_level(l) == *self && l != Level::Easy) {
            return write!(f, "{level}");
        }
        write!(f, "{}", self.kind)?;
        let Budget { nodes, depth, iterations, playout, time_limit } = self.budget;
        if self.kind == Kind::Expert {
            return write!(f, ":depth={}", depth.min(1));
        }
        if self.kind == Kind::Search && self.budget != Budget::MEDIUM {
            write!(f, ":nodes={nodes}:depth={depth}:iterations={iterations}:playout={playout}")?;
            if let Some(limit) = time_limit {
                write!(f, ":ms={}", limit.as_millis())?;
            }
        }
        Ok(())
    }
}

const STRENGTH_NAMES: &str = "random, greedy, search, easy, medium, hard or expert";

impl FromStr for Kind {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Kind, ParseError> {
        match text {
            "random" => Ok(Kind::Random),
            "greedy" => Ok(Kind::Greedy),
            "search" => Ok(Kind::Search),
            "expert" => Ok(Kind::Expert),
            _ => Err(ParseError::new("bot kind", text, "random, greedy, search or expert")),
        }
    }
}

impl FromStr for Level {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Level, ParseError> {
        Level::ALL.into_iter().find(|l| l.name() == text).ok_or(ParseError::new(
            "level",
            text,
            "easy, medium, hard or expert",
        ))
    }
}

impl FromStr for Strength {
    type Err = ParseError;

    /// Reads a kind (`random`, `greedy`, `search`, `expert`) or a level (`easy`, `medium`,
    /// `hard`, `expert`); a search may change its budget with `:key=value` parts: `nodes`,
    /// `depth`, `iterations`, `playout` and `ms` (a time limit in milliseconds), as in
    /// `search:iterations=800` or `hard:ms=200`, and the expert its depth, `expert:depth=0`.
    fn from_str(text: &str) -> Result<Strength, ParseError> {
        let mut parts = text.split(':');
        let head = parts.next().unwrap_or_default();
        let mut strength = match head.parse::<Level>() {
            Ok(level) => Strength::from(level),
            Err(_) => {
                head.parse::<Kind>().map(Strength::from).map_err(|_| ParseError::new("bot", text, STRENGTH_NAMES))?
            }
        };
        for part in parts {
            let (key, value) = part.split_once('=').ok_or(ParseError::new("bot budget", part, BUDGET_KEYS))?;
            match strength.kind {
                Kind::Search => {}
                // The expert's one part: how many rolls it looks beyond the one in hand.
                Kind::Expert if part == "depth=0" || part == "depth=1" => {}
                Kind::Expert => return Err(ParseError::new("expert's budget", part, "depth=0 or depth=1")),
                Kind::Random | Kind::Greedy => {
                    return Err(ParseError::new("bot", text, "a budget (`:nodes=…`) only after a search"));
                }
            }
            strength.budget.set(key, value)?;
        }
        Ok(strength)
    }
}

/// Why a bot chose its action, in a few words for a hint button.
///
/// [`fmt::Display`] gives an English sentence; [`Reason::code`] a stable key for apps that
/// translate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "reason", rename_all = "snake_case"))]
pub enum Reason {
    /// Nothing else was legal.
    Only,
    /// The action wins the game.
    Wins,
    /// Poleana: the police sweep sends rivals home.
    Sweeps,
    /// A token of `victim` goes home.
    Captures {
        /// The colour of the token captured (in Cartas, the colour of the seat's number: seat
        /// 0 is yellow, seat 1 blue, and so on).
        victim: Colour,
    },
    /// A token reaches its goal (in Cartas: its corridor).
    Scores,
    /// A token comes into play.
    BringsOut,
    /// Poleana: the token in limbo comes back.
    Rescues,
    /// Poleana: a token could reach the goal, but that would hand the special victory to a
    /// rival who never moved.
    HoldsBack,
    /// A threatened token gets out of reach.
    Escapes,
    /// Two tokens make a tapón or a barrier.
    Blocks,
    /// Cartas: a card is taken from `victim`'s hand.
    Steals {
        /// The seat robbed, as the colour of its number (seat 0 is yellow, seat 1 blue, and so
        /// on).
        victim: Colour,
    },
    /// Cartas: a swap jumps a token ahead.
    Swaps,
    /// Cartas: the card played is the one the seat needs least; the better ones are kept.
    SavesCards,
    /// Cartas: in the exchange, the card passed is the one the seat needs least.
    Passes,
    /// The most progress on the way home.
    Advances,
}

impl Reason {
    /// A stable short key: `only`, `wins`, `sweeps`, `captures`, `scores`, `brings_out`,
    /// `rescues`, `holds_back`, `escapes`, `blocks`, `steals`, `swaps`, `saves_cards`,
    /// `passes`, `advances`.
    pub const fn code(self) -> &'static str {
        match self {
            Reason::Only => "only",
            Reason::Wins => "wins",
            Reason::Sweeps => "sweeps",
            Reason::Captures { .. } => "captures",
            Reason::Scores => "scores",
            Reason::BringsOut => "brings_out",
            Reason::Rescues => "rescues",
            Reason::HoldsBack => "holds_back",
            Reason::Escapes => "escapes",
            Reason::Blocks => "blocks",
            Reason::Steals { .. } => "steals",
            Reason::Swaps => "swaps",
            Reason::SavesCards => "saves_cards",
            Reason::Passes => "passes",
            Reason::Advances => "advances",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::Only => f.write_str("the only legal move"),
            Reason::Wins => f.write_str("wins the game"),
            Reason::Sweeps => f.write_str("the police sweep sends rivals home"),
            Reason::Captures { victim } => write!(f, "captures a {} token", victim.name()),
            Reason::Scores => f.write_str("brings a token home"),
            Reason::BringsOut => f.write_str("brings a new token into play"),
            Reason::Rescues => f.write_str("rescues the token in limbo"),
            Reason::HoldsBack => f.write_str("holds back: scoring now would hand the special victory to a quiet rival"),
            Reason::Escapes => f.write_str("moves a threatened token out of reach"),
            Reason::Blocks => f.write_str("builds a blockade"),
            Reason::Steals { victim } => write!(f, "takes a card from {}", victim.name()),
            Reason::Swaps => f.write_str("swaps places to jump ahead"),
            Reason::SavesCards => f.write_str("keeps the stronger cards for later"),
            Reason::Passes => f.write_str("passes the card it needs least"),
            Reason::Advances => f.write_str("makes the most progress"),
        }
    }
}

/// A bot's choice: the action, why (where the bot can say), and how well it thinks the seat
/// stands after it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Suggestion {
    /// The action the bot chose, legal for the seat to decide.
    pub action: Action,
    /// Why, for a hint button: given by the greedy and searching bots, not by the random one.
    pub reason: Option<Reason>,
    /// The bot's estimate of its side's chance to win after the action, from 0 to 1: the
    /// heuristic's for a greedy bot, the search's for a searching one (an estimate, not a
    /// calibrated probability). `None` for the random bot.
    pub estimate: Option<f32>,
}

/// A player of any variant that acts on its seat's [`View`].
///
/// ```
/// use fichas::bot::{Bot, Kind, Reason};
/// use fichas::game::State;
///
/// // Yellow holds 5-3 and can capture the red token on Y8 (three cells ahead of Y5); in
/// // assisted mode the other choices are listed too, as infractions.
/// let position = "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-";
/// let state: State = position.parse().unwrap();
/// let hint = Bot::new(Kind::Greedy, 1).suggest(&state).unwrap();
/// assert_eq!(hint.action.to_string(), "Y5+3");
/// assert_eq!(hint.reason, Some(Reason::Captures { victim: fichas::Colour::Red }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bot {
    strength: Strength,
    seed: u64,
}

impl Bot {
    /// A bot of `strength` (a [`Kind`], a [`Level`] or a [`Strength`]) whose random choices
    /// come from `seed`.
    pub fn new(strength: impl Into<Strength>, seed: u64) -> Bot {
        Bot { strength: strength.into(), seed }
    }

    /// How the bot plays.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The seed its random choices come from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The action for the seat `view` belongs to, with its reason; `None` when that seat is not
    /// to decide (in the dice games: when nobody is).
    pub fn choose(&self, view: &View) -> Option<Suggestion> {
        match view {
            View::Poleana(state) => dice::suggest(self, state),
            View::Parchis(state) => dice::suggest(self, state),
            View::Cartas(view) => cartas::suggest(self, view),
        }
    }

    /// The action for the seat to decide in `state`, chosen from that seat's view only (the
    /// state's hidden cards are never looked at).
    pub fn suggest(&self, state: &State) -> Option<Suggestion> {
        let seat = state.phase().to_act()?;
        self.choose(&state.view(seat))
    }

    /// Like [`Bot::choose`], but a search ends early once `stop` is requested (from another
    /// thread), as it does when its time limit passes: it answers with the best action found so
    /// far. What a search always does first (the roll in hand in the dice games, the deals and
    /// the first ply in Cartas) is still done, so a stopped search answers within milliseconds.
    /// Until a stop is requested the choice is exactly that of `choose`.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use fichas::bot::{Bot, Budget, Stop, Strength};
    /// use fichas::game::Game;
    /// use rand::SeedableRng;
    /// use rand::rngs::StdRng;
    ///
    /// let mut game = Game::new("cartas".parse().unwrap());
    /// let mut rng = StdRng::seed_from_u64(1);
    /// while game.to_act().is_none() {
    ///     game.roll(&mut rng).unwrap();
    /// }
    /// let view = game.view(game.to_act().unwrap());
    /// // A search that would think for hours.
    /// let bot = Bot::new(Strength::search(Budget { iterations: 2_000_000_000, ..Budget::MEDIUM }), 1);
    /// // Another thread (a cancel button, a Ctrl-C handler) asks it to end.
    /// let stop = Stop::new();
    /// let asker = stop.clone();
    /// std::thread::spawn(move || {
    ///     std::thread::sleep(Duration::from_millis(20));
    ///     asker.request();
    /// });
    /// let started = Instant::now();
    /// let hint = bot.choose_with_stop(&view, &stop).unwrap();
    /// assert!(started.elapsed() < Duration::from_secs(60));
    /// assert!(view.legal_actions().iter().any(|c| c.action() == hint.action));
    /// ```
    #[cfg(feature = "std")]
    pub fn choose_with_stop(&self, view: &View, stop: &Stop) -> Option<Suggestion> {
        with_stop(stop, || self.choose(view))
    }

    /// The fast path for Poleana: the choice alone, without a reason.
    pub fn choose_poleana(&self, state: &crate::poleana::State) -> Option<crate::poleana::Choice> {
        dice::choose(self, state).map(|(choice, _)| choice)
    }

    /// The fast path for Parchís: the choice alone, without a reason.
    pub fn choose_parchis(&self, state: &crate::parchis::State) -> Option<crate::parchis::Choice> {
        dice::choose(self, state).map(|(choice, _)| choice)
    }

    /// The fast path for Cartas: the action alone, from the view of the seat to decide.
    pub fn choose_cartas(&self, view: &crate::cartas::View) -> Option<crate::cartas::Action> {
        cartas::choose(self, view).map(|(action, _)| action)
    }

    /// The generator of one decision: a function of the seed and the position seen, so that
    /// the same view always gets the same choice.
    fn rng_for<T: Hash>(&self, seen: &T) -> Xoshiro256PlusPlus {
        let mut hasher = StableHasher::new();
        seen.hash(&mut hasher);
        Xoshiro256PlusPlus::seed_from_u64(math::splitmix(self.seed ^ math::splitmix(hasher.finish())))
    }
}

/// FNV-1a over the bytes of a value, every integer written little-endian and every `usize` as
/// 64 bits, so that a view hashes the same on every platform and a seed replays everywhere.
struct StableHasher(u64);

impl StableHasher {
    fn new() -> StableHasher {
        StableHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write(&[i]);
    }

    fn write_u16(&mut self, i: u16) {
        self.write(&i.to_le_bytes());
    }

    fn write_u32(&mut self, i: u32) {
        self.write(&i.to_le_bytes());
    }

    fn write_u64(&mut self, i: u64) {
        self.write(&i.to_le_bytes());
    }

    fn write_u128(&mut self, i: u128) {
        self.write(&i.to_le_bytes());
    }

    fn write_usize(&mut self, i: usize) {
        self.write(&(i as u64).to_le_bytes());
    }
}

/// A request that long work end early, shared by the thread that asks (a cancel button, a
/// Ctrl-C handler) and the threads doing the work, which poll it.
///
/// Cloning gives another handle to the same request. A bot's search polls it where it reads its
/// clock ([`Bot::choose_with_stop`]); a batch of games polls it between games and in its bots'
/// searches ([`crate::simulation::simulate_seats_with_stop`]). A request cannot be taken back.
/// While none is made, work that polls a stop does exactly what it does without one: the same
/// seeds give the same choices and the same games.
#[cfg(feature = "std")]
#[derive(Clone, Debug, Default)]
pub struct Stop(std::sync::Arc<core::sync::atomic::AtomicBool>);

#[cfg(feature = "std")]
impl Stop {
    /// A stop not yet requested.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the work polling this stop (through any of its handles) to end early.
    pub fn request(&self) {
        self.0.store(true, core::sync::atomic::Ordering::Relaxed);
    }

    /// Whether a stop has been requested.
    pub fn is_requested(&self) -> bool {
        self.0.load(core::sync::atomic::Ordering::Relaxed)
    }
}

#[cfg(feature = "std")]
std::thread_local! {
    /// The stop that the searches started on this thread poll: set by [`with_stop`].
    static STOP: core::cell::Cell<Option<Stop>> = const { core::cell::Cell::new(None) };
}

/// Runs `f` with every bot search it starts on this thread polling `stop` (with its
/// [`Deadline`]); the stop of an enclosing call comes back afterwards, even if `f` panics.
#[cfg(feature = "std")]
pub(crate) fn with_stop<T>(stop: &Stop, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Stop>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            let _ = STOP.try_with(|current| current.set(outer));
        }
    }
    let _restore = Restore(STOP.with(|current| current.replace(Some(stop.clone()))));
    f()
}

/// The stop of the enclosing [`with_stop`] on this thread, if any.
#[cfg(feature = "std")]
fn current_stop() -> Option<Stop> {
    STOP.with(|current| {
        let stop = current.take();
        current.set(stop.clone());
        stop
    })
}

/// When a search must end early: the optional wall-clock cap, where the platform has a clock,
/// and (with `std`) the [`Stop`] of the enclosing [`with_stop`].
#[derive(Clone, Debug)]
pub(crate) struct Deadline {
    #[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
    at: Option<std::time::Instant>,
    #[cfg(feature = "std")]
    stop: Option<Stop>,
}

impl Deadline {
    /// The deadline of a search that starts now with this time limit, on this thread.
    pub(crate) fn after(limit: Option<Duration>) -> Deadline {
        #[cfg(not(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown")))))]
        let _ = limit;
        Deadline {
            #[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
            at: limit.and_then(|l| std::time::Instant::now().checked_add(l)),
            #[cfg(feature = "std")]
            stop: current_stop(),
        }
    }

    /// Whether the time limit has passed or a stop has been requested.
    pub(crate) fn passed(&self) -> bool {
        #[cfg(feature = "std")]
        if self.stop.as_ref().is_some_and(Stop::is_requested) {
            return true;
        }
        #[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
        {
            self.at.is_some_and(|at| std::time::Instant::now() >= at)
        }
        #[cfg(not(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown")))))]
        {
            false
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn a_stop_not_requested_changes_no_choice() {
        let stop = Stop::new();
        for (i, text) in ["poleana:3", "parchis:pairs", "cartas"].into_iter().enumerate() {
            let mut game = Game::new(text.parse().unwrap());
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(i as u64);
            let bot =
                Bot::new(Strength::search(Budget { nodes: 20_000, depth: 1, iterations: 100, ..Budget::MEDIUM }), 7);
            for _ in 0..60 {
                if game.is_over() {
                    break;
                }
                let Some(seat) = game.to_act() else {
                    game.roll(&mut rng).unwrap();
                    continue;
                };
                let view = game.view(seat);
                let hint = bot.choose(&view).unwrap();
                assert_eq!(bot.choose_with_stop(&view, &stop), Some(hint), "{text}");
                game.play(hint.action).unwrap();
            }
        }
        assert!(!stop.is_requested());
    }

    #[test]
    fn a_requested_stop_ends_a_cartas_search_at_once() {
        let mut game = Game::new("cartas".parse().unwrap());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        while game.to_act().is_none() {
            game.roll(&mut rng).unwrap();
        }
        let view = game.view(game.to_act().unwrap());
        let stop = Stop::new();
        stop.clone().request();
        assert!(stop.is_requested(), "every handle shares the request");
        let bot = Bot::new(Strength::search(Budget { iterations: u32::MAX, ..Budget::MEDIUM }), 1);
        let started = std::time::Instant::now();
        let hint = bot.choose_with_stop(&view, &stop).unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(view.legal_actions().iter().any(|c| c.action() == hint.action));
        // The stop belonged to that call only.
        assert_eq!(current_stop().map(|s| s.is_requested()), None);
    }
}
