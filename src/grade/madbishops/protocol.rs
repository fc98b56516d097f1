//! The lines exchanged with Mad Bishops' part of the Prolog driver
//! (`driver.pl`, whose header is the reference): queries written, and the
//! `hello` line and answers read back, as typed values.

use asalto_madbishops::{Board, Square};

use crate::grade::prolog::protocol::{
    Limit, Loaded, Protocol, ProtocolError, Stats as EngineStats, field, number, split_message,
};

/// The report's board: 10 rows of 10 codes (0 light, 1 empty, 2 red, 3
/// blue), row 0 at the top.
pub type Matrix = [[u8; 10]; 10];

/// How boards travel between the grader and the driver: the report's
/// numbers (the driver writes them in the program's own cells, see
/// [`Hello::board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cells {
    /// `0`, `1`, `2`, `3`.
    Numbers,
}

impl Cells {
    /// `numbers`.
    pub const fn name(self) -> &'static str {
        match self {
            Cells::Numbers => "numbers",
        }
    }

    fn from_name(s: &str) -> Option<Cells> {
        (s == "numbers").then_some(Cells::Numbers)
    }
}

/// What a query cost.
pub type Stats = EngineStats<Cells>;

/// One question for the program. Players and moves are the program's own
/// terms (found out by the grader).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// `valid_moves(Board, Player, Moves)`.
    Moves {
        /// The player's term (`1`, `red`).
        player: String,
        /// The board.
        board: Matrix,
    },
    /// `move(Move, Board, New)`, the move written as `shape` with its
    /// four integers.
    Apply {
        /// The four integers, in the shape's order.
        ints: [i64; 4],
        /// The move term with the variables `A`, `B`, `C`, `D`.
        shape: String,
        /// The board.
        board: Matrix,
    },
    /// `game_over(Board, Winner)`.
    Over {
        /// The board.
        board: Matrix,
    },
    /// `display_game(Board, Player)`.
    Display {
        /// The player's term.
        player: String,
        /// The board.
        board: Matrix,
    },
}

/// The 100 characters of a board.
pub fn board_text(board: &Matrix) -> String {
    board
        .iter()
        .flatten()
        .map(|&c| char::from(b'0' + c.min(9)))
        .collect()
}

/// A board from its 100 characters.
pub fn parse_board(text: &str) -> Option<Matrix> {
    let bytes = text.as_bytes();
    if bytes.len() != 100 || !bytes.iter().all(|b| (b'0'..=b'3').contains(b)) {
        return None;
    }
    let mut m = [[0; 10]; 10];
    for (i, b) in bytes.iter().enumerate() {
        m[i / 10][i % 10] = b - b'0';
    }
    Some(m)
}

/// The engine's board as the report's matrix.
pub fn matrix(board: &Board) -> Matrix {
    asalto_madbishops::prolog::board_matrix(board)
}

/// The engine's board of a matrix, when it is one (0 exactly on the
/// light squares).
pub fn board_of(m: &Matrix) -> Option<Board> {
    let mut red = asalto_madbishops::SquareSet::EMPTY;
    let mut blue = asalto_madbishops::SquareSet::EMPTY;
    for (r, row) in m.iter().enumerate() {
        for (c, &code) in row.iter().enumerate() {
            let sq = Square::from_row_col(r as i32, c as i32);
            match (sq, code) {
                (None, 0) | (Some(_), 1) => {}
                (Some(sq), 2) => red = red.with(sq),
                (Some(sq), 3) => blue = blue.with(sq),
                _ => return None,
            }
        }
    }
    Board::new(red, blue).ok()
}

impl Query {
    /// The query line.
    pub fn line(&self, id: &str) -> String {
        match self {
            Query::Moves { player, board } => format!("moves {id} {player} {}", board_text(board)),
            Query::Apply {
                ints: [a, b, c, d],
                shape,
                board,
            } => format!("apply {id} {a} {b} {c} {d} {} {shape}", board_text(board)),
            Query::Over { board } => format!("over {id} {}", board_text(board)),
            Query::Display { player, board } => {
                format!("display {id} {player} {}", board_text(board))
            }
        }
    }

