//! The memoized count of a sweep ([`BitsetEngine::with_order`]) on one
//! thread: the fast path of a count that sweeps, with its own search and
//! its own memo, both cut to what a sweep needs.
//!
//! A sweep's node is its covered items alone: the node branches on its
//! first uncovered primary item `i` (primary items are numbered in the
//! sweep order), and its branches are the options whose first primary item
//! is `i` and that hold no covered item (any other option of `i` holds an
//! earlier item, covered). So the search keeps one set of covered items per
//! level and no live options or counters, a child costs one OR per word of
//! the item set, and the memo's key is that set, compared whole.
//!
//! # Finding the branches
//!
//! The options of `i` that hold no covered item are found by a *filter*
//! rather than by testing each option against the covered set: the items
//! those options hold lie in a few nibbles (4 bits) of the item set (in a
//! sweep order, the next cells of the sweep and the pieces), and for each
//! such nibble a row of 16 words gives, for each of its 16 values, the
//! options (one bit each, at most 64) that hold none of its covered items.
//! The branches are the AND of one row entry per nibble, walked by their
//! lowest bit: a node costs a few loads instead of a test per option
//! (callgrind, pentominoes 5x12: the test of every option was most of the
//! instructions). A node whose filter leaves no branch is a dead end,
//! found before the memo is asked (it is neither looked up nor stored).
//! Items with more than 64 options, or whose options spread over more
//! nibbles than scanning them would cost, scan their options as before.
//!
//! # The memo
//!
//! A table of buckets of two entries side by side, each a key (the covered
//! set), a count and the nodes its subtree took. A new entry takes an empty slot
//! of its bucket, else the slot of the entry whose subtree took fewer
//! nodes: the table keeps the costlier sub-problems and forgets the cheap
//! ones, so a full table slows the count down gently and never changes it.
//! The table doubles while it is half full and under its memory
//! cap. Traps met by the prototype of issue 23: an all-ones set is a real
//! key (64 items, all covered), so occupancy is a flag of its own, not a
//! key value; counts past `u64` (domino tilings) are not stored (their
//! sub-problems are counted again), the count itself is exact ([`Count`]).
//!
//! # Subtrees (the tasks of a distributed count)
//!
//! A count of several subtrees of one problem ([`SweepCount::restart`])
//! keeps the tables above and its memo from subtree to subtree, and from
//! task to task through a [`SweepMemo`]: a subtree's root is the covered
//! set of its forced options, and the options it excludes are taken off
//! the branches of their item. A covered set names one sub-problem under
//! every root as long as no option excluded at the root is still free (all
//! its items uncovered): a node where one is neither looks its key up nor
//! stores it. The excluded options of a subtree cut from a sweep are those
//! of its root's item, so only its root is not memoized. Stopped between
//! two nodes, the count hands back what is left as subtrees
//! ([`SweepCount::remainder`]): the node about to be entered and, at each
//! level with branches still to come, those branches.

use std::sync::Arc;

use super::tables::Tables;
use super::{sweep_choice, BitsetEngine, Choice};
use crate::count::Count;
use crate::engine::{Stats, Step, Subtree};
use crate::memo::{huge_pages, prefetch, replace, MemoStats};

/// Buckets of a new table (it doubles as it fills, up to its cap).
const FIRST_BUCKETS: usize = 1 << 12;

/// Most filter rows of all items together (136 bytes each): past them,
/// the remaining items scan their options.
const MAX_FILTER_ROWS: usize = 1 << 16;

