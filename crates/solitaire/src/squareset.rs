//! A set of squares as a 16-bit mask.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::Square;

/// A set of squares, bit `i` for the square with [`Square::index`] `i`.
///
/// The whole board is one `u16`: every rule question ("which pieces does
/// this rook see?") is a few `AND`s with the constant tables of
/// [`attacks`](crate::attacks).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{Square, SquareSet};
///
/// let b2: Square = "b2".parse()?;
/// let set = SquareSet::EMPTY.with(b2);
/// assert!(set.contains(b2));
/// assert_eq!(set.len(), 1);
/// assert_eq!(format!("{set:?}"), "{b2}");
/// # Ok::<(), asalto_solitaire::SquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u16);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 16 squares.
    pub const FULL: SquareSet = SquareSet(u16::MAX);

    /// The set holding only `sq`.
    pub const fn single(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// The raw mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// This set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | (1 << sq.index()))
    }

    /// This set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << sq.index()))
    }

    /// Number of squares in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest square (`a1` side), if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The highest square (`d4` side), if any.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(15 - self.0.leading_zeros() as usize)
        }
    }

    /// The squares, lowest first.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`SquareSet`], lowest square first.
#[derive(Clone, Debug)]
pub struct Iter(u16);

impl Iterator for Iter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
