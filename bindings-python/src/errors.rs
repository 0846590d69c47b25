//! The exceptions of `fichas` and the conversions of the engine's errors into them.

use super::*;

create_exception!(_fichas, FichasError, PyValueError, "Base class of every error fichas raises.");
create_exception!(_fichas, ConfigError, FichasError, "A variant or option that cannot make a game.");
create_exception!(_fichas, IllegalActionError, FichasError, "An action or chance outcome the rules refuse here.");
create_exception!(_fichas, ParseError, FichasError, "Text (an action, a roll, a position) that cannot be read.");
create_exception!(_fichas, RecordError, FichasError, "A record that cannot be read, or whose replay fails.");

/// The error for a panic, which the engine is built never to raise.
pub(crate) fn internal_error() -> PyErr {
    FichasError::new_err("internal error in fichas (a bug; please report it)")
}

/// Runs `f`, turning a panic into a `FichasError` so that none reaches Python.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(internal_error()))
}

pub(crate) fn config_error(e: impl std::fmt::Display) -> PyErr {
    ConfigError::new_err(e.to_string())
}

/// An action or outcome refused, with `code` (the kind, `PlayError::code`) and `reason` (for an
/// illegal action, the refusal's own code, such as `parchis-blocked`; else None) as attributes.
pub(crate) fn play_error(e: PlayError) -> PyErr {
    let err = IllegalActionError::new_err(e.to_string());
    let reason = match e {
        PlayError::Illegal { reason, .. } => Some(reason.code()),
        _ => None,
    };
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("code", e.code());
        let _ = value.setattr("reason", reason);
    });
    err
}

/// A reader's error; messages of other libraries (serde's quote what they read) are bounded.
pub(crate) fn parse_error(e: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(fichas::notation::bounded(&e.to_string()))
}

/// A record's error, with `step` (the index of the step at fault, or None) as an attribute: a
/// store that finds its last row torn drops it and resumes.
pub(crate) fn record_error(e: CoreRecordError) -> PyErr {
    let step = match &e {
        CoreRecordError::Step { index, .. } => Some(*index),
        CoreRecordError::Illegal(replay) => Some(replay.index),
        _ => None,
    };
    with_step(RecordError::new_err(e.to_string()), step)
}

/// A broken hash chain as a `RecordError`, with the step at fault as `step`.
pub(crate) fn chain_error(e: fichas::record::ChainError) -> PyErr {
    let step = match &e {
        fichas::record::ChainError::Missing { index } | fichas::record::ChainError::Broken { index } => Some(*index),
        fichas::record::ChainError::Head { .. } => None,
    };
    with_step(RecordError::new_err(e.to_string()), step)
}

fn with_step(err: PyErr, step: Option<usize>) -> PyErr {
    Python::attach(|py| {
        let _ = err.value(py).setattr("step", step);
    });
    err
}
