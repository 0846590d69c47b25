//! The expert bots: a learned evaluator, a [`Network`] trained by self-play, judging the
//! positions a decision can leave.
//!
//! In the dice games the network judges afterstates: the positions the roll in hand can leave
//! once its side has played all of it, before the next roll. Each is judged from every seat: the
//! seat's features (its observation, as `docs/learning.md` lays it out, and four numbers per
//! colour the heuristic computes, its strength and danger) go through the network, which gives
//! the seat a strength; a side's strength is the mean of its seats', and win shares are a
//! softmax over the sides. The plan is a search of the roll in hand in full, as the medium
//! bot's, with no look beyond it: the network has learnt what the next rolls hold.
//!
//! The whole decision allocates nothing: positions already judged are kept in a list of fixed
//! size on the stack, and the network reads its weights in place. Its arithmetic is the
//! network's (see [`crate::bot::network`]) and the bots' softmax, the same bits everywhere.

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::bot::dice::{Best, DiceGame, Turn, Values};
use crate::bot::math;
use crate::bot::network::{Network, NetworkGame};
use crate::colour::Colour;
use crate::seat::Seat;

/// The most features a seat of any game has.
pub const MAX_FEATURES: usize = 512;

/// The numbers per colour the heuristic adds to a seat's observation: strength and danger.
const EXTRAS_PER_COLOUR: usize = 2;

/// A dice game the expert plays: its features per seat and its sides.
pub(crate) trait Learned: DiceGame {
    /// The game the network is for.
    const GAME: NetworkGame;
    /// The features of one seat.
    const FEATURES: usize;
    /// The seats at the table.
    fn seat_count(&self) -> usize;
    /// Writes `seat`'s observation into the first entries of `out`.
    fn observe_into(&self, seat: Seat, out: &mut [f32; MAX_FEATURES]);
    /// The index of the first colour `seat` plays: its observation counts colours from there.
    fn first_colour(&self, seat: Seat) -> usize;
    /// The heuristic's strength and danger of each colour (by index).
    fn heuristic(&self) -> Heuristic;
    /// The index in [`Values`] of the side `seat` plays for.
    fn side_of_seat(&self, seat: Seat) -> usize;
    /// The index in [`Values`] of the side `colour` plays for; `None` if it is not in play.
    fn side_of_colour(&self, colour: Colour) -> Option<usize>;
}

/// What the heuristic sees of each colour (by index): its strength and the value it stands to
/// lose before its next turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Heuristic {
    pub(crate) strength: [f32; 4],
    pub(crate) danger: [f32; 4],
}

/// Writes `seat`'s features into the first [`Learned::FEATURES`] entries of `out`: its
/// observation, then the heuristic's strength and danger of each colour, counted from the
/// seat's first colour in the order of play.
pub(crate) fn features<G: Learned>(state: &G, seat: Seat, heuristic: &Heuristic, out: &mut [f32; MAX_FEATURES]) {
    // Every game's features fit the buffer: a longer observation fails the build, not a game.
    const { assert!(G::FEATURES <= MAX_FEATURES) };
    state.observe_into(seat, out);
    let first = state.first_colour(seat);
    let written = G::FEATURES - EXTRAS;
    for k in 0..4 {
        let c = (first + k) % 4;
        out[written + EXTRAS_PER_COLOUR * k] = heuristic.strength[c];
        out[written + EXTRAS_PER_COLOUR * k + 1] = heuristic.danger[c];
    }
}

/// The features the heuristic adds to an observation.
pub(crate) const EXTRAS: usize = 4 * EXTRAS_PER_COLOUR;

/// Win shares by the network: exact once the game is over.
pub(crate) fn values<G: Learned>(state: &G, net: &Network<'_>) -> Values {
    if state.turn() == Turn::Over {
        return state.values();
    }
    let mut total = [0.0f32; 4];
    let mut seats = [0u8; 4];
    let mut out = [0.0f32; MAX_FEATURES];
    let heuristic = state.heuristic();
    for s in Seat::ALL.iter().take(state.seat_count()) {
        features(state, *s, &heuristic, &mut out);
        let side = state.side_of_seat(*s);
        total[side] += net.evaluate(&out[..G::FEATURES]);
        seats[side] += 1;
    }
    let used = seats.map(|n| n > 0);
    let mut strength = [0.0f32; 4];
    for i in 0..4 {
        if used[i] {
            strength[i] = total[i] / f32::from(seats[i]);
        }
    }
    let shares = math::softmax(&strength, &used, 1.0);
    Colour::ALL.map(|c| state.side_of_colour(c).map_or(0.0, |side| shares[side]))
}

/// Positions already judged in one decision, so that orders of play that end alike are judged
/// once. When it is full, further positions are judged without being kept.
struct Judged<G> {
    seen: ArrayVec<(G, f32), 96>,
}

impl<G: Learned> Judged<G> {
    fn value(&mut self, state: &G, side: usize, net: &Network<'_>) -> f32 {
        if let Some((_, v)) = self.seen.iter().find(|(s, _)| s == state) {
            return *v;
        }
        let v = values(state, net)[side];
        let _ = self.seen.try_push((*state, v));
        v
    }
}

/// The value for `side` of the best position its decisions can leave from `state`.
fn plan<G: Learned>(state: &G, side: usize, net: &Network<'_>, judged: &mut Judged<G>) -> f32 {
    if state.turn() != Turn::Decide(side) {
        return judged.value(state, side, net);
    }
    let mut best = f32::NEG_INFINITY;
    for choice in state.legal_actions().iter() {
        let mut next = *state;
        next.play_unchecked(choice, &mut ());
        best = best.max(plan(&next, side, net, judged));
    }
    // A decision with no choice is never offered by the rules; judge it as it stands.
    if best == f32::NEG_INFINITY { judged.value(state, side, net) } else { best }
}

