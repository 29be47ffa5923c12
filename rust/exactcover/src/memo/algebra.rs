//! The algebra of the [`SolutionGraph`]: what its DAG gives without searching
//! again. The cheapest solutions (a shortest path, and the `k` shortest, in
//! a DAG), the numbers of solutions by size and by cost (Knuth's generating
//! functions, `zddread -gf`), weighted draws, and the graph as the text of
//! Knuth's ZDD tools.
//!
//! Every pass relies on one invariant of the graph: a node's children have
//! smaller ids than the node (nodes are made when the search leaves them),
//! and node 0 is the sink. So one sweep of the ids in increasing order sees
//! every child before its parents.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fmt::Write as _;

use super::{SolutionGraph, NO_OPTION};
use crate::cost::Cost;
use crate::count::Count;
use crate::rng::SplitMix64;

/// A partial path of the k-shortest-paths walk: `f` is the cost of the
/// cheapest solution through it (exact: the cost so far plus the least cost
/// below `node`), `path` the indices of its edges. Ordered by `f`, then by
/// `path` lexicographically, which is the order in which a depth-first walk
/// of the graph meets the solutions: so ties come in the graph's order.
struct Partial<C> {
    f: C,
    g: C,
    node: u32,
    path: Vec<u32>,
}

impl<C: Cost> PartialEq for Partial<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Partial<C> {}
impl<C: Cost> PartialOrd for Partial<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Partial<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.f
            .order(&other.f)
            .then_with(|| self.path.cmp(&other.path))
    }
}

impl SolutionGraph {
    fn edge_range(&self, v: u32) -> std::ops::Range<usize> {
        let node = &self.nodes[v as usize];
        node.edges_start as usize..node.edges_end as usize
    }

    /// One more than the largest option of any solution (0 if none): the
    /// shortest `costs` or `weights` slice the methods below accept.
    pub fn option_bound(&self) -> usize {
        let labels = self
            .edges
            .iter()
            .map(|&(label, _)| label)
            .filter(|&l| l != NO_OPTION);
        labels
            .map(|l| l as usize + 1)
            .chain(self.forced.iter().map(|&k| k + 1))
            .max()
            .unwrap_or(0)
    }

    /// The least cost from each node to the sink (node 0: nothing).
    fn least_costs<C: Cost>(&self, costs: &[C]) -> Vec<C> {
        let mut least = vec![C::ZERO; self.nodes.len()];
        for v in 1..self.nodes.len() {
            let mut best: Option<C> = None;
            for &(label, child) in &self.edges[self.edge_range(v as u32)] {
                let c = label_cost(costs, label).plus(least[child as usize]);
                if best.map_or(true, |b| c.order(&b) == Ordering::Less) {
                    best = Some(c);
                }
            }
            least[v] = best.unwrap_or(C::ZERO);
        }
        least
    }

    /// The `k` cheapest solutions with their costs (`costs[option]`, summed),
    /// cheapest first; solutions of equal cost in the order of
    /// [`SolutionGraph::solutions`]. Fewer if there are fewer solutions.
    ///
    /// The least cost below every node is computed in one sweep; then a
    /// best-first walk from the root, whose estimate is exact, pops the
    /// solutions in order (the `k` shortest paths of the DAG): about
    /// `k * depth` pops when costs differ, and no more than a depth-first
    /// walk when they tie.
    ///
    /// # Panics
    ///
    /// If `costs` is shorter than the number of options of the problem.
    pub fn cheapest<C: Cost>(&self, costs: &[C], k: usize) -> Vec<(C, Vec<usize>)> {
        let mut out = Vec::new();
        let Some(root) = self.root else {
            return out;
        };
        if k == 0 {
            return out;
        }
        let base = self
            .forced
            .iter()
            .fold(C::ZERO, |sum, &option| sum.plus(costs[option]));
        let least = self.least_costs(costs);
        let mut heap = BinaryHeap::new();
        heap.push(Reverse(Partial {
            f: least[root as usize],
            g: C::ZERO,
            node: root,
            path: Vec::new(),
        }));
        while let Some(Reverse(partial)) = heap.pop() {
            if partial.node == 0 {
                let mut options = self.forced.clone();
                options.extend(
                    partial
                        .path
                        .iter()
                        .map(|&e| self.edges[e as usize].0)
                        .filter(|&label| label != NO_OPTION)
                        .map(|label| label as usize),
                );
                out.push((base.plus(partial.g), options));
                if out.len() == k {
                    break;
                }
                continue;
            }
            for e in self.edge_range(partial.node) {
                let (label, child) = self.edges[e];
                let g = partial.g.plus(label_cost(costs, label));
                let mut path = Vec::with_capacity(partial.path.len() + 1);
                path.extend_from_slice(&partial.path);
                path.push(e as u32);
                heap.push(Reverse(Partial {
                    f: g.plus(least[child as usize]),
                    g,
                    node: child,
                    path,
                }));
            }
        }
        out
    }

