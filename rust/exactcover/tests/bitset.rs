//! The bitset engine against dancing links (the `Solver`) and against known
//! counts: on random small problems with secondary items the two engines
//! find the same solutions in the same order, whatever the slices, roots,
//! pauses and donations; at the word boundaries of the sets (63, 64, 65,
//! 127, 128, 129 items and options) too.

use std::collections::BTreeSet;

use exactcover::bitset::{fits, BitsetEngine, WhyNot};
use exactcover::{EngineChoice, Problem, Solver, Step, Subtree};
use proptest::prelude::*;

mod common;

/// The bitset engine of `problem`, which must fit.
fn engine(problem: &Problem) -> BitsetEngine {
    BitsetEngine::new(problem, None).expect("the problem fits")
}

/// Every solution, in the order the engine finds them, stepping with
/// `budget` nodes per slice and checking the invariants at each pause.
fn solutions(engine: &mut BitsetEngine, budget: u64) -> Vec<Vec<usize>> {
    solutions_checked(engine, budget, 1)
}

/// [`solutions`], checking the invariants at every `every`-th pause.
fn solutions_checked(engine: &mut BitsetEngine, budget: u64, every: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for pause in 0.. {
        let (found, step) = engine.count_step(budget, 1);
        if pause % every == 0 {
            assert_eq!(engine.check_invariants(), Ok(()));
        }
        match step {
            Step::Solution => {
                assert_eq!(found, 1);
                let mut s = Vec::new();
                engine.choices_into(&mut s);
                assert_eq!(engine.current_path().forced, s);
                out.push(s);
            }
            Step::Paused => assert_eq!(found, 0),
            Step::Exhausted => return out,
        }
    }
    unreachable!("the search ends")
}

