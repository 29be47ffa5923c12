//! The order of branching of a count: by MRV (the item with the fewest
//! options, the engines' own choice) or by a *static sweep* that a puzzle
//! builder suggests ([`Solver::set_sweep_order`]): each node branches on its
//! first uncovered item in that order. On packings swept along a board's
//! short side the sub-problems of a sweep (the covered items) repeat, so
//! with the memo it counts several times faster than MRV; on irregular
//! regions, or in a poor order, it loses as badly. So [`OrderMode::Auto`]
//! takes the sweep only where a short race says it pays.
//!
//! # The race
//!
//! Two copies of the search at its root, one by MRV, memoized as the count
//! says, and one by the sweep (the fast memoized count of
//! `bitset::SweepCount`), search in turns with doubling node budgets. The
//! sweep is made only once MRV has run an eighth of [`RACE_TIME`] (a count
//! done by then pays nothing), and searches at most an eighth of MRV's
//! time; whichever ends first gives the answer. At [`RACE_TIME`] of MRV
//! each has a time spent and Knuth's estimate of the fraction of its tree
//! done; the sweep is taken where its time over its fraction, the time its
//! whole
//! count would take at that pace, is lower. The estimate is biased against
//! the memoized sweep (its first subtrees fill the memo, its later ones
//! hit it), so a close call goes to MRV: the rule of issue 23 is that no
//! count gets more than 1.2 times slower than MRV because of an order.
//! The winner goes on from where it stands (on one thread; on threads the
//! count starts again from the root in the order chosen).

use std::time::{Duration, Instant};

use super::count::FRACTION_LEVELS;
use super::Solver;
use crate::engine::Step;
use crate::memo::{MemoMode, MemoOptions};
use crate::Error;

/// How [`Solver::count_with`] chooses the item to branch on
/// (in [`crate::CountOptions`]), where the solver has a sweep order
/// ([`Solver::set_sweep_order`]) and an engine that takes it (the bitset
/// engine); otherwise every mode branches by MRV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OrderMode {
    /// The sweep where a short race at the root says it beats MRV (see the
    /// module [`order`](self)): only for a count of everything (no limit),
    /// memoized, from the root.
    #[default]
    Auto,
    /// Always by MRV.
    Mrv,
    /// Always by the sweep (from the root).
    Sweep,
}

/// How long MRV runs in the race of [`OrderMode::Auto`] before it
/// decides; the sweep joins after an eighth of it and runs at most an
/// eighth of MRV's time.
pub const RACE_TIME: Duration = Duration::from_millis(48);

/// Nodes of the first turn of each search in the race; each later turn
/// doubles it.
const RACE_FIRST_BUDGET: u64 = 256;

