//! Knuth's Monte Carlo estimate of the size of a search tree ([`Estimate`],
//! [`Estimator`]), from the random probes of the engine.

use super::Solver;
use crate::engine::Engine;
use crate::rng::SplitMix64;
use crate::Error;
#[cfg(doc)]
use crate::Stats;

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
/// [`Solver::estimator`]. Of a search that has started, on the subtrees it
/// has still to explore, stratified: the probes go to the subtrees in turn
/// (in an order drawn at random), and the estimate is the sum over them of
/// each one's mean, so that the difference in size between subtrees (the
/// shallow ones hold most of the rest) adds no error; until every subtree
/// has had a probe, it is their number times the mean over those probed (a
/// sample without replacement: unbiased too).
#[derive(Debug, Clone)]
pub struct Estimator {
    /// Copies of the solver's engine at the roots probed: its own root, or
    /// the subtrees of its remainder (none once the search is over).
    pub(super) engines: Vec<Box<dyn Engine>>,
    pub(super) rng: SplitMix64,
    pub(super) totals: Estimate,
    /// The order in which the roots are probed, in turn.
    pub(super) turns: Vec<usize>,
    /// Probes so far (the next root is `turns[probes % roots]`).
    pub(super) probes: u64,
    /// For each root: its probes, and the sums of nodes, nodes squared,
    /// solutions and solutions squared over them.
    pub(super) strata: Vec<[f64; 5]>,
    /// The sum of the probes' depths.
    pub(super) depths: f64,
}

impl Estimator {
    /// An estimator of the trees below `engines`, probed with a generator
    /// seeded by `seed`.
    pub(super) fn new(engines: Vec<Box<dyn Engine>>, seed: u64) -> Estimator {
        let mut rng = SplitMix64::new(seed);
        let mut turns: Vec<usize> = (0..engines.len()).collect();
        // Fisher-Yates: the roots probed before every one has been are a
        // uniform sample of them.
        for i in (1..turns.len()).rev() {
            turns.swap(i, rng.below(i + 1));
        }
        Estimator {
            strata: vec![[0.0; 5]; engines.len()],
            engines,
            rng,
            totals: Estimate::default(),
            turns,
            probes: 0,
            depths: 0.0,
        }
    }

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
            let roots = self.turns.len();
            let root = (roots > 0).then(|| self.turns[(self.probes % roots as u64) as usize]);
            // A contradictory root (e.g. conflicting forced options) has no
            // nodes, nor a search that is over.
            let (nodes, solutions, depth) = match root.map(|r| &mut self.engines[r]) {
                Some(engine) if !engine.is_exhausted() => {
                    match engine.probe(&mut self.rng, &mut keep_going) {
                        Some(probed) => probed,
                        None => break,
                    }
                }
                _ => (0.0, 0.0, 0),
            };
            done += 1;
            self.probes += 1;
            if let Some(r) = root {
                let stratum = &mut self.strata[r];
                stratum[0] += 1.0;
                stratum[1] += nodes;
                stratum[2] += nodes * nodes;
                stratum[3] += solutions;
                stratum[4] += solutions * solutions;
            }
            self.depths += depth as f64;
            self.totals.samples += 1;
        }
        let (nodes, nodes_error) = self.sum_of_means(1);
        let (solutions, solutions_error) = self.sum_of_means(3);
        self.totals.nodes = nodes;
        self.totals.nodes_error = nodes_error;
        self.totals.solutions = solutions;
        self.totals.solutions_error = solutions_error;
        self.totals.depth = self.depths / self.totals.samples.max(1) as f64;
        done
    }

    /// The estimate of the figure whose sums are at `at` (1: nodes, 3:
    /// solutions) in the strata, and its standard error.
    fn sum_of_means(&self, at: usize) -> (f64, f64) {
        let probed: Vec<&[f64; 5]> = self.strata.iter().filter(|s| s[0] > 0.0).collect();
        if probed.is_empty() {
            return (0.0, 0.0);
        }
        let mean = |s: &[f64; 5]| s[at] / s[0];
        // Within a root, the variance of one probe (None from one probe).
        let variance = |s: &[f64; 5]| {
            (s[0] > 1.0).then(|| ((s[at + 1] - s[at] * mean(s)) / (s[0] - 1.0)).max(0.0))
        };
        let roots = self.strata.len() as f64;
        let n = probed.len() as f64;
        if probed.len() < self.strata.len() {
            // Not every root probed yet (each once): the roots probed are
            // a sample without replacement of them.
            let average = probed.iter().map(|s| mean(s)).sum::<f64>() / n;
            let spread = if n > 1.0 {
                probed
                    .iter()
                    .map(|s| (mean(s) - average).powi(2))
                    .sum::<f64>()
                    / (n - 1.0)
            } else {
                0.0
            };
            let error = roots * ((1.0 - n / roots) * spread / n).sqrt();
            return (roots * average, error);
        }
        // Every root probed: the sum of their means. A root probed once
        // takes the mean variance of those probed more often, else (every
        // root probed once) the spread of the probes between roots; one
        // root probed once, none (as one probe of the root always had).
        let known: Vec<f64> = probed.iter().filter_map(|s| variance(s)).collect();
        let pooled = if known.is_empty() {
            let average = probed.iter().map(|s| mean(s)).sum::<f64>() / n;
            let squares = probed
                .iter()
                .map(|s| (mean(s) - average).powi(2))
                .sum::<f64>();
            if n > 1.0 {
                squares / (n - 1.0)
            } else {
                0.0
            }
        } else {
            known.iter().sum::<f64>() / known.len() as f64
        };
        let estimate = probed.iter().map(|s| mean(s)).sum();
        let error = probed
            .iter()
            .map(|s| variance(s).unwrap_or(pooled) / s[0])
            .sum::<f64>()
            .sqrt();
        (estimate, error)
    }

    /// The estimate from all probes so far.
    pub fn estimate(&self) -> Estimate {
        self.totals
    }
}

impl Solver {
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
    /// (say, to poll for cancellation between them). Of a search that has
    /// started, of what it has still to explore: the subtrees of its
    /// [`Solver::remainder`], each at a fresh root, branching by MRV.
    ///
    /// # Errors
    ///
    /// [`Error::SearchStarted`] if the remainder cannot be listed (a search
    /// not paused between nodes).
    pub fn estimator(&self, seed: u64) -> Result<Estimator, Error> {
        let engines = if self.at_root().is_ok() {
            vec![self.engine.clone()]
        } else {
            let parts = self.remainder(usize::MAX).ok_or(Error::SearchStarted)?;
            // By MRV, whatever order the search was in: the probes of a
            // sweep (its count memoized) see a tree the count never walks
            // (pentominoes 6x10 stopped in a sweep: 0 solutions ± 0 in
            // 200,000 probes, 8,970 ± 680 by MRV).
            let root = self.fresh_root(false);
            let mut engines = Vec::with_capacity(parts.len());
            for part in &parts {
                let mut solver = root.clone();
                // A contradictory subtree leaves an exhausted engine.
                solver.restrict(part)?;
                engines.push(solver.engine);
            }
            engines
        };
        Ok(Estimator::new(engines, seed))
    }
}
