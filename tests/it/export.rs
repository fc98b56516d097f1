//! `asalto export`, and the game document and console session behind it.

use std::collections::BTreeSet;

use asalto::export::GameDocument;
use asalto::record::write_record;
use asalto::replay::{CheckOptions, Game, check};
use asalto::{console, transcript};
use proptest::prelude::*;
use serde_json::Value;

use crate::run::{asalto, asalto_with_input, samples};

const EJEMPLO: &str = include_str!("../../samples/ejemplo.txt");

#[test]
fn json_document_of_the_example() {
    let run = asalto(&["export", "samples/ejemplo.txt", "--to", "json", "--pretty"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("export_ejemplo_json", run.stdout);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["format"], "asalto-game");
    assert_eq!(v["version"], 2);
    assert_eq!(v["rules"], "assignment-2018-19");
    assert_eq!(v["start"], ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O");
    assert_eq!(v["position"], ".../.OO/RR...RR/R.....R/RRRRRRR/RRR/RRR R");
    assert_eq!(v["moves"].as_array().unwrap().len(), 7);
    assert_eq!(
        v["moves"][6]["captured"],
        serde_json::json!(["Cc", "Dc", "De", "Ce"])
    );
    assert_eq!(v["outcome"], Value::Null);
    // Compact by default: one line.
    let compact = asalto(&["export", "samples/ejemplo.txt", "--to", "json"]);
    assert_eq!(compact.stdout.lines().count(), 1);
    assert_eq!(serde_json::from_str::<Value>(&compact.stdout).unwrap(), v);
}

#[test]
fn every_valid_sample_goes_to_json_and_back_to_the_same_record() {
    for (path, _) in samples() {
        let source = std::fs::read_to_string(&path).unwrap();
        let checked = check(&source, CheckOptions::default());
        let run = asalto(&["export", &path, "--to", "json"]);
        if !checked.is_valid() {
            assert_eq!(run.code, 1, "{path}");
            assert!(run.stdout.is_empty(), "{path}");
            assert!(run.stderr.contains("nothing exported"), "{path}");
            continue;
        }
        assert_eq!(run.code, 0, "{path}: {}", run.stderr);
        let v: Value = serde_json::from_str(&run.stdout).unwrap();
        let outcome = checked.game.outcome().map(|o| {
            serde_json::json!({"winner": o.outcome.winner.name(), "reason": o.outcome.reason.code(), "ply": o.ply})
        });
        assert_eq!(v["outcome"], outcome.unwrap_or(Value::Null), "{path}");
        let back = asalto_with_input(&["export", "-", "--to", "text"], &run.stdout);
        assert_eq!(back.code, 0, "{path}: {}", back.stderr);
        assert_eq!(back.stdout, write_record(checked.game.moves()), "{path}");
        assert_eq!(back.stdout, source, "{path}: the samples are canonical");
    }
}

#[test]
fn text_normalises_a_record() {
    let messy = "\u{feff}# a student's game\r\nBc-Cc\r\n\r\n  Dd-Cd  \r\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\nBd-Db\n";
    let run = asalto_with_input(&["export", "-", "--to", "text"], messy);
    assert_eq!(run.code, 1, "an abbreviated capture is invalid by default");
    assert!(run.stderr.contains("capture-incomplete"));
    let run = asalto_with_input(&["export", "-", "--to", "text", "--lenient"], messy);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, EJEMPLO);
    insta::assert_snapshot!("export_text_normalised", run.stdout);
    // The completion is kept in the document.
    let run = asalto_with_input(&["export", "-", "--to", "json", "--lenient"], messy);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["moves"][6]["completed"], true);
    assert_eq!(v["moves"][6]["line"], 9);
    assert_eq!(v["moves"][0]["line"], 2);
    // Standard input is named `-` in JSON, as in every command.
    assert_eq!(v["source"], "-");
    // --strict refuses the format deviations.
    let run = asalto_with_input(
        &["export", "-", "--to", "text", "--lenient", "--strict"],
        messy,
    );
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
}

