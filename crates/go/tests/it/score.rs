//! Counting finished games: dead stones whose status is certain, seki,
//! the relation of area and territory margins, determinism.

use asalto_go::{
    Board, BySide, CheckOptions, Counting, Move, Point, Position, Profile, Side, Size, check,
    count, pass_alive, player,
};
use proptest::prelude::*;

fn board(rows: &[&str]) -> Board {
    Board::from_grid_string(&rows.concat()).expect("a square grid")
}

/// A black group with two one-point eyes in the corner, inside a board
/// that White otherwise owns: pass-alive, so never dead, whatever the
/// playouts make of it.
#[test]
fn pass_alive_group_is_never_judged_dead() {
    let b = board(&[
        ".b.bw..", //
        "bbbbw..", //
        "wwwww..", //
        ".......", //
        ".......", //
        ".......", //
        ".......",
    ]);
    let alive = pass_alive(&b);
    assert!(alive.contains(&Point::new(1, 0)) && alive.contains(&Point::new(0, 1)));
    assert_eq!(alive.len(), 6, "only the black group: {alive:?}");
    for seed in 0..8 {
        let c = count(&b, BySide::default(), 0.0, Counting::Area, seed);
        assert!(c.dead.is_empty(), "seed {seed}: {:?}", c.dead);
        assert_eq!(c.owner(Point::new(0, 0)), Some(Side::Black));
        assert_eq!(c.owner(Point::new(2, 0)), Some(Side::Black));
        assert_eq!(c.points, BySide::new(8, 41), "seed {seed}");
    }
}

/// Two eyeless groups sharing the liberties A (a9) and B (e9): whoever
/// fills one is captured, so both live, and A and B are nobody's.
#[test]
fn seki_shares_its_liberties_with_nobody() {
    let b = board(&[
        ".bbb.wb..", //
        "wwwwwwb..", //
        "bbbbbbb..", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........",
    ]);
    let (a, bb) = (Point::new(0, 0), Point::new(4, 0));
    for seed in 0..8 {
        for counting in [Counting::Area, Counting::Territory] {
            let c = count(&b, BySide::default(), 0.0, counting, seed);
            assert!(c.dead.is_empty(), "seed {seed}: {:?}", c.dead);
            assert_eq!(c.owner(a), None);
            assert_eq!(c.owner(bb), None);
            assert_eq!(c.owner(Point::new(2, 0)), Some(Side::Black));
            assert_eq!(c.owner(Point::new(2, 1)), Some(Side::White));
            assert_eq!(c.seki_eyes, BySide::default(), "a seki without eyes");
            match counting {
                Counting::Area => assert_eq!(c.points, BySide::new(81 - 7 - 2, 7)),
                Counting::Territory => assert_eq!(c.points, BySide::new(81 - 7 - 2 - 12, 0)),
            }
        }
    }
}

/// The classic seki with one eye each: Black's b9-a8-b8 (eye A, a9) and
/// White's group around it (eye E, e9) share the liberty C (c9); whoever
/// fills C is captured. Japanese rules count no territory in the eye of
/// a group in seki: A and E are nobody's under territory counting, and
/// still their owners' under area counting. Black's outside wall owns the
/// rest of the board (56 points), as a normal territory.
#[test]
fn eyes_of_a_seki_are_no_territory_under_territory_counting() {
    let b = board(&[
        ".b.w.wb..", //
        "bbwwwwb..", //
        "wwwbbbb..", //
        "bbbb.....", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........",
    ]);
    let (eye_a, eye_e, shared) = (Point::new(0, 0), Point::new(4, 0), Point::new(2, 0));
    for seed in 0..8 {
        for counting in [Counting::Area, Counting::Territory] {
            let c = count(&b, BySide::new(2, 3), 0.0, counting, seed);
            assert!(c.dead.is_empty(), "seed {seed}: {:?}", c.dead);
            assert_eq!(c.living, BySide::new(13, 9));
            assert_eq!(c.regions, BySide::new(56 + 1, 1), "seed {seed}");
            assert_eq!(c.seki_eyes, BySide::new(1, 1), "seed {seed} {counting:?}");
            assert_eq!(c.owner(shared), None);
            assert_eq!(c.owner(Point::new(8, 8)), Some(Side::Black));
            match counting {
                Counting::Area => {
                    assert_eq!(c.owner(eye_a), Some(Side::Black));
                    assert_eq!(c.owner(eye_e), Some(Side::White));
                    assert_eq!(c.points, BySide::new(13 + 57, 9 + 1));
                }
                Counting::Territory => {
                    assert_eq!(c.owner(eye_a), None);
                    assert_eq!(c.owner(eye_e), None);
                    // Regions without the eyes, and the prisoners.
                    assert_eq!(c.points, BySide::new(56 + 2, 3));
                }
            }
            let other = c.other_counting();
            let area = if counting == Counting::Area {
                c.points
            } else {
                other.points
            };
            assert_eq!(area, BySide::new(70, 10), "seed {seed}");
        }
    }
}

