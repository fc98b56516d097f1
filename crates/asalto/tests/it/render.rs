//! The board drawings: the text drawing against the boards of the worked
//! example and against the neighbour rule, and the SVG picture checked as XML.

use std::collections::BTreeSet;

use asalto_asalto::render::{self, Glyphs, Marks};
use asalto_asalto::replay::{CheckOptions, check};
use asalto_asalto::{Move, Point, Position, Side};
use proptest::prelude::*;

const EJEMPLO: &str = include_str!("../../../../samples/ejemplo.txt");
const APENDICE_A: &str = include_str!("../../../../samples/apendice-a.txt");

/// The boards of the worked example (section 2.5 of the assignment), after
/// 0 to 7 moves, worked out by hand from its moves: Bc-Cc, Dd-Cd, Cc-Ce
/// (takes Cd), Db-Cc, Ce-Bd, Df-Ce, Bd-Db-Dd-Df-Bd (takes Cc, Dc, De, Ce).
/// Each row lists only its points on the cross.
const EXAMPLE_BOARDS: [&str; 8] = [
    ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
    ".../..O/RRO..RR/RRRRRRR/RRRRRRR/RRR/RRR R",
    ".../..O/RROR.RR/RRR.RRR/RRRRRRR/RRR/RRR O",
    ".../..O/RR..ORR/RRR.RRR/RRRRRRR/RRR/RRR R",
    ".../..O/RRR.ORR/R.R.RRR/RRRRRRR/RRR/RRR O",
    ".../.OO/RRR..RR/R.R.RRR/RRRRRRR/RRR/RRR R",
    ".../.OO/RRR.RRR/R.R.R.R/RRRRRRR/RRR/RRR O",
    ".../.OO/RR...RR/R.....R/RRRRRRR/RRR/RRR R",
];

/// The last board of the worked example, drawn by hand in the assignment's
/// shape.
const AFTER_MOVE_7: &str = r"  a b c d e f g
A     .-.-.
      |\|/|
B     .-O-O
      |/|\|
C R-R-.-.-.-R-R
  |\|/|\|/|\|/|
D R-.-.-.-.-.-R
  |/|\|/|\|/|\|
E R-R-R-R-R-R-R
      |\|/|
F     R-R-R
      |/|\|
G     R-R-R
";

/// RULES.md's board, written out again here: a point is on the cross when
/// `max(min(x, 6-x), min(y, 6-y)) > 1`.
fn on_cross(x: i32, y: i32) -> bool {
    (0..7).contains(&x) && (0..7).contains(&y) && (x.min(6 - x)).max(y.min(6 - y)) > 1
}

/// RULES.md's neighbour rule, written out again here.
fn connected(x: i32, y: i32, dx: i32, dy: i32) -> bool {
    if !on_cross(x, y) || !on_cross(x + dx, y + dy) {
        return false;
    }
    if dx == 0 || dy == 0 {
        return true;
    }
    (x - y).rem_euclid(2) == 0 && on_cross(x + dx, y) && on_cross(x, y + dy)
}

/// The pieces a text drawing shows, read back from its characters: the
/// point `(x, y)` is at line `1 + 2y`, column `2 + 2x`.
fn read_pieces(text: &str, glyphs: &Glyphs) -> Vec<((i32, i32), Option<Side>)> {
    let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let at = |row: usize, col: usize| grid.get(row).and_then(|r| r.get(col)).copied();
    let mut pieces = Vec::new();
    for y in 0..7 {
        for x in 0..7 {
            let c = at(1 + 2 * y as usize, 2 + 2 * x as usize).unwrap_or(' ');
            if !on_cross(x, y) {
                assert_eq!(c, ' ', "({x}, {y}) is off the cross but drawn as {c:?}");
                continue;
            }
            let piece = if c == glyphs.officer {
                Some(Side::Officers)
            } else if c == glyphs.rebel {
                Some(Side::Rebels)
            } else {
                assert_eq!(c, glyphs.empty, "({x}, {y})");
                None
            };
            pieces.push(((x, y), piece));
        }
    }
    pieces
}

