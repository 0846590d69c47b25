//! The position text: any reachable Cartas position, written on one line and read back.
//!
//! ```text
//! cartas round=2 stage=play turn=3 tokens=0!,5/-/40,c1,c2/60 hands=A7/-/K/2T* gave=7/A/2/Q discards=3333335599
//! ```
//!
//! The first word is the configuration. Then `key=value` fields, in any order when read:
//!
//! | field | meaning | default |
//! |---|---|---|
//! | `round=2` | rounds played before this one: it fixes the deal (6, 5, 4, 3 cards) and the first player (round mod 4) | 0 |
//! | `stage=play` | `deal`, `exchange`, `play`, `theft` or `over` | `play` |
//! | `turn=3` | the seat to decide (the thief, in a theft) | the one the stage implies, else the round's first player |
//! | `victim=1` | the seat being robbed, in a theft | required in a theft |
//! | `winner=0` | the winner, once over | required once over |
//! | `tokens=…` | the board: four `/`-separated groups, one per seat, of tokens not at home (`-`: none); `!` marks a token blocking its start | every token at home |
//! | `hands=…` | four `/`-separated hands, card letters (`-`: empty) | every hand empty |
//! | `gave=…` | the card each seat chose in this round's exchange (`-`: none yet) | none |
//! | `thefts=1>2:Q,0>1:5` | the thefts of the round, oldest first: seat 1 took a Q from seat 2, then seat 0 a 5 from seat 1 | none |
//! | `discards=…` | the discard pile, card letters | empty |
//!
//! The draw pile is not written: it holds every card of the deck that is nowhere else.

use core::fmt;

use crate::cartas::board::{SEATS, TOKENS};
use crate::cartas::state::{deal_size, first_player};
use crate::cartas::{Board, Cards, Config, ConfigError, Outcome, Rank, Spot, Stage, State, Theft, Thefts};
use crate::notation::{self, ParseError, TextError, number, write_joined};
use crate::seat::Seat;

/// A position text that cannot be read, or that describes a position the rules never reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The first word is not a Cartas configuration.
    #[error("bad configuration: {0}")]
    Config(#[from] ConfigError),
    /// The text cannot be read: a word that is not `key=value`, a value that cannot be read, a
    /// required field missing (the configuration, `turn`, …), a field given twice or unknown.
    #[error("{0}")]
    Text(#[from] TextError),
    /// The board lists more than four tokens for one seat.
    #[error("seat {seat} has {found} tokens listed, but a seat has only 4")]
    TokenCount {
        /// The seat.
        seat: Seat,
        /// How many tokens are listed for it.
        found: usize,
    },
    /// Two tokens stand on one track cell, or two tokens of one seat on one corridor cell.
    #[error("cell {spot} holds two tokens")]
    Crowded {
        /// The cell.
        spot: Spot,
    },
    /// A token marked blocking (`!`) is not on its owner's start cell.
    #[error("only a token on its own start blocks, and {spot} is not the start of seat {seat}")]
    NotOwnStart {
        /// The token's owner.
        seat: Seat,
        /// Where the token stands.
        spot: Spot,
    },
    /// The cards in sight hold more of one rank than the deck does. A position counts the
    /// hands, the discards and, during the exchange, the cards chosen; a view counts its own
    /// hand and the discards.
    #[error("the position holds {found} cards of rank {rank}, but the deck has only {deck}")]
    TooManyCards {
        /// The rank.
        rank: Rank,
        /// How many cards of it were counted.
        found: usize,
        /// How many the deck holds.
        deck: u8,
    },
    /// A hand holds more cards than the round deals.
    #[error("seat {seat} holds {found} cards, but a hand holds at most {max} in this round")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many cards its hand holds.
        found: usize,
        /// The round's deal: 6, 5, 4 or 3.
        max: usize,
    },
    /// The rules never reach this position; the text says why.
    #[error("the position is inconsistent: {0}")]
    Inconsistent(&'static str),
}

crate::notation::text_error_from!(PositionError);

const STAGES: [&str; 5] = ["deal", "exchange", "play", "theft", "over"];

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Deal => STAGES[0],
        Stage::Exchange => STAGES[1],
        Stage::Play => STAGES[2],
        Stage::Theft { .. } => STAGES[3],
        Stage::Over(_) => STAGES[4],
    }
}

