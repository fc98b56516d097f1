//! The command line on Mad Bishops records: `check` chooses the game by
//! `--game madbishops`, a Mad Bishops rule profile or the records' first
//! move; judges under `--rules steere|report` and `--first red|blue`;
//! reports each problem with its stable code at its line and column, the
//! board before the move and the legal moves there; `show`, `export`,
//! `diff`, `play` and `selfplay` work on the same engine.
//!
//! Why: teachers check folders of the course's records with the same exit
//! codes and JSON lines as every other game; a record must be judged by the
//! profile asked for, and every answer must point at the right place.

use serde_json::Value;

use crate::run::{asalto, asalto_with_input};

const DIR: &str = "samples/madbishops";
const GAME: &str = "samples/madbishops/game.txt";
const SHORT: &str = "samples/madbishops/short.txt";
const QUIET: &str = "samples/madbishops/report/quiet-moves.txt";

/// The text at 1-based `line` and `column` (in characters) of `path`.
fn text_at(path: &str, line: usize, column: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(line - 1).unwrap();
    line.chars().skip(column - 1).collect()
}

/// Every file of the invalid samples is named after the reason code it
/// shows; each is found at a line and column that holds the offending text.
#[test]
fn every_invalid_sample_is_found_with_its_code_line_and_column() {
    let mut names: Vec<String> = std::fs::read_dir(format!("{DIR}/invalid"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 13, "{names:?}");
    for path in &names {
        let code = path
            .rsplit('/')
            .next()
            .unwrap()
            .trim_end_matches(".txt")
            .to_string();
        let run = asalto(&["check", "--format", "json", path]);
        assert_eq!(run.code, 1, "{path}: {}", run.stderr);
        let json: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(json["game"], "madbishops");
        assert_eq!(json["rules"], "steere");
        assert_eq!(json["valid"], false);
        let first = &json["problems"][0];
        assert_eq!(first["code"], code.as_str(), "{path}: {json}");
        let (line, column) = (
            first["line"].as_u64().unwrap() as usize,
            first["column"].as_u64().unwrap() as usize,
        );
        let at = text_at(path, line, column);
        let line_text = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .nth(line - 1)
            .unwrap()
            .to_string();
        assert!(line_text.ends_with(&at), "{path}: {at:?}");
        // The moves before the error were replayed: the plies count.
        assert_eq!(json["plies"].as_u64().unwrap() as usize, line - 1, "{path}");
        // The human report says the same in its first line.
        let human = asalto(&["check", path]);
        assert!(
            human
                .stdout
                .lines()
                .next()
                .unwrap()
                .contains(&format!("invalid (steere): line {line}:{column}: "))
                && human.stdout.contains(&format!("[{code}]")),
            "{path}: {}",
            human.stdout
        );
    }
}

#[test]
fn one_invalid_file_shows_the_line_the_board_and_the_legal_moves() {
    let path = format!("{DIR}/invalid/capture-required.txt");
    let run = asalto(&["check", &path]);
    assert_eq!(run.code, 1);
    let expected = format!(
        "  × {path}: invalid record (1 error)

Error: asalto::capture-required

  × move 2 (blue): the bishop on c9 can capture, so it may only capture
   ╭─[{path}:2:1]
 1 │ b10xa9
 2 │ c9-b10
   · ───┬──
   ·    ╰── a plain move, but this bishop must capture
   ╰────
  help: "
    );
    assert!(run.stdout.contains(&expected), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("The board before move 2 (blue to move, steere):\n    a  b  c  d  e  f  g  h  i  j\n10    [.]    R"),
        "{}",
        run.stdout
    );
    // The previous move (b10xa9) is marked: `[.]` on b10, `[R]` on a9.
    assert!(run.stdout.contains("10    [.]    R "), "{}", run.stdout);
    assert!(run.stdout.contains(" 9 [R] "), "{}", run.stdout);
    // The legal moves of blue after b10xa9: the engine's own count, which
    // the crate's tests check against the reference.
    let legal = run.stdout.split("legal moves (").nth(1).unwrap();
    assert!(legal.starts_with("78): c9xd10, "), "{legal}");
    assert_eq!(legal.split(',').count(), 78);
}

#[test]
fn the_profile_decides_and_names_itself() {
    // Quiet moves away from the enemy: legal in the report, not for Steere.
    let steere = asalto(&["check", "--format", "json", QUIET]);
    assert_eq!(steere.code, 1);
    let json: Value = serde_json::from_str(&steere.stdout).unwrap();
    assert_eq!(json["rules"], "steere");
    assert_eq!(json["problems"][0]["code"], "must-engage");
    let report = asalto(&["check", "--rules", "report", "--format", "json", QUIET]);
    assert_eq!(report.code, 0, "{}", report.stdout);
    let json: Value = serde_json::from_str(&report.stdout).unwrap();
    assert_eq!(json["rules"], "report");
    assert_eq!(json["game"], "madbishops");
    assert_eq!(json["file"], QUIET);
    assert_eq!(json["plies"], 14);
    // `--game madbishops` and the profile's name agree.
    let named = asalto(&["check", "--game", "madbishops", "--rules", "report", QUIET]);
    assert_eq!(named.code, 0);
    assert_eq!(
        named.stdout,
        format!("{QUIET}: valid (report), 14 moves; unfinished, red to move\n")
    );
}

#[test]
fn blue_first_turns_the_turns() {
    // The first move of GAME is red's; with blue first it is the wrong side.
    let run = asalto(&["check", "--first", "blue", "--format", "json", GAME]);
    assert_eq!(run.code, 1);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["first"], "blue");
    assert_eq!(json["problems"][0]["code"], "wrong-side");
    // A record that starts with blue's move is valid with blue first.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blue.txt");
    std::fs::write(&path, "a9xb10\nd10xc9\n").unwrap();
    let path = path.to_string_lossy().into_owned();
    let run = asalto(&["check", "--game", "madbishops", "--first", "blue", &path]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.ends_with("2 moves; unfinished, blue to move\n"));
    let red = asalto(&["check", "--game", "madbishops", "--format", "json", &path]);
    assert_eq!(red.code, 1);
    let json: Value = serde_json::from_str(&red.stdout).unwrap();
    assert_eq!(json["problems"][0]["code"], "wrong-side");
}

