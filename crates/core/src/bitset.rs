//! Sets of a game's squares or points as one machine word: the same set
//! algebra for every board that fits in a `u16`, `u32`, `u64` or `u128`.

/// A set type over an element type with `COUNT`, `index()` and
/// `from_index()` (a game's `Square` or `Point`), stored as one word: bit
/// `i` for the element with index `i`.
///
/// Generated: `EMPTY`, `FULL` (every element), `from_bits` (masked to the
/// board), `bits`, `single`, `contains`, `with`, `without`, `insert`,
/// `remove`, `len`, `is_empty`, `intersects`, `is_superset`, `first`,
/// `last`, `iter` (lowest index first, an exact-size iterator of the named
/// type), `FromIterator`, `IntoIterator`, and the operators `&`, `|`, `^`,
/// `-` (difference), `!` (complement within the board) with their
/// assigning forms. `Debug` is left to the game: it draws its board.
///
/// The element type needs `const COUNT: usize` (at most the word's bits),
/// `const fn index(self) -> usize` (below `COUNT`) and `const fn
/// from_index(usize) -> Option<Self>`.
///
/// # Examples
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Cell(u8);
///
/// impl Cell {
///     pub const COUNT: usize = 9;
///     pub const fn index(self) -> usize {
///         self.0 as usize
///     }
///     pub const fn from_index(i: usize) -> Option<Cell> {
///         if i < Cell::COUNT { Some(Cell(i as u8)) } else { None }
///     }
/// }
///
/// asalto_core::bitset! {
///     /// Cells of a 3×3 board.
///     #[derive(Debug)]
///     pub struct CellSet(u16) of Cell, iter CellIter;
/// }
///
/// let set: CellSet = [Cell(0), Cell(8)].into_iter().collect();
/// assert_eq!((set.len(), set.first(), set.last()), (2, Some(Cell(0)), Some(Cell(8))));
/// assert_eq!((!set).len(), 7);
/// assert_eq!(CellSet::FULL.bits(), 0b1_1111_1111);
/// assert_eq!(CellSet::from_bits(u16::MAX), CellSet::FULL);
/// assert_eq!(set - CellSet::single(Cell(0)), CellSet::single(Cell(8)));
/// ```
#[macro_export]
macro_rules! bitset {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident($field_vis:vis $word:ty) of $elem:ty, iter $iter:ident;
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        $vis struct $name($field_vis $word);

        impl $name {
            /// No element.
            pub const EMPTY: $name = $name(0);
            /// Every element of the board.
            pub const FULL: $name = $name(
                if <$elem>::COUNT as u32 >= <$word>::BITS {
                    <$word>::MAX
                } else {
                    ((1 as $word) << <$elem>::COUNT) - 1
                },
            );

            /// The set of the bits of `bits` that stand for an element
            /// (the others are dropped).
            pub const fn from_bits(bits: $word) -> $name {
                $name(bits & $name::FULL.0)
            }

            /// The raw word.
            pub const fn bits(self) -> $word {
                self.0
            }

            /// The set holding only `e`.
            pub const fn single(e: $elem) -> $name {
                $name((1 as $word) << e.index())
            }

            /// Whether `e` is in the set.
            pub const fn contains(self, e: $elem) -> bool {
                self.0 & ((1 as $word) << e.index()) != 0
            }

            /// This set with `e` added.
            #[must_use]
            pub const fn with(self, e: $elem) -> $name {
                $name(self.0 | ((1 as $word) << e.index()))
            }

            /// This set with `e` removed.
            #[must_use]
            pub const fn without(self, e: $elem) -> $name {
                $name(self.0 & !((1 as $word) << e.index()))
            }

            /// Add `e`.
            pub fn insert(&mut self, e: $elem) {
                *self = self.with(e);
            }

            /// Remove `e`.
            pub fn remove(&mut self, e: $elem) {
                *self = self.without(e);
            }

            /// Number of elements.
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether the set is empty.
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the two sets share an element.
            pub const fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }

            /// Whether every element of `other` is in this set.
            pub const fn is_superset(self, other: $name) -> bool {
                self.0 & other.0 == other.0
            }

            /// The element of lowest index, if any.
            pub const fn first(self) -> ::core::option::Option<$elem> {
                if self.0 == 0 {
                    None
                } else {
                    <$elem>::from_index(self.0.trailing_zeros() as usize)
                }
            }

            /// The element of highest index, if any.
            pub const fn last(self) -> ::core::option::Option<$elem> {
                if self.0 == 0 {
                    None
                } else {
                    <$elem>::from_index((<$word>::BITS - 1 - self.0.leading_zeros()) as usize)
                }
            }

            /// The elements, lowest index first.
            pub fn iter(self) -> $iter {
                $iter(self.0)
            }
        }

        #[doc = concat!("The elements of a [`", stringify!($name), "`], lowest index first.")]
        #[derive(Clone, Debug)]
        $vis struct $iter($word);

        impl ::core::iter::Iterator for $iter {
            type Item = $elem;

            fn next(&mut self) -> ::core::option::Option<$elem> {
                if self.0 == 0 {
                    return None;
                }
                let index = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                <$elem>::from_index(index)
            }

            fn size_hint(&self) -> (usize, ::core::option::Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ::core::iter::ExactSizeIterator for $iter {}

        impl ::core::iter::IntoIterator for $name {
            type Item = $elem;
            type IntoIter = $iter;

            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl ::core::iter::FromIterator<$elem> for $name {
            fn from_iter<I: ::core::iter::IntoIterator<Item = $elem>>(iter: I) -> $name {
                iter.into_iter().fold($name::EMPTY, $name::with)
            }
        }

        $crate::bitset!(@op $name, BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
        $crate::bitset!(@op $name, BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
        $crate::bitset!(@op $name, BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
        $crate::bitset!(@op $name, Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

        impl ::core::ops::Not for $name {
            type Output = $name;
            fn not(self) -> $name {
                $name(!self.0 & $name::FULL.0)
            }
        }
    };
    (@op $name:ident, $op:ident, $method:ident, $op_assign:ident, $method_assign:ident, |$a:ident, $b:ident| $body:expr) => {
        impl ::core::ops::$op for $name {
            type Output = $name;
            fn $method(self, rhs: $name) -> $name {
                let ($a, $b) = (self.0, rhs.0);
                $name($body)
            }
        }

        impl ::core::ops::$op_assign for $name {
            fn $method_assign(&mut self, rhs: $name) {
                *self = ::core::ops::$op::$method(*self, rhs);
            }
        }
    };
}

#[cfg(test)]
mod tests {
    // The test sets use part of the generated API; the rest is for games.
    #![allow(dead_code)]

    use proptest::prelude::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Dot(u8);

    impl Dot {
        const COUNT: usize = 50;
        const fn index(self) -> usize {
            self.0 as usize
        }
        const fn from_index(i: usize) -> Option<Dot> {
            if i < Dot::COUNT {
                Some(Dot(i as u8))
            } else {
                None
            }
        }
    }

    crate::bitset! {
        /// Dots.
        #[derive(Debug)]
        struct Dots(u64) of Dot, iter DotIter;
    }

    fn dots(v: &[u8]) -> Dots {
        v.iter().map(|&i| Dot(i)).collect()
    }

    proptest! {
        /// The set agrees with a sorted list of indices.
        #[test]
        fn set_algebra_agrees_with_vectors(
            a in prop::collection::btree_set(0u8..50, 0..20),
            b in prop::collection::btree_set(0u8..50, 0..20),
        ) {
            let (va, vb): (Vec<u8>, Vec<u8>) = (a.iter().copied().collect(), b.iter().copied().collect());
            let (sa, sb) = (dots(&va), dots(&vb));
            let idx = |s: Dots| s.iter().map(|d| d.0).collect::<Vec<_>>();
            prop_assert_eq!(idx(sa), va.clone());
            prop_assert_eq!(sa.len(), va.len());
            prop_assert_eq!(sa.first().map(|d| d.0), va.first().copied());
            prop_assert_eq!(sa.last().map(|d| d.0), va.last().copied());
            prop_assert_eq!(idx(sa & sb), a.intersection(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(idx(sa | sb), a.union(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(idx(sa ^ sb), a.symmetric_difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(idx(sa - sb), a.difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(idx(!sa), (0..50).filter(|i| !a.contains(i)).collect::<Vec<_>>());
            prop_assert_eq!(sa.intersects(sb), !a.is_disjoint(&b));
            prop_assert_eq!(sa.is_superset(sb), a.is_superset(&b));
            let mut c = sa;
            c -= sb;
            c |= sb;
            prop_assert_eq!(c, sa | sb);
            for &i in &va {
                prop_assert!(sa.contains(Dot(i)));
                prop_assert!(!sa.without(Dot(i)).contains(Dot(i)));
            }
        }
    }

    #[test]
    fn full_board_of_the_whole_word() {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        struct Sq(u8);
        impl Sq {
            const COUNT: usize = 16;
            const fn index(self) -> usize {
                self.0 as usize
            }
            const fn from_index(i: usize) -> Option<Sq> {
                if i < 16 { Some(Sq(i as u8)) } else { None }
            }
        }
        crate::bitset! {
            /// Squares.
            #[derive(Debug)]
            struct Squares(u16) of Sq, iter SqIter;
        }
        assert_eq!(Squares::FULL.bits(), u16::MAX);
        assert_eq!(!Squares::EMPTY, Squares::FULL);
        assert_eq!(Squares::FULL.last(), Some(Sq(15)));
        assert_eq!(Squares::FULL.iter().len(), 16);
    }
}
