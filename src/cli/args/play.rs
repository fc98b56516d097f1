//! The options of `play`.

use asalto::basic::BasicScore;
use asalto_core::GameKind;
use asalto_madbishops::console::Control;
use asalto_madbishops::player::MAX_SEARCH_DEPTH;
use asalto_madbishops::{Notation, Side};

use super::common::{Given, parse_basic, parse_control, parse_notation, parse_side};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto play\n  asalto play --game madbishops --blue greedy      (Mad Bishops, the report's console game)\n  asalto play --seed 7 --basic v1\n  asalto export game.txt --to input | asalto play    (replay a game at the console)\n";

/// Play Asalto at the console: the assignment's program (menu, game screen,
/// load, save), reading lines from standard input.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Seed of the random choices of AZAR and BASICO (default: from the
    /// clock).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Asalto: the score BASICO plays by: `v1` (ncas - 2*ncap) or `v2`
    /// (2*ncas - ncap) [default: v2].
    #[arg(long, value_name = "SCORE", value_parser = parse_basic)]
    pub basic: Option<BasicScore>,
    /// The game: `asalto` (the default) or `madbishops` (the course
    /// report's console game, in English).
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// Mad Bishops: the rule profile, `steere` (the default) or `report`
    /// (without --game, the profile names the game).
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
    /// Mad Bishops: who moves first, `red` (the default) or `blue`.
    #[arg(long, value_name = "SIDE", value_parser = parse_side)]
    pub first: Option<Side>,
    /// Mad Bishops: who plays red at the start: `human` (the default),
    /// `random`, `greedy` or `search` (the menu changes it).
    #[arg(long, value_name = "PLAYER", value_parser = parse_control)]
    pub red: Option<Control>,
    /// Mad Bishops: who plays blue at the start (as `--red`).
    #[arg(long, value_name = "PLAYER", value_parser = parse_control)]
    pub blue: Option<Control>,
    /// Mad Bishops: how many moves the `search` player looks ahead (1-6).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SEARCH_DEPTH)))]
    pub depth: Option<u32>,
    /// Mad Bishops: how moves are listed and saved: `algebraic` (the
    /// default), `row-column` or `numbers`.
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    pub notation: Option<Notation>,
    /// Mad Bishops: stop a game after this many moves (default 1500; 0: no
    /// limit but 100000).
    #[arg(long, value_name = "N")]
    pub max_plies: Option<usize>,
}

/// The options of `play` that not every game reads.
pub const GAME_OPTIONS: [Given; 7] = [
    Given::some("--basic"),
    Given::some("--first"),
    Given::some("--red"),
    Given::some("--blue"),
    Given::some("--depth"),
    Given::some("--notation"),
    Given::some("--max-plies"),
];

impl Args {
    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [
                self.basic.is_some(),
                self.first.is_some(),
                self.red.is_some(),
                self.blue.is_some(),
                self.depth.is_some(),
                self.notation.is_some(),
                self.max_plies.is_some(),
            ],
        )
    }
}
