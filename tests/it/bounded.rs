//! Huge inputs in bounded memory: `check`, `show`, `export` and `diff` run
//! under an address-space limit (RLIMIT_AS, through the shell's `ulimit
//! -v`) on a line of 1 GiB (refused at the bound of a line, 1 MiB) and on
//! records of millions of moves, far more than the limit would hold as a
//! game in memory. Each run must end with its
//! answer or a clear message, never an abort.
//!
//! Why: `check` once kept every move (112 bytes each) and repeated a whole
//! line in its "Did you mean"; 1 GiB of input aborted the process. `show`,
//! `export` and `diff` kept the whole game (about 80 bytes a move, 13 times
//! the record), `export --to transcript` every screen of the session.

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

/// A smaller limit, for records of a few million moves (a few MB, quick to
/// make and read) and for outputs many times their input (a JSON document,
/// a console session): the game held whole passes it.
const SMALL_LIMIT_MIB: usize = 64;

/// Run `asalto ARGS` under the limit with `input` (a file) as standard
/// input.
fn limited(args: &[&str], input: &std::path::Path) -> Output {
    limited_to(LIMIT_MIB, args, input, Stdio::piped())
}

/// Run `asalto ARGS` under the small limit with `input` (a file) as
/// standard input.
fn small(args: &[&str], input: &std::path::Path) -> Output {
    limited_to(SMALL_LIMIT_MIB, args, input, Stdio::piped())
}

/// The JSON game document `export` writes of the record at `record`, in a
/// temporary file.
fn json_document(record: &std::path::Path) -> tempfile::NamedTempFile {
    let document = tempfile::NamedTempFile::new().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["export", "--to", "json"])
        .arg(record)
        .stdout(document.reopen().unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    document
}

/// Run `asalto ARGS` under `limit` MiB with `input` (a file) as standard
/// input and `stdout` as its standard output.
fn limited_to(limit: usize, args: &[&str], input: &std::path::Path, stdout: Stdio) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", limit * 1024))
        .arg(env!("CARGO_BIN_EXE_asalto"))
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(stdout)
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

/// The longest line a record may have, in bytes with its `\n`: 1 MiB
/// (`MAX_LINE` of `src/cli/input.rs`); a longer one is refused.
const MAX_LINE: usize = 1 << 20;

/// A file of one line: `piece` repeated to as long as a line may be (with
/// its `\n`, at most [`MAX_LINE`] bytes).
fn longest_line(piece: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    let line = piece.repeat((MAX_LINE - 1) / piece.len());
    file.write_all(line.as_bytes()).unwrap();
    file.write_all(b"\n").unwrap();
    file.flush().unwrap();
    file
}

