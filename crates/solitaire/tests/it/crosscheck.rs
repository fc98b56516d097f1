//! The engine against the reference: captures, solution counts, solutions,
//! the difficulty measure's tree numbers, on thousands of random puzzles
//! under both profiles.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use asalto_solitaire::{Position, Profile, Solver, difficulty};

use crate::reference::{self, RefBoard, RefMove};

fn engine(board: &RefBoard) -> Position {
    reference::to_string(board)
        .parse()
        .expect("a 16-character board")
}

fn engine_moves(pos: &Position, profile: Profile) -> Vec<RefMove> {
    let mut moves: Vec<RefMove> = pos
        .captures(profile)
        .map(|c| (c.from.x(), c.from.y(), c.to.x(), c.to.y()))
        .collect();
    moves.sort();
    moves
}

fn reference_moves(board: &RefBoard, profile: Profile) -> Vec<RefMove> {
    let mut moves = reference::moves(board, profile == Profile::Thinkfun);
    moves.sort();
    moves
}

/// Puzzles per profile, by number of pieces: many small, fewer large (the
/// reference counts without a table).
const PUZZLES: [(usize, usize); 7] = [
    (2, 300),
    (3, 600),
    (4, 800),
    (5, 800),
    (6, 600),
    (7, 300),
    (8, 100),
];

#[test]
fn solution_counts_agree_on_thousands_of_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    let mut solvable = 0;
    for profile in Profile::ALL {
        let thinkfun = profile == Profile::Thinkfun;
        let mut solver = Solver::new(profile);
        for (pieces, puzzles) in PUZZLES {
            for _ in 0..puzzles {
                let board = reference::random_board(&mut rng, pieces);
                let pos = engine(&board);
                let expected = reference::count(&board, thinkfun);
                assert_eq!(solver.count(&pos), expected, "{pos} {profile}");
                assert_eq!(
                    u128::from(solver.count_up_to_two(&pos)),
                    expected.min(2),
                    "{pos}"
                );
                let solution = solver.solve(&pos);
                assert_eq!(solution.is_some(), expected > 0, "{pos} {profile}");
                if let Some(solution) = solution {
                    let moves: Vec<RefMove> = solution
                        .iter()
                        .map(|c| (c.from.x(), c.from.y(), c.to.x(), c.to.y()))
                        .collect();
                    assert!(reference::is_solution(&board, &moves, thinkfun), "{pos}");
                    solvable += 1;
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * PUZZLES.iter().map(|p| p.1).sum::<usize>());
    // Enough of them are solvable for the comparison to mean something.
    assert!(solvable > checked / 10, "{solvable} of {checked}");
}

#[test]
fn captures_agree_along_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut positions = 0;
    for profile in Profile::ALL {
        for _ in 0..1500 {
            let pieces = 2 + (rand::Rng::next_u32(&mut rng) % 15) as usize;
            let mut board = reference::random_board(&mut rng, pieces);
            loop {
                let pos = engine(&board);
                let moves = reference_moves(&board, profile);
                assert_eq!(engine_moves(&pos, profile), moves, "{pos} {profile}");
                assert_eq!(pos.capture_count(profile), moves.len());
                assert_eq!(pos.has_capture(profile), !moves.is_empty());
                positions += 1;
                let Some(&m) =
                    moves.get(rand::Rng::next_u32(&mut rng) as usize % moves.len().max(1))
                else {
                    break;
                };
                board = reference::play(&board, m);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn every_solution_is_listed_once() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for profile in Profile::ALL {
        let thinkfun = profile == Profile::Thinkfun;
        let mut solver = Solver::new(profile);
        for _ in 0..300 {
            let board = reference::random_board(&mut rng, 6);
            let pos = engine(&board);
            let count = solver.count(&pos);
            let all = solver.solutions(&pos, usize::MAX);
            assert_eq!(all.len() as u128, count, "{pos}");
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, all, "listed in canonical order, each once");
            for s in &all {
                let moves: Vec<RefMove> = s
                    .iter()
                    .map(|c| (c.from.x(), c.from.y(), c.to.x(), c.to.y()))
                    .collect();
                assert!(reference::is_solution(&board, &moves, thinkfun));
            }
            if let Some(first) = all.first() {
                assert_eq!(
                    Some(first),
                    solver.solve(&pos).as_ref(),
                    "solve gives the first"
                );
            }
        }
    }
}

#[test]
fn the_difficulty_measure_agrees_with_its_definition() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut measured = 0;
    for profile in Profile::ALL {
        let thinkfun = profile == Profile::Thinkfun;
        let mut solver = Solver::new(profile);
        for _ in 0..400 {
            let pieces = 2 + (rand::Rng::next_u32(&mut rng) % 5) as usize;
            let board = reference::random_board(&mut rng, pieces);
            let pos = engine(&board);
            let Some(d) = difficulty::measure(&pos, &mut solver).expect("small") else {
                assert_eq!(reference::count(&board, thinkfun), 0);
                continue;
            };
            let (size, dead) = reference::tree(&board, thinkfun);
            assert_eq!((d.tree_size, d.dead_ends), (size, dead), "{pos}");
            let expected = reference::expected_search(&board, thinkfun);
            assert!(
                (d.expected_search - expected).abs() < 1e-9,
                "{pos}: {} vs {expected}",
                d.expected_search
            );
            assert!(
                d.expected_search >= pieces as f64,
                "at least one position per capture and the start"
            );
            measured += 1;
        }
    }
    assert!(measured > 100, "{measured}");
}

#[test]
fn a_tiny_table_forgets_but_stays_exact() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for profile in Profile::ALL {
        let mut big = Solver::new(profile);
        let mut tiny = Solver::with_max_slots(profile, 1024);
        for _ in 0..20 {
            let board = reference::random_board(&mut rng, 8);
            let pos = engine(&board);
            assert_eq!(tiny.count(&pos), big.count(&pos), "{pos}");
            assert_eq!(tiny.solve(&pos), big.solve(&pos), "{pos}");
        }
        assert!(tiny.table_evictions() > 0, "the tiny table filled up");
    }
}

#[test]
fn big_puzzles_stay_bounded() {
    // 14 pieces: 7.3 M positions to count in full (9·10^7 in the default
    // table), seconds to minutes.
    let big: Position = "BNBPRKQK.QP.NRKK".parse().unwrap();
    let mut solver = Solver::new(Profile::Codegolf).with_node_limit(Some(20_000));
    let err = solver.try_count(&big).expect_err("cut short");
    assert_eq!(err.nodes, 20_000);
    assert!(asalto_solitaire::json::solve_report(&big, &mut solver, None).is_err());
    // The first solution is quick; the solver still works after a cut.
    assert!(
        solver
            .try_solve(&big)
            .expect("found within the limit")
            .is_some()
    );
    let small: Position = "P....R..R.R..R..".parse().unwrap();
    assert_eq!(solver.try_count(&small), Ok(14));
    // The difficulty measure gives up beyond its limit.
    assert!(difficulty::measure(&big, &mut Solver::new(Profile::Codegolf)).is_err());
}
