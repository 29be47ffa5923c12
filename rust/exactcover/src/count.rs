//! [`Count`]: an exact number of solutions, of any size.
//!
//! Memoized counting ([`crate::Solver::count_with`]) reaches counts far past
//! `u64` (the domino tilings of a 16 x 16 board number about 2.4 x 10^30), so
//! counts are natural numbers of arbitrary precision. Small counts (up to
//! `u128`) are stored inline and cost one checked addition; larger ones fall
//! back to a vector of 64-bit limbs. No operation overflows silently.

use std::cmp::Ordering;
use std::fmt;

use crate::rng::SplitMix64;

/// An exact natural number (a count of solutions), of any size.
///
/// ```
/// use exactcover::Count;
///
/// let mut c = Count::from(u64::MAX);
/// c += &Count::from(u64::MAX);
/// c += &Count::from(u128::MAX);
/// assert_eq!(c.to_u128(), None); // past 2^128, still exact:
/// assert_eq!(c.to_string(), "340282366920938463500268095579187314685");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Count(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Any value below 2^128.
    Small(u128),
    /// A value of at least 2^128: little-endian limbs, the last one non-zero.
    Big(Vec<u64>),
}

impl Count {
    /// Zero.
    pub const ZERO: Count = Count(Repr::Small(0));
    /// One.
    pub const ONE: Count = Count(Repr::Small(1));

    /// Is it zero?
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// The value as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    /// The value as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(v) => Some(v),
            Repr::Big(_) => None,
        }
    }

    /// The value as a `u64`, or `u64::MAX` if it is larger.
    pub fn saturating_u64(&self) -> u64 {
        self.to_u64().unwrap_or(u64::MAX)
    }

    /// The value as an `f64` (rounded; `inf` past `f64::MAX`).
    pub fn to_f64(&self) -> f64 {
        self.limbs().iter().rev().fold(0.0, |acc, &limb| {
            acc * 18_446_744_073_709_551_616.0 + limb as f64
        })
    }

    /// The value as little-endian 64-bit limbs (no trailing zero limb; empty
    /// for zero).
    pub fn limbs(&self) -> Vec<u64> {
        match &self.0 {
            Repr::Small(v) => {
                let (lo, hi) = (*v as u64, (*v >> 64) as u64);
                match (lo, hi) {
                    (0, 0) => vec![],
                    (lo, 0) => vec![lo],
                    (lo, hi) => vec![lo, hi],
                }
            }
            Repr::Big(limbs) => limbs.clone(),
        }
    }

    /// The value as little-endian bytes (empty for zero), e.g. for Python's
    /// `int.from_bytes(b, "little")`.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.limbs().iter().flat_map(|l| l.to_le_bytes()).collect();
        while bytes.last() == Some(&0) {
            bytes.pop();
        }
        bytes
    }

    /// The number whose little-endian limbs are `limbs`.
    pub fn from_limbs(mut limbs: Vec<u64>) -> Count {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        match limbs.len() {
            0 => Count::ZERO,
            1 => Count(Repr::Small(u128::from(limbs[0]))),
            2 => Count(Repr::Small(
                u128::from(limbs[0]) | (u128::from(limbs[1]) << 64),
            )),
            _ => Count(Repr::Big(limbs)),
        }
    }

    /// Adds one.
    #[inline]
    pub fn increment(&mut self) {
        match &mut self.0 {
            Repr::Small(v) if *v < u128::MAX => *v += 1,
            _ => *self += &Count::ONE,
        }
    }

    /// `self - other`, or `None` if `other` is larger.
    pub fn checked_sub(&self, other: &Count) -> Option<Count> {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return a.checked_sub(*b).map(|v| Count(Repr::Small(v)));
        }
        if *self < *other {
            return None;
        }
        let mut limbs = self.limbs();
        let mut borrow = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let b = other.limb(i);
            let (d1, o1) = limb.overflowing_sub(b);
            let (d2, o2) = d1.overflowing_sub(u64::from(borrow));
            *limb = d2;
            borrow = o1 || o2;
        }
        debug_assert!(!borrow);
        Some(Count::from_limbs(limbs))
    }

    /// A uniformly random number in `0..self` (`self` must not be zero), by
    /// rejection: draw as many random bits as `self` has, retry if too large
    /// (fewer than two tries on average).
    pub(crate) fn random_below(&self, rng: &mut SplitMix64) -> Count {
        assert!(!self.is_zero(), "random_below(0)");
        let limbs = self.limbs();
        let top = *limbs.last().expect("non-zero");
        let mask = u64::MAX >> top.leading_zeros();
        loop {
            let mut draw: Vec<u64> = (0..limbs.len()).map(|_| rng.next_u64()).collect();
            *draw.last_mut().expect("non-empty") &= mask;
            let draw = Count::from_limbs(draw);
            if draw < *self {
                return draw;
            }
        }
    }

    fn limb(&self, i: usize) -> u64 {
        match &self.0 {
            Repr::Small(v) => match i {
                0 => *v as u64,
                1 => (*v >> 64) as u64,
                _ => 0,
            },
            Repr::Big(limbs) => limbs.get(i).copied().unwrap_or(0),
        }
    }

    fn num_limbs(&self) -> usize {
        match &self.0 {
            Repr::Small(v) => (128 - v.leading_zeros() as usize).div_ceil(64),
            Repr::Big(limbs) => limbs.len(),
        }
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ZERO
    }
}

