//! The compiled part of the Python package `fichas`: a thin layer over `fichas::game`.
//!
//! No rule lives here. Every call goes to the engine; its typed errors become the exceptions of
//! `fichas` (all subclasses of `FichasError`), and a panic, which the engine is built never to
//! raise, is caught and reported as a `FichasError` too rather than crossing into Python.
//!
//! Every object may be shared between threads: all but `Game` are immutable, and a `Game` keeps
//! its state behind a lock that each call holds only while it reads or changes the state. A
//! call that may run long (a batch, a search) works without the interpreter lock on a thread of
//! its own while the calling thread checks for signals every 100 ms; on Ctrl-C it stops the
//! work and raises `KeyboardInterrupt`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use fichas::bot::{Bot, Budget, Kind, Reason, Stop, Strength, Suggestion};
use fichas::game::{self, ChanceOutcome, Choice, Event, Game, Variant};
use fichas::phase::{Phase, PlayError};
use fichas::record::{Record, RecordError as CoreRecordError, Step};
use fichas::{Roll, Seat, picture, simulation};
use numpy::PyArray1;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

mod env;
mod table;

create_exception!(_fichas, FichasError, PyValueError, "Base class of every error fichas raises.");
create_exception!(_fichas, ConfigError, FichasError, "A variant or option that cannot make a game.");
create_exception!(_fichas, IllegalActionError, FichasError, "An action or chance outcome the rules refuse here.");
create_exception!(_fichas, ParseError, FichasError, "Text (an action, a roll, a position) that cannot be read.");
create_exception!(_fichas, RecordError, FichasError, "A record that cannot be read, or whose replay fails.");

/// The error for a panic, which the engine is built never to raise.
fn internal_error() -> PyErr {
    FichasError::new_err("internal error in fichas (a bug; please report it)")
}

/// Runs `f`, turning a panic into a `FichasError` so that none reaches Python.
fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(internal_error()))
}

/// How often a long call checks for signals (Ctrl-C) and reports progress.
const TICK: Duration = Duration::from_millis(100);

/// Runs `work` on a thread of its own without the interpreter lock, while this thread checks for
/// signals every [`TICK`] and then calls `tick` (a progress report). Should either raise, `stop`
/// is requested, the work (which polls `stop`) is waited for, and the exception is raised: no
/// thread goes on working for a call that has ended.
fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> T + Send,
    mut tick: impl FnMut() -> PyResult<()>,
) -> PyResult<T> {
    /// Requests the stop when the call ends, however it ends, so that the scope's wait is short.
    struct StopOnExit<'a>(&'a Stop);
    impl Drop for StopOnExit<'_> {
        fn drop(&mut self) {
            self.0.request();
        }
    }
    std::thread::scope(|scope| {
        let _stop_on_exit = StopOnExit(stop);
        let (finished, mut wait) = mpsc::sync_channel::<()>(1);
        let worker = scope.spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(work));
            let _ = finished.send(());
            result
        });
        loop {
            let (over, back) = py.detach(move || {
                let over = !matches!(wait.recv_timeout(TICK), Err(RecvTimeoutError::Timeout));
                (over, wait)
            });
            wait = back;
            if over {
                break;
            }
            if let Err(e) = py.check_signals().and_then(|()| tick()) {
                stop.request();
                let _ = py.detach(move || worker.join());
                return Err(e);
            }
        }
        match py.detach(move || worker.join()) {
            Ok(Ok(value)) => Ok(value),
            _ => Err(internal_error()),
        }
    })
}

fn config_error(e: impl std::fmt::Display) -> PyErr {
    ConfigError::new_err(e.to_string())
}

fn play_error(e: PlayError) -> PyErr {
    IllegalActionError::new_err(e.to_string())
}

/// A reader's error; messages of other libraries (serde's quote what they read) are bounded.
fn parse_error(e: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(fichas::notation::bounded(&e.to_string()))
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

/// The choices a view lists for the seat to decide, with their seat and ids.
fn view_actions(view: &game::View) -> Vec<PyAction> {
    let seat = view.phase().to_act().map(|s| s.index());
    view.legal_actions()
        .into_iter()
        .map(|choice| PyAction { id: view.action_id(&choice.action()), choice, seat })
        .collect()
}

/// What a seat may see of a game; a client can render from it alone.
#[pyclass(module = "fichas._fichas", name = "View", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
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

    /// The notation of the seat's legal actions when it is to act, worked out from the view
    /// alone.
    fn legal_actions(&self) -> Vec<String> {
        self.view.legal_actions().iter().map(|c| c.action().to_string()).collect()
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

    /// Pickles and copies go through the JSON form.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.get_type::<PyView>().getattr("from_json")?, (self.to_json()?,)))
    }
}

