//! `asalto selfplay --cover`: a set of Asalto reference games that
//! reaches every rule situation the grader checks (Go's is in
//! `go/selfplay.rs`, Solitaire Chess's puzzles in `generate --cover`).

use std::fmt::Write as _;
use std::time::Instant;

use asalto::json::OutcomeJson;
use asalto::player::Player;
use asalto::record::write_record;
use asalto::selfplay::{COVER_MATCHES, CoverSet, GameJson, Match, PlayedGame};
use asalto_core::coverage::Report;
use asalto_core::json::Head;
use serde::Serialize;

use super::super::args::common::Format;
use super::super::args::selfplay::Args;
use super::super::out::{Out, Status, WriteError};
use super::super::runs::{
    COVER_GAMES, Output, clock_seed, closing, cover_status, json_line, offer_in_order,
    summary_head, thread_pool, write_game, write_summary,
};

/// `summary.json` of `selfplay --cover` (Asalto).
#[derive(Serialize)]
struct CoverSummaryJson<'a> {
    #[serde(flatten)]
    head: Head,
    seed: u64,
    /// Games played to choose from (1 to `played`).
    played: usize,
    /// The most that could be played.
    max_games: usize,
    /// Games kept.
    games: usize,
    coverage: &'a Report,
    results: Vec<CoverResultJson>,
}

/// One game kept, in `summary.json`.
#[derive(Serialize)]
struct CoverResultJson {
    /// Its place in the set (its file's number).
    number: usize,
    file: Option<String>,
    /// Its number among the games played with the run's seed: game K is
    /// played from `game_seed(seed, K)` (its `seed`).
    played_as: usize,
    seed: u64,
    officers: &'static str,
    rebels: &'static str,
    max_plies: Option<usize>,
    plies: usize,
    outcome: Option<OutcomeJson>,
    capped: bool,
    repeated: bool,
}

/// `selfplay --cover` of Asalto: play games (game K by the match
/// `COVER_MATCHES[(K-1) % 6]`, or by the players and cap given) until the
/// games kept reach every situation or `--games` (default
/// [`COVER_GAMES`]) are played; keep those that add a situation, then
/// leave out those the others make useless; write them as game-0001.txt,
/// ... Exit 1 when a situation is not reached (the games found are
/// written).
pub fn cover(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let given = args.officers.is_some() || args.rebels.is_some() || args.max_plies.is_some();
    let schedule: Vec<Match> = if given {
        let max_plies = args.max_plies.unwrap_or(1000);
        vec![Match {
            officers: args.officers.unwrap_or(Player::Random),
            rebels: args.rebels.unwrap_or(Player::Random),
            max_plies: (max_plies > 0).then_some(max_plies),
        }]
    } else {
        COVER_MATCHES.to_vec()
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let most = args.games.map_or(COVER_GAMES, |n| n as usize);
    let pool = match thread_pool(args.jobs.unwrap_or(0)) {
        Ok(pool) => pool,
        Err(stop) => return stop.into_result(),
    };
    let started = Instant::now();
    let mut set = CoverSet::default();
    let played = offer_in_order(
        &pool,
        most,
        |n| {
            let m = schedule[(n - 1) % schedule.len()];
            (m.play(seed, n), m)
        },
        |(game, m): (PlayedGame, Match)| {
            set.offer(game, m);
            set.is_complete()
        },
    );
    set.prune();
    let moves = set.games().iter().map(|(g, _)| g.moves.len()).sum();
    let output = Output {
        dir: args.out.as_deref(),
        extension: "txt",
        what: "record files",
        format: args.format,
        quiet: args.quiet,
        games: set.games().len(),
    };
    let names: Vec<String> = (1..=set.games().len()).map(|k| output.name(k)).collect();
    let report = set.coverage().report(&names);
    let status = output.run(args.force, || {
        let mut results = Vec::new();
        let mut text = format!(
            "cover: {} chosen from {} played (seed {seed}): {}\n",
            asalto::text::count(set.games().len(), "game"),
            played,
            report.headline()
        );
        for (k, (game, m)) in set.games().iter().enumerate() {
            let name = &names[k];
            let file = write_game(output.dir, name, || write_record(&game.moves))?;
            if args.format == Format::Json {
                json_line(out, &GameJson::new(m, game, file.clone()))?;
            }
            let _ = writeln!(
                text,
                "  {name}: game {} ({} officers, {} rebels), {}, {}",
                game.number,
                m.officers,
                m.rebels,
                match game.outcome {
                    Some(end) => end.outcome.to_string(),
                    None => "unfinished".to_string(),
                },
                asalto::text::count(game.moves.len(), "move")
            );
            results.push(CoverResultJson {
                number: k + 1,
                file: file.map(|_| name.clone()),
                played_as: game.number,
                seed: game.seed,
                officers: m.officers.name(),
                rebels: m.rebels.name(),
                max_plies: m.max_plies,
                plies: game.moves.len(),
                outcome: game.outcome.map(OutcomeJson::from),
                capped: game.capped(),
                repeated: game.repeated,
            });
        }
        text.push_str(&closing(&report, played));
        if let Some(dir) = output.dir {
            write_summary(
                dir,
                &CoverSummaryJson {
                    head: summary_head(asalto::json::GAME, asalto::json::RULES),
                    seed,
                    played,
                    max_games: most,
                    games: set.games().len(),
                    coverage: &report,
                    results,
                },
            )?;
        }
        Ok((text, moves, started.elapsed().as_secs_f64()))
    })?;
    Ok(cover_status(status, &report))
}