impl From<u64> for Count {
    fn from(v: u64) -> Count {
        Count(Repr::Small(u128::from(v)))
    }
}

impl From<u128> for Count {
    fn from(v: u128) -> Count {
        Count(Repr::Small(v))
    }
}

impl std::ops::AddAssign<&Count> for Count {
    #[inline]
    fn add_assign(&mut self, other: &Count) {
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &other.0) {
            if let Some(sum) = a.checked_add(*b) {
                *a = sum;
                return;
            }
        }
        let n = self.num_limbs().max(other.num_limbs()) + 1;
        let mut limbs = Vec::with_capacity(n);
        let mut carry = false;
        for i in 0..n {
            let (s1, o1) = self.limb(i).overflowing_add(other.limb(i));
            let (s2, o2) = s1.overflowing_add(u64::from(carry));
            limbs.push(s2);
            carry = o1 || o2;
        }
        debug_assert!(!carry);
        *self = Count::from_limbs(limbs);
    }
}

impl std::ops::Add<&Count> for Count {
    type Output = Count;

    fn add(mut self, other: &Count) -> Count {
        self += other;
        self
    }
}

impl std::iter::Sum for Count {
    fn sum<I: Iterator<Item = Count>>(iter: I) -> Count {
        iter.fold(Count::ZERO, |acc, c| acc + &c)
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return a.cmp(b);
        }
        let n = self.num_limbs().max(other.num_limbs());
        (0..n)
            .rev()
            .map(|i| self.limb(i).cmp(&other.limb(i)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Repr::Small(v) = self.0 {
            return fmt::Display::fmt(&v, f);
        }
        // Divide by 10^19 repeatedly; the remainders are the decimal digits
        // in groups of 19.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut limbs = self.limbs();
        let mut groups = Vec::new();
        while !limbs.is_empty() {
            let mut rem: u128 = 0;
            for limb in limbs.iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*limb);
                *limb = (cur / u128::from(CHUNK)) as u64;
                rem = cur % u128::from(CHUNK);
            }
            groups.push(rem as u64);
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        let mut text = groups.last().map_or("0".to_string(), |g| g.to_string());
        for g in groups.iter().rev().skip(1) {
            text.push_str(&format!("{g:019}"));
        }
        f.pad_integral(true, "", &text)
    }
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_past_u128_is_exact() {
        // 2^200 by doubling, then back down by subtraction.
        let mut c = Count::ONE;
        for _ in 0..200 {
            let d = c.clone();
            c += &d;
        }
        assert_eq!(
            c.to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert_eq!(c.to_le_bytes().len(), 26);
        let mut half = Count::ONE;
        for _ in 0..199 {
            let d = half.clone();
            half += &d;
        }
        assert_eq!(c.checked_sub(&half), Some(half.clone()));
        assert_eq!(half.checked_sub(&c), None);
        assert!(half < c);
        let mut one_more = c.clone();
        one_more.increment();
        assert_eq!(one_more.checked_sub(&c), Some(Count::ONE));
        assert!((c.to_f64() / 2f64.powi(200) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn random_below_stays_below_and_covers_the_range() {
        let mut rng = SplitMix64::new(7);
        let n = Count::from(5u64);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            let r = n.random_below(&mut rng).to_u64().unwrap();
            seen[r as usize] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
        let big = Count::from_limbs(vec![3, 0, 1]);
        for _ in 0..100 {
            assert!(big.random_below(&mut rng) < big);
        }
    }
}
