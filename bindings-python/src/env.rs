//! Learning environments' Rust side: observation layouts and many games stepped at once into
//! numpy arrays (`fichas.env.VectorEnv` wraps `VectorGames`).

use std::sync::Mutex;

use fichas::batch::{Batch, BatchError, Slices};
use fichas::game::Variant;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{ConfigError, FichasError, IllegalActionError, internal_error, parse_variant};

/// The sections of `variant`'s observations, in order: dicts of `name`, `start`, `stop` (the
/// slice `observation[start:stop]` holds the section) and `holds` (what its numbers mean).
#[pyfunction]
fn observation_layout<'py>(py: Python<'py>, variant: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let variant = parse_variant(variant)?;
    variant
        .observation_sections()
        .map(|placed| {
            let dict = PyDict::new(py);
            dict.set_item("name", placed.section.name)?;
            dict.set_item("start", placed.start)?;
            dict.set_item("stop", placed.range().end)?;
            dict.set_item("holds", placed.section.holds)?;
            Ok(dict)
        })
        .collect()
}

/// `num_envs` games of one variant, stepped together in Rust (see `fichas.env.VectorEnv`).
///
/// The arrays it shows are its own buffers, written in place by every `reset` and `step`.
#[pyclass(module = "fichas._fichas", name = "VectorGames", frozen)]
struct PyVectorGames {
    variant: Variant,
    threads: usize,
    batch: Mutex<Batch>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    to_act: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
}

fn batch_error(e: BatchError) -> PyErr {
    match e {
        BatchError::Illegal { .. } => IllegalActionError::new_err(e.to_string()),
        BatchError::Size { .. } => ConfigError::new_err(e.to_string()),
    }
}

impl PyVectorGames {
    /// Runs `f` on the batch and the arrays as slices, without the interpreter lock.
    fn with_slices(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Batch, &mut Slices<'_>) -> Result<(), BatchError> + Send,
    ) -> PyResult<()> {
        let mut observations = self.observations.bind(py).try_readwrite()?;
        let mut masks = self.masks.bind(py).try_readwrite()?;
        let mut to_act = self.to_act.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut dones = self.dones.bind(py).try_readwrite()?;
        let mut slices = Slices {
            observations: observations.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            to_act: to_act.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            dones: dones.as_slice_mut()?,
        };
        let batch = &self.batch;
        let result = py.detach(move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut batch = batch.lock().map_err(|_| None)?;
                f(&mut batch, &mut slices).map_err(Some)
            }))
        });
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(Some(e))) => Err(batch_error(e)),
            Ok(Err(None)) | Err(_) => Err(internal_error()),
        }
    }
}

#[pymethods]
impl PyVectorGames {
    #[new]
    #[pyo3(signature = (variant, num_envs, seed=0, threads=1))]
    fn new(py: Python<'_>, variant: &str, num_envs: usize, seed: u64, threads: usize) -> PyResult<PyVectorGames> {
        let variant = parse_variant(variant)?;
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(ConfigError::new_err(format!("num_envs must be 1 to 1,048,576, not {num_envs}")));
        }
        if threads == 0 || threads > 256 {
            return Err(ConfigError::new_err(format!("threads must be 1 to 256, not {threads}")));
        }
        let (len, space, seats) = (variant.observation_len(), usize::from(variant.action_space()), variant.seats());
        let games = PyVectorGames {
            variant,
            threads,
            batch: Mutex::new(Batch::new(variant, num_envs, seed)),
            observations: PyArray2::zeros(py, [num_envs, len], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, space], false).unbind(),
            to_act: PyArray1::zeros(py, num_envs, false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, seats], false).unbind(),
            dones: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
        };
        games.with_slices(py, |batch, out| batch.observe(out))?;
        Ok(games)
    }

    /// Starts every game anew and writes the first observations. With `seed`, the games roll
    /// from that seed as a new `VectorGames(variant, num_envs, seed)` would; without, their
    /// dice go on.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let variant = self.variant;
        self.with_slices(py, move |batch, out| match seed {
            Some(seed) => {
                *batch = Batch::new(variant, batch.len(), seed);
                batch.observe(out)
            }
            None => batch.reset(out),
        })
    }

    /// Applies one action id per game (an int64 array), rolls until each game's next decision,
    /// starts new games where games ended, and rewrites the arrays. If an id is not legal in its
    /// game, raises `IllegalActionError` naming the game, and no game changes.
    fn step(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?.to_vec();
        let threads = self.threads;
        self.with_slices(py, move |batch, out| batch.step_on_threads(&actions, out, threads))
    }

    /// A uniformly random legal action id for each game, from a generator of the batch's own
    /// (an int64 array): random opponents and baselines.
    fn random_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ids = self.batch.lock().map_err(|_| internal_error())?.random_actions();
        Ok(PyArray1::from_vec(py, ids))
    }

    /// The position text of game `i` (every hidden card included: for debugging).
    fn position(&self, i: usize) -> PyResult<String> {
        let batch = self.batch.lock().map_err(|_| internal_error())?;
        batch
            .state(i)
            .map(|s| s.to_string())
            .ok_or_else(|| FichasError::new_err(format!("there is no game {i}: the batch has {}", batch.len())))
    }

    /// What the seat to act observes in each game: float32, shape (num_envs, observation length).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observations.bind(py).clone()
    }

    /// The legal-action mask of the seat to act in each game: bool, shape (num_envs, action space).
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
    }

    /// The seat to act in each game: uint8, shape (num_envs,).
    #[getter]
    fn to_act<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        self.to_act.bind(py).clone()
    }

    /// Each seat's reward from the last step (the returns of a game that ended in it, else 0):
    /// float32, shape (num_envs, seats).
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }

    /// Whether each game ended in the last step (a new one has begun in its place): bool,
    /// shape (num_envs,).
    #[getter]
    fn dones<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.dones.bind(py).clone()
    }

    /// The variant, as its configuration text.
    #[getter]
    fn variant(&self) -> String {
        self.variant.to_string()
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        Ok(self.batch.lock().map_err(|_| internal_error())?.len())
    }

    /// The threads each step uses.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVectorGames>()?;
    m.add_function(wrap_pyfunction!(observation_layout, m)?)?;
    Ok(())
}
