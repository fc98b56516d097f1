//! The queries a submission is asked: positions taken from reference games
//! (SGF), chosen so that every situation the checks name occurs (captures
//! of one and of several groups, of stones on the edge and in a corner, a
//! stone that fills its last liberty but captures, ko recaptures, suicide
//! of one and of several stones, occupied points, edges and corners, final
//! and mid-game scores: the engine's [`asalto_go::coverage`] finds them),
//! each with the engine's answer under the rule profile.

use asalto_core::coverage::Coverage;
use asalto_go::coverage::{self, Situation};
use asalto_go::{Board, Move, Point, Position, Profile, Side, Size};

use super::kind::GoKind;
use super::protocol::{Grid, Query, Stone};
use crate::grade::report::Diagram;

/// A reference game: its position after the setup, and its moves, on the
/// 19x19 board.
#[derive(Clone, Debug)]
pub struct Reference {
    /// Its name in reports (usually the file name).
    pub name: String,
    /// The position after the setup (`AB`, `AW`, handicap), before the
    /// first move.
    pub start: Position,
    /// The moves of the main line.
    pub moves: Vec<(Side, Move)>,
}

impl Reference {
    /// Read an SGF record with the engine's reader (charsets, FF[3],
    /// setup, handicap): the main line of its first game tree, which must
    /// be a 19x19 game (the assignment's board) without errors under
    /// `profile`.
    ///
    /// # Errors
    ///
    /// Why the record cannot serve as a reference game: the first error,
    /// at its line and column.
    pub fn from_sgf(name: &str, bytes: &[u8], profile: Profile) -> Result<Reference, String> {
        let options = asalto_go::CheckOptions {
            profile: Some(profile),
            ..asalto_go::CheckOptions::default()
        };
        let checked = asalto_go::check(bytes, &options);
        let first_error = checked
            .all_problems()
            .find(|p| p.severity == asalto_go::Severity::Error);
        if let Some(problem) = first_error {
            let (line, col) = checked.line_col(problem.span);
            let ply = problem
                .ply
                .map(|n| format!("move {n}: "))
                .unwrap_or_default();
            return Err(format!(
                "{name}:{line}:{col}: not a reference game under {profile}: {ply}{}",
                problem.kind.message()
            ));
        }
        let Some(game) = checked.games.first() else {
            return Err(format!("{name}: no game in this file"));
        };
        if game.size != Size::NINETEEN {
            return Err(format!(
                "{name}: the board is {0}x{0}; the assignment's board is 19x19",
                game.size.get()
            ));
        }
        Ok(Reference {
            name: name.to_string(),
            start: game.position_after(0),
            moves: game.plies.iter().map(|p| (p.side, p.mv)).collect(),
        })
    }
}

/// What the engine answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// This board (a legal move).
    Board(Grid),
    /// Failure: the move is illegal for this reason (its code).
    Illegal(&'static str),
    /// These scores.
    Score {
        /// Black's.
        black: u32,
        /// White's.
        white: u32,
    },
}

impl Expected {
    /// In words, for reports.
    pub fn describe(&self) -> String {
        match self {
            Expected::Board(g) => format!("this board:\n{}", draw(g, None)),
            Expected::Illegal(reason) => format!("failure: the move is illegal ({reason})"),
            Expected::Score { black, white } => format!("black {black}, white {white}"),
        }
    }
}

/// One query of the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The check it belongs to.
    pub kind: GoKind,
    /// The situation, in a few words (`capture of several groups`).
    pub what: &'static str,
    /// The query.
    pub query: Query,
    /// The move number of the reference game whose position it asks about
    /// (the position before that move; the number of moves + 1 for the
    /// final position).
    pub ply: usize,
    /// The engine's answer.
    pub expected: Expected,
}

