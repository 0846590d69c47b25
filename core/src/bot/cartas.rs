//! The Cartas bots: a heuristic over the board and the cards, a greedy ply on the view, and
//! determinized Monte Carlo tree search.
//!
//! **The heuristic.** A token at home is worth nothing; brought out, 0.12; on the track, 0.12 to
//! 0.72 as it nears the entry of its corridor (a token just behind its own start, after the
//! backward 4, is nearly home; one blocking its start has the whole lap ahead); in the corridor,
//! 0.8 and a little more for each cell deeper, which leaves room for the next. A token on the
//! track that does not block stands to lose its value: for each rival, the chance that its hand
//! (of the size the view shows, with the cards in the proportions of the deck) holds a card
//! that lands on it, forward from up to 13 cells behind (unless a blocking token is in the way),
//! backward with a 4, or bringing a token out onto the rival's start. Cards count too, by what
//! they can do: a joker most, an ace or a king while tokens wait at home, then the 7, the 4, the
//! J and the 2, and the plain walking cards least: playing a card spends it (the card economy).
//! A hidden hand counts its size times an average card. Win shares come from a softmax.
//!
//! **The view only.** A bot is given the seat's [`View`], never the state. To apply an action it
//! deals the hidden cards at random, consistently with the view (hand sizes, the discard pile,
//! the deck, the card it passed and the card stolen from it when those can still be where it
//! saw them go), and writes and reads the position text of that deal: only the public API is
//! used. The greedy ply judges only what the view determines (the board after the action and its
//! own hand), so its choice does not depend on the deal.
//!
//! **The search** is single-observer information-set MCTS. It draws up to 64 deals of the
//! hidden cards, consistent with the view, and cycles through them, so that every root action
//! meets the same luck. Each iteration takes the next deal and walks down a tree of actions,
//! every seat's: at a node, the seat to act in this deal adds the untried action the playout
//! policy likes best while the node may grow (progressive widening), and otherwise chooses by
//! UCB1 on its own win share among its children legal in this deal, counting how often each was
//! available. After the new node it plays `playout` more decisions with the playout policy (each
//! seat takes the action the heuristic likes best on the deal, among at most 12 of its legal
//! actions) and judges the position. The root's children are added in the greedy ply's order;
//! the answer is the most visited.

use crate::rules::Rules;
use alloc::vec::Vec;
use core::fmt::Write;

use arrayvec::{ArrayString, ArrayVec};
use rand_core::Rng;

use crate::bot::{Bot, Budget, Deadline, Kind, Reason, Suggestion, cartas_expert, math};
use crate::cartas::{
    Action, Actions, Board, Cards, Event, Events, Rank, SEATS, Spot, Stage, State, TRACK, View, ahead, natural_card,
    start, to_corridor,
};
use crate::chance::{below, pick_weighted};
use crate::colour::Colour;
use crate::game;
use crate::phase::Phase;
use crate::seat::Seat;

/// A token brought out, before it walks.
const OUT: f32 = 0.12;
/// What the way round the track adds, at most, to a token on it.
const ON_TRACK: f32 = 0.6;
/// A token in its corridor, plus `DEEPER` for each cell past the first.
const IN_CORRIDOR: f32 = 0.8;
const DEEPER: f32 = 0.04;
/// A rival that could capture does so about this often (it has its own plans).
const LIKELY: f32 = 0.5;
/// A card in a hand the heuristic cannot see.
const AVERAGE_CARD: f32 = 0.05;
/// Win shares from strengths.
pub(super) const SHARPNESS: f32 = 3.0;
/// The exploration constant of UCB1, for win shares between 0 and 1 that differ by a few
/// hundredths between good and bad actions.
const EXPLORATION: f32 = 0.25;
/// Legal actions the playout policy compares at each step, at most (a random sample of them
/// when there are more).
const PLAYOUT_SCAN: usize = 12;
/// Deals of the hidden cards one search draws and cycles through: every root action meets the
/// same deals, so their results differ by the actions more than by the luck of the deal.
const DEALS: u32 = 64;

