//! `asalto grade --game solitaire`: the student-like solver fixture
//! (`tests/fixtures/grade-solitaire/solver.py`), right, with planted bugs
//! (each caught by its check, the others untouched) and hostile (hangs,
//! floods, crashes, bytes that are not UTF-8, a process left behind),
//! graded on a set of solvable and unsolvable puzzles; every input form
//! and both ways of giving the puzzle; the report formats.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use serde_json::Value;

use super::support::*;

const FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/grade-solitaire"
);

/// The variants, each with the checks it fails (`correct*`: none).
const VARIANTS: &[(&str, &[&str], &[&str])] = &[
    ("correct", &[], &[]),
    ("correct-boards", &["--out", "boards"], &[]),
    ("children", &["--bug", "children"], &[]),
    ("pawn-upwards", &["--bug", "pawn-upwards"], &["solves"]),
    ("jump-over", &["--bug", "jump-over"], &["solves"]),
    ("stop-at-two", &["--bug", "stop-at-two"], &["solves"]),
    ("always-none", &["--bug", "always-none"], &["solves"]),
    ("chatty", &["--bug", "chatty"], &["none", "solves"]),
    ("crash", &["--bug", "crash"], &["runs", "solves"]),
    ("hang", &["--bug", "hang"], &["none", "runs", "solves"]),
    ("flood", &["--bug", "flood"], &["none", "runs", "solves"]),
    (
        "bad-utf8",
        &["--bug", "bad-utf8"],
        &["none", "runs", "solves"],
    ),
];

/// A folder every user may read holding the puzzle set.
fn puzzles() -> tempfile::TempDir {
    let dir = open_dir("asalto-sol-puzzles-");
    std::fs::copy(
        Path::new(FIXTURES).join("set.txt"),
        dir.path().join("set.txt"),
    )
    .unwrap();
    dir
}

/// A submissions folder: one sub-folder per variant, each with a
/// `solver.py` that runs the fixture (copied beside it) with its options.
fn solvers(variants: &[(&str, &[&str])]) -> tempfile::TempDir {
    let dir = open_dir("asalto-sol-subs-");
    for (name, args) in variants {
        let sub = dir.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::copy(
            Path::new(FIXTURES).join("solver.py"),
            sub.join("fixture.py"),
        )
        .unwrap();
        let args: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
        std::fs::write(
            sub.join("solver.py"),
            format!(
                "import os, runpy, sys\nsys.argv = [sys.argv[0], {}] + sys.argv[1:]\nrunpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fixture.py'), run_name='__main__')\n",
                args.join(", ")
            ),
        )
        .unwrap();
    }
    dir
}

/// Grade `subs` on the set with `extra` options, as JSON.
fn grade_set(subs: &Path, set: &Path, extra: &[&str]) -> (i32, Value) {
    let run = format!("{} {{entry}}", python());
    let subs = subs.display().to_string();
    let set = set.display().to_string();
    let mut args = vec![
        "--game",
        "solitaire",
        "--puzzles",
        &set,
        "--submissions",
        &subs,
        "--run",
        &run,
        "--puzzle-timeout",
        "2",
        "--jobs",
        "4",
    ];
    args.extend_from_slice(extra);
    let graded = grade(&args, &[]);
    (graded.code, graded.json())
}

/// Each variant fails exactly its checks; the right ones get full marks;
/// wrong answers are named by the engine's reason codes; nothing the
/// programs started is left running.
#[test]
fn each_bug_is_caught_by_its_check() {
    let set = puzzles();
    let variants: Vec<(&str, &[&str])> = VARIANTS.iter().map(|(n, a, _)| (*n, *a)).collect();
    let subs = solvers(&variants);
    let (code, json) = grade_set(subs.path(), set.path(), &[]);
    assert_eq!(code, 1);
    assert_eq!(json["game"], "solitaire");
    assert_eq!(json["rules"], "codegolf");
    assert_eq!(json["games"].as_array().unwrap().len(), 9);
    for (name, _, failing) in VARIANTS {
        let sub = submission(&json, name);
        assert_eq!(
            failed_kinds(sub),
            *failing,
            "{name}: {:#}",
            failures(sub).first().cloned().unwrap_or_default()
        );
        assert_eq!(sub["full_marks"], failing.is_empty(), "{name}");
    }
    let reasons = |name: &str| -> Vec<String> {
        failures(submission(&json, name))
            .iter()
            .filter_map(|f| f["reason"].as_str().map(str::to_string))
            .collect()
    };
    assert_eq!(reasons("pawn-upwards"), ["claims-no-solution"]);
    assert_eq!(reasons("jump-over"), ["blocked"]);
    assert!(reasons("stop-at-two").iter().all(|r| r == "pieces-left"));
    assert!(
        reasons("always-none")
            .iter()
            .all(|r| r == "claims-no-solution")
    );
    assert!(reasons("chatty").iter().all(|r| r == "syntax"));
    // The solvable puzzles' share: 7 of 9 puzzles have a solution.
    let none = submission(&json, "always-none");
    assert_eq!(statuses(none, "none"), ["pass", "pass"]);
    assert_eq!(statuses(none, "solves").len(), 7);
    // A hang costs the time limit, and is killed.
    let hang = failures(submission(&json, "hang"));
    assert!(
        hang[0]["message"]
            .as_str()
            .unwrap()
            .contains("no answer within 2 s"),
        "{hang:?}"
    );
    assert!(processes_with("asalto-solitaire-orphan").is_empty());
}

