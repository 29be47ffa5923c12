//! Criterion benchmarks of the core: counting all solutions of the standard
//! instances (the same ones as the Python comparison in `benches/` at the top
//! of the repository, those that count in well under a second), proving hard
//! Sudoku puzzles unique, building problems, and counting on two threads.
//!
//! `cargo bench -p exactcover` (or `-- queens` for a subset). The larger
//! instances (pentominoes 6x10, 14-queens, ...) are timed by
//! `cargo run --release --example count_instances`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use exactcover::{Problem, Solver, Step};

#[path = "../tests/common/mod.rs"]
mod common;

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    let instances = [
        ("queens-10", common::queens(10), 724u64),
        ("queens-12", common::queens(12), 14200),
        ("queens-13", common::queens(13), 73712),
        ("2n-queens-6", common::two_queens(6), 1097),
        ("2n-queens-7", common::two_queens(7), 19448),
        ("langford-9", common::langford(9), 0),
        ("langford-11", common::langford(11), 35584),
        (
            "pentominoes-8x8-centre",
            common::pentominoes(&common::board_8x8_minus_centre()),
            520,
        ),
    ];
    for (name, problem, expected) in instances {
        group.bench_function(name, |b| {
            b.iter(|| {
                let count = Solver::new(&problem).count();
                assert_eq!(count, expected, "{name}");
                count
            })
        });
    }
    group.finish();
}

fn parallel(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_threads_2");
    group.sample_size(10);
    let instances = [
        ("queens-13", common::queens(13), 73712u64),
        (
            "pentominoes-8x8-centre",
            common::pentominoes(&common::board_8x8_minus_centre()),
            520,
        ),
    ];
    for (name, problem, expected) in instances {
        group.bench_function(name, |b| {
            b.iter(|| {
                let count = common::count_threads(&mut Solver::new(&problem), 2).unwrap();
                assert_eq!(count, expected, "{name}");
                count
            })
        });
    }
    group.finish();
}

/// Hard 9x9 puzzles (the same as in `benches/instances.py`), 81 characters
/// each, `.` for an empty cell.
const SUDOKU: [&str; 6] = [
    // Arto Inkala's (2012)
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    // AI Escargot
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    // Easter Monster
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    // Platinum Blonde
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    // Against naive backtracking
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    // top95 #2
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
];

/// A Sudoku as exact cover with its givens applied: options (row, column,
/// digit) for the empty cells and the digits the givens still allow.
fn sudoku(puzzle: &str) -> Problem {
    let cells: Vec<Option<usize>> = puzzle
        .bytes()
        .map(|b| (b'1'..=b'9').contains(&b).then(|| (b - b'1') as usize))
        .collect();
    assert_eq!(cells.len(), 81);
    // Items: cell (81), row-digit (81), column-digit (81), box-digit (81).
    let mut used = [false; 4 * 81];
    for (k, d) in cells.iter().enumerate() {
        if let Some(d) = *d {
            let (r, c) = (k / 9, k % 9);
            used[81 + r * 9 + d] = true;
            used[162 + c * 9 + d] = true;
            used[243 + (r / 3 * 3 + c / 3) * 9 + d] = true;
        }
    }
    let mut p = Problem::with_items(4 * 81, 0);
    for (k, given) in cells.iter().enumerate() {
        if given.is_some() {
            continue;
        }
        let (r, c) = (k / 9, k % 9);
        for d in 0..9 {
            let option = [
                k,
                81 + r * 9 + d,
                162 + c * 9 + d,
                243 + (r / 3 * 3 + c / 3) * 9 + d,
            ];
            if option[1..].iter().all(|&i| !used[i]) {
                p.add_option(option).unwrap();
            }
        }
    }
    // Items covered by the givens have no options left; drop them by
    // rebuilding with only the items some option uses.
    let mut renumber = vec![usize::MAX; 4 * 81];
    let mut q_items = 0;
    let mut options = Vec::new();
    for k in 0..p.num_options() {
        let option: Vec<usize> = p.option(k).collect();
        for &i in &option {
            if renumber[i] == usize::MAX {
                renumber[i] = q_items;
                q_items += 1;
            }
        }
        options.push(option);
    }
    let mut q = Problem::with_items(q_items, 0);
    for option in options {
        q.add_option(option.into_iter().map(|i| renumber[i]))
            .unwrap();
    }
    q
}

fn sudoku_unique(c: &mut Criterion) {
    let problems: Vec<Problem> = SUDOKU.iter().map(|p| sudoku(p)).collect();
    c.bench_function("sudoku/6-hard-puzzles-count-limit-2", |b| {
        b.iter(|| {
            for problem in &problems {
                let (found, _) = Solver::new(problem).count_step(u64::MAX, 2);
                assert_eq!(found, 1);
            }
        })
    });
    c.bench_function("sudoku/6-hard-puzzles-build-and-count", |b| {
        b.iter(|| {
            for puzzle in SUDOKU {
                let mut solver = Solver::new(&sudoku(puzzle));
                let (found, step) = solver.count_step(u64::MAX, 2);
                assert_eq!((found, step), (1, Step::Exhausted));
            }
        })
    });
}

fn building(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.sample_size(20);
    let region = common::rectangle(6, 10);
    group.bench_function("problem/pentominoes-6x10", |b| {
        b.iter(|| common::pentominoes(&region))
    });
    let problem = common::pentominoes(&region);
    group.bench_function("solver/pentominoes-6x10", |b| {
        b.iter(|| Solver::new(&problem))
    });
    // 100,000 options of 5 items among 200,000 (a fixed pseudo-random choice).
    let mut state = 1u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let options: Vec<Vec<usize>> = (0..100_000)
        .map(|_| {
            let mut o: Vec<usize> = Vec::with_capacity(5);
            while o.len() < 5 {
                let i = (next() % 200_000) as usize;
                if !o.contains(&i) {
                    o.push(i);
                }
            }
            o
        })
        .collect();
    group.bench_function("problem-and-solver/100000x5", |b| {
        b.iter_batched(
            || options.clone(),
            |options| {
                let mut p = Problem::with_items(200_000, 0);
                for o in options {
                    p.add_option(o).unwrap();
                }
                Solver::new(&p)
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, counting, parallel, sudoku_unique, building);
criterion_main!(benches);
