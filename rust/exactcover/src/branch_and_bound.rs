//! The cheapest solutions by branch and bound: [`BranchAndBound`].

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::{Error, Problem, Subtree};

/// How many options under the threshold the item choice counts in one
/// item's list before it settles for the list's length (`dlx5`'s
/// `lenthresh`).
pub const LOOKAHEAD: u32 = 10;

/// The `top` of a spacer node (between two options).
const SPACER: u32 = 0;
/// The color of an entry whose item its option need not purify any more:
/// the item was purified with the entry's own color.
const DONE: u32 = u32::MAX;

/// One node of the dancing links: an item's header (`1..=num_items`), an
/// option's entry, or a spacer before each option and after the last.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Vertical links. A spacer's `up` is the first entry of the option
    /// before it, its `down` the last entry of the option after it.
    up: u32,
    down: u32,
    /// The entry's item header; [`SPACER`] for spacers.
    top: u32,
    /// The entry's color code (0: none), or [`DONE`].
    color: u32,
}

/// One level of the search stack.
#[derive(Debug, Clone, Copy)]
struct Level<C> {
    /// The item branched on (a header node).
    item: u32,
    /// The entry of the option being tried.
    x: u32,
    /// The net cost of the options chosen above this level.
    g: C,
    /// The threshold `item` was covered with.
    thresh0: C,
    /// The threshold the other items of `x`'s option were covered with.
    thresh: C,
}

/// Where the search loop stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Entering a node (X2): net cost so far in `BranchAndBound::g`.
    Forward,
    /// The top level's option was just chosen: cover its other items (X5).
    Advance,
    /// Undo the top level's option and try its next one (X6, X7).
    Recover,
    Done,
}

/// A solution kept among the best: ordered by cost, then by the order found
/// (so the heap's top is the one to drop: the dearest, the latest of equals).
#[derive(Debug, Clone)]
struct Kept<C> {
    cost: C,
    found: u64,
    options: Vec<usize>,
}

impl<C: Cost> PartialEq for Kept<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Kept<C> {}
impl<C: Cost> PartialOrd for Kept<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Kept<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.cost
            .order(&other.cost)
            .then(self.found.cmp(&other.found))
    }
}

/// `a >= b` in the costs' total order.
fn reaches<C: Cost>(a: C, b: C) -> bool {
    a.order(&b) != Ordering::Less
}

