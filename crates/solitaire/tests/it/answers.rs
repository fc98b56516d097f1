//! Answers written every reasonable way (issue 24, item 3): captures one or
//! many per line with any separators, in algebraic notation or in
//! coordinates counted any usual way, list literals of captures; the
//! reading of coordinates chosen with the puzzle; errors that name the
//! capture; an answer never taken for a board; properties: every form of
//! a legal answer of a random puzzle reads back to its captures.

use proptest::prelude::*;

use crate::properties::{playout, position, profile};

use asalto_solitaire::check::check;
use asalto_solitaire::format::{
    AnswerBody, NoteKind, ParseError, Reading, parse_answer, parse_record,
};
use asalto_solitaire::{Capture, Checked, Piece, Position, Problem, Profile, Solver, Square};

/// The challenge's second test case and its solution: Nd1xb2 Ra2xb2 Rb2xb3.
const PUZZLE: &str = ".....B..RP.....N";
const SOLUTION: &str = "d1xb2 a2xb2 b2xb3";

fn puzzle() -> Position {
    PUZZLE.parse().unwrap()
}

fn checked(text: &str) -> Checked {
    let answer = parse_answer(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    check(&puzzle(), &answer, &mut Solver::new(Profile::Codegolf))
}

fn captures(c: &Checked) -> String {
    let each: Vec<String> = c.captures().iter().map(Capture::to_string).collect();
    each.join(" ")
}

fn note_codes(c: &Checked) -> Vec<&'static str> {
    c.notes.iter().map(|n| n.kind.code()).collect()
}

/// Every way of writing the solution reads as the same three captures,
/// right, with no warning.
#[test]
fn every_form_reads_the_same_captures() {
    let algebraic = [
        // Algebraic, one per line, as before.
        "Nd1xb2\nRa2xb2\nRb2xb3\n",
        // Several on a line, any separator.
        "Nd1xb2 Ra2xb2 Rb2xb3",
        "d1xb2 a2xb2 b2xb3\n",
        "d1xb2;a2xb2;b2xb3",
        "d1xb2, a2xb2, b2xb3",
        "d1-b2 a2-b2 b2-b3",
        "d1 b2; a2 b2; b2 b3",
        "d1 b2 a2 b2 b2 b3",
        "d1b2 a2b2 b2b3",
        "d1:b2 a2:b2 b2:b3",
        "Nd1:b2 Ra2:Nb2 Rb2:Bb3",
        "d1xb2 -> a2xb2 -> b2xb3",
        "d1→b2 a2→b2 b2→b3",
        "Nd1×b2 | Ra2×b2 | Rb2×b3",
        "1. Nd1xb2 2. Ra2xb2 3. Rb2xb3",
        "1) d1-b2\n2) a2-b2\n3) b2-b3\n",
        "Nxb2 RxNb2 Rxb3",
        "Nd1xb2 Ra2xb2\nRb2xb3 # the last\n",
        // Literals of algebraic captures.
        "['Nd1xb2', 'Ra2xb2', 'Rb2xb3']",
        "[\"d1xb2 a2xb2\", \"b2xb3\"]",
        "[['d1', 'b2'], ['a2', 'b2'], ['b2', 'b3']]",
        "[d1-b2, a2-b2, b2-b3]",
    ];
    // Coordinates, the challenge's reading.
    let coordinates = [
        "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]",
        "[[[3, 0], [1, 1]],\n [[0, 1], [1, 1]],\n [[1, 1], [1, 2]]]\n",
        "(((3, 0), (1, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 2)))",
        "[[3,0],[1,1]]\n[[0,1],[1,1]]\n[[1,1],[1,2]]\n",
        "3,0 1,1; 0,1 1,1; 1,1 1,2",
        "3,0 1,1\n0,1 1,1\n1,1 1,2\n",
        "(3,0)->(1,1)\n(0,1)->(1,1)\n(1,1)->(1,2)\n",
        "(3, 0) -> (1, 1), (0, 1) -> (1, 1), (1, 1) -> (1, 2)",
        "[[3,0],[1,1]] [[0,1],[1,1]] [[1,1],[1,2]]",
        "[[3,0],[1,1]], [[0,1],[1,1]], [[1,1],[1,2]]",
        "3 0 1 1\n0 1 1 1\n1 1 1 2\n",
        "[[3,0,1,1],[0,1,1,1],[1,1,1,2]]",
        "[3,0,1,1,0,1,1,1,1,1,1,2]",
        "[(3,0)-(1,1), (0,1)-(1,1), (1,1)-(1,2)]",
        "1. 3,0 1,1 2. 0,1 1,1 3. 1,1 1,2",
        // Mixed, line by line.
        "[[3,0],[1,1]]\na2xb2 b2-b3\n",
    ];
    let all = algebraic.iter().map(|t| (t, false));
    for (text, in_coordinates) in all.chain(coordinates.iter().map(|t| (t, true))) {
        let c = checked(text);
        assert!(c.is_correct(), "{text:?}: {:?}", c.problem);
        assert_eq!(captures(&c), SOLUTION, "{text:?}");
        assert!(c.notes.is_empty(), "{text:?}: {:?}", c.notes);
        assert_eq!(c.reading.is_some(), in_coordinates, "{text:?}");
        // A record reads it the same way, after the puzzle.
        let record = parse_record(&format!("{PUZZLE}\n{text}\n")).unwrap();
        let AnswerBody::Moves(moves) = record.answer.unwrap().body else {
            panic!("{text:?}: not moves");
        };
        assert_eq!(moves.len(), 3, "{text:?}");
    }
}

