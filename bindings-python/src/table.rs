//! `fichas.Table`: what a game server holds instead of a `Game` (a thin layer over
//! `fichas::table`). Seats act only through `submit`; timeouts, outcomes and the secret are the
//! host's; each seat's events come filtered by the engine.

use std::sync::Mutex;

use fichas::Seat;
use fichas::game::Variant;
use fichas::record::{Record, parse_link};
use fichas::seat::Viewer;
use fichas::table::{self, DiceError as CoreDiceError, Options, Secret, Table, TableError as CoreTableError};
use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{FichasError, IllegalActionError, PyRecord, PyView, guard, parse_variant, serde_to_py};

create_exception!(_fichas, TableError, FichasError, "A table refused a call; nothing changed.");
create_exception!(_fichas, NotYourTurnError, TableError, "A seat acted when it was not its turn.");
create_exception!(_fichas, StaleStepError, TableError, "A seat acted on a position the table has left.");
create_exception!(_fichas, FutureStepError, TableError, "A seat named a step the table has not reached.");
create_exception!(_fichas, HostOnlyError, TableError, "A seat asked for what only the host may do (a timeout).");
create_exception!(_fichas, GameOverError, TableError, "A seat acted after the game ended.");
create_exception!(_fichas, DiceError, FichasError, "A record's dice do not follow from the revealed secret.");

/// A refusal as the exception of its kind, with its facts as attributes.
fn table_error(py: Python<'_>, e: CoreTableError) -> PyErr {
    let message = e.to_string();
    let err = match &e {
        CoreTableError::NotYourTurn { .. } => NotYourTurnError::new_err(message),
        CoreTableError::Stale { .. } => StaleStepError::new_err(message),
        CoreTableError::Ahead { .. } => FutureStepError::new_err(message),
        CoreTableError::HostOnly => HostOnlyError::new_err(message),
        CoreTableError::GameOver => GameOverError::new_err(message),
        CoreTableError::Illegal { .. } => IllegalActionError::new_err(message),
        _ => TableError::new_err(message),
    };
    let value = err.value(py);
    let _ = value.setattr("code", e.code());
    let _ = match e {
        CoreTableError::NotYourTurn { to_act_seat, .. } => value.setattr("to_act", to_act_seat.map(Seat::index)),
        CoreTableError::Stale { current, .. } | CoreTableError::Ahead { current, .. } => value.setattr("step", current),
        CoreTableError::Illegal { legal, code, .. } => {
            value.setattr("legal", legal).and_then(|()| value.setattr("reason", code))
        }
        _ => Ok(()),
    };
    err
}

fn dice_error(py: Python<'_>, e: CoreDiceError) -> PyErr {
    let step = match &e {
        CoreDiceError::Differs { index, .. } => Some(*index),
        CoreDiceError::Illegal(replay) => Some(replay.index),
        _ => None,
    };
    let err = DiceError::new_err(e.to_string());
    let _ = err.value(py).setattr("step", step);
    err
}

/// A table step: 0 or more, as seats and times are.
fn step_of(step: i64) -> PyResult<usize> {
    usize::try_from(step)
        .map_err(|_| FichasError::new_err(format!("a step is a number of steps, 0 or more, not {step}")))
}

/// A host time in milliseconds: 0 or more.
fn millis(at: Option<i64>) -> PyResult<Option<u64>> {
    at.map(|t| {
        u64::try_from(t)
            .map_err(|_| FichasError::new_err(format!("a time is a number of milliseconds, 0 or more, not {t}")))
    })
    .transpose()
}

fn secret_of(text: &str) -> PyResult<Secret> {
    Secret::from_hex(text)
        .ok_or_else(|| FichasError::new_err("a secret is 64 hexadecimal digits (what Table.reveal() gives)"))
}

/// A record given as JSON text or as a `Record`.
fn record_of(record: &Bound<'_, PyAny>) -> PyResult<Record> {
    if let Ok(r) = record.cast::<PyRecord>() {
        return Ok(r.get().record.clone());
    }
    let text: String = record
        .extract()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("a record is its JSON text or a fichas.Record"))?;
    Record::from_json(&text).map_err(crate::errors::record_error)
}

/// A header given as JSON text or as a `Record`, as JSON text.
pub(crate) fn header_json(header: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(r) = header.cast::<PyRecord>() {
        return Ok(r.get().record.to_json());
    }
    header.extract().map_err(|_| pyo3::exceptions::PyTypeError::new_err("a header is its JSON text or a fichas.Record"))
}

/// A game served to remote seats: the only door through which seats act. See docs/server.md.
#[pyclass(module = "fichas._fichas", name = "Table", frozen)]
pub struct PyTable {
    table: Mutex<Table>,
    variant: Variant,
}

