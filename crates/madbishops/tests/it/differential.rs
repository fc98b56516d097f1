//! The engine against the reference on many thousands of positions: legal
//! move sets, counts, outcomes, the result of every move, and the reason
//! the engine gives for written moves, legal or not.
//!
//! Positions come from random play-outs (both profiles, both first players,
//! the report's setup and a mixed one) and from random boards of every
//! density, which reach shapes no game from the start reaches quickly.

use asalto_madbishops::random::{pick, rng};
use asalto_madbishops::{Mark, Position, Profile, Side, Square};
use rand::RngExt;

use crate::reference::{RefPosition, RefProfile, move_notation};

/// The reference's view of `pos`.
fn reference(pos: &Position) -> RefPosition {
    RefPosition::parse(
        &pos.position_string(),
        RefProfile::from_name(pos.profile().name()),
    )
    .expect("the reference reads every position string")
}

/// Legal moves, their count, outcome, and the position after each move,
/// engine against reference.
fn compare(pos: &Position) {
    let r = reference(pos);
    let moves = pos.legal_moves();
    let mut engine: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let listed = engine.clone();
    engine.sort();
    assert_eq!(engine, r.legal_notation(), "{pos} ({})", pos.profile());
    // Board order: by start square, then by destination.
    let keys: Vec<(usize, usize)> = moves
        .iter()
        .map(|m| (m.from().index(), m.to().index()))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{listed:?}");
    assert_eq!(pos.count_legal_moves(), moves.len());
    assert_eq!(pos.has_legal_move(), !moves.is_empty());
    let outcome = pos.outcome().map(|o| (o.winner.name(), o.reason.code()));
    assert_eq!(outcome, r.outcome(), "{pos} ({})", pos.profile());
    for (m, rm) in moves.iter().zip(sorted_reference_moves(&r)) {
        assert!(pos.is_legal(*m));
        assert_eq!(
            pos.play_unchecked(*m).position_string(),
            r.play(&rm).position_string()
        );
    }
}

/// The reference's moves in the engine's order (board order of the squares).
fn sorted_reference_moves(r: &RefPosition) -> Vec<crate::reference::RefMove> {
    let mut moves = r.legal_moves();
    let index = |(row, col): (i32, i32)| (row * 5 + col / 2) as usize;
    moves.sort_by_key(|m| (index(m.from), index(m.to)));
    moves
}

/// Random written moves, mostly starting on a bishop of the side to move:
/// the engine's answer (the move, or the reason code) against the
/// reference's.
fn compare_resolve(pos: &Position, rng: &mut impl rand::Rng, tries: usize) {
    let r = reference(pos);
    let own: Vec<Square> = pos.board().pieces(pos.turn()).iter().collect();
    let all: Vec<Square> = Square::all().collect();
    for _ in 0..tries {
        let from = if rng.random_range(0..4) > 0 {
            pick(&own, rng).copied().unwrap_or(all[0])
        } else {
            *pick(&all, rng).unwrap()
        };
        let to = *pick(&all, rng).unwrap();
        let mark = *pick(&[Some(Mark::Move), Some(Mark::Capture), None], rng).unwrap();
        let engine = pos
            .resolve(from, to, mark)
            .map(|m| m.to_string())
            .map_err(|e| e.kind.reason().code());
        let expected = r.classify(
            (from.row(), from.col()),
            (to.row(), to.col()),
            mark.map(Mark::char),
        );
        assert_eq!(
            engine,
            expected,
            "{pos} ({}): {from} {mark:?} {to}",
            pos.profile()
        );
    }
}

/// A mixed setup: the report's squares, colours alternating along rows.
const MIXED: &str = "RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB/RBRBR/BRBRB R";

