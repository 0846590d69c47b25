//! What the expert's network learns from, and how a network in training is measured: games of
//! self-play that keep positions with the result they led to, and matches of a network against a
//! bot. `bindings-python/tools/train_expert.py` drives these through the Python package.
//!
//! Samples are afterstates: positions waiting for the dice, each with every seat's features and
//! its side's target: the win share it ended with, or with [`SelfPlay::lambda`] below 1 the
//! TD(λ) return of the network's estimates. Games cut off by [`MAX_DECISIONS`] leave no samples.

use alloc::vec::Vec;
use core::ops::Range;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bot::dice::{self, Turn, Values};
use crate::bot::expert::{self, Learned, MAX_FEATURES};
use crate::bot::network::{Network, NetworkGame, WeightsError};
use crate::bot::{Bot, Strength, math};
use crate::chance::below;
use crate::game::Variant;
use crate::seat::Seat;
use crate::simulation::{MAX_DECISIONS, bot_seed, game_rng};

/// The features of one seat in `game`'s networks; `None` for a game the expert has no network
/// for.
pub fn features(game: NetworkGame) -> Option<usize> {
    match game {
        NetworkGame::Poleana => Some(<crate::poleana::State as Learned>::FEATURES),
        NetworkGame::Parchis => Some(<crate::parchis::State as Learned>::FEATURES),
        NetworkGame::Cartas => None,
    }
}

/// The game whose network judges `variant`.
pub fn network_game(variant: Variant) -> NetworkGame {
    match variant {
        Variant::Poleana(_) => NetworkGame::Poleana,
        Variant::Parchis(_) => NetworkGame::Parchis,
        Variant::Cartas(_) => NetworkGame::Cartas,
    }
}

/// Reads weights for `variant`'s game, every weight checked.
pub fn read_weights(variant: Variant, bytes: &[u8]) -> Result<Network<'_>, WeightsError> {
    let game = network_game(variant);
    let inputs = features(game).ok_or(WeightsError::Game { found: game.tag(), expected: "a dice game" })?;
    Network::from_bytes(bytes, game, inputs)
}

/// The weights the crate ships for `variant`'s game, read in full; `None` for Cartas.
pub fn shipped_weights(variant: Variant) -> Option<Result<Network<'static>, WeightsError>> {
    match variant {
        Variant::Poleana(_) => Some(expert::shipped_bytes(NetworkGame::Poleana)),
        Variant::Parchis(_) => Some(expert::shipped_bytes(NetworkGame::Parchis)),
        Variant::Cartas(_) => None,
    }
    .map(|bytes| read_weights(variant, bytes))
}

/// Positions of self-play with their results, four seats a row (seats beyond the table are
/// zeros, their side 255).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// The features of each seat: `features` numbers per seat, 4 seats per sample.
    pub inputs: Vec<f32>,
    /// The side each seat plays for (an index from 0 to 3; 255 for no seat), 4 per sample.
    pub sides: Vec<u8>,
    /// Each seat's side's target: the win share it ended with (0 or 1, or a fraction of a shared
    /// win), or its TD(λ) return ([`SelfPlay::lambda`]); 4 per sample.
    pub shares: Vec<f32>,
    /// The games played to their end, and the games cut off (which leave no samples).
    pub games: u64,
    /// Games cut off at [`MAX_DECISIONS`].
    pub truncated: u64,
}

impl Samples {
    /// The number of samples.
    pub fn len(&self) -> usize {
        self.sides.len() / 4
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.sides.is_empty()
    }
}

/// How the seats of a training game play.
#[derive(Clone, Copy, Debug)]
pub enum Player<'w> {
    /// A bot of this strength.
    Bot(Strength),
    /// The expert's plan with this network.
    Network(&'w Network<'w>),
}

/// How self-play games are played and what they keep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfPlay {
    /// One position waiting for the dice in this many is kept (at random); 0 keeps none.
    pub keep_one_in: u32,
    /// The chance, at each decision, of a uniformly random legal action instead of the player's.
    pub explore: f32,
    /// TD(λ): a kept position's target is the λ-return of the network's own estimates at the
    /// positions that follow it, which weighs the result λ^k after k more positions. 1 takes
    /// the result alone (Monte Carlo); games whose seats are bots take the result alone.
    pub lambda: f32,
}

/// Plays games `games` of `variant` (seeded with `seed`) with every seat played by `player`,
/// as `how` says, and adds the positions kept to `out`. Cartas has no network: it adds nothing.
pub fn self_play(variant: Variant, player: Player<'_>, games: Range<u64>, seed: u64, how: SelfPlay, out: &mut Samples) {
    for index in games {
        let mut rng = game_rng(seed, index);
        let players = [player; 4];
        let seeds = Seat::ALL.map(|s| bot_seed(seed, index, s));
        let kept = match variant {
            Variant::Poleana(config) => play(crate::poleana::State::new(config), &players, &seeds, &mut rng, how, out),
            Variant::Parchis(config) => play(crate::parchis::State::new(config), &players, &seeds, &mut rng, how, out),
            Variant::Cartas(_) => return,
        };
        match kept {
            Some(_) => out.games += 1,
            None => out.truncated += 1,
        }
    }
}

