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
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len.min(MAX_PATH) as u8);
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

/// A move of one side.
///
/// A capture keeps its whole path (`Bd-Db-Dd-Df-Bd`): under the assignment's
/// rules the path is fully determined by its first two points, but a saved
/// record writes all of it, and so does this type.
///
/// # Examples
///
/// ```
/// use asalto::{Move, Position};
///
/// let start = Position::start();
/// let moves: Vec<String> = start.legal_moves().iter().map(Move::to_string).collect();
/// assert_eq!(moves, ["Bc-Ac", "Bc-Bd", "Bc-Cc", "Be-Ae", "Be-Ce", "Be-Bd"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves to an empty neighbouring point.
    Step {
        /// Where the piece was.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// An officer jumps over one or more rebels, removing them.
    Capture(Path),
}

impl Move {
    /// The point the moving piece starts from.
    pub fn from(&self) -> Point {
        match self {
            Move::Step { from, .. } => *from,
            Move::Capture(path) => path[0],
        }
    }

    /// The point the moving piece ends on.
    pub fn to(&self) -> Point {
        match self {
            Move::Step { to, .. } => *to,
            Move::Capture(path) => path[path.len() - 1],
        }
    }

    /// The second point of the move: what a person types after the first.
    pub fn second(&self) -> Point {
        match self {
            Move::Step { to, .. } => *to,
            Move::Capture(path) => path[1],
        }
    }

    /// Every point visited, start first.
    pub fn path(&self) -> Path {
        match self {
            Move::Step { from, to } => Path::pair(*from, *to),
            Move::Capture(path) => *path,
        }
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        matches!(self, Move::Capture(_))
    }

    /// How many rebels the move captures.
    pub fn capture_count(&self) -> usize {
        match self {
            Move::Step { .. } => 0,
            Move::Capture(path) => path.len() - 1,
        }
    }

    /// The captured rebels, in the order they are jumped.
    pub fn captured(&self) -> impl Iterator<Item = Point> + '_ {
        let path: &[Point] = match self {
            Move::Step { .. } => &[],
            Move::Capture(path) => path,
        };
        path.windows(2).filter_map(|w| jumped_point(w[0], w[1]))
    }

    /// The captured rebels as a set.
    pub fn captured_set(&self) -> PointSet {
        self.captured().collect()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Capture(path) => write_notation(f, path),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The legal moves of a position, without allocating.
pub type MoveList = arrayvec::ArrayVec<Move, 192>;
