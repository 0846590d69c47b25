//! The Parchís bots' heuristic and their reasons.
//!
//! A colour's strength is the sum over its tokens of the share of the way to the goal each has
//! walked (a token out of home starts at 0.1, one at the goal counts 1.05), plus a bonus move
//! still to play, less what each lone token on a white cell stands to lose before the colour's
//! next turn: the chance that a rival die or both dice (each die moves a token, so a token may
//! walk either die or their sum) land on it from up to 12 cells behind, times its value. Two
//! tokens of a colour on one cell cannot be captured; on a safe cell they are a barrier and
//! count a little extra.
//!
//! A side (one colour, or two partners) adds its colours' strengths; win shares come from a
//! softmax over the sides.

use crate::bot::dice::{DiceGame, Turn, Values, hit_chance};
use crate::bot::expert::{EXTRAS, Heuristic, Learned, MAX_FEATURES};
use crate::bot::network::NetworkGame;
use crate::bot::{Reason, math};
use crate::colour::Colour;
use crate::parchis::{Choices, LAP, PATH, Place, Spot, State, TRACK, is_safe, observation};
use crate::phase::Phase;
use crate::rules::Rules;
use crate::seat::Seat;

/// A token out of home, before it walks.
const OUT: f32 = 0.1;
/// A token at the goal.
const AT_GOAL: f32 = 1.05;
/// Each token of a barrier: safe, and a wall for the rivals behind it.
const IN_BARRIER: f32 = 0.03;
/// How much of its danger counts for the colour whose turn it is.
const FIRST_TO_MOVE: f32 = 0.5;
/// Win shares from strengths, for a side of one colour (halved for two).
const SHARPNESS: f32 = 2.5;

/// A token's progress from its exit ([`Place::progress`]); `None` at home.
fn progress(colour: Colour, spot: Spot) -> Option<u8> {
    Place::of(colour, spot).and_then(Place::progress)
}

fn token_value(progress: Option<u8>) -> f32 {
    match progress {
        None => 0.0,
        Some(PATH) => AT_GOAL,
        Some(p) => OUT + (1.0 - OUT) * f32::from(p) / f32::from(PATH),
    }
}

/// What the heuristic sees in a position, per colour index.
struct Assessment {
    strength: [f32; 4],
    danger: [f32; 4],
    barriers: [u8; 4],
}

fn assess(state: &State) -> Assessment {
    let config = state.config();
    let colours = config.colours();
    // Every token on the track: its colour, cell and progress.
    let mut on_track = arrayvec::ArrayVec::<(Colour, u8, u8), 16>::new();
    let mut count = [[0u8; TRACK as usize + 1]; 4];
    for c in colours.iter() {
        for spot in state.tokens(c) {
            if let (Spot::Track(n), Some(p)) = (spot, progress(c, spot)) {
                on_track.push((c, n, p));
                count[c.index()][usize::from(n)] += 1;
            }
        }
    }
    let mut out = Assessment { strength: [0.0; 4], danger: [0.0; 4], barriers: [0; 4] };
    for c in colours.iter() {
        let side = config.side(c);
        let mut strength = 0.0;
        let mut danger = 0.0;
        for spot in state.tokens(c) {
            let value = token_value(progress(c, spot));
            strength += value;
            let Spot::Track(n) = spot else { continue };
            if count[c.index()][usize::from(n)] >= 2 {
                if is_safe(n) {
                    out.barriers[c.index()] += 1;
                    strength += IN_BARRIER;
                }
                continue;
            }
            if is_safe(n) {
                continue;
            }
            // Per rival colour, the chance that none of its tokens lands here.
            let mut safe_chance = 1.0;
            for r in colours.iter().filter(|r| !side.contains(*r)) {
                let mut miss = 1.0;
                for &(colour, from, p) in on_track.iter().filter(|t| t.0 == r) {
                    let distance = (n + TRACK - from) % TRACK;
                    if colour == r && distance > 0 && p + distance < LAP {
                        miss *= 1.0 - hit_chance(distance);
                    }
                }
                safe_chance *= miss;
            }
            danger += (1.0 - safe_chance) * value;
        }
        if let Some(bonus) = state.bonus().filter(|b| b.colour == c) {
            strength += (1.0 - OUT) * f32::from(bonus.amount) / f32::from(PATH);
        }
        // The colour whose turn it is moves before any rival: it can still save its tokens.
        let weight = if c == state.turn() { FIRST_TO_MOVE } else { 1.0 };
        out.strength[c.index()] = strength - weight * danger;
        out.danger[c.index()] = danger;
    }
    out
}

