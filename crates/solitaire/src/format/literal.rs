//! List literals as programs print them: Python, JSON, JavaScript, Ruby.
//!
//! `[['.', 'B'], ...]`, `[[3, 0, "N"]]`, `((3, 0), (1, 1))`, `None`: lists
//! in `[]` or `()`, strings in single or double quotes, integers and
//! decimals, and bare words (`None`, `false`, `null`). Syntax only: what
//! the value means (a board, a move list, a false value) is decided by
//! [`super::shape`]. Every value keeps its byte range.

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::take_while;
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};

/// Lists nest at most this deep: no real board or answer needs more, and
/// the bound keeps the recursion's stack small on hostile input.
pub const MAX_DEPTH: usize = 8;

/// A parsed literal with its byte range in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// What it is.
    pub kind: ValueKind,
    /// Its bytes in the source.
    pub range: Range<usize>,
}

/// The kinds of literal.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueKind {
    /// `[a, b]` or `(a, b)`.
    List(Vec<Value>),
    /// `'text'` or `"text"`, escapes resolved.
    Str(String),
    /// An integer.
    Int(i64),
    /// A number with a fraction (`0.0`).
    Float(f64),
    /// A bare word: `None`, `false`, `null`, ...
    Word(String),
}

impl Value {
    /// The items, if it is a list.
    pub fn as_list(&self) -> Option<&[Value]> {
        match &self.kind {
            ValueKind::List(items) => Some(items),
            _ => None,
        }
    }

    /// The integer, if it is one.
    pub fn as_int(&self) -> Option<i64> {
        match self.kind {
            ValueKind::Int(n) => Some(n),
            _ => None,
        }
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            ValueKind::Str(s) => Some(s),
            _ => None,
        }
    }

    /// Whether it is one of the false values programs print for "no
    /// solution": `0`, `0.0`, `''`, `""`, `[]`, `()`, `None`, `False`,
    /// `false`, `null`, `nil`, `NULL`, `FALSE`, `undefined`, `#f`.
    pub fn is_false(&self) -> bool {
        match &self.kind {
            ValueKind::List(items) => items.is_empty(),
            ValueKind::Str(s) => s.is_empty(),
            ValueKind::Int(n) => *n == 0,
            ValueKind::Float(x) => *x == 0.0,
            ValueKind::Word(w) => is_false_word(w),
        }
    }
}

/// Whether `word` is a false value of some language.
pub fn is_false_word(word: &str) -> bool {
    matches!(
        word,
        "None"
            | "none"
            | "False"
            | "false"
            | "FALSE"
            | "null"
            | "NULL"
            | "nil"
            | "undefined"
            | "#f"
    )
}

/// Why a literal does not parse; offsets are absolute in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiteralError {
    /// A character where a value should start.
    ExpectedValue {
        /// Where.
        at: usize,
        /// What was found (`None`: the end of the text).
        found: Option<char>,
    },
    /// After a list item: neither `,` nor the closing bracket.
    ExpectedSeparator {
        /// Where.
        at: usize,
        /// What was found (`None`: the end of the text).
        found: Option<char>,
        /// The bracket that closes the list.
        close: char,
        /// Where the list was opened.
        open_at: usize,
    },
    /// A list closed by the other kind of bracket.
    Mismatched {
        /// Where the wrong bracket is.
        at: usize,
        /// The bracket found.
        found: char,
        /// The one expected.
        close: char,
        /// Where the list was opened.
        open_at: usize,
    },
    /// A string without its closing quote.
    UnterminatedString {
        /// Where the string starts.
        at: usize,
    },
    /// Lists nested deeper than [`MAX_DEPTH`].
    TooDeep {
        /// Where the list that is too deep starts.
        at: usize,
    },
    /// An integer that does not fit 64 bits.
    NumberTooLarge {
        /// Its byte range.
        range: Range<usize>,
    },
}

/// Parse one literal from `source[start..]`, skipping leading whitespace.
/// Returns the value and the offset just past it.
///
/// # Errors
///
/// The first syntax error.
pub fn parse_value(source: &str, start: usize) -> Result<(Value, usize), LiteralError> {
    let mut parser = Reader { source };
    parser.value(start, 0)
}

struct Reader<'a> {
    source: &'a str,
}

type NomResult<'a, T> = IResult<&'a str, T, nom::error::Error<&'a str>>;

fn number(input: &str) -> NomResult<'_, &str> {
    recognize((
        opt(alt((char('-'), char('+')))),
        digit1,
        opt((char('.'), digit1)),
    ))
    .parse(input)
}

