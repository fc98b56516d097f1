//! `asalto export` on a Mad Bishops record: the game as a JSON game
//! document (`game: "madbishops"`, `rules`, every ply in both notations),
//! as a canonical record (one move per line, in the notation asked for),
//! or as the report's Prolog board: the 10×10 list of lists of the final
//! position, 0 light square, 1 empty, 2 red, 3 blue.

use asalto_madbishops::record::write_record;
use asalto_madbishops::replay::check;
use asalto_madbishops::{Notation, prolog};

use super::super::args::export::Target;
use super::super::input::{Shown, shown_name};
use super::super::out::{Out, Status, WriteError, error, report};
use super::super::present::export_partial;
use super::record::{Settings, read_text};

/// What `export` asks of a Mad Bishops record.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// What to write.
    pub to: Target,
    /// The notation of `--to text`.
    pub notation: Notation,
    /// Indent the JSON document.
    pub pretty: bool,
    /// Export the legal part of an invalid record (still exit 1).
    pub keep_partial: bool,
    /// Colour the report of an invalid record.
    pub color: bool,
}

/// Run `export` on the record at `path`: nothing is written for an invalid
/// record (exit 1) unless `--keep-partial` asks for its legal part.
pub fn run(
    path: &str,
    settings: Settings,
    request: Request,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let name = Shown::of(path);
    let source = match read_text(path) {
        Ok(text) => text,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let checked = check(&source, &settings.options());
    let mut status = Status::Success;
    if !checked.is_valid() {
        // Every problem, as `check` reports it, then what is done.
        // The report escapes the name it is given.
        report(&super::check::full_report(
            shown_name(path),
            source.as_str(),
            &checked,
            request.color,
        ));
        status = Status::Failure;
        let legal = checked.game.plies.len();
        let moves = format!("{legal} legal move{}", if legal == 1 { "" } else { "s" });
        let exporting = format!("its legal part, {moves}");
        if !export_partial(
            &name,
            "invalid record",
            request.keep_partial,
            Some(&exporting),
            &format!("its {moves}"),
        ) {
            return Ok(status);
        }
    }
    let game = &checked.game;
    let text = match request.to {
        Target::Json => {
            let doc = asalto_madbishops::json::document(game);
            let json = if request.pretty {
                serde_json::to_string_pretty(&doc)
            } else {
                serde_json::to_string(&doc)
            };
            json.unwrap_or_default() + "\n"
        }
        Target::Text => write_record(game.moves(), request.notation),
        // Prolog; the table of games turns away the targets Mad Bishops
        // does not write.
        _ => prolog::write_board(game.position().board()),
    };
    out.write(&text)?;
    Ok(status)
}
