//! Memoized counting and the solution graph: the search of an engine
//! ([`Engine`]) with a memo of the sub-problems already solved (the idea of
//! Knuth's `dlx6`), written once for every engine: the hash table
//! ([`table`]), the calls the search makes ([`hooks`]) and the graph kept
//! from it ([`graph`]).
//!
//! At every node that branches the engine writes a key that determines the
//! sub-problem left there ([`Engine::state_key`]): words whose meaning the
//! memo does not know. The first time a key is seen, its
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
use crate::engine::Engine;

mod algebra;
mod graph;
mod hooks;
pub(crate) mod replace;
mod table;

use graph::GraphNode;
pub use graph::{GraphCursor, GraphSolutions, SolutionGraph};
pub(crate) use table::Fingerprint;
use table::Table;
pub(crate) use table::{huge_pages, prefetch};

/// Default memory cap of a memo table: 1 GiB.
pub const DEFAULT_MEMO_BYTES: usize = 1 << 30;

/// When [`crate::Solver::count_with`] memoizes.
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

/// How [`crate::Solver::count_with`] memoizes (in [`crate::CountOptions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemoOptions {
    /// When to memoize.
    pub mode: MemoMode,
    /// Memory cap of the memo table in bytes. When the table is full it
    /// makes room in place (counts stay exact; see
    /// [`MemoStats::evictions`]): where search nodes have few children,
    /// half as many levels of the search are stored from then on (the
    /// entries off them go); otherwise, and once that would cost too much,
    /// each new entry takes the place of the entry of least work times one
    /// more than its hits among the few near its slot, so a full table keeps
    /// its costly sub-problems and those that recur, and degrades one entry
    /// at a time. (Where nodes have few children, a
    /// table past a few megabytes stores only every second level anyway:
    /// see `Memo::choose_stride`.)
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
    /// Largest size of the table so far (its slots and records: what
    /// [`MemoOptions::max_bytes`] bounds). `bytes` also counts what the
    /// search holds beside the table (its stack of keys, a solution
    /// graph's nodes), so it may be larger.
    pub peak_bytes: u64,
    /// Times the full table made room (see [`MemoOptions::max_bytes`]):
    /// each thinning by depth (the entries off a doubled stride of levels
    /// dropped) and each entry replaced by a new one.
    pub evictions: u64,
    /// Entries dropped to make room, in all (those thinned and those
    /// replaced).
    pub evicted: u64,
}

/// A node of the search on the memo's stack: its key (in `Memo::stack_keys`),
/// the solutions counted below it so far, and where its edges start.
#[derive(Debug, Clone)]
struct Frame {
    key_start: usize,
    hash: u64,
    /// The engine's work ([`Engine::work`]) when the node was entered.
    work: u64,
    count: Count,
    edges_start: usize,
    /// Is the node stored when left? Not if its depth is off the memo's
    /// stride (see [`Memo::thin_by_depth`]): it was not looked up either.
    stored: bool,
}

/// What one lookup and store cost, in link updates (see [`Memo::pays`]).
const LOOKUP_COST: u64 = 40;
/// What each word of a key adds to [`LOOKUP_COST`].
const KEY_WORD_COST: u64 = 4;

/// See [`Memo::pays`].
const MIN_BENEFIT: f64 = 0.1;

/// See [`Memo::swamps`]. On the benchmarks the memo costs 0.05 (pentominoes)
/// to 4.3 (2n-queens) times the search's work during its first 4096 lookups;
/// on a forced chain of 10^6 items, 3700 times.
const SWAMPED: u64 = 16;

/// The most a thinning by depth may multiply the nodes of the search by,
/// as [`Memo::thin_by_depth`] estimates it; past that a full table
/// replaces entries one by one.
const STRIDE_MAX_COST: f64 = 2.0;

/// The fewest levels a stride of [`Memo::thin_by_depth`] leaves stored
/// down to the deepest level stored so far: a stride past the depth of the
/// tree would store the root alone and drop all else (pentominoes on the
/// 8x8 board under a tiny cap went to a stride of 16 for a tree 12 deep,
/// and ended with 2 entries).
const STRIDE_MIN_LEVELS: u32 = 4;

/// The largest stride of [`Memo::thin_by_depth`].
const MAX_STRIDE: u32 = 64;