/// The text of a count says the eyes of a seki, and draws them as nobody's
/// under territory counting.
#[test]
fn the_text_of_a_count_shows_the_eyes_of_a_seki() {
    let b = board(&[
        ".b.w.wb..", //
        "bbwwwwb..", //
        "wwwbbbb..", //
        "bbbb.....", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........",
    ]);
    let pos = Position::from_board(b, Side::Black, Profile::Japanese);
    let c = count(pos.board(), pos.captures(), 6.5, Counting::Territory, 1);
    let text = asalto_go::render::text_counted(&pos, &c);
    assert_eq!(
        text.lines().nth(1),
        Some(" 9  . X . O . O X x x  a"),
        "{text}"
    );
    assert!(
        text.contains("eyes of groups in seki: black 1, white 1 (nobody's territory)"),
        "{text}"
    );
    let c = count(pos.board(), pos.captures(), 6.5, Counting::Area, 1);
    let text = asalto_go::render::text_counted(&pos, &c);
    assert_eq!(
        text.lines().nth(1),
        Some(" 9  x X . O o O X x x  a"),
        "{text}"
    );
    assert!(text.contains("(counted by area)"), "{text}");
}

/// Black's corner group (a rectangular six, alive) and White's wall with
/// dame between them (e9-e7 and row 6) that nobody filled: a dame is no
/// shared liberty of a seki (either side fills it safely, the playouts
/// fill it), so Black's corner stays Black's territory, small as it is.
#[test]
fn unfilled_dame_next_to_living_groups_leave_their_territory_counted() {
    let b = board(&[
        "...b.w...", //
        "...b.w...", //
        "bbbb.w...", //
        ".....w...", //
        "wwwwww...", //
        ".........", //
        ".........", //
        ".........", //
        ".........",
    ]);
    for seed in 0..8 {
        let c = count(&b, BySide::default(), 0.0, Counting::Territory, seed);
        assert!(c.dead.is_empty(), "seed {seed}: {:?}", c.dead);
        assert_eq!(c.seki_eyes, BySide::default(), "seed {seed}");
        assert_eq!(c.owner(Point::new(0, 0)), Some(Side::Black));
        assert_eq!(c.owner(Point::new(2, 1)), Some(Side::Black));
        // The corner, whoever the playouts give the dame to.
        assert_eq!(c.points.black, 6, "seed {seed}");
    }
}

/// A lone white stone and a white pair inside Black's large territory
/// (walled by a pass-alive group) are dead; under territory counting each
/// counts twice for Black (its point and the prisoner).
#[test]
fn stones_inside_a_large_territory_are_dead() {
    let b = board(&[
        "..bbb.w....", //
        "..b.b.w....", //
        "...bb.w....", //
        "....b.w....", //
        "w...b.w....", //
        "....b.w....", //
        "....b.w....", //
        "....b.w....", //
        "...bb.w....", //
        "wwb.b.w....", //
        "..bbb.w....",
    ]);
    for seed in 0..8 {
        let c = count(&b, BySide::new(2, 1), 6.5, Counting::Territory, seed);
        assert_eq!(
            c.dead,
            vec![Point::new(0, 4), Point::new(0, 9), Point::new(1, 9)],
            "seed {seed}"
        );
        assert_eq!(c.dead_stones, BySide::new(0, 3));
        assert_eq!(c.owner(Point::new(0, 9)), Some(Side::Black));
        assert_eq!(c.owner(Point::new(5, 0)), None, "dame between the walls");
        // Black: 33 empty points and 3 dead stones' points, 2 prisoners,
        // 3 dead stones. White: 44 points, 1 prisoner.
        assert_eq!(c.regions, BySide::new(33 + 3, 44));
        assert_eq!(c.points, BySide::new(36 + 2 + 3, 44 + 1));
        assert_eq!(c.to_result(), "W+10.5");
    }
}

