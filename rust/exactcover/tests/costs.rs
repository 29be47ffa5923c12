//! Property tests of costs and the solution graph's algebra: on random
//! small problems with random costs, the cheapest solutions (on the graph
//! and by branch and bound), the counts by size and by cost, weighted draws
//! and the ZDD text agree with a brute-force enumeration.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use exactcover::{BranchAndBound, Item, Problem, SolutionGraph, Solver, Subtree};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Spec {
    items: Vec<Item>,
    options: Vec<Vec<usize>>,
    costs: Vec<u64>,
    forced: Vec<usize>,
    /// The color of each entry (secondary items only), parallel to
    /// `options`; empty: no colors.
    colors: Vec<Vec<Option<u32>>>,
}

fn spec_strategy(multiplicities: bool) -> impl Strategy<Value = Spec> {
    let item = if multiplicities {
        prop_oneof![
            3 => Just(Item::PRIMARY),
            1 => Just(Item::SECONDARY),
            2 => (0u32..3, 0u32..2).prop_map(|(lo, extra)| Item { primary: true, lo, hi: (lo + extra).max(1) }),
        ]
        .boxed()
    } else {
        // A secondary item of bound 0 forbids its options.
        prop_oneof![
            6 => Just(Item::PRIMARY),
            2 => Just(Item::SECONDARY),
            1 => Just(Item { primary: false, lo: 0, hi: 0 }),
        ]
        .boxed()
    };
    (1usize..7)
        .prop_flat_map(move |n| {
            let options = proptest::collection::vec(
                proptest::collection::btree_set(0..n, 1..=n.min(3))
                    .prop_map(|s| s.into_iter().collect::<Vec<_>>()),
                0..12,
            );
            (proptest::collection::vec(item.clone(), n), options)
        })
        .prop_flat_map(|(items, options)| {
            let m = options.len();
            let costs = proptest::collection::vec(0u64..6, m);
            let forced = proptest::collection::vec(0..m.max(1), 0..2);
            (Just(items), Just(options), costs, forced)
        })
        .prop_map(|(items, options, costs, forced)| {
            let m = options.len();
            let mut forced: Vec<usize> = forced.into_iter().filter(|&k| k < m).collect();
            forced.dedup();
            Spec {
                items,
                options,
                costs,
                forced,
                colors: Vec::new(),
            }
        })
}

/// Problems without multiplicities whose secondary entries may take one of
/// two colors.
fn colored_spec_strategy() -> impl Strategy<Value = Spec> {
    spec_strategy(false).prop_flat_map(|spec| {
        let colors: Vec<_> = spec
            .options
            .iter()
            .map(|option| {
                let entry: Vec<_> = option
                    .iter()
                    .map(|&i| {
                        if spec.items[i] != Item::SECONDARY {
                            Just(None).boxed()
                        } else {
                            proptest::option::of(0u32..2).boxed()
                        }
                    })
                    .collect();
                entry
            })
            .collect();
        (Just(spec), colors).prop_map(|(mut spec, colors)| {
            spec.colors = colors;
            spec
        })
    })
}

fn build(spec: &Spec) -> Problem {
    let mut p = Problem::new();
    for &item in &spec.items {
        p.add_item(item).unwrap();
    }
    for (k, option) in spec.options.iter().enumerate() {
        let colors = spec.colors.get(k);
        p.add_colored_option(
            option
                .iter()
                .enumerate()
                .map(|(j, &i)| (i, colors.and_then(|c| c[j]))),
        )
        .unwrap();
    }
    p
}

/// Every subset of options containing the forced ones whose other options
/// each have a primary item, within every item's bounds.
fn brute_force(spec: &Spec) -> BTreeSet<Vec<usize>> {
    let m = spec.options.len();
    let mut out = BTreeSet::new();
    'subsets: for mask in 0u32..(1 << m) {
        if spec.forced.iter().any(|&f| mask & (1 << f) == 0) {
            continue;
        }
        let mut counts = vec![0u32; spec.items.len()];
        // The colors given to each item: one color alone may be shared.
        let mut given: Vec<BTreeSet<Option<u32>>> = vec![BTreeSet::new(); spec.items.len()];
        for (k, option) in spec.options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                if !spec.forced.contains(&k) && !option.iter().any(|&i| spec.items[i].primary) {
                    continue 'subsets;
                }
                for (j, &i) in option.iter().enumerate() {
                    counts[i] += 1;
                    given[i].insert(spec.colors.get(k).and_then(|c| c[j]));
                }
            }
        }
        let shared = |i: usize| given[i].len() == 1 && !given[i].contains(&None);
        let ok = spec
            .items
            .iter()
            .zip(&counts)
            .enumerate()
            .all(|(i, (item, &c))| {
                (c <= item.hi || (item.hi == 1 && shared(i))) && (!item.primary || c >= item.lo)
            });
        if ok {
            out.insert((0..m).filter(|k| mask & (1 << k) != 0).collect());
        }
    }
    out
}