/// From this many lookups on (at every power of two) the memo weighs its
/// stride of levels ([`Memo::choose_stride`]).
pub(super) const STRIDE_CHECK: u64 = 1 << 12;

/// The size of the table from which [`Memo::choose_stride`] looks up only
/// every second level: past the processor's second-level cache (1 MiB per
/// core on the 2-core VM, 2 MiB on the 16-core Xeon), a lookup is a miss of
/// the last-level cache or of memory.
const STRIDE_MIN_BYTES: usize = 4 << 20;

/// The most children per node searched (nodes over the nodes that branch)
/// for which [`Memo::choose_stride`] looks up only every second level.
const STRIDE_MAX_CHILDREN: f64 = 2.0;

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
    /// The format of the engine's keys (see [`Memo::carry_to`]).
    format: Vec<u64>,
    table: Table,
    /// Counts too large for a table value (count mode).
    big: Vec<Count>,
    /// Places in `big` free for reuse (their entries were replaced).
    big_free: Vec<u64>,
    /// The deepest level stored so far (see [`STRIDE_MIN_LEVELS`]).
    deepest: u32,

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
    /// Set in graph mode when the table is full, or the graph with it passes
    /// `max_bytes`: the graph cannot be built, and the search skips the rest
    /// of the tree.
    overflow: bool,
    /// The memory cap: of the table when counting, of all the memo (table,
    /// graph and stack of keys) when building a graph.
    max_bytes: usize,
    /// Link updates the hits have saved (the work their sub-problems took).
    saved: u64,
    /// Solutions counted by hits.
    skipped: Count,
    /// Only nodes at depths (from the problem's root: `depth_base` and the
    /// levels of `frames`) that are multiples of this are looked up and
    /// stored: 1, or 2 where the search tree is thin
    /// ([`Memo::choose_stride`]), doubled by the thinnings that go by depth
    /// (see [`Memo::thin_by_depth`]).
    stride: u32,
    /// The node just entered is off the stride: not looked up, not stored.
    off_stride: bool,
    /// The depth in the whole search tree of the root of the search that
    /// holds the memo (the options forced there, and the levels let go by
    /// [`Memo::rebase`]): the stride counts levels from the problem's
    /// root, so that the subtrees of a cut or of work donation memoize the
    /// same levels as a count of the whole (pentominoes 6x10 cut into the
    /// 56 branches of the first level, counted one after another through
    /// one memo: 896,958 nodes when each counted from its own root,
    /// 857,205 now, the whole count's 857,206).
    depth_base: u32,
    /// The engine's nodes when this search took the memo, and the nodes
    /// that branched since: their ratio is the children per node searched
    /// that [`Memo::thin_by_depth`] weighs.
    nodes_base: u64,
    branches: u64,
    /// `scratch` and `scratch_hash` already hold the key of the node about
    /// to be entered ([`Hooks::prefetch`]).
    ///
    /// [`Hooks::prefetch`]: crate::engine::Hooks::prefetch
    prefetched: bool,
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
    /// Memoized counting of `engine`'s search from its root (after the
    /// root's restrictions).
    pub(crate) fn counting(engine: &mut dyn Engine, max_bytes: usize) -> Memo {
        Memo::new(engine, max_bytes, false)
    }

    /// Building the solution graph of `engine`'s search from its root.
    pub(crate) fn graph(engine: &mut dyn Engine, max_bytes: usize) -> Memo {
        Memo::new(engine, max_bytes, true)
    }

    fn new(engine: &mut dyn Engine, max_bytes: usize, graph: bool) -> Memo {
        let mut table = Table::new(max_bytes, u64::MAX);
        table.fills_cap = !graph;
        Memo {
            format: engine.prepare_keys(),
            table,
            big: Vec::new(),
            big_free: Vec::new(),
            deepest: 0,
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
            max_bytes,
            saved: 0,
            skipped: Count::ZERO,
            stride: 1,
            off_stride: false,
            depth_base: 0,
            nodes_base: engine.stats().nodes,
            branches: 0,
            prefetched: false,
        }
    }

    /// Chooses the stride of levels looked up and stored (`nodes` is the
    /// engine's node count), at 2^k lookups from [`STRIDE_CHECK`] on, while
    /// it is 1. Once the table has outgrown the fast caches
    /// ([`STRIDE_MIN_BYTES`]) and where a node searched has few children (at
    /// most [`STRIDE_MAX_CHILDREN`]: domino tilings about 1.3, pentominoes
    /// 1.2, since dead ends are cut before they are nodes), only every
    /// second level is memoized from then on: the levels between are
    /// searched again from each stored parent, a few more nodes (1.2x on the
    /// Aztec diamonds, 1.06x on pentominoes 6x10), for half the entries and
    /// a third fewer lookups, and a lookup in a table of hundreds of
    /// megabytes (a cache miss) costs more than searching such a node.
    /// Aztec diamond of order 12: 18.2 s to 12.2 s CPU and half the memory
    /// (2-core VM). The entries of odd depths stored before stay (they are
    /// as true as ever) until a thinning drops them.
    fn choose_stride(&mut self, nodes: u64) {
        let b = nodes.saturating_sub(self.nodes_base) as f64 / self.branches.max(1) as f64;
        if self.table.bytes() >= STRIDE_MIN_BYTES && b <= STRIDE_MAX_CHILDREN {
            self.stride = 2;
        }
    }

    /// Does the memo pay? Its cost is set against the work its hits saved,
    /// counted in the engine's [`Engine::work`] (for dancing links: link
    /// updates, plus a cost per search node): a lookup and a store cost about as much as [`LOOKUP_COST`] updates plus
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
    pub(crate) fn swamps(&self, engine: &dyn Engine) -> bool {
        let words = self.scratch.len() as u64;
        let cost = self.stats.lookups * (LOOKUP_COST + KEY_WORD_COST * words);
        !self.pays() && cost > SWAMPED * engine.work()
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
            g.nodes.capacity() * std::mem::size_of::<GraphNode>()
                + (g.edges.capacity() + g.pending.capacity()) * 8
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
    /// the options forced; no key met from now on depends on them. The
    /// levels let go become the root's: the depth of every node from the
    /// problem's root, which the stride goes by, stays as it was.
    /// Counting mode only.
    pub(crate) fn rebase(&mut self, levels: usize) {
        debug_assert!(self.graph.is_none(), "a solution graph is built whole");
        let levels = levels.min(self.frames.len());
        self.frames.drain(..levels);
        self.depth_base = self.depth_base.saturating_add(levels as u32);
    }

    /// Sets the depth in the whole search tree of the root of the search
    /// that holds the memo (see `depth_base`).
    pub(crate) fn set_depth_base(&mut self, depth: usize) {
        self.depth_base = u32::try_from(depth).unwrap_or(u32::MAX);
    }

    /// The depth of the node entered, from the problem's root.
    #[inline]
    fn depth(&self) -> u32 {
        self.depth_base.wrapping_add(self.frames.len() as u32)
    }

    /// The memo of a search (over, or stopped between nodes: what its table
    /// holds is finished), taken on to another search of the same
    /// problem under another root (the next subtree of a thread of a
    /// parallel count), table and all; `None` if that search writes its
    /// keys in another format ([`Engine::prepare_keys`]: another engine, or
    /// other items carry bounds and colors). A key determines its
    /// sub-problem whatever the root it was met under.
    pub(crate) fn carry_to(mut self, engine: &mut dyn Engine) -> Option<Memo> {
        if self.graph.is_some() || self.format != engine.prepare_keys() {
            return None;
        }
        self.frames.clear();
        self.stack_keys.clear();
        self.root = Count::ZERO;
        self.skipped = Count::ZERO;
        self.nodes_base = engine.stats().nodes;
        self.branches = 0;
        self.prefetched = false;
        Some(self)
    }

    /// Marks the memo dropped (by [`MemoMode::Auto`]).
    pub(crate) fn deactivate(&mut self) {
        self.stats.active = false;
    }

    /// The table value of a finished sub-problem: its graph node, or its
    /// count (inline, or a place in `big`).
    fn encode(&mut self, count: &Count, node: Option<u32>) -> u64 {
        match node {
            Some(id) => u64::from(id),
            None if self.graph.is_some() => EMPTY,
            None => match count.to_u64() {
                Some(v) if v < BIG => v,
                _ => match self.big_free.pop() {
                    Some(k) => {
                        self.big[k as usize] = count.clone();
                        BIG + k
                    }
                    None => {
                        self.big.push(count.clone());
                        BIG + self.big.len() as u64 - 1
                    }
                },
            },
        }
    }

    /// Frees the place in `big` of a table value no entry holds any more
    /// (count mode).
    fn release(&mut self, value: u64) {
        if self.graph.is_none() && value >= BIG {
            self.big[(value - BIG) as usize] = Count::ZERO;
            self.big_free.push(value - BIG);
        }
    }

    /// Stores a finished sub-problem. When building a graph, a full table
    /// is an overflow. When counting, a full table makes room: where
    /// search nodes have few children, by a thinning by depth
    /// ([`Memo::thin_by_depth`]); otherwise entry by entry, the new entry
    /// replacing the entry of least work times one more than its hits near
    /// its slot ([`Table::replace`]). The counts on the stack are kept, so nothing
    /// is lost but time.
    fn store(&mut self, frame: &Frame, work: u64, node: Option<u32>, nodes: u64) {
        let (key_start, hash, count) = (frame.key_start, frame.hash, &frame.count);
        // Entries carry their depth from the problem's root (the stride's);
        // `deepest` counts the levels of this search.
        let depth = self.depth() as usize;
        self.deepest = self.deepest.max(self.frames.len() as u32);
        let mut value = self.encode(count, node);
        let key = &self.stack_keys[key_start..];
        if self.table.insert(hash, key, value, work, depth) {
            return;
        }
        if self.graph.is_some() {
            self.overflow = true;
            return;
        }
        self.release(value);
        if self.thin_by_depth(nodes) {
            value = self.encode(count, node);
            let key = &self.stack_keys[key_start..];
            if self.table.insert(hash, key, value, work, depth) {
                return;
            }
        } else {
            value = self.encode(count, node);
        }
        let key = &self.stack_keys[key_start..];
        match self.table.replace(hash, key, value, work, depth) {
            Some(old) => {
                self.release(old);
                self.stats.evictions += 1;
                self.stats.evicted += 1;
            }
            None => self.release(value),
        }
    }

    /// Thins the full table by depth, if that is cheap (count mode): doubles
    /// the stride, drops the entries off it, and from then on looks up and
    /// stores only the nodes on it; `nodes` is the engine's node count.
    /// Returns whether it did. The big counts of the entries kept move to
    /// the front of `big`.
    ///
    /// A sub-problem on the stride is then searched once as before, but the
    /// `s - 1` levels below it down to the next stored level are searched
    /// afresh from each of them: about `b^(s-1) / s` times the nodes, for
    /// `b` children per node searched (every level kept: 1), in `1/s` of the
    /// memory. Where `b` is small (domino tilings: about 1.4) a stride of 4
    /// or 8 costs little, and no sub-problem is lost whole. It is not done
    /// where it would cost more than [`STRIDE_MAX_COST`] (pentominoes: a
    /// stride of 2 would cost `b / 2`, about 5x), nor where few entries lie
    /// off the doubled stride, nor where it would leave fewer than
    /// [`STRIDE_MIN_LEVELS`] levels stored.
    fn thin_by_depth(&mut self, nodes: u64) -> bool {
        let b = nodes.saturating_sub(self.nodes_base) as f64 / self.branches.max(1) as f64;
        let stride = self.stride.saturating_mul(2);
        let cost = b.powi(stride as i32 - 1) / f64::from(stride);
        if cost > STRIDE_MAX_COST
            || stride > MAX_STRIDE
            || stride.saturating_mul(STRIDE_MIN_LEVELS) > self.deepest
            || self.table.off_stride(stride) * 4 < self.table.len()
        {
            return false;
        }
        self.stats.evictions += 1;
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.table.peak_bytes as u64);
        let mut kept = Vec::new();
        let big = &mut self.big;
        let remap = |value| {
            if value < BIG {
                return value;
            }
            kept.push(std::mem::replace(
                &mut big[(value - BIG) as usize],
                Count::ZERO,
            ));
            BIG + kept.len() as u64 - 1
        };
        self.stride = stride;
        let dropped = self.table.thin_depths(stride, remap);
        self.big = kept;
        self.big_free.clear();
        self.stats.evicted += dropped as u64;
        true
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
    fn add_to_parent<E: Engine + ?Sized>(&mut self, engine: &E, count: &Count, node: Option<u32>) {
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
            // The graph grows here and in `leave`, which ends here too.
            if self.bytes() > self.max_bytes {
                self.overflow = true;
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
