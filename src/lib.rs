//! `asalto`: the application of the toolkit, on the four game crates
//! (`asalto_asalto`, `asalto_go`, `asalto_madbishops`,
//! `asalto_solitaire`) and `asalto_core`: what renders, reads files, runs
//! programs and writes pages. The rules and formats of each game live in its
//! crate; a library user depends on one game crate and `asalto_core`.
//!
//! - [`diagnostics`]: every game's problems rendered with [`miette`]
//!   (file:line:column, the line quoted, the label under it, help);
//! - [`html`]: the pages of `check --format html`, `export --to html` and
//!   `grade`;
//! - [`grade`]: the one part that runs programs and touches files: it plays
//!   reference games into students' console programs and scores them;
//! - [`sys`]: every `unsafe` system call of the library and the binary.
//!
//! Asalto's engine modules are re-exported under their old names
//! (`asalto::replay`, `asalto::Position`, ...), so that the command line
//! and the grader name them as one crate.
//!
//! # Examples
//!
//! ```
//! use asalto::diagnostics::FileReport;
//! use asalto::replay::{check, CheckOptions};
//!
//! let checked = check("Bc-Cc\nBc-Cd\n", CheckOptions::default());
//! let report = FileReport::new("game.txt", &checked).render(false);
//! assert!(report.contains("asalto::no-piece"));
//! ```

#![warn(missing_docs)]
// Every `unsafe` block is in `sys`, where it can be reviewed at once.
#![deny(unsafe_code)]

pub mod diagnostics;
pub mod grade;
pub mod html;
#[allow(unsafe_code)]
pub mod sys;

/// The lines of a file a report quotes: `asalto_core`'s.
pub use asalto_core::excerpt;

pub use asalto_asalto::{
    Asalto, Board, BoardError, BySide, CheckOptions, Checked, Disconnection, Game, GameOutcome,
    IllegalMove, IllegalMoveKind, MAX_JUMPS, MAX_PATH, Move, MoveList, Outcome, OutcomeReason,
    Path, PlayError, Ply, Point, PointError, PointSet, Position, PositionStringError, Reason,
    Record, Rules, Side, join, jumped_point,
};
pub use asalto_asalto::{
    basic, basic_score, compare, console, coverage, export, geometry, json, player, probe, random,
    record, render, replay, rules, selfplay, session, text, transcript,
};