/// The `k` cheapest solutions of a [`Problem`] by branch and bound,
/// resumable in slices, in the manner of Knuth's `dlx5`: Algorithm X on
/// dancing links whose item lists hold the options in order of increasing cost, with *item taxes* that
/// make the costs sharper, and a *cutoff* (the cost of the `k`-th best
/// solution found so far) below which every branch must stay.
///
/// **Taxes.** The primary items are taxed one after the other: item `i`
/// pays `tax(i)`, the least *net cost* of an option through it, and that
/// tax comes off the net cost of every option through `i` (the net cost of
/// an option starts as its cost). Afterwards every net cost is still
/// nonnegative and every item has an option of net cost 0 (when it was
/// taxed). A solution covers each primary item once, so its cost is the sum
/// of all the taxes (a constant, the *base*) plus the net costs of its
/// options: the search adds up net costs only, and a branch whose net cost
/// so far plus the net cost of the next option reaches the cutoff (less the
/// base) is cut. The options forced into every solution are taken out
/// before the taxes are assessed.
///
/// **Cutoff.** Each item's list holds its options by increasing net cost,
/// so the first option cut ends the item's loop (step X5/X6), and an item
/// whose first option is cut ends the node.
///
/// **Cleansing.** Covering an item hides only the options of its list that
/// could still be chosen below: those whose net cost is under the node's
/// *threshold* (the cutoff, less the net cost so far and that of the option
/// being tried). The dearer ones stay in the other items' lists; they sit
/// past the threshold of every node below, which only shrinks, so they are
/// never reached there. Uncovering walks the same prefix of the same list,
/// top to bottom as the cover did (Knuth's observation that the dance
/// undoes itself in that order too), so the thresholds are kept per level.
///
/// **Lookahead** (step X3). The item to branch on is the one with the
/// fewest options under the threshold, counting at most
/// 10 of them (`dlx5`'s `lenthresh`) (past that, its whole list's length); among equals,
/// the one whose cheapest option is dearest (that cost must be paid). The
/// same walk over the active items gives two lower bounds of what is left:
/// the dearest first option of an item, and the sum of the first options'
/// net costs over the most primary items an option has (each option's net
/// cost spread over its primary items). A node where either reaches the
/// threshold is cut.
///
/// **Colors** (Algorithm C, as in `dlx2`/`dlx5`): choosing an option that
/// gives a secondary item a color *purifies* the item: the options of its
/// list with another color are hidden (under the threshold), those of the
/// same color are marked so that choosing them later leaves the item
/// alone. Multiplicities are for the solution graph
/// ([`crate::SolutionGraph::cheapest`]).
///
/// The search is the iterative loop of Algorithm X (TAOCP 7.2.2.1, steps
/// X1..X8) with an explicit stack, run in slices ([`BranchAndBound::step`]).
///
/// ```
/// use exactcover::{BranchAndBound, Problem};
///
/// // Cover {0, 1}: by the pair (cost 5) or by two singles (2 + 2).
/// let mut p = Problem::with_items(2, 0);
/// p.add_option([0, 1]).unwrap();
/// p.add_option([0]).unwrap();
/// p.add_option([1]).unwrap();
/// let mut bb = BranchAndBound::new(&p, &[5u64, 2, 2], &[], 2).unwrap();
/// while !bb.step(1000) {}
/// assert_eq!(bb.best(), [(4, vec![1, 2]), (5, vec![0])]);
/// ```
#[derive(Debug, Clone)]
pub struct BranchAndBound<C: Cost> {
    /// Headers `0..=num_items` (0: the root of the active list; primary
    /// items first, `1..second`), then the options' entries, each option
    /// after a spacer, and a spacer after the last.
    nodes: Vec<Node>,
    /// Horizontal links of the active primary items (by header).
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// Options left in each primary item's list (by header); it counts
    /// options left there past the threshold too.
    len: Vec<u32>,
    /// The first secondary header: headers below it are primary.
    second: u32,
    /// The net cost of each entry's option (headers, spacers: zero).
    net: Vec<C>,
    /// The option of each entry (headers, spacers: `u32::MAX`).
    option_of: Vec<u32>,
    /// The costs, by option.
    costs: Vec<C>,
    /// The most primary items an option has (at least 1): the divisor of
    /// the spread lower bound.
    widest: usize,
    /// The forced options (part of every solution) and their cost.
    forced: Vec<usize>,
    forced_cost: C,
    /// The forced options' cost plus the taxes of the primary items left:
    /// a solution's cost is `base` plus its options' net costs.
    base: C,
    /// The net cost every branch must stay under: the `k`-th best cost less
    /// `base` (plus the costs' rounding margin), or [`Cost::MAX`].
    cutoff: C,
    /// The search: its stack, where it stands, and the net cost so far.
    stack: Vec<Level<C>>,
    state: State,
    g: C,
    k: usize,
    best: BinaryHeap<Kept<C>>,
    found: u64,
    visited: u64,
}

impl<C: Cost> BranchAndBound<C> {
    /// A search for the `k` cheapest solutions of `problem` containing the
    /// `forced` options (an option forced twice is forced once),
    /// `costs[option]` the cost of each option (at least as many as
    /// options; nonnegative).
    ///
    /// # Panics
    ///
    /// If `costs` is shorter than the problem's options.
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for a problem with multiplicities;
    /// [`Error::UnknownOption`] for a forced option out of range;
    /// [`Error::TooLarge`] past the 32-bit node indices.
    pub fn new(problem: &Problem, costs: &[C], forced: &[usize], k: usize) -> Result<Self, Error> {
        Self::build(problem, costs, forced, &[], k)
    }

    /// A search for the `k` cheapest solutions of `problem` in `subtree`:
    /// those containing its forced options and none of its excluded ones
    /// (the solutions [`Solver::restrict`](crate::Solver::restrict) leaves).
    /// Otherwise as [`BranchAndBound::new`]; an excluded option out of range
    /// is an [`Error::UnknownOption`] too.
    ///
    /// ```
    /// use exactcover::{BranchAndBound, Problem, Subtree};
    ///
    /// let mut p = Problem::with_items(2, 0);
    /// p.add_option([0, 1]).unwrap();
    /// p.add_option([0]).unwrap();
    /// p.add_option([1]).unwrap();
    /// let subtree = Subtree { forced: vec![], excluded: vec![1] };
    /// let mut bb = BranchAndBound::within(&p, &[5u64, 2, 2], &subtree, 2).unwrap();
    /// while !bb.step(1000) {}
    /// assert_eq!(bb.best(), [(5, vec![0])]);
    /// ```
    pub fn within(
        problem: &Problem,
        costs: &[C],
        subtree: &Subtree,
        k: usize,
    ) -> Result<Self, Error> {
        Self::build(problem, costs, &subtree.forced, &subtree.excluded, k)
    }

