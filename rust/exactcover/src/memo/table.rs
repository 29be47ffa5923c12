//! The memo's hash table: keys of any length (words written by the engine,
//! stored whole in one arena and compared word for word) to 64-bit values,
//! under a memory cap. A hash only chooses where to look, so a collision
//! can cost time but never change a count.
//!
//! The table knows nothing of the engine: a key is words, a value is a word,
//! and every entry carries the work its sub-problem took. When the cap is
//! reached the table is thinned ([`Table::thin`]): the entries whose
//! sub-problems took least work, weighed with their age, are dropped, about
//! half of them, and their room reused in place, so memory never grows past
//! the cap and the costly sub-problems stay.

/// An open-addressing hash table from keys (slices of words, stored whole in
/// one arena) to 64-bit values.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// 0: empty; otherwise the low 32 bits of the key's hash (a fingerprint
    /// that spares most misses a look at the entry) above one more than an
    /// index into `entries`.
    slots: Vec<u64>,
    entries: Vec<Entry>,
    keys: Vec<u64>,
    /// Hashes are masked with this (all ones normally; tests set fewer bits
    /// to force collisions).
    pub(super) hash_mask: u64,
    max_bytes: usize,
    pub(super) peak_bytes: usize,
}

/// Each thinning halves the work of the entries it keeps (see
/// [`Table::thin`]): an entry outlives `k` thinnings only if its work is
/// about `2^k` times that of the newer entries it competes with, so that
/// costly sub-problems of a part of the search long left give way in the end.
/// Measured (pentominoes 6x10, a cap of 1/32 of the unbounded memo): the
/// same nodes as without aging within 0.2%; keeping by work at all, against
/// keeping the newest half: 4% fewer nodes (2.65 M against 2.76 M; 2.26 M
/// unbounded), against keeping the cheapest: 8% fewer.
const AGE_SHIFT: u32 = 1;

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    key_start: u32,
    key_len: u32,
    value: u64,
    /// The work the sub-problem's search took, in link updates (what a hit
    /// saves; see [`super::Memo::pays`]), shifted right by [`AGE_SHIFT`] at
    /// every thinning the entry survived: what [`Table::thin`] weighs.
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

/// A hash of a stream of words, for the fingerprint of a problem in a key
/// format ([`crate::engine::Engine::prepare_keys`]): tells problems of one
/// size apart, so that a memo is not lent to another problem by mistake.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Fingerprint {
    h: u64,
    len: u64,
}

impl Fingerprint {
    /// Adds one word.
    pub(crate) fn add(&mut self, word: u64) {
        self.h = (self.h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        self.len += 1;
    }

    /// The fingerprint of the words added.
    pub(crate) fn finish(&self) -> u64 {
        hash_words(&[self.h, self.len])
    }
}

impl Table {
    pub(super) fn new(max_bytes: usize, hash_mask: u64) -> Table {
        Table {
            slots: Vec::new(),
            entries: Vec::new(),
            keys: Vec::new(),
            hash_mask,
            max_bytes,
            peak_bytes: 0,
        }
    }

    pub(super) fn hash(&self, key: &[u64]) -> u64 {
        hash_words(key) & self.hash_mask
    }

    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * 8
            + self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.keys.capacity() * 8
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    fn key(&self, e: &Entry) -> &[u64] {
        &self.keys[e.key_start as usize..e.key_start as usize + e.key_len as usize]
    }

