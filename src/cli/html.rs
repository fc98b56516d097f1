//! The HTML outputs of the commands (`export --to html`, `check --format
//! html`): read and replay as the other outputs do, then hand the result to
//! the page builders of `asalto::html`.

use asalto::html::{games, replay};
use asalto_go::replay::CheckOptions as GoOptions;

use super::games::{GameArgs, route};
use super::input::display_name;
use super::input::read_bytes;
use super::{Input, Out, ReadArgs, Status, WriteError, error, read_input};
use asalto_core::GameKind;

/// The largest record a page is made of: a page holds every position,
/// so a record of millions of lines is refused rather than drawn.
const MAX_RECORD: u64 = 4 << 20;

/// Read an Asalto record, or a JSON game document as the record of its
/// moves: an unreadable file is an error (status 2), a document without a
/// legal game a negative answer (status 1).
fn read_record(path: &str) -> Result<Input, (Status, String)> {
    if path != "-"
        && let Ok(meta) = std::fs::metadata(path)
        && meta.len() > MAX_RECORD
    {
        return Err((
            Status::Error,
            format!(
                "{}: larger than {} MiB: too large for a page",
                asalto::text::escape_line(path),
                MAX_RECORD >> 20
            ),
        ));
    }
    let input = read_input(path).map_err(|m| (Status::Error, m))?;
    let text = input.text.trim_start_matches('\u{feff}').trim_start();
    if !text.starts_with('{') {
        return Ok(input);
    }
    let name = asalto::text::escape_line(&input.name).into_owned();
    let text =
        super::input::document_record(&name, &input.text).map_err(|m| (Status::Failure, m))?;
    Ok(Input {
        name: input.name,
        text,
    })
}

/// The Mad Bishops settings of `files` when they are Mad Bishops records
/// (by `--game`, a Mad Bishops profile or their first move), told apart
/// before the shared routes, which do not know Mad Bishops yet and would
/// read them as Asalto's; `Some(Err)`: a usage error of that routing
/// (files mixing games), reported here.
fn bishops(
    game: &GameArgs,
    strict: bool,
    files: &[String],
) -> Option<Result<super::madbishops::Settings, ()>> {
    let routed = super::madbishops::route(game, Default::default(), strict, files)?;
    Some(routed.map_err(|message| error(&message)))
}

