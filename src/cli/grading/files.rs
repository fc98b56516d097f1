//! What every assignment `grade` grades shares before its programs run:
//! the reference files (read as the instructor named them, bounded, links
//! inside folders not followed) and hidden from the programs, the
//! submissions (folders of `--submissions`, or one command), the options
//! of confinement, users, limits and timeouts, and the checks made before
//! anyone is graded.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use asalto::grade::{self, Limits, Options, Sandbox, SandboxChoice, Submission, Users};

use super::super::args::grade::{Args, GradeFormat, SandboxArg};
use super::super::input::io_reason;
use super::super::out::error;

/// Split a `--run` template into words (single and double quotes group).
pub fn split_words(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("`{s}`: unclosed quote"));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the command is empty".to_string());
    }
    Ok(words)
}

/// A reference file to read (`--games`, `--puzzles`).
pub struct RefFile {
    /// The file.
    pub path: PathBuf,
    /// Named on the command line: the teacher's own word, so a link is
    /// followed. A file found in a folder named there is read only if it
    /// is not a link.
    pub named: bool,
}

/// The reference files of `paths`: each file named on the command line,
/// and in each folder named, its regular files with extension `ext`,
/// sorted; with a sentence for each entry with that extension left out.
/// A link named on the command line (file or folder) is the teacher's and
/// is followed; one inside a named folder is not (the grader reads as root:
/// a link there could show it any file of the system), nor is a FIFO, a
/// device or a socket.
///
/// # Errors
///
/// A folder that cannot be read, or holds no such file.
pub fn record_files(paths: &[PathBuf], ext: &str) -> Result<(Vec<RefFile>, Vec<String>), String> {
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(RefFile {
                path: path.clone(),
                named: true,
            });
            continue;
        }
        let mut found = Vec::new();
        for entry in std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .flatten()
        {
            let p = entry.path();
            if p.extension().is_none_or(|x| x != ext) {
                continue;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_file() {
                found.push(p);
                continue;
            }
            use std::os::unix::fs::FileTypeExt;
            let what = if kind.is_symlink() {
                "a symbolic link (links inside a reference folder are not followed; name the file itself to use it)"
            } else if kind.is_dir() {
                continue;
            } else if kind.is_fifo() {
                "a FIFO, not a regular file"
            } else if kind.is_socket() {
                "a socket, not a regular file"
            } else if kind.is_char_device() || kind.is_block_device() {
                "a device, not a regular file"
            } else {
                "not a regular file"
            };
            skipped.push(format!(
                "{}: left out, it is {what}",
                asalto::text::escape_line(&p.display().to_string())
            ));
        }
        found.sort();
        if found.is_empty() {
            return Err(format!(
                "{}: no `*.{ext}` records in this folder",
                path.display()
            ));
        }
        files.extend(found.into_iter().map(|path| RefFile { path, named: false }));
    }
    skipped.sort();
    Ok((files, skipped))
}

/// [`record_files`], each file left out said in a note on standard error.
pub fn reference_files(paths: &[PathBuf], ext: &str) -> Result<Vec<RefFile>, String> {
    let (files, skipped) = record_files(paths, ext)?;
    for why in skipped {
        error(&format!("note: {why}"));
    }
    Ok(files)
}

/// Add the reference files of `paths` (as [`record_files`] finds them) to
/// what the sandbox hides: a program that read them could print them into
/// the report its student sees (an instructor's secret games) or tune its
/// answers to them.
pub fn hide_references(
    paths: &[PathBuf],
    ext: &str,
    hide: &mut Vec<PathBuf>,
) -> Result<(), String> {
    for file in record_files(paths, ext)?.0 {
        if let Ok(canonical) = std::fs::canonicalize(&file.path) {
            hide.push(canonical);
        }
    }
    Ok(())
}

