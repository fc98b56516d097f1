//! The options of `grade` (Linux only: elsewhere the command takes
//! anything and says it is not available).

#[cfg(target_os = "linux")]
use std::path::PathBuf;

#[cfg(target_os = "linux")]
use asalto::basic::BasicScore;
#[cfg(target_os = "linux")]
use asalto_core::GameKind;

#[cfg(any(test, target_os = "linux"))]
use super::common::Given;
#[cfg(target_os = "linux")]
use super::common::{BoardFormArg, parse_basic};

/// Grade console programs of the assignment (Linux only).
#[cfg(not(target_os = "linux"))]
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The options of `grade` (see its help on Linux).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
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
    /// The assignment: `asalto` (console programs, the default), `go`
    /// (the 2019 assignment's Prolog predicates, `proylcc.pl`),
    /// `madbishops` (Prolog Mad Bishops programs: valid_moves/3, move/3,
    /// game_over/2, display_game/2) or `solitaire` (solver programs of
    /// the Solitaire Chess challenge).
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The rule profile of the expected answers: Go `seed-2019` (the
    /// default), ...; Mad Bishops `steere` (the default) or `report`;
    /// Solitaire Chess `codegolf` (the default) or
    /// `thinkfun`.
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
    /// Reference games: record files, or folders of `*.txt` records
    /// (Asalto) or `*.sgf` records (Go).
    #[arg(long = "games", value_name = "PATH", num_args = 1..)]
    pub games: Vec<PathBuf>,
    /// Solitaire Chess: the puzzles, in files of puzzles (one per line or
    /// per four lines, `#` comments) or folders of such `*.txt` files.
    #[arg(long = "puzzles", value_name = "PATH", num_args = 1..)]
    pub puzzles: Vec<PathBuf>,
    /// Solitaire Chess: the form each puzzle is given in: `string` (16
    /// characters, top row first), `rows` (four lines), `letters` or
    /// `numbers` (a list of lists), `coordinates` (a list of `[x, y, 'c']`).
    #[arg(long, value_enum, default_value_t)]
    pub input_form: BoardFormArg,
    /// Solitaire Chess: how each puzzle is given: on standard input (then
    /// end of file), or as the program's last argument.
    #[arg(long, value_enum, default_value_t)]
    pub feed: FeedArg,
    /// Solitaire Chess: the longest one run on one puzzle may take, in
    /// seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub puzzle_timeout: f64,
    /// A folder with one sub-folder per submission.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub submissions: Option<PathBuf>,
    /// The entry file of each submission (looked for in sub-folders too;
    /// default `asalto.py`, with `--game go` `proylcc.pl`).
    #[arg(long, value_name = "FILE")]
    pub entry: Option<String>,
    /// How to run a submission: `{entry}` is its entry file, `{dir}` its
    /// working folder.
    #[arg(long, value_name = "COMMAND", default_value = "python3 {entry}")]
    pub run: String,
    /// One program to grade, as a command line (after `--`).
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Run no program: say which rule situations the reference games
    /// (Solitaire Chess: the puzzles) reach and which they never do, as
    /// `grade` reads them (exit 1 when one is missing). `--format json`
    /// for a JSON document.
    #[arg(long)]
    pub coverage: bool,
    /// Also let the program play AZAR officers against BASICO rebels and
    /// check the saved game.
    #[arg(long)]
    pub ai: bool,
    /// The BASICO score the `--ai` game must follow (default: either).
    #[arg(long, value_name = "SCORE", value_parser = parse_basic)]
    pub rebels: Option<BasicScore>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: GradeFormat,
    /// For `--format html`: the folder to write `index.html` and one page
    /// per submission into, a folder of the report's own: it is replaced
    /// whole, in one step, when the report is complete.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// In a batch, print every submission's failed checks after the table.
    #[arg(long)]
    pub details: bool,
    /// Sessions run in parallel (default: the number of cores).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Longest wait, in seconds, for the program to ask for input.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub move_timeout: f64,
    /// Longest time, in seconds, for one game (one run of the program).
    #[arg(long, value_name = "SECS", default_value_t = 120.0)]
    pub game_timeout: f64,
    /// Most output between two inputs (`K`, `M` suffixes).
    #[arg(long, value_name = "SIZE", default_value = "1M", value_parser = parse_size)]
    pub output_limit: u64,
    /// Memory of all the processes of one run together (a cgroup per run;
    /// where none can be made, watched, and also the address space of
    /// each process).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size)]
    pub memory: u64,
    /// CPU seconds per process.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub cpu: u64,
    /// Largest file a program may write.
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = parse_size)]
    pub file_size: u64,
    /// Everything a program may write, its folder and /tmp together (under
    /// bubblewrap: the size of its tmpfs).
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_size)]
    pub disk: u64,
    /// Processes (threads count) a run may have at once (its cgroup; as
    /// root, also its user's process limit).
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub processes: u64,
    /// As root: the first user id programs run under (one per parallel job;
    /// default: the first free block from 1500000000).
    #[arg(long, value_name = "UID")]
    pub uid: Option<u32>,
    /// Where `/proc` cannot tell that a program waits for input: how many
    /// seconds of silence mean it does.
    #[arg(long, value_name = "SECS", default_value_t = 2.0)]
    pub idle: f64,
    /// Confinement: bubblewrap if it works (`auto`), bubblewrap or fail
    /// (`bwrap`), or only limits and (as root) a user of its own (`none`).
    #[arg(long, value_enum, default_value_t)]
    pub sandbox: SandboxArg,
    /// Pass an environment variable to programs (`NAME` takes ours).
    #[arg(long = "env", value_name = "NAME[=VALUE]")]
    pub env: Vec<String>,
    /// Weights of the checks, e.g. `moves=8,board=0` (0 turns a check off).
    /// Defaults: runs=2 turn=2 moves=6 illegal=2 board=1 end=3 save=2 load=2
    /// quit=2 ai=4.
    /// With `--game go`: loads=1 board=1 moves=2 captures=3 suicide=2
    /// occupied=1 score=3. With `--game solitaire`: runs=1 solves=6
    /// none=3.
    #[arg(long, value_name = "KIND=W,...")]
    pub weights: Option<String>,
    /// Full marks.
    #[arg(long, value_name = "N", default_value_t = 100.0)]
    pub max_score: f64,
    /// Go: the CPU time a query may use, in seconds (SWI-Prolog's own
    /// limit; on a busy machine a query short of a core may last up to 4
    /// times as long; the grader kills and restarts SWI-Prolog a little
    /// after).
    #[arg(long, value_name = "SECS", default_value_t = 5.0)]
    pub query_timeout: f64,
    /// Go: the most inferences a query may use (0: no limit); unlike time,
    /// it does not depend on the load of the machine.
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    pub inferences: u64,
    /// Go: SWI-Prolog's executable.
    #[arg(long, value_name = "PATH", default_value = "swipl")]
    pub swipl: String,
    /// Go: grade a predicate of the assignment under another name, e.g.
    /// `finDelJuego=terminarJuego`, or `finDelJuego=puntajeFinal(1,3,2)`
    /// when its arguments come in another order (there: which argument of
    /// finDelJuego goes in each place of puntajeFinal). Repeatable: the
    /// assignment's own name is tried first, then these in order; the
    /// report says which one was graded.
    #[arg(long = "predicate", value_name = "NAME=OTHER")]
    pub predicates: Vec<String>,
    /// Mad Bishops: a Prolog file that defines the interface's predicates
    /// in terms of the student's (a wrapped board, moves per square),
    /// loaded after the program in the same sandbox; a file of the same
    /// name in a submission's folder is used instead (a per-student
    /// adapter).
    #[arg(long, value_name = "FILE.pl")]
    pub adapter: Option<PathBuf>,
}

