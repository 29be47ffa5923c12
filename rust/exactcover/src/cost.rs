//! Option costs ([`Cost`]): what the cheapest solutions are measured in, on
//! the solution graph ([`crate::SolutionGraph::cheapest`]) and by branch and
//! bound ([`crate::BranchAndBound`]).

use std::cmp::Ordering;

/// The cost of an option, and of a solution (the sum of its options'):
/// nonnegative integers (`u64`, exact) or floats (`f64`).
///
/// Sums of `u64` costs saturate at `u64::MAX` (keep totals below it for
/// exact results); `f64` sums round as floats do. Negative or NaN `f64`
/// costs are the caller's to refuse: the bounds of branch and bound assume
/// costs are nonnegative.
pub trait Cost: Copy + PartialOrd + std::fmt::Debug + Send + Sync + 'static {
    /// The cost of nothing.
    const ZERO: Self;
    /// More than any cost (`u64::MAX`, `f64::INFINITY`): the cutoff of
    /// branch and bound before it knows `k` solutions.
    const MAX: Self;
    /// `self + other` (saturating for integers).
    fn plus(self, other: Self) -> Self;
    /// `self - other`, for bounds (saturating at zero for integers).
    fn minus(self, other: Self) -> Self;
    /// A total order (floats by `f64::total_cmp`).
    fn order(&self, other: &Self) -> Ordering;
    /// A lower bound of `self / n`, for the item taxes of branch and bound
    /// (`n >= 1`).
    fn share(self, n: usize) -> Self;
    /// How far a sum near `self` may be off by rounding: 0 for integers.
    /// Branch and bound cuts a branch only when its bound passes the
    /// cutoff by more than this, so that rounding never cuts a solution
    /// that would have been kept.
    fn margin(self) -> Self;
}

impl Cost for u64 {
    const ZERO: u64 = 0;
    const MAX: u64 = u64::MAX;
    fn plus(self, other: u64) -> u64 {
        self.saturating_add(other)
    }
    fn minus(self, other: u64) -> u64 {
        self.saturating_sub(other)
    }
    fn order(&self, other: &u64) -> Ordering {
        self.cmp(other)
    }
    fn share(self, n: usize) -> u64 {
        // Rounded down, so that the taxes of an option's items never add up
        // to more than its cost.
        self / n as u64
    }
    fn margin(self) -> u64 {
        0
    }
}

impl Cost for f64 {
    const ZERO: f64 = 0.0;
    const MAX: f64 = f64::INFINITY;
    fn plus(self, other: f64) -> f64 {
        self + other
    }
    fn minus(self, other: f64) -> f64 {
        self - other
    }
    fn order(&self, other: &f64) -> Ordering {
        self.total_cmp(other)
    }
    fn share(self, n: usize) -> f64 {
        // Rounded down a hair, for the same reason as the integers' floor.
        let q = self / n as f64;
        q - q.abs() * 4.0 * f64::EPSILON
    }
    fn margin(self) -> f64 {
        // Far above the error of the sums of a few thousand costs.
        self.abs() * 1e-9
    }
}