    /// The predicate asked.
    pub const fn predicate(&self) -> &'static str {
        match self {
            Query::Moves { .. } => "valid_moves/3",
            Query::Apply { .. } => "move/3",
            Query::Over { .. } => "game_over/2",
            Query::Display { .. } => "display_game/2",
        }
    }
}

/// The `hello` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// SWI-Prolog's version.
    pub swipl: String,
    /// The predicates of the assignment the file (or the adapter) defines.
    pub predicates: Vec<String>,
    /// Compiler warnings while loading.
    pub load_warnings: u64,
    /// The first load message.
    pub message: Option<String>,
    /// `--predicate` renamings, as the driver's entries
    /// (`valid_moves/3:movimentos:1,2,3`).
    pub renamed: Vec<String>,
    /// The SICStus libraries shimmed.
    pub shims: Vec<String>,
    /// The program's board cells as the driver found them out, in words
    /// (`numbers`, `atoms x light, e empty, r red, b blue (from
    /// initial_board/1)`): the driver writes the boards it gives in them
    /// and reads the boards it gets back through them.
    pub board: String,
}

/// The driver's answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `valid_moves/3`: the moves' four integers each, and the first
    /// move's shape.
    Moves {
        /// The moves, in the program's order.
        moves: Vec<[i64; 4]>,
        /// The move term with `A`, `B`, `C`, `D` (`none` for no move).
        shape: String,
        /// Cost.
        stats: Stats,
    },
    /// `move/3`: the new board.
    Board {
        /// It.
        board: Matrix,
        /// Cost.
        stats: Stats,
    },
    /// `game_over/2`: the winner as `writeq` writes it (`_` unbound).
    Winner {
        /// It.
        text: String,
        /// Cost.
        stats: Stats,
    },
    /// `display_game/2`: what it printed.
    Printed {
        /// It.
        text: String,
        /// Cost.
        stats: Stats,
    },
    /// The goal failed.
    Fail(Stats),
    /// A limit stopped it.
    Timeout(Stats, Limit),
    /// It raised an exception.
    Error(Stats, String),
    /// It returned something that cannot be read.
    Bad(Stats, String),
    /// The predicate is not defined, and what the file defines instead.
    Missing(String, String),
    /// The driver did not understand the query (a bug of ours).
    Invalid(String),
}

/// Undo the driver's escapes (`\\ \n \r \t \u{HEX}`).
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let hex: String = chars
                    .by_ref()
                    .skip_while(|&c| c == '{')
                    .take_while(|&c| c != '}')
                    .collect();
                out.push(
                    u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or('\u{fffd}'),
                );
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

fn stats(words: &[&str]) -> Result<Stats, ProtocolError> {
    Stats::parse(words, Cells::from_name)
}

