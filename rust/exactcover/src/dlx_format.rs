//! Knuth's DLX text format: the input of `dlx1`, `dlx2`, `dlx3` and `ssxcc`,
//! read into a [`DlxProblem`] and written back out.
//!
//! ```text
//! | A simple example            <- a comment line
//! A B C D E | F G               <- the item line: primary items | secondary items
//! C E F                         <- one option per line
//! A D G
//! ```
//!
//! The format, as Knuth's programs parse it:
//!
//! * Blank lines, and lines whose first non-blank byte is `|`, are skipped
//!   anywhere. Blanks are C's `isspace` (space, TAB, LF, VT, FF, CR), so CRLF
//!   files work.
//! * The first other line is the **item line**: primary item names, then
//!   optionally a `|` preceded by a blank, then secondary item names. A name is
//!   any run of non-blank bytes without `:` and `|`.
//! * A primary item may carry a **bound prefix** (dlx3): `v|name` (exactly v
//!   options contain it), `u:v|name` (between u and v), `:v|name` (the same as
//!   `0:v|name`). `v >= 1` and `u <= v`.
//! * Every later line is an **option**: item names separated by blanks, each
//!   at most once. A secondary item may carry a **color** (dlx2): `name:c`.
//! * An option may carry **costs** (dlx5): entries `|n`, `n` decimal digits;
//!   several add up ([`DlxProblem::costs`]; written back as one `|n`).
//! * An option without a primary item is **dropped**, as Knuth's programs do
//!   (they print a warning): branching is on primary items only, so such an
//!   option could never be chosen. [`DlxProblem::dropped`] keeps their line
//!   numbers.
//!
//! One dialect covers all of Knuth's programs: colors as in dlx2 and bounds as
//! in dlx3 are both understood, so a file that any of dlx1, dlx2, dlx3 or ssxcc
//! accepts is read as that program reads it.
//!
//! ## Permissive (default) and strict syntax
//!
//! By default ([`Syntax::Permissive`]) the reader accepts everything Knuth's
//! programs accept, and a little more:
//!
//! * names of any length (Knuth: at most 8 bytes);
//! * colors of any length (Knuth: exactly one byte), as MiniExact allows;
//! * a last line without its final newline (Knuth: `Option line too long!`);
//! * any number of items, options and entries that fits 32-bit indices.
//!
//! [`Syntax::Strict`] rejects these as Knuth's programs do, with the limits of
//! dlx2 and ssxcc (100 000 items, 10 000 000 nodes, lines up to 900 002
//! bytes), and dlx3's when bounds are used (10 000 items). Everything else is
//! the same in both modes: what Knuth's programs reject is rejected, with an
//! [`Error::Dlx`] that names the line (1-based) and the reason
//! ([`DlxError`]).
//!
//! Colors are read, solved (Knuth's Algorithm C: options that give a secondary
//! item the same color are compatible) and written back out; colors on items
//! with multiplicities are solved as dlx3 does.
//!
//! ```
//! use exactcover::dlx_format::{DlxProblem, Syntax};
//! use exactcover::Solver;
//!
//! let text = "| Knuth's example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
//! let dlx = DlxProblem::parse(text, Syntax::Permissive).unwrap();
//! assert_eq!(dlx.num_primary(), 5);
//! let mut solver = Solver::new(&dlx.to_problem().unwrap());
//! let mut solution = solver.solutions().next().unwrap();
//! solution.sort();
//! assert_eq!(solution, [0, 3, 4]); // C E F, A D, B G
//! // Writing and reading back gives the same problem.
//! assert_eq!(DlxProblem::parse(&dlx.to_string(), Syntax::Strict).unwrap().same_as(&dlx), true);
//! ```

use std::collections::HashMap;
use std::fmt;

pub use crate::dlx_error::{
    DlxError, KNUTH_MAX_ITEMS, KNUTH_MAX_ITEMS_DLX3, KNUTH_MAX_LINE, KNUTH_MAX_NAME,
    KNUTH_MAX_NODES,
};
use crate::{Error, Item, Problem};