fn sorted(mut sets: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut sets {
        s.sort_unstable();
    }
    sets.sort();
    sets
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The same solutions in the same order as dancing links, whatever the
    /// budget of the slices; the count alone agrees too.
    #[test]
    fn same_solutions_as_dancing_links(p in common::problem_strategy(8, 14), budget in 1u64..20) {
        let expected: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
        let mut e = engine(&p);
        prop_assert_eq!(solutions(&mut e, budget), expected.clone());
        prop_assert_eq!(e.stats().solutions, expected.len() as u64);
        let mut e = engine(&p);
        prop_assert_eq!(e.count_step(u64::MAX, u64::MAX), (expected.len() as u64, Step::Exhausted));
        prop_assert!(e.is_exhausted());
    }

    /// Problems whose options all have the same number of primary items
    /// (2 to 6: the search loop's specialized path), with secondary items:
    /// the same solutions in the same order as dancing links.
    #[test]
    fn uniform_options_agree(
        (primary, per, options) in (2usize..10, 2usize..7).prop_flat_map(|(n, p)| {
            let p = p.min(n);
            let option = (
                proptest::sample::subsequence((0..n).collect::<Vec<_>>(), p),
                proptest::option::of(0usize..3),
            );
            (Just(n), Just(p), proptest::collection::vec(option, 1..16))
        }),
        budget in 1u64..20,
    ) {
        let mut p = Problem::with_items(primary, 3);
        for (items, secondary) in &options {
            prop_assert_eq!(items.len(), per);
            p.add_option(items.iter().copied().chain(secondary.map(|s| primary + s))).unwrap();
        }
        let expected: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
        let mut e = engine(&p);
        prop_assert_eq!(solutions(&mut e, budget), expected);
    }

    /// Counting in slices of random budgets and limits gives the total.
    #[test]
    fn resumed_counts_add_up(
        p in common::problem_strategy(9, 18),
        budgets in proptest::collection::vec((1u64..30, 1u64..5), 1..8),
    ) {
        let expected = Solver::new(&p).count();
        let mut e = engine(&p);
        let mut total = 0;
        let mut k = 0;
        loop {
            let (budget, limit) = budgets[k % budgets.len()];
            k += 1;
            let (found, step) = e.count_step(budget, limit);
            prop_assert!(found <= limit);
            total += found;
            prop_assert_eq!(e.check_invariants(), Ok(()));
            if step == Step::Exhausted {
                break;
            }
        }
        prop_assert_eq!(total, expected);
        prop_assert_eq!(e.count_step(10, 10), (0, Step::Exhausted));
    }

    /// A seed shuffles the order, not the set of solutions.
    #[test]
    fn seeded_search_finds_the_same_set(p in common::problem_strategy(8, 14), seed in any::<u64>()) {
        let expected = sorted(Solver::new(&p).solutions().collect());
        let mut e = BitsetEngine::new(&p, Some(seed)).unwrap();
        prop_assert_eq!(sorted(solutions(&mut e, 7)), expected);
    }

    /// Forcing and excluding options at the root as the solver does.
    #[test]
    fn restricted_roots_agree(
        p in common::problem_strategy(8, 14),
        forced in proptest::collection::vec(0usize..14, 0..3),
        excluded in proptest::collection::vec(0usize..14, 0..4),
    ) {
        let m = p.num_options();
        prop_assume!(m > 0);
        let mut solver = Solver::new(&p);
        let mut e = engine(&p);
        let mut contradictory = false;
        let mut removed = BTreeSet::new();
        for &k in &forced {
            let k = k % m;
            let consistent = solver.force(k).unwrap();
            if removed.contains(&k) {
                continue;
            }
            if !e.is_available(k) {
                prop_assert!(!consistent);
                contradictory = true;
                break;
            }
            prop_assert!(consistent);
            e.force(k);
            removed.insert(k);
            prop_assert_eq!(e.check_invariants(), Ok(()));
        }
        for &k in &excluded {
            let k = k % m;
            solver.exclude(k).unwrap();
            if contradictory || removed.contains(&k) {
                // Excluding a forced option leaves no solutions.
                contradictory |= forced.iter().any(|&f| f % m == k);
                continue;
            }
            if e.is_available(k) {
                e.exclude(k);
                removed.insert(k);
                prop_assert_eq!(e.check_invariants(), Ok(()));
            }
        }
        let expected: Vec<Vec<usize>> = solver.solutions().collect();
        if contradictory {
            prop_assert!(expected.is_empty());
        } else {
            // The solver lists the forced options first.
            let forced_first: Vec<usize> = {
                let mut seen = BTreeSet::new();
                forced.iter().map(|&k| k % m).filter(|k| seen.insert(*k)).collect()
            };
            let got: Vec<Vec<usize>> = solutions(&mut e, 5)
                .into_iter()
                .map(|s| forced_first.iter().copied().chain(s).collect())
                .collect();
            prop_assert_eq!(got, expected);
        }
    }

    /// Pausing anywhere, the remainder's subtrees hold exactly the solutions
    /// still to come; donating gives away a subtree whose solutions and the
    /// rest of the search's add up to the whole.
    #[test]
    fn remainder_and_donation_partition_the_rest(
        p in common::problem_strategy(9, 18),
        budget in 1u64..40,
        donate in any::<bool>(),
    ) {
        let all = sorted(Solver::new(&p).solutions().collect());
        let mut e = engine(&p);
        let mut before = Vec::new();
        let step = loop {
            let (_, step) = e.count_step(budget, 1);
            if step != Step::Solution {
                break step;
            }
            let mut s = Vec::new();
            e.choices_into(&mut s);
            before.push(s);
            // Pause after the first solution too: remainder in Backup.
            if before.len() == 1 && budget % 2 == 0 {
                break Step::Solution;
            }
        };
        let count_subtree = |t: &Subtree| -> Vec<Vec<usize>> {
            let mut s = Solver::new(&p);
            if !s.restrict(t).unwrap() {
                return Vec::new();
            }
            s.solutions().collect()
        };
        if step == Step::Exhausted {
            prop_assert_eq!(e.remainder(1000), Some(Vec::new()));
            prop_assert_eq!(sorted(before), all);
            return Ok(());
        }
        let rest: Vec<Vec<usize>> = e
            .remainder(1_000_000)
            .expect("paused between nodes")
            .iter()
            .flat_map(count_subtree)
            .collect();
        let mut whole = before.clone();
        whole.extend(rest);
        prop_assert_eq!(sorted(whole), all.clone());

        if donate && step == Step::Paused {
            // Solutions below a donated root leave out the options of the
            // levels that became part of it (`kept`): put them back.
            let mut whole = before;
            let mut prefix = Vec::new();
            let depth = e.depth();
            if let Some((given, kept)) = e.donate() {
                prop_assert!(e.depth() < depth);
                prop_assert_eq!(e.check_invariants(), Ok(()));
                whole.extend(count_subtree(&given));
                prefix = kept.forced;
            }
            for s in solutions(&mut e, budget) {
                whole.push(prefix.iter().copied().chain(s).collect());
            }
            prop_assert_eq!(sorted(whole), all);
        }
    }
}

