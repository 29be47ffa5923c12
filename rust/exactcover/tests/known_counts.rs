//! Counts that are known from the literature (OEIS, published puzzle counts).

mod common;

use std::ops::ControlFlow;

use exactcover::{CountOptions, EngineChoice, MemoOptions, Outcome, Problem, Solver, Step};

/// The engines forced, each in turn.
const BOTH: [EngineChoice; 2] = [EngineChoice::Bitset, EngineChoice::DancingLinks];

#[test]
fn forcing_the_bitset_engine_on_a_problem_it_cannot_take_says_why() {
    let err = Solver::with_engine(&common::two_queens(4), EngineChoice::Bitset, None).unwrap_err();
    assert_eq!(err.kind(), "engine_does_not_fit");
    let text = err.to_string();
    assert!(text.contains("bitset") && text.contains("bounds"), "{text}");
    // Auto and dancing links take it.
    for engine in [EngineChoice::Auto, EngineChoice::DancingLinks] {
        let mut solver = Solver::with_engine(&common::two_queens(4), engine, None).unwrap();
        assert_eq!(solver.engine_name(), "dlx");
        assert_eq!(solver.count(), 11);
    }
}

#[test]
fn n_queens_matches_a000170() {
    let expected = [1u64, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..).zip(expected.iter()) {
        for engine in BOTH {
            let mut solver = Solver::with_engine(&common::queens(n), engine, None).unwrap();
            assert_eq!(solver.count(), count, "n = {n}, {engine:?}");
        }
    }
}

#[test]
fn two_n_queens_matches_a225623() {
    let expected = [1u64, 2, 11, 92, 1097];
    for (n, &count) in (2..).zip(expected.iter()) {
        assert_eq!(
            Solver::new(&common::two_queens(n)).count(),
            count,
            "n = {n}"
        );
    }
}

#[test]
fn langford_pairs_match_a014552_doubled() {
    // A014552: 0, 0, 1, 1, 0, 0, 26, 150, 0 for n = 1..9 (mirror pairs once).
    let expected = [0u64, 0, 1, 1, 0, 0, 26, 150];
    for (n, &count) in (1..).zip(expected.iter()) {
        for engine in BOTH {
            let mut solver = Solver::with_engine(&common::langford(n), engine, None).unwrap();
            assert_eq!(solver.count(), 2 * count, "n = {n}, {engine:?}");
        }
    }
}

#[test]
fn pentominoes_on_8x8_minus_centre() {
    let p = common::pentominoes(&common::board_8x8_minus_centre());
    for (engine, name) in BOTH.into_iter().zip(["bitset", "dlx"]) {
        let mut solver = Solver::with_engine(&p, engine, None).unwrap();
        assert_eq!(solver.count(), 520, "{engine:?}");
        assert_eq!(solver.engine_name(), name);
    }
    // The automatic choice takes the bitset engine here, dancing links on
    // domino tilings (an option conflicts with about 6 others).
    assert_eq!(Solver::new(&p).engine_name(), "bitset");
    assert_eq!(Solver::new(&common::queens(8)).engine_name(), "bitset");
    assert_eq!(Solver::new(&common::langford(8)).engine_name(), "bitset");
    assert_eq!(Solver::new(&common::dominoes(8, 8)).engine_name(), "dlx");
    assert_eq!(Solver::new(&common::two_queens(4)).engine_name(), "dlx");
}

#[test]
fn iteration_and_count_agree_and_solutions_are_exact_covers() {
    let p = common::queens(8);
    let solutions: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
    assert_eq!(solutions.len(), 92);
    for s in &solutions {
        let mut rows = [0; 8];
        let mut cols = [0; 8];
        for &o in s {
            rows[o / 8] += 1;
            cols[o % 8] += 1;
        }
        assert_eq!(rows, [1; 8]);
        assert_eq!(cols, [1; 8]);
    }
}

#[test]
fn seeded_order_is_reproducible_and_complete() {
    let p = common::queens(6);
    let a: Vec<Vec<usize>> = Solver::with_seed(&p, 7).solutions().collect();
    let b: Vec<Vec<usize>> = Solver::with_seed(&p, 7).solutions().collect();
    assert_eq!(a, b);
    let mut sorted_a: Vec<Vec<usize>> = a
        .into_iter()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    sorted_a.sort();
    let mut plain: Vec<Vec<usize>> = Solver::new(&p)
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    plain.sort();
    assert_eq!(sorted_a, plain);
    // Different seeds give different first solutions for at least one of a few seeds.
    let first = |seed| {
        Solver::with_seed(&common::queens(8), seed)
            .solutions()
            .next()
            .unwrap()
    };
    assert!((1..6).any(|seed| first(seed) != first(0)));
}