/// How strictly to follow Knuth's programs (see the [module](self) documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Syntax {
    /// Knuth's syntax without his size limits: long names, long colors and a
    /// missing final newline are accepted.
    #[default]
    Permissive,
    /// Exactly what Knuth's programs accept, size limits included.
    Strict,
}

/// An item of a DLX file: its name, kind and bounds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DlxItem {
    /// The name as written (without its bound prefix).
    pub name: String,
    /// Kind and bounds (secondary items always have bounds `0..=1`).
    pub item: Item,
}

/// One entry of an option: an item, and its color if it has one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DlxEntry {
    /// Index into [`DlxProblem::items`].
    pub item: usize,
    /// The color (only on secondary items), without the `:`.
    pub color: Option<String>,
}

/// An option of a DLX file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DlxOption {
    /// Its line in the text (1-based); 0 for options not read from a text.
    pub line: usize,
    /// Its entries, in the order written.
    pub entries: Vec<DlxEntry>,
}

/// A problem in Knuth's DLX format: named items (primary ones first), options
/// with optional colors, and the lines of the options that were dropped.
///
/// Build one with [`DlxProblem::parse`], or with [`DlxProblem::new`],
/// [`DlxProblem::add_item`] and [`DlxProblem::add_option`]; write it with its
/// `Display` implementation (`to_string()`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DlxProblem {
    /// The items; every primary item comes before every secondary item.
    items: Vec<DlxItem>,
    /// The options kept (each has at least one primary item).
    options: Vec<DlxOption>,
    /// Lines of the options dropped because they have no primary item.
    dropped: Vec<usize>,
    /// The cost of each option kept (dlx5's `|n` entries, summed; 0 without
    /// any), parallel to `options`.
    costs: Vec<u64>,
    /// Position of each name in `items`.
    index: HashMap<String, usize>,
}

fn is_blank(b: u8) -> bool {
    // C's isspace in the "C" locale.
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// The blank-separated tokens of a line.
fn tokens(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_ascii() && is_blank(c as u8))
        .filter(|t| !t.is_empty())
}

/// Is this line blank or a comment?
fn is_skipped(line: &str) -> bool {
    match line.bytes().find(|&b| !is_blank(b)) {
        None => true,
        Some(b) => b == b'|',
    }
}

/// Checks that `name` can be written in the format: non-empty, no blanks, no
/// `:` or `|`.
fn check_name(name: &str) -> Result<(), DlxError> {
    if name.is_empty() {
        return Err(DlxError::EmptyName);
    }
    if let Some(c) = name
        .chars()
        .find(|&c| c == ':' || c == '|' || (c.is_ascii() && is_blank(c as u8)))
    {
        return Err(DlxError::IllegalCharacter {
            token: name.to_string(),
            character: c,
        });
    }
    Ok(())
}

/// Parses the digits of a bound.
fn bound_value(digits: &str, token: &str) -> Result<u32, DlxError> {
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DlxError::IllegalBound {
            token: token.to_string(),
        });
    }
    if digits.is_empty() {
        // dlx3 reads an empty number as 0 (so `:2|A` is `0:2|A`, and `|A`
        // cannot occur: it starts a comment or is the separator).
        return Ok(0);
    }
    digits.parse::<u32>().map_err(|_| DlxError::BoundTooLarge {
        token: token.to_string(),
    })
}

