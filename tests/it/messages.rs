//! Messages that used to give wrong advice, or none: each says what is so
//! and what to do, in the same words for every game.

use std::path::Path;

use assert_cmd::Command;

use crate::run::{asalto, asalto_with_input};

/// `--to sgf` of a record that is not SGF names the games that write it,
/// and suggests `--game go` only for a file that looks like SGF.
#[test]
fn export_suggests_a_game_only_for_a_file_of_that_game() {
    let run = asalto(&["export", "samples/ejemplo.txt", "--to", "sgf"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr.contains("--to sgf is for Go records"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("--game go"), "{}", run.stderr);
    // The Solitaire Chess targets the same way.
    let run = asalto(&["export", "samples/ejemplo.txt", "--to", "codegolf"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--to codegolf is for Solitaire Chess records"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("--game solitaire"), "{}", run.stderr);
    // An SGF game read as Asalto's (asked so): the way to Go is said.
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("game.txt");
    std::fs::write(&sgf, "(;GM[1]SZ[9];B[ee];W[dd])\n").unwrap();
    let sgf = sgf.to_str().unwrap();
    let run = asalto(&["export", "--game", "asalto", sgf, "--to", "sgf"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("(name the game with --game go)"),
        "{}",
        run.stderr
    );
}

/// An option of one game's, given for another, is refused (exit 2) and
/// named with the game it is for, whatever the command.
#[test]
fn an_option_of_another_game_is_refused_by_name() {
    for (args, says) in [
        (
            vec!["selfplay", "--size", "9"],
            "--size is for Go (add --game go)",
        ),
        (
            vec!["selfplay", "--game", "madbishops", "--komi", "6.5"],
            "--komi is for Go (add --game go)",
        ),
        (
            vec!["selfplay", "--game", "go", "--red", "greedy"],
            "--red is for Mad Bishops (add --game madbishops)",
        ),
        (
            vec!["show", "--territory", "samples/ejemplo.txt"],
            "--territory is for Go records (add --game go)",
        ),
        (
            vec![
                "check",
                "--game",
                "asalto",
                "--all-variations",
                "samples/ejemplo.txt",
            ],
            "--all-variations is for Go records (add --game go)",
        ),
        (
            vec!["play", "--depth", "2"],
            "--depth is for Mad Bishops (add --game madbishops)",
        ),
    ] {
        let run = asalto(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    // The same option for its game is taken.
    let run = asalto(&[
        "selfplay", "--game", "go", "--size", "9", "--games", "1", "--seed", "1", "--quiet",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The players offered for a side are those that can play it: BASICO
/// plays the rebels only.
#[test]
fn the_players_offered_can_play_the_side() {
    let run = asalto(&["selfplay", "--officers", "smart"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("expected random or greedy"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("basic"), "{}", run.stderr);
    let run = asalto(&["selfplay", "--officers", "basic-v1"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("basic-v1 cannot play the officers"),
        "{}",
        run.stderr
    );
    let run = asalto(&["selfplay", "--rebels", "smart"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("expected random, basic-v1, basic-v2 or greedy"),
        "{}",
        run.stderr
    );
}

/// `--color auto` colours a terminal that shows colours, and not one
/// whose `TERM` is `dumb`, nor under `NO_COLOR` (a terminal is stood in
/// for by `IGNORE_IS_TERMINAL`, the convention the colour test reads).
#[test]
fn a_dumb_terminal_gets_no_colour() {
    let show = |vars: &[(&str, &str)]| {
        let mut command = Command::cargo_bin("asalto").unwrap();
        command
            .args(["show", "samples/ejemplo.txt"])
            .env_remove("NO_COLOR")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("CLICOLOR")
            .env_remove("COLORTERM")
            .env("IGNORE_IS_TERMINAL", "1");
        for (name, value) in vars {
            command.env(name, value);
        }
        let output = command.output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(show(&[("TERM", "xterm-256color")]).contains("\x1b["));
    assert!(!show(&[("TERM", "dumb")]).contains('\x1b'));
    assert!(!show(&[("TERM", "xterm-256color"), ("NO_COLOR", "1")]).contains('\x1b'));
    // Off a terminal, no colour.
    let run = asalto(&["show", "samples/ejemplo.txt"]);
    assert!(!run.stdout.contains('\x1b'), "{}", run.stdout);
}

/// `diff -q` prints nothing: the exit status says whether the games are
/// the same.
#[test]
fn diff_quiet_says_it_by_its_status() {
    for q in ["-q", "--quiet"] {
        let same = asalto(&["diff", q, "samples/ejemplo.txt", "samples/ejemplo.txt"]);
        assert_eq!(
            (same.code, same.stdout.as_str()),
            (0, ""),
            "{}",
            same.stderr
        );
        let other = asalto(&["diff", q, "samples/ejemplo.txt", "samples/unfinished.txt"]);
        assert_eq!(
            (other.code, other.stdout.as_str()),
            (1, ""),
            "{}",
            other.stderr
        );
    }
    let missing = asalto(&["diff", "-q", "samples/ejemplo.txt", "no-such-file.txt"]);
    assert_eq!(missing.code, 2);
    assert!(!missing.stderr.is_empty());
}

/// `solve` of a record (a puzzle and its answer) solves its puzzle and
/// says once what the rest is; a help is said once per code, not once per
/// bad puzzle.
#[test]
fn solve_says_a_help_once() {
    let run = asalto(&["solve", "samples/solitaire/answer.txt"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("solved in 7 captures"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stderr.matches("is a record").count(),
        1,
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("help:"), "{}", run.stderr);
    // A set with several bad lines: the help once.
    let set = "...N.....R....B.\nK\nQ\nKQ\n.....B..RP.....N\n";
    let run = asalto_with_input(&["solve", "-"], set);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.matches("not a puzzle").count(),
        3,
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.matches("help:").count(), 1, "{}", run.stderr);
}

/// The bundled collection of puzzles is told from a record: not an
/// invalid record, but a collection `solve` reads.
#[test]
fn a_puzzle_collection_is_no_invalid_record() {
    let run = asalto(&["check", "samples/solitaire/puzzles.txt"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout.contains("a collection of 7 puzzles")
            && run
                .stdout
                .contains("asalto solve samples/solitaire/puzzles.txt"),
        "{}",
        run.stdout
    );
    let run = asalto(&[
        "check",
        "--format",
        "json",
        "--game",
        "solitaire",
        "samples/solitaire/puzzles.txt",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (
            &doc["valid"],
            &doc["collection"],
            &doc["puzzles"],
            &doc["game"]
        ),
        (
            &true.into(),
            &"puzzles".into(),
            &7.into(),
            &"solitaire".into()
        )
    );
    // An answer written as boards, each one piece fewer, is still a
    // record (a wrong one here).
    let boards = "...N.....R....B.\n...N.....R......\n........R.......\n";
    let run = asalto_with_input(&["check", "--game", "solitaire", "-"], boards);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(!run.stdout.contains("collection"), "{}", run.stdout);
}

/// `check DIR` with one folder per student finds the records in the
/// sub-folders, as `rg` and `fd` look: hidden folders and `.git` left out.
#[test]
fn check_finds_the_records_in_sub_folders() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let copy = |to: &str| {
        let to = root.join(to);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy("samples/ejemplo.txt", to).unwrap();
    };
    copy("ana/partida.txt");
    copy("ben/entrega/partida.txt");
    copy("top.txt");
    copy(".git/objects/partida.txt");
    copy(".hidden/partida.txt");
    let run = asalto(&["check", root.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let name = |rel: &str| root.join(rel).to_string_lossy().into_owned();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    for (line, rel) in lines
        .iter()
        .zip(["ana/partida.txt", "ben/entrega/partida.txt", "top.txt"])
    {
        assert!(line.starts_with(&format!("{}: valid", name(rel))), "{line}");
    }
    assert_eq!(lines[3], "3 files: 3 valid, 0 invalid");
    // A folder with no records in it or below says so.
    let empty = tempfile::tempdir().unwrap();
    std::fs::create_dir(empty.path().join("sub")).unwrap();
    let run = asalto(&["check", empty.path().to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("records in this folder or its sub-folders"),
        "{}",
        run.stderr
    );
    assert!(Path::new(&name("top.txt")).exists());
}

/// An empty record is a warning (`empty`) in every game, the same way,
/// and an error under `--strict`.
#[test]
fn an_empty_record_is_a_warning_in_every_game() {
    for (game, file) in [
        ("asalto", "empty.txt"),
        ("go", "empty.sgf"),
        ("solitaire", "empty.txt"),
        ("madbishops", "empty.txt"),
    ] {
        for text in ["", "\n \n", "\u{feff}"] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(file);
            std::fs::write(&path, text).unwrap();
            let path = path.to_str().unwrap();
            let run = asalto(&["check", "--game", game, path]);
            assert_eq!(run.code, 0, "{game} {text:?}: {}", run.stdout);
            assert!(
                run.stdout
                    .starts_with(&format!("{path}: valid (1 warning): the record is empty")),
                "{game}: {}",
                run.stdout
            );
            assert!(run.stdout.contains("[empty]"), "{game}: {}", run.stdout);
            let run = asalto(&["check", "--strict", "--game", game, path]);
            assert_eq!(run.code, 1, "{game}: {}", run.stdout);
            assert!(
                run.stdout
                    .contains("invalid: line 1:1: the record is empty"),
                "{game}: {}",
                run.stdout
            );
            let run = asalto(&["check", "--format", "json", "--game", game, path]);
            let doc: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            assert_eq!(doc["game"], game);
            assert_eq!(doc["valid"], true);
            assert_eq!(doc["diagnostics"][0]["code"], "empty");
            assert_eq!(doc["diagnostics"][0]["severity"], "warning");
        }
    }
    // Standard input, which nothing tells the game of, the same way.
    let run = asalto_with_input(&["check", "-"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("[empty]"), "{}", run.stdout);
}
