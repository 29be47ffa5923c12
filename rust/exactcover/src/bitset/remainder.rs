//! The current path and the unexplored part of a paused search, as
//! plain-data subtrees below the engine's root, and work donation.
//!
//! Every level is an ordinary level of Algorithm X: it covers its item with
//! one of the item's options, so the path to a node is the options chosen,
//! and the siblings still to come at level `l` are the solutions below
//! level `l`'s node that use none of the options of the item tried so far
//! (the item must then take one of the later ones). The options tried are
//! those of the item's list, up to the current branch, that were live at the
//! level's node (the dead ones among them included: excluding them changes
//! nothing). As in dancing links
//! ([`remainder`](crate::dancing_links::DancingLinks)), nothing here touches
//! the states: donating drops levels from the stack and moves the root's
//! slot up to the last one dropped, so that their choices become part of the
//! root and backtracking ends there.

use super::{BitsetEngine, State};
use crate::engine::Subtree;

impl BitsetEngine {
    /// Options tried so far at level `l`, the current one included (the
    /// problem's numbers), if the level has siblings still to come.
    fn tried(&self, l: usize) -> Option<Vec<usize>> {
        if !self.has_siblings(l) {
            return None;
        }
        let level = self.levels[l];
        let s = self.root + l;
        let list = self.tables.item_options(level.item);
        Some(
            list.iter()
                .take_while(|&&o| o <= level.branch)
                .filter(|&&o| self.is_live(s, o))
                .map(|&o| self.tables.option_ext(o))
                .collect(),
        )
    }

    /// Does level `l` have a live branch after the current one? (Its child
    /// may be dead: the siblings' subtree may then be empty.)
    fn has_siblings(&self, l: usize) -> bool {
        let level = self.levels[l];
        let s = self.root + l;
        self.tables
            .item_options(level.item)
            .iter()
            .any(|&o| o > level.branch && self.is_live(s, o))
    }

    /// The path from the root to the current node (at a solution: the path
    /// that leads to it and to it alone).
    pub fn current_path(&self) -> Subtree {
        self.path_to(self.levels.len())
    }

    /// The path of levels `0..depth`: their options forced.
    fn path_to(&self, depth: usize) -> Subtree {
        Subtree {
            forced: (0..depth)
                .map(|l| self.tables.option_ext(self.branch(l)))
                .collect(),
            excluded: Vec::new(),
        }
    }

    /// The unexplored part of the tree, as disjoint subtrees below the root,
    /// in tree order: the node about to be entered (if the search is paused
    /// at one), then the siblings still to come at each level, deepest
    /// first. `None` if that would take more than `max_entries` option
    /// numbers in all, or the search is not paused between two nodes.
    pub fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>> {
        match self.state {
            State::Done => return Some(Vec::new()),
            State::Advance => return None,
            State::Forward | State::Backup => {}
        }
        let mut prefix = Subtree::default();
        let mut out = Vec::new();
        let mut entries = 0usize;
        for l in 0..self.levels.len() {
            if let Some(tried) = self.tried(l) {
                entries += prefix.forced.len() + tried.len();
                if entries > max_entries {
                    return None;
                }
                out.push(Subtree {
                    forced: prefix.forced.clone(),
                    excluded: tried,
                });
            }
            prefix.forced.push(self.tables.option_ext(self.branch(l)));
        }
        if self.state == State::Forward {
            entries += prefix.forced.len();
            if entries > max_entries {
                return None;
            }
            out.push(prefix);
        }
        out.reverse();
        Some(out)
    }

    /// Work donation: gives away the siblings still to come at the
    /// shallowest level that has any, as one subtree below the root, and
    /// makes the levels down to that one part of the root (the root's slot
    /// moves to that level's child). Returns the subtree given away and the
    /// path the root is now confined to, both below the root as it was, or
    /// `None` if no level has siblings or the search is not paused at a node.
    pub fn donate(&mut self) -> Option<(Subtree, Subtree)> {
        if self.state != State::Forward {
            return None;
        }
        let d = (0..self.levels.len()).find(|&l| self.has_siblings(l))?;
        let kept = self.path_to(d + 1);
        let mut given = self.path_to(d);
        given.excluded = self.tried(d).expect("level d has siblings");
        self.levels.drain(..=d);
        self.root += d + 1;
        Some((given, kept))
    }

    /// For each of the first `max_levels` levels, `(k, d)`: the branch tried
    /// is the k-th of the d live options of the level's item (those whose
    /// child is dead included). See `Solver::choice_positions`.
    pub fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        let shown = self.levels.len().min(max_levels);
        (0..shown)
            .map(|l| {
                let level = self.levels[l];
                let s = self.root + l;
                let list = self.tables.item_options(level.item);
                let k = list
                    .iter()
                    .take_while(|&&o| o <= level.branch)
                    .filter(|&&o| self.is_live(s, o))
                    .count() as u32;
                let d = if self.tables.sweep {
                    // A sweep keeps no counters below the root.
                    self.tables
                        .item_row(level.item)
                        .iter()
                        .zip(&self.stack.live[s * self.tables.shape.option_words..])
                        .map(|(&r, &l)| (r & l).count_ones())
                        .sum()
                } else {
                    u32::from(self.counts(s)[level.item as usize])
                };
                (k.min(d).max(1), d.max(1))
            })
            .collect()
    }
}
