//! The `Game` object: one game of any variant, safe to share between threads.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use fichas::dice::Roll;
use fichas::game::{self, ChanceOutcome as CoreChance};
use fichas::text::Catalogue;
use fichas::{Seat, picture};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::contract::{self, Movement, Refusal, Tap, TokenPlace};
use crate::convert::{self, ChanceOutcome, Choice, Event, Outcome, Phase, seat_number, seat_of};
use crate::{FichasError, GameRecord, Result, SeatView, Suggestion, guard, parse_variant};

/// The state behind the lock: the engine's game and the generator `roll` draws from.
#[derive(Clone)]
struct Inner {
    game: game::Game,
    rng: Xoshiro256PlusPlus,
}

/// A game of any variant: `Game("poleana")`, `Game("parchis:pairs", seed = 7)`.
///
/// Every method may be called from any thread: the game sits behind a lock, so each call sees and
/// leaves a whole state. A sequence of calls (read the legal actions, then play one) is not one
/// step: another thread may play in between, and the engine then refuses the stale action.
///
/// Its dice come from its own generator, seeded by `seed` or from the system, for offline play
/// and tests. A `Game` is the raw engine: whoever holds it may play for any seat and see every
/// card. A server holds a `Table` instead (see docs/server.md).
#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<Inner>,
}

impl Game {
    pub(crate) fn wrap(game: game::Game, seed: Option<u64>) -> Result<Game> {
        let seed = match seed {
            Some(seed) => seed,
            None => {
                getrandom::u64().map_err(|e| FichasError::Internal(format!("the system gave no random seed: {e}")))?
            }
        };
        Ok(Game { inner: Mutex::new(Inner { game, rng: Xoshiro256PlusPlus::seed_from_u64(seed) }) })
    }

    /// The state, or an error if an earlier call panicked while it held the lock (the state may
    /// be half changed, so play stops there; `record` still works).
    fn lock(&self) -> Result<MutexGuard<'_, Inner>> {
        self.inner.lock().map_err(|_| {
            FichasError::Internal(
                "this game stopped after an earlier internal error; replay its record to go on".into(),
            )
        })
    }

    /// Runs `f` on the state under the lock, with panics caught.
    fn with<T>(&self, f: impl FnOnce(&mut Inner) -> Result<T>) -> Result<T> {
        guard(|| f(&mut *self.lock()?))
    }

    /// Runs a step on the game and converts its events.
    fn step(&self, f: impl FnOnce(&mut Inner) -> Result<Vec<game::Event>>) -> Result<Vec<Event>> {
        self.with(|inner| convert::events_of(&f(inner)?))
    }
}

fn illegal(e: fichas::phase::PlayError) -> FichasError {
    FichasError::IllegalAction(e.to_string())
}

fn parse_error(e: impl std::fmt::Display) -> FichasError {
    FichasError::Parse(e.to_string())
}

#[uniffi::export]
impl Game {
    /// A new game of `variant` (`poleana`, `poleana-express:3`, `parchis:pairs`, `cartas`, …).
    /// Throws `Config` for a variant that cannot be.
    #[uniffi::constructor(default(seed = None))]
    pub fn new(variant: String, seed: Option<u64>) -> Result<Arc<Game>> {
        guard(|| Ok(Arc::new(Game::wrap(game::Game::new(parse_variant(&variant)?), seed)?)))
    }

    /// A game that starts from a position text (as `position()` writes it); its record starts
    /// there too. Throws `Parse` for a text that is not a position.
    #[uniffi::constructor(default(seed = None))]
    pub fn from_position(position: String, seed: Option<u64>) -> Result<Arc<Game>> {
        guard(|| Ok(Arc::new(Game::wrap(game::Game::from_position(&position).map_err(parse_error)?, seed)?)))
    }

    /// The variant, as its configuration text.
    pub fn variant(&self) -> Result<String> {
        self.with(|i| Ok(i.game.variant().to_string()))
    }

    /// Players at the table.
    pub fn seats(&self) -> Result<u32> {
        self.with(|i| Ok(i.game.variant().seats() as u32))
    }

    /// Each seat's name: the colours it plays (`yellow`, `yellow+red`).
    pub fn seat_names(&self) -> Result<Vec<String>> {
        self.with(|i| Ok(convert::seat_names(&i.game.variant())))
    }

    /// Who acts next: chance, a seat, or nobody because the game is over (with its outcome).
    pub fn phase(&self) -> Result<Phase> {
        self.with(|i| Phase::of(&i.game))
    }

    /// The seat to decide, or none while chance is pending or once the game is over.
    pub fn to_act(&self) -> Result<Option<u32>> {
        self.with(|i| Ok(i.game.to_act().map(seat_number)))
    }

