//! Moves: a step to a neighbouring point, or a capture with its whole path.

use std::fmt;
use std::ops::Deref;

use crate::{Point, PointSet};

/// The longest possible path of a move: a start point and one landing point
/// per captured rebel (there are never more than 24 rebels).
pub const MAX_PATH: usize = 25;

/// The points a move visits, in order: its start, then every landing point.
///
/// A small, `Copy`, fixed-capacity list so that moves can be generated and
/// stored without allocating.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Path {
    len: u8,
    points: [Point; MAX_PATH],
}

/// The filler for unused slots of a [`Path`]; never observable.
const FILLER: Point = match Point::from_index(0) {
    Some(p) => p,
    None => unreachable!(),
};

impl Path {
    /// A path of two points.
    pub const fn pair(from: Point, to: Point) -> Path {
        let mut points = [FILLER; MAX_PATH];
        points[0] = from;
        points[1] = to;
        Path { len: 2, points }
    }

    /// A path with these points, or `None` if there are more than
    /// [`MAX_PATH`].
    pub fn from_points(points: &[Point]) -> Option<Path> {
        if points.len() > MAX_PATH {
            return None;
        }
        let mut path = Path {
            len: points.len() as u8,
            points: [FILLER; MAX_PATH],
        };
        path.points[..points.len()].copy_from_slice(points);
        Some(path)
    }

    /// Append a point; `false` (and nothing appended) when the path is full.
    pub fn push(&mut self, p: Point) -> bool {
        if usize::from(self.len) == MAX_PATH {
            return false;
        }
        self.points[usize::from(self.len)] = p;
        self.len += 1;
        true
    }

    /// Keep only the first `len` points.
    pub const fn truncate(&mut self, len: usize) {
        if len < self.len as usize {
            self.len = len as u8;
        }
    }

    /// The points as a slice.
    pub fn as_slice(&self) -> &[Point] {
        &self.points[..usize::from(self.len)]
    }
}

impl Deref for Path {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        self.as_slice()
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_notation(f, self)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_notation(f, self)
    }
}

fn write_notation(f: &mut fmt::Formatter<'_>, points: &[Point]) -> fmt::Result {
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            f.write_str("-")?;
        }
        write!(f, "{p}")?;
    }
    Ok(())
}

/// The rebel jumped over by a jump from `a` to `b`.
#[inline]
pub fn jumped_point(a: Point, b: Point) -> Option<Point> {
    let (dx, dy) = (b.x() - a.x(), b.y() - a.y());
    if dx % 2 != 0 || dy % 2 != 0 {
        return None;
    }
    Point::from_xy(a.x() + dx / 2, a.y() + dy / 2)
}

/// A move of one side: a step to a neighbouring point, or a capture with its
/// whole path.
///
/// A capture keeps its whole path (`Bd-Db-Dd-Df-Bd`): under the assignment's
/// rules the path is fully determined by its first two points, but a saved
/// record writes all of it, and so does this type.
///
/// A move is one 128-bit word: the start, the end, the number of jumps and
/// the direction of each jump (3 bits each, in the order of
/// [`crate::geometry::DIRECTIONS`]). The path and the captured rebels follow
/// from the board's tables. A single word is cheap to pass around: the
/// replay of a record copies every move a few times, and a byte-wise
/// structure made those copies the slowest part of validation.
///
/// # Examples
///
/// ```
/// use asalto_asalto::{Move, Position};
///
/// let start = Position::start();
/// let moves: Vec<String> = start.legal_moves().iter().map(Move::to_string).collect();
/// assert_eq!(moves, ["Bc-Ac", "Bc-Bd", "Bc-Cc", "Be-Ae", "Be-Ce", "Be-Bd"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u128);

/// Bit layout of a [`Move`].
const FROM_SHIFT: u32 = 0;
const TO_SHIFT: u32 = 6;
const JUMPS_SHIFT: u32 = 12;
const DIRS_SHIFT: u32 = 17;
const POINT_MASK: u128 = 0x3f;
const JUMPS_MASK: u128 = 0x1f;

/// The most jumps a capture can make: one per rebel.
pub const MAX_JUMPS: usize = MAX_PATH - 1;

impl Move {
    /// A step from `from` to `to` (legality is the position's business).
    pub const fn step(from: Point, to: Point) -> Move {
        Move((from.index() as u128) << FROM_SHIFT | (to.index() as u128) << TO_SHIFT)
    }

