//! Which rule situations a set of Go reference games reaches, as the
//! grader of the 2019 assignment asks them: every empty and occupied
//! point of every position of a game is a possible `goMove/4` query, for
//! either colour; [`scan`] sorts them into [`Situation`]s (a capture of one
//! or several groups, of stones on the edge or in a corner, a stone that
//! fills its last liberty but captures, a ko recapture, a suicide of one
//! or several stones, an occupied point, a move in the open, on an edge,
//! in a corner), and the grader asks a few of each. A few positions are
//! also scored (`finDelJuego/3`): [`score_boards`] says which, and the
//! situations of a score are territory (an empty region one colour
//! surrounds) and neutral points (touching both colours).
//!
//! Passes and the end by two passes are no situation: the assignment's
//! predicates are asked about boards and points only (`goMove/4` places a
//! stone, there is no pass query); a reference game's passes only shape
//! the positions asked about. No I/O.
//!
//! # Examples
//!
//! ```
//! use asalto_go::coverage::{self, Situation};
//! use asalto_go::{Board, Move, Position, Profile, Side};
//!
//! // Black in the top left corner fills its last liberty but takes the
//! // white stone beside it, on the edge.
//! let board = Board::from_grid_string(".wb.wb..........").unwrap();
//! let start = Position::from_board(board, Side::Black, Profile::Seed2019);
//! let scan = coverage::scan(&start, &[(Side::Black, Move::Pass)], Profile::Seed2019);
//! let mut reached = asalto_core::coverage::Coverage::new();
//! coverage::of_game(&scan, 0, &mut reached);
//! assert!(reached.reached(Situation::CaptureFillsLastLiberty).is_some());
//! assert!(reached.reached(Situation::CaptureOnEdge).is_some());
//! assert!(reached.reached(Situation::CaptureInCorner).is_none());
//! ```

use asalto_core::coverage::{Coverage, Seen};

use crate::board::Board;
use crate::illegal::IllegalMoveKind;
use crate::point::{Move, Point};
use crate::position::Position;
use crate::rules::{Profile, Suicide};
use crate::side::Side;

asalto_core::codes! {
    /// A rule situation of the Go assignment's grader. The codes are a
    /// contract, as reason codes are: added to, never changed.
    pub enum Situation {
        /// A legal move away from the edges, capturing nothing.
        MoveOpen = "move-open",
        /// A legal move on an edge, capturing nothing.
        MoveEdge = "move-edge",
        /// A legal move in a corner, capturing nothing.
        MoveCorner = "move-corner",
        /// A capture of one group.
        CaptureOneGroup = "capture-one-group",
        /// A capture of several groups at once.
        CaptureSeveralGroups = "capture-several-groups",
        /// A stone that fills its last liberty but captures.
        CaptureFillsLastLiberty = "capture-fills-last-liberty",
        /// An immediate recapture of a single stone.
        KoRecapture = "ko-recapture",
        /// A lone stone without liberties that captures nothing.
        SuicideOneStone = "suicide-one-stone",
        /// A stone that leaves its group without liberties.
        SuicideSeveralStones = "suicide-several-stones",
        /// A stone on a stone of its own colour.
        OccupiedOwn = "occupied-own",
        /// A stone on a stone of the other colour.
        OccupiedOther = "occupied-other",
        /// A capture that takes a stone on the edge.
        CaptureOnEdge = "capture-on-edge",
        /// A capture that takes a stone in a corner.
        CaptureInCorner = "capture-in-corner",
        /// The score of a game's final position.
        ScoreFinal = "score-final",
        /// The score of a position in the middle of a game.
        ScoreMidGame = "score-mid-game",
        /// A score with territory.
        ScoreTerritory = "score-territory",
        /// A score with neutral points.
        ScoreNeutral = "score-neutral",
    }
}

impl Situation {
    /// The situations of one `goMove/4` query (the others are scores).
    pub const MOVES: [Situation; 13] = [
        Situation::MoveOpen,
        Situation::MoveEdge,
        Situation::MoveCorner,
        Situation::CaptureOneGroup,
        Situation::CaptureSeveralGroups,
        Situation::CaptureFillsLastLiberty,
        Situation::KoRecapture,
        Situation::SuicideOneStone,
        Situation::SuicideSeveralStones,
        Situation::OccupiedOwn,
        Situation::OccupiedOther,
        Situation::CaptureOnEdge,
        Situation::CaptureInCorner,
    ];