/// A file's name in reports: its own name, or `shown` (the whole path)
/// when another file of `files` has the same name.
pub fn report_name(file: &Path, files: &[RefFile], shown: &str) -> String {
    let clash = files
        .iter()
        .filter(|f| f.path.file_name() == file.file_name())
        .count()
        > 1;
    match file.file_name() {
        Some(name) if !clash => name.to_string_lossy().into_owned(),
        _ => shown.to_string(),
    }
}

/// A reference file (`--games`, `--puzzles`), read whole but at most `max`
/// bytes: a link is followed only when the instructor named it on the
/// command line (see [`record_files`]); what is opened must be a regular
/// file (a FIFO would hold the grader forever, `/dev/zero` would never end,
/// a stray 10 GB file would take its memory), and one larger than `max` is
/// refused with a message, before any program runs.
///
/// # Errors
///
/// `cannot read NAME: why`.
pub fn read_reference(file: &RefFile, max: u64) -> Result<Vec<u8>, String> {
    use rustix::fs::{FileType, Mode, OFlags};
    use std::io::Read;
    let name = asalto::text::escape_line(&file.path.display().to_string()).into_owned();
    let why = |e: std::io::Error| format!("cannot read {name}: {}", io_reason(&e));
    // Non-blocking: opening a FIFO for reading would wait for a writer.
    let follow = if file.named {
        OFlags::empty()
    } else {
        OFlags::NOFOLLOW
    };
    let fd = rustix::fs::open(
        &file.path,
        OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC | follow,
        Mode::empty(),
    )
    .map_err(|e| match e {
        rustix::io::Errno::LOOP if !file.named => format!(
            "cannot read {name}: it became a symbolic link (links inside a reference folder are not followed)"
        ),
        e => why(e.into()),
    })?;
    let stat = rustix::fs::fstat(&fd).map_err(|e| why(e.into()))?;
    let what = match FileType::from_raw_mode(stat.st_mode) {
        FileType::RegularFile => None,
        FileType::Directory => Some("a folder"),
        FileType::Fifo => Some("a FIFO"),
        FileType::Socket => Some("a socket"),
        FileType::CharacterDevice | FileType::BlockDevice => Some("a device"),
        _ => Some("not a regular file"),
    };
    if let Some(what) = what {
        return Err(format!(
            "cannot read {name}: it is {what}, not a regular file"
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::from(fd)
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(why)?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "cannot read {name}: larger than {} MiB, too large for a reference file",
            max >> 20
        ));
    }
    Ok(bytes)
}

/// Make relative paths that exist absolute, so the command still finds them
/// from its own working folder.
pub fn absolute_args(command: &[String]) -> Vec<String> {
    command
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let p = Path::new(a);
            let looks_like_path = i > 0 || a.contains('/');
            if looks_like_path && p.is_relative() && p.exists() {
                std::fs::canonicalize(p)
                    .map(|c| c.display().to_string())
                    .unwrap_or_else(|_| a.clone())
            } else {
                a.clone()
            }
        })
        .collect()
}

pub fn environment(vars: &[String]) -> Result<Vec<(OsString, OsString)>, String> {
    vars.iter()
        .map(|v| match v.split_once('=') {
            Some((k, val)) if !k.is_empty() => Ok((k.into(), val.into())),
            Some(_) => Err(format!("`--env {v}`: expected NAME or NAME=VALUE")),
            None => Ok((
                v.into(),
                std::env::var_os(v).ok_or_else(|| format!("`--env {v}`: {v} is not set here"))?,
            )),
        })
        .collect()
}

/// The submissions of an assignment of command-line programs: each
/// sub-folder of `--submissions`, run by `--run` on its entry file
/// (`--entry`, by default `entry`), or the one command after `--`.
pub fn command_submissions(
    args: &Args,
    entry: &str,
    hide: &mut Vec<PathBuf>,
) -> Result<Vec<Submission>, String> {
    match (&args.submissions, args.command.is_empty()) {
        (Some(dir), true) => {
            let run = split_words(&args.run)?;
            let entry = args.entry.as_deref().unwrap_or(entry);
            Ok(submission_folders(dir, hide)?
                .iter()
                .map(|f| Submission::folder(f, entry, &run))
                .collect())
        }
        (None, false) => {
            let argv = absolute_args(&args.command);
            Ok(vec![Submission::command(&args.command.join(" "), argv)])
        }
        (Some(_), false) => {
            Err("give either --submissions DIR or a command after `--`, not both".into())
        }
        (None, true) => Err(format!(
            "nothing to grade: give --submissions DIR, or a command after `--` (e.g. `-- python3 {entry}`)"
        )),
    }
}

