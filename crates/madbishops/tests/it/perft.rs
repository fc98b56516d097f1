//! Perft: the number of move sequences of each length from a few positions,
//! kept in `tests/data/perft.txt` and checked against both the engine and
//! the reference.
//!
//! Why: a count over every sequence is a cheap, exhaustive check that no
//! move is missing or extra anywhere in the tree, and a data file keeps the
//! numbers independent of the code. The numbers were computed with the
//! reference (`print_reference_perft` below prints the file's body), never
//! with the engine.

use asalto_madbishops::{Position, Profile};

use crate::reference::{RefPosition, RefProfile};

const DATA: &str = include_str!("../data/perft.txt");

/// The reference is checked on counts up to this size (a few seconds in
/// release); the engine on every count of the file.
const REFERENCE_LIMIT: u64 = 30_000_000;

/// One block of the data file: a position, its rules and its counts.
struct Block {
    position: String,
    rules: Profile,
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
                rules: Profile::default(),
                counts: Vec::new(),
            });
            continue;
        }
        let block = out.last_mut().expect("a `position` line first");
        if let Some(rules) = line.strip_prefix("rules ") {
            block.rules = rules.parse().expect("a profile name");
            continue;
        }
        let (depth, count) = line.split_once(' ').expect("`<depth> <count>`");
        block
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
        return pos.count_legal_moves() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|m| engine_perft(&pos.play_unchecked(*m), depth - 1))
        .sum()
}

#[test]
fn the_data_file_is_well_formed() {
    let blocks = blocks();
    assert!(blocks.len() >= 8);
    let start = Position::start(Profile::Steere, asalto_madbishops::Side::Red);
    assert_eq!(
        blocks[0].position,
        start.to_string(),
        "the start comes first"
    );
    for profile in Profile::ALL {
        let deepest = blocks
            .iter()
            .filter(|b| b.position == start.to_string() && b.rules == profile)
            .flat_map(|b| b.counts.iter().map(|c| c.0))
            .max();
        assert!(deepest >= Some(5), "{profile}: depth 5 from the start");
    }
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
        let pos = Position::from_position_string(&b.position, b.rules).unwrap();
        for &(depth, count) in &b.counts {
            assert_eq!(
                engine_perft(&pos, depth),
                count,
                "{} {} depth {depth}",
                b.position,
                b.rules
            );
        }
    }
}

#[test]
fn reference_perft_matches_the_data_file() {
    for b in blocks() {
        let r = RefPosition::parse(&b.position, RefProfile::from_name(b.rules.name())).unwrap();
        for &(depth, count) in b.counts.iter().filter(|c| c.1 <= REFERENCE_LIMIT) {
            assert_eq!(
                r.perft(depth),
                count,
                "{} {} depth {depth}",
                b.position,
                b.rules
            );
        }
    }
}

/// The report's setup is symmetric: turning the board half a turn swaps
/// the colours. So the counts with blue moving first are those with red
/// moving first, which the data file shows and this checks on the engine.
#[test]
fn the_start_is_the_same_for_either_first_player() {
    for profile in Profile::ALL {
        let red = Position::start(profile, asalto_madbishops::Side::Red);
        let blue = Position::start(profile, asalto_madbishops::Side::Blue);
        for depth in 1..=4 {
            assert_eq!(engine_perft(&red, depth), engine_perft(&blue, depth));
        }
    }
}

/// The positions of the data file.
const SOURCES: &[(&str, &str, &str, u32)] = &[
    (
        "the report's setup, red first",
        "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R",
        "steere",
        5,
    ),
    (
        "the report's setup, red first",
        "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R",
        "report",
        5,
    ),
    (
        "the report's setup, blue first",
        "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB B",
        "steere",
        4,
    ),
    (
        "the report's setup, blue first",
        "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB B",
        "report",
        4,
    ),
    (
        "a mixed setup on the same 50 squares (setup as data)",
        "RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB R",
        "steere",
        4,
    ),
    (
        "a mixed setup on the same 50 squares (setup as data)",
        "RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB R",
        "report",
        4,
    ),
    (
        "a middle game: 30 moves of a random game (random::random_game, seed 11)",
        "RRR../B.B../BBB../.BB../BR.R./..BR./.R.RR/B...R/B.B../....R R",
        "steere",
        5,
    ),
    (
        "the same middle game under the report's rules",
        "RRR../B.B../BBB../.BB../BR.R./..BR./.R.RR/B...R/B.B../....R R",
        "report",
        5,
    ),
    (
        "an ending, two against two: games end inside the tree",
        ".R.../R..../...../...../...../...../...../.B.../....B/..... R",
        "steere",
        8,
    ),
    (
        "the same ending under the report's rules",
        ".R.../R..../...../...../...../...../...../.B.../....B/..... R",
        "report",
        5,
    ),
];

/// Prints the body of `tests/data/perft.txt`, computed with the reference
/// only. Run with
/// `cargo test --release -p asalto-madbishops --test it print_reference_perft -- --ignored --nocapture`
/// (a few minutes: the reference is slow on purpose).
#[test]
#[ignore = "prints the data file; run by hand"]
fn print_reference_perft() {
    for (what, position, rules, depth) in SOURCES {
        let r = RefPosition::parse(position, RefProfile::from_name(rules)).unwrap();
        println!("# {what}");
        println!("position {position}");
        println!("rules {rules}");
        for d in 1..=*depth {
            println!("{d} {}", r.perft(d));
        }
        println!();
    }
}
