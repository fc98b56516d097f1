//! The right cause for every failure: each wrong cause once reported on a
//! real student program is a fixture variant here, and its report must
//! name what really went wrong.

use std::os::unix::fs::PermissionsExt;

use super::batch;
use super::support::*;

/// Wrong cause 1: A legal move refused with a re-prompt that does not say "jugada": a
/// `moves` failure at that move, with the position; no end announced, no
/// crash, nothing typed into the re-prompt but FIN.
#[test]
fn a_refused_legal_move_is_a_moves_failure() {
    let (_, json) = batch();
    let sub = submission(json, "reprompt-refuse");
    // Only `moves` failed; what the stop kept from being made is not
    // checked (or, for the screens, checked up to move 3).
    assert_eq!(failed_in_a_game(sub), ["moves"], "{sub:#}");
    let all = failures(sub);
    let f = all
        .iter()
        .find(|f| f["kind"] == "moves" && f["game"] == "ejemplo.txt")
        .unwrap();
    assert_eq!(
        f["message"],
        "refused the legal move Cc-Ce (typed as Cc-Ce) at move 3"
    );
    assert!(f["position"].is_string() && f["board"].is_string());
    assert!(
        f["output_tail"]
            .as_str()
            .unwrap()
            .contains("Introduce una nueva posicion:")
    );
    // The end was not announced: it was not reached, and says why.
    assert!(statuses(sub, "end").iter().all(|s| s == "not_checked"));
    for g in sub["games"].as_array().unwrap() {
        if g["game"] == "ai" {
            continue;
        }
        assert!(
            g["stopped"]
                .as_str()
                .unwrap()
                .starts_with("the game stopped at move 3"),
            "{g:#}"
        );
    }
    // Back at the menu with FIN, the two moves played were saved and the
    // program quit cleanly.
    assert!(statuses(sub, "save").iter().all(|s| s == "pass"));
    assert!(statuses(sub, "quit").iter().all(|s| s == "pass"));
    assert!(statuses(sub, "runs").iter().all(|s| s == "pass"));
}

