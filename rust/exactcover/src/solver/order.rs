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
//! It is decided by work, not by the clock, so that it picks the same
//! order on a loaded machine as on an idle one, and every figure of a
//! count is the same from run to run. Work is counted in units of about a
//! counter update of MRV ([`mrv_work`], [`sweep_work`]: costs per node and
//! per update measured once, see [`SWEEP_NODE_WORK`]).
//!
//! 1. MRV counts alone, memoized as the count says, for [`RACE_START`]
//!    units: a count done by then is not raced, and this work is kept if
//!    MRV wins.
//! 2. Knuth's estimate of the fraction done gives MRV's whole count. Under
//!    [`RACE_MIN_WHOLE`] MRV goes on (a sweep could save less than the
//!    check would risk).
//! 3. The check: the sub-problems along the sweep's first path (its first
//!    `d` choices forced), from the deepest up, are each raced by both
//!    orders, with their memos, in turns that give the side behind in work
//!    the next (the sweep's work weighed [`SWEEP_MARGIN`] times, and on
//!    threads also by MRV's gain from them: step 4), until one
//!    has counted it; the ladder stops when a [`RACE_SHARE`]th of MRV's
//!    estimated whole is spent, or before a sub-problem whose cost, grown
//!    from the last as the last grew, would pass that. The winner of the largest sub-problem that
//!    was finished wins. Sub-problems, unlike Knuth's estimate of a
//!    memoized sweep (its first subtrees fill the memo, its later ones hit
//!    it, so its early fraction done is near 0), compare the two on equal
//!    terms; they are smaller than the whole, where a sweep's memo gains
//!    more, so a close call goes to MRV: the rule of issue 23 is that no
//!    count gets more than 1.2 times slower than MRV because of an order.
//! 4. MRV goes on from where it stands (on one thread), or the sweep starts
//!    at the root. On threads the sweep, where it wins, counts on one
//!    thread as it always does (its fast memoized count: on threads the
//!    general engine in its order does several times the work), MRV on
//!    them all; so a count on threads weighs the sweep's work also by the
//!    speed-up MRV gets from them, less what the check understates the
//!    sweep's gain on the whole ([`thread_gain`]): on 16 cores MRV on
//!    16 threads counts pentominoes 6x10 2.8 times as fast as the sweep on
//!    one, which wins on one thread. [`Solver::stats`] reports the work of
//!    the winner's tree alone; the check's counts and the loser's search
//!    are in [`Solver::race_stats`].
//!
//! # The rest of a stepped search
//!
//! A count of what a search stepped by MRV has left (solutions taken one
//! by one) hands it to a fresh search as subtrees ([`Solver::count_with`]).
//! Where the sweep might count them, the count first goes on by MRV in
//! place for [`RACE_START`] units, as step 1; its estimate of the rest
//! then decides, as step 2, whether the check of step 3 runs, at a fresh
//! root; where the sweep wins, its fast count counts the whole problem from
//! a fresh root, and the rest is the whole less the solutions counted so
//! far (`count_whole_swept`: the rest's subtrees, restricted off the sweep's
//! order, can cost it thousands of times the whole); where the root no
//! longer holds its restrictions (a search stepped here, then on threads),
//! it counts the subtrees one after the other with one memo
//! ([`Solver::sweeps_the_rest`]). So also under
//! [`MemoMode::Always`] (the trial counts without the memo), and for what
//! threads left (solutions taken on threads, the iterator dropped): their
//! searches count on, on threads, until the work reaches [`RACE_START`],
//! then become subtrees, and the solutions they found and nobody took are
//! counted with the rest.

use super::Solver;
use crate::engine::{Stats, Step};
use crate::memo::{MemoMode, MemoOptions};
use crate::Error;

/// How [`Solver::count_with`] chooses the item to branch on
/// (in [`crate::CountOptions`]), where the solver has a sweep order
/// ([`Solver::set_sweep_order`]) and an engine that takes it (the bitset
/// engine); otherwise every mode branches by MRV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OrderMode {
    /// The sweep where a short race at the root, decided by work and not by
    /// the clock, says it beats MRV (see
    /// [`Solver::set_sweep_order`](crate::Solver::set_sweep_order)): only for
    /// a count of everything (no limit), memoized, from the root or of
    /// the rest of a search that was stepped (see
    /// [`Solver::count_with`](crate::Solver::count_with)).
    #[default]
    Auto,
    /// Always by MRV.
    Mrv,
    /// Always by the sweep (from the root).
    Sweep,
}

