//! Problem builders shared by the integration tests and the criterion benches.
#![allow(dead_code)]

use exactcover::{Item, Problem};
use proptest::prelude::*;

/// n-queens: rows and columns primary, diagonals secondary. Option `i * n + j`
/// puts a queen on square (i, j).
pub fn queens(n: usize) -> Problem {
    queens_with(n, Item::PRIMARY, Item::SECONDARY)
}

/// 2n-queens (OEIS A225623): exactly two queens in every row and column, at most
/// two on every diagonal.
pub fn two_queens(n: usize) -> Problem {
    queens_with(
        n,
        Item {
            primary: true,
            lo: 2,
            hi: 2,
        },
        Item {
            primary: false,
            lo: 0,
            hi: 2,
        },
    )
}

fn queens_with(n: usize, line: Item, diagonal: Item) -> Problem {
    let mut p = Problem::new();
    let rows: Vec<usize> = (0..n).map(|_| p.add_item(line).unwrap()).collect();
    let cols: Vec<usize> = (0..n).map(|_| p.add_item(line).unwrap()).collect();
    let diag: Vec<usize> = (0..2 * n - 1)
        .map(|_| p.add_item(diagonal).unwrap())
        .collect();
    let anti: Vec<usize> = (0..2 * n - 1)
        .map(|_| p.add_item(diagonal).unwrap())
        .collect();
    for i in 0..n {
        for j in 0..n {
            p.add_option([rows[i], cols[j], diag[i + n - 1 - j], anti[i + j]])
                .unwrap();
        }
    }
    p
}

/// Langford pairs (OEIS A014552 counts each pair of mirror images once; this
/// problem counts both): place two copies of each k in 1..=n in 2n slots with
/// k slots between them.
pub fn langford(n: usize) -> Problem {
    let mut p = Problem::with_items(3 * n, 0);
    for k in 1..=n {
        for i in 0..2 * n {
            let j = i + k + 1;
            if j < 2 * n {
                p.add_option([k - 1, n + i, n + j]).unwrap();
            }
        }
    }
    p
}