impl DlxProblem {
    /// An empty problem (no items, no options).
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads a problem from DLX text. Errors carry the 1-based line number and a
    /// [`DlxError`] (see the [module](self) documentation for the format).
    pub fn parse(text: &str, syntax: Syntax) -> Result<DlxProblem, Error> {
        let strict = syntax == Syntax::Strict;
        let mut problem = DlxProblem::new();
        let mut lines = text
            .split_inclusive('\n')
            .enumerate()
            .map(|(k, l)| (k + 1, l));
        let err = |line: usize, reason: DlxError| Error::Dlx { line, reason };
        let check_line = |number: usize, raw: &str| -> Result<(), Error> {
            if strict {
                if !raw.ends_with('\n') {
                    return Err(err(number, DlxError::MissingNewline));
                }
                if raw.len() > KNUTH_MAX_LINE {
                    return Err(err(number, DlxError::LineTooLong { length: raw.len() }));
                }
            }
            Ok(())
        };

        // The item line.
        let mut item_line = None;
        let mut last_line = 0;
        for (number, raw) in lines.by_ref() {
            last_line = number;
            check_line(number, raw)?;
            let raw = if number == 1 && !strict {
                raw.strip_prefix('\u{feff}').unwrap_or(raw)
            } else {
                raw
            };
            if !is_skipped(raw) {
                item_line = Some((number, raw));
                break;
            }
        }
        let Some((number, line)) = item_line else {
            return Err(err(last_line.max(1), DlxError::NoItems));
        };
        problem
            .parse_item_line(line, strict)
            .map_err(|reason| err(number, reason))?;
        let uses_bounds = problem
            .items
            .iter()
            .any(|i| i.item.primary && (i.item.lo, i.item.hi) != (1, 1));
        let max_items = if uses_bounds {
            KNUTH_MAX_ITEMS_DLX3
        } else {
            KNUTH_MAX_ITEMS
        };
        if strict && problem.items.len() > max_items {
            return Err(err(number, DlxError::TooManyItems { limit: max_items }));
        }

        // The options.
        let mut nodes = problem.items.len() + 2;
        for (number, raw) in lines {
            check_line(number, raw)?;
            if is_skipped(raw) {
                continue;
            }
            let (entries, cost) = problem
                .parse_option_line(raw, strict)
                .map_err(|reason| err(number, reason))?;
            nodes += entries.len() + 1;
            if strict && nodes > KNUTH_MAX_NODES {
                return Err(err(
                    number,
                    DlxError::TooManyNodes {
                        limit: KNUTH_MAX_NODES,
                    },
                ));
            }
            if nodes >= u32::MAX as usize {
                return Err(err(number, DlxError::TooLarge));
            }
            if entries.iter().any(|e| problem.items[e.item].item.primary) {
                problem.options.push(DlxOption {
                    line: number,
                    entries,
                });
                problem.costs.push(cost);
            } else {
                problem.dropped.push(number);
            }
        }
        Ok(problem)
    }

