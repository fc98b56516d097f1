//! Worked examples, drawn by hand.

use asalto_go::{Board, IllegalMoveKind, Move, Point, Position, Profile, Side, Size};

/// A position from a diagram: `X` black, `O` white, `.` empty.
pub fn diagram(rows: &[&str], to_move: Side, profile: Profile) -> Position {
    let text: String = rows.concat().replace('X', "b").replace('O', "w");
    let board = Board::from_grid_string(&text).expect("square diagram");
    Position::from_board(board, to_move, profile)
}

fn at(col: u8, row: u8) -> Move {
    Move::Play(Point::new(col, row))
}

#[test]
fn capture_corner_stone() {
    let mut pos = diagram(&["O..", "...", "..."], Side::Black, Profile::Seed2019);
    pos.play_as(Side::Black, at(1, 0)).unwrap();
    let played = pos.play_as(Side::Black, at(0, 1)).unwrap();
    assert_eq!(played.captured, 1);
    assert_eq!(pos.board().get(Point::new(0, 0)), None);
    assert_eq!(pos.captures().black, 1);
}

#[test]
fn fill_last_liberty_but_capture_is_legal() {
    // Black at the corner has no liberty of its own but captures.
    let mut pos = diagram(&[".OX", "OX.", "X.."], Side::Black, Profile::Seed2019);
    let played = pos.play(at(0, 0)).unwrap();
    assert_eq!(played.captured, 2);
    assert_eq!(pos.board().grid_string(), "b.b.b.b..");
}

#[test]
fn suicide_one_and_many() {
    let pos = diagram(&[".O.", "O..", "..."], Side::Black, Profile::Seed2019);
    assert_eq!(
        pos.why_illegal(Side::Black, at(0, 0)),
        Some(IllegalMoveKind::Suicide)
    );
    let pos = diagram(&["X.O", "OO.", "..."], Side::Black, Profile::Seed2019);
    assert_eq!(
        pos.why_illegal(Side::Black, at(1, 0)),
        Some(IllegalMoveKind::Suicide)
    );
    // Tromp-Taylor: the two-stone suicide is played and removes both.
    let mut pos = diagram(&["X.O", "OO.", "..."], Side::Black, Profile::TrompTaylor);
    let played = pos.play(at(1, 0)).unwrap();
    assert_eq!(played.suicided, 2);
    assert_eq!(pos.board().stone_count(Side::Black), 0);
    // ... but a one-stone suicide repeats the position: superko.
    let pos = diagram(&[".O.", "O..", "..."], Side::Black, Profile::TrompTaylor);
    assert_eq!(
        pos.why_illegal(Side::Black, at(0, 0)),
        Some(IllegalMoveKind::Superko)
    );
}

#[test]
fn ko_recapture_by_profile() {
    // White takes the ko at (1,1); Black retakes at (2,1) at once.
    let rows = [".....", "..XO.", ".X.XO", "..XO.", "....."];
    for (profile, expected) in [
        (Profile::Seed2019, None),
        (Profile::SimpleKo, Some(IllegalMoveKind::Ko)),
        (Profile::PositionalSuperko, Some(IllegalMoveKind::Superko)),
        (Profile::TrompTaylor, Some(IllegalMoveKind::Superko)),
    ] {
        let mut pos = diagram(&rows, Side::White, profile);
        let played = pos.play(at(2, 2)).unwrap();
        assert_eq!(played.captured, 1, "{profile}");
        assert_eq!(
            pos.why_illegal(Side::Black, at(3, 2)),
            expected,
            "{profile}"
        );
        if profile == Profile::SimpleKo {
            assert_eq!(pos.ko_point(), Some(Point::new(3, 2)));
            // After a move elsewhere and an answer, the ko may be retaken.
            pos.play(at(0, 0)).unwrap();
            pos.play(at(4, 4)).unwrap();
            assert_eq!(pos.why_illegal(Side::Black, at(3, 2)), None);
        }
    }
}

#[test]
fn occupied_off_board_game_over() {
    let mut pos = Position::new(Size::new(5).unwrap(), Profile::Seed2019);
    pos.play(at(2, 2)).unwrap();
    assert_eq!(
        pos.why_illegal(Side::White, at(2, 2)),
        Some(IllegalMoveKind::Occupied)
    );
    assert_eq!(
        pos.why_illegal(Side::White, at(7, 2)),
        Some(IllegalMoveKind::OffBoard)
    );
    pos.play(Move::Pass).unwrap();
    pos.play(Move::Pass).unwrap();
    assert!(pos.is_over());
    let err = pos.play(at(0, 0)).unwrap_err();
    assert_eq!(err.kind, IllegalMoveKind::GameOver);
    // Under simple-ko, play goes on after two passes.
    let mut pos = Position::new(Size::new(5).unwrap(), Profile::SimpleKo);
    pos.play(Move::Pass).unwrap();
    pos.play(Move::Pass).unwrap();
    assert!(pos.play(at(0, 0)).is_ok());
}

#[test]
fn territory_and_score() {
    let pos = diagram(
        &[".X.O.", ".X.O.", "XX.OO", ".....", "....."],
        Side::Black,
        Profile::Seed2019,
    );
    let t = pos.board().territory();
    assert_eq!(t.owner(Point::new(0, 0)), Some(Side::Black));
    assert_eq!(t.owner(Point::new(4, 0)), Some(Side::White));
    assert_eq!(t.owner(Point::new(2, 0)), None);
    let score = pos.board().area_score();
    assert_eq!((score.black, score.white), (4 + 2, 4 + 2));
    assert_eq!(
        Position::new(Size::NINETEEN, Profile::Seed2019)
            .board()
            .area_score()
            .black,
        0
    );
}

#[test]
fn codes_and_profile_names_are_stable() {
    let codes: Vec<&str> = IllegalMoveKind::ALL.iter().map(|k| k.code()).collect();
    assert_eq!(
        codes,
        [
            "off-board",
            "occupied",
            "suicide",
            "ko",
            "superko",
            "wrong-side",
            "game-over"
        ]
    );
    let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        [
            "seed-2019",
            "simple-ko",
            "positional-superko",
            "tromp-taylor",
            "japanese",
            "korean",
            "chinese",
            "aga",
            "ing",
            "new-zealand"
        ]
    );
    for p in Profile::ALL {
        assert_eq!(Profile::from_name(&p.to_string()), Some(p));
    }
    // Names are exact; `RU` spellings are read by `from_ru`.
    assert_eq!(Profile::from_name("Japanese"), None);
    for (ru, profile) in [
        ("Japanese", Profile::Japanese),
        ("japanese", Profile::Japanese),
        ("JP", Profile::Japanese),
        ("Korean", Profile::Korean),
        ("Chinese", Profile::Chinese),
        ("CN", Profile::Chinese),
        ("AGA", Profile::Aga),
        ("GOE", Profile::Ing),
        ("Ing", Profile::Ing),
        ("NZ", Profile::NewZealand),
        ("New Zealand", Profile::NewZealand),
        ("Tromp-Taylor", Profile::TrompTaylor),
        ("TT", Profile::TrompTaylor),
        ("Japanese 1989", Profile::Japanese),
        ("seed-2019", Profile::Seed2019),
    ] {
        assert_eq!(Profile::from_ru(ru), Some(profile), "{ru}");
    }
    for ru in ["", "house rules", "Japanese-ish", "2019"] {
        assert_eq!(Profile::from_ru(ru), None, "{ru}");
    }
    for p in Profile::ALL {
        assert_eq!(Profile::from_ru(p.name()), Some(p), "{p}");
    }
}