/// The value of a card in the hand of a seat with `home` tokens at home.
fn card_value(rank: Rank, home: usize) -> f32 {
    match rank {
        Rank::Joker => 0.16,
        Rank::Ace if home > 0 => 0.10,
        Rank::King if home > 0 => 0.09,
        Rank::Ace => 0.05,
        Rank::Seven => 0.08,
        Rank::Four => 0.07,
        Rank::Jack => 0.05,
        Rank::King | Rank::Two => 0.04,
        _ => 0.035,
    }
}

fn hand_value(hand: &Cards, home: usize) -> f32 {
    hand.iter().map(|(rank, n)| f32::from(n) * card_value(rank, home)).sum()
}

/// Per count of steps, the share of the deck's cards that walk exactly that far (the 7 split
/// and the joker included), and the same for walking 4 back and for bringing a token out. Of a
/// hand, it says what some card of the hand does.
#[derive(Clone, Copy)]
pub(super) struct Odds {
    forward: [f32; 14],
    back: f32,
    out: f32,
}

impl Odds {
    pub(super) fn of(deck: &Cards) -> Odds {
        let total = deck.len().max(1) as f32;
        let n = |rank: Rank| f32::from(deck.count(rank));
        // The card that walks k cells; seven cells are the 7 played whole.
        let natural = |k: usize| natural_card(k as u8).unwrap_or(Rank::Seven);
        let mut forward = [0.0; 14];
        for (k, f) in forward.iter_mut().enumerate().skip(1) {
            let seven = if k < 7 { n(Rank::Seven) } else { 0.0 };
            *f = (n(natural(k)) + seven + n(Rank::Joker)) / total;
        }
        Odds {
            forward,
            back: (n(Rank::Four) + n(Rank::Joker)) / total,
            out: (n(Rank::Ace) + n(Rank::King) + n(Rank::Joker)) / total,
        }
    }

    /// Whether some card walks exactly `steps` forward.
    pub(super) fn walks(&self, steps: u8) -> bool {
        self.forward.get(usize::from(steps)).is_some_and(|&share| share > 0.0)
    }

    /// Whether some card walks 4 back.
    pub(super) fn goes_back(&self) -> bool {
        self.back > 0.0
    }

    /// Whether some card brings a token out.
    pub(super) fn brings_out(&self) -> bool {
        self.out > 0.0
    }
}

/// The chance that a hand of `cards` cards holds one of a kind that makes up `share` of the deck.
fn holds(share: f32, cards: u8) -> f32 {
    let mut miss = 1.0;
    for _ in 0..cards {
        miss *= 1.0 - share;
    }
    1.0 - miss
}

/// What the heuristic knows of a hand: its cards, or only how many there are.
#[derive(Clone, Copy)]
pub(super) enum Hand {
    Known(Cards),
    Hidden(u8),
}

impl Hand {
    fn len(&self) -> u8 {
        match self {
            Hand::Known(cards) => cards.len() as u8,
            Hand::Hidden(n) => *n,
        }
    }
}

/// What the heuristic sees, per seat.
pub(super) struct Assessment {
    pub(super) strength: [f32; SEATS],
    pub(super) danger: [f32; SEATS],
}

/// The value of a token of `seat`.
fn token_value(seat: Seat, spot: Spot, blocking: bool) -> f32 {
    match spot {
        Spot::Home => 0.0,
        Spot::Corridor(k) => IN_CORRIDOR + DEEPER * f32::from(k.saturating_sub(1)),
        Spot::Track(cell) => {
            OUT + ON_TRACK * (1.0 - f32::from(to_corridor(seat, cell, blocking)) / f32::from(TRACK + 1))
        }
    }
}

