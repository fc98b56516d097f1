//! A puzzle position: which piece stands on which square.

use std::fmt;

use crate::attacks;
use crate::{Piece, Profile, Square, SquareSet};

/// One capture: the piece on `from` takes the piece on `to` and stands on
/// `to`. Every move of the puzzle is one.
///
/// Displayed as `b1xc3`; the challenge writes it `[[1,0],[2,2]]`
/// ([`Capture::xy`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, serde::Serialize)]
pub struct Capture {
    /// Where the capturing piece stands.
    pub from: Square,
    /// Where the captured piece stands (and the capturing piece ends).
    pub to: Square,
}

impl Capture {
    /// The capture from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Capture {
        Capture { from, to }
    }

    /// The challenge's coordinates `[[x, y], [x, y]]`, `[0, 0]` bottom-left.
    pub const fn xy(self) -> [[i32; 2]; 2] {
        [[self.from.x(), self.from.y()], [self.to.x(), self.to.y()]]
    }
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.from, self.to)
    }
}

/// A position: up to 16 pieces on the 4×4 board, one set of squares per kind
/// of piece (12 bytes, `Copy`).
///
/// The pieces have no colour and no identity: two rooks are
/// interchangeable, so the same position is reached by different orders of
/// captures (which the solver's table exploits).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{Capture, Piece, Position, Profile};
///
/// let pos: Position = ".....B..RP.....N".parse()?;
/// assert_eq!(pos.len(), 4);
/// assert_eq!(pos.piece_at("d1".parse()?), Some(Piece::Knight));
/// let captures: Vec<String> = pos.captures(Profile::Codegolf).map(|c| c.to_string()).collect();
/// assert_eq!(captures, ["d1xb2", "a2xb2", "b3xd1", "b3xa2"]);
/// let after = pos.play(Capture::new("d1".parse()?, "b2".parse()?), Profile::Codegolf)?;
/// assert_eq!(after.to_string(), ".....B..RN......");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    by_piece: [SquareSet; 6],
}

impl Position {
    /// The empty board.
    pub const EMPTY: Position = Position {
        by_piece: [SquareSet::EMPTY; 6],
    };

    /// This position with `piece` on `sq` (replacing what stood there).
    #[must_use]
    pub fn with(mut self, sq: Square, piece: Piece) -> Position {
        self = self.without(sq);
        self.by_piece[piece.index()].0 |= SquareSet::single(sq).0;
        self
    }