    /// Reads a problem from the bytes of a DLX file (e.g. from
    /// `std::fs::read`), which must be UTF-8; invalid UTF-8 is an error naming
    /// its line ([`DlxError::NotUtf8`]).
    pub fn parse_bytes(bytes: &[u8], syntax: Syntax) -> Result<DlxProblem, Error> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse(text, syntax),
            Err(e) => {
                let line = 1 + bytes[..e.valid_up_to()]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count();
                Err(Error::Dlx {
                    line,
                    reason: DlxError::NotUtf8,
                })
            }
        }
    }

    fn parse_item_line(&mut self, line: &str, strict: bool) -> Result<(), DlxError> {
        let mut secondary = false;
        for tok in tokens(line) {
            // The separator: a `|` at the start of a token (so preceded by a
            // blank); a name may follow directly (`A |X`).
            let tok = if let Some(rest) = tok.strip_prefix('|') {
                if secondary {
                    return Err(DlxError::BarTwice);
                }
                secondary = true;
                if rest.is_empty() {
                    continue;
                }
                if rest.starts_with('|') {
                    return Err(DlxError::BarTwice);
                }
                rest
            } else {
                tok
            };
            let (name, lo, hi) = if secondary {
                if tok.contains(':') || tok.contains('|') {
                    let (token, c) = (tok.to_string(), if tok.contains('|') { '|' } else { ':' });
                    // A prefix that looks like a bound gets a specific message.
                    let prefix = tok.split(['|', ':']).next().unwrap_or("");
                    if prefix.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(DlxError::BoundOnSecondary { token });
                    }
                    return Err(DlxError::IllegalCharacter {
                        token,
                        character: c,
                    });
                }
                (tok, 0, 1)
            } else {
                if strict {
                    Self::check_bound_runs(tok)?;
                }
                Self::parse_bounds(tok)?
            };
            if name.is_empty() {
                return Err(DlxError::EmptyName);
            }
            if strict && name.len() > KNUTH_MAX_NAME {
                return Err(DlxError::NameTooLong {
                    name: name.to_string(),
                });
            }
            if self.index.contains_key(name) {
                return Err(DlxError::DuplicateName {
                    name: name.to_string(),
                });
            }
            self.push_item(
                name,
                Item {
                    primary: !secondary,
                    lo,
                    hi,
                },
            );
        }
        Ok(())
    }

    /// Splits a primary item token into name and bounds (dlx3's prefix syntax).
    /// Strict mode: dlx3 scans each run of a bound prefix (up to a `:` or
    /// `|`) within 8 bytes, the separator included, so a run has at most 7.
    fn check_bound_runs(tok: &str) -> Result<(), DlxError> {
        if let Some((spec, _)) = tok.split_once('|') {
            if spec.split(':').any(|run| run.len() >= KNUTH_MAX_NAME) {
                return Err(DlxError::BoundTooLong {
                    token: tok.to_string(),
                });
            }
        }
        Ok(())
    }

    fn parse_bounds(tok: &str) -> Result<(&str, u32, u32), DlxError> {
        let Some(bar) = tok.find('|') else {
            if tok.contains(':') {
                // `A:2` (MiniExact's suffix) or `2:A` (prefix without `|`).
                let (before, _) = tok.split_once(':').unwrap_or((tok, ""));
                if before.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(DlxError::LowerBoundWithoutUpper {
                        token: tok.to_string(),
                    });
                }
                return Err(DlxError::IllegalBound {
                    token: tok.to_string(),
                });
            }
            return Ok((tok, 1, 1));
        };
        let (spec, name) = (&tok[..bar], &tok[bar + 1..]);
        if !spec.bytes().all(|b| b.is_ascii_digit() || b == b':') && name.is_empty() {
            // `A B| X`: the separator must be preceded by a blank.
            return Err(DlxError::IllegalCharacter {
                token: tok.to_string(),
                character: '|',
            });
        }
        if name.contains('|') || name.contains(':') {
            let c = if name.contains('|') { '|' } else { ':' };
            return Err(DlxError::IllegalCharacter {
                token: tok.to_string(),
                character: c,
            });
        }
        let (lo, hi) = match spec.split_once(':') {
            Some((lo, hi)) => {
                let lo = bound_value(lo, tok)?;
                let hi = bound_value(hi, tok)?;
                if hi == 0 {
                    return Err(DlxError::UpperBoundZero {
                        token: tok.to_string(),
                    });
                }
                if lo > hi {
                    return Err(DlxError::LowerExceedsUpper {
                        token: tok.to_string(),
                    });
                }
                (lo, hi)
            }
            None => {
                let v = bound_value(spec, tok)?;
                if v == 0 {
                    return Err(DlxError::UpperBoundZero {
                        token: tok.to_string(),
                    });
                }
                (v, v)
            }
        };
        Ok((name, lo, hi))
    }

    /// The entries of an option line, and its cost: dlx5's `|n` entries
    /// (decimal digits), summed.
    fn parse_option_line(
        &self,
        line: &str,
        strict: bool,
    ) -> Result<(Vec<DlxEntry>, u64), DlxError> {
        let mut entries: Vec<DlxEntry> = Vec::new();
        let mut cost = 0u64;
        for tok in tokens(line) {
            if let Some(digits) = tok.strip_prefix('|') {
                let bad = || DlxError::Cost {
                    entry: tok.to_string(),
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let n = digits.parse::<u64>().map_err(|_| bad())?;
                cost = cost.checked_add(n).ok_or_else(bad)?;
                continue;
            }
            let (name, color) = match tok.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (tok, None),
            };
            if name.is_empty() {
                return Err(DlxError::EmptyName);
            }
            if strict && name.len() > KNUTH_MAX_NAME {
                return Err(DlxError::NameTooLong {
                    name: name.to_string(),
                });
            }
            let Some(&item) = self.index.get(name) else {
                return Err(DlxError::UnknownItem {
                    name: name.to_string(),
                });
            };
            if entries.iter().any(|e| e.item == item) {
                return Err(DlxError::DuplicateInOption {
                    name: name.to_string(),
                });
            }
            if let Some(color) = color {
                if self.items[item].item.primary {
                    return Err(DlxError::ColorOnPrimary {
                        entry: tok.to_string(),
                    });
                }
                if color.is_empty() || (strict && color.len() != 1) {
                    return Err(DlxError::BadColor {
                        entry: tok.to_string(),
                    });
                }
            }
            entries.push(DlxEntry {
                item,
                color: color.map(str::to_string),
            });
        }
        Ok((entries, cost))
    }

    fn push_item(&mut self, name: &str, item: Item) -> usize {
        let k = self.items.len();
        self.index.insert(name.to_string(), k);
        self.items.push(DlxItem {
            name: name.to_string(),
            item,
        });
        k
    }

    /// Adds an item; primary items must all be added before the first
    /// secondary one (the format lists them first). Returns the item's index.
    ///
    /// # Errors
    ///
    /// [`Error::Dlx`] (line 0) for a name that cannot be written (empty, or
    /// with a blank, `:` or `|`), a duplicate name, or a primary item after a
    /// secondary one ([`DlxError::PrimaryAfterSecondary`]);
    /// [`Error::InvalidBounds`] for bounds the format cannot express
    /// (`hi == 0`, `lo > hi`, a secondary item other than `0..=1`).
    pub fn add_item(&mut self, name: &str, item: Item) -> Result<usize, Error> {
        let fail = |reason| Err(Error::Dlx { line: 0, reason });
        if let Err(reason) = check_name(name) {
            return fail(reason);
        }
        if self.index.contains_key(name) {
            return fail(DlxError::DuplicateName {
                name: name.to_string(),
            });
        }
        if item.primary && self.items.last().is_some_and(|i| !i.item.primary) {
            return fail(DlxError::PrimaryAfterSecondary {
                name: name.to_string(),
            });
        }
        let index = self.items.len();
        let bad_bounds = if item.primary {
            item.hi == 0 || item.lo > item.hi
        } else {
            (item.lo, item.hi) != (0, 1)
        };
        if bad_bounds {
            return Err(Error::InvalidBounds {
                item: index,
                lo: item.lo,
                hi: item.hi,
            });
        }
        Ok(self.push_item(name, item))
    }

    /// Adds an option given as `(item, color)` pairs. Fails as the reader would:
    /// unknown or repeated items, colors on primary items, empty colors or
    /// colors with blanks. An option without a primary item is dropped (its
    /// `line` is recorded in [`DlxProblem::dropped`]); returns whether it was
    /// kept.
    pub fn add_option(&mut self, line: usize, entries: Vec<DlxEntry>) -> Result<bool, Error> {
        let fail = |reason| Err(Error::Dlx { line, reason });
        for (k, e) in entries.iter().enumerate() {
            let Some(item) = self.items.get(e.item) else {
                return fail(DlxError::UnknownItem {
                    name: format!("#{}", e.item),
                });
            };
            let entry = || match &e.color {
                Some(c) => format!("{}:{c}", item.name),
                None => item.name.clone(),
            };
            if entries[..k].iter().any(|f| f.item == e.item) {
                return fail(DlxError::DuplicateInOption {
                    name: item.name.clone(),
                });
            }
            if let Some(color) = &e.color {
                if item.item.primary {
                    return fail(DlxError::ColorOnPrimary { entry: entry() });
                }
                if color.is_empty() || color.bytes().any(is_blank) {
                    return fail(DlxError::BadColor { entry: entry() });
                }
            }
        }
        if entries.iter().any(|e| self.items[e.item].item.primary) {
            self.options.push(DlxOption { line, entries });
            self.costs.push(0);
            Ok(true)
        } else {
            self.dropped.push(line);
            Ok(false)
        }
    }

    /// The items, primary ones first.
    pub fn items(&self) -> &[DlxItem] {
        &self.items
    }

    /// The number of primary items (they are `items()[..num_primary()]`).
    pub fn num_primary(&self) -> usize {
        self.items.iter().take_while(|i| i.item.primary).count()
    }

    /// The index of the item with this name.
    pub fn item_index(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The options kept, in input order; option `k` of the core [`Problem`]
    /// made by [`DlxProblem::to_problem`] is `options()[k]`.
    pub fn options(&self) -> &[DlxOption] {
        &self.options
    }

    /// The lines of the options dropped because they contain no primary item.
    pub fn dropped(&self) -> &[usize] {
        &self.dropped
    }

    /// Does some option give an item a color?
    pub fn uses_colors(&self) -> bool {
        self.options
            .iter()
            .any(|o| o.entries.iter().any(|e| e.color.is_some()))
    }

    /// Does some primary item have bounds other than `1..=1` (a dlx3 file)?
    pub fn uses_bounds(&self) -> bool {
        self.items
            .iter()
            .any(|i| i.item.primary && (i.item.lo, i.item.hi) != (1, 1))
    }

    /// The cost of each option (dlx5's `|n` entries, summed; 0 without
    /// any), in the order of [`DlxProblem::options`].
    pub fn costs(&self) -> &[u64] {
        &self.costs
    }

    /// Sets the cost of option `k` (written as a `|n` entry when not 0).
    ///
    /// # Panics
    ///
    /// If there is no option `k`.
    pub fn set_cost(&mut self, k: usize, cost: u64) {
        self.costs[k] = cost;
    }

    /// Does any option have a cost (so that the text needs dlx5)?
    pub fn uses_costs(&self) -> bool {
        self.costs.iter().any(|&c| c != 0)
    }

    /// The same items (names, kinds, bounds) and the same options (entries,
    /// colors and costs, in order), ignoring line numbers and dropped
    /// options: what writing and reading back preserves.
    pub fn same_as(&self, other: &DlxProblem) -> bool {
        self.items == other.items
            && self.costs == other.costs
            && self.options.len() == other.options.len()
            && self
                .options
                .iter()
                .zip(&other.options)
                .all(|(a, b)| a.entries == b.entries)
    }

    /// The problem for the solver: item `i` and option `k` keep their indices;
    /// colors are numbered in order of first appearance (see
    /// [`DlxProblem::color_names`]).
    pub fn to_problem(&self) -> Result<Problem, Error> {
        let mut problem = Problem::new();
        for item in &self.items {
            problem.add_item(item.item)?;
        }
        let colors: HashMap<&str, u32> = self
            .color_names()
            .into_iter()
            .enumerate()
            .map(|(c, name)| (name, c as u32))
            .collect();
        for option in &self.options {
            let entries: Vec<(usize, Option<u32>)> = option
                .entries
                .iter()
                .map(|e| (e.item, e.color.as_deref().map(|c| colors[c])))
                .collect();
            // The reader already checked what could fail here (colors only on
            // secondary items, which have bounds 0..=1; no repeated items).
            problem.add_colored_option(entries)?;
        }
        Ok(problem)
    }

    /// The colors of the problem in order of first appearance: color `c` of
    /// [`DlxProblem::to_problem`] is `color_names()[c]`.
    pub fn color_names(&self) -> Vec<&str> {
        let mut seen = std::collections::HashSet::new();
        self.options
            .iter()
            .flat_map(|o| o.entries.iter())
            .filter_map(|e| e.color.as_deref())
            .filter(|c| seen.insert(*c))
            .collect()
    }

    /// A DLX problem for a core [`Problem`], with item names from `names` (item
    /// `i` is called `names(i)`), e.g. `|i| format!("i{i}")`. Primary items are
    /// listed first, so item indices change unless the problem already lists
    /// them first; option `k` stays option `k` unless it has no primary item
    /// (it is then dropped, as a reader would drop it). Colors are written as
    /// their numbers (multi-character colors need permissive mode). A problem
    /// with no primary item is written with one added (see the
    /// [`Display`](fmt::Display) implementation).
    ///
    /// # Errors
    ///
    /// [`Error::Dlx`] if a name cannot be written or is repeated;
    /// [`Error::InvalidBounds`] (naming the problem's item) if a secondary
    /// item has bounds other than `0..=1`, or a primary item an upper bound
    /// of 0 (the format cannot express them).
    pub fn from_problem(
        problem: &Problem,
        mut names: impl FnMut(usize) -> String,
    ) -> Result<DlxProblem, Error> {
        let n = problem.num_items();
        let order: Vec<usize> = (0..n)
            .filter(|&i| problem.item(i).primary)
            .chain((0..n).filter(|&i| !problem.item(i).primary))
            .collect();
        let mut position = vec![0; n];
        let mut dlx = DlxProblem::new();
        for &i in &order {
            position[i] = dlx
                .add_item(&names(i), problem.item(i))
                .map_err(|e| match e {
                    Error::InvalidBounds { lo, hi, .. } => Error::InvalidBounds { item: i, lo, hi },
                    e => e,
                })?;
        }
        for k in 0..problem.num_options() {
            let entries = problem
                .option(k)
                .zip(problem.option_colors(k))
                .map(|(i, color)| DlxEntry {
                    item: position[i],
                    color: color.map(|c| c.to_string()),
                })
                .collect();
            dlx.add_option(0, entries)?;
        }
        Ok(dlx)
    }

    /// The name of the item added to write a problem with no primary item
    /// (see the [`Display`](fmt::Display) implementation): `none`, or `none1`,
    /// `none2`, ... if that is taken.
    fn free_name(&self) -> String {
        std::iter::once("none".to_string())
            .chain((1..).map(|k| format!("none{k}")))
            .find(|name| self.item_index(name).is_none())
            .expect("fewer names are taken than there are candidates")
    }

    /// Writes option `k` as a line of item names (without the newline).
    ///
    /// # Panics
    ///
    /// If there is no option `k` (see [`DlxProblem::options`]).
    pub fn option_text(&self, k: usize) -> String {
        let mut out = String::new();
        self.write_option(&mut out, &self.options[k])
            .expect("writing to a String cannot fail");
        out
    }

    fn write_option(&self, f: &mut impl fmt::Write, option: &DlxOption) -> fmt::Result {
        for (j, e) in option.entries.iter().enumerate() {
            if j > 0 {
                f.write_char(' ')?;
            }
            f.write_str(&self.items[e.item].name)?;
            if let Some(color) = &e.color {
                write!(f, ":{color}")?;
            }
        }
        Ok(())
    }
}

