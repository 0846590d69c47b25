//! `Game` and `Choice`: a game of any variant, played step by step.

use super::*;

/// A choice: a legal action with everything its game attaches to it (compliance and marks in
/// Poleana, steps and captures in Parchís), its seat and its id. `fichas.Action` is its former,
/// deprecated name.
#[pyclass(module = "fichas._fichas", name = "Choice", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyChoice {
    pub(crate) choice: Choice,
    seat: Option<usize>,
    id: Option<u16>,
}

#[pymethods]
impl PyChoice {
    /// The action in the game's notation, such as `Y12+5` or `home+sum`.
    #[getter]
    pub(crate) fn notation(&self) -> String {
        self.choice.action().to_string()
    }

    /// The stable id of the action in its game's action space (see `Game.action_space`; in
    /// Cartas, ids are relative to the seat to act).
    #[getter]
    fn id(&self) -> Option<u16> {
        self.id
    }

    /// The seat that may take it.
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// Everything the game attaches to the choice, as a dict (at least `"action"`).
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.choice {
            Choice::Cartas(a) => {
                let dict = PyDict::new(py);
                dict.set_item("action", a.to_string())?;
                dict.set_item("card", a.card().map(|c| c.to_string()))?;
                dict.set_item("named", a.named().map(|c| c.to_string()))?;
                Ok(dict.into_any())
            }
            choice => serde_to_py(py, choice),
        }
    }

    /// Poleana: `"compliant"` or `"infraction"`; `None` in other games.
    #[getter]
    fn compliance(&self) -> Option<&'static str> {
        match &self.choice {
            Choice::Poleana(c) => Some(if c.is_infraction() { "infraction" } else { "compliant" }),
            _ => None,
        }
    }

    /// Poleana: the priority class, 1 (sweep) to 4 (move); `None` in other games.
    #[getter]
    fn priority(&self) -> Option<u8> {
        match &self.choice {
            Choice::Poleana(c) => Some(c.priority as u8),
            _ => None,
        }
    }

    /// Poleana: the landing cell's mark, `"safe"`, `"police"` or `None`.
    #[getter]
    fn mark(&self) -> Option<&'static str> {
        match &self.choice {
            Choice::Poleana(c) => c.mark.map(|m| match m {
                fichas::poleana::Mark::Safe => "safe",
                fichas::poleana::Mark::Police => "police",
            }),
            _ => None,
        }
    }

    /// Where the moving token lands, named as the game names cells.
    #[getter]
    fn landing(&self) -> Option<String> {
        match &self.choice {
            Choice::Poleana(c) => c.landing.map(|s| s.to_string()),
            Choice::Parchis(c) => Some(c.landing.to_string()),
            Choice::Cartas(_) => None,
        }
    }

    /// Parchís: the colour of the token captured on landing, if any.
    #[getter]
    fn captures(&self) -> Option<&'static str> {
        match &self.choice {
            Choice::Parchis(c) => c.captures.map(|c| c.name()),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.notation()
    }

    fn __repr__(&self) -> String {
        let mut extra = String::new();
        if let Some(c) = self.compliance() {
            extra.push_str(&format!(", compliance='{c}'"));
        }
        if let Some(m) = self.mark() {
            extra.push_str(&format!(", mark='{m}'"));
        }
        if let Some(c) = self.captures() {
            extra.push_str(&format!(", captures='{c}'"));
        }
        format!("Choice('{}'{extra})", self.notation())
    }
}

/// An action as Python gives it: a `Choice`, or its notation.
fn given_action(action: &Bound<'_, PyAny>) -> PyResult<Given> {
    if let Ok(a) = action.cast::<PyChoice>() {
        Ok(Given::Action(a.get().choice.action()))
    } else if let Ok(text) = action.extract::<String>() {
        Ok(Given::Notation(text))
    } else {
        Err(PyTypeError::new_err("an action is a Choice from legal_actions() or its notation as a string"))
    }
}

/// Wraps choices with their seat and ids, which in Cartas depend on the state.
pub(crate) fn choices_of(state: &fichas::game::State, choices: Vec<Choice>, seat: Option<Seat>) -> Vec<PyChoice> {
    choices
        .into_iter()
        .map(|choice| PyChoice { id: state.action_id(&choice.action()), choice, seat: seat.map(|s| s.index()) })
        .collect()
}

