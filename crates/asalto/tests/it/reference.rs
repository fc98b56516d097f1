//! A plain, slow reference implementation of the rules, written from
//! RULES.md and the assignment's Python helpers, to check the engine against.
//!
//! Why it exists: the engine is built for speed (bit sets, const tables,
//! capture chains over point sets). A second implementation that shares none
//! of that code and reads like the assignment is the best way to catch a
//! wrong table entry or a chain that takes the wrong rebel. So this module
//! knows nothing of the engine's tables or move generator: points are
//! `(x, y)` tuples, the board is a 7×7 array, and the helpers are literal
//! transcriptions of `pto_valido`, `pto_castillo`, `dist_castillo`,
//! `pto_captura` and `vecinos`. It meets the engine only at the boundary,
//! through text: position strings and move notation.
//!
//! It depends only on `asalto_asalto` (for the conversions) and std, and
//! uses no other test module, so a benchmark can include it with
//! `#[path = "../tests/it/reference.rs"] mod reference;`, and the
//! application's tests with `#[path]` too.

#![allow(dead_code)]

use std::fmt;

/// A point as the assignment writes it: `(x, y)`, `x` the column, `y` the row.
pub type Pt = (i32, i32);

/// A move as the assignment stores it: the start, then every point visited.
pub type RefMove = Vec<Pt>;

/// The assignment's `DVEC`: the neighbour order, which decides capture chains.
pub const DVEC: [Pt; 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// `pto_valido`: whether `(x, y)` is on the cross.
pub fn pto_valido((x, y): Pt) -> bool {
    (0..7).contains(&x) && (0..7).contains(&y) && (x.min(6 - x)).max(y.min(6 - y)) > 1
}

/// `pto_castillo`: whether `(x, y)` is in the castle.
pub fn pto_castillo((x, y): Pt) -> bool {
    (2..5).contains(&x) && (0..3).contains(&y)
}

/// `dist_castillo`: the number of lines from `(x, y)` to the castle.
pub fn dist_castillo((x, y): Pt) -> i32 {
    0.max((x - 3).abs().max((y - 1).abs()) - 1)
}

/// `pto_captura`: where an officer on `o` lands when it jumps the rebel on `r`.
pub fn pto_captura((x_ofi, y_ofi): Pt, (x_reb, y_reb): Pt) -> Pt {
    (2 * x_reb - x_ofi, 2 * y_reb - y_ofi)
}

/// `vecinos`: the points joined to `(x, y)` by a line, in `DVEC` order.
// Two branches with the same body, exactly as the assignment writes it.
#[allow(clippy::if_same_then_else)]
pub fn vecinos((x, y): Pt) -> Vec<Pt> {
    let mut out = Vec::new();
    for (dx, dy) in DVEC {
        if !pto_valido((x + dx, y + dy)) {
            continue;
        }
        if dy == 0 || dx == 0 {
            out.push((x + dx, y + dy));
        } else if (x - y).abs() % 2 == 0 && pto_valido((x + dx, y)) && pto_valido((x, y + dy)) {
            out.push((x + dx, y + dy));
        }
    }
    out
}

/// Every point of the cross in board order: row `A` (y = 0) to `G`, and in
/// a row column `a` (x = 0) to `g`.
pub fn board_order() -> Vec<Pt> {
    let mut out = Vec::new();
    for y in 0..7 {
        for x in 0..7 {
            if pto_valido((x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The castle's nine points.
pub fn castle_points() -> Vec<Pt> {
    board_order()
        .into_iter()
        .filter(|&p| pto_castillo(p))
        .collect()
}

/// The notation of a point: row letter (y) then column letter (x), `Bc`.
pub fn notation((x, y): Pt) -> String {
    let row = char::from(b'A' + y as u8);
    let column = char::from(b'a' + x as u8);
    format!("{row}{column}")
}

/// The point named by two letters, if it is on the cross.
pub fn parse_point(s: &str) -> Option<Pt> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'A'..=b'G').contains(&b[0]) || !(b'a'..=b'g').contains(&b[1]) {
        return None;
    }
    let p = (i32::from(b[1] - b'a'), i32::from(b[0] - b'A'));
    pto_valido(p).then_some(p)
}

/// A move in record notation: `Bc-Cc`, `Bd-Db-Dd-Df-Bd`.
pub fn move_notation(m: &[Pt]) -> String {
    m.iter().map(|&p| notation(p)).collect::<Vec<_>>().join("-")
}

/// What stands on a point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece {
    /// One of the two officers.
    Officer,
    /// A rebel.
    Rebel,
}

/// Whose turn it is, and who wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// Officers.
    Officers,
    /// Rebels.
    Rebels,
}

impl Turn {
    /// The other side.
    pub fn other(self) -> Turn {
        match self {
            Turn::Officers => Turn::Rebels,
            Turn::Rebels => Turn::Officers,
        }
    }

    /// The piece this side moves.
    pub fn piece(self) -> Piece {
        match self {
            Turn::Officers => Piece::Officer,
            Turn::Rebels => Piece::Rebel,
        }
    }

    /// The JSON / code name: `officers` or `rebels`.
    pub fn name(self) -> &'static str {
        match self {
            Turn::Officers => "officers",
            Turn::Rebels => "rebels",
        }
    }
}

/// Why a game ended, with the stable code the toolkit uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// Officers to move and no move: rebels win.
    OfficersBlocked,
    /// Rebels to move and no move: officers win.
    RebelsBlocked,
    /// All nine castle points hold rebels: rebels win.
    CastleOccupied,
    /// Fewer than nine rebels: officers win.
    FewerThanNineRebels,
}