#[test]
fn deep_search_thousands_of_levels() {
    // A chain: item k is covered by option {k} or by {k, k+1} pairs; with 5000
    // items the only solutions use thousands of levels. Count = Fibonacci.
    let n = 5000;
    let mut p = Problem::with_items(n, 0);
    for k in 0..n {
        p.add_option([k]).unwrap();
    }
    let mut solver = Solver::new(&p);
    assert_eq!(solver.step(u64::MAX), Step::Solution);
    assert_eq!(solver.solution().len(), n);
    assert_eq!(solver.depth(), n);
    assert_eq!(solver.step(u64::MAX), Step::Exhausted);

    let m = 30;
    let mut p = Problem::with_items(m, 0);
    for k in 0..m {
        p.add_option([k]).unwrap();
        if k + 1 < m {
            p.add_option([k, k + 1]).unwrap();
        }
    }
    // Tilings of a 1 x 30 strip by monominoes and dominoes: F(31).
    assert_eq!(Solver::new(&p).count(), 1_346_269);
}

#[test]
fn search_trees_keep_their_size() {
    // Node counts of the engine before issue 11 (the same tree as Knuth's
    // dlx1 and dlx3 walk, items in the problem's order): the O(1) dead ends
    // and the early stop of X5 must not change the tree.
    let cases = [
        (common::queens(12), 14_200, 327_813),
        (common::langford(11), 35_584, 439_747),
        (common::two_queens(7), 19_448, 176_903),
    ];
    for (problem, count, nodes) in cases {
        let mut solver = Solver::with_engine(&problem, EngineChoice::DancingLinks, None).unwrap();
        assert_eq!(solver.count(), count);
        assert_eq!(solver.stats().nodes, nodes);
        // The bitset engine walks the same tree but does not enter the
        // children it finds dead: fewer nodes, the same count.
        // (2n-queens has multiplicities: it does not fit.)
        if let Ok(mut solver) = Solver::with_engine(&problem, EngineChoice::Bitset, None) {
            assert_eq!(solver.count(), count);
            assert!(solver.stats().nodes < nodes);
        }
    }
}

#[test]
fn forced_chain_of_a_million_items() {
    // Every node has one branch: with an O(items) choice of item this is
    // quadratic (10^12 steps); benches/RESULTS.md has its time.
    let n = 1_000_000;
    let mut solver = Solver::new(&common::forced_chain(n));
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes, n as u64 + 1);
    // The memo's trial (MemoMode::Auto) gives up on keys of 15,626 words
    // at once instead of after its first check (seconds, and half a gigabyte).
    let mut solver = Solver::new(&common::forced_chain(n));
    assert_eq!(
        common::count_memo(&mut solver, MemoOptions::default()),
        1u64.into()
    );
    assert!(!solver.memo_stats().active);
    assert!(solver.memo_stats().lookups < 100);
}

#[test]
fn paused_search_resumes_without_loss() {
    let p = common::queens(8);
    let mut solver = Solver::new(&p);
    let mut total = 0;
    let mut pauses = 0;
    loop {
        match solver.count_step(3, u64::MAX) {
            (found, Step::Paused) => {
                total += found;
                pauses += 1;
                solver.check_invariants().unwrap();
            }
            (found, Step::Exhausted) => {
                total += found;
                break;
            }
            (_, Step::Solution) => unreachable!("no limit was given"),
        }
    }
    assert_eq!(total, 92);
    assert!(pauses > 100);
    assert_eq!(solver.stats().solutions, 92);
}

#[test]
fn count_with_limit_stops_and_resumes() {
    let p = common::queens(8);
    let mut solver = Solver::new(&p);
    assert_eq!(solver.count_step(u64::MAX, 10), (10, Step::Solution));
    assert_eq!(solver.count(), 82);
}

#[test]
fn forced_options() {
    let p = common::queens(8);
    // A queen at (0, 0): 4 of the 92 solutions.
    let mut solver = Solver::new(&p);
    assert!(solver.force(0).unwrap());
    let solutions: Vec<Vec<usize>> = solver.solutions().collect();
    assert_eq!(solutions.len(), 4);
    assert!(solutions.iter().all(|s| s[0] == 0));
    // Two queens in the same row contradict each other.
    let mut solver = Solver::new(&p);
    assert!(solver.force(0).unwrap());
    assert!(!solver.force(1).unwrap());
    assert_eq!(solver.count(), 0);
    // Errors.
    let mut solver = Solver::new(&p);
    assert!(solver.force(64).is_err());
    solver.step(1);
    assert_eq!(solver.force(0), Err(exactcover::Error::SearchStarted));
}