/// Every example of the README's table of answer forms reads as that
/// form, and its captures are legal from the puzzle the README names.
#[test]
fn every_example_of_the_readme_table_reads() {
    let readme = include_str!("../../README.md");
    let start = readme.find("### Answers").expect("the answers section");
    let section = &readme[start..];
    let table = &section[section.find("| form |").expect("the table")..];
    let table = &table[..table.find("\n\n").expect("the table's end")];
    let mut count = 0;
    for row in table.lines().skip(2) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let (form, examples) = (cells[0], cells[1]);
        let examples: Vec<&str> = examples.split('`').skip(1).step_by(2).collect();
        assert!(!examples.is_empty(), "{row}");
        for example in examples {
            count += 1;
            let answer = parse_answer(example).unwrap_or_else(|e| panic!("{example:?}: {e}"));
            match answer.body {
                AnswerBody::NoSolution => assert!(form.contains("false"), "{example:?}"),
                AnswerBody::Boards(_) => assert!(form.contains("board"), "{example:?}"),
                AnswerBody::Moves(_) => {
                    let c = checked(example);
                    let code = c.problem.as_ref().map(|p| p.reason().code());
                    assert!(
                        matches!(code, None | Some("pieces-left")),
                        "{example:?}: {code:?}"
                    );
                    assert!(c.notes.is_empty(), "{example:?}: {:?}", c.notes);
                }
            }
        }
    }
    assert!(count >= 40, "{count}");
}

/// Coordinates counted from 1, or as `[row, column]` from the top (as the
/// list of rows given is indexed): read so, because only so is the answer
/// legal, and a note says so (JSON: `coordinates`).
#[test]
fn coordinates_counted_otherwise_are_read_as_the_puzzle_allows() {
    // d1 b2 a2 b3 under each reading.
    let cases = [
        ("4,1 2,2; 1,2 2,2; 2,2 2,3", "x-y-bottom-1"),
        (
            "[[[4,1],[2,2]],[[1,2],[2,2]],[[2,2],[2,3]]]",
            "x-y-bottom-1",
        ),
        ("3,3 2,1; 2,0 2,1; 2,1 1,1", "row-column-top-0"),
        ("(4,4)->(3,2) (3,1)->(3,2) (3,2)->(2,2)", "row-column-top-1"),
        ("0,3 1,1; 1,0 1,1; 1,1 2,1", "row-column-bottom-0"),
        ("3,3 1,2; 0,2 1,2; 1,2 1,1", "x-y-top-0"),
    ];
    for (text, reading) in cases {
        let c = checked(text);
        assert!(c.is_correct(), "{text:?}: {:?}", c.problem);
        assert_eq!(captures(&c), SOLUTION, "{text:?}");
        assert_eq!(c.reading.map(Reading::name), Some(reading), "{text:?}");
        assert_eq!(note_codes(&c), ["coordinates-read"], "{text:?}");
        assert!(c.notes[0].message().contains("counted from"), "{text:?}");
    }
    // The challenge's reading, when it fits and works, is kept silently.
    assert_eq!(
        checked("3,0 1,1; 0,1 1,1; 1,1 1,2").reading,
        Some(Reading::CHALLENGE)
    );
    // Counted from 1 but wrong: the error is told under that reading.
    let c = checked("4,1 2,2; 1,2 2,2; 2,2 4,4");
    let p = c.problem.unwrap();
    assert_eq!((p.reason().code(), p.ply), ("not-a-capture", Some(3)));
    assert_eq!(c.reading.map(Reading::name), Some("x-y-bottom-1"));
}

