//! Why a text in Knuth's DLX format was rejected ([`DlxError`]), and the
//! limits of Knuth's programs that the strict reader enforces.
//!
//! This module sits below both [`crate::dlx_format`] (which raises these
//! reasons) and the crate's [`Error`](crate::Error) (whose `Dlx` variant
//! carries one with its line): neither of those two needs the other to say
//! why a text is wrong.

use std::fmt;

/// Knuth's longest item name, in bytes.
pub const KNUTH_MAX_NAME: usize = 8;
/// Most items dlx1, dlx2 and ssxcc accept.
pub const KNUTH_MAX_ITEMS: usize = 100_000;
/// Most items dlx3 accepts (it is the only program that reads bounds).
pub const KNUTH_MAX_ITEMS_DLX3: usize = 10_000;
/// Most nodes (headers, entries and spacers) dlx2 and ssxcc accept.
pub const KNUTH_MAX_NODES: usize = 10_000_000;
/// Longest line Knuth's programs read (their buffer holds `9 * max_items + 3`
/// bytes, the newline and the final NUL included).
pub const KNUTH_MAX_LINE: usize = 9 * KNUTH_MAX_ITEMS + 1;

/// Why a DLX text was rejected; carried by
/// [`Error::Dlx`](crate::Error::Dlx) with the line number.
/// Knuth's own message is given for each reason.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DlxError {
    /// No item line: the text has only blank and comment lines
    /// (Knuth: `No items`).
    NoItems,
    /// Strict mode: the last line does not end in a newline
    /// (Knuth: `Option line too long!`).
    MissingNewline,
    /// Strict mode: a line longer than Knuth's buffer (Knuth: `... line too long!`).
    LineTooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// `:` or `|` inside an item name on the item line
    /// (Knuth: `Illegal character in item name!`).
    IllegalCharacter {
        /// The token containing it.
        token: String,
        /// The character.
        character: char,
    },
    /// Strict mode: a name longer than 8 bytes (Knuth: `Item name too long!`).
    NameTooLong {
        /// The name.
        name: String,
    },
    /// A name with no characters, as in `2| A` or `:c` (Knuth: `Item name empty!`).
    EmptyName,
    /// Strict mode: a bound prefix with a run of more than 7 characters before
    /// a `:` or `|`, as in `12345678|A`. dlx3 looks for the separator among the
    /// first 8 bytes of each run, so it reads `12345678` as an item name and
    /// stops (`Item name too long!`).
    BoundTooLong {
        /// The whole token.
        token: String,
    },
    /// A second `|` on the item line (Knuth: `Item name line contains | twice!`).
    BarTwice,
    /// An item declared twice (Knuth: `Duplicate item name!`).
    DuplicateName {
        /// The name.
        name: String,
    },
    /// A bound prefix that is not decimal digits, or a name containing `:`
    /// such as `A:2` (Knuth: `Illegal digit in bound spec!`).
    IllegalBound {
        /// The offending token.
        token: String,
    },
    /// A bound prefix on a secondary item (Knuth: ``Illegal `|' in item name!``
    /// or ``Illegal `:' in item name!``).
    BoundOnSecondary {
        /// The offending token.
        token: String,
    },
    /// `u:name` without `|` (Knuth: `Lower bound without upper bound!`).
    LowerBoundWithoutUpper {
        /// The offending token.
        token: String,
    },
    /// `0|name` or `u:0|name` (Knuth: `Upper bound is zero!`).
    UpperBoundZero {
        /// The offending token.
        token: String,
    },
    /// `u:v|name` with `u > v` (Knuth: `Lower bound exceeds upper bound!`).
    LowerExceedsUpper {
        /// The offending token.
        token: String,
    },
    /// A bound that does not fit 32 bits (Knuth does not check; we do).
    BoundTooLarge {
        /// The offending token.
        token: String,
    },
    /// An option names an item not on the item line (Knuth: `Unknown item name!`).
    UnknownItem {
        /// The name.
        name: String,
    },
    /// An option names an item twice (Knuth: `Duplicate item name in this option!`).
    DuplicateInOption {
        /// The name.
        name: String,
    },
    /// A color on a primary item (Knuth: `Primary item must be uncolored!`).
    ColorOnPrimary {
        /// The entry, as written.
        entry: String,
    },
    /// An empty color (`X:`), or in strict mode a color that is not exactly one
    /// byte (Knuth: `Color must be a single character!`).
    BadColor {
        /// The entry, as written.
        entry: String,
    },
    /// A dlx5 cost entry `|n` in an option that is not a decimal number
    /// (or whose costs add up past `u64::MAX`).
    Cost {
        /// The entry, as written.
        entry: String,
    },
    /// Strict mode: more items than Knuth's programs hold (Knuth: `Too many items!`).
    TooManyItems {
        /// The limit that was exceeded.
        limit: usize,
    },
    /// Strict mode: more nodes than Knuth's programs hold (Knuth: `Too many nodes!`).
    TooManyNodes {
        /// The limit that was exceeded.
        limit: usize,
    },
    /// A primary item added after a secondary one
    /// ([`DlxProblem::add_item`](crate::dlx_format::DlxProblem::add_item)):
    /// the item line lists every primary item first.
    PrimaryAfterSecondary {
        /// The primary item's name.
        name: String,
    },
    /// Our own limit: the problem does not fit the solver's 32-bit indices.
    TooLarge,
    /// The bytes are not UTF-8
    /// ([`DlxProblem::parse_bytes`](crate::dlx_format::DlxProblem::parse_bytes); Knuth's programs
    /// read bytes, but names must be text here).
    NotUtf8,
}