/// Work (see [`MRV_NODE_WORK`]) MRV does alone in the race of
/// [`OrderMode::Auto`] before anything else runs: a count done by then
/// never races (about 8 ms).
pub const RACE_START: u64 = 1 << 22;

/// Whole counts that MRV's estimate puts under this much work (about
/// 130 ms) are not raced: what a sweep could save there is less than what
/// the check would risk.
pub const RACE_MIN_WHOLE: u64 = 1 << 26;

/// The check of the race takes at most this share (one part in it) of
/// the work that MRV's estimate gives its whole count ...
pub const RACE_SHARE: u64 = 16;

/// ... and never more than this (about 0.5 s).
pub const RACE_MAX: u64 = 1 << 28;

/// The race's unit of work is a counter update of the MRV search (about
/// 2 ns on the 2-core machine of issue 23); a node of MRV costs this many
/// besides its updates (callgrind and timings: Langford pairs, pentominoes).
pub const MRV_NODE_WORK: u64 = 50;

/// The work of a node of the memoized sweep (`bitset::SweepCount`), in the
/// same unit: about 90 ns measured on pentominoes 5x12 and 6x10 (it was
/// 180-600 ns before the sweep found its branches by nibble filters). To
/// tune with the sweep's own speed.
pub const SWEEP_NODE_WORK: u64 = 50;

/// The sweep must take less work than MRV by this factor on the largest
/// sub-problem the check counted (the estimates of work are rough).
pub const SWEEP_MARGIN: f64 = 1.25;

/// MRV on `n` threads counts about `1 + (n - 1) * THREAD_SHARE` times as
/// fast as on one (on 16 cores: queens 16 14x, 2n-queens 8 13.5x,
/// Langford 12 8.4x; on 2, 1.8-1.9x): see [`thread_gain`].
pub const THREAD_SHARE: f64 = 0.75;

/// What the sweep gains over MRV on the whole count, over what it gains on
/// the largest sub-problem of the check (its memo gains more on more):
/// about 2 on pentominoes 6x10 (1.2x on the sub-problem, 3.5x in work on
/// the whole). See [`thread_gain`].
pub const SWEEP_WHOLE_GAIN: f64 = 2.0;

/// What the race weighs the sweep's work by, besides [`SWEEP_MARGIN`], for
/// a count on `threads` threads (the sweep counts on one, MRV on them all):
/// MRV's speed-up on them ([`THREAD_SHARE`]) over the sweep's extra gain on
/// the whole ([`SWEEP_WHOLE_GAIN`]), at least 1. `threads` as the count
/// runs them, no more than the machine's cores. On 2 threads pentominoes
/// 6x10 still sweep (0.58 s against 1.0 s by MRV); on 16 they go by MRV
/// (0.15 s against 0.43 s by the sweep).
pub fn thread_gain(threads: usize) -> f64 {
    let mrv = 1.0 + threads.saturating_sub(1) as f64 * THREAD_SHARE;
    (mrv / SWEEP_WHOLE_GAIN).max(1.0)
}

/// Nodes of the first turn of each search in the race; each later turn
/// doubles it.
const RACE_FIRST_BUDGET: u64 = 256;

/// The thresholds of the race (tests lower them to race small problems).
#[derive(Debug, Clone, Copy)]
pub(super) struct RaceLimits {
    /// [`RACE_START`].
    pub(super) start: u64,
    /// [`RACE_MIN_WHOLE`].
    pub(super) min_whole: u64,
    /// [`RACE_SHARE`].
    pub(super) share: u64,
    /// [`RACE_MAX`].
    pub(super) max: u64,
}

impl RaceLimits {
    /// The limits of every count.
    pub(super) const DEFAULT: RaceLimits = RaceLimits {
        start: RACE_START,
        min_whole: RACE_MIN_WHOLE,
        share: RACE_SHARE,
        max: RACE_MAX,
    };
}

/// Fewest nodes of a turn in the check's races.
const TURN_NODES: u64 = 8;

