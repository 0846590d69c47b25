//! Many games stepped together for learning agents, writing into flat buffers: each call
//! applies one action id per game, resolves chance with the game's own dice, starts a new game
//! where one ended, and writes what the seat to act observes, its legal-action mask, the rewards
//! and whether a game ended. [`Batch::step`] touches no heap; [`Batch::step_on_threads`] starts
//! its threads on each call.
//!
//! A [`LearnerBatch`] is the same for one learning seat against bots: bots of a [`Strength`]
//! play every other seat inside the step, and each row shows the learner's observation, its
//! mask, its reward and whether its game terminated or was truncated, with Gymnasium's
//! autoreset modes ([`Autoreset`]).
//!
//! ```
//! use fichas::batch::{Batch, Buffers};
//!
//! let mut batch = Batch::new("parchis:two-player".parse().unwrap(), 8, 1);
//! let mut buffers = Buffers::for_batch(&batch);
//! batch.reset(&mut buffers.slices()).unwrap();
//! let mut finished = 0;
//! for _ in 0..2_000 {
//!     let actions = batch.random_actions();
//!     batch.step(&actions, &mut buffers.slices()).unwrap();
//!     finished += buffers.dones.iter().filter(|&&d| d).count();
//! }
//! assert!(finished > 0);
//! ```

use alloc::vec;
use alloc::vec::Vec;

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bot::{Bot, Strength};
use crate::chance;
use crate::game::{State, Variant};
use crate::notation::ParseError;
use crate::phase::Phase;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::simulation::{MAX_DECISIONS, bot_seed, game_rng};

/// Derives the seed of [`Batch::random_actions`]' generators from the batch's.
const PICKS: u64 = 0x9E37_79B9_7F4A_7C15;

/// One game of a batch: its state, its dice, the generator [`Batch::random_actions`] uses, and
/// the ids of its legal actions (listed once a step, room for any position's reserved up front).
#[derive(Clone, Debug)]
struct Slot {
    state: State,
    dice: Xoshiro256PlusPlus,
    picks: Xoshiro256PlusPlus,
    legal: Vec<u16>,
}

impl Slot {
    /// Rolls until a seat is to decide, starting a new game whenever one ends; writes the
    /// returns of an ended game into `rewards` and reports whether one ended.
    fn settle(&mut self, variant: Variant, rewards: &mut [f32]) -> bool {
        let mut ended = false;
        loop {
            match self.state.phase() {
                Phase::Decide(_) => return ended,
                Phase::Over(_) => {
                    let returns = self.state.returns();
                    rewards.copy_from_slice(&returns[..rewards.len()]);
                    ended = true;
                    self.state = State::new(variant);
                }
                Phase::Chance => {
                    let outcome = self.state.sample_chance(&mut self.dice);
                    // A pending chance event always has an outcome; if one did not, a new game
                    // keeps the batch going.
                    match outcome.map(|o| self.state.apply_chance_into(o, &mut ())) {
                        Some(Ok(())) => {}
                        _ => self.state = State::new(variant),
                    }
                }
            }
        }
    }
}

/// Many games of one variant, stepped together (see the module documentation).
#[derive(Clone, Debug)]
pub struct Batch {
    variant: Variant,
    slots: Vec<Slot>,
}

/// The buffers a batch writes, one row per game, row after row.
#[derive(Debug)]
pub struct Slices<'a> {
    /// What the seat to act observes: [`Variant::observation_len`] numbers per game.
    pub observations: &'a mut [f32],
    /// The legal-action mask of the seat to act: [`Variant::action_space`] entries per game.
    pub masks: &'a mut [bool],
    /// The seat to act in each game.
    pub to_act: &'a mut [u8],
    /// Each seat's reward from the last step: the returns of a game that ended in it (1 a win,
    /// -1 a loss), 0 otherwise. [`Variant::seats`] numbers per game.
    pub rewards: &'a mut [f32],
    /// Whether a game ended in the last step (a new one has then begun in its place).
    pub dones: &'a mut [bool],
}

/// Owned buffers of the right sizes for a batch, for Rust callers (Python's `VectorEnv` writes
/// into numpy arrays instead).
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    /// See [`Slices::observations`].
    pub observations: Vec<f32>,
    /// See [`Slices::masks`].
    pub masks: Vec<bool>,
    /// See [`Slices::to_act`].
    pub to_act: Vec<u8>,
    /// See [`Slices::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Slices::dones`].
    pub dones: Vec<bool>,
}

impl Buffers {
    /// Buffers sized for `batch`.
    pub fn for_batch(batch: &Batch) -> Buffers {
        let (n, v) = (batch.len(), batch.variant);
        Buffers {
            observations: vec![0.0; n * v.observation_len()],
            masks: vec![false; n * usize::from(v.action_space())],
            to_act: vec![0; n],
            rewards: vec![0.0; n * v.seats()],
            dones: vec![false; n],
        }
    }

    /// The buffers as the slices [`Batch::step`] writes.
    pub fn slices(&mut self) -> Slices<'_> {
        Slices {
            observations: &mut self.observations,
            masks: &mut self.masks,
            to_act: &mut self.to_act,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
        }
    }
}

/// Why a batch refused a step; no game was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The actions or a buffer do not have one entry (or row) per game.
    #[error("{what} has {given} entries, and this batch needs {expected} ({games} games)")]
    Size {
        /// Which input.
        what: &'static str,
        /// The entries it has.
        given: usize,
        /// The entries it needs.
        expected: usize,
        /// The games in the batch.
        games: usize,
    },
    /// An action id is not legal in its game.
    #[error("game {game} of the batch: action id {id} is not legal for its seat to act")]
    Illegal {
        /// The game's index in the batch.
        game: usize,
        /// The id given.
        id: i64,
    },
    /// A [`LearnerBatch`] with [`Autoreset::Disabled`] was asked to step a game that ended.
    #[error("game {game} of the batch is over: reset its row before stepping it again (autoreset is disabled)")]
    Ended {
        /// The game's index in the batch.
        game: usize,
    },
}

impl Batch {
    /// `games` new games of `variant`. Game `i` rolls its dice from `seed` and `i` as
    /// `simulate` seeds its games, so a batch replays exactly; games that follow one another in
    /// a slot keep drawing from the same dice.
    pub fn new(variant: Variant, games: usize, seed: u64) -> Batch {
        let slots = (0..games as u64)
            .map(|i| Slot {
                state: State::new(variant),
                dice: game_rng(seed, i),
                // A stream apart from the dice: the same game numbers under a seed of its own.
                picks: game_rng(seed ^ PICKS, i),
                legal: Vec::with_capacity(crate::observation::MAX_LEGAL),
            })
            .collect::<Vec<Slot>>();
        let mut batch = Batch { variant, slots };
        // Each game waits at its first decision, so that a step may come before any reset.
        let mut returns = [0.0; Seat::ALL.len()];
        for slot in &mut batch.slots {
            slot.settle(variant, &mut returns[..variant.seats()]);
            slot.state.extend_legal_ids(&mut slot.legal);
        }
        batch
    }

    /// The variant every game plays.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the batch holds no game.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The state of game `i`, if there is one.
    pub fn state(&self, i: usize) -> Option<&State> {
        self.slots.get(i).map(|s| &s.state)
    }

    /// Writes the buffers for the games as they stand, without changing them: what a new
    /// batch shows before its first step.
    pub fn observe(&mut self, out: &mut Slices<'_>) -> Result<(), BatchError> {
        check_sizes(self.variant, self.slots.len(), out)?;
        run(self.variant, &mut self.slots, None, out);
        Ok(())
    }

