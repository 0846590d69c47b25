//! Learning environments' Rust side: observation layouts and many games stepped at once into
//! numpy arrays (`fichas.env.VectorEnv` wraps `VectorGames`, `fichas.env.VectorGymEnv` wraps
//! `LearnerGames`).

use std::sync::Mutex;

use fichas::batch::{
    Autoreset, Batch, BatchError, LearnerBatch, LearnerSetup, LearnerSlices, OnIllegal, SetupError, Slices,
};
use fichas::game::Variant;
use fichas::simulation::MAX_DECISIONS;
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
        BatchError::Ended { .. } => FichasError::new_err(e.to_string()),
    }
}

/// Runs `f` on `batch` without the interpreter lock, a panic (which the engine is built never
/// to raise) and a poisoned lock becoming `FichasError`.
fn detached<B: Send>(
    py: Python<'_>,
    batch: &Mutex<B>,
    f: impl FnOnce(&mut B) -> Result<(), BatchError> + Send,
) -> PyResult<()> {
    let result = py.detach(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut batch = batch.lock().map_err(|_| None)?;
            f(&mut batch).map_err(Some)
        }))
    });
    match result {
        Ok(Ok(())) => Ok(()),
        Ok(Err(Some(e))) => Err(batch_error(e)),
        Ok(Err(None)) | Err(_) => Err(internal_error()),
    }
}

fn check_sizes(num_envs: usize, threads: usize) -> PyResult<()> {
    if num_envs == 0 || num_envs > 1 << 20 {
        return Err(ConfigError::new_err(format!("num_envs must be 1 to 1,048,576, not {num_envs}")));
    }
    if threads == 0 || threads > 256 {
        return Err(ConfigError::new_err(format!("threads must be 1 to 256, not {threads}")));
    }
    Ok(())
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
        detached(py, &self.batch, move |batch| f(batch, &mut slices))
    }
}

