//! A set of dark squares as one 50-bit word.

use std::fmt;

use crate::Square;

asalto_core::bitset! {
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
    pub struct SquareSet(pub(crate) u64) of Square, iter Iter;
}

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
