//! Why a capture is or is not legal: typed reasons for every way a capture,
//! or a capture written in notation, can fail.
//!
//! These are engine values; the words shown to people are written in one
//! place, [`crate::problem`].

use crate::attacks;
use crate::{Capture, Piece, Position, Profile, Square};

/// Why a capture from one square to another is not legal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum IllegalCapture {
    /// Only one piece is left: the puzzle is solved and nothing can move.
    Solved {
        /// Where the last piece stands.
        at: Square,
    },
    /// The capturing square is empty.
    NoPiece {
        /// The empty square.
        at: Square,
    },
    /// The capture starts and ends on the same square.
    SameSquare {
        /// The square.
        at: Square,
    },
    /// The target square is empty: every move must capture.
    NotACapture {
        /// The piece that moves.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The empty square.
        to: Square,
    },
    /// The piece does not move that way.
    CannotReach {
        /// The piece that moves.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
        /// Under the other profile this capture is a pawn's legal one (the
        /// two profiles differ only in the pawn's directions).
        other_profile_allows: bool,
    },
    /// A sliding piece's line to the target is blocked.
    Blocked {
        /// The piece that moves.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
        /// The first piece in the way.
        by: Square,
    },
}

impl Position {
    /// Check a capture, saying why it is illegal.
    ///
    /// The checks run in this order, so the first one that fails is the
    /// reason: only one piece left, empty start, same square, empty target,
    /// the piece's pattern, a piece in the way.
    ///
    /// # Errors
    ///
    /// The reason the capture is not legal.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::{Capture, IllegalCapture, Position, Profile};
    ///
    /// let pos: Position = "...N.....R....B.".parse()?;
    /// let sq = |s: &str| s.parse().unwrap();
    /// // The rook on b2 and the bishop on c1 are not on a line.
    /// let err = pos.check(Capture::new(sq("b2"), sq("c1")), Profile::Codegolf).unwrap_err();
    /// assert!(matches!(err, IllegalCapture::CannotReach { .. }));
    /// # Ok::<(), asalto_solitaire::format::ParseError>(())
    /// ```
    pub fn check(&self, capture: Capture, profile: Profile) -> Result<(), IllegalCapture> {
        let Capture { from, to } = capture;
        let occupied = self.occupied();
        if occupied.len() == 1 {
            if let Some(at) = occupied.first() {
                return Err(IllegalCapture::Solved { at });
            }
        }
        let piece = self
            .piece_at(from)
            .ok_or(IllegalCapture::NoPiece { at: from })?;
        if from == to {
            return Err(IllegalCapture::SameSquare { at: from });
        }
        if !occupied.contains(to) {
            return Err(IllegalCapture::NotACapture { piece, from, to });
        }
        if !attacks::pattern(piece, from, profile).contains(to) {
            let other_profile_allows = attacks::pattern(piece, from, profile.other()).contains(to);
            return Err(IllegalCapture::CannotReach {
                piece,
                from,
                to,
                other_profile_allows,
            });
        }
        let in_way = attacks::between(from, to) & occupied;
        // Only sliders have squares between them and a pattern square.
        let nearest = if from < to {
            in_way.first()
        } else {
            in_way.last()
        };
        match nearest {
            Some(by) => Err(IllegalCapture::Blocked {
                piece,
                from,
                to,
                by,
            }),
            None => Ok(()),
        }
    }
}

/// A capture as written in notation, before it is matched against a
/// position: any part but the target may be missing (`RxBb4` has no start
/// square, `b1xc3` no pieces).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Written {
    /// The capturing piece's letter, if written.
    pub piece: Option<Piece>,
    /// The start square, if written.
    pub from: Option<Square>,
    /// The captured piece's letter, if written.
    pub captured: Option<Piece>,
    /// The target square (always written).
    pub to: Square,
}

impl Written {
    /// A capture on `to` with nothing else written (`xc3`).
    pub const fn onto(to: Square) -> Written {
        Written {
            piece: None,
            from: None,
            captured: None,
            to,
        }
    }

    /// The capture `from`x`to`, as the challenge's coordinates write it.
    pub const fn squares(from: Square, to: Square) -> Written {
        Written {
            piece: None,
            from: Some(from),
            captured: None,
            to,
        }
    }
}

/// The part of a written capture a problem is about, so a diagnostic can
/// underline it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The capturing piece's letter.
    Piece,
    /// The start square.
    From,
    /// The captured piece's letter.
    Captured,
    /// The target square.
    To,
    /// The whole capture.
    Whole,
}

