//! The options of `selfplay`.

use std::path::PathBuf;

use asalto::player::Player;

use super::common::{
    Format, Given, parse_bishops_player, parse_officers, parse_rebels, parse_side,
};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto selfplay --games 100 --seed 7 --out refs/\n  asalto selfplay --cover --seed 7 --out refs/    (reference games that reach every rule situation the grader checks)\n  asalto selfplay --game go --size 9 --games 100 --seed 7 --out refs/\n  asalto selfplay --game madbishops --rules report --red greedy --games 500 --seed 7 --out refs/\n  asalto selfplay --officers greedy --rebels basic-v2 --games 1000 --format json\n  asalto selfplay --max-plies 0 --rebels basic-v1    (no limit: stops on repetition)\n";

/// Play games between computer players and write them as record files.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Asalto: the officers' player, `random` (the default) or `greedy`.
    #[arg(long, value_name = "PLAYER", value_parser = parse_officers)]
    pub officers: Option<Player>,
    /// Asalto: the rebels' player, `random` (the default), `basic-v1`,
    /// `basic-v2` or `greedy`.
    #[arg(long, value_name = "PLAYER", value_parser = parse_rebels)]
    pub rebels: Option<Player>,
    /// How many games (default 1). With `--cover`: the most games played
    /// to choose from (default 1000).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,
    /// Asalto and Go: a set of reference games for `grade` that reaches
    /// every rule situation the grader checks: seeded games are played
    /// until those kept reach them all (or `--games` are played), each
    /// kept because it reaches something the others do not. The summary
    /// names what could not be reached (exit 1).
    #[arg(long)]
    pub cover: bool,
    /// Base seed: game K is played with a seed made from it and K (default:
    /// from the clock, shown in the summary).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write DIR/game-0001.txt, ... (one record per game, the plain format
    /// of the assignment; Go: DIR/game-0001.sgf, ...) and DIR/summary.json.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Stop a game after this many moves and record it as capped (default
    /// 1000; Go: three moves per point of the board; Mad Bishops: 0 is no
    /// limit but 100000). Asalto, 0: no limit but the hard one (100000),
    /// and a game stops, unfinished, when a
    /// position comes back three times (rebels may step from castle point
    /// to castle point for ever).
    #[arg(long, value_name = "N")]
    pub max_plies: Option<usize>,
    /// `human`: nothing on standard output; `json`: one line per game.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Replace the games of an earlier run in DIR.
    #[arg(long)]
    pub force: bool,
    /// Threads (default: one per core). The games do not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
    /// The game: `asalto` (the default), `go` or `madbishops`.
    #[arg(long, value_name = "GAME")]
    pub game: Option<asalto_core::GameKind>,
    /// The rule profile. Go: the one the players obey and the records name
    /// (default `positional-superko`: its games are legal under every Go
    /// profile, the 2019 assignment's `seed-2019` included). Mad Bishops:
    /// `steere` (the default) or `report`.
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
    /// Go: the board size, 2 to 25 (9, 13 and 19 are the usual) [default:
    /// 19].
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u8).range(2..=25))]
    pub size: Option<u8>,
    /// Go: the komi written in `KM` (default 7.5; 0 under `seed-2019`,
    /// which counts none).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub komi: Option<f64>,
    /// Mad Bishops: red's player: `random` (the default), `greedy`,
    /// `search` or `search-N` (N = 1..6 moves ahead).
    #[arg(long, value_name = "PLAYER", value_parser = parse_bishops_player)]
    pub red: Option<asalto_madbishops::player::Player>,
    /// Mad Bishops: blue's player (as `--red`).
    #[arg(long, value_name = "PLAYER", value_parser = parse_bishops_player)]
    pub blue: Option<asalto_madbishops::player::Player>,
    /// Mad Bishops: who moves first, `red` (the default) or `blue`.
    #[arg(long, value_name = "SIDE", value_parser = parse_side)]
    pub first: Option<asalto_madbishops::Side>,
}

impl Args {
    /// How many games: `--games`, else 1.
    pub fn games(&self) -> u32 {
        self.games.unwrap_or(1)
    }

    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [
                self.officers.is_some(),
                self.rebels.is_some(),
                self.size.is_some(),
                self.komi.is_some(),
                self.red.is_some(),
                self.blue.is_some(),
                self.first.is_some(),
                self.cover,
            ],
        )
    }
}

/// The options of `selfplay` that not every game reads.
pub const GAME_OPTIONS: [Given; 8] = [
    Given::some("--officers"),
    Given::some("--rebels"),
    Given::some("--size"),
    Given::some("--komi"),
    Given::some("--red"),
    Given::some("--blue"),
    Given::some("--first"),
    Given::some("--cover"),
];