    /// The value stored for `key` (whose hash is `hash`), with the work its
    /// search took.
    #[inline]
    pub(super) fn get(&self, hash: u64, key: &[u64]) -> Option<(u64, u64)> {
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
    pub(super) fn insert(&mut self, hash: u64, key: &[u64], value: u64, work: u64) -> bool {
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

    /// Makes room in a full table without giving memory back: keeps the
    /// entries of highest `work` (a sub-problem that took long to search
    /// saves much at every hit; [`AGE_SHIFT`] lets old entries give way to
    /// new ones), at most half of them, and drops the rest. Among entries of
    /// the same order of work (the same bit length) the newest are kept: the
    /// search is likelier to meet again the sub-problems of the part of the
    /// tree it is in. `remap` is called with the value of every entry kept,
    /// in order, and returns its new value (the memo moves its big counts).
    /// Returns the number of entries dropped.
    pub(super) fn thin(&mut self, mut remap: impl FnMut(u64) -> u64) -> usize {
        let n = self.entries.len();
        let room = n / 2;
        // Entries by bit length of work (0 for work 0, 64 for >= 2^63).
        let class = |e: &Entry| 64 - e.work.leading_zeros() as usize;
        let mut by_class = [0usize; 65];
        for e in &self.entries {
            by_class[class(e)] += 1;
        }
        // The lowest class kept whole, and how many of the class below it
        // (the newest) are kept too.
        let mut kept = 0;
        let mut whole = 65;
        while whole > 0 && kept + by_class[whole - 1] <= room {
            whole -= 1;
            kept += by_class[whole];
        }
        let (partial, mut skip) = match whole {
            0 => (usize::MAX, 0),
            c => (c - 1, by_class[c - 1] - (room - kept)),
        };
        let (mut w, mut kw) = (0, 0);
        for i in 0..n {
            let mut e = self.entries[i];
            let c = class(&e);
            let keep = c >= whole
                || (c == partial && {
                    let past = skip == 0;
                    skip = skip.saturating_sub(1);
                    past
                });
            if !keep {
                continue;
            }
            let (start, len) = (e.key_start as usize, e.key_len as usize);
            self.keys.copy_within(start..start + len, kw);
            e.key_start = kw as u32;
            e.value = remap(e.value);
            e.work >>= AGE_SHIFT;
            self.entries[w] = e;
            w += 1;
            kw += len;
        }
        self.entries.truncate(w);
        self.keys.truncate(kw);
        self.slots.fill(0);
        for k in 0..w {
            self.place(self.entries[k].hash, k as u32 + 1);
        }
        n - w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `works.len()` one-word keys `[k]`, entry `k` with value
    /// `100 + k` and work `works[k]`, under a cap that fits them all.
    fn table(works: &[u64]) -> Table {
        let mut t = Table::new(1 << 20, u64::MAX);
        for (k, &work) in works.iter().enumerate() {
            let key = [k as u64];
            assert!(t.insert(t.hash(&key), &key, 100 + k as u64, work));
        }
        t
    }

    fn kept(t: &Table, n: usize) -> Vec<usize> {
        (0..n)
            .filter(|&k| t.get(t.hash(&[k as u64]), &[k as u64]).is_some())
            .collect()
    }

    #[test]
    fn thinning_keeps_the_costliest_half_and_the_newest_of_a_tie() {
        // Classes by bit length: works 1 (class 1), 2-3 (class 2), 100 and
        // 127 (class 7), 1000 (class 10). Room for 4 of 9: classes 10 and 7
        // whole (3 entries), then the newest one of class 2.
        let works = [3, 1000, 2, 1, 100, 2, 3, 127, 1];
        let mut t = table(&works);
        let bytes = t.bytes();
        let mut seen = Vec::new();
        let dropped = t.thin(|v| {
            seen.push(v);
            v + 1000
        });
        assert_eq!(dropped, 5);
        assert_eq!(kept(&t, works.len()), vec![1, 4, 6, 7]);
        assert_eq!(seen, vec![101, 104, 106, 107]);
        let key = [7u64];
        // Values remapped, work aged by AGE_SHIFT, memory kept.
        assert_eq!(t.get(t.hash(&key), &key), Some((1107, 127 >> AGE_SHIFT)));
        assert_eq!(t.bytes(), bytes);
        assert_eq!(t.len(), 4);
        // The room is reused: new entries fit without growing.
        for k in 9..13u64 {
            assert!(t.insert(t.hash(&[k]), &[k], k, 0));
        }
        assert_eq!(t.bytes(), bytes);
        assert_eq!(kept(&t, 13), vec![1, 4, 6, 7, 9, 10, 11, 12]);
    }

    #[test]
    fn thinning_one_class_keeps_its_newest_half() {
        let mut t = table(&[5; 7]);
        assert_eq!(t.thin(|v| v), 4);
        assert_eq!(kept(&t, 7), vec![4, 5, 6]);
    }

    #[test]
    fn thinning_a_single_entry_drops_it() {
        let mut t = table(&[u64::MAX]);
        assert_eq!(t.thin(|v| v), 1);
        assert_eq!(t.len(), 0);
        assert_eq!(kept(&t, 1), Vec::<usize>::new());
    }

    #[test]
    fn thinning_keeps_long_keys_whole_and_findable_under_collisions() {
        // Every hash is 0: lookups go by the whole key.
        let mut t = Table::new(1 << 20, 0);
        let keys: Vec<Vec<u64>> = (0..20u64)
            .map(|k| (0..k % 5 + 1).map(|w| k * 7 + w).collect())
            .collect();
        for (k, key) in keys.iter().enumerate() {
            assert!(t.insert(t.hash(key), key, k as u64, k as u64 * 1000));
        }
        assert_eq!(t.thin(|v| v), 10);
        for (k, key) in keys.iter().enumerate() {
            let expected = (k >= 10).then_some((k as u64, (k as u64 * 1000) >> AGE_SHIFT));
            assert_eq!(t.get(t.hash(key), key), expected, "key {k}");
        }
    }
}
