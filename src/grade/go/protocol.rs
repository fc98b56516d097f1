//! The lines exchanged with the Prolog driver (`driver.pl`, whose header
//! is the reference): queries written, and the `hello` line and answers
//! read back, as typed values. Parsing only; no process here.

use std::fmt;

use super::alias::Alias;
pub use crate::grade::prolog::protocol::{Limit, ProtocolError};
use crate::grade::prolog::protocol::{Loaded, Protocol, field, number, split_message};

/// Points on the assignment's board (19x19).
pub const CELLS: usize = 19 * 19;

/// A 19x19 board as the driver writes it: row by row from the top left,
/// `.` empty, `b` black, `w` white (on the heap: answers and plans move
/// many of them).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid(Box<[u8; CELLS]>);

impl Grid {
    /// The empty board.
    pub fn empty() -> Grid {
        Grid(Box::new([b'.'; CELLS]))
    }

    /// A grid from its 361 characters.
    pub fn parse(text: &str) -> Option<Grid> {
        let bytes: [u8; CELLS] = text.as_bytes().try_into().ok()?;
        bytes
            .iter()
            .all(|b| matches!(b, b'.' | b'b' | b'w'))
            .then(|| Grid(Box::new(bytes)))
    }

    /// The cell at `row`, `col` (0-based from the top left): `.`, `b`, `w`.
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.0[row * 19 + col]
    }

    /// Set the cell at `row`, `col`.
    pub fn set(&mut self, row: usize, col: usize, cell: u8) {
        self.0[row * 19 + col] = cell;
    }

    /// The 361 characters.
    pub fn as_str(&self) -> &str {
        // Only `.`, `b` and `w` are ever stored.
        std::str::from_utf8(&self.0[..]).unwrap_or_default()
    }

    /// The points where `self` and `other` differ, as `(row, col)`.
    pub fn differences(&self, other: &Grid) -> Vec<(usize, usize)> {
        (0..CELLS)
            .filter(|&i| self.0[i] != other.0[i])
            .map(|i| (i / 19, i % 19))
            .collect()
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.as_str())
    }
}

/// How the program writes a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cells {
    /// `"-"`, `"b"`, `"w"`, as the assignment's interface has them.
    Strings,
    /// `-`, `b`, `w`.
    Atoms,
}

impl Cells {
    /// `strings` or `atoms`.
    pub const fn name(self) -> &'static str {
        match self {
            Cells::Strings => "strings",
            Cells::Atoms => "atoms",
        }
    }

    fn from_name(s: &str) -> Option<Cells> {
        match s {
            "strings" => Some(Cells::Strings),
            "atoms" => Some(Cells::Atoms),
            _ => None,
        }
    }

    /// How a board with this representation is written in Prolog (for
    /// messages): `"b"` or `b`.
    pub fn cell(self, c: u8) -> String {
        let c = if c == b'.' { '-' } else { char::from(c) };
        match self {
            Cells::Strings => format!("\"{c}\""),
            Cells::Atoms => c.to_string(),
        }
    }
}

/// A colour, as the driver's PLAYER field names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// `b`.
    Black,
    /// `w`.
    White,
}

impl Stone {
    /// `b` or `w`.
    pub const fn letter(self) -> u8 {
        match self {
            Stone::Black => b'b',
            Stone::White => b'w',
        }
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }
}

/// One question for the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// `goMove(Board, Player, [Row, Col], New)`.
    Move {
        /// The board.
        board: Grid,
        /// Who plays.
        player: Stone,
        /// Row, 0-based from the top.
        row: u8,
        /// Column, 0-based from the left.
        col: u8,
    },
    /// `finDelJuego(Board, Black, White)`.
    Score {
        /// The board.
        board: Grid,
    },
    /// `emptyBoard(Board)`.
    Empty,
}

