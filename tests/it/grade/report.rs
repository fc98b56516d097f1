//! What the reports say, in every format: a check's credit is the part
//! of each game it was made on (a program that crashes at move 3 earns
//! three screens' worth, not whole games), a check never made is
//! `not_checked` with its cause (not a failure), CSV cells cannot be
//! read as formulas, Gradescope's texts are plain, and the HTML report is
//! replaced whole or not at all.
//!
//! The programs run unconfined (`--sandbox none`): these tests are about
//! the reports, and stay fast on two short reference games.

use std::path::Path;

use serde_json::Value;

use super::support::*;

/// Two short reference games: an unfinished one (7 moves, so 8 game
/// screens: one before each move and the last one, left with FIN) and a
/// finished one (21 moves, 21 screens).
const GAMES: [(&str, usize); 2] = [("ejemplo.txt", 8), ("end-fewer-than-nine-rebels.txt", 21)];

/// `asalto grade --sandbox none --games (both) --format FORMAT -- the
/// fixture with ARGS`.
fn grade_crash(format: &str, extra: &[&str]) -> Graded {
    let games: Vec<String> = GAMES.iter().map(|(g, _)| sample(g)).collect();
    let mut args = vec!["--format", format, "--sandbox", "none", "--games"];
    args.extend(games.iter().map(String::as_str));
    args.extend(extra);
    args.extend(["--", python(), fixture_leaked(), "--bug", "crash"]);
    run_grade(&args, &[])
}

