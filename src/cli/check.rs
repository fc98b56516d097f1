//! `asalto check`: validate record files, each by its own game (`--game`,
//! else its extension, else its content), in one batch on every core,
//! reported in the order given (or, with `--format html`, one page of
//! them all). Each game's checker is its own
//! (`GameCli::checker`); this plans the batch, and decides what the
//! arguments mean when they depend on the batch's games.

use asalto_core::GameKind;

use super::args::check::{Args, CheckFormat};
use super::args::common::{CommandName, Format, Given, Rules};
use super::batch::{self, Checker, Target};
use super::checking::Output;
use super::game::GameCli;
use super::games;
use super::input;
use super::out::{Out, Status, WriteError, error};

/// Run `check`: each file judged by its own game (`--game`, else its
/// extension, else its content), in one batch.
pub fn run(mut args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let format = match args.format {
        CheckFormat::Html => return html_page(&args, out),
        CheckFormat::Human => Format::Human,
        CheckFormat::Json => Format::Json,
    };
    // The paths move into the batch, not copied: a copy of 10,000 paths is
    // work done before the threads start.
    let files = std::mem::take(&mut args.files);
    let extensions = extensions(&args);
    let (quiet, color, strict) = (args.quiet, args.color.enabled(), args.strict);
    let make = |game: &'static dyn GameCli, rules, full| {
        let output = Output {
            format,
            full,
            quiet,
            color,
            strict,
        };
        game.checker(args.reading(rules), output)
    };
    match plan(&args, files, &extensions, format, &make) {
        Ok((targets, checkers, settings)) => {
            let checkers: Vec<&dyn Checker> = checkers.iter().map(|c| &**c).collect();
            let status = batch::run(&targets, &checkers, settings, out);
            // The process ends after the batch: the paths are left to it
            // rather than freed one by one (10,000 frees, on one thread,
            // after the last file is checked).
            std::mem::forget(targets);
            status
        }
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}

/// `check --format html`: every record of the arguments (folders expanded
/// as `check` expands them, each file by its own game) on one page, valid
/// or where it breaks, in the order given whatever `--jobs`. A game without
/// a page refuses the batch before any file is read. The status is
/// `check`'s: 1 if any record is invalid, 2 if any could not be read.
fn html_page(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    use asalto::html::check::{FileEntry, Verdict, page};
    let extensions = extensions(args);
    let make = |game: &'static dyn GameCli, rules, _full| game.page_checker(args.reading(rules));
    let (targets, checkers, settings) =
        match plan(args, args.files.clone(), &extensions, Format::Human, &make) {
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
            Verdict::Valid | Verdict::NotRecord => Status::Success,
            Verdict::Invalid => Status::Failure,
            Verdict::Unreadable => Status::Error,
        })
    }))
}

/// The extensions of the records of a folder: those of `--game`'s
/// records, else every game's.
pub fn extensions(args: &Args) -> Vec<&'static str> {
    match args.game.game {
        Some(game) => vec![games::cli(game).extension()],
        None => games::extensions(),
    }
}

