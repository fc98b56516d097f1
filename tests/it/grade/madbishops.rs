//! `asalto grade --game madbishops` end to end: the grader's own Prolog
//! fixtures (`tests/fixtures/grade-madbishops/engine-*`), with bugs
//! planted in copies, graded against reference games the engine plays.
//! Needs SWI-Prolog (`swipl`).

use std::path::Path;
use std::process::Command;

use asalto_madbishops::{Notation, Position, Profile, Side};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::support::*;

const FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/grade-madbishops"
);

/// A random legal game under `steere`, red first, as a record; `None`
/// when nobody won within 400 moves.
fn random_game(seed: u64) -> Option<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start(Profile::Steere, Side::Red);
    let mut record = String::new();
    for _ in 0..400 {
        if pos.outcome().is_some() {
            return Some(record);
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        record.push_str(&mv.written(Notation::Algebraic));
        record.push('\n');
        pos = pos.play(mv).ok()?;
    }
    None
}

/// A folder of two finished reference games.
fn refs() -> tempfile::TempDir {
    let dir = open_dir("asalto-mb-refs-");
    let games: Vec<String> = (1..200).filter_map(random_game).take(2).collect();
    assert_eq!(games.len(), 2, "no finished random games");
    for (i, g) in games.iter().enumerate() {
        std::fs::write(dir.path().join(format!("game-{i}.txt")), g).unwrap();
    }
    dir
}

fn swipl() {
    let ok = Command::new("swipl")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "the Mad Bishops grading tests need SWI-Prolog: apt-get install swi-prolog-nox"
    );
}

/// A submissions folder: each entry a name and the files of its folder.
fn subs(entries: &[(&str, Vec<(&str, String)>)]) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = open_dir("asalto-mb-subs-");
    for (name, files) in entries {
        let sub = dir.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        for (file, text) in files {
            std::fs::write(sub.join(file), text).unwrap();
            std::fs::set_permissions(sub.join(file), std::fs::Permissions::from_mode(0o644))
                .unwrap();
        }
    }
    dir
}

fn fixture(name: &str, file: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(name).join(file)).unwrap()
}