impl DiceGame for State {
    fn explain(&self, choices: &Choices, chosen: usize) -> Reason {
        let choice = choices[chosen];
        let mut after = *self;
        after.play_unchecked(&choice, &mut ());
        if after.outcome().is_some_and(|o| o.winners.contains(choice.colour)) {
            return Reason::Wins;
        }
        if let Some(victim) = choice.captures {
            return Reason::Captures { victim };
        }
        if choice.landing == Spot::Goal {
            return Reason::Scores;
        }
        if matches!(choice.action, crate::parchis::Action::Move { from: Spot::Home, .. }) {
            return Reason::BringsOut;
        }
        let (before, now) = (assess(self), assess(&after));
        let c = choice.colour.index();
        if before.danger[c] - now.danger[c] > 0.02 {
            Reason::Escapes
        } else if now.barriers[c] > before.barriers[c] {
            Reason::Blocks
        } else {
            Reason::Advances
        }
    }

    fn turn(&self) -> Turn {
        match self.phase() {
            Phase::Chance => Turn::Chance,
            // Partners share one value, kept at the index of the side's first colour, so that a
            // roll's decisions by either partner are one side's.
            Phase::Decide(_) => {
                let actor = self.actor();
                Turn::Decide(self.config().side(actor).iter().next().unwrap_or(actor).index())
            }
            Phase::Over(_) => Turn::Over,
        }
    }

    fn values(&self) -> Values {
        let config = self.config();
        let colours = config.colours();
        if let Some(outcome) = self.outcome() {
            let winners = outcome.winners;
            return Colour::ALL.map(|c| if winners.contains(c) { 1.0 } else { 0.0 });
        }
        let strength = assess(self).strength;
        // One entry per side, kept at the index of its first colour.
        let mut sides = [0.0; 4];
        let mut used = [false; 4];
        let mut size = 1;
        for c in colours.iter() {
            let side = config.side(c);
            size = side.len();
            let first = side.iter().next().unwrap_or(c);
            sides[first.index()] += strength[c.index()];
            used[first.index()] = true;
        }
        let shares = math::softmax(&sides, &used, SHARPNESS / size as f32);
        Colour::ALL.map(|c| {
            let first = config.side(c).iter().next().unwrap_or(c);
            if colours.contains(c) { shares[first.index()] } else { 0.0 }
        })
    }
}

impl Learned for State {
    const GAME: NetworkGame = NetworkGame::Parchis;
    const FEATURES: usize = observation::LEN + EXTRAS;

    fn seat_count(&self) -> usize {
        self.config().seats()
    }

    fn observe_into(&self, seat: Seat, out: &mut [f32; MAX_FEATURES]) {
        if let Some(observed) = out.first_chunk_mut::<{ observation::LEN }>() {
            self.observe(seat, observed);
        }
    }

    fn first_colour(&self, seat: Seat) -> usize {
        self.config().colours_of(seat).iter().next().map_or(0, Colour::index)
    }

    fn heuristic(&self) -> Heuristic {
        let a = assess(self);
        Heuristic { strength: a.strength, danger: a.danger }
    }

    fn side_of_seat(&self, seat: Seat) -> usize {
        let colour = self.config().colours_of(seat).iter().next().unwrap_or(Colour::Yellow);
        self.side_of_colour(colour).unwrap_or(0)
    }

    fn side_of_colour(&self, colour: Colour) -> Option<usize> {
        let config = self.config();
        config.colours().contains(colour).then(|| config.side(colour).iter().next().unwrap_or(colour).index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_share_one_value_and_shares_add_up() {
        let state = State::new("parchis:pairs".parse().unwrap());
        let v = state.values();
        assert_eq!(v[0], v[2]);
        assert_eq!(v[1], v[3]);
        assert!((v[0] + v[1] - 1.0).abs() < 1e-5);
    }

    #[test]
    fn a_lone_token_just_ahead_of_a_rival_is_in_danger() {
        let exposed: State = "parchis:YR turn=Y Y=8,home,home,home R=6,home,home,home".parse().unwrap();
        let barrier: State = "parchis:YR turn=Y Y=12,12,home,home R=6,home,home,home".parse().unwrap();
        assert!(assess(&exposed).danger[0] > 0.0);
        let a = assess(&barrier);
        assert_eq!((a.danger[0], a.barriers[0]), (0.0, 2));
    }
}
