//! The 2019 assignment's queries: what kind of move a `goMove/4` query is,
//! and a deterministic choice of queries from reference games, so a grader
//! asks students about captures of one and of several groups, edges and
//! corners, a stone that fills its last liberty but captures, suicides of
//! one and of several stones, occupied points and ko captures — each with
//! the answer the rules give (`seed-2019`).

use crate::board::Board;
use crate::illegal::IllegalMoveKind;
use crate::point::{Move, Point};
use crate::position::Position;
use crate::replay::Game;
use crate::rules::Profile;
use crate::side::Side;

asalto_core::codes! {
    /// What a move does on a board under the assignment's rules.
    #[non_exhaustive]
    pub enum MoveClass {
        /// The point holds a stone: `goMove/4` must fail.
        Occupied = "occupied",
        /// A lone stone with no liberty that captures nothing: must fail.
        SuicideOne = "suicide-one",
        /// Joins a group and leaves it without liberties, capturing nothing:
        /// must fail.
        SuicideMany = "suicide-many",
        /// Captures a single stone that stood alone, and the new stone is
        /// left alone with that one liberty: a ko (retaking it at once is
        /// legal here, as there is no ko rule).
        KoCapture = "ko-capture",
        /// The stone had no liberty of its own until it captured.
        FillsLastLibertyCaptures = "fills-last-liberty-captures",
        /// Captures one group.
        CapturesOneGroup = "captures-one-group",
        /// Captures two or more groups at once.
        CapturesGroups = "captures-groups",
        /// Captures nothing, and is legal.
        Quiet = "quiet",
    }
}

/// Where a point lies: a query set wants edges and corners too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Two board edges.
    Corner,
    /// One board edge.
    Edge,
    /// No edge.
    Centre,
}

/// The place of a point on its board.
pub fn place(board: &Board, p: Point) -> Place {
    let last = board.size().get() - 1;
    let edges =
        u8::from(p.col() == 0 || p.col() == last) + u8::from(p.row() == 0 || p.row() == last);
    match edges {
        2 => Place::Corner,
        1 => Place::Edge,
        _ => Place::Centre,
    }
}

/// What `side` playing at `p` (on the board) does under `seed-2019`.
///
/// # Examples
///
/// ```
/// use asalto_go::{seed, Board, Point, Side};
///
/// let b = Board::from_grid_string(".wbwb.b..").unwrap();
/// assert_eq!(seed::classify(&b, Side::Black, Point::new(0, 0)), seed::MoveClass::FillsLastLibertyCaptures);
/// assert_eq!(seed::classify(&b, Side::White, Point::new(1, 0)), seed::MoveClass::Occupied);
/// ```
pub fn classify(board: &Board, side: Side, p: Point) -> MoveClass {
    if board.get(p).is_some() {
        return MoveClass::Occupied;
    }
    let own_liberty = board.neighbours(p).any(|q| board.get(q).is_none());
    let joins = board.neighbours(p).any(|q| board.get(q) == Some(side));
    let mut pos = Position::from_board(board.clone(), side, Profile::Seed2019);
    let mut captured = Vec::new();
    match pos.play_as_with(side, Move::Play(p), |q| captured.push(q)) {
        Err(e) if e.kind == IllegalMoveKind::Suicide => {
            if joins {
                MoveClass::SuicideMany
            } else {
                MoveClass::SuicideOne
            }
        }
        Err(_) => MoveClass::Occupied,
        Ok(_) if captured.is_empty() => MoveClass::Quiet,
        Ok(_) => {
            let groups = captured_groups(board, &captured);
            let after = pos.board();
            if captured.len() == 1 && after.group(p).len() == 1 && after.liberties(p) == 1 {
                MoveClass::KoCapture
            } else if !own_liberty && !joins {
                MoveClass::FillsLastLibertyCaptures
            } else if groups >= 2 {
                MoveClass::CapturesGroups
            } else {
                MoveClass::CapturesOneGroup
            }
        }
    }
}

/// How many groups (of the board before the move) the captured points make.
fn captured_groups(board: &Board, captured: &[Point]) -> usize {
    let mut heads: Vec<Point> = captured
        .iter()
        .map(|&q| board.group(q).into_iter().min().unwrap_or(q))
        .collect();
    heads.sort();
    heads.dedup();
    heads.len()
}

/// One `goMove/4` query and the answer the rules give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// The board before the move.
    pub board: Board,
    /// The colour that plays.
    pub side: Side,
    /// The point.
    pub point: Point,
    /// What the move does.
    pub class: MoveClass,
    /// Corner, edge or centre.
    pub place: Place,
    /// The board after the move, or why `goMove/4` must fail.
    pub expected: Result<Board, IllegalMoveKind>,
}

/// Up to `per_class` queries of each [`MoveClass`] from the positions of a
/// reference game, in game order: every point next to a stone (and every
/// occupied point) of every position is classified, for both colours. The
/// choice depends only on the game, so every run asks the same.
pub fn queries(game: &Game, per_class: usize) -> Vec<Query> {
    let mut counts = [0usize; MoveClass::ALL.len()];
    let mut out = Vec::new();
    let mut boards = vec![game.position_after(0).board().clone()];
    game.for_each_position(|_, pos| boards.push(pos.board().clone()));
    for board in &boards {
        for p in board.size().points() {
            let near =
                board.get(p).is_some() || board.neighbours(p).any(|q| board.get(q).is_some());
            if !near {
                continue;
            }
            for side in Side::ALL {
                let class = classify(board, side, p);
                let k = MoveClass::ALL.iter().position(|&c| c == class).unwrap_or(0);
                if counts[k] >= per_class {
                    continue;
                }
                counts[k] += 1;
                let expected = crate::export::seed_move(board, side, p.row(), p.col());
                out.push(Query {
                    board: board.clone(),
                    side,
                    point: p,
                    class,
                    place: place(board, p),
                    expected,
                });
            }
        }
    }
    out
}
