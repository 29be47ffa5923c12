//! One memo for the counts of many subtrees of one problem: what a worker
//! process of a distributed count keeps between its tasks.
//!
//! A memo key names a sub-problem whatever the root it was met under (the
//! options forced at the root are covered, and those excluded appear in a
//! key only while all their items are still uncovered, where they do change
//! the sub-problem), and the key format is the same under every root of one
//! problem. So a sub-problem that the tasks `restrict(forced, excluded)` of
//! one problem meet again is stored once, and the second task skips it.
//! [`MemoPool`] holds those memos between counts: it lends one to every task
//! that starts, takes it back when the task stops (finished or out of
//! time: what its table holds is finished work either way), and remembers
//! [`MemoMode::Auto`]'s verdict so that later tasks skip the trial.
//!
//! A pool holds one memo per task that ran at the same time as another:
//! a single-threaded worker keeps exactly one; a worker of `t` threads at
//! most `t` (a table is not shared while it is written). A threaded count
//! of several subtrees ([`Solver::count_subtrees_with`]) lends each of its
//! threads one, which the thread carries from subtree to subtree and gives
//! back when the count ends or stops. A count of subtrees on one thread by
//! a sweep takes the memo of the sweep's fast count instead (one per task
//! that runs at the same time as another, as above).

use std::sync::{Mutex, MutexGuard, PoisonError};

use super::parallel::add_memo_stats;
use super::{LentMemo, Solver};
use crate::bitset::SweepMemo;
use crate::memo::{MemoMode, MemoOptions, MemoStats};

/// The memos of the counts of many subtrees of one problem, kept between
/// them (see the module documentation). Thread-safe: tasks on several
/// threads lend and take back concurrently.
///
/// ```
/// use std::ops::ControlFlow;
/// use exactcover::{CountOptions, MemoPool, Problem, Solver};
///
/// // Domino tilings of the 6 x 6 board (6728), counted as 16 subtrees
/// // through one memo.
/// let (w, h) = (6, 6);
/// let mut p = Problem::with_items(w * h, 0);
/// for cell in 0..w * h {
///     if cell % w < w - 1 {
///         p.add_option([cell, cell + 1]).unwrap();
///     }
///     if cell + w < w * h {
///         p.add_option([cell, cell + w]).unwrap();
///     }
/// }
/// let root = Solver::new(&p);
/// let pool = MemoPool::new();
/// let mut total = 0;
/// for task in root.split(16).unwrap() {
///     let mut solver = root.clone();
///     if !solver.restrict(&task).unwrap() {
///         continue;
///     }
///     let options = CountOptions {
///         memo: pool.lend(&mut solver, &CountOptions::default().memo),
///         ..CountOptions::default()
///     };
///     let counted = solver.count_with(&options, |_| ControlFlow::Continue(())).unwrap();
///     pool.take_back(&mut solver);
///     total += counted.count.to_u64().unwrap();
/// }
/// assert_eq!(total, 6728);
/// assert!(pool.stats().entries > 0);
/// ```
#[derive(Debug, Default)]
pub struct MemoPool {
    state: Mutex<PoolState>,
}

#[derive(Debug, Default)]
struct PoolState {
    /// Memos not lent now, the largest last (lent first).
    free: Vec<LentMemo>,
    /// The memos of the fast count of a sweep not lent now (tasks that
    /// count their subtrees on one thread by the sweep), the largest last.
    swept: Vec<SweepMemo>,
    /// [`MemoMode::Auto`]'s verdict, once a task reached one.
    verdict: Option<bool>,
}

impl MemoPool {
    /// An empty pool.
    pub fn new() -> MemoPool {
        MemoPool::default()
    }

    fn state(&self) -> MutexGuard<'_, PoolState> {
        // A task that panicked holds no memo: the pool is still sound.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Prepares `task` (a solver of the pool's problem, restricted to its
    /// subtree, not started) for its count: lends it the largest free memo,
    /// if any, and returns the memo options to count it with: `options`,
    /// with [`MemoMode::Auto`] replaced by the verdict an earlier task
    /// reached ([`MemoMode::Always`] or [`MemoMode::Never`]). A memo the
    /// task cannot take (of another problem) is dropped.
    pub fn lend(&self, task: &mut Solver, options: &MemoOptions) -> MemoOptions {
        let mut state = self.state();
        let mode = match (options.mode, state.verdict) {
            (MemoMode::Auto, Some(true)) => MemoMode::Always,
            (MemoMode::Auto, Some(false)) => MemoMode::Never,
            (mode, _) => mode,
        };
        let options = MemoOptions { mode, ..*options };
        if mode != MemoMode::Never {
            if let Some(memo) = state.free.pop() {
                drop(state);
                task.lend_memo(memo, &options);
            }
        }
        options
    }

    /// Takes back the memo of `task`'s count (finished, or stopped between
    /// slices), and its verdict on whether the memo pays. The solutions the
    /// memo counted stay counted on `task`.
    pub fn take_back(&self, task: &mut Solver) {
        let verdict = task.memo_verdict();
        let memo = task.take_memo();
        self.put(memo, verdict);
    }

    /// Takes up to `n` free memos, the largest first, and the verdict (for
    /// the threads of [`Solver::count_subtrees_with`], each of which carries
    /// one from search to search).
    pub(super) fn take_free(&self, n: usize) -> (Vec<LentMemo>, Option<bool>) {
        let mut state = self.state();
        let at = state.free.len().saturating_sub(n);
        (state.free.split_off(at), state.verdict)
    }

    /// Puts a memo back (if any), and the verdict (if known).
    pub(super) fn put(&self, memo: Option<LentMemo>, verdict: Option<bool>) {
        let mut state = self.state();
        if verdict.is_some() {
            state.verdict = verdict;
        }
        if let Some(memo) = memo {
            let entries = memo.stats().entries;
            let at = state.free.partition_point(|m| m.stats().entries <= entries);
            state.free.insert(at, memo);
        }
    }

    /// Takes the largest free memo of a sweep's fast count, if any.
    pub(super) fn take_swept(&self) -> Option<SweepMemo> {
        self.state().swept.pop()
    }

    /// Puts a memo of a sweep's fast count back.
    pub(super) fn put_swept(&self, memo: SweepMemo) {
        let mut state = self.state();
        let entries = memo.stats().entries;
        let at = state
            .swept
            .partition_point(|m| m.stats().entries <= entries);
        state.swept.insert(at, memo);
    }

    /// Whether the memo pays, as the first task to know decided:
    /// `Some(true)` or `Some(false)`, `None` before.
    pub fn verdict(&self) -> Option<bool> {
        self.state().verdict
    }

    /// Figures of the memos in the pool (not those lent now), summed:
    /// `entries` is the number of sub-problems stored.
    pub fn stats(&self) -> MemoStats {
        let state = self.state();
        let mut total = MemoStats::default();
        for memo in &state.free {
            add_memo_stats(&mut total, memo.stats());
        }
        for memo in &state.swept {
            add_memo_stats(&mut total, memo.stats());
        }
        total
    }

    /// Drops the memos and the verdict (another problem's tasks come next).
    pub fn clear(&self) {
        let mut state = self.state();
        state.free.clear();
        state.swept.clear();
        state.verdict = None;
    }
}
