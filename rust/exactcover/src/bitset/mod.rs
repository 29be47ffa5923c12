//! The bitset engine: Algorithm X (TAOCP 7.2.2.1) on sets of options kept as
//! bit vectors, for problems with ordinary primary and secondary items (no
//! multiplicities, no colors: see [`fits`]). It searches the same tree as
//! dancing links, in the same order, and is several times faster on the
//! problems it takes, because nothing is ever undone.
//!
//! # The state of a node
//!
//! A node of the search tree is three small arrays, a *state*:
//!
//! * the **live options**, one bit per option: those that share no item with
//!   an option chosen on the path (nor with one forced at the root), and
//!   were not excluded at the root;
//! * the **covered items**, one bit per item: the items of the chosen
//!   options (for the memo's key and the invariant checker; the search
//!   itself does not read them);
//! * one **counter** per primary item: how many live options contain it,
//!   or `SENTINEL` once it is covered (Knuth's `LEN`).
//!
//! Choosing option `o` makes the child's state from the parent's: the live
//! options lose `o`'s precomputed *conflict row* (the options sharing an
//! item with `o`, one AND per word), and each option so killed takes one
//! from the counters of its primary items. The child is written into the
//! next slot of a stack of states, one per level, so backtracking is free:
//! the parent's state is still there. This is the prototype of issue 23 with
//! its measured choices; see `Stack::apply` and `kill` for the loop.
//!
//! # The tree, and its nodes
//!
//! The item branched on is the uncovered primary item with the fewest live
//! options, the lowest-numbered on ties (Knuth's MRV, as `ssxcc` and our
//! dancing links choose), and its options are tried in the problem's order:
//! the tree and the order of the solutions are those of dancing links. The
//! nodes counted differ: a child in which some uncovered primary item has no
//! live option left is found dead while its state is made (the loop stops
//! at the first counter that reaches 0, as `ssxcc` aborts) and is *not* a
//! node; dancing links enters it and counts it. [`Stats::nodes`] is then
//! close to `ssxcc`'s count of nodes, and each solution is a node, as in
//! Knuth's programs. [`Stats::updates`] counts counter decrements (an option
//! killed, once per primary item of it), the analogue of the link updates
//! of dancing links.
//!
//! # The search loop
//!
//! [`BitsetEngine::count_step`] runs Knuth's loop as a state machine, with
//! an explicit stack of levels (the item chosen and the option tried for
//! it), so that it stops after any number
//! of nodes and resumes where it stopped. `Forward` enters the node whose
//! state is on top of the stack (X2, X3: a solution or a new level; its
//! item was chosen when its state was made); `Advance` makes the state of
//! the top level's next live branch that is not dead (X4, X5), or pops the
//! level when it has none (X7); `Backup` moves past the branch whose subtree
//! is done (X6, X8). Between two slices the engine is in `Forward` (a node
//! about to be entered), `Backup` (after a solution) or `Done`. Where no
//! hook listens, `Advance` enters a child that branches itself, and on
//! backtracking moves to the parent's next branch, without a pass through
//! `Forward` or `Backup`: the same nodes, counted the same, with fewer
//! stores and dispatches (callgrind, Langford 11: -2.7% instructions).
//!
//! # Width
//!
//! Any number of items and options within [`MAX_TABLE_BYTES`]: sets are
//! slices of 64-bit words whose length is fixed for one problem
//! (`options.div_ceil(64)` and `items.div_ceil(64)`), so one compiled loop
//! serves every width. The counters have one fast path, chosen when the
//! engine is built: with at most 256 primary items they are an array of
//! 256 lanes indexed by a `u8`, which frees every decrement of its bounds
//! check (`SMALL_ITEMS`). Problems whose options take 2 to 4 words, with
//! two or three primary items each and at most 64 lanes of counters
//! (queens, Langford pairs), get a loop with those lengths fixed at
//! compile time, unrolled (`W` in `BitsetEngine::run`). Bit-sliced counters
//! (five planes of 64 items, a borrow rippling through them for each
//! option killed) were tried there and cost 20% more instructions: the
//! ripple costs what the decrements it replaces cost, and the minimum
//! found plane by plane saved less than that.
//!
//! # As an engine
//!
//! It implements the `Engine` trait of `crate::engine` (each method
//! forwards to the inherent one of the same name); the solver constructs it
//! where `EngineChoice` asks for it or where the automatic choice finds it
//! pays ([`crate::EngineChoice`]). Only [`BitsetEngine::new`] can fail (the
//! problem must [`fits`]). The memo plugs in through `Hooks` and the keys
//! of [`BitsetEngine::write_key`], laid out for the root's restrictions
//! (tracked by [`BitsetEngine::force`] and [`BitsetEngine::exclude`]) when
//! the memo asks for the key format.

use std::sync::Arc;

use crate::engine::{Engine, Hooks, NoHooks, Stats, Step, Subtree};
use crate::memo::Memo;
use crate::problem::Problem;
use crate::rng::SplitMix64;