/// `export --to html`: the replay page of the record at `path`, opening on
/// position `ply`. An invalid record still gives its page (the page shows
/// where it breaks), with status 1.
pub fn export(
    path: &str,
    game: &GameArgs,
    read: ReadArgs,
    ply: Option<usize>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    match bishops(game, read.options().strict, &[path.to_string()]) {
        None => {}
        Some(Ok(settings)) => return super::madbishops::page::export(path, settings, ply, out),
        Some(Err(())) => return Ok(Status::Error),
    }
    let options = replay::PageOptions {
        name: display_name(path),
        ply,
    };
    let route = match route(game, &[path]) {
        Ok(route) => route,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    match route.game.kind() {
        GameKind::Solitaire => super::solitaire::page::export(
            path,
            route.rules.and_then(asalto_solitaire::Profile::from_name),
            ply,
            out,
        ),
        GameKind::MadBishops => {
            // Told apart above; `--game madbishops` always is.
            error("Mad Bishops records are read by their own routing");
            Ok(Status::Error)
        }
        GameKind::Go => {
            let profile = route
                .rules
                .and_then(asalto_go::Profile::from_name)
                .unwrap_or(asalto_go::Profile::SGF_DEFAULT);
            let bytes = match read_bytes(path) {
                Ok(bytes) => bytes,
                Err(message) => {
                    error(&message);
                    return Ok(Status::Error);
                }
            };
            let checked = asalto_go::check(
                &bytes,
                &GoOptions {
                    profile: Some(profile),
                    lenient: read.lenient(),
                    all_variations: false,
                },
            );
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
            Ok(if checked.is_valid() {
                Status::Success
            } else {
                Status::Failure
            })
        }
        GameKind::Asalto => {
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
            Ok(if checked.is_valid() {
                Status::Success
            } else {
                Status::Failure
            })
        }
    }
}

/// `check --format html`: every record of `files` (folders expanded as
/// `check` expands them) on one page, valid or where it breaks. The
/// status is `check`'s: 1 if any record is invalid, 2 if any could not be
/// read.
pub fn check(
    files: &[String],
    game: &GameArgs,
    options: asalto::replay::CheckOptions,
    out: &mut Out,
) -> Result<Status, WriteError> {
    use asalto::html::check::{FileEntry, Verdict};
    match bishops(game, options.strict, files) {
        None => {}
        Some(Ok(settings)) => {
            let entries: Vec<FileEntry> = super::madbishops::expand(files)
                .iter()
                .map(|target| match target {
                    Ok(path) => super::madbishops::page::entry(path, settings),
                    Err(message) => FileEntry::unreadable("", message),
                })
                .collect();
            return write_check_page(&entries, out);
        }
        Some(Err(())) => return Ok(Status::Error),
    }
    let routes = match super::games::routes(game, files) {
        Ok(routes) => routes,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let mut entries = Vec::with_capacity(routes.len());
    for (target, route) in &routes {
        let path = match target {
            Ok(path) => path,
            Err(message) => {
                entries.push(FileEntry::unreadable("", message));
                continue;
            }
        };
        let go = (route.game.kind() == GameKind::Go).then(|| {
            route
                .rules
                .and_then(asalto_go::Profile::from_name)
                .unwrap_or(asalto_go::Profile::SGF_DEFAULT)
        });
        if route.game.kind() == GameKind::Solitaire {
            let rules = route.rules.and_then(asalto_solitaire::Profile::from_name);
            entries.push(super::solitaire::page::entry(path, rules));
            continue;
        }
        let name = display_name(path);
        let entry = match go {
            Some(profile) => match read_bytes(path) {
                Err(message) => FileEntry::unreadable(&name, &message),
                Ok(bytes) => {
                    let checked = asalto_go::check(
                        &bytes,
                        &GoOptions {
                            profile: Some(profile),
                            lenient: options.lenient,
                            all_variations: false,
                        },
                    );
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
            },
            None => match read_record(path) {
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
            },
        };
        entries.push(entry);
    }
    write_check_page(&entries, out)
}

/// Write the check page of `entries`; the status is `check`'s: 1 if any
/// record is invalid, 2 if any could not be read.
fn write_check_page(
    entries: &[asalto::html::check::FileEntry],
    out: &mut Out,
) -> Result<Status, WriteError> {
    use asalto::html::check::{Verdict, page};
    out.write(&page(entries))?;
    Ok(entries.iter().fold(Status::Success, |s, e| {
        s.worst(match e.verdict {
            Verdict::Valid => Status::Success,
            Verdict::Invalid => Status::Failure,
            Verdict::Unreadable => Status::Error,
        })
    }))
}

/// `grade --format html --out DIR`: `index.html` (the class table) and a
/// page per submission, written into `dir` (created if missing). The
/// positions of failures are drawn as Asalto boards where they are Asalto
/// position strings, else shown as the report's text board.
#[cfg(target_os = "linux")]
pub fn grade<K: asalto::grade::CheckKind>(
    dir: &std::path::Path,
    reports: &[asalto::grade::report::SubmissionReport<K>],
    kinds: &[K],
    facts: &asalto::grade::report::RunFacts<'_, K>,
) -> Result<usize, String> {
    use asalto::html::grade::{index_page, page_file, submission_page};
    let fail = |path: &std::path::Path, e: std::io::Error| {
        format!(
            "cannot write {}: {}",
            asalto::text::escape_line(&path.display().to_string()),
            super::input::io_reason(&e)
        )
    };
    std::fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
    let board = |f: &asalto::grade::report::Failure| -> Option<String> {
        let pos: asalto::Position = f.position.as_deref()?.parse().ok()?;
        Some(asalto::render::svg(pos.board(), None, &[]))
    };
    let index = dir.join("index.html");
    std::fs::write(&index, index_page(reports, kinds, facts)).map_err(|e| fail(&index, e))?;
    for (i, r) in reports.iter().enumerate() {
        let path = dir.join(page_file(i, &r.name));
        std::fs::write(&path, submission_page(r, &board)).map_err(|e| fail(&path, e))?;
    }
    Ok(reports.len() + 1)
}
