//! Times the SGF check of a collection in this process, for
//! `scripts/bench-go.sh` (the criterion benchmark is `benches/validate.rs`):
//! `cargo run --release -p asalto-go --example go-bench -- SECONDS FILE...`.
//! Prints `files moves bytes seconds rounds` on one line, then the rates;
//! seconds are CPU seconds of the thread where the system reports them.

use std::time::Instant;

/// Seconds this thread has run on a CPU: under load (a shared machine),
/// wall time counts other processes' turns too. Linux reports it in
/// `/proc/thread-self/schedstat`; elsewhere wall time is used.
struct Clock {
    wall: Instant,
    cpu: Option<f64>,
}

fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu_seconds(),
        }
    }

    fn elapsed(&self) -> f64 {
        match (self.cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

use asalto_go::replay::{Tally, check_tally};
use asalto_go::{CheckOptions, Move, Position, Profile, check};

/// Runs `round` (one pass over the collection) for at least `seconds` of
/// this thread's CPU time; prints `name files moves bytes seconds rounds`,
/// then the rates with `note`.
fn timed(
    name: &str,
    seconds: f64,
    size: (usize, usize, usize),
    note: &str,
    mut round: impl FnMut(),
) {
    let (files, moves, bytes) = size;
    let start = Clock::start();
    let mut rounds = 0u32;
    while start.elapsed() < seconds {
        round();
        rounds += 1;
    }
    let t = start.elapsed();
    println!("{name} {files} {moves} {bytes} {t:.4} {rounds}");
    let r = f64::from(rounds) / t;
    if bytes > 0 {
        println!(
            "{name}: {:.2} M moves/s, {:.1} MiB/s{note}",
            moves as f64 * r / 1e6,
            bytes as f64 * r / 1_048_576.0
        );
    } else {
        println!("{name}: {:.2} M moves/s{note}", moves as f64 * r / 1e6);
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let files: Vec<Vec<u8>> = args.map(|f| std::fs::read(f).expect("read")).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let options = CheckOptions::default();
    let moves: usize = files
        .iter()
        .map(|f| {
            check(f, &options)
                .games
                .iter()
                .map(|g| g.plies.len())
                .sum::<usize>()
        })
        .sum();
    let size = (files.len(), moves, bytes);
    timed("check", seconds, size, "", || {
        for f in &files {
            std::hint::black_box(check(std::hint::black_box(f), &options));
        }
    });
    // What `asalto check` runs: the same check, keeping no ply.
    let tally = |options: &CheckOptions| {
        for f in &files {
            std::hint::black_box(check_tally(
                std::hint::black_box(f),
                options,
                Tally::default(),
            ));
        }
    };
    timed(
        "tally",
        seconds,
        size,
        " (check keeping no ply, as `asalto check`)",
        || tally(&options),
    );
    // The same under positional superko (`asalto check --rules
    // positional-superko`).
    let superko = CheckOptions {
        profile: Some(Profile::PositionalSuperko),
        ..CheckOptions::default()
    };
    timed(
        "superko",
        seconds,
        size,
        " (as `tally`, under positional-superko)",
        || tally(&superko),
    );
    // Decoding and parsing alone.
    timed("parse", seconds, size, "", || {
        for f in &files {
            let d = asalto_go::sgf::decode(std::hint::black_box(f));
            std::hint::black_box(asalto_go::sgf::parse(&d.text, Default::default()));
        }
    });
    // The engine alone: the same moves on positions, no parsing, played
    // with `play_as`, which judges a move as `check` does (most stones as
    // they are placed, the rest before).
    let games: Vec<(Position, Vec<(asalto_go::Side, Move)>)> = files
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
    timed("engine", seconds, (files.len(), moves, 0), "", || {
        for (start_pos, plies) in &games {
            let mut pos = start_pos.clone();
            for &(side, mv) in plies {
                let _ = std::hint::black_box(pos.play_as(side, mv));
            }
        }
    });
}
