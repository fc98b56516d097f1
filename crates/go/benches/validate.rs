//! SGF validation of a collection (the real and selfplay records of
//! `tests/data`): `check` per file, as moves/s and bytes/s, and the engine
//! alone on the same moves (`Position::play_as`, which judges a move as
//! `check` does: most stones as they are placed, the rest before). `scripts/bench-go.sh` puts the same figures
//! next to sgfmill's in one run.

use std::hint::black_box;
use std::path::Path;

use asalto_go::{CheckOptions, Move, Position, Side, check};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn collection() -> Vec<Vec<u8>> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for dir in ["real/gnugo", "selfplay"] {
        let mut paths: Vec<_> = std::fs::read_dir(data.join(dir))
            .expect("test data")
            .map(|e| e.expect("entry").path())
            .collect();
        paths.sort();
        out.extend(paths.iter().map(|p| std::fs::read(p).expect("read")));
    }
    out
}

fn bench(c: &mut Criterion) {
    let files = collection();
    let options = CheckOptions::default();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let games: Vec<(Position, Vec<(Side, Move)>)> = files
        .iter()
        .flat_map(|f| {
            check(f, &options).games.into_iter().map(|g| {
                (
                    g.position_after(0),
                    g.plies.iter().map(|p| (p.side, p.mv)).collect(),
                )
            })
        })
        .collect();
    let moves: usize = games.iter().map(|(_, m)| m.len()).sum();

    let mut group = c.benchmark_group("sgf-check");
    group.sample_size(20);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("moves", |b| {
        b.iter(|| {
            for f in &files {
                black_box(check(black_box(f), &options));
            }
        })
    });
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("bytes", |b| {
        b.iter(|| {
            for f in &files {
                black_box(check(black_box(f), &options));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("engine");
    group.sample_size(20);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("play", |b| {
        b.iter(|| {
            for (start, plies) in &games {
                let mut pos = start.clone();
                for &(side, mv) in plies {
                    let _ = black_box(pos.play_as(side, mv));
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
