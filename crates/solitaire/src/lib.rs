//! `asalto_solitaire`: Solitaire Chess puzzles — the rules under both pawn
//! profiles, an exact solver and solution counter, a checker that names the
//! first wrong capture of an answer, every text form of the programming
//! challenge plus a record format, a generator of puzzles with exactly one
//! solution, and drawings. No I/O: it builds on any platform.
//!
//! The layers, bottom up:
//!
//! - vocabulary: [`Square`] (16, `a1` bottom-left), [`SquareSet`] (`u16`),
//!   [`Piece`], [`Profile`] (`codegolf`, `thinkfun`), [`Position`] (one
//!   `SquareSet` per kind), [`Capture`];
//! - rules: [`attacks`] (constant tables), [`Position::captures`],
//!   [`Position::check`] and [`Position::resolve`] ([`IllegalCapture`],
//!   [`ResolveError`]);
//! - search: [`Solver`] (one solution, all, counts, with a transposition
//!   table), [`difficulty`], [`generate`], [`coverage`] (which rule
//!   situations a set of puzzles reaches, and a set that reaches them all);
//! - text: [`format`](mod@format) (read every form with spans, write every form),
//!   [`check`] (an answer's verdict), [`problem`] (reason codes and every
//!   message), [`render`] (ASCII and SVG boards), [`json`] (serializable
//!   reports).
//!
//! # Examples
//!
//! ```
//! use asalto_solitaire::{check, format, Profile, Solver};
//!
//! let record = format::parse_record(".....B..RP.....N\n[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]\n")?;
//! let checked = check::check_record(&record, &mut Solver::new(record.profile_or(Profile::Codegolf)));
//! assert!(checked.is_correct());
//!
//! let mut solver = Solver::new(Profile::Thinkfun);
//! assert_eq!(solver.count(&record.puzzle.position), 1);
//! # Ok::<(), format::ParseError>(())
//! ```

#![warn(missing_docs)]
// An engine crate: plain safe Rust, on any platform.
#![forbid(unsafe_code)]

pub mod attacks;
pub mod check;
pub mod coverage;
pub mod difficulty;
pub mod format;
pub mod generate;
pub mod json;
mod legality;
mod piece;
mod position;
pub mod problem;
mod profile;
pub mod render;
mod solve;
pub mod span;
mod square;
mod squareset;
mod table;

pub use check::{Checked, Verdict};
pub use legality::{IllegalCapture, Part, ResolveError, Written};
pub use piece::{Piece, PieceCounts, PieceCountsError};
pub use position::{Capture, Position};
pub use problem::{PiecesLeftHint, Problem, ProblemKind, Reason};
pub use profile::Profile;
pub use solve::{Branch, Interrupted, Progress, Solver, boards_after};
pub use square::{Square, SquareError};
pub use squareset::SquareSet;

/// The game's name in JSON documents (`"game": "solitaire"`).
pub const GAME: &str = asalto_core::GameKind::Solitaire.name();

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
