//! Speed of the engine against the reference in the same run: perft from
//! the start, and checking a long record. Compare the two lines of each
//! group as a ratio; absolute times depend on the machine.
//!
//! `cargo bench -p asalto-madbishops`

use std::hint::black_box;

use asalto_madbishops::player::Player;
use asalto_madbishops::record::write_record;
use asalto_madbishops::replay::{CheckOptions, check};
use asalto_madbishops::selfplay::Match;
use asalto_madbishops::{Notation, Position, Profile, Side};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/it/reference.rs"]
mod reference;

use reference::{Cell, RefPosition, RefProfile};

fn engine_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return 0;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|m| engine_perft(&pos.play_unchecked(*m), depth - 1))
        .sum()
}

fn perft(c: &mut Criterion) {
    for profile in Profile::ALL {
        let mut group = c.benchmark_group(format!("perft 3 from the start, {profile}"));
        group.sample_size(20);
        let pos = Position::start(profile, Side::Red);
        let r = RefPosition::start(RefProfile::from_name(profile.name()), Cell::Red);
        group.bench_function("engine", |b| b.iter(|| engine_perft(black_box(&pos), 3)));
        group.bench_function("reference", |b| b.iter(|| black_box(&r).perft(3)));
        group.finish();
    }
}

fn check_record(c: &mut Criterion) {
    // A long game: two greedy players under the report's rules avoid
    // contact after the first exchanges, and the cap stops them.
    let m = Match {
        red: Player::Greedy,
        blue: Player::Greedy,
        start: Position::start(Profile::Report, Side::Red),
        max_plies: Some(1500),
    };
    let moves = m.play(2019, 1).moves;
    let text = write_record(&moves, Notation::Algebraic);
    let options = CheckOptions {
        profile: Profile::Report,
        ..CheckOptions::default()
    };
    let mut group = c.benchmark_group(format!("check a record of {} moves", moves.len()));
    group.sample_size(20);
    group.bench_function("engine", |b| b.iter(|| check(black_box(&text), &options)));
    group.bench_function("reference replay", |b| {
        b.iter(|| {
            let mut r = RefPosition::start(RefProfile::Report, Cell::Red);
            for line in black_box(&text).lines() {
                let m = r
                    .legal_moves()
                    .into_iter()
                    .find(|m| reference::move_notation(m) == line)
                    .expect("a legal move");
                r = r.play(&m);
            }
            r
        })
    });
    group.finish();
}

criterion_group!(benches, perft, check_record);
criterion_main!(benches);
