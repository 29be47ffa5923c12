//! The memo's hash table: keys of any length (words written by the engine,
//! stored whole in one arena and compared word for word) to 64-bit values,
//! under a memory cap. A hash only chooses where to look, so a collision
//! can cost time but never change a count.

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

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    key_start: u32,
    key_len: u32,
    value: u64,
    /// The work the sub-problem's search took, in link updates (what a hit
    /// saves; see [`super::Memo::pays`]).
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

    /// Empties the table, giving its memory back.
    pub(super) fn clear(&mut self) {
        self.slots = Vec::new();
        self.entries = Vec::new();
        self.keys = Vec::new();
    }
}
