//! What the memo reads of a dancing-links search ([`crate::memo`]): the key
//! of the sub-problem left at a node, the format of those keys, the work
//! done, and the option of the branch being explored.
//!
//! A key is the set of active items (a bitset, item `i` at bit `i - 1`),
//! the remaining bound of every active item that can take two or more
//! options (Algorithm M), the color of every active colorable item
//! (Algorithm C), and the options removed from the lists (forced or
//! excluded at the root, tweaked by Algorithm M) whose items are all still
//! active. The options still available at a node are
//! exactly those whose items are all active, that were not removed, and
//! whose colors agree with the purified items; so two nodes with equal keys
//! have the same solutions below them, whatever root they were met under.

use super::{Branch, DancingLinks};
use crate::memo::Fingerprint;
use crate::problem::Problem;

impl KeyLayout {
    /// The layout of `problem`'s keys before any root is fixed: its wide
    /// items (Algorithm M).
    pub(super) fn new(problem: &Problem) -> KeyLayout {
        let wide_items = if problem.has_multiplicities() {
            (1..=problem.items.len() as u32)
                .filter(|&i| problem.items[i as usize - 1].hi >= 2)
                .collect()
        } else {
            Vec::new()
        };
        KeyLayout {
            wide_items,
            ..KeyLayout::default()
        }
    }
}

/// What [`DancingLinks::state_key`] needs beyond the engine's links: the
/// items that carry a bound or a color (fixed for the problem, whatever the
/// root) and the options removed at the root (see
/// [`DancingLinks::prepare_keys`]).
#[derive(Debug, Clone, Default)]
pub(super) struct KeyLayout {
    /// Items whose upper bound in the problem is 2 or more (their remaining
    /// bound is state). Fixed at construction, not at the root: a root that
    /// forced an option of such an item lowered its bound, and keys written
    /// under it must still mean what keys under other roots mean.
    wide_items: Vec<u32>,
    /// Secondary items that some option colors (their purified color is state).
    colorable: Vec<u32>,
    /// Options forced or excluded at the root, in the order they were
    /// (ascending and without repeats once the keys are prepared).
    pub(super) root_removed: Vec<u32>,
}

/// The first word of the key format of dancing links: names the engine, so
/// that no other engine's memo is taken for its own.
const FORMAT_TAG: u64 = u64::from_le_bytes(*b"dlx-keys");

/// What a search node costs beyond its link updates (choosing an item, the
/// state machine), in link updates: see [`DancingLinks::work`].
const NODE_COST: u64 = 16;

impl DancingLinks {
    /// Fixes the layout of the keys for this root (the options removed at
    /// the root, the items that carry a color) and returns their format:
    /// [`FORMAT_TAG`], the problem's size, a fingerprint of its options, then
    /// the items whose bound and color are part of a key. The format is the
    /// same under every root of one problem (a color, once purified, is
    /// still a color: `PURIFIED` is not 0), so that the memo of one task
    /// serves the next ([`crate::Solver::lend_memo`]); the options removed
    /// at the root are a list of their own in every key.
    pub(super) fn prepare_keys(&mut self) -> Vec<u64> {
        let n = self.llink.len() - 2;
        let mut colorable = vec![false; n + 1];
        // The items of every option in order, spacers included: what tells
        // two problems of one size apart (the same list, other colors, is
        // taken for the same problem).
        let mut fingerprint = Fingerprint::default();
        for node in &self.nodes[n + 2..] {
            fingerprint.add(u64::from(node.top));
            if node.top != 0 && node.color != 0 {
                colorable[node.top as usize] = true;
            }
        }
        for &s in &self.slack {
            fingerprint.add(u64::from(s));
        }
        let keys = &mut self.keys;
        keys.colorable = (1..=n as u32).filter(|&i| colorable[i as usize]).collect();
        keys.root_removed.sort_unstable();
        keys.root_removed.dedup();
        let mut format = vec![FORMAT_TAG, n as u64, self.option_first.len() as u64];
        format.push(fingerprint.finish());
        format.push(keys.wide_items.len() as u64);
        format.extend(keys.wide_items.iter().map(|&i| u64::from(i)));
        format.extend(keys.colorable.iter().map(|&i| u64::from(i)));
        format
    }

    /// Writes into `out` the key of the sub-problem left at the current node
    /// (see the module documentation), in the layout that
    /// [`DancingLinks::prepare_keys`] fixed.
    pub(super) fn state_key(&self, out: &mut Vec<u64>) {
        let layout = &self.keys;
        out.clear();
        // Item `i` is bit `i - 1` of the key (bit `i` of `active`, whose bit
        // 0 is the ring's head, never an item): `n` items take `n / 64`
        // words, rounded up, not one more when `n` is a multiple of 64
        // (the domino tilings of the 16x16 board: 4 words, not 5, and a
        // fifth more entries in the same memory).
        let n = self.llink.len() - 2;
        let words = &self.active;
        out.extend(
            (0..n.div_ceil(64))
                .map(|w| words[w] >> 1 | words.get(w + 1).map_or(0, |&next| next << 63)),
        );
        let active = |out: &[u64], i: u32| out[(i - 1) as usize / 64] >> ((i - 1) % 64) & 1 == 1;
        let mut pending: Option<u32> = None;
        let mut push = |out: &mut Vec<u64>, v: u32| match pending.take() {
            Some(first) => out.push(u64::from(first) << 32 | u64::from(v)),
            None => pending = Some(v),
        };
        for &i in &layout.wide_items {
            if active(out, i) {
                push(out, self.bound[i as usize]);
            }
        }
        for &i in &layout.colorable {
            if active(out, i) {
                push(out, self.nodes[i as usize].color);
            }
        }
        if let Some(last) = pending {
            out.push(u64::from(last) << 32 | u64::from(u32::MAX));
        }
        if layout.root_removed.is_empty() && self.tweaks.is_empty() {
            return;
        }
        let fixed = out.len();
        let options = layout
            .root_removed
            .iter()
            .copied()
            .chain(self.tweaks.iter().map(|&x| self.option_of(x) as u32));
        for k in options {
            let first = self.option_first[k as usize];
            if self
                .option_nodes(first)
                .all(|q| active(out, self.nodes[q as usize].top))
            {
                out.push(u64::from(k));
            }
        }
        out[fixed..].sort_unstable();
        let mut kept = fixed;
        for j in fixed..out.len() {
            if j == fixed || out[j] != out[kept - 1] {
                out[kept] = out[j];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The work done so far for the memo's weighing: link updates, plus
    /// [`NODE_COST`] per node.
    pub(super) fn work(&self) -> u64 {
        self.stats.updates + NODE_COST * self.stats.nodes
    }

    /// The branch of the top level being explored: its option, or `None` for
    /// a null branch or at the root.
    pub(super) fn current_branch(&self) -> Option<usize> {
        match self.levels.last()?.branch {
            Branch::Option(x) => Some(self.option_of(x)),
            Branch::Null | Branch::Done => None,
        }
    }
}
