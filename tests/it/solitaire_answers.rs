//! Solitaire Chess answers written every reasonable way, end to end through
//! `check`, `show` and `diff` (issue 24, item 3; `grade` in
//! `grade::solitaire`): several captures on a line, any separators,
//! coordinates counted otherwise; errors that name their capture; an
//! answer never read as a board.

use serde_json::Value;

use crate::run::{asalto, asalto_with_input};

/// The challenge's first test case; its solution is Bc1xb2 Bb2xd4.
const PUZZLE: &str = "...N.....R....B.";

/// The answers and others as students print them, each with the
/// warning it gets (the reading of its coordinates, when not the
/// challenge's).
const ANSWERS: [(&str, Option<&str>); 11] = [
    ("c1xb2 b2xd4", None),
    ("2,0 1,1; 1,1 3,3", None),
    ("c1xb2;b2xd4", None),
    ("Bc1xb2, Bb2xd4", None),
    ("1. c1-b2 2. b2-d4", None),
    ("(2,0)->(1,1)\n(1,1)->(3,3)", None),
    ("[[2,0],[1,1]] [[1,1],[3,3]]", None),
    ("['c1xb2', 'b2xd4']", None),
    ("[c1-b2, b2-d4]", None),
    ("3,1 2,2; 2,2 4,4", Some("x-y-bottom-1")),
    ("3,2 2,1 2,1 0,3", Some("row-column-top-0")),
];

fn record(dir: &tempfile::TempDir, name: &str, answer: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, format!("{PUZZLE}\n{answer}\n")).unwrap();
    path.display().to_string()
}

/// Each answer is right in `check` (text and JSON), `show` plays it, and
/// `diff` finds it the same as the challenge's move list.
#[test]
fn every_way_of_writing_the_answer_is_right_in_check_show_and_diff() {
    let dir = tempfile::tempdir().unwrap();
    let reference = record(&dir, "reference.txt", "[[[2,0],[1,1]],[[1,1],[3,3]]]");
    for (n, (answer, reading)) in ANSWERS.iter().enumerate() {
        let path = record(&dir, &format!("a{n}.txt"), answer);
        let run = asalto(&["check", &path]);
        assert_eq!(run.code, 0, "{answer:?}: {}{}", run.stdout, run.stderr);
        let warned = if reading.is_some() {
            " (1 warning)"
        } else {
            ""
        };
        assert!(
            run.stdout.starts_with(&format!(
                "{path}: valid (codegolf){warned}: solved in 2 captures: Bc1xb2 Bb2xd4\n"
            )),
            "{answer:?}: {}",
            run.stdout
        );
        let json = asalto(&["check", "--format", "json", &path]);
        let doc: Value = serde_json::from_str(json.stdout.trim()).unwrap();
        assert_eq!(doc["valid"], true, "{answer:?}");
        let coordinates = doc["coordinates"].as_str();
        match reading {
            Some(r) => {
                assert_eq!(coordinates, Some(*r), "{answer:?}");
                assert_eq!(doc["problems"][0]["code"], "coordinates-read", "{answer:?}");
                assert!(
                    run.stdout.contains("the coordinates were read as"),
                    "{}",
                    run.stdout
                );
            }
            None => assert!(
                doc["problems"].as_array().unwrap().is_empty(),
                "{answer:?}: {doc}"
            ),
        }
        let show = asalto(&["show", &path, "--ply", "1"]);
        assert_eq!(show.code, 0, "{answer:?}: {}", show.stderr);
        assert!(
            show.stdout.contains("after capture 1 of 2: Bc1xb2\n"),
            "{answer:?}: {}",
            show.stdout
        );
        let diff = asalto(&["diff", &reference, &path]);
        assert_eq!(diff.code, 0, "{answer:?}: {}{}", diff.stdout, diff.stderr);
        assert!(
            diff.stdout.ends_with("same answer: 2 captures\n"),
            "{}",
            diff.stdout
        );
    }
    // Standard input, as a solver's output is piped in.
    let run = asalto_with_input(
        &["check", "--game", "solitaire", "-"],
        &format!("{PUZZLE}\nc1xb2 b2xd4\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
}

/// An error in an answer says which capture it is about, besides line and
/// column, in every command and format; an answer of one word is no board
/// of the wrong size (issue 25).
#[test]
fn an_error_in_an_answer_names_its_capture() {
    let dir = tempfile::tempdir().unwrap();
    let given_3 = dir.path().join("given-3.txt");
    std::fs::write(
        &given_3,
        ".NR.B...N..B..P.\n[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,9]]]\n",
    )
    .unwrap();
    let given_3 = given_3.display().to_string();
    let run = asalto(&["check", &given_3]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.starts_with(&format!(
            "{given_3}: invalid (codegolf): line 2:65: capture 5: [1, 9] is off the board [off-board]\n"
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("× capture 5: [1, 9] is off the board"),
        "{}",
        run.stdout
    );
    let json = asalto(&["check", "--format", "json", &given_3]);
    let doc: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(error_of(&doc)["ply"], 5);
    assert_eq!(
        (
            error_of(&doc)["line"].clone(),
            error_of(&doc)["column"].clone()
        ),
        (2.into(), 65.into())
    );
    // `show` and `diff` refuse it with the same words.
    for args in [vec!["show", &given_3], vec!["diff", &given_3, &given_3]] {
        let run = asalto(&args);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(
            run.stderr.contains("capture 5: [1, 9] is off the board"),
            "{}",
            run.stderr
        );
    }
    for (answer, line) in [
        (
            "c1xb2 b2xd4 d4xe9",
            "line 2:16: capture 3: `e9` is off the board [off-board]",
        ),
        (
            "c1xb2;b2xd4x",
            "line 2:12: capture 3: this capture has no target square: a capture is a start square and a target square [syntax]",
        ),
        (
            "c1xb2\nhello",
            "line 3:1: capture 2: this line is not a board, a capture or a list [syntax]",
        ),
    ] {
        let path = record(&dir, "wrong.txt", answer);
        let run = asalto(&["check", &path]);
        assert_eq!(run.code, 1);
        assert!(
            run.stdout
                .starts_with(&format!("{path}: invalid (codegolf): {line}\n")),
            "{answer:?}: {}",
            run.stdout
        );
        assert!(!run.stdout.contains("16 squares"), "{}", run.stdout);
    }
}

/// The error among a check's `problems` (the notes are warnings), or null.
fn error_of(doc: &Value) -> &Value {
    doc["problems"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["severity"] == "error"))
        .unwrap_or(&Value::Null)
}
