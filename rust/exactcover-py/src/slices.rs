//! The one loop of every long call: the work runs with the GIL released,
//! in slices of search sized by the core ([`SliceBudget`]); between slices
//! [`Between::check`] looks at the clock, and every few milliseconds takes
//! the GIL back for a moment to check for signals (Ctrl-C), to call the
//! progress callback and to ask the caller's stop callable whether to stop
//! early. A panic in the core poisons the solver.

use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use exactcover::{Progress, SliceBudget};
use pyo3::prelude::*;

use crate::errors::internal_error;

/// The length of a slice of search aimed at: the clock is read between
/// slices.
pub(crate) const SLICE: Duration = Duration::from_millis(1);
/// How long the work runs without the GIL between two checks for signals.
const CHECK_EVERY: Duration = Duration::from_millis(20);
/// How long the work runs between two calls of a stop callable: a stop is
/// waited for (a worker idles meanwhile), a signal is rare.
const STOP_EVERY: Duration = Duration::from_millis(5);

/// Node budgets for slices of [`SLICE`].
pub(crate) fn slice_budget() -> SliceBudget {
    SliceBudget::new(SLICE)
}

/// A time limit in seconds (None: none) as a deadline; huge or infinite
/// limits are none in practice.
pub(crate) fn deadline(seconds: Option<f64>) -> Option<Instant> {
    seconds.map(|s| {
        let s = if s.is_finite() {
            s.clamp(0.0, 1e9)
        } else {
            1e9
        };
        Instant::now() + Duration::from_secs_f64(s)
    })
}

/// A progress callback: called with the figures so far (a dict, made by
/// `figures`) every `interval`.
pub(crate) struct Report {
    pub(crate) callback: Py<PyAny>,
    pub(crate) interval: Duration,
    pub(crate) figures: fn(Python<'_>, &Progress) -> PyResult<Py<PyAny>>,
}

/// What the work checks between two slices (without the GIL).
pub(crate) struct Between {
    deadline: Option<Instant>,
    report: Option<Report>,
    /// Called without arguments every [`STOP_EVERY`] (at a check for
    /// signals): a true answer stops the work as the deadline would (no
    /// error).
    stop: Option<Py<PyAny>>,
    last_check: Instant,
    next_report: Instant,
    /// Ctrl-C, or an exception from the progress callback: the work stopped.
    error: Option<PyErr>,
    /// The deadline passed, or the stop callable said so: the work stopped.
    timed_out: bool,
}

impl Between {
    /// Between two slices: `Break` once the deadline has passed, the stop
    /// callable answered true, a signal handler raised, or a callback
    /// failed (then the work must stop and return).
    pub(crate) fn check(&mut self, progress: Option<&Progress>) -> ControlFlow<()> {
        if self.error.is_some() || self.timed_out {
            return ControlFlow::Break(());
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            self.timed_out = true;
            return ControlFlow::Break(());
        }
        let report_due = self.report.is_some() && progress.is_some() && now >= self.next_report;
        let every = if self.stop.is_some() {
            STOP_EVERY
        } else {
            CHECK_EVERY
        };
        if now - self.last_check < every && !report_due {
            return ControlFlow::Continue(());
        }
        self.last_check = now;
        let report = self.report.as_ref().filter(|_| report_due);
        if let Some(r) = report {
            self.next_report = now + r.interval;
        }
        let stop = self.stop.as_ref();
        let outcome = Python::attach(|py| {
            py.check_signals()?;
            if let (Some(r), Some(progress)) = (report, progress) {
                let figures = (r.figures)(py, progress)?;
                r.callback.call1(py, (figures,))?;
            }
            match stop {
                Some(stop) => stop.call0(py)?.is_truthy(py),
                None => Ok(false),
            }
        });
        match outcome {
            Ok(false) => ControlFlow::Continue(()),
            Ok(true) => {
                self.timed_out = true;
                ControlFlow::Break(())
            }
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// What [`run`] brings back: the work's result, and the error that stopped
/// it, if any (the caller may keep part of the result before raising it).
/// A deadline that passed is no error: the work returned what it had.
pub(crate) struct Ran<T> {
    pub(crate) value: T,
    pub(crate) error: Option<PyErr>,
}

impl<T> Ran<T> {
    /// The result, or the error that stopped the work.
    pub(crate) fn into_result(self) -> PyResult<T> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.value),
        }
    }
}

/// The one guard of a solver that a panic left poisoned: it refuses every
/// call that would read its search.
pub(crate) fn usable(poisoned: bool) -> PyResult<()> {
    if poisoned {
        Err(internal_error("a previous call failed"))
    } else {
        Ok(())
    }
}

/// Runs `work` with the GIL released, handing it the checks to make between
/// its slices; `deadline` and `report` are what those checks watch. A panic
/// sets `*poisoned` and raises a `RuntimeError` naming `what`; a solver
/// already poisoned refuses to run.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    poisoned: &mut bool,
    what: &str,
    deadline: Option<Instant>,
    report: Option<Report>,
    work: impl FnOnce(&mut Between) -> T + Send,
) -> PyResult<Ran<T>> {
    run_until(py, poisoned, what, deadline, None, report, work)
}

/// [`run`], also stopped early (as by the deadline) once `stop`, called
/// without arguments every [`STOP_EVERY`] with the GIL, answers true.
pub(crate) fn run_until<T: Send>(
    py: Python<'_>,
    poisoned: &mut bool,
    what: &str,
    deadline: Option<Instant>,
    stop: Option<Py<PyAny>>,
    report: Option<Report>,
    work: impl FnOnce(&mut Between) -> T + Send,
) -> PyResult<Ran<T>> {
    usable(*poisoned)?;
    let now = Instant::now();
    let mut between = Between {
        deadline,
        next_report: now + report.as_ref().map_or(Duration::ZERO, |r| r.interval),
        report,
        stop,
        last_check: now,
        error: None,
        timed_out: false,
    };
    let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(|| work(&mut between))));
    let Ok(value) = outcome else {
        *poisoned = true;
        return Err(internal_error(&format!("panic while {what}")));
    };
    Ok(Ran {
        value,
        error: between.error,
    })
}
