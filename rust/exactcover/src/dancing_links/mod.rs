//! The Dancing Links engine: Knuth's Algorithm X (TAOCP 7.2.2.1), its
//! generalizations to multiplicities (Algorithm M) and colors (Algorithm C),
//! written as a resumable state machine. It is the [`Engine`] under the
//! [`Solver`](crate::Solver); the work of watching the search (the memo)
//! plugs in through [`Hooks`].
//!
//! # Memory layout (as in Knuth's dlx1)
//!
//! All links are `u32` indices into one array of [`Node`]s:
//!
//! * node 0 is unused;
//! * nodes `1..=N` are the item headers: item `i` (internal numbering, one more
//!   than the caller's) heads the vertical list of the options that contain it,
//!   and its `top` field holds `LEN(i)`, the length of that list (read as
//!   [`Node::len`]);
//! * then come the options back to back, each followed by a *spacer* node
//!   (`top == 0`). A spacer's `ulink` points to the first node of the option
//!   before it and its `dlink` to the last node of the option after it, so that
//!   an option can be traversed cyclically from any of its nodes.
//!
//! The items still to be covered form a doubly linked circular list through
//! `llink`/`rlink` with head 0; secondary items form a second list with head
//! `N + 1` (they are never branched on, but covering unlinks them like any
//! other item).
//!
//! # Multiplicities
//!
//! Each item carries `bound` (how many more options may still contain it) and
//! `slack` (`hi - lo`, constant). An item is *saturated* when its bound reaches
//! 0; it is then covered: its remaining options are hidden. So
//! `need = bound - min(bound, slack)` more options must still contain it.
//!
//! When the search branches on an item `i` (Algorithm M):
//!
//! * if `bound(i) == 1`, the next option saturates `i`: cover `i` and try each of
//!   its options in turn, exactly as Algorithm X does. If `slack(i) > 0` the
//!   item may also stay uncovered: a final "null" branch takes no option.
//! * if `bound(i) >= 2`, branch *k* excludes the first `k - 1` options of `i`'s
//!   list and includes the k-th ("tweaking": an option tried once is removed
//!   from every list, for the branch that uses it and for all later siblings).
//!   Options of `i` are therefore taken in list order and every set of options
//!   is reached along exactly one path. A last null branch, allowed when
//!   `need == 0`, stops using `i`.
//!
//! # Colors
//!
//! An option may give a secondary item a *color* (Knuth's Algorithm C). The
//! node's `color` field holds it (0: no color). Choosing an option whose node
//! `p` gives item `j` color `c` *purifies* `j`: every other option in `j`'s list
//! with a different color (or none) is hidden, and those with color `c` are
//! marked [`PURIFIED`], so that choosing them later does nothing more to `j`
//! and hiding them leaves their node in `j`'s list (`j` is never branched on,
//! and unpurifying walks the list it purified). The header of a purified item
//! holds its color while it is purified.
//!
//! Problems without multiplicities run the same loop instantiated with
//! `M = false`, which compiles the bound bookkeeping away (the "fast path"); in
//! the same way problems without colors run with `C = false`.
//!
//! # The search loop
//!
//! [`DancingLinks::run`] is Knuth's loop with its labels as [`State`]s:
//! `Forward` enters a node (X2..X4, M2..M4, C2..C4: a solution, a dead end,
//! or a new level on the item with the fewest branches), `Advance` tries the
//! top level's next branch (X5, M5/M6, C5) or leaves the level when it has
//! none (X7, M8, C7), and `Backup` comes back from a child (X8, M9, C8) and
//! undoes its branch (X6, M7, C6). Each level records its item and its
//! [`Branch`]; [`DancingLinks::branches`] says which branches a level has, for
//! the search, the probes of the estimate and the progress positions alike.
//! The loop returns between two nodes, so a search runs in slices and
//! resumes where it stopped.

use crate::engine::{Engine, Hooks, NoHooks, Stats, Step, Subtree};
use crate::memo::Memo;
use crate::problem::Problem;
use crate::rng::SplitMix64;
use std::sync::Arc;

mod check;
mod key;
mod probe;
mod remainder;

use key::KeyLayout;

/// `Node::color` of an option node whose item has been purified with the
/// node's own color (Knuth's `COLOR(q) = -1`).
const PURIFIED: u32 = u32::MAX;

/// Added to the `LEN` of every secondary item, so that only a primary
/// item's `LEN` ever reaches 0 (see [`DancingLinks::empty_items`]). Checking
/// that a list emptied is then one well-predicted branch: with the primary
/// flag looked up instead, the diagonals of n-queens, short lists that often
/// empty, cost 20% in mispredictions.
const SECONDARY_LEN_BIAS: u32 = 1 << 31;

/// One entry of the dancing-links matrix: an item header, an option entry or a
/// spacer (see the module documentation).
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(16))]
struct Node {
    /// Option entry: `TOP`, its item (`1..=N`). Spacer: 0 (or less in
    /// Knuth's programs). Header: `LEN`, the number of options in the
    /// item's list (plus [`SECONDARY_LEN_BIAS`] for a secondary item), read
    /// and written through [`Node::len`] (Knuth keeps it in the same field).
    top: u32,
    /// Previous node in the item's vertical list (spacer: first node of the
    /// preceding option).
    ulink: u32,
    /// Next node in the item's vertical list (spacer: last node of the
    /// following option).
    dlink: u32,
    /// Option entry: its color plus one (0: no color), or [`PURIFIED`]. Header:
    /// the color of a purified item, else 0. (It fills what would be padding.)
    color: u32,
}

impl Node {
    /// A header's `LEN`: the number of nodes in its item's list.
    #[inline(always)]
    fn len(&self) -> u32 {
        self.top
    }

    /// A header's `LEN`, to update.
    #[inline(always)]
    fn len_mut(&mut self) -> &mut u32 {
        &mut self.top
    }
}

/// The branch a level is on: Knuth's `x_l`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Branch {
    /// The option containing this node of the item's list is tried.
    Option(u32),
    /// Algorithm M's null branch: the item takes no (more) options.
    Null,
    /// No branch under way (Knuth's `x_l = i`): an ordinary level has tried
    /// every option of its item (X7 follows), a wide one has not begun.
    /// Never seen between two slices of search.
    Done,
}

/// The branches of a level on item `i` still to be taken, as
/// [`DancingLinks::branches`] counts them.
#[derive(Debug, Clone, Copy)]
struct Branches {
    /// Branches that take an option of `i`'s list.
    options: u32,
    /// Does a null branch come after them?
    null: bool,
}