#[test]
fn keep_partial_exports_the_valid_part() {
    let run = asalto(&["export", "samples/invalid/occupied.txt", "--to", "json"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    let run = asalto(&[
        "export",
        "samples/invalid/occupied.txt",
        "--to",
        "json",
        "--keep-partial",
    ]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("exporting its valid part, 2 moves"),
        "{}",
        run.stderr
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped"]["line"], 3);
    assert_eq!(v["stopped"]["ply"], 3);
    assert_eq!(v["stopped"]["code"], "occupied");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    // A partial document reads back, and keeps saying it is partial.
    let again = asalto_with_input(&["export", "-", "--to", "json"], &run.stdout);
    assert_eq!(again.code, 0);
    assert_eq!(serde_json::from_str::<Value>(&again.stdout).unwrap(), v);
    let text = asalto(&[
        "export",
        "samples/invalid/occupied.txt",
        "--to",
        "text",
        "--keep-partial",
    ]);
    assert_eq!(text.stdout, "Bc-Cc\nDd-Cd\n");
}

#[test]
fn bad_documents_are_refused_with_the_reason() {
    let good = asalto(&["export", "samples/ejemplo.txt", "--to", "json"]).stdout;
    let cases = [
        (
            good.replace("\"Bd-Db-Dd-Df-Bd\"", "\"Bd-Db-Dd-Df\""),
            "ply 7",
        ),
        (good.replace("\"version\":2", "\"version\":7"), "version 7"),
        (good.replace("asalto-game", "other"), "`format`"),
        (
            good.replace("\"Cc\",\"Ce\"]", "\"Cc\",\"Cd\"]"),
            "[occupied]",
        ),
        (
            good.replace("\"to_move\":\"rebels\"", "\"to_move\":\"officers\""),
            "`to_move`",
        ),
        ("{\"format\": 1}".to_string(), "not a game document"),
        ("{".to_string(), "not a game document"),
    ];
    for (doc, expected) in cases {
        assert_ne!(doc, good);
        let run = asalto_with_input(&["export", "-", "--to", "text"], &doc);
        assert_eq!(run.code, 1, "{doc}");
        assert!(run.stdout.is_empty());
        assert!(run.stderr.contains(expected), "{expected}: {}", run.stderr);
    }
    // A record read as JSON, and JSON read as a record.
    let run = asalto(&[
        "export",
        "samples/ejemplo.txt",
        "--from",
        "json",
        "--to",
        "text",
    ]);
    assert_eq!(run.code, 1);
    let run = asalto_with_input(&["export", "-", "--from", "record", "--to", "text"], &good);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("syntax"));
}

#[test]
fn transcript_of_the_worked_example() {
    let run = asalto(&["export", "samples/ejemplo.txt", "--to", "transcript"]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("export_ejemplo_transcript", run.stdout);
    // What is typed: the menu choice, each move's first two points, FIN,
    // and SALIR.
    let typed: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| {
            l.strip_prefix(console::MOVE_PROMPT)
                .or_else(|| l.strip_prefix(console::MENU_PROMPT))
        })
        .collect();
    assert_eq!(
        typed,
        [
            "1", "Bc-Cc", "Dd-Cd", "Cc-Ce", "Db-Cc", "Ce-Bd", "Df-Ce", "Bd-Db", "FIN", "6"
        ]
    );
    // The screens list the legal moves of RULES.md's worked example.
    let facts = crate::facts::LEGAL_MOVES;
    let screens: Vec<&str> = run.stdout.split("Turno: ").skip(1).collect();
    assert_eq!(screens.len(), facts.len());
    for (n, (screen, fact)) in screens.iter().zip(facts).enumerate() {
        let side = if n % 2 == 0 {
            "OFICIALES."
        } else {
            "REBELDES."
        };
        assert!(screen.starts_with(side), "{screen}");
        let list = screen
            .split_once("Jugadas posibles: ")
            .unwrap()
            .1
            .split_once(console::MOVE_PROMPT)
            .unwrap()
            .0;
        let got: BTreeSet<&str> = list
            .split([',', ' ', '\n'])
            .filter(|s| !s.is_empty())
            .collect();
        let want: BTreeSet<&str> = fact.split(' ').collect();
        assert_eq!(got, want, "screen {n}");
    }
    // The same, built from the console module's screens.
    let game = check(EJEMPLO, CheckOptions::default()).game;
    assert_eq!(run.stdout, transcript::transcript(&game, true));
    let input = asalto(&["export", "samples/ejemplo.txt", "--to", "input"]);
    assert_eq!(
        input.stdout,
        "1\nBc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\nBd-Db\nFIN\n6\n"
    );
    // Without echo: the transcript less each typed line and its newline.
    let quiet = asalto(&[
        "export",
        "samples/ejemplo.txt",
        "--to",
        "transcript",
        "--no-echo",
    ]);
    let mut rebuilt = String::new();
    for exchange in transcript::session(&game) {
        rebuilt.push_str(&exchange.printed);
    }
    assert_eq!(quiet.stdout, rebuilt);
    assert!(!quiet.stdout.contains("FIN\n"));
}

#[test]
fn transcript_of_a_finished_game_ends_with_the_announcement() {
    let run = asalto(&["export", "samples/apendice-a.txt", "--to", "transcript"]);
    assert_eq!(run.code, 0);
    let menu = console::menu(console::OfficerControl::Human, console::RebelControl::Human);
    let end =
        format!("Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.\n\n{menu}6\n");
    assert!(
        run.stdout.ends_with(&end),
        "{}",
        &run.stdout[run.stdout.len() - 600..]
    );
    assert!(run.stdout.contains("Introduzca jugada o FIN: Cc-Ca\n"));
    assert!(!run.stdout.contains("FIN: FIN"));
    assert_eq!(run.stdout.matches(console::MOVE_PROMPT).count(), 41);
    insta::assert_snapshot!(
        "export_apendice_a_input",
        asalto(&["export", "samples/apendice-a.txt", "--to", "input"]).stdout
    );
}

fn game_of(seed: u64, plies: usize) -> Game {
    let moves = asalto::random::random_game(seed, plies);
    asalto::replay::game_of_moves(&moves).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Export then import gives back the same game, and the document of the
    /// imported game is the same document.
    #[test]
    fn export_then_import_is_the_same_game(seed in any::<u64>(), plies in 0usize..400) {
        let game = game_of(seed, plies);
        let doc = GameDocument::new(&game, Some("x.txt"), None);
        let text = serde_json::to_string(&doc).unwrap();
        let back = GameDocument::from_json(&text).unwrap();
        prop_assert_eq!(&back, &doc);
        let imported = back.to_game().unwrap();
        prop_assert_eq!(&imported, &game);
        prop_assert_eq!(GameDocument::new(&imported, Some("x.txt"), None), doc);
    }

    /// A record written from a game checks as the same game, and its
    /// document round-trips with the source lines.
    #[test]
    fn record_and_document_agree(seed in any::<u64>(), plies in 0usize..400) {
        let game = game_of(seed, plies);
        let record = write_record(game.moves());
        let checked = check(&record, CheckOptions::default());
        prop_assert!(checked.is_valid());
        prop_assert!(checked.game.moves().eq(game.moves()));
        let doc = GameDocument::of_checked(&checked, None);
        let imported = GameDocument::from_json(&serde_json::to_string_pretty(&doc).unwrap())
            .unwrap()
            .to_game()
            .unwrap();
        prop_assert_eq!(imported, checked.game);
    }

    /// Nothing panics on a document with random edits.
    #[test]
    fn mangled_documents_never_panic(seed in any::<u64>(), cut in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let game = game_of(seed, 60);
        let mut text = serde_json::to_string(&GameDocument::new(&game, None, None)).unwrap().into_bytes();
        let i = cut.index(text.len());
        text[i] = byte;
        if let Ok(text) = String::from_utf8(text) {
            if let Ok(doc) = GameDocument::from_json(&text) {
                let _ = doc.to_game();
            }
        }
    }
}

#[test]
fn a_closed_pipe_is_a_normal_end() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    // A long game, so that the transcript is far larger than a pipe's buffer.
    let moves = (0..200u64)
        .map(|seed| asalto::random::random_game(seed, 10_000))
        .max_by_key(Vec::len)
        .unwrap();
    assert!(moves.len() > 150, "{}", moves.len());
    let record = write_record(&moves);
    let mut child = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["export", "-", "--to", "transcript"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(record.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// What the transcript types (the first two points of each move) is
    /// enough for a program to find the whole move again.
    #[test]
    fn typed_moves_find_the_whole_move(seed in any::<u64>()) {
        let game = game_of(seed, 1_000);
        let input = transcript::typed_input(&game);
        let mut lines = input.lines();
        prop_assert_eq!(lines.next(), Some("1"));
        let mut pos = game.start;
        for ply in &game.plies {
            let typed = lines.next().unwrap();
            let (from, to) = typed.split_once('-').unwrap();
            let found = pos.find_move(from.parse().unwrap(), to.parse().unwrap());
            prop_assert_eq!(found, Some(ply.mv));
            pos = ply.position;
        }
        let rest: Vec<&str> = lines.collect();
        if game.outcome().is_some() {
            prop_assert_eq!(rest, ["6"]);
        } else {
            prop_assert_eq!(rest, ["FIN", "6"]);
        }
    }
}

#[test]
fn a_game_from_another_start_stays_in_json() {
    let start: asalto::Position = ".../O.O/RR...RR/RRR.RRR/RRRRRRR/RRR/RRR O".parse().unwrap();
    let mut game = Game::new(start);
    let mv = start.legal_moves()[0];
    asalto::replay::push(&mut game, mv, start.play_unchecked(&mv), 0, false);
    let doc = serde_json::to_string(&GameDocument::new(&game, None, None)).unwrap();
    let run = asalto_with_input(&["export", "-", "--to", "json"], &doc);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim_end(), doc);
    for to in ["text", "transcript", "input"] {
        let run = asalto_with_input(&["export", "-", "--to", to], &doc);
        assert_eq!(run.code, 1);
        assert!(run.stdout.is_empty());
        assert!(
            run.stderr.contains("only JSON can hold it"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn odd_inputs_never_crash() {
    let inputs = [
        "",
        "\u{feff}",
        "\r\n\r\n",
        "# only a comment\n",
        "{",
        "{}",
        "[1, 2]",
        "Bc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc-Cc\n",
        "Bc-Cc\nDd-Cd\nCc-Ce\nCc-Ce\nCc-Ce\n",
        "\u{0}\u{1}\u{2}",
        "Bc—Cc\nñ\n",
    ];
    for input in inputs {
        for args in [
            &["show", "-"][..],
            &["show", "-", "--ply", "3", "--format", "json"],
            &["show", "-", "--format", "svg"],
            &["export", "-", "--to", "json", "--keep-partial"],
            &["export", "-", "--to", "transcript", "--keep-partial"],
            &["diff", "-", "samples/ejemplo.txt"],
            &["diff", "samples/ejemplo.txt", "-", "--format", "json"],
        ] {
            let run = asalto_with_input(args, input);
            assert!(
                (0..=2).contains(&run.code),
                "{args:?} on {input:?}: {} {}",
                run.code,
                run.stderr
            );
            assert!(!run.stderr.contains("panicked"), "{args:?} on {input:?}");
        }
    }
    // The empty record is the start of a game.
    let run = asalto_with_input(&["show", "-", "--format", "json"], "");
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["ply"], 0);
    assert_eq!(v["valid"], true);
}

/// An invalid record exports nothing, and standard error holds what
/// `check` says of it (every problem quoted, with code, label and help),
/// then what was not done; `--color` colours it.
#[test]
fn an_invalid_record_is_reported_as_check_reports_it() {
    let path = "samples/invalid/occupied.txt";
    let check = asalto(&["check", path]);
    assert_eq!(check.code, 1);
    assert!(check.stdout.contains("Error: asalto::occupied\n"));
    let run = asalto(&["export", path, "--to", "json"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert_eq!(
        run.stderr,
        format!(
            "{}asalto: {path}: invalid record; nothing exported (--keep-partial exports the 2 valid moves)\n",
            check.stdout
        )
    );
    let run = asalto(&["export", path, "--to", "text", "--keep-partial"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, "Bc-Cc\nDd-Cd\n"));
    assert_eq!(
        run.stderr,
        format!(
            "{}asalto: {path}: invalid record; exporting its valid part, 2 moves\n",
            check.stdout
        )
    );
    let always = asalto(&["export", path, "--to", "json", "--color", "always"]);
    assert!(always.stderr.contains("\x1b["), "{}", always.stderr);
    let never = asalto(&["export", path, "--to", "json", "--color", "never"]);
    assert!(!never.stderr.contains('\x1b'));
}
