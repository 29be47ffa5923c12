//! The memo's hash table: keys of any length (words written by the engine,
//! stored whole and compared word for word) to 64-bit values, under a
//! memory cap. A hash only chooses where to look, so a collision can cost
//! time but never change a count.
//!
//! The table knows nothing of the engine: a key is words, a value is a word,
//! and every entry carries the work its sub-problem took and the depth of
//! its node. An entry is one record of an arena, its value, a word of work,
//! depth and key length, then its key, and its slot points straight at it:
//! a lookup that hits reads its slot and its record, two cache misses in a
//! table of hundreds of megabytes (an entry apart from its key took a third
//! one), and an entry of the domino tilings of the 16x16 board takes 48
//! bytes and its share of the slots, not 64 and its share. When the cap is
//! reached, room is made in place, so memory never grows past the cap, in
//! one of two ways, as the memo decides: by depth ([`Table::thin_depths`]:
//! the entries off a stride of levels go, those the memo no longer looks
//! up), or entry by entry ([`Table::replace`]: a new entry takes the place
//! of the entry of least weight near its slot, its work times one more than
//! its hits ([`meta_value`]), the rule of [`super::replace`]). A full table
//! so keeps nearly all of its entries, and the costly ones among them and
//! those that hits have shown to recur; it never empties. (Thinning half of a full
//! table by work at once, as it did before, lost whole sub-problems again
//! and again: the domino tilings of the 16x16 board under 10.5 MB, an
//! eighth of their memo, took over 60 s against 0.9 s unbounded; entry by
//! entry, 3.1 s; in records of 48 bytes instead of 64 and their keys
//! apart, 1.1 s; under an eighth of the smaller memo of those records,
//! 8.4 MB, 2.2-2.8 s by work alone, 1.3-1.7 s by work and hits.)
//!
//! The table grows by doubling while the cap allows; the growth that a
//! doubling would carry past the cap is instead the last one, to what the
//! cap holds ([`Table::fill_to_cap`]), with the slots up to three quarters
//! full. Doubling alone would stop at 1/2 to 3/4 of the cap (a full table of
//! the Aztec diamond of order 12 took 738 MB of its 1 GiB).

use super::replace;

/// An open-addressing hash table from keys (slices of words, stored whole in
/// records of one arena) to 64-bit values.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// 0: empty; otherwise the high 32 bits of the key's hash above one
    /// more than the offset of its entry's record in `records`. The top
    /// bits of the hash choose the slot where a key's probe starts
    /// ([`Table::home`]), so a doubling places every entry again from its
    /// slot alone ([`Table::grow`]); the bits below them are a fingerprint
    /// that spares most misses a look at the record (8 bits among the keys
    /// of one home slot in a table of 2^24 slots, and keys of other homes
    /// differ in the top bits).
    slots: Vec<u64>,
    /// The entries' records, one after another: [`HEADER`] words (the
    /// value, then [`meta`]), then the key. Only the slots tell where a
    /// record starts: the words of records no slot points at any more are
    /// garbage.
    records: Vec<u64>,
    /// The number of entries.
    count: usize,
    /// Hashes are masked with this (all ones normally; tests set fewer bits
    /// to force collisions).
    pub(super) hash_mask: u64,
    max_bytes: usize,
    pub(super) peak_bytes: usize,
    /// Has the table had its last growth ([`Table::fill_to_cap`])? From
    /// then on it never grows: an entry that does not fit is refused.
    at_cap: bool,
    /// Does the table have a last growth at all? Not when it shares its cap
    /// with a solution graph, which could not grow after it: there an
    /// entry whose doubling does not fit is refused.
    pub(super) fills_cap: bool,
    /// Words of `records` that no entry holds any more (left by
    /// [`Table::replace`]; [`Table::retain`] takes them back).
    garbage: usize,
}