/// Plays games `games` of `variant` with `network` on the seats of one bot and `opponent` on the
/// other's, taking the seats in turn (`A B A B`, then `B A B A` in the next game), and returns
/// the wins of `network`'s seats (a shared win counted in its share) and the games that ended.
pub fn match_network(
    variant: Variant,
    network: &Network<'_>,
    opponent: Strength,
    games: Range<u64>,
    seed: u64,
) -> (f64, u64) {
    let mut won = 0.0;
    let mut ended = 0;
    for index in games {
        let mut rng = game_rng(seed, index);
        let ours = |s: usize| (s + index as usize) % 2 == 0;
        let players = core::array::from_fn(|s| if ours(s) { Player::Network(network) } else { Player::Bot(opponent) });
        let seeds = Seat::ALL.map(|s| bot_seed(seed, index, s));
        let mut ignored = Samples::default();
        let how = SelfPlay { keep_one_in: 0, explore: 0.0, lambda: 1.0 };
        let shares = match variant {
            Variant::Poleana(config) => {
                play(crate::poleana::State::new(config), &players, &seeds, &mut rng, how, &mut ignored)
            }
            Variant::Parchis(config) => {
                play(crate::parchis::State::new(config), &players, &seeds, &mut rng, how, &mut ignored)
            }
            Variant::Cartas(_) => None,
        };
        if let Some(shares) = shares {
            ended += 1;
            won += (0..4).filter(|&s| ours(s)).map(|s| f64::from(shares[s])).sum::<f64>();
        }
    }
    (won, ended)
}

/// Plays one game to its end and returns each seat's share of the win (its side's share over
/// the side's seats), or `None` if it was cut off; its samples go to `out` once it has ended.
fn play<G: Learned, R: Rng>(
    mut state: G,
    players: &[Player<'_>; 4],
    seeds: &[u64; 4],
    rng: &mut R,
    how: SelfPlay,
    out: &mut Samples,
) -> Option<[f32; 4]> {
    let seats = state.seat_count();
    let first = out.len();
    let mut features = [0.0f32; MAX_FEATURES];
    let mut decisions = 0;
    let mut decision_rng = Xoshiro256PlusPlus::seed_from_u64(math::splitmix(seeds[0] ^ 0x5eed));
    let explore = (how.explore.clamp(0.0, 1.0) * 1_000_000.0) as u32;
    // The network whose estimates the λ-returns bootstrap from: the players' own, in self-play.
    let critic = match players[0] {
        Player::Network(net) if how.lambda < 1.0 && how.keep_one_in > 0 => Some(net),
        _ => None,
    };
    // Per position waiting for the dice, in order: the critic's win shares (by colour index),
    // and for each kept sample the position it was.
    let mut estimates: Vec<Values> = Vec::new();
    let mut kept_at: Vec<usize> = Vec::new();
    loop {
        match state.turn() {
            Turn::Over => break,
            Turn::Chance => {
                if let Some(net) = critic {
                    estimates.push(expert::values(&state, net));
                }
                if how.keep_one_in > 0 && below(rng, how.keep_one_in) == 0 {
                    kept_at.push(estimates.len().saturating_sub(1));
                    let heuristic = state.heuristic();
                    for s in 0..4 {
                        if s < seats {
                            expert::features(&state, Seat::ALL[s], &heuristic, &mut features);
                            out.inputs.extend_from_slice(&features[..G::FEATURES]);
                            out.sides.push(state.side_of_seat(Seat::ALL[s]) as u8);
                        } else {
                            out.inputs.extend(core::iter::repeat_n(0.0, G::FEATURES));
                            out.sides.push(u8::MAX);
                        }
                        out.shares.push(0.0);
                    }
                }
                state.roll_into(rng, &mut ());
            }
            Turn::Decide(_) => {
                decisions += 1;
                if decisions > MAX_DECISIONS {
                    out.inputs.truncate(first * 4 * G::FEATURES);
                    out.sides.truncate(first * 4);
                    out.shares.truncate(first * 4);
                    return None;
                }
                let seat = state.to_act().map_or(0, Seat::index);
                let choices = state.legal_actions();
                let index = if explore > 0 && below(&mut decision_rng, 1_000_000) < explore {
                    below(&mut decision_rng, choices.len() as u32) as usize
                } else {
                    match players[seat] {
                        Player::Network(net) => {
                            expert::choose(&state, net, expert::Reach::RollInHand, &mut decision_rng)
                                .map_or(0, |(i, _)| i)
                        }
                        Player::Bot(strength) => {
                            dice::decide_for(&Bot::new(strength, seeds[seat]), &state).map_or(0, |(i, _, _)| i)
                        }
                    }
                };
                let Some(choice) = choices.get(index) else { break };
                state.play_unchecked(choice, &mut ());
            }
        }
    }
    let result = state.values();
    // The λ-return at every position, from the last back: G_t = (1 - λ) V_{t+1} + λ G_{t+1}, with
    // the result after the last position.
    let mut returns = estimates.clone();
    let mut next_estimate = result;
    let mut next_return = result;
    for t in (0..returns.len()).rev() {
        for c in 0..4 {
            returns[t][c] = (1.0 - how.lambda) * next_estimate[c] + how.lambda * next_return[c];
        }
        next_estimate = estimates[t];
        next_return = returns[t];
    }
    for (sample, &at) in (first..out.len()).zip(&kept_at) {
        let target = if critic.is_some() { returns.get(at).copied().unwrap_or(result) } else { result };
        for s in 0..4 {
            let side = out.sides[4 * sample + s];
            out.shares[4 * sample + s] = if side == u8::MAX { 0.0 } else { target[usize::from(side)] };
        }
    }
    let mut per_side = [0u8; 4];
    for s in 0..seats {
        per_side[state.side_of_seat(Seat::ALL[s])] += 1;
    }
    let mut shares = [0.0f32; 4];
    for (s, share) in shares.iter_mut().enumerate().take(seats) {
        let side = state.side_of_seat(Seat::ALL[s]);
        *share = result[side] / f32::from(per_side[side].max(1));
    }
    Some(shares)
}
