//! Times the bitset engine against dancing links (`Solver::count`) and,
//! when given its path, Knuth's `ssxcc`, on problems read from DLX files:
//!
//! ```text
//! cargo run --release --example bitset_bench -- --write DIR      # the benchmark files
//! cargo run --release --example bitset_bench -- [--rounds N] [--ssxcc PATH] FILE.dlx...
//! ```
//!
//! `--write DIR` writes the standard instances (pentominoes 6x10, 5x12 and
//! 8x8 minus centre, queens 12-14, Langford 11-12, the builders of
//! `tests/common`) as DLX files. Otherwise each file is counted by every
//! contestant in turn, `N` rounds interleaved (default 3), and the medians
//! are printed with the counts and nodes, and the ratios `ssxcc / bitset`
//! and `dancing links / bitset` (above 1: the bitset engine is faster).
//! `ssxcc` is timed as a whole process reading the file (`ssxcc < FILE`),
//! its count and nodes read from its report. `--bitset-only` counts with
//! the bitset engine alone, once (for callgrind). `--widths SOLUTIONS`
//! times both engines to the first SOLUTIONS domino tilings of k x k boards
//! for growing k: where the bitset engine stops paying.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use exactcover::bitset::BitsetEngine;
use exactcover::{DlxProblem, Problem, Solver, Syntax};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(dir) = take_value(&mut args, "--write") {
        write_instances(Path::new(&dir));
        return;
    }
    let rounds: usize =
        take_value(&mut args, "--rounds").map_or(3, |r| r.parse().expect("--rounds N"));
    let ssxcc = take_value(&mut args, "--ssxcc");
    if let Some(limit) = take_value(&mut args, "--widths") {
        widths(limit.parse().expect("--widths SOLUTIONS"), rounds);
        return;
    }
    // For profilers: the bitset engine alone, once.
    if let Some(i) = args.iter().position(|a| a == "--bitset-only") {
        args.remove(i);
        for file in &args {
            let problem = read(file);
            let mut engine =
                BitsetEngine::new(&problem, None).expect("a problem the bitset engine takes");
            let count = engine.count_step(u64::MAX, u64::MAX).0;
            println!("{file}: {count} solutions, {:?}", engine.stats());
        }
        return;
    }
    println!(
        "{:<28} {:>10} {:>12} {:>9} {:>9} {:>9} {:>7} {:>7}",
        "instance", "count", "nodes", "bitset", "dlx", "ssxcc", "ss/bit", "dlx/bit"
    );
    for file in &args {
        let problem = read(file);
        let (mut bit, mut dlx, mut ss) = (Vec::new(), Vec::new(), Vec::new());
        let mut counts = (0, 0, None);
        let mut nodes = (0, None);
        for _ in 0..rounds {
            let start = Instant::now();
            let mut engine =
                BitsetEngine::new(&problem, None).expect("a problem the bitset engine takes");
            counts.0 = engine.count_step(u64::MAX, u64::MAX).0;
            bit.push(start.elapsed().as_secs_f64());
            nodes.0 = engine.stats().nodes;

            let start = Instant::now();
            counts.1 = Solver::new(&problem).count();
            dlx.push(start.elapsed().as_secs_f64());

            if let Some(path) = &ssxcc {
                let (seconds, count, ss_nodes) = run_ssxcc(path, file);
                ss.push(seconds);
                counts.2 = Some(count);
                nodes.1 = Some(ss_nodes);
            }
        }
        assert_eq!(counts.0, counts.1, "{file}: the engines disagree");
        if let Some(c) = counts.2 {
            assert_eq!(counts.0, c, "{file}: ssxcc disagrees");
        }
        let (b, d) = (median(&mut bit), median(&mut dlx));
        let name = Path::new(file)
            .file_stem()
            .map_or(file.clone(), |s| s.to_string_lossy().into_owned());
        let (s, ratio) = if ss.is_empty() {
            ("-".to_string(), "-".to_string())
        } else {
            let s = median(&mut ss);
            (format!("{s:.3}"), format!("{:.2}", s / b))
        };
        println!(
            "{name:<28} {:>10} {:>12} {b:>9.3} {d:>9.3} {s:>9} {ratio:>7} {:>7.2}",
            counts.0,
            nodes.0,
            d / b
        );
        if let Some(n) = nodes.1 {
            println!("{:<28} {:>10} {n:>12} (ssxcc's nodes)", "", "");
        }
    }
}

