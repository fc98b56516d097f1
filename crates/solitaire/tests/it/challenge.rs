//! The challenge's six test cases: each puzzle with the answer the challenge
//! gives for it. One of those answers is not a valid solution (the puzzle
//! itself is solvable); the reference finds which, and the engine must
//! reject exactly that one, for the right reason.

use asalto_solitaire::check::check;
use asalto_solitaire::format::{AnswerBody, parse_answer, parse_puzzle};
use asalto_solitaire::{IllegalCapture, Position, ProblemKind, Profile, ResolveError, Solver};

use crate::reference::{self, RefMove};

/// The six cases as the challenge states them.
pub const CASES: [(&str, &str); 6] = [
    ("...N.....R....B.", "[[[2,0],[1,1]],[[1,1],[3,3]]]"),
    (
        ".....B..RP.....N",
        "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]",
    ),
    (
        ".NR.B...N..B..P.",
        "[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,3]]]",
    ),
    (
        "...N...RRBB.NPP.",
        "[[[2,1],[3,2]],[[1,1],[3,3]],[[3,2],[1,0]],[[3,3],[0,0]],[[0,1],[0,0]],[[0,0],[1,0]],[[1,0],[2,0]]]",
    ),
    (
        "P....R..R.R..R..",
        "[[[0,3],[1,2]],[[1,2],[2,1]],[[2,1],[1,0]],[[1,0],[0,1]]]",
    ),
    (
        ".P.NK.....B...RQ",
        "[[[3,0],[2,0]],[[2,0],[2,1]],[[3,3],[2,1]],[[2,1],[1,3]],[[0,2],[1,3]]]",
    ),
];

/// The answer's moves read by hand, independently of the engine's parser.
fn ref_moves(answer: &str) -> Vec<RefMove> {
    let numbers: Vec<i32> = answer
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    numbers
        .chunks(4)
        .map(|c| (c[0], c[1], c[2], c[3]))
        .collect()
}

