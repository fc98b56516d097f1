//! `asalto grade`: play reference games into student programs and score
//! them. The engine lives in `asalto::grade`; this file reads the options,
//! finds the files and prints. Grading runs programs in Linux namespaces:
//! elsewhere the command only says so.

#[cfg(target_os = "linux")]
use std::ffi::OsString;
#[cfg(target_os = "linux")]
use std::io::IsTerminal;
#[cfg(target_os = "linux")]
use std::path::{Path, PathBuf};
#[cfg(target_os = "linux")]
use std::time::Duration;

#[cfg(target_os = "linux")]
use asalto::basic::BasicScore;
#[cfg(target_os = "linux")]
use asalto::grade::coverage::{self, CoverageFacts};
#[cfg(target_os = "linux")]
use asalto::grade::{
    self, CheckKind, Confinement, Kind, Limits, Options, Reference, Sandbox, SandboxChoice,
    Submission, SubmissionReport, Users, Weights, report,
};

use super::{Out, Status, WriteError, error};

/// Grade console programs of the assignment (Linux only).
#[cfg(not(target_os = "linux"))]
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The options of `grade` (see its help on Linux).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// Run `grade`: Linux only.
#[cfg(not(target_os = "linux"))]
pub fn run(_args: Args, _out: &mut Out) -> Result<Status, WriteError> {
    error("grade runs student programs in Linux namespaces: it is available on Linux only");
    Ok(Status::Error)
}

/// Examples shown under `--help`.
#[cfg(target_os = "linux")]
const EXAMPLES: &str = "Examples:\n  asalto grade --games refs/ -- python3 submissions/ana/asalto.py\n  asalto grade --coverage --games refs/    (the rule situations refs/ reaches, and misses; no program is run)\n  asalto grade --games refs/ --submissions submissions/ --entry asalto.py --run 'python3 {entry}'\n  asalto grade --game go --games refs/ --submissions subs/ --entry proylcc.pl    (the 2019 Go assignment: proylcc.pl in SWI-Prolog)\n  asalto grade --game solitaire --puzzles set/ -- python3 solver.py    (Solitaire Chess solvers, one run per puzzle)\n";

