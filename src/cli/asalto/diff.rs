//! `asalto diff` of two Asalto records (or JSON game documents): read in
//! step up to their first difference, the position before it, both moves
//! and why one is illegal; then a unified diff of the two canonical
//! records.

use asalto::compare::{Compared, Comparer, Entry, Which};
use asalto::json::{DiffFileJson, DiffJson, DifferenceJson};
use asalto::render;
use asalto::replay::{Problem, Severity};
use asalto::text::{DiffLimits, bounded_diff};

use super::super::args::common::Format;
use super::super::args::diff::Args;
use super::super::input::display_name;
use super::super::out::{Out, Status, WriteError, error};
use super::check::summary;
use super::read::{RecordLines, read_options};
use super::show::{glyphs, legal_moves_text};

/// `diff` of two Asalto records.
pub fn diff(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let name = |path: &str| display_name(path);
    let (mut reference_buf, mut other_buf) = (Vec::new(), Vec::new());
    let opened = RecordLines::open(&args.reference, &mut reference_buf).and_then(|reference| {
        RecordLines::open(&args.other, &mut other_buf).map(|other| (reference, other))
    });
    let (reference, other) = match opened {
        Ok(both) => both,
        Err(failure) => return Ok(failure.report()),
    };
    let limits = DiffLimits::default();
    let options = read_options(args.read);
    let comparison = match compare_streams(reference, other, options, limits) {
        Ok(comparison) => comparison,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let (reference, other) = (name(&args.reference), name(&args.other));
    let (unified, note) = unified_diff(&comparison, &reference, &other, limits);
    match args.format {
        Format::Json => {
            let json = DiffJson {
                head: asalto::json::HEAD.kind(asalto_core::json::Kind::Diff),
                diff_note: note,
                same: comparison.same(),
                reference: DiffFileJson::new(&args.reference, &comparison.reference.checked),
                other: DiffFileJson::new(&args.other, &comparison.other.checked),
                first_difference: comparison
                    .first_difference
                    .as_ref()
                    .map(DifferenceJson::new),
                diff: unified,
            };
            out.line(&serde_json::to_string(&json).unwrap_or_default())?;
        }
        Format::Human => {
            let color = args.draw.color.enabled();
            out.write(&human(
                &comparison,
                &reference,
                &other,
                &unified,
                glyphs(args.draw.style),
                color,
            ))?;
            if let Some(note) = note {
                out.line(&format!("note: {note}"))?;
            }
        }
    }
    Ok(if comparison.same() {
        Status::Success
    } else {
        Status::Failure
    })
}

/// Read both records in step up to their first difference, then each to
/// its end (for its check): memory of the longest lines, and of the first
/// lines of each canonical record kept for the line diff.
fn compare_streams<'b>(
    mut reference: RecordLines<'b>,
    mut other: RecordLines<'b>,
    options: asalto::replay::CheckOptions,
    limits: DiffLimits,
) -> Result<Compared, String> {
    // One line more than the diff compares, so that it sees what it
    // leaves out.
    let mut comparer = Comparer::new(options, limits.max_lines + 1);
    while let Some(which) = comparer.wants() {
        let lines = match which {
            Which::Reference => &mut reference,
            Which::Other => &mut other,
        };
        match lines.next_line()? {
            Some(line) => comparer.push_line(which, line),
            None => comparer.end(which),
        }
    }
    for (which, lines) in [
        (Which::Reference, &mut reference),
        (Which::Other, &mut other),
    ] {
        while let Some(line) = lines.next_line()? {
            comparer.push_line(which, line);
        }
    }
    Ok(comparer.finish())
}

/// The unified diff of the two canonical records, made under limits (a
/// deadline, a number of lines, a size) so that two long records that
/// differ everywhere never take long: past them, the diff says so in a
/// note, and the first difference above stays exact.
fn unified_diff(
    c: &Compared,
    reference: &str,
    other: &str,
    limits: DiffLimits,
) -> (String, Option<String>) {
    let (a, b) = (&c.reference.canonical, &c.other.canonical);
    if c.same() {
        return (String::new(), None);
    }
    let d = bounded_diff(a, b, reference, other, limits);
    let mut text = d.text;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    (text, d.note)
}

/// How an entry of the first difference reads: the move and, when it is
/// not legal, why.
fn entry_text(entry: &Option<Entry>, problem: &Option<Problem>, valid_plies: usize) -> String {
    let Some(entry) = entry else {
        return "(the record ends here)".to_string();
    };
    let mut text = format!(
        "{}  (line {})",
        asalto::text::escape_line(&entry.written),
        entry.line
    );
    match (entry.mv, problem) {
        (Some(mv), _) => {
            if mv.to_string() != entry.written {
                text.push_str(&format!(", completed to {mv}"));
            }
            text.push_str(", legal");
        }
        (None, Some(p)) if p.severity == Severity::Error => {
            // The entry names the move already.
            let message = p.bare_message();
            text.push_str(&format!("\n    illegal: {message} [{}]", p.reason().code()));
            if let Some(help) = &p.help() {
                for (i, line) in help.lines().enumerate() {
                    let lead = if i == 0 { "    help: " } else { "          " };
                    text.push_str(&format!("\n{lead}{line}"));
                }
            }
        }
        _ => text.push_str(&format!(
            ", not checked: the record is invalid after move {valid_plies}"
        )),
    }
    text
}

fn human(
    c: &Compared,
    reference: &str,
    other: &str,
    unified: &str,
    glyphs: &render::Glyphs,
    color: bool,
) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "reference: {}\n",
        summary(reference, &c.reference.checked)
    ));
    s.push_str(&format!(
        "other:     {}\n",
        summary(other, &c.other.checked)
    ));
    let Some(d) = &c.first_difference else {
        s.push_str(&format!(
            "same game: {} move{}\n",
            c.reference.entries,
            if c.reference.entries == 1 { "" } else { "s" }
        ));
        return s;
    };
    s.push_str(&format!(
        "\nfirst difference: move {} ({})\n",
        d.ply, d.side
    ));
    s.push_str(&format!(
        "  reference: {}\n",
        entry_text(
            &d.reference,
            &d.reference_problem,
            c.reference.checked.plies()
        )
    ));
    s.push_str(&format!(
        "  other:     {}\n",
        entry_text(&d.other, &d.other_problem, c.other.checked.plies())
    ));
    match d.position {
        Some(pos) => {
            s.push_str(&format!("\nposition before move {} ({pos}):\n", d.ply));
            s.push_str(&render::draw_styled(
                pos.board(),
                glyphs,
                &render::Marks::default(),
                color,
            ));
            s.push_str(&format!("legal moves: {}\n", legal_moves_text(&pos, 13)));
        }
        None => s.push_str(&format!(
            "\nno position before move {}: both records are invalid before it\n",
            d.ply
        )),
    }
    s.push('\n');
    if color {
        for line in unified.lines() {
            let style = match line.chars().next() {
                Some('+') if !line.starts_with("+++") => "\x1b[32m",
                Some('-') if !line.starts_with("---") => "\x1b[31m",
                Some('@') => "\x1b[36m",
                _ => "",
            };
            if style.is_empty() {
                s.push_str(line);
            } else {
                s.push_str(&format!("{style}{line}\x1b[0m"));
            }
            s.push('\n');
        }
    } else {
        s.push_str(unified);
    }
    s
}
