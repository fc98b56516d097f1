//! `asalto diff`, and the comparison behind it.

use asalto::compare::{Compared, Comparer, Which, compare};
use asalto::replay::{CheckOptions, check};
use proptest::prelude::*;
use serde_json::Value;

use crate::run::{asalto, asalto_with_input, samples};

const EJEMPLO: &str = include_str!("../../samples/ejemplo.txt");

fn json(args: &[&str]) -> (i32, Value) {
    let run = asalto(args);
    (run.code, serde_json::from_str(&run.stdout).unwrap())
}

#[test]
fn the_same_game_written_differently_is_the_same() {
    let messy = format!(
        "\u{feff}# reference game\r\n\r\n{}",
        EJEMPLO.replace('\n', "\r\n").replace("Db-Cc", "  Db-Cc\t")
    );
    let run = asalto_with_input(&["diff", "samples/ejemplo.txt", "-"], &messy);
    assert_eq!(run.code, 0, "{}", run.stdout);
    insta::assert_snapshot!("diff_same", run.stdout);
    let run = asalto_with_input(
        &["diff", "-", "samples/ejemplo.txt", "--format", "json"],
        &messy,
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["same"], true);
    assert_eq!(v["first_difference"], Value::Null);
    assert_eq!(v["diff"], "");
    // Every sample is the same as itself.
    for (path, _) in samples() {
        assert_eq!(asalto(&["diff", &path, &path]).code, 0, "{path}");
    }
}