#[cfg(target_os = "linux")]
/// Grade console programs of the assignment against reference games.
///
/// Each reference game is played into a fresh run of the program as a
/// person would (menu, moves, FIN, save, load, quit), and every screen is
/// checked.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The assignment: Asalto console programs, or the Go Prolog predicates.
    #[arg(long, value_enum, default_value_t)]
    game: GameArg,
    /// The rule profile of the expected answers: Go `seed-2019` (the
    /// default), ...; Solitaire Chess `codegolf` (the default) or
    /// `thinkfun`.
    #[arg(long, value_name = "PROFILE")]
    rules: Option<String>,
    /// Reference games: record files, or folders of `*.txt` records
    /// (Asalto) or `*.sgf` records (Go).
    #[arg(long = "games", value_name = "PATH", num_args = 1..)]
    games: Vec<PathBuf>,
    /// Solitaire Chess: the puzzles, in files of puzzles (one per line or
    /// per four lines, `#` comments) or folders of such `*.txt` files.
    #[arg(long = "puzzles", value_name = "PATH", num_args = 1..)]
    puzzles: Vec<PathBuf>,
    /// Solitaire Chess: the form each puzzle is given in: `string` (16
    /// characters, top row first), `rows` (four lines), `letters` or
    /// `numbers` (a list of lists), `coordinates` (a list of `[x, y, 'c']`).
    #[arg(long, value_enum, default_value_t)]
    input_form: super::solitaire::export::BoardFormArg,
    /// Solitaire Chess: how each puzzle is given: on standard input (then
    /// end of file), or as the program's last argument.
    #[arg(long, value_enum, default_value_t)]
    feed: FeedArg,
    /// Solitaire Chess: the longest one run on one puzzle may take, in
    /// seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    puzzle_timeout: f64,
    /// A folder with one sub-folder per submission.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    submissions: Option<PathBuf>,
    /// The entry file of each submission (looked for in sub-folders too;
    /// default `asalto.py`, with `--game go` `proylcc.pl`).
    #[arg(long, value_name = "FILE")]
    entry: Option<String>,
    /// How to run a submission: `{entry}` is its entry file, `{dir}` its
    /// working folder.
    #[arg(long, value_name = "COMMAND", default_value = "python3 {entry}")]
    run: String,
    /// One program to grade, as a command line (after `--`).
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
    /// Run no program: say which rule situations the reference games
    /// (Solitaire Chess: the puzzles) reach and which they never do, as
    /// `grade` reads them (exit 1 when one is missing). `--format json`
    /// for a JSON document.
    #[arg(long)]
    coverage: bool,
    /// Also let the program play AZAR officers against BASICO rebels and
    /// check the saved game.
    #[arg(long)]
    ai: bool,
    /// The BASICO score the `--ai` game must follow (default: either).
    #[arg(long, value_name = "SCORE", value_parser = super::check::parse_basic)]
    rebels: Option<BasicScore>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: GradeFormat,
    /// For `--format html`: the folder to write `index.html` and one page
    /// per submission into, a folder of the report's own: it is replaced
    /// whole, in one step, when the report is complete.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// In a batch, print every submission's failed checks after the table.
    #[arg(long)]
    details: bool,
    /// Sessions run in parallel (default: the number of cores).
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Longest wait, in seconds, for the program to ask for input.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    move_timeout: f64,
    /// Longest time, in seconds, for one game (one run of the program).
    #[arg(long, value_name = "SECS", default_value_t = 120.0)]
    game_timeout: f64,
    /// Most output between two inputs (`K`, `M` suffixes).
    #[arg(long, value_name = "SIZE", default_value = "1M", value_parser = parse_size)]
    output_limit: u64,
    /// Memory of all the processes of one run together (a cgroup per run;
    /// where none can be made, watched, and also the address space of
    /// each process).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size)]
    memory: u64,
    /// CPU seconds per process.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    cpu: u64,
    /// Largest file a program may write.
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = parse_size)]
    file_size: u64,
    /// Everything a program may write, its folder and /tmp together (under
    /// bubblewrap: the size of its tmpfs).
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_size)]
    disk: u64,
    /// Processes (threads count) a run may have at once (its cgroup; as
    /// root, also its user's process limit).
    #[arg(long, value_name = "N", default_value_t = 64)]
    processes: u64,
    /// As root: the first user id programs run under (one per parallel job;
    /// default: the first free block from 1500000000).
    #[arg(long, value_name = "UID")]
    uid: Option<u32>,
    /// Where `/proc` cannot tell that a program waits for input: how many
    /// seconds of silence mean it does.
    #[arg(long, value_name = "SECS", default_value_t = 2.0)]
    idle: f64,
    /// Confinement: bubblewrap if it works (`auto`), bubblewrap or fail
    /// (`bwrap`), or only limits and (as root) a user of its own (`none`).
    #[arg(long, value_enum, default_value_t)]
    sandbox: SandboxArg,
    /// Pass an environment variable to programs (`NAME` takes ours).
    #[arg(long = "env", value_name = "NAME[=VALUE]")]
    env: Vec<String>,
    /// Weights of the checks, e.g. `moves=8,board=0` (0 turns a check off).
    /// Defaults: runs=2 turn=2 moves=6 illegal=2 board=1 end=3 save=2 load=2
    /// quit=2 ai=4.
    /// With `--game go`: loads=1 board=1 moves=2 captures=3 suicide=2
    /// occupied=1 score=3. With `--game solitaire`: runs=1 solves=6
    /// none=3.
    #[arg(long, value_name = "KIND=W,...")]
    weights: Option<String>,
    /// Full marks.
    #[arg(long, value_name = "N", default_value_t = 100.0)]
    max_score: f64,
    /// Go: the CPU time a query may use, in seconds (SWI-Prolog's own
    /// limit; on a busy machine a query short of a core may last up to 4
    /// times as long; the grader kills and restarts SWI-Prolog a little
    /// after).
    #[arg(long, value_name = "SECS", default_value_t = 5.0)]
    query_timeout: f64,
    /// Go: the most inferences a query may use (0: no limit); unlike time,
    /// it does not depend on the load of the machine.
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    inferences: u64,
    /// Go: SWI-Prolog's executable.
    #[arg(long, value_name = "PATH", default_value = "swipl")]
    swipl: String,
    /// Go: grade a predicate of the assignment under another name, e.g.
    /// `finDelJuego=terminarJuego`, or `finDelJuego=puntajeFinal(1,3,2)`
    /// when its arguments come in another order (there: which argument of
    /// finDelJuego goes in each place of puntajeFinal). Repeatable: the
    /// assignment's own name is tried first, then these in order; the
    /// report says which one was graded.
    #[arg(long = "predicate", value_name = "NAME=OTHER")]
    predicates: Vec<String>,
}