#[test]
fn folders_are_tallied_and_a_bad_file_does_not_stop_the_batch() {
    // The folder and its sub-folders (`invalid/`, `report/`), by path.
    let run = asalto(&["check", DIR]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.starts_with(&format!(
            "{GAME}: valid (steere), 59 moves; red wins: every blue bishop is captured, after move 59\n\
             {DIR}/invalid/blocked.txt: invalid"
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.ends_with(&format!(
            "{SHORT}: valid (steere), 4 moves; unfinished, red to move\n\
             16 files: 2 valid, 14 invalid\n"
        )),
        "{}",
        run.stdout
    );
    let invalid = asalto(&["check", &format!("{DIR}/invalid"), "-j", "2"]);
    assert_eq!(invalid.code, 1);
    assert!(invalid.stdout.ends_with("13 files: 0 valid, 13 invalid\n"));
    let missing = asalto(&["check", "--game", "madbishops", "no-such.txt", GAME]);
    assert_eq!(missing.code, 2);
    assert!(
        missing
            .stderr
            .contains("cannot read no-such.txt: no such file")
    );
    assert!(
        missing
            .stdout
            .contains("2 files: 1 valid, 0 invalid, 1 unreadable")
    );
    let json = asalto(&[
        "check",
        "--game",
        "madbishops",
        "--format",
        "json",
        "no-such.txt",
    ]);
    assert_eq!(json.code, 2);
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["game"], "madbishops");
    assert_eq!(value["rules"], "steere");
    assert_eq!(value["valid"], false);
    // -q: the status says it all.
    let quiet = asalto(&["check", "-q", &format!("{DIR}/invalid/blocked.txt")]);
    assert_eq!((quiet.code, quiet.stdout.as_str()), (1, ""));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec![
            "check",
            "--rules",
            "tromp-taylor",
            "--game",
            "madbishops",
            GAME,
        ],
        vec!["check", "--first", "green", GAME],
        vec!["check", "--first", "red", "samples/ejemplo.txt"],
        vec!["check", "--lenient", GAME],
        vec!["export", GAME, "--to", "sgf"],
        vec!["show", "--report", "samples/ejemplo.txt"],
        vec!["play", "--red", "greedy"],
        vec!["selfplay", "--red", "greedy"],
        vec!["selfplay", "--game", "madbishops", "--officers", "greedy"],
        vec!["selfplay", "--game", "madbishops", "--red", "search-9"],
    ] {
        let run = asalto(&args);
        assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn standard_input_and_hostile_bytes() {
    let text = std::fs::read_to_string(SHORT).unwrap();
    let run = asalto_with_input(&["check", "--game", "madbishops", "-"], &text);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        "<stdin>: valid (steere), 4 moves; unfinished, red to move\n"
    );
    // Control characters are escaped, never printed raw; nothing panics.
    let run = asalto_with_input(
        &["check", "--game", "madbishops", "-"],
        "b10xa9\n\u{1b}[31mc9\u{7}xd10\n",
    );
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains('\u{1b}') && !run.stdout.contains('\u{7}'));
    assert!(run.stdout.contains("[syntax]"), "{}", run.stdout);
    // Bytes that are not UTF-8: where, and exit 2.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, b"b10xa9\nc9x\xffd10\n").unwrap();
    let path = path.to_string_lossy().into_owned();
    let run = asalto(&["check", "--game", "madbishops", &path]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("not UTF-8 text (invalid byte at line 2, column 4, byte 10)"),
        "{}",
        run.stderr
    );
}

