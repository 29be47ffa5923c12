//! The Python exceptions of the binding, and the one function that maps the
//! core's errors to them.

use exactcover::Error;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    exactcover,
    ExactCoverError,
    PyValueError,
    "An exact cover problem is malformed (a ValueError)."
);

create_exception!(
    exactcover,
    DlxFormatError,
    ExactCoverError,
    "A text in Knuth's DLX format is malformed; `line` is its 1-based line (None when \
     not reading a text), `reason` says why."
);

/// Maps a core error to `ExactCoverError` (`DlxFormatError` for a rejected
/// DLX text), with the core's `kind`, and the offending ids as `option` and
/// `item`, so that the façade can name the user's objects. The one place
/// where core errors become Python ones.
pub(crate) fn to_py_err(py: Python<'_>, err: &Error) -> PyErr {
    let py_err = match err {
        Error::Dlx { .. } => DlxFormatError::new_err(err.to_string()),
        _ => ExactCoverError::new_err(err.to_string()),
    };
    let value = py_err.value(py);
    // Setting attributes on a fresh exception instance cannot fail in practice;
    // if it did, the message alone is still right.
    let _ = value.setattr("kind", err.kind());
    let _ = value.setattr("option", err.option());
    let _ = value.setattr("item", err.item());
    if let Error::Dlx { reason, .. } = err {
        let _ = value.setattr("line", err.line());
        let _ = value.setattr("reason", reason.to_string());
    }
    py_err
}

/// A color given to an entry that does not exist: an `ExactCoverError` of
/// kind `"color_on_entry"` naming the option (the façade never gives one).
pub(crate) fn color_error(py: Python<'_>, message: String, option: usize) -> PyErr {
    let py_err = ExactCoverError::new_err(message);
    let value = py_err.value(py);
    let _ = value.setattr("kind", "color_on_entry");
    let _ = value.setattr("option", option);
    py_err
}

/// A panic escaped the core (`what` says where): the solver can no longer
/// be trusted.
pub(crate) fn internal_error(what: &str) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error in the exactcover solver ({what}); the solver can no longer be used. \
         Please report this as a bug."
    ))
}

/// Registers the exceptions, with the attributes every instance has (None
/// where they do not apply: errors raised by the façade itself, or by
/// users, carry them too).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let error = m.py().get_type::<ExactCoverError>();
    for name in ["kind", "option", "item"] {
        error.setattr(name, m.py().None())?;
    }
    let dlx_error = m.py().get_type::<DlxFormatError>();
    dlx_error.setattr("kind", "dlx")?;
    for name in ["line", "reason"] {
        dlx_error.setattr(name, m.py().None())?;
    }
    m.add("ExactCoverError", error)?;
    m.add("DlxFormatError", dlx_error)?;
    Ok(())
}