#[test]
fn no_primary_items_has_the_empty_solution() {
    let mut p = Problem::with_items(0, 2);
    p.add_option([0, 1]).unwrap();
    let solutions: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
    assert_eq!(solutions, vec![Vec::<usize>::new()]);
}

#[test]
fn problem_errors() {
    use exactcover::{Error, Item};
    let mut p = Problem::with_items(2, 0);
    assert_eq!(p.add_option([]), Err(Error::EmptyOption { option: 0 }));
    assert_eq!(
        p.add_option([0, 0]),
        Err(Error::DuplicateItem { option: 0, item: 0 })
    );
    assert_eq!(
        p.add_option([0, 5]),
        Err(Error::UnknownItem { option: 0, item: 5 })
    );
    assert_eq!(p.num_options(), 0);
    assert_eq!(p.num_entries(), 0);
    assert_eq!(p.add_option([1, 0]), Ok(0));
    assert!(matches!(
        p.add_item(Item {
            primary: true,
            lo: 3,
            hi: 2
        }),
        Err(Error::InvalidBounds { .. })
    ));
    assert!(matches!(
        p.add_item(Item {
            primary: false,
            lo: 1,
            hi: 2
        }),
        Err(Error::InvalidBounds { .. })
    ));
    for e in [
        Error::EmptyOption { option: 1 },
        Error::DuplicateItem { option: 1, item: 2 },
        Error::InvalidBounds {
            item: 0,
            lo: 3,
            hi: 2,
        },
        Error::InvalidBounds {
            item: 0,
            lo: 1,
            hi: 2,
        },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn parallel_counts_equal_serial_counts() {
    // Searches of a few milliseconds end before other threads start;
    // 2n-queens-7 (177,000 nodes) and the pentominoes below are shared.
    let cases = [
        (common::queens(9), 352u64),
        (common::two_queens(6), 1097),
        (common::langford(8), 300),
        (common::queens(10), 724),
        (common::two_queens(7), 19448),
    ];
    for (problem, expected) in cases {
        for threads in [1, 2, 3] {
            let mut solver = Solver::new(&problem);
            assert_eq!(
                common::count_threads(&mut solver, threads).unwrap(),
                expected
            );
            assert!(solver.is_exhausted());
            assert_eq!(solver.stats().solutions, expected);
        }
    }
    let pentominoes = common::pentominoes(&common::board_8x8_minus_centre());
    assert_eq!(
        common::count_threads(&mut Solver::new(&pentominoes), 2).unwrap(),
        520
    );
    // With an initial choice: a queen in the corner.
    let mut solver = Solver::new(&common::queens(8));
    solver.force(0).unwrap();
    assert_eq!(common::count_threads(&mut solver, 2).unwrap(), 4);
    // After the search has started on this thread too (queens take the
    // bitset engine, which hands what is left to the threads), the initial
    // choice kept.
    let mut started = Solver::new(&common::queens(8));
    started.force(0).unwrap();
    let (found, _) = started.count_step(5, u64::MAX);
    assert_eq!(found + common::count_threads(&mut started, 2).unwrap(), 4);
}

#[test]
fn parallel_count_stops_when_asked() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let mut solver = Solver::new(&common::queens(20));
    let result = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        let options = CountOptions {
            threads: 2,
            ..CountOptions::default()
        };
        solver
            .count_with(&options, |_| {
                if stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap()
    });
    assert_eq!(result.outcome, Outcome::Stopped);
    assert!(!solver.is_exhausted());
}

/// The solution iterators are fused (`FusedIterator`): once they return
/// `None` they keep returning it, so `Iterator::fuse` costs nothing.
#[test]
fn solution_iterators_are_fused() {
    fn fused<I: std::iter::FusedIterator>(iter: I) -> I {
        iter
    }
    let mut p = Problem::with_items(2, 0);
    p.add_option([0, 1]).unwrap();
    let mut solver = Solver::new(&p);
    let mut solutions = fused(solver.solutions());
    assert_eq!(solutions.next(), Some(vec![0]));
    assert_eq!((solutions.next(), solutions.next()), (None, None));
    let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
    let mut solutions = fused(graph.solutions());
    assert_eq!(solutions.next(), Some(vec![0]));
    assert_eq!((solutions.next(), solutions.next()), (None, None));
}
