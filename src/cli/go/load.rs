//! Reading a Go record for the commands that show one game (`show`,
//! `export`, `diff`): the record read and checked under a profile,
//! keeping no ply, with `check`'s report of an invalid one.

use asalto_go::Profile;
use asalto_go::replay::{CheckOptions, Checked, Tally};

use super::super::args::common::Rules;
use super::super::input::{Shown, read_bytes, shown_name};
use super::super::out::{Status, error, report};
use super::check;

/// The profile `--rules` named (one of Go's profiles, as the routing
/// checked), else `None`: each record's `RU`, else the SGF default.
pub fn profile(rules: Rules) -> Option<Profile> {
    rules.and_then(Profile::from_name)
}

/// The profile that judged `checked`: its first game's (`--rules`, else
/// its `RU`, else the default), or, for a file with no game, the one
/// asked for, else the default.
pub fn judged<P>(checked: &Checked<'_, P>, asked: Option<Profile>) -> Profile {
    checked
        .games
        .first()
        .map(|g| g.profile)
        .or(asked)
        .unwrap_or(Profile::SGF_DEFAULT)
}

/// A Go record read and checked for the commands that show one game
/// (keeping no ply: see [`load`]).
pub struct Loaded {
    /// The file's path as given (`-`: standard input).
    pub path: String,
    /// The record checked.
    pub checked: Checked<'static, Tally>,
}

impl Loaded {
    /// The file's name as messages show it (escaped once, here).
    pub fn name(&self) -> Shown<'_> {
        Shown::of(&self.path)
    }

    /// For a record with an error, print `check`'s report of it on
    /// standard error (every problem quoted at its line:column, with its
    /// code, label and help, and the board before the first illegal
    /// move), and say so; `color` colours the report.
    pub fn report_errors(&self, color: bool) -> bool {
        if self.checked.is_valid() {
            return false;
        }
        // The report escapes the name it is given.
        report(&check::report(shown_name(&self.path), &self.checked, color));
        true
    }
}

/// Read the record at `path` and check its main line under `profile`,
/// keeping no ply, only what `tally` asks (the positions after some
/// numbers of moves, the moves as written) and what a report needs: the
/// prologue of `show`, `export` and `diff`, which hold a record of
/// millions of moves in about the memory of its text (`export` replays
/// the moves again as it writes them). An unreadable file is reported
/// here and gives the status to exit with (2).
pub fn load(
    path: &str,
    profile: Option<Profile>,
    lenient: bool,
    variation: usize,
    tally: Tally,
) -> Result<Loaded, Status> {
    let bytes = read_bytes(path).map_err(|message| {
        error(&message);
        Status::Error
    })?;
    let checked =
        asalto_go::replay::check_tally_owned(bytes, &options(profile, lenient, variation), tally);
    Ok(Loaded {
        path: path.to_string(),
        checked,
    })
}

/// How `show`, `export` and `diff` check a record: its main line (or the
/// line `variation` of its first tree, `--variation`), under `profile`,
/// else the one its `RU` names.
pub fn options(profile: Option<Profile>, lenient: bool, variation: usize) -> CheckOptions {
    CheckOptions {
        profile,
        lenient,
        all_variations: false,
        variation,
    }
}