    /// What it is, in a few words (the grader's reports name a query's
    /// situation so).
    pub const fn describe(self) -> &'static str {
        match self {
            Situation::MoveOpen => "a move in the open",
            Situation::MoveEdge => "a move on the edge",
            Situation::MoveCorner => "a move in a corner",
            Situation::CaptureOneGroup => "a capture of one group",
            Situation::CaptureSeveralGroups => "a capture of several groups",
            Situation::CaptureFillsLastLiberty => "a move that fills its last liberty but captures",
            Situation::KoRecapture => "a ko recapture (legal: no ko rule)",
            Situation::SuicideOneStone => "a suicide of one stone",
            Situation::SuicideSeveralStones => "a suicide of several stones",
            Situation::OccupiedOwn => "a stone on its own stone",
            Situation::OccupiedOther => "a stone on the opponent's stone",
            Situation::CaptureOnEdge => "a capture of stones on the edge",
            Situation::CaptureInCorner => "a capture of a stone in a corner",
            Situation::ScoreFinal => "the score of a game's final position",
            Situation::ScoreMidGame => "the score of a mid-game position",
            Situation::ScoreTerritory => {
                "a score with territory: an empty region only one colour touches"
            }
            Situation::ScoreNeutral => {
                "a score with neutral points: an empty region both colours touch"
            }
        }
    }
}

asalto_core::situation!(Situation);

/// A query the grader may ask: `side` plays at `point` on the board
/// before move `ply` (1-based; the number of moves + 1 after the last).
pub type Found = (usize, Side, Point);

/// A reference game gone through: every possible query sorted by
/// situation, and the boards.
#[derive(Clone, Debug)]
pub struct Scan {
    /// For each situation of [`Situation::MOVES`] (by its place there),
    /// the queries that show it, in game order.
    pub found: Vec<Vec<Found>>,
    /// The board before each move, then after the last.
    pub boards: Vec<Board>,
}

impl Scan {
    /// The queries that show `situation` (none for a score).
    pub fn of(&self, situation: Situation) -> &[Found] {
        Situation::MOVES
            .iter()
            .position(|&s| s == situation)
            .map_or(&[], |i| &self.found[i])
    }
}

/// Go through a game from `start` (its setup), move by move, under
/// `profile`: at each position before a move, every point for both
/// colours. A move that cannot be played ends the scan there.
pub fn scan(start: &Position, moves: &[(Side, Move)], profile: Profile) -> Scan {
    let mut found: Vec<Vec<Found>> = vec![Vec::new(); Situation::MOVES.len()];
    let mut pos = start.clone();
    let mut boards = vec![pos.board().clone()];
    // The point of the single stone the previous move captured, and that
    // move's point: a recapture there is a ko recapture.
    let mut last_single: Option<(Point, Point)> = None;
    for (i, &(side, mv)) in moves.iter().enumerate() {
        for s in [side, !side] {
            for p in pos.board().size().points() {
                for sit in classify(pos.board(), s, p, last_single, profile) {
                    if let Some(k) = Situation::MOVES.iter().position(|&m| m == sit) {
                        found[k].push((i + 1, s, p));
                    }
                }
            }
        }
        if pos.play_as(side, mv).is_err() {
            break;
        }
        last_single = single_capture(&boards[boards.len() - 1], pos.board(), mv);
        boards.push(pos.board().clone());
    }
    Scan { found, boards }
}

/// The boards of a game the grader scores (indices into
/// [`Scan::boards`]): the final one first, then those a third and two
/// thirds of the way.
pub fn score_boards(boards: usize) -> Vec<usize> {
    let Some(last) = boards.checked_sub(1) else {
        return Vec::new();
    };
    let mut at = vec![last];
    for k in [boards / 3, 2 * boards / 3] {
        if k > 0 && !at.contains(&k) && k < last {
            at.push(k);
        }
    }
    at
}

