//! Building an exact cover problem: items with their bounds, and options.

use crate::Error;

/// How often an item must be covered, and whether the search branches on it.
///
/// This crate uses Knuth's meaning of multiplicity (TAOCP 7.2.2.1, Algorithm M):
/// an item with bounds `lo..=hi` must be covered by **at least `lo` and at most
/// `hi`** of the chosen options. Other libraries use other meanings (some let an
/// option cover an item several times, some only have exact counts); here an
/// option either contains an item or not, and the bounds count options.
///
/// * A **primary** item with bounds `1..=1` is the ordinary exact cover
///   constraint: covered exactly once.
/// * A primary item with bounds `k..=k` must be covered exactly `k` times;
///   `lo..=hi` gives a range. `lo` may be 0 ("at most `hi`"); the search still
///   branches on such an item, so options whose only primary items have
///   `lo = 0` can be chosen (this is dlx3's `0:v|item`).
/// * A **secondary** item (`0..=hi`, usually `0..=1`) may be covered at most
///   `hi` times; the search never branches on it, so an option needs at least
///   one primary item to ever be chosen (options with none are never part of a
///   solution unless forced).
/// * An upper bound of 0 forbids every option that contains the item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Item {
    /// Does the search have to account for this item (branch on it)?
    pub primary: bool,
    /// Fewest options that must contain the item (always 0 for secondary items).
    pub lo: u32,
    /// Most options that may contain the item.
    pub hi: u32,
}

impl Item {
    /// An ordinary primary item: covered exactly once.
    pub const PRIMARY: Item = Item {
        primary: true,
        lo: 1,
        hi: 1,
    };
    /// An ordinary secondary item: covered at most once.
    pub const SECONDARY: Item = Item {
        primary: false,
        lo: 0,
        hi: 1,
    };

    /// Does this item need Algorithm M's machinery (anything but `1..=1`
    /// primary or `0..=1` secondary)?
    pub(crate) fn is_multiple(&self) -> bool {
        if self.primary {
            !(self.lo == 1 && self.hi == 1)
        } else {
            self.hi > 1
        }
    }
}

/// An exact cover problem: a list of items and a list of options, each option a
/// set of items.
///
/// Build it once, then solve it with as many [`Solver`](crate::Solver)s as you
/// like (one per thread, or one per random seed).
///
/// ```
/// use exactcover::Problem;
///
/// let mut p = Problem::new();
/// let a = p.add_primary();
/// let b = p.add_primary();
/// let x = p.add_secondary();
/// p.add_option([a, x]).unwrap();
/// p.add_option([b, x]).unwrap();
/// p.add_option([b]).unwrap();
/// assert_eq!(p.num_options(), 3);
/// assert!(p.add_option([a, a]).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Problem {
    pub(crate) items: Vec<Item>,
    /// `option_items[option_start[k]..option_start[k + 1]]` are the items of option k.
    pub(crate) option_start: Vec<u32>,
    pub(crate) option_items: Vec<u32>,
    /// Colors of the entries, parallel to `option_items` (0: no color, else the
    /// caller's color plus one); empty while no option has a color, so that
    /// problems without colors pay nothing for them.
    pub(crate) option_colors: Vec<u32>,
    /// Scratch marks for duplicate detection: `mark[item] == stamp` when the item
    /// was already seen in the option being added.
    mark: Vec<u32>,
    stamp: u32,
}

/// The empty problem, as [`Problem::new`].
impl Default for Problem {
    fn default() -> Self {
        Problem::new()
    }
}

impl Problem {
    /// An empty problem.
    pub fn new() -> Self {
        Problem {
            items: Vec::new(),
            // Option k's entries start at option_start[k]: one more start than
            // options, so even an empty problem has one.
            option_start: vec![0],
            option_items: Vec::new(),
            option_colors: Vec::new(),
            mark: Vec::new(),
            stamp: 0,
        }
    }

