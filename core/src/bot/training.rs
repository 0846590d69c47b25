//! What the expert's network learns from, and how a network in training is measured: games of
//! self-play, or of a network against a bot, that keep positions with the result they led to, and
//! matches of a network against a bot or another network. `bindings-python/tools/train_expert.py`
//! drives these through the Python package.
//!
//! Samples are afterstates, each with every seat's features and its side's target: the win share
//! it ended with, or with [`SelfPlay::lambda`] below 1 the TD(λ) return of the network's
//! estimates. In the dice games they are positions waiting for the dice; in Cartas, what the
//! seat to act knows after its action, the position its expert judges. Games cut off by
//! [`MAX_DECISIONS`] leave no samples.

use alloc::vec::Vec;
use core::ops::Range;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bot::dice::{self, Turn, Values};
use crate::bot::expert::{self, Learned, MAX_FEATURES};
use crate::bot::network::{Network, NetworkGame, WeightsError};
use crate::bot::{Bot, Strength, cartas, cartas_expert, math};
use crate::chance::below;
use crate::game::Variant;
use crate::seat::Seat;
use crate::simulation::{MAX_DECISIONS, bot_seed, game_rng};

/// The features of one seat in `game`'s networks.
pub fn features(game: NetworkGame) -> usize {
    match game {
        NetworkGame::Poleana => <crate::poleana::State as Learned>::FEATURES,
        NetworkGame::Parchis => <crate::parchis::State as Learned>::FEATURES,
        NetworkGame::Cartas => cartas_expert::FEATURES,
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
    Network::from_bytes(bytes, game, features(game))
}

/// The weights the crate ships for `variant`'s game, read in full.
pub fn shipped_weights(variant: Variant) -> Result<Network<'static>, WeightsError> {
    let bytes = match variant {
        Variant::Poleana(_) => expert::shipped_bytes(NetworkGame::Poleana),
        Variant::Parchis(_) => expert::shipped_bytes(NetworkGame::Parchis),
        Variant::Cartas(_) => cartas_expert::SHIPPED,
    };
    read_weights(variant, bytes)
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
    /// What each seat's strength is before the network's output is added: in Cartas the greedy
    /// bot's (the network corrects it), in the dice games 0; 4 per sample.
    pub base: Vec<f32>,
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
    /// One afterstate in this many is kept (at random); 0 keeps none.
    pub keep_one_in: u32,
    /// The chance, at each decision, of a uniformly random legal action instead of the player's.
    pub explore: f32,
    /// TD(λ): a kept position's target is the λ-return of the network's own estimates at the
    /// positions that follow it, which weighs the result λ^k after k more positions. 1 takes
    /// the result alone (Monte Carlo); games whose seats are bots take the result alone.
    pub lambda: f32,
}

/// Plays games `games` of `variant` (seeded with `seed`) with every seat played by `player`,
/// as `how` says, and adds the positions kept to `out`.
pub fn self_play(variant: Variant, player: Player<'_>, games: Range<u64>, seed: u64, how: SelfPlay, out: &mut Samples) {
    play_against(variant, player, player, games, seed, how, out);
}

/// Plays games `games` of `variant` with `player` on the seats of one side and `opponent` on the
/// other's, taking the seats in turn as [`match_network`] does, and adds the positions kept to
/// `out` as [`self_play`] does: every seat's, so a network learns what its positions are worth
/// against the opponent's play, and the λ-returns bootstrap from `player`'s network (with a bot
/// as `player`, the targets are the results).
pub fn play_against(
    variant: Variant,
    player: Player<'_>,
    opponent: Player<'_>,
    games: Range<u64>,
    seed: u64,
    how: SelfPlay,
    out: &mut Samples,
) {
    let critic = match player {
        Player::Network(net) => Some(net),
        Player::Bot(_) => None,
    };
    for index in games {
        match play_game(variant, &sides(index, player, opponent), index, seed, how, critic, out) {
            Some(_) => out.games += 1,
            None => out.truncated += 1,
        }
    }
}

