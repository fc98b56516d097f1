//! `asalto grade` end to end: the student-like Python fixture, correct,
//! with each typical bug, and hostile (each hole of the confinement an
//! attack), graded against the bundled samples.
//!
//! The tests run as CI runs them: as root, with bubblewrap. A test of the
//! confinement runs each attack confined (`--sandbox bwrap`), unconfined
//! (`--sandbox none`) where that applies, and, where it can be done without
//! harm, outside the grader, to show that the attack works when nothing
//! stops it.

#![cfg(target_os = "linux")]

mod attacks;
mod causes;
mod coverage;
mod go;
mod limits;
mod madbishops;
mod private;
mod readme;
mod report;
mod sockets;
mod solitaire;
mod support;

use serde_json::Value;

use support::*;

/// The fixture's variants, each with the check that must catch it.
const BUGS: &[(&str, &str)] = &[
    ("no-multi-capture", "moves"),
    ("wrong-capture-order", "moves"),
    ("rebels-sideways", "moves"),
    ("captures-not-forced", "moves"),
    ("accept-illegal-step", "illegal"),
    ("reprompt-refuse", "moves"),
    ("no-castle-win", "end"),
    ("end-threshold", "end"),
    ("end-threshold+exit-after-end", "end"),
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

/// Correct programs printed differently (and one that exits after the
/// end, which costs only the checks it then cannot reach).
const CORRECT: &[&str] = &["correct", "other-prompts", "bare-input"];

/// The batch: every variant graded once against the reference games and
/// the `--ai` game (the slowest test; the others look at its result).
fn batch() -> &'static (i32, Value) {
    static BATCH: std::sync::OnceLock<(i32, Value)> = std::sync::OnceLock::new();
    BATCH.get_or_init(|| {
        let names: Vec<&str> = CORRECT
            .iter()
            .copied()
            .chain(BUGS.iter().map(|(b, _)| *b))
            .chain(["exit-after-end"])
            .collect();
        let subs = submissions(&names);
        std::fs::create_dir(subs.path().join("missing-entry")).unwrap();
        std::fs::write(
            subs.path().join("missing-entry/practica.py"),
            "print('hola')\n",
        )
        .unwrap();
        let tmp = open_dir("asalto-batch-tmp-");
        let run = format!("{} {{entry}}", python());
        let graded = grade(
            &[
                "--ai",
                "--move-timeout",
                "2",
                "--jobs",
                "4",
                "--games",
                &refs().display().to_string(),
                "--submissions",
                &subs.path().display().to_string(),
                "--run",
                &run,
            ],
            &[("TMPDIR", &tmp.path().display().to_string())],
        );
        // Working folders live in the sandbox, or are removed.
        let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
        assert!(left.is_empty(), "working folders left: {left:?}");
        (graded.code, graded.json())
    })
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
        let failure = failures(sub)
            .into_iter()
            .find(|f| f["kind"] == *kind)
            .unwrap();
        assert!(
            !failure["message"]
                .as_str()
                .unwrap()
                .starts_with("not checked")
        );
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
        "accept-illegal-step",
        "reprompt-refuse",
        "no-castle-win",
        "end-threshold",
        "end-threshold+exit-after-end",
        "broken-save",
        "broken-load",
        "basic-random",
        "exit-after-end",
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
    let of = |name: &str| failures(submission(json, name));
    // No multi-capture: move 7 of the example lists the capture's first
    // jump, each extra move with the engine's reason.
    let f = of("no-multi-capture")
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
    assert_eq!(
        f["extra_reasons"],
        serde_json::json!(["capture-incomplete", "capture-incomplete"])
    );
    assert!(f["board"].as_str().unwrap().contains("B     .-O-O"));
    let f = of("rebels-sideways")
        .into_iter()
        .find(|f| f["kind"] == "moves")
        .unwrap();
    let reasons = f["extra_reasons"].as_array().unwrap();
    assert!(!reasons.is_empty());
    assert!(reasons.iter().all(|r| r == "rebel-not-closer"), "{f:#}");
    // Broken save: a unified diff.
    let f = of("broken-save")
        .into_iter()
        .find(|f| f["kind"] == "save" && f["game"] == "ejemplo.txt")
        .unwrap();
    let diff = f["diff"].as_str().unwrap();
    assert!(
        diff.contains("-Bd-Db-Dd-Df-Bd") && diff.contains("+Bd-Db"),
        "{diff}"
    );
    // A crash shows stderr.
    let runs = |name: &str| of(name).into_iter().find(|f| f["kind"] == "runs").unwrap();
    assert!(
        runs("crash")["stderr_tail"]
            .as_str()
            .unwrap()
            .contains("IndexError")
    );
    // A hang, a flood, closed input and bad bytes say so.
    let message = |name: &str| runs(name)["message"].as_str().unwrap().to_string();
    assert!(message("hang").contains("hangs"));
    assert!(message("flood").contains("without asking for input"));
    assert!(message("bad-utf8").contains("not UTF-8"));
    // 3 GiB at once: past the run's memory in its cgroup, killed by the
    // kernel, which the message says; without a cgroup, refused by the
    // limit on each process's address space (Python's MemoryError).
    let memory = runs("memory");
    assert!(
        memory["message"]
            .as_str()
            .unwrap()
            .contains("(SIGKILL: killed for memory: its processes together reached the limit of 1 GiB (--memory)")
            || memory["stderr_tail"]
                .as_str()
                .is_some_and(|t| t.contains("MemoryError")),
        "{memory:#}"
    );
    assert!(
        runs("close-stdin")["stderr_tail"]
            .as_str()
            .unwrap()
            .contains("closed file")
    );
    let left = of("children")
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
    assert!(processes_with("299.5").is_empty());
}

