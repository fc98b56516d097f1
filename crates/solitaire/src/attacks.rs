//! Which squares each piece can capture on, as constant tables built at
//! compile time.
//!
//! Every move is a capture, so the only question the rules ask is "which
//! occupied squares can the piece on `s` reach?". For the king, the knight
//! and the pawn that is a fixed mask `AND` the occupied squares. A sliding
//! piece reaches, along each of its lines, exactly the *first* occupied
//! square: the lowest bit of the ray for rays that go up the square
//! numbering (north, east, north-east, north-west), the highest bit for the
//! others.

use crate::{Piece, Profile, Square, SquareSet};

/// A direction as `(dx, dy)`, in the order N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The rook's directions (indices into [`DIRECTIONS`]).
pub const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
/// The bishop's directions (indices into [`DIRECTIONS`]).
pub const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

/// Whether moving in direction `d` raises the square number (so the nearest
/// square of a ray is its lowest bit).
const fn ascending(d: usize) -> bool {
    let (dx, dy) = DIRECTIONS[d];
    dy * 4 + dx > 0
}

/// `RAYS[s][d]`: the squares from `s` (excluded) to the edge in direction
/// `d`.
pub const RAYS: [[u16; 8]; 16] = {
    let mut table = [[0u16; 8]; 16];
    let mut s = 0;
    while s < 16 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            let (mut x, mut y) = ((s % 4) as i32 + dx, (s / 4) as i32 + dy);
            while 0 <= x && x < 4 && 0 <= y && y < 4 {
                table[s][d] |= 1 << (y * 4 + x);
                x += dx;
                y += dy;
            }
            d += 1;
        }
        s += 1;
    }
    table
};