/// Why a written capture does not name one legal capture.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ResolveError {
    /// The capture it names is illegal.
    Illegal(IllegalCapture),
    /// A letter names a piece that is not the one on its square.
    WrongPiece {
        /// The square.
        at: Square,
        /// The letter written.
        written: Piece,
        /// What stands there.
        found: Piece,
        /// Whether the letter is the captured piece's (else the capturing
        /// piece's).
        captured: bool,
    },
    /// No start square is written and the target is empty: every move must
    /// capture.
    EmptyTarget {
        /// The empty square.
        to: Square,
    },
    /// The written kind of capturing piece is not on the board at all.
    NoSuchPiece {
        /// The kind written.
        piece: Piece,
    },
    /// No piece (of the written kind) can capture on the target.
    NoCapturer {
        /// The kind written, if any.
        piece: Option<Piece>,
        /// The target.
        to: Square,
    },
    /// Several legal captures fit what is written.
    Ambiguous {
        /// All of them, in canonical order.
        candidates: Vec<Capture>,
    },
}

impl ResolveError {
    /// The part of the written capture the error is about.
    pub fn part(&self) -> Part {
        match self {
            ResolveError::Illegal(e) => match e {
                IllegalCapture::Solved { .. } | IllegalCapture::SameSquare { .. } => Part::Whole,
                IllegalCapture::NoPiece { .. } => Part::From,
                IllegalCapture::NotACapture { .. } => Part::To,
                IllegalCapture::CannotReach { .. } | IllegalCapture::Blocked { .. } => Part::Whole,
            },
            ResolveError::WrongPiece { captured: true, .. } => Part::Captured,
            ResolveError::WrongPiece {
                captured: false, ..
            } => Part::Piece,
            ResolveError::EmptyTarget { .. } => Part::To,
            ResolveError::NoSuchPiece { .. } => Part::Piece,
            ResolveError::NoCapturer { .. } => Part::To,
            ResolveError::Ambiguous { .. } => Part::Whole,
        }
    }
}

impl From<IllegalCapture> for ResolveError {
    fn from(e: IllegalCapture) -> ResolveError {
        ResolveError::Illegal(e)
    }
}

impl Position {
    /// The one legal capture that `written` names.
    ///
    /// With a start square, the capture is checked as [`Position::check`]
    /// does, and the letters must match the pieces on their squares. Without
    /// one (`RxBb4`, `Nc3`), it must be the only legal capture onto the
    /// target by a piece of the written kind.
    ///
    /// # Errors
    ///
    /// Why `written` does not name exactly one legal capture.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::{Position, Profile, Written, ResolveError};
    ///
    /// let pos: Position = ".....B..RP.....N".parse()?;
    /// let w = Written { piece: Some(asalto_solitaire::Piece::Knight), ..Written::onto("b2".parse()?) };
    /// assert_eq!(pos.resolve(&w, Profile::Codegolf)?.to_string(), "d1xb2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, written: &Written, profile: Profile) -> Result<Capture, ResolveError> {
        let occupied = self.occupied();
        let to = written.to;
        if let Some(from) = written.from {
            return self.resolve_from(written, from, to, profile);
        }
        if occupied.len() == 1 {
            if let Some(at) = occupied.first() {
                return Err(IllegalCapture::Solved { at }.into());
            }
        }
        let captured = self.piece_at(to);
        let Some(found) = captured else {
            return Err(ResolveError::EmptyTarget { to });
        };
        if let Some(written_captured) = written.captured {
            if written_captured != found {
                return Err(ResolveError::WrongPiece {
                    at: to,
                    written: written_captured,
                    found,
                    captured: true,
                });
            }
        }
        if let Some(piece) = written.piece {
            if self.squares_of(piece).without(to).is_empty() {
                return Err(ResolveError::NoSuchPiece { piece });
            }
        }
        let candidates: Vec<Capture> = self
            .captures(profile)
            .filter(|c| c.to == to)
            .filter(|c| written.piece.is_none() || self.piece_at(c.from) == written.piece)
            .collect();
        match candidates.as_slice() {
            [one] => Ok(*one),
            [] => Err(ResolveError::NoCapturer {
                piece: written.piece,
                to,
            }),
            _ => Err(ResolveError::Ambiguous { candidates }),
        }
    }

    fn resolve_from(
        &self,
        written: &Written,
        from: Square,
        to: Square,
        profile: Profile,
    ) -> Result<Capture, ResolveError> {
        let capture = Capture::new(from, to);
        // Solved and empty-start come first, as in `check`.
        if let Err(e @ (IllegalCapture::Solved { .. } | IllegalCapture::NoPiece { .. })) =
            self.check(capture, profile)
        {
            return Err(e.into());
        }
        for (letter, square, captured) in
            [(written.piece, from, false), (written.captured, to, true)]
        {
            if let (Some(written), Some(found)) = (letter, self.piece_at(square)) {
                if written != found {
                    return Err(ResolveError::WrongPiece {
                        at: square,
                        written,
                        found,
                        captured,
                    });
                }
            }
        }
        self.check(capture, profile)?;
        Ok(capture)
    }
}