fn cost_of(spec: &Spec, solution: &[usize]) -> u64 {
    solution.iter().map(|&k| spec.costs[k]).sum()
}

fn graph_of(spec: &Spec) -> SolutionGraph {
    let mut solver = Solver::new(&build(spec));
    for &k in &spec.forced {
        solver.force(k).unwrap();
    }
    solver.solution_graph(1 << 24).unwrap()
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}

/// `found` is a list of k best: distinct solutions, each with its own cost,
/// costs the `k` least of the brute force's.
fn check_k_best(spec: &Spec, all: &BTreeSet<Vec<usize>>, found: &[(u64, Vec<usize>)], k: usize) {
    let mut costs: Vec<u64> = all.iter().map(|s| cost_of(spec, s)).collect();
    costs.sort_unstable();
    costs.truncate(k);
    let got: Vec<u64> = found.iter().map(|(c, _)| *c).collect();
    assert_eq!(got, costs);
    let mut seen = BTreeSet::new();
    for (c, s) in found {
        let s = sorted(s.clone());
        assert!(all.contains(&s), "{s:?} is not a solution");
        assert_eq!(*c, cost_of(spec, &s));
        assert!(seen.insert(s), "a solution twice");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn graph_cheapest_matches_brute_force(spec in spec_strategy(true), k in 1usize..6) {
        let all = brute_force(&spec);
        let graph = graph_of(&spec);
        let found = graph.cheapest(&spec.costs, k);
        check_k_best(&spec, &all, &found, k);
        // Ties come in the order the graph lists its solutions.
        let order: HashMap<Vec<usize>, usize> = graph
            .solutions()
            .enumerate()
            .map(|(n, s)| (s, n))
            .collect();
        for pair in found.windows(2) {
            if pair[0].0 == pair[1].0 {
                prop_assert!(order[&pair[0].1] < order[&pair[1].1]);
            }
        }
        // Floats give the same costs.
        let float_costs: Vec<f64> = spec.costs.iter().map(|&c| c as f64).collect();
        let floats: Vec<f64> = graph.cheapest(&float_costs, k).iter().map(|(c, _)| *c).collect();
        let ints: Vec<f64> = found.iter().map(|(c, _)| *c as f64).collect();
        prop_assert_eq!(floats, ints);
    }

    #[test]
    fn branch_and_bound_matches_brute_force(spec in spec_strategy(false), k in 1usize..6) {
        let all = brute_force(&spec);
        let mut bb = BranchAndBound::new(&build(&spec), &spec.costs, &spec.forced, k).unwrap();
        // Small slices: the search resumes where it paused.
        while !bb.step(3) {}
        check_k_best(&spec, &all, &bb.best(), k);
        let float_costs: Vec<f64> = spec.costs.iter().map(|&c| c as f64).collect();
        let mut bb = BranchAndBound::new(&build(&spec), &float_costs, &spec.forced, k).unwrap();
        while !bb.step(u64::MAX) {}
        let floats: Vec<f64> = bb.best().iter().map(|(c, _)| *c).collect();
        let mut costs: Vec<u64> = all.iter().map(|s| cost_of(&spec, s)).collect();
        costs.sort_unstable();
        costs.truncate(k);
        prop_assert_eq!(floats, costs.iter().map(|&c| c as f64).collect::<Vec<_>>());
    }

    /// Within a subtree: the forced options and none of the excluded ones
    /// (a forced option may be excluded too: then there is no solution).
    #[test]
    fn branch_and_bound_within_a_subtree_matches_brute_force(
        spec in colored_spec_strategy(),
        mask: u32,
        k in 1usize..6,
    ) {
        let excluded: Vec<usize> = (0..spec.options.len()).filter(|&o| mask & (1 << o) != 0).collect();
        let all: BTreeSet<Vec<usize>> = brute_force(&spec)
            .into_iter()
            .filter(|s| !s.iter().any(|o| excluded.contains(o)))
            .collect();
        let subtree = Subtree { forced: spec.forced.clone(), excluded };
        let mut bb = BranchAndBound::within(&build(&spec), &spec.costs, &subtree, k).unwrap();
        while !bb.step(2) {}
        check_k_best(&spec, &all, &bb.best(), k);
    }

    #[test]
    fn branch_and_bound_with_colors_matches_brute_force(spec in colored_spec_strategy(), k in 1usize..6) {
        let all = brute_force(&spec);
        let mut bb = BranchAndBound::new(&build(&spec), &spec.costs, &spec.forced, k).unwrap();
        while !bb.step(2) {}
        check_k_best(&spec, &all, &bb.best(), k);
        // The solution graph agrees.
        let graph = graph_of(&spec);
        let by_graph: Vec<u64> = graph.cheapest(&spec.costs, k).iter().map(|(c, _)| *c).collect();
        let by_branch: Vec<u64> = bb.best().iter().map(|(c, _)| *c).collect();
        prop_assert_eq!(by_graph, by_branch);
    }

    #[test]
    fn counts_by_cost_and_size_match_brute_force(spec in spec_strategy(true)) {
        let all = brute_force(&spec);
        let graph = graph_of(&spec);
        let mut by_cost: BTreeMap<u64, u64> = BTreeMap::new();
        let mut by_size: BTreeMap<usize, u64> = BTreeMap::new();
        for s in &all {
            *by_cost.entry(cost_of(&spec, s)).or_default() += 1;
            *by_size.entry(s.len()).or_default() += 1;
        }
        let got: BTreeMap<u64, u64> = graph
            .counts_by_cost(&spec.costs)
            .into_iter()
            .map(|(c, n)| (c, n.to_u64().unwrap()))
            .collect();
        prop_assert_eq!(got, by_cost);
        let sizes = graph.counts_by_size();
        let got: BTreeMap<usize, u64> = sizes
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.is_zero())
            .map(|(s, n)| (s, n.to_u64().unwrap()))
            .collect();
        prop_assert_eq!(got, by_size);
        prop_assert!(sizes.last().map_or(true, |n| !n.is_zero()));
    }

    #[test]
    fn zdd_text_spells_the_solutions(spec in spec_strategy(true)) {
        let all = brute_force(&spec);
        let graph = graph_of(&spec);
        let text = graph.to_zdd_text();
        let read = read_zdd(&text, all.len() == 1 && all.contains(&Vec::new()));
        prop_assert_eq!(read, all);
    }

    #[test]
    fn weighted_draws_are_solutions_of_positive_weight(spec in spec_strategy(true), seed: u64) {
        let all = brute_force(&spec);
        let graph = graph_of(&spec);
        // Options of even cost weigh nothing.
        let weights: Vec<f64> = spec.costs.iter().map(|&c| if c % 2 == 0 { 0.0 } else { c as f64 }).collect();
        let heavy: Vec<&Vec<usize>> = all
            .iter()
            .filter(|s| s.iter().all(|&k| weights[k] > 0.0))
            .collect();
        // None: no solution of positive weight, or none at all (the graph
        // of no solution drew k copies of the forced options).
        match graph.sample_weighted(&weights, 20, seed) {
            None => prop_assert!(heavy.is_empty()),
            Some(drawn) => {
                prop_assert_eq!(drawn.len(), 20);
                for s in drawn {
                    let s = sorted(s);
                    prop_assert!(heavy.contains(&&s));
                }
            }
        }
    }
}