impl Solver {
    /// Gives the solver an order of items to sweep in (the problem's item
    /// numbers; repeats and secondary items are passed over, primary items
    /// left out come after, in the problem's order): its counts may branch
    /// on the first uncovered item in it rather than by MRV, as
    /// [`crate::CountOptions::order`] says. Puzzle builders give the order
    /// their geometry suggests (a board swept along its short side, column
    /// by column). Dancing links ignore it (they branch by MRV); iteration
    /// and every count that does not take it keep MRV.
    ///
    /// ```
    /// use exactcover::{CountOptions, EngineChoice, OrderMode, Problem, Solver};
    /// use std::ops::ControlFlow;
    ///
    /// // Domino tilings of a 3 x 8 board (153), swept column by column.
    /// let mut p = Problem::with_items(24, 0);
    /// for cell in 0..24 {
    ///     if cell % 8 < 7 {
    ///         p.add_option([cell, cell + 1]).unwrap();
    ///     }
    ///     if cell < 16 {
    ///         p.add_option([cell, cell + 8]).unwrap();
    ///     }
    /// }
    /// let mut solver = Solver::with_engine(&p, EngineChoice::Bitset, None).unwrap();
    /// let columns: Vec<usize> = (0..8).flat_map(|c| (0..3).map(move |r| r * 8 + c)).collect();
    /// solver.set_sweep_order(&columns).unwrap();
    /// let options = CountOptions { order: OrderMode::Sweep, ..CountOptions::default() };
    /// let counted = solver.count_with(&options, |_| ControlFlow::Continue(())).unwrap();
    /// assert_eq!(counted.count.to_u64(), Some(153));
    /// assert_eq!(solver.order_name(), "sweep");
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::UnknownOrderItem`] if an item does not exist.
    pub fn set_sweep_order(&mut self, order: &[usize]) -> Result<(), Error> {
        let n_items = self.n_items;
        if let Some((place, &item)) = order.iter().enumerate().find(|(_, &i)| i >= n_items) {
            return Err(Error::UnknownOrderItem {
                position: place,
                item,
            });
        }
        self.sweep_order = Some(order.into());
        Ok(())
    }

    /// How the search branches now: `"mrv"` or `"sweep"`.
    pub fn order_name(&self) -> &'static str {
        self.engine.order_name()
    }

    /// Is the search at its root, untouched, so that its engine may be
    /// made again in another order?
    pub(super) fn is_fresh(&self) -> bool {
        !self.started()
            && self.exact.is_none()
            && self.parked.is_none()
            && !self.engine.is_exhausted()
    }

    /// Makes the engine again at the root, branching by the sweep order
    /// with `sweep`, else by MRV, and replays the root's restrictions.
    /// Returns false (and changes nothing) if the engine branches by MRV
    /// alone.
    fn reorder(&mut self, sweep: bool) -> bool {
        let order = if sweep {
            self.sweep_order.as_deref()
        } else {
            None
        };
        let Some(mut engine) = self.engine.reordered(order) else {
            return false;
        };
        for &k in &self.root.forced {
            if !engine.is_available(k) {
                engine.end();
                break;
            }
            engine.force(k);
        }
        if !engine.is_exhausted() {
            for &k in &self.root.excluded {
                if engine.is_available(k) {
                    engine.exclude(k);
                }
            }
        }
        self.engine = engine;
        true
    }

    /// Before a count: puts the engine in the order `mode` asks for (see
    /// [`OrderMode`]); under [`OrderMode::Auto`], the race's winner takes
    /// this solver's place, its count under way (the caller counts its
    /// solutions from the root's [`Solver::solutions_counted`], taken
    /// before).
    /// Returns true if the race counted every solution already.
    pub(super) fn settle_order(
        &mut self,
        mode: OrderMode,
        memo: &MemoOptions,
        whole: bool,
        threads: usize,
    ) -> bool {
        if self.sweep_order.is_none() || !self.is_fresh() || self.swept.is_some() {
            return false;
        }
        match mode {
            OrderMode::Mrv => {
                if self.engine.order_name() != "mrv" {
                    self.reorder(false);
                }
            }
            OrderMode::Sweep => {
                if self.engine.order_name() != "sweep" {
                    self.reorder(true);
                }
            }
            OrderMode::Auto => {
                if whole && memo.mode != MemoMode::Never {
                    self.race(memo, threads);
                    return self.is_exhausted();
                }
            }
        }
        false
    }

    /// The race of [`OrderMode::Auto`] (see the module documentation):
    /// leaves in `self` the search that won, gone on from where the race
    /// left it (on one thread), or at its root (on threads).
    fn race(&mut self, memo: &MemoOptions, threads: usize) {
        let mut mrv = self.clone();
        if mrv.engine.order_name() != "mrv" {
            mrv.reorder(false);
        }
        // The sweep is made only once MRV has run RACE_TIME / 8 (a count
        // done by then pays nothing for the race), and searches at most an
        // eighth of MRV's time: no count gets slower by more than that.
        let mut sweeping: Option<(Solver, crate::bitset::SweepCount)> = None;
        let (mut mrv_time, mut sweep_time) = (Duration::ZERO, Duration::ZERO);
        let (mut budget, mut sweep_budget) = (RACE_FIRST_BUDGET, RACE_FIRST_BUDGET);
        let sweep_wins = loop {
            let start = Instant::now();
            let step = mrv.memo_step(budget, memo);
            mrv_time += start.elapsed();
            if step == Step::Exhausted {
                break false;
            }
            budget = budget.saturating_mul(2);
            if mrv_time < RACE_TIME / 8 {
                continue;
            }
            if sweeping.is_none() {
                let start = Instant::now();
                let mut solver = self.clone();
                if solver.engine.order_name() != "sweep" && !solver.reorder(true) {
                    // Dancing links: MRV alone.
                    break false;
                }
                let Some(sweep) = solver.engine.sweep_count(memo.max_bytes) else {
                    break false;
                };
                sweeping = Some((solver, sweep));
                sweep_time += start.elapsed();
            }
            let (_, sweep) = sweeping.as_mut().expect("made above");
            while sweep_time * 8 < mrv_time {
                let start = Instant::now();
                let step = sweep.run(sweep_budget);
                sweep_time += start.elapsed();
                sweep_budget = sweep_budget.saturating_mul(2);
                if step == Step::Exhausted {
                    break;
                }
            }
            if sweep.is_done() {
                break true;
            }
            if mrv_time >= RACE_TIME {
                // The pace of each: its time over its fraction done.
                let pace = |time: Duration, fraction: f64| {
                    if fraction > 0.0 {
                        time.as_secs_f64() / fraction
                    } else {
                        f64::INFINITY
                    }
                };
                let mrv_pace = pace(mrv_time, mrv.fraction_done());
                let sweep_pace = pace(sweep_time, sweep.fraction_done(FRACTION_LEVELS));
                if std::env::var_os("EXACTCOVER_ORDER_DEBUG").is_some() {
                    eprintln!("race: mrv {mrv_pace:.3} s, sweep {sweep_pace:.3} s");
                }
                break sweep_pace < mrv_pace;
            }
        };
        if sweep_wins {
            let (sweeping, sweep) = sweeping.expect("the sweep ran");
            let lost = mrv.stats();
            self.engine = sweeping.engine;
            self.swept = Some(Box::new(sweep));
            self.dropped_work.nodes += lost.nodes;
            self.dropped_work.updates += lost.updates;
        } else {
            let lost = sweeping.map_or(0, |(_, sweep)| sweep.stats().nodes);
            if threads > 1 && !mrv.is_exhausted() {
                // Threads start at the root (the race's work leaves the
                // figures: a search with work done counts as started).
                return;
            }
            *self = mrv;
            self.dropped_work.nodes += lost;
        }
    }
}
