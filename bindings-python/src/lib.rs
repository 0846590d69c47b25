//! The compiled part of the Python package `fichas`: a thin layer over `fichas::game`.
//!
//! No rule lives here. Every call goes to the engine; its typed errors become the exceptions of
//! `fichas` (all subclasses of `FichasError`), and a panic, which the engine is built never to
//! raise, is caught and reported as a `FichasError` too rather than crossing into Python.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use fichas::game::{self, ChanceOutcome, Choice, Event, Game, Variant};
use fichas::phase::{Phase, PlayError};
use fichas::record::{Record, RecordError as CoreRecordError, Step};
use fichas::{Roll, Seat, picture, simulation};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

create_exception!(_fichas, FichasError, PyValueError, "Base class of every error fichas raises.");
create_exception!(_fichas, ConfigError, FichasError, "A variant or option that cannot make a game.");
create_exception!(_fichas, IllegalActionError, FichasError, "An action or chance outcome the rules refuse here.");
create_exception!(_fichas, ParseError, FichasError, "Text (an action, a roll, a position) that cannot be read.");
create_exception!(_fichas, RecordError, FichasError, "A record that cannot be read, or whose replay fails.");

/// Runs `f`, turning a panic into a `FichasError` so that none reaches Python.
fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(FichasError::new_err("internal error in fichas (a bug; please report it)")))
}

fn config_error(e: impl std::fmt::Display) -> PyErr {
    ConfigError::new_err(e.to_string())
}

fn play_error(e: PlayError) -> PyErr {
    IllegalActionError::new_err(e.to_string())
}

fn parse_error(e: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(e.to_string())
}

fn record_error(e: CoreRecordError) -> PyErr {
    RecordError::new_err(e.to_string())
}

/// A JSON value as the Python object `json.loads` would give.
fn to_py<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (_, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            PyList::new(py, items.iter().map(|v| to_py(py, v)).collect::<PyResult<Vec<_>>>()?)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// Any serialisable value as a Python object.
fn serde_to_py<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| FichasError::new_err(e.to_string()))?;
    to_py(py, &json)
}

/// Events as a list of dicts, each with an `"event"` key naming what happened.
fn events_to_py<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, events.iter().map(|e| serde_to_py(py, e)).collect::<PyResult<Vec<_>>>()?)
}

fn parse_variant(text: &str) -> PyResult<Variant> {
    text.parse().map_err(config_error)
}

/// A seat number checked against the table.
fn seat_of(variant: &Variant, seat: i64) -> PyResult<Seat> {
    usize::try_from(seat).ok().and_then(Seat::new).filter(|s| s.index() < variant.seats()).ok_or_else(|| {
        FichasError::new_err(format!(
            "seat {seat} is not at this table: {variant} has seats 0 to {}",
            variant.seats() - 1
        ))
    })
}

/// A seed from the operating system, through Python's `os.urandom`.
fn fresh_seed(py: Python<'_>) -> PyResult<u64> {
    let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
    Ok(bytes.iter().fold(0u64, |acc, b| acc << 8 | u64::from(*b)))
}

/// A legal action with everything its game attaches to it (compliance and marks in Poleana,
/// steps and captures in Parchís).
#[pyclass(module = "fichas._fichas", name = "Action", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyAction {
    choice: Choice,
    seat: Option<usize>,
    id: Option<u16>,
}

#[pymethods]
impl PyAction {
    /// The action in the game's notation, such as `Y12+5` or `home+sum`.
    #[getter]
    fn notation(&self) -> String {
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
        format!("Action('{}'{extra})", self.notation())
    }
}

/// Wraps choices with their seat and ids, which in Cartas depend on the state.
fn actions_of(state: &game::State, choices: Vec<Choice>, seat: Option<Seat>) -> Vec<PyAction> {
    choices
        .into_iter()
        .map(|choice| PyAction { id: state.action_id(&choice.action()), choice, seat: seat.map(|s| s.index()) })
        .collect()
}

/// What a seat may see of a game; a client can render from it alone.
#[pyclass(module = "fichas._fichas", name = "View", frozen)]
#[derive(Clone)]
pub struct PyView {
    view: game::View,
}

