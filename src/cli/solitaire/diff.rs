//! `asalto diff` on two Solitaire Chess records: whether they are about the
//! same puzzle under the same rules, and the first capture where their
//! answers differ, with the board before it and why a capture is wrong.
//! Answers are compared as captures, however written (algebraic,
//! coordinates or boards). Exit 0 when the answers are the same, 1 when
//! not.

use asalto_core::json::Head;
use asalto_core::json::Kind;
use asalto_solitaire::format::long_algebraic;
use asalto_solitaire::json::{StopJson, head, stop_json};
use asalto_solitaire::{Capture, Checked, Position, Problem, Profile, Verdict, render};
use serde::Serialize;

use super::super::args::common::Format;
use super::super::out::{Out, Status, WriteError};
use super::record::{Loaded, captures_word, indent, load_or_refuse, position_at};

/// One record of a comparison, in JSON.
#[derive(Serialize)]
struct SideJson<'a> {
    file: &'a str,
    rules: Profile,
    puzzle: Position,
    verdict: Verdict,
    valid: bool,
    /// Its legal captures.
    plies: usize,
    /// Its first thing wrong, or null.
    stopped: Option<StopJson>,
}

impl<'a> SideJson<'a> {
    fn new(file: &'a str, c: &Checked) -> SideJson<'a> {
        SideJson {
            file,
            rules: c.profile,
            puzzle: c.puzzle,
            verdict: c.verdict(),
            valid: c.is_correct(),
            plies: c.plies.len(),
            stopped: c.problem.as_ref().map(stop_json),
        }
    }
}

/// The first capture where two answers differ, in JSON.
#[derive(Serialize)]
struct DifferenceJson {
    /// The capture number (1-based).
    ply: usize,
    /// The board before it.
    position: Position,
    /// The reference's capture there (`null`: its answer ends, or is wrong
    /// there).
    reference: Option<String>,
    other: Option<String>,
}

/// The JSON of `diff`.
#[derive(Serialize)]
struct DiffJson<'a> {
    #[serde(flatten)]
    head: Head,
    same: bool,
    same_puzzle: bool,
    same_rules: bool,
    reference: SideJson<'a>,
    other: SideJson<'a>,
    first_difference: Option<DifferenceJson>,
}

/// The first difference of two checked answers on one puzzle.
struct Difference {
    ply: usize,
    before: Position,
    reference: Option<String>,
    other: Option<String>,
}

/// The capture `index` (0-based) of `c` in long algebraic, if legal.
fn capture_at(c: &Checked, index: usize) -> Option<String> {
    c.plies
        .get(index)
        .map(|p| long_algebraic(p.piece, p.capture))
}

/// Where the answers part, if they do; `None` when their legal captures and
/// their claims are the same.
fn first_difference(a: &Checked, b: &Checked) -> Option<Difference> {
    // The captures both answers share, as every game compares.
    fn captures(c: &Checked) -> impl Iterator<Item = Capture> + '_ {
        c.plies.iter().map(|p| p.capture)
    }
    let common =
        asalto_core::first_difference(captures(a), captures(b)).map_or(a.plies.len(), |n| n - 1);
    let same_end = common == a.plies.len()
        && common == b.plies.len()
        && a.claims_no_solution == b.claims_no_solution
        && a.problem.as_ref().map(Problem::reason) == b.problem.as_ref().map(Problem::reason);
    if same_end {
        return None;
    }
    Some(Difference {
        ply: common + 1,
        before: position_at(a, common),
        reference: capture_at(a, common),
        other: capture_at(b, common),
    })
}

/// Run `diff` on two Solitaire Chess records.
pub fn run(
    paths: [&str; 2],
    rules: Option<Profile>,
    format: Format,
    color: bool,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let mut loaded: Vec<Loaded> = Vec::new();
    for path in paths {
        match load_or_refuse(path, rules, "", color) {
            Ok(l) => loaded.push(l),
            Err(status) => return Ok(status),
        }
    }
    let (a, b) = (&loaded[0], &loaded[1]);
    let (ca, cb) = (a.check(), b.check());
    let same_puzzle = ca.puzzle == cb.puzzle;
    let same_rules = ca.profile == cb.profile;
    let difference = if same_puzzle {
        first_difference(&ca, &cb)
    } else {
        None
    };
    let same = same_puzzle && same_rules && difference.is_none();
    match format {
        Format::Json => {
            let json = DiffJson {
                head: head(ca.profile).kind(Kind::Diff),
                same,
                same_puzzle,
                same_rules,
                reference: SideJson::new(paths[0], &ca),
                other: SideJson::new(paths[1], &cb),
                first_difference: difference.map(|d| DifferenceJson {
                    ply: d.ply,
                    position: d.before,
                    reference: d.reference,
                    other: d.other,
                }),
            };
            out.line(&serde_json::to_string(&json).unwrap_or_default())?;
        }
        Format::Human => {
            out.write(&human(a, &ca, b, &cb, difference.as_ref()))?;
        }
    }
    Ok(if same {
        Status::Success
    } else {
        Status::Failure
    })
}

/// How one side reads at the first difference.
fn side_text(capture: Option<&String>, c: &Checked, ply: usize) -> String {
    match (capture, &c.problem) {
        (Some(text), _) => format!("{text}, legal"),
        (None, Some(p)) if p.ply == Some(ply) && p.reason().code() != "pieces-left" => {
            format!(
                "wrong: {} [{}]",
                asalto::text::escape_line(&p.message()),
                p.reason().code()
            )
        }
        (None, _) if c.claims_no_solution => "(the answer says: no solution)".to_string(),
        (None, _) => format!(
            "(the answer ends here, after {})",
            captures_word(c.plies.len())
        ),
    }
}

fn human(a: &Loaded, ca: &Checked, b: &Loaded, cb: &Checked, d: Option<&Difference>) -> String {
    let mut s = String::new();
    s.push_str(&format!("reference: {}\n", super::check::summary(a, ca)));
    s.push_str(&format!("other:     {}\n", super::check::summary(b, cb)));
    if ca.puzzle != cb.puzzle {
        s.push_str(&format!(
            "different puzzles: {} and {}\n",
            ca.puzzle, cb.puzzle
        ));
        return s;
    }
    if ca.profile != cb.profile {
        s.push_str(&format!(
            "different rules: {} and {} (--rules judges both alike)\n",
            ca.profile, cb.profile
        ));
    }
    let Some(d) = d else {
        if ca.profile == cb.profile {
            let what = if ca.claims_no_solution {
                "both say: no solution".to_string()
            } else {
                captures_word(ca.plies.len())
            };
            s.push_str(&format!("same answer: {what}\n"));
        }
        return s;
    };
    s.push_str(&format!("\nfirst difference: capture {}\n", d.ply));
    s.push_str(&format!(
        "  reference: {}\n",
        side_text(d.reference.as_ref(), ca, d.ply)
    ));
    s.push_str(&format!(
        "  other:     {}\n",
        side_text(d.other.as_ref(), cb, d.ply)
    ));
    s.push_str(&format!(
        "\nthe board before capture {} ({}):\n",
        d.ply, d.before
    ));
    s.push_str(&indent(&render::ascii(&d.before, None)));
    s
}
