//! A random player for selfplay: uniformly random among legal moves that
//! do not fill one of its own eyes; it passes when none is left. Seeded and
//! deterministic (ChaCha8), so the same seed gives the same games on every
//! machine.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::point::{Move, Size};
use crate::position::Position;
use crate::rules::Profile;

/// The random generator of players and selfplay.
pub type GameRng = ChaCha8Rng;

/// A generator from a seed.
pub fn rng(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The random player's move for the colour to move: a uniformly random
/// legal point that is not its own eye, else a pass.
pub fn random_move(pos: &Position, rng: &mut GameRng) -> Move {
    let side = pos.to_move();
    let board = pos.board();
    let mut candidates: Vec<Move> = Vec::with_capacity(board.size().area() as usize);
    for p in board.size().points() {
        if board.is_empty_point(p) && !board.is_eye_of(side, p) && pos.is_legal(side, Move::Play(p))
        {
            candidates.push(Move::Play(p));
        }
    }
    if candidates.is_empty() {
        Move::Pass
    } else {
        candidates[rng.random_range(0..candidates.len())]
    }
}

/// One selfplay game between two random players, ended by two passes (or
/// by `max_moves`, a guard for profiles without a ko rule, where a game
/// could cycle). Returns the final position and the moves.
///
/// # Examples
///
/// ```
/// use asalto_go::{player, Profile, Size};
///
/// let (pos, moves) = player::selfplay(Size::new(9).unwrap(), Profile::TrompTaylor, 7, 1000);
/// assert_eq!(moves.len(), player::selfplay(Size::new(9).unwrap(), Profile::TrompTaylor, 7, 1000).1.len());
/// assert_eq!(pos.passes(), 2);
/// ```
pub fn selfplay(
    size: Size,
    profile: Profile,
    seed: u64,
    max_moves: usize,
) -> (Position, Vec<Move>) {
    let mut rng = rng(seed);
    let mut pos = Position::new(size, profile);
    let mut moves = Vec::new();
    while pos.passes() < 2 && moves.len() < max_moves {
        let mv = random_move(&pos, &mut rng);
        match pos.play(mv) {
            Ok(_) => moves.push(mv),
            Err(_) => {
                // Cannot happen: the move was checked legal.
                pos.play(Move::Pass).ok();
                moves.push(Move::Pass);
            }
        }
    }
    (pos, moves)
}

/// The result of a finished game in SGF's words (`B+3.5`, `W+12`, `0`):
/// the area score of the final position, with `komi` where the profile
/// counts it.
pub fn result(pos: &Position, komi: f64) -> String {
    let komi = if pos.profile().rules().komi_counts {
        komi
    } else {
        0.0
    };
    crate::problem::margin_text(pos.board().area_score().margin(komi))
}

/// A selfplay game as an SGF record: the root names the size, komi, rule
/// profile (`RU`), players and, for a game ended by two passes, the result
/// (`RE`); then one node per move, a pass as `B[]`.
///
/// # Examples
///
/// ```
/// use asalto_go::{check, player, CheckOptions, Profile, Size};
///
/// let size = Size::new(9).unwrap();
/// let (pos, moves) = player::selfplay(size, Profile::PositionalSuperko, 7, 1000);
/// let sgf = player::record(size, Profile::PositionalSuperko, 7.5, &moves, Some(&player::result(&pos, 7.5)), "seed 7");
/// let checked = check(sgf.as_bytes(), &CheckOptions::default());
/// assert!(checked.is_valid());
/// assert_eq!(checked.games[0].plies.len(), moves.len());
/// ```
pub fn record(
    size: Size,
    profile: Profile,
    komi: f64,
    moves: &[Move],
    result: Option<&str>,
    comment: &str,
) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(64 + moves.len() * 7);
    let _ = write!(
        out,
        "(;GM[1]FF[4]CA[UTF-8]AP[asalto]SZ[{}]KM[{komi}]RU[{}]PB[random]PW[random]",
        size.get(),
        profile.name()
    );
    if let Some(result) = result {
        let _ = write!(out, "RE[{result}]");
    }
    if !comment.is_empty() {
        let _ = write!(out, "GC[{}]", crate::export::sgf_escape(comment));
    }
    for (i, mv) in moves.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let value = mv
            .point()
            .map(crate::export::sgf_letters)
            .unwrap_or_default();
        let _ = write!(out, ";{colour}[{value}]");
    }
    out.push_str(")\n");
    out
}
