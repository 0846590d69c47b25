//! `Record`: a game as data, replayed and verified.

use super::*;

/// A game as data: where it started and every step; see `docs/records.md`.
#[pyclass(module = "fichas._fichas", name = "Record", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyRecord {
    pub(crate) record: Record,
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

    /// A record kept as a store keeps it: the header (`Table.header()`, as JSON or a `Record`)
    /// and each step's JSON as `Table.steps_since` gave it, in order. `verify()` then checks
    /// every link: a torn last row raises `RecordError` whose `step` is that row's index.
    #[staticmethod]
    fn from_parts(header: &Bound<'_, PyAny>, steps: Vec<String>) -> PyResult<PyRecord> {
        let header = crate::table::header_json(header)?;
        guard(|| Ok(PyRecord { record: Record::from_json_parts(&header, &steps).map_err(record_error)? }))
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
        self.record.verify(head.as_ref()).map_err(crate::errors::chain_error)
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
    /// seeds, chain key), or None.
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
        dict.set_item("chain_key", meta.chain_key.map(|k| fichas::record::hex(&k)))?;
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
