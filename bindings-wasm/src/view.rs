//! `View`: what one seat may see, the only thing a seat's bot or front end needs.

use fichas::game::{self, View as CoreView};
use fichas::picture;
use wasm_bindgen::prelude::*;

use crate::convert::{self, choice};
use crate::strings;
use crate::{ActionList, MaybeSuggestion, NumberList, Result, StringList, parse_error, to_js, typed};

/// What one seat may see. In Poleana and Parchís nothing is hidden, so it is the whole position;
/// in Cartas it holds the seat's own hand and only the sizes of the others. It reads and writes
/// JSON, so a server sends it to a client and the client's page draws it and asks its bots.
#[wasm_bindgen]
#[derive(Clone)]
pub struct View {
    pub(crate) view: CoreView,
}

impl View {
    pub(crate) fn new(view: CoreView) -> View {
        View { view }
    }

    fn dice_state(&self) -> Option<game::State> {
        match self.view {
            CoreView::Poleana(s) => Some(game::State::Poleana(s)),
            CoreView::Parchis(s) => Some(game::State::Parchis(s)),
            CoreView::Cartas(_) => None,
        }
    }
}

#[wasm_bindgen]
impl View {
    /// Reads a view from its JSON text (what `toJson` writes, and what fichas-server
    /// sends). Throws `ParseError` for text that is not a view.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(json: &str) -> Result<View, JsValue> {
        let view: CoreView = serde_json::from_str(json).map_err(parse_error)?;
        Ok(View::new(view))
    }

    /// The view as JSON text.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Result<String, JsValue> {
        Ok(serde_json::to_string(&self.view).map_err(crate::internal)?)
    }

    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.view.variant().to_string()
    }

    /// The seat to decide, or null while chance is pending or once the game is over.
    #[wasm_bindgen(getter, js_name = toAct)]
    pub fn to_act(&self) -> crate::MaybeNumber {
        crate::seat_or_null(match (&self.view, self.dice_state()) {
            (_, Some(state)) => state.phase().to_act(),
            (CoreView::Cartas(v), None) => v.phase().to_act(),
            _ => None,
        })
    }

    /// The legal actions of the seat to decide, with their marks, as `Game.legalActions` lists
    /// them.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Result<ActionList, JsValue> {
        let choices = self.view.legal_actions();
        let list = match (&self.view, self.dice_state()) {
            (_, Some(state)) => convert::choices(&state, &choices),
            (CoreView::Cartas(v), None) => {
                let seat = v.phase().to_act();
                serde_json::Value::Array(
                    choices
                        .iter()
                        .map(|c| {
                            let id = match c.action() {
                                game::Action::Cartas(a) => v.action_id(&a),
                                _ => None,
                            };
                            choice(c, id, seat)
                        })
                        .collect(),
                )
            }
            _ => serde_json::Value::Array(Vec::new()),
        };
        Ok(typed(to_js(&list))?)
    }

    /// How taps reach each of the seat's legal actions, in the order of `legalActions()`
    /// (see `Game.taps`); empty when the seat has nothing to decide.
    pub fn taps(&self) -> Result<crate::TapList, JsValue> {
        Ok(typed(to_js(&self.view.taps()))?)
    }

    /// What each of the seat's legal actions does, as a catalogue message, in the order of
    /// `legalActions()`: "Mueve la ficha de la 12 a la 17 con el 5" once worded.
    #[wasm_bindgen(js_name = choiceMessages)]
    pub fn choice_messages(&self) -> Result<crate::MessageList, JsValue> {
        let messages: Vec<fichas::text::Message> = match self.view.playable() {
            Some(state) => self.view.legal_actions().iter().map(|c| fichas::text::Message::choice(&state, c)).collect(),
            None => Vec::new(),
        };
        Ok(typed(to_js(&messages))?)
    }

    /// Cartas: the seat's own cards (`7`, `T`, `K`, `*`), in rank order; empty in the dice games.
    #[wasm_bindgen(getter)]
    pub fn hand(&self) -> StringList {
        match &self.view {
            CoreView::Cartas(v) => strings(&v.hand().cards().map(|c| c.to_string()).collect::<Vec<_>>()),
            _ => strings(&[]),
        }
    }

    /// Cartas: how many cards each seat holds; empty in the dice games.
    #[wasm_bindgen(getter, js_name = handSizes)]
    pub fn hand_sizes(&self) -> NumberList {
        let sizes: Vec<JsValue> = match &self.view {
            CoreView::Cartas(v) => v.hand_sizes().iter().map(|&n| JsValue::from(n)).collect(),
            _ => Vec::new(),
        };
        js_sys::Array::from_iter(sizes).unchecked_into()
    }

    /// A bot's suggestion for the seat to decide, from this view alone (see `Game.suggest`).
    pub fn suggest(&self, level: Option<String>, seed: Option<f64>) -> Result<MaybeSuggestion, JsValue> {
        crate::bot::suggest(&self.view, level.as_deref().unwrap_or("medium"), seed)
    }

    /// The board as SVG, as this seat may see it.
    pub fn svg(&self) -> String {
        picture::svg(&self.view, &[])
    }

    /// Poleana and Parchís: the board after `action`, with the move's cells marked (see
    /// `Game.previewSvg`); the view itself does not change. Null for a Cartas view, which holds
    /// too little of the game to play a move on.
    #[wasm_bindgen(js_name = previewSvg)]
    pub fn preview_svg(&self, action: crate::ActionLike) -> Result<crate::MaybeString, JsValue> {
        let Some(mut state) = self.dice_state() else { return Ok(crate::text_or_null(None)) };
        let notation = convert::notation_of(&action.into())?;
        let action = state.parse_action(&notation).map_err(parse_error)?;
        let events = state.play(action).map_err(|e| crate::Failure::new(crate::Kind::Illegal, e.to_string()))?;
        // A dice game hides nothing, so any seat's view of the state after is the whole of it.
        Ok(crate::text_or_null(Some(picture::svg(&state.view(fichas::Seat::ALL[0]), &events))))
    }

    /// The board as plain text, as this seat may see it.
    pub fn text(&self) -> String {
        picture::text(&self.view, &[])
    }
}
