//! `asalto grade` end to end: the student-like Python fixture, correct and
//! with each typical bug, graded against reference games written with the
//! library.

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use asalto::record::write_record;
use asalto::{Move, Position, Side};
use serde_json::Value;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/grade/asalto.py"
);
/// The fixture's name when copied beside a stub that runs it.
const FIXTURE_COPY: &str = "fixture.py";
/// The start of a stub: imports.
const RUN_FIXTURE_PREFIX: &str = "import os, runpy, sys\n";
/// The end of a stub: run the fixture copied beside it.
const RUN_FIXTURE: &str = "runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fixture.py'), run_name='__main__')\n";
const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");

fn asalto() -> Command {
    Command::new(env!("CARGO_BIN_EXE_asalto"))
}

/// The real Python interpreter (not a shim), so sessions start fast.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("the grade tests need python3 (.ci/run installs it)");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    })
}

/// A game of random officers against BASICO rebels that passes through a
/// position with exactly 9 rebels, not yet over, and ends: the reference
/// that catches a wrong end threshold.
fn nine_rebels_game() -> Vec<Move> {
    for seed in 0..2000 {
        let mut rng = asalto::random::rng(seed);
        let mut pos = Position::start();
        let mut moves = Vec::new();
        let mut nine = false;
        while pos.outcome().is_none() && moves.len() < 400 {
            if pos.board().rebels().len() == 9 {
                nine = true;
            }
            let mv = match pos.turn() {
                Side::Officers => asalto::random::random_move(&pos, &mut rng),
                Side::Rebels => {
                    asalto::basic::choose(&pos, asalto::basic::BasicScore::V2, &mut rng)
                }
            }
            .unwrap();
            pos = pos.play_unchecked(&mv);
            moves.push(mv);
        }
        if nine && pos.outcome().is_some() {
            return moves;
        }
    }
    panic!("no game through 9 rebels in 2000 seeds");
}

/// The reference games: the assignment's example (unfinished, with a
/// multi-capture), Appendix A (officers win), the castle sample (rebels
/// win), a random game through 9 rebels, and an unfinished one.
fn refs() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("asalto-refs-")
            .tempdir()
            .unwrap();
        for name in [
            "ejemplo.txt",
            "apendice-a.txt",
            "end-castle-occupied.txt",
            "unfinished.txt",
        ] {
            std::fs::copy(Path::new(SAMPLES).join(name), dir.path().join(name)).unwrap();
        }
        std::fs::write(
            dir.path().join("nine-rebels.txt"),
            write_record(&nine_rebels_game()),
        )
        .unwrap();
        dir
    })
    .path()
}

/// The fixture's variants, each with the check that must catch it.
const BUGS: &[(&str, &str)] = &[
    ("no-multi-capture", "moves"),
    ("wrong-capture-order", "moves"),
    ("rebels-sideways", "moves"),
    ("captures-not-forced", "moves"),
    ("no-castle-win", "end"),
    ("end-threshold", "end"),
    ("broken-save", "save"),
    ("broken-load", "load"),
    ("basic-random", "ai"),
    ("hang", "runs"),
    ("crash", "runs"),
    ("flood", "runs"),
    ("memory", "runs"),
    ("children", "quit"),
    ("close-stdin", "runs"),
    ("bad-utf8", "runs"),
];

/// Correct programs printed differently.
const CORRECT: &[&str] = &["correct", "other-prompts", "bare-input"];

/// A submissions folder: one sub-folder per variant, each with an
/// `asalto.py` that runs the fixture with its `--bug`, plus one without
/// an entry file.
fn submissions() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("asalto-subs-")
            .tempdir()
            .unwrap();
        let names = CORRECT.iter().chain(BUGS.iter().map(|(b, _)| b));
        for name in names {
            let sub = dir.path().join(name);
            std::fs::create_dir(&sub).unwrap();
            let args = if *name == "correct" {
                String::new()
            } else {
                format!("'--bug', '{name}'")
            };
            // A two-file submission: the fixture travels with it, so it is
            // found wherever the sandbox puts the copy (a private `/tmp` hides
            // the checkout when it lives under `/tmp`).
            std::fs::copy(FIXTURE, sub.join(FIXTURE_COPY)).unwrap();
            std::fs::write(
                sub.join("asalto.py"),
                format!("{RUN_FIXTURE_PREFIX}sys.argv = [sys.argv[0], {args}]\n{RUN_FIXTURE}"),
            )
            .unwrap();
        }
        let missing = dir.path().join("missing-entry");
        std::fs::create_dir(&missing).unwrap();
        std::fs::write(missing.join("practica.py"), "print('hola')\n").unwrap();
        dir
    })
    .path()
}