    /// Starts every game anew (the dice go on from where they were) and writes the first
    /// observations; `rewards` and `dones` are cleared.
    pub fn reset(&mut self, out: &mut Slices<'_>) -> Result<(), BatchError> {
        check_sizes(self.variant, self.slots.len(), out)?;
        let variant = self.variant;
        for slot in &mut self.slots {
            slot.state = State::new(variant);
        }
        run(variant, &mut self.slots, None, out);
        Ok(())
    }

    /// Applies `actions[i]` in game `i` for every game, then rolls, restarts ended games and
    /// writes the buffers. Every action is checked first: if one is not legal, no game changes.
    pub fn step(&mut self, actions: &[i64], out: &mut Slices<'_>) -> Result<(), BatchError> {
        check_sizes(self.variant, self.slots.len(), out)?;
        self.check_actions(actions)?;
        run(self.variant, &mut self.slots, Some(actions), out);
        Ok(())
    }

    /// [`Batch::step`] with the games split among `threads` threads (one call spawns them and
    /// joins them). The results are the same for any number of threads.
    #[cfg(feature = "std")]
    pub fn step_on_threads(&mut self, actions: &[i64], out: &mut Slices<'_>, threads: usize) -> Result<(), BatchError> {
        check_sizes(self.variant, self.slots.len(), out)?;
        self.check_actions(actions)?;
        let games = self.slots.len();
        let per_thread = games.div_ceil(threads.max(1)).max(1);
        if per_thread >= games {
            run(self.variant, &mut self.slots, Some(actions), out);
            return Ok(());
        }
        let v = self.variant;
        let (len, space, seats) = (v.observation_len(), usize::from(v.action_space()), v.seats());
        std::thread::scope(|scope| {
            let parts = self
                .slots
                .chunks_mut(per_thread)
                .zip(actions.chunks(per_thread))
                .zip(out.observations.chunks_mut(per_thread * len))
                .zip(out.masks.chunks_mut(per_thread * space))
                .zip(out.to_act.chunks_mut(per_thread))
                .zip(out.rewards.chunks_mut(per_thread * seats))
                .zip(out.dones.chunks_mut(per_thread));
            for ((((((slots, actions), observations), masks), to_act), rewards), dones) in parts {
                scope.spawn(move || {
                    let mut part = Slices { observations, masks, to_act, rewards, dones };
                    run(v, slots, Some(actions), &mut part);
                });
            }
        });
        Ok(())
    }

    /// Checks that there is one action per game and that each is legal in its game, as
    /// [`Batch::step`] does first.
    pub fn check_actions(&self, actions: &[i64]) -> Result<(), BatchError> {
        let games = self.slots.len();
        if actions.len() != games {
            return Err(BatchError::Size { what: "actions", given: actions.len(), expected: games, games });
        }
        for (game, (slot, &id)) in self.slots.iter().zip(actions).enumerate() {
            if !u16::try_from(id).is_ok_and(|id| slot.legal.contains(&id)) {
                return Err(BatchError::Illegal { game, id });
            }
        }
        Ok(())
    }

    /// A uniformly random legal action id for each game, drawn from a generator of the batch's
    /// own (not the dice): for random opponents and baselines.
    pub fn random_actions(&mut self) -> Vec<i64> {
        let mut out = vec![0; self.slots.len()];
        self.random_actions_into(&mut out);
        out
    }

    /// [`Batch::random_actions`] into a buffer of one entry per game (entries past the games
    /// are left alone).
    pub fn random_actions_into(&mut self, out: &mut [i64]) {
        for (slot, action) in self.slots.iter_mut().zip(out) {
            if !slot.legal.is_empty() {
                *action = i64::from(slot.legal[chance::below(&mut slot.picks, slot.legal.len() as u32) as usize]);
            }
        }
    }
}

/// Plays `actions` (checked by the caller; none at a reset) in `slots`, settles every game and
/// writes its rows of `out`, whose sizes were checked.
fn run(variant: Variant, slots: &mut [Slot], actions: Option<&[i64]>, out: &mut Slices<'_>) {
    let (len, space, seats) = (variant.observation_len(), usize::from(variant.action_space()), variant.seats());
    for (i, slot) in slots.iter_mut().enumerate() {
        if let Some(&id) = actions.and_then(|a| a.get(i)) {
            // Checked legal, so this applies; were it refused, the game would stay as it was.
            let _ = u16::try_from(id).map(|id| slot.state.play_id_into(id, &mut ()));
        }
        let rewards = &mut out.rewards[i * seats..][..seats];
        rewards.fill(0.0);
        out.dones[i] = slot.settle(variant, rewards);
        let seat = slot.state.phase().to_act().unwrap_or(Seat::ALL[0]);
        out.to_act[i] = seat.index() as u8;
        let _ = slot.state.observe(seat, &mut out.observations[i * len..][..len]);
        slot.legal.clear();
        slot.state.extend_legal_ids(&mut slot.legal);
        crate::observation::mask_of(&slot.legal, &mut out.masks[i * space..][..space]);
    }
}

fn check_sizes(variant: Variant, games: usize, out: &Slices<'_>) -> Result<(), BatchError> {
    let rows = [
        ("the observations buffer", out.observations.len(), variant.observation_len()),
        ("the masks buffer", out.masks.len(), usize::from(variant.action_space())),
        ("the to_act buffer", out.to_act.len(), 1),
        ("the rewards buffer", out.rewards.len(), variant.seats()),
        ("the dones buffer", out.dones.len(), 1),
    ];
    for (what, given, per_game) in rows {
        if given != games * per_game {
            return Err(BatchError::Size { what, given, expected: games * per_game, games });
        }
    }
    Ok(())
}

/// How a [`LearnerBatch`] starts a new game in a row whose game ended: Gymnasium's autoreset
/// modes (`gymnasium.vector.AutoresetMode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Autoreset {
    /// The step that ends a game shows its end: the learner's last observation, its reward and
    /// the flags. The row's next step starts a new game instead of playing, ignores the row's
    /// action, and shows the new game with reward 0 and both flags false (`NEXT_STEP`,
    /// Gymnasium's default).
    #[default]
    NextStep,
    /// The step that ends a game starts the next one too: the row shows the new game's first
    /// observation and mask with the ended game's reward and flags, and the ended game's last
    /// observation and mask go to [`LearnerSlices::final_observations`] and
    /// [`LearnerSlices::final_masks`] (`SAME_STEP`).
    SameStep,
    /// A game that ended stays over until [`LearnerBatch::reset_rows`] (or a reset) starts its
    /// row again; a step before that is refused with [`BatchError::Ended`] (`DISABLED`).
    Disabled,
}

/// What a [`LearnerBatch`] does with an action id that is not legal for the learner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnIllegal {
    /// The learner loses that game: nothing is played, the reward is -1, the game is
    /// terminated (as an ended game is) and [`LearnerSlices::illegal`] marks the row.
    #[default]
    Lose,
    /// The whole step is refused with [`BatchError::Illegal`], and no game changes.
    Refuse,
}

/// Why a [`LearnerSetup`] cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The learner's seat is not at the table.
    #[error("the learner's seat must be 0 to {last} in {variant}, not {seat}")]
    Seat {
        /// The seat asked for.
        seat: usize,
        /// The last seat of the variant.
        last: usize,
        /// The variant.
        variant: Variant,
    },
    /// The opponents are neither one strength for all nor one for every other seat.
    #[error(
        "opponents are one strength for every seat but the learner's ({expected} in {variant}) or one for them all, not {given}"
    )]
    Opponents {
        /// The strengths given.
        given: usize,
        /// The other seats.
        expected: usize,
        /// The variant.
        variant: Variant,
    },
    /// An opponent's strength cannot be read.
    #[error("{0}")]
    Strength(#[from] ParseError),
    /// A bound of no steps.
    #[error("max_steps must be from 1 to 4,294,967,295, not 0")]
    MaxSteps,
}

