//! A plain, slow reference implementation of the rules, written from
//! MADBISHOPS.md, to check the engine against.
//!
//! Why it exists: the engine is built for speed (one `u64` for the board,
//! rays as const tables, the engaging squares computed once per position
//! from the enemy's side). A second implementation that shares none of that
//! and reads like the rules is the best way to catch a wrong table entry or
//! a wrong shortcut. So this module knows nothing of the engine: the board
//! is a 10×10 array of cells (light squares included), a bishop's moves are
//! found by walking each diagonal one square at a time, and an engaging move
//! is checked by making it on a copy of the board and looking for an enemy
//! from the new square. It meets the engine only through text: position
//! strings, move notation and outcome codes.
//!
//! It depends on std only, so a benchmark can include it with
//! `#[path = "../tests/it/reference.rs"] mod reference;`.

#![allow(dead_code)]

/// A cell of the 10×10 board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// A light square: never used.
    Light,
    /// An empty dark square.
    Empty,
    /// A red bishop.
    Red,
    /// A blue bishop.
    Blue,
}

impl Cell {
    fn enemy(self) -> Cell {
        match self {
            Cell::Red => Cell::Blue,
            Cell::Blue => Cell::Red,
            other => other,
        }
    }
}

/// The two rule profiles, by their names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefProfile {
    /// Capture, or engage with a bishop that cannot capture.
    Steere,
    /// A bishop that can capture must capture if it moves; others move freely.
    Report,
}

impl RefProfile {
    /// The profile named `name`.
    pub fn from_name(name: &str) -> RefProfile {
        match name {
            "steere" => RefProfile::Steere,
            "report" => RefProfile::Report,
            other => panic!("unknown profile {other}"),
        }
    }
}

const DIAGONALS: [(i32, i32); 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];

/// A position: the board, the side to move, the profile.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPosition {
    /// `cells[row][col]`, row 0 at the top.
    pub cells: [[Cell; 10]; 10],
    /// `Cell::Red` or `Cell::Blue`.
    pub turn: Cell,
    /// The rules.
    pub profile: RefProfile,
}

/// A move: from, to (as `(row, col)`), and whether it captures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefMove {
    /// Start.
    pub from: (i32, i32),
    /// Destination.
    pub to: (i32, i32),
    /// Whether an enemy stood on `to`.
    pub capture: bool,
}

/// `c3`: file letter from the column, rank 10 − row.
pub fn square_name((row, col): (i32, i32)) -> String {
    format!("{}{}", (b'a' + col as u8) as char, 10 - row)
}

/// `c3-d4` or `c3xe5`.
pub fn move_notation(m: &RefMove) -> String {
    let mark = if m.capture { 'x' } else { '-' };
    format!("{}{mark}{}", square_name(m.from), square_name(m.to))
}

fn on_board(row: i32, col: i32) -> bool {
    (0..10).contains(&row) && (0..10).contains(&col)
}