mod check;
mod key;
mod probe;
mod remainder;
mod sweep;
mod tables;
#[cfg(test)]
mod tests;

pub use key::KeyLayout;
pub(crate) use sweep::{SweepCount, SweepMemo};
use tables::Tables;
pub use tables::{fits, WhyNot, MAX_OPTIONS, MAX_TABLE_BYTES};
pub(crate) use tables::{COUNT_LANES, FEW_OPTIONS, SENTINEL};

/// The outcome of choosing an item at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// No primary item is left: the node is a solution.
    Solved,
    /// Some uncovered primary item has no live option (only the root is
    /// entered in that case; other dead nodes are never made nodes).
    DeadEnd,
    /// The item to branch on (internal number).
    Item(u32),
}

/// One level of the search stack: a node that branches.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The primary item branched on (internal number).
    item: u32,
    /// The branch being tried (internal number of its option): one of
    /// `item`'s options, live at the level's state, whose child is not
    /// dead. In `Advance`, the option from which to look for the next one.
    branch: u32,
}

/// Where the state machine resumes (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// X2 [Enter level l]: the node whose state is on top of the stack is
    /// about to be entered; its item is chosen already ([`BitsetEngine::next`]).
    Forward,
    /// X5 [Try x_l]: make the state of the top level's first branch from
    /// `branch` on that is live and not dead, or X7 [Backtrack] if none is
    /// left.
    Advance,
    /// X6 [Try again] / X8 [Leave level l]: the child of the top level's
    /// branch is done; move to the next branch (or end at the root).
    Backup,
    /// Every solution has been visited.
    Done,
}

/// The stack of states, one slot per depth (see the module documentation).
/// Slot `s` holds its live options at `live[s * option_words..]`, its
/// covered items at `covered[s * item_words..]` and its counters at
/// `counts[s * count_stride..][..count_lanes]` (see `Shape`).
#[derive(Debug, Clone)]
struct Stack {
    /// Live options: a bit per option; a live option has no covered item.
    live: Vec<u64>,
    /// Covered items: a bit per item, the items of the options chosen on
    /// the path and forced at the root.
    covered: Vec<u64>,
    /// For each primary item, the number of live options that contain it,
    /// or [`SENTINEL`] if it is covered; the padding after the last primary
    /// item is [`SENTINEL`] too.
    counts: Vec<u16>,
}

/// The bitset engine (see the module documentation). A search of one
/// problem, resumable; [`BitsetEngine::check_invariants`] checks what the
/// fields promise.
#[derive(Debug, Clone)]
pub struct BitsetEngine {
    /// The precomputed tables, shared by the clones of this engine.
    tables: Arc<Tables>,
    /// The states of the root and of the nodes on the current path.
    stack: Stack,
    /// The slot of the root's state: 0, or more once [`BitsetEngine::donate`]
    /// made levels part of the root. The state of the node at depth `d` is
    /// in slot `root + d`.
    root: usize,
    /// The search stack: one level per node on the path that branches.
    levels: Vec<Level>,
    /// The choice at the node in slot `root + levels.len()`, made with its
    /// state: meaningful in [`State::Forward`].
    next: Choice,
    /// Where the search resumes.
    state: State,
    /// Nodes entered, counter updates and solutions found.
    stats: Stats,
    /// Options forced or excluded at the root (the problem's numbers), in
    /// the order given: what the memo's keys must name
    /// ([`Engine::prepare_keys`]).
    removed: Vec<usize>,
    /// The layout of the memo's keys, fixed by [`Engine::prepare_keys`].
    keys: KeyLayout,
}

impl BitsetEngine {
    /// Prepares a search of `problem`, branching in the problem's own order
    /// (items and options in the order they were added), or with the primary
    /// items and the options shuffled from `seed`. Fails if the problem does
    /// not [`fits`].
    pub fn new(problem: &Problem, seed: Option<u64>) -> Result<BitsetEngine, WhyNot> {
        BitsetEngine::with_order(problem, seed, None)
    }

