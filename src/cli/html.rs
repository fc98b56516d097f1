//! The HTML outputs of the commands (`export --to html`, `check --format
//! html`): read and replay as the other outputs do, then hand the result to
//! the page builders of `asalto::html`. Which game a file is, and whether
//! that game has a page, is the shared routing's (`games`): a game offers
//! its pages through `GameCli::page` and `GameCli::page_checker`, which
//! call the page makers here. The check page runs as `check` runs (the
//! same batch: `--jobs` threads, each file opened and read once, its game
//! told from its first bytes), its checkers giving each file's entry.

use asalto::html::check::{FileEntry, Verdict};
use asalto::html::{games, replay};
use asalto_go::replay::CheckOptions as GoOptions;

use super::batch::{self, Checker, Worker};
use super::games::{GameCli, PageChecker};
use super::input::{
    Failure, NotOpened, Opened, Shown, display_name, read_bytes, starts_like_json, streamed_record,
};
use super::utf8_input;
use super::{Format, Input, Out, ReadArgs, Status, WriteError, check as check_cmd, error};

/// The largest record a page is made of: a page holds every position,
/// so a record of millions of lines is refused rather than drawn. A JSON
/// game document is judged by the record of its moves, not its size.
const MAX_RECORD: u64 = 4 << 20;

/// The most moves a page of a Mad Bishops or Go record draws: a page holds
/// every position (a Go page about 1.2 KB a move while it is made: 42 MB
/// for 30,000 moves, GNU `time -v`, 2026-11-27), and nothing in either
/// game's rules ends a game that goes round in circles (quiet Mad Bishops
/// moves, Go passes and kos), so such a record is refused rather than
/// drawn; games of the assignments and of Go players end in well under a
/// thousand moves.
pub const MAX_PAGE_MOVES: usize = 5000;

/// Why the replay of `name`, of `moves` moves, is too long for a page, if
/// it is.
pub fn too_long(name: &str, moves: usize) -> Option<String> {
    (moves > MAX_PAGE_MOVES).then(|| {
        format!(
            "{}: {moves} moves: too long for a page (at most {MAX_PAGE_MOVES})",
            asalto::text::escape_line(name)
        )
    })
}

/// Why the first game of the Go record `bytes` (named `name`) is too long
/// for a page, if it is: counted by a replay that keeps no ply, before
/// the replay that keeps every ply for the page, so that no record makes
/// a page hold more than [`MAX_PAGE_MOVES`] of them.
fn go_too_long(name: &str, bytes: &[u8], options: &GoOptions) -> Option<String> {
    let counted = asalto_go::check_tally(bytes, options, asalto_go::replay::Tally::default());
    too_long(name, counted.games.first().map_or(0, |g| g.moves()))
}

/// Read an Asalto record, or a JSON game document as the record of its
/// moves ([`page_record`]).
fn read_record(path: &str) -> Result<Input, (Status, String)> {
    let mut buf = Vec::new();
    let opened = match Opened::open(path, &mut buf) {
        Ok(opened) => opened,
        Err(NotOpened::Unreadable(message)) => return Err((Status::Error, message)),
        Err(NotOpened::Folder) => {
            return Err((
                Status::Error,
                format!("cannot read {}: it is a directory", Shown::of(path)),
            ));
        }
    };
    page_record(path, opened)
}

/// The record a page is made of, from `opened` (the input at `path`): a
/// record's text, at most [`MAX_RECORD`] bytes, or the record of the moves
/// of a JSON game document, read as a stream as `check` reads it (the
/// document may be of any size, its record at most [`MAX_RECORD`] bytes).
/// An unreadable or too large input is an error (status 2), a document
/// without a legal game a negative answer (status 1).
fn page_record(path: &str, mut opened: Opened<'_>) -> Result<Input, (Status, String)> {
    let name = display_name(path);
    if starts_like_json(opened.head()) {
        return match streamed_record(opened.lines(), &Shown::of(path), MAX_RECORD as usize) {
            Ok(text) => Ok(Input { name, text }),
            Err(Failure::Unreadable(message)) => Err((Status::Error, message)),
            Err(Failure::Document(message)) => Err((Status::Failure, message)),
        };
    }
    let bytes = opened
        .whole_or_why(path, MAX_RECORD)
        .map_err(|m| (Status::Error, m))?;
    utf8_input(path, bytes.to_vec()).map_err(|m| (Status::Error, m))
}

