//! The public solver API over a search engine ([`crate::engine::Engine`]:
//! today the Dancing Links of [`crate::dancing_links`], which hold the
//! algorithm). What is written once, above any engine, lives here: the
//! root's restrictions (forced and excluded options), slices, the exact and
//! memoized count, parallel counts by work donation, splitting into
//! subtrees, and Knuth's estimate.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::count::Count;
use crate::dancing_links::DancingLinks;
use crate::engine::{Engine, Stats, Step, Subtree};
use crate::memo::{
    Memo, MemoMode, MemoOptions, MemoStats, SolutionGraph, AUTO_FIRST_CHECK, AUTO_TRIAL,
};
use crate::rng::SplitMix64;
use crate::{Error, Problem};

/// How long a parallel count runs on the calling thread alone before it
/// starts the others (a small search is over by then).
const ALONE: Duration = Duration::from_millis(2);

/// The length aimed at for a slice of search between two looks at the stop
/// flag and the pool.
const SLICE_TIME: Duration = Duration::from_millis(2);

/// A node budget of a few milliseconds, for [`Solver::count_within`]: a
/// search that small is not worth spreading over threads or machines.
pub const SMALL_SEARCH: u64 = 1 << 16;

/// A resumable search for the solutions of one [`Problem`].
///
/// The solver walks the search tree with an explicit stack, so it can stop
/// after any solution, or after any number of nodes, and continue later. It is
/// `Send` and `Clone`.
///
/// ```
/// use exactcover::{Problem, Solver, Step};
///
/// // Knuth's example: items a..g, six options, one exact cover.
/// let mut p = Problem::with_items(7, 0);
/// for option in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
///     p.add_option(option.iter().copied()).unwrap();
/// }
/// let mut solver = Solver::new(&p);
/// assert_eq!(solver.step(u64::MAX), Step::Solution);
/// let mut solution = solver.solution();
/// solution.sort();
/// assert_eq!(solution, [0, 3, 4]);
/// assert_eq!(solver.step(u64::MAX), Step::Exhausted);
///
/// // Or iterate, or count:
/// assert_eq!(Solver::new(&p).solutions().collect::<Vec<_>>().len(), 1);
/// assert_eq!(Solver::new(&p).count(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    engine: DancingLinks,
    /// What was forced and excluded at the engine's root.
    root: Root,
    /// The state of an exact (possibly memoized) count, once one started.
    exact: Option<Box<ExactCount>>,
}

/// The restrictions of a solver's root: the options forced ("initial
/// choices") and excluded before the search, and the levels a donation made
/// part of the root ([`Solver::donate`]). The engine has applied them to its
/// links; the solver remembers them, to tell solutions and subtrees whole.
#[derive(Debug, Clone, Default)]
struct Root {
    /// Options forced, in the order given.
    forced: Vec<usize>,
    /// Options excluded, in the order given; never a forced one.
    excluded: Vec<usize>,
    /// `removed[k]`: option `k` is forced or excluded (empty until the first).
    removed: Vec<bool>,
}

impl Root {
    fn is_removed(&self, option: usize) -> bool {
        self.removed.get(option).copied().unwrap_or(false)
    }

    fn is_forced(&self, option: usize) -> bool {
        self.is_removed(option) && self.forced.contains(&option)
    }

    fn mark(&mut self, option: usize, num_options: usize) {
        if self.removed.is_empty() {
            self.removed = vec![false; num_options];
        }
        self.removed[option] = true;
    }

    /// Makes a path below the root part of the root.
    fn extend(&mut self, path: Subtree, num_options: usize) {
        for k in path.forced {
            self.forced.push(k);
            self.mark(k, num_options);
        }
        for k in path.excluded {
            if !self.is_removed(k) {
                self.excluded.push(k);
                self.mark(k, num_options);
            }
        }
    }

    /// A subtree below the root as a subtree of the whole problem.
    fn join(&self, path: Subtree) -> Subtree {
        Subtree {
            forced: self.forced.iter().copied().chain(path.forced).collect(),
            excluded: self.excluded.iter().copied().chain(path.excluded).collect(),
        }
    }

    /// Every option forced or excluded.
    fn removed_options(&self) -> Vec<usize> {
        self.forced.iter().chain(&self.excluded).copied().collect()
    }
}

/// An exact count in progress ([`Solver::count_exact_step`]).
#[derive(Debug, Clone)]
struct ExactCount {
    /// The memo, while in use.
    memo: Option<Memo>,
    /// Has [`MemoMode::Auto`] still to decide whether to keep the memo?
    deciding: bool,
    /// Solutions skipped (counted, not visited) by memos since dropped.
    skipped: Count,
    /// The memo's figures when it was dropped.
    dropped: MemoStats,
}

impl Solver {
    /// Prepares a search of `problem`, branching in the problem's own order:
    /// options in the order they were added, ties between items broken by item
    /// order.
    pub fn new(problem: &Problem) -> Solver {
        Solver {
            engine: DancingLinks::new(problem, None),
            root: Root::default(),
            exact: None,
        }
    }

    /// Like [`Solver::new`] but with every item's option list, and the order of
    /// the items, shuffled by a generator seeded with `seed`. The same seed gives
    /// the same order of solutions.
    pub fn with_seed(problem: &Problem, seed: u64) -> Solver {
        Solver {
            engine: DancingLinks::new(problem, Some(seed)),
            root: Root::default(),
            exact: None,
        }
    }

    /// Requires option `option` in every solution (an "initial choice").
    ///
    /// Returns `Ok(true)` if the option was compatible with the options forced so
    /// far, `Ok(false)` if it contradicts them, in which case the problem has no
    /// solutions any more. Forcing an option that is already forced changes
    /// nothing (so a subtree of [`Solver::split`], which repeats the options
    /// forced at the root, restricts a solver with those options forced).
    /// Fails if the option does not exist or the search has already started.
    pub fn force(&mut self, option: usize) -> Result<bool, Error> {
        self.check_restriction(option)?;
        if self.engine.is_exhausted() {
            // An earlier restriction left no solutions.
            return Ok(false);
        }
        if self.root.is_forced(option) {
            return Ok(true);
        }
        if self.root.is_removed(option) || !self.engine.is_available(option) {
            self.engine.end();
            return Ok(false);
        }
        self.root.forced.push(option);
        self.root.mark(option, self.engine.num_options());
        self.engine.force(option);
        Ok(true)
    }

    /// Removes option `option` from the problem: no solution will contain it.
    /// Excluding an option that is already unavailable does nothing;
    /// excluding a forced option leaves no solutions. Only before the search
    /// starts.
    pub fn exclude(&mut self, option: usize) -> Result<(), Error> {
        self.check_restriction(option)?;
        if self.engine.is_exhausted() {
            return Ok(());
        }
        if self.root.is_forced(option) {
            self.engine.end();
        } else if !self.root.is_removed(option) && self.engine.is_available(option) {
            self.root.excluded.push(option);
            self.root.mark(option, self.engine.num_options());
            self.engine.exclude(option);
        }
        Ok(())
    }

