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
//!
//! One module per service of the engine, as in the core: `game` (`Game`, `Choice`), `view`,
//! `record`, `bot` (`Bot`, `Suggestion`), `simulate`, `table`, `env` (observation layouts and
//! the batch behind `VectorEnv`) and `errors`; this file holds what they share and the module's
//! registration. Each module reads the shared names with `use super::*`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use fichas::bot::{Bot, Budget, Kind, Reason, Stop, Strength, Suggestion};
use fichas::game::{ChanceOutcome, Choice, Event, Game, Variant};
use fichas::phase::{Phase, PlayError};
use fichas::record::{Record, RecordError as CoreRecordError, Step};
use fichas::text::Catalogue;
use fichas::{Roll, Seat, picture, simulation};
use numpy::PyArray1;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

mod bot;
mod env;
mod errors;
mod game;
mod record;
mod simulate;
mod table;
mod training;
mod view;

use bot::*;
use errors::*;
use game::*;
use record::*;
use view::*;

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

/// The variants' texts: one of each game and each mode (`fichas::game::VARIANTS`).
#[pyfunction]
fn variants() -> Vec<&'static str> {
    fichas::game::VARIANTS.to_vec()
}

/// Where every spot of `variant`'s board lies in its SVG picture, as a dict: `width`,
/// `height`, and `spots`, each with its `spot` name and its `area` (`{"shape": "rect", "x",
/// "y", "width", "height"}` or `{"shape": "circle", "cx", "cy", "r"}`).
#[pyfunction]
fn geometry<'py>(py: Python<'py>, variant: &str) -> PyResult<Bound<'py, PyAny>> {
    serde_to_py(py, &picture::geometry(parse_variant(variant)?))
}

/// The languages there are catalogues for, by tag: `["en", "es"]`.
#[pyfunction]
fn languages() -> Vec<&'static str> {
    fichas::text::Language::ALL.iter().map(|l| l.tag()).collect()
}

/// What a variant has and how its table is laid out, as a dict: `variant`, `game`, `mode`,
/// `seats` (each with its `colours` and `partner`), `has` (`dice`, `roll`, `cards`,
/// `hidden_hands`, `marks`, `partners`) and `action_space`. Raises `ConfigError` for a text
/// that names no valid game.
#[pyfunction]
fn variant_info<'py>(py: Python<'py>, variant: &str) -> PyResult<Bound<'py, PyAny>> {
    serde_to_py(py, &parse_variant(variant)?.info())
}

#[pymodule]
fn _fichas(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The bound of every loop the package runs for a user: simulate's and the environments'.
    m.add("MAX_DECISIONS", simulation::MAX_DECISIONS)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyChoice>()?;
    m.add_class::<PyView>()?;
    m.add_class::<PyRecord>()?;
    m.add_class::<PyBot>()?;
    m.add_class::<PySuggestion>()?;
    table::register(m)?;
    env::register(m)?;
    training::register(m)?;
    m.add_function(wrap_pyfunction!(game::replay, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(variant_info, m)?)?;
    m.add_function(wrap_pyfunction!(geometry, m)?)?;
    m.add_function(wrap_pyfunction!(languages, m)?)?;
    m.add("FichasError", py.get_type::<FichasError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}
