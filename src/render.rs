//! Text drawings of the board, in the shape the assignment prints.
//!
//! Points sit on even columns of a character grid, two characters apart;
//! the board lines between them are drawn where the neighbour table has
//! them: `-` between points of a row, `|` between rows, `\` and `/` for the
//! diagonals (only where the neighbour rule allows one).
//!
//! ```text
//!   a b c d e f g
//! A     .-.-.
//!       |\|/|
//! B     O-.-O
//!       |/|\|
//! C R-R-.-.-.-R-R
//! ```

use crate::{Board, Point};

/// The glyphs of a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// An officer.
    pub officer: char,
    /// A rebel.
    pub rebel: char,
    /// An empty point.
    pub empty: char,
    /// A line along a row.
    pub horizontal: char,
    /// A line between rows.
    pub vertical: char,
    /// A diagonal from upper left to lower right.
    pub down_right: char,
    /// A diagonal from upper right to lower left.
    pub down_left: char,
}

impl Glyphs {
    /// The assignment's ASCII glyphs: `O R . - | \ /`.
    pub const ASCII: Glyphs = Glyphs {
        officer: 'O',
        rebel: 'R',
        empty: '.',
        horizontal: '-',
        vertical: '|',
        down_right: '\\',
        down_left: '/',
    };

    /// Box-drawing glyphs for terminals.
    pub const UNICODE: Glyphs = Glyphs {
        officer: '●',
        rebel: '○',
        empty: '·',
        horizontal: '─',
        vertical: '│',
        down_right: '╲',
        down_left: '╱',
    };
}

/// A cell of a drawing: what it shows, so a styled renderer can colour it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Blank,
    /// A point, with the piece on it.
    Point(Point, Option<crate::Side>),
    /// A board line.
    Line(char),
    /// A coordinate letter.
    Label(char),
}

/// The drawing as rows of cells: a header row of column letters, then for
/// each board row a row of points (with its letter) and, between board rows,
/// a row of lines. Each row is 2 label cells followed by 13 grid cells.
pub fn cells(board: &Board, glyphs: &Glyphs) -> Vec<Vec<Cell>> {
    let width = 2 + 13;
    let mut rows = Vec::with_capacity(14);
    let mut header = vec![Cell::Blank; width];
    for x in 0..7 {
        header[2 + 2 * x] = Cell::Label((b'a' + x as u8) as char);
    }
    rows.push(header);
    for y in 0..7 {
        let mut points = vec![Cell::Blank; width];
        let mut lines = vec![Cell::Blank; width];
        points[0] = Cell::Label((b'A' + y as u8) as char);
        for p in Point::all().filter(|p| p.y() == y) {
            let col = 2 + 2 * p.x() as usize;
            points[col] = Cell::Point(p, board.piece_at(p));
            for (dir, _) in p.neighbours() {
                match crate::rules::DIRECTIONS[dir] {
                    (1, 0) => points[col + 1] = Cell::Line(glyphs.horizontal),
                    (0, 1) => lines[col] = Cell::Line(glyphs.vertical),
                    (1, 1) => lines[col + 1] = Cell::Line(glyphs.down_right),
                    (-1, 1) => lines[col - 1] = Cell::Line(glyphs.down_left),
                    _ => {}
                }
            }
        }
        rows.push(points);
        if y < 6 {
            rows.push(lines);
        }
    }
    rows
}

/// Draw `board` with `glyphs`, one line per row, trailing spaces trimmed.
///
/// # Examples
///
/// ```
/// use asalto::{render, Board};
///
/// let text = render::draw(&Board::start(), &render::Glyphs::ASCII);
/// assert_eq!(text.lines().nth(3), Some("B     O-.-O"));
/// assert_eq!(text.lines().nth(5), Some("C R-R-.-.-.-R-R"));
/// ```
pub fn draw(board: &Board, glyphs: &Glyphs) -> String {
    let mut out = String::new();
    for row in cells(board, glyphs) {
        let mut line: String = row
            .iter()
            .map(|cell| match *cell {
                Cell::Blank => ' ',
                Cell::Label(c) | Cell::Line(c) => c,
                Cell::Point(_, None) => glyphs.empty,
                Cell::Point(_, Some(crate::Side::Officers)) => glyphs.officer,
                Cell::Point(_, Some(crate::Side::Rebels)) => glyphs.rebel,
            })
            .collect();
        line.truncate(line.trim_end().len());
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The assignment-style ASCII drawing.
pub fn ascii(board: &Board) -> String {
    draw(board, &Glyphs::ASCII)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board() {
        let expected = "  a b c d e f g
A     .-.-.
      |\\|/|
B     O-.-O
      |/|\\|
C R-R-.-.-.-R-R
  |\\|/|\\|/|\\|/|
D R-R-R-R-R-R-R
  |/|\\|/|\\|/|\\|
E R-R-R-R-R-R-R
      |\\|/|
F     R-R-R
      |/|\\|
G     R-R-R
";
        assert_eq!(ascii(&Board::start()), expected);
    }
}
