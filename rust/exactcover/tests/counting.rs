//! The one counting entry, `Solver::count_with`: its options, alone and
//! together, its callback, and what it returns.

mod common;

use std::ops::ControlFlow;

use exactcover::{
    Count, CountOptions, EngineChoice, MemoMode, MemoOptions, Outcome, Progress, Solver, Step,
};

fn go_on(_: &Progress) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

fn memo(mode: MemoMode) -> MemoOptions {
    MemoOptions {
        mode,
        ..MemoOptions::default()
    }
}

#[test]
fn every_combination_that_works_counts_right() {
    // Queens 8 (92: the memo drops itself) and the 6 x 6 dominoes (6728: it
    // keeps it), on one thread and on two, with every memo mode.
    for (problem, expected) in [(common::queens(8), 92u64), (common::dominoes(6, 6), 6728)] {
        for threads in [1, 2] {
            for mode in [MemoMode::Auto, MemoMode::Always, MemoMode::Never] {
                let options = CountOptions {
                    threads,
                    memo: memo(mode),
                    ..CountOptions::default()
                };
                let mut solver = Solver::new(&problem);
                let counted = solver.count_with(&options, go_on).unwrap();
                assert_eq!(counted.count.to_u64(), Some(expected), "{threads} {mode:?}");
                assert_eq!(counted.outcome, Outcome::Complete);
                assert_eq!(counted.stats, solver.stats());
                assert_eq!(counted.memo, solver.memo_stats());
                assert!(solver.is_exhausted());
                assert_eq!(solver.stats().solutions, expected);
            }
        }
        // A limit, without the memo (Auto) or refusing it (Always).
        for limit in [0, 5, expected, expected + 1] {
            let options = CountOptions {
                limit: Some(limit),
                ..CountOptions::default()
            };
            let mut solver = Solver::new(&problem);
            let counted = solver.count_with(&options, go_on).unwrap();
            assert_eq!(counted.count.to_u64(), Some(limit.min(expected)));
            let outcome = if limit < expected {
                Outcome::Limit
            } else if limit == expected {
                // The limit is reached at the last solution.
                counted.outcome
            } else {
                Outcome::Complete
            };
            assert_eq!(counted.outcome, outcome, "limit {limit}");
            // The rest comes after.
            assert_eq!(solver.count(), expected - limit.min(expected));
        }
    }
}

#[test]
fn threads_with_a_limit_and_the_memo_with_a_limit_count_exactly_the_limit() {
    let p = common::queens(8);
    for threads in [1, 2, 4] {
        for mode in [MemoMode::Auto, MemoMode::Always, MemoMode::Never] {
            for (limit, outcome) in [
                (0, Outcome::Limit),
                (3, Outcome::Limit),
                (92, Outcome::Limit),
                (100, Outcome::Complete),
            ] {
                let options = CountOptions {
                    threads,
                    limit: Some(limit),
                    memo: memo(mode),
                    ..CountOptions::default()
                };
                let mut solver = Solver::new(&p);
                let counted = solver.count_with(&options, go_on).unwrap();
                let what = format!("{threads} threads, {mode:?}, limit {limit}");
                assert_eq!(counted.count.to_u64(), Some(limit.min(92)), "{what}");
                assert_eq!(counted.outcome, outcome, "{what}");
                // The rest, on threads: a memoized count within a limit
                // that counted on a copy leaves the search at its root.
                let rest = CountOptions {
                    threads: 2,
                    ..CountOptions::default()
                };
                let counted = solver.count_with(&rest, go_on).unwrap();
                assert_eq!(counted.count.to_u64(), Some(92 - limit.min(92)), "{what}");
            }
        }
    }
    // A search stepped on this thread goes on on threads (queens take the
    // bitset engine; dancing links: see the last test).
    let mut started = Solver::new(&p);
    assert_eq!(started.step(1), Step::Paused);
    let on_threads = CountOptions {
        threads: 2,
        ..CountOptions::default()
    };
    let counted = started.count_with(&on_threads, go_on).unwrap();
    assert_eq!(counted.count.to_u64(), Some(92));
}

