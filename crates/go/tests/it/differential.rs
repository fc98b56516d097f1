//! The engine against the reference of `reference.rs`, on random games of
//! every profile: every point's verdict, every board, every capture count,
//! the score.

use asalto_go::{CheckOptions, Move, Point, Position, Profile, Side, Size, check};
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
    assert_eq!(games, Profile::ALL.len() * 7 * 60);
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

/// What the capture-hunting games met, so that a test fails if its games
/// stop reaching the cases they are there for.
#[derive(Default, Debug)]
struct Met {
    /// Moves capturing two or more groups at once.
    multi_group_captures: u32,
    /// Suicides of two or more stones played (Tromp–Taylor allows them).
    multi_stone_suicides: u32,
    /// Captures of a stone on the edge or in a corner.
    edge_captures: u32,
    /// Moves into a point without liberty that capture (legal).
    last_liberty_captures: u32,
    /// Points refused for each reason the rules have.
    suicide: u32,
    ko: u32,
    superko: u32,
}

/// The opponent groups a stone of `side` on `i` would capture.
fn groups_captured(grid: &Grid, side: Side, i: usize) -> usize {
    let mut g = grid.clone();
    g.cells[i] = Some(side);
    let mut heads: Vec<usize> = Vec::new();
    for q in g.nbrs(i) {
        if g.cells[q] == Some(!side) {
            let (stones, libs) = g.group(q);
            let head = *stones.iter().min().expect("a group has a stone");
            if libs.is_empty() && !heads.contains(&head) {
                heads.push(head);
            }
        }
    }
    heads.len()
}

/// A game that hunts captures: most moves go on the last liberty of some
/// group (either colour's: captures, suicides, ko shapes), the rest at
/// random. Every verdict of the engine (all points on boards up to 9x9, a
/// sample above) and every board, capture count and score are compared
/// with the reference.
fn hunting_game(n: usize, profile: Profile, seed: u64, max_plies: usize, met: &mut Met) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let size = Size::new(n as u8).unwrap();
    let mut pos = Position::new(size, profile);
    let mut reference = Game::new(n, profile);
    let mut side = Side::Black;
    for ply in 0..max_plies {
        if reference.over() {
            break;
        }
        let context = format!("hunt {profile} {n}x{n} seed {seed} ply {ply}");
        // The last liberty of every group (either colour) in atari.
        let mut hunt = Vec::new();
        let mut seen = vec![false; n * n];
        for q in 0..n * n {
            if reference.grid.cells[q].is_some() && !seen[q] {
                let (stones, libs) = reference.grid.group(q);
                for s in stones {
                    seen[s] = true;
                }
                if let [last] = libs[..] {
                    hunt.push(last);
                }
            }
        }
        // Every point up to 9x9; above, the hunted points and a sample.
        let judged: Vec<usize> = if n <= 9 {
            (0..n * n).collect()
        } else {
            let mut v = hunt.clone();
            v.extend((0..24).map(|_| rng.random_range(0..n * n)));
            v
        };
        let mut legal = Vec::new();
        let mut hunted = Vec::new();
        for i in judged {
            let expected = reference.why(side, i);
            let got = pos
                .why_illegal(side, Move::Play(point(n, i)))
                .map(|k| k.code());
            assert_eq!(got, expected, "{context}: {side} at {i}\n{pos:?}");
            match expected {
                Some("suicide") => met.suicide += 1,
                Some("ko") => met.ko += 1,
                Some("superko") => met.superko += 1,
                Some(_) => {}
                None if hunt.contains(&i) => hunted.push(i),
                None => legal.push(i),
            }
        }
        legal.extend_from_slice(&hunted);
        let pool = if !hunted.is_empty() && rng.random_range(0..4) != 0 {
            &hunted
        } else {
            &legal
        };
        let choice = if pool.is_empty() || rng.random_range(0..50) == 0 {
            None
        } else {
            Some(pool[rng.random_range(0..pool.len())])
        };
        if let Some(i) = choice {
            if groups_captured(&reference.grid, side, i) >= 2 {
                met.multi_group_captures += 1;
            }
            let (_, captured, suicided) = reference.after(side, i);
            if captured > 0
                && reference
                    .grid
                    .nbrs(i)
                    .iter()
                    .all(|&q| reference.grid.cells[q].is_some())
            {
                met.last_liberty_captures += 1;
            }
            if suicided >= 2 {
                met.multi_stone_suicides += 1;
            }
            let before = reference.grid.clone();
            reference.play(side, choice);
            let on_edge = |q: usize| q % n == 0 || q % n == n - 1 || q / n == 0 || q / n == n - 1;
            if (0..n * n).any(|q| {
                before.cells[q] == Some(!side) && reference.grid.cells[q].is_none() && on_edge(q)
            }) {
                met.edge_captures += 1;
            }
        } else {
            reference.play(side, None);
        }
        let mv = choice.map_or(Move::Pass, |i| Move::Play(point(n, i)));
        pos.play_as(side, mv)
            .unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_same_board(&pos, &reference.grid, &context);
        assert_eq!(pos.captures().black, reference.captures[0], "{context}");
        assert_eq!(pos.captures().white, reference.captures[1], "{context}");
        if n <= 9 || ply % 8 == 0 {
            let score = pos.board().area_score();
            assert_eq!(
                (score.black, score.white),
                reference.grid.score(),
                "{context}"
            );
        }
        side = !side;
    }
}

