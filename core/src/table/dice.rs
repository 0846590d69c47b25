//! Where a table's chance outcomes come from, and how verifiable dice are checked.
//!
//! Every source turns random words into an outcome by the same public procedure: the pending
//! event's outcomes in the game's stable order with their integer weights, and one ticket below
//! the total weight drawn by [`chance::try_below`] (Lemire's multiply-and-shift with rejection,
//! never a bare modulo). Only the words differ:
//!
//! - **system**: the operating system's secure generator (`getrandom`);
//! - **host**: no words; the host supplies each outcome;
//! - **verifiable** (docs/rules/tables.md §4): HMAC-SHA-256 keyed by a 32-byte secret whose
//!   SHA-256 (the commitment) is published before the first outcome. For the chance step
//!   numbered `step` in the record, block `b` (from 0) is HMAC(secret, `fichas-dice/1` ‖ for
//!   each seat in order: its seed's length as 4 bytes big-endian, then the seed's UTF-8 bytes ‖
//!   `step` as 8 bytes big-endian ‖ `b` as 4 bytes big-endian); the words are each block's
//!   eight 4-byte big-endian numbers, block after block. Once the secret is revealed, anyone
//!   recomputes every outcome with [`verify_dice`].

use alloc::string::{String, ToString};
use core::convert::Infallible;
use core::fmt;

use hmac::{Hmac, Mac};
use rand_core::TryRng;
use sha2::{Digest, Sha256};

use crate::chance;
use crate::game::{ChanceOutcome, Game, State};
use crate::record::{DiceSource, Link, Record, ReplayError, Step, hex, parse_link, replay_step};

/// The verifiable dice's secret: 32 bytes the host keeps until the game is over.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret([u8; 32]);

impl fmt::Debug for Secret {
    /// Never prints the bytes: a secret in a log is a secret lost.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Secret {
    /// A fresh secret from the operating system's secure generator.
    pub fn generate() -> Result<Secret, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok(Secret(bytes))
    }

    /// A secret from its 32 bytes (a stored secret, or one chosen for tests).
    pub const fn from_bytes(bytes: [u8; 32]) -> Secret {
        Secret(bytes)
    }

    /// Reads a secret written as 64 hexadecimal digits (what [`Secret::to_hex`] gives).
    pub fn from_hex(text: &str) -> Option<Secret> {
        parse_link(text.trim()).map(Secret)
    }

    /// The secret as 64 lowercase hexadecimal digits: to store until the game is over, and
    /// publish then.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// The key a table of these dice mixes into its hash chain: HMAC of the secret over
    /// `fichas-chain/1`, so a table made again from the same secret links alike.
    pub fn chain_key(&self) -> Link {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else { return self.commitment() };
        mac.update(b"fichas-chain/1");
        mac.finalize().into_bytes().into()
    }

    /// SHA-256 of the secret: what the table publishes before the first roll.
    pub fn commitment(&self) -> Link {
        Sha256::digest(self.0).into()
    }
}

/// The words of one chance step of verifiable dice (see the module's documentation).
#[derive(Clone)]
pub struct Derived<'a> {
    secret: &'a Secret,
    seeds: &'a [String],
    step: u64,
    block: u32,
    words: [u32; 8],
    used: usize,
}

impl<'a> Derived<'a> {
    /// The words for the chance step numbered `step` in the record (from 0), from `secret` and
    /// every seat's seed in seat order, starting at block 0.
    pub fn new(secret: &'a Secret, seeds: &'a [String], step: u64) -> Derived<'a> {
        Derived { secret, seeds, step, block: 0, words: [0; 8], used: 8 }
    }

    fn refill(&mut self) {
        // HMAC takes a key of any length, so the key is never refused.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.secret.0) else { return };
        mac.update(b"fichas-dice/1");
        for seed in self.seeds {
            mac.update(&(seed.len() as u32).to_be_bytes());
            mac.update(seed.as_bytes());
        }
        mac.update(&self.step.to_be_bytes());
        mac.update(&self.block.to_be_bytes());
        let bytes = mac.finalize().into_bytes();
        for (word, chunk) in self.words.iter_mut().zip(bytes.chunks_exact(4)) {
            *word = u32::from_be_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        self.block = self.block.wrapping_add(1);
        self.used = 0;
    }
}

impl fmt::Debug for Derived<'_> {
    /// Names the step only: the words are the outcome being drawn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Derived {{ step: {} }}", self.step)
    }
}

