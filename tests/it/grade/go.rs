//! `asalto grade --game go` end to end: the Prolog fixtures of
//! `tests/fixtures/grade-go` (correct ones, one planted bug each, hostile
//! ones) graded against reference games, as root with bubblewrap as CI
//! runs. Needs SWI-Prolog (`swipl`; `.ci/run` installs it): without it these
//! tests fail and say so.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use asalto_go::{Move, Position, Profile, Side, Size};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::support::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/grade-go");

/// A random legal game on 19x19 under `seed-2019`, as SGF: each colour
/// plays a random legal move that does not fill one of its own eyes, and
/// passes when there is none. Long random games on the big board capture
/// often, leave suicide points, and sometimes fight a ko: the situations
/// the plan needs.
pub fn random_game(seed: u64, moves: usize) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::new(Size::NINETEEN, Profile::Seed2019);
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]KM[0]RU[seed-2019]");
    for _ in 0..moves {
        let side = pos.to_move();
        let legal: Vec<Move> = pos
            .legal_moves(side)
            .into_iter()
            .filter(|m| m.point().is_some_and(|p| !pos.board().is_eye_of(side, p)))
            .collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        pos.play(mv).expect("a legal move");
        let letter = if side == Side::Black { 'B' } else { 'W' };
        let at = mv
            .point()
            .map(|p| String::from_utf8_lossy(&p.sgf()).into_owned())
            .unwrap_or_default();
        sgf.push_str(&format!(";{letter}[{at}]"));
    }
    sgf.push_str(")\n");
    sgf
}

/// The reference games (committed, so that the README's example can use
/// them too).
pub fn go_refs() -> PathBuf {
    Path::new(FIXTURES).join("refs")
}

/// The committed reference games are the generator's: seeds 1 and 2,
/// 300 and 200 moves.
#[test]
fn the_reference_games_are_the_generators() {
    for (name, seed, moves) in [("random-1.sgf", 1, 300), ("random-2.sgf", 2, 200)] {
        let path = go_refs().join(name);
        let want = random_game(seed, moves);
        if std::env::var_os("ASALTO_WRITE_GO_REFS").is_some() {
            std::fs::create_dir_all(go_refs()).unwrap();
            std::fs::write(&path, &want).unwrap();
        }
        let got = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(got, want, "{name}: regenerate with ASALTO_WRITE_GO_REFS=1");
    }
}

/// SWI-Prolog, or a clear failure.
fn swipl() {
    static FOUND: OnceLock<()> = OnceLock::new();
    FOUND.get_or_init(|| {
        let ok = Command::new("swipl")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            ok,
            "the Go grading tests need SWI-Prolog: apt-get install swi-prolog-nox (.ci/run installs it)"
        );
    });
}

/// A submissions folder with a copy of each fixture (`hostile/x` becomes
/// `hostile-x`), readable by every user.
fn go_submissions(names: &[&str]) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = open_dir("asalto-go-subs-");
    for name in names {
        let sub = dir.path().join(name.replace('/', "-"));
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        let from = Path::new(FIXTURES).join(name).join("proylcc.pl");
        std::fs::copy(&from, sub.join("proylcc.pl")).unwrap();
        std::fs::set_permissions(
            sub.join("proylcc.pl"),
            std::fs::Permissions::from_mode(0o644),
        )
        .unwrap();
    }
    dir
}

/// The fixtures with one planted bug, and the check that must catch it.
const BUGS: &[(&str, &str)] = &[
    ("no-suicide-check", "suicide"),
    ("captures-one-group", "captures"),
    ("suicide-before-capture", "captures"),
    ("dame-for-black", "score"),
    ("stones-only-score", "score"),
    ("occupied-allowed", "occupied"),
    ("loops-on-capture", "captures"),
    ("throws-on-capture", "captures"),
    ("malformed-board", "board"),
    ("syntax-error", "loads"),
];

/// Correct programs, written in different styles.
const CORRECT: &[&str] = &[
    "correct-strings",
    "correct-atoms",
    "atoms-no-emptyboard",
    "prints-while-thinking",
];

/// Programs that attack the driver, and the check each must fail.
const HOSTILE: &[(&str, &str)] = &[
    ("hostile/directive-loops", "loads"),
    ("hostile/aborts", "moves"),
    ("hostile/swallows-timeout", "moves"),
    ("hostile/io", "moves"),
    ("hostile/odd-text", "board"),
    ("hostile/deep-recursion", "score"),
    ("hostile/never-answers", "moves"),
];

/// The batch, graded once (JSON), as CI runs it.
fn batch() -> &'static (i32, Value) {
    static BATCH: OnceLock<(i32, Value)> = OnceLock::new();
    BATCH.get_or_init(|| {
        swipl();
        let names: Vec<&str> = CORRECT
            .iter()
            .copied()
            .chain(BUGS.iter().map(|b| b.0))
            .chain(HOSTILE.iter().map(|h| h.0))
            .collect();
        let subs = go_submissions(&names);
        let sandbox = if bwrap() { "bwrap" } else { "none" };
        let graded = grade(
            &[
                "--game",
                "go",
                "--sandbox",
                sandbox,
                "--games",
                &go_refs().display().to_string(),
                "--submissions",
                &subs.path().display().to_string(),
                "--query-timeout",
                "2",
                "--inferences",
                "5000000",
                "--jobs",
                "2",
            ],
            &[],
        );
        (graded.code, graded.json())
    })
}

fn failures(sub: &Value) -> Vec<&Value> {
    sub["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["failures"].as_array().unwrap())
        .collect()
}

/// The checks failed with a cause of their own (not "not checked").
fn caused(sub: &Value) -> Vec<String> {
    let mut kinds: Vec<String> = failures(sub)
        .into_iter()
        .filter(|f| !f["message"].as_str().unwrap().starts_with("not checked"))
        .map(|f| f["kind"].as_str().unwrap().to_string())
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

#[test]
fn the_run_names_its_game_and_rules() {
    let (code, json) = batch();
    assert_eq!(*code, 1, "some submissions fail");
    assert_eq!(json["game"], "go");
    assert_eq!(json["rules"], "seed-2019");
    assert_eq!(json["games"].as_array().unwrap().len(), 2);
}

#[test]
fn correct_programs_get_full_marks() {
    let (_, json) = batch();
    for name in CORRECT {
        let sub = submission(json, name);
        assert_eq!(sub["score"], 100.0, "{name}: {sub:#}");
        assert_eq!(sub["full_marks"], true);
    }
    assert_eq!(
        submission(json, "correct-strings")["about"]["cells"],
        "strings"
    );
    assert_eq!(submission(json, "correct-atoms")["about"]["cells"], "atoms");
    assert_eq!(
        submission(json, "atoms-no-emptyboard")["about"]["cells"],
        "atoms"
    );
}

#[test]
fn each_planted_bug_fails_exactly_its_check() {
    let (_, json) = batch();
    for (name, kind) in BUGS {
        let sub = submission(json, name);
        assert_eq!(caused(sub), [*kind], "{name}: {sub:#}");
        assert!(sub["score"].as_f64().unwrap() < 100.0, "{name}");
    }
}

#[test]
fn hostile_programs_become_failed_checks() {
    let (_, json) = batch();
    for (name, kind) in HOSTILE {
        let sub = submission(json, &name.replace('/', "-"));
        assert!(caused(sub).contains(&kind.to_string()), "{name}: {sub:#}");
    }
}
