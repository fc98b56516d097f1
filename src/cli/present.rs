//! What several games' paths say the same way: the position `show`
//! draws and the note that says why it is not the one asked for, the
//! sentence of an invalid record `export` leaves out.

use super::input::Shown;
use super::out::error;

/// The move `show` draws the position after, and the note that says why
/// it is not the one asked for or that the record is invalid: `ply` is
/// the move asked for (default: the last), `len` how many moves are valid,
/// `stop` what makes the record invalid, if anything does.
pub fn shown_ply(ply: Option<usize>, len: usize, stop: Option<String>) -> (usize, Option<String>) {
    let moves = |n: usize| format!("{n} move{}", if n == 1 { "" } else { "s" });
    match (ply, stop) {
        (Some(n), None) if n > len => (
            len,
            Some(format!(
                "--ply {n}: the record has only {}; showing the position after its last move",
                moves(len)
            )),
        ),
        (Some(n), Some(stop)) if n > len => (
            len,
            Some(format!(
                "--ply {n}: {stop}; it is valid for {} only; showing the position after move {len}, the last valid one",
                moves(len)
            )),
        ),
        (None, Some(stop)) => (
            len,
            Some(format!(
                "{stop}; it is valid for {} only; showing the position after move {len}, the last valid one",
                moves(len)
            )),
        ),
        (Some(n), Some(stop)) => (
            n,
            Some(format!(
                "{stop}; it is valid for {}, and this position is in its valid part",
                moves(len)
            )),
        ),
        (n, None) => (n.unwrap_or(len), None),
    }
}

/// What `export` says of a record with an error, after the report of
/// it, and whether it goes on: with `keep_partial`, `exporting` (what it
/// writes: `its valid part, 3 moves`; nothing said without one); else
/// that nothing is exported and what `--keep-partial` would write
/// (`exports`). `what` is the fault: `invalid record`, `wrong answer`.
pub fn export_partial(
    name: &Shown<'_>,
    what: &str,
    keep_partial: bool,
    exporting: Option<&str>,
    exports: &str,
) -> bool {
    if keep_partial {
        if let Some(exporting) = exporting {
            error(&format!("{name}: {what}; exporting {exporting}"));
        }
        return true;
    }
    error(&format!(
        "{name}: {what}; nothing exported (--keep-partial exports {exports})"
    ));
    false
}