impl State {
    pub(crate) fn write_position(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} round={} stage={}", self.config, self.round, stage_name(self.stage))?;
        match self.stage {
            Stage::Deal => {}
            Stage::Exchange | Stage::Play => write!(f, " turn={}", self.turn)?,
            Stage::Theft { victim } => write!(f, " turn={} victim={victim}", self.turn)?,
            Stage::Over(outcome) => write!(f, " winner={}", outcome.winner)?,
        }
        write!(f, " tokens={} hands=", self.board)?;
        write_joined(f, self.hands, "/")?;
        if self.exchange.iter().any(Option::is_some) {
            f.write_str(" gave=")?;
            for (i, card) in self.exchange.iter().enumerate() {
                let sep = if i > 0 { "/" } else { "" };
                match card {
                    Some(card) => write!(f, "{sep}{card}")?,
                    None => write!(f, "{sep}-")?,
                }
            }
        }
        if !self.thefts.is_empty() {
            write!(f, " thefts={}", self.thefts)?;
        }
        if !self.discards.is_empty() {
            write!(f, " discards={}", self.discards)?;
        }
        Ok(())
    }

    /// Reads a position text, checking that it describes a position the rules can reach.
    ///
    /// ```
    /// use fichas::Rules;
    /// use fichas::cartas::{PositionError, State};
    /// let s: State = "cartas stage=play turn=0 tokens=0!/-/-/- hands=5/-/-/- discards=A3333333344444444555555".parse().unwrap();
    /// assert_eq!(s.legal_actions()[0].to_string(), "5:0+5");
    /// let too_many = format!("cartas tokens=0!/-/-/- hands={}/-/-/-", "A".repeat(200));
    /// assert!(matches!(too_many.parse::<State>(), Err(PositionError::TooManyCards { .. })));
    /// ```
    pub fn from_position(text: &str) -> Result<State, PositionError> {
        use PositionError::Inconsistent;
        let mut words = text.split_whitespace();
        let config: Config = words.next().ok_or(TextError::Missing("configuration"))?.parse()?;
        let (mut keys, mut fields) = (notation::Fields::new(KEYS), Fields::default());
        for word in words {
            let (index, value) = keys.read(word)?;
            fields.read(KEYS[index], value)?;
        }
        let mut state = State::new(config);
        state.round = fields.round;
        state.board = fields.board.unwrap_or_default();
        state.hands = fields.hands.unwrap_or_default();
        state.exchange = fields.gave.unwrap_or_default();
        state.thefts = fields.thefts;
        state.discards = fields.discards.unwrap_or_default();
        let n = usize::from(state.deal_size());
        let first = state.first_player();
        let chosen = state.exchange.iter().filter(|c| c.is_some()).count();
        let stage = fields.stage.unwrap_or(2);

        // Every card is in a hand, face down in the exchange, on the discards, or in the pile.
        let mut in_use = state.discards;
        for hand in &state.hands {
            in_use = in_use.plus(hand).ok_or(Inconsistent("more than 255 cards of one rank"))?;
        }
        if stage == 1 {
            for card in state.exchange.iter().flatten() {
                in_use.add(*card).then_some(()).ok_or(Inconsistent("more than 255 cards of one rank"))?;
            }
        }
        for rank in Rank::ALL {
            let deck = config.deck().count(rank);
            if in_use.count(rank) > deck {
                return Err(PositionError::TooManyCards { rank, found: usize::from(in_use.count(rank)), deck });
            }
        }
        state.pile = config.deck().minus(&in_use).unwrap_or_default();
        for seat in Seat::ALL {
            let found = state.hands[seat.index()].len();
            if found > n {
                return Err(PositionError::HandSize { seat, found, max: n });
            }
        }

        let complete: Option<Seat> = Seat::ALL.into_iter().find(|&s| state.board.is_complete(s));
        if Seat::ALL.iter().filter(|&&s| state.board.is_complete(s)).count() > 1 {
            return Err(Inconsistent("two seats have all their tokens in their corridors"));
        }
        if stage != 4 && complete.is_some() {
            return Err(Inconsistent("a seat with four tokens in its corridor has won: stage=over"));
        }
        if fields.victim.is_some() && stage != 3 {
            return Err(Inconsistent("a victim is named only in a theft"));
        }
        if fields.winner.is_some() && stage != 4 {
            return Err(Inconsistent("a winner is named only once the game is over"));
        }
        if matches!(stage, 0 | 1) && !state.thefts.is_empty() {
            return Err(Inconsistent("no theft happens before the play of a round"));
        }
        if state.thefts.iter().any(|t| t.thief == t.victim || t.card.is_none()) {
            return Err(Inconsistent("a theft takes a known card from another seat"));
        }

        let expect_turn = |turn: Seat| match fields.turn {
            Some(t) if t != turn => Err(Inconsistent("the turn is not the one this stage implies")),
            _ => Ok(turn),
        };
        match stage {
            0 => {
                if chosen > 0 {
                    return Err(Inconsistent("no card is chosen for the exchange before the deal ends"));
                }
                let dealt = state.dealt();
                for j in 0..SEATS {
                    let seat = first.after(j, SEATS);
                    if state.hands[seat.index()].len() != (dealt + SEATS - 1 - j) / SEATS {
                        return Err(Inconsistent("cards are dealt one at a time from the round's first player"));
                    }
                }
                if dealt >= n * SEATS {
                    return Err(Inconsistent("the deal is complete: the exchange has begun"));
                }
                if state.pile.len() < n * SEATS - dealt {
                    return Err(Inconsistent("the draw pile cannot finish the deal"));
                }
                state.turn = expect_turn(first.after(dealt, SEATS))?;
                state.stage = Stage::Deal;
            }
            1 => {
                for j in 0..SEATS {
                    let seat = first.after(j, SEATS);
                    let has_chosen = state.exchange[seat.index()].is_some();
                    if has_chosen != (j < chosen) {
                        return Err(Inconsistent("the exchange goes seat by seat from the round's first player"));
                    }
                    if state.hands[seat.index()].len() + usize::from(has_chosen) != n {
                        return Err(Inconsistent("in the exchange each hand holds the deal, less the card chosen"));
                    }
                }
                if chosen == SEATS {
                    return Err(Inconsistent("every seat has chosen: the exchange is over"));
                }
                state.turn = expect_turn(first.after(chosen, SEATS))?;
                state.stage = Stage::Exchange;
            }
            2 | 3 => {
                if chosen != 0 && chosen != SEATS {
                    return Err(Inconsistent("in play, every seat has passed a card, or the exchange is not written"));
                }
                state.turn = fields.turn.unwrap_or(first);
                if stage == 3 {
                    let (Some(victim), Some(thief)) = (fields.victim, fields.turn) else {
                        return Err(TextError::Missing(if fields.victim.is_none() { "victim" } else { "turn" }).into());
                    };
                    if victim == thief || state.hands[victim.index()].is_empty() {
                        return Err(Inconsistent("the victim of a theft is another seat holding a card"));
                    }
                    state.stage = Stage::Theft { victim };
                } else {
                    state.stage = Stage::Play;
                    if state.hands.iter().all(Cards::is_empty) {
                        return Err(Inconsistent("nobody holds a card: the round is over"));
                    }
                    if !state.can_play(state.turn) {
                        return Err(Inconsistent(
                            "the seat to play has no card with a legal use, so it would have folded",
                        ));
                    }
                }
            }
            _ => {
                let winner = fields.winner.ok_or(TextError::Missing("winner"))?;
                if complete != Some(winner) {
                    return Err(Inconsistent("the winner must have all four tokens in its corridor"));
                }
                state.turn = winner;
                state.stage = Stage::Over(Outcome { winner });
            }
        }
        state.check_history()?;
        Ok(state)
    }

    fn check_history(&self) -> Result<(), PositionError> {
        let history = History { round: self.round, stage: self.stage, turn: self.turn, sizes: self.hand_sizes() };
        history.check(&self.board, &self.discards, &self.thefts)
    }
}

