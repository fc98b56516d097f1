//! The head of every JSON document, every command, every game: each names
//! its game (`game`) and the rule profile that judged or played it
//! (`rules`, a profile of that game); the documents about a record
//! (`check`, `show`, `diff`, `export --to json`, a file `check` cannot
//! read) and the files a run writes (`summary.json`) also say what they
//! are (`format`, `version`), the same head for every game.
//!
//! Why: scripts read many games' output with one reader; the heads were
//! once written by hand in each game's path, and some lacked `format` and
//! `version` (Asalto's, Mad Bishops' and Solitaire's `check` and `show`,
//! Asalto's and Solitaire's `diff`, Asalto's and Mad Bishops' summaries,
//! every game's line for an unreadable file but Go's).
//!
//! The list, command × game → what the test runs (Gradescope's
//! `results.json` is Gradescope's shape, not ours):
//!
//! | command | asalto | go | madbishops | solitaire |
//! | --- | --- | --- | --- | --- |
//! | check --format json | valid, invalid, document error, unreadable | valid, unreadable | valid, invalid, unreadable | answer, syntax error, unreadable |
//! | show --format json | file, --position | file | file | file |
//! | diff --format json | two files | two files | two files | two files |
//! | export --to json | game document | game document | game document | record document |
//! | selfplay --format json | lines (game = number) | lines | lines | — |
//! | selfplay --out DIR | summary.json | summary.json | summary.json | — |
//! | selfplay --cover --out DIR | summary.json | summary.json | — | — |
//! | solve / generate --format json | — | — | — | lines, a bad puzzle, `generate --cover` lines |
//! | grade --format json (Linux) | a program that exits | a right `proylcc.pl` | (not graded) | a program that exits |
//! | grade --coverage --format json (Linux) | a sample | a reference game | (not graded) | a puzzle |

use serde_json::Value;

use crate::run::asalto;

/// A game's name and the profiles its documents may name.
struct Game {
    name: &'static str,
    profiles: Vec<&'static str>,
}

fn game(name: &'static str) -> Game {
    let profiles: Vec<&'static str> = match name {
        "asalto" => vec![asalto::Rules::Assignment2018.name()],
        "go" => asalto_go::Profile::ALL.iter().map(|p| p.name()).collect(),
        "madbishops" => asalto_madbishops::Profile::ALL
            .iter()
            .map(|p| p.name())
            .collect(),
        "solitaire" => asalto_solitaire::Profile::ALL
            .iter()
            .map(|p| p.name())
            .collect(),
        other => panic!("no game {other}"),
    };
    Game { name, profiles }
}

/// What the head of a document must hold besides `game` and `rules`.
#[derive(Clone, Copy)]
enum Kind {
    /// `format` (this one) and its `version` (1; the grade report 2).
    Document(&'static str),
    /// `game` and `rules` only (a line of results).
    Line,
}

/// The `format` of a game's record document and of the reports about one.
fn record_format(game: &str) -> &'static str {
    if game == "solitaire" {
        "asalto-solitaire-record"
    } else {
        "asalto-game"
    }
}

fn check_head(what: &str, value: &Value, game: &Game, kind: Kind) {
    assert_eq!(value["game"], game.name, "{what}: {value}");
    let rules = value["rules"].as_str().unwrap_or_default();
    assert!(
        game.profiles.contains(&rules),
        "{what}: rules `{rules}` is not a profile of {}: {value}",
        game.name
    );
    if let Kind::Document(format) = kind {
        // The grade report is at version 2 (issue 24: `score` null for a
        // submission the grader could not grade).
        let version = if format == "asalto-grade" { 2 } else { 1 };
        assert_eq!(
            (&value["format"], &value["version"]),
            (&Value::from(format), &Value::from(version)),
            "{what}: {value}"
        );
    }
}

/// Run `args`; every line of standard output is a JSON document.
fn lines(args: &[&str]) -> Vec<Value> {
    let run = asalto(args);
    assert!(!run.stdout.is_empty(), "{args:?}: {}", run.stderr);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect()
}

