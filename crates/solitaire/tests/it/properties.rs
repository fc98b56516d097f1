//! Property tests: legality against the reference, every format round
//! trip, parsers that never panic, generated puzzles unique per the
//! reference.

use proptest::prelude::*;

use asalto_solitaire::check::{check, check_record};
use asalto_solitaire::format::{
    AnswerBody, BoardForm, RecordAnswer, parse_answer, parse_board, parse_puzzle, parse_puzzle_set,
    parse_record, write, write_record,
};
use asalto_solitaire::generate::{Generator, Options};
use asalto_solitaire::{Capture, Piece, Position, Profile, Solver, Square, boards_after};

use crate::reference::{self, RefMove};

const FORMS: [BoardForm; 8] = [
    BoardForm::String,
    BoardForm::Rows,
    BoardForm::SpacedRows,
    BoardForm::Letters,
    BoardForm::Numbers,
    BoardForm::RowStrings,
    BoardForm::Flat,
    BoardForm::Coordinates,
];

/// A position: each square empty about half the time.
pub(crate) fn position() -> impl Strategy<Value = Position> {
    prop::array::uniform16(0usize..12).prop_map(|cells| {
        cells
            .iter()
            .enumerate()
            .fold(Position::EMPTY, |pos, (i, &c)| {
                match (Square::from_index(i), Piece::from_index(c)) {
                    (Some(sq), Some(piece)) => pos.with(sq, piece),
                    _ => pos,
                }
            })
    })
}

pub(crate) fn profile() -> impl Strategy<Value = Profile> {
    prop::sample::select(Profile::ALL.to_vec())
}

/// A random legal sequence of captures from `pos`, choosing with `picks`.
pub(crate) fn playout(pos: &Position, profile: Profile, picks: &[usize]) -> Vec<Capture> {
    let mut current = *pos;
    let mut out = Vec::new();
    for &pick in picks {
        let captures: Vec<Capture> = current.captures(profile).collect();
        if captures.is_empty() {
            break;
        }
        let c = captures[pick % captures.len()];
        current = current.play_unchecked(c);
        out.push(c);
    }
    out
}

fn as_ref_move(c: &Capture) -> RefMove {
    (c.from.x(), c.from.y(), c.to.x(), c.to.y())
}

