//! Drawings of a position: a text board with GTP and SGF coordinates, and
//! an SVG picture. Both can show who owns each point under area scoring,
//! which is how a position with dead stones still on the board is counted.

use std::fmt::Write;

use asalto_core::text::xml_escape;

use crate::board::Territory;
use crate::point::{Move, Point, Size, gtp_column_letter};
use crate::position::Position;
use crate::rules::Counting;
use crate::score::Count;
use crate::side::{BySide, Side};

/// What to draw besides the stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawOptions {
    /// Mark each empty point with the colour that owns it under area
    /// scoring (`x`/`o` in text, small squares in SVG), and print the
    /// score.
    pub territory: bool,
    /// A point to frame with a square (SVG only): the point a question is
    /// about, such as the move a grading query asks for, played or not.
    pub mark: Option<Point>,
}

/// The star points (hoshi) of the usual sizes.
fn is_star(size: Size, p: Point) -> bool {
    let n = size.get();
    let lines: &[u8] = match n {
        19 => &[3, 9, 15],
        13 => &[3, 6, 9],
        9 => &[2, 4, 6],
        _ => &[],
    };
    // 9x9 and 13x13 have the four corner points and the centre only.
    let mid = n / 2;
    lines.contains(&p.col())
        && lines.contains(&p.row())
        && (n == 19 || (p.col() == mid) == (p.row() == mid))
}

/// Who owns the points drawn: the area score's naive owners (every stone
/// alive) or a count's, with its dead stones.
#[derive(Clone, Copy)]
enum Owners<'a> {
    None,
    Naive(&'a Territory),
    Counted(&'a Count),
}

impl Owners<'_> {
    fn owner(self, p: Point) -> Option<Side> {
        match self {
            Owners::None => None,
            Owners::Naive(t) => t.owner(p),
            Owners::Counted(c) => c.owner(p),
        }
    }

    fn is_dead(self, p: Point) -> bool {
        matches!(self, Owners::Counted(c) if c.is_dead(p))
    }
}

fn glyph(pos: &Position, owners: Owners<'_>, p: Point) -> char {
    let dead = owners.is_dead(p);
    match pos.board().get(p) {
        Some(Side::Black) if dead => 'b',
        Some(Side::White) if dead => 'w',
        Some(Side::Black) => 'X',
        Some(Side::White) => 'O',
        None => match owners.owner(p) {
            Some(Side::Black) => 'x',
            Some(Side::White) => 'o',
            None if is_star(pos.size(), p) => '+',
            None => '.',
        },
    }
}

/// The board as text: GTP column letters (`A`–`T` without `I`) above and
/// SGF letters below; each row starts with its GTP number (19 at the top on
/// 19x19) and ends with its SGF letter. `X` black, `O` white, `+` star
/// points, the last move in parentheses. Then the colour to move, the
/// captures and the profile; with `territory`, owned empty points are `x`
/// and `o` and the area score follows.
///
/// # Examples
///
/// ```
/// use asalto_go::{render, Move, Point, Position, Profile, Size};
///
/// let mut pos = Position::new(Size::new(5).unwrap(), Profile::Seed2019);
/// pos.play(Move::Play(Point::new(1, 3)))?;
/// let options = render::DrawOptions { territory: true, ..Default::default() };
/// let text = render::text(&pos, options);
/// assert_eq!(text.lines().next(), Some("    A B C D E"));
/// assert_eq!(text.lines().nth(4), Some(" 2  x(X)x x x  d"));
/// assert_eq!(text.lines().nth(6), Some("    a b c d e"));
/// assert!(text.contains("white to move"));
/// assert!(text.contains("area score: black 25, white 0"));
/// # Ok::<(), asalto_go::IllegalMove>(())
/// ```
pub fn text(pos: &Position, options: DrawOptions) -> String {
    let territory = options.territory.then(|| pos.board().territory());
    let owners = territory.as_ref().map_or(Owners::None, Owners::Naive);
    draw_text(pos, owners, options.territory)
}

/// [`text`] with the owners and dead stones of `count` (a count of
/// `pos`): living stones `X` and `O`, dead ones `b` and `w`, each point's
/// owner `x` or `o` (the points of dead stones are their captor's), `.`
/// for nobody's; then the count: how it was counted, each side's points,
/// komi and result, the dead stones and the prisoners.
///
/// # Examples
///
/// ```
/// use asalto_go::{count, render, Board, BySide, Counting, Position, Profile};
///
/// let board = Board::from_grid_string(concat!(
///     "..b.w....", "..b.w....", "..b.w....", "w.b.w....", "..b.w....",
///     "..b.w....", "..b.w....", "..b.w....", "..b.w....",
/// )).unwrap();
/// let pos = Position::from_board(board, asalto_go::Side::Black, Profile::Japanese);
/// let c = count(pos.board(), pos.captures(), 6.5, Counting::Territory, 1);
/// let text = render::text_counted(&pos, &c);
/// assert_eq!(text.lines().nth(4), Some(" 6  w x X . O o o o o  d"));
/// assert!(text.contains("territory count: black 19, white 36, komi 6.5: W+23.5"));
/// assert!(text.contains("dead stones: black 0, white 1"));
/// ```
pub fn text_counted(pos: &Position, count: &Count) -> String {
    draw_text(pos, Owners::Counted(count), true)
}

