//! The queries a submission is asked: positions taken from reference games
//! (SGF), chosen so that every situation the checks name occurs (captures
//! of one and of several groups, a stone that fills its last liberty but
//! captures, ko recaptures, suicide of one and of several stones, occupied
//! points, edges and corners, final and mid-game scores), each with the
//! engine's answer under the rule profile.

use asalto_go::{Board, IllegalMoveKind, Move, Point, Position, Profile, Side, Size};

use super::GoKind;
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

/// The situations a move can show, in check order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Situation {
    Plain,
    Edge,
    Corner,
    CaptureOne,
    CaptureSeveral,
    FillsLastLiberty,
    KoRecapture,
    SuicideOne,
    SuicideSeveral,
    OccupiedOwn,
    OccupiedOther,
}

impl Situation {
    const ALL: [Situation; 11] = [
        Situation::Plain,
        Situation::Edge,
        Situation::Corner,
        Situation::CaptureOne,
        Situation::CaptureSeveral,
        Situation::FillsLastLiberty,
        Situation::KoRecapture,
        Situation::SuicideOne,
        Situation::SuicideSeveral,
        Situation::OccupiedOwn,
        Situation::OccupiedOther,
    ];

    const fn kind(self) -> GoKind {
        match self {
            Situation::Plain | Situation::Edge | Situation::Corner => GoKind::Moves,
            Situation::CaptureOne
            | Situation::CaptureSeveral
            | Situation::FillsLastLiberty
            | Situation::KoRecapture => GoKind::Captures,
            Situation::SuicideOne | Situation::SuicideSeveral => GoKind::Suicide,
            Situation::OccupiedOwn | Situation::OccupiedOther => GoKind::Occupied,
        }
    }

    const fn what(self) -> &'static str {
        match self {
            Situation::Plain => "a move in the open",
            Situation::Edge => "a move on the edge",
            Situation::Corner => "a move in a corner",
            Situation::CaptureOne => "a capture of one group",
            Situation::CaptureSeveral => "a capture of several groups",
            Situation::FillsLastLiberty => "a move that fills its last liberty but captures",
            Situation::KoRecapture => "a ko recapture (legal: no ko rule)",
            Situation::SuicideOne => "a suicide of one stone",
            Situation::SuicideSeveral => "a suicide of several stones",
            Situation::OccupiedOwn => "a stone on its own stone",
            Situation::OccupiedOther => "a stone on the opponent's stone",
        }
    }
}

/// How many queries of each situation a game gives at most.
pub const PER_SITUATION: usize = 2;

/// The queries of a reference game under `profile`: for each situation,
/// up to [`PER_SITUATION`] examples spread over the game (moves of either
/// colour on every point of every position are considered), then the
/// score of the final position and of two mid-game positions.
pub fn queries(reference: &Reference, profile: Profile) -> GameQueries {
    let mut found: Vec<Vec<(usize, Side, Point)>> = vec![Vec::new(); Situation::ALL.len()];
    let mut pos = reference.start.clone();
    let mut boards = vec![pos.board().clone()];
    // The point of the single stone the previous move captured, and that
    // move's point: a recapture there is a ko recapture.
    let mut last_single: Option<(Point, Point)> = None;
    for (i, &(side, mv)) in reference.moves.iter().enumerate() {
        for s in [side, !side] {
            for p in Size::NINETEEN.points() {
                if let Some(sit) = classify(pos.board(), s, p, last_single, profile) {
                    found[sit as usize].push((i + 1, s, p));
                }
            }
        }
        if pos.play_as(side, mv).is_err() {
            // Checked when read; a position that cannot go on ends here.
            break;
        }
        last_single = single_capture(&boards[boards.len() - 1], pos.board(), mv);
        boards.push(pos.board().clone());
    }
    let mut planned = Vec::new();
    for sit in Situation::ALL {
        for &(ply, side, p) in spread(&found[sit as usize], PER_SITUATION) {
            let board = &boards[ply - 1];
            planned.push(move_query(board, side, p, ply, sit, profile));
        }
    }
    let n = boards.len();
    let mut score_at = vec![n - 1];
    for k in [n / 3, 2 * n / 3] {
        if k > 0 && !score_at.contains(&k) && k < n - 1 {
            score_at.push(k);
        }
    }
    for k in score_at {
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
    GameQueries {
        name: reference.name.clone(),
        result: format!(
            "{}, area score black {} white {}",
            crate::text::count(reference.moves.len(), "move"),
            final_score.black,
            final_score.white
        ),
        queries: planned,
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

/// When the move from `before` to `after` at `mv` captured exactly one
/// stone with a lone stone: `(captured point, the move's point)`.
fn single_capture(before: &Board, after: &Board, mv: Move) -> Option<(Point, Point)> {
    let p = mv.point()?;
    let gone: Vec<Point> = Size::NINETEEN
        .points()
        .filter(|&q| before.get(q).is_some() && after.get(q).is_none())
        .collect();
    match gone.as_slice() {
        [q] if after.group(p).len() == 1 => Some((*q, p)),
        _ => None,
    }
}

/// The situation of `side` playing at `p`, if it is one the plan uses.
fn classify(
    board: &Board,
    side: Side,
    p: Point,
    last_single: Option<(Point, Point)>,
    profile: Profile,
) -> Option<Situation> {
    if let Some(owner) = board.get(p) {
        return Some(if owner == side {
            Situation::OccupiedOwn
        } else {
            Situation::OccupiedOther
        });
    }
    let pos = Position::from_board(board.clone(), side, profile);
    let own_neighbours = board
        .neighbours(p)
        .filter(|&q| board.get(q) == Some(side))
        .count();
    match pos.why_illegal(side, Move::Play(p)) {
        Some(IllegalMoveKind::Suicide) => {
            return Some(if own_neighbours == 0 {
                Situation::SuicideOne
            } else {
                Situation::SuicideSeveral
            });
        }
        Some(_) => return None,
        None => {}
    }
    // Opponent groups in atari next to p: the groups this stone captures.
    let mut heads: Vec<Point> = Vec::new();
    for q in board.neighbours(p) {
        if board.get(q) == Some(!side) && board.liberties(q) == 1 {
            let head = board
                .group(q)
                .into_iter()
                .min_by_key(|x| (x.row(), x.col()))?;
            if !heads.contains(&head) {
                heads.push(head);
            }
        }
    }
    let captured: usize = heads.iter().map(|&h| board.group(h).len()).sum();
    if heads.is_empty() {
        let (r, c) = (p.row(), p.col());
        let edge_r = r == 0 || r == 18;
        let edge_c = c == 0 || c == 18;
        return Some(match (edge_r, edge_c) {
            (true, true) => Situation::Corner,
            (true, false) | (false, true) => Situation::Edge,
            _ => Situation::Plain,
        });
    }
    if heads.len() >= 2 {
        return Some(Situation::CaptureSeveral);
    }
    if captured == 1
        && last_single.is_some_and(|(at, by)| at == p && board.group(by).contains(&heads[0]))
    {
        return Some(Situation::KoRecapture);
    }
    let no_liberty = board
        .neighbours(p)
        .all(|q| board.get(q).is_some() && (board.get(q) != Some(side) || board.liberties(q) == 1));
    Some(if no_liberty {
        Situation::FillsLastLiberty
    } else {
        Situation::CaptureOne
    })
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
        kind: sit.kind(),
        what: sit.what(),
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