    pub fn is_over(&self) -> Result<bool> {
        self.with(|i| Ok(i.game.is_over()))
    }

    /// How the game ended, once it is over.
    pub fn outcome(&self) -> Result<Option<Outcome>> {
        self.with(|i| i.game.outcome().map(|o| Outcome::of(&o, &i.game.winners())).transpose())
    }

    /// The outcomes of the pending chance event with their integer weights (empty when none is
    /// pending).
    pub fn chance_outcomes(&self) -> Result<Vec<ChanceOutcome>> {
        self.with(|i| {
            Ok(i.game
                .chance_outcomes()
                .into_iter()
                .map(|(o, weight)| ChanceOutcome { notation: o.to_string(), weight })
                .collect())
        })
    }

    /// Draws the pending chance event from the game's generator and applies it. Throws
    /// `IllegalAction` when no chance event is pending.
    pub fn roll(&self) -> Result<Vec<Event>> {
        self.step(|i| i.game.roll(&mut i.rng).map_err(illegal))
    }

    /// Applies a supplied chance outcome, such as a server's dice: a roll `5-3`, or a card `K` in
    /// Cartas. Throws `Parse` for text that is no outcome of this game and `IllegalAction` for one
    /// that cannot happen now.
    pub fn apply_chance(&self, outcome: String) -> Result<Vec<Event>> {
        self.step(|i| {
            let outcome = i.game.state().parse_chance(&outcome).map_err(parse_error)?;
            i.game.apply_chance(outcome).map_err(illegal)
        })
    }

    /// Applies a roll of two dice given as numbers (1 to 6), in the order they were rolled.
    pub fn apply_dice(&self, first: u32, second: u32) -> Result<Vec<Event>> {
        self.step(|i| {
            let face = |n: u32| u8::try_from(n).ok();
            let roll = face(first).zip(face(second)).and_then(|(a, b)| Roll::of(a, b));
            let roll = roll.ok_or_else(|| {
                FichasError::Parse(format!("{first} and {second} are not two dice: each die shows 1 to 6"))
            })?;
            i.game.apply_chance(CoreChance::Roll(roll)).map_err(illegal)
        })
    }

    /// The legal actions of the seat to act, in the game's stable order, with their marks.
    pub fn legal_actions(&self) -> Result<Vec<Choice>> {
        self.with(|i| Ok(convert::choices_of(i.game.state(), i.game.legal_actions())))
    }

    /// Plays an action (one from `legal_actions`, or one read from a client): the engine checks
    /// it again. Throws `IllegalAction` with the reason when the rules refuse it.
    pub fn play(&self, action: Choice) -> Result<Vec<Event>> {
        self.play_notation(action.notation)
    }

    /// Plays an action given in the game's notation (`release`, `Y12+5`, `home+sum`, `K:out`).
    /// Throws `Parse` for text that is no action of this game, `IllegalAction` for one the rules
    /// refuse here.
    pub fn play_notation(&self, notation: String) -> Result<Vec<Event>> {
        self.step(|i| {
            let action = i.game.state().parse_action(&notation).map_err(parse_error)?;
            i.game.play(action).map_err(illegal)
        })
    }

    /// The host's timeout for the seat whose turn it is, before or after its roll (each game's
    /// rules say what it does). A timeout is never an action: `play` refuses one.
    pub fn timeout(&self) -> Result<Vec<Event>> {
        self.step(|i| i.game.timeout().map_err(illegal))
    }

    /// The movements an action would make, played here (the game does not change): each token
    /// that moves and every spot it enters. Throws as `playNotation` throws.
    pub fn movements(&self, notation: String) -> Result<Vec<Movement>> {
        self.with(|i| {
            let action = i.game.state().parse_action(&notation).map_err(parse_error)?;
            let movements = i.game.state().movements(action).map_err(illegal)?;
            Ok(movements.into_iter().map(contract::movement_of).collect())
        })
    }

    /// Every token where it stands, with the spot names of movements and the picture.
    pub fn tokens(&self) -> Result<Vec<TokenPlace>> {
        self.with(|i| Ok(i.game.state().tokens().into_iter().map(contract::token_of).collect()))
    }

    /// How taps reach each legal action, in the order of `legalActions`.
    pub fn taps(&self) -> Result<Vec<Tap>> {
        self.with(|i| Ok(i.game.state().taps().into_iter().map(contract::tap_of).collect()))
    }

