//! The HTML pages of Solitaire Chess records (`export --to html`, `check
//! --format html`): the replay of an answer, one capture a move. A text
//! that is not a record has no page: `export` says why (status 1) and the
//! check page lists it as invalid with the reason, or, for a collection of
//! puzzles, says what it is.

use asalto::html::games;
use asalto::html::replay::ReplaySource;
use asalto_solitaire::Profile;

use super::super::game::Unpaged;
use super::super::input::{Opened, Shown, cannot_read};
use super::record::{LoadError, MAX_FILE, collection, load_text, text_of};

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
    let not_record = |text: &str| {
        collection(text).map(|puzzles| {
            Unpaged::not_record(format!(
                "a collection of {puzzles} puzzles, not a record: `asalto solve {}` solves them",
                Shown::of(path)
            ))
        })
    };
    let loaded = match load_text(path, text, rules) {
        Ok(loaded) => loaded,
        Err(LoadError::Unreadable(message)) => return Err(Unpaged::unreadable(message)),
        Err(LoadError::Syntax { text, error: e, .. }) => {
            if let Some(unpaged) = not_record(&text) {
                return Err(unpaged);
            }
            return Err(Unpaged::invalid(format!(
                "{}: not a Solitaire Chess record: {e}; no page written",
                Shown::of(path)
            )));
        }
    };
    let checked = loaded.check();
    if !checked.is_correct()
        && let Some(unpaged) = not_record(&loaded.text)
    {
        return Err(unpaged);
    }
    let source = games::Solitaire {
        checked: &checked,
        source: &loaded.text,
    };
    page(&source, checked.is_correct());
    Ok(())
}