#[test]
fn one_huge_line_is_reported_briefly() {
    for (piece, expected) in [
        ("x", "is not a point"),
        ("Bc-Cc ", "several moves on one line"),
        ("Bc-", "a move has at most 25 points"),
    ] {
        let input = longest_line(piece);
        let out = small(&["check", "-"], input.path());
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
    let input = longest_line("Bc-Cc ");
    let out = small(
        &["check", "--lenient", "--format", "json", "-"],
        input.path(),
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["plies"], 1);
    assert_eq!(json["problems"][1]["code"], "no-piece", "{json}");
}

/// A line longer than [`MAX_LINE`] is no record: `check`, `show`, `export`
/// and `diff` of an Asalto record stop reading there with a message (exit
/// 2), in memory of the bound, as Mad Bishops' `check` does. Before, the
/// reader's buffer grew to the longest line: a line of 1 GiB took 2.1 GB
/// (an abort under this limit), and one just over the bound was judged.
#[test]
fn a_line_longer_than_the_bound_is_refused() {
    // One line of 1 GiB (of NUL bytes, taking no disk), and one just over
    // the bound (a line of moves).
    let huge = sparse_file(1 << 30);
    let over = file_of("Bc-Cc ", MAX_LINE, "\n");
    for (input, from_stdin) in [(&huge, false), (&over, true)] {
        let path = input.path().to_str().unwrap();
        let mut runs = vec![
            vec!["check", "-"],
            vec!["check", "--format", "json", path],
            vec!["show", "-"],
            vec!["show", "--ply", "0", path],
            vec!["export", "--to", "json", path],
            vec!["diff", path, "-"],
        ];
        if from_stdin {
            // Standard input is copied whole before `export` reads it:
            // only the smaller input that way.
            runs.push(vec!["export", "--to", "text", "-"]);
        }
        for args in runs {
            let out = small(&args, input.path());
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(
                stderr.contains("a line longer than 1024 KiB"),
                "{args:?}: {}",
                asalto::text::cap(&stderr, 2000)
            );
            assert!(stderr.len() < 2_000, "{args:?}: {} bytes", stderr.len());
        }
    }
}

/// A legal record of about `size` bytes (a prefix, then a cycle repeated),
/// its number of moves, and the position it ends in.
fn endless_record(size: usize) -> (tempfile::NamedTempFile, usize, Position) {
    let (prefix, cycle) = endless_game();
    let cycle_text = write_record(&cycle);
    let repeats = size / cycle_text.len();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(write_record(&prefix).as_bytes()).unwrap();
    for _ in 0..repeats {
        file.write_all(cycle_text.as_bytes()).unwrap();
    }
    file.flush().unwrap();
    let end = prefix
        .iter()
        .fold(Position::start(), |p, m| p.play_unchecked(m));
    (file, prefix.len() + repeats * cycle.len(), end)
}

#[test]
fn millions_of_moves_are_checked_holding_one_position() {
    // About 150 MB: some 25 million moves, which held as a game would
    // take 2.8 GB.
    let (mut file, plies, _) = endless_record(150 << 20);
    let mut text = String::new();
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
    assert_eq!(json["problems"].as_array().unwrap().len(), 100);
    assert_eq!(json["omitted"][0]["count"], lines - 100);
}

/// Read `output` (a file) and `expected` in step: whether they are equal.
fn same_contents(output: &std::path::Path, expected: &std::path::Path) -> bool {
    use std::io::Read;
    let mut a = std::io::BufReader::new(std::fs::File::open(output).unwrap());
    let mut b = std::io::BufReader::new(std::fs::File::open(expected).unwrap());
    let (mut x, mut y) = (vec![0; 1 << 16], vec![0; 1 << 16]);
    loop {
        let n = a.read(&mut x).unwrap();
        if n == 0 {
            return b.read(&mut y).unwrap() == 0;
        }
        if b.read_exact(&mut y[..n]).is_err() || x[..n] != y[..n] {
            return false;
        }
    }
}

/// Run `asalto ARGS` under `limit` MiB, reading what it writes as it comes:
/// its size, and its last bytes.
fn limited_tail(limit: usize, args: &[&str], input: &std::path::Path) -> (Output, usize, String) {
    use std::io::Read;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", limit * 1024))
        .arg(env!("CARGO_BIN_EXE_asalto"))
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (mut size, mut tail, mut buf) = (0, Vec::new(), vec![0; 1 << 16]);
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        size += n;
        tail.extend_from_slice(&buf[..n]);
        let cut = tail.len().saturating_sub(4096);
        tail.drain(..cut);
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("memory allocation"), "{stderr}");
    assert!(
        out.status.code().is_some(),
        "killed: {:?}\n{stderr}",
        out.status
    );
    (out, size, String::from_utf8_lossy(&tail).into_owned())
}

#[test]
fn show_follows_millions_of_moves_holding_one_position() {
    // 2 million moves: 160 MB held as a game, more than the limit.
    let (file, plies, end) = endless_record(12 << 20);
    let path = file.path().to_str().unwrap();
    let out = small(
        &["show", "--format", "json", "--ply", "5", path],
        file.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["ply"].as_u64(), json["plies"].as_u64()),
        (Some(5), Some(plies as u64))
    );
    assert_eq!(json["last_move"]["ply"], 5);
    assert_eq!(json["valid"], true);
    // The last position, from standard input.
    let out = small(&["show", "--format", "json", "-"], file.path());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["ply"].as_u64(), Some(plies as u64));
    assert_eq!(json["position"], end.to_string());
    assert_eq!(json["last_move"]["ply"].as_u64(), Some(plies as u64));
}

