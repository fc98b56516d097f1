//! Every input and output form, worked examples with their places, and the
//! reason code of each malformed input.

use asalto_solitaire::format::{
    AnswerBody, BoardForm, NoteKind, ParseError, parse_answer, parse_board, parse_puzzle,
    parse_puzzle_set, parse_record,
};
use asalto_solitaire::{Position, Profile};

const SAMPLE: &str = ".....B..RP.....N";

fn sample() -> Position {
    SAMPLE.parse().unwrap()
}

fn code(e: ParseError) -> &'static str {
    e.kind.reason().code()
}

/// A reason code, the text at the error's place, its line and column.
type Expected<'a> = (&'a str, &'a str, usize, usize);

/// The reason code and the text at the error's place.
fn error_at(
    result: Result<impl std::fmt::Debug, ParseError>,
    source: &str,
) -> (&'static str, String, usize, usize) {
    let e = result.expect_err("an error");
    let span = e.span;
    (
        code(e),
        span.text(source).to_string(),
        span.line,
        span.column,
    )
}

#[test]
fn every_input_form_reads_the_same_puzzle() {
    let forms: [(&str, BoardForm); 11] = [
        (".....B..RP.....N", BoardForm::String),
        ("....\n.B..\nRP..\n...N\n", BoardForm::Rows),
        ("....\r\n.B..\r\nRP..\r\n...N\r\n", BoardForm::Rows),
        (
            ". . . .\n. B . .\nR P . .\n. . . N\n",
            BoardForm::SpacedRows,
        ),
        ("____-B--RP-*-*-N", BoardForm::String),
        (
            "[['.', '.', '.', '.'], ['.', 'B', '.', '.'], ['R', 'P', '.', '.'], ['.', '.', '.', 'N']]",
            BoardForm::Letters,
        ),
        (
            "[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5]]",
            BoardForm::Numbers,
        ),
        (
            "((0,0,0,0),(0,4,0,0),(3,6,0,0),(0,0,0,5))",
            BoardForm::Numbers,
        ),
        (
            "[[1, 2, 'B'], [0, 1, 'R'], [1, 1, 'P'], [3, 0, 'N']]",
            BoardForm::Coordinates,
        ),
        (
            "[[1, 2, \"B\"], [0, 1, \"R\"], [1, 1, \"P\"], [3, 0, \"N\"]]\n",
            BoardForm::Coordinates,
        ),
        ("['....', '.B..', 'RP..', '...N']", BoardForm::RowStrings),
    ];
    for (text, form) in forms {
        let puzzle = parse_puzzle(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(puzzle.position, sample(), "{text:?}");
        assert_eq!(puzzle.form, form, "{text:?}");
    }
    let flat = "['.','.','.','.','.','B','.','.','R','P','.','.','.','.','.','N']";
    assert_eq!(parse_puzzle(flat).unwrap().form, BoardForm::Flat);
    assert_eq!(
        parse_board("\"....\\n.B..\\nRP..\\n...N\"").unwrap(),
        sample()
    );
    // The challenge's own rule: any character but KQRBNP is empty, `#` too.
    assert_eq!(parse_board("#####B##RP#####N").unwrap(), sample());
}

#[test]
fn lower_case_letters_are_empty_squares_with_a_note() {
    let puzzle = parse_puzzle(".....b..RP.....N").unwrap();
    assert_eq!(puzzle.position.len(), 3);
    assert_eq!(puzzle.notes.len(), 1);
    assert_eq!(
        puzzle.notes[0].kind,
        NoteKind::LowercaseLetter { letter: 'b' }
    );
    assert_eq!(
        (puzzle.notes[0].span.line, puzzle.notes[0].span.column),
        (1, 6)
    );
    let spaced = parse_puzzle("  .....B..RP.....N ").unwrap();
    assert_eq!(spaced.notes[0].kind, NoteKind::TrimmedSpaces);
}

#[test]
fn malformed_puzzles_say_where_and_why() {
    let cases: [(&str, Expected<'_>); 12] = [
        (".....B..RP....N", ("board-size", ".....B..RP....N", 1, 1)),
        ("....\n.B..\nRP.\n...N\n", ("board-size", "RP.", 3, 1)),
        (
            "....\n.B..\nRP..\n",
            ("board-size", "....\n.B..\nRP..", 1, 1),
        ),
        (
            "[[0,0,'K'],[3,3,'Q'],[0,0,'R']]",
            ("duplicate-square", "[0,0,'R']", 1, 22),
        ),
        ("[[0,0,'K'],[4,0,'Q']]", ("off-board", "[4,0,'Q']", 1, 12)),
        (
            "[[0,0,0,0],[0,4,0,0],[3,7,0,0],[0,0,0,5]]",
            ("bad-piece", "7", 1, 25),
        ),
        ("[[0,0,'K'],[1,0,'x']]", ("bad-piece", "'x'", 1, 17)),
        (
            "[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5]",
            ("syntax", "", 1, 41),
        ),
        (
            "[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5)]",
            ("syntax", ")", 1, 40),
        ),
        (
            "...N............",
            ("too-few-pieces", "...N............", 1, 1),
        ),
        (
            "...N............\n",
            ("too-few-pieces", "...N............", 1, 1),
        ),
        ("# just a comment line\n", ("syntax", "", 2, 1)),
    ];
    for (text, (expected_code, spanned, line, column)) in cases {
        let (c, t, l, col) = error_at(parse_puzzle(text), text);
        assert_eq!(
            (c, t.as_str(), l, col),
            (expected_code, spanned, line, column),
            "{text:?}"
        );
    }
    // A row of the wrong length is named with its place.
    let text = "....\n.B..\nRP.\n...N\n";
    let e = parse_puzzle(text).unwrap_err();
    assert_eq!(e.span.text(text), "RP.");
    // Fewer than two pieces: undefined by the challenge; a hint for digits.
    let e = parse_puzzle("0000005000600000").unwrap_err();
    assert_eq!(code(e.clone()), "too-few-pieces");
    let problem = asalto_solitaire::Problem::from(e);
    assert!(problem.help().unwrap_or_default().contains("digits"));
}

#[test]
fn a_board_taken_for_a_comment_is_pointed_out() {
    let text = "#..K.....R....B.\n";
    // On its own, a 16-character string is a board whatever its characters.
    assert_eq!(parse_board(text).unwrap().len(), 3);
    // In a record, a line starting with `#` is a comment.
    let e = parse_record(text).unwrap_err();
    let help = asalto_solitaire::Problem::from(e)
        .help()
        .unwrap_or_default();
    assert!(help.contains("line 1 starts with `#`"), "{help}");
}

#[test]
fn every_answer_form() {
    let moves = [
        "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]",
        "[[[3, 0], [1, 1]], [[0, 1], [1, 1]], [[1, 1], [1, 2]]]\n",
        "[((3,0),(1,1)),((0,1),(1,1)),((1,1),(1,2))]",
        "[[3,0],[1,1]]\n[[0,1],[1,1]]\n[[1,1],[1,2]]\n",
        "Nd1xb2\nRa2xb2\nRb2xb3\n",
        "Nxb2\nRxNb2\nRxb3\n",
        "d1xb2\na2-b2\nb2b3\n",
        "1. Nd1xPb2\n2. Ra2xNb2   # the rook\n3. Rb2xBb3\n",
    ];
    for text in moves {
        let answer = parse_answer(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let AnswerBody::Moves(m) = answer.body else {
            panic!("{text:?}: not moves");
        };
        assert_eq!(m.len(), 3, "{text:?}");
        assert_eq!(m[2].written.to.to_string(), "b3", "{text:?}");
    }
    let boards = [
        ".....B..RN......\n.....B...R......\n.....R..........\n",
        "....\n.B..\n.N..\n....\n\n....\n.B..\n.R..\n....\n\n....\n.R..\n....\n....\n",
        "['.....B..RN......', '.....B...R......', '.....R..........']",
        "[[[1,2,'B'],[0,1,'R'],[1,1,'N']], [[1,2,'B'],[1,1,'R']], [[1,2,'R']]]",
        "[[[0,0,0,0],[0,4,0,0],[3,5,0,0],[0,0,0,0]],[[0,0,0,0],[0,4,0,0],[0,3,0,0],[0,0,0,0]],[[0,0,0,0],[0,3,0,0],[0,0,0,0],[0,0,0,0]]]",
    ];
    for text in boards {
        let answer = parse_answer(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let AnswerBody::Boards(b) = answer.body else {
            panic!("{text:?}: not boards");
        };
        assert_eq!(b.len(), 3, "{text:?}");
        assert_eq!(b[2].position.to_string(), ".....R..........", "{text:?}");
    }
    for no in [
        "0",
        "0.0",
        "''",
        "\"\"",
        "[]",
        "()",
        "None",
        "False",
        "false",
        "null",
        "nil",
        "none",
        "no solution",
        "",
        "\n\n",
        "# nothing\n",
    ] {
        assert_eq!(
            parse_answer(no).unwrap().body,
            AnswerBody::NoSolution,
            "{no:?}"
        );
    }
}

#[test]
fn malformed_answers_say_where_and_why() {
    let cases: [(&str, Expected<'_>); 7] = [
        (
            "[[[3,0],[1,1]],[[0,1],[1,5]]]",
            ("off-board", "[1,5]", 1, 23),
        ),
        ("Nd1xb2\nRa2xe2\n", ("off-board", "e2", 2, 5)),
        ("Nd1xb2\nhello world\n", ("syntax", "hello world", 2, 1)),
        (
            "Nd1xb2\n.....B...R......\n",
            ("syntax", ".....B...R......", 2, 1),
        ),
        ("[[[3,0],[1,1]], 'x']", ("syntax", "'x'", 1, 17)),
        ("[[[3,0],[1,1]]] extra", ("syntax", "extra", 1, 17)),
        ("Nd1xb2\n0\n", ("syntax", "0", 2, 1)),
    ];
    for (text, (expected_code, spanned, line, column)) in cases {
        let (c, t, l, col) = error_at(parse_answer(text), text);
        assert_eq!(
            (c, t.as_str(), l, col),
            (expected_code, spanned, line, column),
            "{text:?}"
        );
    }
}

#[test]
fn records_with_rules_comments_and_every_answer_form() {
    let text = "# a record\nrules: thinkfun\n\n....\n.B..\nRP..\n...N\n# the answer\nNd1xb2  # knight first\n[[0,1],[1,1]]\nRb2xb3\n";
    let record = parse_record(text).unwrap();
    assert_eq!(record.profile.map(|(p, _)| p), Some(Profile::Thinkfun));
    assert_eq!(record.puzzle.position, sample());
    assert_eq!((record.puzzle.span.line, record.puzzle.span.column), (4, 1));
    let Some(AnswerBody::Moves(moves)) = record.answer.map(|a| a.body) else {
        panic!("moves");
    };
    let places: Vec<(usize, usize, String)> = moves
        .iter()
        .map(|m| (m.span.line, m.span.column, m.span.text(text).to_string()))
        .collect();
    assert_eq!(
        places,
        [
            (9, 1, "Nd1xb2".to_string()),
            (10, 1, "[[0,1],[1,1]]".to_string()),
            (11, 1, "Rb2xb3".to_string())
        ]
    );
    assert!(moves[1].coordinates && !moves[0].coordinates);
    assert_eq!(moves[0].from_span.map(|s| s.text(text)), Some("d1"));

    let no = parse_record(".....B..RP.....N\nno solution\n").unwrap();
    assert_eq!(no.answer.map(|a| a.body), Some(AnswerBody::NoSolution));
    assert!(parse_record(".....B..RP.....N\n").unwrap().answer.is_none());

    let e = parse_record("rules: chess\n.....B..RP.....N\n").unwrap_err();
    assert_eq!(
        (
            code(e.clone()),
            e.span.text("rules: chess\n.....B..RP.....N\n")
        ),
        ("unknown-profile", "chess")
    );
    let e = parse_record("level: 3\n.....B..RP.....N\n").unwrap_err();
    assert_eq!(code(e), "syntax");
    let e = parse_record(".....B..RP.....N\nrules: thinkfun\n").unwrap_err();
    assert_eq!(code(e), "syntax");
}

#[test]
fn puzzle_sets_go_on_after_a_bad_line() {
    let text = "# set\n...N.....R....B.\n[[0,0,5,0],[0,0,0,0],[0,0,0,0],[0,0,5,0]]\n.....B..RP....N\n\n....\n.B..\nRP..\n...N\n(((\n.P.NK.....B...RQ\n";
    let set = parse_puzzle_set(text);
    let codes: Vec<&str> = set
        .iter()
        .map(|r| r.as_ref().map_or_else(|e| e.kind.reason().code(), |_| "ok"))
        .collect();
    assert_eq!(codes, ["ok", "ok", "board-size", "ok", "syntax", "ok"]);
    assert_eq!(set[5].as_ref().map(|p| p.span.line), Ok(11));
}
