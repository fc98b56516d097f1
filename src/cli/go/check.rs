//! `asalto check` on Go records: each SGF file is decoded, parsed and
//! replayed under one rule profile; files are checked on every core and
//! reported in the order given, with the same exit codes as Asalto's.

use asalto::diagnostics::{Entry, GameReport, one_line};
use asalto::text::escape_line;
use asalto_go::json::CheckJson;
use asalto_go::replay::{CheckOptions, Checked};
use asalto_go::{Problem, Profile, Severity, render};

use super::super::Format;
use super::super::batch::{Checker, FileResult, UnjudgedJson, Verdict, Worker};
use super::super::input::{MAX_FILE, display_name};

/// How the Go files are checked and reported: the Go checker of a batch.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile that judges every file.
    pub profile: Profile,
    /// Skip damage with warnings.
    pub lenient: bool,
    /// Check every line of the variation tree.
    pub all_variations: bool,
    /// Human or JSON.
    pub format: Format,
    /// Print every problem and the board, not just one line per file.
    pub details: bool,
    /// Print nothing.
    pub quiet: bool,
    /// Colour the diagnostics.
    pub color: bool,
}

impl Checker for Settings {
    fn worker(&self) -> Worker<'_> {
        Box::new(
            move |path, mut opened| match opened.whole_or_why(path, MAX_FILE) {
                Ok(bytes) => check(path, bytes, *self),
                Err(message) => unreadable(message, Some(path), *self),
            },
        )
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> FileResult {
        unreadable(message, path, *self)
    }
}

/// Check one file, read whole.
fn check(path: &str, bytes: &[u8], settings: Settings) -> FileResult {
    let checked = asalto_go::check(
        bytes,
        &CheckOptions {
            profile: Some(settings.profile),
            lenient: settings.lenient,
            all_variations: settings.all_variations,
        },
    );
    let verdict = if checked.is_valid() {
        Verdict::Valid
    } else {
        Verdict::Invalid
    };
    let text = match settings.format {
        _ if settings.quiet => String::new(),
        Format::Json => json_line(path, &checked, settings.profile),
        Format::Human if settings.details => report(
            &display_name(path),
            &checked,
            settings.profile,
            settings.color,
        ),
        Format::Human => summary(&display_name(path), &checked, settings.profile) + "\n",
    };
    FileResult {
        text,
        message: None,
        verdict,
    }
}

/// The JSON report of a file: the library's check document (`game: "go"`,
/// `rules`), with the file's name.
fn json_line(path: &str, checked: &Checked, profile: Profile) -> String {
    let mut value = serde_json::to_value(CheckJson::from(checked)).unwrap_or_default();
    if let Some(object) = value.as_object_mut() {
        object.insert("file".into(), path.into());
        // A file with no game (a syntax error at once) was still judged
        // under the profile asked for.
        object.insert("rules".into(), profile.name().into());
    }
    value.to_string() + "\n"
}

/// The result of a file that could not be read (or a folder with no SGF
/// files).
fn unreadable(message: String, path: Option<&str>, settings: Settings) -> FileResult {
    let text = match settings.format {
        Format::Json => UnjudgedJson::unreadable(
            path.unwrap_or_default(),
            asalto_go::json::head(settings.profile),
            &message,
        )
        .line(),
        Format::Human => String::new(),
    };
    FileResult {
        text,
        message: Some(message),
        verdict: Verdict::Unreadable,
    }
}

/// `move 12 (black)`, or nothing for a problem of the file.
fn at_move(checked: &Checked, p: &Problem) -> String {
    let Some(ply) = p.ply else {
        return String::new();
    };
    let side = checked
        .games
        .iter()
        .find(|g| g.problems.iter().any(|q| std::ptr::eq(q, p)))
        .and_then(|g| g.plies.get(ply.wrapping_sub(1)))
        .map(|pl| format!(" ({})", pl.side.name()))
        .unwrap_or_default();
    format!(", move {ply}{side}")
}

/// One line about a file: its verdict, the profile, the result or the first
/// error.
fn summary(name: &str, checked: &Checked, profile: Profile) -> String {
    let name = escape_line(name);
    let moves: usize = checked.games.iter().map(|g| g.plies.len()).sum();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let warnings = checked
        .all_problems()
        .filter(|p| p.severity == Severity::Warning)
        .count();
    let errors: Vec<&Problem> = checked
        .all_problems()
        .filter(|p| p.severity == Severity::Error)
        .collect();
    let rules = profile.name();
    if let Some(e) = errors.first() {
        let (line, column) = checked.line_col(e.span);
        let more = match errors.len() {
            1 => String::new(),
            n => format!(" (+{} more)", n - 1),
        };
        return format!(
            "{name}: invalid ({rules}): line {line}:{column}{}: {} [{}]{more}; {} replayed",
            at_move(checked, e),
            one_line(&e.message()),
            e.code(),
            plural(moves, "move"),
        );
    }
    let warned = match warnings {
        0 => String::new(),
        n => format!(" ({})", plural(n, "warning")),
    };
    let result = match checked.games.as_slice() {
        [game] => {
            let score = game.score();
            let komi = game.komi_counted();
            format!(
                "; area score black {}, white {}, komi {komi}: {}",
                score.black,
                score.white,
                asalto_go::problem::margin_text(score.margin(komi))
            )
        }
        _ => String::new(),
    };
    format!(
        "{name}: valid ({rules}){warned}, {}, {}{result}",
        plural(checked.games.len(), "game"),
        plural(moves, "move"),
    )
}

/// The report of a record, as `check` prints it for one file: the
/// summary line, then every problem (the line quoted, the label, the code,
/// help) and the board before the first illegal move. `show`, `export` and
/// `diff` print it too, on standard error, for a record with an error.
pub fn report(name: &str, checked: &Checked, profile: Profile, color: bool) -> String {
    let mut text = summary(name, checked, profile);
    text.push('\n');
    text.push_str(&details(name, checked, color));
    text
}

/// Every problem as every game's are shown (the file's line quoted at the
/// problem's line:column, the label under the text, `asalto::<code>`,
/// help), then the board before the first illegal move.
fn details(name: &str, checked: &Checked, color: bool) -> String {
    let mut report = GameReport::new(name);
    for p in checked.all_problems() {
        report.add(&checked.source, Entry::of(p));
    }
    let mut text = if report.is_empty() {
        String::new()
    } else {
        report.render(color)
    };
    let illegal = checked.games.iter().find_map(|g| {
        g.plies
            .iter()
            .find(|pl| pl.illegal.is_some())
            .map(|pl| (g, pl))
    });
    if let Some((game, ply)) = illegal {
        let before = game.position_after(ply.number as usize - 1);
        text.push_str(&format!(
            "\nThe board before move {} ({} {}, {}):\n",
            ply.number,
            ply.side.name(),
            asalto_go::export::gtp_vertex(ply.mv, game.size),
            ply.illegal.map_or("", |k| k.code()),
        ));
        text.push_str(&render::text(&before, render::DrawOptions::default()));
    }
    text
}
