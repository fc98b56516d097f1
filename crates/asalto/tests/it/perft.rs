//! Perft: the number of move sequences of each length from a few positions,
//! kept in `tests/data/perft.txt` and checked against both the engine and
//! the reference generator.
//!
//! Why: a count over every sequence is a cheap, exhaustive check that no
//! move is missing or extra anywhere in the tree, and a data file keeps the
//! numbers independent of the code. The numbers were computed with the
//! reference generator (`print_reference_perft` below prints the file's
//! body), never with the engine.

use asalto_asalto::Position;

use crate::reference::{RefPosition, move_notation};

const DATA: &str = include_str!("../data/perft.txt");

/// One block of the data file: a position and its `(depth, count)` lines.
struct Block {
    position: String,
    counts: Vec<(u32, u64)>,
}

fn blocks() -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for line in DATA.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(pos) = line.strip_prefix("position ") {
            out.push(Block {
                position: pos.to_string(),
                counts: Vec::new(),
            });
            continue;
        }
        let (depth, count) = line.split_once(' ').expect("`<depth> <count>`");
        out.last_mut()
            .expect("a `position` line first")
            .counts
            .push((depth.parse().unwrap(), count.trim().parse().unwrap()));
    }
    out
}

/// The engine's perft, by the file's counting rule: a position whose end
/// checks find an end is not expanded.
fn engine_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return 0;
    }
    if depth == 1 {
        return pos.legal_moves().len() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|m| engine_perft(&pos.play_unchecked(m), depth - 1))
        .sum()
}

#[test]
fn the_data_file_is_well_formed() {
    let blocks = blocks();
    assert!(blocks.len() >= 3);
    assert_eq!(
        blocks[0].position,
        Position::start().to_string(),
        "the first block is the start"
    );
    let deepest = blocks[0].counts.iter().map(|c| c.0).max().unwrap();
    assert!(
        deepest >= 5,
        "the issue asks for depth 5 or more from the start"
    );
    for b in &blocks {
        assert!(!b.counts.is_empty(), "{}", b.position);
        for (i, (depth, _)) in b.counts.iter().enumerate() {
            assert_eq!(*depth as usize, i + 1, "depths 1, 2, ... in order");
        }
    }
}

#[test]
fn engine_perft_matches_the_data_file() {
    for b in blocks() {
        let pos: Position = b.position.parse().unwrap();
        for &(depth, count) in &b.counts {
            assert_eq!(
                engine_perft(&pos, depth),
                count,
                "{} depth {depth}",
                b.position
            );
        }
    }
}

#[test]
fn reference_perft_matches_the_data_file() {
    for b in blocks() {
        let r = RefPosition::parse(&b.position).unwrap();
        for &(depth, count) in &b.counts {
            assert_eq!(r.perft(depth), count, "{} depth {depth}", b.position);
        }
    }
}

/// The positions of the data file: the start, and positions of the
/// assignment's two games where captures (and, near the end of Appendix A,
/// the end of the game) happen inside the counted tree.
const SOURCES: [(&str, &str, usize, u32); 3] = [
    ("the start", "", 0, 8),
    (
        "the worked example after its 7 moves (samples/ejemplo.txt)",
        include_str!("../../../../samples/ejemplo.txt"),
        7,
        6,
    ),
    (
        "Appendix A after 36 moves (samples/apendice-a.txt)",
        include_str!("../../../../samples/apendice-a.txt"),
        36,
        7,
    ),
];

/// Prints the body of `tests/data/perft.txt`, computed with the reference
/// generator only (the record is replayed by matching its notation against
/// the reference's legal moves). Run with
/// `cargo test --release --test it print_reference_perft -- --ignored --nocapture`.
#[test]
#[ignore = "prints the data file; run by hand"]
fn print_reference_perft() {
    for (what, record, plies, depth) in SOURCES {
        let mut r = RefPosition::start();
        for line in record.lines().take(plies) {
            let m = r
                .legal_moves()
                .into_iter()
                .find(|m| move_notation(m) == line.trim())
                .unwrap_or_else(|| panic!("{line} is not legal for the reference"));
            r = r.play(&m);
        }
        println!("# {what}");
        println!("position {r}");
        for d in 1..=depth {
            println!("{d} {}", r.perft(d));
        }
        println!();
    }
}
