//! The one counting entry with options ([`Solver::count_with`]): what it is
//! told ([`CountOptions`]), what it reports between slices ([`Progress`]) and
//! returns ([`Counted`]), and the slices themselves ([`SliceBudget`]).
//!
//! Beside it stay [`Solver::count`] (everything, on this thread, as fast as
//! the engine goes) and the resumable steps ([`Solver::step`],
//! [`Solver::count_step`]).

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use super::order::mrv_work_of;
use super::parallel::Work;
use super::{OrderMode, Solver};
use crate::count::Count;
use crate::engine::{Stats, Step, Subtree};
use crate::memo::{MemoMode, MemoOptions, MemoStats};
use crate::Error;

/// How [`Solver::count_with`] counts: the one options struct of every
/// count.
///
/// Every combination of the fields works, and a count stopped by its
/// callback (a time limit, Ctrl-C) goes on at the next call from where it
/// stopped, any number of times: a count started on threads goes on on any
/// number of threads (one included), and a count started on this thread
/// goes on on this thread or on threads (what the search has not explored,
/// its [`Solver::remainder`], goes to the threads as subtrees of a fresh
/// search at the root, which each engine makes again from its problem):
///
/// * `threads` with a callback: the threads park their searches when it
///   says stop, and the solver keeps them ([`Solver::count_with`]).
/// * `threads` with a `limit`: exactly `min(limit, total)`; the threads
///   take the solutions they may count a few at a time.
/// * `limit` with the memo: a count with a limit goes solution by
///   solution, since the memo counts a sub-problem whole and cannot stop
///   inside it. Under [`MemoMode::Auto`] it does not memoize; under
///   [`MemoMode::Always`] the memo counts first, on a copy of the search,
///   and that count is the answer where it stays within the limit (the
///   copy then becomes the search); past the limit the first `limit`
///   solutions are counted one by one.
/// * The memo on a search that has started on this thread other than by a
///   memoized count (stepped, or counted with a limit): what the search has
///   not explored ([`Solver::remainder`]) is counted as subtrees of a fresh
///   search at the root, memoized ([`MemoMode::Auto`] decides again; on one
///   thread it first goes on in place for a few times the work of handing
///   the rest over, so that a short rest ends there).
///   [`MemoMode::Always`] does the same after a count without the memo
///   (`Never`, or one whose memo `Auto` dropped), which `Auto` goes on
///   without. (Threads that stopped keep their memos, and go on with them.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountOptions {
    /// Threads that count (0 and 1: this thread). More than the machine runs
    /// at once never help: capped at [`max_threads`](crate::max_threads).
    /// A count on threads starts at the root, or where threads stopped
    /// before; once stopped, the solver keeps every thread's unfinished
    /// work for the next count (on any number of threads).
    pub threads: usize,
    /// Whether and how to memoize (on threads: every thread memoizes in a
    /// table of its own, `max_bytes` shared among them).
    pub memo: MemoOptions,
    /// Stop after this many solutions (they are then consumed: the search
    /// resumes after them).
    pub limit: Option<u64>,
    /// About how often the callback is called: slices of search last this
    /// long, whatever a node costs.
    pub slice: Duration,
    /// Slices of exactly this many nodes instead of `slice`'s time; on
    /// threads, every thread starts at once and donates after every slice
    /// a waiting thread sees. Makes tiny searches go through every path of
    /// the count. For tests.
    #[doc(hidden)]
    pub nodes_per_slice: Option<u64>,
    /// How to choose the item to branch on where the solver has a sweep
    /// order ([`Solver::set_sweep_order`]): see [`OrderMode`]. Read by a
    /// count from the root, and by one of what a search stepped (solutions
    /// taken one by one, a count with a limit) has left, which hands it to
    /// a fresh search; a count that goes on from a count keeps its order.
    pub order: OrderMode,
}

impl Default for CountOptions {
    fn default() -> CountOptions {
        CountOptions {
            threads: 1,
            memo: MemoOptions::default(),
            limit: None,
            slice: Duration::from_millis(2),
            nodes_per_slice: None,
            order: OrderMode::Auto,
        }
    }
}

/// How a [`Solver::count_with`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Every solution is counted: the search is over.
    Complete,
    /// The limit was reached.
    Limit,
    /// The callback said stop.
    Stopped,
}

/// The result of [`Solver::count_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// Solutions counted by this call, exactly.
    pub count: Count,
    /// Whether the count is complete, or why it stopped.
    pub outcome: Outcome,
    /// The solver's work so far, all calls and threads together (as
    /// [`Solver::stats`]).
    pub stats: Stats,
    /// The memo's figures (as [`Solver::memo_stats`]).
    pub memo: MemoStats,
}

