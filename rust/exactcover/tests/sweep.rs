//! The static sweep order against the brute-force oracle and known counts:
//! the bitset engine branching by a sweep (every path of the engine), the
//! fast memoized count of a sweep (its memo full, tiny, all-ones keys, and
//! stopped and resumed), the race of `OrderMode::Auto`, on random problems
//! with secondary items, at the word boundaries of the item sets, and on
//! pentominoes; and the tasks of a distributed count that sweep on one
//! thread (`Solver::count_subtrees_with`), their subtrees made by any
//! restrictions, stopped and resumed from their remainder, through one
//! memo pool.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use exactcover::bitset::BitsetEngine;
use exactcover::{
    CountOptions, EngineChoice, MemoMode, MemoOptions, MemoPool, OrderMode, Outcome, Problem,
    Solver, Step, Subtree,
};
use proptest::prelude::*;

mod common;

/// Every exact cover of `p`, by trying every subset of its options (the
/// oracle): sets of option numbers, sorted. An option without a primary
/// item is never chosen (as in Knuth's programs).
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let n = p.num_options();
    assert!(n <= 16, "the oracle tries every subset");
    let mut out = BTreeSet::new();
    'subsets: for mask in 0u32..1 << n {
        let mut used = vec![0u32; p.num_items()];
        for k in (0..n).filter(|&k| mask >> k & 1 == 1) {
            if !p.option(k).any(|i| p.item(i).primary) {
                continue 'subsets;
            }
            for i in p.option(k) {
                used[i] += 1;
            }
        }
        for (i, &count) in used.iter().enumerate() {
            let item = p.item(i);
            if count < item.lo || count > item.hi {
                continue 'subsets;
            }
        }
        out.insert((0..n).filter(|&k| mask >> k & 1 == 1).collect());
    }
    out
}

/// An order of some of `n` items (a shuffled prefix, maybe with repeats),
/// from random keys.
fn order_of(n: usize, keys: &[u64], keep: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| keys.get(i).copied().unwrap_or(0));
    order.truncate(keep.min(n));
    if let Some(&first) = order.first() {
        order.push(first);
    }
    order
}

/// Every solution of the engine, stepping `budget` nodes at a time and
/// checking its invariants at every pause; as sorted sets.
fn engine_solutions(engine: &mut BitsetEngine, budget: u64) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    loop {
        let (_, step) = engine.count_step(budget, 1);
        assert_eq!(engine.check_invariants(), Ok(()));
        match step {
            Step::Solution => {
                let mut s = Vec::new();
                engine.choices_into(&mut s);
                s.sort_unstable();
                assert!(out.insert(s), "a solution found twice");
            }
            Step::Paused => {}
            Step::Exhausted => return out,
        }
    }
}

/// The options of a count that sweeps, memoized as `mode` says in at most
/// `max_bytes`.
fn sweep_options(order: OrderMode, mode: MemoMode, max_bytes: usize) -> CountOptions {
    CountOptions {
        order,
        memo: MemoOptions {
            mode,
            max_bytes,
            ..MemoOptions::default()
        },
        ..CountOptions::default()
    }
}

/// The cells of a board of `rows` x `cols` (`common::dominoes`' items),
/// column by column: a sweep order.
fn by_columns(rows: usize, cols: usize) -> Vec<usize> {
    (0..cols)
        .flat_map(|c| (0..rows).map(move |r| r * cols + c))
        .collect()
}

/// A bitset solver of `p` with the sweep order `order`.
fn sweeper(p: &Problem, order: &[usize]) -> Solver {
    let mut solver = Solver::with_engine(p, EngineChoice::Bitset, None).unwrap();
    solver.set_sweep_order(order).unwrap();
    solver
}

