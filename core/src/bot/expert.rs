//! The expert bots: a learned evaluator, a [`Network`] trained by self-play, judging the
//! positions a decision can leave.
//!
//! In the dice games the network judges afterstates: the positions the roll in hand can leave
//! once its side has played all of it, before the next roll. Each is judged from every seat: the
//! seat's features (its observation, as `docs/learning.md` lays it out, and four numbers per
//! colour the heuristic computes, its strength and danger) go through the network, which gives
//! the seat a strength; a side's strength is the mean of its seats', and win shares are a
//! softmax over the sides. The plan is a search of the roll in hand in full, as the medium
//! bot's; then the few ends the network likes best are weighed over the next roll, each roll
//! answered by the heuristic's plan for its decider, as a backgammon program filters its moves
//! before it looks further.
//!
//! The whole decision allocates nothing: positions already judged and the candidates are kept
//! in lists of fixed size on the stack, and the network reads its weights in place. Its arithmetic is the
//! network's (see [`crate::bot::network`]) and the bots' softmax, the same bits everywhere.

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::bot::dice::{Best, DiceGame, TIE, Turn, Values};
use crate::bot::math;
use crate::bot::network::{Network, NetworkGame};
use crate::colour::Colour;
use crate::dice::Roll;
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
    seen: ArrayVec<(G, Values), 96>,
}

impl<G: Learned> Judged<G> {
    fn new() -> Judged<G> {
        Judged { seen: ArrayVec::new() }
    }

    fn values(&mut self, state: &G, net: &Network<'_>) -> Values {
        if let Some((_, v)) = self.seen.iter().find(|(s, _)| s == state) {
            return *v;
        }
        let v = values(state, net);
        let _ = self.seen.try_push((*state, v));
        v
    }
}

/// The afterstates a decision weighs a roll further: the best few by the network's first
/// judgement, each with the first choice that reaches it.
const CANDIDATES: usize = 4;

/// The best few afterstates seen, best first; of equal ones, the first seen.
struct Candidates<G> {
    best: ArrayVec<(G, f32, usize), CANDIDATES>,
}

impl<G: Learned> Candidates<G> {
    fn offer(&mut self, state: &G, value: f32, first: usize) {
        if self.best.iter().any(|(s, _, _)| s == state) {
            return;
        }
        let at = self.best.iter().position(|&(_, v, _)| value > v).unwrap_or(self.best.len());
        if at < CANDIDATES {
            if self.best.is_full() {
                self.best.pop();
            }
            self.best.insert(at, (*state, value, first));
        }
    }
}

/// The best values for `side` of the positions its decisions can leave from `state`: every
/// order of play of the roll in hand, each end judged by the network. Each end is offered to
/// `candidates` with `first`, the root choice that led to it.
fn plan<G: Learned>(
    state: &G,
    side: usize,
    net: &Network<'_>,
    judged: &mut Judged<G>,
    candidates: &mut Candidates<G>,
    first: usize,
) -> Values {
    if state.turn() != Turn::Decide(side) {
        let v = judged.values(state, net);
        candidates.offer(state, v[side], first);
        return v;
    }
    let mut best: Option<Values> = None;
    for choice in state.legal_actions().iter() {
        let mut next = *state;
        next.play_unchecked(choice, &mut ());
        let v = plan(&next, side, net, judged, candidates, first);
        if best.is_none_or(|b| v[side] > b[side]) {
            best = Some(v);
        }
    }
    // A decision with no choice is never offered by the rules; judge it as it stands.
    best.unwrap_or_else(|| judged.values(state, net))
}

/// The win shares of an afterstate a roll further on, as the network judges them: the 21 rolls
/// weighed, each answered by the plan the heuristic likes best for the roll's decider (max-n:
/// each side plays for itself). The heuristic answers in place of the network because it costs
/// a small part of a network's judgement, and a reply judged by the network instead was no
/// stronger, at twice the time (docs/bots.md, "The expert").
fn ahead<G: Learned>(state: &G, net: &Network<'_>) -> Values {
    if state.turn() != Turn::Chance {
        return values(&reply(state), net);
    }
    let mut total = [0.0f32; 4];
    for (roll, weight) in Roll::outcomes().iter() {
        let mut next = *state;
        let _ = next.apply_chance_into(roll, &mut ());
        let v = values(&reply(&next), net);
        for (t, x) in total.iter_mut().zip(v) {
            *t += weight as f32 * x;
        }
    }
    total.map(|t| t / 36.0)
}

/// The position after the decider of `state` plays all of its turn as the heuristic likes best;
/// `state` itself when nobody is to decide.
fn reply<G: Learned>(state: &G) -> G {
    let Turn::Decide(side) = state.turn() else { return *state };
    best_end(state, side).0
}

