//! What the bitset engine precomputes once per problem: the internal
//! numbering of items and options, each option's items, each item's options,
//! and the conflict rows. Immutable after [`Tables::new`] and shared by every
//! clone of the engine (the threads of a parallel count).
//!
//! # Numbering
//!
//! Inside the engine the primary items come first, `0..n_primary`, in the
//! problem's order (or shuffled by a seed, or in a sweep order given to
//! [`Tables::new`]): the item choice breaks ties to the lowest number, so
//! that order is the tie order, as in Knuth's programs, and a sweep
//! branches on the lowest number uncovered.
//! The secondary items follow, `n_primary..n_items`. Options are numbered in
//! the problem's order (or a shuffled one): an option's number is its bit in
//! the live-option sets, and an item tries its options in ascending number,
//! the order of its list in dancing links.
//!
//! # Limits
//!
//! See [`fits`]: no multiplicities, no colors, at most [`MAX_OPTIONS`]
//! options, and the conflict rows plus the stack of states within
//! [`MAX_TABLE_BYTES`].

use std::fmt;

use super::SMALL_ITEMS;
use crate::problem::Problem;
use crate::rng::SplitMix64;

/// The counter of a covered primary item (see `BitsetEngine::counts`): above
/// every real count, so that the minimum over all counters is taken over the
/// uncovered items alone and is `SENTINEL` when none is left.
pub(crate) const SENTINEL: u16 = u16::MAX;

/// Most options the engine takes: counts of live options are `u16` below
/// `SENTINEL`. (The memory bound [`MAX_TABLE_BYTES`] binds long before: the
/// conflict rows take `options^2 / 8` bytes.)
pub const MAX_OPTIONS: usize = SENTINEL as usize - 1;

/// Most bytes the conflict rows and the stack of per-level states may take
/// together. 64 MiB admits about 23,000 options with few items; the largest
/// benchmark (pentominoes 8x8 minus centre, 1,568 options and 72 items)
/// takes 0.34 MiB. Past a few thousand options a node's work grows with the
/// number of options (each choice scans its whole conflict row and copies
/// the live set), while dancing links work only on the lists it touches.
pub const MAX_TABLE_BYTES: usize = 64 << 20;

/// Why a problem is left to dancing links rather than the bitset engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhyNot {
    /// An item's bounds are not those of an ordinary primary item (`1..=1`)
    /// or secondary item (`0..=1`, or `0..=0`).
    Multiplicities {
        /// The first such item (the problem's number).
        item: usize,
    },
    /// Some option gives an item a color.
    Colors,
    /// More options than the 16-bit counters can count ([`MAX_OPTIONS`]).
    TooManyOptions {
        /// The problem's number of options.
        options: usize,
    },
    /// The tables would take more than [`MAX_TABLE_BYTES`].
    TooLarge {
        /// Bytes they would take.
        bytes: usize,
    },
}

impl fmt::Display for WhyNot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhyNot::Multiplicities { item } => {
                write!(f, "item {item} has bounds other than 1..=1 or 0..=1")
            }
            WhyNot::Colors => f.write_str("some option gives an item a color"),
            WhyNot::TooManyOptions { options } => {
                write!(f, "{options} options, more than {MAX_OPTIONS}")
            }
            WhyNot::TooLarge { bytes } => write!(
                f,
                "the bitset tables would take {bytes} bytes, more than {MAX_TABLE_BYTES}"
            ),
        }
    }
}

impl std::error::Error for WhyNot {}

/// The sizes that decide the memory the engine takes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    pub(crate) n_items: usize,
    pub(crate) n_primary: usize,
    pub(crate) n_options: usize,
    /// Words of a set of options: `n_options` bits rounded up.
    pub(crate) option_words: usize,
    /// Words of a set of items.
    pub(crate) item_words: usize,
    /// Counters a state uses: `n_primary` rounded up to a multiple of
    /// [`COUNT_LANES`], the padding held at [`SENTINEL`].
    pub(crate) count_lanes: usize,
    /// Counters a state takes on the stack: `count_lanes`, or
    /// [`SMALL_ITEMS`] when that many or fewer (the fast path of
    /// `Counters`; the counters past `count_lanes` stay at [`SENTINEL`]).
    pub(crate) count_stride: usize,
}