/// Two readings under which the answer solves the puzzle with different
/// captures: the first is used, and a note names the other.
#[test]
fn two_legal_readings_that_differ_are_pointed_out() {
    // Rooks on a1, b1 and a2: b1xa1 a2xa1, or (transposed) a2xa1 b1xa1.
    let puzzle: Position = "........R...RR..".parse().unwrap();
    let answer = parse_answer("1,0 0,0; 0,1 0,0").unwrap();
    let c = check(&puzzle, &answer, &mut Solver::new(Profile::Codegolf));
    assert!(c.is_correct());
    assert_eq!(captures(&c), "b1xa1 a2xa1");
    assert_eq!(c.reading, Some(Reading::CHALLENGE));
    assert_eq!(note_codes(&c), ["coordinates-ambiguous"]);
    let NoteKind::CoordinatesAmbiguous {
        other, at, capture, ..
    } = c.notes[0].kind
    else {
        unreachable!()
    };
    assert_eq!(
        (other.name(), at, capture.to_string()),
        ("row-column-bottom-0", 1, "a2xa1".to_string())
    );
    assert!(
        c.notes[0].message().contains("capture 1 would be a2xa1"),
        "{}",
        c.notes[0].message()
    );
}

/// The challenge's third given answer is wrong, and no reading of its
/// numbers makes it right.
#[test]
fn the_wrong_given_answer_stays_wrong_under_every_reading() {
    let puzzle: Position = ".NR.B...N..B..P.".parse().unwrap();
    let text = "[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,3]]]";
    for profile in Profile::ALL {
        let c = check(
            &puzzle,
            &parse_answer(text).unwrap(),
            &mut Solver::new(profile),
        );
        let p = c.problem.expect("wrong");
        assert_eq!((p.reason().code(), p.ply), ("cannot-reach", Some(5)));
        assert_eq!(c.reading, Some(Reading::CHALLENGE));
        assert!(c.notes.is_empty());
    }
}

/// Each error says which capture it is about, besides line and column.
#[test]
fn errors_name_the_capture() {
    let given_3_off = "[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,9]]]";
    let cases: [(&str, &str, usize, &str, &str); 14] = [
        (
            given_3_off,
            "off-board",
            5,
            "[1,9]",
            "capture 5: [1, 9] is off the board",
        ),
        (
            "c1xb2 b2xd4 d4xe9",
            "off-board",
            3,
            "e9",
            "capture 3: `e9` is off the board",
        ),
        (
            "Nd1xb2\nRa2xb2\nRb2xe9\n",
            "off-board",
            3,
            "e9",
            "capture 3: `e9` is off the board",
        ),
        (
            "d1xb2;a2xb2;b2x",
            "syntax",
            3,
            "b2x",
            "capture 3: this capture has no target square",
        ),
        (
            "3,0 1,1; 0,1 1,1; 1,1",
            "syntax",
            3,
            "1,1",
            "capture 3: this capture has no target",
        ),
        (
            "d1xb2\nhello\n",
            "syntax",
            2,
            "hello",
            "capture 2: this line is not",
        ),
        (
            "[[3,0],[1,1]] [[4,1],[2,2]]",
            "off-board",
            2,
            "[4,1]",
            "capture 2: [4, 1] is off the board",
        ),
        (
            "[[0,0],[1,1]]\n[[4,1],[2,2]]\n",
            "off-board",
            2,
            "[4,1]",
            "capture 2: [4, 1] is off",
        ),
        (
            "[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1 3 5]]]",
            "syntax",
            5,
            "3",
            "capture 5: expected `,` or `]` after a list item, found `3`",
        ),
        (
            "[[[2,0],[3,1]],[[0,1],[1,3]],\n[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,3]]",
            "syntax",
            5,
            "",
            "capture 5: expected `,` or `]`",
        ),
        (
            "[[[3,0],[1,1]], [[0,1]]]",
            "syntax",
            2,
            "[[0,1]]",
            "capture 2: a board among",
        ),
        (
            "['d1xb2', 'a2xe2']",
            "off-board",
            2,
            "e2",
            "capture 2: `e2` is off the board",
        ),
        (
            "[[[3,0],[1,1]]] extra",
            "syntax",
            0,
            "extra",
            "text after the end of the value",
        ),
        (
            "hello",
            "syntax",
            0,
            "hello",
            "this line is not a board, a capture or a list",
        ),
    ];
    for (text, code, capture, spanned, says) in cases {
        let e: ParseError = parse_answer(text).expect_err(text);
        assert_eq!(e.kind.reason().code(), code, "{text:?}: {e}");
        assert_eq!(e.capture.unwrap_or(0), capture, "{text:?}: {e}");
        assert_eq!(e.span.text(text), spanned, "{text:?}: {e}");
        let headline = Problem::from(e.clone()).headline();
        assert!(headline.starts_with(says), "{text:?}: {headline}");
        // The line and column come first, as always.
        assert!(
            e.to_string()
                .starts_with(&format!("{}:{}: ", e.span.line, e.span.column))
        );
    }
    // In a record, the numbers count the answer's captures, not the
    // puzzle's lines.
    let e = parse_record(&format!("{PUZZLE}\nd1xb2\na2xb2 b2xe3\n")).unwrap_err();
    assert_eq!((e.capture, e.span.line), (Some(3), 3));
    // A puzzle's own errors have no capture number.
    let e = parse_record("c1xb2 b2xd4\n").unwrap_err();
    assert_eq!((e.kind.reason().code(), e.capture), ("syntax", None));
}

