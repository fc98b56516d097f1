//! The six kinds of piece, their letters and the challenge's numbers.

use std::fmt;

/// A kind of piece. All pieces are of one colour: any piece may capture any
/// other.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::Piece;
///
/// assert_eq!(Piece::from_letter('N'), Some(Piece::Knight));
/// assert_eq!(Piece::from_letter('n'), None); // only upper case is a piece
/// assert_eq!(Piece::Pawn.number(), 6);
/// assert_eq!(Piece::from_number(2), Some(Piece::Queen));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Piece {
    /// `K`, number 1.
    King = 0,
    /// `Q`, number 2.
    Queen = 1,
    /// `R`, number 3.
    Rook = 2,
    /// `B`, number 4.
    Bishop = 3,
    /// `N`, number 5.
    Knight = 4,
    /// `P`, number 6.
    Pawn = 5,
}

impl Piece {
    /// Every kind, in the challenge's number order (K Q R B N P).
    pub const ALL: [Piece; 6] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
        Piece::Pawn,
    ];

    /// The index of the kind, `0..6` (K is 0, P is 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index, `0..6`.
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index < 6 {
            Some(Piece::ALL[index])
        } else {
            None
        }
    }

    /// The upper-case letter: `K Q R B N P`.
    pub const fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
            Piece::Pawn => 'P',
        }
    }

    /// The kind with this letter; only the six upper-case letters are
    /// pieces (the challenge reads every other character as an empty
    /// square).
    pub const fn from_letter(c: char) -> Option<Piece> {
        match c {
            'K' => Some(Piece::King),
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            'P' => Some(Piece::Pawn),
            _ => None,
        }
    }

    /// The challenge's number: 1 = K, 2 = Q, 3 = R, 4 = B, 5 = N, 6 = P
    /// (0 is an empty square).
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The kind with the challenge's number `1..=6`.
    pub const fn from_number(n: i64) -> Option<Piece> {
        if 1 <= n && n <= 6 {
            Some(Piece::ALL[(n - 1) as usize])
        } else {
            None
        }
    }

    /// The English name, lower case: `king`, `queen`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Knight => "knight",
            Piece::Pawn => "pawn",
        }
    }

    /// Whether the piece slides along lines (queen, rook, bishop), so other
    /// pieces can block it.
    pub const fn slides(self) -> bool {
        matches!(self, Piece::Queen | Piece::Rook | Piece::Bishop)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A piece serializes as its letter (`"N"`).
impl serde::Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// How many pieces of each kind: a piece set to draw puzzles from.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{Piece, PieceCounts};
///
/// let set = PieceCounts::COMMERCIAL;
/// assert_eq!(set.total(), 10);
/// assert_eq!(set.count(Piece::Rook), 2);
/// assert_eq!(set.to_string(), "KQRRBBNNPP");
/// assert_eq!("KQRRBBNNPP".parse::<PieceCounts>(), Ok(set));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PieceCounts(pub [u8; 6]);

impl PieceCounts {
    /// The set of the commercial puzzle: 1 K, 1 Q, 2 R, 2 B, 2 N, 2 P.
    pub const COMMERCIAL: PieceCounts = PieceCounts([1, 1, 2, 2, 2, 2]);

    /// How many of `piece`.
    pub const fn count(self, piece: Piece) -> u8 {
        self.0[piece.index()]
    }

    /// How many pieces in all.
    pub fn total(self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// Every piece of the set, one entry per piece, in K Q R B N P order.
    pub fn pieces(self) -> Vec<Piece> {
        Piece::ALL
            .iter()
            .flat_map(|&p| std::iter::repeat_n(p, usize::from(self.count(p))))
            .collect()
    }
}

impl fmt::Display for PieceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in self.pieces() {
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Why a piece-set string such as `KQRRBBNNPP` is not one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceCountsError {
    /// The character that is not a piece letter.
    pub found: char,
    /// Its byte offset.
    pub at: usize,
}

impl fmt::Display for PieceCountsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` at {} is not a piece letter; a set is written with K Q R B N P, like `KQRRBBNNPP`",
            self.found.escape_debug(),
            self.at + 1
        )
    }
}

impl std::error::Error for PieceCountsError {}

impl std::str::FromStr for PieceCounts {
    type Err = PieceCountsError;

    /// Letters `K Q R B N P`, one per piece, in any order; 255 of a kind at
    /// most.
    fn from_str(s: &str) -> Result<PieceCounts, PieceCountsError> {
        let mut counts = [0u8; 6];
        for (at, c) in s.char_indices() {
            let piece = Piece::from_letter(c).ok_or(PieceCountsError { found: c, at })?;
            let n = &mut counts[piece.index()];
            *n = n.saturating_add(1);
        }
        Ok(PieceCounts(counts))
    }
}
