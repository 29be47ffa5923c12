//! `Solver::choice_positions`: the data of Knuth's progress estimate.

mod common;

use exactcover::{Solver, Step};

/// Knuth's estimate of the fraction of the search tree explored.
fn estimate(positions: &[(u32, u32)]) -> f64 {
    let (mut f, mut scale) = (0.0, 1.0);
    for &(k, d) in positions {
        scale /= f64::from(d);
        f += f64::from(k - 1) * scale;
    }
    f
}

fn check(mut solver: Solver) {
    let mut last = 0.0;
    let mut steps = 0;
    loop {
        let (_, step) = solver.count_step(7, u64::MAX);
        let positions = solver.choice_positions(usize::MAX);
        assert!(
            positions.iter().all(|&(k, d)| 1 <= k && k <= d),
            "{positions:?}"
        );
        let f = estimate(&positions);
        assert!((0.0..=1.0).contains(&f));
        if step == Step::Exhausted {
            break;
        }
        // Without multiplicities the estimate never decreases.
        assert!(f >= last - 1e-12, "{last} -> {f}");
        last = f;
        steps += 1;
    }
    assert!(steps > 10);
    assert!(last > 0.5, "{last}");
}

#[test]
fn estimate_grows_through_the_search() {
    check(Solver::new(&common::queens(7)));
    check(Solver::with_seed(&common::queens(7), 3));
}

#[test]
fn positions_stay_in_range_with_multiplicities() {
    let mut solver = Solver::new(&common::two_queens(5));
    loop {
        let (_, step) = solver.count_step(5, u64::MAX);
        for (k, d) in solver.choice_positions(3) {
            assert!(1 <= k && k <= d);
        }
        if step == Step::Exhausted {
            break;
        }
    }
}
