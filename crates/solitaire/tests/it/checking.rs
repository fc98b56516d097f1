//! `check`: the first wrong capture of an answer and its reason, for every
//! reason code, with the place and the position before it.

use std::collections::BTreeSet;

use asalto_solitaire::check::{check, check_record};
use asalto_solitaire::format::{BoardForm, parse_answer, parse_record, write};
use asalto_solitaire::{Position, Problem, ProblemKind, Profile, Reason, Solver, Verdict};

use crate::challenge::CASES;

/// A record's verdict: the reason code (`ok` if right), the capture number
/// and the text the problem points at.
fn verdict(record: &str) -> (&'static str, Option<usize>, String) {
    let problem = match parse_record(record) {
        Err(e) => Problem::from(e),
        Ok(r) => {
            match check_record(&r, &mut Solver::new(r.profile_or(Profile::Codegolf))).problem {
                Some(p) => p,
                None => return ("ok", None, String::new()),
            }
        }
    };
    let text = problem.span.map_or("", |s| s.text(record)).to_string();
    (problem.reason().code(), problem.ply, text)
}

/// Records that each end in one reason, with the capture and the text it
/// points at.
/// A reason code, the capture number and the text pointed at.
type Outcome = (&'static str, Option<usize>, &'static str);

const CASES_BY_REASON: [(&str, Outcome); 25] = [
    (
        ".....B..RP.....N\nNd1xb2\nRa2xb2\nRb2xb3\n",
        ("ok", None, ""),
    ),
    (
        "rules: thinkfun\nP....R..R.R..R..\nno solution\n",
        ("ok", None, ""),
    ),
    (
        ".....B..RP.....N\nNd1xb2\nfoo bar\n",
        ("syntax", Some(2), "foo bar"),
    ),
    (
        ".....B..RP....N\nNd1xb2\n",
        ("board-size", None, ".....B..RP....N"),
    ),
    ("[[0,0,'K'],[0,4,'Q']]\n", ("off-board", None, "[0,4,'Q']")),
    (".....B..RP.....N\nNd1xb5\n", ("off-board", Some(1), "b5")),
    ("[[0,0,'K'],[1,1,'Z']]\n", ("bad-piece", None, "'Z'")),
    (
        "[[0,0,'K'],[1,1,'Q'],[0,0,'R']]\n",
        ("duplicate-square", None, "[0,0,'R']"),
    ),
    (
        "...N............\n",
        ("too-few-pieces", None, "...N............"),
    ),
    (
        "rules: fide\n.....B..RP.....N\n",
        ("unknown-profile", None, "fide"),
    ),
    (
        ".....B..RP.....N\nNd1xb2\nNd1xb2\n",
        ("no-piece", Some(2), "d1"),
    ),
    (".....B..RP.....N\nQxPb2\n", ("no-piece", Some(1), "Q")),
    (".....B..RP.....N\nBd1xb2\n", ("wrong-piece", Some(1), "B")),
    (".....B..RP.....N\nNd1xRb2\n", ("wrong-piece", Some(1), "R")),
    (
        ".....B..RP.....N\nd1xd1\n",
        ("same-square", Some(1), "d1xd1"),
    ),
    (
        ".....B..RP.....N\nNd1xc3\n",
        ("not-a-capture", Some(1), "c3"),
    ),
    (
        ".....B..RP.....N\nRa2xb3\n",
        ("cannot-reach", Some(1), "Ra2xb3"),
    ),
    (".....B..RP.....N\nNxBb3\n", ("cannot-reach", Some(1), "b3")),
    (
        "R.BQ............\n[[0,3],[3,3]]\n",
        ("blocked", Some(1), "[[0,3],[3,3]]"),
    ),
    ("R.N...........R.\nRxNc4\n", ("ambiguous", Some(1), "RxNc4")),
    (
        ".....B..RP.....N\n.....B..RN......\n........RN......\n",
        ("not-one-capture", Some(2), "........RN......"),
    ),
    (
        "...N.....R....B.\n[[[2,0],[1,1]],[[1,1],[3,3]],[[3,3],[0,0]]]\n",
        ("after-solved", Some(3), "[[3,3],[0,0]]"),
    ),
    (
        ".....B..RP.....N\nRa2xb2\n",
        ("pieces-left", Some(1), "Ra2xb2"),
    ),
    (".....B..RP.....N\n0\n", ("claims-no-solution", None, "0")),
    (
        ".....B..RP.....N\n",
        ("no-answer", None, ".....B..RP.....N"),
    ),
];

#[test]
fn every_reason_code_with_its_place() {
    let mut seen = BTreeSet::new();
    for (record, (code, ply, text)) in CASES_BY_REASON {
        let got = verdict(record);
        assert_eq!(
            (got.0, got.1, got.2.as_str()),
            (code, ply, text),
            "{record:?}"
        );
        seen.insert(code);
    }
    let all: BTreeSet<&str> = Reason::ALL.iter().map(|r| r.code()).chain(["ok"]).collect();
    assert_eq!(seen, all, "every reason code has a case");
}

