//! Movements: which tokens a step moves, and every spot each one enters on its way, so that a
//! front end animates a move without deciding any rule (the route over a bridge, the corridor,
//! a 4 walked backwards, a 7 split over two tokens, a capture sending a token home).
//!
//! Movements are worked out from a step's events when asked ([`game::State::movements`] for a
//! choice not yet played, [`game::Variant::movements`] for a step's events), so listing and
//! playing actions cost nothing more. A seat that sees only some events (a Cartas view) gets the
//! movements of those: token moves are public in every game.
//!
//! Spots are named by [`SpotId`], one name per place on the board, shared by movements, the
//! tokens of a position ([`game::State::tokens`]) and the picture.
//!
//! ```
//! use fichas::game::State;
//! use fichas::movement::{Cause, Motion};
//!
//! // Yellow rolled 3 and 1; its token on 10 walks the 3.
//! let state: State = "parchis:YR turn=Y roll=3-1 Y=10,home,home,home R=6,home,home,home".parse().unwrap();
//! let movements = state.movements(state.parse_action("10+3").unwrap()).unwrap();
//! let walk = &movements[0];
//! assert_eq!((walk.motion, walk.cause), (Motion::Walk, Cause::Move));
//! assert_eq!(walk.from.as_str(), "10");
//! let path: Vec<&str> = walk.path.iter().map(|s| s.as_str()).collect();
//! assert_eq!(path, ["11", "12", "13"]);
//! ```
//!
//! [`game::State::movements`]: crate::game::State::movements
//! [`game::Variant::movements`]: crate::game::Variant::movements
//! [`game::State::tokens`]: crate::game::State::tokens

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::colour::Colour;
use crate::seat::Seat;

/// Whose a token is: a colour in the dice games, a seat in Cartas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
pub enum Owner {
    /// A colour of Poleana or Parchís.
    Colour(Colour),
    /// A seat of Cartas.
    Seat(Seat),
}

impl Owner {
    /// The owner as it prefixes the spots it alone has: `Y`, `B`, `R`, `G`, or a seat's number.
    fn write_prefix(self, f: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Owner::Colour(c) => f.write_char(c.letter()),
            Owner::Seat(s) => write!(f, "{}", s.index()),
        }
    }
}

/// One place on the board, named once for every client: the game's own name of a cell everyone
/// shares (`Y12`, `bR3` in Poleana; `23` in Parchís and Cartas), and, for a spot each colour or
/// seat has its own of, that name after the owner and a colon (`Y:start`, `Y:limbo`, `Y:2c`,
/// `Y:7c` in Poleana; `Y:home`, `Y:c3`, `Y:goal` in Parchís; `2:h`, `2:c1` in Cartas). A Poleana
/// cell on a colour's final approach is the same cell as on its first lap (`Y3`, never `Y3'`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(transparent))]
pub struct SpotId(String);

impl SpotId {
    /// A cell every colour or seat shares, named as the game names it.
    pub(crate) fn shared(name: impl fmt::Display) -> SpotId {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = fmt::write(&mut text, format_args!("{name}"));
        SpotId(text)
    }

    /// A spot `owner` alone has, named as the game names it.
    pub(crate) fn owned(owner: Owner, name: impl fmt::Display) -> SpotId {
        let mut text = String::new();
        let _ = owner.write_prefix(&mut text);
        let _ = fmt::write(&mut text, format_args!(":{name}"));
        SpotId(text)
    }

    /// The name, as the picture's `data-spot` attributes carry it.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SpotId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a token goes along its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
pub enum Motion {
    /// Cell by cell, through every spot of the path in order (forwards, or backwards with
    /// Cartas' 4).
    Walk,
    /// Straight to the one spot of its path: coming out, going home, a swap.
    Jump,
}

impl Motion {
    /// The word for it, as in JSON: `walk`, `jump`.
    pub const fn name(self) -> &'static str {
        match self {
            Motion::Walk => "walk",
            Motion::Jump => "jump",
        }
    }
}

