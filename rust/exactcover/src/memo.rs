//! Memoized counting and the solution graph: the search of
//! [`crate::dancing_links`] with a memo of the sub-problems already solved
//! (the idea of Knuth's `dlx6`).
//!
//! At every node the engine writes a key that determines the sub-problem left
//! there ([`DancingLinks::state_key`]). The first time a key is seen, its
//! subtree is searched and its number of solutions stored; the next time, the
//! stored number is added and the subtree skipped. Keys are stored whole and
//! compared word for word: a hash only chooses where to look, so a collision
//! can cost time but never change a count.
//!
//! The same walk, recording for every sub-problem its branches that lead to
//! solutions, builds the [`SolutionGraph`]: a DAG (a ZDD, in Knuth's terms)
//! whose paths from the root to the sink are the solutions, with the number of
//! solutions below every node, so that solutions can be counted, listed and
//! drawn uniformly at random.

use crate::count::Count;
use crate::dancing_links::{DancingLinks, KeyLayout};
use crate::engine::{Engine, Hooks};
use crate::rng::SplitMix64;

/// Default memory cap of a memo table: 1 GiB.
pub const DEFAULT_MEMO_BYTES: usize = 1 << 30;

/// When [`crate::Solver::count_exact`] memoizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MemoMode {
    /// Memoize while it pays: at 1024, 2048, ... lookups ([`AUTO_FIRST_CHECK`]
    /// on) up to [`AUTO_TRIAL`],
    /// compare the work (link updates) of the subtrees its hits skipped with
    /// what the memo cost, and count on without the memo as soon as the
    /// savings are below a tenth of the cost. Problems whose sub-problems
    /// rarely repeat (n-queens) drop it after 1024 lookups. Before that, from
    /// 16 nodes on, it is dropped if it costs far more than the search itself
    /// (huge keys for little work per node: a forced chain of 10^6 items).
    #[default]
    Auto,
    /// Always memoize.
    Always,
    /// Never memoize: count by visiting every solution.
    Never,
}

/// Nodes searched with the memo after which [`MemoMode::Auto`] stops
/// checking whether it pays.
pub const AUTO_TRIAL: u64 = 1 << 17;

/// [`MemoMode::Auto`] first weighs whether the memo pays after this many
/// lookups (only nodes that branch are looked up). At that point the
/// benchmarks' packing problems score 0.77 to 3.8 (the memo's savings over
/// its cost, as [`MemoMode::Auto`] weighs them), queens, Langford pairs and
/// 2n-queens at most 0.05: the trial costs them
/// a quarter of what 4096 lookups did (2n-queens 7: 2.6 ms of 26).
pub const AUTO_FIRST_CHECK: u64 = 1 << 10;

/// How [`crate::Solver::count_exact_with`] memoizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemoOptions {
    /// When to memoize.
    pub mode: MemoMode,
    /// Memory cap of the memo table in bytes. When the table is full it is
    /// emptied and filling starts again (counts stay exact; see
    /// [`MemoStats::evictions`]).
    pub max_bytes: usize,
    /// Bits of the hash that are used (64). Fewer make keys collide: tests
    /// use this to check that collisions never change a count.
    #[doc(hidden)]
    pub hash_bits: u32,
}

impl Default for MemoOptions {
    fn default() -> MemoOptions {
        MemoOptions {
            mode: MemoMode::Auto,
            max_bytes: DEFAULT_MEMO_BYTES,
            hash_bits: 64,
        }
    }
}

/// Figures of a memoized count or of a solution graph's construction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MemoStats {
    /// Is the memo in use (false once [`MemoMode::Auto`] dropped it, or if it
    /// was never used)?
    pub active: bool,
    /// Nodes looked up in the memo.
    pub lookups: u64,
    /// Nodes found in the memo (their subtrees were skipped).
    pub hits: u64,
    /// Sub-problems stored now.
    pub entries: u64,
    /// Bytes the memo takes now (table, keys and counts).
    pub bytes: u64,
    /// Largest `bytes` so far.
    pub peak_bytes: u64,
    /// Times the table was full and emptied.
    pub evictions: u64,
}

