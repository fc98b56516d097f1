//! Throughput of `asalto check`'s pipeline: parse + validate a corpus of
//! generated games.
//!
//! Run with `cargo bench --bench check`. Criterion reports the time per
//! corpus and, through `Throughput::Elements`, plies per second.

use std::hint::black_box;
use std::time::Instant;

use asalto::random::random_game;
use asalto::record::{Record, write_record};
use asalto::replay::{CheckOptions, check};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "../tests/it/reference.rs"]
mod reference;

/// Games the slow reference validates (it is far slower than the engine).
const REFERENCE_GAMES: usize = 300;

/// Parse and validate a record with the plain reference generator of the
/// tests: every ply is looked up in its list of legal moves.
fn reference_check(text: &str) -> usize {
    let mut pos = reference::RefPosition::start();
    let mut plies = 0;
    for line in text.lines() {
        let path: Vec<reference::Pt> = line
            .split('-')
            .map(|p| reference::parse_point(p).expect("a point"))
            .collect();
        assert!(pos.outcome().is_none());
        assert!(pos.legal_moves().contains(&path), "{line}");
        pos = pos.play(&path);
        plies += 1;
    }
    plies
}

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
    let sample = &games[..REFERENCE_GAMES];
    let sample_plies: u64 = sample.iter().map(|g| g.lines().count() as u64).sum();
    group.throughput(Throughput::Elements(sample_plies));
    group.bench_function("reference parse+validate", |b| {
        b.iter(|| {
            for g in sample {
                black_box(reference_check(black_box(g)));
            }
        })
    });
    group.finish();

    // The same ratio in one line, measured back to back on the same games.
    let time = |f: &dyn Fn()| {
        let start = Instant::now();
        f();
        start.elapsed().as_secs_f64()
    };
    let engine = time(&|| {
        for _ in 0..20 {
            for g in sample {
                black_box(check(g, CheckOptions::default()));
            }
        }
    }) / 20.0;
    let slow = time(&|| {
        for g in sample {
            black_box(reference_check(g));
        }
    });
    eprintln!(
        "engine {:.1} M plies/s, reference {:.3} M plies/s: the engine is {:.0}x faster",
        sample_plies as f64 / engine / 1e6,
        sample_plies as f64 / slow / 1e6,
        slow / engine
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
