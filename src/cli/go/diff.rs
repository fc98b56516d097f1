//! `asalto diff` on two Go records: the first move of the main lines where
//! they differ, the board before it, and both moves; exit 0 when the games
//! are the same, 1 when not (or when either record has an error).

use asalto_go::export::gtp_vertex;
use asalto_go::replay::{Checked, Tally, tally_first};
use asalto_go::{Move, Profile, Side, render};

use super::super::args::common::Format;
use super::super::input::Shown;
use super::super::out::{Out, Status, WriteError, sorted_json};
use asalto_core::json::{Envelope, Kind};

/// A move as `black D4`, or `nothing` past the end of a game.
fn move_text(checked: &Checked<Tally>, index: usize) -> Option<String> {
    written(checked, index).map(|(side, mv)| format!("{} {mv}", side.name()))
}

/// The side and the GTP vertex of move `index`, or `None` past the end.
fn written(checked: &Checked<Tally>, index: usize) -> Option<(Side, String)> {
    let game = checked.games.first()?;
    let (side, mv) = game.plies.written().get(index)?;
    Some((*side, gtp_vertex(*mv, game.size)))
}

/// The moves of a record's main line, as they are compared (kept as
/// written, 4 bytes a move: no ply is kept).
fn main_line<'a>(checked: &'a Checked<'_, Tally>) -> impl Iterator<Item = (Side, Move)> + 'a {
    checked
        .games
        .first()
        .into_iter()
        .flat_map(|g| g.plies.written().iter().copied())
}

/// Moves of a record's main line.
fn moves(checked: &Checked<Tally>) -> usize {
    checked.games.first().map_or(0, |g| g.moves())
}

/// What `diff` asks of two Go records.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile both records are replayed under.
    pub profile: Option<Profile>,
    /// Skip damage with warnings.
    pub lenient: bool,
    /// Human or JSON.
    pub format: Format,
    /// Colour the report of an invalid record.
    pub color: bool,
}

/// Run `diff` on two Go records: a record with an error is reported in
/// full on standard error first, as `check` reports it.
pub fn run(paths: [&str; 2], settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    let Settings {
        profile,
        lenient,
        format,
        color,
    } = settings;
    let mut checked = Vec::new();
    for path in paths {
        match super::load::load(path, profile, lenient, 0, Tally::default().with_moves()) {
            Ok(loaded) => checked.push(loaded),
            Err(status) => return Ok(status),
        }
    }
    for loaded in &checked {
        loaded.report_errors(color);
    }
    let checked: Vec<Checked<Tally>> = checked.into_iter().map(|l| l.checked).collect();
    let (a, b) = (&checked[0], &checked[1]);
    // Compared as every game compares: core's `first_difference`,
    // numbered from 1.
    let first = asalto_core::first_difference(main_line(a), main_line(b)).map(|n| n - 1);
    let size_differs = a.games.first().map(|g| g.size) != b.games.first().map(|g| g.size);
    let first = if size_differs { Some(0) } else { first };
    let same = first.is_none();
    let valid = a.is_valid() && b.is_valid();
    let status = if same && valid {
        Status::Success
    } else {
        Status::Failure
    };
    let names = paths.map(Shown::of);
    match format {
        Format::Json => {
            let file = |path: &str, c: &Checked<Tally>| serde_json::json!({"file": path, "valid": c.is_valid(), "plies": moves(c)});
            let difference = |i: usize| {
                let (ra, rb) = (written(a, i), written(b, i));
                // The side to move there: either record's, else the other
                // side of the last move.
                let side = ra.as_ref().or(rb.as_ref()).map(|(side, _)| side.name());
                let options = super::load::options(profile, lenient, 0);
                let again = tally_first(a, &options, Tally::keeping(&[i]));
                let before = again
                    .as_ref()
                    .and_then(|g| g.plies.position_after(i))
                    .map(|p| p.board().grid_string());
                serde_json::json!({
                    "ply": i + 1,
                    "side": side,
                    "reference": ra.map(|(_, mv)| mv),
                    "other": rb.map(|(_, mv)| mv),
                    "position": before,
                })
            };
            let body = serde_json::json!({
                "same": same,
                "reference": file(paths[0], a),
                "other": file(paths[1], b),
                "first_difference": first.map(difference),
            });
            let judged = super::load::judged(a, profile);
            let json = Envelope::headed(asalto_go::json::head(judged).kind(Kind::Diff), body);
            out.line(&sorted_json(&json))?;
        }
        Format::Human => {
            for (name, c) in names.iter().zip([a, b]) {
                if !c.is_valid() {
                    let judged = super::load::judged(c, profile);
                    out.line(&format!("{name}: invalid under {}", judged.name()))?;
                }
            }
            match first {
                None => out.line(&format!(
                    "same game: {} ({})",
                    asalto::text::count(moves(a), "move"),
                    super::load::judged(a, profile).name()
                ))?,
                Some(_) if size_differs => out.line("the boards differ in size")?,
                Some(i) => {
                    let nothing = || "nothing (the game has ended)".to_string();
                    out.line(&format!("first difference at move {}:", i + 1))?;
                    out.line(&format!(
                        "  {}: {}",
                        names[0],
                        move_text(a, i).unwrap_or_else(nothing)
                    ))?;
                    out.line(&format!(
                        "  {}: {}",
                        names[1],
                        move_text(b, i).unwrap_or_else(nothing)
                    ))?;
                    // The reference replayed again up to the difference.
                    let options = super::load::options(profile, lenient, 0);
                    let again = tally_first(a, &options, Tally::keeping(&[i]));
                    if let Some(before) = again.as_ref().and_then(|g| g.plies.position_after(i)) {
                        out.line(&format!("\nThe board before move {}:", i + 1))?;
                        out.write(&render::text(before, render::DrawOptions::default()))?;
                    }
                }
            }
        }
    }
    Ok(status)
}