#[test]
fn export_writes_millions_of_moves_as_it_reads_them() {
    let (file, _, _) = endless_record(12 << 20);
    let path = file.path().to_str().unwrap();
    // The record is canonical: exported as text, it is itself; from a
    // file (read twice) and from standard input (copied to a temporary
    // file first).
    for args in [
        ["export", "--to", "text", path],
        ["export", "--to", "text", "-"],
    ] {
        let output = tempfile::NamedTempFile::new().unwrap();
        let out = limited_to(
            SMALL_LIMIT_MIB,
            &args,
            file.path(),
            Stdio::from(output.reopen().unwrap()),
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(same_contents(output.path(), file.path()), "{args:?}");
    }
}

#[test]
fn export_writes_documents_and_sessions_of_any_length() {
    // 1.2 million moves: held as a game, 96 MB, more than the limit; as a
    // JSON document about 280 MB.
    let (file, plies, end) = endless_record(7 << 20);
    let (out, size, tail) = limited_tail(
        SMALL_LIMIT_MIB,
        &["export", "--to", "json", "-"],
        file.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(size > 150 << 20, "{size} bytes");
    let last = format!("\"ply\":{plies},");
    assert!(tail.contains(&last), "{tail}");
    assert!(tail.ends_with("\"outcome\":null}\n"), "{tail}");
    let _ = end;
    // 150,000 moves: a console session of about 100 MB, which held whole
    // would pass the limit.
    let (file, _, _) = endless_record(900 << 10);
    for (to, ending) in [("transcript", "Indique opción: 6\n"), ("input", "FIN\n6\n")] {
        let (out, size, tail) =
            limited_tail(SMALL_LIMIT_MIB, &["export", "--to", to, "-"], file.path());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(tail.ends_with(ending), "{to}: {tail}");
        assert!(size > 150_000, "{size}");
    }
}

#[test]
fn diff_reads_two_huge_records_in_step() {
    let (file, plies, _) = endless_record(12 << 20);
    let path = file.path().to_str().unwrap();
    // The same record twice (as a file and on standard input): 320 MB as
    // two games.
    let out = small(&["diff", "--format", "json", path, "-"], file.path());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["same"], true);
    assert_eq!(json["other"]["plies"].as_u64(), Some(plies as u64));
    // One more move at the end of the other: the first difference is there.
    let mut longer = tempfile::NamedTempFile::new().unwrap();
    std::io::copy(&mut std::fs::File::open(file.path()).unwrap(), &mut longer).unwrap();
    longer.write_all(b"Bc-Cc\n").unwrap();
    longer.flush().unwrap();
    let out = small(&["diff", "--format", "json", path, "-"], longer.path());
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &json["first_difference"];
    assert_eq!(d["ply"].as_u64(), Some(plies as u64 + 1));
    assert_eq!(d["reference"], serde_json::Value::Null);
    assert_eq!(d["other"], "Bc-Cc");
    assert_eq!(json["other"]["valid"], false);
    assert!(
        json["diff_note"]
            .as_str()
            .unwrap()
            .contains("only the first")
    );
    // The longest bad line against the record: quoted briefly.
    let bad = longest_line("x");
    let out = small(&["diff", path, "-"], bad.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        asalto::text::cap(&stdout, 2000)
    );
    assert!(
        stdout.contains("first difference: move 1"),
        "{}",
        asalto::text::cap(&stdout, 2000)
    );
    assert!(stdout.len() < 80_000, "{} bytes", stdout.len());
}

#[test]
fn show_and_export_quote_a_huge_line_briefly() {
    let bad = longest_line("x");
    let out = small(&["show", "-"], bad.path());
    assert_eq!(out.status.code(), Some(1));
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("is not a point"),
        "{}",
        asalto::text::cap(&text, 2000)
    );
    assert!(text.len() < 8_000, "{} bytes", text.len());
    let out = small(&["export", "--to", "json", "-"], bad.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(out.stderr.len() < 2_000, "{} bytes", out.stderr.len());
}

/// A Go record of `cycles` times six moves that never ends: a ko in the
/// corner taken by White, two passes (which lift the simple-ko ban), taken
/// back by Black, two passes, and so on; `last` replaces the final move
/// (`B[]`). 4.8 bytes a move.
fn go_ko_record(cycles: usize, last: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new().suffix(".sgf").tempfile().unwrap();
    let mut text = String::from("(;GM[1]FF[4]SZ[19]AB[ba][ab][cb][bc]AW[ca][db][cc]\n");
    text.push_str(&";W[bb];B[];W[];B[cb];W[];B[]\n".repeat(cycles));
    text.truncate(text.len() - "B[]\n".len());
    text.push_str(last);
    text.push_str("\n)\n");
    file.write_all(text.as_bytes()).unwrap();
    file.flush().unwrap();
    file
}

/// Go's `check` keeps no ply: on the record of two million moves (9.2
/// MiB) it needs the text (held once: the text checked is the bytes read,
/// borrowed when they are UTF-8) and a position, whether the record is
/// valid or ends with an illegal move (whose board the report draws). It
/// passes at 32 MiB of address space; holding the text twice (the bytes
/// read and a decoded copy) it failed at 36 MiB, and keeping every ply
/// (16 bytes each, and the captures) at 64 MiB (2026-11-27).
#[test]
fn go_check_keeps_no_ply() {
    for (last, valid) in [("B[]", true), ("B[ba]", false)] {
        let file = go_ko_record(333_333, last);
        let path = file.path().to_str().unwrap();
        let out = limited_to(36, &["check", path], file.path(), Stdio::piped());
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(if valid { 0 } else { 1 }),
            "{stdout}"
        );
        if valid {
            assert!(
                stdout.contains(": valid (simple-ko, default), 1 game, 1999998 moves; area score"),
                "{stdout}"
            );
        } else {
            assert!(
                stdout.contains("move 1999998 (black): illegal move at ba"),
                "{stdout}"
            );
            assert!(
                stdout.contains("The board before move 1999998 (black B19, occupied):"),
                "{stdout}"
            );
        }
    }
}