#[pymethods]
impl PyView {
    /// The view as JSON, to send to a client.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.view).map_err(|e| FichasError::new_err(e.to_string()))
    }

    /// Reads a view sent by a server.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyView> {
        guard(|| Ok(PyView { view: serde_json::from_str(text).map_err(parse_error)? }))
    }

    /// The variant the view belongs to.
    #[getter]
    fn variant(&self) -> String {
        self.view.variant().to_string()
    }

    /// The seat's legal actions when it is to act, worked out from the view alone.
    fn legal_actions(&self) -> Vec<String> {
        self.view.legal_actions().iter().map(|c| c.to_string()).collect()
    }

    /// The board as SVG.
    fn svg(&self) -> String {
        picture::svg(&self.view, &[])
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// The board as plain text.
    #[getter]
    fn text(&self) -> String {
        picture::text(&self.view, &[])
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<fichas.View {}>", self.view.variant())
    }
}

/// A game as data: where it started and every step; see `docs/records.md`.
#[pyclass(module = "fichas._fichas", name = "Record", frozen)]
#[derive(Clone)]
pub struct PyRecord {
    record: Record,
}

#[pymethods]
impl PyRecord {
    /// The record as JSON; `pretty=True` puts one step a line.
    #[pyo3(signature = (pretty=false))]
    fn to_json(&self, pretty: bool) -> String {
        if pretty { self.record.to_json_pretty() } else { self.record.to_json() }
    }

    /// Reads a record from JSON without replaying it.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyRecord> {
        guard(|| Ok(PyRecord { record: Record::from_json(text).map_err(record_error)? }))
    }

    #[getter]
    fn variant(&self) -> String {
        self.record.variant().to_string()
    }

    /// The steps as dicts: `{"chance": "5-3"}` or `{"seat": 0, "action": "Y0+5"}`.
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self.record.steps().iter().map(|step| {
            let dict = PyDict::new(py);
            match step {
                Step::Chance(o) => dict.set_item("chance", o.to_string())?,
                Step::Action { seat, action } => {
                    dict.set_item("seat", seat.index())?;
                    dict.set_item("action", action.to_string())?;
                }
            }
            Ok(dict)
        });
        PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)
    }

    /// Plays every step again, checking each; raises `RecordError` at the first illegal one.
    fn replay(&self) -> PyResult<PyGame> {
        guard(|| {
            let game = self.record.replay().map_err(|e| record_error(CoreRecordError::from(e)))?;
            Ok(PyGame::wrap(game, 0))
        })
    }

    fn __len__(&self) -> usize {
        self.record.steps().len()
    }

    fn __repr__(&self) -> String {
        format!("<fichas.Record {} with {} steps>", self.record.variant(), self.record.steps().len())
    }
}

/// A game of any variant: `Game("poleana")`, `Game("parchis:pairs", seed=7)`.
///
/// Its dice come from its own generator (seeded by `seed`, or from the system); a server may
/// supply its own with `apply_chance`.
#[pyclass(module = "fichas._fichas", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    game: Game,
    rng: Xoshiro256PlusPlus,
}

impl PyGame {
    fn wrap(game: Game, seed: u64) -> PyGame {
        PyGame { game, rng: Xoshiro256PlusPlus::seed_from_u64(seed) }
    }

    fn choices(&self) -> Vec<PyAction> {
        actions_of(self.game.state(), self.game.legal_actions(), self.game.to_act())
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
            if let Some(expected) = expected {
                if expected != game.variant() {
                    return Err(ConfigError::new_err(format!(
                        "the position is of {}, not of {expected}",
                        game.variant()
                    )));
                }
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
    fn variant(&self) -> String {
        self.game.variant().to_string()
    }

    /// Players at the table.
    #[getter]
    fn seats(&self) -> usize {
        self.game.variant().seats()
    }

    /// The seats' names: the colours each plays (`"yellow"`, `"yellow+red"`).
    #[getter]
    fn seat_names(&self) -> Vec<String> {
        let v = self.game.variant();
        Seat::ALL[..v.seats()].iter().map(|&s| v.seat_name(s)).collect()
    }

    /// `"chance"` (dice to roll), `"decide"` (a seat to act) or `"over"`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.phase() {
            Phase::Chance => "chance",
            Phase::Decide(_) => "decide",
            Phase::Over(_) => "over",
        }
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The seat to decide, or `None` while chance is pending or once the game is over.
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.game.to_act().map(|s| s.index())
    }

