//! Memoized counting and the solution graph against known counts and against
//! the enumerating search (the random-problem oracle is in `oracle.rs`).

mod common;

use std::ops::ControlFlow;

use exactcover::{
    Count, CountOptions, Error, MemoMode, MemoOptions, MemoPool, Outcome, Problem, Solver,
};

use common::dominoes;

fn always() -> MemoOptions {
    MemoOptions {
        mode: MemoMode::Always,
        ..MemoOptions::default()
    }
}

#[test]
fn domino_tilings_of_squares_match_oeis_a004003() {
    // A004003: 1, 2, 36, 6728, 12988816, 258584046368.
    for (n, expected) in [
        (2, 2u64),
        (4, 36),
        (6, 6728),
        (8, 12_988_816),
        (10, 258_584_046_368),
    ] {
        let mut solver = Solver::new(&dominoes(n, n));
        assert_eq!(
            common::count_memo(&mut solver, always()).to_u64(),
            Some(expected),
            "{n}x{n}"
        );
        // Far fewer sub-problems than solutions.
        assert!(
            solver.memo_stats().entries < 10_000,
            "{:?}",
            solver.memo_stats()
        );
    }
}

#[test]
fn counts_past_u64_are_exact() {
    // Domino tilings of a 2 x n strip are Fibonacci numbers: F(n + 1).
    let n = 120;
    let (mut a, mut b) = (Count::ONE, Count::ONE); // F(1), F(2)
    for _ in 2..=n {
        let next = a.clone() + &b;
        a = b;
        b = next;
    }
    assert!(b.to_u64().is_none());
    assert_eq!(b.to_string(), "8670007398507948658051921");
    let mut solver = Solver::new(&dominoes(2, n));
    assert_eq!(common::count_memo(&mut solver, MemoOptions::default()), b);
    // The statistics saturate rather than wrap.
    assert_eq!(solver.stats().solutions, u64::MAX);
    let graph = Solver::new(&dominoes(2, n))
        .solution_graph(1 << 24)
        .unwrap();
    assert_eq!(graph.count(), &b);
    // A random tiling is a tiling: it covers every cell once.
    let mut covered = vec![0; 2 * n];
    let p = dominoes(2, n);
    for option in graph.sample(3) {
        for cell in p.option(option) {
            covered[cell] += 1;
        }
    }
    assert!(covered.iter().all(|&c| c == 1));
}

#[test]
fn memoized_and_enumerating_counts_agree_on_the_benchmarks() {
    let problems = [
        common::pentominoes(&common::rectangle(3, 20)),
        common::langford(8),
        common::queens(9),
        common::two_queens(6),
    ];
    for p in &problems {
        let expected = Solver::new(p).count();
        for mode in [MemoMode::Auto, MemoMode::Always, MemoMode::Never] {
            let options = MemoOptions {
                mode,
                ..MemoOptions::default()
            };
            let mut solver = Solver::new(p);
            assert_eq!(
                common::count_memo(&mut solver, options).to_u64(),
                Some(expected)
            );
        }
    }
}

#[test]
fn a_tiny_memory_cap_makes_room_in_the_table_and_keeps_counting_right() {
    let options = MemoOptions {
        mode: MemoMode::Always,
        max_bytes: 4096,
        ..MemoOptions::default()
    };
    let mut solver = Solver::new(&dominoes(6, 6));
    assert_eq!(
        common::count_memo(&mut solver, options).to_u64(),
        Some(6728)
    );
    let stats = solver.memo_stats();
    assert!(stats.evictions > 0, "{stats:?}");
    assert!(stats.peak_bytes <= 4096, "{stats:?}");
    // Room made, never emptied: the table is not empty at the end.
    assert!(stats.entries > 0, "{stats:?}");
    assert!(stats.evicted >= stats.evictions, "{stats:?}");
}

#[test]
fn making_room_keeps_counts_past_u64_with_their_entries() {
    // Fibonacci counts of 2 x n strips pass 2^63 from n = 91 on: under a
    // tiny cap, entries holding them are thinned, kept or replaced, and the count
    // stays exact.
    let n = 120;
    let mut expected = Solver::new(&dominoes(2, n));
    let expected = common::count_memo(&mut expected, MemoOptions::default());
    assert!(expected.to_u64().is_none());
    for max_bytes in [2048, 3000, 5000] {
        let options = MemoOptions {
            mode: MemoMode::Always,
            max_bytes,
            ..MemoOptions::default()
        };
        let mut solver = Solver::new(&dominoes(2, n));
        assert_eq!(common::count_memo(&mut solver, options), expected);
        let stats = solver.memo_stats();
        assert!(
            stats.evictions > 0 && stats.peak_bytes <= max_bytes as u64,
            "{stats:?}"
        );
    }
}

