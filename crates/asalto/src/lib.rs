//! `asalto_asalto`: Asalto, the game of the 2018/19 programming
//! assignment, as the toolkit reads it: the rules, records, checks,
//! drawings, the game document, players and the assignment's console
//! program.
//!
//! The crate has no I/O and builds on any platform: everything it produces
//! is a value or a string (the game document is written to and read from
//! whatever `std::io` writer or reader the caller hands it). Its layers,
//! bottom up:
//!
//! - the vocabulary: [`Point`] (33 points, notation `Bc`), [`PointSet`],
//!   [`Side`], [`Board`], [`Position`], [`Move`], [`Outcome`];
//! - the rules: [`geometry`] (tables in the assignment's neighbour order),
//!   [`Position`]'s move generator and end checks, and [`rules`] (the rule
//!   profile, and [`Asalto`], the shared machinery's view);
//! - text: [`record`] parses record files (syntax only), [`Position::resolve`]
//!   says why a written move is illegal ([`Reason`]), and [`replay`] turns a
//!   record into a [`Game`] with [`replay::Problem`]s; [`compare`] finds
//!   where two records part;
//! - formats: the position string ([`Position::position_string`]), the
//!   JSON shapes ([`json`]), the game document ([`export`]), drawings
//!   ([`render`]: text, colour, SVG);
//! - players: [`basic`] (the assignment's BASICO rebels, scoring moves by
//!   [`basic_score`]), [`random`] and
//!   [`player`] (every computer player by name), [`selfplay`] (games between
//!   them), [`coverage`] and [`probe`] (the rule situations a set of games
//!   reaches, and the illegal move typed in each);
//! - the console program: [`console`] (its Spanish screens), [`session`]
//!   (its menu and game dialogue as a state machine) and [`transcript`] (a
//!   whole game played into it).
//!
//! What every game shares (spans, [`Severity`](replay::Severity), the
//! streaming replay, the JSON head, safe text) comes from `asalto_core`;
//! [`Asalto`] is this game's [`asalto_core::Game`] impl.
//!
//! # Examples
//!
//! ```
//! use asalto_asalto::replay::{check, CheckOptions};
//!
//! let record = "Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\nBd-Db-Dd-Df-Bd\n";
//! let checked = check(record, CheckOptions::default());
//! assert!(checked.is_valid());
//! assert_eq!(checked.game.position().legal_moves().len(), 17);
//! ```

#![warn(missing_docs)]
// An engine crate: plain safe Rust, on any platform.
#![forbid(unsafe_code)]

pub mod basic;
pub mod basic_score;
mod board;
pub mod compare;
pub mod console;
pub mod coverage;
pub mod export;
pub mod geometry;
pub mod json;
mod legality;
mod moves;
pub mod player;
mod point;
mod pointset;
mod position;
mod position_string;
pub mod probe;
pub mod random;
pub mod record;
pub mod render;
pub mod replay;
pub mod rules;
pub mod selfplay;
pub mod session;
mod side;
pub mod text;
pub mod transcript;

pub use board::{Board, BoardError};
pub use legality::{Disconnection, IllegalMove, IllegalMoveKind, Reason, join};
pub use moves::{MAX_JUMPS, MAX_PATH, Move, MoveList, Path, jumped_point};
pub use point::{Point, PointError};
pub use pointset::PointSet;
pub use position::{Outcome, OutcomeReason, PlayError, Position};
pub use position_string::PositionStringError;
pub use record::Record;
pub use replay::{CheckOptions, Checked, Game, GameOutcome, Ply};
pub use rules::{Asalto, Rules};
pub use side::{BySide, Side};

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