/// Who plays in a [`LearnerBatch`], and what its rows do at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LearnerSetup {
    variant: Variant,
    seat: Seat,
    /// The bot strength of every seat (the learner's entry is not used).
    bots: [Strength; Seat::MAX],
    max_steps: u32,
    autoreset: Autoreset,
    on_illegal: OnIllegal,
}

impl LearnerSetup {
    /// The learner on `seat` of `variant`, bots of `opponents` on the other seats: one strength
    /// for all of them, or one for each in seat order (the learner's seat left out). A game is
    /// truncated after [`MAX_DECISIONS`] of the learner's steps; autoreset is
    /// [`Autoreset::NextStep`] and an illegal action loses ([`OnIllegal::Lose`]).
    ///
    /// ```
    /// use fichas::batch::{LearnerSetup, SetupError};
    /// use fichas::bot::{Level, Strength};
    ///
    /// let pairs = "parchis:pairs".parse().unwrap();
    /// let setup = LearnerSetup::new(pairs, 2, &[Strength::RANDOM, Level::Easy.into(), Strength::RANDOM]).unwrap();
    /// assert_eq!(setup.opponent(fichas::Seat::ALL[1]), Some(Strength::GREEDY));
    /// let e = LearnerSetup::new(pairs, 4, &[Strength::RANDOM]).unwrap_err();
    /// assert_eq!(e.to_string(), "the learner's seat must be 0 to 3 in parchis:pairs, not 4");
    /// assert!(matches!(e, SetupError::Seat { seat: 4, .. }));
    /// ```
    pub fn new(variant: Variant, seat: usize, opponents: &[Strength]) -> Result<LearnerSetup, SetupError> {
        let seats = variant.seats();
        let Some(learner) = Seat::new(seat).filter(|s| s.index() < seats) else {
            return Err(SetupError::Seat { seat, last: seats - 1, variant });
        };
        let others = seats - 1;
        if opponents.len() != 1 && opponents.len() != others {
            return Err(SetupError::Opponents { given: opponents.len(), expected: others, variant });
        }
        let mut bots = [Strength::RANDOM; Seat::MAX];
        let mut listed = opponents.iter().cycle();
        for s in (0..seats).filter(|&s| s != seat) {
            if let Some(&strength) = listed.next() {
                bots[s] = strength;
            }
        }
        Ok(LearnerSetup {
            variant,
            seat: learner,
            bots,
            max_steps: MAX_DECISIONS,
            autoreset: Autoreset::NextStep,
            on_illegal: OnIllegal::Lose,
        })
    }

    /// [`LearnerSetup::new`] with the strengths as text (`"random"`, `"easy"`, `"medium"`,
    /// `"hard"`, `"greedy"`, `"search:iterations=50"`, …, as [`Strength`] reads them).
    ///
    /// ```
    /// use fichas::batch::{LearnerSetup, SetupError};
    /// use fichas::bot::Strength;
    ///
    /// let cartas = "cartas".parse().unwrap();
    /// assert!(LearnerSetup::parse(cartas, 0, &["easy"]).is_ok());
    /// let e = LearnerSetup::parse(cartas, 0, &["easy", "grandmaster", "random"]).unwrap_err();
    /// // The strength's own message: "cannot read bot from `grandmaster`: expected random, …".
    /// assert!(e.to_string().starts_with("cannot read bot from `grandmaster`: expected random"));
    /// assert_eq!(e, SetupError::Strength("grandmaster".parse::<Strength>().unwrap_err()));
    /// ```
    pub fn parse(variant: Variant, seat: usize, opponents: &[&str]) -> Result<LearnerSetup, SetupError> {
        let mut strengths = Vec::with_capacity(opponents.len());
        for text in opponents {
            strengths.push(text.parse::<Strength>()?);
        }
        LearnerSetup::new(variant, seat, &strengths)
    }

    /// The setup with games truncated after `max_steps` of the learner's steps (from 1).
    pub fn with_max_steps(mut self, max_steps: u32) -> Result<LearnerSetup, SetupError> {
        if max_steps == 0 {
            return Err(SetupError::MaxSteps);
        }
        self.max_steps = max_steps;
        Ok(self)
    }

    /// The setup with this autoreset mode.
    pub fn with_autoreset(mut self, autoreset: Autoreset) -> LearnerSetup {
        self.autoreset = autoreset;
        self
    }

    /// The setup with this answer to an illegal action.
    pub fn with_on_illegal(mut self, on_illegal: OnIllegal) -> LearnerSetup {
        self.on_illegal = on_illegal;
        self
    }

    /// The variant the setup was made for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The learner's seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The strength of the bot on `seat`; `None` for the learner's seat.
    pub fn opponent(&self, seat: Seat) -> Option<Strength> {
        (seat != self.seat).then(|| self.bots[seat.index()])
    }

    /// The learner's steps after which a game still going is truncated.
    pub fn max_steps(&self) -> u32 {
        self.max_steps
    }

    /// The autoreset mode.
    pub fn autoreset(&self) -> Autoreset {
        self.autoreset
    }

    /// The answer to an illegal action.
    pub fn on_illegal(&self) -> OnIllegal {
        self.on_illegal
    }
}

/// The buffers a [`LearnerBatch`] writes, one row per game, row after row.
#[derive(Debug)]
pub struct LearnerSlices<'a> {
    /// What the learner's seat observes: [`Variant::observation_len`] numbers per game.
    pub observations: &'a mut [f32],
    /// The learner's legal-action mask, 1 at the legal ids: [`Variant::action_space`] entries
    /// per game. All 0 once a game is over (or lost by an illegal action); a truncated game
    /// shows the learner's mask at its cut.
    pub masks: &'a mut [i8],
    /// The learner's reward from the last step: its return when its game ended in it (+1 when
    /// its seat or its side won, -1 when not, -1 for an illegal action), 0 otherwise.
    pub rewards: &'a mut [f64],
    /// Whether the learner's game ended in the last step: over, or lost by an illegal action.
    pub terminated: &'a mut [bool],
    /// Whether the learner's game was cut off in the last step: the learner took its
    /// `max_steps`-th step, or the bots took [`MAX_DECISIONS`] decisions in a row.
    pub truncated: &'a mut [bool],
    /// Whether the learner's action in the last step was illegal (the game then ended as a loss).
    pub illegal: &'a mut [bool],
    /// [`Autoreset::SameStep`]: the last observation of a game that ended in the last step (on
    /// those rows only; the others are left alone). Sized as `observations`; empty in the other
    /// modes if the caller likes.
    pub final_observations: &'a mut [f32],
    /// [`Autoreset::SameStep`]: the mask shown at the end of a game that ended in the last step
    /// (those rows only). Sized as `masks`; empty in the other modes if the caller likes.
    pub final_masks: &'a mut [i8],
}

