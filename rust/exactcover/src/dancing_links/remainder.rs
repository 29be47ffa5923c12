//! The unexplored part of a paused search, as plain-data subtrees.
//!
//! When the search pauses at step X2/M2 (a node about to be entered, state
//! [`State::Forward`]) or after a solution ([`State::Backup`]), what is
//! left of the tree is a set of disjoint subtrees: for every level of the
//! stack, the siblings after the branch being explored there, and the subtree
//! of the node about to be entered. Each is described as a [`Subtree`] below
//! the engine's root: options to force and options to exclude.
//!
//! * The node about to be entered is reached by the path of the whole stack:
//!   the options chosen at each level are forced; the options a level ruled
//!   out are excluded (the earlier siblings a wide level of Algorithm M
//!   tweaked away, the whole list of an item that took a null branch).
//! * The siblings still to come at level `l` are the solutions below level
//!   `l`'s parent that use none of the branches tried at `l` so far: the path
//!   of levels `0..l`, plus the tried options excluded. At an ordinary level
//!   those are the options of the item's list up to the current one (the item
//!   must take one of the later options, or none if a null branch remains);
//!   at a wide level, the options it has tweaked, the current one included.
//!
//! This is what parallel workers hand to idle ones ([`DancingLinks::donate`])
//! and what a task that ran out of time returns ([`DancingLinks::remainder`]).
//! Neither touches the links: donating only drops the levels it gives up from
//! the stack, so that they become part of the root (their links stay as they
//! are, like the links of a forced option) and backtracking ends where the
//! donation began. The solver above records them among its root's
//! restrictions.

use super::{Branch, DancingLinks, State};
use crate::engine::Subtree;

impl DancingLinks {
    /// For each level, where its segment of the tweak stack ends (wide levels
    /// only; 0 for the others): at the next wide level's base, or at the top.
    fn tweak_ends(&self) -> Vec<usize> {
        let mut ends = vec![0; self.levels.len()];
        let mut end = self.tweaks.len();
        for (l, level) in self.levels.iter().enumerate().rev() {
            if level.wide {
                ends[l] = end;
                end = level.base as usize;
            }
        }
        ends
    }

    /// What level `l` adds to the path of the current node: the option it
    /// chose (none on a null branch) and the options it ruled out.
    fn level_path(&self, l: usize, end: usize) -> (Option<usize>, Vec<usize>) {
        let level = self.levels[l];
        debug_assert!(level.branch != Branch::Done, "no branch between slices");
        if level.wide {
            let segment = &self.tweaks[level.base as usize..end];
            match level.branch {
                Branch::Option(x) => {
                    // The option being tried is the last one the level tweaked.
                    debug_assert_eq!(segment.last(), Some(&x));
                    let before = &segment[..segment.len() - 1];
                    (
                        Some(self.option_of(x)),
                        before.iter().map(|&x| self.option_of(x)).collect(),
                    )
                }
                Branch::Null | Branch::Done => {
                    (None, segment.iter().map(|&x| self.option_of(x)).collect())
                }
            }
        } else if let Branch::Option(x) = level.branch {
            (Some(self.option_of(x)), Vec::new())
        } else {
            // Null branch of a covered item: none of its options may be used.
            let mut excluded = Vec::new();
            let mut p = self.nodes[level.item as usize].dlink;
            while p != level.item {
                excluded.push(self.option_of(p));
                p = self.nodes[p as usize].dlink;
            }
            (None, excluded)
        }
    }

    /// Can level `l` still take another branch after the current one? At a
    /// wide level the answer depends on how many options deeper levels leave
    /// it, so it is taken to be yes (the remainder may then be empty).
    fn has_siblings(&self, l: usize) -> bool {
        let level = self.levels[l];
        match level.branch {
            Branch::Option(x) => {
                level.wide
                    || self.nodes[x as usize].dlink != level.item
                    || self.branches(level.item, false, self.multi).null
            }
            Branch::Null | Branch::Done => false,
        }
    }