/// A memoized count of a sweep, resumable (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct SweepCount {
    tables: Arc<Tables>,
    /// Words of a set of items.
    words: usize,
    /// `first_start[i]..first_start[i + 1]`: the options live at the root
    /// whose first primary item is `i`, in the order of the search, as
    /// places in `first_masks`.
    first_start: Vec<u32>,
    /// `first[k]`: the option at place `k` (the engine's number), to name
    /// the subtrees of [`SweepCount::remainder`].
    first: Vec<u32>,
    /// How item `i` finds its branches: the rows of `filter_rows` for it
    /// (see the module documentation), or a scan of its options.
    filters: Vec<Filter>,
    /// The filters' rows, item by item.
    filter_rows: Vec<FilterRow>,
    /// `first_masks[k * words..][..words]`: the items of the `k`-th of
    /// those options, so that a node scans its branches in one run of
    /// memory.
    first_masks: Vec<u64>,
    /// `covered[d * words..][..words]`: the covered items at depth `d` of
    /// the current path (depth 0: the root's).
    covered: Vec<u64>,
    /// One frame per node on the path that branches (depth `d`'s node is
    /// frame `d`).
    frames: Vec<Frame>,
    /// Solutions counted below the root so far.
    total: Count,
    /// Where the search resumes.
    at: At,
    nodes: u64,
    memo: Cache,
    /// The places in `first` of the options excluded at the root of the
    /// subtree counted (see [`SweepCount::restart`]), ascending; they are
    /// taken off their item's branches. Empty from the engine's own root.
    banned: Vec<u32>,
    /// The items of the options removed at the subtree's root that were
    /// still free there (no item covered), `words` words each: a node
    /// where one is still free is not memoized.
    free_removed: Vec<u64>,
    /// With `free_removed`: the depth of a node on the current path where
    /// none was free any more (so none is below it), or `usize::MAX`.
    clean_from: usize,
}

/// The memo of a [`SweepCount`], on its way to the count of another
/// subtree of the same problem ([`SweepCount::take_memo`],
/// [`SweepCount::lend_memo`]): the memo of the tasks of a distributed
/// count, kept by their worker between tasks.
#[derive(Debug, Clone)]
pub struct SweepMemo {
    /// The tables its keys were written with.
    tables: Arc<Tables>,
    cache: Cache,
}

impl SweepMemo {
    /// Figures of the memo.
    pub fn stats(&self) -> MemoStats {
        self.cache.stats
    }
}

/// Marks an item whose options are scanned, in [`Filter::start`].
const SCAN: u32 = u32::MAX;

/// How an item finds its branches.
#[derive(Debug, Clone, Copy)]
struct Filter {
    /// Its rows are `filter_rows[start..end]`; [`SCAN`]: it scans its
    /// options instead.
    start: u32,
    end: u32,
    /// A bit for each of its options (at most 64).
    all: u64,
}

/// One nibble of the item set, for one item's filter: for each value `v`
/// of the nibble (its covered items), `masks[v]` has a bit for each of the
/// item's options (bit `k`: its `k`-th) that holds none of those items.
#[derive(Debug, Clone)]
struct FilterRow {
    /// The word of the item set that holds the nibble.
    word: u32,
    /// The nibble's lowest bit in that word.
    shift: u32,
    masks: [u64; 16],
}

/// A node that branches, on the path.
#[derive(Debug, Clone)]
struct Frame {
    /// Its branches not yet tried, filtered (bit `k`: the `k`-th option
    /// of its item, at `base + k` in `first_masks`); 0 when it scans.
    alive: u64,
    /// Place in `first_masks` of its item's first option.
    base: u32,
    /// Index into `first` of the next branch to test (scanning items;
    /// `next == end` for filtered ones).
    next: u32,
    /// End of its item's branches in `first`.
    end: u32,
    /// Solutions below it so far.
    count: Count,
    /// `nodes` when it was entered.
    nodes: u64,
    /// Is it stored in the memo when done? (Not with a single branch.)
    memoized: bool,
    /// The place in `first` of the branch being searched (its child is at
    /// the next depth).
    branch: u32,
}

/// Where [`SweepCount::run`] resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Enter the node whose covered set is at depth `frames.len()`.
    Enter,
    /// Try the next branch of the top frame.
    Advance,
    /// Every solution is counted.
    Done,
}