#[cfg(target_os = "linux")]
/// The assignments `grade` knows.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
enum GameArg {
    /// Asalto console programs (Python or any command).
    #[default]
    Asalto,
    /// The 2019 Go assignment in Prolog (`proylcc.pl`).
    Go,
    /// Solver programs of the Solitaire Chess challenge (`solver.py`).
    Solitaire,
}

#[cfg(target_os = "linux")]
/// How a Solitaire Chess puzzle reaches the program.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
enum FeedArg {
    /// On standard input, then end of file.
    #[default]
    Stdin,
    /// As the last argument of the command.
    Argument,
}

#[cfg(target_os = "linux")]
/// Output formats of `grade`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
enum GradeFormat {
    /// A table for a batch, details for one submission.
    #[default]
    Human,
    /// One JSON document.
    Json,
    /// Gradescope's `results.json` (one submission).
    Gradescope,
    /// One CSV row per submission.
    Csv,
    /// HTML pages into `--out DIR`: a sortable class table and a page per
    /// submission.
    Html,
}

#[cfg(target_os = "linux")]
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
enum SandboxArg {
    #[default]
    Auto,
    Bwrap,
    None,
}

#[cfg(target_os = "linux")]
/// `1M`, `512K`, `2G`, `1000`.
fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, mult) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        _ => (t, 1),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("`{s}`: expected a size like 1000, 512K, 1M or 2G"))
}

