//! The cheapest solutions by branch and bound ([`BranchAndBound`]), in the
//! manner of Knuth's `dlx5`: Algorithm X on dancing links whose item lists
//! hold the options in order of increasing cost, with *item taxes* that
//! bound the cost of what is left to cover, and a *cutoff* (the cost of the
//! `k`-th best solution found so far) below which every branch must stay.
//!
//! The taxes: every primary item `i` is charged `tax(i)`, the least share
//! of an option's cost over its primary items (`cost(o) / |primary(o)|`,
//! rounded down, over the options `o` that contain `i`). An option's items
//! are never charged more than it costs, so the taxes of the items still to
//! cover are a lower bound of the cost of any way to cover them. A branch
//! that takes option `o` at cost `g` so far is cut when `g + cost(o)` plus
//! the taxes of the items left afterwards reaches the cutoff.
//!
//! That bound is `g + taxes left + tax(i) + net(o)` when item `i` is
//! branched on, where `net(o) = cost(o) - taxes(o)` is what the option costs
//! beyond its items' taxes: only `net(o)` changes from one option of `i` to
//! the next. So the item lists hold the options in order of increasing net
//! cost, and the first option cut ends the item's loop (for exact cover the
//! cost of a solution is exactly the sum of all the taxes plus the net costs
//! of its options: Knuth's observation behind dlx5's taxes).
//!
//! The search is the iterative loop of Algorithm X (TAOCP 7.2.2.1, steps
//! X1..X8) with an explicit stack, run in slices ([`BranchAndBound::step`]).
//! It handles primary items covered exactly once and secondary items at most
//! once; multiplicities and colors are for the solution graph
//! ([`crate::SolutionGraph::cheapest`]).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::{Error, Problem};

/// One level of the search stack.
#[derive(Debug, Clone, Copy)]
struct Level<C> {
    /// The item branched on (a header node).
    item: u32,
    /// The node of the option being tried (`item` before the first).
    x: u32,
    /// The cost of the options chosen above this level.
    g: C,
    /// The taxes of the primary items left once `item` is covered.
    rest: C,
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

/// The `k` cheapest solutions of a [`Problem`] by branch and bound (see the
/// [module](self) documentation), resumable in slices.
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
    /// Horizontal links of the active primary items; node 0 is the root of
    /// that list, items are nodes `1..=num_items`.
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// Vertical links of every node (headers and option entries).
    ulink: Vec<u32>,
    dlink: Vec<u32>,
    /// The header of each entry's item (headers: themselves).
    top: Vec<u32>,
    /// Options left in each item's list (by header).
    len: Vec<u32>,
    /// The option of each entry node (headers: unused).
    option_of: Vec<u32>,
    /// The entries of option `k` are nodes `start[k]..start[k + 1]`.
    start: Vec<u32>,
    /// Is item `i` (header `i + 1`) primary?
    primary: Vec<bool>,
    costs: Vec<C>,
    /// `tax[header]`: the item's tax (0 for secondary items).
    tax: Vec<C>,
    /// The taxes of each option's primary items together (at most its cost).
    option_tax: Vec<C>,
    /// The forced options (part of every solution) and their cost.
    forced: Vec<usize>,
    forced_cost: C,
    /// The search: its stack, where it stands, and its state.
    stack: Vec<Level<C>>,
    /// The cost and taxes left at the node about to be entered.
    g: C,
    rest: C,
    entering: bool,
    done: bool,
    k: usize,
    best: BinaryHeap<Kept<C>>,
    found: u64,
    nodes: u64,
}