impl Query {
    /// The query line: `id` must be a token without spaces; `cells`
    /// `None` lets the driver find the representation (`auto`).
    pub fn line(&self, id: &str, cells: Option<Cells>) -> String {
        let cells = cells.map_or("auto", Cells::name);
        match self {
            Query::Move {
                board,
                player,
                row,
                col,
            } => format!(
                "move {id} {cells} {} {row} {col} {}",
                char::from(player.letter()),
                board.as_str()
            ),
            Query::Score { board } => format!("score {id} {cells} {}", board.as_str()),
            Query::Empty => format!("empty {id}"),
        }
    }

    /// The predicate asked: `goMove/4`, `finDelJuego/3`, `emptyBoard/1`.
    pub const fn predicate(&self) -> &'static str {
        match self {
            Query::Move { .. } => "goMove/4",
            Query::Score { .. } => "finDelJuego/3",
            Query::Empty => "emptyBoard/1",
        }
    }
}

/// The `hello` line: the program is loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// SWI-Prolog's version.
    pub swipl: String,
    /// The representation of the cells of `emptyBoard/1`, if known.
    pub cells: Option<Cells>,
    /// How `emptyBoard/1` went: `ok`, `fail`, `error`, `timeout`, `missing`.
    pub empty_board: String,
    /// The predicates of the assignment the file defines.
    pub predicates: Vec<String>,
    /// Characters printed while loading.
    pub out: u64,
    /// Compiler warnings while loading.
    pub load_warnings: u64,
    /// Errors while loading (with `--lenient-load`).
    pub load_errors: u64,
    /// The first of those messages.
    pub message: Option<String>,
    /// The predicates graded under a name or an argument order other than
    /// the assignment's (`--predicate`), as the driver found them.
    pub renamed: Vec<Alias>,
}

/// What the driver says after loading the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// It loaded.
    Hello(Hello),
    /// It cannot be used: `fatal CODE message=TEXT`.
    Fatal {
        /// `syntax-error`, `load-timeout`, `load-error`, `missing-file`,
        /// `usage`, `driver-error`.
        code: String,
        /// The driver's message (escaped, one line).
        message: String,
    },
}

impl Start {
    /// Read the first line of the driver.
    ///
    /// # Errors
    ///
    /// A line that is neither `hello` nor `fatal`.
    pub fn parse(line: &str) -> Result<Start, ProtocolError> {
        let (words, message) = split_message(line);
        match words.first().copied() {
            Some("hello") => {
                if field(&words, "driver") != Some("go/1") {
                    return Err(ProtocolError(format!(
                        "the driver speaks another protocol: `{}`",
                        crate::text::cap(line, 80)
                    )));
                }
                let cells =
                    match field(&words, "cells") {
                        Some("unknown") => None,
                        Some(c) => Some(Cells::from_name(c).ok_or_else(|| {
                            ProtocolError(format!("unknown cells `{c}` in hello"))
                        })?),
                        None => return Err(ProtocolError("no `cells=` in hello".into())),
                    };
                let predicates = match field(&words, "predicates") {
                    Some("none") | None => Vec::new(),
                    Some(list) => list.split(',').map(str::to_string).collect(),
                };
                Ok(Start::Hello(Hello {
                    swipl: field(&words, "swipl").unwrap_or("?").to_string(),
                    cells,
                    empty_board: field(&words, "empty_board").unwrap_or("?").to_string(),
                    predicates,
                    out: number(&words, "out")?,
                    load_warnings: number(&words, "load_warnings")?,
                    load_errors: number(&words, "load_errors")?,
                    renamed: match field(&words, "renamed") {
                        None => Vec::new(),
                        Some(list) => list
                            .split(';')
                            .map(|e| {
                                Alias::from_driver(e).ok_or_else(|| {
                                    ProtocolError(format!(
                                        "unreadable `renamed=` entry `{}`",
                                        crate::text::cap(e, 80)
                                    ))
                                })
                            })
                            .collect::<Result<_, _>>()?,
                    },
                    message,
                }))
            }
            Some("fatal") => Ok(Start::Fatal {
                code: words.get(1).unwrap_or(&"?").to_string(),
                message: message.unwrap_or_default(),
            }),
            _ => Err(ProtocolError(format!(
                "expected `hello` or `fatal`, got `{}`",
                crate::text::cap(line, 80)
            ))),
        }
    }
}

