//! Property tests: on random small problems, the solver finds exactly the
//! solutions an independent brute-force enumerator finds.

use std::collections::BTreeSet;

use std::ops::ControlFlow;

use exactcover::{
    CountOptions, EngineChoice, Item, MemoMode, MemoOptions, MemoPool, OrderMode, Outcome, Problem,
    Solver, Step, Subtree,
};
use proptest::prelude::*;

mod common;

/// A random problem description: item kinds/bounds and options as item sets.
#[derive(Debug, Clone)]
struct Spec {
    items: Vec<Item>,
    options: Vec<Vec<usize>>,
    /// The color of each entry of each option (only on secondary items with
    /// bound 1), parallel to `options`.
    colors: Vec<Vec<Option<u32>>>,
}

fn item_strategy(multiplicities: bool) -> BoxedStrategy<Item> {
    if multiplicities {
        prop_oneof![
            3 => Just(Item::PRIMARY),
            2 => Just(Item::SECONDARY),
            3 => (0u32..3, 0u32..3).prop_map(|(lo, extra)| Item { primary: true, lo, hi: (lo + extra).max(1) }),
            1 => (1u32..3).prop_map(|hi| Item { primary: false, lo: 0, hi }),
            1 => Just(Item { primary: true, lo: 0, hi: 0 }),
        ]
        .boxed()
    } else {
        prop_oneof![3 => Just(Item::PRIMARY), 1 => Just(Item::SECONDARY)].boxed()
    }
}

fn spec_strategy(multiplicities: bool) -> impl Strategy<Value = Spec> {
    spec_with(multiplicities, false)
}

/// Random problems; with `colors`, entries of secondary items with bound 1
/// get one of three colors three times out of four.
fn spec_with(multiplicities: bool, colors: bool) -> impl Strategy<Value = Spec> {
    (1usize..7)
        .prop_flat_map(move |n| {
            let items = proptest::collection::vec(item_strategy(multiplicities), n);
            let options = proptest::collection::vec(
                (
                    proptest::collection::btree_set(0..n, 1..=n.min(4))
                        .prop_map(|s| s.into_iter().collect::<Vec<_>>()),
                    proptest::collection::vec(0u32..4, 4),
                ),
                0..11,
            );
            (items, options)
        })
        .prop_map(move |(items, options)| {
            let colors = options
                .iter()
                .map(|(o, draws)| {
                    o.iter()
                        .zip(draws)
                        .map(|(&i, &d)| {
                            let colorable = !items[i].primary && items[i].hi == 1;
                            (colors && colorable && d > 0).then(|| d - 1)
                        })
                        .collect()
                })
                .collect();
            let options = options.into_iter().map(|(o, _)| o).collect();
            Spec {
                items,
                options,
                colors,
            }
        })
}

fn build(spec: &Spec) -> Problem {
    let mut p = Problem::new();
    for &item in &spec.items {
        p.add_item(item).unwrap();
    }
    for (o, c) in spec.options.iter().zip(&spec.colors) {
        p.add_colored_option(o.iter().copied().zip(c.iter().copied()))
            .unwrap();
    }
    p
}

/// Every subset of options that contains `forced` and in which every other
/// option has a primary item, checked against the bounds; an item that every
/// chosen option containing it gives the same color may be covered any number
/// of times.
fn brute_force(spec: &Spec, forced: &[usize]) -> BTreeSet<Vec<usize>> {
    let m = spec.options.len();
    let mut out = BTreeSet::new();
    'subsets: for mask in 0u32..(1 << m) {
        for &f in forced {
            if mask & (1 << f) == 0 {
                continue 'subsets;
            }
        }
        let mut counts = vec![0u32; spec.items.len()];
        // Per item: the colors given to it by chosen options (None: uncolored).
        let mut given: Vec<BTreeSet<Option<u32>>> = vec![BTreeSet::new(); spec.items.len()];
        for (k, option) in spec.options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                if !forced.contains(&k) && !option.iter().any(|&i| spec.items[i].primary) {
                    continue 'subsets;
                }
                for (&i, &color) in option.iter().zip(&spec.colors[k]) {
                    counts[i] += 1;
                    given[i].insert(color);
                }
            }
        }
        let one_color = |i: usize| given[i].len() == 1 && !given[i].contains(&None);
        let ok = spec.items.iter().enumerate().all(|(i, item)| {
            (counts[i] <= item.hi || one_color(i)) && (!item.primary || counts[i] >= item.lo)
        });
        if ok {
            out.insert((0..m).filter(|k| mask & (1 << k) != 0).collect());
        }
    }
    out
}

