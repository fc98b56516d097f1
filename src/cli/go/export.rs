//! `asalto export` on a Go record: the main line as a JSON game document
//! (`game: "go"`, `rules`), canonical SGF, GTP commands, or the 2019
//! assignment's Prolog terms.

use asalto_go::{Profile, Tally, export, json};

use super::super::args::export::Target;
use super::super::out::{Out, Status, WriteError, error};
use super::super::present::export_partial;

/// What `export` asks of a Go record.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile the record is replayed under.
    pub profile: Option<Profile>,
    /// Skip damage with warnings.
    pub lenient: bool,
    /// The line of the first game tree (`--variation`; 0: the main line).
    pub variation: usize,
    /// What to write.
    pub to: Target,
    /// Indent the JSON document.
    pub pretty: bool,
    /// Export an invalid record too (still exit 1).
    pub keep_partial: bool,
    /// Colour the report of an invalid record.
    pub color: bool,
}

/// Run `export` on the Go record at `path`: nothing is written for an
/// invalid record (exit 1; its report, as `check` gives it, goes to
/// standard error) unless `--keep-partial` asks for the game as
/// replayed, the moves the rules refuse included (JSON marks them
/// `illegal`).
pub fn run(path: &str, settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    // No ply is kept: the record is checked (is it valid? its report),
    // keeping the positions at the start and at the end, then its moves
    // are replayed again as they are written.
    let options = super::load::options(settings.profile, settings.lenient, settings.variation);
    let tally = Tally::keeping(&[0, Tally::END]);
    let loaded = match super::load::load(
        path,
        settings.profile,
        settings.lenient,
        settings.variation,
        tally,
    ) {
        Ok(loaded) => loaded,
        Err(status) => return Ok(status),
    };
    let (name, checked) = (loaded.name(), &loaded.checked);
    let mut status = Status::Success;
    if loaded.report_errors(settings.color) {
        status = Status::Failure;
        if !export_partial(
            &name,
            "invalid record",
            settings.keep_partial,
            None,
            "the game as replayed",
        ) {
            return Ok(status);
        }
    }
    let Some(game) = checked.games.first() else {
        error(&format!("{name}: no game to export"));
        return Ok(Status::Failure);
    };
    let (Some(start), Some(end)) = (
        game.plies.position_after(0),
        game.plies.position_after(Tally::END),
    ) else {
        // A first game keeps the positions asked for.
        error(&format!(
            "{name}: the first and last positions were not kept"
        ));
        return Ok(Status::Error);
    };
    let text = match settings.to {
        Target::Json => {
            // Written as it is made: a board per move is far more than
            // the record.
            let Some(doc) = json::stream_replayed(checked, &options, start, end) else {
                error(&format!("{name}: no game to export"));
                return Ok(Status::Failure);
            };
            let written = if settings.pretty {
                serde_json::to_writer_pretty(out.writer(), &doc)
            } else {
                serde_json::to_writer(out.writer(), &doc)
            };
            written.map_err(|e| WriteError::from_json(&e))?;
            "\n".to_string()
        }
        // Written as they are made, as JSON is.
        Target::Sgf => {
            out.stream(|w| export::write_sgf_replayed(checked, &options, start, w))?;
            String::new()
        }
        // GTP sets a position up only by `play`: setup between moves
        // that takes a stone off, or captures, is refused before anything
        // is written, never dropped (exit 2, as a record too long for a
        // page: the format cannot hold this record).
        Target::Gtp => {
            if let Some(why) = export::gtp_unwritable(checked, &options, start) {
                let (line, column) = checked.line_col(why.span);
                error(&format!(
                    "{name}:{line}:{column}: {}; nothing exported (--to sgf keeps this setup)",
                    why.message(game.size)
                ));
                return Ok(Status::Error);
            }
            out.stream(|w| {
                export::write_gtp_replayed(checked, &options, start, w).map_err(|_| std::fmt::Error)
            })?;
            String::new()
        }
        Target::Prolog => {
            out.stream(|w| export::write_prolog_replayed(checked, &options, end, w))?;
            String::new()
        }
        // Not Go's targets: the table of games turns them away.
        Target::Text
        | Target::Transcript
        | Target::Input
        | Target::Codegolf
        | Target::Boards
        | Target::Html => String::new(),
    };
    out.write(&text)?;
    Ok(status)
}