    /// Once over: `{"winners": [seats], "colours": [...], "special": bool, "detail": ...}`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(outcome) = self.game.outcome() else { return Ok(None) };
        let dict = PyDict::new(py);
        dict.set_item("winners", self.game.winners().iter().map(|s| s.index()).collect::<Vec<_>>())?;
        dict.set_item("colours", outcome.colours().iter().map(|c| c.name()).collect::<Vec<_>>())?;
        dict.set_item("special", outcome.is_special())?;
        dict.set_item("detail", serde_to_py(py, &outcome)?)?;
        Ok(Some(dict))
    }

    /// The outcomes of the pending chance event with their integer weights.
    fn chance_outcomes(&self) -> Vec<(String, u32)> {
        self.game.chance_outcomes().into_iter().map(|(o, w)| (o.to_string(), w)).collect()
    }

    /// Samples the pending chance event from the game's generator and applies it.
    fn roll<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events = guard(|| self.game.roll(&mut self.rng).map_err(play_error))?;
        events_to_py(py, &events)
    }

    /// Applies a supplied chance outcome: a roll as text (`"5-3"`) or a pair (`(5, 3)`).
    fn apply_chance<'py>(&mut self, py: Python<'py>, outcome: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let outcome = if let Ok(text) = outcome.extract::<String>() {
            self.game.state().parse_chance(&text).map_err(parse_error)?
        } else if let Ok((a, b)) = outcome.extract::<(i64, i64)>() {
            let face = |n: i64| u8::try_from(n).ok();
            let roll = face(a).zip(face(b)).and_then(|(a, b)| Roll::of(a, b));
            ChanceOutcome::Roll(
                roll.ok_or_else(|| ParseError::new_err(format!("({a}, {b}) is not a roll of two dice 1 to 6")))?,
            )
        } else {
            return Err(PyTypeError::new_err("a chance outcome is a string such as '5-3' or a pair such as (5, 3)"));
        };
        let events = guard(|| self.game.apply_chance(outcome).map_err(play_error))?;
        events_to_py(py, &events)
    }

    /// The legal actions of the seat to act, in the game's stable order.
    fn legal_actions(&self) -> PyResult<Vec<PyAction>> {
        guard(|| Ok(self.choices()))
    }

    /// Applies an action (an `Action`, or its notation as text) and returns the events.
    fn apply<'py>(&mut self, py: Python<'py>, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let action = if let Ok(a) = action.cast::<PyAction>() {
            a.get().choice.action()
        } else if let Ok(text) = action.extract::<String>() {
            self.game.state().parse_action(&text).map_err(parse_error)?
        } else {
            return Err(PyTypeError::new_err(
                "an action is an Action from legal_actions() or its notation as a string",
            ));
        };
        let events = guard(|| self.game.play(action).map_err(play_error))?;
        events_to_py(py, &events)
    }

    /// The host's timeout for the seat to act (each game's rules say what it does).
    fn timeout<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events = guard(|| self.game.timeout().map_err(play_error))?;
        events_to_py(py, &events)
    }

    /// The events of the last step.
    #[getter]
    fn last_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        events_to_py(py, self.game.last_events())
    }

    /// What `seat` may see.
    fn view(&self, seat: i64) -> PyResult<PyView> {
        let seat = seat_of(&self.game.variant(), seat)?;
        Ok(PyView { view: self.game.view(seat) })
    }

    /// The position as one line of text (it reads back with `Game.from_position`).
    fn position(&self) -> String {
        self.game.position()
    }

    /// The record of the game so far.
    fn record(&self) -> PyRecord {
        PyRecord { record: self.game.record() }
    }

    /// An independent copy (its generator continues from the same point).
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// How many action ids the game has: every `Action.id` is below it.
    #[getter]
    fn action_space(&self) -> u16 {
        self.game.variant().action_space()
    }

    /// The notation of the action with this id, or `None`.
    fn action_from_id(&self, id: u16) -> Option<String> {
        self.game.state().action_from_id(id).map(|a| a.to_string())
    }

    /// The board as SVG, marking the last move.
    fn svg(&self) -> String {
        let seat = self.game.to_act().unwrap_or(Seat::ALL[0]);
        picture::svg(&self.game.view(seat), self.game.last_events())
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// The board as plain text, marking the last move.
    fn text(&self) -> String {
        let seat = self.game.to_act().unwrap_or(Seat::ALL[0]);
        picture::text(&self.game.view(seat), self.game.last_events())
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        let status = match self.game.phase() {
            Phase::Chance => "chance to roll".to_string(),
            Phase::Decide(seat) => format!("seat {seat} to act"),
            Phase::Over(_) => "over".to_string(),
        };
        format!("<fichas.Game '{}' {} after {} steps>", self.game.variant(), status, self.game.steps().len())
    }
}