/// How the batch's checker of a game is made under a profile (`None`: the
/// game's default); `full`: each problem file reported in full. `R` is what
/// a file gives: its report, or its entry on the page.
pub type Make<'a, R> =
    dyn Fn(&'static dyn GameCli, Rules, bool) -> Result<Box<dyn Checker<R> + 'a>, String> + 'a;

/// The batch of `args` ready to run, or a usage error: its `files` (the
/// paths of `args`, taken out of it), each
/// game's checker (made by `make`) and how it runs. Each file is opened
/// and read once: with `--game`, every file that game's; else each file's
/// game told from the first bytes its check reads.
///
/// Where the arguments depend on the batch's games (`--rules` must name
/// the profile of a game of the batch, and names the game of a file that
/// looks like no game's; `--first` needs a Mad Bishops record; an option
/// a game refuses, such as `--lenient` for Mad Bishops records, is refused
/// only when such a record is in the batch), the batch holds its results
/// until it has met the games that decide: the usage error, if any, comes
/// with nothing printed, as if the games had been told before any file
/// was checked.
///
/// Arguments are not looked at before they are read (a look by name costs
/// as much as the opening on small files): one found to be a folder when
/// it is read stands for its records (`extensions`) where it stands. Only
/// a single argument is looked at first, as its being a folder decides
/// how its files are reported (one file in full, several in one line each
/// and the totals).
pub fn plan<'a, R>(
    args: &'a Args,
    files: Vec<String>,
    extensions: &'a [&'a str],
    format: Format,
    make: &Make<'a, R>,
) -> Result<Ready<'a, R>, String> {
    let given = args.given();
    let asked = match args.game.game {
        Some(_) => Some(games::route(&args.game, &[], CommandName::Check, &given)?),
        None => None,
    };
    let files: Vec<Result<String, String>> = match files.as_slice() {
        [_] => input::expand_folders(&files, extensions),
        _ => files.into_iter().map(Ok).collect(),
    };
    let full = files.len() <= 1 || args.details;
    let mut settings = batch::Settings {
        jobs: args.jobs(),
        quiet: args.quiet,
        totals: files.len() > 1 && format == Format::Human,
        by_content: None,
        default: games::GAMES[0].kind(),
        gate: None,
        folders: Some(extensions),
    };
    let (checkers, checker) = match asked {
        Some(route) => {
            settings.default = route.game.kind();
            (vec![make(route.game, route.rules, full)?], Some(0))
        }
        None => {
            let rules = args.game.rules.as_deref();
            // The game whose profile `--rules` names: its files are read
            // under it, and so is a file that looks like no game's.
            let owner = games::owner(rules);
            let mut checkers = Vec::with_capacity(games::GAMES.len());
            let mut by_kind = [None; GameKind::ALL.len()];
            let mut refusals: [Option<String>; GameKind::ALL.len()] = Default::default();
            // `GAMES` is in the order of `GameKind::ALL`.
            for (i, game) in games::GAMES.into_iter().enumerate() {
                let profile = match owner {
                    Some(owner) if owner.kind() == game.kind() => games::profile(game, rules)?,
                    _ => None,
                };
                match make(game, profile, full) {
                    Ok(checker) => {
                        by_kind[i] = Some(checkers.len());
                        checkers.push(checker);
                    }
                    Err(message) => refusals[i] = Some(message),
                }
            }
            let default = owner.unwrap_or(games::GAMES[0]).kind();
            settings.by_content = Some(by_kind);
            settings.default = default;
            if rules.is_some() || !given.is_empty() || refusals.iter().any(Option::is_some) {
                let owner = owner.map(|o| o.kind());
                settings.gate = Some(Box::new(move |met: &[GameKind], finished: bool| {
                    gate(met, finished, (rules, owner, default), &given, &refusals)
                }));
            }
            (checkers, None)
        }
    };
    let targets: Vec<Target> = files
        .into_iter()
        .map(|path| Target { path, checker })
        .collect();
    Ok((targets, checkers, settings))
}

/// The usage error of a batch whose files are of the games `met` (each
/// once, in the order first met), if any, as it was told before any file
/// was read; `None` while it cannot be told (not every file is met). In
/// this order: `--rules` names no profile of a game of the batch (the
/// message of its first game, `default` for none; `owner`: the game whose
/// profile it is); an option `given` that no game of the batch reads, or
/// a way of reading one of them does not ([`games::refused`]); a game of
/// the batch refuses the arguments (the first met; `refusals` by game).
fn gate(
    met: &[GameKind],
    finished: bool,
    (rules, owner, default): (Option<&str>, Option<GameKind>, GameKind),
    given: &[Given],
    refusals: &[Option<String>],
) -> Option<Result<(), String>> {
    if let Some(rules) = rules {
        if !owner.is_some_and(|o| met.contains(&o)) {
            if !finished {
                return None;
            }
            let first = games::cli(met.first().copied().unwrap_or(default));
            if let Err(message) = games::profile(first, Some(rules)) {
                return Some(Err(message));
            }
        }
    }
    if let Some(message) = games::refused(CommandName::Check, given, met, finished) {
        return Some(Err(message));
    }
    // Wait for the games that may still refuse an option, or read it.
    if !finished && games::undecided(CommandName::Check, given, met) {
        return None;
    }
    if let Some(message) = met.iter().find_map(|g| refusals[*g as usize].clone()) {
        return Some(Err(message));
    }
    if !finished && refusals.iter().any(Option::is_some) {
        return None;
    }
    Some(Ok(()))
}

/// A batch ready to run: its files, the checkers, how it runs.
type Ready<'a, R> = (
    Vec<Target>,
    Vec<Box<dyn Checker<R> + 'a>>,
    batch::Settings<'a>,
);