#[cfg(target_os = "linux")]
/// How a Solitaire Chess puzzle reaches the program.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum FeedArg {
    /// On standard input, then end of file.
    #[default]
    Stdin,
    /// As the last argument of the command.
    Argument,
}

#[cfg(target_os = "linux")]
/// Output formats of `grade`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum GradeFormat {
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
pub enum SandboxArg {
    #[default]
    Auto,
    Bwrap,
    None,
}

#[cfg(target_os = "linux")]
/// `1M`, `512K`, `2G`, `1000`.
pub fn parse_size(s: &str) -> Result<u64, String> {
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

/// The options of `grade` that not every game reads.
#[cfg(target_os = "linux")]
pub const GAME_OPTIONS: [Given; 6] = [
    Given::some("--games"),
    Given::some("--puzzles"),
    Given::some("--ai"),
    Given::some("--rebels"),
    Given::some("--predicate"),
    Given::some("--adapter"),
];

#[cfg(target_os = "linux")]
impl Args {
    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [
                !self.games.is_empty(),
                !self.puzzles.is_empty(),
                self.ai,
                self.rebels.is_some(),
                !self.predicates.is_empty(),
                self.adapter.is_some(),
            ],
        )
    }
}

/// The options of `grade` that not every game reads: on this platform,
/// none (`grade` runs on Linux only).
#[cfg(all(test, not(target_os = "linux")))]
pub const GAME_OPTIONS: [Given; 0] = [];
