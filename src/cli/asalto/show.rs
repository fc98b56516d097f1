//! `asalto show` on an Asalto record or position string: the board as
//! the assignment draws it, the move that led there, whose turn it is, the
//! legal moves, and the result.

use asalto::Position;
use asalto::json::{ShowJson, playable_moves, stop_json};
use asalto::render::{self, Glyphs, Marks};
use asalto::replay::{Checked, Ply, Replayer};

use super::super::args::common::Style;
use super::super::args::show::{Args, ShowFormat};
use super::super::checking::Unjudged;
use super::super::input::{Lines, Shown, display_name};
use super::super::out::{Out, Status, WriteError, error};
use super::super::present::shown_ply;
use super::read::{read_options, replay_lines};

/// The glyphs of `--style`.
pub fn glyphs(style: Style) -> &'static asalto::render::Glyphs {
    use asalto::render::Glyphs;
    if style.unicode() {
        &Glyphs::UNICODE
    } else {
        &Glyphs::ASCII
    }
}

/// What to show, found from the arguments.
struct View {
    /// The record's name, for a record.
    name: Option<String>,
    /// The record checked, for a record.
    checked: Option<Checked>,
    /// The position shown.
    position: Position,
    /// Moves played to reach it (`None` for `--position`).
    ply: Option<usize>,
    /// The move that led to it.
    last: Option<Ply>,
    /// Why what is shown is not exactly what was asked.
    note: Option<String>,
}

/// `show` of an Asalto record or position.
pub fn show(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let view = match view(args) {
        Ok(view) => view,
        Err((status, message)) => {
            error(&message);
            return Ok(status);
        }
    };
    let status = match (&view.checked, &view.note) {
        (Some(c), _) if !c.is_valid() => Status::Failure,
        (_, Some(_)) => Status::Failure,
        _ => Status::Success,
    };
    match args.format {
        ShowFormat::Human => {
            let glyphs = glyphs(args.draw.style);
            out.write(&human(&view, glyphs, args.draw.color.enabled()))?;
        }
        ShowFormat::Json => {
            let mut json = ShowJson::new(&view.position, view.ply, view.last.as_ref());
            if let Some(checked) = &view.checked {
                json.file = args.file.clone();
                json.valid = checked.is_valid();
                json.plies = Some(checked.plies());
                json.stopped = stop_json(checked);
                json.requested_ply = args.ply;
                json.outcome = json.outcome.map(|mut o| {
                    o.ply = view.ply.unwrap_or(0);
                    o
                });
            }
            json.note = view.note.clone();
            out.line(&serde_json::to_string(&json).unwrap_or_default())?;
        }
        ShowFormat::Svg => {
            if let Some(note) = &view.note {
                error(&format!("note: {note}"));
            }
            let caption = caption(&view);
            out.write(&render::svg(
                view.position.board(),
                view.last.as_ref().map(|p| &p.mv),
                &caption,
            ))?;
        }
    }
    Ok(status)
}

fn view(args: &Args) -> Result<View, (Status, String)> {
    if let Some(text) = &args.position {
        let position: Position = text.trim().parse().map_err(|e| {
            (
                Status::Error,
                format!("--position `{}`: {e}", asalto::text::escape_line(text)),
            )
        })?;
        return Ok(View {
            name: None,
            checked: None,
            position,
            ply: None,
            last: None,
            note: None,
        });
    }
    let path = args.file.as_deref().unwrap_or("-");
    let name = display_name(path);
    // The record is replayed line by line, keeping the current position and
    // the move that reached the position to show (the latest one up to
    // `--ply`): memory of its longest line. It is read to its end even past
    // `--ply`, since what is shown says how many moves it has and whether
    // it is valid.
    let mut buf = Vec::new();
    let mut replayer = Replayer::new(read_options(args.read), false);
    let mut kept: Option<Ply> = None;
    let read = Lines::open(path, &mut buf)
        .map_err(Unjudged::Unreadable)
        .and_then(|lines| {
            replay_lines(lines, Shown::of(path), &mut replayer, &mut |ply| {
                if args.ply.is_none_or(|n| ply.number <= n) {
                    kept = Some(*ply);
                }
            })
        });
    match read {
        Ok(()) => {}
        Err(Unjudged::Unreadable(message)) => return Err((Status::Error, message)),
        Err(Unjudged::Document(message)) => return Err((Status::Failure, message)),
    }
    let checked = replayer.finish();
    let len = checked.plies();
    let stop = checked.errors().next().map(|e| {
        let at = match (e.ply, e.side) {
            (Some(ply), Some(side)) => format!(" (move {ply}, {side})"),
            _ => String::new(),
        };
        format!(
            "the record is invalid from line {}{at}: {} [{}]",
            e.line,
            e.bare_message(),
            e.reason().code()
        )
    });
    let (shown, note) = shown_ply(args.ply, len, stop);
    // The move kept is the one numbered `shown`: the last legal one, or
    // the one asked for inside the valid part.
    let last = kept.filter(|_| shown > 0);
    debug_assert_eq!(last.map_or(0, |p| p.number), shown);
    let position = last.map_or(Position::start(), |p| p.position);
    Ok(View {
        name: Some(name),
        position,
        ply: Some(shown),
        last,
        note,
        checked: Some(checked),
    })
}

