//! `Bot` and `Suggestion`: the engine's players, thinking without the interpreter lock.

use super::*;

/// A bot's choice: the action, why (a stable code and an English sentence) and its estimate of
/// the seat's chance to win after it.
#[pyclass(module = "fichas._fichas", name = "Suggestion", frozen)]
pub struct PySuggestion {
    action: PyChoice,
    reason: Option<Reason>,
    estimate: Option<f32>,
}

#[pymethods]
impl PySuggestion {
    /// The action, as `legal_actions()` lists it.
    #[getter]
    fn action(&self) -> PyChoice {
        self.action.clone()
    }

    /// The action's notation.
    #[getter]
    fn notation(&self) -> String {
        self.action.notation()
    }

    /// Why, as a stable code such as `"captures"` or `"holds_back"` (for apps that translate);
    /// `None` from the random bot.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.reason.map(Reason::code)
    }

    /// Why, as an English sentence such as `"captures a red token"`.
    #[getter]
    fn explanation(&self) -> Option<String> {
        self.reason.map(|r| r.to_string())
    }

    /// The bot's estimate (0 to 1) of its side's chance to win after the action: an estimate,
    /// not a calibrated probability. `None` from the random bot.
    #[getter]
    fn estimate(&self) -> Option<f64> {
        self.estimate.map(f64::from)
    }

    fn __repr__(&self) -> String {
        let mut text = format!("Suggestion('{}'", self.action.notation());
        if let Some(reason) = self.reason {
            text.push_str(&format!(", reason='{}'", reason.code()));
        }
        if let Some(estimate) = self.estimate {
            text.push_str(&format!(", estimate={estimate:.3}"));
        }
        text + ")"
    }
}

/// The bot's choice for the seat `view` belongs to. It thinks without the interpreter lock, so
/// other Python threads go on meanwhile; a long search thinks on a thread of its own while this
/// one watches for Ctrl-C, which stops it and raises `KeyboardInterrupt`.
pub(crate) fn think(py: Python<'_>, bot: Bot, view: fichas::game::View) -> PyResult<Option<Suggestion>> {
    if bot.strength().may_think_long(view.variant()) {
        let stop = Stop::new();
        interruptible(py, &stop, || bot.choose_with_stop(&view, &stop), || Ok(()))
    } else {
        py.detach(move || catch_unwind(move || bot.choose(&view))).map_err(|_| internal_error())
    }
}

/// The bot's suggestion for the seat to decide in `view`, with the action as the view lists it.
pub(crate) fn suggestion(py: Python<'_>, bot: &Bot, view: &fichas::game::View) -> PyResult<Option<PySuggestion>> {
    let view = *view;
    let hint = think(py, *bot, view)?;
    guard(|| {
        let Some(hint) = hint else { return Ok(None) };
        let action = view_choices(&view)
            .into_iter()
            .find(|a| a.choice.action() == hint.action)
            .ok_or_else(|| FichasError::new_err("internal error in fichas: a bot chose an unlisted action"))?;
        Ok(Some(PySuggestion { action, reason: hint.reason, estimate: hint.estimate }))
    })
}

