//! The public solver API over the Dancing Links engine
//! ([`crate::dancing_links`]), which holds the algorithm.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::count::Count;
use crate::dancing_links::{DancingLinks, Path};
use crate::memo::{Memo, MemoMode, MemoOptions, MemoStats, SolutionGraph, AUTO_TRIAL};
use crate::rng::SplitMix64;
use crate::{Error, Problem};

/// A subtree of the search tree as plain data: the solutions of the problem
/// that contain every option of `forced` and none of `excluded`.
///
/// [`Solver::split`] cuts the search tree into such subtrees; their solution
/// sets are disjoint and together they hold every solution, so they can be
/// counted independently: on several threads ([`Solver::count_parallel`]) or,
/// since they are just lists of option indices, on other machines with
/// [`Solver::restrict`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Subtree {
    /// Options every solution of the subtree contains.
    pub forced: Vec<usize>,
    /// Options no solution of the subtree contains.
    pub excluded: Vec<usize>,
}

/// Nodes per slice when parallel workers poll their stop flag.
const PARALLEL_SLICE: u64 = 1 << 16;

/// Searches of at most this many nodes (a few milliseconds) are counted on
/// one thread by [`Solver::count_parallel`]: splitting them costs more than
/// it saves.
pub const SMALL_SEARCH: u64 = 1 << 16;

/// Why [`Solver::step`] or [`Solver::count_step`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// A solution was found ([`Solver::step`]), or `limit` solutions were
    /// counted ([`Solver::count_step`]). The search can be resumed.
    Solution,
    /// The search is over: there are no more solutions.
    Exhausted,
    /// The node budget ran out; call again to continue where it stopped.
    Paused,
}