#[test]
fn the_json_report_states_the_confinement() {
    let (_, json) = batch();
    let c = &json["confinement"];
    assert_eq!(json["sandbox"], c["tool"]);
    assert!(c["limits"]["memory_bytes"].as_u64().unwrap() > 0);
    assert!(!c["not_confined"].as_array().unwrap().is_empty());
    if bwrap() {
        assert_eq!(c["tool"], "bwrap");
        assert_eq!(c["capabilities"], "none");
        assert_eq!(c["network"], "none");
        assert_eq!(c["pid_namespace"], true);
        assert_eq!(c["limits"]["disk_bytes"], 64 << 20);
    }
    if is_root() {
        assert_eq!(c["separate_user"], true);
        assert_eq!(c["uids"].as_array().unwrap().len(), 4);
        assert_eq!(c["limits"]["processes"], 64);
    }
}

#[test]
fn one_program_human_report() {
    let out = grade_text(&[
        "--games",
        &sample("ejemplo.txt"),
        "--",
        python(),
        &fixture(),
        "--bug",
        "rebels-sideways",
    ]);
    assert_eq!(out.code, 1);
    let text = out.stdout;
    assert!(
        text.contains("check    weight  credit       points  requirement"),
        "{text}"
    );
    assert!(
        text.contains(
            "[moves] ejemplo.txt, move 4 (REBELDES): the listed moves are not the legal moves"
        ),
        "{text}"
    );
    assert!(text.contains("  extra:    "), "{text}");
    assert!(text.contains("(rebel-not-closer)"), "{text}");
    assert!(text.contains("  position (.../"), "{text}");
    assert!(text.contains("\nconfinement: "), "{text}");
    assert!(text.contains("\nnot confined: "), "{text}");
}