/// The choices a view lists for the seat to decide, with their seat and ids.
pub(crate) fn view_choices(view: &fichas::game::View) -> Vec<PyChoice> {
    let seat = view.phase().to_act().map(|s| s.index());
    view.legal_actions()
        .into_iter()
        .map(|choice| PyChoice { id: view.action_id(&choice.action()), choice, seat })
        .collect()
}

/// A game of any variant: `Game("poleana")`, `Game("parchis:pairs", seed=7)`.
///
/// Its dice come from its own generator (seeded by `seed`, or from the system). A copy, a pickle
/// and `to_json` carry the generator's state: they roll what the game would roll. A `Game` is the
/// raw engine, for analysis, bots and tests: whoever holds it may play for any seat and see
/// every card. A server holds a `fichas.Table` instead (see docs/server.md). Threads may share a
/// game: their calls take turns.
#[pyclass(module = "fichas._fichas", name = "Game", frozen)]
pub struct PyGame {
    /// The game and its generator. A call holds the lock only while it reads or changes them,
    /// never while it calls into Python or a bot thinks, so calls from several threads take
    /// turns instead of failing.
    played: Mutex<Played>,
}

/// What a `Game` holds.
#[derive(Clone)]
pub(crate) struct Played {
    pub(crate) game: Game,
    pub(crate) rng: Xoshiro256PlusPlus,
}

/// The `format` of a game's JSON (`Game.to_json`).
pub(crate) const GAME_FORMAT: &str = "fichas-game";

/// The generator's state as it serialises: four 64-bit words.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct DiceWords {
    s: [u64; 4],
}

/// The state of a game's dice as 64 hex digits (its four words in order).
pub(crate) fn dice_to_hex(rng: &Xoshiro256PlusPlus) -> PyResult<String> {
    let words: DiceWords =
        serde_json::to_value(rng).and_then(serde_json::from_value).map_err(|e| FichasError::new_err(e.to_string()))?;
    Ok(words.s.iter().map(|w| format!("{w:016x}")).collect())
}

/// Reads the state `dice_to_hex` wrote; the all-zero state, which never leaves zero, is refused.
pub(crate) fn dice_from_hex(text: &str) -> PyResult<Xoshiro256PlusPlus> {
    let refuse = || {
        ParseError::new_err(format!(
            "dice must be 64 hex digits (the state of a generator), not {}",
            fichas::notation::bounded(&format!("{text:?}"))
        ))
    };
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(refuse());
    }
    let mut s = [0u64; 4];
    for (i, word) in s.iter_mut().enumerate() {
        *word = u64::from_str_radix(&text[16 * i..16 * (i + 1)], 16).map_err(|_| refuse())?;
    }
    if s == [0; 4] {
        return Err(refuse());
    }
    serde_json::to_value(DiceWords { s })
        .and_then(serde_json::from_value)
        .map_err(|e| FichasError::new_err(e.to_string()))
}

/// Where the action given to `Game.apply` comes from.
pub(crate) enum Given {
    Action(fichas::game::Action),
    Notation(String),
}

impl Given {
    /// The action, its notation read in `state`.
    fn action_in(self, state: &fichas::game::State) -> PyResult<fichas::game::Action> {
        match self {
            Given::Action(action) => Ok(action),
            Given::Notation(text) => state.parse_action(&text).map_err(parse_error),
        }
    }
}

impl PyGame {
    pub(crate) fn wrap(game: Game, seed: u64) -> PyGame {
        PyGame::of(Played { game, rng: Xoshiro256PlusPlus::seed_from_u64(seed) })
    }

    fn of(played: Played) -> PyGame {
        PyGame { played: Mutex::new(played) }
    }

    /// Runs `f` on the game with its lock held; `f` never calls into Python. A panic in `f` (a
    /// bug) becomes a `FichasError`, and the game, which it may have left half changed, refuses
    /// every later call with a `FichasError` rather than a panic.
    pub(crate) fn with<T>(&self, f: impl FnOnce(&mut Played) -> T) -> PyResult<T> {
        catch_unwind(AssertUnwindSafe(|| match self.played.lock() {
            Ok(mut played) => Ok(f(&mut played)),
            Err(_) => Err(FichasError::new_err(
                "this game can no longer be used: an internal error in fichas (a bug; please report it) interrupted a change to it",
            )),
        }))
        .unwrap_or_else(|_| Err(internal_error()))
    }