/// Reads a JSON record and replays it, checking every step.
#[pyfunction]
fn replay(json: &str) -> PyResult<PyGame> {
    guard(|| Ok(PyGame::wrap(fichas::record::replay(json).map_err(record_error)?, 0)))
}

/// Plays `games` random games in Rust, on `threads` threads (default: every core), without the
/// interpreter lock. Returns columns as a dict of lists; `fichas.simulate` wraps them. While
/// the games run, `progress` (if given) is called now and then with the number finished.
#[pyfunction]
#[pyo3(signature = (variant, games, seed=0, threads=None, policy="random", progress=None))]
fn simulate<'py>(
    py: Python<'py>,
    variant: &str,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    policy: &str,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = parse_variant(variant)?;
    if policy != "random" {
        return Err(ConfigError::new_err(format!("unknown policy `{policy}`: the policies are: random")));
    }
    if games > 100_000_000 {
        return Err(ConfigError::new_err("at most 100,000,000 games a call"));
    }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let done = Arc::new(AtomicU64::new(0));
    let worker = {
        let done = Arc::clone(&done);
        std::thread::spawn(move || {
            catch_unwind(AssertUnwindSafe(|| {
                simulation::simulate(variant, games, seed, threads, simulation::Policy::Random, Some(&done))
            }))
        })
    };
    // Wait without the interpreter lock, waking now and then to report progress.
    while !worker.is_finished() {
        py.detach(|| std::thread::sleep(Duration::from_millis(100)));
        if let Some(callback) = &progress {
            callback.call1((done.load(Ordering::Relaxed),))?;
        }
    }
    let summaries = match worker.join() {
        Ok(Ok(summaries)) => summaries,
        _ => return Err(FichasError::new_err("internal error in fichas (a bug; please report it)")),
    };
    if let Some(callback) = &progress {
        callback.call1((games,))?;
    }
    let columns = PyDict::new(py);
    columns.set_item("winner", summaries.iter().map(|s| s.winner().map(|w| w.index())).collect::<Vec<_>>())?;
    let winners: Vec<Bound<'py, PyTuple>> = summaries
        .iter()
        .map(|s| PyTuple::new(py, s.winning_seats().map(|w| w.index()).collect::<Vec<_>>()))
        .collect::<PyResult<_>>()?;
    columns.set_item("winners", winners)?;
    columns.set_item("turns", summaries.iter().map(|s| s.turns).collect::<Vec<_>>())?;
    columns.set_item("decisions", summaries.iter().map(|s| s.decisions).collect::<Vec<_>>())?;
    columns.set_item("captures", summaries.iter().map(|s| s.captures).collect::<Vec<_>>())?;
    if matches!(variant, Variant::Poleana(_)) {
        columns.set_item("special", summaries.iter().map(|s| s.special).collect::<Vec<_>>())?;
    }
    Ok(columns)
}

/// The variants' short texts, with an example of each mode.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    vec![
        "poleana",
        "poleana:2",
        "poleana:3",
        "poleana-express",
        "parchis",
        "parchis:two-player",
        "parchis:two-colours",
        "parchis:pairs",
        "cartas",
    ]
}

#[pymodule]
fn _fichas(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyAction>()?;
    m.add_class::<PyView>()?;
    m.add_class::<PyRecord>()?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add("FichasError", py.get_type::<FichasError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}
