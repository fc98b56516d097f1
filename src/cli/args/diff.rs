//! The options of `diff`.

use super::common::{BishopsArgs, DrawArgs, Format, GameArgs, Given, ReadArgs, Reading, Rules};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto diff reference.txt student.txt\n  asalto diff --lenient reference.txt student.txt --format json\n  asalto diff game.json - < saved.txt\n  asalto diff reference.sgf student.sgf       (Go: by the extension, or --game go)\n  asalto diff solution.txt answer.txt         (Solitaire Chess: the first capture that differs)\n";

/// Compare two games: the first move where they differ, the position
/// before it, both moves and why one is illegal; then a unified diff of the
/// two canonical records. Exit 0 when the games are the same, 1 when not.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The reference record (`-` reads standard input).
    #[arg(value_name = "REFERENCE")]
    pub reference: String,
    /// The record to compare with it.
    #[arg(value_name = "OTHER")]
    pub other: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub draw: DrawArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub bishops: BishopsArgs,
    /// Print nothing on standard output: the exit status says whether the
    /// games are the same (0) or not (1); what cannot be read is still
    /// said on standard error (2).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The options of `diff` that not every game reads.
pub const GAME_OPTIONS: [Given; 2] = [Given::every("--lenient"), Given::some("--first")];

impl Args {
    /// How its records are read under the profile `rules`.
    pub fn reading(&self, rules: Rules) -> Reading {
        Reading::of(rules, &self.read, &self.bishops)
    }

    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [self.read.lenient, self.bishops.first.is_some()],
        )
    }
}
