//! # fichas
//!
//! Rules engine for race games from the Spanish-speaking world: Poleana (classic and Express),
//! Parchís as played in the Parchisando app, and Cartas, a Dog-style race driven by cards.
//!
//! Each game is a module with its own types ([`poleana`], [`parchis`], [`cartas`]). They share
//! the machinery in the modules at the top of the crate: [`colour`], [`seat`], [`dice`],
//! [`chance`], [`phase`], [`events`], [`notation`], [`rules`] (the trait [`Rules`] every game's
//! state implements: validated play, timeouts and the allocation-free path, written once) and
//! [`observation`] (what learning agents read: a seat's view as
//! numbers). With `alloc`, the services over them: `game` (one front door over every variant),
//! `record`, `picture`, `bot`, `simulation`, and `batch` (many games stepped together into flat
//! buffers, for learning); with `std`, `table`, what a server holds to be the authority of an
//! online game.
//!
//! The crate is `no_std`. The rules never allocate: states are small `Copy` values, legal
//! actions come in fixed-capacity lists, and events go into a sink of the caller's choice.
//! Features: `std` (default, implies `alloc`), `alloc`, `serde`.
//!
//! ## Randomness
//!
//! Chance runs through [`rand_core`] 0.10, re-exported as `fichas::rand_core`: any
//! generator that implements its `Rng` trait rolls the dice. That is `rand` 0.10
//! (`rand::rng()`, `rand::rngs::StdRng`) or any generator crate built on `rand_core` 0.10, such
//! as `rand_xoshiro` 0.8; `rand` 0.9 and 0.8 implement older versions of `rand_core` and do not
//! fit. A server that rolls its own dice needs no generator at all: it applies each outcome with
//! `apply_chance`.
//!
//! ```
//! use fichas::Rules; // the services every game's state offers
//! use fichas::poleana::{Config, State};
//! use rand::SeedableRng;
//! use rand::rngs::StdRng;
//!
//! // Seeded, so the game replays; `rand::rng()` would give a fresh game each run.
//! let mut rng = StdRng::seed_from_u64(7);
//! let mut game = State::new(Config::classic(2).unwrap());
//! while !game.is_over() {
//!     if game.phase().is_chance() {
//!         let roll = game.sample_chance(&mut rng);
//!         game.apply_chance(roll).unwrap();
//!     } else {
//!         let choices = game.legal_actions();
//!         let pick = choices[fichas::chance::below(&mut rng, choices.len() as u32) as usize];
//!         game.play(pick.action).unwrap();
//!     }
//! }
//! println!("{:?}", game.outcome());
//! ```

#![no_std]
// docs.rs builds with `--cfg docsrs`: each item then says which feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(feature = "alloc")]
pub mod batch;
#[cfg(feature = "alloc")]
pub mod bot;
pub mod cartas;
pub mod chance;
pub mod colour;
pub mod dice;
pub mod events;
#[cfg(feature = "alloc")]
pub mod game;
mod lanes;
#[cfg(feature = "alloc")]
pub mod movement;
pub mod notation;
pub mod observation;
pub mod parchis;
pub mod phase;
#[cfg(feature = "alloc")]
pub mod picture;
pub mod poleana;
#[cfg(feature = "alloc")]
pub mod record;
pub mod rules;
pub mod seat;
#[cfg(feature = "alloc")]
pub mod simulation;
#[cfg(feature = "std")]
pub mod table;
#[cfg(feature = "serde")]
pub mod text;

/// The generator traits every sampling function takes (version 0.10).
pub use rand_core;

pub use colour::{Colour, ColourSet};
pub use dice::{Die, Roll};
pub use notation::{ConflictError, ParseError};
pub use phase::{Phase, PlayError};
pub use rules::Rules;
pub use seat::Seat;

/// The crate README's examples, compiled and run as doc tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