impl Branches {
    fn count(self) -> u32 {
        self.options + u32::from(self.null)
    }
}

/// What the search has decided at one level of the tree.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The item branched on at this level (Knuth's `i` at level `l`).
    item: u32,
    /// The branch being tried (Knuth's `x_l`): at an ordinary level a node of
    /// `item`'s list, at a wide level the node last tweaked.
    branch: Branch,
    /// Was the item's bound at least 2 when it was chosen (tweaking branches)?
    wide: bool,
    /// Wide levels: the length of the tweak stack when this level began.
    /// Others: [`DancingLinks::empty_items`] once the item was covered (X4),
    /// restored when a branch is undone (without multiplicities; the field
    /// keeps `Level` at 16 bytes, which Algorithm M's loop feels).
    base: u32,
}

/// Where the state machine resumes: the labels of Knuth's dlx programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// `forward`: X2/M2 [Enter level l], then X3/M3 [Choose i] and X4/M4
    /// [Cover i]: a solution, a dead end, or a new level.
    Forward,
    /// `advance`: X5/M5/M6 [Try x_l] the branch recorded at the top level,
    /// or X7/M8 \[Backtrack\] once it has none left.
    Advance,
    /// `backup` and `recover`: X8/M9 [Leave level l] (the child's level,
    /// which has no entry of its own), then X6/M7 [Try again]: undo the top
    /// level's branch and move on to its next one.
    Backup,
    /// Every solution has been visited (X8 at level 0).
    Done,
}

/// The outcome of the item-selection step.
enum Choice {
    Solved,
    DeadEnd,
    Item(u32),
}

/// The most words of [`DancingLinks::active`] that [`DancingLinks::choose_x`]
/// scans instead of walking the primary ring (4096 items).
const PRIMARY_BITS_MAX_WORDS: usize = 64;

/// The dancing-links search state (see the module documentation).
/// [`DancingLinks::check_invariants`] checks what the fields promise.
#[derive(Debug, Clone)]
pub(crate) struct DancingLinks {
    /// Knuth's node array: node 0 unused, the item headers `1..=N`, then the
    /// options back to back, each between two spacers. Every link is an
    /// index into it. Item `i`'s list runs from its header through `dlink`
    /// and back, through `LEN(i)` nodes whose `TOP` is `i` (`ulink` runs it
    /// backwards); a node taken out of a list keeps its own links, so that
    /// putting it back is exact (the dance).
    nodes: Vec<Node>,
    /// Knuth's `LLINK`: the previous item in the active item's ring. The
    /// active primary items form a doubly linked ring with head 0, the
    /// active secondary items one with head `N + 1`; an item leaves its ring
    /// when it is covered (or, at a wide level's null branch, unlinked).
    llink: Vec<u32>,
    /// Knuth's `RLINK`: the next item in the active item's ring.
    rlink: Vec<u32>,
    /// The active items as a bitset: bit `i % 64` of word `i / 64` is set
    /// exactly while item `i` is in one of the two rings (`(N + 1) / 64`
    /// words, rounded up; bit 0 is never set). Kept by
    /// [`DancingLinks::unlink_item`] and [`DancingLinks::relink_item`], so
    /// that the memo's key starts as a copy of these words
    /// ([`DancingLinks::state_key`]) instead of a walk of the rings: the
    /// walk took a quarter of a memoized count of domino tilings (perf,
    /// Aztec diamond of order 11), the upkeep is two instructions a cover.
    active: Vec<u64>,
    /// The primary items as a bitset like [`DancingLinks::active`], when the
    /// primary ring is in the order of the items (not shuffled): then
    /// [`DancingLinks::choose_x`] scans the active primary items through the
    /// bitsets, loads that do not wait for each other, instead of walking the
    /// ring, a chain of dependent loads, and chooses the same item (the
    /// first of the fewest options in ring order). On the Aztec diamonds the
    /// walk was half of a memoized count (perf).
    /// `None` beyond [`PRIMARY_BITS_MAX_WORDS`] words.
    primary_bits: Option<Vec<u64>>,
    /// Knuth's `BOUND(i)` (Algorithm M): how many more chosen options may
    /// contain item `i`. An active item's bound is at least 1; an item whose
    /// bound reaches 0 is saturated and covered. Without multiplicities
    /// (`M == false`) only the options forced at the root update it.
    bound: Vec<u32>,
    /// Knuth's `SLACK(i)`: `hi - lo`, constant. Item `i` still needs
    /// `bound - min(bound, slack)` options; a secondary item (`lo == 0`)
    /// needs none, its bound never exceeding its slack.
    slack: Vec<u32>,
    /// Without multiplicities, the number of primary items in the active
    /// list whose `LEN` is 0. With it, Algorithm X's choice costs O(1) at a
    /// dead end and stops at the first item of length 1 otherwise (see
    /// [`DancingLinks::choose_x`]).
    ///
    /// The forward steps of Algorithm X's search keep it:
    /// [`DancingLinks::hide`] where a `LEN` drops to 0,
    /// [`DancingLinks::unlink_item`] when an empty item leaves the list; the
    /// root counts it afresh after its restrictions. That is exact because an item's `LEN` is frozen
    /// while it is out of the list: covering hides every option of its list,
    /// so no later `hide` walks a node of it. (Within one `commit_others` an
    /// item about to be covered may reach 0 for a moment; the count is exact
    /// again at every node.) The undoing steps do not touch it: the search
    /// restores it from [`Level::base`], as counting in `unhide` would cost
    /// three instructions per link update (cachegrind, pentominoes 8x8: 10%
    /// more in all). Algorithm M's choice does not use it, and its loop
    /// neither counts (`hide::<_, false>`) nor restores it: there it is
    /// meaningless (and wraps).
    empty_items: u32,
    /// The last node committed of an option whose commitment stopped early
    /// (see [`DancingLinks::commit_others_x`]), 0 if none: the node it
    /// leads to is a dead end, so at most one option is partly committed.
    partial: u32,
    /// The first node of each option, ascending: maps nodes back to options.
    option_first: Vec<u32>,
    /// The search stack, Knuth's `x_0 .. x_{l-1}` with the item chosen at
    /// each level: a level is pushed when X4/M4 chooses its item and popped
    /// at X8/M9. An ordinary level's item is covered (bound 0) while it lives.
    levels: Vec<Level>,
    /// The nodes of the options tweaked out of their lists (M5, and the
    /// forced and excluded options at the root are tweaked too but not
    /// kept here), innermost last: each wide level owns the segment from
    /// its `base` to the next wide level's base.
    tweaks: Vec<u32>,
    /// Where the search resumes (Knuth's program labels).
    state: State,
    /// Does the problem need Algorithm M (selects the loop with `M = true`)?
    multi: bool,
    /// Does the problem have colors (Algorithm C, `C = true`)?
    colored: bool,
    /// Search-tree nodes entered, link updates (Knuth's measure) and
    /// solutions found.
    stats: Stats,
    /// The layout of the memo's keys ([`key`]); its list of the options
    /// removed at the root grows with [`Engine::force`] and
    /// [`Engine::exclude`].
    keys: KeyLayout,
    /// The problem as given, and the seed of the lists' order: what
    /// [`Engine::reordered`] builds a fresh search at the root from (a
    /// search under way cannot be read back: colors are purified and bounds
    /// spent). Shared by the clones, the threads' copies.
    problem: Arc<Problem>,
    /// See [`DancingLinks::problem`].
    seed: Option<u64>,
}

