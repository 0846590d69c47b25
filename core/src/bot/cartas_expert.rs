//! The Cartas expert: a network trained by self-play judges, from what the seat's view allows,
//! the position each of its actions leaves (`docs/bots.md`, "Cartas' network").
//!
//! A seat cannot see the others' hands, so the network judges what one seat knows of a position
//! ([`After`]): the board, its own hand, every hand's size, the discards and the card it passed,
//! and what its own hand reaches on its next turn ([`reach`]).
//! Each seat at the table gets features from that knowledge, counted
//! from itself (the track as seen from its own start, then the seats after it in turn). The
//! network corrects the heuristic: a seat's strength is the greedy bot's (its heuristic strength
//! times the greedy's sharpness) plus the network's output for the seat, so that a network that
//! outputs nothing plays as greedy, and training starts from there. Win shares are the softmax
//! of the strengths, as in the dice games. With `expert:depth=0` the action that leaves the seat
//! the best share is played, as self-play trains.
//!
//! **A turn further** (`expert`, depth 1; [`choose_ahead`]): when another action comes within
//! `CLOSE` of the best, the best two are weighed over 24 deals of the hidden cards consistent
//! with the view. On each deal the rivals reply as the heuristic likes best, each from its own
//! view of the deal, and the network judges the best action the seat then has: the position it
//! learned, right after the seat's own action, as the seat knows it; judged anywhere else (after
//! a rival's reply) the network misleads. More deals pay more, so two candidates over 24 deals
//! beat four over 16 in the same time. docs/bots.md ("Cartas' network") gives what each of these
//! measured. The deals are a count rather than a clock, so the choice is the same everywhere.
//!
//! Nothing is allocated, and the arithmetic is the network's and the bots' softmax: the same
//! bits on every platform, so a record replays everywhere.

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::bot::cartas::{After, Assessment, Greedy, Odds, SHARPNESS, assess, best_of, determinize};
use crate::bot::math;
use crate::bot::network::{Network, NetworkGame};
use crate::cartas::{
    Actions, Board, CORRIDOR, Cards, MAX_ACTIONS, Rank, SEATS, Spot, State, TRACK, View, ahead, start, to_corridor,
};
use crate::phase::Phase;
use crate::rules::Rules as _;
use crate::seat::Seat;

// Where each group of features starts.
const TRACK_CELLS: usize = 0; // 4 seats × 64 cells, counted from the seat's start
const CORRIDORS: usize = TRACK_CELLS + SEATS * TRACK as usize; // 4 seats × 4 corridor cells
const HOMES: usize = CORRIDORS + SEATS * CORRIDOR as usize; // tokens at home, a quarter each
const BLOCKING: usize = HOMES + SEATS; // whether the seat blocks its start
const OWN_HAND: usize = BLOCKING + SEATS; // the seat's cards by rank, when it is the viewer
const UNSEEN: usize = OWN_HAND + Rank::COUNT; // a card the viewer took and has not seen
const SIZES: usize = UNSEEN + 1; // every hand's size, a sixth each
const DISCARDS: usize = SIZES + SEATS; // the discards by rank, as a share of the deck's
const PASSED: usize = DISCARDS + Rank::COUNT; // the card the viewer passed left
const VIEWER: usize = PASSED + Rank::COUNT; // where the viewer, who has just acted, sits
const ROUND: usize = VIEWER + SEATS; // the deal's size, a sixth; the exchange
const HEURISTIC: usize = ROUND + 2; // the heuristic's strength and danger of each seat
const REACH: usize = HEURISTIC + 2 * SEATS; // what the viewer's own hand reaches (`reach`)
const END: usize = REACH + 4;

/// The features of one seat.
pub(crate) const FEATURES: usize = END;