    /// Like [`BitsetEngine::new`], and with `order` (the problem's item
    /// numbers, each in range; repeats and secondary items are passed
    /// over) a *static sweep*: each node branches on its first uncovered
    /// primary item in `order` (the primary items it leaves out come after,
    /// in the problem's order), rather than on the one with the fewest
    /// options. Its live options are then exactly the options whose first
    /// item in that order it is: any other option of it holds an earlier
    /// item, covered. The sweep visits more nodes than MRV, but on
    /// packings along a board's short side its sub-problems (the covered
    /// items) repeat, so with the memo it counts far faster (see the
    /// module documentation).
    ///
    /// # Panics
    ///
    /// If an item of `order` is out of range ([`crate::Solver::set_order`]
    /// checks).
    pub fn with_order(
        problem: &Problem,
        seed: Option<u64>,
        order: Option<&[usize]>,
    ) -> Result<BitsetEngine, WhyNot> {
        let shape = tables::check(problem)?;
        let tables = Tables::new(problem, shape, seed, order);
        let slots = shape.slots();
        let mut stack = Stack {
            live: vec![0; slots * shape.option_words],
            covered: vec![0; slots * shape.item_words],
            counts: vec![SENTINEL; slots * shape.count_stride],
        };
        // The root: every option live but those of a secondary item of
        // bound 0, and each primary item's count of them.
        let live = &mut stack.live[..shape.option_words];
        for o in 0..shape.n_options {
            live[o / 64] |= 1 << (o % 64);
        }
        for &o in &tables.forbidden {
            live[o as usize / 64] &= !(1 << (o % 64));
        }
        let counts = &mut stack.counts[..shape.count_lanes];
        counts[..shape.n_primary].fill(0);
        for i in 0..shape.n_primary as u32 {
            counts[i as usize] = tables
                .item_options(i)
                .iter()
                .filter(|&&o| live[o as usize / 64] >> (o % 64) & 1 == 1)
                .count() as u16;
        }
        let next = choose(counts, tables.sweep);
        Ok(BitsetEngine {
            tables: Arc::new(tables),
            stack,
            root: 0,
            levels: Vec::with_capacity(shape.n_primary + 1),
            next,
            state: State::Forward,
            stats: Stats::default(),
            removed: Vec::new(),
            keys: KeyLayout::default(),
        })
    }

    /// A new search of the same problem, at its root without this one's
    /// restrictions, branching by a sweep in `order`, or by MRV with
    /// `None` (see [`BitsetEngine::with_order`]); same seed.
    pub fn reordered(&self, order: Option<&[usize]>) -> BitsetEngine {
        let t = &*self.tables;
        BitsetEngine::with_order(&t.problem, t.seed, order).expect("the problem fits")
    }

    /// Does the search branch by a static sweep (see
    /// [`BitsetEngine::with_order`]) rather than by MRV?
    pub fn is_sweep(&self) -> bool {
        self.tables.sweep
    }

    /// Number of options of the problem.
    pub fn num_options(&self) -> usize {
        self.tables.shape.n_options
    }

    /// Before the search: may `option` still be part of a solution? It may
    /// while it is live at the root: it shares no item with a forced option
    /// and was not excluded.
    pub fn is_available(&self, option: usize) -> bool {
        self.is_live(self.root, self.tables.option_int(option))
    }

    /// Before the search: makes the available `option` part of every
    /// solution below the root (an "initial choice").
    pub fn force(&mut self, option: usize) {
        debug_assert!(self.stats.nodes == 0 && self.is_available(option));
        self.removed.push(option);
        let o = self.tables.option_int(option);
        let t = &*self.tables;
        let s = self.root;
        let (words, item_words, lanes) = (
            t.shape.option_words,
            t.shape.item_words,
            t.shape.count_stride,
        );
        // The child's state, complete (no stop at a dead item), becomes the
        // root's.
        self.next = self
            .stack
            .apply::<false, false, 0, 0, 0>(t, s, o, &mut self.stats.updates);
        let stack = &mut self.stack;
        stack
            .live
            .copy_within((s + 1) * words..(s + 2) * words, s * words);
        stack
            .covered
            .copy_within((s + 1) * item_words..(s + 2) * item_words, s * item_words);
        stack
            .counts
            .copy_within((s + 1) * lanes..(s + 2) * lanes, s * lanes);
    }

    /// Before the search: makes the available `option` part of no solution
    /// below the root.
    pub fn exclude(&mut self, option: usize) {
        debug_assert!(self.stats.nodes == 0 && self.is_available(option));
        self.removed.push(option);
        let o = self.tables.option_int(option);
        let t = &*self.tables;
        let s = self.root;
        let words = t.shape.option_words;
        self.stack.live[s * words + o as usize / 64] &= !(1 << (o % 64));
        let (stride, lanes) = (t.shape.count_stride, t.shape.count_lanes);
        let counts = &mut self.stack.counts[s * stride..][..lanes];
        for &j in t.primary_items(o) {
            counts[j as usize] -= 1;
        }
        self.next = choose(counts, t.sweep);
    }

    /// Counts solutions without stopping at each: runs until `limit` more
    /// solutions have been found ([`Step::Solution`]), the search is over
    /// ([`Step::Exhausted`]) or `budget` nodes have been visited
    /// ([`Step::Paused`]). Returns the number of solutions found by this call.
    pub fn count_step(&mut self, budget: u64, limit: u64) -> (u64, Step) {
        self.count_step_with(budget, limit, &mut NoHooks)
    }

