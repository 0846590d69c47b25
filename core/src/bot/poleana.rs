//! The Poleana bots' heuristic and their reasons.
//!
//! A colour's strength is the sum over its tokens of the share of the way home each has walked
//! (a token at start counts a little below nothing, one in limbo well below, one at the goal a
//! little above one), less what each token on the perimeter stands to lose before the colour's
//! next turn: the chance that a rival roll lands on it (a die or the sum, from every rival token
//! up to 12 cells behind, or a release onto the rival's 0 or 3) or sweeps its police cell, times
//! its value. Tokens in a tapón are out of reach and count a little extra.
//!
//! The special-victory trap: while some rival is quiet, a token that reaches the goal hands the
//! game to the quiet rivals, so the house is worth no more than the cell before it (nothing
//! pulls a token towards the goal), and the greedy ply sees the lost game and avoids it. A
//! quiet colour gains a little as its rivals close on the goal, since their scoring would make
//! it win.
//!
//! Strengths become win shares through a softmax over the colours in play.

use crate::rules::Rules;
use arrayvec::ArrayVec;

use crate::bot::dice::{DiceGame, Turn, Values, hit_chance};
use crate::bot::expert::{EXTRAS, Heuristic, Learned, MAX_FEATURES};
use crate::bot::network::NetworkGame;
use crate::bot::{Reason, math};
use crate::colour::{Colour, ColourSet};
use crate::phase::Phase;
use crate::poleana::{Board, Choices, Event, Events, HOUSE_CELLS, Spot, State, observation};
use crate::seat::Seat;

/// A token at start, against a released one on its own 0.
const AT_START: f32 = -0.12;
/// A token in limbo, which also freezes the rest of its colour.
const IN_LIMBO: f32 = -0.4;
/// A token at the goal.
const AT_GOAL: f32 = 1.1;
/// Each token of a tapón: safe from ordinary captures, and a wall for the rivals behind it.
const IN_TAPON: f32 = 0.03;
/// What a quiet colour gains, at most, from a rival about to score.
const QUIET_HOPE: f32 = 0.6;
/// How much of its danger counts for the colour whose turn it is.
const FIRST_TO_MOVE: f32 = 0.5;
/// Win shares from strengths: a lead of one token's whole journey is worth about 12 to 1.
const SHARPNESS: f32 = 2.5;
/// The chance of a release combo (5+1, 4+2, 3+3, 6+6: onto the own 0; 6+3: onto the own 3).
const RELEASE_ON_ZERO: f32 = 6.0 / 36.0;
const RELEASE_ON_THREE: f32 = 2.0 / 36.0;
/// The chance that a roll exposes police cell 0 (a release combo).
const EXPOSES_ZERO: f32 = 8.0 / 36.0;

/// A token as the heuristic reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Token {
    Start,
    Limbo,
    Goal,
    /// Off the perimeter (bridge or house): out of reach. `left` steps to the goal.
    Sheltered {
        left: u8,
        house: bool,
    },
    /// On the perimeter: its cell's index, side and number, and its own progress from its 0.
    Perimeter {
        cell: u8,
        side: Colour,
        number: u8,
        progress: u8,
    },
}

fn read(board: Board, colour: Colour, spot: Spot) -> Token {
    // A token's spot always names a place of the board for its colour.
    let Some(place) = board.place(colour, spot) else { return Token::Start };
    match spot {
        Spot::Start => Token::Start,
        Spot::Limbo => Token::Limbo,
        Spot::Goal => Token::Goal,
        Spot::House(_) | Spot::Bridge { .. } => {
            Token::Sheltered { left: board.to_goal(colour, place).unwrap_or(0), house: matches!(spot, Spot::House(_)) }
        }
        Spot::Side { side, number, .. } => {
            let progress = place.progress().unwrap_or(0);
            Token::Perimeter { cell: board.perimeter(side, number), side, number, progress }
        }
    }
}

/// What the heuristic sees in a position, per colour index.
struct Assessment {
    strength: [f32; 4],
    /// The value each colour stands to lose before its next turn.
    danger: [f32; 4],
    /// Tokens standing in tapones.
    walled: [u8; 4],
}

