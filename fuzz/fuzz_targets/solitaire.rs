//! `asalto check|show|export` on Solitaire Chess: a record (puzzle and
//! answer) checked under the profile the first byte picks, the other
//! readers (puzzle sets, answers) on the same text; what is read is drawn
//! and written again in every board form, and reads back the same.
#![no_main]

use asalto_solitaire::check::check_record;
use asalto_solitaire::format::{
    BoardForm, RecordAnswer, parse_answer, parse_puzzle, parse_puzzle_set, parse_record, write,
    write_record,
};
use asalto_solitaire::{Profile, Solver, render};

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

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let profile = Profile::ALL[usize::from(pick & 1)];
    let _ = parse_answer(text);
    let _ = parse_puzzle_set(text);
    if let Ok(puzzle) = parse_puzzle(text) {
        let form = FORMS[usize::from(pick >> 1) % FORMS.len()];
        let written = write::board(&puzzle.position, form);
        let back = parse_puzzle(&written).expect("a board written reads back");
        assert_eq!(back.position, puzzle.position, "{written}");
    }
    let Ok(record) = parse_record(text) else {
        return;
    };
    let profile = record.profile_or(profile);
    let checked = check_record(&record, &mut Solver::new(profile));
    let captures = checked.captures();
    let end = checked.plies.last().map_or(checked.puzzle, |p| p.after);
    let _ = render::ascii(&end, captures.last().copied());
    let _ = render::svg(&end, captures.last().copied(), &["caption".to_string()]);
    let answer = if record.answer.is_none() {
        RecordAnswer::Unanswered
    } else if checked.claims_no_solution {
        RecordAnswer::NoSolution
    } else {
        RecordAnswer::Moves(&captures)
    };
    let written = write_record(profile, &checked.puzzle, answer);
    let again = parse_record(&written).expect("a record written reads back");
    let rechecked = check_record(&again, &mut Solver::new(profile));
    assert_eq!(rechecked.captures(), captures, "{written}");
    if checked.is_correct() {
        assert!(rechecked.is_correct(), "{written}");
    }
});
