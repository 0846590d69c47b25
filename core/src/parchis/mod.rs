//! Parchís as played in the Parchisando app: individual games of 2 to 4 colours, two players
//! on opposite colours, two players with two colours each, and pairs.
//!
//! The rules implemented are those of `docs/rules/parchis.md`. In short: each die is played
//! separately, in the player's order; a 5 brings a token out (or the 3+2 / 4+1 sum); a 6
//! walks 7 once all four tokens are out; doubles roll again, and the third double sends the
//! last token moved home; two tokens of a colour on a safe cell are a barrier; a capture earns
//! a move of 20 and reaching the goal one of 10; partners use the dice the roller cannot.
//!
//! * [`Config`]: the [`Mode`], the colours and who starts, validated; seats and partners.
//! * [`State`]: a small `Copy` position: [`State::phase`](crate::Rules::phase) names the seat to decide (the
//!   partner's seat for ceded dice), [`State::actor`] the colour it moves;
//!   [`State::chance_outcomes`], [`State::apply_chance`](crate::Rules::apply_chance), [`State::legal_actions`](crate::Rules::legal_actions),
//!   [`State::play`](crate::Rules::play) returning [`Event`]s, and the position text of [`position`].
//! * [`Action`]: `23+4`, `home+5`, `home+sum`, `40+20`, with a stable id below
//!   [`ACTION_SPACE`].

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

pub use action::{ACTION_SPACE, Action, Choice, Count};
pub use board::{CORRIDOR, LAP, PATH, Place, Spot, TRACK, entry, exit, is_safe};
pub use config::{Config, ConfigError, Mode};
pub use event::{Event, Outcome};
pub use position::PositionError;
pub use state::{Bonus, Choices, Events, State};
