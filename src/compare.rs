//! Comparing two records move by move: what `asalto diff` reports.
//!
//! Each record is read as a list of [`Entry`]s, one per line that is not
//! blank or a comment (so CRLF, blank lines, spaces and comments never make
//! a difference). An entry in the legal part of the record stands for its
//! whole move; past the first error, for its text as written. Two records
//! hold the same game when their entries are the same; otherwise the first
//! [`Difference`] says where, with the position before it and why a move is
//! illegal when one is.

use crate::record::Record;
use crate::replay::{CheckOptions, Checked, Problem, Severity, check};
use crate::{Move, Position, Side};

/// A line of a record that holds a move (or should).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The 1-based line.
    pub line: usize,
    /// The text of the line, as written (without surrounding spaces).
    pub written: String,
    /// The whole move when it is in the legal part of the record.
    pub mv: Option<Move>,
}

impl Entry {
    /// What the entry stands for: the whole move when legal (so that a
    /// capture completed under `--lenient` equals the written-out one), else
    /// the text as written.
    pub fn canonical(&self) -> String {
        self.mv
            .map_or_else(|| self.written.clone(), |m| m.to_string())
    }
}

/// A record replayed, with its entries.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The check of the record.
    pub checked: Checked,
    /// Its entries, in line order.
    pub entries: Vec<Entry>,
}

impl Replayed {
    /// Parse and replay `source`.
    pub fn new(source: &str, options: CheckOptions) -> Replayed {
        let record = Record::parse_with(source, options.lenient);
        let checked = check(source, options);
        let mut entries: Vec<Entry> = record
            .moves
            .iter()
            .map(|m| Entry {
                line: m.line,
                written: source.get(m.span()).unwrap_or_default().to_string(),
                mv: None,
            })
            .chain(record.errors.iter().map(|e| {
                Entry {
                    line: e.line,
                    written: source
                        .get(e.line_span.clone())
                        .unwrap_or_default()
                        .to_string(),
                    mv: None,
                }
            }))
            .collect();
        entries.sort_by_key(|e| e.line);
        for (entry, ply) in entries.iter_mut().zip(&checked.game.plies) {
            debug_assert_eq!(entry.line, ply.line);
            entry.mv = Some(ply.mv);
        }
        Replayed { checked, entries }
    }

    /// The record in canonical form: one entry per line
    /// ([`Entry::canonical`]), every line ending in `\n`.
    pub fn canonical(&self) -> String {
        let mut out = String::new();
        for entry in &self.entries {
            out.push_str(&entry.canonical());
            out.push('\n');
        }
        out
    }

    /// The error about entry `index`, if any.
    fn problem(&self, index: usize) -> Option<&Problem> {
        let line = self.entries.get(index)?.line;
        self.checked
            .problems
            .iter()
            .find(|p| p.severity == Severity::Error && p.line == line && p.ply.is_some())
    }
}

/// The first move where two records differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The move number, 1-based.
    pub ply: usize,
    /// The side to move there.
    pub side: Side,
    /// The reference's entry, or `None` where its record has ended.
    pub reference: Option<Entry>,
    /// The other record's entry, or `None` where it has ended.
    pub other: Option<Entry>,
    /// Why the reference's move is not legal, if it is not.
    pub reference_problem: Option<Problem>,
    /// Why the other's move is not legal, if it is not.
    pub other_problem: Option<Problem>,
    /// The position before the move; `None` when both records were already
    /// past an identical illegal move, where no position is defined.
    pub position: Option<Position>,
}

/// Two records compared.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The reference record.
    pub reference: Replayed,
    /// The other record.
    pub other: Replayed,
    /// The first difference, `None` when both hold the same game.
    pub first_difference: Option<Difference>,
}

impl Comparison {
    /// Whether the two records hold the same game.
    pub fn same(&self) -> bool {
        self.first_difference.is_none()
    }
}

/// Compare `reference` with `other`, both read with `options`.
///
/// # Examples
///
/// ```
/// use asalto::compare::compare;
/// use asalto::replay::CheckOptions;
///
/// let same = compare("Bc-Cc\nDd-Cd\n", "# a comment\r\nBc-Cc\r\n\r\nDd-Cd\r\n", CheckOptions::default());
/// assert!(same.same());
///
/// let c = compare("Bc-Cc\nDd-Cd\n", "Bc-Cc\nDd-Ce\n", CheckOptions::default());
/// let d = c.first_difference.unwrap();
/// assert_eq!(d.ply, 2);
/// assert_eq!(d.other.unwrap().written, "Dd-Ce");
/// ```
pub fn compare(reference: &str, other: &str, options: CheckOptions) -> Comparison {
    let reference = Replayed::new(reference, options);
    let other = Replayed::new(other, options);
    let length = reference.entries.len().max(other.entries.len());
    let first_difference = (0..length)
        .find(|&i| {
            let r = reference.entries.get(i).map(Entry::canonical);
            let o = other.entries.get(i).map(Entry::canonical);
            r != o
        })
        .map(|i| {
            let legal_before = |r: &Replayed| r.checked.game.plies.len() >= i;
            let position = if legal_before(&reference) && legal_before(&other) {
                reference.checked.game.position_at(i)
            } else {
                None
            };
            Difference {
                ply: i + 1,
                side: position.map_or(Side::at_ply(i), |p| p.turn()),
                reference: reference.entries.get(i).cloned(),
                other: other.entries.get(i).cloned(),
                reference_problem: reference.problem(i).cloned(),
                other_problem: other.problem(i).cloned(),
                position,
            }
        });
    Comparison {
        reference,
        other,
        first_difference,
    }
}