fn assess(state: &State) -> Assessment {
    let config = state.config();
    let board = config.board();
    let colours = config.colours();
    let mut tokens: [ArrayVec<Token, 4>; 4] = Default::default();
    // How many tokens stand on each perimeter cell.
    let mut count = [0u8; 60];
    for c in colours.iter() {
        for spot in state.tokens(c) {
            let token = read(board, c, spot);
            if let Token::Perimeter { cell, .. } = token {
                count[usize::from(cell)] += 1;
            }
            tokens[c.index()].push(token);
        }
    }
    let quiet = state.quiet();
    let rivals_of = |c: Colour| ColourSet::from_bits(colours.bits() & !(1 << c.index()));
    let token_value = |c: Colour, token: &Token| -> f32 {
        let walked = |left: u8| 1.0 - f32::from(left) / f32::from(board.path());
        let trap = !quiet.without(c).is_empty();
        match *token {
            Token::Start => AT_START,
            Token::Limbo => IN_LIMBO,
            Token::Goal => AT_GOAL,
            // While a rival is quiet, the house is worth no more than the cell before it.
            Token::Sheltered { left, house: true } if trap => walked(left.max(HOUSE_CELLS)),
            Token::Sheltered { left, .. } => walked(left),
            Token::Perimeter { progress, .. } => walked(board.path() - progress),
        }
    };

    let mut out = Assessment { strength: [0.0; 4], danger: [0.0; 4], walled: [0; 4] };
    for c in colours.iter() {
        let rivals = rivals_of(c);
        let mut strength = 0.0;
        let mut danger = 0.0;
        for token in &tokens[c.index()] {
            let value = token_value(c, token);
            strength += value;
            let Token::Perimeter { cell, side, number, .. } = *token else { continue };
            let alone = count[usize::from(cell)] == 1;
            if !alone {
                out.walled[c.index()] += 1;
                strength += IN_TAPON;
            }
            let mut safe_chance = 1.0;
            if alone && !(side == c && board.is_safe_number(number)) {
                for r in rivals.iter() {
                    safe_chance *= 1.0 - threat(board, &tokens[r.index()], cell, r);
                }
            }
            if config.is_police(side, number) {
                let exposed = if number == 0 { EXPOSES_ZERO } else { hit_chance(number) };
                for _ in rivals.iter() {
                    safe_chance *= 1.0 - exposed;
                }
            }
            // Sent back to start: the token loses its value and costs a release.
            danger += (1.0 - safe_chance) * (value - AT_START);
        }
        if quiet.contains(c) {
            // Quiet: a rival's scoring would be this colour's win.
            let closest = rivals
                .iter()
                .filter(|r| !quiet.contains(*r))
                .flat_map(|r| tokens[r.index()].iter().map(move |t| token_value(r, t)))
                .fold(0.0f32, f32::max)
                .min(1.0);
            let near = closest * closest;
            strength += QUIET_HOPE * near * near * near * near;
        }
        // The colour whose turn it is moves before any rival: it can still save its tokens.
        let weight = if c == state.turn() { FIRST_TO_MOVE } else { 1.0 };
        out.strength[c.index()] = strength - weight * danger;
        out.danger[c.index()] = danger;
    }
    out
}

/// The chance that rival colour `r`, with `tokens`, captures a lone token on perimeter cell
/// `cell` with its next roll.
fn threat(board: Board, tokens: &[Token], cell: u8, r: Colour) -> f32 {
    let mut miss = 1.0;
    let mut at_start = false;
    for token in tokens {
        match *token {
            Token::Perimeter { cell: from, progress, .. } => {
                let distance = (cell + board.lap() - from) % board.lap();
                // A token on its final approach turns into its house and never comes round.
                if distance > 0 && progress + distance <= board.last_track() {
                    miss *= 1.0 - hit_chance(distance);
                }
            }
            Token::Start => at_start = true,
            _ => {}
        }
    }
    if at_start && cell == board.perimeter(r, 0) {
        miss *= 1.0 - RELEASE_ON_ZERO;
    } else if at_start && cell == board.perimeter(r, 3) {
        miss *= 1.0 - RELEASE_ON_THREE;
    }
    1.0 - miss
}

impl DiceGame for State {
    fn explain(&self, choices: &Choices, chosen: usize) -> Reason {
        let me = self.turn();
        let mut after = *self;
        let mut events = Events::new();
        after.play_unchecked(&choices[chosen], &mut events);
        if after.outcome().is_some_and(|o| o.winners().contains(me)) {
            return Reason::Wins;
        }
        // The most telling event, in this order.
        let rank = |r: &Reason| match r {
            Reason::Sweeps => 0,
            Reason::Captures { .. } => 1,
            Reason::Rescues => 2,
            Reason::Scores => 3,
            _ => 4,
        };
        let mut reason: Option<Reason> = None;
        for event in &events {
            let found = match *event {
                Event::Swept { .. } => Reason::Sweeps,
                Event::Captured { by, victim, .. } if by == me => Reason::Captures { victim },
                Event::Rescued { .. } => Reason::Rescues,
                Event::Scored { colour } if colour == me => Reason::Scores,
                Event::Released { .. } => Reason::BringsOut,
                _ => continue,
            };
            if reason.is_none_or(|r| rank(&found) < rank(&r)) {
                reason = Some(found);
            }
        }
        if let Some(reason) = reason {
            return reason;
        }
        let hands_over = choices.iter().enumerate().any(|(i, c)| {
            let mut other = *self;
            other.play_unchecked(c, &mut ());
            i != chosen && other.outcome().is_some_and(|o| o.is_special() && !o.winners().contains(me))
        });
        if hands_over {
            return Reason::HoldsBack;
        }
        let (before, now) = (assess(self), assess(&after));
        if before.danger[me.index()] - now.danger[me.index()] > 0.02 {
            Reason::Escapes
        } else if now.walled[me.index()] > before.walled[me.index()] {
            Reason::Blocks
        } else {
            Reason::Advances
        }
    }

