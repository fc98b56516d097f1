//! Drawings: the report's display, the text board and the SVG picture.

use asalto_madbishops::render::{self, Marks};
use asalto_madbishops::replay::{CheckOptions, check};
use asalto_madbishops::{Position, Profile, Side, Square};

#[test]
fn the_report_display_after_two_moves() {
    let game = check("b10xa9\nc9xd10\n", &CheckOptions::default()).game;
    let text = render::report_display(&game.position());
    let expected = "M A D B I S H O P S
PLAYER: red
\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9
0\t.\t \t.\tB\t.\tR\t.\tR\t.\tR
1\tR\t.\t \t.\tB\t.\tB\t.\tB\t.
2\t.\tR\t.\tR\t.\tR\t.\tR\t.\tR
3\tB\t.\tB\t.\tB\t.\tB\t.\tB\t.
4\t.\tR\t.\tR\t.\tR\t.\tR\t.\tR
5\tB\t.\tB\t.\tB\t.\tB\t.\tB\t.
6\t.\tR\t.\tR\t.\tR\t.\tR\t.\tR
7\tB\t.\tB\t.\tB\t.\tB\t.\tB\t.
8\t.\tR\t.\tR\t.\tR\t.\tR\t.\tR
9\tB\t.\tB\t.\tB\t.\tB\t.\tB\t.
";
    assert_eq!(text, expected);
}

#[test]
fn the_text_board_after_two_moves() {
    let game = check("b10xa9\nc9xd10\n", &CheckOptions::default()).game;
    let last = game.plies.last().unwrap().mv;
    let text = render::text_board(game.position().board(), &Marks::of_move(last));
    let expected = "    a  b  c  d  e  f  g  h  i  j
10     .    [B]    R     R     R  10
 9  R    [.]    B     B     B     9
 8     R     R     R     R     R  8
 7  B     B     B     B     B     7
 6     R     R     R     R     R  6
 5  B     B     B     B     B     5
 4     R     R     R     R     R  4
 3  B     B     B     B     B     3
 2     R     R     R     R     R  2
 1  B     B     B     B     B     1
    a  b  c  d  e  f  g  h  i  j
";
    assert_eq!(text, expected);
}

#[test]
fn the_svg_is_well_formed_and_complete() {
    let game = check("b10xa9\nc9xd10\n", &CheckOptions::default()).game;
    let last = game.plies.last().unwrap().mv;
    let caption = [
        "after c9xd10".to_string(),
        "red to move <steere>".to_string(),
    ];
    let svg = render::svg(game.position().board(), Some(last), &caption);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let class = |name: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(name))
            .count()
    };
    assert_eq!(class("dark"), 50);
    assert_eq!(class("red"), 24);
    assert_eq!(class("blue"), 24);
    assert_eq!(class("last-move"), 1);
    assert_eq!(class("captured"), 1);
    let squares: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("dark"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
    assert_eq!(squares, names);
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.contains(&"red to move <steere>"));
    // Without a last move, nothing of it is drawn.
    let start = Position::start(Profile::Report, Side::Red);
    let svg = render::svg(start.board(), None, &[]);
    assert!(roxmltree::Document::parse(&svg).is_ok());
    assert!(!svg.contains("last-move") && !svg.contains("<g class=\"caption\""));
}