impl BitsetEngine {
    /// The fast count of this sweep from its root (see the module
    /// documentation), with a memo of at most about `max_bytes`; `None` if
    /// the engine does not sweep or its search has started.
    pub(crate) fn sweep_count(&self, max_bytes: usize) -> Option<SweepCount> {
        let t = &self.tables;
        if !t.sweep || !self.levels.is_empty() || self.stats.nodes > 0 {
            return None;
        }
        let shape = &t.shape;
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); shape.n_primary];
        for o in 0..shape.n_options as u32 {
            if let (Some(&i), true) = (t.primary_items(o).first(), self.is_live(self.root, o)) {
                lists[i as usize].push(o);
            }
        }
        let mut first = Vec::new();
        let mut first_start = vec![0u32];
        for list in lists {
            first.extend(list);
            first_start.push(first.len() as u32);
        }
        let words = shape.item_words;
        let first_masks: Vec<u64> = first
            .iter()
            .flat_map(|&o| t.item_mask(o))
            .copied()
            .collect();
        let (filters, filter_rows) = filters(&first_start, &first_masks, words);
        let mut covered = vec![0u64; (shape.n_primary + 2) * words];
        covered[..words].copy_from_slice(&self.stack.covered[self.root * words..][..words]);
        let at = if self.is_exhausted() || self.next == Choice::DeadEnd {
            At::Done
        } else {
            At::Enter
        };
        Some(SweepCount {
            tables: Arc::clone(&self.tables),
            words,
            first_start,
            first,
            filters,
            filter_rows,
            first_masks,
            covered,
            frames: Vec::with_capacity(shape.n_primary + 1),
            total: Count::ZERO,
            at,
            nodes: 0,
            memo: Cache::new(words, max_bytes),
            banned: Vec::new(),
            free_removed: Vec::new(),
            clean_from: usize::MAX,
        })
    }
}

impl SweepCount {
    /// Searches for at most `budget` more nodes: [`Step::Exhausted`] once
    /// every solution is counted ([`SweepCount::total`]), else
    /// [`Step::Paused`].
    pub(crate) fn run(&mut self, budget: u64) -> Step {
        match self.words {
            1 => self.run_in::<1>(budget),
            2 => self.run_in::<2>(budget),
            3 => self.run_in::<3>(budget),
            4 => self.run_in::<4>(budget),
            _ => self.run_in::<0>(budget),
        }
    }

    /// [`SweepCount::run`] with sets of `W` words (0: `self.words`, read
    /// at run time): fixed, the copies, tests and compares unroll.
    fn run_in<const W: usize>(&mut self, mut budget: u64) -> Step {
        let words = if W > 0 { W } else { self.words };
        let n_primary = self.tables.shape.n_primary;
        loop {
            match self.at {
                At::Enter => {
                    if budget == 0 {
                        return Step::Paused;
                    }
                    budget -= 1;
                    self.nodes += 1;
                    let d = self.frames.len();
                    if !self.free_removed.is_empty() && self.clean_from >= d {
                        // The node that was clean is no ancestor of this one.
                        self.clean_from = usize::MAX;
                    }
                    let covered = &self.covered[d * words..][..words];
                    let found = match sweep_choice(covered, n_primary) {
                        Choice::Item(i) => {
                            let i = i as usize;
                            let (s, e) = (self.first_start[i], self.first_start[i + 1]);
                            let filter = self.filters[i];
                            let (alive, next) = if filter.start == SCAN {
                                (0, s)
                            } else {
                                let rows = &self.filter_rows[filter.start as usize..]
                                    [..(filter.end - filter.start) as usize];
                                let mut alive = branches::<W>(rows, covered, filter.all);
                                if !self.banned.is_empty() {
                                    alive &= !banned_bits(&self.banned, s, e);
                                }
                                if alive == 0 {
                                    // A dead end: nothing to look up or store.
                                    self.add_to_parent(&Count::ZERO);
                                    continue;
                                }
                                (alive, e)
                            };
                            // A node with one branch counts what its child
                            // counts, and the child is memoized: it is
                            // neither looked up nor stored (each lookup is
                            // a cache miss, the most of a node's time).
                            let several = alive & alive.wrapping_sub(1) != 0;
                            let memoized = (several || alive == 0)
                                && (self.free_removed.is_empty()
                                    || self.clean_from < d
                                    || none_free(&self.free_removed, covered) && {
                                        self.clean_from = d;
                                        true
                                    });
                            match if memoized {
                                self.memo.get::<W>(covered)
                            } else {
                                None
                            } {
                                Some(count) => Count::from(count),
                                None => {
                                    if W > 0 && several {
                                        self.prefetch_children::<W>(d, s, alive);
                                    }
                                    self.frames.push(Frame {
                                        alive,
                                        base: s,
                                        next,
                                        end: e,
                                        count: Count::ZERO,
                                        nodes: self.nodes,
                                        memoized,
                                        branch: s,
                                    });
                                    self.at = At::Advance;
                                    continue;
                                }
                            }
                        }
                        _ => Count::ONE,
                    };
                    self.add_to_parent(&found);
                }
                At::Advance => {
                    let d = self.frames.len() - 1;
                    let frame = &mut self.frames[d];
                    let (parent, child) = self.covered.split_at_mut((d + 1) * words);
                    let parent = &parent[d * words..][..words];
                    let child = &mut child[..words];
                    let mut entered = false;
                    if frame.alive != 0 {
                        let k = (frame.base + frame.alive.trailing_zeros()) as usize;
                        frame.alive &= frame.alive - 1;
                        frame.branch = k as u32;
                        let mask = &self.first_masks[k * words..][..words];
                        for ((c, &p), &m) in child.iter_mut().zip(parent).zip(mask) {
                            *c = p | m;
                        }
                        self.at = At::Enter;
                        continue;
                    }
                    while frame.next < frame.end {
                        let k = frame.next as usize;
                        frame.next += 1;
                        let mask = &self.first_masks[k * words..][..words];
                        if mask.iter().zip(parent).all(|(&m, &c)| m & c == 0)
                            && (self.banned.is_empty()
                                || self.banned.binary_search(&(k as u32)).is_err())
                        {
                            for ((c, &p), &m) in child.iter_mut().zip(parent).zip(mask) {
                                *c = p | m;
                            }
                            frame.branch = k as u32;
                            entered = true;
                            break;
                        }
                    }
                    if entered {
                        self.at = At::Enter;
                        continue;
                    }
                    // Every branch is done: store the node and leave it.
                    let frame = self.frames.pop().expect("a frame on top");
                    let cost = self.nodes - frame.nodes;
                    if let (Some(count), true) = (frame.count.to_u64(), frame.memoized) {
                        self.memo.insert::<W>(parent, count, cost);
                    }
                    self.add_to_parent(&frame.count);
                }
                At::Done => return Step::Exhausted,
            }
        }
    }