/// Counters of the work done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Nodes of the search tree visited (each solution counts as a node, as in
    /// Knuth's programs).
    pub nodes: u64,
    /// Link updates: nodes removed from an item list, plus one per cover
    /// (Knuth's measure). Divide by time for "updates per second".
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

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
    /// The state of an exact (possibly memoized) count, once one started.
    exact: Option<Box<ExactCount>>,
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
            exact: None,
        }
    }

    /// Like [`Solver::new`] but with every item's option list, and the order of
    /// the items, shuffled by a generator seeded with `seed`. The same seed gives
    /// the same order of solutions.
    pub fn with_seed(problem: &Problem, seed: u64) -> Solver {
        Solver {
            engine: DancingLinks::new(problem, Some(seed)),
            exact: None,
        }
    }

    /// Requires option `option` in every solution (an "initial choice").
    ///
    /// Returns `Ok(true)` if the option was compatible with the options forced so
    /// far, `Ok(false)` if it contradicts them (or was already forced), in which
    /// case the problem has no solutions any more. Fails if the option does not
    /// exist or the search has already started.
    pub fn force(&mut self, option: usize) -> Result<bool, Error> {
        self.engine.force(option)
    }

    /// Removes option `option` from the problem: no solution will contain it.
    /// Only before the search starts.
    pub fn exclude(&mut self, option: usize) -> Result<(), Error> {
        self.engine.exclude(option)
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
    /// the whole tree is smaller), cutting at the shallowest depth that gives
    /// enough. Subtrees include the options forced on this solver. Only before
    /// the search starts.
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
        let (root_forced, root_excluded) = self.engine.root_restrictions();
        Ok(self
            .split_paths(min_subtrees)?
            .into_iter()
            .map(|(forced, excluded)| Subtree {
                forced: root_forced.iter().chain(&forced).copied().collect(),
                excluded: root_excluded.iter().chain(&excluded).copied().collect(),
            })
            .collect())
    }

    /// Paths below this solver's root (iterative deepening until enough).
    fn split_paths(&self, min_subtrees: usize) -> Result<Vec<Path>, Error> {
        if self.engine.started() {
            return Err(Error::SearchStarted);
        }
        let mut depth = 1;
        loop {
            let (paths, reached) = self.engine.split(depth);
            if paths.len() >= min_subtrees || !reached {
                return Ok(paths);
            }
            depth += 1;
        }
    }

    /// Counts the remaining solutions if that takes at most `budget` search
    /// nodes; otherwise returns `None` and leaves the solver as it was (the
    /// work is lost). Parallel counts use it to skip splitting small searches.
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
    /// [`Solver::count`]. The search tree is cut into many more subtrees than
    /// threads, which the threads take one at a time from a shared queue, so a
    /// thread that finishes early takes more work. A search of at most
    /// [`SMALL_SEARCH`] nodes is counted on this thread instead. Only before
    /// the search starts; afterwards the solver is exhausted.
    pub fn count_parallel(&mut self, threads: usize) -> Result<u64, Error> {
        if self.engine.started() {
            return Err(Error::SearchStarted);
        }
        // A small search is over before splitting it would pay (a Sudoku
        // takes a few hundred nodes): try it alone first. On a big search this
        // wastes at most SMALL_SEARCH nodes, a few milliseconds.
        if let Some(found) = self.count_within(SMALL_SEARCH) {
            return Ok(found);
        }
        Ok(self
            .count_parallel_until(threads, &AtomicBool::new(false))?
            .0)
    }

    /// Like [`Solver::count_parallel`], but every thread stops within a few
    /// milliseconds once `stop` becomes true, and the tree is split at once,
    /// however small (a caller that may see small searches tries
    /// [`Solver::count_within`] first, as `count_parallel` does). Returns the
    /// number of solutions counted and whether the count is complete; an
    /// incomplete count leaves the solver unchanged.
    pub fn count_parallel_until(
        &mut self,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<(u64, bool), Error> {
        let threads = threads.max(1);
        let paths = self.split_paths(threads * 64)?;
        let next = AtomicUsize::new(0);
        let solutions = AtomicU64::new(0);
        let nodes = AtomicU64::new(0);
        let updates = AtomicU64::new(0);
        let root = &self.engine;
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((forced, excluded)) = paths.get(k) else {
                        return;
                    };
                    let mut worker = root.clone();
                    let mut consistent = true;
                    for &o in forced {
                        consistent &= worker.force(o).expect("a path option exists");
                    }
                    for &o in excluded {
                        worker.exclude(o).expect("a path option exists");
                    }
                    debug_assert!(consistent, "a path of the search tree is consistent");
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let (found, step) = worker.count_step(PARALLEL_SLICE, u64::MAX);
                        solutions.fetch_add(found, Ordering::Relaxed);
                        if step == Step::Exhausted {
                            break;
                        }
                    }
                    let work = worker.stats();
                    nodes.fetch_add(work.nodes, Ordering::Relaxed);
                    updates.fetch_add(work.updates, Ordering::Relaxed);
                });
            }
        });
        let total = solutions.into_inner();
        if stop.load(Ordering::Relaxed) {
            return Ok((total, false));
        }
        self.engine.finish(Stats {
            nodes: nodes.into_inner(),
            updates: updates.into_inner(),
            solutions: total,
        });
        Ok((total, true))
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
        self.engine.solution_into(out)
    }

    /// The options chosen along the current path of the search tree (forced
    /// options not included); the null branches of Algorithm M are left out.
    pub fn current_choices(&self) -> Vec<usize> {
        self.engine.current_choices().collect()
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
                let mut memo = Memo::counting(engine, options.max_bytes);
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
            // Auto checks at 2^12, 2^13, ... lookups up to AUTO_TRIAL.
            let checkpoint = (looked + 1).next_power_of_two().max(1 << 12);
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
            if exact.deciding && lookups.is_power_of_two() && lookups >= 1 << 12 {
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
        if self.engine.started() {
            return Err(Error::SearchStarted);
        }
        let engine = self.engine.clone();
        let memo = Memo::graph(&engine, max_bytes);
        Ok(GraphBuilder {
            engine,
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
        if self.engine.started() {
            return Err(Error::SearchStarted);
        }
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
        let forced = self.engine.forced_options().collect();
        self.memo.into_graph(forced)
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
        for _ in 0..samples {
            // A contradictory root (e.g. conflicting forced options) has no nodes.
            let (nodes, solutions, depth) = if self.engine.is_exhausted() {
                (0.0, 0.0, 0)
            } else {
                self.engine.probe(&mut self.rng)
            };
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
    }

    /// The estimate from all probes so far.
    pub fn estimate(&self) -> Estimate {
        self.totals
    }
}
