//! The options of `check`.

use asalto::basic::BasicScore;

use super::common::{BishopsArgs, ColorChoice, GameArgs, Given, Reading, Rules, parse_basic};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto check game.txt\n  asalto check game.sgf                       (Go: by the extension, or --game go)\n  asalto check --rules seed-2019 kifu/        (every *.sgf in kifu/, under the 2019 assignment's rules)\n  asalto check submissions/*/partida.txt      (one line per file, then totals)\n  asalto check refs/ --format json -j 2       (every *.txt in refs/, as JSON lines)\n  asalto check --game solitaire answer.txt    (a Solitaire Chess puzzle and an answer)\n  asalto check --lenient - < game.txt         (standard input; `Bd-Db` captures allowed)\n";

/// Validate record files: one move per line, by the assignment's rules.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Record files, folders (every `*.txt` and `*.sgf` inside and in
    /// sub-folders, by path; hidden folders left out) or JSON game
    /// documents (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Output format: `human`, `json` (one object per file and line), or
    /// `html` (one self-contained page: every file, valid or where it
    /// breaks).
    #[arg(long, value_enum, default_value_t)]
    pub format: CheckFormat,
    /// Treat format warnings (BOM, CRLF, blank lines, spaces, comments) as
    /// errors.
    #[arg(long)]
    pub strict: bool,
    /// Accept captures written with only their first two points (completed,
    /// with a warning), several moves on a line, and skip `FIN` lines.
    #[arg(long)]
    pub lenient: bool,
    /// Also require every rebel move to be a best move of this BASICO score
    /// [possible values: basic-v1, basic-v2].
    #[arg(long, value_name = "SCORE", value_parser = parse_basic)]
    pub rebels: Option<BasicScore>,
    /// With several files, print the full diagnostics of each problem file
    /// too, not just one line.
    #[arg(long)]
    pub details: bool,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
    /// Files checked in parallel (default: the number of cores). The output
    /// does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Print nothing: the exit status says it all.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub bishops: BishopsArgs,
    /// Go: check every line of the variation tree, not just the main line.
    #[arg(long)]
    pub all_variations: bool,
    /// Go: check line N of the first game tree instead of its main line (0:
    /// the main line; then every other line from the root to a leaf, in
    /// tree order, the first child's lines first).
    #[arg(long, value_name = "N", conflicts_with = "all_variations")]
    pub variation: Option<usize>,
}

/// The output formats of `check`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum CheckFormat {
    /// Text for people.
    #[default]
    Human,
    /// JSON for scripts.
    Json,
    /// One HTML page for all the files.
    Html,
}

/// The options of `check` that not every game reads.
pub const GAME_OPTIONS: [Given; 5] = [
    Given::some("--rebels"),
    Given::every("--lenient"),
    Given::some("--all-variations"),
    Given::some("--first"),
    Given::some("--variation"),
];

impl Args {
    /// Files checked at once: `--jobs`, else the number of cores (1 to 256).
    pub fn jobs(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, 256)
    }

    /// How its records are read under the profile `rules`.
    pub fn reading(&self, rules: Rules) -> Reading {
        Reading {
            rules,
            lenient: self.lenient,
            strict: self.strict,
            rebels: self.rebels,
            first: self.bishops.first,
            all_variations: self.all_variations,
            variation: self.variation.unwrap_or(0),
        }
    }

    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [
                self.rebels.is_some(),
                self.lenient,
                self.all_variations,
                self.bishops.first.is_some(),
                self.variation.is_some(),
            ],
        )
    }
}