    /// Checks that `option` may be forced or excluded now.
    fn check_restriction(&self, option: usize) -> Result<(), Error> {
        if option >= self.engine.num_options() {
            return Err(Error::UnknownOption { option });
        }
        self.at_root()
    }

    /// The one check that the search has not started, for everything that
    /// works only at the root.
    fn at_root(&self) -> Result<(), Error> {
        if self.engine.started() {
            Err(Error::SearchStarted)
        } else {
            Ok(())
        }
    }

    /// A copy of this solver's search without the exact count's memo: what
    /// the threads of a parallel count and the walks of a split start from.
    fn copy_search(&self) -> Solver {
        Solver {
            engine: self.engine.clone(),
            root: self.root.clone(),
            exact: None,
        }
    }

    /// The path from the root of the problem to the current node (at a
    /// solution: the subtree of that solution alone).
    fn current_subtree(&self) -> Subtree {
        self.root.join(self.engine.current_path())
    }

    /// Restricts the search to `subtree` (forces and excludes its options).
    /// Returns `Ok(false)` if the subtree is contradictory (it has no solutions).
    /// Only before the search starts.
    pub fn restrict(&mut self, subtree: &Subtree) -> Result<bool, Error> {
        let mut consistent = true;
        for &k in &subtree.forced {
            consistent &= self.force(k)?;
        }
        for &k in &subtree.excluded {
            self.exclude(k)?;
        }
        Ok(consistent && !self.is_exhausted())
    }

    /// Cuts the search tree into at least `min_subtrees` subtrees (fewer only if
    /// the whole tree is smaller). Subtrees include the options forced on this
    /// solver. Only before the search starts. A [`Splitter`] does the same in
    /// slices, to be interrupted.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// let mut p = Problem::with_items(4, 0);
    /// for option in [&[0, 1][..], &[2, 3], &[0], &[1], &[2], &[3]] {
    ///     p.add_option(option.iter().copied()).unwrap();
    /// }
    /// let root = Solver::new(&p);
    /// let subtrees = root.split(3).unwrap();
    /// let total: u64 = subtrees
    ///     .iter()
    ///     .map(|t| {
    ///         let mut s = Solver::new(&p);
    ///         s.restrict(t).unwrap();
    ///         s.count()
    ///     })
    ///     .sum();
    /// assert_eq!(total, Solver::new(&p).count());
    /// ```
    pub fn split(&self, min_subtrees: usize) -> Result<Vec<Subtree>, Error> {
        let mut splitter = self.splitter(min_subtrees)?;
        loop {
            if let Some(subtrees) = splitter.run(u64::MAX) {
                return Ok(subtrees);
            }
        }
    }

    /// A [`Splitter`] cutting this solver's search tree into at least
    /// `min_subtrees` subtrees. Only before the search starts.
    pub fn splitter(&self, min_subtrees: usize) -> Result<Splitter, Error> {
        self.at_root()?;
        let mut pending = Vec::new();
        if !self.engine.is_exhausted() {
            pending.push((self.root.join(Subtree::default()), true));
        }
        Ok(Splitter {
            root: self.copy_search(),
            min_subtrees: min_subtrees.max(1),
            pending,
            walker: None,
        })
    }

    /// The unexplored part of a paused search (after [`Step::Paused`]) as
    /// disjoint subtrees that include the options forced and excluded on this
    /// solver: the solutions still to come are exactly theirs. After an
    /// exhausted search, none. `None` if they would take more than
    /// `max_entries` option ids in all (deep trees with siblings at every
    /// level), or if the search is not paused between nodes.
    ///
    /// A task with a time limit counts what it can and hands the rest back as
    /// new tasks; see [`Solver::count_parallel`] for threads.
    ///
    /// ```
    /// use exactcover::{Problem, Solver, Step};
    ///
    /// let n = 8;
    /// let mut p = Problem::with_items(2 * n, 4 * n - 2);
    /// for i in 0..n {
    ///     for j in 0..n {
    ///         p.add_option([i, n + j, 2 * n + i + j, 5 * n - 2 + i - j]).unwrap();
    ///     }
    /// }
    /// let mut solver = Solver::new(&p);
    /// let (found, step) = solver.count_step(300, u64::MAX);
    /// assert_eq!(step, Step::Paused);
    /// let rest: u64 = solver
    ///     .remainder(usize::MAX)
    ///     .unwrap()
    ///     .iter()
    ///     .map(|t| {
    ///         let mut s = Solver::new(&p);
    ///         s.restrict(t).unwrap();
    ///         s.count()
    ///     })
    ///     .sum();
    /// assert_eq!(found + rest, 92);
    /// ```
    pub fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>> {
        let parts = self.engine.remainder(max_entries)?;
        Some(parts.into_iter().map(|part| self.root.join(part)).collect())
    }

    /// Work donation: gives away the siblings still to come at the shallowest
    /// level of a paused search that has any, as a subtree that includes the
    /// options forced and excluded on this solver, and confines this search
    /// to the rest (the branch it is in at that level). `None` if there is
    /// nothing to give (or the search is not paused between nodes).
    pub fn donate(&mut self) -> Option<Subtree> {
        let depth = self.engine.depth();
        let (given, kept) = self.engine.donate()?;
        if let Some(memo) = self.exact.as_mut().and_then(|e| e.memo.as_mut()) {
            memo.rebase(depth - self.engine.depth());
        }
        let given = self.root.join(given);
        self.root.extend(kept, self.engine.num_options());
        Some(given)
    }

    /// Counts the remaining solutions if that takes at most `budget` search
    /// nodes; otherwise returns `None` and leaves the solver as it was (the
    /// work is lost). A caller can use it to skip spreading small searches.
    pub fn count_within(&mut self, budget: u64) -> Option<u64> {
        let mut alone = self.engine.clone();
        match alone.count_step(budget, u64::MAX) {
            (found, Step::Exhausted) => {
                self.engine = alone;
                Some(found)
            }
            _ => None,
        }
    }

    /// Counts all solutions on `threads` threads; the same number as
    /// [`Solver::count`]. The threads share a queue of subtrees, at first the
    /// whole tree; a thread whose queue runs dry waits, and a thread that is
    /// searching hands the unexplored siblings at the shallowest level of its
    /// search to the queue whenever another waits ([`Solver::donate`]), so
    /// every thread keeps working until the end. More threads than the
    /// machine runs at once never help: `threads` is capped at
    /// [`max_threads`]; if the system cannot start a thread, the count goes
    /// on with those it has (at worst on this thread alone). A search of a
    /// few milliseconds is over before any thread starts. Only before the
    /// search starts; afterwards the solver is exhausted and its statistics
    /// hold the work of all threads.
    pub fn count_parallel(&mut self, threads: usize) -> Result<u64, Error> {
        Ok(self
            .count_parallel_until(threads, &AtomicBool::new(false))?
            .0)
    }