    /// The number of solutions of each total cost (`costs[option]`, summed,
    /// exactly): `(cost, count)` pairs by increasing cost, only the costs
    /// some solution has. Computed on the graph without listing solutions
    /// (the generating function of Knuth's `zddread -gf`): one sparse
    /// polynomial per node, so memory grows with the number of distinct
    /// costs below each node.
    ///
    /// # Panics
    ///
    /// If `costs` is shorter than the number of options of the problem.
    pub fn counts_by_cost(&self, costs: &[u64]) -> Vec<(u64, Count)> {
        self.census(|label| costs[label as usize])
    }

    /// The number of solutions with each number of options: entry `s` counts
    /// the solutions of `s` options (forced options included); as long as
    /// the largest solution.
    pub fn counts_by_size(&self) -> Vec<Count> {
        let mut out = Vec::new();
        for (size, count) in self.census(|_| 1) {
            out.resize(size as usize, Count::ZERO);
            out.push(count);
        }
        out
    }

    /// The census of the solutions by the sum of `weight` over their options.
    fn census(&self, weight: impl Fn(u32) -> u64) -> Vec<(u64, Count)> {
        let Some(root) = self.root else {
            return Vec::new();
        };
        let base = self.forced.iter().fold(0u64, |sum, &option| {
            sum.saturating_add(weight(option as u32))
        });
        // Each node's polynomial as (exponent, coefficient) pairs, sorted.
        let mut polys: Vec<Vec<(u64, Count)>> = Vec::with_capacity(self.nodes.len());
        polys.push(vec![(0, Count::ONE)]);
        let mut terms: Vec<(u64, Count)> = Vec::new();
        for v in 1..self.nodes.len() {
            terms.clear();
            for &(label, child) in &self.edges[self.edge_range(v as u32)] {
                let shift = if label == NO_OPTION { 0 } else { weight(label) };
                terms.extend(
                    polys[child as usize]
                        .iter()
                        .map(|(e, c)| (e.saturating_add(shift), c.clone())),
                );
            }
            terms.sort_unstable_by_key(|&(e, _)| e);
            let mut poly: Vec<(u64, Count)> = Vec::new();
            for (e, c) in terms.drain(..) {
                match poly.last_mut() {
                    Some((last, sum)) if *last == e => *sum += &c,
                    _ => poly.push((e, c)),
                }
            }
            polys.push(poly);
        }
        polys
            .swap_remove(root as usize)
            .into_iter()
            .map(|(e, c)| (e.saturating_add(base), c))
            .collect()
    }