impl Counted {
    /// Is every solution counted?
    pub fn is_complete(&self) -> bool {
        self.outcome == Outcome::Complete
    }
}

/// What [`Solver::count_with`] tells its callback between slices: the
/// figures of this call so far.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Progress {
    /// Solutions counted so far (memo hits included), exactly.
    pub solutions: Count,
    /// Search-tree nodes visited so far (all threads).
    pub nodes: u64,
    /// The engine's updates so far (all threads).
    pub updates: u64,
    /// On threads: subtrees counted to the end (0 on one thread).
    pub subtrees_done: u64,
    /// On threads: subtrees waiting for a thread (0 on one thread).
    pub subtrees_pending: u64,
    /// Knuth's estimate of the fraction of the whole search tree done
    /// (`(k1 - 1)/d1 + (k2 - 1)/(d1 d2) + ...`, see
    /// [`Solver::choice_positions`]). On threads, each piece of work weighs
    /// its share of the tree (the product of `1/d` along the path to it),
    /// and the fraction is the shares done plus each running search's
    /// share times its own estimate; it never goes back, and reaches 1 only
    /// when the count is complete. It walks the first levels of the search
    /// stack, so it is refreshed every [`FRACTION_EVERY`] only.
    pub fraction: Option<f64>,
}

/// Node budgets for slices of search that last about a given time, whatever
/// a node costs: the budget doubles after a slice that was too short and
/// halves after one too long. The one place where slices are sized, for the
/// counts of [`Solver::count_with`] and for front ends that step a search
/// themselves (between two slices they poll for cancellation, a clock or a
/// progress display).
#[derive(Debug, Clone, Copy)]
pub struct SliceBudget {
    budget: u64,
    target: Duration,
    fixed: bool,
}

impl SliceBudget {
    /// The budget of a first slice: a node of a huge problem can take
    /// milliseconds.
    const FIRST: u64 = 16;
    /// The largest budget.
    const MAX: u64 = 1 << 24;

    /// Slices of about `target` each.
    pub fn new(target: Duration) -> SliceBudget {
        SliceBudget {
            budget: SliceBudget::FIRST,
            target,
            fixed: false,
        }
    }

    /// Slices of exactly `nodes` nodes (at least 1).
    pub fn fixed(nodes: u64) -> SliceBudget {
        SliceBudget {
            budget: nodes.max(1),
            target: Duration::ZERO,
            fixed: true,
        }
    }

    /// The slices `options` ask for.
    pub(super) fn of(options: &CountOptions) -> SliceBudget {
        match options.nodes_per_slice {
            Some(nodes) => SliceBudget::fixed(nodes),
            None => SliceBudget::new(options.slice),
        }
    }

    /// Is every slice of a fixed number of nodes (tests)?
    pub(super) fn is_fixed(&self) -> bool {
        self.fixed
    }

    /// The node budget of the next slice.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Runs one slice, `slice(budget)`, and adapts the budget to the time it
    /// took if it used all of it ([`Step::Paused`]): a slice that ends at a
    /// solution or the end of the search says nothing of a node's cost.
    pub fn run(&mut self, slice: impl FnOnce(u64) -> Step) -> Step {
        if self.fixed {
            return slice(self.budget);
        }
        let start = Instant::now();
        let step = slice(self.budget);
        if step == Step::Paused {
            let took = start.elapsed();
            if took < self.target / 2 {
                self.budget = (self.budget * 2).min(SliceBudget::MAX);
            } else if took > self.target * 2 {
                self.budget = (self.budget / 2).max(1);
            }
        }
        step
    }
}

/// Levels of the search stack read for the fraction of the tree done:
/// deeper ones change it by less than 2^-64.
pub(super) const FRACTION_LEVELS: usize = 64;

/// How often [`Progress::fraction`] is refreshed on one thread.
pub const FRACTION_EVERY: Duration = Duration::from_millis(10);

/// How many times the work of handing a stepped search's rest to a fresh
/// search ([`Solver::count_with`]) it goes on in place first, without the
/// memo: the rent paid before buying, as in the ski-rental problem (a rest
/// that ends meanwhile costs at most this times more than handing it over
/// at once would have).
const PARK_TRIAL: u64 = 4;

/// The least work of that trial ([`crate::engine::Engine::work`]'s unit: about a link
/// update), a fraction of a millisecond.
const PARK_TRIAL_MIN: u64 = 1 << 16;

