//! Where the bishops stand, and the setups a game can start from.

use crate::{BySide, Side, Square, SquareSet};

/// The bishops of both sides: two disjoint square sets with at least one
/// bishop between them.
///
/// A board is also a *setup*: the report's is [`Board::report_setup`], and
/// any other (such as the published one that mixes the colours on the same
/// 50 squares) is given as data, through a position string
/// ([`crate::Position::from_position_string`]) or the report's list of lists
/// ([`crate::prolog::parse_board`]).
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{Board, Side, Square};
///
/// let board = Board::report_setup();
/// assert_eq!(board.count(Side::Red), 25);
/// assert_eq!(board.piece_at(Square::from_row_col(0, 1).unwrap()), Some(Side::Red));
/// assert_eq!(board.piece_at(Square::from_row_col(1, 0).unwrap()), Some(Side::Blue));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    pieces: BySide<SquareSet>,
}

/// Why two square sets do not make a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A square holds a bishop of each side.
    #[error("{0} holds both a red and a blue bishop")]
    Overlap(Square),
    /// No bishop at all: no game can be played or have been played.
    #[error("the board has no bishops")]
    NoBishops,
}

/// The report's setup: red on every dark square of rows 0, 2, 4, 6 and 8
/// (board indices 0–4, 10–14, ...), blue on the odd rows.
const REPORT_RED: u64 = {
    let mut bits = 0u64;
    let mut row = 0;
    while row < 10 {
        bits |= 0b11111 << (5 * row);
        row += 2;
    }
    bits
};

impl Board {
    /// A board from the two sides' squares.
    ///
    /// # Errors
    ///
    /// [`BoardError::Overlap`] if a square is in both sets,
    /// [`BoardError::NoBishops`] if both are empty.
    pub fn new(red: SquareSet, blue: SquareSet) -> Result<Board, BoardError> {
        if let Some(sq) = (red & blue).first() {
            return Err(BoardError::Overlap(sq));
        }
        if red.is_empty() && blue.is_empty() {
            return Err(BoardError::NoBishops);
        }
        Ok(Board {
            pieces: BySide { red, blue },
        })
    }

    /// The course report's setup: 25 red bishops on rows 0, 2, 4, 6, 8 and
    /// 25 blue ones on rows 1, 3, 5, 7, 9, filling all 50 dark squares.
    pub const fn report_setup() -> Board {
        Board {
            pieces: BySide {
                red: SquareSet(REPORT_RED),
                blue: SquareSet(SquareSet::FULL.0 & !REPORT_RED),
            },
        }
    }

    /// The squares of `side`'s bishops.
    #[inline]
    pub const fn pieces(&self, side: Side) -> SquareSet {
        *self.pieces.get(side)
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> SquareSet {
        SquareSet(self.pieces.red.0 | self.pieces.blue.0)
    }

    /// Every empty dark square.
    #[inline]
    pub const fn empty(&self) -> SquareSet {
        SquareSet(SquareSet::FULL.0 & !self.occupied().0)
    }

    /// Whose bishop stands on `sq`.
    pub const fn piece_at(&self, sq: Square) -> Option<Side> {
        if self.pieces.red.contains(sq) {
            Some(Side::Red)
        } else if self.pieces.blue.contains(sq) {
            Some(Side::Blue)
        } else {
            None
        }
    }

    /// How many bishops `side` has.
    pub const fn count(&self, side: Side) -> usize {
        self.pieces(side).len()
    }

    /// The board after `side`'s bishop on `from` goes to `to`, taking
    /// whatever enemy bishop stands there. The caller guarantees that `from`
    /// holds a bishop of `side` and `to` holds none.
    #[inline]
    pub(crate) fn moved(mut self, side: Side, from: Square, to: Square) -> Board {
        let own = self.pieces.get_mut(side);
        *own = own.without(from).with(to);
        let enemy = self.pieces.get_mut(side.opponent());
        *enemy = enemy.without(to);
        self
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::report_setup()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_setup() {
        let b = Board::report_setup();
        assert_eq!(b.count(Side::Red), 25);
        assert_eq!(b.count(Side::Blue), 25);
        assert!(b.empty().is_empty());
        for sq in Square::all() {
            let expected = if sq.row() % 2 == 0 {
                Side::Red
            } else {
                Side::Blue
            };
            assert_eq!(b.piece_at(sq), Some(expected), "{sq}");
        }
    }

    #[test]
    fn invalid_boards() {
        let a = SquareSet::single(Square::from_index(3).unwrap());
        assert!(matches!(Board::new(a, a), Err(BoardError::Overlap(_))));
        assert_eq!(
            Board::new(SquareSet::EMPTY, SquareSet::EMPTY),
            Err(BoardError::NoBishops)
        );
        assert!(Board::new(a, SquareSet::EMPTY).is_ok());
    }
}