impl Planned {
    /// `black` or `white` (the colour that plays), none for a score.
    pub fn side_name(&self) -> Option<&'static str> {
        match &self.query {
            Query::Move { player, .. } => Some(player.name()),
            _ => None,
        }
    }

    /// The query in the assignment's terms.
    pub fn describe_query(&self) -> String {
        match &self.query {
            Query::Move {
                player, row, col, ..
            } => format!(
                "goMove(Board, \"{}\", [{row},{col}], New), point {}",
                char::from(player.letter()),
                Point::new(*col, *row).gtp(Size::NINETEEN)
            ),
            Query::Score { .. } => "finDelJuego(Board, Black, White)".to_string(),
            Query::Empty => "emptyBoard(Board)".to_string(),
        }
    }

    /// The board asked about, typed (the colour that plays and the move's
    /// point with it), for pictures.
    pub fn diagram(&self) -> Option<Diagram> {
        let (board, to_play, point) = match &self.query {
            Query::Move {
                board,
                player,
                row,
                col,
            } => (
                board,
                Some(match player {
                    Stone::Black => Side::Black,
                    Stone::White => Side::White,
                }),
                Some(Point::new(*col, *row)),
            ),
            Query::Score { board } => (board, None, None),
            Query::Empty => return None,
        };
        Some(Diagram::Go {
            board: Board::from_grid_string(board.as_str())?,
            to_play,
            point,
        })
    }

    /// The board asked about, the move's point marked.
    pub fn draw_before(&self) -> String {
        match &self.query {
            Query::Move {
                board, row, col, ..
            } => draw(board, Some(&[(usize::from(*row), usize::from(*col))])),
            Query::Score { board } => draw(board, None),
            Query::Empty => String::new(),
        }
    }
}

/// The queries of one reference game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameQueries {
    /// The game's name.
    pub name: String,
    /// How many moves it has, and its area score, in words.
    pub result: String,
    /// The queries, in order.
    pub queries: Vec<Planned>,
    /// The rule situations its queries reach (as game 0 of a set; see
    /// [`coverage::of_game`]).
    pub coverage: Coverage<Situation>,
}

impl GameQueries {
    /// The checks of this game: `loads` and `board` always, then those
    /// with a query.
    pub fn kinds(&self) -> Vec<GoKind> {
        let mut kinds = vec![GoKind::Loads, GoKind::Board];
        for q in &self.queries {
            if !kinds.contains(&q.kind) {
                kinds.push(q.kind);
            }
        }
        kinds.sort();
        kinds
    }

    /// How many times a whole game makes `kind`: once per query of it;
    /// `board` once per query whose right answer is a board (the
    /// representation is seen in the boards the program gives back; a
    /// refused move shows none); `loads` once.
    pub fn occasions(&self, kind: GoKind) -> usize {
        match kind {
            GoKind::Loads => 1,
            GoKind::Board => self
                .queries
                .iter()
                .filter(|q| matches!(q.expected, Expected::Board(_)))
                .count(),
            kind => self.queries.iter().filter(|q| q.kind == kind).count(),
        }
    }
}

