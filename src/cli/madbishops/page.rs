//! The HTML pages of Mad Bishops records (`export --to html`, `check
//! --format html`): a record read whole, replayed for its page.

use asalto::html::games;
use asalto::html::replay::ReplaySource;
use asalto_madbishops::replay::check;

use super::super::game::{Unpaged, too_long};
use super::super::input::{Opened, display_name};
use super::record::{MAX_FILE, Settings, utf8_text};

/// The replay of the record at `path` (opened) under `settings`, handed
/// to `page` with whether it is valid: none when it cannot be read or is
/// too long for a page (status 2).
pub fn replay(
    settings: Settings,
    path: &str,
    opened: Opened<'_>,
    page: &mut dyn FnMut(&dyn ReplaySource, bool),
) -> Result<(), Unpaged> {
    let name = display_name(path);
    let text = opened
        .into_whole(path, MAX_FILE)
        .and_then(|bytes| utf8_text(path, bytes))
        .map_err(Unpaged::unreadable)?;
    let checked = check(text, &settings.options());
    if let Some(message) = too_long(&name, checked.game.plies.len()) {
        return Err(Unpaged::unreadable(message));
    }
    let source = games::MadBishops {
        checked: &checked,
        source: text,
    };
    page(&source, checked.is_valid());
    Ok(())
}