    /// `k` random solutions, independent, each drawn with probability
    /// proportional to the product of its options' `weights` (nonnegative
    /// and finite; forced options' weights are a common factor), with a
    /// generator seeded by `seed`. `None` if every solution has weight 0
    /// (as when a forced option weighs 0).
    ///
    /// The total weight below each node is kept as a logarithm, so that
    /// graphs of astronomically many solutions do not overflow; the draw is
    /// exact up to the rounding of floats (use [`SolutionGraph::sample`] for
    /// the exactly uniform draw).
    ///
    /// # Panics
    ///
    /// If `weights` is shorter than the number of options of the problem, or
    /// a weight is negative, infinite or NaN.
    pub fn sample_weighted(&self, weights: &[f64], k: usize, seed: u64) -> Option<Vec<Vec<usize>>> {
        assert!(
            weights.iter().all(|w| w.is_finite() && *w >= 0.0),
            "sample_weighted: every weight must be finite and nonnegative"
        );
        // No solution: none of positive weight either; a forced option of
        // weight 0 is a factor 0 of every solution's weight.
        let root = self.root?;
        if self.forced.iter().any(|&option| weights[option] == 0.0) {
            return None;
        }
        let log_weight = |label: u32| {
            if label == NO_OPTION {
                0.0
            } else {
                weights[label as usize].ln()
            }
        };
        // log_total[v]: the log of the total weight of the paths below v.
        let mut log_total = vec![0.0f64; self.nodes.len()];
        for v in 1..self.nodes.len() {
            let terms = self.edges[self.edge_range(v as u32)]
                .iter()
                .map(|&(label, child)| log_weight(label) + log_total[child as usize]);
            log_total[v] = log_sum_exp(terms);
        }
        if log_total[root as usize] == f64::NEG_INFINITY {
            return None;
        }
        let mut rng = SplitMix64::new(seed);
        let mut drawn = Vec::with_capacity(k.min(super::graph::SAMPLES_AHEAD));
        for _ in 0..k {
            let mut out = self.forced.clone();
            let mut v = root;
            while v != 0 {
                // Branch with probability weight(edge) * total(child) / total(v).
                let mut r = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let mut next = None;
                for &(label, child) in &self.edges[self.edge_range(v)] {
                    let p = (log_weight(label) + log_total[child as usize] - log_total[v as usize])
                        .exp();
                    if p > 0.0 {
                        // The last edge of positive weight takes what rounding left.
                        next = Some((label, child));
                        if r < p {
                            break;
                        }
                        r -= p;
                    }
                }
                let (label, child) = next.expect("a node of positive weight has such an edge");
                if label != NO_OPTION {
                    out.push(label as usize);
                }
                v = child;
            }
            drawn.push(out);
        }
        Some(drawn)
    }

    /// The graph as a ZDD in the text format of Knuth's ZDD tools (what
    /// `dlx6` writes and `zddread` reads): one line `id: (~v?lo:hi)` per
    /// node, ids in hexadecimal, `v` the option's index (decimal), `lo` the
    /// family without option `v`, `hi` the sets with it; ids 0 and 1 are the
    /// sinks (no set; the empty set) and are not written.
    ///
    /// A node of the graph with `m` branches becomes a chain of `m` ZDD
    /// nodes, one per branch (its `lo` the next in the chain; the last one's
    /// `lo` is the node's null branch, if it has one, else 0); forced
    /// options head the root's chain. Lines come children first, the root
    /// last. The diagram is not *ordered* in general (the search chose its
    /// items by the fewest options, not in a fixed order), so tools that
    /// need an ordered ZDD must reorder it; its paths, read as Knuth's tools
    /// read them, are exactly the solutions. An empty string when there is
    /// no solution.
    pub fn to_zdd_text(&self) -> String {
        let mut out = String::new();
        let Some(root) = self.root else {
            return out;
        };
        // zdd[v]: the id of graph node v's chain head (the sink is 1).
        let mut zdd = vec![1u64; self.nodes.len()];
        let mut next_id = 2u64;
        let mut line = |out: &mut String, v: usize, lo: u64, hi: u64| -> u64 {
            let id = next_id;
            next_id += 1;
            writeln!(out, "{id:x}: (~{v}?{lo:x}:{hi:x})").expect("writing to a String");
            id
        };
        for v in 1..self.nodes.len() {
            let edges = &self.edges[self.edge_range(v as u32)];
            let null = edges
                .iter()
                .find(|&&(label, _)| label == NO_OPTION)
                .map_or(0, |&(_, child)| zdd[child as usize]);
            // Built from the last branch back, so that each line's `lo` exists.
            let mut head = null;
            for &(label, child) in edges.iter().rev() {
                if label != NO_OPTION {
                    head = line(&mut out, label as usize, head, zdd[child as usize]);
                }
            }
            zdd[v] = head;
        }
        let mut head = zdd[root as usize];
        for &option in self.forced.iter().rev() {
            head = line(&mut out, option, 0, head);
        }
        // A root that is the sink itself (nothing to choose) has no line:
        // the family {{}} is the sink 1.
        let _ = head;
        out
    }
}

fn label_cost<C: Cost>(costs: &[C], label: u32) -> C {
    if label == NO_OPTION {
        C::ZERO
    } else {
        costs[label as usize]
    }
}

/// `ln(sum(exp(x)))` without overflow; `-inf` for no terms or all `-inf`.
fn log_sum_exp(terms: impl Iterator<Item = f64> + Clone) -> f64 {
    let top = terms.clone().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return top;
    }
    top + terms.map(|x| (x - top).exp()).sum::<f64>().ln()
}
