//! Drawings of a position, as plain strings: the report's console display,
//! a text board with algebraic coordinates, and an SVG picture.

use std::fmt::Write;

use asalto_core::text::xml_escape;

use crate::{Board, Move, Position, Side, Square};

/// The title line of the report's display.
pub const TITLE: &str = "M A D B I S H O P S";

/// The report's glyph of a light square.
pub const LIGHT_GLYPH: char = '.';
/// The glyph of an empty dark square in the report's grid: a blank cell
/// (the report's display shows light squares as `.` and bishops as letters).
pub const EMPTY_GLYPH: char = ' ';

/// The glyph of a dark square in the report's grid: `R`, `B` or a space.
fn report_glyph(board: &Board, sq: Square) -> char {
    board.piece_at(sq).map_or(EMPTY_GLYPH, Side::letter)
}

/// The report's numbered grid: a header of column numbers 0–9, then one
/// line per row, its number first; every cell is preceded by a tab. Light
/// squares are `.`, empty dark squares a space, bishops `R` and `B`.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{render, Board};
///
/// let grid = render::report_grid(&Board::report_setup());
/// assert_eq!(grid.lines().next(), Some("\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9"));
/// assert_eq!(grid.lines().nth(1), Some("0\t.\tR\t.\tR\t.\tR\t.\tR\t.\tR"));
/// assert_eq!(grid.lines().nth(2), Some("1\tB\t.\tB\t.\tB\t.\tB\t.\tB\t."));
/// ```
pub fn report_grid(board: &Board) -> String {
    let mut out = String::new();
    for col in 0..10 {
        let _ = write!(out, "\t{col}");
    }
    out.push('\n');
    for row in 0..10 {
        let _ = write!(out, "{row}");
        for col in 0..10 {
            let glyph = match Square::from_row_col(row, col) {
                Some(sq) => report_glyph(board, sq),
                None => LIGHT_GLYPH,
            };
            out.push('\t');
            out.push(glyph);
        }
        out.push('\n');
    }
    out
}

/// The report's console display of a position: the title, `PLAYER: red`
/// (the side to move) and the numbered grid.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{render, Position, Profile, Side};
///
/// let text = render::report_display(&Position::start(Profile::Steere, Side::Red));
/// assert!(text.starts_with("M A D B I S H O P S\nPLAYER: red\n\t0\t1\t2"));
/// assert_eq!(text.lines().count(), 13);
/// ```
pub fn report_display(pos: &Position) -> String {
    format!(
        "{TITLE}\nPLAYER: {}\n{}",
        pos.turn().name(),
        report_grid(pos.board())
    )
}

/// Squares to pick out in a drawing: those of the last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The last move, if any.
    pub last: Option<Move>,
}

impl Marks {
    /// The marks of `mv`.
    pub const fn of_move(mv: Move) -> Marks {
        Marks { last: Some(mv) }
    }

    fn marked(&self, sq: Square) -> bool {
        self.last.is_some_and(|m| m.from() == sq || m.to() == sq)
    }
}

