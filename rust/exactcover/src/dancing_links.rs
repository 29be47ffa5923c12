//! The Dancing Links engine: Knuth's Algorithm X (TAOCP 7.2.2.1) and its generalization to
//! multiplicities, Algorithm M, written as a resumable state machine.
//!
//! # Memory layout (as in Knuth's dlx1)
//!
//! All links are `u32` indices into one array of [`Node`]s:
//!
//! * node 0 is unused;
//! * nodes `1..=N` are the item headers: item `i` (internal numbering, one more
//!   than the caller's) heads the vertical list of the options that contain it,
//!   and its `top` field holds `LEN(i)`, the length of that list;
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

use crate::problem::Problem;
use crate::rng::SplitMix64;
use crate::solver::{Stats, Step};
use crate::Error;

mod remainder;

/// A node's path below the root as plain data: the options it forces and the
/// options it excludes (see [`DancingLinks::current_path`]).
pub(crate) type Path = (Vec<usize>, Vec<usize>);

/// `Level::node` value meaning "the null branch: this item takes no option".
const NULL_BRANCH: u32 = u32::MAX;

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
    /// Header: `LEN`, the number of options in the item's list (plus
    /// [`SECONDARY_LEN_BIAS`] for a secondary item).
    /// Option entry: its item (`1..=N`). Spacer: 0.
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

/// What the search has decided at one level of the tree.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The item branched on at this level.
    item: u32,
    /// The option node being tried, or [`NULL_BRANCH`].
    node: u32,
    /// Was the item's bound at least 2 when it was chosen (tweaking branches)?
    wide: bool,
    /// Wide levels: the length of the tweak stack when this level began.
    /// Others: [`DancingLinks::empty_items`] once the item was covered (X4),
    /// restored when a branch is undone (without multiplicities; the field
    /// keeps `Level` at 16 bytes, which Algorithm M's loop feels).
    base: u32,
}

/// Where the state machine resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Enter a new level: look for a solution or an item to branch on.
    Enter,
    /// Try the branch recorded at the top level.
    Try,
    /// Undo the top level's branch and move on to its next one.
    Backtrack,
    /// Every solution has been visited.
    Done,
}

/// The outcome of the item-selection step.
enum Choice {
    Solved,
    DeadEnd,
    Item(u32),
}

/// What a layer above the engine sees of the search: memoized counting and
/// the solution graph ([`crate::memo`]) are such layers. The search loop calls
/// these at its steps; with [`NoHooks`] (`ACTIVE == false`) the calls compile
/// away, so plain search pays nothing for the seam.
///
/// The calls nest like the search tree: every node is [`Hooks::enter`]ed,
/// then either skipped (`enter` returned true), or found [`Hooks::solved`] or
/// a [`Hooks::dead_end`], or it [`Hooks::branch`]es: it becomes the top level,
/// its children are entered one after the other, and [`Hooks::leave`] is called
/// once the level has tried all its branches and been popped. During a call,
/// the top level (if any) is the parent of the node concerned, and
/// [`DancingLinks::current_branch`] tells which branch of it led here.
pub(crate) trait Hooks {
    /// False for [`NoHooks`]: the search loop skips every call.
    const ACTIVE: bool;
    /// A node is entered, before an item is chosen. Returning true skips the
    /// node's subtree (the hooks accounted for its solutions).
    fn enter(&mut self, engine: &DancingLinks) -> bool;
    /// The node just entered is a solution (no primary item is left).
    fn solved(&mut self, engine: &DancingLinks);
    /// The node just entered is a dead end (an item cannot be covered).
    fn dead_end(&mut self, engine: &DancingLinks);
    /// The node just entered branches: it is now the top level.
    fn branch(&mut self, engine: &DancingLinks);
    /// The top level tried all its branches and was popped.
    fn leave(&mut self, engine: &DancingLinks);
}

/// The hooks of the plain search: none.
pub(crate) struct NoHooks;

impl Hooks for NoHooks {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn enter(&mut self, _: &DancingLinks) -> bool {
        false
    }
    #[inline(always)]
    fn solved(&mut self, _: &DancingLinks) {}
    #[inline(always)]
    fn dead_end(&mut self, _: &DancingLinks) {}
    #[inline(always)]
    fn branch(&mut self, _: &DancingLinks) {}
    #[inline(always)]
    fn leave(&mut self, _: &DancingLinks) {}
}