/// The counters of a state are scanned in chunks of this many (see
/// `choose`); the stride of a state's counters is a multiple of it.
pub(crate) const COUNT_LANES: usize = 16;

impl Shape {
    fn of(problem: &Problem) -> Shape {
        let n_items = problem.num_items();
        let n_primary = problem.items.iter().filter(|i| i.primary).count();
        let n_options = problem.num_options();
        let count_lanes = n_primary.div_ceil(COUNT_LANES).max(1) * COUNT_LANES;
        Shape {
            n_items,
            n_primary,
            n_options,
            option_words: n_options.div_ceil(64).max(1),
            item_words: n_items.div_ceil(64).max(1),
            count_lanes,
            count_stride: count_lanes.max(SMALL_ITEMS),
        }
    }

    /// Do the counters take the fast path (`Counters` for an array)?
    pub(crate) fn small(&self) -> bool {
        self.count_stride == SMALL_ITEMS
    }

    /// States on the stack: the root and one per level. Every level covers
    /// a primary item, and a node that branches has one uncovered, so no
    /// node is deeper than `n_primary`; one more slot is where forcing an
    /// option at the root makes the new root's state.
    pub(crate) fn slots(&self) -> usize {
        self.n_primary + 2
    }

    /// Bytes of the conflict rows, the item mask of each option, the row
    /// of each primary item, and the stack of states.
    fn bytes(&self) -> usize {
        let rows = (self.n_options * (self.option_words + self.item_words)
            + self.n_primary * self.option_words)
            * 8;
        let state = (self.option_words + self.item_words) * 8 + self.count_stride * 2;
        rows.saturating_add(self.slots().saturating_mul(state))
    }
}

/// Can the bitset engine search `problem`? It takes ordinary primary and
/// secondary items (secondary items of bound 0 too), no colors, at most
/// [`MAX_OPTIONS`] options and at most [`MAX_TABLE_BYTES`] of tables.
///
/// Fitting is not paying. A node costs a copy of its state and a scan of
/// the counters (about 100 ns on the benchmarks) however little it
/// changes, so the engine wins where choosing an option kills many others:
/// 1.4-1.6x dancing links' speed on Langford pairs, 1.5-1.8x on queens,
/// 2.7-3.4x on pentominoes (`examples/bitset_bench.rs`, medians of five on
/// a busy 2-core machine). On domino tilings, where an option kills about
/// four others, it loses: 0.48x dancing links on an 8 x 8 board, about 0.2x
/// on 16 x 16, 0.02-0.04x on 48 x 48 (time to the first 200,000 tilings;
/// `examples/bitset_bench.rs --widths`). A choice between the engines
/// should weigh how many options a choice kills against the number of
/// primary items, not only whether the problem fits.
pub fn fits(problem: &Problem) -> Result<(), WhyNot> {
    check(problem).map(|_| ())
}

/// [`fits`], with the sizes of the tables when it does.
pub(crate) fn check(problem: &Problem) -> Result<Shape, WhyNot> {
    if let Some(item) = problem.items.iter().position(|i| {
        if i.primary {
            i.lo != 1 || i.hi != 1
        } else {
            i.hi > 1
        }
    }) {
        return Err(WhyNot::Multiplicities { item });
    }
    if problem.has_colors() {
        return Err(WhyNot::Colors);
    }
    let shape = Shape::of(problem);
    if shape.n_options > MAX_OPTIONS {
        return Err(WhyNot::TooManyOptions {
            options: shape.n_options,
        });
    }
    let bytes = shape.bytes();
    if bytes > MAX_TABLE_BYTES {
        return Err(WhyNot::TooLarge { bytes });
    }
    Ok(shape)
}

