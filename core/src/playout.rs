//! The fast path every game offers, as one trait: who acts, sample and apply the chance event,
//! list the choices, apply one. Simulations, bots, benchmarks and the allocation test drive the
//! three games through it, so none of them needs an adapter of its own.
//!
//! Nothing here allocates. The choices are each game's rich ones (with Poleana's marks, Parchís'
//! landing cells); applying one trusts that it came from the same state's list, like the games'
//! own `play_unchecked`.
//!
//! ```
//! use fichas::playout::Playout;
//! use fichas::{Phase, chance, parchis};
//! use rand::SeedableRng;
//! use rand::rngs::StdRng;
//!
//! fn random_game<P: Playout>(mut state: P, rng: &mut StdRng) -> P::Outcome {
//!     loop {
//!         match state.seat_phase() {
//!             Phase::Over(outcome) => return outcome,
//!             Phase::Chance => state.roll_into(rng, &mut ()),
//!             Phase::Decide(_) => {
//!                 let choices = state.choices();
//!                 let pick = choices[chance::below(rng, choices.len() as u32) as usize];
//!                 state.apply_into(&pick, &mut ());
//!             }
//!         }
//!     }
//! }
//! let config = parchis::Config::of_mode(parchis::Mode::Individual);
//! let outcome = random_game(parchis::State::new(config), &mut StdRng::seed_from_u64(1));
//! assert!(!outcome.winners.is_empty());
//! ```

use core::ops::Deref;

use rand_core::Rng;

use crate::events::EventSink;
use crate::phase::Phase;
use crate::seat::Seat;
use crate::{cartas, parchis, poleana};

/// A game state on its allocation-free path.
pub trait Playout: Copy {
    /// A legal choice, as the game lists it.
    type Choice: Copy;
    /// The list of legal choices, without allocation.
    type Choices: Deref<Target = [Self::Choice]>;
    /// What happened while a chance outcome or a choice was applied (the game's event type).
    type Event;
    /// How a game ended (the game's outcome type).
    type Outcome: Copy;

    /// Who acts next, by seat (Poleana's colours are mapped to their seats).
    fn seat_phase(&self) -> Phase<Seat, Self::Outcome>;

    /// Samples the pending chance event from `rng` and applies it. When no chance event is
    /// pending the state is left as it is (the generator may still advance).
    fn roll_into<R: Rng + ?Sized, S: EventSink<Self::Event>>(&mut self, rng: &mut R, sink: &mut S);

    /// The legal choices of the seat to decide (empty when nobody decides).
    fn choices(&self) -> Self::Choices;

    /// Applies a choice listed by [`Playout::choices`] for this very state.
    fn apply_into<S: EventSink<Self::Event>>(&mut self, choice: &Self::Choice, sink: &mut S);
}

impl Playout for poleana::State {
    type Choice = poleana::Choice;
    type Choices = poleana::Choices;
    type Event = poleana::Event;
    type Outcome = poleana::Outcome;

    fn seat_phase(&self) -> Phase<Seat, poleana::Outcome> {
        match self.phase() {
            Phase::Chance => Phase::Chance,
            Phase::Decide(colour) => Phase::Decide(self.config().seat_of(colour)),
            Phase::Over(outcome) => Phase::Over(outcome),
        }
    }

    fn roll_into<R: Rng + ?Sized, S: EventSink<poleana::Event>>(&mut self, rng: &mut R, sink: &mut S) {
        let roll = self.sample_chance(rng);
        let _ = self.apply_chance_into(roll, sink);
    }

    fn choices(&self) -> poleana::Choices {
        self.legal_actions()
    }

    fn apply_into<S: EventSink<poleana::Event>>(&mut self, choice: &poleana::Choice, sink: &mut S) {
        self.play_unchecked(choice, sink);
    }
}

impl Playout for parchis::State {
    type Choice = parchis::Choice;
    type Choices = parchis::Choices;
    type Event = parchis::Event;
    type Outcome = parchis::Outcome;

    fn seat_phase(&self) -> Phase<Seat, parchis::Outcome> {
        self.phase()
    }

    fn roll_into<R: Rng + ?Sized, S: EventSink<parchis::Event>>(&mut self, rng: &mut R, sink: &mut S) {
        let roll = self.sample_chance(rng);
        let _ = self.apply_chance_into(roll, sink);
    }

    fn choices(&self) -> parchis::Choices {
        self.legal_actions()
    }

    fn apply_into<S: EventSink<parchis::Event>>(&mut self, choice: &parchis::Choice, sink: &mut S) {
        self.play_unchecked(choice, sink);
    }
}

impl Playout for cartas::State {
    /// In Cartas a choice is the action itself.
    type Choice = cartas::Action;
    type Choices = cartas::Actions;
    type Event = cartas::Event;
    type Outcome = cartas::Outcome;

    fn seat_phase(&self) -> Phase<Seat, cartas::Outcome> {
        self.phase()
    }

    fn roll_into<R: Rng + ?Sized, S: EventSink<cartas::Event>>(&mut self, rng: &mut R, sink: &mut S) {
        if let Some(card) = self.sample_chance(rng) {
            let _ = self.apply_chance_into(card, sink);
        }
    }

    fn choices(&self) -> cartas::Actions {
        self.legal_actions()
    }

    fn apply_into<S: EventSink<cartas::Event>>(&mut self, choice: &cartas::Action, sink: &mut S) {
        self.play_unchecked(choice, sink);
    }
}
