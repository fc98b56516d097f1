//! The HTML pages of Solitaire Chess records (`export --to html`, `check
//! --format html`): the replay of an answer, one capture a move. A text
//! that is not a record has no page: `export` says why (status 1) and the
//! check page lists it as invalid with the reason.

use asalto::html::games;
use asalto::html::replay::ReplaySource;
use asalto_solitaire::Profile;

use super::super::game::Unpaged;
use super::super::input::{Opened, Shown, cannot_read};
use super::record::{LoadError, MAX_FILE, load_text, text_of};

/// The replay of the record at `path` (opened), judged under `rules`
/// (else its `rules:` line), handed to `page` with whether its answer is
/// right.
pub fn replay(
    rules: Option<Profile>,
    path: &str,
    mut opened: Opened<'_>,
    page: &mut dyn FnMut(&dyn ReplaySource, bool),
) -> Result<(), Unpaged> {
    let text = match opened.whole(MAX_FILE) {
        Ok(bytes) => text_of(path, bytes.to_vec()).map_err(Unpaged::unreadable)?,
        Err(e) => return Err(Unpaged::unreadable(cannot_read(&Shown::of(path), &e))),
    };
    let loaded = match load_text(path, text, rules) {
        Ok(loaded) => loaded,
        Err(LoadError::Unreadable(message)) => return Err(Unpaged::unreadable(message)),
        Err(LoadError::Syntax { error: e, .. }) => {
            return Err(Unpaged::invalid(format!(
                "{}: not a Solitaire Chess record: {e}; no page written",
                Shown::of(path)
            )));
        }
    };
    let checked = loaded.check();
    let source = games::Solitaire {
        checked: &checked,
        source: &loaded.text,
    };
    page(&source, checked.is_correct());
    Ok(())
}
