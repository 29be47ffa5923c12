//! `DlxProblem`: a problem in Knuth's DLX text format, read and written by
//! the core, and `parse_dlx`.

use std::collections::HashMap;

use exactcover::dlx_format::{DlxEntry, DlxProblem, Syntax};
use exactcover::{Item, Problem};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::errors::to_py_err;

/// A problem in Knuth's DLX format: named items, options whose entries are
/// an item and maybe a color (see `exactcover.DlxProblem`, the façade).
#[pyclass(name = "DlxProblem", module = "exactcover._native", frozen)]
pub(crate) struct PyDlxProblem {
    dlx: DlxProblem,
    /// Read from a text: the options' lines mean something.
    from_text: bool,
    /// The options dropped for want of a primary item: their lines when read
    /// from a text, else their positions among the options given.
    dropped: Vec<usize>,
}

impl PyDlxProblem {
    /// The problem as the core's `Problem` (option `k` is option `k`).
    pub(crate) fn to_problem(&self) -> Result<Problem, exactcover::Error> {
        self.dlx.to_problem()
    }
}

#[pymethods]
impl PyDlxProblem {
    /// DlxProblem(items, options)
    ///
    /// items: (name, primary, lo, hi), primary ones first; options: lists of
    /// (item index, color or None). Names, colors and repeated items are
    /// checked as the reader checks them; costs: one per option given
    /// (dlx5's), or None for none.
    #[new]
    #[pyo3(signature = (items, options, costs=None))]
    fn new(
        py: Python<'_>,
        items: Vec<(String, bool, u32, u32)>,
        options: Vec<Vec<(usize, Option<String>)>>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<Self> {
        // The errors name the item (by its name) or the option (by its
        // position) at fault: no line tells where they are.
        let mut dlx = DlxProblem::new();
        for (name, primary, lo, hi) in items {
            dlx.add_item(&name, Item { primary, lo, hi }).map_err(|e| {
                let err = to_py_err(py, &e);
                let _ = err.value(py).setattr("item", name.as_str());
                err
            })?;
        }
        let mut dropped = Vec::new();
        for (k, option) in options.into_iter().enumerate() {
            let entries = option
                .into_iter()
                .map(|(item, color)| DlxEntry { item, color })
                .collect();
            let kept = dlx.add_option(0, entries).map_err(|e| {
                let err = to_py_err(py, &e);
                let _ = err.value(py).setattr("option", k);
                err
            })?;
            if !kept {
                dropped.push(k);
            } else if let Some(&cost) = costs.as_ref().and_then(|c| c.get(k)) {
                dlx.set_cost(dlx.options().len() - 1, cost);
            }
        }
        Ok(PyDlxProblem {
            dlx,
            from_text: false,
            dropped,
        })
    }

    /// Reads DLX text (Knuth's syntax and limits exactly if `strict`).
    #[staticmethod]
    #[pyo3(signature = (text, strict=false))]
    fn parse(py: Python<'_>, text: &str, strict: bool) -> PyResult<Self> {
        let syntax = if strict {
            Syntax::Strict
        } else {
            Syntax::Permissive
        };
        let dlx = py
            .detach(|| DlxProblem::parse(text, syntax))
            .map_err(|e| to_py_err(py, &e))?;
        let dropped = dlx.dropped().to_vec();
        Ok(PyDlxProblem {
            dlx,
            from_text: true,
            dropped,
        })
    }

    /// The number of options kept.
    fn __len__(&self) -> usize {
        self.dlx.options().len()
    }

    /// The items as (name, primary, lo, hi), primary ones first.
    #[getter]
    fn items(&self) -> Vec<(&str, bool, u32, u32)> {
        self.dlx
            .items()
            .iter()
            .map(|i| (i.name.as_str(), i.item.primary, i.item.lo, i.item.hi))
            .collect()
    }

    /// The options kept, as lists of item indices.
    #[getter]
    fn options(&self) -> Vec<Vec<usize>> {
        self.dlx
            .options()
            .iter()
            .map(|o| o.entries.iter().map(|e| e.item).collect())
            .collect()
    }

    /// The colors: (option, position) -> color, for the colored entries.
    #[getter]
    fn colors(&self) -> HashMap<(usize, usize), &str> {
        let mut colors = HashMap::new();
        for (k, option) in self.dlx.options().iter().enumerate() {
            for (j, e) in option.entries.iter().enumerate() {
                if let Some(color) = &e.color {
                    colors.insert((k, j), color.as_str());
                }
            }
        }
        colors
    }

    /// The line of each option kept (None when not read from a text).
    #[getter]
    fn lines(&self) -> Vec<Option<usize>> {
        self.dlx
            .options()
            .iter()
            .map(|o| self.from_text.then_some(o.line))
            .collect()
    }

    /// The options dropped for want of a primary item: their lines when read
    /// from a text, else their positions among the options given.
    #[getter]
    fn dropped(&self) -> Vec<usize> {
        self.dropped.clone()
    }

    /// The cost of each option kept (dlx5's `|n` entries, summed).
    #[getter]
    fn costs(&self) -> Vec<u64> {
        self.dlx.costs().to_vec()
    }

    /// Does an option give an item a color?
    #[getter]
    fn uses_colors(&self) -> bool {
        self.dlx.uses_colors()
    }

    /// Option `k` as a line of the DLX format.
    fn option_text(&self, k: usize) -> PyResult<String> {
        if k >= self.dlx.options().len() {
            return Err(PyIndexError::new_err(format!("there is no option {k}")));
        }
        Ok(self.dlx.option_text(k))
    }

    /// The problem as DLX text, every line ending in a newline.
    fn to_dlx(&self) -> String {
        self.dlx.to_string()
    }

    /// The same items and options (lines and dropped options aside).
    fn same_as(&self, other: &PyDlxProblem) -> bool {
        self.dlx.same_as(&other.dlx)
    }
}

/// Reads DLX text into a `DlxProblem` (Knuth's syntax and limits exactly if
/// `strict`).
#[pyfunction]
#[pyo3(signature = (text, strict=false))]
pub(crate) fn parse_dlx(py: Python<'_>, text: &str, strict: bool) -> PyResult<PyDlxProblem> {
    PyDlxProblem::parse(py, text, strict)
}