/// The sub-folders of `dir`, one per submission (`dir` is added to the
/// folders hidden from the programs). A link to a folder is one too, so
/// that its student is listed (with a problem: links are never followed,
/// see [`Submission::folder`]) rather than left out without a word.
pub fn submission_folders(dir: &Path, hide: &mut Vec<PathBuf>) -> Result<Vec<PathBuf>, String> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .filter(|e| {
            e.file_type()
                .is_ok_and(|t| t.is_dir() || (t.is_symlink() && e.path().is_dir()))
        })
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    folders.sort();
    if folders.is_empty() {
        return Err(format!("{}: no submission folders in it", dir.display()));
    }
    if let Ok(canonical) = std::fs::canonicalize(dir) {
        hide.push(canonical);
    }
    Ok(folders)
}

/// The options every assignment shares (confinement, users, limits,
/// timeouts), and the number of parallel jobs, for a number of
/// submissions (Gradescope's format takes one).
pub fn options(
    args: &Args,
    submissions: usize,
    hide: Vec<PathBuf>,
) -> Result<(Options, usize), String> {
    if args.format == GradeFormat::Gradescope && submissions != 1 {
        return Err("--format gradescope grades exactly one submission".into());
    }
    for (name, secs) in [
        ("--move-timeout", args.move_timeout),
        ("--game-timeout", args.game_timeout),
        ("--idle", args.idle),
        ("--query-timeout", args.query_timeout),
    ] {
        if !(secs.is_finite() && secs > 0.0) {
            return Err(format!("{name}: expected a number of seconds above 0"));
        }
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        })
        .clamp(1, 256);
    let users = match args.uid {
        Some(base) if grade::confine::is_root() => Users { base: Some(base) },
        Some(_) => return Err("--uid: only root can run programs as other users".into()),
        None => Users::pick(grade::confine::DEFAULT_UID_BASE, jobs),
    };
    grade::watchdog::start(&users, jobs)?;
    let choice = match args.sandbox {
        SandboxArg::Auto => SandboxChoice::Auto,
        SandboxArg::Bwrap => SandboxChoice::Bwrap,
        SandboxArg::None => SandboxChoice::None,
    };
    let (sandbox, note) = Sandbox::detect(choice, hide.clone(), &users)?;
    if let Some(why) = note {
        error(&format!(
            "note: {why}; student programs run UNCONFINED except for resource limits, time limits, a fresh working folder{} (install bubblewrap to confine them)",
            if users.base.is_some() {
                " and a user of their own"
            } else {
                ""
            }
        ));
    }
    let options = Options {
        move_timeout: Duration::from_secs_f64(args.move_timeout),
        game_timeout: Duration::from_secs_f64(args.game_timeout),
        output_cap: usize::try_from(args.output_limit).unwrap_or(usize::MAX),
        idle: Duration::from_secs_f64(args.idle),
        limits: Limits {
            cpu_seconds: args.cpu.max(1),
            memory_bytes: args.memory,
            file_size_bytes: args.file_size,
            disk_bytes: args.disk,
            processes: args.processes.max(1),
            ..Limits::default()
        },
        sandbox,
        users,
        env: environment(&args.env)?,
        max_score: args.max_score,
        private: hide,
        ..Options::default()
    };
    Ok((options, jobs))
}