    /// [`Solver::count_parallel`] with the memo of [`Solver::count_exact`]:
    /// every thread memoizes the subtrees it counts (a table of its own, of
    /// at most `options.max_bytes / threads` bytes), and under
    /// [`MemoMode::Auto`] the first thread to find whether the memo pays
    /// decides for the others. Counts of any size; stops within a few
    /// milliseconds once `stop` becomes true, returning the solutions counted
    /// so far and whether the count is complete, as
    /// [`Solver::count_parallel_until`] does.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use exactcover::{MemoOptions, ParallelProgress, Problem, Solver};
    ///
    /// // Domino tilings of the 6 x 6 board: 6728.
    /// let mut p = Problem::with_items(36, 0);
    /// for cell in 0..36 {
    ///     if cell % 6 < 5 {
    ///         p.add_option([cell, cell + 1]).unwrap();
    ///     }
    ///     if cell < 30 {
    ///         p.add_option([cell, cell + 6]).unwrap();
    ///     }
    /// }
    /// let stop = AtomicBool::new(false);
    /// let (count, complete) = Solver::new(&p)
    ///     .count_parallel_exact(2, &stop, &ParallelProgress::default(), &MemoOptions::default())
    ///     .unwrap();
    /// assert_eq!((count.to_u64(), complete), (Some(6728), true));
    /// ```
    pub fn count_parallel_exact(
        &mut self,
        threads: usize,
        stop: &AtomicBool,
        progress: &ParallelProgress,
        options: &MemoOptions,
    ) -> Result<(Count, bool), Error> {
        let threads = threads.clamp(1, max_threads());
        let plan = MemoPlan::new(MemoOptions {
            max_bytes: options.max_bytes / threads,
            ..*options
        });
        self.count_parallel_tuned(threads, stop, progress, false, Some(&plan))
    }