impl Solver {
    /// Counts the remaining solutions as `options` say, calling `on_slice`
    /// between slices of search (about every `options.slice`, from the
    /// calling thread, also on threads) with the figures so far; it returns
    /// [`ControlFlow::Break`] to stop the count. This is how a front end
    /// checks for Ctrl-C or a time limit and draws progress.
    ///
    /// The count is exact at any size. Without a limit it memoizes as
    /// `options.memo` says (see [`MemoMode`]): the memo is used from the
    /// root only (a search that has started counts the rest without it),
    /// and stepping the search otherwise ([`Solver::step`],
    /// [`Solver::count_step`]) drops the memo of a count in progress. A
    /// count on one thread that was stopped goes on from where it stopped
    /// at the next call, memo and all.
    ///
    /// Every combination of options works (see [`CountOptions`] for the
    /// one refusal, the memo on a search started without it). A count
    /// on threads that was stopped leaves every thread's unfinished work in
    /// the solver: the next count, on any number of threads, or a step,
    /// goes on with exactly the solutions still to come. A search stepped
    /// on this thread goes on on threads too (see [`CountOptions`]).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::{CountOptions, MemoMode, MemoOptions, Outcome, Problem, Solver};
    ///
    /// // Domino tilings of the 6 x 6 board: 6728, on two threads.
    /// let mut p = Problem::with_items(36, 0);
    /// for cell in 0..36 {
    ///     if cell % 6 < 5 {
    ///         p.add_option([cell, cell + 1]).unwrap();
    ///     }
    ///     if cell < 30 {
    ///         p.add_option([cell, cell + 6]).unwrap();
    ///     }
    /// }
    /// let options = CountOptions { threads: 2, ..CountOptions::default() };
    /// let counted = Solver::new(&p)
    ///     .count_with(&options, |_| ControlFlow::Continue(()))
    ///     .unwrap();
    /// assert_eq!((counted.count.to_u64(), counted.outcome), (Some(6728), Outcome::Complete));
    ///
    /// // The first 100, then a count without the memo stopped by the
    /// // callback at its first call (with it, the rest takes a millisecond).
    /// let mut solver = Solver::new(&p);
    /// let options = CountOptions { limit: Some(100), ..CountOptions::default() };
    /// let counted = solver.count_with(&options, |_| ControlFlow::Continue(())).unwrap();
    /// assert_eq!((counted.count.to_u64(), counted.outcome), (Some(100), Outcome::Limit));
    /// let never = MemoOptions { mode: MemoMode::Never, ..MemoOptions::default() };
    /// let counted = solver
    ///     .count_with(&CountOptions { memo: never, ..CountOptions::default() }, |progress| {
    ///         assert!(progress.nodes > 0);
    ///         ControlFlow::Break(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(counted.outcome, Outcome::Stopped);
    /// // ... and the rest: every solution exactly once.
    /// let rest = solver.count_with(&CountOptions::default(), |_| ControlFlow::Continue(()));
    /// let total = 100 + counted.count.to_u64().unwrap() + rest.unwrap().count.to_u64().unwrap();
    /// assert_eq!(total, 6728);
    /// ```
    pub fn count_with<F>(
        &mut self,
        options: &CountOptions,
        mut on_slice: F,
    ) -> Result<Counted, Error>
    where
        F: FnMut(&Progress) -> ControlFlow<()>,
    {
        let before = self.solutions_counted();
        let start = self.stats();
        // A count of the whole that counts the rest, stopped: it goes on.
        if let Some(sweep) = self.whole_sweep.take() {
            if options.limit.is_none() && options.memo.mode != MemoMode::Never {
                let trial = Progress::default();
                return Ok(self.count_whole_swept(sweep, options, &mut on_slice, &before, &trial));
            }
        }
        if self.settle_order(
            options.order,
            &options.memo,
            options.limit.is_none(),
            options.threads.clamp(1, crate::max_threads()),
        ) {
            return Ok(Counted {
                count: self.counted_since(&before),
                outcome: Outcome::Complete,
                stats: self.stats(),
                memo: self.memo_stats(),
            });
        }
        let options = &self.sweep_keeps_memo(options);
        // The fast count of a sweep: from the root (or where it stopped),
        // on one thread, memoized, without a limit; also where the count
        // asks for threads, whose search in the sweep's order would do
        // several times its work (pentominoes 6x10: 14x). An engine in
        // another order has no fast count.
        let swept = self.swept.take();
        if options.limit.is_none() && options.memo.mode != MemoMode::Never && self.is_fresh() {
            let sweep = swept.or_else(|| {
                self.engine
                    .sweep_count(options.memo.max_bytes)
                    .map(Box::new)
            });
            if let Some(sweep) = sweep {
                return Ok(self.count_swept(sweep, options, &mut on_slice, &before, start));
            }
        }
        if let (Some(limit), MemoMode::Always) = (options.limit, options.memo.mode) {
            if self.can_memoize() {
                return self.count_memoized_within(options, limit, &mut on_slice);
            }
        }
        let mut parked_options = *options;
        // The figures of a count in place before the rest was handed over.
        let mut trial = Progress::default();
        // The rest goes to the sweep's fast count (see `sweeps_the_rest`).
        let mut sweep_rest = false;
        // Whether the rest's order was decided (above), not only `sweep_rest`.
        let mut raced = false;
        if options.limit.is_none() && self.memo_wants_a_fresh_root(options.memo.mode) {
            // What the search has not explored, counted as subtrees of a
            // fresh search, memoized: going on in place, without the memo,
            // took 2.7 s for the domino tilings of 8 x 8 after one solution
            // (the whole count: 0.3 ms), and hours for 10 x 10.
            // Under Auto, on one thread, a short rest ends in place first
            // (`rent`); where the rest may be swept, that goes on to the
            // work after which a count from the root races (its estimate
            // of the rest decides whether this one does), on threads too,
            // and under Always (the memo is for the rest: without that
            // trial the few nodes to the first solution said the rest of
            // pentominoes 6x10 was not worth a race, 1.9 s by MRV).
            let here = self.parked.is_none();
            let rent = here && options.memo.mode == MemoMode::Auto && options.threads <= 1;
            let race_start = if here
                && options.order == OrderMode::Auto
                && self.order_name() == "mrv"
                && self.may_sweep_the_rest(options.order, &options.memo)
            {
                self.race_limits.start
            } else {
                0
            };
            if rent || race_start > 0 {
                if let Some(counted) = self.count_before_parking(
                    options,
                    &mut on_slice,
                    &before,
                    start,
                    &mut trial,
                    (rent, race_start),
                ) {
                    return Ok(counted);
                }
            }
            // What threads left is decided below; a swept rest that
            // stopped goes on swept.
            if here || self.order_name() == "sweep" {
                let threads = options.threads.clamp(1, crate::max_threads());
                let done = match &self.parked {
                    Some(parked) => parked.done,
                    None => self.fraction_done(),
                };
                sweep_rest = self.sweeps_the_rest(options.order, &options.memo, threads, done);
                raced = true;
                if let Some(counted) =
                    self.sweep_the_whole(sweep_rest, options, &mut on_slice, &before, &trial)
                {
                    return Ok(counted);
                }
            }
            self.park_paused_search();
            if self.parked.is_some() && self.order_name() == "sweep" {
                // As `sweep_keeps_memo`, for the fresh search.
                parked_options.memo.mode = MemoMode::Always;
            }
        }
        if options.limit.is_none()
            && !raced
            && self.parked.is_some()
            && self.may_sweep_the_rest(options.order, &options.memo)
            && (options.order == OrderMode::Sweep || self.order_name() == "mrv")
        {
            // What threads left (`solutions(threads=N)` closed, a count on
            // threads stopped) is raced as the rest of a search stepped
            // here is, after a trial on threads that ends a short rest
            // (pentominoes 6x10 after one solution: 2.1 s by MRV).
            if options.order == OrderMode::Auto {
                if let Some(counted) = self.count_parked_before_the_race(
                    options,
                    &mut on_slice,
                    &before,
                    start,
                    &mut trial,
                )? {
                    return Ok(counted);
                }
            }
            if let Some(parked) = self.parked.as_mut() {
                parked.searches_to_subtrees(|_| true, |_| {});
            }
            let threads = options.threads.clamp(1, crate::max_threads());
            sweep_rest = options.order == OrderMode::Sweep
                || self.sweeps_the_parked_rest(&options.memo, threads);
            if let Some(counted) =
                self.sweep_the_whole(sweep_rest, options, &mut on_slice, &before, &trial)
            {
                return Ok(counted);
            }
        }
        if let (None, Some(parked)) = (options.limit, self.parked.as_mut()) {
            // Threads that stopped while stepping (`solutions(threads=N)`
            // dropped): their searches would count on without the memo,
            // for hours where it takes milliseconds with it.
            let mode = options.memo.mode;
            parked.searches_to_subtrees(|search| search.memo_wants_a_fresh_root(mode), |_| {});
        }
        if sweep_rest {
            if let Some(counted) = self.count_parked_swept(options, &mut on_slice, &before, &trial)
            {
                return Ok(counted);
            }
        }
        let options = &parked_options;
        if options.threads > 1 || self.parked.is_some() {
            // The figures of this call: the trial's, then the threads'.
            let mut counted = self.count_on_threads(options, &mut |progress: &Progress| {
                let mut progress = progress.clone();
                progress.solutions += &trial.solutions;
                progress.nodes += trial.nodes;
                progress.updates += trial.updates;
                on_slice(&progress)
            })?;
            counted.count = self.counted_since(&before);
            return Ok(counted);
        }
        if options.limit.is_none() && options.memo.mode == MemoMode::Always && !self.can_memoize() {
            return Err(Error::Unsupported {
                what: "a memoized count of a search that has started without its memo",
            });
        }
        Ok(self.count_here(options, &mut on_slice, &before, start))
    }