/// Capture-hunting games on every size from 1x1 to 25x25 under every
/// profile: several groups captured by one stone, suicides of several
/// stones, ko and superko refusals, captures on edges and in corners.
#[test]
fn hunting_captures_every_size() {
    let mut met = Met::default();
    for n in 1..=25usize {
        let (games, plies) = match n {
            1..=7 => (8, 3 * n * n + 20),
            8..=9 => (3, 2 * n * n),
            _ => (1, n * n / 4),
        };
        for profile in Profile::ALL {
            for g in 0..games {
                hunting_game(n, profile, 40_000 + (n * 100 + g) as u64, plies, &mut met);
            }
        }
    }
    assert!(met.multi_group_captures >= 20, "{met:?}");
    assert!(met.multi_stone_suicides >= 5, "{met:?}");
    assert!(met.edge_captures >= 100, "{met:?}");
    assert!(met.last_liberty_captures >= 100, "{met:?}");
    assert!(
        met.suicide >= 100 && met.ko >= 20 && met.superko >= 20,
        "{met:?}"
    );
}

/// What the forcing games met: repetitions refused, and how far back the
/// position repeated lay (a simple ko is 2 plies back; a triple ko or
/// "sending two, returning one" cycle further).
#[derive(Default, Debug)]
struct Repeats {
    /// Points refused as superko.
    refused: u32,
    /// Of those, repeating a position more than 2 positions back.
    beyond_ko: u32,
    /// More than 40 positions back (rebuilt across whole-board marks).
    far: u32,
    /// Repeating moves played against the rules.
    forced: u32,
}

/// A start position on an `n`x`n` board: random stones, about `fill` in
/// 100 points, without groups lacking a liberty.
fn random_start(n: usize, fill: u32, rng: &mut ChaCha8Rng) -> Grid {
    let mut g = Grid::new(n);
    for i in 0..n * n {
        if rng.random_range(0..100) < fill {
            g.cells[i] = Some(if rng.random_range(0..2) == 0 {
                Side::Black
            } else {
                Side::White
            });
        }
    }
    for i in 0..n * n {
        if g.cells[i].is_some() {
            let (stones, libs) = g.group(i);
            if libs.is_empty() {
                for s in stones {
                    g.cells[s] = None;
                }
            }
        }
    }
    g
}