    /// Asks the processor for the memo's bucket of each child of the node
    /// at depth `d` (its branches `alive`, from `base` in `first_masks`),
    /// so that their cache misses overlap and leave the search running:
    /// each child looks its bucket up in turn, after its elder siblings'
    /// subtrees, and finds it in the cache. (Reading the buckets instead
    /// overlapped the misses too, but waited for them.)
    #[inline(always)]
    fn prefetch_children<const W: usize>(&self, d: usize, base: u32, mut alive: u64) {
        let covered = &self.covered[d * W..][..W];
        let mut key = [0u64; W];
        while alive != 0 {
            let k = (base + alive.trailing_zeros()) as usize;
            alive &= alive - 1;
            let mask = &self.first_masks[k * W..][..W];
            for ((c, &p), &m) in key.iter_mut().zip(covered).zip(mask) {
                *c = p | m;
            }
            self.memo.prefetch::<W>(&key);
        }
    }

    /// Adds the solutions below the node just done to its parent's (or to
    /// the total at the root), and resumes there.
    fn add_to_parent(&mut self, count: &Count) {
        match self.frames.last_mut() {
            Some(parent) => {
                if !count.is_zero() {
                    parent.count += count;
                }
                self.at = At::Advance;
            }
            None => {
                self.total += count;
                self.at = At::Done;
            }
        }
    }

    /// Is every solution counted?
    pub(crate) fn is_done(&self) -> bool {
        self.at == At::Done
    }

    /// Solutions counted so far (all of them once [`SweepCount::run`]
    /// returned [`Step::Exhausted`]).
    pub(crate) fn total(&self) -> &Count {
        &self.total
    }

