//! What one seat may see (docs/rules/cartas.md §6.1): its own hand, how many cards every hand
//! holds, the board, the discard pile, and the cards that passed through its own hands. Nothing
//! else: the other hands and the draw pile are not in a view, and the order of the draw pile is not
//! even in the state.

use crate::cartas::action::{action_from_id, action_id};
use crate::cartas::board::SEATS;
use crate::cartas::position::History;
use crate::cartas::rules::Table;
use crate::cartas::state::{Actions, deal_size, first_player};
use crate::cartas::{Action, Board, Cards, Config, Outcome, PositionError, Rank, Stage, State, Thefts};
use crate::phase::Phase;
use crate::seat::Seat;

/// Everything one seat may see of a position; what a server sends to that seat's client.
///
/// Two states that differ only in cards hidden from the seat give equal views, and the seat's
/// legal actions are computed from its view alone ([`View::legal_actions`] equals
/// [`State::legal_actions`](crate::Rules::legal_actions) when the seat is to act).
///
/// ```
/// use fichas::cartas::State;
/// use fichas::{Rules, Seat};
///
/// let state: State = "cartas stage=play turn=1 tokens=0!/-/-/- hands=A5/K7/-/2 gave=5/A/K/T discards=A333333334444444455".parse().unwrap();
/// let view = state.view(Seat::ALL[1]);
/// assert_eq!(view.hand().to_string(), "7K");
/// assert_eq!(view.hand_sizes(), [2, 2, 0, 1]);
/// assert_eq!(view.gave().unwrap().to_string(), "A");
/// assert_eq!(view.received().unwrap().to_string(), "5", "seat 0 passed a 5 to seat 1");
/// assert_eq!(view.legal_actions(), state.legal_actions());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ViewData"))]
pub struct View {
    seat: Seat,
    config: Config,
    round: u16,
    stage: Stage,
    turn: Seat,
    board: Board,
    hand: Cards,
    hand_sizes: [u8; SEATS],
    discards: Cards,
    pile_size: u8,
    /// Which seats have chosen their exchange card this round.
    chosen: [bool; SEATS],
    gave: Option<Rank>,
    received: Option<Rank>,
    /// Every theft of the round; the card only where this seat was the thief or the victim.
    thefts: Thefts,
}

/// A view as read from JSON, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewData {
    seat: Seat,
    config: Config,
    round: u16,
    stage: Stage,
    turn: Seat,
    board: Board,
    hand: Cards,
    hand_sizes: [u8; SEATS],
    discards: Cards,
    pile_size: u8,
    chosen: [bool; SEATS],
    gave: Option<Rank>,
    received: Option<Rank>,
    thefts: Thefts,
}

#[cfg(feature = "serde")]
impl TryFrom<ViewData> for View {
    type Error = PositionError;

    fn try_from(d: ViewData) -> Result<View, PositionError> {
        let view = View {
            seat: d.seat,
            config: d.config,
            round: d.round,
            stage: d.stage,
            turn: d.turn,
            board: d.board,
            hand: d.hand,
            hand_sizes: d.hand_sizes,
            discards: d.discards,
            pile_size: d.pile_size,
            chosen: d.chosen,
            gave: d.gave,
            received: d.received,
            thefts: d.thefts,
        };
        view.check()?;
        Ok(view)
    }
}