    /// A problem with `primary` ordinary primary items (indices `0..primary`)
    /// followed by `secondary` ordinary secondary items.
    ///
    /// # Panics
    ///
    /// If the items do not fit in memory, as [`Vec::with_capacity`] does
    /// (e.g. `usize::MAX` items).
    pub fn with_items(primary: usize, secondary: usize) -> Self {
        let mut p = Problem::new();
        p.items
            .extend(std::iter::repeat(Item::PRIMARY).take(primary));
        p.items
            .extend(std::iter::repeat(Item::SECONDARY).take(secondary));
        p
    }

    /// Adds a primary item, covered exactly once; returns its index.
    pub fn add_primary(&mut self) -> usize {
        self.items.push(Item::PRIMARY);
        self.items.len() - 1
    }

    /// Adds a secondary item, covered at most once; returns its index.
    pub fn add_secondary(&mut self) -> usize {
        self.items.push(Item::SECONDARY);
        self.items.len() - 1
    }

    /// Adds an item with the given kind and bounds (see [`Item`]); returns its
    /// index. Fails if `lo > hi`, or if a secondary item has `lo > 0`.
    pub fn add_item(&mut self, item: Item) -> Result<usize, Error> {
        let index = self.items.len();
        if item.lo > item.hi || (!item.primary && item.lo > 0) {
            return Err(Error::InvalidBounds {
                item: index,
                lo: item.lo,
                hi: item.hi,
            });
        }
        self.items.push(item);
        Ok(index)
    }

    /// Adds an option made of the given items (in any order, each at most once);
    /// returns its index. On error nothing is added.
    pub fn add_option<I: IntoIterator<Item = usize>>(&mut self, items: I) -> Result<usize, Error> {
        self.add_colored_option(items.into_iter().map(|item| (item, None)))
    }

    /// Adds an option whose entries may give **colors** to secondary items
    /// (Knuth's Algorithm C, as in `dlx2`): `(item, Some(color))` or
    /// `(item, None)`. Returns the option's index; on error nothing is added.
    ///
    /// Options that give a secondary item the *same* color are compatible: any
    /// number of them may be chosen together. An option that gives it a
    /// different color, or contains it without a color, conflicts. Only
    /// secondary items with bounds `0..=1` can be colored (primary items are
    /// covered by one option anyway); colors are any `u32` below `u32::MAX - 1`.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // dlx2's example: primary A B C, secondary X Y.
    /// let mut p = Problem::with_items(3, 2);
    /// let (a, b, c, x, y) = (0, 1, 2, 3, 4);
    /// p.add_colored_option([(a, None), (b, None), (x, Some(0)), (y, Some(0))]).unwrap();
    /// p.add_colored_option([(a, None), (c, None), (x, Some(1)), (y, Some(1))]).unwrap();
    /// p.add_colored_option([(x, Some(0)), (y, Some(1))]).unwrap();
    /// p.add_colored_option([(b, None), (x, Some(1))]).unwrap();
    /// p.add_colored_option([(c, None), (y, Some(1))]).unwrap();
    /// let solutions: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
    /// assert_eq!(solutions, [vec![1, 3]]);
    /// ```
    pub fn add_colored_option<I>(&mut self, entries: I) -> Result<usize, Error>
    where
        I: IntoIterator<Item = (usize, Option<u32>)>,
    {
        let option = self.num_options();
        let start = self.option_items.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // The stamp wrapped around: old marks could collide, so clear them.
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        if self.mark.len() < self.items.len() {
            self.mark.resize(self.items.len(), 0);
        }
        let colors_before = self.option_colors.len();
        let result = (|| {
            for (item, color) in entries {
                if item >= self.items.len() {
                    return Err(Error::UnknownItem { option, item });
                }
                if self.mark[item] == self.stamp {
                    return Err(Error::DuplicateItem { option, item });
                }
                self.mark[item] = self.stamp;
                self.option_items.push(item as u32);
                let code = match color {
                    None => 0,
                    Some(c) => {
                        let kind = self.items[item];
                        if kind.primary || kind.hi != 1 {
                            return Err(Error::ColorOnItem { option, item });
                        }
                        if c >= u32::MAX - 1 {
                            return Err(Error::TooLarge { what: "a color" });
                        }
                        c + 1
                    }
                };
                if code != 0 || !self.option_colors.is_empty() {
                    // From the first color on, every entry has one (0 for none).
                    self.option_colors.resize(self.option_items.len() - 1, 0);
                    self.option_colors.push(code);
                }
            }
            if self.option_items.len() == start {
                return Err(Error::EmptyOption { option });
            }
            // Node indices must fit in u32: headers, entries and one spacer per option.
            let nodes =
                self.items.len() as u64 + self.option_items.len() as u64 + option as u64 + 3;
            if nodes >= u64::from(u32::MAX) {
                return Err(Error::TooLarge {
                    what: "the number of nodes",
                });
            }
            Ok(())
        })();
        match result {
            Ok(()) => {
                self.option_start.push(self.option_items.len() as u32);
                Ok(option)
            }
            Err(e) => {
                self.option_items.truncate(start);
                // Back to no colors at all if this option brought the first.
                let keep = if colors_before == 0 { 0 } else { start };
                self.option_colors.truncate(keep);
                Err(e)
            }
        }
    }

