//! Knuth's random probes of the search tree (TAOCP 7.2.2.1, "estimating the
//! running time"; Knuth 1975), on the bitset engine's tree.

use super::{BitsetEngine, Choice, State};
use crate::rng::SplitMix64;

impl BitsetEngine {
    /// One random probe from the root: at every node, one of its children
    /// uniformly at random, until a solution or a node without children.
    /// With `d_k` the number of children at depth `k`, `1 + d_1 + d_1 d_2 +
    /// ...` is an unbiased estimate of the number of nodes of the tree as
    /// [`crate::Stats::nodes`] counts them here (a dead child is no node, so
    /// `d_k` counts the children that are not dead), and `d_1 d_2 ... d_l`
    /// (0 if the probe ends without a solution) of the number of solutions.
    /// Returns `(nodes, solutions, depth)`, or `None` once `keep_going`
    /// (called at every node) said stop. Only at the root, before the search.
    /// The states above the root's slot are scratch; the statistics are left
    /// as they were.
    pub(crate) fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)> {
        debug_assert!(self.levels.is_empty() && self.state == State::Forward);
        let updates_before = self.stats.updates;
        let mut weight = 1.0f64;
        let mut nodes = 0.0f64;
        let mut solutions = 0.0f64;
        let mut s = self.root;
        let mut choice = self.next;
        let mut children = Vec::new();
        let result = loop {
            if !keep_going() {
                break None;
            }
            nodes += weight;
            let item = match choice {
                Choice::Solved => {
                    solutions = weight;
                    break Some(s - self.root);
                }
                Choice::DeadEnd => break Some(s - self.root),
                Choice::Item(item) => item,
            };
            // The children that are not dead, in the order the search
            // takes them.
            let t = &*self.tables;
            children.clear();
            for &o in t.item_options(item) {
                if self.is_live(s, o)
                    && self
                        .stack
                        .apply::<true, false, 0, 0, 0>(t, s, o, &mut self.stats.updates)
                        != Choice::DeadEnd
                {
                    children.push(o);
                }
            }
            if children.is_empty() {
                break Some(s - self.root);
            }
            let o = children[rng.below(children.len())];
            weight *= children.len() as f64;
            choice = self
                .stack
                .apply::<true, false, 0, 0, 0>(t, s, o, &mut self.stats.updates);
            s += 1;
        };
        self.stats.updates = updates_before;
        result.map(|depth| (nodes, solutions, depth))
    }
}