/// Writes the features of `seat`, as `after.viewer` knows the position, into `out`; `deck` is
/// the game's.
pub(crate) fn features(after: &After, deck: &Cards, heuristic: &Assessment, seat: Seat, out: &mut [f32; FEATURES]) {
    out.fill(0.0);
    let origin = start(seat);
    for k in 0..SEATS {
        let other = seat.after(k, SEATS);
        for token in after.board.tokens(other) {
            match token.spot {
                Spot::Home => out[HOMES + k] += 0.25,
                Spot::Track(cell) => {
                    let from_origin = usize::from(ahead(origin, cell));
                    out[TRACK_CELLS + k * TRACK as usize + from_origin] += 1.0;
                    if token.blocking {
                        out[BLOCKING + k] = 1.0;
                    }
                }
                Spot::Corridor(c) => {
                    out[CORRIDORS + k * CORRIDOR as usize + usize::from(c.clamp(1, CORRIDOR) - 1)] += 1.0;
                }
            }
        }
        out[SIZES + k] = f32::from(after.sizes[other.index()]) / 6.0;
        out[HEURISTIC + 2 * k] = heuristic.strength[other.index()];
        out[HEURISTIC + 2 * k + 1] = heuristic.danger[other.index()];
        if other == after.viewer {
            out[VIEWER + k] = 1.0;
        }
    }
    if seat == after.viewer {
        for (rank, n) in after.hand.iter() {
            out[OWN_HAND + rank.index()] = f32::from(n);
        }
        out[UNSEEN] = f32::from(u8::from(after.stolen));
        reach(&after.board, seat, &after.hand, &mut out[REACH..END]);
        if let Some(card) = after.gave {
            out[PASSED + card.index()] = 1.0;
        }
    }
    for (rank, n) in after.discards.iter() {
        out[DISCARDS + rank.index()] = f32::from(n) / f32::from(deck.count(rank).max(1));
    }
    out[ROUND] = f32::from(after.deal_size) / 6.0;
    out[ROUND + 1] = f32::from(u8::from(after.exchange));
}

/// What `seat`'s own `hand` reaches on its next turn, which a single layer of one-hot cells and
/// card counts cannot easily combine: its tokens on the track a card walks into a free corridor
/// cell, its tokens in the corridor a card walks deeper, the rival tokens a card captures, each
/// a quarter, and whether a card brings a token out. Walls on the way are not looked for: these
/// are hints for the network, the rules decide what is legal.
fn reach(board: &Board, seat: Seat, hand: &Cards, out: &mut [f32]) {
    // The heuristic's odds of a hand: what some card of it does, the 7's split and joker included.
    let held = Odds::of(hand);
    let origin = start(seat);
    // The corridor cells taken, bit `c` for cell `c`; a token cannot pass another there.
    let corridor = board.tokens(seat).fold(0u8, |m, t| if let Spot::Corridor(c) = t.spot { m | 1 << c } else { m });
    let first_taken = (1..=CORRIDOR).find(|&c| corridor & (1 << c) != 0).unwrap_or(CORRIDOR + 1);
    let rival_at = |cell: u8| matches!(board.occupant(cell), Some((s, false)) if s != seat);
    let (mut enter, mut deeper, mut captures) = (0u8, 0u8, 0u64);
    for token in board.tokens(seat) {
        match token.spot {
            Spot::Home => {}
            Spot::Track(cell) => {
                // The free corridor cells before the first taken one, counted from the first.
                let first = to_corridor(seat, cell, token.blocking);
                if (0..first_taken - 1).any(|k| held.walks(first + k)) {
                    enter += 1;
                }
                for steps in 1..=13 {
                    let to = (cell + steps) % TRACK;
                    if held.walks(steps) && rival_at(to) {
                        captures |= 1 << to;
                    }
                }
                let back = (cell + TRACK - 4) % TRACK;
                if held.goes_back() && rival_at(back) {
                    captures |= 1 << back;
                }
            }
            Spot::Corridor(c) => {
                let free = (c + 1..=CORRIDOR).take_while(|&d| corridor & (1 << d) == 0).count() as u8;
                if (1..=free).any(|steps| held.walks(steps)) {
                    deeper += 1;
                }
            }
        }
    }
    let can_bring_out = held.brings_out() && board.at_home(seat) > 0 && !board.stands_on(seat, origin);
    if can_bring_out && rival_at(origin) {
        captures |= 1 << origin;
    }
    out[0] = f32::from(enter) / 4.0;
    out[1] = f32::from(deeper) / 4.0;
    out[2] = captures.count_ones() as f32 / 4.0;
    out[3] = f32::from(u8::from(can_bring_out));
}