/// The precomputed tables (see the module documentation).
#[derive(Debug)]
pub(crate) struct Tables {
    pub(crate) shape: Shape,
    /// The problem the tables were made from, kept to make them again in
    /// another order ([`BitsetEngine::reordered`](super::BitsetEngine::reordered)).
    pub(crate) problem: Problem,
    /// Branch by a static sweep (the lowest-numbered uncovered primary
    /// item) instead of by MRV: the primary items are numbered in the
    /// order given to [`Tables::new`].
    pub(crate) sweep: bool,
    /// The seed that shuffled the numbering, if any.
    pub(crate) seed: Option<u64>,
    /// `conflicts[o * option_words..][..option_words]`: the options that share
    /// an item with option `o`, `o` itself included. Choosing `o` kills them.
    conflicts: Vec<u64>,
    /// `item_masks[o * item_words..][..item_words]`: the items of option `o`.
    item_masks: Vec<u64>,
    /// `primary[primary_start[o]..primary_start[o + 1]]`: the primary items
    /// of option `o`, ascending.
    primary: Vec<u32>,
    primary_start: Vec<u32>,
    /// `options[options_start[i]..options_start[i + 1]]`: the options that
    /// contain primary item `i`, ascending (the order the search tries them).
    options: Vec<u32>,
    options_start: Vec<u32>,
    /// `item_rows[i * option_words..][..option_words]`: the same options of
    /// primary item `i`, as a set (the search scans it a word at a time).
    item_rows: Vec<u64>,
    /// The problem's number of each option, and the inverse.
    option_ext: Vec<u32>,
    option_int: Vec<u32>,
    /// The problem's number of each item.
    item_ext: Vec<u32>,
    /// Is `item_ext` the identity (the problem lists its primary items first
    /// and no seed shuffled them)? Memo keys are then the covered set as is.
    pub(crate) items_in_order: bool,
    /// Options dead from the start: they contain a secondary item of bound 0.
    pub(crate) forbidden: Vec<u32>,
    /// `P` if every option has exactly `P` primary items, `2 <= P <= 6`,
    /// and the counters take the fast path; else 0. Then `uniform_items[o]`
    /// holds option `o`'s primary items as bytes (the first `P` of eight:
    /// one bounds check to read them, none per item), and the search loop is
    /// specialized to `P` (callgrind: pentominoes 8x8 -30%, queens 12 -22%,
    /// Langford 11 -21% instructions).
    pub(crate) uniform: usize,
    /// Padded with zeros to [`FEW_OPTIONS`] entries at least.
    uniform_items: Vec<[u8; 8]>,
}

/// Options of the problems whose search loop is unrolled (4 words): their
/// `uniform_items` take this many entries, padded.
pub(crate) const FEW_OPTIONS: usize = 256;