fn draw_text(pos: &Position, owners: Owners<'_>, territory: bool) -> String {
    let size = pos.size();
    let n = size.get();
    let last = match pos.last_move() {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let mut out = String::from("   ");
    for col in 0..n {
        out.push(' ');
        out.push(gtp_column_letter(col));
    }
    out.push('\n');
    for row in 0..n {
        let _ = write!(out, "{:>2} ", n - row);
        for col in 0..n {
            let p = Point::new(col, row);
            let sep = if Some(p) == last {
                '('
            } else if col > 0 && Some(Point::new(col - 1, row)) == last {
                ')'
            } else {
                ' '
            };
            out.push(sep);
            out.push(glyph(pos, owners, p));
        }
        let end = if Some(Point::new(n - 1, row)) == last {
            ')'
        } else {
            ' '
        };
        out.push(end);
        out.push(' ');
        out.push((b'a' + row) as char);
        out.push('\n');
    }
    out.push_str("   ");
    for col in 0..n {
        out.push(' ');
        out.push((b'a' + col) as char);
    }
    out.push('\n');
    let captures = pos.captures();
    let _ = write!(
        out,
        "{} to move; captures: black {}, white {}; rules {}",
        pos.to_move(),
        captures.black,
        captures.white,
        pos.profile()
    );
    if let Some((side, mv)) = pos.last_move() {
        let what = match mv {
            Move::Play(p) => format!("{} ({p})", p.gtp(size)),
            Move::Pass => "pass".to_string(),
        };
        let _ = write!(out, "; last move: {side} {what}");
    }
    out.push('\n');
    match owners {
        Owners::Counted(c) => {
            let _ = writeln!(
                out,
                "{} count: black {}, white {}, komi {}: {}",
                c.counting.name(),
                c.points.black,
                c.points.white,
                c.komi,
                c.to_result()
            );
            let _ = writeln!(
                out,
                "dead stones: black {}, white {}; prisoners: black {}, white {}",
                c.dead_stones.black, c.dead_stones.white, c.prisoners.black, c.prisoners.white
            );
            // Said only when there is a seki with eyes: the other counts'
            // text stays as it was.
            if c.seki_eyes != BySide::default() {
                let whose = match c.counting {
                    Counting::Territory => "nobody's territory",
                    Counting::Area => "counted by area",
                };
                let _ = writeln!(
                    out,
                    "eyes of groups in seki: black {}, white {} ({whose})",
                    c.seki_eyes.black, c.seki_eyes.white
                );
            }
        }
        _ if territory => {
            let s = pos.board().area_score();
            let _ = writeln!(out, "area score: black {}, white {}", s.black, s.white);
        }
        _ => {}
    }
    out
}

const CELL: i32 = 24;
const MARGIN: i32 = 30;

/// A standalone SVG picture: the grid with star points, GTP coordinates
/// (letters above and below, numbers on both sides), stones as
/// `<circle class="black|white" data-point="pd">`, the last move ringed,
/// owned empty points as small `<rect class="owner-black|owner-white">`
/// with `territory`, and `caption` lines under the board.
///
/// # Examples
///
/// ```
/// use asalto_go::{render, Move, Point, Position, Profile, Size};
///
/// let mut pos = Position::new(Size::NINETEEN, Profile::SimpleKo);
/// pos.play(Move::Play(Point::new(15, 3)))?;
/// let svg = render::svg(&pos, render::DrawOptions::default(), &["move 1".into()]);
/// assert!(svg.starts_with("<svg "));
/// assert_eq!(svg.matches("<circle class=\"black\"").count(), 1);
/// assert!(svg.contains("data-point=\"pd\""));
/// # Ok::<(), asalto_go::IllegalMove>(())
/// ```
pub fn svg(pos: &Position, options: DrawOptions, caption: &[String]) -> String {
    let territory = options.territory.then(|| pos.board().territory());
    let owners = territory.as_ref().map_or(Owners::None, Owners::Naive);
    draw_svg(pos, options, owners, caption)
}

/// [`svg`] with the owners and dead stones of `count` (a count of
/// `pos`): a dead stone is drawn faded (`class="black dead"`) and crossed
/// (`<path class="dead-mark">`), each point's owner a small square
/// (`<rect class="owner-black|owner-white">`), on empty points and dead
/// stones alike.
///
/// # Examples
///
/// ```
/// use asalto_go::{count, render, Board, BySide, Counting, Position, Profile, Side};
///
/// let board = Board::from_grid_string(concat!(
///     "..b.w....", "..b.w....", "..b.w....", "w.b.w....", "..b.w....",
///     "..b.w....", "..b.w....", "..b.w....", "..b.w....",
/// )).unwrap();
/// let pos = Position::from_board(board, Side::Black, Profile::Japanese);
/// let c = count(pos.board(), BySide::new(0, 0), 6.5, Counting::Territory, 1);
/// let svg = render::svg_counted(&pos, &c, &[]);
/// assert_eq!(svg.matches(r#"class="white dead""#).count(), 1);
/// assert_eq!(svg.matches(r#"class="dead-mark""#).count(), 1);
/// assert_eq!(svg.matches(r#"class="owner-black""#).count(), 18);
/// ```
pub fn svg_counted(pos: &Position, count: &Count, caption: &[String]) -> String {
    let options = DrawOptions {
        territory: true,
        mark: None,
    };
    draw_svg(pos, options, Owners::Counted(count), caption)
}

fn draw_svg(
    pos: &Position,
    options: DrawOptions,
    owners: Owners<'_>,
    caption: &[String],
) -> String {
    let size = pos.size();
    let n = i32::from(size.get());
    let board = CELL * (n - 1);
    let width = 2 * MARGIN + board;
    let height =
        2 * MARGIN + board + 18 * caption.len() as i32 + if caption.is_empty() { 0 } else { 10 };
    let at = |v: u8| MARGIN + CELL * i32::from(v);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="11">"#
    );
    let title = caption.first().map_or("Go position", String::as_str);
    let _ = writeln!(s, "<title>{}</title>", xml_escape(title));
    let _ = writeln!(
        s,
        r##"<style>.black{{fill:#111}}.white{{fill:#fafafa;stroke:#111}}.owner-black{{fill:#111}}.owner-white{{fill:#fafafa;stroke:#111}}.last{{fill:none;stroke:#d22;stroke-width:2}}.dead{{opacity:.45}}.dead-mark{{stroke:#d22;stroke-width:2}}</style>"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{}" fill="#dcb35c"/>"##,
        2 * MARGIN + board
    );
    for i in 0..size.get() {
        let v = at(i);
        let end = MARGIN + board;
        let _ = writeln!(
            s,
            r##"<line x1="{MARGIN}" y1="{v}" x2="{end}" y2="{v}" stroke="#333"/>"##
        );
        let _ = writeln!(
            s,
            r##"<line x1="{v}" y1="{MARGIN}" x2="{v}" y2="{end}" stroke="#333"/>"##
        );
        let letter = gtp_column_letter(i);
        let number = size.get() - i;
        let _ = writeln!(
            s,
            r#"<text x="{v}" y="{}" text-anchor="middle">{letter}</text>"#,
            MARGIN - 12
        );
        let _ = writeln!(
            s,
            r#"<text x="{v}" y="{}" text-anchor="middle">{letter}</text>"#,
            end + 20
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{number}</text>"#,
            MARGIN - 18,
            v + 4
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{number}</text>"#,
            end + 18,
            v + 4
        );
    }
    for p in size.points() {
        if is_star(size, p) {
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="3" fill="#333"/>"##,
                at(p.col()),
                at(p.row())
            );
        }
    }
    for p in size.points() {
        let (x, y) = (at(p.col()), at(p.row()));
        let name: String = p.sgf().iter().map(|&b| b as char).collect();
        let dead = owners.is_dead(p);
        if let Some(side) = pos.board().get(p) {
            let _ = writeln!(
                s,
                r#"<circle class="{}{}" data-point="{name}" cx="{x}" cy="{y}" r="{}"/>"#,
                side.name(),
                if dead { " dead" } else { "" },
                CELL / 2 - 1
            );
            if dead {
                let d = CELL / 4;
                let _ = writeln!(
                    s,
                    r#"<path class="dead-mark" data-point="{name}" d="M{} {} L{} {} M{} {} L{} {}"/>"#,
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
        if pos.board().get(p).is_some() && !dead {
            continue;
        }
        if let Some(owner) = owners.owner(p) {
            let _ = writeln!(
                s,
                r#"<rect class="owner-{}" data-point="{name}" x="{}" y="{}" width="8" height="8"/>"#,
                owner.name(),
                x - 4,
                y - 4
            );
        }
    }
    if let Some((_, Move::Play(p))) = pos.last_move() {
        let _ = writeln!(
            s,
            r#"<circle class="last" cx="{}" cy="{}" r="{}"/>"#,
            at(p.col()),
            at(p.row()),
            CELL / 4
        );
    }
    if let Some(p) = options.mark.filter(|&p| size.contains(p)) {
        let half = CELL / 2;
        let _ = writeln!(
            s,
            r##"<rect class="mark" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="none" stroke="#1565c0" stroke-width="3"/>"##,
            at(p.col()) - half,
            at(p.row()) - half
        );
    }
    for (i, line) in caption.iter().enumerate() {
        let y = 2 * MARGIN + board + 14 + 18 * i as i32;
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{y}" font-size="13">{}</text>"#,
            xml_escape(line)
        );
    }
    s.push_str("</svg>\n");
    s
}