/// Writes the problem in DLX format: the item line (bound prefixes on primary
/// items whose bounds are not `1..=1`, ` | ` before the secondary items), then
/// one line per option; every line ends in a newline. Dropped options are not
/// written.
///
/// The format needs a primary item. A problem with none (its one solution
/// chooses no option, and every option was dropped) is written with one added
/// that may stay uncovered, `0:1|none` (or `none1`, ... if that name is taken),
/// after a comment line that says why: the text reads back as a problem with
/// the same solution.
///
/// ```
/// use exactcover::dlx_format::{DlxProblem, Syntax};
/// use exactcover::Item;
///
/// let mut dlx = DlxProblem::new();
/// dlx.add_item("x", Item::SECONDARY).unwrap();
/// let text = dlx.to_string();
/// assert!(text.ends_with("0:1|none | x\n"));
/// let back = DlxProblem::parse(&text, Syntax::Strict).unwrap();
/// assert_eq!(back.num_primary(), 1);
/// ```
impl fmt::Display for DlxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.num_primary() == 0 {
            f.write_str("| no item must be covered: the one solution chooses no option\n")?;
            write!(f, "0:1|{}", self.free_name())?;
            if !self.items.is_empty() {
                f.write_str(" |")?;
            }
            for item in &self.items {
                write!(f, " {}", item.name)?;
            }
            return f.write_str("\n");
        }
        // A reader drops a byte order mark that begins the text: if the
        // first item's name begins with U+FEFF, a comment line keeps it.
        if let Some(item) = self.items.first() {
            let Item { primary, lo, hi } = item.item;
            if primary && (lo, hi) == (1, 1) && item.name.starts_with('\u{feff}') {
                f.write_str("| the first item name begins with U+FEFF\n")?;
            }
        }
        let mut first = true;
        let mut in_secondary = false;
        for item in &self.items {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            let Item { primary, lo, hi } = item.item;
            if !primary && !in_secondary {
                in_secondary = true;
                f.write_str("| ")?;
            }
            if primary && (lo, hi) != (1, 1) {
                if lo == hi {
                    write!(f, "{hi}|")?;
                } else {
                    write!(f, "{lo}:{hi}|")?;
                }
            }
            f.write_str(&item.name)?;
        }
        f.write_str("\n")?;
        for (option, &cost) in self.options.iter().zip(&self.costs) {
            self.write_option(f, option)?;
            if cost != 0 {
                write!(f, " |{cost}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