impl View {
    /// Checks a view that came from outside (JSON): hands within the round's deal, the seat's
    /// hand matching its size, no rank held more often than the deck has it, every card of the
    /// deck in a hand, the piles, or the exchange; the exchange and the thefts as the stage
    /// allows them; and the round's history, as a position's (cards gone from the hands on the
    /// discards, tokens out in the first round, each theft's 2).
    pub fn check(&self) -> Result<(), PositionError> {
        use PositionError::Inconsistent;
        let max = usize::from(deal_size(self.round));
        for seat in Seat::ALL {
            let found = usize::from(self.hand_sizes[seat.index()]);
            if found > max {
                return Err(PositionError::HandSize { seat, found, max });
            }
        }
        if self.hand.len() != usize::from(self.hand_sizes[self.seat.index()]) {
            return Err(Inconsistent("the seat's hand does not match its hand size"));
        }
        let deck = self.config.deck();
        // (The cards given and received are in hands or piles already: they are not counted again.)
        for rank in Rank::ALL {
            let found = usize::from(self.hand.count(rank)) + usize::from(self.discards.count(rank));
            if found > usize::from(deck.count(rank)) {
                return Err(PositionError::TooManyCards { rank, found, deck: deck.count(rank) });
            }
        }
        // The exchange and the thefts as the stage allows them (docs/rules/cartas.md §3.2,
        // docs/rules/cartas.md §6.1).
        let exchange_done = !matches!(self.stage, Stage::Deal | Stage::Exchange);
        if self.received.is_some() && !(exchange_done && self.gave.is_some()) {
            return Err(Inconsistent("a seat sees the card it receives only once every seat has passed"));
        }
        if self.stage == Stage::Deal && (self.gave.is_some() || self.chosen.contains(&true)) {
            return Err(Inconsistent("no card is chosen for the exchange before the deal ends"));
        }
        if self.stage == Stage::Exchange && self.gave.is_some() != self.chosen[self.seat.index()] {
            return Err(Inconsistent("the card this seat gave and whether it has chosen disagree"));
        }
        if !exchange_done && !self.thefts.is_empty() {
            return Err(Inconsistent("no theft happens before the play of a round"));
        }
        for theft in self.thefts.iter() {
            let involved = theft.thief == self.seat || theft.victim == self.seat;
            if theft.thief == theft.victim || involved != theft.card.is_some() {
                return Err(Inconsistent(
                    "a theft takes a card from another seat, and shows it to the thief and the victim only",
                ));
            }
        }
        // What the round so far has left on the discards, as for a position.
        let history = History { round: self.round, stage: self.stage, turn: self.turn, sizes: self.hand_sizes };
        history.check(&self.board, &self.discards, &self.thefts)?;
        // Chosen exchange cards are out of their hands until the exchange is revealed.
        let in_exchange = if self.stage == Stage::Exchange { self.chosen.iter().filter(|&&c| c).count() } else { 0 };
        let held: usize = self.hand_sizes.iter().map(|&n| usize::from(n)).sum();
        if held + self.discards.len() + usize::from(self.pile_size) + in_exchange != deck.len() {
            return Err(Inconsistent("the hands, piles and exchange do not add up to the deck"));
        }
        Ok(())
    }