/// Wrong cause 2: "LOS REBELDES HAN GANADO" and a clean exit: the last screen is read
/// and judged; only what could not be reached after the exit fails.
#[test]
fn the_output_of_a_program_that_exited_is_judged() {
    let (_, json) = batch();
    let sub = submission(json, "exit-after-end");
    for kind in ["runs", "turn", "moves", "board", "end", "illegal"] {
        assert!(
            statuses(sub, kind).iter().all(|s| s == "pass"),
            "{kind}: {sub:#}"
        );
    }
    // What comes after the exit (save, quit) is not checked, and says
    // why; nothing failed.
    assert!(failures(sub).is_empty(), "{sub:#}");
    let finished = sub["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "apendice-a.txt")
        .unwrap();
    assert_eq!(finished["checks"]["save"], "not_checked");
    assert!(
        finished["stopped"]
            .as_str()
            .unwrap()
            .contains("exited (status 0) after announcing the end"),
        "{finished:#}"
    );
}

/// Wrong cause 3: One policy: credit follows what was verified. The crash
/// is charged to `runs` only, and the screens seen right before it earn
/// their part of the game (3 screens of each), not whole games (they did,
/// when a check passed that was "made at least once and never failed").
#[test]
fn a_crash_earns_the_screens_it_showed_and_no_more() {
    let (_, json) = batch();
    let credit_of = |sub: &serde_json::Value, kind: &str, made: u64| {
        for g in sub["games"].as_array().unwrap() {
            if g["game"] == "ai" {
                continue;
            }
            assert_eq!(g["checks"][kind], "partial", "{kind}: {g:#}");
            assert_eq!(g["credit"][kind]["made"], made, "{kind}: {g:#}");
            let planned = g["credit"][kind]["planned"].as_u64().unwrap();
            let credit = g["credit"][kind]["credit"].as_f64().unwrap();
            assert!(
                (credit - made as f64 / planned as f64).abs() < 0.001,
                "{g:#}"
            );
        }
    };
    let sub = submission(json, "crash");
    for kind in ["turn", "moves", "board"] {
        credit_of(sub, kind, 3);
    }
    assert!(statuses(sub, "runs").iter().all(|s| s == "fail"));
    // (The `--ai` game crashes too, charged to `ai`.)
    assert_eq!(failed_in_a_game(sub), ["ai", "runs"], "{sub:#}");
    // A refused move the same way: the screens up to it.
    let refused = submission(json, "reprompt-refuse");
    credit_of(refused, "turn", 3);
    credit_of(refused, "board", 3);
}

/// Wrong cause 4: The officers' win announced with 9 rebels left: an `end` failure
/// that says so, also when the program then exits.
#[test]
fn an_early_end_is_an_end_failure_that_says_so() {
    let (_, json) = batch();
    for name in ["end-threshold", "end-threshold+exit-after-end"] {
        let sub = submission(json, name);
        let all = failures(sub);
        let f = all
            .iter()
            .find(|f| f["kind"] == "end" && f["game"] == "end-fewer-than-nine-rebels.txt")
            .unwrap();
        assert_eq!(
            f["message"],
            "announced the officers' win after move 19 with 9 rebels (0 in the castle); the game goes on",
            "{name}"
        );
        assert_eq!(f["ply"], 20);
        assert!(!failed_kinds(sub).contains(&"runs".to_string()), "{name}");
    }
    // The table names it first.
    let subs = submissions(&["correct", "end-threshold+exit-after-end"]);
    let run = format!("{} {{entry}}", python());
    let table = grade_text(&[
        "--games",
        &sample("end-fewer-than-nine-rebels.txt"),
        "--submissions",
        &subs.path().display().to_string(),
        "--run",
        &run,
    ])
    .stdout;
    let row = table
        .lines()
        .find(|l| l.starts_with("end-threshold"))
        .unwrap();
    assert!(
        row.contains("[end] end-fewer-than-nine-rebels.txt, move 20 (REBELDES): announced the officers' win after move 19"),
        "{table}"
    );
    // The game that ends with exactly 8 rebels catches the same mistake.
    let sub = submission(json, "end-threshold");
    assert!(
        failures(sub)
            .iter()
            .any(|f| f["kind"] == "end" && f["game"] == "end-nine-then-eight-rebels.txt")
    );
}

/// Wrong cause 5: Illegal moves typed on purpose: one per game, the kinds spread over
/// the reference games, and a program that accepts one fails `illegal`
/// with the reason code.
#[test]
fn illegal_moves_are_typed_and_named() {
    let (_, json) = batch();
    let correct = submission(json, "correct");
    let mut kinds: Vec<String> = correct["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["illegal_move"]["reason"].as_str().map(str::to_string))
        .collect();
    assert_eq!(kinds.len(), 8, "one per reference game");
    assert_eq!(kinds[0], "capture-required");
    kinds.sort();
    kinds.dedup();
    assert_eq!(kinds.len(), 8, "each kind once: {kinds:?}");
    let sub = submission(json, "accept-illegal-step");
    let f = failure(sub, "illegal");
    assert_eq!(f["reason"], "capture-required");
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .starts_with("accepted the illegal move"),
        "{f:#}"
    );
    assert!(f["message"].as_str().unwrap().contains("capture-required"));
}

/// Wrong cause 7: A typo in `--run` stops everything before anyone is graded.
#[test]
fn a_command_that_cannot_start_is_a_usage_error() {
    let subs = submissions(&["correct"]);
    let out = grade_text(&[
        "--games",
        &sample("ejemplo.txt"),
        "--submissions",
        &subs.path().display().to_string(),
        "--run",
        "pyhton3 {entry}",
    ]);
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains("`pyhton3` is not a command here"),
        "{}",
        out.stderr
    );
    // One program named directly: the same.
    let out = grade_text(&["--games", &sample("ejemplo.txt"), "--", "pyhton3", "x.py"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("not found in PATH"), "{}", out.stderr);
}

/// Wrong cause 7: An entry file whose name differs only in case is named in the table
/// and the CSV.
#[test]
fn an_entry_file_in_another_case_is_named() {
    let subs = submissions(&[]);
    let sub = subs.path().join("ines");
    std::fs::create_dir(&sub).unwrap();
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(sub.join("Asalto.py"), "print('hola')\n").unwrap();
    let run = format!("{} {{entry}}", python());
    let base = [
        "--games",
        &sample("ejemplo.txt"),
        "--submissions",
        &subs.path().display().to_string(),
        "--run",
        &run,
    ];
    let table = grade_text(&base).stdout;
    assert!(table.contains("found Asalto.py"), "{table}");
    let mut csv = base.to_vec();
    csv.extend(["--format", "csv"]);
    let csv = grade_text(&csv).stdout;
    assert!(csv.contains("found Asalto.py"), "{csv}");
}