/// A text board with algebraic coordinates: files `a`–`j` above and below,
/// ranks `10`–`1` on both sides. Each square is three characters: ` R `,
/// ` B `, ` . ` for an empty dark square, blanks for a light one; the two
/// squares of the last move are in brackets (`[.]` where it started, `[R]`
/// where it ended).
///
/// # Examples
///
/// ```
/// use asalto_madbishops::render::{text_board, Marks};
/// use asalto_madbishops::Board;
///
/// let text = text_board(&Board::report_setup(), &Marks::default());
/// assert_eq!(text.lines().next(), Some("    a  b  c  d  e  f  g  h  i  j"));
/// assert_eq!(text.lines().nth(1), Some("10     R     R     R     R     R  10"));
/// assert_eq!(text.lines().nth(10), Some(" 1  B     B     B     B     B     1"));
/// ```
pub fn text_board(board: &Board, marks: &Marks) -> String {
    let files: String = (0..10u8)
        .map(|c| format!(" {} ", (b'a' + c) as char))
        .collect();
    let header = format!("   {}", files.trim_end());
    let mut out = String::new();
    out.push_str(&header);
    out.push('\n');
    for row in 0..10 {
        let rank = 10 - row;
        let _ = write!(out, "{rank:>2} ");
        for col in 0..10 {
            let cell = match Square::from_row_col(row, col) {
                None => "   ".to_string(),
                Some(sq) => {
                    let glyph = board.piece_at(sq).map_or('.', Side::letter);
                    if marks.marked(sq) {
                        format!("[{glyph}]")
                    } else {
                        format!(" {glyph} ")
                    }
                }
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, " {rank}");
    }
    out.push_str(&header);
    out.push('\n');
    out
}

/// Pixels per square of the SVG picture.
pub const SVG_SQUARE: i32 = 44;
/// Pixels from the picture's edges to the board.
pub const SVG_MARGIN: i32 = 36;
/// Height of a caption line.
const SVG_CAPTION_LINE: i32 = 22;
/// The most characters of a caption line; longer ones are wrapped.
const SVG_CAPTION_WIDTH: usize = 60;

/// The top-left corner of `(row, col)` in the SVG picture.
pub const fn svg_corner(row: i32, col: i32) -> (i32, i32) {
    (SVG_MARGIN + SVG_SQUARE * col, SVG_MARGIN + SVG_SQUARE * row)
}

/// The centre of `sq` in the SVG picture.
pub const fn svg_centre(sq: Square) -> (i32, i32) {
    let (x, y) = svg_corner(sq.row(), sq.col());
    (x + SVG_SQUARE / 2, y + SVG_SQUARE / 2)
}

/// `text` cut into lines of at most `width` characters at spaces.
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        } else if len > 0 {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// A standalone SVG picture of `board`: the checkered 10×10 board (one
/// `<rect class="dark">` per dark square, with `data-square="c3"`), the
/// file letters and rank numbers, the bishops (`<circle class="red">`,
/// `<circle class="blue">`), the last move (a green arrow from its start to
/// its end, a dashed ring where it started, a ring where it ended, and a red
/// cross on the destination of a capture) and `caption` as lines of text
/// under the board. The first caption line is also the title.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{render, Board};
///
/// let svg = render::svg(&Board::report_setup(), None, &["start".to_string()]);
/// assert!(svg.starts_with("<svg "));
/// assert_eq!(svg.matches("<rect class=\"dark\"").count(), 50);
/// assert_eq!(svg.matches("<circle class=\"red\"").count(), 25);
/// ```
pub fn svg(board: &Board, last_move: Option<Move>, caption: &[String]) -> String {
    let title = caption
        .first()
        .map_or("Mad Bishops position", String::as_str);
    let caption: Vec<String> = caption
        .iter()
        .flat_map(|line| wrap_words(line, SVG_CAPTION_WIDTH))
        .collect();
    let board_size = SVG_SQUARE * 10;
    let width = 2 * SVG_MARGIN + board_size;
    let captions = caption.len() as i32;
    let height = 2 * SVG_MARGIN
        + board_size
        + if captions > 0 {
            10 + SVG_CAPTION_LINE * captions
        } else {
            0
        };
    let mut s = asalto_core::svg::open(width, height, &xml_escape(title));
    svg_squares(&mut s);
    svg_labels(&mut s);
    if let Some(mv) = last_move {
        svg_last_move_under(&mut s, mv);
    }
    svg_bishops(&mut s, board);
    if let Some(mv) = last_move {
        svg_last_move_over(&mut s, mv);
    }
    let lines = caption
        .iter()
        .map(|line| (SVG_MARGIN - 10, xml_escape(line)));
    let y = 2 * SVG_MARGIN + board_size - 4;
    asalto_core::svg::close(&mut s, lines, y, SVG_CAPTION_LINE);
    s
}

fn svg_squares(s: &mut String) {
    let size = SVG_SQUARE * 10;
    let _ = writeln!(
        s,
        r##"<rect class="board" x="{SVG_MARGIN}" y="{SVG_MARGIN}" width="{size}" height="{size}" fill="#f7efdc" stroke="#5b4630" stroke-width="3"/>"##
    );
    let _ = writeln!(s, r##"<g class="squares" fill="#b8975a">"##);
    for sq in Square::all() {
        let (x, y) = svg_corner(sq.row(), sq.col());
        let _ = writeln!(
            s,
            r#"<rect class="dark" x="{x}" y="{y}" width="{SVG_SQUARE}" height="{SVG_SQUARE}" data-square="{sq}"/>"#
        );
    }
    s.push_str("</g>\n");
}

fn svg_labels(s: &mut String) {
    let _ = writeln!(
        s,
        r##"<g class="labels" font-size="15" font-weight="bold" fill="#3d2e1f" text-anchor="middle">"##
    );
    let bottom = SVG_MARGIN + SVG_SQUARE * 10;
    for col in 0..10 {
        let x = SVG_MARGIN + SVG_SQUARE * col + SVG_SQUARE / 2;
        let letter = (b'a' + col as u8) as char;
        for y in [SVG_MARGIN - 10, bottom + 22] {
            let _ = writeln!(s, r#"<text class="label" x="{x}" y="{y}">{letter}</text>"#);
        }
    }
    for row in 0..10 {
        let y = SVG_MARGIN + SVG_SQUARE * row + SVG_SQUARE / 2 + 5;
        let rank = 10 - row;
        for x in [SVG_MARGIN / 2, bottom + SVG_MARGIN / 2] {
            let _ = writeln!(s, r#"<text class="label" x="{x}" y="{y}">{rank}</text>"#);
        }
    }
    s.push_str("</g>\n");
}

fn svg_bishops(s: &mut String, board: &Board) {
    let _ = writeln!(s, r#"<g class="bishops">"#);
    for (side, fill, stroke) in [
        (Side::Red, "#b3261e", "#3b0a07"),
        (Side::Blue, "#1f4e99", "#0b1f3d"),
    ] {
        for sq in board.pieces(side) {
            let (x, y) = svg_centre(sq);
            let r = SVG_SQUARE / 2 - 6;
            let _ = writeln!(
                s,
                r#"<circle class="{}" cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="2.5" data-square="{sq}"/>"#,
                side.name()
            );
            // The bishop's mitre cut, a short diagonal stroke.
            let _ = writeln!(
                s,
                r##"<path class="mitre" d="M {} {} L {} {}" stroke="#fdfaf2" stroke-width="3" stroke-linecap="round"/>"##,
                x - 5,
                y + 5,
                x + 5,
                y - 5
            );
        }
    }
    s.push_str("</g>\n");
}

/// The parts of the last move drawn under the bishops: the arrow and the
/// ring where the move started.
fn svg_last_move_under(s: &mut String, mv: Move) {
    let ((x1, y1), (x2, y2)) = (svg_centre(mv.from()), svg_centre(mv.to()));
    let _ = writeln!(
        s,
        r##"<line class="last-move" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#2e8b57" stroke-width="7" stroke-opacity="0.7" stroke-linecap="round" marker-end="url(#arrow)" data-move="{mv}"/>"##
    );
    let _ = writeln!(
        s,
        r##"<circle class="last-from" cx="{x1}" cy="{y1}" r="{}" fill="none" stroke="#2e8b57" stroke-width="3" stroke-dasharray="5 3" data-square="{}"/>"##,
        SVG_SQUARE / 2 - 8,
        mv.from()
    );
}

/// The parts of the last move drawn over the bishops: the ring where it
/// ended and, for a capture, a red cross in the corner of that square.
fn svg_last_move_over(s: &mut String, mv: Move) {
    let (x, y) = svg_centre(mv.to());
    let _ = writeln!(
        s,
        r##"<circle class="last-to" cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2e8b57" stroke-width="4" data-square="{}"/>"##,
        SVG_SQUARE / 2 - 2,
        mv.to()
    );
    if mv.is_capture() {
        let (cx, cy) = (x + SVG_SQUARE / 2 - 8, y - SVG_SQUARE / 2 + 8);
        let d = 5;
        let _ = writeln!(
            s,
            r##"<path class="captured" d="M {} {} L {} {} M {} {} L {} {}" stroke="#c62828" stroke-width="3" stroke-linecap="round" data-square="{}"/>"##,
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx - d,
            cy + d,
            cx + d,
            cy - d,
            mv.to()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Profile;

    #[test]
    fn the_report_display_of_the_start() {
        let text = report_display(&Position::start(Profile::Steere, Side::Blue));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], TITLE);
        assert_eq!(lines[1], "PLAYER: blue");
        assert_eq!(lines[12], "9\tB\t.\tB\t.\tB\t.\tB\t.\tB\t.");
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn the_text_board_marks_the_last_move() {
        let start = Position::start(Profile::Steere, Side::Red);
        let mv = start.legal_moves()[0]; // b10xa9
        let after = start.play_unchecked(mv);
        let text = text_board(after.board(), &Marks::of_move(mv));
        assert_eq!(
            text.lines().nth(1),
            Some("10    [.]    R     R     R     R  10")
        );
        assert_eq!(
            text.lines().nth(2),
            Some(" 9 [R]    B     B     B     B     9")
        );
    }

    #[test]
    fn svg_marks_the_last_move() {
        let start = Position::start(Profile::Steere, Side::Red);
        let mv = start.legal_moves()[0];
        let after = start.play_unchecked(mv);
        let svg = svg(
            after.board(),
            Some(mv),
            &["after b10xa9 & more".to_string()],
        );
        assert_eq!(svg.matches("<circle class=\"red\"").count(), 25);
        assert_eq!(svg.matches("<circle class=\"blue\"").count(), 24);
        assert!(svg.contains(r#"data-move="b10xa9""#));
        assert!(svg.contains(r#"class="captured""#));
        assert!(svg.contains("<title>after b10xa9 &amp; more</title>"));
    }
}