/// Most nodes walked to find the sweep's first path.
const PATH_NODES: usize = 1 << 12;

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

    /// Settles the order that a count of everything from the root, on
    /// `threads` threads, would branch in, as [`Solver::count_with`]
    /// settles it (under [`OrderMode::Auto`] the race runs now, its work in
    /// [`Solver::race_stats`]), and returns it: `"mrv"` or `"sweep"`.
    /// Unlike a count, `threads` is not capped at this machine's cores: a
    /// count whose threads run elsewhere (a cluster's, all together) is
    /// raced for them here. The solver is left as that count would begin
    /// (the race may have counted part of it); a search under way keeps its
    /// order.
    ///
    /// ```
    /// use exactcover::{MemoOptions, OrderMode, Problem, Solver};
    ///
    /// let mut p = Problem::with_items(2, 0);
    /// p.add_option([0, 1]).unwrap();
    /// let memo = MemoOptions::default();
    /// let mut solver = Solver::new(&p);
    /// solver.set_sweep_order(&[1, 0]).unwrap();
    /// // Too small to race: MRV, on any number of threads.
    /// assert_eq!(solver.settle_order_for(OrderMode::Auto, &memo, 64), "mrv");
    /// assert_eq!(Solver::new(&p).settle_order_for(OrderMode::Mrv, &memo, 1), "mrv");
    /// ```
    pub fn settle_order_for(
        &mut self,
        mode: OrderMode,
        memo: &MemoOptions,
        threads: usize,
    ) -> &'static str {
        self.settle_order(mode, memo, true, threads.max(1));
        self.order_name()
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
    pub(super) fn reorder(&mut self, sweep: bool) -> bool {
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
    /// left it (MRV on one thread) or at its root (the sweep, or threads).
    fn race(&mut self, memo: &MemoOptions, threads: usize) {
        let mut mrv = self.clone();
        if mrv.engine.order_name() != "mrv" {
            mrv.reorder(false);
        }
        // MRV alone first: the count itself, kept if MRV wins.
        let limits = *self.race_limits;
        if mrv.count_to_race_start(memo, limits.start) {
            *self = mrv;
            return;
        }
        let done = mrv_work(mrv.stats());
        let whole = whole_of(done as f64, mrv.fraction_done());
        let sweep_wins = whole >= limits.min_whole as f64 && {
            let (wins, spent, cap) = self.check_for(whole, memo, threads);
            self.race_work.nodes += spent.nodes;
            self.race_work.updates += spent.updates;
            debug_race(format_args!(
                "race: mrv {done} of ~{whole:.0} work; ladder cap {cap}: sweep wins {wins}"
            ));
            wins
        };
        if sweep_wins {
            let lost = mrv.stats();
            self.race_work.nodes += lost.nodes;
            self.race_work.updates += lost.updates;
            self.reorder(true);
        } else if threads > 1 {
            // Threads start at the root, by MRV (the race's work leaves the
            // figures: a search with work done counts as started).
            let lost = mrv.stats();
            self.race_work.nodes += lost.nodes;
            self.race_work.updates += lost.updates;
            if self.engine.order_name() != "mrv" {
                self.reorder(false);
            }
        } else {
            mrv.race_work = self.race_work;
            *self = mrv;
        }
    }

    /// The work of this solver's search so far in the race's unit (see
    /// [`mrv_work`]).
    pub(super) fn mrv_work_done(&self) -> u64 {
        mrv_work(self.stats())
    }

    /// Might the rest of a search that has started, handed to a fresh
    /// search as subtrees (see [`Solver::count_with`]), be counted by the
    /// sweep's fast count, as a count from the root may be? Only for a
    /// solver with a sweep order and an engine that sweeps, counting with
    /// the memo, not under [`OrderMode::Mrv`].
    pub(super) fn may_sweep_the_rest(&self, mode: OrderMode, memo: &MemoOptions) -> bool {
        self.sweep_order.is_some()
            && self.swept.is_none()
            && memo.mode != MemoMode::Never
            && mode != OrderMode::Mrv
            && self.engine.can_sweep()
    }

    /// Should that rest be swept (see [`Solver::may_sweep_the_rest`])?
    /// Under [`OrderMode::Sweep`], or where the search already branches by
    /// the sweep, yes; under [`OrderMode::Auto`], where the race's check,
    /// run at a fresh root as for a count from there, says the sweep wins,
    /// if the rest is worth a race: the work so far (at least
    /// [`RACE_START`] where the count is to decide, see
    /// [`Solver::count_with`]) over the fraction `done` gives it.
    /// (Pentominoes 6x10 after one solution: 1.7 s by MRV, 0.6 s swept.)
    pub(super) fn sweeps_the_rest(
        &mut self,
        mode: OrderMode,
        memo: &MemoOptions,
        threads: usize,
        done: f64,
    ) -> bool {
        if !self.may_sweep_the_rest(mode, memo) {
            return false;
        }
        if mode == OrderMode::Sweep || self.order_name() == "sweep" {
            return true;
        }
        let spent = self.mrv_work_done() as f64;
        let rest = whole_of(spent, done) - spent;
        let root = self.fresh_root(false);
        self.race_the_rest(&root, rest, memo, threads)
    }

    /// Should the rest that threads left be swept (see
    /// [`Solver::count_with`]; under [`OrderMode::Auto`], its work all
    /// subtrees now)? As [`Solver::sweeps_the_rest`], but its work is
    /// estimated at a fresh root, as the race from the root estimates it
    /// (MRV counts there for [`RACE_START`] units, work lost), times the
    /// share of the tree the threads left: their own work over their
    /// fraction done depends on their timing (pentominoes 4 x 15, 2
    /// threads, 20 runs: from 55 million units, not raced, to infinite,
    /// where every thread was on its first branches), and a race decided by
    /// it would pick another order from run to run.
    pub(super) fn sweeps_the_parked_rest(&mut self, memo: &MemoOptions, threads: usize) -> bool {
        let Some(parked) = self.parked.as_deref() else {
            return false;
        };
        let mut root = self.fresh_root(false);
        // A search stepped here, then on threads, left its root's
        // restrictions to its subtrees: those all of them share.
        let Some(common) = parked.common_restrictions() else {
            return false; // a search that cannot be cut: no fast count
        };
        if self.root.forced.is_empty()
            && self.root.excluded.is_empty()
            && !matches!(root.restrict(&common), Ok(true))
        {
            return false;
        }
        let done = parked.done.clamp(0.0, 1.0);
        let mut mrv = root.clone();
        let ended = mrv.count_to_race_start(memo, self.race_limits.start);
        let spent = mrv.stats();
        self.race_work.nodes += spent.nodes;
        self.race_work.updates += spent.updates;
        if ended {
            debug_race(format_args!(
                "the rest: the whole ends within the start, not raced"
            ));
            return false;
        }
        let rest = whole_of(mrv_work(spent) as f64, mrv.fraction_done()) * (1.0 - done);
        self.race_the_rest(&root, rest, memo, threads)
    }

    /// The race's check, at `root`, for a rest of about `rest` units of
    /// work by MRV: none under [`RACE_MIN_WHOLE`]. Does the sweep win?
    fn race_the_rest(
        &mut self,
        root: &Solver,
        rest: f64,
        memo: &MemoOptions,
        threads: usize,
    ) -> bool {
        let limits = *self.race_limits;
        if rest < limits.min_whole as f64 {
            debug_race(format_args!("the rest: ~{rest:.0} work, not raced"));
            return false;
        }
        let (wins, spent, cap) = root.check_for(rest, memo, threads);
        self.race_work.nodes += spent.nodes;
        self.race_work.updates += spent.updates;
        debug_race(format_args!(
            "the rest: ~{rest:.0} work; ladder cap {cap}: sweep wins {wins}"
        ));
        wins
    }

    /// Counts by MRV, memoized as `memo` says, until the work reaches
    /// `start` units (step 1 of the race): true if the count ended by then.
    fn count_to_race_start(&mut self, memo: &MemoOptions, start: u64) -> bool {
        let mut budget = RACE_FIRST_BUDGET;
        while mrv_work(self.stats()) < start {
            if self.memo_step(budget, memo) == Step::Exhausted {
                return true;
            }
            budget = budget.saturating_mul(2);
        }
        false
    }

    /// The check of the race at this solver's root for a count of about
    /// `work` units on `threads` threads: within a [`RACE_SHARE`]th of it,
    /// at most [`RACE_MAX`], the sweep's work weighed by
    /// [`SWEEP_MARGIN`] and [`thread_gain`]. Returns the verdict, the work
    /// of the check and its cap.
    fn check_for(&self, work: f64, memo: &MemoOptions, threads: usize) -> (bool, Stats, u64) {
        let limits = *self.race_limits;
        let cap = (work / limits.share as f64).min(limits.max as f64) as u64;
        let margin = SWEEP_MARGIN * thread_gain(threads);
        let (wins, spent) = self.compare_on_subproblems(memo, cap, margin);
        (wins, spent, cap)
    }

    /// The check of the race (see the module documentation): races the
    /// two orders on the sub-problems along the sweep's first path, from
    /// the deepest up, each until one order has counted it, within `cap`
    /// units of work in all (a sub-problem whose cost, grown as from the
    /// last, would pass it is not started), the sweep's work weighed
    /// `margin` times. Returns whether the sweep won the largest
    /// sub-problem that one of them finished, and the work of the check.
    fn compare_on_subproblems(&self, memo: &MemoOptions, cap: u64, margin: f64) -> (bool, Stats) {
        let mut spent = Stats::default();
        let mut sweeper = self.clone();
        if sweeper.engine.order_name() != "sweep" && !sweeper.reorder(true) {
            // Dancing links: MRV alone.
            return (false, spent);
        }
        let mut mrv = self.clone();
        if mrv.engine.order_name() != "mrv" {
            mrv.reorder(false);
        }
        // The sweep's first path: its first choices, down to a dead end
        // or a solution.
        let mut walker = sweeper.clone();
        let mut path = Vec::new();
        for _ in 0..PATH_NODES {
            let before = walker.engine.depth();
            if walker.engine.search(1, u64::MAX, None).1 == Step::Exhausted
                || walker.engine.depth() < before
            {
                break;
            }
            path.clear();
            walker.engine.choices_into(&mut path);
        }
        spent.nodes += walker.engine.stats().nodes;
        let mut left = cap;
        let mut verdict = false;
        let mut last_cost = 0.0f64;
        for depth in (1..path.len()).rev() {
            let restricted = |solver: &Solver| {
                let mut solver = solver.clone();
                for &option in &path[..depth] {
                    if solver.force(option) != Ok(true) {
                        return None;
                    }
                }
                Some(solver)
            };
            let (Some(mut by_mrv), Some(by_sweep)) = (restricted(&mrv), restricted(&sweeper))
            else {
                break;
            };
            let Some(mut sweep) = by_sweep.engine.sweep_count(memo.max_bytes) else {
                break;
            };
            // A race in work: the side behind (the sweep's work weighed
            // `margin` times) takes the next turn, to a quarter past the
            // other, until one finishes or the cap is spent.
            let (mut mrv_spent, mut sweep_spent) = (0u64, 0u64);
            let winner = loop {
                if mrv_spent + sweep_spent > left {
                    break None;
                }
                let weighed = (sweep_spent as f64 * margin) as u64;
                if weighed <= mrv_spent {
                    let target = (mrv_spent + mrv_spent / 4) as f64 / margin;
                    let nodes = (target as u64).saturating_sub(sweep_spent) / SWEEP_NODE_WORK;
                    sweep.run(nodes.max(TURN_NODES));
                    sweep_spent = sweep_work(sweep.stats().nodes);
                    if sweep.is_done() {
                        break Some(true);
                    }
                } else {
                    let m = by_mrv.stats();
                    // MRV's work per node so far (its updates vary).
                    let per_node = mrv_spent.checked_div(m.nodes).unwrap_or(MRV_NODE_WORK);
                    let target = weighed + weighed / 4;
                    let nodes = target.saturating_sub(mrv_spent) / per_node.max(1);
                    let step = by_mrv.memo_step(nodes.max(TURN_NODES), memo);
                    mrv_spent = mrv_work(by_mrv.stats());
                    if step == Step::Exhausted {
                        break Some(false);
                    }
                }
            };
            let (m, s) = (by_mrv.stats(), sweep.stats());
            spent.nodes += m.nodes + s.nodes;
            spent.updates += m.updates;
            debug_race(format_args!(
                "  depth {depth}: mrv {mrv_spent}, sweep {sweep_spent}: {winner:?}"
            ));
            match winner {
                Some(sweep_won) => verdict = sweep_won,
                None => break,
            }
            left = left.saturating_sub(mrv_spent + sweep_spent);
            // The next sub-problem costs about this one times the growth
            // from the last: not started where that passes the cap (its
            // work would be lost).
            let cost = (mrv_spent + sweep_spent) as f64;
            if last_cost > 0.0 && cost * (cost / last_cost).max(1.0) > left as f64 {
                break;
            }
            last_cost = cost;
        }
        (verdict, spent)
    }
}