    fn build(
        problem: &Problem,
        costs: &[C],
        forced: &[usize],
        excluded: &[usize],
        k: usize,
    ) -> Result<Self, Error> {
        if problem.has_multiplicities() {
            return Err(Error::Unsupported {
                what: "branch and bound on a problem with multiplicities",
            });
        }
        let n = problem.num_items();
        let m = problem.num_options();
        if n + 2 * m + 2 + problem.num_entries() >= u32::MAX as usize {
            return Err(Error::TooLarge { what: "problem" });
        }
        if let Some(&bad) = forced.iter().chain(excluded).find(|&&o| o >= m) {
            return Err(Error::UnknownOption { option: bad });
        }
        assert!(
            costs.len() >= m,
            "BranchAndBound::new: {} costs for {m} options",
            costs.len()
        );
        let costs: Vec<C> = costs[..m].to_vec();
        // Headers: primary items first, in their order, then the secondary.
        let mut header = vec![0u32; n];
        let mut next = 1u32;
        for pass in [true, false] {
            for (i, h) in header.iter_mut().enumerate() {
                if problem.item(i).primary == pass {
                    *h = next;
                    next += 1;
                }
            }
        }
        let second = 1 + (0..n).filter(|&i| problem.item(i).primary).count() as u32;
        let mut bb = BranchAndBound {
            nodes: (0..=n as u32)
                .map(|h| Node {
                    up: h,
                    down: h,
                    top: h,
                    color: 0,
                })
                .collect(),
            llink: vec![0; n + 1],
            rlink: vec![0; n + 1],
            len: vec![0; n + 1],
            second,
            net: vec![C::ZERO; n + 1],
            option_of: vec![u32::MAX; n + 1],
            costs,
            widest: 1,
            forced: Vec::new(),
            forced_cost: C::ZERO,
            base: C::ZERO,
            cutoff: C::MAX,
            stack: Vec::new(),
            state: if k == 0 { State::Done } else { State::Forward },
            g: C::ZERO,
            k,
            best: BinaryHeap::new(),
            found: 0,
            visited: 0,
        };
        // The forced options: what they cover, and the colors they give.
        // `taken[h]`: 0 free, DONE covered, else the color given.
        let mut taken = vec![0u32; n + 1];
        let entries = |o: usize| {
            problem
                .option(o)
                .zip(problem.option_colors(o))
                .map(|(i, c)| (i, header[i], c.map_or(0, |c| c + 1)))
        };
        // Does option `o` fit beside what is taken? (A secondary item of
        // bound 0 forbids its options.)
        let fits = |taken: &[u32], o: usize| {
            entries(o).all(|(i, h, c)| {
                problem.item(i).hi > 0
                    && (taken[h as usize] == 0 || (c != 0 && taken[h as usize] == c))
            })
        };
        let mut out = vec![false; m];
        for &o in excluded {
            out[o] = true;
        }
        let mut once = vec![false; m];
        for &o in forced {
            if std::mem::replace(&mut once[o], true) {
                continue; // forced already
            }
            if out[o] || !fits(&taken, o) {
                bb.state = State::Done;
                return Ok(bb);
            }
            for (_, h, c) in entries(o) {
                taken[h as usize] = if c == 0 { DONE } else { c };
            }
            bb.forced.push(o);
            bb.forced_cost = bb.forced_cost.plus(bb.costs[o]);
        }
        // The options left, back to back after spacers.
        let mut by_item: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        let mut net: Vec<C> = bb.costs.clone();
        bb.nodes.push(spacer());
        bb.net.push(C::ZERO);
        bb.option_of.push(u32::MAX);
        for (o, &out) in out.iter().enumerate() {
            if out || !fits(&taken, o) {
                continue;
            }
            let first = bb.nodes.len() as u32;
            let mut primaries = 0;
            for (_, h, c) in entries(o) {
                if taken[h as usize] != 0 && c == taken[h as usize] {
                    // Same color as a forced option: nothing to purify.
                    bb.nodes.push(Node {
                        up: 0,
                        down: 0,
                        top: h,
                        color: DONE,
                    });
                } else {
                    bb.nodes.push(Node {
                        up: 0,
                        down: 0,
                        top: h,
                        color: c,
                    });
                }
                by_item[h as usize].push(bb.nodes.len() as u32 - 1);
                bb.option_of.push(o as u32);
                bb.net.push(C::ZERO);
                primaries += usize::from(h < second);
            }
            bb.widest = bb.widest.max(primaries);
            let last = bb.nodes.len() as u32 - 1;
            let before = first as usize - 1;
            bb.nodes[before].down = last;
            bb.nodes.push(Node {
                up: first,
                down: 0,
                top: SPACER,
                color: 0,
            });
            bb.net.push(C::ZERO);
            bb.option_of.push(u32::MAX);
        }
        // The taxes, item by item (dlx5's order: the items' own).
        for h in 1..second as usize {
            if taken[h] != 0 {
                continue;
            }
            let Some(least) = by_item[h]
                .iter()
                .map(|&x| net[bb.option_of[x as usize] as usize])
                .min_by(|a, b| a.order(b))
            else {
                continue;
            };
            if least.order(&C::ZERO) != Ordering::Greater {
                continue;
            }
            bb.base = bb.base.plus(least);
            for &x in &by_item[h] {
                let o = bb.option_of[x as usize] as usize;
                net[o] = net[o].minus(least);
            }
        }
        bb.base = bb.base.plus(bb.forced_cost);
        // Item lists by increasing net cost (ties: option order).
        for (h, list) in by_item.iter_mut().enumerate() {
            list.sort_by(|&a, &b| {
                let (oa, ob) = (bb.option_of[a as usize], bb.option_of[b as usize]);
                net[oa as usize].order(&net[ob as usize]).then(oa.cmp(&ob))
            });
            let mut last = h as u32;
            for &x in list.iter() {
                bb.nodes[x as usize].up = last;
                bb.nodes[last as usize].down = x;
                last = x;
            }
            bb.nodes[last as usize].down = h as u32;
            bb.nodes[h].up = last;
            bb.len[h] = list.len() as u32;
        }
        for x in n + 1..bb.nodes.len() {
            if bb.option_of[x] != u32::MAX {
                bb.net[x] = net[bb.option_of[x] as usize];
            }
        }
        // The active list: the primary items not covered by forced options.
        let mut last = 0u32;
        for h in 1..second {
            if taken[h as usize] == 0 {
                bb.rlink[last as usize] = h;
                bb.llink[h as usize] = last;
                last = h;
            }
        }
        bb.rlink[last as usize] = 0;
        bb.llink[0] = last;
        Ok(bb)
    }

