//! Which piece stands on which point.

use crate::geometry::castle;
use crate::{Point, PointSet, Side};

/// The pieces on the board: a set of officer points and a set of rebel points.
///
/// A `Board` only ever holds disjoint sets with at most 2 officers and 24
/// rebels; [`Board::new`] enforces it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    officers: PointSet,
    rebels: PointSet,
}

/// Why two point sets do not make a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A point holds both an officer and a rebel.
    #[error("{0} holds both an officer and a rebel")]
    Overlap(Point),
    /// More than the game's 2 officers.
    #[error("{0} officers; the game has 2 at most")]
    TooManyOfficers(usize),
    /// More than the game's 24 rebels.
    #[error("{0} rebels; the game has 24 at most")]
    TooManyRebels(usize),
}

impl Board {
    /// The starting board: officers on `Bc` and `Be`; rebels on `Ca Cb Cf Cg`
    /// and on every point of rows `D` to `G`.
    pub const fn start() -> Board {
        let mut rebels = 0u64;
        let mut i = 0;
        while i < Point::COUNT {
            let p = match Point::from_index(i) {
                Some(p) => p,
                None => unreachable!(),
            };
            if p.y() >= 3 || (p.y() == 2 && (p.x() < 2 || p.x() > 4)) {
                rebels |= 1 << i;
            }
            i += 1;
        }
        let officers = match (Point::from_xy(2, 1), Point::from_xy(4, 1)) {
            (Some(bc), Some(be)) => PointSet::single(bc).with(be),
            _ => unreachable!(),
        };
        Board {
            officers,
            rebels: PointSet::from_bits(rebels),
        }
    }

    /// A board with these pieces.
    ///
    /// # Errors
    ///
    /// When the sets overlap, or hold more than 2 officers or 24 rebels.
    pub fn new(officers: PointSet, rebels: PointSet) -> Result<Board, BoardError> {
        if let Some(p) = (officers & rebels).first() {
            return Err(BoardError::Overlap(p));
        }
        if officers.len() > 2 {
            return Err(BoardError::TooManyOfficers(officers.len()));
        }
        if rebels.len() > 24 {
            return Err(BoardError::TooManyRebels(rebels.len()));
        }
        Ok(Board { officers, rebels })
    }

    /// The points holding officers.
    #[inline]
    pub const fn officers(&self) -> PointSet {
        self.officers
    }

    /// The points holding rebels.
    #[inline]
    pub const fn rebels(&self) -> PointSet {
        self.rebels
    }

    /// The points holding pieces of `side`.
    #[inline]
    pub const fn pieces(&self, side: Side) -> PointSet {
        match side {
            Side::Officers => self.officers,
            Side::Rebels => self.rebels,
        }
    }

    /// The empty points.
    #[inline]
    pub fn empty(&self) -> PointSet {
        !(self.officers | self.rebels)
    }

    /// The piece on `p`, if any.
    #[inline]
    pub const fn piece_at(&self, p: Point) -> Option<Side> {
        if self.officers.contains(p) {
            Some(Side::Officers)
        } else if self.rebels.contains(p) {
            Some(Side::Rebels)
        } else {
            None
        }
    }

    /// The rebels standing in the castle.
    pub fn rebels_in_castle(&self) -> PointSet {
        self.rebels & castle()
    }

    /// Move the piece on `from` to `to` and remove the rebels in `captured`.
    /// The caller guarantees `from` holds a piece and `to` is empty.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Point, to: Point, captured: PointSet) {
        if self.officers.contains(from) {
            self.officers = self.officers.without(from).with(to);
        } else {
            self.rebels = self.rebels.without(from).with(to);
        }
        self.rebels = self.rebels & !captured;
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}
