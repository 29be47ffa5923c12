//! Knuth's estimates of the search tree: random probes from the root that
//! take the branches the search would take, for the estimate of its size
//! ([`crate::Estimator`]), and the position of the search among the
//! branches of every level, for the fraction of it done.

use super::{Branch, Choice, DancingLinks, Level, State};
use crate::rng::SplitMix64;
#[cfg(doc)]
use crate::Stats;

impl DancingLinks {
    /// One of Knuth's random probes (TAOCP 7.2.2.1, "estimating the running
    /// time"; Knuth 1975): from the current root, take a random branch at every
    /// level until a solution or a dead end, then undo everything. With `d_k`
    /// the number of branches at depth `k`, `1 + d_1 + d_1 d_2 + ...` is an
    /// unbiased estimate of the number of nodes of the search tree (counted as
    /// [`Stats::nodes`] counts them), and `d_1 d_2 ... d_l` (0 at a dead end)
    /// of the number of solutions. Returns `(nodes, solutions, depth)`.
    ///
    /// The branches are exactly those the search takes, including Algorithm
    /// M's tweaking and null branches, so the estimate is unbiased for every
    /// problem. Only at the root (before the search starts).
    ///
    /// `keep_going` is called at every node; when it returns false the probe
    /// is abandoned (the links restored) and the result is `None`.
    pub(super) fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)> {
        debug_assert!(self.levels.is_empty() && self.state == State::Forward);
        let result = match (self.multi, self.colored) {
            (false, false) => self.probe_with::<false, false>(rng, keep_going),
            (false, true) => self.probe_with::<false, true>(rng, keep_going),
            (true, false) => self.probe_with::<true, false>(rng, keep_going),
            (true, true) => self.probe_with::<true, true>(rng, keep_going),
        };
        debug_assert!(self.levels.is_empty());
        result
    }

    fn probe_with<const M: bool, const C: bool>(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)> {
        let updates_before = self.stats.updates;
        let empty_before = self.empty_items;
        let mut weight = 1.0f64;
        let mut nodes = 0.0f64;
        let mut solutions = 0.0f64;
        let mut abandoned = false;
        loop {
            if !keep_going() {
                abandoned = true;
                break;
            }
            nodes += weight;
            let choice = if M { self.choose_m() } else { self.choose_x() };
            let i = match choice {
                Choice::Solved => {
                    solutions = weight;
                    break;
                }
                Choice::DeadEnd => break,
                Choice::Item(i) => i,
            };
            let iu = i as usize;
            let wide = M && self.bound[iu] >= 2;
            // Branch r of the d the search would take, uniformly.
            let branches = self.branches(i, wide, M);
            let d = branches.count();
            let r = rng.below(d as usize) as u32;
            weight *= f64::from(d);
            if !wide {
                // As X4/M4 [Cover i], then X5/M6 [Try x_l] with the r-th
                // option of i's list, or the null branch.
                if M {
                    self.bound[iu] = 0;
                }
                self.cover_at::<M, C>(i);
                let mut branch = Branch::Null;
                if r < branches.options {
                    let mut x = self.nodes[iu].dlink;
                    for _ in 0..r {
                        x = self.nodes[x as usize].dlink;
                    }
                    self.commit_others::<M, C>(x);
                    branch = Branch::Option(x);
                }
                self.levels.push(Level {
                    item: i,
                    branch,
                    wide: false,
                    base: 0,
                });
            } else {
                // As M5/M6 r times over: the first r options tweaked away,
                // then the next one included, or the null branch.
                let base = self.tweaks.len() as u32;
                for _ in 0..r {
                    let x = self.nodes[iu].dlink;
                    self.tweak::<C>(x);
                    self.tweaks.push(x);
                }
                let mut branch = Branch::Null;
                if r < branches.options {
                    let x = self.nodes[iu].dlink;
                    self.tweak::<C>(x);
                    self.tweaks.push(x);
                    self.commit_all::<C>(x);
                    branch = Branch::Option(x);
                } else {
                    self.unlink_item(i);
                }
                self.levels.push(Level {
                    item: i,
                    branch,
                    wide: true,
                    base,
                });
            }
        }
        let depth = self.levels.len();
        while let Some(Level {
            item: i,
            branch,
            wide,
            base,
            ..
        }) = self.levels.pop()
        {
            if M && wide {
                match branch {
                    Branch::Option(x) => self.uncommit_all::<C>(x),
                    Branch::Null | Branch::Done => self.relink_item(i),
                }
                self.untweak_to::<C>(base);
            } else {
                if let Branch::Option(x) = branch {
                    self.uncommit_others::<M, C>(x);
                }
                self.uncover::<C>(i);
                if M {
                    self.bound[i as usize] = 1;
                }
            }
        }
        // Probes are not search work (and undoing leaves empty_items alone).
        self.stats.updates = updates_before;
        self.empty_items = empty_before;
        (!abandoned).then_some((nodes, solutions, depth))
    }

    /// Where the search is, for Knuth's estimate of the fraction of the tree
    /// done: see [`crate::Solver::choice_positions`]. The same branches as
    /// [`DancingLinks::branches`] counts, at every level of the stack.
    pub(super) fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        let shown = self.levels.len().min(max_levels);
        let mut out = Vec::with_capacity(shown);
        for (l, level) in self.levels[..shown].iter().enumerate() {
            let i = level.item as usize;
            let len = self.nodes[i].len();
            let (k, d) = if level.wide {
                // Options this level has tweaked so far: up to the next wide
                // level's base.
                let end = self.levels[l + 1..]
                    .iter()
                    .find(|lv| lv.wide)
                    .map_or(self.tweaks.len(), |lv| lv.base as usize);
                let tried = end.saturating_sub(level.base as usize) as u32;
                // Deeper levels may change i's bound: an estimate.
                let d = tried + len + 1;
                match level.branch {
                    Branch::Option(_) => (tried.max(1), d),
                    Branch::Null | Branch::Done => (d, d),
                }
            } else {
                // An ordinary level's list stays whole while it lives.
                let d = self.branches(level.item, false, self.multi).count();
                match level.branch {
                    Branch::Option(x) => {
                        let mut k = 1;
                        let mut p = self.nodes[i].dlink;
                        while p != x && p != level.item {
                            k += 1;
                            p = self.nodes[p as usize].dlink;
                        }
                        (k, d)
                    }
                    Branch::Null | Branch::Done => (d, d),
                }
            };
            out.push((k.min(d.max(1)), d.max(1)));
        }
        out
    }
}