    /// The net cost the options at a level of net cost `g` must stay
    /// under, `depth` levels being above it: the cutoff less `g`, and never
    /// more than the threshold of the level above (so that thresholds only
    /// shrink going down, whatever the rounding of float costs).
    fn budget(&self, g: C, depth: usize) -> C {
        let budget = self.cutoff.minus(g);
        match depth.checked_sub(1).map(|d| self.stack[d].thresh) {
            Some(above) if above.order(&budget) == Ordering::Less => above,
            _ => budget,
        }
    }

    /// Searches for at most `budget` more nodes; `true` once the search is
    /// over (then [`BranchAndBound::best`] is final).
    pub fn step(&mut self, budget: u64) -> bool {
        let mut left = budget;
        loop {
            match self.state {
                State::Done => return true,
                State::Forward => {
                    if left == 0 {
                        return false;
                    }
                    left -= 1;
                    self.visited += 1;
                    self.forward();
                }
                State::Advance => self.advance(),
                State::Recover => self.recover(),
            }
        }
    }

    /// X2..X4 at a node of net cost `self.g` with primary items left:
    /// choose the item (or find the node dead), cover it and try its first
    /// option.
    fn forward(&mut self) {
        if self.rlink[0] == 0 {
            // Only the root can get here (later solutions are recorded
            // when their last option is chosen): no primary item at all.
            self.record();
            self.state = State::Done;
            return;
        }
        let budget = self.budget(self.g, self.stack.len());
        let Some(item) = self.choose(budget) else {
            self.backdown();
            return;
        };
        let first = self.nodes[item as usize].down;
        let thresh0 = budget.minus(self.net[first as usize]);
        self.cover(item, thresh0);
        self.stack.push(Level {
            item,
            x: first,
            g: self.g,
            thresh0,
            thresh: thresh0,
        });
        self.state = State::Advance;
    }