/// The fixture's path, for an argument list of `&str`.
fn fixture_leaked() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(fixture)
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A program that crashes at move 3 of every game (it shows the screen
/// before move 3, then dies): `turn`, `moves` and `board` were made on 3
/// screens of each game and earn 3/8 + 3/21 of two games, `runs` nothing,
/// the checks the crash kept from being made (`end`, `save`, `quit`, and
/// `illegal` when its move comes later) are `not_checked` with the crash
/// as their cause, and `load`, checked in a fresh run, passes. Under the
/// old rule ("made at least once and never failed") it scored about 50
/// with `moves 2/2`.
#[test]
fn a_crash_at_move_3_earns_only_the_screens_it_showed() {
    let out = grade_crash("json", &[]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["version"], 2);
    let sub = &json["submissions"][0];
    let games = sub["games"].as_array().unwrap();
    let mut credit = std::collections::BTreeMap::<&str, f64>::new();
    for (g, (name, screens)) in games.iter().zip(GAMES) {
        assert_eq!(g["game"], name);
        for kind in ["turn", "moves", "board"] {
            assert_eq!(g["checks"][kind], "partial", "{name} {kind}: {g:#}");
            assert_eq!(g["credit"][kind]["made"], 3, "{name} {kind}");
            assert_eq!(g["credit"][kind]["planned"], screens, "{name} {kind}");
            *credit.entry(kind).or_default() += 3.0 / screens as f64;
        }
        assert_eq!(g["checks"]["runs"], "fail");
        for kind in ["end", "save", "quit"] {
            assert_eq!(g["checks"][kind], "not_checked", "{name} {kind}");
        }
        // The illegal move is typed before its move: made if that comes
        // before the crash.
        let probe = g["illegal_move"]["ply"].as_u64().unwrap();
        let illegal = if probe < 3 { "pass" } else { "not_checked" };
        assert_eq!(g["checks"]["illegal"], illegal, "{name}");
        *credit.entry("illegal").or_default() += f64::from(u8::from(probe < 3));
        let cause = g["stopped"].as_str().unwrap();
        assert!(
            cause.starts_with(
                "exited with status 1 while we waited for the game screen before move 3"
            ),
            "{cause}"
        );
        // Not checked is a state of its own, not a failure.
        for f in g["failures"].as_array().unwrap() {
            assert!(
                !f["message"].as_str().unwrap().contains("not checked"),
                "{f:#}"
            );
        }
    }
    assert_eq!(games[0]["checks"]["load"], "pass");
    credit.insert("load", 1.0);
    // The score by the rule: each check's points times its credit over
    // the games where it applies.
    let weights = &json["weights"];
    let applicable = [
        "runs", "turn", "moves", "illegal", "board", "end", "save", "load", "quit",
    ];
    let total: f64 = applicable
        .iter()
        .map(|k| weights[*k].as_f64().unwrap())
        .sum();
    let mut score = 0.0;
    for c in sub["checks"].as_array().unwrap() {
        let kind = c["kind"].as_str().unwrap();
        let games = if kind == "load" { 1.0 } else { 2.0 };
        let max = round2(100.0 * weights[kind].as_f64().unwrap() / total);
        let earned = credit.get(kind).copied().unwrap_or(0.0);
        assert_eq!(c["max_points"].as_f64().unwrap(), max, "{kind}");
        assert_eq!(
            c["points"].as_f64().unwrap(),
            round2(max * earned / games),
            "{kind}"
        );
        assert!(
            (c["credit"].as_f64().unwrap() - earned).abs() < 0.001,
            "{kind}: {c}"
        );
        score += round2(max * earned / games);
    }
    let got = sub["score"].as_f64().unwrap();
    assert!((got - round2(score)).abs() < 1e-9, "{got} against {score}");
    assert!(got < 30.0, "{got}");
    let moves = sub["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "moves")
        .unwrap();
    assert_eq!(moves["passed"], 0);
    assert_eq!(moves["partial"], 2);
}

/// The same crash in the other formats: the partial credit as a number
/// (`0.52/2`), the checks not made and their cause, and, as the first
/// failure of the class table (text, CSV, HTML alike), the crash itself,
/// not a check it left unchecked.
#[test]
fn not_checked_and_partial_credit_show_in_every_format() {
    let crash = "[runs] ejemplo.txt, move 3 (OFICIALES): exited with status 1 while we waited for the game screen before move 3";
    let partial = format!("{}/2", round2(3.0 / 8.0 + 3.0 / 21.0));
    // Human: the credit column, each game's states and their cause.
    let text = grade_crash("human", &[]).stdout;
    assert!(
        text.contains("check    weight  credit       points  requirement"),
        "{text}"
    );
    let line = format!("  {:<8} {:>6}  {:>6}  ", "moves", "6", partial);
    assert!(text.contains(&line), "{line}\n{text}");
    assert!(
        text.contains("failed runs; partly checked turn 3/8, moves 3/8, board 3/8; not checked"),
        "{text}"
    );
    assert!(
        text.contains("[turn, moves, board] partly checked, [")
            && text.contains("] not checked: exited with status 1 while we waited for the game screen before move 3"),
        "{text}"
    );
    // Not a failure: the failed checks are the crash alone.
    let failed = &text[text.find("Failed checks:").unwrap()..];
    assert!(!failed.contains("not checked"), "{failed}");
    // CSV: the first failure is the crash; the checks left unchecked in
    // columns of their own.
    let csv = grade_crash("csv", &[]).stdout;
    let mut rows = ::csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = rows.headers().unwrap().iter().map(String::from).collect();
    let row = rows.records().next().unwrap().unwrap();
    let cell = |name: &str| row[header.iter().position(|h| h == name).unwrap()].to_string();
    assert_eq!(cell("first_failure"), crash);
    assert_eq!(
        cell("partly_checked"),
        "turn in 2 games; moves in 2 games; board in 2 games"
    );
    assert!(cell("not_checked").contains("end in 2 games; save in 2 games; quit in 2 games"));
    // Gradescope: plain text, the credit and the cause in each test.
    let gs: Value = serde_json::from_str(&grade_crash("gradescope", &[]).stdout).unwrap();
    for key in ["output_format", "test_output_format", "test_name_format"] {
        assert_eq!(gs[key], "text", "{key}");
    }
    let test = |kind: &str| -> &Value {
        gs["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"].as_str().unwrap().starts_with(&format!("{kind}:")))
            .unwrap()
    };
    let moves = test("moves")["output"].as_str().unwrap();
    assert!(
        moves.contains(&format!(
            "credit {} of 2 games",
            round2(3.0 / 8.0 + 3.0 / 21.0)
        )),
        "{moves}"
    );
    assert!(
        moves.contains("ejemplo.txt: partly checked (3 of 8): exited with status 1"),
        "{moves}"
    );
    let save = test("save")["output"].as_str().unwrap();
    assert!(
        save.contains("ejemplo.txt: not checked: exited with status 1"),
        "{save}"
    );
    assert_eq!(test("save")["status"], "failed");
    assert_eq!(test("save")["output_format"], "text");
    // HTML: the class table names the crash, the page the checks not
    // made with their cause.
    let dir = open_dir("asalto-report-html-");
    let out = dir.path().join("report");
    let run = grade_crash("html", &["--out", out.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains(crash), "{index}");
    assert!(!index.contains("not checked"), "{index}");
    assert!(index.contains(&format!(">{partial}<")), "{index}");
    let page = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .find(|e| e.file_name() != "index.html")
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .unwrap();
    assert!(
        page.contains(
            "] not checked: exited with status 1 while we waited for the game screen before move 3"
        ),
        "{page}"
    );
}

/// A cell of the class list that starts with `=`, `+`, `-` or `@` is a
/// formula to a spreadsheet (a student who names a folder
/// `=HYPERLINK(...)` would run it in the teacher's): such a cell starts
/// with a single quote, as OWASP advises, and reads back as text. These
/// students have no entry file, so no program runs.
#[test]
fn csv_cells_are_never_formulas() {
    let subs = open_dir("asalto-csv-injection-");
    let names = [
        "=HYPERLINK(\"evil.example\",\"y\")",
        "+1+2",
        "-3+4",
        "@SUM(A1)",
        "plain",
    ];
    for name in names {
        std::fs::create_dir(subs.path().join(name)).unwrap();
    }
    let run = format!("{} {{entry}}", python());
    let out = grade_text(&[
        "--format",
        "csv",
        "--sandbox",
        "none",
        "--games",
        &sample("ejemplo.txt"),
        "--run",
        &run,
        "--submissions",
        &subs.path().display().to_string(),
    ]);
    let mut rows = ::csv::Reader::from_reader(out.stdout.as_bytes());
    let mut seen = Vec::new();
    for row in rows.records() {
        let row = row.unwrap();
        for cell in row.iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{cell:?} in {}",
                out.stdout
            );
        }
        seen.push(row[0].to_string());
    }
    seen.sort();
    let mut expected: Vec<String> = names
        .iter()
        .map(|n| {
            if n.starts_with(['=', '+', '-', '@']) {
                format!("'{n}")
            } else {
                n.to_string()
            }
        })
        .collect();
    expected.sort();
    assert_eq!(seen, expected, "{}", out.stdout);
}