/// The status of a page of a record: 0 valid, 1 invalid.
fn page_status(valid: bool) -> Status {
    if valid {
        Status::Success
    } else {
        Status::Failure
    }
}

/// `export --to html` of an Asalto record (or JSON game document): the
/// replay page of the record at `path`, opening on position `ply`. An
/// invalid record still gives its page (the page shows where it breaks),
/// with status 1.
pub fn asalto_page(
    path: &str,
    read: ReadArgs,
    ply: Option<usize>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let options = replay::PageOptions {
        name: display_name(path),
        ply,
    };
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
    Ok(page_status(checked.is_valid()))
}

/// `export --to html` of a Go record: the page of its first game under
/// `profile`, as [`asalto_page`].
pub fn go_page(
    path: &str,
    profile: asalto_go::Profile,
    read: ReadArgs,
    ply: Option<usize>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let options = replay::PageOptions {
        name: display_name(path),
        ply,
    };
    let bytes = match read_bytes(path) {
        Ok(bytes) => bytes,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let go_options = GoOptions {
        profile: Some(profile),
        lenient: read.lenient(),
        all_variations: false,
    };
    if let Some(message) = go_too_long(&options.name, &bytes, &go_options) {
        error(&message);
        return Ok(Status::Error);
    }
    let checked = asalto_go::check(&bytes, &go_options);
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
    Ok(page_status(checked.is_valid()))
}

/// The makers of the entries on the check page of one game: a function of
/// a file's path and its opened input.
struct Pages<F>(F);

impl<F> Checker<FileEntry> for Pages<F>
where
    F: for<'b> Fn(&str, Opened<'b>) -> FileEntry + Sync,
{
    fn worker(&self) -> Worker<'_, FileEntry> {
        Box::new(|path, opened| (self.0)(path, opened))
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> FileEntry {
        FileEntry::unreadable(&path.map(display_name).unwrap_or_default(), &message)
    }
}

/// A game's page checker: `entry` makes the entry of one opened file.
pub fn pages<'a, F>(entry: F) -> PageChecker<'a>
where
    F: for<'b> Fn(&str, Opened<'b>) -> FileEntry + Sync + 'a,
{
    Box::new(Pages(entry))
}

/// The entry of the Asalto record at `path` (opened) on the check page.
pub fn asalto_entry(
    path: &str,
    opened: Opened<'_>,
    options: asalto::replay::CheckOptions,
) -> FileEntry {
    let name = display_name(path);
    match page_record(path, opened) {
        Err((_, message)) => FileEntry::unreadable(&name, &message),
        Ok(input) => {
            let checked = asalto::replay::check(&input.text, options);
            FileEntry::of(
                &name,
                &games::Asalto {
                    checked: &checked,
                    source: &input.text,
                    rules: asalto::Rules::default().name(),
                },
            )
        }
    }
}

/// The entry of the Go record at `path` (opened) on the check page (its
/// first game, under `profile`).
pub fn go_entry(
    path: &str,
    mut opened: Opened<'_>,
    profile: asalto_go::Profile,
    lenient: bool,
) -> FileEntry {
    let name = display_name(path);
    let bytes = match opened.whole_or_why(path, super::input::MAX_FILE) {
        Ok(bytes) => bytes,
        Err(message) => return FileEntry::unreadable(&name, &message),
    };
    let options = GoOptions {
        profile: Some(profile),
        lenient,
        all_variations: false,
    };
    if let Some(message) = go_too_long(&name, bytes, &options) {
        return FileEntry::unreadable(&name, &message);
    }
    let checked = asalto_go::check(bytes, &options);
    match checked.games.first() {
        Some(first) => FileEntry::of(
            &name,
            &games::Go {
                checked: &checked,
                game: first,
            },
        ),
        None => {
            let mut e = FileEntry::unreadable(&name, "no game in the file");
            e.verdict = Verdict::Invalid;
            e
        }
    }
}