/// The expert's choice: the index of the first decision of the best plan for the roll in hand,
/// and that plan's win share for the decider. `None` when nobody is to decide.
pub(crate) fn choose<G: Learned, R: Rng + ?Sized>(state: &G, net: &Network<'_>, rng: &mut R) -> Option<(usize, f32)> {
    let Turn::Decide(side) = state.turn() else { return None };
    let choices = state.legal_actions();
    let mut judged = Judged { seen: ArrayVec::new() };
    let mut best = Best::new();
    for (i, choice) in choices.iter().enumerate() {
        let mut next = *state;
        next.play_unchecked(choice, &mut ());
        best.offer(i, plan(&next, side, net, &mut judged), rng);
    }
    (!choices.is_empty()).then_some((best.index, best.value))
}

/// The bytes of the network shipped for `game` (empty for Cartas, which has none yet), written
/// by `bindings-python/tools/train_expert.py`.
pub(crate) fn shipped_bytes(game: NetworkGame) -> &'static [u8] {
    match game {
        NetworkGame::Poleana => POLEANA,
        NetworkGame::Parchis => PARCHIS,
        NetworkGame::Cartas => &[],
    }
}

/// The network shipped with the crate for `G`.
pub(crate) fn shipped<G: Learned>() -> Network<'static> {
    let bytes = shipped_bytes(G::GAME);
    // A test reads the shipped weights in full (`the_shipped_networks_read_and_fit_their_games`);
    // here their shape is enough, so that a decision does not check them again.
    Network::read_shape(bytes, G::GAME, G::FEATURES).unwrap_or(Network::ZERO)
}

static POLEANA: &[u8] = include_bytes!("weights/poleana.bin");
static PARCHIS: &[u8] = include_bytes!("weights/parchis.bin");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::network::to_bytes;
    use crate::bot::{Budget, Kind, dice};
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A network whose strength for a seat is the heuristic's strength of the seat's colour, times
    /// `k`: with one seat a side, its win shares are the heuristic's own.
    fn heuristic_network<G: Learned>(k: f32) -> alloc::vec::Vec<u8> {
        let mut q = alloc::vec![0; G::FEATURES];
        // The own colour's strength comes first among the extras; the bias keeps the unit positive.
        q[G::FEATURES - EXTRAS] = 100;
        to_bytes(G::GAME, G::FEATURES, &[0.01], &[10.0], &[k], 0.0, &q)
    }

    fn positions<G: Learned>(start: G, games: u64) -> alloc::vec::Vec<G> {
        let mut out = alloc::vec::Vec::new();
        for seed in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut state = start;
            while !state.is_over() {
                match state.turn() {
                    Turn::Chance => state.roll_into(&mut rng, &mut ()),
                    _ => {
                        out.push(state);
                        let choices = state.legal_actions();
                        let i = crate::chance::below(&mut rng, choices.len() as u32) as usize;
                        state.play_unchecked(&choices[i], &mut ());
                    }
                }
            }
        }
        out
    }

    /// The expert plans the whole roll in hand as the medium bot does: judged by the heuristic,
    /// its plan is worth exactly what medium's is.
    fn plans_as_medium<G: Learned>(start: G, k: f32) {
        let bytes = heuristic_network::<G>(k);
        let net = Network::from_bytes(&bytes, G::GAME, G::FEATURES).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let all = positions(start, 3);
        assert!(all.len() > 300);
        // With one choice, medium judges the position it leaves as it stands; with more, it plans.
        for state in all.into_iter().filter(|s| s.legal_actions().len() > 1) {
            let (_, ours) = choose(&state, &net, &mut rng).unwrap();
            let (_, medium) = dice::decide(&state, Kind::Search, &Budget::MEDIUM, &mut rng).unwrap();
            let medium = medium.unwrap();
            assert!((ours - medium).abs() < 1e-4, "{ours} against medium's {medium}");
        }
    }

    #[test]
    fn the_expert_plans_the_roll_in_hand_in_full() {
        plans_as_medium(crate::parchis::State::new("parchis".parse().unwrap()), 2.5);
        plans_as_medium(crate::poleana::State::new("poleana:3".parse().unwrap()), 2.5);
    }

    #[test]
    fn learned_shares_add_up_to_one_and_partners_share_one() {
        let bytes = heuristic_network::<crate::parchis::State>(1.0);
        let net = Network::from_bytes(&bytes, NetworkGame::Parchis, crate::parchis::State::FEATURES).unwrap();
        let start = crate::parchis::State::new("parchis:pairs".parse().unwrap());
        for state in positions(start, 1).into_iter().step_by(7) {
            let v = values(&state, &net);
            assert_eq!((v[0], v[1]), (v[2], v[3]), "partners share one value");
            assert!((v[0] + v[1] - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn a_finished_game_is_judged_by_its_result() {
        let won: crate::parchis::State =
            "parchis:two-player turn=Y Y=goal,goal,goal,goal R=home,home,5,9 result=Y".parse().unwrap();
        assert_eq!(DiceGame::turn(&won), Turn::Over);
        assert_eq!(values(&won, &Network::ZERO), won.values());
    }

    #[test]
    fn the_shipped_networks_read_and_fit_their_games() {
        for game in [NetworkGame::Poleana, NetworkGame::Parchis] {
            let inputs = crate::bot::training::features(game).unwrap();
            let net = Network::from_bytes(shipped_bytes(game), game, inputs);
            let net = net.unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            assert!(shipped_bytes(game).len() <= 256 * 1024, "{}: at most 256 KB", game.name());
            assert!(net.hidden() >= 16);
        }
    }
}