/// Unchecked access to the link arrays, the one use of `unsafe` in the crate.
///
/// Every index passed here is a link value (`ulink`, `dlink`, `top` of an
/// option node, `llink`, `rlink`) or derived from one by stepping within an
/// option, and links only ever hold indices of existing nodes: they are set in
/// [`DancingLinks::build`] and afterwards only copied from other links. Bounds checks
/// cost 40% of the instructions of the search loop (callgrind, pentominoes), so
/// they are debug assertions instead: `cargo test` (debug build) checks every
/// access, including on thousands of random problems.
#[allow(unsafe_code)]
mod links {
    use super::Node;

    #[inline(always)]
    pub(super) fn get(nodes: &[Node], q: u32) -> Node {
        debug_assert!((q as usize) < nodes.len(), "node {q} out of range");
        // SAFETY: see the module documentation.
        unsafe { *nodes.get_unchecked(q as usize) }
    }

    #[inline(always)]
    pub(super) fn get_mut(nodes: &mut [Node], q: u32) -> &mut Node {
        debug_assert!((q as usize) < nodes.len(), "node {q} out of range");
        // SAFETY: see the module documentation.
        unsafe { nodes.get_unchecked_mut(q as usize) }
    }

    #[inline(always)]
    pub(super) fn item(links: &[u32], i: u32) -> u32 {
        debug_assert!((i as usize) < links.len(), "item {i} out of range");
        // SAFETY: see the module documentation.
        unsafe { *links.get_unchecked(i as usize) }
    }

    #[inline(always)]
    pub(super) fn item_mut(links: &mut [u32], i: u32) -> &mut u32 {
        debug_assert!((i as usize) < links.len(), "item {i} out of range");
        // SAFETY: see the module documentation.
        unsafe { links.get_unchecked_mut(i as usize) }
    }
}

impl DancingLinks {
    /// Prepares a search of `problem`, branching in the problem's own order
    /// (options in the order they were added, ties between items broken by item
    /// order), or with every list and the item order shuffled from `seed`.
    pub(crate) fn new(problem: &Problem, seed: Option<u64>) -> DancingLinks {
        Self::build(Arc::new(problem.clone()), seed)
    }

    fn build(given: Arc<Problem>, seed: Option<u64>) -> DancingLinks {
        let problem = &*given;
        let n = problem.num_items();
        let n_options = problem.num_options();
        let secondary_head = n + 1;
        let mut nodes = Vec::with_capacity(n + 2 + problem.num_entries() + n_options);
        // Node 0 (unused) and the headers: empty circular lists.
        nodes.push(Node::default());
        for i in 1..=n as u32 {
            nodes.push(Node {
                top: 0,
                ulink: i,
                dlink: i,
                color: 0,
            });
        }
        // The options, with their spacers; vertical links come afterwards.
        let mut option_first = Vec::with_capacity(n_options);
        nodes.push(Node::default()); // first spacer
        for k in 0..n_options {
            let first = nodes.len() as u32;
            option_first.push(first);
            let start = problem.option_start[k] as usize;
            for (e, item) in problem.option(k).enumerate() {
                nodes.push(Node {
                    top: item as u32 + 1,
                    ulink: 0,
                    dlink: 0,
                    color: problem.option_colors.get(start + e).copied().unwrap_or(0),
                });
            }
            let last = nodes.len() as u32 - 1;
            let spacer_before = first as usize - 1;
            nodes[spacer_before].dlink = last;
            nodes.push(Node {
                top: 0,
                ulink: first,
                dlink: 0,
                color: 0,
            });
        }

        // Vertical lists, in option order or shuffled.
        let mut rng = seed.map(SplitMix64::new);
        let option_nodes = (n + 2) as u32..nodes.len() as u32;
        match rng.as_mut() {
            None => {
                for q in option_nodes {
                    let item = nodes[q as usize].top;
                    if item != 0 {
                        append(&mut nodes, item, q);
                    }
                }
            }
            Some(rng) => {
                let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
                for q in option_nodes {
                    let item = nodes[q as usize].top;
                    if item != 0 {
                        lists[item as usize].push(q);
                    }
                }
                for (item, list) in lists.iter_mut().enumerate().skip(1) {
                    rng.shuffle(list);
                    for &q in list.iter() {
                        append(&mut nodes, item as u32, q);
                    }
                }
            }
        }

        // Horizontal lists: primary items from head 0, secondary from head N+1.
        let mut llink = vec![0u32; n + 2];
        let mut rlink = vec![0u32; n + 2];
        let mut primary: Vec<u32> = (1..=n as u32)
            .filter(|&i| problem.items[i as usize - 1].primary)
            .collect();
        let secondary: Vec<u32> = (1..=n as u32)
            .filter(|&i| !problem.items[i as usize - 1].primary)
            .collect();
        // Only where the bitsets are short: a scan reads every word, covered
        // or not, while the walk of the ring meets active items only (a
        // forced chain of a million items covers them from the front, and
        // its walk stops at the first, forced, item).
        let primary_bits =
            (rng.is_none() && (n + 1).div_ceil(64) <= PRIMARY_BITS_MAX_WORDS).then(|| {
                let mut bits = vec![0u64; (n + 1).div_ceil(64)];
                for &i in &primary {
                    bits[i as usize / 64] |= 1 << (i % 64);
                }
                bits
            });
        if let Some(rng) = rng.as_mut() {
            rng.shuffle(&mut primary);
        }
        link_ring(&mut llink, &mut rlink, 0, &primary);
        link_ring(&mut llink, &mut rlink, secondary_head as u32, &secondary);
        let mut active = vec![0u64; (n + 1).div_ceil(64)];
        for &i in primary.iter().chain(&secondary) {
            active[i as usize / 64] |= 1 << (i % 64);
        }

        let mut bound = vec![0u32; n + 2];
        let mut slack = vec![0u32; n + 2];
        for (i, item) in problem.items.iter().enumerate() {
            bound[i + 1] = item.hi;
            slack[i + 1] = item.hi - item.lo;
        }
        let n_primary = primary.len();
        for &i in &secondary {
            nodes[i as usize].top += SECONDARY_LEN_BIAS;
        }
        let empty_items = primary
            .iter()
            .filter(|&&i| nodes[i as usize].top == 0)
            .count() as u32;
        let mut solver = DancingLinks {
            nodes,
            llink,
            rlink,
            active,
            primary_bits,
            bound,
            slack,
            empty_items,
            partial: 0,
            option_first,
            levels: Vec::with_capacity(n_options + n_primary + 1),
            tweaks: Vec::with_capacity(n_options),
            state: State::Forward,
            multi: problem.has_multiplicities(),
            colored: problem.has_colors(),
            stats: Stats::default(),
            keys: KeyLayout::new(problem),
            problem: Arc::clone(&given),
            seed,
        };
        // An upper bound of 0 forbids the item's options from the start.
        for i in 1..=n as u32 {
            if solver.bound[i as usize] == 0 {
                solver.cover::<true, false>(i);
            }
        }
        solver.recount_empty_items();
        solver.stats.updates = 0;
        solver
    }

