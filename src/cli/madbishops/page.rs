//! The HTML pages of Mad Bishops records: `export --to html` (the replay
//! page) and the entry of a record on the page of `check --format html`.

use asalto::html::check::FileEntry;
use asalto::html::{games, replay};
use asalto_madbishops::replay::{Checked, check};

use super::super::input::{Opened, display_name};
use super::super::{Out, Status, WriteError, error};
use super::{MAX_FILE, Settings, read_text, utf8_text};

/// Why the replay of `name` is too long for a page, if it is.
fn too_long(name: &str, checked: &Checked) -> Option<String> {
    super::super::html::too_long(name, checked.game.plies.len())
}

/// The replay page of the record at `path`, opening on position `ply`: 0
/// for a valid record, 1 for an invalid one (its page shows where it
/// breaks), 2 when it cannot be read or is too long for a page.
pub fn export(
    path: &str,
    settings: Settings,
    ply: Option<usize>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let text = match read_text(path) {
        Ok(text) => text,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let name = display_name(path);
    let checked = check(&text, &settings.options());
    if let Some(message) = too_long(&name, &checked) {
        error(&message);
        return Ok(Status::Error);
    }
    let source = games::MadBishops {
        checked: &checked,
        source: &text,
    };
    let options = replay::PageOptions { name, ply };
    out.write(&replay::page(&source, &options))?;
    Ok(if checked.is_valid() {
        Status::Success
    } else {
        Status::Failure
    })
}

/// The entry of the record at `path` (opened) on the check page.
pub fn entry(path: &str, mut opened: Opened<'_>, settings: Settings) -> FileEntry {
    let name = display_name(path);
    let text = match opened
        .whole_or_why(path, MAX_FILE)
        .and_then(|bytes| utf8_text(path, bytes))
    {
        Ok(text) => text,
        Err(message) => return FileEntry::unreadable(&name, &message),
    };
    let checked = check(text, &settings.options());
    if let Some(message) = too_long(&name, &checked) {
        return FileEntry::unreadable(&name, &message);
    }
    FileEntry::of(
        &name,
        &games::MadBishops {
            checked: &checked,
            source: text,
        },
    )
}