/// What [`DancingLinks::state_key`] needs beyond the engine's links: fixed for
/// one problem and root (see [`DancingLinks::key_layout`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct KeyLayout {
    /// Items whose bound can be 2 or more (their remaining bound is state).
    wide_items: Vec<u32>,
    /// Secondary items that some option colors (their purified color is state).
    colorable: Vec<u32>,
    /// Options forced or excluded at the root.
    root_removed: Vec<u32>,
}

/// The dancing-links search state (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct DancingLinks {
    nodes: Vec<Node>,
    /// Horizontal links of the item lists; index 0 heads the primary list and
    /// `N + 1` the secondary list.
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// Remaining capacity of each item (Algorithm M). In the fast path it is only
    /// maintained for forced options.
    bound: Vec<u32>,
    /// `hi - lo` for each item.
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
    /// First node of each option, ascending; maps nodes back to options.
    option_first: Vec<u32>,
    /// Options forced before the search, in the order given.
    forced: Vec<u32>,
    /// Options forced or excluded before the search (empty until the first).
    removed: Vec<bool>,
    /// Levels at which the search stops to report a subtree (see
    /// [`DancingLinks::split`]); `usize::MAX` normally.
    depth_cap: usize,
    /// Set when the search stopped at `depth_cap`.
    at_cap: bool,
    /// The search stack.
    levels: Vec<Level>,
    /// Options tweaked out by wide levels, innermost last.
    tweaks: Vec<u32>,
    state: State,
    /// Does the problem need Algorithm M?
    multi: bool,
    /// Does the problem have colors (Algorithm C)?
    colored: bool,
    stats: Stats,
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
        Self::build(problem, seed)
    }

    fn build(problem: &Problem, seed: Option<u64>) -> DancingLinks {
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
        if let Some(rng) = rng.as_mut() {
            rng.shuffle(&mut primary);
        }
        link_ring(&mut llink, &mut rlink, 0, &primary);
        link_ring(&mut llink, &mut rlink, secondary_head as u32, &secondary);

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
            bound,
            slack,
            empty_items,
            partial: 0,
            option_first,
            forced: Vec::new(),
            removed: Vec::new(),
            depth_cap: usize::MAX,
            at_cap: false,
            levels: Vec::with_capacity(n_options + n_primary + 1),
            tweaks: Vec::with_capacity(n_options),
            state: State::Enter,
            multi: problem.has_multiplicities(),
            colored: problem.has_colors(),
            stats: Stats::default(),
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

    /// Requires option `option` in every solution (an "initial choice").
    ///
    /// Returns `Ok(true)` if the option was compatible with the options forced so
    /// far, `Ok(false)` if it contradicts them, in which case the problem has no
    /// solutions any more. Forcing an option that is already forced changes
    /// nothing: a choice required twice is required once (a subtree of
    /// [`crate::Solver::split`] repeats the root's forced options). Fails if
    /// the option does not exist or the search has already started.
    pub(crate) fn force(&mut self, option: usize) -> Result<bool, Error> {
        if !self.prepare_restriction(option)? {
            return Ok(false);
        }
        if self.forced.contains(&(option as u32)) {
            return Ok(true);
        }
        if !self.is_available(option) {
            self.state = State::Done;
            return Ok(false);
        }
        let x = self.option_first[option];
        self.removed[option] = true;
        self.forced.push(option as u32);
        self.tweak::<true>(x);
        self.commit_all::<true>(x);
        self.recount_empty_items();
        Ok(true)
    }

    /// Removes an option from the problem before the search starts (no solution
    /// will contain it). Excluding an option that is already unavailable does
    /// nothing; excluding a forced option leaves no solutions.
    pub(crate) fn exclude(&mut self, option: usize) -> Result<(), Error> {
        if !self.prepare_restriction(option)? {
            return Ok(());
        }
        if self.forced.contains(&(option as u32)) {
            self.state = State::Done;
        } else if self.is_available(option) {
            self.removed[option] = true;
            self.tweak::<true>(self.option_first[option]);
            self.recount_empty_items();
        }
        Ok(())
    }

    /// Checks that `option` may be forced or excluded now; returns false if the
    /// problem is already contradictory.
    fn prepare_restriction(&mut self, option: usize) -> Result<bool, Error> {
        if option >= self.option_first.len() {
            return Err(Error::UnknownOption { option });
        }
        if self.stats.nodes > 0 {
            return Err(Error::SearchStarted);
        }
        if self.removed.is_empty() {
            self.removed = vec![false; self.option_first.len()];
        }
        // State::Done before any node: an earlier forced option was contradictory.
        Ok(self.state != State::Done)
    }

    /// Is `option` still in the lists (before the search)? It is unless it was
    /// forced or excluded, one of its items is saturated, or it conflicts with
    /// the color of a purified item.
    fn is_available(&self, option: usize) -> bool {
        let x = self.option_first[option];
        !self.removed[option]
            && self.option_nodes(x).all(|q| {
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

    /// Counts solutions without stopping at each: runs until `limit` more
    /// solutions have been found ([`Step::Solution`]), the search is over
    /// ([`Step::Exhausted`]) or `budget` nodes have been visited
    /// ([`Step::Paused`]). Returns the number of solutions found by this call.
    pub(crate) fn count_step(&mut self, budget: u64, limit: u64) -> (u64, Step) {
        self.count_step_with(budget, limit, &mut NoHooks)
    }

    /// Like [`DancingLinks::count_step`], telling `hooks` what the search does
    /// (see [`Hooks`]).
    pub(crate) fn count_step_with<H: Hooks>(
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

    /// The options of the current solution: forced first, then by level.
    pub(crate) fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.forced.iter().map(|&k| k as usize));
        out.extend(
            self.levels
                .iter()
                .filter(|lv| lv.node != NULL_BRANCH)
                .map(|lv| self.option_of(lv.node)),
        );
    }

    /// The option that node `x` belongs to.
    fn option_of(&self, x: u32) -> usize {
        self.option_first.partition_point(|&first| first <= x) - 1
    }

    /// Work done so far.
    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// Is the search over?
    pub(crate) fn is_exhausted(&self) -> bool {
        self.state == State::Done
    }

    /// Options forced and excluded at the root, before any search.
    pub(crate) fn root_restrictions(&self) -> (Vec<usize>, Vec<usize>) {
        let forced: Vec<usize> = self.forced.iter().map(|&k| k as usize).collect();
        let mut is_forced = vec![false; self.removed.len()];
        for &k in &forced {
            is_forced[k] = true;
        }
        let excluded = (0..self.removed.len())
            .filter(|&k| self.removed[k] && !is_forced[k])
            .collect();
        (forced, excluded)
    }

    /// See [`crate::Solver::choice_positions`].
    pub(crate) fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        let shown = self.levels.len().min(max_levels);
        let mut out = Vec::with_capacity(shown);
        for (l, level) in self.levels[..shown].iter().enumerate() {
            let i = level.item as usize;
            let len = self.nodes[i].top;
            let null = u32::from(self.multi && self.slack[i] > 0);
            let (k, d) = if level.wide {
                // Options this level has tweaked so far: up to the next wide
                // level's base.
                let end = self.levels[l + 1..]
                    .iter()
                    .find(|lv| lv.wide)
                    .map_or(self.tweaks.len(), |lv| lv.base as usize);
                let tried = end.saturating_sub(level.base as usize) as u32;
                let d = tried + len + 1;
                (
                    if level.node == NULL_BRANCH {
                        d
                    } else {
                        tried.max(1)
                    },
                    d,
                )
            } else {
                let d = len + null;
                if level.node == NULL_BRANCH || level.node == level.item {
                    (d, d)
                } else {
                    let mut k = 1;
                    let mut p = self.nodes[i].dlink;
                    while p != level.node && p != level.item {
                        k += 1;
                        p = self.nodes[p as usize].dlink;
                    }
                    (k, d)
                }
            };
            out.push((k.min(d.max(1)), d.max(1)));
        }
        out
    }

    /// The branch of the top level being explored: its option, or `None` for
    /// a null branch or at the root.
    pub(crate) fn current_branch(&self) -> Option<usize> {
        let level = self.levels.last()?;
        (level.node != NULL_BRANCH && level.node != level.item).then(|| self.option_of(level.node))
    }

    /// The options forced at the root, in the order given.
    pub(crate) fn forced_options(&self) -> impl Iterator<Item = usize> + '_ {
        self.forced.iter().map(|&k| k as usize)
    }

    /// The parts of the state that [`DancingLinks::state_key`] must read
    /// beyond the active items, for this problem and root.
    pub(crate) fn key_layout(&self) -> KeyLayout {
        let n = self.llink.len() - 2;
        let mut colorable = vec![false; n + 1];
        for node in &self.nodes[n + 2..] {
            if node.top != 0 && node.color != 0 {
                colorable[node.top as usize] = true;
            }
        }
        KeyLayout {
            wide_items: (1..=n as u32)
                .filter(|&i| self.multi && self.bound[i as usize] >= 2)
                .collect(),
            colorable: (1..=n as u32).filter(|&i| colorable[i as usize]).collect(),
            root_removed: (0..self.removed.len() as u32)
                .filter(|&k| self.removed[k as usize])
                .collect(),
        }
    }

    /// Writes into `out` a key that determines the sub-problem left at the
    /// current node: the active items (a bitset), the remaining bound of every
    /// active item that can take two or more options, the color of every
    /// active colorable item, and the options removed from the lists
    /// (forced or excluded at the root, tweaked by Algorithm M) whose items
    /// are all still active, sorted. The options still available are exactly
    /// those whose items are all active, that were not removed, and whose
    /// colors agree with the purified items; so two nodes with equal keys have
    /// the same solutions below them. Keys are compared whole, never by hash.
    pub(crate) fn state_key(&self, layout: &KeyLayout, out: &mut Vec<u64>) {
        out.clear();
        let n = self.llink.len() - 2;
        let words = (n + 1).div_ceil(64);
        out.resize(words, 0);
        for head in [0, n as u32 + 1] {
            let mut p = self.rlink[head as usize];
            while p != head {
                out[p as usize / 64] |= 1 << (p % 64);
                p = links::item(&self.rlink, p);
            }
        }
        let active = |out: &[u64], i: u32| out[i as usize / 64] >> (i % 64) & 1 == 1;
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

    /// Has the search started?
    pub(crate) fn started(&self) -> bool {
        self.stats.nodes > 0
    }

    /// Ends the search after its solutions were counted elsewhere (by parallel
    /// workers), adding their work to the statistics.
    pub(crate) fn finish(&mut self, work: Stats) {
        self.stats.nodes += work.nodes;
        self.stats.updates += work.updates;
        self.stats.solutions += work.solutions;
        self.state = State::Done;
    }

    /// The options chosen at each level of the current partial solution (forced
    /// options not included); the null branches of Algorithm M are left out.
    pub(crate) fn current_choices(&self) -> impl Iterator<Item = usize> + '_ {
        self.levels
            .iter()
            .filter(|lv| lv.node != NULL_BRANCH)
            .map(|lv| self.option_of(lv.node))
    }

    /// Depth of the search stack.
    pub(crate) fn depth(&self) -> usize {
        self.levels.len()
    }

    /// The search loop. `M` selects Algorithm M's bookkeeping and `C` Algorithm
    /// C's colors; with neither this is Algorithm X with secondary items.
    fn run<const M: bool, const C: bool, H: Hooks>(
        &mut self,
        mut budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step) {
        let mut found = 0u64;
        loop {
            match self.state {
                State::Enter => {
                    // X2/M2 [Enter level l].
                    if budget == 0 {
                        return (found, Step::Paused);
                    }
                    if self.levels.len() >= self.depth_cap {
                        // A subtree for `split`: report it, do not enter it.
                        self.at_cap = true;
                        self.state = State::Backtrack;
                        return (found, Step::Paused);
                    }
                    budget -= 1;
                    self.stats.nodes += 1;
                    if H::ACTIVE && hooks.enter(self) {
                        // The subtree is known: skip it.
                        self.state = State::Backtrack;
                        continue;
                    }
                    // X3/M3 [Choose i].
                    let choice = if M { self.choose_m() } else { self.choose_x() };
                    match choice {
                        Choice::Solved => {
                            if H::ACTIVE {
                                hooks.solved(self);
                            }
                            self.stats.solutions += 1;
                            found += 1;
                            self.state = State::Backtrack;
                            if found >= limit {
                                return (found, Step::Solution);
                            }
                        }
                        Choice::DeadEnd => {
                            if H::ACTIVE {
                                hooks.dead_end(self);
                            }
                            self.state = State::Backtrack;
                        }
                        Choice::Item(i) => {
                            // X4/M4 [Cover i] or prepare to tweak.
                            let iu = i as usize;
                            if !M || self.bound[iu] == 1 {
                                if M {
                                    self.bound[iu] = 0;
                                }
                                self.cover_at::<M, C>(i);
                                let first = self.nodes[iu].dlink;
                                self.levels.push(Level {
                                    item: i,
                                    node: first,
                                    wide: false,
                                    base: self.empty_items,
                                });
                            } else {
                                let base = self.tweaks.len() as u32;
                                self.levels.push(Level {
                                    item: i,
                                    node: i,
                                    wide: true,
                                    base,
                                });
                            }
                            if H::ACTIVE {
                                hooks.branch(self);
                            }
                            self.state = State::Try;
                        }
                    }
                }
                State::Try => {
                    let top = self.levels.len() - 1;
                    let Level {
                        item: i,
                        node: x,
                        wide,
                        base,
                    } = self.levels[top];
                    let iu = i as usize;
                    if !M || !wide {
                        if x != i {
                            // X5 [Try x_l]: cover the other items of option x.
                            if M {
                                self.commit_others::<M, C>(x);
                            } else {
                                self.commit_others_x::<C>(x);
                            }
                            self.state = State::Enter;
                        } else if M && self.slack[iu] > 0 {
                            // M5: all options tried; i may stay short of its bound.
                            self.levels[top].node = NULL_BRANCH;
                            self.state = State::Enter;
                        } else {
                            // X7 [Backtrack]: restore i and leave the level.
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
                            self.state = State::Backtrack;
                        }
                    } else {
                        // M5/M6 with bound(i) >= 2: include the first remaining
                        // option of i, excluding it afterwards (tweak).
                        let len = self.nodes[iu].top;
                        let need = self.bound[iu].saturating_sub(self.slack[iu]);
                        if len >= need.max(1) {
                            let x = self.nodes[iu].dlink;
                            self.tweak::<C>(x);
                            self.tweaks.push(x);
                            self.levels[top].node = x;
                            self.commit_all::<C>(x);
                            self.state = State::Enter;
                        } else if need == 0 {
                            // The null branch: i takes no more options. Its list
                            // is empty by now, so unlinking it suffices.
                            self.unlink_item(i);
                            self.levels[top].node = NULL_BRANCH;
                            self.state = State::Enter;
                        } else {
                            // M8 [Restore i]: too few options left for its lower bound.
                            self.untweak_to::<C>(base);
                            self.levels.pop();
                            if H::ACTIVE {
                                hooks.leave(self);
                            }
                            self.state = State::Backtrack;
                        }
                    }
                }
                State::Backtrack => {
                    // X8/M9 [Leave level l], then X6/M7 [Try again].
                    let Some(&Level {
                        item: i,
                        node: x,
                        wide,
                        base,
                    }) = self.levels.last()
                    else {
                        self.state = State::Done;
                        return (found, Step::Exhausted);
                    };
                    let iu = i as usize;
                    if M && x == NULL_BRANCH {
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
                    if !M || !wide {
                        // From the end of the option, or from where X5 stopped.
                        let last = if !M && self.partial != 0 {
                            std::mem::take(&mut self.partial)
                        } else {
                            x - 1
                        };
                        self.uncommit_from::<M, C>(x, last);
                        let top = self.levels.len() - 1;
                        self.levels[top].node = self.nodes[x as usize].dlink;
                    } else {
                        self.uncommit_all::<C>(x);
                    }
                    if !M {
                        self.empty_items = base;
                    }
                    self.state = State::Try;
                }
                State::Done => return (found, Step::Exhausted),
            }
        }
    }

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
    pub(crate) fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)> {
        debug_assert!(self.levels.is_empty() && self.state == State::Enter);
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
            let len = self.nodes[iu].top;
            if !M || self.bound[iu] == 1 {
                // As X4/M4 then X5 (or M5's null branch): cover i, then its
                // r-th option, or none when r == len.
                let d = len + u32::from(M && self.slack[iu] > 0);
                let r = rng.below(d as usize) as u32;
                if M {
                    self.bound[iu] = 0;
                }
                self.cover_at::<M, C>(i);
                let mut x = NULL_BRANCH;
                if r < len {
                    x = self.nodes[iu].dlink;
                    for _ in 0..r {
                        x = self.nodes[x as usize].dlink;
                    }
                    self.commit_others::<M, C>(x);
                }
                self.levels.push(Level {
                    item: i,
                    node: x,
                    wide: false,
                    base: 0,
                });
                weight *= f64::from(d);
            } else {
                // Branch r of a wide level: the first r options tweaked away,
                // then the next one included, or the null branch.
                let need = self.bound[iu] - self.bound[iu].min(self.slack[iu]);
                let d = len + 1 - need;
                let r = rng.below(d as usize) as u32;
                let base = self.tweaks.len() as u32;
                for _ in 0..r {
                    let x = self.nodes[iu].dlink;
                    self.tweak::<C>(x);
                    self.tweaks.push(x);
                }
                let mut x = NULL_BRANCH;
                if len - r >= need.max(1) {
                    x = self.nodes[iu].dlink;
                    self.tweak::<C>(x);
                    self.tweaks.push(x);
                    self.commit_all::<C>(x);
                } else {
                    self.unlink_item(i);
                }
                self.levels.push(Level {
                    item: i,
                    node: x,
                    wide: true,
                    base,
                });
                weight *= f64::from(d);
            }
        }
        let depth = self.levels.len();
        while let Some(Level {
            item: i,
            node: x,
            wide,
            base,
            ..
        }) = self.levels.pop()
        {
            if M && wide {
                if x == NULL_BRANCH {
                    self.relink_item(i);
                } else {
                    self.uncommit_all::<C>(x);
                }
                self.untweak_to::<C>(base);
            } else {
                if x != NULL_BRANCH {
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
        while p != 0 {
            let len = links::get(&self.nodes, p).top;
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
            let len = self.nodes[pu].top;
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
        self.nodes[i as usize].top -= 1;
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
        self.nodes[i as usize].top += 1;
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
    /// [`DancingLinks::empty_items`] with it).
    #[inline]
    fn unlink_item(&mut self, i: u32) {
        let (l, r) = (links::item(&self.llink, i), links::item(&self.rlink, i));
        *links::item_mut(&mut self.rlink, l) = r;
        *links::item_mut(&mut self.llink, r) = l;
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
    /// not count.
    #[inline(always)]
    fn commit_others_x<const C: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let node = links::get(&self.nodes, p);
            if node.top == 0 {
                p = node.ulink;
            } else {
                self.commit::<false, C>(p);
                if self.empty_items > 0 && self.empty_items > self.empty_ahead(p, x) {
                    self.partial = p;
                    return;
                }
                p += 1;
            }
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

    /// Checks the data structure's invariants: every list is doubly linked, every
    /// header's `LEN` is the length of its list, and the item rings are
    /// consistent. For tests; cost is linear in the size of the problem.
    #[doc(hidden)]
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        let n = self.llink.len() - 2;
        for i in 1..=n as u32 {
            let mut len = 0;
            let mut p = self.nodes[i as usize].dlink;
            let mut prev = i;
            while p != i {
                let node = self.nodes[p as usize];
                if node.top != i {
                    return Err(format!("node {p} in list {i} has top {}", node.top));
                }
                if node.ulink != prev {
                    return Err(format!(
                        "node {p} in list {i}: ulink {} != {prev}",
                        node.ulink
                    ));
                }
                len += 1;
                prev = p;
                p = node.dlink;
                if len > self.nodes.len() {
                    return Err(format!("list {i} does not close"));
                }
            }
            if self.nodes[i as usize].ulink != prev {
                return Err(format!("header {i}: ulink is not the last node"));
            }
            // (A secondary item's LEN carries the bias.)
            if self.nodes[i as usize].top & !SECONDARY_LEN_BIAS != len as u32 {
                return Err(format!(
                    "item {i}: LEN {} but {len} nodes",
                    self.nodes[i as usize].top
                ));
            }
        }
        let mut empty = 0;
        let mut p = self.rlink[0];
        while p != 0 && empty <= n {
            if self.nodes[p as usize].top == 0 {
                empty += 1;
            }
            p = self.rlink[p as usize];
        }
        if !self.multi && empty != self.empty_items as usize {
            return Err(format!(
                "{empty} active primary items are empty, empty_items says {}",
                self.empty_items
            ));
        }
        for head in [0, n as u32 + 1] {
            let mut p = self.rlink[head as usize];
            let mut prev = head;
            let mut steps = 0;
            while p != head {
                if self.llink[p as usize] != prev {
                    return Err(format!("item ring {head}: llink of {p} is wrong"));
                }
                prev = p;
                p = self.rlink[p as usize];
                steps += 1;
                if steps > n + 1 {
                    return Err(format!("item ring {head} does not close"));
                }
            }
        }
        Ok(())
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
        let len = &mut links::get_mut(nodes, x).top;
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
        links::get_mut(nodes, x).top += 1;
    }
}

/// Appends node `q` at the bottom of item `item`'s vertical list.
fn append(nodes: &mut [Node], item: u32, q: u32) {
    let last = nodes[item as usize].ulink;
    nodes[q as usize].ulink = last;
    nodes[q as usize].dlink = item;
    nodes[last as usize].dlink = q;
    nodes[item as usize].ulink = q;
    nodes[item as usize].top += 1;
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