/// One game under a superko profile from a random start, moves chosen to
/// make repetitions: mostly on the last liberty of a group in atari, and
/// now and then a move the rules refuse (a superko, a suicide) forced as
/// a record may hold it. Every point's verdict and every board against
/// the reference.
fn forcing_game(n: usize, profile: Profile, seed: u64, plies: usize, met: &mut Repeats) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let size = Size::new(n as u8).unwrap();
    let start = random_start(n, 55, &mut rng);
    let mut pos = Position::new(size, profile);
    for i in 0..n * n {
        if start.cells[i].is_some() {
            pos.set_stone(point(n, i), start.cells[i]);
        }
    }
    let mut reference = Game::new(n, profile);
    reference.grid = start.clone();
    reference.history = vec![start.clone()];
    let mut side = Side::Black;
    // The moves as a record, and the reference's verdict on each.
    let mut record = sgf_start(&start);
    let mut verdicts = Vec::new();
    for ply in 0..plies {
        if reference.over() {
            break;
        }
        let context = format!("forcing {profile} {n}x{n} seed {seed} ply {ply}");
        let mut legal = Vec::new();
        let mut refused = Vec::new();
        let mut hunt = Vec::new();
        for i in 0..n * n {
            let expected = reference.why(side, i);
            let got = pos
                .why_illegal(side, Move::Play(point(n, i)))
                .map(|k| k.code());
            assert_eq!(got, expected, "{context}: {side} at {i}\n{pos:?}");
            match expected {
                None => {
                    let (_, captured, _) = reference.after(side, i);
                    if captured > 0 {
                        hunt.push(i);
                    }
                    legal.push(i);
                }
                Some("superko") => {
                    let (g, _, _) = reference.after(side, i);
                    let back = reference.history.len()
                        - reference.history.iter().rposition(|h| *h == g).unwrap();
                    met.refused += 1;
                    met.beyond_ko += u32::from(back > 2);
                    met.far += u32::from(back > 40);
                    refused.push(i);
                }
                Some("suicide") => refused.push(i),
                Some(_) => {}
            }
        }
        let roll = rng.random_range(0..10);
        let pool = if roll == 0 && !refused.is_empty() {
            &refused
        } else if roll < 7 && !hunt.is_empty() {
            &hunt
        } else {
            &legal
        };
        let choice = if pool.is_empty() || rng.random_range(0..30) == 0 {
            None
        } else {
            Some(pool[rng.random_range(0..pool.len())])
        };
        let mv = choice.map_or(Move::Pass, |i| Move::Play(point(n, i)));
        verdicts.push(choice.and_then(|i| reference.why(side, i)));
        record.push_str(&sgf_move(side, mv));
        if choice.is_some_and(|i| refused.contains(&i)) {
            met.forced += 1;
            pos.force(side, mv, |_| {})
                .unwrap_or_else(|| panic!("{context}: forced onto an empty point"));
        } else {
            pos.play_as(side, mv)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
        }
        reference.play(side, choice);
        assert_same_board(&pos, &reference.grid, &context);
        side = !side;
    }
    // `check` on the record: the same verdict on every move, judged as
    // it replays (most moves as they are placed), and the same end.
    record.push(')');
    let options = CheckOptions {
        profile: Some(profile),
        ..CheckOptions::default()
    };
    let checked = check(record.as_bytes(), &options);
    let game = &checked.games[0];
    let got: Vec<Option<&str>> = game
        .plies
        .iter()
        .map(|p| p.illegal.map(|k| k.code()))
        .collect();
    let context = format!("forcing {profile} {n}x{n} seed {seed}: check\n{record}");
    assert_eq!(got, verdicts, "{context}");
    assert_same_board(&game.position(), &reference.grid, &context);
}

/// The root of a record of `start` (setup stones; Black moves first).
fn sgf_start(start: &Grid) -> String {
    let n = start.n;
    let mut text = format!("(;GM[1]FF[4]SZ[{n}]");
    for (side, id) in [(Side::Black, "AB"), (Side::White, "AW")] {
        let points: Vec<usize> = (0..n * n)
            .filter(|&i| start.cells[i] == Some(side))
            .collect();
        if !points.is_empty() {
            text.push_str(id);
            for i in points {
                text.push_str(&format!(
                    "[{}]",
                    String::from_utf8_lossy(&point(n, i).sgf())
                ));
            }
        }
    }
    text
}

/// One move node.
fn sgf_move(side: Side, mv: Move) -> String {
    let letter = if side == Side::Black { 'B' } else { 'W' };
    match mv {
        Move::Play(p) => format!(";{letter}[{}]", String::from_utf8_lossy(&p.sgf())),
        Move::Pass => format!(";{letter}[]"),
    }
}

/// Positional superko against the reference's list of every board, on
/// thousands of games built to repeat positions: captures hunted on
/// crowded small boards (ko, triple ko and "sending two, returning one"
/// cycles), refused moves forced, repetitions met up to hundreds of
/// positions back.
#[test]
fn superko_on_forced_repeats() {
    let mut met = Repeats::default();
    let mut games = 0;
    for profile in [Profile::PositionalSuperko, Profile::TrompTaylor] {
        for n in 2..=6usize {
            let count = if n <= 4 { 500 } else { 150 };
            for g in 0..count {
                let seed = 90_000 + (n * 10_000 + g) as u64;
                forcing_game(n, profile, seed, 6 * n * n, &mut met);
                games += 1;
            }
        }
    }
    assert!(games >= 2000, "{games} games");
    assert!(
        met.refused >= 50_000 && met.beyond_ko >= 3_000 && met.far >= 100 && met.forced >= 5_000,
        "{met:?}"
    );
}
