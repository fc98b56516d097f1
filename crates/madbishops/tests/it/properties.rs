//! Property tests: invariants over generated positions, moves and text.

use asalto_madbishops::notation::parse_move;
use asalto_madbishops::replay::{CheckOptions, Kept, LineCheck, Tally, check, line_column};
use asalto_madbishops::{
    Mark, Move, Notation, Position, Profile, Record, Side, Square, prolog, record,
};
use proptest::prelude::*;

use crate::reference::{RefPosition, RefProfile};

/// A position from 50 cells (`.`, `R`, `B`, empty squares weighted up),
/// a side and a profile; `None` without bishops.
fn position() -> impl Strategy<Value = Option<Position>> {
    let cell = prop_oneof![3 => Just('.'), 1 => Just('R'), 1 => Just('B')];
    (
        proptest::collection::vec(cell, 50),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(cells, red, steere)| {
            let rows: Vec<String> = cells.chunks(5).map(|c| c.iter().collect()).collect();
            let side = if red { 'R' } else { 'B' };
            let profile = if steere {
                Profile::Steere
            } else {
                Profile::Report
            };
            Position::from_position_string(&format!("{} {side}", rows.join("/")), profile).ok()
        })
}

fn square() -> impl Strategy<Value = Square> {
    (0..50usize).prop_map(|i| Square::from_index(i).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every move the engine generates is legal for the reference, with
    /// its mark, and resolves to itself.
    #[test]
    fn every_generated_move_is_legal(pos in position()) {
        let Some(pos) = pos else { return Ok(()) };
        let r = RefPosition::parse(&pos.position_string(), RefProfile::from_name(pos.profile().name())).unwrap();
        for m in pos.legal_moves() {
            let expected = r.classify(
                (m.from().row(), m.from().col()),
                (m.to().row(), m.to().col()),
                Some(m.mark().char()),
            );
            prop_assert_eq!(expected, Ok(m.to_string()));
            prop_assert_eq!(pos.resolve(m.from(), m.to(), Some(m.mark())), Ok(m));
            prop_assert_eq!(pos.play(m), Ok(pos.play_unchecked(m)));
        }
    }

    /// Position strings and the report's list of lists round-trip.
    #[test]
    fn position_strings_round_trip(pos in position()) {
        let Some(pos) = pos else { return Ok(()) };
        let s = pos.position_string();
        prop_assert_eq!(Position::from_position_string(&s, pos.profile()), Ok(pos));
        let text = prolog::write_board(pos.board());
        prop_assert_eq!(prolog::parse_board(&text), Ok(*pos.board()));
    }

    /// Any move written in any notation reads back as itself.
    #[test]
    fn notation_round_trips(from in square(), to in square(), capture in any::<bool>()) {
        let m = if capture { Move::capture(from, to) } else { Move::plain(from, to) };
        for notation in [Notation::Algebraic, Notation::RowColumn, Notation::Numbers] {
            let text = m.written(notation);
            let w = parse_move(&text).unwrap();
            prop_assert_eq!((w.from, w.to, w.notation), (from, to, notation));
            let mark = (notation != Notation::Numbers).then_some(m.mark());
            prop_assert_eq!(w.mark, mark);
            prop_assert_eq!(w.span(), 0..text.len());
        }
        prop_assert_eq!(Square::from_algebraic(&from.to_string()), Ok(from));
    }

    /// Reading any text never panics, and every span is inside the text on
    /// character boundaries.
    #[test]
    fn any_text_reads_without_panic(text in "(\\PC|[-x(), \\n\\r\\t0-9a-k#\u{feff}]){0,80}") {
        let record = Record::parse(&text);
        for e in &record.errors {
            prop_assert!(text.get(e.span.clone()).is_some(), "{:?}", e);
            prop_assert_eq!((e.line, e.column), line_column(&text, e.span.start));
        }
        for m in &record.moves {
            prop_assert!(text.get(m.span()).is_some());
            prop_assert_eq!((m.line, m.column), line_column(&text, m.span().start));
        }
        let checked = check(&text, &CheckOptions::default());
        for p in &checked.problems {
            prop_assert!(text.get(p.span.clone()).is_some(), "{:?}", p);
            prop_assert_eq!((p.line, p.column), line_column(&text, p.span.start));
            let _ = (p.message(), p.label(), p.help());
        }
        let _ = prolog::parse_board(&text);
        let _ = Position::from_position_string(&text, Profile::Steere);
    }

    /// `check` without the plies (a [`Tally`], as the command line's
    /// `check` reads a record, a line at a time) says what `check` with
    /// them says: the problems, where it stopped, the moves, the position,
    /// the last move, the outcome.
    #[test]
    fn a_tally_checks_as_the_whole_game(
        seed in 0u64..1000,
        cut in 0usize..400,
        junk in "(\\PC|[-x(), \\n\\r\\t0-9a-k#\u{feff}]){0,40}",
        strict in any::<bool>(),
    ) {
        let start = Position::start(Profile::Steere, Side::Red);
        let moves = asalto_madbishops::random::random_game(start, seed, 100);
        let mut text = record::write_record(&moves, Notation::Algebraic);
        // The junk at a character boundary (the record is ASCII).
        text.insert_str(cut.min(text.len()), &junk);
        let options = CheckOptions { strict, ..CheckOptions::default() };
        let whole = check(&text, &options);
        let mut lines = LineCheck::new(&options, Tally::new(options.start()));
        for line in text.split_inclusive('\n') {
            lines.push_line(line);
        }
        let tally = lines.finish();
        prop_assert_eq!(&tally.problems, &whole.problems);
        prop_assert_eq!((tally.stopped_at, tally.unlisted_errors), (whole.stopped_at, whole.unlisted_errors));
        prop_assert_eq!(tally.game.plies(), whole.game.plies.len());
        prop_assert_eq!(Kept::position(&tally.game), whole.game.position());
        prop_assert_eq!(tally.game.last_move(), whole.game.plies.last().map(|p| p.mv));
        prop_assert_eq!(Kept::outcome(&tally.game), whole.game.outcome());
    }

    /// A record of random legal moves, in any notation, replays valid to
    /// the same game, and a wrong mark anywhere is found on its line.
    #[test]
    fn written_games_replay(seed in 0u64..1000, steere in any::<bool>(), notation in 0..3usize, flip in 0usize..200) {
        let profile = if steere { Profile::Steere } else { Profile::Report };
        let notation = [Notation::Algebraic, Notation::RowColumn, Notation::Numbers][notation];
        let start = Position::start(profile, Side::Red);
        let moves = asalto_madbishops::random::random_game(start, seed, 120);
        let text = record::write_record(&moves, notation);
        let options = CheckOptions { profile, ..CheckOptions::default() };
        let checked = check(&text, &options);
        prop_assert!(checked.is_valid(), "{:?}", checked.problems);
        prop_assert_eq!(checked.game.moves().copied().collect::<Vec<_>>(), moves.clone());
        if notation != Notation::Numbers && !moves.is_empty() {
            let i = flip % moves.len();
            let m = moves[i];
            let wrong = match m.mark() { Mark::Move => 'x', Mark::Capture => '-' };
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines[i] = m.written(notation).replacen(m.mark().char(), &wrong.to_string(), 1);
            let checked = check(&(lines.join("\n") + "\n"), &options);
            let error = checked.errors().next().unwrap();
            prop_assert_eq!(error.reason().code(), "mark-mismatch");
            prop_assert_eq!(error.line, i + 1);
            prop_assert_eq!(checked.game.plies.len(), i);
        }
    }
}