    /// Like [`Solver::count_parallel`], but every thread stops within a few
    /// milliseconds once `stop` becomes true. Returns the
    /// number of solutions counted and whether the count is complete; an
    /// incomplete count leaves the search where it was (at the start), with
    /// the work done added to its statistics.
    pub fn count_parallel_until(
        &mut self,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<(u64, bool), Error> {
        self.count_parallel_live(threads, stop, &ParallelProgress::default())
    }

    /// Like [`Solver::count_parallel_until`], updating `progress` as the
    /// threads go, for another thread to read.
    pub fn count_parallel_live(
        &mut self,
        threads: usize,
        stop: &AtomicBool,
        progress: &ParallelProgress,
    ) -> Result<(u64, bool), Error> {
        let (count, complete) = self.count_parallel_tuned(threads, stop, progress, false, None)?;
        Ok((count.saturating_u64(), complete))
    }

    /// [`Solver::count_parallel`] that starts every thread at once and
    /// donates after every node a waiting thread sees: slow, but it makes
    /// tiny searches go through every path of the parallel count. For tests.
    #[doc(hidden)]
    pub fn count_parallel_eager(&mut self, threads: usize) -> Result<u64, Error> {
        let stop = AtomicBool::new(false);
        let progress = ParallelProgress::default();
        Ok(self
            .count_parallel_tuned(threads, &stop, &progress, true, None)?
            .0
            .saturating_u64())
    }

    /// [`Solver::count_parallel_exact`] that starts every thread at once and
    /// donates after every node a waiting thread sees. For tests.
    #[doc(hidden)]
    pub fn count_parallel_exact_eager(
        &mut self,
        threads: usize,
        options: &MemoOptions,
    ) -> Result<Count, Error> {
        let plan = MemoPlan::new(*options);
        let stop = AtomicBool::new(false);
        let progress = ParallelProgress::default();
        Ok(self
            .count_parallel_tuned(threads, &stop, &progress, true, Some(&plan))?
            .0)
    }

    fn count_parallel_tuned(
        &mut self,
        threads: usize,
        stop: &AtomicBool,
        progress: &ParallelProgress,
        eager: bool,
        memo: Option<&MemoPlan>,
    ) -> Result<(Count, bool), Error> {
        self.at_root()?;
        let threads = threads.clamp(1, max_threads());
        let pool = Pool::new(threads);
        let root = &*self;
        // This thread starts on the whole tree alone: a small search is over
        // before other threads would have started.
        let mut first = root.copy_search();
        let mut slice = Slice::new(eager, memo);
        let mut last = first.stats();
        let alone = Instant::now();
        let mut finished_alone = first.is_exhausted();
        while !finished_alone && !eager && alone.elapsed() < ALONE && !stop.load(Ordering::Relaxed)
        {
            let step = slice.run(&mut first);
            let now = first.stats();
            progress.add(last, now);
            last = now;
            finished_alone = step == Step::Exhausted;
        }
        // The first search's memo, if it ends on this thread.
        let mut first_memo = MemoStats::default();
        if !finished_alone && !stop.load(Ordering::Relaxed) {
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    let spawned = std::thread::Builder::new()
                        .name("exactcover-count".into())
                        .spawn_scoped(scope, || {
                            work(root, &pool, stop, progress, None, eager, memo)
                        });
                    if spawned.is_err() {
                        // Out of threads or memory: count with the others.
                        pool.retire_one();
                    }
                }
                work(
                    root,
                    &pool,
                    stop,
                    progress,
                    Some((first, slice)),
                    eager,
                    memo,
                );
            });
        } else {
            progress.count(&first.solutions_counted());
            first_memo = first.memo_stats();
            if finished_alone {
                pool.retire_all();
            }
        }
        let work = progress.stats();
        self.engine.add_work(work);
        if memo.is_some() {
            progress.add_memo(first_memo);
            self.exact = Some(Box::new(ExactCount {
                memo: None,
                deciding: false,
                skipped: Count::ZERO,
                dropped: progress.memo_stats(),
            }));
        }
        let counted = progress.counted();
        if stop.load(Ordering::Relaxed) && !pool.finished() {
            return Ok((counted, false));
        }
        self.engine.end();
        Ok((counted, true))
    }

    /// Runs the search until the next solution, the end of the search, or until
    /// `budget` search-tree nodes have been visited, whichever comes first.
    /// After [`Step::Solution`], [`Solver::solution`] tells which options were
    /// chosen.
    pub fn step(&mut self, budget: u64) -> Step {
        self.count_step(budget, 1).1
    }

    /// Counts solutions without stopping at each: runs until `limit` more
    /// solutions have been found ([`Step::Solution`]), the search is over
    /// ([`Step::Exhausted`]) or `budget` nodes have been visited
    /// ([`Step::Paused`]). Returns the number of solutions found by this call.
    pub fn count_step(&mut self, budget: u64, limit: u64) -> (u64, Step) {
        if self.exact.as_ref().is_some_and(|e| e.memo.is_some()) {
            self.drop_memo();
        }
        self.engine.count_step(budget, limit)
    }

    /// Counts all the remaining solutions.
    pub fn count(&mut self) -> u64 {
        self.count_step(u64::MAX, u64::MAX).0
    }

    /// Iterates over the remaining solutions. Dropping the iterator leaves the
    /// solver where it stopped: it can be resumed later.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions { solver: self }
    }

    /// The options of the current solution (valid right after
    /// [`Step::Solution`] from [`Solver::step`]): forced options first, then the
    /// choices in the order the search made them.
    pub fn solution(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.depth() + 8);
        self.solution_into(&mut out);
        out
    }

    /// Like [`Solver::solution`], reusing `out`'s allocation.
    pub fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(&self.root.forced);
        self.engine.choices_into(out);
    }

    /// The options chosen along the current path of the search tree (forced
    /// options not included); the null branches of Algorithm M are left out.
    pub fn current_choices(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.depth());
        self.engine.choices_into(&mut out);
        out
    }

    /// Work done so far. `solutions` counts those skipped by a memoized
    /// count too, saturating at `u64::MAX` ([`Solver::solutions_counted`] has
    /// the exact number).
    pub fn stats(&self) -> Stats {
        let mut stats = self.engine.stats();
        stats.solutions = self.solutions_counted().saturating_u64();
        stats
    }

    /// The number of solutions this solver has found, counted or skipped
    /// (with a memo) so far, exactly.
    pub fn solutions_counted(&self) -> Count {
        let mut total = Count::from(self.engine.stats().solutions);
        if let Some(exact) = &self.exact {
            total += &exact.skipped;
            if let Some(memo) = &exact.memo {
                total += memo.skipped();
            }
        }
        total
    }

    /// Drops the memo of an exact count: the search goes on without it (the
    /// solutions it counted stay counted).
    fn drop_memo(&mut self) {
        if let Some(exact) = self.exact.as_mut() {
            if let Some(mut memo) = exact.memo.take() {
                exact.skipped += memo.skipped();
                memo.deactivate();
                exact.dropped = MemoStats {
                    entries: 0,
                    bytes: 0,
                    ..memo.stats()
                };
            }
        }
    }

    /// Counts all remaining solutions exactly, however many: memoizing the
    /// sub-problems already solved when that pays ([`MemoMode::Auto`]), so
    /// that counts far beyond what can be enumerated come back in time.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Langford pairs for n = 7: 52 solutions, each with its mirror image.
    /// let n = 7;
    /// let mut p = Problem::with_items(3 * n, 0);
    /// for i in 1..=n {
    ///     for s in 0..2 * n - i - 1 {
    ///         p.add_option([i - 1, n + s, n + s + i + 1]).unwrap();
    ///     }
    /// }
    /// let mut solver = Solver::new(&p);
    /// assert_eq!(solver.count_exact().to_u64(), Some(52));
    /// assert_eq!(Solver::new(&p).count(), 52);
    /// ```
    pub fn count_exact(&mut self) -> Count {
        self.count_exact_with(&MemoOptions::default())
    }

    /// [`Solver::count_exact`] with the memo chosen by `options`.
    pub fn count_exact_with(&mut self, options: &MemoOptions) -> Count {
        let before = self.solutions_counted();
        while self.count_exact_step(u64::MAX, options) == Step::Paused {}
        self.solutions_counted()
            .checked_sub(&before)
            .expect("counts only grow")
    }

    /// Runs an exact count for at most `budget` more nodes: returns
    /// [`Step::Exhausted`] once every solution is counted
    /// ([`Solver::solutions_counted`] grows by their number) or
    /// [`Step::Paused`]; call again to go on. `options` are read by the first
    /// call. The memo is used only from the root: a solver whose search has
    /// started counts its remaining solutions without it, and stepping the
    /// search otherwise ([`Solver::step`], [`Solver::count_step`]) drops the
    /// memo of a count in progress.
    pub fn count_exact_step(&mut self, budget: u64, options: &MemoOptions) -> Step {
        if self.exact.is_none() {
            let engine = &self.engine;
            let memo = (options.mode != MemoMode::Never && !engine.started()).then(|| {
                let removed = self.root.removed_options();
                let mut memo = Memo::counting(engine, &removed, options.max_bytes);
                memo.set_hash_bits(options.hash_bits);
                memo
            });
            self.exact = Some(Box::new(ExactCount {
                memo,
                deciding: options.mode == MemoMode::Auto,
                skipped: Count::ZERO,
                dropped: MemoStats::default(),
            }));
        }
        let mut budget = budget;
        loop {
            let exact = self.exact.as_mut().expect("set above");
            let engine = &mut self.engine;
            let Some(memo) = exact.memo.as_mut() else {
                return engine.count_step(budget, u64::MAX).1;
            };
            let looked = memo.stats().lookups;
            // Auto checks at 2^4, 2^5, ... lookups up to AUTO_TRIAL: from
            // AUTO_FIRST_CHECK on whether the memo pays, before that only whether it
            // swamps the search (see Memo::swamps).
            let checkpoint = (looked + 1).next_power_of_two().max(1 << 4);
            let slice = if exact.deciding {
                budget.min(checkpoint - looked)
            } else {
                budget
            };
            let before = engine.stats().nodes;
            let (_, step) = engine.count_step_with(slice, u64::MAX, memo);
            if step == Step::Exhausted {
                return step;
            }
            budget = budget.saturating_sub(engine.stats().nodes - before);
            let lookups = memo.stats().lookups;
            if exact.deciding && lookups.is_power_of_two() && lookups < AUTO_FIRST_CHECK {
                if memo.swamps(engine) {
                    self.drop_memo();
                    continue;
                }
            } else if exact.deciding && lookups.is_power_of_two() {
                if lookups >= AUTO_TRIAL {
                    exact.deciding = false;
                }
                if std::env::var_os("EXACTCOVER_MEMO_DEBUG").is_some() {
                    eprintln!(
                        "memo after {lookups} lookups: benefit {:.3}",
                        memo.benefit()
                    );
                }
                if !memo.pays() {
                    // Sub-problems rarely repeat: count on without the memo.
                    self.drop_memo();
                    continue;
                }
            }
            if budget == 0 {
                return Step::Paused;
            }
        }
    }

    /// Lends this solver the memo of another search of the same problem
    /// ([`Solver::take_memo`]): its next exact count
    /// ([`Solver::count_exact_step`]) starts with the sub-problems that
    /// search solved already (under any root: a key holds the options
    /// removed at its root that could matter). Returns false, and drops the
    /// memo, if this search has started, if `options` say never to
    /// memoize, or if the memo is of a problem of another size or writes
    /// its keys otherwise (colors and bounds at the root differ).
    ///
    /// The problem must be the same (the same items and options): counts
    /// would be wrong with another problem's memo. This is how the tasks of
    /// a distributed count, each a subtree counted by a solver of its own,
    /// share what they learn within a process.
    ///
    /// ```
    /// use exactcover::{MemoOptions, Problem, Solver, Subtree};
    ///
    /// // Domino tilings of the 4 x 4 board (36), counted in two subtrees:
    /// // with option 0 and without it.
    /// let mut p = Problem::with_items(16, 0);
    /// for cell in 0..16 {
    ///     if cell % 4 < 3 {
    ///         p.add_option([cell, cell + 1]).unwrap();
    ///     }
    ///     if cell < 12 {
    ///         p.add_option([cell, cell + 4]).unwrap();
    ///     }
    /// }
    /// let options = MemoOptions::default();
    /// let mut with = Solver::new(&p);
    /// with.restrict(&Subtree { forced: vec![0], excluded: vec![] }).unwrap();
    /// let a = with.count_exact_with(&options);
    /// let mut without = Solver::new(&p);
    /// without.restrict(&Subtree { forced: vec![], excluded: vec![0] }).unwrap();
    /// if let Some(memo) = with.take_memo() {
    ///     assert!(without.lend_memo(memo, &options));
    /// }
    /// let b = without.count_exact_with(&options);
    /// assert_eq!(a.to_u64().unwrap() + b.to_u64().unwrap(), 36);
    /// ```
    pub fn lend_memo(&mut self, memo: LentMemo, options: &MemoOptions) -> bool {
        if self.exact.is_some() || self.engine.started() || options.mode == MemoMode::Never {
            return false;
        }
        let Some(memo) = memo.0.carry_to(&self.engine, &self.root.removed_options()) else {
            return false;
        };
        self.exact = Some(Box::new(ExactCount {
            memo: Some(memo),
            deciding: options.mode == MemoMode::Auto,
            skipped: Count::ZERO,
            dropped: MemoStats::default(),
        }));
        true
    }

    /// Takes the memo of this solver's exact count (over, or paused), to lend
    /// to another solver of the same problem ([`Solver::lend_memo`]); the
    /// solutions it counted stay counted here. `None` if there is none (no
    /// exact count, or [`MemoMode::Auto`] dropped it).
    pub fn take_memo(&mut self) -> Option<LentMemo> {
        let exact = self.exact.as_mut()?;
        let memo = exact.memo.take()?;
        exact.skipped += memo.skipped();
        Some(LentMemo(memo))
    }

    /// Whether the exact count in progress memoizes for good: `Some(true)`
    /// once it keeps its memo (decided, or [`MemoMode::Always`]),
    /// `Some(false)` once it counts without one, `None` before an exact count
    /// or while [`MemoMode::Auto`] is still deciding. Other searches of the
    /// same problem can skip the trial: [`MemoMode::Always`] or
    /// [`MemoMode::Never`] accordingly.
    pub fn memo_verdict(&self) -> Option<bool> {
        let exact = self.exact.as_ref()?;
        match &exact.memo {
            None => Some(false),
            Some(_) if !exact.deciding => Some(true),
            Some(_) => None,
        }
    }

    /// Figures of the memo of the exact count (all zero before one started).
    pub fn memo_stats(&self) -> MemoStats {
        match &self.exact {
            Some(exact) => match &exact.memo {
                Some(memo) => memo.stats(),
                None => exact.dropped,
            },
            None => MemoStats::default(),
        }
    }

    /// The [`SolutionGraph`] of all remaining solutions: the memo of an exact
    /// count kept whole. Fails with [`Error::MemoryCap`] if it would take more
    /// than `max_bytes`, or once the search has started.
    pub fn solution_graph(&self, max_bytes: usize) -> Result<SolutionGraph, Error> {
        let mut builder = self.graph_builder(max_bytes)?;
        while !builder.step(u64::MAX)? {}
        Ok(builder.finish())
    }

    /// A [`GraphBuilder`], to build the solution graph in slices (say, to poll
    /// for cancellation between them). Fails once the search has started.
    pub fn graph_builder(&self, max_bytes: usize) -> Result<GraphBuilder, Error> {
        self.at_root()?;
        let engine = self.engine.clone();
        let memo = Memo::graph(&engine, &self.root.removed_options(), max_bytes);
        Ok(GraphBuilder {
            engine,
            forced: self.root.forced.clone(),
            memo,
            max_bytes,
        })
    }

    /// Is the search over?
    pub fn is_exhausted(&self) -> bool {
        self.engine.is_exhausted()
    }

    /// Depth of the search stack.
    pub fn depth(&self) -> usize {
        self.engine.depth()
    }

    /// The position of the current branch at each of the first `max_levels`
    /// levels of the search stack, as `(k, d)`: the k-th (1-based) of the `d`
    /// branches of that level is being explored. Knuth's estimate of the
    /// fraction of the tree already explored is
    /// `(k1 - 1)/d1 + (k2 - 1)/(d1 d2) + ...` (dlx1's progress reports).
    ///
    /// At an ordinary level `d` is the length of the item's list (plus one for
    /// Algorithm M's null branch); at a level that tweaks an item of bound at
    /// least 2 it is an estimate (branches tried, plus options left, plus one).
    pub fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        self.engine.choice_positions(max_levels)
    }

    /// Knuth's Monte Carlo estimate of the size of the search tree, from
    /// `samples` random root-to-leaf probes (see [`Estimator`]): in a fraction
    /// of a second it tells whether a count will take a second or a year.
    /// Reproducible for a given `seed`. Fails once the search has started.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // 8-queens, diagonals as secondary items: 92 solutions.
    /// let n = 8;
    /// let mut p = Problem::with_items(2 * n, 4 * n - 2);
    /// for i in 0..n {
    ///     for j in 0..n {
    ///         p.add_option([i, n + j, 2 * n + i + j, 5 * n - 2 + i - j]).unwrap();
    ///     }
    /// }
    /// let estimate = Solver::new(&p).estimate(20_000, 1).unwrap();
    /// assert!((60.0..140.0).contains(&estimate.solutions));
    /// let mut solver = Solver::new(&p);
    /// assert_eq!(solver.count(), 92);
    /// let nodes = solver.stats().nodes as f64;
    /// assert!(estimate.nodes > nodes / 2.0 && estimate.nodes < nodes * 2.0);
    /// ```
    pub fn estimate(&self, samples: u64, seed: u64) -> Result<Estimate, Error> {
        let mut estimator = self.estimator(seed)?;
        estimator.probe(samples);
        Ok(estimator.estimate())
    }

    /// An [`Estimator`] of this solver's search tree, to run probes in slices
    /// (say, to poll for cancellation between them). Fails once the search has
    /// started.
    pub fn estimator(&self, seed: u64) -> Result<Estimator, Error> {
        self.at_root()?;
        Ok(Estimator {
            engine: self.engine.clone(),
            rng: SplitMix64::new(seed),
            totals: Estimate::default(),
            sums: [0.0; 5],
        })
    }

    /// Checks the engine's internal invariants. For tests; linear cost.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        self.engine.check_invariants()
    }
}

