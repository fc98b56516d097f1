//! `asalto_madbishops`: Mad Bishops (Mark Steere, 2010) as the toolkit
//! reads it: the rules of both profiles, records, checks, drawings, players
//! and the console game of the 2018/19 course report.
//!
//! The crate has no I/O and builds on any platform. Its layers, bottom up:
//!
//! - the vocabulary: [`Square`] (the 50 dark squares), [`SquareSet`] (one
//!   `u64`), [`Side`], [`Board`], [`Profile`], [`Move`], [`Position`],
//!   [`Outcome`];
//! - the rules: [`geometry`] (diagonal rays as const tables) and
//!   [`Position`]'s move generator and end checks;
//! - text: [`notation`] reads one move (syntax only), [`record`] a file of
//!   them, [`Position::resolve`] says why a written move is illegal, and
//!   [`replay`] turns a record into a [`Game`] with typed
//!   [`Problem`]s whose words live in [`problem`];
//! - formats: the position string ([`Position::position_string`]), the
//!   report's list of lists ([`prolog`]), JSON-ready data ([`json`]);
//! - drawings: [`render`] (the report's console grid, a text board with
//!   coordinates, SVG);
//! - players: [`player`] (random, greedy, search), [`selfplay`];
//! - the console game: [`console`] (its screens) and [`session`] (its
//!   side of the dialogue every console game shares, `asalto_core`'s
//!   `Session`).
//!
//! What every game shares (spans, [`Severity`], the streaming replay, the
//! JSON envelope) comes from `asalto_core`; [`MadBishops`] is this game's
//! [`asalto_core::Game`] impl.
//!
//! # Examples
//!
//! ```
//! use asalto_madbishops::replay::{check, CheckOptions};
//!
//! let checked = check("b10xa9\nc9xd10\nb8xd10\n", &CheckOptions::default());
//! assert!(checked.is_valid());
//! assert_eq!(checked.game.plies.len(), 3);
//! ```

#![warn(missing_docs)]
// An engine crate: plain safe Rust, on any platform.
#![forbid(unsafe_code)]

mod board;
pub mod console;
pub mod geometry;
pub mod json;
mod legality;
mod moves;
pub mod notation;
pub mod player;
mod position;
mod position_string;
pub mod problem;
mod profile;
pub mod prolog;
pub mod random;
pub mod record;
pub mod render;
pub mod replay;
mod rules;
pub mod search;
pub mod selfplay;
pub mod session;
mod side;
mod square;
mod squareset;

pub use board::{Board, BoardError};
pub use legality::{IllegalMove, IllegalMoveKind, Part};
pub use moves::{Mark, Move, Notation, join};
pub use position::{Outcome, OutcomeReason, PlayError, Position};
pub use position_string::PositionStringError;
pub use problem::{Problem, ProblemKind, Reason, Severity};
pub use profile::Profile;
pub use record::Record;
pub use replay::{CheckOptions, Checked, Game, GameOutcome, Kept, LineCheck, Ply, Tally};
pub use rules::MadBishops;
pub use side::{BySide, Side};
pub use square::{AlgebraicError, Square, SquareError};
pub use squareset::SquareSet;

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
