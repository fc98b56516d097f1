//! Throughput of `asalto check`'s pipeline: parse + validate a corpus of
//! generated games.
//!
//! Run with `cargo bench --bench check`. Criterion reports the time per
//! corpus and, through `Throughput::Elements`, plies per second.

use std::hint::black_box;

use asalto::random::random_game;
use asalto::record::{Record, write_record};
use asalto::replay::{CheckOptions, check};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Number of games in the corpus.
const GAMES: u64 = 10_000;
/// Cap on a game's length (the castle shuffle has no natural end).
const MAX_PLIES: usize = 300;

fn corpus() -> (Vec<String>, u64) {
    let games: Vec<String> = (0..GAMES)
        .map(|seed| write_record(&random_game(seed, MAX_PLIES)))
        .collect();
    let plies = games.iter().map(|g| g.lines().count() as u64).sum();
    (games, plies)
}

fn bench(c: &mut Criterion) {
    let (games, plies) = corpus();
    let bytes: usize = games.iter().map(String::len).sum();
    eprintln!("corpus: {GAMES} games, {plies} plies, {bytes} bytes");
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    group.throughput(Throughput::Elements(plies));
    group.bench_function("parse", |b| {
        b.iter(|| {
            for g in &games {
                black_box(Record::parse(black_box(g)));
            }
        })
    });
    group.bench_function("parse+validate", |b| {
        b.iter(|| {
            for g in &games {
                let checked = check(black_box(g), CheckOptions::default());
                assert!(checked.is_valid());
                black_box(checked);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