/// The work of a whole count, estimated from `work` done and Knuth's
/// `fraction` of the tree done (infinite before any is known done).
fn whole_of(work: f64, fraction: f64) -> f64 {
    if fraction > 0.0 {
        work / fraction
    } else {
        f64::INFINITY
    }
}

/// The race's estimate of a search by MRV's work: its nodes and counter
/// updates in units of about an update's time (see [`MRV_NODE_WORK`]).
fn mrv_work(stats: Stats) -> u64 {
    mrv_work_of(stats.nodes, stats.updates)
}

/// [`mrv_work`] of `nodes` and `updates` (say, a [`Progress`]'s).
///
/// [`Progress`]: crate::Progress
pub(super) fn mrv_work_of(nodes: u64, updates: u64) -> u64 {
    nodes.saturating_mul(MRV_NODE_WORK).saturating_add(updates)
}

/// The race's estimate of the work of `nodes` nodes of a memoized sweep
/// (see [`SWEEP_NODE_WORK`]).
fn sweep_work(nodes: u64) -> u64 {
    nodes * SWEEP_NODE_WORK
}

/// Prints a line of the race where `EXACTCOVER_ORDER_DEBUG` is set.
fn debug_race(line: std::fmt::Arguments<'_>) {
    if std::env::var_os("EXACTCOVER_ORDER_DEBUG").is_some() {
        eprintln!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::{CountOptions, EngineChoice, Problem};
    use std::ops::ControlFlow;

    /// Limits that race every count from its first node.
    const EAGER: RaceLimits = RaceLimits {
        start: 0,
        min_whole: 0,
        share: 1,
        max: u64::MAX,
    };

    /// A random problem of `items` primary items, each option of 1 to 4 of
    /// them, and its sweep order (a random permutation).
    fn random_problem(rng: &mut SplitMix64, items: usize) -> (Problem, Vec<usize>) {
        let mut p = Problem::with_items(items, 0);
        for _ in 0..items * 3 {
            let size = 1 + rng.below(4);
            let mut option: Vec<usize> = (0..size).map(|_| rng.below(items)).collect();
            option.sort_unstable();
            option.dedup();
            p.add_option(option).unwrap();
        }
        let mut order: Vec<usize> = (0..items).collect();
        rng.shuffle(&mut order);
        (p, order)
    }

    /// Domino tilings of a `rows` x `columns` board and its columns, one
    /// after the other: a sweep with a memo counts them far faster.
    fn dominoes(rows: usize, columns: usize) -> (Problem, Vec<usize>) {
        let mut p = Problem::with_items(rows * columns, 0);
        let cell = |r: usize, c: usize| r * columns + c;
        for r in 0..rows {
            for c in 0..columns {
                if c + 1 < columns {
                    p.add_option([cell(r, c), cell(r, c + 1)]).unwrap();
                }
                if r + 1 < rows {
                    p.add_option([cell(r, c), cell(r + 1, c)]).unwrap();
                }
            }
        }
        let order = (0..columns)
            .flat_map(|c| (0..rows).map(move |r| cell(r, c)))
            .collect();
        (p, order)
    }

    /// `n` random problems (seeded by `seed`) of `smallest` to `smallest`
    /// + 13 items, then two domino boards (4 x 12 and 3 x 16) that sweep.
    fn problems_and_boards(seed: u64, n: usize, smallest: usize) -> Vec<(Problem, Vec<usize>)> {
        let mut rng = SplitMix64::new(seed);
        let mut problems: Vec<(Problem, Vec<usize>)> = (0..n)
            .map(|k| random_problem(&mut rng, smallest + k % 14))
            .collect();
        problems.push(dominoes(4, 12));
        problems.push(dominoes(3, 16));
        problems
    }

    fn count(p: &Problem, order: &[usize], mode: OrderMode, eager: bool) -> Solver {
        let mut solver = Solver::with_engine(p, EngineChoice::Bitset, None).unwrap();
        solver.set_sweep_order(order).unwrap();
        if eager {
            solver.race_limits = &EAGER;
        }
        let options = CountOptions {
            order: mode,
            ..CountOptions::default()
        };
        let counted = solver
            .count_with(&options, |_| ControlFlow::Continue(()))
            .unwrap();
        assert!(counted.is_complete());
        solver
    }

    /// The race of every count (from its first node) counts what MRV
    /// counts; its figures are those of the winner's count alone, the same
    /// on every run, with the race's work apart; and each order wins
    /// somewhere.
    #[test]
    fn the_race_counts_right_and_reports_the_winners_tree() {
        let problems = problems_and_boards(23, 60, 6);
        let mut winners = Vec::new();
        for (p, order) in &problems {
            let raced = count(p, order, OrderMode::Auto, true);
            let again = count(p, order, OrderMode::Auto, true);
            let mrv = count(p, order, OrderMode::Mrv, false);
            assert_eq!(raced.solutions_counted(), mrv.solutions_counted());
            assert_eq!(raced.stats(), again.stats());
            assert_eq!(raced.race_stats(), again.race_stats());
            assert_eq!(raced.order_name(), again.order_name());
            let mode = if raced.order_name() == "sweep" {
                OrderMode::Sweep
            } else {
                OrderMode::Mrv
            };
            let alone = count(p, order, mode, false);
            assert_eq!(raced.stats(), alone.stats(), "{}", raced.order_name());
            assert_eq!(mrv.race_stats(), Stats::default());
            winners.push(raced.order_name());
        }
        assert!(winners.contains(&"sweep") && winners.contains(&"mrv"));
        // The domino boards, swept column by column.
        assert_eq!(winners[winners.len() - 2..], ["sweep", "sweep"]);
    }

    /// The order a race at the root settles for a count on `threads`.
    fn settled(p: &Problem, order: &[usize], threads: usize) -> &'static str {
        let mut solver = Solver::with_engine(p, EngineChoice::Bitset, None).unwrap();
        solver.set_sweep_order(order).unwrap();
        solver.race_limits = &EAGER;
        solver.settle_order_for(OrderMode::Auto, &MemoOptions::default(), threads)
    }

    /// A race for many threads weighs MRV's work as shared by them: the
    /// sweep (on one thread) wins fewer races than for one thread, never
    /// one that it lost there, and still wins a domino board swept column by
    /// column on 16.
    #[test]
    fn a_race_for_threads_weighs_mrv_by_their_gain() {
        assert_eq!((thread_gain(1), thread_gain(2)), (1.0, 1.0));
        assert!(thread_gain(16) > 4.0 && thread_gain(16) < 8.0);
        let mut rng = SplitMix64::new(23);
        let problems: Vec<(Problem, Vec<usize>)> = (0..60)
            .map(|k| random_problem(&mut rng, 6 + k % 14))
            .collect();
        let mut flipped = 0;
        for (p, order) in &problems {
            let (one, many) = (settled(p, order, 1), settled(p, order, 64));
            if one == "mrv" {
                assert_eq!(many, "mrv");
            } else if many == "mrv" {
                flipped += 1;
            }
        }
        assert!(flipped > 0);
        let (p, order) = dominoes(3, 16);
        assert_eq!(settled(&p, &order, 16), "sweep");
    }

    /// The count of `solver` with `options` to its end, stopped after the
    /// first slice with `stop` and resumed.
    fn count_to_the_end(solver: &mut Solver, options: &CountOptions, stop: bool) -> crate::Count {
        let mut stop = stop;
        let mut counted_all = crate::Count::ZERO;
        loop {
            let counted = solver
                .count_with(options, |_| {
                    if std::mem::take(&mut stop) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .unwrap();
            counted_all += &counted.count;
            if counted.is_complete() {
                return counted_all;
            }
        }
    }

    /// The rest of a search stepped by MRV (solutions taken one by one)
    /// is raced too, and swept where the sweep wins: every order counts
    /// exactly the solutions still to come, on one thread or two, stopped
    /// and resumed or not; and a domino board swept column by column
    /// sweeps its rest.
    #[test]
    fn the_rest_of_a_stepped_search_is_raced_and_swept() {
        let problems = problems_and_boards(29, 40, 8);
        let mut swept = Vec::new();
        for (k, (p, order)) in problems.iter().enumerate() {
            let whole = count(p, order, OrderMode::Mrv, false).solutions_counted();
            for mode in [OrderMode::Auto, OrderMode::Sweep, OrderMode::Mrv] {
                let mut solver = Solver::with_engine(p, EngineChoice::Bitset, None).unwrap();
                solver.set_sweep_order(order).unwrap();
                solver.race_limits = &EAGER;
                let taken = (0..1 + k % 3)
                    .take_while(|_| solver.step(u64::MAX) == Step::Solution)
                    .count();
                let options = CountOptions {
                    order: mode,
                    threads: 1 + k % 2,
                    ..CountOptions::default()
                };
                // Every third stopped after its first slice, then resumed.
                let mut total = count_to_the_end(&mut solver, &options, k % 3 == 0);
                total += &crate::Count::from(taken as u64);
                assert_eq!(total, whole, "problem {k}, {mode:?}");
                if mode == OrderMode::Auto {
                    swept.push(solver.order_name());
                }
            }
        }
        assert!(swept.contains(&"mrv"));
        assert_eq!(swept[swept.len() - 2..], ["sweep", "sweep"]);
    }

    /// The rest that threads left (solutions taken on two threads, the
    /// iterator dropped), and the rest of a search stepped here counted
    /// under [`MemoMode::Always`], are raced too, after a trial that
    /// counts them as they are (here a few thousand units): every one
    /// counts exactly the solutions still to come, stopped and resumed or
    /// not, and the domino boards swept column by column sweep their rest
    /// (by MRV, before the trial, whatever the race said).
    #[test]
    fn the_rest_left_by_threads_or_memoized_is_raced_and_swept() {
        // A trial of a few thousand units; the check within a sixteenth of
        // the rest, as in a count (a check as long as the rest, on these
        // boards, took a minute of a debug build's tests).
        const TRIAL: RaceLimits = RaceLimits {
            start: 1 << 12,
            share: RACE_SHARE,
            ..EAGER
        };
        let mut rng = SplitMix64::new(31);
        let mut problems: Vec<(Problem, Vec<usize>)> = (0..30)
            .map(|k| random_problem(&mut rng, 8 + k % 14))
            .collect();
        // Boards whose count by MRV outlasts a slice of the threads (whose
        // trial ends only between slices): 4 x 12 ends within the first.
        problems.push(dominoes(6, 14));
        problems.push(dominoes(5, 16));
        let mut swept = Vec::new();
        for (k, (p, order)) in problems.iter().enumerate() {
            let whole = count(p, order, OrderMode::Sweep, false).solutions_counted();
            for (on_threads, memo) in [
                (true, MemoMode::Auto),
                (true, MemoMode::Always),
                (false, MemoMode::Always),
            ] {
                let mut solver = Solver::with_engine(p, EngineChoice::Bitset, None).unwrap();
                solver.set_sweep_order(order).unwrap();
                solver.race_limits = &TRIAL;
                let taken = if on_threads {
                    solver
                        .solutions_on_threads(2)
                        .unwrap()
                        .take(1 + k % 3)
                        .count()
                } else {
                    (0..1 + k % 3)
                        .take_while(|_| solver.step(u64::MAX) == Step::Solution)
                        .count()
                };
                let options = CountOptions {
                    threads: 1 + k % 2,
                    memo: MemoOptions {
                        mode: memo,
                        ..MemoOptions::default()
                    },
                    ..CountOptions::default()
                };
                let mut rest = count_to_the_end(&mut solver, &options, k % 3 == 0);
                rest += &crate::Count::from(taken as u64);
                assert_eq!(rest, whole, "problem {k}, threads {on_threads}, {memo:?}");
                swept.push(solver.order_name());
            }
        }
        assert!(swept.contains(&"mrv"));
        assert_eq!(swept[swept.len() - 6..], ["sweep"; 6]);
    }

    /// A count of the swept rest stopped after every slice goes on with
    /// the same fast count of the whole, its tables and memo kept from call
    /// to call (made again each time, a count by slices of a few
    /// milliseconds never ended), and counts the rest exactly: the whole
    /// less what was counted, however much the search stepped in between.
    #[test]
    fn the_swept_rest_resumed_slice_by_slice_keeps_its_memo() {
        let (p, order) = dominoes(4, 24);
        let whole = count(&p, &order, OrderMode::Sweep, false).solutions_counted();
        let mut solver = Solver::with_engine(&p, EngineChoice::Bitset, None).unwrap();
        solver.set_sweep_order(&order).unwrap();
        solver.race_limits = &EAGER;
        assert_eq!(solver.step(u64::MAX), Step::Solution);
        let options = CountOptions {
            nodes_per_slice: Some(64),
            ..CountOptions::default()
        };
        let mut rest = crate::Count::from(1u64);
        let (mut calls, mut swept, mut entries) = (0, 0, 0);
        loop {
            calls += 1;
            let counted = solver
                .count_with(&options, |_| ControlFlow::Break(()))
                .unwrap();
            rest += &counted.count;
            if counted.is_complete() {
                break;
            }
            // In place (the trial, whose work adds up from call to call),
            // then the whole swept.
            match &solver.whole_sweep {
                Some(sweep) => {
                    swept += 1;
                    // The memo's entries stay from call to call.
                    let now = sweep.memo_stats().entries;
                    assert!(
                        now >= entries,
                        "call {calls}: {now} entries after {entries}"
                    );
                    entries = now;
                    // A solution taken meanwhile is not counted again.
                    if swept == 2 {
                        assert_eq!(solver.step(u64::MAX), Step::Solution);
                        rest += &crate::Count::from(1u64);
                    }
                }
                None => assert_eq!(swept, 0, "call {calls}"),
            }
        }
        assert_eq!(rest, whole);
        assert_eq!(solver.order_name(), "sweep");
        assert!(swept > 2 && entries > 0, "{calls} calls, {swept} swept");
    }

    /// Under the usual limits a small count is not raced: no race work.
    #[test]
    fn a_small_count_is_not_raced() {
        let (p, order) = dominoes(4, 6);
        let solver = count(&p, &order, OrderMode::Auto, false);
        assert_eq!(solver.race_stats(), Stats::default());
        assert_eq!(solver.order_name(), "mrv");
        assert_eq!(solver.solutions_counted().to_u64(), Some(281));
    }
}