#[cfg(target_os = "linux")]
/// Split a `--run` template into words (single and double quotes group).
fn split_words(s: &str) -> Result<Vec<String>, String> {
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

#[cfg(target_os = "linux")]
/// A reference file to read (`--games`, `--puzzles`).
struct RefFile {
    path: PathBuf,
    /// Named on the command line: the teacher's own word, so a link is
    /// followed. A file found in a folder named there is read only if it
    /// is not a link.
    named: bool,
}

#[cfg(target_os = "linux")]
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
fn record_files(paths: &[PathBuf], ext: &str) -> Result<(Vec<RefFile>, Vec<String>), String> {
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

#[cfg(target_os = "linux")]
/// [`record_files`], each file left out said in a note on standard error.
fn reference_files(paths: &[PathBuf], ext: &str) -> Result<Vec<RefFile>, String> {
    let (files, skipped) = record_files(paths, ext)?;
    for why in skipped {
        error(&format!("note: {why}"));
    }
    Ok(files)
}

#[cfg(target_os = "linux")]
/// Add the reference files of `paths` (as [`record_files`] finds them) to
/// what the sandbox hides: a program that read them could print them into
/// the report its student sees (an instructor's secret games) or tune its
/// answers to them.
fn hide_references(paths: &[PathBuf], ext: &str, hide: &mut Vec<PathBuf>) -> Result<(), String> {
    for file in record_files(paths, ext)?.0 {
        if let Ok(canonical) = std::fs::canonicalize(&file.path) {
            hide.push(canonical);
        }
    }
    Ok(())
}

#[cfg(target_os = "linux")]
/// A file's name in reports: its own name, or `shown` (the whole path)
/// when another file of `files` has the same name.
fn report_name(file: &Path, files: &[RefFile], shown: &str) -> String {
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

#[cfg(target_os = "linux")]
/// The reference games named on the command line.
fn load_games(paths: &[PathBuf]) -> Result<Vec<Reference>, String> {
    let files = reference_files(paths, "txt")?;
    let mut games = Vec::new();
    for file in &files {
        let shown = file.path.display().to_string();
        let bytes = read_reference(file, super::input::MAX_FILE)?;
        let input = super::utf8_input(&shown, bytes)?;
        let name = report_name(&file.path, &files, &input.name);
        games.push(Reference::from_record(&name, &input.text)?);
    }
    Ok(games)
}

#[cfg(target_os = "linux")]
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
fn read_reference(file: &RefFile, max: u64) -> Result<Vec<u8>, String> {
    use rustix::fs::{FileType, Mode, OFlags};
    use std::io::Read;
    let name = asalto::text::escape_line(&file.path.display().to_string()).into_owned();
    let why = |e: std::io::Error| format!("cannot read {name}: {}", super::input::io_reason(&e));
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

#[cfg(target_os = "linux")]
/// Make relative paths that exist absolute, so the command still finds them
/// from its own working folder.
fn absolute_args(command: &[String]) -> Vec<String> {
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

#[cfg(target_os = "linux")]
fn environment(vars: &[String]) -> Result<Vec<(OsString, OsString)>, String> {
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

#[cfg(target_os = "linux")]
/// Run `grade`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let status = match args.game {
        GameArg::Asalto => drive::<Asalto>(&args, out),
        GameArg::Go => drive::<go::Go>(&args, out),
        GameArg::Solitaire => drive::<solitaire::Solitaire>(&args, out),
    };
    // Started with the users: nothing of the run outlives it.
    grade::watchdog::stop();
    status
}

#[cfg(target_os = "linux")]
/// What a graded game brings to the one driver of `grade` ([`drive`]): its
/// options checked and its material read, the grading, and what its
/// reports name. The rest is shared: submissions, confinement and limits,
/// the progress bar, the report formats and the exit status.
trait Graded: Sized {
    /// The game's checks.
    type Kind: CheckKind;
    /// What one step of the progress bar counts.
    const STEPS: &'static str;
    /// Everything read and checked before anyone is graded: a usage
    /// error, a reference that cannot be read, a command that cannot start
    /// stop here, with a message.
    fn prepare(args: &Args) -> Result<Prepared<Self>, String>;
    /// The steps of the progress bar for `submissions` submissions.
    fn steps(&self, submissions: usize, options: &Options) -> usize;
    /// Grade every submission of `run`.
    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<Self::Kind>>;
    /// The game and the rule profile the reports name.
    fn names(&self) -> (&'static str, &'static str);
    /// The weights of the checks and full marks.
    fn scoring<'a>(&'a self, options: &'a Options) -> (&'a Weights<Self::Kind>, f64);
    /// The names of the reference games (puzzles), in order.
    fn games(&self) -> Vec<String>;
    /// What the reference set reaches of the game's rule situations.
    fn coverage(&self) -> CoverageFacts;
    /// `grade --coverage`: the reference set of `args` read as
    /// [`Graded::prepare`] reads it, and what it reaches, with the game and
    /// the rule profile; no program is looked at.
    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String>;
}

#[cfg(target_os = "linux")]
/// What a game grades: the submissions, the shared options, how many run
/// at a time, and `progress(done, total)` to call after each step.
struct Run<'a> {
    submissions: &'a [Submission],
    options: &'a Options,
    jobs: usize,
    progress: &'a (dyn Fn(usize, usize) + Sync),
}

#[cfg(target_os = "linux")]
/// A game ready to grade, with its submissions and the shared options.
struct Prepared<G> {
    game: G,
    submissions: Vec<Submission>,
    options: Options,
    jobs: usize,
}

#[cfg(target_os = "linux")]
/// Grade with game `G`: prepare, grade under a progress bar, print.
fn drive<G: Graded>(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.coverage {
        return coverage_only::<G>(args, out);
    }
    let p = match G::prepare(args).and_then(|p| html_folder(args).map(|()| p)) {
        Ok(prepared) => prepared,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    // Said before anyone is graded: the run may be long.
    let coverage = p.game.coverage();
    if let Some(warning) = coverage.warning() {
        error(&warning);
    }
    let bar = progress_bar(p.game.steps(p.submissions.len(), &p.options), G::STEPS);
    let reports = p.game.grade(Run {
        submissions: &p.submissions,
        options: &p.options,
        jobs: p.jobs,
        progress: &|done, _| {
            if let Some(bar) = &bar {
                bar.set_position(done as u64);
            }
        },
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let confinement = Confinement::describe(
        &p.options.sandbox,
        &p.options.users,
        p.jobs,
        &p.options.limits,
    );
    let (game, rules) = p.game.names();
    let (weights, max_score) = p.game.scoring(&p.options);
    let facts = report::RunFacts {
        game,
        rules,
        sandbox: p.options.sandbox.name(),
        confinement: &confinement,
        weights,
        max_score,
        games: p.game.games(),
        coverage: Some(&coverage),
    };
    print_reports(args, &reports, facts, out)
}

#[cfg(target_os = "linux")]
/// With `--format html`, before anyone is graded: the folder is named and
/// can take a report (see `html::report_folder`).
fn html_folder(args: &Args) -> Result<(), String> {
    if args.format != GradeFormat::Html {
        return Ok(());
    }
    let Some(dir) = &args.out else {
        return Err("--format html writes pages: name their folder with --out DIR".into());
    };
    super::html::report_folder(dir).map(|_| ())
}

#[cfg(target_os = "linux")]
/// The JSON document of `grade --coverage`.
#[derive(serde::Serialize)]
struct CoverageDoc<'a> {
    /// `asalto-grade-coverage`, its version, the game and the profile.
    #[serde(flatten)]
    head: asalto_core::json::Head,
    /// The reference games (puzzles), in the order they are graded.
    games: &'a [String],
    /// What they reach.
    coverage: &'a CoverageFacts,
}

#[cfg(target_os = "linux")]
/// `grade --coverage`: what the reference set reaches, for people or as
/// JSON; exit 1 when a situation is missing.
fn coverage_only<G: Graded>(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let (facts, game, rules) = match G::coverage_only(args) {
        Ok(found) => found,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    match args.format {
        GradeFormat::Human => {
            out.write(&format!(
                "{} (game {game}, rules {rules}): {}",
                facts.items,
                facts.report.text()
            ))?;
            if facts.incomplete() {
                out.line(&format!(
                    "`{}` writes a set that reaches every situation",
                    facts.fix
                ))?;
            }
        }
        GradeFormat::Json => {
            let doc = CoverageDoc {
                head: asalto_core::json::Head::new("asalto-grade-coverage", 1, game, rules),
                games: &facts.names,
                coverage: &facts,
            };
            out.line(&serde_json::to_string_pretty(&doc).unwrap_or_default())?;
        }
        _ => {
            error("--coverage prints a report for people or, with --format json, a JSON document");
            return Ok(Status::Error);
        }
    }
    Ok(if facts.incomplete() {
        Status::Failure
    } else {
        Status::Success
    })
}

#[cfg(target_os = "linux")]
/// Asalto console programs, played reference games (and `--ai`).
struct Asalto {
    references: Vec<Reference>,
}

#[cfg(target_os = "linux")]
impl Graded for Asalto {
    type Kind = Kind;
    const STEPS: &'static str = "sessions";

    fn prepare(args: &Args) -> Result<Prepared<Asalto>, String> {
        let references = Asalto::references(args)?;
        let weights = match &args.weights {
            Some(spec) => Weights::<Kind>::parse(spec)?,
            None => Weights::default(),
        };
        let mut hide = Vec::new();
        hide_references(&args.games, "txt", &mut hide)?;
        let mut submissions = command_submissions(args, "asalto.py", &mut hide)?;
        let (options, jobs) = options(args, submissions.len(), hide)?;
        let mut options = Options {
            ai: args.ai,
            basic: args.rebels,
            weights,
            ..options
        };
        preflight(&mut submissions, &mut options, jobs)?;
        Ok(Prepared {
            game: Asalto { references },
            submissions,
            options,
            jobs,
        })
    }

    fn steps(&self, submissions: usize, options: &Options) -> usize {
        submissions * (self.references.len() + usize::from(options.ai))
    }

    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<Kind>> {
        grade::grade(
            run.submissions,
            &self.references,
            run.options,
            run.jobs,
            run.progress,
        )
    }

    fn names(&self) -> (&'static str, &'static str) {
        ("asalto", asalto::Rules::default().name())
    }

    fn scoring<'a>(&'a self, options: &'a Options) -> (&'a Weights<Kind>, f64) {
        (&options.weights, options.max_score)
    }

    fn games(&self) -> Vec<String> {
        self.references.iter().map(|g| g.name.clone()).collect()
    }

    fn coverage(&self) -> CoverageFacts {
        coverage::asalto(&self.references)
    }

    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String> {
        let references = Asalto::references(args)?;
        Ok((
            coverage::asalto(&references),
            "asalto",
            asalto::Rules::default().name(),
        ))
    }
}

#[cfg(target_os = "linux")]
impl Asalto {
    /// The reference games of `args` (and the options that must not come
    /// with them).
    fn references(args: &Args) -> Result<Vec<Reference>, String> {
        if args.games.is_empty() {
            return Err("--games: give the reference games (record files or folders)".into());
        }
        if !args.puzzles.is_empty() {
            return Err("--puzzles is for --game solitaire".into());
        }
        if !args.predicates.is_empty() {
            return Err("--predicate is for --game go".into());
        }
        let references = load_games(&args.games)?;
        if args.rules.as_deref().is_some_and(|r| r != "seed-2019") {
            return Err(
                "--rules: Asalto has one rule set; --rules is for --game go and --game solitaire"
                    .into(),
            );
        }
        Ok(references)
    }
}

#[cfg(target_os = "linux")]
/// The submissions of an assignment of command-line programs: each
/// sub-folder of `--submissions`, run by `--run` on its entry file
/// (`--entry`, by default `entry`), or the one command after `--`.
fn command_submissions(
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

#[cfg(target_os = "linux")]
/// The sub-folders of `dir`, one per submission (`dir` is added to the
/// folders hidden from the programs). A link to a folder is one too, so
/// that its student is listed (with a problem: links are never followed,
/// see [`Submission::folder`]) rather than left out without a word.
fn submission_folders(dir: &Path, hide: &mut Vec<PathBuf>) -> Result<Vec<PathBuf>, String> {
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

#[cfg(target_os = "linux")]
/// The options every assignment shares (confinement, users, limits,
/// timeouts), and the number of parallel jobs, for a number of
/// submissions (Gradescope's format takes one).
fn options(
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
#[cfg(target_os = "linux")]
fn preflight(
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

#[cfg(target_os = "linux")]
/// A progress bar on a terminal, for more than one unit of work.
fn progress_bar(units: usize, what: &str) -> Option<indicatif::ProgressBar> {
    (std::io::stderr().is_terminal() && units > 1).then(|| {
        let bar = indicatif::ProgressBar::new(units as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{bar:40.cyan/blue}} {{pos}}/{{len}} {what}, {{elapsed}} (eta {{eta}})"
            ))
            .expect("valid template"),
        );
        bar
    })
}

#[cfg(target_os = "linux")]
/// Print the reports in the chosen format; the exit status.
fn print_reports<K: CheckKind>(
    args: &Args,
    reports: &[SubmissionReport<K>],
    facts: report::RunFacts<'_, K>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let kinds: Vec<K> = K::ALL
        .iter()
        .copied()
        .filter(|k| {
            reports
                .iter()
                .any(|r| r.checks.iter().any(|c| c.kind == *k))
        })
        .collect();
    match args.format {
        GradeFormat::Human => {
            if reports.len() == 1 {
                out.write(&report::human_details(&reports[0]))?;
            } else {
                out.write(&report::human_table(reports, &kinds))?;
                if args.details {
                    for r in reports.iter().filter(|r| !r.full_marks) {
                        out.line("")?;
                        out.write(&report::human_details(r))?;
                    }
                }
            }
            out.line("")?;
            out.write(&report::human_confinement(facts.confinement))?;
            if let Some(coverage) = facts.coverage {
                out.write(&coverage.human())?;
            }
        }
        GradeFormat::Json => out.line(&report::json(reports, facts))?,
        GradeFormat::Gradescope => out.line(&report::gradescope(&reports[0]))?,
        GradeFormat::Csv => out.write(&report::csv(reports, &kinds))?,
        GradeFormat::Html => {
            let Some(dir) = &args.out else {
                error("--format html writes pages: name their folder with --out DIR");
                return Ok(Status::Error);
            };
            match super::html::grade(dir, reports, &kinds, &facts) {
                Ok(pages) => out.line(&format!(
                    "wrote {pages} pages into {} (open index.html)",
                    asalto::text::escape_line(&dir.display().to_string())
                ))?,
                Err(message) => {
                    error(&message);
                    return Ok(Status::Error);
                }
            }
        }
    }
    // A submission the grader could not grade is an error of the run
    // (status 2), never a score: said on standard error too, whatever the
    // format.
    let ungraded: Vec<&SubmissionReport<K>> =
        reports.iter().filter(|r| r.not_graded.is_some()).collect();
    for r in &ungraded {
        if let Some(n) = &r.not_graded {
            error(&format!(
                "{}: not graded: {}",
                asalto::text::escape_line(&r.name),
                n.detail
            ));
        }
    }
    Ok(if !ungraded.is_empty() {
        Status::Error
    } else if reports.iter().all(|r| r.full_marks) {
        Status::Success
    } else {
        Status::Failure
    })
}

#[cfg(target_os = "linux")]
#[path = "go/grade.rs"]
mod go;

#[cfg(target_os = "linux")]
#[path = "solitaire/grade.rs"]
mod solitaire;

#[cfg(target_os = "linux")]
#[cfg(test)]
mod tests {
    use super::*;

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