/// An iterator over the remaining solutions of a [`Solver`], each as the list of
/// its options (see [`Solver::solution`]); made by [`Solver::solutions`].
///
/// Its `count()` is the solver's fast count: no solution is built.
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        loop {
            match self.solver.step(u64::MAX) {
                Step::Solution => return Some(self.solver.solution()),
                Step::Exhausted => return None,
                Step::Paused => continue,
            }
        }
    }

    fn count(self) -> usize {
        self.solver.count() as usize
    }
}

/// Builds a [`SolutionGraph`] in slices; made by [`Solver::graph_builder`].
#[derive(Debug, Clone)]
pub struct GraphBuilder {
    engine: DancingLinks,
    /// The options forced at the root, part of every solution.
    forced: Vec<usize>,
    memo: Memo,
    max_bytes: usize,
}

impl GraphBuilder {
    /// Searches for at most `budget` more nodes; `Ok(true)` once the graph is
    /// complete. Fails with [`Error::MemoryCap`] when the graph outgrows its
    /// cap.
    pub fn step(&mut self, budget: u64) -> Result<bool, Error> {
        let (_, step) = self
            .engine
            .count_step_with(budget, u64::MAX, &mut self.memo);
        if self.memo.overflowed() {
            return Err(Error::MemoryCap {
                max_bytes: self.max_bytes,
            });
        }
        Ok(step == Step::Exhausted)
    }