impl End {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            End::OfficersBlocked => "officers-blocked",
            End::RebelsBlocked => "rebels-blocked",
            End::CastleOccupied => "castle-occupied",
            End::FewerThanNineRebels => "fewer-than-nine-rebels",
        }
    }

    /// The side that wins.
    pub fn winner(self) -> Turn {
        match self {
            End::OfficersBlocked | End::CastleOccupied => Turn::Rebels,
            End::RebelsBlocked | End::FewerThanNineRebels => Turn::Officers,
        }
    }
}

/// A board (`cells[x][y]`) and the side to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPosition {
    /// What stands on each cell of the 7×7 grid (cells off the cross stay
    /// empty).
    pub cells: [[Option<Piece>; 7]; 7],
    /// The side to move.
    pub turn: Turn,
}

/// Why a string is not a position string (the reference only says no).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BadPositionString;

impl RefPosition {
    /// The start of the game, from RULES.md: officers on `Bc` and `Be`;
    /// rebels on `Ca Cb Cf Cg` and on rows D to G; officers to move.
    pub fn start() -> RefPosition {
        let mut pos = RefPosition {
            cells: [[None; 7]; 7],
            turn: Turn::Officers,
        };
        for name in ["Bc", "Be"] {
            pos.set(parse_point(name).unwrap(), Some(Piece::Officer));
        }
        for p in board_order() {
            let (x, y) = p;
            if y >= 3 || (y == 2 && !(2..=4).contains(&x)) {
                pos.set(p, Some(Piece::Rebel));
            }
        }
        pos
    }

    /// What stands on `p`.
    pub fn get(&self, (x, y): Pt) -> Option<Piece> {
        self.cells[x as usize][y as usize]
    }

    /// Put `piece` on `p`.
    pub fn set(&mut self, (x, y): Pt, piece: Option<Piece>) {
        self.cells[x as usize][y as usize] = piece;
    }

    /// Whether `p` is on the board and empty.
    pub fn empty(&self, p: Pt) -> bool {
        pto_valido(p) && self.get(p).is_none()
    }

