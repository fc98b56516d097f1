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

use asalto_core::text::xml_escape;

use crate::{Board, Move, Point, PointSet, Side};

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
    Point(Point, Option<Side>),
    /// A board line.
    Line(char),
    /// A coordinate letter.
    Label(char),
}

/// The board lines, each once, as `(p, q)` with `q` the neighbour of `p`
/// towards the right or downwards (directions right, down-right, down,
/// down-left), in board order of `p`. Every drawing (text and SVG) draws
/// exactly these: a line for each pair of neighbours of the rules' table.
///
/// # Examples
///
/// ```
/// use asalto_asalto::render::board_lines;
///
/// // 52 along rows and columns, 20 diagonals.
/// assert_eq!(board_lines().count(), 72);
/// ```
pub fn board_lines() -> impl Iterator<Item = (Point, Point)> + Clone {
    Point::all().flat_map(|p| {
        p.neighbours().filter_map(move |(dir, q)| {
            let (dx, dy) = crate::geometry::DIRECTIONS[dir];
            (dy > 0 || (dy == 0 && dx > 0)).then_some((p, q))
        })
    })
}

/// The grid row (0: the column letters) and column (0 and 1: the row
/// letter and a space) of point `p` in [`cells`].
pub fn grid_place(p: Point) -> (usize, usize) {
    (1 + 2 * p.y() as usize, 2 + 2 * p.x() as usize)
}

/// The drawing as rows of cells: a header row of column letters, then for
/// each board row a row of points (with its letter) and, between board rows,
/// a row of lines. Each row is 2 label cells followed by 13 grid cells.
///
/// A line between two neighbours sits on the cell half-way between their
/// cells ([`grid_place`]): `-` between points of a row, `|` between rows,
/// `\` and `/` for the diagonals.
pub fn cells(board: &Board, glyphs: &Glyphs) -> Vec<Vec<Cell>> {
    let width = 2 + 13;
    let mut rows = vec![vec![Cell::Blank; width]; 14];
    for x in 0..7u8 {
        rows[0][2 + 2 * x as usize] = Cell::Label((b'a' + x) as char);
    }
    for y in 0..7u8 {
        rows[1 + 2 * y as usize][0] = Cell::Label((b'A' + y) as char);
    }
    for p in Point::all() {
        let (row, col) = grid_place(p);
        rows[row][col] = Cell::Point(p, board.piece_at(p));
    }
    for (p, q) in board_lines() {
        let ((r1, c1), (r2, c2)) = (grid_place(p), grid_place(q));
        let glyph = match (q.x() - p.x(), q.y() - p.y()) {
            (_, 0) => glyphs.horizontal,
            (0, _) => glyphs.vertical,
            (1, 1) => glyphs.down_right,
            _ => glyphs.down_left,
        };
        rows[(r1 + r2) / 2][(c1 + c2) / 2] = Cell::Line(glyph);
    }
    rows
}

/// Draw `board` with `glyphs`, one line per row, trailing spaces trimmed.
///
/// # Examples
///
/// ```
/// use asalto_asalto::{render, Board};
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
                Cell::Point(_, Some(Side::Officers)) => glyphs.officer,
                Cell::Point(_, Some(Side::Rebels)) => glyphs.rebel,
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

/// Points to pick out in a drawing: those of the last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The start and every landing point of the move.
    pub path: PointSet,
    /// The rebels it captured (empty points now).
    pub captured: PointSet,
}

impl Marks {
    /// The marks of `mv`: its path and the rebels it captured.
    pub fn of_move(mv: &Move) -> Marks {
        Marks {
            path: mv.path().iter().copied().collect(),
            captured: mv.captured_set(),
        }
    }
}

/// ANSI escapes of the terminal drawing.
mod ansi {
    pub const RESET: &str = "\x1b[0m";
    pub const LABEL: &str = "\x1b[1m";
    pub const LINE: &str = "\x1b[90m";
    pub const OFFICER: &str = "\x1b[1;31m";
    pub const REBEL: &str = "\x1b[1;36m";
    pub const CASTLE: &str = "\x1b[33m";
    pub const EMPTY: &str = "";
    pub const MOVED: &str = "\x1b[7m";
    pub const CAPTURED: &str = "\x1b[1;35m";
}

