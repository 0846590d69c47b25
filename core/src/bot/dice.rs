//! What the bots of the dice games share: the greedy ply and expectimax over the dice.
//!
//! Values are vectors of win shares, one per colour (a side's colours share one value), and
//! each decider maximises its own entry: max-n, which is expectimax when two sides play.
//!
//! Every decision of one roll belongs to one side (the roller, its partner for ceded dice or a
//! bonus), so the search treats the whole roll as one choice among the distinct positions it
//! can leave before the next roll; orders of play that end alike are counted once.

use alloc::vec::Vec;

use rand_core::Rng;

use core::hash::Hash;

use crate::bot::expert::{self, Learned};
use crate::bot::{Bot, Budget, Deadline, Kind, Reason, Suggestion};
use crate::chance::below;
use crate::dice::Roll;
use crate::game::Choice;
use crate::rules::Rules;

/// Who acts in a dice game position, as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    Chance,
    /// The index (a colour's) of the entry of the value the decider maximises.
    Decide(usize),
    Over,
}

/// Win shares, one per colour index.
pub(crate) type Values = [f32; 4];

/// A dice game as the bots need it.
pub(crate) trait DiceGame: Rules<Chance = Roll, Choice: Into<Choice>> + PartialEq + Hash {
    /// Why the choice at `chosen` is good, in the heuristic's terms, when there are others.
    fn explain(&self, choices: &Self::Choices, chosen: usize) -> Reason;
    /// Who acts, with partners' decisions kept as one side's.
    fn turn(&self) -> Turn;
    /// The win shares: exact once the game is over, the heuristic's otherwise.
    fn values(&self) -> Values;
}

/// The bot's choice among the legal ones: its index, the list, and the bot's estimate.
pub(crate) fn decide_for<G: Learned>(bot: &Bot, state: &G) -> Option<(usize, G::Choices, Option<f32>)> {
    let mut rng = bot.rng_for(state);
    let strength = bot.strength();
    let (index, estimate) = decide(state, strength.kind, &strength.budget, &mut rng)?;
    Some((index, state.legal_actions(), estimate))
}

/// The bot's choice and estimate, without a reason: the fast path of simulations.
pub(crate) fn choose<G: Learned>(bot: &Bot, state: &G) -> Option<(G::Choice, Option<f32>)> {
    decide_for(bot, state).map(|(i, choices, estimate)| (choices[i], estimate))
}

/// The bot's choice with its reason (none from the random bot).
pub(crate) fn suggest<G: Learned>(bot: &Bot, state: &G) -> Option<Suggestion> {
    let (index, choices, estimate) = decide_for(bot, state)?;
    let explain = || if choices.len() == 1 { Reason::Only } else { state.explain(&choices, index) };
    let reason = (bot.strength().kind != Kind::Random).then(explain);
    Some(Suggestion { action: choices[index].into().action(), reason, estimate })
}

/// Values that differ by less than this are a tie (broken at random).
pub(crate) const TIE: f32 = 1e-6;

/// Keeps the best of a stream of scored items, breaking ties uniformly at random.
pub(crate) struct Best {
    pub(crate) index: usize,
    pub(crate) value: f32,
    ties: u32,
}

impl Best {
    pub(crate) fn new() -> Best {
        Best { index: 0, value: f32::NEG_INFINITY, ties: 0 }
    }

    pub(crate) fn offer<R: Rng + ?Sized>(&mut self, index: usize, value: f32, rng: &mut R) {
        if value > self.value + TIE {
            *self = Best { index, value, ties: 1 };
        } else if value >= self.value - TIE {
            self.ties += 1;
            if below(rng, self.ties) == 0 {
                self.index = index;
            }
        }
    }
}

/// One ply: the choice whose resulting position the heuristic likes best for the decider,
/// with that position's value for it. `None` when nobody is to decide.
pub(crate) fn greedy<G: DiceGame, R: Rng + ?Sized>(state: &G, rng: &mut R) -> Option<(usize, f32)> {
    let Turn::Decide(side) = state.turn() else { return None };
    let choices = state.legal_actions();
    let mut best = Best::new();
    for (i, choice) in choices.iter().enumerate() {
        let mut next = *state;
        next.play_unchecked(choice, &mut ());
        best.offer(i, next.values()[side], rng);
    }
    (!choices.is_empty()).then_some((best.index, best.value))
}

/// The search ran out of budget or time: the depth under way is abandoned.
struct Abort;

/// Expectimax over the dice within a node budget, deepening one roll at a time.
pub(crate) struct Expectimax<G> {
    nodes: u32,
    limit: u32,
    /// The deepest search completed, in rolls past the one in hand.
    reached: u8,
    /// While the roll in hand is searched, neither the budget nor the clock stops the search.
    unbounded: bool,
    deadline: Deadline,
    /// Lists of positions reused within one decision's search, so that it allocates little.
    pool: Vec<Vec<G>>,
}