    /// Work done so far (search nodes, and the memo's figures).
    pub fn stats(&self) -> (Stats, MemoStats) {
        (self.engine.stats(), self.memo.stats())
    }

    /// The graph, once [`GraphBuilder::step`] returned `Ok(true)`.
    ///
    /// # Panics
    ///
    /// If the graph is not complete.
    pub fn finish(self) -> SolutionGraph {
        assert!(
            self.engine.is_exhausted(),
            "the solution graph is not complete"
        );
        self.memo.into_graph(self.forced)
    }
}

/// Knuth's estimate of the size of a search tree (see [`Solver::estimate`]).
///
/// Each probe walks from the root to a leaf, taking at every level one of the
/// `d` branches the search would take, uniformly at random; the products of
/// the `d`s along the way estimate the number of nodes and of solutions
/// without bias (TAOCP 7.2.2.1; D. E. Knuth, "Estimating the efficiency of
/// backtrack programs", 1975). The means are over all probes so far; their
/// standard errors say how far to trust them, though a few rare, deep
/// branches can hold most of a tree and make the error itself unreliable.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Estimate {
    /// Number of probes.
    pub samples: u64,
    /// Estimated number of nodes of the search tree, as [`Stats::nodes`]
    /// counts them.
    pub nodes: f64,
    /// Estimated number of solutions.
    pub solutions: f64,
    /// Standard error of `nodes` (the standard deviation of one probe's
    /// estimate over the square root of `samples`).
    pub nodes_error: f64,
    /// Standard error of `solutions`.
    pub solutions_error: f64,
    /// Mean depth of the probes (levels below the root).
    pub depth: f64,
}

/// Runs Knuth's random probes on a copy of a solver's root, in slices; made by
/// [`Solver::estimator`].
#[derive(Debug, Clone)]
pub struct Estimator {
    engine: DancingLinks,
    rng: SplitMix64,
    totals: Estimate,
    /// Sums over the probes of nodes, nodes squared, solutions, solutions
    /// squared, and depth.
    sums: [f64; 5],
}

impl Estimator {
    /// Runs `samples` more probes.
    pub fn probe(&mut self, samples: u64) {
        self.probe_while(samples, || true);
    }

    /// Runs up to `samples` more probes, calling `keep_going` at every node
    /// of every probe; once it returns false, the probe under way is
    /// abandoned (it does not count) and the call returns. Returns the number
    /// of probes completed. A caller polls for cancellation so, however long
    /// a single probe takes.
    pub fn probe_while(&mut self, samples: u64, mut keep_going: impl FnMut() -> bool) -> u64 {
        let mut done = 0;
        while done < samples {
            // A contradictory root (e.g. conflicting forced options) has no nodes.
            let (nodes, solutions, depth) = if self.engine.is_exhausted() {
                (0.0, 0.0, 0)
            } else {
                match self.engine.probe(&mut self.rng, &mut keep_going) {
                    Some(probe) => probe,
                    None => break,
                }
            };
            done += 1;
            self.sums[0] += nodes;
            self.sums[1] += nodes * nodes;
            self.sums[2] += solutions;
            self.sums[3] += solutions * solutions;
            self.sums[4] += depth as f64;
            self.totals.samples += 1;
        }
        let n = self.totals.samples.max(1) as f64;
        let mean_and_error = |sum: f64, squares: f64| {
            let mean = sum / n;
            let variance = if n > 1.0 {
                ((squares - sum * mean) / (n - 1.0)).max(0.0)
            } else {
                0.0
            };
            (mean, (variance / n).sqrt())
        };
        (self.totals.nodes, self.totals.nodes_error) = mean_and_error(self.sums[0], self.sums[1]);
        (self.totals.solutions, self.totals.solutions_error) =
            mean_and_error(self.sums[2], self.sums[3]);
        self.totals.depth = self.sums[4] / n;
        done
    }

    /// The estimate from all probes so far.
    pub fn estimate(&self) -> Estimate {
        self.totals
    }
}

/// The most threads [`Solver::count_parallel`] uses: the number the machine
/// runs at once (`std::thread::available_parallelism`), or 1 if unknown.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The figures of a parallel count in progress, updated by its threads after
/// every slice of search, for another thread to show (see
/// [`Solver::count_parallel_live`]).
#[derive(Debug, Default)]
pub struct ParallelProgress {
    nodes: AtomicU64,
    updates: AtomicU64,
    solutions: AtomicU64,
    /// Subtrees counted to the end.
    done: AtomicU64,
    /// Subtrees waiting in the queue or being set up.
    pending: AtomicU64,
    /// Solutions of the searches over (exact, memo hits included).
    counted: Mutex<Count>,
    /// The memos of the searches over, summed (see [`Solver::memo_stats`]).
    memo: Mutex<MemoStats>,
}