/// The files of an HTML report folder and their contents.
fn contents(dir: &Path) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect();
    all.sort();
    all
}

/// The names in `dir` that start with `prefix`.
fn named(dir: &Path, prefix: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect()
}

/// The HTML report is replaced whole or not at all. A grader killed while
/// it writes the pages (here by its file size limit, `RLIMIT_FSIZE`, set
/// so that the class table fits but a submission's page does not: the
/// kernel kills it with SIGXFSZ in the middle of the pages, as `kill -9`
/// would) leaves the previous report exactly as it was; it used to leave
/// the new class table over the old pages. The next run puts its report
/// in place and removes what the killed one left. A folder with other
/// files in it is refused before anyone is graded.
#[test]
fn the_html_report_is_replaced_whole_or_not_at_all() {
    let dir = open_dir("asalto-report-atomic-");
    let out = dir.path().join("report");
    let out_arg = out.display().to_string();
    let correct = grade_text(&[
        "--format",
        "html",
        "--out",
        &out_arg,
        "--sandbox",
        "none",
        "--games",
        &sample("ejemplo.txt"),
        "--",
        python(),
        fixture_leaked(),
    ]);
    assert_eq!(correct.code, 0, "{}", correct.stderr);
    let before = contents(&out);
    assert_eq!(before.len(), 2);
    // Stopped while writing the crash's report, at most 12 KiB per file:
    // the class table fits, the submission's page does not. First with
    // SIGXFSZ ignored (a write that fails: "File too large"), then with
    // its default action (the kernel kills the grader there).
    let limited = |signal: &str| {
        let mut cmd = std::process::Command::new(python());
        cmd.args([
            "-c",
            &format!(
                "import os, resource, signal, sys\nsignal.signal(signal.SIGXFSZ, signal.{signal})\nresource.setrlimit(resource.RLIMIT_FSIZE, (12288, resource.RLIM_INFINITY))\nos.execv(sys.argv[1], sys.argv[1:])"
            ),
            env!("CARGO_BIN_EXE_asalto"),
            "grade",
            "--format",
            "html",
            "--out",
            &out_arg,
            "--sandbox",
            "none",
            "--games",
            &sample("ejemplo.txt"),
            &sample("end-fewer-than-nine-rebels.txt"),
            "--",
            python(),
            fixture_leaked(),
            "--bug",
            "crash",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
        run_watched(cmd, std::time::Duration::from_secs(120))
    };
    let failed = limited("SIG_IGN");
    assert_eq!(failed.code, 2, "{}{}", failed.stdout, failed.stderr);
    assert!(
        failed.stderr.contains("File too large"),
        "{}",
        failed.stderr
    );
    assert_eq!(contents(&out), before, "the previous report changed");
    assert!(
        named(dir.path(), ".report.").is_empty(),
        "{:?}",
        named(dir.path(), ".")
    );
    let killed = limited("SIG_DFL");
    assert_eq!(
        killed.code, -1,
        "not killed: {}{}",
        killed.stdout, killed.stderr
    );
    assert!(!killed.stdout.contains("wrote"), "{}", killed.stdout);
    assert_eq!(contents(&out), before, "the previous report changed");
    assert_eq!(
        named(dir.path(), ".report.asalto-new-").len(),
        1,
        "no half-written report left to clean"
    );
    // The next run replaces it whole and cleans up.
    let crash = grade_crash("html", &["--out", &out_arg]);
    assert_eq!(crash.code, 1, "{}", crash.stderr);
    assert!(
        crash.stdout.starts_with("wrote 2 pages into "),
        "{}",
        crash.stdout
    );
    let after = contents(&out);
    assert_ne!(after, before);
    assert!(
        after[1].1.contains("exited with status 1"),
        "{}",
        after[1].1
    );
    assert!(
        named(dir.path(), ".report.").is_empty(),
        "{:?}",
        named(dir.path(), ".")
    );
    // Not into a folder of other files, and said before grading.
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let refused = grade_crash("html", &["--out", &out_arg]);
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("holds files that are not a grading report's (notes.txt)"),
        "{}",
        refused.stderr
    );
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
}
