//! Checking records: one worked example per reason code, with the place,
//! the words and the position the problem carries; and the JSON documents.

use asalto_madbishops::json::{CheckJson, PositionJson};
use asalto_madbishops::replay::{CheckOptions, check};
use asalto_madbishops::{Position, Profile, Reason, Side};

/// Red c3 and blue e5 alone: red takes the last blue bishop at once.
const LAST_BISHOP: &str = "...../...../...../...../...../..B../...../.R.../...../..... R";

fn options(profile: Profile) -> CheckOptions {
    CheckOptions {
        profile,
        ..CheckOptions::default()
    }
}

/// A record, its profile, its setup (the report's if `None`), and the
/// line, column and reason code of its one error.
type Example = (
    &'static str,
    Profile,
    Option<&'static str>,
    usize,
    usize,
    &'static str,
);

const EXAMPLES: &[Example] = &[
    ("b10xa9\nc3?d4\n", Profile::Steere, None, 2, 3, "syntax"),
    ("k3-j4\n", Profile::Steere, None, 1, 1, "off-board"),
    (
        "b10xa9\n(9,1)x(8,0)\n",
        Profile::Steere,
        None,
        2,
        1,
        "light-square",
    ),
    ("b10xa9\nb10-c9\n", Profile::Steere, None, 2, 1, "no-piece"),
    ("a9xb10\n", Profile::Steere, None, 1, 1, "wrong-side"),
    ("b10-b10\n", Profile::Steere, None, 1, 5, "same-square"),
    ("b10-d10\n", Profile::Steere, None, 1, 5, "not-diagonal"),
    ("b10xd8\n", Profile::Steere, None, 1, 1, "blocked"),
    (
        "b10xc9\na9xb8\nc9xd8\n",
        Profile::Steere,
        None,
        3,
        4,
        "own-piece",
    ),
    (
        "b10xa9\nc9xd10\nb8-c9\n",
        Profile::Report,
        None,
        3,
        1,
        "capture-required",
    ),
    (
        "b10xa9\nc9xd10\na9-b10\n",
        Profile::Steere,
        None,
        3,
        4,
        "must-engage",
    ),
    ("b10-a9\n", Profile::Steere, None, 1, 4, "mark-mismatch"),
    (
        "c3xe5\ne5-f6\n",
        Profile::Report,
        Some(LAST_BISHOP),
        2,
        1,
        "game-over",
    ),
];

#[test]
fn every_reason_code_has_a_worked_example() {
    for &(record, profile, setup, line, column, code) in EXAMPLES {
        let mut o = options(profile);
        if let Some(setup) = setup {
            o.setup = *Position::from_position_string(setup, profile)
                .unwrap()
                .board();
        }
        let checked = check(record, &o);
        let errors: Vec<_> = checked.errors().collect();
        assert_eq!(errors.len(), 1, "{record:?}: {errors:?}");
        let e = errors[0];
        assert_eq!(
            (e.line, e.column, e.reason().code()),
            (line, column, code),
            "{record:?}"
        );
        assert_eq!(Reason::from_code(code), Some(e.reason()));
        assert!(!e.message().is_empty() && !e.label().is_empty());
        // Moves the replay reached carry the position before them.
        assert_eq!(e.before, Some(checked.game.position()), "{record:?}");
        assert_eq!(checked.stopped_at, Some(line));
    }
    let covered: Vec<&str> = EXAMPLES.iter().map(|e| e.5).collect();
    for reason in Reason::ALL {
        assert!(covered.contains(&reason.code()), "{}", reason.code());
    }
}

