//! Speed of the solver, the checker and the generator on a set of puzzles,
//! with the tests' slow reference solver on the same puzzles as the yardstick.
//!
//! `cargo bench -p asalto-solitaire --bench solve`. The corpus is 2,000
//! random puzzles of 4 to 10 pieces drawn from the commercial set (fixed
//! seed), solvable or not, as a teacher's set would be.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use asalto_solitaire::check::check;
use asalto_solitaire::format::{parse_answer, parse_puzzle_set, write};
use asalto_solitaire::generate::{Generator, Options};
use asalto_solitaire::{PieceCounts, Position, Profile, Solver, Square};

#[allow(dead_code)]
#[path = "../tests/it/reference.rs"]
mod reference;

/// Puzzles in the corpus.
const PUZZLES: usize = 2_000;
/// Puzzles of up to this many pieces are also counted by the reference (it
/// has no table, so larger ones take it far too long).
const REFERENCE_MAX_PIECES: usize = 8;

/// The corpus: random placements of random sub-sets of the commercial set.
fn corpus() -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let set = PieceCounts::COMMERCIAL.pieces();
    (0..PUZZLES)
        .map(|_| {
            let n = 4 + (rng.next_u32() % 7) as usize;
            let mut pieces = set.clone();
            let mut squares: Vec<Square> = Square::all().collect();
            for i in 0..n {
                let j = i + (rng.next_u32() as usize % (pieces.len() - i));
                pieces.swap(i, j);
                let k = i + (rng.next_u32() as usize % (squares.len() - i));
                squares.swap(i, k);
            }
            (0..n).fold(Position::EMPTY, |pos, i| pos.with(squares[i], pieces[i]))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let puzzles = corpus();
    let mut solver = Solver::new(Profile::Codegolf);
    let solvable = puzzles.iter().filter(|p| solver.count(p) > 0).count();
    let total: u128 = puzzles.iter().map(|p| solver.count(p)).sum();
    eprintln!(
        "corpus: {} puzzles ({solvable} solvable, {total} solutions in all)",
        puzzles.len()
    );

    let mut group = c.benchmark_group("count-every-solution");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    for profile in Profile::ALL {
        group.bench_function(format!("{profile}/fresh-solver-per-puzzle"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| Solver::new(profile).count(black_box(p)))
                    .sum::<u128>()
            })
        });
        group.bench_function(format!("{profile}/one-solver-cleared-per-puzzle"), |b| {
            b.iter(|| {
                let mut solver = Solver::new(profile);
                puzzles
                    .iter()
                    .map(|p| {
                        solver.clear();
                        solver.count(black_box(p))
                    })
                    .sum::<u128>()
            })
        });
    }
    group.finish();

    // The reference on the same puzzles, by number of pieces: it has no
    // table, so its time grows with the number of capture sequences, the
    // engine's with the number of distinct positions.
    let mut group = c.benchmark_group("count-by-pieces");
    group.sample_size(10);
    for pieces in 5..=REFERENCE_MAX_PIECES {
        let same: Vec<Position> = puzzles
            .iter()
            .copied()
            .filter(|p| p.len() == pieces)
            .take(40)
            .collect();
        let boards: Vec<reference::RefBoard> = same
            .iter()
            .map(|p| reference::parse(&p.to_string()))
            .collect();
        group.throughput(Throughput::Elements(same.len() as u64));
        group.bench_function(format!("{pieces}/engine"), |b| {
            b.iter(|| {
                same.iter()
                    .map(|p| Solver::new(Profile::Codegolf).count(black_box(p)))
                    .sum::<u128>()
            })
        });
        group.bench_function(format!("{pieces}/reference"), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|board| reference::count(black_box(board), false))
                    .sum::<u128>()
            })
        });
    }
    group.finish();

    let answers: Vec<(Position, String)> = puzzles
        .iter()
        .map(|p| {
            let text = solver
                .solve(p)
                .map_or_else(|| "0".to_string(), |s| write::moves(&s));
            (*p, text)
        })
        .collect();
    let set_text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let mut group = c.benchmark_group("set");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function("solve-first", |b| {
        b.iter(|| {
            let mut solver = Solver::new(Profile::Codegolf);
            puzzles
                .iter()
                .filter(|p| solver.solve(black_box(p)).is_some())
                .count()
        })
    });
    group.bench_function("parse-set", |b| {
        b.iter(|| parse_puzzle_set(black_box(&set_text)).len())
    });
    group.bench_function("parse-and-check-answers", |b| {
        b.iter(|| {
            let mut solver = Solver::new(Profile::Codegolf);
            answers
                .iter()
                .filter(|(p, text)| {
                    let answer = parse_answer(black_box(text)).expect("an answer");
                    check(p, &answer, &mut solver).is_correct()
                })
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    for pieces in [5, 7] {
        group.throughput(Throughput::Elements(20));
        group.bench_function(format!("20-unique-puzzles-of-{pieces}-pieces"), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let options = Options {
                    pieces: Some(pieces),
                    seed,
                    ..Options::default()
                };
                Generator::new(options).expect("options").take(20).count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