    pub(crate) fn of(state: &State, seat: Seat) -> View {
        // The seat before this one passes its exchange card to it.
        let passer = seat.after(SEATS - 1, SEATS);
        View {
            seat,
            config: state.config,
            round: state.round,
            stage: state.stage,
            turn: state.turn,
            board: state.board,
            hand: state.hands[seat.index()],
            hand_sizes: state.hand_sizes(),
            discards: state.discards,
            pile_size: state.pile.len() as u8,
            chosen: state.exchange.map(|c| c.is_some()),
            gave: state.exchange[seat.index()],
            received: if state.exchange_done() { state.exchange[passer.index()] } else { None },
            thefts: state.thefts.seen_by(seat),
        }
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The game's configuration: the deck.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Rounds played before this one.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The seat that leads this round's exchange and play: seat `round mod 4`.
    pub fn first_player(&self) -> Seat {
        first_player(self.round)
    }

    /// Cards dealt to each seat this round: 6, 5, 4, 3, then 6 again.
    pub fn deal_size(&self) -> u8 {
        deal_size(self.round)
    }

    /// Where the round stands, as in the state.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The seat to decide (or the thief, or the next to receive a card), as in the state.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Who acts next, as in the state.
    pub fn phase(&self) -> Phase<Seat, Outcome> {
        match self.stage {
            Stage::Deal | Stage::Theft { .. } => Phase::Chance,
            Stage::Exchange | Stage::Play => Phase::Decide(self.turn),
            Stage::Over(outcome) => Phase::Over(outcome),
        }
    }

    /// The board, which every seat sees whole.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat's own hand.
    pub fn hand(&self) -> Cards {
        self.hand
    }

    /// How many cards every seat holds.
    pub fn hand_sizes(&self) -> [u8; SEATS] {
        self.hand_sizes
    }

    /// The discard pile, face up.
    pub fn discards(&self) -> Cards {
        self.discards
    }

    /// How many cards the draw pile holds (not which).
    pub fn pile_size(&self) -> u8 {
        self.pile_size
    }

    /// Which seats have chosen their card in this round's exchange.
    pub fn chosen(&self) -> [bool; SEATS] {
        self.chosen
    }

    /// The card this seat chose to pass in this round's exchange.
    pub fn gave(&self) -> Option<Rank> {
        self.gave
    }

    /// The card this seat received in this round's exchange, once every seat has chosen.
    pub fn received(&self) -> Option<Rank> {
        self.received
    }

    /// Every theft of the round, oldest first; a theft's card only if this seat took it or
    /// lost it (the others learn who stole from whom).
    pub fn thefts(&self) -> &Thefts {
        &self.thefts
    }

    /// The seat's legal actions when it is to decide, computed from the view alone; empty
    /// otherwise.
    pub fn legal_actions(&self) -> Actions {
        let mut out = Actions::new();
        if self.phase() != Phase::Decide(self.seat) {
            return out;
        }
        let holding = Table::holding(|s| self.hand_sizes[s] > 0);
        let table = Table { board: self.board, hand: self.hand, holding, seat: self.seat };
        if self.stage == Stage::Exchange {
            table.exchange(&mut out);
        } else {
            table.play(&mut out);
        }
        out
    }

    /// The id of one of this seat's actions (see [`crate::cartas::ACTION_SPACE`]).
    pub fn action_id(&self, action: &Action) -> Option<u16> {
        action_id(self.seat, &self.board, action)
    }

    /// The action of this seat with this id, if its tokens are on the board.
    pub fn action_from_id(&self, id: u16) -> Option<Action> {
        action_from_id(self.seat, &self.board, id)
    }
}

/// What anyone may see of a Cartas position, a spectator included (docs/rules/tables.md §3): the
/// board, how many cards every hand holds, the discards, the size of the draw pile, who has
/// chosen in the exchange and who stole from whom; no card of any hand, of the exchange or of a
/// theft.
///
/// ```
/// use fichas::cartas::State;
///
/// let state: State = "cartas stage=play turn=1 tokens=0!/-/-/- hands=A5/K7/-/2 gave=5/A/K/T discards=A333333334444444455".parse().unwrap();
/// let public = state.public_view();
/// assert_eq!(public.hand_sizes(), [2, 2, 0, 1]);
/// assert_eq!(public.board(), state.view(fichas::Seat::ALL[0]).board());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PublicView {
    config: Config,
    round: u16,
    stage: Stage,
    turn: Seat,
    board: Board,
    hand_sizes: [u8; SEATS],
    discards: Cards,
    pile_size: u8,
    chosen: [bool; SEATS],
    thefts: Thefts,
}

impl PublicView {
    pub(crate) fn of(state: &State) -> PublicView {
        PublicView {
            config: state.config,
            round: state.round,
            stage: state.stage,
            turn: state.turn,
            board: state.board,
            hand_sizes: state.hand_sizes(),
            discards: state.discards,
            pile_size: state.pile.len() as u8,
            chosen: state.exchange.map(|c| c.is_some()),
            thefts: state.thefts.public(),
        }
    }

    /// The game's configuration: the deck.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Rounds played before this one.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Where the round stands.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The seat to decide (or the thief, or the next to receive a card).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The board, which everyone sees whole.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many cards every seat holds.
    pub fn hand_sizes(&self) -> [u8; SEATS] {
        self.hand_sizes
    }

    /// The discard pile, face up.
    pub fn discards(&self) -> Cards {
        self.discards
    }

    /// How many cards the draw pile holds (not which).
    pub fn pile_size(&self) -> u8 {
        self.pile_size
    }

    /// Which seats have chosen their card in this round's exchange.
    pub fn chosen(&self) -> [bool; SEATS] {
        self.chosen
    }

    /// Every theft of the round, oldest first, without its card.
    pub fn thefts(&self) -> &Thefts {
        &self.thefts
    }
}
