//! The Cartas game state and its public services: phase, chance, legal actions, play, views.

use crate::phase::Refusal;
use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::cartas::action::{action_from_id, action_id};
use crate::cartas::board::SEATS;
use crate::cartas::rules::Any;
use crate::cartas::{Action, Board, Cards, Config, Event, Outcome, PublicView, Rank, Thefts, View};
use crate::chance::Outcomes;
use crate::events::EventSink;
use crate::phase::Phase;
use crate::rules::Rules;
use crate::seat::Seat;

/// The capacity of an action list: more than any decision can have.
///
/// A hand never holds more than six cards (deals are at most six, the exchange gives one back
/// for the one taken, and a theft gives back the 2 spent on it), so a decision lists the uses
/// of at most six ranks. Each rank's largest number of uses, found by trying every placement
/// of a seat's four tokens with twelve rival tokens on the track to swap with (rivals add
/// nothing else: they never block a move unless they block their start, which only removes
/// uses), is: 7 → 194 splits, joker → 305, J → 49, 4 → 12, A → 11, 2 → 9, any other → 8.
/// The six largest sum to 580; the test `max_actions_covers_every_placement` repeats the search.
pub const MAX_ACTIONS: usize = 640;

/// The legal actions of a decision, in their stable order (see [`State::legal_actions`]).
pub type Actions = ArrayVec<Action, MAX_ACTIONS>;

/// The events of one action or chance outcome: sized for the longest (a 7 moving four tokens
/// and capturing four, then three seats folding and a new round starting).
pub type Events = ArrayVec<Event, 32>;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Stage {
    /// Cards are being dealt, one at a time (chance).
    Deal,
    /// Each seat in turn chooses a card to pass face down to its left.
    Exchange,
    /// Seats play cards in turn.
    Play,
    /// A 2 was played against `victim`: the card taken is drawn at random (chance).
    Theft {
        /// The seat being robbed.
        victim: Seat,
    },
    /// The game has ended.
    Over(Outcome),
}

/// The chance event pending: a card is to be drawn from somewhere, for someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "draw", rename_all = "snake_case"))]
pub enum Draw {
    /// The next card of the draw pile goes to `to`: the outcomes are the ranks in the pile,
    /// weighted by how many of each it holds.
    Deal {
        /// The seat that receives the card.
        to: Seat,
    },
    /// `thief` takes a random card from `victim`: the outcomes are the ranks in the victim's
    /// hand, weighted by count.
    Theft {
        /// The seat that played the 2 (or the joker) and gets the card.
        thief: Seat,
        /// The seat that loses it.
        victim: Seat,
    },
}

/// A position in a game of Cartas: the deck, the board, every hand, the draw and discard piles,
/// and where the round stands.
///
/// A small `Copy` value with no heap (see [`Rules::SIZE`]). It is the whole truth, hidden cards
/// included: a server keeps it and sends each seat its [`View`]. The order of the draw pile is
/// not part of it: cards are drawn as explicit chance outcomes (ranks weighted by count), so a
/// host supplies them or samples them, and a record of outcomes replays a game exactly.
///
/// ```
/// use fichas::cartas::{Config, Rank, Stage, State};
/// use fichas::{Phase, Rules, Seat};
///
/// let mut game = State::new(Config::standard());
/// assert_eq!(game.phase(), Phase::Chance);
/// // A server deals its own cards: 24 draws of six cards to each seat from seat 0.
/// let deal = "AKQ77*A23456K89TJQA*2345";
/// for letter in deal.chars() {
///     game.apply_chance(Rank::from_letter(letter).unwrap()).unwrap();
/// }
/// assert_eq!(game.stage(), Stage::Exchange);
/// assert_eq!(game.hand(Seat::ALL[0]).to_string(), "A237JK");
/// assert_eq!(game.phase(), Phase::Decide(Seat::ALL[0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) config: Config,
    pub(crate) board: Board,
    pub(crate) hands: [Cards; SEATS],
    pub(crate) pile: Cards,
    pub(crate) discards: Cards,
    /// The card each seat chose in this round's exchange (face down until all have chosen).
    pub(crate) exchange: [Option<Rank>; SEATS],
    /// Every theft of this round, in order.
    pub(crate) thefts: Thefts,
    /// Rounds played before this one; wraps at 65 536, a multiple of the four-round cycle.
    pub(crate) round: u16,
    pub(crate) stage: Stage,
    /// The seat to decide, or the thief while a theft is drawn, or the next to receive a card.
    pub(crate) turn: Seat,
}

// A state is at most 160 bytes (the hands, the pile and the thefts included).
const _: () = assert!(<State as Rules>::SIZE <= 160);