/// Reads the ZDD text back (the last line is the root) and lists its family
/// of sets, each sorted.
fn read_zdd(text: &str, empty_set_only: bool) -> BTreeSet<Vec<usize>> {
    let mut nodes: HashMap<u64, (usize, u64, u64)> = HashMap::new();
    let mut root = None;
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (v, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let id = u64::from_str_radix(id, 16).unwrap();
        let parse = |s: &str| u64::from_str_radix(s, 16).unwrap();
        nodes.insert(id, (v.parse().unwrap(), parse(lo), parse(hi)));
        root = Some(id);
    }
    fn family(nodes: &HashMap<u64, (usize, u64, u64)>, id: u64) -> Vec<Vec<usize>> {
        match id {
            0 => vec![],
            1 => vec![vec![]],
            _ => {
                let (v, lo, hi) = nodes[&id];
                let mut out = family(nodes, lo);
                out.extend(family(nodes, hi).into_iter().map(|mut s| {
                    s.push(v);
                    s
                }));
                out
            }
        }
    }
    let root = root.unwrap_or(if empty_set_only { 1 } else { 0 });
    family(&nodes, root).into_iter().map(sorted).collect()
}

#[test]
fn an_option_forced_twice_is_forced_once() {
    // As `Solver::force` takes it: the solutions with option 2, not none
    // (the second copy did not fit beside the first).
    let mut p = Problem::with_items(3, 0);
    for option in [[0, 1].as_slice(), &[0], &[1], &[2], &[0, 1, 2]] {
        p.add_option(option.iter().copied()).unwrap();
    }
    let costs = [1u64; 5];
    let mut once = BranchAndBound::new(&p, &costs, &[3], 10).unwrap();
    while !once.step(100) {}
    let mut twice = BranchAndBound::new(&p, &costs, &[3, 3], 10).unwrap();
    while !twice.step(100) {}
    assert_eq!(twice.best().len(), 2);
    assert_eq!(twice.best(), once.best());
}

#[test]
#[should_panic(expected = "BranchAndBound::new: 2 costs for 5 options")]
fn too_few_costs_are_a_clear_panic() {
    let mut p = Problem::with_items(1, 0);
    for _ in 0..5 {
        p.add_option([0]).unwrap();
    }
    let _ = BranchAndBound::new(&p, &[1u64, 2], &[], 1);
}