/// A game as data: where it started and every step; see `docs/records.md`.
#[pyclass(module = "fichas._fichas", name = "Record", frozen, eq)]
#[derive(Clone, PartialEq)]
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
                Step::Timeout { seat } => {
                    dict.set_item("seat", seat.index())?;
                    dict.set_item("timeout", true)?;
                }
            }
            Ok(dict)
        });
        PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)
    }

    /// Plays every step again, checking each; raises `RecordError` at the first illegal one.
    /// The game's generator is seeded afresh from the operating system, as `Game()` is.
    fn replay(&self, py: Python<'_>) -> PyResult<PyGame> {
        let seed = fresh_seed(py)?;
        guard(|| {
            let game = self.record.replay().map_err(|e| record_error(CoreRecordError::from(e)))?;
            Ok(PyGame::wrap(game, seed))
        })
    }

    /// Checks the hash chain: every link must follow from the record's content and, given the
    /// `head` the server kept (hex), the chain must end there. Raises `RecordError`.
    #[pyo3(signature = (head=None))]
    fn verify(&self, head: Option<&str>) -> PyResult<()> {
        let head = head.map(table::head_of).transpose()?;
        self.record.verify(head.as_ref()).map_err(|e| RecordError::new_err(e.to_string()))
    }

    /// Every step's link of the hash chain (hex): a seat compares a head it was sent at step
    /// `n` with `links[n - 1]`.
    #[getter]
    fn links(&self) -> Vec<String> {
        self.record.links().iter().map(|l| fichas::record::hex(l)).collect()
    }

    /// The head of the record's hash chain (hex).
    #[getter]
    fn head(&self) -> String {
        fichas::record::hex(&self.record.head())
    }

    /// The host's metadata of a table's record (players, times, turn limit, dice, commitment,
    /// seeds), or None.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(meta) = self.record.table() else { return Ok(None) };
        let dict = PyDict::new(py);
        dict.set_item("players", meta.players.clone())?;
        dict.set_item("started", meta.started)?;
        dict.set_item("start_time", meta.start_time)?;
        dict.set_item("turn_limit_ms", meta.turn_limit_ms)?;
        dict.set_item("dice", meta.dice.to_string())?;
        dict.set_item("commitment", meta.commitment.map(|c| fichas::record::hex(&c)))?;
        dict.set_item("seeds", meta.seeds.clone())?;
        Ok(Some(dict))
    }

    /// The host's time of each step (None where it gave none).
    #[getter]
    fn times(&self) -> Vec<Option<u64>> {
        (0..self.record.steps().len()).map(|i| self.record.time(i)).collect()
    }

    fn __len__(&self) -> usize {
        self.record.steps().len()
    }

    fn __repr__(&self) -> String {
        format!("<fichas.Record {} with {} steps>", self.record.variant(), self.record.steps().len())
    }

    /// Pickles and copies go through the JSON form.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.get_type::<PyRecord>().getattr("from_json")?, (self.to_json(false),)))
    }
}

/// A bot's choice: the action, why (a stable code and an English sentence) and its estimate of
/// the seat's chance to win after it.
#[pyclass(module = "fichas._fichas", name = "Suggestion", frozen)]
pub struct PySuggestion {
    action: PyAction,
    reason: Option<Reason>,
    estimate: Option<f32>,
}