/// The entries among which [`Table::replace`] chooses the one to replace:
/// the first this many from the new key's home slot on, within
/// [`WINDOW_SLOTS`] slots. Measured on the domino tilings of the 16x16
/// board under a cap of 10.5 MB (an eighth of the unbounded memo): 5.47 M
/// lookups with 4 entries, 3.88 M with 8, 3.48 M with 16, 3.33 M with 32
/// (1.53 M unbounded); each entry weighed is a read of its work, often a
/// cache miss.
const WINDOW: usize = 16;

/// The most slots [`Table::replace`] looks through for its [`WINDOW`]
/// entries (a table at its cap may be a quarter full).
const WINDOW_SLOTS: usize = 64;

/// The most entries per slot once a doubling of the slots would pass the
/// cap (before that, at most one half): linear probing over 8-byte slots
/// with a 32-bit fingerprint in each reads one or two cache lines a miss at
/// that load.
const MAX_LOAD: (usize, usize) = (3, 4);

/// The words of a record before its key: the value, then [`meta`].
const HEADER: usize = 2;

/// The longest key stored (its length is 16 bits of [`meta`]); a longer
/// one is refused, as if the table were full.
const MAX_KEY_LEN: usize = 0xffff;

/// The second word of a record: the work its sub-problem took, in link
/// updates (what a hit saves, see [`super::Memo::pays`]), as the bits of an
/// `f32` (to 1 part in 2^24, and no bound), in the high 32 bits; then its
/// hits so far, in 10 bits (saturating at [`MAX_HITS`]); the depth of its
/// node in the memo's search modulo [`DEPTH_MODULUS`], in 6 bits (only
/// [`Table::thin_depths`] reads it, for strides that divide the modulus);
/// the key's length in words in the low 16.
#[inline]
fn meta(work: u64, depth: usize, key_len: usize) -> u64 {
    u64::from((work as f32).to_bits()) << 32
        | ((depth % DEPTH_MODULUS as usize) as u64) << 16
        | key_len as u64
}

/// The modulus of the depth kept in [`meta`]: strides of
/// [`Table::thin_depths`] must divide it.
pub(super) const DEPTH_MODULUS: u32 = 64;

/// The most hits [`meta`] counts.
const MAX_HITS: u64 = (1 << 10) - 1;

/// The lowest bit of the hits in [`meta`].
const HITS_SHIFT: u32 = 22;

#[inline]
fn meta_work(meta: u64) -> u64 {
    f32::from_bits((meta >> 32) as u32) as u64
}

#[inline]
fn meta_depth(meta: u64) -> u32 {
    (meta >> 16) as u32 & (DEPTH_MODULUS - 1)
}

#[inline]
fn meta_hits(meta: u64) -> u64 {
    meta >> HITS_SHIFT & MAX_HITS
}

#[inline]
fn meta_len(meta: u64) -> usize {
    (meta & 0xffff) as usize
}

/// What a full table weighs when it makes room ([`Table::replace`]): the
/// work of an entry's sub-problem times one more than its hits so far, the
/// work it has saved and would save again. A sub-problem met once is
/// likely met again, one never met again likely never: on the domino
/// tilings of the 16x16 board only a third of the entries are ever hit
/// (about 4 times each). Weighed by its work alone, a full table kept
/// replacing the entries that were about to be hit by new ones that never
/// would be: under an eighth of the unbounded memo, and without thinning
/// by depth, 38.5 M nodes against 2.45 M unbounded; weighed by its hits
/// too, 3.3 M. (Weighing recency instead, as GreedyDual does, or halving
/// the work of older entries, both did worse than the work alone.)
#[inline]
fn meta_value(meta: u64) -> u64 {
    meta_work(meta).saturating_mul(1 + meta_hits(meta))
}

/// Where the record of a slot (not empty) starts.
#[inline]
fn record_at(slot: u64) -> usize {
    (slot as u32) as usize - 1
}