    /// Number of items.
    pub fn num_items(&self) -> usize {
        self.items.len()
    }

    /// Number of options.
    pub fn num_options(&self) -> usize {
        self.option_start.len() - 1
    }

    /// Total number of (option, item) entries.
    pub fn num_entries(&self) -> usize {
        self.option_items.len()
    }

    /// The colors of option `k`'s entries, in the order of [`Problem::option`]
    /// (`None` for an entry without a color).
    ///
    /// # Panics
    ///
    /// If there is no option `k` (`k >= num_options()`).
    pub fn option_colors(&self, k: usize) -> impl ExactSizeIterator<Item = Option<u32>> + '_ {
        let (s, e) = (
            self.option_start[k] as usize,
            self.option_start[k + 1] as usize,
        );
        let colors = if self.option_colors.is_empty() {
            &[][..]
        } else {
            &self.option_colors[s..e]
        };
        (s..e).map(move |q| match colors.get(q - s) {
            None | Some(0) => None,
            Some(&c) => Some(c - 1),
        })
    }

    /// Does some option give an item a color? If not, the solver runs without
    /// Algorithm C's bookkeeping.
    pub fn has_colors(&self) -> bool {
        self.option_colors.iter().any(|&c| c != 0)
    }

    /// The kind and bounds of item `i`.
    ///
    /// # Panics
    ///
    /// If there is no item `i` (`i >= num_items()`).
    pub fn item(&self, i: usize) -> Item {
        self.items[i]
    }

    /// The items of option `k`, in the order they were given.
    ///
    /// # Panics
    ///
    /// If there is no option `k` (`k >= num_options()`).
    pub fn option(&self, k: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (s, e) = (
            self.option_start[k] as usize,
            self.option_start[k + 1] as usize,
        );
        self.option_items[s..e].iter().map(|&i| i as usize)
    }

    /// Does any item need multiplicities (Algorithm M)? If not, the solver runs
    /// the leaner Algorithm X loop.
    pub fn has_multiplicities(&self) -> bool {
        self.items.iter().any(Item::is_multiple)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    /// `Problem::default()` is the empty problem of `Problem::new()`: it used
    /// to lack the first option start, and `num_options` underflowed.
    #[test]
    fn default_is_new() {
        let mut p = Problem::default();
        assert_eq!(p.num_options(), 0);
        assert_eq!(p.num_items(), 0);
        assert_eq!(p.num_entries(), 0);
        assert_eq!(Solver::new(&p).count(), 1);
        let a = p.add_primary();
        p.add_option([a]).unwrap();
        assert_eq!(p.num_options(), 1);
        assert_eq!(p.option(0).collect::<Vec<_>>(), [a]);
        assert_eq!(Solver::new(&p).count(), 1);
        assert_eq!(
            format!("{:?}", Problem::default()),
            format!("{:?}", Problem::new())
        );
    }
}