/// A board drawn for people: rows and columns numbered as the assignment
/// numbers them (`[Row, Col]`, 0-based from the top left), `b` black, `w`
/// white, `.` empty; `marks` are shown in brackets.
pub fn draw(board: &Grid, marks: Option<&[(usize, usize)]>) -> String {
    let marks = marks.unwrap_or(&[]);
    let mut out = String::from("   ");
    for c in 0..19 {
        out.push_str(&format!("{c:>3}"));
    }
    out.push('\n');
    for r in 0..19 {
        out.push_str(&format!("{r:>3} "));
        for c in 0..19 {
            let cell = char::from(board.at(r, c));
            if marks.contains(&(r, c)) {
                out.push_str(&format!("[{cell}]"));
            } else {
                out.push_str(&format!(" {cell} "));
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

/// `[3,4] [5,6]`, at most 12, and how many more.
pub fn list_points(points: &[(usize, usize)]) -> String {
    let mut items: Vec<String> = points
        .iter()
        .take(12)
        .map(|(r, c)| format!("[{r},{c}]"))
        .collect();
    if points.len() > 12 {
        items.push(format!("and {} more", points.len() - 12));
    }
    items.join(" ")
}

/// The check a query of `situation` belongs to.
const fn kind_of(situation: Situation) -> GoKind {
    match situation {
        Situation::MoveOpen | Situation::MoveEdge | Situation::MoveCorner => GoKind::Moves,
        Situation::CaptureOneGroup
        | Situation::CaptureSeveralGroups
        | Situation::CaptureFillsLastLiberty
        | Situation::KoRecapture
        | Situation::CaptureOnEdge
        | Situation::CaptureInCorner => GoKind::Captures,
        Situation::SuicideOneStone | Situation::SuicideSeveralStones => GoKind::Suicide,
        Situation::OccupiedOwn | Situation::OccupiedOther => GoKind::Occupied,
        Situation::ScoreFinal
        | Situation::ScoreMidGame
        | Situation::ScoreTerritory
        | Situation::ScoreNeutral => GoKind::Score,
    }
}

/// How many queries of each situation a game gives at most.
pub const PER_SITUATION: usize = 2;

/// The queries of a reference game under `profile`: for each situation
/// ([`asalto_go::coverage::scan`]: moves of either colour on every point
/// of every position), up to [`PER_SITUATION`] examples spread over the
/// game, then the score of the final position and of two mid-game
/// positions ([`coverage::score_boards`]).
pub fn queries(reference: &Reference, profile: Profile) -> GameQueries {
    let scan = coverage::scan(&reference.start, &reference.moves, profile);
    let boards = &scan.boards;
    let mut planned = Vec::new();
    for sit in Situation::MOVES {
        for &(ply, side, p) in spread(scan.of(sit), PER_SITUATION) {
            let board = &boards[ply - 1];
            planned.push(move_query(board, side, p, ply, sit, profile));
        }
    }
    let n = boards.len();
    for k in coverage::score_boards(n) {
        let board = &boards[k];
        let score = board.area_score();
        planned.push(Planned {
            kind: GoKind::Score,
            what: if k == n - 1 {
                "the final position"
            } else {
                "a mid-game position"
            },
            query: Query::Score { board: grid(board) },
            ply: k + 1,
            expected: Expected::Score {
                black: score.black,
                white: score.white,
            },
        });
    }
    let final_score = boards[n - 1].area_score();
    let mut reached = Coverage::new();
    coverage::of_game(&scan, 0, &mut reached);
    GameQueries {
        name: reference.name.clone(),
        result: format!(
            "{}, area score black {} white {}",
            crate::text::count(reference.moves.len(), "move"),
            final_score.black,
            final_score.white
        ),
        queries: planned,
        coverage: reached,
    }
}

/// `at_most` items spread evenly over `items` (first, last, between).
fn spread<T>(items: &[T], at_most: usize) -> impl Iterator<Item = &T> {
    let n = items.len();
    let k = at_most.min(n);
    (0..k).map(move |i| {
        let at = if k <= 1 { n / 2 } else { i * (n - 1) / (k - 1) };
        &items[at]
    })
}

/// The board as the driver writes it.
fn grid(board: &Board) -> Grid {
    Grid::parse(&board.grid_string()).unwrap_or(Grid::empty())
}

/// The query of `side` playing at `p` on `board`, with the engine's answer.
fn move_query(
    board: &Board,
    side: Side,
    p: Point,
    ply: usize,
    sit: Situation,
    profile: Profile,
) -> Planned {
    let mut pos = Position::from_board(board.clone(), side, profile);
    let expected = match pos.play_as(side, Move::Play(p)) {
        Ok(_) => Expected::Board(grid(pos.board())),
        Err(e) => Expected::Illegal(e.kind.code()),
    };
    Planned {
        kind: kind_of(sit),
        what: sit.describe(),
        query: Query::Move {
            board: grid(board),
            player: match side {
                Side::Black => Stone::Black,
                Side::White => Stone::White,
            },
            row: p.row(),
            col: p.col(),
        },
        ply,
        expected,
    }
}