impl State {
    /// The opening position: every token at home, the whole deck in the draw pile, and the
    /// first deal (six cards each, seat 0 first) about to begin.
    pub fn new(config: Config) -> State {
        State {
            config,
            board: Board::new(),
            hands: [Cards::EMPTY; SEATS],
            pile: config.deck(),
            discards: Cards::EMPTY,
            exchange: [None; SEATS],
            thefts: Thefts::EMPTY,
            round: 0,
            stage: Stage::Deal,
            turn: Seat::ALL[0],
        }
    }

    /// The game's configuration: the deck.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Where the round stands: dealing, exchanging, playing, drawing a theft, or over.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The seat to decide; while a theft is drawn, the thief; while dealing, the next to
    /// receive a card.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Rounds played before this one (0 in the first round).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The seat that leads this round's exchange and play: one seat on each round.
    pub fn first_player(&self) -> Seat {
        first_player(self.round)
    }

    /// Cards dealt to each seat this round: 6, 5, 4, 3, then 6 again.
    pub fn deal_size(&self) -> u8 {
        deal_size(self.round)
    }

    /// Where every token stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The hand of `seat` (a chosen exchange card is out of it until the exchange is revealed).
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    /// How many cards each seat holds.
    pub fn hand_sizes(&self) -> [u8; SEATS] {
        self.hands.map(|h| h.len() as u8)
    }

    /// The draw pile's cards. Its order is not kept: the next card is drawn at random.
    pub fn pile(&self) -> Cards {
        self.pile
    }

    /// The discard pile, face up: cards played and hands folded.
    pub fn discards(&self) -> Cards {
        self.discards
    }

    /// The card `seat` chose in this round's exchange, once chosen.
    pub fn exchanged(&self, seat: Seat) -> Option<Rank> {
        self.exchange[seat.index()]
    }

    /// Whether this round's exchange has been revealed (every seat received its card).
    pub fn exchange_done(&self) -> bool {
        matches!(self.stage, Stage::Play | Stage::Theft { .. } | Stage::Over(_))
            && self.exchange.iter().all(Option::is_some)
    }

    /// Every theft of this round, oldest first, with its card.
    pub fn thefts(&self) -> &Thefts {
        &self.thefts
    }

    /// What is to be drawn, while a chance event is pending.
    pub fn pending_draw(&self) -> Option<Draw> {
        match self.stage {
            Stage::Deal => Some(Draw::Deal { to: self.turn }),
            Stage::Theft { victim } => Some(Draw::Theft { thief: self.turn, victim }),
            _ => None,
        }
    }

    /// The outcomes of the pending chance event: the ranks that can be drawn, each weighted by
    /// how many cards of it there are. Empty when no chance event is pending.
    pub fn chance_outcomes(&self) -> Outcomes<Rank, { Rank::COUNT }> {
        let mut outcomes = Outcomes::new();
        let source = match self.stage {
            Stage::Deal => self.pile,
            Stage::Theft { victim } => self.hands[victim.index()],
            _ => return outcomes,
        };
        for (rank, count) in source.iter() {
            outcomes.push(rank, u32::from(count));
        }
        outcomes
    }

    /// A card drawn fairly from `rng` for the pending chance event, to pass to
    /// [`State::apply_chance`]; `None` when no chance event is pending.
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Rank> {
        let source = match self.stage {
            Stage::Deal => &self.pile,
            Stage::Theft { victim } => &self.hands[victim.index()],
            _ => return None,
        };
        let counts = source.counts();
        crate::chance::pick_weighted(rng, counts.iter().map(|&n| u32::from(n))).and_then(Rank::from_index)
    }

    /// Whether `action` is legal for the seat to decide (the host's timeout included).
    pub fn is_legal(&self, action: &Action) -> bool {
        match self.stage {
            Stage::Exchange => {
                matches!(action, Action::Pass(r) if self.hands[self.turn.index()].contains(*r))
                    || *action == Action::Timeout
            }
            Stage::Play => *action == Action::Timeout || self.table(self.turn).allows(action),
            _ => false,
        }
    }

    /// What `seat` may see (docs/rules/cartas.md §6.1).
    pub fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    /// What anyone may see, a spectator included: no card of any hand (docs/rules/tables.md §3).
    pub fn public_view(&self) -> PublicView {
        PublicView::of(self)
    }

    /// The stable id of `action` for the seat to decide (see [`crate::cartas::ACTION_SPACE`]).
    pub fn action_id(&self, action: &Action) -> Option<u16> {
        action_id(self.turn, &self.board, action)
    }

    /// The action with this id for the seat to decide, if its tokens are on the board.
    pub fn action_from_id(&self, id: u16) -> Option<Action> {
        action_from_id(self.turn, &self.board, id)
    }

    /// Lists the choices of the seat to decide into `next` unless passing the turn already
    /// did: a seat that decides always has one, so an empty list was not filled.
    fn list_unless_listed(&self, next: &mut Actions) {
        if next.is_empty() {
            self.generate(next);
        }
    }