/// The end the heuristic likes best for `side` among those its decisions can leave from
/// `state`, with its value; of equal ones, the first found (as the search's replies).
fn best_end<G: Learned>(state: &G, side: usize) -> (G, f32) {
    if state.turn() != Turn::Decide(side) {
        return (*state, state.values()[side]);
    }
    let mut best: Option<(G, f32)> = None;
    for choice in state.legal_actions().iter() {
        let mut next = *state;
        next.play_unchecked(choice, &mut ());
        let (end, v) = best_end(&next, side);
        if best.is_none_or(|(_, b)| v > b + TIE) {
            best = Some((end, v));
        }
    }
    // A decision with no choice is never offered by the rules; judge it as it stands.
    best.unwrap_or_else(|| (*state, state.values()[side]))
}

/// How far the expert looks: the roll in hand, or a roll further.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// The roll in hand planned in full, its ends judged by the network (the plan self-play
    /// trains with).
    RollInHand,
    /// Then the best [`CANDIDATES`] ends weighed over the 21 next rolls, each answered by the
    /// heuristic's plan for its decider.
    NextRoll,
}

/// The expert's choice: the index of the first decision of the best plan, and that plan's win
/// share for the decider. `None` when nobody is to decide.
pub(crate) fn choose<G: Learned, R: Rng + ?Sized>(
    state: &G,
    net: &Network<'_>,
    reach: Reach,
    rng: &mut R,
) -> Option<(usize, f32)> {
    let Turn::Decide(side) = state.turn() else { return None };
    let choices = state.legal_actions();
    let mut judged = Judged::new();
    let mut candidates = Candidates { best: ArrayVec::new() };
    let mut best = Best::new();
    for (i, choice) in choices.iter().enumerate() {
        let mut next = *state;
        next.play_unchecked(choice, &mut ());
        best.offer(i, plan(&next, side, net, &mut judged, &mut candidates, i)[side], rng);
    }
    if reach == Reach::NextRoll && candidates.best.len() > 1 {
        best = Best::new();
        for (end, _, first) in candidates.best.iter() {
            best.offer(*first, ahead(end, net)[side], rng);
        }
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
            let (_, ours) = choose(&state, &net, Reach::RollInHand, &mut rng).unwrap();
            let (_, medium) = dice::decide(&state, Kind::Search, &Budget::MEDIUM, &mut rng).unwrap();
            let medium = medium.unwrap();
            assert!((ours - medium).abs() < 1e-4, "{ours} against medium's {medium}");
        }
    }

    /// The distinct positions `side`'s decisions can leave from `state`.
    fn ends<G: Learned>(state: &G, side: usize, out: &mut alloc::vec::Vec<G>) {
        if state.turn() != Turn::Decide(side) {
            if !out.contains(state) {
                out.push(*state);
            }
            return;
        }
        for choice in state.legal_actions().iter() {
            let mut next = *state;
            next.play_unchecked(choice, &mut ());
            ends(&next, side, out);
        }
    }

    /// Looking a roll ahead, the expert weighs the 21 rolls and each decider's reply as the
    /// search does at depth 1: judged by the heuristic, where every end of the roll in hand is
    /// a candidate, its value is the search's.
    fn looks_ahead_as_the_search<G: Learned>(start: G, k: f32) -> usize {
        let bytes = heuristic_network::<G>(k);
        let net = Network::from_bytes(&bytes, G::GAME, G::FEATURES).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let depth_one = Budget { nodes: u32::MAX - 1, depth: 1, ..Budget::MEDIUM };
        let mut compared = 0;
        for state in positions(start, 2).into_iter().filter(|s| s.legal_actions().len() > 1) {
            let Turn::Decide(side) = state.turn() else { continue };
            let mut all = alloc::vec::Vec::new();
            ends(&state, side, &mut all);
            if all.len() > CANDIDATES || all.len() < 2 {
                continue;
            }
            let (_, ours) = choose(&state, &net, Reach::NextRoll, &mut rng).unwrap();
            let (_, search) = dice::decide(&state, Kind::Search, &depth_one, &mut rng).unwrap();
            let search = search.unwrap();
            assert!((ours - search).abs() < 1e-4, "{ours} against the search's {search}");
            compared += 1;
        }
        compared
    }

    #[test]
    fn the_expert_weighs_the_next_roll_as_the_search_does() {
        let parchis = looks_ahead_as_the_search(crate::parchis::State::new("parchis".parse().unwrap()), 2.5);
        let poleana = looks_ahead_as_the_search(crate::poleana::State::new("poleana:3".parse().unwrap()), 2.5);
        assert!(parchis > 20 && poleana > 20, "{parchis} and {poleana} positions compared");
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
            let inputs = crate::bot::training::features(game);
            let net = Network::from_bytes(shipped_bytes(game), game, inputs);
            let net = net.unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            assert!(shipped_bytes(game).len() <= 256 * 1024, "{}: at most 256 KB", game.name());
            assert!(net.hidden() >= 16);
            // In the format the tools write, whose weights become floats by a shift.
            assert_eq!(shipped_bytes(game)[8..10], crate::bot::network::VERSION.to_le_bytes());
        }
    }
}