#[test]
fn every_problem_has_words_and_the_position_before_it() {
    for (record, (code, ply, _)) in CASES_BY_REASON {
        if code == "ok" {
            continue;
        }
        let problem = match parse_record(record) {
            Err(e) => Problem::from(e),
            Ok(r) => check_record(&r, &mut Solver::new(r.profile_or(Profile::Codegolf)))
                .problem
                .expect("a problem"),
        };
        assert!(
            !problem.message().is_empty() && !problem.label().is_empty(),
            "{record:?}"
        );
        assert!(problem.help().is_some_and(|h| !h.is_empty()), "{record:?}");
        assert!(
            problem.to_string().ends_with(&format!("[{code}]")),
            "{problem}"
        );
        assert_eq!(Reason::from_code(code), Some(problem.reason()));
        // A syntax error in an answer names its capture, but no position:
        // the answer was not replayed.
        if ply.is_some() && !matches!(problem.kind, ProblemKind::Parse(_)) {
            let before = problem.before.expect("the position before the capture");
            let record = parse_record(record).expect("a record");
            // Replaying the good captures gives the position before the bad one.
            let checked = check_record(
                &record,
                &mut Solver::new(record.profile_or(Profile::Codegolf)),
            );
            assert_eq!(before, checked.position(), "{record:?}");
        }
    }
}

#[test]
fn messages_say_what_and_where() {
    let problem = |record: &str| {
        let r = parse_record(record).unwrap();
        check_record(&r, &mut Solver::new(r.profile_or(Profile::Codegolf)))
            .problem
            .unwrap()
    };
    let p = problem("R.BQ............\n[[0,3],[3,3]]\n");
    assert_eq!(
        p.message(),
        "the rook on a4 cannot reach d4: the bishop on c4 is in the way"
    );
    let p = problem(".....B..RP.....N\nRa2xb2\n");
    assert_eq!(
        p.message(),
        "the answer ends with 3 pieces on the board; a solution leaves one"
    );
    assert_eq!(
        p.help().as_deref(),
        Some(
            "after capture 1 no solution was possible any more; the captures up to then were legal"
        )
    );
    let p = problem(".....B..RP.....N\nNd1xb2\n");
    assert_eq!(
        p.help().as_deref(),
        Some("the puzzle can still be solved from here: Ra2xb2 Rb2xb3")
    );
    let p = problem(".....B..RP.....N\n0\n");
    assert_eq!(
        p.help().as_deref(),
        Some("one solution: Nd1xb2 Ra2xb2 Rb2xb3 ([[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]])")
    );
    let p = problem(".....B..RP.....N\n.....B..RN......\n........RN......\n");
    assert_eq!(
        p.message(),
        "this board is not the one before it after one capture: the bishop leaves b3 and appears nowhere"
    );
    let p = problem(".....B..RP.....N\n.....B..RQ......\n");
    assert_eq!(
        p.message(),
        "this board is not the one before it after one capture: b2 now holds a queen, not the knight from d1"
    );
    let p = problem(".....B..RP.....N\n.....B..RP..K..N\n");
    assert_eq!(
        p.message(),
        "this board is not the one before it after one capture: a piece appears on a1; no square is emptied"
    );
    let p = problem(".....B..RP.....N\nRa2xb3\n");
    assert_eq!(
        p.help().as_deref(),
        Some("a rook captures along ranks and files; the rook on a2 can capture on b2 here")
    );
    let p = problem("R.N...........R.\nRxNc4\n");
    assert_eq!(p.message(), "several captures fit: Rc1xc4, Ra4xc4");
    assert_eq!(
        p.help().as_deref(),
        Some("write the start square too, like `Rc1xc4`")
    );
}

#[test]
fn answers_as_boards_in_every_form() {
    for (i, (puzzle, answer)) in CASES.iter().enumerate() {
        let pos: Position = puzzle.parse().unwrap();
        let mut solver = Solver::new(Profile::Codegolf);
        let moves = check(&pos, &parse_answer(answer).unwrap(), &mut solver);
        let captures = moves.captures();
        for form in [
            BoardForm::String,
            BoardForm::Rows,
            BoardForm::Letters,
            BoardForm::Numbers,
            BoardForm::Coordinates,
        ] {
            // The challenge's wrong answer (case 3) written as boards: its
            // fifth board is no legal capture, since the pawn cannot reach.
            let mut all = captures.clone();
            if i == 2 {
                all.push(asalto_solitaire::Capture::new(
                    "d2".parse().unwrap(),
                    "b4".parse().unwrap(),
                ));
            }
            let text = write::boards(&pos, &all, form);
            let boards = check(&pos, &parse_answer(&text).unwrap(), &mut solver);
            assert_eq!(boards.captures().len(), captures.len(), "{puzzle} {form:?}");
            if i == 2 {
                let p = boards.problem.expect("wrong");
                assert_eq!((p.reason().code(), p.ply), ("cannot-reach", Some(5)));
            } else {
                assert_eq!(
                    boards.verdict(),
                    Verdict::Solved,
                    "{puzzle} {form:?}: {:?}",
                    boards.problem
                );
                // Same-kind captures (a rook taking a rook) are found too.
                assert_eq!(boards.captures(), captures, "{puzzle} {form:?}");
            }
        }
    }
}

#[test]
fn a_sequence_of_boards_may_start_with_the_puzzle() {
    let pos: Position = ".....B..RP.....N".parse().unwrap();
    let answer =
        parse_answer(".....B..RP.....N\n.....B..RN......\n.....B...R......\n.....R..........\n")
            .unwrap();
    let checked = check(&pos, &answer, &mut Solver::new(Profile::Codegolf));
    assert!(checked.is_correct());
    assert_eq!(checked.notes.len(), 1);
    assert_eq!(checked.notes[0].kind.code(), "start-board-repeated");
}