pub(super) fn assess(board: &Board, hands: &[Hand; SEATS], odds: &Odds) -> Assessment {
    // Every token on the track: seat, cell, blocking.
    let mut track = ArrayVec::<(Seat, u8, bool), 16>::new();
    let mut blockers = ArrayVec::<u8, 4>::new();
    let mut home = [0usize; SEATS];
    for seat in Seat::ALL {
        for token in board.tokens(seat) {
            match token.spot {
                Spot::Track(cell) => {
                    track.push((seat, cell, token.blocking));
                    if token.blocking {
                        blockers.push(cell);
                    }
                }
                Spot::Home => home[seat.index()] += 1,
                Spot::Corridor(_) => {}
            }
        }
    }
    // Whether a walk of `steps` forward from `from` passes a blocking token.
    let barred = |from: u8, steps: u8| blockers.iter().any(|&b| b != from && ahead(from, b) < steps);

    let mut out = Assessment { strength: [0.0; SEATS], danger: [0.0; SEATS] };
    for seat in Seat::ALL {
        let mut strength = match hands[seat.index()] {
            Hand::Known(cards) => hand_value(&cards, home[seat.index()]),
            Hand::Hidden(n) => f32::from(n) * AVERAGE_CARD,
        };
        let mut danger = 0.0;
        for token in board.tokens(seat) {
            let value = token_value(seat, token.spot, token.blocking);
            strength += value;
            let Spot::Track(cell) = token.spot else { continue };
            if token.blocking {
                continue;
            }
            let mut safe = 1.0;
            for rival in Seat::ALL.into_iter().filter(|&r| r != seat) {
                let cards = hands[rival.index()].len();
                if cards == 0 {
                    continue;
                }
                let mut miss = 1.0;
                for &(owner, from, _) in track.iter().filter(|t| t.0 == rival) {
                    let behind = ahead(from, cell);
                    if (1..=13).contains(&behind) && !barred(from, behind) {
                        miss *= 1.0 - holds(odds.forward[usize::from(behind)], cards);
                    }
                    if ahead(cell, from) == 4 && owner == rival {
                        miss *= 1.0 - holds(odds.back, cards);
                    }
                }
                if cell == start(rival) && home[rival.index()] > 0 {
                    miss *= 1.0 - holds(odds.out, cards);
                }
                safe *= 1.0 - LIKELY * (1.0 - miss);
            }
            danger += (1.0 - safe) * value;
        }
        out.strength[seat.index()] = strength - danger;
        out.danger[seat.index()] = danger;
    }
    out
}

fn shares(strength: &[f32; SEATS]) -> [f32; SEATS] {
    math::softmax(strength, &[true; SEATS], SHARPNESS)
}

/// The win shares of a whole (dealt) state, every hand known.
fn state_values(state: &State, odds: &Odds) -> [f32; SEATS] {
    if let Some(outcome) = state.outcome() {
        return Seat::ALL.map(|s| if s == outcome.winner { 1.0 } else { 0.0 });
    }
    let hands = Seat::ALL.map(|s| Hand::Known(state.hand(s)));
    shares(&assess(state.board(), &hands, odds).strength)
}

/// Deals the cards `view`'s seat cannot see at random, consistently with what it sees, and
/// returns the whole position; `None` if the view does not add up (it always does for a view
/// the engine made).
pub(crate) fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<State> {
    let me = view.seat();
    let exchange = view.stage() == Stage::Exchange;
    if !matches!(view.stage(), Stage::Exchange | Stage::Play) || view.turn() != me {
        return None;
    }
    let mut unknown = view.config().deck().minus(&view.hand())?.minus(&view.discards())?;
    let mut gave = [None; SEATS];
    if exchange {
        if let Some(card) = view.gave() {
            unknown.remove(card).then_some(())?;
            gave[me.index()] = Some(card);
        }
    }
    let sizes = view.hand_sizes();
    let mut hands = [Cards::EMPTY; SEATS];
    hands[me.index()] = view.hand();
    let place = |seat: Seat, card: Rank, hands: &mut [Cards; SEATS], unknown: &mut Cards| {
        if usize::from(sizes[seat.index()]) > hands[seat.index()].len() && unknown.remove(card) {
            let _ = hands[seat.index()].add(card);
        }
    };
    // The card passed to the left is still there while that seat has played nothing.
    let left = me.after(1, SEATS);
    if let (false, Some(card)) = (exchange, view.gave()) {
        if sizes[left.index()] == view.deal_size() {
            place(left, card, &mut hands, &mut unknown);
        }
    }
    // The cards stolen from this seat went to their thieves, who may still hold them.
    for theft in view.thefts().iter().filter(|t| t.victim == me) {
        if let Some(card) = theft.card {
            place(theft.thief, card, &mut hands, &mut unknown);
        }
    }
    let mut draw = |unknown: &mut Cards| -> Option<Rank> {
        let counts = unknown.counts();
        let rank = Rank::from_index(pick_weighted(rng, counts.iter().map(|&n| u32::from(n)))?)?;
        unknown.remove(rank).then_some(rank)
    };
    for seat in Seat::ALL.into_iter().filter(|&s| s != me) {
        while hands[seat.index()].len() < usize::from(sizes[seat.index()]) {
            let card = draw(&mut unknown)?;
            let _ = hands[seat.index()].add(card);
        }
        if exchange && view.chosen()[seat.index()] {
            gave[seat.index()] = Some(draw(&mut unknown)?);
        }
    }
    // The rest is the draw pile, which a position text leaves out.
    let mut text = ArrayString::<1024>::new();
    let stage = if exchange { "exchange" } else { "play" };
    write!(text, "{} round={} stage={stage} turn={me} tokens={} hands=", view.config(), view.round(), view.board())
        .ok()?;
    for (i, hand) in hands.iter().enumerate() {
        write!(text, "{}{hand}", if i > 0 { "/" } else { "" }).ok()?;
    }
    if gave.iter().any(Option::is_some) {
        text.try_push_str(" gave=").ok()?;
        for (i, card) in gave.iter().enumerate() {
            let sep = if i > 0 { "/" } else { "" };
            match card {
                Some(card) => write!(text, "{sep}{card}").ok()?,
                None => write!(text, "{sep}-").ok()?,
            }
        }
    }
    if !view.discards().is_empty() {
        write!(text, " discards={}", view.discards()).ok()?;
    }
    text.parse().ok()
}

