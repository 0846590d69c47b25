//! Bots: a hint for the seat to decide, or an opponent for offline play.

use fichas::bot::{Bot as CoreBot, Strength};
use fichas::game::View as CoreView;
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::{Game, MaybeSuggestion, Result, View, config, internal, to_js, typed, whole};

fn strength(text: &str) -> Result<Strength> {
    text.parse().map_err(|e: fichas::notation::ParseError| config(e.to_string()))
}

/// The suggestion of a bot of `level` for the seat to decide in `view`, or null.
pub(crate) fn suggest(view: &CoreView, level: &str, seed: Option<f64>) -> Result<MaybeSuggestion, JsValue> {
    let bot = CoreBot::new(strength(level)?, whole("a seed", seed.unwrap_or(0.0))?);
    Ok(typed(suggestion(view, &bot))?)
}

fn suggestion(view: &CoreView, bot: &CoreBot) -> Result<JsValue> {
    let Some(hint) = bot.choose(view) else { return Ok(JsValue::NULL) };
    let seat = view.phase().to_act();
    let choice = view
        .legal_actions()
        .into_iter()
        .find(|c| c.action() == hint.action)
        .ok_or_else(|| internal(format!("a bot chose `{}`, which is not listed", hint.action)))?;
    to_js(&serde_json::json!({
        "action": convert::choice(&choice, view.action_id(&hint.action), seat),
        "notation": hint.action.to_string(),
        "reason": hint.reason.map(|r| r.code()),
        "explanation": hint.reason.map(|r| r.to_string()),
        "estimate": hint.estimate.map(f64::from),
    }))
}

/// A bot: `new Bot("hard", 7)`. It decides from a seat's view only, so it never sees a card its
/// seat could not; the same seed and view give the same choice on every platform.
#[wasm_bindgen]
pub struct Bot {
    bot: CoreBot,
    level: String,
    seed: u64,
}

#[wasm_bindgen]
impl Bot {
    /// A bot of `level`: `easy`, `medium` (the default), `hard`; `random`, `greedy`, `search`, or
    /// a search with a budget of its own (`search:iterations=800`). Throws `ConfigError` for an
    /// unknown level.
    #[wasm_bindgen(constructor)]
    pub fn new(level: Option<String>, seed: Option<f64>) -> Result<Bot, JsValue> {
        let level = level.unwrap_or_else(|| "medium".into());
        let seed = whole("a seed", seed.unwrap_or(0.0))?;
        Ok(Bot { bot: CoreBot::new(strength(&level)?, seed), level, seed })
    }

    #[wasm_bindgen(getter)]
    pub fn level(&self) -> String {
        self.level.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.seed as f64
    }

    /// Whether this bot may think long in `variant` (a search well above the medium budget): a
    /// page asks such a bot in a Web Worker.
    #[wasm_bindgen(js_name = mayThinkLong)]
    pub fn may_think_long(&self, variant: &str) -> Result<bool, JsValue> {
        Ok(self.bot.strength().may_think_long(crate::parse_variant(variant)?))
    }

    /// The bot's choice for the seat to decide in `game`, from that seat's view alone; null
    /// while nobody decides.
    pub fn choose(&self, game: &Game) -> Result<MaybeSuggestion, JsValue> {
        match game.game.to_act() {
            Some(seat) => Ok(typed(suggestion(&game.game.view(seat), &self.bot))?),
            None => Ok(JsValue::NULL.unchecked_into()),
        }
    }

    /// The bot's choice for the seat to decide in `view` (a seat's view, as a server sends it).
    #[wasm_bindgen(js_name = chooseFrom)]
    pub fn choose_from(&self, view: &View) -> Result<MaybeSuggestion, JsValue> {
        Ok(typed(suggestion(&view.view, &self.bot))?)
    }
}