#[test]
fn the_callback_sees_progress_and_can_stop_and_resume() {
    // Queens 11 (2680 solutions) in slices of 100 nodes: the figures never
    // go back, the fraction done grows to at most 1, and stopping every
    // third slice then going on counts every solution once.
    let p = common::queens(11);
    let options = CountOptions {
        memo: memo(MemoMode::Never),
        nodes_per_slice: Some(100),
        ..CountOptions::default()
    };
    let mut solver = Solver::new(&p);
    let mut total = Count::ZERO;
    let mut calls = 0;
    let mut last_fraction = 0.0;
    let mut stops = 0;
    loop {
        let mut last: Option<Progress> = None;
        let counted = solver
            .count_with(&options, |progress| {
                calls += 1;
                if let Some(last) = &last {
                    assert!(progress.nodes > last.nodes);
                    assert!(progress.solutions >= last.solutions);
                }
                let fraction = progress.fraction.expect("known on one thread");
                assert!((last_fraction..=1.0).contains(&fraction), "{fraction}");
                last_fraction = fraction;
                last = Some(progress.clone());
                if calls % 3 == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        total += &counted.count;
        if counted.outcome == Outcome::Complete {
            break;
        }
        assert_eq!(counted.outcome, Outcome::Stopped);
        stops += 1;
    }
    assert!(stops > 10, "{stops}");
    assert_eq!(total.to_u64(), Some(2680));
    assert_eq!(solver.solutions_counted().to_u64(), Some(2680));
}

#[test]
fn a_count_on_threads_stopped_keeps_every_threads_work() {
    // Queens 13 (73,712) on two threads, stopped at every fifth call and
    // resumed on 2, 1 and 3 threads in turn: the total is exact, and the
    // fraction done grows to 1. (Queens 12, a count of 30 ms, ended
    // within its second call here: the threads are watched every 2 ms.)
    let p = common::queens(13);
    let mut solver = Solver::new(&p);
    let mut total = Count::ZERO;
    let mut stops = 0;
    let mut last_fraction = 0.0;
    for threads in [2, 1, 3].into_iter().cycle() {
        let options = CountOptions {
            threads,
            memo: memo(MemoMode::Never),
            nodes_per_slice: Some(500),
            ..CountOptions::default()
        };
        let mut calls = 0;
        let counted = solver
            .count_with(&options, |progress| {
                calls += 1;
                let fraction = progress.fraction.expect("known on threads");
                assert!(fraction < 1.0, "{fraction}");
                last_fraction = fraction;
                if calls < 5 {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })
            .unwrap();
        total += &counted.count;
        assert_eq!(solver.solutions_counted(), total);
        if counted.outcome == Outcome::Complete {
            break;
        }
        assert_eq!(counted.outcome, Outcome::Stopped);
        assert!(!solver.is_exhausted());
        stops += 1;
    }
    assert!(stops >= 3, "{stops}");
    assert!(last_fraction > 0.5, "{last_fraction}");
    assert_eq!(total.to_u64(), Some(73_712));
    assert!(solver.is_exhausted());
    // Stopped once more and finished by stepping on this thread.
    let mut solver = Solver::new(&p);
    let options = CountOptions {
        threads: 2,
        memo: memo(MemoMode::Never),
        nodes_per_slice: Some(500),
        ..CountOptions::default()
    };
    let mut calls = 0;
    let counted = solver
        .count_with(&options, |_| {
            calls += 1;
            if calls < 3 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .unwrap();
    assert_eq!(counted.outcome, Outcome::Stopped);
    let before = counted.count.to_u64().unwrap();
    assert_eq!(before + solver.count(), 73_712);
}

#[test]
fn figures_stay_exact_past_2_to_the_64() {
    // Domino tilings of a 2 x 120 strip: F(121), past 2^64. Counted on two
    // threads, the solver's count is exact; its u64 statistics saturate.
    let n = 120;
    let (mut a, mut b) = (Count::ONE, Count::ONE);
    for _ in 2..=n {
        let next = a.clone() + &b;
        a = b;
        b = next;
    }
    let options = CountOptions {
        threads: 2,
        memo: memo(MemoMode::Always),
        ..CountOptions::default()
    };
    let mut solver = Solver::new(&common::dominoes(2, n));
    let counted = solver.count_with(&options, go_on).unwrap();
    assert_eq!(counted.count, b);
    assert_eq!(solver.solutions_counted(), b);
    assert_eq!(solver.stats().solutions, u64::MAX);
}

#[test]
#[should_panic(expected = "stop_threads: these threads were started by another solver")]
fn threads_are_stopped_by_the_solver_that_started_them() {
    // Another solver's threads (here a clone's) hold another search: kept
    // by this one, their work was added to its count.
    let p = common::queens(8);
    let mut solver = Solver::new(&p);
    let mut clone = solver.clone();
    let run = solver.start_threads(2).unwrap();
    clone.stop_threads(run);
}

/// A search stepped on this thread goes on on threads: its remainder goes
/// to the threads, as subtrees of a search that the engine makes again at
/// the root (dancing links refused, and went on on this thread only).
#[test]
fn a_search_stepped_on_this_thread_goes_on_on_threads() {
    let p = common::queens(9);
    for choice in [EngineChoice::Bitset, EngineChoice::DancingLinks] {
        for pause in [1, 50, 300] {
            let mut solver = Solver::with_engine(&p, choice, Some(7)).unwrap();
            let (found, _) = solver.count_step(pause, u64::MAX);
            let threads = CountOptions {
                threads: 2,
                ..CountOptions::default()
            };
            let counted = solver.count_with(&threads, go_on).unwrap();
            assert!(counted.is_complete());
            assert_eq!(found + counted.count.to_u64().unwrap(), 352);
            assert_eq!(solver.solutions_counted(), Count::from(352u64));
        }
    }
}

/// A solution that threads found and nobody took is, in the remainder, the
/// subtree of its options forced, none excluded where no other option can
/// join it (8-queens: every other option of the problem was listed). (The
/// proptest of the remainder in `oracle.rs` checks multiplicities, where
/// options can join a solution.)
#[test]
fn a_waiting_solution_is_a_subtree_of_its_own_options() {
    let queens = common::queens(8);
    let mut waiting = 0;
    for _ in 0..200 {
        let mut solver = Solver::new(&queens);
        assert_eq!(solver.solutions_on_threads(2).unwrap().take(1).count(), 1);
        let parts = solver.remainder(usize::MAX).unwrap();
        for part in parts.iter().filter(|p| p.forced.len() == 8) {
            assert!(part.excluded.is_empty(), "{part:?}");
            waiting += 1;
        }
        let rest: u64 = parts
            .iter()
            .map(|part| {
                let mut s = Solver::new(&queens);
                s.restrict(part).unwrap();
                s.count()
            })
            .sum();
        assert_eq!(rest, 91);
        if waiting > 0 {
            break;
        }
    }
    assert!(waiting > 0, "no solution was waiting in 200 runs");
}
