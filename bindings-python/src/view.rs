//! `View`: what one seat may see.

use super::*;

/// What a seat may see of a game; a client can render from it alone.
#[pyclass(module = "fichas._fichas", name = "View", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyView {
    pub(crate) view: fichas::game::View,
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

    /// The seat's legal actions when it is to act, as `Choice`s (the same a `Game` lists),
    /// worked out from the view alone; empty when another seat or chance is to act.
    fn legal_actions(&self) -> Vec<PyChoice> {
        view_choices(&self.view)
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