impl ParallelProgress {
    /// The work of all threads so far.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes.load(Ordering::Relaxed),
            updates: self.updates.load(Ordering::Relaxed),
            solutions: self.solutions.load(Ordering::Relaxed),
        }
    }

    /// Subtrees counted to the end so far, and subtrees waiting for a thread.
    pub fn subtrees(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.pending.load(Ordering::Relaxed),
        )
    }

    /// The solutions counted exactly by the searches that are over (those of
    /// searches under way are in [`ParallelProgress::stats`] only).
    pub fn counted(&self) -> Count {
        self.counted
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The figures of the threads' memos so far, summed (peak bytes too: the
    /// threads' tables coexist); `active` if any thread memoizes.
    pub fn memo_stats(&self) -> MemoStats {
        *self.memo.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A thread is done with a memo (or a search dropped its memo).
    fn add_memo(&self, stats: MemoStats) {
        if stats.lookups == 0 && stats.entries == 0 {
            return;
        }
        let mut sum = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        sum.active |= stats.active;
        sum.lookups += stats.lookups;
        sum.hits += stats.hits;
        sum.entries += stats.entries;
        sum.bytes += stats.bytes;
        sum.peak_bytes += stats.peak_bytes;
        sum.evictions += stats.evictions;
    }

    /// A search is over (or stopped): its solutions, exactly.
    fn count(&self, solutions: &Count) {
        *self.counted.lock().unwrap_or_else(|e| e.into_inner()) += solutions;
    }

    fn add(&self, before: Stats, after: Stats) {
        self.nodes
            .fetch_add(after.nodes - before.nodes, Ordering::Relaxed);
        self.updates
            .fetch_add(after.updates - before.updates, Ordering::Relaxed);
        self.solutions
            .fetch_add(after.solutions - before.solutions, Ordering::Relaxed);
    }
}

/// The queue of subtrees shared by the threads of a parallel count.
struct Pool {
    state: Mutex<PoolState>,
    wake: Condvar,
    /// Threads waiting for work beyond the subtrees queued for them: when
    /// positive, a searching thread donates. Mirrors `PoolState` for a
    /// lock-free check after every slice.
    hungry: AtomicUsize,
}

struct PoolState {
    /// Subtrees below the root, not yet taken.
    queue: Vec<Subtree>,
    /// Threads taking part.
    threads: usize,
    /// Threads waiting in [`Pool::take`].
    waiting: usize,
    /// Every thread waits and the queue is empty: all counted.
    complete: bool,
    /// The count is over (complete or stopped).
    over: bool,
}

impl Pool {
    fn new(threads: usize) -> Pool {
        Pool {
            state: Mutex::new(PoolState {
                queue: Vec::new(),
                threads,
                waiting: 0,
                complete: false,
                over: false,
            }),
            wake: Condvar::new(),
            hungry: AtomicUsize::new(0),
        }
    }

    /// The state, even if a thread panicked holding the lock (the panic is
    /// reported when the threads are joined).
    fn lock(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn update_hungry(&self, state: &PoolState) {
        self.hungry.store(
            state.waiting.saturating_sub(state.queue.len()),
            Ordering::Relaxed,
        );
    }

    /// Is a thread waiting for work that nobody has queued yet?
    fn hungry(&self) -> bool {
        self.hungry.load(Ordering::Relaxed) > 0
    }

    fn give(&self, subtree: Subtree) {
        let mut state = self.lock();
        state.queue.push(subtree);
        self.update_hungry(&state);
        drop(state);
        self.wake.notify_one();
    }

    /// The next subtree to count, waiting for one if need be; `None` once
    /// every thread waits with the queue empty, or when `stop` is set.
    fn take(&self, stop: &AtomicBool) -> Option<Subtree> {
        let mut state = self.lock();
        loop {
            if state.over {
                return None;
            }
            if let Some(subtree) = state.queue.pop() {
                self.update_hungry(&state);
                return Some(subtree);
            }
            if stop.load(Ordering::Relaxed) {
                state.over = true;
                self.wake.notify_all();
                return None;
            }
            state.waiting += 1;
            if state.waiting >= state.threads {
                state.complete = true;
                state.over = true;
                self.wake.notify_all();
                return None;
            }
            self.update_hungry(&state);
            // Wake now and then to see `stop`.
            state = self
                .wake
                .wait_timeout(state, Duration::from_millis(10))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            state.waiting -= 1;
            self.update_hungry(&state);
        }
    }

    /// The count ended before other threads were needed.
    fn retire_all(&self) {
        let mut state = self.lock();
        state.complete = true;
        state.over = true;
    }

    /// A thread could not be started: one fewer takes part.
    fn retire_one(&self) {
        let mut state = self.lock();
        state.threads -= 1;
        if state.threads > 0 && state.waiting >= state.threads && state.queue.is_empty() {
            state.complete = true;
            state.over = true;
            self.wake.notify_all();
        }
    }

    fn finished(&self) -> bool {
        self.lock().complete
    }
}

/// Ends the count for every thread if the thread holding it panics (the
/// panic itself reaches the caller when the threads are joined).
struct Leave<'a>(&'a Pool);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut state = self.0.lock();
            state.over = true;
            self.0.wake.notify_all();
        }
    }
}

/// Slices of search whose node budget adapts so that each lasts about
/// [`SLICE_TIME`], whatever a node costs.
#[derive(Debug, Clone, Copy)]
struct Slice<'a> {
    budget: u64,
    /// Slices of one node, for tests.
    eager: bool,
    /// The memo of a memoized parallel count.
    memo: Option<&'a MemoPlan>,
    /// How this slice's search memoizes (read by its first step).
    options: Option<MemoOptions>,
}

/// [`MemoPlan::verdict`] before any thread knows whether the memo pays.
const UNDECIDED: u8 = 0;
/// The memo pays: every thread memoizes.
const KEEP: u8 = 1;
/// The memo does not pay: no thread memoizes.
const DROP: u8 = 2;

/// The memo of one search, on its way to another search of the same problem
/// ([`Solver::take_memo`], [`Solver::lend_memo`]): the sub-problems solved
/// so far with their counts. Opaque.
#[derive(Debug, Clone)]
pub struct LentMemo(Memo);

impl LentMemo {
    /// Figures of the memo (its entries, bytes, lookups and hits so far).
    pub fn stats(&self) -> MemoStats {
        self.0.stats()
    }
}

/// How the threads of [`Solver::count_parallel_exact`] memoize.
#[derive(Debug)]
struct MemoPlan {
    /// Each thread's memo (`max_bytes` already divided among them).
    options: MemoOptions,
    /// [`UNDECIDED`], [`KEEP`] or [`DROP`]: under [`MemoMode::Auto`], set
    /// by the first search that decides, and read by the searches started
    /// after it, which then skip the trial.
    verdict: AtomicU8,
}

impl MemoPlan {
    fn new(options: MemoOptions) -> MemoPlan {
        MemoPlan {
            options,
            verdict: AtomicU8::new(match options.mode {
                MemoMode::Auto => UNDECIDED,
                MemoMode::Always => KEEP,
                MemoMode::Never => DROP,
            }),
        }
    }
}

