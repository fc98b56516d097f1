//! What every game's Prolog driver says the same way (the engine's half of
//! the protocol, `engine.pl`): the words of a line and its `message=`,
//! `fatal` lines, the cost of a query, which limit stopped it; and the
//! [`Protocol`] a game's queries and answers plug into the shared driver.

use std::fmt;

/// Why a driver line could not be read: the driver broke its protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The words of a line before `message=`, and the message (which runs to
/// the end of the line).
pub fn split_message(line: &str) -> (Vec<&str>, Option<String>) {
    let (head, message) = match line.find(" message=") {
        Some(at) => (&line[..at], Some(line[at + 9..].to_string())),
        None => (line, None),
    };
    (head.split(' ').collect(), message)
}

/// The value of `key=` among `words`.
pub fn field<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    words
        .iter()
        .find_map(|w| w.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')))
}

/// The number of `key=` among `words`.
///
/// # Errors
///
/// When there is none.
pub fn number(words: &[&str], key: &str) -> Result<u64, ProtocolError> {
    field(words, key)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ProtocolError(format!("no number `{key}=`")))
}

/// What the driver says after loading the program: its game's `hello`,
/// or `fatal CODE message=TEXT`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded<H> {
    /// It loaded.
    Hello(H),
    /// It cannot be used.
    Fatal {
        /// `syntax-error`, `load-timeout`, `load-error`, `missing-file`,
        /// `usage`, `driver-error`.
        code: String,
        /// The driver's message (escaped, one line).
        message: String,
    },
}

/// What a query cost, as the driver measured it (`C`: the game's
/// representations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats<C> {
    /// The representation given to the program.
    pub cells: Option<C>,
    /// Representations tried.
    pub tries: u64,
    /// Characters the program printed.
    pub out: u64,
    /// Microseconds, on the clock.
    pub us: u64,
    /// Microseconds of CPU time (absent from older drivers' lines): well
    /// under `us` when the machine was busy, which a timeout says.
    pub cpu_us: Option<u64>,
    /// Inferences.
    pub inferences: u64,
}

impl<C> Stats<C> {
    /// Read the stats of an answer; `cells` reads the representation's
    /// name.
    ///
    /// # Errors
    ///
    /// A number missing.
    pub fn parse(words: &[&str], cells: fn(&str) -> Option<C>) -> Result<Stats<C>, ProtocolError> {
        Ok(Stats {
            cells: field(words, "cells").and_then(cells),
            tries: number(words, "tries")?,
            out: number(words, "out")?,
            us: number(words, "us")?,
            cpu_us: field(words, "cpu_us").and_then(|v| v.parse().ok()),
            inferences: number(words, "inferences")?,
        })
    }
}

/// Which limit stopped a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Wall-clock time.
    Time,
    /// Inferences.
    Inferences,
}

impl Limit {
    /// From `limit=`: inferences, else time.
    pub fn from_field(words: &[&str]) -> Limit {
        match field(words, "limit") {
            Some("inferences") => Limit::Inferences,
            _ => Limit::Time,
        }
    }
}

/// A game's half of the protocol: how its queries are written and its
/// `hello` and answers read, for the shared driver
/// ([`super::driver::Driver`]).
pub trait Protocol {
    /// One question.
    type Query;
    /// One answer.
    type Answer: Clone + fmt::Debug + PartialEq + Eq;
    /// The `hello` line, read.
    type Hello: Clone + fmt::Debug;
    /// The representation of the program's data, once found out.
    type Cells: Copy + fmt::Debug + PartialEq + Eq;

    /// The query line: `cells` `None` lets the driver find it out.
    fn line(query: &Self::Query, id: &str, cells: Option<Self::Cells>) -> String;
    /// The predicate asked (for messages): `goMove/4`.
    fn predicate(query: &Self::Query) -> &'static str;
    /// Read the first line.
    ///
    /// # Errors
    ///
    /// A line that is neither the game's `hello` nor `fatal`.
    fn start(line: &str) -> Result<Loaded<Self::Hello>, ProtocolError>;
    /// The representation `hello` found, if any.
    fn hello_cells(hello: &Self::Hello) -> Option<Self::Cells>;
    /// Read an answer to query `id`.
    ///
    /// # Errors
    ///
    /// A line that does not follow the protocol, or answers another query.
    fn answer(line: &str, id: &str) -> Result<Self::Answer, ProtocolError>;
    /// The representation an answer shows the program uses (an answer
    /// that is right in its kind), if any.
    fn learned(answer: &Self::Answer) -> Option<Self::Cells>;
    /// Representations the driver may try for one query when the
    /// representation is not known yet (its limit is ours times that).
    fn tries(known: bool) -> u32 {
        if known { 1 } else { 2 }
    }
}