/// Plays games `games` of `variant` with `network` on the seats of one player and `opponent` (a
/// bot, or another network) on the other's, taking the seats in turn (`A B A B`, then `B A B A`
/// in the next game), and returns the wins of `network`'s seats (a shared win counted in its
/// share) and the games that ended.
pub fn match_network(
    variant: Variant,
    network: &Network<'_>,
    opponent: Player<'_>,
    games: Range<u64>,
    seed: u64,
) -> (f64, u64) {
    let mut won = 0.0;
    let mut ended = 0;
    let how = SelfPlay { keep_one_in: 0, explore: 0.0, lambda: 1.0 };
    for index in games {
        let players = sides(index, Player::Network(network), opponent);
        let mut ignored = Samples::default();
        if let Some(shares) = play_game(variant, &players, index, seed, how, None, &mut ignored) {
            ended += 1;
            won += (0..4).filter(|&s| first_side(index, s)).map(|s| f64::from(shares[s])).sum::<f64>();
        }
    }
    (won, ended)
}

/// Whether seat `s` of game `index` is the first side's: seats 0 and 2 in even games, 1 and 3 in
/// odd ones.
fn first_side(index: u64, s: usize) -> bool {
    (s + index as usize) % 2 == 0
}

/// The players of game `index`: `first` on the first side's seats, `second` on the others.
fn sides<'w>(index: u64, first: Player<'w>, second: Player<'w>) -> [Player<'w>; 4] {
    core::array::from_fn(|s| if first_side(index, s) { first } else { second })
}

/// Plays game `index` of `variant` (seeded with `seed`), its samples going to `out`; returns each
/// seat's share of the win, or `None` if it was cut off.
fn play_game(
    variant: Variant,
    players: &[Player<'_>; 4],
    index: u64,
    seed: u64,
    how: SelfPlay,
    critic: Option<&Network<'_>>,
    out: &mut Samples,
) -> Option<[f32; 4]> {
    let mut rng = game_rng(seed, index);
    let seeds = Seat::ALL.map(|s| bot_seed(seed, index, s));
    let choices = Choices::new(&seeds, how, critic);
    match variant {
        Variant::Poleana(config) => {
            play(crate::poleana::State::new(config), players, &seeds, &mut rng, how, choices, out)
        }
        Variant::Parchis(config) => {
            play(crate::parchis::State::new(config), players, &seeds, &mut rng, how, choices, out)
        }
        Variant::Cartas(config) => play_cartas(config, players, &seeds, &mut rng, how, choices, out),
    }
}

/// Sets the targets of the samples kept since sample `first`, whose positions are `kept_at` among
/// those `estimates` judged: with `lambda`, each position's λ-return, from the last back
/// (G_t = (1 - λ) V_{t+1} + λ G_{t+1}, with the result after the last position); without, the
/// result.
fn write_targets(
    out: &mut Samples,
    first: usize,
    kept_at: &[usize],
    estimates: &[Values],
    result: Values,
    lambda: Option<f32>,
) {
    let mut returns = estimates.to_vec();
    if let Some(lambda) = lambda {
        let mut next_estimate = result;
        let mut next_return = result;
        for t in (0..returns.len()).rev() {
            for c in 0..4 {
                returns[t][c] = (1.0 - lambda) * next_estimate[c] + lambda * next_return[c];
            }
            next_estimate = estimates[t];
            next_return = returns[t];
        }
    }
    for (sample, &at) in (first..out.len()).zip(kept_at) {
        let target = if lambda.is_some() { returns.get(at).copied().unwrap_or(result) } else { result };
        for s in 0..4 {
            let side = out.sides[4 * sample + s];
            out.shares[4 * sample + s] = if side == u8::MAX { 0.0 } else { target[usize::from(side)] };
        }
    }
}

/// What a training game decides with, whatever the game.
struct Choices<'w> {
    /// The random source of the players' choices and of exploring, apart from the game's.
    decision_rng: Xoshiro256PlusPlus,
    /// The chance of a random action, in millionths.
    explore: u32,
    /// The network whose estimates the λ-returns bootstrap from: the players' own, in self-play.
    critic: Option<&'w Network<'w>>,
}

