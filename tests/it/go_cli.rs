//! The command line on Go records: `check` chooses Go by `--game`, the
//! `.sgf` extension or the content, judges under the `--rules` profile, and
//! reports each problem at its line and column, on the real SGF files of
//! `crates/go/tests/data`.
//!
//! Why: teachers check folders of SGF files with the same exit codes and
//! JSON lines as Asalto records; a wrong game or profile must be a usage
//! error, not a silent wrong verdict.

use serde_json::Value;

use crate::run::{asalto, asalto_with_input};

const DATA: &str = "crates/go/tests/data";
const GNUGO: &str = "crates/go/tests/data/real/gnugo";
/// A Tromp-Taylor selfplay game with suicides: legal under its own
/// profile, illegal under the 2019 assignment's.
const SUICIDES: &str = "crates/go/tests/data/selfplay/tt-9-060.sgf";

/// The SGF files of a folder, sorted (what `check` must visit).
fn sgf_files(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".sgf"))
        .collect();
    files.sort();
    files
}

/// The text at 1-based `line` and `column` (in characters) of `path`.
fn text_at(path: &str, line: usize, column: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(line - 1).unwrap();
    line.chars().skip(column - 1).collect()
}

#[test]
fn real_games_of_a_folder_are_valid_under_simple_ko() {
    let files = sgf_files(GNUGO);
    assert!(files.len() > 300);
    let run = asalto(&["check", GNUGO]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), files.len() + 1);
    for (line, file) in lines.iter().zip(&files) {
        assert!(
            line.starts_with(&format!("{file}: valid (simple-ko)")),
            "{line}"
        );
    }
    assert_eq!(
        lines.last().unwrap(),
        &format!("{n} files: {n} valid, 0 invalid", n = files.len())
    );
}

#[test]
fn profile_decides_and_the_error_is_at_its_line_and_column() {
    let run = asalto(&["check", "--rules", "tromp-taylor", SUICIDES]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with(&format!("{SUICIDES}: valid (tromp-taylor)"))
    );

    let run = asalto(&["check", "--rules", "seed-2019", SUICIDES]);
    assert_eq!(run.code, 1);
    let first = run.stdout.lines().next().unwrap();
    assert!(
        first.contains("invalid (seed-2019): line 64:2, move 63 (black)"),
        "{first}"
    );
    assert!(first.contains("[suicide]"), "{first}");
    assert!(text_at(SUICIDES, 64, 2).starts_with("B[ge]"));
    // Every problem, then the board before the first illegal move, with
    // the point of the move empty.
    assert!(
        run.stdout
            .contains("  error[suicide] line 64:2, move 63 (black)")
    );
    let (_, board) = run
        .stdout
        .split_once("The board before move 63 (black G5, suicide):\n")
        .expect(&run.stdout);
    let row5 = board.lines().find(|l| l.starts_with(" 5 ")).unwrap();
    // Columns A..J without I: G is the 7th, at 4 + 2 * 6.
    assert_eq!(&row5[4 + 2 * 6..4 + 2 * 6 + 1], ".", "{board}");
}

#[test]
fn json_names_game_rules_and_file() {
    let run = asalto(&[
        "check",
        "--format",
        "json",
        "--rules",
        "seed-2019",
        SUICIDES,
    ]);
    assert_eq!(run.code, 1);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["game"], "go");
    assert_eq!(v["rules"], "seed-2019");
    assert_eq!(v["file"], SUICIDES);
    assert_eq!(v["valid"], false);
    let p = &v["problems"][0];
    assert_eq!(p["code"], "suicide");
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(64), Some(2))
    );
    let moves = std::fs::read_to_string(SUICIDES)
        .unwrap()
        .matches(";B[")
        .count()
        + std::fs::read_to_string(SUICIDES)
            .unwrap()
            .matches(";W[")
            .count();
    assert_eq!(v["moves"].as_u64(), Some(moves as u64));
}

#[test]
fn game_by_extension_content_or_flag() {
    let dir = tempfile::tempdir().unwrap();
    let text = "(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])\n";
    let txt = dir.path().join("game.txt");
    std::fs::write(&txt, text).unwrap();
    let txt = txt.to_str().unwrap();
    // By content: a `.txt` file holding SGF is Go.
    let run = asalto(&["check", txt]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("invalid (simple-ko): line 2:8, move 2 (white)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("[occupied]"));
    // By flag: Asalto, which reads no SGF.
    let run = asalto(&["check", "--game", "asalto", txt]);
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains("simple-ko"), "{}", run.stdout);
    // Standard input, with --game go.
    let run = asalto_with_input(&["check", "--game", "go", "-"], text);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .starts_with("<stdin>: invalid (simple-ko): line 2:8")
    );
}

#[test]
fn usage_errors_exit_2() {
    let sgf = &sgf_files(GNUGO)[0];
    for (args, says) in [
        (
            vec!["check", "--rules", "assignment-2018-19", sgf],
            "not a Go rule profile",
        ),
        (
            vec!["check", "--rules", "seed-2019", "samples/ejemplo.txt"],
            "not an Asalto rule profile",
        ),
        (
            vec!["check", "--rules", "chinese", sgf],
            "not a Go rule profile",
        ),
        (
            vec!["check", "--game", "solitaire", sgf],
            "not yet available",
        ),
        (
            vec!["check", "--game", "madbishops", sgf],
            "not yet available",
        ),
        (vec!["check", sgf, "samples/ejemplo.txt"], "mix Go records"),
    ] {
        let run = asalto(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    // The Asalto profile named for an Asalto record is fine.
    let run = asalto(&[
        "check",
        "--rules",
        "assignment-2018-19",
        "samples/ejemplo.txt",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_batch_goes_on_after_a_missing_file() {
    let files = sgf_files(&format!("{DATA}/real/sabaki"));
    let mut args = vec!["check", "--game", "go", "--lenient", "missing.sgf"];
    args.extend(files.iter().map(String::as_str));
    let run = asalto(&args);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("cannot read missing.sgf: no such file"),
        "{}",
        run.stderr
    );
    let total = format!(
        "{} files: {} valid, 0 invalid, 1 unreadable",
        files.len() + 1,
        files.len()
    );
    assert_eq!(
        run.stdout.lines().last(),
        Some(total.as_str()),
        "{}",
        run.stdout
    );
}