/// FxHash's multiplier, then a final avalanche: fast, and good enough to
/// spread keys that differ in a few bits.
#[inline]
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
            records: Vec::new(),
            count: 0,
            hash_mask,
            max_bytes,
            peak_bytes: 0,
            at_cap: false,
            fills_cap: true,
            garbage: 0,
        }
    }

    #[inline]
    pub(super) fn hash(&self, key: &[u64]) -> u64 {
        hash_words(key) & self.hash_mask
    }

    pub(super) fn bytes(&self) -> usize {
        Self::bytes_of(self.slots.capacity(), self.records.capacity())
    }

    pub(super) fn len(&self) -> usize {
        self.count
    }

    /// The key of the record at `at`.
    #[inline]
    fn key(&self, at: usize) -> &[u64] {
        let len = meta_len(self.records[at + 1]);
        &self.records[at + HEADER..at + HEADER + len]
    }

    /// Starts loading the slot where a lookup of `hash` begins
    /// ([`prefetch`]).
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        if let Some(slot) = self.slots.get(self.home(hash)) {
            prefetch::read(slot);
        }
    }

    /// The value stored for `key` (whose hash is `hash`), with the work its
    /// search took (to 1 part in 2^24: see [`meta`]); counts the hit.
    #[inline]
    pub(super) fn get(&mut self, hash: u64, key: &[u64]) -> Option<(u64, u64)> {
        let at = self.find(hash, key)?;
        let meta = self.records[at + 1];
        if meta_hits(meta) < MAX_HITS {
            self.records[at + 1] = meta + (1 << HITS_SHIFT);
        }
        Some((self.records[at], meta_work(meta)))
    }

    /// Where the record of `key` (whose hash is `hash`) starts, if stored.
    #[inline]
    fn find(&self, hash: u64, key: &[u64]) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut s = self.home(hash);
        let fingerprint = hash >> 32;
        loop {
            let slot = self.slots[s];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == fingerprint {
                let at = record_at(slot);
                if meta_len(self.records[at + 1]) == key.len()
                    && self.records[at + HEADER..at + HEADER + key.len()] == *key
                {
                    return Some(at);
                }
            }
            s = (s + 1) & mask;
        }
    }

    /// Stores `value` for `key`, a key not in the table, with the work its
    /// sub-problem took and the depth of its node. Returns false (and
    /// stores nothing) if that would pass the memory cap.
    pub(super) fn insert(
        &mut self,
        hash: u64,
        key: &[u64],
        value: u64,
        work: u64,
        depth: usize,
    ) -> bool {
        let words = HEADER + key.len();
        if key.len() > MAX_KEY_LEN
            || self.records.len() + words >= u32::MAX as usize
            || !self.make_room(words)
        {
            return false;
        }
        let at = self.records.len();
        self.records.resize(at + words, 0);
        self.write_record(at, hash, key, value, work, depth);
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        true
    }

    /// Writes the record of an entry (`value`, its work, depth and key
    /// length, `key`) at `at` in the arena, where its words are, and places
    /// it in the slots from its home.
    fn write_record(
        &mut self,
        at: usize,
        hash: u64,
        key: &[u64],
        value: u64,
        work: u64,
        depth: usize,
    ) {
        self.records[at] = value;
        self.records[at + 1] = meta(work, depth, key.len());
        self.records[at + HEADER..at + HEADER + key.len()].copy_from_slice(key);
        self.place(hash, at as u32 + 1);
        self.count += 1;
    }

    /// Makes room for one more entry whose record has `words` words:
    /// doubles the slots past half full, and the records when full, while
    /// the cap allows; then [`Table::fill_to_cap`]. Returns false if the
    /// entry does not fit.
    fn make_room(&mut self, words: usize) -> bool {
        let n = self.count + 1;
        let needed = self.records.len() + words;
        if self.at_cap {
            return needed <= self.records.capacity()
                && n * MAX_LOAD.1 <= self.slots.len() * MAX_LOAD.0;
        }
        let (slots_ok, records_ok) = (n * 2 <= self.slots.len(), needed <= self.records.capacity());
        if slots_ok && records_ok {
            return true;
        }
        let slots = if slots_ok {
            self.slots.len()
        } else {
            (self.slots.len() * 2).max(16)
        };
        let record_words = if records_ok {
            self.records.capacity()
        } else {
            (self.records.capacity() * 2).max(words * 16).max(needed)
        };
        if Self::bytes_of(slots, record_words) > self.max_bytes {
            return self.fills_cap && self.fill_to_cap(words);
        }
        if !slots_ok {
            self.grow();
        }
        self.reserve(record_words);
        true
    }

    /// The table's last growth, when a doubling would pass the cap: the
    /// slots (doubled or not) and room for the most records that fit beside
    /// them, at most [`MAX_LOAD`] of the slots, each as long as the longer
    /// of `words` and the average so far. Returns whether one more record
    /// of `words` words fits.
    fn fill_to_cap(&mut self, words: usize) -> bool {
        self.at_cap = true;
        let per_entry = match self.count {
            0 => words,
            n => words.max(self.records.len().div_ceil(n)),
        };
        // The most entries that fit beside `slots` slots (memory already
        // taken by the records' capacity stays taken).
        let most = |slots: usize| -> usize {
            let bytes =
                |e: usize| Self::bytes_of(slots, (e * per_entry).max(self.records.capacity()));
            let (mut lo, mut hi) = (0, slots / MAX_LOAD.1 * MAX_LOAD.0);
            if bytes(lo) > self.max_bytes {
                return 0;
            }
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                if bytes(mid) <= self.max_bytes {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            lo
        };
        let (now, doubled) = (self.slots.len().max(16), (self.slots.len() * 2).max(16));
        let (grow, entries) = if most(doubled) >= most(now) {
            (true, most(doubled))
        } else {
            (self.slots.is_empty(), most(now))
        };
        if entries <= self.count {
            return false;
        }
        if grow {
            self.grow();
        }
        self.reserve((entries * per_entry).max(self.records.len() + words));
        self.make_room(words) && self.bytes() <= self.max_bytes
    }

    /// The bytes of a table of `slots` slots and room for `record_words`
    /// words of records.
    fn bytes_of(slots: usize, record_words: usize) -> usize {
        slots * 8 + record_words * 8
    }

    /// The slot where the probe for `hash` starts: its top bits (the
    /// table has at least 16 slots, a power of two).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// Puts the record at `index - 1` in the first free slot from the home
    /// of `hash` on.
    fn place(&mut self, hash: u64, index: u32) {
        let mask = self.slots.len() - 1;
        let mut s = self.home(hash);
        while self.slots[s] != 0 {
            s = (s + 1) & mask;
        }
        self.slots[s] = hash & !0xffff_ffff | u64::from(index);
    }

    /// Places again, in the (empty) slots, the entries of `old` slots (0
    /// for none). The high half of a hash, kept in its slot, holds the top
    /// bits that choose the slot in a table of up to 2^32 slots: the
    /// entries are placed from the old slots alone, in order (so nearly in
    /// the order of the new slots: a stream, not a random write per entry),
    /// without reading and hashing their keys again (which took 8% of the
    /// Aztec diamonds' memoized counts). In a larger table their keys are
    /// hashed again.
    fn place_again(&mut self, old: impl IntoIterator<Item = u64>) {
        let rehash = self.slots.len() > 1 << 32;
        for slot in old.into_iter().filter(|&slot| slot != 0) {
            let hash = if rehash {
                self.hash(self.key(record_at(slot)))
            } else {
                slot
            };
            self.place(hash, slot as u32);
        }
    }

    /// Doubles the slots ([`Table::place_again`]). The old slots are freed
    /// after, a third of the slots' memory more for that moment.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        huge_pages::advise(&self.slots);
        self.place_again(old);
    }

    /// Reserves room for `words` words of records in all, and asks for huge
    /// pages for them ([`huge_pages`]).
    fn reserve(&mut self, words: usize) {
        if words > self.records.capacity() {
            self.records.reserve_exact(words - self.records.len());
            huge_pages::advise(&self.records);
        }
    }

    /// Stores `value` for `key` (not in the table) in a full table, in
    /// place of the entry of least weight ([`meta_value`]: its work times
    /// one more than its hits) among the first [`WINDOW`] entries
    /// from its home slot on ([`super::replace`]'s rule): that entry is
    /// taken out of the slots (by backward shift), the new one takes its
    /// record (if its key is no longer; else a record at the end of the
    /// arena, packed first if need be) and is placed from its home. Returns
    /// the value of the entry replaced, or `None` (and stores nothing) if
    /// there is none near or no room for the key even with the arena
    /// packed.
    pub(super) fn replace(
        &mut self,
        hash: u64,
        key: &[u64],
        value: u64,
        work: u64,
        depth: usize,
    ) -> Option<u64> {
        // A slot's home comes from the hash bits it keeps: tables of at most
        // 2^32 slots (32 GiB of slots).
        if self.slots.is_empty() || self.slots.len() > 1 << 32 || key.len() > MAX_KEY_LEN {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut window = [0usize; WINDOW];
        let mut found = 0;
        let mut s = self.home(hash);
        for _ in 0..self.slots.len().min(WINDOW_SLOTS) {
            if found == WINDOW {
                break;
            }
            if self.slots[s] != 0 {
                window[found] = s;
                found += 1;
            }
            s = (s + 1) & mask;
        }
        let costs = window[..found]
            .iter()
            .map(|&s| replace::stored_cost(meta_value(self.records[record_at(self.slots[s]) + 1])));
        let (k, _) = replace::place_for(costs)?;
        let s = window[k];
        let at = record_at(self.slots[s]);
        let (old_value, len) = (self.records[at], meta_len(self.records[at + 1]));
        // Room for the record: the old one's, else the end of the arena,
        // else the arena packed (the old record gone).
        let words = HEADER + key.len();
        let free = self.records.capacity() - self.records.len();
        if key.len() > len
            && (self.records.len() + words >= u32::MAX as usize
                || words > free && words > free + self.garbage + HEADER + len)
        {
            return None;
        }
        self.remove_slot(s);
        self.count -= 1;
        let at = if key.len() <= len {
            self.garbage += len - key.len();
            at
        } else {
            self.garbage += HEADER + len;
            if words > free {
                self.retain(|_| true, &mut |value| value);
            }
            let at = self.records.len();
            self.records.resize(at + words, 0);
            at
        };
        self.write_record(at, hash, key, value, work, depth);
        Some(old_value)
    }

    /// Empties slot `hole` (linear probing's deletion by backward shift:
    /// each later slot of the run whose home is not after the hole moves
    /// into it, so that no probe stops short of its key). A slot's home
    /// comes from the hash bits it keeps.
    fn remove_slot(&mut self, mut hole: usize) {
        let mask = self.slots.len() - 1;
        let mut s = (hole + 1) & mask;
        loop {
            let slot = self.slots[s];
            if slot == 0 {
                break;
            }
            let home = self.home(slot & !0xffff_ffff);
            if s.wrapping_sub(home) & mask >= s.wrapping_sub(hole) & mask {
                self.slots[hole] = slot;
                hole = s;
            }
            s = (s + 1) & mask;
        }
        self.slots[hole] = 0;
    }

    /// How many entries lie at depths that are not multiples of `stride`.
    pub(super) fn off_stride(&self, stride: u32) -> usize {
        self.slots
            .iter()
            .filter(|&&slot| {
                slot != 0 && meta_depth(self.records[record_at(slot) + 1]) % stride != 0
            })
            .count()
    }

    /// Makes room in a full table by depth: keeps the entries whose depth
    /// is a multiple of `stride`, drops the others (see
    /// [`super::Memo::thin_by_depth`]). `remap` is called with the value of
    /// every entry kept, once each, and returns its new value (the memo
    /// moves its big counts). Returns the number of entries dropped.
    pub(super) fn thin_depths(&mut self, stride: u32, mut remap: impl FnMut(u64) -> u64) -> usize {
        self.retain(|meta| meta_depth(meta) % stride == 0, &mut remap)
    }

    /// Keeps the entries whose [`meta`] `keep` accepts (called once per
    /// entry), their records packed at the front of the arena in the order
    /// they lay in (so that each moves down, never over a record not yet
    /// moved), and forgets the garbage; returns the number dropped.
    fn retain(
        &mut self,
        mut keep: impl FnMut(u64) -> bool,
        remap: &mut impl FnMut(u64) -> u64,
    ) -> usize {
        let mut live: Vec<u64> = self
            .slots
            .iter()
            .copied()
            .filter(|&slot| slot != 0)
            .collect();
        live.sort_unstable_by_key(|&slot| slot as u32);
        let (mut kept, mut w) = (0, 0);
        for k in 0..live.len() {
            let slot = live[k];
            let at = record_at(slot);
            let meta = self.records[at + 1];
            if !keep(meta) {
                continue;
            }
            let words = HEADER + meta_len(meta);
            self.records.copy_within(at..at + words, w);
            self.records[w] = remap(self.records[w]);
            live[kept] = slot & !0xffff_ffff | (w as u64 + 1);
            kept += 1;
            w += words;
        }
        live.truncate(kept);
        self.records.truncate(w);
        self.garbage = 0;
        let dropped = self.count - kept;
        self.count = kept;
        self.slots.fill(0);
        self.place_again(live);
        dropped
    }
}