    /// The work so far: nodes entered (the sweep makes no counter updates).
    pub(crate) fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: 0,
            solutions: 0,
        }
    }

    /// Knuth's estimate of the fraction of the tree done, from the branch
    /// each of the first `max_levels` levels is on among its item's
    /// options (those that collide included).
    pub(crate) fn fraction_done(&self, max_levels: usize) -> f64 {
        if self.at == At::Done {
            return 1.0;
        }
        let (mut scale, mut done) = (1.0, 0.0);
        for (d, frame) in self.frames.iter().take(max_levels).enumerate() {
            let covered = &self.covered[d * self.words..][..self.words];
            let Choice::Item(i) = sweep_choice(covered, self.tables.shape.n_primary) else {
                break;
            };
            let start = self.first_start[i as usize];
            let all = f64::from((frame.end - start).max(1));
            // The branches passed: those before the lowest one left
            // (filtered), or before the next to test (scanned).
            let passed = if frame.alive != 0 {
                frame.alive.trailing_zeros()
            } else {
                frame.next - start
            };
            let k = f64::from(passed.max(1));
            scale /= all;
            done += (k - 1.0) * scale;
        }
        done
    }

    /// The memo's figures.
    pub(crate) fn memo_stats(&self) -> MemoStats {
        self.memo.stats
    }

    /// Solutions counted so far below the root, those of the nodes still on
    /// the path included: with [`SweepCount::remainder`], exactly the
    /// solutions of the root.
    pub(crate) fn counted(&self) -> Count {
        let mut counted = self.total.clone();
        for frame in &self.frames {
            counted += &frame.count;
        }
        counted
    }

    /// What is left of a count stopped between two nodes (after
    /// [`Step::Paused`]), as disjoint subtrees below its root (the
    /// problem's numbers of options), in tree order: the node about to be
    /// entered, then the branches still to come at each level, deepest
    /// first (the options of the level's item tried so far excluded). Its
    /// solutions and [`SweepCount::counted`]'s are the root's.
    pub(crate) fn remainder(&self) -> Vec<Subtree> {
        if self.at == At::Done {
            return Vec::new();
        }
        debug_assert!(self.at == At::Enter, "paused between two nodes");
        let (t, words) = (&self.tables, self.words);
        let path: Vec<usize> = self
            .frames
            .iter()
            .map(|f| t.option_ext(self.first[f.branch as usize]))
            .collect();
        let mut out = vec![Subtree {
            forced: path.clone(),
            excluded: Vec::new(),
        }];
        for (d, frame) in self.frames.iter().enumerate().rev() {
            let parent = &self.covered[d * words..][..words];
            // A branch of the node: holds no covered item, not excluded.
            let free = |p: u32| {
                let mask = &self.first_masks[p as usize * words..][..words];
                mask.iter().zip(parent).all(|(&m, &c)| m & c == 0)
                    && self.banned.binary_search(&p).is_err()
            };
            if frame.alive == 0 && !(frame.next..frame.end).any(free) {
                continue;
            }
            out.push(Subtree {
                forced: path[..d].to_vec(),
                excluded: (frame.base..=frame.branch)
                    .filter(|&p| free(p))
                    .map(|p| t.option_ext(self.first[p as usize]))
                    .collect(),
            });
        }
        out
    }

    /// Takes the memo, for the count of another subtree of the problem
    /// ([`SweepCount::lend_memo`]); this count goes on with an empty one.
    pub(crate) fn take_memo(&mut self) -> SweepMemo {
        let empty = Cache::new(self.words, 0);
        SweepMemo {
            tables: Arc::clone(&self.tables),
            cache: std::mem::replace(&mut self.memo, empty),
        }
    }

    /// Counts on with `memo` (taken from a count of the same problem in
    /// the same order) instead of its own; false (and `memo` is dropped)
    /// if it was written with other tables.
    pub(crate) fn lend_memo(&mut self, memo: SweepMemo) -> bool {
        if !Arc::ptr_eq(&self.tables, &memo.tables) && !self.tables.same_numbering(&memo.tables) {
            return false;
        }
        self.memo = memo.cache;
        true
    }
}

