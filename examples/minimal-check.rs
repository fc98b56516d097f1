//! The minimal validator that `scripts/bench-check.sh` times `asalto check`
//! against: the same work (read each file, parse its moves, validate them,
//! print one verdict line per file) with nothing else: no diagnostics, no
//! format notes, no bounded memory, no excerpts. It uses the same bitboard
//! rules engine (`Position::resolve`), so the ratio measures everything
//! `check` does around the engine: reading, parsing, bookkeeping, output
//! and the use of several cores.
//!
//! Usage: `minimal-check [-j N] FILE...`

use std::io::Write;

use asalto::{Point, Position};

/// The verdict on one record.
fn verdict(name: &str, bytes: &[u8], out: &mut Vec<u8>) {
    let mut pos = Position::start();
    let mut plies = 0;
    let mut points = Vec::with_capacity(25);
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        points.clear();
        let ok = line.len() % 3 == 2
            && line.chunks(3).all(|c| {
                (c.len() == 2 || c[2] == b'-')
                    && Point::from_notation(&c[..2])
                        .map(|p| points.push(p))
                        .is_ok()
            });
        let mv = if ok { pos.resolve(&points).ok() } else { None };
        // `resolve` refuses any move once the game is over (`game-over`),
        // so a legal move needs no end check of its own.
        match mv {
            Some(mv) => {
                pos = pos.play_unchecked(&mv);
                plies += 1;
            }
            _ => {
                let _ = writeln!(out, "{name}: invalid at line {}", i + 1);
                return;
            }
        }
    }
    let _ = writeln!(out, "{name}: valid, {plies} moves");
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut jobs = 1;
    if args.first().is_some_and(|a| a == "-j") && args.len() > 1 {
        jobs = args[1].parse().unwrap_or(1);
        args.drain(..2);
    }
    let chunk = args.len().div_ceil(jobs.max(1)).max(1);
    let outputs: Vec<Vec<u8>> = std::thread::scope(|s| {
        let handles: Vec<_> = args
            .chunks(chunk)
            .map(|files| {
                s.spawn(move || {
                    let mut out = Vec::new();
                    for file in files {
                        match std::fs::read(file) {
                            Ok(bytes) => verdict(file, &bytes, &mut out),
                            Err(e) => {
                                let _ = writeln!(out, "{file}: {e}");
                            }
                        }
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    for out in outputs {
        let _ = lock.write_all(&out);
    }
}