/// Go's replay pages (`export --to html`, `check --format html`) hold
/// every ply and position of the game they draw (about 1.2 KB a move
/// while the page is made: 42 MB for 30,000 moves); a record of more than
/// 5,000 moves is refused after a replay that keeps no ply, so that no
/// record makes a page hold more. The page of a game of two million moves
/// (a ko taken back and forth) would have needed some 2.4 GB.
#[test]
fn go_pages_draw_a_bounded_number_of_moves() {
    let long = go_ko_record(333_333, "B[]");
    let path = long.path().to_str().unwrap();
    let out = small(&["export", "--to", "html", path], long.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("1999998 moves: too long for a page (at most 5000)"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    let out = small(&["check", "--format", "html", path], long.path());
    let html = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        asalto::text::cap(&html, 2000)
    );
    assert!(
        html.contains("too long for a page"),
        "{}",
        asalto::text::cap(&html, 2000)
    );
    // At the bound, a page.
    let short = go_ko_record(833, "B[]");
    let out = small(
        &["export", "--to", "html", short.path().to_str().unwrap()],
        short.path(),
    );
    let html = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(html.contains("4998"), "{}", asalto::text::cap(&html, 2000));
}

/// Go's `show`, `export` and `diff` hold a game of two million moves (a
/// 9.7 MB record) in a few times the record: they once held its syntax
/// tree and the game side by side, about 200 bytes a move (over 400 MB
/// for this record, 840 MB for `diff`, 2.4 GB for `export --to json`),
/// then the game and the tree's nodes (170 MiB, 264 MiB for `diff`), then
/// every ply (16 bytes) and its captures (51 MiB, 5.6 times the record;
/// 97 MiB for `diff` of two). The main line is judged as it is parsed with
/// no tree, the file's bytes become its text without a copy, and no
/// command keeps a ply: `show` keeps the position asked for, `export` the
/// first and last and replays the moves again as it writes them (15 MiB
/// at the peak, 1.6 times the record), `diff` the moves as written (4
/// bytes each) and replays the reference again up to the difference
/// (39 MiB for two records). The limits are of address space (`ulimit
/// -v`): `show` and `export` pass at 32 MiB and `diff` at 48, and failed
/// at 56 and 96 MiB when they kept every ply (2026-11-27).
#[test]
fn go_show_export_and_diff_hold_millions_of_moves() {
    const MOVES: u64 = 1_999_998;
    let file = go_ko_record(333_333, "B[]");
    let path = file.path().to_str().unwrap();
    let run = |limit, args: &[&str]| limited_to(limit, args, file.path(), Stdio::piped());
    let out = run(40, &["show", "--format", "json", "--ply", "1000", path]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["game"], "go");
    assert_eq!(
        (json["ply"].as_u64(), json["plies"].as_u64()),
        (Some(1000), Some(MOVES))
    );
    assert_eq!(json["valid"], true);
    // 166 cycles and four moves: each colour has taken the ko 167 times.
    assert_eq!(json["captures"]["black"], 167);
    assert_eq!(json["captures"]["white"], 167);

    let out = run(40, &["export", "--to", "gtp", path]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let plays = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| l.starts_with(b"play "))
        .count();
    // The seven setup stones, then every move.
    assert_eq!(plays as u64, 7 + MOVES);
    let out = run(40, &["export", "--to", "sgf", path]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.starts_with(b"(;GM[1]FF[4]CA[UTF-8]SZ[19]"));
    let nodes = out.stdout.windows(2).filter(|w| w == b"\n;").count();
    assert_eq!(nodes as u64, MOVES);
    // Made whole in memory, the Prolog facts took 150 MB.
    let out = run(40, &["export", "--to", "prolog", path]);
    assert_eq!(out.status.code(), Some(0));
    let facts = out.stdout.split(|&b| b == b'\n');
    let facts = facts.filter(|l| l.starts_with(b"move(")).count();
    assert_eq!(facts as u64, MOVES);
    assert!(out.stdout.starts_with(b"move(1, \"w\", [1,1]).\n"));
    assert!(out.stdout.ends_with(b"]]).\n"));

    // A JSON document carries a board per move (465 bytes a move here):
    // written as it is made. Built whole, 200,000 moves took 240 MB.
    let short = go_ko_record(33_333, "B[]");
    let out = small(
        &["export", "--to", "json", short.path().to_str().unwrap()],
        short.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = &out.stdout;
    assert!(doc.starts_with(b"{\"format\":\"asalto-game\",\"version\":2,\"game\":\"go\""));
    assert!(doc.ends_with(b"\"result\":\"B+3\"}}\n"));
    let plies = doc.windows(6).filter(|w| w == b"\"ply\":").count();
    assert_eq!(plies, 199_998);

    // Two of them, differing at the last move.
    let other = go_ko_record(333_333, "B[dd]");
    let out = run(64, &["diff", path, other.path().to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("first difference at move {MOVES}:")),
        "{}",
        asalto::text::cap(&stdout, 2000)
    );
    assert!(
        stdout.contains("black pass") && stdout.contains("black D16"),
        "{stdout}"
    );
    // The reference replayed again to the difference, and drawn.
    assert!(
        stdout.contains(&format!("The board before move {MOVES}:")),
        "{stdout}"
    );
}

/// A JSON game document of about 300,000 moves (some 50 MB) read back by
/// `check`, `show` and `diff`: read as a stream, a ply at a time, it fits
/// under the small limit, which the document held whole (and the game
/// made of it) would pass several times over.
#[test]
fn json_documents_are_read_back_as_a_stream() {
    let (record, plies, end) = endless_record(1800 << 10);
    let document = json_document(record.path());
    let size = std::fs::metadata(document.path()).unwrap().len();
    assert!(size > 40 << 20, "{size} bytes");
    let path = document.path().to_str().unwrap();
    let check = small(&["check", path], record.path());
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!(": valid, {plies} moves")),
        "{stdout}"
    );
    let show = small(&["show", path], record.path());
    let stdout = String::from_utf8_lossy(&show.stdout);
    assert_eq!(show.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains(&format!("Position:    {end}")), "{stdout}");
    // The document against its record, on standard input.
    let diff = small(&["diff", path, "-"], record.path());
    let stdout = String::from_utf8_lossy(&diff.stdout);
    assert_eq!(diff.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!("same game: {plies} moves")),
        "{stdout}"
    );
}

