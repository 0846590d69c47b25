//! The rules every game implements once: [`Rules`].
//!
//! Each game's `State` supplies a few primitives in its own words (who acts, what the legal
//! choices are, which listed choice an action names, how a roll or a card resolves, what a
//! timeout does), and the trait builds the rest on them, the same for every game: validated play
//! with its errors, the event lists and sinks, the host's timeout, the phase helpers and the
//! allocation-free playout path that simulations, bots, the batch and the benchmarks drive.
//!
//! Bring the trait into scope to play a game's own state:
//!
//! ```
//! use fichas::Rules;
//! use fichas::{Phase, Roll, parchis};
//!
//! let mut game = parchis::State::new("parchis:two-player".parse().unwrap());
//! game.apply_chance(Roll::of(5, 3).unwrap()).unwrap();
//! let choices = game.legal_actions();
//! assert_eq!(choices[0].action.to_string(), "home+5"); // a 5 must bring a token out
//! game.play(choices[0].action).unwrap();
//! assert!(game.play(choices[0].action).is_err(), "the 5 is spent");
//! assert_eq!(game.seat_phase(), Phase::Decide(fichas::Seat::ALL[0]));
//! ```
//!
//! A random playout, written once for every game:
//!
//! ```
//! use fichas::{Phase, Rules, chance, parchis};
//! use rand::SeedableRng;
//! use rand::rngs::StdRng;
//!
//! fn random_game<G: Rules>(mut state: G, rng: &mut StdRng) -> G::Outcome {
//!     loop {
//!         match state.seat_phase() {
//!             Phase::Over(outcome) => return outcome,
//!             Phase::Chance => state.roll_into(rng, &mut ()),
//!             Phase::Decide(_) => {
//!                 let choices = state.legal_actions();
//!                 let pick = choices[chance::below(rng, choices.len() as u32) as usize];
//!                 state.play_unchecked(&pick, &mut ());
//!             }
//!         }
//!     }
//! }
//! let config = parchis::Config::of_mode(parchis::Mode::Individual);
//! let outcome = random_game(parchis::State::new(config), &mut StdRng::seed_from_u64(1));
//! assert!(!outcome.winners.is_empty());
//! ```

use crate::phase::Refusal;
use core::fmt;
use core::ops::Deref;

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::events::EventSink;
use crate::phase::{Phase, PlayError};
use crate::seat::Seat;

/// A list of choices or events with a fixed capacity: filled in place, never on the heap.
pub trait List<T>: Default + Deref<Target = [T]> {
    /// Empties the list.
    fn clear(&mut self);
}

impl<T, const N: usize> List<T> for ArrayVec<T, N> {
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
}

/// The games' states, and no other type: methods can be added to [`Rules`] and
/// [`crate::dice::DiceRules`] without breaking anyone.
pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::poleana::State {}
    impl Sealed for crate::parchis::State {}
    impl Sealed for crate::cartas::State {}
}
pub(crate) use sealed::Sealed;

/// A game's position and its rules: implemented by [`crate::poleana::State`],
/// [`crate::parchis::State`] and [`crate::cartas::State`] (and by no other type, so that methods
/// can be added without breaking anyone).
///
/// The required methods are each game's primitives; the provided ones are the services, the
/// same in every game. Errors: acting while a chance event is pending is
/// [`PlayError::ChancePending`], supplying an outcome while someone decides is
/// [`PlayError::NotChance`], anything once the game has ended is [`PlayError::GameOver`], an
/// action not among the legal ones is [`PlayError::Illegal`] with the reason in words, and an
/// outcome the pending event cannot produce is [`PlayError::BadOutcome`]. A refused call
/// changes nothing.
pub trait Rules: Copy + sealed::Sealed {
    /// Who decides: a colour in Poleana, a seat in Parchís and Cartas.
    type Actor: Copy + PartialEq + fmt::Debug;
    /// A decision, in the game's notation.
    type Action: Copy + PartialEq + fmt::Display + fmt::Debug;
    /// A legal decision as the listing gives it, with what the game marks on it (in Cartas the
    /// action itself).
    type Choice: Copy + fmt::Debug;
    /// The legal choices of one decision.
    type Choices: List<Self::Choice>;
    /// The outcome of a chance event: a roll of two dice, or a card.
    type Chance: Copy + fmt::Display + fmt::Debug;
    /// What happened while an outcome or an action was applied.
    type Event: Copy + fmt::Debug;
    /// The events of one step, sized for the longest.
    type Events: List<Self::Event> + EventSink<Self::Event>;
    /// How a game ended.
    type Outcome: Copy + PartialEq + fmt::Debug;

