//! `asalto export` on a Go record: the main line as a JSON game document
//! (`game: "go"`, `rules`), canonical SGF, GTP commands, or the 2019
//! assignment's Prolog terms.

use asalto::text::escape_line;
use asalto_go::json::GameJson;
use asalto_go::replay::CheckOptions;
use asalto_go::{Profile, Severity, export};

use super::super::export::Target;
use super::super::input::display_name;
use super::super::{Out, Status, WriteError, error};
use super::read_bytes;

/// What `export` asks of a Go record.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile the record is replayed under.
    pub profile: Profile,
    /// Skip damage with warnings.
    pub lenient: bool,
    /// What to write.
    pub to: Target,
    /// Indent the JSON document.
    pub pretty: bool,
    /// Export an invalid record too (still exit 1).
    pub keep_partial: bool,
}

/// Run `export` on the Go record at `path`: nothing is written for an
/// invalid record (exit 1) unless `--keep-partial` asks for the game as
/// replayed, the moves the rules refuse included (JSON marks them
/// `illegal`).
pub fn run(path: &str, settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    let name = escape_line(&display_name(path)).into_owned();
    let bytes = match read_bytes(path) {
        Ok(bytes) => bytes,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let checked = asalto_go::check(
        &bytes,
        &CheckOptions {
            profile: Some(settings.profile),
            lenient: settings.lenient,
            all_variations: false,
        },
    );
    let mut status = Status::Success;
    if let Some(p) = checked
        .all_problems()
        .find(|p| p.severity == Severity::Error)
    {
        let (line, column) = checked.line_col(p.span);
        error(&format!(
            "{name}: invalid record ({}): line {line}:{column}: {} [{}]",
            settings.profile.name(),
            escape_line(&p.message()),
            p.code()
        ));
        status = Status::Failure;
        if !settings.keep_partial {
            return Ok(status);
        }
    }
    let Some(game) = checked.games.first() else {
        error(&format!("{name}: no game to export"));
        return Ok(Status::Failure);
    };
    let text = match settings.to {
        Target::Json => {
            let doc = GameJson::from(game);
            let json = if settings.pretty {
                serde_json::to_string_pretty(&doc)
            } else {
                serde_json::to_string(&doc)
            };
            json.unwrap_or_default() + "\n"
        }
        Target::Sgf => export::game_sgf(game),
        Target::Gtp => export::gtp_commands(game),
        Target::Prolog => format!(
            "{}board({}).\n",
            export::prolog_moves(game),
            export::prolog_board(game.position().board())
        ),
        Target::Text
        | Target::Transcript
        | Target::Input
        | Target::Codegolf
        | Target::Boards
        | Target::Html => {
            error(&format!(
                "--to {} is for another game's records; a Go record exports to json, sgf, gtp or prolog",
                settings.to.name()
            ));
            return Ok(Status::Error);
        }
    };
    out.write(&text)?;
    Ok(status)
}