/// Every cell between points, checked: a connector is drawn exactly where
/// the two points it joins are neighbours, by RULES.md's rule and by the
/// engine's table.
fn check_connectors(text: &str, glyphs: &Glyphs) -> usize {
    let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(grid.len(), 14, "{text}");
    let at = |row: usize, col: usize| {
        grid.get(row)
            .and_then(|r| r.get(col))
            .copied()
            .unwrap_or(' ')
    };
    let mut drawn = 0;
    // Along rows: between (x, y) and (x+1, y).
    for y in 0..7 {
        for x in 0..6 {
            let c = at(1 + 2 * y as usize, 3 + 2 * x as usize);
            let want = connected(x, y, 1, 0);
            assert_eq!(c == glyphs.horizontal, want, "row {y}, after x={x}: {c:?}");
            if !want {
                assert_eq!(c, ' ');
            }
            drawn += usize::from(want);
        }
    }
    // Between rows y and y+1: under each point a `|`, between points a
    // diagonal.
    for y in 0..6 {
        let row = 2 + 2 * y as usize;
        for x in 0..7 {
            let c = at(row, 2 + 2 * x as usize);
            let want = connected(x, y, 0, 1);
            assert_eq!(c == glyphs.vertical, want, "below ({x}, {y}): {c:?}");
            if !want {
                assert_eq!(c, ' ');
            }
            drawn += usize::from(want);
        }
        for x in 0..6 {
            let c = at(row, 3 + 2 * x as usize);
            let down_right = connected(x, y, 1, 1);
            let down_left = connected(x + 1, y, -1, 1);
            assert!(
                !(down_right && down_left),
                "crossing diagonals at ({x}, {y})"
            );
            let expected = if down_right {
                glyphs.down_right
            } else if down_left {
                glyphs.down_left
            } else {
                ' '
            };
            assert_eq!(c, expected, "between ({x}, {y}) and ({}, {})", x + 1, y + 1);
            drawn += usize::from(down_right || down_left);
        }
    }
    // The engine's table agrees with RULES.md's rule.
    for p in Point::all() {
        for d in 0..8 {
            let (dx, dy) = asalto_asalto::geometry::DIRECTIONS[d];
            assert_eq!(
                p.neighbour(d).is_some(),
                connected(p.x(), p.y(), dx, dy),
                "{p} direction {d}"
            );
        }
    }
    drawn
}

fn expected_pieces(pos: &Position) -> Vec<((i32, i32), Option<Side>)> {
    Point::all()
        .map(|p| ((p.x(), p.y()), pos.board().piece_at(p)))
        .collect()
}

#[test]
fn the_worked_example_boards_are_drawn_with_their_pieces_and_lines() {
    let checked = check(EJEMPLO, CheckOptions::default());
    for (n, text) in EXAMPLE_BOARDS.iter().enumerate() {
        let by_hand: Position = text.parse().unwrap();
        let replayed = checked.game.position_at(n).unwrap();
        assert_eq!(replayed, by_hand, "after {n} moves");
        let drawing = render::ascii(by_hand.board());
        let mut read = read_pieces(&drawing, &Glyphs::ASCII);
        let mut expected = expected_pieces(&by_hand);
        read.sort();
        expected.sort();
        assert_eq!(read, expected, "after {n} moves:\n{drawing}");
        assert_eq!(check_connectors(&drawing, &Glyphs::ASCII), 72);
        // The header and row letters of the assignment.
        assert_eq!(drawing.lines().next(), Some("  a b c d e f g"));
        let letters: String = drawing
            .lines()
            .skip(1)
            .step_by(2)
            .map(|l| l.chars().next().unwrap())
            .collect();
        assert_eq!(letters, "ABCDEFG");
    }
    assert_eq!(render::ascii(checked.game.position().board()), AFTER_MOVE_7);
}

#[test]
fn unicode_and_plain_styles_draw_the_same_board() {
    let checked = check(APENDICE_A, CheckOptions::default());
    for ply in &checked.game.plies {
        let board = ply.position.board();
        let marks = Marks::of_move(&ply.mv);
        let unicode = render::draw_styled(board, &Glyphs::UNICODE, &marks, false);
        assert_eq!(
            read_pieces(&unicode, &Glyphs::UNICODE),
            read_pieces(&render::ascii(board), &Glyphs::ASCII)
        );
        check_connectors(&unicode, &Glyphs::UNICODE);
        // Without colour, marks change nothing.
        assert_eq!(
            render::draw_styled(board, &Glyphs::ASCII, &marks, false),
            render::ascii(board)
        );
    }
}

/// Remove ANSI escapes.
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn colour_only_adds_escapes() {
    let checked = check(EJEMPLO, CheckOptions::default());
    let last = checked.game.plies.last().unwrap();
    let board = last.position.board();
    for glyphs in [&Glyphs::ASCII, &Glyphs::UNICODE] {
        let coloured = render::draw_styled(board, glyphs, &Marks::of_move(&last.mv), true);
        assert!(coloured.contains('\x1b'));
        assert_eq!(
            strip_ansi(&coloured),
            render::draw_styled(board, glyphs, &Marks::default(), false)
        );
    }
}