#[test]
fn show_draws_the_position_after_a_ply() {
    let run = asalto(&["show", GAME, "--ply", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], format!("{GAME}: after move 1 of 59 (steere)"));
    assert!(
        run.stdout
            .contains("last move: 1. red b6xc5 (4,1)x(5,2), a capture\n")
    );
    let json = asalto(&["show", GAME, "--ply", "30", "--format", "json"]);
    assert_eq!(json.code, 0);
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["game"], "madbishops");
    assert_eq!(value["rules"], "steere");
    assert_eq!(value["ply"], 30);
    assert_eq!(value["plies"], 59);
    assert_eq!(value["last_move"]["ply"], 30);
    // The position after move 30 is the one the JSON export has there.
    let export = asalto(&["export", GAME, "--to", "json"]);
    let doc: Value = serde_json::from_str(&export.stdout).unwrap();
    assert_eq!(value["position"], doc["moves"][29]["position"]);
    assert_eq!(value["last_move"]["notation"], doc["moves"][29]["notation"]);
    // Counts agree with the board matrix, 0/1/2/3.
    let cells: Vec<u64> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()))
        .collect();
    assert_eq!(cells.len(), 100);
    assert_eq!(cells.iter().filter(|&&c| c == 0).count(), 50);
    assert_eq!(
        cells.iter().filter(|&&c| c == 2).count() as u64,
        value["red"].as_u64().unwrap()
    );
    assert_eq!(
        cells.iter().filter(|&&c| c == 3).count() as u64,
        value["blue"].as_u64().unwrap()
    );
    assert_eq!(
        value["legal_moves"].as_array().unwrap().len(),
        // the human text's count of the same position
        {
            let human = asalto(&["show", GAME, "--ply", "30"]).stdout;
            let line = human
                .lines()
                .find(|l| l.contains("legal moves ("))
                .unwrap()
                .to_string();
            line.split("legal moves (")
                .nth(1)
                .unwrap()
                .split(')')
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        }
    );
    // The report's display, the start.
    let report = asalto(&["show", GAME, "--ply", "0", "--report"]);
    assert!(
        report.stdout.contains(
            "M A D B I S H O P S\nPLAYER: red\n\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9\n0\t.\tR\t.\tR\t.\tR\t.\tR\t.\tR\n"
        ),
        "{}",
        report.stdout
    );
    // SVG: a picture with 50 dark squares.
    let svg = asalto(&["show", GAME, "--ply", "2", "--format", "svg"]);
    assert_eq!(svg.code, 0);
    let doc = roxmltree::Document::parse(&svg.stdout).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(svg.stdout.matches("<rect class=\"dark\"").count(), 50);
}