    /// The branches level `l` has tried, the current one included, if it has
    /// siblings still to come: excluding them from the path of levels `0..l`
    /// gives those siblings' subtrees, together.
    fn tried(&self, l: usize, end: usize) -> Option<Vec<usize>> {
        if !self.has_siblings(l) {
            return None;
        }
        let level = self.levels[l];
        let Branch::Option(x) = level.branch else {
            unreachable!("a level with siblings is on an option");
        };
        if level.wide {
            let segment = &self.tweaks[level.base as usize..end];
            return Some(segment.iter().map(|&x| self.option_of(x)).collect());
        }
        // The covered item's list is intact while its level lives (its
        // options were hidden from every other list by the cover).
        let mut tried = Vec::new();
        let mut p = self.nodes[level.item as usize].dlink;
        loop {
            tried.push(self.option_of(p));
            if p == x {
                return Some(tried);
            }
            p = self.nodes[p as usize].dlink;
        }
    }

    /// The path from the root to the current node (at a solution: the path
    /// that leads to it and to it alone).
    pub(super) fn current_path(&self) -> Subtree {
        self.path_to(self.levels.len())
    }

    /// The path of levels `0..depth`.
    fn path_to(&self, depth: usize) -> Subtree {
        let ends = self.tweak_ends();
        let mut path = Subtree::default();
        for (l, &end) in ends.iter().enumerate().take(depth) {
            let (chosen, excluded) = self.level_path(l, end);
            path.forced.extend(chosen);
            path.excluded.extend(excluded);
        }
        path
    }

    /// The unexplored part of the tree, as disjoint subtrees below the root,
    /// in tree order: the node about to be entered (if the search is paused
    /// at one), then the siblings still to come at each level, deepest first.
    /// After a solution, its siblings and its ancestors' siblings. `None` if
    /// that would take more than `max_entries` option ids in all (a deep tree
    /// with siblings at every level: the lists grow with the square of the
    /// depth).
    pub(super) fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>> {
        match self.state {
            State::Done => return Some(Vec::new()),
            State::Advance => return None,
            State::Forward | State::Backup => {}
        }
        let ends = self.tweak_ends();
        let mut prefix = Subtree::default();
        let mut out = Vec::new();
        let mut entries = 0usize;
        for (l, &end) in ends.iter().enumerate() {
            if let Some(tried) = self.tried(l, end) {
                entries += prefix.forced.len() + prefix.excluded.len() + tried.len();
                if entries > max_entries {
                    return None;
                }
                let mut siblings = prefix.clone();
                siblings.excluded.extend(tried);
                out.push(siblings);
            }
            let (chosen, excluded) = self.level_path(l, end);
            prefix.forced.extend(chosen);
            prefix.excluded.extend(excluded);
        }
        if self.state == State::Forward {
            entries += prefix.forced.len() + prefix.excluded.len();
            if entries > max_entries {
                return None;
            }
            out.push(prefix);
        }
        out.reverse();
        Some(out)
    }

    /// Work donation: gives away the siblings still to come at the shallowest
    /// level that has any, as one subtree below the root, and drops the
    /// levels down to that one from the stack: they become part of the root
    /// (their links stay as they are), so that the search ends when it
    /// backtracks to them. Returns that subtree and the path of the dropped
    /// levels, which the root is now confined to (both below the root as it
    /// was), or `None` if no level has siblings (or the search is not paused
    /// at a node).
    pub(super) fn donate(&mut self) -> Option<(Subtree, Subtree)> {
        if self.state != State::Forward {
            return None;
        }
        let d = (0..self.levels.len()).find(|&l| self.has_siblings(l))?;
        let kept = self.path_to(d + 1);
        let mut given = self.path_to(d);
        given.excluded.extend(
            self.tried(d, self.tweak_ends()[d])
                .expect("level d has siblings"),
        );
        self.levels.drain(..=d);
        Some((given, kept))
    }
}