impl PyTable {
    fn wrap(table: Table) -> PyTable {
        PyTable { variant: table.variant(), table: Mutex::new(table) }
    }

    /// Runs `f` with the table locked; a panic (a bug) becomes a `FichasError`.
    fn with<T>(&self, f: impl FnOnce(&mut Table) -> PyResult<T>) -> PyResult<T> {
        guard(|| match self.table.lock() {
            Ok(mut table) => f(&mut table),
            Err(_) => {
                Err(FichasError::new_err("this table can no longer be used: an internal error interrupted a change"))
            }
        })
    }

    fn seat(&self, seat: i64) -> PyResult<Seat> {
        crate::seat_of(&self.variant, seat)
    }

    fn viewer(&self, seat: Option<i64>) -> PyResult<Viewer> {
        Ok(match seat {
            Some(s) => Viewer::Seat(self.seat(s)?),
            None => Viewer::Spectator,
        })
    }
}

/// Events as dicts, each with the table step that produced it.
fn delivered_to_py<'py>(py: Python<'py>, events: &[table::Delivered]) -> PyResult<Bound<'py, PyList>> {
    let items = events.iter().map(|d| {
        let item = serde_to_py(py, &d.event)?;
        item.cast::<PyDict>()?.set_item("step", d.step)?;
        Ok(item)
    });
    PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)
}

#[pymethods]
impl PyTable {
    /// A table of `variant`, not yet started. `dice` is `"system"` (the operating system's
    /// secure generator), `"host"` (outcomes supplied with `supply`) or `"verifiable"`
    /// (committed, derived and revealed: see docs/server.md); `turn_limit_ms` the time a turn
    /// may take on the host's clock.
    #[new]
    #[pyo3(signature = (variant, *, dice="system", turn_limit_ms=None))]
    fn new(py: Python<'_>, variant: &str, dice: &str, turn_limit_ms: Option<u64>) -> PyResult<PyTable> {
        let variant = parse_variant(variant)?;
        let dice = dice.parse().map_err(crate::config_error)?;
        let table = Table::new(variant, Options { dice, turn_limit_ms }).map_err(|e| table_error(py, e))?;
        Ok(PyTable::wrap(table))
    }

    /// Continues a game from its record (JSON or `Record`), checking every step; verifiable
    /// dice need their `secret`, system dice continue with fresh entropy. `at` (the host's time
    /// now) starts the current turn's clock afresh, so no seat pays for the server's absence.
    /// With `steps`, `record` is the header a store kept (`header()`) and `steps` the JSON of
    /// every step it appended (`steps_since`), in order; every link is checked.
    #[staticmethod]
    #[pyo3(signature = (record, *, secret=None, at=None, steps=None))]
    fn resume(
        py: Python<'_>,
        record: &Bound<'_, PyAny>,
        secret: Option<&str>,
        at: Option<i64>,
        steps: Option<Vec<String>>,
    ) -> PyResult<PyTable> {
        let at = millis(at)?;
        let record = match steps {
            None => record_of(record)?,
            Some(steps) => {
                let header = header_json(record)?;
                guard(|| Record::from_json_parts(&header, &steps).map_err(crate::errors::record_error))?
            }
        };
        let secret = secret.map(secret_of).transpose()?;
        guard(|| {
            let mut table = Table::resume(&record, secret).map_err(|e| table_error(py, e))?;
            if let Some(at) = at {
                table.restart_clock(at);
            }
            Ok(PyTable::wrap(table))
        })
    }

    #[getter]
    fn variant(&self) -> String {
        self.variant.to_string()
    }

    #[getter]
    fn seats(&self) -> usize {
        self.variant.seats()
    }

    #[getter]
    fn dice(&self) -> PyResult<String> {
        self.with(|t| Ok(t.dice().to_string()))
    }

    /// SHA-256 of the verifiable dice's secret (hex), to publish before the start.
    #[getter]
    fn commitment(&self) -> PyResult<Option<String>> {
        self.with(|t| Ok(t.commitment().map(|c| fichas::record::hex(&c))))
    }

    /// Seats a player before the start, with a name or id and a seed for the verifiable dice.
    #[pyo3(signature = (seat, *, player=None, seed=None))]
    fn join(&self, py: Python<'_>, seat: i64, player: Option<&str>, seed: Option<&str>) -> PyResult<()> {
        let seat = self.seat(seat)?;
        self.with(|t| t.join(seat, player, seed).map_err(|e| table_error(py, e)))
    }