/// `check --format html`: every record of the arguments (folders expanded
/// as `check` expands them, each file by its own game) on one page, valid
/// or where it breaks, in the order given whatever `--jobs`. A game without
/// a page refuses the batch before any file is read. The status is
/// `check`'s: 1 if any record is invalid, 2 if any could not be read.
pub fn check(args: &check_cmd::Args, out: &mut Out) -> Result<Status, WriteError> {
    use asalto::html::check::page;
    let extensions = args.extensions();
    let make = |game: &'static dyn GameCli, rules, _full| game.page_checker(args, rules);
    let (targets, checkers, settings) =
        match check_cmd::plan(args, args.files.clone(), &extensions, Format::Human, &make) {
            Ok(ready) => ready,
            Err(message) => {
                error(&message);
                return Ok(Status::Error);
            }
        };
    let checkers: Vec<&dyn Checker<FileEntry>> = checkers.iter().map(|c| &**c).collect();
    let mut entries = Vec::new();
    let ended = batch::each(&targets, &checkers, &settings, &mut |entry| {
        entries.push(entry);
        Ok(())
    })?;
    if let Err(message) = ended {
        error(&message);
        return Ok(Status::Error);
    }
    out.write(&page(&entries))?;
    Ok(entries.iter().fold(Status::Success, |s, e| {
        s.worst(match e.verdict {
            Verdict::Valid => Status::Success,
            Verdict::Invalid => Status::Failure,
            Verdict::Unreadable => Status::Error,
        })
    }))
}

/// A failure's typed position drawn by its game, as `show --format svg`
/// draws it: for Go, the board asked about, the point of the move asked
/// for framed, the colour to play said under it.
#[cfg(target_os = "linux")]
fn diagram_svg(diagram: &asalto::grade::report::Diagram) -> String {
    use asalto::grade::report::Diagram;
    use asalto_go::render::{DrawOptions, svg};
    match diagram {
        Diagram::Go {
            board,
            to_play,
            point,
        } => {
            let side = to_play.unwrap_or(asalto_go::Side::Black);
            let pos =
                asalto_go::Position::from_board(board.clone(), side, asalto_go::Profile::Seed2019);
            let caption = match (to_play, point) {
                (Some(side), Some(p)) => vec![format!("{side} to play at {}", p.gtp(board.size()))],
                _ => Vec::new(),
            };
            let options = DrawOptions {
                territory: false,
                mark: *point,
            };
            svg(&pos, options, &caption)
        }
        Diagram::Solitaire { position } => asalto_solitaire::render::svg(position, None, &[]),
    }
}

/// `grade --format html --out DIR`: `index.html` (the class table) and a
/// page per submission, written into `dir` (created if missing) as one
/// whole: see [`replace_report`]. A failure's position is drawn by its
/// game where the failure carries it typed (Go, Solitaire Chess), as an
/// Asalto board where it is an Asalto position string, else shown as the
/// report's text board.
#[cfg(target_os = "linux")]
pub fn grade<K: asalto::grade::CheckKind>(
    dir: &std::path::Path,
    reports: &[asalto::grade::report::SubmissionReport<K>],
    kinds: &[K],
    facts: &asalto::grade::report::RunFacts<'_, K>,
) -> Result<usize, String> {
    use asalto::html::grade::{index_page, page_file, submission_page};
    let board = |f: &asalto::grade::report::Failure| -> Option<String> {
        if let Some(diagram) = &f.diagram {
            return Some(diagram_svg(diagram));
        }
        let pos: asalto::Position = f.position.as_deref()?.parse().ok()?;
        Some(asalto::render::svg(pos.board(), None, &[]))
    };
    let mut pages = vec![("index.html".to_string(), index_page(reports, kinds, facts))];
    for (i, r) in reports.iter().enumerate() {
        pages.push((page_file(i, &r.name), submission_page(r, &board)));
    }
    replace_report(dir, &pages)?;
    Ok(pages.len())
}