/// The temporary folder of the batch run (its `TMPDIR`).
fn batch_tmp() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap())
        .path()
}

/// The batch: every variant graded once (the slowest test; the others
/// look at its result).
fn batch() -> &'static (i32, Value) {
    static BATCH: OnceLock<(i32, Value)> = OnceLock::new();
    BATCH.get_or_init(|| {
        let refs = refs().display().to_string();
        let subs = submissions().display().to_string();
        let run = format!("{} {{entry}}", python());
        let out = asalto()
            .args([
                "grade",
                "--format",
                "json",
                "--ai",
                "--move-timeout",
                "3",
                "--jobs",
                "2",
                "--games",
                &refs,
                "--submissions",
                &subs,
                "--run",
                &run,
            ])
            .env("TMPDIR", batch_tmp())
            .output()
            .unwrap();
        let json = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
        (out.status.code().unwrap(), json)
    })
}

fn submission<'a>(json: &'a Value, name: &str) -> &'a Value {
    json["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no submission {name}"))
}

fn failed_kinds(sub: &Value) -> Vec<String> {
    let mut kinds: Vec<String> = sub["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["passed"] != c["applicable"])
        .map(|c| c["kind"].as_str().unwrap().to_string())
        .collect();
    kinds.sort();
    kinds
}

#[test]
fn correct_programs_score_full_marks() {
    let (_, json) = batch();
    for name in CORRECT {
        let sub = submission(json, name);
        assert_eq!(sub["full_marks"], true, "{name}: {sub:#}");
        assert_eq!(sub["score"], 100.0);
    }
}

#[test]
fn each_bug_is_caught_by_its_check() {
    let (status, json) = batch();
    assert_eq!(*status, 1);
    for (bug, kind) in BUGS {
        let sub = submission(json, bug);
        let failed = failed_kinds(sub);
        assert!(
            failed.contains(&kind.to_string()),
            "{bug}: failed {failed:?}, expected {kind}"
        );
        assert!(sub["score"].as_f64().unwrap() < 100.0);
        let failure = sub["games"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["failures"].as_array().unwrap())
            .find(|f| f["kind"] == *kind)
            .unwrap();
        assert!(!failure["message"].as_str().unwrap().is_empty());
    }
}

#[test]
fn rule_bugs_do_not_look_like_crashes() {
    let (_, json) = batch();
    for bug in [
        "no-multi-capture",
        "wrong-capture-order",
        "rebels-sideways",
        "captures-not-forced",
        "no-castle-win",
        "end-threshold",
        "broken-save",
        "broken-load",
        "basic-random",
    ] {
        let failed = failed_kinds(submission(json, bug));
        assert!(!failed.contains(&"runs".to_string()), "{bug}: {failed:?}");
    }
    // Bugs that touch one part only fail only that part.
    assert_eq!(failed_kinds(submission(json, "broken-load")), ["load"]);
    assert_eq!(failed_kinds(submission(json, "basic-random")), ["ai"]);
    assert_eq!(failed_kinds(submission(json, "children")), ["quit"]);
    // (The `--ai` game fails too when it happens to have a multi-capture.)
    let failed = failed_kinds(submission(json, "broken-save"));
    assert!(failed == ["save"] || failed == ["ai", "save"], "{failed:?}");
}

#[test]
fn failures_say_what_was_expected_and_found() {
    let (_, json) = batch();
    let failures = |name: &str| -> Vec<Value> {
        submission(json, name)["games"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["failures"].as_array().unwrap().clone())
            .collect()
    };
    // No multi-capture: move 7 of the example lists the capture's first jump.
    let f = failures("no-multi-capture")
        .into_iter()
        .find(|f| f["game"] == "ejemplo.txt" && f["kind"] == "moves")
        .unwrap();
    assert_eq!(f["ply"], 7);
    assert_eq!(f["side"], "OFICIALES");
    assert_eq!(
        f["missing"],
        serde_json::json!(["Bd-Db-Dd-Df-Bd", "Bd-Df-Dd-Db-Bd"])
    );
    assert_eq!(f["extra"], serde_json::json!(["Bd-Db", "Bd-Df"]));
    assert!(f["board"].as_str().unwrap().contains("B     .-O-O"));
    // Broken save: a unified diff.
    let f = failures("broken-save")
        .into_iter()
        .find(|f| f["kind"] == "save" && f["game"] == "ejemplo.txt")
        .unwrap();
    let diff = f["diff"].as_str().unwrap();
    assert!(
        diff.contains("-Bd-Db-Dd-Df-Bd") && diff.contains("+Bd-Db"),
        "{diff}"
    );
    // A crash shows stderr.
    let f = failures("crash")
        .into_iter()
        .find(|f| f["kind"] == "runs")
        .unwrap();
    assert!(f["stderr_tail"].as_str().unwrap().contains("IndexError"));
    // A hang, a flood, closed input and bad bytes say so.
    let message = |name: &str| {
        failures(name)
            .into_iter()
            .find(|f| f["kind"] == "runs")
            .unwrap()["message"]
            .clone()
    };
    assert!(message("hang").as_str().unwrap().contains("hangs"));
    assert!(
        message("flood")
            .as_str()
            .unwrap()
            .contains("without asking for input")
    );
    assert!(message("bad-utf8").as_str().unwrap().contains("not UTF-8"));
    let memory = failures("memory")
        .into_iter()
        .find(|f| f["kind"] == "runs")
        .unwrap();
    assert!(
        memory["stderr_tail"]
            .as_str()
            .unwrap()
            .contains("MemoryError"),
        "{memory}"
    );
    let closed = failures("close-stdin")
        .into_iter()
        .find(|f| f["kind"] == "runs")
        .unwrap();
    assert!(
        closed["stderr_tail"]
            .as_str()
            .unwrap()
            .contains("closed file")
    );
    let left = failures("children")
        .into_iter()
        .find(|f| f["kind"] == "quit")
        .unwrap();
    assert!(
        left["message"]
            .as_str()
            .unwrap()
            .contains("left 20 processes"),
        "{left}"
    );
    // Missing entry file.
    let missing = submission(json, "missing-entry");
    assert_eq!(missing["score"], 0.0);
    assert!(
        missing["error"]
            .as_str()
            .unwrap()
            .contains("no entry file `asalto.py`")
    );
}

#[test]
fn stray_children_are_killed() {
    let _ = batch();
    let mut left = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            if String::from_utf8_lossy(&cmdline).contains("299.5") {
                left.push(entry.file_name());
            }
        }
    }
    assert!(left.is_empty(), "still running: {left:?}");
}