/// A problem with `n` items, the last three secondary: each primary item in
/// an option of its own, plus pairs of neighbours around the word boundary
/// 64 and at the end, and options of secondary items alone, up to
/// `options` options in all (at least the singletons and pairs).
fn boundary_problem(n: usize, options: usize) -> Problem {
    let primary = n - 3;
    let mut p = Problem::with_items(primary, 3);
    for i in 0..primary {
        p.add_option([i]).unwrap();
    }
    for i in (60..67).chain(primary.saturating_sub(4)..primary) {
        if i + 1 < primary {
            p.add_option([i, i + 1]).unwrap();
        }
    }
    for i in (62..66).filter(|&i| i < primary) {
        p.add_option([i, primary + i % 3]).unwrap();
    }
    p.add_option([primary - 1, n - 1]).unwrap();
    let mut k = 0;
    while p.num_options() < options {
        p.add_option([primary + k % 3]).unwrap();
        k += 1;
    }
    p
}

#[test]
fn width_boundaries_agree_with_dancing_links() {
    for n in [63, 64, 65, 127, 128, 129, 200] {
        for extra in [0, 63, 64, 65, 127, 128, 129] {
            let base = boundary_problem(n, 0).num_options();
            let p = boundary_problem(n, base.max(extra));
            let expected: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
            assert!(expected.len() >= 8, "n = {n}: {} solutions", expected.len());
            let mut e = engine(&p);
            assert_eq!(
                solutions_checked(&mut e, 97, 1000),
                expected,
                "n = {n}, {} options",
                p.num_options()
            );
            // Forcing a pair at the word boundary (items 63 and 64, or the
            // last pair below it), and excluding an option.
            let straddle = (0..p.num_options())
                .rev()
                .find(|&k| {
                    let items: Vec<usize> = p.option(k).collect();
                    items.len() == 2 && items[0] <= 63 && items[1] == items[0] + 1
                })
                .unwrap();
            let mut solver = Solver::new(&p);
            solver.force(straddle).unwrap();
            solver.exclude(p.num_options() - 1).unwrap();
            let mut e = engine(&p);
            e.force(straddle);
            if e.is_available(p.num_options() - 1) {
                e.exclude(p.num_options() - 1);
            }
            assert_eq!(e.check_invariants(), Ok(()));
            assert_eq!(
                e.count_step(u64::MAX, u64::MAX).0,
                solver.count(),
                "n = {n}"
            );
        }
    }
}

#[test]
fn all_items_covered_is_a_state_like_any_other() {
    // 64 primary items, one option covering them all: the solution's
    // covered set is one word of ones.
    let mut p = Problem::with_items(64, 0);
    p.add_option(0..64).unwrap();
    p.add_option(0..32).unwrap();
    p.add_option(32..64).unwrap();
    let mut e = engine(&p);
    let layout = e.key_layout(&[]);
    let mut key = Vec::new();
    e.write_key(&layout, &mut key);
    assert_eq!(key, [0]);
    assert_eq!(e.count_step(u64::MAX, 1), (1, Step::Solution));
    e.write_key(&layout, &mut key);
    assert_eq!(key, [u64::MAX]);
    assert_eq!(e.count_step(u64::MAX, u64::MAX), (1, Step::Exhausted));
}

