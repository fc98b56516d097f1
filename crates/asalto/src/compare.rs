//! Comparing two records move by move: what `asalto diff` reports.
//!
//! Each record is read as a list of [`Entry`]s, one per line that is not
//! blank or a comment (so CRLF, blank lines, spaces and comments never make
//! a difference). An entry in the legal part of the record stands for its
//! whole move; past the first error, for its text as written. Two records
//! hold the same game when their entries are the same; otherwise the first
//! [`Difference`] says where, with the position before it and why a move is
//! illegal when one is.

use std::collections::VecDeque;

use crate::record::{LineContent, Record, ScannedLine};
use crate::replay::{CheckOptions, Checked, Ply, Problem, Replayer, Severity, check};
use crate::{Move, Position, Side};
use asalto_core::first_difference;

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
/// use asalto_asalto::compare::compare;
/// use asalto_asalto::replay::CheckOptions;
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
    // The entries compared as every game's moves are (core's
    // `first_difference`), each by what it stands for.
    let first_difference = first_difference(
        reference.entries.iter().map(Entry::canonical),
        other.entries.iter().map(Entry::canonical),
    )
    .map(|number| number - 1)
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

/// One of the two records of a [`Comparer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The reference.
    Reference,
    /// The record compared with it.
    Other,
}

/// Two records compared line by line as they are read ([`Comparer`]): the
/// checks of both, the first difference, and the start of each canonical
/// record for a line diff.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The reference record.
    pub reference: Summary,
    /// The other record.
    pub other: Summary,
    /// The first difference, `None` when both hold the same game.
    pub first_difference: Option<Difference>,
}

impl Compared {
    /// Whether the two records hold the same game.
    pub fn same(&self) -> bool {
        self.first_difference.is_none()
    }
}

/// One record of a [`Compared`].
#[derive(Clone, Debug)]
pub struct Summary {
    /// Its check (without its plies: [`Checked::plies`] counts them).
    pub checked: Checked,
    /// How many entries it has (counted up to the first difference and
    /// the lines kept: all of them when the records hold the same game).
    pub entries: usize,
    /// Its first entries in canonical form ([`Replayed::canonical`]), as
    /// many as the [`Comparer`] was asked to keep, each line cut at
    /// [`CANONICAL_LINE_MAX`] bytes.
    pub canonical: String,
}

/// The longest line kept of a canonical record in a [`Summary`]: a longer
/// one (a huge bad line) is cut, and said so.
pub const CANONICAL_LINE_MAX: usize = 1024;

/// An entry read, waiting for the other record's entry of the same number.
#[derive(Clone, Debug)]
struct Pending {
    entry: Entry,
    /// The position after it, when it is a legal move.
    after: Option<Position>,
}

/// One record being read.
#[derive(Clone, Debug)]
struct Stream {
    replayer: Replayer,
    lenient: bool,
    line: usize,
    offset: usize,
    /// Moves replayed from the current line, not yet matched to entries.
    plies: VecDeque<Ply>,
    pending: VecDeque<Pending>,
    ended: bool,
    entries: usize,
    canonical: String,
    kept: usize,
    /// Entries compared so far that were legal moves, and the position
    /// after the last of them.
    legal: usize,
    position: Position,
}

impl Stream {
    fn new(options: CheckOptions) -> Stream {
        Stream {
            replayer: Replayer::new(options, false),
            lenient: options.lenient,
            line: 0,
            offset: 0,
            plies: VecDeque::new(),
            pending: VecDeque::new(),
            ended: false,
            entries: 0,
            canonical: String::new(),
            kept: 0,
            legal: 0,
            position: Position::start(),
        }
    }

    /// Read one line; its entries wait for comparison when `queue`.
    fn push_line(&mut self, raw: &str, queue: bool, keep: usize) {
        self.line += 1;
        let start = self.offset;
        self.offset += raw.len();
        if !queue && self.kept >= keep {
            // Past the first difference, with the lines kept for the line
            // diff: only the check goes on.
            self.replayer.push_line(raw);
            return;
        }
        let plies = &mut self.plies;
        self.replayer
            .push_line_with(raw, &mut |ply| plies.push_back(*ply));
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        if crate::record::bare_move(body).is_some() {
            // The common line, one bare move (as the replay reads it too).
            self.add_entry(body, queue, keep);
            return;
        }
        let scanned = ScannedLine::scan(raw, self.line, start, self.lenient);
        let text = |span: std::ops::Range<usize>| {
            raw.get(span.start - start..span.end - start)
                .unwrap_or_default()
        };
        let error = match &scanned.content {
            LineContent::Error(e) => Some(text(e.line_span.clone())),
            _ => None,
        };
        let written = scanned.moves().map(|m| text(m.span())).chain(error);
        for written in written {
            self.add_entry(written, queue, keep);
        }
    }

    /// One entry of the current line, written `written`: matched with the
    /// next move replayed, if any; kept for the line diff while there is
    /// room; queued for comparison when `queue`.
    fn add_entry(&mut self, written: &str, queue: bool, keep: usize) {
        self.entries += 1;
        let ply = self.plies.pop_front();
        let entry = Entry {
            line: self.line,
            written: written.to_string(),
            mv: ply.map(|p| p.mv),
        };
        if self.kept < keep {
            self.kept += 1;
            let canonical = entry.canonical();
            self.canonical
                .push_str(&crate::text::cap(&canonical, CANONICAL_LINE_MAX));
            self.canonical.push('\n');
        }
        if queue {
            self.pending.push_back(Pending {
                entry,
                after: ply.map(|p| p.position),
            });
        }
    }

