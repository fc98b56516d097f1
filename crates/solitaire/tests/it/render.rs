//! Drawings: the ASCII board and a well-formed SVG with the marks of the
//! last capture.

use asalto_solitaire::{Capture, Position, render};

fn sq(s: &str) -> asalto_solitaire::Square {
    s.parse().unwrap()
}

#[test]
fn ascii_board_with_the_last_capture() {
    let pos: Position = ".....B..RP.....N".parse().unwrap();
    let last = Capture::new(sq("d1"), sq("b2"));
    let after = pos.play_unchecked(last);
    let expected = "\
4  .  .  .  .
3  .  B  .  .
2  R [N] .  .
1  .  .  . (.)
   a  b  c  d
";
    assert_eq!(render::ascii(&after, Some(last)), expected);
}

#[test]
fn svg_is_well_formed_and_marks_the_last_capture() {
    let pos: Position = ".....B..RP.....N".parse().unwrap();
    let last = Capture::new(sq("d1"), sq("b2"));
    let after = pos.play_unchecked(last);
    let caption = [
        "capture 1: Nd1xb2 <&>".to_string(),
        "rules: codegolf".to_string(),
    ];
    let svg = render::svg(&after, Some(last), &caption);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let with_class = |class: &str| {
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == class))
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(with_class("square").len(), 16);
    assert_eq!(with_class("dark").len(), 8);
    let pieces: Vec<(String, String)> = with_class("piece")
        .iter()
        .map(|n| {
            (
                n.attribute("data-square").unwrap_or("").to_string(),
                n.attribute("data-piece").unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        pieces,
        [
            ("a2".into(), "R".into()),
            ("b2".into(), "N".into()),
            ("b3".into(), "B".into())
        ]
    );
    assert_eq!(
        with_class("last-from")[0].attribute("data-square"),
        Some("d1")
    );
    assert_eq!(
        with_class("last-to")[0].attribute("data-square"),
        Some("b2")
    );
    assert_eq!(with_class("last-move").len(), 1);
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text());
    assert_eq!(title, Some("capture 1: Nd1xb2 <&>"));
    // a1 is a dark square, as on a chessboard.
    let a1 = with_class("square")
        .into_iter()
        .find(|n| n.attribute("data-square") == Some("a1"));
    assert!(a1.is_some_and(|n| n.attribute("class") == Some("square dark")));
    // Without a last capture, no marks.
    let plain = render::svg(&pos, None, &[]);
    assert!(!plain.contains("last-"));
    roxmltree::Document::parse(&plain).expect("well-formed XML");
}