/// Every line of the output of `args` has the head of `game`'s `kind`.
fn heads(args: &[&str], game_name: &'static str, kind: Kind) -> usize {
    let game = game(game_name);
    let docs = lines(args);
    for doc in &docs {
        check_head(&format!("{args:?}"), doc, &game, kind);
    }
    docs.len()
}

const EJEMPLO: &str = "samples/ejemplo.txt";
const APENDICE: &str = "samples/apendice-a.txt";
const SGF: &str = "crates/go/tests/data/selfplay/seed-9-011.sgf";
const SGF_OTHER: &str = "crates/go/tests/data/selfplay/seed-9-019.sgf";
const MB: &str = "samples/madbishops/game.txt";
const MB_SHORT: &str = "samples/madbishops/short.txt";
const ANSWER: &str = "samples/solitaire/answer.txt";
const OTHER: &str = "samples/solitaire/other.txt";

#[test]
fn every_report_about_a_record_has_the_same_head_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let bad_doc = dir.path().join("bad.json");
    std::fs::write(
        &bad_doc,
        r#"{"format":"asalto-game","version":1,"game":"asalto","rules":"assignment-2018-19","plies":[{"notation":"Aa-Ab"}]}"#,
    )
    .unwrap();
    let bad_doc = bad_doc.to_str().unwrap();
    let syntax = dir.path().join("syntax.txt");
    std::fs::write(&syntax, "not a puzzle\n").unwrap();
    let syntax = syntax.to_str().unwrap();
    let missing = "samples/no-such-file.txt";
    let runs: &[(&[&str], &'static str, usize)] = &[
        (
            &[
                "check",
                "--format",
                "json",
                EJEMPLO,
                "samples/invalid/syntax.txt",
                bad_doc,
                missing,
            ],
            "asalto",
            4,
        ),
        (&["show", "--format", "json", EJEMPLO], "asalto", 1),
        (
            &[
                "show",
                "--format",
                "json",
                "--position",
                ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
            ],
            "asalto",
            1,
        ),
        (
            &["diff", "--format", "json", EJEMPLO, APENDICE],
            "asalto",
            1,
        ),
        (&["export", "--to", "json", EJEMPLO], "asalto", 1),
        (&["check", "--format", "json", SGF], "go", 1),
        (
            &["check", "--format", "json", "--game", "go", missing],
            "go",
            1,
        ),
        (&["show", "--format", "json", SGF], "go", 1),
        (&["diff", "--format", "json", SGF, SGF_OTHER], "go", 1),
        (&["export", "--to", "json", SGF], "go", 1),
        (
            &[
                "check",
                "--format",
                "json",
                MB,
                "samples/madbishops/invalid/syntax.txt",
            ],
            "madbishops",
            2,
        ),
        (
            &["check", "--format", "json", "--game", "madbishops", missing],
            "madbishops",
            1,
        ),
        (&["show", "--format", "json", MB], "madbishops", 1),
        (&["diff", "--format", "json", MB, MB_SHORT], "madbishops", 1),
        (&["export", "--to", "json", MB], "madbishops", 1),
        (
            &[
                "check",
                "--format",
                "json",
                "--game",
                "solitaire",
                ANSWER,
                syntax,
            ],
            "solitaire",
            2,
        ),
        (
            &["check", "--format", "json", "--game", "solitaire", missing],
            "solitaire",
            1,
        ),
        (&["show", "--format", "json", ANSWER], "solitaire", 1),
        (&["diff", "--format", "json", ANSWER, OTHER], "solitaire", 1),
        (&["export", "--to", "json", ANSWER], "solitaire", 1),
    ];
    for &(args, game, count) in runs {
        let kind = Kind::Document(record_format(game));
        assert_eq!(heads(args, game, kind), count, "{args:?}");
    }
}