/// Every seat's win share, by the network, in the position `after` as its viewer knows it: 1
/// for a seat whose four tokens are in its corridor.
pub(crate) fn values(after: &After, deck: &Cards, odds: &Odds, net: &Network<'_>) -> [f32; SEATS] {
    if let Some(winner) = Seat::ALL.into_iter().find(|&s| after.board.is_complete(s)) {
        return Seat::ALL.map(|s| if s == winner { 1.0 } else { 0.0 });
    }
    let heuristic = assess(&after.board, &after.hands(), odds);
    let mut out = [0.0f32; FEATURES];
    let mut strength = base(&heuristic);
    for seat in Seat::ALL {
        features(after, deck, &heuristic, seat, &mut out);
        strength[seat.index()] += net.evaluate(&out);
    }
    math::softmax(&strength, &[true; SEATS], 1.0)
}

/// The part of each seat's strength the network corrects: the greedy bot's.
pub(crate) fn base(heuristic: &Assessment) -> [f32; SEATS] {
    heuristic.strength.map(|s| SHARPNESS * s)
}

/// The expert's choice among `view`'s legal actions, applied to `base` (a deal consistent with
/// the view): the index of the action the network likes best for the seat, and that share.
/// `None` when the view has no action.
pub(crate) fn choose<R: Rng + ?Sized>(
    view: &View,
    base: &State,
    net: &Network<'_>,
    rng: &mut R,
) -> Option<(usize, f32)> {
    let actions = view.legal_actions();
    if actions.is_empty() {
        return None;
    }
    let deck = view.config().deck();
    let scores = shares(view, &actions, base, &deck, &Odds::of(&deck), net);
    let (index, value) = best_of(&scores, rng);
    Some((index, value.unwrap_or(0.0)))
}

/// The network's share for `view`'s seat after each of its `actions`, applied to `base`.
fn shares(
    view: &View,
    actions: &Actions,
    base: &State,
    deck: &Cards,
    odds: &Odds,
    net: &Network<'_>,
) -> ArrayVec<f32, MAX_ACTIONS> {
    let me = view.seat().index();
    actions.iter().map(|a| values(&After::of(view, base, a), deck, odds, net)[me]).collect()
}

/// The actions weighed a turn further: at most the best few by the network's first judgement,
/// and only those within `CLOSE` of the best share (a clearly better action is played at once).
const CANDIDATES: usize = 2;
const CLOSE: f32 = 0.03;
/// The deals of the hidden cards the candidates are weighed over: a count, not a clock, so that
/// the choice is the same on every machine.
const DEALS: usize = 24;

