//! The one error type of the crate.

use std::fmt;

use crate::bitset::WhyNot;
use crate::dlx_error::DlxError;

/// Everything that can go wrong when building or starting a problem.
///
/// Indices are the ones the caller used: item indices as returned by
/// [`Problem::add_item`](crate::Problem::add_item) and friends, option indices in
/// the order options were added. Front ends (such as the Python binding) map
/// them back to their own names.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An option was given with no items at all.
    EmptyOption {
        /// Index the option would have had.
        option: usize,
    },
    /// An option names the same item twice.
    DuplicateItem {
        /// Index of the offending option.
        option: usize,
        /// The repeated item.
        item: usize,
    },
    /// An option names an item that was never added.
    UnknownItem {
        /// Index of the offending option.
        option: usize,
        /// The unknown item index.
        item: usize,
    },
    /// Multiplicity bounds that make no sense: `lo > hi`, or a secondary item
    /// with a lower bound; or, for Knuth's DLX format
    /// ([`DlxProblem`](crate::dlx_format::DlxProblem)), bounds it cannot
    /// write (a primary item with upper bound 0, a secondary item other than
    /// `0..=1`).
    InvalidBounds {
        /// The offending item.
        item: usize,
        /// Lower bound given.
        lo: u32,
        /// Upper bound given.
        hi: u32,
    },
    /// A forced option index that does not exist.
    UnknownOption {
        /// The index given.
        option: usize,
    },
    /// Options can only be forced or excluded, and the search tree estimated,
    /// before the search has started.
    SearchStarted,
    /// The problem does not fit the solver's 32-bit node indices.
    TooLarge {
        /// What overflowed.
        what: &'static str,
    },
    /// A text in Knuth's DLX format was rejected (see
    /// [`dlx_format`](crate::dlx_format)), or a name or option given to a
    /// [`DlxProblem`](crate::dlx_format::DlxProblem) could not be written.
    Dlx {
        /// The 1-based line of the text (0 when not reading a text).
        line: usize,
        /// Why.
        reason: DlxError,
    },
    /// An option gives a color to an item that cannot have one: a primary
    /// item, or a secondary item whose upper bound is not 1.
    ColorOnItem {
        /// Index of the offending option.
        option: usize,
        /// The item.
        item: usize,
    },
    /// The bitset engine was asked for
    /// ([`EngineChoice::Bitset`](crate::EngineChoice::Bitset)) and the
    /// problem does not fit it.
    EngineDoesNotFit {
        /// Why it does not fit.
        why: WhyNot,
    },
    /// A solution graph needs more memory than its cap
    /// ([`Solver::solution_graph`](crate::Solver::solution_graph)).
    MemoryCap {
        /// The cap, in bytes.
        max_bytes: usize,
    },
    /// A sweep order ([`Solver::set_sweep_order`](crate::Solver::set_sweep_order))
    /// names an item that was never added.
    UnknownOrderItem {
        /// Its place in the order.
        position: usize,
        /// The unknown item index.
        item: usize,
    },
    /// A combination of counting options that does not work yet
    /// ([`CountOptions`](crate::CountOptions)): rather than ignore one of
    /// them, the count refuses.
    Unsupported {
        /// The combination, in words ("a count on threads with a limit").
        what: &'static str,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EmptyOption { option } => write!(f, "option {option} has no items"),
            Error::DuplicateItem { option, item } => {
                write!(f, "option {option} contains item {item} more than once")
            }
            Error::UnknownItem { option, item } => {
                write!(f, "option {option} contains unknown item {item}")
            }
            Error::InvalidBounds { item, lo, hi } if lo > hi => write!(
                f,
                "item {item} has lower bound {lo} greater than its upper bound {hi}"
            ),
            // Bounds from 0 are refused only by the DLX format's writer: a
            // primary item with upper bound 0, a secondary item other than 0..=1.
            Error::InvalidBounds { item, lo: 0, hi } => write!(
                f,
                "item {item} has bounds 0..={hi}, which Knuth's DLX format cannot write \
                 (a primary item needs an upper bound of at least 1, a secondary item \
                 has bounds 0..=1)"
            ),
            Error::InvalidBounds { item, lo, hi } => write!(
                f,
                "secondary item {item} cannot have a lower bound ({lo}..={hi}); \
                 make it primary instead"
            ),
            Error::UnknownOption { option } => write!(f, "there is no option {option}"),
            Error::SearchStarted => write!(
                f,
                "the search has already started: options can only be forced or \
                 excluded, and the search tree estimated, before it starts"
            ),
            Error::TooLarge { what } => {
                write!(
                    f,
                    "problem too large: {what} exceeds the solver's 32-bit limit"
                )
            }
            Error::Dlx { line: 0, reason } => write!(f, "{reason}"),
            Error::Dlx { line, reason } => write!(f, "line {line}: {reason}"),
            Error::ColorOnItem { option, item } => write!(
                f,
                "option {option} gives a color to item {item}, which is not a secondary \
                 item covered at most once; only such items can have colors"
            ),
            Error::MemoryCap { max_bytes } => write!(
                f,
                "the solution graph needs more than its memory cap of {max_bytes} bytes; \
                 raise the cap, or count without the graph"
            ),
            Error::Unsupported { what } => write!(f, "{what} is not supported yet"),
            Error::UnknownOrderItem { position, item } => write!(
                f,
                "the sweep order names unknown item {item} (at position {position})"
            ),
            Error::EngineDoesNotFit { why } => write!(
                f,
                "the problem does not fit the bitset engine: {why}; use the dancing-links \
                 engine (or the automatic choice)"
            ),
        }
    }
}

