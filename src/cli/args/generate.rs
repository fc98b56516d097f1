//! The options of `generate`.

use asalto_core::GameKind;
use asalto_solitaire::Profile;

use super::common::{Format, parse_solitaire_profile};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:
  asalto generate --game solitaire --pieces 6 --unique --level 3 --count 60 --seed 7
  asalto generate --game solitaire --cover --seed 1 > puzzles.txt    (puzzles for `grade` that reach every rule situation)
  asalto generate --game solitaire --level 1 --count 10 --rules thinkfun
  asalto generate --game solitaire --set KQQRRN --pieces 5 --format json
  asalto generate --game solitaire --count 100 > set.txt && asalto solve --count set.txt

Exit status: 0 all puzzles written; 1 the search gave up before the last
one (those found are written; with --cover: a situation was not reached);
2 options that cannot give a puzzle.
";

/// Generate Solitaire Chess puzzles with exactly one solution, from a
/// piece set (default the commercial one, K Q R R B B N N P P), at a
/// difficulty level: the same seed gives the same puzzles on every
/// machine.
///
/// The output is a puzzle set, one 16-character string per line, each
/// after a `#` comment line with its level and difficulty, which `asalto
/// solve` reads back. The level (1 beginner .. 4 expert) follows the
/// expected search: the positions a player trying captures at random looks
/// at before solving it (see the `asalto-solitaire` README).
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: `solitaire` (the default, the only one with puzzles to
    /// make).
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The pawn rule the solution is unique under: `codegolf` or
    /// `thinkfun`.
    #[arg(long, value_parser = parse_solitaire_profile, default_value = "codegolf")]
    pub rules: Profile,
    /// Pieces per puzzle (default: a number that suits the level, or 3 to
    /// 8).
    #[arg(long, value_name = "N")]
    pub pieces: Option<usize>,
    /// The difficulty level: 1 beginner, 2 intermediate, 3 advanced, 4
    /// expert (default: any).
    #[arg(long, value_name = "1-4", value_parser = clap::value_parser!(u8).range(1..=4))]
    pub level: Option<u8>,
    /// The pieces to draw from, as letters (`KQRRBBNNPP`, the default).
    #[arg(long, value_name = "PIECES")]
    pub set: Option<String>,
    /// Puzzles with exactly one solution: what this command always makes
    /// (the flag says so in scripts).
    #[arg(long)]
    pub unique: bool,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub count: usize,
    /// The seed of the random choices.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Positions the search may try per puzzle before it gives up.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_attempts: u64,
    /// Also write each puzzle's solution, on a `#` line.
    #[arg(long)]
    pub solution: bool,
    /// Output format (`json`: one JSON document per puzzle, one per line).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Instead of puzzles with one solution: a set for `asalto grade --game
    /// solitaire` that reaches every rule situation its grader checks under
    /// `--rules` (puzzles without a solution, each kind of piece needed,
    /// the pawn rule, blocked slides, sizes): random positions of 2 to 10
    /// pieces of `--set` are drawn (at most `--max-attempts`), each kept
    /// when it reaches a situation the others do not.
    #[arg(long, conflicts_with_all = ["pieces", "level", "unique", "count"])]
    pub cover: bool,
}
