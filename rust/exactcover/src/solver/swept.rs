//! The count of a few subtrees on one thread by the sweep (a task of a
//! distributed count, [`Solver::count_subtrees_with`]): each subtree is
//! counted by the sweep's fast count ([`crate::bitset::SweepCount`]), as
//! [`Solver::count_with`] counts a sweep from the root, rather than by the
//! engine's general search.
//!
//! One fast count is made for the task, at the solver's root, and started
//! again at each subtree's root ([`crate::bitset::SweepCount`]'s
//! `restart`): its tables are made once, and its memo goes from subtree to
//! subtree, and through the [`MemoPool`] from task to task. Stopped by the
//! callback, the count leaves in the solver, as the threads of
//! [`Solver::count_subtrees_with`] do, the subtrees not begun and the
//! remainder of the one under way: [`Solver::remainder`] lists exactly the
//! solutions still to come, and the solver's next count counts them.

use std::ops::ControlFlow;

use super::count::{CountOptions, Counted, Outcome, Progress, SliceBudget, FRACTION_LEVELS};
use super::parallel::{Parked, Work};
use super::{MemoPool, OrderMode, Solver};
use crate::engine::{Step, Subtree};
use crate::memo::{MemoMode, MemoOptions};
use crate::Error;

impl Solver {
    /// Counts the solutions in `subtrees` by the sweep's fast count on this
    /// thread, where it applies, as [`Solver::count_with`] does: a count of
    /// everything (no limit), memoized, of a solver that branches by the
    /// sweep (after [`Solver::settle_order`]), whatever its threads (their
    /// search in the sweep's order does several times its work). `None`
    /// (and nothing is done) where it does not. With `keep` (and no
    /// `pool`), a count that stops keeps its fast count, tables and memo,
    /// for the next (`Solver::rest_sweep`). The caller has checked that the solver is at its root and that
    /// the subtrees' options exist.
    pub(super) fn count_subtrees_swept(
        &mut self,
        subtrees: &[Subtree],
        options: &CountOptions,
        pool: Option<&MemoPool>,
        keep: bool,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> Option<Counted> {
        if options.limit.is_some()
            || options.memo.mode == MemoMode::Never
            || self.order_name() != "sweep"
        {
            return None;
        }
        // The rest's count kept from a count that stopped, else a new one.
        let mut sweep = match self.rest_sweep.take() {
            Some(sweep) => sweep,
            None => Box::new(self.engine.sweep_count(options.memo.max_bytes)?),
        };
        // Every subtree's solver is a copy of this one, restricted: a
        // copy that the fast count starts again on is one that they all do.
        if !self.copy_search().engine.sweep_restart(&mut sweep) {
            return None;
        }
        if let Some(memo) = pool.and_then(MemoPool::take_swept) {
            sweep.lend_memo(memo);
        }
        let before = self.solutions_counted();
        let start = self.stats();
        let mut slices = SliceBudget::of(options);
        let share = 1.0 / subtrees.len().max(1) as f64;
        // The shares of the subtrees done, and the subtrees done.
        let (mut done, mut finished) = (0.0, 0u64);
        // Taken from the end: the first subtree given is counted last.
        let mut waiting: Vec<&Subtree> = subtrees.iter().collect();
        // The solver of the subtree under way (its root's restrictions).
        let mut current: Option<Solver> = None;
        let mut nodes = sweep.stats().nodes;
        let outcome = loop {
            if current.is_none() {
                let Some(subtree) = waiting.pop() else {
                    break Outcome::Complete;
                };
                let mut task = self.copy_search();
                if task.restrict(subtree).unwrap_or(false) {
                    let restarted = task.engine.sweep_restart(&mut sweep);
                    assert!(restarted, "a copy of the solver restarts its sweep");
                    current = Some(task);
                } else {
                    done += share;
                    finished += 1;
                }
                continue;
            }
            let step = slices.run(|budget| sweep.run(budget));
            let now = sweep.stats().nodes;
            self.elsewhere.nodes += now - nodes;
            nodes = now;
            if step == Step::Exhausted {
                self.extra += sweep.total();
                done += share;
                finished += 1;
                current = None;
                if waiting.is_empty() {
                    continue;
                }
            }
            let under_way = if current.is_some() {
                share * sweep.fraction_done(FRACTION_LEVELS)
            } else {
                0.0
            };
            let mut solutions = self.counted_since(&before);
            solutions += &sweep.counted();
            let progress = Progress {
                solutions,
                nodes: self.stats().nodes - start.nodes,
                updates: self.stats().updates - start.updates,
                subtrees_done: finished,
                subtrees_pending: waiting.len() as u64,
                fraction: Some((done + under_way).min(1.0)),
            };
            if on_slice(&progress).is_break() {
                self.park_swept(&waiting, share, current.take(), &sweep, done);
                break Outcome::Stopped;
            }
        };
        if outcome == Outcome::Complete {
            self.engine.end();
        }
        self.swept_memo = Some(Box::new(sweep.memo_stats()));
        if let Some(pool) = pool {
            pool.put_swept(sweep.take_memo());
        } else if keep && outcome == Outcome::Stopped {
            self.rest_sweep = Some(sweep);
        }
        Some(Counted {
            count: self.counted_since(&before),
            outcome,
            stats: self.stats(),
            memo: self.memo_stats(),
        })
    }

    /// Leaves what a stopped count of subtrees by the sweep has still to
    /// count in the solver, as parked work: the subtrees `waiting` (each of
    /// share `share`), and the remainder of the subtree under way
    /// (`current`, counted by `sweep` so far: those solutions are counted
    /// now).
    fn park_swept(
        &mut self,
        waiting: &[&Subtree],
        share: f64,
        current: Option<Solver>,
        sweep: &crate::bitset::SweepCount,
        done: f64,
    ) {
        let mut work: Vec<(Work, f64)> = waiting
            .iter()
            .map(|&s| (Work::Subtree(s.clone()), share))
            .collect();
        if let Some(task) = current {
            self.extra += &sweep.counted();
            let parts = sweep.remainder();
            let part = share / parts.len().max(1) as f64;
            // Taken from the end: the first in tree order last.
            work.extend(
                parts
                    .into_iter()
                    .rev()
                    .map(|p| (Work::Subtree(task.root.join(p)), part)),
            );
        }
        self.parked = Some(Box::new(Parked {
            work,
            done,
            ..Parked::default()
        }));
    }
}

impl Solver {
    /// Puts a solver at its root in the order `mode` names (where it has a
    /// sweep order and an engine that sweeps; [`OrderMode::Auto`] keeps the
    /// order it has), so that [`Solver::split`] and [`Solver::estimate`]
    /// cut and weigh the tree as a count in that order branches.
    ///
    /// # Errors
    ///
    /// [`Error::SearchStarted`] if the search has started.
    pub fn set_order(&mut self, mode: OrderMode) -> Result<(), Error> {
        self.at_root()?;
        if mode != OrderMode::Auto {
            self.settle_order(mode, &MemoOptions::default(), false, 1);
        }
        Ok(())
    }
}