/// What the seat of a view, the viewer, knows of the position after one of its actions. Only the
/// action changes the board: the folds that may follow it hang on cards the seat cannot see.
#[derive(Clone, Copy, Debug)]
pub(super) struct After {
    /// The seat whose knowledge this is, and whose action it follows.
    pub(super) viewer: Seat,
    pub(super) board: Board,
    /// The viewer's hand, less the card it played or passed.
    pub(super) hand: Cards,
    /// Every seat's hand size; the viewer's counts a stolen card it has not seen.
    pub(super) sizes: [u8; SEATS],
    /// The discard pile, with the card played.
    pub(super) discards: Cards,
    /// The card the viewer passed to the left in this round's exchange, if it has.
    pub(super) gave: Option<Rank>,
    /// The card passed by the action judged.
    pub(super) passed: Option<Rank>,
    /// Whether the action took a card, unseen, from a rival.
    pub(super) stolen: bool,
    /// The round's deal size, and whether its exchange is still on.
    pub(super) deal_size: u8,
    pub(super) exchange: bool,
}

impl After {
    /// The position `view`'s seat knows after its `action`, applied to `base`, a deal consistent
    /// with the view (any one: the action's effect on the board does not depend on the deal).
    pub(super) fn of(view: &View, base: &State, action: &Action) -> After {
        let me = view.seat();
        let mut after = After {
            viewer: me,
            board: *view.board(),
            hand: view.hand(),
            sizes: view.hand_sizes(),
            discards: view.discards(),
            gave: view.gave(),
            passed: None,
            stolen: false,
            deal_size: view.deal_size(),
            exchange: view.stage() == Stage::Exchange,
        };
        match *action {
            Action::Pass(card) => {
                let _ = after.hand.remove(card);
                after.passed = Some(card);
                after.gave = Some(card);
            }
            _ => {
                let mut next = *base;
                next.play_unchecked(action, &mut ());
                after.board = *next.board();
                if let Some(card) = action.card() {
                    let _ = after.hand.remove(card);
                    let _ = after.discards.add(card);
                }
                if let Action::Steal { from, .. } = *action {
                    after.sizes[from.index()] = after.sizes[from.index()].saturating_sub(1);
                    after.stolen = true;
                }
            }
        }
        after.sizes[me.index()] = after.hand.len() as u8 + u8::from(after.stolen);
        after
    }

    /// The hands as the viewer knows them.
    pub(super) fn hands(&self) -> [Hand; SEATS] {
        Seat::ALL.map(|s| if s == self.viewer { Hand::Known(self.hand) } else { Hand::Hidden(self.sizes[s.index()]) })
    }
}