/// What the scan of game `index` of a set reaches.
pub fn of_game(scan: &Scan, index: usize, into: &mut Coverage<Situation>) {
    for (k, &sit) in Situation::MOVES.iter().enumerate() {
        if let Some(&(ply, _, _)) = scan.found[k].first() {
            into.note(sit, Seen::at(index, ply));
        }
    }
    let last = scan.boards.len().saturating_sub(1);
    for k in score_boards(scan.boards.len()) {
        let seen = Seen::at(index, k + 1);
        into.note(
            if k == last {
                Situation::ScoreFinal
            } else {
                Situation::ScoreMidGame
            },
            seen,
        );
        let board = &scan.boards[k];
        let territory = board.territory();
        let stones = board.stone_count(Side::Black) + board.stone_count(Side::White) > 0;
        for p in board.size().points().filter(|&p| board.get(p).is_none()) {
            match territory.owner(p) {
                Some(_) => into.note(Situation::ScoreTerritory, seen),
                // With no stone at all, no region touches a colour.
                None if stones => into.note(Situation::ScoreNeutral, seen),
                None => {}
            }
        }
    }
}

/// The situations `profile` makes impossible, with why.
pub fn impossible(profile: Profile, into: &mut Coverage<Situation>) {
    if profile.rules().suicide == Suicide::Allowed {
        let why = "suicide is not refused under this profile: a lone stone's repeats the board (superko), a group's is played";
        into.impossible(Situation::SuicideOneStone, why);
        into.impossible(Situation::SuicideSeveralStones, why);
    }
}

/// When the move from `before` to `after` at `mv` captured exactly one
/// stone with a lone stone: `(captured point, the move's point)`.
fn single_capture(before: &Board, after: &Board, mv: Move) -> Option<(Point, Point)> {
    let p = mv.point()?;
    let gone: Vec<Point> = before
        .size()
        .points()
        .filter(|&q| before.get(q).is_some() && after.get(q).is_none())
        .collect();
    match gone.as_slice() {
        [q] if after.group(p).len() == 1 => Some((*q, p)),
        _ => None,
    }
}