    /// The action the notation writes `timeout`. A timeout is the host's to report, never a move:
    /// it is never listed, [`Rules::play`] refuses it, and [`Rules::timeout`] reports it.
    const TIMEOUT: Self::Action;
    /// The size of a state in bytes: states are small `Copy` values that searches, bots and
    /// batches copy freely (each game checks its bound when compiling).
    const SIZE: usize = core::mem::size_of::<Self>();
    /// Whether a timeout may be reported while the roll is due (the dice games), and not only
    /// while someone decides (Cartas, where chance events are the host's own draws).
    const TIMEOUT_WHILE_CHANCE: bool;

    /// Who acts next: chance, the one to decide, or nobody because the game is over.
    fn phase(&self) -> Phase<Self::Actor, Self::Outcome>;

    /// The seat that decides for `actor` (seats are numbered from 0 in turn order).
    fn seat_of(&self, actor: Self::Actor) -> Seat;

    /// A fair outcome of the pending chance event drawn from `rng`; `None` when none is
    /// pending.
    fn sample_outcome<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Chance>;

    /// Whether the pending chance event can produce `outcome` (every roll can; a card must be
    /// where it is drawn from). Called only while a chance event is pending.
    fn can_produce(&self, outcome: Self::Chance) -> bool;

    /// Applies `outcome` to the pending chance event without checking it.
    fn apply_chance_unchecked<S: EventSink<Self::Event>>(&mut self, outcome: Self::Chance, sink: &mut S);

    /// Appends the legal choices of the one to decide, in the game's stable order (the
    /// listing [`Rules::legal_actions`] returns).
    fn generate(&self, out: &mut Self::Choices);

    /// The listed choice `action` names, or why it is not legal, in words. Called only while
    /// someone decides, never for [`Rules::TIMEOUT`].
    fn choice_of(&self, action: Self::Action) -> Result<Self::Choice, Refusal>;