    /// The points holding `piece`, in board order.
    pub fn pieces(&self, piece: Piece) -> Vec<Pt> {
        board_order()
            .into_iter()
            .filter(|&p| self.get(p) == Some(piece))
            .collect()
    }

    /// Parse a position string: rows A..G joined by `/`, each listing its
    /// points on the cross from left to right as `O`, `R` or `.`; a space;
    /// the side to move, `O` or `R`. At most 2 officers and 24 rebels.
    pub fn parse(s: &str) -> Result<RefPosition, BadPositionString> {
        let (rows, side) = s.split_once(' ').ok_or(BadPositionString)?;
        let turn = match side {
            "O" => Turn::Officers,
            "R" => Turn::Rebels,
            _ => return Err(BadPositionString),
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 7 {
            return Err(BadPositionString);
        }
        let mut pos = RefPosition {
            cells: [[None; 7]; 7],
            turn,
        };
        for (y, row) in rows.iter().enumerate() {
            let xs: Vec<i32> = (0..7).filter(|&x| pto_valido((x, y as i32))).collect();
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != xs.len() {
                return Err(BadPositionString);
            }
            for (x, c) in xs.into_iter().zip(chars) {
                let piece = match c {
                    'O' => Some(Piece::Officer),
                    'R' => Some(Piece::Rebel),
                    '.' => None,
                    _ => return Err(BadPositionString),
                };
                pos.set((x, y as i32), piece);
            }
        }
        if pos.pieces(Piece::Officer).len() > 2 || pos.pieces(Piece::Rebel).len() > 24 {
            return Err(BadPositionString);
        }
        Ok(pos)
    }

    /// Whether the rebel on `from` may step to the empty neighbour `to`:
    /// strictly closer to the castle, or both points in the castle.
    pub fn rebel_may_go(from: Pt, to: Pt) -> bool {
        dist_castillo(to) < dist_castillo(from) || (pto_castillo(from) && pto_castillo(to))
    }

    /// Complete the capture that starts with the officer on `o` jumping the
    /// rebel on `r`: simulate it on a copy of the board and keep jumping the
    /// first capturable rebel returned by `vecinos`, until none is left.
    pub fn complete_capture(&self, o: Pt, r: Pt) -> RefMove {
        let mut board = self.clone();
        let mut here = o;
        let mut over = r;
        let mut path = vec![o];
        loop {
            let land = pto_captura(here, over);
            board.set(here, None);
            board.set(over, None);
            board.set(land, Some(Piece::Officer));
            path.push(land);
            here = land;
            let next = vecinos(here)
                .into_iter()
                .find(|&n| board.get(n) == Some(Piece::Rebel) && board.empty(pto_captura(here, n)));
            match next {
                Some(n) => over = n,
                None => return path,
            }
        }
    }

    /// The captures of the officers (first phase of the assignment's
    /// generator): officers in board order, rebels in `vecinos` order.
    pub fn captures(&self) -> Vec<RefMove> {
        let mut moves = Vec::new();
        for o in self.pieces(Piece::Officer) {
            for r in vecinos(o) {
                if self.get(r) == Some(Piece::Rebel) && self.empty(pto_captura(o, r)) {
                    moves.push(self.complete_capture(o, r));
                }
            }
        }
        moves
    }

    /// The legal moves, pieces in board order and then `vecinos` order.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        match self.turn {
            Turn::Rebels => {
                let mut moves = Vec::new();
                for r in self.pieces(Piece::Rebel) {
                    for n in vecinos(r) {
                        if self.empty(n) && RefPosition::rebel_may_go(r, n) {
                            moves.push(vec![r, n]);
                        }
                    }
                }
                moves
            }
            Turn::Officers => {
                let captures = self.captures();
                if !captures.is_empty() {
                    return captures;
                }
                let mut moves = Vec::new();
                for o in self.pieces(Piece::Officer) {
                    for n in vecinos(o) {
                        if self.empty(n) {
                            moves.push(vec![o, n]);
                        }
                    }
                }
                moves
            }
        }
    }

    /// The end checks, in the assignment's order, at the start of a turn.
    pub fn outcome(&self) -> Option<End> {
        if self.legal_moves().is_empty() {
            return Some(match self.turn {
                Turn::Officers => End::OfficersBlocked,
                Turn::Rebels => End::RebelsBlocked,
            });
        }
        if castle_points()
            .into_iter()
            .all(|p| self.get(p) == Some(Piece::Rebel))
        {
            return Some(End::CastleOccupied);
        }
        if self.pieces(Piece::Rebel).len() < 9 {
            return Some(End::FewerThanNineRebels);
        }
        None
    }

    /// The position after the move `m` (which the caller knows is legal):
    /// the piece goes from the first point to the last, and every rebel
    /// jumped on the way (the midpoint of a two-point hop) is removed.
    pub fn play(&self, m: &[Pt]) -> RefPosition {
        let mut next = self.clone();
        let piece = next.get(m[0]);
        for w in m.windows(2) {
            let ((x0, y0), (x1, y1)) = (w[0], w[1]);
            if (x1 - x0).abs() == 2 || (y1 - y0).abs() == 2 {
                next.set(((x0 + x1) / 2, (y0 + y1) / 2), None);
            }
        }
        next.set(m[0], None);
        next.set(m[m.len() - 1], piece);
        next.turn = self.turn.other();
        next
    }

    /// The largest number of rebels one officer move captures (BASICO's
    /// `ncap`; 0 when there is no capture).
    pub fn max_capture(&self) -> usize {
        let mut officers = self.clone();
        officers.turn = Turn::Officers;
        officers
            .captures()
            .iter()
            .map(|m| m.len() - 1)
            .max()
            .unwrap_or(0)
    }

    /// BASICO's terms of every legal rebel move: `(move, ncas, ncap)`.
    pub fn basic_terms(&self) -> Vec<(RefMove, i32, i32)> {
        assert_eq!(self.turn, Turn::Rebels);
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let ncas = i32::from(!pto_castillo(m[0]) && pto_castillo(m[1]));
                let ncap = self.play(&m).max_capture() as i32;
                (m, ncas, ncap)
            })
            .collect()
    }

    /// The number of move sequences of length `depth` from here, where a
    /// finished game is not expanded (a position whose end checks find an
    /// end contributes 0 at depth > 0, and 1 at depth 0).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        self.legal_moves()
            .iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