/// The count of `solver` as `options` say, stopping after every slice of
/// `nodes` nodes and going on until it is complete; the counts of the
/// calls added up.
fn count_in_stops(solver: &mut Solver, options: &CountOptions, nodes: u64) -> u64 {
    let options = CountOptions {
        nodes_per_slice: Some(nodes),
        ..*options
    };
    let mut total = 0;
    for _ in 0..100_000 {
        let counted = solver
            .count_with(&options, |_| ControlFlow::Break(()))
            .unwrap();
        total += counted.count.to_u64().unwrap();
        if counted.outcome == Outcome::Complete {
            assert!(solver.is_exhausted());
            return total;
        }
    }
    panic!("the count never ends")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The engine branching by a sweep finds every solution once, whatever
    /// the order and the slices, its invariants holding at every pause.
    #[test]
    fn the_swept_engine_finds_the_oracles_solutions(
        p in common::problem_strategy(8, 14),
        keys in proptest::collection::vec(any::<u64>(), 8),
        keep in 0usize..9,
        budget in 1u64..20,
    ) {
        let expected = brute_force(&p);
        let order = order_of(p.num_items(), &keys, keep);
        let mut e = BitsetEngine::with_order(&p, None, Some(&order)).unwrap();
        prop_assert!(e.is_sweep());
        prop_assert_eq!(engine_solutions(&mut e, budget), expected.clone());
        prop_assert_eq!(e.stats().solutions, expected.len() as u64);
    }

    /// The fast count of a sweep, and the other counts in every order
    /// mode, agree with the oracle: with a table of any size (a tiny one
    /// replaces entries at every store), stopped after every few nodes and
    /// resumed, on threads, and under restrictions at the root.
    #[test]
    fn swept_counts_agree_with_the_oracle(
        p in common::problem_strategy(8, 14),
        keys in proptest::collection::vec(any::<u64>(), 8),
        keep in 0usize..9,
        nodes in 1u64..8,
        max_bytes in prop_oneof![Just(0usize), Just(64), Just(200), Just(1 << 20)],
    ) {
        let expected = brute_force(&p);
        let total = expected.len() as u64;
        let order = order_of(p.num_items(), &keys, keep);
        for mode in [OrderMode::Sweep, OrderMode::Auto, OrderMode::Mrv] {
            for memo in [MemoMode::Auto, MemoMode::Always, MemoMode::Never] {
                let options = sweep_options(mode, memo, max_bytes);
                let mut solver = sweeper(&p, &order);
                let counted = common::count_with(&mut solver, &options).unwrap();
                prop_assert_eq!(counted.count.to_u64(), Some(total));
                prop_assert!(counted.is_complete());
                if mode == OrderMode::Sweep {
                    prop_assert_eq!(solver.order_name(), "sweep");
                }
                if mode == OrderMode::Mrv {
                    prop_assert_eq!(solver.order_name(), "mrv");
                }
                let mut solver = sweeper(&p, &order);
                prop_assert_eq!(count_in_stops(&mut solver, &options, nodes), total);
                let mut solver = sweeper(&p, &order);
                let threads = CountOptions { threads: 2, nodes_per_slice: Some(nodes), ..options };
                prop_assert_eq!(
                    common::count_with(&mut solver, &threads).unwrap().count.to_u64(),
                    Some(total)
                );
            }
        }
        // Under a restriction: the solutions with the first option, and
        // those without it.
        if p.num_options() > 0 && p.option(0).any(|i| p.item(i).primary) {
            let options = sweep_options(OrderMode::Sweep, MemoMode::Always, max_bytes);
            let with = expected.iter().filter(|s| s.contains(&0)).count() as u64;
            let mut solver = sweeper(&p, &order);
            let possible = solver.restrict(&Subtree { forced: vec![0], excluded: vec![] }).unwrap();
            let counted = common::count_with(&mut solver, &options).unwrap().count.to_u64();
            prop_assert_eq!(if possible { counted } else { Some(0) }, Some(with));
            let mut solver = sweeper(&p, &order);
            solver.restrict(&Subtree { forced: vec![], excluded: vec![0] }).unwrap();
            let counted = common::count_with(&mut solver, &options).unwrap().count.to_u64();
            prop_assert_eq!(counted, Some(total - with));
        }
    }
}

/// Items `n`, the last three secondary: each primary item alone, pairs
/// around the word boundaries 64 and 128, and pairs with a secondary item.
fn boundary_problem(n: usize) -> Problem {
    let primary = n - 3;
    let mut p = Problem::with_items(primary, 3);
    for i in 0..primary {
        p.add_option([i]).unwrap();
    }
    for i in (62..66)
        .chain(126..130)
        .chain(primary.saturating_sub(4)..primary)
    {
        if i + 1 < primary {
            p.add_option([i, i + 1]).unwrap();
        }
    }
    for i in (62..66).filter(|&i| i < primary) {
        p.add_option([i, primary + i % 3]).unwrap();
    }
    p
}