/// Before grading anyone: the command can start (a typo in `--run` would
/// otherwise give everyone 0), the programs' user can reach the working
/// folders, the files the command names reach the programs, each
/// submission can be copied, and the sandbox works with the real runs'
/// mounts ([`grade::prepare`]); its notes go to standard error.
pub fn preflight(
    submissions: &mut [Submission],
    options: &mut Options,
    jobs: usize,
) -> Result<(), String> {
    let user = options.users.for_slot(0);
    if matches!(options.sandbox, Sandbox::Unconfined) {
        let tmp = std::env::temp_dir();
        grade::confine::may_access(&tmp, user, 1).map_err(|e| {
            format!(
                "the working folders go in {} (TMPDIR), but {e}: set TMPDIR to a folder every user may enter, such as /tmp",
                tmp.display()
            )
        })?;
    }
    for note in grade::prepare(submissions, options, jobs)? {
        error(&format!("note: {note}"));
    }
    Ok(())
}

/// The submissions of an assignment of command-line programs (Asalto's
/// console programs, Solitaire Chess solvers), ready to grade: the
/// reference files of `references` (`ext`) hidden from the programs, the
/// submissions found ([`command_submissions`], `entry` by default), the
/// options every assignment shares and the jobs ([`options`]), and
/// everything checked before anyone is graded ([`preflight`]).
pub fn programs(
    args: &Args,
    references: &[PathBuf],
    ext: &str,
    entry: &str,
) -> Result<(Vec<Submission>, Options, usize), String> {
    let mut hide = Vec::new();
    hide_references(references, ext, &mut hide)?;
    let mut submissions = command_submissions(args, entry, &mut hide)?;
    let (mut options, jobs) = options(args, submissions.len(), hide)?;
    preflight(&mut submissions, &mut options, jobs)?;
    Ok((submissions, options, jobs))
}

/// Where a Prolog submission is.
pub enum Source {
    /// A student's folder (`--submissions`).
    Folder(PathBuf),
    /// One program file (after `--`).
    File(PathBuf),
}

/// The submissions of a Prolog assignment: the folders of
/// `--submissions`, or the one program named after `--` (`entry`, such as
/// `proylcc.pl`, names it in the messages); the submissions folder is
/// added to `hide`.
pub fn prolog_sources(
    args: &Args,
    entry: &str,
    hide: &mut Vec<PathBuf>,
) -> Result<Vec<Source>, String> {
    match (&args.submissions, args.command.as_slice()) {
        (Some(dir), []) => Ok(submission_folders(dir, hide)?
            .into_iter()
            .map(Source::Folder)
            .collect()),
        (None, [file]) => {
            // Absolute, but the file itself not resolved: a link (a
            // student's, in an autograder's submission folder) is the
            // submission's problem, never followed to what it names.
            let path = std::path::absolute(file).map_err(|e| format!("cannot read {file}: {e}"))?;
            Ok(vec![Source::File(path)])
        }
        (None, []) => Err(format!(
            "nothing to grade: give --submissions DIR, or one {entry} after `--`"
        )),
        _ => Err(format!(
            "give either --submissions DIR or one {entry} after `--`, not both"
        )),
    }
}

/// SWI-Prolog (`--swipl`) as the programs' user finds it in `PATH`: one
/// under `/root`, which that user cannot run, is passed over for the next.
pub fn swipl(args: &Args, options: &Options) -> Result<PathBuf, String> {
    asalto::grade::confine::resolve_program(&args.swipl, options.users.for_slot(0)).map_err(|e| {
        format!(
            "cannot run SWI-Prolog: {e} (install it: Debian: apt-get install swi-prolog-nox; or give --swipl PATH)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::grade::parse_size;

    #[test]
    fn sizes_and_words() {
        assert_eq!(parse_size("1M"), Ok(1 << 20));
        assert_eq!(parse_size("512k"), Ok(512 << 10));
        assert!(parse_size("lots").is_err());
        assert_eq!(
            split_words("python3 '{entry}' \"a b\"").unwrap(),
            ["python3", "{entry}", "a b"]
        );
        assert!(split_words("'open").is_err());
    }
}