/// The same seed gives the same count of a real game, and the count is
/// the file's result.
#[test]
fn count_is_deterministic_and_matches_a_real_result() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/real/gnugo/century21-2002__gnugo-go4.sgf");
    let bytes = std::fs::read(path).unwrap();
    let checked = check(&bytes, &CheckOptions::default());
    let game = &checked.games[0];
    assert_eq!(game.info.result.as_deref(), Some("B+52.5"));
    let pos = game.position();
    let c = |seed| {
        count(
            pos.board(),
            pos.captures(),
            game.info.komi,
            Counting::Territory,
            seed,
        )
    };
    let first = c(7);
    assert_eq!(first, c(7));
    assert_eq!(first.to_result(), "B+52.5");
}

/// A real game whose dead group only reading shows: GNU Go (Black) left
/// 16 stones in White's area on the left side, with several one-point
/// holes but no two eyes White cannot take, and the players agreed on
/// `RE[W+128.5]` (GNU Go 3.8's aftermath count says the same). Purely
/// random playouts kept the group alive (`W+88.5` for every seed from 0
/// to 7); with their answers to the last move (capturing races, the
/// vital point of a small eye space, extending from two liberties) it
/// dies.
#[test]
fn a_dead_group_that_needs_reading_is_dead() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/real/gnugo/nngs__saphir-gnugo-3.3.12-200212031818.sgf");
    let bytes = std::fs::read(path).unwrap();
    let checked = check(&bytes, &CheckOptions::default());
    let game = &checked.games[0];
    assert_eq!(game.info.result.as_deref(), Some("W+128.5"));
    let pos = game.position();
    // d10, in the middle of the black group.
    let inside = Point::new(3, 9);
    assert_eq!(pos.board().get(inside), Some(Side::Black));
    for seed in 0..8 {
        let c = count(
            pos.board(),
            pos.captures(),
            game.info.komi,
            Counting::Territory,
            seed,
        );
        assert!(c.is_dead(inside), "seed {seed}");
        assert_eq!(c.to_result(), "W+128.5", "seed {seed}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Area margin − territory margin = (Lb − Pb − Dw + Sb) − (Lw − Pw −
    /// Db + Sw) = Nb − Nw + Sb − Sw: living stones L, prisoners P, dead
    /// stones D, points of seki eyes S (area counts them, territory does
    /// not), stones played N (see the `score` module). Selfplay games of
    /// random players, played out (no dead stones left to judge in most,
    /// a seki now and then), where suicide is illegal.
    #[test]
    fn area_and_territory_margins_differ_by_the_stones_played(
        n in 5u8..=9,
        seed in 0u64..1000,
        komi in prop_oneof![Just(0.0), Just(6.5), Just(7.5)],
    ) {
        let size = Size::new(n).unwrap();
        let (pos, moves) = player::selfplay(size, Profile::PositionalSuperko, seed, 600);
        let played = |first: usize| moves.iter().skip(first).step_by(2).filter(|m| matches!(m, Move::Play(_))).count() as f64;
        let (nb, nw) = (played(0), played(1));
        let area = count(pos.board(), pos.captures(), komi, Counting::Area, seed);
        let territory = count(pos.board(), pos.captures(), komi, Counting::Territory, seed);
        prop_assert_eq!(&area.dead, &territory.dead);
        prop_assert_eq!(area.seki_eyes, territory.seki_eyes);
        let (l, p, d, s) = (area.living, area.prisoners, area.dead_stones, area.seki_eyes);
        let by_parts = (f64::from(l.black) - f64::from(p.black) - f64::from(d.white) + f64::from(s.black))
            - (f64::from(l.white) - f64::from(p.white) - f64::from(d.black) + f64::from(s.white));
        let seki = f64::from(s.black) - f64::from(s.white);
        prop_assert_eq!(area.margin() - territory.margin(), by_parts);
        prop_assert_eq!(area.margin() - territory.margin(), nb - nw + seki);
        prop_assert!(area.points.black + area.points.white <= size.area());
    }
}
