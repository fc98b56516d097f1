//! The board geometry and the movement rules of the 2018/19 assignment, as
//! lookup tables built at compile time.
//!
//! Everything that decides *which* moves exist lives here and in
//! [`crate::Position`]'s move generator; the rest of the crate only asks.
//! A different published rule set would get its own tables next to these.

use crate::{Point, PointSet};

/// The eight directions in the assignment's neighbour order (`DVEC`): up,
/// up-right, right, down-right, down, down-left, left, up-left, with `y`
/// growing downwards. Capture chains pick the first capturable rebel in this
/// order, so it is part of the rules, not a detail.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

const NONE: u8 = u8::MAX;

/// Whether `(x, y)` → `(x + dx, y + dy)` is a line of the board (the
/// assignment's `vecinos`): orthogonal steps always are; a diagonal one only
/// from a point with `x - y` even and with both orthogonal corners on the
/// cross.
const fn connected(x: i32, y: i32, dx: i32, dy: i32) -> bool {
    use crate::point::on_cross;
    if !on_cross(x + dx, y + dy) {
        return false;
    }
    if dx == 0 || dy == 0 {
        return true;
    }
    (x - y).rem_euclid(2) == 0 && on_cross(x + dx, y) && on_cross(x, y + dy)
}

/// `NEIGHBOUR[p][d]`: the neighbour of point `p` in direction `d`.
const NEIGHBOUR: [[u8; 8]; Point::COUNT] = {
    let mut table = [[NONE; 8]; Point::COUNT];
    let mut i = 0;
    while i < Point::COUNT {
        let p = match Point::from_index(i) {
            Some(p) => p,
            None => unreachable!(),
        };
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            if connected(p.x(), p.y(), dx, dy) {
                table[i][d] = match Point::from_xy(p.x() + dx, p.y() + dy) {
                    Some(n) => n.index() as u8,
                    None => unreachable!(),
                };
            }
            d += 1;
        }
        i += 1;
    }
    table
};