    /// Whether `seat` has a card with a legal use now (used to fold hands with none).
    pub(crate) fn can_play(&self, seat: Seat) -> bool {
        let mut any = Any(false);
        self.table(seat).play(&mut any);
        any.0
    }
}

/// Cartas' primitives; the services (validated play, events, timeout) are [`Rules`]'.
impl Rules for State {
    type Actor = Seat;
    type Action = Action;
    /// In Cartas a choice is the action itself.
    type Choice = Action;
    type Choices = Actions;
    type Chance = Rank;
    type Event = Event;
    type Events = Events;
    type Outcome = Outcome;

    const TIMEOUT: Action = Action::Timeout;
    const TIMEOUT_WHILE_CHANCE: bool = false;

    /// Who acts next: chance while cards are dealt or a theft is drawn.
    fn phase(&self) -> Phase<Seat, Outcome> {
        match self.stage {
            Stage::Deal | Stage::Theft { .. } => Phase::Chance,
            Stage::Exchange | Stage::Play => Phase::Decide(self.turn),
            Stage::Over(outcome) => Phase::Over(outcome),
        }
    }

    fn seat_of(&self, seat: Seat) -> Seat {
        seat
    }

    fn sample_outcome<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Rank> {
        self.sample_chance(rng)
    }

    /// A dealt card must be in the pile, a stolen one in the victim's hand.
    fn can_produce(&self, card: Rank) -> bool {
        match self.stage {
            Stage::Deal => self.pile.contains(card),
            Stage::Theft { victim } => self.hands[victim.index()].contains(card),
            _ => false,
        }
    }

    fn apply_chance_unchecked<S: EventSink<Event>>(&mut self, card: Rank, sink: &mut S) {
        match self.stage {
            Stage::Deal => self.deal(card, sink),
            Stage::Theft { victim } => self.steal(victim, card, sink, None),
            _ => {}
        }
    }

    /// A stolen card passes the turn by listing the next seat's actions.
    fn apply_chance_unchecked_and_list<S: EventSink<Event>>(&mut self, card: Rank, sink: &mut S, next: &mut Actions) {
        next.clear();
        match self.stage {
            Stage::Deal => self.deal(card, sink),
            Stage::Theft { victim } => self.steal(victim, card, sink, Some(next)),
            _ => {}
        }
        self.list_unless_listed(next);
    }

    /// In the exchange: one pass per rank held, in rank order. In play, card by card in rank
    /// order (A, 2, …, K, joker), and for each card: bringing a token out; single-token moves,
    /// token by token from the least advanced, by count (backward 4 last), staying on the track
    /// before turning into the corridor; the splits of a 7 (see `docs/rules/cartas.md` for
    /// their order); swaps, by own token, then by seat from the left and token; the own swap;
    /// thefts, by seat from the left. A joker lists all of these in that order. The list
    /// depends only on what the seat to decide may see (its hand, the board and the hand
    /// sizes), and is the same as `self.view(seat).legal_actions()`.
    fn generate(&self, out: &mut Actions) {
        match self.stage {
            Stage::Exchange => self.table(self.turn).exchange(out),
            Stage::Play => {
                self.table(self.turn).play(out);
            }
            _ => {}
        }
    }

    fn choice_of(&self, action: Action) -> Result<Action, Refusal> {
        if self.is_legal(&action) { Ok(action) } else { Err(self.why_illegal(&action)) }
    }

    fn play_unchecked<S: EventSink<Event>>(&mut self, action: &Action, sink: &mut S) {
        if matches!(self.stage, Stage::Exchange | Stage::Play) {
            self.execute(*action, sink, None);
        }
    }

    /// The turn passes by listing the next seat's actions: whether it has any decides who
    /// plays next.
    fn play_unchecked_and_list<S: EventSink<Event>>(&mut self, action: &Action, sink: &mut S, next: &mut Actions) {
        next.clear();
        if matches!(self.stage, Stage::Exchange | Stage::Play) {
            self.execute(*action, sink, Some(next));
        }
        self.list_unless_listed(next);
    }

    /// The documented policy: in play, the seat folds its hand for the round, as with no legal
    /// card; in the exchange, its lowest card is passed ([`Rank::timeout_order`]: number cards
    /// lowest, then J, Q, K, A and the joker).
    fn timeout_unchecked<S: EventSink<Event>>(&mut self, sink: &mut S) {
        self.execute(Action::Timeout, sink, None);
    }
}

/// The seat that leads round `round`.
pub(crate) const fn first_player(round: u16) -> Seat {
    Seat::ALL[round as usize % SEATS]
}

/// Cards dealt to each seat in round `round`.
pub(crate) const fn deal_size(round: u16) -> u8 {
    [6, 5, 4, 3][round as usize % 4]
}

crate::notation::position_text!(State, crate::cartas::PositionError, "a Cartas position text");