/// What a query cost, as the driver measured it.
pub type Stats = crate::grade::prolog::protocol::Stats<Cells>;

fn stats(words: &[&str]) -> Result<Stats, ProtocolError> {
    Stats::parse(words, Cells::from_name)
}

/// The cells of a board the program returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCells {
    /// All strings, or all atoms.
    Uniform(Cells),
    /// Both.
    Mixed,
}

/// The driver's answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A board (`goMove/4`, `emptyBoard/1`).
    Board {
        /// The board returned.
        board: Grid,
        /// Its cells.
        cells: ResultCells,
        /// Cost.
        stats: Stats,
    },
    /// The two scores (`finDelJuego/3`).
    Score {
        /// Black's.
        black: i64,
        /// White's.
        white: i64,
        /// Cost.
        stats: Stats,
    },
    /// The goal failed.
    Fail(Stats),
    /// A limit stopped it.
    Timeout(Stats, Limit),
    /// It raised an exception.
    Error(Stats, String),
    /// It returned something that is not a board or a pair of integers.
    Bad(Stats, String),
    /// The predicate is not defined: its indicator, and what the file
    /// defines instead (the same name with other arities, then predicates
    /// of the same arity, exported first; empty when nothing is alike), so
    /// that a predicate written under another name shows as such.
    Missing(String, String),
    /// The driver did not understand the query (a bug of ours).
    Invalid(String),
}

impl Answer {
    /// Read an answer line to query `id`.
    ///
    /// # Errors
    ///
    /// A line that does not follow the protocol, or answers another query.
    pub fn parse(line: &str, id: &str) -> Result<Answer, ProtocolError> {
        let (words, message) = split_message(line);
        let broken = || {
            ProtocolError(format!(
                "unreadable answer `{}`",
                crate::text::cap(line, 80)
            ))
        };
        let (Some(&status), Some(&got)) = (words.first(), words.get(1)) else {
            return Err(broken());
        };
        if status == "invalid" {
            return Ok(Answer::Invalid(message.unwrap_or_default()));
        }
        if got != id {
            return Err(ProtocolError(format!(
                "answer to `{}` when `{id}` was asked",
                crate::text::cap(got, 40)
            )));
        }
        let message = || message.clone().unwrap_or_default();
        Ok(match status {
            "ok" => {
                let third = words.get(2).copied().ok_or_else(broken)?;
                if third.len() == CELLS {
                    let board = Grid::parse(third).ok_or_else(broken)?;
                    let cells = match field(&words, "result_cells") {
                        Some("mixed") => ResultCells::Mixed,
                        Some(c) => ResultCells::Uniform(Cells::from_name(c).ok_or_else(broken)?),
                        None => return Err(broken()),
                    };
                    Answer::Board {
                        board,
                        cells,
                        stats: stats(&words)?,
                    }
                } else {
                    let score = |w: Option<&&str>| w.and_then(|w| w.parse::<i64>().ok());
                    match (score(words.get(2)), score(words.get(3))) {
                        (Some(black), Some(white)) => Answer::Score {
                            black,
                            white,
                            stats: stats(&words)?,
                        },
                        // Integers beyond 64 bits: a wrong score anyway.
                        _ => Answer::Bad(
                            stats(&words)?,
                            format!(
                                "scores too large to read: {} {}",
                                crate::text::cap(words.get(2).unwrap_or(&""), 40),
                                crate::text::cap(words.get(3).unwrap_or(&""), 40)
                            ),
                        ),
                    }
                }
            }
            "fail" => Answer::Fail(stats(&words)?),
            "timeout" => Answer::Timeout(stats(&words)?, Limit::from_field(&words)),
            "error" => Answer::Error(stats(&words)?, message()),
            "bad" => Answer::Bad(stats(&words)?, message()),
            "missing" => Answer::Missing(
                field(&words, "predicate").unwrap_or("?").to_string(),
                message(),
            ),
            _ => return Err(broken()),
        })
    }