/// Judges actions for the seat of a view, from what the view determines.
pub(super) struct Greedy<'a> {
    pub(super) view: &'a View,
    /// One deal consistent with the view, on which actions are applied.
    pub(super) base: State,
    pub(super) odds: Odds,
}

impl Greedy<'_> {
    /// The seat's win share after `action`, and the assessment behind it.
    pub(super) fn judge(&self, action: &Action) -> (f32, Assessment) {
        let me = self.view.seat();
        let after = After::of(self.view, &self.base, action);
        let mut extra = [0.0; SEATS];
        if let Some(card) = after.passed {
            // The card goes to the rival on the left: what it is worth to them counts.
            let left = me.after(1, SEATS);
            extra[left.index()] = card_value(card, after.board.at_home(left)) - AVERAGE_CARD;
        }
        if after.stolen {
            // The card taken is unknown: an average one, which its owner loses.
            extra[me.index()] = AVERAGE_CARD;
        }
        let mut assessment = assess(&after.board, &after.hands(), &self.odds);
        for (s, e) in assessment.strength.iter_mut().zip(extra) {
            *s += e;
        }
        let board = after.board;
        let share = if board.is_complete(me) { 1.0 } else { shares(&assessment.strength)[me.index()] };
        (share, assessment)
    }
}

fn decide(bot: &Bot, view: &View) -> Option<(Actions, usize, Option<f32>)> {
    if view.phase() != Phase::Decide(view.seat()) {
        return None;
    }
    let actions = view.legal_actions();
    if actions.is_empty() {
        return None;
    }
    let mut rng = bot.rng_for(view);
    let strength = bot.strength();
    let random = |rng: &mut _| (below(rng, actions.len() as u32) as usize, None);
    let base = match strength.kind {
        Kind::Random => None,
        _ => determinize(view, &mut rng),
    };
    let Some(base) = base else {
        let (index, estimate) = random(&mut rng);
        return Some((actions, index, estimate));
    };
    if strength.kind == Kind::Expert {
        let net = cartas_expert::shipped();
        // `expert:depth=0` judges each action alone, as self-play trains it.
        let (index, estimate) = if strength.budget.depth == 0 {
            cartas_expert::choose(view, &base, &net, &mut rng)?
        } else {
            cartas_expert::choose_ahead(view, &base, &net, &mut rng)?
        };
        return Some((actions, index, Some(estimate)));
    }
    let greedy = Greedy { view, base, odds: Odds::of(&view.config().deck()) };
    let scores: ArrayVec<f32, { crate::cartas::MAX_ACTIONS }> = actions.iter().map(|a| greedy.judge(a).0).collect();
    let (index, estimate) = match strength.kind {
        Kind::Search if actions.len() > 1 => search(view, &greedy, &actions, &scores, &strength.budget, &mut rng),
        _ => best_of(&scores, &mut rng),
    };
    Some((actions, index, estimate))
}

/// The highest score, ties broken at random.
pub(super) fn best_of<R: Rng + ?Sized>(scores: &[f32], rng: &mut R) -> (usize, Option<f32>) {
    let mut best = (0, f32::NEG_INFINITY);
    let mut ties = 0;
    for (i, &score) in scores.iter().enumerate() {
        if score > best.1 + 1e-6 {
            best = (i, score);
            ties = 1;
        } else if score >= best.1 - 1e-6 {
            ties += 1;
            if below(rng, ties) == 0 {
                best.0 = i;
            }
        }
    }
    (best.0, Some(best.1))
}

pub(super) fn choose(bot: &Bot, view: &View) -> Option<(Action, Option<f32>)> {
    decide(bot, view).map(|(actions, i, estimate)| (actions[i], estimate))
}

pub(super) fn suggest(bot: &Bot, view: &View) -> Option<Suggestion> {
    let (actions, index, estimate) = decide(bot, view)?;
    // Without an estimate the view could not be dealt (no game reaches it) and the bot chose at
    // random: it has no reason to give.
    let reason = match (bot.strength().kind, estimate) {
        (Kind::Random, _) | (_, None) => None,
        _ => Some(explain(view, &actions, index, &mut bot.rng_for(view))),
    };
    Some(Suggestion { action: game::Action::Cartas(actions[index]), reason, estimate })
}

