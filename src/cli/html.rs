//! The HTML outputs of the commands (`export --to html`, `check --format
//! html`): read and replay as the other outputs do, then hand the result to
//! the page builders of `asalto::html`.

use asalto::html::{games, replay};
use asalto_go::replay::CheckOptions as GoOptions;

use super::go::{GameArgs, Route, read_bytes, route};
use super::input::display_name;
use super::{Input, Out, ReadArgs, Status, WriteError, error, read_input};

/// The largest record a page is made of: a page holds every position,
/// so a record of millions of lines is refused rather than drawn.
const MAX_RECORD: u64 = 4 << 20;

/// Read an Asalto record, or a JSON game document as the record of its
/// moves: an unreadable file is an error (status 2), a document without a
/// legal game a negative answer (status 1).
fn read_record(path: &str) -> Result<Input, (Status, String)> {
    if path != "-"
        && let Ok(meta) = std::fs::metadata(path)
        && meta.len() > MAX_RECORD
    {
        return Err((
            Status::Error,
            format!(
                "{}: larger than {} MiB: too large for a page",
                asalto::text::escape_line(path),
                MAX_RECORD >> 20
            ),
        ));
    }
    let input = read_input(path).map_err(|m| (Status::Error, m))?;
    let text = input.text.trim_start_matches('\u{feff}').trim_start();
    if !text.starts_with('{') {
        return Ok(input);
    }
    let name = asalto::text::escape_line(&input.name).into_owned();
    let text =
        super::input::document_record(&name, &input.text).map_err(|m| (Status::Failure, m))?;
    Ok(Input {
        name: input.name,
        text,
    })
}

/// Solitaire Chess has no replay page yet: its pages are the boards of
/// `export --to boards`.
const SOLITAIRE_NOT_YET: &str = "--to html and --format html do not read Solitaire Chess records yet (export --to boards draws every position as text)";

/// `export --to html`: the replay page of the record at `path`, opening on
/// position `ply`. An invalid record still gives its page (the page shows
/// where it breaks), with status 1.
pub fn export(
    path: &str,
    game: &GameArgs,
    read: ReadArgs,
    ply: Option<usize>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let options = replay::PageOptions {
        name: display_name(path),
        ply,
    };
    match route(game, std::slice::from_ref(&path.to_string())) {
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
        Ok(Route::Solitaire(_)) => {
            error(SOLITAIRE_NOT_YET);
            Ok(Status::Error)
        }
        Ok(Route::Go(profile)) => {
            let bytes = match read_bytes(path) {
                Ok(bytes) => bytes,
                Err(message) => {
                    error(&message);
                    return Ok(Status::Error);
                }
            };
            let checked = asalto_go::check(
                &bytes,
                &GoOptions {
                    profile: Some(profile),
                    lenient: read.lenient(),
                    all_variations: false,
                },
            );
            let Some(first) = checked.games.first() else {
                error(&format!(
                    "{}: no game to replay",
                    asalto::text::escape_line(&options.name)
                ));
                return Ok(Status::Failure);
            };
            let source = games::Go {
                checked: &checked,
                game: first,
            };
            out.write(&replay::page(&source, &options))?;
            Ok(if checked.is_valid() {
                Status::Success
            } else {
                Status::Failure
            })
        }
        Ok(Route::Asalto) => {
            let input = match read_record(path) {
                Ok(input) => input,
                Err((status, message)) => {
                    error(&message);
                    return Ok(status);
                }
            };
            let checked = asalto::replay::check(&input.text, read.options());
            let source = games::Asalto {
                checked: &checked,
                source: &input.text,
                rules: asalto::Rules::default().name(),
            };
            out.write(&replay::page(&source, &options))?;
            Ok(if checked.is_valid() {
                Status::Success
            } else {
                Status::Failure
            })
        }
    }
}