    /// Like [`BitsetEngine::count_step`], telling `hooks` what the search
    /// does (see [`Hooks`]).
    pub(crate) fn count_step_with<H: Hooks<Self>>(
        &mut self,
        budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step) {
        let t = &self.tables;
        let words = if t.shape.count_lanes <= FIXED_LANES {
            t.shape.option_words
        } else {
            0
        };
        match (t.shape.small(), t.uniform, words) {
            (true, 2, 2) => self.run_fixed::<H, 2, 2>(budget, limit, hooks),
            (true, 2, 3) => self.run_fixed::<H, 2, 3>(budget, limit, hooks),
            (true, 2, 4) => self.run_fixed::<H, 2, 4>(budget, limit, hooks),
            (true, 3, 2) => self.run_fixed::<H, 3, 2>(budget, limit, hooks),
            (true, 3, 3) => self.run_fixed::<H, 3, 3>(budget, limit, hooks),
            (true, 3, 4) => self.run_fixed::<H, 3, 4>(budget, limit, hooks),
            (true, 2, _) => self.run::<H, true, 2, 0, 0>(budget, limit, hooks),
            (true, 3, _) => self.run::<H, true, 3, 0, 0>(budget, limit, hooks),
            (true, 4, _) => self.run::<H, true, 4, 0, 0>(budget, limit, hooks),
            (true, 5, _) => self.run::<H, true, 5, 0, 0>(budget, limit, hooks),
            (true, 6, _) => self.run::<H, true, 6, 0, 0>(budget, limit, hooks),
            (true, _, _) => self.run::<H, true, 0, 0, 0>(budget, limit, hooks),
            (false, _, _) => self.run::<H, false, 0, 0, 0>(budget, limit, hooks),
        }
    }

    /// The unrolled loop (`W` in [`BitsetEngine::run`]) with as many
    /// counters as the problem needs, in groups of 16 (`L`): a state's
    /// counters are copied and scanned with the fewest vector moves.
    fn run_fixed<H: Hooks<Self>, const P: usize, const W: usize>(
        &mut self,
        budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step) {
        match self.tables.shape.count_lanes {
            ..=32 => self.run::<H, true, P, W, 32>(budget, limit, hooks),
            _ => self.run::<H, true, P, W, 64>(budget, limit, hooks),
        }
    }

    /// Appends to `out` the options chosen along the current path (at a
    /// solution: its options, the forced ones left out), shallowest first.
    pub fn choices_into(&self, out: &mut Vec<usize>) {
        out.extend((0..self.levels.len()).map(|l| self.tables.option_ext(self.branch(l))));
    }

    /// Work done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Is the search over?
    pub fn is_exhausted(&self) -> bool {
        self.state == State::Done
    }

    /// Ends the search: its solutions were counted elsewhere, or the root is
    /// contradictory.
    pub fn end(&mut self) {
        self.state = State::Done;
    }

    /// Depth of the search stack.
    pub fn depth(&self) -> usize {
        self.levels.len()
    }

    /// The branch of the top level being explored (the problem's number of
    /// its option), or `None` at the root.
    pub fn current_branch(&self) -> Option<usize> {
        let l = self.levels.len().checked_sub(1)?;
        Some(self.tables.option_ext(self.branch(l)))
    }

    /// The problem's size as (items, options).
    pub fn shape(&self) -> (usize, usize) {
        (self.tables.shape.n_items, self.tables.shape.n_options)
    }

    /// The option (internal number) that level `l` is trying.
    fn branch(&self, l: usize) -> u32 {
        self.levels[l].branch
    }

    /// Is option `o` (internal number) live in slot `s`?
    #[inline(always)]
    fn is_live(&self, s: usize, o: u32) -> bool {
        let words = self.tables.shape.option_words;
        self.stack.live[s * words + o as usize / 64] >> (o % 64) & 1 == 1
    }

    /// The counters of slot `s`.
    fn counts(&self, s: usize) -> &[u16] {
        let shape = &self.tables.shape;
        &self.stack.counts[s * shape.count_stride..][..shape.count_lanes]
    }

