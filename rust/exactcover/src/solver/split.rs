//! Cutting the search tree into subtrees of plain data ([`Splitter`]), for
//! other threads, processes or machines ([`Solver::restrict`]).

use super::Solver;
use crate::engine::{Step, Subtree};
use crate::Error;

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
                        // The walk cuts every level as it enters it, so only
                        // the level just entered can have branches to come.
                        if let Some(given) = walk.solver.donate() {
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

impl Solver {
    /// Cuts the search tree into at least `min_subtrees` subtrees (fewer only if
    /// the whole tree is smaller). Subtrees include the options forced on this
    /// solver. Of a search that has started, what it has still to explore
    /// (the subtrees of its [`Solver::remainder`], cut further if they are
    /// too few). A [`Splitter`] does the same in slices, to be interrupted.
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

    /// A [`Splitter`] cutting this solver's search tree (or what it has
    /// still to explore) into at least `min_subtrees` subtrees.
    ///
    /// # Errors
    ///
    /// [`Error::SearchStarted`] if the remainder of a search that has
    /// started cannot be listed (one not paused between nodes).
    pub fn splitter(&self, min_subtrees: usize) -> Result<Splitter, Error> {
        let (root, pending) = if self.at_root().is_ok() {
            let mut pending = Vec::new();
            if !self.engine.is_exhausted() {
                pending.push((self.root.join(Subtree::default()), true));
            }
            (self.copy_search(), pending)
        } else {
            let parts = self.remainder(usize::MAX).ok_or(Error::SearchStarted)?;
            let pending = parts.into_iter().map(|part| (part, true)).collect();
            (self.fresh_root(self.order_name() == "sweep"), pending)
        };
        Ok(Splitter {
            root,
            min_subtrees: min_subtrees.max(1),
            pending,
            walker: None,
        })
    }
}