#[test]
fn every_line_of_results_names_its_game_and_profile() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "xx\n").unwrap();
    let bad = bad.to_str().unwrap();
    let selfplay = |game: &'static str| -> [&'static str; 9] {
        [
            "selfplay", "--game", game, "--games", "2", "--seed", "3", "--format", "json",
        ]
    };
    let go = [&selfplay("go")[..], &["--size", "9"]].concat();
    assert_eq!(heads(&go, "go", Kind::Line), 2);
    assert_eq!(heads(&selfplay("madbishops"), "madbishops", Kind::Line), 2);
    let generate = [
        "generate", "--count", "2", "--pieces", "3", "--seed", "1", "--format", "json",
    ];
    assert_eq!(heads(&generate, "solitaire", Kind::Line), 2);
    let cover = [
        "generate", "--cover", "--seed", "1", "--format", "json", "--rules", "thinkfun",
    ];
    assert!(heads(&cover, "solitaire", Kind::Line) > 1);
    let solve = ["solve", "--format", "json", "...N.....R....B.", bad];
    assert_eq!(heads(&solve, "solitaire", Kind::Line), 2);

    // Asalto's lines had `"game"` as the game's number before games were
    // named (a contract): the number is `number` too, and the profile,
    // Asalto's, names the game.
    for line in lines(&selfplay("asalto")) {
        assert_eq!(line["game"], line["number"], "{line}");
        assert_eq!(line["rules"], asalto::Rules::Assignment2018.name());
    }
}

#[test]
fn every_summary_of_a_run_is_an_asalto_selfplay_document() {
    let dir = tempfile::tempdir().unwrap();
    for (game, cover) in [
        ("asalto", false),
        ("go", false),
        ("madbishops", false),
        ("asalto", true),
        ("go", true),
    ] {
        let out = dir.path().join(game);
        let out = out.to_str().unwrap();
        let mut args = vec![
            "selfplay", "--game", game, "--games", "1", "--seed", "5", "--out", out,
        ];
        if game == "go" && !cover {
            args.extend(["--size", "9"]);
        }
        if cover {
            args.extend(["--cover", "--force"]);
            args.retain(|a| *a != "--games" && *a != "1");
        }
        let run = asalto(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let text = std::fs::read_to_string(dir.path().join(game).join("summary.json")).unwrap();
        let summary: Value = serde_json::from_str(&text).unwrap();
        check_head(
            game,
            &summary,
            &self::game(game),
            Kind::Document("asalto-selfplay"),
        );
    }
}

/// `grade --format json` of each assignment: an `asalto-grade` document
/// that names its game and the profile the answers were judged under.
#[cfg(target_os = "linux")]
#[test]
fn every_grade_report_names_its_game_and_profile() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    std::fs::write(&puzzles, "...N.....R....B.\n").unwrap();
    let proylcc = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/grade-go/correct-strings/proylcc.pl"
    );
    let refs = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/grade-go/refs/random-2.sgf"
    );
    let runs: [(&[&str], &'static str); 3] = [
        (&["--games", EJEMPLO, "--", "true"], "asalto"),
        (&["--game", "go", "--games", refs, "--", proylcc], "go"),
        (
            &[
                "--game",
                "solitaire",
                "--puzzles",
                puzzles.to_str().unwrap(),
                "--",
                "true",
            ],
            "solitaire",
        ),
    ];
    for (args, game) in runs {
        // What the reference set reaches, as its own document.
        let set: Vec<&str> = args.iter().take_while(|a| **a != "--").copied().collect();
        let coverage = asalto(&[&["grade", "--coverage", "--format", "json"][..], &set].concat());
        let doc: Value = serde_json::from_str(&coverage.stdout)
            .unwrap_or_else(|e| panic!("{set:?}: {e}: {}{}", coverage.stdout, coverage.stderr));
        check_head(
            &format!("--coverage {set:?}"),
            &doc,
            &self::game(game),
            Kind::Document("asalto-grade-coverage"),
        );
        let all = [&["grade", "--format", "json"][..], args].concat();
        // One document, pretty-printed.
        let run = asalto(&all);
        let doc: Value = serde_json::from_str(&run.stdout)
            .unwrap_or_else(|e| panic!("{all:?}: {e}: {}{}", run.stdout, run.stderr));
        check_head(
            &format!("{all:?}"),
            &doc,
            &self::game(game),
            Kind::Document("asalto-grade"),
        );
    }
}