impl Tables {
    /// The tables of `problem` (which [`fits`]), in the problem's order or
    /// with the primary items and the options shuffled from `seed`. With
    /// `order` (the problem's item numbers, each at most once, all in
    /// range), the primary items it lists come first, in its order, the
    /// others after them in the problem's order (secondary items in it are
    /// passed over), and the search sweeps ([`Tables::sweep`]).
    pub(crate) fn new(
        problem: &Problem,
        shape: Shape,
        seed: Option<u64>,
        order: Option<&[usize]>,
    ) -> Tables {
        let Shape {
            n_items,
            n_primary,
            n_options,
            option_words,
            item_words,
            ..
        } = shape;
        let mut rng = seed.map(SplitMix64::new);

        // Items: primary first, each group in the problem's order.
        let mut primary_items: Vec<u32> = (0..n_items as u32)
            .filter(|&i| problem.items[i as usize].primary)
            .collect();
        if let Some(rng) = rng.as_mut() {
            rng.shuffle(&mut primary_items);
        }
        if let Some(order) = order {
            let mut listed = vec![false; n_items];
            let mut sweep: Vec<u32> = Vec::with_capacity(primary_items.len());
            for &i in order {
                if problem.items[i].primary && !listed[i] {
                    listed[i] = true;
                    sweep.push(i as u32);
                }
            }
            sweep.extend(primary_items.iter().filter(|&&i| !listed[i as usize]));
            primary_items = sweep;
        }
        let mut item_ext = primary_items;
        item_ext.extend((0..n_items as u32).filter(|&i| !problem.items[i as usize].primary));
        let mut item_int = vec![0u32; n_items];
        for (internal, &external) in item_ext.iter().enumerate() {
            item_int[external as usize] = internal as u32;
        }
        let items_in_order = item_ext.iter().enumerate().all(|(k, &i)| k == i as usize);

        // Options: the problem's order, or shuffled.
        let mut option_ext: Vec<u32> = (0..n_options as u32).collect();
        if let Some(rng) = rng.as_mut() {
            rng.shuffle(&mut option_ext);
        }
        let mut option_int = vec![0u32; n_options];
        for (internal, &external) in option_ext.iter().enumerate() {
            option_int[external as usize] = internal as u32;
        }

        // Each option's items: the mask, and the primary ones as a list.
        let mut item_masks = vec![0u64; n_options * item_words];
        let mut primary = Vec::with_capacity(problem.num_entries());
        let mut primary_start = Vec::with_capacity(n_options + 1);
        let mut forbidden = Vec::new();
        primary_start.push(0);
        for (o, &k) in option_ext.iter().enumerate() {
            let mask = &mut item_masks[o * item_words..][..item_words];
            let first = primary.len();
            let mut dead = false;
            for external in problem.option(k as usize) {
                let i = item_int[external] as usize;
                mask[i / 64] |= 1 << (i % 64);
                if i < n_primary {
                    primary.push(i as u32);
                }
                dead |= problem.items[external].hi == 0;
            }
            primary[first..].sort_unstable();
            primary_start.push(primary.len() as u32);
            if dead {
                forbidden.push(o as u32);
            }
        }

        // Each item's options, ascending (built by walking options in order).
        let mut item_lists: Vec<Vec<u32>> = vec![Vec::new(); n_items];
        for o in 0..n_options {
            let mask = &item_masks[o * item_words..][..item_words];
            for (w, &word) in mask.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    item_lists[i].push(o as u32);
                }
            }
        }
        let mut options = Vec::new();
        let mut options_start = Vec::with_capacity(n_primary + 1);
        let mut item_rows = vec![0u64; n_primary * option_words];
        options_start.push(0);
        for (i, list) in item_lists[..n_primary].iter().enumerate() {
            options.extend_from_slice(list);
            options_start.push(options.len() as u32);
            let row = &mut item_rows[i * option_words..][..option_words];
            for &o in list {
                row[o as usize / 64] |= 1 << (o % 64);
            }
        }

        // Conflict rows: the union of the lists of an option's items.
        let mut conflicts = vec![0u64; n_options * option_words];
        for o in 0..n_options {
            let row = &mut conflicts[o * option_words..][..option_words];
            let mask = &item_masks[o * item_words..][..item_words];
            for (w, &word) in mask.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for &other in &item_lists[i] {
                        row[other as usize / 64] |= 1 << (other % 64);
                    }
                }
            }
        }

        let sizes = |o: usize| primary_start[o + 1] - primary_start[o];
        let uniform = match n_options {
            0 => 0,
            _ if !shape.small() => 0,
            _ => {
                let p = sizes(0) as usize;
                if (2..=6).contains(&p) && (0..n_options).all(|o| sizes(o) as usize == p) {
                    p
                } else {
                    0
                }
            }
        };
        let uniform_items = if uniform > 0 {
            primary
                .chunks_exact(uniform)
                .map(|items| {
                    let mut bytes = [0u8; 8];
                    for (b, &j) in bytes.iter_mut().zip(items) {
                        *b = j as u8;
                    }
                    bytes
                })
                .chain(std::iter::repeat([0; 8]))
                .take(shape.n_options.max(FEW_OPTIONS))
                .collect()
        } else {
            Vec::new()
        };
        Tables {
            shape,
            problem: problem.clone(),
            sweep: order.is_some(),
            seed,
            uniform,
            uniform_items,
            conflicts,
            item_masks,
            primary,
            primary_start,
            options,
            options_start,
            item_rows,
            option_ext,
            option_int,
            item_ext,
            items_in_order,
            forbidden,
        }
    }

    /// The options that option `o` kills (itself included).
    #[inline(always)]
    pub(crate) fn conflicts(&self, o: u32) -> &[u64] {
        let w = self.shape.option_words;
        &self.conflicts[o as usize * w..][..w]
    }

    /// Do these tables number items and options as `other` does, with the
    /// same items in each option and the same options dead from the start?
    /// (Then a set of items, or a sweep's memo key, means the same in both.)
    pub(crate) fn same_numbering(&self, other: &Tables) -> bool {
        self.sweep == other.sweep
            && self.shape.n_items == other.shape.n_items
            && self.shape.n_primary == other.shape.n_primary
            && self.shape.n_options == other.shape.n_options
            && self.item_ext == other.item_ext
            && self.option_ext == other.option_ext
            && self.item_masks == other.item_masks
            && self.forbidden == other.forbidden
    }

    /// The items of option `o`, as a set.
    #[inline(always)]
    pub(crate) fn item_mask(&self, o: u32) -> &[u64] {
        let w = self.shape.item_words;
        &self.item_masks[o as usize * w..][..w]
    }

    /// The primary items of option `o`, ascending.
    #[inline(always)]
    pub(crate) fn primary_items(&self, o: u32) -> &[u32] {
        let (s, e) = (
            self.primary_start[o as usize] as usize,
            self.primary_start[o as usize + 1] as usize,
        );
        &self.primary[s..e]
    }

    /// The primary items of option `o` when every option has `P` of them
    /// ([`Tables::uniform`]).
    /// [`Tables::uniform_items`] of problems of at most [`FEW_OPTIONS`]
    /// options (those of the unrolled loop), whose table is padded to
    /// that length: one bounds check for every option of a conflict row
    /// (`table`), none per option (an option's number cast to `u8`).
    #[inline(always)]
    pub(crate) fn few_uniform_items(&self) -> &[[u8; 8]; FEW_OPTIONS] {
        self.uniform_items[..FEW_OPTIONS]
            .try_into()
            .expect("uniform_items padded to FEW_OPTIONS")
    }

    #[inline(always)]
    pub(crate) fn uniform_items<const P: usize>(&self, o: u32) -> [u8; P] {
        let bytes = self.uniform_items[o as usize];
        std::array::from_fn(|k| bytes[k])
    }

    /// The options of primary item `i`, ascending.
    #[inline(always)]
    pub(crate) fn item_options(&self, i: u32) -> &[u32] {
        let (s, e) = (
            self.options_start[i as usize] as usize,
            self.options_start[i as usize + 1] as usize,
        );
        &self.options[s..e]
    }

    /// The options of primary item `i`, as a set.
    #[inline(always)]
    pub(crate) fn item_row(&self, i: u32) -> &[u64] {
        let w = self.shape.option_words;
        &self.item_rows[i as usize * w..][..w]
    }

    /// The problem's number of internal option `o`.
    #[inline]
    pub(crate) fn option_ext(&self, o: u32) -> usize {
        self.option_ext[o as usize] as usize
    }

    /// The internal number of the problem's option `k`.
    #[inline]
    pub(crate) fn option_int(&self, k: usize) -> u32 {
        self.option_int[k]
    }

    /// The problem's number of internal item `i`.
    #[inline]
    pub(crate) fn item_ext(&self, i: usize) -> usize {
        self.item_ext[i] as usize
    }
}