/// `cannot write PATH: why`.
#[cfg(target_os = "linux")]
fn cannot_write(path: &std::path::Path, why: &str) -> String {
    format!(
        "cannot write {}: {why}",
        asalto::text::escape_line(&path.display().to_string())
    )
}

/// Whether `name` is a file of a grading report: `index.html`, or a
/// submission's page (`007-ana.html`, `012.html`).
#[cfg(target_os = "linux")]
fn report_file(name: &str) -> bool {
    if name == "index.html" {
        return true;
    }
    let Some(stem) = name.strip_suffix(".html") else {
        return false;
    };
    let digits = stem.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &stem[digits..];
    digits >= 3
        && (rest.is_empty()
            || rest.strip_prefix('-').is_some_and(|slug| {
                slug.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
            }))
}

/// The folder a report goes to, as it will be replaced: `dir` itself, or
/// the folder a link named `dir` leads to (the teacher's own link), made
/// absolute; whether it exists. A folder that holds anything but a
/// report's pages (a report replaces the folder whole) is refused, so is
/// a path that is not a folder.
///
/// # Errors
///
/// Why the report cannot go there.
#[cfg(target_os = "linux")]
pub fn report_folder(dir: &std::path::Path) -> Result<(std::path::PathBuf, bool), String> {
    let path = std::path::absolute(dir).map_err(|e| cannot_write(dir, &e.to_string()))?;
    let meta = match std::fs::metadata(&path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((path, false)),
        Err(e) => return Err(cannot_write(dir, &super::input::io_reason(&e))),
    };
    if !meta.is_dir() {
        return Err(cannot_write(dir, "it is not a folder"));
    }
    let path = std::fs::canonicalize(&path).map_err(|e| cannot_write(dir, &e.to_string()))?;
    let mut foreign: Vec<String> = std::fs::read_dir(&path)
        .map_err(|e| cannot_write(dir, &super::input::io_reason(&e)))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !report_file(name))
        .collect();
    if !foreign.is_empty() {
        foreign.sort();
        let n = foreign.len();
        foreign.truncate(5);
        let more = if n > 5 {
            format!(" and {} more", n - 5)
        } else {
            String::new()
        };
        return Err(cannot_write(
            dir,
            &format!(
                "the folder holds files that are not a grading report's ({}{more}); the report replaces its folder whole: give --out a new folder, or the folder of an earlier report",
                asalto::text::escape_line(&foreign.join(", "))
            ),
        ));
    }
    Ok((path, true))
}

