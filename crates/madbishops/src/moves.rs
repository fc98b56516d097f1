//! Moves and the ways to write them.

use std::fmt;

use crate::Square;

/// A move: a bishop slides from one square to another along a clear
/// diagonal, and a capture takes the enemy bishop on the destination (capture
/// by replacement).
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{Move, Notation, Square};
///
/// let c3 = Square::from_algebraic("c3")?;
/// let e5 = Square::from_algebraic("e5")?;
/// let m = Move::capture(c3, e5);
/// assert_eq!(m.to_string(), "c3xe5");
/// assert_eq!(m.written(Notation::RowColumn), "(7,2)x(5,4)");
/// assert_eq!(m.written(Notation::Numbers), "7 2 5 4");
/// # Ok::<(), asalto_madbishops::AlgebraicError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move {
    from: Square,
    to: Square,
    capture: bool,
}

impl Move {
    /// A non-capturing move.
    pub const fn plain(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            capture: false,
        }
    }

    /// A capture of the bishop on `to`.
    pub const fn capture(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            capture: true,
        }
    }

    /// Where the bishop starts.
    pub const fn from(self) -> Square {
        self.from
    }

    /// Where it ends (and, for a capture, where the captured bishop stood).
    pub const fn to(self) -> Square {
        self.to
    }

    /// Whether it takes an enemy bishop.
    pub const fn is_capture(self) -> bool {
        self.capture
    }

    /// The mark that goes between the squares: `x` for a capture, `-` for
    /// a plain move.
    pub const fn mark(self) -> Mark {
        if self.capture {
            Mark::Capture
        } else {
            Mark::Move
        }
    }

    /// The move written in `notation`.
    pub fn written(self, notation: Notation) -> String {
        let mark = self.mark().char();
        match notation {
            Notation::Algebraic => format!("{}{mark}{}", self.from, self.to),
            Notation::RowColumn => format!(
                "{}{mark}{}",
                self.from.row_col_string(),
                self.to.row_col_string()
            ),
            Notation::Numbers => format!(
                "{} {} {} {}",
                self.from.row(),
                self.from.col(),
                self.to.row(),
                self.to.col()
            ),
        }
    }
}

/// The algebraic form: `c3-d4`, `c3xe5`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.from, self.mark().char(), self.to)
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The mark between the two squares of a written move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    /// `-`: a non-capturing move.
    Move,
    /// `x`: a capture.
    Capture,
}

impl Mark {
    /// `-` or `x`.
    pub const fn char(self) -> char {
        match self {
            Mark::Move => '-',
            Mark::Capture => 'x',
        }
    }
}

/// The three ways to write a move. Records may mix them line by line; a
/// writer uses one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Notation {
    /// Files `a`–`j` and ranks `1`–`10` (rank 10 is the top row): `c3-d4`,
    /// `c3xe5`. The canonical form.
    #[default]
    Algebraic,
    /// The report's coordinates, row then column, both 0–9 from the top
    /// left, in parentheses: `(7,2)-(6,3)`, `(7,2)x(5,4)`.
    RowColumn,
    /// The four numbers the report's program asks for, in its order (from
    /// row, from column, to row, to column) separated by spaces: `7 2 6 3`.
    /// It has no mark, so a capture and a plain move look alike.
    Numbers,
}

impl Notation {
    /// The stable name: `algebraic`, `row-column` or `numbers`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Algebraic => "algebraic",
            Notation::RowColumn => "row-column",
            Notation::Numbers => "numbers",
        }
    }

    /// The notation with this name.
    pub fn from_name(name: &str) -> Option<Notation> {
        [Notation::Algebraic, Notation::RowColumn, Notation::Numbers]
            .into_iter()
            .find(|n| n.name() == name)
    }
}

/// Join moves as `c3-d4, c3xe5` in `notation`.
pub fn join(moves: &[Move], notation: Notation) -> String {
    moves
        .iter()
        .map(|m| m.written(notation))
        .collect::<Vec<_>>()
        .join(", ")
}
