//! The invariant checker of the dancing links: what the fields of
//! [`DancingLinks`] promise, checked in full. Debug builds run it at the end
//! of every search; tests run it at every pause.

#[cfg(doc)]
use super::links;
use super::{DancingLinks, PURIFIED, SECONDARY_LEN_BIAS};

impl DancingLinks {
    /// Checks the invariants stated on the fields of [`DancingLinks`]: every
    /// link in bounds (what the unchecked accesses of [`links`] rely on) and
    /// the spacers in place; every item list doubly linked, of length `LEN`,
    /// through nodes whose `TOP` is the item; the item rings consistent; the
    /// bounds and slacks of Algorithm M (an active item can still take an
    /// option, a secondary item never needs one, an ordinary level's item is
    /// saturated); the colors of Algorithm C (a purified item's list holds
    /// no node of its color unmarked, an unpurified one no marked node); the
    /// tweak stack's segments. For tests and debug builds; linear cost.
    pub(super) fn check_invariants(&self) -> Result<(), String> {
        let n = self.llink.len() - 2;
        let size = self.nodes.len() as u32;
        // Bounds of every link, hidden nodes included.
        for (q, node) in self.nodes.iter().enumerate() {
            if node.ulink >= size || node.dlink >= size {
                return Err(format!("node {q}: a link out of range"));
            }
            if q > n + 1 && node.top as usize > n {
                return Err(format!("node {q}: TOP {} is no item", node.top));
            }
        }
        if self.rlink.len() != n + 2
            || self
                .llink
                .iter()
                .chain(&self.rlink)
                .any(|&i| i as usize > n + 1)
        {
            return Err("an item link out of range".into());
        }
        // The spacers around each option.
        for (k, &first) in self.option_first.iter().enumerate() {
            let before = self.nodes[first as usize - 1];
            let mut last = first;
            while self.nodes[last as usize + 1].top != 0 {
                last += 1;
            }
            let after = self.nodes[last as usize + 1];
            if before.top != 0 || before.dlink != last || after.ulink != first {
                return Err(format!("option {k}: spacers out of place"));
            }
        }
        // The vertical lists, and the colors of Algorithm C.
        for i in 1..=n as u32 {
            let header = self.nodes[i as usize];
            let mut len = 0;
            let mut p = header.dlink;
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
                if !self.colored && node.color != 0 {
                    return Err(format!("node {p} has a color in a problem without"));
                }
                if header.color == 0 && node.color == PURIFIED {
                    return Err(format!("node {p} marked purified in unpurified list {i}"));
                }
                if header.color != 0 && node.color == header.color {
                    return Err(format!(
                        "node {p} unmarked in list {i} purified with its color"
                    ));
                }
                len += 1;
                prev = p;
                p = node.dlink;
                if len > self.nodes.len() {
                    return Err(format!("list {i} does not close"));
                }
            }
            if header.ulink != prev {
                return Err(format!("header {i}: ulink is not the last node"));
            }
            // (A secondary item's LEN carries the bias.)
            if header.len() & !SECONDARY_LEN_BIAS != len as u32 {
                return Err(format!("item {i}: LEN {} but {len} nodes", header.len()));
            }
        }
        // Algorithm X's count of the empty active primary items.
        let mut empty = 0;
        let mut p = self.rlink[0];
        while p != 0 && empty <= n {
            if self.nodes[p as usize].len() == 0 {
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
        // The item rings, and the bounds of the active items.
        let mut active = vec![0u64; (n + 1).div_ceil(64)];
        for head in [0, n as u32 + 1] {
            let mut p = self.rlink[head as usize];
            let mut prev = head;
            let mut steps = 0;
            while p != head {
                if self.llink[p as usize] != prev {
                    return Err(format!("item ring {head}: llink of {p} is wrong"));
                }
                let (bound, slack) = (self.bound[p as usize], self.slack[p as usize]);
                if bound == 0 {
                    return Err(format!("item {p} is active with bound 0"));
                }
                if head != 0 && bound > slack {
                    return Err(format!("secondary item {p}: bound {bound} > slack {slack}"));
                }
                if head == 0 && self.primary_bits.is_some() && prev != head && p < prev {
                    return Err(format!("primary ring out of order: {p} after {prev}"));
                }
                active[p as usize / 64] |= 1 << (p % 64);
                prev = p;
                p = self.rlink[p as usize];
                steps += 1;
                if steps > n + 1 {
                    return Err(format!("item ring {head} does not close"));
                }
            }
        }
        if active != self.active {
            return Err("the bitset of active items differs from the rings".to_string());
        }
        // The levels: an ordinary one's item is saturated (Algorithm M keeps
        // its bound at 0 while it lives), the wide ones own nested segments
        // of the tweak stack.
        let mut base = 0;
        for (l, level) in self.levels.iter().enumerate() {
            if level.wide {
                if (level.base as usize) < base || level.base as usize > self.tweaks.len() {
                    return Err(format!("level {l}: tweak base out of order"));
                }
                base = level.base as usize;
            } else if self.multi && self.bound[level.item as usize] != 0 {
                return Err(format!("level {l}: item {} not saturated", level.item));
            }
        }
        Ok(())
    }
}
