//! `asalto selfplay`: games between computer players, written as reference
//! records.

use std::fmt::Write as _;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Instant;

use asalto::json::OutcomeJson;
use asalto::player::Player;
use asalto::record::write_record;
use asalto::selfplay::{GameJson, Match, PlayedGame, Totals};
use asalto::{OutcomeReason, Side};
use asalto_core::GameKind;
use asalto_core::json::Head;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use super::{Format, Out, Status, WriteError, error};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto selfplay --games 100 --seed 7 --out refs/\n  asalto selfplay --cover --seed 7 --out refs/    (reference games that reach every rule situation the grader checks)\n  asalto selfplay --game go --size 9 --games 100 --seed 7 --out refs/\n  asalto selfplay --game madbishops --rules report --red greedy --games 500 --seed 7 --out refs/\n  asalto selfplay --officers greedy --rebels basic-v2 --games 1000 --format json\n  asalto selfplay --max-plies 0 --rebels basic-v1    (no limit: stops on repetition)\n";

/// Play games between computer players and write them as record files.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Asalto: the officers' player, `random` (the default) or `greedy`.
    #[arg(long, value_name = "PLAYER")]
    pub(super) officers: Option<Player>,
    /// Asalto: the rebels' player, `random` (the default), `basic-v1`,
    /// `basic-v2` or `greedy`.
    #[arg(long, value_name = "PLAYER")]
    pub(super) rebels: Option<Player>,
    /// How many games (default 1). With `--cover`: the most games played
    /// to choose from (default 1000).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) games: Option<u32>,
    /// Asalto and Go: a set of reference games for `grade` that reaches
    /// every rule situation the grader checks: seeded games are played
    /// until those kept reach them all (or `--games` are played), each
    /// kept because it reaches something the others do not. The summary
    /// names what could not be reached (exit 1).
    #[arg(long)]
    pub(super) cover: bool,
    /// Base seed: game K is played with a seed made from it and K (default:
    /// from the clock, shown in the summary).
    #[arg(long, value_name = "S")]
    pub(super) seed: Option<u64>,
    /// Write DIR/game-0001.txt, ... (one record per game, the plain format
    /// of the assignment; Go: DIR/game-0001.sgf, ...) and DIR/summary.json.
    #[arg(long, value_name = "DIR")]
    pub(super) out: Option<PathBuf>,
    /// Stop a game after this many moves and record it as capped (default
    /// 1000; Go: three moves per point of the board; Mad Bishops: 0 is no
    /// limit but 100000). Asalto, 0: no limit but the hard one (100000),
    /// and a game stops, unfinished, when a
    /// position comes back three times (rebels may step from castle point
    /// to castle point for ever).
    #[arg(long, value_name = "N")]
    pub(super) max_plies: Option<usize>,
    /// `human`: nothing on standard output; `json`: one line per game.
    #[arg(long, value_enum, default_value_t)]
    pub(super) format: Format,
    /// Replace the games of an earlier run in DIR.
    #[arg(long)]
    pub(super) force: bool,
    /// Threads (default: one per core). The games do not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub(super) jobs: Option<usize>,
    /// No summary on standard error.
    #[arg(long, short)]
    pub(super) quiet: bool,
    /// The game: `asalto` (the default) or `go`.
    #[arg(long, value_name = "GAME")]
    pub(super) game: Option<asalto_core::GameKind>,
    /// The rule profile. Go: the one the players obey and the records name
    /// (default `positional-superko`: its games are legal under every Go
    /// profile, the 2019 assignment's `seed-2019` included). Mad Bishops:
    /// `steere` (the default) or `report`.
    #[arg(long, value_name = "PROFILE")]
    pub(super) rules: Option<String>,
    /// Go: the board size, 2 to 25 (9, 13 and 19 are the usual).
    #[arg(long, value_name = "N", default_value_t = 19,
          value_parser = clap::value_parser!(u8).range(2..=25))]
    pub(super) size: u8,
    /// Go: the komi written in `KM` (default 7.5; 0 under `seed-2019`,
    /// which counts none).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub(super) komi: Option<f64>,
    /// Mad Bishops: red's player: `random` (the default), `greedy`,
    /// `search` or `search-N` (N = 1..6 moves ahead).
    #[arg(long, value_name = "PLAYER", value_parser = super::madbishops::selfplay::parse_player)]
    pub(super) red: Option<asalto_madbishops::player::Player>,
    /// Mad Bishops: blue's player (as `--red`).
    #[arg(long, value_name = "PLAYER", value_parser = super::madbishops::selfplay::parse_player)]
    pub(super) blue: Option<asalto_madbishops::player::Player>,
    /// Mad Bishops: who moves first, `red` (the default) or `blue`.
    #[arg(long, value_name = "SIDE", value_parser = super::madbishops::parse_side)]
    pub(super) first: Option<asalto_madbishops::Side>,
}