impl<C: Cost> BranchAndBound<C> {
    /// A search for the `k` cheapest solutions of `problem` containing the
    /// `forced` options, `costs[option]` the cost of each option (at least
    /// as many as options; nonnegative).
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for a problem with multiplicities or colors;
    /// [`Error::UnknownOption`] for a forced option out of range;
    /// [`Error::TooLarge`] past the 32-bit node indices.
    pub fn new(problem: &Problem, costs: &[C], forced: &[usize], k: usize) -> Result<Self, Error> {
        if problem.has_multiplicities() || problem.has_colors() {
            return Err(Error::Unsupported {
                what: "branch and bound on a problem with multiplicities or colors",
            });
        }
        let n = problem.num_items();
        let m = problem.num_options();
        let total = n + 1 + problem.num_entries();
        if total >= u32::MAX as usize {
            return Err(Error::TooLarge { what: "problem" });
        }
        let primary: Vec<bool> = (0..n).map(|i| problem.item(i).primary).collect();
        let costs: Vec<C> = costs[..m].to_vec();
        // Headers 0..=n, then the options' entries back to back.
        let mut ulink: Vec<u32> = (0..=n as u32).collect();
        let mut dlink = ulink.clone();
        let mut top = ulink.clone();
        let mut option_of = vec![u32::MAX; n + 1];
        let mut start = Vec::with_capacity(m + 1);
        for k in 0..m {
            start.push(top.len() as u32);
            for item in problem.option(k) {
                top.push(item as u32 + 1);
                option_of.push(k as u32);
            }
        }
        start.push(top.len() as u32);
        ulink.resize(top.len(), 0);
        dlink.resize(top.len(), 0);
        let mut len = vec![0u32; n + 1];
        // The taxes.
        let mut tax: Vec<Option<C>> = vec![None; n + 1];
        for k in 0..m {
            let entries = start[k] as usize..start[k + 1] as usize;
            let p = entries
                .clone()
                .filter(|&x| primary[top[x] as usize - 1])
                .count();
            if p == 0 {
                continue;
            }
            let share = costs[k].share(p);
            for x in entries {
                let h = top[x] as usize;
                if primary[h - 1] && tax[h].map_or(true, |t| share.order(&t) == Ordering::Less) {
                    tax[h] = Some(share);
                }
            }
        }
        let tax: Vec<C> = tax.into_iter().map(|t| t.unwrap_or(C::ZERO)).collect();
        let option_tax: Vec<C> = (0..m)
            .map(|k| {
                (start[k]..start[k + 1]).fold(C::ZERO, |s, x| s.plus(tax[top[x as usize] as usize]))
            })
            .collect();
        // Item lists in order of increasing net cost (ties: option order).
        let net: Vec<C> = (0..m).map(|k| costs[k].minus(option_tax[k])).collect();
        let mut by_net: Vec<usize> = (0..m).collect();
        by_net.sort_by(|&a, &b| net[a].order(&net[b]).then(a.cmp(&b)));
        for &k in &by_net {
            for x in start[k]..start[k + 1] {
                let h = top[x as usize];
                let last = ulink[h as usize];
                ulink[x as usize] = last;
                dlink[x as usize] = h;
                dlink[last as usize] = x;
                ulink[h as usize] = x;
                len[h as usize] += 1;
            }
        }
        // The active list: primary items only.
        let mut llink = vec![0u32; n + 1];
        let mut rlink = vec![0u32; n + 1];
        let mut last = 0u32;
        for h in 1..=n as u32 {
            if primary[h as usize - 1] {
                rlink[last as usize] = h;
                llink[h as usize] = last;
                last = h;
            }
        }
        rlink[last as usize] = 0;
        llink[0] = last;
        let mut bb = BranchAndBound {
            llink,
            rlink,
            ulink,
            dlink,
            top,
            len,
            option_of,
            start,
            primary,
            costs,
            tax,
            option_tax,
            forced: Vec::new(),
            forced_cost: C::ZERO,
            stack: Vec::new(),
            g: C::ZERO,
            rest: C::ZERO,
            entering: true,
            done: k == 0,
            k,
            best: BinaryHeap::new(),
            found: 0,
            nodes: 0,
        };
        bb.force(forced)?;
        Ok(bb)
    }

    /// Covers the items of the forced options before the search; a forced
    /// option that clashes with another leaves no solution.
    fn force(&mut self, forced: &[usize]) -> Result<(), Error> {
        let n = self.primary.len();
        let mut covered = vec![false; n + 1];
        for &k in forced {
            if k + 1 >= self.start.len() {
                return Err(Error::UnknownOption { option: k });
            }
            let entries = self.start[k]..self.start[k + 1];
            if entries
                .clone()
                .any(|x| covered[self.top[x as usize] as usize])
            {
                self.done = true;
                return Ok(());
            }
            for x in entries {
                let h = self.top[x as usize];
                covered[h as usize] = true;
                self.cover(h);
            }
            self.forced.push(k);
            self.forced_cost = self.forced_cost.plus(self.costs[k]);
        }
        self.g = self.forced_cost;
        self.rest = (1..=n)
            .filter(|&h| self.primary[h - 1] && !covered[h])
            .fold(C::ZERO, |s, h| s.plus(self.tax[h]));
        Ok(())
    }

    /// Is `cost` at or past the cutoff (the `k`-th best cost, once `k`
    /// solutions are known)?
    fn cut(&self, cost: C) -> bool {
        self.best.len() == self.k
            && self
                .best
                .peek()
                .is_some_and(|worst| cost.order(&worst.cost) != Ordering::Less)
    }