/// The puzzle in every input form, on standard input or as an argument,
/// and under the other pawn rule.
#[test]
fn input_forms_feeds_and_rules() {
    let set = puzzles();
    let correct = solvers(&[("correct", &[])]);
    for (form, feed) in [
        ("rows", "stdin"),
        ("letters", "argument"),
        ("numbers", "stdin"),
        ("coordinates", "argument"),
    ] {
        let (code, json) = grade_set(
            correct.path(),
            set.path(),
            &["--input-form", form, "--feed", feed],
        );
        let sub = submission(&json, "correct");
        assert_eq!(
            sub["full_marks"],
            true,
            "{form} {feed}: {:#}",
            failures(sub).first().cloned().unwrap_or_default()
        );
        assert_eq!(code, 0);
    }
    let subs = solvers(&[("correct", &[]), ("thinkfun", &["--rules", "thinkfun"])]);
    // Under codegolf, the thinkfun solver finds no solution for
    // P....R..R.R..R.. (which has 14).
    let (_, json) = grade_set(subs.path(), set.path(), &[]);
    assert_eq!(failed_kinds(submission(&json, "thinkfun")), ["solves"]);
    let (_, json) = grade_set(subs.path(), set.path(), &["--rules", "thinkfun"]);
    assert_eq!(json["rules"], "thinkfun");
    assert_eq!(submission(&json, "thinkfun")["full_marks"], true);
    // The codegolf solver answers P....R..R.R..R.., which has no solution
    // under thinkfun: a pawn moves down.
    let correct = submission(&json, "correct");
    assert_eq!(failed_kinds(correct), ["none"]);
    assert_eq!(failures(correct)[0]["reason"], "cannot-reach");
}