    /// The count of the subtrees parked in the solver (the rest of a search
    /// that has started, handed over) by the sweep's fast count, the engine
    /// made again at the root in the sweep's order (see
    /// [`Solver::count_subtrees_swept`]); its figures follow `trial`'s, its
    /// fraction done the share of the tree done before; the solutions that
    /// threads found and left are counted too. `None` (and the solver as it
    /// was, but for its engine's order) where the parked work is not all
    /// subtrees or the sweep cannot count them (the engine is then at the
    /// root by MRV).
    fn count_parked_swept(
        &mut self,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        trial: &Progress,
    ) -> Option<Counted> {
        let parked = self.parked.take()?;
        let subtrees: Option<Vec<Subtree>> = parked
            .work
            .iter()
            .map(|(work, _)| match work {
                Work::Subtree(subtree) => Some(subtree.clone()),
                Work::Search(_) => None,
            })
            .collect();
        // The engine at its root in the sweep's order: made again unless a
        // count of this rest that stopped left it so.
        let sweeping = || self.order_name() == "sweep";
        let subtrees = match subtrees {
            Some(subtrees) if sweeping() || self.reorder(true) => subtrees,
            _ => {
                self.rest_sweep = None;
                self.parked = Some(parked);
                return None;
            }
        };
        let done = parked.done;
        // Solutions that threads found and nobody took: counted first, as
        // a count on threads counts them.
        let ready = Count::from(parked.ready.len() as u64);
        let mut on_slice = |progress: &Progress| {
            let mut progress = progress.clone();
            progress.solutions += &trial.solutions;
            progress.solutions += &ready;
            progress.nodes += trial.nodes;
            progress.updates += trial.updates;
            progress.fraction = progress.fraction.map(|f| done + (1.0 - done) * f);
            on_slice(&progress)
        };
        let always = CountOptions {
            memo: MemoOptions {
                mode: MemoMode::Always,
                ..options.memo
            },
            ..*options
        };
        match self.count_subtrees_swept(&subtrees, &always, None, true, &mut on_slice) {
            Some(mut counted) => {
                self.extra += &ready;
                counted.count = self.counted_since(before);
                Some(counted)
            }
            None => {
                self.rest_sweep = None;
                self.reorder(false);
                self.parked = Some(parked);
                None
            }
        }
    }

