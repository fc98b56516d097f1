//! Huge inputs in bounded memory: `check` run under an address-space limit
//! (RLIMIT_AS, through the shell's `ulimit -v`) on a 100 MB line and on
//! records of millions of moves, far more than the limit would hold as a
//! game in memory. Each run must end with its answer or a clear message,
//! never an abort.
//!
//! Why: `check` once kept every move (112 bytes each) and repeated a whole
//! line in its "Did you mean"; 1 GiB of input aborted the process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use asalto::basic::BasicScore;
use asalto::player::Player;
use asalto::record::write_record;
use asalto::selfplay::Match;
use asalto::{Move, Position};

/// The address space `check` gets: the binary, its libraries, two threads'
/// stacks and allocator arenas, and its buffers; far less than any of the
/// inputs below would take held whole as a game.
const LIMIT_MIB: usize = 512;

/// Run `asalto ARGS` under the limit with `input` (a file) as standard
/// input.
fn limited(args: &[&str], input: &std::path::Path) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            LIMIT_MIB * 1024
        ))
        .arg(env!("CARGO_BIN_EXE_asalto"))
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("memory allocation"), "{stderr}");
    assert!(
        out.status.code().is_some(),
        "killed by a signal: {:?}\n{stderr}",
        out.status
    );
    out
}

/// A file of `size` bytes made of `piece` repeated, then `tail`.
fn file_of(piece: &str, size: usize, tail: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    let block = piece.repeat((1 << 20) / piece.len());
    let mut written = 0;
    while written < size {
        file.write_all(block.as_bytes()).unwrap();
        written += block.len();
    }
    file.write_all(tail.as_bytes()).unwrap();
    file.flush().unwrap();
    file
}

/// A legal game that can be made as long as wanted: a prefix, then a cycle
/// of moves that comes back to the same position (BASICO rebels shuffling
/// inside the castle), found by playing games with no move limit until one
/// repeats a position.
fn endless_game() -> (Vec<Move>, Vec<Move>) {
    let m = Match {
        officers: Player::Random,
        rebels: Player::Basic(BasicScore::V1),
        max_plies: None,
    };
    let game = (1..).map(|n| m.play(5, n)).find(|g| g.repeated).unwrap();
    let mut positions = vec![Position::start()];
    for mv in &game.moves {
        let next = positions.last().unwrap().play_unchecked(mv);
        positions.push(next);
    }
    let first = positions.iter().position(|p| *p == game.position).unwrap();
    let second = first
        + 1
        + positions[first + 1..]
            .iter()
            .position(|p| *p == game.position)
            .unwrap();
    (
        game.moves[..first].to_vec(),
        game.moves[first..second].to_vec(),
    )
}

#[test]
fn one_huge_line_is_reported_briefly() {
    for (piece, expected) in [
        ("x", "is not a point"),
        ("Bc-Cc ", "several moves on one line"),
        ("Bc-", "a move has at most 25 points"),
    ] {
        let input = file_of(piece, 100 << 20, "\n");
        let out = limited(&["check", "-"], input.path());
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(
            stdout.contains(expected),
            "{}",
            asalto::text::cap(&stdout, 2000)
        );
        // What is quoted is capped: the report is small.
        assert!(stdout.len() < 8_000, "{} bytes of report", stdout.len());
    }
    // Read in order under --lenient: the first move is legal, the second
    // (the same move again) is not.
    let input = file_of("Bc-Cc ", 100 << 20, "\n");
    let out = limited(
        &["check", "--lenient", "--format", "json", "-"],
        input.path(),
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["plies"], 1);
    assert_eq!(json["diagnostics"][1]["code"], "no-piece", "{json}");
}

#[test]
fn millions_of_moves_are_checked_holding_one_position() {
    let (prefix, cycle) = endless_game();
    let mut text = write_record(&prefix);
    let cycle_text = write_record(&cycle);
    // About 150 MB: some 25 million moves, which held as a game would
    // take 2.8 GB.
    let repeats = (150 << 20) / cycle_text.len();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    for _ in 0..repeats {
        file.write_all(cycle_text.as_bytes()).unwrap();
    }
    file.flush().unwrap();
    let plies = prefix.len() + repeats * cycle.len();
    let out = limited(&["check", "--format", "json", "-"], file.path());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["plies"], plies);
    assert_eq!(json["valid"], true);

    // One bad line at the end of it: found, with its line number.
    text.clear();
    text.push_str("Bc-Cc-Cd-Ce\n");
    file.write_all(text.as_bytes()).unwrap();
    file.flush().unwrap();
    let out = limited(&["check", "-"], file.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout.starts_with(&format!("<stdin>: invalid: line {}:", plies + 1)),
        "{}",
        asalto::text::cap(&stdout, 2000)
    );
}

#[test]
fn every_line_wrong_makes_a_report_of_bounded_size() {
    // A million lines in the wrong case: 100 of them kept, the rest counted.
    let input = file_of("bc-cc\n", 6 << 20, "");
    let out = limited(&["check", "-"], input.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.len() < 20_000, "{} bytes", stdout.len());
    assert!(stdout.contains("more lines like this: wrong letter case [syntax]"));
    let out = limited(&["check", "--format", "json", "-"], input.path());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = std::fs::metadata(input.path()).unwrap().len() as usize / 6;
    assert_eq!(json["errors"], lines);
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 100);
    assert_eq!(json["omitted"][0]["count"], lines - 100);
}