#[test]
fn working_folders_are_removed() {
    let _ = batch();
    let left: Vec<_> = std::fs::read_dir(batch_tmp())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

fn single(args: &[&str]) -> std::process::Output {
    let refs = refs().display().to_string();
    let mut cmd = asalto();
    cmd.args(["grade", "--games", &refs]).args(args);
    cmd.output().unwrap()
}

#[test]
fn one_program_human_report() {
    let out = single(&["--", python(), FIXTURE, "--bug", "rebels-sideways"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("check  weight  passed       points  requirement"),
        "{text}"
    );
    assert!(
        text.contains(
            "[moves] ejemplo.txt, move 4 (REBELDES): the listed moves are not the legal moves"
        ),
        "{text}"
    );
    assert!(text.contains("  extra:    "), "{text}");
    assert!(text.contains("  position (.../"), "{text}");
}

#[test]
fn one_correct_program_exits_zero_and_gradescope() {
    let out = single(&["--format", "gradescope", "--", python(), FIXTURE]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["score"], 100.0);
    let tests = json["tests"].as_array().unwrap();
    assert!(
        tests
            .iter()
            .any(|t| t["name"].as_str().unwrap().starts_with("moves:"))
    );
    assert!(tests.iter().all(|t| t["score"] == t["max_score"]));
}

#[test]
fn weights_are_configurable() {
    let out = single(&[
        "--format",
        "json",
        "--weights",
        "board=0,save=10",
        "--max-score",
        "10",
        "--",
        python(),
        FIXTURE,
        "--bug",
        "broken-save",
    ]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let sub = &json["submissions"][0];
    assert_eq!(sub["max_score"], 10.0);
    let kinds: Vec<&str> = sub["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert!(!kinds.contains(&"board"));
    // Without board and ai the weights add up to 27: save is worth 10/27.
    let save = sub["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "save")
        .unwrap();
    assert_eq!(save["max_points"], 3.7);
    let points: f64 = sub["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["points"].as_f64().unwrap())
        .sum();
    assert!((sub["score"].as_f64().unwrap() - points).abs() < 0.01);
    assert!(save["passed"].as_u64().unwrap() < save["applicable"].as_u64().unwrap());
}

#[test]
fn batch_table_and_csv() {
    let refs = refs().display().to_string();
    let subs = submissions().display().to_string();
    let run = format!("{} {{entry}}", python());
    // Only the quick variants: grade a folder holding two of them.
    let dir = tempfile::tempdir().unwrap();
    for name in ["correct", "broken-load"] {
        let to = dir.path().join(name);
        std::fs::create_dir(&to).unwrap();
        for file in ["asalto.py", FIXTURE_COPY] {
            std::fs::copy(Path::new(&subs).join(name).join(file), to.join(file)).unwrap();
        }
    }
    let base = ["grade", "--games", &refs, "--run", &run, "--submissions"];
    let out = asalto().args(base).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.lines().next().unwrap().starts_with("submission"),
        "{table}"
    );
    assert!(table.contains("broken-load"));
    assert!(
        table.contains("2 submissions: 1 full marks, 1 not"),
        "{table}"
    );
    let out = asalto()
        .args(base)
        .arg(dir.path())
        .args(["--format", "csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "submission,score,max_score,runs,turn,moves,board,end,save,load,quit,first_failure"
    );
    assert!(lines.next().unwrap().starts_with("broken-load,"));
    assert!(lines.next().unwrap().starts_with("correct,100,100,"));
}

#[test]
fn usage_errors_exit_2() {
    let refs = refs().display().to_string();
    let out = asalto().args(["grade", "--games", &refs]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to grade"));
    let bad = tempfile::tempdir().unwrap();
    std::fs::write(bad.path().join("bad.txt"), "Bc-Dd\n").unwrap();
    let out = asalto()
        .args(["grade", "--games"])
        .arg(bad.path())
        .args(["--", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a valid game"));
}

fn bwrap_works() -> bool {
    Command::new("bwrap")
        .args([
            "--ro-bind",
            "/",
            "/",
            "--unshare-net",
            "--unshare-pid",
            "--",
            "true",
        ])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Under bubblewrap a program cannot write outside its working folder.
#[test]
fn bubblewrap_confines_writes() {
    if !bwrap_works() {
        eprintln!("skipped: bubblewrap is not installed or does not work here");
        return;
    }
    let outside = tempfile::Builder::new()
        .prefix("asalto-outside-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .unwrap();
    let marker = outside.path().join("escaped");
    let script = format!(
        "try:\n    open({:?}, 'w').write('x')\nexcept OSError:\n    pass\n{RUN_FIXTURE_PREFIX}sys.argv = [sys.argv[0]]\n{RUN_FIXTURE}",
        marker.display().to_string()
    );
    std::fs::copy(FIXTURE, outside.path().join(FIXTURE_COPY)).unwrap();
    let prog = outside.path().join("probe.py");
    std::fs::write(&prog, script).unwrap();
    let game = Path::new(SAMPLES).join("ejemplo.txt").display().to_string();
    let out = asalto()
        .args([
            "grade",
            "--sandbox",
            "bwrap",
            "--games",
            &game,
            "--",
            python(),
        ])
        .arg(&prog)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!marker.exists(), "the program wrote outside its folder");
    // Unconfined, the same program can.
    let out = asalto()
        .args([
            "grade",
            "--sandbox",
            "none",
            "--games",
            &game,
            "--",
            python(),
        ])
        .arg(&prog)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(marker.exists());
}

/// `grade` against the toolkit's own `asalto play` scores full marks. It
/// runs as soon as the binary has a `play` command (after the `play` branch
/// is merged); until then it says it is skipped.
#[test]
fn grading_asalto_play_scores_full_marks() {
    let refs = refs().display().to_string();
    let out = asalto()
        .args([
            "grade",
            "--ai",
            "--games",
            &refs,
            "--",
            env!("CARGO_BIN_EXE_asalto"),
            "play",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
