//! How a full memo table makes room: entry by entry, in the few places a
//! new entry may go, the one of least cost gives its place. Both memo
//! tables follow this rule: the sweep's buckets of two entries
//! ([`crate::bitset`]'s swept count), where an entry's cost is the work its
//! sub-problem took, and the general table's probe windows
//! ([`super::table`]), where it is that work times one more than the
//! entry's hits so far. A full table so keeps the costly sub-problems
//! (those whose hits save most) and a changing crowd of the newest cheap
//! ones, and degrades one entry at a time: no sub-problem is lost to make
//! room but the one replaced.
//!
//! The places are described by their *stored cost*: 0 for an empty place,
//! otherwise one more than that cost (in nodes for the sweep, in link
//! updates for the general table), so that an entry of no work is still
//! told from an empty place.

/// The stored cost of an entry whose sub-problem took `work`.
#[inline]
pub(crate) fn stored_cost(work: u64) -> u64 {
    work.saturating_add(1)
}

/// Where a new entry goes among places of stored costs `costs` (see the
/// module documentation): the first empty one, `(index, false)`; else the
/// first of least cost, `(index, true)`: its entry is replaced. `None` if
/// there are no places.
#[inline]
pub(crate) fn place_for(costs: impl IntoIterator<Item = u64>) -> Option<(usize, bool)> {
    let mut best: Option<(usize, u64)> = None;
    for (k, cost) in costs.into_iter().enumerate() {
        if cost == 0 {
            return Some((k, false));
        }
        match best {
            Some((_, c)) if c <= cost => {}
            _ => best = Some((k, cost)),
        }
    }
    best.map(|(k, _)| (k, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_place_first_else_the_cheapest_first_of_a_tie() {
        assert_eq!(place_for([]), None);
        assert_eq!(place_for([5, 0, 3, 0]), Some((1, false)));
        assert_eq!(place_for([5, 3, 9, 3]), Some((1, true)));
        assert_eq!(place_for([7]), Some((0, true)));
        assert_eq!(
            place_for([u64::MAX, stored_cost(u64::MAX)]),
            Some((0, true))
        );
        assert_eq!(stored_cost(0), 1);
    }
}