/// `export` of a JSON game document of about 300,000 moves (some 50 MB):
/// checked in a first reading and written in a second, each a stream, it
/// fits under the small limit. Read whole (the document, then the game
/// made of it), it took 189 MB; main's binary before this change ran out
/// of memory under this limit.
#[test]
fn export_of_a_json_document_reads_it_twice_as_a_stream() {
    let (record, _, _) = endless_record(1800 << 10);
    let document = json_document(record.path());
    let path = document.path().to_str().unwrap();
    // Written again as JSON it is itself (from a file, read twice, and
    // from standard input, copied to a temporary file first); as text, its
    // record, which is canonical.
    for (args, expected) in [
        (["export", "--to", "json", path], document.path()),
        (["export", "--to", "json", "-"], document.path()),
        (["export", "--to", "text", path], record.path()),
    ] {
        let output = tempfile::NamedTempFile::new().unwrap();
        let out = limited_to(
            SMALL_LIMIT_MIB,
            &args,
            document.path(),
            Stdio::from(output.reopen().unwrap()),
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(same_contents(output.path(), expected), "{args:?}");
    }
}

/// The HTML pages of a JSON game document: `export --to html` and `check
/// --format html` read it as a stream, as `check` does, keeping only the
/// record of its moves; the replay page is built without holding every
/// position's drawing. A document of 30,000 moves (5 MB, more than the
/// 4 MiB a record may have for a page) on standard input: main's binary
/// read it whole and held every drawing (388 MB; it aborted under this
/// limit) and `check --format html` refused it as larger than 4 MiB.
#[test]
fn html_pages_of_a_json_document_are_made_from_a_stream() {
    const LIMIT: usize = 96;
    let (record, plies, _) = endless_record(180 << 10);
    let document = json_document(record.path());
    assert!(std::fs::metadata(document.path()).unwrap().len() > 4 << 20);
    let page = limited_to(
        LIMIT,
        &["export", "--to", "html", "-"],
        document.path(),
        Stdio::piped(),
    );
    assert_eq!(
        page.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&page.stderr)
    );
    // The page of the document is the page of its record.
    let of_record = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["export", "--to", "html", "-"])
        .stdin(std::fs::File::open(record.path()).unwrap())
        .output()
        .unwrap();
    assert!(of_record.status.success());
    assert!(page.stdout == of_record.stdout);
    let check = limited_to(
        LIMIT,
        &["check", "--format", "html", "-"],
        document.path(),
        Stdio::piped(),
    );
    let html = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{html}");
    assert!(
        html.contains(&format!(
            "<tr class=\"valid\"><td>&lt;stdin&gt;</td><td><span class=\"badge ok\">valid</span></td><td>Asalto</td><td class=\"num\">{plies}</td>"
        )),
        "{html}"
    );
}

