//! Counts the standard benchmark instances and prints time, nodes and updates:
//! `cargo run --release --example count_instances [NAME...]`. Meant for
//! profiling (`--profile profiling` keeps symbols for perf/callgrind).
//! `--threads N` counts on N threads; `--estimate N` also prints Knuth's
//! estimate of the tree from N random probes, beside the true numbers.
//! `--memo auto|always|never` counts with `Solver::count_with` and that
//! memo instead of `Solver::count` (so does `--threads N`), under a cap of
//! `--memo-bytes N` bytes if given.

use std::time::Instant;

use exactcover::{CountOptions, MemoMode, MemoOptions, Problem, Solver, DEFAULT_MEMO_BYTES};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let mut wanted: Vec<String> = std::env::args().skip(1).collect();
    // `--threads N` counts on N threads; `--estimate N` also prints Knuth's
    // estimate from N probes beside the truth.
    let threads = take_option(&mut wanted, "--threads").unwrap_or(1);
    let estimate = take_option(&mut wanted, "--estimate").unwrap_or(0);
    let memo_bytes = take_option(&mut wanted, "--memo-bytes");
    let memo = wanted.iter().position(|a| a == "--memo").map(|i| {
        let mode = match wanted.get(i + 1).map(String::as_str) {
            Some("auto") => MemoMode::Auto,
            Some("always") => MemoMode::Always,
            Some("never") => MemoMode::Never,
            _ => panic!("--memo auto|always|never"),
        };
        wanted.drain(i..i + 2);
        MemoOptions {
            mode,
            max_bytes: memo_bytes.map_or(DEFAULT_MEMO_BYTES, |b| b as usize),
            ..MemoOptions::default()
        }
    });
    type Build = Box<dyn Fn() -> Problem>;
    let mut instances: Vec<(String, Build, u128)> = vec![
        (
            "pentominoes-6x10".into(),
            Box::new(|| common::pentominoes(&common::rectangle(6, 10))),
            9356,
        ),
        (
            "pentominoes-5x12".into(),
            Box::new(|| common::pentominoes(&common::rectangle(5, 12))),
            4040,
        ),
        (
            "pentominoes-8x8-centre".into(),
            Box::new(|| common::pentominoes(&common::board_8x8_minus_centre())),
            520,
        ),
        ("queens-12".into(), Box::new(|| common::queens(12)), 14200),
        ("queens-13".into(), Box::new(|| common::queens(13)), 73712),
        ("queens-14".into(), Box::new(|| common::queens(14)), 365596),
        (
            "langford-11".into(),
            Box::new(|| common::langford(11)),
            35584,
        ),
        (
            "langford-12".into(),
            Box::new(|| common::langford(12)),
            216288,
        ),
        (
            "2n-queens-7".into(),
            Box::new(|| common::two_queens(7)),
            19448,
        ),
        (
            "2n-queens-8".into(),
            Box::new(|| common::two_queens(8)),
            477136,
        ),
        (
            "dominoes-8x8".into(),
            Box::new(|| common::dominoes(8, 8)),
            12_988_816,
        ),
        (
            "chain-1000000".into(),
            Box::new(|| common::forced_chain(1_000_000)),
            1,
        ),
    ];
    // Aztec diamonds of order 8 to 12: 2^(n(n+1)/2) tilings (memo only).
    for order in 8..=12usize {
        instances.push((
            format!("aztec-{order}"),
            Box::new(move || common::aztec_diamond(order)),
            1u128 << (order * (order + 1) / 2),
        ));
    }
    for (name, build, expected) in instances {
        if !wanted.is_empty() && !wanted.iter().any(|w| name.contains(w.as_str())) {
            continue;
        }
        let problem = build();
        let mut solver = Solver::new(&problem);
        let start = Instant::now();
        let count = if memo.is_none() && threads == 1 {
            u128::from(solver.count())
        } else {
            let options = CountOptions {
                threads: threads as usize,
                // Without --memo, threads count as Solver::count does.
                memo: memo.unwrap_or(MemoOptions {
                    mode: MemoMode::Never,
                    ..MemoOptions::default()
                }),
                ..CountOptions::default()
            };
            let counted = common::count_with(&mut solver, &options).unwrap();
            counted.count.to_u128().expect("fits")
        };
        let secs = start.elapsed().as_secs_f64();
        let stats = solver.stats();
        println!(
            "{name:24} {count:>9} {ok:5} {secs:8.3} s {nodes:>12} nodes {updates:>14} updates {rate:6.0} M updates/s",
            ok = if count == expected { "ok" } else { "WRONG" },
            nodes = stats.nodes,
            updates = stats.updates,
            rate = stats.updates as f64 / secs / 1e6,
        );
        if memo.is_some() {
            let m = solver.memo_stats();
            println!(
                "{:24} memo: active {}, {} lookups, {} hits, {} entries, peak {:.1} MB, {} evictions dropped {}",
                "",
                m.active,
                m.lookups,
                m.hits,
                m.entries,
                m.peak_bytes as f64 / 1e6,
                m.evictions,
                m.evicted
            );
        }
        if estimate > 0 {
            let start = Instant::now();
            let e = Solver::new(&problem).estimate(estimate, 1).unwrap();
            println!(
                "{:24} estimate from {estimate} probes ({:.3} s): {:.4e} nodes ({:.2}x the truth), {:.4e} solutions ({:.2}x)",
                "",
                start.elapsed().as_secs_f64(),
                e.nodes,
                e.nodes / stats.nodes as f64,
                e.solutions,
                e.solutions / count as f64,
            );
        }
    }
}

/// Removes `flag N` from the arguments and returns N.
fn take_option(args: &mut Vec<String>, flag: &str) -> Option<u64> {
    let i = args.iter().position(|a| a == flag)?;
    let n = args
        .get(i + 1)
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{flag} N: N must be a number"));
    args.drain(i..i + 2);
    Some(n)
}