/// One command after `--`, in every report format; usage errors.
#[test]
fn reports_and_usage() {
    let set = puzzles();
    let set_file = set.path().join("set.txt").display().to_string();
    let fixture = open_dir("asalto-sol-one-");
    let solver = fixture.path().join("solver.py");
    std::fs::copy(Path::new(FIXTURES).join("solver.py"), &solver).unwrap();
    let solver = solver.display().to_string();
    let base = ["--game", "solitaire", "--puzzles", &set_file, "-j", "2"];
    let with = |format: &str, bug: Option<&str>| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend(["--format", format, "--", python(), &solver]);
        if let Some(b) = bug {
            args.extend(["--bug", b]);
        }
        grade_text(&args)
    };
    let csv = with("csv", None);
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    assert!(csv.stdout.lines().count() == 2, "{}", csv.stdout);
    let gradescope = with("gradescope", Some("stop-at-two"));
    assert_eq!(gradescope.code, 1);
    let doc: Value = serde_json::from_str(&gradescope.stdout).unwrap();
    assert!(doc["score"].as_f64().unwrap() < 100.0);
    let human = with("human", Some("stop-at-two"));
    assert!(
        human.stdout.contains("[solves] set.txt:"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("[pieces-left]") || human.stdout.contains("pieces on the board"),
        "{}",
        human.stdout
    );
    for (args, says) in [
        (vec!["--game", "solitaire", "--", "true"], "--puzzles"),
        (
            vec![
                "--game",
                "solitaire",
                "--puzzles",
                &set_file,
                "--rules",
                "simple-ko",
                "--",
                "true",
            ],
            "not a Solitaire Chess rule profile",
        ),
        (
            vec!["--game", "solitaire", "--puzzles", &solver, "--", "true"],
            "not a puzzle",
        ),
    ] {
        let run = grade_text(&args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}

/// The ways students print a solution besides the challenge's move list
/// (`--out FORM` of the fixture; see its `ANSWER_FORMS`).
const ANSWER_FORMS: [&str; 8] = [
    "line",
    "semicolons",
    "pairs",
    "arrows",
    "numbered",
    "strings",
    "one-based",
    "row-column",
];

/// A correct solver gets full marks however it writes its captures
/// (issue 24: `c1xb2 b2xd4` and `2,0 1,1; 1,1 3,3` were read as boards,
/// 14/100), the reading of its coordinates is noted when it is not the
/// challenge's, and a square off the board is named with its capture.
#[test]
fn a_correct_solver_gets_full_marks_however_it_writes_its_answers() {
    let dir = open_dir("asalto-sol-forms-");
    let set = dir.path().join("set.txt");
    std::fs::write(
        &set,
        "...N.....R....B.\n.....B..RP.....N\nBB..............\n",
    )
    .unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o644)).unwrap();
    let args: Vec<[&str; 2]> = ANSWER_FORMS.iter().map(|f| ["--out", *f]).collect();
    let mut variants: Vec<(&str, &[&str])> = ANSWER_FORMS
        .iter()
        .zip(&args)
        .map(|(name, a)| (*name, &a[..]))
        .collect();
    variants.push(("typo", &["--out", "line", "--bug", "typo"]));
    let subs = solvers(&variants);
    let (code, json) = grade_set(subs.path(), &set, &[]);
    assert_eq!(code, 1);
    for form in ANSWER_FORMS {
        let sub = submission(&json, form);
        assert_eq!(
            sub["full_marks"],
            true,
            "{form}: {:#}",
            failures(sub).first().cloned().unwrap_or_default()
        );
        assert_eq!(sub["score"], 100.0, "{form}");
    }
    let notes = |name: &str| -> String {
        submission(&json, name)["games"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["notes"].as_array().cloned().unwrap_or_default())
            .filter_map(|n| n.as_str().map(str::to_string))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        notes("one-based").contains("answer: the coordinates were read as [x, y] counted from 1"),
        "{}",
        notes("one-based")
    );
    assert!(notes("pairs").is_empty(), "{}", notes("pairs"));
    let typo = submission(&json, "typo");
    assert_eq!(failed_kinds(typo), ["solves"]);
    let first = failure(typo, "solves");
    assert_eq!(first["reason"], "off-board");
    assert_eq!(first["ply"], 2);
    let message = first["message"].as_str().unwrap();
    assert!(
        message.contains("line 1:10: capture 2: `e9` is off the board"),
        "{message}"
    );
}