/// The squares at the given offsets from each square.
const fn leaper(offsets: &[(i32, i32)]) -> [u16; 16] {
    let mut table = [0u16; 16];
    let mut s = 0;
    while s < 16 {
        let mut i = 0;
        while i < offsets.len() {
            let (x, y) = ((s % 4) as i32 + offsets[i].0, (s / 4) as i32 + offsets[i].1);
            if 0 <= x && x < 4 && 0 <= y && y < 4 {
                table[s] |= 1 << (y * 4 + x);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// The king's squares: the eight neighbours.
pub const KING: [u16; 16] = leaper(&DIRECTIONS);

/// The knight's squares: two one way and one the other.
pub const KNIGHT: [u16; 16] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// The `codegolf` pawn's squares: one square diagonally, any direction.
pub const PAWN_ANY: [u16; 16] = leaper(&[(1, 1), (1, -1), (-1, -1), (-1, 1)]);

/// The `thinkfun` pawn's squares: one square diagonally upwards.
pub const PAWN_UP: [u16; 16] = leaper(&[(1, 1), (-1, 1)]);

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share
/// a rank, a file or a diagonal; empty otherwise.
pub const BETWEEN: [[u16; 16]; 16] = {
    let mut table = [[0u16; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            let (mut x, mut y) = ((a % 4) as i32 + dx, (a / 4) as i32 + dy);
            let mut path = 0u16;
            while 0 <= x && x < 4 && 0 <= y && y < 4 {
                let b = (y * 4 + x) as usize;
                table[a][b] = path;
                path |= 1 << b;
                x += dx;
                y += dy;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// The first occupied square of ray `d` from `s`, as a one-bit mask (0 if
/// the ray is empty).
#[inline(always)]
const fn first_on_ray(s: usize, d: usize, occupied: u16) -> u16 {
    let hits = RAYS[s][d] & occupied;
    if hits == 0 {
        0
    } else if ascending(d) {
        hits & hits.wrapping_neg()
    } else {
        1 << (15 - hits.leading_zeros())
    }
}

/// The squares a slider on `s` captures along `dirs`: the first occupied
/// square of each ray.
#[inline(always)]
const fn slide(s: usize, dirs: &[usize; 4], occupied: u16) -> u16 {
    first_on_ray(s, dirs[0], occupied)
        | first_on_ray(s, dirs[1], occupied)
        | first_on_ray(s, dirs[2], occupied)
        | first_on_ray(s, dirs[3], occupied)
}

/// The occupied squares that `piece` standing on `from` can capture on,
/// under `profile`, with `occupied` the occupied squares (`from` itself may
/// be in it or not).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{attacks, Piece, Profile, Square, SquareSet};
///
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// // A rook on a1 with pieces on a2, a4 and c1: it sees a2 (a4 is behind it) and c1.
/// let occupied: SquareSet = [sq("a1"), sq("a2"), sq("a4"), sq("c1")].into_iter().collect();
/// let targets = attacks::targets(Piece::Rook, sq("a1"), occupied, Profile::Codegolf);
/// assert_eq!(targets, [sq("a2"), sq("c1")].into_iter().collect());
/// ```
#[inline]
pub fn targets(piece: Piece, from: Square, occupied: SquareSet, profile: Profile) -> SquareSet {
    let s = from.index();
    let occ = occupied.0;
    SquareSet(match piece {
        Piece::King => KING[s] & occ,
        Piece::Knight => KNIGHT[s] & occ,
        Piece::Pawn => match profile {
            Profile::Codegolf => PAWN_ANY[s] & occ,
            Profile::Thinkfun => PAWN_UP[s] & occ,
        },
        Piece::Rook => slide(s, &ORTHOGONAL, occ),
        Piece::Bishop => slide(s, &DIAGONAL, occ),
        Piece::Queen => slide(s, &ORTHOGONAL, occ) | slide(s, &DIAGONAL, occ),
    })
}

/// [`targets`] on raw masks, for the solver's inner loop: `piece` is the
/// kind's index (K 0 .. P 5), `s` the square's index.
#[inline(always)]
pub(crate) const fn targets_bits(piece: usize, s: usize, occupied: u16, profile: Profile) -> u16 {
    match piece {
        0 => KING[s] & occupied,
        1 => slide(s, &ORTHOGONAL, occupied) | slide(s, &DIAGONAL, occupied),
        2 => slide(s, &ORTHOGONAL, occupied),
        3 => slide(s, &DIAGONAL, occupied),
        4 => KNIGHT[s] & occupied,
        _ => match profile {
            Profile::Codegolf => PAWN_ANY[s] & occupied,
            Profile::Thinkfun => PAWN_UP[s] & occupied,
        },
    }
}

/// The squares `piece` on `from` could move to on an empty board: its
/// pattern, with no regard to what blocks it.
pub fn pattern(piece: Piece, from: Square, profile: Profile) -> SquareSet {
    let s = from.index();
    let rays = |dirs: &[usize; 4]| dirs.iter().fold(0, |acc, &d| acc | RAYS[s][d]);
    SquareSet(match piece {
        Piece::King => KING[s],
        Piece::Knight => KNIGHT[s],
        Piece::Pawn => match profile {
            Profile::Codegolf => PAWN_ANY[s],
            Profile::Thinkfun => PAWN_UP[s],
        },
        Piece::Rook => rays(&ORTHOGONAL),
        Piece::Bishop => rays(&DIAGONAL),
        Piece::Queen => rays(&ORTHOGONAL) | rays(&DIAGONAL),
    })
}

/// The squares strictly between `a` and `b` on their common line (empty if
/// they share none, or are neighbours).
pub const fn between(a: Square, b: Square) -> SquareSet {
    SquareSet(BETWEEN[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn table_sizes() {
        let count = |t: &[u16; 16]| t.iter().map(|m| m.count_ones()).sum::<u32>();
        // Pairs of neighbours: 2 * (12 + 12 + 9 + 9).
        assert_eq!(count(&KING), 84);
        // Knight moves on 4x4: 48.
        assert_eq!(count(&KNIGHT), 48);
        assert_eq!(count(&PAWN_ANY), 36);
        assert_eq!(count(&PAWN_UP), 18);
        assert_eq!(
            KNIGHT[sq("b1").index()],
            SquareSet::from_iter([sq("a3"), sq("c3"), sq("d2")]).0
        );
    }

    #[test]
    fn between_squares() {
        assert_eq!(
            between(sq("a1"), sq("d4")),
            [sq("b2"), sq("c3")].into_iter().collect()
        );
        assert_eq!(
            between(sq("d1"), sq("a1")),
            [sq("b1"), sq("c1")].into_iter().collect()
        );
        assert_eq!(between(sq("a1"), sq("b3")), SquareSet::EMPTY);
        assert_eq!(between(sq("a1"), sq("a2")), SquareSet::EMPTY);
    }
}
