//! Unit tests of what the bitset engine offers inside the crate: the hooks
//! (a memo keyed by [`BitsetEngine::state_key`]) and the random probes.
//! The public methods are tested against dancing links in `tests/bitset.rs`.

use std::collections::HashMap;

use proptest::prelude::*;

use super::{choose, choose_fixed, BitsetEngine, KeyLayout, FIXED_LANES, SENTINEL};
use crate::engine::{Hooks, Step};
use crate::rng::SplitMix64;
use crate::{Problem, Solver};

/// A memo in its simplest form: the count of every sub-problem whose node
/// branched, keyed by the engine's key, looked up at every node entered.
struct TestMemo {
    layout: KeyLayout,
    table: HashMap<Vec<u64>, u64>,
    /// The key and the count so far of each level of the search stack.
    frames: Vec<(Vec<u64>, u64)>,
    scratch: Vec<u64>,
    total: u64,
    hits: u64,
}

impl TestMemo {
    fn new(layout: KeyLayout) -> TestMemo {
        TestMemo {
            layout,
            table: HashMap::new(),
            frames: Vec::new(),
            scratch: Vec::new(),
            total: 0,
            hits: 0,
        }
    }

    fn add(&mut self, count: u64) {
        match self.frames.last_mut() {
            Some(frame) => frame.1 += count,
            None => self.total += count,
        }
    }

    /// Counts the solutions of `engine` through the memo, in slices of
    /// `budget` nodes.
    fn count(&mut self, engine: &mut BitsetEngine, budget: u64) -> u64 {
        self.total = 0;
        while engine.count_step_with(budget, u64::MAX, self).1 != Step::Exhausted {}
        assert!(self.frames.is_empty());
        self.total
    }
}

impl Hooks<BitsetEngine> for TestMemo {
    const ACTIVE: bool = true;

    fn enter(&mut self, engine: &BitsetEngine) -> bool {
        engine.write_key(&self.layout, &mut self.scratch);
        match self.table.get(&self.scratch) {
            Some(&count) => {
                self.hits += 1;
                self.add(count);
                true
            }
            None => false,
        }
    }

    fn solved(&mut self, _: &BitsetEngine) {
        self.add(1);
    }

    fn dead_end(&mut self, _: &BitsetEngine) {}

    fn branch(&mut self, engine: &BitsetEngine) {
        assert_eq!(engine.check_invariants(), Ok(()));
        self.frames.push((self.scratch.clone(), 0));
    }

    fn leave(&mut self, _: &BitsetEngine) {
        let (key, count) = self.frames.pop().expect("a frame per level");
        self.table.insert(key, count);
        self.add(count);
    }
}

/// Domino tilings of a `rows` x `cols` board.
fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut p = Problem::with_items(rows * cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                p.add_option([cell, cell + 1]).unwrap();
            }
            if r + 1 < rows {
                p.add_option([cell, cell + cols]).unwrap();
            }
        }
    }
    p
}

/// n-queens with the diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut p = Problem::with_items(2 * n, 4 * n - 2);
    for i in 0..n {
        for j in 0..n {
            p.add_option([i, n + j, 2 * n + i + n - 1 - j, 2 * n + 2 * n - 1 + i + j])
                .unwrap();
        }
    }
    p
}

#[test]
fn memo_hits_and_counts_dominoes() {
    // 6 x 8: 167,089 tilings (OEIS A004003 row); 8 columns and 48 cells,
    // and then 64 cells: the covered set is a whole word of ones at the end.
    for (rows, cols, tilings) in [(6, 8, 167_089u64), (8, 8, 12_988_816)] {
        let p = dominoes(rows, cols);
        let mut engine = BitsetEngine::new(&p, None).unwrap();
        let mut memo = TestMemo::new(engine.key_layout(&[]));
        assert_eq!(memo.count(&mut engine, 1000), tilings);
        assert!(memo.hits > 0);
        // Far fewer nodes than solutions: the memo skipped subtrees.
        assert!(engine.stats().nodes < tilings / 10, "{:?}", engine.stats());
    }
}