    /// Are the items of `option` all open to it (before the search)? They are
    /// unless one is saturated or purified with another color. (An option
    /// forced or excluded at the root may pass; the solver remembers those.)
    fn is_available(&self, option: usize) -> bool {
        let x = self.option_first[option];
        self.option_nodes(x).all(|q| {
            let node = self.nodes[q as usize];
            let item = node.top as usize;
            let purified = self.nodes[item].color;
            self.bound[item] > 0
                && (purified == 0 || node.color == purified || node.color == PURIFIED)
        })
    }

    /// The nodes of the option containing `x`, starting at `x`.
    fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        let mut q = x;
        let mut started = false;
        std::iter::from_fn(move || {
            if started && q == x {
                return None;
            }
            started = true;
            let here = q;
            q += 1;
            if self.nodes[q as usize].top == 0 {
                q = self.nodes[q as usize].ulink;
            }
            Some(here)
        })
    }

    /// The option that node `x` belongs to.
    fn option_of(&self, x: u32) -> usize {
        self.option_first.partition_point(|&first| first <= x) - 1
    }

    /// The search from where it stopped, with the loop instantiated for
    /// the problem's kind (see [`DancingLinks::run`]).
    fn search_with<H: Hooks<Self>>(
        &mut self,
        budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step) {
        match (self.multi, self.colored) {
            (false, false) => self.run::<false, false, H>(budget, limit, hooks),
            (false, true) => self.run::<false, true, H>(budget, limit, hooks),
            (true, false) => self.run::<true, false, H>(budget, limit, hooks),
            (true, true) => self.run::<true, true, H>(budget, limit, hooks),
        }
    }

    /// The search loop. `M` selects Algorithm M's bookkeeping and `C` Algorithm
    /// C's colors; with neither this is Algorithm X with secondary items.
    fn run<const M: bool, const C: bool, H: Hooks<Self>>(
        &mut self,
        mut budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step) {
        let mut found = 0u64;
        loop {
            match self.state {
                State::Forward => {
                    // X2/M2/C2 [Enter level l]; a solution has no item left.
                    if budget == 0 {
                        return (found, Step::Paused);
                    }
                    budget -= 1;
                    self.stats.nodes += 1;
                    if H::ACTIVE {
                        hooks.prefetch(self);
                    }
                    // X3/M3/C3 [Choose i]: the fewest branches (MRV).
                    let choice = if M { self.choose_m() } else { self.choose_x() };
                    // Only a node that branches is looked up: a solution or a
                    // dead end is known as soon as the item is chosen, and in
                    // packing problems most nodes are dead ends.
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
                            if H::ACTIVE {
                                hooks.dead_end(self);
                            }
                            self.state = State::Backup;
                        }
                        Choice::Item(i) => {
                            // X4/C4 [Cover i], M4 [Prepare to branch on i]:
                            // cover i if one more option saturates it, else
                            // leave it to tweaking (a wide level).
                            let iu = i as usize;
                            if !M || self.bound[iu] == 1 {
                                if M {
                                    self.bound[iu] = 0;
                                }
                                self.cover_at::<M, C>(i);
                                let first = self.nodes[iu].dlink;
                                self.levels.push(Level {
                                    item: i,
                                    branch: if first == i {
                                        Branch::Done
                                    } else {
                                        Branch::Option(first)
                                    },
                                    wide: false,
                                    base: self.empty_items,
                                });
                            } else {
                                let base = self.tweaks.len() as u32;
                                self.levels.push(Level {
                                    item: i,
                                    branch: Branch::Done,
                                    wide: true,
                                    base,
                                });
                            }
                            if H::ACTIVE {
                                hooks.branch(self);
                            }
                            self.state = State::Advance;
                        }
                    }
                }
                State::Advance => {
                    let top = self.levels.len() - 1;
                    let Level {
                        item: i,
                        branch,
                        wide,
                        base,
                    } = self.levels[top];
                    let iu = i as usize;
                    if !M || !wide {
                        if let Branch::Option(x) = branch {
                            // X5/C5 [Try x_l], M6 [Try x_l]: commit the other
                            // items of x's option (cover them, use up their
                            // bound, or purify them); X5 stops early at a
                            // dead end (see commit_others_x).
                            if M {
                                self.commit_others::<M, C>(x);
                            } else {
                                self.commit_others_x::<C>(x);
                            }
                            self.state = State::Forward;
                        } else if M && self.branches(i, false, M).null {
                            // M6 with x_l = i: every option tried; i may
                            // stay short of its bound (the null branch).
                            self.levels[top].branch = Branch::Null;
                            self.state = State::Forward;
                        } else {
                            // X7/C7 [Backtrack], M8 [Restore i]: uncover i,
                            // then X8/M9 [Leave level l].
                            self.uncover::<C>(i);
                            if !M {
                                // The node that branched had no empty item.
                                self.empty_items = 0;
                            }
                            if M {
                                self.bound[iu] = 1;
                            }
                            self.levels.pop();
                            if H::ACTIVE {
                                hooks.leave(self);
                            }
                            self.state = State::Backup;
                        }
                    } else {
                        // M5 [Possibly tweak x_l] with bound(i) >= 2, then M6
                        // [Try x_l]: include the first option left in i's
                        // list, tweaking it out of the list for the later
                        // branches.
                        let left = self.branches(i, true, M);
                        if left.options > 0 {
                            let x = self.nodes[iu].dlink;
                            self.tweak::<C>(x);
                            self.tweaks.push(x);
                            self.levels[top].branch = Branch::Option(x);
                            self.commit_all::<C>(x);
                            self.state = State::Forward;
                        } else if left.null {
                            // The null branch: i takes no more options. Its list
                            // is empty by now, so unlinking it suffices.
                            self.unlink_item(i);
                            self.levels[top].branch = Branch::Null;
                            self.state = State::Forward;
                        } else {
                            // M8 [Restore i]: too few options left for its
                            // lower bound; untweak them all, then M9.
                            self.untweak_to::<C>(base);
                            self.levels.pop();
                            if H::ACTIVE {
                                hooks.leave(self);
                            }
                            self.state = State::Backup;
                        }
                    }
                }
                State::Backup => {
                    // X8/M9 [Leave level l]: the child's level is left (it has
                    // no entry on the stack); the search is over at level 0.
                    let Some(&Level {
                        item: i,
                        branch,
                        wide,
                        base,
                    }) = self.levels.last()
                    else {
                        self.state = State::Done;
                        debug_assert_eq!(self.check_invariants(), Ok(()));
                        return (found, Step::Exhausted);
                    };
                    let iu = i as usize;
                    let x = match branch {
                        Branch::Option(x) => x,
                        Branch::Null | Branch::Done => {
                            // After a null branch the level is over: M8
                            // [Restore i], then M9 again.
                            debug_assert!(M && branch == Branch::Null);
                            if wide {
                                self.relink_item(i);
                                self.untweak_to::<C>(base);
                            } else {
                                self.uncover::<C>(i);
                                self.bound[iu] = 1;
                            }
                            self.levels.pop();
                            if H::ACTIVE {
                                hooks.leave(self);
                            }
                            continue;
                        }
                    };
                    // X6/C6 [Try again], M7 [Try again]: uncommit x's items
                    // and move on to the next branch.
                    if !M || !wide {
                        // From the end of the option, or from where X5 stopped.
                        let last = if !M && self.partial != 0 {
                            std::mem::take(&mut self.partial)
                        } else {
                            x - 1
                        };
                        self.uncommit_from::<M, C>(x, last);
                        let next = self.nodes[x as usize].dlink;
                        let top = self.levels.len() - 1;
                        self.levels[top].branch = if next == i {
                            Branch::Done
                        } else {
                            Branch::Option(next)
                        };
                    } else {
                        self.uncommit_all::<C>(x);
                    }
                    if !M {
                        self.empty_items = base;
                    }
                    self.state = State::Advance;
                }
                State::Done => return (found, Step::Exhausted),
            }
        }
    }

    /// The branches of a level on item `i` still to be taken from the state
    /// of the links: the one list of a level's branches that the search
    /// ([`State::Advance`]), the probes and the progress positions share.
    ///
    /// * An ordinary level (`wide == false`; Algorithm X, or M with
    ///   `bound(i) == 1`) has covered `i` and tries each option of its list
    ///   in turn (X5, M6); then, if `i` may stay short of its bound
    ///   (`slack(i) > 0`, Algorithm M only), the null branch. Its list stays
    ///   whole while the level lives: this counts them all.
    /// * A wide level (`bound(i) >= 2`, M5/M6) takes the first option left
    ///   in `i`'s list and tweaks it out of the list for the later branches,
    ///   as long as `max(need, 1)` options are left, with
    ///   `need = bound(i) - min(bound(i), slack(i))` (Knuth's
    ///   `BOUND(i) - SLACK(i)`, the options `i` still needs); then the null
    ///   branch if `need == 0`. So a wide level has `len + 1 - need` branches
    ///   in all.
    #[inline]
    fn branches(&self, i: u32, wide: bool, multi: bool) -> Branches {
        let iu = i as usize;
        let len = self.nodes[iu].len();
        if !wide {
            Branches {
                options: len,
                null: multi && self.slack[iu] > 0,
            }
        } else {
            let need = self.bound[iu] - self.bound[iu].min(self.slack[iu]);
            Branches {
                options: (len + 1).saturating_sub(need.max(1)),
                null: need == 0,
            }
        }
    }

    /// Algorithm X's choice: the active primary item with the fewest options
    /// (Knuth's "minimum remaining values"), the first one on ties.
    ///
    /// An item of length 0 makes the node a dead end, whichever it is, and
    /// [`DancingLinks::empty_items`] says at once whether there is one. Without
    /// one, an item of length 1 is minimal, so the first such item ends the
    /// scan: a forced chain costs O(1) per node instead of O(items). (Stopping
    /// at the first 1 without knowing that no 0 follows would branch where
    /// Knuth's choice fails at once: 15% more nodes on pentominoes.)
    #[inline]
    fn choose_x(&self) -> Choice {
        let mut p = self.rlink[0];
        if p == 0 {
            return Choice::Solved;
        }
        if self.empty_items > 0 {
            return Choice::DeadEnd;
        }
        let mut best = p;
        let mut min = u32::MAX;
        if let Some(primary) = &self.primary_bits {
            for (w, (&active, &primary)) in self.active.iter().zip(primary).enumerate() {
                let mut bits = active & primary;
                while bits != 0 {
                    let i = (w * 64) as u32 + bits.trailing_zeros();
                    bits &= bits - 1;
                    let len = links::get(&self.nodes, i).len();
                    if len < min {
                        min = len;
                        best = i;
                        if len <= 1 {
                            return Choice::Item(best);
                        }
                    }
                }
            }
            return Choice::Item(best);
        }
        while p != 0 {
            let len = links::get(&self.nodes, p).len();
            if len < min {
                min = len;
                best = p;
                if len <= 1 {
                    break;
                }
            }
            p = links::item(&self.rlink, p);
        }
        Choice::Item(best)
    }

    /// Algorithm M's choice: the item with the fewest branches,
    /// `len + 1 - need` (the null branch counts when `need == 0`), preferring on
    /// ties the item with less freedom `min(bound, slack)`, then the longer list
    /// (as dlx3 does).
    #[inline]
    fn choose_m(&self) -> Choice {
        let mut p = self.rlink[0];
        if p == 0 {
            return Choice::Solved;
        }
        let mut best = p;
        let mut best_key = (u32::MAX, u32::MAX, 0u32);
        while p != 0 {
            let pu = p as usize;
            let len = self.nodes[pu].len();
            let bound = self.bound[pu];
            let freedom = bound.min(self.slack[pu]);
            let need = bound - freedom;
            if len < need {
                return Choice::DeadEnd;
            }
            let key = (len + 1 - need, freedom, u32::MAX - len);
            if key < best_key {
                best_key = key;
                best = p;
            }
            p = self.rlink[pu];
        }
        Choice::Item(best)
    }

    /// Covers item `i`: hides every option in its list and unlinks it from its
    /// item list.
    ///
    /// `E`: keep [`DancingLinks::empty_items`] (see [`DancingLinks::hide`]).
    #[inline(always)]
    fn cover<const C: bool, const E: bool>(&mut self, i: u32) {
        let mut p = links::get(&self.nodes, i).dlink;
        while p != i {
            self.hide::<C, E>(p);
            p = links::get(&self.nodes, p).dlink;
        }
        self.unlink_item(i);
        self.stats.updates += 1;
    }

    /// [`DancingLinks::cover`] in the search loop of Algorithm X (`M` false),
    /// which keeps [`DancingLinks::empty_items`], or of Algorithm M, which
    /// does not use it and saves counting.
    #[inline(always)]
    fn cover_at<const M: bool, const C: bool>(&mut self, i: u32) {
        if M {
            self.cover::<C, false>(i);
        } else {
            self.cover::<C, true>(i);
        }
    }

    /// Counts [`DancingLinks::empty_items`] afresh: at the root, after
    /// steps that did not keep it (covering saturated items, forcing and
    /// excluding options).
    fn recount_empty_items(&mut self) {
        let mut empty = 0;
        let mut p = self.rlink[0];
        while p != 0 {
            if self.nodes[p as usize].top == 0 {
                empty += 1;
            }
            p = self.rlink[p as usize];
        }
        self.empty_items = empty;
    }

    /// Exactly undoes [`DancingLinks::cover`].
    #[inline(always)]
    fn uncover<const C: bool>(&mut self, i: u32) {
        self.relink_item(i);
        let mut p = links::get(&self.nodes, i).ulink;
        while p != i {
            self.unhide::<C>(p);
            p = links::get(&self.nodes, p).ulink;
        }
    }

    /// Removes the option containing node `p` from every item list except `p`'s
    /// own. With colors, nodes marked [`PURIFIED`] stay in their lists (Knuth's
    /// `hide'`).
    ///
    /// With `E`, an item whose list it empties (only a primary one can) is
    /// counted in [`DancingLinks::empty_items`]; Algorithm M saves that.
    #[inline]
    fn hide<const C: bool, const E: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let mut updates = 0;
        let mut emptied = 0;
        // The walk passes the option's spacer once, so it is two loops:
        // rightwards from p to the spacer, then from the option's first node
        // up to p. Only the first looks for the spacer, only the second for p.
        let mut q = p + 1;
        loop {
            let node = links::get(nodes, q);
            if node.top == 0 {
                q = node.ulink;
                break;
            }
            hide_node::<C, E>(nodes, node, &mut updates, &mut emptied);
            q += 1;
        }
        while q != p {
            let node = links::get(nodes, q);
            hide_node::<C, E>(nodes, node, &mut updates, &mut emptied);
            q += 1;
        }
        self.empty_items = self.empty_items.wrapping_add(emptied);
        self.stats.updates += updates;
    }

    /// Exactly undoes [`DancingLinks::hide`] (walking the option the other way).
    #[inline]
    fn unhide<const C: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let mut q = p - 1;
        loop {
            let node = links::get(nodes, q);
            if node.top == 0 {
                q = node.dlink;
                break;
            }
            unhide_node::<C>(nodes, node, q);
            q -= 1;
        }
        while q != p {
            let node = links::get(nodes, q);
            unhide_node::<C>(nodes, node, q);
            q -= 1;
        }
    }

    /// Removes the whole option containing `x` (its own node included) from the
    /// lists: the option is chosen, or excluded, for the rest of this subtree.
    #[inline]
    fn tweak<const C: bool>(&mut self, x: u32) {
        let Node {
            top: i,
            ulink: u,
            dlink: d,
            ..
        } = self.nodes[x as usize];
        self.nodes[u as usize].dlink = d;
        self.nodes[d as usize].ulink = u;
        *self.nodes[i as usize].len_mut() -= 1;
        self.stats.updates += 1;
        // Only Algorithm M and the restrictions at the root tweak: neither
        // keeps empty_items (the root counts it afresh).
        self.hide::<C, false>(x);
    }

    /// Exactly undoes [`DancingLinks::tweak`].
    #[inline]
    fn untweak<const C: bool>(&mut self, x: u32) {
        self.unhide::<C>(x);
        let Node {
            top: i,
            ulink: u,
            dlink: d,
            ..
        } = self.nodes[x as usize];
        self.nodes[u as usize].dlink = x;
        self.nodes[d as usize].ulink = x;
        *self.nodes[i as usize].len_mut() += 1;
    }

    /// Untweaks, innermost first, every option tweaked since the stack had
    /// length `base`.
    fn untweak_to<const C: bool>(&mut self, base: u32) {
        while self.tweaks.len() > base as usize {
            let x = self
                .tweaks
                .pop()
                .expect("tweak stack shorter than its base");
            self.untweak::<C>(x);
        }
    }

    /// Takes item `i` out of its item list (an empty primary item leaves
    /// [`DancingLinks::empty_items`] with it) and out of
    /// [`DancingLinks::active`].
    #[inline]
    fn unlink_item(&mut self, i: u32) {
        let (l, r) = (links::item(&self.llink, i), links::item(&self.rlink, i));
        *links::item_mut(&mut self.rlink, l) = r;
        *links::item_mut(&mut self.llink, r) = l;
        self.active[i as usize / 64] &= !(1 << (i % 64));
        if links::get(&self.nodes, i).top == 0 {
            self.empty_items = self.empty_items.wrapping_sub(1);
        }
    }

    /// Undoes [`DancingLinks::unlink_item`] (but not its change to
    /// [`DancingLinks::empty_items`]: see there).
    #[inline]
    fn relink_item(&mut self, i: u32) {
        let (l, r) = (links::item(&self.llink, i), links::item(&self.rlink, i));
        *links::item_mut(&mut self.rlink, l) = i;
        *links::item_mut(&mut self.llink, r) = i;
        self.active[i as usize / 64] |= 1 << (i % 64);
    }

    /// One more option contains the item of node `p`: with multiplicities, use
    /// up one unit of its bound and cover it when saturated; without, simply
    /// cover it. A colored node purifies its item instead (Knuth's
    /// `commit(p, j)`); an already purified one does nothing.
    // Always inlined: the search loop grew past the compiler's threshold for
    // this one with Algorithm M (a call per item of every option: +12%
    // instructions on 2n-queens).
    #[inline(always)]
    fn commit<const M: bool, const C: bool>(&mut self, p: u32) {
        let Node { top: j, color, .. } = links::get(&self.nodes, p);
        if C && color != 0 {
            if color != PURIFIED {
                if M {
                    self.purify::<false>(p);
                } else {
                    self.purify::<true>(p);
                }
            }
        } else if M {
            let b = &mut self.bound[j as usize];
            *b -= 1;
            if *b == 0 {
                self.cover::<C, false>(j);
            }
        } else {
            self.cover::<C, true>(j);
        }
    }

    /// Exactly undoes [`DancingLinks::commit`].
    #[inline(always)]
    fn uncommit<const M: bool, const C: bool>(&mut self, p: u32) {
        let Node { top: j, color, .. } = links::get(&self.nodes, p);
        if C && color != 0 {
            if color != PURIFIED {
                self.unpurify(p);
            }
        } else if M {
            if self.bound[j as usize] == 0 {
                self.uncover::<C>(j);
            }
            self.bound[j as usize] += 1;
        } else {
            self.uncover::<C>(j);
        }
    }

    /// Node `p` gives its item `j` a color: hide every option of `j`'s list
    /// with another color or none, and mark those with the same color (Knuth's
    /// `purify`).
    fn purify<const E: bool>(&mut self, p: u32) {
        let Node { top: j, color, .. } = links::get(&self.nodes, p);
        links::get_mut(&mut self.nodes, j).color = color;
        let mut q = links::get(&self.nodes, j).dlink;
        while q != j {
            let node = links::get(&self.nodes, q);
            if node.color == color {
                if q != p {
                    links::get_mut(&mut self.nodes, q).color = PURIFIED;
                }
            } else {
                self.hide::<true, E>(q);
            }
            q = node.dlink;
        }
        self.stats.updates += 1;
    }

    /// Exactly undoes [`DancingLinks::purify`] (walking the list upwards).
    fn unpurify(&mut self, p: u32) {
        let Node { top: j, color, .. } = links::get(&self.nodes, p);
        let mut q = links::get(&self.nodes, j).ulink;
        while q != j {
            let node = links::get(&self.nodes, q);
            if node.color == PURIFIED {
                links::get_mut(&mut self.nodes, q).color = color;
            } else if node.color != color {
                self.unhide::<true>(q);
            }
            q = node.ulink;
        }
        links::get_mut(&mut self.nodes, j).color = 0;
    }

    /// Commits the items of `x`'s option other than `x`'s own, left to right
    /// cyclically.
    #[inline(always)]
    fn commit_others<const M: bool, const C: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let node = links::get(&self.nodes, p);
            if node.top == 0 {
                p = node.ulink;
            } else {
                self.commit::<M, C>(p);
                p += 1;
            }
        }
    }

    /// Algorithm X's X5: [`DancingLinks::commit_others`], except that it
    /// stops as soon as an active primary item outside the option has an
    /// empty list. The node it leads to is then a dead end whatever the rest
    /// of the option would do (covering only shortens lists), and the search
    /// enters it as before (the same nodes are counted) and finds it dead at
    /// once from [`DancingLinks::empty_items`]; the covers left out are saved
    /// (Knuth's ssxcc aborts likewise). [`DancingLinks::partial`] records
    /// where it stopped, for [`DancingLinks::uncommit_from`].
    ///
    /// Items of the option still to be covered may be empty meanwhile
    /// (option `x` left their lists when its item `i` was covered): they do
    /// not count. They are counted once ([`DancingLinks::empty_ahead`]),
    /// when an item is first empty, and then kept as the commits go on
    /// ([`DancingLinks::still_ahead`]): a rescan after every commit cost a
    /// long option of L items L^2 steps (80,000 items: 3.7 s, now 2 ms).
    #[inline(always)]
    fn commit_others_x<const C: bool>(&mut self, x: u32) {
        // At least the empty items ahead (u32::MAX: not counted yet).
        let mut ahead = u32::MAX;
        let mut p = x + 1;
        while p != x {
            let node = links::get(&self.nodes, p);
            if node.top == 0 {
                p = node.ulink;
            } else {
                let before = self.empty_items;
                self.commit::<false, C>(p);
                if self.empty_items > 0 {
                    ahead = self.still_ahead(p, x, node.top, before, ahead);
                    if self.empty_items > ahead {
                        self.partial = p;
                        return;
                    }
                }
                p += 1;
            }
        }
    }

    /// [`DancingLinks::commit_others_x`]'s count of the empty items of the
    /// option ahead of `p` (its node of item `item` just committed, with
    /// `before` empty items before; `ahead` the count before that commit):
    /// an empty item committed leaves them, and an item the commit emptied
    /// is taken to be one of them. It may lie outside the option: the count
    /// is then too high, and the walk stops later than it might, never too
    /// soon. (Commits that left no item empty leave none ahead: the count
    /// kept is then too high too.)
    #[inline]
    fn still_ahead(&self, p: u32, x: u32, item: u32, before: u32, ahead: u32) -> u32 {
        if ahead == u32::MAX {
            return self.empty_ahead(p, x);
        }
        // A committed item's own list is as it was (covering it hides the
        // other options from the other items).
        let was_empty = u32::from(links::get(&self.nodes, item).top == 0);
        let emptied = self
            .empty_items
            .wrapping_sub(before.wrapping_sub(was_empty));
        if emptied <= self.empty_items {
            ahead.saturating_sub(was_empty).saturating_add(emptied)
        } else {
            // Fewer empty items than the commit can leave: count again.
            self.empty_ahead(p, x)
        }
    }

    /// How many items of the option of `p` and `x`, after `p` and before
    /// `x` (cyclically), have an empty list (only primary items can).
    fn empty_ahead(&self, p: u32, x: u32) -> u32 {
        let mut empty = 0;
        let mut q = p + 1;
        while q != x {
            let node = links::get(&self.nodes, q);
            if node.top == 0 {
                q = node.ulink;
            } else {
                if links::get(&self.nodes, node.top).top == 0 {
                    empty += 1;
                }
                q += 1;
            }
        }
        empty
    }

    /// Uncommits the nodes of `x`'s option from `last` back to `x`
    /// (excluded), right to left: `last == x - 1` undoes
    /// [`DancingLinks::commit_others`], or a [`DancingLinks::commit_others_x`]
    /// that stopped after `last`.
    #[inline(always)]
    fn uncommit_from<const M: bool, const C: bool>(&mut self, x: u32, last: u32) {
        let mut p = last;
        while p != x {
            let node = links::get(&self.nodes, p);
            if node.top == 0 {
                p = node.dlink;
            } else {
                self.uncommit::<M, C>(p);
                p -= 1;
            }
        }
    }

    /// Exactly undoes [`DancingLinks::commit_others`], right to left.
    #[inline(always)]
    fn uncommit_others<const M: bool, const C: bool>(&mut self, x: u32) {
        self.uncommit_from::<M, C>(x, x - 1);
    }

    /// Commits every item of `x`'s option, `x`'s own first (with
    /// multiplicities).
    fn commit_all<const C: bool>(&mut self, x: u32) {
        self.commit::<true, C>(x);
        self.commit_others::<true, C>(x);
    }

    /// Exactly undoes [`DancingLinks::commit_all`].
    fn uncommit_all<const C: bool>(&mut self, x: u32) {
        self.uncommit_others::<true, C>(x);
        self.uncommit::<true, C>(x);
    }
}