/// An answer is never taken for a board, and a board still is one.
#[test]
fn answers_are_not_boards_and_boards_still_are() {
    // 16 characters: the challenge would call it a board of no piece.
    for text in ["2,0 1,1; 1,1 3,3", "c1xb2 b2xd4 d4c4"] {
        assert_eq!(text.chars().count(), 16);
        let a = parse_answer(text).unwrap();
        assert!(
            matches!(a.body, AnswerBody::Moves(ref m) if m.len() >= 2),
            "{text:?}"
        );
    }
    // A record puzzle of 16 characters is a board whatever it holds.
    assert!(
        parse_record("2,0 1,1; 1,1 3,3\n")
            .is_err_and(|e| e.kind.reason().code() == "too-few-pieces")
    );
    // Boards of an answer: strings, rows, lists of numbers with one piece.
    for (text, boards) in [
        (".....B..RN......\n.....B...R......\n.....R..........\n", 3),
        ("[[0,0,0,0],[0,3,0,0],[0,0,0,0],[0,0,0,0]]", 1),
        ("[0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0]", 1),
        ("....\n.R..\n....\n....\n", 1),
    ] {
        let a = parse_answer(text).unwrap();
        assert!(
            matches!(a.body, AnswerBody::Boards(ref b) if b.len() == boards),
            "{text:?}: {:?}",
            a.body
        );
    }
    // Four lists of four numbers, several non-zero, all 0..=4: captures.
    let a = parse_answer("[[2,0,1,1],[1,1,3,3],[3,3,0,0],[0,0,1,0]]").unwrap();
    assert!(matches!(a.body, AnswerBody::Moves(ref m) if m.len() == 4));
    // Issue 25: `c1xb2;b2xd4` was "a board has 16 squares".
    let e = parse_answer("c1xb2;b2xd4x").unwrap_err();
    assert_eq!((e.kind.reason().code(), e.capture), ("syntax", Some(3)));
    assert!(!e.to_string().contains("16 squares"), "{e}");
}

/// A capture as written in algebraic notation: the piece, the piece taken,
/// the start and the target.
type Algebraic = (char, char, String, String);

/// Writes one capture (its number, its algebraic parts, its squares).
type WriteOne<'a> = &'a dyn Fn(usize, &Algebraic, &Capture) -> String;

/// A legal sequence of captures written in each form.
fn write(form: usize, start: &Position, captures: &[Capture]) -> String {
    let mut pos = *start;
    let mut alg = Vec::new();
    for c in captures {
        let piece = pos.piece_at(c.from).map_or('?', Piece::letter);
        let taken = pos.piece_at(c.to).map_or('?', Piece::letter);
        alg.push((piece, taken, c.from.to_string(), c.to.to_string()));
        pos = pos.play_unchecked(*c);
    }
    let xy = |s: Square| (s.x(), s.y());
    let join = |f: WriteOne<'_>, sep: &str| {
        alg.iter()
            .zip(captures)
            .enumerate()
            .map(|(i, (a, c))| f(i, a, c))
            .collect::<Vec<_>>()
            .join(sep)
    };
    match form {
        0 => join(&|_, (p, _, f, t), _| format!("{p}{f}x{t}"), " "),
        1 => join(&|_, (_, _, f, t), _| format!("{f}x{t}"), ";"),
        2 => join(&|_, (_, _, f, t), _| format!("{f}-{t}"), ", "),
        3 => join(&|_, (_, _, f, t), _| format!("{f} {t}"), "\n"),
        4 => join(&|_, (_, _, f, t), _| format!("{f}{t}"), " "),
        5 => join(
            &|i, (p, k, f, t), _| format!("{}. {p}{f}:{k}{t}", i + 1),
            " ",
        ),
        6 => join(&|_, (p, _, f, t), _| format!("'{p}{f}x{t}'"), ", "),
        7 => join(
            &|_, _, c| {
                let ((a, b), (x, y)) = (xy(c.from), xy(c.to));
                format!("{a},{b} {x},{y}")
            },
            "; ",
        ),
        8 => join(
            &|_, _, c| {
                let ((a, b), (x, y)) = (xy(c.from), xy(c.to));
                format!("({a}, {b}) -> ({x}, {y})")
            },
            "\n",
        ),
        9 => format!(
            "[{}]",
            join(
                &|_, _, c| {
                    let ((a, b), (x, y)) = (xy(c.from), xy(c.to));
                    format!("[[{a},{b}],[{x},{y}]]")
                },
                ","
            )
        ),
        _ => join(
            &|_, _, c| {
                let ((a, b), (x, y)) = (xy(c.from), xy(c.to));
                format!("{a} {b} {x} {y}")
            },
            "\n",
        ),
    }
}