#[pymethods]
impl PyVectorGames {
    #[new]
    #[pyo3(signature = (variant, num_envs, seed=0, threads=1))]
    fn new(py: Python<'_>, variant: &str, num_envs: usize, seed: u64, threads: usize) -> PyResult<PyVectorGames> {
        let variant = parse_variant(variant)?;
        check_sizes(num_envs, threads)?;
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

/// `num_envs` games of one variant in which one seat learns and bots play the others, stepped
/// together in Rust (see `fichas.env.VectorGymEnv`).
///
/// The arrays it shows are its own buffers, written in place by every `reset` and `step`.
#[pyclass(module = "fichas._fichas", name = "LearnerGames", frozen)]
struct PyLearnerGames {
    setup: LearnerSetup,
    threads: usize,
    batch: Mutex<LearnerBatch>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    rewards: Py<PyArray1<f64>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    illegal: Py<PyArray1<bool>>,
    final_observations: Py<PyArray2<f32>>,
    final_masks: Py<PyArray2<i8>>,
}

fn setup_error(e: SetupError) -> PyErr {
    ConfigError::new_err(e.to_string())
}

impl PyLearnerGames {
    /// Runs `f` on the batch and the arrays as slices, without the interpreter lock.
    fn with_slices(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut LearnerBatch, &mut LearnerSlices<'_>) -> Result<(), BatchError> + Send,
    ) -> PyResult<()> {
        let mut observations = self.observations.bind(py).try_readwrite()?;
        let mut masks = self.masks.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut terminated = self.terminated.bind(py).try_readwrite()?;
        let mut truncated = self.truncated.bind(py).try_readwrite()?;
        let mut illegal = self.illegal.bind(py).try_readwrite()?;
        let mut final_observations = self.final_observations.bind(py).try_readwrite()?;
        let mut final_masks = self.final_masks.bind(py).try_readwrite()?;
        let mut slices = LearnerSlices {
            observations: observations.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            illegal: illegal.as_slice_mut()?,
            final_observations: final_observations.as_slice_mut()?,
            final_masks: final_masks.as_slice_mut()?,
        };
        detached(py, &self.batch, move |batch| f(batch, &mut slices))
    }
}

#[pymethods]
impl PyLearnerGames {
    /// `opponents` holds one bot strength for every seat but `seat`, in seat order, or one for
    /// them all; `max_steps` defaults to `MAX_DECISIONS`; `autoreset` is Gymnasium's
    /// `AutoresetMode` value (`"NextStep"`, `"SameStep"` or `"Disabled"`), `on_illegal`
    /// `"lose"` or `"raise"`.
    #[new]
    #[pyo3(signature = (variant, num_envs, opponents, seat=0, seed=0, threads=1, max_steps=None, autoreset="NextStep", on_illegal="lose"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        variant: &str,
        num_envs: usize,
        opponents: Vec<String>,
        seat: i64,
        seed: u64,
        threads: usize,
        max_steps: Option<i64>,
        autoreset: &str,
        on_illegal: &str,
    ) -> PyResult<PyLearnerGames> {
        let variant = parse_variant(variant)?;
        check_sizes(num_envs, threads)?;
        let seat = usize::try_from(seat).map_err(|_| {
            ConfigError::new_err(format!(
                "the learner's seat must be 0 to {} in {variant}, not {seat}",
                variant.seats() - 1
            ))
        })?;
        let opponents: Vec<&str> = opponents.iter().map(String::as_str).collect();
        let max_steps = max_steps.unwrap_or(i64::from(MAX_DECISIONS));
        let max_steps = u32::try_from(max_steps).ok().filter(|&n| n > 0).ok_or_else(|| {
            ConfigError::new_err(format!("max_steps must be from 1 to 4,294,967,295, not {max_steps}"))
        })?;
        let autoreset = match autoreset {
            "NextStep" => Autoreset::NextStep,
            "SameStep" => Autoreset::SameStep,
            "Disabled" => Autoreset::Disabled,
            other => {
                return Err(ConfigError::new_err(format!(
                    "autoreset must be \"NextStep\", \"SameStep\" or \"Disabled\" (gymnasium.vector.AutoresetMode's values), not {other:?}"
                )));
            }
        };
        let on_illegal = match on_illegal {
            "lose" => OnIllegal::Lose,
            "raise" => OnIllegal::Refuse,
            other => return Err(ConfigError::new_err(format!("on_illegal must be 'lose' or 'raise', not {other:?}"))),
        };
        let setup = LearnerSetup::parse(variant, seat, &opponents)
            .and_then(|s| s.with_max_steps(max_steps))
            .map_err(setup_error)?
            .with_autoreset(autoreset)
            .with_on_illegal(on_illegal);
        let (len, space) = (variant.observation_len(), usize::from(variant.action_space()));
        // The final buffers are written with same-step autoreset only.
        let finals = if autoreset == Autoreset::SameStep { num_envs } else { 0 };
        let batch = py.detach(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| LearnerBatch::new(num_envs, seed, setup)))
        });
        let games = PyLearnerGames {
            setup,
            threads,
            batch: Mutex::new(batch.map_err(|_| internal_error())?),
            observations: PyArray2::zeros(py, [num_envs, len], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, space], false).unbind(),
            rewards: PyArray1::zeros(py, num_envs, false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            illegal: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            final_observations: PyArray2::zeros(py, [finals, len], false).unbind(),
            final_masks: PyArray2::zeros(py, [finals, space], false).unbind(),
        };
        games.with_slices(py, |batch, out| batch.observe(out))?;
        Ok(games)
    }

    /// Starts a new game in every row and writes the arrays. With `seed`, the games start as a
    /// new `LearnerGames(..., seed=seed)`'s do (their dice and bots from it); without, their
    /// dice go on.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let setup = self.setup;
        self.with_slices(py, move |batch, out| match seed {
            Some(seed) => {
                *batch = LearnerBatch::new(batch.len(), seed, setup);
                batch.observe(out)
            }
            None => batch.reset(out),
        })
    }

    /// Starts a new game in the rows where `mask` (bool, shape (num_envs,)) is true and
    /// rewrites those rows of the arrays; with `seed`, those rows start as in a new
    /// `LearnerGames(..., seed=seed)`.
    #[pyo3(signature = (mask, seed=None))]
    fn reset_rows(&self, py: Python<'_>, mask: PyReadonlyArray1<'_, bool>, seed: Option<u64>) -> PyResult<()> {
        let mask = mask.as_slice()?.to_vec();
        self.with_slices(py, move |batch, out| batch.reset_rows(&mask, seed, out))
    }

    /// Plays the learner's action id in every game (an int64 array), then the bots until the
    /// learner is to decide again or the game ends, and rewrites the arrays. A row whose game
    /// ended in the step before starts anew instead (with autoreset "NextStep") and ignores its
    /// action. With on_illegal="raise", an id that is not legal raises `IllegalActionError`
    /// naming the game and no game changes; with autoreset "Disabled", a step that includes an
    /// ended game raises `FichasError` and no game changes.
    fn step(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?.to_vec();
        let threads = self.threads;
        self.with_slices(py, move |batch, out| batch.step_on_threads(&actions, out, threads))
    }

    /// The position text of game `i` (every hidden card included: for debugging).
    fn position(&self, i: usize) -> PyResult<String> {
        let batch = self.batch.lock().map_err(|_| internal_error())?;
        batch
            .state(i)
            .map(|s| s.to_string())
            .ok_or_else(|| FichasError::new_err(format!("there is no game {i}: the batch has {}", batch.len())))
    }

    /// The learner's steps so far in each game: uint32, shape (num_envs,) (a new array).
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let batch = self.batch.lock().map_err(|_| internal_error())?;
        let steps = (0..batch.len()).map(|i| batch.steps(i).unwrap_or(0)).collect();
        Ok(PyArray1::from_vec(py, steps))
    }

    /// Which games ended and wait for their row to start again: bool, shape (num_envs,) (a
    /// new array).
    fn ended<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let batch = self.batch.lock().map_err(|_| internal_error())?;
        Ok(PyArray1::from_vec(py, (0..batch.len()).map(|i| batch.is_ended(i)).collect()))
    }

    /// What the learner's seat sees in each game: float32, shape (num_envs, observation length).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observations.bind(py).clone()
    }

    /// The learner's legal-action mask in each game (1 at the legal ids): int8, shape
    /// (num_envs, action space).
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.masks.bind(py).clone()
    }

    /// The learner's reward from the last step: float64, shape (num_envs,).
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.rewards.bind(py).clone()
    }

    /// Whether each game ended in the last step (over, or lost by an illegal action): bool,
    /// shape (num_envs,).
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }

    /// Whether each game was cut off in the last step: bool, shape (num_envs,).
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }

    /// Whether the learner's action in each game was illegal in the last step: bool, shape
    /// (num_envs,).
    #[getter]
    fn illegal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.illegal.bind(py).clone()
    }

    /// With autoreset "SameStep": the last observation of each game that ended in the last step
    /// (those rows only): float32, shape (num_envs, observation length); (0, length) otherwise.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.final_observations.bind(py).clone()
    }

    /// With autoreset "SameStep": the mask shown at the end of each game that ended in the last
    /// step (those rows only): int8, shape (num_envs, action space); (0, space) otherwise.
    #[getter]
    fn final_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.final_masks.bind(py).clone()
    }

    /// The variant, as its configuration text.
    #[getter]
    fn variant(&self) -> String {
        self.setup.variant().to_string()
    }

    /// The learner's seat.
    #[getter]
    fn seat(&self) -> usize {
        self.setup.seat().index()
    }

    /// The bot strength on each seat, as text (None on the learner's).
    #[getter]
    fn opponents(&self) -> Vec<Option<String>> {
        fichas::Seat::ALL[..self.setup.variant().seats()]
            .iter()
            .map(|&s| self.setup.opponent(s).map(|o| o.to_string()))
            .collect()
    }

    /// The learner's steps after which a game still going is truncated.
    #[getter]
    fn max_steps(&self) -> u32 {
        self.setup.max_steps()
    }

    /// The autoreset mode, as Gymnasium's `AutoresetMode` value.
    #[getter]
    fn autoreset(&self) -> &'static str {
        match self.setup.autoreset() {
            Autoreset::NextStep => "NextStep",
            Autoreset::SameStep => "SameStep",
            Autoreset::Disabled => "Disabled",
        }
    }

    /// What an illegal action does: "lose" or "raise".
    #[getter]
    fn on_illegal(&self) -> &'static str {
        match self.setup.on_illegal() {
            OnIllegal::Lose => "lose",
            OnIllegal::Refuse => "raise",
        }
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
    m.add_class::<PyLearnerGames>()?;
    m.add_function(wrap_pyfunction!(observation_layout, m)?)?;
    Ok(())
}