#[test]
fn width_boundaries_agree_with_dancing_links() {
    for n in [63, 64, 65, 127, 128, 129, 200] {
        let p = boundary_problem(n);
        let expected = Solver::with_engine(&p, EngineChoice::DancingLinks, None)
            .unwrap()
            .count();
        assert!(expected >= 2, "n = {n}: {expected} solutions");
        // Forward, backward and from the middle out.
        let forward: Vec<usize> = (0..n).collect();
        let backward: Vec<usize> = (0..n).rev().collect();
        let middle: Vec<usize> = (n / 2..n).chain(0..n / 2).collect();
        for order in [forward, backward, middle] {
            let mut e = BitsetEngine::with_order(&p, None, Some(&order)).unwrap();
            assert_eq!(
                engine_solutions(&mut e, 97).len() as u64,
                expected,
                "n = {n}"
            );
            for max_bytes in [4096, 1 << 20] {
                let options = sweep_options(OrderMode::Sweep, MemoMode::Always, max_bytes);
                let mut solver = sweeper(&p, &order);
                let counted = common::count_with(&mut solver, &options).unwrap();
                assert_eq!(counted.count.to_u64(), Some(expected), "n = {n}");
                assert_eq!(solver.order_name(), "sweep");
            }
        }
    }
}

#[test]
fn a_word_of_ones_is_a_key_like_any_other() {
    // 64 primary items covered in two ways (one option, or two halves),
    // then 64 more the same way: the key of the node after the first 64
    // has a first word of ones, and is met twice (the second time a hit).
    let mut p = Problem::with_items(128, 0);
    for base in [0, 64] {
        p.add_option(base..base + 64).unwrap();
        p.add_option(base..base + 32).unwrap();
        p.add_option(base + 32..base + 64).unwrap();
    }
    let order: Vec<usize> = (0..128).collect();
    let options = sweep_options(OrderMode::Sweep, MemoMode::Always, 1 << 20);
    let mut solver = sweeper(&p, &order);
    let counted = common::count_with(&mut solver, &options).unwrap();
    assert_eq!(counted.count.to_u64(), Some(4));
    assert!(counted.memo.hits >= 1, "{:?}", counted.memo);
    // 64 items only: the solution covers them all, one word of ones.
    let mut p = Problem::with_items(64, 0);
    p.add_option(0..64).unwrap();
    p.add_option(0..32).unwrap();
    p.add_option(32..64).unwrap();
    let mut solver = sweeper(&p, &[]);
    assert_eq!(
        common::count_with(&mut solver, &options)
            .unwrap()
            .count
            .to_u64(),
        Some(2)
    );
}

#[test]
fn a_tiny_memo_replaces_entries_and_counts_exactly() {
    // Domino tilings of a 4 x 6 board (281), swept column by column.
    let p = common::dominoes(4, 6);
    let order = by_columns(4, 6);
    for max_bytes in [0, 100, 1000, 1 << 20] {
        let options = sweep_options(OrderMode::Sweep, MemoMode::Always, max_bytes);
        let mut solver = sweeper(&p, &order);
        let counted = common::count_with(&mut solver, &options).unwrap();
        assert_eq!(counted.count.to_u64(), Some(281), "max_bytes {max_bytes}");
        if max_bytes <= 100 {
            assert!(counted.memo.evictions > 0, "{:?}", counted.memo);
        } else if max_bytes == 1 << 20 {
            assert_eq!(counted.memo.evictions, 0, "{:?}", counted.memo);
            assert!(counted.memo.hits > 0);
        }
    }
}