    /// The search loop (see the module documentation); `SMALL`: the
    /// counters' fast path ([`SMALL_ITEMS`]); `P`, if not 0: every option
    /// has `P` primary items (`Tables::uniform`); `W`, if not 0: a set of
    /// options takes `W` words and a state's counters fit [`FIXED_LANES`],
    /// so the loops over both are unrolled (callgrind, queens 12 and
    /// Langford 11: -17% and -20%
    /// instructions, with `choose_fixed` and `Tables::uniform_items` as
    /// eight bytes); `L`, with `W`: the first `L` counters (32 or 64)
    /// hold every primary item, and only those are copied and scanned
    /// (queens 12: -3%; 48 for Langford pairs vectorized worse than 64).
    fn run<H: Hooks<Self>, const SMALL: bool, const P: usize, const W: usize, const L: usize>(
        &mut self,
        mut budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step) {
        let mut found = 0u64;
        loop {
            match self.state {
                State::Forward => {
                    // X2 [Enter level l].
                    if budget == 0 {
                        return (found, Step::Paused);
                    }
                    budget -= 1;
                    self.stats.nodes += 1;
                    // X3 [Choose i]: chosen when the state was made.
                    let choice = self.next;
                    if H::ACTIVE && matches!(choice, Choice::Item(_)) && hooks.enter(self) {
                        // The subtree is known: skip it.
                        self.state = State::Backup;
                        continue;
                    }
                    match choice {
                        Choice::Solved => {
                            if H::ACTIVE {
                                hooks.solved(self);
                            }
                            self.stats.solutions += 1;
                            found += 1;
                            self.state = State::Backup;
                            if found >= limit {
                                return (found, Step::Solution);
                            }
                        }
                        Choice::DeadEnd => {
                            // Only the root is entered dead.
                            if H::ACTIVE {
                                hooks.dead_end(self);
                            }
                            self.state = State::Backup;
                        }
                        Choice::Item(item) => {
                            // X4 [Cover i]: nothing to do but remember i;
                            // each branch's state covers it.
                            self.levels.push(Level { item, branch: 0 });
                            self.state = State::Advance;
                            if H::ACTIVE {
                                hooks.branch(self);
                            }
                        }
                    }
                }
                State::Advance => {
                    // X5 [Try x_l]: the first option of the item from
                    // `branch` on that is live and whose child is not dead,
                    // found a word at a time in the live set AND the item's
                    // row.
                    let l = self.levels.len() - 1;
                    let Level { item, branch: from } = self.levels[l];
                    let s = self.root + l;
                    let t = &*self.tables;
                    let words = t.shape.option_words;
                    let row = t.item_row(item);
                    let live = s * words;
                    let mut w = from as usize / 64;
                    let mut mask = u64::MAX << (from % 64);
                    let mut next = None;
                    'scan: while w < if W > 0 { W } else { words } {
                        let mut bits = self.stack.live[live + w] & row[w] & mask;
                        mask = u64::MAX;
                        while bits != 0 {
                            let o = (w * 64) as u32 + bits.trailing_zeros();
                            bits &= bits - 1;
                            let choice = self.stack.apply::<true, SMALL, P, W, L>(
                                t,
                                s,
                                o,
                                &mut self.stats.updates,
                            );
                            if choice != Choice::DeadEnd {
                                next = Some((o, choice));
                                break 'scan;
                            }
                        }
                        w += 1;
                    }
                    match next {
                        Some((o, choice)) => {
                            self.levels[l].branch = o;
                            if let (false, Choice::Item(item), 1..) = (H::ACTIVE, choice, budget) {
                                // X2, X3, X4 for the child at once where no
                                // hook is told of it: enter it and branch
                                // (the state stays Advance; as Forward
                                // would, with fewer stores and no dispatch).
                                budget -= 1;
                                self.stats.nodes += 1;
                                self.levels.push(Level { item, branch: 0 });
                                continue;
                            }
                            self.next = choice;
                            self.state = State::Forward;
                        }
                        None => {
                            // X7 [Backtrack]: nothing to uncover.
                            self.levels.pop();
                            if H::ACTIVE {
                                hooks.leave(self);
                            }
                            // X8, X6 at once, as Backup would (the state
                            // stays Advance).
                            match self.levels.last_mut() {
                                Some(level) => level.branch += 1,
                                None => {
                                    self.state = State::Done;
                                    debug_assert_eq!(self.check_invariants(), Ok(()));
                                    return (found, Step::Exhausted);
                                }
                            }
                        }
                    }
                }
                State::Backup => {
                    // X8 [Leave level l], X6 [Try again].
                    match self.levels.last_mut() {
                        Some(level) => {
                            level.branch += 1;
                            self.state = State::Advance;
                        }
                        None => {
                            self.state = State::Done;
                            debug_assert_eq!(self.check_invariants(), Ok(()));
                            return (found, Step::Exhausted);
                        }
                    }
                }
                State::Done => return (found, Step::Exhausted),
            }
        }
    }
}

