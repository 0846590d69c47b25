//! Poleana, the Mexican race game of releases, bridges, tapones and police cells, in its
//! classic and Express forms.
//!
//! The rules implemented are those of `docs/rules/poleana.md`. In short: each turn a colour
//! rolls two dice and moves one token with each die or one token with the sum; release combos
//! (5+1, 4+2, 3+3, 6+3, 6+6) bring tokens out; landing on a lone rival captures it and earns an
//! immediate +10; two tokens of a colour form a tapón that nobody passes; cells of absent
//! colours are police cells; choices follow priorities (sweep, release, capture, move) and
//! breaking them is an infraction; a player who never moved wins if someone scores first.
//!
//! * [`Config`]: board (classic or Express), colours, [`Mode`] and options, validated.
//! * [`State`]: a small `Copy` position with the services of every game in the crate:
//!   [`State::phase`](crate::Rules::phase), [`State::chance_outcomes`], [`State::apply_chance`](crate::Rules::apply_chance),
//!   [`State::legal_actions`](crate::Rules::legal_actions) (each a [`Choice`] with its priority, compliance and mark),
//!   [`State::play`](crate::Rules::play) returning [`Event`]s, and the position text of [`position`].
//! * [`Action`]: a decision, with a text notation (`Y12+5`, `R14+8/b`, `2xB3+4`, `release`)
//!   and a stable id below [`ACTION_SPACE`].

mod action;
mod board;
mod config;
mod event;
#[cfg(feature = "alloc")]
pub(crate) mod movement;
pub mod observation;
pub mod position;
pub(crate) mod refusal;
mod rules;
mod state;

pub use action::{ACTION_SPACE, Action, Choice, Compliance, Mark, Priority, Route};
pub use board::{BRIDGE_CELLS, Board, HOUSE_CELLS, Place, Spot};
pub use config::{Config, ConfigError, Mode};
pub use event::{Event, Infraction, Outcome};
pub use position::PositionError;
pub use state::{Choices, Events, State};
