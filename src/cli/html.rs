//! The HTML outputs of the commands (`export --to html`, `check --format
//! html`): read and replay as the other outputs do, then hand the result to
//! the page builders of `asalto::html`.

use asalto::html::{games, replay};
use asalto_go::replay::CheckOptions as GoOptions;

use super::go::{GameArgs, Route, read_bytes, route};
use super::input::display_name;
use super::{Out, ReadArgs, Status, WriteError, error, read_record};

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