/// Owned buffers of the right sizes for a [`LearnerBatch`], for Rust callers.
#[derive(Clone, Debug, Default)]
pub struct LearnerBuffers {
    /// See [`LearnerSlices::observations`].
    pub observations: Vec<f32>,
    /// See [`LearnerSlices::masks`].
    pub masks: Vec<i8>,
    /// See [`LearnerSlices::rewards`].
    pub rewards: Vec<f64>,
    /// See [`LearnerSlices::terminated`].
    pub terminated: Vec<bool>,
    /// See [`LearnerSlices::truncated`].
    pub truncated: Vec<bool>,
    /// See [`LearnerSlices::illegal`].
    pub illegal: Vec<bool>,
    /// See [`LearnerSlices::final_observations`].
    pub final_observations: Vec<f32>,
    /// See [`LearnerSlices::final_masks`].
    pub final_masks: Vec<i8>,
}

impl LearnerBuffers {
    /// Buffers sized for `batch`, the final ones included.
    pub fn for_batch(batch: &LearnerBatch) -> LearnerBuffers {
        let (n, v) = (batch.len(), batch.variant());
        let (len, space) = (n * v.observation_len(), n * usize::from(v.action_space()));
        LearnerBuffers {
            observations: vec![0.0; len],
            masks: vec![0; space],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            illegal: vec![false; n],
            final_observations: vec![0.0; len],
            final_masks: vec![0; space],
        }
    }

    /// The buffers as the slices [`LearnerBatch::step`] writes.
    pub fn slices(&mut self) -> LearnerSlices<'_> {
        LearnerSlices {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            illegal: &mut self.illegal,
            final_observations: &mut self.final_observations,
            final_masks: &mut self.final_masks,
        }
    }
}

/// How often a new game is dealt when the learner's seat never got to decide in the last
/// (the bots finished first): never more than once or twice in practice.
const DEALS: usize = 1_000;

/// How the bots' play after a learner's step stopped.
enum Settled {
    /// The learner is to decide.
    Learner,
    /// The game is over.
    Over,
    /// The bots took [`MAX_DECISIONS`] decisions in a row (or chance had no outcome): cut off.
    Stuck,
}

/// One game of a [`LearnerBatch`]: its state, its dice, the bot of every seat, the learner's
/// legal ids (empty when it is not to decide or its game ended with a loss), its steps in this
/// game, and whether the game ended and waits for its row to start again.
#[derive(Clone, Debug)]
struct Row {
    state: State,
    dice: Xoshiro256PlusPlus,
    bots: [Bot; Seat::MAX],
    legal: Vec<u16>,
    steps: u32,
    ended: bool,
}

/// One row of each buffer of [`LearnerSlices`].
struct RowOut<'r> {
    observation: &'r mut [f32],
    mask: &'r mut [i8],
    reward: &'r mut f64,
    terminated: &'r mut bool,
    truncated: &'r mut bool,
    illegal: &'r mut bool,
    final_observation: &'r mut [f32],
    final_mask: &'r mut [i8],
}

impl Row {
    /// Row `index` of a batch seeded with `seed`: its dice from [`game_rng`], seat `s`'s bot
    /// from [`bot_seed`], at the learner's first decision.
    fn fresh(setup: &LearnerSetup, seed: u64, index: u64) -> Row {
        let bots = Seat::ALL.map(|s| Bot::new(setup.bots[s.index()], bot_seed(seed, index, s)));
        let mut row = Row {
            state: State::new(setup.variant),
            dice: game_rng(seed, index),
            bots,
            legal: Vec::with_capacity(crate::observation::MAX_LEGAL),
            steps: 0,
            ended: false,
        };
        row.restart(setup);
        row
    }

    /// A new game, played by the bots up to the learner's first decision (dealt again should
    /// the others finish first).
    fn restart(&mut self, setup: &LearnerSetup) {
        self.ended = false;
        self.legal.clear();
        for _ in 0..DEALS {
            self.state = State::new(setup.variant);
            self.steps = 0;
            if let Settled::Learner = self.play_others(setup) {
                self.state.extend_legal_ids(&mut self.legal);
                return;
            }
        }
    }

    /// Resolves chance and plays the bots until the learner is to decide or the game ends.
    fn play_others(&mut self, setup: &LearnerSetup) -> Settled {
        let mut decisions = 0;
        loop {
            match self.state.phase() {
                Phase::Over(_) => return Settled::Over,
                Phase::Chance => {
                    let outcome = self.state.sample_chance(&mut self.dice);
                    if !matches!(outcome.map(|o| self.state.apply_chance_into(o, &mut ())), Some(Ok(()))) {
                        return Settled::Stuck;
                    }
                }
                Phase::Decide(seat) if seat == setup.seat => return Settled::Learner,
                Phase::Decide(seat) => {
                    if decisions >= MAX_DECISIONS {
                        return Settled::Stuck;
                    }
                    decisions += 1;
                    if !play_bot(&mut self.state, &self.bots[seat.index()], seat, &mut self.legal) {
                        return Settled::Stuck;
                    }
                }
            }
        }
    }

    /// Writes what the learner observes and its mask.
    fn show(&self, seat: Seat, observation: &mut [f32], mask: &mut [i8]) {
        let _ = self.state.observe(seat, observation);
        mask.fill(0);
        for &id in &self.legal {
            if let Some(m) = mask.get_mut(usize::from(id)) {
                *m = 1;
            }
        }
    }

    /// Plays the learner's `action` (or, in a row whose game ended, starts the next game) and
    /// writes the row; see [`LearnerBatch::step`].
    fn step(&mut self, setup: &LearnerSetup, action: i64, out: RowOut<'_>) {
        *out.reward = 0.0;
        *out.terminated = false;
        *out.truncated = false;
        *out.illegal = false;
        if self.ended {
            // Autoreset::NextStep: the step after the end starts anew and ignores the action
            // (a disabled autoreset refused the step before it began).
            self.restart(setup);
            self.show(setup.seat, out.observation, out.mask);
            return;
        }
        match u16::try_from(action).ok().filter(|id| self.legal.contains(id)) {
            None => {
                // OnIllegal::Lose (a refusal was decided before the step began).
                *out.reward = -1.0;
                *out.terminated = true;
                *out.illegal = true;
                self.legal.clear();
            }
            Some(id) => {
                // Listed legal, so this applies; were it refused, the bots would play on from here.
                let _ = self.state.play_id_into(id, &mut ());
                self.steps += 1;
                let settled = self.play_others(setup);
                self.legal.clear();
                match settled {
                    Settled::Over => {
                        *out.reward = f64::from(self.state.returns()[setup.seat.index()]);
                        *out.terminated = true;
                    }
                    Settled::Learner => {
                        self.state.extend_legal_ids(&mut self.legal);
                        *out.truncated = self.steps >= setup.max_steps;
                    }
                    Settled::Stuck => *out.truncated = true,
                }
            }
        }
        self.show(setup.seat, out.observation, out.mask);
        if *out.terminated || *out.truncated {
            if setup.autoreset == Autoreset::SameStep {
                // Callers may leave the final buffers empty in the other modes only.
                if out.final_observation.len() == out.observation.len() && out.final_mask.len() == out.mask.len() {
                    out.final_observation.copy_from_slice(out.observation);
                    out.final_mask.copy_from_slice(out.mask);
                }
                self.restart(setup);
                self.show(setup.seat, out.observation, out.mask);
            } else {
                self.ended = true;
            }
        }
    }
}

/// Plays `bot`'s choice for `seat` (the seat to decide), from what that seat may see; with no
/// choice, the first legal action (listed into `scratch`). False if there is none.
fn play_bot(state: &mut State, bot: &Bot, seat: Seat, scratch: &mut Vec<u16>) -> bool {
    let chosen = match state {
        State::Poleana(s) => bot.choose_poleana(s).map(|c| s.play_unchecked(&c, &mut ())).is_some(),
        State::Parchis(s) => bot.choose_parchis(s).map(|c| s.play_unchecked(&c, &mut ())).is_some(),
        State::Cartas(s) => bot.choose_cartas(&s.view(seat)).map(|a| s.play_unchecked(&a, &mut ())).is_some(),
    };
    if chosen {
        return true;
    }
    scratch.clear();
    state.extend_legal_ids(scratch);
    scratch.first().is_some_and(|&id| state.play_id_into(id, &mut ()).is_ok())
}