/// Why a token moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
pub enum Cause {
    /// Played: a die, the sum, a bonus, a card.
    Move,
    /// Out of its start (Poleana's release, Parchís' exit, a card that brings a token out).
    Release,
    /// Back from Poleana's limbo.
    Rescue,
    /// Captured by a rival's token, and sent to its start.
    Captured,
    /// Swept from a police cell to its start (Poleana).
    Swept,
    /// A penalty: sent to its start (an infraction, a third double), or into limbo.
    Penalty,
    /// Swapped with another token (Cartas' J).
    Swap,
}

impl Cause {
    /// The word for it, as in JSON: `move`, `release`, `rescue`, `captured`, `swept`,
    /// `penalty`, `swap`.
    pub const fn name(self) -> &'static str {
        match self {
            Cause::Move => "move",
            Cause::Release => "release",
            Cause::Rescue => "rescue",
            Cause::Captured => "captured",
            Cause::Swept => "swept",
            Cause::Penalty => "penalty",
            Cause::Swap => "swap",
        }
    }
}

/// One token's movement in a step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Movement {
    /// Whose token it is.
    pub owner: Owner,
    /// Where it stood.
    pub from: SpotId,
    /// Every spot it enters, in order; the last is where it stops. One spot for a jump.
    pub path: Vec<SpotId>,
    /// Cell by cell, or straight there.
    pub motion: Motion,
    /// Why it moves.
    pub cause: Cause,
}

impl Movement {
    /// Where the token stops.
    pub fn to(&self) -> &SpotId {
        // Every movement is built with at least one spot in its path.
        self.path.last().unwrap_or(&self.from)
    }

    pub(crate) fn jump(owner: Owner, from: SpotId, to: SpotId, cause: Cause) -> Movement {
        Movement { owner, from, path: alloc::vec![to], motion: Motion::Jump, cause }
    }
}

/// A token where it stands, as [`game::State::tokens`] lists them.
///
/// [`game::State::tokens`]: crate::game::State::tokens
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Token {
    /// Whose it is.
    pub owner: Owner,
    /// Where it stands.
    pub spot: SpotId,
}

impl Token {
    /// The token's name, as the picture's `data-token` carries it: its owner's prefix, `@` and
    /// its spot (`Y@Y12`, `R@R:start`, `2@2:c1`). Tokens of one owner on one spot share it:
    /// they are interchangeable.
    pub fn name(&self) -> String {
        let mut text = String::new();
        let _ = self.owner.write_prefix(&mut text);
        text.push('@');
        text.push_str(self.spot.as_str());
        text
    }
}

/// How a front end reaches one legal choice by taps, deciding no rule: tap the card (Cartas),
/// then the tokens in order; where a token has several choices, a chooser beside it offers
/// their `option`s. Given by [`game::State::taps`], one per legal choice, in the same order.
///
/// [`game::State::taps`]: crate::game::State::taps
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tap {
    /// The choice, in the game's notation: what `play` takes.
    pub action: String,
    /// Cartas: the card to tap first, as the notation writes it (`7`, `J`, `*`): the card played,
    /// or the card passed in the exchange.
    pub card: Option<String>,
    /// The tokens to tap, in order, by [`Token::name`]: the one that moves (or comes out); the
    /// own token and then the other for a swap; each token of a 7, share by share. Empty for
    /// a choice no token starts (Poleana's sweep, a card passed or a theft): a button.
    pub tokens: Vec<String>,
    /// The steps each of `tokens` walks (0 for one that jumps): a 7's split, token by token.
    pub steps: Vec<u8>,
    /// What sets the choice apart from the others of the same card and first token: the rest
    /// of its notation after that token's spot (`+5`, `+5/b`, `+sum`, `-4`, `~20`; `2x+6` for a
    /// Poleana tapón, `'+1` for a token on its final approach), or the whole of it where no
    /// token starts it (`sweep`) or nothing follows the spot (`release`, tapped on a token at
    /// start).
    pub option: String,
    /// What the choice spends, in a dice game: a die's face (`5`), the sum (`sum`), or a bonus
    /// (Parchís' `10`, `20`; Poleana's `+10`), so that a die or a bonus may be chosen first and
    /// only the tokens it moves marked. `None` for a choice that spends the whole roll (a
    /// Poleana release, rescue or sweep) and in Cartas.
    pub count: Option<String>,
}
