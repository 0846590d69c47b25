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
    /// The seat that was first to have all four tokens in its corridor.
    pub winner: Seat,
}

impl Outcome {
    /// The seat that won.
    pub const fn winner(self) -> Seat {
        self.winner
    }
}

/// One thing that happened. Corridor spots are those of the token's owner.
///
/// Events come in the order things happen. A card played gives [`Event::Played`], then what it
/// did on the board ([`Event::BroughtOut`], or [`Event::Moved`] for each token in the order
/// they walk, each capture right after the move that made it, or [`Event::Swapped`]), then
/// [`Event::Won`], or else the seats that fold on the way ([`Event::Folded`]) and
/// [`Event::TurnPassed`] to the next seat with a legal card; when no seat holds a card any more,
/// [`Event::RoundStarted`] (and [`Event::Reshuffled`]) instead. A 2 played for a theft stops
/// after `Played`: [`Event::Stole`] follows when the card is drawn. The exchange's last choice
/// ([`Event::Chose`]) is followed by the four [`Event::Received`], from the first player's card
/// on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// A round began: `cards` each are to be dealt, and `first` leads the exchange and the play.
    /// Reported from the second round on: the first round begins with [`State::new`].
    ///
    /// [`State::new`]: crate::cartas::State::new
    RoundStarted {
        /// Rounds played before this one (1 for the second round), wrapping at 65 536.
        round: u16,
        /// The round's first player: seat `round mod 4`.
        first: Seat,
        /// Cards to be dealt to each seat: 6, 5, 4 or 3.
        cards: u8,
    },
    /// The discards (`cards` of them) were shuffled back into the draw pile before the deal.
    Reshuffled {
        /// How many discards went back into the draw pile.
        cards: u8,
    },
    /// A card was dealt to `to` (hidden from the other seats).
    Dealt {
        /// The seat that received the card.
        to: Seat,
        /// The card; `None` when hidden by [`Event::seen_by`] from anyone but `to`.
        card: Option<Rank>,
    },
    /// In the exchange, `seat` chose a card and laid it face down (seen by `seat` only).
    Chose {
        /// The seat that chose, passing to the seat on its left.
        seat: Seat,
        /// The card chosen; `None` when hidden by [`Event::seen_by`] from anyone but `seat`.
        card: Option<Rank>,
    },
    /// The exchange was revealed: `seat` received the card of `from` (seen by both only).
    Received {
        /// The seat that received the card.
        seat: Seat,
        /// The seat that passed it: the one on the right of `seat`.
        from: Seat,
        /// The card; `None` when hidden by [`Event::seen_by`] from anyone but `seat` and
        /// `from`.
        card: Option<Rank>,
    },
    /// `seat` played a card: the action is public.
    Played {
        /// The seat that played.
        seat: Seat,
        /// The card and its use, as written in the notation (a joker stays `*`).
        action: Action,
    },
    /// A token of `seat` came out onto its start cell `cell`, blocking it.
    BroughtOut {
        /// The token's owner.
        seat: Seat,
        /// Its start cell: 0, 16, 32 or 48.
        cell: u8,
    },
    /// A token of `seat` walked from `from` to `to`.
    Moved {
        /// The token's owner.
        seat: Seat,
        /// Where the token stood: a track cell or a cell of its owner's corridor.
        from: Spot,
        /// Where it stands now.
        to: Spot,
    },
    /// The token of `seat` on track cell `cell` was captured by `by` and went home.
    Captured {
        /// The owner of the captured token.
        seat: Seat,
        /// The track cell where it was captured, 0 to 63.
        cell: u8,
        /// The seat whose token landed there (or came out onto its start there).
        by: Seat,
    },
    /// The token of `seat` on `cell` and the token of `with` on `other` changed places.
    Swapped {
        /// The seat that played the swap.
        seat: Seat,
        /// The track cell its token left; the token of `with` now stands there.
        cell: u8,
        /// The owner of the other token.
        with: Seat,
        /// The track cell the other token left; the token of `seat` now stands there.
        other: u8,
    },
    /// `thief` took a card at random from `victim` (the card is seen by both only).
    Stole {
        /// The seat that played the 2 (or the joker) and took the card.
        thief: Seat,
        /// The seat robbed.
        victim: Seat,
        /// The card taken; `None` when hidden by [`Event::seen_by`] from anyone but `thief`
        /// and `victim`.
        card: Option<Rank>,
    },
    /// The host reported that `seat` ran out of time.
    TimedOut {
        /// The seat that was to decide.
        seat: Seat,
    },
    /// `seat` had no card with a legal use (or timed out) and laid its hand face up on the
    /// discards; it sits out until the next round.
    Folded {
        /// The seat that folded.
        seat: Seat,
        /// The cards it laid face up, seen by everyone.
        cards: Cards,
    },
    /// `to` is to decide next.
    TurnPassed {
        /// The seat to decide.
        to: Seat,
    },
    /// The game ended.
    Won {
        /// Who won.
        outcome: Outcome,
    },
}

impl Event {
    /// The event as `viewer` (a seat, or a spectator) may see it: cards dealt to, passed
    /// between or stolen from others are hidden (`None`). As docs/rules/tables.md §3.2 says: a
    /// dealt card is its receiver's; a passed card the giver's, and the receiver's once revealed; a
    /// stolen card the thief's and the victim's. Everything else is public.
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