impl Stack {
    /// Makes the state of slot `s + 1`, the child of slot `s`'s node that
    /// takes the live option `o`, and chooses its item. Adds the counter
    /// updates to `updates`. `SMALL`: the problem has at most
    /// [`SMALL_ITEMS`] primary items (see [`Counters`]).
    ///
    /// With `ABORT`, stops at the first counter that reaches 0 and returns
    /// [`Choice::DeadEnd`], leaving slot `s + 1` half made: the child is
    /// dead whatever the rest of the conflict row holds (killing options
    /// only lowers counters). To tell those counters from the ones of `o`'s
    /// own items, which reach 0 too, `o`'s items are set to [`SENTINEL`]
    /// first (they then count down from it, and are set again at the end).
    #[inline(always)]
    fn apply<
        const ABORT: bool,
        const SMALL: bool,
        const P: usize,
        const W: usize,
        const L: usize,
    >(
        &mut self,
        t: &Tables,
        s: usize,
        o: u32,
        updates: &mut u64,
    ) -> Choice {
        if ABORT && t.sweep {
            return self.apply_sweep(t, s, o);
        }
        let shape = &t.shape;
        let (words, item_words) = (shape.option_words, shape.item_words);
        let (stride, lanes) = (shape.count_stride, shape.count_lanes);

        if W > 0 && item_words == 1 {
            // One word (Langford pairs: up to 64 items): the loop below
            // costs ~30 instructions for it, vectorized for long sets.
            let mask = t.item_mask(o)[0];
            self.covered[s + 1] = self.covered[s] | mask;
        } else {
            let (parent, child) = self.covered.split_at_mut((s + 1) * item_words);
            let (parent, child) = (&parent[s * item_words..], &mut child[..item_words]);
            for ((c, &p), &m) in child.iter_mut().zip(parent).zip(t.item_mask(o)) {
                *c = p | m;
            }
        }

        let (parent, child) = self.counts.split_at_mut((s + 1) * stride);
        let counts = &mut child[..stride];
        if W > 0 {
            // FIXED_LANES counters (those past `lanes` are SENTINEL in
            // every state): a few vector moves, and `choose_fixed`.
            let parent: &[u16; L] = parent[s * stride..][..L].try_into().expect("L counters");
            counts[..L].copy_from_slice(parent);
        } else {
            counts[..lanes].copy_from_slice(&parent[s * stride..][..lanes]);
        }
        let (parent, child) = self.live.split_at_mut((s + 1) * words);
        let (parent, child) = (&parent[s * words..], &mut child[..words]);
        let dead = if SMALL {
            let counts: &mut [u16; SMALL_ITEMS] = counts.try_into().expect("stride SMALL_ITEMS");
            if P > 0 {
                kill_uniform::<ABORT, P, W>(counts, t, parent, child, o, updates)
            } else {
                kill::<ABORT, _>(counts, t, parent, child, o, updates)
            }
        } else {
            kill::<ABORT, _>(counts, t, parent, child, o, updates)
        };
        if ABORT && dead {
            Choice::DeadEnd
        } else if W > 0 {
            choose_fixed::<L>(
                counts[..FIXED_LANES]
                    .try_into()
                    .expect("FIXED_LANES counters"),
                t.sweep,
            )
        } else {
            choose(&counts[..lanes], t.sweep)
        }
    }
}

impl Stack {
    /// [`Stack::apply`] for a sweep ([`BitsetEngine::with_order`]): the
    /// child's covered items and live options, and its item, the first
    /// uncovered primary one (primary items are numbered in the sweep
    /// order). No counters: a sweep needs no count of options to choose,
    /// and a child with an item left without options is found when the
    /// sweep reaches that item (no branch), rather than while the state is
    /// made. A node then costs two ORs and one AND per word, and the memo,
    /// whose hits make up for the dead ends found late, does the rest.
    /// The counters of a sweep's slots other than the first are not kept.
    #[inline(always)]
    fn apply_sweep(&mut self, t: &Tables, s: usize, o: u32) -> Choice {
        let shape = &t.shape;
        let (words, item_words) = (shape.option_words, shape.item_words);
        let (parent, child) = self.covered.split_at_mut((s + 1) * item_words);
        let (parent, child) = (&parent[s * item_words..], &mut child[..item_words]);
        for ((c, &p), &m) in child.iter_mut().zip(parent).zip(t.item_mask(o)) {
            *c = p | m;
        }
        let choice = sweep_choice(child, shape.n_primary);
        let (parent, child) = self.live.split_at_mut((s + 1) * words);
        let (parent, child) = (&parent[s * words..], &mut child[..words]);
        for ((c, &p), &k) in child.iter_mut().zip(parent).zip(t.conflicts(o)) {
            *c = p & !k;
        }
        choice
    }
}

/// The choice of a sweep at a state whose covered items are `covered`:
/// the first uncovered primary item (`n_primary` of them, numbered first),
/// or a solution if none is left.
#[inline(always)]
fn sweep_choice(covered: &[u64], n_primary: usize) -> Choice {
    for (w, &word) in covered.iter().enumerate() {
        let free = !word;
        if free != 0 {
            let i = w * 64 + free.trailing_zeros() as usize;
            return if i < n_primary {
                Choice::Item(i as u32)
            } else {
                Choice::Solved
            };
        }
    }
    Choice::Solved
}

/// Most primary items for the counters' fast path: with at most this many,
/// a state's counters are an array of this length, indexed by an item
/// number cast to `u8`, so the compiler drops the bounds check of every
/// decrement (callgrind, pentominoes 8x8: 11% of the instructions).
pub(crate) const SMALL_ITEMS: usize = 256;

/// The counters of one state, indexed by primary item.
trait Counters {
    /// The counter of primary item `j`.
    fn at(&mut self, j: u32) -> &mut u16;
}

