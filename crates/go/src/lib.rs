//! `asalto_go`: Go as the toolkit reads it: an incremental board, named
//! rule profiles (the 2019 assignment's `seed-2019`, `simple-ko`,
//! `positional-superko`, `tromp-taylor`), area scores with territory.
//!
//! The crate has no I/O and builds on any platform. Its layers, bottom up:
//!
//! - the vocabulary: [`Size`], [`Point`], [`Move`], [`Side`], [`BySide`],
//!   [`Profile`] and its [`Rules`];
//! - the board: [`Board`] keeps groups and (pseudo-)liberties up to date
//!   move by move, with no allocation; [`Board::territory`] and
//!   [`Board::area_score`] score it;
//! - counting a finished game: [`count`] judges dead stones (Benson's
//!   pass-alive groups, then seeded playouts) and counts by area or
//!   territory into a [`Count`];
//! - the rules: [`Position`] judges a move ([`IllegalMoveKind`]) and plays
//!   it;
//! - records: [`sgf`] decodes (`CA` charsets), parses (syntax only, spans,
//!   variations, strict or lenient) and writes SGF; [`replay`] judges a
//!   parsed record under a profile into [`Game`]s with typed [`Problem`]s,
//!   whose words live in [`problem`];
//! - output: [`render`] (text board with GTP and SGF coordinates, SVG,
//!   territory), [`export`] (GTP commands, the assignment's Prolog board and
//!   `[Row, Col]` moves, `goMove/4` and `finDelJuego/3` answers, canonical
//!   SGF of a game, JSON-ready plies), [`json`] (`asalto-game` documents
//!   of a game and of a check report);
//! - [`player`]: a seeded random player that keeps its eyes, and selfplay;
//! - [`seed`]: the assignment's `goMove/4` queries classified (captures,
//!   suicides, ko, edges) and chosen from reference games, with answers;
//! - [`coverage`]: which situations of the assignment's grader (captures
//!   of each shape, suicides, ko, edges, scores) a reference set reaches;
//! - [`Go`]: the game for `asalto_core`'s shared code.
//!
//! # Examples
//!
//! ```
//! use asalto_go::{Move, Point, Position, Profile, Size};
//!
//! let mut pos = Position::new(Size::new(9).unwrap(), Profile::Seed2019);
//! pos.play(Move::Play(Point::new(2, 2)))?;
//! assert_eq!(pos.board().area_score().black, 81);
//! # Ok::<(), asalto_go::IllegalMove>(())
//! ```

#![warn(missing_docs)]
// An engine crate: plain safe Rust, on any platform.
#![forbid(unsafe_code)]

mod board;
pub mod coverage;
pub mod export;
mod game;
mod history;
mod illegal;
pub mod json;
pub mod player;
mod point;
mod position;
pub mod problem;
pub mod render;
pub mod replay;
pub mod result;
mod rows;
mod rules;
mod score;
pub mod seed;
pub mod sgf;
mod side;
mod zobrist;

pub use board::{AreaScore, Board, Placed, Territory};
pub use game::{Go, Outcome};
pub use illegal::{IllegalMove, IllegalMoveKind};
pub use point::{GTP_COLUMNS, MAX_SIZE, Move, Point, Size, gtp_column_letter};
pub use position::{Played, Position};
pub use problem::{Issue, Problem, Problems, Severity, Span, SyntaxKind};
pub use replay::{
    CheckOptions, Checked, FileRules, Game, GameInfo, Moves, Plies, Ply, Tally, check, check_owned,
    check_tally,
};
pub use result::{GameResult, ResultKind};
pub use rules::{Counting, KoRule, Profile, Rules, RulesFrom, Suicide};
pub use score::{Count, Counted, PLAYOUTS, count, count_with_playouts, pass_alive};
pub use side::{BySide, Side};

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