proptest! {
    #[test]
    fn legality_is_the_reference_s(pos in position(), profile in profile()) {
        let board = reference::parse(&pos.to_string());
        let legal = reference::moves(&board, profile == Profile::Thinkfun);
        let mut generated: Vec<RefMove> = pos.captures(profile).map(|c| as_ref_move(&c)).collect();
        generated.sort();
        let mut expected = legal.clone();
        expected.sort();
        prop_assert_eq!(&generated, &expected);
        // `check` agrees with the generator on all 256 pairs of squares.
        for from in Square::all() {
            for to in Square::all() {
                let c = Capture::new(from, to);
                let ok = pos.check(c, profile).is_ok();
                prop_assert_eq!(ok, legal.contains(&as_ref_move(&c)) && pos.len() > 1, "{}", c);
            }
        }
    }

    #[test]
    fn boards_round_trip_in_every_form(pos in position()) {
        for form in FORMS {
            let text = write::board(&pos, form);
            prop_assert_eq!(parse_board(&text), Ok(pos), "{:?}: {}", form, text);
        }
        prop_assert_eq!(Position::from_key(pos.key()), Some(pos));
    }

    #[test]
    fn move_lists_and_records_round_trip(
        pos in position(),
        profile in profile(),
        picks in prop::collection::vec(any::<usize>(), 0..15),
    ) {
        prop_assume!(pos.len() >= 2);
        let captures = playout(&pos, profile, &picks);
        prop_assume!(!captures.is_empty());
        let mut solver = Solver::new(profile);
        let answer = parse_answer(&write::moves(&captures)).expect("a move list");
        let checked = check(&pos, &answer, &mut solver);
        prop_assert_eq!(checked.captures(), captures.clone());

        let text = write_record(profile, &pos, RecordAnswer::Moves(&captures));
        let record = parse_record(&text).expect("a record");
        prop_assert_eq!(record.puzzle.position, pos);
        prop_assert_eq!(record.profile.map(|(p, _)| p), Some(profile));
        let checked = check_record(&record, &mut Solver::new(record.profile_or(Profile::Codegolf)));
        prop_assert_eq!(checked.captures(), captures.clone());
        prop_assert_eq!(checked.is_correct(), checked.position().len() == 1);
    }

    #[test]
    fn board_sequences_round_trip_in_every_form(
        pos in position(),
        profile in profile(),
        picks in prop::collection::vec(any::<usize>(), 1..15),
    ) {
        prop_assume!(pos.len() >= 2);
        let captures = playout(&pos, profile, &picks);
        prop_assume!(!captures.is_empty());
        let mut solver = Solver::new(profile);
        for form in [BoardForm::String, BoardForm::Rows, BoardForm::Letters, BoardForm::Numbers, BoardForm::Coordinates] {
            let text = write::boards(&pos, &captures, form);
            let answer = parse_answer(&text).expect("boards");
            let checked = check(&pos, &answer, &mut solver);
            // A capture of a piece by one of its kind may be read as another
            // capture with the same boards: the boards must be the same.
            prop_assert_eq!(boards_after(&pos, &checked.captures()), boards_after(&pos, &captures), "{:?}", form);
        }
    }

    #[test]
    fn parsers_never_panic_on_any_text(text in any::<String>()) {
        let _ = parse_board(&text);
        let _ = parse_puzzle(&text);
        let _ = parse_answer(&text);
        let _ = parse_record(&text);
        let _ = parse_puzzle_set(&text);
    }

    #[test]
    fn parsers_and_check_never_panic_on_near_misses(
        text in "[KQRBNPkqrbnp.#x:\\-abcde0123456789 \\[\\](),'\"\n]{0,80}",
        pos in position(),
        profile in profile(),
    ) {
        let _ = parse_board(&text);
        let _ = parse_puzzle_set(&text);
        if let Ok(record) = parse_record(&text) {
            let checked = check_record(&record, &mut Solver::with_max_slots(profile, 1024));
            if let Some(p) = checked.problem {
                prop_assert!(!p.message().is_empty());
            }
        }
        if let Ok(answer) = parse_answer(&text) {
            let checked = check(&pos, &answer, &mut Solver::with_max_slots(profile, 1024));
            if let Some(p) = &checked.problem {
                let _ = (p.message(), p.label(), p.help());
            }
            if let AnswerBody::NoSolution = answer.body {
                prop_assert!(checked.plies.is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_puzzles_have_one_solution_per_the_reference(
        seed in any::<u64>(),
        pieces in 3usize..=7,
        profile in profile(),
    ) {
        let options = Options { profile, pieces: Some(pieces), seed, ..Options::default() };
        for generated in Generator::new(options).expect("options").take(2) {
            let g = generated.expect("a puzzle");
            let board = reference::parse(&g.position.to_string());
            let thinkfun = profile == Profile::Thinkfun;
            prop_assert_eq!(reference::count(&board, thinkfun), 1, "{}", g.position);
            let moves: Vec<RefMove> = g.solution.iter().map(as_ref_move).collect();
            prop_assert!(reference::is_solution(&board, &moves, thinkfun));
            prop_assert_eq!(g.position.len(), pieces);
            prop_assert!((1..=4).contains(&g.difficulty.level));
            // Drawn from the commercial set.
            let counts = g.position.counts();
            for piece in Piece::ALL {
                prop_assert!(counts.count(piece) <= asalto_solitaire::PieceCounts::COMMERCIAL.count(piece));
            }
        }
    }
}