/// The correct program with the line marked `marker` replaced.
fn planted(marker: &str, line: &str) -> String {
    let text = fixture("engine-correct", "madbishops.pl");
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if l.contains(marker) {
                line.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert_ne!(out.join("\n"), text.trim_end(), "{marker} not found");
    out.join("\n") + "\n"
}

fn grade_mb(refs: &Path, subs: &Path, extra: &[&str]) -> Value {
    swipl();
    let sandbox = if bwrap() { "bwrap" } else { "none" };
    let mut args = vec![
        "--game",
        "madbishops",
        "--sandbox",
        sandbox,
        "--games",
        refs.to_str().unwrap(),
        "--submissions",
        subs.to_str().unwrap(),
        "--query-timeout",
        "2",
        "--jobs",
        "2",
    ];
    args.extend_from_slice(extra);
    grade(&args, &[]).json()
}

/// A correct program scores full marks, its representation found out; a
/// planted bug in the engage test loses `engage` (and the whole list,
/// `moves`) and nothing else; one that cannot load says why.
#[test]
fn correct_planted_and_unloadable_programs() {
    let refs = refs();
    let correct = fixture("engine-correct", "madbishops.pl");
    let dir = subs(&[
        ("correct", vec![("madbishops.pl", correct.clone())]),
        (
            "quiet-not-engaging",
            vec![("madbishops.pl", planted("BUG-ENGAGE", "        true"))],
        ),
        (
            "syntax",
            vec![("madbishops.pl", format!("{correct}\nbroken(:- .\n"))],
        ),
    ]);
    let json = grade_mb(refs.path(), dir.path(), &[]);
    assert_eq!(json["game"], "madbishops", "{json}");
    assert_eq!(json["rules"], "steere", "{json}");
    let ok = submission(&json, "correct");
    assert_eq!(failed_kinds(ok), Vec::<String>::new(), "{ok:#}");
    assert_eq!(ok["score"], ok["max_score"], "{ok:#}");
    assert_eq!(ok["about"]["players"], "red red, blue blue", "{ok:#}");
    assert_eq!(
        ok["about"]["moves"], "m(A,B,C,D) (row first, 1-based)",
        "{ok:#}"
    );
    let bug = submission(&json, "quiet-not-engaging");
    assert_eq!(failed_kinds(bug), ["engage", "moves"], "{bug:#}");
    let engage = failure(bug, "engage");
    let reasons = engage["extra_reasons"].as_array().unwrap();
    assert!(reasons.iter().all(|r| r == "must-engage"), "{engage:#}");
    let broken = submission(&json, "syntax");
    let loads = failure(broken, "loads");
    assert!(
        loads["message"].as_str().unwrap().contains("syntax error"),
        "{loads:#}"
    );
    assert_ne!(broken["score"], broken["max_score"]);
}

/// A program whose state is wrapped (`board(Board, BlueCount,
/// RedCount)`) fails the interface on plain boards, and gets full marks
/// through the teacher's adapter; the adapter is found in the
/// submission's folder first.
#[test]
fn an_adapter_grades_a_wrapped_board() {
    let refs = refs();
    let program = fixture("engine-wrapped", "madbishops.pl");
    let adapter = fixture("engine-wrapped", "adapter.pl");
    let dir = subs(&[
        ("plain", vec![("madbishops.pl", program.clone())]),
        (
            "own-adapter",
            vec![
                ("madbishops.pl", program.clone()),
                ("adapter.pl", adapter.clone()),
            ],
        ),
    ]);
    let without = grade_mb(refs.path(), dir.path(), &[]);
    let plain = submission(&without, "plain");
    assert!(
        failed_kinds(plain).contains(&"moves".to_string()),
        "{plain:#}"
    );
    // The given adapter for `plain`, the folder's own for `own-adapter`.
    let given = Path::new(FIXTURES)
        .join("engine-wrapped")
        .join("adapter.pl");
    let with = grade_mb(
        refs.path(),
        dir.path(),
        &["--adapter", given.to_str().unwrap()],
    );
    for name in ["plain", "own-adapter"] {
        let sub = submission(&with, name);
        assert_eq!(failed_kinds(sub), Vec::<String>::new(), "{name}: {sub:#}");
    }
}

/// `--rules report` judges by the report's rules: the `steere` program
/// lists only engaging slides, so it loses `engage` (and the whole list,
/// `moves`), nothing else. `--predicate` grades a renamed predicate.
#[test]
fn the_profile_and_renamed_predicates() {
    let refs = refs();
    let correct = fixture("engine-correct", "madbishops.pl");
    let renamed = correct.replace("valid_moves(", "movimentos(");
    let dir = subs(&[
        ("correct", vec![("madbishops.pl", correct)]),
        ("renamed", vec![("madbishops.pl", renamed)]),
    ]);
    let report = grade_mb(refs.path(), dir.path(), &["--rules", "report"]);
    assert_eq!(report["rules"], "report");
    let sub = submission(&report, "correct");
    assert_eq!(failed_kinds(sub), ["engage", "moves"], "{sub:#}");
    let steere = grade_mb(
        refs.path(),
        dir.path(),
        &["--predicate", "valid_moves=movimentos"],
    );
    for name in ["correct", "renamed"] {
        let sub = submission(&steere, name);
        assert_eq!(failed_kinds(sub), Vec::<String>::new(), "{name}: {sub:#}");
    }
}

/// A copy of fixture folders `names` as a submissions folder (each one's
/// files, as a teacher receives them).
fn fixture_subs(names: &[&str]) -> tempfile::TempDir {
    let entries: Vec<(&str, Vec<(&str, String)>)> = names
        .iter()
        .map(|name| {
            let mut files = vec![("madbishops.pl", fixture(name, "madbishops.pl"))];
            if Path::new(FIXTURES).join(name).join("adapter.pl").is_file() {
                files.push(("adapter.pl", fixture(name, "adapter.pl")));
            }
            (*name, files)
        })
        .collect();
    subs(&entries)
}

/// The class of student-like programs in `tests/fixtures/grade-madbishops`
/// (their README says what each does and which positions reveal it),
/// graded on its reference games as one batch: the correct ones, the
/// SICStus-style one (its shims named) and the one listing captures twice
/// (a note) get full marks; each planted bug loses the checks of the rule
/// it breaks and no other; the one that does not load says where.
#[test]
fn the_fixture_class_is_graded_as_its_readme_says() {
    let refs = Path::new(FIXTURES).join("refs");
    let dir = fixture_subs(&[
        "correct-numbers",
        "correct-atoms",
        "sicstus-style",
        "duplicate-moves",
        "captures-own",
        "engage-jumps",
        "engaged-quiet",
        "engage-before-leaving",
        "drifting-counters",
        "syntax-error",
    ]);
    let json = grade_mb(&refs, dir.path(), &[]);
    let expected: [(&str, &[&str]); 10] = [
        ("correct-numbers", &[]),
        // Atoms x e r b, found out from its start board: no adapter.
        ("correct-atoms", &[]),
        ("sicstus-style", &[]),
        ("duplicate-moves", &[]),
        ("captures-own", &["captures", "moves"]),
        ("engage-jumps", &["engage", "moves"]),
        ("engaged-quiet", &["engage", "moves"]),
        // `board` only partly checked: move/3 refuses the quiet moves, so
        // no board is seen for them (not a failure, no full credit).
        (
            "engage-before-leaving",
            &["apply", "board", "engage", "moves"],
        ),
        ("drifting-counters", &["game-over"]),
        // Nothing is asked of a program that does not load (as for Go):
        // the other checks are "not checked", not failed.
        (
            "syntax-error",
            &[
                "apply",
                "board",
                "captures",
                "display",
                "engage",
                "game-over",
                "loads",
                "moves",
            ],
        ),
    ];
    for (name, kinds) in expected {
        let sub = submission(&json, name);
        assert_eq!(failed_kinds(sub), kinds, "{name}: {sub:#}");
        if kinds.is_empty() {
            assert_eq!(sub["score"], sub["max_score"], "{name}: {sub:#}");
        }
    }
    let leaving = submission(&json, "engage-before-leaving");
    let board = leaving["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "board")
        .unwrap();
    assert_eq!(board["partial"], board["applicable"], "{board:#}");
    assert!(
        failures(leaving).iter().all(|f| f["kind"] != "board"),
        "{leaving:#}"
    );
    let numbers = submission(&json, "correct-numbers");
    assert_eq!(numbers["about"]["board"], "numbers", "{numbers:#}");
    let atoms = submission(&json, "correct-atoms");
    assert_eq!(
        atoms["about"]["board"], "atoms x light, e empty, r red, b blue (from board_start/1)",
        "{atoms:#}"
    );
    assert_eq!(atoms["about"]["players"], "red red, blue blue", "{atoms:#}");
    assert_eq!(
        atoms["about"]["moves"], "move(point(A,B),point(C,D)) (row first, 1-based)",
        "{atoms:#}"
    );
    let sicstus = submission(&json, "sicstus-style").to_string();
    assert!(sicstus.contains("between"), "{sicstus}");
    let dup = submission(&json, "duplicate-moves").to_string();
    assert!(dup.contains("twice"), "{dup}");
    let own = failure(submission(&json, "captures-own"), "captures");
    assert!(own.to_string().contains("own-piece"), "{own:#}");
    let broken = submission(&json, "syntax-error");
    assert!(
        failures(broken).iter().all(|f| f["kind"] == "loads"),
        "{broken:#}"
    );
    let syntax = failure(broken, "loads");
    assert!(syntax.to_string().contains("102"), "{syntax:#}");

    // The report's rules, and a program graded through its own adapter.
    let report = grade_mb(
        &Path::new(FIXTURES).join("refs-report"),
        fixture_subs(&["correct-report"]).path(),
        &["--rules", "report"],
    );
    let sub = submission(&report, "correct-report");
    assert_eq!(failed_kinds(sub), Vec::<String>::new(), "{sub:#}");
    let adapter = Path::new(FIXTURES).join("needs-adapter/adapter.pl");
    let adapted = grade_mb(
        &refs,
        fixture_subs(&["needs-adapter"]).path(),
        &["--adapter", adapter.to_str().unwrap()],
    );
    let sub = submission(&adapted, "needs-adapter");
    assert_eq!(failed_kinds(sub), Vec::<String>::new(), "{sub:#}");
}

/// The board's cells are found out whatever they are: `correct-atoms`
/// rewritten with strings (`"light"`, `"empty"`, `"red"`, `"blue"`) gets
/// full marks with no adapter, and the report says which string is which.
#[test]
fn string_cells_are_found_out() {
    let mut text = fixture("correct-atoms", "madbishops.pl");
    for (atom, string) in [
        ("start_cell(R, C, x)", r#"start_cell(R, C, "light")"#),
        ("start_cell(R, _, r)", r#"start_cell(R, _, "red")"#),
        ("start_cell(_, _, b).", r#"start_cell(_, _, "blue")."#),
        ("piece(red, r).", r#"piece(red, "red")."#),
        ("piece(blue, b).", r#"piece(blue, "blue")."#),
        ("Cell == e", r#"Cell == "empty""#),
        ("put(Board, P, e, B1)", r#"put(Board, P, "empty", B1)"#),
        (
            "put(Board, From, e, B1)",
            r#"put(Board, From, "empty", B1)"#,
        ),
        (
            "pieces_left(Board, r, 0)",
            r#"pieces_left(Board, "red", 0)"#,
        ),
        (
            "pieces_left(Board, b, 0)",
            r#"pieces_left(Board, "blue", 0)"#,
        ),
        ("char(x, '.')", r#"char("light", '.')"#),
        ("char(e, ' ')", r#"char("empty", ' ')"#),
        ("char(r, 'R')", r#"char("red", 'R')"#),
        ("char(b, 'B')", r#"char("blue", 'B')"#),
    ] {
        assert!(text.contains(atom), "{atom} not in correct-atoms");
        text = text.replace(atom, string);
    }
    let dir = subs(&[("strings", vec![("madbishops.pl", text)])]);
    let json = grade_mb(&Path::new(FIXTURES).join("refs"), dir.path(), &[]);
    let sub = submission(&json, "strings");
    assert_eq!(failed_kinds(sub), Vec::<String>::new(), "{sub:#}");
    let board = sub["about"]["board"].as_str().unwrap();
    assert!(
        board.starts_with(r#"strings "light" light, "empty" empty, "red" red, "blue" blue"#),
        "{board}"
    );
}
