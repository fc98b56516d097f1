//! A set of points as a 33-bit mask.

use std::fmt;
use std::ops::{BitAnd, BitOr, Not};

use crate::Point;

/// A set of board points, one bit per point in board order.
///
/// All the engine's bookkeeping (where the officers are, where the rebels are,
/// which points are empty) is done with these masks, so the common questions
/// ("is any neighbour of this rebel empty and closer to the castle?") are a
/// couple of `AND`s.
///
/// # Examples
///
/// ```
/// use asalto_asalto::{Point, PointSet};
///
/// let bc: Point = "Bc".parse()?;
/// let set = PointSet::EMPTY.with(bc);
/// assert!(set.contains(bc));
/// assert_eq!(set.len(), 1);
/// assert_eq!(format!("{set:?}"), "{Bc}");
/// # Ok::<(), asalto_asalto::PointError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet(u64);

impl PointSet {
    /// No points.
    pub const EMPTY: PointSet = PointSet(0);
    /// All 33 points.
    pub const FULL: PointSet = PointSet((1 << Point::COUNT) - 1);

    /// The set with these bits (bit `i` is the point with index `i`); bits
    /// past the 33rd are dropped.
    pub const fn from_bits(bits: u64) -> PointSet {
        PointSet(bits & PointSet::FULL.0)
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding only `p`.
    pub const fn single(p: Point) -> PointSet {
        PointSet(1 << p.index())
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Point) -> bool {
        self.0 & (1 << p.index()) != 0
    }

    /// This set with `p` added.
    #[must_use]
    pub const fn with(self, p: Point) -> PointSet {
        PointSet(self.0 | (1 << p.index()))
    }

    /// This set with `p` removed.
    #[must_use]
    pub const fn without(self, p: Point) -> PointSet {
        PointSet(self.0 & !(1 << p.index()))
    }

    /// Add `p`.
    pub fn insert(&mut self, p: Point) {
        *self = self.with(p);
    }

    /// Remove `p`.
    pub fn remove(&mut self, p: Point) {
        *self = self.without(p);
    }

    /// Number of points in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no points.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every point of `other` is in `self`.
    pub const fn is_superset(self, other: PointSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// The first point in board order.
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Point::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The points in board order.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`PointSet`] in board order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Point::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        iter.into_iter().fold(PointSet::EMPTY, PointSet::with)
    }
}

impl BitAnd for PointSet {
    type Output = PointSet;
    fn bitand(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 & rhs.0)
    }
}

impl BitOr for PointSet {
    type Output = PointSet;
    fn bitor(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 | rhs.0)
    }
}

impl Not for PointSet {
    type Output = PointSet;
    fn not(self) -> PointSet {
        PointSet(!self.0 & PointSet::FULL.0)
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
