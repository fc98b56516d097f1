//! The two colours and per-colour data.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A colour: Black moves first (after handicap stones, White does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Black, `B` in SGF, `b` in the assignment's board.
    Black,
    /// White, `W` in SGF, `w` in the assignment's board.
    White,
}

impl Side {
    /// Both colours, Black first.
    pub const ALL: [Side; 2] = [Side::Black, Side::White];

    /// `B` or `W`, as SGF and GTP write it.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'B',
            Side::White => 'W',
        }
    }

    /// `b` or `w`, the assignment's cell of a stone of this colour.
    pub const fn seed_cell(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// The colour of a letter `B`/`W` (either case).
    pub const fn from_letter(c: u8) -> Option<Side> {
        match c {
            b'B' | b'b' => Some(Side::Black),
            b'W' | b'w' => Some(Side::White),
            _ => None,
        }
    }

    /// 0 for Black, 1 for White: the index into per-colour tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> BySide<T> {
    /// Both values.
    pub const fn new(black: T, white: T) -> Self {
        BySide { black, white }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::Black => &self.black,
            Side::White => &self.white,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Black => &mut self.black,
            Side::White => &mut self.white,
        }
    }
}
