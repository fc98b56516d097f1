//! A set of dark squares as one 50-bit word.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use crate::Square;

/// A set of squares, bit `i` for the square with index `i` (board order).
///
/// The whole board fits one `u64`, so the engine's questions ("which enemy
/// bishops does this bishop see?", "which empty squares attack an enemy?")
/// are a few masks and shifts. The `Debug` output draws the board: `X` for
/// a square in the set, `.` for one outside it, blanks for light squares.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{Square, SquareSet};
///
/// let c3 = Square::from_algebraic("c3")?;
/// let set = SquareSet::EMPTY.with(c3);
/// assert!(set.contains(c3));
/// assert_eq!(set.len(), 1);
/// assert_eq!(format!("{set:?}").lines().nth(7), Some(".   X   .   .   ."));
/// # Ok::<(), asalto_madbishops::AlgebraicError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub(crate) u64);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 50 squares.
    pub const FULL: SquareSet = SquareSet((1 << Square::COUNT) - 1);

    /// The set with these bits; bits past the 50th are dropped.
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(bits & SquareSet::FULL.0)
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding only `sq`.
    pub const fn single(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
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

    /// Add `sq`.
    pub fn insert(&mut self, sq: Square) {
        *self = self.with(sq);
    }

    /// Remove `sq`.
    pub fn remove(&mut self, sq: Square) {
        *self = self.without(sq);
    }

    /// Number of squares in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a square.
    pub const fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The first square in board order.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The last square in board order.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(63 - self.0.leading_zeros() as usize)
        }
    }

    /// The squares in board order.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`SquareSet`] in board order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

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

impl BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl BitXor for SquareSet {
    type Output = SquareSet;
    fn bitxor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ rhs.0)
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    /// The squares of `self` not in `rhs`.
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & SquareSet::FULL.0)
    }
}

/// Ten lines, row 0 first; each cell of the 10×10 grid is one character
/// and cells are two columns apart (trailing blanks trimmed).
impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..10 {
            let mut line = String::with_capacity(20);
            for col in 0..10 {
                if col > 0 {
                    line.push(' ');
                }
                line.push(match Square::from_row_col(row, col) {
                    Some(sq) if self.contains(sq) => 'X',
                    Some(_) => '.',
                    None => ' ',
                });
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Square::from_index(0).unwrap();
        let b = Square::from_index(49).unwrap();
        let set: SquareSet = [a, b].into_iter().collect();
        assert_eq!(set.len(), 2);
        assert_eq!(set.first(), Some(a));
        assert_eq!(set.last(), Some(b));
        assert_eq!((!set).len(), 48);
        assert_eq!(set - SquareSet::single(a), SquareSet::single(b));
        assert_eq!(set.iter().collect::<Vec<_>>(), [a, b]);
        assert_eq!(SquareSet::EMPTY.first(), None);
        assert_eq!(SquareSet::from_bits(u64::MAX), SquareSet::FULL);
    }

    #[test]
    fn debug_draws_the_board() {
        let set = SquareSet::single(Square::from_index(0).unwrap());
        let drawn = format!("{set:?}");
        assert_eq!(drawn.lines().next(), Some("  X   .   .   .   ."));
        assert_eq!(drawn.lines().nth(1), Some(".   .   .   .   ."));
        assert_eq!(drawn.lines().count(), 10);
    }
}
