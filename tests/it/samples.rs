//! The bundled samples say what their names say.
//!
//! Why: instructors and the README point at these files, and each invalid
//! sample stands for one reason code. The table below was written by reading
//! each file against RULES.md (which line breaks which rule), not by running
//! the engine; the valid samples are also replayed with the reference
//! generator so their claimed endings do not rest on the engine alone.

use asalto::basic::BasicScore;
use asalto::replay::{CheckOptions, Checked, Severity, check};
use asalto::{Reason, Side};

use crate::reference::{RefPosition, move_notation};

/// The sample files, read at compile time so a missing one fails the build.
pub const INVALID: [(&str, &str); 13] = [
    (
        "capture-incomplete",
        include_str!("../../samples/invalid/capture-incomplete.txt"),
    ),
    (
        "capture-required",
        include_str!("../../samples/invalid/capture-required.txt"),
    ),
    (
        "capture-too-long",
        include_str!("../../samples/invalid/capture-too-long.txt"),
    ),
    (
        "capture-wrong-continuation",
        include_str!("../../samples/invalid/capture-wrong-continuation.txt"),
    ),
    (
        "game-over",
        include_str!("../../samples/invalid/game-over.txt"),
    ),
    (
        "no-piece",
        include_str!("../../samples/invalid/no-piece.txt"),
    ),
    (
        "not-basic",
        include_str!("../../samples/invalid/not-basic.txt"),
    ),
    (
        "not-connected",
        include_str!("../../samples/invalid/not-connected.txt"),
    ),
    (
        "occupied",
        include_str!("../../samples/invalid/occupied.txt"),
    ),
    (
        "off-board",
        include_str!("../../samples/invalid/off-board.txt"),
    ),
    (
        "rebel-not-closer",
        include_str!("../../samples/invalid/rebel-not-closer.txt"),
    ),
    ("syntax", include_str!("../../samples/invalid/syntax.txt")),
    (
        "wrong-side",
        include_str!("../../samples/invalid/wrong-side.txt"),
    ),
];

/// The valid samples.
pub const VALID: [(&str, &str); 7] = [
    ("ejemplo", include_str!("../../samples/ejemplo.txt")),
    ("apendice-a", include_str!("../../samples/apendice-a.txt")),
    ("unfinished", include_str!("../../samples/unfinished.txt")),
    (
        "end-castle-occupied",
        include_str!("../../samples/end-castle-occupied.txt"),
    ),
    (
        "end-fewer-than-nine-rebels",
        include_str!("../../samples/end-fewer-than-nine-rebels.txt"),
    ),
    (
        "end-officers-blocked",
        include_str!("../../samples/end-officers-blocked.txt"),
    ),
    (
        "end-rebels-blocked",
        include_str!("../../samples/end-rebels-blocked.txt"),
    ),
];

/// The options a sample is checked with: `not-basic` needs a BASICO score.
pub fn options_for(name: &str) -> CheckOptions {
    CheckOptions {
        rebels: (name == "not-basic").then_some(BasicScore::V2),
        ..CheckOptions::default()
    }
}

/// `(file, line, column, ply, side)` of the one error each invalid sample
/// holds, read off the files:
/// - capture-incomplete: move 7 `Bd-Db` stops after one rebel;
/// - capture-required: move 3 `Be-Bd` steps while `Cc` can jump `Cd`;
/// - capture-too-long: move 7 goes on with `Bd-Dd` (column 13) after the
///   whole chain `Bd-Db-Dd-Df-Bd`;
/// - capture-wrong-continuation: move 7 jumps back from `Dd` (column 7)
///   where the chain takes `De`;
/// - game-over: Appendix A's 41 moves end the game; line 42, `Da-Db`, would
///   be a legal rebel step if the game were not over;
/// - no-piece: move 3 starts on the empty `Ce`;
/// - not-basic (with a BASICO score): move 2 `Dd-Cd` lets `Cc` capture while
///   `Cf-Ce` enters the castle safely;
/// - not-connected: move 1 `Bc-Cd`, no line joins them;
/// - occupied: move 3 `Cc-Cd` onto a rebel;
/// - off-board: move 3 names `Bb` (column 4), a corner;
/// - rebel-not-closer: move 4 `Dc-Dd`, both at distance 1;
/// - syntax: move 3 `cc-Ce`, a lower-case row;
/// - wrong-side: move 2 moves the officer on `Cc` on the rebels' turn.
const EXPECTED: [(&str, usize, usize, usize, Side); 13] = [
    ("capture-incomplete", 7, 1, 7, Side::Officers),
    ("capture-required", 3, 1, 3, Side::Officers),
    ("capture-too-long", 7, 13, 7, Side::Officers),
    ("capture-wrong-continuation", 7, 7, 7, Side::Officers),
    ("game-over", 42, 1, 42, Side::Rebels),
    ("no-piece", 3, 1, 3, Side::Officers),
    ("not-basic", 2, 1, 2, Side::Rebels),
    ("not-connected", 1, 1, 1, Side::Officers),
    ("occupied", 3, 1, 3, Side::Officers),
    ("off-board", 3, 4, 3, Side::Officers),
    ("rebel-not-closer", 4, 1, 4, Side::Rebels),
    ("syntax", 3, 1, 3, Side::Officers),
    ("wrong-side", 2, 1, 2, Side::Rebels),
];