    /// The count in place, without the memo, of a search stepped on this
    /// thread, before its rest is handed to a fresh search (see
    /// [`Solver::count_with`]): for about [`PARK_TRIAL`] times the work the
    /// handing over would take (a copy of the search per subtree of its
    /// remainder), so that a short rest ends here, at a small multiple of
    /// what the fresh search would cost, and a long one, which the memo
    /// may shorten by far, is handed over. `Some` if the count ended
    /// (complete, or stopped by `on_slice`), else `None` with its figures
    /// in `trial`. (The rest of a 16 x 16 Sudoku after its solution: 63 ms
    /// in place, 112 ms handed over at once.) Without `rent`, not that
    /// long; either way, until the search's work
    /// ([`Solver::mrv_work_done`]) reaches `race_start`.
    fn count_before_parking(
        &mut self,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        start: Stats,
        trial: &mut Progress,
        (rent, race_start): (bool, u64),
    ) -> Option<Counted> {
        let depth = self.engine.depth() as u64 + 1;
        let restrictions = (self.root.forced.len() + self.root.excluded.len()) as u64;
        let handing_over = depth.saturating_mul(self.engine.copy_work() + depth + restrictions);
        let budget = if rent {
            handing_over.saturating_mul(PARK_TRIAL).max(PARK_TRIAL_MIN)
        } else {
            0
        };
        // The rent paid by the trials of counts that stopped counts too: a
        // count by slices of a few milliseconds each would pay it afresh
        // every time, and never hand the rest over.
        let first = self.engine.work().saturating_sub(self.trial_work);
        let mut slices = SliceBudget::of(options);
        let mut fraction = (self.fraction_done(), Instant::now());
        loop {
            let step = slices.run(|budget| self.count_step(budget, u64::MAX).1);
            *trial = self.progress_here(before, start, &mut fraction);
            // The rent paid, the rest goes over before the callback can
            // stop the count (that stops after every slice would never
            // reach it otherwise), which the count handed over calls.
            let outcome = if step == Step::Exhausted {
                Outcome::Complete
            } else if self.engine.work() - first >= budget && self.mrv_work_done() >= race_start {
                self.trial_work = 0;
                return None;
            } else if on_slice(trial).is_break() {
                self.trial_work = self.engine.work() - first;
                Outcome::Stopped
            } else {
                continue;
            };
            return Some(Counted {
                count: self.counted_since(before),
                outcome,
                stats: self.stats(),
                memo: self.memo_stats(),
            });
        }
    }