const FORMS: usize = 11;

/// `captures` written under `reading`: `[[a, b], [c, d]]` pairs.
fn write_read(reading: Reading, captures: &[Capture]) -> String {
    let numbers = |s: Square| -> (u8, u8) {
        (0u8..5)
            .flat_map(|a| (0u8..5).map(move |b| (a, b)))
            .find(|&(a, b)| reading.fits([a, b]) && reading.square([a, b]) == Some(s))
            .expect("every square has numbers")
    };
    let each: Vec<String> = captures
        .iter()
        .map(|c| {
            let ((a, b), (x, y)) = (numbers(c.from), numbers(c.to));
            format!("[[{a},{b}],[{x},{y}]]")
        })
        .collect();
    format!("[{}]", each.join(","))
}

proptest! {
    /// A legal answer of a random puzzle, in each form, reads back to its
    /// captures (or, in coordinates, to a solution under another reading
    /// when the captures written do not solve the puzzle).
    #[test]
    fn every_form_of_a_legal_answer_reads_back(
        pos in position(),
        profile in profile(),
        picks in prop::collection::vec(any::<usize>(), 1..15),
    ) {
        prop_assume!(pos.len() >= 2);
        let captures = playout(&pos, profile, &picks);
        prop_assume!(!captures.is_empty());
        let solves = pos.len() - captures.len() == 1;
        let mut solver = Solver::new(profile);
        for form in 0..FORMS {
            let text = write(form, &pos, &captures);
            let answer = parse_answer(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
            let c = check(&pos, &answer, &mut solver);
            if c.captures() != captures {
                // Only coordinates may be read otherwise, and only into a
                // solution that the captures as written are not.
                prop_assert!(c.reading.is_some_and(|r| r != Reading::CHALLENGE), "{}: {:?}", text, c.problem);
                prop_assert!(!solves && c.is_correct(), "{}", text);
            } else {
                prop_assert_eq!(c.is_correct(), solves, "{}", text);
            }
        }
        for reading in Reading::ALL {
            let text = write_read(reading, &captures);
            let c = check(&pos, &parse_answer(&text).unwrap(), &mut solver);
            // The reading written, or one tried before it that makes the
            // answer legal (a solution if the one written is one).
            let used = c.reading.expect("coordinates");
            let rank = |r: Reading| Reading::ALL.iter().position(|&x| x == r);
            // A later reading only for a solution the one written is not.
            prop_assert!(rank(used) <= rank(reading) || (c.is_correct() && !solves), "{}", text);
            if used == reading {
                prop_assert_eq!(c.captures(), captures.clone());
            }
            prop_assert!(c.problem.is_none() || c.problem.as_ref().is_some_and(|p| p.reason().code() == "pieces-left"), "{}", text);
            if solves {
                prop_assert!(c.is_correct(), "{}", text);
            }
        }
    }

    /// Near misses of every form never panic, and every error has words.
    #[test]
    fn near_miss_answers_never_panic(
        text in "[a-eKQRBNPxX:;,\\- >()\\[\\]'0-5.\n]{0,60}",
        pos in position(),
    ) {
        match parse_answer(&text) {
            Ok(answer) => {
                let c = check(&pos, &answer, &mut Solver::with_max_slots(Profile::Codegolf, 1024));
                for n in &c.notes {
                    prop_assert!(!n.message().is_empty());
                }
            }
            Err(e) => {
                let p = Problem::from(e.clone());
                prop_assert!(!p.message().is_empty() && !p.label().is_empty());
                prop_assert!(e.span.end <= text.len());
            }
        }
        let _ = parse_record(&format!("{PUZZLE}\n{text}"));
    }
}