/// A file of `size` bytes that takes no disk: a sparse file of zero bytes.
fn sparse_file(size: u64) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().unwrap();
    file.as_file().set_len(size).unwrap();
    file
}

/// Run `asalto ARGS` under the limit on each of the worst inputs of a game
/// read whole up to its bound: each ends with its answer (`diff` of a
/// file with itself: the same) or a refusal, never an abort, with a brief
/// report.
fn worst_inputs_end_briefly(game: &str, inputs: &[(&tempfile::NamedTempFile, &str)]) {
    for (input, expected) in inputs {
        let path = input.path().to_str().unwrap();
        for args in [
            &["check", "--game", game, "-"][..],
            &["show", "--game", game, "-"],
            &["export", "--game", game, "--to", "json", "-"],
            &["export", "--game", game, "--to", "html", "-"],
            &["diff", "--game", game, path, "-"],
        ] {
            let out = limited(args, input.path());
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            assert!(
                matches!(out.status.code(), Some(0..=2)),
                "{args:?}: {:?} {}",
                out.status,
                asalto::text::cap(&text, 2000)
            );
            assert!(
                text.contains(expected),
                "{args:?}: {}",
                asalto::text::cap(&text, 2000)
            );
            assert!(text.len() < 100_000, "{args:?}: {} bytes", text.len());
        }
    }
}

