//! The engine against the reference of `reference.rs`, on random games of
//! every profile: every point's verdict, every board, every capture count,
//! the score.

use asalto_go::{Move, Point, Position, Profile, Side, Size};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::reference::{Game, Grid};

fn point(n: usize, i: usize) -> Point {
    Point::new((i % n) as u8, (i / n) as u8)
}

fn assert_same_board(pos: &Position, grid: &Grid, context: &str) {
    let n = grid.n;
    for i in 0..n * n {
        assert_eq!(
            pos.board().get(point(n, i)),
            grid.cells[i],
            "{context}: point {i}"
        );
    }
}

/// Plays one random game on both models, comparing everything; returns the
/// number of plies.
fn random_game(n: usize, profile: Profile, seed: u64, max_plies: usize, full_check: bool) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let size = Size::new(n as u8).unwrap();
    let mut pos = Position::new(size, profile);
    let mut reference = Game::new(n, profile);
    let mut side = Side::Black;
    let mut plies = 0;
    while plies < max_plies && !reference.over() {
        let context = format!("{profile} {n}x{n} seed {seed} ply {plies}");
        let mut legal = Vec::new();
        for i in 0..n * n {
            let expected = reference.why(side, i);
            if full_check || expected.is_none() || rng.random_range(0..8) == 0 {
                let got = pos
                    .why_illegal(side, Move::Play(point(n, i)))
                    .map(|k| k.code());
                assert_eq!(got, expected, "{context}: {side} at {i}\n{pos:?}");
            }
            if expected.is_none() {
                legal.push(i);
            }
        }
        if full_check {
            let moves = pos.legal_moves(side);
            assert_eq!(moves.len(), legal.len() + 1, "{context}: legal move count");
        }
        let choice = if legal.is_empty() || rng.random_range(0..40) == 0 {
            None
        } else {
            Some(legal[rng.random_range(0..legal.len())])
        };
        let mv = choice.map_or(Move::Pass, |i| Move::Play(point(n, i)));
        pos.play_as(side, mv)
            .unwrap_or_else(|e| panic!("{context}: {e}"));
        reference.play(side, choice);
        assert_same_board(&pos, &reference.grid, &context);
        assert_eq!(pos.captures().black, reference.captures[0], "{context}");
        assert_eq!(pos.captures().white, reference.captures[1], "{context}");
        if full_check || plies % 16 == 0 {
            let score = pos.board().area_score();
            assert_eq!(
                (score.black, score.white),
                reference.grid.score(),
                "{context}"
            );
        }
        // Now and then the same colour moves twice, as in real records.
        side = if rng.random_range(0..25) == 0 {
            side
        } else {
            !side
        };
        plies += 1;
    }
    plies
}

#[test]
fn small_boards_every_profile() {
    let mut plies = 0;
    let mut games = 0;
    for profile in Profile::ALL {
        for n in 1..=7 {
            for seed in 0..60 {
                plies += random_game(n, profile, seed * 31 + n as u64, 4 * n * n + 10, true);
                games += 1;
            }
        }
    }
    assert_eq!(games, 4 * 7 * 60);
    assert!(plies > 50_000, "{plies} plies");
}

#[test]
fn nine_by_nine_long_games() {
    for profile in Profile::ALL {
        for seed in 0..40 {
            random_game(9, profile, 1000 + seed, 300, false);
        }
    }
}

#[test]
fn nineteen_by_nineteen() {
    for profile in [Profile::Seed2019, Profile::PositionalSuperko] {
        for seed in 0..3 {
            random_game(19, profile, 7000 + seed, 500, false);
        }
    }
}

#[test]
fn twenty_five() {
    random_game(25, Profile::TrompTaylor, 9, 300, false);
}