impl<G: DiceGame> Expectimax<G> {
    pub(crate) fn new(budget: &Budget) -> Expectimax<G> {
        Expectimax {
            nodes: 0,
            limit: budget.nodes,
            reached: 0,
            unbounded: false,
            deadline: Deadline::after(budget.time_limit),
            pool: Vec::new(),
        }
    }

    /// The best choice for the decider and its value. The roll in hand is always searched in
    /// full; then one more roll at a time, up to `depth`, while the estimated cost of the next
    /// depth fits in the budget. A depth cut short is discarded, so the answer is always that of
    /// a complete search.
    pub(crate) fn choose<R: Rng + ?Sized>(&mut self, root: &G, depth: u8, rng: &mut R) -> Option<(usize, f32)> {
        let Turn::Decide(side) = root.turn() else { return None };
        let choices = root.legal_actions();
        if choices.len() <= 1 {
            return greedy(root, rng);
        }
        // The roll in hand is searched in full, whatever the budget: a plan for it is the least a
        // search owes.
        self.unbounded = true;
        // The distinct positions the roll can leave, each with the first choice that reaches it.
        let mut ends: Vec<(G, usize)> = Vec::new();
        let mut inner = self.take();
        for (i, choice) in choices.iter().enumerate() {
            let mut next = *root;
            next.play_unchecked(choice, &mut ());
            inner.clear();
            if next.turn() == Turn::Decide(side) {
                // Cannot fail while unbounded.
                let _ = self.ends(&next, side, &mut inner);
            } else {
                inner.push(next);
            }
            for end in inner.drain(..) {
                if !ends.iter().any(|(e, _)| *e == end) {
                    ends.push((end, i));
                }
            }
        }
        self.give(inner);
        if ends.is_empty() {
            // Only a position no game reaches leaves nothing to choose between.
            self.unbounded = false;
            return greedy(root, rng);
        }
        let planned = self.pick(&ends, side, 0, rng);
        self.unbounded = false;
        let Ok(mut best) = planned else { return greedy(root, rng) };
        let mut last = self.nodes.max(1);
        for d in 1..=depth {
            // Each further roll multiplies the work by the 21 rolls times the positions a roll
            // leaves.
            let estimate = u64::from(last) * 21 * ends.len() as u64;
            if u64::from(self.nodes) + estimate > u64::from(self.limit) || self.deadline.passed() {
                break;
            }
            let before = self.nodes;
            match self.pick(&ends, side, d, rng) {
                Ok(found) => best = found,
                Err(Abort) => break,
            }
            self.reached = d;
            last = (self.nodes - before).max(1);
        }
        Some((ends[best.0].1, best.1))
    }

    /// The end of `ends` best for `side`, looking `depth` rolls further.
    fn pick<R: Rng + ?Sized>(
        &mut self,
        ends: &[(G, usize)],
        side: usize,
        depth: u8,
        rng: &mut R,
    ) -> Result<(usize, f32), Abort> {
        let mut best = Best::new();
        for (i, (end, _)) in ends.iter().enumerate() {
            let value = self.value(end, depth)?[side];
            best.offer(i, value, rng);
        }
        Ok((best.index, best.value))
    }

    /// The value of a position with `depth` rolls still to look at.
    fn value(&mut self, state: &G, depth: u8) -> Result<Values, Abort> {
        match state.turn() {
            Turn::Over => Ok(state.values()),
            Turn::Chance if depth == 0 => Ok(state.values()),
            Turn::Chance => {
                let mut total = [0.0; 4];
                for (roll, weight) in Roll::outcomes().iter() {
                    let mut next = *state;
                    let _ = next.apply_chance_into(roll, &mut ());
                    self.count()?;
                    let v = self.value(&next, depth - 1)?;
                    for (t, x) in total.iter_mut().zip(v) {
                        *t += weight as f32 * x;
                    }
                }
                Ok(total.map(|t| t / 36.0))
            }
            Turn::Decide(side) => {
                let mut ends = self.take();
                let result = self.best_end(state, side, depth, &mut ends);
                self.give(ends);
                result
            }
        }
    }

    /// The value for `side` of the best position its decisions can leave from `state`.
    fn best_end(&mut self, state: &G, side: usize, depth: u8, ends: &mut Vec<G>) -> Result<Values, Abort> {
        self.ends(state, side, ends)?;
        let mut best: Option<Values> = None;
        for end in ends.iter() {
            let v = self.value(end, depth)?;
            if best.is_none_or(|b| v[side] > b[side] + TIE) {
                best = Some(v);
            }
        }
        // A decision with no choice is never offered by the rules; judge it as it stands.
        Ok(best.unwrap_or_else(|| state.values()))
    }

    /// Collects the distinct positions `side`'s decisions can leave from `state`.
    fn ends(&mut self, state: &G, side: usize, out: &mut Vec<G>) -> Result<(), Abort> {
        for choice in state.legal_actions().iter() {
            let mut next = *state;
            next.play_unchecked(choice, &mut ());
            self.count()?;
            if next.turn() == Turn::Decide(side) {
                self.ends(&next, side, out)?;
            } else if !out.contains(&next) {
                out.push(next);
            }
        }
        Ok(())
    }