fn only_error(name: &str, checked: &Checked) -> asalto::replay::Problem {
    let errors: Vec<_> = checked.errors().cloned().collect();
    assert_eq!(errors.len(), 1, "{name}: {errors:#?}");
    assert_eq!(
        checked.warnings().count(),
        0,
        "{name}: {:#?}",
        checked.problems
    );
    errors[0].clone()
}

#[test]
fn every_reason_code_has_its_invalid_sample() {
    let mut codes: Vec<&str> = INVALID.iter().map(|(name, _)| *name).collect();
    codes.sort();
    let mut all: Vec<&str> = Reason::ALL.iter().map(|r| r.code()).collect();
    all.sort();
    assert_eq!(codes, all);
}

#[test]
fn each_invalid_sample_gives_its_code_at_its_line_and_ply() {
    for (name, source) in INVALID {
        let &(_, line, column, ply, side) = EXPECTED
            .iter()
            .find(|e| e.0 == name)
            .unwrap_or_else(|| panic!("{name} is missing from the table"));
        let checked = check(source, options_for(name));
        assert!(!checked.is_valid(), "{name}");
        let e = only_error(name, &checked);
        assert_eq!(e.reason().code(), name);
        assert_eq!(e.severity, Severity::Error, "{name}");
        assert_eq!((e.line, e.column), (line, column), "{name}: {e:#?}");
        assert_eq!(e.ply, Some(ply), "{name}");
        assert_eq!(e.side, Some(side), "{name}");
        assert_eq!(checked.stopped_at, Some(line), "{name}");
        // The moves before the bad one are replayed, and nothing after it.
        assert_eq!(checked.game.plies.len(), ply - 1, "{name}");
        // The underline starts where the line and column say.
        let offset: usize = source.lines().take(line - 1).map(|l| l.len() + 1).sum();
        assert_eq!(e.span.start, offset + column - 1, "{name}");
    }
}

/// The exact underlined text of the move errors: the point, or the segment
/// of the path, where the rules are broken.
#[test]
fn invalid_samples_underline_the_offending_text() {
    let expected = [
        ("capture-incomplete", "Bd-Db"),
        ("capture-required", "Be-Bd"),
        ("capture-too-long", "Bd-Dd"),
        ("capture-wrong-continuation", "Dd-Db"),
        ("no-piece", "Ce"),
        ("not-connected", "Bc-Cd"),
        ("occupied", "Cc-Cd"),
        ("off-board", "Bb"),
        ("rebel-not-closer", "Dc-Dd"),
        ("wrong-side", "Cc"),
    ];
    for (name, text) in expected {
        let source = INVALID.iter().find(|s| s.0 == name).unwrap().1;
        let e = only_error(name, &check(source, options_for(name)));
        assert_eq!(&source[e.span.clone()], text, "{name}");
    }
}

#[test]
fn not_basic_is_valid_without_a_basic_score_and_invalid_with_either() {
    let source = INVALID.iter().find(|s| s.0 == "not-basic").unwrap().1;
    let plain = check(source, CheckOptions::default());
    assert!(plain.is_valid(), "{:#?}", plain.problems);
    assert_eq!(plain.problems.len(), 0);
    for variant in BasicScore::ALL {
        let options = CheckOptions {
            rebels: Some(variant),
            ..CheckOptions::default()
        };
        let e = only_error("not-basic", &check(source, options));
        assert_eq!((e.reason(), e.line, e.ply), (Reason::NotBasic, 2, Some(2)));
    }
}

/// `Some((winner, reason))`, or `None` for an unfinished game.
type Ending = Option<(&'static str, &'static str)>;

/// `(file, plies, ending, side to move)`: the game of each valid sample, by
/// its name and its number of lines.
const OUTCOMES: [(&str, usize, Ending, &str); 7] = [
    ("ejemplo", 7, None, "rebels"),
    (
        "apendice-a",
        41,
        Some(("officers", "fewer-than-nine-rebels")),
        "rebels",
    ),
    ("unfinished", 20, None, "officers"),
    (
        "end-castle-occupied",
        44,
        Some(("rebels", "castle-occupied")),
        "officers",
    ),
    (
        "end-fewer-than-nine-rebels",
        21,
        Some(("officers", "fewer-than-nine-rebels")),
        "rebels",
    ),
    (
        "end-officers-blocked",
        28,
        Some(("rebels", "officers-blocked")),
        "officers",
    ),
    (
        "end-rebels-blocked",
        35,
        Some(("officers", "rebels-blocked")),
        "rebels",
    ),
];

