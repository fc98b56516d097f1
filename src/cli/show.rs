//! `asalto show`: a position of a game, drawn and described.

use asalto::Position;
use asalto::json::{ShowJson, StopJson, playable_moves};
use asalto::render::{self, Glyphs, Marks};
use asalto::replay::{Checked, Ply, Replayer};

use super::input::{Failure, Lines, Shown, display_name, replay_lines};
use super::{DrawArgs, Out, ReadArgs, Status, WriteError, error};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto show game.txt                     (after the last move)\n  asalto show game.txt --ply 12            (after 12 moves; 0 is the start)\n  asalto show game.txt --ply 12 --format svg > move12.svg\n  asalto show game.sgf --ply 120 --territory   (Go: by the extension, or --game go)\n  asalto show answer.txt --ply 2           (Solitaire Chess: the board after two captures)\n  asalto show --position '.../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O'\n";

/// Show a position: the board as the assignment draws it, the move that led
/// there, whose turn it is, the legal moves, and the result.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["file", "position"])))]
pub struct Args {
    /// Record file (`-` reads standard input).
    #[arg(value_name = "FILE")]
    pub(super) file: Option<String>,
    /// Show this position string instead of a record
    /// (`.../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O`).
    #[arg(long, value_name = "POSITION", conflicts_with = "ply")]
    pub(super) position: Option<String>,
    /// The position after this many moves (0: the start). Default: after the
    /// last move.
    #[arg(long, value_name = "N", value_parser = parse_ply, allow_hyphen_values = true)]
    pub(super) ply: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub(super) format: ShowFormat,
    #[command(flatten)]
    pub(super) draw: DrawArgs,
    #[command(flatten)]
    pub(super) read: ReadArgs,
    #[command(flatten)]
    pub(super) game: super::games::GameArgs,
    /// Go: mark who owns each empty point (area scoring).
    #[arg(long)]
    pub(super) territory: bool,
    #[command(flatten)]
    pub(super) bishops: super::madbishops::BishopsArgs,
    /// Mad Bishops: draw the board as the course report's console display
    /// (title, `PLAYER:` line, numbered grid).
    #[arg(long)]
    pub(super) report: bool,
}

/// Parse `--ply`: a number of moves, 0 or more.
fn parse_ply(s: &str) -> Result<usize, String> {
    if s.starts_with('-') {
        return Err(format!(
            "--ply counts moves from 0 (the start); `{s}` is no number of moves (leave --ply out to see the position after the last move)"
        ));
    }
    s.parse()
        .map_err(|_| format!("`{s}` is not a number of moves (0, 1, 2, ...)"))
}

/// The output formats of `show`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum ShowFormat {
    /// The board and a description, for people.
    #[default]
    Human,
    /// One JSON object.
    Json,
    /// An SVG picture.
    Svg,
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

/// Run `show`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let files: Vec<&str> = args.file.iter().map(String::as_str).collect();
    let route = match super::games::route(&args.game, &files) {
        Ok(route) => route,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let mut used = args.bishops.used();
    if args.report {
        used.push("--report");
    }
    if let Err(message) = super::madbishops::only_for_bishops(&[route.game.kind()], &used) {
        error(&message);
        return Ok(Status::Error);
    }
    match (&args.file, &args.position) {
        (Some(file), _) => route.game.show(&args, file, route.rules, out),
        (None, Some(position)) => route.game.show_position(&args, position, route.rules, out),
        // clap requires one of them.
        (None, None) => Ok(Status::Error),
    }
}

/// `show` of an Asalto record or position.
pub(super) fn asalto(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
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
            let glyphs = args.draw.style.glyphs();
            out.write(&human(&view, glyphs, args.draw.color.enabled()))?;
        }
        ShowFormat::Json => {
            let mut json = ShowJson::new(&view.position, view.ply, view.last.as_ref());
            if let Some(checked) = &view.checked {
                json.file = args.file.clone();
                json.valid = checked.is_valid();
                json.plies = Some(checked.plies());
                json.stopped = StopJson::of(checked);
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
    let mut replayer = Replayer::new(args.read.options(), false);
    let mut kept: Option<Ply> = None;
    let read = Lines::open(path, &mut buf)
        .map_err(Failure::Unreadable)
        .and_then(|lines| {
            replay_lines(lines, Shown::of(path), &mut replayer, &mut |ply| {
                if args.ply.is_none_or(|n| ply.number <= n) {
                    kept = Some(*ply);
                }
            })
        });
    match read {
        Ok(()) => {}
        Err(Failure::Unreadable(message)) => return Err((Status::Error, message)),
        Err(Failure::Document(message)) => return Err((Status::Failure, message)),
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

/// The move `show` draws the position after, and the note that says why
/// it is not the one asked for or that the record is invalid: `ply` is
/// the move asked for (default: the last), `len` how many moves are valid,
/// `stop` what makes the record invalid, if anything does.
pub(super) fn shown_ply(
    ply: Option<usize>,
    len: usize,
    stop: Option<String>,
) -> (usize, Option<String>) {
    let moves = |n: usize| format!("{n} move{}", if n == 1 { "" } else { "s" });
    match (ply, stop) {
        (Some(n), None) if n > len => (
            len,
            Some(format!(
                "--ply {n}: the record has only {}; showing the position after its last move",
                moves(len)
            )),
        ),
        (Some(n), Some(stop)) if n > len => (
            len,
            Some(format!(
                "--ply {n}: {stop}; it is valid for {} only; showing the position after move {len}, the last valid one",
                moves(len)
            )),
        ),
        (None, Some(stop)) => (
            len,
            Some(format!(
                "{stop}; it is valid for {} only; showing the position after move {len}, the last valid one",
                moves(len)
            )),
        ),
        (Some(n), Some(stop)) => (
            n,
            Some(format!(
                "{stop}; it is valid for {}, and this position is in its valid part",
                moves(len)
            )),
        ),
        (n, None) => (n.unwrap_or(len), None),
    }
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
