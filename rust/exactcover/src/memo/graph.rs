//! The [`SolutionGraph`]: the memo of a search kept whole, as a DAG of
//! the sub-problems with solutions, to count, list and sample them.

use super::NO_OPTION;
use crate::count::Count;
use crate::rng::SplitMix64;

/// The samples room is made for before they are drawn, at most: a list of
/// `k` made at once would fail, for a `k` too large, before any work (an
/// abort of the process).
pub(super) const SAMPLES_AHEAD: usize = 1 << 16;

/// A node of the solution graph: a sub-problem with solutions, its number
/// of solutions, and its edges (`edges_start..edges_end` of the graph's
/// edge list).
#[derive(Debug, Clone)]
pub(super) struct GraphNode {
    pub(super) count: Count,
    pub(super) edges_start: u32,
    pub(super) edges_end: u32,
}

/// All the solutions of a problem as a DAG (a zero-suppressed decision
/// diagram in Knuth's terms), made by [`crate::Solver::solution_graph`].
///
/// Each node is a sub-problem met by the search; its edges are the branches
/// that lead to solutions, each labelled with the option it takes (or none,
/// for Algorithm M's null branches), and it knows its number of solutions.
/// Every path from the root to the sink spells one solution, exactly once.
/// So the graph counts, lists ([`SolutionGraph::solutions`]) and draws
/// solutions uniformly at random ([`SolutionGraph::sample`]) without
/// searching again.
///
/// Memory: about 48 bytes per node and 8 per edge (plus the counts past
/// 2^128, if any); [`SolutionGraph::memory_bytes`] says exactly. Building it
/// also needs the memo table (about 40 bytes per node plus 8 bytes per
/// 64 items of key), which is freed afterwards.
///
/// ```
/// use exactcover::{Problem, Solver};
///
/// // Domino tilings of a 2 x 3 board: 3.
/// let mut p = Problem::with_items(6, 0);
/// for cell in 0..6 {
///     if cell % 3 < 2 {
///         p.add_option([cell, cell + 1]).unwrap(); // horizontal
///     }
///     if cell < 3 {
///         p.add_option([cell, cell + 3]).unwrap(); // vertical
///     }
/// }
/// let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
/// assert_eq!(graph.count().to_u64(), Some(3));
/// assert_eq!(graph.solutions().count(), 3);
/// let drawn = graph.sample(42);
/// assert!(graph.solutions().any(|s| s == drawn));
/// ```
#[derive(Debug, Clone)]
pub struct SolutionGraph {
    pub(super) nodes: Vec<GraphNode>,
    pub(super) edges: Vec<(u32, u32)>,
    /// The root node; `None` when there is no solution.
    pub(super) root: Option<u32>,
    pub(super) count: Count,
    /// Options forced at the root: part of every solution.
    pub(super) forced: Vec<usize>,
}

impl SolutionGraph {
    /// The number of solutions.
    pub fn count(&self) -> &Count {
        &self.count
    }

    /// Number of nodes, the sink included (0 when there is no solution).
    pub fn num_nodes(&self) -> usize {
        if self.root.is_none() {
            0
        } else {
            self.nodes.len()
        }
    }

    /// Number of edges.
    pub fn num_edges(&self) -> usize {
        self.edges.len()
    }

    /// Bytes the graph takes.
    pub fn memory_bytes(&self) -> usize {
        let big: usize = self
            .nodes
            .iter()
            .filter(|n| n.count.to_u128().is_none())
            .map(|n| n.count.limbs().len() * 8 + 24)
            .sum();
        self.nodes.capacity() * std::mem::size_of::<GraphNode>() + self.edges.capacity() * 8 + big
    }

    /// A uniformly random solution (every solution equally likely), drawn
    /// with a generator seeded by `seed`; the options as
    /// [`crate::Solver::solution`] lists them (forced options first). Empty if
    /// there is no solution (and, for a problem with nothing to cover, the one
    /// solution is also empty: check [`SolutionGraph::count`]).
    pub fn sample(&self, seed: u64) -> Vec<usize> {
        let mut rng = SplitMix64::new(seed);
        self.sample_with(&mut rng)
    }

    /// `k` uniformly random solutions, independent, drawn with one generator
    /// seeded by `seed`; none if there is no solution. (The list grows as
    /// they are drawn: a `k` too large for memory fails only as memory runs
    /// out, not at once.)
    pub fn sample_many(&self, k: usize, seed: u64) -> Vec<Vec<usize>> {
        if self.root.is_none() {
            return Vec::new();
        }
        let mut rng = SplitMix64::new(seed);
        // One at a time: `extend` from a range would make room for all k.
        let mut drawn = Vec::with_capacity(k.min(SAMPLES_AHEAD));
        for _ in 0..k {
            drawn.push(self.sample_with(&mut rng));
        }
        drawn
    }

