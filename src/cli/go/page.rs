//! The HTML pages of Go records (`export --to html`, `check --format
//! html`): the first game of a record, replayed for its page.

use asalto::html::games;
use asalto::html::replay::ReplaySource;
use asalto_go::Profile;
use asalto_go::replay::CheckOptions;

use super::super::game::{Unpaged, too_long};
use super::super::input::{MAX_FILE, Opened, display_name};

/// The replay of the first game of the Go record at `path` (opened)
/// under `profile` (else the profile its `RU` names), its main line or
/// the line `variation` (`--variation`), handed to `page` with whether
/// the record is valid.
/// Its moves are counted first, by a replay that keeps no ply, so that no
/// record makes a page hold more than the most a page draws.
pub fn replay(
    profile: Option<Profile>,
    lenient: bool,
    variation: usize,
    path: &str,
    opened: Opened<'_>,
    page: &mut dyn FnMut(&dyn ReplaySource, bool),
) -> Result<(), Unpaged> {
    let name = display_name(path);
    let bytes = opened
        .into_whole(path, MAX_FILE)
        .map_err(Unpaged::unreadable)?;
    let options = CheckOptions {
        profile,
        lenient,
        all_variations: false,
        variation,
    };
    let counted = asalto_go::check_tally(bytes, &options, asalto_go::replay::Tally::default());
    if let Some(message) = too_long(&name, counted.games.first().map_or(0, |g| g.moves())) {
        return Err(Unpaged::unreadable(message));
    }
    let checked = asalto_go::check(bytes, &options);
    let Some(first) = checked.games.first() else {
        return Err(Unpaged::invalid(format!(
            "{}: no game to replay",
            asalto::text::escape_line(&name)
        )));
    };
    let source = games::Go {
        checked: &checked,
        game: first,
    };
    page(&source, checked.is_valid());
    Ok(())
}