#[test]
fn counts_past_u64_stay_exact() {
    // Domino tilings of a 2 x 100 board: the Fibonacci number F(101),
    // past u64; the sub-problems' counts past u64 are not stored (they are
    // counted again), the count is exact. Swept column by column.
    let p = common::dominoes(2, 100);
    let order: Vec<usize> = (0..100).flat_map(|c| [c, 100 + c]).collect();
    // (a, b) = (F(k), F(k + 1)), from k = 1 to 101.
    let (mut a, mut b) = (1u128, 1u128);
    for _ in 0..100 {
        (a, b) = (b, a + b);
    }
    for max_bytes in [4096, 1 << 20] {
        let options = sweep_options(OrderMode::Sweep, MemoMode::Always, max_bytes);
        let mut solver = sweeper(&p, &order);
        let counted = common::count_with(&mut solver, &options).unwrap();
        assert_eq!(counted.count.to_u128(), Some(a));
        assert!(a > u128::from(u64::MAX));
    }
}

#[test]
fn pentominoes_swept_match_their_known_counts() {
    // 3 x 20: 8 tilings (2 up to symmetry, times 4), swept along its long
    // side, column by column, and raced; the larger boards (5 x 12: 4040,
    // 6 x 10: 9356) are counted swept by the Python tests, on a release
    // build.
    let region = common::rectangle(3, 20);
    let p = common::pentominoes(&region);
    let mut order: Vec<usize> = (0..region.len()).collect();
    order.sort_by_key(|&k| (region[k].1, region[k].0));
    let order: Vec<usize> = order.into_iter().map(|k| 12 + k).collect();
    for mode in [OrderMode::Sweep, OrderMode::Auto] {
        let options = sweep_options(mode, MemoMode::Auto, 1 << 28);
        let mut solver = sweeper(&p, &order);
        let counted = common::count_with(&mut solver, &options).unwrap();
        assert_eq!(counted.count.to_u64(), Some(8));
    }
}

#[test]
fn an_item_of_many_options_scans_them() {
    // Item 0 begins 100 options {0, k} (more than a filter takes: they are
    // scanned), each completed by the singletons of the other items: 100
    // exact covers; 100 x 40 with a second item, swept next, of 40
    // options {n, 100 + k} (filtered).
    for second in [0, 40] {
        let n = 101 + second;
        let mut p = Problem::with_items(n + 1, 0);
        for k in 1..=100 {
            p.add_option([0, k]).unwrap();
        }
        for k in 1..=second {
            p.add_option([n, 100 + k]).unwrap();
        }
        for k in 1..n {
            p.add_option([k]).unwrap();
        }
        if second == 0 {
            p.add_option([n]).unwrap();
        }
        let order: Vec<usize> = [0, n].into_iter().chain(1..n).collect();
        let options = sweep_options(OrderMode::Sweep, MemoMode::Always, 1 << 20);
        let counted = common::count_with(&mut sweeper(&p, &order), &options).unwrap();
        let expected = Solver::new(&p).count();
        assert_eq!(counted.count.to_u64(), Some(expected));
        assert_eq!(expected, if second == 0 { 100 } else { 100 * 40 });
    }
}

#[test]
fn an_order_naming_an_unknown_item_is_refused() {
    let p = common::dominoes(2, 2);
    let mut solver = Solver::with_engine(&p, EngineChoice::Bitset, None).unwrap();
    let err = solver.set_sweep_order(&[0, 9]).unwrap_err();
    assert_eq!(
        err,
        exactcover::Error::UnknownOrderItem {
            position: 1,
            item: 9
        }
    );
    // Dancing links take an order and branch by MRV all the same.
    let mut solver = Solver::with_engine(&p, EngineChoice::DancingLinks, None).unwrap();
    solver.set_sweep_order(&[3, 2, 1, 0]).unwrap();
    let options = sweep_options(OrderMode::Sweep, MemoMode::Auto, 1 << 20);
    assert_eq!(
        common::count_with(&mut solver, &options)
            .unwrap()
            .count
            .to_u64(),
        Some(2)
    );
    assert_eq!(solver.order_name(), "mrv");
}

/// Cuts the solutions of `p` into disjoint subtrees by a random tree of
/// decisions: at each node, option `choices[k]` is forced on one side and
/// excluded on the other, to depth `depth` (any options with a primary
/// item, so the subtrees exclude options of any item, not only those a
/// sweep's cut would).
fn decision_subtrees(p: &Problem, choices: &[usize], depth: usize) -> Vec<Subtree> {
    // Options with a primary item (the oracle never chooses the others).
    let usable: Vec<usize> = (0..p.num_options())
        .filter(|&k| p.option(k).any(|i| p.item(i).primary))
        .collect();
    let mut out = vec![Subtree::default()];
    for &k in choices.iter().take(depth) {
        if usable.is_empty() {
            break;
        }
        let k = usable[k % usable.len()];
        out = out
            .into_iter()
            .flat_map(|s| {
                let (mut with, mut without) = (s.clone(), s);
                if !with.forced.contains(&k) && !with.excluded.contains(&k) {
                    with.forced.push(k);
                    without.excluded.push(k);
                    vec![with, without]
                } else {
                    vec![with]
                }
            })
            .collect();
    }
    out
}

