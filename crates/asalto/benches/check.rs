//! Throughput of `asalto check`'s pipeline: parse + validate a corpus of
//! generated games.
//!
//! Run with `cargo bench -p asalto-asalto --bench check`. Criterion
//! reports the time per corpus and, through `Throughput::Elements`, plies
//! per second.

use std::hint::black_box;
use std::time::Instant;

use asalto_asalto::random::random_game;
use asalto_asalto::record::{Record, write_record};
use asalto_asalto::replay::{CheckOptions, Replayer, check};
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

/// The minimal driver of the engine (as the toolkit's
/// `examples/minimal-check.rs`): split lines, read points by bytes,
/// resolve, play; the number of moves, or `None` at the first bad line.
fn minimal_check(text: &str) -> Option<usize> {
    let mut pos = asalto_asalto::Position::start();
    let mut plies = 0;
    let mut points = Vec::with_capacity(25);
    for line in text.as_bytes().split(|&b| b == b'\n') {
        if line.is_empty() {
            continue;
        }
        points.clear();
        let ok = line.len() % 3 == 2
            && line.chunks(3).all(|c| {
                (c.len() == 2 || c[2] == b'-')
                    && asalto_asalto::Point::from_notation(&c[..2])
                        .map(|p| points.push(p))
                        .is_ok()
            });
        if !ok || pos.outcome().is_some() {
            return None;
        }
        let mv = pos.resolve(&points).ok()?;
        pos = pos.play_unchecked(&mv);
        plies += 1;
    }
    Some(plies)
}

/// `check`'s streaming replay (what `asalto check` runs: no plies kept,
/// one replayer reused from record to record) against the minimal driver,
/// on the corpus and on one long record, in the same run.
fn streaming(c: &mut Criterion) {
    let (games, plies) = corpus();
    let long: String = games.concat();
    let mut group = c.benchmark_group("streaming");
    group.sample_size(10);
    group.throughput(Throughput::Elements(plies));
    let mut replayer = Replayer::new(CheckOptions::default(), false);
    group.bench_function("check (streaming, 10000 records)", |b| {
        b.iter(|| {
            for g in &games {
                for line in asalto_asalto::record::lines(g) {
                    replayer.push_line(line);
                }
                let checked = replayer.finish_and_reset();
                assert!(checked.is_valid());
                black_box(checked);
            }
        })
    });
    group.bench_function("minimal driver (10000 records)", |b| {
        b.iter(|| {
            for g in &games {
                assert!(black_box(minimal_check(black_box(g))).is_some());
            }
        })
    });
    // One record of every game's moves: not one legal game, so both stop
    // at the same early line; this measures the per-line parse of invalid
    // tails too. The long legal record is in scripts/bench-check.sh.
    group.throughput(Throughput::Bytes(long.len() as u64));
    group.bench_function("check (streaming, parse of one long record)", |b| {
        b.iter(|| {
            for line in asalto_asalto::record::lines(&long) {
                replayer.push_line(line);
            }
            black_box(replayer.finish_and_reset());
        })
    });
    group.finish();
}

criterion_group!(benches, bench, streaming);
criterion_main!(benches);
