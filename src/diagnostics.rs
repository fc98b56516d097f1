//! Problems of a record as [`miette`] diagnostics: file:line:column, the
//! offending text underlined with a label, a stable `asalto::<code>`, and help.
//!
//! A [`FileReport`] holds the lines around the problems once (the
//! [`Excerpts`] of the check, never the whole file) and lists each
//! [`Problem`] as a related diagnostic, so one render shows every problem of
//! a file. Problems of one kind past the first [`SHOWN_PER_KIND`] are
//! grouped in one line ("… and 40 more lines like this").

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use crate::excerpt::{Excerpts, QuoteSource, Quotes};
use crate::render;
use crate::replay::{Checked, Problem, Severity};
use crate::text::escape_line;

/// Problems of one kind (reason and label) shown in full in a report; the
/// others are counted in one line.
pub const SHOWN_PER_KIND: usize = 3;

/// One problem as a diagnostic.
#[derive(Debug, Clone)]
pub struct ProblemDiagnostic {
    problem: Problem,
    help: Option<String>,
    /// Where to underline, inside the excerpts (`None`: not quoted).
    span: Option<std::ops::Range<usize>>,
}

impl ProblemDiagnostic {
    /// The diagnostic of `problem`. Its help adds, for a move problem, the
    /// legal moves of the position before the move and a drawing of it.
    pub fn new(problem: &Problem, excerpts: &Excerpts) -> ProblemDiagnostic {
        let mut help = problem.help();
        if let (Some(before), Severity::Error) = (problem.before, problem.severity) {
            let legal = before.legal_moves();
            // After the end of the game no move is legal, whatever the
            // pieces could still do.
            let mut extra = if let Some(outcome) = before.outcome() {
                format!("no move is legal here: the game is over ({outcome})")
            } else if legal.is_empty() {
                "no legal moves here".to_string()
            } else {
                format!("legal moves here: {}", crate::join(&legal))
            };
            let number = problem.ply.unwrap_or(1);
            extra.push_str(&format!(
                "\nposition before move {number} ({before}):\n{}",
                render::ascii(before.board()).trim_end()
            ));
            help = Some(match help {
                Some(h) => format!("{h}\n{extra}"),
                None => extra,
            });
        }
        ProblemDiagnostic {
            problem: problem.clone(),
            help: help.map(|h| crate::text::escape_controls(&h).into_owned()),
            span: excerpts.fit(&problem.span),
        }
    }
}

impl fmt::Display for ProblemDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_line(&self.problem.message()))
    }
}

impl std::error::Error for ProblemDiagnostic {}

impl Diagnostic for ProblemDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!(
            "asalto::{}",
            self.problem.reason().code()
        )))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.problem.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span.clone()?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.problem.label()),
            span,
        ))))
    }
}

/// The lines of a file kept around its problems, named, as miette reads a
/// source: each span (of the excerpts' text, as [`Excerpts::fit`] gives
/// it) is looked up in the chunk of lines that holds it.
#[derive(Debug)]
struct Source {
    name: String,
    excerpts: Excerpts,
}

impl SourceCode for Source {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let chunk = self
            .excerpts
            .chunk_at(span.offset())
            .ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new((span.offset() - chunk.at).into(), span.len());
        let inner = chunk.text.as_str().read_span(&local, before, after)?;
        let data: &'a [u8] = inner.data();
        // The column of the file, not of the shown text (an escape is one
        // character of the file); miette asks it without context lines.
        let column = if before == 0 {
            chunk.column(local.offset())
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            data,
            SourceSpan::new(
                (inner.span().offset() + chunk.at).into(),
                inner.span().len(),
            ),
            inner.line() + chunk.line - 1,
            column,
            inner.line_count(),
        )))
    }
}

/// Every problem of one file, with the lines around them.
#[derive(Debug)]
pub struct FileReport {
    headline: String,
    source: Source,
    problems: Vec<ProblemDiagnostic>,
    /// `… and N more lines like this` lines, for the problems not shown.
    more: Vec<String>,
    has_errors: bool,
}