#[test]
fn show_past_the_end_or_of_an_invalid_record_says_so() {
    let run = asalto(&["show", GAME, "--ply", "99"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("game over: red wins"));
    assert!(
        run.stdout
            .contains("note: --ply 99: the record has only 59 moves")
    );
    let bad = asalto(&[
        "show",
        &format!("{DIR}/invalid/no-piece.txt"),
        "--format",
        "json",
    ]);
    assert_eq!(bad.code, 1);
    let value: Value = serde_json::from_str(&bad.stdout).unwrap();
    assert_eq!(value["valid"], false);
    assert_eq!(value["ply"], 2);
    assert!(value["note"].as_str().unwrap().contains("[no-piece]"));
    // The first error, as every game's `show` names it.
    assert_eq!(value["stopped"]["code"], "no-piece");
    assert_eq!(value["stopped"]["ply"], 3);
    assert!(value["stopped"]["line"].as_u64().unwrap() >= 1);
    let good = asalto(&["show", GAME, "--format", "json"]);
    assert_eq!(
        serde_json::from_str::<Value>(&good.stdout).unwrap()["stopped"],
        Value::Null
    );
    let position = asalto(&[
        "show",
        "--game",
        "madbishops",
        "--position",
        "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB B",
        "--format",
        "json",
    ]);
    assert_eq!(position.code, 0);
    let value: Value = serde_json::from_str(&position.stdout).unwrap();
    assert_eq!(value["to_move"], "blue");
    assert_eq!(value["legal_moves"].as_array().unwrap().len(), 81);
    let wrong = asalto(&["show", "--game", "madbishops", "--position", "RRRR B"]);
    assert_eq!(wrong.code, 2);
}

#[test]
fn export_writes_json_text_and_the_reports_board() {
    let json = asalto(&["export", GAME, "--to", "json"]);
    assert_eq!(json.code, 0);
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(doc["format"], "asalto-game");
    assert_eq!(doc["game"], "madbishops");
    assert_eq!(doc["rules"], "steere");
    assert_eq!(doc["moves"].as_array().unwrap().len(), 59);
    assert_eq!(doc["outcome"]["winner"], "red");
    // The text export is the record again, and in another notation it is
    // the same game.
    let text = asalto(&["export", GAME, "--to", "text"]);
    assert_eq!(text.stdout, std::fs::read_to_string(GAME).unwrap());
    for notation in ["row-column", "numbers"] {
        let other = asalto(&["export", GAME, "--to", "text", "--notation", notation]);
        assert_eq!(other.code, 0);
        assert_ne!(other.stdout, text.stdout);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        std::fs::write(&path, &other.stdout).unwrap();
        let path = path.to_string_lossy().into_owned();
        let diff = asalto(&["diff", "--game", "madbishops", GAME, &path]);
        assert_eq!(diff.code, 0, "{notation}: {}", diff.stdout);
        assert_eq!(diff.stdout, "same game: 59 moves (steere)\n");
    }
    // Prolog: the report's list of lists of the final position.
    let prolog = asalto(&["export", SHORT, "--to", "prolog"]);
    assert_eq!(prolog.code, 0);
    let board = asalto_madbishops::prolog::parse_board(&prolog.stdout).unwrap();
    let end = asalto(&["show", SHORT, "--format", "json"]);
    let end: Value = serde_json::from_str(&end.stdout).unwrap();
    let expected = asalto_madbishops::Position::from_position_string(
        end["position"].as_str().unwrap(),
        asalto_madbishops::Profile::Steere,
    )
    .unwrap();
    assert_eq!(&board, expected.board());
    assert!(
        prolog
            .stdout
            .starts_with("[[0,1,0,3,0,2,0,2,0,2],\n [2,0,1,0,1,0,3,0,3,0],\n")
    );
    // An invalid record: nothing, exit 1; its legal part with --keep-partial.
    let bad = format!("{DIR}/invalid/no-piece.txt");
    let run = asalto(&["export", &bad, "--to", "text"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(run.stderr.contains("line 3:1"), "{}", run.stderr);
    let run = asalto(&["export", &bad, "--to", "text", "--keep-partial"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, "b10xa9\nc9xd10\n"));
}

#[test]
fn diff_finds_the_first_different_move() {
    let same = asalto(&["diff", GAME, GAME, "--format", "json"]);
    assert_eq!(same.code, 0);
    let value: Value = serde_json::from_str(&same.stdout).unwrap();
    assert_eq!(value["game"], "madbishops");
    assert_eq!(value["rules"], "steere");
    assert_eq!(value["same"], true);
    let other = format!("{DIR}/invalid/must-engage.txt");
    let run = asalto(&["diff", GAME, &other]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("first difference at move 14:\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("  {GAME}: blue a5-b6\n")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("`a5-c7`, not a legal move"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("[must-engage]"));
    // Under the report's rules the quiet move is legal, and the games
    // still differ at move 14.
    let run = asalto(&[
        "diff", "--rules", "report", GAME, &other, "--format", "json",
    ]);
    assert_eq!(run.code, 1);
    let value: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["rules"], "report");
    assert_eq!(value["first_difference"]["ply"], 14);
    assert_eq!(value["first_difference"]["side"], "blue");
    assert_eq!(value["first_difference"]["other"], "a5-c7");
    // A prefix: the longer game's next move against nothing.
    let run = asalto(&["diff", GAME, &format!("{DIR}/invalid/game-over.txt")]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("first difference at move 60:"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("nothing (the record ends)"));
}

#[test]
fn play_shows_the_reports_screen_and_saves_and_loads() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.txt");
    let saved = saved.to_string_lossy().into_owned();
    let input = format!("1\nb10xa9\nb10-a9\nQUIT\n3\n{saved}\n2\n{saved}\nQUIT\n6\n");
    let run = asalto_with_input(&["play", "--game", "madbishops", "--seed", "1"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("M A D B I S H O P S\nRules: steere, red moves first\n")
    );
    assert!(
        run.stdout
            .contains("PLAYER: red\n\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9\n0\t.\tR\t.\tR")
    );
    assert!(run.stdout.contains("PLAYER: blue\n"));
    assert!(
        run.stdout
            .contains("Illegal move: there is no bishop on b10 [no-piece]")
    );
    assert!(run.stdout.contains(&format!("Game saved to {saved}.")));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "b10xa9\n");
    // Loaded, the game goes on with blue to move.
    let after_load = run.stdout.rsplit("File name: ").next().unwrap();
    assert!(after_load.contains("PLAYER: blue"), "{after_load}");
    // The saved game checks valid.
    assert_eq!(asalto(&["check", "--game", "madbishops", &saved]).code, 0);
}

#[test]
fn play_between_computers_ends_and_is_reproducible() {
    let args = [
        "play",
        "--game",
        "madbishops",
        "--red",
        "greedy",
        "--blue",
        "search",
        "--depth",
        "1",
        "--seed",
        "5",
    ];
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.txt").to_string_lossy().into_owned();
    let input = format!("1\n3\n{saved}\n6\n");
    let a = asalto_with_input(&args, &input);
    let b = asalto_with_input(&args, &input);
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, b.stdout);
    assert!(a.stdout.contains("Computer plays: "));
    assert!(a.stdout.contains("Game over: "), "{}", a.stdout);
    let check = asalto(&["check", "--game", "madbishops", "--format", "json", &saved]);
    assert_eq!(check.code, 0);
    let value: Value = serde_json::from_str(&check.stdout).unwrap();
    assert_eq!(value["outcome"]["reason"], "all-captured");
    assert_eq!(
        a.stdout.matches("Computer plays: ").count(),
        value["plies"].as_u64().unwrap() as usize
    );
}

#[test]
fn selfplay_is_seeded_deterministic_and_valid_under_both_profiles() {
    for rules in ["steere", "report"] {
        let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
        for (dir, jobs) in dirs.iter().zip(["1", "2"]) {
            let out = dir.path().to_string_lossy().into_owned();
            let run = asalto(&[
                "selfplay",
                "--game",
                "madbishops",
                "--rules",
                rules,
                "--red",
                "greedy",
                "--games",
                "12",
                "--seed",
                "3",
                "--out",
                &out,
                "-j",
                jobs,
                "--force",
            ]);
            assert_eq!(run.code, 0, "{}", run.stderr);
            assert!(
                run.stderr.starts_with(&format!(
                    "12 games of Mad Bishops ({rules}, red first): red greedy, blue random, seed 3"
                )),
                "{}",
                run.stderr
            );
        }
        let list = |d: &tempfile::TempDir| {
            let mut names: Vec<String> = std::fs::read_dir(d.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        assert_eq!(list(&dirs[0]), list(&dirs[1]));
        assert_eq!(list(&dirs[0]).len(), 13);
        for name in list(&dirs[0]) {
            let a = std::fs::read(dirs[0].path().join(&name)).unwrap();
            let b = std::fs::read(dirs[1].path().join(&name)).unwrap();
            assert_eq!(a, b, "{rules}: {name}");
        }
        let summary: Value = serde_json::from_str(
            &std::fs::read_to_string(dirs[0].path().join("summary.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(summary["game"], "madbishops");
        assert_eq!(summary["rules"], rules);
        // Every record checks valid under its profile, to the same end.
        let folder = dirs[0].path().to_string_lossy().into_owned();
        let check = asalto(&["check", "--rules", rules, "--format", "json", &folder]);
        assert_eq!(check.code, 0, "{}", check.stdout);
        for (line, result) in check
            .stdout
            .lines()
            .zip(summary["results"].as_array().unwrap())
        {
            let value: Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["plies"], result["plies"]);
            assert_eq!(value["outcome"], result["outcome"]);
        }
    }
}

#[test]
fn selfplay_json_lines_name_the_game_and_differ_by_seed() {
    let run = |seed: &str| {
        asalto(&[
            "selfplay",
            "--game",
            "madbishops",
            "--games",
            "3",
            "--seed",
            seed,
            "--format",
            "json",
            "-q",
        ])
    };
    let a = run("1");
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, run("1").stdout);
    assert_ne!(a.stdout, run("2").stdout);
    for line in a.stdout.lines() {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["game"], "madbishops");
        assert_eq!(value["rules"], "steere");
    }
}

/// A large file of garbage is checked in linear time and bounded memory:
/// the first errors are listed, the others counted.
#[test]
fn many_bad_lines_are_counted_not_all_listed() {
    let text = "b10xa9\n".to_string() + &"zz\n".repeat(100_000);
    let run = asalto_with_input(
        &["check", "--game", "madbishops", "--format", "json", "-"],
        &text,
    );
    assert_eq!(run.code, 1);
    let value: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["errors"], 100_000);
    assert_eq!(
        value["problems"].as_array().unwrap().len(),
        asalto_madbishops::record::MAX_LISTED_ERRORS
    );
    assert_eq!(value["problems"][0]["line"], 2);
    assert_eq!(value["problems"][999]["line"], 1001);
    let human = asalto_with_input(&["check", "--game", "madbishops", "-"], &text);
    assert!(
        human
            .stdout
            .contains("[syntax] (+99999 more); 1 move replayed\n"),
        "{}",
        human.stdout
    );
    assert!(
        human
            .stdout
            .contains("  … and 997 more problems like this [syntax]\n")
    );
    assert!(
        human
            .stdout
            .contains("  … and 99000 more syntax errors, not listed\n")
    );
    assert_eq!(human.stdout.matches("Error: asalto::syntax").count(), 3);
    assert!(
        human
            .stdout
            .contains("  × <stdin>: invalid record (100000 errors)\n")
    );
}

#[test]
fn strict_turns_format_warnings_into_errors_and_details_show_each_file() {
    let text = "b10xa9\r\n# a comment\r\nc9xd10\r\n";
    let lax = asalto_with_input(&["check", "--game", "madbishops", "-"], text);
    assert_eq!(lax.code, 0);
    assert_eq!(
        lax.stdout.lines().next().unwrap(),
        "<stdin>: valid (steere) (2 warnings), 2 moves; unfinished, red to move"
    );
    assert!(
        lax.stdout.contains("Warning: asalto::syntax\n") && lax.stdout.contains("╭─[<stdin>:1:7]"),
        "{}",
        lax.stdout
    );
    let strict = asalto_with_input(&["check", "--game", "madbishops", "--strict", "-"], text);
    assert_eq!(strict.code, 1);
    assert!(
        strict.stdout.contains("Error: asalto::syntax\n")
            && strict.stdout.contains("╭─[<stdin>:1:7]"),
        "{}",
        strict.stdout
    );
    // A batch prints one line per file; --details adds each file's report.
    let bad = format!("{DIR}/invalid/blocked.txt");
    let batch = asalto(&["check", GAME, &bad]);
    assert_eq!(batch.stdout.lines().count(), 3);
    let details = asalto(&["check", "--details", GAME, &bad]);
    assert!(
        details.stdout.contains("Error: asalto::blocked\n")
            && details.stdout.contains(&format!("╭─[{bad}:1:1]")),
        "{}",
        details.stdout
    );
    assert!(
        details
            .stdout
            .contains("The board before move 1 (red to move, steere):")
    );
    assert!(details.stdout.ends_with("2 files: 1 valid, 1 invalid\n"));
}

#[test]
fn no_move_limit_still_has_the_hard_one() {
    let run = asalto(&[
        "selfplay",
        "--game",
        "madbishops",
        "--games",
        "2",
        "--seed",
        "4",
        "--max-plies",
        "0",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0);
    assert!(
        run.stderr.starts_with(
            "2 games of Mad Bishops (steere, red first): red random, blue random, seed 4, no move limit but 100000\n"
        ),
        "{}",
        run.stderr
    );
    for line in run.stdout.lines() {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["max_plies"], 100_000);
        assert_eq!(value["capped"], false);
    }
}

/// Mad Bishops is one game of the shared table: in a batch of several
/// games each file is judged by its own game (by its first move), with
/// the batch's totals and exit status; `--rules` names the profile of the
/// files of its game and the others keep their defaults.
#[test]
fn mixed_batches_judge_each_file_by_its_own_game() {
    let files = [
        GAME,
        "samples/ejemplo.txt",
        "samples/solitaire/answer.txt",
        SHORT,
    ];
    let mut args = vec!["check", "-j", "2"];
    args.extend(files);
    let run = asalto(&args);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(lines[0].starts_with(&format!("{GAME}: valid (steere), 59 moves")));
    assert!(lines[1].starts_with("samples/ejemplo.txt: valid, 7 moves"));
    assert!(lines[2].starts_with("samples/solitaire/answer.txt: "));
    assert!(lines[3].starts_with(&format!("{SHORT}: valid (steere), 4 moves")));
    assert_eq!(lines[4], "4 files: 4 valid, 0 invalid");
    // JSON lines name each file's game and profile; `--rules report`
    // judges the Mad Bishops records only.
    let mut args = vec!["check", "--format", "json", "--rules", "report", QUIET];
    args.extend(["samples/ejemplo.txt", GAME]);
    let run = asalto(&args);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let docs: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 3);
    assert_eq!(
        (&docs[0]["game"], &docs[0]["rules"]),
        (&"madbishops".into(), &"report".into())
    );
    assert_eq!(docs[1]["rules"], "assignment-2018-19");
    assert_eq!(docs[1]["file"], "samples/ejemplo.txt");
    assert_eq!(
        (&docs[2]["game"], &docs[2]["rules"]),
        (&"madbishops".into(), &"report".into())
    );
    // A folder holding both games' records: every `*.txt`, each by its
    // game; an invalid Mad Bishops record makes the batch exit 1.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("samples/ejemplo.txt", dir.path().join("a-asalto.txt")).unwrap();
    std::fs::copy(SHORT, dir.path().join("b-bishops.txt")).unwrap();
    std::fs::write(dir.path().join("c-bishops.txt"), "b10xa9\nb10xa9\n").unwrap();
    let folder = dir.path().to_string_lossy().into_owned();
    let run = asalto(&["check", &folder]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].contains("a-asalto.txt: valid, 7 moves"),
        "{}",
        run.stdout
    );
    assert!(
        lines[1].contains("b-bishops.txt: valid (steere), 4 moves"),
        "{}",
        run.stdout
    );
    assert!(
        lines[2].contains("c-bishops.txt: invalid (steere): line 2:1: "),
        "{}",
        run.stdout
    );
    assert_eq!(lines[3], "3 files: 2 valid, 1 invalid");
    // Standard input is told by its first move too.
    let text = std::fs::read_to_string(SHORT).unwrap();
    let run = asalto_with_input(&["check", "-", "samples/ejemplo.txt"], &text);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.starts_with("<stdin>: valid (steere), 4 moves; "),
        "{}",
        run.stdout
    );
    // `--first` without a Mad Bishops record in the batch is a usage error.
    let run = asalto(&["check", "--first", "blue", "samples/ejemplo.txt"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--first is for Mad Bishops records (add --game madbishops)"),
        "{}",
        run.stderr
    );
    // `show`, `export` and `diff` read one game: two games are an error.
    let run = asalto(&["diff", GAME, "samples/ejemplo.txt"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("the files are of two games"),
        "{}",
        run.stderr
    );
}

/// A file that looks like no game's is read as a record of the game whose
/// profile `--rules` names (Asalto without `--rules`); a file whose game
/// is told is never taken for Asalto's.
#[test]
fn a_file_that_tells_nothing_takes_the_game_of_the_profile() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.txt");
    std::fs::write(&path, "").unwrap();
    let path = path.to_string_lossy().into_owned();
    let run = asalto(&["check", "--format", "json", "--rules", "report", &path]);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (&doc["game"], &doc["rules"]),
        (&"madbishops".into(), &"report".into())
    );
    let run = asalto(&["check", "--format", "json", &path]);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["rules"], "assignment-2018-19", "{}", run.stdout);
    // A Mad Bishops record with an Asalto profile: refused by name, not
    // replayed as Asalto's.
    let run = asalto(&["show", "--rules", "assignment-2018-19", GAME]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("is not a Mad Bishops rule profile, it is Asalto's"),
        "{}",
        run.stderr
    );
    // Without a record, `--rules` alone names the game.
    let run = asalto(&[
        "selfplay", "--rules", "report", "--games", "1", "--seed", "3", "--format", "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("\"game\":\"madbishops\""),
        "{}",
        run.stdout
    );
}