    /// Closes the joining and makes the draws that are due (the first deal of Cartas).
    #[pyo3(signature = (*, at=None))]
    fn start(&self, py: Python<'_>, at: Option<i64>) -> PyResult<()> {
        let at = millis(at)?;
        self.with(|t| t.start(at).map_err(|e| table_error(py, e)))
    }

    #[getter]
    fn started(&self) -> PyResult<bool> {
        self.with(|t| Ok(t.is_started()))
    }

    /// The table's step counter; a seat sends back the one it last saw.
    #[getter]
    fn step(&self) -> PyResult<usize> {
        self.with(|t| Ok(t.step()))
    }

    /// The seat to act (to decide, or to ask for its roll), or None.
    #[getter]
    fn to_act(&self) -> PyResult<Option<usize>> {
        self.with(|t| Ok(t.to_act().map(Seat::index)))
    }

    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        self.with(|t| Ok(t.is_over()))
    }

    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let outcome = self.with(|t| Ok(t.outcome()))?;
        outcome.map(|o| serde_to_py(py, &o)).transpose()
    }

    #[getter]
    fn winners(&self) -> PyResult<Vec<usize>> {
        self.with(|t| Ok(t.winners().iter().map(|s| s.index()).collect()))
    }

    /// What `seat` may send now: `["roll"]` when its roll is due, else its legal actions.
    fn legal_actions(&self, seat: i64) -> PyResult<Vec<String>> {
        let seat = self.seat(seat)?;
        self.with(|t| Ok(t.legal_actions(seat)))
    }

    /// A seat's move, made on table step `step`: the new step. Refusals change nothing.
    #[pyo3(signature = (seat, step, action, *, at=None))]
    fn submit(&self, py: Python<'_>, seat: i64, step: i64, action: &str, at: Option<i64>) -> PyResult<usize> {
        let at = millis(at)?;
        let seat = self.seat(seat)?;
        let step = step_of(step)?;
        self.with(|t| t.submit(seat, step, action, at).map_err(|e| table_error(py, e)))
    }

    /// The host's timeout of the seat on turn, before or after its roll: the new step.
    #[pyo3(signature = (*, at=None))]
    fn timeout(&self, py: Python<'_>, at: Option<i64>) -> PyResult<usize> {
        let at = millis(at)?;
        self.with(|t| t.timeout(at).map_err(|e| table_error(py, e)))
    }

    /// When the current turn runs out (host milliseconds), if there is a turn limit.
    #[getter]
    fn deadline(&self) -> PyResult<Option<u64>> {
        self.with(|t| Ok(t.deadline()))
    }

    /// Times the seat on turn out if `now` is at or past the deadline; whether it did.
    fn expire(&self, py: Python<'_>, now: i64) -> PyResult<bool> {
        let Some(now) = millis(Some(now))? else { return Ok(false) };
        self.with(|t| t.expire(now).map_err(|e| table_error(py, e)))
    }

    /// What `seat` may see.
    fn view(&self, seat: i64) -> PyResult<PyView> {
        let seat = self.seat(seat)?;
        self.with(|t| Ok(PyView { view: t.view(seat) }))
    }

    /// What a spectator may see: in the dice games the position text (they hide nothing), in
    /// Cartas a dict of the board and the public piles, with no card of any hand.
    fn public_view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let view = self.with(|t| Ok(t.public_view()))?;
        serde_to_py(py, &view)
    }

    /// Every event from step `since` on, as `seat` may see it (None: a spectator).
    #[pyo3(signature = (seat, since=0))]
    fn events_for<'py>(&self, py: Python<'py>, seat: Option<i64>, since: i64) -> PyResult<Bound<'py, PyList>> {
        let since = step_of(since)?;
        let viewer = self.viewer(seat)?;
        let events = self.with(|t| Ok(t.events_for(viewer, since)))?;
        delivered_to_py(py, &events)
    }

    /// Every event from step `since` on, nothing hidden: the host's own.
    #[pyo3(signature = (since=0))]
    fn events<'py>(&self, py: Python<'py>, since: i64) -> PyResult<Bound<'py, PyList>> {
        let since = step_of(since)?;
        let events = self.with(|t| Ok(t.events(since)))?;
        delivered_to_py(py, &events)
    }

    /// Every roll from table step `since` on: `{"step": 3, "seat": 0, "roll": "5-3"}`, in
    /// order (what a seat has not been sent costs what it holds, however long the game).
    #[pyo3(signature = (since=0))]
    fn rolls<'py>(&self, py: Python<'py>, since: i64) -> PyResult<Bound<'py, PyList>> {
        let since = step_of(since)?;
        let rolls = self.with(|t| {
            let all = t.rolls();
            Ok(all[all.partition_point(|r| r.step < since)..].to_vec())
        })?;
        let items = rolls.iter().map(|r| {
            let dict = PyDict::new(py);
            dict.set_item("step", r.step)?;
            dict.set_item("seat", r.seat.index())?;
            dict.set_item("roll", r.roll.to_string())?;
            Ok(dict)
        });
        PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)
    }

    /// Whether the table waits for the host's outcome (host dice).
    #[getter]
    fn chance_due(&self) -> PyResult<bool> {
        self.with(|t| Ok(t.chance_due()))
    }

    /// The outcomes the host may supply, with weights (the host's alone).
    fn chance_outcomes(&self) -> PyResult<Vec<(String, u32)>> {
        self.with(|t| Ok(t.chance_outcomes().iter().map(|(o, w)| (o.to_string(), *w)).collect()))
    }

    /// Supplies the awaited outcome (host dice): `"5-3"`, or a Cartas card such as `"K"`.
    #[pyo3(signature = (outcome, *, at=None))]
    fn supply(&self, py: Python<'_>, outcome: &str, at: Option<i64>) -> PyResult<usize> {
        let at = millis(at)?;
        self.with(|t| {
            let outcome = t.game().state().parse_chance(outcome).map_err(crate::parse_error)?;
            t.supply(outcome, at).map_err(|e| table_error(py, e))
        })
    }

    /// The record: every step with its host time, the host's metadata and the hash chain.
    fn record(&self) -> PyResult<PyRecord> {
        self.with(|t| Ok(PyRecord { record: t.record() }))
    }

    /// The head of the record's hash chain (hex), for the server to keep or sign. Kept as the
    /// chain grows: the same cost at every step.
    #[getter]
    fn head(&self) -> PyResult<String> {
        self.with(|t| Ok(fichas::record::hex(&t.head())))
    }

    /// The record without its steps (configuration and the host's metadata), which a store
    /// keeps once per game, again after each join and at the start (from then on it no longer
    /// changes); `resume(header, steps=...)` takes it back.
    fn header(&self) -> PyResult<PyRecord> {
        self.with(|t| Ok(PyRecord { record: t.header() }))
    }

    /// The steps from index `since` on, for a store to append:
    /// `{"index": 12, "step": '{"chance":"5-3","time":..,"link":".."}', "link": hex}`. Costs what
    /// the steps asked for cost, however long the game.
    #[pyo3(signature = (since=0))]
    fn steps_since<'py>(&self, py: Python<'py>, since: i64) -> PyResult<Bound<'py, PyList>> {
        let since = step_of(since)?;
        let entries: Vec<_> = self.with(|t| Ok(t.steps_since(since).collect()))?;
        let items = entries.iter().map(|e| {
            let dict = PyDict::new(py);
            dict.set_item("index", e.index)?;
            dict.set_item("step", e.to_json())?;
            dict.set_item("link", fichas::record::hex(&e.link))?;
            Ok(dict)
        });
        PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)
    }

    /// The verifiable dice's secret (hex). Publish it only once the game is over.
    fn reveal(&self) -> PyResult<String> {
        self.with(|t| {
            t.reveal()
                .map(Secret::to_hex)
                .ok_or_else(|| TableError::new_err(format!("the table's dice are {}: there is no secret", t.dice())))
        })
    }

    /// A public summary: variant, step and who is to act (nothing hidden).
    fn __repr__(&self) -> PyResult<String> {
        self.with(|t| Ok(format!("<fichas.Table {t}>")))
    }
}