/// `LANDING[p][d]`: where an officer on `p` lands when it jumps over its
/// neighbour in direction `d` (the assignment's `pto_captura`, `2r - o`), if
/// that neighbour exists and the landing point is on the board.
const LANDING: [[u8; 8]; Point::COUNT] = {
    let mut table = [[NONE; 8]; Point::COUNT];
    let mut i = 0;
    while i < Point::COUNT {
        let p = match Point::from_index(i) {
            Some(p) => p,
            None => unreachable!(),
        };
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            if NEIGHBOUR[i][d] != NONE {
                if let Some(l) = Point::from_xy(p.x() + 2 * dx, p.y() + 2 * dy) {
                    table[i][d] = l.index() as u8;
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
};

/// `JUMP[o][n]`: where an officer on `o` lands jumping over its neighbour
/// `n`: the same facts as `LANDING`, indexed by the point jumped over, so a
/// capture test only visits the neighbours that hold rebels.
const JUMP: [[u8; Point::COUNT]; Point::COUNT] = {
    let mut table = [[NONE; Point::COUNT]; Point::COUNT];
    let mut i = 0;
    while i < Point::COUNT {
        let mut d = 0;
        while d < 8 {
            if NEIGHBOUR[i][d] != NONE {
                table[i][NEIGHBOUR[i][d] as usize] = LANDING[i][d];
            }
            d += 1;
        }
        i += 1;
    }
    table
};

const NEIGHBOUR_SET: [u64; Point::COUNT] = {
    let mut table = [0u64; Point::COUNT];
    let mut i = 0;
    while i < Point::COUNT {
        let mut d = 0;
        while d < 8 {
            if NEIGHBOUR[i][d] != NONE {
                table[i] |= 1 << NEIGHBOUR[i][d];
            }
            d += 1;
        }
        i += 1;
    }
    table
};

const fn castle_distance_xy(x: i32, y: i32) -> i32 {
    let ax = (x - 3).abs();
    let ay = (y - 1).abs();
    let m = if ax > ay { ax } else { ay };
    if m > 1 { m - 1 } else { 0 }
}

const fn in_castle_xy(x: i32, y: i32) -> bool {
    2 <= x && x <= 4 && 0 <= y && y <= 2
}

/// `REBEL_TARGETS[p]`: the neighbours a rebel on `p` may step to when they
/// are empty: strictly closer to the castle, or inside it when `p` is too.
const REBEL_TARGETS: [u64; Point::COUNT] = {
    let mut table = [0u64; Point::COUNT];
    let mut i = 0;
    while i < Point::COUNT {
        let p = match Point::from_index(i) {
            Some(p) => p,
            None => unreachable!(),
        };
        let mut d = 0;
        while d < 8 {
            let n = NEIGHBOUR[i][d];
            if n != NONE {
                let q = match Point::from_index(n as usize) {
                    Some(q) => q,
                    None => unreachable!(),
                };
                let closer = castle_distance_xy(q.x(), q.y()) < castle_distance_xy(p.x(), p.y());
                let both_in = in_castle_xy(p.x(), p.y()) && in_castle_xy(q.x(), q.y());
                if closer || both_in {
                    table[i] |= 1 << n;
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
};

const CASTLE: u64 = {
    let mut mask = 0u64;
    let mut i = 0;
    while i < Point::COUNT {
        let p = match Point::from_index(i) {
            Some(p) => p,
            None => unreachable!(),
        };
        if in_castle_xy(p.x(), p.y()) {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
};

/// The nine points of the castle (rows `A`..`C`, columns `c`..`e`).
pub const fn castle() -> PointSet {
    PointSet::from_bits(CASTLE)
}

impl Point {
    /// The neighbour in direction `DIRECTIONS[dir]`, if a board line joins them.
    #[inline]
    pub const fn neighbour(self, dir: usize) -> Option<Point> {
        let n = NEIGHBOUR[self.index()][dir];
        if n == NONE {
            None
        } else {
            Point::from_index(n as usize)
        }
    }

    /// The neighbours in the assignment's neighbour order, with their
    /// direction index.
    pub fn neighbours(self) -> impl Iterator<Item = (usize, Point)> + Clone {
        (0..8).filter_map(move |d| self.neighbour(d).map(|n| (d, n)))
    }

    /// The neighbours as a set.
    #[inline]
    pub const fn neighbour_set(self) -> PointSet {
        PointSet::from_bits(NEIGHBOUR_SET[self.index()])
    }

    /// The direction index from `self` to its neighbour `other`.
    pub fn direction_to(self, other: Point) -> Option<usize> {
        (0..8).find(|&d| self.neighbour(d) == Some(other))
    }

    /// Where an officer here lands jumping over its neighbour in direction
    /// `dir`; `None` if there is no such neighbour or the landing point is off
    /// the board.
    #[inline]
    pub const fn landing(self, dir: usize) -> Option<Point> {
        let n = LANDING[self.index()][dir];
        if n == NONE {
            None
        } else {
            Point::from_index(n as usize)
        }
    }

    /// Where an officer here lands jumping over its neighbour `over`; `None`
    /// if `over` is not a neighbour or the landing point is off the board.
    #[inline]
    pub const fn jump_over(self, over: Point) -> Option<Point> {
        let n = JUMP[self.index()][over.index()];
        if n == NONE {
            None
        } else {
            Point::from_index(n as usize)
        }
    }

    /// The direction of a jump from `self` that lands on `to`, if any.
    pub fn jump_direction_to(self, to: Point) -> Option<usize> {
        (0..8).find(|&d| self.landing(d) == Some(to))
    }

    /// Whether the point is one of the castle's nine.
    #[inline]
    pub const fn in_castle(self) -> bool {
        CASTLE & (1 << self.index()) != 0
    }

    /// Distance to the castle: the fewest board lines to any castle point
    /// (`max(0, max(|x-3|, |y-1|) - 1)`).
    pub const fn castle_distance(self) -> u8 {
        castle_distance_xy(self.x(), self.y()) as u8
    }

    /// The neighbours a rebel on this point may step to, when empty.
    #[inline]
    pub const fn rebel_targets(self) -> PointSet {
        PointSet::from_bits(REBEL_TARGETS[self.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn neighbours_of_be_in_order() {
        let ns: Vec<Point> = p("Be").neighbours().map(|(_, n)| n).collect();
        assert_eq!(ns, [p("Ae"), p("Ce"), p("Bd")]);
    }

    #[test]
    fn castle_has_nine_points() {
        assert_eq!(castle().len(), 9);
        assert!(p("Ac").in_castle() && p("Ce").in_castle());
        assert!(!p("Dd").in_castle());
        assert_eq!(p("Dd").castle_distance(), 1);
        assert_eq!(p("Gd").castle_distance(), 4);
        assert_eq!(p("Ca").castle_distance(), 2);
    }

    #[test]
    fn neighbour_relation_is_symmetric() {
        for a in Point::all() {
            for b in a.neighbour_set() {
                assert!(b.neighbour_set().contains(a), "{a} {b}");
            }
        }
    }
}