impl Error {
    /// A stable name for the kind of error, for front ends that restate it
    /// in their own words (the Python binding's `ExactCoverError.kind`):
    /// `"empty_option"`, `"duplicate_item"`, `"unknown_item"`,
    /// `"invalid_bounds"`, `"unknown_option"`, `"search_started"`,
    /// `"too_large"`, `"dlx"`, `"color_on_item"`, `"memory_cap"`,
    /// `"unsupported"`, `"engine_does_not_fit"` or `"unknown_order_item"`.
    pub fn kind(&self) -> &'static str {
        // No wildcard arm: a new variant must be given its own name here.
        match self {
            Error::EmptyOption { .. } => "empty_option",
            Error::DuplicateItem { .. } => "duplicate_item",
            Error::UnknownItem { .. } => "unknown_item",
            Error::InvalidBounds { .. } => "invalid_bounds",
            Error::UnknownOption { .. } => "unknown_option",
            Error::SearchStarted => "search_started",
            Error::TooLarge { .. } => "too_large",
            Error::Dlx { .. } => "dlx",
            Error::ColorOnItem { .. } => "color_on_item",
            Error::MemoryCap { .. } => "memory_cap",
            Error::Unsupported { .. } => "unsupported",
            Error::EngineDoesNotFit { .. } => "engine_does_not_fit",
            Error::UnknownOrderItem { .. } => "unknown_order_item",
        }
    }

    /// The option at fault, as the caller numbered it, if one is.
    pub fn option(&self) -> Option<usize> {
        match *self {
            Error::EmptyOption { option }
            | Error::UnknownOption { option }
            | Error::DuplicateItem { option, .. }
            | Error::UnknownItem { option, .. }
            | Error::ColorOnItem { option, .. } => Some(option),
            Error::InvalidBounds { .. }
            | Error::SearchStarted
            | Error::TooLarge { .. }
            | Error::Dlx { .. }
            | Error::MemoryCap { .. }
            | Error::EngineDoesNotFit { .. }
            | Error::UnknownOrderItem { .. }
            | Error::Unsupported { .. } => None,
        }
    }

    /// The item at fault, as the caller numbered it, if one is.
    pub fn item(&self) -> Option<usize> {
        match *self {
            Error::DuplicateItem { item, .. }
            | Error::UnknownItem { item, .. }
            | Error::ColorOnItem { item, .. }
            | Error::InvalidBounds { item, .. }
            | Error::UnknownOrderItem { item, .. }
            | Error::EngineDoesNotFit {
                why: WhyNot::Multiplicities { item },
            } => Some(item),
            Error::EmptyOption { .. }
            | Error::UnknownOption { .. }
            | Error::SearchStarted
            | Error::TooLarge { .. }
            | Error::Dlx { .. }
            | Error::MemoryCap { .. }
            | Error::EngineDoesNotFit { .. }
            | Error::Unsupported { .. } => None,
        }
    }

    /// The 1-based line of a rejected DLX text, if the error is about one
    /// (not for names or options given to a
    /// [`DlxProblem`](crate::dlx_format::DlxProblem) directly).
    pub fn line(&self) -> Option<usize> {
        if let Error::Dlx { line, .. } = *self {
            (line > 0).then_some(line)
        } else {
            None
        }
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_option_item_and_line_name_the_culprit() {
        let e = Error::DuplicateItem { option: 3, item: 7 };
        assert_eq!(
            (e.kind(), e.option(), e.item()),
            ("duplicate_item", Some(3), Some(7))
        );
        let e = Error::InvalidBounds {
            item: 2,
            lo: 3,
            hi: 1,
        };
        assert_eq!(
            (e.kind(), e.option(), e.item()),
            ("invalid_bounds", None, Some(2))
        );
        let e = Error::Dlx {
            line: 4,
            reason: DlxError::BarTwice,
        };
        assert_eq!((e.kind(), e.line(), e.option()), ("dlx", Some(4), None));
        let e = Error::Dlx {
            line: 0,
            reason: DlxError::EmptyName,
        };
        assert_eq!(e.line(), None);
        assert_eq!(Error::SearchStarted.kind(), "search_started");
    }
}