#[pymethods]
impl PySuggestion {
    /// The action, as `legal_actions()` lists it.
    #[getter]
    fn action(&self) -> PyAction {
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

/// Whether a bot of `strength` may think long enough in `variant` (more than a few
/// milliseconds) to be watched for Ctrl-C: a search with a budget well above the medium one.
/// The quick ones think on the calling thread, which spares starting a thread for each.
fn may_think_long(strength: Strength, variant: Variant) -> bool {
    let budget = strength.budget;
    strength.kind == Kind::Search
        && match variant {
            // The tree search's cost grows with its iterations and the decisions each plays out.
            Variant::Cartas(_) => u64::from(budget.iterations) * (u64::from(budget.playout) + 4) > 8_000,
            Variant::Poleana(_) | Variant::Parchis(_) => budget.nodes > 20_000,
        }
}

/// The bot's choice for the seat `view` belongs to. It thinks without the interpreter lock, so
/// other Python threads go on meanwhile; a long search thinks on a thread of its own while this
/// one watches for Ctrl-C, which stops it and raises `KeyboardInterrupt`.
fn think(py: Python<'_>, bot: Bot, view: game::View) -> PyResult<Option<Suggestion>> {
    if may_think_long(bot.strength(), view.variant()) {
        let stop = Stop::new();
        interruptible(py, &stop, || bot.choose_with_stop(&view, &stop), || Ok(()))
    } else {
        py.detach(move || catch_unwind(move || bot.choose(&view))).map_err(|_| internal_error())
    }
}

/// The bot's suggestion for the seat to decide in `view`, with the action as the view lists it.
fn suggestion(py: Python<'_>, bot: &Bot, view: &game::View) -> PyResult<Option<PySuggestion>> {
    let view = *view;
    let hint = think(py, *bot, view)?;
    guard(|| {
        let Some(hint) = hint else { return Ok(None) };
        let action = view_actions(&view)
            .into_iter()
            .find(|a| a.choice.action() == hint.action)
            .ok_or_else(|| FichasError::new_err("internal error in fichas: a bot chose an unlisted action"))?;
        Ok(Some(PySuggestion { action, reason: hint.reason, estimate: hint.estimate }))
    })
}

/// A number of a search budget, checked.
fn budget_number<T: TryFrom<i64>>(name: &str, value: i64, most: &str) -> PyResult<T> {
    T::try_from(value).map_err(|_| ConfigError::new_err(format!("{name} must be from 0 to {most}, not {value}")))
}

/// A player for every variant that sees only what its seat may see.
///
/// `Bot("hard", seed=1)`: the strength is a kind (`random`, `greedy`, `search`) or a level
/// (`easy`, `medium`, `hard`); a search may set its own budget with `nodes`, `depth` (Poleana,
/// Parchís), `iterations`, `playout` (Cartas) and `time_limit` (seconds per decision).
#[pyclass(module = "fichas._fichas", name = "Bot", frozen)]
pub struct PyBot {
    bot: Bot,
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
        let tuned =
            nodes.is_some() || depth.is_some() || iterations.is_some() || playout.is_some() || time_limit.is_some();
        if tuned && strength.kind != Kind::Search {
            return Err(ConfigError::new_err(format!(
                "a budget (nodes, depth, iterations, playout, time_limit) is for a search; `{strength}` does not search"
            )));
        }
        let budget = &mut strength.budget;
        if let Some(n) = nodes {
            budget.nodes = budget_number("nodes", n, "4294967295")?;
        }
        if let Some(n) = depth {
            budget.depth = budget_number("depth", n, "255")?;
        }
        if let Some(n) = iterations {
            budget.iterations = budget_number("iterations", n, "4294967295")?;
        }
        if let Some(n) = playout {
            budget.playout = budget_number("playout", n, "255")?;
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
struct Played {
    game: Game,
    rng: Xoshiro256PlusPlus,
}

/// The `format` of a game's JSON (`Game.to_json`).
const GAME_FORMAT: &str = "fichas-game";

/// The generator's state as it serialises: four 64-bit words.
#[derive(serde::Serialize, serde::Deserialize)]
struct DiceWords {
    s: [u64; 4],
}

/// The state of a game's dice as 64 hex digits (its four words in order).
fn dice_to_hex(rng: &Xoshiro256PlusPlus) -> PyResult<String> {
    let words: DiceWords =
        serde_json::to_value(rng).and_then(serde_json::from_value).map_err(|e| FichasError::new_err(e.to_string()))?;
    Ok(words.s.iter().map(|w| format!("{w:016x}")).collect())
}

/// Reads the state `dice_to_hex` wrote; the all-zero state, which never leaves zero, is refused.
fn dice_from_hex(text: &str) -> PyResult<Xoshiro256PlusPlus> {
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
enum Given {
    Action(game::Action),
    Notation(String),
}

impl PyGame {
    fn wrap(game: Game, seed: u64) -> PyGame {
        PyGame::of(Played { game, rng: Xoshiro256PlusPlus::seed_from_u64(seed) })
    }

    fn of(played: Played) -> PyGame {
        PyGame { played: Mutex::new(played) }
    }

    /// Runs `f` on the game with its lock held; `f` never calls into Python. A panic in `f` (a
    /// bug) becomes a `FichasError`, and the game, which it may have left half changed, refuses
    /// every later call with a `FichasError` rather than a panic.
    fn with<T>(&self, f: impl FnOnce(&mut Played) -> T) -> PyResult<T> {
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

    fn choices(game: &Game) -> Vec<PyAction> {
        actions_of(game.state(), game.legal_actions(), game.to_act())
    }

    /// The view the pictures show (the seat to act's, or seat 0's) and the last step's events.
    fn picture_input(&self) -> PyResult<(game::View, Vec<Event>)> {
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
    fn legal_actions(&self) -> PyResult<Vec<PyAction>> {
        self.with(|p| PyGame::choices(&p.game))
    }

    /// Applies an action (an `Action`, or its notation as text) and returns the events.
    fn apply<'py>(&self, py: Python<'py>, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let given = if let Ok(a) = action.cast::<PyAction>() {
            Given::Action(a.get().choice.action())
        } else if let Ok(text) = action.extract::<String>() {
            Given::Notation(text)
        } else {
            return Err(PyTypeError::new_err(
                "an action is an Action from legal_actions() or its notation as a string",
            ));
        };
        // The notation is read against the state it is played in, under the same lock.
        let events = self.with(|p| {
            let action = match given {
                Given::Action(action) => action,
                Given::Notation(text) => p.game.state().parse_action(&text).map_err(parse_error)?,
            };
            p.game.play(action).map_err(play_error)
        })??;
        events_to_py(py, &events)
    }

    /// The ids of the legal actions of the seat to act, in the order of `legal_actions()`: the
    /// fast path of learning loops, which builds no `Action`.
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

    /// How many action ids the game has: every `Action.id` is below it.
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
fn replay(py: Python<'_>, json: &str) -> PyResult<PyGame> {
    let seed = fresh_seed(py)?;
    guard(|| Ok(PyGame::wrap(fichas::record::replay(json).map_err(record_error)?, seed)))
}

/// How one seat of a simulation plays: inside the engine, or by a Python callable.
enum SeatPolicy {
    Engine(simulation::Policy),
    Python(Py<PyAny>),
}

/// One seat's policy: a name, a `Bot` (its strength: every seat's bot is seeded from the
/// batch seed, the game and the seat, so that a batch replays), or a callable.
fn seat_policy(item: &Bound<'_, PyAny>) -> PyResult<SeatPolicy> {
    if let Ok(name) = item.extract::<String>() {
        let policy = name.parse::<simulation::Policy>().map_err(|_| {
            ConfigError::new_err(format!(
                "unknown policy `{name}`: a policy is random, greedy, search, easy, medium or hard (or a search with a budget, search:nodes=N), a Bot, or a callable"
            ))
        })?;
        Ok(SeatPolicy::Engine(policy))
    } else if let Ok(bot) = item.cast::<PyBot>() {
        Ok(SeatPolicy::Engine(simulation::Policy::Bot(bot.get().bot.strength())))
    } else if item.is_callable() {
        Ok(SeatPolicy::Python(item.clone().unbind()))
    } else {
        Err(PyTypeError::new_err(format!(
            "a policy is a name (such as \"greedy\"), a Bot or a callable, not {}",
            item.get_type().name()?
        )))
    }
}

/// The seats' policies: one for every seat, or a list that seat `s` takes entry
/// `s % len` of.
fn seat_policies(policy: &Bound<'_, PyAny>) -> PyResult<Vec<SeatPolicy>> {
    if policy.is_instance_of::<PyString>() || !(policy.is_instance_of::<PyList>() || policy.is_instance_of::<PyTuple>())
    {
        return Ok(vec![seat_policy(policy)?]);
    }
    let seats = policy.try_iter()?.map(|item| seat_policy(&item?)).collect::<PyResult<Vec<_>>>()?;
    if seats.is_empty() || seats.len() > Seat::MAX {
        return Err(ConfigError::new_err(format!(
            "a list of policies names 1 to {} seats, not {}",
            Seat::MAX,
            seats.len()
        )));
    }
    Ok(seats)
}

/// Why a game with Python policies stopped: the callable raised, or answered an action the
/// rules refuse.
struct Stopped(PyErr);

impl From<PlayError> for Stopped {
    fn from(e: PlayError) -> Stopped {
        Stopped(IllegalActionError::new_err(format!("a policy chose an illegal action: {e}")))
    }
}

impl From<PyErr> for Stopped {
    fn from(e: PyErr) -> Stopped {
        Stopped(e)
    }
}

/// Asks a Python policy for its action: it gets the seat's view and its legal actions and
/// answers one of them, or its notation.
fn ask(py: Python<'_>, policy: &Py<PyAny>, seat: Seat, view: &game::View) -> Result<game::Action, Stopped> {
    let actions = view_actions(view);
    let answer = policy.call1(py, (PyView { view: *view }, actions.clone()))?;
    let answer = answer.bind(py);
    if let Ok(action) = answer.cast::<PyAction>() {
        return Ok(action.get().choice.action());
    }
    let Ok(text) = answer.extract::<String>() else {
        return Err(Stopped(PyTypeError::new_err(format!(
            "the policy of seat {} answered {}: a policy returns one of the Actions it is given, or its notation",
            seat.index(),
            answer.get_type().name()?
        ))));
    };
    match actions.iter().find(|a| a.notation() == text) {
        Some(action) => Ok(action.choice.action()),
        None => {
            let legal: Vec<String> = actions.iter().map(PyAction::notation).collect();
            Err(Stopped(IllegalActionError::new_err(format!(
                "the policy of seat {} answered `{text}`, which is not one of the legal actions: {}",
                seat.index(),
                legal.join(", ")
            ))))
        }
    }
}

/// Plays the games one after another on this thread, holding the interpreter lock, since the
/// Python policies need it. Python code handles Ctrl-C itself, and the loop checks for signals
/// between games; a search that may think long is asked here too, rather than inside the
/// engine's game loop, so that it thinks without the interpreter lock and Ctrl-C stops it. It
/// gets the seed the engine would give it and the same view, so it makes the same choices.
fn simulate_with_python(
    py: Python<'_>,
    variant: Variant,
    games: std::ops::Range<u64>,
    seed: u64,
    seats: &[SeatPolicy],
    progress: Option<&Bound<'_, PyAny>>,
    keep: &mut dyn FnMut(simulation::GameSummary),
) -> PyResult<()> {
    let policies: Vec<Option<simulation::Policy>> = seats
        .iter()
        .map(|s| match s {
            SeatPolicy::Engine(policy) if !policy.strength().is_some_and(|s| may_think_long(s, variant)) => {
                Some(*policy)
            }
            _ => None,
        })
        .collect();
    let mut reported = std::time::Instant::now();
    let first = games.start;
    for index in games {
        let mut decide = |seat: Seat, view: &game::View| -> Result<game::Action, Stopped> {
            match &seats[seat.index() % seats.len()] {
                SeatPolicy::Python(policy) => ask(py, policy, seat, view),
                SeatPolicy::Engine(policy) => {
                    let strength = policy.strength().ok_or_else(internal_error)?;
                    let bot = Bot::new(strength, simulation::bot_seed(seed, index, seat));
                    Ok(think(py, bot, *view)?.ok_or_else(internal_error)?.action)
                }
            }
        };
        let summary =
            guard(|| simulation::play_game_by(variant, &policies, seed, index, &mut decide).map_err(|Stopped(e)| e))?;
        keep(summary);
        if reported.elapsed() > TICK {
            py.check_signals()?;
            if let Some(callback) = progress {
                callback.call1((index + 1 - first,))?;
            }
            reported = std::time::Instant::now();
        }
    }
    Ok(())
}

/// Plays `games` games in Rust. `policy` is how every seat plays, or a list that seat `s` takes
/// entry `s % len` of: a name (`random`, `greedy`, `search`, `easy`, `medium`, `hard`), a `Bot`,
/// or a callable that gets the seat's `View` and its legal `Action`s and returns one of them
/// (or its notation). Without callables the games run on `threads` threads (default: every
/// core) without the interpreter lock; with one, on this thread. The games are numbered from
/// `first`, and game `i` is seeded from `seed` and `i`, so a batch split into parts plays the
/// same games. Returns columns as a dict of lists, or with `summary` only the totals (constant
/// memory); `fichas.simulate` wraps them. While the games run, `progress` (if given) is called
/// now and then with the number finished. Ctrl-C, or an exception from `progress`, stops the
/// games and is raised.
#[pyfunction]
#[pyo3(signature = (variant, games, seed=0, threads=None, policy=None, progress=None, first=0, summary=false))]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    variant: &str,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    policy: Option<Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
    first: u64,
    summary: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = parse_variant(variant)?;
    let seats = match &policy {
        None => vec![SeatPolicy::Engine(simulation::Policy::Random)],
        Some(policy) => seat_policies(policy)?,
    };
    let limit = if summary { 10_000_000_000 } else { 100_000_000 };
    if games > limit {
        return Err(ConfigError::new_err(if summary {
            "at most 10,000,000,000 games a call"
        } else {
            "at most 100,000,000 games a call with rows (summary=True keeps only totals)"
        }));
    }
    let range = first..first.checked_add(games).ok_or_else(|| ConfigError::new_err("first + games is past 2**64"))?;
    let python_seats = seats.iter().any(|s| matches!(s, SeatPolicy::Python(_)));
    let engine_seats = || -> Vec<simulation::Policy> {
        seats
            .iter()
            .filter_map(|s| match s {
                SeatPolicy::Engine(policy) => Some(*policy),
                SeatPolicy::Python(_) => None,
            })
            .collect()
    };
    let result = match (python_seats, summary) {
        (true, false) => {
            let mut rows = Vec::new();
            simulate_with_python(py, variant, range, seed, &seats, progress.as_ref(), &mut |g| rows.push(g))?;
            columns(py, variant, &rows)?
        }
        (true, true) => {
            let mut totals = simulation::Tally::default();
            simulate_with_python(py, variant, range, seed, &seats, progress.as_ref(), &mut |g| totals.add(&g))?;
            tally_dict(py, variant, &totals)?
        }
        (false, false) => {
            let rows = simulate_in_rust(py, threads, progress.as_ref(), |done, stop, threads| {
                simulation::simulate_range_with_stop(variant, range, seed, threads, &engine_seats(), Some(done), stop)
            })?;
            columns(py, variant, &rows)?
        }
        (false, true) => {
            let totals = simulate_in_rust(py, threads, progress.as_ref(), |done, stop, threads| {
                simulation::tally(variant, range, seed, threads, &engine_seats(), Some(done), stop)
            })?;
            tally_dict(py, variant, &totals)?
        }
    };
    if let Some(callback) = &progress {
        callback.call1((games,))?;
    }
    Ok(result)
}

/// Plays with `play` on `threads` threads without the interpreter lock, waking now and then to
/// check for signals and report progress. Ctrl-C, or an exception from `progress`, stops the
/// workers before it is raised.
fn simulate_in_rust<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    play: impl FnOnce(&AtomicU64, &Stop, usize) -> Option<T> + Send,
) -> PyResult<T> {
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let done = AtomicU64::new(0);
    let stop = Stop::new();
    let result = interruptible(
        py,
        &stop,
        || play(&done, &stop, threads),
        || match progress {
            Some(callback) => callback.call1((done.load(Ordering::Relaxed),)).map(drop),
            None => Ok(()),
        },
    )?;
    // Only this call requests the stop, and it raises when it does.
    result.ok_or_else(internal_error)
}

/// A tally as a dict: `games`, `wins` (per seat), `special`, `turns`, `decisions`, `captures`.
fn tally_dict<'py>(py: Python<'py>, variant: Variant, totals: &simulation::Tally) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("games", totals.games)?;
    dict.set_item("wins", totals.wins[..variant.seats()].to_vec())?;
    dict.set_item("special", totals.special)?;
    dict.set_item("turns", totals.turns)?;
    dict.set_item("decisions", totals.decisions)?;
    dict.set_item("captures", totals.captures)?;
    Ok(dict)
}

/// The summaries as columns: a dict of lists.
fn columns<'py>(
    py: Python<'py>,
    variant: Variant,
    summaries: &[simulation::GameSummary],
) -> PyResult<Bound<'py, PyDict>> {
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
    m.add_class::<PyBot>()?;
    m.add_class::<PySuggestion>()?;
    table::register(m)?;
    env::register(m)?;
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