/// Mad Bishops records are read whole, up to 4 MiB, by `show`, `export`
/// and `diff` (which show or write every move). The worst input found: a
/// record of one legal move repeated (each line parsed and held, about 96
/// bytes, before the replay stops at the second). At the former bound of
/// 16 MiB (2.8 million lines) it took 240 MB peak for every command, 256 MB
/// for `diff`, and `check` and `diff` aborted under this limit (GNU `time
/// -v`, 2026-11-27); a huge line or 1 GiB is refused at the bound (by
/// `check`, which reads any length, at a line of 1 MiB).
#[test]
fn mad_bishops_worst_inputs_end_in_bounded_memory() {
    let moves = file_of("b6xc5\n", (4 << 20) - (1 << 20), "");
    let lines = file_of("x\n", (4 << 20) - (1 << 20), "");
    let huge = sparse_file(1 << 30);
    worst_inputs_end_briefly("madbishops", &[(&moves, "line 2"), (&lines, "line 1")]);
    for args in [
        &["show", "--game", "madbishops", "-"][..],
        &["export", "--game", "madbishops", "--to", "json", "-"],
    ] {
        let out = limited(args, huge.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("larger than 4 MiB"), "{args:?}: {stderr}");
    }
    let out = limited(&["check", "--game", "madbishops", "-"], huge.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a line longer than 1024 KiB"), "{stderr}");
}

/// `check` of a Mad Bishops record reads it a line at a time holding the
/// current position (and a few lines to quote): 64 MiB records, which held
/// whole as the other commands hold them would take about 1 GB, are
/// checked under the limit. Before, `check` refused any record over 4 MiB.
#[test]
fn mad_bishops_check_reads_any_length_holding_one_position() {
    let size = 64 << 20;
    // One legal move, then the same move again and again: the replay stops
    // at line 2, the rest is still read (every line a move).
    let moves = file_of("b6xc5\n", size, "");
    let out = limited(
        &["check", "--game", "madbishops", "--format", "json", "-"],
        moves.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["plies"].as_u64(), json["errors"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(json["stopped_at_line"], 2, "{json}");
    // Every line in the wrong format: the notes name the first lines,
    // the record is valid (one move), the report is brief.
    let notes = file_of("\r\n", size, "");
    let mut first = tempfile::NamedTempFile::new().unwrap();
    first.write_all(b"b10xa9\r\n").unwrap();
    std::io::copy(&mut std::fs::File::open(notes.path()).unwrap(), &mut first).unwrap();
    first.flush().unwrap();
    let out = limited(&["check", "--game", "madbishops", "-"], first.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("<stdin>: valid (steere) (2 warnings), 1 move;"),
        "{}",
        asalto::text::cap(&stdout, 2000)
    );
    assert!(
        stdout.contains("(lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...)"),
        "{stdout}"
    );
    assert!(stdout.len() < 8_000, "{} bytes", stdout.len());
    // Every line a syntax error: a thousand listed, the rest counted.
    let errors = file_of("zz\n", size, "");
    let out = limited(
        &["check", "--game", "madbishops", "--format", "json", "-"],
        errors.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = std::fs::metadata(errors.path()).unwrap().len() / 3;
    assert_eq!(json["errors"].as_u64(), Some(lines));
    assert_eq!(json["problems"].as_array().unwrap().len(), 1000);
}

/// Solitaire Chess records are read whole, up to 1 MiB (a puzzle has at
/// most 15 captures). The worst input found: a puzzle then 150,000
/// captures (1 MiB; 140,000 here): 53 MB peak for `check`, `show` and `export`, 106 MB
/// for `diff` (GNU `time -v`, 2026-11-27); 1 GiB is refused at 1 MiB.
/// `solve` read its puzzle set whole without a bound (a 300 MB pipe took
/// 4.6 GB and five minutes; main's binary aborts here): it reads at most
/// 16 MiB.
#[test]
fn solitaire_worst_inputs_end_in_bounded_memory() {
    let captures = "Bc2xd3\n".repeat(140_000);
    let mut answer = tempfile::NamedTempFile::new().unwrap();
    answer.write_all(captures.as_bytes()).unwrap();
    answer.flush().unwrap();
    let mut with_puzzle = tempfile::NamedTempFile::new().unwrap();
    with_puzzle.write_all(b"...N...RRBB.NPP.\n").unwrap();
    with_puzzle.write_all(captures.as_bytes()).unwrap();
    with_puzzle.flush().unwrap();
    let huge = sparse_file(1 << 30);
    worst_inputs_end_briefly(
        "solitaire",
        &[
            (&with_puzzle, "line 3"),
            (&answer, "expected a board"),
            (&huge, "larger than 1024 KiB"),
        ],
    );
    let puzzles = file_of(".NR.B...N..B..P.\n", 600 << 20, "");
    let out = limited(&["solve", "-"], puzzles.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("larger than 16 MiB"), "{stderr}");
}

/// A Go record of `moves` moves on one point, one a line: the first is
/// legal, every other lands on a stone (`occupied`), 7 bytes a move.
fn go_one_point_record(moves: usize) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new().suffix(".sgf").tempfile().unwrap();
    let mut text = String::from("(;GM[1]SZ[19]\n");
    for i in 0..moves {
        text.push_str(if i % 2 == 0 { ";B[aa]\n" } else { ";W[aa]\n" });
    }
    text.push_str(")\n");
    file.write_all(text.as_bytes()).unwrap();
    file.flush().unwrap();
    file
}

/// Go's `check` of a record with a problem on every move keeps the first
/// 1000 whole and counts the others by code: 200,000 illegal moves (1.4
/// MB) are checked under 64 MiB of address space in every format, and
/// the JSON line stays under 1 MB. It kept every problem before
/// (2026-12-06): 3.8 KB of JSON a problem, 7.6 GB for 2,000,000 moves.
#[test]
fn go_check_of_a_problem_on_every_move_is_bounded() {
    let file = go_one_point_record(200_001);
    let path = file.path().to_str().unwrap();
    let out = small(&["check", "--format", "json", path], file.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.len() < 1_000_000, "{} bytes", out.stdout.len());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["errors"], 200_000);
    assert_eq!(json["problems"].as_array().unwrap().len(), 1000);
    assert_eq!(json["problems"][0]["line"], 3);
    assert_eq!(json["problems"][999]["line"], 1002);
    assert_eq!(json["problems_omitted"], 199_000);
    assert_eq!(json["omitted"][0]["code"], "occupied");
    assert_eq!(json["omitted"][0]["count"], 199_000);
    assert_eq!(json["omitted"][0]["last_line"], 200_002);

    let out = small(&["check", path], file.path());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("illegal move at aa: the point already holds a stone [occupied] (+199999 more); 200001 moves replayed"),
        "{stdout}"
    );
    assert!(out.stdout.len() < 2_000_000, "{} bytes", out.stdout.len());
    assert!(
        stdout.contains("invalid record (200000 errors)")
            && stdout.contains("… and 199997 more problems like this [occupied]"),
        "{}",
        stdout.lines().rev().take(20).collect::<Vec<_>>().join("\n")
    );
    let quiet = small(&["check", "-q", path], file.path());
    assert_eq!((quiet.status.code(), quiet.stdout.len()), (Some(1), 0));
}
