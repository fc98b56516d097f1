//! Drawings of a position: ASCII for terminals and text reports, SVG for
//! pages. Pure string output; the last capture is marked in both.

use std::fmt::Write as _;

use asalto_core::text::xml_escape;

use crate::{Capture, Piece, Position, Square};

/// The position as text, rank 4 at the top, files `a`..`d` under it; the
/// piece that made `last` is in brackets and the square it left in
/// parentheses.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{render, Capture, Position};
///
/// let pos: Position = "...N.....R....B.".parse()?;
/// assert_eq!(
///     render::ascii(&pos, None),
///     "4  .  .  .  N\n3  .  .  .  .\n2  .  R  .  .\n1  .  .  B  .\n   a  b  c  d\n"
/// );
/// let after = pos.play_unchecked(Capture::new("c1".parse()?, "b2".parse()?));
/// let last = Capture::new("c1".parse()?, "b2".parse()?);
/// assert_eq!(render::ascii(&after, Some(last)).lines().nth(2), Some("2  . [B] .  ."));
/// assert_eq!(render::ascii(&after, Some(last)).lines().nth(3), Some("1  .  . (.) ."));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ascii(pos: &Position, last: Option<Capture>) -> String {
    let mut out = String::new();
    for y in (0..4).rev() {
        let mut line = format!("{} ", y + 1);
        for x in 0..4 {
            let Some(sq) = Square::from_xy(x, y) else {
                continue;
            };
            let glyph = pos.piece_at(sq).map_or('.', Piece::letter);
            let cell = match last {
                Some(c) if c.to == sq => format!("[{glyph}]"),
                Some(c) if c.from == sq => format!("({glyph})"),
                _ => format!(" {glyph} "),
            };
            line.push_str(&cell);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("   a  b  c  d\n");
    out
}

/// Pixels per square of the SVG picture.
pub const SVG_SQUARE: i32 = 70;
/// Pixels around the board (labels live there).
pub const SVG_MARGIN: i32 = 40;
/// Height of one caption line.
const SVG_CAPTION_LINE: i32 = 22;

/// The top-left corner of `sq` in the SVG picture.
pub fn svg_corner(sq: Square) -> (i32, i32) {
    (
        SVG_MARGIN + SVG_SQUARE * sq.x(),
        SVG_MARGIN + SVG_SQUARE * (3 - sq.y()),
    )
}

/// The centre of `sq` in the SVG picture.
pub fn svg_center(sq: Square) -> (i32, i32) {
    let (x, y) = svg_corner(sq);
    (x + SVG_SQUARE / 2, y + SVG_SQUARE / 2)
}

/// The chess glyph of a piece (the filled set, which reads best on both
/// square colours).
pub const fn glyph(piece: Piece) -> char {
    match piece {
        Piece::King => '♚',
        Piece::Queen => '♛',
        Piece::Rook => '♜',
        Piece::Bishop => '♝',
        Piece::Knight => '♞',
        Piece::Pawn => '♟',
    }
}

/// A standalone SVG picture of `pos`, in the toolkit's colours: the 4×4
/// board (`<rect class="square light|dark" data-square="b2">`), the pieces
/// as chess glyphs (`<text class="piece" data-square="b2"
/// data-piece="R">`), file and rank labels, the last capture (a dashed
/// ring on the square it left, a green arrow, a ring on the capturing
/// piece), and `caption` as lines under the board.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{render, Position};
///
/// let pos: Position = ".....B..RP.....N".parse()?;
/// let svg = render::svg(&pos, None, &["puzzle".to_string()]);
/// assert!(svg.starts_with("<svg "));
/// assert_eq!(svg.matches("<rect class=\"square").count(), 16);
/// assert_eq!(svg.matches("<text class=\"piece\"").count(), 4);
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn svg(pos: &Position, last: Option<Capture>, caption: &[String]) -> String {
    let board = 4 * SVG_SQUARE;
    let width = 2 * SVG_MARGIN + board;
    let captions = caption.len() as i32;
    let height = 2 * SVG_MARGIN
        + board
        + if captions > 0 {
            8 + SVG_CAPTION_LINE * captions
        } else {
            0
        };
    let title = caption
        .first()
        .map_or("Solitaire Chess position", String::as_str);
    let mut s = asalto_core::svg::open(width, height, &xml_escape(title));
    squares(&mut s);
    if let Some(c) = last {
        last_capture(&mut s, c);
    }
    pieces(&mut s, pos);
    if let Some(c) = last {
        let (x, y) = svg_center(c.to);
        let _ = writeln!(
            s,
            r##"<circle class="last-to" cx="{x}" cy="{y}" r="31" fill="none" stroke="#2e8b57" stroke-width="4" data-square="{}"/>"##,
            c.to
        );
    }
    labels(&mut s);
    let lines = caption
        .iter()
        .map(|line| (SVG_MARGIN / 2, xml_escape(line)));
    let y = 2 * SVG_MARGIN + board + 10;
    asalto_core::svg::close(&mut s, lines, y, SVG_CAPTION_LINE);
    s
}

fn squares(s: &mut String) {
    let _ = writeln!(s, r#"<g class="board">"#);
    for sq in Square::all() {
        let (x, y) = svg_corner(sq);
        // a1 is dark, as on a chessboard.
        let (class, fill) = if (sq.x() + sq.y()) % 2 == 0 {
            ("dark", "#d6b77f")
        } else {
            ("light", "#f7eedb")
        };
        let _ = writeln!(
            s,
            r#"<rect class="square {class}" x="{x}" y="{y}" width="{SVG_SQUARE}" height="{SVG_SQUARE}" fill="{fill}" data-square="{sq}"/>"#
        );
    }
    let board = 4 * SVG_SQUARE;
    let _ = writeln!(
        s,
        r##"<rect class="frame" x="{SVG_MARGIN}" y="{SVG_MARGIN}" width="{board}" height="{board}" fill="none" stroke="#5b4630" stroke-width="3"/>"##
    );
    s.push_str("</g>\n");
}

fn last_capture(s: &mut String, c: Capture) {
    let (fx, fy) = svg_center(c.from);
    let (tx, ty) = svg_center(c.to);
    let _ = writeln!(
        s,
        r##"<circle class="last-from" cx="{fx}" cy="{fy}" r="18" fill="none" stroke="#2e8b57" stroke-width="3" stroke-dasharray="5 3" data-square="{}"/>"##,
        c.from
    );
    let _ = writeln!(
        s,
        r##"<line class="last-move" x1="{fx}" y1="{fy}" x2="{tx}" y2="{ty}" stroke="#2e8b57" stroke-width="7" stroke-opacity="0.7" stroke-linecap="round" marker-end="url(#arrow)"/>"##
    );
}

fn pieces(s: &mut String, pos: &Position) {
    let _ = writeln!(
        s,
        r##"<g class="pieces" font-size="46" fill="#2b2118" text-anchor="middle">"##
    );
    for (sq, piece) in pos.pieces() {
        let (x, y) = svg_center(sq);
        let _ = writeln!(
            s,
            r#"<text class="piece" x="{x}" y="{}" data-square="{sq}" data-piece="{piece}"><title>{} {sq}</title>{}</text>"#,
            y + 16,
            piece.name(),
            glyph(piece)
        );
    }
    s.push_str("</g>\n");
}

fn labels(s: &mut String) {
    let _ = writeln!(
        s,
        r##"<g class="labels" font-size="16" font-weight="bold" fill="#3d2e1f" text-anchor="middle">"##
    );
    for x in 0..4 {
        let px = SVG_MARGIN + SVG_SQUARE * x + SVG_SQUARE / 2;
        let py = SVG_MARGIN + 4 * SVG_SQUARE + 24;
        let letter = (b'a' + x as u8) as char;
        let _ = writeln!(
            s,
            r#"<text class="label" x="{px}" y="{py}">{letter}</text>"#
        );
    }
    for y in 0..4 {
        let py = SVG_MARGIN + SVG_SQUARE * (3 - y) + SVG_SQUARE / 2 + 6;
        let _ = writeln!(
            s,
            r#"<text class="label" x="{}" y="{py}">{}</text>"#,
            SVG_MARGIN / 2,
            y + 1
        );
    }
    s.push_str("</g>\n");
}
