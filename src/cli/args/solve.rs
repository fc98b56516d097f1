//! The options of `solve`.

use asalto_core::GameKind;
use asalto_solitaire::Profile;

use super::common::{Format, parse_solitaire_profile};

/// The default `--node-limit`: 10^8 positions. Puzzles of up to 13 pieces
/// need at most hundreds of thousands; a 14-piece puzzle needs millions
/// with room for every position (7.3 M for the crate's measured one), and
/// about this many when its table is 48 MiB (see the crate's README), so a
/// default that stops them would refuse real puzzles, and one that never
/// stops would let a huge input run for ever.
pub const DEFAULT_NODE_LIMIT: u64 = 100_000_000;

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:
  asalto solve '.....B..RP.....N'
  asalto solve --count 'P....R..R.R..R..' --rules thinkfun
  asalto solve --all --count puzzles.txt
  asalto solve --format json '[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5]]'
  asalto generate --game solitaire --count 5 --seed 7 | asalto solve --count -

Exit status: 0 every puzzle has a solution; 1 some puzzle has none, or the
node limit stopped its search; 2 a puzzle or file cannot be read (the other
puzzles are still solved) or bad usage.
";

/// Solve Solitaire Chess puzzles: one solution (as moves and the board
/// after each capture), the number of solutions, or all of them.
///
/// Each INPUT is a puzzle (a 16-character string, a list of lists of
/// letters or numbers, or a list of `[x, y, 'c']`), or a file of puzzles,
/// one per line or per four lines (`#` comment lines skipped); `-` reads
/// standard input. An INPUT that names an existing file is read as a file.
/// A bad puzzle is reported with its place and reason, and the others are
/// still solved.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Puzzles or files of puzzles (`-`: standard input).
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<String>,
    /// The game: `solitaire` (the default, the only one with puzzles to
    /// solve).
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The pawn rule: `codegolf` (diagonally in any direction) or
    /// `thinkfun` (diagonally upwards). Default: the file's `rules:` line,
    /// else `codegolf`.
    #[arg(long, value_parser = parse_solitaire_profile)]
    pub rules: Option<Profile>,
    /// Print the number of solutions of each puzzle (alone, unless `--all`).
    #[arg(long)]
    pub count: bool,
    /// Print every solution, in canonical order (with their number).
    #[arg(long)]
    pub all: bool,
    /// With `--all`: list at most this many solutions per puzzle.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_solutions: usize,
    /// Positions one search may visit before it gives up (0: no limit);
    /// a puzzle of 14 pieces can take millions of positions (10^8 in a
    /// small `--memory`) and minutes.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_LIMIT)]
    pub node_limit: u64,
    /// Memory for the table of counts (`512M`, `4G`): a count of 14 pieces
    /// that remembers every position it met is many times faster. Default:
    /// a quarter of the memory available; never less than the table's
    /// smallest cap (48 MiB, 72 MiB while it doubles).
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
    /// Also draw the board after each capture.
    #[arg(long)]
    pub draw: bool,
    /// Output format (`json`: one JSON document per puzzle, one per line).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `1000`, `512K`, `1M`, `2G`.
fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, shift) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("`{s}`: expected a size like 1000, 512K, 1M or 2G"))
}