fn board_of(moves: &[Move]) -> Position {
    moves
        .iter()
        .fold(Position::start(), |pos, m| pos.play_unchecked(m))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any reachable board reads back from its drawing.
    #[test]
    fn drawings_read_back(seed in any::<u64>(), plies in 0usize..200) {
        let moves = asalto_asalto::random::random_game(seed, plies);
        let pos = board_of(&moves);
        for glyphs in [&Glyphs::ASCII, &Glyphs::UNICODE] {
            let text = render::draw(pos.board(), glyphs);
            prop_assert_eq!(read_pieces(&text, glyphs), expected_pieces(&pos));
        }
    }
}

// --- SVG ---

struct SvgFacts {
    points: BTreeSet<String>,
    lines: Vec<(String, String)>,
    officers: BTreeSet<String>,
    rebels: BTreeSet<String>,
    captured: Vec<String>,
    polyline: Option<String>,
}

fn svg_facts(svg: &str) -> SvgFacts {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(root.attribute("viewBox").is_some());
    fn class_of<'a>(n: &roxmltree::Node<'a, '_>) -> &'a str {
        n.attribute("class").unwrap_or("")
    }
    let point_of = |n: &roxmltree::Node| n.attribute("data-point").unwrap().to_string();
    let mut facts = SvgFacts {
        points: BTreeSet::new(),
        lines: Vec::new(),
        officers: BTreeSet::new(),
        rebels: BTreeSet::new(),
        captured: Vec::new(),
        polyline: None,
    };
    let mut point_circles = 0;
    for n in doc.descendants().filter(|n| n.is_element()) {
        match (n.tag_name().name(), class_of(&n)) {
            ("circle", "point") => {
                point_circles += 1;
                let p: Point = point_of(&n).parse().unwrap();
                let (x, y) = render::svg_place(p);
                assert_eq!(n.attribute("cx"), Some(x.to_string().as_str()));
                assert_eq!(n.attribute("cy"), Some(y.to_string().as_str()));
                facts.points.insert(p.to_string());
            }
            ("circle", "officer") => {
                facts.officers.insert(point_of(&n));
            }
            ("circle", "rebel") => {
                facts.rebels.insert(point_of(&n));
            }
            ("line", _) => {
                let a: Point = n.attribute("data-from").unwrap().parse().unwrap();
                let b: Point = n.attribute("data-to").unwrap().parse().unwrap();
                let ((x1, y1), (x2, y2)) = (render::svg_place(a), render::svg_place(b));
                for (attr, v) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] {
                    assert_eq!(n.attribute(attr), Some(v.to_string().as_str()));
                }
                facts.lines.push((a.to_string(), b.to_string()));
            }
            ("path", "captured") => facts.captured.push(point_of(&n)),
            ("polyline", "last-move") => {
                facts.polyline = n.attribute("points").map(str::to_string);
            }
            _ => {}
        }
    }
    assert_eq!(point_circles, 33);
    facts
}

fn check_svg(pos: &Position, last: Option<&Move>) {
    let svg = render::svg(pos.board(), last, &["caption <&>".to_string()]);
    let facts = svg_facts(&svg);
    let all: BTreeSet<String> = Point::all().map(|p| p.to_string()).collect();
    assert_eq!(facts.points, all);
    // One line per pair of neighbours, each pair once.
    let pairs: BTreeSet<(String, String)> = Point::all()
        .flat_map(|p| {
            p.neighbours()
                .filter(move |(_, q)| p < *q)
                .map(move |(_, q)| (p.to_string(), q.to_string()))
        })
        .collect();
    let mut drawn: Vec<(String, String)> = facts
        .lines
        .iter()
        .map(|(a, b)| {
            if a < b {
                (a.clone(), b.clone())
            } else {
                (b.clone(), a.clone())
            }
        })
        .collect();
    drawn.sort();
    let unique: BTreeSet<(String, String)> = drawn.iter().cloned().collect();
    assert_eq!(drawn.len(), unique.len(), "a line drawn twice");
    assert_eq!(unique, pairs);
    let names =
        |set: asalto_asalto::PointSet| set.iter().map(|p| p.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(facts.officers, names(pos.board().officers()));
    assert_eq!(facts.rebels, names(pos.board().rebels()));
    match last {
        Some(mv) => {
            let captured: Vec<String> = mv.captured().map(|p| p.to_string()).collect();
            assert_eq!(facts.captured, captured);
            let polyline = facts.polyline.expect("the last move is drawn");
            assert_eq!(polyline.split(' ').count(), mv.path().len());
        }
        None => {
            assert!(facts.captured.is_empty());
            assert!(facts.polyline.is_none());
        }
    }
}

#[test]
fn svg_pictures_are_well_formed_and_complete() {
    check_svg(&Position::start(), None);
    for source in [EJEMPLO, APENDICE_A] {
        let checked = check(source, CheckOptions::default());
        for ply in &checked.game.plies {
            check_svg(&ply.position, Some(&ply.mv));
        }
    }
    assert_eq!(render::board_lines().count(), 72);
}