/// `a.b.c.d;...` or `-`.
fn moves_list(text: &str) -> Option<Vec<[i64; 4]>> {
    if text == "-" {
        return Some(Vec::new());
    }
    text.split(';')
        .map(|m| {
            let ints: Vec<i64> = m
                .split('.')
                .map(|n| n.parse().ok())
                .collect::<Option<_>>()?;
            <[i64; 4]>::try_from(ints).ok()
        })
        .collect()
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
            return Ok(Answer::Invalid(
                message.map(|m| unescape(&m)).unwrap_or_default(),
            ));
        }
        if got != id {
            return Err(ProtocolError(format!(
                "answer to `{}` when `{id}` was asked",
                crate::text::cap(got, 40)
            )));
        }
        let message = || message.as_deref().map(unescape).unwrap_or_default();
        Ok(match status {
            "ok" => match words.get(2).copied() {
                Some("moves") => Answer::Moves {
                    moves: words
                        .get(4)
                        .copied()
                        .and_then(moves_list)
                        .ok_or_else(broken)?,
                    shape: message(),
                    stats: stats(&words)?,
                },
                Some("board") => Answer::Board {
                    board: words
                        .get(3)
                        .copied()
                        .and_then(parse_board)
                        .ok_or_else(broken)?,
                    stats: stats(&words)?,
                },
                Some("winner") => Answer::Winner {
                    text: message(),
                    stats: stats(&words)?,
                },
                Some("printed") => Answer::Printed {
                    text: message(),
                    stats: stats(&words)?,
                },
                _ => return Err(broken()),
            },
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
}

impl Hello {
    fn parse(line: &str) -> Result<Loaded<Hello>, ProtocolError> {
        let (words, message) = split_message(line);
        match words.first().copied() {
            Some("hello") => {
                if field(&words, "driver") != Some("madbishops/1") {
                    return Err(ProtocolError(format!(
                        "the driver speaks another protocol: `{}`",
                        crate::text::cap(line, 80)
                    )));
                }
                let list = |key| match field(&words, key) {
                    Some("none") | None => Vec::new(),
                    Some(list) => list
                        .split([',', ';'])
                        .map(str::to_string)
                        .collect::<Vec<_>>(),
                };
                number(&words, "load_errors")?;
                Ok(Loaded::Hello(Hello {
                    swipl: field(&words, "swipl").unwrap_or("?").to_string(),
                    predicates: list("predicates"),
                    load_warnings: number(&words, "load_warnings")?,
                    message: message.map(|m| unescape(&m)),
                    renamed: list("renamed"),
                    shims: list("shims"),
                    board: field(&words, "board").map_or_else(|| "numbers".to_string(), unescape),
                }))
            }
            Some("fatal") => Ok(Loaded::Fatal {
                code: words.get(1).unwrap_or(&"?").to_string(),
                message: message.map(|m| unescape(&m)).unwrap_or_default(),
            }),
            _ => Err(ProtocolError(format!(
                "expected `hello` or `fatal`, got `{}`",
                crate::text::cap(line, 80)
            ))),
        }
    }
}

/// Mad Bishops' half of the protocol, for the shared driver.
#[derive(Clone, Copy, Debug)]
pub struct MadBishopsProtocol;

impl Protocol for MadBishopsProtocol {
    type Query = Query;
    type Answer = Answer;
    type Hello = Hello;
    type Cells = Cells;

    fn line(query: &Query, id: &str, _: Option<Cells>) -> String {
        query.line(id)
    }

    fn predicate(query: &Query) -> &'static str {
        query.predicate()
    }

    fn start(line: &str) -> Result<Loaded<Hello>, ProtocolError> {
        Hello::parse(line)
    }

    fn hello_cells(_: &Hello) -> Option<Cells> {
        Some(Cells::Numbers)
    }

    fn answer(line: &str, id: &str) -> Result<Answer, ProtocolError> {
        Answer::parse(line, id)
    }

    fn learned(_: &Answer) -> Option<Cells> {
        Some(Cells::Numbers)
    }

    fn tries(_: bool) -> u32 {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_boards_round_trip() {
        let start = matrix(&Board::report_setup());
        assert_eq!(parse_board(&board_text(&start)), Some(start));
        assert_eq!(board_of(&start), Some(Board::report_setup()));
        let s = "cells=numbers tries=1 out=0 us=5 cpu_us=4 inferences=9";
        let a = Answer::parse(
            &format!("ok q1 moves 2 0.1.1.0;9.8.7.6 {s} message=[A,B,C,D]"),
            "q1",
        )
        .unwrap();
        let Answer::Moves { moves, shape, .. } = a else {
            panic!("{a:?}")
        };
        assert_eq!(moves, [[0, 1, 1, 0], [9, 8, 7, 6]]);
        assert_eq!(shape, "[A,B,C,D]");
        let p = Answer::parse(
            &format!("ok q2 printed {s} message=a\\tb\\nc\\u{{e9}}"),
            "q2",
        )
        .unwrap();
        assert!(
            matches!(p, Answer::Printed { ref text, .. } if text == "a\tb\nc\u{e9}"),
            "{p:?}"
        );
        assert!(Answer::parse("ok q3 moves 1 x.y", "q3").is_err());
        assert!(Answer::parse(&format!("fail q9 {s}"), "q8").is_err());
    }
}