/// Draw `board` with `glyphs` for a terminal: with `color`, pieces, lines,
/// labels and castle points in ANSI colours, and the points of `marks`
/// picked out (the path of the last move in reverse video, the captured
/// rebels' points in magenta). Without `color` this is exactly [`draw`].
///
/// # Examples
///
/// ```
/// use asalto_asalto::render::{self, Glyphs, Marks};
/// use asalto_asalto::Board;
///
/// let plain = render::draw_styled(&Board::start(), &Glyphs::UNICODE, &Marks::default(), false);
/// assert_eq!(plain.lines().nth(3), Some("B     ●─·─●"));
/// let coloured = render::draw_styled(&Board::start(), &Glyphs::ASCII, &Marks::default(), true);
/// assert!(coloured.contains("\x1b[1;31mO\x1b[0m"));
/// ```
pub fn draw_styled(board: &Board, glyphs: &Glyphs, marks: &Marks, color: bool) -> String {
    if !color {
        return draw(board, glyphs);
    }
    let mut out = String::new();
    for row in cells(board, glyphs) {
        let end = row
            .iter()
            .rposition(|c| *c != Cell::Blank)
            .map_or(0, |i| i + 1);
        for cell in &row[..end] {
            let (style, glyph): (String, char) = match *cell {
                Cell::Blank => (String::new(), ' '),
                Cell::Label(c) => (ansi::LABEL.to_string(), c),
                Cell::Line(c) => (ansi::LINE.to_string(), c),
                Cell::Point(p, piece) => {
                    let (base, glyph) = match piece {
                        Some(Side::Officers) => (ansi::OFFICER, glyphs.officer),
                        Some(Side::Rebels) => (ansi::REBEL, glyphs.rebel),
                        None if p.in_castle() => (ansi::CASTLE, glyphs.empty),
                        None => (ansi::EMPTY, glyphs.empty),
                    };
                    let mark = if marks.captured.contains(p) {
                        ansi::CAPTURED
                    } else if marks.path.contains(p) {
                        ansi::MOVED
                    } else {
                        ""
                    };
                    (format!("{base}{mark}"), glyph)
                }
            };
            if style.is_empty() {
                out.push(glyph);
            } else {
                out.push_str(&style);
                out.push(glyph);
                out.push_str(ansi::RESET);
            }
        }
        out.push('\n');
    }
    out
}

/// Pixels between neighbouring points of the SVG picture.
pub const SVG_STEP: i32 = 60;
/// Pixels from the picture's left and top edges to the first point.
pub const SVG_MARGIN: i32 = 50;
/// Height of a caption line of the SVG picture.
const SVG_CAPTION_LINE: i32 = 22;
/// The most characters of a caption line; longer ones are wrapped.
const SVG_CAPTION_WIDTH: usize = 54;

/// `text` cut into lines of at most `width` characters at spaces (a longer
/// word stays whole).
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

/// The centre of point `p` in the SVG picture: the same grid as the text
/// drawing ([`grid_place`]), at [`SVG_STEP`] pixels per point.
pub fn svg_place(p: Point) -> (i32, i32) {
    (SVG_MARGIN + SVG_STEP * p.x(), SVG_MARGIN + SVG_STEP * p.y())
}