/// The twelve pentominoes as (name, cells) in one fixed orientation.
pub const PENTOMINOES: [(&str, [(i32, i32); 5]); 12] = [
    ("F", [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ("I", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ("L", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ("N", [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ("T", [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ("U", [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ("V", [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ("Y", [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ("Z", [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// Tiling a region (given as a list of cells) with the twelve pentominoes in all
/// their orientations: items are the 12 pieces then the cells.
pub fn pentominoes(region: &[(i32, i32)]) -> Problem {
    let mut p = Problem::with_items(12 + region.len(), 0);
    let cell_index = |c: (i32, i32)| region.iter().position(|&r| r == c);
    for (k, (_, cells)) in PENTOMINOES.iter().enumerate() {
        let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
        for t in 0..8 {
            let mut shape: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(i, j)| {
                    let (i, j) = if t & 4 != 0 { (j, i) } else { (i, j) };
                    let i = if t & 1 != 0 { -i } else { i };
                    let j = if t & 2 != 0 { -j } else { j };
                    (i, j)
                })
                .collect();
            shape.sort();
            let (oi, oj) = shape[0];
            for c in shape.iter_mut() {
                *c = (c.0 - oi, c.1 - oj);
            }
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
        for shape in &shapes {
            for &(ri, rj) in region {
                let placed: Option<Vec<usize>> = shape
                    .iter()
                    .map(|&(i, j)| cell_index((ri + i, rj + j)))
                    .collect();
                if let Some(cells) = placed {
                    let mut option = vec![k];
                    option.extend(cells.into_iter().map(|c| 12 + c));
                    p.add_option(option).unwrap();
                }
            }
        }
    }
    p
}

/// The h x w rectangle.
pub fn rectangle(h: i32, w: i32) -> Vec<(i32, i32)> {
    (0..h).flat_map(|i| (0..w).map(move |j| (i, j))).collect()
}

/// The 8x8 board minus its central 2x2 square.
pub fn board_8x8_minus_centre() -> Vec<(i32, i32)> {
    rectangle(8, 8)
        .into_iter()
        .filter(|&(i, j)| !((3..5).contains(&i) && (3..5).contains(&j)))
        .collect()
}

/// Domino tilings of a `rows` x `cols` board: cells are items, dominoes
/// options.
pub fn dominoes(rows: usize, cols: usize) -> Problem {
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

/// A forced chain: `n` items, item k in one option, `{k}`. One solution,
/// `n` levels deep, every node with one branch: the choice of an item must
/// not cost O(items) per node (issue 11).
pub fn forced_chain(n: usize) -> Problem {
    let mut p = Problem::with_items(n, 0);
    for k in 0..n {
        p.add_option([k]).unwrap();
    }
    p
}

/// [`Solver::count_with`] without a callback.
pub fn count_with(
    solver: &mut exactcover::Solver,
    options: &exactcover::CountOptions,
) -> Result<exactcover::Counted, exactcover::Error> {
    solver.count_with(options, |_| std::ops::ControlFlow::Continue(()))
}

/// Every remaining solution counted on this thread with the memo of
/// `memo`: the count, checked complete.
pub fn count_memo(
    solver: &mut exactcover::Solver,
    memo: exactcover::MemoOptions,
) -> exactcover::Count {
    let options = exactcover::CountOptions {
        memo,
        ..exactcover::CountOptions::default()
    };
    let counted = count_with(solver, &options).expect("a count on one thread");
    assert!(counted.is_complete());
    counted.count
}

/// Every solution counted on `threads` threads (the default memo): the
/// count, checked complete, as a `u64`.
pub fn count_threads(
    solver: &mut exactcover::Solver,
    threads: usize,
) -> Result<u64, exactcover::Error> {
    let options = exactcover::CountOptions {
        threads,
        ..exactcover::CountOptions::default()
    };
    let counted = count_with(solver, &options)?;
    assert!(counted.is_complete());
    Ok(counted.count.to_u64().expect("a count that fits"))
}

/// Every solution counted on `threads` threads started at once, donating
/// after every node (tiny trees go through every path of the parallel
/// count), memoizing as `memo` says.
pub fn count_eager(
    solver: &mut exactcover::Solver,
    threads: usize,
    memo: exactcover::MemoOptions,
) -> exactcover::Count {
    let options = exactcover::CountOptions {
        threads,
        memo,
        nodes_per_slice: Some(1),
        ..exactcover::CountOptions::default()
    };
    let counted = count_with(solver, &options).expect("a count at the root");
    assert!(counted.is_complete());
    counted.count
}

/// Domino tilings of the Aztec diamond of order `n`: the `2n(n+1)` cells
/// inside `|x| + |y| <= n + 1` of a `2n x 2n` board, row by row (as
/// `exactcover.dominoes.aztec_diamond`); it has `2^(n(n+1)/2)` tilings.
pub fn aztec_diamond(n: usize) -> Problem {
    let inside =
        |r: usize, c: usize| (2 * r + 1).abs_diff(2 * n) + (2 * c + 1).abs_diff(2 * n) <= 2 * n;
    let mut id = vec![usize::MAX; 4 * n * n];
    let mut cells = 0;
    for r in 0..2 * n {
        for c in 0..2 * n {
            if inside(r, c) {
                id[r * 2 * n + c] = cells;
                cells += 1;
            }
        }
    }
    let mut p = Problem::with_items(cells, 0);
    for r in 0..2 * n {
        for c in 0..2 * n {
            if !inside(r, c) {
                continue;
            }
            let a = id[r * 2 * n + c];
            if c + 1 < 2 * n && inside(r, c + 1) {
                p.add_option([a, id[r * 2 * n + c + 1]]).unwrap();
            }
            if r + 1 < 2 * n && inside(r + 1, c) {
                p.add_option([a, id[(r + 1) * 2 * n + c]]).unwrap();
            }
        }
    }
    p
}

/// A random problem: primary, secondary and forbidden (secondary of bound
/// 0) items, and options of one to four items.
pub fn problem_strategy(max_items: usize, max_options: usize) -> impl Strategy<Value = Problem> {
    (1..=max_items)
        .prop_flat_map(move |n| {
            let kinds = proptest::collection::vec(0u8..10, n);
            let options = proptest::collection::vec(
                proptest::collection::btree_set(0..n, 1..=n.min(4)),
                0..=max_options,
            );
            (kinds, options)
        })
        .prop_map(|(kinds, options)| {
            let mut p = Problem::new();
            for k in kinds {
                let item = match k {
                    0..=5 => Item::PRIMARY,
                    6..=8 => Item::SECONDARY,
                    _ => Item {
                        primary: false,
                        lo: 0,
                        hi: 0,
                    },
                };
                p.add_item(item).unwrap();
            }
            for o in options {
                p.add_option(o).unwrap();
            }
            p
        })
}