    /// Searches for at most `budget` more nodes; `true` once the search is
    /// over (then [`BranchAndBound::best`] is final).
    pub fn step(&mut self, budget: u64) -> bool {
        let mut left = budget;
        while !self.done {
            if self.entering {
                // X2: all primary items covered? A solution.
                self.entering = false;
                if self.rlink[0] == 0 {
                    self.record();
                    continue;
                }
                if left == 0 {
                    self.entering = true;
                    return false;
                }
                left -= 1;
                self.nodes += 1;
                // X3: choose the item with the fewest options left.
                let mut i = self.rlink[0];
                let mut p = i;
                while p != 0 {
                    if self.len[p as usize] < self.len[i as usize] {
                        i = p;
                    }
                    p = self.rlink[p as usize];
                }
                // X4: cover it.
                self.cover(i);
                let rest = minus(self.rest, self.tax[i as usize]);
                self.stack.push(Level {
                    item: i,
                    x: i,
                    g: self.g,
                    rest,
                });
                continue;
            }
            // X5/X6: the next option of the top level (undoing the last one).
            let Some(&Level { item, x, g, rest }) = self.stack.last() else {
                self.done = true;
                break;
            };
            if x != item {
                self.uncover_others(x);
            }
            let mut next = self.dlink[x as usize];
            if next != item {
                let k = self.option_of[next as usize] as usize;
                let left_after = minus(rest, minus(self.option_tax[k], self.tax[item as usize]));
                if self.cut(g.plus(self.costs[k]).plus(left_after)) {
                    // Options come by increasing net cost, and so by
                    // increasing bound: none further fits.
                    next = item;
                }
            }
            if next == item {
                // X8: backtrack.
                self.uncover(item);
                self.stack.pop();
                continue;
            }
            let top = self.stack.len() - 1;
            self.stack[top].x = next;
            self.cover_others(next);
            let k = self.option_of[next as usize] as usize;
            self.g = g.plus(self.costs[k]);
            self.rest = minus(rest, minus(self.option_tax[k], self.tax[item as usize]));
            self.entering = true;
        }
        true
    }

    fn record(&mut self) {
        let cost = self.g;
        if self.cut(cost) {
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

    /// Search-tree nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Knuth's `cover(i)`: takes item `i` out of the active list (if
    /// primary) and hides every option in its list.
    fn cover(&mut self, i: u32) {
        let mut p = self.dlink[i as usize];
        while p != i {
            self.hide(p);
            p = self.dlink[p as usize];
        }
        if self.primary[i as usize - 1] {
            let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
            self.rlink[l as usize] = r;
            self.llink[r as usize] = l;
        }
    }

    /// Undoes `cover(i)`, in the reverse order.
    fn uncover(&mut self, i: u32) {
        if self.primary[i as usize - 1] {
            let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
            self.rlink[l as usize] = i;
            self.llink[r as usize] = i;
        }
        let mut p = self.ulink[i as usize];
        while p != i {
            self.unhide(p);
            p = self.ulink[p as usize];
        }
    }

    /// Knuth's `hide(p)`: unlinks the other entries of `p`'s option from
    /// their item lists.
    fn hide(&mut self, p: u32) {
        let k = self.option_of[p as usize] as usize;
        for q in self.start[k]..self.start[k + 1] {
            if q != p {
                let (u, d) = (self.ulink[q as usize], self.dlink[q as usize]);
                self.dlink[u as usize] = d;
                self.ulink[d as usize] = u;
                self.len[self.top[q as usize] as usize] -= 1;
            }
        }
    }

    fn unhide(&mut self, p: u32) {
        let k = self.option_of[p as usize] as usize;
        for q in (self.start[k]..self.start[k + 1]).rev() {
            if q != p {
                let (u, d) = (self.ulink[q as usize], self.dlink[q as usize]);
                self.dlink[u as usize] = q;
                self.ulink[d as usize] = q;
                self.len[self.top[q as usize] as usize] += 1;
            }
        }
    }

    /// X5: covers the items of `x`'s option other than `x`'s own.
    fn cover_others(&mut self, x: u32) {
        let k = self.option_of[x as usize] as usize;
        for q in self.start[k]..self.start[k + 1] {
            if q != x {
                self.cover(self.top[q as usize]);
            }
        }
    }

    /// X6: undoes [`BranchAndBound::cover_others`], in the reverse order.
    fn uncover_others(&mut self, x: u32) {
        let k = self.option_of[x as usize] as usize;
        for q in (self.start[k]..self.start[k + 1]).rev() {
            if q != x {
                self.uncover(self.top[q as usize]);
            }
        }
    }
}

/// `a - b` for the bounds (saturating at zero for integers).
fn minus<C: Cost>(a: C, b: C) -> C {
    a.minus(b)
}
