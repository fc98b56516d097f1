//! Writing every form: boards in each input form, answers as a move list or
//! as the sequence of boards, "no solution", and records. Each writer's
//! output reads back to the same value ([`super`]'s parsers).

use std::fmt::Write as _;

use super::{BoardForm, letter};
use crate::{Capture, Position, Profile, Square};

/// What the writers print for "no solution": `0`, the first false value the
/// challenge names, and the same in every language.
pub const NO_SOLUTION: &str = "0";

/// The line a record uses for "no solution".
pub const NO_SOLUTION_LINE: &str = "no solution";

/// The squares in the challenge's string order (top row first).
fn string_order() -> impl Iterator<Item = Square> {
    (0..Square::COUNT).filter_map(Square::from_string_index)
}

/// `pos` in `form`, on one line except for [`BoardForm::Rows`] and
/// [`BoardForm::SpacedRows`] (four lines, each ending in `\n`).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::{write::board, BoardForm};
/// use asalto_solitaire::Position;
///
/// let pos: Position = "...N.....R....B.".parse()?;
/// assert_eq!(board(&pos, BoardForm::String), "...N.....R....B.");
/// assert_eq!(board(&pos, BoardForm::Rows), "...N\n....\n.R..\n..B.\n");
/// assert_eq!(board(&pos, BoardForm::Coordinates), "[[2,0,'B'],[1,1,'R'],[3,3,'N']]");
/// assert_eq!(
///     board(&pos, BoardForm::Numbers),
///     "[[0,0,0,5],[0,0,0,0],[0,3,0,0],[0,0,4,0]]"
/// );
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn board(pos: &Position, form: BoardForm) -> String {
    let cells: Vec<char> = string_order().map(|sq| letter(pos.piece_at(sq))).collect();
    let rows = || cells.chunks(4);
    match form {
        BoardForm::String => cells.iter().collect(),
        BoardForm::Rows => rows()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect(),
        BoardForm::SpacedRows => rows()
            .map(|r| {
                let spaced: Vec<String> = r.iter().map(char::to_string).collect();
                spaced.join(" ") + "\n"
            })
            .collect(),
        BoardForm::Letters => list(rows().map(|r| list(r.iter().map(|c| format!("'{c}'"))))),
        BoardForm::Numbers => {
            let number = |sq: Square| pos.piece_at(sq).map_or(0, |p| p.number());
            let numbers: Vec<u8> = string_order().map(number).collect();
            list(numbers.chunks(4).map(|r| list(r.iter().map(u8::to_string))))
        }
        BoardForm::RowStrings => {
            list(rows().map(|r| format!("'{}'", r.iter().collect::<String>())))
        }
        BoardForm::Flat => list(cells.iter().map(|c| format!("'{c}'"))),
        BoardForm::Coordinates => list(
            pos.pieces()
                .map(|(sq, p)| format!("[{},{},'{}']", sq.x(), sq.y(), p.letter())),
        ),
    }
}

/// `[a,b,...]`.
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    format!("[{}]", items.join(","))
}

/// The challenge's move list: `[[[3,0],[1,1]],[[0,1],[1,1]]]`.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::write::moves;
/// use asalto_solitaire::Capture;
///
/// let c = Capture::new("d1".parse()?, "b2".parse()?);
/// assert_eq!(moves(&[c]), "[[[3,0],[1,1]]]");
/// # Ok::<(), asalto_solitaire::SquareError>(())
/// ```
pub fn moves(captures: &[Capture]) -> String {
    list(captures.iter().map(|c| {
        let [[fx, fy], [tx, ty]] = c.xy();
        format!("[[{fx},{fy}],[{tx},{ty}]]")
    }))
}

/// The board after each capture, in `form`: one 16-character string per
/// line, four lines per board with a blank line between boards, or one
/// list of boards for the list forms.
pub fn boards(start: &Position, captures: &[Capture], form: BoardForm) -> String {
    let after = crate::solve::boards_after(start, captures);
    match form {
        BoardForm::String => after.iter().map(|p| board(p, form) + "\n").collect(),
        BoardForm::Rows | BoardForm::SpacedRows => {
            let each: Vec<String> = after.iter().map(|p| board(p, form)).collect();
            each.join("\n")
        }
        _ => list(after.iter().map(|p| board(p, form))),
    }
}

/// The answer part of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordAnswer<'a> {
    /// No answer: the record is only the puzzle.
    Unanswered,
    /// A sequence of captures (written in long algebraic, `Nb1xc3`).
    Moves(&'a [Capture]),
    /// The claim that the puzzle has no solution.
    NoSolution,
}

/// A record: a comment line, `rules: <profile>`, the puzzle as a
/// 16-character string, then one capture per line in long algebraic
/// (`Nb1xc3`), or `no solution`.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::{write_record, parse_record, RecordAnswer};
/// use asalto_solitaire::{Position, Profile, Solver};
///
/// let pos: Position = ".....B..RP.....N".parse()?;
/// let solution = Solver::new(Profile::Codegolf).solve(&pos).unwrap();
/// let text = write_record(Profile::Codegolf, &pos, RecordAnswer::Moves(&solution));
/// assert_eq!(
///     text,
///     "# Solitaire Chess: the puzzle, then one capture per line\n\
///      rules: codegolf\n\
///      .....B..RP.....N\n\
///      Nd1xb2\n\
///      Ra2xb2\n\
///      Rb2xb3\n"
/// );
/// assert_eq!(parse_record(&text)?.puzzle.position, pos);
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn write_record(profile: Profile, puzzle: &Position, answer: RecordAnswer<'_>) -> String {
    let mut out = String::new();
    out.push_str("# Solitaire Chess: the puzzle, then one capture per line\n");
    let _ = writeln!(out, "rules: {profile}");
    let _ = writeln!(out, "{puzzle}");
    match answer {
        RecordAnswer::Unanswered => {}
        RecordAnswer::NoSolution => {
            let _ = writeln!(out, "{NO_SOLUTION_LINE}");
        }
        RecordAnswer::Moves(captures) => {
            let mut pos = *puzzle;
            for &c in captures {
                match pos.piece_at(c.from) {
                    Some(piece) => {
                        let _ = writeln!(out, "{}", super::long_algebraic(piece, c));
                    }
                    None => {
                        let _ = writeln!(out, "{c}");
                    }
                }
                pos = pos.play_unchecked(c);
            }
        }
    }
    out
}