    /// This position with `sq` emptied.
    #[must_use]
    pub fn without(mut self, sq: Square) -> Position {
        for set in &mut self.by_piece {
            *set = set.without(sq);
        }
        self
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|p| self.by_piece[p.index()].contains(sq))
    }

    /// The squares holding `piece`.
    pub const fn squares_of(&self, piece: Piece) -> SquareSet {
        self.by_piece[piece.index()]
    }

    /// The occupied squares.
    pub const fn occupied(&self) -> SquareSet {
        let b = &self.by_piece;
        SquareSet(b[0].0 | b[1].0 | b[2].0 | b[3].0 | b[4].0 | b[5].0)
    }

    /// The number of pieces.
    pub const fn len(&self) -> usize {
        self.occupied().len()
    }

    /// Whether the board is empty.
    pub const fn is_empty(&self) -> bool {
        self.occupied().is_empty()
    }

    /// Whether the puzzle is solved: exactly one piece is left.
    pub const fn is_solved(&self) -> bool {
        self.len() == 1
    }

    /// The pieces with their squares, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// How many pieces of each kind stand on the board.
    pub fn counts(&self) -> crate::PieceCounts {
        let mut counts = [0u8; 6];
        for (n, set) in counts.iter_mut().zip(self.by_piece) {
            *n = set.len() as u8;
        }
        crate::PieceCounts(counts)
    }

    /// The squares the piece on `from` can capture on (empty if `from` is
    /// empty).
    pub fn targets(&self, from: Square, profile: Profile) -> SquareSet {
        match self.piece_at(from) {
            Some(piece) => attacks::targets(piece, from, self.occupied(), profile),
            None => SquareSet::EMPTY,
        }
    }

    /// Every legal capture, in canonical order: by the capturing piece's
    /// square, then by the captured piece's square (`a1` first).
    pub fn captures(&self, profile: Profile) -> impl Iterator<Item = Capture> + '_ {
        let occupied = self.occupied();
        occupied.into_iter().flat_map(move |from| {
            self.targets(from, profile)
                .into_iter()
                .map(move |to| Capture::new(from, to))
        })
    }

    /// The number of legal captures.
    pub fn capture_count(&self, profile: Profile) -> usize {
        let occupied = self.occupied();
        Piece::ALL
            .iter()
            .map(|&p| {
                self.by_piece[p.index()]
                    .into_iter()
                    .map(|from| attacks::targets(p, from, occupied, profile).len())
                    .sum::<usize>()
            })
            .sum()
    }

    /// Whether any capture is legal.
    pub fn has_capture(&self, profile: Profile) -> bool {
        let occupied = self.occupied();
        Piece::ALL.iter().any(|&p| {
            self.by_piece[p.index()]
                .into_iter()
                .any(|from| !attacks::targets(p, from, occupied, profile).is_empty())
        })
    }

    /// Play `capture` after checking it.
    ///
    /// # Errors
    ///
    /// Why the capture is not legal here ([`IllegalCapture`](crate::IllegalCapture)).
    pub fn play(
        &self,
        capture: Capture,
        profile: Profile,
    ) -> Result<Position, crate::IllegalCapture> {
        self.check(capture, profile)?;
        Ok(self.play_unchecked(capture))
    }

    /// Play `capture` without checking it: the fast path of the solver.
    ///
    /// Contract: `capture.from` holds a piece. The result is then the board
    /// with that piece moved to `capture.to` and whatever stood there
    /// removed, legal or not.
    #[inline]
    #[must_use]
    pub fn play_unchecked(&self, capture: Capture) -> Position {
        let from = SquareSet::single(capture.from).0;
        let to = SquareSet::single(capture.to).0;
        let mut next = *self;
        let mut moved = None;
        for (i, set) in next.by_piece.iter_mut().enumerate() {
            if set.0 & from != 0 {
                moved = Some(i);
            }
            set.0 &= !(from | to);
        }
        if let Some(i) = moved {
            next.by_piece[i].0 |= to;
        }
        next
    }

    /// The same move as [`Position::play_unchecked`] for a capture by a
    /// piece of kind `piece` (the solver knows it already).
    #[inline(always)]
    pub(crate) fn play_kind(&self, piece: usize, from: u16, to: u16) -> Position {
        let mut next = *self;
        for set in &mut next.by_piece {
            set.0 &= !to;
        }
        next.by_piece[piece].0 ^= from | to;
        next
    }

    /// The raw per-kind sets, K Q R B N P.
    pub(crate) const fn sets(&self) -> &[SquareSet; 6] {
        &self.by_piece
    }

    /// The position as a 48-bit number, 3 bits per square (0 empty, 1..6
    /// the challenge's piece numbers): a compact, unique key for tables and
    /// files.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::Position;
    ///
    /// let pos: Position = "...N.....R....B.".parse()?;
    /// assert_eq!(Position::from_key(pos.key()), Some(pos));
    /// # Ok::<(), asalto_solitaire::format::ParseError>(())
    /// ```
    #[inline]
    pub const fn key(&self) -> u64 {
        let b = &self.by_piece;
        // Bit planes of the piece number n = index + 1: K 1, Q 2, R 3, B 4, N 5, P 6.
        let plane0 = b[0].0 | b[2].0 | b[4].0;
        let plane1 = b[1].0 | b[2].0 | b[5].0;
        let plane2 = b[3].0 | b[4].0 | b[5].0;
        plane0 as u64 | (plane1 as u64) << 16 | (plane2 as u64) << 32
    }

    /// The position of a [`Position::key`]; `None` if a square holds the
    /// number 7 or bits past the 48th are set.
    pub fn from_key(key: u64) -> Option<Position> {
        if key >> 48 != 0 {
            return None;
        }
        let mut pos = Position::EMPTY;
        for sq in Square::all() {
            let bit = |plane: u32| (key >> (16 * plane + sq.index() as u32)) & 1;
            let n = bit(0) | bit(1) << 1 | bit(2) << 2;
            match n {
                0 => {}
                n => pos = pos.with(sq, Piece::from_number(n as i64)?),
            }
        }
        Some(pos)
    }

    /// The 16-character string of the challenge, top row first, `.` for an
    /// empty square: `.....B..RP.....N`.
    pub fn board_string(&self) -> String {
        (0..Square::COUNT)
            .filter_map(Square::from_string_index)
            .map(|sq| self.piece_at(sq).map_or('.', Piece::letter))
            .collect()
    }
}

impl fmt::Display for Position {
    /// The 16-character string ([`Position::board_string`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_string())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.board_string())
    }
}

/// A position serializes as its 16-character string.
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl std::str::FromStr for Position {
    type Err = crate::format::ParseError;

    /// Any input form of the challenge ([`crate::format::parse_puzzle`]),
    /// without the check that at least two pieces stand on the board.
    fn from_str(s: &str) -> Result<Position, Self::Err> {
        crate::format::parse_board(s)
    }
}