    /// The whole game so far told in `language` (`es`, `en`, `es-MX`…), a sentence per event.
    /// Throws `Config` for a language there is no catalogue for.
    pub fn story(&self, language: String) -> Result<Vec<String>> {
        let catalogue = Catalogue::for_tag(&language).map_err(|e| FichasError::Config(e.to_string()))?;
        let record = self.with(|i| Ok(i.game.record()))?;
        guard(|| catalogue.story(&record).map_err(illegal))
    }

    /// The last step's events told in `language`.
    pub fn tell(&self, language: String) -> Result<Vec<String>> {
        let catalogue = Catalogue::for_tag(&language).map_err(|e| FichasError::Config(e.to_string()))?;
        self.with(|i| Ok(i.game.last_events().iter().map(|e| catalogue.event(e)).collect()))
    }

    /// What each legal action does, in words of `language`, in the order of `legalActions`:
    /// what an app writes on its buttons and in its chooser.
    pub fn describe(&self, language: String) -> Result<Vec<String>> {
        let catalogue = Catalogue::for_tag(&language).map_err(|e| FichasError::Config(e.to_string()))?;
        self.with(|i| Ok(catalogue.choices(i.game.state())))
    }

    /// Why `notation` would be refused here, with the codes every binding gives (`code`, the
    /// kind; `reason`, why an action is illegal), or null when it is legal. The game does not
    /// change: an app asks before it says why a tap does nothing.
    pub fn refusal(&self, notation: String) -> Result<Option<Refusal>> {
        self.with(|i| {
            let state = i.game.state();
            let outcome = state.parse_action(&notation).map(|action| state.movements(action));
            Ok(match outcome {
                Err(e) => Some(Refusal { code: "unreadable".into(), reason: None, message: e.to_string() }),
                Ok(Ok(_)) => None,
                Ok(Err(e)) => Some(Refusal {
                    code: e.code().into(),
                    reason: match &e {
                        fichas::phase::PlayError::Illegal { reason, .. } => Some(reason.code().into()),
                        _ => None,
                    },
                    message: e.to_string(),
                }),
            })
        })
    }

    /// The events of the last step, all of them: the raw engine's. A server delivers each seat
    /// its own stream from a `Table` instead (`eventsFor`).
    pub fn last_events(&self) -> Result<Vec<Event>> {
        self.with(|i| convert::events_of(i.game.last_events()))
    }

    /// What `seat` may see: in Cartas its own hand and only the sizes of the others.
    pub fn view(&self, seat: u32) -> Result<Arc<SeatView>> {
        self.with(|i| Ok(Arc::new(SeatView::new(i.game.view(seat_of(&i.game.variant(), seat)?)))))
    }

    /// A hint for the seat to decide, or an offline opponent's move: the suggestion of a bot of
    /// `level` (`easy`, `medium`, `hard`; or `random`, `greedy`, `search`) seeded with `seed`,
    /// from that seat's view only. None while nobody decides. The same seed and position give
    /// the same suggestion; `timeLimitMs` caps a search's time (at the price of that sameness;
    /// the other bots are quick and ignore it). A search may also name its budget, as in
    /// `search:iterations=800`. Throws `Config` for an unknown level. The game stays unlocked
    /// while the bot thinks.
    #[uniffi::method(default(seed = 0, time_limit_ms = None))]
    pub fn suggest(&self, level: String, seed: u64, time_limit_ms: Option<u32>) -> Result<Option<Suggestion>> {
        let view = self.with(|i| Ok(i.game.to_act().map(|seat| i.game.view(seat))))?;
        match view {
            Some(view) => crate::bot::suggest(&view, &level, seed, time_limit_ms),
            None => Ok(None),
        }
    }

    /// Whether a bot of `level` may think long in this game (a search well above the medium
    /// budget: `hard`, or a search with a large budget of its own): an app asks such a bot off
    /// its main thread, with `timeLimitMs` if it must answer in time. Throws `Config` for an
    /// unknown level.
    pub fn may_think_long(&self, level: String) -> Result<bool> {
        let strength = crate::bot::strength(&level)?;
        self.with(|i| Ok(strength.may_think_long(i.game.variant())))
    }

    /// The position as one line of text; `Game.fromPosition` reads it back. It holds every
    /// hidden card: it is for the server, tests and bug reports, not for a seat.
    pub fn position(&self) -> Result<String> {
        self.with(|i| Ok(i.game.position()))
    }

    /// The record of the game so far: where it started and every step. It works even after an
    /// internal error, so a stopped game can be replayed.
    pub fn record(&self) -> Result<Arc<GameRecord>> {
        guard(|| {
            // The steps are pushed only after a step succeeded, so they stay whole even if a
            // panic poisoned the lock.
            let inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            Ok(Arc::new(GameRecord::new(inner.game.record())))
        })
    }