#[test]
fn the_graph_cap_bounds_nodes_and_edges_too() {
    // One item, 200,000 options: a table of one entry, but a root node of
    // 200,000 edges (1.6 MB). A cap of 10,000 bytes refuses it.
    let mut p = Problem::with_items(1, 0);
    for _ in 0..200_000 {
        p.add_option([0]).unwrap();
    }
    let err = Solver::new(&p).solution_graph(10_000).unwrap_err();
    assert_eq!(err, Error::MemoryCap { max_bytes: 10_000 });
    let graph = Solver::new(&p).solution_graph(1 << 24).unwrap();
    assert_eq!(graph.count().to_u64(), Some(200_000));
    // Under a cap that it fits, the graph and everything built beside it
    // stayed within the cap.
    let p = dominoes(6, 6);
    let whole = Solver::new(&p).solution_graph(1 << 30).unwrap();
    let cap = whole.memory_bytes() * 4;
    let mut builder = Solver::new(&p).graph_builder(cap).unwrap();
    while !builder.step(1000).unwrap() {}
    assert!(builder.stats().1.peak_bytes as usize <= cap);
    assert_eq!(builder.finish().count().to_u64(), Some(6728));
}

#[test]
fn the_graph_refuses_to_outgrow_its_cap() {
    let err = Solver::new(&dominoes(8, 8))
        .solution_graph(10_000)
        .unwrap_err();
    assert_eq!(err, Error::MemoryCap { max_bytes: 10_000 });
}