impl FileReport {
    /// The report of `checked`, a check of the file `name`.
    pub fn new(name: &str, checked: &Checked) -> FileReport {
        let name = escape_line(name).into_owned();
        let errors = checked.error_count();
        let warnings = checked.warning_count();
        let headline = if errors > 0 {
            let stop = match checked.stopped_at {
                Some(line) => {
                    let n = checked.plies();
                    format!(
                        "; replay stopped at line {line}, after {n} move{}, and the rest is unchecked",
                        if n == 1 { "" } else { "s" }
                    )
                }
                None => String::new(),
            };
            format!(
                "{name}: invalid record ({}){stop}",
                counts(errors, warnings)
            )
        } else {
            format!("{name}: valid record with {}", counts(errors, warnings))
        };
        // The first SHOWN_PER_KIND of each kind in full; the others counted,
        // with the kept and the omitted ones together.
        let mut shown = Vec::new();
        let mut groups: Vec<(&Problem, usize, usize)> = Vec::new();
        for p in &checked.problems {
            // Format notes are one problem per kind already.
            if p.ply.is_none() {
                shown.push(ProblemDiagnostic::new(p, &checked.excerpts));
                continue;
            }
            let same = |q: &Problem| {
                q.severity == p.severity && q.reason() == p.reason() && q.label() == p.label()
            };
            let group = groups.iter_mut().find(|(q, _, _)| same(q));
            match group {
                Some(g) if g.1 >= SHOWN_PER_KIND => {
                    g.2 += 1;
                    continue;
                }
                Some(g) => g.1 += 1,
                None => groups.push((p, 1, 0)),
            }
            shown.push(ProblemDiagnostic::new(p, &checked.excerpts));
        }
        let more = groups
            .iter()
            .filter_map(|(p, _, hidden)| {
                let omitted: usize = checked
                    .omitted
                    .iter()
                    .filter(|o| {
                        o.severity == p.severity && o.reason == p.reason() && o.label == p.label()
                    })
                    .map(|o| o.count)
                    .sum();
                let n = hidden + omitted;
                (n > 0).then(|| {
                    format!(
                        "… and {n} more line{} like this: {} [{}]",
                        if n == 1 { "" } else { "s" },
                        p.label(),
                        p.reason().code()
                    )
                })
            })
            .collect();
        FileReport {
            headline,
            source: Source {
                name,
                excerpts: checked.excerpts.clone(),
            },
            problems: shown,
            more,
            has_errors: errors > 0,
        }
    }

    /// Render with miette's graphical handler; `color` picks the theme.
    pub fn render(&self, color: bool) -> String {
        render(self, &self.more, color)
    }
}

/// Render `report` with miette's graphical handler (`color` picks the
/// theme), then the `more` lines: the one rendering of every game's
/// problems.
fn render(report: &dyn Diagnostic, more: &[String], color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_wrap_lines(false)
        .with_context_lines(1);
    let mut out = String::new();
    // Rendering into a String cannot fail.
    let _ = handler.render_report(&mut out, report);
    for line in more {
        out.push_str("  ");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `1 error, 2 warnings`.
fn counts(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (errors, warnings) {
        (0, w) => plural(w, "warning"),
        (e, 0) => plural(e, "error"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

impl fmt::Display for FileReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline)
    }
}

impl std::error::Error for FileReport {}

impl Diagnostic for FileReport {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.has_errors {
            miette::Severity::Error
        } else {
            miette::Severity::Warning
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.problems.iter().map(|p| p as &dyn Diagnostic)))
    }
}

/// Message bytes shown of a problem (a message may quote a value of the
/// file, which may be huge).
pub const MESSAGE_MAX: usize = 300;

/// A message (or label) made to print on one line: control characters
/// escaped, at most about [`MESSAGE_MAX`] bytes (a message may quote a
/// value of the file, and a value may be huge).
pub fn one_line(message: &str) -> String {
    crate::text::cap(&escape_line(message), MESSAGE_MAX).into_owned()
}

/// One problem of a game's record in the words its game wrote for it (its
/// [`asalto_core::Diagnostic`], or its own problem type's): what a
/// [`GameReport`] shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Error or warning.
    pub severity: Severity,
    /// The stable reason code.
    pub code: &'static str,
    /// The message, with the move it is about.
    pub message: String,
    /// The label of the quoted text.
    pub label: String,
    /// What would be right.
    pub help: Option<String>,
    /// Where, in the source (`None`: not about a place of the text).
    pub span: Option<asalto_core::Span>,
}

impl Entry {
    /// The entry of a problem of any game.
    pub fn of(problem: &dyn asalto_core::Diagnostic) -> Entry {
        Entry {
            severity: problem.severity(),
            code: problem.code(),
            message: problem.message(),
            label: problem.label(),
            help: problem.help(),
            span: Some(problem.span()),
        }
    }

    /// The entry of a Solitaire Chess problem (an error; its span is of
    /// the record's text, if it is about a place of it). Solitaire's
    /// problems have their own type, not [`asalto_core::Diagnostic`]: a
    /// puzzle's answer is judged, not a game of two sides.
    pub fn of_solitaire(problem: &asalto_solitaire::Problem) -> Entry {
        Entry {
            severity: Severity::Error,
            code: problem.reason().code(),
            message: problem.headline(),
            label: problem.label(),
            help: problem.help(),
            span: problem.span.map(|s| asalto_core::Span::new(s.start, s.end)),
        }
    }

    /// A Solitaire Chess note (something accepted that is not the exact
    /// format) as a warning.
    pub fn of_solitaire_note(note: &asalto_solitaire::format::Note) -> Entry {
        Entry {
            severity: Severity::Warning,
            code: note.kind.code(),
            message: note.message(),
            label: note.label(),
            help: Some(note.help()),
            span: Some(asalto_core::Span::new(note.span.start, note.span.end)),
        }
    }
}

/// One shown problem of a [`GameReport`]: its words made safe to print,
/// its label's place in the quotes.
#[derive(Debug)]
struct Shown {
    entry: Entry,
    label: Option<std::ops::Range<usize>>,
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::text::cap(
            &escape_line(&self.entry.message),
            MESSAGE_MAX,
        ))
    }
}

