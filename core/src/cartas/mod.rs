//! Cartas: a Dog-style race of four players on a 64-cell track, driven by playing cards.
//!
//! The rules implemented are those of `docs/rules/cartas.md`. In short: each round deals 6, 5,
//! 4 or 3 cards to each player; every player passes one card face down to the left; then
//! players take turns playing one card each to bring tokens out (A, K), walk them forward (most
//! cards), backward (4), split seven steps among them (7), swap two tokens (J) or take a random
//! card from a rival (2); a joker is any card. A token brought out blocks its start; landing on
//! a rival captures it; a token that crosses its start may turn into its four-cell corridor.
//! The first player with all four tokens in the corridor wins.
//!
//! * [`Config`]: the deck (110 cards by default), validated.
//! * [`State`]: a small `Copy` position with the services of every game in the crate:
//!   [`State::phase`](crate::Rules::phase), [`State::chance_outcomes`] (the next card drawn, as a rank weighted by
//!   count), [`State::apply_chance`](crate::Rules::apply_chance), [`State::legal_actions`](crate::Rules::legal_actions), [`State::play`](crate::Rules::play) returning
//!   [`Event`]s, [`State::view`] for what one seat may see, and the [`position`] text.
//! * [`Action`]: a card passed or played, with a text notation (`pass:7`, `A:out`, `5:12+5`,
//!   `7:12+3,40+4/c`, `J:12~40`, `2:steal3`) and a stable id below [`ACTION_SPACE`].
//!
//! Records of Cartas games, like those of every game, are kept by [`crate::game::Game`] and
//! replayed by [`crate::record`].

mod action;
mod board;
mod card;
mod config;
mod event;
#[cfg(feature = "alloc")]
pub(crate) mod movement;
pub mod observation;
pub mod position;
pub(crate) mod refusal;
mod rules;
mod state;
mod theft;
mod view;

#[cfg(feature = "alloc")]
pub(crate) use action::natural_card;
pub use action::{ACTION_SPACE, Action, Share, Split};
pub use board::{Board, CORRIDOR, QUARTER, SEATS, Spot, TOKENS, TRACK, Token, ahead, start, to_corridor};
pub use card::{Cards, Rank};
pub use config::{Config, ConfigError, MAX_DECK, MIN_DECK};
pub use event::{Event, Outcome};
pub use position::PositionError;
pub use state::{Actions, Draw, Events, MAX_ACTIONS, Stage, State};
pub use theft::{MAX_THEFTS, Theft, Thefts};
pub use view::{PublicView, View};