#[test]
fn auto_counts_in_slices_that_end_at_its_checkpoints() {
    // Slices of 16 nodes end exactly where MemoMode::Auto checks (16, 32,
    // ... lookups): the check must not stop the search from going on.
    for budget in [1, 16] {
        let mut solver = Solver::new(&dominoes(6, 6));
        let options = CountOptions {
            nodes_per_slice: Some(budget),
            ..CountOptions::default()
        };
        let mut slices = 0;
        let counted = solver
            .count_with(&options, |_| {
                slices += 1;
                assert!(slices < 1_000_000, "no progress with budget {budget}");
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(counted.outcome, Outcome::Complete);
        assert_eq!(solver.solutions_counted().to_u64(), Some(6728));
    }
}

#[test]
fn counting_in_slices_and_after_the_search_started() {
    let p = dominoes(6, 6);
    let mut solver = Solver::new(&p);
    let in_slices = |nodes| CountOptions {
        memo: always(),
        nodes_per_slice: Some(nodes),
        ..CountOptions::default()
    };
    let mut slices = 0;
    let counted = solver
        .count_with(&in_slices(7), |progress| {
            slices += 1;
            assert!(progress.solutions.to_u64().unwrap() <= 6728);
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(slices > 10);
    assert_eq!(counted.count.to_u64(), Some(6728));
    assert_eq!(solver.solutions_counted().to_u64(), Some(6728));
    // Interrupting a memoized count to iterate: nothing is counted twice.
    let mut solver = Solver::new(&p);
    let stopped = solver
        .count_with(&in_slices(60), |_| ControlFlow::Break(()))
        .unwrap();
    assert_eq!(stopped.outcome, Outcome::Stopped);
    let yielded = solver.solutions().take(3).count();
    assert_eq!(yielded, 3);
    let rest = common::count_memo(&mut solver, MemoOptions::default())
        .to_u64()
        .unwrap();
    assert_eq!(solver.solutions_counted().to_u64(), Some(6728));
    assert!(rest < 6728 - 3);
    // A solver that has yielded solutions counts the rest with the memo too:
    // what it has not explored, as subtrees of a fresh search (it went on
    // in place without the memo: 8 x 8 took 2.7 s instead of 0.3 ms).
    let mut solver = Solver::new(&p);
    let first: Vec<_> = solver.solutions().take(5).collect();
    assert_eq!(first.len(), 5);
    assert_eq!(
        common::count_memo(&mut solver, MemoOptions::default()).to_u64(),
        Some(6728 - 5)
    );
    assert!(solver.memo_stats().hits > 0);
    assert_eq!(solver.solutions_counted().to_u64(), Some(6728));
}

#[test]
fn auto_drops_the_memo_where_states_rarely_repeat() {
    let mut solver = Solver::new(&common::queens(12));
    assert_eq!(
        common::count_memo(&mut solver, MemoOptions::default()).to_u64(),
        Some(14_200)
    );
    let stats = solver.memo_stats();
    assert!(!stats.active, "{stats:?}");
    assert_eq!(stats.entries, 0);
    let mut solver = Solver::new(&dominoes(12, 12));
    assert_eq!(
        common::count_memo(&mut solver, MemoOptions::default()).to_u64(),
        Some(53_060_477_521_960_000)
    );
    assert!(solver.memo_stats().active);
}

#[test]
fn the_graph_lists_the_search_solutions() {
    let p = common::langford(7);
    let mut expected: Vec<Vec<usize>> = Solver::new(&p)
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    expected.sort();
    let graph = Solver::new(&p).solution_graph(1 << 24).unwrap();
    let mut listed: Vec<Vec<usize>> = graph
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    listed.sort();
    assert_eq!(listed, expected);
    assert!(graph.num_nodes() > 1 && graph.num_edges() >= graph.num_nodes() - 1);
    assert!(graph.memory_bytes() > 0);
}

#[test]
fn samples_are_uniform() {
    // 36 tilings of the 4 x 4 board, 36,000 draws: a chi-square test with 35
    // degrees of freedom (the 99.99% point is about 72).
    let p = dominoes(4, 4);
    let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
    let all: Vec<Vec<usize>> = graph
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    assert_eq!(all.len(), 36);
    let draws = 36_000;
    let mut seen = vec![0u32; all.len()];
    for mut s in graph.sample_many(draws, 11) {
        s.sort();
        seen[all.iter().position(|t| *t == s).unwrap()] += 1;
    }
    let expected = draws as f64 / 36.0;
    let chi2: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 72.0, "chi-square {chi2}: {seen:?}");
    // Reproducible by seed.
    assert_eq!(graph.sample_many(5, 1), graph.sample_many(5, 1));
    assert_ne!(graph.sample_many(5, 1), graph.sample_many(5, 2));
}

#[test]
fn always_memoizing_a_search_started_without_its_memo_memoizes_the_rest() {
    // It was refused (`Error::Unsupported`): now what the search has not
    // explored is counted as subtrees of a fresh search, memoized.
    let always = MemoOptions {
        mode: MemoMode::Always,
        ..MemoOptions::default()
    };
    let never = MemoOptions {
        mode: MemoMode::Never,
        ..MemoOptions::default()
    };
    for (stepped_by, first) in [("a solution", 1u64), ("a count without the memo", 0)] {
        let mut solver = Solver::new(&dominoes(6, 6));
        let found = if first == 1 {
            assert!(solver.solutions().next().is_some());
            1
        } else {
            let stopped = solver
                .count_with(
                    &CountOptions {
                        memo: never,
                        nodes_per_slice: Some(50),
                        ..CountOptions::default()
                    },
                    |_| ControlFlow::Break(()),
                )
                .unwrap();
            assert_eq!(stopped.outcome, Outcome::Stopped, "{stepped_by}");
            stopped.count.to_u64().unwrap()
        };
        let options = CountOptions {
            memo: always,
            ..CountOptions::default()
        };
        let rest = common::count_with(&mut solver, &options).unwrap();
        assert_eq!(found + rest.count.to_u64().unwrap(), 6728, "{stepped_by}");
        assert!(solver.memo_stats().hits > 0, "{stepped_by}");
    }
    // Threads stopped while yielding solutions: their searches become
    // subtrees too (they counted on without the memo, `Always` included).
    for memo in [always, MemoOptions::default()] {
        let mut solver = Solver::new(&dominoes(6, 8));
        let taken = solver.solutions_on_threads(2).unwrap().take(3).count() as u64;
        let rest = common::count_memo(&mut solver, memo).to_u64().unwrap();
        assert_eq!(taken + rest, 167_089, "{memo:?}");
        assert!(solver.memo_stats().hits > 0, "{memo:?}");
    }
    let mut solver = Solver::new(&dominoes(6, 6));
    assert!(solver.solutions().next().is_some());
    assert_eq!(
        common::count_memo(&mut solver, MemoOptions::default()).to_u64(),
        Some(6727)
    );
    // Nothing left: memo or not, 0.
    assert_eq!(common::count_memo(&mut solver, always).to_u64(), Some(0));
    // A memoized count stopped between slices goes on memoizing.
    let mut solver = Solver::new(&dominoes(6, 6));
    let stopped = solver
        .count_with(
            &CountOptions {
                memo: always,
                nodes_per_slice: Some(10),
                ..CountOptions::default()
            },
            |_| ControlFlow::Break(()),
        )
        .unwrap();
    assert_eq!(stopped.outcome, Outcome::Stopped);
    let rest = common::count_memo(&mut solver, always);
    assert_eq!(stopped.count + &rest, Count::from(6728u64));
    assert!(solver.memo_stats().hits > 0);
}

/// The tasks of a distributed count share what they solve: domino tilings
/// of 6 x 8 counted as subtrees through one [`MemoPool`] (pentominoes:
/// `tests/test_memo_pool.py`, on the release build)
/// store fewer sub-problems than the same tasks with a memo each (what keys
/// that held their task's root would store, never meeting across tasks),
/// and count the same.
#[test]
fn tasks_through_one_pool_store_each_sub_problem_once() {
    for (problem, expected, pieces) in [(dominoes(6, 8), 167_089, 32)] {
        let root = Solver::new(&problem);
        let tasks = root.split(pieces).unwrap();
        assert!(tasks.len() >= pieces);
        let pool = MemoPool::new();
        let (mut shared_total, mut own_total, mut own_entries) = (0, 0, 0);
        for task in &tasks {
            let mut alone = root.clone();
            let mut shared = root.clone();
            if !alone.restrict(task).unwrap() || !shared.restrict(task).unwrap() {
                continue;
            }
            own_total += common::count_memo(&mut alone, always()).to_u64().unwrap();
            own_entries += alone.memo_stats().entries;
            let memo = pool.lend(&mut shared, &always());
            shared_total += common::count_memo(&mut shared, memo).to_u64().unwrap();
            pool.take_back(&mut shared);
        }
        assert_eq!((shared_total, own_total), (expected, expected));
        let stored = pool.stats().entries;
        eprintln!(
            "{} tasks: {stored} sub-problems through one pool, {own_entries} with a memo each",
            tasks.len()
        );
        assert!(
            stored > 0 && stored < own_entries,
            "{stored} >= {own_entries}"
        );
        assert!(pool.stats().hits > 0);
        // One task at a time: the pool holds one memo, which a task of
        // another problem of the same size cannot take (its format's
        // fingerprint differs): 8 x 6 has as many cells and dominoes.
        let other = dominoes(8, 6);
        assert_eq!(other.num_options(), problem.num_options());
        let mut lent = Solver::new(&other);
        assert_eq!(pool.lend(&mut lent, &always()).mode, MemoMode::Always);
        assert_eq!(lent.memo_stats().entries, 0);
        assert_eq!(pool.stats().entries, 0);
        assert_eq!(
            common::count_memo(&mut lent, always()).to_u64(),
            Some(expected)
        );
    }
}

/// Keys of Algorithm M are the same under every root: forcing an option of
/// an item of bound 2 lowers its bound at the root, and the memo of that
/// task still serves the next.
#[test]
fn a_memo_passes_between_roots_of_a_problem_with_multiplicities() {
    let problem = common::two_queens(6);
    let root = Solver::new(&problem);
    let pool = MemoPool::new();
    let mut total = 0;
    let mut lent = 0;
    for task in root.split(20).unwrap() {
        let mut solver = root.clone();
        if !solver.restrict(&task).unwrap() {
            continue;
        }
        let memo = pool.lend(&mut solver, &always());
        lent += u64::from(solver.memo_stats().entries > 0);
        total += common::count_memo(&mut solver, memo).to_u64().unwrap();
        pool.take_back(&mut solver);
    }
    assert_eq!(total, Solver::new(&problem).count());
    assert!(lent > 1);
}

/// Under a cap of an eighth of what the memo takes unbounded, domino
/// tilings (few children per node) are thinned by depth: only every second,
/// fourth... level is looked up and stored, no sub-problem is lost whole,
/// and the search stays within twice the unbounded nodes (it used to
/// re-search subtrees of subtrees and take minutes). Pentominoes (many
/// children per node) too stay within twice.
#[test]
fn a_capped_memo_thins_by_depth_where_nodes_have_few_children() {
    for problem in [
        dominoes(10, 10),
        common::pentominoes(&common::board_8x8_minus_centre()),
    ] {
        let mut unbounded = Solver::new(&problem);
        let expected = common::count_memo(&mut unbounded, always());
        let peak = unbounded.memo_stats().peak_bytes as usize;
        let mut capped = Solver::new(&problem);
        let options = MemoOptions {
            max_bytes: peak / 8,
            ..always()
        };
        assert_eq!(common::count_memo(&mut capped, options), expected);
        let memo = capped.memo_stats();
        assert!(memo.evictions > 0 && memo.peak_bytes as usize <= peak / 8);
        let nodes = capped.stats().nodes as f64 / unbounded.stats().nodes as f64;
        assert!(nodes <= 2.0, "{nodes:.2}x the nodes");
    }
}

/// A full table makes room entry by entry: each new entry replaces one (the
/// least work near its slot), so the table keeps counting exactly and stays
/// full instead of emptying. Langford pairs (many children a node: no
/// thinning by depth) and 2 x n strips (thinnings by depth first; counts
/// past u64 replaced and their places reused).
#[test]
fn a_full_table_replaces_entry_by_entry_and_counts_exactly() {
    for (problem, max_bytes) in [
        (common::langford(8), 3000),
        (common::langford(9), 8000),
        (dominoes(2, 120), 1800),
    ] {
        let mut unbounded = Solver::new(&problem);
        let expected = common::count_memo(&mut unbounded, always());
        let mut capped = Solver::new(&problem);
        let options = MemoOptions {
            max_bytes,
            ..always()
        };
        assert_eq!(common::count_memo(&mut capped, options), expected);
        let stats = capped.memo_stats();
        assert!(stats.peak_bytes <= max_bytes as u64, "{stats:?}");
        // Turned over many times, yet full at the end: the entries dropped
        // beyond one per eviction (those of thinnings by depth, which drop
        // the levels no longer looked up) are a few tables' worth at most.
        assert!(stats.evictions > 4 * stats.entries, "{stats:?}");
        assert!(stats.entries > 0, "{stats:?}");
        assert!(
            stats.evicted - stats.evictions <= 4 * stats.entries,
            "{stats:?}"
        );
    }
}

#[test]
fn a_memoized_count_then_a_count_on_threads_counts_none_more() {
    // The second count's threads settle without the first count's memo:
    // the solutions it counted stay counted (they were dropped, and the
    // count since "before" went negative: a panic).
    let p = dominoes(6, 6);
    let mut solver = Solver::new(&p);
    let first = solver.count_with(&CountOptions::default(), |_| ControlFlow::Continue(()));
    assert_eq!(first.unwrap().count.to_u64(), Some(6728));
    let threads = CountOptions {
        threads: 2,
        ..CountOptions::default()
    };
    let again = solver
        .count_with(&threads, |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(again.count.to_u64(), Some(0));
    assert_eq!(solver.solutions_counted().to_u64(), Some(6728));
    let mut solver = Solver::new(&p);
    solver
        .count_with(&CountOptions::default(), |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(solver.solutions_on_threads(2).unwrap().count(), 0);
    assert_eq!(solver.solutions_counted().to_u64(), Some(6728));
}

#[test]
fn a_graph_of_no_solution_draws_none() {
    let mut p = Problem::with_items(2, 0);
    p.add_option([0]).unwrap();
    let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
    assert!(graph.count().is_zero());
    assert_eq!(graph.sample_weighted(&[1.0], 3, 1), None);
    assert!(graph.sample_many(3, 1).is_empty());
    assert!(graph.sample(1).is_empty());
    // Contradictory forced options: no solution either (they were drawn).
    let mut p = Problem::with_items(1, 0);
    p.add_option([0]).unwrap();
    p.add_option([0]).unwrap();
    let mut solver = Solver::new(&p);
    solver.force(0).unwrap();
    solver.force(1).unwrap();
    let graph = solver.solution_graph(1 << 20).unwrap();
    assert!(graph.count().is_zero());
    assert_eq!(graph.sample_weighted(&[1.0, 1.0], 2, 1), None);
    assert!(graph.sample_many(2, 1).is_empty());
}

#[test]
fn a_forced_option_of_weight_zero_leaves_none_to_draw() {
    // A forced option is in every solution: its weight 0 makes every
    // solution weigh 0 (the draw went on, and gave it).
    let mut p = Problem::with_items(2, 0);
    p.add_option([0]).unwrap();
    p.add_option([1]).unwrap();
    let mut solver = Solver::new(&p);
    solver.force(0).unwrap();
    let graph = solver.solution_graph(1 << 20).unwrap();
    assert_eq!(graph.count().to_u64(), Some(1));
    assert_eq!(graph.sample_weighted(&[0.0, 1.0], 2, 1), None);
    assert_eq!(
        graph.sample_weighted(&[2.0, 1.0], 2, 1),
        Some(vec![vec![0, 1]; 2])
    );
}

#[test]
#[should_panic(expected = "every weight must be finite and nonnegative")]
fn a_weight_that_is_not_a_number_is_a_clear_panic() {
    let p = dominoes(2, 3);
    let graph = Solver::new(&p).solution_graph(1 << 20).unwrap();
    let mut weights = vec![1.0; p.num_options()];
    weights[0] = f64::NAN;
    let _ = graph.sample_weighted(&weights, 1, 1);
}
