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

/// The reference games (committed, so that docs/grade.md's example can use
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

/// `--game go --games REFS --query-timeout 2`: the options every small
/// grading run of these tests starts with.
fn go_args(refs: &Path) -> [&str; 6] {
    [
        "--game",
        "go",
        "--games",
        refs.to_str().unwrap(),
        "--query-timeout",
        "2",
    ]
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
    ("renamed-score", "score"),
];

/// Correct programs, written in different styles.
const CORRECT: &[&str] = &[
    "correct-strings",
    "correct-atoms",
    "atoms-no-emptyboard",
    "prints-while-thinking",
    "remembers-moves",
];

/// Programs that use the driver's own names (its module, predicates and
/// global variables): right otherwise, so they must get full marks.
const HARMLESS: &[&str] = &["hostile/driver-names"];

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
            .chain(HARMLESS.iter().copied())
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

/// The messages of the failures of `kind` of a submission, which the test
/// expects (at least one).
fn messages<'a>(sub: &'a Value, kind: &str) -> Vec<&'a str> {
    let found: Vec<&str> = failures(sub)
        .into_iter()
        .filter(|f| f["kind"] == kind)
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert!(!found.is_empty(), "{sub:#}");
    found
}

/// Whether a game of a submission left checks unchecked for a cause that
/// says `what`.
fn stopped_says(sub: &Value, what: &str) -> bool {
    sub["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["stopped"].as_str().is_some_and(|s| s.contains(what)))
}

/// The checks failed with a cause of their own (a check left unchecked is
/// not a failure).
fn caused(sub: &Value) -> Vec<String> {
    let mut kinds: Vec<String> = failures(sub)
        .into_iter()
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

/// Credit follows what was verified in Go too: a program whose capture
/// queries give no board (an exception, a loop stopped by the limit, a
/// refusal) fails `captures`, and its representation (`board`) is seen on
/// the other boards only: `partial`, made on those, the cause said. (Under
/// the old rule, "made at least once and never failed", `board` passed
/// whole: loops-on-capture and throws-on-capture scored 76.91, now 73.59;
/// suicide-before-capture 76.91, now 75.39.) A correct program's `board`
/// is made on every query whose answer is a board, and passes.
#[test]
fn board_credit_follows_the_boards_given_back() {
    let (_, json) = batch();
    for name in [
        "throws-on-capture",
        "loops-on-capture",
        "suicide-before-capture",
    ] {
        let sub = submission(json, name);
        for g in sub["games"].as_array().unwrap() {
            assert_eq!(g["checks"]["board"], "partial", "{name}: {g:#}");
            let board = &g["credit"]["board"];
            let (made, planned) = (
                board["made"].as_u64().unwrap(),
                board["planned"].as_u64().unwrap(),
            );
            assert!(0 < made && made < planned, "{name}: {board}");
            assert!(
                g["stopped"]
                    .as_str()
                    .unwrap()
                    .contains("queries whose right answer is a board gave none"),
                "{name}: {g:#}"
            );
        }
        assert!(
            sub["score"].as_f64().unwrap() < 76.0,
            "{name}: {}",
            sub["score"]
        );
    }
    for g in submission(json, "correct-strings")["games"]
        .as_array()
        .unwrap()
    {
        assert_eq!(g["checks"]["board"], "pass");
        assert_eq!(
            g["credit"]["board"]["made"],
            g["credit"]["board"]["planned"]
        );
    }
}

/// A query stopped by a limit says what the program had used: the time on
/// the clock, its CPU time and its inferences (real programs that search
/// regions exponentially are slow, and a teacher must tell that from a
/// busy machine).
#[test]
fn a_stopped_query_says_what_it_used() {
    let (_, json) = batch();
    let sub = submission(json, "loops-on-capture");
    for m in messages(sub, "captures") {
        assert!(
            m.contains("ran past the inference limit: stopped after ")
                && m.contains(" s of CPU), ")
                && m.contains(" inferences (an endless loop, or a search"),
            "{m}"
        );
    }
}

/// Real submissions name the score otherwise (`terminarJuego/3`,
/// `contarPuntaje/3`, white first...): the score check fails, and says
/// which predicates the file defines instead, the exported one first.
#[test]
fn a_renamed_predicate_is_missing_and_named() {
    let (_, json) = batch();
    let sub = submission(json, "renamed-score");
    for m in messages(sub, "score") {
        assert!(
            m.contains("finDelJuego/3 is not defined (the file defines puntajeFinal/3, "),
            "{m}"
        );
    }
    assert_eq!(sub["about"]["predicates"], "emptyBoard/1,goMove/4");
}

/// A program that is a module named as the driver's, defines predicates
/// of the driver's names, calls `asalto_go_driver:emit/1` and overwrites
/// global variables of the names the driver once used (`go_out`,
/// `go_fired`, `go_cells`, ...) in every query: the driver's names are
/// its own (a random module name per run), so the program is graded as
/// the right program it is. Before, it could not even be loaded.
#[test]
fn the_drivers_names_neither_break_nor_fool_it() {
    let (_, json) = batch();
    let sub = submission(json, "hostile-driver-names");
    assert_eq!(sub["score"], 100.0, "{sub:#}");
    assert_eq!(sub["about"]["cells"], "strings", "{sub:#}");
    assert_eq!(sub["about"]["driver_starts"], "1", "{sub:#}");
}

/// `--predicate`: a score written under another name with the white score
/// first (`puntajeFinal(Board, Blancas, Negras)`) gets full marks when the
/// teacher names it with its argument order, while a program in the same
/// batch that uses the assignment's name is graded under that name; the
/// report says which predicate was graded (JSON `about.graded_as`, CSV
/// notes, Gradescope's text), and failures name it. Without the order the
/// scores come swapped and the score check fails; without the option it
/// fails as not defined (`a_renamed_predicate_is_missing_and_named`).
#[test]
fn a_predicate_is_graded_under_the_name_the_teacher_gives() {
    swipl();
    let subs = go_submissions(&["correct-strings", "renamed-score"]);
    let refs = go_refs().join("random-2.sgf");
    let common = go_args(&refs);
    let mut args = common.to_vec();
    args.extend([
        "--submissions",
        subs.path().to_str().unwrap(),
        "--predicate",
        "finDelJuego=puntajeFinal(1,3,2)",
    ]);
    let run = grade(&args, &[]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let json = run.json();
    let renamed = submission(&json, "renamed-score");
    assert_eq!(renamed["score"], 100.0, "{renamed:#}");
    assert_eq!(
        renamed["about"]["graded_as"], "finDelJuego=puntajeFinal(1,3,2)",
        "{renamed:#}"
    );
    assert_eq!(
        renamed["about"]["predicates"], "emptyBoard/1,goMove/4,puntajeFinal/3",
        "{renamed:#}"
    );
    let own = submission(&json, "correct-strings");
    assert_eq!(own["score"], 100.0, "{own:#}");
    assert!(own["about"].get("graded_as").is_none(), "{own:#}");
    // Gradescope's text says it too.
    let file = subs.path().join("renamed-score/proylcc.pl");
    let mut args = vec!["--format", "gradescope"];
    args.extend(common);
    args.extend([
        "--predicate",
        "finDelJuego=puntajeFinal(1,3,2)",
        "--",
        file.to_str().unwrap(),
    ]);
    let run = run_grade(&args, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    let output = doc["output"].as_str().unwrap();
    assert!(
        output.contains("\ngraded_as: finDelJuego=puntajeFinal(1,3,2)"),
        "{output}"
    );
    // In the assignment's order the scores come swapped: the score check
    // fails, naming the predicate graded; the CSV notes say which.
    let mut args = vec!["--format", "csv"];
    args.extend(common);
    args.extend([
        "--predicate",
        "finDelJuego=puntajeFinal",
        "--",
        file.to_str().unwrap(),
    ]);
    let run = run_grade(&args, &[]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let row = run.stdout.lines().nth(1).unwrap_or_default();
    assert!(
        row.contains("[score]")
            && row.contains("puntajeFinal/3 (as finDelJuego/3) ")
            && row.contains("wrong score"),
        "{row}"
    );
    assert!(row.contains("graded_as=finDelJuego=puntajeFinal;"), "{row}");
}

/// A `--predicate` that cannot be graded is a usage error (exit 2) that
/// says why, before anything runs.
#[test]
fn a_wrong_predicate_option_is_a_usage_error() {
    let refs = go_refs().join("random-2.sgf");
    for (spec, why) in [
        (
            "finDelJuegos=terminarJuego",
            "`finDelJuegos` is not a predicate of the assignment",
        ),
        (
            "finDelJuego=terminarJuego/4",
            "the arity must match: finDelJuego takes 3 arguments, not 4",
        ),
        (
            "finDelJuego=puntajeFinal(1,3)",
            "(1,3) must list each of 1..3 once",
        ),
        (
            "finDelJuego=Terminar",
            "`Terminar` is not a plain Prolog name",
        ),
    ] {
        let run = run_grade(
            &[
                "--game",
                "go",
                "--games",
                refs.to_str().unwrap(),
                "--predicate",
                spec,
                "--",
                "proylcc.pl",
            ],
            &[],
        );
        assert_eq!(run.code, 2, "{spec}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("--predicate {spec}: {why}")),
            "{spec}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{spec}");
    }
    let run = run_grade(
        &[
            "--predicate",
            "finDelJuego=x",
            "--games",
            refs.to_str().unwrap(),
            "--",
            "true",
        ],
        &[],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--predicate is for Go and Mad Bishops (add --game go or --game madbishops)"),
        "{}",
        run.stderr
    );
}

#[test]
fn hostile_programs_become_failed_checks() {
    let (_, json) = batch();
    for (name, kind) in HOSTILE {
        let sub = submission(json, &name.replace('/', "-"));
        assert!(caused(sub).contains(&kind.to_string()), "{name}: {sub:#}");
    }
    let message = |name: &str, kind: &str| -> String {
        let sub = submission(json, name);
        failures(sub)
            .into_iter()
            .find(|f| f["kind"] == kind)
            .map(|f| f["message"].as_str().unwrap().to_string())
            .unwrap_or_else(|| panic!("{name}: no {kind} failure: {sub:#}"))
    };
    assert!(
        message("hostile-directive-loops", "loads").contains("ran past the limit"),
        "{}",
        message("hostile-directive-loops", "loads")
    );
    // Our own limit: killed, started again for the next query, and after
    // three kills the rest is not asked.
    let never = submission(json, "hostile-never-answers");
    // The message says how long it was waited for and what CPU time it
    // had (busy: the wait may have been stretched on a loaded machine).
    let never_message = message("hostile-never-answers", "moves");
    assert!(
        never_message.contains("no answer within ")
            && never_message.contains(" s of CPU time: SWI-Prolog was killed and started again"),
        "{never_message}"
    );
    assert_eq!(never["about"]["driver_starts"], "3", "{never:#}");
    // What was not asked is not checked, and says why.
    assert!(stopped_says(never, "killed 3 times"), "{never:#}");
    assert!(message("hostile-swallows-timeout", "moves").contains("inference limit"));
    let aborts = submission(json, "hostile-aborts");
    assert!(
        failures(aborts)
            .iter()
            .any(|f| f["message"].as_str().unwrap().contains("abort")),
        "{aborts:#}"
    );
    // Odd text is quoted escaped: one line, no control characters.
    let odd = message("hostile-odd-text", "moves");
    assert!(!odd.chars().any(char::is_control), "{odd:?}");
    // A syntax error is named as such.
    assert!(message("syntax-error", "loads").contains("syntax error"));
}

/// A program that reads each of `files` and says, in the exception that
/// `emptyBoard/1` raises, what came of each (`name-ok` or `name-` and the
/// error's name): its report is the failure of `board`.
fn peeking_program(files: &[(&str, &str)]) -> String {
    let reads: Vec<String> = files
        .iter()
        .map(|(name, path)| format!("{name}-{path:?}"))
        .collect();
    format!(
        ":- module(proylcc, [emptyBoard/1, goMove/4, finDelJuego/3]).\n\
         peek(F, R) :- catch((read_file_to_string(F, _, []) -> R = ok ; R = failed), E,\n\
         \t((E = error(Err, _), compound(Err) -> functor(Err, R, _) ; R = E))).\n\
         emptyBoard(_) :- findall(N-R, (member(N-F, [{}]), peek(F, R)), Seen),\n\
         \tterm_to_atom(Seen, A), throw(peeked(A)).\n\
         goMove(_, _, _, _) :- fail.\n\
         finDelJuego(_, 0, 0).\n",
        reads.join(", ")
    )
}

/// What [`peeking_program`] saw, from a graded report: `name-result`.
fn peeked(json: &Value) -> String {
    let sub = &json["submissions"][0];
    failures(sub)
        .into_iter()
        .filter_map(|f| f["message"].as_str())
        .find_map(|m| m.split_once("peeked(").map(|(_, rest)| rest.to_string()))
        .unwrap_or_else(|| panic!("no peek in the report: {sub:#}"))
}

/// One `proylcc.pl` graded on its own (`-- proylcc.pl`) is copied alone
/// into the working folder: the reference game beside it, and a file of the
/// instructor's that only root may read, are not copied along (the grader
/// copies as root), and under bubblewrap the reference game cannot be
/// opened at its own path either (bound over by `/dev/null`).
#[test]
fn a_single_program_brings_none_of_its_neighbours() {
    use std::os::unix::fs::PermissionsExt;
    swipl();
    let dir = open_dir_outside_tmp("asalto-go-beside-");
    let game = dir.path().join("secret.sgf");
    copy_with_mode(go_refs().join("random-2.sgf"), &game, 0o644);
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "answers\n").unwrap();
    std::fs::set_permissions(&notes, std::fs::Permissions::from_mode(0o600)).unwrap();
    let game_s = game.display().to_string();
    let program = dir.path().join("proylcc.pl");
    std::fs::write(
        &program,
        peeking_program(&[
            ("itself", "proylcc.pl"),
            ("game", "secret.sgf"),
            ("notes", "notes.txt"),
            ("there", &game_s),
        ]),
    )
    .unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o644)).unwrap();
    let dir_s = dir.path().display().to_string();
    let runs = sandboxes()
        .into_iter()
        .map(|s| (s, game_s.as_str()))
        .chain(bwrap().then_some(("bwrap", dir_s.as_str())));
    for (sandbox, games) in runs {
        let graded = grade(
            &[
                "--game",
                "go",
                "--sandbox",
                sandbox,
                "--games",
                games,
                "--query-timeout",
                "5",
                "--",
                program.to_str().unwrap(),
            ],
            &[],
        );
        let seen = peeked(&graded.json());
        // It reads files: its own copy is there.
        assert!(seen.contains("itself-ok"), "{sandbox} {games}: {seen}");
        assert!(
            seen.contains("game-existence_error"),
            "{sandbox} {games}: {seen}"
        );
        assert!(
            seen.contains("notes-existence_error"),
            "{sandbox} {games}: {seen}"
        );
        if sandbox == "bwrap" {
            // Named alone or by its folder, the game is hidden at its path.
            assert!(seen.contains("there-permission_error"), "{games}: {seen}");
        }
    }
}

/// One `proylcc.pl` that is a symbolic link (a student's, in an
/// autograder's submission folder) is not followed to what it names, a
/// file the grader reads as root and would copy in: the submission's
/// problem says so, and nothing of the file behind it is graded.
#[test]
fn a_single_program_that_is_a_link_is_not_followed() {
    swipl();
    let dir = open_dir_outside_tmp("asalto-go-link-");
    // Behind the link: a right program, that only root may read.
    let behind = dir.path().join("teacher.pl");
    copy_with_mode(
        Path::new(FIXTURES).join("correct-strings/proylcc.pl"),
        &behind,
        0o600,
    );
    let link = dir.path().join("proylcc.pl");
    std::os::unix::fs::symlink(&behind, &link).unwrap();
    let refs = go_refs().join("random-2.sgf");
    let graded = grade(
        &[
            "--game",
            "go",
            "--games",
            refs.to_str().unwrap(),
            "--query-timeout",
            "5",
            "--",
            link.to_str().unwrap(),
        ],
        &[],
    );
    let json = graded.json();
    let sub = &json["submissions"][0];
    assert_eq!(sub["score"], 0.0, "{sub:#}");
    let loads = failures(sub)
        .into_iter()
        .find(|f| f["kind"] == "loads")
        .unwrap_or_else(|| panic!("loads passes: {sub:#}"));
    assert!(
        loads["message"].as_str().unwrap().contains("symbolic link"),
        "{loads:#}"
    );
}

/// The same report formats as Asalto's grade: Gradescope (one test per
/// check) and CSV (one row per submission).
#[test]
fn gradescope_and_csv() {
    swipl();
    let subs = go_submissions(&["captures-one-group"]);
    let file = subs.path().join("captures-one-group/proylcc.pl");
    let refs = go_refs().join("random-1.sgf");
    let common = go_args(&refs);
    let mut args = vec!["--format", "gradescope"];
    args.extend(common);
    args.extend(["--", file.to_str().unwrap()]);
    let run = run_grade(&args, &[]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    let tests = doc["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 7, "{doc:#}");
    let captures = tests
        .iter()
        .find(|t| t["name"].as_str().unwrap().starts_with("captures:"))
        .unwrap();
    assert_eq!(captures["status"], "failed");
    assert!(
        captures["output"]
            .as_str()
            .unwrap()
            .contains("a capture of several groups")
    );
    let mut args = vec![
        "--format",
        "csv",
        "--submissions",
        subs.path().to_str().unwrap(),
    ];
    args.extend(common);
    let run = run_grade(&args, &[]);
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next(),
        Some(
            "submission,score,max_score,loads,board,moves,captures,suicide,occupied,score,first_failure,notes,partly_checked,not_checked"
        )
    );
    let row = lines.next().unwrap();
    assert!(row.starts_with("captures-one-group,"), "{row}");
    // The notes, last: the representation the program uses, among them.
    assert!(row.contains("cells=strings"), "{row}");
}

/// The rules of the assignment, written again the slow way (flood fills on
/// the 361 characters): the board after `player` plays at `(row, col)`, or
/// `None` when the move is illegal (occupied, or suicide after captures).
fn slow_move(board: &str, player: u8, row: usize, col: usize) -> Option<String> {
    let mut b: Vec<u8> = board.bytes().collect();
    let at = row * 19 + col;
    if b[at] != b'.' {
        return None;
    }
    b[at] = player;
    let other = if player == b'b' { b'w' } else { b'b' };
    for n in slow_neighbours(at) {
        if b[n] == other {
            let (group, liberties) = slow_group(&b, n);
            if liberties == 0 {
                for s in group {
                    b[s] = b'.';
                }
            }
        }
    }
    let (_, liberties) = slow_group(&b, at);
    (liberties > 0).then(|| String::from_utf8(b).unwrap())
}

fn slow_neighbours(i: usize) -> Vec<usize> {
    let (r, c) = (i / 19, i % 19);
    let mut out = Vec::new();
    if r > 0 {
        out.push(i - 19);
    }
    if r < 18 {
        out.push(i + 19);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c < 18 {
        out.push(i + 1);
    }
    out
}

/// The points connected to `start` of its colour (or of empty points), and
/// how many empty points touch them (for a stone group: its liberties).
fn slow_group(b: &[u8], start: usize) -> (Vec<usize>, usize) {
    let colour = b[start];
    let mut seen = vec![false; b.len()];
    let mut todo = vec![start];
    let mut group = Vec::new();
    let mut liberties = std::collections::BTreeSet::new();
    seen[start] = true;
    while let Some(p) = todo.pop() {
        group.push(p);
        for n in slow_neighbours(p) {
            if b[n] == colour && !seen[n] {
                seen[n] = true;
                todo.push(n);
            } else if b[n] == b'.' && colour != b'.' {
                liberties.insert(n);
            }
        }
    }
    (group, liberties.len())
}

/// Stones plus the empty regions that touch one colour only.
fn slow_score(board: &str) -> (u32, u32) {
    let b: Vec<u8> = board.bytes().collect();
    let (mut black, mut white) = (0, 0);
    let mut done = vec![false; b.len()];
    for i in 0..b.len() {
        match b[i] {
            b'b' => black += 1,
            b'w' => white += 1,
            _ if !done[i] => {
                let (region, _) = slow_group(&b, i);
                let mut touches = std::collections::BTreeSet::new();
                for &p in &region {
                    done[p] = true;
                    for n in slow_neighbours(p) {
                        if b[n] != b'.' {
                            touches.insert(b[n]);
                        }
                    }
                }
                let n = region.len() as u32;
                match touches.into_iter().collect::<Vec<u8>>().as_slice() {
                    [b'b'] => black += n,
                    [b'w'] => white += n,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    (black, white)
}

/// Every expected answer of the plan is the slow reference's, and the
/// reference games give every situation the checks name.
#[test]
fn the_plan_covers_every_situation_with_right_answers() {
    use asalto::grade::go::plan::{self, Expected};
    use asalto::grade::go::protocol::Query;
    let mut situations = std::collections::BTreeSet::new();
    let mut count = 0;
    for name in ["random-1.sgf", "random-2.sgf"] {
        let text = std::fs::read_to_string(go_refs().join(name)).unwrap();
        let reference =
            asalto::grade::go::Reference::from_sgf(name, text.as_bytes(), Profile::Seed2019)
                .unwrap();
        let game = plan::queries(&reference, Profile::Seed2019);
        for q in &game.queries {
            situations.insert(q.what);
            count += 1;
            match (&q.query, &q.expected) {
                (
                    Query::Move {
                        board,
                        player,
                        row,
                        col,
                    },
                    expected,
                ) => {
                    let slow = slow_move(
                        board.as_str(),
                        player.letter(),
                        usize::from(*row),
                        usize::from(*col),
                    );
                    match expected {
                        Expected::Board(b) => {
                            assert_eq!(slow.as_deref(), Some(b.as_str()), "{name}: {}", q.what)
                        }
                        Expected::Illegal(_) => assert_eq!(slow, None, "{name}: {}", q.what),
                        Expected::Score { .. } => panic!("a move with a score"),
                    }
                }
                (Query::Score { board }, Expected::Score { black, white }) => {
                    assert_eq!(slow_score(board.as_str()), (*black, *white), "{name}");
                }
                other => panic!("unexpected query {other:?}"),
            }
        }
    }
    let all = [
        "a move in the open",
        "a move on the edge",
        "a move in a corner",
        "a capture of one group",
        "a capture of several groups",
        "a move that fills its last liberty but captures",
        "a ko recapture (legal: no ko rule)",
        "a suicide of one stone",
        "a suicide of several stones",
        "a stone on its own stone",
        "a stone on the opponent's stone",
        "the final position",
        "a mid-game position",
    ];
    for s in all {
        assert!(situations.contains(s), "no query for {s}: {situations:?}");
    }
    assert!(count >= 40, "{count} queries");
}

/// An SGF record that cannot serve is refused with the reason, where it
/// is.
#[test]
fn bad_reference_games_are_refused_with_the_reason() {
    use asalto::grade::go::Reference;
    let refuse =
        |text: &str| Reference::from_sgf("g.sgf", text.as_bytes(), Profile::Seed2019).unwrap_err();
    assert!(
        refuse("(;SZ[9];B[aa])").contains("19x19"),
        "{}",
        refuse("(;SZ[9];B[aa])")
    );
    let occupied = refuse("(;SZ[19];B[aa];W[aa])");
    assert!(occupied.starts_with("g.sgf:1:"), "{occupied}");
    assert!(occupied.contains("move 2"), "{occupied}");
    assert!(occupied.contains("seed-2019"), "{occupied}");
    assert!(
        refuse("no tree").starts_with("g.sgf:1:1:"),
        "{}",
        refuse("no tree")
    );
    assert!(refuse("(;B[aa]").starts_with("g.sgf:"));
    // Setup, passes, variations (main line only), escapes.
    let ok = Reference::from_sgf(
        "g.sgf",
        b"(;GM[1]FF[4]SZ[19]C[a \\] b]AB[aa][bb:cc]AW[dd];W[ee];B[](;W[ff];B[tt])(;W[gg]))",
        Profile::Seed2019,
    )
    .unwrap();
    assert_eq!(ok.start.board().stone_count(Side::Black), 5);
    assert_eq!(ok.moves.len(), 4);
}

/// docs/grade.md's `grade --game go` examples are real runs: `refs/` holds the
/// committed reference games, and `submissions/` five students (right with
/// strings, right with atoms, captures only one group, no suicide check,
/// the score named `puntajeFinal/3` with white first), graded as they are
/// and with `--predicate` naming that score.
#[test]
fn readme_go_example_is_current() {
    use std::os::unix::fs::PermissionsExt;
    if !is_root() || !bwrap() {
        eprintln!("skipped: docs/grade.md shows a run as root under bubblewrap, as CI runs it");
        return;
    }
    swipl();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/grade.md")).unwrap();
    let dir = open_dir("asalto-go-walkthrough-");
    let refs = dir.path().join("refs");
    std::fs::create_dir(&refs).unwrap();
    std::fs::set_permissions(&refs, std::fs::Permissions::from_mode(0o755)).unwrap();
    for name in ["random-1.sgf", "random-2.sgf"] {
        std::fs::copy(go_refs().join(name), refs.join(name)).unwrap();
    }
    let subs = dir.path().join("subs");
    std::fs::create_dir(&subs).unwrap();
    std::fs::set_permissions(&subs, std::fs::Permissions::from_mode(0o755)).unwrap();
    for (student, fixture) in [
        ("ana", "correct-strings"),
        ("bruno", "captures-one-group"),
        ("carla", "correct-atoms"),
        ("diego", "no-suicide-check"),
        ("emilia", "renamed-score"),
    ] {
        let sub = subs.join(student);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        let file = sub.join("proylcc.pl");
        std::fs::copy(Path::new(FIXTURES).join(fixture).join("proylcc.pl"), &file).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    for command in [
        "asalto grade --game go --games refs/ --submissions subs/ --entry proylcc.pl",
        "asalto grade --game go --games refs/ --submissions subs/ --predicate 'finDelJuego=puntajeFinal(1,3,2)'",
    ] {
        let out = super::readme::run_in(dir.path(), command);
        let block = format!("$ {command}\n{out}```");
        assert!(
            super::readme::normalize(&readme).contains(&super::readme::normalize(&block)),
            "docs/grade.md is stale for: {command}\n--- it prints:\n{out}"
        );
    }
}

/// The driver's own checks (`check_driver.py`: the protocol, the fixtures'
/// answers drawn by hand and against a small reference of the rules in
/// Python, robustness), so that CI runs them too.
#[test]
fn the_driver_passes_its_own_checks() {
    swipl();
    let script = Path::new(FIXTURES).join("check_driver.py");
    let out = Command::new(python())
        .arg(&script)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "check_driver.py failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" passed, 0 failed"), "{text}");
}

/// A submission folder holding `correct-strings` with one more `goMove/4`
/// clause in front: `first` (Prolog goals, then `fail`).
fn with_first_move_clause(dir: &Path, name: &str, first: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let text =
        std::fs::read_to_string(Path::new(FIXTURES).join("correct-strings/proylcc.pl")).unwrap();
    let at = text
        .find("\ngoMove(")
        .expect("correct-strings defines goMove/4")
        + 1;
    let program = format!(
        "{}goMove(_, _, _, _) :- {first}, fail.\n{}",
        &text[..at],
        &text[at..]
    );
    let sub = dir.join(name);
    std::fs::create_dir(&sub).unwrap();
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(sub.join("proylcc.pl"), program).unwrap();
    std::fs::set_permissions(
        sub.join("proylcc.pl"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    sub
}

/// A query whose SWI-Prolog falls asleep (stopped: no CPU time, as when
/// the interpreter deadlocks on itself) is asked once more from a fresh
/// start before anything is charged: a program that does so once only
/// loses nothing, and the report says it was re-run; one that is asleep
/// every time is charged, saying so, and a busy hang is charged at once
/// (`hostile-never-answers`, in the batch).
#[test]
fn an_asleep_hang_is_asked_again_before_it_is_charged() {
    use asalto::grade::go::{self, DriverScript, DriverSettings, GoOptions};
    use asalto::grade::{Options, Scoring};
    use std::time::Duration;
    swipl();
    let dir = open_dir("asalto-go-asleep-");
    let marker = stop_marker(dir.path());
    let stop = "shell('kill -STOP $PPID')";
    let once = with_first_move_clause(
        dir.path(),
        "asleep-once",
        &format!(
            "\\+ exists_file('{m}'), open('{m}', write, S), close(S), {stop}",
            m = marker.display()
        ),
    );
    let always = with_first_move_clause(dir.path(), "asleep-always", stop);
    let profile = Profile::from_name("seed-2019").unwrap();
    let bytes = std::fs::read(go_refs().join("random-1.sgf")).unwrap();
    let reference = go::Reference::from_sgf("random-1.sgf", &bytes, profile).unwrap();
    let plan = vec![go::plan::queries(&reference, profile)];
    let swipl = asalto::grade::confine::find_in_path("swipl").unwrap();
    let settings = GoOptions {
        driver: DriverSettings {
            swipl,
            query_time: Duration::from_millis(300),
            grace: Duration::from_millis(400),
            ..DriverSettings::default()
        },
        scoring: Scoring::new(None, 10.0).unwrap(),
    };
    let script = DriverScript::write().unwrap();
    let subs: Vec<_> = [&once, &always]
        .iter()
        .map(|f| go::submission(f, "proylcc.pl", &settings, &script))
        .collect();
    let reports = go::grade(&subs, &plan, &Options::default(), &settings, 1, &|_, _| {});
    let json = |r| serde_json::to_value(r).unwrap();
    let once_report = json(&reports[0]);
    let always_report = json(&reports[1]);
    let notes = |v: &Value| -> Vec<String> {
        v["games"][0]["notes"]
            .as_array()
            .map(|a| a.iter().map(|n| n.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    // Stopped once, re-run, then right every time: full marks.
    assert!(marker.exists(), "the program never stopped itself");
    assert_eq!(once_report["score"], 10.0, "{once_report:#}");
    let n = notes(&once_report);
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(
        n[0].starts_with("re-run: a goMove/4 query got no answer within 0.7 s while the program was asleep with no CPU time"),
        "{n:?}"
    );
    // Asleep every time: charged, twice per query, and the explanation.
    let failed = failures(&always_report);
    let moves = failed
        .iter()
        .find(|f| f["kind"] == "moves")
        .expect("moves fails");
    let message = moves["message"].as_str().unwrap();
    assert!(
        message
            .contains("no answer within 0.7 s, asleep with no CPU time both times, and run twice"),
        "{message}"
    );
    // Three queries charged (then the rest is not asked), each re-run once.
    assert_eq!(notes(&always_report).len(), 3, "{always_report:#}");
    assert!(
        stopped_says(&always_report, "killed 3 times"),
        "{always_report:#}"
    );
}

/// The board after the first `moves` moves of a reference game, replayed by
/// the slow reference from the SGF text (`;B[pd]`, `;W[]` a pass).
fn slow_board_after(sgf: &str, moves: usize) -> String {
    let mut board = ".".repeat(361);
    for node in sgf.split(';').skip(2).take(moves) {
        let colour = if node.starts_with('B') { b'b' } else { b'w' };
        let at = node.as_bytes();
        if at.len() >= 5 && at[1] == b'[' && at[4] == b']' {
            let (col, row) = (usize::from(at[2] - b'a'), usize::from(at[3] - b'a'));
            board = slow_move(&board, colour, row, col).expect("a legal reference move");
        }
    }
    board
}

/// The HTML report of failing Go submissions: each failed query's board is
/// drawn as Go's SVG (its stones those of the reference game before that
/// move, replayed by the slow reference; the point asked about framed),
/// the text board kept, and what a hostile program prints stays text.
#[test]
fn the_html_report_draws_each_failed_query_as_a_go_board() {
    use crate::html::parse_valid;
    use scraper::{ElementRef, Selector};
    swipl();
    let subs = go_submissions(&["captures-one-group"]);
    let evil = subs.path().join("evil");
    std::fs::create_dir(&evil).unwrap();
    std::fs::write(
        evil.join("proylcc.pl"),
        r#":- module(proylcc, [emptyBoard/1, goMove/4, finDelJuego/3]).
emptyBoard(B) :- length(F, 19), maplist(=("-"), F), length(B, 19), maplist(=(F), B).
goMove(_, _, _, _) :-
    write('<script>alert(1)</script>'), nl,
    format(user_error, "\"><img src=x onerror=alert(2)>~n", []),
    throw(error(domain_error('</pre><script>alert(3)</script>', '"><img src=x onerror=alert(4)>'), _)).
finDelJuego(_, '<b>', '<script>alert(5)</script>').
"#,
    )
    .unwrap();
    let out = open_dir("asalto-go-html-");
    let refs = go_refs();
    let sandbox = if bwrap() { "bwrap" } else { "none" };
    let graded = grade_text(&[
        "--game",
        "go",
        "--sandbox",
        sandbox,
        "--games",
        refs.to_str().unwrap(),
        "--submissions",
        subs.path().to_str().unwrap(),
        "--query-timeout",
        "2",
        "--jobs",
        "2",
        "--format",
        "html",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(graded.code, 1, "{}", graded.stderr);
    let sel = |s: &str| Selector::parse(s).unwrap();
    let mut boards = [0; 2];
    for (i, name) in ["captures-one-group", "evil"].into_iter().enumerate() {
        let file = std::fs::read_dir(out.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.contains(name))
            })
            .unwrap_or_else(|| panic!("no page of {name}"));
        let text = std::fs::read_to_string(&file).unwrap();
        let html = parse_valid(&text);
        // Nothing the program printed became markup.
        assert_eq!(html.select(&sel("script, img")).count(), 0, "{name}");
        for e in html
            .root_element()
            .descendants()
            .filter_map(ElementRef::wrap)
        {
            assert!(
                e.value().attrs().all(|(a, _)| !a.starts_with("on")),
                "{name}: {:?}",
                e.value()
            );
        }
        for failure in html.select(&sel("article.failure")) {
            let Some(svg) = failure.select(&sel("svg")).next() else {
                continue;
            };
            boards[i] += 1;
            // `<span>kind</span> game, move N (side)`.
            let heading = failure
                .select(&sel("h4"))
                .next()
                .unwrap()
                .text()
                .last()
                .unwrap()
                .trim()
                .to_string();
            let ply: usize = heading
                .split("move ")
                .nth(1)
                .and_then(|s| s.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name}: no move in {heading:?}"));
            let game = heading.split(", move").next().unwrap();
            let sgf = std::fs::read_to_string(refs.join(game)).unwrap();
            let want = slow_board_after(&sgf, ply - 1);
            let mut drawn = ".".repeat(361).into_bytes();
            for stone in svg.select(&sel("circle[data-point]")) {
                let at = stone.value().attr("data-point").unwrap().as_bytes();
                let (col, row) = (usize::from(at[0] - b'a'), usize::from(at[1] - b'a'));
                drawn[row * 19 + col] = match stone.value().attr("class") {
                    Some("black") => b'b',
                    Some("white") => b'w',
                    other => panic!("{name}: a stone of class {other:?}"),
                };
            }
            assert_eq!(String::from_utf8(drawn).unwrap(), want, "{name}: {heading}");
            // The point a move query asks about is framed: the square's
            // centre lies on that point's lines.
            let caption: String = failure
                .select(&sel("figcaption"))
                .next()
                .unwrap()
                .text()
                .collect();
            if let Some(at) = caption.split('[').nth(1) {
                let (row, col) = at.split(']').next().unwrap().split_once(',').unwrap();
                let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
                let mut columns: Vec<f64> = Vec::new();
                let mut rows: Vec<f64> = Vec::new();
                for line in svg.select(&sel("line")) {
                    let v = |a: &str| line.value().attr(a).unwrap().parse::<f64>().unwrap();
                    if v("x1") == v("x2") {
                        columns.push(v("x1"));
                    } else {
                        rows.push(v("y1"));
                    }
                }
                columns.sort_by(f64::total_cmp);
                rows.sort_by(f64::total_cmp);
                let frames: Vec<_> = svg.select(&sel("rect.mark")).collect();
                assert_eq!(frames.len(), 1, "{name}: {heading}");
                let v = |a: &str| frames[0].value().attr(a).unwrap().parse::<f64>().unwrap();
                assert_eq!(v("x") + v("width") / 2.0, columns[col], "{name}: {heading}");
                assert_eq!(v("y") + v("height") / 2.0, rows[row], "{name}: {heading}");
            }
            // The board as text too.
            let details: String = failure
                .select(&sel("details pre"))
                .map(|p| p.text().collect::<String>())
                .collect();
            assert!(details.contains(" 18 "), "{name}: {heading}: {details}");
        }
        if name == "evil" {
            let all: String = html.root_element().text().collect();
            assert!(all.contains("</pre><script>alert(3)</script>"), "{all}");
        }
    }
    // The wrong capture and, for the program that answers nothing, a
    // board for each kind of query in each game.
    assert!(boards[0] >= 1, "{boards:?} boards drawn");
    assert!(boards[1] >= 8, "{boards:?} boards drawn");
}

/// Our own limit on a wait for SWI-Prolog is not shortened by a loaded
/// machine (a CI run at load 8 once killed a program while it loaded): at
/// the limit, only a program that is busy but had less CPU time than the
/// limit waits on, until it has had it, and never past the ceiling; a loop
/// that had its CPU time, and a program asleep, are stopped at the limit,
/// as on an idle machine. The rule of every limit (`grade::stall`).
#[test]
fn a_loaded_machine_stretches_only_a_busy_starved_wait() {
    use asalto::grade::stall::{Budget, STRETCH};
    use std::time::{Duration, Instant};
    let s = Duration::from_secs;
    let ms = Duration::from_millis;
    let start = Instant::now();
    let limit = s(6);
    let budget = Budget::new(limit, start, Some(s(100)));
    let at = |t: Duration, cpu: Duration, asleep| {
        budget.spent(start + t, Some(s(100) + cpu), Some(asleep))
    };
    // Idle machine: a loop had its whole limit of CPU time.
    assert!(at(limit, limit, false));
    // Asleep (blocked): stopped, whatever it had.
    assert!(at(limit, s(1), true));
    // Busy with a quarter of a core: on until it has had 6 s.
    assert!(!at(limit, ms(1500), false));
    assert!(!at(s(20), ms(5000), false));
    assert!(at(s(20), s(6), false));
    // Never past the ceiling.
    assert!(!at(limit * STRETCH - ms(1), s(0), false));
    assert!(at(limit * STRETCH, s(0), false));
}