    /// The cost, when the program ran.
    pub fn stats(&self) -> Option<&Stats> {
        match self {
            Answer::Board { stats, .. }
            | Answer::Score { stats, .. }
            | Answer::Fail(stats)
            | Answer::Timeout(stats, _)
            | Answer::Error(stats, _)
            | Answer::Bad(stats, _) => Some(stats),
            Answer::Missing(..) | Answer::Invalid(_) => None,
        }
    }
}

/// Go's half of the protocol, for the shared driver.
#[derive(Clone, Copy, Debug)]
pub struct GoProtocol;

impl Protocol for GoProtocol {
    type Query = Query;
    type Answer = Answer;
    type Hello = Hello;
    type Cells = Cells;

    fn line(query: &Query, id: &str, cells: Option<Cells>) -> String {
        query.line(id, cells)
    }

    fn predicate(query: &Query) -> &'static str {
        query.predicate()
    }

    fn start(line: &str) -> Result<Loaded<Hello>, ProtocolError> {
        Ok(match Start::parse(line)? {
            Start::Hello(h) => Loaded::Hello(h),
            Start::Fatal { code, message } => Loaded::Fatal { code, message },
        })
    }

    fn hello_cells(hello: &Hello) -> Option<Cells> {
        hello.cells
    }

    fn answer(line: &str, id: &str) -> Result<Answer, ProtocolError> {
        Answer::parse(line, id)
    }

    fn learned(answer: &Answer) -> Option<Cells> {
        match answer {
            Answer::Board { stats, .. } | Answer::Score { stats, .. } => stats.cells,
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_one_line_each() {
        let mut board = Grid::empty();
        board.set(0, 1, b'b');
        let q = Query::Move {
            board: board.clone(),
            player: Stone::White,
            row: 3,
            col: 18,
        };
        let line = q.line("m7", Some(Cells::Atoms));
        assert!(line.starts_with("move m7 atoms w 3 18 .b...."), "{line}");
        assert_eq!(line.len(), "move m7 atoms w 3 18 ".len() + CELLS);
        assert_eq!(
            Query::Score { board }.line("s", None)[..13].to_string(),
            "score s auto "
        );
        assert_eq!(Query::Empty.line("e", None), "empty e");
        assert_eq!(Grid::parse("x"), None);
        assert_eq!(
            Grid::parse(&"b".repeat(CELLS)).map(|g| g.at(18, 18)),
            Some(b'b')
        );
        assert_eq!(Grid::parse(&"B".repeat(CELLS)), None);
    }

    #[test]
    fn hello_and_fatal() {
        let hello = "hello driver=go/1 swipl=9.0.4 cells=strings empty_board=ok module=proylcc predicates=emptyBoard/1,goMove/4,finDelJuego/3 encoding=utf8 out=0 load_us=1227 load_warnings=2 load_errors=0 message=Singleton variables: [X] here";
        let Start::Hello(h) = Start::parse(hello).unwrap() else {
            panic!("not hello")
        };
        assert_eq!(h.cells, Some(Cells::Strings));
        assert_eq!(h.predicates.len(), 3);
        assert_eq!(h.load_warnings, 2);
        assert_eq!(h.message.as_deref(), Some("Singleton variables: [X] here"));
        let unknown = "hello driver=go/1 swipl=9 cells=unknown empty_board=missing module=user predicates=none encoding=utf8 out=5 load_us=1 load_warnings=0 load_errors=0";
        let Start::Hello(h) = Start::parse(unknown).unwrap() else {
            panic!("not hello")
        };
        assert_eq!((h.cells, h.predicates.len(), h.out), (None, 0, 5));
        assert!(h.renamed.is_empty());
        let renamed = "hello driver=go/1 swipl=9 cells=strings empty_board=ok module=user predicates=goMove/4,finDelJuego/3 encoding=utf8 out=0 load_us=1 load_warnings=0 load_errors=0 renamed=goMove/4:mover:1,2,3,4;finDelJuego/3:puntajeFinal:1,3,2 message=x y";
        let Start::Hello(h) = Start::parse(renamed).unwrap() else {
            panic!("not hello")
        };
        let names: Vec<String> = h.renamed.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            ["goMove=mover", "finDelJuego=puntajeFinal(1,3,2)"],
            "{h:?}"
        );
        assert!(Start::parse(&renamed.replace(":1,3,2", ":1,3")).is_err());
        assert_eq!(
            Start::parse("fatal syntax-error message=proylcc.pl:3: x").unwrap(),
            Start::Fatal {
                code: "syntax-error".into(),
                message: "proylcc.pl:3: x".into()
            }
        );
        assert!(Start::parse("hello driver=go/2 cells=atoms").is_err());
        assert!(Start::parse("Welcome to SWI-Prolog").is_err());
        assert!(Start::parse("").is_err());
    }

    #[test]
    fn answers() {
        let stats = "cells=strings tries=1 out=0 us=5 inferences=45";
        let board = ".".repeat(CELLS);
        assert!(matches!(
            Answer::parse(&format!("ok m1 {board} {stats} result_cells=atoms"), "m1"),
            Ok(Answer::Board {
                cells: ResultCells::Uniform(Cells::Atoms),
                ..
            })
        ));
        assert!(matches!(
            Answer::parse(&format!("ok m1 {board} {stats} result_cells=mixed"), "m1"),
            Ok(Answer::Board {
                cells: ResultCells::Mixed,
                ..
            })
        ));
        assert!(matches!(
            Answer::parse(&format!("ok s 360 -1 {stats}"), "s"),
            Ok(Answer::Score {
                black: 360,
                white: -1,
                ..
            })
        ));
        assert!(matches!(
            Answer::parse(&format!("ok s 99999999999999999999999 1 {stats}"), "s"),
            Ok(Answer::Bad(..))
        ));
        assert_eq!(
            Answer::parse(&format!("fail m2 {stats}"), "m2"),
            Ok(Answer::Fail(Stats {
                cells: Some(Cells::Strings),
                tries: 1,
                out: 0,
                us: 5,
                cpu_us: None,
                inferences: 45
            }))
        );
        // Since the driver reports CPU time too.
        assert!(matches!(
            Answer::parse(&format!("fail m2 {stats} cpu_us=3"), "m2"),
            Ok(Answer::Fail(Stats {
                cpu_us: Some(3),
                ..
            }))
        ));
        assert!(matches!(
            Answer::parse(&format!("timeout m2 {stats} limit=inferences"), "m2"),
            Ok(Answer::Timeout(_, Limit::Inferences))
        ));
        let Ok(Answer::Error(_, m)) =
            Answer::parse(&format!("error m2 {stats} message=a b=c message=d"), "m2")
        else {
            panic!("not an error")
        };
        assert_eq!(m, "a b=c message=d");
        assert_eq!(
            Answer::parse("missing e predicate=emptyBoard/1", "e"),
            Ok(Answer::Missing("emptyBoard/1".into(), String::new()))
        );
        assert_eq!(
            Answer::parse(
                "missing s predicate=finDelJuego/3 message=terminarJuego/3, getElem/3",
                "s"
            ),
            Ok(Answer::Missing(
                "finDelJuego/3".into(),
                "terminarJuego/3, getElem/3".into()
            ))
        );
        assert!(matches!(
            Answer::parse("invalid - message=unknown query", "m3"),
            Ok(Answer::Invalid(_))
        ));
        assert!(Answer::parse(&format!("fail m1 {stats}"), "m2").is_err());
        assert!(Answer::parse("ok m1", "m1").is_err());
        assert!(Answer::parse("ok m1 ... cells=x", "m1").is_err());
        assert!(Answer::parse("", "m1").is_err());
        assert!(Answer::parse("fail m1 tries=x", "m1").is_err());
    }
}