#[test]
fn fits_says_why_not() {
    assert_eq!(fits(&common::queens(4)), Ok(()));
    assert_eq!(
        fits(&common::two_queens(4)),
        Err(WhyNot::Multiplicities { item: 0 })
    );
    let mut p = Problem::with_items(1, 1);
    p.add_colored_option([(0, None), (1, Some(3))]).unwrap();
    assert_eq!(fits(&p), Err(WhyNot::Colors));
    // Past the memory the tables may take: 30,000 options.
    let mut p = Problem::with_items(2, 0);
    for _ in 0..30_000 {
        p.add_option([0]).unwrap();
    }
    let why = fits(&p).unwrap_err();
    assert!(matches!(why, WhyNot::TooLarge { .. }), "{why:?}");
    assert!(why.to_string().contains("bytes"), "{why}");
    assert!(BitsetEngine::new(&p, None).is_err());
}

#[test]
fn only_secondary_items_and_no_items_have_one_solution() {
    let mut p = Problem::with_items(0, 2);
    p.add_option([0, 1]).unwrap();
    let mut e = engine(&p);
    assert_eq!(e.count_step(u64::MAX, u64::MAX), (1, Step::Exhausted));
    let p = Problem::new();
    let mut e = engine(&p);
    assert_eq!(e.count_step(u64::MAX, u64::MAX), (1, Step::Exhausted));
    assert_eq!(e.stats().nodes, 1);
}

#[test]
fn known_counts() {
    // n-queens, OEIS A000170.
    for (n, count) in [(8, 92), (9, 352), (10, 724), (11, 2680), (12, 14_200)] {
        let mut e = engine(&common::queens(n));
        assert_eq!(e.count_step(u64::MAX, u64::MAX).0, count, "queens {n}");
    }
    // Langford pairs, both orders of each pair (OEIS A014552, doubled).
    let mut e = engine(&common::langford(11));
    assert_eq!(e.count_step(u64::MAX, u64::MAX).0, 35_584);
    // Pentominoes: 8x8 minus the centre, and 6x10.
    let mut e = engine(&common::pentominoes(&common::board_8x8_minus_centre()));
    assert_eq!(e.count_step(u64::MAX, u64::MAX).0, 520);
    let mut e = engine(&common::pentominoes(&common::rectangle(6, 10)));
    assert_eq!(e.count_step(u64::MAX, u64::MAX).0, 9356);
    // Close to ssxcc's 1,210,916 nodes on the same file.
    assert_eq!(e.stats().nodes, 1_211_167);
}

proptest! {
    // Problems of 65 to 200 options count for a while in a debug build.
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Problems whose options take 2 to 4 words, with 2 or 3 primary items
    /// each (the unrolled loop, `W` in the engine's search): the same
    /// solutions in the same order as dancing links, and the same count
    /// counted whole.
    #[test]
    fn unrolled_widths_agree(
        (primary, options) in (6usize..11, 2usize..4, 65usize..200).prop_flat_map(|(n, p, m)| {
            let option = (
                proptest::sample::subsequence((0..n).collect::<Vec<_>>(), p),
                proptest::option::of(0usize..3),
            );
            (Just(n), proptest::collection::vec(option, m..=m))
        }),
        budget in 1u64..200,
    ) {
        let mut p = Problem::with_items(primary, 3);
        for (items, secondary) in &options {
            p.add_option(items.iter().copied().chain(secondary.map(|s| primary + s))).unwrap();
        }
        let mut dlx = Solver::with_engine(&p, EngineChoice::DancingLinks, None).unwrap();
        let first: Vec<Vec<usize>> = dlx.clone().solutions().take(40).collect();
        let count = dlx.count();
        let mut e = engine(&p);
        let found: Vec<Vec<usize>> = (0..first.len())
            .map(|_| {
                assert_eq!(e.count_step(u64::MAX, 1).1, Step::Solution);
                assert_eq!(e.check_invariants(), Ok(()));
                let mut s = Vec::new();
                e.choices_into(&mut s);
                s
            })
            .collect();
        prop_assert_eq!(found, first);
        let mut e = engine(&p);
        let mut total = 0;
        loop {
            let (n, step) = e.count_step(budget, u64::MAX);
            total += n;
            prop_assert_eq!(e.check_invariants(), Ok(()));
            if step == Step::Exhausted {
                break;
            }
        }
        prop_assert_eq!(total, count);
        // Slices change nothing: the same nodes and updates as one run.
        let mut whole = engine(&p);
        prop_assert_eq!(whole.count_step(u64::MAX, u64::MAX).0, count);
        prop_assert_eq!(e.stats(), whole.stats());
    }
}