    fn sample_with(&self, rng: &mut SplitMix64) -> Vec<usize> {
        let Some(mut v) = self.root else {
            return Vec::new();
        };
        let mut out = self.forced.clone();
        while v != 0 {
            let node = &self.nodes[v as usize];
            // Branch with probability count(child) / count(node).
            let mut r = node.count.random_below(rng);
            let mut next = None;
            for &(label, child) in &self.edges[node.edges_start as usize..node.edges_end as usize] {
                let c = &self.nodes[child as usize].count;
                if r < *c {
                    next = Some((label, child));
                    break;
                }
                r = r.checked_sub(c).expect("r >= c");
            }
            let (label, child) = next.expect("a node's count is the sum of its children's");
            if label != NO_OPTION {
                out.push(label as usize);
            }
            v = child;
        }
        out
    }

    /// Are `options`, in any order, one of the solutions? One walk of the
    /// graph along the edges labelled with those options (and Algorithm
    /// M's null branches), each node met once, the longest such path to
    /// the sink kept for each: a path is a solution, its options distinct,
    /// so one that takes as many options as given takes them all.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Options 0: {0, 1}, 1: {0}, 2: {1}: solutions {0} and {1, 2}.
    /// let mut p = Problem::with_items(2, 0);
    /// p.add_option([0, 1]).unwrap();
    /// p.add_option([0]).unwrap();
    /// p.add_option([1]).unwrap();
    /// let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
    /// assert!(graph.contains(&[2, 1]) && graph.contains(&[0]));
    /// assert!(!graph.contains(&[1]) && !graph.contains(&[0, 1, 2]));
    /// ```
    pub fn contains(&self, options: &[usize]) -> bool {
        let Some(root) = self.root else {
            return false;
        };
        let mut wanted = options.to_vec();
        wanted.sort_unstable();
        if wanted.windows(2).any(|w| w[0] == w[1]) {
            return false;
        }
        for forced in &self.forced {
            match wanted.binary_search(forced) {
                Ok(i) => {
                    wanted.remove(i);
                }
                Err(_) => return false,
            }
        }
        let follows =
            |label: u32| label == NO_OPTION || wanted.binary_search(&(label as usize)).is_ok();
        // longest[v]: the most options on a path from v to the sink along
        // such edges (None: no such path), for the nodes walked.
        let mut longest: std::collections::HashMap<u32, Option<usize>> =
            std::collections::HashMap::from([(0, Some(0))]);
        let mut stack = vec![root];
        while let Some(&v) = stack.last() {
            if longest.contains_key(&v) {
                stack.pop();
                continue;
            }
            let node = &self.nodes[v as usize];
            let edges = &self.edges[node.edges_start as usize..node.edges_end as usize];
            let waiting = edges
                .iter()
                .filter(|&&(label, child)| follows(label) && !longest.contains_key(&child))
                .map(|&(_, child)| child)
                .collect::<Vec<_>>();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            let best = edges
                .iter()
                .filter(|&&(label, _)| follows(label))
                .filter_map(|&(label, child)| {
                    longest[&child].map(|l| l + usize::from(label != NO_OPTION))
                })
                .max();
            longest.insert(v, best);
            stack.pop();
        }
        longest[&root] == Some(wanted.len())
    }

    /// Iterates over all solutions, each as its list of options (forced
    /// options first), in the order of the search.
    pub fn solutions(&self) -> GraphSolutions<'_> {
        GraphSolutions {
            graph: self,
            cursor: GraphCursor::default(),
        }
    }

    /// The solution after `cursor` (the first one for a new cursor), moving
    /// the cursor on: the same order as [`SolutionGraph::solutions`], for a
    /// caller that cannot hold a borrow of the graph.
    pub fn next_solution(&self, cursor: &mut GraphCursor) -> Option<Vec<usize>> {
        if !cursor.started {
            cursor.started = true;
            cursor.stack.extend(self.root.map(|r| (r, 0)));
        } else if !cursor.stack.is_empty() {
            // Step back from the sink reached last time.
            cursor.stack.pop();
            cursor.labels.pop();
        }
        loop {
            let &mut (v, ref mut k) = cursor.stack.last_mut()?;
            if v == 0 {
                let mut out = self.forced.clone();
                out.extend(
                    cursor
                        .labels
                        .iter()
                        .filter(|&&l| l != NO_OPTION)
                        .map(|&l| l as usize),
                );
                return Some(out);
            }
            let node = &self.nodes[v as usize];
            let e = node.edges_start + *k;
            if e < node.edges_end {
                *k += 1;
                let (label, child) = self.edges[e as usize];
                cursor.stack.push((child, 0));
                cursor.labels.push(label);
            } else {
                cursor.stack.pop();
                cursor.labels.pop();
            }
        }
    }
}

/// A position in the list of solutions of a [`SolutionGraph`] (see
/// [`SolutionGraph::next_solution`]).
#[derive(Debug, Clone, Default)]
pub struct GraphCursor {
    /// Depth-first path: nodes with the index of their next edge to try.
    stack: Vec<(u32, u32)>,
    /// The labels of the edges taken along `stack` (one fewer).
    labels: Vec<u32>,
    started: bool,
}

/// An iterator over the solutions of a [`SolutionGraph`].
#[derive(Debug, Clone)]
pub struct GraphSolutions<'a> {
    graph: &'a SolutionGraph,
    cursor: GraphCursor,
}

impl Iterator for GraphSolutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.graph.next_solution(&mut self.cursor)
    }
}

/// Once past the last solution, the cursor stays there.
impl std::iter::FusedIterator for GraphSolutions<'_> {}
