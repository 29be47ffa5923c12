//! Times the memoized count of a sweep on pentomino rectangles, swept
//! along their longest side one column at a time (the order of the Python
//! builders' `grids.sweep_order`):
//!
//! ```text
//! cargo run --release --example sweep_bench -- [--rounds N] [--memo-bytes B] [HxW...]
//! ```
//!
//! Default boards: 5x12 and 6x10, 3 rounds each; prints the median time,
//! the count, the nodes, the nanoseconds per node and the memo's figures.
//! With one round it is the run to give callgrind or perf
//! (`cargo build --profile profiling --example sweep_bench`).

use std::time::Instant;

use exactcover::{CountOptions, EngineChoice, MemoMode, MemoOptions, OrderMode, Solver};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut rounds = 3;
    if let Some(i) = args.iter().position(|a| a == "--rounds") {
        rounds = args[i + 1].parse().expect("--rounds N");
        args.drain(i..i + 2);
    }
    let mut max_bytes = exactcover::DEFAULT_MEMO_BYTES;
    if let Some(i) = args.iter().position(|a| a == "--memo-bytes") {
        max_bytes = args[i + 1].parse().expect("--memo-bytes N");
        args.drain(i..i + 2);
    }
    if args.is_empty() {
        args = vec!["5x12".into(), "6x10".into()];
    }
    println!(
        "{:<8} {:>8} {:>12} {:>9} {:>8} {:>10} {:>10} {:>9}",
        "board", "count", "nodes", "seconds", "ns/node", "lookups", "hits", "MB"
    );
    for board in &args {
        let (h, w) = board.split_once('x').expect("a board HxW");
        let (h, w): (i32, i32) = (h.parse().expect("rows"), w.parse().expect("columns"));
        let region = common::rectangle(h.min(w), h.max(w));
        let problem = common::pentominoes(&region);
        let mut order: Vec<usize> = (0..region.len()).collect();
        order.sort_by_key(|&k| (region[k].1, region[k].0));
        let order: Vec<usize> = order.into_iter().map(|k| 12 + k).collect();
        let options = CountOptions {
            order: OrderMode::Sweep,
            memo: MemoOptions {
                mode: MemoMode::Always,
                max_bytes,
                ..MemoOptions::default()
            },
            ..CountOptions::default()
        };
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..rounds {
            let start = Instant::now();
            let mut solver = Solver::with_engine(&problem, EngineChoice::Bitset, None)
                .expect("the bitset engine takes pentominoes");
            solver.set_sweep_order(&order).expect("an order of cells");
            let counted = common::count_with(&mut solver, &options).expect("a count");
            times.push(start.elapsed().as_secs_f64());
            last = Some(counted);
        }
        times.sort_by(f64::total_cmp);
        let t = times[times.len() / 2];
        let counted = last.expect("a round");
        let memo = counted.memo;
        println!(
            "{board:<8} {:>8} {:>12} {t:>9.3} {:>8.1} {:>10} {:>10} {:>9.1}",
            counted.count,
            counted.stats.nodes,
            t * 1e9 / counted.stats.nodes as f64,
            memo.lookups,
            memo.hits,
            memo.peak_bytes as f64 / 1e6,
        );
    }
}
