//! What every game's `selfplay` shares: where a run writes (`--out DIR`
//! and its files, `summary.json`), the threads and the order of the
//! games, the summary on standard error, and [`play_set`], the loop of a
//! run of games written once over what a game plays ([`Set`]). Also the
//! words of what a cover reaches (`selfplay --cover`) and the seed from
//! the clock.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Instant;

use asalto_core::coverage::Report;
use asalto_core::json::Head;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use super::args::common::Format;
use super::out::{Out, Status, WriteError, error};

/// The head of every game's `summary.json`: `asalto-selfplay`, version 1,
/// the game and its rule profile.
pub const fn summary_head(game: &'static str, rules: &'static str) -> Head {
    Head::of(asalto_core::json::Kind::Selfplay, game, rules)
}

/// Why a run of games stopped early: a file that could not be written
/// (exit 2; said when the run's output is done, after any progress bar is
/// cleared), or standard output.
pub enum Stop {
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
    pub fn into_result(self) -> Result<Status, WriteError> {
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
pub fn write_game<T: AsRef<str>>(
    dir: Option<&Path>,
    name: &str,
    text: impl FnOnce() -> T,
) -> Result<Option<String>, Stop> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let path = dir.join(name);
    match std::fs::write(&path, text().as_ref()) {
        Ok(()) => Ok(Some(path.display().to_string())),
        Err(e) => Err(Stop::Unwritable(path, e)),
    }
}

/// A game's line of `--format json`.
pub fn json_line(out: &mut Out, game: &impl Serialize) -> Result<(), Stop> {
    Ok(out.line(&serde_json::to_string(game).unwrap_or_default())?)
}

/// The threads of a run: `jobs` (0: one per core).
pub fn thread_pool(jobs: usize) -> Result<rayon::ThreadPool, Stop> {
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
pub fn play_in_chunks<P: Send>(
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
pub fn write_summary(dir: &Path, summary: &impl Serialize) -> Result<(), Stop> {
    let path = dir.join("summary.json");
    let text = serde_json::to_string_pretty(summary).unwrap_or_default() + "\n";
    std::fs::write(&path, text).map_err(|e| Stop::Unwritable(path, e))
}

/// Where a run of games writes, and how it reports.
pub struct Output<'a> {
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
    pub fn name(&self, n: usize) -> String {
        let width = self.games.to_string().len().max(4);
        format!("game-{n:0width$}.{}", self.extension)
    }

    /// Whether this run writes a file named `name` (game `n` of
    /// `1..=games`, numbered as [`Output::name`] numbers it).
    fn writes(&self, name: &str) -> bool {
        name.strip_prefix("game-")
            .and_then(|rest| rest.strip_suffix(self.extension))
            .and_then(|rest| rest.strip_suffix('.'))
            .and_then(|digits| digits.parse::<usize>().ok())
            .is_some_and(|n| (1..=self.games).contains(&n) && self.name(n) == name)
    }

    /// End the run: unless `--quiet`, `head` (the game's summary of its
    /// totals) then the files written (or how to write them) and the
    /// speed, from the `moves` played in `elapsed` seconds, on standard
    /// error; the exit status. A run that stopped says why.
    /// The frame of every game's run: prepare `--out DIR` (with `force`,
    /// replacing an earlier run's games; see [`prepare_dir`]), then `play`
    /// (the human summary, the moves and the seconds) and
    /// [`Output::finish`].
    pub fn run(
        &self,
        force: bool,
        play: impl FnOnce() -> Result<(String, usize, f64), Stop>,
    ) -> Result<Status, WriteError> {
        if let Some(dir) = self.dir {
            if let Err(message) = prepare_dir(dir, force, |name| self.writes(name)) {
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

/// Create `dir`, or check that it holds no games of an earlier run. With
/// `force`, remove the earlier run's files that this run does not write
/// again (`rewritten` says which it does) and its summary; the others are
/// overwritten in place as the games are played, which costs a third of
/// removing and creating them again. A run that stops early leaves no
/// summary, so its folder never passes for a whole run.
fn prepare_dir(dir: &Path, force: bool, rewritten: impl Fn(&str) -> bool) -> Result<(), String> {
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
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name != "summary.json" && rewritten(name) {
            continue;
        }
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
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    u64::from(nanos ^ std::process::id().rotate_left(16)) % 1_000_000
}

/// The most games `selfplay --cover` plays unless `--games` says.
pub const COVER_GAMES: usize = 1000;

/// The end of a cover's summary: when something was not reached in the
/// `played` games, a line that says so, then each situation missing
/// (with its sentence) and each impossible under the rules in force
/// (with why).
pub fn closing(report: &Report, played: usize) -> String {
    let mut text = String::new();
    if !report.missing.is_empty() {
        let _ = writeln!(
            text,
            "  not reached in {played} games (a larger --games, or another --seed, may reach them):"
        );
    }
    text + &summary_lines(report, "  ")
}

/// The exit status of a cover whose files were written with `status`:
/// 1 when a situation was not reached.
pub fn cover_status(status: Status, report: &Report) -> Status {
    match status {
        Status::Success if !report.missing.is_empty() => Status::Failure,
        other => other,
    }
}

/// The situations missing (each with its sentence) and those impossible
/// under the rules in force (with why), a line each.
fn summary_lines(report: &Report, indent: &str) -> String {
    let mut text = String::new();
    for e in &report.missing {
        let _ = writeln!(text, "{indent}missing: {} ({})", e.code, e.description);
    }
    for i in &report.impossible {
        let _ = writeln!(
            text,
            "{indent}cannot happen: {} ({}): {}",
            i.entry.code, i.entry.description, i.why
        );
    }
    text
}

/// Play with `play(n)` the games `1..=most`, `chunk` at a time on `pool`,
/// handing each to `offer` in order until it says the set is complete:
/// the number of the last game offered. The games offered, and so the
/// set, do not depend on the threads.
pub fn offer_in_order<P: Send>(
    pool: &rayon::ThreadPool,
    most: usize,
    play: impl Fn(usize) -> P + Sync,
    mut offer: impl FnMut(P) -> bool,
) -> usize {
    let chunk = 4 * pool.current_num_threads().max(1);
    let mut played = 0;
    while played < most {
        let last = (played + chunk).min(most);
        let games: Vec<P> =
            pool.install(|| (played + 1..=last).into_par_iter().map(&play).collect());
        for game in games {
            played += 1;
            if offer(game) {
                return played;
            }
        }
    }
    played
}

/// What a game plays in a run of `selfplay`, for [`play_set`]: its games
/// one by one (game `n` from the run's seed and `n`, so the set does not
/// depend on the threads), and what is written of each and of the run.
pub trait Set: Sync {
    /// One game played.
    type Game: Send;
    /// What the run counts.
    type Totals: Default;
    /// One game in `summary.json`.
    type Result: Serialize;
    /// Games a thread plays at a time (memory holds this many per thread).
    const PER_THREAD: usize = 16;

    /// Play game `n` (from 1).
    fn play(&self, n: usize) -> Self::Game;
    /// The game's number.
    fn number(game: &Self::Game) -> usize;
    /// The text of its file (its record).
    fn text<'g>(&self, game: &'g Self::Game) -> Cow<'g, str>;
    /// Its line of `--format json`, naming its file as written (`file`,
    /// when one is; `name` is its name in DIR).
    fn json(
        &self,
        game: &Self::Game,
        file: Option<String>,
        name: &str,
        out: &mut Out,
    ) -> Result<(), Stop>;
    /// Count it.
    fn add(totals: &mut Self::Totals, game: &Self::Game);
    /// Its entry in `summary.json`, naming its file relative to DIR.
    fn result(&self, game: &Self::Game, file: Option<String>) -> Self::Result;
    /// `summary.json`: the run's options, its totals and every game.
    fn summary<'a>(
        &'a self,
        totals: &'a Self::Totals,
        results: &'a [Self::Result],
    ) -> impl Serialize + 'a;
    /// The summary for people (standard error).
    fn people(&self, totals: &Self::Totals) -> String;
    /// The moves played in all.
    fn moves(totals: &Self::Totals) -> usize;
}

/// Play the games of `set` on `jobs` threads (0: one per core) into
/// `output`: each game's file and JSON line in order as the games come,
/// then `summary.json` and the summary for people; a progress bar on a
/// terminal. With `force`, the games of an earlier run in DIR are
/// replaced.
pub fn play_set<S: Set>(
    set: &S,
    output: &Output<'_>,
    jobs: usize,
    force: bool,
    out: &mut Out,
) -> Result<Status, WriteError> {
    output.run(force, || {
        let games = output.games;
        let pool = thread_pool(jobs)?;
        let progress = if !output.quiet && io::stderr().is_terminal() && games > 1 {
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
        let mut totals = S::Totals::default();
        let mut results = Vec::with_capacity(games);
        play_in_chunks(
            &pool,
            S::PER_THREAD,
            games,
            |n| set.play(n),
            |played: Vec<S::Game>| {
                for game in &played {
                    let name = output.name(S::number(game));
                    let file = write_game(output.dir, &name, || set.text(game))
                        .inspect_err(|_| progress.finish_and_clear())?;
                    if output.format == Format::Json {
                        set.json(game, file.clone(), &name, out)?;
                    }
                    S::add(&mut totals, game);
                    // Relative to DIR, where summary.json is.
                    results.push(set.result(game, file.map(|_| name)));
                }
                progress.inc(played.len() as u64);
                Ok(())
            },
        )?;
        progress.finish_and_clear();
        let elapsed = started.elapsed().as_secs_f64();
        if let Some(dir) = output.dir {
            write_summary(dir, &set.summary(&totals, &results))?;
        }
        Ok((set.people(&totals), S::moves(&totals), elapsed))
    })
}