/// Dancing links as the [`Solver`](crate::Solver)'s engine. The restrictions
/// at the root are Knuth's "initial choices": a forced option is tweaked out
/// of its lists and its items committed, an excluded one only tweaked; both
/// join the memo keys' list of removed options. The search is
/// [`DancingLinks::run`]; the paths and donation are in [`remainder`], the
/// keys in [`key`], probes and positions in [`probe`], the invariants in
/// [`check`].
impl Engine for DancingLinks {
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(self.clone())
    }

    fn name(&self) -> &'static str {
        "dlx"
    }

    fn reordered(&self, order: Option<&[usize]>) -> Option<Box<dyn Engine>> {
        // By MRV alone: no sweep.
        match order {
            None => Some(Box::new(DancingLinks::build(
                Arc::clone(&self.problem),
                self.seed,
            ))),
            Some(_) => None,
        }
    }

    fn num_options(&self) -> usize {
        self.option_first.len()
    }

    fn is_available(&self, option: usize) -> bool {
        DancingLinks::is_available(self, option)
    }

    fn force(&mut self, option: usize) {
        debug_assert!(self.stats.nodes == 0 && self.is_available(option));
        let x = self.option_first[option];
        self.tweak::<true>(x);
        self.commit_all::<true>(x);
        self.recount_empty_items();
        self.keys.root_removed.push(option as u32);
    }

    fn exclude(&mut self, option: usize) {
        debug_assert!(self.stats.nodes == 0 && self.is_available(option));
        self.tweak::<true>(self.option_first[option]);
        self.recount_empty_items();
        self.keys.root_removed.push(option as u32);
    }

    fn search(&mut self, budget: u64, limit: u64, memo: Option<&mut Memo>) -> (u64, Step) {
        match memo {
            None => self.search_with(budget, limit, &mut NoHooks),
            Some(memo) => self.search_with(budget, limit, memo),
        }
    }

    fn choices_into(&self, out: &mut Vec<usize>) {
        out.extend(self.levels.iter().filter_map(|lv| match lv.branch {
            Branch::Option(x) => Some(self.option_of(x)),
            Branch::Null | Branch::Done => None,
        }));
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn is_exhausted(&self) -> bool {
        self.state == State::Done
    }

    fn end(&mut self) {
        self.state = State::Done;
    }

    fn depth(&self) -> usize {
        self.levels.len()
    }

    fn current_path(&self) -> Subtree {
        DancingLinks::current_path(self)
    }

    fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>> {
        DancingLinks::remainder(self, max_entries)
    }

    fn donate(&mut self) -> Option<(Subtree, Subtree)> {
        DancingLinks::donate(self)
    }

    fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        DancingLinks::choice_positions(self, max_levels)
    }

    fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)> {
        DancingLinks::probe(self, rng, keep_going)
    }

    fn prepare_keys(&mut self) -> Vec<u64> {
        DancingLinks::prepare_keys(self)
    }

    fn state_key(&self, out: &mut Vec<u64>) {
        DancingLinks::state_key(self, out)
    }

    fn work(&self) -> u64 {
        DancingLinks::work(self)
    }

    fn copy_work(&self) -> u64 {
        // The node array (four words a node) dominates; the item arrays
        // come to about four words an item.
        (self.nodes.len() + 4 * self.llink.len()) as u64
    }

    fn current_branch(&self) -> Option<usize> {
        DancingLinks::current_branch(self)
    }

    fn check_invariants(&self) -> Result<(), String> {
        DancingLinks::check_invariants(self)
    }
}