#[test]
fn valid_samples_give_the_right_outcome() {
    for (name, source) in VALID {
        let &(_, plies, outcome, to_move) = OUTCOMES.iter().find(|o| o.0 == name).unwrap();
        let checked = check(source, CheckOptions::default());
        assert!(checked.is_valid(), "{name}: {:#?}", checked.problems);
        assert!(
            checked.problems.is_empty(),
            "{name}: {:#?}",
            checked.problems
        );
        assert_eq!(checked.stopped_at, None, "{name}");
        assert_eq!(checked.game.plies.len(), plies, "{name}");
        let got = checked.game.outcome();
        assert_eq!(
            got.map(|o| (o.outcome.winner.name(), o.outcome.reason.code())),
            outcome,
            "{name}"
        );
        if let Some(o) = got {
            assert_eq!(o.ply, plies, "{name}: the game ends after its last move");
            // ...and not before it.
            let before = checked.game.position_at(plies - 1).unwrap();
            assert_eq!(before.outcome(), None, "{name}");
        }
        assert_eq!(checked.game.position().turn().name(), to_move, "{name}");

        // The reference generator agrees, move by move.
        let mut r = RefPosition::start();
        for (i, line) in source.lines().enumerate() {
            assert!(
                r.outcome().is_none(),
                "{name}: line {} after the end",
                i + 1
            );
            let m = r
                .legal_moves()
                .into_iter()
                .find(|m| move_notation(m) == line)
                .unwrap_or_else(|| panic!("{name}: line {} `{line}` is illegal", i + 1));
            r = r.play(&m);
        }
        assert_eq!(
            r.outcome().map(|e| (e.winner().name(), e.code())),
            outcome,
            "{name}"
        );
        assert_eq!(r.turn.name(), to_move, "{name}");
    }
}

/// The Go samples and what `check` says of each: the verdict written by
/// reading each file (its result, its setup, its one broken move), the
/// summary line the command prints, and the exit status.
const GO: [(&str, &str, i32); 5] = [
    (
        "counted.sgf",
        "valid (chinese, from RU[Chinese]), 1 game, 83 moves; area count black 90, white 79, komi 7.5 (0 dead stones): B+3.5",
        0,
    ),
    (
        "resignation.sgf",
        "valid (japanese, from RU[Japanese]), 1 game, 149 moves; RE[B+R]: black won by resignation \
         (estimate: territory count black 98, white 98, komi 6.5, 17 dead stones: W+6.5)",
        0,
    ),
    (
        "variations.sgf",
        "valid (chinese, from RU[Chinese]), 1 game, 77 moves; area count black 49, white 32, komi 6.5 (0 dead stones): B+10.5",
        0,
    ),
    (
        "handicap.sgf",
        "valid (new-zealand, from RU[NZ]), 1 game, 235 moves; area count black 176, white 185, komi 0.5 (0 dead stones): W+9.5",
        0,
    ),
    (
        "broken.sgf",
        "invalid (chinese, from RU[Chinese]): line 7:14, move 23 (black): illegal move at df: \
         the point already holds a stone [occupied]; 77 moves replayed",
        1,
    ),
];

#[test]
fn go_samples_give_their_verdicts() {
    use asalto_go::replay::CheckOptions;
    let mut files: Vec<String> = std::fs::read_dir("samples/go")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sgf"))
        .collect();
    files.sort();
    let mut named: Vec<String> = GO.iter().map(|g| g.0.to_string()).collect();
    named.sort();
    assert_eq!(files, named, "every Go sample has its verdict here");
    for (name, summary, code) in GO {
        let path = format!("samples/go/{name}");
        let run = crate::run::asalto(&["check", &path]);
        // The summary line (a single invalid file's report follows it).
        let first = run.stdout.lines().next().unwrap_or_default();
        assert_eq!(first, format!("{path}: {summary}"), "{name}");
        assert_eq!(run.code, code, "{name}");
        // The engine's view of the same file: the game information read.
        let bytes = std::fs::read(&path).unwrap();
        let checked = asalto_go::check(&bytes, &CheckOptions::default());
        let game = &checked.games[0];
        let info = &game.info;
        match name {
            "counted.sgf" => {
                assert_eq!(info.result.as_deref(), Some("B+3.5"));
                assert_eq!(info.komi, 7.5);
                assert_eq!(info.rules.as_deref(), Some("Chinese"));
            }
            "resignation.sgf" => {
                assert_eq!(info.result.as_deref(), Some("B+R"));
            }
            "handicap.sgf" => {
                assert_eq!(info.handicap, 4);
                assert_eq!(info.result.as_deref(), Some("W+9.5"));
                // White moves first, after the four stones.
                assert_eq!(
                    game.plies.first().map(|p| p.side),
                    Some(asalto_go::Side::White)
                );
            }
            "broken.sgf" => {
                let codes: Vec<&str> = checked.all_problems().map(|p| p.kind.code()).collect();
                // The result no longer matches once the move is refused.
                assert_eq!(codes, ["result-mismatch", "occupied"], "{name}");
            }
            _ => {}
        }
        if name != "broken.sgf" {
            assert_eq!(checked.all_problems().count(), 0, "{name}");
        }
    }
    // Every line of the variation tree is a legal game: the main line and
    // three others.
    let run = crate::run::asalto(&["check", "--all-variations", "samples/go/variations.sgf"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.contains("4 games, 134 moves"), "{}", run.stdout);
}