    /// An independent copy; its generator continues from the same point, so both roll alike.
    pub fn copy(&self) -> Result<Arc<Game>> {
        self.with(|i| Ok(Arc::new(Game { inner: Mutex::new(i.clone()) })))
    }

    /// How many action ids the game has: every `Choice.id` is below it.
    pub fn action_space(&self) -> Result<u32> {
        self.with(|i| Ok(u32::from(i.game.variant().action_space())))
    }

    /// The notation of the action with this id, or none (in Cartas ids depend on the state).
    pub fn action_from_id(&self, id: u32) -> Result<Option<String>> {
        self.with(|i| {
            let id = u16::try_from(id).ok();
            Ok(id.and_then(|id| i.game.state().action_from_id(id)).map(|a| a.to_string()))
        })
    }

    /// The board as SVG, marking the last move; in Cartas the hand shown is the seat to act's.
    pub fn svg(&self) -> Result<String> {
        self.with(|i| Ok(picture::svg(&i.game.view(picture_seat(&i.game)), i.game.last_events())))
    }

    /// The board as plain text (at most 80 columns), marking the last move.
    pub fn text(&self) -> Result<String> {
        self.with(|i| Ok(picture::text(&i.game.view(picture_seat(&i.game)), i.game.last_events())))
    }
}

/// The seat whose view a game's picture shows: the one to act, else the first.
fn picture_seat(game: &game::Game) -> Seat {
    game.to_act().unwrap_or(Seat::ALL[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_plays_through_the_binding_api() {
        let game = Game::new("poleana:2".into(), Some(1)).unwrap();
        assert_eq!(game.phase().unwrap(), Phase::Chance);
        let events = game.apply_chance("5-1".into()).unwrap();
        assert_eq!(events[0].kind, "rolled");
        assert_eq!(events[0].fields["roll"], "[5,1]", "nested values stay JSON");
        assert_eq!(game.phase().unwrap(), Phase::Decide { seat: 0 });
        let actions = game.legal_actions().unwrap();
        let release = actions.iter().find(|a| a.notation == "release").expect("release is legal on 5-1");
        assert_eq!(release.seat, Some(0));
        assert!(release.compliance.is_some() && release.priority.is_some());
        let events = game.play(release.clone()).unwrap();
        assert!(events.iter().any(|e| e.kind == "released"), "{events:?}");
        assert_eq!(game.record().unwrap().step_count(), 2);
    }

    #[test]
    fn refusals_are_typed() {
        let game = Game::new("parchis".into(), Some(1)).unwrap();
        assert!(matches!(game.play_notation("23+4".into()), Err(FichasError::IllegalAction(_))));
        assert!(matches!(game.play_notation("nonsense".into()), Err(FichasError::Parse(_))));
        assert!(matches!(game.apply_dice(7, 1), Err(FichasError::Parse(_))));
        assert!(matches!(game.view(4), Err(FichasError::Seat(_))));
        assert!(matches!(Game::new("parchis:three".into(), None), Err(FichasError::Config(_))));
    }

    #[test]
    fn after_a_panic_under_the_lock_play_stops_but_the_record_survives() {
        let game = Game::new("parchis".into(), Some(3)).unwrap();
        game.apply_dice(5, 2).unwrap();
        // Poison the lock the way a panic inside a call would.
        let caught = game.with::<()>(|_| panic!("simulated engine bug"));
        assert_eq!(caught, Err(FichasError::Internal("simulated engine bug".into())));
        let Err(FichasError::Internal(message)) = game.legal_actions() else { panic!("played on after a panic") };
        assert!(message.contains("replay its record"), "{message}");
        let record = game.record().unwrap();
        assert_eq!(record.steps().unwrap().len(), 1);
        let again = record.replay(Some(3)).unwrap();
        assert!(!again.legal_actions().unwrap().is_empty());
    }

    #[test]
    fn cartas_events_at_a_table_hide_the_others_cards() {
        let table = crate::Table::new("cartas".into(), "system".into(), None).unwrap();
        table.start(None).unwrap();
        let host = table.with(|t| Ok(t.events(0))).unwrap();
        assert_eq!(host.len(), 25, "the round's start and 24 cards dealt");
        for seat in 0..4u32 {
            for delivered in table.events_for(Some(seat), 0).unwrap() {
                let event = &delivered.event;
                if event.kind == "dealt" {
                    let to: u32 = event.fields["to"].parse().unwrap();
                    assert_eq!(event.fields.contains_key("card"), seat == to, "seat {seat}: {event:?}");
                }
            }
        }
        let spectator = table.events_for(None, 0).unwrap();
        assert!(spectator.iter().all(|d| !d.event.fields.contains_key("card")), "a spectator sees no card");
    }
}