/// Transparent huge pages for the table's arrays, on Linux: a lookup is a
/// random read of a table of up to `max_bytes` (a gigabyte by default), and
/// with 4 KiB pages nearly every one also misses the TLB. Backed by 2 MiB
/// pages, the memoized count of the Aztec diamond of order 12 took about a
/// fifth less CPU time (2-core VM, glibc's `hugetlb` tunable, which asks
/// the same of every allocation). Where the kernel gives them only on
/// request (`transparent_hugepage=madvise`, a common default) this is that
/// request; elsewhere it does nothing.
pub(crate) mod huge_pages {
    /// Asks that the whole 2 MiB pages inside `v`'s allocation be huge
    /// pages. Small vectors are left alone.
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    pub(crate) fn advise<T>(v: &Vec<T>) {
        const HUGE: usize = 2 << 20;
        /// `MADV_HUGEPAGE` of Linux's `<sys/mman.h>`, on every architecture.
        const MADV_HUGEPAGE: i32 = 14;
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let (first, last) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if last > first {
            // SAFETY: `madvise` with `MADV_HUGEPAGE` changes neither memory
            // nor mappings, only how the kernel may back the pages of
            // `first..last`, which lie inside the vector's own allocation
            // (whole pages, as the call requires). Its failure (a kernel
            // without huge pages) leaves everything as it was, so the
            // result is ignored.
            unsafe {
                madvise(first as *mut std::ffi::c_void, last - first, MADV_HUGEPAGE);
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub(crate) fn advise<T>(_: &Vec<T>) {}
}

/// A hint that a cache line will be read soon: the memo computes a node's
/// key before the engine chooses the node's item, and asks for the slot of
/// its hash then, so that the cache miss of the lookup (in a table of
/// hundreds of megabytes, nearly every lookup misses) overlaps the choice.
pub(crate) mod prefetch {
    /// Asks the processor to start loading the cache line of `value`.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    #[inline(always)]
    pub(crate) fn read<T>(value: &T) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads nothing into the program and cannot
        // fault; the address is of a live reference. The instruction (SSE)
        // is part of every x86_64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>()) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub(crate) fn read<T>(_: &T) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `works.len()` one-word keys `[k]`, entry `k` with value
    /// `100 + k`, work `works[k]` and depth `k`, under a cap that fits them
    /// all, with hashes masked by `hash_mask`.
    fn table(works: &[u64], hash_mask: u64) -> Table {
        let mut t = Table::new(1 << 20, hash_mask);
        for (k, &work) in works.iter().enumerate() {
            let key = [k as u64];
            assert!(t.insert(t.hash(&key), &key, 100 + k as u64, work, k));
        }
        t
    }

    fn kept(t: &Table, n: usize) -> Vec<usize> {
        (0..n)
            .filter(|&k| t.find(t.hash(&[k as u64]), &[k as u64]).is_some())
            .collect()
    }

    /// A small random generator (xorshift), so the tests need no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn a_new_entry_replaces_the_least_work_of_its_window() {
        // Every hash is 0: every probe starts at slot 0, and the window is
        // the entries in slots 0 to 15, entries 0 to 15 in order.
        let works = [9, 7, 8, 3, 5, 3, 9, 9, 6, 4, 8, 9, 5, 7, 6, 4, 0, 1, 2];
        let mut t = table(&works, 0);
        let n = works.len();
        let key = [1000u64];
        // The least work among entries 0-15 is 3, first at entry 3 (the
        // cheaper entries 16-18 lie past the window).
        assert_eq!(t.replace(t.hash(&key), &key, 7, 50, 0), Some(103));
        assert_eq!(t.len(), n);
        assert_eq!(t.get(t.hash(&key), &key), Some((7, 50)));
        let mut left: Vec<usize> = (0..n).filter(|&k| k != 3).collect();
        assert_eq!(kept(&t, n), left);
        // Taking entry 3 out shifted the run back a slot: entry 16 (work 0)
        // is in the window now and goes next; then entry 17 (work 1).
        for (k, gone) in [(1001u64, 16), (1002, 17)] {
            assert_eq!(t.replace(t.hash(&[k]), &[k], k, 50, 0), Some(100 + gone));
            left.retain(|&j| j != gone as usize);
            assert_eq!(kept(&t, n), left);
        }
    }

    #[test]
    fn an_entry_hit_weighs_its_work_times_one_more_than_its_hits() {
        // All in one window (every hash 0): entry 0 of work 9, entry 1 of
        // work 4 hit twice (weighs 12), entry 2 of work 5.
        let mut t = table(&[9, 4, 5], 0);
        for _ in 0..2 {
            assert_eq!(t.get(t.hash(&[1]), &[1]), Some((101, 4)));
        }
        let key = [1000u64];
        assert_eq!(t.replace(t.hash(&key), &key, 7, 50, 0), Some(102));
        // Entry 0 (9) goes before entry 1 (12), and the new one (50) last.
        let key = [1001u64];
        assert_eq!(t.replace(t.hash(&key), &key, 8, 60, 0), Some(100));
        assert_eq!(kept(&t, 3), vec![1]);
        // The hits saturate, never wrap into the depth.
        for _ in 0..2 * MAX_HITS {
            t.get(t.hash(&[1]), &[1]);
        }
        let meta = t.records[t.find(t.hash(&[1]), &[1]).unwrap() + 1];
        assert_eq!(
            (meta_hits(meta), meta_depth(meta), meta_len(meta)),
            (MAX_HITS, 1, 1)
        );
        assert_eq!(meta_value(meta), 4 * (MAX_HITS + 1));
    }

    #[test]
    fn a_table_fills_its_cap_and_never_passes_it_nor_empties() {
        let per_entry = (HEADER + 3) * 8;
        for max_bytes in [1000, 5000, 77_777, 1 << 20, 3 << 20] {
            let mut t = Table::new(max_bytes, u64::MAX);
            let full = (0u64..)
                .find(|&k| {
                    let key = [k, k ^ 7, 3];
                    let stored = t.insert(t.hash(&key), &key, k, k, 0);
                    assert!(
                        t.bytes() <= max_bytes,
                        "cap {max_bytes}: {} bytes",
                        t.bytes()
                    );
                    !stored
                })
                .unwrap() as usize;
            // Doubling alone would have stopped at a quarter of the cap in
            // the worst case; the last growth fills at least half of it
            // with entries and keys.
            assert!(
                full * per_entry * 2 >= max_bytes,
                "cap {max_bytes}: {full} entries"
            );
            assert_eq!(t.len(), full);
            // Full, each new entry replaces one: the table stays full, in
            // the same memory, and every entry not replaced is found.
            let bytes = t.bytes();
            let mut present: Vec<bool> = vec![true; full];
            for k in full as u64..3 * full as u64 {
                let key = [k, k ^ 7, 3];
                let old = t.replace(t.hash(&key), &key, k, k, 0);
                let old = old.expect("a full table replaces an entry") as usize;
                assert!(present[old], "entry {old} replaced twice");
                present[old] = false;
                present.push(true);
                assert_eq!(t.len(), full);
                assert_eq!(t.bytes(), bytes);
            }
            for (k, &here) in present.iter().enumerate() {
                let key = [k as u64, k as u64 ^ 7, 3];
                let found = t.find(t.hash(&key), &key).map(|at| t.records[at]);
                assert_eq!(found, here.then_some(k as u64), "cap {max_bytes}, key {k}");
            }
            assert_eq!(present.iter().filter(|&&p| p).count(), full);
        }
    }

    #[test]
    fn thinning_by_depth_keeps_the_depths_on_the_stride() {
        // Entry k at depth k.
        let mut t = table(&[7; 9], u64::MAX);
        assert_eq!(t.off_stride(1), 0);
        assert_eq!(t.off_stride(2), 4);
        assert_eq!(t.thin_depths(4, |v| v + 1000), 6);
        assert_eq!(kept(&t, 9), vec![0, 4, 8]);
        let key = [4u64];
        assert_eq!(t.get(t.hash(&key), &key), Some((1104, 7)));
    }

    /// Replacements with keys of other lengths (the arena's garbage and
    /// its packing), under collisions (few hash bits: long runs, deletions
    /// by backward shift that wrap around the slots), then a thinning by
    /// depth: every key present is found whole with its value, no other.
    #[test]
    fn replacing_keeps_keys_of_any_length_whole_and_findable_under_collisions() {
        for (hash_mask, max_bytes) in [(0u64, 6000), (0x7 << 61, 20_000), (u64::MAX, 50_000)] {
            let mut t = Table::new(max_bytes, hash_mask);
            let mut state = 0x9e37_79b9_7f4a_7c15 ^ hash_mask;
            let key_of = |k: u64| -> Vec<u64> { (0..k % 7 + 1).map(|w| k * 11 + w).collect() };
            let mut present: Vec<bool> = Vec::new();
            let mut k = 0u64;
            while t.insert(
                t.hash(&key_of(k)),
                &key_of(k),
                k,
                next(&mut state) % 100,
                k as usize,
            ) {
                present.push(true);
                k += 1;
            }
            let full = t.len();
            assert!(full > 10, "{full} entries");
            let mut packs = 0;
            for _ in 0..4 * full {
                let key = key_of(k);
                let garbage = t.garbage;
                match t.replace(t.hash(&key), &key, k, next(&mut state) % 100, k as usize) {
                    Some(old) => {
                        assert!(present[old as usize]);
                        present[old as usize] = false;
                        present.push(true);
                    }
                    // No room for a longer key, even packed: nothing
                    // replaced.
                    None => present.push(false),
                }
                assert!(t.bytes() <= max_bytes);
                packs += usize::from(t.garbage < garbage);
                k += 1;
            }
            // The arena was packed to take a longer key.
            assert!(packs > 0, "mask {hash_mask:x}");
            assert_eq!(present.iter().filter(|&&p| p).count(), t.len());
            let check = |t: &Table, present: &[bool]| {
                for (k, &here) in present.iter().enumerate() {
                    let key = key_of(k as u64);
                    let found = t.find(t.hash(&key), &key).map(|at| t.records[at]);
                    assert_eq!(found, here.then_some(k as u64), "key {k}");
                }
            };
            check(&t, &present);
            t.thin_depths(2, |v| v);
            for (k, p) in present.iter_mut().enumerate() {
                *p &= k % 2 == 0;
            }
            check(&t, &present);
        }
    }
}