    fn count(&mut self) -> Result<(), Abort> {
        self.nodes = self.nodes.saturating_add(1);
        if self.unbounded {
            return Ok(());
        }
        // Reading the clock costs more than a node: look at it now and then. A count that can
        // grow no more has spent the largest budget there is.
        if self.nodes > self.limit || self.nodes == u32::MAX || (self.nodes % 512 == 0 && self.deadline.passed()) {
            return Err(Abort);
        }
        Ok(())
    }

    fn take(&mut self) -> Vec<G> {
        let mut list = self.pool.pop().unwrap_or_default();
        list.clear();
        list
    }

    fn give(&mut self, list: Vec<G>) {
        self.pool.push(list);
    }
}

/// The chance that a rival token `distance` cells behind lands exactly there with one roll:
/// with a die or the sum (out of 36). Beyond 12, none.
pub(crate) fn hit_chance(distance: u8) -> f32 {
    const HITS: [u8; 13] = [0, 11, 12, 13, 14, 15, 16, 6, 5, 4, 3, 2, 1];
    HITS.get(usize::from(distance)).map_or(0.0, |&h| f32::from(h) / 36.0)
}

/// The best choice for a bot of `kind`, with its value: the shared driver of both dice games.
pub(crate) fn decide<G: Learned, R: Rng + ?Sized>(
    state: &G,
    kind: crate::bot::Kind,
    budget: &Budget,
    rng: &mut R,
) -> Option<(usize, Option<f32>)> {
    use crate::bot::Kind;
    let Turn::Decide(_) = state.turn() else { return None };
    let n = state.legal_actions().len();
    if n == 0 {
        return None;
    }
    match kind {
        Kind::Random => Some((below(rng, n as u32) as usize, None)),
        Kind::Greedy => greedy(state, rng).map(|(i, v)| (i, Some(v))),
        Kind::Search => Expectimax::new(budget).choose(state, budget.depth, rng).map(|(i, v)| (i, Some(v))),
        Kind::Expert => {
            let reach = if budget.depth == 0 { expert::Reach::RollInHand } else { expert::Reach::NextRoll };
            expert::choose(state, &expert::shipped::<G>(), reach, rng).map(|(i, v)| (i, Some(v)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    impl<G> Expectimax<G> {
        fn reached(&self) -> u8 {
            self.reached
        }
    }

    fn position() -> crate::poleana::State {
        "poleana:2 turn=Y roll=5-3 Y=Y3,B0,start,start R=R4,R7,R7,Y1 quiet=-".parse().unwrap()
    }

    #[test]
    fn the_roll_in_hand_is_planned_whatever_the_budget() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let none = Budget { nodes: 0, depth: 2, ..Budget::HARD };
        let mut search = Expectimax::new(&none);
        let (index, value) = search.choose(&position(), none.depth, &mut rng).unwrap();
        assert!(index < Rules::legal_actions(&position()).len() && (0.0..=1.0).contains(&value));
        assert_eq!(search.reached(), 0, "no node was left for the next roll");
    }

    #[test]
    fn a_budget_that_fits_weighs_the_next_roll_and_stays_within_it() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let budget = Budget { nodes: 100_000, depth: 1, ..Budget::HARD };
        let mut search = Expectimax::new(&budget);
        assert!(search.choose(&position(), budget.depth, &mut rng).is_some());
        assert_eq!(search.reached(), 1);
        assert!(search.nodes <= budget.nodes, "{} nodes", search.nodes);
    }

    #[cfg(feature = "std")]
    #[test]
    fn a_requested_stop_ends_the_search_after_the_roll_in_hand() {
        let budget = Budget { nodes: u32::MAX, depth: 255, ..Budget::HARD };
        let stop = crate::bot::Stop::new();
        stop.request();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut search = crate::bot::with_stop(&stop, || Expectimax::new(&budget));
        assert!(search.choose(&position(), budget.depth, &mut rng).is_some());
        assert_eq!(search.reached(), 0, "the roll in hand is planned, and nothing more");
    }

    #[test]
    fn partners_plan_a_roll_together() {
        // Blue has no use for 4-3: Green, its partner, plays the dice. Both are one side, so the
        // search plans the roll through the cession instead of stopping at it.
        let state: crate::parchis::State =
            "parchis:pairs turn=B roll=4-3 Y=41,c5,goal,goal B=goal,goal,goal,home R=45,49,goal,home G=56,56,20,33"
                .parse()
                .unwrap();
        assert_eq!(state.actor(), crate::Colour::Green);
        assert_eq!(DiceGame::turn(&state), Turn::Decide(crate::Colour::Blue.index()));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let none = Budget { nodes: 0, depth: 1, ..Budget::MEDIUM };
        assert!(Expectimax::new(&none).choose(&state, 1, &mut rng).is_some());
    }
}