#[test]
fn messages_say_what_is_right() {
    let checked = check("b10xd8\n", &options(Profile::Steere));
    let e = checked.errors().next().unwrap();
    assert_eq!(
        e.message(),
        "move 1 (red): the blue bishop on c9 stands between b10 and d8"
    );
    assert_eq!(
        e.help().unwrap(),
        "a bishop cannot jump over other bishops; it can capture the one on c9 (`b10xc9`)"
    );
    let checked = check("b10xa9\nc9xd10\na9-b10\n", &options(Profile::Steere));
    let e = checked.errors().next().unwrap();
    assert_eq!(
        e.message(),
        "move 3 (red): from b10 the bishop would attack no enemy bishop"
    );
    assert!(
        e.help()
            .unwrap()
            .ends_with("the bishop on a9 has no such move")
    );
    // The same move is legal under the report's rules.
    assert!(check("b10xa9\nc9xd10\na9-b10\n", &options(Profile::Report)).is_valid());
    // Row/column records get row/column words.
    let checked = check("(0,1)-(1,0)\n", &options(Profile::Steere));
    let e = checked.errors().next().unwrap();
    assert_eq!(
        e.message(),
        "move 1 (red): (0,1)x(1,0) is a capture, written with `-`"
    );
    let checked = check("b10xa9\nc9xd10\nb8-c9\n", &options(Profile::Steere));
    let e = checked.errors().next().unwrap();
    assert_eq!(
        e.help().unwrap(),
        "under both rule profiles a bishop that can capture must capture if it moves; \
         its captures: b8xd10, b8xa7, b8xc7"
    );
}

#[test]
fn a_finished_game_and_its_documents() {
    let profile = Profile::Report;
    let mut o = options(profile);
    o.setup = *Position::from_position_string(LAST_BISHOP, profile)
        .unwrap()
        .board();
    let checked = check("c3xe5\n", &o);
    assert!(checked.is_valid());
    let outcome = checked.game.outcome().unwrap();
    assert_eq!(
        (
            outcome.outcome.winner,
            outcome.outcome.reason.code(),
            outcome.ply
        ),
        (Side::Red, "all-captured", 1)
    );
    let json = serde_json::to_value(CheckJson::from(&checked)).unwrap();
    assert_eq!(json["game"], "madbishops");
    assert_eq!(json["rules"], "report");
    assert_eq!(json["first"], "red");
    assert_eq!(json["valid"], true);
    assert_eq!(json["outcome"]["winner"], "red");
    assert_eq!(json["outcome"]["reason"], "all-captured");
    assert_eq!(json["outcome"]["ply"], 1);
    let game = serde_json::to_value(asalto_madbishops::json::document(&checked.game)).unwrap();
    assert_eq!(game["moves"][0]["notation"], "c3xe5");
    assert_eq!(game["moves"][0]["row_column"], "(7,2)x(5,4)");
    assert_eq!(game["moves"][0]["capture"], true);
    assert_eq!(game["moves"][0]["line"], 1);
    let pos = serde_json::to_value(PositionJson::from(&checked.game.position())).unwrap();
    assert_eq!(pos["to_move"], "blue");
    assert_eq!(
        (pos["red"].as_u64(), pos["blue"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(pos["board"][5][4], 2);
    assert_eq!(pos["board"][0][0], 0);
    assert_eq!(pos["board"][0][1], 1);
    assert_eq!(pos["legal_moves"].as_array().map(Vec::len), Some(0));
}

#[test]
fn problems_in_json() {
    let checked = check("b10xa9\n\nc9-d10\n", &options(Profile::Steere));
    let json = serde_json::to_value(CheckJson::from(&checked)).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!(
        (json["errors"].as_u64(), json["warnings"].as_u64()),
        (Some(1), Some(1))
    );
    let d = &json["problems"];
    assert_eq!(d[0]["severity"], "warning");
    assert_eq!(d[0]["code"], "syntax");
    assert_eq!(d[1]["code"], "mark-mismatch");
    assert_eq!(d[1]["line"], 3);
    assert_eq!(d[1]["column"], 3);
    assert_eq!(d[1]["span"]["offset"], 10);
    assert_eq!(d[1]["span"]["length"], 1);
    assert_eq!(d[1]["ply"], 2);
    assert_eq!(d[1]["side"], "blue");
    assert_eq!(
        d[1]["position_before"],
        ".RRRR/RBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB B"
    );
    assert!(
        d[1]["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "c9xd10")
    );
}