/// What a position (or a view) says of the round so far, for [`History::check`].
pub(crate) struct History {
    pub(crate) round: u16,
    pub(crate) stage: Stage,
    pub(crate) turn: Seat,
    pub(crate) sizes: [u8; SEATS],
}

impl History {
    /// What the cards played so far must have left behind: the hands gain no card during a
    /// round, so every card gone from them is on the discards, each theft among them as a 2 or
    /// a joker; before anybody plays, the round's first player is to play; and the first round
    /// starts from an empty discard pile with every token at home, so each token out came out
    /// on an A, a K or a joker. (The round counter wraps after 65,536 rounds, which no game
    /// reaches: round 0 is the first round.)
    pub(crate) fn check(&self, board: &Board, discards: &Cards, thefts: &Thefts) -> Result<(), PositionError> {
        use PositionError::Inconsistent;
        let in_play = matches!(self.stage, Stage::Play | Stage::Theft { .. } | Stage::Over(_));
        let held: usize = self.sizes.iter().map(|&n| usize::from(n)).sum();
        let played = if in_play { (usize::from(deal_size(self.round)) * SEATS).saturating_sub(held) } else { 0 };
        if discards.len() < played {
            return Err(Inconsistent("the cards gone from the hands this round are not all on the discards"));
        }
        // Each theft of the round spent a 2 or a joker (the one being drawn too).
        let thefts = thefts.len() + usize::from(matches!(self.stage, Stage::Theft { .. }));
        let spent = usize::from(discards.count(Rank::Two)) + usize::from(discards.count(Rank::Joker));
        if thefts > spent.min(played) {
            return Err(Inconsistent("each theft of the round spent a 2 or a joker, but fewer were played"));
        }
        if played == 0 && self.stage == Stage::Play && self.turn != first_player(self.round) {
            return Err(Inconsistent("nobody has played a card this round, so the round's first player is to play"));
        }
        if self.round == 0 {
            if discards.len() != played {
                return Err(Inconsistent("in the first round the discards hold exactly the cards gone from the hands"));
            }
            let out: usize = Seat::ALL.iter().map(|&s| TOKENS - board.at_home(s)).sum();
            let openers = [Rank::Ace, Rank::King, Rank::Joker].map(|r| usize::from(discards.count(r)));
            if out > openers.iter().sum() {
                return Err(Inconsistent(
                    "in the first round every token out came out on an A, a K or a joker, and the discards hold fewer",
                ));
            }
        }
        Ok(())
    }
}

