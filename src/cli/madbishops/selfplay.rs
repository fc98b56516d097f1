//! `asalto selfplay --game madbishops`: seeded reference games between the
//! engine's computer players, under either rule profile, written as record
//! files (algebraic, one move per line) with a `summary.json`. Game K is
//! played from a seed made of the run's seed and K, so a set is the same
//! whatever the number of threads.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::PathBuf;

use asalto_core::json::Head;
use asalto_madbishops::json::{GAME, OutcomeJson, SelfplayJson};
use asalto_madbishops::player::Player;
use asalto_madbishops::record::write_record;
use asalto_madbishops::selfplay::{Match, PlayedGame, Totals};
use asalto_madbishops::{Notation, OutcomeReason, Position, Profile, Side};
use serde::Serialize;

use super::super::args::common::Format;
use super::super::out::{Out, Status, WriteError};
use super::super::runs::{Output, Set, Stop, clock_seed, json_line, play_set, summary_head};
use super::record::{HARD_MAX_PLIES, move_cap};

/// What a run plays and where it writes.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Red's player.
    pub red: Player,
    /// Blue's player.
    pub blue: Player,
    /// The rule profile.
    pub profile: Profile,
    /// Who moves first.
    pub first: Side,
    /// How many games.
    pub games: usize,
    /// The base seed (default: from the clock).
    pub seed: Option<u64>,
    /// The move cap (0: [`HARD_MAX_PLIES`]).
    pub max_plies: usize,
    /// Where to write the records and `summary.json`.
    pub out: Option<PathBuf>,
    /// Replace the files of an earlier run.
    pub force: bool,
    /// `json`: one line per game on standard output.
    pub format: Format,
    /// Threads (0: one per core).
    pub jobs: usize,
    /// No summary on standard error.
    pub quiet: bool,
}

/// `summary.json`: the run's options, the totals and every game's result.
#[derive(Serialize)]
struct SummaryJson<'a> {
    #[serde(flatten)]
    head: Head,
    first: &'static str,
    seed: u64,
    red: String,
    blue: String,
    games: usize,
    max_plies: Option<usize>,
    totals: &'a Totals,
    results: &'a [ResultJson],
}

/// One game in `summary.json`.
#[derive(Serialize)]
struct ResultJson {
    number: usize,
    file: Option<String>,
    seed: u64,
    plies: usize,
    outcome: Option<OutcomeJson>,
    capped: bool,
}

/// Run `selfplay --game madbishops`.
pub fn run(settings: &Settings, out: &mut Out) -> Result<Status, WriteError> {
    let run = Run {
        settings,
        seed: settings.seed.unwrap_or_else(clock_seed),
        m: Match {
            red: settings.red,
            blue: settings.blue,
            start: Position::start(settings.profile, settings.first),
            max_plies: Some(move_cap(settings.max_plies)),
        },
    };
    let output = Output {
        dir: settings.out.as_deref(),
        extension: "txt",
        what: "record files",
        format: settings.format,
        quiet: settings.quiet,
        games: settings.games,
    };
    play_set(&run, &output, settings.jobs, settings.force, out)
}

/// A run of Mad Bishops games: what is asked, the base seed, the match.
struct Run<'s> {
    settings: &'s Settings,
    seed: u64,
    m: Match,
}

impl Set for Run<'_> {
    type Game = PlayedGame;
    type Totals = Totals;
    type Result = ResultJson;

    fn play(&self, n: usize) -> PlayedGame {
        self.m.play(self.seed, n)
    }

    fn number(game: &PlayedGame) -> usize {
        game.number
    }

    fn text<'g>(&self, game: &'g PlayedGame) -> Cow<'g, str> {
        Cow::Owned(write_record(&game.moves, Notation::Algebraic))
    }

    fn json(
        &self,
        game: &PlayedGame,
        file: Option<String>,
        _name: &str,
        out: &mut Out,
    ) -> Result<(), Stop> {
        json_line(out, &SelfplayJson::new(&self.m, game, file))
    }

    fn add(totals: &mut Totals, game: &PlayedGame) {
        totals.add(game);
    }

    fn result(&self, game: &PlayedGame, file: Option<String>) -> ResultJson {
        ResultJson {
            number: game.number,
            file,
            seed: game.seed,
            plies: game.moves.len(),
            outcome: game.outcome.map(OutcomeJson::from),
            capped: game.capped(),
        }
    }

    fn summary<'a>(&'a self, totals: &'a Totals, results: &'a [ResultJson]) -> impl Serialize + 'a {
        SummaryJson {
            head: summary_head(GAME, self.settings.profile.name()),
            first: self.settings.first.name(),
            seed: self.seed,
            red: self.m.red.name(),
            blue: self.m.blue.name(),
            games: self.settings.games,
            max_plies: self.m.max_plies,
            totals,
            results,
        }
    }

    fn people(&self, totals: &Totals) -> String {
        summary(&self.m, self.seed, totals)
    }

    fn moves(totals: &Totals) -> usize {
        totals.plies
    }
}

/// The human summary: results by winner and reason, capped games, lengths.
fn summary(m: &Match, seed: u64, totals: &Totals) -> String {
    let mut text = String::new();
    let cap = match m.max_plies {
        Some(HARD_MAX_PLIES) => {
            format!("no move limit but {}", HARD_MAX_PLIES)
        }
        Some(n) => format!("max {}", asalto::text::count(n, "move")),
        None => "no move limit".to_string(),
    };
    let _ = writeln!(
        text,
        "{} game{} of Mad Bishops ({}, {} first): red {}, blue {}, seed {seed}, {cap}",
        totals.games,
        if totals.games == 1 { "" } else { "s" },
        m.start.profile().name(),
        m.start.turn().name(),
        m.red,
        m.blue
    );
    let percent = |n: usize| 100.0 * n as f64 / totals.games.max(1) as f64;
    for side in Side::ALL {
        let wins = totals.wins.get(side.name()).copied().unwrap_or(0);
        let _ = writeln!(
            text,
            "  {:<10} {wins:>6} {:>5.1}%",
            format!("{} wins", side.name()),
            percent(wins),
        );
    }
    let reasons: Vec<String> = OutcomeReason::ALL
        .iter()
        .map(|r| {
            let n = totals.reasons.get(r.code()).copied().unwrap_or(0);
            format!("{} {n}", r.code())
        })
        .collect();
    let _ = writeln!(text, "  outcomes: {}", reasons.join(", "));
    let _ = writeln!(
        text,
        "  {:<10} {:>6} {:>5.1}%  (stopped unfinished at the move limit)",
        "capped",
        totals.capped,
        percent(totals.capped)
    );
    let _ = writeln!(
        text,
        "  length: average {:.1} moves, shortest {}, longest {}",
        totals.average_plies(),
        totals.min_plies,
        totals.max_plies
    );
    text
}
