//! `asalto_core`: what every game of the asalto toolkit shares, written
//! once. No I/O; builds on any platform.
//!
//! - places in text: [`Span`] (a byte range), [`line_column`] and
//!   [`LineIndex`] (lines and columns as editors count them);
//! - problems as typed values until they are shown: [`Problem`]`<K>` with
//!   a [`Severity`], a span, a move number and a kind that implements
//!   [`ProblemKind`] (stable code, message, label, help); renderers read any
//!   problem through [`Diagnostic`];
//! - the [`Game`] trait (position, move, written move, illegal-move reason,
//!   outcome, rule profile name) and what is written against it:
//!   [`replay`] (streaming replay of written moves, stopping at the first
//!   illegal one), [`first_difference`], [`Played`] (a game as played:
//!   its start and legal moves), the [`json`] heads of every document
//!   (`"format"`, `"version"`, `"game"`, `"rules"`: a [`json::Kind`]
//!   of document) and the envelope of game documents (`asalto-game`);
//! - [`coverage`]: which rule situations a reference set reaches (each
//!   game names its situations; the report is shared);
//! - [`GameKind`]: the run-time choice of a game (by name, extension or
//!   content);
//! - [`text`]: foreign text made safe to print and bounded in size;
//!   [`excerpt`]: the lines of a record a report quotes, kept small and
//!   safe to print;
//! - macros: [`codes!`] (enums of stable codes) and [`bitset!`] (a set of a
//!   board's squares as one word).
//!
//! A game crate (`asalto-madbishops`, `asalto-solitaire`, `asalto-go`, and
//! Asalto itself) implements [`Game`] on a unit type and [`ProblemKind`] on
//! its reasons; see `ARCHITECTURE.md` at the root of the repository.
//!
//! # Examples
//!
//! ```
//! use asalto_core::{Problem, ProblemKind, Span, line_column};
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct OffBoard;
//!
//! impl ProblemKind for OffBoard {
//!     fn code(&self) -> &'static str { "off-board" }
//!     fn message(&self) -> String { "`Hh` is not a point".into() }
//!     fn label(&self) -> String { "off the board".into() }
//! }
//!
//! let source = "Bc-Cc\nHh-Cd\n";
//! let problem = Problem::error(OffBoard, Span::new(6, 8)).at_ply(2);
//! assert_eq!(line_column(source, problem.span.start), (2, 1));
//! assert_eq!(problem.code(), "off-board");
//! ```

#![warn(missing_docs)]
// An engine crate: plain safe Rust, on any platform.
#![forbid(unsafe_code)]

mod bitset;
pub mod capped;
mod codes;
pub mod console;
pub mod coverage;
pub mod excerpt;
mod game;
pub mod json;
mod kind;
mod played;
mod problem;
pub mod replay;
mod seed;
mod span;
pub mod svg;
pub mod text;

pub use console::Console;
pub use game::Game;
pub use kind::{GameKind, UnknownGame};
pub use played::{Ended, Played, PlayedPly, Ply};
pub use problem::{Diagnostic, Problem, ProblemKind, Severity, any_error, headline};
pub use replay::{CheckedPly, IllegalPly, Replay, first_difference};
pub use seed::game_seed;
pub use span::{LineIndex, Span, line_column};

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