    fn turn(&self) -> Turn {
        match self.phase() {
            Phase::Chance => Turn::Chance,
            Phase::Decide(colour) => Turn::Decide(colour.index()),
            Phase::Over(_) => Turn::Over,
        }
    }

    fn values(&self) -> Values {
        let colours = self.config().colours();
        let used = Colour::ALL.map(|c| colours.contains(c));
        match self.outcome() {
            Some(outcome) => {
                let winners = outcome.winners();
                let share = 1.0 / winners.len().max(1) as f32;
                Colour::ALL.map(|c| if winners.contains(c) { share } else { 0.0 })
            }
            None => math::softmax(&assess(self).strength, &used, SHARPNESS),
        }
    }
}

impl Learned for State {
    const GAME: NetworkGame = NetworkGame::Poleana;
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
        self.config().colour_of(seat).map_or(0, Colour::index)
    }

    fn heuristic(&self) -> Heuristic {
        let a = assess(self);
        Heuristic { strength: a.strength, danger: a.danger }
    }

    fn side_of_seat(&self, seat: Seat) -> usize {
        self.config().colour_of(seat).map_or(0, Colour::index)
    }

    fn side_of_colour(&self, colour: Colour) -> Option<usize> {
        self.config().colours().contains(colour).then(|| colour.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::dice::choose;
    use crate::bot::{Bot, Kind};
    use alloc::string::ToString;

    fn state(text: &str) -> State {
        text.parse().unwrap()
    }

    #[test]
    fn progress_is_read_from_spots_as_the_engine_walks() {
        for board in [Board::Classic, Board::Express] {
            // Own 0 is progress 0; the goal is `path` steps from it.
            let zero = read(board, Colour::Blue, Spot::Side { side: Colour::Blue, number: 0, homeward: false });
            assert!(matches!(zero, Token::Perimeter { progress: 0, .. }));
            let last = read(
                board,
                Colour::Blue,
                Spot::Side { side: Colour::Blue, number: board.corner() - 1, homeward: true },
            );
            assert!(matches!(last, Token::Perimeter { progress, .. } if progress == board.last_track()));
            // The bridge is three steps longer than the perimeter it skips.
            let entry = board.lap() - 1;
            let bridge = read(board, Colour::Blue, Spot::Bridge { owner: Colour::Blue, cell: 1 });
            assert_eq!(bridge, Token::Sheltered { left: board.path() - entry - 1 + 3, house: false });
        }
    }

    #[test]
    fn a_lone_token_in_front_of_a_rival_is_in_danger() {
        let exposed = assess(&state("poleana:2 turn=Y roll=- Y=Y5,start,start,start R=Y2,start,start,start"));
        let safe = assess(&state("poleana:2 turn=Y roll=- Y=Y3,start,start,start R=Y2,start,start,start"));
        // Hit with a 3 or a sum of 3 (13 rolls in 36), the token would lose its value and a release.
        let expected = 13.0 / 36.0 * (1.0 - 70.0 / 75.0 - AT_START);
        assert!((exposed.danger[0] - expected).abs() < 1e-6, "{}", exposed.danger[0]);
        assert_eq!(safe.danger[0], 0.0, "Y3 is Yellow's safe cell");
    }

    #[test]
    fn a_token_on_a_police_cell_is_in_danger() {
        let police = assess(&state("poleana:2 turn=Y roll=- Y=B4,start,start,start R=start,start,start,start"));
        assert!(police.danger[0] > 0.1, "exposed by a 4, 1+3 or 2+2: {}", police.danger[0]);
    }

    #[test]
    fn scoring_while_a_rival_is_quiet_is_a_lost_game() {
        // Yellow's token on 6c reaches the goal with a 1; Red has never moved.
        let s = state("poleana:2 turn=Y roll=1-2 Y=6c,B3,start,start R=start,start,start,start quiet=R");
        let choices = s.legal_actions();
        let scoring = choices.iter().position(|c| c.action.to_string() == "6c+1");
        assert!(scoring.is_some(), "{choices:?}");
        let bot = Bot::new(Kind::Greedy, 3);
        let (choice, _) = choose(&bot, &s).unwrap();
        assert_ne!(choice.action.to_string(), "6c+1");
        let reason = s.explain(&choices, choices.iter().position(|c| *c == choice).unwrap());
        assert_eq!(reason, Reason::HoldsBack);
    }
}
