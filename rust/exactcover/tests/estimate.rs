//! Knuth's Monte Carlo estimate of the search tree: unbiased on random small
//! problems (with multiplicities and colors), close on the standard instances.

mod common;

use exactcover::{Item, Problem, Solver};
use proptest::prelude::*;

/// A random problem with every kind of item and colored secondary entries.
fn problem_strategy() -> impl Strategy<Value = Problem> {
    let item = prop_oneof![
        3 => Just(Item::PRIMARY),
        2 => Just(Item::SECONDARY),
        2 => (0u32..3, 0u32..3).prop_map(|(lo, extra)| Item { primary: true, lo, hi: (lo + extra).max(1) }),
        1 => (1u32..3).prop_map(|hi| Item { primary: false, lo: 0, hi }),
    ];
    (1usize..8)
        .prop_flat_map(move |n| {
            (
                proptest::collection::vec(item.clone(), n),
                proptest::collection::vec(
                    proptest::collection::btree_map(0..n, 0u32..3, 1..=n.min(4)),
                    0..14,
                ),
            )
        })
        .prop_map(|(items, options)| {
            let mut p = Problem::new();
            for &item in &items {
                p.add_item(item).unwrap();
            }
            for option in options {
                let entries = option.into_iter().map(|(i, draw)| {
                    let colorable = !items[i].primary && items[i].hi == 1;
                    (i, (colorable && draw > 0).then_some(draw))
                });
                p.add_colored_option(entries).unwrap();
            }
            p
        })
}

/// Is `estimate` within `sigmas` standard errors (or 5%) of `truth`? An
/// estimate with no variance must be exact: every probe saw the same product.
fn close(estimate: f64, error: f64, truth: f64, sigmas: f64) -> bool {
    (estimate - truth).abs() <= (sigmas * error).max(0.05 * truth) + 1e-9
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The mean of many probes converges to the true numbers of nodes and of
    /// solutions (the estimator is unbiased).
    #[test]
    fn estimates_converge_to_the_true_counts(problem in problem_strategy(), seed in any::<u64>()) {
        let root = Solver::new(&problem);
        let estimate = root.estimate(4000, seed).unwrap();
        let mut solver = root.clone();
        let solutions = solver.count() as f64;
        let nodes = solver.stats().nodes as f64;
        prop_assert!(close(estimate.nodes, estimate.nodes_error, nodes, 6.0),
            "nodes: estimated {} ± {}, true {}", estimate.nodes, estimate.nodes_error, nodes);
        prop_assert!(close(estimate.solutions, estimate.solutions_error, solutions, 6.0),
            "solutions: estimated {} ± {}, true {}", estimate.solutions, estimate.solutions_error, solutions);
        // Probing leaves the solver untouched.
        prop_assert_eq!(root.stats().nodes, 0);
        root.check_invariants().map_err(TestCaseError::fail)?;
    }

    /// Of a search that has started, the estimate converges to what it has
    /// still to explore: the solutions still to come, and the nodes of its
    /// remainder's subtrees, each searched from a fresh root.
    #[test]
    fn estimates_of_a_started_search_converge_to_its_rest(
        problem in problem_strategy(),
        seed in any::<u64>(),
        budget in 1u64..30,
    ) {
        let mut solver = Solver::new(&problem);
        solver.step(budget);
        let estimate = solver.estimate(4000, seed).unwrap();
        let (mut solutions, mut nodes) = (0.0, 0.0);
        for part in solver.remainder(usize::MAX).unwrap() {
            let mut fresh = Solver::new(&problem);
            if fresh.restrict(&part).unwrap() {
                solutions += fresh.count() as f64;
                nodes += fresh.stats().nodes as f64;
            }
        }
        prop_assert_eq!(solutions, solver.clone().count() as f64);
        prop_assert!(close(estimate.nodes, estimate.nodes_error, nodes, 6.0),
            "nodes: estimated {} ± {}, true {}", estimate.nodes, estimate.nodes_error, nodes);
        prop_assert!(close(estimate.solutions, estimate.solutions_error, solutions, 6.0),
            "solutions: estimated {} ± {}, true {}", estimate.solutions, estimate.solutions_error, solutions);
    }
}

#[test]
fn estimates_are_within_a_factor_of_two_on_queens_and_pentominoes() {
    let instances = [
        ("queens-9", common::queens(9)),
        ("queens-10", common::queens(10)),
        ("2n-queens-5", common::two_queens(5)),
        ("langford-8", common::langford(8)),
        (
            "pentominoes-8x8-centre",
            common::pentominoes(&common::board_8x8_minus_centre()),
        ),
    ];
    for (name, problem) in instances {
        let estimate = Solver::new(&problem).estimate(10_000, 2026).unwrap();
        let mut solver = Solver::new(&problem);
        solver.count();
        let nodes = solver.stats().nodes as f64;
        let ratio = estimate.nodes / nodes;
        assert!(
            (0.5..2.0).contains(&ratio),
            "{name}: estimated {} nodes, true {nodes}",
            estimate.nodes
        );
    }
}