impl Args {
    /// How many games: `--games`, else 1.
    pub(super) fn games(&self) -> u32 {
        self.games.unwrap_or(1)
    }
}

/// The head of every game's `summary.json`: `asalto-selfplay`, the
/// version of every document, the game and its rule profile.
pub(super) const fn summary_head(game: &'static str, rules: &'static str) -> Head {
    Head::of(asalto_core::json::Kind::Selfplay, game, rules)
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

/// Run `selfplay` for the game asked (`--game`, else the game of the
/// `--rules` profile, else Asalto).
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let game = super::games::GameArgs {
        game: args.game,
        rules: args.rules.clone(),
    };
    let route = match super::games::route(&game, &[]) {
        Ok(route) => route,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let mut used = Vec::new();
    for (name, given) in [
        ("--red", args.red.is_some()),
        ("--blue", args.blue.is_some()),
        ("--first", args.first.is_some()),
    ] {
        if given {
            used.push(name);
        }
    }
    if let Err(message) = super::madbishops::only_for_bishops(&[route.game.kind()], &used) {
        error(&message);
        return Ok(Status::Error);
    }
    if args.cover && !matches!(route.game.kind(), GameKind::Asalto | GameKind::Go) {
        error(
            "--cover makes reference games for `asalto grade`: Asalto and Go (Solitaire Chess puzzles: `asalto generate --game solitaire --cover`)",
        );
        return Ok(Status::Error);
    }
    route.game.selfplay(&args, route.rules, out)
}

/// `selfplay` of Asalto games.
pub(super) fn asalto(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.cover {
        return super::cover::asalto(args, out);
    }
    let officers = args.officers.unwrap_or(Player::Random);
    let rebels = args.rebels.unwrap_or(Player::Random);
    let max_plies = args.max_plies.unwrap_or(1000);
    for (side, player) in [(Side::Officers, officers), (Side::Rebels, rebels)] {
        if !player.can_play(side) {
            error(&format!("{player} cannot play the {side}"));
            return Ok(Status::Error);
        }
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let games = args.games() as usize;
    let m = Match {
        officers,
        rebels,
        max_plies: (max_plies > 0).then_some(max_plies),
    };
    let output = Output {
        dir: args.out.as_deref(),
        extension: "txt",
        what: "record files",
        format: args.format,
        quiet: args.quiet,
        games,
    };
    output.run(args.force, || {
        let (totals, elapsed) = played(args, &m, seed, &output, out)?;
        Ok((summary(&m, seed, &totals), totals.plies, elapsed))
    })
}

/// Play the games of `selfplay` (Asalto), write their records, their JSON
/// lines and `summary.json`: the totals and the seconds taken.
fn played(
    args: &Args,
    m: &Match,
    seed: u64,
    output: &Output<'_>,
    out: &mut Out,
) -> Result<(Totals, f64), Stop> {
    let games = args.games() as usize;
    let pool = thread_pool(args.jobs.unwrap_or(0))?;
    let progress = if !args.quiet && io::stderr().is_terminal() && games > 1 {
        let bar = ProgressBar::new(games as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };

    let started = Instant::now();
    let mut totals = Totals::default();
    let mut results = Vec::with_capacity(games);
    play_in_chunks(
        &pool,
        64,
        games,
        |n| m.play(seed, n),
        |played: Vec<PlayedGame>| {
            for game in &played {
                let name = output.name(game.number);
                let file = write_game(output.dir, &name, || write_record(&game.moves))
                    .inspect_err(|_| progress.finish_and_clear())?;
                if args.format == Format::Json {
                    json_line(out, &GameJson::new(m, game, file.clone()))?;
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
                    repeated: game.repeated,
                });
            }
            progress.inc(played.len() as u64);
            Ok(())
        },
    )?;
    progress.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    if let Some(dir) = &args.out {
        let summary = SummaryJson {
            head: summary_head(asalto::json::GAME, asalto::json::RULES),
            seed,
            officers: m.officers.name(),
            rebels: m.rebels.name(),
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

/// Why a run of games stopped early: a file that could not be written
/// (exit 2; said when the run's output is done, after any progress bar is
/// cleared), or standard output.
pub(super) enum Stop {
    /// Stop with this status (the reason already said).
    Status(Status),
    /// This file could not be written.
    Unwritable(PathBuf, io::Error),
    /// Writing to standard output failed.
    Write(WriteError),
}

impl From<WriteError> for Stop {
    fn from(e: WriteError) -> Stop {
        Stop::Write(e)
    }
}

impl Stop {
    /// What `run` returns (and the file that could not be written, said).
    pub(super) fn into_result(self) -> Result<Status, WriteError> {
        match self {
            Stop::Status(status) => Ok(status),
            Stop::Unwritable(path, e) => {
                error(&format!("cannot write {}: {e}", path.display()));
                Ok(Status::Error)
            }
            Stop::Write(e) => Err(e),
        }
    }
}

/// With `--out DIR`, write a game's file `DIR/name` (`text()`): its path,
/// as the game's JSON line names it.
pub(super) fn write_game<T: AsRef<[u8]>>(
    dir: Option<&Path>,
    name: &str,
    text: impl FnOnce() -> T,
) -> Result<Option<String>, Stop> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let path = dir.join(name);
    match std::fs::write(&path, text()) {
        Ok(()) => Ok(Some(path.display().to_string())),
        Err(e) => Err(Stop::Unwritable(path, e)),
    }
}

/// A game's line of `--format json`.
pub(super) fn json_line(out: &mut Out, game: &impl Serialize) -> Result<(), Stop> {
    Ok(out.line(&serde_json::to_string(game).unwrap_or_default())?)
}

/// The threads of a run: `jobs` (0: one per core).
pub(super) fn thread_pool(jobs: usize) -> Result<rayon::ThreadPool, Stop> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| {
            error(&format!("cannot start threads: {e}"));
            Stop::Status(Status::Error)
        })
}

/// Play games `1..=games` on `pool`, `per_thread` games a thread at a
/// time, and hand each chunk, in order, to `each`: memory stays bounded
/// and the output comes in order whatever the number of threads.
pub(super) fn play_in_chunks<P: Send>(
    pool: &rayon::ThreadPool,
    per_thread: usize,
    games: usize,
    play: impl Fn(usize) -> P + Sync,
    mut each: impl FnMut(Vec<P>) -> Result<(), Stop>,
) -> Result<(), Stop> {
    let chunk = per_thread * pool.current_num_threads().max(1);
    let mut first = 1;
    while first <= games {
        let last = (first + chunk - 1).min(games);
        each(pool.install(|| (first..=last).into_par_iter().map(&play).collect()))?;
        first = last + 1;
    }
    Ok(())
}

/// Write `DIR/summary.json`.
pub(super) fn write_summary(dir: &Path, summary: &impl Serialize) -> Result<(), Stop> {
    let path = dir.join("summary.json");
    let text = serde_json::to_string_pretty(summary).unwrap_or_default() + "\n";
    std::fs::write(&path, text).map_err(|e| Stop::Unwritable(path, e))
}

/// Where a run of games writes, and how it reports.
pub(super) struct Output<'a> {
    /// `--out DIR`, if given.
    pub dir: Option<&'a Path>,
    /// The extension of the game files (`txt`, `sgf`).
    pub extension: &'static str,
    /// What the game files are, for the note when none are written.
    pub what: &'static str,
    /// The output format.
    pub format: Format,
    /// No summary on standard error.
    pub quiet: bool,
    /// How many games.
    pub games: usize,
}

impl Output<'_> {
    /// Game `n`'s file name: `game-0001.txt`, numbered as wide as the
    /// last game's number (four digits at least), so names sort in order.
    pub(super) fn name(&self, n: usize) -> String {
        let width = self.games.to_string().len().max(4);
        format!("game-{n:0width$}.{}", self.extension)
    }

    /// End the run: unless `--quiet`, `head` (the game's summary of its
    /// totals) then the files written (or how to write them) and the
    /// speed, from the `moves` played in `elapsed` seconds, on standard
    /// error; the exit status. A run that stopped says why.
    /// The frame of every game's run: prepare `--out DIR` (with `force`,
    /// replacing an earlier run's games; see [`prepare_dir`]), then `play`
    /// (the human summary, the moves and the seconds) and
    /// [`Output::finish`].
    pub(super) fn run(
        &self,
        force: bool,
        play: impl FnOnce() -> Result<(String, usize, f64), Stop>,
    ) -> Result<Status, WriteError> {
        if let Some(dir) = self.dir {
            if let Err(message) = prepare_dir(dir, force) {
                error(&message);
                return Ok(Status::Error);
            }
        }
        self.finish(play())
    }

    fn finish(&self, played: Result<(String, usize, f64), Stop>) -> Result<Status, WriteError> {
        let (mut text, moves, elapsed) = match played {
            Ok(played) => played,
            Err(stop) => return stop.into_result(),
        };
        if self.quiet {
            return Ok(Status::Success);
        }
        let games = self.games;
        if let Some(dir) = self.dir {
            let name = |n: usize| dir.join(self.name(n)).display().to_string();
            let files = if games == 1 {
                name(1)
            } else {
                format!("{} .. {}", name(1), name(games))
            };
            let _ = writeln!(
                text,
                "wrote {files} and {}",
                dir.join("summary.json").display()
            );
        } else if self.format == Format::Human {
            let _ = writeln!(
                text,
                "the games were not written: --out DIR writes them as {}, --format json prints them",
                self.what
            );
        }
        let _ = writeln!(
            text,
            "{games} game{} in {elapsed:.2} s ({:.0} games/s, {:.0} moves/s)",
            if games == 1 { "" } else { "s" },
            games as f64 / elapsed.max(1e-9),
            moves as f64 / elapsed.max(1e-9),
        );
        eprint!("{text}");
        Ok(Status::Success)
    }
}

/// Create `dir`, or check that it holds no games of an earlier run (with
/// `force`, remove them).
fn prepare_dir(dir: &Path, force: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut old: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(is_ours))
        .collect();
    if old.is_empty() {
        return Ok(());
    }
    if !force {
        old.sort();
        return Err(format!(
            "{} already holds games of an earlier run ({}{}); use --force to replace them",
            dir.display(),
            old[0].display(),
            if old.len() > 1 { ", ..." } else { "" }
        ));
    }
    for path in old {
        std::fs::remove_file(&path)
            .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    Ok(())
}

/// `game-<digits>.txt`, `game-<digits>.sgf` or `summary.json`: the files
/// `selfplay` writes.
fn is_ours(name: &str) -> bool {
    name == "summary.json"
        || name
            .strip_prefix("game-")
            .and_then(|rest| rest.strip_suffix(".txt").or(rest.strip_suffix(".sgf")))
            .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// A seed from the clock (and the process), short enough to type again.
pub(super) fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    u64::from(nanos ^ std::process::id().rotate_left(16)) % 1_000_000
}