/// The expert's choice a turn further (`expert`, depth 1): the actions the network likes best
/// are each weighed over deals of the hidden cards consistent with the view (`base` first).
/// On each deal the rivals reply as the heuristic likes best, each from its own view of that
/// deal, up to the seat's next turn, and the network judges the best action the seat then has,
/// the position it learned (right after the seat's own action). The candidate with the best
/// mean is played; the index and that mean, `None` when the view has no action.
pub(crate) fn choose_ahead<R: Rng + ?Sized>(
    view: &View,
    base: &State,
    net: &Network<'_>,
    rng: &mut R,
) -> Option<(usize, f32)> {
    let actions = view.legal_actions();
    let deck = view.config().deck();
    let odds = Odds::of(&deck);
    let me = view.seat();
    let scores = shares(view, &actions, base, &deck, &odds, net);
    let mut candidates: ArrayVec<usize, MAX_ACTIONS> = (0..actions.len()).collect();
    candidates.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
    candidates.truncate(CANDIDATES);
    let best = scores[*candidates.first()?];
    candidates.retain(|&mut i| scores[i] >= best - CLOSE);
    if candidates.len() == 1 {
        return Some((candidates[0], best));
    }
    let mut totals = [0.0f32; CANDIDATES];
    let mut deals = 0;
    while deals < DEALS {
        let deal = if deals == 0 { Some(*base) } else { determinize(view, rng) };
        let Some(deal) = deal else { break };
        deals += 1;
        for (total, &i) in totals.iter_mut().zip(&candidates) {
            let mut state = deal;
            state.play_unchecked(&actions[i], &mut ());
            replies(&mut state, me, &odds);
            *total += match state.phase() {
                Phase::Over(outcome) => f32::from(u8::from(outcome.winner == me)),
                Phase::Decide(seat) if seat == me => best_next(&state, me, &deck, &odds, net),
                // A new deal or a theft comes first: the network's judgement after the action.
                _ => scores[i],
            };
        }
    }
    let mut chosen = (candidates[0], f32::NEG_INFINITY);
    for (&total, &i) in totals.iter().zip(&candidates) {
        if total > chosen.1 {
            chosen = (i, total);
        }
    }
    Some((chosen.0, chosen.1 / deals as f32))
}

/// The rivals of `me` play, each the action the heuristic likes best from its own view of the
/// deal `state`, until `me` is to decide or the cards are to be drawn or the game is over.
fn replies(state: &mut State, me: Seat, odds: &Odds) {
    while let Phase::Decide(seat) = state.phase() {
        if seat == me {
            return;
        }
        let view = state.view(seat);
        let greedy = Greedy { view: &view, base: *state, odds: *odds };
        let actions = state.legal_actions();
        let mut best = (f32::NEG_INFINITY, None);
        for action in actions.iter() {
            let share = greedy.judge(action).0;
            if share > best.0 {
                best = (share, Some(action));
            }
        }
        let Some(action) = best.1 else { return };
        state.play_unchecked(action, &mut ());
    }
}

/// The best share the network gives `me` after one of its actions in `state`.
fn best_next(state: &State, me: Seat, deck: &Cards, odds: &Odds, net: &Network<'_>) -> f32 {
    let actions = state.legal_actions();
    shares(&state.view(me), &actions, state, deck, odds, net).into_iter().fold(f32::NEG_INFINITY, f32::max)
}

/// The bytes of the network shipped for Cartas, written by `bindings-python/tools/train_expert.py`.
pub(crate) static SHIPPED: &[u8] = include_bytes!("weights/cartas.bin");