    /// X3 with `dlx5`'s lookahead (see the [module](self) documentation):
    /// the item to branch on, or `None` if this node cannot beat the cutoff.
    fn choose(&self, budget: C) -> Option<u32> {
        let mut best = 0u32;
        let mut best_len = u32::MAX;
        let mut best_min = C::ZERO;
        let mut spread = C::ZERO;
        let mut i = self.rlink[0];
        while i != 0 {
            let first = self.nodes[i as usize].down;
            if first == i {
                return None;
            }
            let least = self.net[first as usize];
            if reaches(least, budget) {
                return None;
            }
            spread = spread.plus(least);
            // Count the options under the threshold, up to what would win.
            let mut s = 1u32;
            let mut p = self.nodes[first as usize].down;
            let better = loop {
                if p == i || reaches(self.net[p as usize], budget) {
                    break true;
                }
                if s == best_len {
                    break false;
                }
                if s >= LOOKAHEAD {
                    s = self.len[i as usize];
                    break true;
                }
                s += 1;
                p = self.nodes[p as usize].down;
            };
            if better
                && (s < best_len || (s == best_len && least.order(&best_min) == Ordering::Greater))
            {
                best = i;
                best_len = s;
                best_min = least;
            }
            i = self.rlink[i as usize];
        }
        if reaches(spread.share(self.widest), budget) {
            return None;
        }
        Some(best)
    }

    /// X5: the top level's option is chosen; cover its other items, then
    /// record a solution or go down.
    fn advance(&mut self) {
        let top = self.stack.len() - 1;
        let Level { x, g, thresh, .. } = self.stack[top];
        self.cover_others(x, thresh);
        let g = g.plus(self.net[x as usize]);
        if self.rlink[0] == 0 {
            self.visited += 1;
            self.g = g;
            self.record();
            self.state = State::Recover;
        } else {
            self.g = g;
            self.state = State::Forward;
        }
    }

    /// X6/X7: undo the top level's option and take its next one under the
    /// cutoff, or X8: backtrack.
    fn recover(&mut self) {
        let top = self.stack.len() - 1;
        let Level {
            item,
            x,
            g,
            thresh0,
            thresh,
        } = self.stack[top];
        self.uncover_others(x, thresh);
        let next = self.nodes[x as usize].down;
        let budget = self.budget(g, top);
        if next == item || reaches(self.net[next as usize], budget) {
            // Options come by increasing net cost: none further fits.
            self.uncover(item, thresh0);
            self.stack.pop();
            self.backdown();
            return;
        }
        self.stack[top].x = next;
        self.stack[top].thresh = budget.minus(self.net[next as usize]);
        self.state = State::Advance;
    }

    /// Back to the level above (or the end of the search).
    fn backdown(&mut self) {
        self.state = if self.stack.is_empty() {
            State::Done
        } else {
            State::Recover
        };
    }

    /// A solution: the options of the stack (and the forced ones).
    fn record(&mut self) {
        let mut cost = self.forced_cost;
        for level in &self.stack {
            cost = cost.plus(self.costs[self.option_of[level.x as usize] as usize]);
        }
        let full = self.best.len() == self.k;
        if full
            && self
                .best
                .peek()
                .is_some_and(|worst| reaches(cost, worst.cost))
        {
            return;
        }
        let mut options = self.forced.clone();
        options.extend(
            self.stack
                .iter()
                .map(|level| self.option_of[level.x as usize] as usize),
        );
        self.best.push(Kept {
            cost,
            found: self.found,
            options,
        });
        self.found += 1;
        if self.best.len() > self.k {
            self.best.pop();
        }
        if self.best.len() == self.k {
            if let Some(worst) = self.best.peek() {
                self.cutoff = worst.cost.minus(self.base).plus(worst.cost.margin());
            }
        }
    }

