//! What happened while an action or a chance outcome was applied, in order, for an app to
//! animate; and how a game ends.
//!
//! Some events carry a card only some seats may see (a card dealt, passed or stolen). A server
//! sends each seat [`Event::seen_by`] that seat, which hides those cards from everyone else
//! (a `table::Table` does it for every seat and spectator).

use crate::cartas::{Action, Cards, Rank, Spot};
use crate::seat::{Seat, Viewer};

/// How a game of Cartas ended: the first seat with all four tokens in its corridor won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    pub winner: Seat,
}

impl Outcome {
    pub const fn winner(self) -> Seat {
        self.winner
    }
}

/// One thing that happened. Corridor spots are those of the token's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// A round began: `cards` each are to be dealt, and `first` leads the exchange and the play.
    RoundStarted { round: u16, first: Seat, cards: u8 },
    /// The discards (`cards` of them) were shuffled back into the draw pile before the deal.
    Reshuffled { cards: u8 },
    /// A card was dealt to `to` (hidden from the other seats).
    Dealt { to: Seat, card: Option<Rank> },
    /// In the exchange, `seat` chose a card and laid it face down (seen by `seat` only).
    Chose { seat: Seat, card: Option<Rank> },
    /// The exchange was revealed: `seat` received the card of `from` (seen by both only).
    Received { seat: Seat, from: Seat, card: Option<Rank> },
    /// `seat` played a card: the action is public.
    Played { seat: Seat, action: Action },
    /// A token of `seat` came out onto its start cell `cell`, blocking it.
    BroughtOut { seat: Seat, cell: u8 },
    /// A token of `seat` walked from `from` to `to`.
    Moved { seat: Seat, from: Spot, to: Spot },
    /// The token of `seat` on track cell `cell` was captured by `by` and went home.
    Captured { seat: Seat, cell: u8, by: Seat },
    /// The token of `seat` on `cell` and the token of `with` on `other` changed places.
    Swapped { seat: Seat, cell: u8, with: Seat, other: u8 },
    /// `thief` took a card at random from `victim` (the card is seen by both only).
    Stole { thief: Seat, victim: Seat, card: Option<Rank> },
    /// The host reported that `seat` ran out of time.
    TimedOut { seat: Seat },
    /// `seat` had no card with a legal use (or timed out) and laid its hand face up on the
    /// discards; it sits out until the next round.
    Folded { seat: Seat, cards: Cards },
    /// `to` is to decide next.
    TurnPassed { to: Seat },
    /// The game ended.
    Won { outcome: Outcome },
}

impl Event {
    /// The event as `viewer` (a seat, or a spectator) may see it: cards dealt to, passed
    /// between or stolen from others are hidden (`None`). Rulings 4.3: a dealt card is its
    /// receiver's; a passed card the giver's, and the receiver's once revealed; a stolen card
    /// the thief's and the victim's. Everything else is public.
    pub fn seen_by(self, viewer: impl Into<Viewer>) -> Event {
        let viewer = viewer.into();
        let hide = |card: Option<Rank>, visible: bool| if visible { card } else { None };
        match self {
            Event::Dealt { to, card } => Event::Dealt { to, card: hide(card, viewer.is(to)) },
            Event::Chose { seat: chooser, card } => {
                Event::Chose { seat: chooser, card: hide(card, viewer.is(chooser)) }
            }
            Event::Received { seat: to, from, card } => {
                Event::Received { seat: to, from, card: hide(card, viewer.is(to) || viewer.is(from)) }
            }
            Event::Stole { thief, victim, card } => {
                Event::Stole { thief, victim, card: hide(card, viewer.is(thief) || viewer.is(victim)) }
            }
            other => other,
        }
    }
}