/// docs/grade.md's `grade --game solitaire` example is a real run: the folder is
/// built here (Ana right, Bruno's rooks jump, Carla's pawns go up only,
/// Diego hangs), and what it prints is what docs/grade.md shows.
#[test]
fn readme_solitaire_example_is_current() {
    if !is_root() || !bwrap() {
        eprintln!("skipped: docs/grade.md shows a run as root under bubblewrap, as CI runs it");
        return;
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/grade.md")).unwrap();
    let dir = open_dir("asalto-sol-walkthrough-");
    let set = dir.path().join("puzzles");
    std::fs::create_dir(&set).unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::copy(Path::new(FIXTURES).join("set.txt"), set.join("set.txt")).unwrap();
    let subs = solvers(&[
        ("ana", &[]),
        ("bruno", &["--bug", "jump-over"]),
        ("carla", &["--bug", "pawn-upwards"]),
        ("diego", &["--bug", "hang"]),
    ]);
    std::fs::rename(subs.path(), dir.path().join("subs")).unwrap();
    let command =
        "asalto grade --game solitaire --puzzles puzzles/ --submissions subs/ --puzzle-timeout 1";
    let out = super::readme::run_in(dir.path(), command);
    let block = format!("$ {command}\n{out}```");
    assert!(
        super::readme::normalize(&readme).contains(&super::readme::normalize(&block)),
        "docs/grade.md is stale for: {command}\n--- it prints:\n{out}"
    );
    let out = super::readme::run_in(
        dir.path(),
        "asalto grade --game solitaire --puzzles puzzles/ -- python3 subs/bruno/solver.py",
    );
    let start = out.find("[solves] set.txt:11").unwrap();
    let end = out[start..].find("\n\n").map_or(out.len(), |e| start + e);
    let failure = &out[start..=end];
    assert!(
        readme.contains(&format!("```text\n{failure}```")),
        "docs/grade.md is stale for Bruno's failure:\n{failure}"
    );
}

/// The HTML report draws each failed puzzle with Solitaire Chess's own
/// picture (as `show --format svg` draws it), its pieces those of the
/// puzzle, and keeps the text board under it.
#[test]
fn the_html_report_draws_each_failed_puzzle_as_a_solitaire_board() {
    use crate::html::parse_valid;
    use scraper::Selector;
    let set = puzzles();
    let subs = solvers(&[("stop-at-two", &["--bug", "stop-at-two"])]);
    let out = open_dir("asalto-sol-html-");
    let run = format!("{} {{entry}}", python());
    let graded = grade_text(&[
        "--game",
        "solitaire",
        "--puzzles",
        &set.path().join("set.txt").display().to_string(),
        "--submissions",
        &subs.path().display().to_string(),
        "--run",
        &run,
        "--puzzle-timeout",
        "2",
        "--format",
        "html",
        "--out",
        &out.path().display().to_string(),
    ]);
    assert_eq!(graded.code, 1, "{}", graded.stderr);
    let page = std::fs::read_dir(out.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("stop-at-two"))
        .expect("the submission's page");
    let html = parse_valid(&std::fs::read_to_string(&page).unwrap());
    let sel = |s: &str| Selector::parse(s).unwrap();
    let figures: Vec<_> = html.select(&sel("figure.board")).collect();
    assert!(!figures.is_empty(), "no board drawn");
    for figure in figures {
        let code = figure
            .select(&sel("figcaption code"))
            .next()
            .unwrap()
            .text()
            .collect::<String>();
        let position: asalto_solitaire::Position = code.parse().unwrap();
        let svg = figure.select(&sel("svg")).next().expect("an SVG board");
        // Every piece of the puzzle is drawn, and nothing else.
        let drawn = svg.select(&sel("text")).count();
        let expected = asalto_solitaire::render::svg(&position, None, &[]);
        let expected = parse_valid(&format!(
            "<!DOCTYPE html><html lang=en><title>x</title><body>{expected}"
        ));
        assert_eq!(drawn, expected.select(&sel("svg text")).count(), "{code}");
        assert!(drawn > 0);
    }
}

/// A puzzle during which the solver fell asleep (stopped: no CPU time) is
/// run once more from a fresh start before it is charged: a solver that
/// does so once loses nothing and the puzzle's notes say it was re-run;
/// one asleep every time is charged on each puzzle, saying so (a busy
/// hang, `hang`, is charged at once: `each_bug_is_caught_by_its_check`).
/// The marker that lets `stop-once` stop only once lives outside the
/// sandbox, so the solvers run unconfined.
#[test]
fn an_asleep_hang_is_run_again_before_it_is_charged() {
    let dir = open_dir("asalto-sol-asleep-");
    let marker = stop_marker(dir.path());
    let marker_arg = marker.display().to_string();
    // Two puzzles: one with a solution, one without.
    let set = dir.path().join("set.txt");
    std::fs::write(&set, "...N.....R....B.\nBB..............\n").unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o644)).unwrap();
    let subs = solvers(&[
        (
            "stop-once",
            &["--bug", "stop", "--stop-marker", &marker_arg],
        ),
        ("stop-always", &["--bug", "stop"]),
    ]);
    let (code, json) = grade_set(subs.path(), &set, &["--sandbox", "none"]);
    assert_eq!(code, 1);
    assert!(marker.exists(), "the solver never stopped itself");
    let notes = |name: &str| -> Vec<Vec<String>> {
        submission(&json, name)["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                g["notes"]
                    .as_array()
                    .map(|a| a.iter().map(|n| n.as_str().unwrap().to_string()).collect())
                    .unwrap_or_default()
            })
            .collect()
    };
    // Stopped on one puzzle only, run again: full marks, one note.
    let once = submission(&json, "stop-once");
    assert_eq!(once["full_marks"], true, "{once:#}");
    let n: Vec<String> = notes("stop-once").concat();
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(
        n[0].starts_with("re-run: the puzzle ")
            && n[0].contains(
                " got no answer within 2 s while the program was asleep with no CPU time"
            ),
        "{n:?}"
    );
    // Asleep every time: each puzzle re-run once, then charged, saying so.
    let always = submission(&json, "stop-always");
    assert_eq!(failed_kinds(always), ["none", "runs", "solves"]);
    assert!(notes("stop-always").iter().all(|n| n.len() == 1));
    for f in failures(always).iter().filter(|f| f["kind"] == "runs") {
        let message = f["message"].as_str().unwrap();
        assert!(
            message.starts_with("no answer within 2 s: it hangs, or is too slow (--puzzle-timeout); by the clock we waited 2 s, in which it had ")
                && message.contains(" and was asleep at the end; asleep with no CPU time both times, and run twice"),
            "{message}"
        );
    }
}