impl TryRng for Derived<'_> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        if self.used == self.words.len() {
            self.refill();
        }
        self.used += 1;
        Ok(self.words[self.used - 1])
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let high = self.try_next_u32()?;
        Ok(u64::from(high) << 32 | u64::from(self.try_next_u32()?))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(4) {
            let word = self.try_next_u32()?.to_be_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
        Ok(())
    }
}

/// The outcome `rng`'s words pick among `outcomes` (weights in the game's stable order).
pub fn draw<R: TryRng + ?Sized>(
    rng: &mut R,
    outcomes: &[(ChanceOutcome, u32)],
) -> Result<Option<ChanceOutcome>, R::Error> {
    let pick = chance::try_pick_weighted(rng, outcomes.iter().map(|(_, w)| *w))?;
    Ok(pick.map(|i| outcomes[i].0))
}

/// The outcome of the pending chance event of `state` at record step `step`, derived from the
/// secret and the seats' seeds.
pub fn derive(secret: &Secret, seeds: &[String], step: u64, state: &State) -> Option<ChanceOutcome> {
    match draw(&mut Derived::new(secret, seeds, step), &state.chance_outcomes()) {
        Ok(outcome) => outcome,
        Err(never) => match never {},
    }
}

/// Why a record's dice do not check out against a secret.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// The record's table rolled dice that cannot be checked; holds its dice source (`system`
    /// or `host`).
    #[error("the record's dice are not verifiable (its dice source is {0})")]
    NotVerifiable(DiceSource),
    /// The record was not written at a table (it has no table metadata), so nothing commits to
    /// its dice.
    #[error("the record was not written at a table, so its dice are not verifiable")]
    NoTable,
    /// The record's table metadata holds no commitment.
    #[error("the record holds no dice commitment")]
    NoCommitment,
    /// The secret's SHA-256 is not the record's commitment.
    #[error("the secret does not match the record's commitment {commitment}")]
    WrongSecret {
        /// The record's commitment, in lowercase hexadecimal.
        commitment: String,
    },
    /// A chance step's outcome is not the one the secret and the seeds give.
    #[error("step {index} records {recorded}, but the secret and the seeds give {derived}")]
    Differs {
        /// The first step that differs, from 0.
        index: usize,
        /// The outcome the record holds, in the game's notation.
        recorded: String,
        /// The outcome the secret and the seeds give, or `no outcome`.
        derived: String,
    },
    /// Replaying the record met a step the rules refuse.
    #[error(transparent)]
    Illegal(#[from] ReplayError),
}

/// Recomputes every chance outcome of a record of verifiable dice from the revealed secret:
/// the number of outcomes checked, or the first step whose outcome differs (or is illegal).
pub fn verify_dice(record: &Record, secret: &Secret) -> Result<usize, DiceError> {
    let meta = record.table().ok_or(DiceError::NoTable)?;
    if meta.dice != DiceSource::Verifiable {
        return Err(DiceError::NotVerifiable(meta.dice));
    }
    let commitment = meta.commitment.ok_or(DiceError::NoCommitment)?;
    if secret.commitment() != commitment {
        return Err(DiceError::WrongSecret { commitment: hex(&commitment) });
    }
    let mut game = Game::from_state(*record.start());
    let mut checked = 0;
    for (index, step) in record.steps().iter().enumerate() {
        if let Step::Chance(recorded) = *step {
            let derived = derive(secret, &meta.seeds, index as u64, game.state());
            if derived != Some(recorded) {
                let derived = derived.map_or_else(|| "no outcome".to_string(), |d| d.to_string());
                return Err(DiceError::Differs { index, recorded: recorded.to_string(), derived });
            }
            checked += 1;
        }
        replay_step(&mut game, *step).map_err(|reason| ReplayError { index, reason })?;
    }
    Ok(checked)
}

/// A source's words for one draw at a live table.
pub(crate) fn draw_live(
    source: &Source,
    seeds: &[String],
    step: u64,
    state: &State,
) -> Result<Option<ChanceOutcome>, getrandom::Error> {
    match source {
        Source::System => draw(&mut getrandom::SysRng, &state.chance_outcomes()),
        Source::Verifiable(secret) => Ok(derive(secret, seeds, step, state)),
        Source::Host => Ok(None),
    }
}

/// A live table's source, with the secret of verifiable dice.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    System,
    Host,
    Verifiable(Secret),
}

impl Source {
    pub(crate) fn kind(&self) -> DiceSource {
        match self {
            Source::System => DiceSource::System,
            Source::Host => DiceSource::Host,
            Source::Verifiable(_) => DiceSource::Verifiable,
        }
    }
}
