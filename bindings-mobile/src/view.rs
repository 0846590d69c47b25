//! The `SeatView` object: what one seat may see.

use std::sync::Arc;

use fichas::game::{self, View};
use fichas::picture;

use crate::convert::{self, Choice, seat_number};
use crate::{FichasError, Result, guard};

/// What one seat may see of a game; a client renders from it alone. In the dice games nothing is
/// hidden, so it is the whole position; in Cartas it holds the seat's own hand and only the sizes
/// of the others. A server sends it as JSON (`toJson`), a client reads it back (`fromJson`).
#[derive(uniffi::Object)]
pub struct SeatView {
    view: View,
}

impl SeatView {
    pub(crate) fn new(view: View) -> SeatView {
        SeatView { view }
    }

    /// The position behind a dice game's view, which hides nothing.
    fn dice_state(&self) -> Option<game::State> {
        match self.view {
            View::Poleana(s) => Some(game::State::Poleana(s)),
            View::Parchis(s) => Some(game::State::Parchis(s)),
            View::Cartas(_) => None,
        }
    }
}

#[uniffi::export]
impl SeatView {
    /// Reads a view sent by a server. Throws `Parse` for JSON that is not a valid view.
    #[uniffi::constructor]
    pub fn from_json(json: String) -> Result<Arc<SeatView>> {
        guard(|| {
            let view: View = serde_json::from_str(&json)
                .map_err(|e| FichasError::Parse(fichas::notation::bounded(&e.to_string())))?;
            Ok(Arc::new(SeatView::new(view)))
        })
    }

    /// The view as JSON, to send to the seat's client.
    pub fn to_json(&self) -> Result<String> {
        guard(|| serde_json::to_string(&self.view).map_err(|e| FichasError::Internal(e.to_string())))
    }

    /// A hint from the view alone, as `Game.suggest` gives it (a client may ask offline). In
    /// Cartas, none unless the view's own seat is to decide; in the dice games, where the view is
    /// the whole position, the hint is for the seat to decide.
    #[uniffi::method(default(seed = 0, time_limit_ms = None))]
    pub fn suggest(&self, level: String, seed: u64, time_limit_ms: Option<u32>) -> Result<Option<crate::Suggestion>> {
        crate::bot::suggest(&self.view, &level, seed, time_limit_ms)
    }

    /// The variant, as its configuration text.
    pub fn variant(&self) -> Result<String> {
        guard(|| Ok(self.view.variant().to_string()))
    }

    /// The seat to decide, or none while chance is pending or once the game is over.
    pub fn to_act(&self) -> Result<Option<u32>> {
        guard(|| {
            Ok(match (&self.view, self.dice_state()) {
                (_, Some(state)) => state.phase().to_act().map(seat_number),
                (View::Cartas(v), None) => v.phase().to_act().map(seat_number),
                _ => None,
            })
        })
    }

    /// The legal actions of the seat to act (see `to_act`), worked out from the view alone: a
    /// client offers them when that seat is its own.
    pub fn legal_actions(&self) -> Result<Vec<Choice>> {
        guard(|| {
            Ok(match (&self.view, self.dice_state()) {
                (_, Some(state)) => convert::choices_of(&state, self.view.legal_actions()),
                (View::Cartas(v), None) => {
                    let seat = v.phase().to_act();
                    let choices = self.view.legal_actions();
                    choices.iter().map(|c| Choice::of(c, action_id(v, c), seat)).collect()
                }
                _ => Vec::new(),
            })
        })
    }

    /// Cartas: the seat's own cards (`7`, `T`, `K`, `*`), one by one in rank order; empty in the
    /// dice games.
    pub fn hand(&self) -> Result<Vec<String>> {
        guard(|| {
            Ok(match &self.view {
                View::Cartas(v) => v.hand().cards().map(|c| c.to_string()).collect(),
                _ => Vec::new(),
            })
        })
    }

    /// Cartas: how many cards each seat holds; empty in the dice games.
    pub fn hand_sizes(&self) -> Result<Vec<u32>> {
        guard(|| {
            Ok(match &self.view {
                View::Cartas(v) => v.hand_sizes().iter().map(|&n| u32::from(n)).collect(),
                _ => Vec::new(),
            })
        })
    }

    /// The board as SVG, as this seat may see it.
    pub fn svg(&self) -> Result<String> {
        guard(|| Ok(picture::svg(&self.view, &[])))
    }

    /// The board as plain text, as this seat may see it.
    pub fn text(&self) -> Result<String> {
        guard(|| Ok(picture::text(&self.view, &[])))
    }
}

fn action_id(view: &fichas::cartas::View, choice: &game::Choice) -> Option<u16> {
    match choice.action() {
        game::Action::Cartas(a) => view.action_id(&a),
        _ => None,
    }
}