impl<'a> Slice<'a> {
    fn new(eager: bool, memo: Option<&'a MemoPlan>) -> Slice<'a> {
        Slice {
            budget: if eager { 1 } else { 1 << 10 },
            eager,
            memo,
            options: memo.map(|plan| MemoOptions {
                mode: match plan.verdict.load(Ordering::Relaxed) {
                    KEEP => MemoMode::Always,
                    DROP => MemoMode::Never,
                    _ => plan.options.mode,
                },
                ..plan.options
            }),
        }
    }

    /// Runs one slice of counting on `solver`.
    fn run(&mut self, solver: &mut Solver) -> Step {
        let start = Instant::now();
        let step = match (&self.options, self.memo) {
            (Some(options), Some(plan)) => {
                let step = solver.count_exact_step(self.budget, options);
                if plan.verdict.load(Ordering::Relaxed) == UNDECIDED {
                    if let Some(keep) = solver.memo_verdict() {
                        plan.verdict
                            .store(if keep { KEEP } else { DROP }, Ordering::Relaxed);
                    }
                }
                step
            }
            _ => solver.count_step(self.budget, u64::MAX).1,
        };
        let took = start.elapsed();
        if self.eager {
            return step;
        }
        if took < SLICE_TIME / 2 {
            self.budget = (self.budget * 2).min(1 << 24);
        } else if took > SLICE_TIME * 2 {
            self.budget = (self.budget / 2).max(16);
        }
        step
    }
}

/// One thread of a parallel count: counts subtrees from the pool until there
/// are none, donating part of its search whenever another thread waits.
/// `first` is a search already under way on the whole tree.
fn work(
    root: &Solver,
    pool: &Pool,
    stop: &AtomicBool,
    progress: &ParallelProgress,
    first: Option<(Solver, Slice<'_>)>,
    eager: bool,
    memo: Option<&MemoPlan>,
) {
    // If this thread panics, the others must not wait for its donations.
    let _leave = Leave(pool);
    let mut first = first;
    // Donating costs the taker a copy of the links: donate only after
    // searching several times as long as a copy takes.
    let floor = if eager {
        Duration::ZERO
    } else {
        Duration::from_micros(50)
    };
    let mut copy_time = floor;
    // The memo of this thread's last search, taken on to its next.
    let mut carried: Option<LentMemo> = None;
    loop {
        let (mut solver, mut slice) = match first.take() {
            Some(first) => first,
            None => {
                let Some(subtree) = pool.take(stop) else {
                    if let Some(m) = &carried {
                        progress.add_memo(m.stats());
                    }
                    return;
                };
                let start = Instant::now();
                let mut solver = root.copy_search();
                copy_time = if eager {
                    floor
                } else {
                    start.elapsed().max(floor)
                };
                let consistent = solver
                    .restrict(&subtree)
                    .expect("a subtree's options exist");
                progress.pending.fetch_sub(1, Ordering::Relaxed);
                if !consistent {
                    progress.done.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                let slice = Slice::new(eager, memo);
                if let (Some(m), Some(options)) = (carried.take(), &slice.options) {
                    let stats = m.stats();
                    if !solver.lend_memo(m, options) {
                        progress.add_memo(stats);
                    }
                }
                (solver, slice)
            }
        };
        let mut last = solver.stats();
        let mut since_donation = Instant::now();
        loop {
            if stop.load(Ordering::Relaxed) {
                progress.count(&solver.solutions_counted());
                progress.add_memo(solver.memo_stats());
                if let Some(m) = &carried {
                    progress.add_memo(m.stats());
                }
                return;
            }
            let step = slice.run(&mut solver);
            let now = solver.stats();
            progress.add(last, now);
            last = now;
            if step == Step::Exhausted {
                break;
            }
            if pool.hungry() && since_donation.elapsed() >= copy_time * 4 {
                since_donation = Instant::now();
                while pool.hungry() {
                    let Some(given) = solver.donate() else {
                        break;
                    };
                    progress.pending.fetch_add(1, Ordering::Relaxed);
                    pool.give(given);
                }
            }
        }
        progress.count(&solver.solutions_counted());
        progress.done.fetch_add(1, Ordering::Relaxed);
        carried = solver.take_memo();
        if carried.is_none() {
            progress.add_memo(solver.memo_stats());
        }
    }
}

/// Cuts a search tree into subtrees in slices, so that a caller can check for
/// cancellation in between; made by [`Solver::splitter`].
///
/// It walks the tree depth first from the root of a piece, and whenever the
/// level it has just entered has branches still to come, it cuts them off as
/// a piece of their own ([`Solver::donate`]) and walks on in the branch it
/// is in; solutions met on the way become pieces too. When the walk has no
/// more to cut, it starts again on the piece with the fewest forced options
/// (likely the biggest), until there are enough pieces. Every node is walked
/// at most once, so splitting never costs more than counting.
#[derive(Debug, Clone)]
pub struct Splitter {
    /// The solver whose tree is cut, at its root.
    root: Solver,
    min_subtrees: usize,
    /// The pieces in tree order, each with the root's restrictions; `true`
    /// for those that may still be cut (not single solutions).
    pending: Vec<(Subtree, bool)>,
    /// The walk in progress.
    walker: Option<Walk>,
}

#[derive(Debug, Clone)]
struct Walk {
    /// The search of the piece walked, confined to the branch it is in.
    solver: Solver,
    /// Where the walk's pieces go in `pending` (tree order).
    position: usize,
    /// Solutions met so far, in order.
    found: Vec<(Subtree, bool)>,
    /// Branches cut off, shallowest first (last in tree order).
    cut: Vec<(Subtree, bool)>,
}

impl Walk {
    fn pieces(self) -> impl Iterator<Item = (Subtree, bool)> {
        self.found.into_iter().chain(self.cut.into_iter().rev())
    }
}

impl Splitter {
    /// Walks at most `budget` more nodes; returns the subtrees once there
    /// are enough (or the tree is cut to single solutions), else `None`.
    pub fn run(&mut self, budget: u64) -> Option<Vec<Subtree>> {
        let mut budget = budget;
        loop {
            let Some(walk) = self.walker.as_mut() else {
                if self.pending.len() >= self.min_subtrees {
                    return Some(self.output());
                }
                // The piece with the fewest forced options: likely the biggest.
                let Some(position) = (0..self.pending.len())
                    .filter(|&k| self.pending[k].1)
                    .min_by_key(|&k| self.pending[k].0.forced.len())
                else {
                    return Some(self.output());
                };
                let piece = self.pending.remove(position).0;
                let mut solver = self.root.copy_search();
                if solver.restrict(&piece).expect("a piece's options exist") {
                    self.walker = Some(Walk {
                        solver,
                        position,
                        found: Vec::new(),
                        cut: Vec::new(),
                    });
                }
                continue;
            };
            if budget == 0 {
                return None;
            }
            budget -= 1;
            let ended = match walk.solver.count_step(1, 1).1 {
                Step::Exhausted => true,
                Step::Solution => {
                    walk.found.push((walk.solver.current_subtree(), false));
                    false
                }
                Step::Paused => {
                    let pieces = self.pending.len() + walk.found.len() + walk.cut.len();
                    if pieces + 1 >= self.min_subtrees {
                        // Enough: what is left of the walk becomes pieces.
                        let parts = walk
                            .solver
                            .remainder(usize::MAX)
                            .expect("paused between nodes");
                        walk.found
                            .extend(parts.into_iter().map(|part| (part, true)));
                        true
                    } else {
                        if walk.solver.engine.top_has_siblings() {
                            let given = walk.solver.donate().expect("a level to cut");
                            walk.cut.push((given, true));
                        }
                        false
                    }
                }
            };
            if ended {
                let walk = self.walker.take().expect("a walk");
                let at = walk.position;
                self.pending.splice(at..at, walk.pieces());
            }
        }
    }

    fn output(&self) -> Vec<Subtree> {
        self.pending.iter().map(|(t, _)| t.clone()).collect()
    }
}
