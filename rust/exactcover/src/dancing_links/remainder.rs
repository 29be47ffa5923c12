//! The unexplored part of a paused search, as plain-data subtrees.
//!
//! When the search pauses at step X2/M2 (a node about to be entered), what is
//! left of the tree is a set of disjoint subtrees: for every level of the
//! stack, the siblings after the branch being explored there, and the subtree
//! of the node about to be entered. Each is described as a [`Path`] below the
//! engine's root: options to force and options to exclude.
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
//! Neither touches the links: donating only moves the levels it gives up from
//! the stack into the root (their links stay as they are, like the links of a
//! forced option), so that backtracking ends where the donation began.

use super::{DancingLinks, Path, State, NULL_BRANCH};

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
        if level.wide {
            let segment = &self.tweaks[level.base as usize..end];
            if level.node == NULL_BRANCH {
                (None, segment.iter().map(|&x| self.option_of(x)).collect())
            } else {
                // The option being tried is the last one the level tweaked.
                debug_assert_eq!(segment.last(), Some(&level.node));
                let before = &segment[..segment.len() - 1];
                (
                    Some(self.option_of(level.node)),
                    before.iter().map(|&x| self.option_of(x)).collect(),
                )
            }
        } else if level.node == NULL_BRANCH {
            // Null branch of a covered item: none of its options may be used.
            let mut excluded = Vec::new();
            let mut p = self.nodes[level.item as usize].dlink;
            while p != level.item {
                excluded.push(self.option_of(p));
                p = self.nodes[p as usize].dlink;
            }
            (None, excluded)
        } else {
            (Some(self.option_of(level.node)), Vec::new())
        }
    }

    /// Can level `l` still take another branch after the current one? At a
    /// wide level the answer depends on how many options deeper levels leave
    /// it, so it is taken to be yes (the remainder may then be empty).
    fn has_siblings(&self, l: usize) -> bool {
        let level = self.levels[l];
        if level.node == NULL_BRANCH {
            false
        } else if level.wide {
            true
        } else {
            let i = level.item;
            self.nodes[level.node as usize].dlink != i || (self.multi && self.slack[i as usize] > 0)
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
            if p == level.node {
                return Some(tried);
            }
            p = self.nodes[p as usize].dlink;
        }
    }

    /// Does the top level of the stack have siblings still to come?
    pub(crate) fn top_has_siblings(&self) -> bool {
        !self.levels.is_empty() && self.has_siblings(self.levels.len() - 1)
    }

    /// The path from the root to the current node (at a solution: the path
    /// that leads to it and to it alone).
    pub(crate) fn current_path(&self) -> Path {
        let ends = self.tweak_ends();
        let mut path: Path = (Vec::new(), Vec::new());
        for (l, &end) in ends.iter().enumerate() {
            let (chosen, excluded) = self.level_path(l, end);
            path.0.extend(chosen);
            path.1.extend(excluded);
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
    pub(crate) fn remainder(&self, max_entries: usize) -> Option<Vec<Path>> {
        match self.state {
            State::Done => return Some(Vec::new()),
            State::Try => return None,
            State::Enter | State::Backtrack => {}
        }
        debug_assert!(!self.at_cap, "a split cap is not a pause");
        let ends = self.tweak_ends();
        let mut prefix: Path = (Vec::new(), Vec::new());
        let mut out = Vec::new();
        let mut entries = 0usize;
        for (l, &end) in ends.iter().enumerate() {
            if let Some(tried) = self.tried(l, end) {
                entries += prefix.0.len() + prefix.1.len() + tried.len();
                if entries > max_entries {
                    return None;
                }
                let mut excluded = prefix.1.clone();
                excluded.extend(tried);
                out.push((prefix.0.clone(), excluded));
            }
            let (chosen, excluded) = self.level_path(l, end);
            prefix.0.extend(chosen);
            prefix.1.extend(excluded);
        }
        if self.state == State::Enter {
            entries += prefix.0.len() + prefix.1.len();
            if entries > max_entries {
                return None;
            }
            out.push(prefix);
        }
        out.reverse();
        Some(out)
    }

    /// Work donation: gives away the siblings still to come at the shallowest
    /// level that has any, as one subtree below the root, and makes the levels
    /// down to that one part of the root, so that the search ends when it
    /// backtracks to them. Returns that subtree and the path this search is
    /// now confined to (both below the root as it was), or `None` if no level
    /// has siblings (or the search is not paused at a node).
    pub(crate) fn donate(&mut self) -> Option<(Path, Path)> {
        if self.state != State::Enter {
            return None;
        }
        let d = (0..self.levels.len()).find(|&l| self.has_siblings(l))?;
        let ends = self.tweak_ends();
        let mut prefix: Path = (Vec::new(), Vec::new());
        for (l, &end) in ends.iter().enumerate().take(d) {
            let (chosen, excluded) = self.level_path(l, end);
            prefix.0.extend(chosen);
            prefix.1.extend(excluded);
        }
        let tried = self.tried(d, ends[d]).expect("level d has siblings");
        let mut given = prefix.clone();
        given.1.extend(tried);
        let (chosen, excluded) = self.level_path(d, ends[d]);
        prefix.0.extend(chosen);
        prefix.1.extend(excluded);
        // The kept levels' links stay as they are, like a forced option's.
        if self.removed.is_empty() {
            self.removed = vec![false; self.option_first.len()];
        }
        for &k in &prefix.0 {
            self.forced.push(k as u32);
            self.removed[k] = true;
        }
        for &k in &prefix.1 {
            self.removed[k] = true;
        }
        self.levels.drain(..=d);
        Some((given, prefix))
    }

    /// Adds work done elsewhere (by parallel workers that were stopped) to
    /// the statistics, leaving the search where it is.
    pub(crate) fn add_work(&mut self, work: crate::Stats) {
        self.stats.nodes += work.nodes;
        self.stats.updates += work.updates;
        self.stats.solutions += work.solutions;
    }
}