impl BitsetEngine {
    /// Makes `sweep` (a [`SweepCount`] of this engine's problem and order,
    /// from [`BitsetEngine::sweep_count`] on an unrestricted copy) start
    /// again at this engine's root, a subtree of its own: its covered
    /// items, and the options excluded there taken off their item's
    /// branches (see the module documentation). The memo stays. False (and
    /// `sweep` is left as it was) if `sweep` has other tables or this
    /// search has started.
    pub(crate) fn sweep_restart(&self, sweep: &mut SweepCount) -> bool {
        let t = &self.tables;
        if !Arc::ptr_eq(t, &sweep.tables) || !self.levels.is_empty() || self.stats.nodes > 0 {
            return false;
        }
        let words = sweep.words;
        let root = &self.stack.covered[self.root * words..][..words];
        sweep.covered[..words].copy_from_slice(root);
        sweep.banned.clear();
        sweep.free_removed.clear();
        for &k in &self.removed {
            let o = t.option_int(k);
            let mask = t.item_mask(o);
            // Forced options, and options dead at the root, hold a covered
            // item: no node can take them, whatever its root.
            if mask.iter().zip(root).any(|(&m, &c)| m & c != 0) {
                continue;
            }
            sweep.free_removed.extend_from_slice(mask);
            if let Some(&i) = t.primary_items(o).first() {
                let (s, e) = (
                    sweep.first_start[i as usize],
                    sweep.first_start[i as usize + 1],
                );
                if let Some(p) = (s..e).find(|&p| sweep.first[p as usize] == o) {
                    sweep.banned.push(p);
                }
            }
        }
        sweep.banned.sort_unstable();
        sweep.banned.dedup();
        sweep.frames.clear();
        sweep.total = Count::ZERO;
        sweep.clean_from = usize::MAX;
        sweep.at = if self.is_exhausted() || self.next == Choice::DeadEnd {
            At::Done
        } else {
            At::Enter
        };
        true
    }
}

/// The bits of the places `banned` (ascending) within `s..e`, from `s`:
/// the branches of an item taken off at the root.
#[inline]
fn banned_bits(banned: &[u32], s: u32, e: u32) -> u64 {
    let from = banned.partition_point(|&p| p < s);
    banned[from..]
        .iter()
        .take_while(|&&p| p < e)
        .fold(0, |bits, &p| bits | 1 << (p - s))
}

/// Does every set of items in `removed` (`covered.len()` words each) hold a
/// covered item?
#[inline]
fn none_free(removed: &[u64], covered: &[u64]) -> bool {
    removed
        .chunks_exact(covered.len())
        .all(|mask| mask.iter().zip(covered).any(|(&m, &c)| m & c != 0))
}

/// The filters of every item (see the module documentation): for item
/// `i`, from its options `first_start[i]..first_start[i + 1]` (their item
/// sets in `first_masks`), a row for each nibble of the item set that one
/// of them touches; or [`SCAN`] where it has more than 64 options, more
/// rows than testing its options would cost words, or the rows ran out.
fn filters(
    first_start: &[u32],
    first_masks: &[u64],
    words: usize,
) -> (Vec<Filter>, Vec<FilterRow>) {
    let mut filters = Vec::with_capacity(first_start.len());
    let mut rows: Vec<FilterRow> = Vec::new();
    for span in first_start.windows(2) {
        let (s, e) = (span[0] as usize, span[1] as usize);
        let masks = &first_masks[s * words..e * words];
        // The nibbles the options touch.
        let mut touched = vec![0u64; words];
        for mask in masks.chunks_exact(words) {
            for (t, &m) in touched.iter_mut().zip(mask) {
                *t |= m;
            }
        }
        let nibbles: Vec<(u32, u32)> = (0..words)
            .flat_map(|w| (0..16).map(move |n| (w, n)))
            .filter(|&(w, n)| touched[w] >> (4 * n) & 15 != 0)
            .map(|(w, n)| (w as u32, 4 * n as u32))
            .collect();
        let options = e - s;
        if options > 64
            || nibbles.len() > options * words + 4
            || rows.len() + nibbles.len() > MAX_FILTER_ROWS
        {
            filters.push(Filter {
                start: SCAN,
                end: SCAN,
                all: 0,
            });
            continue;
        }
        let start = rows.len() as u32;
        for (word, shift) in nibbles {
            let mut row = FilterRow {
                word,
                shift,
                masks: [0; 16],
            };
            for (v, bits) in row.masks.iter_mut().enumerate() {
                for (k, mask) in masks.chunks_exact(words).enumerate() {
                    if mask[word as usize] >> shift & v as u64 == 0 {
                        *bits |= 1 << k;
                    }
                }
            }
            rows.push(row);
        }
        filters.push(Filter {
            start,
            end: rows.len() as u32,
            all: if options == 0 {
                0
            } else {
                u64::MAX >> (64 - options)
            },
        });
    }
    (filters, rows)
}