impl fmt::Display for DlxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DlxError::*;
        match self {
            NoItems => write!(f, "no item line (only blank and comment lines)"),
            MissingNewline => write!(f, "the last line does not end in a newline (strict mode)"),
            LineTooLong { length } => {
                write!(f, "line too long ({length} bytes; Knuth's programs read at most {KNUTH_MAX_LINE})")
            }
            IllegalCharacter { token, character } => write!(
                f,
                "illegal character {} in item name {}",
                Quoted::char(character.encode_utf8(&mut [0; 4])),
                Quoted::name(token)
            ),
            NameTooLong { name } => write!(
                f,
                "item name {} is longer than {KNUTH_MAX_NAME} bytes ({} bytes; strict mode)",
                Quoted::name(name),
                name.len()
            ),
            EmptyName => write!(f, "empty item name"),
            BoundTooLong { token } => write!(
                f,
                "bound prefix of {token:?} is too long: dlx3 reads at most {} digits before \
                 each ':' or '|' (strict mode)",
                KNUTH_MAX_NAME - 1
            ),
            BarTwice => write!(f, "the item line contains '|' twice"),
            DuplicateName { name } => write!(f, "duplicate item name {}", Quoted::name(name)),
            IllegalBound { token } => write!(
                f,
                "illegal bound spec in {} (bounds are written u:v|name or v|name, digits only)",
                Quoted::name(token)
            ),
            BoundOnSecondary { token } => {
                write!(
                    f,
                    "bounds are only allowed on primary items, not on {}",
                    Quoted::name(token)
                )
            }
            LowerBoundWithoutUpper { token } => {
                write!(
                    f,
                    "lower bound without upper bound in {} (write u:v|name)",
                    Quoted::name(token)
                )
            }
            UpperBoundZero { token } => write!(f, "upper bound is zero in {}", Quoted::name(token)),
            LowerExceedsUpper { token } => {
                write!(
                    f,
                    "lower bound exceeds upper bound in {}",
                    Quoted::name(token)
                )
            }
            BoundTooLarge { token } => {
                write!(
                    f,
                    "bound too large in {} (at most {})",
                    Quoted::name(token),
                    u32::MAX
                )
            }
            UnknownItem { name } => write!(f, "unknown item name {}", Quoted::name(name)),
            DuplicateInOption { name } => {
                write!(
                    f,
                    "item {} appears twice in this option",
                    Quoted::name(name)
                )
            }
            ColorOnPrimary { entry } => {
                write!(f, "primary item must be uncolored: {}", Quoted::name(entry))
            }
            BadColor { entry } => write!(
                f,
                "color must be a single character: {}",
                Quoted::name(entry)
            ),
            Cost { entry } => write!(
                f,
                "bad option cost {} (dlx5's `|n`: n decimal digits, the sum below 2^64)",
                Quoted::name(entry)
            ),
            TooManyItems { limit } => write!(f, "too many items (more than {limit}; strict mode)"),
            TooManyNodes { limit } => write!(f, "too many nodes (more than {limit}; strict mode)"),
            PrimaryAfterSecondary { name } => write!(
                f,
                "primary item {} comes after a secondary item (the item line lists \
                 primary items first)",
                Quoted::name(name)
            ),
            TooLarge => write!(f, "problem too large for the solver's 32-bit indices"),
            NotUtf8 => write!(f, "not valid UTF-8"),
        }
    }
}

/// A name in double quotes for an error message, escaped as Python escapes
/// strings (`\n`, `\x07`, `\ufeff`, `\U000e0001`), not as Rust's `{:?}` does
/// (`\u{feff}`): the messages are read by people who write Python or DLX
/// files, not Rust.
struct Quoted<'a> {
    text: &'a str,
    quote: char,
}

impl<'a> Quoted<'a> {
    /// A name (or token, or entry), in double quotes.
    fn name(text: &'a str) -> Self {
        Quoted { text, quote: '"' }
    }

    /// A character, in single quotes.
    fn char(text: &'a str) -> Self {
        Quoted { text, quote: '\'' }
    }
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.quote)?;
        for c in self.text.chars() {
            match c {
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                c if c == self.quote => write!(f, "\\{c}")?,
                // `escape_debug` knows which characters are not printable
                // (controls, format characters, unassigned ones).
                c if c != '\'' && c != '"' && c.escape_debug().nth(1).is_some() => {
                    match u32::from(c) {
                        k @ 0..=0xff => write!(f, "\\x{k:02x}")?,
                        k @ 0x100..=0xffff => write!(f, "\\u{k:04x}")?,
                        k => write!(f, "\\U{k:08x}")?,
                    }
                }
                c => write!(f, "{c}")?,
            }
        }
        write!(f, "{}", self.quote)
    }
}