/// The value of `seat`'s tokens on `board`, captures and danger aside.
fn tokens_value(board: &Board, seat: Seat) -> f32 {
    board.tokens(seat).map(|t| token_value(seat, t.spot, t.blocking)).sum()
}

/// Why the action at `chosen` is good, in the heuristic's terms.
fn explain<R: Rng + ?Sized>(view: &View, actions: &Actions, chosen: usize, rng: &mut R) -> Reason {
    if actions.len() == 1 {
        return Reason::Only;
    }
    let action = actions[chosen];
    if let Action::Pass(_) = action {
        return Reason::Passes;
    }
    let Some(base) = determinize(view, rng) else { return Reason::Advances };
    let me = view.seat();
    let colour = |seat: Seat| Colour::from_index(seat.index()).unwrap_or(Colour::Yellow);
    let mut after = base;
    let mut events = Events::new();
    after.play_unchecked(&action, &mut events);
    if after.board().is_complete(me) {
        return Reason::Wins;
    }
    let captured = events.iter().find_map(|e| match *e {
        Event::Captured { seat, by, .. } if by == me => Some(seat),
        _ => None,
    });
    if let Some(victim) = captured {
        return Reason::Captures { victim: colour(victim) };
    }
    let entered = events
        .iter()
        .any(|e| matches!(*e, Event::Moved { seat, from: Spot::Track(_), to: Spot::Corridor(_) } if seat == me));
    if entered {
        return Reason::Scores;
    }
    let gain = tokens_value(after.board(), me) - tokens_value(view.board(), me);
    match action {
        Action::Out { .. } => return Reason::BringsOut,
        Action::Steal { from, .. } => return Reason::Steals { victim: colour(from) },
        Action::Swap { .. } if gain > 0.0 => return Reason::Swaps,
        _ => {}
    }
    let greedy = Greedy { view, base, odds: Odds::of(&view.config().deck()) };
    let (_, now) = greedy.judge(&action);
    let hidden = |s: Seat| Hand::Hidden(view.hand_sizes()[s.index()]);
    let hands = Seat::ALL.map(|s| if s == me { Hand::Known(view.hand()) } else { hidden(s) });
    let before = assess(view.board(), &hands, &greedy.odds);
    if before.danger[me.index()] - now.danger[me.index()] > 0.02 {
        return Reason::Escapes;
    }
    // A small move with the card the seat values least among those it could play.
    let home = view.board().at_home(me);
    let value = |a: &Action| a.card().map_or(f32::INFINITY, |c| card_value(c, home));
    let cheapest = actions.iter().map(value).fold(f32::INFINITY, f32::min);
    let other_cards = actions.iter().any(|a| a.card() != action.card());
    if other_cards && value(&action) <= cheapest && gain < 0.05 { Reason::SavesCards } else { Reason::Advances }
}

/// A node of the search tree: the action that leads to it and its statistics.
#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    /// The seat that took the action.
    mover: Seat,
    first_child: u32,
    next_sibling: u32,
    children: u32,
    visits: u32,
    /// How often the node's action was legal when its parent was visited (ISMCTS).
    available: u32,
    /// The sum of the mover's win shares over the visits.
    reward: f32,
}

const NO_NODE: u32 = u32::MAX;

/// Children allowed to a node visited `visits` times: progressive widening.
fn widening(visits: u32) -> u32 {
    2 + math::sqrt(visits as f32) as u32
}

fn ucb(node: &Node, parent_visits: u32) -> f32 {
    if node.visits == 0 {
        return f32::INFINITY;
    }
    let n = node.visits as f32;
    node.reward / n + EXPLORATION * math::sqrt(math::ln(parent_visits.max(1) as f32) / n)
}

