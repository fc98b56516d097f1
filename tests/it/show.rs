//! `asalto show`.

use std::collections::BTreeSet;

use asalto::replay::{CheckOptions, check};
use serde_json::Value;

use crate::run::{asalto, asalto_with_input, samples};

fn json(args: &[&str]) -> Value {
    let run = asalto(args);
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn human_output_of_the_example() {
    let run = asalto(&["show", "samples/ejemplo.txt", "--color", "never"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("show_ejemplo", run.stdout);
}

#[test]
fn human_output_of_a_finished_game_in_unicode() {
    let run = asalto(&["show", "samples/apendice-a.txt", "--style", "unicode"]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("show_apendice_a_unicode", run.stdout);
}

#[test]
fn human_output_in_colour() {
    let run = asalto(&[
        "show",
        "samples/ejemplo.txt",
        "--color",
        "always",
        "--style",
        "ascii",
    ]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("\x1b["));
    insta::assert_snapshot!("show_ejemplo_colour", run.stdout);
    // Auto: not a terminal here, so no colour and ASCII, NO_COLOR or not.
    let run = asalto(&["show", "samples/ejemplo.txt"]);
    assert!(!run.stdout.contains('\x1b'));
    assert!(run.stdout.contains("B     .-O-O"));
}

#[test]
fn the_start_and_a_position_string() {
    let run = asalto(&["show", "samples/ejemplo.txt", "--ply", "0"]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("show_ejemplo_ply_0", run.stdout);
    let run = asalto(&[
        "show",
        "--position",
        ".../.OO/RRR.RRR/R.R.R.R/RRRRRRR/RRR/RRR O",
    ]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("show_position", run.stdout);
}

#[test]
fn json_of_every_sample() {
    let mut all = String::new();
    for (path, _) in samples() {
        let run = asalto(&["show", &path, "--format", "json"]);
        let value: Value = serde_json::from_str(&run.stdout).unwrap();
        let valid = value["valid"].as_bool().unwrap();
        assert_eq!(run.code, if valid { 0 } else { 1 }, "{path}");
        let checked = check(
            &std::fs::read_to_string(&path).unwrap(),
            CheckOptions::default(),
        );
        assert_eq!(valid, checked.is_valid(), "{path}");
        assert_eq!(value["position"], checked.game.position().to_string());
        all.push_str(&serde_json::to_string_pretty(&value).unwrap());
        all.push('\n');
    }
    insta::assert_snapshot!("show_json_samples", all);
}

#[test]
fn json_fields_along_the_worked_example() {
    // RULES.md's facts: the legal moves after 0..7 moves, as sets.
    let expected = crate::facts::LEGAL_MOVES;
    let written = [
        "Bc-Cc",
        "Dd-Cd",
        "Cc-Ce",
        "Db-Cc",
        "Ce-Bd",
        "Df-Ce",
        "Bd-Db-Dd-Df-Bd",
    ];
    for (n, moves) in expected.iter().enumerate() {
        let v = json(&[
            "show",
            "samples/ejemplo.txt",
            "--ply",
            &n.to_string(),
            "--format",
            "json",
        ]);
        assert_eq!(v["ply"], n);
        assert_eq!(v["plies"], 7);
        let got: BTreeSet<String> = strings(&v["legal_moves"]).into_iter().collect();
        let want: BTreeSet<String> = moves.split(' ').map(str::to_string).collect();
        assert_eq!(got, want, "after {n} moves");
        assert_eq!(v["to_move"], if n % 2 == 0 { "officers" } else { "rebels" });
        assert_eq!(v["outcome"], Value::Null);
        if n == 0 {
            assert_eq!(v["last_move"], Value::Null);
        } else {
            assert_eq!(v["last_move"]["notation"], written[n - 1]);
            assert_eq!(v["last_move"]["ply"], n);
            assert_eq!(v["last_move"]["line"], n);
        }
    }
    let v = json(&["show", "samples/ejemplo.txt", "--format", "json"]);
    assert_eq!(
        strings(&v["last_move"]["captured"]),
        ["Cc", "Dc", "De", "Ce"]
    );
    assert_eq!(v["rebels"], 19);
    assert_eq!(v["rebels_in_castle"], 0);
}

#[test]
fn a_finished_game_has_its_outcome_and_no_moves() {
    let v = json(&["show", "samples/apendice-a.txt", "--format", "json"]);
    assert_eq!(v["outcome"]["winner"], "officers");
    assert_eq!(v["outcome"]["reason"], "fewer-than-nine-rebels");
    assert_eq!(v["outcome"]["ply"], 41);
    assert_eq!(v["legal_moves"], serde_json::json!([]));
    let v = json(&[
        "show",
        "samples/apendice-a.txt",
        "--ply",
        "40",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], Value::Null);
    assert!(!v["legal_moves"].as_array().unwrap().is_empty());
    for (sample, reason) in [
        ("end-castle-occupied", "castle-occupied"),
        ("end-officers-blocked", "officers-blocked"),
        ("end-rebels-blocked", "rebels-blocked"),
        ("end-fewer-than-nine-rebels", "fewer-than-nine-rebels"),
    ] {
        let v = json(&["show", &format!("samples/{sample}.txt"), "--format", "json"]);
        assert_eq!(v["outcome"]["reason"], reason);
        assert_eq!(v["outcome"]["ply"], v["ply"]);
    }
}

#[test]
fn past_the_end_and_invalid_records_say_how_far_they_go() {
    let run = asalto(&["show", "samples/ejemplo.txt", "--ply", "30"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("note: --ply 30: the record has only 7 moves")
    );
    insta::assert_snapshot!("show_past_the_end", run.stdout);

    let run = asalto(&["show", "samples/invalid/capture-incomplete.txt"]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("show_invalid", run.stdout);

    let v = json(&[
        "show",
        "samples/invalid/occupied.txt",
        "--ply",
        "9",
        "--format",
        "json",
    ]);
    assert_eq!(v["valid"], false);
    assert_eq!(v["ply"], 2);
    assert_eq!(v["requested_ply"], 9);
    assert_eq!(v["plies"], 2);
    assert_eq!(v["stopped"]["code"], "occupied");
    assert_eq!(v["stopped"]["line"], 3);
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("valid for 2 moves only")
    );

    // A ply inside the valid part of an invalid record is shown as asked.
    let v = json(&[
        "show",
        "samples/invalid/occupied.txt",
        "--ply",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(v["ply"], 1);
    assert_eq!(v["last_move"]["notation"], "Bc-Cc");
}

#[test]
fn svg_output() {
    let run = asalto(&["show", "samples/ejemplo.txt", "--format", "svg"]);
    assert_eq!(run.code, 0);
    roxmltree::Document::parse(&run.stdout).unwrap();
    insta::assert_snapshot!("show_ejemplo_svg", run.stdout);
    // A note goes to standard error, the picture stays clean.
    let run = asalto(&[
        "show",
        "samples/ejemplo.txt",
        "--ply",
        "99",
        "--format",
        "svg",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("note: --ply 99"));
    roxmltree::Document::parse(&run.stdout).unwrap();
}

#[test]
fn stdin_and_errors() {
    let record = std::fs::read_to_string("samples/ejemplo.txt").unwrap();
    let run = asalto_with_input(&["show", "-", "--format", "json"], &record);
    assert_eq!(run.code, 0);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["file"], "-");
    assert_eq!(v["ply"], 7);

    let run = asalto(&["show", "samples/no-such-file.txt"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no such file"));
    let run = asalto(&["show", "--position", "RRR O"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--position"));
    assert_eq!(asalto(&["show"]).code, 2);
    assert_eq!(
        asalto(&["show", "samples/ejemplo.txt", "--position", "x"]).code,
        2
    );
    assert_eq!(
        asalto(&["show", "samples/ejemplo.txt", "--ply", "-1"]).code,
        2
    );
    let run = asalto_with_input(&["show", "-"], "\u{0}\u{1}garbage\nBc-Cc\n");
    assert_eq!(run.code, 1);
    let run = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["show", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(&[0xff, 0xfe, b'\n'])?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("<stdin>: not UTF-8 text"));
}

use std::process::Command;