/// Every path runs with each engine forced (the bitset engine where the
/// problem fits it) and with the automatic choice.
const ENGINES: [EngineChoice; 3] = [
    EngineChoice::DancingLinks,
    EngineChoice::Bitset,
    EngineChoice::Auto,
];

/// A solver of `problem` on `engine`, or `None` if it does not fit.
fn solver_on(problem: &Problem, engine: EngineChoice, seed: Option<u64>) -> Option<Solver> {
    match Solver::with_engine(problem, engine, seed) {
        Ok(solver) => Some(solver),
        Err(e) => {
            assert_eq!(engine, EngineChoice::Bitset, "only Bitset may refuse: {e}");
            assert!(exactcover::bitset::fits(problem).is_err());
            None
        }
    }
}

/// Random problems, half of them plain exact covers with secondary items
/// (which the bitset engine takes), half with multiplicities and colors.
fn spec_any() -> impl Strategy<Value = Spec> {
    prop_oneof![spec_with(false, false), spec_with(true, true)]
}

fn sorted(mut s: Vec<usize>) -> Vec<usize> {
    s.sort();
    s
}

fn check(
    spec: &Spec,
    seed: Option<u64>,
    forced: &[usize],
    budget: u64,
) -> Result<(), TestCaseError> {
    let problem = build(spec);
    for engine in ENGINES {
        if solver_on(&problem, engine, seed).is_some() {
            check_on(spec, engine, seed, forced, budget)?;
        }
    }
    Ok(())
}

/// [`check`] with `engine`, which the problem fits.
fn check_on(
    spec: &Spec,
    engine: EngineChoice,
    seed: Option<u64>,
    forced: &[usize],
    budget: u64,
) -> Result<(), TestCaseError> {
    let problem = build(spec);
    let new_solver = || solver_on(&problem, engine, seed).expect("it fits");
    let mut solver = new_solver();
    let mut consistent = true;
    for &f in forced {
        consistent &= solver.force(f).unwrap();
    }
    let expected = brute_force(spec, forced);
    let mut found = Vec::new();
    loop {
        match solver.step(budget) {
            Step::Solution => {
                let s = solver.solution();
                prop_assert_eq!(&s[..forced.len()], forced);
                found.push(sorted(s));
            }
            Step::Paused => {}
            Step::Exhausted => break,
        }
        solver.check_invariants().map_err(TestCaseError::fail)?;
    }
    let found_set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
    prop_assert_eq!(found.len(), found_set.len(), "a solution was found twice");
    prop_assert_eq!(&found_set, &expected);
    if !consistent {
        prop_assert!(expected.is_empty());
    }
    // Counting agrees with iterating.
    let mut counter = new_solver();
    for &f in forced {
        counter.force(f).unwrap();
    }
    prop_assert_eq!(counter.count(), expected.len() as u64);
    check_memo(&problem, engine, seed, forced, &expected)
}

