//! Many games stepped together for learning agents, writing into flat buffers: each call
//! applies one action id per game, resolves chance with the game's own dice, starts a new game
//! where one ended, and writes what the seat to act observes, its legal-action mask, the rewards
//! and whether a game ended. [`Batch::step`] touches no heap; [`Batch::step_on_threads`] starts
//! its threads on each call.
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

use crate::chance;
use crate::game::{State, Variant};
use crate::phase::Phase;
use crate::seat::Seat;
use crate::simulation::game_rng;

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