    /// A capture starting on `from` whose jumps go in these directions
    /// (indices into [`crate::geometry::DIRECTIONS`]). `None` if a jump leaves
    /// the board's lines, if there is no jump, or more than [`MAX_JUMPS`].
    pub fn capture(from: Point, directions: &[usize]) -> Option<Move> {
        if directions.is_empty() || directions.len() > MAX_JUMPS {
            return None;
        }
        let mut here = from;
        let mut bits =
            (from.index() as u128) << FROM_SHIFT | (directions.len() as u128) << JUMPS_SHIFT;
        for (i, &d) in directions.iter().enumerate() {
            if d >= 8 {
                return None;
            }
            here = here.landing(d)?;
            bits |= (d as u128) << (DIRS_SHIFT + 3 * i as u32);
        }
        Some(Move(bits | (here.index() as u128) << TO_SHIFT))
    }

    /// A capture along `path` (start, then every landing point), if every
    /// consecutive pair is a jump along the board's lines.
    pub fn capture_path(path: &[Point]) -> Option<Move> {
        let mut dirs = [0usize; MAX_JUMPS];
        let jumps = path.len().checked_sub(1)?;
        if jumps > MAX_JUMPS {
            return None;
        }
        for (i, w) in path.windows(2).enumerate() {
            dirs[i] = w[0].jump_direction_to(w[1])?;
        }
        Move::capture(path[0], &dirs[..jumps])
    }

    #[inline]
    fn point(self, shift: u32) -> Point {
        let index = ((self.0 >> shift) & POINT_MASK) as usize;
        Point::from_index(index).unwrap_or(FILLER)
    }

    #[inline]
    fn jumps(self) -> usize {
        ((self.0 >> JUMPS_SHIFT) & JUMPS_MASK) as usize
    }

    #[inline]
    fn direction(self, i: usize) -> usize {
        ((self.0 >> (DIRS_SHIFT + 3 * i as u32)) & 7) as usize
    }

    /// The point the moving piece starts from.
    #[inline]
    pub fn from(&self) -> Point {
        self.point(FROM_SHIFT)
    }

    /// The point the moving piece ends on.
    #[inline]
    pub fn to(&self) -> Point {
        self.point(TO_SHIFT)
    }

    /// The second point of the move: what a person types after the first.
    pub fn second(&self) -> Point {
        if self.is_capture() {
            self.from().landing(self.direction(0)).unwrap_or(FILLER)
        } else {
            self.to()
        }
    }

    /// Every point visited, start first.
    pub fn path(&self) -> Path {
        let mut path = Path::pair(self.from(), self.second());
        if !self.is_capture() {
            return path;
        }
        path.truncate(1);
        let mut here = self.from();
        for i in 0..self.jumps() {
            here = here.landing(self.direction(i)).unwrap_or(FILLER);
            path.push(here);
        }
        path
    }

    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.jumps() > 0
    }

    /// How many rebels the move captures.
    #[inline]
    pub fn capture_count(&self) -> usize {
        self.jumps()
    }

    /// The captured rebels, in the order they are jumped.
    pub fn captured(&self) -> impl Iterator<Item = Point> + '_ {
        let mut here = self.from();
        (0..self.jumps()).filter_map(move |i| {
            let d = self.direction(i);
            let over = here.neighbour(d)?;
            here = here.landing(d)?;
            Some(over)
        })
    }

    /// The captured rebels as a set.
    pub fn captured_set(&self) -> PointSet {
        self.captured().collect()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_notation(f, &self.path())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The legal moves of a position, without allocating.
pub type MoveList = arrayvec::ArrayVec<Move, 192>;

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn packed_moves_give_back_their_points() {
        let step = Move::step(p("Bc"), p("Cc"));
        assert_eq!(
            (step.from(), step.to(), step.second()),
            (p("Bc"), p("Cc"), p("Cc"))
        );
        assert!(!step.is_capture());
        assert_eq!(step.to_string(), "Bc-Cc");
        let path = [p("Bd"), p("Db"), p("Dd"), p("Df"), p("Bd")];
        let capture = Move::capture_path(&path).unwrap();
        assert_eq!(capture.path().as_slice(), path);
        assert_eq!(
            (capture.from(), capture.second(), capture.to()),
            (p("Bd"), p("Db"), p("Bd"))
        );
        assert_eq!(capture.capture_count(), 4);
        let captured: Vec<String> = capture.captured().map(|c| c.to_string()).collect();
        assert_eq!(captured, ["Cc", "Dc", "De", "Ce"]);
        assert_eq!(Move::capture_path(&[p("Bd"), p("Cd")]), None);
        assert_eq!(Move::capture_path(&[p("Bd")]), None);
    }
}