#[test]
fn the_reference_finds_exactly_one_wrong_answer_to_a_solvable_puzzle() {
    let wrong: Vec<usize> = CASES
        .iter()
        .enumerate()
        .filter(|(_, (puzzle, answer))| {
            !reference::is_solution(&reference::parse(puzzle), &ref_moves(answer), false)
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(wrong, [2], "case 3 is the one whose given answer is wrong");
    let board = reference::parse(CASES[2].0);
    assert!(
        reference::count(&board, false) > 0,
        "its puzzle is solvable"
    );
}

#[test]
fn the_engine_accepts_the_five_right_answers() {
    let mut solver = Solver::new(Profile::Codegolf);
    for (i, (puzzle, answer)) in CASES.iter().enumerate() {
        if i == 2 {
            continue;
        }
        let pos = parse_puzzle(puzzle).unwrap().position;
        let checked = check(&pos, &parse_answer(answer).unwrap(), &mut solver);
        assert!(
            checked.is_correct(),
            "case {}: {:?}",
            i + 1,
            checked.problem
        );
        assert_eq!(checked.position().len(), 1);
    }
}

#[test]
fn the_engine_rejects_the_wrong_answer_at_its_fifth_capture() {
    let (puzzle, answer) = CASES[2];
    let pos = parse_puzzle(puzzle).unwrap().position;
    for profile in Profile::ALL {
        let mut solver = Solver::new(profile);
        let checked = check(&pos, &parse_answer(answer).unwrap(), &mut solver);
        assert_eq!(checked.plies.len(), 4, "the first four captures are legal");
        let problem = checked.problem.expect("the answer is wrong");
        assert_eq!(problem.reason().code(), "cannot-reach");
        assert_eq!(problem.ply, Some(5));
        // The pawn that took d2 stands there, two diagonal squares from b4.
        let sq = |s: &str| s.parse().unwrap();
        assert_eq!(
            problem.kind,
            ProblemKind::Illegal(ResolveError::Illegal(IllegalCapture::CannotReach {
                piece: asalto_solitaire::Piece::Pawn,
                from: sq("d2"),
                to: sq("b4"),
                other_profile_allows: false,
            }))
        );
        let span = problem.span.expect("a place in the text");
        assert_eq!(span.text(answer), "[[3,1],[1,3]]");
        assert_eq!(
            problem.before.map(|p| p.to_string()).as_deref(),
            Some(".R.........P....")
        );
        // ... and the puzzle has solutions, one of which the reference accepts.
        let solution = solver.solve(&pos).expect("solvable");
        let moves: Vec<RefMove> = solution
            .iter()
            .map(|c| (c.from.x(), c.from.y(), c.to.x(), c.to.y()))
            .collect();
        let thinkfun = profile == Profile::Thinkfun;
        assert!(reference::is_solution(
            &reference::parse(puzzle),
            &moves,
            thinkfun
        ));
    }
}

#[test]
fn counts_agree_with_the_reference_under_both_profiles() {
    for (puzzle, _) in CASES {
        let pos: Position = puzzle.parse().unwrap();
        for profile in Profile::ALL {
            let expected =
                reference::count(&reference::parse(puzzle), profile == Profile::Thinkfun);
            assert_eq!(
                Solver::new(profile).count(&pos),
                expected,
                "{puzzle} {profile}"
            );
        }
    }
}

#[test]
fn one_case_has_14_solutions_under_codegolf_and_none_under_thinkfun() {
    let changes: Vec<(&str, u128, u128)> = CASES
        .iter()
        .map(|(puzzle, _)| {
            let pos: Position = puzzle.parse().unwrap();
            let golf = Solver::new(Profile::Codegolf).count(&pos);
            let fun = Solver::new(Profile::Thinkfun).count(&pos);
            (*puzzle, golf, fun)
        })
        .filter(|&(_, golf, fun)| golf > 0 && fun == 0)
        .collect();
    assert_eq!(changes, [("P....R..R.R..R..", 14, 0)]);

    // Its given answer starts with the pawn capturing downwards: legal under
    // codegolf, `cannot-reach` under thinkfun, which names codegolf.
    let (puzzle, answer) = CASES[4];
    let pos: Position = puzzle.parse().unwrap();
    let answer = parse_answer(answer).unwrap();
    assert!(check(&pos, &answer, &mut Solver::new(Profile::Codegolf)).is_correct());
    let checked = check(&pos, &answer, &mut Solver::new(Profile::Thinkfun));
    let problem = checked.problem.expect("wrong under thinkfun");
    assert_eq!(
        (problem.reason().code(), problem.ply),
        ("cannot-reach", Some(1))
    );
    assert!(matches!(
        problem.kind,
        ProblemKind::Illegal(ResolveError::Illegal(IllegalCapture::CannotReach {
            other_profile_allows: true,
            ..
        }))
    ));
    let help = problem.help().unwrap_or_default();
    assert!(
        help.contains("under `codegolf` this capture would be legal"),
        "{help}"
    );
}

#[test]
fn a_false_value_is_right_only_for_an_unsolvable_puzzle() {
    let pos: Position = "P....R..R.R..R..".parse().unwrap();
    for no in ["0", "None", "False", "[]", "''", "", "null", "no solution"] {
        let answer = parse_answer(no).unwrap();
        assert_eq!(answer.body, AnswerBody::NoSolution, "{no:?}");
        let mut fun = Solver::new(Profile::Thinkfun);
        assert!(check(&pos, &answer, &mut fun).is_correct(), "{no:?}");
        let mut golf = Solver::new(Profile::Codegolf);
        let problem = check(&pos, &answer, &mut golf)
            .problem
            .expect("solvable under codegolf");
        assert_eq!(problem.reason().code(), "claims-no-solution");
        match problem.kind {
            ProblemKind::ClaimsNoSolution { solution, count } => {
                assert_eq!(count, Some(14));
                let moves: Vec<RefMove> = solution
                    .iter()
                    .map(|c| (c.from.x(), c.from.y(), c.to.x(), c.to.y()))
                    .collect();
                assert!(reference::is_solution(
                    &reference::parse("P....R..R.R..R.."),
                    &moves,
                    false
                ));
            }
            other => panic!("{other:?}"),
        }
    }
}