    /// A copy of the game and its generator.
    fn copied(&self) -> PyResult<PyGame> {
        self.with(|p| p.clone()).map(PyGame::of)
    }

    fn choices(game: &Game) -> Vec<PyChoice> {
        choices_of(game.state(), game.legal_actions(), game.to_act())
    }

    /// The view the pictures show (the seat to act's, or seat 0's) and the last step's events.
    fn picture_input(&self) -> PyResult<(fichas::game::View, Vec<Event>)> {
        self.with(|p| {
            let seat = p.game.to_act().unwrap_or(Seat::ALL[0]);
            (p.game.view(seat), p.game.last_events().to_vec())
        })
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (variant, seed=None))]
    fn new(py: Python<'_>, variant: &str, seed: Option<u64>) -> PyResult<PyGame> {
        let variant = parse_variant(variant)?;
        let seed = match seed {
            Some(s) => s,
            None => fresh_seed(py)?,
        };
        Ok(PyGame::wrap(Game::new(variant), seed))
    }

    /// A game that starts from a position text; `variant`, when given, must be the position's.
    #[staticmethod]
    #[pyo3(signature = (variant, text=None, seed=None))]
    fn from_position(py: Python<'_>, variant: &str, text: Option<&str>, seed: Option<u64>) -> PyResult<PyGame> {
        guard(|| {
            let (expected, text) = match text {
                Some(text) => (Some(parse_variant(variant)?), text),
                None => (None, variant),
            };
            let game = Game::from_position(text).map_err(parse_error)?;
            if let Some(expected) = expected.filter(|&v| v != game.variant()) {
                return Err(ConfigError::new_err(format!("the position is of {}, not of {expected}", game.variant())));
            }
            let seed = match seed {
                Some(s) => s,
                None => fresh_seed(py)?,
            };
            Ok(PyGame::wrap(game, seed))
        })
    }

    /// The variant, as its configuration text.
    #[getter]
    fn variant(&self) -> PyResult<String> {
        self.with(|p| p.game.variant().to_string())
    }

    /// Players at the table.
    #[getter]
    fn seats(&self) -> PyResult<usize> {
        self.with(|p| p.game.variant().seats())
    }

    /// The seats' names: the colours each plays (`"yellow"`, `"yellow+red"`).
    #[getter]
    fn seat_names(&self) -> PyResult<Vec<String>> {
        self.with(|p| {
            let v = p.game.variant();
            Seat::ALL[..v.seats()].iter().map(|&s| v.seat_name(s)).collect()
        })
    }

    /// `"chance"` (dice to roll), `"decide"` (a seat to act) or `"over"`.
    #[getter]
    fn phase(&self) -> PyResult<&'static str> {
        self.with(|p| match p.game.phase() {
            Phase::Chance => "chance",
            Phase::Decide(_) => "decide",
            Phase::Over(_) => "over",
        })
    }

    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        self.with(|p| p.game.is_over())
    }

    /// The seat to decide, or `None` while chance is pending or once the game is over.
    #[getter]
    fn to_act(&self) -> PyResult<Option<usize>> {
        self.with(|p| p.game.to_act().map(|s| s.index()))
    }

    /// Once over: `{"winners": [seats], "colours": [...], "special": bool, "detail": ...}`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((outcome, winners)) = self.with(|p| p.game.outcome().map(|o| (o, p.game.winners())))? else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("winners", winners.iter().map(|s| s.index()).collect::<Vec<_>>())?;
        dict.set_item("colours", outcome.colours().iter().map(|c| c.name()).collect::<Vec<_>>())?;
        dict.set_item("special", outcome.is_special())?;
        dict.set_item("detail", serde_to_py(py, &outcome)?)?;
        Ok(Some(dict))
    }

    /// The outcomes of the pending chance event with their integer weights.
    fn chance_outcomes(&self) -> PyResult<Vec<(String, u32)>> {
        self.with(|p| p.game.chance_outcomes().into_iter().map(|(o, w)| (o.to_string(), w)).collect())
    }

    /// Samples the pending chance event from the game's generator and applies it.
    fn roll<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events = self.with(|p| p.game.roll(&mut p.rng).map_err(play_error))??;
        events_to_py(py, &events)
    }

    /// Applies a supplied chance outcome: a roll as text (`"5-3"`) or a pair (`(5, 3)`).
    fn apply_chance<'py>(&self, py: Python<'py>, outcome: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let events = if let Ok(text) = outcome.extract::<String>() {
            self.with(|p| {
                let outcome = p.game.state().parse_chance(&text).map_err(parse_error)?;
                p.game.apply_chance(outcome).map_err(play_error)
            })??
        } else if let Ok((a, b)) = outcome.extract::<(i64, i64)>() {
            let face = |n: i64| u8::try_from(n).ok();
            let roll = face(a).zip(face(b)).and_then(|(a, b)| Roll::of(a, b));
            let outcome = ChanceOutcome::Roll(
                roll.ok_or_else(|| ParseError::new_err(format!("({a}, {b}) is not a roll of two dice 1 to 6")))?,
            );
            self.with(|p| p.game.apply_chance(outcome).map_err(play_error))??
        } else {
            return Err(PyTypeError::new_err("a chance outcome is a string such as '5-3' or a pair such as (5, 3)"));
        };
        events_to_py(py, &events)
    }

    /// The legal actions of the seat to act, in the game's stable order.
    fn legal_actions(&self) -> PyResult<Vec<PyChoice>> {
        self.with(|p| PyGame::choices(&p.game))
    }

    /// Applies an action (a `Choice` of `legal_actions()`, or its notation as text) and returns
    /// the events.
    fn apply<'py>(&self, py: Python<'py>, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let given = given_action(action)?;
        // The notation is read against the state it is played in, under the same lock.
        let events = self.with(|p| p.game.play(given.action_in(p.game.state())?).map_err(play_error))??;
        events_to_py(py, &events)
    }

    /// The ids of the legal actions of the seat to act, in the order of `legal_actions()`: the
    /// fast path of learning loops, which builds no `Choice`.
    fn legal_action_ids(&self) -> PyResult<Vec<u16>> {
        self.with(|p| p.game.state().legal_ids().to_vec())
    }

    /// Applies the action with this id (from `legal_action_ids()` or a mask) and returns
    /// nothing; `last_events` holds its events.
    fn apply_id(&self, id: i64) -> PyResult<()> {
        let id = u16::try_from(id).map_err(|_| {
            IllegalActionError::new_err(format!("action id {id} is not legal here: ids run from 0 to 65535"))
        })?;
        self.with(|p| p.game.play_id(id).map_err(play_error))?
    }

    /// Rolls the dice (or draws the card) from the game's generator, as `roll()` does, and
    /// returns nothing; `last_events` holds its events.
    fn roll_quietly(&self) -> PyResult<()> {
        self.with(|p| p.game.roll_quietly(&mut p.rng).map_err(play_error))?
    }

    /// What `seat` observes, as a float32 numpy array of `observation_layout(variant)`'s length,
    /// built from the seat's view alone (docs/learning.md gives the layout).
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let (view, seat, len) = self.with(|p| {
            let variant = p.game.variant();
            seat_of(&variant, seat).map(|seat| (p.game.view(seat), seat, variant.observation_len()))
        })??;
        let mut out = vec![0.0f32; len];
        view.observe(seat, &mut out).map_err(|e| FichasError::new_err(e.to_string()))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The legal-action mask of the seat to act: a bool numpy array of `action_space` entries,
    /// true at every legal id (all false while chance is pending and once the game is over).
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let out = self.with(|p| {
            let mut out = vec![false; usize::from(p.game.variant().action_space())];
            p.game.state().legal_mask(&mut out).map(|()| out)
        })?;
        Ok(PyArray1::from_vec(py, out.map_err(|e| FichasError::new_err(e.to_string()))?))
    }

    /// Each seat's return: once the game is over, 1.0 for every winning seat (both seats of a
    /// winning side, every quiet winner of Poleana's special victory) and -1.0 for the others;
    /// 0.0 for every seat before the end.
    fn returns(&self) -> PyResult<Vec<f32>> {
        self.with(|p| p.game.state().returns()[..p.game.variant().seats()].to_vec())
    }

    /// Each seat's reward: the only rewards come at the end, so once the game is over this is
    /// `returns()`, and 0.0 for every seat before.
    fn rewards(&self) -> PyResult<Vec<f32>> {
        self.with(|p| {
            let seats = p.game.variant().seats();
            if p.game.is_over() { p.game.state().returns()[..seats].to_vec() } else { vec![0.0; seats] }
        })
    }

    /// The host's timeout for the seat to act (each game's rules say what it does).
    fn timeout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events = self.with(|p| p.game.timeout().map_err(play_error))??;
        events_to_py(py, &events)
    }

    /// The events of the last step.
    #[getter]
    fn last_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events = self.with(|p| p.game.last_events().to_vec())?;
        events_to_py(py, &events)
    }

    /// The movements an action would make, played here (the game does not change): a dict per
    /// token that moves, in order, with `owner` (`{"colour": "yellow"}` or `{"seat": 1}`),
    /// `from`, `path` (every spot it enters, the last where it stops), `motion` (`walk` or
    /// `jump`) and `cause`. Refused as `apply` refuses.
    fn movements<'py>(&self, py: Python<'py>, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let given = given_action(action)?;
        let movements =
            self.with(|p| p.game.state().movements(given.action_in(p.game.state())?).map_err(play_error))??;
        serde_to_py(py, &movements)
    }

    /// Every token where it stands: a dict per token with `owner` and `spot`, the names the
    /// movements and `fichas.geometry` use.
    fn tokens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let tokens = self.with(|p| p.game.state().tokens())?;
        serde_to_py(py, &tokens)
    }

    /// How a front end reaches each legal action by taps, in the order of `legal_actions()`: a
    /// dict per action with `action`, `card` (Cartas), `tokens` (to tap in order), `steps` and
    /// `option`.
    fn taps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let taps = self.with(|p| p.game.state().taps())?;
        serde_to_py(py, &taps)
    }

    /// The whole game so far told in `language` (`"es"`, `"en"`, `"es-MX"`…): one sentence per
    /// event, from the start. Raises `ConfigError` for a language there is no catalogue for.
    #[pyo3(signature = (language="es"))]
    fn story(&self, language: &str) -> PyResult<Vec<String>> {
        let catalogue = Catalogue::for_tag(language).map_err(config_error)?;
        let record = self.with(|p| p.game.record())?;
        catalogue.story(&record).map_err(play_error)
    }

    /// The last step's events told in `language`, one sentence each.
    #[pyo3(signature = (language="es"))]
    fn tell(&self, language: &str) -> PyResult<Vec<String>> {
        let catalogue = Catalogue::for_tag(language).map_err(config_error)?;
        self.with(|p| p.game.last_events().iter().map(|e| catalogue.event(e)).collect())
    }

    /// What each legal choice does, in words of `language`, in the order of `legal_actions()`:
    /// what an app writes on its buttons and in its chooser.
    #[pyo3(signature = (language="es"))]
    fn describe(&self, language: &str) -> PyResult<Vec<String>> {
        let catalogue = Catalogue::for_tag(language).map_err(config_error)?;
        self.with(|p| catalogue.choices(p.game.state()))
    }

    /// What `seat` may see.
    fn view(&self, seat: i64) -> PyResult<PyView> {
        let view = self.with(|p| seat_of(&p.game.variant(), seat).map(|seat| p.game.view(seat)))??;
        Ok(PyView { view })
    }

    /// A hint for the seat to decide: the suggestion of `Bot(strength, seed)` from that seat's
    /// view; `None` while nobody decides.
    #[pyo3(signature = (strength="medium", seed=0))]
    fn suggest(&self, py: Python<'_>, strength: &str, seed: u64) -> PyResult<Option<PySuggestion>> {
        let strength: Strength = strength.parse().map_err(config_error)?;
        // The view is copied out, so the game is not held while the bot thinks.
        let Some(view) = self.with(|p| p.game.to_act().map(|seat| p.game.view(seat)))? else { return Ok(None) };
        suggestion(py, &Bot::new(strength, seed), &view)
    }

    /// The position as one line of text (it reads back with `Game.from_position`).
    fn position(&self) -> PyResult<String> {
        self.with(|p| p.game.position())
    }

    /// The record of the game so far.
    fn record(&self) -> PyResult<PyRecord> {
        self.with(|p| PyRecord { record: p.game.record() })
    }

    /// An independent copy. Its dice continue from the same point as this game's, so it rolls
    /// what this game would roll next, unless `seed` gives it dice of its own.
    #[pyo3(signature = (seed=None))]
    fn copy(&self, seed: Option<u64>) -> PyResult<PyGame> {
        let copy = self.copied()?;
        if let Some(seed) = seed {
            copy.with(|p| p.rng = Xoshiro256PlusPlus::seed_from_u64(seed))?;
        }
        Ok(copy)
    }

    /// The whole game as JSON: its record and the state of its dice (the generator `roll`
    /// draws from), so that `Game.from_json` restores a game that rolls what this one would.
    /// It is the whole game, as the `Game` is: a seat's share of it is `view(seat).to_json()`.
    fn to_json(&self) -> PyResult<String> {
        let (record, rng) = self.with(|p| (p.game.record(), p.rng.clone()))?;
        let dice = dice_to_hex(&rng)?;
        Ok(format!("{{\"format\":\"{GAME_FORMAT}\",\"dice\":\"{dice}\",\"record\":{}}}", record.to_json()))
    }

    /// Reads the JSON of `Game.to_json`: replays its record, checking every step (raises
    /// `RecordError` at an illegal one), and restores the state of its dice.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Form {
            format: String,
            dice: String,
            record: serde_json::Value,
        }
        guard(|| {
            let form: Form = serde_json::from_str(text).map_err(parse_error)?;
            if form.format != GAME_FORMAT {
                return Err(ParseError::new_err(format!(
                    "this JSON is not a game's: its format is {}, not {GAME_FORMAT}",
                    fichas::notation::bounded(&form.format)
                )));
            }
            let rng = dice_from_hex(&form.dice)?;
            let record = Record::from_json(&form.record.to_string()).map_err(record_error)?;
            let game = record.replay().map_err(|e| record_error(CoreRecordError::from(e)))?;
            Ok(PyGame::of(Played { game, rng }))
        })
    }

    /// Pickles go through the JSON form, so an unpickled game rolls what this one would.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.get_type::<PyGame>().getattr("from_json")?, (self.to_json()?,)))
    }

    fn __copy__(&self) -> PyResult<PyGame> {
        self.copied()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        self.copied()
    }

    /// How many action ids the game has: every `Choice.id` is below it.
    #[getter]
    fn action_space(&self) -> PyResult<u16> {
        self.with(|p| p.game.variant().action_space())
    }

    /// The notation of the action with this id, or `None`.
    fn action_from_id(&self, id: u16) -> PyResult<Option<String>> {
        self.with(|p| p.game.state().action_from_id(id).map(|a| a.to_string()))
    }

    /// The board as SVG, marking the last move.
    fn svg(&self) -> PyResult<String> {
        let (view, events) = self.picture_input()?;
        guard(|| Ok(picture::svg(&view, &events)))
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// The board as plain text, marking the last move.
    fn text(&self) -> PyResult<String> {
        let (view, events) = self.picture_input()?;
        guard(|| Ok(picture::text(&view, &events)))
    }

    fn __str__(&self) -> PyResult<String> {
        self.text()
    }

    fn __repr__(&self) -> PyResult<String> {
        self.with(|p| {
            let status = match p.game.phase() {
                Phase::Chance => "chance to roll".to_string(),
                Phase::Decide(seat) => format!("seat {seat} to act"),
                Phase::Over(_) => "over".to_string(),
            };
            format!("<fichas.Game '{}' {} after {} steps>", p.game.variant(), status, p.game.steps().len())
        })
    }
}

/// Reads a JSON record and replays it, checking every step. The game's generator is seeded
/// afresh from the operating system (a restored game never rolls what anyone can predict).
#[pyfunction]
pub(crate) fn replay(py: Python<'_>, json: &str) -> PyResult<PyGame> {
    let seed = fresh_seed(py)?;
    guard(|| Ok(PyGame::wrap(fichas::record::replay(json).map_err(record_error)?, seed)))
}