/// Write `pages` (file name, contents) as the whole report folder `dir`,
/// so that a reader sees either the previous report whole or the new one
/// whole, never a mix, whenever the grader is stopped (even by `kill
/// -9`): every page is written (and synced) into a new folder beside
/// `dir`, which then takes its place in one step (`renameat2` with
/// `RENAME_EXCHANGE`; where the file system cannot exchange, the old
/// folder is moved aside first, so that for a moment there is no report
/// rather than a mixed one), and the old report is removed. A run
/// stopped before the exchange leaves the previous report untouched (its
/// half-written folder, hidden beside it and named after its process, is
/// removed by the next run); a run that ends well prints what it wrote.
///
/// # Errors
///
/// What could not be written or replaced, with the path.
#[cfg(target_os = "linux")]
pub fn replace_report(dir: &std::path::Path, pages: &[(String, String)]) -> Result<(), String> {
    use std::io::Write as _;
    use std::os::unix::fs::PermissionsExt;
    let (target, exists) = report_folder(dir)?;
    let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
        return Err(cannot_write(dir, "it is not a folder a report can replace"));
    };
    let name = name.to_string_lossy().into_owned();
    std::fs::create_dir_all(parent)
        .map_err(|e| cannot_write(parent, &super::input::io_reason(&e)))?;
    remove_leftovers(parent, &name);
    let staging = tempfile::Builder::new()
        .prefix(&format!(".{name}.asalto-new-{}-", std::process::id()))
        .tempdir_in(parent)
        .map_err(|e| cannot_write(parent, &super::input::io_reason(&e)))?;
    let mode = if exists {
        std::fs::metadata(&target).map_or(0o755, |m| m.permissions().mode() & 0o7777)
    } else {
        0o755
    };
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(mode))
        .map_err(|e| cannot_write(staging.path(), &super::input::io_reason(&e)))?;
    for (file, text) in pages {
        let path = staging.path().join(file);
        let written = std::fs::File::create(&path).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        written.map_err(|e| cannot_write(&target.join(file), &super::input::io_reason(&e)))?;
    }
    let staged = staging.keep();
    let placed = if exists {
        exchange(&staged, &target)
    } else {
        std::fs::rename(&staged, &target)
            .map(|()| None)
            .map_err(|e| cannot_write(dir, &super::input::io_reason(&e)))
    };
    match placed {
        Ok(old) => {
            // The previous report (a report's own files only, as
            // `report_folder` checked).
            if let Some(old) = old {
                let _ = std::fs::remove_dir_all(old);
            }
            Ok(())
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staged);
            Err(e)
        }
    }
}

/// Put the folder `staged` in the place of the folder `target` in one
/// step; where the file system cannot exchange two names, move `target`
/// aside first. Where the old folder went.
#[cfg(target_os = "linux")]
fn exchange(
    staged: &std::path::Path,
    target: &std::path::Path,
) -> Result<Option<std::path::PathBuf>, String> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    match renameat_with(CWD, staged, CWD, target, RenameFlags::EXCHANGE) {
        Ok(()) => return Ok(Some(staged.to_path_buf())),
        Err(e) if e != rustix::io::Errno::INVAL && e != rustix::io::Errno::NOSYS => {
            return Err(cannot_write(target, &std::io::Error::from(e).to_string()));
        }
        Err(_) => {}
    }
    let aside = staged.with_file_name(
        staged
            .file_name()
            .map(|n| {
                n.to_string_lossy()
                    .replacen(".asalto-new-", ".asalto-old-", 1)
            })
            .unwrap_or_default(),
    );
    std::fs::rename(target, &aside)
        .map_err(|e| cannot_write(target, &super::input::io_reason(&e)))?;
    match std::fs::rename(staged, target) {
        Ok(()) => Ok(Some(aside)),
        Err(e) => {
            // Put the old report back.
            let _ = std::fs::rename(&aside, target);
            Err(cannot_write(target, &super::input::io_reason(&e)))
        }
    }
}

/// Remove what earlier runs that were stopped left beside the report
/// folder `name` in `parent`: their half-written folders
/// (`.NAME.asalto-new-PID-…`, `.NAME.asalto-old-PID-…`) whose process is
/// gone (a run still going keeps its own).
#[cfg(target_os = "linux")]
fn remove_leftovers(parent: &std::path::Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = [".asalto-new-", ".asalto-old-"]
            .iter()
            .find_map(|tag| file.strip_prefix(&format!(".{name}{tag}")))
        else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        let alive = !pid.is_empty()
            && pid.bytes().all(|b| b.is_ascii_digit())
            && std::path::Path::new("/proc").join(pid).exists();
        if !alive && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn report_files_are_told_from_others() {
        for name in ["index.html", "001-ana.html", "012.html", "1000-a_b-c.html"] {
            assert!(report_file(name), "{name}");
        }
        for name in [
            "notes.txt",
            "01-ana.html",
            "001-Ana.html",
            "001-ana.htm",
            "x.html",
        ] {
            assert!(!report_file(name), "{name}");
        }
    }
}