impl RefPosition {
    /// The report's setup: red on the dark squares of rows 0, 2, 4, 6, 8;
    /// blue on those of rows 1, 3, 5, 7, 9.
    pub fn start(profile: RefProfile, first: Cell) -> RefPosition {
        let mut cells = [[Cell::Light; 10]; 10];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                if (row + col) % 2 == 1 {
                    *cell = if row % 2 == 0 { Cell::Red } else { Cell::Blue };
                }
            }
        }
        RefPosition {
            cells,
            turn: first,
            profile,
        }
    }

    /// Read a position string: ten rows of five dark squares (`R`, `B`,
    /// `.`), row 0 first, then the side to move.
    pub fn parse(s: &str, profile: RefProfile) -> Option<RefPosition> {
        let (rows, side) = s.split_once(' ')?;
        let turn = match side {
            "R" => Cell::Red,
            "B" => Cell::Blue,
            _ => return None,
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 10 {
            return None;
        }
        let mut cells = [[Cell::Light; 10]; 10];
        for (row, text) in rows.iter().enumerate() {
            let dark: Vec<usize> = (0..10).filter(|col| (row + col) % 2 == 1).collect();
            if text.chars().count() != 5 {
                return None;
            }
            for (c, col) in text.chars().zip(dark) {
                cells[row][col] = match c {
                    'R' => Cell::Red,
                    'B' => Cell::Blue,
                    '.' => Cell::Empty,
                    _ => return None,
                };
            }
        }
        Some(RefPosition {
            cells,
            turn,
            profile,
        })
    }

    /// The position string.
    pub fn position_string(&self) -> String {
        let rows: Vec<String> = (0..10)
            .map(|row| {
                (0..10)
                    .filter(|col| (row + col) % 2 == 1)
                    .map(|col| match self.cells[row][col] {
                        Cell::Red => 'R',
                        Cell::Blue => 'B',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let side = if self.turn == Cell::Red { 'R' } else { 'B' };
        format!("{} {side}", rows.join("/"))
    }

    fn at(&self, row: i32, col: i32) -> Cell {
        self.cells[row as usize][col as usize]
    }

    /// How many bishops `side` has.
    pub fn count(&self, side: Cell) -> usize {
        self.cells.iter().flatten().filter(|&&c| c == side).count()
    }

    /// The enemy bishops the bishop on `(row, col)` could capture: walking
    /// each diagonal over empty squares, the first bishop met, if it is an
    /// enemy.
    pub fn captures_from(&self, row: i32, col: i32) -> Vec<(i32, i32)> {
        let me = self.at(row, col);
        let mut out = Vec::new();
        for (dr, dc) in DIAGONALS {
            let (mut r, mut c) = (row + dr, col + dc);
            while on_board(r, c) && self.at(r, c) == Cell::Empty {
                r += dr;
                c += dc;
            }
            if on_board(r, c) && self.at(r, c) == me.enemy() {
                out.push((r, c));
            }
        }
        out
    }

    /// The empty squares the bishop on `(row, col)` can slide to.
    fn slides_from(&self, row: i32, col: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (dr, dc) in DIAGONALS {
            let (mut r, mut c) = (row + dr, col + dc);
            while on_board(r, c) && self.at(r, c) == Cell::Empty {
                out.push((r, c));
                r += dr;
                c += dc;
            }
        }
        out
    }

    /// The legal moves, in no particular order.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        // The game is over once either side has no bishop.
        if self.count(Cell::Red) == 0 || self.count(Cell::Blue) == 0 {
            return out;
        }
        for row in 0..10 {
            for col in 0..10 {
                if self.at(row, col) != self.turn {
                    continue;
                }
                let captures = self.captures_from(row, col);
                if !captures.is_empty() {
                    for to in captures {
                        out.push(RefMove {
                            from: (row, col),
                            to,
                            capture: true,
                        });
                    }
                    continue;
                }
                for to in self.slides_from(row, col) {
                    let m = RefMove {
                        from: (row, col),
                        to,
                        capture: false,
                    };
                    let allowed = match self.profile {
                        RefProfile::Report => true,
                        RefProfile::Steere => {
                            // Make the move and look for an enemy from there.
                            let after = self.play(&m);
                            !after.captures_from(to.0, to.1).is_empty()
                        }
                    };
                    if allowed {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// The legal moves as sorted notation.
    pub fn legal_notation(&self) -> Vec<String> {
        let mut out: Vec<String> = self.legal_moves().iter().map(move_notation).collect();
        out.sort();
        out
    }

    /// The position after `m`.
    pub fn play(&self, m: &RefMove) -> RefPosition {
        let mut next = self.clone();
        let piece = self.at(m.from.0, m.from.1);
        next.cells[m.from.0 as usize][m.from.1 as usize] = Cell::Empty;
        next.cells[m.to.0 as usize][m.to.1 as usize] = piece;
        next.turn = self.turn.enemy();
        next
    }

    /// `(winner, reason code)` if the game is over: a side without bishops
    /// has lost (`all-captured`); a side to move without a legal move has
    /// lost (`no-legal-move`).
    pub fn outcome(&self) -> Option<(&'static str, &'static str)> {
        let name = |c: Cell| if c == Cell::Red { "red" } else { "blue" };
        if self.count(self.turn) == 0 {
            return Some((name(self.turn.enemy()), "all-captured"));
        }
        if self.count(self.turn.enemy()) == 0 {
            return Some((name(self.turn), "all-captured"));
        }
        if self.legal_moves().is_empty() {
            return Some((name(self.turn.enemy()), "no-legal-move"));
        }
        None
    }

    /// The number of sequences of `depth` legal moves. A finished position
    /// is not expanded: it counts 1 at depth 0 and nothing deeper.
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

    /// Why `from`-`to` written with `mark` (`'-'`, `'x'`, or none) is not
    /// legal, as a reason code, checked in the documented order; or the
    /// move's notation if it is legal.
    pub fn classify(
        &self,
        from: (i32, i32),
        to: (i32, i32),
        mark: Option<char>,
    ) -> Result<String, &'static str> {
        if self.outcome().is_some() {
            return Err("game-over");
        }
        let piece = self.at(from.0, from.1);
        if piece == Cell::Empty {
            return Err("no-piece");
        }
        if piece != self.turn {
            return Err("wrong-side");
        }
        if from == to {
            return Err("same-square");
        }
        let (dr, dc) = (to.0 - from.0, to.1 - from.1);
        if dr.abs() != dc.abs() {
            return Err("not-diagonal");
        }
        let (sr, sc) = (dr.signum(), dc.signum());
        let (mut r, mut c) = (from.0 + sr, from.1 + sc);
        while (r, c) != to {
            if self.at(r, c) != Cell::Empty {
                return Err("blocked");
            }
            r += sr;
            c += sc;
        }
        let target = self.at(to.0, to.1);
        if target == self.turn {
            return Err("own-piece");
        }
        let m = RefMove {
            from,
            to,
            capture: target == self.turn.enemy(),
        };
        if !m.capture {
            if !self.captures_from(from.0, from.1).is_empty() {
                return Err("capture-required");
            }
            if self.profile == RefProfile::Steere {
                let after = self.play(&m);
                if after.captures_from(to.0, to.1).is_empty() {
                    return Err("must-engage");
                }
            }
        }
        match (mark, m.capture) {
            (Some('-'), true) | (Some('x'), false) => Err("mark-mismatch"),
            _ => Ok(move_notation(&m)),
        }
    }
}
