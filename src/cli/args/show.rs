//! The options of `show`.

use super::common::{BishopsArgs, DrawArgs, GameArgs, Given, ReadArgs, Reading, Rules};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto show game.txt                     (after the last move)\n  asalto show game.txt --ply 12            (after 12 moves; 0 is the start)\n  asalto show game.txt --ply 12 --format svg > move12.svg\n  asalto show game.sgf --ply 120 --territory   (Go: by the extension, or --game go)\n  asalto show answer.txt --ply 2           (Solitaire Chess: the board after two captures)\n  asalto show --position '.../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O'\n";

/// Show a position: the board as the assignment draws it, the move that led
/// there, whose turn it is, the legal moves, and the result.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["file", "position"])))]
pub struct Args {
    /// Record file (`-` reads standard input).
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// Show this position string instead of a record
    /// (`.../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O`).
    #[arg(long, value_name = "POSITION", conflicts_with = "ply")]
    pub position: Option<String>,
    /// The position after this many moves (0: the start). Default: after the
    /// last move.
    #[arg(long, value_name = "N", value_parser = parse_ply, allow_hyphen_values = true)]
    pub ply: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: ShowFormat,
    #[command(flatten)]
    pub draw: DrawArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub game: GameArgs,
    /// Go: mark who owns each empty point (area scoring).
    #[arg(long)]
    pub territory: bool,
    /// Go: line N of the first game tree instead of its main line (0: the
    /// main line; then every other line from the root to a leaf, in tree
    /// order, the first child's lines first).
    #[arg(long, value_name = "N")]
    pub variation: Option<usize>,
    #[command(flatten)]
    pub bishops: BishopsArgs,
    /// Mad Bishops: draw the board as the course report's console display
    /// (title, `PLAYER:` line, numbered grid).
    #[arg(long)]
    pub report: bool,
}

/// Parse `--ply`: a number of moves, 0 or more.
pub fn parse_ply(s: &str) -> Result<usize, String> {
    if s.starts_with('-') {
        return Err(format!(
            "--ply counts moves from 0 (the start); `{s}` is no number of moves (leave --ply out to see the position after the last move)"
        ));
    }
    s.parse()
        .map_err(|_| format!("`{s}` is not a number of moves (0, 1, 2, ...)"))
}

/// The output formats of `show`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum ShowFormat {
    /// The board and a description, for people.
    #[default]
    Human,
    /// One JSON object.
    Json,
    /// An SVG picture.
    Svg,
}

/// The options of `show` that not every game reads.
pub const GAME_OPTIONS: [Given; 5] = [
    Given::every("--lenient"),
    Given::some("--territory"),
    Given::some("--first"),
    Given::some("--report"),
    Given::some("--variation"),
];

impl Args {
    /// How its records are read under the profile `rules`.
    pub fn reading(&self, rules: Rules) -> Reading {
        Reading {
            variation: self.variation.unwrap_or(0),
            ..Reading::of(rules, &self.read, &self.bishops)
        }
    }

    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [
                self.read.lenient,
                self.territory,
                self.bishops.first.is_some(),
                self.report,
                self.variation.is_some(),
            ],
        )
    }
}
