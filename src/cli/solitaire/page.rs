//! The HTML pages of Solitaire Chess records: `export --to html` (the
//! replay page of an answer, one capture a move) and the entry of a record
//! on the page of `check --format html`. A record that is not one (its text
//! cannot be read as a puzzle and an answer) has no page: `export` says
//! why (status 1) and the check page lists it as invalid with the reason.

use asalto::html::check::{FileEntry, Verdict};
use asalto::html::{games, replay};
use asalto_solitaire::Profile;

use super::super::input::{Opened, Shown, cannot_read, display_name};
use super::super::{Out, Status, WriteError, error};
use super::{LoadError, MAX_FILE, load, load_text, text_of};

/// The replay page of the record at `path`, opening on position `ply`: 0
/// for a right answer, 1 for a wrong one (its page shows where it
/// breaks) or a text that is not a record, 2 when it cannot be read.
pub fn export(
    path: &str,
    rules: Option<Profile>,
    ply: Option<usize>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let loaded = match load(path, rules) {
        Ok(loaded) => loaded,
        Err(LoadError::Unreadable(message)) => {
            error(&message);
            return Ok(Status::Error);
        }
        Err(LoadError::Syntax { error: e, .. }) => {
            error(&format!(
                "{}: not a Solitaire Chess record: {e}; no page written",
                Shown::of(path)
            ));
            return Ok(Status::Failure);
        }
    };
    let checked = loaded.check();
    let source = games::Solitaire {
        checked: &checked,
        source: &loaded.text,
    };
    let options = replay::PageOptions {
        name: display_name(path),
        ply,
    };
    out.write(&replay::page(&source, &options))?;
    Ok(if checked.is_correct() {
        Status::Success
    } else {
        Status::Failure
    })
}

/// The entry of the record at `path` (opened) on the check page.
pub fn entry(path: &str, mut opened: Opened<'_>, rules: Option<Profile>) -> FileEntry {
    let name = display_name(path);
    let loaded = match opened.whole(MAX_FILE) {
        Ok(bytes) => text_of(path, bytes.to_vec()).map_err(LoadError::Unreadable),
        Err(e) => Err(LoadError::Unreadable(cannot_read(&Shown::of(path), &e))),
    };
    match loaded.and_then(|text| load_text(path, text, rules)) {
        Ok(loaded) => {
            let checked = loaded.check();
            FileEntry::of(
                &name,
                &games::Solitaire {
                    checked: &checked,
                    source: &loaded.text,
                },
            )
        }
        Err(LoadError::Unreadable(message)) => FileEntry::unreadable(&name, &message),
        Err(LoadError::Syntax { error: e, .. }) => {
            let mut entry =
                FileEntry::unreadable(&name, &format!("not a Solitaire Chess record: {e}"));
            entry.verdict = Verdict::Invalid;
            entry
        }
    }
}