fn word(input: &str) -> NomResult<'_, &str> {
    recognize((
        satisfy(|c| c.is_ascii_alphabetic() || c == '_' || c == '#'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(input)
}

impl Reader<'_> {
    fn rest(&self, at: usize) -> &str {
        self.source.get(at..).unwrap_or("")
    }

    fn skip_space(&self, at: usize) -> usize {
        let rest = self.rest(at);
        at + (rest.len() - rest.trim_start().len())
    }

    fn value(&mut self, at: usize, depth: usize) -> Result<(Value, usize), LiteralError> {
        let at = self.skip_space(at);
        let rest = self.rest(at);
        let found = rest.chars().next();
        match found {
            Some(open @ ('[' | '(')) => self.list(at, open, depth),
            Some(quote @ ('\'' | '"')) => self.string(at, quote),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => {
                let Ok((after, text)) = number(rest) else {
                    return Err(LiteralError::ExpectedValue { at, found });
                };
                let end = at + (rest.len() - after.len());
                let kind = if text.contains('.') {
                    ValueKind::Float(text.parse().unwrap_or(f64::NAN))
                } else {
                    ValueKind::Int(
                        text.parse()
                            .map_err(|_| LiteralError::NumberTooLarge { range: at..end })?,
                    )
                };
                Ok((
                    Value {
                        kind,
                        range: at..end,
                    },
                    end,
                ))
            }
            _ => match word(rest) {
                Ok((after, text)) => {
                    let end = at + (rest.len() - after.len());
                    let kind = ValueKind::Word(text.to_string());
                    Ok((
                        Value {
                            kind,
                            range: at..end,
                        },
                        end,
                    ))
                }
                Err(_) => Err(LiteralError::ExpectedValue { at, found }),
            },
        }
    }

    fn list(
        &mut self,
        open_at: usize,
        open: char,
        depth: usize,
    ) -> Result<(Value, usize), LiteralError> {
        if depth >= MAX_DEPTH {
            return Err(LiteralError::TooDeep { at: open_at });
        }
        let close = if open == '[' { ']' } else { ')' };
        let mut items = Vec::new();
        let mut at = self.skip_space(open_at + 1);
        loop {
            let next = self.rest(at).chars().next();
            match next {
                Some(c) if c == close => {
                    let end = at + 1;
                    let kind = ValueKind::List(items);
                    return Ok((
                        Value {
                            kind,
                            range: open_at..end,
                        },
                        end,
                    ));
                }
                Some(c @ (']' | ')')) => {
                    return Err(LiteralError::Mismatched {
                        at,
                        found: c,
                        close,
                        open_at,
                    });
                }
                _ => {}
            }
            let (item, end) = self.value(at, depth + 1)?;
            items.push(item);
            at = self.skip_space(end);
            match self.rest(at).chars().next() {
                Some(',') => at = self.skip_space(at + 1),
                Some(c) if c == close => {}
                Some(c @ (']' | ')')) => {
                    return Err(LiteralError::Mismatched {
                        at,
                        found: c,
                        close,
                        open_at,
                    });
                }
                found => {
                    return Err(LiteralError::ExpectedSeparator {
                        at,
                        found,
                        close,
                        open_at,
                    });
                }
            }
        }
    }

    fn string(&mut self, at: usize, quote: char) -> Result<(Value, usize), LiteralError> {
        let mut text = String::new();
        let mut chars = self.rest(at + 1).char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                c if c == quote => {
                    let end = at + 1 + i + 1;
                    let kind = ValueKind::Str(text);
                    return Ok((
                        Value {
                            kind,
                            range: at..end,
                        },
                        end,
                    ));
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => text.push('\n'),
                    Some((_, 't')) => text.push('\t'),
                    Some((_, 'r')) => text.push('\r'),
                    Some((_, c)) => text.push(c),
                    None => break,
                },
                // A string never spans lines in these languages.
                '\n' => break,
                c => text.push(c),
            }
        }
        Err(LiteralError::UnterminatedString { at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Value, LiteralError> {
        parse_value(s, 0).map(|(v, _)| v)
    }

    fn shape(v: &Value) -> String {
        match &v.kind {
            ValueKind::List(items) => {
                let inner: Vec<String> = items.iter().map(shape).collect();
                format!("[{}]", inner.join(","))
            }
            ValueKind::Str(s) => format!("'{s}'"),
            ValueKind::Int(n) => n.to_string(),
            ValueKind::Float(x) => format!("{x:?}"),
            ValueKind::Word(w) => w.clone(),
        }
    }

    #[test]
    fn values() {
        let v = parse(" [['.', \"B\"], (3, -1), None, 0.0, [],]").unwrap();
        assert_eq!(shape(&v), "[['.','B'],[3,-1],None,0.0,[]]");
        assert_eq!(v.range, 1..38);
        assert!(parse("None").unwrap().is_false());
        assert!(parse("''").unwrap().is_false());
        assert!(parse("()").unwrap().is_false());
        assert!(!parse("[0]").unwrap().is_false());
        assert_eq!(shape(&parse(r"'a\'b'").unwrap()), "'a'b'");
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse("[1, 2)"),
            Err(LiteralError::Mismatched {
                at: 5,
                found: ')',
                close: ']',
                open_at: 0
            })
        );
        assert_eq!(
            parse("[1 2]"),
            Err(LiteralError::ExpectedSeparator {
                at: 3,
                found: Some('2'),
                close: ']',
                open_at: 0
            })
        );
        assert_eq!(
            parse("[1,"),
            Err(LiteralError::ExpectedValue { at: 3, found: None })
        );
        assert_eq!(
            parse("'abc"),
            Err(LiteralError::UnterminatedString { at: 0 })
        );
        assert_eq!(
            parse(&"[".repeat(100)),
            Err(LiteralError::TooDeep { at: MAX_DEPTH })
        );
        assert_eq!(
            parse("99999999999999999999"),
            Err(LiteralError::NumberTooLarge { range: 0..20 })
        );
    }
}