/// How the engines compare as the problem widens: domino tilings of k x k
/// boards (k^2 items, 2k(k-1) options), timed to the first `limit`
/// solutions, which both engines reach through the same tree.
fn widths(limit: u64, rounds: usize) {
    println!(
        "{:<14} {:>6} {:>8} {:>10} {:>10} {:>8}",
        "board", "items", "options", "bitset", "dlx", "dlx/bit"
    );
    for k in [8, 12, 16, 24, 32, 48] {
        let problem = common::dominoes(k, k);
        let (mut bit, mut dlx) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            let mut engine = BitsetEngine::new(&problem, None).expect("fits");
            let found = engine.count_step(u64::MAX, limit).0;
            bit.push(start.elapsed().as_secs_f64());
            let start = Instant::now();
            let mut solver = Solver::new(&problem);
            assert_eq!(solver.count_step(u64::MAX, limit).0, found);
            dlx.push(start.elapsed().as_secs_f64());
        }
        let (b, d) = (median(&mut bit), median(&mut dlx));
        println!(
            "{:<14} {:>6} {:>8} {b:>10.4} {d:>10.4} {:>8.2}",
            format!("dominoes {k}x{k}"),
            problem.num_items(),
            problem.num_options(),
            d / b
        );
    }
}

/// The problem of a DLX file.
fn read(file: &str) -> Problem {
    let text = std::fs::read_to_string(file).expect("a readable DLX file");
    DlxProblem::parse(&text, Syntax::Strict)
        .and_then(|d| d.to_problem())
        .expect("a DLX problem")
}

/// Removes `flag VALUE` from `args`, returning the value.
fn take_value(args: &mut Vec<String>, flag: &str) -> Option<String> {
    let i = args.iter().position(|a| a == flag)?;
    let value = args
        .get(i + 1)
        .cloned()
        .unwrap_or_else(|| panic!("{flag} needs a value"));
    args.drain(i..i + 2);
    Some(value)
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Runs `ssxcc < file` and returns its wall time and the solutions and
/// nodes it reports ("Altogether N solutions, ... mems, N nodes, ...").
fn run_ssxcc(path: &str, file: &str) -> (f64, u64, u64) {
    let input = std::fs::File::open(file).expect("the DLX file");
    let start = Instant::now();
    let out = Command::new(path)
        .stdin(Stdio::from(input))
        .output()
        .expect("ssxcc runs");
    let seconds = start.elapsed().as_secs_f64();
    let report =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let line = report
        .lines()
        .find(|l| l.starts_with("Altogether"))
        .unwrap_or_else(|| panic!("no summary from ssxcc: {report}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |after: &str| -> u64 {
        let k = words
            .iter()
            .position(|w| w.trim_end_matches(',') == after)
            .unwrap_or_else(|| panic!("no '{after}' in {line}"));
        words[k - 1]
            .trim_end_matches(',')
            .parse()
            .expect("a number")
    };
    (seconds, number("solutions"), number("nodes"))
}

/// Writes the standard instances as DLX files into `dir`.
fn write_instances(dir: &Path) {
    std::fs::create_dir_all(dir).expect("a directory for the files");
    let instances: Vec<(&str, Problem)> = vec![
        (
            "pentominoes-6x10",
            common::pentominoes(&common::rectangle(6, 10)),
        ),
        (
            "pentominoes-5x12",
            common::pentominoes(&common::rectangle(5, 12)),
        ),
        (
            "pentominoes-8x8-centre",
            common::pentominoes(&common::board_8x8_minus_centre()),
        ),
        ("queens-12", common::queens(12)),
        ("queens-13", common::queens(13)),
        ("queens-14", common::queens(14)),
        ("langford-11", common::langford(11)),
        ("langford-12", common::langford(12)),
    ];
    for (name, problem) in instances {
        let dlx = DlxProblem::from_problem(&problem, |i| format!("i{i}")).expect("writable");
        let path = dir.join(format!("{name}.dlx"));
        std::fs::write(&path, dlx.to_string()).expect("the file is written");
        println!("{}", path.display());
    }
}