/// Information-set Monte Carlo tree search from the view; returns the index of the action
/// chosen among `actions` and its mean win share.
fn search<R: Rng + ?Sized>(
    view: &View,
    greedy: &Greedy<'_>,
    actions: &Actions,
    scores: &[f32],
    budget: &Budget,
    rng: &mut R,
) -> (usize, Option<f32>) {
    let deadline = Deadline::after(budget.time_limit);
    let me = view.seat();
    let deals: Vec<State> =
        (0..budget.iterations.min(DEALS)).map(|_| determinize(view, rng).unwrap_or(greedy.base)).collect();
    // The root's actions, best first by the greedy ply.
    let mut order: Vec<usize> = (0..actions.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    // At most one node per iteration; the reservation is capped, since a budget may be huge.
    let mut tree: Vec<Node> = Vec::with_capacity(budget.iterations.min(1 << 14) as usize + 1);
    tree.push(Node {
        action: Action::Timeout,
        mover: me,
        first_child: NO_NODE,
        next_sibling: NO_NODE,
        children: 0,
        visits: 0,
        available: 0,
        reward: 0.0,
    });
    let mut path: Vec<u32> = Vec::new();
    let mut legal = Actions::new();
    let mut untried = Actions::new();
    for iteration in 0..budget.iterations {
        if iteration % 16 == 15 && deadline.passed() {
            break;
        }
        let mut state = deals[iteration as usize % deals.len()];
        path.clear();
        let mut node = 0u32;
        // Selection and expansion.
        while let Phase::Decide(seat) = state.phase() {
            let parent = tree[node as usize];
            if node == 0 {
                if parent.children < widening(parent.visits).min(actions.len() as u32) {
                    let index = order[parent.children as usize];
                    let child = add_child(&mut tree, node, actions[index], seat);
                    state.play_unchecked(&actions[index], &mut ());
                    path.push(child);
                    break;
                }
                let child = select(&tree, node, |_| true);
                state.play_unchecked(&tree[child as usize].action, &mut ());
                path.push(child);
                node = child;
                continue;
            }
            state.legal_actions_into(&mut legal);
            if legal.is_empty() {
                break;
            }
            // Which seat acts after the same actions depends on the deal, so a child counts here
            // only if its mover is this seat and its action is legal in this deal. Those
            // children were available on this visit, whatever is chosen (ISMCTS).
            let mut tried = 0;
            let mut next = parent.first_child;
            while next != NO_NODE {
                let child = &mut tree[next as usize];
                if child.mover == seat && legal.contains(&child.action) {
                    child.available += 1;
                    tried += 1;
                }
                next = child.next_sibling;
            }
            // Progressive widening: while the node may have more children, the one added is the
            // untried action the playout policy likes best.
            if tried < widening(parent.visits) && tried < legal.len() as u32 {
                untried.clear();
                untried.extend(legal.iter().copied().filter(|a| {
                    !children(&tree, node).any(|c| tree[c as usize].mover == seat && tree[c as usize].action == *a)
                }));
                if let Some(&first) = untried.first() {
                    let action =
                        if untried.len() > 1 { playout_pick(&state, &untried, &greedy.odds, rng) } else { first };
                    state.play_unchecked(&action, &mut ());
                    path.push(add_child(&mut tree, node, action, seat));
                    break;
                }
            }
            let child = select(&tree, node, |n| n.mover == seat && legal.contains(&n.action));
            if child == NO_NODE {
                break;
            }
            state.play_unchecked(&tree[child as usize].action, &mut ());
            path.push(child);
            node = child;
        }
        // Playout.
        let mut decisions = 0;
        while decisions < budget.playout {
            match state.phase() {
                Phase::Over(_) => break,
                Phase::Chance => match state.sample_chance(rng) {
                    Some(card) => {
                        let _ = state.apply_chance_into(card, &mut ());
                    }
                    None => break,
                },
                Phase::Decide(_) => {
                    state.legal_actions_into(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let action = playout_pick(&state, &legal, &greedy.odds, rng);
                    state.play_unchecked(&action, &mut ());
                    decisions += 1;
                }
            }
        }
        // Backpropagation.
        let values = state_values(&state, &greedy.odds);
        tree[0].visits += 1;
        for &n in &path {
            let node = &mut tree[n as usize];
            node.visits += 1;
            node.reward += values[node.mover.index()];
        }
    }
    // The most visited root child, the better mean on a tie.
    let mut best: Option<(u32, u32, f32)> = None;
    for child in children(&tree, 0) {
        let n = &tree[child as usize];
        let mean = if n.visits > 0 { n.reward / n.visits as f32 } else { 0.0 };
        if best.is_none_or(|(_, v, m)| n.visits > v || (n.visits == v && mean > m)) {
            best = Some((child, n.visits, mean));
        }
    }
    let found = best.and_then(|(child, _, mean)| {
        actions.iter().position(|a| *a == tree[child as usize].action).map(|i| (i, Some(mean)))
    });
    found.unwrap_or((order[0], Some(scores[order[0]])))
}

fn add_child(tree: &mut Vec<Node>, parent: u32, action: Action, mover: Seat) -> u32 {
    let id = tree.len() as u32;
    let p = &mut tree[parent as usize];
    let next_sibling = p.first_child;
    p.first_child = id;
    p.children += 1;
    tree.push(Node {
        action,
        mover,
        first_child: NO_NODE,
        next_sibling,
        children: 0,
        visits: 0,
        available: 0,
        reward: 0.0,
    });
    id
}

fn children(tree: &[Node], parent: u32) -> impl Iterator<Item = u32> + '_ {
    let mut next = tree[parent as usize].first_child;
    core::iter::from_fn(move || {
        let current = next;
        (current != NO_NODE).then(|| {
            next = tree[current as usize].next_sibling;
            current
        })
    })
}

/// The child of `parent` with the best UCB1 among those `available` now; `NO_NODE` if none is.
/// At the root every child is always available, so the parent's visits count; below it, how
/// often the child was available (ISMCTS).
fn select(tree: &[Node], parent: u32, available: impl Fn(&Node) -> bool) -> u32 {
    let mut best = (NO_NODE, f32::NEG_INFINITY);
    let parent_visits = tree[parent as usize].visits;
    for id in children(tree, parent) {
        let node = &tree[id as usize];
        if available(node) {
            let base = if parent == 0 { parent_visits } else { node.available };
            let score = ucb(node, base);
            if score > best.1 {
                best = (id, score);
            }
        }
    }
    best.0
}

/// The playout policy: the legal action of the seat to decide that the heuristic likes best on
/// the dealt position (among a random sample of them when there are many).
fn playout_pick<R: Rng + ?Sized>(state: &State, legal: &Actions, odds: &Odds, rng: &mut R) -> Action {
    let Phase::Decide(seat) = state.phase() else { return legal[0] };
    let mut best = (legal[0], f32::NEG_INFINITY);
    let sample = legal.len() > PLAYOUT_SCAN;
    for k in 0..PLAYOUT_SCAN.min(legal.len()) {
        let action = if sample { legal[below(rng, legal.len() as u32) as usize] } else { legal[k] };
        let mut next = *state;
        next.play_unchecked(&action, &mut ());
        let value = state_values(&next, odds)[seat.index()];
        if value > best.1 {
            best = (action, value);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The parts of a view a deal rebuilds: not what it remembers of the exchange once play
    /// has begun, nor of thefts.
    fn seen(view: &View) -> impl PartialEq + core::fmt::Debug {
        let exchange = view.stage() == Stage::Exchange;
        (
            (view.seat(), view.round(), view.stage(), view.turn(), *view.board()),
            (view.hand(), view.hand_sizes(), view.discards(), view.pile_size()),
            exchange.then(|| (view.gave(), view.chosen())),
        )
    }

    #[test]
    fn a_deal_from_a_view_shows_the_same_view() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut state = State::new(crate::cartas::Config::standard());
        let mut checked = 0;
        for _ in 0..3000 {
            match state.phase() {
                Phase::Over(_) => break,
                Phase::Chance => {
                    let card = state.sample_chance(&mut rng).unwrap();
                    state.apply_chance(card).unwrap();
                }
                Phase::Decide(seat) => {
                    let view = state.view(seat);
                    let dealt = determinize(&view, &mut rng).expect("a view the engine made adds up");
                    assert_eq!(seen(&dealt.view(seat)), seen(&view), "{state}");
                    assert_eq!(dealt.legal_actions(), state.legal_actions());
                    checked += 1;
                    let actions = state.legal_actions();
                    let pick = actions[below(&mut rng, actions.len() as u32) as usize];
                    state.play(pick).unwrap();
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