    /// The count on threads of the work that threads left (see
    /// [`Solver::count_with`]), as it is, until the search's work
    /// ([`Solver::mrv_work_done`]) reaches the race's start: a short rest
    /// ends here, a longer one's work over its fraction done then tells
    /// whether it is worth a race, as for a search stepped on this thread
    /// ([`Solver::count_before_parking`]). `Some` if the count ended
    /// (complete, or stopped by `on_slice`), else `None` with its figures
    /// in `trial` and the threads' work parked again.
    fn count_parked_before_the_race(
        &mut self,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        start: Stats,
        trial: &mut Progress,
    ) -> Result<Option<Counted>, Error> {
        let goal = self.race_limits.start;
        let spent = self.mrv_work_done();
        if spent >= goal {
            return Ok(None);
        }
        let mut reached = false;
        let mut counted = self.count_on_threads(options, &mut |progress: &Progress| {
            if spent.saturating_add(mrv_work_of(progress.nodes, progress.updates)) >= goal {
                reached = true;
                return ControlFlow::Break(());
            }
            on_slice(progress)
        })?;
        if !reached || counted.outcome != Outcome::Stopped || self.parked.is_none() {
            counted.count = self.counted_since(before);
            return Ok(Some(counted));
        }
        let now = self.stats();
        *trial = Progress {
            solutions: self.counted_since(before),
            nodes: now.nodes - start.nodes,
            updates: now.updates - start.updates,
            ..Progress::default()
        };
        Ok(None)
    }

    /// The figures of a count on this thread since `before` (solutions) and
    /// `start` (work), its fraction done refreshed every [`FRACTION_EVERY`]
    /// in `fraction` (with when it was), never backwards (estimated
    /// branchings may shrink).
    fn progress_here(
        &self,
        before: &Count,
        start: Stats,
        fraction: &mut (f64, Instant),
    ) -> Progress {
        let now = self.stats();
        if fraction.1.elapsed() >= FRACTION_EVERY {
            *fraction = (fraction.0.max(self.fraction_done()), Instant::now());
        }
        Progress {
            solutions: self.counted_since(before),
            nodes: now.nodes - start.nodes,
            updates: now.updates - start.updates,
            subtrees_done: 0,
            subtrees_pending: 0,
            fraction: Some(fraction.0),
        }
    }

    /// Should a count of everything under `mode` hand what this search has
    /// not explored to a fresh search (see [`Solver::count_with`]) to
    /// memoize it? Under [`MemoMode::Always`], wherever the search cannot
    /// memoize as it is; under [`MemoMode::Auto`], where it was stepped
    /// (solutions taken one by one, a count with a limit) rather than
    /// counted: a count whose memo `Auto` dropped goes on without it.
    pub(super) fn memo_wants_a_fresh_root(&self, mode: MemoMode) -> bool {
        match mode {
            MemoMode::Never => false,
            MemoMode::Always => !self.can_memoize(),
            MemoMode::Auto => self.exact.is_none() && self.started() && !self.is_exhausted(),
        }
    }

