//! `asalto selfplay --game madbishops`: seeded reference games between the
//! engine's computer players, under either rule profile, written as record
//! files (algebraic, one move per line) with a `summary.json`. Game K is
//! played from a seed made of the run's seed and K, so a set is the same
//! whatever the number of threads.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use asalto_core::json::Head;
use asalto_madbishops::json::{GAME, OutcomeJson, SelfplayJson};
use asalto_madbishops::player::Player;
use asalto_madbishops::record::write_record;
use asalto_madbishops::selfplay::{Match, PlayedGame, Totals};
use asalto_madbishops::{Notation, OutcomeReason, Position, Profile, Side};
use serde::Serialize;

use super::super::selfplay::{
    Output, Stop, clock_seed, json_line, play_in_chunks, summary_head, thread_pool, write_game,
    write_summary,
};
use super::super::{Format, Out, Status, WriteError};

/// Parse a player name: `random`, `greedy`, `search`, `search-N`.
pub fn parse_player(s: &str) -> Result<Player, String> {
    s.parse()
}

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
    /// The move cap (0: [`super::HARD_MAX_PLIES`]).
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
    let seed = settings.seed.unwrap_or_else(clock_seed);
    let games = settings.games;
    let m = Match {
        red: settings.red,
        blue: settings.blue,
        start: Position::start(settings.profile, settings.first),
        max_plies: Some(super::move_cap(settings.max_plies)),
    };
    let output = Output {
        dir: settings.out.as_deref(),
        extension: "txt",
        what: "record files",
        format: settings.format,
        quiet: settings.quiet,
        games,
    };
    output.run(settings.force, || {
        let (totals, elapsed) = played(settings, &m, seed, &output, out)?;
        Ok((summary(&m, seed, &totals), totals.plies, elapsed))
    })
}

/// Play the games, write their records, their JSON lines and
/// `summary.json`: the totals and the seconds taken.
fn played(
    settings: &Settings,
    m: &Match,
    seed: u64,
    output: &Output<'_>,
    out: &mut Out,
) -> Result<(Totals, f64), Stop> {
    let games = settings.games;
    let pool = thread_pool(settings.jobs)?;
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut results = Vec::with_capacity(games);
    play_in_chunks(
        &pool,
        16,
        games,
        |n| m.play(seed, n),
        |played: Vec<PlayedGame>| {
            for game in &played {
                let name = output.name(game.number);
                let file = write_game(output.dir, &name, || {
                    write_record(&game.moves, Notation::Algebraic)
                })?;
                if settings.format == Format::Json {
                    json_line(out, &SelfplayJson::new(m, game, file.clone()))?;
                }
                totals.add(game);
                results.push(ResultJson {
                    number: game.number,
                    // Relative to DIR, where summary.json is.
                    file: file.map(|_| name),
                    seed: game.seed,
                    plies: game.moves.len(),
                    outcome: game.outcome.map(OutcomeJson::from),
                    capped: game.capped(),
                });
            }
            Ok(())
        },
    )?;
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(dir) = &settings.out {
        let summary = SummaryJson {
            head: summary_head(GAME, settings.profile.name()),
            first: settings.first.name(),
            seed,
            red: m.red.name(),
            blue: m.blue.name(),
            games,
            max_plies: m.max_plies,
            totals: &totals,
            results: &results,
        };
        write_summary(dir, &summary)?;
    }
    Ok((totals, elapsed))
}

/// The human summary: results by winner and reason, capped games, lengths.
fn summary(m: &Match, seed: u64, totals: &Totals) -> String {
    let mut text = String::new();
    let cap = match m.max_plies {
        Some(super::HARD_MAX_PLIES) => {
            format!("no move limit but {}", super::HARD_MAX_PLIES)
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
