//! The HTML pages of Asalto records (`export --to html`, `check --format
//! html`): a record read whole, or the record of a JSON game document
//! read as a stream, replayed for its page.

use asalto::html::games;
use asalto::html::replay::ReplaySource;
use asalto::replay::CheckOptions;

use super::super::checking::Unjudged;
use super::super::game::Unpaged;
use super::super::input::{Opened, Shown, starts_like_json, utf8_input};
use super::read::streamed_record;

/// The largest record a page is made of: a page holds every position,
/// so a record of millions of lines is refused rather than drawn. A JSON
/// game document is judged by the record of its moves, not its size.
const MAX_RECORD: u64 = 4 << 20;

/// The replay of the record at `path` (opened), checked under `options`,
/// handed to `page` with whether it is valid. The record is the file's
/// text, at most [`MAX_RECORD`] bytes, or the record of the moves of a
/// JSON game document, read as a stream as `check` reads it (the document
/// may be of any size, its record at most [`MAX_RECORD`] bytes). An
/// unreadable or too large input has no page (status 2), nor has a
/// document without a legal game (status 1).
pub fn replay(
    options: CheckOptions,
    path: &str,
    mut opened: Opened<'_>,
    page: &mut dyn FnMut(&dyn ReplaySource, bool),
) -> Result<(), Unpaged> {
    let text = if starts_like_json(opened.head()) {
        match streamed_record(opened.lines(), &Shown::of(path), MAX_RECORD as usize) {
            Ok(text) => text,
            Err(Unjudged::Unreadable(message)) => return Err(Unpaged::unreadable(message)),
            Err(Unjudged::Document(message)) => return Err(Unpaged::invalid(message)),
        }
    } else {
        let bytes = opened
            .whole_or_why(path, MAX_RECORD)
            .map_err(Unpaged::unreadable)?;
        utf8_input(path, bytes.to_vec())
            .map_err(Unpaged::unreadable)?
            .text
    };
    let checked = asalto::replay::check(&text, options);
    let source = games::Asalto {
        checked: &checked,
        source: &text,
        rules: asalto::Rules::default().name(),
    };
    page(&source, checked.is_valid());
    Ok(())
}
