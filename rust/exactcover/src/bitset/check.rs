//! The bitset engine's invariant checker, for tests and debug builds.

use super::{choose, sweep_choice, BitsetEngine, Choice, State, SENTINEL};

impl BitsetEngine {
    /// Checks what the fields of [`BitsetEngine`] promise, on every state of
    /// the current path (the root's slot up to the node on top of the stack):
    /// no live option contains a covered item; each counter is the number of
    /// live options of its uncovered primary item, or [`SENTINEL`] for a
    /// covered one and for the padding; each level's state is its parent's
    /// with the level's option chosen (the conflict row removed, the items
    /// covered); each level's item is the parent's choice and its branch a
    /// live option of that item; the root holds no option that is dead from
    /// the start; in `Forward`, the pending choice is the top state's.
    /// Linear in the size of the states and tables. (During
    /// [`Hooks::branch`](crate::engine::Hooks::branch), the new level's
    /// branch is not made yet and not checked.)
    pub fn check_invariants(&self) -> Result<(), String> {
        let t = &*self.tables;
        let shape = t.shape;
        let (words, item_words) = (shape.option_words, shape.item_words);
        // In `Advance` (seen only by the hooks) the top level's branch is
        // not made yet: its state and its position are not checked.
        let made = self.levels.len() - usize::from(self.state == State::Advance);
        let top = self.root + made;
        if top >= shape.slots() {
            return Err(format!("slot {top} past the stack of {}", shape.slots()));
        }
        let live = |s: usize| &self.stack.live[s * words..][..words];
        let covered = |s: usize| &self.stack.covered[s * item_words..][..item_words];
        for &o in &t.forbidden {
            if self.is_live(self.root, o) {
                return Err(format!("option {} is forbidden but live", t.option_ext(o)));
            }
        }
        for s in self.root..=top {
            // Live options have no covered item.
            for o in 0..shape.n_options as u32 {
                if self.is_live(s, o)
                    && t.item_mask(o)
                        .iter()
                        .zip(covered(s))
                        .any(|(&m, &c)| m & c != 0)
                {
                    return Err(format!(
                        "slot {s}: option {} is live with a covered item",
                        t.option_ext(o)
                    ));
                }
            }
            let last = shape.n_options % 64;
            let valid = if last == 0 && shape.n_options > 0 {
                u64::MAX
            } else {
                (1 << last) - 1
            };
            if live(s)[words - 1] & !valid != 0 {
                return Err(format!("slot {s}: a live bit past the last option"));
            }
            // The counters (and the padding past the ones in use); a
            // sweep keeps them in the first slot only (a donation may make
            // a later slot its root).
            let kept = !t.sweep || s == 0;
            let stride = &self.stack.counts[s * shape.count_stride..][..shape.count_stride];
            if kept && stride[shape.count_lanes..].iter().any(|&c| c != SENTINEL) {
                return Err(format!(
                    "slot {s}: a counter past the last one in use changed"
                ));
            }
            let counts = if kept { self.counts(s) } else { &[] };
            for (i, &count) in counts.iter().enumerate() {
                let expected = if i >= shape.n_primary || covered(s)[i / 64] >> (i % 64) & 1 == 1 {
                    SENTINEL
                } else {
                    t.item_options(i as u32)
                        .iter()
                        .filter(|&&o| self.is_live(s, o))
                        .count() as u16
                };
                if count != expected {
                    return Err(format!("slot {s}: counter {i} is {count}, not {expected}"));
                }
            }
            if s == self.root {
                continue;
            }
            // The level above: its choice, its branch, the state it made.
            let l = s - self.root - 1;
            let level = self.levels[l];
            if self.choice_at(s - 1) != Choice::Item(level.item) {
                return Err(format!("level {l}: item {} is not the choice", level.item));
            }
            let o = level.branch;
            if t.item_options(level.item).binary_search(&o).is_err() {
                return Err(format!(
                    "level {l}: branch {o} is not an option of its item"
                ));
            }
            if !self.is_live(s - 1, o) {
                return Err(format!("level {l}: option {} is not live", t.option_ext(o)));
            }
            let made_live = live(s - 1)
                .iter()
                .zip(t.conflicts(o))
                .map(|(&p, &k)| p & !k);
            if !made_live.eq(live(s).iter().copied()) {
                return Err(format!(
                    "slot {s}: live options are not the parent's less the conflicts"
                ));
            }
            let made_covered = covered(s - 1)
                .iter()
                .zip(t.item_mask(o))
                .map(|(&p, &m)| p | m);
            if !made_covered.eq(covered(s).iter().copied()) {
                return Err(format!(
                    "slot {s}: covered items are not the parent's and the option's"
                ));
            }
        }
        if self.state == State::Forward && self.choice_at(top) != self.next {
            return Err("the pending choice is not the top state's".into());
        }
        if shape.count_lanes % super::COUNT_LANES != 0 || shape.count_stride < shape.count_lanes {
            return Err("counters not padded to whole chunks".into());
        }
        Ok(())
    }
}

impl BitsetEngine {
    /// The choice at the state in slot `s`: from its counters, or for a
    /// sweep past the first slot, from its covered items.
    fn choice_at(&self, s: usize) -> Choice {
        let t = &*self.tables;
        if t.sweep && s != 0 {
            let words = t.shape.item_words;
            sweep_choice(&self.stack.covered[s * words..][..words], t.shape.n_primary)
        } else {
            choose(self.counts(s), t.sweep)
        }
    }
}