/// The branches of a node, from its item's filter `rows` and `all` (a bit
/// for each of its options) and its covered set: bit `k` for each of the
/// options that holds no covered item.
#[inline(always)]
fn branches<const W: usize>(rows: &[FilterRow], covered: &[u64], all: u64) -> u64 {
    let covered = if W > 0 { &covered[..W] } else { covered };
    let mut alive = all;
    for row in rows {
        let v = covered[row.word as usize] >> row.shift & 15;
        alive &= row.masks[v as usize];
    }
    alive
}

/// The sweep's memo (see the module documentation): entry `e` is
/// `slots[base + e * (words + 2)..][..words + 2]`, its key (the covered
/// set), its count, and one more than the nodes its subtree took (0: an
/// empty slot); entries `2b` and `2b + 1` are bucket `b`, side by side in
/// memory.
#[derive(Debug, Clone)]
struct Cache {
    words: usize,
    slots: Vec<u64>,
    /// Where the entries start in `slots`: on a cache line, so that a
    /// bucket of two-word keys (65 to 128 items) is one line to fetch (a lookup
    /// misses the cache, the most of a node's time). A clone keeps the
    /// offset (its entries where they were, maybe off the lines).
    base: usize,
    /// Entries the table has room for.
    capacity: usize,
    max_bytes: usize,
    /// Entries replaced since the table last doubled.
    crowded: u64,
    stats: MemoStats,
}

impl Cache {
    fn new(words: usize, max_bytes: usize) -> Cache {
        let entry = (words + 2) * 8;
        let buckets = FIRST_BUCKETS.min((max_bytes / entry / 2).max(1));
        let mut cache = Cache {
            words,
            slots: Vec::new(),
            base: 0,
            capacity: 0,
            max_bytes,
            crowded: 0,
            stats: MemoStats {
                active: true,
                ..MemoStats::default()
            },
        };
        cache.allocate(2 * buckets.next_power_of_two());
        cache
    }