/// Many games of one variant in which one seat learns and bots play the others, stepped
/// together: each step takes the learner's action in every game, plays the bots (inside the
/// step, on the batch's threads) until the learner decides again or the game ends, and writes
/// the learner's rows ([`LearnerSlices`]).
///
/// Row `i` rolls its dice from [`game_rng`]`(seed, i)` and seats its bots with
/// [`bot_seed`]`(seed, i, seat)`, so a batch replays exactly, on any number of threads.
///
/// ```
/// use fichas::batch::{LearnerBatch, LearnerBuffers, LearnerSetup};
///
/// let variant = "parchis:two-player".parse().unwrap();
/// let setup = LearnerSetup::parse(variant, 0, &["easy"]).unwrap();
/// let mut batch = LearnerBatch::new(8, 1, setup);
/// let mut buffers = LearnerBuffers::for_batch(&batch);
/// batch.observe(&mut buffers.slices()).unwrap();
/// let (mut wins, mut losses) = (0, 0);
/// while wins + losses < 8 {
///     // The learner takes its first legal id (ignored in a row whose game just ended).
///     let actions: Vec<i64> =
///         buffers.masks.chunks(685).map(|m| m.iter().position(|&x| x == 1).unwrap_or(0) as i64).collect();
///     batch.step(&actions, &mut buffers.slices()).unwrap();
///     for (&over, &reward) in buffers.terminated.iter().zip(&buffers.rewards) {
///         if over && reward > 0.0 {
///             wins += 1;
///         } else if over {
///             losses += 1;
///         }
///     }
/// }
/// // The easy bot beats a learner that always takes its first legal move.
/// assert!(losses > wins);
/// ```
#[derive(Clone, Debug)]
pub struct LearnerBatch {
    setup: LearnerSetup,
    rows: Vec<Row>,
}

impl LearnerBatch {
    /// `games` games of the setup's variant played as `setup` says, each at the learner's first
    /// decision (the bots before it have played). The setup carries its variant, so its seats
    /// always fit the games.
    pub fn new(games: usize, seed: u64, setup: LearnerSetup) -> LearnerBatch {
        let rows = (0..games as u64).map(|i| Row::fresh(&setup, seed, i)).collect();
        LearnerBatch { setup, rows }
    }

    /// The variant every game plays.
    pub fn variant(&self) -> Variant {
        self.setup.variant
    }

    /// Who plays, and what the rows do at the end of a game.
    pub fn setup(&self) -> &LearnerSetup {
        &self.setup
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the batch holds no game.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The state of game `i`, if there is one.
    pub fn state(&self, i: usize) -> Option<&State> {
        self.rows.get(i).map(|r| &r.state)
    }

    /// The learner's steps in game `i` so far, if there is one.
    pub fn steps(&self, i: usize) -> Option<u32> {
        self.rows.get(i).map(|r| r.steps)
    }

    /// Whether game `i` ended and waits for its row to start again (after the step that ended
    /// it with [`Autoreset::NextStep`], until a reset with [`Autoreset::Disabled`]).
    pub fn is_ended(&self, i: usize) -> bool {
        self.rows.get(i).is_some_and(|r| r.ended)
    }

    /// Writes every row as it stands, without changing a game: rewards 0, flags false.
    pub fn observe(&self, out: &mut LearnerSlices<'_>) -> Result<(), BatchError> {
        self.check_buffers(out)?;
        let variant = self.setup.variant;
        let (len, space) = (variant.observation_len(), usize::from(variant.action_space()));
        for (i, row) in self.rows.iter().enumerate() {
            clear_row(i, out);
            row.show(self.setup.seat, &mut out.observations[i * len..][..len], &mut out.masks[i * space..][..space]);
        }
        Ok(())
    }

    /// Starts a new game in every row (the dice and the bots go on from where they were) and
    /// writes the rows as [`LearnerBatch::observe`] does.
    pub fn reset(&mut self, out: &mut LearnerSlices<'_>) -> Result<(), BatchError> {
        self.check_buffers(out)?;
        let setup = self.setup;
        for row in &mut self.rows {
            row.restart(&setup);
        }
        self.observe(out)
    }

    /// Starts a new game in the rows where `rows` is true and writes those rows (the others,
    /// and their buffers, are left alone). With `seed`, those rows start as they would in a
    /// new `LearnerBatch::new(len, seed, setup)`: their dice and bots from `seed`.
    pub fn reset_rows(
        &mut self,
        rows: &[bool],
        seed: Option<u64>,
        out: &mut LearnerSlices<'_>,
    ) -> Result<(), BatchError> {
        self.check_buffers(out)?;
        let games = self.rows.len();
        if rows.len() != games {
            return Err(BatchError::Size { what: "the reset mask", given: rows.len(), expected: games, games });
        }
        let setup = self.setup;
        let (len, space) = (setup.variant.observation_len(), usize::from(setup.variant.action_space()));
        for (i, (row, _)) in self.rows.iter_mut().zip(rows).enumerate().filter(|(_, (_, r))| **r) {
            match seed {
                Some(seed) => *row = Row::fresh(&setup, seed, i as u64),
                None => row.restart(&setup),
            }
            clear_row(i, out);
            row.show(setup.seat, &mut out.observations[i * len..][..len], &mut out.masks[i * space..][..space]);
        }
        Ok(())
    }

    /// Plays `actions[i]`, the learner's action id, in game `i` for every game, then the bots
    /// until the learner is to decide again or the game ends, and writes every row.
    ///
    /// A row whose game ended in the step before (with [`Autoreset::NextStep`]) starts a new
    /// game instead and ignores its action. With [`OnIllegal::Refuse`] every action is checked
    /// first: if one is not legal, no game changes; with [`OnIllegal::Lose`] an illegal id loses
    /// its game. With [`Autoreset::Disabled`], a step that includes an ended game is refused.
    pub fn step(&mut self, actions: &[i64], out: &mut LearnerSlices<'_>) -> Result<(), BatchError> {
        self.check_buffers(out)?;
        self.check_actions(actions)?;
        run_learner(&self.setup, &mut self.rows, actions, out);
        Ok(())
    }

    /// [`LearnerBatch::step`] with the games split among `threads` threads (one call spawns
    /// them and joins them). The results are the same for any number of threads.
    #[cfg(feature = "std")]
    pub fn step_on_threads(
        &mut self,
        actions: &[i64],
        out: &mut LearnerSlices<'_>,
        threads: usize,
    ) -> Result<(), BatchError> {
        self.check_buffers(out)?;
        self.check_actions(actions)?;
        let games = self.rows.len();
        let per_thread = games.div_ceil(threads.max(1)).max(1);
        let setup = self.setup;
        if per_thread >= games {
            run_learner(&setup, &mut self.rows, actions, out);
            return Ok(());
        }
        let (len, space) = (setup.variant.observation_len(), usize::from(setup.variant.action_space()));
        let mut rest = LearnerSlices {
            observations: core::mem::take(&mut out.observations),
            masks: core::mem::take(&mut out.masks),
            rewards: core::mem::take(&mut out.rewards),
            terminated: core::mem::take(&mut out.terminated),
            truncated: core::mem::take(&mut out.truncated),
            illegal: core::mem::take(&mut out.illegal),
            final_observations: core::mem::take(&mut out.final_observations),
            final_masks: core::mem::take(&mut out.final_masks),
        };
        std::thread::scope(|scope| {
            for (rows, actions) in self.rows.chunks_mut(per_thread).zip(actions.chunks(per_thread)) {
                let mut part = take_rows(&mut rest, rows.len(), len, space);
                let setup = &setup;
                scope.spawn(move || run_learner(setup, rows, actions, &mut part));
            }
        });
        Ok(())
    }

    /// Checks the actions as [`LearnerBatch::step`] does first: one per game; none for an
    /// ended game with [`Autoreset::Disabled`]; and, with [`OnIllegal::Refuse`], each legal for
    /// the learner (the action of a row about to start anew is not looked at).
    pub fn check_actions(&self, actions: &[i64]) -> Result<(), BatchError> {
        let games = self.rows.len();
        if actions.len() != games {
            return Err(BatchError::Size { what: "actions", given: actions.len(), expected: games, games });
        }
        for (game, (row, &id)) in self.rows.iter().zip(actions).enumerate() {
            if row.ended {
                if self.setup.autoreset == Autoreset::Disabled {
                    return Err(BatchError::Ended { game });
                }
                continue;
            }
            if self.setup.on_illegal == OnIllegal::Refuse && !u16::try_from(id).is_ok_and(|id| row.legal.contains(&id))
            {
                return Err(BatchError::Illegal { game, id });
            }
        }
        Ok(())
    }

    fn check_buffers(&self, out: &LearnerSlices<'_>) -> Result<(), BatchError> {
        let (games, v) = (self.rows.len(), self.setup.variant);
        let (len, space) = (v.observation_len(), usize::from(v.action_space()));
        let may_be_empty = self.setup.autoreset != Autoreset::SameStep;
        let rows = [
            ("the observations buffer", out.observations.len(), len, false),
            ("the masks buffer", out.masks.len(), space, false),
            ("the rewards buffer", out.rewards.len(), 1, false),
            ("the terminated buffer", out.terminated.len(), 1, false),
            ("the truncated buffer", out.truncated.len(), 1, false),
            ("the illegal buffer", out.illegal.len(), 1, false),
            ("the final observations buffer", out.final_observations.len(), len, may_be_empty),
            ("the final masks buffer", out.final_masks.len(), space, may_be_empty),
        ];
        for (what, given, per_game, optional) in rows {
            if given != games * per_game && !(optional && given == 0) {
                return Err(BatchError::Size { what, given, expected: games * per_game, games });
            }
        }
        // A step writes both final buffers or neither: one given without the other is refused.
        if out.final_observations.is_empty() != out.final_masks.is_empty() {
            let (what, per_game) = if out.final_masks.is_empty() {
                ("the final masks buffer", space)
            } else {
                ("the final observations buffer", len)
            };
            return Err(BatchError::Size { what, given: 0, expected: games * per_game, games });
        }
        Ok(())
    }
}

/// Clears row `i`'s reward and flags.
fn clear_row(i: usize, out: &mut LearnerSlices<'_>) {
    out.rewards[i] = 0.0;
    out.terminated[i] = false;
    out.truncated[i] = false;
    out.illegal[i] = false;
}

/// The first `rows` rows of each buffer, taken off the front of `rest` (an empty final buffer
/// stays empty).
#[cfg(feature = "std")]
fn take_rows<'a>(rest: &mut LearnerSlices<'a>, rows: usize, len: usize, space: usize) -> LearnerSlices<'a> {
    fn front<'a, T>(buffer: &mut &'a mut [T], n: usize) -> &'a mut [T] {
        let n = n.min(buffer.len());
        let (head, tail) = core::mem::take(buffer).split_at_mut(n);
        *buffer = tail;
        head
    }
    LearnerSlices {
        observations: front(&mut rest.observations, rows * len),
        masks: front(&mut rest.masks, rows * space),
        rewards: front(&mut rest.rewards, rows),
        terminated: front(&mut rest.terminated, rows),
        truncated: front(&mut rest.truncated, rows),
        illegal: front(&mut rest.illegal, rows),
        final_observations: front(&mut rest.final_observations, rows * len),
        final_masks: front(&mut rest.final_masks, rows * space),
    }
}