    /// A count with a limit under [`MemoMode::Always`] (see
    /// [`CountOptions`]): the memo counts on a copy; within the limit the
    /// copy becomes the search, else the first `limit` solutions are
    /// counted one by one.
    fn count_memoized_within(
        &mut self,
        options: &CountOptions,
        limit: u64,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Counted, Error> {
        // Two counts, one fraction done: never backwards.
        let mut top = 0.0f64;
        let mut on_slice = |progress: &Progress| {
            let mut progress = progress.clone();
            if let Some(f) = progress.fraction.as_mut() {
                top = top.max(*f);
                *f = top;
            }
            on_slice(&progress)
        };
        let mut copy = self.clone();
        let whole = CountOptions {
            limit: None,
            ..*options
        };
        let counted = copy.count_with(&whole, &mut on_slice)?;
        if counted.count <= Count::from(limit) {
            *self = copy;
            if counted.outcome == Outcome::Complete && counted.count == Count::from(limit) {
                return Ok(Counted {
                    outcome: Outcome::Limit,
                    ..counted
                });
            }
            return Ok(counted);
        }
        let (done, here) = (copy.stats(), self.stats());
        let one_by_one = CountOptions {
            memo: MemoOptions {
                mode: MemoMode::Never,
                ..options.memo
            },
            ..*options
        };
        let mut counted = self.count_with(&one_by_one, &mut on_slice)?;
        // The work of the copy stays in the figures.
        self.elsewhere.nodes += done.nodes - here.nodes;
        self.elsewhere.updates += done.updates - here.updates;
        counted.stats = self.stats();
        Ok(counted)
    }

    /// [`Solver::count_with`] on this thread.
    /// The solutions and work since `before` and `start` (the race of
    /// [`OrderMode::Auto`] may have counted some) are this count's.
    fn count_here(
        &mut self,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        start: Stats,
    ) -> Counted {
        let mut remaining = options.limit.unwrap_or(u64::MAX);
        let mut slices = SliceBudget::of(options);
        let mut fraction = (self.fraction_done(), Instant::now());
        let outcome = loop {
            if remaining == 0 {
                break Outcome::Limit;
            }
            let step = if options.limit.is_none() {
                slices.run(|budget| self.memo_step(budget, &options.memo))
            } else {
                let mut found = 0;
                let step = slices.run(|budget| {
                    let (n, step) = self.count_step(budget, remaining);
                    found = n;
                    step
                });
                remaining -= found;
                step
            };
            match step {
                Step::Exhausted => break Outcome::Complete,
                Step::Solution => break Outcome::Limit,
                Step::Paused => {}
            }
            let progress = self.progress_here(before, start, &mut fraction);
            if on_slice(&progress).is_break() {
                break Outcome::Stopped;
            }
        };
        Counted {
            count: self.counted_since(before),
            outcome,
            stats: self.stats(),
            memo: self.memo_stats(),
        }
    }

    /// Where the rest of a search that has started is to be swept
    /// (`sweep_rest`) and the root still holds its restrictions, counts it
    /// by [`Solver::count_whole_swept`], from a fresh root; `None` where it
    /// does not (the rest's subtrees are then swept one by one).
    fn sweep_the_whole(
        &mut self,
        sweep_rest: bool,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        trial: &Progress,
    ) -> Option<Counted> {
        if !sweep_rest || self.root_handed_over || self.order_name() == "sweep" {
            return None;
        }
        let sweep = self
            .fresh_root(true)
            .engine
            .sweep_count(options.memo.max_bytes)?;
        Some(self.count_whole_swept(Box::new(sweep), options, on_slice, before, trial))
    }

    /// The rest of a search that has started, counted as the whole problem
    /// by the sweep's fast count from a fresh root (`sweep`), less the
    /// solutions counted so far (each a distinct solution of it). Where the
    /// sweep wins the race at the root, the whole costs what the race
    /// measured; the rest's subtrees, restricted by the options the search
    /// forced and excluded off the sweep's order, can cost far more (domino
    /// boards of 6 x 14 after one solution, bitset engine: their subtrees
    /// swept 1.2 s and 36 million nodes, the whole 0.4 ms, MRV 39 ms).
    /// Stopped, it waits in the solver for the next count, the search as it
    /// was; complete, the search is over. Its figures follow `trial`'s.
    fn count_whole_swept(
        &mut self,
        mut sweep: Box<crate::bitset::SweepCount>,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        trial: &Progress,
    ) -> Counted {
        let outcome = self.sweep_in_slices(
            &mut sweep,
            options,
            on_slice,
            before,
            (trial.nodes, trial.updates),
        );
        if outcome == Outcome::Complete {
            let rest = sweep
                .total()
                .checked_sub(&self.solutions_counted())
                .expect("the whole holds every solution counted");
            self.drop_memo();
            // The search's own figures stay; its engine, in the sweep's
            // order, ends (the order that counted).
            let here = self.engine.stats();
            self.extra += &Count::from(here.solutions);
            self.extra += &rest;
            self.elsewhere.nodes += here.nodes + sweep.stats().nodes;
            self.elsewhere.updates += here.updates;
            self.swept_memo = Some(Box::new(sweep.memo_stats()));
            self.parked = None;
            self.rest_sweep = None;
            self.reorder(true);
            self.engine.end();
        } else {
            self.whole_sweep = Some(sweep);
        }
        Counted {
            count: self.counted_since(before),
            outcome,
            stats: self.stats(),
            memo: self.memo_stats(),
        }
    }

    /// Runs the sweep's fast count in slices until it completes or
    /// `on_slice` stops it, its progress the solutions counted since
    /// `before` and the sweep's nodes besides the `(nodes, updates)` of
    /// `base`.
    fn sweep_in_slices(
        &self,
        sweep: &mut crate::bitset::SweepCount,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        base: (u64, u64),
    ) -> Outcome {
        let mut slices = SliceBudget::of(options);
        loop {
            if slices.run(|budget| sweep.run(budget)) == Step::Exhausted {
                return Outcome::Complete;
            }
            let progress = Progress {
                solutions: self.counted_since(before),
                nodes: base.0.wrapping_add(sweep.stats().nodes),
                updates: base.1,
                subtrees_done: 0,
                subtrees_pending: 0,
                fraction: Some(sweep.fraction_done(FRACTION_LEVELS)),
            };
            if on_slice(&progress).is_break() {
                return Outcome::Stopped;
            }
        }
    }

    /// The fast count of a sweep (see [`super::order`]), from where `sweep`
    /// stands: its solutions join the solver's when it completes; stopped,
    /// it waits in the solver for the next count, and the engine stays at
    /// its root.
    fn count_swept(
        &mut self,
        mut sweep: Box<crate::bitset::SweepCount>,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        before: &Count,
        start: Stats,
    ) -> Counted {
        // A resumed sweep's nodes were in `start` and are in its own
        // figures now, not the solver's: `base` wraps below 0 by them,
        // and the progress (base plus the sweep's nodes) does not.
        let now = self.stats();
        let base = (
            now.nodes.wrapping_sub(start.nodes),
            now.updates - start.updates,
        );
        let outcome = self.sweep_in_slices(&mut sweep, options, on_slice, before, base);
        if outcome == Outcome::Complete {
            self.extra += sweep.total();
            self.elsewhere.nodes += sweep.stats().nodes;
            self.swept_memo = Some(Box::new(sweep.memo_stats()));
            self.engine.end();
        } else {
            self.swept = Some(sweep);
        }
        Counted {
            count: self.counted_since(before),
            outcome,
            stats: self.stats(),
            memo: self.memo_stats(),
        }
    }

    /// `options`, with [`MemoMode::Auto`] made [`MemoMode::Always`] where
    /// the engine branches by the sweep: a sweep without its memo is the
    /// slowest order there is, and its nodes are too cheap for Auto's
    /// weighing. Not where the search can no longer memoize (it went on
    /// without its memo, e.g. by iteration after a count that stopped):
    /// `Always` would refuse the count that Auto still owes.
    pub(super) fn sweep_keeps_memo(&self, options: &CountOptions) -> CountOptions {
        let mut options = *options;
        if self.order_name() == "sweep" && options.memo.mode == MemoMode::Auto && self.can_memoize()
        {
            options.memo.mode = MemoMode::Always;
        }
        options
    }

    /// The solutions counted since [`Solver::solutions_counted`] was
    /// `before`.
    pub(super) fn counted_since(&self, before: &Count) -> Count {
        self.solutions_counted()
            .checked_sub(before)
            .expect("counts only grow")
    }

    /// Knuth's estimate of the fraction of the search tree done, from
    /// [`Solver::choice_positions`].
    pub(super) fn fraction_done(&self) -> f64 {
        if self.is_exhausted() {
            return 1.0;
        }
        let mut scale = 1.0;
        let mut done = 0.0;
        for (k, d) in self.choice_positions(FRACTION_LEVELS) {
            scale /= f64::from(d);
            done += f64::from(k - 1) * scale;
        }
        done
    }
}

/// The memo options `options` give each of `threads` threads.
pub(super) fn per_thread(options: &MemoOptions, threads: usize) -> MemoOptions {
    MemoOptions {
        max_bytes: options.max_bytes / threads.max(1),
        ..*options
    }
}