impl fmt::Display for RefPosition {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..7 {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..7 {
                if pto_valido((x, y)) {
                    f.write_str(match self.get((x, y)) {
                        Some(Piece::Officer) => "O",
                        Some(Piece::Rebel) => "R",
                        None => ".",
                    })?;
                }
            }
        }
        let side = match self.turn {
            Turn::Officers => "O",
            Turn::Rebels => "R",
        };
        write!(f, " {side}")
    }
}

/// The reference position of an engine position (through the position
/// string).
pub fn from_engine(pos: &asalto_asalto::Position) -> RefPosition {
    RefPosition::parse(&pos.to_string()).expect("the engine prints a valid position string")
}

/// The engine's legal move written as `m` (through notation), if any.
pub fn to_engine_move(pos: &asalto_asalto::Position, m: &[Pt]) -> Option<asalto_asalto::Move> {
    let text = move_notation(m);
    pos.legal_moves()
        .iter()
        .find(|e| e.to_string() == text)
        .copied()
}

/// A path of engine points, from reference points (through notation).
pub fn to_engine_points(m: &[Pt]) -> Vec<asalto_asalto::Point> {
    m.iter()
        .map(|&p| notation(p).parse().expect("a point on the cross"))
        .collect()
}

/// A reference path of engine points (through notation).
pub fn from_engine_points(points: &[asalto_asalto::Point]) -> RefMove {
    points
        .iter()
        .map(|p| parse_point(&p.to_string()).expect("engine points are on the cross"))
        .collect()
}
