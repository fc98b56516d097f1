//! `asalto selfplay` of Asalto games: seeded games between the computer
//! players (game K from the run's seed and K, so the set does not depend
//! on the threads), written as records of the assignment's format with a
//! `summary.json`; `--cover` is [`super::cover`].

use std::borrow::Cow;
use std::fmt::Write as _;

use asalto::json::OutcomeJson;
use asalto::player::Player;
use asalto::record::write_record;
use asalto::selfplay::{GameJson, Match, PlayedGame, Totals};
use asalto::{OutcomeReason, Side};
use asalto_core::json::Head;
use serde::Serialize;

use super::super::args::selfplay::Args;
use super::super::out::{Out, Status, WriteError};
use super::super::runs::{Output, Set, Stop, clock_seed, json_line, play_set, summary_head};

/// `selfplay` of Asalto games.
pub fn selfplay(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.cover {
        return super::cover::cover(args, out);
    }
    let max_plies = args.max_plies.unwrap_or(1000);
    let run = Run {
        m: Match {
            officers: args.officers.unwrap_or(Player::Random),
            rebels: args.rebels.unwrap_or(Player::Random),
            max_plies: (max_plies > 0).then_some(max_plies),
        },
        seed: args.seed.unwrap_or_else(clock_seed),
        games: args.games() as usize,
    };
    let output = Output {
        dir: args.out.as_deref(),
        extension: "txt",
        what: "record files",
        format: args.format,
        quiet: args.quiet,
        games: run.games,
    };
    play_set(&run, &output, args.jobs.unwrap_or(0), args.force, out)
}

/// A run of Asalto games: the match, the base seed, how many.
struct Run {
    m: Match,
    seed: u64,
    games: usize,
}

impl Set for Run {
    type Game = PlayedGame;
    type Totals = Totals;
    type Result = ResultJson;
    const PER_THREAD: usize = 64;

    fn play(&self, n: usize) -> PlayedGame {
        self.m.play(self.seed, n)
    }

    fn number(game: &PlayedGame) -> usize {
        game.number
    }

    fn text<'g>(&self, game: &'g PlayedGame) -> Cow<'g, str> {
        Cow::Owned(write_record(&game.moves))
    }

    fn json(
        &self,
        game: &PlayedGame,
        file: Option<String>,
        _name: &str,
        out: &mut Out,
    ) -> Result<(), Stop> {
        json_line(out, &GameJson::new(&self.m, game, file))
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
            repeated: game.repeated,
        }
    }

    fn summary<'a>(&'a self, totals: &'a Totals, results: &'a [ResultJson]) -> impl Serialize + 'a {
        SummaryJson {
            head: summary_head(asalto::json::GAME, asalto::json::RULES),
            seed: self.seed,
            officers: self.m.officers.name(),
            rebels: self.m.rebels.name(),
            games: self.games,
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

/// `summary.json`: the options of the run, the totals and every game's
/// result.
#[derive(Serialize)]
struct SummaryJson<'a> {
    #[serde(flatten)]
    head: Head,
    seed: u64,
    officers: &'static str,
    rebels: &'static str,
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
    repeated: bool,
}

/// The human summary: results by winner and reason, capped games, lengths.
fn summary(m: &Match, seed: u64, totals: &Totals) -> String {
    let mut text = String::new();
    let cap = match m.max_plies {
        Some(n) => format!("max {}", asalto::text::count(n, "move")),
        None => format!("no move limit but {}", asalto::selfplay::HARD_MAX_PLIES),
    };
    let _ = writeln!(
        text,
        "{} game{}: officers {}, rebels {}, seed {seed}, {cap}",
        totals.games,
        if totals.games == 1 { "" } else { "s" },
        m.officers,
        m.rebels
    );
    let percent = |n: usize| 100.0 * n as f64 / totals.games.max(1) as f64;
    for side in Side::ALL {
        let wins = totals.wins.get(side.name()).copied().unwrap_or(0);
        let reasons: Vec<String> = [
            OutcomeReason::FewerThanNineRebels,
            OutcomeReason::RebelsBlocked,
            OutcomeReason::CastleOccupied,
            OutcomeReason::OfficersBlocked,
        ]
        .into_iter()
        .filter(|r| r.winner() == side)
        .map(|r| {
            let n = totals.reasons.get(r.code()).copied().unwrap_or(0);
            format!("{} {n}", r.code())
        })
        .collect();
        let _ = writeln!(
            text,
            "  {:<13} {wins:>6} {:>5.1}%  ({})",
            format!("{side} win"),
            percent(wins),
            reasons.join(", ")
        );
    }
    let _ = writeln!(
        text,
        "  {:<13} {:>6} {:>5.1}%  (stopped unfinished at the move limit)",
        "capped",
        totals.capped,
        percent(totals.capped)
    );
    if totals.repeated > 0 {
        let _ = writeln!(
            text,
            "  {:<13} {:>6} {:>5.1}%  (stopped unfinished: a position came back 3 times)",
            "repeated",
            totals.repeated,
            percent(totals.repeated)
        );
    }
    let _ = writeln!(
        text,
        "  length: average {:.1} moves, shortest {}, longest {}",
        totals.average_plies(),
        totals.min_plies,
        totals.max_plies
    );
    text
}