#[test]
fn memo_keys_hold_across_roots() {
    // One memo filled under one root serves another root of the same
    // problem: the keys list the excluded options that matter.
    let p = dominoes(4, 6);
    let total = Solver::new(&p).count();
    let mut first = BitsetEngine::new(&p, None).unwrap();
    first.exclude(3);
    let mut memo = TestMemo::new(first.key_layout(&[3]));
    let without_3 = memo.count(&mut first, u64::MAX);
    let mut second = BitsetEngine::new(&p, None).unwrap();
    second.force(3);
    memo.layout = second.key_layout(&[3]);
    let with_3 = memo.count(&mut second, u64::MAX);
    assert_eq!(without_3 + with_3, total);
    let mut plain = Solver::new(&p);
    plain.force(3).unwrap();
    assert_eq!(with_3, plain.count());
    // And the whole problem, with a memo that saw both halves.
    let mut whole = BitsetEngine::new(&p, None).unwrap();
    memo.layout = whole.key_layout(&[]);
    memo.hits = 0;
    assert_eq!(memo.count(&mut whole, u64::MAX), total);
    assert!(memo.hits > 0);
}

proptest! {
    /// On random problems with secondary items, a memoized count through
    /// the hooks equals the plain count, whatever the slices.
    #[test]
    fn memo_count_equals_plain_count(
        primary in 1usize..9,
        secondary in 0usize..4,
        options in proptest::collection::vec(proptest::collection::btree_set(0usize..12, 1..4), 0..24),
        budget in 1u64..50,
    ) {
        let n = primary + secondary;
        let mut p = Problem::with_items(primary, secondary);
        for o in &options {
            let items: std::collections::BTreeSet<usize> = o.iter().map(|&i| i % n).collect();
            p.add_option(items).unwrap();
        }
        let expected = Solver::new(&p).count();
        let mut engine = BitsetEngine::new(&p, None).unwrap();
        let mut memo = TestMemo::new(engine.key_layout(&[]));
        prop_assert_eq!(memo.count(&mut engine, budget), expected);
    }
}

#[test]
fn probes_estimate_the_tree() {
    // The mean of many probes is close to the true numbers of nodes and
    // solutions (Knuth's estimator is unbiased for this engine's tree).
    for n in [6, 8] {
        let p = queens(n);
        let mut engine = BitsetEngine::new(&p, None).unwrap();
        let mut rng = SplitMix64::new(n as u64);
        let runs = 20_000;
        let (mut nodes, mut solutions) = (0.0, 0.0);
        for _ in 0..runs {
            let (a, b, depth) = engine.probe(&mut rng, &mut || true).unwrap();
            assert!(depth <= n);
            nodes += a;
            solutions += b;
        }
        assert_eq!(engine.check_invariants(), Ok(()));
        assert_eq!(engine.stats(), Default::default());
        let (count, _) = engine.count_step(u64::MAX, u64::MAX);
        let truth = engine.stats().nodes as f64;
        let (nodes, solutions) = (nodes / runs as f64, solutions / runs as f64);
        assert!((nodes / truth - 1.0).abs() < 0.05, "{nodes} vs {truth}");
        assert!(
            (solutions / count as f64 - 1.0).abs() < 0.1,
            "{solutions} vs {count}"
        );
    }
}

#[test]
fn a_probe_stops_when_told() {
    let p = queens(8);
    let mut engine = BitsetEngine::new(&p, Some(3)).unwrap();
    let mut calls = 0;
    let mut rng = SplitMix64::new(1);
    assert_eq!(
        engine.probe(&mut rng, &mut || {
            calls += 1;
            calls < 3
        }),
        None
    );
    assert_eq!(engine.check_invariants(), Ok(()));
    assert_eq!(engine.count_step(u64::MAX, u64::MAX).0, 92);
}

proptest! {
    /// The keyed minimum of the unrolled loop chooses as `choose` does:
    /// the fewest options, the lowest item on ties, a dead end at a 0 and
    /// a solution where every counter is SENTINEL (counts up to 256, the
    /// most the unrolled loop meets; lanes from 16 to 64).
    #[test]
    fn choose_fixed_agrees_with_choose(
        groups in 1usize..=4,
        cells in proptest::collection::vec(
            prop_oneof![Just(SENTINEL), Just(0u16), 1u16..4, 0u16..=256],
            FIXED_LANES,
        ),
    ) {
        let lanes = groups * 16;
        let mut counts = [SENTINEL; FIXED_LANES];
        counts[..lanes].copy_from_slice(&cells[..lanes]);
        let chosen = choose(&counts[..lanes], false);
        prop_assert_eq!(choose_fixed::<64>(&counts, false), chosen);
        if lanes <= 32 {
            prop_assert_eq!(choose_fixed::<32>(&counts, false), chosen);
        }
        prop_assert_eq!(choose_fixed::<64>(&counts, true), choose(&counts, true));
    }
}