    /// The entry to compare next: `None` when the record has no more.
    fn front(&self) -> Option<Option<&Pending>> {
        match self.pending.front() {
            Some(p) => Some(Some(p)),
            None if self.ended => Some(None),
            None => None,
        }
    }

    /// The error about the entry `entry`, if any.
    fn problem(checked: &Checked, entry: &Option<Entry>) -> Option<Problem> {
        let line = entry.as_ref()?.line;
        checked
            .problems
            .iter()
            .find(|p| p.severity == Severity::Error && p.line == line && p.ply.is_some())
            .cloned()
    }
}

/// Two records compared as they are read, line by line, in step: what
/// [`compare`] finds (the same first difference, the same checks), holding
/// only the entries of the line read last of each record and the start of
/// each canonical record, so that records of any length are compared in
/// memory of the size of their longest lines.
///
/// # Examples
///
/// ```
/// use asalto_asalto::compare::{Comparer, Which};
/// use asalto_asalto::replay::CheckOptions;
///
/// let reference = ["Bc-Cc\n", "Dd-Cd\n"];
/// let other = ["Bc-Cc\n", "Dd-Dc\n"];
/// let mut comparer = Comparer::new(CheckOptions::default(), 100);
/// let (mut r, mut o) = (reference.iter(), other.iter());
/// while let Some(which) = comparer.wants() {
///     let next = match which {
///         Which::Reference => r.next(),
///         Which::Other => o.next(),
///     };
///     match next {
///         Some(line) => comparer.push_line(which, line),
///         None => comparer.end(which),
///     }
/// }
/// // The rest of each record is read for its check.
/// r.for_each(|line| comparer.push_line(Which::Reference, line));
/// o.for_each(|line| comparer.push_line(Which::Other, line));
/// let compared = comparer.finish();
/// let d = compared.first_difference.unwrap();
/// assert_eq!((d.ply, d.other.unwrap().written.as_str()), (2, "Dd-Dc"));
/// assert!(!compared.other.checked.is_valid());
/// ```
#[derive(Clone, Debug)]
pub struct Comparer {
    reference: Stream,
    other: Stream,
    /// Entries compared and found the same.
    compared: usize,
    first_difference: Option<Difference>,
    keep: usize,
}

impl Comparer {
    /// A comparison of two records read with `options`, keeping the first
    /// `keep` lines of each canonical record.
    pub fn new(options: CheckOptions, keep: usize) -> Comparer {
        Comparer {
            reference: Stream::new(options),
            other: Stream::new(options),
            compared: 0,
            first_difference: None,
            keep,
        }
    }

    fn stream(&mut self, which: Which) -> &mut Stream {
        match which {
            Which::Reference => &mut self.reference,
            Which::Other => &mut self.other,
        }
    }

    /// The record to read a line of next to go on comparing; `None` once
    /// the first difference is found or both records have ended (the rest
    /// of each record is then read in any order, for its check).
    pub fn wants(&self) -> Option<Which> {
        if self.first_difference.is_some() {
            return None;
        }
        [
            (Which::Reference, &self.reference),
            (Which::Other, &self.other),
        ]
        .into_iter()
        .find(|(_, s)| s.front().is_none())
        .map(|(which, _)| which)
    }

    /// Read the next line of one record, `raw` with its `\n` if it has one.
    pub fn push_line(&mut self, which: Which, raw: &str) {
        let (queue, keep) = (self.first_difference.is_none(), self.keep);
        self.stream(which).push_line(raw, queue, keep);
        self.advance();
    }

    /// The end of one record.
    pub fn end(&mut self, which: Which) {
        self.stream(which).ended = true;
        self.advance();
    }

    /// Compare the entries read of both records, up to the first
    /// difference.
    fn advance(&mut self) {
        while self.first_difference.is_none() {
            let (Some(r), Some(o)) = (self.reference.front(), self.other.front()) else {
                return;
            };
            let canonical = |p: Option<&Pending>| p.map(|p| p.entry.canonical());
            if r.is_none() && o.is_none() {
                return;
            }
            if canonical(r) != canonical(o) {
                let i = self.compared;
                let legal_before = |s: &Stream| s.legal == i;
                let position = (legal_before(&self.reference) && legal_before(&self.other))
                    .then_some(self.reference.position);
                let quoted = |p: Option<&Pending>| {
                    p.map(|p| Entry {
                        written: crate::text::cap(&p.entry.written, crate::record::QUOTE_MAX)
                            .into_owned(),
                        ..p.entry.clone()
                    })
                };
                self.first_difference = Some(Difference {
                    ply: i + 1,
                    side: position.map_or(Side::at_ply(i), |p| p.turn()),
                    reference: quoted(r),
                    other: quoted(o),
                    reference_problem: None,
                    other_problem: None,
                    position,
                });
                self.reference.pending.clear();
                self.other.pending.clear();
                return;
            }
            for s in [&mut self.reference, &mut self.other] {
                if let Some(Pending {
                    after: Some(after), ..
                }) = s.pending.pop_front()
                {
                    s.legal += 1;
                    s.position = after;
                }
            }
            self.compared += 1;
        }
    }

    /// The comparison, once both records are read to their ends.
    pub fn finish(mut self) -> Compared {
        self.end(Which::Reference);
        self.end(Which::Other);
        let summary = |s: Stream| Summary {
            checked: s.replayer.finish(),
            entries: s.entries,
            canonical: s.canonical,
        };
        let reference = summary(self.reference);
        let other = summary(self.other);
        let first_difference = self.first_difference.map(|mut d| {
            d.reference_problem = Stream::problem(&reference.checked, &d.reference);
            d.other_problem = Stream::problem(&other.checked, &d.other);
            d
        });
        Compared {
            reference,
            other,
            first_difference,
        }
    }
}