impl std::error::Error for Shown {}

impl Diagnostic for Shown {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("asalto::{}", self.entry.code)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.entry.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let help = self.entry.help.as_ref()?;
        Some(Box::new(crate::text::escape_controls(help).into_owned()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.label.clone()?;
        let label = one_line(&self.entry.label);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(label),
            span,
        ))))
    }
}

/// Every problem of one file of a game read whole (Go, Mad Bishops,
/// Solitaire Chess), rendered as Asalto's [`FileReport`]: the file's name
/// and verdict, then each problem with `asalto::<code>`, the line quoted at
/// its line:column with the label under the text, and help. Problems of
/// one code past the first [`SHOWN_PER_KIND`] are counted in one line.
///
/// The source is not kept: only the lines around the problems, cut and
/// escaped ([`Quotes`]).
#[derive(Debug)]
pub struct GameReport {
    name: String,
    source: NamedQuotes,
    problems: Vec<Shown>,
    /// Problems past [`SHOWN_PER_KIND`]: severity, code, count.
    hidden: Vec<(Severity, &'static str, usize)>,
    errors: usize,
    warnings: usize,
}

impl GameReport {
    /// An empty report of the file `name`.
    pub fn new(name: &str) -> GameReport {
        let name = escape_line(name).into_owned();
        GameReport {
            source: NamedQuotes {
                name: name.clone(),
                quotes: Quotes::default(),
            },
            name,
            problems: Vec::new(),
            hidden: Vec::new(),
            errors: 0,
            warnings: 0,
        }
    }

    /// Add a problem found in `source`, the text its span points into
    /// (held whole, or the lines kept of it: [`crate::excerpt::KeptLines`];
    /// a problem whose line is not kept is shown without a quote).
    pub fn add(&mut self, source: &(impl QuoteSource + ?Sized), entry: Entry) {
        match entry.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
        let same = |e: &Entry| e.severity == entry.severity && e.code == entry.code;
        if self.problems.iter().filter(|s| same(&s.entry)).count() >= SHOWN_PER_KIND {
            match self
                .hidden
                .iter_mut()
                .find(|h| h.0 == entry.severity && h.1 == entry.code)
            {
                Some(h) => h.2 += 1,
                None => self.hidden.push((entry.severity, entry.code, 1)),
            }
            return;
        }
        let label = entry
            .span
            .and_then(|s| self.source.quotes.add_from(source, s.range()));
        self.problems.push(Shown { entry, label });
    }

    /// Count `errors` more errors that the game found but did not list
    /// (the report says how many there are in all).
    pub fn count_unlisted(&mut self, errors: usize) {
        self.errors += errors;
    }

    /// Count `n` more problems of `severity` and `code` that the game
    /// found but did not keep (a broken record past its first problems):
    /// in the report's counts and in its line about the problems of that
    /// code not shown.
    pub fn count_hidden(&mut self, severity: Severity, code: &'static str, n: usize) {
        match severity {
            Severity::Error => self.errors += n,
            Severity::Warning => self.warnings += n,
        }
        match self
            .hidden
            .iter_mut()
            .find(|h| h.0 == severity && h.1 == code)
        {
            Some(h) => h.2 += n,
            None => self.hidden.push((severity, code, n)),
        }
    }

    /// Whether any problem was added.
    pub fn is_empty(&self) -> bool {
        self.errors + self.warnings == 0
    }

    /// Render with miette's graphical handler, as Asalto's reports are;
    /// `color` picks the theme.
    pub fn render(&self, color: bool) -> String {
        let more: Vec<String> = self
            .hidden
            .iter()
            .map(|(_, code, n)| {
                format!(
                    "… and {n} more problem{} like this [{code}]",
                    if *n == 1 { "" } else { "s" },
                )
            })
            .collect();
        render(self, &more, color)
    }
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts = counts(self.errors, self.warnings);
        if self.errors > 0 {
            write!(f, "{}: invalid record ({counts})", self.name)
        } else {
            write!(f, "{}: valid record with {counts}", self.name)
        }
    }
}

impl std::error::Error for GameReport {}

impl Diagnostic for GameReport {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.errors > 0 {
            miette::Severity::Error
        } else {
            miette::Severity::Warning
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.problems.iter().map(|p| p as &dyn Diagnostic)))
    }
}

/// The quotes of a file, named, as miette reads a source: the lines of the
/// quote a span falls in ([`Quotes::window`]), with their true numbers and
/// the problem's column.
#[derive(Debug)]
struct NamedQuotes {
    /// The file's name, safe to print.
    name: String,
    /// The lines quoted.
    quotes: Quotes,
}

impl miette::SourceCode for NamedQuotes {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let window = self
            .quotes
            .window(span.offset(), before, after)
            .ok_or(miette::MietteError::OutOfBounds)?;
        let range = window.range;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            &self.quotes.text().as_bytes()[range.clone()],
            miette::SourceSpan::new(range.start.into(), range.len()),
            window.first_line - 1,
            window.column - 1,
            window.lines,
        )))
    }
}
