//! `asalto`: the rules of Asalto as set by the 2018/19 programming
//! assignment, and the tools instructors use on students' game records.
//!
//! The rules engine has no I/O. Its layers, bottom up:
//!
//! - the vocabulary: [`Point`] (33 points, notation `Bc`), [`PointSet`],
//!   [`Side`], [`Board`], [`Position`], [`Move`], [`Outcome`];
//! - the rules: [`rules`] (geometry tables in the assignment's neighbour
//!   order) and [`Position`]'s move generator and end checks;
//! - text: [`record`] parses record files (syntax only), [`Position::resolve`]
//!   says why a written move is illegal ([`Reason`]), and [`replay`] turns a
//!   record into a [`Game`] with [`replay::Problem`]s;
//! - players: [`basic`] (the assignment's BASICO rebels, scoring moves by
//!   [`basic_score`]), [`random`] and
//!   [`player`] (every computer player by name), [`selfplay`] (games between
//!   them);
//! - the console program: [`console`] (its Spanish screens), [`session`]
//!   (its menu and game dialogue as a state machine) and [`transcript`] (a
//!   whole game played into it).
//! - [`grade`]: the one part that runs programs and touches files: it plays
//!   reference games into students' console programs and scores them.
//!
//! # Examples
//!
//! ```
//! use asalto::replay::{check, CheckOptions};
//!
//! let record = "Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\nBd-Db-Dd-Df-Bd\n";
//! let checked = check(record, CheckOptions::default());
//! assert!(checked.is_valid());
//! assert_eq!(checked.game.position().legal_moves().len(), 17);
//! ```

#![warn(missing_docs)]
// Every `unsafe` block is in `sys`, where it can be reviewed at once.
#![deny(unsafe_code)]

pub mod basic;
pub mod basic_score;
mod board;
pub mod compare;
pub mod console;
pub mod coverage;
pub mod diagnostics;
pub mod excerpt;
pub mod export;
pub mod grade;
pub mod html;
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
#[allow(unsafe_code)]
pub mod sys;
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