impl Counters for [u16; SMALL_ITEMS] {
    #[inline(always)]
    fn at(&mut self, j: u32) -> &mut u16 {
        // j < SMALL_ITEMS: the cast loses nothing.
        &mut self[j as u8 as usize]
    }
}

impl Counters for [u16] {
    #[inline(always)]
    fn at(&mut self, j: u32) -> &mut u16 {
        &mut self[j as usize]
    }
}

/// The heart of [`Stack::apply`]: the child's live options are the
/// parent's less `o`'s conflict row, and every option so killed takes one
/// from the counters of its primary items; `o`'s own items end covered
/// ([`SENTINEL`]). With `ABORT`, returns true at the first other counter
/// that reaches 0 (the child is dead; its state is left half made).
#[inline(always)]
fn kill<const ABORT: bool, C: Counters + ?Sized>(
    counts: &mut C,
    t: &Tables,
    parent: &[u64],
    child: &mut [u64],
    o: u32,
    updates: &mut u64,
) -> bool {
    let own = t.primary_items(o);
    if ABORT {
        for &j in own {
            *counts.at(j) = SENTINEL;
        }
    }
    let mut done = 0u64;
    for (w, ((c, &p), &k)) in child.iter_mut().zip(parent).zip(t.conflicts(o)).enumerate() {
        *c = p & !k;
        let mut killed = p & k;
        while killed != 0 {
            let x = (w * 64) as u32 + killed.trailing_zeros();
            killed &= killed - 1;
            let items = t.primary_items(x);
            done += items.len() as u64;
            for &j in items {
                let count = counts.at(j);
                *count -= 1;
                if ABORT && *count == 0 {
                    *updates += done;
                    return true;
                }
            }
        }
    }
    *updates += done;
    for &j in own {
        *counts.at(j) = SENTINEL;
    }
    false
}

/// [`kill`] when every option has exactly `P` primary items and the
/// counters take the fast path: an option's items are `P` bytes at a fixed
/// place (`Tables::uniform_items`), so the inner loop is unrolled and
/// needs no start and end of a list (callgrind: see `Tables::uniform`).
#[inline(always)]
fn kill_uniform<const ABORT: bool, const P: usize, const W: usize>(
    counts: &mut [u16; SMALL_ITEMS],
    t: &Tables,
    parent: &[u64],
    child: &mut [u64],
    o: u32,
    updates: &mut u64,
) -> bool {
    let own: [u8; P] = t.uniform_items(o);
    if ABORT {
        for j in own {
            counts[usize::from(j)] = SENTINEL;
        }
    }
    let mut done = 0u64;
    let conflicts = t.conflicts(o);
    // With W, the three sets have W words: one check here, and the loop
    // below is unrolled.
    /// Read in place of the table where `W` is 0 (never indexed then).
    static UNUSED: [[u8; 8]; FEW_OPTIONS] = [[0; 8]; FEW_OPTIONS];
    let few = if W > 0 {
        t.few_uniform_items()
    } else {
        &UNUSED
    };
    let (parent, child, conflicts) = if W > 0 {
        (&parent[..W], &mut child[..W], &conflicts[..W])
    } else {
        (parent, child, conflicts)
    };
    for (w, ((c, &p), &k)) in child.iter_mut().zip(parent).zip(conflicts).enumerate() {
        *c = p & !k;
        let mut killed = p & k;
        while killed != 0 {
            let x = (w * 64) as u32 + killed.trailing_zeros();
            killed &= killed - 1;
            done += P as u64;
            let items: [u8; P] = if W > 0 {
                // At most 4 words: x < 256, and the table has 256 rows.
                let bytes = few[x as u8 as usize];
                std::array::from_fn(|k| bytes[k])
            } else {
                t.uniform_items::<P>(x)
            };
            for j in items {
                let count = &mut counts[usize::from(j)];
                *count -= 1;
                if ABORT && *count == 0 {
                    *updates += done;
                    return true;
                }
            }
        }
    }
    *updates += done;
    for j in own {
        counts[usize::from(j)] = SENTINEL;
    }
    false
}

/// X3 [Choose i] on a state's counters: the uncovered primary item with the
/// fewest live options, the lowest on ties (or with `sweep`, the lowest
/// uncovered: the first in the sweep order); a solution if none is left, a
/// dead end if one has no option.
///
/// Covered items and the padding hold [`SENTINEL`], above every count, so the
/// minimum is taken over all the counters without a mask; the compiler
/// vectorizes it (16-bit lanes).
#[inline(always)]
fn choose(counts: &[u16], sweep: bool) -> Choice {
    let min = counts.iter().fold(SENTINEL, |m, &c| m.min(c));
    if min == SENTINEL {
        Choice::Solved
    } else if min == 0 {
        Choice::DeadEnd
    } else {
        let target = if sweep { SENTINEL } else { min };
        let i = counts
            .iter()
            .position(|&c| (c == target) != sweep)
            .unwrap_or(0);
        Choice::Item(i as u32)
    }
}