#[test]
fn estimates_are_reproducible_in_slices_or_not() {
    let problem = common::queens(8);
    let solver = Solver::new(&problem);
    assert_eq!(
        solver.estimate(500, 7).unwrap(),
        solver.estimate(500, 7).unwrap()
    );
    assert_ne!(
        solver.estimate(500, 7).unwrap(),
        solver.estimate(500, 8).unwrap()
    );
    // In slices: the same as all at once.
    let mut estimator = solver.estimator(7).unwrap();
    estimator.probe(200);
    estimator.probe(300);
    assert_eq!(estimator.estimate(), solver.estimate(500, 7).unwrap());
    // Of a search that has started too; of one that is over, nothing.
    let mut started = Solver::new(&problem);
    started.step(10);
    assert_eq!(started.estimate(500, 7), started.estimate(500, 7));
    started.count();
    let e = started.estimate(10, 1).unwrap();
    assert_eq!((e.nodes, e.solutions, e.samples), (0.0, 0.0, 10));
}

#[test]
fn contradictory_roots_and_trivial_problems() {
    // Two forced options that both cover item 0: no nodes, no solutions.
    let mut p = Problem::with_items(2, 0);
    p.add_option([0]).unwrap();
    p.add_option([0, 1]).unwrap();
    let mut solver = Solver::new(&p);
    solver.force(0).unwrap();
    assert!(!solver.force(1).unwrap());
    let e = solver.estimate(10, 1).unwrap();
    assert_eq!((e.nodes, e.solutions), (0.0, 0.0));
    // No primary items: one node, one (empty) solution, exactly.
    let e = Solver::new(&Problem::with_items(0, 2))
        .estimate(10, 1)
        .unwrap();
    assert_eq!((e.nodes, e.solutions, e.nodes_error), (1.0, 1.0, 0.0));
}

/// `probe_while` abandons the probe under way when told to, leaving the
/// links as they were: later probes still estimate the same tree.
#[test]
fn an_abandoned_probe_leaves_the_estimator_usable() {
    let solver = Solver::new(&common::queens(8));
    let mut estimator = solver.estimator(7).unwrap();
    let mut calls = 0;
    assert_eq!(
        estimator.probe_while(1000, || {
            calls += 1;
            calls < 5
        }),
        0
    );
    assert_eq!(estimator.estimate().samples, 0);
    let mut calls = 0;
    let done = estimator.probe_while(1000, || {
        calls += 1;
        calls < 100
    });
    assert!(done > 0 && done < 100, "{done} probes");
    assert_eq!(estimator.estimate().samples, done);
    assert_eq!(estimator.probe_while(20_000, || true), 20_000);
    let solutions = estimator.estimate().solutions;
    assert!((60.0..140.0).contains(&solutions), "{solutions}");
}

/// The estimate of a started search is stratified by the subtrees of its
/// remainder: once each has had a probe, the difference in size between
/// them adds no error. Ten independent items of two options each: every
/// probe of a subtree is exact, so after one probe per subtree (their sizes
/// 2 to 1,023 nodes) the estimate is the rest's exact size, from any seed,
/// and before that, within the error it gives.
#[test]
fn the_rest_is_estimated_subtree_by_subtree() {
    let mut p = Problem::with_items(10, 0);
    for item in 0..10 {
        p.add_option([item]).unwrap();
        p.add_option([item]).unwrap();
    }
    let mut solver = Solver::new(&p);
    assert_eq!(solver.step(u64::MAX), exactcover::Step::Solution);
    let parts = solver.remainder(usize::MAX).unwrap();
    let mut nodes = 0.0;
    for part in &parts {
        let mut fresh = Solver::new(&p);
        assert!(fresh.restrict(part).unwrap());
        fresh.count();
        nodes += fresh.stats().nodes as f64;
    }
    let m = parts.len() as u64;
    assert!(m >= 10, "{m} subtrees");
    for seed in 0..20 {
        let e = solver.estimate(m, seed).unwrap();
        assert_eq!((e.nodes, e.solutions), (nodes, 1023.0), "seed {seed}");
        let half = solver.estimate(m / 2, seed).unwrap();
        assert!(close(half.nodes, half.nodes_error, nodes, 6.0), "{half:?}");
    }
}
