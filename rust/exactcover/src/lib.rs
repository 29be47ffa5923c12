//! # exactcover
//!
//! Exact cover by Knuth's Dancing Links, generalized: **primary** items that must
//! be covered exactly once, **secondary** items that may be covered at most once,
//! **multiplicities** (an item covered between `lo` and `hi` times, Knuth's
//! Algorithm M) and **colors** (Algorithm C). The search is iterative and resumable: it can stop after every
//! solution, or after any number of search-tree nodes, and continue later; it can
//! count solutions without building them.
//!
//! Vocabulary is Knuth's (TAOCP 7.2.2.1): a problem has *items* and *options*;
//! each option is a set of items; a solution is a set of options that covers
//! every primary item exactly once (or within its bounds) and every secondary
//! item at most once (or at most its bound).
//!
//! ```
//! use exactcover::{Item, Problem, Solver};
//!
//! // The 4-queens problem: rows and columns are primary, diagonals secondary.
//! let n = 4;
//! let mut p = Problem::new();
//! let rows: Vec<usize> = (0..n).map(|_| p.add_primary()).collect();
//! let cols: Vec<usize> = (0..n).map(|_| p.add_primary()).collect();
//! let diag: Vec<usize> = (0..2 * n - 1).map(|_| p.add_secondary()).collect();
//! let anti: Vec<usize> = (0..2 * n - 1).map(|_| p.add_secondary()).collect();
//! for i in 0..n {
//!     for j in 0..n {
//!         p.add_option([rows[i], cols[j], diag[i + n - 1 - j], anti[i + j]]).unwrap();
//!     }
//! }
//!
//! // Count without building solutions...
//! assert_eq!(Solver::new(&p).count(), 2);
//! // ...or iterate them: each solution lists its options (here, square i*n + j).
//! let mut solutions: Vec<Vec<usize>> = Solver::new(&p)
//!     .solutions()
//!     .map(|mut s| { s.sort(); s })
//!     .collect();
//! solutions.sort();
//! assert_eq!(solutions, [vec![1, 7, 8, 14], vec![2, 4, 11, 13]]);
//!
//! // Multiplicities: exactly two queens per row and column, at most two per
//! // diagonal (the 2n-queens problem, OEIS A225623).
//! let n = 4;
//! let mut p = Problem::new();
//! let two = Item { primary: true, lo: 2, hi: 2 };
//! let at_most_two = Item { primary: false, lo: 0, hi: 2 };
//! let rows: Vec<usize> = (0..n).map(|_| p.add_item(two).unwrap()).collect();
//! let cols: Vec<usize> = (0..n).map(|_| p.add_item(two).unwrap()).collect();
//! let diag: Vec<usize> = (0..2 * n - 1).map(|_| p.add_item(at_most_two).unwrap()).collect();
//! let anti: Vec<usize> = (0..2 * n - 1).map(|_| p.add_item(at_most_two).unwrap()).collect();
//! for i in 0..n {
//!     for j in 0..n {
//!         p.add_option([rows[i], cols[j], diag[i + n - 1 - j], anti[i + j]]).unwrap();
//!     }
//! }
//! assert_eq!(Solver::new(&p).count(), 11);
//! ```
//!
//! ## Colors
//!
//! An option may give a secondary item a *color* ([`Problem::add_colored_option`],
//! Knuth's Algorithm C): options that give an item the same color are
//! compatible, any number of them; a different color, or none, conflicts. Colors
//! work together with multiplicities, and problems without colors do not pay
//! for them.
//!
//! ## Estimating before solving
//!
//! [`Solver::estimate`] runs Knuth's random probes and estimates the numbers of
//! search-tree nodes and of solutions ([`Estimate`]), so that a caller can tell
//! in a moment whether a count will take a second or a year.
//!
//! ## Counting: one entry with options
//!
//! [`Solver::count`] counts everything on this thread, as fast as the engine
//! goes. [`Solver::count_with`] is the one counting entry with options
//! ([`CountOptions`]: threads, the memo, a limit) and a callback between
//! slices of search, to report progress or stop; it returns the exact
//! [`Count`] and whether the count is complete ([`Counted`]).
//!
//! By default it memoizes the sub-problems it has solved (the set of items
//! left, their bounds and colors) and counts each only once, when that pays
//! ([`MemoMode::Auto`]): it reaches counts no enumeration can, exactly, as a
//! [`Count`] of any size. [`Solver::solution_graph`] keeps the memo as a
//! [`SolutionGraph`] (a ZDD of all solutions) that lists them and draws them
//! uniformly at random.
//!
//! ```
//! use std::ops::ControlFlow;
//! use exactcover::{CountOptions, Problem, Solver};
//!
//! // Domino tilings of an 8 x 8 board: 12,988,816 (OEIS A004003).
//! let (rows, cols) = (8, 8);
//! let mut p = Problem::with_items(rows * cols, 0);
//! for r in 0..rows {
//!     for c in 0..cols {
//!         let cell = r * cols + c;
//!         if c + 1 < cols {
//!             p.add_option([cell, cell + 1]).unwrap();
//!         }
//!         if r + 1 < rows {
//!             p.add_option([cell, cell + cols]).unwrap();
//!         }
//!     }
//! }
//! let counted = Solver::new(&p)
//!     .count_with(&CountOptions::default(), |_| ControlFlow::Continue(()))
//!     .unwrap();
//! assert!(counted.is_complete());
//! assert_eq!(counted.count.to_u64(), Some(12_988_816));
//! ```
//!
//! ## Costs: the cheapest solutions
//!
//! With a cost per option ([`Cost`]: `u64`, exact, or `f64`),
//! [`SolutionGraph::cheapest`] finds the `k` cheapest solutions as the `k`
//! shortest paths of the graph, and [`BranchAndBound`] finds them by
//! Knuth's dlx5-style branch and bound when the graph does not fit. The
//! graph also counts solutions by size and by cost
//! ([`SolutionGraph::counts_by_size`], [`SolutionGraph::counts_by_cost`]),
//! draws them by weight ([`SolutionGraph::sample_weighted`]) and writes
//! itself as the text of Knuth's ZDD tools ([`SolutionGraph::to_zdd_text`]).
//!
//! ```
//! use exactcover::{BranchAndBound, Problem, Solver};
//!
//! // Cover {0, 1, 2}: singles cost 1, 2, 3; the pair {0, 1} costs 2.
//! let mut p = Problem::with_items(3, 0);
//! for option in [&[0][..], &[1], &[2], &[0, 1]] {
//!     p.add_option(option.iter().copied()).unwrap();
//! }
//! let costs = [1u64, 2, 3, 2];
//! let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
//! let best = graph.cheapest(&costs, 2);
//! assert_eq!(best.iter().map(|(c, _)| *c).collect::<Vec<_>>(), [5, 6]);
//! let mut bb = BranchAndBound::new(&p, &costs, &[], 2).unwrap();
//! while !bb.step(1 << 10) {}
//! assert_eq!(bb.best().iter().map(|(c, _)| *c).collect::<Vec<_>>(), [5, 6]);
//! assert_eq!(graph.counts_by_size().iter().map(|n| n.to_u64().unwrap()).collect::<Vec<_>>(), [0, 0, 1, 1]);
//! ```
//!
//! ## Counting in parallel
//!
//! [`Solver::split`] cuts the search tree into [`Subtree`]s, plain lists of
//! forced and excluded options; [`Solver::count_with`] counts on several
//! threads (`threads` in [`CountOptions`]: a thread that runs out of work
//! takes part of another's, and every thread memoizes), and
//! [`Solver::restrict`] lets another process or machine count one subtree.
//! [`Solver::take_memo`] / [`Solver::lend_memo`] pass a memo from one
//! subtree's solver to the next, and a [`MemoPool`] keeps one memo for all
//! the subtrees a process counts: memo keys name a sub-problem whatever the
//! subtree's root, so what one task solved another skips.
//!
//! ## Searching in slices
//!
//! [`Solver::step`] runs for at most a given number of search-tree nodes and
//! reports [`Step::Solution`], [`Step::Exhausted`] or [`Step::Paused`]; a caller
//! can poll for cancellation or report progress between slices, and resume.
//! [`Solver::count_step`] does the same while counting, and
//! [`SliceBudget`] sizes slices by time, whatever a node costs.
//!
//! ## Engines
//!
//! The search itself is an engine behind a small crate-private trait, of
//! two kinds: Knuth's Dancing Links (Algorithms X, M and C: every problem)
//! and a bitset engine (Algorithm X on bit vectors of live options: plain
//! primary and secondary items, up to a few thousand options, several times
//! faster where a choice removes dozens of options: pentominoes, n-queens,
//! Langford pairs). [`Solver::new`] chooses ([`EngineChoice::Auto`]);
//! [`Solver::with_engine`] forces one, and [`Solver::engine_name`] tells
//! which one searches. Everything above the engine (the memo, counts on
//! threads, splitting, estimates, the solution graph) is written once,
//! against the trait, and works on both.
//!
//! ```
//! use exactcover::{EngineChoice, Problem, Solver};
//!
//! let mut p = Problem::with_items(4, 0);
//! for option in [&[0, 1][..], &[2, 3], &[0, 2], &[1, 3]] {
//!     p.add_option(option.iter().copied()).unwrap();
//! }
//! let mut bitset = Solver::with_engine(&p, EngineChoice::Bitset, None).unwrap();
//! let mut links = Solver::with_engine(&p, EngineChoice::DancingLinks, None).unwrap();
//! assert_eq!((bitset.count(), links.count()), (2, 2));
//! assert_eq!((bitset.engine_name(), links.engine_name()), ("bitset", "dlx"));
//! ```
//!
//! ## Knuth's DLX text format
//!
//! [`dlx_format`] reads and writes the input format of Knuth's `dlx1`, `dlx2`,
//! `dlx3` and `ssxcc` programs ([`DlxProblem::parse`], `to_string()`), and
//! turns it into a [`Problem`] ([`DlxProblem::to_problem`]).

