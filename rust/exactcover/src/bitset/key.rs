//! The memo's key of a node: what determines the sub-problem below it.
//!
//! The live options of a node are exactly the options that contain no
//! covered item and were not removed at the root (excluded, or dead from
//! the start because of a secondary item of bound 0). So the covered items,
//! as a set, determine the sub-problem for one root; the options removed at
//! the root whose items are all still uncovered make the key good across
//! roots (the tasks of a distributed count lend each other their memo).
//! Keys are compared whole, never by hash alone.
//!
//! A trap the prototype met: every word of the covered set may be all ones
//! (64 items, all covered, is a real state: the solution), so no value of
//! the key can mark an empty slot of a table; the table must keep its own
//! occupancy, as `memo::Table` does.

use super::BitsetEngine;
use crate::memo::Fingerprint;

/// The first word of the key format: names the bitset engine (`"bitset"`
/// in ASCII), so that its keys never pass for another engine's.
const FORMAT_TAG: u64 = u64::from_be_bytes(*b"\0\0bitset");

/// The first word of the key format of a sweep ([`BitsetEngine::with_order`]):
/// its keys are the covered set in the engine's own numbering (the sweep
/// order), which the format then names.
const SWEEP_FORMAT_TAG: u64 = u64::from_be_bytes(*b"\0\0\0sweep");

/// What a node costs in [`BitsetEngine::work`], in counter updates: making
/// a child's state copies its live options, covered items and counters and
/// takes the minimum of the counters (a few dozen words), about what
/// dancing links charges for a node.
const NODE_COST: u64 = 16;

/// What [`BitsetEngine::write_key`] needs beyond the engine: the options
/// removed at the root, fixed for one root.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyLayout {
    /// Options forced or excluded at the root (the problem's numbers),
    /// ascending, without repeats.
    root_removed: Vec<u32>,
}

impl BitsetEngine {
    /// The layout of keys for a root where the options `root_removed` were
    /// forced or excluded.
    pub fn key_layout(&self, root_removed: &[usize]) -> KeyLayout {
        let mut removed: Vec<u32> = root_removed.iter().map(|&k| k as u32).collect();
        removed.sort_unstable();
        removed.dedup();
        KeyLayout {
            root_removed: removed,
        }
    }

    /// Fixes the layout of [`Engine::state_key`] for this root (the options
    /// forced and excluded so far) and returns the key format: the engine's
    /// tag, the problem's size and a fingerprint of its options. Keys written under any root of the same
    /// problem mean the same (the covered set is in the problem's numbering
    /// of items, the options removed at the root are listed by number).
    ///
    /// [`Engine::state_key`]: crate::engine::Engine::state_key
    pub(crate) fn prepare_keys(&mut self) -> Vec<u64> {
        self.keys = self.key_layout(&self.removed);
        let t = &*self.tables;
        // The items of every option as a set, in the problem's numbering
        // (an engine with another seed orders them otherwise inside).
        let mut fingerprint = Fingerprint::default();
        for k in 0..t.shape.n_options {
            let mut items = 0u64;
            for (w, &word) in t.item_mask(t.option_int(k)).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let i = t.item_ext(w * 64 + bits.trailing_zeros() as usize) as u64;
                    items = items
                        .wrapping_add((i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29));
                    bits &= bits - 1;
                }
            }
            fingerprint.add(items);
        }
        let shape = &t.shape;
        let mut format = vec![
            if t.sweep {
                SWEEP_FORMAT_TAG
            } else {
                FORMAT_TAG
            },
            shape.n_items as u64,
            shape.n_options as u64,
            fingerprint.finish(),
        ];
        if t.sweep {
            // The keys' numbering of the items, whole.
            format.extend((0..shape.n_items).map(|i| t.item_ext(i) as u64));
        }
        format
    }

    /// The work done so far in the memo's unit (about one dancing-links
    /// update): the counter updates, plus [`NODE_COST`] per node.
    pub(crate) fn work(&self) -> u64 {
        self.stats.updates + NODE_COST * self.stats.nodes
    }

    /// Writes into `out` the key of the node whose state is on top of the
    /// stack (the node being entered): the covered items as a set in the
    /// problem's numbering (a sweep's: its own; `items.div_ceil(64)`
    /// words), then, one word
    /// each, the options of `layout` whose items are all uncovered,
    /// ascending. Two nodes with equal keys have the same solutions below
    /// them.
    pub fn write_key(&self, layout: &KeyLayout, out: &mut Vec<u64>) {
        let t = &*self.tables;
        let words = t.shape.item_words;
        let s = self.root + self.levels.len();
        let covered = &self.stack.covered[s * words..][..words];
        out.clear();
        if t.items_in_order || t.sweep {
            // A sweep's keys stay in its own numbering (see
            // `prepare_keys`): a key is then one copy.
            out.extend_from_slice(covered);
        } else {
            out.resize(words, 0);
            for (w, &word) in covered.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let i = t.item_ext(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    out[i / 64] |= 1 << (i % 64);
                }
            }
        }
        for &k in &layout.root_removed {
            let mask = t.item_mask(t.option_int(k as usize));
            if mask.iter().zip(covered).all(|(&m, &c)| m & c == 0) {
                out.push(u64::from(k));
            }
        }
    }
}