/// The first line: which position this is.
fn headline(view: &View) -> String {
    match (&view.name, &view.checked, view.ply) {
        (Some(name), Some(checked), Some(ply)) => {
            let len = checked.plies();
            let valid = if checked.is_valid() {
                ""
            } else {
                " valid moves"
            };
            let name = asalto::text::escape_line(name);
            if ply == 0 {
                format!("{name}: the start (move 0 of {len}{valid})")
            } else {
                format!("{name}: after move {ply} of {len}{valid}")
            }
        }
        _ => format!("position {}", view.position),
    }
}

/// `7. officers Bd-Db-Dd-Df-Bd, capturing Db, Dd, Df`.
pub fn describe_ply(ply: &Ply) -> String {
    let mut text = format!("{}. {} {}", ply.number, ply.side, ply.mv);
    let captured: Vec<String> = ply.mv.captured().map(|p| p.to_string()).collect();
    if !captured.is_empty() {
        text.push_str(&format!(", capturing {}", captured.join(", ")));
    }
    if ply.extra.completed {
        text.push_str(&format!(
            " (written {}-{}, completed)",
            ply.mv.from(),
            ply.mv.second()
        ));
    }
    text
}

/// The result at the position of `view`.
fn result(view: &View) -> String {
    match view.position.outcome() {
        Some(outcome) => match view.ply {
            Some(ply) => format!("{outcome}, after move {ply}"),
            None => outcome.to_string(),
        },
        None => "unfinished".to_string(),
    }
}

/// `Ec-Db, Eb-Db, ...` wrapped to lines of at most `width` characters, the
/// lines after the first indented by `indent` spaces.
pub fn wrap_list(items: &[String], indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut column = indent;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        if i > 0 {
            if column + 1 + piece.len() > width {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                column = indent;
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(&piece);
        column += piece.len();
    }
    out
}

/// The legal moves of `pos` as a field value.
pub fn legal_moves_text(pos: &Position, indent: usize) -> String {
    let moves = playable_moves(pos);
    if moves.is_empty() {
        return if pos.outcome().is_some() {
            "none: the game is over".to_string()
        } else {
            "none".to_string()
        };
    }
    let items: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let head = format!("{}: ", items.len());
    format!(
        "{head}{}",
        wrap_list(&items, indent + head.len(), 78).trim_start()
    )
}

const FIELD: usize = 13;

fn field(name: &str, value: &str) -> String {
    format!("{:<FIELD$}{value}\n", format!("{name}:"))
}

fn human(view: &View, glyphs: &Glyphs, color: bool) -> String {
    let mut s = headline(view);
    s.push('\n');
    if let Some(note) = &view.note {
        s.push_str(&format!("note: {note}\n"));
    }
    s.push('\n');
    let marks = view
        .last
        .as_ref()
        .map_or_else(Marks::default, |p| Marks::of_move(&p.mv));
    s.push_str(&render::draw_styled(
        view.position.board(),
        glyphs,
        &marks,
        color,
    ));
    s.push('\n');
    match (&view.last, view.ply) {
        (Some(ply), _) => s.push_str(&field("Last move", &describe_ply(ply))),
        (None, Some(_)) => s.push_str(&field("Last move", "none: the start")),
        (None, None) => {}
    }
    let pos = &view.position;
    s.push_str(&field("To move", pos.turn().name()));
    s.push_str(&field("Legal moves", &legal_moves_text(pos, FIELD)));
    s.push_str(&field(
        "Rebels",
        &format!(
            "{} on the board, {} in the castle",
            pos.board().rebels().len(),
            pos.board().rebels_in_castle().len()
        ),
    ));
    s.push_str(&field("Result", &result(view)));
    s.push_str(&field("Position", &pos.to_string()));
    s
}

fn caption(view: &View) -> Vec<String> {
    let pos = &view.position;
    let mut lines = vec![headline(view)];
    if let Some(ply) = &view.last {
        lines.push(format!("Last move: {}", describe_ply(ply)));
    }
    let state = match pos.outcome() {
        Some(_) => format!("Result: {}", result(view)),
        None => format!(
            "{} to move: {} legal move{}",
            match pos.turn() {
                asalto::Side::Officers => "Officers",
                asalto::Side::Rebels => "Rebels",
            },
            pos.legal_moves().len(),
            if pos.legal_moves().len() == 1 {
                ""
            } else {
                "s"
            }
        ),
    };
    lines.push(state);
    lines.push(format!(
        "Rebels: {} on the board, {} in the castle",
        pos.board().rebels().len(),
        pos.board().rebels_in_castle().len()
    ));
    lines
}
