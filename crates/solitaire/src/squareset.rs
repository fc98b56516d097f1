//! A set of squares as a 16-bit mask.

use std::fmt;

use crate::Square;

asalto_core::bitset! {
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
    pub struct SquareSet(pub u16) of Square, iter Iter;
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