/// A player for every variant that sees only what its seat may see.
///
/// `Bot("hard", seed=1)`: the strength is a kind (`random`, `greedy`, `search`, `expert`) or a
/// level (`easy`, `medium`, `hard`, `expert`); a search may set its own budget with `nodes`,
/// `depth` (Poleana, Parchís), `iterations`, `playout` (Cartas) and `time_limit` (seconds per
/// decision). `Bot("expert", depth=0)`, or `"expert:depth=0"`, is the expert without its look a
/// turn ahead (over the next roll; in Cartas, up to its next action).
#[pyclass(module = "fichas._fichas", name = "Bot", frozen)]
pub struct PyBot {
    pub(crate) bot: Bot,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (strength="medium", seed=0, *, nodes=None, depth=None, iterations=None, playout=None, time_limit=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        strength: &str,
        seed: u64,
        nodes: Option<i64>,
        depth: Option<i64>,
        iterations: Option<i64>,
        playout: Option<i64>,
        time_limit: Option<f64>,
    ) -> PyResult<PyBot> {
        let mut strength: Strength = strength.parse().map_err(config_error)?;
        let search_only = nodes.is_some() || iterations.is_some() || playout.is_some() || time_limit.is_some();
        if strength.kind == Kind::Expert && !search_only {
            // The expert's one budget part, read as its text form `expert:depth=0` is.
            if let Some(depth) = depth {
                strength = format!("expert:depth={depth}").parse().map_err(config_error)?;
            }
            return Ok(PyBot { bot: Bot::new(strength, seed) });
        }
        if (search_only || depth.is_some()) && strength.kind != Kind::Search {
            let expert = if strength.kind == Kind::Expert { " (the expert takes depth alone, 0 or 1)" } else { "" };
            return Err(ConfigError::new_err(format!(
                "a budget (nodes, depth, iterations, playout, time_limit) is for a search; `{strength}` does not search{expert}"
            )));
        }
        let budget = &mut strength.budget;
        // Through the budget's own reader: the limits and messages of its text form.
        for (key, value) in [("nodes", nodes), ("depth", depth), ("iterations", iterations), ("playout", playout)] {
            if let Some(n) = value {
                budget.set(key, &n.to_string()).map_err(config_error)?;
            }
        }
        if let Some(seconds) = time_limit {
            if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
                return Err(ConfigError::new_err(format!(
                    "time_limit is in seconds, more than 0 and at most a day, not {seconds}"
                )));
            }
            budget.time_limit = Some(Duration::from_secs_f64(seconds));
        }
        Ok(PyBot { bot: Bot::new(strength, seed) })
    }

    /// `"random"`, `"greedy"` or `"search"`.
    #[getter]
    fn kind(&self) -> String {
        self.bot.strength().kind.to_string()
    }

    /// The level or kind it was made with, such as `"hard"`; a search with a budget of its own
    /// writes it out (`"search:nodes=5000:depth=1:iterations=200:playout=4"`), and the text
    /// makes the same bot again.
    #[getter]
    fn strength(&self) -> String {
        self.bot.strength().to_string()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.bot.seed()
    }

    /// The search budget: nodes, depth, iterations, playout and time_limit (seconds or None).
    #[getter]
    fn budget<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let Budget { nodes, depth, iterations, playout, time_limit } = self.bot.strength().budget;
        let dict = PyDict::new(py);
        dict.set_item("nodes", nodes)?;
        dict.set_item("depth", depth)?;
        dict.set_item("iterations", iterations)?;
        dict.set_item("playout", playout)?;
        dict.set_item("time_limit", time_limit.map(|t| t.as_secs_f64()))?;
        Ok(dict)
    }

    /// The bot's action for the seat to decide, from a `Game` (looking only at that seat's
    /// view) or a `View`; `None` when that seat is not to decide. The same seed and view give
    /// the same suggestion. Ctrl-C stops a long search and raises `KeyboardInterrupt`.
    fn choose(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<PySuggestion>> {
        if let Ok(game) = position.cast::<PyGame>() {
            // The view is copied out, so the game is not held while the bot thinks.
            let Some(view) = game.get().with(|p| p.game.to_act().map(|seat| p.game.view(seat)))? else {
                return Ok(None);
            };
            suggestion(py, &self.bot, &view)
        } else if let Ok(view) = position.cast::<PyView>() {
            suggestion(py, &self.bot, &view.get().view)
        } else {
            Err(PyTypeError::new_err("a bot chooses for a Game or a View"))
        }
    }

    fn __repr__(&self) -> String {
        format!("Bot('{}', seed={})", self.bot.strength(), self.bot.seed())
    }
}
