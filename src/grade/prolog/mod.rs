//! One Prolog grading engine for every game whose assignment is a set of
//! Prolog predicates (Go's `grade --game go`, Mad Bishops'
//! `grade --game madbishops`): what they share, line for line.
//!
//! - [`protocol`]: the engine's half of the protocol (words, `fatal`, the
//!   cost of a query, the limit that stopped it) and the [`Protocol`] a
//!   game's queries and answers plug into;
//! - [`driver`]: the driver of one submission: SWI-Prolog started in a
//!   fresh confined working folder, its settings, the per-query limits of
//!   our own (kill and restart), the asleep/busy policy and re-runs; its
//!   Prolog side is `engine.pl` followed by the game's part;
//! - [`words`]: what a reply that is not an answer says in a report.
//!
//! A game adds its query plan, its checks and how it judges an answer.
//!
//! [`Protocol`]: protocol::Protocol

pub mod driver;
pub mod protocol;
pub mod words;