/// The network shipped with the crate.
pub(crate) fn shipped() -> Network<'static> {
    // A test reads the shipped weights in full (`the_shipped_network_reads_and_fits_the_game`);
    // here their shape is enough, so that a decision does not check them again.
    Network::read_shape(SHIPPED, NetworkGame::Cartas, FEATURES).unwrap_or(Network::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::network::to_bytes;
    use crate::cartas::{Action, Config};
    use crate::chance::below;
    use crate::rules::Rules;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A network whose output for a seat is the heuristic's strength of that seat times `k`
    /// (plus the same constant for every seat, which the softmax ignores).
    fn heuristic_network(k: f32) -> alloc::vec::Vec<u8> {
        let mut q = alloc::vec![0; FEATURES];
        q[HEURISTIC] = 100;
        to_bytes(NetworkGame::Cartas, FEATURES, &[0.01], &[10.0], &[k], 0.0, &q)
    }

    /// Views met in greedy games, each with the state it came from.
    fn views(games: u64) -> alloc::vec::Vec<(View, State)> {
        let mut out = alloc::vec::Vec::new();
        for seed in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut state = State::new(Config::standard());
            while let Some(phase) = Some(state.phase()) {
                match phase {
                    Phase::Over(_) => break,
                    Phase::Chance => {
                        let card = state.sample_chance(&mut rng).unwrap();
                        state.apply_chance(card).unwrap();
                    }
                    Phase::Decide(seat) => {
                        out.push((state.view(seat), state));
                        let actions = state.legal_actions();
                        let pick = actions[below(&mut rng, actions.len() as u32) as usize];
                        state.play_unchecked(&pick, &mut ());
                    }
                }
            }
        }
        out
    }

    /// The network corrects the greedy ply: judged by a network that outputs nothing, the
    /// expert's share after an action is greedy's; by one that adds the heuristic's strength of
    /// each seat once more, it is greedy's with a sharper softmax. So the features place each
    /// seat's heuristic where the network looks for it, the seat's own first.
    #[test]
    fn the_network_corrects_the_greedy_ply() {
        let (nothing, more) = (heuristic_network(0.0), heuristic_network(1.0));
        let nothing = Network::from_bytes(&nothing, NetworkGame::Cartas, FEATURES).unwrap();
        let more = Network::from_bytes(&more, NetworkGame::Cartas, FEATURES).unwrap();
        let mut compared = 0;
        for (view, state) in views(2) {
            let deck = view.config().deck();
            let greedy = crate::bot::cartas::Greedy { view: &view, base: state, odds: Odds::of(&deck) };
            let me = view.seat().index();
            for action in view.legal_actions().iter() {
                // A pass or a theft adds what the heuristic guesses of the card; the network
                // learns its own guess.
                if matches!(action, Action::Pass(_) | Action::Steal { .. }) {
                    continue;
                }
                let after = After::of(&view, &state, action);
                let (share, assessment) = greedy.judge(action);
                let ours = values(&after, &deck, &greedy.odds, &nothing)[me];
                assert!((ours - share).abs() < 1e-5, "{ours} against greedy's {share} after {action} in {state}");
                if share < 1.0 {
                    let sharper = math::softmax(&assessment.strength, &[true; SEATS], SHARPNESS + 1.0)[me];
                    let ours = values(&after, &deck, &greedy.odds, &more)[me];
                    assert!((ours - sharper).abs() < 1e-4, "{ours} against {sharper} after {action} in {state}");
                }
                compared += 1;
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    /// The features come from the view alone: another deal of the hidden cards gives the same.
    #[test]
    fn the_features_are_a_function_of_the_view() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let deck = Config::standard().deck();
        let odds = Odds::of(&deck);
        let (mut here, mut there) = ([0.0; FEATURES], [0.0; FEATURES]);
        let mut compared = 0;
        for (view, state) in views(1).into_iter().step_by(3) {
            let Some(other) = determinize(&view, &mut rng) else { continue };
            for action in view.legal_actions().iter().take(8) {
                let (a, b) = (After::of(&view, &state, action), After::of(&view, &other, action));
                let heuristic = assess(&a.board, &a.hands(), &odds);
                let other_heuristic = assess(&b.board, &b.hands(), &odds);
                for seat in Seat::ALL {
                    features(&a, &deck, &heuristic, seat, &mut here);
                    features(&b, &deck, &other_heuristic, seat, &mut there);
                    assert_eq!(here, there, "{action} in {state}");
                }
                compared += 1;
            }
        }
        assert!(compared > 100, "{compared}");
    }

    /// What the viewer's hand reaches: seat 0 holds a 5 and a 4. Its token on 60 walks 5 into
    /// c1 (c2 is taken, so no deeper); its token on 11 captures on 15 with the 4 forward and on
    /// 7 with the 4 backward, but not the token blocking on 16 that the 5 reaches; the token on
    /// c2 cannot walk 4 or 5 deeper; and no A, K or joker brings a token out.
    #[test]
    fn the_reach_features_read_the_viewers_hand_on_the_board() {
        let board: Board = "11,60,c2/16!,15/7/-".parse().unwrap();
        let seat = Seat::new(0).unwrap();
        let mut out = [0.0; END - REACH];
        reach(&board, seat, &"54".parse().unwrap(), &mut out);
        assert_eq!(out, [0.25, 0.0, 0.5, 0.0]);
        // A 7 and a K: the 7 walks 60 into c1 and c2 one deeper; two tokens are at home and the
        // start is free, so one comes out.
        let board: Board = "60,c2/-/-/-".parse().unwrap();
        reach(&board, seat, &"7K".parse().unwrap(), &mut out);
        assert_eq!(out, [0.25, 0.25, 0.0, 1.0]);
        // A K that brings a token out onto a rival standing on the start captures it.
        let board: Board = "60/0/-/-".parse().unwrap();
        reach(&board, seat, &"K".parse().unwrap(), &mut out);
        assert_eq!(out, [0.0, 0.0, 0.25, 1.0]);
    }

    /// Weighed a turn further, the rivals' replies are played, not guessed: seat 0 holds six
    /// 3s, and may walk its token on 10 or its token on 40. Greedy alone (a network that
    /// outputs nothing) walks 10 to 13, out of reach of seat 3's ace on 63 (11 behind); but 13
    /// is 5 ahead of seat 1's token on 8, and seat 1 holds the 5 seat 0 passed it, which it
    /// has not played. Over the deals, seat 1 captures there, and the look-ahead walks 40 to 43.
    #[test]
    fn the_look_ahead_sees_the_reply_the_heuristic_only_fears() {
        let text =
            "cartas round=4 stage=play turn=0 tokens=10,40/8/-/63 hands=333333/5KQJ84/A26TQK/2468TJ gave=5/4/T/3";
        let state: State = text.parse().unwrap();
        let view = state.view(Seat::new(0).unwrap());
        let actions = view.legal_actions();
        let played = |i: usize| alloc::string::ToString::to_string(&actions[i]);
        let nothing = heuristic_network(0.0);
        let nothing = Network::from_bytes(&nothing, NetworkGame::Cartas, FEATURES).unwrap();
        for seed in 0..8 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            assert_eq!(played(choose(&view, &state, &nothing, &mut rng).unwrap().0), "3:10+3");
            let (ahead, share) = choose_ahead(&view, &state, &nothing, &mut rng).unwrap();
            assert_eq!(played(ahead), "3:40+3", "seed {seed}");
            assert!((0.0..=1.0).contains(&share), "{share}");
        }
    }

    /// An action the network likes more than `CLOSE` better than every other is played at once,
    /// as the network alone plays it; closer ones are weighed further.
    #[test]
    fn a_clearly_best_action_is_played_without_looking_further() {
        let net = shipped();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut clear, mut close) = (0, 0);
        for (view, state) in views(2) {
            let deck = view.config().deck();
            let odds = Odds::of(&deck);
            let mut scores = shares(&view, &view.legal_actions(), &state, &deck, &odds, &net);
            let best = choose(&view, &state, &net, &mut rng).unwrap();
            scores.sort_by(|a, b| b.total_cmp(a));
            if scores.len() == 1 || scores[0] - scores[1] > CLOSE + 1e-6 {
                assert_eq!(choose_ahead(&view, &state, &net, &mut rng).unwrap(), best);
                clear += 1;
            } else {
                close += 1;
            }
        }
        assert!(clear > 100 && close > 100, "{clear} clear, {close} close");
    }

    #[test]
    fn the_shipped_network_reads_and_fits_the_game() {
        let net = Network::from_bytes(SHIPPED, NetworkGame::Cartas, FEATURES).unwrap();
        assert!(SHIPPED.len() <= 256 * 1024, "at most 256 KB");
        assert!(net.hidden() >= 16);
        assert_eq!(SHIPPED[8..10], crate::bot::network::VERSION.to_le_bytes());
    }
}