    /// The best solutions found so far (all of them, once
    /// [`BranchAndBound::step`] returned `true`): `(cost, options)` pairs,
    /// cheapest first, equal costs in the order found; each solution's
    /// options are the forced ones, then in the order chosen.
    pub fn best(&self) -> Vec<(C, Vec<usize>)> {
        let mut kept: Vec<&Kept<C>> = self.best.iter().collect();
        kept.sort();
        kept.into_iter()
            .map(|s| (s.cost, s.options.clone()))
            .collect()
    }

    /// Search-tree nodes visited so far, counted as `dlx5` counts them:
    /// every node entered, and every solution reached.
    pub fn nodes(&self) -> u64 {
        self.visited
    }

    /// Knuth's `cover(i)` with `dlx5`'s threshold: takes item `i` out of
    /// the active list (if primary) and hides the options of its list whose
    /// net cost is under `thresh`.
    fn cover(&mut self, i: u32, thresh: C) {
        if i < self.second {
            let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
            self.rlink[l as usize] = r;
            self.llink[r as usize] = l;
        }
        let mut p = self.nodes[i as usize].down;
        while p != i && !reaches(self.net[p as usize], thresh) {
            self.hide(p);
            p = self.nodes[p as usize].down;
        }
    }

    /// Undoes `cover(i, thresh)`: the same options, in the same order.
    fn uncover(&mut self, i: u32, thresh: C) {
        let mut p = self.nodes[i as usize].down;
        while p != i && !reaches(self.net[p as usize], thresh) {
            self.unhide(p);
            p = self.nodes[p as usize].down;
        }
        if i < self.second {
            let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
            self.rlink[l as usize] = i;
            self.llink[r as usize] = i;
        }
    }

    /// Knuth's `hide(p)`: unlinks the other entries of `p`'s option from
    /// their item lists (but not from items it has been purified for).
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            if node.color != DONE {
                self.nodes[node.up as usize].down = node.down;
                self.nodes[node.down as usize].up = node.up;
                if node.top < self.second {
                    self.len[node.top as usize] -= 1;
                }
            }
            q += 1;
        }
    }

    /// Undoes `hide(p)` (in the same order: the links come back all the
    /// same, each node having kept its own).
    fn unhide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            if node.color != DONE {
                self.nodes[node.up as usize].down = q;
                self.nodes[node.down as usize].up = q;
                if node.top < self.second {
                    self.len[node.top as usize] += 1;
                }
            }
            q += 1;
        }
    }

    /// Knuth's `purify(p)` with the threshold: hides the options of `p`'s
    /// (secondary) item that give it another color, and marks those of
    /// `p`'s color as done with it.
    fn purify(&mut self, p: u32, thresh: C) {
        let Node { top, color, .. } = self.nodes[p as usize];
        let mut r = self.nodes[top as usize].down;
        while r != top && !reaches(self.net[r as usize], thresh) {
            if self.nodes[r as usize].color != color {
                self.hide(r);
            } else if r != p {
                self.nodes[r as usize].color = DONE;
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// Undoes `purify(p, thresh)`, in the same order.
    fn unpurify(&mut self, p: u32, thresh: C) {
        let Node { top, color, .. } = self.nodes[p as usize];
        let mut r = self.nodes[top as usize].down;
        while r != top && !reaches(self.net[r as usize], thresh) {
            if self.nodes[r as usize].color == DONE {
                self.nodes[r as usize].color = color;
            } else if r != p {
                self.unhide(r);
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// X5: covers (or purifies) the items of `x`'s option other than `x`'s
    /// own, left to right.
    fn cover_others(&mut self, x: u32, thresh: C) {
        let mut q = x + 1;
        while q != x {
            let node = self.nodes[q as usize];
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            if node.color == 0 {
                self.cover(node.top, thresh);
            } else if node.color != DONE {
                self.purify(q, thresh);
            }
            q += 1;
        }
    }

    /// X6: undoes [`BranchAndBound::cover_others`], right to left.
    fn uncover_others(&mut self, x: u32, thresh: C) {
        let mut q = x - 1;
        while q != x {
            let node = self.nodes[q as usize];
            if node.top == SPACER {
                q = node.down;
                continue;
            }
            if node.color == 0 {
                self.uncover(node.top, thresh);
            } else if node.color != DONE {
                self.unpurify(q, thresh);
            }
            q -= 1;
        }
    }
}

/// A spacer node, its links to be set.
fn spacer() -> Node {
    Node {
        up: 0,
        down: 0,
        top: SPACER,
        color: 0,
    }
}