/// An open-addressing hash table from keys (slices of words, stored whole in
/// one arena) to 64-bit values.
#[derive(Debug, Clone)]
struct Table {
    /// 0: empty; otherwise the low 32 bits of the key's hash (a fingerprint
    /// that spares most misses a look at the entry) above one more than an
    /// index into `entries`.
    slots: Vec<u64>,
    entries: Vec<Entry>,
    keys: Vec<u64>,
    /// Hashes are masked with this (all ones normally; tests set fewer bits
    /// to force collisions).
    hash_mask: u64,
    max_bytes: usize,
    peak_bytes: usize,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    key_start: u32,
    key_len: u32,
    value: u64,
    /// The work the sub-problem's search took, in link updates (what a hit
    /// saves; see [`Memo::pays`]).
    work: u64,
}

/// FxHash's multiplier, then a final avalanche: fast, and good enough to
/// spread keys that differ in a few bits.
fn hash_words(words: &[u64]) -> u64 {
    let mut h = words.len() as u64;
    for &w in words {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

impl Table {
    fn new(max_bytes: usize, hash_mask: u64) -> Table {
        Table {
            slots: Vec::new(),
            entries: Vec::new(),
            keys: Vec::new(),
            hash_mask,
            max_bytes,
            peak_bytes: 0,
        }
    }

    fn hash(&self, key: &[u64]) -> u64 {
        hash_words(key) & self.hash_mask
    }

    fn bytes(&self) -> usize {
        self.slots.capacity() * 8
            + self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.keys.capacity() * 8
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    fn key(&self, e: &Entry) -> &[u64] {
        &self.keys[e.key_start as usize..e.key_start as usize + e.key_len as usize]
    }

    /// The value stored for `key` (whose hash is `hash`), with the work its
    /// search took.
    #[inline]
    fn get(&self, hash: u64, key: &[u64]) -> Option<(u64, u64)> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut s = ((hash >> 32) as usize) & mask;
        let fingerprint = hash & 0xffff_ffff;
        loop {
            let slot = self.slots[s];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == fingerprint {
                let e = &self.entries[(slot & 0xffff_ffff) as usize - 1];
                if e.hash == hash && self.key(e) == key {
                    return Some((e.value, e.work));
                }
            }
            s = (s + 1) & mask;
        }
    }

    /// Stores `value` for `key`, a key not in the table. Returns false (and
    /// stores nothing) if that would pass the memory cap.
    fn insert(&mut self, hash: u64, key: &[u64], value: u64, work: u64) -> bool {
        let grow_slots = (self.entries.len() + 1) * 2 > self.slots.len();
        let mut need = self.bytes();
        if grow_slots {
            need += self.slots.len().max(16) * 8;
        }
        if self.entries.len() == self.entries.capacity() {
            need += self.entries.capacity().max(16) * std::mem::size_of::<Entry>();
        }
        if self.keys.len() + key.len() > self.keys.capacity() {
            need += self.keys.capacity().max(key.len() * 16) * 8;
        }
        if need > self.max_bytes
            || self.keys.len() + key.len() > u32::MAX as usize
            || self.entries.len() >= u32::MAX as usize - 1
        {
            return false;
        }
        if grow_slots {
            self.grow();
        }
        self.entries.push(Entry {
            hash,
            key_start: self.keys.len() as u32,
            key_len: key.len() as u32,
            value,
            work,
        });
        self.keys.extend_from_slice(key);
        let index = self.entries.len() as u32;
        self.place(hash, index);
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        true
    }

    fn place(&mut self, hash: u64, index: u32) {
        let mask = self.slots.len() - 1;
        let mut s = ((hash >> 32) as usize) & mask;
        while self.slots[s] != 0 {
            s = (s + 1) & mask;
        }
        self.slots[s] = (hash & 0xffff_ffff) << 32 | u64::from(index);
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        self.slots = vec![0; size];
        for k in 0..self.entries.len() {
            self.place(self.entries[k].hash, k as u32 + 1);
        }
    }

    /// Empties the table, giving its memory back.
    fn clear(&mut self) {
        self.slots = Vec::new();
        self.entries = Vec::new();
        self.keys = Vec::new();
    }
}

/// A node of the search on the memo's stack: its key (in `Memo::stack_keys`),
/// the solutions counted below it so far, and where its edges start.
#[derive(Debug, Clone)]
struct Frame {
    key_start: usize,
    hash: u64,
    /// The engine's work ([`work`]) when the node was entered.
    work: u64,
    count: Count,
    edges_start: usize,
}

/// What one lookup and store cost, in link updates (see [`Memo::pays`]).
const LOOKUP_COST: u64 = 40;
/// What each word of a key adds to [`LOOKUP_COST`].
const KEY_WORD_COST: u64 = 4;

/// What a search node costs beyond its link updates (choosing an item, the
/// state machine), in link updates.
const NODE_COST: u64 = 16;

/// The work the engine has done, in link updates (see [`Memo::pays`]).
fn work(engine: &DancingLinks) -> u64 {
    let stats = engine.stats();
    stats.updates + NODE_COST * stats.nodes
}

/// See [`Memo::pays`].
const MIN_BENEFIT: f64 = 0.1;

/// See [`Memo::swamps`]. On the benchmarks the memo costs 0.05 (pentominoes)
/// to 4.3 (2n-queens) times the search's work during its first 4096 lookups;
/// on a forced chain of 10^6 items, 3700 times.
const SWAMPED: u64 = 16;

/// Edge label of a branch that takes no option (Algorithm M's null branch).
const NO_OPTION: u32 = u32::MAX;

/// Table value of a sub-problem without solutions (graph mode).
const EMPTY: u64 = u64::MAX;

/// Table values at or above this are indices into `Memo::big` (count mode).
const BIG: u64 = 1 << 63;

/// The hooks of memoized counting and graph building (see the module
/// documentation).
#[derive(Debug, Clone)]
pub(crate) struct Memo {
    /// The size of the problem searched (see [`Memo::carry_to`]).
    shape: (usize, usize),
    layout: KeyLayout,
    table: Table,
    /// Counts too large for a table value (count mode).
    big: Vec<Count>,
    /// The key of the node just entered.
    scratch: Vec<u64>,
    scratch_hash: u64,
    frames: Vec<Frame>,
    stack_keys: Vec<u64>,
    /// Solutions counted above every frame: the total, once the search is over.
    root: Count,
    stats: MemoStats,
    /// Graph mode: nodes and edges of the solution graph being built, and the
    /// edges of the frames on the stack.
    graph: Option<GraphParts>,
    /// Set in graph mode when the table is full: the graph cannot be built.
    overflow: bool,
    /// Link updates the hits have saved (the work their sub-problems took).
    saved: u64,
    /// Solutions counted by hits.
    skipped: Count,
}

#[derive(Debug, Clone, Default)]
struct GraphParts {
    nodes: Vec<GraphNode>,
    edges: Vec<(u32, u32)>,
    pending: Vec<(u32, u32)>,
    /// The root's node, once known.
    root: Option<u32>,
}

impl Memo {
    /// Memoized counting of `engine`'s search from its root.
    /// `root_removed`: the options forced or excluded at the root.
    pub(crate) fn counting(
        engine: &DancingLinks,
        root_removed: &[usize],
        max_bytes: usize,
    ) -> Memo {
        Memo::new(engine, root_removed, max_bytes, false)
    }

    /// Building the solution graph of `engine`'s search from its root.
    pub(crate) fn graph(engine: &DancingLinks, root_removed: &[usize], max_bytes: usize) -> Memo {
        Memo::new(engine, root_removed, max_bytes, true)
    }

    fn new(engine: &DancingLinks, root_removed: &[usize], max_bytes: usize, graph: bool) -> Memo {
        Memo {
            shape: engine.shape(),
            layout: engine.key_layout(root_removed),
            table: Table::new(max_bytes, u64::MAX),
            big: Vec::new(),
            scratch: Vec::new(),
            scratch_hash: 0,
            frames: Vec::new(),
            stack_keys: Vec::new(),
            root: Count::ZERO,
            stats: MemoStats {
                active: true,
                ..MemoStats::default()
            },
            graph: graph.then(|| GraphParts {
                // Node 0 is the sink: the empty remainder of a solution.
                nodes: vec![GraphNode {
                    count: Count::ONE,
                    edges_start: 0,
                    edges_end: 0,
                }],
                ..GraphParts::default()
            }),
            overflow: false,
            saved: 0,
            skipped: Count::ZERO,
        }
    }

    /// Does the memo pay? Its cost is set against the work its hits saved,
    /// counted in link updates plus [`NODE_COST`] per search node: a lookup
    /// and a store cost about as much as [`LOOKUP_COST`] updates plus
    /// [`KEY_WORD_COST`] per word of key (measured on the benchmarks, where
    /// a search node costs 20 to 400 updates). It pays if the
    /// hits saved at least [`MIN_BENEFIT`] of that cost: on the benchmarks,
    /// packing problems (where the memo is 1.3-1.6x faster) score 0.46 to 3.5
    /// from the first 1024 lookups on, queens and Langford pairs (where it is
    /// 2-5x slower) at most 0.05.
    pub(crate) fn pays(&self) -> bool {
        self.benefit() >= MIN_BENEFIT
    }

    /// The link updates the hits saved over what the memo cost (see
    /// [`Memo::pays`]).
    pub(crate) fn benefit(&self) -> f64 {
        let words = self.scratch.len() as u64;
        let cost = self.stats.lookups * (LOOKUP_COST + KEY_WORD_COST * words);
        self.saved as f64 / cost.max(1) as f64
    }

    /// Has the memo, not paying yet, cost more than [`SWAMPED`] times the
    /// search's own work? Its keys cost O(items) each, so on a problem of
    /// many items and little work per node (a forced chain of 10^6 items:
    /// 15,626 words a key for one update a node) the first 4096 lookups of
    /// [`MemoMode::Auto`]'s trial would take seconds and a stack of keys of
    /// half a gigabyte. Checked before [`AUTO_FIRST_CHECK`], from 16 lookups on.
    pub(crate) fn swamps(&self, engine: &DancingLinks) -> bool {
        let words = self.scratch.len() as u64;
        let cost = self.stats.lookups * (LOOKUP_COST + KEY_WORD_COST * words);
        !self.pays() && cost > SWAMPED * work(engine)
    }

    /// Keeps only `bits` bits of every hash, so that keys collide (for tests
    /// of the exact comparison of keys).
    pub(crate) fn set_hash_bits(&mut self, bits: u32) {
        self.table.hash_mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
    }

    /// Solutions counted by hits, without visiting them.
    pub(crate) fn skipped(&self) -> &Count {
        &self.skipped
    }

    /// Work figures.
    pub(crate) fn stats(&self) -> MemoStats {
        MemoStats {
            entries: self.table.len() as u64,
            bytes: self.bytes() as u64,
            peak_bytes: self.stats.peak_bytes.max(self.table.peak_bytes as u64),
            ..self.stats
        }
    }

    fn bytes(&self) -> usize {
        let graph = self.graph.as_ref().map_or(0, |g| {
            g.nodes.capacity() * std::mem::size_of::<GraphNode>() + g.edges.capacity() * 8
        });
        self.table.bytes() + graph + self.stack_keys.capacity() * 8
    }

    /// Work donation made the `levels` shallowest levels of the search part
    /// of its root ([`crate::Solver::donate`]): their frames are never left,
    /// so they are let go (counting needs nothing from them: the solutions
    /// are counted as they are found or skipped, and the branches given
    /// away are another search's). What the table holds stays true: the
    /// options given away all contain the item of the deepest of those
    /// levels, covered in every sub-problem below, and so are the items of
    /// the options forced; no key met from now on depends on them.
    /// Counting mode only.
    pub(crate) fn rebase(&mut self, levels: usize) {
        debug_assert!(self.graph.is_none(), "a solution graph is built whole");
        self.frames.drain(..levels.min(self.frames.len()));
    }

    /// The memo of a search (over, or stopped between nodes: what its table
    /// holds is finished), taken on to another search of the same
    /// problem under another root (the next subtree of a thread of a
    /// parallel count), table and all; `None` if that search writes its
    /// keys otherwise ([`DancingLinks::same_key_format`]). A key determines
    /// its sub-problem whatever the root it was met under: the options
    /// removed at the root that could matter are part of it.
    pub(crate) fn carry_to(
        mut self,
        engine: &DancingLinks,
        root_removed: &[usize],
    ) -> Option<Memo> {
        let layout = engine.key_layout(root_removed);
        if self.graph.is_some()
            || self.shape != engine.shape()
            || !DancingLinks::same_key_format(&self.layout, &layout)
        {
            return None;
        }
        self.layout = layout;
        self.frames.clear();
        self.stack_keys.clear();
        self.root = Count::ZERO;
        self.skipped = Count::ZERO;
        Some(self)
    }

    /// Marks the memo dropped (by [`MemoMode::Auto`]).
    pub(crate) fn deactivate(&mut self) {
        self.stats.active = false;
    }

    /// The table value of a finished sub-problem: its graph node, or its
    /// count (inline, or an index into `big`).
    fn encode(&mut self, count: &Count, node: Option<u32>) -> u64 {
        match node {
            Some(id) => u64::from(id),
            None if self.graph.is_some() => EMPTY,
            None => match count.to_u64() {
                Some(v) if v < BIG => v,
                _ => {
                    self.big.push(count.clone());
                    BIG + self.big.len() as u64 - 1
                }
            },
        }
    }

    /// Stores a finished sub-problem. A full table is emptied when counting
    /// (the counts on the stack are kept: nothing is lost but time); when
    /// building a graph, the overflow is reported instead.
    fn store(&mut self, frame: &Frame, work: u64, node: Option<u32>) {
        let (key_start, hash, count) = (frame.key_start, frame.hash, &frame.count);
        for attempt in 0..2 {
            let value = self.encode(count, node);
            if self
                .table
                .insert(hash, &self.stack_keys[key_start..], value, work)
            {
                return;
            }
            if self.graph.is_some() {
                self.overflow = true;
                return;
            }
            if value >= BIG {
                self.big.pop();
            }
            if attempt == 0 {
                self.stats.evictions += 1;
                self.stats.peak_bytes = self.stats.peak_bytes.max(self.table.peak_bytes as u64);
                self.table.clear();
                self.big.clear();
            }
        }
    }

    fn value_count(&self, value: u64) -> Count {
        match &self.graph {
            Some(_) if value == EMPTY => Count::ZERO,
            Some(g) => g.nodes[value as usize].count.clone(),
            None if value >= BIG => self.big[(value - BIG) as usize].clone(),
            None => Count::from(value),
        }
    }

    /// A finished child with `count` solutions (graph: node `node`) adds to
    /// its parent: the top frame, or the root.
    fn add_to_parent(&mut self, engine: &DancingLinks, count: &Count, node: Option<u32>) {
        match self.frames.last_mut() {
            Some(top) => top.count += count,
            None => self.root += count,
        }
        if let (Some(g), Some(node)) = (self.graph.as_mut(), node) {
            if self.frames.is_empty() {
                g.root = Some(node);
            } else {
                let label = engine.current_branch().map_or(NO_OPTION, |k| k as u32);
                g.pending.push((label, node));
            }
        }
    }

    /// Did building the graph run out of memory?
    pub(crate) fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The finished graph (after the search is over).
    pub(crate) fn into_graph(self, forced: Vec<usize>) -> SolutionGraph {
        let g = self.graph.expect("graph mode");
        let count = self.root;
        let root = if count.is_zero() {
            None
        } else {
            Some(g.root.unwrap_or(0))
        };
        SolutionGraph {
            nodes: g.nodes,
            edges: g.edges,
            root,
            count,
            forced,
        }
    }
}

impl Hooks<DancingLinks> for Memo {
    const ACTIVE: bool = true;

    #[inline]
    fn enter(&mut self, engine: &DancingLinks) -> bool {
        engine.state_key(&self.layout, &mut self.scratch);
        self.scratch_hash = self.table.hash(&self.scratch);
        self.stats.lookups += 1;
        match self.table.get(self.scratch_hash, &self.scratch) {
            Some((value, work)) => {
                self.stats.hits += 1;
                self.saved += work;
                let count = self.value_count(value);
                self.skipped += &count;
                let node = self.graph.is_some().then_some(value);
                let node = node.filter(|&v| v != EMPTY).map(|v| v as u32);
                self.add_to_parent(engine, &count, node);
                true
            }
            None => false,
        }
    }

    #[inline]
    fn solved(&mut self, engine: &DancingLinks) {
        self.add_to_parent(engine, &Count::ONE, Some(0));
    }

    #[inline]
    fn dead_end(&mut self, _: &DancingLinks) {}

    #[inline]
    fn branch(&mut self, engine: &DancingLinks) {
        let key_start = self.stack_keys.len();
        self.stack_keys.extend_from_slice(&self.scratch);
        let edges_start = self.graph.as_ref().map_or(0, |g| g.pending.len());
        self.frames.push(Frame {
            key_start,
            hash: self.scratch_hash,
            work: work(engine),
            count: Count::ZERO,
            edges_start,
        });
    }

    fn leave(&mut self, engine: &DancingLinks) {
        let frame = self.frames.pop().expect("a frame for every level");
        let node = match self.graph.as_mut() {
            Some(g) if !frame.count.is_zero() => {
                let edges_start = g.edges.len() as u32;
                g.edges.extend(g.pending.drain(frame.edges_start..));
                let id = g.nodes.len() as u32;
                g.nodes.push(GraphNode {
                    count: frame.count.clone(),
                    edges_start,
                    edges_end: g.edges.len() as u32,
                });
                Some(id)
            }
            Some(g) => {
                g.pending.truncate(frame.edges_start);
                None
            }
            None => None,
        };
        let work = work(engine) - frame.work;
        self.store(&frame, work, node);
        self.stack_keys.truncate(frame.key_start);
        self.add_to_parent(engine, &frame.count, node);
    }
}

#[derive(Debug, Clone)]
struct GraphNode {
    count: Count,
    edges_start: u32,
    edges_end: u32,
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
    nodes: Vec<GraphNode>,
    edges: Vec<(u32, u32)>,
    /// The root node; `None` when there is no solution.
    root: Option<u32>,
    count: Count,
    /// Options forced at the root: part of every solution.
    forced: Vec<usize>,
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
    /// seeded by `seed`.
    pub fn sample_many(&self, k: usize, seed: u64) -> Vec<Vec<usize>> {
        let mut rng = SplitMix64::new(seed);
        (0..k).map(|_| self.sample_with(&mut rng)).collect()
    }

    fn sample_with(&self, rng: &mut SplitMix64) -> Vec<usize> {
        let mut out = self.forced.clone();
        let Some(mut v) = self.root else {
            return out;
        };
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
