//! Diagonal rays as lookup tables built at compile time, and the sliding
//! attacks computed from them.
//!
//! Why tables: every question the rules ask ("which squares does this bishop
//! reach?", "which enemy does it see first?") is a ray stopped at its first
//! occupied square. With one mask per square and direction, that is an AND,
//! a bit scan and an XOR, with no loop over squares.

use crate::{Square, SquareSet};

/// A diagonal direction. North is towards row 0 (rank 10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Direction {
    /// Up and to the right: row − 1, column + 1.
    NorthEast,
    /// Down and to the right: row + 1, column + 1.
    SouthEast,
    /// Down and to the left: row + 1, column − 1.
    SouthWest,
    /// Up and to the left: row − 1, column − 1.
    NorthWest,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// `(row step, column step)`.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::NorthEast => (-1, 1),
            Direction::SouthEast => (1, 1),
            Direction::SouthWest => (1, -1),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// Whether square indices grow along this direction. Going down a row
    /// adds 5 to the index and the column moves by one, which changes
    /// `column / 2` by at most one: so the south directions grow and the
    /// north ones shrink, and the first square met along a ray is the
    /// lowest (south) or highest (north) bit of the blockers.
    pub const fn increasing(self) -> bool {
        matches!(self, Direction::SouthEast | Direction::SouthWest)
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// The direction from `from` to `to` if they share a diagonal (and
    /// differ).
    pub const fn between(from: Square, to: Square) -> Option<Direction> {
        let dr = to.row() - from.row();
        let dc = to.col() - from.col();
        if dr == 0 || dr.abs() != dc.abs() {
            return None;
        }
        Some(match (dr < 0, dc > 0) {
            (true, true) => Direction::NorthEast,
            (false, true) => Direction::SouthEast,
            (false, false) => Direction::SouthWest,
            (true, false) => Direction::NorthWest,
        })
    }
}

/// `RAY[d][s]`: the squares from `s` (excluded) to the edge in direction
/// `d`.
const RAY: [[u64; Square::COUNT]; 4] = {
    let mut table = [[0u64; Square::COUNT]; 4];
    let mut d = 0;
    while d < 4 {
        let (dr, dc) = Direction::ALL[d].delta();
        let mut i = 0;
        while i < Square::COUNT {
            let sq = match Square::from_index(i) {
                Some(sq) => sq,
                None => unreachable!(),
            };
            let (mut r, mut c) = (sq.row() + dr, sq.col() + dc);
            while let Some(next) = Square::from_row_col(r, c) {
                table[d][i] |= 1 << next.index();
                r += dr;
                c += dc;
            }
            i += 1;
        }
        d += 1;
    }
    table
};

/// The squares from `sq` (excluded) to the edge of the board in `dir`.
#[inline]
pub const fn ray(sq: Square, dir: Direction) -> SquareSet {
    SquareSet(RAY[dir.index()][sq.index()])
}

/// The squares a bishop on `sq` sees in `dir` with the squares `occupied`
/// filled: the empty squares up to the first occupied one, and that one.
#[inline]
pub const fn ray_attacks(sq: Square, dir: Direction, occupied: SquareSet) -> SquareSet {
    let ray = RAY[dir.index()][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return SquareSet(ray);
    }
    let first = if dir.increasing() {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    SquareSet(ray ^ RAY[dir.index()][first as usize])
}

/// The squares a bishop on `sq` sees in all four directions.
#[inline]
pub const fn attacks(sq: Square, occupied: SquareSet) -> SquareSet {
    SquareSet(
        ray_attacks(sq, Direction::NorthEast, occupied).0
            | ray_attacks(sq, Direction::SouthEast, occupied).0
            | ray_attacks(sq, Direction::SouthWest, occupied).0
            | ray_attacks(sq, Direction::NorthWest, occupied).0,
    )
}

/// The squares strictly between `from` and `to` when they share a
/// diagonal.
pub const fn between(from: Square, to: Square) -> Option<SquareSet> {
    match Direction::between(from, to) {
        Some(dir) => {
            let d = dir.index();
            let beyond = RAY[d][to.index()] | (1 << to.index());
            Some(SquareSet(RAY[d][from.index()] & !beyond))
        }
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::from_algebraic(name).unwrap()
    }

    #[test]
    fn rays_follow_the_diagonals() {
        let names = |set: SquareSet| set.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            names(ray(sq("a1"), Direction::NorthEast)),
            ["j10", "i9", "h8", "g7", "f6", "e5", "d4", "c3", "b2"]
        );
        assert!(ray(sq("a1"), Direction::NorthWest).is_empty());
        assert_eq!(names(ray(sq("c3"), Direction::SouthWest)), ["b2", "a1"]);
    }

    #[test]
    fn attacks_stop_at_the_first_occupied_square() {
        let occ = SquareSet::single(sq("e5")).with(sq("h8"));
        let seen = ray_attacks(sq("c3"), Direction::NorthEast, occ);
        assert_eq!(seen, SquareSet::single(sq("d4")).with(sq("e5")));
        let all = attacks(sq("c3"), occ);
        assert_eq!(all.len(), 2 + 2 + 2 + 2);
        assert_eq!(
            between(sq("c3"), sq("f6")),
            Some(SquareSet::single(sq("d4")).with(sq("e5")))
        );
        assert_eq!(between(sq("c3"), sq("d4")), Some(SquareSet::EMPTY));
        assert_eq!(between(sq("c3"), sq("c5")), None);
        assert_eq!(between(sq("c3"), sq("c3")), None);
    }

    #[test]
    fn every_ray_is_monotone_in_index() {
        for s in Square::all() {
            for d in Direction::ALL {
                for t in ray(s, d) {
                    assert_eq!(d.increasing(), t.index() > s.index());
                    assert_eq!(Direction::between(s, t), Some(d));
                }
            }
        }
    }
}