#[derive(Default)]
struct Fields {
    round: u16,
    stage: Option<usize>,
    turn: Option<Seat>,
    victim: Option<Seat>,
    winner: Option<Seat>,
    board: Option<Board>,
    hands: Option<[Cards; SEATS]>,
    gave: Option<[Option<Rank>; SEATS]>,
    thefts: Thefts,
    discards: Option<Cards>,
}

/// Reads four `/`-separated items.
fn four<T: Copy + Default>(
    what: &'static str,
    text: &str,
    read: impl Fn(&str) -> Result<T, ParseError>,
) -> Result<[T; SEATS], ParseError> {
    let mut out = [T::default(); SEATS];
    let mut count = 0;
    for (i, part) in text.split('/').enumerate() {
        if i < SEATS {
            out[i] = read(part)?;
        }
        count = i + 1;
    }
    if count != SEATS {
        return Err(ParseError::new(what, text, "four groups separated by /, one per seat"));
    }
    Ok(out)
}

/// The keys of a position's fields.
const KEYS: [&str; 10] =
    ["round", "stage", "turn", "victim", "winner", "tokens", "hands", "gave", "thefts", "discards"];

impl Fields {
    /// Reads the value of the field `key`, one of [`KEYS`], read once.
    fn read(&mut self, key: &str, value: &str) -> Result<(), PositionError> {
        match key {
            "round" => self.round = number("round", value, 0..=u32::from(u16::MAX), "a round from 0 to 65535")? as u16,
            "stage" => {
                let stage = STAGES.iter().position(|&s| s == value);
                self.stage =
                    Some(stage.ok_or(ParseError::new("stage", value, "deal, exchange, play, theft or over"))?);
            }
            "turn" => self.turn = Some(value.parse()?),
            "victim" => self.victim = Some(value.parse()?),
            "winner" => self.winner = Some(value.parse()?),
            "tokens" => self.board = Some(value.parse()?),
            "hands" => self.hands = Some(four("hands", value, str::parse)?),
            "gave" => {
                self.gave = Some(four("exchange", value, |t| if t == "-" { Ok(None) } else { t.parse().map(Some) })?)
            }
            "thefts" => {
                let bad =
                    || ParseError::new("thefts", value, "thief>victim:card, comma-separated, such as 1>2:Q,0>1:5");
                for theft in value.split(',') {
                    let (thief, rest) = theft.split_once('>').ok_or_else(bad)?;
                    let (victim, card) = rest.split_once(':').ok_or_else(bad)?;
                    let theft = Theft { thief: thief.parse()?, victim: victim.parse()?, card: Some(card.parse()?) };
                    if !self.thefts.push(theft) {
                        return Err(bad().into());
                    }
                }
            }
            _ => self.discards = Some(value.parse()?),
        }
        Ok(())
    }
}