/// Counters of a state that the unrolled search loop (`W > 0` in
/// `BitsetEngine::run`) copies and scans whole.
const FIXED_LANES: usize = 64;

/// Bits of a lane's number in the keys of [`choose_fixed`].
const LANE_BITS: u32 = FIXED_LANES.trailing_zeros();

/// [`choose`] on the first `L` of [`FIXED_LANES`] counters (those after
/// hold [`SENTINEL`]), in one vectorized pass: each
/// lane's key is its count above its lane number (`count << 6 | lane`), so
/// the smallest key names the item with the fewest options, the lowest on
/// ties, and no second scan looks for where the minimum is (callgrind,
/// Langford 11: 237.8 M to 228.4 M instructions in all; a bitmask of the
/// lanes at the minimum, tried before, did not vectorize). A [`SENTINEL`] lane's key,
/// `0xFFC0 | lane` (the shift drops the top bits), is above every real
/// count's: the unrolled loop runs only on problems of at most 256
/// options (4 words), so a count is at most 256 and its key at most
/// `256 << 6 | 63`.
#[inline(always)]
fn choose_fixed<const L: usize>(counts: &[u16; FIXED_LANES], sweep: bool) -> Choice {
    if sweep {
        return choose(counts, sweep);
    }
    let key = (0..L)
        .map(|lane| counts[lane] << LANE_BITS | lane as u16)
        .fold(u16::MAX, u16::min);
    debug_assert!(counts
        .iter()
        .all(|&c| c == SENTINEL || c < SENTINEL >> LANE_BITS));
    if key >= SENTINEL << LANE_BITS {
        Choice::Solved
    } else if key >> LANE_BITS == 0 {
        Choice::DeadEnd
    } else {
        Choice::Item(u32::from(key) & (FIXED_LANES as u32 - 1))
    }
}

impl Engine for BitsetEngine {
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(self.clone())
    }

    fn name(&self) -> &'static str {
        "bitset"
    }

    fn num_options(&self) -> usize {
        BitsetEngine::num_options(self)
    }

    fn order_name(&self) -> &'static str {
        if self.is_sweep() {
            "sweep"
        } else {
            "mrv"
        }
    }

    fn reordered(&self, order: Option<&[usize]>) -> Option<Box<dyn Engine>> {
        Some(Box::new(BitsetEngine::reordered(self, order)))
    }

    fn can_sweep(&self) -> bool {
        true
    }

    fn sweep_count(&self, max_bytes: usize) -> Option<SweepCount> {
        BitsetEngine::sweep_count(self, max_bytes)
    }

    fn sweep_restart(&self, sweep: &mut SweepCount) -> bool {
        BitsetEngine::sweep_restart(self, sweep)
    }

    fn is_available(&self, option: usize) -> bool {
        BitsetEngine::is_available(self, option)
    }

    fn force(&mut self, option: usize) {
        BitsetEngine::force(self, option)
    }

    fn exclude(&mut self, option: usize) {
        BitsetEngine::exclude(self, option)
    }

    fn search(&mut self, budget: u64, limit: u64, memo: Option<&mut Memo>) -> (u64, Step) {
        match memo {
            None => self.count_step_with(budget, limit, &mut NoHooks),
            Some(memo) => self.count_step_with(budget, limit, memo),
        }
    }

    fn choices_into(&self, out: &mut Vec<usize>) {
        BitsetEngine::choices_into(self, out)
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn is_exhausted(&self) -> bool {
        BitsetEngine::is_exhausted(self)
    }

    fn end(&mut self) {
        BitsetEngine::end(self)
    }

    fn depth(&self) -> usize {
        BitsetEngine::depth(self)
    }

    fn current_path(&self) -> Subtree {
        BitsetEngine::current_path(self)
    }

    fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>> {
        BitsetEngine::remainder(self, max_entries)
    }

    fn donate(&mut self) -> Option<(Subtree, Subtree)> {
        BitsetEngine::donate(self)
    }

    fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        BitsetEngine::choice_positions(self, max_levels)
    }

    fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)> {
        BitsetEngine::probe(self, rng, keep_going)
    }

    fn prepare_keys(&mut self) -> Vec<u64> {
        BitsetEngine::prepare_keys(self)
    }

    fn state_key(&self, out: &mut Vec<u64>) {
        self.write_key(&self.keys, out)
    }

    fn work(&self) -> u64 {
        BitsetEngine::work(self)
    }

    fn copy_work(&self) -> u64 {
        // The tables are shared: the stack of states is copied.
        let stack = &self.stack;
        (stack.live.len() + stack.covered.len() + stack.counts.len() / 4 + self.levels.len()) as u64
    }

    fn current_branch(&self) -> Option<usize> {
        BitsetEngine::current_branch(self)
    }

    fn check_invariants(&self) -> Result<(), String> {
        BitsetEngine::check_invariants(self)
    }
}