/// A standalone SVG picture of `board`: the castle shaded, one `<line>` per
/// board line ([`board_lines`]), one `<circle class="point">` per point, the
/// pieces (`<circle class="officer">`, `<circle class="rebel">`), the column
/// and row letters, the last move (its path as a green polyline, a ring on
/// its start and end, a red cross on each captured rebel's point), and
/// `caption` as lines of text under the board. Every point-related element
/// carries `data-point="Bc"`.
///
/// # Examples
///
/// ```
/// use asalto_asalto::{render, Board};
///
/// let svg = render::svg(&Board::start(), None, &["start".to_string()]);
/// assert!(svg.starts_with("<svg "));
/// assert_eq!(svg.matches("<circle class=\"point\"").count(), 33);
/// assert_eq!(svg.matches("<line ").count(), 72);
/// ```
pub fn svg(board: &Board, last_move: Option<&Move>, caption: &[String]) -> String {
    use std::fmt::Write;

    let title = caption.first().map_or("Asalto position", String::as_str);
    // (indented, text): the lines of each caption line wrapped.
    let caption: Vec<(bool, String)> = caption
        .iter()
        .flat_map(|line| {
            wrap_words(line, SVG_CAPTION_WIDTH)
                .into_iter()
                .enumerate()
                .map(|(i, piece)| (i > 0, piece))
        })
        .collect();

    let board_size = SVG_STEP * 6;
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
    // The castle: columns c..e, rows A..C.
    let pad = SVG_STEP / 3;
    let (cx, cy) = (SVG_MARGIN + 2 * SVG_STEP - pad, SVG_MARGIN - pad);
    let side = 2 * SVG_STEP + 2 * pad;
    let _ = writeln!(
        s,
        r##"<rect class="castle" x="{cx}" y="{cy}" width="{side}" height="{side}" rx="12" fill="#e2c98f" stroke="#b8975a" stroke-width="1.5"/>"##
    );
    let _ = writeln!(
        s,
        r##"<g class="lines" stroke="#5b4630" stroke-width="3" stroke-linecap="round">"##
    );
    for (p, q) in board_lines() {
        let ((x1, y1), (x2, y2)) = (svg_place(p), svg_place(q));
        let _ = writeln!(
            s,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" data-from="{p}" data-to="{q}"/>"#
        );
    }
    s.push_str("</g>\n");
    if let Some(mv) = last_move {
        let points: Vec<String> = mv
            .path()
            .iter()
            .map(|&p| {
                let (x, y) = svg_place(p);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            s,
            r##"<polyline class="last-move" points="{}" fill="none" stroke="#2e8b57" stroke-width="7" stroke-opacity="0.7" stroke-linecap="round" stroke-linejoin="round" marker-end="url(#arrow)"/>"##,
            points.join(" ")
        );
    }
    let _ = writeln!(s, r##"<g class="points" fill="#5b4630">"##);
    for p in Point::all() {
        let (x, y) = svg_place(p);
        let _ = writeln!(
            s,
            r#"<circle class="point" cx="{x}" cy="{y}" r="6" data-point="{p}"/>"#
        );
    }
    s.push_str("</g>\n");
    if let Some(mv) = last_move {
        let (x, y) = svg_place(mv.from());
        let _ = writeln!(
            s,
            r##"<circle class="last-from" cx="{x}" cy="{y}" r="14" fill="none" stroke="#2e8b57" stroke-width="3" stroke-dasharray="5 3" data-point="{}"/>"##,
            mv.from()
        );
    }
    let _ = writeln!(s, r#"<g class="pieces">"#);
    for p in board.officers() {
        let (x, y) = svg_place(p);
        let _ = writeln!(
            s,
            r##"<circle class="officer" cx="{x}" cy="{y}" r="21" fill="#b3261e" stroke="#3b0a07" stroke-width="2.5" data-point="{p}"/>"##
        );
    }
    for p in board.rebels() {
        let (x, y) = svg_place(p);
        let _ = writeln!(
            s,
            r##"<circle class="rebel" cx="{x}" cy="{y}" r="18" fill="#fdfaf2" stroke="#2b2b2b" stroke-width="2.5" data-point="{p}"/>"##
        );
    }
    s.push_str("</g>\n");
    if let Some(mv) = last_move {
        let (x, y) = svg_place(mv.to());
        let _ = writeln!(
            s,
            r##"<circle class="last-to" cx="{x}" cy="{y}" r="26" fill="none" stroke="#2e8b57" stroke-width="4" data-point="{}"/>"##,
            mv.to()
        );
        for p in mv.captured() {
            let (x, y) = svg_place(p);
            let d = 10;
            let _ = writeln!(
                s,
                r##"<path class="captured" d="M {} {} L {} {} M {} {} L {} {}" stroke="#c62828" stroke-width="4" stroke-linecap="round" data-point="{p}"/>"##,
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d
            );
        }
    }
    let _ = writeln!(
        s,
        r##"<g class="labels" font-size="18" font-weight="bold" fill="#3d2e1f" text-anchor="middle">"##
    );
    for x in 0..7 {
        let (px, _) = (SVG_MARGIN + SVG_STEP * x, 0);
        let letter = (b'a' + x as u8) as char;
        let _ = writeln!(
            s,
            r#"<text class="label" x="{px}" y="{}">{letter}</text>"#,
            SVG_MARGIN / 2 - 2
        );
    }
    for y in 0..7 {
        let py = SVG_MARGIN + SVG_STEP * y + 6;
        let letter = (b'A' + y as u8) as char;
        let _ = writeln!(
            s,
            r#"<text class="label" x="{}" y="{py}">{letter}</text>"#,
            SVG_MARGIN / 2 - 4
        );
    }
    s.push_str("</g>\n");
    let lines = caption.iter().map(|(indented, line)| {
        let x = SVG_MARGIN / 2 - 10 + if *indented { 16 } else { 0 };
        (x, xml_escape(line))
    });
    let y = 2 * SVG_MARGIN + board_size - 8;
    asalto_core::svg::close(&mut s, lines, y, SVG_CAPTION_LINE);
    s
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
