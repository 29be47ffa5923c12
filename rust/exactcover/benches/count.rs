//! Criterion benchmarks of the core: counting all solutions of standard
//! instances (the same ones as the Python benchmarks in `benches/` at the top).

use criterion::{criterion_group, criterion_main, Criterion};
use exactcover::Solver;

#[path = "../tests/common/mod.rs"]
mod common;

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    let instances = [
        ("queens-10", common::queens(10), 724u64),
        ("queens-12", common::queens(12), 14200),
        ("2n-queens-6", common::two_queens(6), 1097),
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

criterion_group!(benches, counting);
criterion_main!(benches);