impl<'w> Choices<'w> {
    /// `critic` bootstraps the λ-returns when there are any: λ below 1 and positions kept.
    fn new(seeds: &[u64; 4], how: SelfPlay, critic: Option<&'w Network<'w>>) -> Choices<'w> {
        Choices {
            decision_rng: Xoshiro256PlusPlus::seed_from_u64(math::splitmix(seeds[0] ^ 0x5eed)),
            explore: (how.explore.clamp(0.0, 1.0) * 1_000_000.0) as u32,
            critic: critic.filter(|_| how.lambda < 1.0 && how.keep_one_in > 0),
        }
    }
}

/// Drops the samples kept since sample `first` (a game cut off leaves none).
fn drop_samples(out: &mut Samples, first: usize, features: usize) {
    out.inputs.truncate(first * 4 * features);
    out.sides.truncate(first * 4);
    out.shares.truncate(first * 4);
    out.base.truncate(first * 4);
}

/// Plays one game of Cartas to its end, as [`play`] does a dice game, and returns each seat's
/// share of the win. A sample is the position the seat to act knows after its action (the
/// expert's afterstate), with every seat's features from that seat's knowledge; one decision in
/// `keep_one_in` is kept.
fn play_cartas<R: Rng>(
    config: crate::cartas::Config,
    players: &[Player<'_>; 4],
    seeds: &[u64; 4],
    rng: &mut R,
    how: SelfPlay,
    choices: Choices<'_>,
    out: &mut Samples,
) -> Option<[f32; 4]> {
    use crate::cartas::State;
    use crate::phase::Phase;
    use crate::rules::Rules;

    let mut state = State::new(config);
    let first = out.len();
    let deck = config.deck();
    let odds = cartas::Odds::of(&deck);
    let mut features = [0.0f32; cartas_expert::FEATURES];
    let mut decisions = 0;
    let Choices { mut decision_rng, explore, critic } = choices;
    let bots = Seat::ALL.map(|s| match players[s.index()] {
        Player::Bot(strength) => Some(Bot::new(strength, seeds[s.index()])),
        Player::Network(_) => None,
    });
    let mut estimates: Vec<Values> = Vec::new();
    let mut kept_at: Vec<usize> = Vec::new();
    let winner = loop {
        match state.phase() {
            Phase::Over(outcome) => break outcome.winner,
            Phase::Chance => {
                let card = state.sample_chance(rng)?;
                state.apply_chance_into(card, &mut ()).ok()?;
            }
            Phase::Decide(seat) => {
                decisions += 1;
                if decisions > MAX_DECISIONS {
                    drop_samples(out, first, cartas_expert::FEATURES);
                    return None;
                }
                let view = state.view(seat);
                let choices = state.legal_actions();
                let index = if explore > 0 && below(&mut decision_rng, 1_000_000) < explore {
                    below(&mut decision_rng, choices.len() as u32) as usize
                } else {
                    match players[seat.index()] {
                        Player::Network(net) => {
                            cartas_expert::choose(&view, &state, net, &mut decision_rng).map_or(0, |(i, _)| i)
                        }
                        Player::Bot(_) => bots[seat.index()]
                            .as_ref()
                            .and_then(|bot| bot.choose_cartas(&view))
                            .and_then(|a| choices.iter().position(|c| *c == a))
                            .unwrap_or(0),
                    }
                };
                let action = *choices.get(index)?;
                let keep = how.keep_one_in > 0 && below(rng, how.keep_one_in) == 0;
                let after = cartas::After::of(&view, &state, &action);
                if let Some(net) = critic {
                    estimates.push(cartas_expert::values(&after, &deck, &odds, net));
                }
                if keep {
                    kept_at.push(estimates.len().saturating_sub(1));
                    let heuristic = cartas::assess(&after.board, &after.hands(), &odds);
                    let base = cartas_expert::base(&heuristic);
                    for s in Seat::ALL {
                        cartas_expert::features(&after, &deck, &heuristic, s, &mut features);
                        out.inputs.extend_from_slice(&features);
                        out.sides.push(s.index() as u8);
                        out.shares.push(0.0);
                        out.base.push(base[s.index()]);
                    }
                }
                state.play_unchecked(&action, &mut ());
            }
        }
    };
    let result = Seat::ALL.map(|s| if s == winner { 1.0 } else { 0.0 });
    write_targets(out, first, &kept_at, &estimates, result, critic.map(|_| how.lambda));
    Some(result)
}

/// Plays one game to its end and returns each seat's share of the win (its side's share over
/// the side's seats), or `None` if it was cut off; its samples go to `out` once it has ended.
fn play<G: Learned, R: Rng>(
    mut state: G,
    players: &[Player<'_>; 4],
    seeds: &[u64; 4],
    rng: &mut R,
    how: SelfPlay,
    choices: Choices<'_>,
    out: &mut Samples,
) -> Option<[f32; 4]> {
    let seats = state.seat_count();
    let first = out.len();
    let mut features = [0.0f32; MAX_FEATURES];
    let mut decisions = 0;
    let Choices { mut decision_rng, explore, critic } = choices;
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
                        out.base.push(0.0);
                    }
                }
                state.roll_into(rng, &mut ());
            }
            Turn::Decide(_) => {
                decisions += 1;
                if decisions > MAX_DECISIONS {
                    drop_samples(out, first, G::FEATURES);
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
    write_targets(out, first, &kept_at, &estimates, result, critic.map(|_| how.lambda));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::network::to_bytes;

    fn cartas() -> Variant {
        "cartas".parse().unwrap()
    }

    /// A network that outputs nothing: Cartas' expert then judges as greedy does.
    fn silent_cartas_network() -> alloc::vec::Vec<u8> {
        let q = alloc::vec![0i8; cartas_expert::FEATURES];
        to_bytes(NetworkGame::Cartas, cartas_expert::FEATURES, &[1.0], &[0.0], &[0.0], 0.0, &q)
    }

    /// Every decision of a Cartas game kept: the mover's knowledge after its action, each seat's
    /// side its own, the winner's target 1 and the others' 0, the greedy bot's strength as base.
    #[test]
    fn cartas_self_play_keeps_what_the_mover_knows_with_the_result() {
        let mut out = Samples::default();
        let how = SelfPlay { keep_one_in: 1, explore: 0.0, lambda: 1.0 };
        self_play(cartas(), Player::Bot(Strength::GREEDY), 0..1, 3, how, &mut out);
        assert_eq!((out.games, out.truncated), (1, 0));
        assert!(out.len() > 50, "{} samples", out.len());
        assert_eq!(out.inputs.len(), out.len() * 4 * cartas_expert::FEATURES);
        let winner: alloc::vec::Vec<usize> = (0..4).filter(|&s| out.shares[s] == 1.0).collect();
        assert_eq!(winner.len(), 1);
        for sample in 0..out.len() {
            assert_eq!(&out.sides[4 * sample..4 * sample + 4], &[0, 1, 2, 3]);
            assert_eq!(&out.shares[4 * sample..4 * sample + 4], &out.shares[..4]);
            assert!(out.base[4 * sample..4 * sample + 4].iter().any(|&b| b != 0.0));
        }
    }

    /// With a network playing and λ below 1, the targets are λ-returns: shares between 0 and 1
    /// that add up to 1, which near the end lean to the winner.
    #[test]
    fn cartas_td_targets_are_shares() {
        let bytes = silent_cartas_network();
        let net = read_weights(cartas(), &bytes).unwrap();
        let mut out = Samples::default();
        let how = SelfPlay { keep_one_in: 1, explore: 0.0, lambda: 0.5 };
        self_play(cartas(), Player::Network(&net), 0..1, 4, how, &mut out);
        assert!(out.len() > 50);
        for sample in 0..out.len() {
            let shares = &out.shares[4 * sample..4 * sample + 4];
            assert!(shares.iter().all(|&s| (0.0..=1.0).contains(&s)), "{shares:?}");
            assert!((shares.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{shares:?}");
        }
        let last = &out.shares[out.shares.len() - 4..];
        assert!(last.iter().any(|&s| s > 0.5), "the last position leans to the winner: {last:?}");
        let (won, ended) = match_network(cartas(), &net, Player::Bot(Strength::RANDOM), 0..4, 1);
        assert_eq!(ended, 4);
        assert!(won >= 3.0, "greedy's judgement beats random play: {won} of 4");
    }

    /// Against a bot, the network holds seats 0 and 2 in even games and 1 and 3 in odd ones, as
    /// in a match: greedy's judgement wins every game against random play, from its own seats.
    #[test]
    fn games_against_a_bot_seat_the_network_on_one_side() {
        let bytes = silent_cartas_network();
        let net = read_weights(cartas(), &bytes).unwrap();
        let how = SelfPlay { keep_one_in: 1, explore: 0.0, lambda: 1.0 };
        let (learner, random) = (Player::Network(&net), Player::Bot(Strength::RANDOM));
        for index in 0..4 {
            let mut out = Samples::default();
            play_against(cartas(), learner, random, index..index + 1, 5, how, &mut out);
            assert_eq!((out.games, out.truncated), (1, 0));
            let winner = (0..4).find(|&s| out.shares[s] == 1.0).unwrap();
            assert!(first_side(index, winner), "game {index} won by seat {winner}, a random player's");
            assert!(out.len() > 50, "{} samples, one a decision", out.len());
        }
    }

    /// The λ-returns bootstrap from the learner's network even in games whose seat 0 is the bot:
    /// the targets fall between the results.
    #[test]
    fn games_against_a_bot_bootstrap_from_the_network() {
        let bytes = silent_cartas_network();
        let net = read_weights(cartas(), &bytes).unwrap();
        let how = SelfPlay { keep_one_in: 1, explore: 0.0, lambda: 0.5 };
        let mut out = Samples::default();
        play_against(cartas(), Player::Network(&net), Player::Bot(Strength::GREEDY), 1..2, 5, how, &mut out);
        assert!(!first_side(1, 0), "seat 0 is the bot's in game 1");
        let between = out.shares.iter().filter(|&&s| s > 0.0 && s < 1.0).count();
        assert!(between > out.shares.len() / 2, "{between} of {} targets are estimates", out.shares.len());
    }

    /// Two networks can meet: the shipped Cartas network against one that outputs nothing (and so
    /// judges as greedy does), each on either side of the match.
    #[test]
    fn a_network_can_be_matched_against_another_network() {
        let shipped = shipped_weights(cartas()).unwrap();
        let bytes = silent_cartas_network();
        let nothing = read_weights(cartas(), &bytes).unwrap();
        let (won, ended) = match_network(cartas(), &shipped, Player::Network(&nothing), 0..100, 2);
        assert_eq!(ended, 100);
        assert!(won > 55.0, "the trained network beats greedy's judgement: {won} of 100");
        let (won, ended) = match_network(cartas(), &nothing, Player::Network(&shipped), 0..100, 2);
        assert_eq!(ended, 100);
        assert!(won < 45.0, "greedy's judgement loses to the trained network: {won} of 100");
    }
}