#[test]
fn an_illegal_move_is_explained() {
    let run = asalto(&[
        "diff",
        "samples/ejemplo.txt",
        "samples/invalid/capture-incomplete.txt",
    ]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("diff_capture_incomplete", run.stdout);
    let (code, v) = json(&[
        "diff",
        "samples/ejemplo.txt",
        "samples/invalid/capture-incomplete.txt",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(
        "diff_capture_incomplete_json",
        serde_json::to_string_pretty(&v).unwrap()
    );
    let d = &v["first_difference"];
    assert_eq!(v["same"], false);
    assert_eq!(d["ply"], 7);
    assert_eq!(d["side"], "officers");
    assert_eq!(d["reference"], "Bd-Db-Dd-Df-Bd");
    assert_eq!(d["other"], "Bd-Db");
    assert_eq!(d["reference_move"], "Bd-Db-Dd-Df-Bd");
    assert_eq!(d["other_move"], Value::Null);
    assert_eq!(d["other_problem"]["code"], "capture-incomplete");
    assert_eq!(d["reference_problem"], Value::Null);
    assert_eq!(d["position"], ".../.OO/RRR.RRR/R.R.R.R/RRRRRRR/RRR/RRR O");
    // Under --lenient the abbreviated capture is the same move.
    let run = asalto(&[
        "diff",
        "samples/ejemplo.txt",
        "samples/invalid/capture-incomplete.txt",
        "--lenient",
    ]);
    assert_eq!(run.code, 0, "{}", run.stdout);
}

#[test]
fn two_legal_games_that_part_ways() {
    let run = asalto(&["diff", "samples/ejemplo.txt", "samples/unfinished.txt"]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("diff_ejemplo_unfinished", run.stdout);
    let (_, v) = json(&[
        "diff",
        "samples/ejemplo.txt",
        "samples/unfinished.txt",
        "--format",
        "json",
    ]);
    let d = &v["first_difference"];
    assert_eq!(d["ply"], 2);
    assert_eq!(d["reference"], "Dd-Cd");
    assert_eq!(d["other"], "Dd-Ce");
    assert_eq!(d["position"], ".../..O/RRO..RR/RRRRRRR/RRRRRRR/RRR/RRR R");
    assert!(
        v["diff"]
            .as_str()
            .unwrap()
            .starts_with("--- samples/ejemplo.txt\n+++ samples/unfinished.txt\n")
    );
}

#[test]
fn a_record_that_stops_early() {
    let short = "Bc-Cc\nDd-Cd\nCc-Ce\n";
    let run = asalto_with_input(&["diff", "samples/ejemplo.txt", "-"], short);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("first difference: move 4 (rebels)"));
    assert!(run.stdout.contains("other:     (the record ends here)"));
    let run = asalto_with_input(
        &["diff", "-", "samples/ejemplo.txt", "--format", "json"],
        short,
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["first_difference"]["reference"], Value::Null);
    assert_eq!(v["first_difference"]["other"], "Db-Cc");
    assert_eq!(v["first_difference"]["reference_line"], Value::Null);
    assert_eq!(v["first_difference"]["other_line"], 4);
}

#[test]
fn usage_and_io_errors_exit_2() {
    assert_eq!(asalto(&["diff", "samples/ejemplo.txt"]).code, 2);
    assert_eq!(asalto(&["diff", "samples/ejemplo.txt", "nope.txt"]).code, 2);
    assert_eq!(asalto(&["diff", "-", "-"]).code, 2);
}

#[test]
fn syntax_errors_and_unchecked_moves() {
    let reference = "Bc-Cc\nDd-Cd\nCc-Ce\n";
    let other = "Bc-Cc\nDd-Cd\ncc-ce\n";
    let c = compare(reference, other, CheckOptions::default());
    let d = c.first_difference.unwrap();
    assert_eq!(d.ply, 3);
    assert_eq!(d.other_problem.unwrap().reason().code(), "syntax");
    // The same bad line in both: the same record.
    assert!(compare(other, other, CheckOptions::default()).same());
    // Past an illegal move, later lines are compared as written and have no
    // position.
    let a = "Bc-Cc\nDd-Dc\nCc-Ce\n";
    let b = "Bc-Cc\nDd-Dc\nCc-Cd\n";
    let d = compare(a, b, CheckOptions::default())
        .first_difference
        .unwrap();
    assert_eq!(d.ply, 3);
    assert_eq!(d.position, None);
    assert_eq!(d.other_problem, None);
    let run = asalto_with_input(&["diff", "-", "samples/ejemplo.txt"], a);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("[occupied]"), "{}", run.stdout);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Two random games differ first where their moves first differ.
    #[test]
    fn first_difference_of_random_games(a in any::<u64>(), b in any::<u64>()) {
        let (ma, mb) = (asalto::random::random_game(a, 80), asalto::random::random_game(b, 80));
        let (ra, rb) = (asalto::record::write_record(&ma), asalto::record::write_record(&mb));
        let c = compare(&ra, &rb, CheckOptions::default());
        let first = ma.iter().zip(&mb).position(|(x, y)| x != y)
            .or((ma.len() != mb.len()).then_some(ma.len().min(mb.len())));
        prop_assert_eq!(c.first_difference.as_ref().map(|d| d.ply - 1), first);
        if let Some(d) = &c.first_difference {
            let game = check(&ra, CheckOptions::default()).game;
            prop_assert_eq!(d.position, game.position_at(d.ply - 1));
        }
    }

    /// Nothing panics on random text.
    #[test]
    fn random_text_never_panics(a in ".{0,200}", b in "([A-Ga-g]{2}-?){0,40}\n?") {
        let _ = compare(&a, &b, CheckOptions::default());
        let _ = compare(&b, EJEMPLO, CheckOptions { lenient: true, ..CheckOptions::default() });
    }
}

/// Compare `a` with `b` through [`Comparer`], line by line, as `asalto
/// diff` reads two files.
fn compare_streaming(a: &str, b: &str, options: CheckOptions, keep: usize) -> Compared {
    let mut comparer = Comparer::new(options, keep);
    let mut lines = [
        asalto::record::lines(a).peekable(),
        asalto::record::lines(b).peekable(),
    ];
    let index = |which| match which {
        Which::Reference => 0,
        Which::Other => 1,
    };
    while let Some(which) = comparer.wants() {
        match lines[index(which)].next() {
            Some(line) => comparer.push_line(which, line),
            None => comparer.end(which),
        }
    }
    for which in [Which::Other, Which::Reference] {
        for line in lines[index(which)].by_ref() {
            comparer.push_line(which, line);
        }
    }
    comparer.finish()
}

/// A record made of a random game's moves with some lines replaced by
/// mistakes, comments, blank lines, several moves, `FIN`.
fn messy_record(seed: u64, edits: &[(usize, usize)]) -> String {
    const ODD: [&str; 10] = [
        "",
        "# a comment",
        "bc-cc",
        "Bc-Cc Dd-Cd",
        "FIN",
        "  Dd-Cd",
        "Zz-Cc",
        "Bc-Cc\r",
        "Ce-Ec",
        "Cc-Ce, Dd-Dc",
    ];
    let mut lines: Vec<String> = asalto::random::random_game(seed, 60)
        .iter()
        .map(|m| m.to_string())
        .collect();
    for &(at, odd) in edits {
        if lines.is_empty() {
            break;
        }
        let at = at % lines.len();
        lines[at] = ODD[odd % ODD.len()].to_string();
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Comparing as the files are read finds what comparing them whole
    /// finds: the same first difference, the same checks, the same
    /// canonical records.
    #[test]
    fn streaming_comparison_is_the_whole_comparison(
        a in any::<u64>(),
        b in any::<u64>(),
        same_game in any::<bool>(),
        lenient in any::<bool>(),
        edits_a in proptest::collection::vec((0usize..60, 0usize..10), 0..4),
        edits_b in proptest::collection::vec((0usize..60, 0usize..10), 0..4),
    ) {
        let b = if same_game { a } else { b };
        let (ra, rb) = (messy_record(a, &edits_a), messy_record(b, &edits_b));
        let options = CheckOptions { lenient, ..CheckOptions::default() };
        let whole = compare(&ra, &rb, options);
        // Every canonical line kept, and only three (the rest of each
        // record, past the first difference, only checked).
        for keep in [usize::MAX, 3] {
            let streamed = compare_streaming(&ra, &rb, options, keep);
            prop_assert_eq!(&streamed.first_difference, &whole.first_difference);
            for (s, w) in [(&streamed.reference, &whole.reference), (&streamed.other, &whole.other)] {
                if whole.same() {
                    prop_assert_eq!(s.entries, w.entries.len());
                }
                let canonical = w.canonical();
                let kept: String = canonical.split_inclusive('\n').take(keep).collect();
                prop_assert_eq!(&s.canonical, &kept);
                prop_assert_eq!(s.checked.plies(), w.checked.game.plies.len());
                prop_assert_eq!(&s.checked.problems, &w.checked.problems);
                prop_assert_eq!(s.checked.outcome(), w.checked.outcome());
            }
        }
    }
}

/// Go and Solitaire Chess answers compared as every game compares (core's
/// `first_difference`): a record that is the start of the other differs
/// at the first move past its end, whichever comes first.
#[test]
fn a_record_that_stops_early_differs_past_its_end_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let short = write("short.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[dd])");
    let long = write("long.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[dd];B[cc])");
    let run = crate::run::asalto(&["diff", &short, &long]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .replace(&short, "S")
            .replace(&long, "L")
            .starts_with(
                "first difference at move 3:\n  S: nothing (the game has ended)\n  L: black C7\n"
            ),
        "{}",
        run.stdout
    );
    let run = crate::run::asalto(&["diff", "--format", "json", &long, &short]);
    assert_eq!(run.code, 1);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let first = &json["first_difference"];
    assert_eq!(
        (
            &first["ply"],
            &first["side"],
            &first["reference"],
            &first["other"]
        ),
        (
            &serde_json::json!(3),
            &serde_json::json!("black"),
            &serde_json::json!("C7"),
            &serde_json::Value::Null
        )
    );
    let run = crate::run::asalto(&["diff", &long, &long]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(run.stdout, "same game: 3 moves (simple-ko)\n");

    let answer = "rules: codegolf\n...N...RRBB.NPP.\nBc2xd3\nBb2xd4\n";
    let short = write("short.txt", answer);
    let full = "samples/solitaire/answer.txt";
    let run = crate::run::asalto(&["diff", "--game", "solitaire", &short, full]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains(
            "first difference: capture 3\n  reference: (the answer ends here, after 2 captures)\n  other:     Bd3xb1, legal\n"
        ),
        "{}",
        run.stdout
    );
    let run = crate::run::asalto(&[
        "diff",
        "--game",
        "solitaire",
        "--format",
        "json",
        full,
        &short,
    ]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        json["first_difference"],
        serde_json::json!({"ply": 3, "position": "...B...BR...NPP.", "reference": "Bd3xb1", "other": null})
    );
    let run = crate::run::asalto(&["diff", "--game", "solitaire", full, full]);
    assert_eq!(run.code, 0, "{}", run.stdout);
}