#[test]
fn random_games_agree_with_the_reference() {
    let mut positions = 0;
    let mut ended = 0;
    for profile in Profile::ALL {
        for first in Side::ALL {
            for setup in [
                Position::start(profile, first).position_string(),
                MIXED.into(),
            ] {
                let start = Position::from_position_string(&setup, profile)
                    .unwrap()
                    .with_turn(first);
                for seed in 0..40 {
                    let mut rng = rng(seed);
                    let mut pos = start;
                    for _ in 0..400 {
                        compare(&pos);
                        compare_resolve(&pos, &mut rng, 4);
                        positions += 1;
                        let moves = pos.legal_moves();
                        let Some(m) = pick(&moves, &mut rng) else {
                            ended += 1;
                            break;
                        };
                        pos = pos.play_unchecked(*m);
                    }
                }
            }
        }
    }
    assert!(positions > 20_000, "{positions} positions");
    assert!(ended > 300, "{ended} games reached their end");
}

/// A random board: each dark square empty or holding a bishop, with a
/// density drawn per board, so sparse endings and crowded middles are both
/// common.
fn random_position(rng: &mut impl rand::Rng) -> Option<Position> {
    let density = rng.random_range(0.02..0.95);
    let red_share = rng.random_range(0.1..0.9);
    let rows: Vec<String> = (0..10)
        .map(|_| {
            (0..5)
                .map(|_| {
                    if rng.random::<f64>() >= density {
                        '.'
                    } else if rng.random::<f64>() < red_share {
                        'R'
                    } else {
                        'B'
                    }
                })
                .collect()
        })
        .collect();
    let side = if rng.random::<bool>() { 'R' } else { 'B' };
    let profile = *pick(&Profile::ALL, rng).unwrap();
    Position::from_position_string(&format!("{} {side}", rows.join("/")), profile).ok()
}

#[test]
fn random_boards_agree_with_the_reference() {
    let mut rng = rng(2018);
    let mut compared = 0;
    while compared < 20_000 {
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        compare(&pos);
        compare_resolve(&pos, &mut rng, 3);
        compared += 1;
    }
}

/// `no-legal-move` cannot happen while both sides have bishops (the proof
/// is on `OutcomeReason::NoLegalMove`). Random boards rarely come close, so
/// this also searches for a counter-example: a local search that changes
/// one square at a time towards fewer legal moves for the side to move,
/// under `steere` (whose moves are a subset of `report`'s). The reference
/// confirms the best position found.
#[test]
fn no_position_with_both_colours_is_without_a_move() {
    let mut rng = rng(10);
    let mut fewest = usize::MAX;
    for _ in 0..40 {
        let mut cells: Vec<char> = (0..50)
            .map(|_| *pick(&['.', 'R', 'B'], &mut rng).unwrap())
            .collect();
        let board = |cells: &[char]| {
            let rows: Vec<String> = cells.chunks(5).map(|c| c.iter().collect()).collect();
            Position::from_position_string(&format!("{} R", rows.join("/")), Profile::Steere)
                .ok()
                .filter(|p| !p.board().pieces(Side::Red).is_empty())
                .filter(|p| !p.board().pieces(Side::Blue).is_empty())
        };
        let moves = |cells: &[char]| board(cells).map_or(usize::MAX, |p| p.count_legal_moves());
        let mut current = moves(&cells);
        for _ in 0..1500 {
            let i = rng.random_range(0..50);
            let old = cells[i];
            cells[i] = *pick(&['.', 'R', 'B'], &mut rng).unwrap();
            let n = moves(&cells);
            if n <= current {
                current = n;
            } else {
                cells[i] = old;
            }
        }
        let pos = board(&cells).expect("both colours are kept");
        assert!(pos.has_legal_move(), "{pos}");
        assert!(pos.outcome().is_none(), "{pos}");
        let r = reference(&pos);
        assert!(!r.legal_moves().is_empty(), "{pos}");
        assert!(
            r.legal_moves().iter().map(move_notation).count() == current,
            "{pos}"
        );
        fewest = fewest.min(current);
    }
    assert!(fewest < 5, "the search gets close: {fewest} moves");
}