/// A command a game does not offer says so through the shared table, by
/// the game's name, with exit 2 and nothing on standard output.
#[test]
fn a_command_a_game_lacks_is_refused_by_name() {
    for (args, says) in [
        (
            vec!["selfplay", "--game", "solitaire"],
            "`asalto selfplay` does not read Solitaire Chess records yet",
        ),
        (
            vec!["show", "--game", "go", "--position", "x"],
            "`asalto show --position` does not read Go records yet",
        ),
    ] {
        let run = asalto(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}

/// `check` opens each file once and tells its game from the bytes it
/// reads: a folder among the arguments is found when it is read and
/// stands for its records where it stands; a pipe named as a file is told
/// by its content without losing its first bytes; options that only some
/// games take are refused only when a file of another game is in the
/// batch.
#[test]
fn files_are_read_once_and_folders_stand_where_they_are_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(SHORT, dir.path().join("a.txt")).unwrap();
    std::fs::copy("samples/ejemplo.txt", dir.path().join("b.txt")).unwrap();
    std::fs::write(dir.path().join("c.md"), "not a record\n").unwrap();
    let folder = dir.path().to_string_lossy().into_owned();
    let empty = tempfile::tempdir().unwrap();
    let empty = empty.path().to_string_lossy().into_owned();
    for jobs in ["1", "2"] {
        let run = asalto(&[
            "check",
            "-j",
            jobs,
            GAME,
            &folder,
            "samples/ejemplo.txt",
            &empty,
        ]);
        assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{}", run.stdout);
        assert!(lines[0].starts_with(&format!("{GAME}: valid (steere)")));
        assert!(lines[1].starts_with(&format!("{folder}/a.txt: valid (steere), 4 moves")));
        assert!(lines[2].starts_with(&format!("{folder}/b.txt: valid, 7 moves")));
        assert!(lines[3].starts_with("samples/ejemplo.txt: valid, 7 moves"));
        assert_eq!(lines[4], "5 files: 4 valid, 0 invalid, 1 unreadable");
        assert!(
            run.stderr
                .contains("no `*.txt` or `*.sgf` records in this folder"),
            "{}",
            run.stderr
        );
        // With the game named, a folder's records of that game only.
        let run = asalto(&[
            "check",
            "-j",
            jobs,
            "--game",
            "asalto",
            "samples/ejemplo.txt",
            &folder,
        ]);
        assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
        assert!(
            run.stdout
                .contains(&format!("{folder}/a.txt: invalid: line 1:1")),
            "{}",
            run.stdout
        );
        assert!(
            run.stdout.ends_with("3 files: 2 valid, 1 invalid\n"),
            "{}",
            run.stdout
        );
    }
    // A pipe named as a file: read once, its game told by its content.
    let text = std::fs::read_to_string(SHORT).unwrap();
    let run = asalto_with_input(&["check", "/dev/stdin", "samples/ejemplo.txt"], &text);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("/dev/stdin: valid (steere), 4 moves"),
        "{}",
        run.stdout
    );
    // `--lenient` is Asalto's (and Go's): fine for their files, refused
    // before anything is checked when a Mad Bishops record is in the batch.
    let run = asalto(&[
        "check",
        "--lenient",
        "samples/ejemplo.txt",
        "samples/unfinished.txt",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = asalto(&["check", "--lenient", "samples/ejemplo.txt", GAME]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr.contains("not for Mad Bishops records"),
        "{}",
        run.stderr
    );
}

/// `check` reads a record a line at a time and keeps only the lines its
/// report quotes; `export` of an invalid record prints the same report
/// from the text held whole. The two reports are the same, whatever the
/// problems (format notes, syntax errors past the few shown, an illegal
/// move, control characters, a long line, `--strict`).
#[test]
fn check_quotes_the_lines_it_kept_as_a_whole_text_quotes_them() {
    let texts = [
        "\u{feff}b10xa9\r\n\r\n# c\r\n  c9xd10 \r\nzz\r\nyy\n".to_string(),
        "b10xa9\n".to_string() + &"zz\n".repeat(10) + "\n  c3-d4\nx\x1b[2J\n",
        "b10xa9\n# note\nc9-d10\n\nzz".to_string(),
        "b10xa9\n".to_string() + &"z".repeat(5000) + "\nc9xd10\n",
        "\u{feff}\n\nb10-a9\r\n".to_string(),
    ];
    for text in &texts {
        for strict in [&[][..], &["--strict"]] {
            let mut check = vec!["check", "--game", "madbishops"];
            check.extend(strict);
            check.push("-");
            let mut export = vec!["export", "--game", "madbishops", "--to", "text"];
            export.extend(strict);
            export.push("-");
            let checked = asalto_with_input(&check, text);
            let exported = asalto_with_input(&export, text);
            assert_eq!((checked.code, exported.code), (1, 1), "{text:?}");
            assert!(checked.stdout.contains("  × <stdin>: invalid record"));
            assert!(
                exported.stderr.starts_with(&checked.stdout),
                "{text:?} {strict:?}\n{}\n---\n{}",
                checked.stdout,
                exported.stderr
            );
        }
    }
}