    /// The old name of [`Rules::choice_of`] (a bot *chooses*; a game finds the choice an action
    /// names).
    #[deprecated(since = "0.2.0", note = "renamed `choice_of`")]
    fn choose(&self, action: Self::Action) -> Result<Self::Choice, &'static str> {
        self.choice_of(action).map_err(Refusal::text)
    }

    /// Applies a choice listed for this very state without checking it: the fast path of
    /// simulations. A choice from another state gives a wrong (but never panicking) result.
    fn play_unchecked<S: EventSink<Self::Event>>(&mut self, choice: &Self::Choice, sink: &mut S);

    /// Applies a listed choice as [`Rules::play_unchecked`] does and lists the choices of the one
    /// who decides next into `next` (emptied first; left empty when chance or the end comes
    /// next): the playout path, where a game may list while it settles the move instead of
    /// searching the same position twice.
    fn play_unchecked_and_list<S: EventSink<Self::Event>>(
        &mut self,
        choice: &Self::Choice,
        sink: &mut S,
        next: &mut Self::Choices,
    ) {
        self.play_unchecked(choice, sink);
        self.legal_actions_into(next);
    }

    /// Applies an outcome as [`Rules::apply_chance_unchecked`] does and lists the choices of the
    /// one who decides next into `next`, as [`Rules::play_unchecked_and_list`] does.
    fn apply_chance_unchecked_and_list<S: EventSink<Self::Event>>(
        &mut self,
        outcome: Self::Chance,
        sink: &mut S,
        next: &mut Self::Choices,
    ) {
        self.apply_chance_unchecked(outcome, sink);
        self.legal_actions_into(next);
    }

    /// Applies the host's timeout without checking the phase, as the other `_unchecked` items
    /// apply theirs; called only in a phase where [`Rules::timeout`] allows it.
    fn timeout_unchecked<S: EventSink<Self::Event>>(&mut self, sink: &mut S);

    /// The old name of [`Rules::timeout_unchecked`], an underscore away from [`Rules::timeout`].
    #[deprecated(since = "0.2.0", note = "renamed `timeout_unchecked`")]
    fn time_out<S: EventSink<Self::Event>>(&mut self, sink: &mut S) {
        self.timeout_unchecked(sink);
    }

    /// Who acts next, by seat.
    fn seat_phase(&self) -> Phase<Seat, Self::Outcome> {
        match self.phase() {
            Phase::Chance => Phase::Chance,
            Phase::Decide(actor) => Phase::Decide(self.seat_of(actor)),
            Phase::Over(outcome) => Phase::Over(outcome),
        }
    }

    /// The seat to decide, if anyone decides now.
    fn to_act(&self) -> Option<Seat> {
        self.seat_phase().to_act()
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        matches!(self.phase(), Phase::Over(_))
    }

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Self::Outcome> {
        self.phase().outcome()
    }

    /// Every legal choice of the one to decide, in the game's stable order; empty unless
    /// someone decides. Allocates nothing. The host's timeout is never listed.
    fn legal_actions(&self) -> Self::Choices {
        let mut out = Self::Choices::default();
        self.generate(&mut out);
        out
    }

    /// Like [`Rules::legal_actions`], into a list the caller keeps (emptied first).
    fn legal_actions_into(&self, out: &mut Self::Choices) {
        out.clear();
        self.generate(out);
    }

    /// Applies the outcome of the pending chance event (sampled, or supplied by a server) and
    /// reports what followed.
    fn apply_chance(&mut self, outcome: Self::Chance) -> Result<Self::Events, PlayError> {
        let mut events = Self::Events::default();
        self.apply_chance_into(outcome, &mut events)?;
        Ok(events)
    }

    /// Like [`Rules::apply_chance`], sending the events to any sink (`&mut ()` drops them).
    fn apply_chance_into<S: EventSink<Self::Event>>(
        &mut self,
        outcome: Self::Chance,
        sink: &mut S,
    ) -> Result<(), PlayError> {
        self.phase().expect_chance()?;
        if !self.can_produce(outcome) {
            return Err(PlayError::bad_outcome(outcome));
        }
        self.apply_chance_unchecked(outcome, sink);
        Ok(())
    }

    /// Samples the pending chance event from `rng` and applies it; does nothing when none is
    /// pending.
    fn roll_into<R: Rng + ?Sized, S: EventSink<Self::Event>>(&mut self, rng: &mut R, sink: &mut S) {
        if let Some(outcome) = self.sample_outcome(rng) {
            self.apply_chance_unchecked(outcome, sink);
        }
    }

    /// Samples and applies the pending chance event as [`Rules::roll_into`] does, and lists the
    /// choices of the one who decides next into `next`.
    fn roll_and_list<R: Rng + ?Sized, S: EventSink<Self::Event>>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
        next: &mut Self::Choices,
    ) {
        match self.sample_outcome(rng) {
            Some(outcome) => self.apply_chance_unchecked_and_list(outcome, sink, next),
            None => self.legal_actions_into(next),
        }
    }

    /// Applies a decision of the one to act and reports what happened. A timeout is not a
    /// decision: it is refused ([`PlayError::Illegal`]), and the host reports it with
    /// [`Rules::timeout`].
    fn play(&mut self, action: Self::Action) -> Result<Self::Events, PlayError> {
        let mut events = Self::Events::default();
        self.play_into(action, &mut events)?;
        Ok(events)
    }

    /// Like [`Rules::play`], sending the events to any sink (`&mut ()` drops them).
    fn play_into<S: EventSink<Self::Event>>(&mut self, action: Self::Action, sink: &mut S) -> Result<(), PlayError> {
        if action == Self::TIMEOUT {
            return Err(PlayError::illegal(action, Refusal::HOST_TIMEOUT));
        }
        self.phase().expect_decision()?;
        let choice = self.choice_of(action).map_err(|reason| PlayError::illegal(action, reason))?;
        self.play_unchecked(&choice, sink);
        Ok(())
    }

    /// The host's report that the one whose turn it is ran out of time (see each game's rules
    /// for what it costs). The dice games take it before the roll too; Cartas refuses it while
    /// a card is drawn ([`PlayError::ChancePending`]), as the host holds the cards then.
    fn timeout(&mut self) -> Result<Self::Events, PlayError> {
        let mut events = Self::Events::default();
        self.timeout_into(&mut events)?;
        Ok(events)
    }

    /// Like [`Rules::timeout`], sending the events to any sink.
    fn timeout_into<S: EventSink<Self::Event>>(&mut self, sink: &mut S) -> Result<(), PlayError> {
        match self.phase() {
            Phase::Over(_) => Err(PlayError::GameOver),
            Phase::Chance if !Self::TIMEOUT_WHILE_CHANCE => Err(PlayError::ChancePending),
            _ => {
                self.timeout_unchecked(sink);
                Ok(())
            }
        }
    }
}