/// The situations of `side` playing at `p`: its kind (one of the first
/// eleven of [`Situation::MOVES`]), and for a capture whether it takes
/// stones on the edge or in a corner. None for a move illegal for another
/// reason (a ko under a profile with a ko rule).
pub fn classify(
    board: &Board,
    side: Side,
    p: Point,
    last_single: Option<(Point, Point)>,
    profile: Profile,
) -> Vec<Situation> {
    if let Some(owner) = board.get(p) {
        return vec![if owner == side {
            Situation::OccupiedOwn
        } else {
            Situation::OccupiedOther
        }];
    }
    let pos = Position::from_board(board.clone(), side, profile);
    let own_neighbours = board
        .neighbours(p)
        .filter(|&q| board.get(q) == Some(side))
        .count();
    match pos.why_illegal(side, Move::Play(p)) {
        Some(IllegalMoveKind::Suicide) => {
            return vec![if own_neighbours == 0 {
                Situation::SuicideOneStone
            } else {
                Situation::SuicideSeveralStones
            }];
        }
        Some(_) => return Vec::new(),
        None => {}
    }
    // Opponent groups in atari next to p: the groups this stone captures.
    let mut heads: Vec<Point> = Vec::new();
    for q in board.neighbours(p) {
        if board.get(q) == Some(!side) && board.liberties(q) == 1 {
            let Some(head) = board
                .group(q)
                .into_iter()
                .min_by_key(|x| (x.row(), x.col()))
            else {
                continue;
            };
            if !heads.contains(&head) {
                heads.push(head);
            }
        }
    }
    let last = board.size().get() - 1;
    let edges = |q: Point| {
        u8::from(q.row() == 0 || q.row() == last) + u8::from(q.col() == 0 || q.col() == last)
    };
    if heads.is_empty() {
        return vec![match edges(p) {
            2 => Situation::MoveCorner,
            1 => Situation::MoveEdge,
            _ => Situation::MoveOpen,
        }];
    }
    let taken: Vec<Point> = heads.iter().flat_map(|&h| board.group(h)).collect();
    let kind = if heads.len() >= 2 {
        Situation::CaptureSeveralGroups
    } else if taken.len() == 1
        && last_single.is_some_and(|(at, by)| at == p && board.group(by).contains(&heads[0]))
    {
        Situation::KoRecapture
    } else if board
        .neighbours(p)
        .all(|q| board.get(q).is_some() && (board.get(q) != Some(side) || board.liberties(q) == 1))
    {
        Situation::CaptureFillsLastLiberty
    } else {
        Situation::CaptureOneGroup
    };
    let mut all = vec![kind];
    if taken.iter().any(|&q| edges(q) > 0) {
        all.push(Situation::CaptureOnEdge);
    }
    if taken.iter().any(|&q| edges(q) == 2) {
        all.push(Situation::CaptureInCorner);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Size;

    fn board(rows: &[&str]) -> Board {
        Board::from_grid_string(&rows.concat()).unwrap()
    }

    fn reached(b: Board, side: Side, profile: Profile) -> Coverage<Situation> {
        let start = Position::from_board(b, side, profile);
        let mut c = Coverage::new();
        of_game(&scan(&start, &[(side, Move::Pass)], profile), 0, &mut c);
        impossible(profile, &mut c);
        c
    }

    #[test]
    fn a_capture_in_a_corner() {
        // Black below the white corner stone takes it.
        let c = reached(
            board(&["wb.", "...", "..."]),
            Side::Black,
            Profile::Seed2019,
        );
        for s in [
            Situation::CaptureOneGroup,
            Situation::CaptureInCorner,
            Situation::CaptureOnEdge,
            Situation::OccupiedOwn,
            Situation::OccupiedOther,
            Situation::MoveCorner,
        ] {
            assert_eq!(c.reached(s), Some(Seen::at(0, 1)), "{s}");
        }
        // The board after the pass is scored.
        assert_eq!(c.reached(Situation::ScoreFinal), Some(Seen::at(0, 2)));
        assert_eq!(c.reached(Situation::ScoreNeutral), Some(Seen::at(0, 2)));
        for s in [
            Situation::CaptureSeveralGroups,
            Situation::CaptureFillsLastLiberty,
            Situation::KoRecapture,
            Situation::ScoreMidGame,
            Situation::ScoreTerritory,
        ] {
            assert!(c.reached(s).is_none(), "{s}");
        }
    }

    #[test]
    fn a_capture_that_fills_its_last_liberty_on_the_edge() {
        let c = reached(
            board(&[".wb.", "wb..", "....", "...."]),
            Side::Black,
            Profile::Seed2019,
        );
        assert!(c.reached(Situation::CaptureFillsLastLiberty).is_some());
        assert!(c.reached(Situation::CaptureOnEdge).is_some());
        assert!(c.reached(Situation::CaptureInCorner).is_none());
    }

    #[test]
    fn a_ko_recapture_and_territory() {
        // Black takes the white stone of the ko; White may take back at
        // once. The corner point is Black's territory.
        let b = board(&[".bw.", "bw.w", ".bw.", "...."]);
        let start = Position::from_board(b, Side::Black, Profile::Seed2019);
        let moves = [
            (Side::Black, Move::Play(Point::new(2, 1))),
            (Side::White, Move::Pass),
        ];
        let mut c = Coverage::new();
        of_game(&scan(&start, &moves, Profile::Seed2019), 0, &mut c);
        assert_eq!(c.reached(Situation::KoRecapture), Some(Seen::at(0, 2)));
        assert!(c.reached(Situation::ScoreTerritory).is_some());
    }

    #[test]
    fn tromp_taylor_has_no_suicide_query() {
        let c = reached(
            Board::new(Size::new(5).unwrap()),
            Side::Black,
            Profile::TrompTaylor,
        );
        assert!(c.why_impossible(Situation::SuicideOneStone).is_some());
        assert!(!c.missing().contains(&Situation::SuicideSeveralStones));
        let c = reached(
            Board::new(Size::new(5).unwrap()),
            Side::Black,
            Profile::Seed2019,
        );
        assert!(c.missing().contains(&Situation::SuicideSeveralStones));
        assert!(c.why_impossible(Situation::SuicideOneStone).is_none());
    }
}