#[test]
fn one_correct_program_exits_zero_and_gradescope() {
    let out = grade_text(&[
        "--format",
        "gradescope",
        "--games",
        &sample("ejemplo.txt"),
        "--",
        python(),
        &fixture(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["score"], 100.0);
    // Plain text everywhere (Gradescope would render its default
    // top-level format, `simple_format`, as HTML).
    for key in ["output_format", "test_output_format", "test_name_format"] {
        assert_eq!(json[key], "text", "{key}");
    }
    let tests = json["tests"].as_array().unwrap();
    assert!(
        tests
            .iter()
            .any(|t| t["name"].as_str().unwrap().starts_with("illegal:"))
    );
    assert!(tests.iter().all(|t| t["score"] == t["max_score"]));
}

#[test]
fn weights_are_configurable() {
    let out = grade(
        &[
            "--weights",
            "board=0,save=10",
            "--max-score",
            "10",
            "--games",
            &sample("ejemplo.txt"),
            "--",
            python(),
            &fixture(),
            "--bug",
            "broken-save",
        ],
        &[],
    );
    let json = out.json();
    let sub = &json["submissions"][0];
    assert_eq!(sub["max_score"], 10.0);
    let checks = sub["checks"].as_array().unwrap();
    let kinds: Vec<&str> = checks.iter().map(|c| c["kind"].as_str().unwrap()).collect();
    assert!(!kinds.contains(&"board"));
    // Without board and ai the weights add up to 29: save is worth 10/29.
    let save = checks.iter().find(|c| c["kind"] == "save").unwrap();
    assert_eq!(save["max_points"], 3.45);
    let points: f64 = checks.iter().map(|c| c["points"].as_f64().unwrap()).sum();
    assert!((sub["score"].as_f64().unwrap() - points).abs() < 0.01);
    assert!(save["passed"].as_u64().unwrap() < save["applicable"].as_u64().unwrap());
}

#[test]
fn batch_table_and_csv() {
    let subs = submissions(&["correct", "broken-load"]);
    let run = format!("{} {{entry}}", python());
    let base = [
        "--games",
        &sample("ejemplo.txt"),
        "--run",
        &run,
        "--submissions",
        &subs.path().display().to_string(),
    ];
    let out = grade_text(&base);
    assert_eq!(out.code, 1);
    let table = out.stdout;
    assert!(table.starts_with("submission"), "{table}");
    assert!(table.contains("broken-load"));
    assert!(
        table.contains("2 submissions: 1 full marks, 1 not"),
        "{table}"
    );
    let mut args = base.to_vec();
    args.extend(["--format", "csv"]);
    let csv = grade_text(&args).stdout;
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "submission,score,max_score,runs,turn,moves,illegal,board,end,save,load,quit,first_failure,notes,partly_checked,not_checked"
    );
    assert!(lines.next().unwrap().starts_with("broken-load,"));
    assert!(lines.next().unwrap().starts_with("correct,100,100,"));
}

#[test]
fn usage_errors_exit_2() {
    let refs = refs().display().to_string();
    let out = grade_text(&["--games", &refs]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("nothing to grade"));
    let bad = open_dir("asalto-bad-");
    std::fs::write(bad.path().join("bad.txt"), "Bc-Dd\n").unwrap();
    let out = grade_text(&["--games", &bad.path().display().to_string(), "--", "true"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("not a valid game"));
}

/// `grade` against the toolkit's own `asalto play` scores full marks.
#[test]
fn grading_asalto_play_scores_full_marks() {
    let out = grade_text(&[
        "--ai",
        "--games",
        &refs().display().to_string(),
        "--",
        env!("CARGO_BIN_EXE_asalto"),
        "play",
    ]);
    assert_eq!(out.code, 0, "{}", out.stdout);
}

/// A game during which the program fell asleep (stopped: no CPU time, as
/// a deadlocked interpreter is) is played once more from a fresh start
/// before anything is charged: a program that does so once loses nothing,
/// and the game's notes say it was re-run (JSON, the human details and
/// Gradescope's output); one asleep every time is charged, saying so; a
/// busy hang is charged at once, without a re-run. The marker that lets
/// `stop-once` stop only once lives outside the sandbox, so the programs
/// run unconfined.
#[test]
fn an_asleep_hang_is_played_again_before_it_is_charged() {
    use std::os::unix::fs::PermissionsExt;
    let dir = open_dir("asalto-asleep-");
    let marker = stop_marker(dir.path());
    let subs = dir.path().join("subs");
    std::fs::create_dir(&subs).unwrap();
    std::fs::set_permissions(&subs, std::fs::Permissions::from_mode(0o755)).unwrap();
    let marker_arg = marker.display().to_string();
    for (name, args) in [
        (
            "stop-once",
            vec!["--bug", "stop", "--stop-marker", &marker_arg],
        ),
        ("stop-always", vec!["--bug", "stop"]),
        ("spin", vec!["--bug", "spin"]),
    ] {
        let sub = subs.join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        let args: Vec<String> = args.into_iter().map(str::to_string).collect();
        write_stub(&sub, &args);
    }
    let run = format!("{} {{entry}}", python());
    let subs = subs.display().to_string();
    let ejemplo = sample("ejemplo.txt");
    let args = [
        "--sandbox",
        "none",
        "--move-timeout",
        "1",
        "--jobs",
        "3",
        "--games",
        &ejemplo,
        "--run",
        &run,
        "--submissions",
        &subs,
    ];
    let graded = grade(&args, &[]);
    let json = graded.json();
    assert!(marker.exists(), "the program never stopped itself");
    let notes = |name: &str| -> Vec<String> {
        submission(&json, name)["games"][0]["notes"]
            .as_array()
            .map(|a| a.iter().map(|n| n.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    // Stopped once, played again, then right: full marks, and a note.
    let once = submission(&json, "stop-once");
    assert_eq!(once["score"], 100.0, "{once:#}");
    let n = notes("stop-once");
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(
        n[0].starts_with(
            "re-run: the game ejemplo.txt got no answer within 1 s while the program was asleep with no CPU time"
        ),
        "{n:?}"
    );
    // Asleep both times: charged to runs, saying so; one re-run only.
    let always = submission(&json, "stop-always");
    assert_eq!(notes("stop-always").len(), 1, "{always:#}");
    let runs = failure(always, "runs");
    let message = runs["message"].as_str().unwrap();
    assert!(
        message.starts_with("no request for input (and no output) while we waited for the game screen before move 3, for 1 s: it hangs; by the clock we waited 1 s, in which it had ")
            && message.contains(" and was asleep at the end; asleep with no CPU time both times, and run twice"),
        "{message}"
    );
    // A busy hang: charged the first time, no re-run.
    let spin = submission(&json, "spin");
    assert!(notes("spin").is_empty(), "{spin:#}");
    let runs = failure(spin, "runs");
    let message = runs["message"].as_str().unwrap();
    // How long we waited, and what CPU time it had (a loop: all of it).
    assert!(
        message.contains(": it hangs; by the clock we waited ")
            && message.ends_with(", in which it had 1 s of CPU time"),
        "{message}"
    );
    // The human details and Gradescope's output carry the note too.
    let entry = format!("{subs}/stop-once/asalto.py");
    for format in ["human", "gradescope", "csv"] {
        std::fs::remove_file(&marker).unwrap();
        let one = [
            "--format",
            format,
            "--sandbox",
            "none",
            "--move-timeout",
            "1",
            "--games",
            &ejemplo,
            "--",
            python(),
            &entry,
        ];
        let out = grade_text(&one);
        assert_eq!(out.code, 0, "{format}: {}", out.stdout);
        let (text, note) = match format {
            "human" => (out.stdout, "note: re-run: "),
            // The last column, `game: note`.
            "csv" => (out.stdout, "ejemplo.txt: re-run: "),
            _ => (
                serde_json::from_str::<Value>(&out.stdout).unwrap()["output"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                "note: re-run: ",
            ),
        };
        assert!(
            text.contains(&format!(
                "{note}the game ejemplo.txt got no answer within 1 s"
            )),
            "{format}: {text}"
        );
    }
}

/// Reference files are the instructor's, but they are read with bounds all
/// the same, by each assignment's grader, before any program runs: a FIFO
/// or a device named as one is refused at once (opening a FIFO waited for
/// a writer forever), and a 10 GB (sparse) file after its first bytes (it
/// was read whole: under a 512 MiB address space, an abort).
#[test]
fn reference_files_are_read_with_bounds() {
    let dir = open_dir("asalto-refs-bounded-");
    let fifo = dir.path().join("refs.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let huge = dir.path().join("huge.txt");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(10 << 30)
        .unwrap();
    let (fifo, huge) = (fifo.display().to_string(), huge.display().to_string());
    for (game, option) in [
        ("asalto", "--games"),
        ("go", "--games"),
        ("solitaire", "--puzzles"),
    ] {
        for (file, expected) in [
            (fifo.as_str(), "it is a FIFO, not a regular file"),
            ("/dev/zero", "it is a device, not a regular file"),
            (huge.as_str(), "too large for a reference file"),
        ] {
            let mut cmd = std::process::Command::new("sh");
            cmd.arg("-c")
                .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", 512 * 1024))
                .arg(env!("CARGO_BIN_EXE_asalto"))
                .args(["grade", "--game", game, option, file, "--", "true"])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
            let out = run_watched(cmd, std::time::Duration::from_secs(120));
            assert_eq!(out.code, 2, "{game} {file}: {}", out.stderr);
            assert!(
                out.stderr.contains(expected),
                "{game} {file}: {}",
                out.stderr
            );
        }
    }
}