/// Recomputes every chance outcome of a record of verifiable dice from the revealed secret;
/// raises `DiceError` (with `.step`) at the first that differs. Returns how many were checked.
#[pyfunction]
pub fn verify_dice(py: Python<'_>, record: &Bound<'_, PyAny>, secret: &str) -> PyResult<usize> {
    let record = record_of(record)?;
    let secret = secret_of(secret)?;
    guard(|| table::verify_dice(&record, &secret).map_err(|e| dice_error(py, e)))
}

/// Reads a head given as hex.
pub fn head_of(text: &str) -> PyResult<fichas::record::Link> {
    parse_link(text.trim())
        .ok_or_else(|| FichasError::new_err("a head is 64 hexadecimal digits (what Table.head gives)"))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyTable>()?;
    m.add_function(wrap_pyfunction!(verify_dice, m)?)?;
    m.add("TableError", py.get_type::<TableError>())?;
    m.add("NotYourTurnError", py.get_type::<NotYourTurnError>())?;
    m.add("StaleStepError", py.get_type::<StaleStepError>())?;
    m.add("FutureStepError", py.get_type::<FutureStepError>())?;
    m.add("HostOnlyError", py.get_type::<HostOnlyError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("DiceError", py.get_type::<DiceError>())?;
    Ok(())
}