/// Memoized counting and the solution graph find the brute force's solutions,
/// also when every key shares one hash (1 or 0 bits of it), and when the memo
/// is so small that it makes room again and again, by depth and entry by
/// entry (alone, and with every key sharing one hash).
fn check_memo(
    problem: &Problem,
    engine: EngineChoice,
    seed: Option<u64>,
    forced: &[usize],
    expected: &BTreeSet<Vec<usize>>,
) -> Result<(), TestCaseError> {
    let new_solver = || {
        let mut s = solver_on(problem, engine, seed).expect("it fits");
        for &f in forced {
            s.force(f).unwrap();
        }
        s
    };
    for (hash_bits, max_bytes) in [
        (64, 1 << 20),
        (1, 1 << 20),
        (0, 1 << 20),
        (64, 600),
        (0, 900),
    ] {
        let options = MemoOptions {
            mode: MemoMode::Always,
            max_bytes,
            hash_bits,
        };
        let mut solver = new_solver();
        prop_assert_eq!(
            common::count_memo(&mut solver, options).to_u64(),
            Some(expected.len() as u64)
        );
        prop_assert!(solver.is_exhausted());
        prop_assert_eq!(solver.stats().solutions, expected.len() as u64);
    }
    // Memoized parallel counts: each thread's memo survives the donations
    // that cut its search (every thread at once, donating after every node;
    // one hash for every key), and Auto's verdict passes between threads.
    for (mode, hash_bits) in [
        (MemoMode::Always, 64),
        (MemoMode::Always, 0),
        (MemoMode::Auto, 64),
    ] {
        let options = MemoOptions {
            mode,
            max_bytes: 1 << 20,
            hash_bits,
        };
        let mut solver = new_solver();
        prop_assert_eq!(
            common::count_eager(&mut solver, 3, options).to_u64(),
            Some(expected.len() as u64)
        );
        prop_assert!(solver.is_exhausted());
    }
    let options = CountOptions {
        threads: 2,
        ..CountOptions::default()
    };
    let counted = common::count_with(&mut new_solver(), &options).unwrap();
    prop_assert_eq!(
        (counted.count.to_u64(), counted.outcome),
        (Some(expected.len() as u64), Outcome::Complete)
    );
    let graph = new_solver().solution_graph(1 << 20).unwrap();
    prop_assert_eq!(graph.count().to_u64(), Some(expected.len() as u64));
    let listed: Vec<Vec<usize>> = graph.solutions().map(sorted).collect();
    let listed_set: BTreeSet<Vec<usize>> = listed.iter().cloned().collect();
    prop_assert_eq!(
        listed.len(),
        listed_set.len(),
        "the graph lists a solution twice"
    );
    prop_assert_eq!(&listed_set, expected);
    // Membership: each solution in any order; one option less, or one
    // more, or a repeated one, only where the brute force says so.
    for s in expected {
        let mut reversed = s.clone();
        reversed.reverse();
        prop_assert!(graph.contains(&reversed));
        for k in 0..s.len() {
            let mut fewer = s.clone();
            fewer.remove(k);
            prop_assert_eq!(graph.contains(&fewer), expected.contains(&fewer));
            let mut repeated = s.clone();
            repeated.push(s[k]);
            prop_assert!(!graph.contains(&repeated));
        }
        for o in (0..problem.num_options()).filter(|o| !s.contains(o)) {
            let more = sorted([s.clone(), vec![o]].concat());
            prop_assert_eq!(graph.contains(&more), expected.contains(&more));
        }
    }
    prop_assert_eq!(graph.contains(&[]), expected.contains(&Vec::new()));
    if !expected.is_empty() {
        for s in graph.sample_many(3, 5) {
            prop_assert!(expected.contains(&sorted(s)));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn exact_cover_with_secondary_items(spec in spec_strategy(false), seed in proptest::option::of(any::<u64>())) {
        check(&spec, seed, &[], u64::MAX)?;
    }

    #[test]
    fn multiplicities(spec in spec_strategy(true), seed in proptest::option::of(any::<u64>())) {
        check(&spec, seed, &[], u64::MAX)?;
    }

    #[test]
    fn colors(spec in spec_with(false, true), seed in proptest::option::of(any::<u64>())) {
        check(&spec, seed, &[], u64::MAX)?;
    }

    #[test]
    fn colors_with_multiplicities(spec in spec_with(true, true), seed in proptest::option::of(any::<u64>())) {
        check(&spec, seed, &[], u64::MAX)?;
    }

    #[test]
    fn sliced_search_with_forced_options(
        spec in spec_with(true, true),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..3),
        budget in 1u64..4,
    ) {
        let mut forced: Vec<usize> = Vec::new();
        if !spec.options.is_empty() {
            for p in picks {
                let k = p.index(spec.options.len());
                if !forced.contains(&k) {
                    forced.push(k);
                }
            }
        }
        check(&spec, None, &forced, budget)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The subtrees of `split` partition the solutions: every solution lies in
    /// exactly one subtree, as plain data applied to a fresh solver.
    #[test]
    fn split_subtrees_partition_the_solutions(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        pieces in 1usize..12,
        forced_pick in proptest::option::of(any::<prop::sample::Index>()),
    ) {
        let problem = build(&spec);
        let Some(mut root) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let new = || solver_on(&problem, engine, None).expect("it fits");
        let mut forced = Vec::new();
        if let (Some(pick), false) = (forced_pick, spec.options.is_empty()) {
            let k = pick.index(spec.options.len());
            root.force(k).unwrap();
            forced.push(k);
        }
        let expected = brute_force(&spec, &forced);
        let mut seen = BTreeSet::new();
        for subtree in root.split(pieces).unwrap() {
            let mut solver = new();
            solver.restrict(&subtree).unwrap();
            // Another machine builds the same problem, forced options
            // included, then restricts it: the same subtree.
            let mut again = new();
            for &k in &forced {
                again.force(k).unwrap();
            }
            again.restrict(&subtree).unwrap();
            let solutions: Vec<_> = solver.solutions().map(sorted).collect();
            let solutions_again: Vec<_> = again.solutions().map(sorted).collect();
            prop_assert_eq!(&solutions, &solutions_again);
            for s in solutions {
                prop_assert!(seen.insert(s), "a solution lies in two subtrees");
            }
        }
        prop_assert_eq!(&seen, &expected);
        let mut parallel = root.clone();
        prop_assert_eq!(
            common::count_threads(&mut parallel, 3).unwrap(),
            expected.len() as u64
        );
        prop_assert!(parallel.is_exhausted());
    }

    /// Of a search that has started (stepped some nodes, on one thread or
    /// on threads), `split` cuts what it has still to explore: the solutions
    /// taken and those of the subtrees are each solution once, and there
    /// are enough subtrees where the rest has enough solutions.
    #[test]
    fn split_of_a_started_search_partitions_the_rest(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        pieces in 1usize..12,
        budget in 1u64..30,
        on_threads in any::<bool>(),
    ) {
        let problem = build(&spec);
        let Some(mut solver) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let expected = brute_force(&spec, &[]);
        let mut seen = BTreeSet::new();
        if on_threads {
            for solution in solver.solutions_on_threads(2).unwrap().take(budget as usize % 4) {
                prop_assert!(seen.insert(sorted(solution)));
            }
        } else if solver.step(budget) == Step::Solution {
            prop_assert!(seen.insert(sorted(solver.solution())));
        }
        let taken = seen.len();
        let subtrees = solver.split(pieces).unwrap();
        for subtree in &subtrees {
            let mut fresh = solver_on(&problem, engine, None).expect("it fits");
            fresh.restrict(subtree).unwrap();
            for s in fresh.solutions().map(sorted) {
                prop_assert!(seen.insert(s), "a solution lies in two subtrees");
            }
        }
        prop_assert_eq!(&seen, &expected);
        if expected.len() - taken >= pieces {
            prop_assert!(subtrees.len() >= pieces);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Threads stopped while stepping (some solutions taken, others found
    /// and waiting): the solutions taken and those of the remainder's
    /// subtrees (a waiting solution is the subtree of itself alone) are
    /// each solution once.
    #[test]
    fn the_remainder_of_threads_stopped_holds_exactly_the_rest(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        take in 0usize..4,
        threads in 2usize..4,
    ) {
        let problem = build(&spec);
        let Some(mut solver) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let expected = brute_force(&spec, &[]);
        let mut seen = BTreeSet::new();
        for solution in solver.solutions_on_threads(threads).unwrap().take(take) {
            prop_assert!(seen.insert(sorted(solution)));
        }
        for subtree in solver.remainder(usize::MAX).unwrap() {
            let mut s = solver_on(&problem, engine, None).expect("it fits");
            s.restrict(&subtree).unwrap();
            for found in s.solutions().map(sorted) {
                prop_assert!(seen.insert(found), "a solution counted twice");
            }
        }
        prop_assert_eq!(&seen, &expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A search paused after any number of nodes: the solutions found so far
    /// and those of its remainder's subtrees are each solution once; and
    /// donating the shallowest siblings, again and again, loses none and
    /// counts none twice.
    #[test]
    fn remainder_and_donations_partition_the_rest(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        budget in 1u64..40,
        donations in 0usize..4,
        forced_pick in proptest::option::of(any::<prop::sample::Index>()),
    ) {
        let problem = build(&spec);
        let Some(mut root) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let new = || solver_on(&problem, engine, None).expect("it fits");
        let mut forced = Vec::new();
        if let (Some(pick), false) = (forced_pick, spec.options.is_empty()) {
            let k = pick.index(spec.options.len());
            root.force(k).unwrap();
            forced.push(k);
        }
        let expected = brute_force(&spec, &forced);
        let restricted = |subtree: &exactcover::Subtree| {
            let mut s = new();
            s.restrict(subtree).unwrap();
            s.solutions().map(sorted).collect::<Vec<_>>()
        };

        // Found so far, plus the remainder.
        let mut solver = root.clone();
        let mut seen = BTreeSet::new();
        let mut paused = false;
        loop {
            match solver.step(budget) {
                Step::Solution => {
                    prop_assert!(seen.insert(sorted(solver.solution())));
                }
                Step::Exhausted => break,
                Step::Paused => {
                    paused = true;
                    break;
                }
            }
        }
        if paused {
            for subtree in solver.remainder(usize::MAX).unwrap() {
                for s in restricted(&subtree) {
                    prop_assert!(seen.insert(s), "a solution counted twice");
                }
            }
        }
        prop_assert_eq!(&seen, &expected);

        // Donations: the solver goes on with what it kept.
        let mut solver = root.clone();
        let mut seen = BTreeSet::new();
        let mut given = Vec::new();
        let mut left = donations;
        loop {
            match solver.step(budget) {
                Step::Solution => {
                    prop_assert!(seen.insert(sorted(solver.solution())));
                }
                Step::Exhausted => break,
                Step::Paused => {
                    if left > 0 {
                        left -= 1;
                        given.extend(solver.donate());
                    }
                }
            }
        }
        for subtree in &given {
            for s in restricted(subtree) {
                prop_assert!(seen.insert(s), "a donated solution counted twice");
            }
        }
        prop_assert_eq!(&seen, &expected);

        // Threads with donation, even on tiny trees.
        let mut parallel = root.clone();
        let options = CountOptions {
            threads: 2,
            memo: MemoOptions {
                mode: MemoMode::Never,
                ..MemoOptions::default()
            },
            ..CountOptions::default()
        };
        let counted = parallel
            .count_with(&options, |_| ControlFlow::Continue(()))
            .unwrap();
        prop_assert_eq!(
            (counted.count.to_u64(), counted.outcome),
            (Some(expected.len() as u64), Outcome::Complete)
        );
        prop_assert_eq!(parallel.stats().solutions, expected.len() as u64);
        // Every thread at once, donating after every node.
        let mut eager = root.clone();
        let never = MemoOptions {
            mode: MemoMode::Never,
            ..MemoOptions::default()
        };
        prop_assert_eq!(
            common::count_eager(&mut eager, 3, never).to_u64(),
            Some(expected.len() as u64)
        );
        prop_assert!(eager.is_exhausted());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The tasks of a distributed count through one [`MemoPool`]: random
    /// splits, each task stopped after a few slices and its remainder
    /// queued as new tasks (subtrees whose excluded options stay live,
    /// which keys must tell apart), every task lent the memo of the tasks
    /// before it (collisions, tiny caps). The counts add up to the oracle's.
    #[test]
    fn tasks_counted_through_one_memo_add_up(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        pieces in 1usize..12,
        slices in 1usize..4,
        (hash_bits, max_bytes) in proptest::sample::select(vec![
            (64, 1usize << 20), (0, 1 << 20), (64, 700), (1, 900),
        ]),
        mode in proptest::sample::select(vec![MemoMode::Always, MemoMode::Auto]),
    ) {
        let problem = build(&spec);
        let Some(root) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let expected = brute_force(&spec, &[]).len() as u64;
        let pool = MemoPool::new();
        let memo = MemoOptions { mode, max_bytes, hash_bits };
        // Tasks with their generation: the remainder of a stopped task is
        // the next; the third counts to the end (a remainder may be its
        // task again, if stopped before its first branch).
        let mut queue: Vec<(Subtree, u32)> =
            root.split(pieces).unwrap().into_iter().map(|t| (t, 0)).collect();
        let mut total = 0u64;
        while let Some((task, generation)) = queue.pop() {
            let mut solver = solver_on(&problem, engine, None).expect("it fits");
            if !solver.restrict(&task).unwrap() {
                continue;
            }
            let options = CountOptions {
                memo: pool.lend(&mut solver, &memo),
                nodes_per_slice: Some(2),
                ..CountOptions::default()
            };
            let mut left = if generation < 2 { slices } else { usize::MAX };
            let counted = solver
                .count_with(&options, |_| {
                    left -= 1;
                    if left == 0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                })
                .unwrap();
            pool.take_back(&mut solver);
            total += counted.count.to_u64().unwrap();
            if counted.outcome == Outcome::Stopped {
                let rest = solver.remainder(usize::MAX).unwrap();
                queue.extend(rest.into_iter().map(|t| (t, generation + 1)));
            }
        }
        prop_assert_eq!(total, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The threaded tasks of a distributed count
    /// ([`Solver::count_subtrees_with`]): random splits dealt into tasks
    /// of several subtrees, each counted on 1 to 3 threads that donate after
    /// every slice, through one [`MemoPool`], stopped after a few calls of
    /// the callback and their remainder dealt again, with a random sweep
    /// order searched in every [`OrderMode`] (the bitset engine sweeps
    /// under `Sweep`). The counts add up to the oracle's.
    #[test]
    fn threaded_tasks_of_several_subtrees_add_up(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        pieces in 1usize..12,
        per_task in 1usize..4,
        threads in 1usize..4,
        calls in 1usize..4,
        mode in proptest::sample::select(vec![MemoMode::Always, MemoMode::Auto, MemoMode::Never]),
        order in proptest::sample::select(vec![OrderMode::Auto, OrderMode::Mrv, OrderMode::Sweep]),
        sweep in proptest::collection::vec(0usize..64, 0..16),
    ) {
        let problem = build(&spec);
        let Some(mut root) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let sweep: Vec<usize> = sweep.into_iter().filter(|&i| i < spec.items.len()).collect();
        root.set_sweep_order(&sweep).unwrap();
        let expected = brute_force(&spec, &[]).len() as u64;
        let pool = MemoPool::new();
        let options = CountOptions {
            threads,
            memo: MemoOptions { mode, max_bytes: 1 << 20, hash_bits: 64 },
            nodes_per_slice: Some(2),
            slice: std::time::Duration::from_micros(50),
            order,
            ..CountOptions::default()
        };
        let mut queue: Vec<(Vec<Subtree>, u32)> = root
            .split(pieces)
            .unwrap()
            .chunks(per_task)
            .map(|c| (c.to_vec(), 0))
            .collect();
        let mut total = 0u64;
        while let Some((task, generation)) = queue.pop() {
            let mut solver = root.clone();
            let mut left = if generation < 2 { calls } else { usize::MAX };
            let counted = solver
                .count_subtrees_with(&task, &options, Some(&pool), |_| {
                    left = left.saturating_sub(1);
                    if left == 0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                })
                .unwrap();
            total += counted.count.to_u64().unwrap();
            // Auto keeps the root's order (MRV); Sweep sweeps where the
            // engine can (the bitset engine).
            let swept = order == OrderMode::Sweep && solver.engine_name() == "bitset";
            prop_assert_eq!(solver.order_name(), if swept { "sweep" } else { "mrv" });
            let rest = solver.remainder(usize::MAX).unwrap();
            if counted.outcome == Outcome::Complete {
                prop_assert!(rest.is_empty());
            }
            for part in rest.chunks(per_task) {
                queue.push((part.to_vec(), generation + 1));
            }
        }
        prop_assert_eq!(total, expected);
    }
}

/// [`Solver::count_subtrees_with`] refuses a started search and an option
/// that does not exist, naming it.
#[test]
fn counting_subtrees_refuses_bad_input() {
    let problem = common::queens(6);
    let go_on = |_: &_| ControlFlow::Continue(());
    let mut solver = Solver::new(&problem);
    let bad = Subtree {
        forced: vec![0],
        excluded: vec![999],
    };
    let error = solver
        .count_subtrees_with(&[bad], &CountOptions::default(), None, go_on)
        .unwrap_err();
    assert!(error.to_string().contains("999"), "{error}");
    solver.step(1);
    let whole = Subtree {
        forced: vec![],
        excluded: vec![],
    };
    assert!(solver
        .count_subtrees_with(&[whole], &CountOptions::default(), None, go_on)
        .is_err());
}

/// A choice forced twice is forced once; a subtree of a solver with forced
/// options restricts a solver built with the same forced options.
#[test]
fn forcing_an_option_twice_forces_it_once() {
    let n = 8;
    let problem = common::queens(n);
    let mut solver = Solver::new(&problem);
    assert!(solver.force(0).unwrap());
    assert!(solver.force(0).unwrap());
    let first = solver.clone().solutions().next().unwrap();
    assert_eq!(first.iter().filter(|&&k| k == 0).count(), 1);
    assert_eq!(solver.count(), 4);

    let mut root = Solver::new(&problem);
    root.force(0).unwrap();
    let mut total = 0;
    for subtree in root.split(10).unwrap() {
        let mut solver = Solver::new(&problem);
        solver.force(0).unwrap();
        solver.restrict(&subtree).unwrap();
        total += solver.count();
    }
    assert_eq!(total, 4);
}

/// Counts with `options` until the count is over, the callback stopping it
/// every `stop_every` calls (0: never) and each call going on where the
/// last stopped, a limit counting down across the calls: the total.
fn count_resumed(solver: &mut Solver, options: &CountOptions, stop_every: u32) -> (u64, Outcome) {
    let (mut total, mut calls, mut last_fraction) = (0u64, 0u32, 0.0f64);
    loop {
        let options = CountOptions {
            limit: options.limit.map(|l| l - total),
            ..*options
        };
        let counted = solver
            .count_with(&options, |progress| {
                calls += 1;
                let fraction = progress.fraction.expect("a fraction done");
                assert!((0.0..=1.0).contains(&fraction), "{fraction}");
                // Within a call the fraction never goes back.
                assert!(
                    fraction >= last_fraction || calls == 1,
                    "{fraction} < {last_fraction}"
                );
                last_fraction = fraction;
                if stop_every > 0 && calls % stop_every == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        last_fraction = 0.0;
        total += counted.count.to_u64().unwrap();
        if counted.outcome != Outcome::Stopped {
            return (total, counted.outcome);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every combination of the counting options (threads 1, 2 and 4; no
    /// stop, or stopped and resumed again and again; no limit, a limit below
    /// and one above the total; every memo mode) counts what brute force
    /// finds, and leaves exactly the rest.
    #[test]
    fn every_combination_of_count_options(spec in spec_with(true, true), stop_every in 0u32..4) {
        let expected = brute_force(&spec, &[]).len() as u64;
        let problem = build(&spec);
        for threads in [1, 2, 4] {
            for limit in [None, Some(expected / 2), Some(expected + 1)] {
                for mode in [MemoMode::Auto, MemoMode::Always, MemoMode::Never] {
                    let options = CountOptions {
                        threads,
                        limit,
                        memo: MemoOptions { mode, ..MemoOptions::default() },
                        nodes_per_slice: Some(1),
                        ..CountOptions::default()
                    };
                    let mut solver = Solver::new(&problem);
                    let (total, outcome) = count_resumed(&mut solver, &options, stop_every);
                    let wanted = limit.map_or(expected, |l| l.min(expected));
                    let what = format!("{threads} threads, limit {limit:?}, {mode:?}");
                    prop_assert_eq!(total, wanted, "{}", what);
                    prop_assert!(outcome == Outcome::Complete || limit.is_some(), "{}", what);
                    prop_assert_eq!(solver.solutions_counted().to_u64(), Some(wanted), "{}", what);
                    // The rest, one by one, on this thread.
                    let rest: BTreeSet<Vec<usize>> = solver.solutions().map(sorted).collect();
                    prop_assert_eq!(rest.len() as u64, expected - wanted, "{}", what);
                }
            }
        }
    }

    /// Solutions on threads: every solution once, whether the iterator runs
    /// to the end or is dropped half-way and the rest found on threads
    /// again or on this thread.
    #[test]
    fn solutions_on_threads_are_every_solution_once(
        spec in spec_with(true, true),
        threads in 1usize..5,
        first in 0usize..4,
    ) {
        let expected = brute_force(&spec, &[]);
        let problem = build(&spec);
        let mut solver = Solver::new(&problem);
        let all: Vec<Vec<usize>> = solver.solutions_on_threads(threads).unwrap().map(sorted).collect();
        prop_assert_eq!(all.len(), expected.len());
        prop_assert_eq!(all.into_iter().collect::<BTreeSet<_>>(), expected.clone());
        prop_assert!(solver.is_exhausted());
        for again_on_threads in [false, true] {
            let mut solver = Solver::new(&problem);
            let mut found: Vec<Vec<usize>> =
                solver.solutions_on_threads(threads).unwrap().take(first).map(sorted).collect();
            prop_assert_eq!(solver.solutions_counted().to_u64(), Some(found.len() as u64));
            if again_on_threads {
                found.extend(solver.solutions_on_threads(threads).unwrap().map(sorted));
            } else {
                found.extend(solver.solutions().map(sorted));
            }
            prop_assert_eq!(found.len(), expected.len());
            prop_assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected.clone());
            prop_assert_eq!(solver.solutions_counted().to_u64(), Some(expected.len() as u64));
        }
    }

    /// A search begun on this thread (solutions taken one by one, or a
    /// count stopped after some nodes) goes on on threads, on either
    /// engine, colors and multiplicities included: the threads find exactly
    /// the solutions still to come, as a count or one by one.
    #[test]
    fn a_search_begun_on_this_thread_goes_on_on_threads(
        spec in spec_any(),
        engine in proptest::sample::select(ENGINES.to_vec()),
        forced_pick in proptest::option::of(any::<prop::sample::Index>()),
        first in 0usize..3,
        budget in 1u64..6,
        threads in 2usize..4,
        count in any::<bool>(),
    ) {
        let problem = build(&spec);
        let Some(mut solver) = solver_on(&problem, engine, None) else {
            return Ok(());
        };
        let mut forced = Vec::new();
        if let (Some(pick), false) = (forced_pick, spec.options.is_empty()) {
            let k = pick.index(spec.options.len());
            solver.force(k).unwrap();
            forced.push(k);
        }
        let expected = brute_force(&spec, &forced);
        let mut found: Vec<Vec<usize>> = solver.solutions().take(first).map(sorted).collect();
        let (stepped, _) = solver.count_step(budget, u64::MAX);
        let what = format!("{:?} first {first} stepped {stepped}", solver.engine_name());
        let before = found.len() as u64 + stepped;
        if count {
            let options = CountOptions { threads, ..CountOptions::default() };
            let counted = solver.count_with(&options, |_| ControlFlow::Continue(())).unwrap();
            prop_assert!(counted.is_complete(), "{}", what);
            prop_assert_eq!(before + counted.count.to_u64().unwrap(), expected.len() as u64, "{}", what);
        } else {
            let rest: Vec<Vec<usize>> = solver.solutions_on_threads(threads).unwrap().map(sorted).collect();
            prop_assert_eq!(before + rest.len() as u64, expected.len() as u64, "{}", what);
            if stepped == 0 {
                // Exactly the others, none twice.
                found.extend(rest);
                prop_assert_eq!(found.len(), expected.len(), "{}", what);
                prop_assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected.clone(), "{}", what);
            }
        }
        prop_assert_eq!(solver.solutions_counted().to_u64(), Some(expected.len() as u64), "{}", what);
        prop_assert!(solver.is_exhausted(), "{}", what);
    }
}