/// Steps `rows` with `actions` (checked by the caller) and writes their rows of `out`, whose
/// sizes were checked.
fn run_learner(setup: &LearnerSetup, rows: &mut [Row], actions: &[i64], out: &mut LearnerSlices<'_>) {
    let (len, space) = (setup.variant.observation_len(), usize::from(setup.variant.action_space()));
    let finals = !out.final_observations.is_empty();
    for (i, (row, &action)) in rows.iter_mut().zip(actions).enumerate() {
        let (final_observation, final_mask) = if finals {
            (&mut out.final_observations[i * len..][..len], &mut out.final_masks[i * space..][..space])
        } else {
            (&mut [][..], &mut [][..])
        };
        let row_out = RowOut {
            observation: &mut out.observations[i * len..][..len],
            mask: &mut out.masks[i * space..][..space],
            reward: &mut out.rewards[i],
            terminated: &mut out.terminated[i],
            truncated: &mut out.truncated[i],
            illegal: &mut out.illegal[i],
            final_observation,
            final_mask,
        };
        row.step(setup, action, row_out);
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::bot::Level;
    use alloc::format;
    use alloc::string::ToString;

    fn variant(text: &str) -> Variant {
        text.parse().unwrap()
    }

    fn setup(text: &str, seat: usize, opponents: &[&str]) -> LearnerSetup {
        LearnerSetup::parse(variant(text), seat, opponents).unwrap()
    }

    /// Each row's first legal id (0 where none is legal).
    fn first_legal(b: &LearnerBuffers, space: usize) -> Vec<i64> {
        b.masks.chunks(space).map(|m| m.iter().position(|&x| x == 1).unwrap_or(0) as i64).collect()
    }

    /// The rows of one step: observations, masks, rewards, terminated, truncated, illegal.
    type Rows = (Vec<f32>, Vec<i8>, Vec<f64>, Vec<bool>, Vec<bool>, Vec<bool>);

    fn run(text: &str, games: usize, seed: u64, steps: usize, threads: usize) -> Vec<Rows> {
        let v = variant(text);
        let mut batch = LearnerBatch::new(games, seed, setup(text, 1, &["easy"]));
        let mut b = LearnerBuffers::for_batch(&batch);
        batch.observe(&mut b.slices()).unwrap();
        let mut rows = Vec::new();
        for _ in 0..steps {
            let actions = first_legal(&b, usize::from(v.action_space()));
            batch.step_on_threads(&actions, &mut b.slices(), threads).unwrap();
            rows.push((
                b.observations.clone(),
                b.masks.clone(),
                b.rewards.clone(),
                b.terminated.clone(),
                b.truncated.clone(),
                b.illegal.clone(),
            ));
        }
        rows
    }

    #[test]
    fn a_new_learner_batch_waits_at_the_learners_decision_and_shows_its_seat() {
        let v = variant("poleana:3");
        let batch = LearnerBatch::new(5, 3, setup("poleana:3", 2, &["random", "easy"]));
        let mut b = LearnerBuffers::for_batch(&batch);
        batch.observe(&mut b.slices()).unwrap();
        let (len, space) = (v.observation_len(), usize::from(v.action_space()));
        for i in 0..5 {
            let state = batch.state(i).unwrap();
            assert_eq!(state.phase(), Phase::Decide(Seat::ALL[2]), "game {i}");
            let mut seen = vec![0.0; len];
            state.observe(Seat::ALL[2], &mut seen).unwrap();
            assert_eq!(&b.observations[i * len..][..len], &seen[..]);
            let mut ids = Vec::new();
            state.extend_legal_ids(&mut ids);
            let marked: Vec<u16> = (0..space as u16).filter(|&id| b.masks[i * space + usize::from(id)] == 1).collect();
            ids.sort_unstable();
            assert_eq!(marked, ids);
            assert_eq!(batch.steps(i), Some(0));
        }
        assert_eq!(b.rewards, [0.0; 5]);
        assert!(!b.terminated.iter().chain(&b.truncated).chain(&b.illegal).any(|&f| f));
    }

    #[test]
    fn a_learner_batch_plays_the_variant_its_setup_was_made_for() {
        let three = variant("poleana:3");
        let s = setup("poleana:3", 2, &["easy"]);
        assert_eq!(s.variant(), three);
        let batch = LearnerBatch::new(2, 1, s);
        assert_eq!(batch.variant(), three);
        for i in 0..2 {
            let state = batch.state(i).unwrap();
            assert_eq!(state.variant(), three);
            assert_eq!(state.phase(), Phase::Decide(Seat::ALL[2]));
        }
    }

    #[test]
    fn a_step_plays_the_bots_until_the_learner_decides_again_or_the_game_ends() {
        let v = variant("parchis:pairs");
        let mut batch = LearnerBatch::new(6, 9, setup("parchis:pairs", 3, &["easy"]));
        let mut b = LearnerBuffers::for_batch(&batch);
        batch.observe(&mut b.slices()).unwrap();
        for step in 1..=40 {
            let actions = first_legal(&b, usize::from(v.action_space()));
            batch.step(&actions, &mut b.slices()).unwrap();
            for i in 0..6 {
                let state = batch.state(i).unwrap();
                if b.terminated[i] {
                    assert!(matches!(state.phase(), Phase::Over(_)));
                } else {
                    assert_eq!(state.phase(), Phase::Decide(Seat::ALL[3]), "step {step}, game {i}");
                }
            }
        }
    }

    #[test]
    fn an_ended_game_reports_the_learners_return_then_next_step_starts_anew_ignoring_the_action() {
        let v = variant("poleana-express:2");
        let space = usize::from(v.action_space());
        let mut batch = LearnerBatch::new(4, 5, setup("poleana-express:2", 0, &["random"]));
        let mut b = LearnerBuffers::for_batch(&batch);
        batch.observe(&mut b.slices()).unwrap();
        let ended = loop {
            batch.step(&first_legal(&b, space), &mut b.slices()).unwrap();
            if let Some(i) = b.terminated.iter().position(|&t| t) {
                break i;
            }
        };
        let state = *batch.state(ended).unwrap();
        assert_eq!(b.rewards[ended], f64::from(state.returns()[0]));
        assert!(b.rewards[ended] == 1.0 || b.rewards[ended] == -1.0);
        assert!(b.masks[ended * space..][..space].iter().all(|&m| m == 0));
        assert!(batch.is_ended(ended));
        // The next step starts a new game in that row whatever its action (here not even an id).
        let mut actions = first_legal(&b, space);
        actions[ended] = -7;
        batch.step(&actions, &mut b.slices()).unwrap();
        assert_eq!((b.rewards[ended], b.terminated[ended], b.truncated[ended]), (0.0, false, false));
        assert!(!b.illegal[ended] && !batch.is_ended(ended));
        assert_eq!(batch.steps(ended), Some(0));
        assert_eq!(batch.state(ended).unwrap().phase(), Phase::Decide(Seat::ALL[0]));
        assert!(b.masks[ended * space..][..space].contains(&1));
    }

    #[test]
    fn same_step_autoreset_shows_the_new_game_and_keeps_the_last_one_in_the_final_buffers() {
        let v = variant("poleana-express:2");
        let (len, space) = (v.observation_len(), usize::from(v.action_space()));
        let next = setup("poleana-express:2", 1, &["random"]);
        let same = next.with_autoreset(Autoreset::SameStep);
        let (mut a, mut s) = (LearnerBatch::new(3, 2, next), LearnerBatch::new(3, 2, same));
        let (mut ab, mut sb) = (LearnerBuffers::for_batch(&a), LearnerBuffers::for_batch(&s));
        a.observe(&mut ab.slices()).unwrap();
        s.observe(&mut sb.slices()).unwrap();
        let ended = loop {
            let actions = first_legal(&ab, space);
            a.step(&actions, &mut ab.slices()).unwrap();
            s.step(&actions, &mut sb.slices()).unwrap();
            if let Some(i) = ab.terminated.iter().position(|&t| t) {
                break i;
            }
            assert_eq!(ab.observations, sb.observations, "the same games until one ends");
        };
        // The same end, reported alike; the same-step row already shows the next game.
        assert_eq!((sb.rewards[ended], sb.terminated[ended]), (ab.rewards[ended], true));
        assert_eq!(&sb.final_observations[ended * len..][..len], &ab.observations[ended * len..][..len]);
        assert_eq!(&sb.final_masks[ended * space..][..space], &ab.masks[ended * space..][..space]);
        assert!(!s.is_ended(ended) && s.steps(ended) == Some(0));
        assert_eq!(s.state(ended).unwrap().phase(), Phase::Decide(Seat::ALL[1]));
        // The next-step row shows that same new game one step later.
        a.step(&first_legal(&ab, space), &mut ab.slices()).unwrap();
        assert_eq!(&ab.observations[ended * len..][..len], &sb.observations[ended * len..][..len]);
        assert_eq!(a.state(ended), s.state(ended));
    }

    #[test]
    fn disabled_autoreset_refuses_an_ended_game_until_reset_rows_starts_it() {
        let v = variant("poleana-express:2");
        let space = usize::from(v.action_space());
        let off = setup("poleana-express:2", 0, &["random"]).with_autoreset(Autoreset::Disabled);
        let mut batch = LearnerBatch::new(3, 4, off);
        // Without same-step autoreset the final buffers may be left empty.
        let mut b =
            LearnerBuffers { final_observations: vec![], final_masks: vec![], ..LearnerBuffers::for_batch(&batch) };
        batch.observe(&mut b.slices()).unwrap();
        let ended = loop {
            batch.step(&first_legal(&b, space), &mut b.slices()).unwrap();
            if let Some(i) = b.terminated.iter().position(|&t| t) {
                break i;
            }
        };
        let before = batch.clone();
        let e = batch.step(&first_legal(&b, space), &mut b.slices()).unwrap_err();
        assert_eq!(e, BatchError::Ended { game: ended });
        assert_eq!(
            e.to_string(),
            format!(
                "game {ended} of the batch is over: reset its row before stepping it again (autoreset is disabled)"
            )
        );
        assert!((0..3).all(|i| batch.state(i) == before.state(i)), "a refused step changes no game");
        let mask: Vec<bool> = (0..3).map(|i| i == ended).collect();
        batch.reset_rows(&mask, None, &mut b.slices()).unwrap();
        assert!(!batch.is_ended(ended) && batch.steps(ended) == Some(0));
        for i in (0..3).filter(|&i| i != ended) {
            assert_eq!(batch.state(i), before.state(i), "reset_rows leaves the other rows alone");
        }
        batch.step(&first_legal(&b, space), &mut b.slices()).unwrap();
    }

    #[test]
    fn an_illegal_action_loses_the_game_or_is_refused_changing_nothing() {
        let v = variant("parchis:two-player");
        let space = usize::from(v.action_space());
        let mut batch = LearnerBatch::new(3, 1, setup("parchis:two-player", 0, &["random"]));
        let mut b = LearnerBuffers::for_batch(&batch);
        batch.observe(&mut b.slices()).unwrap();
        let before = *batch.state(1).unwrap();
        let illegal = (0..space).find(|&id| b.masks[space + id] == 0).unwrap() as i64;
        let mut actions = first_legal(&b, space);
        actions[1] = illegal;
        batch.step(&actions, &mut b.slices()).unwrap();
        assert_eq!((b.rewards[1], b.terminated[1], b.truncated[1], b.illegal[1]), (-1.0, true, false, true));
        assert_eq!(batch.state(1), Some(&before), "nothing is played");
        assert!(b.masks[space..][..space].iter().all(|&m| m == 0));
        assert!(!b.illegal[0] && !b.illegal[2]);

        let refuse = setup("parchis:two-player", 0, &["random"]).with_on_illegal(OnIllegal::Refuse);
        let mut batch = LearnerBatch::new(3, 1, refuse);
        batch.observe(&mut b.slices()).unwrap();
        let states: Vec<State> = (0..3).map(|i| *batch.state(i).unwrap()).collect();
        for bad in [illegal, -1, space as i64, 1 << 40] {
            actions[1] = bad;
            assert_eq!(batch.step(&actions, &mut b.slices()), Err(BatchError::Illegal { game: 1, id: bad }));
        }
        assert!((0..3).all(|i| batch.state(i) == Some(&states[i])));
        assert_eq!(
            batch.step(&actions[..2], &mut b.slices()),
            Err(BatchError::Size { what: "actions", given: 2, expected: 3, games: 3 })
        );
    }

    #[test]
    fn max_steps_truncates_a_game_at_the_learners_step_and_shows_its_mask() {
        let v = variant("cartas");
        let space = usize::from(v.action_space());
        let short = setup("cartas", 0, &["random"]).with_max_steps(3).unwrap();
        let mut batch = LearnerBatch::new(2, 8, short);
        let mut b = LearnerBuffers::for_batch(&batch);
        batch.observe(&mut b.slices()).unwrap();
        for step in 1..=3 {
            batch.step(&first_legal(&b, space), &mut b.slices()).unwrap();
            assert_eq!(b.truncated, [step == 3; 2], "step {step}");
            assert_eq!(b.terminated, [false; 2]);
            assert_eq!(b.rewards, [0.0; 2]);
        }
        assert!(b.masks[..space].contains(&1), "a truncated game shows the learner's mask at its cut");
        batch.step(&first_legal(&b, space), &mut b.slices()).unwrap();
        assert_eq!(b.truncated, [false; 2]);
        assert_eq!(batch.steps(0), Some(0), "the row started anew");
    }

    #[test]
    fn the_same_seed_plays_the_same_games_on_any_number_of_threads() {
        let one = run("poleana:2", 7, 11, 60, 1);
        assert_eq!(one, run("poleana:2", 7, 11, 60, 3));
        assert_ne!(one, run("poleana:2", 7, 12, 60, 1));
        let cartas = run("cartas", 5, 2, 40, 1);
        assert_eq!(cartas, run("cartas", 5, 2, 40, 2));
    }

    #[test]
    fn reset_rows_with_a_seed_starts_those_rows_as_a_new_batch_of_that_seed() {
        let s = setup("parchis", 1, &["random", "easy", "random"]);
        let mut batch = LearnerBatch::new(4, 1, s);
        let mut b = LearnerBuffers::for_batch(&batch);
        let fresh = LearnerBatch::new(4, 99, s);
        batch.reset_rows(&[false, true, false, true], Some(99), &mut b.slices()).unwrap();
        assert_eq!(batch.state(1), fresh.state(1));
        assert_eq!(batch.state(3), fresh.state(3));
        assert_eq!(batch.state(0), LearnerBatch::new(4, 1, s).state(0));
        assert_eq!(
            batch.reset_rows(&[true], None, &mut b.slices()),
            Err(BatchError::Size { what: "the reset mask", given: 1, expected: 4, games: 4 })
        );
    }

    #[test]
    fn a_bad_setup_is_a_typed_error_with_a_clear_message() {
        let pairs = variant("parchis:pairs");
        let e = LearnerSetup::parse(pairs, 7, &["easy"]).unwrap_err();
        assert_eq!(e, SetupError::Seat { seat: 7, last: 3, variant: pairs });
        let e = LearnerSetup::parse(pairs, 0, &["easy", "easy"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "opponents are one strength for every seat but the learner's (3 in parchis:pairs) or one for them all, not 2"
        );
        let e = LearnerSetup::parse(pairs, 0, &["hard:nodes=x"]).unwrap_err();
        assert!(matches!(e, SetupError::Strength(_)), "{e}");
        let e = LearnerSetup::parse(pairs, 0, &["hardest"]).unwrap_err();
        assert_eq!(e.to_string(), "hardest".parse::<Strength>().unwrap_err().to_string());
        assert!(e.to_string().starts_with("cannot read bot from `hardest`: expected random"), "{e}");
        assert_eq!(setup("cartas", 0, &["easy"]).with_max_steps(0), Err(SetupError::MaxSteps));
        let listed = setup("poleana:3", 1, &["random", "medium"]);
        assert_eq!(listed.opponent(Seat::ALL[0]), Some(Strength::RANDOM));
        assert_eq!(listed.opponent(Seat::ALL[1]), None);
        assert_eq!(listed.opponent(Seat::ALL[2]), Some(Strength::from(Level::Medium)));
        let mut batch = LearnerBatch::new(2, 0, setup("cartas", 0, &["random"]));
        let mut b = LearnerBuffers { masks: vec![0; 3], ..LearnerBuffers::for_batch(&batch) };
        assert_eq!(
            batch.step(&[0, 0], &mut b.slices()),
            Err(BatchError::Size { what: "the masks buffer", given: 3, expected: 8340, games: 2 })
        );
        let same = setup("cartas", 0, &["random"]).with_autoreset(Autoreset::SameStep);
        let batch = LearnerBatch::new(2, 0, same);
        let mut b = LearnerBuffers { final_masks: vec![], ..LearnerBuffers::for_batch(&batch) };
        assert!(
            matches!(batch.observe(&mut b.slices()), Err(BatchError::Size { what: "the final masks buffer", .. })),
            "same-step autoreset needs the final buffers"
        );
        // Next-step autoreset may go without both final buffers, never with only one.
        let mut batch = LearnerBatch::new(2, 0, setup("cartas", 0, &["random"]));
        let mut b = LearnerBuffers { final_masks: vec![], ..LearnerBuffers::for_batch(&batch) };
        assert_eq!(
            batch.step(&[0, 0], &mut b.slices()),
            Err(BatchError::Size { what: "the final masks buffer", given: 0, expected: 8340, games: 2 })
        );
        let mut b = LearnerBuffers { final_observations: vec![], ..LearnerBuffers::for_batch(&batch) };
        assert!(
            matches!(
                batch.step(&[0, 0], &mut b.slices()),
                Err(BatchError::Size { what: "the final observations buffer", given: 0, .. })
            ),
            "the final observations without the final masks are refused too"
        );
        let mut b =
            LearnerBuffers { final_observations: vec![], final_masks: vec![], ..LearnerBuffers::for_batch(&batch) };
        assert!(batch.observe(&mut b.slices()).is_ok(), "neither final buffer is fine");
    }
}
