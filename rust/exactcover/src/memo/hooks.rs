//! The memo as the search sees it: the calls of [`Hooks`] at the steps of
//! the engine's loop. At a node that branches the key is looked up; a hit
//! skips the subtree and adds its count to the parent; a miss pushes a
//! frame, which collects its children's counts and is stored when the level
//! is left.

use super::{Frame, GraphNode, Memo, EMPTY, STRIDE_CHECK};
use crate::count::Count;
use crate::engine::{Engine, Hooks};

impl<E: Engine + ?Sized> Hooks<E> for Memo {
    const ACTIVE: bool = true;

    #[inline]
    fn prefetch(&mut self, engine: &E) {
        self.prefetched = !self.overflow && self.depth() % self.stride == 0;
        if self.prefetched {
            engine.state_key(&mut self.scratch);
            self.scratch_hash = self.table.hash(&self.scratch);
            self.table.prefetch(self.scratch_hash);
        }
    }

    #[inline]
    fn enter(&mut self, engine: &E) -> bool {
        if self.overflow {
            // The graph cannot be built: skip what is left of the search.
            return true;
        }
        self.off_stride = self.depth() % self.stride != 0;
        if self.off_stride {
            return false;
        }
        if !std::mem::take(&mut self.prefetched) {
            engine.state_key(&mut self.scratch);
            self.scratch_hash = self.table.hash(&self.scratch);
        }
        self.stats.lookups += 1;
        let lookups = self.stats.lookups;
        if self.stride == 1 && lookups >= STRIDE_CHECK && lookups.is_power_of_two() {
            self.choose_stride(engine.stats().nodes);
        }
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
    fn solved(&mut self, engine: &E) {
        self.add_to_parent(engine, &Count::ONE, Some(0));
    }

    #[inline]
    fn dead_end(&mut self, _: &E) {}

    #[inline]
    fn branch(&mut self, engine: &E) {
        self.branches += 1;
        let key_start = self.stack_keys.len();
        let stored = !self.off_stride;
        if stored {
            self.stack_keys.extend_from_slice(&self.scratch);
        }
        let edges_start = self.graph.as_ref().map_or(0, |g| g.pending.len());
        self.frames.push(Frame {
            key_start,
            hash: self.scratch_hash,
            work: engine.work(),
            count: Count::ZERO,
            edges_start,
            stored,
        });
    }

    fn leave(&mut self, engine: &E) {
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
        let work = engine.work() - frame.work;
        if frame.stored {
            self.store(&frame, work, node, engine.stats().nodes);
        }
        self.stack_keys.truncate(frame.key_start);
        self.add_to_parent(engine, &frame.count, node);
    }
}