/// [`DancingLinks::hide`]'s step at one node (not a spacer): unlink it
/// from its item's list, unless it is purified; count the update and, if the
/// list is now empty, the empty item (only a primary `LEN` reaches 0).
#[inline(always)]
fn hide_node<const C: bool, const E: bool>(
    nodes: &mut [Node],
    node: Node,
    updates: &mut u64,
    emptied: &mut u32,
) {
    let Node {
        top: x,
        ulink: u,
        dlink: d,
        color,
    } = node;
    if !C || color != PURIFIED {
        links::get_mut(nodes, u).dlink = d;
        links::get_mut(nodes, d).ulink = u;
        let len = links::get_mut(nodes, x).len_mut();
        *len -= 1;
        if E && *len == 0 {
            *emptied += 1;
        }
        *updates += 1;
    }
}

/// Exactly undoes [`hide_node`] for node `q`.
#[inline(always)]
fn unhide_node<const C: bool>(nodes: &mut [Node], node: Node, q: u32) {
    let Node {
        top: x,
        ulink: u,
        dlink: d,
        color,
    } = node;
    if !C || color != PURIFIED {
        links::get_mut(nodes, u).dlink = q;
        links::get_mut(nodes, d).ulink = q;
        *links::get_mut(nodes, x).len_mut() += 1;
    }
}

/// Appends node `q` at the bottom of item `item`'s vertical list.
fn append(nodes: &mut [Node], item: u32, q: u32) {
    let last = nodes[item as usize].ulink;
    nodes[q as usize].ulink = last;
    nodes[q as usize].dlink = item;
    nodes[last as usize].dlink = q;
    nodes[item as usize].ulink = q;
    *nodes[item as usize].len_mut() += 1;
}

/// Links `members` into a circular list with head `head`.
fn link_ring(llink: &mut [u32], rlink: &mut [u32], head: u32, members: &[u32]) {
    let mut prev = head;
    for &m in members {
        rlink[prev as usize] = m;
        llink[m as usize] = prev;
        prev = m;
    }
    rlink[prev as usize] = head;
    llink[head as usize] = prev;
}
