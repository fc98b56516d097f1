//! `asalto show` on a Mad Bishops record (or a position string): the
//! position after `--ply` moves drawn with coordinates (or as the report's
//! console display with `--report`), as SVG, or as one JSON object naming
//! the game and the profile.

use std::fmt::Write as _;

use asalto::text::escape_line;
use asalto_madbishops::json::{PositionJson, StopJson, stop_json};
use asalto_madbishops::render::{self, Marks};
use asalto_madbishops::replay::{Ply, check};
use asalto_madbishops::{Notation, Position};

use super::super::args::show::ShowFormat;
use super::super::input::display_name;
use super::super::out::{Out, Status, WriteError, error};
use super::super::present::shown_ply;
use super::record::{Settings, read_text};

/// What `show` asks of a Mad Bishops record.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// Moves played (default: all).
    pub ply: Option<usize>,
    /// Text, JSON or SVG.
    pub format: ShowFormat,
    /// Draw the report's console display instead of the board with
    /// coordinates.
    pub report: bool,
}

/// What is shown: a position, how it was reached, and any note.
struct View {
    /// The record's name (none for `--position`).
    name: Option<String>,
    /// Whether the record is valid.
    valid: bool,
    position: Position,
    /// Moves played, and of how many (none for `--position`).
    ply: Option<(usize, usize)>,
    last: Option<Ply>,
    note: Option<String>,
    /// The record's first error (JSON `stopped`).
    stopped: Option<StopJson>,
}

/// Run `show` on the record at `path`: 0 for a valid record; 1 when the
/// record is invalid or `--ply` is past its legal moves (the position
/// after the last legal move is shown, with a note); 2 when it cannot be
/// read.
pub fn run(
    path: &str,
    settings: Settings,
    request: Request,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let source = match read_text(path) {
        Ok(text) => text,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let checked = check(&source, &settings.options());
    let game = &checked.game;
    let len = game.plies.len();
    let stop = checked.errors().next().map(|e| {
        format!(
            "the record is invalid from line {}:{}: {} [{}]",
            e.line,
            e.column,
            e.message(),
            e.reason().code()
        )
    });
    let (shown, note) = shown_ply(request.ply, len, stop);
    let view = View {
        name: Some(display_name(path)),
        valid: checked.is_valid(),
        position: game.position_at(shown).unwrap_or_else(|| game.position()),
        ply: Some((shown, len)),
        last: shown
            .checked_sub(1)
            .and_then(|i| game.plies.get(i))
            .copied(),
        note,
        stopped: stop_json(&checked),
    };
    let status = if view.valid && view.note.is_none() {
        Status::Success
    } else {
        Status::Failure
    };
    write(&view, Some(path), request, out)?;
    Ok(status)
}

/// Run `show --position` on a Mad Bishops position string (under the
/// profile of `settings`, which decides the legal moves).
pub fn run_position(
    text: &str,
    settings: Settings,
    request: Request,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let position = match Position::from_position_string(text.trim(), settings.profile) {
        Ok(p) => p,
        Err(e) => {
            error(&format!("--position `{}`: {e}", escape_line(text)));
            return Ok(Status::Error);
        }
    };
    let view = View {
        name: None,
        valid: true,
        position,
        ply: None,
        last: None,
        note: None,
        stopped: None,
    };
    write(&view, None, request, out)?;
    Ok(Status::Success)
}

/// The first line: which position this is.
fn headline(view: &View) -> String {
    let rules = view.position.profile().name();
    match (&view.name, view.ply) {
        (Some(name), Some((ply, len))) => {
            let name = escape_line(name);
            let valid = if view.valid { "" } else { " valid moves" };
            if ply == 0 {
                format!("{name}: the start (move 0 of {len}{valid}, {rules})")
            } else {
                format!("{name}: after move {ply} of {len}{valid} ({rules})")
            }
        }
        _ => format!("position {} ({rules})", view.position.position_string()),
    }
}

/// `30. blue c3xe5 (a capture)`.
fn describe_ply(ply: &Ply) -> String {
    let capture = if ply.mv.is_capture() {
        ", a capture"
    } else {
        ""
    };
    format!(
        "{}. {} {} {}{capture}",
        ply.number,
        ply.side.name(),
        ply.mv,
        ply.mv.written(Notation::RowColumn)
    )
}

/// The text for people.
fn human(view: &View, report: bool) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{}", headline(view));
    if report {
        text.push_str(&render::report_display(&view.position));
    } else {
        let marks = Marks {
            last: view.last.map(|p| p.mv),
        };
        text.push_str(&render::text_board(view.position.board(), &marks));
    }
    if let Some(ply) = &view.last {
        let _ = writeln!(text, "last move: {}", describe_ply(ply));
    }
    let board = view.position.board();
    let _ = writeln!(text, "position: {}", view.position.position_string());
    let _ = writeln!(
        text,
        "bishops: red {}, blue {}",
        board.count(asalto_madbishops::Side::Red),
        board.count(asalto_madbishops::Side::Blue)
    );
    match view.position.outcome() {
        Some(outcome) => {
            let _ = writeln!(text, "game over: {outcome}");
        }
        None => {
            let _ = write!(
                text,
                "{} to move; {}",
                view.position.turn().name(),
                super::record::legal_moves_text(&view.position.legal_moves())
            );
        }
    }
    if let Some(note) = &view.note {
        let _ = writeln!(text, "note: {}", escape_line(note));
    }
    text
}

/// Write the view in the format asked for.
fn write(
    view: &View,
    path: Option<&str>,
    request: Request,
    out: &mut Out,
) -> Result<(), WriteError> {
    match request.format {
        ShowFormat::Human => out.write(&human(view, request.report)),
        ShowFormat::Svg => {
            if let Some(note) = &view.note {
                error(&format!("note: {}", escape_line(note)));
            }
            let mut caption = vec![headline(view)];
            if let Some(ply) = &view.last {
                caption.push(format!("last move: {}", describe_ply(ply)));
            }
            caption.push(match view.position.outcome() {
                Some(outcome) => format!("game over: {outcome}"),
                None => format!("{} to move", view.position.turn().name()),
            });
            out.write(&render::svg(
                view.position.board(),
                view.last.map(|p| p.mv),
                &caption,
            ))
        }
        ShowFormat::Json => {
            let mut value =
                serde_json::to_value(PositionJson::from(&view.position)).unwrap_or_default();
            if let Some(object) = value.as_object_mut() {
                // A position on its own: no file, no moves (null, as
                // every game's `show --position`).
                object.insert("file".into(), path.into());
                object.insert("valid".into(), (path.is_none() || view.valid).into());
                object.insert("ply".into(), view.ply.map(|(ply, _)| ply).into());
                object.insert("plies".into(), view.ply.map(|(_, len)| len).into());
                object.insert(
                    "last_move".into(),
                    // The move as a game document's `moves` give it.
                    view.last.map_or(serde_json::Value::Null, |p| {
                        serde_json::to_value(asalto_madbishops::json::PlyJson::from(&p))
                            .unwrap_or_default()
                    }),
                );
                object.insert(
                    "stopped".into(),
                    serde_json::to_value(&view.stopped).unwrap_or_default(),
                );
                object.insert(
                    "note".into(),
                    view.note
                        .clone()
                        .map_or(serde_json::Value::Null, Into::into),
                );
            }
            out.line(&value.to_string())
        }
    }
}