/// Counts `subtrees` as tasks of `per_task` subtrees by the sweep on one
/// thread, through one `pool`; each task stops after `calls` calls of its
/// callback (slices of `nodes` nodes) for its first two generations, and
/// its remainder makes new tasks. Returns the total, checking that every
/// task swept.
fn count_swept_tasks(
    root: &Solver,
    subtrees: Vec<Subtree>,
    per_task: usize,
    calls: usize,
    nodes: u64,
    pool: &MemoPool,
) -> u64 {
    let options = CountOptions {
        nodes_per_slice: Some(nodes),
        ..sweep_options(OrderMode::Sweep, MemoMode::Always, 1 << 20)
    };
    let mut queue: Vec<(Vec<Subtree>, u32)> =
        subtrees.chunks(per_task).map(|c| (c.to_vec(), 0)).collect();
    let mut total = 0;
    while let Some((task, generation)) = queue.pop() {
        let mut solver = root.clone();
        let mut left = if generation < 2 { calls } else { usize::MAX };
        let counted = solver
            .count_subtrees_with(&task, &options, Some(pool), |_| {
                left = left.saturating_sub(1);
                if left == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(solver.order_name(), "sweep");
        total += counted.count.to_u64().unwrap();
        let rest = solver.remainder(usize::MAX).unwrap();
        assert_eq!(rest.is_empty(), counted.is_complete());
        for part in rest.chunks(per_task) {
            queue.push((part.to_vec(), generation + 1));
        }
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Tasks that sweep on one thread count the oracle's total, whatever
    /// restrictions make their subtrees, stopped after a few slices and
    /// resumed from their remainder, all through one memo pool.
    #[test]
    fn swept_tasks_of_any_subtrees_agree_with_the_oracle(
        p in common::problem_strategy(8, 14),
        keys in proptest::collection::vec(any::<u64>(), 8),
        keep in 0usize..9,
        choices in proptest::collection::vec(0usize..14, 4),
        depth in 0usize..5,
        per_task in 1usize..4,
        calls in 1usize..4,
        nodes in 1u64..6,
        mrv_cut in any::<bool>(),
    ) {
        let expected = brute_force(&p).len() as u64;
        let order = order_of(p.num_items(), &keys, keep);
        let root = sweeper(&p, &order);
        let subtrees = if mrv_cut {
            root.split(1 + depth * 2).unwrap()
        } else {
            decision_subtrees(&p, &choices, depth)
        };
        let pool = MemoPool::new();
        prop_assert_eq!(count_swept_tasks(&root, subtrees, per_task, calls, nodes, &pool), expected);
        // The pool's memo, full of the first count's sub-problems, counts
        // another cut of the same problem right.
        let subtrees = decision_subtrees(&p, &choices[1..], depth);
        prop_assert_eq!(count_swept_tasks(&root, subtrees, 1, calls, nodes, &pool), expected);
    }
}

#[test]
fn a_key_under_an_excluded_option_is_not_shared() {
    // Items 0..4 swept in order; options a = {0, 1}, b = {0}, c = {1},
    // x = {2, 3}, y = {2}, y2 = {2}, z = {3}. Subtree one forces a and
    // excludes x: below {0, 1} covered, 2 covers (y z, y2 z). Subtree two
    // forces b and c: the same covered set, but x too, 3 covers. Counted
    // in one task (one memo), the first's node may not answer the second's.
    let mut p = Problem::with_items(4, 0);
    for option in [&[0, 1][..], &[0], &[1], &[2, 3], &[2], &[2], &[3]] {
        p.add_option(option.iter().copied()).unwrap();
    }
    let root = sweeper(&p, &[0, 1, 2, 3]);
    let one = Subtree {
        forced: vec![0],
        excluded: vec![3],
    };
    let two = Subtree {
        forced: vec![1, 2],
        excluded: vec![],
    };
    for subtrees in [vec![two.clone(), one.clone()], vec![one, two]] {
        let pool = MemoPool::new();
        assert_eq!(
            count_swept_tasks(&root, subtrees.clone(), 2, usize::MAX, 1 << 20, &pool),
            5
        );
        assert_eq!(
            count_swept_tasks(&root, subtrees, 1, usize::MAX, 1 << 20, &pool),
            5
        );
    }
}

#[test]
fn a_swept_task_counts_pentominoes_and_hands_back_its_rest() {
    // Pentominoes on 3 x 20 (8 tilings), swept column by column, cut by
    // MRV: tasks of a few slices of 300 nodes, resumed from their rests.
    let region = common::rectangle(3, 20);
    let p = common::pentominoes(&region);
    let mut order: Vec<usize> = (0..region.len()).collect();
    order.sort_by_key(|&k| (region[k].1, region[k].0));
    let order: Vec<usize> = order.into_iter().map(|k| 12 + k).collect();
    let root = sweeper(&p, &order);
    let subtrees = root.split(6).unwrap();
    let pool = MemoPool::new();
    assert_eq!(count_swept_tasks(&root, subtrees, 2, 3, 300, &pool), 8);
    assert!(pool.stats().entries > 0);
}

#[test]
fn a_solver_put_in_an_order_cuts_its_tree_in_it() {
    // Pentominoes on 3 x 20 cut in the sweep's order: every piece's first
    // choice covers the sweep's first cell, and the pieces add
    // up to the 8 tilings; a started search refuses a new order.
    let region = common::rectangle(3, 20);
    let p = common::pentominoes(&region);
    let mut order: Vec<usize> = (0..region.len()).collect();
    order.sort_by_key(|&k| (region[k].1, region[k].0));
    let order: Vec<usize> = order.into_iter().map(|k| 12 + k).collect();
    let mut root = sweeper(&p, &order);
    assert_eq!(root.order_name(), "mrv");
    root.set_order(OrderMode::Sweep).unwrap();
    assert_eq!(root.order_name(), "sweep");
    let pieces = root.split(8).unwrap();
    assert!(pieces.len() >= 8);
    for piece in &pieces {
        // Its first choice, or the root's branches it leaves out.
        let first = piece.forced.first().or(piece.excluded.first()).unwrap();
        assert!(p.option(*first).any(|i| i == order[0]));
    }
    let total: u64 = pieces
        .iter()
        .map(|piece| {
            let mut solver = sweeper(&p, &order);
            solver.restrict(piece).unwrap();
            solver.count()
        })
        .sum();
    assert_eq!(total, 8);
    root.set_order(OrderMode::Mrv).unwrap();
    assert_eq!(root.order_name(), "mrv");
    root.step(1);
    assert_eq!(
        root.set_order(OrderMode::Sweep),
        Err(exactcover::Error::SearchStarted)
    );
}

#[test]
fn a_sweep_stopped_has_started_a_restriction_is_refused() {
    // A sweep's count stopped goes on in its own order, where a forced
    // option would not reach: refused as for any search begun (it was taken
    // and ignored, and the count went on to the whole problem's 2245).
    let p = common::dominoes(4, 8);
    let mut solver = sweeper(&p, &by_columns(4, 8));
    let options = CountOptions {
        nodes_per_slice: Some(5),
        ..sweep_options(OrderMode::Sweep, MemoMode::Auto, 1 << 20)
    };
    let first = solver
        .count_with(&options, |_| ControlFlow::Break(()))
        .unwrap();
    assert_eq!(first.outcome, Outcome::Stopped);
    assert_eq!(solver.force(0), Err(exactcover::Error::SearchStarted));
    let empty = exactcover::Subtree {
        forced: vec![0],
        excluded: vec![],
    };
    assert_eq!(
        solver.restrict(&empty),
        Err(exactcover::Error::SearchStarted)
    );
    let rest = common::count_with(&mut solver, &options).unwrap();
    assert_eq!(
        first.count.to_u64().unwrap() + rest.count.to_u64().unwrap(),
        2245
    );
}
