//! Problems of a record as [`miette`] diagnostics: file:line:column, the
//! offending text underlined with a label, a stable `asalto::<code>`, and help.
//!
//! A [`FileReport`] holds the source once and lists each [`Problem`] as a
//! related diagnostic, so one render shows every problem of a file.

use std::fmt;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};

use crate::render;
use crate::replay::{Checked, Problem, Severity};

/// One problem as a diagnostic.
#[derive(Debug, Clone)]
pub struct ProblemDiagnostic {
    problem: Problem,
    help: Option<String>,
}

impl ProblemDiagnostic {
    /// The diagnostic of `problem`. Its help adds, for a move problem, the
    /// legal moves of the position before the move and a drawing of it.
    pub fn new(problem: &Problem) -> ProblemDiagnostic {
        let mut help = problem.help.clone();
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
            help,
        }
    }
}

impl fmt::Display for ProblemDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem.message)
    }
}

impl std::error::Error for ProblemDiagnostic {}

impl Diagnostic for ProblemDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("asalto::{}", self.problem.reason.code())))
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
        let span = self.problem.span.clone();
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.problem.label.clone()),
            span,
        ))))
    }
}

/// Every problem of one file, with the file's source.
#[derive(Debug)]
pub struct FileReport {
    headline: String,
    source: NamedSource<String>,
    problems: Vec<ProblemDiagnostic>,
    has_errors: bool,
}

impl FileReport {
    /// The report of `checked`, a check of `source` read from `name`.
    pub fn new(name: &str, source: &str, checked: &Checked) -> FileReport {
        let errors = checked.errors().count();
        let warnings = checked.warnings().count();
        let headline = if errors > 0 {
            let stop = match checked.stopped_at {
                Some(line) => format!(
                    "; replay stopped at line {line}, after {} move(s), and the rest is unchecked",
                    checked.game.plies.len()
                ),
                None => String::new(),
            };
            format!(
                "{name}: invalid record ({}){stop}",
                counts(errors, warnings)
            )
        } else {
            format!("{name}: valid record with {}", counts(errors, warnings))
        };
        FileReport {
            headline,
            source: NamedSource::new(name, source.to_string()),
            problems: checked
                .problems
                .iter()
                .map(ProblemDiagnostic::new)
                .collect(),
            has_errors: errors > 0,
        }
    }

    /// Render with miette's graphical handler; `color` picks the theme.
    pub fn render(&self, color: bool) -> String {
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
        let _ = handler.render_report(&mut out, self);
        out
    }
}

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