    fn allocate(&mut self, entries: usize) {
        // Eight words more, to start the buckets on a cache line.
        self.slots = vec![0; entries * (self.words + 2) + 8];
        huge_pages::advise(&self.slots);
        self.base = (self.slots.as_ptr() as usize).wrapping_neg() % 64 / 8;
        self.capacity = entries;
        let bytes = (self.slots.len() * 8) as u64;
        self.stats.bytes = bytes;
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes);
    }

    #[inline(always)]
    fn bucket<const W: usize>(&self, key: &[u64]) -> usize {
        let key = if W > 0 { &key[..W] } else { key };
        let mut h = 0u64;
        for &w in key {
            h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        // The product's high bits depend on all of the key's; fold them
        // down (the low bits of a sweep's keys hardly vary).
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        (h as usize) & (self.capacity / 2 - 1)
    }

    #[inline(always)]
    fn get<const W: usize>(&mut self, key: &[u64]) -> Option<u64> {
        self.stats.lookups += 1;
        let words = if W > 0 { W } else { self.words };
        let b = self.bucket::<W>(key);
        let bucket = &self.slots[self.base + 2 * b * (words + 2)..][..2 * (words + 2)];
        for entry in bucket.chunks_exact(words + 2) {
            if entry[words + 1] != 0 && entry[..words] == key[..words] {
                self.stats.hits += 1;
                return Some(entry[words]);
            }
        }
        None
    }

    /// Asks the processor for `key`'s bucket (see
    /// [`SweepCount::prefetch_children`]); `W` words a key, at least one.
    #[inline(always)]
    fn prefetch<const W: usize>(&self, key: &[u64]) {
        let b = self.bucket::<W>(key);
        // Measured to pay: pentominoes 6x10 swept, 0.81-0.97 s of CPU time
        // without, 0.57-0.60 s with (2-core VM, loaded).
        prefetch::read(&self.slots[self.base + 2 * b * (W + 2)]);
    }

    fn insert<const W: usize>(&mut self, key: &[u64], count: u64, cost: u64) {
        // Entries, and those lost to full buckets since the last doubling:
        // with two slots a bucket, buckets fill before the table does.
        if (self.stats.entries + self.crowded) * 2 >= self.capacity as u64
            && 2 * self.slots.len() * 8 <= self.max_bytes
        {
            self.grow();
        }
        self.place::<W>(key, count, replace::stored_cost(cost));
    }

    /// Puts an entry in its bucket: an empty slot, or the one whose
    /// subtree took fewer nodes ([`replace::place_for`], the rule of both
    /// memo tables). `stored_cost` is one more than the nodes.
    fn place<const W: usize>(&mut self, key: &[u64], count: u64, stored_cost: u64) {
        let words = if W > 0 { W } else { self.words };
        let b = self.bucket::<W>(key);
        let a = self.base + 2 * b * (words + 2);
        let z = a + words + 2;
        let costs = [self.slots[a + words + 1], self.slots[z + words + 1]];
        let (k, replaces) = replace::place_for(costs).expect("a bucket has two places");
        if replaces {
            self.stats.evictions += 1;
            self.stats.evicted += 1;
            self.stats.entries -= 1;
            self.crowded += 1;
        }
        let e = [a, z][k];
        let entry = &mut self.slots[e..][..words + 2];
        entry[..words].copy_from_slice(&key[..words]);
        entry[words] = count;
        entry[words + 1] = stored_cost;
        self.stats.entries += 1;
    }

    /// Doubles the table, placing the entries again.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let old_entries = &old[self.base..][..self.capacity * (self.words + 2)];
        self.allocate(2 * self.capacity);
        self.stats.entries = 0;
        let (evictions, evicted) = (self.stats.evictions, self.stats.evicted);
        let words = self.words;
        for entry in old_entries
            .chunks_exact(words + 2)
            .filter(|e| e[words + 1] != 0)
        {
            self.place::<0>(&entry[..words], entry[words], entry[words + 1]);
        }
        // Moving entries is no eviction, even where two now share a bucket.
        self.stats.evictions = evictions;
        self.stats.evicted = evicted;
        self.crowded = 0;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{branches, filters, SCAN};

    proptest! {
        /// A filter finds exactly the options that hold no covered item,
        /// for items of 0 to 80 options (those past 64 scan) over sets of
        /// one to three words, sparse or dense.
        #[test]
        fn filters_find_the_options_free_of_covered_items(
            words in 1usize..4,
            lens in prop::collection::vec(0usize..80, 1..5),
            seeds in prop::collection::vec(any::<u64>(), 300 * 3),
            density in 1u32..4,
            covers in prop::collection::vec(any::<u64>(), 3 * 8),
        ) {
            let mut first_start = vec![0u32];
            for &len in &lens {
                first_start.push(first_start.last().unwrap() + len as u32);
            }
            let total = *first_start.last().unwrap() as usize;
            // Sparse masks: the AND of `density` random words.
            let first_masks: Vec<u64> = (0..total * words)
                .map(|k| (0..density as usize).fold(u64::MAX, |m, j| {
                    m & seeds[(k * 3 + j) % seeds.len()].rotate_left(k as u32 + 7 * j as u32)
                }))
                .collect();
            let (item_filters, rows) = filters(&first_start, &first_masks, words);
            prop_assert_eq!(item_filters.len(), lens.len());
            for (i, filter) in item_filters.iter().enumerate() {
                let (s, e) = (first_start[i] as usize, first_start[i + 1] as usize);
                if filter.start == SCAN {
                    continue;
                }
                prop_assert!(e - s <= 64);
                let rows = &rows[filter.start as usize..filter.end as usize];
                for covered in covers.chunks_exact(words).take(8) {
                    let expected = (s..e)
                        .filter(|&k| {
                            let mask = &first_masks[k * words..][..words];
                            mask.iter().zip(covered).all(|(&m, &c)| m & c == 0)
                        })
                        .fold(0u64, |bits, k| bits | 1 << (k - s));
                    prop_assert_eq!(branches::<0>(rows, covered, filter.all), expected);
                }
            }
            for (filter, &len) in item_filters.iter().zip(&lens) {
                if len > 64 {
                    prop_assert_eq!(filter.start, SCAN);
                }
            }
        }
    }
}