#[doc(hidden)]
pub mod bitset;
mod branch_and_bound;
mod cost;
mod count;
mod dancing_links;
mod dlx_error;
pub mod dlx_format;
mod engine;
mod error;
mod memo;
mod problem;
mod rng;
mod solver;

pub use branch_and_bound::BranchAndBound;
pub use cost::Cost;
pub use count::Count;
pub use dlx_format::{DlxError, DlxProblem, Syntax};
pub use engine::{Stats, Step, Subtree};
pub use error::Error;
pub use memo::{
    GraphCursor, GraphSolutions, MemoMode, MemoOptions, MemoStats, SolutionGraph, AUTO_FIRST_CHECK,
    AUTO_TRIAL, DEFAULT_MEMO_BYTES,
};
pub use problem::{Item, Problem};
pub use solver::{
    max_threads, CountOptions, Counted, EngineChoice, Estimate, Estimator, GraphBuilder, LentMemo,
    MemoPool, Next, OrderMode, Outcome, Progress, SliceBudget, SolutionThreads, Solutions, Solver,
    Splitter, ThreadedSolutions, AUTO_MIN_CONFLICTS, FRACTION_EVERY,
};

/// The Rust example of the project's README, run by `cargo test` so that it
/// stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExample;

/// The examples of the crate's own README (shown on crates.io), run by
/// `cargo test` so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExamples;
